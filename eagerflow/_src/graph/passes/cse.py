"""Common-subexpression elimination: one operation per (op, inputs, attrs).

Stateful operations are never merged. Reads of a variable are merged only when no
write to that variable happens between them (a read-after-write must see the write): a
stateful operation that names no variable (a tf.cond or loop whose branch assigns, a call)
may write any, and no read before it is merged with one after it. Small constants with
equal values are merged too.
"""

from __future__ import annotations

from eagerflow._src.graph.ir import PLACEHOLDER, READ_VAR, Graph
from eagerflow._src.graph.passes.common import freeze, rewire, substitute_inputs


def cse(graph: Graph) -> Graph:
    seen: dict = {}
    epochs: dict = {}  # id(var) -> number of writes so far
    anywhere = 0  # stateful operations so far that may write any variable
    repl: dict = {}
    kept = []
    for node in graph.operations:
        substitute_inputs(node, repl)
        op = node.op
        if op.stateful:
            var = node.attrs.get("var")
            if var is not None:
                epochs[id(var)] = epochs.get(id(var), 0) + 1
            else:
                anywhere += 1
            kept.append(node)
            continue
        if op is PLACEHOLDER:
            kept.append(node)
            continue
        if op is READ_VAR:
            var = node.inputs[0]
            key = ("read", id(var), epochs.get(id(var), 0), anywhere)
        else:
            try:
                key = (id(op), tuple(id(x) for x in node.inputs),
                       tuple(sorted((k, freeze(v)) for k, v in node.attrs.items())))
            except TypeError:
                kept.append(node)
                continue
        prev = seen.get(key)
        if prev is None or len(prev.outputs) != len(node.outputs):
            seen[key] = node
            kept.append(node)
            continue
        for a, b in zip(node.outputs, prev.outputs):
            repl[id(a)] = b
    graph.operations = kept
    rewire(graph, repl)
    return graph
