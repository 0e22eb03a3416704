"""Algebraic simplification: rewrites that remove operations without changing results.

Each op declares its identities in its OpDef (ops/registry.py); this pass applies them:
- `forward_identity`: the outputs are the inputs (Identity, StopGradient, a custom
  gradient's IdentityN in the forward pass: gradients are taken from the traced graph);
- `units`: `x * 1`, `1 * x`, `x + 0`, `0 + x`, `x - 0`, `x / 1` -> `x` (only when the
  constant neither changes the result's shape by broadcasting nor its dtype);
- `involution`: `Neg(Neg(x))` -> `x`;
- `rewrite`, an op's own rule: a transpose of a transpose is one transpose (or `x`), a
  reshape of a reshape one reshape, a reshape to `x`'s static shape or a cast to its
  dtype is `x`, a Slice of constants a static StridedSlice.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.graph.ir import Graph, Operation
from eagerflow._src.graph.passes.common import const_value, is_const, rewire, substitute_inputs
from eagerflow._src.graph.passes.dce import dce
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor


def _known(shape: Any) -> bool:
    return shape is not None and all(d is not None for d in shape)


def _is_scalar_const(x: Any, value: float) -> bool:
    if not is_const(x):
        return False
    v = const_value(x)
    if v.dtype == object or v.dtype.kind not in "biufc":
        return False
    return bool(v.size) and bool(np.all(v == value))


def _same_spec(x: Any, out: SymbolicTensor) -> bool:
    return (type(x) is SymbolicTensor and x._dtype is out._dtype and _known(x._shape)
            and x._shape == out._shape)


def _rewrite(node: Operation) -> Any:
    """The tensor that can replace node's single output, or a new (op, inputs, attrs)."""
    op, ins, out = node.op, node.inputs, node.outputs[0]
    if op.involution:
        x = ins[0]
        return x._op.inputs[0] if type(x) is SymbolicTensor and x._op.op is op else None
    left, right = op.units
    if (left is not None or right is not None) and len(ins) == 2:
        x, y = ins
        if right is not None and _is_scalar_const(y, right) and _same_spec(x, out):
            return x
        if left is not None and _is_scalar_const(x, left) and _same_spec(y, out):
            return y
        return None
    if op.rewrite is not None:
        r = op.rewrite(node)
        if isinstance(r, tuple) and len(r) == 2:  # (the same op's new inputs and attrs)
            return (op, *r)
        return r
    return None


def simplify(graph: Graph) -> Graph:
    repl: dict = {}
    for node in graph.operations:
        substitute_inputs(node, repl)
        if node.op.forward_identity:
            for a, b in zip(node.outputs, node.inputs):
                repl[id(a)] = b
            continue
        if node.op.stateful or len(node.outputs) != 1:
            continue
        for _ in range(4):  # a rewritten node may simplify further
            try:
                r = _rewrite(node)
            except (TypeError, ValueError, KeyError, IndexError):
                r = None
            if r is None:
                break
            if isinstance(r, tuple):
                op, ins, attrs = r
                try:
                    spec = op.infer(*ins, **attrs)
                except Exception:  # noqa: BLE001 - keep the original form
                    break
                if len(spec) != 1 or spec[0][1] is not node.outputs[0]._dtype:
                    break
                node.op, node.inputs, node.attrs = op, ins, attrs
                continue
            repl[id(node.outputs[0])] = r
            break
    rewire(graph, repl)
    return dce(graph)  # replaced nodes are now unused
