"""`tf.compat.v1.train.Saver`: TF 1's name-based checkpoints, in TF's checkpoint format.

Sits at the top of v1/, over train/ (io/tensor_bundle.py writes and reads the files;
io/tensor_slices.py TF 1's one-file V1 format, written with `write_version=SaverDef.V1`
and read where a prefix has no index; checkpoint_management.py the `checkpoint` state
file). A Saver maps checkpoint keys to
variables: a variable's own name ("layer1/kernel", "global_step", "w/Adam_1") for a
list, the given keys for a dict. `save` writes each variable's value in the session
(eagerly, its value) under its key as TF's Saver does (no object graph: TF 2.21's Saver
and `tf.train.load_checkpoint` read it, and this one reads TF's), records it in the state
file and deletes the checkpoints past `max_to_keep`; `restore` sets the session's values.
No `.meta` graph is written (eagerflow's graphs are not TF's GraphDefs).
"""

from __future__ import annotations

import os
import time
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest, tf_logging
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import NotFoundError, OpError
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys, GraphVariable
from eagerflow._src.function.session import Session, node_error_text
from eagerflow._src.graph.ir import user_frames
from eagerflow._src.io import bundle_protos as protos
from eagerflow._src.io import tensor_slices
from eagerflow._src.io.file_errors import local_path
from eagerflow._src.io.filesystems import is_ram
from eagerflow._src.io.tensor_bundle import BundleReader, BundleWriter
from eagerflow._src.io.tensor_slices import open_reader
from eagerflow._src.ops.checkpoint_ops import parse_spec
from eagerflow._src.train import checkpoint_management as cm
from eagerflow._src.train.graph_view import OBJECT_GRAPH_KEY
from eagerflow._src.v1.partitioned import PartitionedVariable

_RESTORE_HINT = ("Restoring from checkpoint failed. This is most likely due to {} from the "
                 "checkpoint. Please "
                 "ensure that you have not altered the graph expected based on the "
                 "checkpoint. Original error:\n\n{}")


_OBJECT_MISMATCH = (
    "\n\nExisting variables not in the checkpoint: %s\n\nVariables names when this "
    "checkpoint was written which don't exist now: %s\n\n(%d variable name(s) did "
    "match)\n\nCould not find some variables in the checkpoint (see names above). Saver "
    "was attempting to load an object-based checkpoint (saved using tf.train.Checkpoint "
    "or tf.keras.Model.save_weights) using variable names. If the checkpoint was written "
    "with eager execution enabled, it's possible that variable names have changed (for "
    "example missing a '_1' suffix). It's also possible that there are new variables "
    "which did not exist when the checkpoint was written. You can construct a "
    "Saver(var_list=...) with only the variables which previously existed, and if "
    "variable names have changed you may need to make this a dictionary with the old "
    "names as keys.")


def _key(var: Any) -> str:
    return var.name.split(":")[0]


def _parts(v: Any) -> list | None:
    """The parts of a partitioned variable (or a list of parts), else None."""
    if isinstance(v, PartitionedVariable):
        return list(v)
    if isinstance(v, (list, tuple)) and v and all(
            getattr(p, "_save_slice_info", None) is not None for p in v):
        return list(v)
    return None


def _names_to_vars(var_list: Any) -> dict:
    """{checkpoint key: variable, or the list of a partitioned variable's parts (each a
    slice of the key)}: a list's variables by their names (a part by its whole's), a dict
    as given."""
    if isinstance(var_list, dict):
        out = {}
        for k, v in var_list.items():
            if not isinstance(k, str):
                raise TypeError(f"names_to_saveables must be a dict mapping string names to "
                                f"trackable operations. Name is not a string: {k}")
            parts = _parts(v)
            out[k] = parts if parts is not None else v
        return out
    out = {}
    flat = []
    for v in (var_list if isinstance(var_list, (list, tuple)) else nest.flatten(var_list)):
        flat.extend(list(v) if isinstance(v, PartitionedVariable) else nest.flatten(v))
    for v in flat:
        if not hasattr(v, "_as_tensor"):
            raise TypeError(f"Variable to save is not a Variable: {v}")
        info = getattr(v, "_save_slice_info", None)
        if info is not None:
            group = out.setdefault(info.full_name, [])
            if not isinstance(group, list):
                raise ValueError(f"At least two variables have the same name: "
                                 f"{info.full_name}")
            group.append(v)
            continue
        name = _key(v)
        if name in out:
            raise ValueError(f"At least two variables have the same name: {name}")
        out[name] = v
    return out


SAVER_V1 = 1  # SaverDef.V1
_V1_NOTICE = ("*******************************************************",
              "TensorFlow's V1 checkpoint format has been deprecated.",
              "Consider switching to the more efficient V2 format:",
              "   `tf.train.Saver(write_version=tf.train.SaverDef.V2)`",
              "now on by default.",
              "*******************************************************")


def _write_v1(path: str, values: dict) -> None:
    """The variables' values as TF 1's V1 checkpoint file (TF's SaveSlices of them), with
    the notice TF logs at each such save."""
    for line in _V1_NOTICE:
        tf_logging.get_logger().warning(line)
    items = []
    for key in sorted(values):
        for arr, dtype, spec in values[key]:
            full, extents = list(np.shape(arr)), [(0, -1)] * np.ndim(arr)
            if spec:
                full, extents, _ = parse_spec("SaveSlices", spec)
            items.append((key, full, extents, arr, dt.as_dtype(dtype).base_dtype))
    tensor_slices.write_file(path, items)


class Saver:
    """Saves and restores variables by name (TF 1's Saver)."""

    def __init__(self, var_list: Any = None, reshape: bool = False, sharded: bool = False,
                 max_to_keep: int = 5, keep_checkpoint_every_n_hours: float = 10000.0,
                 name: str | None = None, restore_sequentially: bool = False,
                 saver_def: Any = None, builder: Any = None, defer_build: bool = False,
                 allow_empty: bool = False, write_version: int = 2,
                 pad_step_number: bool = False, save_relative_paths: bool = False,
                 filename: str | None = None) -> None:
        if defer_build and var_list:
            raise ValueError("If `var_list` is provided then build cannot be deferred. Either "
                             "set defer_build=False or var_list=None.")
        if _state.graph is None and var_list is None:
            raise RuntimeError("When eager execution is enabled, `var_list` must specify a "
                               "list or dict of variables to save")
        self._var_list = var_list
        self._max_to_keep = max_to_keep
        self._keep_hours = keep_checkpoint_every_n_hours
        self._next_keep_time = time.time() + keep_checkpoint_every_n_hours * 3600
        self._allow_empty = allow_empty
        self._pad_step_number = pad_step_number
        self._save_relative_paths = save_relative_paths
        self._filename = filename
        self._last_checkpoints: list = []
        self._to_delete: list = []
        self._vars: dict | None = None
        self._is_empty = False
        self._saver_def = saver_def
        self._write_version = write_version  # (SaverDef.V1: TF 1's one-file format)
        self._sharded = bool(sharded)  # (the layout of the graph's save ops: one file still)
        if not defer_build:
            self.build()

    def build(self) -> None:
        var_list = self._var_list
        if var_list is None:
            g = get_default_graph()
            var_list = g.get_collection(GraphKeys.GLOBAL_VARIABLES) + \
                g.get_collection(GraphKeys.SAVEABLE_OBJECTS)
        names = _names_to_vars(var_list)
        if not names:
            if not self._allow_empty:
                raise ValueError("No variables to save")
            self._is_empty = True
        self._vars = names
        g = _state.graph
        # the scope TF's save and restore ops would have ("save", "save_1", ...): what a
        # restore error names
        self._scope = self._scope_name(g)
        self._origin = user_frames()
        if g is not None and not self._is_empty:
            # (where TF's save ops would be: a GraphDef writes them there)
            self._graph_position = len(g.operations)
            g.savers.append(self)

    def _scope_name(self, g: Any) -> str:
        return g.unique_name("save") if g is not None else "save"

    def _node_error(self, message: str) -> str:
        """`message` as TF's Session words the error of the restore op."""
        return node_error_text(f"{self._scope}/RestoreV2", self._origin, message)

    # -- the state of old checkpoints ---------------------------------------------------
    @property
    def last_checkpoints(self) -> list:
        return [p for p, _ in self._last_checkpoints]

    def set_last_checkpoints(self, last_checkpoints: list) -> None:
        if not isinstance(last_checkpoints, list):
            raise TypeError("last_checkpoints must be a list.")
        self._last_checkpoints = [(p, np.inf) for p in last_checkpoints]

    def set_last_checkpoints_with_time(self, last_checkpoints_with_time: list) -> None:
        self._last_checkpoints = list(last_checkpoints_with_time)

    def recover_last_checkpoints(self, checkpoint_paths: list) -> None:
        times = [(p, os.path.getmtime(p + ".index")) for p in checkpoint_paths
                 if cm.checkpoint_exists(p)]
        self.set_last_checkpoints_with_time(times)

    def _record(self, path: str) -> None:
        if not self._max_to_keep:
            return
        self._last_checkpoints = [(p, t) for p, t in self._last_checkpoints if p != path]
        self._last_checkpoints.append((path, time.time()))
        if len(self._last_checkpoints) > self._max_to_keep:
            self._to_delete.append(self._last_checkpoints.pop(0))

    def _delete_old(self, meta_graph_suffix: str) -> None:
        if not self._to_delete:
            return
        path, made = self._to_delete.pop(0)
        if made > self._next_keep_time:  # (one kept every keep_checkpoint_every_n_hours)
            self._next_keep_time += self._keep_hours * 3600
            return
        if self._write_version == SAVER_V1:
            if os.path.isfile(path):
                os.remove(path)
        else:
            cm.remove_checkpoint(path)
        meta = f"{path}.{meta_graph_suffix}"
        if os.path.exists(meta):
            os.remove(meta)

    # -- save and restore ---------------------------------------------------------------
    def _value(self, sess: Any, var: Any) -> np.ndarray:
        if isinstance(var, GraphVariable):
            return np.asarray(sess.run(var))
        return np.asarray(var.numpy())

    def save(self, sess: Any, save_path: str, global_step: Any = None,
             latest_filename: str | None = None, meta_graph_suffix: str = "meta",
             write_meta_graph: bool = True, write_state: bool = True,
             strip_default_attrs: bool = False, save_debug_info: bool = False) -> Any:
        """Writes the variables' values to `save_path` (with "-<global_step>"); returns the
        checkpoint's prefix (None for an empty Saver)."""
        if self._vars is None:
            raise RuntimeError("`build()` should be called before save if defer_build==True")
        if latest_filename is None:
            latest_filename = "checkpoint"
        if os.path.split(latest_filename)[0]:
            raise ValueError("'latest_filename' must not contain path components")
        save_path = os.fspath(save_path)
        if global_step is not None:
            if not isinstance(global_step, (int, np.integer)):
                global_step = int(sess.run(global_step) if sess is not None
                                  else global_step.numpy())
            checkpoint_file = (f"{save_path}-{global_step:08d}" if self._pad_step_number
                               else f"{save_path}-{global_step}")
        else:
            checkpoint_file = save_path
            if os.path.basename(save_path) == latest_filename:
                raise ValueError(f"'latest_filename' collides with 'save_path': "
                                 f"'{latest_filename}' and '{save_path}'")
        if _state.graph is not None and not isinstance(sess, Session):
            raise TypeError(f"'sess' must be a Session; {sess}")
        parent = os.path.dirname(save_path)
        if self._is_empty:
            return None
        if _state.graph is None:  # (eagerly TF's save op fails first, on another scheme)
            save_path = local_path(save_path)
        if parent and not is_ram(parent) and not os.path.isdir(parent):  # (RAM: none needed)
            raise ValueError(f"Parent directory of {save_path} doesn't exist, can't save.")
        values = {k: [(self._value(sess, p), p.dtype, p._save_slice_info.spec) for p in v]
                  if isinstance(v, list) else [(self._value(sess, v), v.dtype, "")]
                  for k, v in self._vars.items()}
        if self._write_version == SAVER_V1:
            _write_v1(checkpoint_file, values)
        else:
            writer = BundleWriter(checkpoint_file)
            try:
                for key in sorted(values):
                    for arr, dtype, spec in values[key]:
                        writer.add(key, arr, dt.as_dtype(dtype).base_dtype, spec=spec)
                writer.finish()
            except BaseException:
                writer.abort()
                raise
        if write_state:
            self._record(checkpoint_file)
            cm.update_checkpoint_state_internal(
                parent, checkpoint_file, self.last_checkpoints, latest_filename,
                self._save_relative_paths)
            self._delete_old(meta_graph_suffix)
        return checkpoint_file

    def restore(self, sess: Any, save_path: Any) -> None:
        """Sets the variables to their values in the checkpoint `save_path`."""
        if self._is_empty:
            return
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        prefix = os.fspath(save_path)
        if not cm.checkpoint_exists(prefix):
            raise ValueError("The passed save_path is not a valid checkpoint: " + prefix)
        tf_logging.get_logger().info("Restoring parameters from %s", prefix)
        reader = open_reader(prefix)  # (TF 1's V1 file where there is no index, as TF's)
        try:
            keys = self._checkpoint_keys(reader)
            arrays = {}
            for key, var in self._vars.items():
                first = var[0] if isinstance(var, list) else var
                # (TF's restore assigns without a shape check, as TF 2.21's does)
                arrays[key] = reader.read(keys[key]).astype(
                    dt.as_dtype(first.dtype).as_numpy_dtype, copy=False)
        finally:
            reader.close()
        for key, var in self._vars.items():  # (all read and checked before any is set)
            for v, arr in _slices_of(var, arrays[key]):
                if isinstance(v, GraphVariable):
                    sess._values[v._key] = np.array(arr)
                else:
                    v.assign(arr)

    def _checkpoint_keys(self, reader: BundleReader) -> dict:
        """{saver key: checkpoint key}: the same in a name-based checkpoint; in an
        object-based one (tf.train.Checkpoint's, where a key is missing) the key its object
        graph records for the variable's name, as TF's Saver falls back to."""
        missing = [k for k in self._vars if not reader.has(k)]
        if not missing:
            return {k: k for k in self._vars}
        names_to_keys = _object_graph_keys(reader)
        if names_to_keys is None:
            raise _wrap(NotFoundError(None, None, self._node_error(
                f"Key {missing[0]} not found in checkpoint")),
                "a Variable name or other graph key that is missing")
        tf_logging.get_logger().warning(
            "Restoring an object-based checkpoint using a name-based saver. This may be "
            "somewhat fragile, and will re-build the Saver. Instead, consider loading "
            "object-based checkpoints using tf.train.Checkpoint().")
        current, previous = set(self._vars), set(names_to_keys)
        if current - previous:
            raise NotFoundError(None, None, _OBJECT_MISMATCH % (
                ", ".join(sorted(current - previous)), ", ".join(sorted(previous - current)),
                len(current & previous)))
        return {k: names_to_keys[k] for k in self._vars}

    def as_saver_def(self) -> None:
        return None  # (TF's SaverDef names the graph's save ops; eagerflow builds none)

    def export_meta_graph(self, filename: str | None = None, **kwargs: Any) -> Any:
        raise NotImplementedError("export_meta_graph: eagerflow's graphs are not written as "
                                  "TF MetaGraphDefs (save with tf.compat.v1.saved_model or "
                                  "rebuild the graph in Python)")


def _object_graph_keys(reader: BundleReader) -> dict | None:
    """{variable name when saved: checkpoint key} of an object-based checkpoint (its
    object graph's attributes), or None for a name-based one."""
    if not reader.has(OBJECT_GRAPH_KEY):
        return None
    proto = protos.TrackableObjectGraph()
    proto.ParseFromString(reader.read(OBJECT_GRAPH_KEY)[()])
    return {a.full_name: a.checkpoint_key for node in proto.nodes for a in node.attributes}


def _slices_of(var: Any, arr: np.ndarray) -> list:
    """(variable, its value): a partitioned variable's parts each its slice of `arr`."""
    if not isinstance(var, list):
        return [(var, arr)]
    out = []
    for p in var:
        info = p._save_slice_info
        index = tuple(slice(o, o + n) for o, n in zip(info.var_offset, info.var_shape))
        out.append((p, arr[index]))
    return out


def _wrap(err: OpError, reason: str) -> OpError:
    return type(err)(None, None, _RESTORE_HINT.format(reason, err.message))
