"""TF's CPU distributions over a Philox stream: the exact value of every output.

Sits in the ops layer between philox.py (bits) and random.py (the ops). Every function
takes a stream (key, counter) and a count n and returns n values, flat, as TensorFlow
2.21's CPU kernels compute them (learned from their outputs; the formulas are the
classic ones):

- uniform floats: the word's low mantissa bits under exponent 0, minus 1 (23 bits for
  float32, 10 for half, 7 for bfloat16; 52 bits from two words for float64), so values
  lie on the grid k * 2**-bits of [0, 1);
- uniform integers in [lo, hi): lo + word % (hi - lo) (two words for 64 bits);
- normals: Box-Muller on pairs of uniforms, u1 clamped to 1e-7, with the C library's
  log and sincos (libm_exact.py), sine first;
- truncated normals: normals outside (-2, 2) are dropped; each group of 4 outputs (2 for
  float64) reads its own stretch of the stream, 256 blocks per output apart.

Outputs are consumed in order from the stream: 4 per block for 32-bit values and 2 per
block for 64-bit ones (a partial last block is discarded).

The key and counter are ints, or on a device that device's arrays (philox.blocks_at): a
stateful op's state variable, read where it lives.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import ELEMENTWISE_BLOCK, lanes, run_blocks
from eagerflow._src.ops import libm_exact, philox, random_cuda

_MANTISSA = {"float16": 10, "bfloat16": 7, "float32": 23}
_TRUNCATE = 2.0
# Each output may use up to 256 blocks of the stream (TF's reservation per output).
SAMPLES_PER_OUTPUT = 256
# truncated normals' values per pass: their later passes (17%, 3%, ... of the groups) are
# then long enough for NumPy's per-call overhead not to count
_TRUNCATED_CHUNK = 1 << 18


def uniform_pairs(xp: Any, hi: Any, lo: Any) -> Any:
    """Two words to a float64 uniform on the grid k * 2**-52 of [0, 1)."""
    man = ((hi & xp.uint32(0xFFFFF)).astype(xp.uint64) << xp.uint64(32)) | lo.astype(xp.uint64)
    return man.astype(xp.float64) * 2.0**-52


def _uniform_pairs_into(hi: np.ndarray, lo: np.ndarray, out: np.ndarray) -> None:
    """uniform_pairs (NumPy) into `out`: the same bits."""
    man = np.bitwise_and(hi, np.uint32(0xFFFFF)).astype(np.uint64)
    man <<= np.uint64(32)
    man |= lo
    np.multiply(man.astype(np.float64), 2.0**-52, out=out)


def _u23(xp: Any, w: Any) -> Any:
    """Words to float32 uniforms on the grid k * 2**-23 of [0, 1)."""
    return ((w & xp.uint32(0x7FFFFF)) | xp.uint32(0x3F800000)).view(xp.float32) - xp.float32(1)


def _chunked(xp: Any, n: int, per_block: int, dtype: Any, make: Any, cost: int,
             step: int = ELEMENTWISE_BLOCK, into: Any = None) -> Any:
    """n values, `per_block` to a block, computed by make(first_block, blocks) a cache-sized
    stretch of the stream at a time; the stretches are independent, so the backend may
    compute them side by side (`cost`: a value's work, in multiply-adds, about). `into`
    (NumPy): into(first_block, blocks, values) writes whole blocks' values where they go."""
    if n <= step and (into is None or n % per_block):
        return make(0, -(-n // per_block))[:n]
    out = xp.empty(n, dtype=dtype)

    def fill(first: int) -> None:
        m = min(step, n - first)
        if into is not None and m % per_block == 0:
            into(first // per_block, m // per_block, out[first:first + m])
            return
        out[first:first + m] = make(first // per_block, -(-m // per_block))[:m]
    firsts = range(0, n, step)
    run_blocks(xp, fill, firsts, lanes(xp, n * cost, len(firsts)))
    return out


def uniform(xp: Any, key: Any, counter: Any, n: int, np_dtype: Any) -> Any:
    dt = np.dtype(np_dtype)
    if xp is not np and dt in (np.float32, np.float64):  # (one launch: random_cuda.py)
        return random_cuda.uniform(xp, key, counter, n, dt)
    if dt == np.float64:
        def make(first: int, nb: int) -> Any:
            b = philox.blocks(xp, key, counter, nb, first).reshape(-1, 2)
            return uniform_pairs(xp, b[:, 0], b[:, 1])

        def into64(first: int, nb: int, values: np.ndarray) -> None:
            # a block's two uniforms: of its words 0 and 1, then of its words 2 and 3
            _uniform_pairs_into(*philox.block_lanes(key, counter, nb, first),
                                values.reshape(-1, 2).T)
        return _chunked(xp, n, 2, dt, make, 32, into=into64 if xp is np else None)
    bits = _MANTISSA[dt.name]

    def make32(first: int, nb: int) -> Any:
        w = philox.blocks(xp, key, counter, nb, first).reshape(-1)
        if dt == np.float32:
            return _u23(xp, w)
        return ((w & xp.uint32((1 << bits) - 1)).astype(xp.float32) * 2.0**-bits).astype(dt)

    def into(first: int, nb: int, values: np.ndarray) -> None:
        lanes = philox.block_lanes(key, counter, nb, first)
        for words, at in zip(lanes, _lane_slots(values)):
            _u23_into(words, at)
    return _chunked(xp, n, 4, dt, make32, 16,
                    into=into if xp is np and dt == np.float32 else None)


def _lane_slots(values: np.ndarray) -> tuple:
    """Where the lanes of philox.block_lanes go among a flat run of whole blocks' 4 values
    each: two (2, blocks) views, slots 0 and 2 of each block, and 1 and 3."""
    four = values.reshape(-1, 4)
    return four[:, 0::2].T, four[:, 1::2].T


def _u23_into(w: np.ndarray, out: np.ndarray) -> None:
    """_u23 of uint32 words into `out` (NumPy): the same bits, one temporary."""
    m = np.bitwise_and(w, np.uint32(0x7FFFFF))
    m |= np.uint32(0x3F800000)
    np.subtract(m.view(np.float32), np.float32(1), out=out)


def uniform_int(xp: Any, key: Any, counter: Any, n: int, lo: int, hi: int,
                np_dtype: Any) -> Any:
    """Integers in [lo, hi): lo + bits % (hi - lo), the span taken unsigned."""
    dt = np.dtype(np_dtype)
    bits = full_int(xp, key, counter, n, np.uint64 if dt.itemsize == 8 else np.uint32)
    span = (hi - lo) & ((1 << (8 * dt.itemsize)) - 1)
    if xp is np and span:
        # bits % span as bits - (bits // span) * span: NumPy divides by a scalar with
        # vector instructions, but takes its remainder one value at a time (1M uint32:
        # 1.2 ms against 2.7); the same unsigned integers
        off = bits // bits.dtype.type(span)
        off *= bits.dtype.type(span)
        np.subtract(bits, off, out=off)
    else:
        off = bits % bits.dtype.type(span)
    with np.errstate(over="ignore"):  # two's-complement wrap-around is the signed sum
        return (off + bits.dtype.type(lo & ((1 << (8 * dt.itemsize)) - 1))).view(dt)


def full_int(xp: Any, key: Any, counter: Any, n: int, np_dtype: Any) -> Any:
    """Integers over the dtype's whole range: one word each, or (low, high) words."""
    dt = np.dtype(np_dtype)
    if dt.itemsize == 8:
        b = philox.blocks(xp, key, counter, -(-n // 2)).reshape(-1, 2).astype(xp.uint64)
        return (b[:, 0] | (b[:, 1] << xp.uint64(32)))[:n].view(dt)
    return philox.words(xp, key, counter, n).view(dt)


def _box_muller_f32(xp: Any, w: Any) -> Any:
    """Pairs of words to pairs of float32 normals: (sin, cos) of the second, scaled."""
    if xp is np:
        return _box_muller_f32_np(w)
    u1 = xp.maximum(_u23(xp, w[0::2]), xp.float32(1e-7))
    u2 = xp.sqrt(xp.float32(-2.0) * libm_exact.logf(xp, u1))
    theta = (_u23(xp, w[1::2]).astype(xp.float64) * (2 * np.pi)).astype(xp.float32)
    s, c = libm_exact.sincosf(xp, theta)
    out = xp.empty(w.shape[0], dtype=xp.float32)
    out[0::2] = s * u2
    out[1::2] = c * u2
    return out


def _box_muller_f32_np(w: np.ndarray) -> np.ndarray:
    """NumPy's form of _box_muller_f32: the same roundings, fewer temporaries."""
    out = np.empty(w.shape[0], dtype=np.float32)
    _box_muller_into(w[0::2], w[1::2], out[0::2], out[1::2])
    return out


def _box_muller_into(radius_words: np.ndarray, angle_words: np.ndarray,
                     sin_out: np.ndarray, cos_out: np.ndarray) -> None:
    """Box-Muller's float32 pairs (NumPy) from words of the same shape, any layout: each
    pair's sin and cos of the angle, times the radius, into sin_out and cos_out."""
    u1 = _u23(np, radius_words)
    np.maximum(u1, np.float32(1e-7), out=u1)
    u2 = libm_exact.logf(np, u1)
    u2 *= np.float32(-2.0)
    np.sqrt(u2, out=u2)
    # k * 2**-23 * 2pi, rounded once: the same double as k * (2pi * 2**-23)
    theta = (angle_words & np.uint32(0x7FFFFF)).astype(np.float64)
    theta *= 2 * np.pi * 2.0**-23
    s, c = libm_exact.sincosf(np, theta.astype(np.float32))
    np.multiply(s, u2, out=sin_out)
    np.multiply(c, u2, out=cos_out)


def _box_muller_f64(xp: Any, b: Any) -> Any:
    """Blocks (rows of 4 words) to pairs of float64 normals."""
    if xp is np:
        out = np.empty(2 * b.shape[0])
        _box_muller_f64_into(b[:, 0::2].T, b[:, 1::2].T, out)
        return out
    u1 = xp.maximum(uniform_pairs(xp, b[:, 0], b[:, 1]), 1e-7)
    u2 = libm_exact.log64(xp, u1)
    u2 *= -2.0
    u2 = xp.sqrt(u2, out=u2)
    theta = uniform_pairs(xp, b[:, 2], b[:, 3])
    theta *= 2 * np.pi
    out = xp.empty(2 * b.shape[0], dtype=xp.float64)
    xp.multiply(xp.sin(theta), u2, out=out[0::2])
    xp.multiply(xp.cos(theta), u2, out=out[1::2])
    return out


def _box_muller_f64_into(even: np.ndarray, odd: np.ndarray, values: np.ndarray) -> None:
    """_box_muller_f64 (NumPy) of blocks given as their lanes (philox.block_lanes), into
    the flat run `values` (two a block): the same bits."""
    u = np.empty(even.shape)
    _uniform_pairs_into(even, odd, u)  # (u1 from words 0 and 1, the angle's from 2 and 3)
    u1, theta = u
    np.maximum(u1, 1e-7, out=u1)
    u2 = libm_exact.log64(np, u1)
    u2 *= -2.0
    np.sqrt(u2, out=u2)
    theta *= 2 * np.pi
    pairs = values.reshape(-1, 2)
    np.multiply(np.sin(theta), u2, out=pairs[:, 0])
    np.multiply(np.cos(theta), u2, out=pairs[:, 1])


def block_normals(xp: Any, b: Any, np_dtype: Any) -> Any:
    """The normals of each block (rows of 4 words) as TF's NormalDistribution of the dtype
    gives them: (blocks, 4) for float32 and half (rounded from float32's), (blocks, 2)
    for float64."""
    dt = np.dtype(np_dtype)
    if dt == np.float64:
        return _box_muller_f64(xp, b).reshape(-1, 2)
    out = _box_muller_f32(xp, b.reshape(-1)).reshape(-1, 4)
    return out if dt == np.float32 else out.astype(dt)


def block_uniforms(xp: Any, b: Any, np_dtype: Any) -> Any:
    """The uniforms of each block as TF's UniformDistribution of the dtype gives them:
    (blocks, 4) for float32 and half (their low 23 and 10 bits), (blocks, 2) for float64."""
    dt = np.dtype(np_dtype)
    if dt == np.float64:
        return xp.stack([uniform_pairs(xp, b[:, 0], b[:, 1]),
                         uniform_pairs(xp, b[:, 2], b[:, 3])], axis=1)
    if dt == np.float32:
        return _u23(xp, b)
    bits = _MANTISSA[dt.name]
    return ((b & xp.uint32((1 << bits) - 1)).astype(xp.float32) * 2.0**-bits).astype(dt)


def normal(xp: Any, key: Any, counter: Any, n: int, np_dtype: Any) -> Any:
    dt = np.dtype(np_dtype)
    if dt == np.float64:
        def into64(first: int, nb: int, values: np.ndarray) -> None:
            _box_muller_f64_into(*philox.block_lanes(key, counter, nb, first), values)
        return _chunked(xp, n, 2, dt, lambda first, nb: _box_muller_f64(
            xp, philox.blocks(xp, key, counter, nb, first)), 128,
            into=into64 if xp is np else None)

    if xp is not np:  # (one launch: random_cuda.py)
        out = random_cuda.normal_f32(xp, key, counter, n)
        return out if dt == np.float32 else out.astype(dt)

    def into(first: int, nb: int, values: np.ndarray) -> None:
        (radius, angle), (sin_at, cos_at) = philox.block_lanes(key, counter, nb, first), \
            _lane_slots(values)
        # a block's normals: sin, cos of its words 0 and 1, then of its words 2 and 3
        _box_muller_into(radius, angle, sin_at, cos_at)
    out = _chunked(xp, n, 4, np.float32, lambda first, nb: _box_muller_f32(
        xp, philox.blocks(xp, key, counter, nb, first).reshape(-1)), 64,
        into=into if xp is np else None)
    return out if dt == np.float32 else out.astype(dt)


def truncated_normal(xp: Any, key: Any, counter: Any, n: int, np_dtype: Any) -> Any:
    """Normals in (-2, 2): group g of outputs reads blocks g * stride, g * stride + 1, ..."""
    dt = np.dtype(np_dtype)
    group = 2 if dt == np.float64 else 4  # outputs per group (a block's candidates)
    out = _chunked(xp, n, group, np.float64 if group == 2 else np.float32,
                   lambda first, ng: _truncated_groups(xp, key, counter, first, ng, group),
                   128 if group == 2 else 96, _TRUNCATED_CHUNK)
    return out if out.dtype == dt else out.astype(dt)


def _truncated_groups(xp: Any, key: Any, counter: Any, first: int, groups: int,
                      group: int) -> Any:
    """Groups first ... first + groups - 1, flat: each takes the first `group` candidates in
    (-2, 2) from its own stretch of the stream, one block per pass (a block gives `group`
    candidates; 83% of groups need only their first: those are written as they come, and
    only the others are sorted out, pass after pass)."""
    wide = group == 2
    stride = xp.uint64(group * SAMPLES_PER_OUTPUT // 4)

    def candidates(rows: Any, step: int) -> tuple:
        offsets = (rows + first).astype(xp.uint64) * stride + xp.uint64(step)
        if xp is np:  # (in cache-sized stretches, from the rounds' lanes, in place)
            cand = np.empty((rows.size, group), np.float64 if wide else np.float32)
            for i in range(0, rows.size, ELEMENTWISE_BLOCK // group):
                at = slice(i, i + ELEMENTWISE_BLOCK // group)
                lanes = philox.lanes_at(key, counter, offsets[at])
                if wide:
                    _box_muller_f64_into(*lanes, cand[at].reshape(-1))
                else:
                    _box_muller_into(*lanes, *_lane_slots(cand[at].reshape(-1)))
        elif wide:
            cand = _box_muller_f64(xp, philox.blocks_at(xp, key, counter, offsets)).reshape(
                rows.size, group)
        else:  # (one launch: random_cuda.py)
            cand = random_cuda.normal_f32(xp, key, counter, 4 * rows.size,
                                          offsets=offsets).reshape(rows.size, group)
        return cand, xp.abs(cand) < _TRUNCATE

    out, keep = candidates(xp.arange(groups), 0)
    # rows whose candidates all fall inside: their bytes of `keep` are all ones
    full = keep.view(xp.uint16 if wide else xp.uint32).reshape(-1) == (
        0x0101 if wide else 0x01010101)
    todo = xp.flatnonzero(~full)
    if not todo.size:
        return out.reshape(-1)
    cand, keep = out[todo], keep[todo]
    have = xp.zeros(groups, dtype=xp.int8)  # (counts up to 2 * group: bytes, not words)
    flat_out = out.reshape(-1)
    step = 0
    while True:
        rank = keep.astype(xp.int8)  # (a cumsum along a short axis is slow)
        rank[:, 0] += have[todo]
        for col in range(1, group):
            rank[:, col] += rank[:, col - 1]
        # each candidate kept, by its flat index: to its row's slot rank - 1
        taken = xp.flatnonzero(keep & (rank <= group))
        flat_out[todo[taken // group] * group + (rank.reshape(-1)[taken] - 1)] = \
            cand.reshape(-1)[taken]
        now = xp.minimum(rank[:, -1], group)
        have[todo] = now
        todo = todo[now < group]
        if not todo.size:
            return flat_out
        step += 1
        cand, keep = candidates(todo, step)
