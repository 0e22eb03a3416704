"""Sorting: TopKV2 (tf.math.top_k) and tf.sort / tf.argsort, which are built on it;
NthElement (tf.raw_ops' n-th smallest or largest of each row).

Sits in ops/ above indexing.py: TopKV2's gradient scatters the output gradient back
to the positions the values came from (unsorted_segment_sum).
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.tensor import EagerTensor, Tensor, host_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import topk_order, wrapper_inputs
from eagerflow._src.ops.array import expand_dims, reshape, transpose
from eagerflow._src.ops.array import range as tf_range
from eagerflow._src.ops.array import shape as array_shape
from eagerflow._src.ops.bitwise import invert
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    check_runtime_arg,
    check_static,
    is_symbolic,
    runtime_ints,
    scalar_arg,
)
from eagerflow._src.ops.eager_errors import eager_api, raised_eagerly, slow_path
from eagerflow._src.ops.indexing import unsorted_segment_sum
from eagerflow._src.ops.math import divide, equal, negative
from eagerflow._src.ops.math_base import _t, cast
from eagerflow._src.ops.nd_indexing import tensor_scatter_nd_update
from eagerflow._src.ops.reduce import reduce_prod, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.wrapper_inputs import passed_raw

_rng = SampleRNG(4)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])


def _top_k_infer(x: Any, *dyn: Any, k: int | None, sorted: bool,  # noqa: A002
                  index_type: dt.DType) -> list:
    """`k` is an attr, or None with a scalar input giving it when the graph runs; TF's
    kernel reads its value as an int (its low 32 bits: 2**32 + 1 of any Tk is 1)."""
    C.check_dtype("TopKV2", x, C.REALS)
    C.dtype_attr("TopKV2", index_type, "index_type", C.INDEX | {dt.int16})
    if _state.graph is not None and x._shape == ():  # (its shape function's first check)
        raise C.fail("TopKV2", "Shape must be at least rank 1 but is rank 0")
    if dyn:
        check_runtime_arg("TopKV2", dyn, "k", rank=0)
    elif _state.graph is not None and k is not None and not 0 <= k <= (
            x._shape[-1] if x._shape and x._shape[-1] is not None else k):
        _top_k_shape_check(x, k)
    elif C.scalar_input("TopKV2", k, "k must be scalar, got shape {shape}") or (
            k := AV.int32_wrapped(k)) < 0:
        raise C.fail("TopKV2", f"Need k >= 0, got {k}")
    if x._shape is None:
        return [(None, x._dtype), (None, index_type)]
    if len(x._shape) < 1:
        raise C.fail("TopKV2", f"input must be >= 1-D, got shape {C.shape_str(x._shape)}")
    n = x._shape[-1]
    if n is not None and k is not None and n < k:
        raise C.fail("TopKV2", f"input must have at least k columns. Had {n}, needed {k}")
    out = tuple(x._shape[:-1]) + (k,)
    return [(out, x._dtype), (out, index_type)]


def _top_k_shape_check(x: Any, k: int) -> None:
    """TF's TopKV2 shape function, tracing, on a known k out of [0, last dim]: its words,
    which graph/shape_errors.py makes its ValueError."""
    if k < 0:
        raise C.fail("TopKV2", f"Dimension size, given by scalar input 1, must be "
                               f"non-negative but is {k}")
    raise C.fail("TopKV2", f"input must have last dimension >= k = {k} but is "
                           f"{x._shape[-1]}")


def _top_k_kernel(xp: Any, x: Any, *dyn: Any, k: int | None, sorted: bool,  # noqa: A002
                  index_type: dt.DType) -> tuple:
    if dyn:
        static, k = k, AV.int32_wrapped(runtime_ints(dyn[0])[0])  # (as the infer reads it)
        check_static("TopKV2", "k", static, k)
        _top_k_infer(Spec(x), k=k, sorted=sorted, index_type=index_type)
    k = AV.int32_wrapped(k)
    n = x.shape[-1]
    nan = xp is np and x.dtype.kind in "fV" and bool(np.isnan(x).any())  # (host rows only)
    if k == 1:
        idx = xp.argmax(x, axis=-1)[..., None]  # the first of the largest
    elif xp is np and not sorted and 0 < k < n:
        idx = _heap_rows(x, k)
    elif xp is np and 0 < 8 * k <= n and not nan:
        idx = _top_rows(x, k)
    else:
        # descending by value, ties by lower index: a stable ascending sort of the
        # reversed row, read backwards (bfloat16 by its float32 values, in the same order:
        # a device's sort has no bfloat16)
        keys = x.astype(np.float32) if x.dtype.kind == "V" else x
        idx = n - 1 - xp.argsort(keys[..., ::-1], axis=-1, kind="stable")[..., ::-1][..., :k]
    packet = topk_order.EIGEN_PACKETS.get(x.dtype.name)
    if packet is not None and k and nan:
        idx = _nan_rows(x, idx, k, sorted, packet)
    idx = idx.astype(index_type.as_numpy_dtype)
    return xp.take_along_axis(x, idx.astype(np.int64), axis=-1), idx


def _top_rows(x: np.ndarray, k: int) -> np.ndarray:
    """sorted=True, k a small part of the row (no NaN): each row's k largest, ties by the
    lower index, without sorting the row: the k-th largest by a partition, the columns
    above it and the first of those equal to it, then only those k sorted, descending
    (a stable ascending sort of them reversed, read backwards)."""
    n = x.shape[-1]
    keys = (x.astype(np.float32) if x.dtype.kind == "V" else x).reshape(-1, n)
    kth = np.partition(keys, n - k, axis=1)[:, n - k:n - k + 1]
    above = keys > kth
    tie = keys == kth
    keep = above | tie & (np.cumsum(tie, axis=1) <= k - above.sum(axis=1, keepdims=True))
    cols = np.nonzero(keep)[1].reshape(-1, k)[:, ::-1]
    order = np.argsort(np.take_along_axis(keys, cols, axis=1), axis=1, kind="stable")
    return np.take_along_axis(cols, order[:, ::-1], axis=1).reshape(x.shape[:-1] + (k,))


def _heap_rows(x: np.ndarray, k: int) -> np.ndarray:
    """sorted=False: each row's k in the order TF's CPU kernel leaves them, its bounded
    heap's (topk_order.heap_order). A column enters the heap only if it beats the k-th
    best of the columns before it, which is at least the k-th best before any earlier
    column: so blocks of doubling length are screened by the k-th best before the
    block, and only what passes (about k per block on unordered data) goes through
    Python. (Rows holding NaN are redone by _nan_rows.)"""
    n = x.shape[-1]
    flat = x.reshape(-1, n)
    if flat.dtype.kind == "f" or flat.dtype.kind == "V" or flat.dtype.itemsize < 4:
        flat = flat.astype(np.float64)  # (exact for every float; ml_dtypes' too)
    keep = np.zeros(flat.shape, bool)
    keep[:, :k + 1] = True
    start = k + 1
    while start < n:
        end = min(2 * start, n)
        kth = np.partition(flat[:, :start], start - k, axis=1)[:, start - k]
        keep[:, start:end] = flat[:, start:end] > kth[:, None]
        start = end
    out = np.empty((flat.shape[0], k), np.int64)
    for r in range(flat.shape[0]):
        cols = np.flatnonzero(keep[r])
        out[r] = cols[topk_order.heap_order(flat[r, cols].tolist(), k)]
    return out.reshape(x.shape[:-1] + (k,))


def _nan_rows(x: np.ndarray, idx: np.ndarray, k: int, sorted: bool,  # noqa: A002
              packet: tuple) -> np.ndarray:
    """The rows holding NaN in the order TF's CPU kernel leaves them (topk_order.py).
    (On a GPU, TF runs its GPU kernel, whose NaN order is its own: device arrays keep
    the order above rather than read every row back.)"""
    n = x.shape[-1]
    flat = x.reshape(-1, n)
    out = idx.reshape(-1, k).copy()
    for r in np.flatnonzero(np.isnan(flat).any(axis=-1)):
        out[r] = topk_order.row_order(flat[r].astype(np.float64).tolist(), k, sorted,
                                      int(r) * n, packet)
    return out.reshape(idx.shape)


def _top_k_ref(x: np.ndarray, k: int, sorted: bool,  # noqa: A002
               index_type: dt.DType) -> tuple:
    vals = np.empty(x.shape[:-1] + (k,), x.dtype)
    idx = np.empty(x.shape[:-1] + (k,), index_type.as_numpy_dtype)
    for pos in np.ndindex(*x.shape[:-1]):
        row = list(x[pos])
        order = builtins_sorted(range(len(row)), key=lambda i: (-row[i], i))[:k]
        vals[pos] = [row[i] for i in order]
        idx[pos] = order
    return vals, idx


builtins_sorted = sorted


def _top_k_grad(n: Any, g_values: Any, g_indices: Any) -> list:
    """The output gradient summed back to where each value came from, row by row."""
    x = n.inputs[0]
    idx = cast(n.outputs[1], dt.int64)
    if x._shape is not None and None not in x._shape and n.attrs["k"] is not None:
        shape = list(x._shape)
        rows = int(np.prod(shape[:-1], dtype=np.int64))
        cols, k = shape[-1], n.attrs["k"]
        rows_by_k = [rows, k]
    else:  # sizes known only when the graph runs
        shape = array_shape(x, out_type=dt.int64)
        rows, cols = reduce_prod(shape[:-1]), shape[-1]
        rows_by_k = stack([rows, array_shape(idx, out_type=dt.int64)[-1]])
    offsets = reshape(tf_range(rows, dtype=dt.int64) * cols, [-1, 1])
    flat_idx = reshape(reshape(idx, rows_by_k) + offsets, [-1])
    flat = unsorted_segment_sum(reshape(g_values, [-1]), flat_idx, rows * cols)
    return [reshape(flat, shape)] + [None] * (len(n.inputs) - 1)


TOP_K = register(OpDef(
    "TopKV2", _top_k_infer, _top_k_kernel, grad=_top_k_grad, reference=_top_k_ref,
    samples=lambda: [
        Sample((_f64(3, 5),), {"k": 2, "sorted": True, "index_type": dt.int32}),
        Sample((np.array([1, 5, 3, 5], np.int32),), {"k": 4, "sorted": True,
                                                    "index_type": dt.int32}, grad=False),
        Sample((_f64(2, 2, 4),), {"k": 0, "sorted": True, "index_type": dt.int64})],
    bad_samples=lambda: [
        BadSample((np.ones(3),), {"k": 4, "sorted": True, "index_type": dt.int32},
                  InvalidArgumentError, "input must have at least k columns. Had 3, "
                                        "needed 4"),
        BadSample((np.ones(3),), {"k": -1, "sorted": True, "index_type": dt.int32},
                  InvalidArgumentError, "Need k >= 0, got -1"),
        BadSample((np.float64(3),), {"k": 1, "sorted": True, "index_type": dt.int32},
                  InvalidArgumentError, "input must be >= 1-D, got shape []")],
    num_outputs=2,
))


# -- NthElement: each last-axis row's n-th value in ascending (descending: `reverse`) order

def _nth_infer(x: Any, n: Any, reverse: bool) -> list:
    C.check_dtype("NthElement", x, C.REALS)
    if n._dtype is not dt.int32:
        raise C.wrong_input_dtype("NthElement", 1, dt.int32, n._dtype)
    if n._shape not in ((), None):
        raise C.fail("NthElement", f"N must be scalar but has rank {len(n._shape)}")
    if x._shape is None:
        return [(None, x._dtype)]
    if not x._shape:
        raise C.fail("NthElement", "Input must be at least rank 1 but is rank 0")
    return [(tuple(x._shape[:-1]), x._dtype)]


def _nth_kernel(xp: Any, x: Any, n: Any, reverse: bool) -> Any:
    n = int(to_host(n))
    if n < 0:
        raise C.fail("NthElement", f"n must be non-negative but is {n}")
    if x.shape[-1] <= n:
        raise C.fail("NthElement", f"Input must have last dimension > n = {n}")
    kth = x.shape[-1] - 1 - n if reverse else n
    keys = x.astype(np.float32) if x.dtype.kind == "V" else x  # (bfloat16 by its values)
    idx = xp.argpartition(keys, kth, axis=-1)[..., kth:kth + 1]
    out = xp.take_along_axis(x, idx, axis=-1)[..., 0]
    if keys.dtype.kind == "f":
        # rows holding NaN (no strict weak order): what libstdc++'s std::nth_element,
        # TF's, leaves at kth, row by row on the host
        nan_rows = to_host(xp.isnan(keys).any(axis=-1))
        if nan_rows.any():
            host, out = to_host(keys), to_host(out).copy()
            for pos in zip(*np.nonzero(nan_rows)):
                out[pos] = _std_nth_element(list(host[pos]), kth)
            out = xp.asarray(out.astype(x.dtype, copy=False))
    return out


def _std_nth_element(a: list, nth: int) -> Any:
    """a[nth] after libstdc++'s std::nth_element(a, a + nth, a + len) with `<`: its
    introselect (median-of-three pivots, unguarded partitions, a heap select past its depth
    limit) and insertion sort of the last three or fewer, step for step, so NaN (which
    compares false both ways) lands where it leaves it."""
    first, last = 0, len(a)
    depth = 2 * (last.bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            return _heap_select_nth(a, first, nth, last)
        depth -= 1
        mid = first + (last - first) // 2
        _median_to_first(a, first, first + 1, mid, last - 1)
        lo, hi = first + 1, last
        while True:  # (the unguarded partition around a[first])
            while lo < last - 1 and a[lo] < a[first]:  # (bounds: C++ has none to keep)
                lo += 1
            hi -= 1
            while hi > first and a[first] < a[hi]:
                hi -= 1
            if not lo < hi:
                break
            a[lo], a[hi] = a[hi], a[lo]
            lo += 1
        if lo <= nth:
            first = lo
        else:
            last = lo
    for i in range(first + 1, last):  # (insertion sort)
        val = a[i]
        if val < a[first]:
            a[first + 1:i + 1] = a[first:i]
            a[first] = val
        else:
            j = i
            while val < a[j - 1]:
                a[j] = a[j - 1]
                j -= 1
            a[j] = val
    return a[nth]


def _median_to_first(a: list, result: int, i: int, j: int, k: int) -> None:
    if a[i] < a[j]:
        m = j if a[j] < a[k] else k if a[i] < a[k] else i
    else:
        m = i if a[i] < a[k] else k if a[j] < a[k] else j
    a[result], a[m] = a[m], a[result]


def _heap_select_nth(a: list, first: int, nth: int, last: int) -> Any:
    """std::__heap_select(first, nth + 1, last) and the swap of first and nth: the top of a
    max-heap of a[first:nth + 1] after each later value below the top was popped into."""
    heap = a[first:nth + 1]
    n = len(heap)
    for parent in range((n - 2) // 2, -1, -1):  # (std::make_heap)
        _adjust_heap(heap, parent, n, heap[parent])
    for i in range(nth + 1, last):
        if a[i] < heap[0]:
            a[i], value = heap[0], a[i]
            _adjust_heap(heap, 0, n, value)
    return heap[0]


def _adjust_heap(heap: list, hole: int, n: int, value: Any) -> None:
    """libstdc++'s __adjust_heap with `<`: the hole sent down the larger child (the left
    one unless the right is greater), then `value` sifted up from there."""
    top, child = hole, hole
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if heap[child] < heap[child - 1]:
            child -= 1
        heap[hole], hole = heap[child], child
    if n % 2 == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        heap[hole], hole = heap[child - 1], child - 1
    parent = (hole - 1) // 2
    while hole > top and heap[parent] < value:
        heap[hole], hole, parent = heap[parent], parent, (parent - 1) // 2
    heap[hole] = value


def _nth_ref(x: np.ndarray, n: Any, reverse: bool) -> np.ndarray:
    out = np.empty(x.shape[:-1], x.dtype)
    for pos in np.ndindex(*x.shape[:-1]):
        out[pos] = builtins_sorted(x[pos].tolist(), reverse=reverse)[int(n)]
    return out


def _nth_grad(node: Any, g: Any) -> list:
    """TF's: the gradient shared evenly by the row's entries equal to its n-th value."""
    x, value = node.inputs[0], node.outputs[0]
    hits = cast(equal(expand_dims(value, -1), x), g._dtype)
    g = expand_dims(g, -1)  # (in TF's order: its graph's nodes are these)
    return [divide(hits, expand_dims(reduce_sum(hits, -1), -1)) * g, None]


NTH_ELEMENT = register(OpDef(
    "NthElement", _nth_infer, _nth_kernel, grad=_nth_grad, reference=_nth_ref,
    samples=lambda: [
        Sample((_f64(3, 5), np.int32(1)), {"reverse": False}, grad_inputs=(0,)),
        Sample((_f64(2, 2, 4), np.int32(0)), {"reverse": True}, grad_inputs=(0,)),
        Sample((np.array([3, 1, 2, 1], np.int32), np.int32(1)), {"reverse": False},
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 5)), np.int32(5)), {"reverse": False}, InvalidArgumentError,
                  "Input must have last dimension > n = 5"),
        BadSample((np.ones((2, 5)), np.int32(-1)), {"reverse": False}, InvalidArgumentError,
                  "n must be non-negative but is -1"),
        BadSample((np.ones((2, 5)), np.array([0], np.int32)), {"reverse": False},
                  InvalidArgumentError, "N must be scalar but has rank 1"),
        BadSample((np.float64(1), np.int32(0)), {"reverse": False}, InvalidArgumentError,
                  "Input must be at least rank 1 but is rank 0")],
    host_inputs=(1,), gpu=False,
))


@dispatch_binding
@eager_api("input")  # (TF's wrapper given a list or a NumPy scalar: its slow path)
def top_k(input: Any, k: Any = 1, sorted: bool = True,  # noqa: A002
          index_type: Any = dt.int32, name: str | None = None) -> Any:
    """The k largest entries of the last axis and their indices (ties: lower index first)."""
    # (the attrs first: TF's fallback, which a bad attr or input takes, checks them first)
    attrs = AV.wrapper_attrs("TopKV2", sorted=sorted, index_type=index_type)
    x = _t(input)
    static, dyn = _top_k_count(k, x, input)
    values, indices = bind(TOP_K, (x,) + dyn, {"k": static, **attrs}, name)
    return TopKV2(values, indices)


def _top_k_count(k: Any, x: Any, input_: Any) -> tuple:
    """`(static, dynamic)` k: an int, or a graph tensor known when the graph runs. Anything
    else is converted as TF's op wrapper converts its input k (type attr Tk; `input_` as
    given: a list takes its slow path), then must be a scalar: the kernel's error (after
    the input's type) for a vector."""
    if type(k) is int:  # (traced, TF's Const keeps it: its shape function reads it whole)
        return (AV.int32_wrapped(k) if _state.graph is None else AV.int64_ranged(k)), ()
    if is_symbolic(k):
        if getattr(k, "_dtype", dt.int32) not in (dt.int16, dt.int32, dt.int64):
            raise raised_eagerly(C.not_supported("TopKV2", k._dtype, C.INDEX, "Tk"))
        return scalar_arg(k, "k")
    slow = passed_raw(k, input_)  # (TF's wrapper's slow path: its errors name no name)
    try:
        t = wrapper_inputs.index_input("TopKV2", k, "Tk", passed_raw(input_))
    except InvalidArgumentError as e:
        e = raised_eagerly(e)
        raise (slow_path(e) if slow else e) from None
    if t._shape:
        C.check_dtype("TopKV2", x, C.REALS)
        e = raised_eagerly(C.fail("TopKV2", f"k must be scalar, got shape "
                                            f"{C.shape_str(t._shape)}"))
        raise slow_path(e) if slow else e
    return int(t._numpy()), ()


_DIRECTIONS = frozenset(("ASCENDING", "DESCENDING"))


def _sort_setup(values: Any, axis: Any, direction: str) -> tuple:
    """(the sort key: `values` in descending order of `direction`, the axis, the rank),
    checked in TF's order: the direction (looked up in a set: a tensor is unhashable, as in
    TF's table of sorts), the axis (a constant scalar), the key's op (ascending: Neg), the
    axis's range, and top_k's dtypes last."""
    if direction not in _DIRECTIONS:
        raise ValueError(f"Argument `direction` should be one of ASCENDING, DESCENDING. "
                         f"Received: direction={direction}")
    a = host_tensor(axis)  # (read while the op is set up: made on the host, not read back)
    value = C.known(a)
    if a._shape not in ((), None) or isinstance(value, Tensor) and \
            not isinstance(value, EagerTensor):
        raise ValueError(f"Argument `axis` must be a constant scalar. Received: axis={a}.")
    axis = int(value)
    key = _order_key(_t(values), direction)
    if key._shape is None:  # (a rank known only when run: TF's sort reads it then)
        return key, axis, None
    r = len(key._shape)
    if not -r <= axis < r:
        _axis_out_of_range(axis, r)
    return key, axis % r, r


def _axis_out_of_range(axis: int, r: int) -> None:
    """TF's sort reads the axis's size as shape(values)[axis], in its "strided_slice"
    scope: that slice's end, axis + 1, must fit an int64 tensor, and its kernel names a
    negative index after adding the rank (the size of the shape vector it slices)."""
    if axis + 1 >= 2**63:
        raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    index = axis + r if axis < 0 else axis
    raise raised_eagerly(InvalidArgumentError(
        None, None, f"slice index {index} of dimension 0 out of bounds. [Op:StridedSlice]"),
        "strided_slice/")


def _to_last(x: Any, axis: int, r: int | None) -> tuple:
    if r is None:  # TF's transposition made from the rank's tensor
        if axis == -1:
            return x, None
        rank = array_shape(array_shape(x))[0]
        at = axis + rank if axis < 0 else axis
        perm = tensor_scatter_nd_update(tf_range(rank), [[at], [rank - 1]], stack([rank - 1, at]))
        return transpose(x, perm), perm
    if axis == r - 1:
        return x, None
    perm = list(range(r))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    return transpose(x, perm), perm


def _order_key(x: Any, direction: str) -> Any:
    """A tensor whose descending order is `x`'s order in `direction`."""
    if direction == "DESCENDING":
        return x
    return invert(x) if x._dtype.is_integer else negative(x)


def _last_size(x: Any) -> Any:
    """The size of x's last axis (a graph tensor where only the run knows it)."""
    n = None if x._shape is None else x._shape[-1]
    return array_shape(x)[-1] if n is None else n


@dispatch_binding
@eager_api()
def sort(values: Any, axis: Any = -1, direction: str = "ASCENDING",
         name: str | None = None) -> Any:
    key, axis, r = _sort_setup(values, axis, direction)
    key, perm = _to_last(key, axis, r)
    out = _order_key(top_k(key, _last_size(key)).values, direction)
    return out if perm is None else transpose(out, perm)


@dispatch_binding
def argsort(values: Any, axis: Any = -1, direction: str = "ASCENDING", stable: bool = False,
            name: str | None = None) -> Any:
    with wrapper_scope(name, "argsort"):  # (TF's scope in a graph)
        key, axis, r = _sort_setup(values, axis, direction)
        key, perm = _to_last(key, axis, r)
        idx = top_k(key, _last_size(key)).indices
        return idx if perm is None else transpose(idx, perm)
