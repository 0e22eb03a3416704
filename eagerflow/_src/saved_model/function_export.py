"""eagerflow graphs as TensorFlow FunctionDefs, in TF's own op set.

Sits in saved_model/ over tf_ops.py and attrs.py; save.py uses it. A traced graph (as
traced: before eagerflow's optimizations) becomes one FunctionDef: its placeholders are
the input arguments, each variable it touches a resource argument (after the inputs, in
order of first use), its outputs the return values. Each operation becomes TF nodes:
by default one node of the op's own name whose inputs and attributes are the op's, with
TF's type attributes (`T`, `Tidx`, `N`, ...) worked out from the input dtypes and the
attributes TF takes as input tensors written as constants; an op whose OpDef carries a
`TFForm` is written through its names or its own `export`. Calls of other tf.functions
and cond / while_loop's branches and bodies (control_flow_export.py) become FunctionDefs
of the library (library_export.py), tf.data pipelines TF's dataset nodes
(dataset_export.py). Stateful nodes (variable reads and writes, draws, prints, asserts)
are chained by control edges in program order and listed as control outputs: TF runs
them all, in the traced order.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.resource import HeldResource, TrackableResource
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.function.concrete import tracing_scope
from eagerflow._src.function.variable_args import ArgumentVariable
from eagerflow._src.graph.captures import EAGER_CONST_THRESHOLD, UIDS
from eagerflow._src.graph.control_outputs import _READS as _RESOURCE_READS
from eagerflow._src.graph.control_outputs import _UNORDERED, CONTROL_NO_OP
from eagerflow._src.graph.ir import FuncGraph, known_value
from eagerflow._src.io import tensor_proto as tp
from eagerflow._src.ops.checks import num_elements
from eagerflow._src.ops.lookup_ops import TableState
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.variables import variable_of
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.attrs import (
    CALL_OPS,
    mark_call,
    plain_attr,
    set_attr,
    set_shape,
    tensor_proto,
)
from eagerflow._src.saved_model.export_refs import (
    DatasetTracker,
    ExportError,
    Ref,
    VariantTracker,
    list_input_sizes,
    untracked,
)
from eagerflow._src.saved_model.protos import pb

_ARG_BAD = re.compile(r"[^a-z0-9_]")
_NODE_BAD = re.compile(r"[^A-Za-z0-9_./\-]")


def _makes_dataset(opdef: Any) -> bool:
    """Whether the op's node is a dataset stage (its output a dataset's variant handle)."""
    return any(a.name == "handle" and a.type == dt.variant.as_datatype_enum
               for a in opdef.output_arg)


def _is_effect(op_name: str) -> bool:
    return op_name in ("ReadVariableOp",) or tf_ops.op_def(op_name).is_stateful


class FunctionWriter:
    """Writes one FunctionDef; the builder that op lowerings (`TFForm.export`) receive."""

    def __init__(self, library: Any, fdef: Any) -> None:  # (library_export.LibraryWriter)
        self.library = library
        self.fdef = fdef
        self._used: set = set()
        self._refs: dict = {}          # id(eagerflow tensor) -> Ref
        self._captures: dict = {}      # id(variable, table or asset) -> its argument's Ref
        self.placeholders: dict = {}   # id(variable) -> the graph's resource placeholder
        self.captured: list = []       # variables, tables and assets, in argument order
        self._last_effect: str | None = None
        self.effects: list = []        # stateful node names, in program order
        self._current: Any = None      # the eagerflow operation being written
        self.arg_shapes: dict = {}     # argument name -> its static shape
        self.made: list = []           # the Refs of the nodes written (for their shapes)
        # the graph tensors standing for the arguments the operation being written holds
        # as attrs (its `tf_inputs` beyond its inputs): a constant its lowering makes for
        # one is that node ("Sum/reduction_indices", "cond/Const", a user's own Const)
        self._arg_consts: list = []
        self.branch: str | None = None  # an If's or Case's scope, writing one of its branches
        # a branch's stateful nodes by resource (TF's automatic control dependencies)
        self._res_write: dict = {}  # resource argument (None: no resource) -> last writer
        self._res_reads: dict = {}  # resource argument -> the reads of it since
        self.unordered = False  # a branch holds stateful nodes TF leaves unordered
        # stateful only for its stateful nodes, not for a handle it only passes (TF's
        # loop conditions and bodies)
        self.by_nodes = False
        self.xla = False  # writing a graph in TF's XLA context (library_export._in_xla)
        # a traced function's stateful nodes ordered by resource, as TF's automatic control
        # dependencies order them (graph/control_outputs.py), not in one chain
        self.by_resource = False
        # the resource arguments the next node touches through its inputs (a dataset
        # reduction's: its pipeline's stages'), which TF's dependencies order it by too
        self.touching: list = []
        # captured eager tensors as TF saves them: each an argument the SavedModel binds to
        # a constant (`bind_eager`), not a constant of the body; `eager_caps`: id(the graph
        # tensor capturing one: its Const or placeholder) -> the eager tensor
        self.bind_eager = False
        self.traced = False  # a traced graph's (LibraryWriter.add), not a table function's
        self.eager_caps: dict = {}
        self.held: dict = {}  # id(eager tensor) -> the graph tensor capturing it
        self._arg_counts: dict = {}  # normalized argument name -> the next suffix to try
        self._raw_args: set = set()  # the arguments' placeholder names, unique

    # -- names ----------------------------------------------------------------------------
    def unique(self, base: str, arg: bool = False) -> str:
        if arg:
            return self._unique_arg(base)
        else:
            base = _NODE_BAD.sub("_", base) or "node"
            if base[0] in "_-/":
                base = "n" + base
        name, n = base, 0
        while name in self._used:
            n += 1
            name = f"{base}_{n}"
        self._used.add(name)
        return name

    def _unique_arg(self, base: str) -> str:
        """An argument's name as TF's GraphToFunctionDef makes it from its placeholder's:
        lower case, characters other than letters and digits as "_", from its first
        letter on ("unknown" when it has none: a capture named by a unique id, "22"), made
        unique by "_0", "_1", ... The placeholder's name is first made unique in the graph,
        as TF's graph names it ("cond/Placeholder_1": "cond_placeholder_1")."""
        raw, n = base, 0
        while raw in self._raw_args:
            n += 1
            raw = f"{base}_{n}"
        self._raw_args.add(raw)
        base = _ARG_BAD.sub("_", raw.lower())
        first = next((i for i, c in enumerate(base) if c.isalpha()), None)
        base = "unknown" if first is None else base[first:]
        name = base
        if name in self._used:
            k = self._arg_counts.get(base, 0)
            while f"{base}_{k}" in self._used:
                k += 1
            name = f"{base}_{k}"
            self._arg_counts[base] = k + 1
        self._used.add(name)
        return name

    def next_name(self, base: str) -> str:
        """The name `unique(base)` would give a node now (not taken)."""
        name, n = base, 0
        while name in self._used:
            n += 1
            name = f"{base}_{n}"
        return name

    def default_name(self, op_type: str) -> str:
        """The name of a node of type `op_type` written for the operation being written, as
        TF's graph names it: the operation's own where it is of that type, else the type
        in the operation's name scope ("cond/Const" for cond/Sum's axes)."""
        cur = self._current
        if cur is None:
            return op_type
        if cur.type == op_type and cur.name not in self._used:
            return cur.name
        scope = cur.name.rpartition("/")[0]
        return f"{scope}/{op_type}" if scope else op_type

    # -- arguments ------------------------------------------------------------------------
    def add_arg(self, name: str, dtype: dt.DType, shape: Any = None,
                specified: str | None = "") -> Ref:
        """A new input argument; `specified`: its `_user_specified_name` ("": `name`,
        None: none)."""
        arg = self.fdef.signature.input_arg.add(name=self.unique(name, arg=True),
                                                type=dtype.as_datatype_enum)
        if specified is not None:
            attrs = self.fdef.arg_attr[len(self.fdef.signature.input_arg) - 1].attr
            attrs["_user_specified_name"].s = (specified or name).encode()
        self.arg_shapes[arg.name] = shape
        return Ref(arg.name, dtype, shape)

    def add_input(self, t: Any, name: str, specified: str | None = "") -> Ref:
        """Input argument standing for graph tensor `t` (a placeholder)."""
        ref = self._refs[id(t)] = self.add_arg(name, t._dtype, t._shape, specified)
        return ref

    def finish(self, outputs: list, names: list | None = None) -> None:
        """Returns `outputs` (Refs; `names`: their results' names) and lists the stateful
        nodes as control outputs."""
        sig = self.fdef.signature
        for i, r in enumerate(outputs):
            name = "identity" if i == 0 else f"identity_{i}"
            if names is not None:
                name = names[i]
            elif self.branch is not None:  # (TF's: its Identity node's name, "cond_identity")
                name = _ARG_BAD.sub("_", r.name.split(":")[0].lower())
            sig.output_arg.add(name=name, type=r.dtype.as_datatype_enum)
            self.fdef.ret[name] = r.name
        for name in self.effects:
            sig.control_output.append(name)
            self.fdef.control_ret[name] = name
        if self.branch is not None:
            # a branch as TF's cond_v2 writes it: its results wait on a NoOp of its
            # stateful nodes; stateful where it has them (not for a handle it only passes)
            if self.effects:
                no_op = self.fdef.node_def.add(name=self.unique(f"{self.branch}/NoOp"),
                                               op="NoOp", input=[f"^{e}" for e in self.effects])
                outs = {r.name.split(":")[0] for r in outputs}
                for nd in self.fdef.node_def:
                    if nd.name in outs and nd.op == "Identity":
                        nd.input.append(f"^{no_op.name}")
            sig.is_stateful = bool(self.effects) or self.unordered
            return
        sig.is_stateful = bool(self.effects) or self.unordered or (not self.by_nodes and any(
            a.type == dt.resource.as_datatype_enum for a in sig.input_arg))

    def capture(self, obj: Any, name: str | None = None) -> Ref:
        """The argument a variable or a lookup table (a resource) or an asset (its path) is
        passed as, added on first use; the SavedModel binds it to the object when the
        function is loaded."""
        ref = self._captures.get(id(obj))
        if ref is not None:
            return ref
        if isinstance(obj, EagerTensor):
            return self._capture_tensor(obj)
        if isinstance(obj, ArgumentVariable):  # a variable argument: its own input
            ref = self._refs[id(obj.placeholder)]
            args = self.fdef.signature.input_arg
            arg = next(a for a in args if a.name == ref.name)
            if not arg.handle_data:
                hd = arg.handle_data.add(dtype=obj.dtype.as_datatype_enum)
                set_shape(hd.shape, obj.shape._dims)
            return ref
        if not self.library.tracked(obj):
            # (TF's, naming the kind of resource its handle holds and the object owning it)
            kind = "tensorflow::Var" if is_variable(obj) else \
                type(getattr(obj, "_state", obj)).__name__
            raise untracked(self.fdef.signature.name, f"<ResourceHandle({kind})>",
                            f"Trackable referencing this tensor = {obj!r}",
                            f'Tensor("{name or "resource"}:0", shape=(), dtype=resource)')
        if is_variable(obj):
            # (named as TF names the argument: after the placeholder capturing the variable
            # in the traced graph, "MatMul/ReadVariableOp/resource" ->
            # "matmul_readvariableop_resource")
            ph = self.placeholders.get(id(obj))
            # (one the graph reaches only through a function it calls: TF's capture of
            # the handle, a placeholder named by a unique id, "unknown" as an argument)
            base = name or (ph.name if ph is not None else str(next(UIDS)))
            arg = self.fdef.signature.input_arg.add(name=self.unique(base, arg=True),
                                                    type=dt.resource.as_datatype_enum)
            if name is None:  # (the name its placeholder was given: "resource", an id)
                self.fdef.arg_attr[len(self.fdef.signature.input_arg) - 1].attr[
                    "_user_specified_name"].s = base.rpartition("/")[2].encode()
            hd = arg.handle_data.add(dtype=dt.as_dtype(obj.dtype).as_datatype_enum)
            set_shape(hd.shape, obj.shape._dims)
            ref = Ref(arg.name, dt.resource)
        elif isinstance(_held(obj), HeldResource):  # a table, a writer, a user's resource
            # (named as a variable's: after its "<node>/table_handle" placeholder, where
            # the traced graph made one)
            ph = self.placeholders.get(id(_held(obj)))
            if name is None and ph is None and self.traced:
                # (a traced graph reaching the table only through a function it calls, a
                # signature's wrapper: TF captures its handle by a unique id, "unknown")
                base = str(next(UIDS))
                ref = self.add_arg(base, dt.resource, (), specified=base)
            else:
                arg = _held(obj).handle_arg
                base = name or (ph.name.replace("/", "_") if ph is not None else arg)
                ref = self.add_arg(base, dt.resource, (), specified=arg)
        elif isinstance(obj, (DatasetTracker, VariantTracker)):  # a held dataset's variant
            # graph captures it ("ReduceDataset/input_dataset": user-specified the input's)
            base = name or "input_dataset"
            ref = self.add_arg(base, dt.variant, (), base.rpartition("/")[2])
        else:  # an asset: its path, a string (a named one, TF's initializer's capture of
            # the path, has no user-specified name)
            ref = self.add_arg(name or "asset_path", dt.string, (), None if name else "")
        self._captures[id(obj)] = ref
        self.captured.append(obj)
        return ref

    resource = capture

    def bind(self, x: EagerTensor, name: str) -> Ref:
        """The argument eager tensor `x` is passed as, named `name` (TF's captures of a
        table initializer's keys and values: the placeholders of its import op's inputs),
        which the SavedModel binds to a constant; no user-specified name, as TF's."""
        ref = self._captures.get(id(x))
        if ref is None:
            ref = self._captures[id(x)] = self.add_arg(name, x._dtype, x._shape, None)
            self.captured.append(x)
        return ref

    def _capture_tensor(self, x: EagerTensor) -> Ref:
        """The argument eager tensor `x` is passed as (saving: TF binds it to a constant of
        the SavedModel), named after the graph's capture of it: its Const ("add/y":
        "add_y") or its placeholder ("Sum/input": "sum_input", whose
        `_user_specified_name` is "input"); one the graph reaches only through a function
        it calls is captured as TF captures it then, by a unique id ("unknown"). Not
        saving, its value as a constant."""
        held = self.held.get(id(x))
        if held is not None and id(held) in self._refs:
            return self._refs[id(held)]
        if not self.bind_eager:
            return self.const(x.numpy(), x._dtype)
        if held is not None:
            name = held._op.name
            by_value = held._op.type == "Const"
        else:
            name = str(next(UIDS))
            by_value = x._dtype not in (dt.resource, dt.variant) and num_elements(x._shape) <= \
                EAGER_CONST_THRESHOLD
        # (a small tensor TF captures with a Const, which its FunctionDef takes as an
        # argument with no user-specified name; a large one with a placeholder)
        ref = self.add_arg(name, x._dtype, x._shape,
                           None if by_value else name.rpartition("/")[2])
        self._captures[id(x)] = ref
        self.captured.append(x)
        return ref

    def capture_as(self, obj: Any, name: str) -> Ref:
        """The argument a variable or an eager tensor that a function this one calls
        captured is passed as, saving: as TF's graph captures it making the node that
        passes it, named after that node's input (`name`, "MapDataset/other_arguments_2":
        "mapdataset_other_arguments_2"), a small eager tensor by a Const (no
        user-specified name), a large one or a handle by a placeholder. One this graph
        captured itself keeps its own."""
        if id(obj) in self._captures or id(obj) in self.held or id(obj) in self.placeholders:
            return self.capture(obj)
        if is_variable(obj):
            ref = self.capture(obj, name)
            self.fdef.arg_attr[len(self.fdef.signature.input_arg) - 1].attr[
                "_user_specified_name"].s = name.rpartition("/")[2].encode()
            return ref
        if not isinstance(obj, EagerTensor) or not self.bind_eager:
            return self.capture(obj)
        by_value = obj._dtype not in (dt.resource, dt.variant) and \
            num_elements(obj._shape) <= EAGER_CONST_THRESHOLD
        ref = self.add_arg(name, obj._dtype, obj._shape,
                           None if by_value else name.rpartition("/")[2])
        self._captures[id(obj)] = ref
        self.captured.append(obj)
        return ref

    def table(self, state: TableState) -> Ref:
        """The resource argument of the table whose state a lookup op reads or changes."""
        return self.capture(self.library.tables.get(id(state), state))

    # -- nodes (the builder's API) ----------------------------------------------------------
    def input(self, i: int) -> Ref:
        """The Ref of input `i` of the operation being written."""
        return self.ref(self._current.inputs[i])

    def ref(self, t: Any) -> Ref:
        if is_variable(t):
            return self.resource(t)
        if isinstance(t, HeldResource):  # (a table a graph took by reference: its handle)
            return self.table(t)
        ref = self._refs.get(id(t))
        if ref is None:
            raise ExportError(f"{t!r} is used before it is computed in the graph being "
                              "exported")
        return ref

    def static_shape(self, i: int) -> tuple | None:
        """The static shape of input `i` of the operation being written (None dims)."""
        return self._current.inputs[i]._shape

    def shape_of(self, i: int, begin: int = 0, end: int | None = None) -> Ref:
        """dims[begin:end] of input `i` as an int32 vector: a constant when known, else
        TF's Shape (and a StridedSlice of it)."""
        shape = self.static_shape(i)
        if shape is not None and None not in shape[begin:end]:
            return self.const(list(shape[begin:end]), dt.int32)
        ref = self.node("Shape", [self.input(i)], {"out_type": dt.int32})[0]
        if begin == 0 and end is None:
            return ref
        end_v, end_mask = (0, 1) if end is None else (end, 0)
        return self.node("StridedSlice", [ref, self.const([begin], dt.int32),
                                          self.const([end_v], dt.int32),
                                          self.const([1], dt.int32)],
                         {"end_mask": end_mask})[0]

    def register_gradient(self, fn: Any, like: list, n_none: int) -> str:
        """Traces `fn(*grads)` (one gradient per tensor of `like`) into a library function
        registered as a gradient; returns its op type, for `_gradient_op_type`. Its
        outputs are the gradients of the last inputs: the first `n_none` have none.

        Tensors of the function being written that `fn` reads (the forward function's
        inputs, results and intermediates a gradient closes over) become further inputs
        of the gradient function, after the gradients, then the variables it reads: the
        SavedModel binds them when it is loaded, as TF binds its gradients' captures."""
        fwd = self._current.graph
        g = FuncGraph("internal_grad_fn", parent=fwd)
        before = (len(fwd.operations), len(fwd._captures))
        try:
            with tracing_scope(g):
                dys = [g.placeholder(_shape(t), _dtype(t), f"result_grads_{i}", is_input=True)
                       for i, t in enumerate(like)]
                g.outputs = [identity(o) for o in fn(*dys)]
        except (ValueError, TypeError) as e:
            raise ExportError(f"Error when tracing gradients for SavedModel: {e}. You may "
                              "need to update the custom gradient, or disable saving "
                              "gradients with the option tf.saved_model.SaveOptions("
                              "experimental_custom_gradients=False)") from None
        if (len(fwd.operations), len(fwd._captures)) != before:
            # it read a tensor from beyond the function being written, which TF's loader
            # can't bind
            raise ExportError("Cannot save a custom gradient that reads tensors from outside "
                              "the function calling it; use tf.saved_model.SaveOptions("
                              "experimental_custom_gradients=False)")
        names = [t._op.name for t in g.fed_inputs]
        outer = []
        for x, ph in g._captures.values():
            g.fed_inputs.append(ph)
            # TF names a captured argument after its first consumer ("mul_exp")
            users = [op.name for op in g.operations if any(i is ph for i in op.inputs)]
            names.append(f"{users[0]}_{ph._op.name}" if users else ph._op.name)
            outer.append(x)
        self.library.in_gradient += 1
        try:
            name, captured = self.library.add(g, "internal_grad_fn", input_names=names)
        finally:
            self.library.in_gradient -= 1
        fdef = next(f for f in self.library.library.function if f.signature.name == name)
        for i, x in enumerate(outer, len(like)):
            fdef.arg_attr[i].attr["_user_specified_name"].s = x._op.name.encode()
        bound = [(self.fdef.signature.name, self.tensor_name(self.ref(x))) for x in outer]
        op_type = self.library.gradient_op_type()
        self.library.library.registered_gradients.add(gradient_func=name,
                                                      registered_op_type=op_type)
        self.library.gradient_functions[name] = (g, n_none, len(like), bound + captured)
        return op_type

    def tensor_name(self, ref: Ref) -> str:
        """The name TF's graph of this function gives the tensor `ref` once loaded: an
        argument's "x:0", a node's flat output "Split:1" (its FunctionDef says
        "Split:output:1")."""
        parts = ref.name.split(":")
        if len(parts) == 1:
            return f"{ref.name}:0"
        node = next(nd for nd in self.fdef.node_def if nd.name == parts[0])
        flat = tf_ops.output_names(node.op, tf_ops.with_defaults(node.op, node.attr))
        return f"{parts[0]}:{flat.index(f'{parts[1]}:{parts[2]}')}"

    def broadcast_inputs(self) -> list:
        """The inputs of the operation being written, each broadcast to their common shape
        (for TF ops that take equal shapes where eagerflow's broadcasts)."""
        ins = list(self._current.inputs)
        shapes = {None if t._shape is None else tuple(t._shape) for t in ins}
        if len(shapes) == 1:
            return [self.input(i) for i in range(len(ins))]
        shape = self.shape_of(0)
        for i in range(1, len(ins)):
            shape = self.node("BroadcastArgs", [shape, self.shape_of(i)])[0]
        return [self.node("BroadcastTo", [self.input(i), shape])[0] for i in range(len(ins))]

    def const(self, value: Any, dtype: Any = None, name: str | None = None) -> Ref:
        t = self._arg_const(value, dtype, name)
        if t is None:
            return self._const(value, dtype, name)
        ref = self._refs.get(id(t))
        if ref is None:
            ref = self._refs[id(t)] = self._const(value, dtype, t._op.name)
        return ref

    def _arg_const(self, value: Any, dtype: Any, name: str | None) -> Any:
        """The graph tensor standing for the argument of the operation being written that
        a constant its lowering makes is (named as that tensor's node, or of its value),
        taken from the ones left; None if none."""
        for k, t in enumerate(self._arg_consts):
            if t._op.name == name:
                return self._arg_consts.pop(k)
        if not self._arg_consts:
            return None
        try:
            arr = np.asarray(value)
        except (TypeError, ValueError):
            return None
        if arr.dtype == object:
            return None
        for k, t in enumerate(self._arg_consts):
            v = known_value(t)
            if v is not None and (dtype is None or dt.as_dtype(dtype) is t._dtype) and \
                    v.size == arr.size and np.array_equal(v.reshape(-1), arr.reshape(-1)):
                return self._arg_consts.pop(k)
        return None

    def _const(self, value: Any, dtype: Any = None, name: str | None = None) -> Ref:
        # (bytes as an object: NumPy's fixed-width bytes would drop trailing NULs)
        arr = np.array(value, object) if isinstance(value, bytes) else np.asarray(value)
        if dtype is None:
            dtype = dt.int64 if arr.dtype.kind in "iu" and arr.size and \
                (arr.max() > 2**31 - 1 or arr.min() < -2**31) else \
                dt.int32 if arr.dtype.kind in "iub" and arr.dtype != bool else dt.as_dtype(
                    arr.dtype)
        dtype = dt.as_dtype(dtype)
        if dtype is not dt.string:
            arr = arr.astype(dtype.as_numpy_dtype)
        nd = self.fdef.node_def.add(name=self.unique(name or self.default_name("Const")),
                                    op="Const")
        nd.attr["dtype"].type = dtype.as_datatype_enum
        nd.attr["value"].tensor.CopyFrom(tensor_proto(pb(), arr, dtype))
        ref = Ref(f"{nd.name}:output:0", dtype, arr.shape)
        self.made.append(ref)
        return ref

    def _function_names(self, value: Any) -> Any:
        """A func attribute's value as the names of library functions: a concrete function
        (a dataset op's, from tf.raw_ops) is written into the library."""
        if isinstance(value, (list, tuple)):
            return [self._function_names(v) for v in value]
        if isinstance(value, (str, bytes)):
            return value
        if callable(getattr(value, "own_specs", None)):
            # a loaded function's library function (a ReduceDataset's reducer): traced anew
            # for the arguments its FunctionDef says, as re-saving a loaded model writes it
            value = value.concrete_for(value.own_specs())
        graph = getattr(value, "graph", None)
        if graph is None:  # (a stand-in: an imported graph's reader of a dataset of datasets)
            raise ExportError(f"a func attribute holds {type(value).__name__}, not a traced "
                              "function, so no library function can be written for it")
        name, captured = self.library.add(graph, graph.name)
        if captured:
            raise ExportError(f"the function {name} a func attribute names reads variables, "
                              "which eagerflow's exporter does not bind there")
        return name

    def node(self, op: str, inputs: list, attrs: dict | None = None,
             name: str | None = None) -> list:
        """Adds a TF node; `inputs` hold one Ref (or a list of them) per TF input argument;
        `attrs` are Python values (type attributes the inputs determine are filled in).
        Returns the Refs of its outputs."""
        try:
            opdef = tf_ops.op_def(op)
        except KeyError:
            raise ExportError(f"TensorFlow op {op} is not known to eagerflow's exporter") \
                from None
        if len(inputs) != len(opdef.input_arg):
            raise ExportError(f"{op} takes {len(opdef.input_arg)} inputs, got {len(inputs)}")
        nd = self.fdef.node_def.add(name=self.unique(name or self.default_name(op)), op=op)
        types: dict = {}
        values = dict(attrs or {})
        handles: list = []
        for arg, x in zip(opdef.input_arg, inputs):
            refs = x if isinstance(x, (list, tuple)) else [x]
            for r in refs:
                if arg.type and r.dtype.as_datatype_enum != arg.type:
                    raise ExportError(f"TensorFlow's {op} takes {arg.name} as "
                                      f"{dt.as_dtype(arg.type).name}, not {r.dtype.name}")
            nd.input.extend(r.name for r in refs)
            handles += [r.name for r in refs if r.dtype is dt.resource]
            if arg.number_attr:
                values.setdefault(arg.number_attr, len(refs))
            if arg.type_list_attr:
                values.setdefault(arg.type_list_attr, [r.dtype for r in refs])
            if arg.type_attr and refs:
                types.setdefault(arg.type_attr, refs[0].dtype)
        for k, v in types.items():
            values.setdefault(k, v)
        kinds = {a.name: a.type for a in opdef.attr}
        for key, v in values.items():
            if key.startswith("_"):
                set_attr(nd.attr[key], _private_kind(v), v)
                continue
            if key not in kinds:
                raise ExportError(f"TensorFlow op {op} has no attribute {key}")
            if kinds[key] in ("func", "list(func)"):
                v = self._function_names(v)
            set_attr(nd.attr[key], kinds[key], v)
        if op in CALL_OPS and "config_proto" not in values:  # (a raw op's keeps its own)
            mark_call(nd.attr)
        for a in opdef.attr:
            if a.name not in nd.attr and not a.HasField("default_value"):
                raise ExportError(f"TensorFlow op {op} needs attribute {a.name}")
            _check_allowed(op, a, nd.attr.get(a.name))
        by_resource = self.branch is not None or self.by_resource
        touching, self.touching = self.touching, []
        if _is_effect(op) and by_resource and op in _UNORDERED:
            self.unordered = True  # (stateful, but no control output of TF's: a draw)
        elif by_resource and handles and _makes_dataset(opdef):
            # (a dataset stage passing its function a resource: ordered by it, not listed)
            self._order_by_resource(nd, op, handles)
        elif _is_effect(op):
            if by_resource and touching:
                self._order_by_resource(nd, op, handles + touching, by_name=True)
            elif by_resource:
                self._order_by_resource(nd, op, handles)
            elif self._last_effect is not None:
                nd.input.append("^" + self._last_effect)
            self._last_effect = nd.name
            self.effects.append(nd.name)
        out = []
        full = tf_ops.with_defaults(op, nd.attr)
        for arg in opdef.output_arg:
            n = tf_ops.arg_length(arg, full)
            for i in range(n):
                if arg.type:
                    d = dt.as_dtype(arg.type)
                elif arg.type_attr:
                    d = dt.as_dtype(full[arg.type_attr].type)
                else:
                    d = dt.as_dtype(full[arg.type_list_attr].list.type[i])
                out.append(Ref(f"{nd.name}:{arg.name}:{i}", d))
        self.made.extend(out)
        return out

    # -- writing a graph ----------------------------------------------------------------------
    def take_arg_consts(self, op: Any) -> None:
        """Readies the constants `op`'s lowering makes to be its graph's argument constants
        (TF's graph's nodes of them: graph/arg_consts.py)."""
        if op.tf_inputs is not None:
            mine = {id(x) for x in op.inputs}
            self._arg_consts = [t for t in op.tf_inputs
                                if id(t) not in mine and hasattr(t, "_op")]

    def write_graph(self, graph: Any, outputs: list) -> None:
        self.consumed = {id(x) for op in graph.operations for x in op.inputs}
        self.consumed.update(id(t) for t in outputs)
        for op in graph.operations:
            if op.type == "Placeholder" and id(op.outputs[0]) in self._refs:
                continue  # an input argument
            if op.op is CONTROL_NO_OP or (id(op) in graph.shown_only and
                                          id(op.outputs[0]) not in self.consumed):
                # what only shows the graph as TF's: TF's loader makes its own control
                # outputs, and the lowerings their constants
                continue
            self._current = op
            eager = self.eager_caps.get(id(op.outputs[0])) if op.outputs else None
            if eager is not None:  # a captured eager tensor: an argument bound to it
                self._refs[id(op.outputs[0])] = self.capture(eager)
                continue
            if op.type == "Const" and op.outputs[0]._dtype is dt.resource:
                # a variable's handle (`v.handle`, captured as it is): its resource argument
                self._refs[id(op.outputs[0])] = self._handle_arg(op)
                continue
            state = self.written()
            self.take_arg_consts(op)
            try:
                refs = self.library.lower(self, op)
            except ExportError as e:
                if not self.library.lenient:
                    raise ExportError(f"{e} (operation {op.name!r} of type {op.type} in "
                                      f"function {self.fdef.signature.name})") from None
                self.unwrite(state)
                refs = self.own_form(op)
            finally:
                self._arg_consts = []
            for t, r in zip(op.outputs, refs):
                if r is not None:
                    r.shape = t._shape
                    self._refs[id(t)] = r
        self._current = None
        self.finish([self.ref(t) for t in outputs])

    def _handle_arg(self, op: Any) -> Ref:
        var = variable_of(op.outputs[0])
        if var is None:
            raise ExportError(f"Tried to export a function which returns or uses the resource "
                              f"tensor {op.name!r}, which names no variable of the object "
                              "saved")
        return self.resource(var)

    def _order_by_resource(self, nd: Any, op: str, handles: list,
                           by_name: bool = False) -> None:
        """A branch's stateful node `nd` ordered as TF's automatic control dependencies
        order it: after the last write of each resource it takes, a write after the reads
        of it since; one that takes none after the last such node. `by_name`: its control
        inputs sorted by name (as TF's FunctionDef lists a reduction's)."""
        controls: list = []
        for res in dict.fromkeys(handles):
            if res in self._res_write:
                controls.append(self._res_write[res])
            if op in _RESOURCE_READS:
                self._res_reads.setdefault(res, []).append(nd.name)
            else:
                controls += self._res_reads.pop(res, [])
                self._res_write[res] = nd.name
        if not handles:
            if None in self._res_write:
                controls.append(self._res_write[None])
            self._res_write[None] = nd.name
        controls = [c for c in dict.fromkeys(controls) if c != nd.name]
        if by_name:
            controls.sort()
        nd.input.extend(f"^{c}" for c in controls)

    # -- a listing's stand-in for an operation TF has no form for ---------------------------
    def written(self) -> tuple:
        """Where the writing stands (for `unwrite`)."""
        return (len(self.fdef.node_def), len(self.effects), self._last_effect, len(self.made),
                dict(self._res_write), {k: list(v) for k, v in self._res_reads.items()})

    def unwrite(self, state: tuple) -> None:
        """Drops the nodes written since `state` (a lowering that failed half way)."""
        n_nodes, n_effects, last, n_made, self._res_write, self._res_reads = state
        del self.made[n_made:]
        for nd in self.fdef.node_def[n_nodes:]:
            self._used.discard(nd.name)
        del self.fdef.node_def[n_nodes:]
        del self.effects[n_effects:]
        self._last_effect = last

    def own_form(self, op: Any) -> list:
        """`op` as a node of its eagerflow type: its tensor inputs and the attributes a
        GraphDef can hold (where a listing, not a SavedModel, is written: TF refuses the
        node by its type when it reads it)."""
        nd = self.fdef.node_def.add(name=self.unique(op.name), op=op.type)
        nd.input.extend(self.ref(x).name for x in op.inputs)
        for key, value in sorted(op.attrs.items()):
            if not key.startswith("_"):
                plain_attr(nd.attr, key, value)
        refs = [Ref(f"{nd.name}:output:{i}", t._dtype, t._shape)
                for i, t in enumerate(op.outputs)]
        self.made.extend(refs)
        return refs


def _check_allowed(op: str, a: Any, av: Any) -> None:
    """TF refuses to load a node whose attr is outside the op's allowed values."""
    allowed = a.allowed_values.list if a.HasField("allowed_values") else None
    if av is None or allowed is None:
        return
    if a.type in ("type", "list(type)"):
        given = [av.type] if a.type == "type" else list(av.list.type)
        bad = [t for t in given if t not in allowed.type]
        if bad:
            names = ", ".join(dt.as_dtype(t).name for t in allowed.type)
            raise ExportError(f"TensorFlow's {op} takes {a.name} in ({names}), not "
                              f"{dt.as_dtype(bad[0]).name}")
    elif a.type == "string" and av.s not in allowed.s:
        raise ExportError(f"TensorFlow's {op} takes {a.name} in "
                          f"{[v.decode() for v in allowed.s]}, not {av.s.decode()!r}")


def _shape(t: Any) -> Any:
    return t.shape._dims if is_variable(t) else t._shape


def _dtype(t: Any) -> Any:
    return t.dtype if is_variable(t) else t._dtype


def _private_kind(v: Any) -> str:
    """The attr type of a private ("_"-named) attr's Python value."""
    if isinstance(v, (list, tuple)):
        return "list(int)"
    return "bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "string"


def _says_nothing(v: Any) -> bool:
    """An attr TF has no place for may be dropped when it holds a dtype (the tensors'
    dtypes say it) or an empty value."""
    return isinstance(v, dt.DType) or v is None or (type(v) in (tuple, list, bool, int, str)
                                                     and not v)


def _partial(v: Any) -> bool:
    return v is None or (isinstance(v, (tuple, list)) and any(e is None for e in v))


def generic_export(w: FunctionWriter, op: Any, form: Any) -> list:
    """One TF node of the op's name: tensor inputs in order, attrs by name (through the
    form's `names`); attrs that are TF input arguments become constants, or the op's
    trailing runtime inputs where the attr is only partly known."""
    try:
        opdef = tf_ops.op_def(op.type)
    except KeyError:
        raise ExportError("eagerflow has no TensorFlow form for this op") from None
    names = form.names if form is not None else {}
    attrs = dict(op.attrs)
    if op.op.stateful:  # (which kernel instance draws: TF's node is its own instance)
        attrs.pop("node", None)
    for key, value in (form.fixed.items() if form is not None else ()):
        if attrs.pop(key, value) != value:
            raise ExportError(f"TensorFlow's {op.type} has no {key}: only {key}={value!r} "
                              "can be written")
    tf_name = {k: names.get(k, k) for k in attrs}
    by_tf = {v: k for k, v in tf_name.items()}
    tensors = [w.ref(x) for x in op.inputs if not is_variable(x)]
    attr_args = [a for a in opdef.input_arg if a.name in by_tf]
    dyn_args = [a for a in attr_args if _partial(attrs[by_tf[a.name]])]
    if dyn_args:
        dyn = dict(zip((a.name for a in dyn_args), tensors[len(tensors) - len(dyn_args):]))
        tensors = tensors[:len(tensors) - len(dyn_args)]
    else:
        dyn = {}
    plain = [a for a in opdef.input_arg if a.name not in by_tf]
    lists = [a for a in plain if a.number_attr or a.type_list_attr]
    n_list = len(tensors) - (len(plain) - len(lists))
    sizes = list_input_sizes(lists, attrs, by_tf, n_list)
    if sizes is None or n_list < 0 or (not lists and n_list):
        raise ExportError(f"can't match its {len(op.inputs)} inputs to TensorFlow's "
                          f"{[a.name for a in opdef.input_arg]}")
    kinds = {a.name: a for a in opdef.attr}
    inputs, it = [], iter(tensors)
    bound_types: dict = {}
    for arg in opdef.input_arg:
        if arg.name in dyn:
            inputs.append(dyn[arg.name])
        elif arg.name in by_tf:
            value, dtype = attrs[by_tf[arg.name]], _const_dtype(arg, kinds, bound_types)
            if dtype is None and isinstance(value, (tuple, list)) and not value:
                dtype = dt.int32  # an empty shape (a scalar's): NumPy would make it float64
            inputs.append(w.const(value, dtype, name=f"{op.name}/{arg.name}"))
        elif arg.number_attr or arg.type_list_attr:
            inputs.append([next(it) for _ in range(sizes[arg.name])])
            if arg.type_list_attr:  # (its dtypes: ParseExampleV2's Tdense, its defaults')
                bound_types.setdefault(arg.type_list_attr, [r.dtype for r in inputs[-1]])
        else:
            inputs.append(next(it))
        first = inputs[-1][0] if isinstance(inputs[-1], list) and inputs[-1] else inputs[-1]
        if arg.type_attr and not isinstance(first, list):
            bound_types.setdefault(arg.type_attr, first.dtype)
    input_names = {a.name for a in opdef.input_arg}
    values = {}
    for key, v in attrs.items():
        t = tf_name[key]
        if t in kinds:
            if v is not None or kinds[t].type == "shape":  # None: a shape of unknown rank
                values[t] = v
        elif t not in input_names and not _says_nothing(v):
            raise ExportError(f"TensorFlow's {op.type} has no attribute or input for "
                              f"eagerflow's {key}={v!r}")
    if form is not None:
        values.update(form.tf_attrs)
    for key, v in bound_types.items():
        if isinstance(v, list):  # a type list the inputs determine
            values.setdefault(key, v)
    # attributes only the outputs determine (Cast's DstT, Shape's out_type, SplitV's count)
    outs = op.outputs
    fixed = sum(1 for a in opdef.output_arg if not (a.number_attr or a.type_list_attr))
    k = 0
    for arg in opdef.output_arg:
        n = len(outs) - fixed if arg.number_attr or arg.type_list_attr else 1
        if arg.number_attr:
            values.setdefault(arg.number_attr, n)
        if arg.type_list_attr:
            values.setdefault(arg.type_list_attr, [t._dtype for t in outs[k:k + n]])
        if arg.type_attr and arg.type_attr not in values and arg.type_attr not in bound_types \
                and k < len(outs):
            values[arg.type_attr] = outs[k]._dtype
        k += n
    return w.node(op.type, inputs, values, name=op.name)


def _const_dtype(arg: Any, kinds: dict, bound: dict) -> Any:
    if arg.type:
        return dt.as_dtype(arg.type)
    a = kinds.get(arg.type_attr)
    if arg.type_attr in bound:
        return bound[arg.type_attr]
    if a is not None and a.HasField("default_value"):
        return dt.as_dtype(a.default_value.type)
    return None


def _const_array(value: Any) -> Any:
    """A Const node's value as the writer takes it: tf.constant's is an array already;
    tf.raw_ops.Const's is the TensorProto its caller made (TF's or tensorboard's)."""
    if hasattr(value, "tensor_shape") and hasattr(value, "SerializeToString"):
        return np.array(tp.to_ndarray(value))
    return value


def _held(obj: Any) -> Any:
    """What a captured resource object holds: a table's or a writer's state, the state a
    user's TrackableResource's handle names (its `_create_resource` made it by raw ops),
    or the object itself."""
    state = getattr(obj, "_state", None)
    if state is not None:
        return state
    handle = getattr(obj, "_handle", None) if isinstance(obj, TrackableResource) else None
    if not isinstance(handle, EagerTensor):
        return obj
    return handle._arr.item().resource() or obj
