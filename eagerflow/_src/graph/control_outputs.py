"""TF's automatic control dependencies in a traced function's graph: the control inputs
that order its stateful operations and the trailing NoOp its outputs wait on.

Sits in graph/, beside ir.py; function/polymorphic.py calls `add_control_outputs` once a
trace has made its output Identity ops. TF runs a function's operations by their data and
control edges, so its tracer adds edges in program order (auto_control_deps.py): an
operation touching a resource waits on the last one that wrote it (a write on the reads
since), a stateful operation touching none waits on the previous such one, and one NoOp,
made last, waits on every operation that must run (stateful ones but for the legacy
random draws; a variable read only when something uses it), each output's Identity
waiting on that NoOp. eagerflow's generated code runs the operations in program order
anyway, so these edges and the NoOp only show the graph as TF's: the NoOp is of an OpDef
with no effects, which the optimized graph drops, so a call never runs it.

A resource is what TF's graph feeds a node as a resource tensor: a variable, a lookup
table or summary writer taken by reference (one placeholder each), or a handle known when the graph
runs (an argument, a creator's output: each tensor its own resource, as TF tells them
apart). Every op on a table writes it to TF (none is among its read-only resource ops),
so a table's lookups, inserts and sizes run in program order, apart from the variables'
and print's chains.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.resource import HeldResource
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.graph.type_errors import signature
from eagerflow._src.ops.registry import OpDef

# The function's control-output NoOp: no effects (unlike tf.no_op's), so the graph passes
# drop it
CONTROL_NO_OP = OpDef("NoOp", lambda: [], lambda xp: (), num_outputs=0)

# TF's stateful ops that its automatic control dependencies leave unordered (its
# LEGACY_RANDOM_OPS, ASYNC_STATEFUL_OPS and SKIPPED_ORDER_INSENSITIVE_STATEFUL_OPS)
_UNORDERED = frozenset((
    "RandomUniform", "RandomUniformInt", "RandomStandardNormal",
    "ParameterizedTruncatedNormal", "TruncatedNormal", "RandomShuffle", "Multinomial",
    "RandomGamma", "RandomGammaGrad", "RandomPoisson", "RandomPoissonV2",
    "CollectiveGather", "CollectiveReduce", "CollectiveBcastSend", "CollectiveBcastSendV2",
    "CollectiveBcastRecv", "CollectiveBcastRecvV2", "NcclAllReduce", "Recv",
    "CollectiveInitializeCommunicator", "CollectiveAssignGroupV2", "CudnnRNN",
    "CudnnRNNBackprop", "CudnnRNNV2", "CudnnRNNV3", "CudnnRNNBackpropV2",
    "CudnnRNNBackpropV3", "RestoreV2", "SaveV2"))

# Ops that only read the variables they take (TF's RESOURCE_READ_OPS that eagerflow makes)
_READS = frozenset(("ReadVariableOp", "ResourceGather", "ResourceGatherNd",
                    "VariableShape"))


def _stateful(op: Any) -> bool:
    """Whether TF's graph holds `op` as a stateful node that is ordered."""
    if op.type in _UNORDERED:
        return False
    sig = signature(op.type)
    if sig is not None:
        return bool(sig.get("isStateful"))
    return bool(op.op.stateful)


def _resource(x: Any) -> Any:
    """What input `x` of an operation names as TF's resource input, or None: a variable
    or a lookup table the graph took by reference (its state; a table's handle in a graph
    being traced: the table itself), or a resource tensor (a handle known when the graph
    runs: an argument, a creator's output), each by its own identity as TF's tensors."""
    if isinstance(x, Tensor):
        if x._dtype is not dt.resource:
            return None
        op = getattr(x, "_op", None)
        while op is not None and op.type == "Identity" and op.inputs:
            # (TF's resolver: an Identity of a handle touches the handle's resource)
            x = op.inputs[0]
            op = getattr(x, "_op", None)
        return x if isinstance(x, Tensor) else _resource(x)
    if hasattr(x, "assign") or isinstance(x, HeldResource):  # (a summary writer's too)
        return x
    # (a TableState, or a ShapedTable of one: ops/ loads the table modules on first use)
    return getattr(x, "table_state", None)


def _resources(op: Any) -> list:
    """The resources `op` takes (its resource inputs in TF's graph), each once."""
    found = [r for r in map(_resource, op.inputs) if r is not None]
    var = op.attrs.get("var") if isinstance(op.attrs, dict) else None
    if var is not None and hasattr(var, "assign"):
        found.append(var)
    return list({id(v): v for v in found}.values())


def add_control_outputs(graph: Any, outputs: list) -> None:
    """Adds TF's automatic control edges to `graph` (a traced function's, complete) and,
    when it has `outputs` (its output Identity ops' tensors) and operations that must run,
    the NoOp those outputs wait on."""
    used = {id(x) for o in graph.operations for x in (o.tf_inputs or o.inputs)}
    used.update(id(t) for t in outputs)
    last_write: dict = {}  # id(variable) or None -> the operation that last wrote it
    reads: dict = {}       # id(variable) -> the operations that read it since
    must_run: list = []
    for op in graph.operations:
        stateful = _stateful(op)
        if stateful and (op.type not in _READS or any(id(t) in used for t in op.outputs)):
            must_run.append(op)
        variables = _resources(op)
        controls = []
        for var in variables:
            key = id(var)
            if key in last_write:
                controls.append(last_write[key])
            if op.type in _READS:
                reads.setdefault(key, []).append(op)
            else:
                controls.extend(reads.pop(key, ()))
                last_write[key] = op
        if stateful and not variables:
            if None in last_write:
                controls.append(last_write[None])
            last_write[None] = op
        if controls:
            op._add_control_inputs([c for c in controls if c is not op])
    graph.control_outputs = must_run
    if not must_run or not outputs:
        return
    # (made once the function has returned: TF's op callbacks, tfdbg's, never see it)
    no_op = graph._new_op(CONTROL_NO_OP, (), {}, [], "NoOp", scoped=False, observed=False)
    no_op._add_control_inputs(must_run)
    for t in outputs:
        t._op._add_control_inputs([no_op])
