"""tf.compat.v1.train.import_meta_graph: a MetaGraphDef (ours or TF's) built into the
default graph, with its variables, collections and Saver.

Sits in saved_model/ over graph_import.py (nodes as the registry's ops) and meta_graph.py
(the Saver it returns). As TF does, the graph's nodes are imported under `import_scope`,
each keeping its name; then:

- each VarHandleOp becomes a TF 1 graph variable (function/graph_variables.py) whose
  initializer, read and initial value are the imported nodes the VariableDefs of the
  variable collections name; the collections are filled again (variables by their
  VariableDef, tensors and operations by name, lists of strings, ints and floats);
- TF 1's control inputs ("^node") are kept: what runs first is what the graph says (in
  a TF 1 loop or cond, raised to a function, among that function's operations: the
  stack pushes of a gradient's forward loop after its counter's step);
- a Saver's save and restore subgraph (its SaveV2 / RestoreV2 scope) is not imported: the
  returned Saver, built from the SaverDef over the variables its RestoreV2 assigns (by
  checkpoint key), saves and restores them by name, and writes that subgraph again when
  the graph is exported;
- the training ops of TF's optimizers (ResourceApplyGradientDescent, ...Momentum,
  ...Adam, ...Adagrad, ...RMSProp) are their updates of the variables (v1/optimizers.py's);
- a TF 1 graph's reference variables (VariableV2) and the ops updating them in place
  (Assign, ApplyAdam, ScatterAdd, ...) are ref_import.py's: graph variables, and the
  resource ops of the same updates;
- into a graph whose names it collides with, nodes take TF's uniquified names
  (graph_import.py) and a taken import_scope the next free one, while collections and the
  SaverDef keep the meta graph's names (a renamed variable's VariableDef names the graph's
  own variable, as in TF); a VarHandleOp whose shared_name a variable of the graph has is
  that variable's resource, as TF's runtime makes it (`GraphVariable._alias_of`).

Nothing from the file is executed: its ops are the registry's.
"""

from __future__ import annotations

import os
from typing import Any

from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import NotFoundError
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphUnreadVariable, GraphVariable
from eagerflow._src.ops import resource_ops
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.runtime_raw_ops import placeholder_with_default
from eagerflow._src.saved_model import ref_import
from eagerflow._src.saved_model.attrs import attr_value, ndarray, shape_tuple
from eagerflow._src.saved_model.function_import import check_library, reachable_nodes
from eagerflow._src.saved_model.graph_import import GraphDefImporter, check_nodes
from eagerflow._src.saved_model.meta_graph import VARIABLE_COLLECTIONS, Saver
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.v1 import optimizers as v1_opt
from eagerflow._src.v1.partitioned import SaveSliceInfo

# collection key -> how a layer above makes that collection's objects of their serialized
# protos (`from_proto(bytes, import_scope)`: v1_training's queue runners)
_FROM_PROTO: dict = {}


def register_proto_function(key: str, from_proto: Any) -> None:
    """Collection `key`'s bytes become `from_proto(bytes, import_scope)` on import."""
    _FROM_PROTO[key] = from_proto


_SAVE_OPS = frozenset(("SaveV2", "RestoreV2", "MergeV2Checkpoints", "SaveSlices", "Save",
                       "Restore", "RestoreSlice"))
# the ops this importer builds itself
_OWN = frozenset(("VarHandleOp", "VarIsInitializedOp", "NoOp", "Identity",
                  "PlaceholderWithDefault", "ResourceGather", "ResourceCountUpTo")) \
    | frozenset(v1_opt.APPLY) | ref_import.REF_OPS


def read_meta_graph_file(filename: str) -> Any:
    """A MetaGraphDef from `filename`: binary, else text format (TF's IOError when it's
    missing)."""
    meta = pb().MetaGraphDef()
    if not os.path.exists(filename):
        raise OSError(f"File does not exist. Received: {filename}.")
    with open(filename, "rb") as f:
        data = f.read()
    try:
        meta.ParseFromString(data)
        return meta
    except Exception:  # noqa: BLE001 - protobuf's DecodeError: try the text format
        pass
    from google.protobuf import text_format  # protobuf: files only
    try:
        text_format.Merge(data.decode("utf-8"), meta)
    except Exception as e:  # noqa: BLE001 - text_format's ParseError
        why = str(e).replace('"tensorboard.', '"tensorflow.')  # (TF's message names)
        raise OSError(f"Cannot parse file {filename}: {why}.") from None
    return meta


class _MetaImporter(GraphDefImporter):
    """Imports a meta graph's nodes: variables as graph variables, control inputs kept,
    every node an operation of its name."""

    variables: dict  # node name -> GraphVariable

    def _graph_node(self, nd: Any) -> None:
        g = self.graph
        # (inside a TF 1 loop or cond, raised to a function being traced, the controls
        # are kept among that function's operations; one on an operation of another graph
        # is already ordered by the function's inputs)
        here = _state.graph if _state.graph is not None else g
        controls = [self.ops.get(r[1:].split(":")[0]) for r in nd.input if r.startswith("^")]
        controls = [c for c in controls if c is not None and c.graph is here]
        name = self.full_name(nd.name)
        start = len(g.operations)
        if controls:
            here.push_control_dependencies(controls)
        try:
            if nd.op in _OWN:
                self._own(nd, name)
            else:
                super()._graph_node(nd)
        finally:
            if controls:
                here.pop_control_dependencies()
        made = g.operations[start:]
        if self.ops.get(nd.name) is None and not self.n_outputs.get(nd.name):
            # a node without outputs: its one operation, or a NoOp grouping its effects
            effects = [o for o in made if not o.outputs]
            if len(effects) == 1 and len(made) == 1:
                op = effects[0]
            else:
                op = g.no_op(control_inputs=effects or made)
            op.name = name
            self.ops[nd.name] = op

    def _input(self, nd: Any, ref: str, expected: Any, pos: int) -> tuple:
        x, known = super()._input(nd, ref, expected, pos)
        if nd.op not in _OWN and isinstance(x, GraphVariable) and x._is_ref:
            x = x._as_tensor()  # (a reference taken as a tensor: its value now)
        return x, known

    def _own(self, nd: Any, name: str) -> None:
        g = self.graph
        a = {k: attr_value(v) for k, v in nd.attr.items() if not k.startswith("_")}
        data = [r for r in nd.input if not r.startswith("^")]
        ins = [self._input(nd, r, None, i)[0] for i, r in enumerate(data)]
        outs: list = []
        if nd.op == "VarHandleOp" or nd.op in ref_import.VARIABLES:
            if nd.op == "VarHandleOp":
                shape = shape_tuple(nd.attr["shape"].shape) if "shape" in nd.attr else None
                var = GraphVariable.imported(g, name, a["dtype"], shape)
                var._resource_name = a.get("shared_name") or name
            else:  # a TF 1 reference variable
                var = ref_import.new_variable(g, nd, name, a)
            var._alias_of = _same_resource(g, var)
            self.variables[nd.name] = var
            self.env[f"{nd.name}:0"] = var
            self.n_outputs[nd.name] = 1
            self.ops[nd.name] = var._handle_op
            return
        if nd.op == "RefIdentity":  # (the same reference: no operation of its own)
            self.env[f"{nd.name}:0"] = ins[0]
            self.n_outputs[nd.name] = 1
            self.ops[nd.name] = None
            return
        if nd.op in ref_import.REF_OPS:
            outs = ref_import.build(nd, name, ins, a)
        elif nd.op == "VarIsInitializedOp":
            outs = [ins[0].is_initialized_op(name)]
        elif nd.op == "Identity":
            outs = [identity(ins[0])]  # (an operation of its own: its name and controls)
        elif nd.op == "PlaceholderWithDefault":
            shape = shape_tuple(nd.attr["shape"].shape) if "shape" in nd.attr else None
            outs = [placeholder_with_default(ins[0], shape)]
        elif nd.op == "ResourceGather":  # (an embedding's lookup: a read, then its rows)
            batch_dims = a.get("batch_dims", 0)
            outs = [gather(ins[0]._as_tensor(), ins[1], axis=batch_dims,
                           batch_dims=batch_dims)]
        elif nd.op == "ResourceCountUpTo":  # (input_producer's count of epochs)
            outs = [resource_ops.count_up_to(ins[0], a["limit"], name)]
        elif nd.op == "NoOp":
            op = g.no_op()
            op.name = name
            self.ops[nd.name] = op
            self.n_outputs[nd.name] = 0
            return
        else:  # a TF optimizer's training op
            v1_opt.APPLY[nd.op](ins, a)
        self.n_outputs[nd.name] = len(outs)
        for i, t in enumerate(outs):
            self.env[f"{nd.name}:{i}"] = t
        if outs:
            outs[0].op.name = name
            self.ops[nd.name] = outs[0].op
            if isinstance(outs[0], GraphUnreadVariable):  # ("Assign:0": the value after it)
                g.__dict__.setdefault("ref_outputs", {})[f"{name}:0"] = \
                    lambda u=outs[0]: u._graph_element


def _resource(var: Any) -> str:
    return getattr(var, "_resource_name", None) or var._shared_name


def _same_resource(g: Any, var: GraphVariable) -> GraphVariable | None:
    """The variable of `g` (made there, or imported before) whose resource an imported
    VarHandleOp names by its shared_name: TF's runtime gives both handles one variable
    (a meta graph imported into a graph that has its variables, or imported twice)."""
    name = _resource(var)
    for v in list(g.variable_map.values()):
        if v is not var and isinstance(v, GraphVariable) and _resource(v) == name:
            return v
    return None


def _graph_variable(graph: Any, name: str) -> GraphVariable | None:
    for v in list(graph.variable_map.values()):
        if isinstance(v, GraphVariable) and v._shared_name == name:
            return v
    return None


def _save_scopes(gd: Any) -> set:
    return {nd.name.rsplit("/", 1)[0] for nd in gd.node if nd.op in _SAVE_OPS and "/" in nd.name}


def _in_scopes(name: str, scopes: set) -> bool:
    return any(name.startswith(s + "/") for s in scopes)


def _const(gd: dict, name: str) -> Any:
    nd = gd.get(name.split(":")[0])
    if nd is None or nd.op != "Const":
        return None
    return ndarray(nd.attr["value"].tensor)


def _saver_vars(by_name: dict, scope: str, variables: dict) -> dict:
    """{checkpoint key: variable} of the Saver whose subgraph is `scope`: the keys of its
    RestoreV2 and the variable each output is assigned to."""
    restore = by_name.get(f"{scope}/RestoreV2")
    if restore is None:
        return {}
    keys = _const(by_name, restore.input[1])
    if keys is None:
        return {}
    out = {}
    for nd in by_name.values():
        if nd.op not in ("AssignVariableOp", "Assign") or not nd.name.startswith(scope + "/"):
            continue
        src = nd.input[1]
        while True:  # through Identity nodes to RestoreV2's output
            base = by_name.get(src.split(":")[0])
            if base is None or base.op != "Identity":
                break
            src = base.input[0]
        base, _, idx = src.partition(":")
        if base != restore.name:
            continue
        var = variables.get(nd.input[0].split(":")[0])
        key = keys[int(idx or 0)]
        key = key.decode() if isinstance(key, bytes) else str(key)
        if var is None:
            continue
        if getattr(var, "_save_slice_info", None) is not None:  # a part of `key`
            out.setdefault(key, []).append(var)
        else:
            out[key] = var
    return out


def _restore_collections(meta: Any, imp: _MetaImporter, graph: Any, prefix: str) -> None:
    from tensorboard.compat.proto import variable_pb2  # the saved_model extra, as pb()

    def local(name: str) -> str:
        return f"{prefix}/{name}" if prefix else name

    by_handle = {v._shared_name: v for v in imp.variables.values()}
    for key in sorted(meta.collection_def):
        col = meta.collection_def[key]
        kind = col.WhichOneof("kind")
        if key in VARIABLE_COLLECTIONS and kind == "bytes_list":
            for raw in col.bytes_list.value:
                vd = variable_pb2.VariableDef()
                vd.ParseFromString(raw)
                var = by_handle.get(local(vd.variable_name.split(":")[0]))
                if var is None:
                    # a name the import renamed: as TF, the variable of the graph that
                    # already had that name stands for it, one entry more
                    var = _graph_variable(graph, local(vd.variable_name.split(":")[0]))
                    if var is not None:
                        graph.add_to_collection(key, var)
                    continue
                _bind_variable(var, vd, graph, local)
                if var not in graph.get_collection(key):
                    graph.add_to_collection(key, var)
        elif kind == "node_list":
            for name in col.node_list.value:
                ref = imp.env.get(name) if ":" in name else None
                if isinstance(ref, GraphVariable):  # a ref op's output: the variable after it
                    graph.add_to_collection(key, ref)
                    continue
                try:
                    graph.add_to_collection(key, graph.as_graph_element(local(name)))
                except (KeyError, ValueError):
                    pass  # (a node of a Saver's subgraph, not imported)
        elif kind == "bytes_list":
            make = _FROM_PROTO.get(key)
            for v in col.bytes_list.value:
                graph.add_to_collection(key, v if make is None else make(v, prefix or None))
        elif kind == "int64_list":
            for v in col.int64_list.value:
                graph.add_to_collection(key, int(v))
        elif kind == "float_list":
            for v in col.float_list.value:
                graph.add_to_collection(key, float(v))


def _bind_variable(var: GraphVariable, vd: Any, graph: Any, local: Any) -> None:
    var._trainable = bool(vd.trainable)
    if vd.HasField("save_slice_info_def"):
        si = vd.save_slice_info_def
        var._save_slice_info = SaveSliceInfo(local(si.full_name), list(si.full_shape),
                                             list(si.var_offset), list(si.var_shape))
    var._synchronization = type(var._synchronization)(vd.synchronization)
    var._aggregation = type(var._aggregation)(vd.aggregation)
    if vd.initializer_name:
        var._initializer_op = graph.as_graph_element(local(vd.initializer_name),
                                                     allow_tensor=False)
    if vd.snapshot_name:
        var._graph_element = graph.as_graph_element(local(vd.snapshot_name))
    if vd.initial_value_name:
        var._initial_value = graph.as_graph_element(local(vd.initial_value_name))


def _called(nodes: list) -> list:
    return [av.func.name for nd in nodes for av in nd.attr.values() if av.HasField("func")]


def importable(meta: Any) -> bool:
    """Whether every node of `meta`'s graph (but its Savers') and every function they call
    is one this importer builds."""
    gd = meta.graph_def
    scopes = _save_scopes(gd)
    nodes = [nd for nd in gd.node if not _in_scopes(nd.name, scopes)]
    funcs = _called(nodes)
    try:
        check_nodes(nodes, allowed=_OWN)
        check_library(gd.library, funcs, "the MetaGraphDef")
        # (a TF 2 export saves and restores through functions of RestoreV2 nodes: the
        # pruned import runs those)
        return not any(nd.op in _SAVE_OPS for _, nd in
                       reachable_nodes(gd.library, funcs, "the MetaGraphDef"))
    except (NotFoundError, ValueError):
        return False


def import_meta_graph(meta_graph_or_file: Any, clear_devices: bool = False,
                      import_scope: str | None = None, **kwargs: Any) -> Saver | None:
    """Imports a MetaGraphDef (or a `.meta` file) into the default graph; returns the
    Saver of its SaverDef (None when it has neither SaverDef nor variables)."""
    if _state.graph is None:
        raise RuntimeError("Exporting/importing meta graphs is not supported when eager "
                           "execution is enabled. No graph exists when eager execution is "
                           "enabled.")
    meta = meta_graph_or_file
    if not hasattr(meta, "graph_def"):
        meta = read_meta_graph_file(os.fspath(meta_graph_or_file))
    gd = meta.graph_def
    scopes = _save_scopes(gd)
    by_name = {nd.name: nd for nd in gd.node}
    nodes = [nd for nd in gd.node if not _in_scopes(nd.name, scopes)]
    check_nodes(nodes, allowed=_OWN)
    funcs = _called(nodes)
    if funcs:
        check_library(gd.library, funcs, "the MetaGraphDef")
    sub = type(gd)()
    sub.node.extend(nodes)
    sub.library.CopyFrom(gd.library)
    graph = get_default_graph()
    prefix = import_scope or ""
    if prefix:
        prefix = prefix[:-1] if prefix.endswith("/") else graph.unique_name(prefix)
    imp = _MetaImporter(sub, graph, prefix, {})
    imp.variables = {}
    imp.run()
    for sc in sorted(scopes):  # (a later Saver takes the next scope, as in TF)
        graph.unique_name(imp.full_name(sc), scoped=False)
    _restore_collections(meta, imp, graph, prefix)
    for name, var in imp.variables.items():  # variables no VariableDef names
        if var._initializer_op is None:
            op = imp.ops.get(f"{name}/Assign")
            var._initializer_op = op if op is not None else graph.no_op(name=f"{name}/Assign")
        if var._graph_element is None:
            var._graph_element = graph.read_variable(var, f"{var._shared_name}/Read/"
                                                     "ReadVariableOp")
    if meta.HasField("saver_def") and meta.saver_def.restore_op_name:
        sd = meta.saver_def
        scope = sd.restore_op_name.rsplit("/", 1)[0]
        var_list = _saver_vars(by_name, scope, imp.variables)
        if not var_list:
            raise NotFoundError(None, None, f"The MetaGraphDef's SaverDef names "
                                            f"{sd.restore_op_name}, whose RestoreV2 is not "
                                            "in its graph")
        saver = Saver(var_list, max_to_keep=sd.max_to_keep, sharded=sd.sharded,
                      keep_checkpoint_every_n_hours=sd.keep_checkpoint_every_n_hours,
                      saver_def=sd)
        saver._scope = imp.full_name(scope)
        return saver
    # (as TF: a Saver only of global variables; an input producer's epoch counters are
    # local)
    if any(v in graph.get_collection("variables") for v in imp.variables.values()):
        return Saver()
    return None


__all__ = ["import_meta_graph", "read_meta_graph_file"]
