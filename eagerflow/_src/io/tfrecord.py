"""TFRecord files: TF's record framing, uncompressed or GZIP/ZLIB (or SNAPPY) compressed.

Bottom layer (no ops): used by tf.io.TFRecordWriter, tf.data.TFRecordDataset and
the file cache of tf.data. Each record is

    uint64 length (little endian) | uint32 masked_crc32c(length bytes)
    | data[length] | uint32 masked_crc32c(data)

A corrupted length or data checksum raises DataLossError naming the offset of the
record and the file; a record cut short by the end of the file raises
DataLossError ("truncated record"), while a file that ends inside a record's
12-byte header ends the stream, as in TF. A GZIP/ZLIB stream cut short gives what it
decompressed to the same framing (as TF's reader: the records before the cut, a
"truncated record" inside one); one from which nothing decompresses is refused.

SNAPPY is TF's stream of snappy blocks (io/snappy.py): tf.data snapshots use it, while
tf.io's public readers and writers refuse it as TF's do.

Writers write to a temporary file in the same folder and rename it over the
target on close (flushed and fsynced first), so a reader never sees a half-written
file under the final name.
"""

from __future__ import annotations

import os
import struct
import tempfile
import zlib
from collections.abc import Iterator
from typing import Any, BinaryIO

from eagerflow._src.core.errors import DataLossError, FailedPreconditionError, InvalidArgumentError
from eagerflow._src.io import crc32c, snappy
from eagerflow._src.io.file_errors import local_path, os_error
from eagerflow._src.io.filesystems import make_parent

_HEADER = struct.Struct("<QI")
_FOOTER = struct.Struct("<I")
_CHUNK = 256 * 1024


class TFRecordCompressionType:
    NONE = 0
    ZLIB = 1
    GZIP = 2


def compression_name(value: Any) -> str:
    """'' / 'ZLIB' / 'GZIP' from a string, TFRecordOptions or compression enum."""
    if value is None:
        return ""
    if isinstance(value, TFRecordOptions):
        return value.compression_type
    if isinstance(value, bytes):
        value = value.decode()
    if isinstance(value, int) and not isinstance(value, bool):
        return {0: "", 1: "ZLIB", 2: "GZIP"}.get(value, "?")
    if hasattr(value, "numpy"):
        return compression_name(value.numpy())
    if isinstance(value, str) and value in ("", "ZLIB", "GZIP"):
        return value
    raise InvalidArgumentError(None, None, f'Not a valid compression_type: "{value}". Valid types '
                               "are '', 'ZLIB' and 'GZIP'.")


KNOWN = ("", "ZLIB", "GZIP")


def dataset_compression(value: Any) -> str:
    """A reader dataset's `compression_type` as its op receives it: None is '', a string
    (or string tensor) is passed on as it is, so that each reader treats a name it does not
    know as TF's does; anything else is refused as TF's string attr refuses it."""
    if value is None:
        return ""
    if hasattr(value, "numpy"):
        value = value.numpy()
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if not isinstance(value, str):
        raise TypeError(f"Expected string, but got {value!r} of type '{type(value).__name__}'.")
    return str(value)


class TFRecordOptions:
    """`tf.io.TFRecordOptions(compression_type=None, compression_level=None, ...)`."""

    compression_type_map = {TFRecordCompressionType.ZLIB: "ZLIB",
                            TFRecordCompressionType.GZIP: "GZIP",
                            TFRecordCompressionType.NONE: ""}

    def __init__(self, compression_type: Any = None, flush_mode: Any = None,
                 input_buffer_size: Any = None, output_buffer_size: Any = None,
                 window_bits: Any = None, compression_level: Any = None,
                 compression_method: Any = None, mem_level: Any = None,
                 compression_strategy: Any = None) -> None:
        try:
            self.compression_type = "" if compression_type is None else compression_name(
                compression_type)
        except InvalidArgumentError:
            raise ValueError(f'Not a valid compression_type: "{compression_type}"') from None
        self.flush_mode = flush_mode
        self.input_buffer_size = input_buffer_size
        self.output_buffer_size = output_buffer_size
        self.window_bits = window_bits
        self.compression_level = compression_level
        self.compression_method = compression_method
        self.mem_level = mem_level
        self.compression_strategy = compression_strategy

    @classmethod
    def get_compression_type_string(cls, options: Any) -> str:
        return compression_name(options)


def _wbits(compression: str, window_bits: int | None = None) -> int:
    w = window_bits or zlib.MAX_WBITS
    return w + 16 if compression == "GZIP" else w


# ---------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------

def frame(record: bytes) -> bytes:
    """One record in TFRecord framing."""
    header = struct.pack("<Q", len(record))
    return b"".join((header, _FOOTER.pack(crc32c.masked_value(header)), record,
                     _FOOTER.pack(crc32c.masked_value(record))))


class AtomicFile:
    """A binary file written under a temporary name and renamed into place on commit."""

    def __init__(self, path: str) -> None:
        self.path = path
        folder = os.path.dirname(os.path.abspath(path))
        try:
            make_parent(path)
            fd, self.tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".tmp", dir=folder)
        except OSError as e:
            raise os_error(e, path) from None
        self.f: BinaryIO | None = os.fdopen(fd, "wb")

    def write(self, data: bytes) -> None:
        self.f.write(data)

    def flush(self) -> None:
        self.f.flush()

    def commit(self) -> None:
        f, self.f = self.f, None
        if f is None:
            return
        f.flush()
        os.fsync(f.fileno())
        f.close()
        os.replace(self.tmp, self.path)

    def discard(self) -> None:
        f, self.f = self.f, None
        if f is not None:
            f.close()
            try:
                os.unlink(self.tmp)
            except OSError:
                pass


def write_atomic(path: str, data: bytes) -> None:
    """`data` as the file `path`: written under a temporary name, synced, renamed into
    place (the old file, if any, stays whole until then)."""
    f = AtomicFile(path)
    try:
        f.write(data)
        f.commit()
    except BaseException:
        f.discard()
        raise


class RecordWriter:
    """Writes framed records to `path` (committed atomically on close)."""

    def __init__(self, path: str, options: Any = None) -> None:
        # "SNAPPY": tf.data's snapshot files only (tf.io's options refuse it, as TF's do)
        snappy_stream = options == "SNAPPY"
        opts = TFRecordOptions() if snappy_stream else (
            options if isinstance(options, TFRecordOptions) else TFRecordOptions(options))
        self._compression = "SNAPPY" if snappy_stream else opts.compression_type
        self._path = path
        self._file = AtomicFile(path)
        self._z = None
        self._pending: list | None = [] if snappy_stream else None
        self._pending_size = 0
        if self._compression and not snappy_stream:
            level = opts.compression_level
            self._z = zlib.compressobj(-1 if level is None else int(level), zlib.DEFLATED,
                                       _wbits(self._compression, opts.window_bits))

    @property
    def closed(self) -> bool:
        return self._file.f is None

    def write(self, record: bytes) -> None:
        if self.closed:
            raise ValueError("Writer is closed.")
        data = frame(record)
        if self._pending is not None:
            self._pending.append(data)
            self._pending_size += len(data)
            if self._pending_size >= snappy.BLOCK:
                self._write_blocks(final=False)
            return
        if self._z is not None:
            data = self._z.compress(data)
        if data:
            self._file.write(data)

    def _write_blocks(self, final: bool) -> None:
        """Compresses the pending bytes as snappy blocks of BLOCK bytes (the rest too when
        `final`, else it waits for more)."""
        data = b"".join(self._pending)
        cut = len(data) if final else len(data) - len(data) % snappy.BLOCK
        for i in range(0, cut, snappy.BLOCK):
            self._file.write(snappy.frame_block(data[i:i + snappy.BLOCK]))
        self._pending = [data[cut:]] if cut < len(data) else []
        self._pending_size = len(data) - cut

    def flush(self) -> None:
        if self.closed:
            raise ValueError("Writer is closed.")
        if self._pending:
            self._write_blocks(final=True)
        if self._z is not None:
            self._file.write(self._z.flush(zlib.Z_SYNC_FLUSH))
        self._file.flush()

    def close(self) -> None:
        if self.closed:
            return
        if self._pending:
            self._write_blocks(final=True)
        if self._z is not None:
            self._file.write(self._z.flush(zlib.Z_FINISH))
            self._z = None
        self._file.commit()

    def discard(self) -> None:
        self._file.discard()


# ---------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------

class _Inflater:
    """A read(n) interface over a zlib/gzip compressed file."""

    def __init__(self, f: BinaryIO, compression: str, path: str) -> None:
        self._f = f
        self._wbits = _wbits(compression)
        self._d = zlib.decompressobj(self._wbits)
        self._buf = bytearray()
        self._eof = False
        self._path = path
        self._seen = 0  # compressed bytes read so far
        self._out = 0  # bytes decompressed so far

    def _fill(self, n: int) -> None:
        while len(self._buf) < n and not self._eof:
            chunk = self._f.read(_CHUNK)
            try:
                if not chunk:
                    self._buf += self._d.flush()
                    self._eof = True
                    if self._seen and not self._d.eof and not self._out:
                        # nothing could be decompressed from the file (a damaged header):
                        # TF reads no records and says nothing; refused here, naming the file
                        raise DataLossError(None, None, f"inflate() failed: unexpected end of "
                                            f"the compressed stream (file: {self._path})")
                    # A file cut short inside the stream (a writer that never closed it)
                    # yields what was decompressed, as TF's; the record framing decides.
                    break
                self._seen += len(chunk)
                out = self._d.decompress(chunk)
                self._out += len(out)
                self._buf += out
                while self._d.eof and self._d.unused_data:  # concatenated gzip members
                    rest = self._d.unused_data
                    self._d = zlib.decompressobj(self._wbits)
                    self._buf += self._d.decompress(rest)
            except zlib.error as e:
                msg = str(e)
                code = msg.split("Error ")[1].split(" ")[0] if "Error " in msg else "-3"
                detail = msg.split(": ", 1)[1] if ": " in msg else msg
                # (TF's message names no file)
                raise DataLossError(None, None, f"inflate() failed with error {code}: "
                                                f"{detail}") from None

    def read(self, n: int) -> bytes:
        self._fill(n)
        out = bytes(self._buf[:n])
        del self._buf[:n]
        return out

    def close(self) -> None:
        self._f.close()


_MAX_BUFFER = 1 << 24


class RecordReader:
    """Iterates over the records of one file; `close()` releases the file."""

    def __init__(self, path: str, compression: str = "", buffer_size: int | None = None,
                 op: str | None = None) -> None:
        self.path = path
        try:
            # (a buffer is allocated whole: a size past any record's is capped)
            f = open(path, "rb",  # noqa: SIM115 - closed later
                     buffering=min(buffer_size or _CHUNK, _MAX_BUFFER))
        except OSError as e:
            raise os_error(e, path, op) from None
        if compression == "SNAPPY":
            self._src: Any = snappy.SnappyReader(f, path)
        else:
            self._src = _Inflater(f, compression, path) if compression else f
        # Uncompressed: a length field larger than the rest of the file is refused before
        # anything is allocated for it.
        self._size = None if compression else os.fstat(f.fileno()).st_size
        self.offset = 0

    def read_record(self) -> bytes | None:
        """The next record, or None at the end of the file."""
        src = self._src
        if src is None:
            return None
        start = self.offset
        header = src.read(12)
        if len(header) < 12:
            self.close()
            return None
        length, length_crc = _HEADER.unpack(header)
        if crc32c.masked_value(header[:8]) != length_crc:
            self.close()
            hint = " (Is this even a TFRecord file?)" if start == 0 else ""
            raise DataLossError(None, None, f"corrupted record at {start}{hint} (file: "
                                f"{self.path})")
        fits = length < (1 << 40) and (self._size is None
                                       or start + 16 + length <= self._size)
        data = src.read(length + 4) if fits else b""
        if len(data) < length + 4:
            why = "EOF reached" if isinstance(src, _Inflater) else \
                "Read less bytes than requested"
            self.close()
            raise DataLossError(None, None, f"truncated record at {start}' failed with {why} "
                                f"(file: {self.path})")
        record = data[:length]
        if crc32c.masked_value(record) != _FOOTER.unpack(data[length:])[0]:
            self.close()
            # TF names the offset of the data whose checksum failed (after the header).
            raise DataLossError(None, None, f"corrupted record at {start + 12} (file: "
                                f"{self.path})")
        self.offset = start + 16 + length
        return record

    def __iter__(self) -> Iterator[bytes]:
        while True:
            r = self.read_record()
            if r is None:
                return
            yield r

    def close(self) -> None:
        src, self._src = self._src, None
        if src is not None:
            src.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass


# ---------------------------------------------------------------------------------------
# Public classes
# ---------------------------------------------------------------------------------------

class TFRecordWriter:
    """`tf.io.TFRecordWriter(path, options=None)`: write(), flush(), close(); a context manager.

    The file appears under `path` when the writer is closed (or collected)."""

    def __init__(self, path: Any, options: Any = None) -> None:
        path = local_path(os.fsdecode(path.numpy() if hasattr(path, "numpy") else path))
        if os.path.isdir(path):  # TF's writer opens the path itself, so a folder fails now
            raise os_error(IsADirectoryError(21, "Is a directory"), path)
        if options is not None and not isinstance(options, TFRecordOptions):
            try:
                options = TFRecordOptions(options)
            except InvalidArgumentError:
                raise ValueError(f'Not a valid compression_type: "{options}"') from None
        self._writer = RecordWriter(path, options)

    def write(self, record: Any) -> None:
        """Appends one record: bytes or str (a tensor is refused, as TF's binding does)."""
        if isinstance(record, str):
            record = record.encode("utf-8")
        if not isinstance(record, (bytes, bytearray)):
            raise TypeError("write(): incompatible function arguments. The following argument "
                            "types are supported:\n    1. (self: tensorflow.python.lib.io."
                            "_pywrap_record_io.RecordWriter, record: str) -> None\n\nInvoked "
                            f"with: {self!r}, {record!r}")
        if self._writer.closed:
            raise FailedPreconditionError(None, None, "Writer is closed.")
        self._writer.write(bytes(record))

    def flush(self) -> None:
        if self._writer.closed:
            raise FailedPreconditionError(None, None, "Writer is closed.")
        self._writer.flush()

    def close(self) -> None:
        self._writer.close()

    def __enter__(self) -> TFRecordWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass


def tf_record_iterator(path: Any, options: Any = None) -> Iterator[bytes]:
    """`tf.compat.v1.io.tf_record_iterator`: the records of one file."""
    reader = RecordReader(os.fsdecode(path), compression_name(options))
    try:
        yield from reader
    finally:
        reader.close()
