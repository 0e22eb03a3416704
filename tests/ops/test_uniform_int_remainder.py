"""random_dists.uniform_int on the CPU takes each word's remainder as bits - (bits // span)
* span (NumPy divides by a scalar with vector instructions, its remainder is scalar):
the same integers as `bits % span`, for 32- and 64-bit words, spans small, odd, a power
of two, past half the range, and the whole range (span 0: the remainder path)."""

import numpy as np
import pytest

from eagerflow._src.ops import random_dists


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint32])
@pytest.mark.parametrize("lo,hi", [(0, 100), (-5, 1000), (7, 8), (0, 1 << 16),
                                   (-(1 << 31), (1 << 31) - 1), (0, 3 ** 19),
                                   (-(1 << 31), 1 << 31)])
def test_remainders_are_the_modulos(dtype, lo, hi):
    dt = np.dtype(dtype)
    if dt.kind == "u" and lo < 0:
        return
    n, key, counter = 100_003, 0x1234_5678_9ABC_DEF0, 42
    got = random_dists.uniform_int(np, key, counter, n, lo, hi, dtype)
    bits = random_dists.full_int(np, key, counter, n,
                                 np.uint64 if dt.itemsize == 8 else np.uint32)
    span = (hi - lo) & ((1 << (8 * dt.itemsize)) - 1)
    with np.errstate(all="ignore"):
        want = (bits % bits.dtype.type(span) + bits.dtype.type(
            lo & ((1 << (8 * dt.itemsize)) - 1))).view(dt)
    np.testing.assert_array_equal(got, want)
    assert got.dtype == dt
