"""Collectives as ops: the all-reduce and replica id that replica functions use.

An op's kernel finds the replica it runs for in the thread's ReplicaContext (set by
`strategy.run`), so one traced graph serves every replica: each replica's thread runs
it and meets the others at the all-reduce. Outside `strategy.run` (one replica: the
default strategy) the all-reduce is the identity and the replica id is 0. Both are
stateful, so graph passes never fold or merge them.

They are eagerflow's own ops (ReplicaAllReduce, ReplicaAllGather, ReplicaIdInSyncGroup),
not TF's collectives, whose members name each other by group and instance keys
(tf_collective_ops.py); their errors are worded as the CollectiveReduceV2 and
CollectiveGatherV2 nodes TF's MultiWorkerMirroredStrategy builds would raise them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import device
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.distribute import context
from eagerflow._src.distribute.collective import ReduceOp, reduce_arrays
from eagerflow._src.ops.checks import dtype_word
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register

_REDUCIBLE = ("float16", "bfloat16", "float32", "float64", "int32", "int64")
# TF 2.21's OpDef of the op, as its attr errors print it
_REDUCE_DEF = (
    "\n\t; NodeDef: {{node CollectiveReduceV2}}; Op<name=CollectiveReduceV2; signature=input:T, "
    "group_size:int32, group_key:int32, instance_key:int32, ordering_token:Nordering_token*"
    "resource -> data:T; attr=T:type,allowed=[DT_BFLOAT16, DT_FLOAT, DT_HALF, DT_DOUBLE, "
    "DT_INT32, DT_INT64]; attr=merge_op:string,allowed=[\"Min\", \"Max\", \"Mul\", \"Add\"]; "
    "attr=final_op:string,allowed=[\"Id\", \"Div\"]; attr=communication_hint:string,"
    "default=\"auto\"; attr=timeout_seconds:float,default=0; attr=is_stateless:bool,"
    "default=false; attr=Nordering_token:int,default=0,min=0; attr=max_subdivs_per_device:int,"
    "default=-1; is_stateful=true; is_distributed_communication=true>")


def _infer_all_reduce(x: Any, reduce_op: str, strategy: Any = None) -> list:
    if x._dtype.name not in _REDUCIBLE:
        raise InvalidArgumentError(
            None, None, f"Value for attr 'T' of {dtype_word(x._dtype)} is not in the list of "
                        f"allowed values: bfloat16, float, half, double, int32, int64{_REDUCE_DEF}"
                        " [Op:CollectiveReduceV2]")
    if reduce_op not in ("SUM", "MEAN"):
        raise InvalidArgumentError(None, None, f"Unknown reduce op {reduce_op!r}: SUM or MEAN "
                                               "[Op:CollectiveReduceV2]")
    return [(x._shape, x._dtype)]


def _all_reduce_kernel(xp: Any, x: Any, reduce_op: str, strategy: Any = None) -> Any:
    ctx = _context(strategy)
    if ctx is None:  # no strategy: this is the only replica
        return x
    values = ctx._strategy._collect(ctx, [x])
    out = reduce_arrays([v[0] for v in values], ReduceOp(reduce_op))
    return out.astype(x.dtype, copy=False)


def _all_reduce_grad(node: Any, g: Tensor) -> list:
    # Replica r's loss depends on every replica's x through the reduction, so the
    # gradient for x is the same reduction of every replica's incoming gradient.
    return [all_reduce(g, node.attrs["reduce_op"], node.attrs.get("strategy"))]


_RNG = SampleRNG(9)
ALL_REDUCE = register(OpDef(
    "ReplicaAllReduce", _infer_all_reduce, _all_reduce_kernel, grad=_all_reduce_grad,
    reference=lambda x, reduce_op, strategy=None: x.copy(), stateful=True,
    samples=lambda: [Sample((_RNG.uniform(-2, 2, (2, 3)),), {"reduce_op": "SUM"}),
                     Sample((_RNG.uniform(-2, 2, (4,)),), {"reduce_op": "MEAN"}),
                     Sample((np.arange(6, dtype=np.int32),), {"reduce_op": "SUM"}, grad=False)],
))


def all_reduce_bad_samples() -> list:
    """Refused calls (tests/distribute): their words are TF's CollectiveReduceV2's, which
    the registry's suite, wanting the op's own name, can't take."""
    return [BadSample((np.array([True]),), {"reduce_op": "SUM"}, InvalidArgumentError,
                      "not in the list of allowed values"),
            BadSample((np.ones(2),), {"reduce_op": "PROD"}, InvalidArgumentError,
                      "Unknown reduce op")]


def all_reduce(x: Tensor, reduce_op: str, strategy: Any = None) -> Tensor:
    """`x` reduced (SUM or MEAN) over the replicas of the strategy running this thread
    (or of `strategy`'s one local replica when it runs outside `strategy.run`)."""
    return bind(ALL_REDUCE, (x,), {"reduce_op": reduce_op, "strategy": strategy})


def _all_gather_kernel(xp: Any, x: Any, strategy: Any = None) -> Any:
    ctx = _context(strategy)
    if ctx is None:
        return x
    here = device.current_device()  # (each replica's rows copied to this one's device)
    parts = [device.to_device(v[0], here) for v in ctx._strategy._collect(ctx, [x])]
    return xp.concatenate(parts, axis=0)


def _infer_all_gather(x: Any, strategy: Any = None) -> list:
    if not x._shape:
        raise InvalidArgumentError(None, None, "input should have rank > 0, but got rank 0 "
                                               "[Op:CollectiveGatherV2]")
    return [((None, *x._shape[1:]), x._dtype)]


ALL_GATHER = register(OpDef(
    "ReplicaAllGather", _infer_all_gather, _all_gather_kernel, grad=None,
    reference=lambda x, strategy=None: x.copy(), stateful=True,
    samples=lambda: [Sample((_RNG.uniform(-2, 2, (2, 3)),), grad=False),
                     Sample((np.arange(4, dtype=np.int64),), grad=False)],
))


def all_gather(x: Tensor, strategy: Any = None) -> Tensor:
    """Every replica's `x`, concatenated along axis 0 in replica order."""
    return bind(ALL_GATHER, (x,), {"strategy": strategy})


def _context(strategy: Any) -> Any:
    """The replica context an op runs for: the thread's, else `strategy`'s only local
    replica (a function traced inside MultiWorkerMirroredStrategy.run runs outside it)."""
    ctx = context.current_replica_context()
    if strategy is not None and (ctx is None or ctx._strategy is not strategy):
        return strategy._default_replica_context
    return ctx


def _replica_id_kernel(xp: Any, strategy: Any = None) -> Any:
    ctx = _context(strategy)
    rid = 0 if ctx is None else ctx._strategy._global_replica_id(ctx.local_index)
    return xp.asarray(rid, dtype=np.int32)


REPLICA_ID = register(OpDef(
    "ReplicaIdInSyncGroup", lambda strategy=None: [((), dt.int32)], _replica_id_kernel,
    grad=None, reference=lambda strategy=None: np.asarray(0, np.int32), stateful=True,
    samples=lambda: [Sample((), grad=False)],
    # A saved function is replica 0's, as TF saves a distributed function (a Generator's
    # draws hash the replica id into their key: the loaded one draws as replica 0)
    tf=TFForm(export=lambda n, b: [b.const(0, dt.int32)]),
))


def replica_id(strategy: Any = None) -> Tensor:
    """This replica's id in its sync group, read when the op runs (int32 scalar)."""
    return bind(REPLICA_ID, (), {"strategy": strategy})
