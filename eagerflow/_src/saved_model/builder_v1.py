"""Writing TF 1 SavedModels: tf.compat.v1.saved_model.Builder, simple_save, and the
SignatureDef helpers (build_tensor_info, build_signature_def, predict_signature_def, ...).

Sits in saved_model/ over meta_graph.py. A TF 1 SavedModel is a directory holding
saved_model.pb (a SavedModel of one MetaGraphDef per tag set, each the graph's meta graph
with its SignatureDefs), variables/ (the checkpoint a sharded Saver writes) and assets/.
As TF's builder does, the Builder adds to the graph's collections what loaders read: the
assets (`saved_model_assets`, AssetFileDefs packed in Any), the main op
(`saved_model_main_op`) and a train op (`saved_model_train_op`). TF 2.21 loads these
files in a Session (tf.compat.v1.saved_model.load) and with tf.saved_model.load, and so
do eagerflow's loaders (load_v1.py).
"""

from __future__ import annotations

import os
import shutil
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.graph.ir import Operation
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.io import fileio
from eagerflow._src.ops.control_deps import group
from eagerflow._src.saved_model.attrs import set_shape
from eagerflow._src.saved_model.meta_graph import Saver
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.saved_model.save import (
    ASSETS_DIRECTORY,
    ASSETS_KEY,
    CLASSIFY_INPUTS,
    CLASSIFY_METHOD_NAME,
    CLASSIFY_OUTPUT_CLASSES,
    CLASSIFY_OUTPUT_SCORES,
    PREDICT_METHOD_NAME,
    REGRESS_INPUTS,
    REGRESS_METHOD_NAME,
    REGRESS_OUTPUTS,
    SAVED_MODEL_FILENAME_PB,
    SAVED_MODEL_FILENAME_PBTXT,
    SAVED_MODEL_SCHEMA_VERSION,
    SERVING,
    VARIABLES_DIRECTORY,
    VARIABLES_FILENAME,
)
from eagerflow._src.v1 import variables as v1_variables

MAIN_OP_KEY = "saved_model_main_op"
LEGACY_INIT_OP_KEY = "legacy_init_op"
TRAIN_OP_KEY = "saved_model_train_op"
INIT_OP_SIGNATURE_KEY = "__saved_model_init_op"
TRAIN_OP_SIGNATURE_KEY = "__saved_model_train_op"
DEFAULT_SERVING_SIGNATURE_DEF_KEY = "serving_default"


# -- TensorInfo and SignatureDef ---------------------------------------------------------------

def build_tensor_info(tensor: Any) -> Any:
    """`tf.compat.v1.saved_model.build_tensor_info`: the TensorInfo naming a graph tensor
    (a SparseTensor by its three components)."""
    if _state.graph is None:
        raise RuntimeError("`build_tensor_info` is not supported in eager execution.")
    info = pb().TensorInfo()
    if hasattr(tensor, "indices") and hasattr(tensor, "dense_shape"):  # a SparseTensor
        info.dtype = tensor.dtype.as_datatype_enum
        info.coo_sparse.values_tensor_name = tensor.values.name
        info.coo_sparse.indices_tensor_name = tensor.indices.name
        info.coo_sparse.dense_shape_tensor_name = tensor.dense_shape.name
        set_shape(info.tensor_shape, tensor.shape._dims)
        return info
    if isinstance(tensor, EagerTensor) or not isinstance(tensor, SymbolicTensor):
        raise TypeError(f"Expected a graph tensor, got {tensor!r}")
    info.name = tensor.name
    info.dtype = tensor.dtype.as_datatype_enum
    set_shape(info.tensor_shape, tensor._shape)
    return info


def get_tensor_from_tensor_info(tensor_info: Any, graph: Any = None,
                                import_scope: str | None = None) -> Any:
    """The tensor of `graph` (the default graph) a TensorInfo names."""
    g = graph if graph is not None else get_default_graph()

    def named(name: str) -> Any:
        return g.get_tensor_by_name(f"{import_scope}/{name}" if import_scope else name)
    which = tensor_info.WhichOneof("encoding")
    if which == "name":
        return named(tensor_info.name)
    if which == "coo_sparse":
        sp = tensor_info.coo_sparse
        return SparseTensor(named(sp.indices_tensor_name), named(sp.values_tensor_name),
                            named(sp.dense_shape_tensor_name))
    raise ValueError(f"Invalid TensorInfo.encoding: {which}")


def build_signature_def(inputs: Any = None, outputs: Any = None, method_name: Any = None,
                        defaults: Any = None) -> Any:
    """A SignatureDef of TensorInfo maps (and a method name)."""
    sig = pb().SignatureDef()
    for k, v in (inputs or {}).items():
        sig.inputs[k].CopyFrom(v)
    for k, v in (outputs or {}).items():
        sig.outputs[k].CopyFrom(v)
    if method_name is not None:
        sig.method_name = method_name
    if defaults:
        raise NotImplementedError("SignatureDef defaults are not supported by eagerflow")
    return sig


def _infos(tensors: dict) -> dict:
    return {k: build_tensor_info(t) for k, t in tensors.items()}


def predict_signature_def(inputs: dict, outputs: dict) -> Any:
    if inputs is None or not inputs:
        raise ValueError("Prediction `inputs` cannot be None or empty.")
    if outputs is None or not outputs:
        raise ValueError("Prediction `outputs` cannot be None or empty.")
    return build_signature_def(_infos(inputs), _infos(outputs), PREDICT_METHOD_NAME)


def _is_tensor(x: Any) -> bool:
    return isinstance(x, (SymbolicTensor, EagerTensor))


def regression_signature_def(examples: Any, predictions: Any) -> Any:
    if examples is None:
        raise ValueError("Regression `examples` cannot be None.")
    if not _is_tensor(examples):
        raise ValueError("Expected regression `examples` to be of type Tensor. Found "
                         f"`examples` of type {type(examples)}.")
    if predictions is None:
        raise ValueError("Regression `predictions` cannot be None.")
    info = build_tensor_info(examples)
    if info.dtype != dt.string.as_datatype_enum:  # (TF prints the DataType's number)
        raise ValueError("Regression input tensors must be of type string. Found tensors "
                         f"with type {info.dtype}.")
    out = build_tensor_info(predictions)
    if out.dtype != dt.float32.as_datatype_enum:
        raise ValueError("Regression output tensors must be of type float. Found tensors "
                         f"with type {out.dtype}.")
    return build_signature_def({REGRESS_INPUTS: info}, {REGRESS_OUTPUTS: out},
                               REGRESS_METHOD_NAME)


def classification_signature_def(examples: Any, classes: Any, scores: Any) -> Any:
    if examples is None:
        raise ValueError("Classification `examples` cannot be None.")
    if not _is_tensor(examples):
        raise ValueError("Classification `examples` must be a string Tensor. Found "
                         f"`examples` of type {type(examples)}.")
    if classes is None and scores is None:
        raise ValueError("Classification `classes` and `scores` cannot both be None.")
    info = build_tensor_info(examples)
    if info.dtype != dt.string.as_datatype_enum:
        raise ValueError("Classification input tensors must be of type string. Found "
                         f"tensors of type {info.dtype}")
    outputs = {}
    if classes is not None:
        c = build_tensor_info(classes)
        if c.dtype != dt.string.as_datatype_enum:
            raise ValueError("Classification classes must be of type string Tensor. Found "
                             f"tensors of type {c.dtype}.`")
        outputs[CLASSIFY_OUTPUT_CLASSES] = c
    if scores is not None:
        sc = build_tensor_info(scores)
        if sc.dtype != dt.float32.as_datatype_enum:
            raise ValueError("Classification scores must be a float Tensor.")
        outputs[CLASSIFY_OUTPUT_SCORES] = sc
    return build_signature_def({CLASSIFY_INPUTS: info}, outputs, CLASSIFY_METHOD_NAME)


def is_valid_signature(signature_def: Any) -> bool:
    """Whether TF Serving can serve a SignatureDef: a classify, regress or predict
    method with the inputs and outputs that method takes."""
    if signature_def is None:
        return False
    m, ins, outs = signature_def.method_name, signature_def.inputs, signature_def.outputs
    string, float_ = dt.string.as_datatype_enum, dt.float32.as_datatype_enum
    if m == CLASSIFY_METHOD_NAME:
        return (set(ins) == {CLASSIFY_INPUTS} and ins[CLASSIFY_INPUTS].dtype == string and
                bool(outs) and not set(outs) - {CLASSIFY_OUTPUT_CLASSES,
                                                 CLASSIFY_OUTPUT_SCORES}
                and all(outs[k].dtype == (string if k == CLASSIFY_OUTPUT_CLASSES else float_)
                        for k in outs))
    if m == REGRESS_METHOD_NAME:
        return (set(ins) == {REGRESS_INPUTS} and ins[REGRESS_INPUTS].dtype == string and
                set(outs) == {REGRESS_OUTPUTS} and outs[REGRESS_OUTPUTS].dtype == float_)
    return m == PREDICT_METHOD_NAME and bool(ins) and bool(outs)


def main_op() -> Operation:
    """The usual main op: the global, local and table initializers, grouped."""
    return group(v1_variables.global_variables_initializer(),
                 v1_variables.local_variables_initializer(),
                 v1_variables.tables_initializer())


def main_op_with_restore(restore_op_name: str) -> Operation:
    g = get_default_graph()
    restore = g.as_graph_element(restore_op_name)
    with g.control_dependencies([main_op()]):
        return group(restore)


# -- the Builder -------------------------------------------------------------------------------

def _asset_path(tensor: Any) -> bytes:
    """The path a Const string scalar holds (TF's checks of an asset tensor)."""
    if isinstance(tensor, EagerTensor):  # (a constant made eagerly, used in the graph)
        tensor = get_default_graph().capture(tensor)
    if not isinstance(tensor, SymbolicTensor):
        raise TypeError(f"Asset path tensor {tensor} must be a Tensor.")
    if tensor.op.type != "Const":
        raise TypeError(f"Asset path tensor {tensor} must be of type constant.Has type "
                        f"{tensor.op.type} instead.")
    if tensor.dtype is not dt.string:
        raise TypeError(f"Asset path tensor {tensor}` must be of dtype string.Has type "
                        f"{tensor.dtype} instead.")
    value = tensor.op.attrs["value"]
    if value.size != 1:
        raise TypeError(f"Asset path tensor {tensor} must be a scalar.")
    v = value.reshape(-1)[0]
    return v if isinstance(v, bytes) else str(v).encode()


def _unique_asset_name(name: bytes, taken: dict) -> bytes:
    i, unique = 1, name
    while unique in taken:
        unique = name + b"_" + str(i).encode()
        i += 1
    return unique


def _same_file(a: bytes, b: bytes) -> bool:
    with open(a, "rb") as f, open(b, "rb") as g:
        return f.read() == g.read()


class Builder:
    """`tf.compat.v1.saved_model.Builder` (builder.SavedModelBuilder): MetaGraphDefs of the
    default graph, under tag sets, with the variables of one Session."""

    def __init__(self, export_dir: Any) -> None:
        self._saved_model = pb().SavedModel(
            saved_model_schema_version=SAVED_MODEL_SCHEMA_VERSION)
        self._export_dir = os.fspath(export_dir)
        if os.path.exists(self._export_dir):
            if os.listdir(self._export_dir):
                raise AssertionError(
                    f"Export directory {self._export_dir} already exists, and isn't empty. "
                    "Please choose a different export directory, or delete all the "
                    "contents of the specified directory.")
        else:
            fileio.makedirs(self._export_dir)
        self._has_saved_variables = False
        self._saved_asset_files: set = set()

    # -- validation ---------------------------------------------------------------------------
    def _validate_tensor_info(self, info: Any) -> None:
        if info is None:
            raise AssertionError("All TensorInfo protos used in the SignatureDefs must have "
                                 "the name and dtype fields set.")
        which = info.WhichOneof("encoding")
        if which is None:
            raise AssertionError(f"Invalid `tensor_info`: {info}. All TensorInfo protos used "
                                 "in the SignatureDefs must have one of the 'encoding' "
                                 "fields (e.g., name or coo_sparse) set.")
        if which == "composite_tensor":
            for c in info.composite_tensor.components:
                self._validate_tensor_info(c)
        elif info.dtype == 0:
            raise AssertionError(f"Invalid `tensor_info`: {info}. All TensorInfo protos used "
                                 "in the SignatureDefs must have the dtype field set.")

    def _validate_signature_def_map(self, signature_def_map: dict) -> None:
        for sig in signature_def_map.values():
            for info in list(sig.inputs.values()) + list(sig.outputs.values()):
                self._validate_tensor_info(info)
        if INIT_OP_SIGNATURE_KEY in signature_def_map:
            raise KeyError(f'SignatureDef map key "{INIT_OP_SIGNATURE_KEY}" is reserved for '
                           "initialization. Please use a different key.")
        if TRAIN_OP_SIGNATURE_KEY in signature_def_map:
            raise KeyError(f'SignatureDef map key "{TRAIN_OP_SIGNATURE_KEY}" is reserved for '
                           "the train op. Please use a different key.")

    # -- collections --------------------------------------------------------------------------
    def _add_collections(self, assets_collection: Any, main_op: Any, train_op: Any) -> None:
        self._save_and_write_assets(assets_collection)
        self._maybe_add_main_op(main_op)
        if train_op is not None:
            if not isinstance(train_op, (SymbolicTensor, Operation)):
                raise TypeError(f"`train_op` {train_op} needs to be a Tensor or Op.")
            v1_variables.add_to_collection(TRAIN_OP_KEY, train_op)

    def _save_and_write_assets(self, assets: Any) -> None:
        if assets is None:
            return
        names: dict = {}
        for t in assets:
            source = _asset_path(t)
            if not source:
                raise ValueError(f"Asset filepath tensor {t} in is invalid.")
            name = os.path.basename(source)
            if name in names and names[name] != source and not _same_file(source, names[name]):
                name = _unique_asset_name(name, names)
            proto = pb().AssetFileDef()
            proto.filename = name.decode()
            proto.tensor_info.name = (t if isinstance(t, SymbolicTensor)
                                      else get_default_graph().capture(t)).name
            from google.protobuf import any_pb2  # protobuf: files only
            # (TF's type name: TensorBoard's copy of the message lives in its own package)
            packed = any_pb2.Any(type_url="type.googleapis.com/tensorflow.AssetFileDef",
                                 value=proto.SerializeToString())
            v1_variables.add_to_collection(ASSETS_KEY, packed)
            names[name] = source
        if not names:
            return
        dest_dir = os.path.join(self._export_dir, ASSETS_DIRECTORY)
        fileio.makedirs(dest_dir)
        for name, source in names.items():
            dest = os.path.join(dest_dir, name.decode())
            if os.path.exists(source) and os.fsdecode(source) != dest and \
                    dest not in self._saved_asset_files:
                tmp = fileio.temp_name(dest)
                shutil.copyfile(source, tmp)
                os.replace(tmp, dest)
                self._saved_asset_files.add(dest)

    def _maybe_add_main_op(self, op: Any) -> None:
        if op is None:
            return
        if not isinstance(op, Operation):
            raise TypeError(f"Expected {op} to be an Operation but got type {type(op)} "
                            "instead.")
        for key in (MAIN_OP_KEY, LEGACY_INIT_OP_KEY):
            if v1_variables.get_collection(key):
                raise ValueError("Graph already contains one or more main ops under the "
                                 f"collection {key}.")
        v1_variables.add_to_collection(MAIN_OP_KEY, op)

    def _maybe_create_saver(self, saver: Any) -> Saver:
        if not saver:
            g = get_default_graph()
            saver = Saver(g.get_collection(GraphKeys.GLOBAL_VARIABLES) +
                          g.get_collection(GraphKeys.SAVEABLE_OBJECTS), sharded=True,
                          allow_empty=True)
        return saver

    def _tag_and_add(self, meta: Any, tags: Any, signature_def_map: dict) -> None:
        meta.meta_info_def.tags.extend(tags)
        for key in signature_def_map:
            meta.signature_def[key].CopyFrom(signature_def_map[key])
        self._saved_model.meta_graphs.add().CopyFrom(meta)

    # -- the API --------------------------------------------------------------------------------
    def add_meta_graph(self, tags: Any, signature_def_map: Any = None,
                       assets_collection: Any = None, legacy_init_op: Any = None,
                       clear_devices: bool = False, main_op: Any = None,
                       strip_default_attrs: bool = False, saver: Any = None) -> None:
        if not self._has_saved_variables:
            raise AssertionError("Graph state including variables and assets has not been "
                                 "saved yet. Please invoke `add_meta_graph_and_variables()` "
                                 "first.")
        signature_def_map = signature_def_map or {}
        self._validate_signature_def_map(signature_def_map)
        op = main_op if main_op is not None else legacy_init_op
        self._add_collections(assets_collection, op, None)
        saver = self._maybe_create_saver(saver)
        self._tag_and_add(saver.export_meta_graph(clear_devices=clear_devices), tags,
                          signature_def_map)

    def add_meta_graph_and_variables(self, sess: Any, tags: Any,
                                     signature_def_map: Any = None,
                                     assets_collection: Any = None,
                                     legacy_init_op: Any = None, clear_devices: bool = False,
                                     main_op: Any = None, strip_default_attrs: bool = False,
                                     saver: Any = None) -> None:
        if self._has_saved_variables:
            raise AssertionError("Graph state including variables and assets has already "
                                 "been saved. Please invoke `add_meta_graph()` instead.")
        signature_def_map = signature_def_map or {}
        self._validate_signature_def_map(signature_def_map)
        op = main_op or legacy_init_op
        self._add_collections(assets_collection, op, None)
        variables = os.path.join(self._export_dir, VARIABLES_DIRECTORY)
        fileio.makedirs(variables)
        saver = self._maybe_create_saver(saver)
        saver.save(sess, os.path.join(variables, VARIABLES_FILENAME), write_meta_graph=False,
                   write_state=False)
        self._tag_and_add(saver.export_meta_graph(clear_devices=clear_devices), tags,
                          signature_def_map)
        self._has_saved_variables = True

    def save(self, as_text: bool = False, experimental_image_format: bool = False,
             experimental_image_writer_options: Any = None) -> bytes:
        """Writes saved_model.pb (saved_model.pbtxt with `as_text`); returns its path."""
        if experimental_image_format:
            raise RuntimeError("No proto_splitter is provided, cannot use "
                               "experimental_image_format.")
        fileio.makedirs(self._export_dir)
        if as_text:
            from google.protobuf import text_format  # protobuf: files only
            path = os.path.join(self._export_dir, SAVED_MODEL_FILENAME_PBTXT)
            data = text_format.MessageToString(self._saved_model).encode()
        else:
            path = os.path.join(self._export_dir, SAVED_MODEL_FILENAME_PB)
            data = self._saved_model.SerializeToString(deterministic=True)
        fileio.atomic_write(path, data, "saved_model")
        return path.encode()


def simple_save(session: Any, export_dir: Any, inputs: dict, outputs: dict,
                legacy_init_op: Any = None) -> None:
    """A serving SavedModel of one predict signature of `inputs` and `outputs`."""
    sig = {DEFAULT_SERVING_SIGNATURE_DEF_KEY: predict_signature_def(inputs, outputs)}
    b = Builder(export_dir)
    b.add_meta_graph_and_variables(
        session, tags=[SERVING], signature_def_map=sig,
        assets_collection=v1_variables.get_collection(GraphKeys.ASSET_FILEPATHS),
        main_op=legacy_init_op, clear_devices=True)
    b.save()


SavedModelBuilder = Builder

__all__ = ["Builder", "SavedModelBuilder", "simple_save", "build_tensor_info",
           "get_tensor_from_tensor_info", "build_signature_def", "predict_signature_def",
           "regression_signature_def", "classification_signature_def", "is_valid_signature",
           "main_op", "main_op_with_restore"]
