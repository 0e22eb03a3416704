"""The graph IR: Graph and Operation (their outputs, SymbolicTensors, are in
symbolic_tensor.py).

Sits above ops/ (it holds OpDefs) and below function/. A Graph is what tracing
builds: `ops.dispatch.bind` hands each op to `Graph.add_op`, which validates it
with the OpDef's `infer` and returns symbolic outputs. Variables are read and
written through `read_variable` / `assign_variable`, so their state stays outside
the graph (captured by reference), as TF's resource variables.

Eager tensors used while tracing become `Const` operations; a tf.function's graph
captures those that existed before its trace as TF does (graph/captures.py); symbolic
tensors of an enclosing graph (a cond branch reading a tensor of its function) become
placeholders of the inner graph, listed in `_captures`.
"""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, restoring
from eagerflow._src.core.device import device, device_function_scope, host_only, op_device
from eagerflow._src.core.errors import (
    InvalidArgumentError,
)
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.py_conversion import list_value_error
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    is_scalar_operand,
)
from eagerflow._src.graph import arg_consts
from eagerflow._src.graph.captures import CaptureAccess
from eagerflow._src.graph.creation_stack import (  # noqa: F401 (re-exported)
    frame_lines,
    frames,
    user_frame,
    user_frames,
)
from eagerflow._src.graph.interpreter import any_ancestor, evaluate
from eagerflow._src.graph.shape_errors import is_shape_error, mismatched_dims, shape_error
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor, WeakSymbolicTensor
from eagerflow._src.graph.type_errors import input_arg_names, signature_type_error
from eagerflow._src.graph.var_reads import (  # noqa: F401 (ASSIGN, RESOURCE re-exported)
    ASSIGN,
    READ_VAR,
    RESOURCE,
    VariableAccess,
)
from eagerflow._src.ops import dispatch
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.registry import OpDef
from eagerflow._src.ops.runtime_raw_ops import NO_OP  # (tf.no_op's and tf.group's node)

traceback = lazy_module("traceback")  # (Operation.traceback: read when asked)

# ---------------------------------------------------------------------------------------
# Graph-only ops: inputs, constants and variable access. They are not registered (the
# registry suites run samples through them only via graphs).
# ---------------------------------------------------------------------------------------


def _placeholder_kernel(xp: Any, shape: Any, dtype: Any) -> Any:
    raise InvalidArgumentError(None, None, f"You must feed a value for placeholder tensor with "
                                           f"dtype {dtype.name}")


PLACEHOLDER = OpDef("Placeholder", lambda shape, dtype: [(shape, dtype)], _placeholder_kernel,
                    no_fold=True)


def _const_kernel(xp: Any, value: Any, dtype: Any) -> Any:
    """A constant's value as an array of the device the graph runs on (host-only data,
    strings, stays on the host)."""
    if xp is np or type(value) is not np.ndarray or host_only(value.dtype):
        return value
    return xp.asarray(value)


CONST = OpDef("Const", lambda value, dtype: [(value.shape, dtype)], _const_kernel, no_fold=True,
              fold=lambda node, value_of: np.asarray(node.attrs["value"]).tolist(),
              tf_const_fold=True, tf_shape_fold=True)


def has_effects(op: OpDef) -> bool:
    """Stateful ops: random, print, assign, asserts, calls of functions with effects."""
    return op.stateful


# ---------------------------------------------------------------------------------------
# Values known while a graph is built.
# ---------------------------------------------------------------------------------------

def known_value(t: SymbolicTensor) -> np.ndarray | None:
    """The value of `t` when it is known while its graph is built (a host array): its
    ancestors read no placeholder, variable or stateful op (constants, static shapes and
    arithmetic on them). None otherwise."""
    if t._op.op is CONST:
        return np.asarray(t._op.attrs["value"])
    if any_ancestor(t, lambda o: o.op is PLACEHOLDER or o.op is READ_VAR or o.op.stateful):
        return None
    try:
        return np.asarray(to_host(evaluate([t])[0]))
    except Exception:  # noqa: BLE001 (a value that can't be had is not known)
        return None


# ---------------------------------------------------------------------------------------
# Operations and graphs.
# ---------------------------------------------------------------------------------------

class Operation:
    """A node: an OpDef applied to inputs with attrs, producing symbolic outputs.

    It has the attributes gradient functions read (`inputs`, `outputs`, `attrs`, `op`), so a
    graph's operations can be differentiated like the nodes a tape records.
    """

    __slots__ = ("graph", "op", "inputs", "outputs", "attrs", "name", "_id", "origin", "needs",
                 "_control_inputs", "tf_inputs", "scope", "_device")

    _ids = itertools.count()

    def __init__(self, graph: Graph, op: OpDef, inputs: tuple, attrs: dict, name: str) -> None:
        self.graph = graph
        self.op = op
        self.inputs = inputs
        self.attrs = attrs
        self.name = name
        self.outputs: tuple = ()
        self._id = next(Operation._ids)
        self.origin: tuple | None = None  # user_frames() where it was made
        self.needs: Any = None  # set by tapes, like dispatch.Node's
        # the name scopes it was made in (TF's forward pass name scope: a GradientTape
        # names the op's gradient under "gradient_tape/<them>/")
        self.scope: list = _state.name_scopes
        # the operations that run first (a TF 1 graph's control dependencies: a Session
        # runs what a fetch needs, by data or by control)
        self._control_inputs: tuple = ()
        # TF's inputs of the node where they are more than `inputs`: the constants TF
        # makes for arguments the op holds as attrs, in TF's order (graph/arg_consts.py)
        self.tf_inputs: tuple | None = None
        # the device its scopes named when it was made (TF's op.device: set by _new_op),
        # checked where the graph runs, not here
        self._device = ""

    @property
    def type(self) -> str:
        return self.op.name

    @property
    def traceback(self) -> traceback.StackSummary:
        """Where user code made this operation, outermost frame first (TF's op.traceback,
        without TF's own frames)."""
        # (TF's frames carry no source line: a printed stack shows none)
        return traceback.StackSummary.from_list([(f, n, fn, "") for f, n, fn in
                                                 frames(self.origin)])

    @property
    def control_inputs(self) -> list:
        return list(self._control_inputs)

    def _add_control_inputs(self, ops: Any) -> None:
        new = [o for o in ops if all(o is not c for c in self._control_inputs)]
        self._control_inputs = self._control_inputs + tuple(new)

    @property
    def device(self) -> str:
        return self._device

    def values(self) -> tuple:
        return self.outputs

    def get_attr(self, name: str) -> Any:
        try:
            return self.attrs[name]
        except KeyError:
            raise ValueError(f"Operation '{self.name}' has no attr named '{name}'.") from None

    @property
    def node_def(self) -> Any:
        return NodeDef(self)

    def __repr__(self) -> str:
        return f"<tf.Operation '{self.name}' type={self.type}>"

    def __str__(self) -> str:
        return str(NodeDef(self))


def _handle_name(node: Operation, x: Any) -> str:
    """How a node's NodeDef names a variable it takes: the resource placeholder its
    function's graph captured it with (graph/var_reads.py), else the variable's name."""
    ph = getattr(node.graph, "_resources", {}).get(id(x))
    if ph is not None:
        return ph.name
    op = getattr(x, "_handle_op", None)  # (a TF 1 graph's variable: its VarHandleOp)
    return op.name if op is not None else getattr(x, "name", str(x))


class NodeDef:
    """A readable description of an operation (TF's NodeDef, in text form)."""

    def __init__(self, node: Operation) -> None:
        self.name = node.name
        self.op = node.type
        # (TF's form: "op" for an op's first output, "op:i" for the others)
        self.input = [(x._op.name if x._index == 0 else x.name)
                      if isinstance(x, SymbolicTensor) else _handle_name(node, x)
                      for x in (node.tf_inputs or node.inputs)]
        var = node.attrs.get("var") if type(node.attrs) is dict else None
        if var is not None and hasattr(var, "assign"):  # (a write's variable: TF's input 0)
            self.input.insert(0, _handle_name(node, var))
        self.input += [f"^{c.name}" for c in node._control_inputs]
        self.attr = {k: v for k, v in node.attrs.items()}
        self.device = node._device

    def __str__(self) -> str:
        lines = [f'name: "{self.name}"', f'op: "{self.op}"']
        lines += [f'input: "{i}"' for i in self.input]
        if self.device:
            lines.append(f'device: "{self.device}"')
        for k in sorted(self.attr):
            v = self.attr[k]
            if isinstance(v, np.ndarray):
                v = f"Tensor<shape={list(v.shape)}, dtype={v.dtype}>"
            lines.append(f'attr {{ key: "{k}" value: {v} }}')
        return "\n".join(lines) + "\n"


_VARIABLE_CREATION_MSG = (
    "tf.function only supports singleton tf.Variables created on the first call. Make sure the "
    "tf.Variable is only created once or created outside tf.function. See "
    "https://www.tensorflow.org/guide/function#creating_tfvariables for more information.")


class Graph(VariableAccess, CaptureAccess):
    """A dataflow graph: operations in creation order (a valid execution order)."""

    _const_op = CONST

    # While a trace builds it: the frame that started the trace and the user frames above
    # it (user_frames stops there, so each node walks only the frames below)
    _frames_entry: Any = None
    _frames_outer: Any = None
    _frames_seen: Any = None
    # Whether it is a function read from a file, whose nodes have no creation stack
    _imported = False
    # saved_model/graph_def.py, which writes as_graph_def(): handed down by the public
    # package (it sits above every layer; a graph's GraphDef is in TF's op set)
    _graph_def_writer: Any = None
    # (replaced, never changed in place, by tf.compat.v1.colocate_with: see __init__)
    colocation_stack: list = []
    # Whether it is the backward function of a tf.function an eager tape recorded, which
    # replays the forward ops TF's backward function has not (it takes their outputs as
    # inputs): a graph rewrite pairs none of its nodes with them (nn_pool._paired_form)
    replays_forward = False

    def __init__(self, name: str = "graph", parent: Graph | None = None) -> None:
        self.name = name
        self.parent = parent
        if parent is not None and parent._imported:  # (a branch of a loaded function)
            self._imported = True
        self.operations: list[Operation] = []
        # the placeholders a call feeds, in order: the arguments', then those of the
        # enclosing graphs' tensors it captured (what `inputs` shows, but a traced
        # function's graph: see FuncGraph.inputs)
        self.fed_inputs: list[SymbolicTensor] = []
        self.outputs: list = []
        self._names: dict[str, int] = {}
        self._consts: dict[int, tuple] = {}          # id(eager tensor) -> (tensor, symbolic)
        # id(Const output) -> the DTensor it was captured from (one with a `_layout`): a
        # replay (graph/replay.py) runs it as that tensor, layout and all
        self.laid_out_consts: dict[int, Any] = {}
        self._captures: dict[int, tuple] = {}         # id(outer tensor) -> (outer, placeholder)
        self._capture_alias: dict[int, Any] = {}     # id(grand-outer tensor) -> placeholder
        self._init_captures()  # capture_list, captures_eager, converted (captures.py)
        self.copied_from: dict[int, tuple] = {}      # id(original tensor) -> (original, copy)
        self._init_variable_access()  # variables, read_vars, resource captures
        # id(resource input) -> the (dtype, shape)s its handle declared when traced
        self.handle_data: dict[int, tuple] = {}
        self.created_variables: list = []
        self.initializes_variables = False  # (a first call's graph: see lift_to_eager)
        self.deferred_initial_values: dict = {}  # id -> a creation's value from the inputs
        self.allow_variable_creation = True
        self._finalized = False
        # the control dependencies of the operations made now, one list per open
        # tf.control_dependencies (a TF 1 graph's; a function runs in program order)
        self._control_stack: list = []
        self._control_made: list = []
        self.seed: int | None = None
        self._collections: dict = {}
        # the tf.compat.v1.train.Savers built in it: the save subgraphs of its GraphDef
        self.savers: list = []
        # ids of the Const operations that only show a node as TF's graph has it (an axis
        # held as an attr: graph/arg_consts.py); a SavedModel's functions leave them out
        self.shown_only: set = set()
        # (op, {TF argument: ...}): what the API call about to add a node of `op` says of
        # the arguments it holds as attrs (arg_consts.plan's `given`), taken by that node
        self.next_args: tuple | None = None
        # (tensor, value) an op wrapper read by known_value for the node it is about to add,
        # latest last: that node's arguments held as attrs show those tensors (arg_consts),
        # and the reads expire when it is made. A wrapper that makes other nodes between
        # its read and its own names the tensor through next_args instead.
        self.known_reads: list = []
        # (op name, "scope/"): the node a tf.raw_ops call is about to add is named its scope
        # exactly, as TF's wrapper names it, whatever name its loader gives (raw_ops.py)
        self.next_name: tuple | None = None
        self.shows_tf_inputs = True  # (False while a GraphDef is imported: it has its own)
        # the operations of the open colocate_with scopes, innermost last: an operation
        # made inside takes the innermost one's device, whatever the device scopes say
        self.colocation_stack: list = []

    @property
    def inputs(self) -> list:
        return self.fed_inputs

    @inputs.setter
    def inputs(self, value: list) -> None:
        self.fed_inputs = value

    # -- naming ------------------------------------------------------------------------
    def unique_name(self, base: str, scoped: bool = True, mark: bool = True) -> str:
        """`base` under the current name scopes, made unique as TF makes it: names are
        compared without case, and a taken one gets the first free _1, _2, ... (`mark`
        False: the name the next node would get, nothing taken)."""
        scopes = _state.name_scopes if scoped else None
        if scopes:
            base = "/".join(list(scopes) + [base])
        key = base.lower()
        n = self._names.get(key, 0)
        if mark:
            self._names[key] = n + 1
        if n == 0:
            return base
        cand = f"{key}_{n}"
        while cand in self._names:
            n += 1
            cand = f"{key}_{n}"
        if mark:
            self._names[cand] = 1
        return f"{base}_{n}"

    # -- building ----------------------------------------------------------------------
    def _new_op(self, op: OpDef, inputs: tuple, attrs: dict, specs: list,
                name: str | None = None, scoped: bool = True,
                observed: bool = True) -> Operation:
        if self._finalized:
            raise RuntimeError("Graph is finalized and cannot be modified.")
        if name is not None and name.endswith("/"):
            node_name = name[:-1]  # a scope's own name, as TF takes it: exactly
        else:
            node_name = self.unique_name(name or _DEFAULT_NAMES.get(op.name, op.name), scoped)
        node = Operation(self, op, inputs, attrs, node_name)
        if name is not None and name.endswith("/"):
            node.scope = [node_name]  # (TF made it inside that scope: `with scope as name`)
        node.outputs = tuple(SymbolicTensor(node, i, s, d) for i, (s, d) in enumerate(specs))
        self.place(node)
        if self._control_stack:
            # as TF's: none of a context's control inputs where an input was made inside
            # that context (it runs after them already), nor one that is an input's op
            made = {id(getattr(t, "_op", None)) for t in inputs}
            controls: list = []
            for k in range(len(self._control_stack) - 1, -1, -1):
                ops = self._control_stack[k]
                if ops is None:  # tf.control_dependencies(None): the outer ones cleared
                    break
                seen = self._control_made[k]
                if not any(i in seen for i in made):
                    controls.extend(o for o in ops if id(o) not in made)
                seen.add(id(node))
            node._control_inputs = tuple(dict.fromkeys(controls))
        self.operations.append(node)
        if dispatch._OBSERVE[0] and observed:  # op callbacks see the nodes made (tfdbg)
            dispatch.graph_op_made(node)
        return node

    def place(self, node: Operation) -> None:
        """Records the device `node` is made for: its colocation's, else the scopes'."""
        node._device = self.colocation_stack[-1]._device if self.colocation_stack else \
            op_device(node)

    def _detached_op(self, op: OpDef, attrs: dict, specs: list, name: str) -> Operation:
        """A node named `name` exactly that is listed but not in `operations` (a resource
        placeholder: var_reads.py)."""
        node = Operation(self, op, (), attrs, name)
        node.outputs = tuple(SymbolicTensor(node, i, s, d) for i, (s, d) in enumerate(specs))
        return node

    def push_control_dependencies(self, ops: Any) -> set:
        """Opens a tf.control_dependencies of this (TF 1) graph: `ops`, the operations the
        ones made inside run after; None clears the outer ones until it closes. Returns
        the block's record (the ids of the operations made inside it)."""
        self._control_stack.append(ops)
        made: set = set()
        self._control_made.append(made)
        return made

    def pop_control_dependencies(self, made: set | None = None) -> None:
        """Closes the innermost block, or the one whose record is `made` wherever it is
        (a block a generator held open, closed late by the collector: see as_default)."""
        i = len(self._control_made) - 1 if made is None else next(
            (k for k, m in enumerate(self._control_made) if m is made), None)
        if i is not None:
            del self._control_stack[i], self._control_made[i]

    def no_op(self, name: str | None = None, control_inputs: Any = ()) -> Operation:
        """A NoOp that runs `control_inputs` (TF 1's tf.group, tf.no_op)."""
        node = self._new_op(NO_OP, (), {}, [], name or "NoOp")
        node._add_control_inputs(control_inputs)
        node.origin = user_frames()
        return node

    def conversion_error(self, op: OpDef, x: Tensor, value: Any, attrs: dict,
                         error: Exception, misfit: Any) -> Exception:
        """The TypeError TF's graph builder raises where `value`, the second operand of a
        binary op whose first is the tensor `x`, does not convert to x's dtype (`misfit`:
        the element that does not): x's own dtype refused by the op's signature first, else
        the value named with its argument, as TF's op wrapper words it; `error` where TF's
        signature of the op is unknown."""
        refused = signature_type_error(op.name, (x, x), attrs)
        if refused is not None:
            return refused
        names = input_arg_names(op.name, 2, attrs)
        if names is None:
            return error
        if value is None or misfit is value and isinstance(value, (list, tuple)):
            # (no element of the wrong kind: a ragged list, refused by NumPy)
            why = "None values not supported." if value is None else \
                str(list_value_error(value) or error)
            return ValueError(f"Tried to convert '{names[1]}' to a tensor and failed. Error: "
                              f"{why}")
        d = x._dtype.name
        return TypeError(f"Expected {d} passed to parameter '{names[1]}' of op '{op.name}', "
                         f"got {value!r} of type '{type(value).__name__}' instead. Error: "
                         f"Expected {d}, but got {misfit} of type '{type(misfit).__name__}'.")

    def add_op(self, op: OpDef, inputs: tuple, attrs: dict, name: str | None = None) -> tuple:
        """Adds `op(inputs, **attrs)`; returns its symbolic outputs (the seam bind() uses)."""
        if self.next_name is not None and self.next_name[0] == op.name:
            name, self.next_name = self.next_name[1], None
        # reads made converting its inputs: named under it, ordered with its constants
        claimed = self.claim_reads(inputs, self._node_name(op, name)) \
            if self._pending_reads else 0
        consts = self._consts
        given = None
        if self.next_args is not None and self.next_args[0] is op:
            given, self.next_args = self.next_args[1], None
        plan = arg_consts.plan(op, attrs, len(inputs), given) \
            if self.shows_tf_inputs and (attrs or op.tf) else None
        start = len(self.operations) - claimed
        if plan is not None:  # (its constants are named after the TF argument they are)
            ins = self._capture_named(op, inputs, attrs, name, plan)
        else:
            for x in inputs:
                if type(x) is EagerTensor and (id(x) not in consts or is_scalar_operand(x)):
                    # a constant made for this op: named after the input it feeds, as TF does
                    ins = self._capture_named(op, inputs, attrs, name)
                    break
            else:
                if any(type(x) is SymbolicTensor and x._op.graph is not self for x in inputs):
                    ins = self._capture_named(op, inputs, attrs, name)
                else:
                    ins = tuple(self.capture(x) for x in inputs)
        try:
            specs = op.infer(*ins, **attrs)
        except InvalidArgumentError as e:
            op = _refusing_op(op, e.message)
            if is_shape_error(op.name, e.message):  # TF's shape functions: a ValueError
                raise self._shape_error(op, ins, {**attrs, "given": given} if given else attrs,
                                        name, e) from None
            # TF's graph builder checks dtypes against the op's signature first: a TypeError
            te = signature_type_error(op.name, ins, attrs)
            if te is not None:
                raise te from None
            raise
        tf_ins = None if plan is None else self._arg_consts(plan, ins, start, op, name)
        if op.graph_form is not None:
            op = op.graph_form(ins, attrs)
        node = self._new_op(op, ins, attrs, specs, name)
        node.tf_inputs = tf_ins
        if self.known_reads:
            # (what the wrapper read was for this node: a read it did not take expires,
            # never shown by a later node whose argument happens to hold the same value)
            self.known_reads = []
        # where user code made it: what a graph execution error names (graph_errors.py)
        node.origin = user_frames()
        return node.outputs

    def _arg_consts(self, plan: list, ins: tuple, start: int, op: OpDef,
                    name: str | None) -> tuple:
        """The node's inputs as TF's: its inputs and Const nodes of the arguments it holds
        as attrs, which only show the node (the optimized graph drops them)."""
        return arg_consts.tf_inputs(self, plan, ins, start, self._node_name(op, name), CONST)

    def _node_name(self, op: OpDef, name: str | None) -> str:
        """The name the node `op` named `name` is about to get."""
        if name is not None and name.endswith("/"):
            return name[:-1]
        return self.unique_name(name or _DEFAULT_NAMES.get(op.name, op.name), mark=False)

    def _shape_error(self, op: OpDef, ins: tuple, attrs: dict, name: str | None,
                     e: InvalidArgumentError) -> ValueError:
        """The ValueError TF raises when a node's shape function refuses its inputs: the
        reason, then the node (named as TF's API names it) and its inputs' shapes."""
        reason = e.message.rsplit(" [Op:", 1)[0]
        mismatch = None if op.name == "BroadcastTo" else \
            mismatched_dims(reason, [x for x in ins if isinstance(x, Tensor)], attrs)
        if mismatch is not None:
            reason = f"Dimensions must be equal, but are {mismatch[0]} and {mismatch[1]}"
        return shape_error(op, ins, attrs, self._node_name(op, name), reason)

    def capture(self, x: Any, const_name: str | None = None,
                op_scope: str | None = None) -> Any:
        """`x` as a tensor of this graph: constants for eager tensors, placeholders for
        tensors of enclosing graphs (`op_scope`: the op taking it, named under it).
        Variables pass through (ops that take them as inputs reference them)."""
        if type(x) is WeakSymbolicTensor:
            x = x._op.outputs[x._index]
        if type(x) is SymbolicTensor:
            g = x._op.graph
            if g is self:
                return x
            return self._capture_outer(x, op_scope)
        if isinstance(x, EagerTensor):
            return self._eager_input(x, const_name)
        if isinstance(x, Tensor):
            raise TypeError(f"Cannot use {x!r} in graph {self.name}")
        return x

    def placeholder(self, shape: tuple | None, dtype: dt.DType, name: str = "Placeholder",
                    is_input: bool = False, scoped: bool = True) -> SymbolicTensor:
        node = self._new_op(PLACEHOLDER, (), {"shape": shape, "dtype": dtype}, [(shape, dtype)],
                            name, scoped)
        node.origin = user_frames()  # (a loop's variable left behind says where it was made)
        t = node.outputs[0]
        if is_input:
            self.fed_inputs.append(t)
        return t

    def constant(self, value: Any, dtype: dt.DType, name: str | None = None) -> SymbolicTensor:
        """A Const node of `value` (a host array) named `name` (under the name scopes,
        made unique; "Const" when None), as TF's graph-mode tf.constant makes one."""
        node = self._new_op(CONST, (), {"value": value, "dtype": dtype},
                            [(value.shape, dtype)], name)
        node.origin = user_frames()
        return node.outputs[0]

    # -- variables (seams in ops/variables.py; reads and writes in var_reads.py) -----
    def create_variable_hook(self, var: Any) -> None:
        if not self.allow_variable_creation:
            raise ValueError(_VARIABLE_CREATION_MSG)
        self.created_variables.append(var)

    def lift_to_eager(self, t: SymbolicTensor) -> EagerTensor:
        """A variable's initial value made while tracing: `t`'s value if it depends on no
        placeholder. One computed from the function's inputs is, as in TF, the value of
        the call that creates the variable: the variable starts as zeros and the graph
        assigns `t` to it (initialize_on_first_call), a graph only that first call runs."""
        if not any_ancestor(t, lambda o: o.type == "Placeholder"):
            return EagerTensor(to_host(evaluate([t])[0]), t._dtype)
        self.deferred_initial_values[id(t)] = t
        shape = [0 if d is None else d for d in t._shape or ()]
        return EagerTensor(np.zeros(shape, t._dtype.as_numpy_dtype), t._dtype)

    def initialize_on_first_call(self, var: Any, t: SymbolicTensor) -> bool:
        """Assigns `var` its initial value `t` in this graph, when lift_to_eager deferred it
        (True then: the variable has `t`'s static shape, which may be partly unknown)."""
        if self.deferred_initial_values.pop(id(t), None) is None:
            return False
        self.initializes_variables = True
        self.assign_variable(var, t, "set")
        return True

    def known_value(self, t: SymbolicTensor) -> np.ndarray | None:
        """`t`'s value when it is known while the graph is built (module-level known_value):
        what ops/checks.py's `known` asks for an op's argument. The last few read are kept:
        the node whose attr holds one shows the tensor as its input, as TF's."""
        v = known_value(t)
        if v is not None:
            self.note_read(t, v)
        return v

    def note_read(self, t: SymbolicTensor, value: Any) -> None:
        """An op wrapper read graph tensor `t` as `value` (an arg it holds as an attr)."""
        if getattr(t, "_op", None) is not None and t._op.graph is self:
            self.known_reads = self.known_reads[-3:] + [(t, np.asarray(value))]

    # -- inspection --------------------------------------------------------------------
    def get_operations(self) -> list:
        return self.listed_operations()

    def get_operation_by_name(self, name: str) -> Operation:
        for o in self.listed_operations():
            if o.name == name:
                return o
        raise KeyError(f"The name '{name}' refers to an Operation not in the graph.")

    def get_tensor_by_name(self, name: str) -> SymbolicTensor:
        return self.as_graph_element(name, allow_tensor=True, allow_operation=False)

    def as_graph_element(self, obj: Any, allow_tensor: bool = True,
                         allow_operation: bool = True) -> Any:
        """The tensor ("op:i") or operation ("op") `obj` names in this graph, or `obj` itself
        when it is one of this graph's; TF's KeyError/TypeError/ValueError otherwise."""
        if isinstance(obj, SymbolicTensor) and allow_tensor:
            if obj.graph is not self:
                raise ValueError(f"Tensor {obj} is not an element of this graph.")
            return obj
        if isinstance(obj, Operation) and allow_operation:
            if obj.graph is not self:
                raise ValueError(f"Operation {obj} is not an element of this graph.")
            return obj
        if not isinstance(obj, str):
            what = {(True, True): "Tensor or Operation", (True, False): "Tensor",
                    (False, True): "Operation"}.get((allow_tensor, allow_operation), "")
            raise TypeError(f"Can not convert a {type(obj).__name__} into a {what}.")
        if ":" in obj:
            if not allow_tensor:
                raise ValueError(f"Name {obj!r} appears to refer to a Tensor, not a Operation.")
            op_name, _, idx = obj.rpartition(":")
            try:
                i = int(idx)
            except ValueError:
                raise ValueError(f"The name {obj!r} looks a like a Tensor name, but is not a "
                                 "valid one. Tensor names must be of the form "
                                 "\"<op_name>:<output_index>\".") from None
            op = self._op_named(op_name)
            if op is None:
                raise KeyError(f"The name {obj!r} refers to a Tensor which does not exist. The "
                               f"operation, {op_name!r}, does not exist in the graph.")
            ref = getattr(self, "ref_outputs", {}).get(obj) if not op.outputs else None
            if ref is not None:  # an imported TF 1 ref op's output: the value after it
                return ref()
            if not 0 <= i < len(op.outputs):
                raise KeyError(f"The name {obj!r} refers to a Tensor which does not exist. The "
                               f"operation, {op_name!r}, exists but only has "
                               f"{len(op.outputs)} outputs.")
            return op.outputs[i]
        op = self._op_named(obj)
        if allow_operation:
            if op is None:
                raise KeyError(f"The name {obj!r} refers to an Operation not in the graph.")
            return op
        if op is not None:
            raise ValueError(f"The name {obj!r} refers to an Operation, not a Tensor. Tensor "
                             "names must be of the form \"<op_name>:<output_index>\".")
        raise ValueError(f"The name {obj!r} looks like an (invalid) Operation name, not a "
                         "Tensor. Tensor names must be of the form "
                         "\"<op_name>:<output_index>\".")

    def _op_named(self, name: str) -> Operation | None:
        for o in self.listed_operations():
            if o.name == name:
                return o
        return None

    def as_graph_def(self, from_version: Any = None, add_shapes: bool = False) -> Any:
        """TF's GraphDef message of the graph (saved_model/graph_def.py writes it)."""
        return Graph._graph_def_writer.as_graph_def(self, from_version, add_shapes)

    def _instantiated_graph_def(self) -> Any:
        """This function graph as TF instantiates it (`_Arg` and `_Retval` nodes: the view
        TensorBoard's traces show; saved_model/graph_def.py writes it)."""
        return Graph._graph_def_writer.instantiated(self)

    def finalize(self) -> None:
        self._finalized = True

    @property
    def finalized(self) -> bool:
        return self._finalized

    @property
    def building_function(self) -> bool:
        return False

    # -- collections (TF 1's named lists of a graph) ----------------------------------
    def get_collection(self, name: str, scope: Any = None) -> list:
        """A copy of the collection; with `scope`, only the items whose `name` matches it
        from the start (items without a name left out, as in TF)."""
        items = self._collections.get(name, [])
        if scope is None:
            return list(items)
        pattern = re.compile(scope)
        return [x for x in items if isinstance(getattr(x, "name", None), str)
                and pattern.match(x.name)]

    def get_collection_ref(self, name: str) -> list:
        """The collection's list itself (made empty on first use)."""
        return self._collections.setdefault(name, [])

    def add_to_collection(self, name: str, value: Any) -> None:
        self._collections.setdefault(name, []).append(value)

    def add_to_collections(self, names: Any, value: Any) -> None:
        for name in [names] if isinstance(names, str) else dict.fromkeys(names):
            self.add_to_collection(name, value)

    def clear_collection(self, name: str) -> None:
        self._collections.pop(name, None)

    def get_all_collection_keys(self) -> list:
        return [k for k, v in self._collections.items() if v]

    @property
    def collections(self) -> list:
        return list(self._collections)

    # -- scopes of this graph ------------------------------------------------------------
    @contextlib.contextmanager
    def name_scope(self, name: str) -> Iterator[str]:
        """tf.name_scope with this graph the default: yields the scope ("name/")."""
        with self.as_default(), name_scope(name) as scope:
            yield scope

    def get_name_scope(self) -> str:
        return "/".join(s for s in _state.name_scopes if s)

    @contextlib.contextmanager
    def colocated(self, op: Operation) -> Iterator[None]:
        """The operations made inside record `op`'s device, whatever device scopes are
        open (TF's colocate_with; eagerflow keeps no colocation groups)."""
        saved = self.colocation_stack
        self.colocation_stack = [*saved, op]
        try:
            yield
        finally:
            self.colocation_stack = saved

    @contextlib.contextmanager
    def control_dependencies(self, control_inputs: Any) -> Iterator[None]:
        with self.as_default(), control_dependencies(control_inputs):
            yield

    @contextlib.contextmanager
    def device(self, device_name: Any) -> Iterator[None]:
        """The graph's device scope: a device name, or TF 1's device function of an
        operation (train.replica_device_setter's), whose answer each operation made
        inside records (core/device.py's op_device)."""
        if callable(device_name):
            with self.as_default(), device_function_scope(device_name):
                yield
            return
        with self.as_default(), device(device_name):
            yield

    @property
    def version(self) -> int:
        """Grows as operations are added (their count, as TF's)."""
        return len(self.get_operations())

    # -- default-graph scope -----------------------------------------------------------
    @contextlib.contextmanager
    def as_default(self) -> Iterator[Graph]:
        st = _state
        saved = st.graph, st.tapes
        st.graph, st.tapes = self, []

        def restore() -> None:
            st.graph, st.tapes = saved

        with restoring(restore, lambda: st.graph is self):
            yield self

    def __repr__(self) -> str:
        return f"<eagerflow Graph {self.name!r} with {len(self.operations)} operations>"


class FuncGraph(Graph):
    """The graph a tf.function traces into."""

    # the operations that must run (TF's automatic control dependencies'), set once a
    # trace's graph is ordered (graph/control_outputs.py); None where nothing ordered it
    control_outputs: list | None = None
    # set by the ConcreteFunction made of it: its placeholders as TF lists them
    _shown_inputs: Any = None
    # its tf.function's jit_compile (True: what it traces, nested graphs too, is in TF's
    # XLA context)
    jit_compile: bool | None = None

    @property
    def building_function(self) -> bool:
        return True

    @property
    def inputs(self) -> list:
        """Its placeholders as TF's FuncGraph lists them: the arguments', then those
        of every capture in the order captured (a small eager tensor's Const, a
        variable's or table's resource placeholder, a large tensor's placeholder), which
        a call does not feed (`fed_inputs` are those it does)."""
        shown = self._shown_inputs
        return self.fed_inputs if shown is None else shown()

    @inputs.setter
    def inputs(self, value: list) -> None:
        self.fed_inputs = value

    def __repr__(self) -> str:
        return f"FuncGraph(name={self.name}, id={id(self)})"


# A node's default name where TF's Python API gives one other than the op's type (the
# functions' own name scopes: tf.concat makes "concat"); the operators and the API
# functions of one op name theirs themselves (`x + y` makes "add", tf.add "Add").
_DEFAULT_NAMES = {"ConcatV2": "concat", "Pack": "stack", "Transpose": "transpose",
                  "StridedSlice": "strided_slice", "RealDiv": "truediv",
                  "FloorDiv": "floordiv", "SplitV": "split", "Split": "split",
                  "OneHot": "one_hot"}


def is_symbolic(x: Any) -> bool:
    return type(x) is SymbolicTensor


def is_symbolic_tensor(tensor: Any) -> bool:
    """`tf.is_symbolic_tensor`: whether `tensor` is a graph tensor (not an eager one, a
    variable or a Keras input)."""
    return isinstance(tensor, SymbolicTensor)


def inside_function() -> bool:
    """`tf.inside_function`: whether a tf.function is being traced (not a compat.v1 Graph)."""
    return isinstance(_state.graph, FuncGraph)


def _refusing_op(op: OpDef, message: str) -> Any:
    """The TF op that the `infer` of elementwise `op` refusing a node names in `message`
    ("... [Op:NAME]"): `op` itself, or the other op TF's Python makes for these inputs,
    whose signature and node text TF's graph builder then shows (tf.add's Add for
    strings: eagerflow's one op of both is AddV2)."""
    if not op.elementwise:  # (MatMul's errors name BatchMatMulV2: shape_errors knows it)
        return op
    at = message.rfind(" [Op:")
    named = message[at + 5:-1] if at >= 0 and message.endswith("]") else op.name
    return op if named == op.name else SimpleNamespace(name=named)
