"""The float -> integer casts recorded from TF 2.21's CPU kernel (record_float_cast.py
writes float_cast_golden.json, test_float_cast.py reads it): values out of the target's
range, NaN and infinities included, each cast alone (the kernel's scalar path), as a
tensor of 64 copies (its vectorized path), and the whole list as one tensor, as its
first 37 values and its first 90 as a 9x10 matrix (both paths, by position)."""

from __future__ import annotations

import numpy as np

SOURCES = ("float16", "bfloat16", "float32", "float64")
TARGETS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")

_SPECIAL = [1e10, -1e10, float("nan"), float("inf"), -float("inf"), 3e9, -3e9, 300.7, -300.7,
            70000.5, -70000.5, 2.5, -2.5, -0.7, 1e19, 2e19, -1e19, 9.3e18, 4294967296.0,
            2147483648.0, -2147483649.0, 65536.0, 256.0, -1.0, 128.0, -129.0, 1.8e19, -9.3e18,
            40000.0, -40000.0, 32768.0, -32769.0, 255.9, -0.0, 1e-3, 65504.0, -65504.0,
            3.4e38, 1e30, 127.5, -128.9, 65535.9, 4294967295.0, 2147483647.0, -2147483648.0,
            9.2e18, 1.7e308]


def values() -> list:
    """The recorded values: special ones, then 48 drawn with signs over 1e-2 .. 1e21."""
    rng = np.random.default_rng(20261130)
    drawn = rng.choice([-1.0, 1.0], 48) * 10.0 ** rng.uniform(-2, 21, 48)
    return _SPECIAL + [float(v) for v in drawn]


TAIL = 37  # (the first 37 values as one tensor: P values by the vector path, the rest not)
FILL = 64  # (a multiple of every packet size: the vectorized path only)
