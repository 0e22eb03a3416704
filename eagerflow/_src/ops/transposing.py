"""Permuting axes: Transpose (tf.transpose) and InvertPermutation (its gradient's inverse
of a runtime permutation).

Sits in ops/ under array.py (which re-exports them from here), over dynshape.py: a
permutation given as a graph tensor known only at run time is the op's second input.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    check_runtime_arg,
    runtime_attr,
    shape_arg,
    static_ints,
    traced_arg,
)
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.graph_constants import scope_name
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(1)
_pyrange = builtins.range


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _transpose_infer(x: Any, *dyn: Any, perm: tuple | None, op: str = "Transpose") -> list:
    if x._dtype in dt.NARROW_DTYPES:  # (the node's words made only for a refusal)
        C.refuse_narrow(op, x._dtype, f"T={C.dt_enum(x._dtype)}, Tperm=DT_INT32")
    if dyn:
        check_runtime_arg(op, dyn, "perm")
    if x._shape is None:
        return [(None, x._dtype)]
    n = len(x._shape)
    if dyn:  # a runtime perm: TF knows the rank only
        if perm is not None and len(perm) != n:
            raise C.fail(op, f"transpose expects a vector of size {n}. But input(1) is a "
                             f"vector of size {len(perm)}")
        return [((None,) * n, x._dtype)]
    if perm is None:
        perm = tuple(reversed(_pyrange(n)))
    if len(perm) != n:
        raise C.fail(op, f"transpose expects a vector of size {n}. But input(1) is a vector "
                         f"of size {len(perm)}")
    if sorted(p % n if -n <= p < n else -1 for p in perm) != list(_pyrange(n)):
        adjusted = [p + n if p < 0 else p for p in perm]  # TF's kernel adds the rank once
        for d in adjusted:
            if not 0 <= d < n:
                raise C.fail(op, f"{d} is out of range [0 .. {n})")
        missing = next(i for i in _pyrange(n) if i not in adjusted)
        raise C.fail(op, f"{missing} is missing from {{{','.join(map(str, adjusted))}}}.")
    return [(tuple(x._shape[p] for p in perm), x._dtype)]




def _inverse_perm(perm: tuple) -> tuple:
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p % len(perm)] = i
    return tuple(inv)


def _transpose_kernel(xp: Any, x: Any, *dyn: Any, perm: tuple | None) -> Any:
    if dyn:
        perm = runtime_attr("Transpose", _transpose_infer, (x,), dyn, "perm", perm)
    return xp.transpose(x, perm)


def _conjugate_transpose_kernel(xp: Any, x: Any, *dyn: Any, perm: tuple | None) -> Any:
    if dyn:
        perm = runtime_attr("ConjugateTranspose",
                            lambda *a, **k: _transpose_infer(*a, **k, op="ConjugateTranspose"),
                            (x,), dyn, "perm", perm)
    out = xp.transpose(x, perm)
    return xp.conj(out) if out.dtype.kind == "c" else out


def _transpose_grad(n: Any, g: Any, op: Any = None) -> list:
    """TF's: g transposed by InvertPermutation(perm), the forward's perm tensor in a graph
    (its Const, or the runtime perm). Eagerly the inverse of a perm held as an attr is
    computed here, without the op, unless an entry is negative: TF's Transpose takes one,
    its InvertPermutation refuses it, and so its gradient fails."""
    if len(n.inputs) == 1:
        perm = n.attrs["perm"]
        if perm is None:  # (the default: the axes reversed)
            perm = tuple(reversed(_pyrange(len(n.inputs[0]._shape))))
        if _state.graph is None and min(perm, default=0) >= 0:
            return [bind(op or TRANSPOSE, (g,), {"perm": _inverse_perm(perm)})]
        p = traced_arg(n, 1, None)
        if p is None:
            p = convert_to_tensor(list(perm), dtype=dt.int32)
    else:
        p = n.inputs[1]
    inverse = bind(INVERT_PERMUTATION, (p,), {})
    return [transpose(g, inverse, conjugate=op is not None)] + [None] * (len(n.inputs) - 1)


def _transpose_rewrite(node: Any) -> Any:
    """The identity permutation is the input; a transpose of a transpose is one transpose,
    or the input itself; a runtime perm folded to a constant is the attr (the simplify
    pass)."""
    x, out, perm = node.inputs[0], node.outputs[0], node.attrs.get("perm")
    if len(node.inputs) == 2:
        held = getattr(node.inputs[1], "_op", None)
        if held is None or held.op.name != "Const":
            return None
        perm = tuple(int(p) for p in np.asarray(held.attrs["value"]).reshape(-1))
        try:
            _transpose_infer(x, perm=perm)
        except InvalidArgumentError:
            return None  # (refused when the graph runs, as TF's)
        return (x,), dict(node.attrs, perm=perm)
    if perm is None:
        return None
    if list(perm) == sorted(perm) and C.same_static_spec(x, out):
        return x
    producer = getattr(x, "_op", None)
    if producer is not None and producer.op is TRANSPOSE:
        inner = producer.attrs.get("perm")
        if inner is not None:
            composed = tuple(inner[p] for p in perm)
            src = producer.inputs[0]
            if composed == tuple(_pyrange(len(composed))) and C.same_static_spec(src, out):
                return src
            return (src,), dict(node.attrs, perm=composed)
    return None


TRANSPOSE = register(OpDef(
    "Transpose", _transpose_infer, _transpose_kernel, grad=_transpose_grad,
    reference=lambda x, perm: np.array([x[tuple(idx[perm.index(k)] for k in _pyrange(x.ndim))]
                                        for idx in np.ndindex(*(x.shape[p] for p in perm))])
    .reshape([x.shape[p] for p in perm]),
    samples=lambda: [Sample((_f64(2, 3, 4),), {"perm": (2, 0, 1)}),
                     Sample((_f64(2, 3),), {"perm": (1, 0)})],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"perm": (0, 0)}, InvalidArgumentError)],
    rewrite=_transpose_rewrite,
))

# The transpose of complex values' conjugates (other values' transpose): TF's op for
# tf.transpose(conjugate=True) and tf.linalg.adjoint of complex tensors
CONJUGATE_TRANSPOSE = register(OpDef(
    "ConjugateTranspose",
    lambda x, *dyn, perm: _transpose_infer(x, *dyn, perm=perm, op="ConjugateTranspose"),
    _conjugate_transpose_kernel,
    grad=lambda n, g: _transpose_grad(n, g, CONJUGATE_TRANSPOSE),
    reference=lambda x, perm: np.conj(TRANSPOSE.reference(x, perm)) if x.dtype.kind == "c"
    else TRANSPOSE.reference(x, perm),
    samples=lambda: [
        Sample(((_f64(2, 3, 4) + 1j * _f64(2, 3, 4)).astype(np.complex64),), {"perm": (2, 0, 1)},
               grad=False),
        Sample((_f64(2, 3),), {"perm": (1, 0)}),
        Sample((np.array([[b"a", b"b"]], object),), {"perm": (1, 0)}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)),), {"perm": (0, 0)}, InvalidArgumentError,
                  "1 is missing from {0,0}."),
        BadSample((np.ones((2, 3)),), {"perm": (0,)}, InvalidArgumentError,
                  "transpose expects a vector of size 2. But input(1) is a vector of size 1")],
))


def _invert_permutation_infer(p: Any) -> list:
    C.check_dtype("InvertPermutation", p, C.INDEX)
    if p._shape is not None and len(p._shape) != 1:
        raise C.fail("InvertPermutation", "invert_permutation expects a 1D vector.")
    return [(p._shape, p._dtype)]


def _invert_permutation_kernel(xp: Any, p: Any) -> Any:
    # (read on the host on any device: TF's GPU kernel is its CPU one, over HostMemory x
    # and y; the inverse goes to the device as the op's output)
    p = to_host(p)
    n = p.shape[0]
    seen = np.zeros(n, bool)
    for i in p.tolist():
        if not 0 <= i < n:
            raise C.fail("InvertPermutation", f"{i} is not between 0 and {n}")
        if seen[i]:
            raise C.fail("InvertPermutation", f"{i} is duplicated in the input.")
        seen[i] = True
    out = np.empty_like(p)
    out[p] = np.arange(n, dtype=p.dtype)
    return xp.asarray(out)


def _invert_permutation_fold(node: Any, value_of: Any) -> Any:
    """dynshape: the inverse of a permutation known while tracing (a transpose's gradient
    then transposes by a static perm); None for one the op would refuse."""
    p = value_of(node.inputs[0])
    if not isinstance(p, list) or sorted(p) != list(_pyrange(len(p))):
        return None
    return list(_inverse_perm(tuple(p)))


INVERT_PERMUTATION = register(OpDef(
    "InvertPermutation", _invert_permutation_infer, _invert_permutation_kernel,
    fold=_invert_permutation_fold, fold_partial=False,
    host_inputs=(0,),  # (TF's HostMemory("x"): the permutation is read on the host)
    reference=lambda p: np.array([p.tolist().index(i) for i in _pyrange(p.size)], p.dtype),
    samples=lambda: [Sample((np.array([2, 0, 3, 1], np.int32),), grad=False)],
    bad_samples=lambda: [BadSample((np.array([0, 0], np.int32),), {}, InvalidArgumentError,
                                   "0 is duplicated in the input."),
                         BadSample((np.array([0, 2], np.int64),), {}, InvalidArgumentError,
                                   "2 is not between 0 and 2")],
))


_TPERM = ("Transpose", "Tperm", "perm must be rank 1, got shape {shape}", "vector")
_CONJ_TPERM = ("ConjugateTranspose",) + _TPERM[1:]


@dispatch_binding
@eager_api("a", "perm", scoped=True)
def transpose(a: Any, perm: Any = None, conjugate: bool = False, name: str = "transpose") -> Any:
    given, a = a, _t(a)
    conjugate = bool(conjugate) and a._dtype.is_complex  # (TF's test of it comes first)
    if perm is None:
        if a._shape is None:
            raise ValueError("transpose of a tensor of unknown rank needs perm")
        perm = tuple(reversed(list(_pyrange(len(a._shape)))))
    op, words = (CONJUGATE_TRANSPOSE, _CONJ_TPERM) if conjugate else (TRANSPOSE, _TPERM)
    if _state.graph is None:  # (TF's kernel reads an int64 perm as int32s: 2**32 + 1 is 1)
        perm = AV.int32s(static_ints(perm, "perm", words, (given,), True))
        return bind(op, (a,), {"perm": perm})
    # TF's transpose makes its op inside a name scope of its name: a tape names the
    # gradient under it ("gradient_tape/transpose/...")
    static, dyn = shape_arg(perm, "perm", words, defined=True)
    return bind(op, (a,) + dyn, {"perm": static}, scope_name(name, "transpose") + "/")


