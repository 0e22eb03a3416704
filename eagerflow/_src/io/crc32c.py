"""CRC-32C (Castagnoli) and TFRecord's masked form of it.

Bottom layer (no eagerflow imports). Uses the `google-crc32c` package (hardware
accelerated C) when installed; otherwise a table-driven pure-Python fallback that
processes 8 bytes per step ("slicing by 8"), with NumPy building the tables.
"""

from __future__ import annotations

import numpy as np

_POLY = 0x82F63B78  # reflected Castagnoli polynomial
_MASK_DELTA = 0xA282EAD8


def _make_tables() -> list:
    t0 = np.arange(256, dtype=np.uint32)
    for _ in range(8):
        t0 = np.where(t0 & 1, (t0 >> 1) ^ np.uint32(_POLY), t0 >> 1).astype(np.uint32)
    tables = [t0]
    for _ in range(7):
        prev = tables[-1]
        tables.append((prev >> 8) ^ t0[prev & 0xFF])
    return [t.tolist() for t in tables]


_TABLES: list = []


def _tables() -> list:
    if not _TABLES:
        _TABLES.extend(_make_tables())
    return _TABLES


def crc32c_python(data: bytes, crc: int = 0) -> int:
    """CRC-32C of `data`, continuing from `crc` (the value of the preceding bytes)."""
    t0, t1, t2, t3, t4, t5, t6, t7 = _tables()
    crc ^= 0xFFFFFFFF
    mv = memoryview(bytes(data))
    n = len(mv)
    head = n - n % 8
    if head:
        words = np.frombuffer(mv[:head], dtype="<u4").tolist()
        for i in range(0, len(words), 2):
            lo = words[i] ^ crc
            hi = words[i + 1]
            crc = (t7[lo & 0xFF] ^ t6[(lo >> 8) & 0xFF] ^ t5[(lo >> 16) & 0xFF] ^ t4[lo >> 24]
                   ^ t3[hi & 0xFF] ^ t2[(hi >> 8) & 0xFF] ^ t1[(hi >> 16) & 0xFF] ^ t0[hi >> 24])
    for b in mv[head:]:
        crc = t0[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


try:  # optional accelerated implementation
    import google_crc32c as _g

    def crc32c(data: bytes, crc: int = 0) -> int:
        """CRC-32C of `data`, continuing from `crc`."""
        if crc:
            return _g.extend(crc, bytes(data))
        return _g.value(bytes(data))

    IMPLEMENTATION = f"google-crc32c ({_g.implementation})"
except ImportError:  # pragma: no cover - depends on the environment
    crc32c = crc32c_python
    IMPLEMENTATION = "python"


def mask(crc: int) -> int:
    """TFRecord's masked CRC: rotate right by 15 bits and add a constant (mod 2**32)."""
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + _MASK_DELTA) & 0xFFFFFFFF


def unmask(masked: int) -> int:
    rot = (masked - _MASK_DELTA) & 0xFFFFFFFF
    return ((rot >> 17) | (rot << 15)) & 0xFFFFFFFF


def masked_crc32c(data: bytes) -> int:
    return mask(crc32c(data))
