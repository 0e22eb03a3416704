"""TF's sparse binary ops: SparseAdd (and its gradient SparseAddGrad), SparseTensorDenseAdd,
SparseSparseMaximum and SparseSparseMinimum, and the tf.sparse functions that bind them
(add, maximum, minimum; SparseSoftmax is sparse_softmax.py's).

Ops layer, after sparse_functions. The three ops of two SparseTensors walk both index
lists at once as TF's
kernels do, comparing rows lexicographically: the smaller row goes out first, equal rows
are combined, so unordered inputs give TF's order too (rows are first replaced by their
rank among all rows, so a walk compares integers; operands in order take a vectorized
merge). Indices are checked where TF's kernels check them: SparseSparseMaximum/Minimum
and SparseTensorDenseAdd refuse rows out of bounds, SparseAdd takes any.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.sparse_functions import _sp, reads
from eagerflow._src.ops.sparse_ops import check_coo_ranks

_I64 = dt.int64
_ADD, _ADD_GRAD, _DENSE_ADD = "SparseAdd", "SparseAddGrad", "SparseTensorDenseAdd"
_MAX, _MIN = "SparseSparseMaximum", "SparseSparseMinimum"
# SparseAdd's and SparseAddGrad's CPU kernels, in the order TF lists them
_ADD_KERNELS = (dt.complex128, dt.complex64, dt.int8, dt.int16, dt.int32, dt.int64, dt.float64,
                dt.float32)
_ADD_T = frozenset({dt.float32, dt.float64, dt.int32, dt.uint8, dt.int16, dt.int8, dt.complex64,
                    dt.int64, dt.qint8, dt.quint8, dt.qint32, dt.bfloat16, dt.qint16,
                    dt.quint16, dt.uint16, dt.complex128, dt.float16, dt.uint32, dt.uint64})
_REAL = frozenset({dt.float32, dt.float64, dt.int32, dt.uint8, dt.int16, dt.int8, dt.int64,
                   dt.bfloat16, dt.uint16, dt.float16, dt.uint32, dt.uint64})
# SparseTensorDenseAdd's and SparseSparseMinimum's CPU kernels (TF's order)
_DENSE_ADD_KERNELS = (dt.complex128, dt.complex64, dt.float64, dt.float32, dt.bfloat16,
                      dt.float16, dt.int32, dt.int8, dt.uint8, dt.int16, dt.uint16, dt.uint32,
                      dt.int64, dt.uint64)
_MINMAX_KERNELS = (dt.float64, dt.float32, dt.bfloat16, dt.float16, dt.int32, dt.int8, dt.uint8,
                   dt.int16, dt.uint16, dt.uint32, dt.int64, dt.uint64)
# the values in one of Eigen's AVX packets
_PACKETS = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def _real(d: dt.DType) -> dt.DType:
    return {dt.complex64: dt.float32, dt.complex128: dt.float64}.get(d, d)


def _summary(values: Any) -> str:
    """A tensor's values as TF's messages summarize them: the first 10, then "..."."""
    vals = [str(int(v)) for v in values]
    return " ".join(vals[:10]) + ("..." if len(vals) > 10 else "")


def _known(*xs: Any) -> bool:
    return all(x._shape is not None and None not in x._shape for x in xs)


def _value(x: Any) -> Any:
    arr = getattr(x, "_arr", None)
    return None if arr is None else np.asarray(to_host(arr))


def _int64_inputs(op: str, inputs: tuple, positions: tuple) -> None:
    for i in positions:
        if inputs[i]._dtype is not _I64:
            raise C.wrong_input_dtype(op, i, _I64, inputs[i]._dtype)


def _kernel_for(op: str, d: dt.DType, kernels: tuple, node_attrs: str) -> None:
    if d not in kernels:
        raise C.no_kernel(op, node_attrs, kernels)


# ---------------------------------------------------------------------------------------
# The walk over two index lists.
# ---------------------------------------------------------------------------------------

def _row_ids(*blocks: np.ndarray) -> list:
    """Each block's rows as their rank among all the blocks' distinct rows (lexicographic
    order), so rows compare as those integers do."""
    rows = np.concatenate(blocks, axis=0)
    if rows.shape[1] == 0 or not len(rows):
        ids = np.zeros(len(rows), np.int64)
    else:
        ids = np.unique(rows, axis=0, return_inverse=True)[1].reshape(-1)
    cuts = np.cumsum([len(b) for b in blocks])[:-1]
    return np.split(ids.astype(np.int64), cuts)


def _ordered(ids: np.ndarray) -> bool:
    return bool((ids[1:] >= ids[:-1]).all())


def _occurrence(ids: np.ndarray) -> np.ndarray:
    """Within each run of equal ids of an ordered list, each one's place in its run."""
    pos = np.arange(len(ids))
    starts = np.ones(len(ids), bool)
    starts[1:] = ids[1:] != ids[:-1]
    return pos - np.maximum.accumulate(np.where(starts, pos, 0))


def _walk(ea: np.ndarray, eb: np.ndarray) -> tuple:
    """(ia, ib): for each row the walk emits, its position in a and in b (-1 where that
    operand has none). The walk emits the smaller head, or both heads when they are equal."""
    if _ordered(ea) and _ordered(eb):
        # ordered lists: the k-th copy of a row in a meets the k-th copy in b
        m = max(len(ea), len(eb)) + 1
        ka, kb = ea * m + _occurrence(ea), eb * m + _occurrence(eb)
        keys = np.union1d(ka, kb)
        ia = np.full(len(keys), -1, np.int64)
        ib = np.full(len(keys), -1, np.int64)
        ia[np.searchsorted(keys, ka)] = np.arange(len(ka))
        ib[np.searchsorted(keys, kb)] = np.arange(len(kb))
        return ia, ib
    la, lb = ea.tolist(), eb.tolist()
    i = j = 0
    out_a, out_b = [], []
    while i < len(la) and j < len(lb):
        if la[i] < lb[j]:
            out_a.append(i)
            out_b.append(-1)
            i += 1
        elif la[i] > lb[j]:
            out_a.append(-1)
            out_b.append(j)
            j += 1
        else:
            out_a.append(i)
            out_b.append(j)
            i += 1
            j += 1
    out_a += list(range(i, len(la))) + [-1] * (len(lb) - j)
    out_b += [-1] * (len(la) - i) + list(range(j, len(lb)))
    return np.array(out_a, np.int64), np.array(out_b, np.int64)


def _rows(ia: np.ndarray, ib: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The emitted rows (a's where a has the row)."""
    out = np.empty((len(ia), a.shape[1]), np.int64)
    has_a = ia >= 0
    out[has_a] = a[ia[has_a]]
    out[~has_a] = b[ib[~has_a]]
    return out


def _combine(ia: np.ndarray, ib: np.ndarray, av: np.ndarray, bv: np.ndarray,
             fn: Callable) -> np.ndarray:
    """fn(a's value, b's value) at every emitted row, 0 standing for an absent one."""
    zero = np.zeros((), av.dtype)
    va = np.where(ia >= 0, av[np.maximum(ia, 0)] if len(av) else zero, zero)
    vb = np.where(ib >= 0, bv[np.maximum(ib, 0)] if len(bv) else zero, zero)
    with np.errstate(all="ignore"):
        return np.asarray(fn(va, vb), av.dtype)


# ---------------------------------------------------------------------------------------
# SparseAdd and SparseAddGrad.
# ---------------------------------------------------------------------------------------

def _add_checks(shapes: list, a_dims: Any, b_dims: Any) -> None:
    """SparseAdd's checks in its kernel's order; `a_dims`/`b_dims`: the dense shapes' values
    (None where not known yet)."""
    ai, av, ash, bi, bv, bsh, th = shapes
    if len(ai) != 2 or len(bi) != 2:
        raise C.fail(_ADD, f"Input indices should be matrices but received shapes: "
                           f"{C.shape_str(ai)} and {C.shape_str(bi)}")
    if len(av) != 1 or len(bv) != 1:
        raise C.fail(_ADD, f"Input values should be vectors but received shapes: "
                           f"{C.shape_str(av)} and {C.shape_str(bv)}")
    if av[0] != ai[0] or bv[0] != bi[0]:
        raise C.fail(_ADD, f"Expected {ai[0]} and {bi[0]} non-empty input values, got {av[0]} "
                           f"and {bv[0]}")
    if ai[1] != bi[1]:
        raise C.fail(_ADD, f"Input indices must have the same dimension, got {ai[1]} and "
                           f"{bi[1]}")
    if len(ash) != 1 or len(bsh) != 1:
        raise C.fail(_ADD, f"Input shapes should be a vector but received shapes "
                           f"{C.shape_str(ash)} and {C.shape_str(bsh)}")
    if ash[0] != ai[1]:
        raise C.fail(_ADD, f"Second dimension of a_indices and length of a_shape must match, "
                           f"got {ai[1]} and {ash[0]}")
    if ai[1] == 0:
        raise C.fail(_ADD, "Tesors must not be empty")  # (sic: TF's word)
    if a_dims is None or b_dims is None:
        return
    _same_dense_shapes(_ADD, a_dims, b_dims)
    if len(th) != 0:
        raise C.fail(_ADD, f"The magnitude threshold must be a scalar: got shape "
                           f"{C.shape_str(th)}")


def _same_dense_shapes(op: str, a_dims: np.ndarray, b_dims: np.ndarray) -> None:
    if len(a_dims) != len(b_dims):
        raise C.fail(op, f"Operands do not have the same ranks; got shapes: {_summary(a_dims)} "
                         f"and {_summary(b_dims)}")
    for k, (x, y) in enumerate(zip(a_dims.tolist(), b_dims.tolist())):
        if x != y:
            raise C.fail(op, f"Operands' shapes do not match: got {x} and {y} for dimension {k}")


def _add_infer(ai: Any, av: Any, ash: Any, bi: Any, bv: Any, bsh: Any, thresh: Any) -> list:
    inputs = (ai, av, ash, bi, bv, bsh, thresh)
    d = C.check_dtype(_ADD, av, _ADD_T)
    if bv._dtype is not d:
        raise C.wrong_input_dtype(_ADD, 4, d, bv._dtype)
    C.check_dtype(_ADD, thresh, _REAL, "Treal")
    _int64_inputs(_ADD, inputs, (0, 2, 3, 5))
    _kernel_for(_ADD, d, _ADD_KERNELS, f"T={C.dt_enum(d)}, Treal={C.dt_enum(thresh._dtype)}")
    if _known(*inputs):
        _add_checks([x._shape for x in inputs], _value(ash), _value(bsh))
    cols = ai._shape[1] if ai._shape is not None and len(ai._shape) == 2 else None
    n = ash._shape[0] if ash._shape is not None and len(ash._shape) == 1 else None
    return [((None, cols), _I64), ((None,), d), ((n,), _I64)]


def _threshold(thresh: np.ndarray, real: np.dtype) -> Any:
    """The threshold as the kernel reads it: its bytes taken as the values' real type (TF
    reads a threshold of another type than that as it lies in memory)."""
    if thresh.dtype == real:
        return thresh.reshape(())
    raw = thresh.tobytes()[:real.itemsize].ljust(real.itemsize, b"\0")
    return np.frombuffer(raw, real)[0]


def _magnitude(s: np.ndarray) -> np.ndarray:
    # (C++'s abs widens 8 and 16-bit integers to int; an int32/int64 minimum stays negative)
    if s.dtype in (np.int8, np.int16):
        return np.abs(s.astype(np.int32))
    return np.abs(s)


def _add_kernel(xp: Any, ai: Any, av: Any, ash: Any, bi: Any, bv: Any, bsh: Any,
                thresh: Any) -> tuple:
    a, b, a_dims, b_dims = (np.asarray(to_host(x)) for x in (ai, bi, ash, bsh))
    th = np.asarray(to_host(thresh))
    _add_checks([x.shape for x in (ai, av, ash, bi, bv, bsh, thresh)], a_dims, b_dims)
    va, vb = np.asarray(to_host(av)), np.asarray(to_host(bv))
    ia, ib = _walk(*_row_ids(a, b))
    both = (ia >= 0) & (ib >= 0)
    # (one operand's value is copied as it is, -0 included; both operands' are added)
    sums = np.where(both, _combine(ia, ib, va, vb, np.add),
                    _combine(ia, ib, va, vb, lambda x, y: np.where(ia >= 0, x, y)))
    limit = _threshold(th, np.dtype(_real(dt.from_numpy(va.dtype)).as_numpy_dtype))
    mag = _magnitude(sums)
    keep = ~both | (np.asarray(limit).astype(mag.dtype) <= mag)
    rows = _rows(ia, ib, a, b)[keep]
    return xp.asarray(rows), xp.asarray(sums[keep]), xp.asarray(a_dims)


def _add_reference(ai: np.ndarray, av: np.ndarray, ash: np.ndarray, bi: np.ndarray,
                   bv: np.ndarray, bsh: np.ndarray, thresh: np.ndarray) -> tuple:
    """The walk over the rows as tuples, one step at a time."""
    a, b = [tuple(r) for r in ai.tolist()], [tuple(r) for r in bi.tolist()]
    i = j = 0
    rows, vals = [], []
    while i < len(a) or j < len(b):
        if j == len(b) or (i < len(a) and a[i] < b[j]):
            rows.append(a[i])
            vals.append(av[i])
            i += 1
        elif i == len(a) or b[j] < a[i]:
            rows.append(b[j])
            vals.append(bv[j])
            j += 1
        else:
            with np.errstate(all="ignore"):
                s = av[i] + bv[j]
                small_int = s.dtype.kind == "i" and s.dtype.itemsize <= 2
                mag = abs(int(s)) if small_int else np.abs(s)
            if thresh <= mag:
                rows.append(a[i])
                vals.append(s)
            i += 1
            j += 1
    return (np.array(rows, np.int64).reshape(-1, ai.shape[1]), np.array(vals, av.dtype),
            ash.copy())


def _add_grad(n: Any, g_indices: Any, g_values: Any, g_shape: Any) -> list:
    a_indices, _, _, b_indices = n.inputs[:4]
    ga, gb = bind(SPARSE_ADD_GRAD, (g_values, a_indices, b_indices, n.outputs[0]), {})
    return [None, ga, None, None, gb, None, None]


def _add_grad_checks(g: tuple, ai: tuple, bi: tuple, si: tuple) -> None:
    if len(ai) != 2 or len(bi) != 2 or len(si) != 2:
        raise C.fail(_ADD_GRAD, f"Input indices should be matrices but received shapes: "
                                f"{C.shape_str(ai)} and {C.shape_str(bi)} and "
                                f"{C.shape_str(si)}")
    if len(g) != 1:
        raise C.fail(_ADD_GRAD, f"Input backprop_val_grad should be a vector but received "
                                f"shape: {C.shape_str(g)}")
    if not ai[1] == bi[1] == si[1]:
        # (TF's words run the three numbers together)
        raise C.fail(_ADD_GRAD, f"The densified operands should have the same ndims; for A, B, "
                                f"sum got: {ai[1]}{bi[1]}{si[1]}")
    if g[0] != si[0]:
        raise C.fail(_ADD_GRAD, f"# elements of backprop_val_grad and # rows of sum_indices "
                                f"should match (#nnz of sum): got {g[0]} and {si[0]}")


def _add_grad_infer(g: Any, ai: Any, bi: Any, si: Any) -> list:
    C.check_dtype(_ADD_GRAD, g, _ADD_T)
    _int64_inputs(_ADD_GRAD, (g, ai, bi, si), (1, 2, 3))
    _kernel_for(_ADD_GRAD, g._dtype, _ADD_KERNELS, f"T={C.dt_enum(g._dtype)}")
    if _known(g, ai, bi, si):
        _add_grad_checks(g._shape, ai._shape, bi._shape, si._shape)
    na = ai._shape[0] if ai._shape is not None and len(ai._shape) == 2 else None
    nb = bi._shape[0] if bi._shape is not None and len(bi._shape) == 2 else None
    return [((na,), g._dtype), ((nb,), g._dtype)]


def _grad_walk(ea: list, eb: list, es: list) -> tuple:
    """(a's, b's) position in the sum for each of their rows (-1: none), as TF's kernel
    walks: each operand's row is compared with the current sum row (equal: matched, and the
    operand moves on; smaller: the operand moves on), and the sum moves on when neither
    operand's row was smaller."""
    pa, pb = [-1] * len(ea), [-1] * len(eb)
    i = j = k = 0

    def step(rows: list, at: int, pos: list) -> tuple:
        if rows[at] == es[k]:
            pos[at] = k
            return at + 1, True
        return (at + 1, False) if rows[at] < es[k] else (at, True)

    while i < len(ea) and j < len(eb) and k < len(es):
        i, geq_a = step(ea, i, pa)
        j, geq_b = step(eb, j, pb)
        k += geq_a and geq_b
    while i < len(ea) and k < len(es):
        i, geq = step(ea, i, pa)
        k += geq
    while j < len(eb) and k < len(es):
        j, geq = step(eb, j, pb)
        k += geq
    return np.array(pa, np.int64), np.array(pb, np.int64)


def _increasing(ids: np.ndarray) -> bool:
    return bool((ids[1:] > ids[:-1]).all())


def _add_grad_kernel(xp: Any, g: Any, ai: Any, bi: Any, si: Any) -> tuple:
    _add_grad_checks(g.shape, ai.shape, bi.shape, si.shape)
    grad = np.asarray(to_host(g))
    ea, eb, es = _row_ids(*(np.asarray(to_host(x)) for x in (ai, bi, si)))
    if _increasing(ea) and _increasing(eb) and _increasing(es):
        # rows in order without repeats: the walk matches each row to the sum's equal one
        pa, pb = (np.where(np.isin(e, es), np.searchsorted(es, e), -1) for e in (ea, eb))
    else:
        pa, pb = _grad_walk(ea.tolist(), eb.tolist(), es.tolist())
    zero = np.zeros((), grad.dtype)
    ga = np.where(pa >= 0, grad[np.maximum(pa, 0)] if len(grad) else zero, zero)
    gb = np.where(pb >= 0, grad[np.maximum(pb, 0)] if len(grad) else zero, zero)
    return xp.asarray(ga.astype(grad.dtype)), xp.asarray(gb.astype(grad.dtype))


def _add_grad_reference(g: np.ndarray, ai: np.ndarray, bi: np.ndarray,
                        si: np.ndarray) -> tuple:
    """The walk over the rows as tuples: the sum advanced when no operand's row is behind."""
    a, b, s = ([tuple(r) for r in x.tolist()] for x in (ai, bi, si))
    ga, gb = np.zeros(len(a), g.dtype), np.zeros(len(b), g.dtype)
    i = j = k = 0
    while k < len(s) and (i < len(a) or j < len(b)):
        behind = False
        if i < len(a):
            if a[i] == s[k]:
                ga[i] = g[k]
            behind = a[i] < s[k]
            i += a[i] <= s[k]
        if j < len(b):
            if b[j] == s[k]:
                gb[j] = g[k]
            behind = behind or b[j] < s[k]
            j += b[j] <= s[k]
        k += not behind
    return ga, gb


def _i(rows: list, cols: int = 2) -> np.ndarray:
    return np.array(rows, np.int64).reshape(-1, cols)


_SHAPE = np.array([3, 4], np.int64)

SPARSE_ADD_GRAD = register(OpDef(
    _ADD_GRAD, _add_grad_infer, _add_grad_kernel, num_outputs=2, reference=_add_grad_reference,
    grad=None,  # (TF's NotDifferentiable)
    gpu=False,  # (TF registers its CPU kernel only, sparse_add_grad_op.cc)
    samples=lambda: [
        Sample((np.array([1.0, 2.0, 3.0, 4.0]), _i([[0, 0], [1, 2], [2, 1]]),
                _i([[0, 0], [1, 1], [2, 1]]), _i([[0, 0], [1, 1], [1, 2], [2, 1]])),
               grad=False),
        # rows the threshold dropped get 0; unordered operands walk as TF's kernel walks
        Sample((np.array([1.5, -2.0], np.float32), _i([[0, 0], [1, 2], [2, 1]]),
                _i([[0, 0], [1, 1], [2, 1]]), _i([[1, 1], [1, 2]])), grad=False),
        Sample((np.array([1, 2, 3], np.int32), _i([[2], [0]], 1), _i([[1]], 1),
                _i([[1], [2], [0]], 1)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1.0, 2.0]), _i([[0]], 1), _i([[1]], 1), _i([[0]], 1)), {},
                  InvalidArgumentError, "# elements of backprop_val_grad and # rows of "
                                        "sum_indices should match (#nnz of sum): got 2 and 1"),
        BadSample((np.array([1.0]), _i([[0]], 1), _i([[1, 0]]), _i([[0]], 1)), {},
                  InvalidArgumentError, "for A, B, sum got: 121"),
        BadSample((np.array([1.0], np.float16), _i([[0]], 1), _i([[1]], 1), _i([[0]], 1)), {},
                  NotFoundError, "All kernels registered for op SparseAddGrad")],
))

SPARSE_ADD = register(OpDef(
    _ADD, _add_infer, _add_kernel, num_outputs=3, reference=_add_reference, grad=_add_grad,
    gpu=False,  # (TF registers its CPU kernel only, sparse_add_op.cc)
    samples=lambda: [
        Sample((_i([[0, 0], [1, 2], [2, 1]]), np.array([1.0, 2.0, 3.0]), _SHAPE,
                _i([[0, 0], [1, 1], [2, 1]]), np.array([-1.0, 5.0, -2.5]), _SHAPE,
                np.float64(0.0)), grad_inputs=(1, 4)),
        # sums below the threshold dropped (never one operand's own values)
        Sample((_i([[0, 0], [1, 2], [2, 1]]), np.array([1.0, 0.25, 3.0], np.float32), _SHAPE,
                _i([[0, 0], [1, 1], [2, 1]]), np.array([-1.0, 5.0, -2.5], np.float32), _SHAPE,
                np.float32(0.75)), grad_inputs=(1, 4)),
        # unordered operands and repeated rows: TF's walk
        Sample((_i([[2, 0], [0, 1], [1, 1]]), np.array([1, 2, 3], np.int32), _SHAPE,
                _i([[0, 1], [2, 0], [2, 0]]), np.array([10, 20, 30], np.int32), _SHAPE,
                np.int32(0)), grad=False),
        Sample((_i([[1], [3]], 1), np.array([1 + 1j, 2j], np.complex64), np.array([5]),
                _i([[1]], 1), np.array([-1 + 0j], np.complex64), np.array([5]),
                np.float32(1.5)), grad=False)],
    bad_samples=lambda: [
        BadSample((_i([[0]], 1), np.array([1.0]), np.array([2]), _i([[0]], 1), np.array([1.0]),
                   np.array([3]), np.float64(0)), {}, InvalidArgumentError,
                  "Operands' shapes do not match: got 2 and 3 for dimension 0"),
        BadSample((_i([[0]], 1), np.array([1.0]), np.array([2]), _i([[0, 0]]), np.array([1.0]),
                   np.array([2, 3]), np.float64(0)), {}, InvalidArgumentError,
                  "Input indices must have the same dimension, got 1 and 2"),
        BadSample((_i([[0]], 1), np.array([1.0]), np.array([2]), _i([[0]], 1), np.array([1.0]),
                   np.array([2]), np.array([0.0])), {}, InvalidArgumentError,
                  "The magnitude threshold must be a scalar: got shape [1]"),
        BadSample((_i([[0]], 1), np.array([1.0]), np.array([2]), _i([[0]], 1),
                   np.array([1.0], np.float32), np.array([2]), np.float64(0)), {},
                  InvalidArgumentError, "input #4(zero-based) was expected to be a double"),
        BadSample((_i([[0]], 1), np.array([1], np.uint8), np.array([2]), _i([[0]], 1),
                   np.array([1], np.uint8), np.array([2]), np.uint8(0)), {}, NotFoundError,
                  "SparseAdd[T=DT_UINT8, Treal=DT_UINT8]"),
        BadSample((np.zeros((1, 0), np.int64), np.array([1.0]), np.zeros(0, np.int64),
                   np.zeros((1, 0), np.int64), np.array([1.0]), np.zeros(0, np.int64),
                   np.float64(0)), {}, InvalidArgumentError, "Tesors must not be empty")],
))


# ---------------------------------------------------------------------------------------
# SparseTensorDenseAdd.
# ---------------------------------------------------------------------------------------

def _dense_add_checks(ai: tuple, av: tuple, ash: tuple, b: tuple, dims: Any) -> None:
    check_coo_ranks(_DENSE_ADD, "a_", ai, av, ash)
    for x, y in ((ai[0], av[0]), (ai[1], ash[0])):
        if x != y:
            raise C.fail(_DENSE_ADD, f"Dimensions {x} and {y} are not compatible")
    if ash[0] != len(b):
        raise C.fail(_DENSE_ADD, f"Two operands have different ranks; received: {ash[0]} and "
                                 f"{len(b)}")
    if dims is None:
        return
    for k, (x, y) in enumerate(zip(dims.tolist(), b)):
        if x != y:
            raise C.fail(_DENSE_ADD, f"Dimension {k} does not equal (no broadcasting is "
                                     f"supported): sparse side {x} vs dense side {y}")
    if not 1 <= len(b) <= 5:
        raise C.fail(_DENSE_ADD, f"Only tensors with ranks between 1 and 5 are currently "
                                 f"supported.  Tensor rank: {len(b)}")


def _dense_add_infer(ai: Any, av: Any, ash: Any, b: Any) -> list:
    d = C.check_dtype(_DENSE_ADD, av, _ADD_T)
    if b._dtype is not d:
        raise C.wrong_input_dtype(_DENSE_ADD, 3, d, b._dtype)
    C.check_dtype(_DENSE_ADD, ai, frozenset({dt.int32, dt.int64}), "Tindices")
    if ash._dtype is not ai._dtype:
        raise C.wrong_input_dtype(_DENSE_ADD, 2, ai._dtype, ash._dtype)
    if d not in _DENSE_ADD_KERNELS:
        raise C.no_kernel(_DENSE_ADD, f"T={C.dt_enum(d)}, Tindices={C.dt_enum(ai._dtype)}",
                          others=[("CPU", f"T in [{C.dt_enum(k)}]; Tindices in [{i}]")
                                  for k in _DENSE_ADD_KERNELS
                                  for i in ("DT_INT32", "DT_INT64")])
    if _known(ai, av, ash, b):
        _dense_add_checks(ai._shape, av._shape, ash._shape, b._shape, _value(ash))
    return [(b._shape, d)]


def _out_of_bounds(idx: np.ndarray, dims: np.ndarray) -> Any:
    """(row, dim) of the first index outside `dims`, in row-major order, or None."""
    bad = (idx < 0) | (idx >= dims)
    if not bad.any():
        return None
    row = int(bad.any(axis=1).argmax())
    return row, int(bad[row].argmax())


def _dense_add_kernel(xp: Any, ai: Any, av: Any, ash: Any, b: Any) -> Any:
    dims = np.asarray(to_host(ash)).astype(np.int64)
    _dense_add_checks(ai.shape, av.shape, ash.shape, b.shape, dims)
    idx = np.asarray(to_host(ai)).astype(np.int64)
    bad = _out_of_bounds(idx, dims)
    if bad is not None:
        i, k = bad
        raise C.fail(_DENSE_ADD, f"Sparse tensor has an invalid index on dimension {k}: "
                                 f"a_indices({i},{k}) = {int(idx[i, k])}, dense tensor shape: "
                                 f"{_summary(b.shape)}")
    out = np.array(to_host(b), copy=True)
    with np.errstate(all="ignore"):
        np.add.at(out, tuple(idx.T), np.asarray(to_host(av)))
    return xp.asarray(out)


def _dense_add_reference(ai: np.ndarray, av: np.ndarray, ash: np.ndarray,
                         b: np.ndarray) -> np.ndarray:
    out = b.copy()
    for row, v in zip(ai.tolist(), av):
        with np.errstate(all="ignore"):
            out[tuple(row)] += v
    return out


def _dense_add_grad(n: Any, g: Any) -> list:
    return [None, gather_nd(g, n.inputs[0]), None, g]


SPARSE_TENSOR_DENSE_ADD = register(OpDef(
    _DENSE_ADD, _dense_add_infer, _dense_add_kernel, reference=_dense_add_reference,
    grad=_dense_add_grad,
    gpu=False,  # (TF registers its CPU kernel only, sparse_tensor_dense_add_op.cc)
    samples=lambda: [
        Sample((_i([[0, 0], [1, 2], [0, 0]]), np.array([1.0, 2.0, -0.5]), _SHAPE,
                np.arange(12.0).reshape(3, 4)), grad_inputs=(1, 3)),
        Sample((np.array([[1], [3]], np.int32), np.array([7, 9], np.int32),
                np.array([5], np.int32), np.arange(5, dtype=np.int32)), grad=False),
        Sample((_i([[0, 1, 0]], 3), np.array([1.5], np.float16), np.array([2, 2, 1]),
                np.ones((2, 2, 1), np.float16)), grad=False)],
    bad_samples=lambda: [
        BadSample((_i([[0, 4]]), np.array([1.0]), _SHAPE, np.zeros((3, 4))), {},
                  InvalidArgumentError, "Sparse tensor has an invalid index on dimension 1: "
                                        "a_indices(0,1) = 4, dense tensor shape: 3 4"),
        BadSample((_i([[0, 1]]), np.array([1.0]), _SHAPE, np.zeros((3, 5))), {},
                  InvalidArgumentError, "Dimension 1 does not equal (no broadcasting is "
                                        "supported): sparse side 4 vs dense side 5"),
        BadSample((_i([[0, 1]]), np.array([1.0]), _SHAPE, np.zeros(12)), {},
                  InvalidArgumentError, "Two operands have different ranks; received: 2 and 1"),
        BadSample((_i([[0, 1]]), np.array([1.0]), _SHAPE, np.zeros((3, 4), np.float32)), {},
                  InvalidArgumentError, "input #3(zero-based) was expected to be a double"),
        BadSample((_i([[0, 1], [1, 1]]), np.array([1.0]), _SHAPE, np.zeros((3, 4))), {},
                  InvalidArgumentError, "Dimensions 2 and 1 are not compatible")],
))


# ---------------------------------------------------------------------------------------
# SparseSparseMaximum and SparseSparseMinimum.
# ---------------------------------------------------------------------------------------

def _operand_checks(op: str, ai: tuple, av: tuple, ash: tuple, dims: Any, idx: Any) -> None:
    """The checks TF's kernel makes of one operand, its indices' bounds last."""
    for x, want, what in ((ai, 2, "indices"), (av, 1, "values"), (ash, 1, "shape")):
        if len(x) != want:
            raise C.fail(op, f"Sparse {what} must be rank {want} but is rank {len(x)}")
    if ai[0] != av[0]:
        raise C.fail(op, f"Number of elements in indices ({ai[0]}) and values ({av[0]}) do not "
                         f"match")
    if ai[1] != ash[0]:
        raise C.fail(op, f"Index rank ({ai[1]}) and shape rank ({ash[0]}) do not match")
    if dims is None or idx is None:
        return
    bad = _out_of_bounds(idx, dims)
    if bad is not None:
        row = ", ".join(str(int(v)) for v in idx[bad[0]])
        raise C.fail(op, f"Sparse index tuple indices[{bad[0]}, :] = [{row}] is out of bounds")


def _minmax_checks(op: str, shapes: list, values: list) -> None:
    ai, av, ash, bi, bv, bsh = shapes
    a_idx, a_dims, b_idx, b_dims = values
    _operand_checks(op, ai, av, ash, a_dims, a_idx)
    _operand_checks(op, bi, bv, bsh, b_dims, b_idx)
    if a_dims is None or b_dims is None or a_idx is None or b_idx is None:
        return
    if ai[1] == 0:
        raise C.fail(op, "Tensors must not be empty")
    _same_dense_shapes(op, a_dims, b_dims)


def _minmax_infer(op: str, allowed: frozenset) -> Callable:
    def infer(ai: Any, av: Any, ash: Any, bi: Any, bv: Any, bsh: Any) -> list:
        inputs = (ai, av, ash, bi, bv, bsh)
        d = C.check_dtype(op, av, allowed)
        if bv._dtype is not d:
            raise C.wrong_input_dtype(op, 4, d, bv._dtype)
        _int64_inputs(op, inputs, (0, 2, 3, 5))
        _kernel_for(op, d, _MINMAX_KERNELS, f"T={C.dt_enum(d)}")
        if _known(*inputs):
            _minmax_checks(op, [x._shape for x in inputs],
                           [_value(x) for x in (ai, ash, bi, bsh)])
        return [((None, None), _I64), ((None,), d)]
    return infer


def _larger(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    # TF's scalar max: a NaN of either side, else the first of two equal values (-0 vs 0)
    out = np.where(a < b, b, a)
    return np.where(b != b, b, out)


def _smaller(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.where(b < a, b, a)
    return np.where(b != b, b, out)


def _minmax_kernel(op: str, fn: Callable) -> Callable:
    def kernel(xp: Any, ai: Any, av: Any, ash: Any, bi: Any, bv: Any, bsh: Any) -> tuple:
        a, a_dims, b, b_dims = (np.asarray(to_host(x)) for x in (ai, ash, bi, bsh))
        _minmax_checks(op, [x.shape for x in (ai, av, ash, bi, bv, bsh)],
                       [a, a_dims, b, b_dims])
        ia, ib = _walk(*_row_ids(a, b))
        va, vb = np.asarray(to_host(av)), np.asarray(to_host(bv))
        vals = _combine(ia, ib, va, vb, fn)
        if va.dtype in _PACKETS:
            # Eigen's packets (8 floats, 4 doubles) keep b's of two equal values (-0 vs
            # 0); the values after the last whole packet are the scalar path's
            w = len(vals) // _PACKETS[va.dtype] * _PACKETS[va.dtype]
            second = _combine(ia, ib, va, vb, lambda x, y: y)[:w]
            ties = _combine(ia, ib, va, vb, np.equal)[:w].astype(bool)
            vals[:w] = np.where(ties, second, vals[:w])
        return xp.asarray(_rows(ia, ib, a, b)), xp.asarray(vals)
    return kernel


def _minmax_reference(fn: Callable) -> Callable:
    def reference(ai: np.ndarray, av: np.ndarray, ash: np.ndarray, bi: np.ndarray,
                  bv: np.ndarray, bsh: np.ndarray) -> tuple:
        a, b = [tuple(r) for r in ai.tolist()], [tuple(r) for r in bi.tolist()]
        zero = np.zeros((), av.dtype)
        i = j = 0
        rows, pairs = [], []
        while i < len(a) or j < len(b):
            take_a = j == len(b) or (i < len(a) and a[i] <= b[j])
            take_b = i == len(a) or (j < len(b) and b[j] <= a[i])
            rows.append(a[i] if take_a else b[j])
            pairs.append((av[i] if take_a else zero, bv[j] if take_b else zero))
            i += take_a
            j += take_b
        lanes = _PACKETS.get(av.dtype)
        whole = len(pairs) - len(pairs) % lanes if lanes else 0
        vals = [y if t < whole and x == y else fn(np.asarray(x), np.asarray(y))
                for t, (x, y) in enumerate(pairs)]
        return np.array(rows, np.int64).reshape(-1, ai.shape[1]), np.array(vals, av.dtype)
    return reference


def _minmax_grad(op: str) -> Callable:
    def grad(n: Any, *g: Any) -> list:
        # (TF 2.21's registered gradient takes one output gradient of the op's two)
        raise TypeError(f"_{op}Grad() takes 2 positional arguments but 3 were given")
    return grad


def _minmax_samples() -> list:
    return [
        Sample((_i([[0, 0], [1, 2], [2, 1]]), np.array([1.0, -2.0, 3.0]), _SHAPE,
                _i([[0, 0], [1, 1], [2, 1]]), np.array([-1.0, -5.0, 4.0]), _SHAPE), grad=False),
        Sample((_i([[2, 0], [0, 1], [1, 1]]), np.array([1, 2, -3], np.int32), _SHAPE,
                _i([[0, 1], [2, 0]]), np.array([10, -20], np.int32), _SHAPE), grad=False),
        Sample((_i([[1], [1], [4]], 1), np.array([-0.0, 2.5, np.nan], np.float32),
                np.array([5]), _i([[1], [3]], 1), np.array([0.0, -1.0], np.float32),
                np.array([5])), grad=False)]


def _minmax_bad(op: str) -> Callable:
    return lambda: [
        BadSample((_i([[5]], 1), np.array([1.0]), np.array([3]), _i([[0]], 1), np.array([1.0]),
                   np.array([3])), {}, InvalidArgumentError,
                  "Sparse index tuple indices[0, :] = [5] is out of bounds"),
        BadSample((_i([[0]], 1), np.array([1.0]), np.array([3]), _i([[0]], 1), np.array([1.0]),
                   np.array([4])), {}, InvalidArgumentError,
                  "Operands' shapes do not match: got 3 and 4 for dimension 0"),
        BadSample((_i([[0]], 1), np.array([1.0]), np.array([3]), _i([[0, 0]]), np.array([1.0]),
                   np.array([3, 3])), {}, InvalidArgumentError,
                  "Operands do not have the same ranks; got shapes: 3 and 3 3"),
        BadSample((_i([[0], [1]], 1), np.array([1.0]), np.array([3]), _i([[0]], 1),
                   np.array([1.0]), np.array([3])), {}, InvalidArgumentError,
                  "Number of elements in indices (2) and values (1) do not match"),
        BadSample((_i([[0]], 1), np.array([True]), np.array([3]), _i([[0]], 1),
                   np.array([True]), np.array([3])), {}, InvalidArgumentError,
                  "Value for attr 'T' of bool is not in the list of allowed values")]


SPARSE_SPARSE_MAXIMUM = register(OpDef(
    _MAX, _minmax_infer(_MAX, _REAL), _minmax_kernel(_MAX, _larger), num_outputs=2,
    reference=_minmax_reference(_larger), grad=_minmax_grad(_MAX), samples=_minmax_samples,
    bad_samples=_minmax_bad(_MAX),
    gpu=False,  # (TF registers its CPU kernel only, sparse_sparse_binary_op_shared.cc)
))
SPARSE_SPARSE_MINIMUM = register(OpDef(
    _MIN, _minmax_infer(_MIN, _ADD_T), _minmax_kernel(_MIN, _smaller), num_outputs=2,
    reference=_minmax_reference(_smaller), grad=_minmax_grad(_MIN), samples=_minmax_samples,
    bad_samples=_minmax_bad(_MIN),
    gpu=False,  # (TF registers its CPU kernel only, sparse_sparse_binary_op_shared.cc)
))


# ---------------------------------------------------------------------------------------
# tf.sparse.add, maximum, minimum.
# ---------------------------------------------------------------------------------------

@eager_api("a", "b")
def add(a: Any, b: Any, threshold: Any = 0) -> Any:
    """`tf.sparse.add`: sparse + sparse (SparseAdd: summed where both have an entry; such
    sums smaller in magnitude than `threshold` dropped), or sparse + dense
    (SparseTensorDenseAdd: a dense tensor)."""
    a, b = (SparseTensor.from_value(x) if isinstance(x, SparseTensorValue) else x
            for x in (a, b))
    if not isinstance(a, SparseTensor) and not isinstance(b, SparseTensor):
        raise TypeError("At least one input should be SparseTensor; do you mean to use "
                        "tf.add()?")
    if isinstance(a, SparseTensor) and isinstance(b, SparseTensor):
        return _add_sparse(a, b, threshold)
    sp, dense = (a, b) if isinstance(a, SparseTensor) else (b, a)
    d = sp.values.dtype
    if not isinstance(dense, Tensor):
        dense = convert_to_tensor(dense, dtype=d)
    return bind(SPARSE_TENSOR_DENSE_ADD, (sp.indices, sp.values, sp.dense_shape, dense), {})


def _add_sparse(a: SparseTensor, b: SparseTensor, threshold: Any) -> SparseTensor:
    thresh = convert_to_tensor_v2(threshold, dtype=_real(a.values.dtype), name="threshold")
    ind, val, shape = bind(SPARSE_ADD, (a.indices, a.values, a.dense_shape, b.indices,
                                        b.values, b.dense_shape, thresh), {})
    sa, sb = a.shape, b.shape
    if not sa.is_compatible_with(sb):
        raise ValueError(f"Shapes {sa} and {sb} are incompatible")
    if sa.rank is not None and sb.rank is not None and sa.merge_with(sb).is_fully_defined():
        # (TF's sum takes the operands' static shape, where it is known, as its dense
        # shape: a constant of TF's SparseTensor constructor)
        with name_scope("SparseTensor"):
            shape = convert_to_tensor_v2(sa.merge_with(sb).as_list(), dtype=_I64,
                                         name="dense_shape")
    return SparseTensor._of(ind, val, shape)


@eager_api()
def maximum(sp_a: SparseTensor, sp_b: SparseTensor, name: str | None = None) -> SparseTensor:
    """`tf.sparse.maximum`: the elementwise maximum over the union of both operands' entries
    (an entry one operand lacks counts as 0 there)."""
    return _minmax(SPARSE_SPARSE_MAXIMUM, sp_a, sp_b, name)


@eager_api()
def minimum(sp_a: SparseTensor, sp_b: SparseTensor, name: str | None = None) -> SparseTensor:
    """`tf.sparse.minimum`: the elementwise minimum over the union of both operands'
    entries (an entry one operand lacks counts as 0 there)."""
    return _minmax(SPARSE_SPARSE_MINIMUM, sp_a, sp_b, name)


def _minmax(op: OpDef, sp_a: Any, sp_b: Any, name: str | None) -> SparseTensor:
    # (TF reads both operands' indices and values for its name scope, then dense_shape)
    for x in (sp_a, sp_b):
        reads(x, "indices", "values")
    reads(sp_a, "dense_shape")
    reads(sp_b, "dense_shape")
    a, b = _sp(sp_a), _sp(sp_b)
    ind, val = bind(op, (a.indices, a.values, a.dense_shape, b.indices, b.values,
                         b.dense_shape), {}, name)
    return SparseTensor._of(ind, val, a.dense_shape)
