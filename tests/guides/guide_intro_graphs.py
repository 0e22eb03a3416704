# ruff: noqa: E702, E701, E501, E741, UP031, UP032, UP018, F541  (the cells as written)
# Cells of TF's "Introduction to graphs and tf.function" that tests/guides does not run
# yet: a Python function and its tf.function giving the same values, the graph's operations
# (as_graph_def), polymorphism and concrete functions, run_functions_eagerly with Python
# side effects, non-strict execution (an unused op that would fail is pruned), and a Keras
# model called inside a tf.function.
import tensorflow as tf


def a_regular_function(x, y, b):
    x = tf.matmul(x, y)
    x = x + b
    return x


a_function_that_uses_a_graph = tf.function(a_regular_function)
x1 = tf.constant([[1.0, 2.0]])
y1 = tf.constant([[2.0], [3.0]])
b1 = tf.constant(4.0)
orig_value = a_regular_function(x1, y1, b1).numpy()
tf_function_value = a_function_that_uses_a_graph(x1, y1, b1).numpy()
assert (orig_value == tf_function_value)
print(orig_value, tf_function_value)


def inner_function(x, y, b):
    x = tf.matmul(x, y)
    x = x + b
    return x


@tf.function
def outer_function(x):
    y = tf.constant([[2.0], [3.0]])
    b = tf.constant(4.0)
    return inner_function(x, y, b)


print(outer_function(tf.constant([[1.0, 2.0]])).numpy())


def simple_relu(x):
    if tf.greater(x, 0):
        return x
    else:
        return 0


tf_simple_relu = tf.function(simple_relu)
print("First branch, with graph:", tf_simple_relu(tf.constant(1)).numpy())
print("Second branch, with graph:", tf_simple_relu(tf.constant(-1)).numpy())
print(tf.autograph.to_code(simple_relu).count("ag__.if_stmt"))
graph_def = tf_simple_relu.get_concrete_function(tf.constant(1)).graph.as_graph_def()
print(sorted({n.op for n in graph_def.node}))
print(len(graph_def.node) > 3, [n.name for n in graph_def.node][:1])


@tf.function
def my_relu(x):
    return tf.maximum(0., x)


print(my_relu(tf.constant(5.5)))
print(my_relu([1, -1]))
print(my_relu(tf.constant([3., -3.])))
print(my_relu(tf.constant(-2.5)))
print(my_relu(tf.constant([-1., 1.])))
print(my_relu.experimental_get_tracing_count())
print(my_relu.pretty_printed_concrete_signatures())


@tf.function
def get_MSE(y_true, y_pred):
    print("Calculating MSE!")
    sq_diff = tf.pow(y_true - y_pred, 2)
    return tf.reduce_mean(sq_diff)


y_true = tf.random.uniform([5], maxval=10, dtype=tf.int32, seed=1) if False else tf.constant([1, 9, 4, 2, 7])
y_pred = tf.constant([3, 9, 0, 2, 8])
print(y_true, y_pred)
print(get_MSE(y_true, y_pred))
error = get_MSE(y_true, y_pred)
error = get_MSE(y_true, y_pred)
tf.config.run_functions_eagerly(True)
error = get_MSE(y_true, y_pred)
error = get_MSE(y_true, y_pred)
tf.config.run_functions_eagerly(False)
print(tf.config.functions_run_eagerly())


def unused_return_eager(x):
    tf.gather(x, [1])
    return x


try:
    print(unused_return_eager(tf.constant([0.0])))
except tf.errors.InvalidArgumentError as e:
    print(f'{type(e).__name__}: {e}')


@tf.function
def unused_return_graph(x):
    tf.gather(x, [1])
    return x


print(unused_return_graph(tf.constant([0.0])))


@tf.function
def used_return_graph(x):
    return tf.gather(x, [1])


try:
    used_return_graph(tf.constant([0.0]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).split("\n")[0])

x = tf.random.stateless_uniform([10, 10], seed=[1, 2], minval=-1, maxval=2, dtype=tf.dtypes.int32)


def power(x, y):
    result = tf.eye(10, dtype=tf.dtypes.int32)
    for _ in range(y):
        result = tf.matmul(x, result)
    return result


power_as_graph = tf.function(power)
print(bool(tf.reduce_all(power(x, 10) == power_as_graph(x, 10))), power_as_graph.experimental_get_tracing_count())
print(power_as_graph(x, 3).dtype, power_as_graph.experimental_get_tracing_count())
concrete = power_as_graph.get_concrete_function(x, 2)
print(concrete.structured_input_signature, concrete.output_dtypes if hasattr(concrete, "output_dtypes") else None)
print(sorted({op.type for op in concrete.graph.get_operations()}))
print(len([op for op in concrete.graph.get_operations() if op.type == "MatMul"]))


class SequentialModel(tf.keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.flatten = tf.keras.layers.Flatten(input_shape=(4, 4))
        self.dense_1 = tf.keras.layers.Dense(8, activation="relu")
        self.dropout = tf.keras.layers.Dropout(0.2)
        self.dense_2 = tf.keras.layers.Dense(3)

    def call(self, x):
        x = self.flatten(x)
        x = self.dense_1(x)
        x = self.dropout(x)
        x = self.dense_2(x)
        return x


tf.keras.utils.set_random_seed(4)
input_data = tf.random.uniform([8, 4, 4], seed=3)
eager_model = SequentialModel()
graph_model = tf.function(eager_model)
e = eager_model(input_data)
g = graph_model(input_data)
print(e.shape, bool(tf.reduce_all(tf.abs(e - g) < 1e-6)))
print(graph_model(tf.random.uniform([2, 4, 4], seed=4)).shape, graph_model.experimental_get_tracing_count())
print(type(graph_model).__name__)
cf = graph_model.get_concrete_function(tf.TensorSpec([None, 4, 4], tf.float32))
print(cf.structured_outputs, len(cf.variables), len(cf.trainable_variables))
print(cf(input_data).shape, sorted(tuple(v.shape) for v in cf.trainable_variables))  # (TF lists them in its capture order)
