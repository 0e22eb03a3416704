"""tf.function programs whose results and errors TF 2.21 prints (record_programs.py keeps
them in function_golden.txt; test_programs.py runs them under eagerflow): variables made
on the first call from its arguments, and concrete functions called with tensors of
another dtype.

    python function_program.py tf|ef     (from this folder: frames name the file)
"""

from program import show, tf

# -- variables made inside a function ---------------------------------------------------
made = []


@tf.function
def lazy_from_argument(x):
    if not made:
        made.append(tf.Variable(x * 2))
    return made[0] + x


show("made from the first call's argument", lambda: lazy_from_argument(tf.constant(2.0)))
show("then read by later calls", lambda: lazy_from_argument(tf.constant(5.0)))
show("its value", lambda: made[0].numpy())


class Scaler(tf.Module):
    def __init__(self):
        self.w = None

    @tf.function
    def __call__(self, x):
        if self.w is None:
            self.w = tf.Variable(x + 1.0)
        self.w.assign_add(x)
        return self.w * 2


scaler = Scaler()
show("a module's lazy variable", lambda: scaler(tf.constant([1.0, 2.0])).numpy())
show("a module's lazy variable, again", lambda: scaler(tf.constant([1.0, 1.0])).numpy())
show("the module's variables", lambda: [v.numpy() for v in scaler.variables])


@tf.function
def every_call(x):
    v = tf.Variable(1.0)
    return v + x


show("a variable made on every call", lambda: every_call(tf.constant(1.0)))


@tf.function
def each_call_from_argument(x):
    v = tf.Variable(x)
    return v.read_value()


show("made from the argument on every call", lambda: each_call_from_argument(tf.constant(1.0)))


# -- concrete functions called with other dtypes ----------------------------------------
@tf.function
def with_python_args(x, y=1, *, z=2):
    return x * y + z


cf = with_python_args.get_concrete_function(tf.TensorSpec([None], tf.float32))
show("concrete function, right dtype", lambda: cf(tf.constant([1.0, 2.0])).numpy())
show("concrete function, int32 tensor", lambda: cf(tf.constant([1, 2])))
show("concrete function, float64 tensor", lambda: cf(tf.constant([1.0], tf.float64)))
show("concrete function, Python list", lambda: cf([1, 2]).numpy())
lam = tf.function(lambda x, y: (x, y)).get_concrete_function(
    tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int64))
show("two inputs swapped", lambda: lam(tf.constant(1, tf.int64), tf.constant(1, tf.int32)))


# -- operations a function makes --------------------------------------------------------
@tf.function
def grouped(x):
    op = tf.no_op()
    group = tf.group(x * 2, op)
    print("in the graph:", type(op).__name__, op.name, type(group).__name__, group.name)
    with tf.control_dependencies([group]):
        return x + 1


show("tf.no_op and tf.group in a function", lambda: grouped(tf.constant(1)).numpy())
show("tf.no_op eagerly", lambda: tf.no_op())
show("a function returning an operation", lambda: tf.function(lambda: tf.no_op())())


# -- a cast TF has no kernel for: refused eagerly, built in a graph and failing when run --
@tf.function
def cast_to_string(x):
    return tf.cast(x, tf.string)


@tf.function
def packed_with_a_cast(x):
    return tf.convert_to_tensor([x, x], dtype_hint=tf.string)


show("a cast to string eagerly", lambda: tf.cast(tf.constant(1.5), tf.string))
show("a cast to string in a function", lambda: cast_to_string(tf.constant(1.5)))
show("a list packed with a cast", lambda: packed_with_a_cast(tf.constant(1.5)))
