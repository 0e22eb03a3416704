# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# "Mixed precision" where a float16 value meets a float32 Keras variable (the loss scale,
# a float32 weight outside a layer call): a Keras 3 variable's operators promote as
# keras.ops do, and a tensor's operators hand such a variable its reflected operator
# (except `+`, whose conversion TF's tensors do without a dtype); LossScaleOptimizer's
# scale_loss of a float16 loss, and its refusal of a non-optimizer.
import numpy as np
import tensorflow as tf

keras = tf.keras


def show(label, fn):
    try:
        r = fn()
        print(label, "->", r if not hasattr(r, "dtype") else (np.round(r.numpy().astype("float64"), 4).tolist(), r.dtype.name if hasattr(r.dtype, "name") else r.dtype))
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).splitlines()[0][:200])


v = keras.Variable(3.0)
vi = keras.Variable(2)
h = tf.constant(2.0, tf.float16)
i = tf.constant(2)
for label, fn in [("h * v", lambda: h * v), ("v * h", lambda: v * h), ("h - v", lambda: h - v),
                  ("v - h", lambda: v - h), ("h / v", lambda: h / v), ("v / h", lambda: v / h),
                  ("h // v", lambda: h // v), ("h % v", lambda: h % v), ("h ** v", lambda: h ** v),
                  ("v ** h", lambda: v ** h), ("v + h", lambda: v + h), ("h + v", lambda: h + v),
                  ("i * v", lambda: i * v), ("v * i", lambda: v * i), ("i - v", lambda: i - v),
                  ("h * vi", lambda: h * vi), ("vi * h", lambda: vi * h), ("vi * 2.5", lambda: vi * 2.5),
                  ("2.5 * vi", lambda: 2.5 * vi), ("vi * 2", lambda: vi * 2), ("v * 2", lambda: v * 2),
                  ("v * np.float16(2)", lambda: v * np.float16(2)), ("v * v", lambda: v * v)]:
    show(label, fn)


@tf.function
def traced(x):
    return x * v, v * x, x - v


show("traced", lambda: [t.dtype.name for t in traced(h)])

mp = keras.mixed_precision
lso = mp.LossScaleOptimizer(keras.optimizers.SGD(0.1))
show("unbuilt scale of a float16 loss", lambda: lso.scale_loss(tf.constant(2.0, tf.float16)))
show("unbuilt scale of a float32 loss", lambda: lso.scale_loss(tf.constant(2.0)))
w = keras.Variable([1.0, 2.0])
lso.build([w])
show("built scale of a float16 loss", lambda: lso.scale_loss(tf.constant(2.0, tf.float16)))
show("built scale of a float32 loss", lambda: lso.scale_loss(tf.constant(2.0)))
show("the scale times a float16 loss", lambda: tf.constant(2.0, tf.float16) * lso.dynamic_scale)
show("a string as inner optimizer", lambda: mp.LossScaleOptimizer("sgd"))
show("inner loss_scale_factor", lambda: lso.inner_optimizer.loss_scale_factor)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.cast(w, tf.float16) ** 2)
    scaled = lso.scale_loss(loss)
grads = tape.gradient(scaled, [w])
show("scaled loss", lambda: scaled)
lso.apply(grads, [w])
show("after a step", lambda: w.value)
