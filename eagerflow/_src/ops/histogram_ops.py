"""tf.histogram_fixed_width and tf.histogram_fixed_width_bins: counts of values in equal
bins over a range, and each value's bin.

Sits in the ops layer after segment_ops.py, as compositions of registered ops (the counts
are a segment sum of ones over the bin indices). Each follows the arithmetic of TF's own:
the counts TF's HistogramFixedWidth kernel's (the offset from the low edge in the values'
dtype, then divided by the bin width in double precision, values outside the range in the
end bins), the bins TF's Python composition's (a floor of the scaled value in the values'
dtype, clipped). `import eagerflow` loads this module on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import ones_like, reshape
from eagerflow._src.ops.indexing import unsorted_segment_sum
from eagerflow._src.ops.math import cast, clip_by_value, floor, maximum, minimum, truediv

_OP = "HistogramFixedWidth"
_VALUE_TYPES = (dt.int32, dt.int64, dt.float32, dt.float64)


def _check(values: Any, value_range: Any, nbins: int) -> None:
    if values._dtype not in _VALUE_TYPES:
        raise C.fail(_OP, f"Value for attr 'T' of {C._dtype_word(values._dtype)} is not in the "
                          "list of allowed values: int32, int64, float, double")
    if value_range._shape != (2,):
        raise C.fail(_OP, "value_range should be a vector of 2 elements.")
    if nbins <= 0:
        raise C.fail(_OP, f"nbins should be a positive number, but got '{nbins}'")
    if isinstance(value_range, EagerTensor):
        lo, hi = value_range.numpy().tolist()
        if not lo < hi:
            raise C.fail(_OP, f"value_range should satisfy value_range[0] < value_range[1], "
                              f"but got '[{lo:g}, {hi:g}]'")


def histogram_fixed_width(values: Any, value_range: Any, nbins: Any = 100,
                          dtype: Any = dt.int32, name: str | None = None) -> Any:
    """`[nbins]` counts of `values` in equal bins over [value_range[0], value_range[1]];
    values below the range count in the first bin, values above it in the last."""
    values = convert_to_tensor(values)
    value_range = convert_to_tensor(value_range, dtype_hint=values._dtype)
    bins = C.int_arg(nbins, "nbins")
    _check(values, value_range, bins)
    out = dt.as_dtype(dtype)
    lo, hi = value_range[0], value_range[1]
    step = cast(hi - lo, dt.float64) / float(bins)
    offset = cast(maximum(values, lo) - lo, dt.float64)
    index = cast(minimum(offset / step, float(bins - 1)), dt.int32)
    flat = reshape(index, [-1])
    return unsorted_segment_sum(cast(ones_like(flat), out), flat, bins)


def histogram_fixed_width_bins(values: Any, value_range: Any, nbins: Any = 100,
                               dtype: Any = dt.int32, name: str | None = None) -> Any:
    """The bin of each of `values` (shape kept) among `nbins` equal bins over
    value_range, clipped to [0, nbins - 1]."""
    values = convert_to_tensor(values)
    value_range = convert_to_tensor(value_range)
    bins = C.int_arg(nbins, "nbins")
    if bins <= 0:  # (TF's message comes from an assert op)
        raise InvalidArgumentError(None, None, f"nbins {bins} must > 0")
    scaled = truediv(values - value_range[0], value_range[1] - value_range[0])
    index = floor(cast(np.int32(bins), values._dtype) * scaled)  # (int values fail, as in TF)
    index = clip_by_value(index, 0.0, float(bins - 1))
    return cast(index, dtype)
