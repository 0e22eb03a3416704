"""TF's SparseSoftmax and tf.sparse.softmax, which binds it.

Ops layer, after sparse_binary_ops (whose row ranks and checks it shares) and
sparse_functions (whose sparse sum its gradient takes, as TF's gradient does). TF's
kernel sorts the entries (libstdc++'s std::sort of the rows: repeated rows keep their
input order among 16 or fewer, else the order its introsort leaves) and normalizes each
run sharing all but the last index with Eigen: exp(x - max) over whole packets by Eigen's
packet exp and the C library's exp on the rest, times the inverse of the sum in Eigen's
order, each step in the values' type; the values come out in that sorted order (TF's
tf.sparse.softmax pairs them with the input's indices as given).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import eigen_reduce, halfprec, libm32
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.sparse_binary_ops import (
    _SHAPE,
    _i,
    _int64_inputs,
    _known,
    _row_ids,
    _summary,
    _value,
)
from eagerflow._src.ops.sparse_functions import _read
from eagerflow._src.ops.sparse_ops import check_coo_ranks
from eagerflow._src.ops.sparse_reduce_ops import (
    SPARSE_DENSE_CWISE_ADD,
    dims_checks,
    packet_sum,
    reduce_sum_sparse,
)
from eagerflow._src.ops.topk_order import std_sort

_SOFTMAX = "SparseSoftmax"
_SOFTMAX_T = frozenset({dt.float16, dt.float32, dt.float64})
_EXPF = libm32.scalar("expf")


def _softmax_checks(i: tuple, v: tuple, s: tuple, dims: Any) -> None:
    check_coo_ranks(_SOFTMAX, "sp_", i, v, s)
    if dims is None:
        return
    if len(dims) < 2:
        raise C.fail(_SOFTMAX, f"Input should have rank >= 2, but received shape: "
                               f"{_summary(dims)}")
    dims_checks(_SOFTMAX, dims)
    if i[0] != v[0]:
        raise C.fail(_SOFTMAX, f"indices and values rows (indexing dimension) must match. "
                               f"(indices = {i[0]}, values = {v[0]})")
    if i[1] != len(dims):
        raise C.fail(_SOFTMAX, "Order length must be SparseTensor rank.")


def _softmax_infer(i: Any, v: Any, s: Any) -> list:
    C.check_dtype(_SOFTMAX, v, _SOFTMAX_T)
    _int64_inputs(_SOFTMAX, (i, v, s), (0, 2))
    if _known(i, v, s):
        _softmax_checks(i._shape, v._shape, s._shape, _value(s))
    n = v._shape[0] if v._shape is not None and len(v._shape) == 1 else None
    return [((n,), v._dtype)]


def _groups(idx: np.ndarray) -> tuple:
    """(order, starts): the rows in TF's order (its std::sort of the rows: repeated rows
    stay in input order among 16 or fewer, else as libstdc++'s introsort leaves them) and
    where each run of rows sharing all but the last index starts in it."""
    ids = _row_ids(idx)[0] if idx.shape[1] else np.zeros(len(idx), np.int64)
    if len(ids) > 16 and len(np.unique(ids)) < len(ids):
        keys = ids.tolist()
        perm = list(range(len(keys)))
        std_sort(perm, lambda x, y: keys[x] < keys[y])
        order = np.array(perm, np.int64)
    else:
        order = np.argsort(ids, kind="stable")
    outer = idx[order, :-1]
    starts = np.ones(len(idx), bool)
    if len(idx):
        starts[1:] = (outer[1:] != outer[:-1]).any(axis=1)
    return order, np.flatnonzero(starts)


def _packet_exp(d: np.ndarray, packets: bool = True) -> np.ndarray:
    """Eigen's exp of a float tensor: its packet function over whole packets (8 floats, 4
    doubles; a half type's through float32), the C library's on the rest (on all of it
    where not `packets`)."""
    if d.dtype == np.float64:
        w = len(d) // 4 * 4 if packets else 0
        # (the C library's exp: NumPy's own rounds some values otherwise; d <= 0 here)
        tail = np.fromiter(map(math.exp, d[w:].tolist()), np.float64, len(d) - w)
        return np.concatenate([halfprec.pexp64(d[:w]), tail])
    w = len(d) // 8 * 8 if packets else 0
    x = halfprec.up(d)
    e = np.concatenate([halfprec.pexp(x[:w]), _EXPF(x[w:])])
    return e if d.dtype == np.float32 else halfprec.down(e, d.dtype)


def _group_softmax(g: np.ndarray) -> np.ndarray:
    """One group as TF's kernel computes it with Eigen: exp(x - max), times the inverse of
    its sum, each step in the values' type."""
    if g.dtype == np.float16:
        top = halfprec.up(g).max()
        e = _packet_exp(halfprec.down(halfprec.up(g) - top, g.dtype))
        inv = halfprec.down(1 / halfprec.up(np.asarray(eigen_reduce.half_sum(e, (0,), False))),
                            g.dtype)
        return halfprec.down(halfprec.up(e) * halfprec.up(inv), g.dtype)
    with np.errstate(all="ignore"):
        e = _packet_exp(g - g.max())
        total = packet_sum(e) if g.dtype == np.float64 else \
            eigen_reduce.inner(e, 1024, eigen_reduce._exact)
        return e * (g.dtype.type(1) / total)


def _small_groups(x: np.ndarray, starts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """_group_softmax of many groups shorter than a packet at once: Eigen's scalar path
    (the C library's exp, the sum in turn from 0), step for step as _group_softmax."""
    half = x.dtype == np.float16
    wide = halfprec.up(x) if half else x
    group = np.repeat(np.arange(len(starts)), sizes)
    with np.errstate(all="ignore"):
        d = wide - np.maximum.reduceat(wide, starts)[group]
        e = _packet_exp(halfprec.down(d, x.dtype) if half else d, packets=False)
        e = halfprec.up(e) if half else e
        total = np.zeros(len(starts), e.dtype)
        for k in range(int(sizes.max())):
            at = sizes > k
            total[at] = total[at] + e[starts[at] + k]
            if half:
                total = halfprec.up(halfprec.down(total, x.dtype))
        inv = (1 / total).astype(e.dtype)
        if half:
            return halfprec.down(e * halfprec.up(halfprec.down(inv, x.dtype))[group], x.dtype)
        return e * inv[group]


def _softmax_kernel(xp: Any, i: Any, v: Any, s: Any) -> Any:
    dims = np.asarray(to_host(s))
    _softmax_checks(i.shape, v.shape, s.shape, dims)
    order, starts = _groups(np.asarray(to_host(i)))
    x = np.asarray(to_host(v))[order]
    out = np.empty_like(x)
    sizes = np.diff(np.append(starts, len(x)))
    small = sizes < (4 if x.dtype == np.float64 else 8)
    if small.any():
        at = np.repeat(small, sizes)
        out[at] = _small_groups(x[at], np.cumsum(sizes[small]) - sizes[small], sizes[small])
    for lo, n in zip(starts[~small].tolist(), sizes[~small].tolist()):
        out[lo:lo + n] = _group_softmax(x[lo:lo + n])
    return xp.asarray(out)


def _softmax_reference(i: np.ndarray, v: np.ndarray, s: np.ndarray) -> np.ndarray:
    rows = sorted(range(len(v)), key=lambda k: tuple(i[k].tolist()))
    out = []
    for k in rows:
        mates = [m for m in rows if tuple(i[m, :-1]) == tuple(i[k, :-1])]
        top = max(v[m] for m in mates)
        with np.errstate(all="ignore"):
            out.append(np.exp(v[k] - top) / sum(np.exp(v[m] - top) for m in mates))
    return np.array(out, v.dtype)


def _softmax_grad(n: Any, g: Any) -> list:
    """TF's: (g - the sum of g * softmax over each group, broadcast back) * softmax, of TF's
    ops: SparseReduceSum (kept dims) and SparseDenseCwiseAdd over the op's indices."""
    indices, _, shape = n.inputs
    out = n.outputs[0]
    summed = -reduce_sum_sparse(SparseTensor._of(indices, out * g, shape), [-1], keepdims=True)
    return [None, bind(SPARSE_DENSE_CWISE_ADD, (indices, g, shape, summed), {}) * out, None]


SPARSE_SOFTMAX = register(OpDef(
    _SOFTMAX, _softmax_infer, _softmax_kernel, reference=_softmax_reference,
    grad=_softmax_grad,
    gpu=False,  # (TF registers its CPU kernel only, sparse_softmax_op.cc)
    samples=lambda: [
        Sample((_i([[0, 0], [0, 2], [1, 1], [2, 0], [2, 3]]),
                np.array([1.0, 2.0, 3.0, 4.0, -1.0]), _SHAPE), grad_inputs=(1,),
               second_order=False),
        Sample((_i([[0, 0, 1], [0, 1, 0], [0, 1, 1], [1, 0, 0]], 3),
                np.array([1.0, 2.0, 3.0, 4.0], np.float32), np.array([2, 2, 2])),
               grad_inputs=(1,),
               second_order=False),
        Sample((_i([[2, 0], [0, 2], [1, 1], [0, 0], [2, 3]]),
                np.array([1.0, 2.0, 3.0, 4.0, -1.0], np.float16), _SHAPE), grad=False)],
    bad_samples=lambda: [
        BadSample((_i([[0]], 1), np.array([1.0]), np.array([3])), {}, InvalidArgumentError,
                  "Input should have rank >= 2, but received shape: 3"),
        BadSample((_i([[0, 0]]), np.array([1.0]), np.array([-2, 2])), {}, InvalidArgumentError,
                  "Expected shape dimensions to be non-negative, got -2"),
        BadSample((_i([[0, 0], [0, 1]]), np.array([1.0]), np.array([2, 2])), {},
                  InvalidArgumentError, "indices and values rows (indexing dimension) must "
                                        "match. (indices = 2, values = 1)"),
        BadSample((_i([[0, 0, 0]], 3), np.array([1.0]), np.array([2, 2])), {},
                  InvalidArgumentError, "Order length must be SparseTensor rank."),
        BadSample((_i([[0, 0]]), np.array([1], np.int32), np.array([2, 2])), {},
                  InvalidArgumentError, "Value for attr 'T' of int32 is not in the list")],
))


@eager_api()
def softmax(sp_input: SparseTensor, name: str | None = None) -> SparseTensor:
    """`tf.sparse.softmax`: a softmax over the entries that share all but their last index
    (implicit zeros take no part), as SparseSoftmax gives it: in the entries' row-major
    order, paired with the input's indices."""
    sp = _read(sp_input, "indices", "values", "dense_shape")
    with name_scope(name or _SOFTMAX):
        out = bind(SPARSE_SOFTMAX, (sp.indices, sp.values, sp.dense_shape), {})
    return SparseTensor._of(sp.indices, out, sp.dense_shape)

