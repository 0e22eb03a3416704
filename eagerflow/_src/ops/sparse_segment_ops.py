"""TF's sparse segment reductions, tf.sparse.segment_sum/mean/sqrt_n: SparseSegment{Sum,Mean,
SqrtN} (output rows up to the last segment id) and their WithNumSegments forms (a
num_segments input), and the ops of their gradients: SparseSegment{Sum,Mean,SqrtN}Grad (a
dense gradient of data) and ...GradV2 (its rows at the sorted unique indices, for an
IndexedSlices gradient, when the forward op's `sparse_gradient` is set).

Ops layer, over indexed_slices.py and indexing.py; sparse_functions.py and embedding_sparse.py
call it. The kernels compute as TF's CPU kernels do, so that the bits are TF's: a segment's
rows are summed in blocks (the first 2 to 9 in order, then eight at a time, each block summed
on its own and added), float16/bfloat16 in float32; a mean or sqrt(n) multiplies by the
reciprocal of the count where the segment is its first block alone, divides by it otherwise.
Their checks follow TF's order and words: the segment ids of each run in turn (increasing,
in range), then the indices of that run.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.indexing import _static_int
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(97)
_KINDS = {"sum": "Sum", "mean": "Mean", "sqrt_n": "SqrtN"}
_INT32_MAX = 2**31 - 1


def _t(x: Any) -> Tensor:
    return x if isinstance(x, Tensor) else convert_to_tensor(x)


def _acc(dtype: np.dtype) -> np.dtype:
    """The type TF's kernels accumulate in: float32 for the half types."""
    return np.dtype(np.float32) if dt.as_dtype(dtype) in (dt.float16, dt.bfloat16) else dtype


def _vectors(op: str, indices: Any, ids: Any, scalar: Any, scalar_word: str,
             scalar_first: bool) -> None:
    """The shape checks TF's kernels make first, in their order: (a num_segments scalar),
    the indices and ids vectors, (an output_dim0 scalar), of one size."""
    def check_scalar() -> None:
        if scalar is not None and scalar._shape not in ((), None):
            words = f"{scalar_word} should be a scalar"
            raise C.fail(op, f"{words}, not shape {C.shape_str(scalar._shape)}"
                         if scalar_first else f"{words}.")
    if scalar_first:
        check_scalar()
    if indices._shape is not None and len(indices._shape) != 1:
        raise C.fail(op, "indices should be a vector.")
    if ids._shape is not None and len(ids._shape) != 1:
        raise C.fail(op, "segment_ids should be a vector.")
    if not scalar_first:
        check_scalar()
    n, m = (indices._shape or (None,))[0], (ids._shape or (None,))[0]
    if None not in (n, m) and n != m:
        raise C.fail(op, "segment_ids and indices should have same size.")


def _graph_shapes(op: str, first: Any, indices: Any, ids: Any, scalar: Any, scalar_word: str,
                  grad: bool) -> None:
    """The shapes TF's shape functions refuse while a graph is built, in their order and
    words (a ValueError there): data's (or grad's) rank, the indices' and ids', their sizes
    (the ids' first for the gradients' ops), the scalar's rank, then a known negative one
    (GradV2's shape function leaves that to its kernel)."""
    if first._shape is not None and not first._shape:
        raise C.fail(op, "Shape must be at least rank 1 but is rank 0")
    for x in (indices, ids):
        if x._shape is not None and len(x._shape) != 1:
            raise C.fail(op, f"Shape must be rank 1 but is rank {len(x._shape)}")
    a, b = (ids, indices) if grad else (indices, ids)
    n, m = (a._shape or (None,))[0], (b._shape or (None,))[0]
    if None not in (n, m) and n != m:
        raise C.fail(op, f"Dimension 0 in both shapes must be equal, but are {n} and {m}. "
                         f"Shapes are [{n}] and [{m}].")
    if scalar is not None and scalar._shape not in ((), None):
        raise C.fail(op, f"Shape must be rank 0 but is rank {len(scalar._shape)}")
    value = None if scalar is None or op.endswith("V2") else _static_int(scalar)
    if value is not None and value < 0:
        raise C.fail(op, f"Cannot specify a negative value for {scalar_word}")


# ---------------------------------------------------------------------------------------
# The reductions.
# ---------------------------------------------------------------------------------------

def _num_rows(op: str, ids: np.ndarray, num_segments: Any) -> int:
    """The output's rows: num_segments (TF reads it as an int32), else the last id + 1."""
    last = int(ids[-1]) if ids.size else -1
    if num_segments is None:
        if ids.size and last < 0:
            raise C.fail(op, "segment ids must be >= 0")
        if last >= _INT32_MAX:
            raise C.fail(op, f"Last segment id must be < kintmax, got {last} limit "
                             f"{_INT32_MAX}")
        return last + 1
    count = int(num_segments)
    if count < 0:
        raise C.fail(op, "segment ids must be >= 0")
    rows = int(np.int64(count).astype(np.int32))
    if ids.size and last >= rows:
        raise C.fail(op, "segment ids must be < num_segments")
    return rows


def _check_runs(op: str, idx: np.ndarray, ids: np.ndarray, rows: int, data_rows: int) -> None:
    """Each run of equal ids in turn, as TF's kernel walks them: followed by no smaller id,
    inside [0, rows), then its indices inside data's rows."""
    if not ids.size:
        return
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    runs = ids[starts]
    falling = np.r_[runs[1:] < runs[:-1], False]
    outside = (runs < 0) | (runs >= rows)
    bad = (idx < 0) | (idx >= data_rows)
    bad_run = np.zeros(len(runs), bool)
    if bad.any():
        bad_run = np.logical_or.reduceat(bad, starts)
    first = np.flatnonzero(falling | outside | bad_run)
    if not first.size:
        return
    k = int(first[0])
    if falling[k]:
        raise C.fail(op, "segment ids are not increasing")
    if outside[k]:
        raise C.fail(op, f"Segment id {int(runs[k])} out of range [0, {rows}), possibly "
                         "because 'segment_ids' input is not sorted.")
    i = int(starts[k] + np.flatnonzero(bad[starts[k]:])[0])
    raise C.fail(op, f"Bad: indices[{i}] == {int(idx[i])} out of range [0, {data_rows})")


def _blocked_sums(xp: Any, rows: Any, ids: np.ndarray, num_rows: int) -> tuple:
    """Each segment's sum of `rows` (in the ids' order) as TF's kernel adds them: the
    first r rows in order (r: the count mod 8, plus 8 where that leaves under 2 of 8 or
    more), then each next eight summed alone and added. Returns the sums and the counts.
    The ids are host values (host inputs): which row goes where is worked out on the
    host, and only the rows' arithmetic is done on `xp`'s device, so nothing is read
    back (a test of the device's masks would be one read each)."""
    out = xp.zeros((num_rows,) + rows.shape[1:], dtype=rows.dtype)
    counts = np.zeros(num_rows, dtype=np.int64)
    if not len(ids):
        return out, xp.asarray(counts)
    np.add.at(counts, ids, 1)
    n = counts[ids]
    start = np.searchsorted(ids, ids)  # (sorted: each row's segment begins there)
    j = np.arange(len(ids)) - start
    r = n % 8
    r = np.where((n >= 8) & (r < 2), r + 8, r)
    head = j < r
    first = np.flatnonzero(j == 0)
    out[xp.asarray(ids[first])] = rows[xp.asarray(first)]  # (a copy: a lone -0.0 stays)
    rest = np.flatnonzero(head & (j != 0))
    add_at(xp, out, xp.asarray(ids[rest]), rows[xp.asarray(rest)])
    tail = np.flatnonzero(~head)
    if tail.size:
        block = (j[tail] - r[tail]) // 8
        tail_ids = ids[tail]
        key = np.cumsum(_starts((block[1:] != block[:-1]) | (tail_ids[1:] != tail_ids[:-1]))) - 1
        lead = _starts(key[1:] != key[:-1])
        parts = xp.zeros((int(key[-1]) + 1,) + rows.shape[1:], dtype=rows.dtype)
        parts[xp.asarray(key[lead])] = rows[xp.asarray(tail[lead])]
        add_at(xp, parts, xp.asarray(key[~lead]), rows[xp.asarray(tail[~lead])])
        add_at(xp, out, xp.asarray(tail_ids[lead]), parts)
    return out, xp.asarray(counts)


def _starts(changes: np.ndarray) -> np.ndarray:
    """Where runs begin, given where each element differs from the one before."""
    return np.concatenate((np.ones(1, dtype=bool), changes))


def _scaled(xp: Any, sums: Any, counts: Any, kind: str) -> Any:
    """Means and sqrt(n)s: by the reciprocal of a segment of at most 9 rows (one block),
    over the divisor otherwise; empty segments stay 0."""
    if kind == "sum":
        return sums
    c = xp.maximum(counts, 1).astype(sums.dtype)
    den = c if kind == "mean" else xp.sqrt(c)
    shape = (-1,) + (1,) * (sums.ndim - 1)
    one = sums.dtype.type(1)
    with np.errstate(all="ignore"):
        return xp.where((counts <= 9).reshape(shape), sums * (one / den).reshape(shape),
                        sums / den.reshape(shape))


def _forward_kernel(op: str, kind: str, with_n: bool) -> Any:
    def compute(xp: Any, data: Any, indices: Any, ids: Any, ns: Any) -> Any:
        idx, seg = to_host(indices).astype(np.int64), to_host(ids).astype(np.int64)
        num_rows = _num_rows(op, seg, None if ns is None else to_host(ns))
        if data.ndim < 1:
            raise C.fail(op, "Shape must be at least rank 1")
        _check_runs(op, idx, seg, num_rows, data.shape[0])
        check_finite_size(op, (num_rows,) + data.shape[1:], dt.as_dtype(data.dtype))
        acc = _acc(data.dtype)
        rows = data[xp.asarray(idx)].astype(acc, copy=False)
        sums, counts = _blocked_sums(xp, rows, seg, num_rows)
        return _scaled(xp, sums, counts, kind).astype(data.dtype, copy=False)
    return _arity(compute, with_n, xp=True)


def _arity(fn: Any, with_n: bool, xp: bool = False) -> Any:
    """`fn` over the op's inputs: three, or four with num_segments (None when absent)."""
    if xp:
        if with_n:
            def kernel_n(xp: Any, data: Any, indices: Any, ids: Any, num_segments: Any, *,
                         sparse_gradient: bool = False) -> Any:
                return fn(xp, data, indices, ids, num_segments)
            return kernel_n

        def kernel(xp: Any, data: Any, indices: Any, ids: Any, *,
                   sparse_gradient: bool = False) -> Any:
            return fn(xp, data, indices, ids, None)
        return kernel
    if with_n:
        def of_n(data: Any, indices: Any, ids: Any, num_segments: Any, *,
                 sparse_gradient: bool = False) -> Any:
            return fn(data, indices, ids, num_segments)
        return of_n

    def of(data: Any, indices: Any, ids: Any, *, sparse_gradient: bool = False) -> Any:
        return fn(data, indices, ids, None)
    return of


def _forward_infer(op: str, allowed: frozenset, with_n: bool) -> Any:
    def infer(data: Any, indices: Any, ids: Any, ns: Any) -> list:
        C.check_dtype(op, data, allowed)
        C.check_dtype(op, indices, C.INDEX, "Tidx")
        if with_n:
            C.check_dtype(op, ns, C.INDEX, "Tnumsegments")
        C.check_dtype(op, ids, C.INDEX, "Tsegmentids")
        if _state.graph is not None:
            _graph_shapes(op, data, indices, ids, ns, "num_segments", False)
        _vectors(op, indices, ids, ns, "num_segments", True)
        rows = None
        if with_n:
            count = _static_int(ns)
            if count is not None and count >= 0:
                rows = int(np.int64(count).astype(np.int32))
                rows = rows if rows >= 0 else None  # (refused by the kernel)
        if data._shape is None or not data._shape:  # (a scalar: refused by the kernel)
            return [(None, data._dtype)]
        shape = (rows,) + tuple(data._shape[1:])
        C.check_size(op, shape, data._dtype)
        return [(shape, data._dtype)]
    return _arity(infer, with_n)


def _forward_ref(kind: str, with_n: bool) -> Any:
    def ref(data: np.ndarray, indices: np.ndarray, ids: np.ndarray, ns: Any) -> np.ndarray:
        rows = int(ns) if ns is not None else (int(ids[-1]) + 1 if ids.size else 0)
        acc = _acc(data.dtype)
        out = np.zeros((rows,) + data.shape[1:], acc)
        for s in range(rows):
            picked = [data[int(i)].astype(acc) for i, g in zip(indices, ids) if g == s]
            if not picked:
                continue
            n = len(picked)
            r = n if n < 10 else n % 8 + (8 if n % 8 < 2 else 0)
            total = picked[0]
            for x in picked[1:r]:
                total = (total + x).astype(acc)
            for b in range(r, n, 8):
                block = picked[b]
                for x in picked[b + 1:b + 8]:
                    block = (block + x).astype(acc)
                total = (total + block).astype(acc)
            if kind != "sum":
                den = acc.type(n) if kind == "mean" else np.sqrt(acc.type(n))
                total = total * (acc.type(1) / den) if n <= 9 else total / den
            out[s] = total
        return out.astype(data.dtype)
    return _arity(ref, with_n)


def _forward_grad(kind: str) -> Any:
    def grad(n: Any, g: Any) -> list:
        data, indices, ids = n.inputs[:3]
        shape = shape_of(data)
        dim0 = shape[0]
        if n.attrs.get("sparse_gradient"):
            values, unique = bind(_GRAD_V2[kind], (g, indices, ids, dim0), {})
            gd = IndexedSlices(values, unique, shape)
        else:
            gd = bind(_GRAD[kind], (g, indices, ids, dim0), {})
        return [gd, None, None] + [None] * (len(n.inputs) - 3)
    return grad


def _forward_samples(kind: str, with_n: bool) -> list:
    def ns(k: int) -> tuple:
        return (np.int32(k),) if with_n else ()
    data = _rng.uniform(-2.0, 2.0, size=(5, 3))
    long = _rng.uniform(-2.0, 2.0, size=(4, 2))
    long_idx = _rng.integers(0, 4, size=21).astype(np.int64)
    long_ids = np.sort(np.r_[np.zeros(12), np.full(9, 2)]).astype(np.int64)
    out = [Sample((data, np.array([0, 2, 2, 4], np.int32), np.array([0, 0, 1, 3], np.int32))
                  + ns(5), {"sparse_gradient": False}, grad_inputs=(0,), second_order=False),
           Sample((long, long_idx, long_ids) + ns(3), {"sparse_gradient": True},
                  grad_inputs=(0,), second_order=False),
           Sample((data[:, 0].astype(np.float32), np.array([4, 1], np.int64),
                   np.array([1, 1], np.int32)) + ns(2), grad=False),
           Sample((data, np.zeros(0, np.int32), np.zeros(0, np.int32)) + ns(2), grad=False),
           # (TF's half kernels sum in float32: rounding each add would differ)
           Sample(((long * 30).astype(np.float16), long_idx, long_ids) + ns(4), grad=False)]
    if kind == "sum":
        out.append(Sample((np.arange(-6, 6, dtype=np.int32).reshape(4, 3),
                           np.array([3, 0, 1], np.int32), np.array([0, 0, 1], np.int64))
                          + ns(2), grad=False))
    return out


def _forward_bad(op: str, with_n: bool) -> list:
    def ns(k: Any = 4) -> tuple:
        return (np.asarray(k, np.int32),) if with_n else ()
    d = np.ones((5, 2))
    i32 = np.int32
    out = [
        BadSample((d, np.array([0, 1, 2], i32), np.array([1, 0, 1], i32)) + ns(), {},
                  InvalidArgumentError, "segment ids are not increasing"),
        BadSample((d, np.array([0, 9, 2], i32), np.array([0, 0, 1], i32)) + ns(), {},
                  InvalidArgumentError, "Bad: indices[1] == 9 out of range [0, 5)"),
        BadSample((d, np.array([0, 1], i32), np.array([0, 0, 1], i32)) + ns(), {},
                  InvalidArgumentError, "segment_ids and indices should have same size."),
        BadSample((d, np.array([[0, 1]], i32), np.array([0, 0], i32)) + ns(), {},
                  InvalidArgumentError, "indices should be a vector."),
        BadSample((np.float64(1.0), np.array([0], i32), np.array([0], i32)) + ns(), {},
                  InvalidArgumentError, "Shape must be at least rank 1"),
        BadSample((d, np.array([0.0, 1.0]), np.array([0, 0], i32)) + ns(), {},
                  InvalidArgumentError, "Value for attr 'Tidx' of double"),
        BadSample((d.astype(np.complex64), np.array([0], i32), np.array([0], i32)) + ns(),
                  {}, InvalidArgumentError, "Value for attr 'T' of complex64")]
    if with_n:
        out += [
            BadSample((d, np.array([0, 1], i32), np.array([0, 2], i32), np.int32(2)), {},
                      InvalidArgumentError, "segment ids must be < num_segments"),
            BadSample((d, np.array([0, 1], i32), np.array([0, 2], i32), np.int32(-1)), {},
                      InvalidArgumentError, "segment ids must be >= 0"),
            BadSample((d, np.array([0, 1], i32), np.array([-1, 2], i32), np.int32(4)), {},
                      InvalidArgumentError, "Segment id -1 out of range [0, 4), possibly "
                      "because 'segment_ids' input is not sorted."),
            BadSample((d, np.array([0], i32), np.array([0], i32), np.array([3], i32)), {},
                      InvalidArgumentError, "num_segments should be a scalar, not shape [1]")]
    else:
        out += [BadSample((d, np.array([0, 1], i32), np.array([0, -1], i32)), {},
                          InvalidArgumentError, "segment ids must be >= 0")]
    return out


def _register_forward(kind: str, with_n: bool) -> OpDef:
    op = f"SparseSegment{_KINDS[kind]}" + ("WithNumSegments" if with_n else "")
    allowed = C.REALS if kind == "sum" else C.FLOATS
    return register(OpDef(
        op, _forward_infer(op, allowed, with_n), _forward_kernel(op, kind, with_n),
        grad=_forward_grad(kind), reference=_forward_ref(kind, with_n),
        samples=lambda: _forward_samples(kind, with_n),
        bad_samples=lambda: _forward_bad(op, with_n),
        host_inputs=(1, 2, 3) if with_n else (1, 2)))


# ---------------------------------------------------------------------------------------
# The gradients' ops: each position's gradient row (of its segment, over the count's
# reciprocal or its square root's) added at its index, in order, half types in float32.
# ---------------------------------------------------------------------------------------

def _grad_kernel(op: str, kind: str, v2: bool) -> Any:
    def kernel(xp: Any, g: Any, indices: Any, ids: Any, dim0: Any) -> Any:
        idx, seg = to_host(indices).astype(np.int64), to_host(ids).astype(np.int64)
        rows = int(to_host(dim0))
        if rows < 0:
            raise C.fail(op, f"Expected a non-negative size, got {rows}")
        if g.ndim < 1:
            raise C.fail(op, "Index must be less than 0, got 0")
        inner = g.shape[1:]
        if rows == 0:
            empty = xp.zeros((0,) + inner, g.dtype)
            return (empty, xp.zeros(0, indices.dtype)) if v2 else empty
        nseg = g.shape[0]
        if seg.size and int(seg[-1]) + 1 > nseg:
            raise C.fail(op, "Invalid number of segments")
        bad_idx = (idx < 0) | (idx >= rows)
        bad_seg = (seg < 0) | (seg >= nseg)
        if kind != "sum" and not v2 and bad_seg.any():  # (its counts are taken first)
            bad_idx = np.zeros_like(bad_idx)
        bad = np.flatnonzero(bad_idx | bad_seg)
        if bad.size:
            i = int(bad[0])
            if bad_idx[i]:
                raise C.fail(op, f"Index {int(idx[i])} out of range [0, {rows}).")
            raise C.fail(op, f"Segment id {int(seg[i])} out of range [0, {nseg}).")
        acc = _acc(g.dtype)
        scaled = g.astype(acc, copy=False)
        if kind != "sum":
            counts = np.maximum(np.bincount(seg, minlength=nseg), 1).astype(np.float64)
            w = 1.0 / (counts if kind == "mean" else np.sqrt(counts))
            scaled = scaled * xp.asarray(w.astype(acc)).reshape((-1,) + (1,) * len(inner))
        if v2:
            unique, where = np.unique(idx, return_inverse=True)
            check_finite_size(op, (len(unique),) + inner, dt.as_dtype(g.dtype))
            out = xp.zeros((len(unique),) + inner, acc)
            add_at(xp, out, xp.asarray(where.reshape(-1)), scaled[xp.asarray(seg)])
            return out.astype(g.dtype, copy=False), xp.asarray(unique.astype(indices.dtype))
        check_finite_size(op, (rows,) + inner, dt.as_dtype(g.dtype))
        out = xp.zeros((rows,) + inner, acc)
        add_at(xp, out, xp.asarray(idx), scaled[xp.asarray(seg)])
        return out.astype(g.dtype, copy=False)
    return kernel


def _grad_infer(op: str, v2: bool) -> Any:
    word = "dense_output_dim0" if v2 else "output_dim0"

    def infer(g: Any, indices: Any, ids: Any, dim0: Any) -> list:
        C.check_dtype(op, g, C.FLOATS)
        C.check_dtype(op, indices, C.INDEX, "Tidx")
        C.check_dtype(op, ids, C.INDEX, "Tsegmentids")
        C.check_dtype(op, dim0, frozenset((dt.int32,)), word)
        if _state.graph is not None:
            _graph_shapes(op, g, indices, ids, dim0, word, True)
        _vectors(op, indices, ids, dim0, word, False)
        inner = None if g._shape is None or not g._shape else tuple(g._shape[1:])
        if v2:
            return [(None if inner is None else (None,) + inner, g._dtype),
                    ((None,), indices._dtype)]
        rows = _static_int(dim0)
        shape = None if inner is None else (rows if rows is None or rows >= 0 else None,) + inner
        if shape is not None:
            C.check_size(op, shape, g._dtype)
        return [(shape, g._dtype)]
    return infer


def _grad_ref(kind: str, v2: bool) -> Any:
    def ref(g: np.ndarray, indices: np.ndarray, ids: np.ndarray, dim0: np.ndarray) -> Any:
        acc = _acc(g.dtype)
        out = np.zeros((int(dim0),) + g.shape[1:], acc)
        for i, s in zip(indices, ids):
            n = int(np.sum(ids == s))
            w = 1.0 if kind == "sum" else 1.0 / (n if kind == "mean" else np.sqrt(n))
            out[int(i)] = out[int(i)] + g[int(s)].astype(acc) * acc.type(w)
        if not v2:
            return out.astype(g.dtype)
        unique = np.array(sorted({int(i) for i in indices}), indices.dtype)
        return out[unique].astype(g.dtype), unique
    return ref


def _grad_samples(v2: bool) -> list:
    g = _rng.uniform(-2.0, 2.0, size=(3, 2))
    return [Sample((g, np.array([3, 1, 3, 0], np.int32), np.array([0, 1, 1, 2], np.int32),
                    np.int32(5)), grad=False),
            Sample((g[:, 0].astype(np.float32), np.array([2, 0, 2], np.int64),
                    np.array([2, 0, 1], np.int64), np.int32(4)), grad=False),
            Sample((g, np.zeros(0, np.int32), np.zeros(0, np.int32), np.int32(3)),
                   grad=False),
            Sample(((g * 30).astype(np.float16), _rng.integers(0, 3, size=19).astype(np.int32),
                    np.sort(_rng.integers(0, 3, size=19)).astype(np.int32), np.int32(3)),
                   grad=False)]


def _grad_bad(op: str, v2: bool) -> list:
    g = np.ones((3, 2))
    i32 = np.int32
    word = "dense_output_dim0" if v2 else "output_dim0"
    return [
        BadSample((g, np.array([0, 1], i32), np.array([0, 3], i32), i32(5)), {},
                  InvalidArgumentError, "Invalid number of segments"),
        BadSample((g, np.array([0, 1], i32), np.array([3, 1], i32), i32(5)), {},
                  InvalidArgumentError, "Segment id 3 out of range [0, 3)."),
        BadSample((g, np.array([0, 7], i32), np.array([0, 1], i32), i32(5)), {},
                  InvalidArgumentError, "Index 7 out of range [0, 5)."),
        BadSample((g, np.array([0], i32), np.array([0, 1], i32), i32(5)), {},
                  InvalidArgumentError, "segment_ids and indices should have same size."),
        BadSample((g, np.array([0], i32), np.array([0], i32), i32(-1)), {},
                  InvalidArgumentError, "Expected a non-negative size, got -1"),
        BadSample((g, np.array([0], i32), np.array([0], i32), np.array([5], i32)), {},
                  InvalidArgumentError, f"{word} should be a scalar."),
        BadSample((g.astype(np.int32), np.array([0], i32), np.array([0], i32), i32(5)), {},
                  InvalidArgumentError, "Value for attr 'T' of int32")]


def _register_grad(kind: str, v2: bool) -> OpDef:
    op = f"SparseSegment{_KINDS[kind]}Grad" + ("V2" if v2 else "")
    return register(OpDef(
        op, _grad_infer(op, v2), _grad_kernel(op, kind, v2), grad=C.no_gradient,
        reference=_grad_ref(kind, v2),
        samples=lambda: _grad_samples(v2), bad_samples=lambda: _grad_bad(op, v2),
        num_outputs=2 if v2 else 1, host_inputs=(1, 2, 3)))


_GRAD = {kind: _register_grad(kind, False) for kind in _KINDS}
_GRAD_V2 = {kind: _register_grad(kind, True) for kind in _KINDS}
_FORWARD = {kind: _register_forward(kind, False) for kind in _KINDS}
_FORWARD_N = {kind: _register_forward(kind, True) for kind in _KINDS}


def _segment(data: Any, indices: Any, segment_ids: Any, num_segments: Any, kind: str,
             sparse_gradient: bool, name: str | None) -> Any:
    # (the attr first, a bool only: TF's fast path refuses anything else, and its fallback
    # checks the attrs before it converts the inputs)
    attrs = AV.wrapper_attrs(_FORWARD[kind].name, sparse_gradient=sparse_gradient)
    inputs = (_t(data), _t(indices), _t(segment_ids))
    if num_segments is None:
        return bind(_FORWARD[kind], inputs, attrs, name)
    return bind(_FORWARD_N[kind], inputs + (_t(num_segments),), attrs, name)


@eager_api("data", "indices", "segment_ids", "num_segments")
def segment_sum(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None,
                name: str | None = None, sparse_gradient: bool = False) -> Any:
    """The sums of data's rows at `indices`, grouped by the sorted `segment_ids`."""
    return _segment(data, indices, segment_ids, num_segments, "sum", sparse_gradient, name)


@eager_api("data", "indices", "segment_ids", "num_segments")
def segment_mean(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None,
                 name: str | None = None, sparse_gradient: bool = False) -> Any:
    """The means of data's rows at `indices`, grouped by the sorted `segment_ids`."""
    return _segment(data, indices, segment_ids, num_segments, "mean", sparse_gradient, name)


@eager_api("data", "indices", "segment_ids", "num_segments")
def segment_sqrt_n(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None,
                   name: str | None = None, sparse_gradient: bool = False) -> Any:
    """The sums of data's rows at `indices`, grouped by the sorted `segment_ids`, over the
    square roots of their counts."""
    return _segment(data, indices, segment_ids, num_segments, "sqrt_n", sparse_gradient,
                    name)
