"""Keras 3's output rules (its Operations' compute_output_spec) of the array ops whose
symbolic calls it answers without running them: dot, inner, concatenate,
take_along_axis, pad, slice, slice_update and nonzero.
Tracing the TF op instead would name TF's graph errors (`Dimensions must be equal ...
MatMul`) where Keras 3 gives its own words, and would answer other shapes (a slice's
sizes known, a pad of every axis by one row of widths). RULES holds them by op name, as
specs.RULES does."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.call_errors import with_call_info
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, SymbolicTensor
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.axes import canonicalize_axis
from eagerflow._src.keras.ops.specs import (
    _out,
    _shape,
    broadcast_shapes,
    reduce_shape,
    with_classes,
)
from eagerflow._src.keras.ops.specs import multiply as _multiply


def _promoted(*xs: Any) -> str:
    """The operands' dtypes promoted (a Python scalar by its type)."""
    return kd.result_type(*(kd.dtype_key(x) for x in xs))


def dot(x1: Any, x2: Any) -> SymbolicTensor:
    """A scalar operand multiplies; two vectors give a scalar; x1's last axis against a
    vector's only one or an array's second last, None matching any size."""
    s1, s2 = _shape(x1), _shape(x2)
    dtype = _promoted(x1, x2)
    if s1 == [] or s2 == []:
        return _multiply(x1, x2)
    if len(s1) == 1 and len(s2) == 1:
        return _out([], dtype)
    if len(s2) == 1:
        if s1[-1] != s2[0]:
            raise ValueError("Shape must match on the last axis of `x1` and `x2` when `x1` "
                             "is N-d array while `x2` is 1-D, but receive shape "
                             f"`x1.shape={tuple(s1)}` and x2.shape=`{tuple(s2)}`.")
        return _out(s1[:-1], dtype)
    if s1[-1] is None or s2[-2] is None or s1[-1] == s2[-2]:
        return _out(s1[:-1] + s2[:-2] + s2[-1:], dtype)
    raise ValueError("Shape must match on the last axis of `x1` and second last axis of `x2` "
                     "when `x1` is N-d array while `x2` is M-D, but received "
                     f"`x1.shape={tuple(s1)}` and x2.shape=`{tuple(s2)}`.")


def inner(x1: Any, x2: Any) -> SymbolicTensor:
    """A scalar operand gives the other's shape; else both last axes are summed over (two
    known sizes must match)."""
    s1, s2 = tuple(_shape(x1)), tuple(_shape(x2))
    dtype = _promoted(x1, x2)
    if not s1 or not s2:
        return _out(list(s2 if not s1 else s1), dtype)
    if isinstance(s1[-1], int) and isinstance(s2[-1], int) and s1[-1] != s2[-1]:
        raise ValueError("`inner` requires the last dimension of `x1` and `x2` to match. "
                         f"Received: x1.shape={s1}, x2.shape={s2}.")
    return _out(list(s1[:-1] + s2[:-1]), dtype)


def _same_but(shape1: list, shape2: list, axis: int) -> bool:
    """Keras 3's shape_equal: equal ranks, equal sizes but on `axis` (None matching)."""
    if len(shape1) != len(shape2):
        return False
    return all(i == axis or a is None or b is None or a == b
               for i, (a, b) in enumerate(zip(shape1, shape2)))


def concatenate(xs: Any, axis: int = 0) -> SymbolicTensor:
    """The first tensor's shape, its `axis` the sizes' sum (None if any is unknown); every
    other tensor of that rank and those sizes off the axis."""
    if axis is None:
        raise ValueError("`axis` cannot be None for `concatenate`.")
    return _stacked(xs, canonicalize_axis(axis, len(_shape(xs[0]))))


def take_along_axis(x: Any, indices: Any, axis: Any = None) -> SymbolicTensor:
    """x's shape (flattened for axis None) with the indices' size on `axis`, then
    broadcast against the indices' shape; x's dtype."""
    shape, index_shape = _shape(x), _shape(indices)
    if axis is None:
        size = 1
        for d in shape:
            size = None if size is None or d is None else size * d
        shape = [size]
    if len(shape) != len(index_shape):
        raise ValueError("`x` and `indices` must have the same number of dimensions, but "
                         f"receive shape {shape} and {index_shape}.")
    axis = 0 if axis is None else canonicalize_axis(axis, len(shape))
    shape[axis] = index_shape[axis]
    return _out(broadcast_shapes(shape, index_shape), x.dtype)


def pad_widths(pad_width: Any) -> Any:
    """Keras 3's reading of `pad_width` (its Pad operation's, made before any call): an int
    or a pair pads as one row; rows of one value become pairs, in place (so a tuple of
    them fails as in Keras, a list does not)."""
    if isinstance(pad_width, int):
        return ((pad_width, pad_width),)
    if isinstance(pad_width, (tuple, list)) and isinstance(pad_width[0], int):
        return (pad_width,)
    first = len(pad_width[0])
    for i, row in enumerate(pad_width):
        if len(row) != first:
            raise ValueError("`pad_width` should be a list of tuples of length 1 or 2. "
                             f"Received: pad_width={pad_width}")
        if len(row) == 1:
            pad_width[i] = (row[0], row[0])
    return pad_width


def pad(x: Any, pad_width: Any, mode: str = "constant",
        constant_values: Any = None) -> SymbolicTensor:
    """Each known size grown by its row of widths; one row pads every axis (where the op
    run eagerly takes one row for a 1-D `x` only)."""
    widths = pad_widths(pad_width)
    shape = _shape(x)
    if len(widths) == 1:
        rows = [widths[0]] * len(shape)
    elif len(widths) == len(shape):
        rows = widths
    else:
        raise ValueError("`pad_width` must have the same length as `x.shape`. Received: "
                         f"pad_width={widths} (of length {len(widths)}) and "
                         f"x.shape={tuple(shape)} (of length {len(shape)})")
    return _out([None if d is None else d + row[0] + row[1] for d, row in zip(shape, rows)],
                x.dtype)


_PadOperation = type("Pad", (), {"__doc__": "Names Keras 3's Pad operation in messages."})


def _operation_call(*args: Any, **kwargs: Any) -> None:
    """The signature an Operation's __call__ is reported with."""


def pad_check(x: Any, pad_width: Any, mode: str = "constant",
              constant_values: Any = None) -> None:
    """Keras 3's keras.ops.pad calls its Pad operation, whose output rule refuses rows of
    widths neither one nor one per axis inside the call, so the error comes framed as a
    call of Pad with the arguments it got (here the KerasTensor itself, as it prints)."""
    widths = pad_widths(pad_width)
    if len(widths) not in (1, len(x.shape)):
        try:
            pad(x, widths, mode, constant_values)
        except ValueError as e:
            raise with_call_info(e, _PadOperation(), _operation_call, (x,),
                                 {"constant_values": constant_values}) from None


def slice(inputs: Any, start_indices: Any, shape: Any) -> SymbolicTensor:  # noqa: A001
    """The sizes given; a -1 the rest of a known axis from a known start (else None)."""
    dims = _shape(inputs)
    if len(shape) != len(dims):
        raise ValueError("The number of dimensions in `inputs` must match the number of "
                         f"dimensions in `shape`. Received inputs.shape={tuple(dims)} and "
                         f"shape={shape}")
    symbolic = isinstance(start_indices, (KerasTensor, SymbolicTensor))
    # (a KerasTensor has no len(): Keras 3 checks the count of plain indices only)
    if not symbolic and hasattr(start_indices, "__len__") and len(start_indices) != len(dims):
        raise ValueError("The number of dimensions in `start_indices` must match the number "
                         f"of dimensions in `inputs`. Received start_indices={start_indices} "
                         f"and inputs.shape={tuple(dims)}")
    out = [size if size != -1 else None if symbolic or d is None else d - start_indices[i]
           for i, (d, size) in enumerate(zip(dims, shape))]
    return _out(out, inputs.dtype)


def slice_update(inputs: Any, start_indices: Any, updates: Any) -> SymbolicTensor:
    return _out(_shape(inputs), inputs.dtype)


def nonzero(x: Any) -> tuple:
    """One int32 vector of unknown length per axis, as a tuple (the op run eagerly gives
    a list)."""
    return tuple(_out([None], "int32") for _ in _shape(x))



def _stacked(xs: Any, axis: int) -> SymbolicTensor:
    """concatenate's rule along `axis` (vstack's 0 and hstack's 1, not checked)."""
    first = _shape(xs[0])
    total: int | None = 0
    for x in xs:
        shape = _shape(x)
        if not _same_but(shape, first, axis):
            raise ValueError("Every value in `xs` must have the same shape except on the "
                             f"`axis` dim. But found element of shape {tuple(shape)}, which "
                             f"is different from the first element's shape {tuple(first)}.")
        total = None if total is None or shape[axis] is None else total + shape[axis]
    out = list(first)
    out[axis] = total
    return _out(out, _promoted(*xs))


def vstack(xs: Any) -> SymbolicTensor:
    return _stacked(xs, 0)


def hstack(xs: Any) -> SymbolicTensor:
    return _stacked(xs, 1)


def _flat_size(shape: list) -> int | None:
    return None if None in shape else int(np.prod(shape, dtype=np.int64))


def append(x1: Any, x2: Any, axis: Any = None) -> SymbolicTensor:
    """Both flattened (axis None), or joined on `axis`, the other sizes equal."""
    s1, s2 = _shape(x1), _shape(x2)
    dtype = _promoted(x1, x2)
    if axis is None:
        sizes = (_flat_size(s1), _flat_size(s2))
        return _out([None if None in sizes else sizes[0] + sizes[1]], dtype)
    if not _same_but(s1, s2, axis % max(len(s1), 1)):
        raise ValueError("`append` requires inputs to have the same shape except the "
                         f"`axis={axis}`, but received shape {tuple(s1)} and {tuple(s2)}.")
    out = list(s1)
    out[axis] = None if s1[axis] is None or s2[axis] is None else s1[axis] + s2[axis]
    return _out(out, dtype)


def stack(x: Any, axis: int = 0) -> SymbolicTensor:
    """A new axis of len(x) at `axis`; every tensor of the first one's shape."""
    first = _shape(x[0])
    at = canonicalize_axis(axis, len(first) + 1)
    for t in x:
        if not _same_but(_shape(t), first, -1):
            raise ValueError("Every value in `x` must have the same shape. But found element "
                             f"of shape {tuple(_shape(t))},  which is different from the "
                             f"first element's shape {tuple(first)}.")
    return _out(first[:at] + [len(x)] + first[at:], _promoted(*x))


def broadcast_to(x: Any, shape: Any) -> SymbolicTensor:
    """The shape given, once x's broadcasts to it (Keras 3's check, its words)."""
    broadcast_shapes(_shape(x), list(shape))
    return _out(list(shape), x.dtype)


def reshape(x: Any, newshape: Any) -> Any:
    """The Python ints of `newshape` (others unknown), a -1 worked out where x's sizes are
    all known; a tensor shape: that many unknown sizes. Sizes that cannot match are
    refused only where x's are all known."""
    if isinstance(newshape, (KerasTensor, SymbolicTensor)) or not isinstance(
            newshape, (tuple, list)):
        return NotImplemented
    shape = tuple(d if isinstance(d, (int, np.integer)) else None for d in newshape)
    check_reshape_shape(tuple(newshape))
    dims = _shape(x)
    if None in dims or None in shape:
        return _out([None if d == -1 else d for d in shape], x.dtype)
    size = int(np.prod(dims, dtype=np.int64))
    if -1 not in shape:
        if size != int(np.prod(shape, dtype=np.int64)):
            raise ValueError("The total size of the tensor must be unchanged. Received: "
                             f"input_shape={tuple(dims)}, newshape={shape}")
        return _out(list(shape), x.dtype)
    known = int(np.prod([d for d in shape if d != -1], dtype=np.int64))
    if known == 0 or size % known:
        raise ValueError("The total size of the tensor must be unchanged, however, the input "
                         "size cannot by divided by the specified dimensions in newshape. "
                         f"Received: input_shape={tuple(dims)}, newshape={shape}")
    return _out([size // known if d == -1 else d for d in shape], x.dtype)


def check_reshape_shape(newshape: tuple) -> None:
    """Keras 3's refusals of a shape's Python ints: below -1, or -1 twice."""
    ints = [d for d in newshape if isinstance(d, (int, np.integer))]
    if any(d < -1 for d in ints):
        raise ValueError("Each dimension in `newshape` must be a non-negative integer, or `-1` "
                         f"for a single unknown dimension. Received: newshape={newshape}.")
    if sum(d == -1 for d in ints) > 1:
        raise ValueError("There must be at most one unknown dimension (-1) in `newshape`. "
                         f"Received: newshape={newshape}.")


def transpose(x: Any, axes: Any = None) -> SymbolicTensor:
    """x's sizes reversed, or permuted by `axes` (one int per axis, no repeats)."""
    dims = _shape(x)
    if axes is None:
        return _out(dims[::-1], x.dtype)
    n = len(dims)
    if len(axes) != n:
        raise ValueError("axis must be a list of the same length as the input shape, "
                         f"expected {n}, but received {len(axes)}.")
    if any(not isinstance(a, int) or not -n <= a < n for a in axes):
        raise ValueError(f"Each axis in `axes` must be an integer in [-{n}, {n}). Received: "
                         f"axes={list(axes)}.")
    perm = [a % n for a in axes]
    if len(set(perm)) != n:
        raise ValueError("`axes` must be a valid permutation of the input dimensions (no "
                         f"duplicates). Received: axes={list(axes)} for input of rank {n}.")
    return _out([dims[a] for a in perm], x.dtype)


def squeeze(x: Any, axis: Any = None) -> SymbolicTensor:
    """The sizes known as 1 dropped (axis None), or those of `axis`, each known as 1."""
    dims = _shape(x)
    if axis is None:
        return _out([d for d in dims if d != 1], x.dtype)
    axes = [axis] if isinstance(axis, int) else list(axis)
    for a in axes:
        if dims[a] != 1:
            raise ValueError(f"Cannot squeeze axis {a}, because the dimension is not 1.")
    drop = {canonicalize_axis(a, len(dims)) for a in axes}
    return _out([d for i, d in enumerate(dims) if i not in drop], x.dtype)


def split(x: Any, indices_or_sections: Any, axis: int = 0) -> list:
    """Equal sections (a known size must divide), or the pieces between the indices."""
    dims = _shape(x)
    axis = canonicalize_axis(axis, len(dims))
    size = dims[axis]
    if isinstance(indices_or_sections, int):
        if size is not None and size % indices_or_sections:
            raise ValueError("`x` size on given `axis` must be divisible by "
                             "`indices_or_sections` when `indices_or_sections` is an int. "
                             f"But received {size} and {indices_or_sections}.")
        piece = None if size is None else size // indices_or_sections
        return [_out(dims[:axis] + [piece] + dims[axis + 1:], x.dtype)
                for _ in range(indices_or_sections)]
    bounds = [0, *indices_or_sections, size]
    return [_out(dims[:axis] + [None if a is None or b is None else b - a] + dims[axis + 1:],
                 x.dtype) for a, b in zip(bounds, bounds[1:])]


def cumulative(x: Any, axis: Any = None, dtype: Any = None) -> SymbolicTensor:
    """cumsum, cumprod: flattened for axis None (else the axis checked); bool gives int32."""
    dims = _shape(x)
    if axis is None:
        dims = [_flat_size(dims)]
    else:
        canonicalize_axis(axis, len(dims))
    out = kd.standardize_dtype(x.dtype) if dtype is None else dtype
    return _out(dims, "int32" if out == "bool" else out)


def unravel_index(indices: Any, shape: Any) -> list:
    """A list of one tensor per dim of `shape`, of the indices' shape (unknown where a
    dim of `shape` is None), in the indices' dtype."""
    if None in shape:
        return [_out([None], indices.dtype) for _ in shape]
    return [_out(_shape(indices), indices.dtype) for _ in shape]


def meshgrid(*x: Any, indexing: str = "xy") -> list:
    """Each input's flat size, the first two swapped for "xy"; the dtype: a KerasTensor's
    default float32 for "ij", else the last input's (Keras 3's loop variable)."""
    sizes = [1 if not _shape(t) else _flat_size(_shape(t)) for t in x]
    if indexing == "ij":
        return [_out(sizes, "float32") for _ in x]
    sizes[0], sizes[1] = sizes[1], sizes[0]
    return [_out(sizes, x[-1].dtype) for _ in x]


def searchsorted(sorted_sequence: Any, values: Any, side: str = "left") -> SymbolicTensor:
    """The values' shape, int32 for a sequence of known length (else int64); a sequence of
    other than one axis refused (Keras 3's output rule's words, a space missing: the op's
    eager check words it otherwise)."""
    seq = _shape(sorted_sequence)
    if len(seq) != 1:
        raise ValueError("searchsorted only supports 1-D sorted sequences. Use"
                         "keras.ops.vectorized_map to extend to N-D sequences.")
    n = seq[0]
    return _out(_shape(values), "int32" if n is not None and n <= 2**31 - 1 else "int64")


def top_k(x: Any, k: int, sorted: bool = True) -> tuple:  # noqa: A002
    """x's shape with k last (a k above the size unchecked), values and int32 indices."""
    shape = _shape(x)[:-1] + [k]
    return _out(shape, x.dtype), _out(shape, "int32")


def _assert_2d(shape: list) -> None:
    if len(shape) < 2:
        raise ValueError("Expected input to have rank >= 2. Received input with shape "
                         f"{tuple(shape)}.")


def eig(x: Any) -> tuple:
    """Eigenvalues and vectors claimed in x's own dtype (the op gives complex ones); a
    non-square input refused before a rank-1 one (Keras 3's order: unpacking the last two
    sizes of a vector fails first)."""
    shape = _shape(x)
    m, n = shape[-2:]
    if m != n:
        raise ValueError("Expected a square matrix. Received non-square input with shape "
                         f"{tuple(shape)}")
    _assert_2d(shape)
    return _out(shape[:-1], x.dtype), _out(shape, x.dtype)


def lu_factor(x: Any) -> tuple:
    """The factors in x's shape and the pivots over min(m, n), both in x's dtype (the op
    gives int32 pivots)."""
    shape = _shape(x)
    _assert_2d(shape)
    m, n = shape[-2:]
    # (an unknown size fails min()'s comparison, as in Keras 3)
    return _out(shape, x.dtype), _out(shape[:-2] + [min(m, n)], x.dtype)


def diag(x: Any, k: int = 0) -> SymbolicTensor:
    """A vector's square matrix grown by |k|, a matrix's k-th diagonal (its length known
    only where both sizes are); other ranks refused in the rule's words."""
    dims = _shape(x)
    if len(dims) == 1:
        n = None if dims[0] is None else dims[0] + abs(int(k))
        return _out([n, n], x.dtype)
    if len(dims) != 2:
        raise ValueError(f"`x` must be 1-D or 2-D, but received shape {tuple(dims)}.")
    if None in dims:
        return _out([None], x.dtype)
    remaining = dims[1] - k if k > 0 else dims[0] + k
    return _out([max(0, min(remaining, min(dims)))], x.dtype)


def _listed(axis: Any) -> Any:
    """An int axis as the one-item list Keras 3's reductions keep."""
    return [axis] if isinstance(axis, int) else axis


def mean(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    """Integers and bool give their promotion with float32, floats stay."""
    d = kd.standardize_dtype(x.dtype)
    dtype = kd.result_type(d, "float32") if "int" in d or d == "bool" else d
    return _out(reduce_shape(_shape(x), _listed(axis), keepdims), dtype)


def var(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    return _out(reduce_shape(_shape(x), _listed(axis), keepdims),
                kd.result_type(kd.dtype_key(x), float))


def boolean_reduction(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    """all, any."""
    return _out(reduce_shape(_shape(x), axis, keepdims), "bool")


def kept_shape(x: Any, *args: Any, **kwargs: Any) -> SymbolicTensor:
    """tril, triu: x's shape and dtype, whatever its rank (the op needs two axes)."""
    return _out(_shape(x), x.dtype)


def _flipped(name: str, rank: int) -> Any:
    def spec(x: Any) -> SymbolicTensor:
        if len(_shape(x)) < rank:
            raise ValueError(f"`{name}` requires input with {rank} or more dimensions. "
                             f"Received: x.shape={tuple(_shape(x))}")
        return _out(_shape(x), x.dtype)
    return spec


def moveaxis(x: Any, source: Any, destination: Any) -> SymbolicTensor:
    """The moved axes at their destinations, the others in order (Keras 3's operation
    refuses unequal counts in its own words, the op run eagerly in TF's backend's)."""
    src = [source] if isinstance(source, int) else source
    dst = [destination] if isinstance(destination, int) else destination
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of "
                         f"elements, but received `source={source}` and "
                         f"`destination={destination}`.")
    dims = _shape(x)
    n = len(dims)
    src = [canonicalize_axis(a, n) for a in src]
    dst = [canonicalize_axis(a, n) for a in dst]
    out: list = [-1] * n
    rest = list(dims)
    for s_, d_ in zip(src, dst):
        out[d_], rest[s_] = dims[s_], -1
    left = iter(d for d in rest if d != -1)
    return _out([next(left) if d == -1 else d for d in out], x.dtype)


def isclose(x1: Any, x2: Any, *args: Any, **kwargs: Any) -> SymbolicTensor:
    return _out(broadcast_shapes(_shape(x1), _shape(x2)), "bool")


def unstack(x: Any, num: Any = None, axis: int = 0) -> list:
    """`num` tensors (else the axis' size, which must be known) of x's other sizes."""
    dims = _shape(x)
    axis = canonicalize_axis(axis, len(dims))
    num = dims[axis] if num is None else num
    if num is None:
        raise ValueError(f"Cannot infer argument `num` from shape {tuple(dims)}. Either "
                         "provide a tensor with a concrete shape in the `axis` dimension or "
                         "explicitly pass the `num` argument.")
    return [_out(dims[:axis] + dims[axis + 1:], x.dtype) for _ in range(num)]


def _split_at(name: str, rank: int, axis: Any) -> Any:
    """hsplit (axis 1, a vector's 0), vsplit (0), dsplit (2): split's rule after a check
    of the rank in each one's words."""
    def spec(x: Any, indices_or_sections: Any) -> list:
        dims = _shape(x)
        if len(dims) < rank:
            plural = "s" if rank > 1 else ""
            raise ValueError(f"`{name}` only works on arrays of at least {rank} "
                             f"dimension{plural}. Received array with shape {tuple(dims)}.")
        at = axis if axis is not None else (0 if len(dims) == 1 else 1)
        return split(x, indices_or_sections, at)
    return spec


def rot90(array: Any, k: int = 1, axes: Any = (0, 1)) -> SymbolicTensor:
    """The two axes' sizes swapped, whatever k (Keras 3's rule swaps for an even k too)."""
    dims = _shape(array)
    if len(dims) < 2:
        raise ValueError(f"Input array must have at least 2 dimensions. Received: "
                         f"array.shape={dims}")
    if len(axes) != 2 or axes[0] == axes[1]:
        raise ValueError(f"Invalid axes: {axes}. Axes must be a tuple of two different "
                         "dimensions.")
    a1, a2 = axes
    dims[a1], dims[a2] = dims[a2], dims[a1]
    return _out(dims, array.dtype)


def one_hot(x: Any, num_classes: int, axis: int = -1, dtype: Any = None,
            sparse: bool = False) -> SymbolicTensor:
    """The classes placed by with_classes, in `dtype` (floatx by default)."""
    dims = with_classes(_shape(x), num_classes, axis)
    return _out(dims, kd.standardize_dtype(dtype) if dtype is not None else kb.floatx())


def logdet(x: Any) -> SymbolicTensor:
    """x's batch of matrices' shape less the last two axes, unchecked."""
    return _out(_shape(x)[:-2], x.dtype)

RULES: dict = {"dot": dot, "inner": inner, "concatenate": concatenate,
               "take_along_axis": take_along_axis, "pad": pad, "slice": slice,
               "slice_update": slice_update, "nonzero": nonzero, "vstack": vstack,
               "hstack": hstack, "append": append, "stack": stack, "broadcast_to": broadcast_to,
               "reshape": reshape, "transpose": transpose, "squeeze": squeeze, "split": split,
               "cumsum": cumulative, "cumprod": cumulative, "unravel_index": unravel_index,
               "meshgrid": meshgrid, "searchsorted": searchsorted, "top_k": top_k, "eig": eig,
               "lu_factor": lu_factor, "diag": diag, "mean": mean, "var": var,
               "all": boolean_reduction, "any": boolean_reduction, "tril": kept_shape,
               "triu": kept_shape, "fliplr": _flipped("fliplr", 2),
               "flipud": _flipped("flipud", 1), "moveaxis": moveaxis, "isclose": isclose,
               "unstack": unstack, "hsplit": _split_at("hsplit", 1, None),
               "vsplit": _split_at("vsplit", 2, 0), "dsplit": _split_at("dsplit", 3, 2),
               "rot90": rot90, "one_hot": one_hot, "logdet": logdet}
# op name -> Keras 3's check made on a symbolic call's own arguments, before the rule
CHECKS: dict = {"pad": pad_check}
