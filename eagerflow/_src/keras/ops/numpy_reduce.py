"""keras.ops NumPy-style reductions and order statistics: sums, means, extrema and their
NaN-ignoring variants, cumulative ops, sorting and partitions, quantiles, histograms,
counts, unique values, membership and searches.

Sums and products accumulate small ints in 32 bits (as JAX); means of ints are floats;
the float16 mean is computed in float32 and rounded once, as Keras does.
"""

from __future__ import annotations

import builtins
from typing import Any, Callable

import numpy as np

from eagerflow._src.control_flow.conditionals import cond as tf_cond
from eagerflow._src.control_flow.loops import map_fn
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.call_errors import with_call_info
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import sparse_union
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.numpy_array import (
    as_axes,
    canonical_axis,
    moveaxis,
    swapaxes,
)
from eagerflow._src.keras.ops.numpy_math import nan_to_num
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import indexing as ti
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import misc_ops, scans, sparse_functions, unique_one_hot
from eagerflow._src.ops import nd_indexing as tnd
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops import sorting as tsort
from eagerflow._src.ops.debugging import assert_greater
from eagerflow._src.ops.histogram_ops import bucketize
from eagerflow._src.ops.linalg import tensordot
from eagerflow._src.ops.math_base import cast, conj, ones_like, real, where, zeros_like
from eagerflow._src.ops.misc_ops import invert_permutation
from eagerflow._src.ops.misc_ops import searchsorted as tf_searchsorted
from eagerflow._src.ops.padding import pad as tf_pad
from eagerflow._src.ops.segment_ops import unsorted_segment_min
from eagerflow._src.ops.sequences import linspace as tf_linspace
from eagerflow._src.ops.sequences import range as tf_range

# ---------------------------------------------------------------------------------------
# Sums, means, extrema
# ---------------------------------------------------------------------------------------

@keras_op
def sum(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    if isinstance(x, SparseTensor):
        return sparse_union.sum_sparse(x, axis, keepdims)
    x = kd.to_tensor(x)
    x = kd.cast(x, kd.accumulate_dtype(x.dtype.name))
    return tr.reduce_sum(x, axis=axis, keepdims=keepdims)


@keras_op
def prod(x: Any, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> Any:
    x = kd.to_tensor(x)
    if dtype is None:
        x = kd.cast(x, kd.accumulate_dtype(kd.result_type(x.dtype)))
    return tr.reduce_prod(x, axis=axis, keepdims=keepdims)


@keras_op
def mean(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    if x.dtype.name in ("float32", "float64"):  # computed and returned in its own dtype
        return tr.reduce_mean(x, axis=axis, keepdims=keepdims)
    name = x.dtype.name
    compute = kd.result_type(name, "float32")
    result = compute if "int" in name or name == "bool" else name
    out = tr.reduce_mean(cast(x, compute), axis=axis, keepdims=keepdims)
    return cast(out, result)


@keras_op
def var(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    compute = kd.result_type(x.dtype, "float32")
    result = kd.result_type(x.dtype, float)
    out = tr.reduce_variance(cast(x, compute), axis=axis, keepdims=keepdims)
    return cast(out, result)


@keras_op
def std(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    name = x.dtype.name
    if "int" in name or name == "bool":
        x = cast(x, kb.floatx())
    return tr.reduce_std(x, axis=axis, keepdims=keepdims)


def _extremum(which: str, bool_fn: Callable, fn: Callable, combine: Callable) -> Callable:
    def op(x: Any, axis: Any = None, keepdims: bool = False, initial: Any = None) -> Any:
        x = kd.to_tensor(x)
        is_bool = x.dtype.name == "bool"
        if initial is not None:
            if is_bool:
                out = cast(bool_fn(x, axis=axis, keepdims=keepdims), "int32")
                return cast(combine(out, cast(initial, "int32")), "bool")
            return combine(fn(x, axis=axis, keepdims=keepdims), initial)
        if executing_eagerly():  # NumPy refuses empty reductions; TF would give -inf
            n = tr.size(x)
            assert_greater(n, cast(0, n.dtype),
                           message=f"Cannot compute the {which} of an empty tensor.")
        return (bool_fn if is_bool else fn)(x, axis=axis, keepdims=keepdims)
    op.__name__ = op.__qualname__ = which
    return keras_op(op)


max = _extremum("max", tr.reduce_any, tr.reduce_max, tm.maximum)  # noqa: A001
min = _extremum("min", tr.reduce_all, tr.reduce_min, tm.minimum)  # noqa: A001


@keras_op
def amax(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return max(x, axis=axis, keepdims=keepdims)


@keras_op
def amin(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return min(x, axis=axis, keepdims=keepdims)


@keras_op
def ptp(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    return tr.reduce_max(x, axis=axis, keepdims=keepdims) - \
        tr.reduce_min(x, axis=axis, keepdims=keepdims)


@keras_op
def all(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return tr.reduce_all(kd.cast(x, "bool"), axis=axis, keepdims=keepdims)


@keras_op
def any(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return tr.reduce_any(kd.cast(x, "bool"), axis=axis, keepdims=keepdims)


@keras_op
def count_nonzero(x: Any, axis: Any = None) -> Any:
    return tr.count_nonzero(kd.to_tensor(x), axis=axis, dtype="int32")


@keras_op
def average(x: Any, axis: Any = None, weights: Any = None) -> Any:
    x = kd.to_tensor(x)
    if weights is None:
        return tr.reduce_mean(kd.cast(x, kd.result_type(x.dtype, float)), axis=axis)
    x, weights = kd.promote_tensors(x, weights, extra=(float,))
    if axis is None or len(x.shape) == len(weights.shape):
        return tr.reduce_sum(x * weights, axis=axis) / tr.reduce_sum(weights, axis=axis)
    return tensordot(x, weights, [[axis], [0]]) / tr.reduce_sum(weights)


# ---------------------------------------------------------------------------------------
# Arg-extrema, sorting, partitions
# ---------------------------------------------------------------------------------------

def _keep_reduced(x: Any, y: Any, axis: Any) -> Any:
    dims = [1] * len(x.shape) if axis is None else list(static_shape(x))
    if axis is not None:
        for a in as_axes(axis):
            dims[a] = 1
    return ta.reshape(y, dims)


def _arg(name: str, tf_fn: Callable) -> Callable:
    def op(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
        x = kd.to_tensor(x)
        original = x
        if x.dtype.is_floating and len(x.shape):
            # -0.0 must lose to +0.0 (as a tiny negative), as NumPy's ordering has it
            x = kd.cast(x, kd.result_type(x.dtype, "float32"))
            zero = cast(0, x.dtype)
            negative_zero = tm.logical_and(tm.equal(x, zero), tm.less(tm.reciprocal(x), zero))
            tiny = cast(-np.finfo(x.dtype.name).tiny, x.dtype)
            x = where(negative_zero, tiny, x)
            original = x
        flat = ta.reshape(x, [-1]) if axis is None else x
        out = tf_fn(flat, axis=0 if axis is None else axis, output_type="int32")
        return _keep_reduced(original, out, axis) if keepdims else out
    op.__name__ = op.__qualname__ = name
    return keras_op(op)


argmax = _arg("argmax", tr.argmax)
argmin = _arg("argmin", tr.argmin)


def _nan_arg(name: str, plain: Callable, fill: float) -> Callable:
    def op(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
        x = kd.to_tensor(x)
        if not x.dtype.is_floating:
            return plain(x, axis=axis, keepdims=keepdims)
        nans = tm.is_nan(x)
        found = plain(where(nans, cast(fill, x.dtype), x), axis=axis, keepdims=keepdims)
        return where(tr.reduce_all(nans, axis=axis, keepdims=keepdims),
                        cast(-1, "int32"), found)
    op.__name__ = op.__qualname__ = name
    return keras_op(op)


nanargmax = _nan_arg("nanargmax", argmax, -np.inf)
nanargmin = _nan_arg("nanargmin", argmin, np.inf)


@keras_op
def sort(x: Any, axis: Any = -1) -> Any:
    x = kd.to_tensor(x)
    if axis is None:
        x, axis = ta.reshape(x, [-1]), 0
    if x.dtype.name == "bool":
        return cast(tsort.sort(cast(x, "int8"), axis=axis), "bool")
    return tsort.sort(x, axis=axis)


@keras_op
def argsort(x: Any, axis: Any = -1) -> Any:
    x = kd.to_tensor(x)
    if x.dtype.name == "bool":
        x = cast(x, "uint8")
    if len(x.shape) == 0:
        return ta.constant([0], dtype="int32")
    if axis is None:
        x, axis = ta.reshape(x, [-1]), 0
    return tsort.argsort(x, axis=axis)


@keras_op
def argpartition(x: Any, kth: Any, axis: int = -1) -> Any:
    """The kth+1 smallest (ascending) first, then the rest by descending value, as Keras's
    TensorFlow backend orders them (both through top_k)."""
    x = kd.to_tensor(x, "int32")
    restore = axis is not None
    if axis is None:
        x, axis = ta.reshape(x, [-1]), 0
    x = swapaxes(x, axis, -1)
    n = static_shape(x)[-1]
    kth = builtins.min(builtins.max(int(kth), 0), n - 1)
    bottom = tsort.top_k(-x, kth + 1).indices
    taken = tr.reduce_sum(unique_one_hot.one_hot(bottom, n, dtype="int32"), axis=0)
    rest = tnd.tensor_scatter_nd_update(x, where(taken), zeros_like(
        ta.reshape(where(taken)[:, 0], [-1]), dtype="int32"))
    top = tsort.top_k(rest, n - kth - 1).indices
    out = ta.concat([bottom, top], axis=-1)
    return swapaxes(out, -1, axis) if restore else out


# ---------------------------------------------------------------------------------------
# Cumulative ops
# ---------------------------------------------------------------------------------------

def _cumulative(name: str, tf_fn: Callable) -> Callable:
    def op(x: Any, axis: Any = None, dtype: Any = None) -> Any:
        x = kd.to_tensor(x, None if dtype is None else kd.standardize_dtype(dtype))
        if x.dtype.name == "bool":
            x = cast(x, "int32")
        if axis is None:
            x, axis = ta.reshape(x, [-1]), 0
        return tf_fn(x, axis=axis)
    op.__name__ = op.__qualname__ = name
    return keras_op(op)


cumsum = _cumulative("cumsum", scans.cumsum)
cumprod = _cumulative("cumprod", scans.cumprod)


@keras_op
def nancumsum(x: Any, axis: Any = None, dtype: Any = None) -> Any:
    return cumsum(nan_to_num(x), axis=axis, dtype=dtype)


@keras_op
def nancumprod(x: Any, axis: Any = None, dtype: Any = None) -> Any:
    return cumprod(nan_to_num(x, nan=1.0), axis=axis, dtype=dtype)


class Diff:
    """Keras 3 runs keras.ops.diff as its Diff operation (called, not just its call), whose
    errors come framed as `Exception encountered when calling Diff.call()`."""

    def __init__(self, n: int, axis: int) -> None:
        self.n, self.axis = n, axis

    def call(self, a: Any) -> Any:
        n = self.n
        a = kd.to_tensor(a)
        if n == 0:
            return a
        if n < 0:
            raise ValueError(f"Order `n` must be non-negative. Received n={n}")
        if len(a.shape) == 0:
            raise ValueError(f"`diff` requires input that is at least one dimensional. "
                             f"Received: a={a}")
        axis = canonical_axis(self.axis, len(a.shape))
        head = tuple(builtins.slice(1, None) if i == axis else builtins.slice(None)
                     for i in range(len(a.shape)))
        tail = tuple(builtins.slice(None, -1) if i == axis else builtins.slice(None)
                     for i in range(len(a.shape)))
        for _ in range(n):
            a = tm.not_equal(a[head], a[tail]) if a.dtype.name == "bool" else a[head] - a[tail]
        return a


@keras_op
def diff(a: Any, n: int = 1, axis: int = -1) -> Any:
    op = Diff(n, axis)
    try:
        return op.call(a)
    except Exception as e:  # noqa: BLE001 - re-raised, framed as Keras frames it
        raise with_call_info(e, op, op.call, (a,), {}) from None


@keras_op
def trace(x: Any, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Any:
    x = kd.to_tensor(x)
    x = kd.cast(x, kd.accumulate_dtype(x.dtype.name))
    dims = ta.shape(x)
    x = moveaxis(x, (axis1, axis2), (-2, -1))  # (first: it refuses bad axes in Keras's words)
    rows, cols = dims[axis1], dims[axis2]
    on = tm.equal(ta.reshape(tf_range(cols), [1, -1]) - ta.reshape(tf_range(rows), [-1, 1]),
                  offset)
    return tr.reduce_sum(where(on, x, zeros_like(x)), axis=(-2, -1))


# ---------------------------------------------------------------------------------------
# NaN-ignoring reductions
# ---------------------------------------------------------------------------------------

def _nan_extremum(name: str, bool_fn: Callable, fn: Callable, fill: float) -> Callable:
    def op(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
        x = kd.to_tensor(x)
        if not x.dtype.is_floating:
            return (bool_fn if x.dtype.name == "bool" else fn)(x, axis=axis, keepdims=keepdims)
        nans = tm.is_nan(x)
        clean = where(nans, cast(fill, x.dtype), x)
        return where(tr.reduce_all(nans, axis=axis, keepdims=keepdims),
                        cast(np.nan, x.dtype), fn(clean, axis=axis, keepdims=keepdims))
    op.__name__ = op.__qualname__ = name
    return keras_op(op)


nanmax = _nan_extremum("nanmax", tr.reduce_any, tr.reduce_max, -np.inf)
nanmin = _nan_extremum("nanmin", tr.reduce_all, tr.reduce_min, np.inf)


@keras_op
def nansum(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    name = x.dtype.name
    clean = where(tm.is_nan(cast(x, kb.floatx())), zeros_like(x), x)
    clean = kd.cast(clean, kd.accumulate_dtype(name))
    return tr.reduce_sum(clean, axis=axis, keepdims=keepdims)


@keras_op
def nanprod(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    if x.dtype.is_floating:
        x = where(tm.is_nan(x), ones_like(x), x)
    return prod(x, axis=axis, keepdims=keepdims)


@keras_op
def nanmean(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    if axis == () or axis == []:
        return x
    if not x.dtype.is_floating:
        return tr.reduce_mean(cast(x, "float32"), axis=axis, keepdims=keepdims)
    dtype = kd.result_type(x.dtype, float)
    total = kd.cast(nansum(x, axis=axis, keepdims=keepdims), dtype)
    count = tr.reduce_sum(cast(tm.logical_not(tm.is_nan(x)), dtype), axis=axis,
                          keepdims=keepdims)
    return total / count


@keras_op
def nanvar(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    x = kd.cast(x, kd.result_type(x.dtype, float))
    valid = tm.logical_not(tm.is_nan(x))
    centered = where(valid, x - nanmean(x, axis=axis, keepdims=True), zeros_like(x))
    squares = real(centered * conj(centered)) if x.dtype.is_complex else \
        tm.square(centered)
    count = tr.reduce_sum(cast(valid, squares.dtype), axis=axis, keepdims=keepdims)
    return tr.reduce_sum(squares, axis=axis, keepdims=keepdims) / count


@keras_op
def nanstd(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return tm.sqrt(nanvar(x, axis=axis, keepdims=keepdims))


# ---------------------------------------------------------------------------------------
# Quantiles
# ---------------------------------------------------------------------------------------

def _positions(method: str, d: Any, q: Any, n: Any) -> Any:
    if method == "lower":
        at = tm.floor((d - 1) * q)
    elif method == "higher":
        at = tm.ceil((d - 1) * q)
    else:  # nearest
        at = tm.round((d - 1) * q)
    return tm.clip_by_value(cast(at, "int32"), 0, n - 1)


def _quantile(x: Any, q: Any, axis: Any, method: str, keepdims: bool) -> Any:
    """Quantiles of x along `axis` (moved last and flattened), read off the sorted values;
    the leading dims of the result are q's."""
    q = cast(q, "float64")
    rank = len(x.shape)
    if axis is None:
        y = ta.reshape(x, [-1])
    else:
        axes = [canonical_axis(a, rank) for a in axis]
        others = sorted(set(range(rank)) - set(axes))
        moved = ta.transpose(x, others + axes)
        dims = static_shape(x)
        y = ta.reshape(moved, [dims[i] for i in others] + [-1])
    ordered = tsort.sort(y, axis=-1)
    n = ta.shape(y)[-1]
    d = cast(n, "float64")
    if method in ("nearest", "lower", "higher"):
        out = ti.gather(ordered, _positions(method, d, q, n), axis=-1)
    elif method == "midpoint":
        out = 0.5 * (ti.gather(ordered, _positions("lower", d, q, n), axis=-1) +
                     ti.gather(ordered, _positions("higher", d, q, n), axis=-1))
    elif method == "linear":
        hi = _positions("higher", d, q, n)
        lo = tm.maximum(hi - 1, 0)
        hi = tm.minimum(lo + 1, n - 1)
        frac = cast(cast(hi, "float64") - (d - 1) * q, y.dtype)
        out = ti.gather(ordered, hi, axis=-1) * (1 - frac) + \
            ti.gather(ordered, lo, axis=-1) * frac
    else:  # (Keras 3.15's TF backend names no method's result: its error, unchecked)
        raise UnboundLocalError("cannot access local variable 'gathered_y' where it is not "
                                "associated with a value")
    q_rank = len(q.shape)
    if x.dtype.is_floating:  # a NaN anywhere in a slice makes its quantiles NaN
        has_nan = tr.reduce_any(tm.is_nan(x), axis=axis)
        has_nan = ta.reshape(has_nan, ta.concat([ta.shape(has_nan),
                                                 ta.ones([q_rank], "int32")], 0))
        out = where(has_nan, cast(np.nan, x.dtype), out)
    if keepdims:
        if axis is None:
            out = ta.reshape(out, list(static_shape(out)) + [1] * rank)
        else:
            for a in sorted(axis):
                out = ta.expand_dims(out, a)
    ndim = len(out.shape)
    if ndim < 2 or q_rank % ndim == 0:
        return out
    shift = q_rank % ndim  # q's dims go first
    perm = list(range(ndim))[-shift:] + list(range(ndim))[:-shift]
    return ta.transpose(out, perm)


@keras_op
def quantile(x: Any, q: Any, axis: Any = None, method: str = "linear",
             keepdims: bool = False) -> Any:
    x, q = kd.to_tensor(x), kd.to_tensor(q)
    x = kd.cast(x, kd.result_type(x.dtype, float))
    return _quantile(x, q, as_axes(axis), method, keepdims)


@keras_op
def percentile(x: Any, q: Any, axis: Any = None, method: str = "linear",
               keepdims: bool = False) -> Any:
    q = kd.to_tensor(q, kb.floatx()) / 100.0
    return quantile(x, q, axis=axis, method=method, keepdims=keepdims)


@keras_op
def median(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return quantile(x, 0.5, axis=axis, keepdims=keepdims)


@keras_op
def nanquantile(x: Any, q: Any, axis: Any = None, method: str = "linear",
                keepdims: bool = False) -> Any:
    """quantile() of each slice's non-NaN values (NaN for a slice of NaNs only)."""
    x = kd.to_tensor(x)
    q = kd.to_tensor(q, kb.floatx())
    out_dtype = kd.result_type(x.dtype, float)  # quantile's

    def of_slice(v: Any) -> Any:
        valid = ti.boolean_mask(v, tm.logical_not(tm.is_nan(cast(v, kb.floatx()))))
        # a slice of NaNs only gives a scalar NaN, even for several q (as Keras has it);
        # tf.cond's, as Keras's TF backend calls it (an error in a branch is the branch's)
        return tf_cond(tm.greater(tr.size(valid), 0), lambda: quantile(valid, q, method=method),
                    lambda: cast(np.nan, out_dtype))

    rank = len(x.shape)
    if axis is None:
        out = of_slice(ta.reshape(x, [-1]))
        return ta.reshape(out, list(static_shape(out)) + [1] * rank) if keepdims else out
    axes = [canonical_axis(a, rank) for a in as_axes(axis)]
    others = [i for i in range(rank) if i not in axes]
    moved = ta.transpose(x, others + axes)
    dims = ta.shape(moved)
    rows = ta.reshape(moved, [tr.reduce_prod(dims[:len(others)]), -1])
    # (the TensorSpec takes x's dtype, as Keras's: integer slices, whose quantiles are float,
    # are refused by map_fn's TensorArray)
    out = map_fn(of_slice, rows, fn_output_signature=TensorSpec(q.shape, x.dtype))
    other_dims = dims[:len(others)]
    if len(q.shape):
        out = ta.reshape(ta.transpose(out), ta.concat([ta.shape(q), other_dims], 0))
    else:
        out = ta.reshape(out, other_dims)
    if keepdims:
        for a in sorted(axes):
            out = ta.expand_dims(out, a + len(q.shape))
    return out


@keras_op
def nanpercentile(x: Any, q: Any, axis: Any = None, method: str = "linear",
                  keepdims: bool = False) -> Any:
    q = kd.to_tensor(q, kb.floatx()) / 100.0
    return nanquantile(x, q, axis=axis, method=method, keepdims=keepdims)


@keras_op
def nanmedian(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    x = kd.to_tensor(x)
    if axis == () or axis == []:
        return x
    return nanquantile(x, 0.5, axis=axis, keepdims=keepdims)


# ---------------------------------------------------------------------------------------
# Counting, histograms, unique values, membership, searches
# ---------------------------------------------------------------------------------------

@keras_op
def bincount(x: Any, weights: Any = None, minlength: int = 0, sparse: bool = False) -> Any:
    """Counts (or summed weights) per value; a 2-D `x` counts each row. TF's DenseBincount
    (a negative value is its InvalidArgumentError), or tf.sparse.bincount for `sparse`."""
    x = kd.to_tensor(x)
    resolve, dtype = [x.dtype], "int32"
    if kd.standardize_dtype(x.dtype) not in ("int32", "int64"):
        x = cast(x, "int32")
    if weights is not None:
        weights = kd.to_tensor(weights)
        resolve.append(weights.dtype)
        dtype = kd.result_type(*resolve)
        wdtype = kd.standardize_dtype(weights.dtype)
        if wdtype not in ("int32", "int64", "float32", "float64"):
            weights = cast(weights, "int32" if "int" in wdtype else "float32")
    if sparse:
        out = sparse_functions.bincount(x, weights=weights, minlength=minlength, axis=-1)
        values = cast(out.values, dtype)
        return sparse_functions.SparseTensor(out.indices, values, out.dense_shape)
    out = cast(misc_ops.bincount(x, weights=weights, minlength=minlength, axis=-1), dtype)
    if len(x.shape) == 2 and not executing_eagerly():
        out.set_shape([x.shape[0], None])  # (Keras's symbolic shape: the rows known)
    return out


@keras_op
def histogram(x: Any, bins: int = 10, range: Any = None) -> tuple:  # noqa: A002
    if not isinstance(bins, int):
        raise TypeError(f"Argument `bins` must be of type `int`. Received: bins={bins}")
    if bins < 0:
        raise ValueError(f"Argument `bins` should be a non-negative integer. Received: "
                         f"bins={bins}")
    if range:
        if len(range) < 2 or not isinstance(range, tuple):
            raise ValueError(f"Argument `range` must be a tuple of two elements. Received: "
                             f"range={range}")
        if range[1] < range[0]:
            raise ValueError("The second element of `range` must be greater than the first. "
                             f"Received: range={range}")
    x = kd.to_tensor(x)
    if len(x.shape) > 1:
        raise ValueError(f"Input tensor must be 1-dimensional. Received: input.shape={x.shape}")
    lo, hi = (tr.reduce_min(x), tr.reduce_max(x)) if range is None else range
    x = ti.boolean_mask(x, tm.logical_and(x >= lo, x <= hi))
    edges = cast(tf_linspace(lo, hi, bins + 1), x.dtype)
    which = tf_searchsorted(edges[1:-1], x, side="right")
    counts = tnd.scatter_nd(ta.expand_dims(which, -1), ones_like(which, dtype=x.dtype), (bins,))
    return counts, edges


@keras_op
def digitize(x: Any, bins: Any) -> Any:
    """The bin index of each value, by TF's Bucketize as Keras 3 runs it: its boundaries
    are float32 (so a float64 0.1 falls below the boundary 0.1), unsorted ones are refused,
    and the dtypes it has no kernel for are cast first."""
    x = kd.to_tensor(x)
    name = x.dtype.name
    if name in ("bool", "int8", "int16", "uint8", "uint16"):
        x = cast(x, "int32")
    elif name == "uint32":
        x = cast(x, "int64")
    elif name in ("bfloat16", "float16"):
        x = cast(x, "float32")
    return bucketize(x, [float(b) for b in bins])


@keras_op
def searchsorted(sorted_sequence: Any, values: Any, side: str = "left") -> Any:
    sorted_sequence, values = kd.to_tensor(sorted_sequence), kd.to_tensor(values)
    if len(sorted_sequence.shape) != 1:
        raise ValueError("`searchsorted` only supports 1-D sorted sequences. You can use "
                         "`keras.ops.vectorized_map` to extend it to N-D sequences. Received: "
                         f"sorted_sequence.shape={sorted_sequence.shape}")
    n = sorted_sequence.shape[0]
    out_type = "int32" if n is not None and n <= np.iinfo(np.int32).max else "int64"
    return tf_searchsorted(sorted_sequence, values, side=side, out_type=out_type)


@keras_op
def isin(x1: Any, x2: Any, assume_unique: bool = False, invert: bool = False) -> Any:
    x1, x2 = kd.promote_tensors(x1, x2)
    dims = ta.shape(x1)
    a, b = ta.reshape(x1, [-1]), ta.reshape(x2, [-1])
    if not assume_unique:
        b = unique_one_hot.unique(b)[0]
    found = tr.reduce_any(tm.equal(ta.expand_dims(a, 1), ta.expand_dims(b, 0)), axis=1)
    if invert:
        found = tm.logical_not(found)
    return ta.reshape(found, dims)


@keras_op
def unique(x: Any, sorted: bool = True, return_index: bool = False,  # noqa: A002
           return_inverse: bool = False, return_counts: bool = False, axis: Any = None,
           size: Any = None, fill_value: Any = None) -> Any:
    x = kd.to_tensor(x)
    dims = ta.shape(x)
    flattened = axis is None
    if flattened:
        flat = ta.reshape(x, [-1])
        values, inverse, counts = unique_one_hot.unique_with_counts(flat)
        axis, length = 0, ta.shape(flat)[0]
    else:
        axis = canonical_axis(axis, len(x.shape))
        values, inverse, counts = _unique_slices(x, axis)
        length = dims[axis]
    num = ta.shape(values)[axis]
    first = unsorted_segment_min(tf_range(length), inverse, num)
    if sorted:
        order = _lexsort_order(values, axis)
        values = ti.gather(values, order, axis=axis)
        first, counts = ti.gather(first, order), ti.gather(counts, order)
        inverse = ti.gather(invert_permutation(order), inverse)
    if size is not None:
        keep = tf_range(tm.minimum(num, size))
        values, first, counts = ti.gather(values, keep, axis=axis), ti.gather(first, keep), \
            ti.gather(counts, keep)
        extra = tm.maximum(0, size - num)
        pads = [[0, extra if i == axis else 0] for i in builtins.range(len(values.shape))]
        values = tf_pad(values, pads, constant_values=cast(fill_value or 0, values.dtype))
        first = tf_pad(first, [[0, extra]], constant_values=1)
        counts = tf_pad(counts, [[0, extra]], constant_values=0)
        dims_out = [size if i == axis else d for i, d in enumerate(values.shape)]
        if None not in dims_out:  # sizes a traced call can't see through the padding
            values = ta.reshape(values, dims_out)
            first, counts = ta.reshape(first, [size]), ta.reshape(counts, [size])
    if return_inverse and flattened:
        inverse = ta.reshape(inverse, dims)
    results = [values]
    if return_index:
        results.append(first)
    if return_inverse:
        results.append(inverse)
    if return_counts:
        results.append(counts)
    return tuple(results) if len(results) > 1 else results[0]


def _unique_slices(x: Any, axis: int) -> tuple:
    """Unique slices along `axis`: rows of the moved-and-flattened array, grouped by
    sorting them lexicographically and cutting where a row differs from the one before."""
    rows = _as_rows(x, axis)
    order = _lexsort_order(rows, 0)
    ordered = ti.gather(rows, order)
    changed = tr.reduce_any(tm.not_equal(ordered[1:], ordered[:-1]), axis=1)
    starts = ta.concat([ta.constant([True]), changed], 0)
    group_sorted = scans.cumsum(cast(starts, "int32")) - 1
    groups = ti.gather(group_sorted, invert_permutation(order))
    num = tr.reduce_sum(cast(starts, "int32"))
    # groups in order of first appearance, as TF's UniqueV2 numbers them
    first = unsorted_segment_min(tf_range(ta.shape(rows)[0]), groups, num)
    rank = invert_permutation(tsort.argsort(first))
    inverse = ti.gather(rank, groups)
    picked = ti.gather(x, ti.gather(first, tsort.argsort(first)), axis=axis)
    counts = ti.unsorted_segment_sum(ones_like(inverse), inverse, num)
    return picked, inverse, counts


def _as_rows(x: Any, axis: int) -> Any:
    """x's slices along `axis` as the rows of a matrix (its width static where x's other
    dims are, so a traced call loops over known columns)."""
    moved = moveaxis(x, axis, 0)
    rest = list(moved.shape[1:])
    width = int(np.prod(rest)) if None not in rest else 0
    return ta.reshape(moved, [-1, width] if width else [ta.shape(moved)[0], -1])


def _lexsort_order(values: Any, axis: int) -> Any:
    """The permutation sorting the slices along `axis` lexicographically (stable sorts
    from the last key to the first)."""
    if len(values.shape) == 1:
        return tsort.argsort(values, stable=True)
    rows = _as_rows(values, axis)
    order = tf_range(ta.shape(rows)[0])
    for col in reversed(builtins.range(static_shape(rows)[1])):
        order = ti.gather(order, tsort.argsort(ti.gather(rows[:, col], order), stable=True))
    return order
