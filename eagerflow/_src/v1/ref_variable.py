"""TF 1's reference variables: what `tf.compat.v1.Variable` and `get_variable` make in a
TF 1 graph once resource variables are off (`disable_resource_variables`, which
`disable_v2_behavior` calls) or when given `use_resource=False`.

Sits at the bottom of v1/, under variables.py. A `RefVariable` is function/
graph_variables.py's graph variable (its value in the running Session's store, set by its
initializer) built of TF 1's nodes instead of the resource ones: `v` a VariableV2, whose
output `v:0` is the reference (dtype float32_ref, what `sess.run(v)` fetches), `v/Assign`
its initializer, `v/read` the Identity snapshot that using the variable as a tensor reads.
Its writes are TF's Assign, AssignAdd and AssignSub, returning the reference after them;
its scatters and the optimizers' updates TF's Scatter*, Apply* and SparseApply* ops, each
the `ref_form` (ops/registry.py) of the resource op (training_ops.py's `REF_OPS`, ...).
Each of these nodes takes the variable itself, as the resource ops' nodes do, so their
kernels are those ops' kernels, and gradients reach the variable through its reads.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import shape_str
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.function.compat_v1 import resource_variables_enabled
from eagerflow._src.function.graph_variables import REF_VARIABLE, GraphVariable, _exact_op
from eagerflow._src.graph.ir import ASSIGN, READ_VAR, Graph, Operation, user_frames
from eagerflow._src.graph.shape_errors import merge_text
from eagerflow._src.ops.checks import dt_enum
from eagerflow._src.ops.graph_constants import graph_constant
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.registry import OpDef, TFForm


def _ref_write_kernel(mode: str) -> Any:
    write = ASSIGN[mode].kernel

    def kernel(xp: Any, value: Any, *, var: Any, validate_shape: bool = False,
               **_attrs: Any) -> Any:
        write(xp, value, var, validate_shape)
        # (the reference after it, on the kernel's device: a fetch gets its own copy)
        return READ_VAR.kernel(xp, var).copy()
    return kernel


def _export_write(node: Any, w: Any) -> list:
    attrs = {k: v for k, v in node.attrs.items() if k != "var"}
    return w.node(node.type, [w.resource(node.attrs["var"]), w.input(0)], attrs,
                  name=node.name)


# TF 1's writes of a reference: the resource writes' kernels, the reference their output
REF_WRITES = {
    mode: OpDef(name, lambda value, var, **_a: [(var.shape._dims, var._dtype)],
                _ref_write_kernel(mode), stateful=True, no_fold=True, ref_output=True,
                tf=TFForm(export=_export_write))
    for mode, name in (("set", "Assign"), ("add", "AssignAdd"), ("sub", "AssignSub"))}


def _export_variable(node: Any, w: Any) -> list:
    var = node.attrs["var"]
    refs = w.node("VariableV2", [], {"shape": var.shape._dims, "dtype": var._dtype,
                                     "container": "", "shared_name": ""}, name=node.name)
    w.handles[id(var)] = refs[0]  # (what the ops on the reference take)
    return refs


# A reference variable made here: VariableV2 written as TF's (an imported one is written
# as the resource variable its imported updates take: function/graph_variables.py's)
VARIABLE_V2 = dataclasses.replace(REF_VARIABLE, tf=TFForm(export=_export_variable))


def _snapshot_kernel(xp: Any, var: Any, **_attrs: Any) -> Any:
    return READ_VAR.kernel(xp, var).copy()  # (a copy, as TF's Identity of a ref makes)


# TF's Identity of a reference ("v/read", `read_value`'s "read"): a read of the variable
# when it runs (stateful: two reads apart from an assignment are not merged)
REF_READ = OpDef("Identity", lambda var, **_a: [(var.shape._dims, var._dtype)],
                 _snapshot_kernel, grad=READ_VAR.grad, stateful=True, no_fold=True,
                 tf=TFForm(export=lambda node, w: w.node(
                     "Identity", [w.resource(node.inputs[0])], dict(node.attrs),
                     name=node.name)))


def wants_ref(use_resource: Any) -> bool:
    """Whether a variable made now with `use_resource` (None: the default) is TF 1's
    reference variable: only in a TF 1 graph (eagerly, or in a function, TF makes resource
    variables), where resource variables are off unless `use_resource` says otherwise."""
    g = _state.graph
    if g is None or getattr(g, "building_function", True):
        return False
    return ref_requested(use_resource)


def ref_requested(use_resource: Any) -> bool:
    """Whether `use_resource` (None: the default) asks for a reference variable."""
    return not resource_variables_enabled() if use_resource is None else not use_resource


class RefVariable(GraphVariable):
    """TF 1's reference variable in a graph (see the module's docstring)."""

    _is_ref = True
    _ref_nodes = True  # (the ops updating it are TF 1's: ops/training_ops.py's REF_OPS, ...)

    def _make_nodes(self, g: Graph, scope: str, init: Tensor) -> None:
        self._handle_op = _exact_op(g, VARIABLE_V2, (), {"var": self, "dtype": self._dtype},
                                    [(self._shape._dims, self._dtype)], scope)
        self._is_init = None  # (TF makes an IsVariableInitialized when it is asked)
        self._graph_element = self._handle_op.outputs[0]
        with g.colocated(self._handle_op):
            self._initializer_op = _exact_op(
                g, REF_WRITES["set"], (init,), {"var": self, "T": self._dtype,
                                                "use_locking": True, "validate_shape": True},
                [(self._shape._dims, self._dtype)], f"{scope}/Assign")
            self._snapshot = self._read(g, f"{scope}/read")

    def _read(self, g: Graph, name: str) -> Tensor:
        g.variable_map.setdefault(id(self), self)
        g.read_vars.setdefault(id(self), self)
        return _exact_op(g, REF_READ, (self,), {"T": self._dtype},
                         [(self._shape._dims, self._dtype)], name).outputs[0]

    @property
    def dtype(self) -> Any:
        return self._dtype._as_ref

    def _ref(self) -> Tensor:
        """The reference itself, `v:0` (TF's `_ref()`)."""
        return self._graph_element

    def _as_tensor(self, dtype: Any = None, named: bool = False) -> Tensor:
        """Its value as a tensor: the snapshot `v/read` (TF's `value()`); `named`: a read
        of its own, "read" in the current scope (`read_value`)."""
        if _state.graph is not self._graph:
            return super()._as_tensor(dtype)  # (a function traced in its graph; refusals)
        if dtype is not None and not self._dtype.is_compatible_with(dtype):
            raise ValueError(f"Incompatible type conversion requested to type "
                             f"'{dtype.name}' for variable of type '{self.dtype.name}' "
                             f"(Variable:{self._name})")
        if named:
            return self._read(self._graph, self._graph.unique_name("read"))
        return self._snapshot

    def sparse_read(self, indices: Any, name: str | None = None) -> Any:
        raise AttributeError  # (as TF's: a gather of it is its snapshot's GatherV2)

    def is_initialized(self, name: str | None = None) -> Tensor:
        """A new IsVariableInitialized of it (TF 1 makes one at each call)."""
        return self.is_initialized_op(self._graph.unique_name(name or "IsVariableInitialized"))

    def _api_read(self, name: str | None = "ReadVariableOp", scope: str | None = None) -> Tensor:
        return self._as_tensor()

    def initialized_value(self) -> Tensor:
        """TF 1's: a cond on a new IsVariableInitialized, the variable's value or else its
        initial value."""
        return cond(self.is_initialized(), lambda: identity(self._ref()),
                    lambda: self.initial_value)

    def _written(self, mode: str, value: Any, use_locking: Any, name: str | None,
                 read_value: bool, validate_shape: bool = True) -> Any:
        """TF 1's write `mode` of `value`: the reference after it, or (`read_value` false)
        the operation. `validate_shape` false: an Assign of a value of any shape."""
        g = self._graph
        if _state.graph is not g:
            raise ValueError(f"{self!r} must be assigned in its own graph")
        op = REF_WRITES[mode]
        with name_scope(name or op.name) as scope:
            if isinstance(value, Tensor) and value._dtype is not self._dtype:
                raise TypeError(f"Input 'value' of '{op.name}' Op has type "
                                f"{value._dtype.name} that does not match type "
                                f"{self._dtype.name} of argument 'ref'.")
            value = convert_to_tensor(value, dtype=self._dtype)
            if isinstance(value, EagerTensor):  # (TF's Const of it: "Assign/value")
                value = graph_constant(value._numpy(), self._dtype, name="value")
            attrs = {"var": self, "T": self._dtype, "use_locking": bool(use_locking)}
            if mode == "set":
                attrs["validate_shape"] = bool(validate_shape)
            shape = self._shape._dims
            if mode != "set" or validate_shape:
                self._check_shape(value, scope[:-1], op.name, attrs)
            else:
                shape = value._shape
            node = g._new_op(op, (g.capture(value),), attrs, [(shape, self._dtype)], scope)
        node.origin = user_frames()
        return node.outputs[0] if read_value else node

    def _check_shape(self, value: Tensor, node: str, op: str, attrs: dict) -> None:
        """TF's shape function's refusal of a value whose shape does not merge with the
        variable's (no broadcasting), while the graph is built."""
        have, got = self._shape._dims, value._shape
        if have is None or got is None or self._shape.is_compatible_with(got):
            return
        flags = "".join(f", {k}={str(attrs[k]).lower()}" for k in ("use_locking",
                                                                  "validate_shape")
                        if k in attrs)
        shown = value._op.name if value._index == 0 else value.name
        raise ValueError(f"{merge_text(have, got)} for '{{{{node {node}}}}} = {op}[T="
                         f"{dt_enum(self._dtype)}{flags}]({self._shared_name}, {shown})' with "
                         f"input shapes: {shape_str(have)}, {shape_str(got)}.")

    def _write(self, t: Tensor, mode: str, name: str | None = None) -> Any:
        return self._written(mode, t, False, name, True)

    def _written_by(self, node: Operation) -> Any:
        return node.outputs[0] if node.outputs else super()._written_by(node)

    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> Any:
        return self._written("set", value, use_locking, name, read_value)

    def assign_add(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        return self._written("add", delta, use_locking, name, read_value)

    def assign_sub(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        return self._written("sub", delta, use_locking, name, read_value)

    def __repr__(self) -> str:
        return f"<tf.Variable '{self._name}' shape={self._shape} dtype={self.dtype.name}>"
