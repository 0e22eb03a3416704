"""The files of a distributed snapshot (tf.data.experimental.distributed_save), as TF 2.21
lays them out.

Data layer, over save_load.py, whose element records, spec file and readers they share;
service.py's dispatcher runs the save. Under the snapshot's path:

    snapshot.metadata         DistributedSnapshotMetadata in text format: the element
                              spec's StructuredValue and the compression ("AUTO" written
                              as SNAPPY, a name TF does not know kept as given)
    dataset_spec.pb           the element spec, as `save` writes it
    dataset_def.proto         TF's DatasetDef (the pipeline's GraphDef, which TF's
                              dispatcher reads back to resume a save; a Python pipeline
                              has none, so it holds an empty graph)
    chunks/chunk_<stream>_<chunk>_<elements>
                              the committed chunks: TFRecord files, compressed whole, of
                              one TensorProto per flat component of each element
    prefetched_splits/source_<i>/
    streams/stream_<s>/       a worker's part of the save:
        owner_worker          its worker's address
        splits/source_<i>/repetition_<r>/split_<local>_<global>
                              each split it read (a TFRecord of the split's TensorProtos),
                              by its index in the stream and in the source's repetition
        uncommitted_chunks/   chunks being written (renamed into chunks/ when complete)
        DONE                  the stream has read all its splits
    DONE                      every stream is done (ERROR instead: the save failed, its
                              status inside)

`Dataset.load` (save_load.py) reads the committed chunks, in TF's and eagerflow's form.
"""

from __future__ import annotations

import os
import re
from typing import Any

from google.protobuf import text_encoding, text_format

from eagerflow._src.data import save_load
from eagerflow._src.data import snapshot_elements as elements
from eagerflow._src.io import tfrecord

# TF's largest chunk (WorkerConfig.snapshot_max_chunk_size_bytes): a stream commits its
# chunk when it grows past this
MAX_CHUNK_BYTES = 6 << 30
# a serialized DatasetDef holding an empty GraphDef
_EMPTY_DATASET_DEF = b"\n\x00"


def metadata_compression(compression: Any) -> str:
    """The compression a snapshot's metadata names: AUTO is SNAPPY, None none."""
    if compression is None:
        return ""
    if isinstance(compression, bytes):
        compression = compression.decode()
    return "SNAPPY" if compression == "AUTO" else str(compression)


def status_text(error: BaseException) -> str:
    """An error as TF's ERROR file holds it: a StatusProto in text format (its code's
    name, its message)."""
    name = type(error).__name__
    code = "UNKNOWN"
    if name.endswith("Error") and name not in ("Error", "OpError"):
        code = re.sub(r"(?<!^)(?=[A-Z])", "_", name[:-5]).upper()
    message = getattr(error, "message", None) or str(error)
    return f'code: {code}\nmessage: "{text_encoding.CEscape(message, as_utf8=True)}"\n'


class SnapshotFiles:
    """The folder of one distributed snapshot, as the save writes it."""

    def __init__(self, path: str, element_spec: Any, compression: Any,
                 spec: bytes | None = None) -> None:
        """`spec`: the element spec's serialized StructuredValue as the caller gave it
        (TF's DistributedSave op writes what its metadata holds, nothing when it holds
        none); None: `element_spec`'s."""
        self.path = path
        self.compression = metadata_compression(compression)
        self.comp = save_load._compression(self.compression)
        self.specs = save_load._flat_specs(element_spec, "Saving")
        self._spec = save_load.spec_bytes(element_spec) if spec is None else spec

    def start(self, num_sources: int) -> None:
        """The files written before any element: metadata, specs, the folders."""
        path = self.path
        os.makedirs(path, exist_ok=True)
        tfrecord.write_atomic(os.path.join(path, save_load.SPEC_FILE), self._spec)
        tfrecord.write_atomic(os.path.join(path, "dataset_def.proto"), _EMPTY_DATASET_DEF)
        meta = save_load.DistributedMetadata(element_spec=self._spec,
                                             compression=self.compression)
        tfrecord.write_atomic(os.path.join(path, save_load.METADATA_FILE),
                              text_format.MessageToString(meta).encode())
        os.makedirs(os.path.join(path, save_load.CHUNKS_DIR), exist_ok=True)
        for i in range(num_sources):
            os.makedirs(os.path.join(path, "prefetched_splits", f"source_{i}"), exist_ok=True)

    def stream(self, index: int, owner: str) -> StreamFiles:
        return StreamFiles(self, index, owner)

    def finish(self, error: BaseException | None = None) -> None:
        """The snapshot's marker: DONE, or ERROR with the failure's status."""
        if error is None:
            tfrecord.write_atomic(os.path.join(self.path, save_load.DONE_FILE), b"")
        else:
            tfrecord.write_atomic(os.path.join(self.path, save_load.ERROR_FILE),
                                  status_text(error).encode())


class StreamFiles:
    """One stream's folder: the splits it read and the chunks it writes."""

    def __init__(self, snapshot: SnapshotFiles, index: int, owner: str) -> None:
        self._snapshot, self.index = snapshot, index
        self.folder = os.path.join(snapshot.path, "streams", f"stream_{index}")
        self._uncommitted = os.path.join(self.folder, "uncommitted_chunks")
        os.makedirs(self._uncommitted, exist_ok=True)
        tfrecord.write_atomic(os.path.join(self.folder, "owner_worker"), owner.encode())
        self._local: dict = {}  # (source, repetition) -> splits this stream read of it
        self._chunk = 0
        self._writer: tfrecord.RecordWriter | None = None
        self._count = 0
        self._bytes = 0

    def split(self, source: int, repetition: int, index: int, split: tuple,
              specs: tuple) -> None:
        """Records that this stream read split `index` of the source's repetition."""
        folder = os.path.join(self.folder, "splits", f"source_{source}",
                              f"repetition_{repetition}")
        os.makedirs(folder, exist_ok=True)
        local = self._local.get((source, repetition), 0)
        self._local[(source, repetition)] = local + 1
        data = b"".join(tfrecord.frame(r) for r in elements.records(split, specs))
        tfrecord.write_atomic(os.path.join(folder, f"split_{local}_{index}"), data)

    def write(self, flat: tuple) -> None:
        """One element into the stream's current chunk."""
        if self._writer is None:
            self._writer = save_load.record_writer(
                os.path.join(self._uncommitted, f"chunk_{self._chunk}"), self._snapshot.comp)
        for record in elements.records(flat, self._snapshot.specs):
            self._writer.write(record)
            self._bytes += len(record)
        self._count += 1
        if self._bytes >= MAX_CHUNK_BYTES:
            self.commit()

    def commit(self) -> None:
        """The current chunk, complete, renamed into the snapshot's chunks."""
        if self._writer is None:
            return
        self._writer.close()
        self._writer = None
        name = f"chunk_{self.index}_{self._chunk}_{self._count}"
        os.replace(os.path.join(self._uncommitted, f"chunk_{self._chunk}"),
                   os.path.join(self._snapshot.path, save_load.CHUNKS_DIR, name))
        self._chunk += 1
        self._count = self._bytes = 0

    def done(self) -> None:
        self.commit()
        tfrecord.write_atomic(os.path.join(self.folder, save_load.DONE_FILE), b"")

    def abandon(self) -> None:
        """A stream stopped early: its chunk in progress stays uncommitted."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
