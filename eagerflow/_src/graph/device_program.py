"""Graphs run on a GPU (or the stand-in posing as one): tf.function's device path.

Sits in graph/, beside codegen. codegen.py compiles a graph into straight-line Python
over NumPy, the CPU's path. On another device a traced function runs here instead: op
by op, each op's kernel over the device's array module and placed as eager ops are
(dispatch.run_on: inputs that live elsewhere copied to the device, ops without a GPU
kernel or with host-only data on CPU:0), with the graph's constants copied to the
device once per program. The results are those of the same ops run eagerly there.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src import backend as B
from eagerflow._src.core import device as D
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.graph.ir import CONST, Graph, SymbolicTensor
from eagerflow._src.ops.dispatch import run_on


class DeviceProgram:
    """`fn(*input_arrays)` -> the arrays (or EagerTensors, when `wrap`) of `outputs`,
    computed on `place` (a core.device._Device)."""

    def __init__(self, graph: Graph, outputs: list, place: Any, wrap: bool = False) -> None:
        self.graph, self.outputs, self.place, self.wrap = graph, list(outputs), place, wrap
        self._consts: dict = {}  # id(node) -> the constant's array on the device

    def _const(self, node: Any) -> Any:
        arr = self._consts.get(id(node))
        if arr is None:
            value = node.attrs["value"]
            if type(value) not in B.ARRAY_TYPES:
                value = np.asarray(value)
            arr = value if D.host_only(value.dtype) else D.to_device(value, self.place)
            self._consts[id(node)] = arr
        return arr

    def fn(self, *arrays: Any) -> tuple:
        values: dict = {}
        for t, a in zip(self.graph.inputs, arrays):
            values[id(t)] = a
        fed = set(values)
        for node in self.graph.operations:
            outs = node.outputs
            if outs and all(id(t) in fed for t in outs):
                continue
            if node.op is CONST:
                out = self._const(node)
            else:
                args = [values[id(x)] if type(x) is SymbolicTensor else x for x in node.inputs]
                out, _ = run_on(self.place, node.op, args, node.attrs, [t._dtype for t in outs])
            if len(outs) == 1 and node.op.num_outputs == 1:
                values[id(outs[0])] = out
            else:
                for t, v in zip(outs, out):
                    values[id(t)] = v
        results = [values[id(t)] if type(t) is SymbolicTensor else t for t in self.outputs]
        if not self.wrap:
            return tuple(results)
        return tuple(wrap(a, t._dtype) for a, t in zip(results, self.outputs))


def wrap(arr: Any, dtype: Any) -> EagerTensor:
    """A program's result as a tensor on the device that holds it."""
    if type(arr) not in B.ARRAY_TYPES:
        arr = np.asarray(arr)
    return EagerTensor(arr, dtype, D.device_of(arr).canonical)
