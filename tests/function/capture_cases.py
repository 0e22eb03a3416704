"""Programs whose tf.functions capture eager tensors, variables and Python values, run
by TF 2.21 (record_captures_golden.py) and by eagerflow (test_captures.py) alike. Each
defines `cf`, the concrete function to describe."""

import re

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
    "variables_and_tensors": """
v = tf.Variable([1.0, 2.0], name="v")
w = tf.Variable(3.0, trainable=False, name="w")
big = tf.constant(np.arange(200, dtype=np.float32))
c = tf.constant([5.0, 6.0])
@tf.function
def f(x):
    return {"a": x * v + c, "b": tf.reduce_sum(big) * w}
cf = f.get_concrete_function(tf.TensorSpec([2], name="inp"))
extra = {"captured_is_handle": [t is v.handle for t in cf.captured_inputs]}
""",
    "table": """
t = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b"]), tf.constant([1, 2])), -1)
@tf.function
def f(x):
    return t.lookup(x)
cf = f.get_concrete_function(tf.TensorSpec([None], tf.string))
extra = {"captured_is_handle": [c is t.resource_handle for c in cf.captured_inputs]}
""",
    "keyword_arguments": """
v = tf.Variable(1.0, name="vv")
@tf.function
def f(x, y=None, *, z):
    return (x + v, [y * 2.0, z])
cf = f.get_concrete_function(tf.TensorSpec([]), tf.TensorSpec([3]), z=tf.TensorSpec([1]))
""",
    "cond": """
v = tf.Variable(2.0, name="v")
c = tf.constant([1.0, 2.0])
big = tf.constant(np.ones(200, np.float32))
@tf.function
def f(x, p):
    y = x * 3.0
    return tf.cond(p, lambda: y * v + c, lambda: x - tf.reduce_sum(big))
cf = f.get_concrete_function(tf.TensorSpec([2]), tf.TensorSpec([], tf.bool))
show_library = True
extra = {"values": [f(tf.constant([1.0, 2.0]), tf.constant(p)).numpy().tolist()
                      for p in (True, False)]}
""",
    "cond_uses_capture_outside": """
c = tf.constant([1.0, 2.0])
big = tf.constant(np.ones(200, np.float32))
@tf.function
def f(x, p):
    y = x + big[:2]
    return tf.cond(p, lambda: y + c + big[:2], lambda: x * c) + c
cf = f.get_concrete_function(tf.TensorSpec([2]), tf.TensorSpec([], tf.bool))
show_library = True
extra = {"values": [f(tf.constant([1.0, 2.0]), tf.constant(p)).numpy().tolist()
                      for p in (True, False)]}
""",
    "switch_case": """
c = tf.constant(2.0)
big = tf.constant(np.arange(150, dtype=np.float32))
@tf.function
def f(i, x):
    return tf.switch_case(i, [lambda: x * c, lambda: x + tf.reduce_sum(big), lambda: x - c])
cf = f.get_concrete_function(tf.TensorSpec([], tf.int32), tf.TensorSpec([]))
show_library = True
extra = {"values": [float(f(tf.constant(i), tf.constant(1.5))) for i in range(3)]}
""",
    "while_loop": """
c = tf.constant(1.5)
big = tf.constant(np.ones(200, np.float32))
@tf.function
def f(x, n):
    y = x + 1.0
    return tf.while_loop(lambda i, s: i < n,
                         lambda i, s: (i + 1, s * c + y + tf.reduce_sum(big)),
                         [tf.constant(0), x])
cf = f.get_concrete_function(tf.TensorSpec([]), tf.TensorSpec([], tf.int32))
extra = {"values": [float(t) for t in f(tf.constant(1.0), tf.constant(3))]}
""",
    # a nested tf.function capturing the caller's tensor, eager tensors and a variable: the
    # caller captures what it captured in its order, the variable's handle among them
    "nested_capture_order": """
a = tf.constant([1.0, 2.0])
b = tf.constant(3.0)
v = tf.Variable(4.0)
big = tf.constant([5.0] * 200)
@tf.function
def f(x):
    y = x * 2.0
    @tf.function
    def inner(z):
        return z + y + b + v + tf.reduce_sum(big) + a[0]
    return inner(x[0]) + b
cf = f.get_concrete_function(tf.TensorSpec([2], tf.float32))
extra = {"values": f(a).numpy().tolist()}
""",
    # a closure's tf.function made inside another: its constant, then the variable the
    # caller reads itself
    "nested_closure": """
b = tf.constant(3.0)
v = tf.Variable(4.0)
def make():
    k = tf.constant(7.0)
    @tf.function
    def f(x):
        def g(u):
            return u * k + b
        return tf.function(g)(x) + v
    return f
f = make()
cf = f.get_concrete_function(tf.TensorSpec([], tf.float32))
extra = {"values": [float(f(tf.constant(1.0)))]}
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
    graph_def = cf.graph.as_graph_def()
    nodes = [("<uid>" if n.name.isdigit() else n.name, n.op) for n in graph_def.node]
    # what the control flow nodes take (captures among them), and their functions'
    # arguments (named after what they capture), where a case shows them
    flow = {n.name: ["<uid>" if x.isdigit() else x for x in n.input] for n in graph_def.node
            if n.op in ("If", "StatelessIf", "Case", "StatelessCase", "While", "StatelessWhile")}
    library = sorted([re.sub(r"^cond_\d+$", "cond_<uid>", a.name)
                      for a in fn.signature.input_arg]
                     for fn in graph_def.library.function) if env.get("show_library") else None
    sig = cf.pretty_printed_signature()
    lines = [ln if not ln.strip().split(":")[0].isdigit() else "  <id>:" + ln.split(":", 1)[1]
             for ln in sig.splitlines()]
    graph = cf.graph
    return {
        "inputs": [[_name(t), t.dtype.name, t.shape.as_list() if t.shape.rank is not None
                    else None] for t in cf.inputs],
        # the graph's own lists: its arguments' placeholders, then its captures'
        "graph_inputs": [_name(t) for t in graph.inputs],
        "graph_outputs": [_name(t) for t in graph.outputs],
        "outputs": [_name(t) for t in cf.outputs],
        "structured_outputs": repr(cf.structured_outputs),
        "variables": [v.name for v in cf.variables],
        "trainable_variables": [v.name for v in cf.trainable_variables],
        "graph_variables": [v.name for v in graph.variables],
        "graph_trainable_variables": [v.name for v in graph.trainable_variables],
        "extra": env.get("extra"),
        "control_flow_inputs": flow,
        "library": library,
        "captured_inputs": [[c.dtype.name, c.shape.as_list()] for c in cf.captured_inputs],
        "internal_captures": [_name(t) for t in cf.graph.internal_captures],
        "external_is_captured_input": [a is b for a, b in
                                       zip(cf.graph.external_captures, cf.captured_inputs)],
        "nodes": [list(n) for n in nodes],
        "signature": lines,
        "structured_input_signature": repr(cf.structured_input_signature),
    }
