"""Programs whose tf.functions capture eager tensors, variables and Python values, run
by TF 2.21 (record_captures_golden.py) and by eagerflow (test_captures.py) alike. Each
defines `cf`, the concrete function to describe."""

CASES = {
    "eager_tensor": """
c = tf.constant([1.0, 2.0])
@tf.function
def f(x):
    return x * c + c
cf = f.get_concrete_function(tf.TensorSpec([2]))
""",
    "variable": """
v = tf.Variable([1.0, 2.0])
@tf.function
def f(x):
    return x * v + 1.0
cf = f.get_concrete_function(tf.TensorSpec([2]))
""",
    "large_array": """
big = tf.constant(np.arange(2000, dtype=np.float32).reshape(20, 100))
@tf.function
def f(x):
    return tf.matmul(x, big)
cf = f.get_concrete_function(tf.TensorSpec([None, 20]))
""",
    "threshold": """
small = tf.constant(np.ones(128, np.float32))
large = tf.constant(np.ones(129, np.float32))
@tf.function
def f(x):
    return x[:128] + small, x + large
cf = f.get_concrete_function(tf.TensorSpec([129]))
""",
    "large_strings": """
st = tf.constant(np.array(["ab"] * 200))
@tf.function
def f(x):
    return tf.strings.length(st) + x
cf = f.get_concrete_function(tf.TensorSpec([], tf.int32))
""",
    "nested": """
c = tf.constant([1.0, 2.0])
v = tf.Variable([3.0, 4.0])
@tf.function
def inner(x):
    return x * c
@tf.function
def f(x):
    return inner(x) + v
cf = f.get_concrete_function(tf.TensorSpec([2]))
""",
    "order": """
v1 = tf.Variable(1.0)
v2 = tf.Variable(2.0)
c = tf.constant(3.0)
@tf.function
def f(x):
    return x * v1 + c + v2 + c
cf = f.get_concrete_function(tf.TensorSpec([]))
""",
    "python_scalars": """
@tf.function
def f(x):
    return x * 2.0 + 2.0 - 2.0
cf = f.get_concrete_function(tf.TensorSpec([2]))
""",
    "scalars_in_scopes": """
@tf.function
def f(x):
    with tf.name_scope("a"):
        y = x * 3.0
        y = y + 3.0
    return y * 3.0
cf = f.get_concrete_function(tf.TensorSpec([2]))
""",
    "numpy_array": """
arr = np.array([1.0, 2.0], np.float32)
@tf.function
def f(x):
    return x + arr + arr
cf = f.get_concrete_function(tf.TensorSpec([2]))
""",
    "used_twice": """
c = tf.constant([1.0, 2.0])
@tf.function
def f(x):
    return tf.reduce_sum(x * c) + tf.reduce_sum(c)
cf = f.get_concrete_function(tf.TensorSpec([2]))
""",
}


def _name(t) -> str:
    """A tensor's name, TF's process-wide unique ids (a capture made with no name: "36:0")
    written as "<uid>"."""
    node, _, index = t.name.rpartition(":")
    return ("<uid>" if node.isdigit() else node) + ":" + index


def describe(tf, np, source: str) -> dict:
    """What a user sees of the concrete function the case makes."""
    env = {"tf": tf, "np": np}
    exec(source, env)
    cf = env["cf"]
    nodes = [("<uid>" if n.name.isdigit() else n.name, n.op)
             for n in cf.graph.as_graph_def().node]
    sig = cf.pretty_printed_signature()
    lines = [ln if not ln.strip().split(":")[0].isdigit() else "  <id>:" + ln.split(":", 1)[1]
             for ln in sig.splitlines()]
    return {
        "inputs": [[_name(t), t.dtype.name, t.shape.as_list() if t.shape.rank is not None
                    else None] for t in cf.inputs],
        "captured_inputs": [[c.dtype.name, c.shape.as_list()] for c in cf.captured_inputs],
        "internal_captures": [_name(t) for t in cf.graph.internal_captures],
        "external_is_captured_input": [a is b for a, b in
                                       zip(cf.graph.external_captures, cf.captured_inputs)],
        "nodes": [list(n) for n in nodes],
        "signature": lines,
        "structured_input_signature": repr(cf.structured_input_signature),
    }
