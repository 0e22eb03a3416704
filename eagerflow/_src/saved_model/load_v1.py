"""tf.saved_model.load of a TF 1 SavedModel (tf.compat.v1.saved_model.Builder,
simple_save): a MetaGraphDef without an object graph.

Sits in saved_model/ over graph_import.py; load.py calls it. TF 2 loads such a model
(its load_v1_in_v2) by importing the MetaGraph into a wrapped function, restoring the
variables through the graph's Saver, running the init op (a main_op or
legacy_init_op: table initializers reading the assets), then pruning one function per
SignatureDef. eagerflow does the same, in its own way:

1. the MetaGraph is picked by `tags` (TF's errors: several MetaGraphs and no tags, tags
   that match none);
2. only the nodes the signatures and the init op need are imported (the Saver's
   SaveV2/RestoreV2 nodes and the variables' initializers are never run), each checked
   before anything is built;
3. each variable node (VariableV2 or VarHandleOp) becomes an eagerflow Variable holding
   its value read from variables/ by the node's name (TF 1's name-based checkpoint), each
   HashTableV2 an empty table; an asset's tensor is mapped to the copy under assets/;
4. the init op's nodes run once, eagerly, filling the tables;
5. each signature is the wrapped graph pruned from its inputs to its outputs, called
   with keyword arguments (one positional argument when it has one input) and returning
   a dict, as TF's.

The loaded object has TF's attributes: `signatures`, `variables` (the resource
variables: TF 1's ref variables are not listed by TF either), `graph`, `prune`,
`initializer`, `asset_paths`, `restore(path)`, `tensorflow_version` and
`tensorflow_git_version`. Loading never runs code from the file: its ops are the
registry's.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.asset import Asset
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import DataLossError, InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.core.trackable import AutoTrackable
from eagerflow._src.function.compat_v1 import evaluate_op
from eagerflow._src.function.polymorphic import eager_scope
from eagerflow._src.function.wrap import WrappedFunction, wrap_function
from eagerflow._src.ops.lookup_ops import TableState
from eagerflow._src.ops.variables import Variable
from eagerflow._src.saved_model.attrs import attr_value, shape_tuple
from eagerflow._src.saved_model.function_import import check_library
from eagerflow._src.saved_model.graph_import import GraphDefImporter, check_nodes
from eagerflow._src.saved_model.restored import SignatureMapView
from eagerflow._src.saved_model.save import (
    ASSETS_DIRECTORY,
    VARIABLES_DIRECTORY,
    VARIABLES_FILENAME,
)
from eagerflow._src.saved_model.saver_graph import restored_keys
from eagerflow._src.train.checkpoint import open_checkpoint

__all__ = ["Loader", "is_v1", "load_v1", "meta_graph"]

_VARIABLES = frozenset(("VariableV2", "Variable", "VarHandleOp"))
_TABLES = frozenset(("HashTableV2",))
_INIT_COLLECTIONS = ("saved_model_main_op", "legacy_init_op")
_INIT_SIGNATURE = "__saved_model_init_op"


def is_v1(model: Any) -> bool:
    """Whether TF 2 loads `model` (a SavedModel proto) as a TF 1 SavedModel: it does unless
    it has exactly one MetaGraph, and that one has an object graph."""
    return not (len(model.meta_graphs) == 1 and
                model.meta_graphs[0].HasField("object_graph_def"))


def meta_graph(model: Any, tags: Any) -> Any:
    metas = model.meta_graphs
    if tags is None:
        if len(metas) != 1:
            sets = [list(m.meta_info_def.tags) for m in metas]
            raise ValueError("Importing a SavedModel with `tf.saved_model.load` requires a "
                             "`tags=` argument if there is more than one MetaGraph. Got "
                             f"`tags=None`, but there are {len(metas)} MetaGraphs in the "
                             f"SavedModel with tag sets: {sets}. Pass a `tags=` argument to "
                             "load this SavedModel.")
        return metas[0]
    tags = [tags] if isinstance(tags, str) else list(tags)
    for meta in metas:
        if set(meta.meta_info_def.tags) == set(tags):
            return meta
    available = ", ".join("{" + ", ".join(repr(t) for t in sorted(set(m.meta_info_def.tags)))
                          + "}" for m in metas)
    raise RuntimeError("MetaGraphDef associated with tags " + ", ".join(repr(t) for t in tags)
                       + f" could not be found in SavedModel, with available tags '[{available}]"
                       "'. To inspect available tag-sets in the SavedModel, please use the "
                       "SavedModel CLI: `saved_model_cli`.")


def asset_files(meta: Any, source: str = "the SavedModel") -> list:
    """(tensor name, file name) of each asset of a TF 1 MetaGraph: its AssetFileDefs and
    those TF 1's Builder packs in the `saved_model_assets` collection."""
    defs = list(meta.asset_file_def)
    col = meta.collection_def.get("saved_model_assets")
    if col is not None:
        from tensorboard.compat.proto import meta_graph_pb2  # the saved_model extra
        for packed in col.any_list.value:
            a = meta_graph_pb2.AssetFileDef()
            try:
                a.ParseFromString(packed.value)
            except Exception:
                raise DataLossError(None, None, f"{source}: an AssetFileDef of "
                                                "saved_model_assets can't be parsed") from None
            defs.append(a)
    out, seen = [], set()
    for a in defs:
        if a.tensor_info.name in seen:
            continue
        seen.add(a.tensor_info.name)
        if os.path.basename(a.filename) != a.filename or a.filename in ("", ".", ".."):
            raise DataLossError(None, None, f"{source}: asset file name {a.filename!r} is "
                                            "not a plain file name")
        out.append((a.tensor_info.name, a.filename))
    return out


def init_op_name(meta: Any) -> str | None:
    return _init_op(meta)


def _init_op(meta: Any) -> str | None:
    """The name of the init op node TF's loader runs (None: none)."""
    sig = meta.signature_def.get(_INIT_SIGNATURE)
    if sig is not None and sig.outputs:
        return next(iter(sig.outputs.values())).name.split(":")[0]
    for key in _INIT_COLLECTIONS:
        col = meta.collection_def.get(key)
        if col is not None and col.node_list.value:
            return col.node_list.value[0].split(":")[0]
    return None


def _needed(gd: Any, roots: list) -> list:
    """The nodes of `gd` the `roots` (node names) need, through data and control inputs,
    in GraphDef order."""
    by_name = {nd.name: nd for nd in gd.node}
    seen: set = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        nd = by_name.get(name)
        if nd is None:
            raise DataLossError(None, None, f"The SavedModel's graph has no node {name}")
        seen.add(name)
        todo.extend(ref.lstrip("^").split(":")[0] for ref in nd.input)
    return [nd for nd in gd.node if nd.name in seen]


class _V1Importer(GraphDefImporter):
    """Imports a TF 1 MetaGraph's nodes with its variables and tables bound."""

    resources: dict
    made: dict  # node name -> the operations built for it

    def _graph_node(self, nd: Any) -> None:
        obj = self.resources.get(nd.name)
        if obj is not None:
            self.env[f"{nd.name}:0"] = obj
            self.n_outputs[nd.name] = 1
            self.ops[nd.name] = None
            return
        g = _state.graph
        start = len(g.operations)
        super()._graph_node(nd)
        self.made[nd.name] = g.operations[start:]


class _Signature(WrappedFunction):
    """A TF 1 signature: keyword arguments, one positional when it has a single input."""

    _positional = 0

    def _flatten_call_args(self, args: tuple, kwargs: dict) -> list:
        if args and len(args) <= self._positional:
            kwargs = {**dict(zip(self._arg_keywords, args)), **kwargs}
            args = ()
        return super()._flatten_call_args(args, kwargs)


class _Initializer(AutoTrackable):
    """TF's loaded `initializer`: runs the init op again (`_initialize`)."""

    def __init__(self, run: Any, asset_paths: list) -> None:
        self._run = run
        self._asset_paths = asset_paths

    def _initialize(self) -> Any:
        return self._run()


class Loader:
    def __init__(self, meta: Any, export_dir: str, skip_checkpoint: bool,
                 graph: Any = None, import_scope: str | None = None) -> None:
        self.meta, self.export_dir = meta, export_dir
        self._saver_keys: dict | None = None
        self.source = os.path.join(export_dir, "saved_model.pb")
        gd = meta.graph_def
        sigs = {k: s for k, s in meta.signature_def.items() if k != _INIT_SIGNATURE}
        self.init = _init_op(meta)
        roots = [t.name.split(":")[0] for s in sigs.values()
                 for t in list(s.inputs.values()) + list(s.outputs.values())]
        roots += [self.init] if self.init else []
        nodes = _needed(gd, roots)
        check_nodes(nodes, allowed=_VARIABLES | _TABLES)
        funcs = [av.func.name for nd in nodes for av in nd.attr.values() if av.HasField("func")]
        if funcs:
            check_library(gd.library, funcs, self.source)
        self.sub = type(gd)()
        self.sub.node.extend(nodes)
        self.sub.library.CopyFrom(gd.library)
        self.sub.versions.CopyFrom(gd.versions)
        self.resources: dict = {}
        self.refs: list = []       # the variables of VariableV2 nodes
        self.resource_vars: list = []
        self._variables(nodes, skip_checkpoint)
        for nd in nodes:
            if nd.op in _TABLES:
                a = {k: attr_value(v) for k, v in nd.attr.items()}
                self.resources[nd.name] = TableState(a["key_dtype"], a["value_dtype"], (),
                                                     mutable=False)
        self.asset_map, self.asset_paths = self._assets()
        self.prefix_scope = ""
        if graph is not None:  # TF 1's loader: into the Session's graph
            self.prefix_scope = import_scope or ""
            with graph.as_default():
                self._import()
            self._run_init()
            return
        self.wrapped = wrap_function(self._import, [])
        self.initializer = _Initializer(self._run_init, self.asset_paths)
        self.initializer._initialize()
        self.signatures = SignatureMapView()
        for key in sorted(sigs):
            self.signatures._add(key, self._signature(key, sigs[key]))

    # -- variables, assets ---------------------------------------------------------------------
    def _trainable(self) -> set:
        col = self.meta.collection_def.get("trainable_variables")
        if col is None or not col.bytes_list.value:
            return set()
        from tensorboard.compat.proto import variable_pb2  # the saved_model extra, as pb()
        out = set()
        for raw in col.bytes_list.value:
            vd = variable_pb2.VariableDef()
            try:
                vd.ParseFromString(raw)
            except Exception:
                raise DataLossError(None, None, f"{self.source}: a trainable variable's "
                                                "VariableDef can't be parsed") from None
            out.add(vd.variable_name.split(":")[0])
        return out

    def _variables(self, nodes: list, skip_checkpoint: bool) -> None:
        var_nodes = [nd for nd in nodes if nd.op in _VARIABLES]
        if not var_nodes:
            return
        self.prefix = os.path.join(self.export_dir, VARIABLES_DIRECTORY, VARIABLES_FILENAME)
        reader = None if skip_checkpoint else open_checkpoint(self.prefix)[0]
        trainable = self._trainable()
        for nd in var_nodes:
            dtype = dt.as_dtype(nd.attr["dtype"].type)
            shape = shape_tuple(nd.attr["shape"].shape) if "shape" in nd.attr else None
            value = self._read(reader, nd, dtype, shape)
            with eager_scope():  # eager variables (also under a TF 1 graph), read by the graph
                var = Variable(value, name=nd.name, dtype=dtype,
                               trainable=nd.name in trainable)
            self.resources[nd.name] = var
            (self.refs if nd.op != "VarHandleOp" else self.resource_vars).append((nd, var))

    def _read(self, reader: Any, nd: Any, dtype: Any, shape: Any) -> Any:
        if reader is None:
            return np.zeros([d or 0 for d in (shape or ())], dtype.as_numpy_dtype)
        keys = [nd.name]
        if nd.op == "VarHandleOp" and nd.attr["shared_name"].s:
            keys.append(nd.attr["shared_name"].s.decode())
        if self._saver_keys is None:  # (a TF 2 SavedModel: keys by object-graph paths)
            self._saver_keys = restored_keys(self.meta)
        if nd.name in self._saver_keys:
            keys.append(self._saver_keys[nd.name])
        key = next((k for k in keys if reader.has(k)), None)
        if key is None:
            raise NotFoundError(None, None, f"Key {nd.name} not found in checkpoint "
                                            f"{self.prefix}")
        arr = reader.read(key)
        if arr.dtype != dtype.as_numpy_dtype or (shape is not None and (
                len(shape) != arr.ndim or any(d is not None and d != s
                                              for d, s in zip(shape, arr.shape)))):
            raise InvalidArgumentError(None, None, f"Variable {nd.name} is "
                                                   f"{dtype.name}{list(shape or ())} in the "
                                                   f"graph, {arr.dtype}{list(arr.shape)} in "
                                                   f"the checkpoint {self.prefix}")
        return arr

    def restore(self, path: Any) -> None:
        """Reads every variable again from the TF 1 checkpoint at `path`."""
        reader = open_checkpoint(os.fspath(path))[0]
        self.prefix = os.fspath(path)
        for nd, var in self.refs + self.resource_vars:
            var.assign(self._read(reader, nd, var.dtype, tuple(var.shape.as_list())))

    def _assets(self) -> tuple:
        names = {nd.name for nd in self.sub.node}
        mapping, paths = {}, []
        for tensor, filename in asset_files(self.meta, self.source):
            asset = Asset(os.path.join(self.export_dir, ASSETS_DIRECTORY, filename))
            paths.append(asset)
            if tensor.split(":")[0] in names:
                mapping[tensor] = asset.asset_path
        return mapping, paths

    # -- the graph -----------------------------------------------------------------------------
    def _import(self) -> None:
        graph = _state.graph
        prefix = self.prefix_scope
        if prefix:
            prefix = prefix[:-1] if prefix.endswith("/") else graph.unique_name(prefix)
        imp = _V1Importer(self.sub, graph, prefix, {k: graph.capture(v) if not isinstance(
            v, Variable) else v for k, v in self.asset_map.items()})
        imp.resources, imp.made = self.resources, {}
        imp.run()
        self.importer = imp

    def _run_init(self) -> None:
        """The init op's stateful ops (table initializers: no outputs to fetch), run."""
        if not self.init:
            return
        made = self.importer.made
        for nd in _needed(self.sub, [self.init]):
            for op in made.get(nd.name, ()):
                if op.op.stateful:
                    evaluate_op(op, {})

    def _signature(self, key: str, sig: Any) -> _Signature:
        g = self.wrapped.graph
        items = sorted(sig.inputs.items())
        names = [k for k, _ in items]
        feeds = [g.as_graph_element(t.name) for _, t in items]
        fetches = {k: g.as_graph_element(t.name) for k, t in sig.outputs.items()}
        fn = self.wrapped.prune(feeds, fetches, name="pruned")
        fn.__class__ = _Signature
        fn._arg_keywords = names
        fn._positional = 1 if len(names) == 1 else 0
        fn._structured_input_signature = ((), {k: TensorSpec(f._shape, f._dtype, name=k)
                                               for k, f in zip(names, feeds)})
        return fn


def load_v1(model: Any, export_dir: str, tags: Any, skip_checkpoint: bool) -> AutoTrackable:
    """The object TF 2 makes of a TF 1 SavedModel (see the module docstring)."""
    meta = meta_graph(model, tags)
    loader = Loader(meta, export_dir, skip_checkpoint)
    root = AutoTrackable()
    d = root.__dict__
    d["signatures"] = loader.signatures
    root._track("signatures", loader.signatures)
    d["variables"] = [v for _, v in loader.resource_vars]
    d["graph"] = loader.wrapped.graph
    d["prune"] = loader.wrapped.prune
    d["initializer"] = loader.initializer
    d["asset_paths"] = loader.asset_paths
    if loader.refs or loader.resource_vars:
        d["restore"] = loader.restore
    info = meta.meta_info_def
    d["tensorflow_version"] = info.tensorflow_version
    d["tensorflow_git_version"] = info.tensorflow_git_version
    return root
