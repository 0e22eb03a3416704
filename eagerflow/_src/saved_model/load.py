"""tf.saved_model.load: a SavedModel (eagerflow's or TensorFlow's) as live Python objects.

Top of saved_model/'s reading half. Loading goes in stages, each finished before the next
starts, so that a bad file raises before any object exists:

1. read and parse saved_model.pb, pick the MetaGraphDef of the tags;
2. check every function the objects reference for ops eagerflow lacks (function_import);
3. read every variable's value and every mutable lookup table's contents from variables/
   and check them against the SavedObjectGraph;
4. build the objects (restored user objects, lists, dicts, variables, assets, lookup
   tables: tables.py), then import each concrete function with the objects its captured
   arguments are bound to, then the polymorphic functions over them (RestoredFunction
   picks the concrete function whose signature the arguments match, as TF does) and the
   `signatures` map;
5. link the children into attributes; fill the tables (their checkpointed contents, then
   their `_initialize` functions, as TF's loader).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.asset import Asset
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    DataLossError,
    InvalidArgumentError,
    NotFoundError,
)
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.trackable import AutoTrackable, TrackedDict, TrackedList, is_trackable
from eagerflow._src.io.file_errors import local_path
from eagerflow._src.io.filesystems import native, uri
from eagerflow._src.ops.variables import UninitializedVariable, VariableAggregationV2
from eagerflow._src.saved_model import (  # noqa: F401 (dataset_graph_ops: its ops)
    dataset_graph_ops,
    load_v1,
    meta_graph_import,
    structure,
)
from eagerflow._src.saved_model.attrs import ndarray, shape_tuple
from eagerflow._src.saved_model.function_import import (
    RETURNS_NONE,
    CapturedTensor,
    LibraryImporter,
    arg_specs_of,
    check_library,
)
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.saved_model.restored import (
    RestoredFunction,
    SignatureMapView,
    _UserObject,
)
from eagerflow._src.saved_model.save import (
    ASSETS_DIRECTORY,
    DEBUG_INFO_FILENAME_PB,
    SAVED_MODEL_FILENAME_PB,
    VARIABLES_DIRECTORY,
    VARIABLES_FILENAME,
    VariablePolicy,
)
from eagerflow._src.saved_model.tables import (
    RestoredTable,
    RestoredWriter,
    TableCreator,
    VariantTracker,
    function_names,
    plan_tables,
    read_contents,
    restore_contents,
    restored_table,
)
from eagerflow._src.train.checkpoint import open_checkpoint
from eagerflow._src.train.graph_view import VARIABLE_VALUE


class LoadOptions:
    """tf.saved_model.LoadOptions (the device options have no effect on one CPU)."""

    def __init__(self, allow_partial_checkpoint: bool = False,
                 experimental_io_device: str | None = None,
                 experimental_skip_checkpoint: bool = False,
                 experimental_variable_policy: Any = None,
                 experimental_load_function_aliases: bool = False) -> None:
        self.allow_partial_checkpoint = allow_partial_checkpoint
        self.experimental_io_device = experimental_io_device
        self.experimental_skip_checkpoint = experimental_skip_checkpoint
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_load_function_aliases = experimental_load_function_aliases


def contains_saved_model(export_dir: Any) -> bool:
    """tf.saved_model.contains_saved_model."""
    return os.path.isfile(native(os.path.join(os.fspath(export_dir), SAVED_MODEL_FILENAME_PB)))


def _local_dir(export_dir: Any) -> str:
    """The SavedModel folder as a local path (TF's error for another scheme names the
    first file it reads)."""
    export_dir = os.fspath(export_dir)
    return local_path(export_dir, os.path.join(export_dir, SAVED_MODEL_FILENAME_PB))


def read_saved_model(export_dir: str) -> Any:
    path = os.path.join(export_dir, SAVED_MODEL_FILENAME_PB)
    if not os.path.exists(path):
        if os.path.exists(os.path.join(export_dir, "saved_model.pbtxt")):
            raise NotFoundError(None, None, f"eagerflow reads binary SavedModels only: "
                                            f"{export_dir} holds saved_model.pbtxt")
        raise OSError(f"SavedModel file does not exist at: {uri(export_dir)}{os.sep}"
                      f"{{saved_model.pbtxt|{SAVED_MODEL_FILENAME_PB}}}")
    with open(path, "rb") as f:
        data = f.read()
    model = pb().SavedModel()
    try:
        model.ParseFromString(data)
    except Exception as e:  # (protobuf's DecodeError; TF names the file as bytes, and
        # the message type by TF's package, where eagerflow's proto has its own)
        why = str(e).replace(model.DESCRIPTOR.full_name, "tensorflow.SavedModel")
        raise OSError(f"Cannot parse file {os.fsencode(uri(path))!r}: {why}.") from None
    if not model.meta_graphs:
        raise DataLossError(None, None, f"{path} holds no MetaGraphDef")
    return model


def read_debug_info(export_dir: str) -> Any:
    """The SavedModel's GraphDebugInfo (debug/saved_model_debug_info.pb), empty where it has
    none, as TF's loader reads it."""
    info = pb().GraphDebugInfo()
    path = os.path.join(export_dir, "debug", DEBUG_INFO_FILENAME_PB)
    if os.path.exists(path):
        with open(path, "rb") as f:
            data = f.read()
        try:
            info.ParseFromString(data)
        except Exception as e:  # (protobuf's DecodeError, as TF words it)
            raise OSError(f"Cannot parse file {path}: {e}.") from None
    return info


def _renamed_traces(info: Any, concrete: dict) -> Any:
    """`info` as TF hands it to a loaded root: each trace keyed `node@function` by the
    loaded function's name (the name a function this load does not know is left out)."""
    out = pb().GraphDebugInfo()
    out.files[:] = info.files
    for key in info.traces:
        node, _, func = key.partition("@")
        out.traces[f"{node}@{func if func in concrete else ''}"].CopyFrom(info.traces[key])
    return out


def _meta_graph(model: Any, tags: Any, export_dir: str) -> Any:
    if tags is not None and not isinstance(tags, set):
        tags = nest.flatten(tags)  # (TF's: a tag or a sequence of them)
    if len(model.meta_graphs) == 1 and model.meta_graphs[0].HasField("object_graph_def"):
        meta = model.meta_graphs[0]
        if tags is not None and set(tags) != set(meta.meta_info_def.tags):
            raise ValueError(f"Got an incompatible argument to `tags`: {tags}. The SavedModel "
                             f"at {export_dir} has one MetaGraph with tags "
                             f"{list(meta.meta_info_def.tags)}. You may omit the argument, pass "
                             f"'None', or pass matching tags.")
        return meta
    if tags is None:
        if len(model.meta_graphs) == 1:
            return model.meta_graphs[0]
        tags = ["serve"]
    want = set(tags)
    for meta in model.meta_graphs:
        if set(meta.meta_info_def.tags) == want:
            return meta
    available = [list(m.meta_info_def.tags) for m in model.meta_graphs]
    raise RuntimeError(f"MetaGraphDef associated with tags {sorted(want)!r} could not be found "
                       f"in SavedModel, with available tags '{available}'. To inspect "
                       f"available tag-sets in the SavedModel, please use the SavedModel "
                       f"CLI: `saved_model_cli`.")


def load(export_dir: Any, tags: Any = None, options: LoadOptions | None = None) -> Any:
    """tf.saved_model.load(export_dir, tags=None, options=None)."""
    if _state.graph is not None:
        raise RuntimeError("tf.saved_model.load runs eagerly in eagerflow: call it outside "
                           "tf.function")
    export_dir = _local_dir(export_dir)
    options = options or LoadOptions()
    model = read_saved_model(export_dir)
    if load_v1.is_v1(model):  # TF 1's Builder / simple_save: no object graph
        root = load_v1.load_v1(model, export_dir, tags, options.experimental_skip_checkpoint)
        root.__dict__["graph_debug_info"] = read_debug_info(export_dir)
        return root
    meta = _meta_graph(model, tags, export_dir)
    loader = Loader(meta, export_dir, options)
    root = loader.root
    if isinstance(root, _UserObject):
        root.__dict__["graph_debug_info"] = _renamed_traces(read_debug_info(export_dir),
                                                             loader.concrete)
    if options.experimental_load_function_aliases:
        if hasattr(root, "function_aliases"):
            raise ValueError("Could not load with experimental_load_function_aliases option "
                             "because the top-level object already has an attributed with name "
                             "'function_aliases'")
        root.function_aliases = _function_aliases(loader, meta.meta_info_def.function_aliases)
    return root


def _function_aliases(loader: Loader, aliases: Any) -> dict:
    """TF's `function_aliases` of a load: each alias names the restored tf.function whose
    concrete functions are exactly the ones it aliases, else the list of them."""
    by_alias: dict = {}
    for name, alias in aliases.items():
        cf = loader.concrete.get(name)
        if cf is not None:  # (TF logs a warning and leaves out an alias of no function)
            by_alias.setdefault(alias, []).append(cf)
    for obj in loader.objects:
        if isinstance(obj, RestoredFunction) and obj._concrete:
            named = {id(cf) for cf in obj._concrete}
            for alias, cfs in by_alias.items():
                if isinstance(cfs, list) and {id(cf) for cf in cfs} == named:
                    by_alias[alias] = obj
    return by_alias


def load_into_session(sess: Any, tags: Any, export_dir: Any, import_scope: str | None = None,
                      **saver_kwargs: Any) -> Any:
    """tf.compat.v1.saved_model.load: the MetaGraph of `tags` imported into `sess`'s graph
    (its nodes named `import_scope`/node), its variables restored and its init op run;
    returns the MetaGraphDef. Only the nodes its signatures and init op need are imported
    (no Saver: `saver_kwargs` are accepted for TF's signature)."""
    del saver_kwargs
    if tags is None or isinstance(tags, str):
        raise TypeError(f"tags must be a list of strings, got {tags!r}")
    export_dir = _local_dir(export_dir)
    meta = load_v1.meta_graph(read_saved_model(export_dir), tags)
    if not meta_graph_import.importable(meta):  # (tables: the pruned import below)
        load_v1.Loader(meta, export_dir, False, graph=sess.graph, import_scope=import_scope)
        return meta
    with sess.graph.as_default():
        saver = meta_graph_import.import_meta_graph(meta, import_scope=import_scope)
        prefix = os.path.join(export_dir, VARIABLES_DIRECTORY, VARIABLES_FILENAME)
        if saver is not None and saver._vars:
            saver.restore(sess, prefix)
        init = load_v1.init_op_name(meta)
        if init:
            scope = f"{import_scope}/" if import_scope else ""
            feeds = {f"{scope}{name}": os.path.join(export_dir, ASSETS_DIRECTORY, filename)
                     for name, filename in load_v1.asset_files(meta)}
            sess.run(f"{scope}{init}", feeds)
    return meta



class Loader:
    def __init__(self, meta: Any, export_dir: str, options: LoadOptions) -> None:
        self.meta = meta
        self.export_dir = export_dir
        self.source = os.path.join(export_dir, SAVED_MODEL_FILENAME_PB)
        self.proto = meta.object_graph_def
        nodes = self.proto.nodes
        if not nodes:
            raise DataLossError(None, None, f"{self.source} holds no object graph: it was "
                                            "written by TF 1 (tf.compat.v1.saved_model), which "
                                            "eagerflow does not load")
        self._check_children()
        self.tables, creators, skip = plan_tables(self.proto, meta.graph_def.library,
                                                  self.source)
        fn_names = [n for nd in nodes if nd.WhichOneof("kind") == "function"
                    for n in nd.function.concrete_functions]
        fn_names += [nd.bare_concrete_function.concrete_function_name for nd in nodes
                     if nd.WhichOneof("kind") == "bare_concrete_function"]
        check_library(meta.graph_def.library, [n for n in fn_names if n not in skip],
                      self.source)
        values = {} if options.experimental_skip_checkpoint else self._read_variables(options)
        self.objects: list = [None] * len(nodes)
        for nid, nd in enumerate(nodes):
            self.objects[nid] = self._create(nid, nd, values)
        self.importer = LibraryImporter(meta.graph_def.library, self.source)
        # what a gradient function's captured arguments bind: tensors of the function
        # calling it (CapturedTensor) and variables
        self.importer.bindings = self._captured
        self.importer.gradient_outputs = self._gradient_outputs
        self.concrete: dict = {}
        for kind, make in (("bare_concrete_function", self._bare), ("function", self._function)):
            for nid, nd in enumerate(nodes):
                if nd.WhichOneof("kind") != kind:
                    continue
                if nid in creators:
                    self.objects[nid] = TableCreator(creators[nid])
                elif not set(function_names(nd)) & skip:
                    self.objects[nid] = make(getattr(nd, kind))
        for nid, nd in enumerate(nodes):
            self._link(nid, nd)
        for nid in self.tables:
            table = self.objects[nid]
            if isinstance(table, VariantTracker):
                continue
            if nid in values:
                restore_contents(table._state, values[nid])
            init = getattr(table, "_initialize", None)
            if callable(init):
                try:
                    init()
                except NotFoundError as e:  # (a table's file gone from assets/: as TF's)
                    raise _not_found(e) from None
        self.root = self.objects[0]
        if isinstance(self.root, _UserObject):
            info = meta.meta_info_def
            self.root.__dict__["tensorflow_version"] = info.tensorflow_version
            self.root.__dict__["tensorflow_git_version"] = info.tensorflow_git_version

    # -- checks --------------------------------------------------------------------------------
    def _check_children(self) -> None:
        n = len(self.proto.nodes)
        for nid, nd in enumerate(self.proto.nodes):
            for c in list(nd.children) + list(nd.dependencies):
                if not 0 <= c.node_id < n:
                    raise DataLossError(None, None, f"{self.source}: object {nid} names child "
                                                    f"{c.node_id}, out of range")
            for s in nd.slot_variables:
                if not 0 <= s.slot_variable_node_id < n:
                    raise DataLossError(None, None, f"{self.source}: object {nid} names slot "
                                                    f"variable {s.slot_variable_node_id}, "
                                                    "out of range")

    def _read_variables(self, options: LoadOptions) -> dict:
        """node id -> NumPy value of every variable, (keys, values) of every mutable table,
        read and checked before any object is made."""
        var_ids = [i for i, nd in enumerate(self.proto.nodes)
                   if nd.WhichOneof("kind") == "variable"]
        table_ids = [i for i in self.tables if self.proto.nodes[i].saveable_objects]
        if not var_ids and not table_ids:
            return {}
        prefix = os.path.join(self.export_dir, VARIABLES_DIRECTORY, VARIABLES_FILENAME)
        try:
            reader, graph = open_checkpoint(prefix)
        except NotFoundError as e:  # (TF's loader words it so: variables/ is gone)
            raise _not_found(e) from None
        # TF's object graph may end with nodes the checkpoint's lacks (saveable functions)
        if graph is None or len(graph.nodes) > len(self.proto.nodes) or \
                max(var_ids + table_ids) >= len(graph.nodes):
            raise DataLossError(None, None, f"The checkpoint {prefix} does not match the object "
                                            f"graph of {self.source}")
        out = {}
        for nid in table_ids:
            contents = read_contents(reader, graph.nodes[nid], prefix)
            if contents is not None:
                out[nid] = contents
        for nid in var_ids:
            keys = [a.checkpoint_key for a in graph.nodes[nid].attributes
                    if a.name == VARIABLE_VALUE]
            sv = self.proto.nodes[nid].variable
            if not keys or not reader.has(keys[0]):
                if options.allow_partial_checkpoint:
                    continue
                raise NotFoundError(None, None, f"Variable {sv.name} (object {nid}) has no "
                                                f"value in the checkpoint {prefix}")
            arr = reader.read(keys[0])
            want = shape_tuple(sv.shape)
            if want is not None and (len(want) != arr.ndim or any(
                    d is not None and d != s for d, s in zip(want, arr.shape))):
                raise InvalidArgumentError(None, None, f"Variable {sv.name} has shape "
                                                       f"{list(arr.shape)} in {prefix}, its "
                                                       f"saved shape is {list(want)}")
            out[nid] = arr
        return out

    # -- objects ----------------------------------------------------------------------------------
    def _create(self, nid: int, nd: Any, values: dict) -> Any:
        kind = nd.WhichOneof("kind")
        if kind == "user_object":
            ident = nd.user_object.identifier
            if ident in ("trackable_list_wrapper", "trackable_tuple_wrapper"):
                return TrackedList()  # (TF's loader makes a tuple's a list too)
            if ident == "trackable_dict_wrapper":
                return TrackedDict()
            if ident == "signature_map":
                return SignatureMapView()
            return _UserObject()
        if kind == "variable":
            sv = nd.variable
            dtype = dt.as_dtype(sv.dtype)
            value = values.get(nid)
            declared = shape_tuple(sv.shape)
            if value is None:
                value = np.zeros([d or 0 for d in declared or ()], dtype.as_numpy_dtype)
            # (a variable saved with a shape of unknown dimensions keeps it, as TF's: a
            # loaded function may assign it values of other sizes)
            known = declared is not None and None not in declared
            return UninitializedVariable(value, trainable=sv.trainable, name=sv.name or None,
                                         dtype=dtype, shape=None if known else
                                         TensorShape(declared),
                                         synchronization=sv.synchronization or 0,
                                         # (TF restores TF 2's enum, even for NONE)
                                         aggregation=VariableAggregationV2(sv.aggregation))
        if kind == "asset":
            i = nd.asset.asset_file_def_index
            defs = self.meta.asset_file_def
            if not 0 <= i < len(defs):
                raise DataLossError(None, None, f"{self.source}: asset {nid} names asset file "
                                                f"{i}, out of range")
            return Asset(uri(os.path.join(self.export_dir, ASSETS_DIRECTORY, defs[i].filename)))
        if kind == "constant":
            return self._constant(nd.constant.operation)
        if kind in ("function", "bare_concrete_function"):
            return None  # after the objects they capture
        if kind == "resource":
            if isinstance(self.tables[nid], VariantTracker):
                return self.tables[nid]
            table = restored_table(self.tables[nid], nd.registered_name)
            if not nd.saveable_objects:  # (as TF's: saved again, its contents are not kept)
                object.__setattr__(table, "_checkpoint", False)
            return table
        if kind == "captured_tensor":  # bound to a gradient function when its caller loads
            return CapturedTensor(nd.captured_tensor.concrete_function,
                                  nd.captured_tensor.name)
        return _UserObject()

    def _constant(self, op_name: str) -> EagerTensor:
        for node in self.meta.graph_def.node:
            if node.name == op_name and node.op == "Const":
                return EagerTensor(ndarray(node.attr["value"].tensor),
                                   dt.as_dtype(node.attr["dtype"].type))
        raise DataLossError(None, None, f"{self.source}: constant {op_name} is not in the graph")

    def _gradient_outputs(self, fn_name: str) -> list | None:
        """Which of a gradient function's results are tensors, one per input of the
        IdentityN it differentiates (TF saves a None where an input has no gradient and
        writes only the tensors as the function's outputs); None where not saved so."""
        saved = self.proto.concrete_functions.get(fn_name)
        if saved is None or saved.output_signature.WhichOneof("kind") not in (
                "list_value", "tuple_value"):
            return None
        sig = saved.output_signature
        values = (sig.list_value if sig.HasField("list_value") else sig.tuple_value).values
        return [v.WhichOneof("kind") != "none_value" for v in values]

    def _captured(self, fn_name: str) -> list:
        saved = self.proto.concrete_functions.get(fn_name)
        if saved is None:
            raise DataLossError(None, None, f"{self.source}: concrete function {fn_name} is not "
                                            "described in the object graph")
        out = []
        for i in saved.bound_inputs:
            obj = self.objects[i]
            if isinstance(obj, Asset):
                obj = obj.asset_path
            elif isinstance(obj, (RestoredTable, RestoredWriter)):
                obj = obj._state  # (its functions take the table by reference)
            elif isinstance(obj, VariantTracker):
                obj = self._dataset_of(obj, i)
            if obj is None:
                raise DataLossError(None, None, f"{self.source}: function {fn_name} captures "
                                                f"object {i}, which is not a value")
            out.append(obj)
        return out

    def _dataset_of(self, tracker: VariantTracker, nid: int) -> Any:
        """The dataset a `_variant_tracker` (node `nid`) stands for: its creator function,
        imported and run once (before the functions capturing it are)."""
        if tracker._value is None:
            cid = next(c.node_id for c in self.proto.nodes[nid].children
                       if c.local_name == "_create_resource")
            tracker._value = self._concrete(function_names(self.proto.nodes[cid])[0])()
        return tracker._value

    def _concrete(self, fn_name: str, arg_keywords: list | None = None) -> Any:
        hit = self.concrete.get(fn_name)
        if hit is not None:
            return hit
        saved = self.proto.concrete_functions[fn_name] \
            if fn_name in self.proto.concrete_functions else None
        captures = self._captured(fn_name)
        sig = structure.decode(saved.canonicalized_input_signature) if saved else ((), {})
        out_structure = structure.decode(saved.output_signature) if saved else None
        if saved and out_structure is None:
            out_structure = RETURNS_NONE
        if not (isinstance(sig, tuple) and len(sig) == 2 and isinstance(sig[1], dict)):
            raise DataLossError(None, None, f"{self.source}: function {fn_name} has a malformed "
                                            "input signature")
        sig = (tuple(sig[0]), sig[1])
        cf = self.importer.concrete(fn_name, arg_specs_of(sig) + captures, out_structure, sig,
                                    arg_keywords)
        cf._bound_inputs = captures
        self.concrete[fn_name] = cf
        return cf

    def _bare(self, b: Any) -> Any:
        cf = self._concrete(b.concrete_function_name, list(b.argument_keywords))
        cf._allowed_positional = b.allowed_positional_arguments  # (a signature's: none)
        spec = b.function_spec
        if spec.HasField("fullargspec") and len(spec.fullargspec.named_tuple_value.values):
            # a trace's parameters (TF's keywords name only its tensor inputs)
            full = structure.decode(spec.fullargspec)
            if full.args:
                cf._arg_keywords = list(full.args) + list(full.kwonlyargs or ())
        return cf

    def _function(self, f: Any) -> RestoredFunction:
        spec = structure.decode(f.function_spec.fullargspec) \
            if f.function_spec.HasField("fullargspec") else None
        arg_names = list(spec.args) if spec is not None else []
        if arg_names[:1] == ["self"]:
            arg_names = arg_names[1:]
        cfs = [self._concrete(n, arg_names) for n in f.concrete_functions]
        for cf in cfs:  # TF types them by the function's spec: its parameters' names, and
            if spec is not None:  # no captures (loaded, they are bound inputs)
                cf._arg_keywords = arg_names
                if spec.varargs:  # (then all positional: TF's rest_0, rest_1, ...)
                    cf._param_kinds = {**{n: "POSITIONAL_OR_KEYWORD" for n in arg_names},
                                       spec.varargs: "VAR_POSITIONAL"}
            cf._captures_shown = False
        signature = structure.decode(f.function_spec.input_signature) \
            if f.function_spec.HasField("input_signature") else None
        fn = RestoredFunction(cfs, spec, signature)
        fn._function_spec_proto = f.function_spec  # (written back when saved again)
        return fn

    def _link(self, nid: int, nd: Any) -> None:
        obj = self.objects[nid]
        for c in nd.children:
            child = self.objects[c.node_id]
            name = c.local_name
            if isinstance(obj, TrackedList):
                i = int(name) if name.isdigit() else len(obj)
                list.extend(obj, [None] * (i + 1 - len(obj)))
                list.__setitem__(obj, i, child)
            elif isinstance(obj, TrackedDict):
                dict.__setitem__(obj, name, child)
            elif isinstance(obj, SignatureMapView):
                obj._add(name, child)
            elif isinstance(obj, AutoTrackable):
                if name == "__call__":  # looked up on the class: a subclass of its own
                    obj.__class__ = type(type(obj).__name__, (type(obj),), {
                        "__call__": lambda self, *a, **k: self.__dict__["__call__"](*a, **k)})
                    obj.__dict__["__call__"] = child
                elif name == "signatures" and isinstance(child, SignatureMapView):
                    object.__setattr__(obj, "signatures", child)
                    obj._track("signatures", child)
                else:
                    try:
                        setattr(obj, name, child)
                    except (AttributeError, TypeError):
                        obj._track(name, child)
                    else:
                        if name.startswith("_") and is_trackable(child):
                            obj._track(name, child)  # (AutoTrackable leaves private names out)
        if isinstance(obj, _UserObject) and nd.WhichOneof("kind") == "user_object":
            _add_saveable_factories(obj)


def _not_found(e: NotFoundError) -> FileNotFoundError:
    """TF's loader's error for a file a load reads that is not there (its NotFoundError
    raised again as a FileNotFoundError, with a hint)."""
    return FileNotFoundError(
        f"{e.message}\n You may be trying to load on a different device from the "
        "computational device. Consider setting the `experimental_io_device` option "
        "in `tf.saved_model.LoadOptions` to the io_device such as '/job:localhost'.")


def _add_saveable_factories(obj: _UserObject) -> None:
    """TF's loader gives each object it revives an empty `_self_saveable_object_factories`
    dict, which it tracks: saved again, the object has that child (an empty
    trackable_dict_wrapper), after the saved ones and before its functions."""
    factories = TrackedDict()
    object.__setattr__(obj, "_self_saveable_object_factories", factories)
    obj._track("_self_saveable_object_factories", factories)


__all__ = ["LoadOptions", "contains_saved_model", "load", "load_into_session"]
