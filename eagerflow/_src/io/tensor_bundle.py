"""TensorFlow's tensor bundle: `prefix.index` + `prefix.data-00000-of-00001`.

Sits in io/ above table.py and bundle_protos.py, so that ops/checkpoint_ops.py (TF's
SaveV2 and RestoreV2) and train/ (tf.train.Checkpoint, its reader) share it. The data
file is the raw little-endian bytes of every tensor one after another (strings as
varint64 lengths, a masked CRC32C of the lengths, then the bytes; variants as serialized
VariantTensorDataProtos, each after its length and followed by a checksum). The index is a
sorted table whose "" key holds a BundleHeaderProto and whose other keys map each
tensor name to a BundleEntryProto (dtype, shape, shard, offset, size and the
masked CRC32C of the tensor's bytes).

The writer streams tensors to a temporary data file, then writes the index to a
temporary file, fsyncs both and renames the data file and then the index into
place: a prefix whose `.index` exists is complete. The reader verifies each
tensor's checksum and size when it reads it and raises DataLossError naming the
file on any damage.
"""

from __future__ import annotations

import contextlib
import os
import struct
from collections.abc import Iterator
from typing import Any

import numpy as np
from google.protobuf.message import DecodeError

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    UNKNOWN,
    DataLossError,
    InvalidArgumentError,
    NotFoundError,
    OpError,
    UnimplementedError,
)
from eagerflow._src.io import bundle_protos as protos
from eagerflow._src.io import crc32c, fileio, ordered_code, table
from eagerflow._src.io.file_errors import local_path
from eagerflow._src.io.filesystems import uri
from eagerflow._src.io.table import get_varint, put_varint

BUNDLE_VERSION = 1  # TF's kTensorBundleVersion
HEADER_KEY = b""


def missing_data(e: NotFoundError) -> OpError | NotFoundError:
    """A missing data file's error as TF's Python checkpoint readers raise it: the
    reader's C++ status re-raised as a bare OpError of code UNKNOWN (TF's
    py_checkpoint_reader translates only the messages it knows)."""
    if e.message.endswith("; No such file or directory"):
        return OpError(None, None, e.message, UNKNOWN)
    return e


def data_filename(prefix: str, shard: int = 0, num_shards: int = 1) -> str:
    return f"{_c_prefix(prefix)}.data-{shard:05d}-of-{num_shards:05d}"


def index_filename(prefix: str) -> str:
    return f"{_c_prefix(prefix)}.index"


def _c_prefix(prefix: str) -> str:
    """A bundle's prefix as TF's C++ names its files after it: up to a NUL ("ck\\0pt-1"
    writes ck.index; "\\0x" writes .index)."""
    return prefix.split("\0", 1)[0] if isinstance(prefix, str) and "\0" in prefix else prefix


def _np_dtype(dtype: dt.DType) -> np.dtype:
    return np.dtype(dtype.as_numpy_dtype).newbyteorder("<")


def _string_payload(arr: np.ndarray) -> tuple:
    """(bytes, crc) of a string tensor in the bundle's layout."""
    items = [x.encode("utf-8") if isinstance(x, str) else bytes(x) for x in arr.reshape(-1)]
    lengths = bytearray()
    crc = 0
    for s in items:
        put_varint(lengths, len(s))
        crc = crc32c.extend(crc, struct.pack("<I", len(s)))
    length_crc = struct.pack("<I", crc32c.mask(crc))
    crc = crc32c.extend(crc, length_crc)
    body = b"".join(items)
    crc = crc32c.extend(crc, body)
    return bytes(lengths) + length_crc + body, crc


def _variant_payload(arr: np.ndarray) -> tuple:
    """(bytes, crc) of a variant tensor whose elements are given as serialized
    VariantTensorDataProtos: each element's length (a varint), its bytes, then the masked
    CRC32C of everything so far (which checksums each length as a uint64)."""
    out = bytearray()
    crc = 0
    for blob in arr.reshape(-1):
        blob = bytes(blob)
        put_varint(out, len(blob))
        crc = crc32c.extend(crc32c.extend(crc, struct.pack("<Q", len(blob))), blob)
        check = struct.pack("<I", crc32c.mask(crc))
        crc = crc32c.extend(crc, check)
        out += blob + check
    return bytes(out), crc


def _variants(buf: bytes, count: int, key: str, name: str) -> tuple:
    """The serialized elements of a variant tensor stored as _variant_payload writes them
    (an object array of bytes), and the CRC32C of its bytes."""
    bad = DataLossError(None, None, f"{name}: corrupted variant tensor {key}")
    out = np.empty(count, dtype=object)
    pos = crc = 0
    try:
        for i in range(count):
            n, pos = get_varint(buf, pos, len(buf))
            if pos + n + 4 > len(buf):
                raise bad
            out[i] = blob = buf[pos:pos + n]
            crc = crc32c.extend(crc32c.extend(crc, struct.pack("<Q", n)), blob)
            if struct.unpack_from("<I", buf, pos + n)[0] != crc32c.mask(crc):
                raise DataLossError(None, None, f"{name}: checksum mismatch in element {i} "
                                                f"of variant tensor {key}")
            crc = crc32c.extend(crc, buf[pos + n:pos + n + 4])
            pos += n + 4
    except ValueError:
        raise bad from None
    if pos != len(buf):
        raise bad
    return out, crc


class BundleWriter:
    """Streams tensors into a new bundle at `prefix`; `finish()` commits it."""

    def __init__(self, prefix: str, num_shards: int = 1) -> None:
        self.prefix = prefix
        self.num_shards = num_shards
        fileio.makedirs(os.path.dirname(prefix))
        self._files = [fileio.TempFile(data_filename(prefix, i, num_shards), "data")
                       for i in range(num_shards)]
        self._data = self._files[0]
        self._entries: dict = {}
        self._done = False

    def add(self, key: str, value: Any, dtype: dt.DType, shard: int = 0,
            spec: str = "") -> None:
        """`value` under `key`, in data file `shard`; with a slice `spec` ("4 3 0,2:0,3"),
        as that slice of the tensor `key` (its bytes under the slice's own key)."""
        if spec:
            self._add_slice(key, value, dtype, shard, spec)
            return
        kb = key.encode("utf-8")
        self._add_entry(kb, key, value, dtype, shard)

    def _add_slice(self, key: str, value: Any, dtype: dt.DType, shard: int,
                   spec: str) -> None:
        dims = spec.split()
        full = [int(d) for d in dims[:-1]]
        # ("-": the whole dimension, length -1 in the slice's key, none in its extent)
        extents = [(0, -1) if e == "-" else tuple(int(x) for x in e.split(","))
                   for e in dims[-1].split(":")]
        kb = key.encode("utf-8")
        if all(start == 0 and length in (d, -1) for (start, length), d in zip(extents, full)) \
                and kb not in self._entries:
            self._add_entry(kb, key, value, dtype, shard)  # a whole tensor: as TF saves it
            return
        entry = self._entries.get(kb)
        if entry is None:
            entry = self._entries[kb] = protos.BundleEntryProto(
                dtype=dtype.as_datatype_enum, shard_id=shard)
            for d in full:
                entry.shape.dim.add(size=d)
        elif [d.size for d in entry.shape.dim] != full or entry.dtype != dtype.as_datatype_enum:
            # (a slice of a whole tensor saved before is listed on its entry, as TF's writer)
            raise ValueError(f"Duplicate or invalid checkpoint key {key!r}")
        proto = entry.slices.add()
        for start, length in extents:
            if length < 0:
                proto.extent.add()
            else:
                proto.extent.add(start=start, length=length)
        self._add_entry(ordered_code.tensor_name_slice(key, extents), key, value, dtype, shard)

    def _add_entry(self, kb: bytes, key: str, value: Any, dtype: dt.DType, shard: int) -> None:
        if kb in self._entries or kb == HEADER_KEY:
            raise ValueError(f"Duplicate or invalid checkpoint key {key!r}")
        data = self._files[shard]
        # strings as objects: NumPy's fixed-width bytes would drop trailing NULs
        arr = np.asarray(value, dtype=object) if dtype is dt.string and \
            not isinstance(value, np.ndarray) else np.asarray(value)
        entry = protos.BundleEntryProto(dtype=dtype.as_datatype_enum, shard_id=shard)
        entry.shape.SetInParent()  # (a scalar's shape written empty, as TF writes it)
        for d in arr.shape:
            entry.shape.dim.add(size=d)
        if dtype is dt.string:
            payload, crc = _string_payload(arr)
        elif dtype is dt.variant:  # (elements given as serialized VariantTensorDataProtos)
            payload, crc = _variant_payload(np.asarray(value, dtype=object))
        elif dtype is dt.resource:
            raise UnimplementedError(None, None, f"Can't save a tensor of dtype {dtype.name} "
                                                 f"({key})")
        else:
            payload = np.ascontiguousarray(arr, dtype=_np_dtype(dtype)).tobytes()
            crc = crc32c.value(payload)
        entry.offset = data.tell()
        entry.size = len(payload)
        entry.crc32c = crc32c.mask(crc)
        data.write(payload)
        self._entries[kb] = entry

    def finish(self) -> None:
        """Writes the index and commits both files (data first, then the index)."""
        index = fileio.TempFile(index_filename(self.prefix), "index")
        try:
            for f in self._files:
                f.close_synced()
            index.write(index_bytes(self.num_shards, self._entries))
            index.close_synced()
            for f in self._files:
                f.replace()
            index.replace()
        except BaseException:
            index.discard()
            for f in self._files:
                f.discard()
            raise
        fileio.fsync_dir(os.path.dirname(self.prefix))
        self._done = True

    def abort(self) -> None:
        if not self._done:
            for f in self._files:
                f.discard()


@contextlib.contextmanager
def bundle_writer(prefix: str, num_shards: int = 1) -> Iterator[BundleWriter]:
    """A BundleWriter whose bundle is committed when the block ends, and abandoned (its
    temporary files removed) when the block, or the commit, raises."""
    writer = BundleWriter(prefix, num_shards)
    try:
        yield writer
        fileio.fault_point("bundle:tensors_written")
        writer.finish()
    except BaseException:
        writer.abort()
        raise


def box_of(extents: list, shape: list) -> list:
    """[(start, stop)] per dimension of a slice's (start, length or -1 for all) extents."""
    return [(s, d if n < 0 else s + n) for (s, n), d in zip(extents, shape)]


def meet(a: list, b: list) -> list | None:
    """The box two boxes share; None where they share nothing."""
    m = [(max(x, s), min(y, t)) for (x, y), (s, t) in zip(a, b)]
    return None if any(lo >= hi for lo, hi in m) else m


def assemble(box: list, np_dtype: np.dtype, parts: list) -> np.ndarray | None:
    """Box `box` of a tensor put together from its stored slices, `parts` [(their box,
    a function reading their values)], reading only those that meet it; None where they
    do not cover it (or a reader gives None)."""
    out = np.empty([b - a for a, b in box], dtype=np_dtype)
    covered = 0
    for bounds, read in parts:
        m = meet(box, bounds)
        if m is None:
            continue
        arr = read()
        if arr is None:
            return None
        out[tuple(slice(lo - a, hi - a) for (lo, hi), (a, _) in zip(m, box))] = \
            arr[tuple(slice(lo - s, hi - s) for (lo, hi), (s, _) in zip(m, bounds))]
        covered += int(np.prod([hi - lo for lo, hi in m]))
    return out if covered >= out.size else None


def index_bytes(num_shards: int, entries: dict) -> bytes:
    """The `.index` file of a bundle of `num_shards` data files holding `entries` (encoded
    key -> BundleEntryProto)."""
    header = protos.BundleHeaderProto(num_shards=num_shards, endianness=0)
    header.version.producer = BUNDLE_VERSION
    tw = table.TableWriter()
    tw.add(HEADER_KEY, header.SerializeToString())
    for k in sorted(entries):
        tw.add(k, entries[k].SerializeToString())
    return tw.finish()


def read_index(prefix: str) -> tuple:
    """(header, {encoded key: BundleEntryProto}) of the bundle at `prefix`, every entry
    checked to parse; NotFoundError in TF's words when it has no index."""
    path = index_filename(local_prefix(prefix))
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except (FileNotFoundError, IsADirectoryError):
        raise not_found(prefix) from None
    items = table.read_table(raw, path)
    if HEADER_KEY not in items:
        raise DataLossError(None, None, f"{path}: the checkpoint index has no header entry")
    header = protos.BundleHeaderProto()
    try:
        header.ParseFromString(items.pop(HEADER_KEY))
    except DecodeError:
        raise DataLossError(None, None, f"{path}: corrupted bundle header") from None
    if header.endianness != 0:
        raise UnimplementedError(None, None, f"{path}: big-endian checkpoints are not "
                                             "supported")
    if header.version.producer > BUNDLE_VERSION and \
            header.version.min_consumer > BUNDLE_VERSION:
        raise InvalidArgumentError(None, None, f"{path}: checkpoint format version "
                                               f"{header.version.min_consumer} is too new")
    entries = {}
    for k, v in items.items():
        e = entries[k] = protos.BundleEntryProto()
        try:
            e.ParseFromString(v)
        except DecodeError:
            raise DataLossError(None, None, f"{path}: corrupted entry for "
                                            f"{k.decode('utf-8', 'replace')}") from None
    return header, entries


def local_prefix(prefix: str) -> str:
    """A bundle's prefix as a local path; a prefix of another scheme fails as TF's reader
    reports its failed file match."""
    try:
        return local_path(prefix)
    except UnimplementedError as e:
        raise ValueError("Unsuccessful TensorSliceReader constructor: Failed to get matching "
                         f"files on {prefix}: UNIMPLEMENTED: {e._message}") from None


def not_found(prefix: str) -> NotFoundError:
    return NotFoundError(None, None, "Unsuccessful TensorSliceReader constructor: Failed to find "
                                     f"any matching files for {uri(prefix)}")


class BundleReader:
    """Reads a bundle's index eagerly and tensors on demand (checksummed)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix = local_prefix(prefix)
        header, entries = read_index(prefix)
        self.num_shards = header.num_shards
        self.entries: dict = {}
        self._slice_entries: dict = {}  # a sliced tensor's slices, by their encoded keys
        for k, e in entries.items():
            if k.startswith(b"\x00"):  # (a tensor's name never starts with a NUL)
                self._slice_entries[k] = e
                continue
            try:
                self.entries[k.decode("utf-8")] = e
            except UnicodeDecodeError:
                raise DataLossError(None, None, f"{index_filename(prefix)}: a key is not "
                                                f"UTF-8: {k!r}") from None
        self._files: dict = {}

    # -- metadata ----------------------------------------------------------------------
    def keys(self) -> list:
        return sorted(self.entries)

    def has(self, key: str) -> bool:
        return key in self.entries

    def dtype(self, key: str) -> dt.DType:
        return dt.as_dtype(self.entries[key].dtype)

    def shape(self, key: str) -> list:
        return [d.size for d in self.entries[key].shape.dim]

    # -- data ----------------------------------------------------------------------------
    def _file(self, shard: int) -> tuple:
        f = self._files.get(shard)
        if f is None:
            name = data_filename(self.prefix, shard, self.num_shards)
            try:
                f = open(name, "rb")  # kept open: the checkpoint may be deleted meanwhile
            except FileNotFoundError:  # (TF's status; its Python readers: see missing_data)
                raise NotFoundError(None, None, f"{name}; No such file or directory") from None
            self._files[shard] = f = (f, name)
        return f

    def read(self, key: str) -> np.ndarray:
        """The tensor stored under `key`, as a NumPy array (object array of bytes for strings)."""
        out = self.read_region(key, None)
        if out is None:
            raise DataLossError(None, None, f"{key}: its slices do not cover its shape "
                                            f"{self.shape(key)}")
        return out

    def read_region(self, key: str, region: list | None) -> np.ndarray | None:
        """The box `region` ([(start, stop)] per dimension; None: all of it) of the tensor
        stored under `key`; None where it is sliced and its slices do not cover the box."""
        e = self.entries.get(key)
        if e is None:
            raise NotFoundError(None, None, f"Key {key} not found in checkpoint")
        if len(e.slices):
            return self._assemble(key, e, region)
        arr = self._read_entry(key, e)
        return arr if region is None else arr[tuple(slice(a, b) for a, b in region)]

    def _assemble(self, key: str, e: Any, region: list | None) -> np.ndarray | None:
        """A box of a sliced tensor (a ShardedVariable's, a MaxShardSizePolicy's pieces) put
        together from the slices it meets, each stored under its own key."""
        dtype = dt.as_dtype(e.dtype)
        full = [d.size for d in e.shape.dim]

        def part(extents: list, bounds: list) -> Any:
            def read() -> np.ndarray:
                entry = self._slice_entries.get(ordered_code.tensor_name_slice(key, extents))
                if entry is None:
                    raise DataLossError(None, None, f"{key}: the data of its slice {extents} "
                                                    "is missing from the checkpoint")
                arr = self._read_entry(key, entry)
                want = tuple(min(t, d) - s for (s, t), d in zip(bounds, full))
                if arr.shape != want:
                    raise DataLossError(None, None, f"{key}: slice {extents} holds shape "
                                                    f"{list(arr.shape)}, not {list(want)}")
                return arr
            return bounds, read

        parts = []
        for sl in e.slices:
            if len(sl.extent) != len(full):
                raise DataLossError(None, None, f"{key}: a slice's rank does not match the "
                                                f"tensor's shape {full}")
            extents = [(x.start, x.length if x.HasField("length") else -1) for x in sl.extent]
            parts.append(part(extents, box_of(extents, full)))
        return assemble(region if region is not None else [(0, d) for d in full],
                        np.dtype(object) if dtype is dt.string else
                        _np_dtype(dtype).newbyteorder("="), parts)

    def _read_entry(self, key: str, e: Any) -> np.ndarray:
        if e.shape.unknown_rank:
            raise DataLossError(None, None, f"{key}: stored shape has unknown rank")
        try:
            dtype = dt.as_dtype(e.dtype)
        except TypeError:
            raise UnimplementedError(None, None, f"{key}: unsupported dtype enum {e.dtype}") \
                from None
        shape = tuple(d.size for d in e.shape.dim)
        if any(d < 0 for d in shape):
            raise DataLossError(None, None, f"{key}: invalid stored shape {list(shape)}")
        if not 0 <= e.shard_id < max(self.num_shards, 1):
            raise DataLossError(None, None, f"{key}: invalid shard id {e.shard_id}")
        f, name = self._file(e.shard_id)
        f.seek(e.offset)
        buf = f.read(e.size)
        if len(buf) != e.size:
            raise DataLossError(None, None, f"Unable to read checkpoint data file {name}: it is "
                                            f"truncated (tensor {key} needs {e.size} bytes at "
                                            f"offset {e.offset}, got {len(buf)})")
        count = int(np.prod(shape, dtype=np.int64))
        if dtype is dt.string:
            arr, crc = self._strings(buf, count, key, name)
        elif dtype is dt.variant:
            arr, crc = _variants(buf, count, key, name)
        else:
            crc = crc32c.value(buf)
            npd = _np_dtype(dtype)
            if count * npd.itemsize != e.size:
                raise DataLossError(None, None, f"{name}: tensor {key} has {e.size} bytes but its "
                                                f"shape {list(shape)} and dtype {dtype.name} need "
                                                f"{count * npd.itemsize}")
            arr = np.frombuffer(buf, dtype=npd).astype(npd.newbyteorder("="), copy=True)
        if crc != crc32c.unmask(e.crc32c):
            raise DataLossError(None, None, f"Checksum does not match: stored {e.crc32c} vs. "
                                            f"calculated on the restored bytes "
                                            f"{crc32c.mask(crc)} (tensor {key} in {name})")
        return arr.reshape(shape)

    @staticmethod
    def _strings(buf: bytes, count: int, key: str, name: str) -> tuple:
        bad = DataLossError(None, None, f"{name}: corrupted string tensor {key}")
        pos = 0
        lengths = []
        crc = 0
        try:
            for _ in range(count):
                n, pos = get_varint(buf, pos, len(buf))
                if n >> 32:  # lengths are checksummed as uint32: a bigger one is corrupt
                    raise bad
                lengths.append(n)
                crc = crc32c.extend(crc, struct.pack("<I", n))
        except ValueError:
            raise bad from None
        if pos + 4 > len(buf):
            raise bad
        (stored,) = struct.unpack_from("<I", buf, pos)
        if stored != crc32c.mask(crc):
            raise DataLossError(None, None, f"{name}: checksum mismatch in the string lengths of "
                                            f"tensor {key}")
        crc = crc32c.extend(crc, buf[pos:pos + 4])
        pos += 4
        if pos + sum(lengths) != len(buf):
            raise bad
        out = np.empty(count, dtype=object)
        for i, n in enumerate(lengths):
            out[i] = buf[pos:pos + n]
            pos += n
        crc = crc32c.extend(crc, buf[pos - sum(lengths):pos])
        return out, crc

    def close(self) -> None:
        for f, _ in self._files.values():
            f.close()
        self._files.clear()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass
