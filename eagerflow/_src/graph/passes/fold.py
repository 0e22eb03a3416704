"""Constant folding: operations whose inputs are all constants run once, at trace time,
and so do shape queries (OpDef.shape_only) of inputs whose shapes are known.

Never folded: stateful operations, variable reads, placeholders, operations whose
result would be large (memory held by the compiled function), and operations whose
kernel fails (the error then happens when the function runs, as in TF).
"""

from __future__ import annotations

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.graph.ir import CONST, Graph, Operation
from eagerflow._src.graph.passes.common import is_const, rewire, substitute_inputs
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor

MAX_FOLDED_ELEMENTS = 1 << 16


def foldable(node: Operation) -> bool:
    op = node.op
    if op.stateful or op.no_fold or not node.outputs:
        return False
    if op.shape_only and all(type(x) is SymbolicTensor and x._shape is not None and
                             None not in x._shape for x in node.inputs):
        return True  # (a shape query of shapes known while tracing)
    return all(type(x) is SymbolicTensor and is_const(x) for x in node.inputs)


def _kernel_arg(x: SymbolicTensor, shape_only: bool) -> np.ndarray:
    """A constant's value; for a shape query, an array of the input's shape that holds
    no memory (the kernel reads only its shape)."""
    if shape_only and not is_const(x):
        return np.broadcast_to(np.zeros((), x._dtype.as_numpy_dtype), x._shape)
    return x._op.attrs["value"]


def fold_constants(graph: Graph) -> Graph:
    repl: dict = {}
    kept = []
    for node in graph.operations:
        substitute_inputs(node, repl)
        if not foldable(node):
            kept.append(node)
            continue
        args = [_kernel_arg(x, node.op.shape_only) for x in node.inputs]
        try:
            with np.errstate(all="ignore"):
                out = node.op.kernel(np, *args, **node.attrs)  # constants live on the host
        except Exception:  # noqa: BLE001 - the error belongs to run time
            kept.append(node)
            continue
        outs = (out,) if node.op.num_outputs == 1 and len(node.outputs) == 1 else tuple(out)
        arrays = [to_host(o) for o in outs]
        if sum(a.size for a in arrays) > MAX_FOLDED_ELEMENTS or \
                any(a.dtype == object and a.ndim == 0 for a in arrays):
            kept.append(node)
            continue
        for t, a in zip(node.outputs, arrays):
            c = Operation(graph, CONST, (), {"value": a, "dtype": t._dtype}, node.name
                          if len(arrays) == 1 else f"{node.name}/{t._index}")
            c.outputs = (SymbolicTensor(c, 0, a.shape, t._dtype),)
            kept.append(c)
            repl[id(t)] = c.outputs[0]
    graph.operations = kept
    rewire(graph, repl)
    return graph
