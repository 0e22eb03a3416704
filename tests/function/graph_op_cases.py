"""Functions whose traced graphs' operations the graph-op tests compare with TF 2.21's
(test_graph_ops.py; the recorder make_graph_ops_golden.py runs the same cases under
TensorFlow): the constants TF makes for axis and shape arguments given as Python values,
the trailing NoOp of TF's automatic control dependencies and the control inputs it adds.
No imports: TF's interpreter loads this file too.

Each case is source exec'd as "<case>" with `tf` bound; it defines `f` (traced with
`tf.function`) and `SPECS` (its input signature).
"""

import linecache
import textwrap

CASES = {
    # -- axis and shape arguments given as Python values ----------------------------------
    "reduce_sum_axis": """
        def f(x):
            return tf.reduce_sum(x, axis=1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reduce_sum_all": """
        def f(x):
            return tf.reduce_sum(x)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reduce_mean_keepdims": """
        def f(x):
            return tf.reduce_mean(x, axis=[0, 1], keepdims=True)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reduce_max_min_prod": """
        def f(x):
            return tf.reduce_max(x, 0) + tf.reduce_min(x, -1) + tf.reduce_prod(x, axis=[1])
        SPECS = [tf.TensorSpec([3, 3])]
    """,
    "reduce_any_all": """
        def f(x):
            return tf.reduce_any(x > 0.0, axis=0), tf.reduce_all(x > 1.0)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reduce_scoped": """
        def f(x):
            with tf.name_scope("blk"):
                return tf.reduce_sum(x, 0, name="total")
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "argmax": """
        def f(x):
            return tf.argmax(x, axis=1), tf.argmin(x, 0)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "concat": """
        def f(x):
            return tf.concat([x, x * 2.0], axis=-1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reshape": """
        def f(x):
            return tf.reshape(x, [3, 2]), tf.reshape(x, (-1,))
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "transpose": """
        def f(x):
            return tf.transpose(x, [1, 0])
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "tile": """
        def f(x):
            return tf.tile(x, [2, 1])
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "gather_axis": """
        def f(x):
            return tf.gather(x, [1, 0], axis=1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "fill": """
        def f(x):
            return tf.fill([2, 3], 1.0) + x
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "split": """
        def f(x):
            return tf.split(x, 3, axis=1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "split_sizes": """
        def f(x):
            return tf.split(x, [1, 2], axis=1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "one_hot": """
        def f(i):
            return tf.one_hot(i, 4)
        SPECS = [tf.TensorSpec([3], tf.int32)]
    """,
    "strided_slice": """
        def f(x):
            return x[0], x[:, 1:]
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "shape_slice": """
        def f(x):
            return tf.shape(x)[0]
        SPECS = [tf.TensorSpec([None, 3])]
    """,
    # -- TensorArray (TF's list ops): element shapes, indices --------------------------
    "tensor_array_unstack_read": """
        def f(x, m):
            a = tf.TensorArray(tf.float32, size=3).unstack(x)
            b = tf.TensorArray(tf.float32, size=2).unstack(m)
            return a.read(1), b.read(0)
        SPECS = [tf.TensorSpec([3]), tf.TensorSpec([2, None])]
    """,
    "tensor_array_write_stack_gather": """
        def f(x):
            ta = tf.TensorArray(tf.float32, size=2)
            ta = ta.write(0, x).write(1, x * 2.0)
            return ta.stack(), ta.gather([1])
        SPECS = [tf.TensorSpec([3])]
    """,
    # -- TF's automatic control dependencies: the trailing NoOp -------------------------
    "print": """
        def f(x):
            tf.print(x)
            return x + 1.0
        SPECS = [tf.TensorSpec([2])]
    """,
    "print_twice_two_outputs": """
        def f(x):
            tf.print("a")
            y = x * 2.0
            tf.print("b", y)
            return y, x
        SPECS = [tf.TensorSpec([2])]
    """,
    "print_no_output": """
        def f(x):
            tf.print(x)
        SPECS = [tf.TensorSpec([2])]
    """,
    "assert": """
        def f(x):
            tf.debugging.assert_positive(x)
            return x
        SPECS = [tf.TensorSpec([])]
    """,
    "stateless": """
        def f(x):
            return x * 2.0, x + 1.0
        SPECS = [tf.TensorSpec([2])]
    """,
    "random_draw": """
        def f(x):
            return tf.random.uniform([2], seed=1) + x
        SPECS = [tf.TensorSpec([2])]
    """,
    "no_op_returned_as_dependency": """
        def f(x):
            with tf.control_dependencies([tf.print(x)]):
                y = tf.identity(x)
            return y
        SPECS = [tf.TensorSpec([2])]
    """,
}


def _node(o):
    """An operation as "name:type(inputs, ^control inputs)" as its NodeDef lists them
    (control inputs sorted: TF adds its automatic ones from a set)."""
    ins = list(o.node_def.input)
    ins = [i for i in ins if not i.startswith("^")] + sorted(i for i in ins if i[0] == "^")
    return f"{o.name}:{o.type}({','.join(ins)})"


def _value(tf, v):
    """A Const's value as JSON holds it (TF's attr is a TensorProto; strings decoded)."""
    v = (tf.make_ndarray(v) if hasattr(v, "tensor_shape") else v).tolist()
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, list) and v and isinstance(v[0], bytes):
        return [e.decode() for e in v]
    return v


def outcome(tf, source):
    """The traced top-level graph's operations of one case, in order, and the values of
    its constants."""
    source = textwrap.dedent(source)
    linecache.cache["<case>"] = (len(source), None, source.splitlines(True), "<case>")
    try:
        env = {"tf": tf}
        exec(compile(source, "<case>", "exec"), env)  # noqa: S102 - the cases
        graph = tf.function(env["f"]).get_concrete_function(*env["SPECS"]).graph
        ops = graph.get_operations()
        return {"ops": [_node(o) for o in ops],
                "consts": {o.name: _value(tf, o.get_attr("value")) for o in ops
                           if o.type == "Const"}}
    finally:
        linecache.cache.pop("<case>", None)
