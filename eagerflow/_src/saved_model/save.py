"""tf.saved_model.save: a program's objects, variables and functions in TF's directory layout.

Top of saved_model/'s writing half (save_view.py gathers what is saved). It writes

    saved_model.pb     a SavedModel: one MetaGraphDef tagged "serve", holding the function
                       library, the SavedObjectGraph, the SignatureDefs (with the graph
                       nodes they name: a placeholder per input, a call per signature, a
                       VarHandleOp per variable) and the op interfaces it uses
    fingerprint.pb     hashes identifying the model
    variables/         the variables, as a TF-format checkpoint whose object graph is the
                       SavedObjectGraph's, node for node
    assets/            files the model's Assets name

into a temporary directory beside `export_dir`, synced, then renamed into place: a crash
leaves either the previous content of `export_dir` or the whole new model.
"""

from __future__ import annotations

import enum
import os
import re
import shutil
import uuid
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.core.versions import GRAPH_DEF_VERSION
from eagerflow._src.function.concrete import ConcreteFunction
from eagerflow._src.function.polymorphic import save_context
from eagerflow._src.io import fileio, structured_value
from eagerflow._src.io.file_errors import local_path
from eagerflow._src.io.filesystems import native
from eagerflow._src.ops.crosses import fingerprint_cat64
from eagerflow._src.ops.hash_ops import fingerprint64
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.attrs import mark_call, set_shape, tensor_proto
from eagerflow._src.saved_model.cpp_order import cpp_bytes
from eagerflow._src.saved_model.export_refs import VariantTracker
from eagerflow._src.saved_model.export_shapes import refined_shapes
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.saved_model.resource_reads import READ_ONLY, read_only_inputs
from eagerflow._src.saved_model.save_view import SaveView, traced_handles
from eagerflow._src.saved_model.saver_graph import add_saver
from eagerflow._src.saved_model.signatures import concrete_functions_of
from eagerflow._src.train.checkpoint import write_object_graph
from eagerflow._src.train.sharding import ShardingCallback

SAVED_MODEL_FILENAME_PB = "saved_model.pb"
FINGERPRINT_FILENAME = "fingerprint.pb"
VARIABLES_DIRECTORY = "variables"
VARIABLES_FILENAME = "variables"
ASSETS_DIRECTORY = "assets"
SERVING = "serve"
TRAINING = "train"
GPU = "gpu"
TPU = "tpu"
ASSETS_KEY = "saved_model_assets"
DEBUG_DIRECTORY = "debug"
DEBUG_INFO_FILENAME_PB = "saved_model_debug_info.pb"
SAVED_MODEL_FILENAME_PBTXT = "saved_model.pbtxt"
SAVED_MODEL_SCHEMA_VERSION = 1
PREDICT_METHOD_NAME = "tensorflow/serving/predict"
PREDICT_INPUTS = "inputs"
PREDICT_OUTPUTS = "outputs"
CLASSIFY_METHOD_NAME = "tensorflow/serving/classify"
CLASSIFY_INPUTS = "inputs"
CLASSIFY_OUTPUT_CLASSES = "classes"
CLASSIFY_OUTPUT_SCORES = "scores"
REGRESS_METHOD_NAME = "tensorflow/serving/regress"
REGRESS_INPUTS = "inputs"
REGRESS_OUTPUTS = "outputs"
INIT_OP_SIGNATURE_KEY = "__saved_model_init_op"
TF_VERSION = "2.21.0"            # the TensorFlow whose format this is
GRAPH_DEF_MIN_CONSUMER = 12


class VariablePolicy(enum.Enum):
    """How variables on devices are saved (tf.saved_model.experimental.VariablePolicy)."""

    NONE = None
    SAVE_VARIABLE_DEVICES = "save_variable_devices"
    EXPAND_DISTRIBUTED_VARIABLES = "expand_distributed_variables"

    @classmethod
    def from_obj(cls, obj: Any) -> VariablePolicy:
        """A policy from itself, None, or its value or name in any case."""
        if obj is None or isinstance(obj, cls):
            return cls(obj)
        key = str(obj).lower()
        for policy in cls:
            if policy.value == key:
                return policy
        raise ValueError(f"Received invalid VariablePolicy value: {obj}.")


class SaveOptions:
    """tf.saved_model.SaveOptions (function_aliases and extra_tags are recorded, the
    variables sharded by experimental_sharding_callback; the device options have no
    effect on one CPU)."""

    def __init__(self, namespace_whitelist: Any = None, save_debug_info: bool = False,
                 function_aliases: dict | None = None, experimental_debug_stripper: bool = False,
                 experimental_io_device: str | None = None,
                 experimental_variable_policy: Any = None,
                 experimental_custom_gradients: bool = True,
                 experimental_image_format: bool = False, experimental_skip_saver: bool = False,
                 experimental_sharding_callback: Any = None, extra_tags: Any = None) -> None:
        self.namespace_whitelist = _namespaces(namespace_whitelist)
        self.save_debug_info = save_debug_info
        # (kept as given: TF checks it when saving)
        self.function_aliases = function_aliases if function_aliases else {}
        self.experimental_debug_stripper = experimental_debug_stripper
        self.experimental_io_device = experimental_io_device
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_custom_gradients = experimental_custom_gradients
        if experimental_image_format:  # (TF's build outside Google refuses it so)
            raise ValueError("The option `experimental_image_format` is disabled in OSS.")
        self.experimental_image_format = experimental_image_format
        self.experimental_skip_saver = experimental_skip_saver
        if experimental_sharding_callback is not None and not isinstance(
                experimental_sharding_callback, ShardingCallback):
            raise ValueError("The experimental_sharding_callback checkpoint option"  # (sic)
                             "must be of type ShardingCallback. The option provided"
                             f"was of type {type(experimental_sharding_callback)}.")
        self.experimental_sharding_callback = experimental_sharding_callback
        self.extra_tags = list(extra_tags or [])


def _namespaces(names: Any) -> list | None:
    """SaveOptions' namespace_whitelist as TF checks it: None stays None (TF keeps it so),
    else a list whose items are all strings."""
    if names is None:
        return None
    if not isinstance(names, list):
        raise TypeError(f"`namespace_whitelist` must be a list of strings. Got: {names} "
                        f"with type {type(names)}.")
    for name in names:
        if not isinstance(name, str):
            raise ValueError(f"Whitelisted namespace must be a string. Got: {name} of type "
                             f"{type(name)}.")
    return list(names)


def save(obj: Any, export_dir: Any, signatures: Any = None, options: SaveOptions | None = None
         ) -> None:
    """tf.saved_model.save(obj, export_dir, signatures=None, options=None)."""
    if _state.graph is not None:
        raise AssertionError("tf.saved_model.save is not supported inside a traced "
                             "@tf.function. Move the call to the outer eagerly-executed "
                             "context.")
    if is_variable(obj) or not hasattr(obj, "_trackable_children"):
        raise ValueError(f"Expected an object of type `Trackable`, such as `tf.Module` or a "
                         f"subclass of the `Trackable` class, for export. Got {obj} with "
                         f"type {type(obj)}.")
    options = options or SaveOptions()
    export_dir = os.fspath(export_dir)  # (TF's error for another scheme names variables/)
    export_dir = local_path(export_dir, os.path.join(export_dir, VARIABLES_DIRECTORY))
    # (functions traced while saving are TF's save-context traces)
    with save_context(), traced_handles():
        view = SaveView(obj, signatures, options.experimental_custom_gradients)
        view.write_all_functions()
        meta = _meta_graph(view, options)
    model = pb().SavedModel(saved_model_schema_version=1)
    model.meta_graphs.add().CopyFrom(meta)
    data = model.SerializeToString(deterministic=True)
    _write_directory(export_dir, view, data, meta, options.save_debug_info, options)


def _write_directory(export_dir: str, view: SaveView, data: bytes, meta: Any,
                     debug_info: bool = False, options: Any = None) -> None:
    parent = os.path.dirname(os.path.abspath(export_dir))
    fileio.makedirs(parent)
    tmp = fileio.temp_name(os.path.abspath(export_dir))
    os.makedirs(tmp)
    try:
        os.makedirs(os.path.join(tmp, VARIABLES_DIRECTORY))
        prefix = os.path.join(tmp, VARIABLES_DIRECTORY, VARIABLES_FILENAME)
        write_object_graph(view.graph, prefix, options)  # (its sharding_callback shards)
        assets = os.path.join(tmp, ASSETS_DIRECTORY)
        os.makedirs(assets)
        for name, source in view.assets:
            shutil.copyfile(native(source), os.path.join(assets, name))
        fileio.atomic_write(os.path.join(tmp, SAVED_MODEL_FILENAME_PB), data, "saved_model")
        if debug_info:
            # TF's GraphDebugInfo file, where its ops' Python stack traces go; eagerflow
            # records none, so the message is empty (valid, and read as no traces)
            os.makedirs(os.path.join(tmp, "debug"))
            fileio.atomic_write(os.path.join(tmp, "debug", "saved_model_debug_info.pb"), b"",
                                "saved_model_debug_info")
        tf_logging.absl_info("Writing fingerprint to %s",
                             os.path.join(export_dir, FINGERPRINT_FILENAME))
        fingerprint = _fingerprint(data, meta, tmp)
        fileio.atomic_write(os.path.join(tmp, FINGERPRINT_FILENAME),
                            fingerprint.SerializeToString(), "fingerprint")
        fileio.fsync_dir(tmp)
        _replace_directory(tmp, export_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _replace_directory(tmp: str, export_dir: str) -> None:
    """Moves the finished `tmp` to `export_dir`; an existing one is moved aside first and
    removed once the new one is in place."""
    old = None
    if os.path.lexists(export_dir):
        if not os.path.isdir(export_dir):
            raise FileExistsError(f"Can't save a SavedModel to {export_dir}: a file of that "
                                  "name exists")
        old = fileio.temp_name(os.path.abspath(export_dir))
        os.replace(export_dir, old)
    os.replace(tmp, export_dir)
    fileio.fsync_dir(os.path.dirname(os.path.abspath(export_dir)))
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


# -- the MetaGraphDef ---------------------------------------------------------------------------

def _meta_graph(view: SaveView, options: SaveOptions) -> Any:
    p = pb()
    meta = p.MetaGraphDef()
    info = meta.meta_info_def
    info.tags.extend([SERVING] + [t for t in options.extra_tags if t != SERVING])
    info.tensorflow_version = TF_VERSION
    info.tensorflow_git_version = "eagerflow"
    info.stripped_default_attrs = True
    for alias, fn in options.function_aliases.items():
        for cf in _alias_targets(fn):
            name = view.function_names.get(id(cf))
            if name is not None:
                info.function_aliases[name] = alias
    graph = meta.graph_def
    graph.versions.producer = GRAPH_DEF_VERSION
    graph.versions.min_consumer = GRAPH_DEF_MIN_CONSUMER
    graph.library.CopyFrom(view.library.library)
    _input_shapes(view, graph)
    datasets = _dataset_nodes(view, graph)
    constants = _constant_nodes(view, graph)
    handles = _variable_nodes(view, graph)
    handles.update(constants)
    handles.update(datasets)
    for i, (name, _) in enumerate(view.assets):  # TF 1 loaders feed these the asset's path
        # (TF 2.21's names: "asset_path_initializer", "asset_path_initializer_1", ...)
        nd = graph.node.add(name=_asset_node(i), op="Const")
        nd.attr["dtype"].type = dt.string.as_datatype_enum
        nd.attr["value"].tensor.CopyFrom(tensor_proto(pb(), np.array(name.encode(), object),
                                                      dt.string))
        meta.asset_file_def.add(filename=name).tensor_info.name = f"{nd.name}:0"
    for obj, i in view._asset_index.items():
        handles[obj] = _asset_node(i)
    initializers = _table_nodes(view, graph, handles)
    for key, cf in sorted(view.signature_map.items()):  # (TF's order: the calls' names)
        _signature_def(view, graph, handles, key, cf, meta.signature_def[key])
    inits = [add_call() for add_call in initializers]  # (after the signatures', as TF)
    graph.node.add(name="NoOp", op="NoOp", input=[f"^{name}" for name in inits])
    add_saver(view, graph, handles, meta.saver_def)
    meta.collection_def["saved_model_main_op"].node_list.value.append("NoOp")
    init = meta.signature_def[INIT_OP_SIGNATURE_KEY].outputs[INIT_OP_SIGNATURE_KEY]
    init.name = "NoOp"
    init.tensor_shape.unknown_rank = True
    meta.object_graph_def.CopyFrom(view.object_graph_proto())
    used = {nd.op for nd in graph.node} | view.library.ops_used
    for name in sorted(used):
        if tf_ops.has_op(name):
            info.stripped_op_list.op.add().CopyFrom(tf_ops.op_def(name))
    return meta


def _asset_node(i: int) -> str:
    """The name of the graph node holding the path of the `i`th asset, as TF names it."""
    return f"asset_path_initializer_{i}" if i else "asset_path_initializer"


def _alias_targets(fn: Any) -> list:
    """The concrete functions an alias names: a tf.function's traces, a concrete function,
    or a list of concrete functions; else TF's TypeError (its words, its "f" too)."""
    if hasattr(fn, "_by_signature"):
        return concrete_functions_of(fn)
    if isinstance(fn, ConcreteFunction):
        return [fn]
    if isinstance(fn, (list, tuple)) and all(isinstance(cf, ConcreteFunction) for cf in fn):
        return list(fn)
    raise TypeError(f"Unsupported type f{type(fn)}. Functions in `function_aliases` should be "
                    "created by tf.function, or concrete functions, or collections of "
                    "concrete functions.")


# Ops whose TF shape functions refuse an input of unknown rank (SpaceToBatchND's
# block_shape must be a vector) or shape (ParallelConcat's values, tf.parallel_stack's
# ExpandDims of the arguments, must be fully defined): a function holding one records its
# arguments' shapes, as TF's own do.
_RANK_NEEDED = frozenset(("SpaceToBatchND", "BatchToSpaceND", "SpaceToBatch", "BatchToSpace",
                          "ParallelConcat"))


def _input_shapes(view: SaveView, graph: Any) -> None:
    """Arguments' static shapes as TF's functions record them, `_input_shapes` (a handle's
    a scalar) and each tensor argument's `_output_shapes`, on each signature's function
    and each one holding an op of _RANK_NEEDED. TF's loader builds a function's
    placeholders of them: a loaded signature's `inputs` have the shapes its SignatureDef
    says, not unknown ones. (TF's functions all record them: but with their inputs' shapes
    known, TF's shape functions check nodes eagerflow writes that TF could not have traced,
    a Conv of a kernel wider than its input, and refuse the whole SavedModel; a
    signature's function holds only its call.)"""
    resource = dt.resource.as_datatype_enum
    wrappers = {view.function_names[id(cf)]: cf for _, cf in view.signature_map.items()}
    for fdef in graph.library.function:
        if fdef.signature.name in wrappers:
            _call_shapes(fdef, wrappers[fdef.signature.name])
        w = view.library.writers.get(fdef.signature.name)
        if w is None or "_input_shapes" in fdef.attr or (
                fdef.signature.name not in wrappers and
                not any(nd.op in _RANK_NEEDED for nd in fdef.node_def)):
            continue
        shapes = fdef.attr["_input_shapes"].list
        shapes.SetInParent()
        for i, arg in enumerate(fdef.signature.input_arg):
            shape = () if arg.type == resource else w.arg_shapes.get(arg.name)
            set_shape(shapes.shape.add(), shape)
            if arg.type != resource:
                set_shape(fdef.arg_attr[i].attr["_output_shapes"].list.shape.add(), shape)


def _call_shapes(fdef: Any, cf: Any) -> None:
    """The `_output_shapes` of a signature function's call, as TF's nodes record them:
    each result's shape, that of the signature's output it is returned as (TF infers
    nothing of a call's results, so a loaded signature's `outputs` have these shapes)."""
    nodes = {nd.name: nd for nd in fdef.node_def}
    shapes: dict = {}
    for i, out in enumerate(fdef.signature.output_arg):
        # (a ret or input names "node:output:k"; k read with each node, not left over
        # from the last output's walk)
        src, _, k = fdef.ret[out.name].partition(":output:")
        while src in nodes and nodes[src].op == "Identity":
            src, _, k = nodes[src].input[0].partition(":output:")
        if src in nodes and nodes[src].op.endswith("PartitionedCall") and k:
            shapes.setdefault(src, {})[int(k)] = cf.outputs[i]._shape
    for name, by_index in shapes.items():
        nd = nodes[name]
        lst = nd.attr["_output_shapes"].list
        for k in range(len(nd.attr["Tout"].list.type)):
            set_shape(lst.shape.add(), by_index.get(k))


def _constant_nodes(view: SaveView, graph: Any) -> dict:
    """A Const node per eager tensor the functions bind, made as TF's saver makes them:
    in its order of the objects (SaveView.dependency_order), named "Const", "Const_1",
    ...; id(tensor) -> node name (also the object graph's `constant.operation`)."""
    out = {}
    for nid in view.dependency_order():
        x = view.graph.nodes[nid]
        if not isinstance(x, EagerTensor):
            continue
        nd = graph.node.add(name=_unique_node(graph, "Const"), op="Const")
        nd.attr["dtype"].type = x._dtype.as_datatype_enum
        nd.attr["value"].tensor.CopyFrom(tensor_proto(pb(), x.numpy(), x._dtype))
        out[id(x)] = view.constant_ops[id(x)] = nd.name
    return out


def _variable_nodes(view: SaveView, graph: Any) -> dict:
    """A VarHandleOp per saved variable (what TF 1 tools see); id(variable) -> node name."""
    out, used = {}, set()
    for nid, obj in enumerate(view.graph.nodes):
        if not is_variable(obj):
            continue
        # (a Keras variable's TF variable is named by its path, as save_view names it)
        base = (getattr(obj, "path", None) or obj.name).split(":")[0] or f"variable_{nid}"
        name, n = base, 0
        while name in used:
            n += 1
            name = f"{base}_{n}"
        used.add(name)
        nd = graph.node.add(name=name, op="VarHandleOp")
        nd.attr["dtype"].type = dt.as_dtype(obj.dtype).as_datatype_enum
        set_shape(nd.attr["shape"].shape, obj.shape._dims)
        nd.attr["shared_name"].s = name.encode()
        out[id(obj)] = name
    return out


def _dataset_nodes(view: SaveView, graph: Any) -> dict:
    """A call of each held dataset's creator (its variant, which the signatures' calls
    take, as TF's main graph makes it); id(DatasetTracker or VariantTracker) -> the call's
    name."""
    creators = {tracker_id: view.table_functions[id(fns["_create_resource"].trace)][0]
                for tracker_id, fns in view.tracker_fns.items()}
    for obj in view.graph.nodes:  # (a loaded one's: its restored creator, saved again)
        if isinstance(obj, VariantTracker):
            creators[id(obj)] = view.function_names[id(view.traces(obj._create_resource)[0])]
    out = {}
    for tracker_id, creator in creators.items():
        call = graph.node.add(name=_unique_node(graph, "StatefulPartitionedCall"),
                              op="StatefulPartitionedCall")
        call.attr["f"].func.name = creator
        call.attr["Tin"].list.SetInParent()
        call.attr["Tout"].list.type.append(dt.variant.as_datatype_enum)
        _mark_main_call(call.attr, [()])
        out[tracker_id] = call.name
    return out


# the node names TF gives the tables' creators (their Python classes' default names)
_TABLE_NODE = {"HashTableV2": "hash_table", "MutableHashTableV2": "MutableHashTable",
               "MutableHashTableOfTensorsV2": "MutableHashTable",
               "MutableDenseHashTableV2": "MutableDenseHashTable",
               "SummaryWriter": "SummaryWriter"}


def _table_nodes(view: SaveView, graph: Any, handles: dict) -> list:
    """A node creating each table (added to `handles`), and for each a function adding a
    call of its initializer (what TF 1 tools see: the main op waits for the calls)."""
    calls = []
    for table_id, fns in view.table_fns.items():
        creator = view.table_functions[id(fns["_create_resource"].trace)][0]
        fdef = next(f for f in graph.library.function if f.signature.name == creator)
        made = next(n for n in fdef.node_def if n.op in _TABLE_NODE)
        nd = graph.node.add(name=_unique_node(graph, _TABLE_NODE[made.op]), op=made.op)
        nd.attr.MergeFrom(made.attr)
        for key in made.input:  # a dense table's empty and deleted keys
            const = next(n for n in fdef.node_def if n.name == key.split(":")[0])
            copy = graph.node.add(name=_unique_node(graph, const.name), op="Const")
            copy.attr.MergeFrom(const.attr)
            nd.input.append(copy.name)
        handles[table_id] = nd.name
        calls.append(lambda fns=fns: _initializer_call(view, graph, handles, fns))
    for resource_id, fns in view.resource_fns.items():  # a user's own resources
        creator = view.function_names[id(view.traces(fns["_create_resource"])[0])]
        fdef = next(f for f in graph.library.function if f.signature.name == creator)
        made = next(n for n in fdef.node_def if n.op not in ("Identity", "NoOp", "Const"))
        nd = graph.node.add(name=_unique_node(graph, made.name), op=made.op)
        nd.attr.MergeFrom(made.attr)
        handles[resource_id] = nd.name
        init = view.function_names[id(view.traces(fns["_initialize"])[0])]
        calls.append(lambda init=init: _call_of(view, graph, handles, init))
    return calls


def _call_of(view: SaveView, graph: Any, handles: dict, name: str,
             bound: list | None = None) -> str:
    """A call of the library's function `name` of no arguments but its captures `bound`
    (a user resource's `_initialize`, a table's), returning an int32: a PartitionedCall
    where it touches no resource, as TF's; the node's name."""
    bound = view.bound.get(name, []) if bound is None else bound
    op = "StatefulPartitionedCall" if bound else "PartitionedCall"
    call = graph.node.add(name=_unique_node(graph, op), op=op,
                          input=[handles[id(b)] for b in bound])
    call.attr["f"].func.name = name
    fdef = next(f for f in graph.library.function if f.signature.name == name)
    call.attr["Tin"].list.type.extend(a.type for a in fdef.signature.input_arg)
    call.attr["Tout"].list.type.append(dt.int32.as_datatype_enum)
    _mark_main_call(call.attr, [()])
    call.attr["_has_manual_control_dependencies"].b = True  # (TF's, on an initializer's)
    return call.name


def _mark_main_call(attrs: Any, shapes: list, reads: list | tuple = ()) -> None:
    """TF's attrs of a call in the main graph: mark_call's, the resource inputs it only
    reads (listed when none) and its outputs' shapes (`_output_shapes`)."""
    mark_call(attrs)
    attrs[READ_ONLY].list.SetInParent()
    attrs[READ_ONLY].list.i.extend(reads)
    attrs["_output_shapes"].list.SetInParent()
    for shape in shapes:
        set_shape(attrs["_output_shapes"].list.shape.add(), shape)


def _initializer_call(view: SaveView, graph: Any, handles: dict, fns: dict) -> str:
    """A call of a table's `_initialize` (a mutable table's touches no resource)."""
    init = fns["_initialize"]
    if not hasattr(init, "trace"):  # (a loaded one, saved again)
        return _call_of(view, graph, handles, view.function_names[id(view.traces(init)[0])])
    name, bound, _ = view.table_functions[id(init.trace)]
    return _call_of(view, graph, handles, name, bound)


def _safe_name_scope(name: str) -> str:
    """TF's name of a signature's input placeholder ("serving_x/y" is serving_x_y): a name
    a scope takes, else the characters before a letter, digit or "." dropped and the others
    a scope takes not as "_"."""
    if re.match(r"^[A-Za-z0-9.][A-Za-z0-9_.\\-]*$", name):
        return name
    return re.sub(r"[^A-Za-z0-9_.\\-]", "_", re.sub(r"^[^A-Za-z0-9.]*", "", name))


def _signature_def(view: SaveView, graph: Any, handles: dict, key: str, cf: Any,
                   sig: Any) -> None:
    fname = view.function_names[id(cf)]
    _, kwargs = cf.structured_input_signature
    inputs = []
    for name, spec in kwargs.items():
        user = spec.name or name  # (the input's own name: its parameter's is sanitized)
        nd = graph.node.add(name=_safe_name_scope(f"{key}_{user}"), op="Placeholder")
        nd.attr["dtype"].type = spec.dtype.as_datatype_enum
        set_shape(nd.attr["shape"].shape, spec.shape._dims)
        info = sig.inputs[user]
        info.name = f"{nd.name}:0"
        info.dtype = spec.dtype.as_datatype_enum
        set_shape(info.tensor_shape, spec.shape._dims)
        inputs.append(nd.name)
    inputs += [handles[id(v)] for v in view.bound[fname]]
    fdef = next(f for f in graph.library.function if f.signature.name == fname)
    # a function touching no state is called as TF calls it, by a PartitionedCall
    op = "StatefulPartitionedCall" if fdef.signature.is_stateful else "PartitionedCall"
    call = graph.node.add(name=_unique_node(graph, op), op=op, input=inputs)
    call.attr["f"].func.name = fname
    call.attr["Tin"].list.type.extend(a.type for a in fdef.signature.input_arg)
    call.attr["Tout"].list.type.extend(a.type for a in fdef.signature.output_arg)
    outs = cf.structured_outputs
    shapes = refined_shapes(cf.graph)  # (as the exported graph infers the call's outputs)
    i, out_shapes = 0, []
    for name, t in outs.items():
        info = sig.outputs[name]
        if isinstance(t, CompositeTensor):  # (TF's TensorInfo of a composite: its spec and
            spec = t._type_spec               # its components' tensors)
            info.composite_tensor.type_spec.ParseFromString(
                structured_value.encode(spec).type_spec_value.SerializeToString())
            for part in spec._to_components(t):
                c = info.composite_tensor.components.add()
                c.name = f"{call.name}:{i}"
                c.dtype = part.dtype.as_datatype_enum
                out_shapes.append(shapes.get(id(part), part._shape))
                set_shape(c.tensor_shape, out_shapes[-1])
                i += 1
            continue
        info.name = f"{call.name}:{i}"
        info.dtype = t.dtype.as_datatype_enum
        out_shapes.append(shapes.get(id(t), t._shape))
        set_shape(info.tensor_shape, out_shapes[-1])
        i += 1
    _mark_main_call(call.attr, out_shapes, read_only_inputs(graph.library, [fname]))
    sig.method_name = PREDICT_METHOD_NAME


def _unique_node(graph: Any, base: str) -> str:
    names = {n.name for n in graph.node}
    name, n = base, 0
    while name in names:
        n += 1
        name = f"{base}_{n}"
    return name


# -- the fingerprint ----------------------------------------------------------------------------

def _suffix_uid(name: str) -> int | None:
    """The UID a function name ends with (`__inference_f_42`: 42), as TF's GetSuffixUID."""
    last = name.rsplit("_", 1)[-1]
    return int(last) if last.isdigit() else None


def _strip_uid(name: str) -> str:
    uid = _suffix_uid(name)
    return name[:-len(str(uid))] if uid is not None else name


def _graph_hash(graph_def: Any) -> int:
    """TF's RegularizeAndHashGraphDef: function calls without their UIDs and config,
    string constants without their values, no library, no versions."""
    g = pb().GraphDef()
    g.CopyFrom(graph_def)
    for n in g.node:
        if n.op in ("PartitionedCall", "StatefulPartitionedCall"):
            n.attr["f"].func.name = _strip_uid(n.attr["f"].func.name)
            if "config_proto" in n.attr:
                n.attr["config_proto"].s = b""
        if n.op == "Const" and n.attr["dtype"].type == dt.string.as_datatype_enum:
            n.attr["value"].ClearField("value")
    g.library.Clear()
    g.versions.Clear()
    return fingerprint64(g.SerializeToString(deterministic=True))


def _fingerprint(data: bytes, meta: Any, export_dir: str) -> Any:
    """FingerprintDef of the written model: TF's hashes (FarmHash Fingerprint64 of the
    regularized parts, as tensorflow/cc/saved_model/fingerprinting.cc computes them; the
    checksum of saved_model.pb as C++ serializes it, which orders a node's `T` and `Tidx`
    attrs otherwise than the file's upb bytes)."""
    fp = pb().FingerprintDef()
    fp.saved_model_checksum = fingerprint64(cpp_bytes(data, pb().SavedModel.DESCRIPTOR))
    fp.graph_def_program_hash = _graph_hash(meta.graph_def)
    h = 0
    for k in sorted(meta.signature_def):
        h = fingerprint_cat64(h, fingerprint64(k.encode()))
        h = fingerprint_cat64(h, fingerprint64(
            meta.signature_def[k].SerializeToString(deterministic=True)))
    fp.signature_def_hash = h
    h = 0
    functions = meta.object_graph_def.concrete_functions
    by_uid = {_suffix_uid(name): name for name in functions}
    for uid in sorted(u for u in by_uid if u is not None):
        name = by_uid[uid]
        h = fingerprint_cat64(h, fingerprint64(_strip_uid(name).encode()))
        h = fingerprint_cat64(h, fingerprint64(
            functions[name].SerializeToString(deterministic=True)))
    fp.saved_object_graph_hash = h
    index = os.path.join(export_dir, VARIABLES_DIRECTORY, VARIABLES_FILENAME + ".index")
    with open(index, "rb") as f:
        fp.checkpoint_hash = fingerprint64(f.read())
    fp.version.producer = 4
    fp.uuid = str(uuid.uuid4().int)
    return fp


__all__ = ["SaveOptions", "save"]
