# ruff: noqa: E501, E701, E702, E731, E741, PLW0603  (the cells as written)
"""Cells of TF's "Random number generation" and "Introduction to gradients and automatic
differentiation" guides that guide_random*.py and guide_autodiff*.py leave out: a
generator made inside a tf.function on its first call, generators and variables passed as
tf.function arguments (retraces), set_global_generator, from_key_counter, uniform_full_int,
binomial, the THREEFRY algorithm and create_rng_state, a generator saved in a checkpoint and
in a SavedModel made under a MirroredStrategy and loaded back; a NumPy step inside a tape,
the IndexedSlices gradient of a gather, and a custom gradient kept in a SavedModel."""

import numpy as np
import tensorflow as tf

physical_devices = tf.config.list_physical_devices("CPU")
tf.config.experimental.set_virtual_device_configuration(
    physical_devices[0], [
        tf.config.experimental.VirtualDeviceConfiguration(),
        tf.config.experimental.VirtualDeviceConfiguration(),
        tf.config.experimental.VirtualDeviceConfiguration()
    ])

g = tf.random.Generator.from_seed(1)


@tf.function
def foo():
    return g.normal([])


print(foo())

g = None


@tf.function
def foo():
    global g
    if g is None:
        g = tf.random.Generator.from_seed(1)
    return g.normal([])


print(foo())
print(foo())
print(foo.experimental_get_tracing_count())

num_traces = 0


@tf.function
def foo(g):
    global num_traces
    num_traces += 1
    return g.normal([])


print(foo(tf.random.Generator.from_seed(1)))
print(foo(tf.random.Generator.from_seed(2)))
print(num_traces)

num_traces = 0


@tf.function
def foo(v):
    global num_traces
    num_traces += 1
    return v.read_value()


print(foo(tf.Variable(1)))
print(foo(tf.Variable(2)))
print(num_traces)

g = tf.random.Generator.from_seed(7)
tf.random.set_global_generator(g)
print(tf.random.get_global_generator() is g, tf.random.get_global_generator().normal([2]))
g = tf.random.Generator.from_key_counter(key=3, counter=[0, 0], alg="philox")
print(g.state, g.key, g.algorithm)
print(g.uniform_full_int([3], dtype=tf.int64), g.uniform_full_int([2], dtype=tf.uint32))
print(g.binomial([2], counts=[10., 20.], probs=[0.5, 0.3]))
print(g.make_seeds(2))
try:  # (TF 2.21's stateless ops hand THREEFRY a one-word counter, which its kernel refuses)
    print(tf.random.stateless_uniform([3], seed=[1, 2], alg="threefry"))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e.message)
print(tf.random.create_rng_state(5, "philox"), tf.random.create_rng_state(5, "threefry"))
print(tf.random.stateless_binomial([3], seed=[1, 2], counts=10., probs=0.5), tf.random.stateless_poisson([2], seed=[1, 2], lam=3.0))
print(tf.random.stateless_gamma([2], seed=[1, 2], alpha=[1.0, 2.0]), tf.random.stateless_parameterized_truncated_normal([3], seed=[1, 2], means=0.0, stddevs=1.0, minvals=-1.0, maxvals=1.0))

filename = "./checkpoint"
g = tf.random.Generator.from_seed(1)
cp = tf.train.Checkpoint(generator=g)
print(g.normal([]))
cp.write(filename)
print("RNG stream from saving point:")
print(g.normal([]))
print(g.normal([]))
cp.restore(filename)
print("RNG stream from restoring point:")
print(g.normal([]))
print(g.normal([]))


class MyModule(tf.Module):
    def __init__(self):
        self.g = tf.random.Generator.from_seed(0)

    @tf.function
    def __call__(self):
        return self.g.normal([])

    @tf.function
    def state(self):
        return self.g.state


strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
    m = MyModule()
    print(strat.run(m))
    print("state:", m.state())
with strat.scope():
    filename = "./saved_model"
    tf.saved_model.save(m, filename)
    print("RNG stream from saving point:")
    print(strat.run(m))
    print("state:", m.state())
    print(strat.run(m))
    print("state:", m.state())
imported = tf.saved_model.load(filename)
print("RNG stream from loading point:")
print("state:", imported.state())
print(imported())
print("state:", imported.state())
print(imported())
print("state:", imported.state())

# -- gradients
x = tf.Variable([[1.0, 2.0],
                 [3.0, 4.0]], dtype=tf.float32)
with tf.GradientTape() as tape:
    x2 = x**2
    # This step is calculated with NumPy
    y = np.mean(x2, axis=0)
    # Like most ops, reduce_mean will cast the NumPy array to a constant tensor
    # using `tf.convert_to_tensor`.
    y = tf.reduce_mean(y, axis=0)
print(tape.gradient(y, x))
print(type(y).__name__, type(x2).__name__)

table = tf.Variable(tf.reshape(tf.range(12.0), (4, 3)))
with tf.GradientTape() as tape:
    rows = tf.gather(table, [0, 2, 2])
    loss = tf.reduce_sum(rows * rows)
grad = tape.gradient(loss, table)
print(type(grad).__name__, grad.indices, grad.values.shape, grad.dense_shape)
print(tf.convert_to_tensor(grad))
opt = tf.keras.optimizers.SGD(0.1)
opt.apply_gradients([(grad, table)])
print(table[2])


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


v = tf.Variable(2.0)
with tf.GradientTape() as t:
    output = clip_gradients(v * v)
print(t.gradient(output, v))


class MyClipModule(tf.Module):

    @tf.function(input_signature=[tf.TensorSpec([])])
    def call_custom_grad(self, x):
        return clip_gradients(x)


model = MyClipModule()
tf.saved_model.save(
    model,
    'saved_model_custom',
    options=tf.saved_model.SaveOptions(experimental_custom_gradients=True))
v = tf.Variable(2.0)
loaded = tf.saved_model.load('saved_model_custom')
with tf.GradientTape() as t:
    output = loaded.call_custom_grad(v * v)
print(t.gradient(output, v))
tf.saved_model.save(
    model,
    'saved_model_plain',
    options=tf.saved_model.SaveOptions(experimental_custom_gradients=False))
loaded = tf.saved_model.load('saved_model_plain')
with tf.GradientTape() as t:
    output = loaded.call_custom_grad(v * v)
print(t.gradient(output, v))
