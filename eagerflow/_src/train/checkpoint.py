"""tf.train.Checkpoint: object-based saving and restoring in TensorFlow's format.

Sits at the top of train/'s checkpoint half: graph_view.py names what to save,
tensor_bundle.py writes and reads the files, restore.py matches a saved graph to
live objects, checkpoint_management.py keeps the `checkpoint` state file. Keras'
save_weights/load_weights use `save_object_graph` / `restore_object_graph` with
the model as the root.
"""

from __future__ import annotations

import math
import os
import time
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import DataLossError, NotFoundError
from eagerflow._src.core.trackable import AutoTrackable, is_trackable
from eagerflow._src.io import bundle_protos as protos
from eagerflow._src.io.tensor_bundle import BundleReader, bundle_writer, missing_data
from eagerflow._src.ops.checkpoint_ops import no_tensors
from eagerflow._src.ops.variables import Variable
from eagerflow._src.train import checkpoint_management as cm
from eagerflow._src.train import sharding, worker_files
from eagerflow._src.train.graph_view import (
    OBJECT_GRAPH_KEY,
    ObjectGraph,
    has_saveables,
    tensor_array,
)
from eagerflow._src.train.restore import Restore, assign_eagerly


class CheckpointOptions:
    """Options for saving and restoring (accepted for API compatibility; local files only)."""

    def __init__(self, experimental_io_device: str | None = None,
                 experimental_enable_async_checkpoint: bool = False,
                 experimental_write_callbacks: Any = None, enable_async: bool = False,
                 experimental_skip_slot_variables: bool = False,
                 experimental_sharding_callback: Any = None) -> None:
        self.experimental_io_device = experimental_io_device
        self.enable_async = enable_async or experimental_enable_async_checkpoint
        self.experimental_enable_async_checkpoint = self.enable_async
        self.experimental_write_callbacks = experimental_write_callbacks
        self.experimental_skip_slot_variables = experimental_skip_slot_variables
        self.experimental_sharding_callback = experimental_sharding_callback


def _require_eager(what: str) -> None:
    if _state.graph is not None:
        raise RuntimeError(f"{what} runs eagerly in eagerflow: call it outside tf.function")


# dtensor/save_restore.py's writer of checkpoints holding DVariables, once it is loaded
DTENSOR_WRITER: list = [None]


def save_object_graph(root: Any, file_prefix: str, extra: dict | None = None,
                      options: CheckpointOptions | None = None) -> str:
    """Writes the graph reachable from `root` (plus `extra` root children) to `file_prefix`."""
    _require_eager("Saving a checkpoint")
    return write_object_graph(ObjectGraph(root, extra), file_prefix, options)


def write_object_graph(graph: ObjectGraph, file_prefix: str,
                       options: CheckpointOptions | None = None) -> str:
    """Writes the values of `graph`'s objects, with the graph itself, to `file_prefix`:
    one data file, or the shards a sharding callback (or the tasks) make (sharding.py)."""
    file_prefix = os.fspath(file_prefix)
    start = time.time() * 1e6
    proto, values = graph.serialize()
    callback = getattr(options, "experimental_sharding_callback", None)
    shards = None
    if sharding.needs_shards(graph.owners, callback):
        shards = sharding.plan(values, graph.owners, proto.SerializeToString(), callback)
    # TF's functional saver logs this at absl's INFO: silent, but absl's first message
    # configures the root logger (core/tf_logging.py), doubling TF's warnings from then on
    tf_logging.absl_info("Sharding callback duration: %s microseconds",
                         math.ceil(time.time() * 1e6 - start))
    if shards is not None:
        return _write_shards(file_prefix, shards)
    if DTENSOR_WRITER[0] is not None and DTENSOR_WRITER[0](
            file_prefix, proto.SerializeToString(), values, graph.owners):
        return file_prefix  # (DVariables: their slices in one file per device)
    with bundle_writer(file_prefix) as writer:
        writer.add(OBJECT_GRAPH_KEY, proto.SerializeToString(), dt.string)
        for key in sorted(values):
            arr, dtype = values[key]()
            writer.add(key, arr, dtype)
    return file_prefix


def _write_shards(file_prefix: str, shards: list) -> str:
    """Each shard ({key: {slice spec: tensor}}) as one data file, in order."""
    if not shards or not all(shards):
        raise no_tensors("SaveV2", "dtypes")
    with bundle_writer(file_prefix, len(shards)) as writer:
        for shard_id, shard in enumerate(shards):
            for key, slices in shard.items():
                for spec, tensor in slices.items():
                    arr, dtype = tensor_array(tensor)
                    writer.add(key, arr, dtype, shard=shard_id, spec=spec.strip())
    return file_prefix


def open_checkpoint(save_path: str) -> tuple:
    """(reader, TrackableObjectGraph or None) of the checkpoint at `save_path`."""
    reader = BundleReader(os.fspath(save_path))
    if not reader.has(OBJECT_GRAPH_KEY):
        return reader, None
    try:
        raw = reader.read(OBJECT_GRAPH_KEY)[()]
    except NotFoundError as e:
        raise missing_data(e) from None
    proto = protos.TrackableObjectGraph()
    try:
        proto.ParseFromString(raw)
    except Exception:
        raise DataLossError(None, None, f"The object graph of checkpoint {save_path} can't be "
                                        "parsed: the file is corrupted") from None
    return reader, proto


def restore_object_graph(root: Any, save_path: str, extra: dict | None = None,
                         extra_owner: Any = None) -> Any:
    """Restores `root`'s graph from `save_path`; returns a load status."""
    _require_eager("Restoring a checkpoint")
    save_path = os.fspath(save_path)
    reader, proto = open_checkpoint(save_path)
    if proto is None:
        return NameBasedSaverStatus(reader, root, extra)
    restore = Restore(reader, proto, save_path, root, extra, extra_owner)
    restore.run()
    return CheckpointLoadStatus(restore, root, extra)


def _live_graph(root: Any, extra: dict | None) -> ObjectGraph:
    return ObjectGraph(root, extra)


class CheckpointLoadStatus:
    """What `restore()` matched; the assert_* methods check it against the live program."""

    def __init__(self, restore: Restore, root: Any, extra: dict | None) -> None:
        self._restore = restore
        self._root = root
        self._extra = extra

    def _live_with_values(self) -> list:
        return [o for o in _live_graph(self._root, self._extra).live_objects()
                if has_saveables(o)]

    def _matched_ids(self) -> set:
        r = self._restore
        return {id(r.live(n)) for n in r.matched if r.live(n) is not None}

    def assert_consumed(self) -> CheckpointLoadStatus:
        """Every saved value was restored and every live variable got a saved value."""
        self.assert_existing_objects_matched()
        r = self._restore
        missing = r.unresolved()
        if missing:
            nid = missing[0]
            raise AssertionError(f"Unresolved object in checkpoint {r.pretty()[nid]}: "
                                 f"{r.proto.nodes[nid]}")
        if r.unused_attributes:
            names = r.pretty()
            lines = "\n".join(f"    {names.get(n, n)}: {attrs}"
                              for n, attrs in r.unused_attributes.items())
            raise AssertionError("Unused attributes in these objects (the attributes exist in the "
                                 f"checkpoint but were not restored):\n{lines}")
        return self

    def assert_existing_objects_matched(self) -> CheckpointLoadStatus:
        """Every live object holding values matched something in the checkpoint."""
        matched = self._matched_ids()
        unused = [o for o in self._live_with_values() if id(o) not in matched]
        if unused:
            shown = min(10, len(unused))
            raise AssertionError(
                f"Found {len(unused)} Python objects that were not bound to checkpointed values, "
                f"likely due to changes in the Python program. Showing {shown} of {len(unused)} "
                f"unmatched objects: {unused[:shown]}")
        return self

    def assert_nontrivial_match(self) -> CheckpointLoadStatus:
        """Something besides the root matched."""
        if len(self._restore.matched) <= 1:
            matched = self._matched_ids()
            unused = [o for o in self._live_with_values() if id(o) not in matched]
            if unused:
                raise AssertionError(
                    "Nothing except the root object matched a checkpointed value. Typically this "
                    "means that the checkpoint does not match the Python program. The following "
                    f"objects have no matching checkpointed value: {unused}")
            raise AssertionError(f"Nothing to load. No dependencies have been added to "
                                 f"{self._root} yet.")
        return self

    def expect_partial(self) -> CheckpointLoadStatus:
        """Silences the warnings about values left unrestored."""
        self._restore.expect_partial = True
        return self

    def run_restore_ops(self, session: Any = None) -> None:
        """Restores already happened eagerly."""

    def initialize_or_restore(self, session: Any = None) -> None:
        """Restores already happened eagerly."""


class InitializationOnlyStatus:
    """The status of `restore(None)`: nothing to restore; variables keep their initializers."""

    def __init__(self, root: Any) -> None:
        self._root = root

    def _fail(self) -> None:
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being "
                             "restored.")

    def assert_consumed(self) -> Any:
        self._fail()

    def assert_existing_objects_matched(self) -> Any:
        self._fail()

    def assert_nontrivial_match(self) -> Any:
        self._fail()

    def expect_partial(self) -> InitializationOnlyStatus:
        return self

    def run_restore_ops(self, session: Any = None) -> None:
        self._fail()

    def initialize_or_restore(self, session: Any = None) -> None:
        """Variables are initialized when they are created in eager execution."""


class NameBasedSaverStatus:
    """Restore from a name-based (TF1 `Saver`) checkpoint: variables matched by their names."""

    def __init__(self, reader: BundleReader, root: Any, extra: dict | None) -> None:
        self._root, self._extra = root, extra
        self._unmatched: list = []
        plan = []
        for obj in _live_graph(root, extra).live_objects():
            if not hasattr(obj, "assign") or not hasattr(obj, "_as_tensor"):
                continue
            key = obj._name.split(":")[0]
            if not reader.has(key):
                self._unmatched.append(obj)
                continue
            arr = reader.read(key)
            if reader.dtype(key) is not obj.dtype or not obj.shape.is_compatible_with(arr.shape):
                raise ValueError(f"Checkpoint tensor {key} of shape {reader.shape(key)} and dtype "
                                 f"{reader.dtype(key).name} can't be restored into variable "
                                 f"{obj.name} of shape {obj.shape} and dtype {obj.dtype.name}")
            plan.append((obj, arr))
        for obj, arr in plan:
            assign_eagerly(obj, arr)
        self._matched = len(plan)

    def assert_consumed(self) -> NameBasedSaverStatus:
        if self._unmatched:
            raise AssertionError(f"Some objects had no saved values: {self._unmatched}")
        return self

    def assert_existing_objects_matched(self) -> NameBasedSaverStatus:
        return self.assert_consumed()

    def assert_nontrivial_match(self) -> NameBasedSaverStatus:
        if not self._matched:
            raise AssertionError("No variable matched a name in the checkpoint.")
        return self

    def expect_partial(self) -> NameBasedSaverStatus:
        return self

    def run_restore_ops(self, session: Any = None) -> None:
        pass

    def initialize_or_restore(self, session: Any = None) -> None:
        pass


def _not_trackable(name: str, value: Any) -> ValueError:
    return ValueError(f"`Checkpoint` was expecting {name} to be a trackable object (an object "
                      f"derived from `Trackable`), got {value}. If you believe this object should "
                      "be trackable (i.e. it is part of the TensorFlow Python API and manages "
                      "state), please open an issue.")


class Checkpoint(AutoTrackable):
    """Groups trackable objects, saving and restoring them together.

    `Checkpoint(**kwargs)` saves each keyword's object (and everything reachable from
    it) under that name; `Checkpoint(root)` makes `root` the root of the saved graph.
    """

    def __init__(self, root: Any = None, **kwargs: Any) -> None:
        object.__setattr__(self, "_save_counter", None)
        object.__setattr__(self, "_root", None)
        if root is not None:
            if not is_trackable(root):
                raise _not_trackable("root", root)
            object.__setattr__(self, "_root", root)
        for k, v in sorted(kwargs.items(), key=lambda kv: kv[0]):
            if not (is_trackable(v) or isinstance(v, (list, tuple, dict))):  # TF wraps these
                raise _not_trackable(k, v)
            setattr(self, k, v)

    # -- the save counter ----------------------------------------------------------------
    @property
    def save_counter(self) -> Any:
        """Incremented by save(): the number of the next checkpoint minus one (int64)."""
        self._maybe_create_save_counter()
        return self._save_counter

    def _maybe_create_save_counter(self) -> None:
        if self._save_counter is not None:
            return
        st = _state
        graph, scopes = st.graph, st.name_scopes
        st.graph, st.name_scopes = None, []  # created eagerly, unscoped, even mid-trace
        try:
            v = Variable(0, dtype=dt.int64, trainable=False, name="save_counter")
        finally:
            st.graph, st.name_scopes = graph, scopes
        object.__setattr__(self, "_save_counter", v)
        self._track("save_counter", v)

    def _graph_root(self) -> tuple:
        if self._root is None:
            return self, None
        return self._root, self._trackable_children()

    # -- saving --------------------------------------------------------------------------
    def write(self, file_prefix: Any, options: CheckpointOptions | None = None) -> str:
        """Writes a checkpoint at exactly `file_prefix` (no counter, no state file)."""
        root, extra = self._graph_root()
        file_prefix = os.fspath(file_prefix)
        with worker_files.save_scope():  # multi-worker: only the chief's files are kept
            save_object_graph(root, worker_files.redirect(file_prefix), extra, options)
        return file_prefix

    def save(self, file_prefix: Any, options: CheckpointOptions | None = None) -> str:
        """Writes `file_prefix-N` (N = the incremented save counter) and records it as latest."""
        _require_eager("tf.train.Checkpoint.save()")
        file_prefix = os.fspath(file_prefix)
        self._maybe_create_save_counter()
        counter = self._save_counter
        assign_eagerly(counter, counter.numpy() + 1)
        try:
            with worker_files.save_scope():
                path = self.write(f"{file_prefix}-{int(counter.numpy())}", options)
                if worker_files.is_writer():
                    cm.update_checkpoint_state_internal(
                        save_dir=os.path.dirname(file_prefix), model_checkpoint_path=path,
                        all_model_checkpoint_paths=[path], save_relative_paths=True)
        except BaseException:
            assign_eagerly(counter, counter.numpy() - 1)  # a failed save doesn't use a number
            raise
        return path

    # -- restoring -----------------------------------------------------------------------
    def read(self, save_path: Any, options: CheckpointOptions | None = None) -> Any:
        """Restores from `save_path` (as written by write() or save()); returns a status."""
        root, extra = self._graph_root()
        return restore_object_graph(root, os.fspath(save_path), extra,
                                    self if extra is not None else None)

    def restore(self, save_path: Any, options: CheckpointOptions | None = None) -> Any:
        """Restores from `save_path`; `None` gives a status that only initializes."""
        if save_path is None:
            self._maybe_create_save_counter()
            return InitializationOnlyStatus(self)
        save_path = os.fspath(save_path)
        try:
            status = self.read(save_path, options)
        except NotFoundError as e:
            raise NotFoundError(
                None, None, f"Error when restoring from checkpoint or SavedModel at {save_path}: "
                f"{e.message}\nPlease double-check that the path is correct. You may be missing "
                "the checkpoint suffix (e.g. the '-1' in 'path/to/ckpt-1').") from None
        # Created after reading, so that a saved counter reaches it by deferred restoration.
        self._maybe_create_save_counter()
        return status

    def sync(self) -> None:
        """Waits for asynchronous saves (eagerflow saves synchronously)."""
