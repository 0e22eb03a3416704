"""NumPy's indexing of tensors once tnp.experimental_enable_numpy_behavior is on: an index
mixing integer arrays or boolean vectors with ints, None, Ellipsis and slices. Traced, it
is TF's ops alone (never reading the index's values); eagerly, the positions it picks are
found on the host by the same rule and gathered in one Gather (the ops again for anything
the host leaves to them, TF's errors above all), so gradients flow either way.
behavior.py installs it as Tensor.__getitem__.

TF's algorithm, followed for its results and errors: the basic parts (ints, slices, None,
Ellipsis) become one StridedSlice, whose ints shrink their axes *first*; the arrays then
index the sliced tensor. Arrays on adjacent axes of it become one GatherV2 over those axes
flattened (their result axes in their place); arrays apart become one GatherNd over the
axes moved to the front (their result axes first). So `x[0, :, i]` indexes axis 1 of
`x[0]`, where NumPy would put `i`'s axis first.

One departure: TF's flattened gather lets an index out of its axis wrap into the next axis
(`x[[0], [4]]` of a [2, 3, 4] tensor is TF's `x[1, 1]`); here those rows are refused with
GatherNd's error for them (TF's own words when the arrays are apart), while indices whose
flattened position falls outside the tensor keep TF's GatherV2 error.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.numpy_ops import array_ops as AO
from eagerflow._src.numpy_ops.dtypes import asarray
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as m
from eagerflow._src.ops import math_base
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops import sequences as S
from eagerflow._src.ops.checks import is_graph_tensor
from eagerflow._src.ops.indexing import boolean_mask, gather
from eagerflow._src.ops.math_base import cast, zeros_like
from eagerflow._src.ops.misc_ops import broadcast_dynamic_shape
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.scans import cumprod
from eagerflow._src.ops.slicing import strided_slice
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import broadcast_to

SLICE_ERROR = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
               "integer or boolean arrays are valid indices")


def _is_tensor(x: Any) -> bool:
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor")


def is_basic(part: Any) -> bool:
    """Whether TF's own slicing takes this part of an index as NumPy would: an int, a
    slice, None, Ellipsis or a scalar integer tensor."""
    if part is None or part is Ellipsis or isinstance(part, slice):
        return True
    if isinstance(part, numbers.Integral):
        return True
    if _is_tensor(part):
        return part.shape.ndims == 0 and part.dtype.is_integer
    return False


def as_index(idx: Any, need_scalar: bool = True) -> tuple:
    """One part of an index as (an int or an int32/int64 tensor, whether it is a scalar);
    a boolean vector becomes its nonzero positions. TF's IndexError for anything else."""
    if isinstance(idx, numbers.Integral):
        return idx, True
    data = asarray(idx)
    if data.dtype == dt.bool:
        if data.shape.ndims != 1:
            raise NotImplementedError(f"Need rank 1 for bool index {idx!s}")
        data = A.reshape(math_base.where(data), [-1])
    if need_scalar and data.shape.ndims not in (None, 0) or not data.dtype.is_integer:
        raise IndexError(f"{SLICE_ERROR}, got {idx!r}")
    if data.dtype not in (dt.int32, dt.int64):
        wide = np.promote_types(np.int32, data.dtype.as_numpy_dtype)
        if wide.kind != "i":  # (uint64: no signed integer holds it)
            raise IndexError(f"{SLICE_ERROR}, got {idx!r}")
        data = cast(data, dt.as_dtype(wide))
    return data, data.shape.ndims == 0


def spec_tuple(key: Any) -> tuple:
    """The parts of an index: a tuple's items; a list's items when one of them is a slice,
    None, Ellipsis, a sequence or an array (TF reads such a list as a tuple); else the key."""
    if isinstance(key, tuple):
        return key
    if isinstance(key, list) and any(
            p is None or p is Ellipsis or isinstance(p, (list, tuple, slice)) or
            isinstance(p, np.ndarray) and p.ndim != 0 or
            _is_tensor(p) and p.shape.ndims != 0 for p in key):
        return tuple(key)
    return (key,)


def getitem(x: Any, key: Any) -> Any:
    """x[key] with NumPy's indexing: a boolean key masks; other keys index by parts (an
    eager tensor by the positions it picks, found on the host: one Gather)."""
    if isinstance(key, bool) or (_is_tensor(key) or isinstance(key, np.ndarray)) and \
            dt.as_dtype(key.dtype) == dt.bool:
        return boolean_mask(x, key)
    x, parts = convert_to_tensor(x), spec_tuple(key)
    if type(x) is EagerTensor:
        picked = _host_positions(x._shape, parts)
        if picked is not None:
            return gather(A.reshape(x, [-1]), picked)
    return _index(x, parts)


# Eager tensors are indexed by their positions on the host (tests turn it off to run the
# ops as traced tensors do); up to _SMALL elements all positions are made at once.
_HOST_PATH = True
_SMALL = 1 << 14
_ZERO = np.zeros(1, np.int64)


class _ToOps(Exception):
    """A part the host rule leaves to the ops (whose errors are TF's)."""


def _host_part(part: Any) -> Any:
    if part is None or part is Ellipsis:
        return part
    if isinstance(part, (bool, np.bool_)):  # (TF reads True as 1, NumPy as a new axis)
        raise _ToOps
    if isinstance(part, numbers.Integral):
        return int(part)
    if isinstance(part, slice):
        bounds = (part.start, part.stop, part.step)
        if part.step == 0 or not all(b is None or isinstance(b, numbers.Integral) and
                                     not isinstance(b, (bool, np.bool_)) for b in bounds):
            raise _ToOps
        return part
    if isinstance(part, EagerTensor):
        value = part._numpy()
    elif isinstance(part, (list, np.ndarray)):
        value = np.asarray(part)
    else:
        raise _ToOps
    if value.dtype == np.bool_ and value.ndim == 1:
        return np.flatnonzero(value)
    if value.dtype.kind not in "iu" or value.dtype == np.uint64:
        raise _ToOps
    return int(value) if value.ndim == 0 else value.astype(np.int64)


def _host_positions(shape: tuple, parts: tuple) -> np.ndarray | None:
    """The flat positions x[parts] picks by TF's rule (the basic parts by NumPy's slicing,
    then the arrays on the axes they stood on: in place when adjacent, first when apart),
    or None for the ops to compute it (or to raise TF's error). Each axis's share of the
    positions is indexed as a broadcast view, so the work is the result's size, not x's."""
    if not _HOST_PATH:
        return None
    try:
        key = tuple(_host_part(p) for p in parts)
        basic = tuple(slice(None) if isinstance(p, np.ndarray) else p for p in key)
        n, zeros = math.prod(shape), (0,) * len(shape)
        small = n <= _SMALL  # (then the positions themselves, picked at once)
        first = (np.arange(n, dtype=np.int64).reshape(shape) if small else
                 np.ndarray(shape, np.int64, _ZERO, 0, zeros))[basic]
        ndim = first.ndim
        dots = [i for i, p in enumerate(key) if p is Ellipsis]
        head, tail = (key[:dots[0]], key[dots[0] + 1:]) if dots else (key, ())
        axes, at = {}, 0
        for p in head:  # the arrays' axes after the basic parts, from the front before an
            if isinstance(p, np.ndarray):  # Ellipsis, from the back after it
                axes[at] = p
            at += not isinstance(p, int)
        at = 0
        for p in reversed(tail):
            at -= not isinstance(p, int)
            if isinstance(p, np.ndarray):
                axes[at] = p
        dims = sorted(axes)
        arrays = tuple(axes[d] for d in dims)
        if not (dims[0] < 0 <= dims[-1]) and dims == list(range(dims[0], dims[0] + len(dims))):
            where = [slice(None)] * ndim
            for d, a in zip(dims, arrays):
                where[d] = a

            def pick(y: np.ndarray) -> np.ndarray:
                return y[tuple(where)]
        else:
            if first.size == 0 and np.prod(np.broadcast_shapes(*(a.shape for a in arrays))):
                return None  # (GatherNd refuses rows of an empty tensor)
            moved, front = [d % ndim for d in dims], list(range(len(dims)))

            def pick(y: np.ndarray) -> np.ndarray:
                return np.moveaxis(y, moved, front)[arrays]
        out = pick(first)
        if small:
            return out
        out = out.copy()
        stride = 1
        for k in range(len(shape) - 1, -1, -1):  # each axis's share, a view along axis k
            if shape[k] > 1:
                along = np.arange(0, shape[k] * stride, stride, dtype=np.int64)
                out += pick(np.ndarray(shape, np.int64, along, 0,
                                       zeros[:k] + (8,) + zeros[k + 1:])[basic])
            stride *= shape[k]
        return out
    except (_ToOps, IndexError, ValueError, TypeError, OverflowError):
        return None


def _index(x: Tensor, parts: tuple) -> Any:
    if _state.graph is None:
        return _index_ops(x, parts, None)
    with name_scope("strided_slice") as scope:  # TF's node names ("strided_slice/GatherNd")
        return _index_ops(x, parts, scope)


def _index_ops(x: Tensor, parts: tuple, scope: str | None) -> Any:
    begin, end, strides = [], [], []
    masks = {"begin_mask": 0, "end_mask": 0, "ellipsis_mask": 0, "new_axis_mask": 0,
             "shrink_axis_mask": 0}
    arrays, shrunk = [], []
    for pos, part in enumerate(parts):
        bit = 1 << pos
        if isinstance(part, slice):
            for value, into, mask in ((part.start, begin, "begin_mask"),
                                      (part.stop, end, "end_mask")):
                if value is None:
                    into.append(0)
                    masks[mask] |= bit
                else:
                    into.append(as_index(value)[0])
            strides.append(1 if part.step is None else as_index(part.step)[0])
            continue
        if part is Ellipsis or part is None:
            begin.append(0), end.append(0), strides.append(1)
            masks["ellipsis_mask" if part is Ellipsis else "new_axis_mask"] |= bit
            continue
        value, scalar = as_index(part, need_scalar=False)
        if scalar:
            begin.append(value), end.append(value + 1), strides.append(1)
            masks["shrink_axis_mask"] |= bit
            shrunk.append(pos)
        else:
            begin.append(0), end.append(0), strides.append(1)
            masks["begin_mask"] |= bit
            masks["end_mask"] |= bit
            arrays.append((pos, value, masks["ellipsis_mask"] != 0))
    packed = [stack(v) for v in (begin, end, strides)]
    if any(p.dtype == dt.int64 for p in packed):
        packed = [cast(p, dt.int64) for p in packed]
    sliced = strided_slice(x, *packed, **masks, name=scope)  # (the scope's own name)
    if not arrays:
        return sliced
    # each array's axis of the sliced tensor: counted from the end after an Ellipsis
    axes = {}
    for pos, value, after_ellipsis in arrays:
        if after_ellipsis:
            axes[pos - len(parts) + sum(s > pos for s in shrunk)] = value
        else:
            axes[pos - sum(s < pos for s in shrunk)] = value
    dims = sorted(axes)
    adjacent = not (dims[0] < 0 <= dims[-1]) and dims == list(range(dims[0], dims[0] + len(dims)))
    indices = [axes[d] for d in dims]
    wide = dt.int64 if any(i.dtype == dt.int64 for i in indices) else dt.int32
    indices = [cast(i, wide) if i.dtype != wide else i for i in indices]
    indices = _broadcast(indices)
    if not adjacent:
        return _gather_apart(sliced, dims, stack(indices, axis=-1))
    return _gather_adjacent(sliced, dims, indices)


def _broadcast(indices: list) -> list:
    """The index arrays broadcast to one shape by TF's ops (Shape, BroadcastArgs,
    BroadcastTo: while tracing their static shapes are TF's, and arrays that cannot
    broadcast make their Pack's shape error); eagerly the shapes broadcast at once, and
    BroadcastArgs raises TF's error where they do not."""
    if len(indices) == 1:
        return indices
    if not any(is_graph_tensor(i) for i in indices):
        try:
            static = list(np.broadcast_shapes(*(tuple(i.shape.as_list()) for i in indices)))
        except ValueError:
            pass
        else:
            return [i if i.shape.as_list() == static else broadcast_to(i, static)
                    for i in indices]
    target = A.shape(indices[0])
    for i in indices[1:]:
        target = broadcast_dynamic_shape(target, A.shape(i))
    return [broadcast_to(i, target) for i in indices]


def _gather_apart(x: Any, dims: list, stacked: Any) -> Any:
    """Arrays on axes apart: the axes moved to the front, one GatherNd."""
    if x.shape.ndims is None:  # rank known when the graph runs: the permutation's values
        rank = A.rank(x)
        axes = m.floormod(convert_to_tensor(dims, dt.int32), rank)
        every = S.range(rank)
        rest = boolean_mask(every, R.reduce_all(m.not_equal(every[:, None], axes), axis=1))
        x = A.transpose(x, A.concat([axes, rest], axis=0))
    elif dims != list(range(len(dims))):
        x = AO.moveaxis(x, dims, list(range(len(dims))))
    sizes = A.shape(x, out_type=stacked.dtype)[:len(dims)]
    stacked = math_base.where(m.less(stacked, 0), stacked + sizes, stacked)
    return gather_nd(x, stacked)


def _gather_adjacent(x: Any, dims: list, indices: list) -> Any:
    """Arrays on adjacent axes: one GatherV2 over those axes (flattened when several)."""
    rank = x.shape.ndims
    if rank is None and dims[0] < 0:
        rank = A.rank(x)
    dims = [d + rank if d < 0 else d for d in dims]
    shape = A.shape(x)
    sizes = gather(shape, dims)
    idx = cast(indices[0] if len(dims) == 1 else stack(indices, axis=-1), dt.int32)
    idx = math_base.where(m.less(idx, 0), idx + sizes, idx)
    axis = dims[0]
    if len(dims) == 1:
        return gather(x, idx, axis=axis)
    scale = cumprod(sizes, reverse=True, exclusive=True)
    flat = R.reduce_sum(idx * broadcast_to(scale, A.shape(idx)), axis=-1)
    # rows whose flattened position lands inside the tensor though an index is outside
    # its own axis would wrap into the next axis: GatherNd over the axes' sizes refuses
    # them (rows TF's gather refuses keep TF's error, checked by that gather)
    inside = m.logical_and(m.greater_equal(flat, 0), m.less(flat, R.reduce_prod(sizes)))
    probe_idx = math_base.where(A.expand_dims(inside, -1), idx, zeros_like(idx))
    flat = flat + gather_nd(broadcast_to(np.int32(0), sizes), probe_idx)
    end = axis + len(dims)
    x = A.reshape(x, A.concat([shape[:axis], [-1], shape[end:]], axis=0))
    return gather(x, flat, axis=axis)
