"""Philox-4x32-10 random bits, as TensorFlow's CPU kernels lay them out.

Sits at the bottom of the ops layer, under random.py: pure functions over arrays of the
array module `xp`, no tensors. Philox-4x32-10 is the counter-based generator of Salmon,
Moraes, Dror and Shaw, "Parallel random numbers: as easy as 1, 2, 3" (SC 2011): a 64-bit
key and a 128-bit counter go through ten rounds of two 32x32->64 multiplications, and the
four 32-bit words of the result are the "block" for that counter. Block i of a stream is
the block of counter + i, so any stretch of a stream is computed at once, vectorized.

TF's conventions (learned from its outputs and sources): a stream is a (key, counter)
pair; a stateful op seeded (seed, seed2) starts at key = seed, counter = seed2 << 64 and
each call reserves 256 blocks per output value; a stateless seed [s0, s1] is scrambled
into a key and counter by one Philox block keyed with fixed constants.

Speed (NumPy): the rounds run a cache-sized stretch of counters at a time, stretches side
by side where the backend finds idle cores; within a stretch whose counters differ only
in their lowest 32-bit lane (nearly all), half of the first two rounds is the same for
every counter and is computed once on Python ints; a single block, or a few, is computed
on Python ints altogether. NumPy's rounds keep their lanes in uint32 and read the 64-bit
products' halves in place (its ufuncs run at the speed of memory: bytes are the cost).
Elementwise consumers take the rounds' lanes as they stand (block_lanes, lanes_at),
without the copy that interleaves them into blocks. All paths give the same bits.

On a device the blocks are one launch: a CUDA ElementwiseKernel (cuda_source, its
rounds written out from the same constants) computes a block a thread, in place of ten
rounds of five array operations each. Its words are the CPU's, bit for bit (integer
arithmetic only). random_cuda.py ends the same kernel with TF's float conversions.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from eagerflow._src.backend import elementwise_kernel, lanes, run_blocks

M64 = (1 << 64) - 1
M128 = (1 << 128) - 1

_MUL = (0xD2511F53, 0xCD9E8D57)   # the round multipliers of the paper's 4x32 variant
_WEYL = (0x9E3779B9, 0xBB67AE85)  # the key schedule's increments
_SCRAMBLE_KEY = 0x02461E29_3EC8F720  # TF's key for turning a stateless seed into a stream
_CHUNK = 1 << 15  # blocks per pass: keeps the round's temporaries in cache
# up to this many blocks, Python ints beat ten rounds of array operations' overhead
_FEW = 8
_BLOCK_COST = 64  # a block's work in multiply-adds, about (for the backend's thread split)
# which of a uint64's two uint32 words (in its uint32 view) is its low one and its high one
_LO, _HI = (0, 1) if np.little_endian else (1, 0)


def _held(v: Any) -> bool:
    """Whether a key or counter is a host number (not a device's array: a stateful op's
    state, read where it lives)."""
    return isinstance(v, (int, np.integer))


def _lanes(counter: int, offsets: np.ndarray) -> tuple:
    """The 4 x 32-bit lanes of the counters counter + offsets (mod 2**128), as uint64
    arrays holding 32-bit values: (c0, c1) is the low 64-bit word, (c2, c3) the high one."""
    lo0, hi0 = np.uint64(counter & M64), np.uint64((counter >> 64) & M64)
    lo = offsets + lo0  # wraps modulo 2**64
    hi = (lo < lo0).astype(np.uint64)  # the carry of a wrapped low word
    hi += hi0
    m32, s32 = np.uint64(0xFFFFFFFF), np.uint64(32)
    return lo & m32, lo >> s32, hi & m32, hi >> s32


def _rounds(key: int, c0: Any, c1: Any, c2: Any, c3: Any) -> np.ndarray:
    """Ten Philox rounds over counter lanes (uint64 arrays of 32-bit values); returns the
    blocks as an (n, 4) uint32 array."""
    # rows: [c0, c2] are multiplied, [c1, c3] are xored in
    mul_in = np.stack([c0, c2]).astype(np.uint32)
    xor_in = np.stack([c1, c3]).astype(np.uint32)
    k0, k1 = key & 0xFFFFFFFF, (key >> 32) & 0xFFFFFFFF
    return _interleaved(*_last_rounds_np(mul_in, xor_in, k0, k1, 10))


def _round_keys(k0: int, k1: int, count: int) -> np.ndarray:
    """`count` rounds' key words, a (count, 2, 1) uint32 array."""
    keys = np.empty((count, 2, 1), np.uint32)
    for r in range(count):
        keys[r, :, 0] = k0, k1
        k0, k1 = (k0 + _WEYL[0]) & 0xFFFFFFFF, (k1 + _WEYL[1]) & 0xFFFFFFFF
    return keys


def _run_rounds(key: int, c0: np.ndarray, c1: int, c2: int, c3: int) -> tuple:
    """The blocks at counters whose lowest 32-bit lanes are c0 (uint64) and whose other
    lanes are c1, c2, c3 (NumPy), as their lanes (block_lanes): the first two rounds then
    have scalar halves, computed once in Python (a fifth of the work saved)."""
    m32 = 0xFFFFFFFF
    n = c0.shape[0]
    k0, k1 = key & m32, (key >> 32) & m32
    # round 1: c0' = hi(M1 c2) ^ c1 ^ k0 and c1' = lo(M1 c2) are scalars; c2' = hi(M0 c0)
    # ^ c3 ^ k1 and c3' = lo(M0 c0) are the product's halves (its 32-bit words)
    p = c2 * _MUL[1]
    s0, s1 = ((p >> 32) ^ c1 ^ k0) & m32, p & m32
    prod = _halves(c0 * np.uint64(_MUL[0]))
    v2 = prod[:, _HI] ^ np.uint32(c3 ^ k1)
    k0, k1 = (k0 + _WEYL[0]) & m32, (k1 + _WEYL[1]) & m32
    # round 2: from (s0, v2) multiplied and (s1, v3) xored in
    p = s0 * _MUL[0]
    q = _halves(np.multiply(v2, np.uint64(_MUL[1]), dtype=np.uint64))
    mul_in = np.empty((2, n), np.uint32)
    xor_in = np.empty((2, n), np.uint32)
    np.bitwise_xor(q[:, _HI], np.uint32(s1 ^ k0), out=mul_in[0])
    np.bitwise_xor(prod[:, _LO], np.uint32(((p >> 32) ^ k1) & m32), out=mul_in[1])
    xor_in[0] = q[:, _LO]
    xor_in[1] = p & m32
    k0, k1 = (k0 + _WEYL[0]) & m32, (k1 + _WEYL[1]) & m32
    return _last_rounds_np(mul_in, xor_in, k0, k1, 8)


def _halves(words64: np.ndarray) -> np.ndarray:
    """uint64 values (shape S) as their uint32 words, a view of shape S + (2,)."""
    return words64.view(np.uint32).reshape(words64.shape + (2,))


def _last_rounds_np(mul_in: np.ndarray, xor_in: np.ndarray, k0: int, k1: int,
                    count: int) -> tuple:
    """NumPy's form of _last_rounds: lanes [c0, c2] (a contiguous 2 x n uint32 array,
    overwritten) and [c1, c3] (2 x n uint32) in uint32, the same bits, returned as lanes
    (block_lanes: the second a view of the last product).

    The ufuncs here run at the speed of memory, so their bytes count: only the product
    is 64-bit, and its halves are read where they lie (a uint32 view) rather than
    shifted and masked into new uint64 arrays. The low words of a round's product are
    the next round's xored lanes as they stand; two product buffers take turns."""
    n = mul_in.shape[1]
    keys = _round_keys(k0, k1, count)
    mul = np.array(_MUL, np.uint64).reshape(2, 1)
    prods = [np.empty((2, n), np.uint64) for _ in range(min(count, 2))]
    for r in range(count):
        prod = prods[r & 1]
        np.multiply(mul_in, mul, out=prod)
        half = _halves(prod)
        # new c0 = hi(M1 * c2) ^ c1 ^ k0, new c2 = hi(M0 * c0) ^ c3 ^ k1
        np.bitwise_xor(half[::-1, :, _HI], xor_in, out=mul_in)
        mul_in ^= keys[r]
        # new c1 = lo(M1 * c2), new c3 = lo(M0 * c0)
        xor_in = half[::-1, :, _LO]
    return mul_in, xor_in


def _interleaved(even: np.ndarray, odd: np.ndarray) -> np.ndarray:
    """Blocks' lanes (block_lanes) as the (n, 4) blocks."""
    out = np.empty((even.shape[1], 4), dtype=np.uint32)
    out[:, 0], out[:, 2] = even  # (lane by lane: a transposed copy runs 2 values a loop)
    out[:, 1], out[:, 3] = odd
    return out


def _split(b: np.ndarray) -> tuple:
    """(n, 4) blocks as their lanes (block_lanes), strided views."""
    return b[:, 0::2].T, b[:, 1::2].T


def block_lanes(key: int, counter: int, n: int, start: int = 0) -> tuple:
    """NumPy's blocks(np, key, counter, n, start) as two (2, n) uint32 arrays, each
    block's words 0 and 2, and its words 1 and 3 (rows may be strided views): the rounds'
    lanes as they stand, for elementwise consumers, without interleaving them."""
    key &= M64
    c = (counter + start) & M128
    low = c & 0xFFFFFFFF
    if _FEW < n <= _CHUNK and low + n <= 1 << 32:  # (one pass, no carry out of the lane)
        c0 = np.arange(low, low + n, dtype=np.uint64)
        return _run_rounds(key, c0, (c >> 32) & 0xFFFFFFFF, (c >> 64) & 0xFFFFFFFF, c >> 96)
    return _split(blocks(np, key, counter, n, start))


def lanes_at(key: int, counter: int, offsets: np.ndarray) -> tuple:
    """NumPy's blocks_at(np, key, counter, offsets) as lanes (block_lanes)."""
    n = offsets.shape[0]
    if _held(key) and _held(counter) and _FEW < n <= _CHUNK:
        key &= M64
        counter &= M128
        low = counter & 0xFFFFFFFF
        if low + int(offsets.max()) < 1 << 32:  # (no carry out of the lowest lane)
            return _run_rounds(key, offsets + np.uint64(low), (counter >> 32) & 0xFFFFFFFF,
                               (counter >> 64) & 0xFFFFFFFF, counter >> 96)
    return _split(blocks_at(np, key, counter, offsets))


def blocks(xp: Any, key: Any, counter: Any, n: int, start: int = 0) -> Any:
    """Blocks start ... start + n - 1 of the stream (key, counter): an (n, 4) uint32 array
    (key and counter ints, or on a device that device's arrays, as blocks_at takes them)."""
    if xp is not np:
        return _device_blocks(xp, key, counter, n, start=start)
    key &= M64
    first = (counter + start) & M128
    if n <= _FEW:
        return np.array([block(key, first + i) for i in range(n)], np.uint32).reshape(n, 4)

    def one(i: int) -> np.ndarray:
        m = min(_CHUNK, n - i)
        c = (first + i) & M128
        low = c & 0xFFFFFFFF
        if low + m <= 1 << 32:  # (no carry out of the lowest lane)
            c0 = np.arange(low, low + m, dtype=np.uint64)
            return _interleaved(*_run_rounds(key, c0, (c >> 32) & 0xFFFFFFFF,
                                             (c >> 64) & 0xFFFFFFFF, c >> 96))
        return _rounds(key, *_lanes(c, np.arange(m, dtype=np.uint64)))
    if n <= _CHUNK:
        return one(0)
    out = np.empty((n, 4), dtype=np.uint32)

    def fill(i: int) -> None:  # (independent stretches: the backend may run them side by side)
        out[i:i + _CHUNK] = one(i)
    starts = range(0, n, _CHUNK)
    run_blocks(np, fill, starts, lanes(np, n * _BLOCK_COST, len(starts)))
    return out


def blocks_at(xp: Any, key: Any, counter: Any, offsets: Any) -> Any:
    """The blocks at counter + offsets (a uint64 array): an (offsets.size, 4) uint32 array.
    On a device, `key` and `counter` may be that device's arrays (a 0-d uint64 key, a (2,)
    uint64 counter of (low, high) words), read there: a stateful op's state."""
    if xp is not np:
        return _device_blocks(xp, key, counter, offsets.shape[0], offsets=offsets)
    key &= M64
    counter &= M128
    n = offsets.shape[0]
    if n <= _FEW:
        return np.array([block(key, counter + int(o)) for o in offsets.tolist()],
                        np.uint32).reshape(n, 4)

    def one(offs: Any) -> Any:
        if offs.size:
            low = counter & 0xFFFFFFFF
            if low + int(offs.max()) < 1 << 32:  # (no carry out of the lowest lane)
                return _interleaved(*_run_rounds(
                    key, offs + np.uint64(low), (counter >> 32) & 0xFFFFFFFF,
                    (counter >> 64) & 0xFFFFFFFF, counter >> 96))
        c0, c1, c2, c3 = _lanes(counter, offs)
        if offs.size and all((c == c[0]).all() for c in (c1, c2, c3)):
            return _interleaved(*_run_rounds(key, c0, int(c1[0]), int(c2[0]), int(c3[0])))
        return _rounds(key, c0, c1, c2, c3)
    if n <= _CHUNK:
        return one(offsets)
    out = xp.empty((n, 4), dtype=xp.uint32)

    def fill(i: int) -> None:  # (independent stretches: the backend may run them side by side)
        out[i:i + _CHUNK] = one(offsets[i:i + _CHUNK])
    starts = range(0, n, _CHUNK)
    run_blocks(xp, fill, starts, lanes(xp, n * _BLOCK_COST, len(starts)))
    return out


def _cuda_rounds() -> str:
    """The ten rounds in CUDA C over lanes c0..c3 (unsigned int) and key words k0, k1:
    the same products, xors and key schedule as block() (64-bit products' halves)."""
    step = (f"p0 = (unsigned long long)c0 * {_MUL[0]:#x}u; "
            f"p1 = (unsigned long long)c2 * {_MUL[1]:#x}u; "
            "c0 = (unsigned int)(p1 >> 32) ^ c1 ^ k0; c2 = (unsigned int)(p0 >> 32) ^ c3 ^ k1; "
            "c1 = (unsigned int)p1; c3 = (unsigned int)p0;")
    bump = f"k0 += {_WEYL[0]:#x}u; k1 += {_WEYL[1]:#x}u;"
    return "\n".join([step] + [bump + " " + step] * 9)


# The kernel's ending that writes block i's words (c0..c3) as they are.
WORDS_OUT = ("raw uint32 out", "",
             "out[4 * i] = c0; out[4 * i + 1] = c1; out[4 * i + 2] = c2; out[4 * i + 3] = c3;",
             "eagerflow_philox")


@functools.cache
def cuda_source(held: bool, indexed: bool, ending: tuple) -> tuple:
    """(in_params, out_params, body, name) of the kernel computing block `o` of the
    stream into lanes c0..c3, then running `ending`: (out_params, its extra in_params,
    its C, the kernel's name). `held`: the key and counter's (low, high) words are
    scalars, else a device's raw arrays (a stateful op's state, read there); `indexed`:
    the block is at offset off (an array of offsets), else at start + i."""
    out_params, extra, tail, name = ending
    where = "uint64 off" if indexed else "uint64 start"
    params = f"uint64 key, uint64 lo, uint64 hi, {where}" if held else \
        f"raw uint64 key, raw uint64 ctr, {where}"
    k, lo, hi = ("key", "lo", "hi") if held else ("key[0]", "ctr[0]", "ctr[1]")
    body = (f"unsigned long long o = {'off' if indexed else 'start + i'};\n"
            f"unsigned long long k = {k};\n"
            f"unsigned long long c_lo = {lo} + o;\n"
            f"unsigned long long c_hi = {hi} + (c_lo < o ? 1ull : 0ull);\n"
            "unsigned int c0 = (unsigned int)c_lo; unsigned int c1 = (unsigned int)(c_lo >> 32);\n"
            "unsigned int c2 = (unsigned int)c_hi; unsigned int c3 = (unsigned int)(c_hi >> 32);\n"
            "unsigned int k0 = (unsigned int)k; unsigned int k1 = (unsigned int)(k >> 32);\n"
            "unsigned long long p0 = 0; unsigned long long p1 = 0;\n" + _cuda_rounds() +
            "\n" + tail)
    return params + (", " + extra if extra else ""), out_params, body, name


def _device_blocks(xp: Any, key: Any, counter: Any, n: int, start: int = 0,
                   offsets: Any = None) -> Any:
    """blocks / blocks_at on a device: one launch (an (n, 4) uint32 array of xp)."""
    out = xp.empty((n, 4), dtype=xp.uint32)
    launch(xp, key, counter, n, WORDS_OUT, (), out, start, offsets)
    return out


def launch(xp: Any, key: Any, counter: Any, blocks_: int, ending: tuple, args: tuple,
           out: Any, start: int = 0, offsets: Any = None) -> None:
    """Runs the kernel of `ending` (cuda_source) over `blocks_` blocks of the stream
    (key, counter) from `start`, or at `offsets`, its extra arguments `args`, into
    `out`: one launch."""
    if not blocks_:
        return
    held = _held(key) and _held(counter)
    if held:
        counter &= M128
        state = (np.uint64(key & M64), np.uint64(counter & M64), np.uint64(counter >> 64))
    else:  # (a stateful op's state on the device: its key and counter read there, as
        # 1-D raw arrays: CuPy indexes a raw array by a flat index through its shape)
        state = tuple(v.reshape(-1) if not _held(v) else xp.asarray(np.array(
            [v & M64, (v >> 64) & M64] if v is counter else [v & M64], np.uint64))
            for v in (key, counter))
    kernel = elementwise_kernel(xp, *cuda_source(held, offsets is not None, ending))
    if offsets is None:
        kernel(*state, np.uint64(start), *args, out, size=blocks_)
    else:
        kernel(*state, offsets, *args, out)


def words(xp: Any, key: Any, counter: Any, n: int) -> Any:
    """The first n 32-bit words of the stream (key, counter), in order."""
    return blocks(xp, key, counter, -(-n // 4)).reshape(-1)[:n]


def block(key: int, counter: int) -> tuple:
    """One block as four Python ints (for seed scrambling and plain-Python callers),
    computed on Python ints: a tenth of the time of ten rounds of array operations."""
    m32 = 0xFFFFFFFF
    key &= M64
    counter &= M128
    c0, c1, c2, c3 = counter & m32, (counter >> 32) & m32, (counter >> 64) & m32, counter >> 96
    k0, k1 = key & m32, key >> 32
    for _ in range(10):
        p0, p1 = _MUL[0] * c0, _MUL[1] * c2
        c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & m32, (p0 >> 32) ^ c3 ^ k1, p0 & m32
        k0, k1 = (k0 + _WEYL[0]) & m32, (k1 + _WEYL[1]) & m32
    return c0, c1, c2, c3


def scramble_seed(s0: int, s1: int) -> tuple:
    """TF's stateless (key, counter) for a seed [s0, s1] (StatelessRandomGetKeyCounter).

    The seed words, sign-extended to 64 bits, form a counter that one Philox block under a
    fixed key mixes; the block's first two words are the key, its last two the high half of
    the counter, whose low half is zero. A weak seed thus still gives a strong stream."""
    w = block(_SCRAMBLE_KEY, (s0 & M64) | ((s1 & M64) << 64))
    return w[0] | (w[1] << 32), (w[2] | (w[3] << 32)) << 64


def stateful_start(seed: int, seed2: int) -> tuple:
    """(key, counter) of a stateful op's stream for its (seed, seed2) attrs."""
    return seed & M64, (seed2 & M64) << 64
