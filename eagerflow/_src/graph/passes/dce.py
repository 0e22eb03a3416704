"""Dead-node pruning: drops operations whose results nothing uses.

Operations with effects (assignments, prints, random draws, asserts: OpDef.stateful)
are roots, like the graph's outputs, so they and what they need always run.
"""

from __future__ import annotations

from eagerflow._src.graph.ir import Graph
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor


def dce(graph: Graph) -> Graph:
    live: set = set()
    for t in graph.outputs:
        if type(t) is SymbolicTensor:
            live.add(id(t))
    keep_inputs = {id(t) for t in graph.fed_inputs}
    kept = []
    for node in reversed(graph.operations):
        needed = node.op.stateful or any(id(t) in live for t in node.outputs) or \
            any(id(t) in keep_inputs for t in node.outputs)
        if not needed:
            continue
        kept.append(node)
        for x in node.inputs:
            if type(x) is SymbolicTensor:
                live.add(id(x))
    kept.reverse()
    graph.operations = kept
    return graph
