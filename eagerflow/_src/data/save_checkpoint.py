"""`Dataset.save(path, checkpoint_args=...)`: a save that checkpoints its progress, as TF 2.21.

Data layer, over save_load.py (the files) and train/ (Checkpoint, CheckpointManager). TF
runs such a save as an iterator over a SaveDatasetV2 (`_SaveDataset`): making the
iterator starts a run (a new run id, its folder, the metadata unfinalized), then

    checkpoint = tf.train.Checkpoint(iterator=<the save iterator>)
    checkpoint_args["checkpoint"] = checkpoint        (the caller's dict is changed)
    manager = tf.train.CheckpointManager(**checkpoint_args)
    checkpoint.restore(manager.latest_checkpoint)
    for each element: step_counter.assign_add(1) (when given); manager.save(check_interval=True)

and this module does the same with eagerflow's checkpoints. What TF's iterator does, and
so does this one:
- each checkpoint closes the shards' files: file k of a shard holds what was written
  between checkpoints k - 1 and k (`<shard>/<k:08d>.snapshot`); a file is appended to, not
  replaced, when a resumed save writes to it again;
- without a `shard_func` every element goes to shard `1 % <CPUs>` (TF's V2 writer counts
  from 0 on each element: shard 00000001 on a machine of several CPUs);
- the elements are written one ahead of the loop: TF's tf.data inserts a prefetch after the
  save (its `inject_prefetch` optimization), whose buffer is checkpointed with the input;
  TF's autotuning may let it run further ahead, eagerflow keeps to one;
- the finalized metadata counts the input's cardinality (-2 when unknown), not the
  elements written;
- restoring takes the run id and file number from the checkpoint and rewrites the
  metadata unfinalized for that run (the run folder the new iterator made stays, empty).

A checkpoint holds the save's position in eagerflow's iterator-state form (the input is
replayed to it on restore), so TF's checkpoints of a save in progress don't resume here nor
ours in TF; the dataset files are TF's either way. TF 2.21 itself can't `load` a shard of
several files (its reader returns an empty element between two files: "Expected 1
components but got 0"); eagerflow reads them all, in order.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.core.trackable import Trackable
from eagerflow._src.data import save_load
from eagerflow._src.data import snapshot_elements as elements
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.owned_iterator import OwnedIterator
from eagerflow._src.data.parallel import schedulable_cores
from eagerflow._src.io import tfrecord
from eagerflow._src.train.checkpoint import Checkpoint
from eagerflow._src.train.checkpoint_management import CheckpointManager

_FORMAT = "eagerflow.data.SaveDataset writer:"
_END = object()


def _unsharded(elem: tuple) -> Any:
    """The user's element of an (element's arguments, shard) pair."""
    args = elem[0]
    return args[0] if len(args) == 1 else args


class _AppendingWriter:
    """A shard file's TFRecord writer that keeps what the file held (TF opens the files of a
    save with NewAppendableFile): the old bytes first, then the new records, committed
    atomically on close."""

    def __init__(self, path: str, compression: str) -> None:
        old = b""
        if os.path.exists(path):
            with open(path, "rb") as f:
                old = f.read()
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self._w = tfrecord.RecordWriter(path, "SNAPPY" if compression == "SNAPPY"
                                        else tfrecord.TFRecordOptions(compression))
        if old:
            self._w._file.write(old)

    def write(self, record: bytes) -> None:
        self._w.write(record)

    def close(self) -> None:
        self._w.close()


class SaveIterator(Trackable):
    """The iterator of TF's _SaveDataset: yields the input's elements while writing them
    (one ahead), and saves its position, run id and file number in checkpoints."""

    def __init__(self, dataset: DatasetV2, path: str, compression: str,
                 shard_func: Callable | None) -> None:
        self._path, self._comp = path, compression
        self._specs = elements.flat_specs(dataset.element_spec, "Saving")
        self._cardinality = int(dataset.cardinality())
        self._sharded = shard_func is not None
        source = dataset.map(lambda *e: (e, shard_func(*e))) if self._sharded else dataset
        if self._sharded:
            shard_spec = dstruct.flatten(source.element_spec)[-1]
            if not (isinstance(shard_spec, TensorSpec) and shard_spec.dtype is _dt.int64
                    and shard_spec.shape.num_elements() in (1, None)):
                raise InvalidArgumentError(None, None, "`shard_func` must return a scalar "
                                                       "int64. [Op:IteratorGetNext]")
        self._inner = OwnedIterator(source)
        self._writers: dict = {}
        self._pending: Any = None  # the element written ahead (or _END)
        self._finished = False
        self._checkpoint_id = 0
        self._run_id = int.from_bytes(os.urandom(8), "little")  # (not Python's `random`)
        self._start_run()

    def _start_run(self) -> None:
        os.makedirs(os.path.join(self._path, str(self._run_id)), exist_ok=True)
        self._write_metadata(0, False)

    def _write_metadata(self, count: int, finalized: bool) -> None:
        save_load.write_metadata(self._path, str(self._run_id), self._specs, count, finalized)

    # -- iteration ---------------------------------------------------------------------
    def __iter__(self) -> SaveIterator:
        return self

    def __next__(self) -> Any:
        if self._pending is None:
            self._pending = self._pull()
        out = self._pending
        if out is _END:
            raise StopIteration
        self._pending = self._pull()
        return out

    def _pull(self) -> Any:
        """The input's next element, written to its shard; at the end the files are
        closed and the metadata finalized."""
        if self._finished:
            return _END
        try:
            elem = next(self._inner)
        except StopIteration:
            self._finished = True
            self._close_writers()
            self._write_metadata(self._cardinality, True)
            return _END
        flat = dstruct.flatten(elem)
        if self._sharded:
            shard_t = flat[-1]
            shard = int(np.asarray(shard_t._numpy()).reshape(-1)[0]) & 0xFFFFFFFFFFFFFFFF
            flat = flat[:-1]
            elem = _unsharded(elem)
        else:
            shard = 1 % schedulable_cores()
        w = self._writers.get(shard)
        if w is None:
            name = os.path.join(self._path, str(self._run_id), f"{shard:08d}.shard",
                                f"{self._checkpoint_id:08d}.snapshot")
            w = self._writers[shard] = _AppendingWriter(name, self._comp)
        for record in elements.records(flat, self._specs):
            w.write(record)
        return elem

    def _close_writers(self) -> None:
        writers, self._writers = self._writers, {}
        for w in writers.values():
            w.close()

    def close(self) -> None:
        """Closes the open files (what was written stays, as when TF's iterator goes)."""
        self._close_writers()

    # -- checkpoints -------------------------------------------------------------------
    def _serialize_to_tensors(self) -> dict:
        inner = self._inner._position_text()
        pending = "none" if self._pending is None else "end" if self._pending is _END \
            else "element"
        # as TF's: the files so far are closed, the next ones numbered on, and a restored
        # save writes to those next ones
        self._close_writers()
        self._checkpoint_id += 1
        a = np.empty((), dtype=object)
        a[()] = (f"{_FORMAT}{self._run_id};{self._checkpoint_id};{pending};"
                 f"{inner}").encode()
        return {"ITERATOR_STATE": EagerTensor(a, _dt.string)}

    def _restore_from_tensors(self, tensors: dict) -> None:
        text = np.asarray(tensors["ITERATOR_STATE"]).reshape(()).item()
        text = text.decode() if isinstance(text, bytes) else str(text)
        if not text.startswith(_FORMAT):
            raise InvalidArgumentError(None, None, "This iterator state was not saved by "
                                       "eagerflow's Dataset.save (TensorFlow's serialized "
                                       "iterator states can't be read) [Op:DeserializeIterator]")
        run_id, ckpt_id, pending, inner = text[len(_FORMAT):].split(";", 3)
        self._close_writers()
        self._run_id, self._checkpoint_id = int(run_id), int(ckpt_id)
        self._start_run()
        count, _, epochs = inner[len("eagerflow.data.Iterator position:"):].partition(";")
        count = int(count)
        ahead = pending == "element" and count > 0
        # the element written ahead is read again, not written again
        state = f"eagerflow.data.Iterator position:{count - 1 if ahead else count};{epochs}"
        s = np.empty((), dtype=object)
        s[()] = state.encode()
        self._inner._restore_from_tensors({"ITERATOR_STATE": s})
        self._finished = pending == "end"
        if ahead:
            elem = next(self._inner)
            self._pending = _unsharded(elem) if self._sharded else elem
        else:
            self._pending = _END if self._finished else None


def save(dataset: DatasetV2, path: str, compression: str, shard_func: Callable | None,
         checkpoint_args: dict) -> None:
    """The checkpointed save (see the module's doc)."""
    save_load.write_spec(path, dataset.element_spec)
    iterator = SaveIterator(dataset, path, compression, shard_func)
    try:
        if "checkpoint" in checkpoint_args:
            raise ValueError("'Invalid `checkpoint_args`. `checkpoint_args` are not allowed to "
                             "include 'checkpoint'.")
        checkpoint = Checkpoint(iterator=iterator)
        checkpoint_args["checkpoint"] = checkpoint
        manager = CheckpointManager(**checkpoint_args)
        checkpoint.restore(manager.latest_checkpoint)
        for _ in iterator:
            if "step_counter" in checkpoint_args:
                checkpoint_args["step_counter"].assign_add(delta=1)
            manager.save(check_interval=True)
    finally:
        iterator.close()
