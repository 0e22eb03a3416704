"""The keys under which a tensor bundle stores the slices of a partitioned tensor.

io layer, under tensor_bundle.py. A sliced tensor's index entry lists its slices; each
slice's bytes are a bundle entry of its own, keyed by TF's EncodeTensorNameSlice: the
tensor's name and the slice's extents in TF's order-preserving "OrderedCode" encoding
(a 0 as a length-prefixed unsigned number, the name with its 0x00/0xff bytes escaped and
0x00 0x01 after it, the rank, then each dimension's start and length as signed numbers
whose first byte's leading bits count the bytes that follow).
"""

from __future__ import annotations

from typing import Sequence

# The bits that mark a signed number's length in its first two bytes, by length.
_SIGNED_HEADER = [(0x00, 0x00), (0x80, 0x00), (0xC0, 0x00), (0xE0, 0x00), (0xF0, 0x00),
                  (0xF8, 0x00), (0xFC, 0x00), (0xFE, 0x00), (0xFF, 0x00), (0xFF, 0x80),
                  (0xFF, 0xC0)]


def num_increasing(value: int) -> bytes:
    """An unsigned number: its length in bytes, then its big-endian bytes (0: one 0x00)."""
    body = value.to_bytes((value.bit_length() + 7) // 8, "big") if value else b""
    return bytes([len(body)]) + body


def _escape(text: bytes) -> bytes:
    out = bytearray()
    for b in text:
        out += b"\x00\xff" if b == 0 else b"\xff\x00" if b == 0xFF else bytes([b])
    return bytes(out)


def signed_num_increasing(value: int) -> bytes:
    """A signed number in 1 to 10 bytes: n bytes hold [-2**(7n-1), 2**(7n-1))."""
    magnitude = ~value if value < 0 else value
    length = max(1, -(-(magnitude.bit_length() + 1) // 7))
    if length == 1:
        return bytes([(0x80 ^ value) & 0xFF])
    raw = bytearray((value & ((1 << 80) - 1)).to_bytes(10, "big")[-length:])
    raw[0] ^= _SIGNED_HEADER[length][0]
    raw[1] ^= _SIGNED_HEADER[length][1]
    return bytes(raw)


def tensor_name_slice(name: str, extents: Sequence[tuple]) -> bytes:
    """The bundle key of the slice of tensor `name` with (start, length) `extents`
    (length -1: the whole dimension)."""
    out = num_increasing(0) + _escape(name.encode("utf-8")) + b"\x00\x01" + \
        num_increasing(len(extents))
    for start, length in extents:
        out += signed_num_increasing(start) + signed_num_increasing(length)
    return out
