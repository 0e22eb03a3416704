"""The SaverDef of a TF 2 SavedModel and the graph nodes it names, as TF's save writes them.

Sits in saved_model/ under save.py. TF 1's loader (`tf.compat.v1.saved_model.load`) and
TF Serving's C++ loader restore a SavedModel's variables by running the MetaGraph's
SaverDef: they feed the checkpoint prefix (variables/variables) to its filename tensor and
run its restore op, then the main op (the tables' initializers). The graph therefore holds,
beside a VarHandleOp per variable and a creator node per table:

    saver_filename              a string Placeholder (SaverDef.filename_tensor_name)
    save/SaveV2, save/Identity  every checkpoint value read (and the object graph), written
                                to the fed prefix (SaverDef.save_tensor_name)
    restore/RestoreV2           every value read back by its checkpoint key, assigned to
    restore/restore_all         its variable (AssignVariableOp) or imported into its mutable
                                table (LookupTableImportV2) (SaverDef.restore_op_name)

TF writes the two halves as functions (`_traced_save`, `_traced_restore`); here they are
graph nodes, which the loaders run alike. Without them TF 1 tools and TF Serving see the
variables uninitialized.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.saved_model.attrs import tensor_proto
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.train.graph_view import OBJECT_GRAPH_KEY

FILENAME = "saver_filename"


def _const(graph: Any, name: str, arr: Any, dtype: dt.DType) -> str:
    nd = graph.node.add(name=name, op="Const")
    nd.attr["dtype"].type = dtype.as_datatype_enum
    nd.attr["value"].tensor.CopyFrom(tensor_proto(pb(), arr, dtype))
    return name


def _strings(values: list) -> np.ndarray:
    arr = np.empty(len(values), dtype=object)
    arr[:] = [v.encode() for v in values]
    return arr


def add_saver(view: Any, graph: Any, handles: dict, saver_def: Any) -> None:
    """Adds the save and restore nodes of `view`'s checkpoint to `graph` (the resources'
    nodes are `handles`: id(object) -> node name) and fills `saver_def`."""
    proto, values = view.graph.serialize()
    owners = view.graph.owners
    # (values of other saveables, which no TF op restores, are left to TF 2's loader)
    keys = sorted(k for k in values if id(owners[k]) in handles)
    dtypes = {k: values[k]()[1] for k in keys}
    ph = graph.node.add(name=FILENAME, op="Placeholder")
    ph.attr["dtype"].type = dt.string.as_datatype_enum
    ph.attr["shape"].shape.SetInParent()
    # -- save: each value read from its resource, the object graph a constant -----------------
    tensors, exported = [], {}
    for i, key in enumerate(keys):
        owner, handle = owners[key], handles[id(owners[key])]
        if is_variable(owner):
            read = graph.node.add(name=f"save/read_{i}", op="ReadVariableOp", input=[handle])
            read.attr["dtype"].type = dtypes[key].as_datatype_enum
            tensors.append(read.name)
            continue
        if id(owner) not in exported:  # a table's keys and values: one export
            nd = graph.node.add(name=f"save/export_{len(exported)}", op="LookupTableExportV2",
                                input=[handle])
            nd.attr["Tkeys"].type = owner._state.key_dtype.as_datatype_enum
            nd.attr["Tvalues"].type = owner._state.value_dtype.as_datatype_enum
            exported[id(owner)] = nd.name
        tensors.append(f"{exported[id(owner)]}:{0 if key.endswith('-keys') else 1}")
    graph_const = _const(graph, "save/object_graph", np.array(
        proto.SerializeToString(), dtype=object), dt.string)
    names = keys + [OBJECT_GRAPH_KEY]
    save = graph.node.add(name="save/SaveV2", op="SaveV2", input=[
        FILENAME, _const(graph, "save/tensor_names", _strings(names), dt.string),
        _const(graph, "save/shape_and_slices", _strings([""] * len(names)), dt.string),
        *tensors, graph_const])
    save.attr["dtypes"].list.type.extend(
        [dtypes[k].as_datatype_enum for k in keys] + [dt.string.as_datatype_enum])
    done = graph.node.add(name="save/Identity", op="Identity",
                          input=[FILENAME, "^save/SaveV2"])
    done.attr["T"].type = dt.string.as_datatype_enum
    # -- restore: each value by its key, back into its resource ------------------------------
    assigns = []
    if keys:
        restore = graph.node.add(name="restore/RestoreV2", op="RestoreV2", input=[
            FILENAME, _const(graph, "restore/tensor_names", _strings(keys), dt.string),
            _const(graph, "restore/shape_and_slices", _strings([""] * len(keys)), dt.string)])
        restore.attr["dtypes"].list.type.extend(dtypes[k].as_datatype_enum for k in keys)
        pending: dict = {}
        for i, key in enumerate(keys):
            owner, handle = owners[key], handles[id(owners[key])]
            if is_variable(owner):
                nd = graph.node.add(name=f"restore/Assign_{i}", op="AssignVariableOp",
                                    input=[handle, f"restore/RestoreV2:{i}"])
                nd.attr["dtype"].type = dtypes[key].as_datatype_enum
                assigns.append(nd.name)
                continue
            parts = pending.setdefault(id(owner), {})
            parts["keys" if key.endswith("-keys") else "values"] = f"restore/RestoreV2:{i}"
            if len(parts) == 2:
                nd = graph.node.add(name=f"restore/Import_{len(assigns)}",
                                    op="LookupTableImportV2",
                                    input=[handle, parts["keys"], parts["values"]])
                nd.attr["Tin"].type = owner._state.key_dtype.as_datatype_enum
                nd.attr["Tout"].type = owner._state.value_dtype.as_datatype_enum
                assigns.append(nd.name)
    graph.node.add(name="restore/restore_all", op="NoOp", input=[f"^{a}" for a in assigns])
    saver_def.filename_tensor_name = f"{FILENAME}:0"
    saver_def.save_tensor_name = "save/Identity:0"
    saver_def.restore_op_name = "restore/restore_all"
    saver_def.version = pb().SaverDef.V2


# -- reading: which checkpoint key a SaverDef restores into each variable ---------------------

def _strings_of(node: Any) -> list:
    return [s.decode() for s in node.attr["value"].tensor.string_val]


def _restored_value(body: dict, ref: str) -> tuple | None:
    """(RestoreV2 node, output index) that `ref` reads, through Identity nodes."""
    for _ in range(len(body) + 1):
        parts = ref.lstrip("^").split(":")
        node = body.get(parts[0])
        if node is None:
            return None
        if node.op == "RestoreV2":
            return node, int(parts[-1]) if len(parts) > 1 else 0
        if node.op != "Identity" or not node.input:
            return None
        ref = node.input[0]
    return None


def _assigned_keys(body: dict, assigns: list, handle_of: Any) -> dict:
    """{variable node: checkpoint key} of AssignVariableOp nodes fed by RestoreV2."""
    out = {}
    for node in assigns:
        hit = _restored_value(body, node.input[1]) if len(node.input) > 1 else None
        handle = handle_of(node.input[0])
        if hit is None or handle is None:
            continue
        restore, i = hit
        names = body.get(restore.input[1].split(":")[0]) if len(restore.input) > 1 else None
        keys = _strings_of(names) if names is not None and names.op == "Const" else []
        if i < len(keys):
            out[handle] = keys[i]
    return out


def restored_keys(meta: Any) -> dict:
    """{VarHandleOp node name: checkpoint key} of a MetaGraph's SaverDef: a TF 2 SavedModel's
    variables are keyed by their object-graph paths ("dense/kernel/.ATTRIBUTES/..."), which
    its restore op (TF's `_traced_restore` function, or the graph nodes add_saver writes)
    maps onto the variables' handles."""
    graph = meta.graph_def
    nodes = {n.name: n for n in graph.node}
    op = nodes.get(meta.saver_def.restore_op_name.split(":")[0])
    if op is None:
        return {}
    if op.op in ("StatefulPartitionedCall", "PartitionedCall"):
        fdef = next((f for f in graph.library.function
                     if f.signature.name == op.attr["f"].func.name), None)
        if fdef is None:
            return {}
        args = {a.name: src.split(":")[0] for a, src in zip(fdef.signature.input_arg, op.input)}
        body = {n.name: n for n in fdef.node_def}
        assigns = [n for n in fdef.node_def if n.op == "AssignVariableOp"]
        return _assigned_keys(body, assigns, lambda ref: args.get(ref.split(":")[0]))
    assigns = [nodes[d.lstrip("^")] for d in op.input if d.lstrip("^") in nodes and
               nodes[d.lstrip("^")].op == "AssignVariableOp"]
    return _assigned_keys(nodes, assigns, lambda ref: ref.split(":")[0])
