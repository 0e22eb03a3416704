"""Writes golden/graph_names.json: TF 2.21's op names of graph_name_cases.py's functions
(asserts, conds, loops and the ops inside their branches and bodies) and the errors they
raise, for test_graph_names.py.

    $EAGERFLOW_TF_PYTHON tests/function/make_graph_names_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.function.graph_name_cases import CASES, outcome  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def _graph_of(op, attr):
    """The FuncGraph of an If's or While's function attribute, looked up in the graphs
    that hold the op (a nested function is kept by the outermost function's graph)."""
    try:
        name = op.get_attr(attr).name
    except ValueError:
        return None
    g = op.graph
    while g is not None:
        fn = getattr(g, "_functions", {}).get(name)
        if fn is not None:
            return fn.graph
        g = getattr(g, "outer_graph", None)
    return None


def _internal_of(graph):
    """TF's own loop variables of the Whiles in `graph` and in their bodies and branches
    (their counters and limits, a body's first two results): the body's Identity ops
    returning them and the counter's increment."""
    names = set()
    for op in graph.get_operations():
        subs = [_graph_of(op, a) for a in ("then_branch", "else_branch", "cond", "body")]
        for g in subs:
            if g is not None:
                names |= _internal_of(g)
        if op.type in ("While", "StatelessWhile"):
            body = _graph_of(op, "body")
            counter, limit = body.outputs[0].op, body.outputs[1].op
            add = counter.inputs[0].op
            names |= {f"{o.name}:{o.type}" for o in (counter, limit, add, add.inputs[1].op)}
    return names


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "golden", "graph_names.json"),
               {"tf_version": tf.__version__,
                "cases": {c: outcome(tf, _graph_of, src, _internal_of)
                          for c, src in CASES.items()}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
