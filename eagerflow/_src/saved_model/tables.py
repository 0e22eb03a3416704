"""Lookup tables in SavedModels, in TensorFlow's form (a TrackableResource), both ways.

Sits in saved_model/ over function_export.py; save_view.py, save.py and load.py use it.
TensorFlow saves a table as a `resource` object with three functions: `_create_resource`
(one HashTableV2, MutableHashTableV2, MutableHashTableOfTensorsV2 or
MutableDenseHashTableV2 node, returning the handle), `_initialize` (filling a static
table: LookupTableImportV2 of constants, or InitializeTableFromTextFileV2 of an asset)
and `_destroy_resource`. Every function that uses the table takes its handle as a
captured argument bound to that object. A mutable table's contents are in the checkpoint
(its attribute "table", the tensors under "<key>-keys" and "<key>-values"), and its
object names traced save and restore functions as its saveable object, for TF's loader.

Saving, eagerflow's table becomes that object. A static table filled from a text file
has its TextFileInitializer as child "_initializer", whose "_filename" is the file's
Asset: the file goes to assets/ and `_initialize` reads it (the loaded copy) with
InitializeTableFromTextFileV2, as TF writes it. Other static tables' keys and values are
arguments of `_initialize` bound to `constant` objects of the SavedModel (their Consts in
the main graph), as TF binds its initializer's captured tensors; a mutable one's are in
the checkpoint.
A tf.data dataset an object holds is saved as TF saves it: the object's child, whose
child "_variant_tracker" is a resource of the same three functions, `_create_resource`
building the pipeline (dataset_export.py's nodes) and returning its variant; the
functions using the dataset take that variant as a captured argument.
Loading, the creator function is read, not run: its table node gives the table's dtypes
and the table is an eagerflow TableState, which the imported lookup ops take as their
attr; the checkpoint's contents are imported, then `_initialize` runs, as in TF's loader.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import DataLossError, NotFoundError
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.core.trackable import AutoTrackable
from eagerflow._src.data.external_state import unserializable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.lookup_ops import (
    LOOKUP_IMPORT,
    TextFileInitializer,
    _Table,
    check_kernel,
)
from eagerflow._src.ops.table_handles import handle_for, table_uid
from eagerflow._src.ops.table_state import DenseTableState, TableState, np_dtype
from eagerflow._src.saved_model import structure
from eagerflow._src.saved_model.attrs import attr_value, ndarray
from eagerflow._src.saved_model.dataset_export import DatasetWriter
from eagerflow._src.saved_model.export_refs import DatasetTracker, VariantTracker
from eagerflow._src.saved_model.tf_ops import with_defaults
from eagerflow._src.summary.writer_ops import WriterResource

CREATORS = ("HashTableV2", "MutableHashTableV2", "MutableHashTableOfTensorsV2",
            "MutableDenseHashTableV2")
SAVEABLE = "table"  # the attribute TF's checkpoints hold a table's contents under


# -- saving -------------------------------------------------------------------------------------

class TableFunction:
    """A table's `_create_resource`, `_initialize` or `_destroy_resource` (a function node
    of the object graph, whose one trace is `trace`)."""

    def __init__(self, table: Any, kind: str) -> None:
        self.table, self.kind = table, kind
        self.trace = TableTrace(self)


class TableTrace:
    """The concrete function of a TableFunction (a bare concrete function node)."""

    def __init__(self, fn: TableFunction) -> None:
        self.fn = fn


def _text_file(table: Any) -> Any:
    """The TextFileInitializer that filled a static table, or None."""
    init = getattr(table, "_initializer", None)
    return init if isinstance(init, TextFileInitializer) else None


def table_children(table: Any) -> dict:
    """The object-graph children TF gives a table: a static table's initializer (a text
    file's has the file's Asset as its child "_filename") and its functions."""
    init = getattr(table, "_initializer", None)
    out = {"_initializer": init} if init is not None else {}
    out.update({f"_{k}": TableFunction(table, k)
                for k in ("create_resource", "initialize", "destroy_resource")})
    return out


def checkpointed(table: Any) -> bool:
    """Whether the table's contents go to the checkpoint (a mutable table's do)."""
    return table._state.mutable and getattr(table, "_checkpoint", False)


def _creator_op(table: Any) -> tuple:
    """(TF op, attrs) of the node that creates the table."""
    state = table._state
    attrs: dict = {"key_dtype": state.key_dtype, "value_dtype": state.value_dtype}
    if isinstance(state, DenseTableState):
        if state.value_shape:
            attrs["value_shape"] = state.value_shape
        attrs["initial_num_buckets"] = state.initial_num_buckets
        return "MutableDenseHashTableV2", attrs
    if state.value_shape:
        attrs["value_shape"] = state.value_shape
        return "MutableHashTableOfTensorsV2", attrs
    return ("MutableHashTableV2" if state.mutable else "HashTableV2"), attrs


def write_table_function(lib: Any, fn: TableFunction) -> tuple:
    """Writes a TableFunction's FunctionDef; (name, captured objects, output spec)."""
    table, kind = fn.table, fn.kind
    base = {"create_resource": "_creator", "initialize": "_initializer",
            "destroy_resource": "_destroyer"}[kind]
    w = lib.new_function(base)
    if isinstance(table, DatasetTracker):
        return _write_dataset_function(w, table, kind)
    if isinstance(table._state, WriterResource):
        return _write_writer_function(w, table, kind)
    if kind == "create_resource":
        op, attrs = _creator_op(table)
        # a name of its own: TF shares one table among the creators of one shared_name
        attrs["shared_name"] = f"table_{len(lib.library.function)}"
        state, ins = table._state, []
        if isinstance(state, DenseTableState):
            ins = [w.const(np.array(k, np_dtype(state.key_dtype)).reshape(state.key_shape),
                           state.key_dtype, name=n)
                   for k, n in ((state.empty, "empty_key"), (state.deleted, "deleted_key"))]
        w.finish([w.node(op, ins, attrs, name="hash_table")[0]])
        return w.fdef.signature.name, [], TensorSpec((), dt.resource, "unknown")
    init = _text_file(table) if kind == "initialize" else None
    if init is not None:  # the file, an asset, read again wherever the model is loaded
        # (its argument first, as TF's function captures it: the initializer converts the
        # file's name before it reaches the table)
        filename = w.capture(init._filename, "text_file_init/asset_filepath")
        w.node("InitializeTableFromTextFileV2",
               [w.capture(table, "text_file_init/InitializeTableFromTextFileV2/table_handle"),
                filename],
               {"key_index": init._key_index, "value_index": init._value_index,
                "vocab_size": -1 if init._vocab_size is None else init._vocab_size,
                "delimiter": init._delimiter, "offset": init._offset})
    elif kind == "initialize" and not table._state.mutable:
        # (the keys and values as TF's initializer captures them: arguments bound to
        # constants of the SavedModel, named after the import op's inputs)
        scope = "key_value_init/LookupTableImportV2"
        handle = w.capture(table, f"{scope}/table_handle")
        keys, values = _contents(table)
        w.node("LookupTableImportV2", [handle, w.bind(keys, f"{scope}/keys"),
                                       w.bind(values, f"{scope}/values")], name=scope)
    w.finish([w.const(1, dt.int32)])
    return w.fdef.signature.name, list(w.captured), TensorSpec((), dt.int32, "unknown")


def _write_writer_function(w: Any, writer: Any, kind: str) -> tuple:
    """A summary writer's function as TF writes it: `_create_resource` a SummaryWriter
    node, `_initialize` CreateSummaryFileWriter on the writer's handle and its settings
    (arguments bound to constants of the SavedModel), `_destroy_resource` nothing."""
    if kind == "create_resource":
        w.finish([w.node("SummaryWriter", [], {}, name="SummaryWriter")[0]])
        return w.fdef.signature.name, [], TensorSpec((), dt.resource, "unknown")
    if kind == "initialize":
        scope = "CreateSummaryFileWriter"
        handle = w.capture(writer, f"{scope}/writer")
        args = [w.bind(t, f"{scope}/{n}") for t, n in zip(
            writer._init_args, ("logdir", "max_queue", "flush_millis", "filename_suffix"))]
        w.node(scope, [handle, *args], name=scope)
    w.finish([w.const(1, dt.int32)])
    return w.fdef.signature.name, list(w.captured), TensorSpec((), dt.int32, "unknown")


def _write_dataset_function(w: Any, tracker: DatasetTracker, kind: str) -> tuple:
    """A held dataset's function as TF writes it: `_create_resource` the dataset's
    pipeline, returning its variant (TF's calls a function holding the pipeline; the
    nodes are the same), `_initialize` and `_destroy_resource` nothing."""
    if kind == "create_resource":
        refused = unserializable(tracker.dataset)  # (TF's: a py_func, a stateful op)
        if refused is not None:
            raise refused
        w.finish([DatasetWriter(w, inline=True).dataset(tracker.dataset)])
        return w.fdef.signature.name, list(w.captured), TensorSpec((), dt.variant, "unknown")
    w.finish([w.const(1, dt.int32)])
    return w.fdef.signature.name, [], TensorSpec((), dt.int32, "unknown")


def _contents(table: Any) -> tuple:
    """The eager keys and values a static table was filled with: its
    KeyValueTensorInitializer's own tensors (TF's captures), or else (a restored table
    saved again) tensors of its contents."""
    init = getattr(table, "_initializer", None)
    keys, values = getattr(init, "_keys", None), getattr(init, "_values", None)
    if type(keys) is EagerTensor and type(values) is EagerTensor:
        return keys, values
    keys, values = table._state.export()
    return EagerTensor(keys, table._state.key_dtype), EagerTensor(values,
                                                                   table._state.value_dtype)


def write_saveable(lib: Any, table: Any) -> list:
    """A mutable table's save and restore functions: [(name, captured, input signature,
    output structure, argument keywords)] for each."""
    kd, vd = table._state.key_dtype, table._state.value_dtype
    w = lib.new_function("save_fn")
    key = w.add_arg("checkpoint_key", dt.string, ())
    keys, values = w.node("LookupTableExportV2", [w.capture(table)],
                          {"Tkeys": kd, "Tvalues": vd})
    names = [w.node("Add", [key, w.const(object_scalar(s), dt.string)])[0]
             for s in (b"-keys", b"-values")]
    empty = w.const(object_scalar(b""), dt.string)
    w.finish([names[0], empty, keys, names[1], empty, values])
    outs = [{"name": TensorSpec((), dt.string, f"tensor_{i}_name"),
             "slice_spec": TensorSpec((), dt.string, f"tensor_{i}_slice_spec"),
             "tensor": TensorSpec(None, d, f"tensor_{i}_tensor")} for i, d in enumerate((kd, vd))]
    save = (w.fdef.signature.name, list(w.captured),
            ((TensorSpec((), dt.string, "checkpoint_key"),), {}), outs, ["checkpoint_key"])
    w = lib.new_function("restore_fn")
    restored = [w.add_arg(f"restored_tensors_{i}", d) for i, d in enumerate((kd, vd))]
    w.node("LookupTableImportV2", [w.capture(table), *restored])
    w.finish([w.const(1, dt.int32)])
    specs = tuple(TensorSpec(None, d, f"restored_tensors_{i}") for i, d in enumerate((kd, vd)))
    restore = (w.fdef.signature.name, list(w.captured), (specs, {}),
               TensorSpec((), dt.int32, "unknown"), [s.name for s in specs])
    return [save, restore]


def describe_function(node: Any, name: str) -> None:
    """A TableFunction's node: a function of no arguments with one concrete function."""
    f = node.function
    f.concrete_functions.append(name)
    structure.encode(structure.fullargspec([], None, None, None, ()), f.function_spec.fullargspec)
    structure.encode((), f.function_spec.input_signature)
    for c in node.children:
        node.dependencies.add(node_id=c.node_id, local_name=c.local_name)


def describe_concrete(saved: Any, bound: list, inputs: tuple, outputs: Any) -> None:
    saved.bound_inputs.extend(bound)
    structure.encode(inputs, saved.canonicalized_input_signature)
    structure.encode(outputs, saved.output_signature)


# -- loading ------------------------------------------------------------------------------------

class _Absent:
    """An attribute a restored table does not have (TF's restored tables are bare
    resources): reading it is the AttributeError Python gives for a missing one."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        who = f"'{type(obj).__name__}' object" if obj is not None else \
            f"type object '{owner.__name__}'"
        raise AttributeError(f"{who} has no attribute '{self._name}'")


class RestoredTable(AutoTrackable, _Table):
    """A loaded table, as TF restores one: a bare resource (TF's RestoredResource, or
    `_RestoredStaticHashTable` for a `tf.StaticHashTable`) whose one public attribute is
    `resource_handle` (here its state); its saved functions (`_initialize`, ...) are its
    attributes and the loaded functions use it through its handle. Saved again, it is a
    table as eagerflow's own: its creator anew, a static table's contents bound to
    `_initialize` as constants, a mutable one's in the checkpoint."""

    key_dtype, value_dtype, name, default_value = _Absent(), _Absent(), _Absent(), _Absent()
    lookup, size, export = _Absent(), _Absent(), _Absent()

    def __dir__(self) -> list:
        absent = {n for c in type(self).__mro__ for n, v in vars(c).items()
                  if isinstance(v, _Absent)}
        return [n for n in super().__dir__() if n not in absent]

    def __init__(self, state: TableState) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_name", None)
        object.__setattr__(self, "_checkpoint", state.mutable)
        object.__setattr__(self, "_handle", None)
        self._own_handle(f"table_{table_uid()}")

    def _serialize_to_tensors(self) -> dict:
        if not checkpointed(self):  # (a static table's, a user resource's contents)
            return {}
        keys, values = _Table._export(self)
        return {"table-keys": keys, "table-values": values}

    def _restore_from_tensors(self, tensors: dict) -> None:
        bind(LOOKUP_IMPORT, (self._handle, tensors["table-keys"], tensors["table-values"]),
             {})


class RestoredResource(RestoredTable):
    """TF's class for a loaded table other than a StaticHashTable."""


class _RestoredStaticHashTable(RestoredTable):
    """TF's class for a loaded `tf.StaticHashTable` (its registered name)."""


class RestoredWriter(AutoTrackable):
    """A loaded summary writer (TF's RestoredResource of a trackable file writer): its
    saved functions are its attributes; the loaded functions take its writer by
    reference."""

    def __init__(self, state: WriterResource) -> None:
        object.__setattr__(self, "_state", state)


def restored_table(state: Any, registered_name: str) -> Any:
    if isinstance(state, WriterResource):
        return RestoredWriter(state)
    cls = _RestoredStaticHashTable if registered_name == STATIC_HASH_TABLE else \
        RestoredResource
    return cls(state)


# (the name TF registers StaticHashTable's SavedModel node under)
STATIC_HASH_TABLE = "tf.StaticHashTable"


class TableCreator:
    """A loaded `_create_resource`: read, not run; calling it gives the table's state."""

    def __init__(self, state: TableState) -> None:
        self._state = state

    def __call__(self) -> TableState:
        return self._state


def function_names(node: Any) -> list:
    kind = node.WhichOneof("kind")
    if kind == "function":
        return list(node.function.concrete_functions)
    if kind == "bare_concrete_function":
        return [node.bare_concrete_function.concrete_function_name]
    return []


_DT_VARIANT = 21  # (types_pb2.DT_VARIANT: what a dataset's creator returns)


def is_variant_creator(fdef: Any) -> bool:
    """Whether the creator function `fdef` makes a dataset (returns a variant) rather than
    a table."""
    return [a.type for a in fdef.signature.output_arg] == [_DT_VARIANT]


def plan_tables(proto: Any, library: Any, source: str) -> tuple:
    """({resource node: its TableState, or a VariantTracker for a dataset's}, {function
    node: TableState} of the tables' creators, names of functions not to import: the
    tables' creators, read here, and the saveables' save and restore functions, whose
    work the loader does itself). NotFoundError for a resource that is neither a table
    eagerflow knows nor a dataset."""
    fdefs = {f.signature.name: f for f in library.function}
    tables, creators, skip = {}, {}, set()
    for nid, nd in enumerate(proto.nodes):
        if nd.WhichOneof("kind") != "resource":
            continue
        cid = next((c.node_id for c in nd.children if c.local_name == "_create_resource"),
                   None)
        names = function_names(proto.nodes[cid]) if cid is not None else []
        if not names or names[0] not in fdefs:
            raise NotFoundError(None, None, f"{source}: object {nid} is a resource without a "
                                            "`_create_resource` function that eagerflow can "
                                            "restore")
        if is_variant_creator(fdefs[names[0]]):  # (its functions are imported and run)
            tables[nid] = VariantTracker()
            continue
        state = tables[nid] = _table_of_creator(_called_creator(fdefs[names[0]], fdefs),
                                                source)
        creators[cid] = state
        for c in proto.nodes[cid].children:
            creators[c.node_id] = state
        skip.update(names)
        for so in nd.saveable_objects.values():
            for fid in (so.save_function, so.restore_function):
                if 0 <= fid < len(proto.nodes):
                    skip.update(function_names(proto.nodes[fid]))
    return tables, creators, skip


_CALLS = ("PartitionedCall", "StatefulPartitionedCall")


def _called_creator(fdef: Any, fdefs: dict) -> Any:
    """The function that makes the resource of the creator `fdef`: itself, or where it
    makes none but calls one function (TF's re-save of a loaded resource wraps its
    restored creator in a call, at times twice) the function that call leads to."""
    seen = {fdef.signature.name}
    while not any(nd.op in CREATORS or nd.op == "SummaryWriter" for nd in fdef.node_def):
        calls = [nd for nd in fdef.node_def if nd.op in _CALLS]
        callee = fdefs.get(calls[0].attr["f"].func.name) if len(calls) == 1 else None
        if callee is None or callee.signature.name in seen:
            return fdef
        seen.add(callee.signature.name)
        fdef = callee
    return fdef


def _table_of_creator(fdef: Any, source: str) -> TableState | WriterResource:
    name = fdef.signature.name
    writers = [nd for nd in fdef.node_def if nd.op == "SummaryWriter"]
    if len(writers) == 1:  # (a summary writer: its `_initialize` creates its event file)
        return WriterResource(None, writers[0].attr["shared_name"].s.decode())
    made = [nd for nd in fdef.node_def if nd.op in CREATORS]
    if len(made) != 1:
        ops = sorted({nd.op for nd in fdef.node_def} - {"Identity", "NoOp", "Const"})
        raise NotFoundError(None, None, f"The resource function {name} of {source} creates "
                                        f"{', '.join(ops) or 'nothing'}: eagerflow restores "
                                        f"lookup tables ({', '.join(CREATORS)}) only")
    nd = made[0]
    attrs = {k: attr_value(v) for k, v in with_defaults(nd.op, nd.attr).items()}
    shape = tuple(attrs.get("value_shape") or ()) if nd.op.startswith("Mutable") else ()
    if None in shape:
        raise DataLossError(None, None, f"Node {nd.name} of {name} in {source}: a table's "
                                        f"value shape must be known, got {shape}")
    if nd.op != "MutableDenseHashTableV2":
        return TableState(attrs["key_dtype"], attrs["value_dtype"], shape,
                          mutable=nd.op != "HashTableV2")
    consts = {c.name: c for c in fdef.node_def if c.op == "Const"}
    keys = [consts.get(i.split(":")[0]) for i in nd.input[:2]]
    if len(nd.input) < 2 or None in keys:
        raise NotFoundError(None, None, f"The resource function {name} of {source} creates "
                                        f"a MutableDenseHashTableV2 whose empty and deleted "
                                        "keys are not constants of the function")
    empty, deleted = (ndarray(k.attr["value"].tensor) for k in keys)
    key_dtype = dt.as_dtype(keys[0].attr["dtype"].type)
    check_kernel(nd.op, key_dtype, attrs["value_dtype"])
    return DenseTableState(key_dtype, attrs["value_dtype"], shape, empty, deleted,
                           attrs["initial_num_buckets"], attrs["max_load_factor"])


def read_contents(reader: Any, ckpt_node: Any, prefix: str) -> tuple | None:
    """(keys, values) arrays of a table's checkpointed contents, or None when it has none.
    DataLossError when they can't be a table's."""
    found: dict = {}
    for a in ckpt_node.attributes:
        keys = [a.checkpoint_key] if reader.has(a.checkpoint_key) else \
            [k for k in reader.keys() if k.startswith(a.checkpoint_key + "-")]
        for k in keys:
            found[a.name + k[len(a.checkpoint_key):]] = (reader.read(k), reader.dtype(k))
    if not found:
        return None
    if set(found) != {"table-keys", "table-values"}:
        raise DataLossError(None, None, f"The checkpoint {prefix} holds {sorted(found)} for a "
                                        "lookup table: expected its table-keys and "
                                        "table-values")
    (k, kd), (v, vd) = found["table-keys"], found["table-values"]
    if k.ndim not in (1, 2) or v.ndim < 1 or len(k) != len(v):
        raise DataLossError(None, None, f"The lookup table in the checkpoint {prefix} is "
                                        f"corrupted: {len(k)} keys of shape {list(k.shape)}, "
                                        f"values of shape {list(v.shape)}")
    return EagerTensor(k, kd), EagerTensor(v, vd)


def restore_contents(state: TableState, contents: tuple) -> None:
    """Imports checkpointed contents (LookupTableImportV2: dtypes and shapes checked)."""
    bind(LOOKUP_IMPORT, (handle_for(state), *contents), {})
