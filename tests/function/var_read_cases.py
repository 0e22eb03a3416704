"""Functions whose variable reads, writes and captures the var-read tests compare with
TF 2.21's names (test_var_reads.py; the recorder make_var_reads_golden.py runs the same
cases under TensorFlow). Imports only graph_name_cases (TF's interpreter loads this file
too).

Each case is source exec'd as "<case>" with `tf` bound; it makes its variables, defines
`f` (traced with `tf.function`) and `SPECS` (its input signature). `ONLY = "reads"`: the
case's ReadVariableOp, Assign*VariableOp and resource placeholders are compared, not the
ops around them (a traced gradient's own ops are named otherwise).
"""

import linecache
import textwrap

from tests.function.graph_name_cases import _clean

_V = "v = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name='v')\n"
_W = "w = tf.Variable([[1.0, 0.0], [0.0, 1.0]], name='w')\n"
_M = "SPECS = [tf.TensorSpec([2, 2], tf.float32)]\n"


def _case(body, extra=""):
    return _V + _W + extra + "def f(x):\n" + textwrap.indent(textwrap.dedent(body), "    ") \
        + _M


CASES = {
    # -- reads made converting an op's inputs: under that op's scope -------------------
    "brief": _case("""
        y = tf.matmul(x, v)
        z = v * 2.0
        u = x + v
        return y + z + u + tf.reduce_sum(v)
    """),
    "matmul_right": _case("return tf.matmul(x, v)\n"),
    "matmul_both": _case("return tf.matmul(v, w)\n"),
    "matmul_twice": _case("return tf.matmul(x, v) + tf.matmul(x, v)\n"),
    "tensor_operators": _case("return [x + v, x - v, x * v, x / v, x @ v, x > v]\n"),
    "api_functions": _case("""
        return [tf.add(v, x), tf.multiply(x, v), tf.nn.relu(v), tf.reshape(v, [4]),
                tf.cast(v, tf.int32), tf.reduce_mean(v, axis=0), tf.concat([x, v], 0),
                tf.stack([x, v]), tf.maximum(v, 0.0), tf.square(v), tf.transpose(v),
                tf.stop_gradient(v), tf.where(x > 0.0, v, x)]
    """),
    "identity": _case("return tf.identity(v) + x\n"),
    "abs_and_equal": _case("return abs(v), v == x, tf.abs(v)\n"),
    "shape_of_variable": _case("return tf.shape(v)\n"),
    "name_scopes": _case("""
        with tf.name_scope("blk"):
            y = tf.matmul(x, v)
            with tf.name_scope("inner"):
                y = y + w
            return y + v
    """),
    # -- reads by a variable's own API: named where they are made ----------------------
    "value_and_convert": _case("return v.value() + v.value() + tf.convert_to_tensor(v)\n"),
    "read_value": _case("return v.read_value() + v.read_value()\n"),
    "read_value_scoped": _case("""
        with tf.name_scope("s"):
            return v.value() * 2.0 + v.read_value()
    """),
    "variable_operators": _case("""
        return [v - x, v / x, v // x, v % x, v ** x, -v, v < x, 2.0 * v, 1.0 - v,
                v[0:1], v @ w, v * w]
    """),
    "cast_same_dtype": _case("return tf.cast(v, tf.float32) + tf.cast(v, tf.float32)\n"),
    "add_n": _case("return tf.add_n([v, w, x])\n"),
    "return_variable": _case("return v, x\n"),
    # -- writes: the first node that touches a variable captures it --------------------
    "assign": _case("""
        v.assign(x)
        v.assign(x * 2.0)
        w.assign_sub(x)
        return v + 1.0
    """),
    "assign_add_then_read": _case("""
        v.assign_add(x)
        return tf.matmul(x, v)
    """),
    "assign_variable_to_variable": _case("""
        w.assign(v)
        return x
    """),
    # -- inside conds and loops: each branch and body captures for itself -------------
    "cond_reads": _case("""
        return tf.cond(tf.reduce_sum(x) > 0, lambda: x + v, lambda: x - tf.matmul(x, v))
    """),
    "cond_returns_variable": _case("""
        y = x * v
        return tf.cond(tf.reduce_sum(x) > 0, lambda: v, lambda: y)
    """),
    "while_reads": _case("""
        y = x + w
        return tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, tf.matmul(a, v)),
                             (0, y))
    """),
    "cond_captures_in_order": _case("""
        y = x * 3.0
        return tf.cond(tf.reduce_sum(x) > 0, lambda: tf.matmul(y, w) + v,
                       lambda: tf.matmul(v, x) - w)
    """),
    "while_captures_in_order": _case("""
        y = x * 3.0
        return tf.while_loop(lambda i, a: i < tf.reduce_sum(w),
                             lambda i, a: (i + 1.0, tf.matmul(a, v) + y), (0.0, x))
    """),
    "cond_in_while": _case("""
        def body(i, a):
            a = tf.cond(i > 1, lambda: a + v, lambda: tf.matmul(a, w))
            return i + 1, a
        return tf.while_loop(lambda i, a: i < 3, body, (0, x))
    """),
    # -- reads under a GradientTape in a traced step -----------------------------------
    "tape_reads": _case("""
        with tf.GradientTape() as t:
            y = tf.reduce_sum(tf.matmul(x, v) + v * w)
        return t.gradient(y, [v, w])
    """, "ONLY = 'reads'\n"),
    "train_step": _case("""
        with tf.GradientTape() as t:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, v) - 1.0))
        g = t.gradient(loss, v)
        v.assign_sub(0.1 * g)
        return loss
    """, "ONLY = 'reads'\n"),
    # -- Keras layers: a Dense reads its kernel as keras.ops.matmul does (under Cast) ---
    "keras_layers": """
        tf.keras.backend.clear_session()
        model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(3, "relu"),
                                     tf.keras.layers.Dense(2)])
        dense = tf.keras.layers.Dense(4)
        def f(x):
            return dense(model(x))
        SPECS = [tf.TensorSpec([None, 2], tf.float32)]
    """,
    "keras_dense_on_sequences": """
        tf.keras.backend.clear_session()
        dense = tf.keras.layers.Dense(3, use_bias=False)
        ONLY = "reads"  # (Keras 3 on TF multiplies through Tensordot/...: ours Reshape, MatMul)
        def f(x):
            return dense(x)
        SPECS = [tf.TensorSpec([2, 5, 4], tf.float32)]
    """,
    # -- the errors that name them -----------------------------------------------------
    "matmul_shape_error": """
        v = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name='v')
        def f(x):
            return tf.matmul(x, v)
        SPECS = [tf.TensorSpec([2, 3], tf.float32)]
    """,
    "add_shape_error": """
        v = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name='v')
        def f(x):
            return x + v
        SPECS = [tf.TensorSpec([3, 3], tf.float32)]
    """,
}

_READS = ("ReadVariableOp", "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp")


def _listed(op):
    """`name:type` of an op, a resource placeholder's type marked `Placeholder(resource)`."""
    kind = op.type
    if kind == "Placeholder" and op.outputs[0].dtype.name == "resource":
        kind = "Placeholder(resource)"
    return f"{op.name}:{kind}"


def _ops(graph, only_reads, top=True):
    out = []
    for o in graph.get_operations():
        kind = _listed(o).rsplit(":", 1)[1]
        if o.type == "NoOp" or (o.type == "Placeholder" and not top and
                                not o.name.endswith("/resource")):
            continue  # (a branch's or body's own inputs: the graph-name tests' subject)
        if only_reads and kind not in _READS and kind != "Placeholder(resource)":
            continue
        out.append(_listed(o))
    return out


def outcome(tf, graph_of, source):
    """What TF (or eagerflow) makes of one case: the traced graph's ops (NoOp left out),
    the ops of each cond branch and loop body (their own input placeholders left out, a
    captured variable's kept), or the error tracing raises."""
    source = textwrap.dedent(source)
    linecache.cache["<case>"] = (len(source), None, source.splitlines(True), "<case>")
    try:
        env = {"tf": tf}
        exec(compile(source, "<case>", "exec"), env)  # noqa: S102 - the cases
        only = env.get("ONLY") == "reads"
        try:
            graph = tf.function(env["f"]).get_concrete_function(*env["SPECS"]).graph
        except Exception as e:  # noqa: BLE001 - the error is the answer
            return {"trace_error": [type(e).__name__, _clean(str(e))]}
        out = {"ops": _ops(graph, only), "inner": {}}
        for o in graph.get_operations():
            if o.type not in ("If", "StatelessIf", "While", "StatelessWhile"):
                continue
            for attr in ("then_branch", "else_branch", "cond", "body"):
                g = graph_of(o, attr)
                if g is not None:
                    out["inner"][f"{o.name}/{attr}"] = _ops(g, only, top=False)
        return out
    finally:
        linecache.cache.pop("<case>", None)
