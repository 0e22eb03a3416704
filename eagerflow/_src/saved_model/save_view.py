"""What a SavedModel holds: the objects reachable from the root, their functions, signatures.

Sits in saved_model/ under save.py, over function_export.py and structure.py. The object
graph is the checkpoint's (train/graph_view.py walks it breadth first, so every object is
named by its shortest path, as TF names it), with four kinds of children added: the
tf.function attributes of each object, each function's traced concrete functions
("trace_0", ...), the root's "signatures" map, and the eager tensors a concrete function
captured ("capture_<k>": TF's constants, bound to its arguments). Every concrete function
is written to the FunctionDefLibrary, and the proto SavedObjectGraph describes each node:
a variable (dtype, shape, trainable), a function (its concrete functions and argument
spec), a bare concrete function (a signature), a constant (its Const node in the main
graph), a list or dict, or a plain user object.
"""

from __future__ import annotations

import contextlib
import inspect
import os
from collections.abc import Iterator
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.asset import Asset
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.name_scope import is_op_name
from eagerflow._src.core.resource import SAVING_HANDLES, TrackableResource
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec, is_tensor_spec
from eagerflow._src.core.trackable import TrackableDict, TrackableList, is_variable
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.function.concrete import ConcreteFunction
from eagerflow._src.function.polymorphic import Function, eager_scope, function
from eagerflow._src.io.filesystems import native
from eagerflow._src.ops.lookup_ops import StaticHashTable
from eagerflow._src.ops.lookup_ops import _Table as LookupTable
from eagerflow._src.saved_model import structure
from eagerflow._src.saved_model.attrs import set_shape
from eagerflow._src.saved_model.export_refs import (
    DatasetTracker,
    VariantTracker,
    bound_eager_captures,
)
from eagerflow._src.saved_model.library_export import LibraryWriter
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.saved_model.restored import RestoredFunction
from eagerflow._src.saved_model.signatures import (
    SignatureMap,
    concrete_functions_of,
    function_attributes,
    signature_functions,
)
from eagerflow._src.saved_model.tables import (
    SAVEABLE,
    STATIC_HASH_TABLE,
    TableFunction,
    TableTrace,
    checkpointed,
    describe_concrete,
    describe_function,
    table_children,
    write_saveable,
    write_table_function,
)
from eagerflow._src.summary.writer import TrackableSummaryWriter
from eagerflow._src.train.graph_view import ObjectGraph, children_of, identity, is_optimizer

_VERSION = {"producer": 1, "min_consumer": 1}
TRACKABLE_CONSTANT = "tf.TrackableConstant"  # (the name TF registers a constant's node under)
# a held dataset's tracker's functions, in TF's order
_TRACKER_FUNCTIONS = ("_create_resource", "_initialize", "_destroy_resource")


class SaveView:
    """The object graph of one save, with its functions written to a library."""

    def __init__(self, root: Any, signatures: Any, custom_gradients: bool = True) -> None:
        self.root = root
        self.signature_map = SignatureMap(signature_functions(root, signatures))
        self._traces: dict = {}
        self._extra: dict = {}  # id(obj) -> (obj, its SavedModel-only children)
        self.table_fns: dict = {}  # id(table) -> {"_initialize": TableFunction, ...}
        self.resource_fns: dict = {}  # id(user's resource) -> {"_initialize": Function, ...}
        self.trackers: dict = {}   # id(held dataset) -> its DatasetTracker
        self.tracker_fns: dict = {}  # id(DatasetTracker) -> its TableFunctions

        def children(obj: Any) -> dict:
            if isinstance(obj, ConcreteFunction):
                return self._capture_children(obj)
            if isinstance(obj, TableTrace):  # (a static table's keys and values)
                _, bound, _ = self.table_functions.get(id(obj), (None, (), None))
                return _constants(bound)
            if isinstance(obj, TableFunction):
                return {"trace_0": obj.trace}
            if isinstance(obj, (Function, RestoredFunction)):
                return {f"trace_{i}": cf for i, cf in enumerate(self.traces(obj))}
            if isinstance(obj, SignatureMap):
                return dict(obj.items())
            if isinstance(obj, DatasetV2):  # (TF's: a held dataset's resource)
                return {"_variant_tracker": self.trackers.setdefault(id(obj),
                                                                     DatasetTracker(obj))}
            if isinstance(obj, DatasetTracker):
                return self.tracker_fns.setdefault(id(obj), table_children(obj))
            if isinstance(obj, VariantTracker):  # (a loaded one's: its restored functions)
                fns = {k: getattr(obj, k) for k in _TRACKER_FUNCTIONS
                       if getattr(obj, k, None) is not None}
                for fn in fns.values():
                    self.traces(fn)
                return fns
            # what TF's SavedModel (not its checkpoints) adds: a Keras layer's bookkeeping
            # containers and its list and dict attributes, a model's serving function
            # (made once per object and save)
            extra: tuple = (obj, {})
            if callable(getattr(obj, "_saved_model_children", None)):
                extra = self._extra.get(id(obj))
                if extra is None:
                    extra = self._extra[id(obj)] = (obj, obj._saved_model_children())
            out = _with_datasets(obj, children_of(obj), skip=extra[1])
            for name, child in extra[1].items():
                out.setdefault(name, child)
                if isinstance(child, Function):
                    self.traces(child)
            if is_optimizer(obj):  # its slots among its variables, as Keras 3 lists them
                out.setdefault("_variables", TrackableList(list(obj.variables)))
            for name, fn in function_attributes(obj).items():
                out.setdefault(name, fn)
                if isinstance(fn, Function):  # traced for saving as TF lists them
                    self.traces(fn)
            if isinstance(obj, (LookupTable, TrackableSummaryWriter)):
                fns = self.table_fns.get(id(obj))
                if fns is None:
                    fns = self.table_fns[id(obj)] = {**table_children(obj),
                                                     **_reinitializers(obj)}
                for fn in fns.values():
                    if isinstance(fn, RestoredFunction):
                        self.traces(fn)
                out.update(fns)
            elif isinstance(obj, TrackableResource):  # a user's own resource
                fns = self.resource_fns.setdefault(id(obj), _resource_functions(obj))
                for fn in fns.values():
                    self.traces(fn)
                out.update(fns)
            if obj is root:
                out["signatures"] = self.signature_map
            return out

        self._children = children
        self.bound: dict = {}           # library name -> objects its captured args bind
        self.table_functions: dict = {}  # id(TableTrace) -> (name, bound objects, output)
        self.function_names: dict = {}  # id(ConcreteFunction) -> library name
        self.graph = ObjectGraph(root, children=children, slots=False)
        self.node_ids = {identity(o): i for i, o in enumerate(self.graph.nodes)}
        self.assets: list = []          # (file name in assets/, source path)
        self._asset_index: dict = {}    # id(Asset) -> its index in `assets`
        for nid in self.dependency_order():  # (TF's order: it decides which file keeps
            if isinstance(self.graph.nodes[nid], Asset):  # a name two files share)
                self._add_asset(self.graph.nodes[nid])
        self.library = LibraryWriter(lambda v: identity(v) in self.node_ids, {
            id(a.asset_path._arr): a for a in self.graph.nodes if isinstance(a, Asset)},
            custom_gradients, {**{id(t._state): t for t in self.graph.nodes
                                  if isinstance(t, (LookupTable, TrackableSummaryWriter))},
                               **{id(held): t for t in self.graph.nodes if _is_user_resource(t)
                                  and (held := _held_state(t)) is not None}},
            datasets={id(t.dataset): t for t in self.graph.nodes
                      if isinstance(t, DatasetTracker)},
            variants={id(t._value._arr): t for t in self.graph.nodes
                      if isinstance(t, VariantTracker) and t._value is not None})
        self.constant_ops: dict = {}  # id(eager tensor bound) -> its Const node (save.py)
        self.saveables: list = []        # (mutable table, its save and restore functions)

    def _add_asset(self, asset: Asset) -> None:
        """Files keep their names in assets/; where two files of different contents share
        one, the later one's name gets TF's "_1", "_2"... after it (vocab.txt_1); files of
        equal contents share one copy, as in TF."""
        if not os.path.isfile(native(asset._path)):
            raise ValueError(f"Asset file {asset._path} does not exist: a SavedModel copies "
                             "the files of its assets")
        base = os.path.basename(asset._path)
        names = dict(self.assets)
        name, k = base, 0
        if base in names and not _same_contents(names[base], asset._path):
            while name in names:
                k += 1
                name = f"{base}_{k}"
        self._asset_index[id(asset)] = len(self.assets)
        self.assets.append((name, asset._path))

    def traces(self, fn: Any) -> list:
        hit = self._traces.get(id(fn))
        if hit is None:
            hit = self._traces[id(fn)] = list(fn.concrete_functions) if \
                isinstance(fn, RestoredFunction) else concrete_functions_of(fn)
        return hit

    # -- functions ------------------------------------------------------------------------------
    def write_function(self, cf: ConcreteFunction) -> str:
        name = self.function_names.get(id(cf))
        if name is None:
            names = _input_names(cf)
            name, variables = self.library.add(cf.graph, cf._name, input_names=names,
                                               bind_eager=True)
            self.function_names[id(cf)] = name
            self.bound[name] = variables
        return name

    # -- the SavedObjectGraph ---------------------------------------------------------------------
    def object_graph_proto(self) -> Any:
        p = pb()
        proto = p.SavedObjectGraph()
        g = self.graph
        slot_of = {}
        for oid, vid, slot_name, _, sid in g.slots:
            slot_of.setdefault(oid, []).append((vid, slot_name, sid))
        for nid, obj in enumerate(g.nodes):
            node = proto.nodes.add()
            for cid, name in g.refs[nid]:
                node.children.add(node_id=cid, local_name=name)
            for vid, slot_name, sid in slot_of.get(nid, ()):
                node.slot_variables.add(original_variable_node_id=vid, slot_name=slot_name,
                                        slot_variable_node_id=sid)
            self._describe(node, obj)
        captured_tensors: dict = {}  # (function, tensor name) -> its node
        for name, (g, n_none, n_args, bound) in self.library.gradient_functions.items():
            # how TF's loader pairs a gradient function's outputs with the node's inputs
            saved = proto.concrete_functions[name]
            for b in bound:
                if isinstance(b, tuple):  # a forward tensor: TF's _CapturedTensor node
                    if b not in captured_tensors:
                        captured_tensors[b] = len(proto.nodes)
                        ct = proto.nodes.add().captured_tensor
                        ct.concrete_function, ct.name = b
                    saved.bound_inputs.append(captured_tensors[b])
                else:
                    saved.bound_inputs.append(self.node_ids[identity(b)])
            specs = [TensorSpec(t._shape, t._dtype, t._op.name) for t in g.fed_inputs[:n_args]]
            structure.encode(((None, *specs), {}), saved.canonicalized_input_signature)
            outs = [TensorSpec(t._shape, t._dtype, f"tensor_{n_none + i}")
                    for i, t in enumerate(g.outputs)]
            structure.encode([None] * n_none + outs, saved.output_signature)
        for cf_id, name in self.function_names.items():
            cf = self._cf_by_id[cf_id]
            saved = proto.concrete_functions[name]
            saved.bound_inputs.extend(self.node_ids[identity(v)] for v in self.bound[name])
            structure.encode(_canonical_signature(cf), saved.canonicalized_input_signature)
            structure.encode(_output_signature(cf), saved.output_signature)
        for name, bound, out in self.table_functions.values():
            describe_concrete(proto.concrete_functions[name], self._ids(bound), ((), {}), out)
        self._saveable_nodes(proto)
        return proto

    def _ids(self, objects: list) -> list:
        return [self.node_ids[identity(v)] for v in objects]

    def _saveable_nodes(self, proto: Any) -> None:
        """A mutable table's save and restore functions: bare functions after the object
        graph's nodes (outside the checkpoint's graph, as TF places them), named by the
        table's saveable object."""
        for table, fns in self.saveables:
            ids = []
            for name, bound, inputs, outputs, keywords in fns:
                ids.append(len(proto.nodes))
                b = proto.nodes.add().bare_concrete_function
                b.concrete_function_name = name
                b.argument_keywords.extend(keywords)
                b.allowed_positional_arguments = len(keywords)
                describe_concrete(proto.concrete_functions[name], self._ids(bound), inputs,
                                  outputs)
            so = proto.nodes[self.node_ids[identity(table)]].saveable_objects[SAVEABLE]
            so.save_function, so.restore_function = ids

    def write_all_functions(self) -> None:
        self._cf_by_id = {}
        for obj in self.graph.nodes:
            if isinstance(obj, ConcreteFunction):
                self._cf_by_id[id(obj)] = obj
                self.write_function(obj)
            elif isinstance(obj, TableTrace):
                self.table_functions[id(obj)] = write_table_function(self.library, obj.fn)
            elif isinstance(obj, LookupTable) and checkpointed(obj):
                self.saveables.append((obj, write_saveable(self.library, obj)))
        bounds = [*self.bound.values(), *(b for _, b, _ in self.table_functions.values())]
        if any(isinstance(x, EagerTensor) for bound in bounds for x in bound):
            # the eager tensors the functions bind are objects too, children of the
            # functions binding them (known once written): walked again, they take their
            # places in the breadth-first order, as TF's constants
            self.graph = ObjectGraph(self.root, children=self._children, slots=False)
            self.node_ids = {identity(o): i for i, o in enumerate(self.graph.nodes)}

    def _capture_children(self, cf: ConcreteFunction) -> dict:
        """The eager tensors function `cf` binds, named "capture_<k>" by their place among
        its captured arguments (TF's children of a concrete function: its captures that
        are neither variables nor resources); none before it is written."""
        return _constants(self.bound.get(self.function_names.get(id(cf)), ()))

    def dependency_order(self) -> list:
        """The node ids in the order TF's saver makes their graph nodes (its Kahn sort of
        the objects by their dependencies, reversed: a function depends on its concrete
        functions, a concrete function on the constants it binds), which is the order
        the constants' Const nodes are named in ("Const", "Const_1", ...)."""
        g = self.graph
        deps = {nid: [cid for cid, _ in g.refs[nid]]
                if isinstance(obj, (ConcreteFunction, Function, RestoredFunction, TableFunction,
                                    TableTrace))
                else [] for nid, obj in enumerate(g.nodes)}
        # (a concrete function depends on the assets it captures too: TF makes their
        # paths' graph nodes first, "asset_path_initializer" the first captured asset's)
        assets = {id(obj.asset_path._arr): nid for nid, obj in enumerate(g.nodes)
                  if isinstance(obj, Asset)}
        for nid, obj in enumerate(g.nodes):
            if isinstance(obj, ConcreteFunction):
                deps[nid] += [assets[id(x._arr)] for x, _ in bound_eager_captures(obj.graph)
                              if id(x._arr) in assets]
        users: dict = {}
        for nid, ds in deps.items():
            for d in ds:
                users.setdefault(d, set()).add(nid)
        queue = [nid for nid in deps if nid not in users]
        out = []
        while queue:
            nid = queue.pop(0)
            out.append(nid)
            # (a set's order, as TF's sort visits them: it decides which constant is made
            # first)
            for d in set(deps[nid]):
                waiting = users[d]
                waiting.discard(nid)
                if not waiting:
                    queue.append(d)
                    del users[d]
        return out[::-1]

    def _describe(self, node: Any, obj: Any) -> None:
        if is_variable(obj):
            v = node.variable
            v.dtype = dt.as_dtype(obj.dtype).as_datatype_enum  # (a Keras variable's is a str)
            set_shape(v.shape, obj.shape._dims)
            v.trainable = bool(getattr(obj, "trainable", True))
            # a Keras variable by its TF variable's name (`_name`: its Keras `name` is the
            # short one), the TF name scopes open where Keras 3's TF backend makes it:
            # "dense/kernel:0", or a subclassed model's sublayers "model/kernel:0"
            v.name = str(getattr(obj, "_name", None) or obj.name).split(":")[0]
            # (the enums a tf.Variable keeps; a Keras variable answers Keras's strings)
            sync = getattr(obj, "_synchronization", None)
            agg = getattr(obj, "_aggregation", None)
            v.synchronization = int(getattr(sync, "value", sync) or 0)
            v.aggregation = int(getattr(agg, "value", agg) or 0)
        elif isinstance(obj, TrackableSummaryWriter):
            node.resource.device = "/CPU:0"  # (TF's: its ops run on the CPU)
        elif isinstance(obj, (DatasetTracker, VariantTracker)):
            node.resource.device = "CPU"  # (TF's words for a held dataset's tracker)
        elif _is_user_resource(obj):
            node.resource.device = getattr(obj, "_resource_device", "") or ""
        elif isinstance(obj, LookupTable):
            node.resource.SetInParent()
            if isinstance(obj, StaticHashTable):  # (TF's loader then restores it as one)
                node.registered_name = STATIC_HASH_TABLE
        elif isinstance(obj, TableFunction):
            describe_function(node, self.table_functions[id(obj.trace)][0])
        elif isinstance(obj, TableTrace):
            for c in node.children:  # (its constants and asset)
                node.dependencies.add(node_id=c.node_id, local_name=c.local_name)
            node.bare_concrete_function.concrete_function_name = \
                self.table_functions[id(obj)][0]
        elif isinstance(obj, EagerTensor):  # a constant a function binds
            node.constant.operation = self.constant_ops[id(obj)]
            node.registered_name = TRACKABLE_CONSTANT
        elif isinstance(obj, Function):
            f = node.function
            f.concrete_functions.extend(self.function_names[id(cf)]
                                        for cf in self.traces(obj))
            _function_spec(obj, f.function_spec)
            for c in node.children:
                node.dependencies.add(node_id=c.node_id, local_name=c.local_name)
        elif isinstance(obj, RestoredFunction):  # a loaded function saved again, as TF
            f = node.function
            f.concrete_functions.extend(self.function_names[id(cf)]
                                        for cf in self.traces(obj))
            if obj._function_spec_proto is not None:
                f.function_spec.CopyFrom(obj._function_spec_proto)
            for c in node.children:
                node.dependencies.add(node_id=c.node_id, local_name=c.local_name)
        elif isinstance(obj, Asset):
            node.asset.asset_file_def_index = self._asset_index[id(obj)]
        elif isinstance(obj, ConcreteFunction):
            for c in node.children:  # (its constants)
                node.dependencies.add(node_id=c.node_id, local_name=c.local_name)
            b = node.bare_concrete_function
            b.concrete_function_name = self.function_names[id(obj)]
            args, kwargs = obj.structured_input_signature or ((), {})
            keywords = list(obj._arg_keywords[:len(args)]) + list(kwargs)
            if not args:  # (a signature's wrapper: keywords only)
                b.argument_keywords.extend(keywords)
                # (TF lets a signature of one input take it by position)
                b.allowed_positional_arguments = int(len(keywords) == 1)
                _bare_function_spec(obj, b.function_spec)
            else:
                _traced_function_spec(obj, b)
        else:
            u = node.user_object
            u.identifier = _identifier(obj)
            u.version.producer, u.version.min_consumer = 1, 1


def _with_datasets(obj: Any, out: dict, skip: Any = ()) -> dict:
    """An object's children with the tf.data datasets it holds (TF's datasets are
    trackables, saved as objects): held as attributes, or in lists, tuples and dicts (TF's
    wrappers of them), in the order of its attributes where the other children are
    attributes too (TF's order), else after them; a list's or dict's in its own order.
    Names in `skip` are left to the object's SavedModel children (a Keras layer's lists)."""
    items = _container_items(obj)
    if items is None:
        if not callable(getattr(obj, "_trackable_children", None)) or \
                is_variable(obj) or not hasattr(obj, "__dict__"):
            return out
        # (its attributes, not the record of its children Trackable keeps)
        items = [(k, v) for k, v in vars(obj).items() if k != "_trackable_deps"]
    held = {k: view for k, v in items
            if k not in out and k not in skip and (view := _held_view(v)) is not None}
    if not held:
        return out
    order = [k for k, _ in items]
    if not set(out) <= set(order):
        return {**out, **held}
    return {k: {**out, **held}[k] for k in order if k in out or k in held}


def _container_items(obj: Any) -> list | None:
    """(name, value) of a list's, tuple's or dict's items as TF's wrappers name them
    (index, key); None for another object."""
    if isinstance(obj, (TrackableList, TrackableDict)):
        obj = obj._items
    if isinstance(obj, dict):
        return [(str(k), v) for k, v in obj.items()]
    if isinstance(obj, (list, tuple)):
        return [(str(i), v) for i, v in enumerate(obj)]
    return None


def _held_view(value: Any) -> Any:
    """`value` as a child for the datasets it holds: a dataset itself, a view of a list,
    tuple or dict holding one (at any depth), else None."""
    if isinstance(value, DatasetV2):
        return value
    if _holds_dataset(value):
        return TrackableDict(value) if isinstance(value, dict) else TrackableList(value)
    return None


def _holds_dataset(value: Any) -> bool:
    if isinstance(value, dict):
        value = list(value.values())
    return isinstance(value, (list, tuple)) and any(
        isinstance(v, DatasetV2) or _holds_dataset(v) for v in value)


def _identifier(obj: Any) -> str:
    if isinstance(obj, SignatureMap):
        return "signature_map"
    if isinstance(obj, TrackableList) and isinstance(obj._items, tuple):
        return "trackable_tuple_wrapper"  # (TF's wrapper of a tuple attribute)
    if isinstance(obj, (list, TrackableList)) and not isinstance(obj, TrackableDict):
        return "trackable_list_wrapper"
    if isinstance(obj, (dict, TrackableDict)):
        return "trackable_dict_wrapper"
    return "_generic_user_object"


def _input_names(cf: ConcreteFunction) -> list:
    """Names of the function's input arguments: its TensorSpecs' names."""
    sig = cf.structured_input_signature
    if sig is None:
        return [t._op.name for t in cf.graph.fed_inputs]
    specs = [s for s in nest.flatten(sig) if is_tensor_spec(s)]
    # (a name no op may take, "zero x", left its placeholder TF's "Placeholder", whose name
    # the argument takes: "placeholder")
    names = [s.name if s.name and is_op_name(s.name) else t._op.name
             for s, t in zip(specs, cf.graph.fed_inputs)]
    return names + [t._op.name for t in cf.graph.fed_inputs[len(names):]]


def _same_contents(a: str, b: str) -> bool:
    if os.path.abspath(a) == os.path.abspath(b):
        return True
    with open(native(a), "rb") as f, open(native(b), "rb") as g:
        return f.read() == g.read()


def _canonical_signature(cf: ConcreteFunction) -> tuple:
    sig = cf.structured_input_signature
    if sig is None:
        return (tuple(TensorSpec(t.shape, t.dtype, t._op.name) for t in cf.graph.fed_inputs), {})
    args, kwargs = sig
    return tuple(args), dict(kwargs)


def _output_signature(cf: ConcreteFunction) -> Any:
    """The outputs' TensorSpecs, named by their paths as TF names them ("unknown" for a
    lone tensor, "tensor_0" in a list, "aa_0" under a dict's key "aa")."""
    outs = cf.structured_outputs
    paths = nest.flatten_with_joined_string_paths(outs, "_")
    specs = [TensorSpec(t.shape, t.dtype, _spec_name(p)) if hasattr(t, "_op") else
             t._type_spec if isinstance(t, CompositeTensor) else t for p, t in paths]
    return nest.pack_sequence_as(outs, specs)


def _spec_name(path: str) -> str:
    """TF's sanitize_spec_name: lower case, other characters than letters and digits as
    "_", "tensor_" before one that starts otherwise than with a letter."""
    if not path:
        return "unknown"
    name = "".join(c if c.isalnum() else "_" for c in path.lower())
    return name if name[0].isalpha() else "tensor_" + name


def _bare_function_spec(cf: ConcreteFunction, out: Any) -> None:
    """The FunctionSpec TF writes with a signature's wrapper: its keywords as keyword-only
    parameters, and an empty input signature only when it has none (TF's loader orders
    the signature's inputs by it)."""
    kwargs = (cf.structured_input_signature or ((), {}))[1]
    structure.encode(structure.fullargspec([], kwonlyargs=tuple(kwargs)), out.fullargspec)
    if kwargs:
        out.input_signature.none_value.SetInParent()
    else:
        structure.encode((), out.input_signature)


def _traced_function_spec(cf: ConcreteFunction, b: Any) -> None:
    """A trace's bare function as TF writes it: its tensor inputs by their placeholders'
    names (which it takes by position too), and its parameters as a FullArgSpec (a *rest
    parameter's arguments as rest_0, rest_1, ...; no defaults, no input signature)."""
    params = cf._parameters()
    n_args = len(cf.structured_input_signature[0])
    try:
        fed = cf.graph.fed_inputs
        names = [ph.name.split(":")[0] for ph in fed[:len(fed) - len(cf._captured_tensors)]]
    except AttributeError:  # (no graph of its own to name them by: its parameters' names)
        names = [name for name, _, _ in params]
    b.argument_keywords.extend(names)
    b.allowed_positional_arguments = len(names)
    spec = structure.fullargspec([name for name, _, _ in params[:n_args]],
                                 kwonlyargs=tuple(name for name, _, _ in params[n_args:]))
    structure.encode(spec, b.function_spec.fullargspec)
    b.function_spec.input_signature.none_value.SetInParent()


def _function_spec(fn: Function, out: Any) -> None:
    sig = fn.function_spec
    args: list = []
    varargs = varkw = None
    kwonly: list = []
    defaults: list = []
    kwonly_defaults: dict = {}
    if sig is not None:
        for name, p in sig.parameters.items():
            if p.kind is inspect.Parameter.VAR_POSITIONAL:
                varargs = name
            elif p.kind is inspect.Parameter.VAR_KEYWORD:
                varkw = name
            elif p.kind is inspect.Parameter.KEYWORD_ONLY:
                kwonly.append(name)
                if p.default is not inspect.Parameter.empty:
                    kwonly_defaults[name] = p.default
            else:
                args.append(name)
                if p.default is not inspect.Parameter.empty:
                    defaults.append(p.default)
    if varargs and fn.input_signature is not None:
        # TF names the arguments of *rest its input signature gives as rest_0, rest_1, ...
        args += [f"{varargs}_{i}" for i in range(len(fn.input_signature) - len(args))]
        varargs = None
    # a bound method is recorded without `self`, as TF records it
    spec = structure.fullargspec(args, varargs, varkw, tuple(defaults) if defaults else None,
                                 tuple(kwonly), kwonly_defaults or None)
    try:
        structure.encode(spec, out.fullargspec)
    except ValueError:  # a default TF can't record (an object): leave the defaults out
        structure.encode(spec._replace(defaults=None, kwonlydefaults=None), out.fullargspec)
    if fn.input_signature is not None:
        structure.encode(tuple(fn.input_signature), out.input_signature)
    else:
        out.input_signature.none_value.SetInParent()


def _constants(bound: Any) -> dict:
    """The eager tensors and assets among a function's bound objects, named "capture_<k>"
    by their place among its captured arguments (TF's children of a concrete function:
    its captures that are neither variables nor resources)."""
    return {f"capture_{k}": x for k, x in enumerate(bound)
            if isinstance(x, (EagerTensor, Asset))}


def _is_user_resource(obj: Any) -> bool:
    """A TrackableResource of the user's own (not a table or a writer, which eagerflow
    writes in TF's form itself)."""
    return isinstance(obj, TrackableResource) and \
        not isinstance(obj, (LookupTable, TrackableSummaryWriter))


@contextlib.contextmanager
def traced_handles() -> Iterator[None]:
    """While saving: a user's resource whose handle a trace that ended made (its
    `_create_resource` first ran in a tf.function) is made again eagerly where a save's
    trace or the saver takes its handle, as TF 2.21's save binds the functions capturing
    that handle to the resource (made by the main graph, filled by `_initialize` at
    load)."""
    def remake(r: Any) -> None:
        if _is_user_resource(r):
            with eager_scope():
                r._handle_made_eagerly()

    prev, SAVING_HANDLES[0] = SAVING_HANDLES[0], remake
    try:
        yield
    finally:
        SAVING_HANDLES[0] = prev


def _held_state(obj: Any) -> Any:
    """The state a user's resource's handle names (made on first use); None for a handle
    made in a graph."""
    handle = obj.resource_handle
    return handle._arr.item().resource() if isinstance(handle, EagerTensor) else None


def _resource_functions(obj: Any) -> dict:
    """A user's resource's three functions as TF saves them: tf.functions of no arguments,
    `_create_resource` returning the new handle, the others a dummy 1; the loader runs the
    first two again."""
    def _creator() -> Any:
        return obj._create_resource()

    def _initializer() -> Any:
        obj._initialize()
        return 1

    def _destroyer() -> Any:
        obj._destroy_resource()
        return 1

    return {name: function(fn, input_signature=[], autograph=False)
            for name, fn in (("_create_resource", _creator), ("_initialize", _initializer),
                             ("_destroy_resource", _destroyer))}


def _reinitializers(table: Any) -> dict:
    """A loaded mutable resource whose contents no checkpoint kept (a user's own
    resource's): its restored `_initialize` and `_destroy_resource`, saved again as TF's
    re-save keeps them, so that a load fills it anew."""
    if not isinstance(table, LookupTable) or getattr(table, "_checkpoint", True) or \
            not table._state.mutable:
        return {}
    return {k: fn for k in ("_initialize", "_destroy_resource")
            if isinstance(fn := table.__dict__.get(k), RestoredFunction)}
