# Forward-mode autodiff (tf.autodiff.ForwardAccumulator) as TF's guides and API docs use it:
# Jacobian-vector products, forward over backward (Hessian-vector products), backward over
# forward, nested accumulators, structures and tf.function.
import tensorflow as tf

x = tf.Variable(2.0)
y = tf.Variable(3.0)
with tf.autodiff.ForwardAccumulator(primals=x, tangents=tf.constant(1.0)) as acc:
    z = x * y
print(acc.jvp(z))

v = tf.Variable([1., 2.])
with tf.autodiff.ForwardAccumulator(v, tf.constant([1., 3.])) as acc:
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v ** 3.)
    backward = tape.gradient(y, v)
print(backward)
print(acc.jvp(backward))

x = tf.constant([1.0, 2.0])
tangent = tf.constant([1.0, 0.5])
with tf.autodiff.ForwardAccumulator(primals=x, tangents=tangent) as acc:
    y = tf.reduce_sum(tf.sin(x) * x)
print(acc.jvp(y))
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.autodiff.ForwardAccumulator(w, tf.ones_like(w)) as acc:
    out = tf.matmul(w, w)
print(acc.jvp(out))
print(acc.jvp(tf.constant(3.0)))
print(acc.jvp(tf.constant(3.0), unconnected_gradients=tf.UnconnectedGradients.ZERO))

primal = tf.constant([1.0, 2.0, 3.0])
direction = tf.constant([1.0, 0.0, 0.0])
with tf.GradientTape() as tape:
    tape.watch(primal)
    with tf.autodiff.ForwardAccumulator(primal, direction) as acc:
        y = tf.reduce_sum(tf.square(primal) * primal)
    jvp = acc.jvp(y)
print(jvp, tape.gradient(jvp, primal))

with tf.autodiff.ForwardAccumulator(x, tangent) as outer:
    with tf.autodiff.ForwardAccumulator(x, tangent) as inner:
        y = tf.reduce_sum(x ** 3)
    first = inner.jvp(y)
print(first, outer.jvp(first))

with tf.autodiff.ForwardAccumulator([x, w], [tangent, tf.zeros_like(w)]) as acc:
    z = {"a": x * 2, "b": tf.reduce_sum(w)}
print(acc.jvp(z))


@tf.function
def jvp_of_tanh(x):
    with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
        y = tf.tanh(x)
    return acc.jvp(y)


print(jvp_of_tanh(tf.constant([0.0, 1.0])))
with tf.autodiff.ForwardAccumulator(x, tangent) as acc:
    y = tf.stop_gradient(x) * x
    n = tf.cast(x, tf.int32)
print(acc.jvp(y), acc.jvp(n))
