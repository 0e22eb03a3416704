"""keras.ops NumPy-style array creation and manipulation: ranges, filled arrays and
windows, joins and splits, reshapes and transposes, flips, pads, diagonals and
triangles, gathers, `where`/`select`, and index helpers.

Creation ops default to floatx; joins promote their inputs with Keras 3's rules.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

import numpy as np

from eagerflow._src.core.dtypes import as_dtype
from eagerflow._src.core.errors import NotFoundError, OpError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.call_errors import with_call_info
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, in_symbolic_scope
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import sparse_union
from eagerflow._src.keras.ops.axes import canonicalize_axis
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.specs_arrays import check_reshape_shape, pad_widths
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.keras.variables import Variable as KerasVariable
from eagerflow._src.numpy_ops.extras import select as tnp_select
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import indexing as ti
from eagerflow._src.ops import linalg as tl
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import math_base, tiling
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops import shaping as tsh
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.linalg_band_part import band_part
from eagerflow._src.ops.linalg_eye import eye as tf_eye
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.math_special import bessel_i0e
from eagerflow._src.ops.misc_ops import bitcast
from eagerflow._src.ops.padding import pad as tf_pad
from eagerflow._src.ops.sequences import linspace as tf_linspace
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.signal_ops import hamming_window, hann_window
from eagerflow._src.ops.stacking import stack as tf_stack
from eagerflow._src.ops.stacking import unstack as tf_unstack


def canonical_axis(axis: int, ndim: int) -> int:
    """An axis in [-ndim, ndim) as a non-negative one, refused as Keras 3.15's backend
    refuses it (expand_dims, moveaxis, swapaxes, cross, ...: 'with dimension 3.')."""
    return canonicalize_axis(axis, ndim)


def as_axes(axis: Any) -> Any:
    """None, or the axis as a list."""
    if axis is None or isinstance(axis, (list, tuple)):
        return None if axis is None else list(axis)
    return [axis]


# ---------------------------------------------------------------------------------------
# Creation
# ---------------------------------------------------------------------------------------

@keras_op
def array(x: Any, dtype: Any = None) -> Any:
    return kd.to_tensor(x, dtype)


@keras_op
def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None) -> Any:
    if dtype is None:
        # (start's always, even None: Keras 3's "Invalid dtype: NoneType")
        keys = [kd.dtype_key(start)] + [kd.dtype_key(v) for v in (stop, step) if v is not None]
        dtype = kd.result_type(*keys)
    dtype = kd.standardize_dtype(dtype)
    step = 1 if step is None else step
    try:
        return tf_range(start, stop, delta=step, dtype=dtype)
    except NotFoundError:  # (int8, int16: no CPU kernel; Keras counts in float32, then casts)
        return cast(tf_range(start, stop, delta=step, dtype="float32"), dtype)


def zeros(shape: Any, dtype: Any = None) -> Any:
    return ta.zeros(shape, dtype=dtype or kb.floatx())


def ones(shape: Any, dtype: Any = None) -> Any:
    return ta.ones(shape, dtype=dtype or kb.floatx())


def empty(shape: Any, dtype: Any = None) -> Any:
    return ta.zeros(shape, dtype=dtype or kb.floatx())


def _like(name: str, tf_fn: Callable) -> Callable:
    def op(x: Any, dtype: Any = None) -> Any:
        dtype = None if dtype is None else kd.standardize_dtype(dtype)
        return tf_fn(kd.to_tensor(x), dtype=dtype)
    op.__name__ = op.__qualname__ = name
    return keras_op(op)


zeros_like = _like("zeros_like", math_base.zeros_like)
ones_like = _like("ones_like", math_base.ones_like)
empty_like = _like("empty_like", math_base.zeros_like)


@keras_op
def full(shape: Any, fill_value: Any, dtype: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    return tiling.broadcast_to(kd.to_tensor(fill_value, dtype), shape)


@keras_op
def full_like(x: Any, fill_value: Any, dtype: Any = None) -> Any:
    x = kd.to_tensor(x)
    dtype = kd.result_type(kd.standardize_dtype(dtype) if dtype is not None else x.dtype)
    return tiling.broadcast_to(kd.to_tensor(fill_value, dtype), ta.shape(x))


def _is_float_arg(v: Any) -> bool:
    return isinstance(v, float) or getattr(getattr(v, "dtype", None), "name", None) \
        in kd.FLOAT_TYPES


def eye(N: Any, M: Any = None, k: int = 0, dtype: Any = None) -> Any:
    if _is_float_arg(N):
        raise TypeError("Argument `N` must be an integer or an integer tensor.")
    if _is_float_arg(M):
        raise TypeError("Argument `M` must be an integer, an integer tensor, or `None`.")
    dtype = dtype or kb.floatx()
    M = N if M is None else M
    if isinstance(k, int) and k == 0:
        return tf_eye(N, M, dtype=dtype)
    # a smaller square eye, padded into place
    size = min(M - k, N + k)
    pads = [[max(-k, 0), max(N - M + k, 0)], [max(k, 0), max(M - N - k, 0)]]
    return tf_pad(tf_eye(size, dtype=dtype), pads)


def identity(n: int, dtype: Any = None) -> Any:
    return eye(n, n, dtype=dtype)


def tri(N: int, M: int | None = None, k: int = 0, dtype: Any = None) -> Any:
    M = N if M is None else M
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    if isinstance(N, int) and isinstance(M, int) and min(N, M) < 0:
        ta.ones((N, M))  # (Keras 3.15 fills an N x M tensor first: Fill refuses it so)
    rows = ta.reshape(tf_range(N), [-1, 1])
    cols = ta.reshape(tf_range(M), [1, -1])
    return cast(tm.less_equal(cols - rows, k), dtype)


@keras_op
def linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True,
             retstep: bool = False, dtype: Any = None, axis: int = 0) -> Any:
    if num < 0:
        raise ValueError(f"`num` must be a non-negative integer. Received: num={num}")
    if dtype is None:
        dtype = kd.result_type(kd.dtype_key(start), kd.dtype_key(stop), float)
    dtype = kd.standardize_dtype(dtype)
    start, stop = kd.to_tensor(start, dtype), kd.to_tensor(stop, dtype)
    step = kd.to_tensor(np.nan)
    if endpoint:
        out = tf_linspace(start, stop, num, axis=axis)
        if num > 1:
            step = (stop - start) / (cast(num, dtype) - cast(1, dtype))
    else:
        if num > 0:
            step = (stop - start) / cast(num, dtype)
        out = tf_linspace(start, cast(stop, step.dtype) - step, num, axis=axis) \
            if num > 1 else tf_linspace(start, stop, num, axis=axis)
    if "int" in dtype:
        out = tm.floor(out)
    out = cast(out, dtype)
    return (out, step) if retstep else out


@keras_op
def logspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, base: Any = 10,
             dtype: Any = None, axis: int = 0) -> Any:
    exponents = linspace(start, stop, num=num, endpoint=endpoint, dtype=dtype, axis=axis)
    return tm.pow(cast(base, exponents.dtype), exponents)


@keras_op
def geomspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, dtype: Any = None,
              axis: int = 0) -> Any:
    start, stop = kd.to_tensor(start), kd.to_tensor(stop)
    work = dtype or kb.floatx()
    log_start = tm.log(cast(tm.abs(start), work))
    log_stop = tm.log(cast(tm.abs(stop), work))
    log10 = tm.log(cast(10.0, log_start.dtype))
    out = logspace(log_start / log10, log_stop / log10, num=num, endpoint=endpoint, base=10,
                   dtype=dtype, axis=axis)
    return out * cast(tm.sign(cast(start, log_start.dtype)), out.dtype)


# ---------------------------------------------------------------------------------------
# Windows
# ---------------------------------------------------------------------------------------

@keras_op
def bartlett(x: Any) -> Any:
    n = int(x)
    if n == 0:
        return ta.constant([], dtype=kb.floatx())
    if n == 1:
        return ta.ones([1], dtype=kb.floatx())
    i = tf_range(n, dtype=kb.floatx())
    slope = 2.0 * i / float(n - 1)
    return math_base.where(tm.less_equal(i, (n - 1) / 2.0), slope, 2.0 - slope)


@keras_op
def blackman(x: Any) -> Any:
    dtype = kb.floatx()
    n = int(x)
    i = tf_range(n, dtype=dtype)
    denom = float(n - 1) if n > 1 else 1.0
    window = 0.42 - 0.5 * tm.cos(2 * np.pi * i / denom) + 0.08 * tm.cos(4 * np.pi * i / denom)
    return window if n > 1 else math_base.ones_like(window)


@keras_op
def hamming(x: Any) -> Any:
    return hamming_window(kd.to_tensor(x, "int32"), periodic=False)


@keras_op
def hanning(x: Any) -> Any:
    return hann_window(kd.to_tensor(x, "int32"), periodic=False)


@keras_op
def kaiser(x: Any, beta: Any) -> Any:
    """I0(beta * sqrt(1 - r**2)) / I0(beta), r running from -1 to 1, through the scaled
    Bessel function so that large betas do not overflow."""
    n = int(x)
    dtype = kb.floatx()
    if n == 1:
        return ta.ones([1], dtype=dtype)
    beta = cast(beta, dtype)
    r = 2.0 * tf_range(n, dtype=dtype) / float(n - 1) - 1.0
    arg = beta * tm.sqrt(tm.maximum(1.0 - r * r, 0.0))
    return tm.exp(arg - beta) * bessel_i0e(arg) / bessel_i0e(beta)


# ---------------------------------------------------------------------------------------
# Joins and splits
# ---------------------------------------------------------------------------------------

def _common(xs: list) -> list:
    """Promotes a list of arrays to their common dtype when their dtypes differ."""
    keys = {kd.dtype_key(x) for x in xs}
    if len(keys) > 1:
        dtype = kd.result_type(*keys)
        return [kd.to_tensor(x, dtype) for x in xs]
    return list(xs)


@keras_op(first_as_args=True)
def concatenate(xs: Any, axis: int = 0) -> Any:
    if sparse_union.any_sparse(*xs):
        xs = sparse_union.concatenate(list(xs), axis)
        if isinstance(xs, SparseTensor):
            return xs
    return ta.concat(_common(kd.leaf_tensors(xs)), axis=axis)


@keras_op
def append(x1: Any, x2: Any, axis: Any = None) -> Any:
    x1, x2 = kd.promote_tensors(x1, x2)
    if axis is None:
        return ta.concat([ta.reshape(x1, [-1]), ta.reshape(x2, [-1])], axis=0)
    return ta.concat([x1, x2], axis=axis)


@keras_op
def stack(x: Any, axis: int = 0) -> Any:
    return tf_stack(_common(list(x)), axis=axis)


@keras_op
def hstack(xs: Any) -> Any:
    xs = _common(list(xs))
    # (Keras reads the first item's shape as given: a list or number has none)
    return ta.concat(xs, axis=0 if len(xs[0].shape) == 1 else 1)


@keras_op
def vstack(xs: Any) -> Any:
    return ta.concat(_common(list(xs)), axis=0)


@keras_op
def dstack(xs: Any) -> Any:
    xs = [kd.to_tensor(x) for x in xs]
    if len(xs) > 1:
        xs = _common(xs)
    out = []
    for x in xs:
        rank = len(x.shape)
        if rank == 0:
            x = ta.reshape(x, (1, 1, 1))
        elif rank == 1:
            x = ta.expand_dims(ta.expand_dims(x, 0), 2)
        elif rank == 2:
            x = ta.expand_dims(x, 2)
        out.append(x)
    return ta.concat(out, axis=2)


@keras_op
def split(x: Any, indices_or_sections: Any, axis: int = 0) -> list:
    # (x as given, as Keras's TF backend hands it to tf.split or reads its shape: a list
    # takes TF's slow path, or has no shape)
    if isinstance(indices_or_sections, int):
        return ta.split(x, indices_or_sections, axis=axis)
    bounds = [0] + [int(i) for i in np.asarray(indices_or_sections).ravel()] + [x.shape[axis]]
    return ta.split(x, [b - a for a, b in zip(bounds[:-1], bounds[1:])], axis=axis)


@keras_op
def array_split(x: Any, indices_or_sections: int, axis: int = 0) -> list:
    if not isinstance(indices_or_sections, int):
        raise TypeError("Argument `indices_or_sections` must be of type `int`. Received: "
                        f"indices_or_sections={indices_or_sections}")
    if indices_or_sections <= 0:
        raise ValueError("Argument `indices_or_sections` must be a positive integer. "
                         f"Received: indices_or_sections={indices_or_sections}")
    if not isinstance(axis, int):
        raise TypeError(f"Argument `axis` must be of type `int`. Received: {axis}")
    x = kd.to_tensor(x)
    total = static_shape(x)[axis]
    size, extra = divmod(total, indices_or_sections)
    return ta.split(x, [size + 1] * extra + [size] * (indices_or_sections - extra), axis=axis)


@keras_op
def hsplit(x: Any, indices_or_sections: Any) -> list:
    x = kd.to_tensor(x)
    return split(x, indices_or_sections, axis=0 if len(x.shape) == 1 else 1)


@keras_op
def vsplit(x: Any, indices_or_sections: Any) -> list:
    return split(x, indices_or_sections, axis=0)


@keras_op
def dsplit(x: Any, indices_or_sections: Any) -> list:
    return split(x, indices_or_sections, axis=2)


# ---------------------------------------------------------------------------------------
# Shapes and axes
# ---------------------------------------------------------------------------------------

@keras_op
def reshape(x: Any, newshape: Any) -> Any:
    if not isinstance(newshape, Tensor):  # Keras checks a Python shape before the op
        try:
            newshape = tuple(newshape)
        except TypeError:
            newshape = (newshape,)
        check_reshape_shape(newshape)
    return ta.reshape(kd.to_tensor(x), newshape)


@keras_op
def ravel(x: Any) -> Any:
    return ta.reshape(kd.to_tensor(x), [-1])


@keras_op
def broadcast_to(x: Any, shape: Any) -> Any:
    return tiling.broadcast_to(x, shape)


@keras_op
def expand_dims(x: Any, axis: Any) -> Any:
    x = kd.to_tensor(x)
    axes = as_axes(axis)
    out_ndim = len(x.shape) + len(axes)
    for a in sorted(canonical_axis(a, out_ndim) for a in axes):
        x = ta.expand_dims(x, a)
    return x


@keras_op
def squeeze(x: Any, axis: Any = None) -> Any:
    x = kd.to_tensor(x)
    axes = as_axes(axis)
    dims = x.shape.as_list()
    if axes is not None:
        for a in axes:
            if dims[a] != 1:
                raise ValueError(f"Cannot squeeze axis={a}, because the dimension is not 1.")
        axes = sorted(canonical_axis(a, len(dims)) for a in axes)
    elif in_symbolic_scope():  # a KerasTensor's shape: Keras squeezes the dims known as 1
        axes = [i for i, d in enumerate(dims) if d == 1]
    return ta.squeeze(x, axis=axes)


# Keras 3's KerasTensor has these two ops as methods (installed here, as
# engine/operation.py installs its operators).
def _reshape_method(self: KerasTensor, newshape: Any) -> Any:
    return reshape(self, newshape)


def _squeeze_method(self: KerasTensor, axis: Any = None) -> Any:
    return squeeze(self, axis)


KerasTensor.reshape = _reshape_method
KerasTensor.squeeze = _squeeze_method


@keras_op
def transpose(x: Any, axes: Any = None) -> Any:
    # (x as given, as Keras's TF backend reads its shape: a list has none)
    if axes:
        axes = tuple(canonical_axis(a, len(x.shape)) for a in axes)
        if len(set(axes)) != len(axes):
            raise ValueError("`axes` must be a valid permutation of the input dimensions (no "
                             f"duplicates). Received: axes={list(axes)} for input of rank "
                             f"{len(x.shape)}.")
    return ta.transpose(x, perm=axes)


@keras_op
def moveaxis(x: Any, source: Any, destination: Any) -> Any:
    x = kd.to_tensor(x)
    ndim = len(x.shape)
    src = tuple(canonical_axis(a, ndim) for a in as_axes(source))
    dst = tuple(canonical_axis(a, ndim) for a in as_axes(destination))
    if len(src) != len(dst):
        raise ValueError("Inconsistent number of `source` and `destination`. "
                         f"Received: source={source}, destination={destination}")
    if src == dst:
        return x
    perm = [i for i in range(ndim) if i not in src]
    for d, s in sorted(zip(dst, src)):
        perm.insert(d, s)
    return ta.transpose(x, perm)


@keras_op
def swapaxes(x: Any, axis1: int, axis2: int) -> Any:
    x = kd.to_tensor(x)
    ndim = len(x.shape)
    a1, a2 = canonical_axis(axis1, ndim), canonical_axis(axis2, ndim)
    if a1 == a2:
        return x
    perm = list(range(ndim))
    perm[a1], perm[a2] = a2, a1
    return ta.transpose(x, perm)


@keras_op
def ndim(x: Any) -> int:
    return len(kd.to_tensor(x).shape)


@keras_op
def size(x: Any) -> Any:
    return tr.size(kd.to_tensor(x))


# ---------------------------------------------------------------------------------------
# Flips, rolls, tiles, pads
# ---------------------------------------------------------------------------------------

@keras_op
def flip(x: Any, axis: Any = None) -> Any:
    x = kd.to_tensor(x)
    rank = len(x.shape)
    axes = list(range(rank)) if axis is None else \
        [canonical_axis(a, rank) for a in as_axes(axis)]
    return tsh.reverse(x, axes)


@keras_op
def fliplr(x: Any) -> Any:
    return tsh.reverse(kd.to_tensor(x), [1])


@keras_op
def flipud(x: Any) -> Any:
    return tsh.reverse(kd.to_tensor(x), [0])


@keras_op
def rot90(array: Any, k: int = 1, axes: Any = (0, 1)) -> Any:
    """k quarter turns from axes[0] toward axes[1], as Keras's TF backend turns them: the
    plane's axes moved last and the rest flattened into one, each turn a flip then a swap;
    past the first turn it reshapes to the final plane's shape first, so two turns of a
    plane that is not square come out in Keras's (scrambled) order, not NumPy's."""
    x = kd.to_tensor(array)
    rank = len(x.shape)
    if rank < 2:
        raise ValueError(f"Input array must have at least 2 dimensions. Received: "
                         f"array.ndim={rank}")
    if len(axes) != 2 or axes[0] == axes[1]:
        raise ValueError(f"Invalid axes: {axes}. Axes must be a tuple of two different "
                         "dimensions.")
    k = k % 4
    if k == 0:
        return x
    plane = [a if a >= 0 else rank + a for a in axes]
    perm = [i for i in range(rank) if i not in plane] + plane
    x = ta.transpose(x, perm)
    dims = ta.shape(x)
    rest, h, w = dims[:-2], dims[-2], dims[-1]
    final_h, final_w = (w, h) if k % 2 == 1 else (h, w)
    x = _quarter_turn(ta.reshape(x, tf_stack([-1, h, w])))
    if k > 1:
        x = ta.reshape(x, tf_stack([-1, final_h, final_w]))
        for _ in range(k - 1):
            x = _quarter_turn(x)
    x = ta.reshape(x, ta.concat([rest, tf_stack([final_h, final_w])], 0))
    return ta.transpose(x, [perm.index(i) for i in range(rank)])


def _quarter_turn(x: Any) -> Any:
    """[n, h, w] -> [n, w, h]: each plane flipped along w, then transposed."""
    return ta.transpose(tsh.reverse(x, [2]), [0, 2, 1])


@keras_op
def roll(x: Any, shift: Any, axis: Any = None) -> Any:
    x = kd.to_tensor(x)
    if axis is not None:
        return tsh.roll(x, shift=shift, axis=axis)
    return ta.reshape(tsh.roll(ta.reshape(x, [-1]), shift, 0), ta.shape(x))


@keras_op
def tile(x: Any, repeats: Any) -> Any:
    x = kd.to_tensor(x)
    reps = [repeats] if isinstance(repeats, int) else list(repeats)
    reps = [int(r) if isinstance(r, Tensor) and r.shape == () and hasattr(r, "numpy") else r
            for r in reps]
    rank = len(x.shape)
    if len(reps) < rank:
        reps = [1] * (rank - len(reps)) + reps
    while len(reps) > len(x.shape):
        x = ta.expand_dims(x, 0)
    return tiling.tile(x, reps)


@keras_op
def repeat(x: Any, repeats: Any, axis: Any = None) -> Any:
    x = kd.to_tensor(x)
    if x.dtype.name == "uint16":  # TF's repeat has no uint16 kernel
        return cast(ti.repeat(cast(x, "uint32"), repeats, axis=axis), "uint16")
    return ti.repeat(x, repeats, axis=axis)


class Pad:
    """Names eager `keras.ops.pad` errors as Keras 3's, which always calls its Pad
    operation (errors inside come framed as `Exception encountered when calling
    Pad.call()`)."""

    def __init__(self, pad_width: Any, mode: str) -> None:
        self.pad_width, self.mode = pad_widths(pad_width), mode

    def call(self, x: Any, constant_values: Any = None) -> Any:
        widths = self.pad_width
        if len(widths) > 1 and len(widths) != len(x.shape):
            raise ValueError("`pad_width` must have the same length as `x.shape`. Received: "
                             f"pad_width={widths} (of length {len(widths)}) and "
                             f"x.shape={x.shape} (of length {len(x.shape)})")
        x = kd.to_tensor(x)
        kwargs = {}
        if constant_values is not None:
            if self.mode != "constant":
                raise ValueError("Argument `constant_values` can only be provided when "
                                 f"`mode == 'constant'`. Received: mode={self.mode}")
            kwargs["constant_values"] = constant_values
        return tf_pad(x, kd.to_tensor(widths, "int32"), self.mode.upper(), **kwargs)


@keras_op
def pad(x: Any, pad_width: Any, mode: str = "constant", constant_values: Any = None) -> Any:
    op = Pad(pad_width, mode)
    try:
        return op.call(x, constant_values=constant_values)
    except Exception as e:  # noqa: BLE001 - re-raised, framed as Keras frames it
        raise with_call_info(e, op, op.call, (x,), {"constant_values": constant_values}) \
            from None


# ---------------------------------------------------------------------------------------
# Diagonals and triangles
# ---------------------------------------------------------------------------------------

@keras_op
def diag(x: Any, k: int = 0) -> Any:
    x = kd.to_tensor(x)
    if len(x.shape) == 1:
        return tl.diag(x, k=k)
    if len(x.shape) == 2:
        return diagonal(x, offset=k)
    raise ValueError(f"`x` must be 1d or 2d. Received: x.shape={x.shape}")


@keras_op
def diagflat(x: Any, k: int = 0) -> Any:
    return diag(ta.reshape(kd.to_tensor(x), [-1]), k)


@keras_op
def diagonal(x: Any, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Any:
    # (the axes checked against x's shape as given, as keras.ops.diagonal reads it: a
    # Python number or list has none, Python's AttributeError)
    rank = len(x.shape)
    a1, a2 = canonical_axis(axis1, rank), canonical_axis(axis2, rank)
    if a1 == a2:
        raise ValueError(f"`axis1` and `axis2` cannot be the same. Received: axis1={axis1}, "
                         f"axis2={axis2}")
    x = kd.to_tensor(x)
    x = moveaxis(x, (a1, a2), (-2, -1))
    dims = static_shape(x)
    if isinstance(dims[-1], int) and isinstance(dims[-2], int) and \
            (offset <= -dims[-2] or offset >= dims[-1]):
        # an offset past the matrix: an empty last dim (which diag_part then refuses)
        x = ta.zeros(list(dims[:-1]) + [0], dtype=x.dtype)
    return tl.diag_part(x, k=offset)


def _row_col(x: Any) -> tuple:
    if len(x.shape) < 2:  # (Keras 3.15 runs MatrixBandPart, which refuses it so)
        band_part(x, -1, 0)
    dims = ta.shape(x)
    rows = ta.reshape(tf_range(dims[-2]), [-1, 1])
    cols = ta.reshape(tf_range(dims[-1]), [1, -1])
    return rows, cols


@keras_op
def tril(x: Any, k: int = 0) -> Any:
    x = kd.to_tensor(x)
    rows, cols = _row_col(x)
    keep = tm.greater_equal(rows, cols - k)
    return math_base.where(tiling.broadcast_to(keep, ta.shape(x)), x, math_base.zeros_like(x))


@keras_op
def triu(x: Any, k: int = 0) -> Any:
    x = kd.to_tensor(x)
    rows, cols = _row_col(x)
    keep = tm.less_equal(rows, cols - k)
    return math_base.where(tiling.broadcast_to(keep, ta.shape(x)), x, math_base.zeros_like(x))


# ---------------------------------------------------------------------------------------
# Gathers, conditions and indices
# ---------------------------------------------------------------------------------------

@keras_op
def get_item(x: Any, key: Any) -> Any:
    return x[key]


def _wrap_negative(indices: Any, length: Any) -> Any:
    """JAX's "fill" indexing: negative indices count from the end."""
    return math_base.where(tm.less(indices, cast(0, indices.dtype)),
                    indices + cast(length, indices.dtype), indices)


@keras_op
def take(x: Any, indices: Any, axis: Any = None) -> Any:
    # (Keras hands a variable to tf.gather as it is: TF's op wrapper then takes its slow
    # path, whose errors name no name)
    variable = isinstance(x, KerasVariable) and axis is not None
    if not variable:  # (a variable is read by tf.shape and tf.gather each, as on TF)
        x = kd.to_tensor(x)
    if axis is None:
        x, axis = ta.reshape(x, [-1]), 0
    indices = kd.to_tensor(indices)
    negative = tm.less(indices, cast(0, indices.dtype))  # (TF's `i < 0` comes first)
    indices = math_base.where(negative, indices + cast(ta.shape(x)[axis], indices.dtype), indices)
    try:
        return ti.gather(x, indices, axis=axis)
    except OpError as e:
        if variable:
            slow_path(e)
        raise


@keras_op
def take_along_axis(x: Any, indices: Any, axis: Any = None) -> Any:
    x = kd.to_tensor(x)
    indices = kd.to_tensor(indices, "int64")
    if axis is None:
        if len(indices.shape) != 1:
            raise ValueError(f"`indices` must be 1D if axis=None. Received: "
                             f"indices.shape={indices.shape}")
        return take_along_axis(ta.reshape(x, [-1]), indices, 0)
    rank = len(x.shape)
    axis = canonicalize_axis(axis, rank)
    # broadcast everything but `axis`, then gather along it with batch dims
    x_dims, i_dims = list(static_shape(x)), list(static_shape(indices))
    both = list(np.broadcast_shapes(tuple(x_dims[:axis] + [1] + x_dims[axis + 1:]),
                                    tuple(i_dims[:axis] + [1] + i_dims[axis + 1:])))
    x = tiling.broadcast_to(x, both[:axis] + [x_dims[axis]] + both[axis + 1:])
    indices = tiling.broadcast_to(indices, both[:axis] + [i_dims[axis]] + both[axis + 1:])
    indices = _wrap_negative(indices, x_dims[axis])
    x, indices = swapaxes(x, axis, -1), swapaxes(indices, axis, -1)
    out_dims = ta.shape(indices)
    flat_x = ta.reshape(x, [-1, ta.shape(x)[-1]])
    flat_i = ta.reshape(indices, [-1, out_dims[-1]])
    out = ta.reshape(ti.gather(flat_x, flat_i, batch_dims=1), out_dims)
    return swapaxes(out, axis, -1)


@keras_op
def where(condition: Any, x1: Any = None, x2: Any = None) -> Any:
    if (x1 is None) != (x2 is None):
        raise ValueError("`x1` and `x2` either both should be `None` or both should have "
                         "non-None value.")
    condition = kd.cast(condition, "bool")
    if x1 is None:
        return nonzero(condition)
    x1, x2 = kd.promote(x1, x2)
    return math_base.where(condition, x1, x2)


@keras_op
def nonzero(x: Any) -> Any:
    x = kd.to_tensor(x)
    coords = math_base.where(cast(x, "bool"))
    return [cast(c, "int32") for c in tf_unstack(coords, len(x.shape), axis=1)]


@keras_op
def select(condlist: Any, choicelist: Any, default: Any = 0) -> Any:
    if not isinstance(condlist, (list, tuple)) or not isinstance(choicelist, (list, tuple)):
        raise ValueError("condlist and choicelist must be lists. Received: "
                         f"type(condlist) = {type(condlist)}, "
                         f"type(choicelist) = {type(choicelist)}")
    if not condlist or not choicelist:
        raise ValueError("condlist and choicelist must not be empty. Received: "
                         f"condlist = {list(condlist)}, choicelist = {list(choicelist)}")
    # Keras 3.15's TF backend hands the lists to tf.experimental.numpy.select: its length
    # check, and NumPy's promotion of the choices with the default (int32 with float32
    # is float64)
    return tnp_select(condlist, choicelist, default=default)


@keras_op
def unravel_index(indices: Any, shape: Any) -> tuple:
    indices = kd.to_tensor(indices)
    if None in shape:
        raise ValueError(f"`shape` argument cannot contain `None`. Received: shape={shape}")
    coords = []
    for dim in reversed(shape):
        coords.append(tm.floormod(indices, cast(dim, indices.dtype)))
        indices = tm.floordiv(indices, cast(dim, indices.dtype))
    return tuple(reversed(coords))


@keras_op
def meshgrid(*x: Any, indexing: str = "xy") -> list:
    return tsh.meshgrid(*x, indexing=indexing)


@keras_op
def view(x: Any, dtype: Any = None) -> Any:
    """x's bytes as `dtype`, the last axis resized by the ratio of the item sizes."""
    x = kd.to_tensor(x)
    new = as_dtype(kd.standardize_dtype(dtype if dtype else x.dtype))
    old_size, new_size = x.dtype.size, new.size
    dims = list(static_shape(x))
    last = dims[-1] if dims else -1
    if (last == -1 and old_size != new_size) or (last * old_size % new_size != 0):
        raise ValueError(f"Cannot view array of shape {x.shape} and dtype {x.dtype} as dtype "
                         f"{new} because the total number of bytes is not divisible by the new "
                         "itemsize.")
    if old_size == new_size:
        return bitcast(x, new)
    if old_size > new_size:
        dims[-1] *= old_size // new_size
        return ta.reshape(bitcast(ta.reshape(x, [-1]), new), dims)
    ratio = new_size // old_size
    if last % ratio != 0:
        raise ValueError(f"Cannot view dtype. Last dimension size ({last}) must be divisible "
                         f"by the ratio of new/old item sizes ({ratio}).")
    return bitcast(ta.reshape(x, dims[:-1] + [last // ratio, ratio]), new)


# ---------------------------------------------------------------------------------------
# vectorize
# ---------------------------------------------------------------------------------------

_GUFUNC_ARG = r"\((?:\w+(?:,\w+)*)?\)"


def _core_dims(signature: str | None, n_args: int) -> list:
    if signature is None:
        return [()] * n_args
    if not re.match(rf"^{_GUFUNC_ARG}(?:,{_GUFUNC_ARG})*->{_GUFUNC_ARG}(?:,{_GUFUNC_ARG})*$",
                    signature):
        raise ValueError(f"not a valid gufunc signature: {signature}")
    inputs = signature.split("->")[0]
    return [tuple(re.findall(r"\w+", arg)) for arg in re.findall(_GUFUNC_ARG, inputs)]


def vectorize(pyfunc: Callable, *, excluded: Any = None, signature: str | None = None) -> Callable:
    """NumPy's vectorize as Keras has it on TensorFlow: `pyfunc` applies when no axis
    needs mapping (all non-core dims are 1); mapping over an axis is the ValueError Keras's
    TensorFlow backend raises (its vmap takes no per-argument axes)."""
    if not callable(pyfunc):
        raise ValueError(f"Expected argument `pyfunc` to be a callable. Received: pyfunc={pyfunc}")

    @functools.wraps(pyfunc)
    def wrapped(*args: Any) -> Any:
        cores = _core_dims(signature, len(args))
        if len(cores) != len(args):
            raise TypeError(f"wrong number of positional arguments: expected {len(cores)}, got "
                            f"{len(args)}")
        args = [kd.to_tensor(a) for a in args]
        outer = [tuple(static_shape(a)[:len(a.shape) - len(c)]) for a, c in zip(args, cores)]
        batch = np.broadcast_shapes(*outer) if outer else ()
        if any(any(d != 1 for d in s) for s in outer):
            raise ValueError("Not supported with `vectorize()` with the TensorFlow backend.")
        squeezed = [ta.squeeze(a, axis=list(range(len(s)))) if s else a
                    for a, s in zip(args, outer)]
        out = pyfunc(*squeezed)
        if not batch:
            return out
        expand = list(range(len(batch)))
        if isinstance(out, tuple):
            return tuple(expand_dims(o, expand) for o in out)
        return expand_dims(out, expand)

    return wrapped
