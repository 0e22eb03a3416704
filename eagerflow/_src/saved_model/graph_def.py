"""`tf.Graph.as_graph_def()`: a TF 1 graph or a function graph as TensorFlow's GraphDef.

Sits in saved_model/ over graph_export.py (whose GraphWriter writes TF 1 graphs for meta
graphs) and function_export.py (FunctionDefs for the library); graph/ir.py's
`Graph.as_graph_def` is handed this module by the public package, which sits above every
layer. The GraphDef is TF's message, as TF builds one:

- a TF 1 graph: each operation a node of its name, variables VarHandleOps, each Saver's
  save/restore subgraph;
- a tf.function's graph (FuncGraph): its inputs (and captured tensors) Placeholder nodes
  carrying `_user_specified_name`, each variable it touches a DT_RESOURCE Placeholder named
  as TF names a captured handle (`<first user>/resource`), TF's automatic control
  dependencies as the trace recorded them (graph/control_outputs.py: its edges and the
  `NoOp` the outputs wait on; a graph no trace ordered gets its stateful nodes chained in
  program order and such a NoOp here), and the constants TF makes for an axis or shape
  given as a Python value ("Sum/reduction_indices", graph/arg_consts.py) as the inputs
  of their nodes;
- loop bodies, branches and called functions as FunctionDefs of `library` (the field is
  left unset when there are none, as TF clears it), with the attrs TF's graphs give them
  (`_construction_context`, each argument's `_output_shapes`);
- each node with every attribute of its op, defaults included (TF's graph nodes are made
  whole); versions producer 2474, and min_consumer 12 where the library holds functions.

`add_shapes` adds `_output_shapes` to every node that has outputs (and to every node of
the library's functions, with their `_input_shapes`). `instantiated` writes a function
graph as TF instantiates it, for tf.summary's traces. `from_version` is
accepted and, as in TF 2, does not filter. An operation that has no TensorFlow form is
written as a node of its own type with the attributes a GraphDef can hold, so the
listing is whole; TensorFlow (and eagerflow's importer) refuses it by name.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.resource import HeldResource
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.core.versions import GRAPH_DEF_VERSION
from eagerflow._src.graph.ir import FuncGraph, Graph, Operation
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.attrs import set_shape
from eagerflow._src.saved_model.function_export import (
    _ARG_BAD,
    ExportError,
    FunctionWriter,
    Ref,
)
from eagerflow._src.saved_model.graph_export import GraphWriter
from eagerflow._src.saved_model.library_export import (
    LibraryWriter,
)
from eagerflow._src.saved_model.protos import pb

MIN_CONSUMER = 12  # the versions of a GraphDef holding functions (TF 2.21)


class _Writer(GraphWriter):
    """GraphWriter that keeps every Ref it makes (for `_output_shapes`)."""

    def write_op(self, op: Operation) -> None:
        if id(op) in self.graph.shown_only:
            # at its place, as TF's graph lists it (TF's scalar axis where the op's attr
            # holds (0,), its -1 where the lowering takes 1): the node it shows takes it
            t = op.outputs[0]
            owner, self._owner = self._owner, op.name
            try:
                ref = super().const(op.attrs["value"], t._dtype, op.name)
            finally:
                self._owner = owner
            self._refs[id(t)] = ref
            node = self.op_node[id(op)] = ref.name.split(":")[0]
            # (made under control dependencies, it waits on them, as TF's constant does)
            controls = [self.op_node.get(id(c)) for c in op._control_inputs]
            for nd in self.fdef.node_def:
                if nd.name == node:
                    nd.input.extend("^" + c for c in controls
                                    if c is not None and "^" + c not in nd.input)
            return
        self.take_arg_consts(op)
        start = len(self.fdef.node_def)
        try:
            super().write_op(op)
        finally:
            self._arg_consts = []
        if op._device:  # (the nodes written for it run where it was placed, as TF's)
            for nd in self.fdef.node_def[start:]:
                nd.device = nd.device or op._device


class _FunctionGraphWriter(_Writer):
    """A FuncGraph's nodes as TF's GraphDef of it: placeholders for the inputs and the
    variables' handles, stateful nodes in program order, the outputs after them."""

    def __init__(self, library: LibraryWriter, graph: Any) -> None:
        super().__init__(library, graph)
        self.placeholders: list = []  # (variable, its handle's Placeholder node)

    def capture(self, obj: Any) -> Ref:
        ref = self.handles.get(id(obj))
        if ref is not None:
            return ref
        # (the graph's own placeholder name where it made one: graph/var_reads.py; a
        # table's "<node>/table_handle", its handle's placeholder)
        ph = getattr(self.graph, "_resources", {}).get(id(obj))
        table = not is_variable(obj)
        if table and (ph is None or not isinstance(obj, HeldResource)):
            raise ExportError(f"{obj!r} (a lookup table or an asset) has no GraphDef form "
                              "outside a SavedModel")
        arg = obj.handle_arg if table else "resource"
        user = self._current.name if self._current is not None else arg
        name = ph.name if ph is not None else f"{user}/{arg}"
        nd = self.fdef.node_def.add(name=self.unique(name), op="Placeholder")
        nd.attr["dtype"].type = dt.resource.as_datatype_enum
        set_shape(nd.attr["shape"].shape, ())
        nd.attr["_user_specified_name"].s = arg.encode()
        ref = self.handles[id(obj)] = Ref(f"{nd.name}:output:0", dt.resource, ())
        self.made.append(ref)
        return ref

    resource = capture

    def write_op(self, op: Operation) -> None:
        # (the resources captured just before `op` first, where the graph lists their
        # placeholders: before the constants made for its other inputs)
        for ph in getattr(self.graph, "_listed_before", {}).get(id(op), ()):
            obj = self.graph._placeheld.get(id(ph))
            if obj is not None and (is_variable(obj) or isinstance(obj, HeldResource)):
                self.capture(obj)
        super().write_op(op)

    def node(self, op: str, inputs: list, attrs: dict | None = None,
             name: str | None = None) -> list:
        if self.graph.control_outputs is not None:  # (its own edges order them)
            return super().node(op, inputs, attrs, name)
        # (a function's stateful nodes run in the traced order: TF's automatic control
        # dependencies chain them, which GraphWriter.node leaves to a TF 1 graph's own)
        return FunctionWriter.node(self, op, inputs, attrs, name)

    def _takes_controls(self, op: Operation, made: list) -> list:
        if self.graph.control_outputs is None:
            return made
        # (TF's automatic edges are the operation's own, not the nodes made for its inputs)
        mine = self.op_node.get(id(op))
        return [nd for nd in made if nd.name == mine]

    def _lower(self, op: Operation) -> list:
        refs = super()._lower(op)
        if op.type == "Placeholder":
            nd = next(n for n in self.fdef.node_def if n.name == refs[0].name.split(":")[0])
            nd.attr["_user_specified_name"].s = op.name.rsplit("/", 1)[-1].encode()
        return refs

    def write(self, savers: list) -> None:
        super().write(savers)
        if self.graph.control_outputs is not None:
            # (a traced function's graph holds TF's NoOp and edges itself: the outputs'
            # edges to the NoOp made after them are written now)
            nodes = {nd.name: nd for nd in self.fdef.node_def}
            for op in self.graph.operations:
                nd = nodes.get(self.op_node.get(id(op)))
                for c in op._control_inputs:
                    c = self.op_node.get(id(c))
                    if nd is not None and c is not None and "^" + c not in nd.input:
                        nd.input.append("^" + c)
            return
        outs = [self._refs.get(id(t)) for t in self.graph.outputs if hasattr(t, "_op")]
        if not self.effects or not outs:
            return
        noop = self.unique("NoOp")
        nd = self.fdef.node_def.add(name=noop, op="NoOp")
        nd.input.extend("^" + e for e in dict.fromkeys(self.effects))
        names = {r.name.split(":")[0] for r in outs if r is not None}
        for n in self.fdef.node_def:
            if n.name in names:
                n.input.append("^" + noop)


def _output_shapes(nodes: Any, refs: list, empty: bool = False) -> None:
    """`_output_shapes` on each node with outputs (`empty`: on each node, as TF writes a
    function's): the shapes its Refs know (unknown rank where the writer made the tensor
    itself and knows none)."""
    shapes: dict = {}
    for r in refs:
        node, _, rest = r.name.partition(":")
        # (a handle is a scalar, whatever the variable's shape)
        shapes.setdefault(node, {})[rest] = () if r.dtype is dt.resource else r.shape
    for nd in nodes:
        try:
            names = tf_ops.output_names(nd.op, tf_ops.with_defaults(nd.op, nd.attr))
        except KeyError:  # (an operation written in its own form)
            names = [f"output:{i}" for i in range(len(shapes.get(nd.name, ())))]
        if not names and not empty:
            continue
        known = shapes.get(nd.name, {})
        lst = nd.attr["_output_shapes"].list
        lst.SetInParent()
        for n in names:
            set_shape(lst.shape.add(), known.get(n))


def _default_attrs(gd: Any) -> None:
    """The attributes a node leaves to its op's defaults, written (as TF's graphs hold)."""
    for nd in gd.node:
        try:
            opdef = tf_ops.op_def(nd.op)
        except KeyError:  # (an operation written in its own form)
            continue
        for a in opdef.attr:
            if a.name not in nd.attr and a.HasField("default_value"):
                nd.attr[a.name].CopyFrom(a.default_value)


def _library_attrs(gd: Any, lib: LibraryWriter, add_shapes: bool) -> None:
    """The attributes TF's graphs give the FunctionDefs they hold: `_construction_context`
    (traced eagerly), each argument's shape (`_output_shapes`; a variable's handle is named
    "resource" instead), and with `add_shapes` the arguments' `_input_shapes` and each node
    its nodes' `_output_shapes`."""
    resource = dt.resource.as_datatype_enum
    for fdef in gd.library.function:
        fdef.attr["_construction_context"].s = b"kEagerRuntime"
        w = lib.writers.get(fdef.signature.name)
        if w is None:
            continue
        args = w.arg_shapes
        shapes = []
        for i, arg in enumerate(fdef.signature.input_arg):
            attrs = fdef.arg_attr[i].attr
            if arg.type == resource:
                shapes.append(())
                if "_user_specified_name" not in attrs:
                    attrs["_user_specified_name"].s = b"resource"
                continue
            shapes.append(args.get(arg.name))
            set_shape(attrs["_output_shapes"].list.shape.add(), shapes[-1])
        if not add_shapes:
            continue
        for shape in shapes:
            set_shape(fdef.attr["_input_shapes"].list.shape.add(), shape)
        _output_shapes(fdef.node_def, w.made + list(w._refs.values()), empty=True)


def _write(graph: Graph, add_shapes: bool) -> tuple:
    """TF's GraphDef of `graph` and the writer that wrote it."""
    function = isinstance(graph, FuncGraph)
    lib = LibraryWriter(lenient=True)
    w = (_FunctionGraphWriter if function else _Writer)(lib, graph)
    w.write([] if function else list(graph.savers))
    gd = w.graph_def()
    _library_attrs(gd, lib, add_shapes)
    gd.versions.Clear()
    gd.versions.producer = GRAPH_DEF_VERSION
    if gd.library.function:  # (TF's C API sets it where the graph holds functions)
        gd.versions.min_consumer = MIN_CONSUMER
    _default_attrs(gd)
    for nd in gd.node:  # (TF's ToGraphDef sorts a node's control inputs by name)
        controls = sorted(r for r in nd.input if r.startswith("^"))
        if controls:
            nd.input[:] = [r for r in nd.input if not r.startswith("^")] + controls
    if not gd.library.function:
        gd.ClearField("library")
    if add_shapes:
        _output_shapes(gd.node, w.made + list(w._refs.values()) + list(w.handles.values()))
    return gd, w


def graph_def(graph: Graph, from_version: Any = None, add_shapes: bool = False) -> Any:
    """TF's GraphDef of `graph` (see the module's docstring)."""
    del from_version  # TF 2's as_graph_def writes every node whatever the version given
    return _write(graph, add_shapes)[0]


def instantiated(graph: FuncGraph) -> Any:
    """The GraphDef of function graph `graph` as TF instantiates it (TensorBoard's view of
    a traced function, tf.summary.trace_export's): its as_graph_def with each Placeholder
    an `_Arg` named as its FunctionDef argument (inputs first, then the captured handles),
    a `_Retval` per result (`identity_RetVal`, ...); no min_consumer."""
    gd, w = _write(graph, False)
    resource = dt.resource.as_datatype_enum
    holders = [n for n in gd.node if n.op == "Placeholder"]
    holders.sort(key=lambda n: n.attr["dtype"].type == resource)  # (stable: inputs first)
    renamed: dict = {}
    used: set = set()
    for i, ph in enumerate(holders):
        base = _ARG_BAD.sub("_", ph.name.lower()) or "arg"
        name, k = base, 0
        while name in used:
            k += 1
            name = f"{base}_{k}"
        used.add(name)
        renamed[ph.name] = name
        arg = pb().NodeDef(name=name, op="_Arg")
        dtype = ph.attr["dtype"].type
        arg.attr["T"].type = dtype
        arg.attr["index"].i = i
        if "_user_specified_name" in ph.attr:
            arg.attr["_user_specified_name"].CopyFrom(ph.attr["_user_specified_name"])
        if dtype != resource:
            arg.attr["_output_shapes"].list.shape.add().CopyFrom(ph.attr["shape"].shape)
        ph.CopyFrom(arg)

    def rename(ref: str) -> str:
        mark = "^" if ref.startswith("^") else ""
        node, colon, index = ref.lstrip("^").partition(":")
        return mark + renamed.get(node, node) + colon + index

    for nd in gd.node:
        if nd.op != "_Arg":
            nd.input[:] = [rename(r) for r in nd.input]
    args = sorted((n for n in gd.node if n.op == "_Arg"), key=lambda n: n.attr["index"].i)
    rest = _after_inputs([n for n in gd.node if n.op != "_Arg"], {n.name for n in args})
    del gd.node[:]
    gd.node.extend(args + rest)
    for i, t in enumerate(graph.outputs):
        ref = w._refs.get(id(t))
        if ref is None:
            continue
        nd = gd.node.add(name=("identity" if i == 0 else f"identity_{i}") + "_RetVal",
                         op="_Retval", input=[rename(w._flat(ref.name))])
        nd.attr["T"].type = t._dtype.as_datatype_enum
        nd.attr["index"].i = i
    gd.versions.min_consumer = 0  # (TF's traces set none)
    return gd


def _after_inputs(nodes: list, ready: set) -> list:
    """`nodes` in their order, each moved after the nodes it takes inputs from (as TF's
    instantiated function lists them: the outputs' Identity after the NoOp it waits on)."""
    names = {n.name for n in nodes}
    out: list = []
    waiting: dict = {}  # node name -> the nodes waiting for it
    for n in nodes:
        stack = [n]
        while stack:
            nd = stack.pop()
            need = next((d for d in (r.lstrip("^").split(":")[0] for r in nd.input)
                         if d in names and d not in ready), None)
            if need is not None:
                waiting.setdefault(need, []).append(nd)
                continue
            ready.add(nd.name)
            out.append(nd)
            stack.extend(reversed(waiting.pop(nd.name, [])))
    return out + [n for ws in waiting.values() for n in ws]  # (a cycle: left as written)


# the name graph/ir.py's Graph.as_graph_def calls
as_graph_def = graph_def

__all__ = ["as_graph_def", "graph_def", "instantiated"]
