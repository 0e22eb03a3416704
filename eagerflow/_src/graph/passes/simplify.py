"""Algebraic simplification: rewrites that remove operations without changing results.

- `x * 1`, `1 * x`, `x + 0`, `0 + x`, `x - 0`, `x / 1` -> `x` (only when the constant
  neither changes the result's shape by broadcasting nor its dtype);
- `Identity(x)`, `StopGradient(x)`, a custom gradient's `IdentityN` (the forward pass;
  gradients are taken from the traced graph), a cast to the dtype `x` already has -> `x`;
- `Neg(Neg(x))` -> `x`; transpose of a transpose -> one transpose (or `x`);
- a reshape of a reshape -> one reshape, a reshape to `x`'s own static shape -> `x`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.graph.ir import Graph, Operation, SymbolicTensor
from eagerflow._src.graph.passes.common import const_value, is_const, rewire, substitute_inputs

_PASS_THROUGH = {"Identity", "StopGradient"}


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
    name = node.op.name
    ins = node.inputs
    out = node.outputs[0] if len(node.outputs) == 1 else None
    if out is None:
        return None
    if name in _PASS_THROUGH:
        return ins[0] if _same_spec(ins[0], out) or ins[0]._dtype is out._dtype else None
    if name == "Cast" and type(ins[0]) is SymbolicTensor and ins[0]._dtype is out._dtype:
        return ins[0]
    if name in ("Mul", "AddV2", "Sub", "RealDiv") and len(ins) == 2:
        x, y = ins
        unit = 1 if name in ("Mul", "RealDiv") else 0
        if _is_scalar_const(y, unit) and _same_spec(x, out):
            return x
        if name in ("Mul", "AddV2") and _is_scalar_const(x, unit) and _same_spec(y, out):
            return y
        return None
    if name == "Neg":
        x = ins[0]
        if type(x) is SymbolicTensor and x._op.op.name == "Neg":
            return x._op.inputs[0]
        return None
    if name == "Transpose":
        x = ins[0]
        perm = node.attrs.get("perm")
        if perm is not None and list(perm) == sorted(perm) and _same_spec(x, out):
            return x
        if type(x) is SymbolicTensor and x._op.op.name == "Transpose" and perm is not None:
            inner = x._op.attrs.get("perm")
            if inner is not None:
                composed = tuple(inner[p] for p in perm)
                src = x._op.inputs[0]
                if composed == tuple(range(len(composed))) and _same_spec(src, out):
                    return src
                return (node.op, (src,), dict(node.attrs, perm=composed))
        return None
    if name == "Reshape":
        x = ins[0]
        if _same_spec(x, out):
            return x
        if type(x) is SymbolicTensor and x._op.op.name == "Reshape":
            return (node.op, (x._op.inputs[0],), dict(node.attrs))
        return None
    return None


def simplify(graph: Graph) -> Graph:
    repl: dict = {}
    for node in graph.operations:
        substitute_inputs(node, repl)
        if getattr(node.op, "forward_identity", False):
            # a custom gradient's IdentityN: outputs are its first inputs (forward only)
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
                node.inputs, node.attrs = ins, attrs
                continue
            repl[id(node.outputs[0])] = r
            break
    rewire(graph, repl)
    # Replaced nodes are now unused; dce removes them.
    from eagerflow._src.graph.passes.dce import dce

    return dce(graph)
