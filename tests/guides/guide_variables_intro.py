# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# TF's "Introduction to Variables" guide, its cells as written, and what a user tries next:
# a variable's properties and reprs for several dtypes, assign/assign_add/assign_sub (and
# the shape and dtype they refuse), copies vs shared values, names and uniquification,
# trainable and synchronization/aggregation, device placement, shape=None variables,
# variables in tf.function, and their conversion by ops.
import numpy as np
import tensorflow as tf


def show(label, fn):
    try:
        r = fn()
        print(label, r)
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e).splitlines()[0][:200])


my_tensor = tf.constant([[1.0, 2.0], [3.0, 4.0]])
my_variable = tf.Variable(my_tensor)
bool_variable = tf.Variable([False, False, False, True])
complex_variable = tf.Variable([5 + 4j, 6 + 1j])
print(my_variable); print(bool_variable); print(complex_variable)
print("Shape: ", my_variable.shape)
print("DType: ", my_variable.dtype)
print("As NumPy: ", my_variable.numpy())
print("A variable:", my_variable)
print("\nViewed as a tensor:", tf.convert_to_tensor(my_variable))
print("\nIndex of highest value:", tf.math.argmax(my_variable))
print("\nCopying and reshaping: ", tf.reshape(my_variable, [1, 4]))
a = tf.Variable([2.0, 3.0])
a.assign([1, 2])
show('resize:', lambda: a.assign([1.0, 2.0, 3.0]))
a = tf.Variable([2.0, 3.0])
b = tf.Variable(a)
a.assign([5, 6])
print(a.numpy()); print(b.numpy())
print(a.assign_add([2, 3]).numpy()); print(a.assign_sub([7, 9]).numpy())
my_tensor = tf.constant([[1.0, 2.0], [3.0, 4.0]])
a = tf.Variable(my_tensor, name="Mark")
b = tf.Variable(my_tensor + 1, name="Mark")
print(a == b)
print(a.name, b.name)
step_counter = tf.Variable(1, trainable=False)
print(step_counter.trainable, step_counter.dtype)
with tf.device('CPU:0'):
    a = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    b = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    c = tf.matmul(a, b)
print(c)
print(a.device.endswith('CPU:0'), c.device.endswith('CPU:0'))

# more than the guide: properties, errors, dtypes
v = tf.Variable(1.5, name='scale')
print(v.name, v.shape, v.dtype, v.trainable, v.synchronization, v.aggregation)
print(repr(v)); print(str(v))
print(v.read_value()); print(v.value()); print(float(v)); print(v + 1); print(2 * v); print(v ** 2); print(-v)
print(v.numpy().dtype, type(v.numpy()).__name__)
show('assign wrong dtype:', lambda: v.assign(tf.constant(1, tf.int32)))
show('assign string:', lambda: v.assign('x'))
show('int variable from float:', lambda: tf.Variable(1, dtype=tf.int32).assign(1.5))
show('variable of None:', lambda: tf.Variable(None))
show('variable bad dtype:', lambda: tf.Variable([1.5], dtype=tf.int32))
iv = tf.Variable([1, 2, 3])
print(iv.dtype, iv.assign_add([1, 1, 1]).numpy())
print(tf.Variable(np.array([1.0, 2.0])).dtype, tf.Variable(np.float32(2)).dtype, tf.Variable(3).dtype, tf.Variable(3.0, dtype=tf.float64).dtype)
print(tf.Variable(['a', 'bc']))
sv = tf.Variable(tf.zeros([2, 2]), shape=tf.TensorShape(None))
print(sv.shape)
sv.assign(tf.ones([3]))
print(sv.shape, sv.numpy())
dv = tf.Variable(tf.zeros([2, 3]), shape=[None, 3])
dv.assign(tf.ones([4, 3]))
print(dv.shape, dv.value().shape)
show('assign incompatible to [None, 3]:', lambda: dv.assign(tf.ones([4, 2])))
nv = tf.Variable(tf.zeros([2]), trainable=False, name='nt')
print(nv.trainable, nv.name)
show('trainable on_read:', lambda: tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ, trainable=True))
ov = tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ, aggregation=tf.VariableAggregation.MEAN)
print(ov.trainable, ov.synchronization, ov.aggregation)
x = tf.Variable([[1, 2], [3, 4]])
print(x[0]); print(x[:, 1]); print(x[1, 0].numpy())
x[0, 1].assign(20)
print(x.numpy())
x[1].assign([30, 40])
print(x.numpy())
print(x.scatter_nd_update([[0, 0]], [100]).numpy())
print(tf.reduce_sum(x), tf.shape(x), tf.size(x))
print(isinstance(x, tf.Variable), isinstance(x, tf.Tensor), tf.is_tensor(x))
print(x.get_shape()); show('initial_value:', lambda: x.initial_value)
counter = tf.Variable(0)


@tf.function
def count(n):
    for _ in tf.range(n):
        counter.assign_add(1)
    return counter.read_value()


print(count(tf.constant(3))); print(count(tf.constant(2))); print(counter.numpy())
with tf.GradientTape() as tape:
    y = v * v + nv[0]
print(tape.gradient(y, [v, nv]))
print([var.name for var in tape.watched_variables()])
print(tf.Variable(1.0, name='a/b').name, tf.Variable(1.0, name='x:0').name if False else None)
with tf.name_scope('scope'):
    print(tf.Variable(1.0, name='w').name)
