"""Helpers shared by the passes: copying a graph, rewiring uses, freezing attrs."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.graph.captures import CAPTURED
from eagerflow._src.graph.ir import CONST, Graph, Operation
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor


def run_form(op: Any, attrs: dict) -> tuple:
    """(op, attrs) of a node as a copy made to run it takes it: a captured eager tensor's
    placeholder becomes the constant it stands for (graph/captures.py)."""
    if op is CAPTURED:
        return CONST, {"value": attrs["value"], "dtype": attrs["dtype"]}
    return op, dict(attrs)


def copy_graph(graph: Graph) -> Graph:
    """A structural copy: new operations and tensors, same OpDefs, attrs and variables."""
    g = Graph(graph.name, graph.parent)
    g._names = dict(graph._names)
    g.replays_forward = graph.replays_forward
    mapping: dict = {}
    for node in graph.operations:
        ins = tuple(mapping.get(id(x), x) if type(x) is SymbolicTensor else x
                    for x in node.inputs)
        op, attrs = run_form(node.op, node.attrs)
        new = Operation(g, op, ins, attrs, node.name)
        new.origin = node.origin
        new.outputs = tuple(SymbolicTensor(new, i, t._shape, t._dtype)
                            for i, t in enumerate(node.outputs))
        for a, b in zip(node.outputs, new.outputs):
            mapping[id(a)] = b
        g.operations.append(new)
    g.fed_inputs = [mapping[id(t)] for t in graph.fed_inputs]
    g.outputs = [mapping.get(id(t), t) if type(t) is SymbolicTensor else t
                 for t in graph.outputs]
    g.variable_map = dict(graph.variable_map)
    g._captures = {k: (outer, mapping[id(ph)]) for k, (outer, ph) in graph._captures.items()}
    # what each original tensor became, so code holding the originals (a custom gradient's
    # closure) can be pointed at the copy
    g.copied_from = {id(a): (a, mapping[id(a)]) for node in graph.operations
                     for a in node.outputs}
    for k, (orig, t) in graph.copied_from.items():
        g.copied_from[k] = (orig, mapping[id(t)])
    return g


def substitute_inputs(node: Any, repl: dict) -> None:
    """Points `node`'s inputs at their replacements in `repl` (id of an earlier tensor ->
    its stand-in), as a pass walking the graph in order rewires each node it reaches."""
    if repl:
        node.inputs = tuple(repl.get(id(x), x) if type(x) is SymbolicTensor else x
                            for x in node.inputs)


def rewire(graph: Graph, repl: dict) -> None:
    """Replaces every use of tensor `old` by `repl[id(old)]` (inputs and graph outputs)."""
    if not repl:
        return

    def sub(x: Any) -> Any:
        while type(x) is SymbolicTensor and id(x) in repl:
            x = repl[id(x)]
        return x

    for node in graph.operations:
        if any(type(x) is SymbolicTensor and id(x) in repl for x in node.inputs):
            node.inputs = tuple(sub(x) for x in node.inputs)
    graph.outputs = [sub(t) for t in graph.outputs]


def freeze(v: Any) -> Any:
    """A hashable stand-in for an attr value (by value for data, by identity otherwise)."""
    if isinstance(v, (int, float, str, bytes, bool, type(None))):
        return (type(v).__name__, v)
    if isinstance(v, (list, tuple)):
        return (type(v).__name__,) + tuple(freeze(x) for x in v)
    if isinstance(v, dict):
        return ("dict",) + tuple(sorted((str(k), freeze(x)) for k, x in v.items()))
    if isinstance(v, np.ndarray):
        if v.dtype == object or v.size > 256:
            return ("id", id(v))
        return ("nd", v.dtype.str, v.shape, v.tobytes())
    if isinstance(v, np.generic):
        return ("np", v.dtype.str, v.item())
    return ("id", id(v))


def uses(graph: Graph) -> dict:
    """id(tensor) -> number of uses (as an input or a graph output)."""
    n: dict = {}
    for node in graph.operations:
        for x in node.inputs:
            if type(x) is SymbolicTensor:
                n[id(x)] = n.get(id(x), 0) + 1
    for t in graph.outputs:
        if type(t) is SymbolicTensor:
            n[id(t)] = n.get(id(t), 0) + 1
    return n


def readers(graph: Graph) -> dict:
    """id(tensor) -> the operations that take it as an input."""
    out: dict = {}
    for node in graph.operations:
        for x in node.inputs:
            if type(x) is SymbolicTensor:
                out.setdefault(id(x), []).append(node)
    return out


def is_const(x: Any) -> bool:
    return type(x) is SymbolicTensor and x._op.op is CONST


def const_value(x: SymbolicTensor) -> np.ndarray:
    return x._op.attrs["value"]
