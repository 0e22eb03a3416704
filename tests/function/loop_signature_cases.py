"""Functions whose tf.while_loop graphs the loop-signature tests compare with TF 2.21's
(test_loop_signatures.py; the recorder make_loop_signatures_golden.py runs the same cases
under TensorFlow): a While's inputs (its loop counter and limit, the loop variables, what
its cond and body capture) and the signatures of its cond and body FunctionDefs (their
arguments' names, types and order, their results' names, whether they are stateful).
No imports: TF's interpreter loads this file too.

Each case is source exec'd as "<case>" with `tf` bound; it makes its variables, defines
`f` (traced with `tf.function`), `SPECS` (its input signature) and `ARGS` (the values it
is called with: the result is recorded too).
"""

import re

from tests.function.traced_cases import called_on_args, traced_case

CASES = {
    "counter_and_variable": """
        v = tf.Variable([1.0, 2.0], name='v')
        def f(x):
            return tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * v), (0, x))
        SPECS = [tf.TensorSpec([2])]
        ARGS = [[1.0, -1.0]]
    """,
    "maximum_iterations_capture": """
        def f(x, y):
            return tf.while_loop(lambda a: tf.reduce_sum(a) < 10.0, lambda a: a + y, [x],
                                 maximum_iterations=5)
        SPECS = [tf.TensorSpec([2]), tf.TensorSpec([2])]
        ARGS = [[1.0, 0.0], [1.0, 1.0]]
    """,
    "cond_captures": """
        def f(x, n):
            return tf.while_loop(lambda a: tf.reduce_sum(a) < n, lambda a: a * 2.0, [x])
        SPECS = [tf.TensorSpec([2]), tf.TensorSpec([])]
        ARGS = [[1.0, 1.0], 20.0]
    """,
    "two_loop_variables": """
        def f(x):
            return tf.while_loop(lambda a, b: a < 5.0, lambda a, b: (a + 1.0, b * a),
                                 [x, x], maximum_iterations=3)
        SPECS = [tf.TensorSpec([])]
        ARGS = [1.0]
    """,
    "named_loop_writes": """
        v = tf.Variable(0.0, name='v')
        def f(x):
            def body(a):
                v.assign_add(a)
                return a + 1.0
            return tf.while_loop(lambda a: a < 4.0, body, [x], name="acc")
        SPECS = [tf.TensorSpec([])]
        ARGS = [1.0]
    """,
    "mixed_captures": """
        v = tf.Variable([1.0, 2.0], name='v')
        def f(x, y):
            return tf.while_loop(lambda a: tf.reduce_sum(a) < tf.reduce_sum(v) * 10.0,
                                 lambda a: a + y * v, [x])
        SPECS = [tf.TensorSpec([2]), tf.TensorSpec([2])]
        ARGS = [[1.0, 1.0], [1.0, 2.0]]
    """,
    "while_statement": """
        def f(x):
            while tf.reduce_sum(x) < 10.0:
                x = x * 2.0
            return x
        SPECS = [tf.TensorSpec([2])]
        ARGS = [[1.0, 1.0]]
    """,
}

_FLOW = ("While", "StatelessWhile")


def _arg(name, fn_name):
    """An argument's name, TF's unique id in a redundant placeholder's written as N."""
    return re.sub(re.escape(fn_name.lower()) + "__", "<fn>__", name)


def _signature(tf, fd):
    sig = fd.signature
    name = sig.name
    return {"inputs": [[_arg(a.name, name), tf.dtypes.as_dtype(a.type).name]
                       for a in sig.input_arg],
            "outputs": [a.name for a in sig.output_arg], "is_stateful": sig.is_stateful}


def outcome(tf, source):
    """One case: each While node of the traced graph's GraphDef (its type, inputs and
    parallel_iterations) with its cond's and body's signatures, and what the function
    returns on ARGS."""
    with traced_case(tf, source) as (fn, env, gd, lib):
        loops = {}
        for n in gd.node:
            if n.op in _FLOW:
                loops[n.name] = {"op": n.op, "input": list(n.input),
                                 "parallel_iterations": n.attr["parallel_iterations"].i,
                                 "cond": _signature(tf, lib[n.attr["cond"].func.name]),
                                 "body": _signature(tf, lib[n.attr["body"].func.name])}
        out = called_on_args(tf, fn, env)
        out = out if isinstance(out, (list, tuple)) else [out]
        return {"loops": loops, "result": [t.numpy().tolist() for t in out]}
