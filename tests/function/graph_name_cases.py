"""Functions whose traced op names (tf.debugging asserts, conds, loops) and whose errors
the graph-name tests compare with TF 2.21's (test_graph_names.py; the recorder
make_graph_names_golden.py runs the same cases under TensorFlow). No imports: TF's
interpreter loads this file too.

Each case is source exec'd as "<case>" with `tf` bound; it defines `f` (traced with
`tf.function`) and `SPECS` (its input signature), and `ARGS` when calling it must fail.
"""

import linecache
import re
import textwrap

CASES = {
    # -- the asserts of tf.debugging, in both spellings -------------------------------
    "assert_positive": """
        def f(x):
            tf.debugging.assert_positive(x, message="need pos")
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(-1.0)]
    """,
    "assert_negative_vector": """
        def f(x):
            tf.debugging.assert_negative(x, summarize=2)
            return x
        SPECS = [tf.TensorSpec([3], tf.float32)]
        ARGS = [tf.constant([-1.0, 2.0, 3.0])]
    """,
    "assert_non_negative_int": """
        def f(x):
            tf.debugging.assert_non_negative(x, name="nn")
            return x
        SPECS = [tf.TensorSpec([], tf.int32)]
        ARGS = [tf.constant(-3)]
    """,
    "assert_non_positive": """
        def f(x):
            tf.debugging.assert_non_positive(x, message="np")
            return x
        SPECS = [tf.TensorSpec([2], tf.float32)]
        ARGS = [tf.constant([0.0, 1.0])]
    """,
    "assert_equal": """
        def f(x):
            tf.debugging.assert_equal(x, 2.0)
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(-1.0)]
    """,
    "assert_equal_named": """
        def f(x, y):
            tf.debugging.assert_equal(x, y, message="differ", summarize=1, name="eq")
            return x
        SPECS = [tf.TensorSpec([2], tf.int32), tf.TensorSpec([2], tf.int32)]
        ARGS = [tf.constant([1, 2]), tf.constant([1, 3])]
    """,
    "assert_none_equal": """
        def f(x):
            tf.debugging.assert_none_equal(x, 0.0)
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(0.0)]
    """,
    "assert_less_twice": """
        def f(x):
            tf.debugging.assert_less(x, 3.0, message="m", summarize=2)
            tf.debugging.assert_less(x, 5.0)
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(4.0)]
    """,
    "assert_less_equal": """
        def f(x):
            tf.debugging.assert_less_equal(x, 1.0)
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(4.0)]
    """,
    "assert_greater": """
        def f(x, y):
            tf.debugging.assert_greater(x, y)
            return x
        SPECS = [tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(1.0), tf.constant(2.0)]
    """,
    "assert_greater_equal_scoped": """
        def f(x):
            with tf.name_scope("blk"):
                tf.debugging.assert_greater_equal(x, 1.0)
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(0.0)]
    """,
    "assert_near": """
        def f(x):
            tf.debugging.assert_near(x, 1.0)
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(2.0)]
    """,
    "v1_assert_equal": """
        def f(x):
            tf.compat.v1.assert_equal(x, 1.0, name="eq")
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(2.0)]
    """,
    "v1_debugging_assert_less": """
        def f(x):
            tf.compat.v1.debugging.assert_less(x, 1.0, ["custom", x], 2, "msg")
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(2.0)]
    """,
    "v1_assert_positive": """
        def f(x):
            tf.compat.v1.assert_positive(x)
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(-2.0)]
    """,
    "Assert_guarded": """
        def f(x):
            tf.debugging.Assert(x > 0, ["bad", x])
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(-1.0)]
    """,
    "Assert_unguarded": """
        def f(x):
            tf.debugging.Assert(x > 0, ["s", tf.constant(1)], name="foo")
            return x
        SPECS = [tf.TensorSpec([], tf.int32)]
        ARGS = [tf.constant(-1)]
    """,
    "Assert_twice": """
        def f(x):
            tf.debugging.Assert(x > 0, [x])
            tf.Assert(x < 10, [x, "too big"])
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(11.0)]
    """,
    "asserts_with_dependencies": """
        def f(x):
            with tf.control_dependencies([tf.debugging.assert_positive(x)]):
                y = tf.identity(x)
            return y * 2.0
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(-1.0)]
    """,
    "assert_known_to_fail": """
        def f(x):
            tf.debugging.assert_equal(tf.constant(1), 2, message="never")
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    # -- conds and loops ---------------------------------------------------------------
    "cond": """
        def f(x):
            return tf.cond(x > 0, lambda: x * 2.0, lambda: x - 1.0)
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "cond_named_twice": """
        def f(x):
            a = tf.cond(x > 0, lambda: x * 2.0, lambda: x - 1.0, name="pick")
            b = tf.cond(x > 1, lambda: (a, x), lambda: (x, a))
            return b
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "cond_type_mismatch": """
        def f(x):
            return tf.cond(x > 0, lambda: tf.constant(1), lambda: tf.constant(1.0))
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "cond_assert": """
        def f(x):
            def yes():
                tf.debugging.assert_less(x, 5.0)
                return x + 1.0
            return tf.cond(x > 0, yes, lambda: x)
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(7.0)]
    """,
    "while": """
        def f(x):
            return tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x), (0, x))
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "while_assert": """
        def f(x):
            i = tf.constant(0)
            while i < 3:
                tf.debugging.assert_less(x, 2.0)
                x = x + 1.0
                i += 1
            return x
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(0.0)]
    """,
    "while_dtype_change": """
        def f(x):
            return tf.while_loop(lambda i: i < 3, lambda i: tf.cast(i, tf.float32) + 1.0, [0])
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "for_over_tensor": """
        def f(x):
            s = tf.constant(0.0)
            for r in x:
                s += tf.reduce_sum(r)
            return s
        SPECS = [tf.TensorSpec([2, 3], tf.float32)]
    """,
    "for_over_tensor_reshape": """
        def f(x):
            s = tf.zeros([4])
            for r in x:
                s += tf.reshape(r, [4])
            return s
        SPECS = [tf.TensorSpec([2, 3], tf.float32)]
    """,
    "cond_in_while": """
        def f(x):
            def body(i, a):
                return i + 1, tf.cond(a > 2.0, lambda: a - 1.0, lambda: a * 2.0)
            return tf.while_loop(lambda i, a: i < 4, body, (0, x))
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "case": """
        def f(x):
            return tf.case([(x > 0, lambda: x * 2.0), (x < -5, lambda: x - 1.0)],
                           default=lambda: x)
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "cond_structure_mismatch": """
        def f(x):
            return tf.cond(x > 0, lambda: (x, x), lambda: x)
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "nested_while": """
        def f(x):
            def outer(i, a):
                b = tf.while_loop(lambda j, c: j < 2, lambda j, c: (j + 1, c + a), (0, a))[1]
                return i + 1, b
            return tf.while_loop(lambda i, a: i < 2, outer, (0, x))
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "assert_in_cond_named": """
        def f(x):
            def yes():
                with tf.control_dependencies([tf.debugging.Assert(x < 5.0, [x], name="chk")]):
                    return tf.identity(x)
            return tf.cond(x > 0, yes, lambda: x)
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(7.0)]
    """,
    # -- conds nested in a branch: TF's scope of the outer cond prefixes the inner ------
    "nested_cond": """
        def f(x):
            def yes():
                return tf.cond(x > 1.0, lambda: x * 2.0, lambda: x * 3.0)
            return tf.cond(x > 0, yes, lambda: x - 1.0)
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "nested_cond_second": """
        def f(x):
            a = tf.cond(x > 0, lambda: x, lambda: -x)
            return tf.cond(a > 1.0, lambda: tf.cond(a > 2.0, lambda: a, lambda: a + 1.0),
                           lambda: a)
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "nested_cond_error": """
        def f(x):
            def deepest():
                return tf.debugging.check_numerics(x / 0.0 * 0.0, "m")
            def middle():
                return tf.cond(x > 2.0, deepest, lambda: x)
            def outer():
                return tf.cond(x > 1.0, middle, lambda: x)
            return tf.cond(x > 0, outer, lambda: x)
        SPECS = [tf.TensorSpec([], tf.float32)]
        ARGS = [tf.constant(3.0)]
    """,
    # -- a While's limit: TF converts it to int32 ---------------------------------------
    "while_limit_int64": """
        def f(x):
            return tf.while_loop(lambda s: s < 100.0, lambda s: s * 2.0, [x],
                                 maximum_iterations=tf.constant(4, tf.int64))
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "while_limit_float": """
        def f(x):
            return tf.while_loop(lambda s: s < 100.0, lambda s: s * 2.0, [x],
                                 maximum_iterations=4.5)
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "while_limit_float_tensor": """
        def f(x, n):
            return tf.while_loop(lambda s: s < 100.0, lambda s: s * 2.0, [x],
                                 maximum_iterations=n)
        SPECS = [tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)]
    """,
}


def _sub_ops(graph_of, op, depth=1):
    """{attr: [...]} of an If's or While's branch/body graphs: their ops (not Placeholder
    or NoOp) and, for a While, its own nested control flow, depth-first."""
    out = {}
    for attr in ("then_branch", "else_branch", "cond", "body"):
        g = graph_of(op, attr)
        if g is None:
            continue
        names = []
        for o in g.get_operations():
            if o.type in ("Placeholder", "NoOp"):
                continue
            names.append(f"{o.name}:{o.type}")
            if o.type in ("If", "StatelessIf", "While", "StatelessWhile") and depth < 3:
                names.append(_sub_ops(graph_of, o, depth + 1))
        out[attr] = names
    return out


def _clean(text):
    """An error's text with the frames outside the case left out (the recorder's and
    pytest's) and the function's number dropped."""
    text = re.sub(r'^ *File "(?!<case>)[^\n]*\n\n?', "", text, flags=re.M)
    return re.sub(r"__inference_(\w+?)_\d+", r"__inference_\1_N", text)


def outcome(tf, graph_of, source, internal_of=None):
    """What TF (or eagerflow) does with one case: the traced top-level graph's ops (TF's
    control-output NoOp left out), each control-flow op's inner ops, and the error a call
    with ARGS raises (or tracing itself). `internal_of(graph)` (TF's side) names the ops of
    its Whiles' bodies that are TF's own loop counter and limit."""
    source = textwrap.dedent(source)
    # (AutoGraph reads a function's source: linecache holds the case's while it runs, and
    # no longer, or other tests' code exec'd as "<case>" would be converted from it)
    linecache.cache["<case>"] = (len(source), None, source.splitlines(True), "<case>")
    try:
        return _outcome(tf, graph_of, source, internal_of)
    finally:
        linecache.cache.pop("<case>", None)


def _outcome(tf, graph_of, source, internal_of):
    env = {"tf": tf}
    exec(compile(source, "<case>", "exec"), env)  # noqa: S102 - the cases
    out = {}
    fn = tf.function(env["f"])
    try:
        graph = fn.get_concrete_function(*env["SPECS"]).graph
    except Exception as e:  # noqa: BLE001 - the error is the answer
        out["trace_error"] = [type(e).__name__, _clean(str(e))]
        return out
    ops = graph.get_operations()
    out["ops"] = [f"{o.name}:{o.type}" for o in ops if o.type != "NoOp"]
    out["inner"] = {o.name: _sub_ops(graph_of, o) for o in ops
                    if o.type in ("If", "StatelessIf", "While", "StatelessWhile")}
    if internal_of is not None:
        out["internal"] = sorted(internal_of(graph))
    if "ARGS" in env:
        try:
            fn(*env["ARGS"])
            out["error"] = ["no error", ""]
        except Exception as e:  # noqa: BLE001 - the error is the answer
            out["error"] = [type(e).__name__, _clean(str(e))]
    return out
