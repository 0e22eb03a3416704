"""The reductions recorded from TF 2.21 for tests/ops/test_eigen_sum.py (by
record_eigen_sum.py): deterministic inputs (a hash of the index, no RNG stream), magnitudes
spread over 8 decades so that float64 sums show their order too."""

from __future__ import annotations

from typing import Any

import numpy as np

_M = np.uint64(0xFFFFFFFFFFFFFFFF)

# 1-D sizes: packets, blocks of 4 packets, leaves (4096 doubles, 8192 floats), and each
# side of the sizes where TF's reduction starts sharing among 2 threads (float64 sum
# 54,194, float32 sum 108,388; Euclidean norm float64 38,182, float32 76,364)
SIZES = (1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 1000, 4095, 4096, 4097, 8191, 8192,
         8193, 8205, 20000, 38181, 38183, 54193, 54195, 76363, 76365, 100000, 108389,
         108391, 250001, 1000000, 1234567)
# sizes large enough for several threads, recorded with 1, 2, 3 and 4 intra-op threads
THREADED = tuple(n for n in SIZES if n >= 38181)
THREADS = (1, 2, 3, 4)

# (shape, axis or None, keepdims)
SHAPES = (
    ((3, 100), 1, False), ((100, 3), 0, False), ((37, 45), 0, False), ((37, 45), 1, True),
    ((64, 17), 0, False), ((15, 40), 0, False), ((16, 40), 0, False), ((5, 20000), 1, False),
    ((3, 8195), -1, False), ((2, 5000), 1, False), ((20000, 5), 0, False),
    ((4, 33, 7), 1, False), ((4, 33, 7), (0, 2), False), ((6, 20, 9), -2, True),
    ((2, 1, 40, 1, 3), 2, False), ((2, 1, 40, 1, 3), (0, 2), True), ((16, 16), -1, False),
    ((16, 17, 3), (0, 1), False), ((3, 4, 5, 6), (1, 3), False), ((3, 4, 5, 6), (0, 2), True),
    ((3, 4, 5, 6), (0, 1, 3), False), ((1000, 257), 1, False), ((257, 1000), 0, False),
    ((100, 1000), None, False), ((1, 1, 9), None, True), ((8, 1), 0, False),
    ((40, 1, 24), 0, False), ((5, 64, 12), 1, False), ((2, 300, 300), (1, 2), False),
)


def values(n: int, dtype: Any, seed: int) -> Any:
    """n values of `dtype`: a 64-bit hash of (index, seed) as a signed mantissa times
    10**e, e spread over [-4, 4]."""
    with np.errstate(over="ignore"):
        h = np.arange(n, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        h = (h + np.uint64(seed) * np.uint64(0xD1B54A32D192ED03)) & _M
        h ^= h >> np.uint64(31)
        h = (h * np.uint64(0xBF58476D1CE4E5B9)) & _M
        h ^= h >> np.uint64(29)
    u = (h >> np.uint64(11)).astype(np.float64) / 2.0 ** 53
    e = (h & np.uint64(0xFF)).astype(np.float64) / 255 * 8 - 4
    return ((u - 0.5) * 10.0 ** e).astype(dtype)


def near_one(x: Any) -> Any:
    """A product's input: x scaled to within 1% of 1 (long products stay finite)."""
    return (x * x.dtype.type(2e-6) + x.dtype.type(1)).astype(x.dtype)


def cases() -> list:
    """(key, input, axis, keepdims) of every recorded reduction at 2 threads."""
    out = []
    for dt in ("float32", "float64"):
        for n in SIZES:
            out.append((f"{dt}/n{n}", values(n, dt, n), None, False))
        for i, (shape, axis, keep) in enumerate(SHAPES):
            x = values(int(np.prod(shape)), dt, 1000 + i).reshape(shape)
            out.append((f"{dt}/s{i}", x, axis, keep))
    return out
