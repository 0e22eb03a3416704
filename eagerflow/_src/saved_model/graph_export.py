"""A TF 1 graph (tf.Graph with its variables and Savers) as TensorFlow's GraphDef.

Sits in saved_model/ over function_export.py, whose op lowerings it reuses; meta_graph.py
builds MetaGraphDefs from it. TF 1's graphs are GraphDefs of their own: each operation a
node named as the operation (so a program's `get_tensor_by_name("loss:0")`, a
VariableDef's "w/Assign" or a SaverDef's "save/restore_all" find it), inputs named
"node" / "node:i" by flat output position, TF 1's control inputs as "^node", a
placeholder a Placeholder node and a variable a VarHandleOp node (its initializer, reads
and writes taking that handle). Unlike a FunctionDef, nothing chains the stateful nodes:
what runs first is what the graph's control dependencies say, as in TF.

An operation whose lowering needs helper nodes (constants of attributes TF takes as
inputs, a Shape for a broadcast) gets them under its own name's scope, and the node that
carries its outputs keeps its name: an Identity (or IdentityN) of that name is added
where a lowering ends in another node. Each Saver built in the graph adds TF's save and
restore subgraph in its scope ("save", "save_1", ...), where it was built: the
PlaceholderWithDefault filename, SaveV2 of the variables' reads, and RestoreV2 feeding an
AssignVariableOp per variable grouped as `restore_all`, which is what TF 1's loaders run.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.versions import GRAPH_DEF_VERSION
from eagerflow._src.function.graph_variables import REF_VARIABLE, GraphVariable
from eagerflow._src.graph.ir import Operation
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.attrs import set_attr, set_shape
from eagerflow._src.saved_model.function_export import (
    ExportError,
    FunctionWriter,
    Ref,
)
from eagerflow._src.saved_model.library_export import (
    LibraryWriter,
)
from eagerflow._src.saved_model.protos import pb


class GraphWriter(FunctionWriter):
    """Writes one TF 1 graph's operations as GraphDef nodes (FunctionDef naming while it
    writes; `graph_def` renames the inputs to GraphDef's)."""

    def __init__(self, library: LibraryWriter, graph: Any) -> None:
        super().__init__(library, pb().FunctionDef())
        self.graph = graph
        self._reserved = {op.name for op in graph.operations}
        self._owner: str | None = None       # the name the operation being written may take
        self.handles: dict = {}              # id(variable) -> the Ref of its VarHandleOp
        self.op_node: dict = {}              # id(Operation) -> the node standing for it
        self.consumed = {id(x) for op in graph.operations for x in op.inputs}

    # -- names: an operation's own name is kept for it ------------------------------------------
    def unique(self, base: str, arg: bool = False) -> str:
        if arg:
            return super().unique(base, arg)
        if base == self._owner and base not in self._used:
            self._used.add(base)
            return base
        name, n = base, 0
        while name in self._used or (name in self._reserved and name != self._owner):
            n += 1
            name = f"{base}_{n}"
        return super().unique(name)

    def node(self, op: str, inputs: list, attrs: dict | None = None,
             name: str | None = None) -> list:
        out = super().node(op, inputs, attrs, name)
        # (a graph's stateful nodes are not chained: its control dependencies order them)
        self._last_effect = None
        self.effects.clear()
        return out

    def capture(self, obj: Any) -> Ref:
        ref = self.handles.get(id(obj))
        if ref is None:
            raise ExportError(f"{obj!r} is not a variable of the graph being exported (an "
                              "eager variable or another graph's can't be written in it)")
        return ref

    resource = capture

    def raw_node(self, name: str, op: str, inputs: list, attrs: dict) -> Ref:
        """A node of exactly `name` (the Saver's), written as TF writes it."""
        self._used.add(name)
        nd = self.fdef.node_def.add(name=name, op=op)
        nd.input.extend(inputs)
        full = tf_ops.op_def(op)
        kinds = {a.name: a.type for a in full.attr}
        for k, v in attrs.items():
            set_attr(nd.attr[k], kinds.get(k, "list(string)" if k == "_class" else "bool"), v)
        out = full.output_arg[0].name if full.output_arg else "output"
        return Ref(f"{name}:{out}:0", dt.string)

    # -- the graph -------------------------------------------------------------------------------
    def write(self, savers: list) -> None:
        g = self.graph
        at: dict = {}
        for s in savers:
            at.setdefault(s._graph_position, []).append(s)
        ops = g.operations
        for i, op in enumerate(ops):
            for s in at.pop(i, ()):
                self.write_saver(s)
            self.write_op(op)
        for i in sorted(at):
            for s in at[i]:
                self.write_saver(s)

    def write_op(self, op: Operation) -> None:
        if id(op) in self.graph.shown_only and id(op.outputs[0]) not in self.consumed:
            return  # a constant that only shows a node as TF's (its lowering makes its own)
        start = len(self.fdef.node_def)
        self._owner = op.name
        self._current = op
        state = self.written()
        try:
            refs = self._lower(op)
        except ExportError as e:
            if not self.library.lenient:
                raise ExportError(f"{e} (operation {op.name!r} of type {op.type})") from None
            self.unwrite(state)
            refs = self.own_form(op)
        finally:
            self._current = None
        for t, r in zip(op.outputs, refs):
            if r is not None:
                r.shape = t._shape
                self._refs[id(t)] = r
        refs = [r for r in refs if r is not None]
        made = self.fdef.node_def[start:]
        carrier = refs[0].name.split(":")[0] if refs else None
        if refs and carrier != op.name and op.outputs and op.name not in self._used and \
                all(r.name.split(":")[0] == carrier for r in refs) and \
                any(nd.name == carrier for nd in made):
            self._rename(made, carrier, op.name, refs)
            carrier = op.name
        if refs and carrier != op.name and op.outputs:
            # the operation's outputs under its own name
            if len(op.outputs) == 1:
                new = self.node("Identity", [refs[0]], name=op.name)
            else:
                new = self.node("IdentityN", [list(refs)], {"T": [r.dtype for r in refs]},
                                name=op.name)
            for t, r in zip(op.outputs, new):
                r.shape = t._shape
                self._refs[id(t)] = r
            made = self.fdef.node_def[start:]
        self._owner = None
        names = [nd.name for nd in made]
        self.op_node[id(op)] = op.name if op.name in names else (names[-1] if names else None)
        controls = [self.op_node.get(id(c)) for c in op._control_inputs]
        controls = [c for c in controls if c is not None]
        for nd in self._takes_controls(op, made):
            for c in controls:
                if "^" + c not in nd.input and c != nd.name:
                    nd.input.append("^" + c)

    def _takes_controls(self, op: Operation, made: list) -> list:
        """The nodes written for `op` (`made`) that take its control inputs: all of them
        (a TF 1 graph's control dependencies hold for every op made under them)."""
        del op
        return made

    def _rename(self, made: list, old: str, new: str, refs: list) -> None:
        """Node `old` (one of `made`) renamed `new`, and the references to it."""
        self._used.discard(old)
        self._used.add(new)
        for nd in made:
            if nd.name == old:
                nd.name = new
            for i, r in enumerate(nd.input):
                if r == "^" + old:
                    nd.input[i] = "^" + new
                elif r.startswith(old + ":"):
                    nd.input[i] = new + r[len(old):]
        for r in refs:
            r.name = new + r.name[len(old):]
        if self._last_effect == old:
            self._last_effect = new

    def _lower(self, op: Operation) -> list:
        t = op.type
        if t == "Placeholder":
            nd = self.fdef.node_def.add(name=self.unique(op.name), op="Placeholder")
            nd.attr["dtype"].type = op.attrs["dtype"].as_datatype_enum
            set_shape(nd.attr["shape"].shape, op.attrs["shape"])
            return [Ref(f"{nd.name}:output:0", op.attrs["dtype"])]
        if t == "VarHandleOp" or op.op is REF_VARIABLE:
            # (an imported TF 1 reference variable is written as the resource variable its
            # updates, resource ops, take: ref_import.py)
            var = op.attrs["var"] if op.op is REF_VARIABLE else \
                op.attrs.get("variable") or self._variable_of(op)
            shared = op.attrs["shared_name"] if "shared_name" in op.attrs else \
                var._shared_name
            nd = self.fdef.node_def.add(name=self.unique(op.name), op="VarHandleOp")
            nd.attr["container"].s = b""
            nd.attr["shared_name"].s = shared.encode()
            nd.attr["debug_name"].s = (op.name + "/").encode()
            nd.attr["dtype"].type = dt.as_dtype(var.dtype if var is not None else
                                                op.attrs["dtype"]).as_datatype_enum
            set_shape(nd.attr["shape"].shape, var.shape._dims if var is not None else None)
            nd.attr["allowed_devices"].list.SetInParent()
            ref = Ref(f"{nd.name}:resource:0", dt.resource, ())
            if var is not None:
                self.handles[id(var)] = ref
            return [ref]
        if t in ("VarIsInitializedOp", "IsVariableInitialized"):
            var = op.inputs[0]
            if var._ref_nodes:  # (a reference variable made here: TF 1's op)
                return self.node(t, [self.capture(var)], {"dtype": var._dtype}, name=op.name)
            return self.node("VarIsInitializedOp", [self.capture(var)], name=op.name)
        if t == "NoOp":
            self.node("NoOp", [], name=op.name)
            return []
        return self.library.lower(self, op)

    def _variable_of(self, op: Operation) -> Any:
        for v in self.graph.variable_map.values():
            if isinstance(v, GraphVariable) and v._handle_op is op:
                return v
        return None

    def write_saver(self, saver: Any) -> None:
        """TF's save and restore subgraph of `saver` (its V2 format, unsharded)."""
        sc = saver._scope
        # (a partitioned variable: a slice of its key per part)
        items = [(k, p) for k, v in sorted(saver._vars.items())
                 for p in (v if isinstance(v, list) else [v])]
        keys = np.array([k.encode() for k, _ in items], object)
        slices = np.array([(getattr(v, "_save_slice_info", None).spec
                            if getattr(v, "_save_slice_info", None) is not None else
                            "").encode() for _, v in items], object)
        filename = self.const(np.array((saver._filename or "model").encode(), object),
                              dt.string, name=f"{sc}/filename/input")
        fname = self.raw_node(f"{sc}/filename", "PlaceholderWithDefault",
                              [_gd(filename.name)], {"dtype": dt.string, "shape": ()})
        const = self.raw_node(f"{sc}/Const", "PlaceholderWithDefault", [_gd(fname.name)],
                              {"dtype": dt.string, "shape": ()})
        dtypes = [dt.as_dtype(v.dtype).base_dtype for _, v in items]
        reads = []
        for _, v in items:
            if not isinstance(v, GraphVariable) or id(v) not in self.handles:
                raise ExportError(f"the Saver {sc} saves {v!r}, which is not a variable of "
                                  "the graph being exported")
            reads.append(self._refs[id(v._graph_element)] if id(v._graph_element) in self._refs
                         else self.node("ReadVariableOp", [self.handles[id(v)]],
                                        {"dtype": dt.as_dtype(v.dtype)},
                                        name=f"{sc}/Read/ReadVariableOp")[0])
        target = f"{sc}/Const"
        if saver._sharded:  # TF's sharded layout: a temporary shard, merged into place
            match = self.raw_node(f"{sc}/StaticRegexFullMatch", "StaticRegexFullMatch",
                                  [target], {"pattern": "^s3://.*"})
            part = [self.const(np.array(v, object), dt.string, name=f"{sc}/Const_{i}")
                    for i, v in ((1, b".part"), (2, b"_temp/part"))]
            self.raw_node(f"{sc}/Select", "Select", [_gd(match.name)] +
                          [_gd(r.name) for r in part], {"T": dt.string})
            self.raw_node(f"{sc}/StringJoin", "StringJoin", [target, f"{sc}/Select"],
                          {"N": 2, "separator": ""})
            n = self.const(np.int32(1), dt.int32, name=f"{sc}/num_shards")
            i = self.const(np.int32(0), dt.int32, name=f"{sc}/ShardedFilename/shard")
            self.raw_node(f"{sc}/ShardedFilename", "ShardedFilename",
                          [f"{sc}/StringJoin", _gd(i.name), _gd(n.name)], {})
            target = f"{sc}/ShardedFilename"
        names = self.const(keys, dt.string, name=f"{sc}/SaveV2/tensor_names")
        shapes = self.const(slices, dt.string, name=f"{sc}/SaveV2/shape_and_slices")
        save = self.raw_node(f"{sc}/SaveV2", "SaveV2",
                             [target, _gd(names.name), _gd(shapes.name)]
                             + [_gd(r.name) for r in reads], {"dtypes": dtypes})
        self.raw_node(f"{sc}/control_dependency", "Identity",
                      [target, "^" + save.name.split(":")[0]],
                      {"T": dt.string, "_class": [f"loc:@{target}"]})
        if saver._sharded:
            self.raw_node(f"{sc}/MergeV2Checkpoints/checkpoint_prefixes", "Pack",
                          [target, f"^{sc}/control_dependency"],
                          {"T": dt.string, "N": 1, "axis": 0})
            self.raw_node(f"{sc}/MergeV2Checkpoints", "MergeV2Checkpoints",
                          [f"{sc}/MergeV2Checkpoints/checkpoint_prefixes", f"{sc}/Const"], {})
            self.raw_node(f"{sc}/Identity", "Identity",
                          [f"{sc}/Const", f"^{sc}/MergeV2Checkpoints",
                           f"^{sc}/control_dependency"], {"T": dt.string})
        rnames = self.const(keys, dt.string, name=f"{sc}/RestoreV2/tensor_names")
        rshapes = self.const(slices, dt.string, name=f"{sc}/RestoreV2/shape_and_slices")
        restore = f"{sc}/RestoreV2"
        self.raw_node(restore, "RestoreV2", [_gd(const.name), _gd(rnames.name),
                                             _gd(rshapes.name)], {"dtypes": dtypes})
        assigns = []
        first = 1 if saver._sharded else 0  # ("save/Identity" is the sharded save's)
        n_ref = 0
        for i, (_, v) in enumerate(items):
            if v._ref_nodes:  # a reference variable: TF's Assign of the restored value
                sfx = "" if n_ref == 0 else f"_{n_ref}"
                n_ref += 1
                self.raw_node(f"{sc}/Assign{sfx}", "Assign",
                              [self.handles[id(v)].name.split(":")[0],
                               restore if i == 0 else f"{restore}:{i}"],
                              {"T": v._dtype, "use_locking": True, "validate_shape": True})
                assigns.append(f"^{sc}/Assign{sfx}")
                continue
            k = i + first
            sfx = "" if k == 0 else f"_{k}"
            asfx = "" if i == 0 else f"_{i}"
            ident = self.raw_node(f"{sc}/Identity{sfx}", "Identity",
                                  [restore if i == 0 else f"{restore}:{i}"],
                                  {"T": dt.as_dtype(v.dtype)})
            handle = self.handles[id(v)].name.split(":")[0]
            self.raw_node(f"{sc}/AssignVariableOp{asfx}", "AssignVariableOp",
                          [handle, _gd(ident.name)], {"dtype": dt.as_dtype(v.dtype)})
            assigns.append(f"^{sc}/AssignVariableOp{asfx}")
        if saver._sharded:
            self.raw_node(f"{sc}/restore_shard", "NoOp", assigns, {})
            assigns = [f"^{sc}/restore_shard"]
        self.raw_node(f"{sc}/restore_all", "NoOp", assigns, {})

    # -- naming as a GraphDef ----------------------------------------------------------------
    def tensor_name(self, t: Any) -> str:
        """The GraphDef name ("node:i") of graph tensor `t` (or of a variable: its handle)."""
        if isinstance(t, GraphVariable):
            return self._flat(self.handles[id(t)].name, full=True)
        ref = self._refs.get(id(t))
        if ref is None:
            raise ExportError(f"{t!r} is not a tensor of the graph being exported")
        return self._graph_name(ref.name, full=True)

    def op_name(self, op: Operation) -> str:
        name = self.op_node.get(id(op))
        if name is None:
            raise ExportError(f"{op!r} is not an operation of the graph being exported")
        return name

    def _graph_name(self, ref: str, full: bool = False) -> str:
        return self._flat(ref, full)

    def _flat(self, ref: str, full: bool = False) -> str:
        if ref.startswith("^"):
            return ref
        parts = ref.split(":")
        if len(parts) != 3:
            return ref if not full or ":" in ref else ref + ":0"
        node, arg, i = parts
        index = self._index(node).get((arg, int(i)))
        if index is None:
            raise ExportError(f"node {node} has no output {arg}:{i}")
        if index == 0 and not full:
            return node
        return f"{node}:{index}"

    def _index(self, node: str) -> dict:
        cache = self.__dict__.setdefault("_indices", {})
        hit = cache.get(node)
        if hit is None:
            nd = next(n for n in self.fdef.node_def if n.name == node)
            try:
                hit = tf_ops.output_index(nd.op, tf_ops.with_defaults(nd.op, nd.attr))
            except KeyError:  # a node in eagerflow's own form: outputs "output:i"
                hit = OwnOutputs()
            cache[node] = hit
        return hit

    def graph_def(self) -> Any:
        """The GraphDef of what was written (inputs renamed as a GraphDef names them)."""
        gd = pb().GraphDef()
        for nd in self.fdef.node_def:
            new = gd.node.add()
            new.CopyFrom(nd)
            del new.input[:]
            new.input.extend(self._flat(r) for r in nd.input)
        gd.versions.producer = GRAPH_DEF_VERSION
        gd.library.CopyFrom(self.library.library)
        return gd


class OwnOutputs(dict):
    """The flat output indices of a node in eagerflow's own form ("output:i" is i)."""

    def get(self, key: tuple, default: Any = None) -> Any:
        return key[1] if key[0] == "output" else default


def _gd(ref: str, full: bool = False) -> str:
    """A raw node's Ref as a GraphDef input (its first output)."""
    parts = ref.split(":")
    if len(parts) == 3 and parts[2] == "0" and not full:
        return parts[0]
    return ref


def write_graph(graph: Any, savers: list) -> GraphWriter:
    """A GraphWriter that wrote `graph` (and the subgraphs of `savers`)."""
    w = GraphWriter(LibraryWriter(), graph)
    w.write(savers)
    return w


__all__ = ["GraphWriter", "OwnOutputs", "write_graph", "SymbolicTensor"]
