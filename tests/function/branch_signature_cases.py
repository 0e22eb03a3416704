"""Functions whose tf.cond and tf.switch_case graphs the branch-signature tests compare with
TF 2.21's (test_branch_signatures.py; the recorder make_branch_signatures_golden.py runs
the same cases under TensorFlow): the order of an If's or Case's inputs (the tensors and
variables' handles its branches capture, in the order they first captured them), each
branch's FunctionDef signature (its arguments' names and types, a placeholder for what
only another branch uses, its results' names, its control outputs) and the trailing NoOp
a branch with stateful ops holds, which its results wait on. No imports: TF's interpreter
loads this file too.

Each case is source exec'd as "<case>" with `tf` bound; it makes its variables, defines
`f` (traced with `tf.function`), `SPECS` (its input signature) and `ARGS` (the values it
is called with: the result is recorded too).
"""

import textwrap

from tests.function.traced_cases import called_on_args, traced_case

_VARS = ("v = tf.Variable([1.0, 2.0], name='v')\n"
         "w = tf.Variable([3.0, 4.0], name='w')\n")
_XY = "SPECS = [tf.TensorSpec([2]), tf.TensorSpec([2])]\nARGS = [[1.0, -2.0], [0.5, 3.0]]\n"


def _case(body, tail=_XY):
    return _VARS + "def f(x, y):\n" + textwrap.indent(textwrap.dedent(body), "    ") + tail


CASES = {
    # -- captured tensors and handles: in the order the branches first capture them ---------
    "cond_variables_and_tensors": _case("""
        return tf.cond(tf.reduce_sum(x) > 0, lambda: x + v, lambda: x * w - v)
    """),
    "cond_tensors_only": _case("""
        return tf.cond(tf.reduce_sum(x) > 0, lambda: (x, y), lambda: (y, x))
    """),
    "cond_unused_captures": _case("""
        return tf.cond(tf.reduce_sum(x) > 0, lambda: x + v, lambda: y * 2.0)
    """),
    "cond_variable_first": _case("""
        return tf.cond(tf.reduce_sum(x) > 0, lambda: v * 2.0 + y, lambda: x + w)
    """),
    "cond_named": _case("""
        return tf.cond(x[0] > 0, lambda: x + v, lambda: y, name="pick")
    """),
    # -- stateful branches: control outputs and the trailing NoOp ------------------------
    "cond_assign": _case("""
        def yes():
            v.assign_add(x)
            return v + y
        return tf.cond(tf.reduce_sum(x) > 0, yes, lambda: x)
    """),
    "cond_print": _case("""
        def yes():
            tf.print(x, output_stream="file:///dev/null")
            return x + 1.0
        return tf.cond(tf.reduce_sum(x) > 0, yes, lambda: y)
    """),
    "cond_two_writes": _case("""
        def yes():
            v.assign(x)
            w.assign_sub(y)
            return v + w
        return tf.cond(tf.reduce_sum(x) > 0, yes, lambda: x - y)
    """),
    # -- switch_case: the index, then the captures -----------------------------------------
    "switch_case_variables": """
        v = tf.Variable([1.0, 2.0], name='v')
        w = tf.Variable([3.0, 4.0], name='w')
        def f(i, x):
            return tf.switch_case(i, [lambda: x + v, lambda: x * w, lambda: x])
        SPECS = [tf.TensorSpec([], tf.int32), tf.TensorSpec([2])]
        ARGS = [1, [1.0, -2.0]]
    """,
    "switch_case_assign": """
        v = tf.Variable([1.0, 2.0], name='v')
        def f(i, x):
            def first():
                v.assign(x)
                return tf.identity(v)
            return tf.switch_case(i, [first, lambda: x + v])
        SPECS = [tf.TensorSpec([], tf.int32), tf.TensorSpec([2])]
        ARGS = [0, [1.0, -2.0]]
    """,
}

_FLOW = ("If", "StatelessIf", "Case", "StatelessCase")


def _type(tf, enum):
    return tf.dtypes.as_dtype(enum).name


def _fdef(tf, fd):
    """A FunctionDef's signature and nodes, its name left out (TF's carry a unique id)."""
    sig = fd.signature
    nodes = []
    for n in fd.node_def:
        ins = [i for i in n.input if not i.startswith("^")]
        ins += sorted(i for i in n.input if i.startswith("^"))
        nodes.append(f"{n.name}:{n.op}({','.join(ins)})")
    return {"inputs": [[a.name, _type(tf, a.type)] for a in sig.input_arg],
            "outputs": [[a.name, fd.ret[a.name]] for a in sig.output_arg],
            "control_outputs": sorted([k, v] for k, v in fd.control_ret.items()),
            "is_stateful": sig.is_stateful, "nodes": nodes}


def outcome(tf, source):
    """One case: each If/Case node of the traced graph's GraphDef (its type and inputs) with
    its branches' FunctionDefs, and what the function returns on ARGS."""
    with traced_case(tf, source) as (fn, env, gd, lib):
        flows = {}
        for n in gd.node:
            if n.op not in _FLOW:
                continue
            names = [n.attr["then_branch"].func.name, n.attr["else_branch"].func.name] \
                if "If" in n.op else [f.name for f in n.attr["branches"].list.func]
            flows[n.name] = {"op": n.op, "input": list(n.input),
                             "branches": [_fdef(tf, lib[b]) for b in names]}
        out = called_on_args(tf, fn, env)
        out = [t.numpy().tolist() for t in out] if isinstance(out, tuple) else \
            out.numpy().tolist()
        return {"flows": flows, "result": out}
