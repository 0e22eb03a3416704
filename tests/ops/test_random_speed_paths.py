"""The fast paths of the random kernels give what their plain forms give.

philox.blocks computes stretches of consecutive counters with the first two rounds' scalar
halves done once (where only the lowest 32-bit lane varies); random_dists computes long
draws stretch by stretch, side by side when the backend finds idle cores. Both must give
the generic Philox (blocks_at, and random_reference's plain-Python one) bit for bit,
across the lanes' carries and with any split into threads.
"""

import numpy as np
import pytest

import eagerflow._src.backend.numpy as cpu
from eagerflow._src.ops import philox, random_dists
from eagerflow._src.ops import random_reference as ref

M64, M128 = philox.M64, philox.M128

# (key, counter, blocks, start): stretches inside one lane, across the carries out of
# the lowest lane, the low 64-bit word and the whole 128-bit counter, and longer than a pass
CASES = [(0, 0, 5, 0), (1, (1 << 32) - 3, 10, 0), (2, M64 - 2, 7, 0), (3, M128 - 1, 9, 0),
         (4, (5 << 64) | 0xFFFFFFFF_FFFFFF00, 70000, 0), (5, 0xFFFFFF00, 100000, 0),
         (6, 12345 << 96, 40000, 3), (M64, 7 << 64, 33000, (1 << 32) - 5),
         (0x0123456789ABCDEF, 0xFEDCBA9876543210 << 60, 1000, 2**40 - 17)]


@pytest.mark.parametrize("key,counter,n,start", CASES)
def test_blocks_equal_the_generic_rounds(key, counter, n, start):
    offsets = np.arange(start, start + n, dtype=np.uint64)
    want = philox._rounds(np, key, *philox._lanes(np, counter, offsets))  # (all lanes arrays)
    np.testing.assert_array_equal(philox.blocks(np, key, counter, n, start), want)
    np.testing.assert_array_equal(philox.blocks_at(np, key, counter, offsets), want)
    spread = offsets * np.uint64(64) + np.uint64(3)  # (truncated normals' offsets)
    np.testing.assert_array_equal(philox.blocks_at(np, key, counter, spread),
                                  philox._rounds(np, key, *philox._lanes(np, counter, spread)))


@pytest.mark.parametrize("key,counter,n,start", CASES[:4] + CASES[-2:])
def test_blocks_equal_the_plain_python_philox(key, counter, n, start):
    s = ref.Stream(key, (counter + start) & M128)
    want = [s.block() for _ in range(min(n, 6))]
    np.testing.assert_array_equal(philox.blocks(np, key, counter, min(n, 6), start), want)


@pytest.mark.parametrize("key,counter,n,start", CASES)
def test_one_block_on_python_ints_is_the_arrays_block(key, counter, n, start):
    c = (counter + start) & M128
    want = philox._rounds(np, key, *philox._lanes(np, c, np.zeros(1, np.uint64)))[0]
    got = philox.block(key, c)
    assert got == tuple(int(w) for w in want) and all(type(w) is int for w in got)


def _draws():
    key, counter = 0x9E3779B97F4A7C15, (3 << 64) | (M64 - 70000)  # (a carry inside)
    n = 300001
    out = []
    for dtype in (np.float16, np.float32, np.float64):
        out += [random_dists.uniform(np, key, counter, n, dtype),
                random_dists.normal(np, key, counter, n, dtype),
                random_dists.truncated_normal(np, key, counter, n, dtype)]
    return out


def test_draws_split_over_threads_are_the_serial_ones(monkeypatch):
    monkeypatch.setattr(cpu, "_side_by_side", lambda: False)
    serial = _draws()
    monkeypatch.setattr(cpu, "_side_by_side", lambda: True)
    monkeypatch.setattr(cpu._POOL, "size", 2)
    threaded = _draws()
    for a, b in zip(serial, threaded):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))
