# Cells of TF's variables guide, with what assign returns (UnreadVariable views that chain),
# and the smaller APIs of issue 21: tf.bitwise, tf.bitcast, tf.ensure_shape and the
# initializers of the tf namespace.
import tensorflow as tf

my_tensor = tf.constant([[1.0, 2.0], [3.0, 4.0]])
my_variable = tf.Variable(my_tensor)
bool_variable = tf.Variable([False, False, False, True])
complex_variable = tf.Variable([5 + 4j, 6 + 1j])
print("Shape: ", my_variable.shape)
print("DType: ", my_variable.dtype)
print("As NumPy: ", my_variable.numpy())
print("A variable:", my_variable)
print("\nViewed as a tensor:", tf.convert_to_tensor(my_variable))
print("\nIndex of highest value:", tf.math.argmax(my_variable))
print("Copying and reshaping: ", tf.reshape(my_variable, [1, 4]))

a = tf.Variable([2.0, 3.0])
print(a.assign([1, 2]))
try:
    a.assign([1.0, 2.0, 3.0])
except Exception as e:
    print(f"{type(e).__name__}: {e}")
a = tf.Variable([2.0, 3.0])
b = tf.Variable(a)
a.assign([5, 6])
print(a.numpy())
print(b.numpy())
print(a.assign_add([2, 3]).numpy())
print(a.assign_sub([7, 9]).numpy())
a = tf.Variable(my_tensor, name="Mark")
b = tf.Variable(my_tensor + 1, name="Mark")
print(a == b)

v = tf.Variable(1.0)
unread = v.assign(2.0)
print(repr(unread), unread.name, type(unread).__name__)
print(repr(v.assign(3.0).assign_add(1.0)), repr(v))
v.assign(10.0)
print(unread.numpy(), unread + 1)
print(v.assign_sub(1.0, read_value=False))
w = tf.Variable([1, 2], name="w")
print(repr(w.assign([3, 4]).assign_sub([1, 1]).assign([7, 8])), repr(w))

print(tf.bitwise.bitwise_and(tf.constant([5, 3]), tf.constant([3, 6])))
print(tf.bitwise.bitwise_or(5, 3),
      tf.bitwise.bitwise_xor(tf.constant(5, tf.uint8), tf.constant(3, tf.uint8)))
print(tf.bitwise.invert(tf.constant([0, 5], tf.int8)))
print(tf.bitwise.left_shift(tf.constant([1, -1, 3]), tf.constant([2, 31, 33])))
print(tf.bitwise.right_shift(tf.constant([-8, 8, 16]), tf.constant([1, 2, 40])))
print(tf.bitcast(tf.constant([1.0, 2.0]), tf.int32))
print(tf.bitcast(tf.constant([1.0, 2.0]), tf.uint8))
print(tf.bitcast(tf.constant([[1, 2, 3, 4]], tf.uint8), tf.int32))
print(tf.bitcast(tf.constant([1 + 2j], tf.complex64), tf.float32))
print(tf.ensure_shape(tf.constant([[1, 2]]), [None, 2]))
try:
    tf.ensure_shape(tf.constant([1, 2]), [3])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e))


@tf.function(input_signature=[tf.TensorSpec([None, None])])
def refine(x):
    y = tf.ensure_shape(x, [None, 3])
    print("traced shape:", y.shape)
    return y


print(refine(tf.ones((2, 3))).shape)

print(tf.constant_initializer(3.)(shape=[2, 2]))
print(tf.constant_initializer([1, 2, 3, 4])(shape=[2, 2], dtype=tf.int32))
print(tf.zeros_initializer()([2], tf.int32), tf.ones_initializer()(shape=(1, 2)))
print(tf.random_normal_initializer(0., 2., seed=3).get_config())
print(tf.random_uniform_initializer().get_config(), tf.zeros_initializer().get_config())
print(tf.random_normal_initializer(seed=2)([2]).shape,
      tf.random_uniform_initializer(0, 10, seed=1)([3], dtype=tf.int32).dtype)
print(tf.Variable(tf.ones_initializer()(shape=[2])))
