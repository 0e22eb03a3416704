"""Dataset.cache(): in memory, or in files.

Data layer. The first complete pass over the input fills the cache; later passes
read from it. A pass stopped early leaves nothing behind (the partial cache is
dropped, the temporary file removed), so the next pass reads the input again.

The file cache is eagerflow's own format (TF's is its checkpoint bundle): a data
file `<filename>.data-00000-of-00001` holding one TFRecord-framed record per
element, and an index `<filename>.index` written last, whose presence marks a
complete cache. Tensors are stored as dtype, shape and raw little-endian bytes
(strings as length-prefixed bytes); never pickle. Checksums of the framing turn
corruption into DataLossError naming the file and offset.
"""

from __future__ import annotations

import json
import os
import struct
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import CPU_DEVICE, finalize
from eagerflow._src.core.errors import AlreadyExistsError, DataLossError
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.iterators import ElementIterator, IterContext, ListIterator
from eagerflow._src.io import tfrecord
from eagerflow._src.io.file_errors import os_error

_FORMAT = "eagerflow-dataset-cache"
_VERSION = 1


# ---------------------------------------------------------------------------------------
# Element encoding
# ---------------------------------------------------------------------------------------

def _encode_tensor(arr: Any, dtype: _dt.DType, out: list) -> None:
    arr = to_host(arr)  # (any device's array)
    out.append(struct.pack("<BB", dtype.as_datatype_enum, arr.ndim))
    out.append(struct.pack(f"<{arr.ndim}q", *arr.shape))
    if dtype is _dt.string:
        items = arr.reshape(-1)
        for b in items:
            b = bytes(b)
            out.append(struct.pack("<Q", len(b)))
            out.append(b)
    else:
        out.append(np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"),
                                                    copy=False).tobytes())


def encode_element(flat: tuple) -> bytes:
    out: list = []
    for c in flat:
        if isinstance(c, SparseTensor):
            out.append(b"S")
            _encode_tensor(c.indices._arr, _dt.int64, out)
            _encode_tensor(c.values._arr, c.dtype, out)
            _encode_tensor(c.dense_shape._arr, _dt.int64, out)
        else:
            out.append(b"T")
            _encode_tensor(c._arr, c.dtype, out)
    return b"".join(out)


class _Decoder:
    def __init__(self, data: bytes, where: str) -> None:
        self.data, self.pos, self.where = memoryview(data), 0, where

    def take(self, n: int) -> memoryview:
        if n < 0 or self.pos + n > len(self.data):
            raise DataLossError(None, None, f"Malformed cache entry {self.where}")
        v = self.data[self.pos:self.pos + n]
        self.pos += n
        return v

    def tensor(self) -> tuple:
        enum, ndim = struct.unpack("<BB", self.take(2))
        try:
            dtype = _dt.as_dtype(enum)
        except TypeError:
            raise DataLossError(None, None, f"Malformed cache entry {self.where}") from None
        shape = struct.unpack(f"<{ndim}q", self.take(8 * ndim))
        if any(d < 0 for d in shape):
            raise DataLossError(None, None, f"Malformed cache entry {self.where}")
        n = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if dtype is _dt.string:
            items = np.empty(n, dtype=object)
            for i in range(n):
                (length,) = struct.unpack("<Q", self.take(8))
                items[i] = bytes(self.take(length))
            return items.reshape(shape), dtype
        npd = np.dtype(dtype.as_numpy_dtype).newbyteorder("<")
        raw = self.take(n * npd.itemsize)
        arr = np.frombuffer(raw, dtype=npd).astype(npd.newbyteorder("="), copy=True)
        return arr.reshape(shape), dtype


def decode_element(data: bytes, specs: tuple, where: str) -> tuple:
    d = _Decoder(data, where)
    out = []
    for spec in specs:
        kind = bytes(d.take(1))
        if kind == b"S":
            (ind, _), (vals, vd), (shape, _) = d.tensor(), d.tensor(), d.tensor()
            if not isinstance(spec, SparseTensorSpec) or vd is not spec.dtype:
                raise DataLossError(None, None, f"Cache entry {where} does not match the "
                                    f"dataset's element spec {spec!r}")
            out.append(SparseTensor._from_arrays(ind, vals, shape, vd))
        elif kind == b"T":
            arr, dtype = d.tensor()
            if not isinstance(spec, TensorSpec) or dtype is not spec.dtype:
                raise DataLossError(None, None, f"Cache entry {where} does not match the "
                                    f"dataset's element spec {spec!r}")
            out.append(EagerTensor(arr, dtype, CPU_DEVICE))
        else:
            raise DataLossError(None, None, f"Malformed cache entry {where}")
    if d.pos != len(d.data):
        raise DataLossError(None, None, f"Malformed cache entry {where}")
    return tuple(out)


# ---------------------------------------------------------------------------------------
# Iterators
# ---------------------------------------------------------------------------------------

class _MemoryFillIterator(ElementIterator):
    __slots__ = ("_in", "_items", "_done_cb")

    def __init__(self, upstream: ElementIterator, done_cb: Callable) -> None:
        self._in, self._done_cb = upstream, done_cb
        self._items: list | None = []

    def __next__(self) -> tuple:
        try:
            e = next(self._in)
        except StopIteration:
            if self._items is not None:
                self._done_cb(self._items)
                self._items = None
            raise
        if self._items is not None:
            self._items.append(e)
        return e

    def close(self) -> None:
        if self._items is not None:  # a pass stopped early: TF's runtime warns
            tf_logging.cpp_log("W", "cache_dataset_ops.cc:912", _PARTIAL_READ)
        self._items = None
        self._in.close()


_PARTIAL_READ = ("The calling iterator did not fully read the dataset being cached. In order "
                 "to avoid unexpected truncation of the dataset, the partially cached contents "
                 "of the dataset  will be discarded. This can happen if you have an input "
                 "pipeline similar to `dataset.cache().take(k).repeat()`. You should use "
                 "`dataset.take(k).cache().repeat()` instead.")


class _FileFillIterator(ElementIterator):
    __slots__ = ("_in", "_prefix", "_writer", "_lock", "_count", "_specs", "_finished")

    def __init__(self, upstream: ElementIterator, prefix: str, specs: tuple) -> None:
        self._in, self._prefix, self._specs = upstream, prefix, specs
        self._lock = _acquire_lock(prefix)
        try:
            self._writer: Any = tfrecord.RecordWriter(_data_path(prefix))
        except BaseException:
            _release_lock(self._lock)
            raise
        self._count = 0
        self._finished = False

    def __next__(self) -> tuple:
        if self._finished:
            raise StopIteration
        try:
            e = next(self._in)
        except StopIteration:
            self._commit()
            raise
        if self._writer is not None:
            self._writer.write(encode_element(e))
            self._count += 1
        return e

    def _commit(self) -> None:
        self._finished = True
        w, self._writer = self._writer, None
        if w is None:
            return
        try:
            w.close()
            index = tfrecord.RecordWriter(_index_path(self._prefix))
            index.write(json.dumps({"format": _FORMAT, "version": _VERSION,
                                    "elements": self._count,
                                    "dtypes": [s.dtype.name for s in self._specs]}).encode())
            index.close()
        finally:
            _release_lock(self._lock)
            self._lock = None

    def close(self) -> None:
        w, self._writer = self._writer, None
        if w is not None:
            w.discard()  # an incomplete pass leaves no cache behind
        if self._lock is not None:
            _release_lock(self._lock)
            self._lock = None
        self._in.close()

    def __del__(self) -> None:
        finalize(self.close)


class _FileReadIterator(ElementIterator):
    __slots__ = ("_reader", "_specs", "_left")

    def __init__(self, prefix: str, specs: tuple, count: int) -> None:
        self._reader: Any = tfrecord.RecordReader(_data_path(prefix))
        self._specs, self._left = specs, count

    def __next__(self) -> tuple:
        r = self._reader
        if r is None:
            raise StopIteration
        offset = r.offset
        rec = r.read_record()
        if rec is None:
            self.close()
            if self._left:
                raise DataLossError(None, None, f"Cache file {r.path} ends after fewer elements "
                                    "than its index records")
            raise StopIteration
        self._left -= 1
        return decode_element(rec, self._specs, f"at offset {offset} of {r.path}")

    def close(self) -> None:
        r, self._reader = self._reader, None
        if r is not None:
            r.close()


def _data_path(prefix: str) -> str:
    return f"{prefix}.data-00000-of-00001"


def _index_path(prefix: str) -> str:
    return f"{prefix}.index"


def _lock_path(prefix: str) -> str:
    return f"{prefix}_0.lockfile"  # TF's: its writer's shard file name (shard 0), ".lockfile"


def _acquire_lock(prefix: str) -> str:
    path = _lock_path(prefix)
    for _ in range(2):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            if _stale(path):
                try:
                    os.unlink(path)
                except OSError:
                    pass
                continue
            raise AlreadyExistsError(
                None, None, f"There appears to be a concurrent caching iterator running - cache "
                f"lockfile already exists ('{path}'). If you are sure no other running TF "
                "computations are using this cache prefix, delete the lockfile and "
                "re-initialize the iterator.") from None
        except OSError as e:
            raise os_error(e, path) from None
        with os.fdopen(fd, "w") as f:
            f.write(str(os.getpid()))
        return path
    raise AlreadyExistsError(None, None, f"cache lockfile already exists ('{path}')")


def _stale(path: str) -> bool:
    """A lockfile left by a process that no longer runs."""
    try:
        with open(path) as f:
            pid = int(f.read().strip() or "0")
    except (OSError, ValueError):
        return False
    if pid <= 0 or pid == os.getpid():
        return pid <= 0
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def _release_lock(path: str | None) -> None:
    if path:
        try:
            os.unlink(path)
        except OSError:
            pass


# ---------------------------------------------------------------------------------------

class CacheDataset(DatasetV2):
    _repr_name = "CacheDataset"

    def __init__(self, input_dataset: DatasetV2, filename: Any) -> None:
        super().__init__((input_dataset,))
        if isinstance(filename, Tensor) and filename.dtype != _dt.string:
            raise ValueError(f"filename: Tensor conversion requested dtype string for Tensor "
                             f"with dtype {filename.dtype.name}: {filename!r}")
        if isinstance(filename, EagerTensor):
            filename = filename.numpy()
        if isinstance(filename, bytes):
            filename = filename.decode()
        if not isinstance(filename, (str, os.PathLike)):
            convert_to_tensor(filename, _dt.string)  # (TF's conversion errors: None, ...)
            raise TypeError(f"Cannot convert {filename!r} to EagerTensor of dtype string")
        self._filename = os.fspath(filename)
        self._memory: list | None = None
        for s in input_dataset._structure.specs:
            if not isinstance(s, (TensorSpec, SparseTensorSpec)):
                raise TypeError(f"`cache` does not support elements of type {s!r}")

    def _kernel_text(self) -> str:
        return f"CacheDatasetOp::{'File' if self._filename else 'Memory'}Dataset"

    def _set_memory(self, items: list) -> None:
        self._memory = items

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        if not self._filename:
            if self._memory is not None:
                return ListIterator(self._memory)
            return _MemoryFillIterator(self._inputs[0]._make_iterator(ctx), self._set_memory)
        specs = self._inputs[0]._structure.specs
        index = _read_index(self._filename)
        if index is not None:
            return _FileReadIterator(self._filename, specs, index["elements"])
        return _FileFillIterator(self._inputs[0]._make_iterator(ctx), self._filename, specs)


def _read_index(prefix: str) -> dict | None:
    path = _index_path(prefix)
    if not os.path.exists(path):
        return None
    reader = tfrecord.RecordReader(path)
    try:
        rec = reader.read_record()
    finally:
        reader.close()
    try:
        info = json.loads(rec.decode()) if rec is not None else None
    except (UnicodeDecodeError, ValueError):
        info = None
    if not isinstance(info, dict) or info.get("format") != _FORMAT or not isinstance(
            info.get("elements"), int):
        raise DataLossError(None, None, f"{path} is not a valid dataset cache index")
    return info
