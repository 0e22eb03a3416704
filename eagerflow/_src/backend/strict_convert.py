"""Conversions of floats to integers on the strict stand-in GPU as CUDA makes them (backend
layer: NumPy only).

A CUDA kernel converts with PTX's cvt.rzi (CuPy's astype, TF's GPU Cast through Eigen's
static_cast): truncated toward zero, saturated at the integer type's range, NaN to 0
(CuPy's documentation: -1.0 to uint32 is 0, inf to int32 2147483647; NumPy on x86 gives
4294967295 and -2147483648). A narrow target (8 or 16 bits) is modelled as the 32-bit
conversion's value wrapped to its width; how the compiler lowers those is not verified on
a GPU here, but NaN gives 0 and values in range their truncation under any lowering.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def converts_float_to_int(source: np.dtype, target: Any) -> bool:
    """Whether an astype from `source` to `target` is a float-to-integer conversion."""
    floating = source.kind == "f" or (source.kind == "V" and source.itemsize == 2)
    return floating and np.dtype(target).kind in "iu"


def float_to_int(a: np.ndarray, target: Any) -> np.ndarray:
    """`a`'s floats (bfloat16 too) converted to integer type `target` as CUDA does."""
    t = np.dtype(target)
    x = a.astype(np.float32) if a.dtype.itemsize == 2 else a  # (half, bfloat16: exact)
    wide = t if t.itemsize >= 4 else np.dtype(np.int32)
    info = np.iinfo(wide)
    big = x >= float(info.max) + 1.0  # (2**bits as a float: exact; NaN fails)
    small = x < float(info.min) if info.min else x <= -1.0
    nan = x != x
    with np.errstate(invalid="ignore"):
        out = np.where(big | small | nan, 0, x).astype(wide)
    out[big] = info.max
    out[small] = info.min
    return out if wide == t else out.astype(t)
