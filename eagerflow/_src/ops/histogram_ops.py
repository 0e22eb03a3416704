"""tf.histogram_fixed_width and tf.histogram_fixed_width_bins: counts of values in equal
bins over a range, and each value's bin; TF's Bucketize op (the bin of each value among
sorted boundaries, which tf.feature_column's bucketized_column runs).

Sits in the ops layer after segment_ops.py. The counts are TF's HistogramFixedWidth op,
with its kernel's arithmetic (the offset from the low edge in the values' dtype, then
divided by the bin width in double precision, values outside the range in the end bins);
the bins are TF's Python composition of registered ops (a floor of the scaled value in the
values' dtype, clipped). Bucketize is a registered op: TF's kernel keeps the boundaries as float32
and counts those a value is not below (its comparison promotes as C++ does: an integer
value becomes a float32, a float64 compares with the boundary widened). `import
eagerflow` loads this module on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import host_eagerly
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    ResourceExhaustedError,
    UnimplementedError,
)
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    host_tensor,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import reshape, shape
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math import (
    clip_by_value,
    floor,
    greater,
    truediv,
)
from eagerflow._src.ops.math_base import (
    cast,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_OP = "HistogramFixedWidth"
_VALUE_TYPES = (dt.int32, dt.int64, dt.float32, dt.float64)
_COUNT_TYPES = frozenset((dt.int32, dt.int64))


def _word(v: Any) -> str:
    """A value_range bound as TF's message prints it (C++'s stream: 6 significant digits
    of a float, an integer whole)."""
    return f"{v:g}" if isinstance(v, float) else str(v)


def _hist_infer(values: Any, value_range: Any, nbins: Any, *, dtype: Any) -> list:
    """HistogramFixedWidth's checks in TF's order: its attrs (T, then value_range of T and
    nbins int32, the counts' dtype), then its kernel's shapes and values (the range before
    the number of bins); `[nbins]` counts, the number unknown where the graph knows it only
    when it runs."""
    if values._dtype not in _VALUE_TYPES:  # (TF's list, in its order)
        raise C.fail(_OP, f"Value for attr 'T' of {C.dtype_word(values._dtype)} is not in the "
                          f"list of allowed values: int32, int64, float, double\n\t; NodeDef: "
                          f"{{{{node {_OP}}}}}")
    if value_range._dtype is not values._dtype:
        raise C.wrong_input_dtype(_OP, 1, values._dtype, value_range._dtype)
    if nbins._dtype is not dt.int32:
        raise C.wrong_input_dtype(_OP, 2, dt.int32, nbins._dtype)
    out = C.dtype_attr(_OP, dtype, "dtype", _COUNT_TYPES)
    if value_range._shape is not None and len(value_range._shape) != 1:
        raise C.fail(_OP, "value_range should be a vector.")
    if value_range._shape not in ((2,), (None,), None):
        raise C.fail(_OP, "value_range should be a vector of 2 elements.")
    if nbins._shape not in ((), None):
        raise C.fail(_OP, "nbins should be a scalar.")
    bounds = _known(value_range)
    if bounds is not None:
        _check_range(bounds)
    n = _known(nbins)
    if n is None:
        return [((None,), out)]
    n = int(n)
    if n <= 0:
        raise C.fail(_OP, f"nbins should be a positive number, but got '{n}'")
    check_finite_size(_OP, (n,), out)
    return [((n,), out)]


def _known(t: Any) -> Any:
    """An input's value where it is known (eager, or a graph's constant); None."""
    if isinstance(t, EagerTensor):
        return t._numpy()
    v = C.known(t)
    return None if isinstance(v, Tensor) else np.asarray(v)


def _check_range(bounds: Any) -> None:
    lo, hi = np.asarray(bounds).tolist()
    if not lo < hi:
        raise C.fail(_OP, f"value_range should satisfy value_range[0] < value_range[1], but "
                          f"got '[{_word(lo)}, {_word(hi)}]'")


def _hist_kernel(xp: Any, values: Any, value_range: Any, nbins: Any, *, dtype: Any) -> Any:
    """TF's arithmetic: the offset from the low edge in the values' dtype (wrapping as it
    does), divided by the bin width in double, the bins past the end the last one."""
    bounds = to_host(value_range)
    _check_range(bounds)
    n = int(to_host(nbins))
    if n <= 0:
        raise C.fail(_OP, f"nbins should be a positive number, but got '{n}'")
    check_finite_size(_OP, (n,), dtype)
    lo, hi = bounds[0], bounds[1]
    if xp is not np and values.dtype.kind == "f" and dtype is dt.int32:
        return _hist_on_device(xp, values, lo, hi, n)
    if values.dtype.kind == "f" and bool(xp.isnan(values).any()):
        raise C.fail(_OP, "Histogram values must not contain NaN")
    with np.errstate(all="ignore"):
        step = float(np.float64(hi - lo)) / n
        offset = (xp.maximum(values, lo) - lo).astype(np.float64).reshape(-1)
        at = xp.minimum(offset / step, n - 1.0)
        # (a range of infinite width gives NaN: TF's cast of it is undefined; here bin 0)
        index = xp.where(at == at, at, 0).astype(np.int64)
    out = xp.zeros(n, dtype.as_numpy_dtype)
    add_at(xp, out, (xp.clip(index, 0, n - 1),), xp.ones(index.shape, out.dtype))
    return out


def _hist_on_device(xp: Any, values: Any, lo: Any, hi: Any, n: int) -> Any:
    """TF's GPU kernel (histogram_op_gpu.cu.cc, for floats counted as int32; the other
    cases run on its CPU kernel): no NaN check, and CUB's HistogramRange over the levels
    [lowest, lo + step, ..., lo + (n - 1) * step, max] (the inner ones computed in double
    and rounded to the values' dtype): a value lands in the bin whose levels bound it,
    [levels[i], levels[i + 1]); one outside them all (NaN, +-inf, the largest float) is
    not counted. The levels are host values (value_range is a HostMemory input): nothing
    is read back."""
    info = np.finfo(values.dtype)
    step = float(np.float64(hi - lo)) / n
    levels = np.empty(n + 1, values.dtype)
    with np.errstate(all="ignore"):
        levels[1:n] = float(lo) + step * np.arange(1, n)
    levels[0], levels[n] = info.min, info.max
    # (searchsorted puts a NaN past every level, as CUB's search does)
    at = xp.searchsorted(xp.asarray(levels), values.reshape(-1), side="right") - 1
    spare = xp.zeros(n + 1, np.int32)  # (bin n: the values no bin holds, left out)
    add_at(xp, spare, (xp.where(at < 0, n, at),), xp.ones(at.shape, np.int32))
    return spare[:n]


def _hist_ref(values: np.ndarray, value_range: np.ndarray, nbins: Any, *,
              dtype: Any) -> np.ndarray:
    lo, hi = value_range.tolist()
    out = np.zeros(int(nbins), dtype.as_numpy_dtype)
    step = float(hi - lo) / int(nbins)
    for v in values.reshape(-1).tolist():
        out[int(min(float(max(v, lo) - lo) / step, int(nbins) - 1))] += 1
    return out


HISTOGRAM_FIXED_WIDTH = register(OpDef(
    _OP, _hist_infer, _hist_kernel, reference=_hist_ref, host_inputs=(1, 2),
    samples=lambda: [
        Sample((np.array([0.1, 0.5, -1.0, 2.0, 0.99], np.float32), np.float32([0, 1]),
                np.int32(4)), {"dtype": dt.int32}, grad=False),
        Sample((np.array([[1, 5], [9, -3]], np.int64), np.int64([0, 10]), np.int32(3)),
               {"dtype": dt.int64}, grad=False),
        # (infinities: TF's GPU kernel counts them in no bin, its CPU kernel in the end ones)
        Sample((np.array([np.inf, -np.inf, 0.25]), np.float64([0, 1]), np.int32(2)),
               {"dtype": dt.int32}, grad=False, cpu_only=True),
        Sample((np.zeros(0, np.int32), np.int32([-1, 1]), np.int32(3)), {"dtype": dt.int32},
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.float32([0.5]), np.float32([2, 2]), np.int32(3)), {"dtype": dt.int32},
                  InvalidArgumentError, "value_range should satisfy value_range[0] < "
                                        "value_range[1], but got '[2, 2]'"),
        BadSample((np.float32([0.5]), np.float32([0, 1]), np.int32(0)), {"dtype": dt.int32},
                  InvalidArgumentError, "nbins should be a positive number, but got '0'"),
        BadSample((np.float32([np.nan]), np.float32([0, 1]), np.int32(3)),
                  {"dtype": dt.int32}, InvalidArgumentError,
                  "Histogram values must not contain NaN", cpu_only=True),  # (not the GPU's)
        BadSample((np.float32([0.5]), np.float32([0, 1, 2]), np.int32(3)),
                  {"dtype": dt.int32}, InvalidArgumentError,
                  "value_range should be a vector of 2 elements."),
        BadSample((np.float32([0.5]), np.float32([[0, 1]]), np.int32(3)),
                  {"dtype": dt.int32}, InvalidArgumentError, "value_range should be a vector."),
        BadSample((np.float32([0.5]), np.float32([0, 1]), np.int32([3])),
                  {"dtype": dt.int32}, InvalidArgumentError, "nbins should be a scalar."),
        BadSample((np.float16([0.5]), np.float16([0, 1]), np.int32(3)), {"dtype": dt.int32},
                  InvalidArgumentError, "Value for attr 'T' of half is not in the list of "
                                        "allowed values: int32, int64, float, double"),
        BadSample((np.float32([0.5]), np.float32([0, 1]), np.int32(3)), {"dtype": dt.float32},
                  InvalidArgumentError, "Value for attr 'dtype' of float is not in the list "
                                        "of allowed values: int32, int64")],
))


@dispatch_binding
@eager_api("values", "value_range", "nbins")
def histogram_fixed_width(values: Any, value_range: Any, nbins: Any = 100,
                          dtype: Any = dt.int32, name: str | None = None) -> Any:
    """`[nbins]` counts of `values` in equal bins over [value_range[0], value_range[1]];
    values below the range count in the first bin, values above it in the last: TF's
    HistogramFixedWidth op, named after the scope TF's function opens."""
    # (TF's wrapper converts values and value_range as inputs of one type attr, the
    # first tensor's dtype: [0.0, 3.0] for int32 values is its conversion's TypeError, a
    # float64 array beside a float32 range cast; then nbins, converted to int32 on its
    # slow path. value_range and nbins are HostMemory inputs of TF's GPU kernel: made on
    # the host)
    slow = wrapper_inputs.passed_raw(values, value_range, nbins)
    with host_eagerly():
        values, value_range = wrapper_inputs.op_inputs("HistogramFixedWidth",
                                                       (values, value_range), "T", slow)
    wrapper_inputs.slow_typed_inputs(slow, (nbins, dt.int32))
    nb = nbins if isinstance(nbins, Tensor) else host_tensor(nbins, dt.int32)
    scope = None if _state.graph is None else \
        _state.graph.unique_name(name or "histogram_fixed_width") + "/"
    return bind(HISTOGRAM_FIXED_WIDTH, (values, value_range, nb),
                {"dtype": dt.as_dtype(dtype)}, scope or name)


@dispatch_binding
def histogram_fixed_width_bins(values: Any, value_range: Any, nbins: Any = 100,
                               dtype: Any = dt.int32, name: str | None = None) -> Any:
    """The int32 bin of each of `values` (shape kept) among `nbins` equal bins over
    value_range, clipped to [0, nbins - 1], in TF's steps: over the flattened values, nbins
    an int32 tensor asserted positive, then cast to the values' dtype. (TF's function
    ignores `dtype`: its bins are int32 whatever it asks.)"""
    values = convert_to_tensor(values)
    flat = reshape(values, [-1])
    value_range = convert_to_tensor(value_range)
    bins = convert_to_tensor(nbins, dt.int32, name="nbins")
    Assert(greater(bins, 0), [f"nbins {bins!s} must > 0"])
    bins_float = cast(bins, values._dtype)
    scaled = truediv(flat - value_range[0], value_range[1] - value_range[0],
                     name="scaled_values")
    index = floor(bins_float * scaled, name="indices")  # (TF's names it: its errors show it)
    index = cast(clip_by_value(index, 0, bins_float - 1), dt.int32)
    return reshape(index, shape(values))


# -- DenseBincount ----------------------------------------------------------------------

_BINCOUNT = "DenseBincount"
_WEIGHT_TYPES = frozenset((dt.int32, dt.int64, dt.float32, dt.float64))


def _known_size(op: str, size: Any) -> int | None:
    """The size where it is known while the graph is built (TF's shape function evaluates
    it: max(arr) + 1 of a constant too), refused where negative; None where unknown."""
    v = size._numpy() if isinstance(size, EagerTensor) else \
        C.known(size) if isinstance(size, Tensor) else None
    n = None if v is None or isinstance(v, Tensor) else int(v)
    if n is not None and n < 0:
        raise C.fail(op, f"size ({n}) must be non-negative")
    return n


def _bincount_infer(arr: Any, size: Any, weights: Any, *, binary_output: bool) -> list:
    """TF's DenseBincount: per value of `arr` (per row of a matrix) below `size`, how often
    it occurs (1 at most with `binary_output`) or its weights' sum."""
    C.check_dtype(_BINCOUNT, arr, C.INDEX, "Tidx")
    C.check_dtype(_BINCOUNT, weights, _WEIGHT_TYPES)
    if size._dtype is not arr._dtype:
        raise C.fail(_BINCOUNT, f"cannot compute {_BINCOUNT} as input #1(zero-based) was "
                                f"expected to be a {arr._dtype.name} tensor but is a "
                                f"{size._dtype.name} tensor")
    if size._shape not in ((), None):
        raise C.fail(_BINCOUNT, f"Shape must be rank 0 but is rank {len(size._shape)}")
    if arr._shape is not None and len(arr._shape) > 2:
        raise C.fail(_BINCOUNT, "Shape must be at most rank 2 but is rank "
                                f"{len(arr._shape)}")
    # (the weights' shape is the kernel's check: TF's shape function makes none; run
    # eagerly, the kernel's check comes before the size's)
    if isinstance(size, EagerTensor) and None not in (arr._shape, weights._shape):
        _check_weights(arr._shape, weights._shape)
    n = _known_size(_BINCOUNT, size)
    if arr._shape is None:
        return [(None, weights._dtype)]
    if n is None:  # (TF's shape function: no dim known without the size)
        return [((None,) * max(len(arr._shape), 1), weights._dtype)]
    return [(tuple(arr._shape[:-1]) + (n,) if arr._shape else (n,), weights._dtype)]


# The weights' dtypes TF's GPU kernels of Bincount and DenseBincount take (TF_CALL_int32,
# TF_CALL_float in bincount_op.cc); TF runs the others on its CPU kernels.
_GPU_WEIGHTS = (np.dtype(np.int32), np.dtype(np.float32))


def _gpu_refusals(op: str, arr: Any, weights: Any, n: int) -> None:
    """What TF's GPU kernels of a count (not a binary output) refuse that its CPU kernels
    take (bincount_op_gpu.cu.cc; bincount_op_test.py's determinism cases): weights of a
    1-D count (TF's docs: a weighted count on a GPU needs XLA; unsorted_segment_sum
    does it), and, under op determinism, a count made by atomic adds: a 1-D one of
    some bins (Bincount's words), any count of rows (DenseBincount's)."""
    if arr.ndim < 2:
        if weights.size:
            raise C.fail(op, "Weights should not be passed as it should be handled by "
                             "unsorted_segment_sum")
        if not n or not op_determinism_enabled():
            return
        kernel = "Bincount"
    elif op_determinism_enabled():
        kernel = "DenseBincount"
    else:
        return
    raise UnimplementedError(None, None, "Determinism is not yet supported in GPU "
                                         f"implementation of {kernel}. [Op:{op}]")


def last_negative(arr: np.ndarray) -> int:
    """The value TF's DenseBincount names for rows holding a negative one: the last such
    value in row-major order (its loop over the values keeps the last error it met)."""
    flat = arr.reshape(-1)
    return int(flat[np.flatnonzero(flat < 0)[-1]])


def _check_weights(arr_shape: tuple, weights_shape: tuple) -> None:
    """DenseBincount's first check (its kernel's, before the size's and the values'):
    weights of the values' shape, or none."""
    if 0 not in tuple(weights_shape) and tuple(weights_shape) != tuple(arr_shape):
        raise C.fail(_BINCOUNT, "`weights` must be the same shape as `arr` or a length-0 "
                                "`Tensor`, in which case it acts as all weights equal to 1. "
                                f"Received {C.shape_str(weights_shape)}")


def _bincount_kernel(xp: Any, arr: Any, size: Any, weights: Any, *,
                     binary_output: bool, op: str = _BINCOUNT) -> Any:
    if op == _BINCOUNT:
        _check_weights(arr.shape, weights.shape)
    n = int(to_host(size))  # (a host input: TF's HostMemory("size"))
    if n < 0:
        raise C.fail(op, f"size ({n}) must be non-negative")
    # TF's GPU kernels make no check of the values (bincount_op_gpu.cu.cc): on a device a
    # negative one is placed as they place it (see below), and nothing is read back
    on_gpu = xp is not np and weights.dtype in _GPU_WEIGHTS
    if on_gpu and not binary_output:
        _gpu_refusals(op, arr, weights, n)
    if not on_gpu and arr.size and int(arr.min()) < 0:
        if arr.ndim == 2:  # (TF's kernel for rows words it apart, with a value)
            raise C.fail(op, "Input 'in' must be non-negative! Negative input value "
                             f"found: {last_negative(arr)}")
        raise C.fail(op, "Input arr must be non-negative!")
    if op != _BINCOUNT and weights.size and weights.size != arr.size:
        raise C.fail(op, "Input indices and weights must have the same size.")
    rows = arr.reshape(1, -1) if arr.ndim < 2 else arr
    # (TF's kernel aborts the process on a count that overflows: refused here, before
    # allocating, as any too-large shape is)
    check_finite_size(op, (rows.shape[0], n) if arr.ndim == 2 else (n,),
                      dt.as_dtype(weights.dtype))
    w = xp.ones(rows.shape, weights.dtype) if not weights.size or binary_output else \
        weights.reshape(rows.shape)
    cells = rows.shape[0] * n
    # Each value below `size` adds at (its row, itself) of the output flattened: TF's GPU
    # kernels add at row * size + value, so a negative value lands in an earlier row, and
    # one before the first cell (a 1-D count's) is left out; values at or past `size` are
    # left out. All of them go to a spare cell past the end, which the output leaves out.
    at = xp.arange(rows.shape[0], dtype=np.int64)[:, None] * n + rows.astype(np.int64)
    at = xp.where((rows < n) & (at >= 0), at, cells)
    out = xp.zeros(cells + 1, weights.dtype)
    add_at(xp, out, (at.reshape(-1),), w.reshape(-1))
    out = out[:cells]
    if binary_output:
        out = xp.minimum(out, 1).astype(weights.dtype)
    return out.reshape(arr.shape[:-1] + (n,)) if arr.ndim else out.reshape(n)


def _bincount_ref(arr: np.ndarray, size: Any, weights: np.ndarray, *,
                  binary_output: bool) -> np.ndarray:
    rows = arr.reshape(1, -1) if arr.ndim < 2 else arr
    out = np.zeros((rows.shape[0], int(size)), weights.dtype)
    for i, row in enumerate(rows):
        for j, v in enumerate(row.tolist()):
            if v < int(size):
                add = 1 if binary_output or not weights.size else weights.reshape(
                    rows.shape)[i, j]
                out[i, v] = 1 if binary_output else out[i, v] + add
    return out.reshape(arr.shape[:-1] + (int(size),)) if arr.ndim else out.reshape(-1)


DENSE_BINCOUNT = register(OpDef(
    _BINCOUNT, _bincount_infer, _bincount_kernel, grad=C.no_gradient, reference=_bincount_ref,
    host_inputs=(1,),  # (TF's HostMemory("size"))
    samples=lambda: [
        Sample((np.array([1, 3, 1, 7], np.int32), np.int32(5), np.zeros(0, np.float32)),
               {"binary_output": False}, grad=False),
        Sample((np.array([[1, 2], [0, 0]], np.int64), np.int64(3),
                np.array([[0.5, 1.5], [2.0, 1.0]])), {"binary_output": False}, grad=False),
        Sample((np.array([2, 2, 0], np.int32), np.int32(3), np.zeros(0, np.int32)),
               {"binary_output": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1, -1], np.int32), np.int32(3), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Input arr must be non-negative!", cpu_only=True),  # (the GPU's skips it)
        BadSample((np.array([1], np.int32), np.int32(-1), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "size (-1) must be non-negative"),
        BadSample((np.array([[1, 2], [0, 0]], np.int64), np.int64(2**62),
                   np.zeros(0, np.float64)), {"binary_output": False}, InvalidArgumentError,
                  "Shape [2,4611686018427387904] would have more than 2**63 - 1 elements"),
        BadSample((np.array([[1, 2], [0, 0]], np.int64), np.int64(2**40),
                   np.zeros(0, np.float64)), {"binary_output": False}, ResourceExhaustedError,
                  "OOM when allocating tensor with shape[2,1099511627776] and type double")],
))


# TF's first version: int32 values of any shape counted together into one vector, the
# weights (when given) as many as the values, of any shape
_BINCOUNT_V1 = "Bincount"


def _bincount_v1_infer(arr: Any, size: Any, weights: Any) -> list:
    C.check_dtype(_BINCOUNT_V1, weights, _WEIGHT_TYPES)
    for i, t in ((0, arr), (1, size)):
        if t._dtype is not dt.int32:
            raise C.wrong_input_dtype(_BINCOUNT_V1, i, dt.int32, t._dtype)
    if size._shape not in ((), None):
        raise C.fail(_BINCOUNT_V1, f"Shape must be rank 0 but is rank {len(size._shape)}")
    return [((_known_size(_BINCOUNT_V1, size),), weights._dtype)]


def _bincount_v1_kernel(xp: Any, arr: Any, size: Any, weights: Any) -> Any:
    flat = arr.reshape(-1)
    if weights.size == flat.size:
        weights = weights.reshape(-1)
    return _bincount_kernel(xp, flat, size, weights, binary_output=False, op=_BINCOUNT_V1)


BINCOUNT_V1 = register(OpDef(
    _BINCOUNT_V1, _bincount_v1_infer, _bincount_v1_kernel, grad=C.no_gradient,
    host_inputs=(1,),  # (TF's HostMemory("size"))
    reference=lambda arr, size, weights: _bincount_ref(
        arr.reshape(-1), size, weights.reshape(-1), binary_output=False),
    samples=lambda: [
        Sample((np.array([1, 3, 1, 7], np.int32), np.int32(5), np.zeros(0, np.float32)),
               grad=False),
        Sample((np.array([[1, 2], [0, 0]], np.int32), np.int32(3),
                np.array([0.5, 1.5, 2.0, 1.0])), grad=False),
        Sample((np.int32(2), np.int32(4), np.array([3], np.int64)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1, -1], np.int32), np.int32(3), np.zeros(1, np.float32)), {},
                  InvalidArgumentError, "Input arr must be non-negative!",
                  cpu_only=True),  # (TF's GPU kernel checks no value)
        BadSample((np.array([1], np.int32), np.int32(-1), np.zeros(0, np.float32)), {},
                  InvalidArgumentError, "size (-1) must be non-negative"),
        BadSample((np.array([1, 2], np.int32), np.int32(3), np.ones(1, np.float32)), {},
                  InvalidArgumentError, "Input indices and weights must have the same size.",
                  cpu_only=True),  # (TF's GPU kernel refuses a 1-D count's weights first)
        BadSample((np.array([1], np.int32), np.array([3], np.int32), np.zeros(0, np.float32)),
                  {}, InvalidArgumentError, "Shape must be rank 0 but is rank 1")],
))


def dense_bincount(arr: Any, size: Any, weights: Any, binary_output: bool = False,
                   name: str | None = None) -> Any:
    # (TF's generated wrapper: a Python bool only, after the inputs are made; None the
    # default)
    binary = False if binary_output is None else AV.bool_attr(binary_output, "binary_output")
    return bind(DENSE_BINCOUNT, (arr, size, weights), {"binary_output": binary}, name)


# -- Bucketize --------------------------------------------------------------------------

_BUCKETIZE_TYPES = frozenset((dt.int32, dt.int64, dt.float32, dt.float64))


def _bucketize_infer(x: Any, *, boundaries: tuple) -> list:
    C.check_dtype("Bucketize", x, _BUCKETIZE_TYPES)
    b = [float(v) for v in boundaries]
    if any(b[i] > b[i + 1] for i in range(len(b) - 1)):
        # (TF's kernel checks this when it is built: eagerly, before computing)
        raise C.fail("Bucketize", "Expected sorted boundaries")
    return [(x._shape, dt.int32)]


def _bucketize_kernel(xp: Any, x: Any, *, boundaries: tuple) -> Any:
    edges = xp.asarray(np.asarray(boundaries, np.float32))
    if x.dtype == np.float64:
        edges = edges.astype(np.float64)
    else:  # int32/int64 values meet float32 boundaries as float32 (C++'s promotion)
        x = x.astype(np.float32)
    return xp.searchsorted(edges, x, side="right").astype(np.int32)


def _bucketize_ref(x: np.ndarray, boundaries: tuple) -> np.ndarray:
    edges = [float(np.float32(b)) for b in boundaries]
    out = np.empty(x.shape, np.int32)
    for i, v in enumerate(x.reshape(-1).tolist()):
        v = float(np.float32(v)) if x.dtype != np.float64 else v
        out.reshape(-1)[i] = sum(1 for e in edges if not v < e)
    return out


BUCKETIZE = register(OpDef(
    "Bucketize", _bucketize_infer, _bucketize_kernel, reference=_bucketize_ref,
    samples=lambda: [
        Sample((np.array([[-1.0, 0.1, 0.5], [2.0, np.nan, 0.7]], np.float32),),
               {"boundaries": (0.1, 0.5, 1.0)}, grad=False),
        Sample((np.array([0.1, 0.10000000149, 3.0], np.float64),),
               {"boundaries": (0.1, 3.0)}, grad=False),
        Sample((np.array([-5, 0, 1, 7], np.int32),), {"boundaries": (0.0, 1.0, 1.0, 6.5)},
               grad=False),
        Sample((np.array([2**25 + 1, 3], np.int64),), {"boundaries": (3.0, 2.0**25 + 1)},
               grad=False),
        Sample((np.array(1.5, np.float32),), {"boundaries": ()}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1.0], np.float32),), {"boundaries": (2.0, 1.0)},
                  C.InvalidArgumentError, "Expected sorted boundaries"),
        BadSample((np.array([1], np.uint8),), {"boundaries": (0.5,)},
                  C.InvalidArgumentError, "Value for attr 'T' of uint8 is not in the list"),
        BadSample((np.array([1.0], np.float16),), {"boundaries": (0.5,)},
                  C.InvalidArgumentError, "Value for attr 'T' of half is not in the list")],
))


def bucketize(input: Any, boundaries: Any, name: str | None = None) -> Any:  # noqa: A002
    """TF's `math_ops._bucketize`: each value's index among the sorted `boundaries` (the
    count of boundaries at or below it), as int32."""
    x = convert_to_tensor(input)
    return bind(BUCKETIZE, (x,), {"boundaries": tuple(float(b) for b in boundaries)}, name)
