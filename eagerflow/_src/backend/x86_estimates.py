"""The x86 CPU's reciprocal and reciprocal square root estimates (RCPPS, RSQRTPS), which
Eigen's float32 packets refine by one Newton step (preciprocal, prsqrt: TF 2.21's Erfc,
Ndtri, the Bessel functions past their first interval...), over NumPy arrays.

Sits in the backend layer: what the machine computes. The estimates are table look-ups
in the CPU, the same on the Intel cores TF 2.21 was recorded on (AMD's differ): RCPPS's
12-bit significand depends only on the top 11 bits of x's significand, RSQRTPS's on the
top 10 and the parity of x's exponent; each table here holds the 12 bits for x in [1, 2)
(and [2, 4) for the square root): each is 1/m (1/sqrt(m)) at its interval's midpoint m
rounded to 12 bits, which gave all 4,096 entries read from the instructions on every
float32 there (tests/backend/test_x86_estimates.py keeps some of them).
Scaled by the exponent, a zero gives an infinity (a denormal input reads as zero), an
infinity zero, a result below the normal range zero, NaN NaN (4 million random bit
patterns and the specials checked against the instructions).
"""

from __future__ import annotations

import numpy as np


def _midpoints_rounded(m: np.ndarray, root: bool) -> np.ndarray:
    """The 12 significand bits (below the leading 1) of 1/m, or 1/sqrt(m), for midpoints
    m of intervals of significands (the results in (1/2, 1]), rounded to nearest: the entries the
    CPU's tables hold. As a float's significand bits (<< 11)."""
    scaled = np.rint(2.0 ** 13 / (np.sqrt(m) if root else m)).astype(np.uint32)
    return (scaled - np.uint32(4096)) << np.uint32(11)


_K = np.arange(2048, dtype=np.float64)
_H = np.arange(1024, dtype=np.float64)
# RCPPS: the 2,048 intervals of [1, 2) by x's top 11 significand bits
_RCP = _midpoints_rounded(1 + (_K + 0.5) / 2048, root=False)
# RSQRTPS: the 1,024 intervals of [1, 2), then of [2, 4), by the top 10 bits
_RSQRT = _midpoints_rounded(np.concatenate([1 + (_H + 0.5) / 1024, 2 + 2 * (_H + 0.5) / 1024]),
                            root=True)

_SIGN, _EXP, _MAN = np.uint32(0x80000000), np.uint32(0x7F800000), np.uint32(0x7FFFFF)
_QNAN = np.uint32(0x400000)


def _rcp_computed(x: np.ndarray) -> np.ndarray:
    """RCPPS of float32 x: 1/x to 12 bits."""
    bits = np.asarray(x, np.float32).view(np.uint32)  # (0-d kept 0-d)
    e = ((bits & _EXP) >> np.uint32(23)).astype(np.int32)
    out_e = 253 - e  # (1/(m 2**(e-127)) = t 2**(-1-(e-127)), t in [1, 2))
    y = (bits & _SIGN) | _RCP[(bits & _MAN) >> np.uint32(12)]
    y = y | (np.clip(out_e, 0, 255).astype(np.uint32) << np.uint32(23))
    y = np.where(out_e <= 0, bits & _SIGN, y)  # (below the normal range: zero)
    y = np.where(e == 0, (bits & _SIGN) | _EXP, y)  # (zero, denormal: infinity)
    y = np.where(e == 255, np.where(bits & _MAN, bits | _QNAN, bits & _SIGN), y)
    return y.view(np.float32)


def _rsqrt_computed(x: np.ndarray) -> np.ndarray:
    """RSQRTPS of float32 x: 1/sqrt(x) to 12 bits (NaN below zero, +-inf at zeros)."""
    bits = np.asarray(x, np.float32).view(np.uint32)  # (0-d kept 0-d)
    e = ((bits & _EXP) >> np.uint32(23)).astype(np.int32)
    odd = (e - 127) & 1  # (x in [2, 4) after scaling by 4**k)
    index = (odd.astype(np.uint32) << np.uint32(10)) | ((bits & _MAN) >> np.uint32(13))
    out_e = 126 - ((e - 127 - odd) >> 1)
    y = _RSQRT[index] | (np.clip(out_e, 0, 255).astype(np.uint32) << np.uint32(23))
    y = np.where((bits & _SIGN) != 0, _SIGN | _EXP | _QNAN, y)  # (negative: NaN)
    y = np.where(e == 0, (bits & _SIGN) | _EXP, y)  # (zeros, denormals: +-inf)
    y = np.where(e == 255, np.where(bits & _MAN, bits | _QNAN,
                                    np.where(bits & _SIGN, _SIGN | _EXP | _QNAN, 0)), y)
    return y.view(np.float32)


# The estimates depend only on x's top bits (sign, exponent and the significand's top 11
# bits for RCPPS, top 10 for RSQRTPS) but for a NaN's payload: over large arrays one
# look-up in a table of every such prefix (4 MiB, 2 MiB, built on first use) replaces
# the dozen passes above, and NaNs are patched after it.
_BIG = 4096
RCP_SHIFT, RSQRT_SHIFT = 12, 13  # (x's bits >> these index the prefix tables)
_PREFIX_TABLES: dict = {}


def prefix_table(shift: int) -> np.ndarray:
    """RCPPS's (shift RCP_SHIFT) or RSQRTPS's (RSQRT_SHIFT) estimate of every float32
    prefix `bits >> shift`, as uint32 bits (a NaN's: its prefix's, the payload's low bits
    zero), built on first use (~65 ms, ~30 ms)."""
    table = _PREFIX_TABLES.get(shift)
    if table is None:
        computed = _rcp_computed if shift == RCP_SHIFT else _rsqrt_computed
        every = (np.arange(1 << (32 - shift), dtype=np.uint32) << np.uint32(shift))
        table = _PREFIX_TABLES[shift] = computed(every.view(np.float32)).view(np.uint32)
    return table


def _by_prefix(x: np.ndarray, computed: object, shift: int) -> np.ndarray:
    bits = np.asarray(x, np.float32).view(np.uint32)
    if bits.size < _BIG:
        return computed(x)
    y = prefix_table(shift)[bits >> np.uint32(shift)]
    nan = np.isnan(x)
    if nan.any():
        y[nan] = bits[nan] | _QNAN
    return y.view(np.float32)


def rcp_estimate(x: np.ndarray) -> np.ndarray:
    """RCPPS of float32 x: 1/x to 12 bits."""
    return _by_prefix(x, _rcp_computed, RCP_SHIFT)


def rsqrt_estimate(x: np.ndarray) -> np.ndarray:
    """RSQRTPS of float32 x: 1/sqrt(x) to 12 bits (NaN below zero, +-inf at zeros)."""
    return _by_prefix(x, _rsqrt_computed, RSQRT_SHIFT)
