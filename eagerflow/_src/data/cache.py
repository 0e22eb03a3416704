"""Dataset.cache(): in memory, or in files.

Data layer. The first complete pass over the input fills the cache; later passes
read from it. A pass stopped early leaves nothing behind (the partial cache is
dropped, the temporary file removed), so the next pass reads the input again.

The file cache is TF's (cache_files.py): a tensor bundle at the filename, whose index,
written last, marks a complete cache; TF reads it, and eagerflow reads TF's.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import finalize
from eagerflow._src.core.errors import AlreadyExistsError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.sparse_tensor import SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.iterators import ElementIterator, IterContext, ListIterator
from eagerflow._src.io.file_errors import local_path, os_error
from eagerflow._src.io.filesystems import make_parent

# (TF's cache files are tensor bundles: their protobuf is left to a file cache's first use)
cache_files = lazy_module("eagerflow._src.data.cache_files")
tensor_bundle = lazy_module("eagerflow._src.io.tensor_bundle")

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
    __slots__ = ("_in", "_prefix", "_writer", "_lock", "_count", "_finished")

    def __init__(self, upstream: ElementIterator, prefix: str) -> None:
        self._in, self._prefix = upstream, prefix
        self._lock = _acquire_lock(prefix)
        try:
            self._writer: Any = tensor_bundle.BundleWriter(cache_files.shard_prefix(prefix))
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
            cache_files.write_element(self._writer, self._count, e)
            self._count += 1
        return e

    def _commit(self) -> None:
        self._finished = True
        w, self._writer = self._writer, None
        if w is None:
            return
        try:
            w.finish()
            cache_files.commit(self._prefix, self._count)
        finally:
            _release_lock(self._lock)
            self._lock = None

    def close(self) -> None:
        w, self._writer = self._writer, None
        if w is not None:
            w.abort()  # an incomplete pass leaves no cache behind
        if self._lock is not None:
            _release_lock(self._lock)
            self._lock = None
        self._in.close()

    def __del__(self) -> None:
        finalize(self.close)


class _FileReadIterator(ElementIterator):
    __slots__ = ("_reader", "_specs", "_next", "_count")

    def __init__(self, prefix: str, specs: tuple) -> None:
        self._reader: Any = tensor_bundle.BundleReader(prefix)
        self._specs, self._next = specs, 0
        self._count = cache_files.count(self._reader, len(specs))

    def __next__(self) -> tuple:
        r = self._reader
        if r is None or self._next >= self._count:
            self.close()
            raise StopIteration
        self._next += 1
        return cache_files.read_element(r, self._next - 1, self._specs)

    def close(self) -> None:
        r, self._reader = self._reader, None
        if r is not None:
            r.close()


def _lock_path(prefix: str) -> str:
    return f"{cache_files.shard_prefix(prefix)}.lockfile"  # (TF's: its shard's, ".lockfile")


def _acquire_lock(prefix: str) -> str:
    path = local_path(_lock_path(prefix))  # (TF's first file of a cache: its lock)
    make_parent(path)
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
        # (in memory the elements are kept as they are: ragged ones too; a file holds
        # tensors' and sparse tensors' parts only)
        for s in input_dataset._structure.specs if self._filename else ():
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
        if cache_files.filled(self._filename):
            return _FileReadIterator(self._filename, self._inputs[0]._structure.specs)
        return _FileFillIterator(self._inputs[0]._make_iterator(ctx), self._filename)
