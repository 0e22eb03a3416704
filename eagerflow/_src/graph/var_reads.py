"""Variable reads, writes and captures in graphs, named as TF 2.21 names them.

Sits in graph/, below ir.py, whose Graph mixes `VariableAccess` in. A variable is state
outside the graph: the graph's ReadVariableOp and Assign*VariableOp nodes take the
variable itself as their input (so kernels, generated code, gradients and SavedModel
export find it there). What a user sees of them follows TF:

- a read made while an op's inputs are converted (`tf.matmul(x, v)`, `x + v`) is named
  under that op's name scope ("MatMul/ReadVariableOp"), as TF's op wrappers convert their
  inputs inside the scope. eagerflow's public functions convert before `bind`, so such a
  read is made *pending* and takes its name (and its place, just before the op) from the
  first op that consumes it; one that no op consumes is named "ReadVariableOp" where it
  was made when the graph's operations are next listed;
- a read by the variable's own API (`v.value()`, a variable's operator, `tf.convert_to_
  tensor(v)`) is "ReadVariableOp" at once, `v.read_value()` "Read/ReadVariableOp";
- a tf.function's graph captures each variable it touches through a resource
  placeholder, named after the first node that touches it ("MatMul/ReadVariableOp/
  resource", "AssignVariableOp/resource"). The placeholder is listed by
  `get_operations()`, `get_operation_by_name` and `as_graph_def()` just before that node,
  but kept out of `Graph.operations` (what passes, code generation and export walk): the
  nodes that use the variable reference it directly.

Names are made while the graph is traced only: a traced call runs generated code that
never sees them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import host_only, lookup, to_device
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    shape_str,
)
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.graph.captures import UIDS
from eagerflow._src.graph.creation_stack import user_frames
from eagerflow._src.graph.shape_errors import merge_text
from eagerflow._src.ops import dispatch
from eagerflow._src.ops.checks import dt_enum
from eagerflow._src.ops.registry import OpDef


def _held_shape(var: Any) -> tuple | None:
    """The shape of the value `var` holds; None before it has one (a TF 1 graph's
    variable, which its initializer's Assign gives one)."""
    try:
        return var._arr.shape
    except FailedPreconditionError:
        return None


def _assign_kernel(mode: str) -> Any:
    def kernel(xp: Any, value: Any, var: Any, validate_shape: bool = False) -> tuple:
        value = to_device(value, lookup(var._device))  # a value from another device: copied
        if validate_shape and mode == "set" and _held_shape(var) not in (None, value.shape):
            # (an imported TF 1 Assign's check: ref_import.py keeps its validate_shape)
            raise InvalidArgumentError(
                None, None, f"Assign requires shapes of both tensors to match. lhs shape= "
                            f"{shape_str(_held_shape(var))} rhs shape= {shape_str(value.shape)}")
        if mode == "set":
            # (a TF 1 graph's variable has no value before its initializer sets one)
            dtype = getattr(var, "_np_dtype", None) or var._arr.dtype
            var._arr = value.astype(dtype, copy=False)
            return ()
        cur = var._arr
        new = cur + value if mode == "add" else cur - value
        var._arr = new.astype(cur.dtype, copy=False)
        return ()
    return kernel


ASSIGN = {
    mode: OpDef(name, lambda value, var, **_a: [], _assign_kernel(mode), num_outputs=0,
                stateful=True)
    for mode, name in (("set", "AssignVariableOp"), ("add", "AssignAddVariableOp"),
                       ("sub", "AssignSubVariableOp"))
}


def _read_kernel(xp: Any, var: Any) -> Any:
    arr = var._arr
    if xp is np and type(arr) is not np.ndarray:
        return to_host(arr)  # a GPU variable read by a function running on the CPU
    if xp is not np and type(arr) is np.ndarray and not host_only(arr.dtype):
        return xp.asarray(arr)  # a CPU variable read by a function running on a GPU
    return arr


READ_VAR = OpDef("ReadVariableOp", lambda var: [(var.shape._dims, dt.as_dtype(var.dtype))],
                 _read_kernel, grad=lambda n, g: [g], no_fold=True)


def _no_kernel(xp: Any, var: Any) -> Any:
    return var


# The resource placeholder a function's graph captures a variable with (TF's
# "<node>/resource", dtype resource). Only listed, never run (see the module's docstring).
RESOURCE = OpDef("Placeholder", lambda var: [((), dt.resource)], _no_kernel, no_fold=True)

_READ = "ReadVariableOp"


class VariableAccess:
    """Graph's reads and writes of variables, and the names TF gives them (mixed into
    ir.Graph, which defines unique_name, _new_op and _detached_op)."""

    def _init_variable_access(self) -> None:
        self.variable_map: dict[int, Any] = {}        # id(var) -> var, for vars read or written
        self.read_vars: dict[int, Any] = {}          # id(var) -> var, for vars read
        self._pending_reads: list = []               # conversion reads waiting for their op
        self._resources: dict[int, Any] = {}         # id(var) -> its resource placeholder
        self._listed_before: dict[int, list] = {}    # id(node) -> placeholders shown before it
        self._placeheld: dict[int, Any] = {}         # id(placeholder) -> what it captures
        self.last_assign: Any = None                 # the newest assign node (read_value=False)

    @property
    def variables(self) -> tuple:
        """The variables it reads or writes, first touched first (TF's FuncGraph.variables;
        `variable_map` keys them by id)."""
        return tuple(self.variable_map.values())

    @property
    def trainable_variables(self) -> tuple:
        return tuple(v for v in self.variable_map.values() if v.trainable)

    def read_variable(self, var: Any, name: str | None = None,
                      scope: str | None = None, placed: bool = False) -> Any:
        """A ReadVariableOp of `var`. `name`: its name (made unique under the name scopes);
        `scope`: a name scope taken first, the read named "ReadVariableOp" in it
        ("Read/ReadVariableOp"); neither: a conversion's read, named by the op that
        consumes it (see the module's docstring). Only a read in a `scope` (read_value's)
        or `placed` (a raw ReadVariableOp) records the device scopes' device: TF makes
        the others (conversions, value(), operators) under colocate_with(None,
        ignore_existing=True), outside every device scope."""
        self.variable_map.setdefault(id(var), var)
        self.read_vars.setdefault(id(var), var)
        # (a reference variable's read is of its base dtype: float32, not float32_ref)
        specs = [(var.shape._dims, dt.as_dtype(var.dtype).base_dtype)]
        if name is None and scope is None:
            # (its name for now: what it is called if no op consumes it, not yet taken;
            # op callbacks see it once it has its name and place: _named_read)
            node = self._new_op(READ_VAR, (var,), {}, specs,
                                self.unique_name(_READ, mark=False) + "/", observed=False)
            self._pending_reads.append(node)
        else:
            if scope is not None:
                name = self.unique_name(scope) + "/" + _READ
                full = self.unique_name(name, scoped=False)
            else:
                full = self.unique_name(name)
            node = self._new_op(READ_VAR, (var,), {}, specs, full + "/")
            self._capture_resource(var, node)
        if scope is None and not placed:
            node._device = ""
        node.origin = user_frames()
        _taped(var, node)
        return node.outputs[0]

    def assign_variable(self, var: Any, value: Any, mode: str) -> Any:
        self.variable_map.setdefault(id(var), var)
        if self._pending_reads:  # `w.assign(v)`: v is read by w's API, before the assign
            self.settle_reads()
        op = ASSIGN[mode]
        name = self.unique_name(op.name)
        # (TF's op captures the handle, its first input, before the value it assigns: a
        # branch's or body's arguments come in that order)
        ph = self._capture_resource(var, None, user=name)
        value = self.capture(value)
        if mode != "set":
            self._check_update(var, value, name, op.name)
        node = self._new_op(op, (value,), {"var": var}, [], name + "/")
        if ph is not None:
            self._listed_before.setdefault(id(node), []).append(ph)
        node.origin = user_frames()
        self.last_assign = node
        return var

    def gather_variable(self, op: OpDef, var: Any, indices: Any, name: str,
                        colocate: bool = False) -> Any:
        """TF's ResourceGather (`op`, ops/indexing.py) of rows `indices` of `var`, named as
        TF's `sparse_read` names it: the scope `name` opens ("Gather", "Gather_1"; one
        ending in "/" taken exactly), the variable captured first by a placeholder
        "<node>/resource" listed before the node and the constant of its indices.
        `colocate`: an embedding lookup's, which captures the handle under its scope by
        TF's unique id ("embedding_lookup/<uid>") and colocates the node with it."""
        self.variable_map.setdefault(id(var), var)
        self.read_vars.setdefault(id(var), var)
        node_name = name[:-1] if name.endswith("/") else self.unique_name(name)
        start = len(self.operations)
        dtype = dt.as_dtype(var.dtype)
        self._check_gather(var, indices, node_name, colocate)
        attrs = {"batch_dims": 0, "validate_indices": True, "dtype": dtype,
                 "Tindices": getattr(indices, "_dtype", None)}
        out = self.add_op(op, (var, indices), attrs, node_name + "/")[0]
        node = out._op
        if attrs["Tindices"] is None:
            attrs["Tindices"] = node.inputs[1]._dtype
        first = self.operations[start] if start < len(self.operations) else node
        self._capture_resource(var, first, str(next(UIDS)) if colocate else "resource",
                               node.name)
        if colocate:  # (with the captured handle, or a TF 1 graph's VarHandleOp)
            handle = self._resources[id(var)] if self.building_function else var._handle_op
            attrs["_class"] = [f"loc:@{handle.name}".encode()]
        node.origin = user_frames()
        _taped(var, node)
        return out

    def _check_update(self, var: Any, value: Any, node: str, op: str) -> None:
        """TF's shape function's refusal of an AssignAdd/AssignSubVariableOp whose value
        does not merge with the variable's shape (no broadcasting), naming the handle TF
        captured first and the value's node."""
        have, got = var.shape._dims, value._shape
        if have is None or got is None or var.shape.is_compatible_with(got):
            return
        handle = self._resources[id(var)].name if self.building_function else var.name
        shown = value._op.name if value._index == 0 else f"{value._op.name}:{value._index}"
        raise ValueError(f"{merge_text(have, got)} for '{{{{node {node}}}}} = {op}[dtype="
                         f"{dt_enum(dt.as_dtype(var.dtype))}]({handle}, {shown})' with input "
                         f"shapes: [], {shape_str(got)}.")

    def _check_gather(self, var: Any, indices: Any, node: str, colocate: bool) -> None:
        """TF's refusals of a ResourceGather while the graph is built: its signature's
        TypeError for indices of another dtype, its shape function's ValueError for a
        scalar variable (naming the handle TF captured first)."""
        idx = indices._dtype
        if idx not in (dt.int32, dt.int64):
            raise TypeError(f"Value passed to parameter 'indices' has DataType {idx.name} not "
                            "in list of allowed values: int32, int64")
        if var.shape._dims != ():
            return
        self._capture_resource(var, self, str(next(UIDS)) if colocate else "resource", node)
        handle = self._resources[id(var)].name if self.building_function else var.name
        op = getattr(indices, "_op", None)
        shown = f"{node}/indices" if op is None else \
            op.name if indices._index == 0 else f"{op.name}:{indices._index}"
        form = (f"ResourceGather[Tindices={dt_enum(idx)}, batch_dims=0, "
                f"dtype={dt_enum(dt.as_dtype(var.dtype))}, validate_indices=true]")
        raise ValueError(f"Shape must be at least rank 1 but is rank 0 for '{{{{node {node}}}}} "
                         f"= {form}({handle}, {shown})' with input shapes: [], "
                         f"{'?' if indices._shape is None else shape_str(indices._shape)}.")

    # -- names -------------------------------------------------------------------------
    def claim_reads(self, inputs: tuple, consumer: str) -> int:
        """The pending reads among `inputs` named under the op about to be made, `consumer`
        (its node name), in input order, and moved to the end of the operations (the op's
        own argument constants are put among them in TF's order: arg_consts.py); returns
        how many nodes that end holds (the reads and what op callbacks added after them)."""
        pending = self._pending_reads
        claimed, before = 0, len(self.operations)
        for x in inputs:
            node = getattr(x, "_op", None)
            if node is None or node.op is not READ_VAR:
                continue
            for i, p in enumerate(pending):
                if p is node:
                    del pending[i]
                    node.name = self.unique_name(f"{consumer}/{_READ}", scoped=False)
                    self._move_to_end(node)
                    self._named_read(node)
                    claimed += 1
                    break
        return claimed + len(self.operations) - before

    def _move_to_end(self, node: Any) -> None:
        """`node` moved to the end of the operations, with what was made on its outputs
        since, in their order (op callbacks see the read only once it is named here)."""
        ops = self.operations
        j = len(ops) - 1
        while ops[j] is not node:  # (it is near the end)
            j -= 1
        outs = {id(t) for t in node.outputs}
        moved = [node] + [o for o in ops[j + 1:] if any(id(x) in outs for x in o.inputs)]
        ids = {id(o) for o in moved}
        ops[j:] = [o for o in ops[j:] if id(o) not in ids] + moved

    def settle_reads(self) -> None:
        """The pending reads named where they were made ("ReadVariableOp", unique then):
        reads no op consumed, or that are a function's or a branch's results."""
        while self._pending_reads:
            self.settle_read(self._pending_reads[0].outputs[0])

    def settle_read(self, t: Any) -> Any:
        """`t`, named where it was made if it is a pending read (a variable converted by an
        API that reads it outside any op: tf.convert_to_tensor, tf.add_n)."""
        node = getattr(t, "_op", None)
        pending = self._pending_reads
        for i, p in enumerate(pending):
            if p is node:
                del pending[i]
                node.name = self.unique_name(node.name, scoped=False)
                self._named_read(node)
                break
        return t

    def _named_read(self, node: Any) -> None:
        """A pending read given its name: its variable captured, and the read handed to
        op callbacks (tfdbg's probes of it named under its name, as TF's, and made after
        it where it now stands)."""
        self._capture_resource(node.inputs[0], node)
        if dispatch._OBSERVE[0]:
            dispatch.graph_op_made(node)

    def _capture_resource(self, var: Any, node: Any, arg: str = "resource",
                          user: str | None = None, outer: Any = None) -> Any:
        """`var` captured by a function's graph, when `node` is the first to touch it: a
        resource placeholder "<node>/<arg>" (TF's name of the node's input it feeds)
        listed before it (`user`: that node's name, where `node` is a constant made for
        it before it, or None: the node is yet to be made, and lists the placeholder
        returned). `outer`: what `captures` lists for it (a table's handle tensor), `var`
        when None."""
        if not self.building_function or id(var) in self._resources:
            return None
        user = node.name if user is None else user
        ph = self._resource_placeholder(var, f"{user}/{arg}" if user else arg)
        # The handle is the op's first input, which TF converts (and captures) before the
        # others: it goes before the eager tensors captured for that op's later inputs
        # ("<op>/default_value"), which eagerflow converted before making the op.
        at = len(self.capture_list)
        while at and self.capture_list[at - 1][1].name.startswith(user + "/"):
            at -= 1
        self.capture_list.insert(at, (var if outer is None else outer, ph.outputs[0]))
        if node is not None:
            self._listed_before.setdefault(id(node), []).append(ph)
        return ph

    def capture_called(self, node: Any, variables: list, start: int, callee: list) -> None:
        """The variables a called function reads (`node`: the call), captured where it is
        the first node to touch them, as TF's caller captures their handles: each by a
        placeholder named by TF's unique id. TF's caller captures what the callee
        captured (`callee`: its capture_list) in the callee's order: so are the captures
        made from `start` on for the call listed, each variable's placeholder before the
        first tensor captured after it, else before the call."""
        for var in variables:
            self._capture_resource(var, node, str(next(UIDS)), "")
        order = {id(o): i for i, (o, _) in enumerate(callee)}
        made = sorted(self.capture_list[start:],
                      key=lambda pair: order.get(id(pair[0]), len(order)))
        self.capture_list[start:] = made
        held = self._listed_before.get(id(node), [])
        held_ids, moved, pending = {id(ph) for ph in held}, set(), []
        for o, t in made:
            if id(t.op) in held_ids:
                pending.append(t.op)
            elif pending and type(o) is EagerTensor:  # (its Const or placeholder, made here)
                self._listed_before.setdefault(id(t.op), []).extend(pending)
                moved.update(id(ph) for ph in pending)
                pending = []
        self._listed_before[id(node)] = [ph for ph in held if id(ph) not in moved]

    def capture_bound(self, var: Any, name: str, outer: Any = None) -> Any:
        """`var` bound to argument `name` of an imported function none of whose nodes
        touches it (one passing it on to a function it calls, a signature's wrapper): its
        resource placeholder of that name, listed among the captures, as TF's imported
        graph takes every argument by a placeholder (`outer`: what `captures` lists for
        it, a table's handle tensor; `var` when None)."""
        if id(var) in self._resources:
            return self._resources[id(var)]
        ph = self._resource_placeholder(var, name)
        self.capture_list.append((var if outer is None else outer, ph.outputs[0]))
        return ph

    def _resource_placeholder(self, var: Any, name: str) -> Any:
        """A resource placeholder named `name` (made unique) that captures `var`."""
        ph = self._detached_op(RESOURCE, {"shape": (), "dtype": dt.resource},
                               [((), dt.resource)], self.unique_name(name, scoped=False))
        self._resources[id(var)] = ph
        self._placeheld[id(ph)] = var
        return ph

    def capture_passed(self, node: Any, variables: list) -> None:
        """The variables an If or While (`node`) passes to its branches or body, captured
        where it is the first node to touch them: `variables` (variable, k) pairs, named
        "cond/input_<k>" (k: its place in the `input` list of TF's op)."""
        for var, k in variables:
            self._capture_resource(var, node, f"input_{k}")

    def listed_operations(self) -> list:
        """The operations as TF lists them: with the resource placeholders, each before
        the node that captured its variable (pending reads named first)."""
        if self._pending_reads:
            self.settle_reads()
        before = self._listed_before
        if not before:
            return list(self.operations)
        out = []
        for node in self.operations:
            phs = before.get(id(node))
            if phs is not None:
                out.extend(phs)
            out.append(node)
        return out


def _taped(var: Any, node: Any) -> None:
    """A read of `var` by `node`, told to the tapes recording (they watch it and record it)."""
    for tape in list(_state.tapes or ()):
        tape._on_variable_read(var)
        tape._record(node)
