"""FlatBuffers, the wire format of .tflite files: a bounds-checked reader and a builder.

Only what TFLite's schema uses: tables (a vtable of field offsets per object), scalars,
strings, vectors of scalars and of tables, and unions (a type byte beside a table). The
reader never trusts an offset: every read is checked against the buffer, so a corrupt
file raises `FlatbufferError` instead of reading out of bounds or looping.
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np


class FlatbufferError(ValueError):
    """The bytes are not a well-formed flatbuffer."""


_U32 = struct.Struct("<I")
_I32 = struct.Struct("<i")
_U16 = struct.Struct("<H")


class Table:
    """One table of a flatbuffer: fields read by slot number (the n-th field of the
    schema's table), absent fields giving their schema default."""

    __slots__ = ("buf", "pos", "_vt", "_vt_len")

    def __init__(self, buf: bytes, pos: int) -> None:
        self.buf = buf
        n = len(buf)
        if pos < 0 or pos + 4 > n:
            raise FlatbufferError("table out of range")
        vt = pos - _I32.unpack_from(buf, pos)[0]
        if vt < 0 or vt + 4 > n:
            raise FlatbufferError("vtable out of range")
        vt_len = _U16.unpack_from(buf, vt)[0]
        if vt_len < 4 or vt_len & 1 or vt + vt_len > n:
            raise FlatbufferError("bad vtable")
        self.pos = pos
        self._vt = vt
        self._vt_len = vt_len

    def _field(self, slot: int, size: int) -> int:
        """The absolute position of field `slot` (0 if absent), checked to hold `size` bytes."""
        o = 4 + 2 * slot
        if o >= self._vt_len:
            return 0
        off = _U16.unpack_from(self.buf, self._vt + o)[0]
        if off == 0:
            return 0
        p = self.pos + off
        if p + size > len(self.buf):
            raise FlatbufferError("field out of range")
        return p

    def scalar(self, slot: int, fmt: str, default: Any = 0) -> Any:
        size = struct.calcsize("<" + fmt)
        p = self._field(slot, size)
        return default if p == 0 else struct.unpack_from("<" + fmt, self.buf, p)[0]

    def _deref(self, slot: int) -> int:
        p = self._field(slot, 4)
        if p == 0:
            return 0
        return p + _U32.unpack_from(self.buf, p)[0]

    def table(self, slot: int) -> Table | None:
        p = self._deref(slot)
        return None if p == 0 else Table(self.buf, p)

    def _vector(self, slot: int, elem: int) -> tuple[int, int] | None:
        p = self._deref(slot)
        if p == 0:
            return None
        if p + 4 > len(self.buf):
            raise FlatbufferError("vector out of range")
        length = _U32.unpack_from(self.buf, p)[0]
        if p + 4 + length * elem > len(self.buf):
            raise FlatbufferError("vector out of range")
        return p + 4, length

    def string(self, slot: int) -> str | None:
        v = self._vector(slot, 1)
        if v is None:
            return None
        start, length = v
        try:
            return bytes(self.buf[start:start + length]).decode("utf-8")
        except UnicodeDecodeError:
            raise FlatbufferError("string is not UTF-8") from None

    def array(self, slot: int, dtype: str) -> np.ndarray | None:
        """A vector of scalars as a read-only NumPy array (no copy)."""
        dt = np.dtype(dtype).newbyteorder("<")
        v = self._vector(slot, dt.itemsize)
        if v is None:
            return None
        start, length = v
        return np.frombuffer(self.buf, dt, length, start)

    def tables(self, slot: int) -> list[Table]:
        v = self._vector(slot, 4)
        if v is None:
            return []
        start, length = v
        return [Table(self.buf, start + 4 * i + _U32.unpack_from(self.buf, start + 4 * i)[0])
                for i in range(length)]


def root(buf: bytes) -> Table:
    if len(buf) < 8:
        raise FlatbufferError("buffer too short")
    return Table(buf, _U32.unpack_from(buf, 0)[0])


# -- building ---------------------------------------------------------------------------
# A value tree to serialise: T(fields) is a table whose fields are {slot: value}; values
# are Scalar(fmt, v), Str(s), Vec(ndarray of scalars, align), or TVec([T, ...]), or a T.


class Scalar:
    __slots__ = ("fmt", "value")

    def __init__(self, fmt: str, value: Any) -> None:
        self.fmt = fmt
        self.value = value


class Vec:
    __slots__ = ("data", "align")

    def __init__(self, data: Any, dtype: str | None = None, align: int = 4) -> None:
        self.data = np.ascontiguousarray(np.asarray(data, dtype=dtype)).astype(
            np.asarray(data, dtype=dtype).dtype.newbyteorder("<"), copy=False)
        self.align = max(align, self.data.dtype.itemsize, 4)


class Str:
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class TVec:
    __slots__ = ("items",)

    def __init__(self, items: list) -> None:
        self.items = items


class T:
    __slots__ = ("fields",)

    def __init__(self, fields: dict) -> None:
        self.fields = {k: v for k, v in fields.items() if v is not None}


class Builder:
    """Serialises a value tree front to back: each object is written after the one that
    refers to it, so every uoffset points forward, as the format requires."""

    def __init__(self) -> None:
        self.out = bytearray()

    def _pad(self, align: int, extra: int = 0) -> None:
        """Pads so that position + extra is a multiple of align."""
        self.out.extend(b"\0" * ((-(len(self.out) + extra)) % align))

    def _patch(self, at: int, target: int) -> None:
        _U32.pack_into(self.out, at, target - at)

    def _write(self, value: Any) -> int:
        """Writes `value` (not a scalar) and returns its position."""
        if isinstance(value, Str):
            data = value.text.encode("utf-8")
            self._pad(4)
            pos = len(self.out)
            self.out += _U32.pack(len(data)) + data + b"\0"
            return pos
        if isinstance(value, Vec):
            self._pad(value.align, 4)
            pos = len(self.out)
            self.out += _U32.pack(value.data.size) + value.data.tobytes()
            return pos
        if isinstance(value, TVec):
            self._pad(4)
            pos = len(self.out)
            self.out += _U32.pack(len(value.items)) + bytes(4 * len(value.items))
            for i, item in enumerate(value.items):
                self._patch(pos + 4 + 4 * i, self._write(item))
            return pos
        return self._table(value)

    def _table(self, t: T) -> int:
        slots = sorted(t.fields)
        nslots = slots[-1] + 1 if slots else 0
        # The vtable first, then the table (its soffset points back to the vtable).
        layout = []  # (slot, size, fmt or None for an offset)
        for s in slots:
            v = t.fields[s]
            if isinstance(v, Scalar):
                layout.append((s, struct.calcsize("<" + v.fmt), v.fmt))
            else:
                layout.append((s, 4, None))
        # Place the fields largest first after the 4-byte soffset, each aligned.
        layout.sort(key=lambda e: -e[1])
        offsets = {}
        size = 4
        for s, sz, _ in layout:
            size += (-size) % sz
            offsets[s] = size
            size += sz
        align = max([8 if sz == 8 else 4 for _, sz, _ in layout] or [4])
        size += (-size) % 4
        self._pad(2)
        vt = len(self.out)
        vt_bytes = struct.pack(f"<{2 + nslots}H", 4 + 2 * nslots, size,
                               *[offsets.get(i, 0) for i in range(nslots)])
        self.out += vt_bytes
        self._pad(align)
        pos = len(self.out)
        self.out += bytes(size)
        _I32.pack_into(self.out, pos, pos - vt)
        children = []
        for s, _, fmt in layout:
            v = t.fields[s]
            if fmt is not None:
                struct.pack_into("<" + fmt, self.out, pos + offsets[s], v.value)
            else:
                children.append((pos + offsets[s], v))
        for at, v in children:
            self._patch(at, self._write(v))
        return pos

    def finish(self, root_table: T, identifier: bytes) -> bytes:
        self.out = bytearray(8)
        self.out[4:8] = identifier
        self._patch(0, self._table(root_table))
        self._pad(16)
        return bytes(self.out)
