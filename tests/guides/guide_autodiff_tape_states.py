# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# "Advanced automatic differentiation" around a tape's and an accumulator's states:
# stop_recording on a tape not entered, exited or already stopped, objects a tape can't
# watch, and tf.autodiff.ForwardAccumulator's primals (a variable's `.value` or an
# assignment's result stands for the variable, a primal given twice, structures that
# differ, integer primals, a Keras variable).
import logging
import sys

import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).splitlines()[0])


handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("LOG %(levelname)s %(message)s"))
tf.get_logger().addHandler(handler)

x = tf.Variable(2.0)
def never_entered():
    with tf.GradientTape().stop_recording(): pass
show("stop_recording before entering", never_entered)
def stopped_twice():
    with tf.GradientTape() as t:
        with t.stop_recording():
            with t.stop_recording(): pass
show("stop_recording while stopped", stopped_twice)
def after_exit():
    with tf.GradientTape() as t:
        t.watch(x)
    with t.stop_recording(): pass
show("stop_recording after exit", after_exit)
with tf.GradientTape() as t:
    a = x * 3.0
    with t.stop_recording():
        b = x * 5.0
    c = a + b
print("recorded around a stop:", t.gradient(c, x))
for obj in ["abc", 3, [1.0, 2.0], None]:
    def watch(obj=obj):
        with tf.GradientTape() as t:
            t.watch(obj)
    show(f"watch {obj!r}", watch)
with tf.GradientTape() as t:
    t.watch(tf.constant([1, 2]))
print("watched an int tensor")

# ForwardAccumulator's primals
layer = tf.keras.layers.Dense(2, kernel_initializer="ones")
layer.build([None, 3])
inp = tf.constant([[1.0, 2.0, 3.0]])
with tf.autodiff.ForwardAccumulator(layer.kernel.value, tf.ones([3, 2])) as acc:
    out = layer(inp)
    out2 = tf.matmul(inp, layer.kernel)
print("jvp through the layer:", acc.jvp(out), acc.jvp(out2))
show("a Keras variable as primal", lambda: tf.autodiff.ForwardAccumulator(layer.kernel, tf.ones([3, 2])))
v = tf.Variable([1.0, 2.0])
with tf.autodiff.ForwardAccumulator(v.assign([3.0, 4.0]), tf.constant([1.0, 0.0])) as acc:
    y = v * v
print("jvp for an assignment's result:", acc.jvp(y))
w = tf.constant([1.0, 2.0])
show("a primal twice", lambda: tf.autodiff.ForwardAccumulator([w, w], [w, w]))
show("structures differ", lambda: tf.autodiff.ForwardAccumulator([w, tf.constant(2.0)], [w]))
show("dict against list", lambda: tf.autodiff.ForwardAccumulator({"a": w}, [w]))
show("tangent dtype", lambda: tf.autodiff.ForwardAccumulator(w, tf.constant([1, 2])))
for i in range(7):
    acc = tf.autodiff.ForwardAccumulator(tf.constant([i, 2]), tf.constant([1, 1]))
print("integer primals watched")
with tf.autodiff.ForwardAccumulator({"p": w, "q": tf.constant(3.0)}, {"p": tf.constant([1.0, 1.0]), "q": tf.constant(2.0)}) as acc:
    z = tf.reduce_sum(w * w)
print("dict primals:", acc.jvp(z))
def reenter():
    acc = tf.autodiff.ForwardAccumulator(w, w)
    with acc:
        with acc: pass
show("reenter", reenter)
def after_gradient(persistent):
    with tf.GradientTape(persistent=persistent) as t:
        y = x * x
    t.gradient(y, x)
    with t.stop_recording(): pass
show("stop_recording after a gradient", lambda: after_gradient(False))
show("stop_recording after a persistent tape's gradient", lambda: after_gradient(True))
def reset_outside():
    with tf.GradientTape() as t:
        t.watch(x)
    t.reset()
show("reset after exit", reset_outside)
def reset_while_stopped():
    with tf.GradientTape() as t:
        with t.stop_recording():
            t.reset()
show("reset while stopped", reset_while_stopped)
show("reset before entering", lambda: tf.GradientTape().reset())
with tf.GradientTape(persistent=True) as t:
    y = x * x
    t.reset()
    z = x * 4.0
print("after a reset:", t.gradient(y, x), t.gradient(z, x))
