"""The FunctionDefLibrary of one SavedModel (LibraryWriter): each traced graph written
once as a FunctionDef by function_export.py's FunctionWriter, its captures (variables,
lookup tables, other resources) ordered as TF orders a function's captured inputs.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.name_scope import is_op_name
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.function.concrete import tracing_scope
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.ops.lookup_ops import TableState
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.table_handles import captured_table
from eagerflow._src.saved_model.composite_export import COMPOSITES
from eagerflow._src.saved_model.control_flow_export import lower_control_flow
from eagerflow._src.saved_model.dataset_export import export_op
from eagerflow._src.saved_model.export_refs import ExportError, bound_eager_captures
from eagerflow._src.saved_model.function_export import FunctionWriter, _const_array, generic_export
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.saved_model.resource_reads import READ_ONLY, read_only_inputs


class LibraryWriter:
    """The FunctionDefLibrary of one SavedModel: each traced graph written once."""

    def __init__(self, tracked: Any = None, assets: dict | None = None,
                 custom_gradients: bool = True, tables: dict | None = None,
                 lenient: bool = False, datasets: dict | None = None,
                 variants: dict | None = None) -> None:
        """`tracked(obj)`: whether a variable, table or asset is saved with the functions;
        `lenient`: an operation TF has no form for is written in its own (a listing's:
        as_graph_def, TensorBoard's graphs), not refused;
        `assets`: id(path array) -> Asset, for the constants that are an asset's path;
        `tables`: id(TableState) -> the lookup table holding it;
        `datasets`: id(dataset) -> the DatasetTracker of a dataset a saved object holds
        (the functions capture its variant);
        `variants`: id(variant array) -> the VariantTracker of a loaded held dataset whose
        variant the loaded functions took (saved again, they capture the tracker);
        `custom_gradients`: whether tf.custom_gradient functions are saved with them."""
        self.library = pb().FunctionDefLibrary()
        self.custom_gradients = custom_gradients
        # name -> (graph, outputs that are None first, gradient arguments, what its
        # captured arguments bind: (function, tensor name) of a forward tensor or an object)
        self.gradient_functions: dict = {}
        # > 0 while a gradient function is written: custom gradients inside it keep an op
        # type no function is registered under (as TF traces only the forward functions')
        self.in_gradient = 0
        self._gradient_types = 0
        self.tracked = tracked or (lambda v: True)
        self.lenient = lenient
        self.assets = assets or {}
        self.tables = tables or {}
        self.datasets = datasets or {}
        self.variants = variants or {}
        self._by_graph: dict = {}   # (id(graph), outputs) -> (name, captured)
        self.writers: dict = {}     # function name -> its FunctionWriter
        self._names: set = set()
        self.ops_used: set = set()

    def function_name(self, base: str) -> str:
        # (TF keeps a lambda's name as it is: `__inference_<lambda>_N`)
        stem = "__inference_" + re.sub(r"[^A-Za-z0-9_<>]", "_", base)
        name, n = f"{stem}_{len(self._names)}", len(self._names)
        while name in self._names:
            n += 1
            name = f"{stem}_{n}"
        self._names.add(name)
        return name

    def gradient_op_type(self) -> str:
        self._gradient_types += 1
        return f"CustomGradient-{self._gradient_types - 1}"

    def new_function(self, base: str) -> FunctionWriter:
        fdef = self.library.function.add()
        fdef.signature.name = self.function_name(base)
        w = self.writers[fdef.signature.name] = FunctionWriter(self, fdef)
        return w

    def add(self, graph: Any, base: str, outputs: list | None = None,
            input_names: list | None = None, resources: list | None = None,
            specified: list | None = None, layout: list | None = None,
            branch: str | None = None, by_nodes: bool = False,
            bind_eager: bool = False) -> tuple:
        """Writes `graph` as a FunctionDef (once); returns (its name, the variables and
        assets of its captured arguments, in order). `resources` fixes the first captured
        arguments (the branches of one If must agree); `specified`: the inputs'
        `_user_specified_name`s (see FunctionWriter.add_arg); `bind_eager`: the eager
        tensors it captured become arguments (and those of the functions it calls), as a
        SavedModel binds them, rather than constants of its body."""
        key = (id(graph), len(graph.outputs if outputs is None else outputs))
        hit = self._by_graph.get(key)
        if hit is not None:
            return hit
        w = self.new_function(base)
        w.placeholders = getattr(graph, "_resources", {})
        w.traced = True
        w.bind_eager = bind_eager
        if bind_eager:
            for x, t in bound_eager_captures(graph):
                if id(x._arr) in self.assets:
                    continue  # (an asset's path: the argument of the asset, which it binds)
                w.eager_caps[id(t)] = x
                w.held[id(x)] = t
        fdef = w.fdef
        names = input_names or [t._op.name for t in graph.fed_inputs]
        # (an input TF had to rename, "zero x" as "Placeholder", keeps the name it was given;
        # the others are written under their own names, "extra_1" too)
        specified = specified or [_renamed_input(t) for t in graph.fed_inputs]
        w.branch, w.by_nodes = branch, by_nodes
        w.xla = _in_xla(graph)
        _mark_jit(fdef, getattr(graph, "jit_compile", None))
        w.by_resource = getattr(graph, "control_outputs", None) is not None
        if layout is None:
            for t, n, u in zip(graph.fed_inputs, names, specified):
                w.add_input(t, n, u)
            for v in resources or ():
                w.resource(v)
        else:  # a branch's arguments in TF's order: ("t", i) an input, ("r", obj) a resource
            for kind, x in layout:
                if kind == "t":
                    w.add_input(graph.fed_inputs[x], names[x], specified[x])
                elif id(x) in w.placeholders or not is_variable(x):
                    w.resource(x)
                else:  # (a variable only another branch touches: TF's placeholder for it)
                    w.resource(x, f"{branch}/Placeholder")
        w.write_graph(graph, list(graph.outputs) if outputs is None else outputs)
        if resources is None and layout is None:
            _capture_order(w, graph)
        if resources is not None and len(w.captured) != len(resources):
            raise ExportError(f"function {fdef.signature.name} uses variables beyond the ones "
                              "its caller passes")
        for nd in fdef.node_def:
            self.ops_used.add(nd.op)
        hit = self._by_graph[key] = (fdef.signature.name, list(w.captured))
        return hit

    # -- lowering one operation ------------------------------------------------------------------
    def lower(self, w: FunctionWriter, op: Any) -> list:
        name = op.type
        if name == "Placeholder":
            if "captured" in op.attrs:  # a captured eager tensor: saved by value
                return [w.const(op.attrs["value"], op.attrs["dtype"], name=op.name)]
            raise ExportError("a placeholder that is not an input of the function")
        if name == "Const":
            held = self.assets.get(id(op.attrs["value"])) or \
                self.variants.get(id(op.attrs["value"]))
            if held is not None:  # an asset's path, a loaded held dataset's variant
                return [w.capture(held)]
            return [w.const(_const_array(op.attrs["value"]), op.attrs["dtype"], name=op.name)]
        if name == "ReadVariableOp" and is_variable(op.inputs[0]):
            var = op.inputs[0]
            return w.node("ReadVariableOp", [w.resource(var)], {"dtype": dt.as_dtype(var.dtype)},
                          name=op.name)
        if name in ("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp") and \
                "var" in op.attrs:
            var = op.attrs["var"]
            w.node(name, [w.resource(var), w.input(0)], {"dtype": dt.as_dtype(var.dtype)},
                   name=op.name)
            return []
        fn = getattr(op.op, "fn", None)
        if fn is not None and hasattr(fn, "graph"):
            return self._call(w, op, fn)
        if getattr(op.op, "subgraphs", None):
            return lower_control_flow(self, w, op)
        if (refs := export_op(w, op)) is not None:  # (one using a tf.data pipeline)
            return refs
        if name in COMPOSITES:  # (no kernel in TF: the composite TF writes)
            return self._composite(w, op, COMPOSITES[name])
        form = op.op.tf
        if form is not None and form.export is not None:
            return list(form.export(op, w))
        return generic_export(w, op, form)

    def _composite(self, w: FunctionWriter, op: Any, fn: Callable) -> list:
        """`op` as a call of `fn`, its composite of TF ops, traced over the op's inputs."""
        g = FuncGraph(op.type)
        with tracing_scope(g):
            phs = [g.placeholder(x._shape, x._dtype, f"x{i}", is_input=True)
                   for i, x in enumerate(op.inputs)]
            out = fn(*phs, **op.attrs)
            g.outputs = [identity(o) for o in (out if isinstance(out, (list, tuple)) else [out])]
        fname, captured = self.add(g, _snake(op.type), bind_eager=w.bind_eager)
        args = [w.ref(x) for x in op.inputs] + [w.capture(c) for c in captured]
        return w.node("PartitionedCall", [args], {
            "f": fname, "Tout": [t._dtype for t in g.outputs],
            READ_ONLY: read_only_inputs(self.library, [fname])}, name=op.name)

    def _call(self, w: FunctionWriter, op: Any, fn: Any) -> list:
        outputs = list(fn.graph.outputs)
        if any(id(t) in w.consumed for t in op.outputs[len(outputs):]):
            outputs += list(fn._saved)  # a gradient in this graph reads the saved values
        fname, captured = self.add(fn.graph, fn._name, outputs, bind_eager=w.bind_eager)
        tensors = [w.ref(x) for x in op.inputs if not is_variable(x)]
        args = tensors + [w.capture(c) for c in captured]
        stateful = self._stateful(fname)
        attrs = {"f": fname, "Tout": [t._dtype for t in outputs],
                 READ_ONLY: read_only_inputs(self.library, [fname])}
        if getattr(fn.graph, "jit_compile", None) is not None:
            attrs[_MUST_COMPILE] = bool(fn.graph.jit_compile)
        return w.node("StatefulPartitionedCall" if stateful else "PartitionedCall",
                      [args], attrs, name=op.name)

    def _stateful(self, fname: str) -> bool:
        return any(f.signature.is_stateful for f in self.library.function
                   if f.signature.name == fname)


_MUST_COMPILE = "_XlaMustCompile"


def _in_xla(graph: Any) -> bool:
    """Whether `graph` was traced in TF's XLA context: within a tf.function(jit_compile=True)
    (its own graph, or one it encloses)."""
    while graph is not None:
        if getattr(graph, "jit_compile", None):
            return True
        graph = getattr(graph, "parent", None)
    return False


def _mark_jit(fdef: Any, jit_compile: bool | None) -> None:
    """TF's attrs of the FunctionDef of a tf.function given jit_compile: whether XLA must
    compile it, and (where it must) that it is never inlined."""
    if jit_compile is not None:
        fdef.attr[_MUST_COMPILE].b = bool(jit_compile)
    if jit_compile:
        fdef.attr["_noinline"].b = True


def _capture_order(w: FunctionWriter, graph: Any) -> None:
    """Puts the captured arguments of a function just written (its variables and the eager
    tensors it binds) in the order its trace captured them, as TF's FunctionDef takes a
    graph's captures: the variables in the order the trace first touched them (the
    lowering meets them by their first reads, which a traced graph places just before the
    ops using them: a BatchNormalization reads its statistics before gamma and beta, and
    uses them after), a table where its handle was captured, each eager tensor after the
    resources captured before it (a lookup's table before its default); assets stay."""
    variables = list((getattr(graph, "variable_map", None) or {}).values())
    known = {id(v) for v in variables}
    after: dict = {}  # how many resources were captured before -> the eager tensors then
    seen: set = set()
    slots_in_order: list = []  # per resource captured: None for a variable's, or a table
    for x, _ in getattr(graph, "capture_list", ()):
        if is_variable(x):
            if id(x) not in seen:
                seen.add(id(x))
                slots_in_order.append(None)
                if id(x) not in known:
                    variables.append(x)
        elif id(x) in w.held:
            after.setdefault(len(seen), []).append(x)
        elif isinstance(x, EagerTensor) and x._dtype is dt.resource:
            state = captured_table(x)
            if state is not None and id(state) not in seen:
                seen.add(id(state))
                slots_in_order.append(state)
    rest = iter(variables)
    resources = [next(rest) if r is None else r for r in slots_in_order] + list(rest)
    order = []
    for i, v in enumerate(resources):
        order += after.pop(i, [])
        order.append(v)
    order += [x for k in sorted(after) for x in after[k]]
    rank = {id(x): i for i, x in enumerate(order)}
    captured = [_table_key(obj) for obj in w.captured]
    args = w.fdef.signature.input_arg
    first = len(args) - len(w.captured)  # (the captured arguments follow the inputs)
    slots = [i for i, obj in enumerate(captured) if id(obj) in rank and
             (not is_variable(obj) or args[first + i].type == dt.resource.as_datatype_enum)]
    if len(slots) < 2 or first < 0:
        return
    attrs = w.fdef.arg_attr
    proto = {id(w.captured[i]): (type(args[first + i])(), type(attrs[first + i])())
             for i in slots}
    for i in slots:
        arg, attr = proto[id(w.captured[i])]
        arg.CopyFrom(args[first + i])
        if first + i in attrs:
            attr.CopyFrom(attrs[first + i])
    ordered = sorted((w.captured[i] for i in slots), key=lambda v: rank[id(_table_key(v))])
    for i, obj in zip(slots, ordered):
        w.captured[i] = obj
        arg, attr = proto[id(obj)]
        args[first + i].CopyFrom(arg)
        if attr.ListFields():
            attrs[first + i].CopyFrom(attr)
        elif first + i in attrs:
            del attrs[first + i]


def _table_key(obj: Any) -> Any:
    """A captured object as _capture_order ranks it: a lookup table by its state (what
    its handle captured in the trace names), anything else itself."""
    state = getattr(obj, "_state", None)
    return state if isinstance(state, TableState) and not is_variable(obj) else obj


def _snake(name: str) -> str:
    """An op's name as TF's Python names its function's scope (MatrixExponential:
    matrix_exponential)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _renamed_input(t: Any) -> str:
    """The name a traced input was given where it is no op's name ("zero x", its
    placeholder TF's "Placeholder"); "" otherwise."""
    given = t._op.attrs.get("_user_specified_name", b"").decode()
    return "" if not given or is_op_name(given) else given
