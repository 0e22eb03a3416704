"""TF 1's reference variables in an imported graph: VariableV2 and the ops that read and
write it in place (Assign, AssignAdd, the Apply* training ops, Scatter*, CountUpTo, ...).

Sits in saved_model/ under meta_graph_import.py, which hands it each such node. A graph
TF 1 built (its default, or any graph under `tf.compat.v1.disable_v2_behavior()`) keeps
a variable's value in the VariableV2 node itself, and the ops taking it by reference
change that value in place, a later read seeing the change. eagerflow has one kind of
graph variable, function/graph_variables.py's, whose value lives in the running Session:

- a VariableV2 (Variable, TemporaryVariable) node becomes such a variable, marked `_is_ref`
  (TF's ref words when it is read uninitialized);
- each ref op becomes the resource op of the same update, so the math is the kernel
  eagerflow already has: Assign -> AssignVariableOp (validate_shape kept: TF's Assign
  check), ApplyAdam -> ResourceApplyAdam, SparseApplyAdagrad -> ResourceSparseApplyAdagrad,
  ScatterAdd -> ResourceScatterAdd, ScatterNdUpdate -> ResourceScatterNdUpdate, CountUpTo
  -> ResourceCountUpTo;
- a ref output (the op's "out", "output_ref") is the variable read after that op, as TF's
  ref is: a consumer reads the updated value, a ref op taking it writes after it.

The imported operations are the resource ops, named as TF's nodes.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.function.graph_variables import GraphUnreadVariable, GraphVariable
from eagerflow._src.ops import resource_ops, resource_scatter, sparse_training_ops, training_ops
from eagerflow._src.ops.math_base import identity
from eagerflow._src.saved_model.attrs import shape_tuple

VARIABLES = frozenset(("VariableV2", "Variable", "TemporaryVariable"))
_WRITES = {"Assign": "set", "AssignAdd": "add", "AssignSub": "sub"}
_DENSE = frozenset(n[len("Resource"):] for n in training_ops.SPECS) & frozenset((
    "ApplyGradientDescent", "ApplyMomentum", "ApplyAdam", "ApplyAdagrad", "ApplyAdagradV2",
    "ApplyAdagradDA", "ApplyAdadelta", "ApplyRMSProp", "ApplyCenteredRMSProp", "ApplyFtrl",
    "ApplyFtrlV2", "ApplyProximalAdagrad", "ApplyProximalGradientDescent", "ApplyAdaMax",
    "ApplyAddSign", "ApplyPowerSign"))
_SPARSE = frozenset(n[len("Resource"):] for n in sparse_training_ops.SPECS
                    if "Keras" not in n)
_SCATTER = frozenset(n[len("Resource"):] for n in
                     (*resource_scatter.OPS, *resource_scatter.ND_OPS))

# the nodes this module builds
REF_OPS = VARIABLES | frozenset(_WRITES) | _DENSE | _SPARSE | _SCATTER | frozenset((
    "IsVariableInitialized", "CountUpTo", "RefIdentity", "DestroyTemporaryVariable"))


def _base(ref: Any) -> GraphVariable:
    """The variable a ref input stands for (a ref op's output is the variable after it)."""
    if isinstance(ref, GraphUnreadVariable):
        return ref._unread_of
    if not isinstance(ref, GraphVariable):
        raise TypeError(f"A ref input of a TF 1 graph must be a variable's reference, got "
                        f"{ref!r}")
    return ref


def new_variable(g: Any, nd: Any, name: str, attrs: dict) -> GraphVariable:
    """The graph variable of VariableV2 (Variable, TemporaryVariable) node `nd`."""
    shape = shape_tuple(nd.attr["shape"].shape) if "shape" in nd.attr else None
    var = GraphVariable.imported(g, name, attrs["dtype"], shape, ref=nd.op)
    var._resource_name = attrs.get("shared_name") or attrs.get("var_name") or name
    return var


def build(nd: Any, name: str, ins: list, attrs: dict) -> list:
    """The outputs of ref op node `nd` (not a variable, not RefIdentity), named `name`,
    over its inputs `ins`: a ref output is the variable read after the op (a
    GraphUnreadVariable)."""
    op = nd.op
    if op == "DestroyTemporaryVariable":
        return [identity(ins[0])]
    if op == "IsVariableInitialized":
        return [_base(ins[0]).is_initialized_op(name)]
    if op == "CountUpTo":
        return [resource_ops.count_up_to(_base(ins[0]), attrs["limit"])]
    if op in _WRITES:
        var = ins[0]
        value = ins[1]
        if isinstance(value, Tensor) and value._dtype is not dt.as_dtype(var.dtype):
            raise ValueError(f"Input 1 of node {nd.name} was passed {value._dtype.name} "
                             f"incompatible with expected {dt.as_dtype(var.dtype).name}.")
        out = var._write(value, _WRITES[op])
        if op == "Assign":  # (TF's Assign checks the shapes unless told not to)
            out.op.attrs["validate_shape"] = bool(attrs.get("validate_shape", True))
        return [out]
    flags = {k: v for k, v in attrs.items() if isinstance(v, bool)}
    if op in _DENSE or op in _SPARSE:
        spec = (training_ops.SPECS if op in _DENSE else sparse_training_ops.SPECS)[
            "Resource" + op]
        n = len(spec.resources)
        variables = tuple(_base(v) for v in ins[:n])
        run = training_ops.apply_op if op in _DENSE else sparse_training_ops.apply_sparse
        node = run("Resource" + op, variables, tuple(ins[n:]), **flags)
        return [GraphUnreadVariable(variables[0], node)]
    var = _base(ins[0])  # a Scatter / ScatterNd op
    node = resource_scatter.scatter("Resource" + op, var, ins[1], ins[2])
    return [GraphUnreadVariable(var, node)]
