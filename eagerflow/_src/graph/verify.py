"""The graph verifier: the invariants every pass must preserve.

Sits in graph/, above ir. Checked: each input of an operation is produced earlier
in the same graph (a valid execution order), output specs agree with the OpDef's
`infer` on the inputs, names are unique, graph inputs are placeholders and graph
outputs are produced by the graph. Sub-graphs (cond branches, loop bodies, called
functions) are verified recursively.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.graph.ir import Graph
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor


class GraphVerificationError(AssertionError):
    """A graph broke an invariant (a bug in a pass, never a user error)."""


def _compatible(a: Any, b: Any) -> bool:
    if a is None or b is None:
        return True
    a, b = tuple(a), tuple(b)
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))


def subgraphs(node: Any) -> list:
    """The graphs an operation runs: cond branches and loop bodies, a called function's."""
    out = [sg.graph for sg in node.op.subgraphs]
    fn = node.op.fn
    if fn is not None:
        out.append(fn.graph)
    for v in node.attrs.values():
        g = getattr(v, "graph", None)
        if isinstance(v, Graph):
            out.append(v)
        elif isinstance(g, Graph):
            out.append(g)
    return out


def verify(graph: Graph, check_infer: bool = True, _seen: set | None = None) -> None:
    """Raises GraphVerificationError if `graph` is malformed."""
    seen = _seen if _seen is not None else set()
    if id(graph) in seen:
        return
    seen.add(id(graph))
    defined: set = set()
    names: set = set()

    def fail(msg: str) -> None:
        raise GraphVerificationError(f"graph {graph.name!r}: {msg}")

    for t in graph.fed_inputs:
        if t._op.type != "Placeholder":
            fail(f"input {t.name} is not a placeholder")
    for node in graph.operations:
        if node.graph is not graph:
            fail(f"operation {node.name} belongs to another graph")
        if node.name in names:
            fail(f"duplicate operation name {node.name}")
        names.add(node.name)
        for x in node.inputs:
            if type(x) is SymbolicTensor:
                if x._op.graph is not graph:
                    fail(f"{node.name} reads {x.name} from another graph")
                if id(x) not in defined:
                    fail(f"{node.name} reads {x.name} before it is computed")
            elif not hasattr(x, "_arr"):
                fail(f"{node.name} has an input that is not a tensor: {x!r}")
        for i, t in enumerate(node.outputs):
            if t._op is not node or t._index != i:
                fail(f"output {i} of {node.name} is not linked back to it")
        if check_infer and node.type not in ("Placeholder",):
            specs = node.op.infer(*node.inputs, **node.attrs)
            if len(specs) != len(node.outputs):
                fail(f"{node.name}: infer gives {len(specs)} outputs, node has "
                     f"{len(node.outputs)}")
            for (shape, dtype), t in zip(specs, node.outputs):
                if dtype is not t._dtype:
                    fail(f"{t.name}: dtype {t._dtype.name} but infer says {dtype.name}")
                if not _compatible(shape, t._shape):
                    fail(f"{t.name}: shape {t._shape} incompatible with inferred {shape}")
        for t in node.outputs:
            defined.add(id(t))
        for sub in subgraphs(node):
            verify(sub, check_infer, seen)
    for t in graph.outputs:
        if type(t) is SymbolicTensor and id(t) not in defined:
            fail(f"output {t.name} is not computed by the graph")
