"""TF's RaggedBincount: the counts of each row's values of a ragged tensor (its row splits
and flat values), as tf.math.bincount of a RaggedTensor with axis=-1 computes them (and
Keras's counting layers on ragged rows).

Ops layer, after sparse_count_ops (whose scopes and empty weights it shares) and before
the ragged family (whose tf.math.bincount handler binds it). TF's kernel walks the
values, moving to the next row at each split the value's position reaches, so splits
that fall back make rows empty rather than failing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, check_finite_size
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.math import maximum, minimum
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.reduce import reduce_max
from eagerflow._src.ops.reduce import size as size_op
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.sparse_count_ops import _i64, api_scope, check_count_args, no_weights

_OP = "RaggedBincount"


def _infer(splits: Any, values: Any, size: Any, weights: Any, *,
           binary_output: bool = False) -> list:
    if splits._dtype is not dt.int64:
        raise C.wrong_input_dtype(_OP, 0, dt.int64, splits._dtype)
    check_count_args(_OP, values, size, 2, weights)
    return [(None, weights._dtype)]  # (TF's shape function: unknown)


def _rows(splits: np.ndarray, n: int) -> np.ndarray:
    """Each value's row as TF's kernel walks them: past every split its position reaches
    (the first split above the position, through the splits' running maximum)."""
    reach = np.maximum.accumulate(splits)
    return np.searchsorted(reach, np.arange(n), side="right") - 1


def _kernel(xp: Any, splits: Any, values: Any, size: Any, weights: Any, *,
            binary_output: bool = False) -> Any:
    n = int(np.asarray(size))
    if n < 0:
        raise C.fail(_OP, f"size ({n}) must be non-negative")
    sp = np.asarray(splits).reshape(-1).astype(np.int64)
    v = np.asarray(values).reshape(-1).astype(np.int64)
    w = np.asarray(weights).reshape(-1)
    if not len(sp):
        raise C.fail(_OP, "Splits must be non-empty")
    if sp[0] != 0:
        raise C.fail(_OP, f"Splits must start with 0, not with {sp[0]}")
    if sp[-1] != len(v):
        raise C.fail(_OP, f"Splits must end with the number of values, got {sp[-1]} "
                          f"instead of {len(v)}")
    if len(v) and v.min() < 0:
        raise C.fail(_OP, "Input must be non-negative")
    if 0 < len(w) < len(v):  # (TF's kernel reads past them)
        raise C.fail(_OP, f"eagerflow refuses fewer weights ({len(w)}) than values "
                          f"({len(v)})")
    shape = (len(sp) - 1, n)
    check_finite_size(_OP, shape, dt.as_dtype(w.dtype))
    out = np.zeros(shape, w.dtype)
    keep = v < n
    at = (_rows(sp, len(v))[keep], v[keep])
    if binary_output:
        out[at] = 1
    else:
        np.add.at(out, at, w[:len(v)][keep] if len(w) else w.dtype.type(1))
    return xp.asarray(out)


def _reference(splits: np.ndarray, values: np.ndarray, size: Any, weights: np.ndarray, *,
               binary_output: bool = False) -> np.ndarray:
    sp, v, w = splits.reshape(-1), values.reshape(-1), weights.reshape(-1)
    out = np.zeros((len(sp) - 1, int(size)), weights.dtype)
    row = 0
    for k, x in enumerate(v.tolist()):
        while k >= sp[row + 1]:
            row += 1
        if x < int(size):
            out[row, x] = 1 if binary_output else out[row, x] + (w[k] if len(w) else 1)
    return out


RAGGED_BINCOUNT = register(OpDef(
    _OP, _infer, _kernel, gpu=False, grad=C.no_gradient, reference=_reference,
    samples=lambda: [
        Sample((_i64([0, 2, 2, 5]), np.array([1, 3, 3, 0, 7], np.int32), np.int32(4),
                np.zeros(0, np.float32)), {"binary_output": False}, grad=False),
        Sample((_i64([0, 2, 2, 5]), np.array([1, 3, 3, 0, 7], np.int64), np.int64(8),
                np.array([1.0, 2.0, 3.0, 4.0, 5.0])), {"binary_output": False}, grad=False),
        Sample((_i64([0, 3, 5]), np.array([1, 3, 3, 0, 7], np.int32), np.int32(5),
                np.array([5, 6, 7, 8, 9], np.int64)), {"binary_output": True}, grad=False),
        Sample((_i64([0, 3, 2, 5]), np.array([1, 3, 3, 0, 2], np.int32), np.int32(3),
                np.array([2, 1, 4, 1, 3], np.int32)), {"binary_output": False}, grad=False)],
    bad_samples=lambda: [
        BadSample((_i64([0, 2, 5]), np.array([1, -3, 3, 0, 7], np.int32), np.int32(4),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Input must be non-negative"),
        BadSample((_i64([1, 5]), np.array([1, 3, 3, 0, 7], np.int32), np.int32(-1),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "size (-1) must be non-negative"),
        BadSample((_i64([1, 5]), np.array([1, 3, 3, 0, 7], np.int32), np.int32(4),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Splits must start with 0, not with 1"),
        BadSample((_i64([0, 4]), np.array([1, 3, 3, 0, 7], np.int32), np.int32(4),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Splits must end with the number of values, got 4 instead of 5"),
        BadSample((_i64([]), np.array([], np.int32), np.int32(4), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError, "Splits must be non-empty"),
        BadSample((_i64([0, 1]), np.array([1], np.int32), np.array([4], np.int32),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Shape must be rank 0 but is rank 1"),
        BadSample((_i64([0, 1]), np.array([1], np.int32), np.int64(4),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "input #2(zero-based) was expected to be a int32 tensor"),
        BadSample((_i64([0, 1]), np.array([1], np.int32), np.int32(4),
                   np.zeros(0, np.float16)), {"binary_output": False}, InvalidArgumentError,
                  "Value for attr 'T' of half is not in the list of allowed values: int32, "
                  "int64, float, double")],
))


def bincount_ragged(arr: Any, weights: Any, minlength: Any, maxlength: Any, dtype: Any,
                    binary_output: bool, weight_values: Callable) -> Tensor:
    """`tf.math.bincount(arr, axis=-1)` of a 2-D RaggedTensor as TF computes it: the size
    from its values (none where it has none), then RaggedBincount of each row's.
    `weight_values(arr, weights)`: the values of ragged weights, checked against arr's
    row splits after the size (ragged_dispatch)."""
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. "
                         "Please specify only one.")
    values = arr.flat_values
    if not values.dtype.is_integer:
        values = cast(values, dt.int32)
    d = values.dtype
    with api_scope("bincount"):
        nonempty = cast(size_op(values) > 0, d)
        # (over all the values: rows of a uniform length too, which RaggedBincount refuses)
        top = reduce_max(values, convert_to_tensor_v2(list(range(values.shape.rank or 1)),
                                                      dt.int32), name="RaggedReduceMax")
        size = nonempty * (top + 1)
        if minlength is not None:
            size = maximum(convert_to_tensor_v2(minlength, d, name="minlength"), size)
        if maxlength is not None:
            size = minimum(convert_to_tensor_v2(maxlength, d, name="maxlength"), size)
        w = no_weights(dt.as_dtype(dtype)) if weights is None else \
            weight_values(arr, weights)
        return bind(RAGGED_BINCOUNT, (arr.row_splits, values, size, w),
                    {"binary_output": bool(binary_output)})
