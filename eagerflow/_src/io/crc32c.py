"""CRC-32C (Castagnoli) and TF's masked form of it: the checksums of TFRecord framing,
checkpoint bundles and tables (train/), and event files (summary/).

Bottom of io/ (no eagerflow imports). Uses google-crc32c (C) when it is installed;
otherwise a NumPy implementation that runs many independent lanes of the byte-wise
table algorithm at once and folds the lane results together with the linear "append n
zero bytes" operator, so large tensors are checksummed at NumPy speed rather than one
Python step per byte.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:  # pragma: no cover - depends on the environment
    import google_crc32c as _g

    if getattr(_g, "implementation", "c") != "c":
        _g = None
except ImportError:  # pragma: no cover
    _g = None

_POLY = 0x82F63B78  # reflected Castagnoli polynomial
_MASK_DELTA = 0xA282EAD8


def _make_table() -> list:
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ _POLY if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _make_table()
_TABLE_NP = np.array(_TABLE, dtype=np.uint32)
_SMALL = 4096  # below this many bytes the plain loop is cheaper than setting up lanes


def _raw_loop(reg: int, data: Any) -> int:
    t = _TABLE
    for b in data:
        reg = t[(reg ^ b) & 0xFF] ^ (reg >> 8)
    return reg


def _apply(cols: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Applies the GF(2)-linear map with columns `cols` (cols[j] = map(1 << j)) to x."""
    out = np.zeros_like(x)
    for j in range(32):
        out ^= ((x >> np.uint32(j)) & np.uint32(1)) * cols[j]
    return out


def _zeros_operator(nbytes: int) -> np.ndarray:
    """Columns of the map 'feed nbytes zero bytes into the raw register'."""
    basis = np.array([1 << j for j in range(32)], dtype=np.uint32)
    one = _TABLE_NP[basis & np.uint32(0xFF)] ^ (basis >> np.uint32(8))  # one zero byte
    result = basis.copy()  # identity
    power = one
    n = nbytes
    while n:
        if n & 1:
            result = _apply(power, result)
        n >>= 1
        if n:
            power = _apply(power, power)
    return result


_ZCACHE: dict = {}


def _raw_lanes(buf: np.ndarray) -> int:
    """Raw register (initial state 0) after feeding `buf` (uint8), computed lane-parallel."""
    n = buf.size
    lanes = 1 << max(4, min(14, (n // 1024).bit_length()))
    length = -(-n // lanes)
    total = lanes * length
    if total != n:  # leading zero bytes leave a zero register unchanged
        buf = np.concatenate([np.zeros(total - n, np.uint8), buf])
    rows = buf.reshape(lanes, length).T.copy()  # rows[i] = byte i of every lane
    reg = np.zeros(lanes, dtype=np.uint32)
    t = _TABLE_NP
    ff = np.uint32(0xFF)
    eight = np.uint32(8)
    for i in range(length):
        reg = t[(reg ^ rows[i]) & ff] ^ (reg >> eight)
    seg = length
    while reg.size > 1:
        cols = _ZCACHE.get(seg)
        if cols is None:
            cols = _ZCACHE[seg] = _zeros_operator(seg)
        reg = _apply(cols, reg[0::2]) ^ reg[1::2]
        seg *= 2
    return int(reg[0])


def _as_u8(data: Any) -> np.ndarray:
    if isinstance(data, np.ndarray):
        return np.frombuffer(np.ascontiguousarray(data).tobytes(), np.uint8) \
            if data.dtype != np.uint8 or not data.flags.c_contiguous else data.reshape(-1)
    return np.frombuffer(memoryview(data).cast("B"), np.uint8)


def extend(crc: int, data: Any) -> int:
    """CRC32C of (the bytes whose CRC32C is `crc`) followed by `data`."""
    if _g is not None:
        return _g.extend(crc, bytes(data) if not isinstance(data, (bytes, bytearray)) else data)
    mv = memoryview(data).cast("B") if not isinstance(data, (bytes, bytearray)) else data
    state = crc ^ 0xFFFFFFFF
    if len(mv) < _SMALL:
        return _raw_loop(state, mv) ^ 0xFFFFFFFF
    buf = _as_u8(data).copy()
    # A non-zero starting register equals XOR-ing it into the first four message bytes.
    buf[:4] ^= np.frombuffer(state.to_bytes(4, "little"), np.uint8)
    return _raw_lanes(buf) ^ 0xFFFFFFFF


def value(data: Any) -> int:
    return extend(0, data)


def mask(crc: int) -> int:
    """TF's masked CRC: rotate right by 15 and add a constant (so CRCs of CRCs differ)."""
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + _MASK_DELTA) & 0xFFFFFFFF


def unmask(masked: int) -> int:
    rot = (masked - _MASK_DELTA) & 0xFFFFFFFF
    return ((rot >> 17) | (rot << 15)) & 0xFFFFFFFF


def masked_value(data: Any) -> int:
    return mask(value(data))
