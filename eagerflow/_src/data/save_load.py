"""`Dataset.save` / `Dataset.load` (and tf.data.experimental's): TF's snapshot format.

Data layer, over io/ (TFRecord framing, TensorProto, StructuredValue). TF 2.21 writes a
saved dataset as:

    path/dataset_spec.pb        the element_spec, a serialized StructuredValue
    path/snapshot.metadata      a SnapshotMetadataRecord (run id, flat dtypes, element
                                count, finalized), serialized, no framing
    path/<run id>/<shard:08d>.shard/<file:08d>.snapshot
                                TFRecord files (compressed whole when asked), one record
                                per flat component of each element: its TensorProto
                                (sparse and ragged tensors as variants:
                                snapshot_elements.py)

The run id is a random unsigned 64-bit number in decimal; a new save into the same path
adds a run and rewrites the metadata, which names the run `load` reads. Without a
`shard_func` every element goes to shard 0; with one, to the shard it returns (a scalar
int64, its bits read as unsigned). `load` reads each shard's files in order as one
dataset, and gives `reader_func` the dataset of those datasets (TF's default interleaves
them, `cycle_length` the number of CPUs); its cardinality is the saved element count.
As TF, `reader_func` is traced once, when `load` builds the dataset, as a flat_map's
function (dataset_functions.py), and each iterator instantiates it: a seeded shuffle in
it repeats its order on every pass, an unseeded one draws new seeds each pass.

A distributed snapshot (tf.data.experimental.distributed_save: distributed_save.py) has a
text-format snapshot.metadata; `load` reads its committed chunks, as they come while the
save runs, and gives `reader_func` the dataset of them (TF's default: the interleave, in
parallel).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from google.protobuf import descriptor_pool, text_format

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.composite import NoneTensorSpec
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    DataLossError,
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    op_error,
)
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import snapshot_elements as elements
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import EXPERIMENTAL_OPS, UNKNOWN, DatasetV2, made_stamp
from eagerflow._src.data.dataset_functions import (
    ReaderReturned,
    iteration_counts,
    reader_function,
    restart,
)
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.io import structured_value, tensor_proto, tfrecord
from eagerflow._src.io.file_errors import local_path
from eagerflow._src.io.filesystems import uri
from eagerflow._src.io.protos import build, field, message
from eagerflow._src.ops.eager_errors import raised_eagerly

SPEC_FILE = "dataset_spec.pb"
METADATA_FILE = "snapshot.metadata"
_VERSION = 2  # the snapshot format version TF 2.21 writes

_pool = descriptor_pool.DescriptorPool()
# TF's tensorflow/core/protobuf/snapshot.proto, field for field (DataType as its varint)
_snapshot_protos = build(_pool, "tensorflow/core/protobuf/snapshot.proto",
                         "tensorflow.data.experimental", [
    message("SnapshotMetadataRecord", [
        field("graph_hash", 1, "string"), field("run_id", 2, "string"),
        field("creation_timestamp", 3, "int64"), field("version", 4, "int64"),
        field("dtype", 5, "int32", repeated=True), field("num_elements", 6, "int64"),
        field("finalized", 1000, "bool"),
    ]),
    # a distributed snapshot's snapshot.metadata, in text format
    message("DistributedSnapshotMetadata", [
        field("element_spec", 1, "bytes"), field("compression", 2, "string"),
    ]),
])
_Metadata = _snapshot_protos["tensorflow.data.experimental.SnapshotMetadataRecord"]
DistributedMetadata = _snapshot_protos["tensorflow.data.experimental.DistributedSnapshotMetadata"]

# the files of a distributed snapshot (tf.data.experimental.distributed_save) that its
# readers look at: the committed chunks, and the markers of a finished or failed save
CHUNKS_DIR = "chunks"
DONE_FILE = "DONE"
ERROR_FILE = "ERROR"


def _compression(value: Any) -> str:
    """'' / 'GZIP' / 'ZLIB' / 'SNAPPY' from `compression`; TF's writer falls back to no
    compression for a name it does not know (it logs an error), and so does this."""
    if value is None:
        return ""
    if not isinstance(value, (str, bytes)):  # (TF's op attr: a string)
        raise TypeError(f"Expected string for argument 'compression' not {value!r}.")
    if isinstance(value, bytes):
        value = value.decode()
    return value if value in ("GZIP", "ZLIB", "SNAPPY") else ""


def record_writer(name: str, compression: str) -> tfrecord.RecordWriter:
    """The writer of a file of element records, `compression` as _compression gives."""
    return tfrecord.RecordWriter(name, "SNAPPY" if compression == "SNAPPY"
                                 else tfrecord.TFRecordOptions(compression))


def shard_writer(folder: str, compression: str) -> tfrecord.RecordWriter:
    """The writer of a shard's first (and only) file, `compression` as _compression gives."""
    os.makedirs(folder, exist_ok=True)
    return record_writer(os.path.join(folder, "00000000.snapshot"), compression)


_flat_specs = elements.flat_specs


# ---------------------------------------------------------------------------------------
# Saving
# ---------------------------------------------------------------------------------------

def save(dataset: DatasetV2, path: Any, compression: Any = None, shard_func: Callable | None = None,
         checkpoint_args: dict | None = None) -> None:
    """Writes `dataset` under `path` in TF's snapshot format (see the module's doc)."""
    if not isinstance(path, (str, bytes, os.PathLike)):  # (TF makes its directory first)
        raise TypeError(f"Expected binary or unicode string, got {path!r}")
    path = local_path(os.fsdecode(path))
    if checkpoint_args:  # (a save that checkpoints its progress: save_checkpoint.py)
        return dataset.save(path, compression, shard_func, checkpoint_args)
    spec = dataset.element_spec
    specs = _flat_specs(spec, "Saving")
    comp = _compression(compression)
    write_spec(path, spec)
    source = dataset
    if shard_func is not None:
        # the element and its shard, from one pass over the data (a shuffle stays whole)
        source = dataset.map(lambda *e: (e, shard_func(*e)))
        shard_spec = dstruct.flatten(source.element_spec)[-1]
        if not (isinstance(shard_spec, TensorSpec) and shard_spec.dtype is _dt.int64
                and shard_spec.shape.rank == 0):
            raise InvalidArgumentError(None, None, "`shard_func` must return a scalar int64. "
                                                   "[Op:SaveDataset]")
    # drawn from the OS, as TF's kernel draws it (random::New64): the Python `random`
    # stream that keras.utils.set_random_seed seeds stays where the user left it
    run_id = str(int.from_bytes(os.urandom(8), "little"))
    run_dir = os.path.join(path, run_id)
    writers: dict = {}
    count = 0
    it = source._make_iterator(IterContext(source.options()))
    try:
        for flat in it:
            shard = 0
            if shard_func is not None:
                shard = int(flat[-1]._numpy()) & 0xFFFFFFFFFFFFFFFF
                flat = flat[:-1]
            w = writers.get(shard)
            if w is None:
                w = writers[shard] = shard_writer(os.path.join(run_dir, f"{shard:08d}.shard"),
                                                  comp)
            for record in elements.records(flat, specs):
                w.write(record)
            count += 1
    finally:
        it.close()
        for w in writers.values():
            w.close()
    os.makedirs(run_dir, exist_ok=True)
    write_metadata(path, run_id, specs, count, True)


def write_spec(path: str, element_spec: Any) -> None:
    """The saved dataset's element spec file (in a folder made if missing)."""
    os.makedirs(path, exist_ok=True)
    tfrecord.write_atomic(os.path.join(path, SPEC_FILE),
                          spec_bytes(element_spec))


def spec_bytes(element_spec: Any) -> bytes:
    """The element spec's StructuredValue, serialized with its dicts' keys in order (TF's
    protobuf map order varies from run to run; this is one of its orders, always)."""
    return structured_value.encode(element_spec).SerializeToString(deterministic=True)


def write_metadata(path: str, run_id: str, specs: list, count: int, finalized: bool) -> None:
    """The saved dataset's metadata file: its run, element dtypes and count, and whether
    the run is complete."""
    meta = _Metadata(run_id=run_id, creation_timestamp=int(time.time() * 1e6),
                     version=_VERSION, dtype=elements.dtype_enums(specs),
                     num_elements=count, finalized=finalized)
    tfrecord.write_atomic(os.path.join(path, METADATA_FILE), meta.SerializeToString())


# ---------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------

def _read_metadata(path: str) -> Any:
    try:
        with open(os.path.join(path, METADATA_FILE), "rb") as f:
            raw = f.read()
    except OSError:
        raise NotFoundError(None, None, f"Could not find metadata file [{path}] "
                                        "[Op:LoadDataset]") from None
    meta = _Metadata()
    try:
        meta.ParseFromString(raw)
    except Exception:  # noqa: BLE001 - protobuf's DecodeError, whatever its module
        raise DataLossError(None, None, f"Could not parse metadata file [{path}] "
                                        "[Op:LoadDataset]") from None
    return meta


def _load_element_spec(path: str) -> Any:
    name = os.path.join(path, SPEC_FILE)
    if not os.path.exists(name):
        raise NotFoundError(None, None, "tf.data snapshot element_spec file not found: "
                                        f"{uri(name)}.")
    with open(name, "rb") as f:
        sv = structured_value.message_class()()
        try:
            sv.ParseFromString(f.read())
            return structured_value.decode(sv)
        except Exception:  # noqa: BLE001 - an undecodable file, as TF words it
            raise NotFoundError(None, None, "tf.data snapshot element_spec file not found or "
                                            f"invalid: {name}.") from None


class _ShardIterator(ElementIterator):
    """The elements of one shard: its files' records, `n` TensorProtos an element."""

    __slots__ = ("_files", "_comp", "_specs", "_reader")

    def __init__(self, files: list, comp: str, specs: tuple) -> None:
        self._files, self._comp, self._specs = list(files), comp, specs
        self._reader: Any = None

    def _record(self) -> bytes | None:
        while True:
            if self._reader is None:
                if not self._files:
                    return None
                self._reader = tfrecord.RecordReader(self._files.pop(0), self._comp,
                                                     op="IteratorGetNext")
            rec = self._reader.read_record()
            if rec is not None:
                return rec
            self._reader.close()
            self._reader = None

    def __next__(self) -> tuple:
        out: list = []
        i = 0  # (the component's index among those with a record: a None has none)
        for spec in self._specs:
            if type(spec) is NoneTensorSpec:
                out.append(None)
                continue
            rec = self._record()
            if rec is None:  # the end (a partial element at the end is dropped, as TF does)
                raise StopIteration
            tp = tensor_proto.message_class()()
            tp.ParseFromString(rec)
            out.append(elements.decode(tp, spec, i))
            i += 1
        return tuple(out)

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        self._files = []


class _ShardDataset(DatasetV2):
    """One shard of a saved dataset (the elements `reader_func`'s datasets hold)."""

    _repr_name = "_ShardDataset"

    def __init__(self, files: list, comp: str, structure: dstruct.Structure) -> None:
        super().__init__((), structure)
        self._files, self._comp = files, comp

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _ShardIterator(self._files, self._comp, self._structure.specs)

    def _cardinality(self) -> int:
        return UNKNOWN  # the records are counted only by reading them


def _shards(path: str, run_id: str) -> list:
    """The files of each shard of run `run_id`, shards in index order."""
    run_dir = os.path.join(path, run_id)
    try:
        names = os.listdir(run_dir)
    except OSError:
        return []
    shards = sorted((n for n in names if n.endswith(".shard")), key=lambda n: int(n[:-6]))
    out = []
    for s in shards:
        folder = os.path.join(run_dir, s)
        files = sorted(f for f in os.listdir(folder) if f.endswith(".snapshot"))
        out.append([os.path.join(folder, f) for f in files])
    return out


def _default_reader(datasets: DatasetV2) -> DatasetV2:
    # TF's default: an interleave of the shards, one per CPU. Its deterministic parallel
    # form gives the elements in this order too; run in threads here it only waits on the
    # GIL (parsing is Python-bound: 20k elements read in 3.3 s instead of 1.8 s)
    return datasets.interleave(lambda x: x, cycle_length=os.cpu_count() or 1)


class LoadDataset(DatasetV2):
    """A saved dataset read back: `reader_func` over the dataset of its shards."""

    _repr_name = "_LoadDataset"

    def __init__(self, path: str, element_spec: Any, compression: str,
                 reader_func: Callable | None, trace: bool = True) -> None:
        """`trace` False: a reader that runs eagerly, once, here (the raw op's reader: a
        loaded concrete function, already TF's function)."""
        meta = _read_metadata(path)
        structure = dstruct.Structure(element_spec)
        _flat_specs(element_spec, "Loading")
        shard_sets = [_ShardDataset(files, compression, structure)
                      for files in _shards(path, meta.run_id)]
        if shard_sets:
            datasets = DatasetV2.from_tensors(shard_sets[0])
            for ds in shard_sets[1:]:
                datasets = datasets.concatenate(DatasetV2.from_tensors(ds))
        else:
            empty = _ShardDataset([], compression, structure)
            datasets = DatasetV2.from_tensors(empty).take(0)
        self._datasets, self._fn, self._fresh = datasets, None, []
        out = self._reader_output(reader_func or _default_reader, element_spec, trace)
        building = getattr(_state.graph, "building_function", False)
        self._reader_fn = self._fn if building and self._fn is not None and \
            self._fn.traced else None  # (an exported graph's reader_func)
        # TF takes whatever the function returns; its kernel refuses anything but one
        # dataset as the iterator is made
        self._refusal = None if isinstance(out, DatasetV2) else \
            "reader_func returns more than one argument." if out is None or (
                isinstance(out, (tuple, list)) and len(out) != 1) else \
            "Dataset tensor must be a scalar of dtype DT_VARIANT."
        self._out = out
        # (a traced reader's template is no input: its tensors are its function's, fed when
        # it is instantiated, as a flat_map's)
        traced = self._fn is not None and self._fn.traced
        super().__init__((out,) if self._refusal is None and not traced else (), structure)
        self._count = int(meta.num_elements)
        self._path, self._compression_arg = path, compression  # (TF's node's)

    def _reader_output(self, reader: Callable, element_spec: Any, trace: bool) -> Any:
        """What `reader` returns: its template, traced once here as TF traces it, or the
        value of one eager call (a reader the graph can't express, or the raw op's)."""
        if trace:
            try:
                self._fn = reader_function(reader, element_spec, "Dataset.load()")
            except ReaderReturned as e:
                return e.value
            if self._fn.traced:
                return self._fn.template
        since = made_stamp()
        out = reader(self._datasets)
        self._fresh = iteration_counts(out, since) if isinstance(out, DatasetV2) else []
        return out

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        if self._refusal is not None:
            error = raised_eagerly(op_error(InvalidArgumentError, "MakeIterator",
                                            self._refusal), host=True)
            error.at_iter = True  # (`iter(dataset)` raises)
            raise error
        out = self._out
        if self._fn is not None and self._fn.traced:
            # TF instantiates the traced reader_func for each iterator
            it = self._fn.instantiate(ctx, (self._datasets,))
        else:
            restart(self._fresh)  # (as a new call's datasets would)
            it = out._make_iterator(ctx)
        have = [s for s in dstruct.flatten(out.element_spec)
                if not isinstance(s, NoneTensorSpec)]
        return it if _same_dtypes(have, self._structure.specs) else \
            _Mismatched(it, have, self._structure.specs)

    def _cardinality(self) -> int:
        return self._count


def _same_dtypes(have: list, specs: tuple) -> bool:
    specs = [s for s in specs if not isinstance(s, NoneTensorSpec)]
    return len(have) == len(specs) and all(
        getattr(h, "dtype", None) is getattr(s, "dtype", None) for h, s in zip(have, specs))


class _Mismatched(ElementIterator):
    """The elements of a reader_func's dataset whose components are not the saved ones:
    TF's IteratorGetNext refuses the first (the count, then each component's dtype)."""

    __slots__ = ("_it", "_have", "_specs")

    def __init__(self, it: ElementIterator, have: list, specs: tuple) -> None:
        self._it, self._have = it, have
        self._specs = [s for s in specs if not isinstance(s, NoneTensorSpec)]

    def __next__(self) -> tuple:
        next(self._it)  # (an empty dataset ends without the check)
        have, want = self._have, self._specs
        if len(have) != len(want):
            raise InternalError(None, None, f"Expected {len(want)} components but got "
                                            f"{len(have)}. [Op:IteratorGetNext]")
        i, (h, w) = next((i, p) for i, p in enumerate(zip(have, want))
                         if getattr(p[0], "dtype", None) is not getattr(p[1], "dtype", None))
        raise InvalidArgumentError(None, None, f"Data type mismatch at component {i}: expected "
                                               f"{_dt.dtype_word(w.dtype)} but got "
                                               f"{_dt.dtype_word(h.dtype)}. [Op:IteratorGetNext]")

    def close(self) -> None:
        self._it.close()


def load(path: Any, element_spec: Any = None, compression: Any = None,
         reader_func: Callable | None = None, wait: bool = False) -> DatasetV2:
    """Reads back what `save` (or TF's) wrote under `path`; `wait` retries every 5 seconds
    until the snapshot exists, as TF does."""
    path = os.fsdecode(path.numpy() if isinstance(path, EagerTensor) else path)
    # (TF's first read of another scheme's snapshot is its metadata file)
    path = local_path(path, os.path.join(path, "snapshot.metadata"))
    comp = _compression(compression)
    while True:
        try:
            distributed = read_distributed_metadata(path)
            if distributed is not None:
                return _load_distributed(path, distributed, element_spec, compression,
                                         reader_func)
            spec = element_spec if element_spec is not None else _load_element_spec(path)
            return LoadDataset(path, spec, comp, reader_func)
        except (NotFoundError, FileNotFoundError):
            if not wait:
                raise
            time.sleep(5)


# ---------------------------------------------------------------------------------------
# Distributed snapshots (written by tf.data.experimental.distributed_save)
# ---------------------------------------------------------------------------------------

def read_distributed_metadata(path: str) -> Any:
    """The DistributedSnapshotMetadata of a distributed snapshot at `path`; None where the
    metadata file is missing or is not one (a `save`'s binary record)."""
    try:
        with open(os.path.join(path, METADATA_FILE), encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError):
        return None
    meta = DistributedMetadata()
    try:
        text_format.Parse(text, meta)
    except text_format.ParseError:
        return None
    return meta


def _load_distributed(path: str, meta: Any, element_spec: Any, compression: Any,
                      reader_func: Callable | None) -> DatasetV2:
    """`reader_func` over the dataset of the snapshot's chunks (TF's default: an
    interleave of them, one per CPU, in parallel), after TF's checks of the snapshot."""
    error = os.path.join(path, ERROR_FILE)
    if os.path.exists(error):
        with open(error, encoding="utf-8", errors="replace") as f:
            status = f.read()
        raise ValueError(f"Failed to load tf.data snapshot at {path}. The save job failed "
                         f"to write it. Status: {status}")
    saved_spec = structured_value.decode(_parse_structured(meta.element_spec))
    if element_spec and element_spec != saved_spec:
        raise ValueError(f"Failed to load tf.data snapshot at {path}. User specified "
                         f"element_spec {element_spec}, but the actual element_spec is "
                         f"{saved_spec}.")
    if compression and compression != meta.compression:
        raise ValueError(f"Failed to load tf.data snapshot at {path}. User specified "
                         f"compression {compression}, but the actual compression is "
                         f"{meta.compression}.")
    _flat_specs(saved_spec, "Loading")
    chunks = _ChunksDataset(path, dstruct.Structure(saved_spec),
                            _compression(meta.compression))
    if reader_func is None:
        return chunks.interleave(lambda x: x, cycle_length=os.cpu_count() or 1,
                                 num_parallel_calls=-1)
    return reader_func(chunks)


def _parse_structured(raw: bytes) -> Any:
    sv = structured_value.message_class()()
    sv.ParseFromString(raw)
    return sv


def chunk_order(name: str) -> tuple:
    """A committed chunk's place in the listing, from its name chunk_<stream>_<chunk>_<n>:
    by chunk index, then stream (each stream's chunks in the order they were written)."""
    _, stream, chunk, _ = name.split("_")
    return int(chunk), int(stream)


class _ChunksIterator(ElementIterator):
    """The committed chunks as datasets, each once; while the save runs, it waits for
    more until the snapshot is done (as TF's chunk listing does)."""

    __slots__ = ("_path", "_structure", "_comp", "_seen", "_ready")

    def __init__(self, path: str, structure: dstruct.Structure, comp: str) -> None:
        self._path, self._structure, self._comp = path, structure, comp
        self._seen: set = set()
        self._ready: list = []

    def __next__(self) -> tuple:
        folder = os.path.join(self._path, CHUNKS_DIR)
        while not self._ready:
            done = os.path.exists(os.path.join(self._path, DONE_FILE))
            try:
                names = [n for n in os.listdir(folder) if n.startswith("chunk_")]
            except FileNotFoundError:
                names = []
            fresh = sorted((n for n in names if n not in self._seen), key=chunk_order)
            self._seen.update(fresh)
            self._ready = fresh
            if fresh:
                break
            if done:
                raise StopIteration
            if os.path.exists(os.path.join(self._path, ERROR_FILE)):
                raise StopIteration
            time.sleep(0.05)
        name = self._ready.pop(0)
        return (_ShardDataset([os.path.join(folder, name)], self._comp, self._structure),)


class _ChunksDataset(DatasetV2):
    """The dataset of a distributed snapshot's chunks (each a dataset of its elements)."""

    _repr_name = "_ListSnapshotChunksDataset"

    def __init__(self, path: str, structure: dstruct.Structure, comp: str) -> None:
        super().__init__((), dstruct.Structure(dstruct.DatasetSpec(structure.spec)))
        self._path, self._elements, self._comp = path, structure, comp

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _ChunksIterator(self._path, self._elements, self._comp)


def experimental_save(dataset: DatasetV2, path: Any, compression: Any = None,
                      shard_func: Callable | None = None,
                      checkpoint_args: dict | None = None) -> None:
    """`tf.data.experimental.save(dataset, path, ...)`: `dataset.save(path, ...)`."""
    tf_logging.deprecated_call(
        "save", EXPERIMENTAL_OPS + "io",
        "Use `tf.data.Dataset.save(...)` instead.")
    dataset.save(path, compression, shard_func, checkpoint_args)


def experimental_load(path: Any, element_spec: Any = None, compression: Any = None,
                      reader_func: Callable | None = None) -> DatasetV2:
    """`tf.data.experimental.load(path, ...)`: `Dataset.load` without `wait`."""
    tf_logging.deprecated_call(
        "load", EXPERIMENTAL_OPS + "io",
        "Use `tf.data.Dataset.load(...)` instead.")
    return load(path, element_spec, compression, reader_func)
