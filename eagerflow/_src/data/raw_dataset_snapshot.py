"""TF's older and lower snapshot ops: SnapshotDataset (TF 1's snapshot, V1), the readers
of a snapshot's shards (SnapshotDatasetReader, SnapshotNestedDatasetReader) and of a
distributed snapshot's chunks (ListSnapshotChunksDataset, SnapshotChunkDataset).

Data layer, over snapshot.py and save_load.py (the files they read and write).

SnapshotDataset checks its attrs as TF's kernel does (compression '', GZIP or SNAPPY; mode
auto, read, write or passthrough; an expiry of a second at least) and then: "auto" is the
snapshot of snapshot.py (it writes its input once under the pipeline's hash, then reads
the files back), "write" writes a new run each iteration, "read" reads the last one
written (NotFoundError "Metadata file does not exist." when there is none) and
"passthrough" gives its input. Its files are TF 2's snapshot files (snapshot.py's): TF's
V1 writes another layout, which this neither writes nor reads; its reader and writer
threads, buffers, shard sizes and shuffle_on_read are TF's tuning, not read here.

SnapshotDatasetReader gives the elements of one shard folder of a snapshot run (its
.snapshot files, in order), from `start_index` on; SnapshotNestedDatasetReader is the
dataset of its input datasets (each element one of them). ListSnapshotChunksDataset gives
the paths of a distributed snapshot's committed chunks (chunk index, then stream), and
SnapshotChunkDataset the elements of one chunk file. (TF 2.21 can't iterate the readers
eagerly: their graphs don't serialize; these read.)
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import NotFoundError, UnimplementedError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import save_load
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import UNKNOWN, DatasetV2
from eagerflow._src.data.dataset_variants import dataset_of, flat_input, structure_of
from eagerflow._src.data.iterators import ElementIterator, IterContext, ListIterator
from eagerflow._src.data.raw_dataset_extra import listed_op
from eagerflow._src.data.snapshot import SnapshotDataset, _metadata, _write_metadata
from eagerflow._src.ops import checks as C

_MODES = ("auto", "read", "write", "passthrough")
_COMPRESSIONS = ("", "GZIP", "SNAPPY")


def _text(value: Any) -> str:
    v = np.asarray(value, object)[()]
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def _scalar_text(op: str, value: Any, arg: str) -> str:
    if np.ndim(value):
        raise C.fail(op, f"{arg} must be a scalar")
    return _text(value)


def _word(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


# -- SnapshotDataset (V1) ------------------------------------------------------------------------

class _Refused(ElementIterator):
    """An iterator whose first element is an error (TF's reader fails as it starts)."""

    __slots__ = ("_error",)

    def __init__(self, error: Exception) -> None:
        self._error = error

    def __next__(self) -> tuple:
        raise self._error

    def close(self) -> None:
        pass


class SnapshotV1(SnapshotDataset):
    """TF 1's snapshot in mode "auto", "read" or "write" (snapshot.py's files)."""

    def __init__(self, input_dataset: DatasetV2, path: str, compression: str,
                 mode: str) -> None:
        super().__init__(input_dataset, path, os.cpu_count() or 1, compression)
        self._mode = mode

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        meta = _metadata(self._hash_dir) if os.path.isdir(self._hash_dir) else None
        if self._mode == "read" and (meta is None or not meta.finalized):
            return _Refused(NotFoundError(None, None, "Metadata file does not exist. "
                                                      "[Op:IteratorGetNext]"))
        if self._mode == "write" and meta is not None and meta.finalized:
            meta.finalized = False  # (a new run is written over the last)
            _write_metadata(self._hash_dir, meta)
        return super()._make_iterator(ctx)


def _snapshot_v1(op: str, input_dataset: Any, path: Any, *, compression: Any = "",
                 mode: Any = "auto", pending_snapshot_expiry_seconds: int = 86400,
                 **_: Any) -> tuple:
    comp, how = _word(compression), _word(mode)
    if comp not in _COMPRESSIONS:
        raise C.fail(op, "compression must be either '', 'GZIP' or 'SNAPPY'.")
    if int(pending_snapshot_expiry_seconds) < 1:
        raise C.fail(op, "pending_snapshot_expiry_seconds must be at least 1 second.")
    if how not in _MODES:
        raise C.fail(op, "mode must be either 'auto', 'read', 'write', or 'passthrough'.")
    ds = flat_input(op, input_dataset)
    where = _scalar_text(op, path, "path")
    if how == "passthrough":
        return ds, "SnapshotDatasetOp::Dataset"
    return SnapshotV1(ds, where, comp, how), "SnapshotDatasetOp::Dataset"


SNAPSHOT_V1 = listed_op("SnapshotDataset", _snapshot_v1)


# -- SnapshotDatasetReader, SnapshotNestedDatasetReader ------------------------------------------

def _structure(output_types: tuple, output_shapes: tuple) -> dstruct.Structure:
    return dstruct.Structure(structure_of(tuple(output_types), tuple(output_shapes)))


def _reader(op: str, shard_dir: Any, start_index: Any, *, output_types: tuple = (),
            output_shapes: tuple = (), compression: Any = "", version: int = 2,
            **_: Any) -> tuple:
    folder = _scalar_text(op, shard_dir, "shard_dir")
    if np.ndim(start_index):
        raise C.fail(op, "start_index must be a scalar")
    if int(version) != 2:
        raise UnimplementedError(None, None, f"Snapshot version {int(version)} is not read "
                                             f"here: only version 2's files are [Op:{op}]")
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".snapshot"))
    except OSError:
        names = []
    files = [os.path.join(folder, n) for n in names]
    shard = save_load._ShardDataset(files, _word(compression),
                                    _structure(output_types, output_shapes))
    return shard.skip(int(np.asarray(start_index))), "SnapshotDatasetReader"


SNAPSHOT_READER = listed_op("SnapshotDatasetReader", _reader)


class NestedReader(DatasetV2):
    """A dataset of datasets: each of its inputs, in turn (count unknown, as TF's)."""

    _repr_name = "_SnapshotNestedDatasetReader"

    def __init__(self, datasets: list, structure: Any) -> None:
        super().__init__(tuple(datasets), dstruct.Structure(dstruct.DatasetSpec(structure)))
        self._datasets = datasets

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return ListIterator([(d,) for d in self._datasets])

    def _cardinality(self) -> int:
        return UNKNOWN


def _nested(op: str, *inputs: Any, output_types: tuple = (), output_shapes: tuple = (),
            **_: Any) -> tuple:
    datasets = [dataset_of(op, v) for v in inputs]
    spec = structure_of(tuple(output_types), tuple(output_shapes))
    return NestedReader(datasets, spec), "SnapshotNestedDatasetReader"


SNAPSHOT_NESTED_READER = listed_op("SnapshotNestedDatasetReader", _nested)


# -- ListSnapshotChunksDataset, SnapshotChunkDataset ---------------------------------------------

class ChunkList(DatasetV2):
    """The paths of a distributed snapshot's committed chunks, listed as it is iterated."""

    _repr_name = "_ListSnapshotChunksDataset"

    def __init__(self, path: str) -> None:
        super().__init__((), dstruct.Structure(TensorSpec([], dt.string)))
        self._path = path

    def _names(self) -> list:
        folder = os.path.join(self._path, save_load.CHUNKS_DIR)
        try:
            names = [n for n in os.listdir(folder) if n.startswith("chunk_")]
        except OSError:
            return []
        return [os.path.join(folder, n) for n in sorted(names, key=save_load.chunk_order)]

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return ListIterator([(EagerTensor(np.array(p.encode(), object), dt.string, CPU_DEVICE),)
                             for p in self._names()])

    def _cardinality(self) -> int:
        done = os.path.exists(os.path.join(self._path, save_load.DONE_FILE))
        return len(self._names()) if done else UNKNOWN


def _list_chunks(op: str, snapshot_path: Any, **_: Any) -> tuple:
    return ChunkList(_scalar_text(op, snapshot_path, "snapshot_path")), \
        "ListSnapshotChunksDatasetDatasetOp::Dataset"


LIST_SNAPSHOT_CHUNKS = listed_op("ListSnapshotChunksDataset", _list_chunks)


def _chunk(op: str, chunk_file: Any, *, output_types: tuple = (), output_shapes: tuple = (),
           compression: Any = "", **_: Any) -> tuple:
    path = _scalar_text(op, chunk_file, "chunk_file")
    return save_load._ShardDataset([path], _word(compression),
                                   _structure(output_types, output_shapes)), \
        "SnapshotChunkDataset"


SNAPSHOT_CHUNK = listed_op("SnapshotChunkDataset", _chunk)

# (ops whose samples would need snapshot files written first)
NO_SAMPLES = ("SnapshotDataset", "SnapshotDatasetReader", "SnapshotNestedDatasetReader",
              "ListSnapshotChunksDataset", "SnapshotChunkDataset")
