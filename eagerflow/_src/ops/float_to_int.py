"""Cast of floats to integers as TF 2.21's CPU kernel computes it, values out of the
target's range and NaN included (math_base.py's Cast kernel calls it for those only; on a
GPU, device_path: CUDA's conversion).

TF's Cast kernel is an Eigen expression: a flat tensor is converted in packets of P
values by the vectorized path, and its last n % P values by the scalar path (one C++
conversion each). The two disagree outside the target's range (recorded from TF 2.21's
x86 wheel, tests/ops/float_cast_golden.json). With cvtt32/cvtt64 x86's truncating
conversions to int32/int64 (NaN and values out of range give the most negative value):

- to int8, int16, uint8, uint16: the scalar path wraps cvtt32(x) to the width; the
  vectorized one saturates cvtt32(x) to the target's range (so NaN and |x| >= 2**31
  give the range's low end, 300.7 to int8 gives 127), except float16's and float64's
  to uint8, which saturate to uint16 first and read that as int16 (40000 gives 0);
- to uint32: the scalar path wraps cvtt64(x); the vectorized one is cvtt32(x) where that
  is negative, else the bits of cvtt32(x - 2**31) with the top bit set (2**31 for NaN,
  values past 2**32 and below -2**31);
- to uint64, both paths: cvtt64(x), or for x >= 2**63 the bits of cvtt64(x - 2**63)
  with the top bit set (2**63 for NaN and values out of range);
- to int32 and int64: cvtt32 and cvtt64 (both paths).

A large tensor is split between threads, each taking its own scalar tail; that split
(TF's cost model, the machine's threads) is not emulated: eagerflow puts the scalar
path on the tensor's last n % P values only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

# (source itemsize, source is bfloat16, target) -> P: the values per packet of the
# vectorized path, by TF 2.21's CPU kernel (recorded: tests/ops/record_float_cast.py)
_PACKET = {
    (2, False, "int8"): 16, (2, False, "int16"): 16, (2, False, "uint8"): 16,
    (2, False, "uint16"): 16, (2, False, "uint32"): 8,
    (4, False, "int8"): 32, (4, False, "int16"): 32, (4, False, "uint8"): 32,
    (4, False, "uint16"): 32, (4, False, "uint32"): 8,
    (8, False, "int8"): 16, (8, False, "int16"): 16, (8, False, "uint8"): 16,
    (8, False, "uint16"): 16, (8, False, "uint32"): 8,
    (2, True, "int8"): 8, (2, True, "int16"): 8, (2, True, "uint8"): 8,
    (2, True, "uint16"): 8, (2, True, "uint32"): 8,
}


def packet_size(src: np.dtype, target: Any) -> int | None:
    """P for a cast of `src` values to NumPy integer type `target` (None: one path)."""
    return _PACKET.get((src.itemsize, src.kind == "V", np.dtype(target).name))


def cvtt(xp: Any, x: Any, bits: int) -> Any:
    """x86's truncating conversion to int32/int64 (`bits`): NaN and values outside the
    type's range give its most negative value."""
    lim = 2.0 ** (bits - 1)
    out_t = np.int32 if bits == 32 else np.int64
    if xp is np and x.size and -lim < float(x.min()) and float(x.max()) < lim:
        return x.astype(out_t)  # (every value fits: one pass, no masks; NaN fails)
    t = xp.trunc(x)
    fits = (t >= -lim) & (t < lim)  # (False for NaN)
    with np.errstate(invalid="ignore"):
        return xp.where(fits, t, -lim).astype(out_t)


def _high_bit(xp: Any, x: Any, bits: int) -> Any:
    """The unsigned conversion x86 compilers emit (vectorized for 32 bits, scalar for
    64): cvtt(x), or where that is negative (x too large, or out of range) its bits or'ed
    with those of cvtt(x - 2**(bits-1))."""
    a = cvtt(xp, x, bits)
    b = cvtt(xp, x - 2.0 ** (bits - 1), bits)
    return (a | (b & (a >> (bits - 1)))).view(np.uint32 if bits == 32 else np.uint64)


def scalar_path(xp: Any, x: Any, target: Any) -> Any:
    """The scalar path's values (C++'s conversion, as TF's x86 build compiles it)."""
    name = np.dtype(target).name
    if name == "uint64":
        return _high_bit(xp, x, 64)
    if name in ("int64", "uint32"):
        return cvtt(xp, x, 64).astype(target)
    return cvtt(xp, x, 32).astype(target)


def vector_path(xp: Any, x: Any, target: Any, src: np.dtype) -> Any:
    """The vectorized path's values (Eigen's packet conversion) for values of `src`."""
    name = np.dtype(target).name
    if name == "uint32":
        return _high_bit(xp, x, 32)
    if name in ("int32", "int64", "uint64"):
        return scalar_path(xp, x, target)
    if name == "uint8" and src.kind == "f" and src.itemsize != 4:
        # (float16's and float64's packets narrow through uint16, then read it as int16:
        # 32768 to 65535 saturate to 0)
        wide = xp.clip(cvtt(xp, x, 32), 0, 65535)
        return xp.where(wide >= 32768, 0, xp.minimum(wide, 255)).astype(target)
    info = np.iinfo(target)
    return xp.clip(cvtt(xp, x, 32), info.min, info.max).astype(target)


def device_path(xp: Any, x: Any, target: Any) -> Any:
    """The cast on a GPU: one conversion kernel, CUDA's (TF's GPU Cast is Eigen's
    static_cast in a CUDA kernel, as CuPy's astype is; the stand-in GPU models it): truncated
    toward zero, saturated at the target's range, NaN to 0."""
    return x.astype(target)


def float_to_int(xp: Any, x: Any, target: Any, src: np.dtype) -> Any:
    """TF's CPU Cast to NumPy integer type `target` of float array `x`, of dtype `src`
    (bfloat16's given as float32), the flat tensor's last n % P values by the scalar
    path, the others by the vectorized one."""
    if x.dtype.itemsize < 4:  # (float16: exact in float32)
        x = x.astype(np.float32)
    p = packet_size(src, target)
    if p is None or x.size < p:
        return scalar_path(xp, x, target)
    flat = x.reshape(-1)
    cut = x.size - x.size % p
    out = vector_path(xp, flat, target, src)
    if cut < x.size:
        out[cut:] = scalar_path(xp, flat[cut:], target)
    return out.reshape(x.shape)
