"""TF 1's meta graphs: tf.compat.v1.train.export_meta_graph and the Saver that writes them.

Sits in saved_model/ over graph_export.py (the GraphDef) and v1/saver.py (the Saver this
one extends); meta_graph_import.py reads them back. A MetaGraphDef is what TF 1 writes
beside a checkpoint (`model.ckpt-N.meta`) and inside a TF 1 SavedModel:

- meta_info_def: the op interfaces the graph uses (stripped_op_list), TF's version, tags;
- graph_def: every operation of the graph, with each Saver's save and restore subgraph;
- saver_def: the names TF's Saver runs (save/Const:0, save/control_dependency:0,
  save/restore_all), the Saver's max_to_keep, keep_checkpoint_every_n_hours, V2;
- collection_def: the graph's collections as TF exports them: the variable collections
  (variables, trainable_variables, global_step, ...) as serialized VariableDefs naming
  each variable's handle, initializer, read and initial value; tensors and operations by
  name (node_list); strings, ints and floats as lists. A collection holding anything
  else (a Python object) is left out, as TF leaves it out with a warning.

TF 2.21 imports such a file with `import_meta_graph`, restores the Saver's checkpoint
through `save/restore_all` and trains on with the collection's train op.
"""

from __future__ import annotations

import os
import warnings
from typing import Any

from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys, GraphVariable
from eagerflow._src.graph.ir import Graph, Operation
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.io import fileio
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.function_export import ExportError
from eagerflow._src.saved_model.graph_export import GraphWriter, write_graph
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.v1 import saver as v1_saver

TF_VERSION = "2.21.0"
TF_GIT_VERSION = "eagerflow"

# The collections TF writes as serialized VariableDefs (its registered proto functions).
VARIABLE_COLLECTIONS = frozenset((
    GraphKeys.GLOBAL_VARIABLES, GraphKeys.LOCAL_VARIABLES, GraphKeys.MODEL_VARIABLES,
    GraphKeys.TRAINABLE_VARIABLES, GraphKeys.MOVING_AVERAGE_VARIABLES, GraphKeys.GLOBAL_STEP,
    GraphKeys.METRIC_VARIABLES))


def _variable_pb() -> Any:
    from tensorboard.compat.proto import variable_pb2  # the saved_model extra, as pb()
    return variable_pb2


def variable_def(w: GraphWriter, var: GraphVariable) -> Any:
    """TF's VariableDef of a graph's variable (resource or reference)."""
    vd = _variable_pb().VariableDef()
    vd.variable_name = w.tensor_name(var)
    vd.initializer_name = w.op_name(var._initializer_op)
    ref = var._ref_nodes  # (a reference variable: its snapshot, no resource flag)
    vd.snapshot_name = w.tensor_name(var._snapshot if ref else var._graph_element)
    vd.is_resource = not ref
    vd.initial_value_name = w.tensor_name(var._initial_value)
    vd.trainable = bool(var.trainable)
    if not ref:  # (TF's RefVariable writes neither)
        vd.synchronization = int(var._synchronization.value)
        vd.aggregation = int(var._aggregation.value)
    info = getattr(var, "_save_slice_info", None)
    if info is not None:  # a partitioned variable's part
        vd.save_slice_info_def.CopyFrom(info.to_proto())
    return vd


def _kind(value: Any) -> str:
    if hasattr(value, "type_url") and hasattr(value, "Unpack"):  # a protobuf Any
        return "any_list"
    if isinstance(value, (str, bytes)):
        return "bytes_list"
    if isinstance(value, int):
        return "int64_list"
    if isinstance(value, float):
        return "float_list"
    return "node_list"


def add_collection(meta: Any, w: GraphWriter, key: str, values: list) -> None:
    """Collection `key` in `meta`'s collection_def, as TF exports it (nothing when a value
    has no form there)."""
    col = pb().MetaGraphDef().collection_def["x"].__class__()
    try:
        if key in VARIABLE_COLLECTIONS:
            for v in values:
                if not isinstance(v, GraphVariable):
                    raise ExportError(f"{v!r} is not a graph variable")
                col.bytes_list.value.append(variable_def(w, v).SerializeToString())
        else:
            kind = _kind(values[0])
            for v in values:
                if _kind(v) != kind:
                    raise ExportError("a collection of values of several kinds")
                if kind == "bytes_list":
                    col.bytes_list.value.append(v if isinstance(v, bytes) else v.encode())
                elif kind == "int64_list":
                    col.int64_list.value.append(int(v))
                elif kind == "float_list":
                    col.float_list.value.append(float(v))
                elif kind == "any_list":
                    col.any_list.value.add().CopyFrom(v)
                elif isinstance(v, Operation):
                    col.node_list.value.append(w.op_name(v))
                elif isinstance(v, (SymbolicTensor, GraphVariable)):
                    col.node_list.value.append(w.tensor_name(v))
                elif isinstance(v, EagerTensor):  # a constant made eagerly: its graph node
                    col.node_list.value.append(w.tensor_name(w.graph.capture(v)))
                else:
                    raise ExportError(f"{v!r} has no form in a MetaGraphDef")
    except (ExportError, KeyError):
        return  # (TF warns and leaves the collection out)
    meta.collection_def[key].CopyFrom(col)


def meta_graph_def(graph: Graph, saver: Any = None, collection_list: Any = None,
                   clear_extraneous_savers: bool = False, tags: Any = (),
                   meta_info_def: Any = None) -> tuple:
    """(the MetaGraphDef of `graph` with `saver`'s SaverDef, its GraphWriter)."""
    savers = list(graph.savers)
    if clear_extraneous_savers:
        savers = [s for s in savers if s is saver]
    keys = graph.get_all_collection_keys() if collection_list is None else collection_list
    for key in keys:  # eager constants in collections: nodes of the graph, as TF's are
        for v in graph.get_collection(key):
            if isinstance(v, EagerTensor):
                graph.capture(v)
    w = write_graph(graph, savers)
    meta = pb().MetaGraphDef()
    if meta_info_def is not None:
        meta.meta_info_def.MergeFrom(meta_info_def)
    info = meta.meta_info_def
    gd = w.graph_def()
    meta.graph_def.CopyFrom(gd)
    for name in sorted({nd.op for nd in gd.node} | w.library.ops_used):
        if tf_ops.has_op(name):
            info.stripped_op_list.op.add().CopyFrom(tf_ops.op_def(name))
    info.tags.extend(tags)
    info.tensorflow_version = TF_VERSION
    info.tensorflow_git_version = TF_GIT_VERSION
    saver_def = None if saver is None else saver.as_saver_def()
    if saver_def is not None:
        meta.saver_def.CopyFrom(saver_def)
    for key in keys:
        values = graph.get_collection(key)
        if values:
            add_collection(meta, w, key, values)
    return meta, w


def write_meta_graph(meta: Any, filename: str, as_text: bool = False) -> None:
    """Writes `meta` (binary, or text format) atomically."""
    if as_text:
        from google.protobuf import text_format  # protobuf: files only
        data = text_format.MessageToString(meta).encode()
    else:
        data = meta.SerializeToString(deterministic=True)
    parent = os.path.dirname(os.path.abspath(filename))
    fileio.makedirs(parent)
    fileio.atomic_write(filename, data, "meta_graph")


def export_meta_graph(filename: Any = None, meta_info_def: Any = None, graph_def: Any = None,
                      saver_def: Any = None, collection_list: Any = None,
                      as_text: bool = False, graph: Any = None, export_scope: Any = None,
                      clear_devices: bool = False, clear_extraneous_savers: bool = False,
                      strip_default_attrs: bool = False, save_debug_info: bool = False,
                      **kwargs: Any) -> Any:
    """`tf.compat.v1.train.export_meta_graph`: the MetaGraphDef of `graph` (the default
    graph), written to `filename` when given."""
    if _state.graph is None and graph is None:
        raise RuntimeError("Exporting/importing meta graphs is not supported when eager "
                           "execution is enabled. No graph exists when eager execution is "
                           "enabled.")
    if export_scope is not None:
        raise NotImplementedError("export_meta_graph's export_scope is not supported by "
                                  "eagerflow")
    g = graph if graph is not None else get_default_graph()
    meta, _ = meta_graph_def(g, None, collection_list, clear_extraneous_savers,
                             meta_info_def=meta_info_def)
    if graph_def is not None:
        meta.graph_def.CopyFrom(graph_def)
    if saver_def is not None:
        meta.saver_def.CopyFrom(saver_def)
    if filename:
        write_meta_graph(meta, os.fspath(filename), as_text)
    return meta


class Saver(v1_saver.Saver):
    """`tf.compat.v1.train.Saver` (v1/saver.py) with TF's SaverDef and the `.meta` file
    `save` writes beside each checkpoint."""

    def as_saver_def(self) -> Any:
        """TF's SaverDef of its save and restore ops; None for a Saver of nothing (TF's
        allow_empty Saver builds none, and a MetaGraphDef gets no saver_def)."""
        if self._is_empty:
            return None
        sc = getattr(self, "_scope", "save")
        sd = pb().SaverDef()
        sd.filename_tensor_name = f"{sc}/Const:0"
        sd.save_tensor_name = f"{sc}/Identity:0" if self._sharded else \
            f"{sc}/control_dependency:0"
        sd.restore_op_name = f"{sc}/restore_all"
        sd.max_to_keep = self._max_to_keep
        sd.sharded = self._sharded
        sd.keep_checkpoint_every_n_hours = self._keep_hours
        sd.version = pb().SaverDef.V2
        return sd

    @property
    def saver_def(self) -> Any:
        return self.as_saver_def()

    def _scope_name(self, g: Any) -> str:
        sd = self._saver_def
        if sd is not None and sd.restore_op_name:  # an imported Saver: its graph's names
            return sd.restore_op_name.rsplit("/", 1)[0]
        return super()._scope_name(g)

    def _graph(self) -> Graph | None:
        return getattr(self, "_built_in", None)

    def build(self) -> None:
        super().build()
        self._built_in = _state.graph

    def save(self, sess: Any, save_path: str, global_step: Any = None,
             latest_filename: str | None = None, meta_graph_suffix: str = "meta",
             write_meta_graph: bool = True, write_state: bool = True,
             strip_default_attrs: bool = False, save_debug_info: bool = False) -> Any:
        path = super().save(sess, save_path, global_step, latest_filename, meta_graph_suffix,
                            write_meta_graph=False, write_state=write_state)
        g = self._graph()
        if path is not None and write_meta_graph and g is not None:
            try:
                self.export_meta_graph(f"{path}.{meta_graph_suffix}",
                                       strip_default_attrs=strip_default_attrs)
            except ExportError as e:  # (the checkpoint is written: training goes on)
                warnings.warn(f"Saver.save wrote the checkpoint {path} but not its "
                              f".{meta_graph_suffix} file: the graph has an operation "
                              f"TensorFlow's graphs can't express: {e}", stacklevel=2)
        return path

    def export_meta_graph(self, filename: Any = None, collection_list: Any = None,
                          as_text: bool = False, export_scope: Any = None,
                          clear_devices: bool = False, clear_extraneous_savers: bool = False,
                          strip_default_attrs: bool = False,
                          save_debug_info: bool = False) -> Any:
        g = self._graph() or get_default_graph()
        meta, _ = meta_graph_def(g, self, collection_list, clear_extraneous_savers)
        if filename:
            write_meta_graph(meta, os.fspath(filename), as_text)
        return meta


__all__ = ["Saver", "export_meta_graph", "meta_graph_def", "variable_def", "write_meta_graph"]
