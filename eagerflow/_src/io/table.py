"""The sorted string table of a checkpoint's `.index` file (TF's lib/io/table format).

Sits under tensor_bundle.py. The format is LevelDB's SSTable as TensorFlow uses
it: data blocks of prefix-compressed sorted (key, value) entries with a restart
array, each followed by a one-byte compression type and a masked CRC32C; an empty
meta-index block; an index block mapping a separator key to each data block's
(offset, size) handle; and a 48-byte footer ending in a magic number. Blocks are
written uncompressed, as TensorFlow's bundle writer does, with TF's default block
size (256 KiB) and restart interval (16; 1 in the index block).

The reader checks every block checksum and every bound and raises DataLossError
naming the file on any inconsistency.
"""

from __future__ import annotations

import struct

from eagerflow._src.core.errors import DataLossError, UnimplementedError
from eagerflow._src.io import crc32c
from eagerflow._src.io.filesystems import uri

MAGIC = 0xDB4775248B80FB57
FOOTER_SIZE = 48  # two block handles padded to 2 * 20 bytes, then the 8-byte magic
BLOCK_SIZE = 256 * 1024
RESTART_INTERVAL = 16
NO_COMPRESSION = 0


def put_varint(out: bytearray, v: int) -> None:
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def get_varint(buf: bytes, pos: int, limit: int) -> tuple:
    """(value, new position); raises ValueError when the varint runs past `limit`."""
    result = 0
    shift = 0
    while True:
        if pos >= limit or shift > 63:
            raise ValueError("bad varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7


def shortest_separator(start: bytes, limit: bytes) -> bytes:
    """A short key k with start <= k < limit (bytewise), as LevelDB's comparator picks."""
    n = min(len(start), len(limit))
    i = 0
    while i < n and start[i] == limit[i]:
        i += 1
    if i < n:
        b = start[i]
        if b < 0xFF and b + 1 < limit[i]:
            return start[:i] + bytes([b + 1])
    return start


def short_successor(key: bytes) -> bytes:
    """A short key >= `key`: the first byte that can be incremented, incremented."""
    for i, b in enumerate(key):
        if b != 0xFF:
            return key[:i] + bytes([b + 1])
    return key


class _Block:
    def __init__(self, restart_interval: int) -> None:
        self.interval = restart_interval
        self.buf = bytearray()
        self.restarts = [0]
        self.counter = 0
        self.last = b""
        self.empty = True

    def add(self, key: bytes, value: bytes) -> None:
        shared = 0
        if self.counter < self.interval:
            n = min(len(self.last), len(key))
            while shared < n and self.last[shared] == key[shared]:
                shared += 1
        else:
            self.restarts.append(len(self.buf))
            self.counter = 0
        put_varint(self.buf, shared)
        put_varint(self.buf, len(key) - shared)
        put_varint(self.buf, len(value))
        self.buf += key[shared:]
        self.buf += value
        self.last = key
        self.counter += 1
        self.empty = False

    def size_estimate(self) -> int:
        return len(self.buf) + 4 * len(self.restarts) + 4

    def finish(self) -> bytes:
        out = bytearray(self.buf)
        for r in self.restarts:
            out += struct.pack("<I", r)
        out += struct.pack("<I", len(self.restarts))
        return bytes(out)


class TableWriter:
    """Builds the table in memory from keys added in strictly increasing order."""

    def __init__(self, block_size: int = BLOCK_SIZE) -> None:
        self._out = bytearray()
        self._block_size = block_size
        self._data = _Block(RESTART_INTERVAL)
        self._index = _Block(1)
        self._last = None
        self._pending = None  # handle of the data block whose index entry awaits the next key

    def add(self, key: bytes, value: bytes) -> None:
        if self._last is not None and key <= self._last:
            raise ValueError(f"table keys must be added in increasing order: {key!r} after "
                             f"{self._last!r}")
        if self._pending is not None:
            self._index.add(shortest_separator(self._last, key), self._pending)
            self._pending = None
        self._data.add(key, value)
        self._last = key
        if self._data.size_estimate() >= self._block_size:
            self._flush()

    def _write_block(self, block: _Block) -> bytes:
        contents = block.finish()
        handle = bytearray()
        put_varint(handle, len(self._out))
        put_varint(handle, len(contents))
        trailer = bytes([NO_COMPRESSION])
        crc = crc32c.mask(crc32c.extend(crc32c.value(contents), trailer))
        self._out += contents + trailer + struct.pack("<I", crc)
        return bytes(handle)

    def _flush(self) -> None:
        if self._data.empty:
            return
        self._pending = self._write_block(self._data)
        self._data = _Block(RESTART_INTERVAL)

    def finish(self) -> bytes:
        self._flush()
        meta_handle = self._write_block(_Block(RESTART_INTERVAL))
        if self._pending is not None:
            self._index.add(short_successor(self._last), self._pending)
            self._pending = None
        index_handle = self._write_block(self._index)
        footer = bytearray(meta_handle + index_handle)
        footer += b"\0" * (40 - len(footer))
        footer += struct.pack("<Q", MAGIC)
        self._out += footer
        return bytes(self._out)


def _corrupt(filename: str, what: str) -> DataLossError:
    return DataLossError(None, None, f"Unable to read checkpoint index file {uri(filename)}: "
                                     f"{what}. "
                                     "The file is truncated or corrupted.")


def _read_block(data: bytes, handle: bytes, filename: str) -> bytes:
    try:
        offset, pos = get_varint(handle, 0, len(handle))
        size, _ = get_varint(handle, pos, len(handle))
    except ValueError:
        raise _corrupt(filename, "bad block handle") from None
    end = offset + size
    if end + 5 > len(data):
        raise _corrupt(filename, "block extends past the end of the file")
    contents = data[offset:end]
    kind = data[end]
    (stored,) = struct.unpack_from("<I", data, end + 1)
    if crc32c.mask(crc32c.value(data[offset:end + 1])) != stored:
        raise _corrupt(filename, "block checksum mismatch")
    if kind != NO_COMPRESSION:
        raise UnimplementedError(None, None, f"{filename}: compressed table blocks (type {kind}) "
                                             "are not supported")
    return contents


def _entries(block: bytes, filename: str) -> list:
    n = len(block)
    if n < 4:
        raise _corrupt(filename, "block too short")
    (num_restarts,) = struct.unpack_from("<I", block, n - 4)
    limit = n - 4 - 4 * num_restarts
    if num_restarts < 1 or limit < 0:
        raise _corrupt(filename, "bad restart array")
    out = []
    pos = 0
    last = b""
    try:
        while pos < limit:
            shared, pos = get_varint(block, pos, limit)
            non_shared, pos = get_varint(block, pos, limit)
            vlen, pos = get_varint(block, pos, limit)
            if shared > len(last) or pos + non_shared + vlen > limit:
                raise ValueError
            key = last[:shared] + block[pos:pos + non_shared]
            pos += non_shared
            out.append((key, block[pos:pos + vlen]))
            pos += vlen
            last = key
    except ValueError:
        raise _corrupt(filename, "bad block entry") from None
    return out


def read_table(data: bytes, filename: str) -> dict:
    """All (key, value) pairs of a table image, in key order; DataLossError if damaged."""
    if len(data) < FOOTER_SIZE:
        raise _corrupt(filename, "file too short")
    footer = data[-FOOTER_SIZE:]
    (magic,) = struct.unpack_from("<Q", footer, 40)
    if magic != MAGIC:
        raise _corrupt(filename, "not an sstable (bad magic number)")
    try:
        _, pos = get_varint(footer, 0, 40)  # meta-index handle (offset, size): unused
        _, pos = get_varint(footer, pos, 40)
        istart = pos
        _, pos = get_varint(footer, pos, 40)
        _, pos = get_varint(footer, pos, 40)
    except ValueError:
        raise _corrupt(filename, "bad footer") from None
    body = data[:-FOOTER_SIZE]
    index = _entries(_read_block(body, footer[istart:pos], filename), filename)
    out: dict = {}
    last = None
    for sep, handle in index:
        for key, value in _entries(_read_block(body, handle, filename), filename):
            if (last is not None and key <= last) or key > sep:
                raise _corrupt(filename, "keys out of order")
            out[key] = value
            last = key
    return out
