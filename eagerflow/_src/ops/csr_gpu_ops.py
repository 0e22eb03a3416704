"""The CSR sparse matrix raw ops TF 2.21 has GPU kernels for only (tensorflow/core/kernels/
sparse): SparseMatrixZeros, SparseMatrixAdd, SparseMatrixMul, SparseMatrixSoftmax and
SparseMatrixSoftmaxGrad. On CPU:0 each is refused as TF refuses it (NotFoundError naming
the node and the GPU kernels, where eagerflow has a GPU backend, as TF's CUDA build lists
them; none, as TF's CPU build); on a GPU it runs over the device's arrays:

- Zeros: a matrix of `dense_shape` (a host input) with no entries: its row pointers zeros.
- Add: alpha * a + beta * b (host inputs) as cuSPARSE's csrgeam2 makes it: each row the
  sorted union of the two rows' columns, explicit zeros kept (CSRMatrixValue.plus).
- Mul: the values times a scalar, or each batch item's by its own of a [batch, 1, 1] b;
  the structure kept.
- Softmax: each row's softmax over its stored entries (an empty row stays empty), TF's
  way: the row's largest value (a NaN skipped, from the type's lowest) taken off first.
- SoftmaxGrad: at each entry of `softmax`, (g - sum) * s where `grad_softmax` stores
  the same place (g), -sum * s where it doesn't, sum the row's sum of s * g over the
  places both store; TF's kernel walks both rows' columns in step, so a row's columns
  must be sorted (a row made of unsorted entries matches here by column all the same).

The sums (a row's exponentials, a row's products) are a device's reductions: equal to
TF's to float rounding. TF's gradients: Softmax's is SoftmaxGrad; Add's the output's
gradient at a's places times alpha, at b's times beta (TF's _PruneCSRMatrix); Mul's raises
NotImplementedError; Zeros has none (not differentiable); SoftmaxGrad none.

Ops layer, loaded lazily (tf.raw_ops, imported graphs).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import NotFoundError, UnimplementedError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.csr_matrix_ops import CSR_TO_SPARSE_TENSOR, SPARSE_TENSOR_TO_CSR, _Spec
from eagerflow._src.ops.csr_value import (
    CSRMatrixValue,
    _matrix,
    as_variant,
    from_entries,
    no_entries,
)
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import EQUAL
from eagerflow._src.ops.math_base import where
from eagerflow._src.ops.misc_ops import searchsorted
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, TFForm, register
from eagerflow._src.ops.scans import CUMPROD

_V = ((), dt.variant)
_TYPES = (dt.float32, dt.float64, dt.complex64, dt.complex128)
_REAL = (dt.float32, dt.float64)


def _no_kernel(op: str, attr: str, d: dt.DType, kernels: tuple | None) -> NotFoundError:
    """TF's refusal of a node `op`[attr=d] no kernel takes: the GPU kernels it lists (one
    per dtype of `kernels`, the last registered first; None: one for every dtype), where
    eagerflow has a GPU backend, as TF's CUDA build; else none, as its CPU build."""
    if not D.list_physical_devices("GPU"):
        listed = "  <no registered kernels>"
    elif kernels is None:
        listed = "  device='GPU'"
    else:
        listed = "\n".join(f"  device='GPU'; {attr} in [{C.dt_enum(k)}]"
                           for k in reversed(kernels))
    return NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                     f"{op}[{attr}={C.dt_enum(d)}]\nAll kernels registered "
                                     f"for op {op}:\n{listed}\n [Op:{op}]")


def _placed(xp: Any, op: str, attr: str, d: dt.DType, kernels: tuple | None) -> None:
    """Refuses a call TF finds no kernel for: any on CPU:0, a dtype without a GPU one."""
    if xp is np or (kernels is not None and d not in kernels):
        raise _no_kernel(op, attr, d, kernels)


def _typed(op: str, x: Any, index: int, what: str, want: dt.DType, xp: Any) -> CSRMatrixValue:
    m = _matrix(op, x, index, xp)
    if m.dtype is not want:
        raise C.fail(op, f"dtype of {what} is not equal to 'type': {C.dtype_word(m.dtype)} vs. "
                         f"{C.dtype_word(want)}")
    return m


def _with_values(m: CSRMatrixValue, values: Any) -> np.ndarray:
    """A matrix of `m`'s structure holding `values`."""
    return as_variant(CSRMatrixValue(m.dtype, m.dense_shape, m.batch_pointers,
                                     m.row_pointers, m.col_indices, values))


def _rows(xp: Any, m: CSRMatrixValue) -> tuple:
    """(each entry's row among all items' rows, its place in that row, how many rows,
    the longest row's length: read back from the device)."""
    b, r, _ = m.batches()
    bi, ri, _, _ = m.coo(xp)
    row = bi * r + ri
    ptrs = m.row_pointers.reshape(b, r + 1).astype(np.int64)
    starts = ptrs[:, :-1] + xp.asarray(m.batch_pointers[:-1].astype(np.int64))[:, None]
    longest = int(to_host((ptrs[:, 1:] - ptrs[:, :-1]).max())) if b * r else 0
    return row, xp.arange(row.size, dtype=np.int64) - starts.reshape(-1)[row], b * r, longest


# -- SparseMatrixZeros ------------------------------------------------------------------------

def _zeros_infer(dense_shape: Any, type: Any) -> list:  # noqa: A002
    C.check_dtype("SparseMatrixZeros", _Spec(dt.as_dtype(type)), frozenset(_TYPES), "type")
    return [_V]


def _zeros_kernel(xp: Any, dense_shape: Any, type: Any) -> np.ndarray:  # noqa: A002
    op, d = "SparseMatrixZeros", dt.as_dtype(type)
    _placed(xp, op, "type", d, None)
    shape = to_host(dense_shape).reshape(-1)
    if shape.size not in (2, 3):
        raise C.fail(op, f"sparse tensor must have rank == 2 or 3; but dense shape has "
                         f"{shape.size} entries")
    b, r = (1, int(shape[0])) if shape.size == 2 else (int(shape[0]), int(shape[1]))
    for n in (b, r + 1):
        if n < 0:
            raise C.fail(op, f"Dimension {n} must be >= 0")
    C.check_size(op, (b * (r + 1),), dt.int32)
    return as_variant(no_entries(xp, d, shape))


# -- SparseMatrixAdd --------------------------------------------------------------------------

def _add_infer(a: Any, b: Any, alpha: Any, beta: Any) -> list:
    op = "SparseMatrixAdd"
    C.check_dtype(op, alpha, frozenset(_TYPES))
    if beta._dtype is not alpha._dtype:
        raise C.wrong_input_dtype(op, 3, alpha._dtype, beta._dtype)
    return [_V]


def _add_kernel(xp: Any, a: Any, b: Any, alpha: Any, beta: Any) -> np.ndarray:
    op = "SparseMatrixAdd"
    d = dt.as_dtype(alpha.dtype)
    _placed(xp, op, "T", d, _TYPES)
    ma, mb = (_typed(op, x, i, w, d, xp) for i, (x, w) in enumerate(((a, "a"), (b, "b"))))
    for what, s in (("alpha", alpha), ("beta", beta)):
        if s.ndim:
            raise C.fail(op, f"Expected {what} to be a scalar, saw shape: "
                             f"{C.shape_str(s.shape)}")
    return as_variant(ma.plus(xp, mb, to_host(alpha)[()], to_host(beta)[()], op))


def _pruned(unpruned: Any, pattern: Any, d: dt.DType) -> Any:
    """TF's _PruneCSRMatrix: the entries of `unpruned` at the places `pattern` stores,
    found by their row-major positions (a binary search of unpruned's)."""
    ui, uv, _ = bind(CSR_TO_SPARSE_TENSOR, (unpruned,), {"type": d})
    pi, _, shape = bind(CSR_TO_SPARSE_TENSOR, (pattern,), {"type": d})
    strides = bind(CUMPROD, (shape,), {"axis": 0, "exclusive": True, "reverse": True})
    at_u, at_p = (reduce_sum(i * strides, axis=1) for i in (ui, pi))
    best = searchsorted(at_u, at_p, out_type=dt.int64)
    keep = gather(best, where(bind(EQUAL, (gather(at_u, best), at_p), {})))
    return bind(SPARSE_TENSOR_TO_CSR, (gather_nd(ui, keep), gather_nd(uv, keep), shape), {})


def _add_grad(node: Any, g: Any) -> list:
    a, b, alpha, beta = node.inputs
    d = alpha.dtype
    return [bind(SPARSE_MATRIX_MUL, (_pruned(g, a, d), alpha), {}),
            bind(SPARSE_MATRIX_MUL, (_pruned(g, b, d), beta), {}), None, None]


# -- SparseMatrixMul --------------------------------------------------------------------------

def _mul_infer(a: Any, b: Any) -> list:
    return [_V]


def _mul_kernel(xp: Any, a: Any, b: Any) -> np.ndarray:
    op = "SparseMatrixMul"
    d = dt.as_dtype(b.dtype)
    _placed(xp, op, "T", d, _TYPES)
    m = _matrix(op, a, 0, xp)
    if m.dtype is not d:
        raise C.fail(op, f"Input types don't match.  a.dtype == {C.dtype_word(m.dtype)} vs. "
                         f"b.dtype == {C.dtype_word(d)}")
    items = int(m.dense_shape[0])
    if b.ndim == 3:
        if len(m.dense_shape) != 3 or b.shape[0] != items or b.size != items:
            raise C.fail(op, f"If b is a rank-3 tensor, then a must be a rank 3 and the size "
                             f"of b be [batch_size, 1, 1].  But the shape of b is: "
                             f"{C.shape_str(b.shape)} and the shape of a is: Tensor<type: "
                             f"int64 shape: [{m.dense_shape.size}] values: "
                             f"{' '.join(str(int(v)) for v in m.dense_shape)}>")
        # (each entry's item: among the items' first entries, those at or before it)
        starts = xp.asarray(m.batch_pointers[1:].astype(np.int64))
        item = xp.searchsorted(starts, xp.arange(m.nnz, dtype=np.int64), side="right")
        return _with_values(m, m.values[:m.nnz] * b.reshape(-1)[item])
    if b.ndim:
        raise UnimplementedError(None, None, f"Multiplying by a 2D+ dense tensor is not "
                                             f"currently supported, but shape of b is: "
                                             f"{C.shape_str(b.shape)} [Op:{op}]")
    return _with_values(m, m.values[:m.nnz] * b)


def _mul_grad(node: Any, g: Any) -> list:
    raise NotImplementedError  # (TF's gradient of SparseMatrixMul, as registered)


# -- SparseMatrixSoftmax and its gradient ------------------------------------------------------

def _real_type(op: str, type: Any) -> list:  # noqa: A002
    C.check_dtype(op, _Spec(dt.as_dtype(type)), frozenset(_REAL), "type")
    return [_V]


def _softmax_infer(logits: Any, type: Any) -> list:  # noqa: A002
    return _real_type("SparseMatrixSoftmax", type)


def _softmax_grad_infer(softmax: Any, grad_softmax: Any, type: Any) -> list:  # noqa: A002
    return _real_type("SparseMatrixSoftmaxGrad", type)


def _softmax_kernel(xp: Any, logits: Any, type: Any) -> np.ndarray:  # noqa: A002
    op, d = "SparseMatrixSoftmax", dt.as_dtype(type)
    _placed(xp, op, "type", d, _REAL)
    m = _typed(op, logits, 0, "logits", d, xp)
    if not m.nnz:
        return _with_values(m, m.values[:0])
    row, place, count, longest = _rows(xp, m)
    v = m.values[:m.nnz]
    lowest = np.finfo(v.dtype).min
    # (each row's entries side by side, padded with the lowest value, a NaN taken as that:
    # TF's running max starts there and skips a NaN)
    padded = xp.full((count, longest), lowest, v.dtype)
    padded[row, place] = xp.where(xp.isnan(v), v.dtype.type(lowest), v)
    e = xp.exp(v - padded.max(axis=1)[row])
    sums = xp.zeros(count, v.dtype)
    add_at(xp, sums, row, e)
    return _with_values(m, e / sums[row])


def _softmax_grad(node: Any, g: Any) -> list:
    return [bind(SPARSE_MATRIX_SOFTMAX_GRAD, (node.outputs[0], g), dict(node.attrs))]


def _softmax_grad_kernel(xp: Any, softmax: Any, grad_softmax: Any,
                         type: Any) -> np.ndarray:  # noqa: A002
    op, d = "SparseMatrixSoftmaxGrad", dt.as_dtype(type)
    _placed(xp, op, "type", d, _REAL)
    s = _typed(op, softmax, 0, "softmax", d, xp)
    g = _typed(op, grad_softmax, 1, "grad_softmax", d, xp)
    if s.dense_shape.size != g.dense_shape.size:
        raise C.fail(op, f"Ranks of softmax and grad_softmax matrices differ: "
                         f"{s.dense_shape.size} vs. {g.dense_shape.size}")
    if not np.array_equal(s.dense_shape, g.dense_shape):
        words = [" ".join(str(int(v)) for v in m.dense_shape[:3]) +
                 ("..." if m.dense_shape.size > 3 else "") for m in (s, g)]
        raise C.fail(op, f"Shapes of softmax and grad_softmax matrices differ: {words[0]} vs. "
                         f"{words[1]}")
    if not s.nnz:
        return _with_values(s, s.values[:0])
    _, rows, cols = s.batches()
    sb, sr, sc, sv = s.coo(xp)
    skeys = (sb * rows + sr) * cols + sc
    gv = g.values[:g.nnz]
    found = xp.zeros(sv.size, bool)
    at = xp.zeros(sv.size, sv.dtype)
    if g.nnz:
        gb, gr, gc, _ = g.coo(xp)
        gkeys = (gb * rows + gr) * cols + gc
        order = xp.argsort(gkeys, kind="stable")
        sorted_keys = gkeys[order]
        place = xp.minimum(xp.searchsorted(sorted_keys, skeys), g.nnz - 1)
        found = sorted_keys[place] == skeys
        at = xp.where(found, gv[order[place]], sv.dtype.type(0))
    row = sb * rows + sr
    sums = xp.zeros(s.batches()[0] * rows, sv.dtype)
    add_at(xp, sums, row, xp.where(found, sv * at, sv.dtype.type(0)))
    total = sums[row]
    return _with_values(s, xp.where(found, (at - total) * sv, -total * sv))


# -- the ops ---------------------------------------------------------------------------------
# (no samples: they refuse every call on CPU:0, where the registry's suites run them;
# tests/backend/test_csr_on_device.py runs them on the device, against references)

def _refused(op: str, inputs: tuple, attrs: dict, node: str) -> list:
    return [BadSample(inputs, attrs, NotFoundError, f"Could not find device for node: {{{{node "
                                                    f"{op}}}}} = {op}[{node}]", cpu_only=True)]


def _mat3() -> np.ndarray:
    d = np.array([[1, 0, 2], [0, 0, 3], [4, 0, 0]], np.float32)
    return as_variant(from_entries(np, dt.float32, d.shape, np.argwhere(d != 0), d[d != 0]))


_CSR = dict(no_fold=True, holds_variants=True)
# (the attr `type`, which no sample shows the graph importer: named so)
_TYPED = dict(_CSR, tf=TFForm(takes_handles=True, names={"type": "type"}))
_UNTYPED = dict(_CSR, tf=TFForm(takes_handles=True))

SPARSE_MATRIX_ZEROS = register(OpDef(
    "SparseMatrixZeros", _zeros_infer, _zeros_kernel, host_inputs=(0,),  # (not differentiable)
    bad_samples=lambda: _refused("SparseMatrixZeros", (np.int64([3, 3]),),
                                 {"type": dt.float32}, "type=DT_FLOAT"), **_TYPED,
))

SPARSE_MATRIX_ADD = register(OpDef(
    "SparseMatrixAdd", _add_infer, _add_kernel, grad=_add_grad, host_inputs=(2, 3),
    bad_samples=lambda: _refused("SparseMatrixAdd", (_mat3(), _mat3(), np.float32(1),
                                                     np.float32(2)), {}, "T=DT_FLOAT"),
    **_UNTYPED,
))

SPARSE_MATRIX_MUL = register(OpDef(
    "SparseMatrixMul", _mul_infer, _mul_kernel, grad=_mul_grad,
    bad_samples=lambda: _refused("SparseMatrixMul", (_mat3(), np.float32(2)), {},
                                 "T=DT_FLOAT"), **_UNTYPED,
))

SPARSE_MATRIX_SOFTMAX = register(OpDef(
    "SparseMatrixSoftmax", _softmax_infer, _softmax_kernel,
    grad=_softmax_grad,
    bad_samples=lambda: _refused("SparseMatrixSoftmax", (_mat3(),), {"type": dt.float32},
                                 "type=DT_FLOAT"), **_TYPED,
))

SPARSE_MATRIX_SOFTMAX_GRAD = register(OpDef(
    "SparseMatrixSoftmaxGrad", _softmax_grad_infer, _softmax_grad_kernel, grad=C.no_gradient,
    bad_samples=lambda: _refused("SparseMatrixSoftmaxGrad", (_mat3(), _mat3()),
                                 {"type": dt.float32}, "type=DT_FLOAT"), **_TYPED,
))

OPS = frozenset(op.name for op in (SPARSE_MATRIX_ZEROS, SPARSE_MATRIX_ADD, SPARSE_MATRIX_MUL,
                                   SPARSE_MATRIX_SOFTMAX, SPARSE_MATRIX_SOFTMAX_GRAD))
