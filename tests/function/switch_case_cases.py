"""tf.switch_case programs that test_switch_case.py runs and compares with TF 2.21's
answers (golden/switch_case.json, written by make_switch_case_golden.py, which runs the
same programs under TensorFlow). No imports: TF's interpreter loads this file too.

Each case is source exec'd as "<case>" with `tf` bound; it sets `out`, a nest of tensors
or Python values (compared as JSON), or raises (the error's class and message compared).
"""

import base64
import linecache
import textwrap

CASES = {
    # -- which branch runs: eagerly and traced, in range, negative, past the end, default
    "eager_values": """
        fns = [lambda: tf.constant(10), lambda: tf.constant(11), lambda: tf.constant(12)]
        out = [tf.switch_case(tf.constant(i), fns) for i in (-2, 0, 1, 2, 3)]
        out += [tf.switch_case(tf.constant(i, tf.int64), {1: fns[1], 0: fns[0]},
                               default=lambda: tf.constant(99)) for i in (0, 1, 2, -1)]
    """,
    "traced_values": """
        x = tf.constant([1.0, 2.0])
        f = tf.function(lambda i: tf.switch_case(
            i, [lambda: x * 2.0, lambda: x + 1.0, lambda: (x - 3.0) * x]))
        out = [f(tf.constant(i)) for i in (-1, 0, 1, 2, 7)]
    """,
    "traced_default_and_structure": """
        @tf.function
        def f(i, x):
            return tf.switch_case(i, [(1, lambda: {"a": x, "b": (x * 2.0, 1)}),
                                      (0, lambda: {"a": x + 1.0, "b": (x, 2)})],
                                  default=lambda: {"a": -x, "b": (x * 0.0, 3)}, name="pick")
        out = [f(tf.constant(i), tf.constant([1.0, 3.0])) for i in (0, 1, 2, -5)]
    """,
    "traced_variable_branch": """
        v = tf.Variable(2.0)
        @tf.function
        def f(i, x):
            r = tf.switch_case(i, [lambda: x * v, lambda: v.assign_add(x[0]) + 0.0])
            return r, v.read_value()
        out = [f(tf.constant(0), tf.constant([1.0, 2.0])),
               f(tf.constant(1), tf.constant([1.0, 2.0])), v]
    """,
    "traced_no_outputs": """
        v = tf.Variable(0)
        def one():
            v.assign_add(1)
        def ten():
            v.assign_add(10)
        @tf.function
        def f(i):
            tf.switch_case(i, [one, ten])
        f(tf.constant(1))
        f(tf.constant(0))
        out = v
    """,
    "nested": """
        @tf.function
        def f(i, j, x):
            return tf.switch_case(i, [lambda: tf.switch_case(j, [lambda: x, lambda: x * 2.0]),
                                      lambda: x * 10.0])
        out = [f(tf.constant(a), tf.constant(b), tf.constant(3.0))
               for a, b in ((0, 0), (0, 1), (1, 0), (1, 1))]
    """,
    # -- gradients: eagerly, in a function, second order ---------------------------------
    "gradients": """
        def g(i, x):
            with tf.GradientTape() as t2:
                t2.watch(x)
                with tf.GradientTape() as t1:
                    t1.watch(x)
                    y = tf.switch_case(i, [lambda: x * x * x, lambda: tf.sin(x),
                                           lambda: x * 0.0 + 4.0])
                d1 = t1.gradient(y, x)
            return y, d1, t2.gradient(d1, x)
        x = tf.constant([0.5, 2.0])
        out = [g(tf.constant(i), x) for i in (0, 1, 2)]
        out += [tf.function(g)(tf.constant(i), x) for i in (0, 1, 2, 9)]
    """,
    "variable_gradient": """
        v = tf.Variable([1.0, -2.0])
        @tf.function
        def f(i):
            with tf.GradientTape() as t:
                y = tf.reduce_sum(tf.switch_case(i, [lambda: v * v, lambda: 3.0 * v]))
            return t.gradient(y, v)
        out = [f(tf.constant(0)), f(tf.constant(1))]
    """,
    # -- TF's errors ---------------------------------------------------------------------
    "error_python_index": """
        out = tf.switch_case(1, [lambda: tf.constant(1)])
    """,
    "error_float_index": """
        out = tf.switch_case(tf.constant(1.0), [lambda: tf.constant(1)])
    """,
    "error_empty": """
        out = tf.switch_case(tf.constant(1), [])
    """,
    "error_not_a_list": """
        out = tf.switch_case(tf.constant(1), lambda: 1)
    """,
    "error_not_callable": """
        out = tf.switch_case(tf.constant(1), [1, 2])
    """,
    "error_key_type": """
        out = tf.switch_case(tf.constant(0), {"a": lambda: tf.constant(1)})
    """,
    "error_keys": """
        out = tf.switch_case(tf.constant(0), {0: lambda: 1, 2: lambda: 2})
    """,
    "error_fn_not_callable": """
        out = tf.switch_case(tf.constant(0), [(0, lambda: 1), (1, 2)])
    """,
    "error_int64_traced": """
        out = tf.function(lambda i: tf.switch_case(i, [lambda: tf.constant(1)]))(
            tf.constant(0, tf.int64))
    """,
    "error_types": """
        out = tf.function(lambda i: tf.switch_case(
            i, [lambda: tf.constant(1), lambda: tf.constant(1.0)]))(tf.constant(0))
    """,
    "error_structure": """
        out = tf.function(lambda i: tf.switch_case(
            i, [lambda: (tf.constant(1), tf.constant(2)),
                lambda: [tf.constant(1), tf.constant(2)]]))(tf.constant(0))
    """,
    "error_counts": """
        out = tf.function(lambda i: tf.switch_case(
            i, [lambda: tf.constant(1), lambda: tf.constant(1),
                lambda: (tf.constant(1), tf.constant(2))]))(tf.constant(0))
    """,
}

# Traced functions whose graphs, Case nodes and branch functions are compared, and whose
# GraphDefs (TF's) eagerflow imports and runs (branch_nodes).
GRAPHS = {
    "list": """
        def f(i, x):
            return tf.switch_case(i, [lambda: x * 2.0, lambda: x + 1.0, lambda: tf.sin(x)])
        SPECS = [tf.TensorSpec([], tf.int32), tf.TensorSpec([2])]
        FEEDS = [(i, [0.5, -1.0]) for i in (-1, 0, 1, 2, 3)]
    """,
    "dict_default_named": """
        def f(i, x):
            return tf.switch_case(i, {0: lambda: (x, 1), 1: lambda: (x * 2.0, 2)},
                                  default=lambda: (x, 3), name="pick")
        SPECS = [tf.TensorSpec([], tf.int32), tf.TensorSpec([None])]
        FEEDS = [(0, [1.0]), (1, [1.0, 2.0, 3.0]), (2, [4.0, 5.0]), (-3, [])]
    """,
    "twice_in_a_scope": """
        def f(i, x):
            with tf.name_scope("outer"):
                a = tf.switch_case(i, [lambda: x, lambda: x * x])
                return tf.switch_case(i, [lambda: a + 1.0, lambda: tf.reduce_sum(a) + x])
        SPECS = [tf.TensorSpec([], tf.int32), tf.TensorSpec([3])]
        FEEDS = [(0, [1.0, 2.0, 3.0]), (1, [1.0, 2.0, 3.0]), (5, [0.5, 0.0, -2.0])]
    """,
    "stateful": """
        v = tf.Variable([2.0, 3.0])
        def f(i, x):
            return tf.switch_case(i, [lambda: x * v, lambda: x + tf.random.uniform([2]) * 0.0,
                                      lambda: v.assign_add(x) * 1.0])
        SPECS = [tf.TensorSpec([], tf.int32), tf.TensorSpec([2])]
        FEEDS = [(0, [1.0, 2.0]), (1, [1.0, 2.0]), (2, [1.0, 1.0]), (0, [1.0, 1.0])]
    """,
}


def branch_nodes(tf, source):
    """The traced graph as its GraphDef holds it: {"nodes": [(name, type)], "cases": {Case
    node: [type, inputs, output_shapes, [each branch's nodes as (name, type)]]}, branches in
    order}, and what running it gives: {"graph_def": the GraphDef's bytes (base64),
    "outputs": its results' tensor names, "runs": the results for each of FEEDS}."""
    source = textwrap.dedent(source)
    env = {"tf": tf}
    exec(source, env)  # noqa: S102 - the cases
    cf = tf.function(env["f"]).get_concrete_function(*env["SPECS"])
    gd = cf.graph.as_graph_def()
    lib = {fd.signature.name: fd for fd in gd.library.function}
    cases = {}
    for n in gd.node:
        if n.op not in ("Case", "StatelessCase"):
            continue
        shapes = [[d.size for d in s.dim] if not s.unknown_rank else None
                  for s in n.attr["output_shapes"].list.shape]
        cases[n.name] = [n.op, [i for i in n.input if not i.startswith("^")], shapes,
                         [[[m.name, m.op] for m in lib[b.name].node_def]
                          for b in n.attr["branches"].list.func]]
    runs = [_plain(tf, cf(tf.constant(i), tf.constant(x, tf.float32)))
            for i, x in env["FEEDS"]]
    return {"nodes": [[n.name, n.op] for n in gd.node], "cases": cases,
            "graph_def": base64.b64encode(gd.SerializeToString()).decode(),
            "outputs": [t.name for t in cf.outputs], "feeds": env["FEEDS"], "runs": runs}


def _plain(tf, x):
    """A result as JSON holds it: tensors' and variables' values as lists."""
    if isinstance(x, dict):
        return {k: _plain(tf, v) for k, v in sorted(x.items())}
    if isinstance(x, (list, tuple)):
        return [_plain(tf, v) for v in x]
    if hasattr(x, "numpy"):
        return {"dtype": x.dtype.name, "value": x.numpy().tolist()}
    return x


def outcome(tf, source):
    """A case's `out` (as _plain) or its error's class and message (a traced function's
    "in user code" frames trimmed off, its lines unindented: TF leaves an exec'd lambda
    unconverted, and its error unwrapped)."""
    source = textwrap.dedent(source)
    linecache.cache["<case>"] = (len(source), None, source.splitlines(True), "<case>")
    env = {"tf": tf}
    try:
        exec(compile(source, "<case>", "exec"), env)  # noqa: S102 - the cases
        return {"out": _plain(tf, env["out"])}
    except Exception as e:  # noqa: BLE001 - every error is an answer
        text = str(e)
        marker = f"{type(e).__name__}: "
        if "in user code" in text and marker in text:
            text = text[text.rindex(marker) + len(marker):].replace("\n    ", "\n")
        return {"error": type(e).__name__, "message": text.strip()}
    finally:
        linecache.cache.pop("<case>", None)
