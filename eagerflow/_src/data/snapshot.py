"""`Dataset.snapshot` (and tf.data.experimental.snapshot): TF 2.21's SnapshotDatasetV2.

Data layer, over save_load.py, whose files it shares: TF writes a snapshot as

    path/<hash>/snapshot.metadata     a SnapshotMetadataRecord (graph hash, run id, flat
                                      dtypes, finalized), written to a temporary name and
                                      renamed
    path/<hash>/<run id>/<shard:08d>.shard/00000000.snapshot
                                      TFRecord files of TensorProtos, one record per flat
                                      component of each element (Dataset.save's files)

`<hash>` names the input pipeline (with the compression), so one `path` holds the
snapshots of several pipelines. TF hashes the pipeline's GraphDef; eagerflow has no
GraphDef of a Python pipeline and hashes what defines it instead (each dataset's class and
arguments, its functions' code, constants and captured values: `fingerprint`), so the
number differs from TF's for the same pipeline, while the files inside are TF's.

An iteration decides on its first element, as TF's does: without a metadata file, or with
one not marked finalized (a writer that was interrupted, or is still running: TF 2.21
no longer waits for it), it writes a new run while yielding the input's elements, marks the
metadata finalized at the end, and later iterations (and other programs) read the run the
metadata names. Without a `shard_func`, TF enumerates the input and writes element i to
shard i % (number of CPUs), so the files hold (index, element) pairs, and the index is
dropped after reading; `reader_func` gets the dataset of the shards' datasets (the default
interleaves them, one per CPU, which gives back the order written).
"""

from __future__ import annotations

import hashlib
import os
import struct
import time
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    DataLossError,
    FailedPreconditionError,
    InternalError,
    InvalidArgumentError,
)
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import save_load, snapshot_elements
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import EXPERIMENTAL_OPS, DatasetV2
from eagerflow._src.data.dataset_functions import ReaderReturned, reader_function
from eagerflow._src.data.iterators import (
    ElementIterator,
    IterContext,
    PipelineFunction,
    fed_tensors,
    note_symbolic,
)
from eagerflow._src.data.random_seed import DrawnSeeds
from eagerflow._src.io import tfrecord
from eagerflow._src.io.file_errors import local_path, os_error
from eagerflow._src.ops.checks import dtype_word
from eagerflow._src.ops.registry import OpDef

METADATA_FILE = save_load.METADATA_FILE


def _compression(value: Any) -> tuple:
    """(the compression the files use, the name hashed): TF hashes the attribute as given
    (AUTO read as SNAPPY) and writes SNAPPY for AUTO/SNAPPY, GZIP and ZLIB as named, and
    anything else uncompressed."""
    if value is None:
        value = ""
    if isinstance(value, bytes):
        value = value.decode()
    if isinstance(value, EagerTensor) and value.dtype is _dt.string:
        value = value.numpy().decode()
    if not isinstance(value, str):
        raise TypeError(f"Expected string for argument 'compression' not {value!r}.")
    name = "SNAPPY" if value == "AUTO" else value
    return (name if name in ("SNAPPY", "GZIP", "ZLIB") else ""), name


def _symbolic_path(path: Any) -> bool:
    """Whether `path` is a string tensor of the tf.function being traced (fed when the
    pipeline runs there)."""
    return isinstance(path, Tensor) and not isinstance(path, EagerTensor) and \
        path.dtype is _dt.string


def _path(path: Any) -> str:
    """The path as the op's string input takes it (TF converts it after the attrs)."""
    if isinstance(path, EagerTensor) and path.dtype is _dt.string:
        return os.fsdecode(path.numpy())
    if isinstance(path, (str, bytes, os.PathLike)):
        return os.fsdecode(path)
    if isinstance(path, Tensor):
        raise InvalidArgumentError(None, None, (
            f"cannot compute SnapshotDatasetV2 as input #1(zero-based) was expected to be a "
            f"string tensor but is a {dtype_word(path.dtype)} tensor [Op:SnapshotDatasetV2] "
            f"name: "))
    convert_to_tensor(path, _dt.string)  # (its conversion errors: None, numbers, ...)
    raise TypeError(f"Cannot convert {path!r} to EagerTensor of dtype string")


# ---------------------------------------------------------------------------------------
# The pipeline's fingerprint
# ---------------------------------------------------------------------------------------

# Attributes that do not define what a dataset yields: caches, locks, traced forms of
# functions (their Python function is hashed instead), the options.
_SKIP = frozenset({"_struct_cache", "_own_options", "_trace", "_lock", "call", "_site",
                   "_input_dataset", "_out", "_iterations"})
_BUDGET = 200_000  # objects visited at most (a fingerprint, not a serialization)


class _Hasher:
    def __init__(self) -> None:
        self.h = hashlib.blake2b(digest_size=8)
        self.seen: dict = {}
        self.left = _BUDGET

    def tag(self, *parts: Any) -> None:
        self.h.update(repr(parts).encode())

    def feed(self, obj: Any, depth: int = 0) -> None:
        self.left -= 1
        if self.left < 0 or depth > 60:
            return
        if obj is None or isinstance(obj, (bool, int, float, complex, str, bytes)):
            self.tag(type(obj).__name__, obj)
            return
        if isinstance(obj, DrawnSeeds):  # unseeded: as TF's graph, seed=0 and seed2=0
            self.tag("seeds", 0, 0)
            return
        if isinstance(obj, OpDef):  # an op (an imported function's node's): by its name,
            self.tag("op", obj.name)  # not its registry entry (samples, forms)
            return
        if isinstance(obj, EagerTensor):
            obj = obj.numpy()
        if isinstance(obj, (np.ndarray, np.generic)):
            arr = np.asarray(obj)
            self.tag("nd", arr.dtype.str, arr.shape)
            if arr.dtype == object:
                self.tag([x if isinstance(x, bytes) else repr(x) for x in arr.ravel()])
            else:
                self.h.update(np.ascontiguousarray(arr).tobytes())
            return
        key = id(obj)
        if key in self.seen:
            self.tag("ref", self.seen[key])
            return
        self.seen[key] = len(self.seen)
        if isinstance(obj, (list, tuple)):
            self.tag(type(obj).__name__, len(obj))
            for x in obj:
                self.feed(x, depth + 1)
        elif isinstance(obj, dict):
            self.tag("dict", len(obj))
            for k in sorted(obj, key=repr):
                self.tag(repr(k))
                self.feed(obj[k], depth + 1)
        elif isinstance(obj, (set, frozenset)):
            self.tag("set", sorted(repr(x) for x in obj))
        elif isinstance(obj, types.FunctionType):
            self._function(obj, depth)
        elif isinstance(obj, types.MethodType):
            self.feed(obj.__func__, depth + 1)
            self.feed(obj.__self__, depth + 1)
        elif isinstance(obj, types.CodeType):
            self.tag("code", obj.co_code, obj.co_names, obj.co_argcount)
            for c in obj.co_consts:
                self.feed(c, depth + 1)
        elif isinstance(obj, (types.ModuleType, type, types.BuiltinFunctionType)):
            self.tag("named", getattr(obj, "__module__", None), getattr(obj, "__qualname__",
                                                                        obj.__name__))
        else:
            self._object(obj, depth)

    def _function(self, fn: types.FunctionType, depth: int) -> None:
        self.tag("fn", fn.__qualname__)
        self.feed(fn.__code__, depth + 1)
        self.feed(fn.__defaults__, depth + 1)
        for cell in fn.__closure__ or ():
            try:
                self.feed(cell.cell_contents, depth + 1)
            except ValueError:  # an empty cell
                self.tag("empty")
        # the globals the code names (a helper function, a constant), not the whole module
        names: set = set()
        stack = [fn.__code__]
        while stack:
            code = stack.pop()
            names.update(code.co_names)
            stack.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
        g = fn.__globals__
        for name in sorted(names):
            if name in g:
                self.tag("global", name)
                self.feed(g[name], depth + 1)

    def _object(self, obj: Any, depth: int) -> None:
        cls = type(obj)
        self.tag("obj", cls.__module__, cls.__qualname__)
        if isinstance(obj, PipelineFunction):
            # a dataset's function: the user's Python function and its input structure
            self.feed(getattr(obj, "_func", None), depth + 1)
            self.tag(repr(getattr(getattr(obj, "_in", None), "spec", None)))
            return
        if isinstance(obj, TensorSpec) or isinstance(obj, dstruct.Structure):
            self.tag(repr(obj.spec if isinstance(obj, dstruct.Structure) else obj))
            return
        attrs: dict = {}
        for klass in cls.__mro__:
            for slot in getattr(klass, "__slots__", ()):
                if isinstance(slot, str) and hasattr(obj, slot):
                    attrs.setdefault(slot, getattr(obj, slot))
        attrs.update(getattr(obj, "__dict__", {}) or {})
        for name, value in attrs.items():
            if name in _SKIP or name.startswith("__"):
                continue
            self.tag(name)
            self.feed(value, depth + 1)


def fingerprint(dataset: DatasetV2, compression: str) -> int:
    """A 64-bit number naming `dataset`'s pipeline (and the compression): equal for the
    same pipeline built again, in this program or another."""
    h = _Hasher()
    h.tag("snapshot", compression)
    h.feed(dataset)
    return struct.unpack("<Q", h.h.digest())[0]


# ---------------------------------------------------------------------------------------
# The dataset
# ---------------------------------------------------------------------------------------

def _metadata(hash_dir: str) -> Any:
    """The hash directory's SnapshotMetadataRecord, or None when it has none."""
    name = os.path.join(hash_dir, METADATA_FILE)
    try:
        with open(name, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise os_error(e, name, "IteratorGetNext") from None
    meta = save_load._Metadata()
    try:
        meta.ParseFromString(raw)
    except Exception:  # noqa: BLE001 - protobuf's DecodeError, whatever its module
        raise DataLossError(None, None, f"Can't parse {name} as binary proto "
                                        "[Op:IteratorGetNext]") from None
    return meta


def _write_metadata(hash_dir: str, meta: Any) -> None:
    """Atomically: a temporary file renamed over the old metadata, as TF writes it."""
    tfrecord.write_atomic(os.path.join(hash_dir, METADATA_FILE), meta.SerializeToString())


class SnapshotDataset(DatasetV2):
    """TF's _SnapshotDataset: writes its input once, then reads the files back."""

    _repr_name = "_SnapshotDataset"

    def __init__(self, input_dataset: DatasetV2, path: Any, shard_func: Callable | int,
                 compression: Any = "AUTO", reader_func: Callable | None = None,
                 trace: bool = True) -> None:
        """`shard_func` a function, or a number n: the enumerated input's shard is its
        index % n (TF's default `index % cpu_count()`, computed here without a map).
        `trace` False: a reader called at each read (the raw op's: a loaded concrete
        function, already TF's function)."""
        super().__init__((input_dataset,))
        self._comp, comp_name = _compression(compression)
        self._compression_arg = compression  # (TF's node's attr, as given)
        # a path the tf.function computes is fed when the pipeline runs there
        self._symbolic = [path] if _symbolic_path(path) else []
        note_symbolic(self._symbolic)
        self._path = None if self._symbolic else _path(path)
        self._specs = save_load._flat_specs(input_dataset.element_spec, "Snapshotting")
        self._modulo = shard_func if isinstance(shard_func, int) else None
        if self._modulo is not None:
            self._source = input_dataset
        else:
            # the element with its shard index, computed when writing
            self._source = input_dataset.map(lambda *e: (e, shard_func(*e)))
            spec = dstruct.flatten(self._source.element_spec)[-1]
            if not (isinstance(spec, TensorSpec) and spec.dtype in (_dt.int32, _dt.int64)
                    and spec.shape.is_compatible_with([])):
                raise TypeError(f"Invalid `shard_func`. `shard_func` must return `tf.int64` "
                                f"scalar tensor but its return type is "
                                f"{self._source.element_spec[-1]}.")
        self._reader_func = reader_func or save_load._default_reader
        self._fn, self._returned = self._trace_reader(input_dataset.element_spec, trace)
        building = getattr(_state.graph, "building_function", False)
        self._reader_fn = self._fn if building and self._fn is not None and \
            self._fn.traced else None  # (an exported graph's reader_func)
        self._hash = fingerprint(input_dataset, comp_name)
        self._hash_dir = None if self._path is None else \
            os.path.join(self._path, str(self._hash))

    def _trace_reader(self, element_spec: Any, trace: bool) -> tuple:
        """(the reader's DatasetFunction, None), or (None, what it returned instead of a
        dataset); (None, None) untraced. TF traces reader_func now, once: each read
        instantiates it anew."""
        if not trace:
            return None, None
        try:
            fn = reader_function(self._reader_func, element_spec, "Dataset.snapshot()")
        except ReaderReturned as e:
            return None, e.value
        if not fn.traced:
            # a function that cannot take a dataset of datasets fails here, before any
            # file exists (a reader the graph can't express then runs at each read)
            empty = save_load._ShardDataset([], self._comp, dstruct.Structure(element_spec))
            self._reader_func(DatasetV2.from_tensors(empty).take(0))
        return fn, None

    def hash_dir(self, ctx: IterContext | None) -> str:
        """The folder of this pipeline's snapshot under the path (a fed path's, when the
        tf.function it was built in runs the pipeline)."""
        if not self._symbolic:
            return self._hash_dir
        t = self._symbolic[0]  # (the path)
        path = _path(fed_tensors([t], ctx)[id(t)])
        return os.path.join(path, str(self._hash))

    def _check_reader(self, out: Any) -> DatasetV2:
        if isinstance(out, (tuple, list)) and len(out) > 1:
            raise InvalidArgumentError(None, None, "reader_func returns more than one argument. "
                                                   "[Op:IteratorGetNext]")
        if not isinstance(out, DatasetV2):
            raise InvalidArgumentError(None, None, "Dataset tensor must be a scalar of dtype "
                                                   "DT_VARIANT. [Op:IteratorGetNext]")
        got = len(dstruct.flatten(out.element_spec))
        if got != len(self._specs):
            raise InternalError(None, None, f"Expected {len(self._specs)} components but got "
                                            f"{got}. [Op:IteratorGetNext]")
        return out

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        hash_dir = local_path(self.hash_dir(ctx))
        try:
            os.makedirs(hash_dir, exist_ok=True)
        except FileExistsError:
            raise not_a_directory(hash_dir) from None
        except NotADirectoryError:
            raise not_a_directory(hash_dir) from None
        except OSError as e:
            raise os_error(e, hash_dir, "MakeIterator") from None
        return _SnapshotIterator(self, ctx or IterContext(self.options()), hash_dir)

    def _reader(self, meta: Any, ctx: IterContext, hash_dir: str) -> ElementIterator:
        structure = self._inputs[0]._structure
        shards = [save_load._ShardDataset(files, self._comp, structure)
                  for files in save_load._shards(hash_dir, meta.run_id)]
        if shards:
            datasets = DatasetV2.from_tensors(shards[0])
            for ds in shards[1:]:
                datasets = datasets.concatenate(DatasetV2.from_tensors(ds))
        else:
            empty = save_load._ShardDataset([], self._comp, structure)
            datasets = DatasetV2.from_tensors(empty).take(0)
        if self._fn is None and self._returned is not None:
            self._check_reader(self._returned)
        if self._fn is None or not self._fn.traced:
            return self._check_reader(self._reader_func(datasets))._make_iterator(ctx)
        self._check_reader(self._fn.template)
        return self._fn.instantiate(ctx, (datasets,))


def not_a_directory(path: str, op: str = "MakeIterator") -> Exception:
    """TF's error where a folder of `path` is a file: it names the first such one."""
    probe = path
    while probe and not os.path.isfile(probe):
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent
    return FailedPreconditionError(None, None, f"{probe} is not a directory [Op:{op}]")


class _SnapshotIterator(ElementIterator):
    """Chooses reading or writing on the first element, as TF's iterator does."""

    __slots__ = ("_ds", "_ctx", "_dir", "_inner", "_writers", "_run_id", "_run_dir", "_done")

    def __init__(self, ds: SnapshotDataset, ctx: IterContext, hash_dir: str) -> None:
        self._ds, self._ctx, self._dir = ds, ctx, hash_dir
        self._inner: Any = None
        self._writers: dict | None = None
        self._run_id = ""
        self._run_dir = ""
        self._done = False

    def _meta(self, finalized: bool) -> Any:
        return save_load._Metadata(
            graph_hash=str(self._ds._hash), run_id=self._run_id,
            creation_timestamp=int(time.time() * 1e6), version=save_load._VERSION,
            dtype=snapshot_elements.dtype_enums(self._ds._specs), finalized=finalized)

    def _start(self) -> None:
        ds = self._ds
        meta = _metadata(self._dir)
        if meta is not None and meta.finalized:
            self._inner = ds._reader(meta, self._ctx, self._dir)
            return
        # no snapshot, or an unfinished one: this iteration writes a new run
        self._run_id = str(int.from_bytes(os.urandom(8), "little"))  # (not Python's `random`)
        self._run_dir = os.path.join(self._dir, self._run_id)
        try:
            os.makedirs(self._run_dir, exist_ok=True)
        except OSError as e:
            raise os_error(e, self._run_dir, "IteratorGetNext") from None
        _write_metadata(self._dir, self._meta(False))
        self._writers = {}
        self._inner = ds._source._make_iterator(self._ctx)

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        if self._inner is None:
            self._start()
        if self._writers is None:
            return next(self._inner)
        try:
            flat = next(self._inner)
        except StopIteration:
            self._finish()
            raise
        modulo = self._ds._modulo
        if modulo is not None:  # the enumerate index (C's % of a non-negative int64)
            shard = int(flat[0]._numpy()) % modulo
        else:
            shard_t = flat[-1]
            if shard_t.dtype is not _dt.int64:
                raise InvalidArgumentError(None, None, "`shard_func` must return a scalar "
                                                       "int64. [Op:IteratorGetNext]")
            shard = int(np.asarray(shard_t._numpy()).reshape(-1)[0]) & 0xFFFFFFFFFFFFFFFF
            flat = flat[:-1]
        w = self._writers.get(shard)
        if w is None:
            folder = os.path.join(self._run_dir, f"{shard:08d}.shard")
            try:
                w = self._writers[shard] = save_load.shard_writer(folder, self._ds._comp)
            except OSError as e:
                raise os_error(e, folder, "IteratorGetNext") from None
        for record in snapshot_elements.records(flat, self._ds._specs):
            w.write(record)
        return flat

    def _close_writers(self) -> None:
        writers, self._writers = self._writers or {}, None
        for w in writers.values():
            w.close()

    def _finish(self) -> None:
        """The input ended: the files are complete and the metadata says so."""
        self._done = True
        self._close_writers()
        _write_metadata(self._dir, self._meta(True))

    def close(self) -> None:
        # An interrupted writer keeps what it wrote, its metadata left unfinalized: the
        # next iteration writes a new run, as TF's does.
        self._done = True
        if self._writers is not None:
            self._close_writers()
        inner, self._inner = self._inner, None
        if inner is not None:
            inner.close()


# ---------------------------------------------------------------------------------------
# The public forms
# ---------------------------------------------------------------------------------------

def snapshot(dataset: DatasetV2, path: Any, compression: Any = "AUTO",
             reader_func: Callable | None = None, shard_func: Callable | None = None,
             name: str | None = None) -> DatasetV2:
    """`dataset.snapshot(path, ...)` (see the module's doc)."""
    if shard_func is not None:
        return SnapshotDataset(dataset, path, shard_func, compression, reader_func)
    snap = SnapshotDataset(dataset.enumerate(), path, os.cpu_count() or 1, compression,
                           reader_func)
    return snap.map(lambda _, elem: elem)


def experimental_snapshot(path: Any, compression: Any = "AUTO",
                          reader_func: Callable | None = None,
                          shard_func: Callable | None = None) -> Callable:
    """`tf.data.experimental.snapshot(path, ...)`: a transformation for `Dataset.apply`."""
    tf_logging.deprecated_call(
        "snapshot", EXPERIMENTAL_OPS + "snapshot",
        "Use `tf.data.Dataset.snapshot(...)`.")
    return lambda dataset: snapshot(dataset, path, compression, reader_func, shard_func)
