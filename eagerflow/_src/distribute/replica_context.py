"""What a replica function sees: ReplicaContext (its id, all_reduce, merge_call).

Distribute layer, below the strategies (strategy.py, which starts the replicas) and the
merge of replica results inside traced functions (graph_merge.py).
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.control_flow.loops import autographed
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.distribute import collective_ops, context
from eagerflow._src.distribute.collective import ReduceOp, Rendezvous, as_reduce_op
from eagerflow._src.distribute.replica_function import NotTraceable
from eagerflow._src.distribute.values import regroup, select_replica
from eagerflow._src.ops.array import concat, reshape, split
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math import truediv
from eagerflow._src.ops.math_base import cast


class ReplicaContext:
    """What a replica function sees: its id, the group size, all_reduce and merge_call."""

    _tracing = False  # True while a replica function is traced for every replica

    def __init__(self, strategy: Any, local_index: int, rendezvous: Rendezvous | None) -> None:
        self._strategy = strategy
        self.local_index = local_index
        self._rendezvous = rendezvous

    @property
    def strategy(self) -> Any:
        return self._strategy

    @property
    def num_replicas_in_sync(self) -> int:
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self) -> Tensor:
        if _state.graph is not None:  # a graph may be shared by replicas: read it at run time
            return collective_ops.replica_id(self._strategy)
        return convert_to_tensor(self._strategy._global_replica_id(self.local_index))

    @property
    def devices(self) -> tuple:
        return (self._strategy._devices[self.local_index],)

    def _exchange(self, value: Any) -> list:
        if self._rendezvous is None:
            return [value]
        return self._rendezvous.exchange(self.local_index, value)

    def all_reduce(self, reduce_op: Any, value: Any, options: Any = None) -> Any:
        """Reduces `value` (a nested structure of tensors) across all replicas."""
        def reduce(op: ReduceOp, value: Any) -> Any:
            def gather(t: Tensor) -> Tensor:
                return collective_ops.all_gather(t, self._strategy)

            return reduce_with_slices(value, op, self.num_replicas_in_sync, gather,
                                      lambda flat: _packed_all_reduce(self, op, flat))

        return tf_all_reduce(self, as_reduce_op(reduce_op), value, reduce)

    def all_gather(self, value: Any, axis: int, options: Any = None) -> Any:
        if self._tracing:
            raise NotTraceable("all_gather in a replica function")

        flat = [convert_to_tensor(v) for v in nest.flatten(value)]
        parts = self._strategy._collect(self, [t._arr for t in flat])
        out = [concat([EagerTensor(p[k]) for p in parts], axis=axis) for k in range(len(flat))]
        return nest.pack_sequence_as(value, out)

    def merge_call(self, merge_fn: Callable, args: tuple = (), kwargs: dict | None = None) -> Any:
        """Runs `merge_fn(strategy, *args)` once in cross-replica context, with the
        replicas' arguments grouped as PerReplica values; each replica gets its part."""
        kwargs = kwargs or {}
        merge_fn = autographed(merge_fn)  # (as TF's merge_call, by AutoGraph's status)
        if self._tracing:
            raise NotTraceable("merge_call in a replica function")
        gathered = self._exchange((args, kwargs))
        if self.local_index == 0 or self._rendezvous is None:
            merged_args = regroup([a for a, _ in gathered], wrap_same=False) \
                if len(gathered) > 1 else args
            merged_kwargs = regroup([k for _, k in gathered], wrap_same=False) \
                if len(gathered) > 1 else kwargs
            result = cross_replica_call(self._strategy, merge_fn, merged_args, merged_kwargs)
            outcome = self._exchange(result)[0] if self._rendezvous is not None else result
        else:
            outcome = self._exchange(None)[0]
        return select_replica(self.local_index, outcome)


def cross_replica_call(strategy: Any, merge_fn: Callable, args: tuple, kwargs: dict) -> Any:
    """`merge_fn(strategy, *args, **kwargs)` in the strategy's cross-replica context (as
    TF: in_cross_replica_context() is True there, for the default strategy too)."""
    prev = context.set_replica_context(None)
    pushed = strategy not in context.current_strategies()
    if pushed:
        context.push_strategy(strategy)
    try:
        return merge_fn(strategy, *args, **kwargs)
    finally:
        if pushed:
            context.pop_strategy(strategy)
        context.set_replica_context(prev)


_DESTINATIONS = ("destinations must be one of a `DistributedValues` object, a tf.Variable "
                 "object, or a device string.")


def tf_all_reduce(ctx: ReplicaContext, op: ReduceOp, value: Any,
                  reduce: Callable[[ReduceOp, Any], Any]) -> Any:
    """`reduce(op, value)` with what TF's strategies do around it. The strategies that run
    replicas in threads read each value's dtype first (a Python number: MirroredStrategy's
    AttributeError, the ValueError of the others' cross-device ops), and MirroredStrategy's
    and CentralStorageStrategy's MEAN divides the sum by the replicas with Python's `/`:
    integers give floats there (int32 -> float64), as TF's truediv. (Checked eagerly;
    a traced run converts numbers.)"""
    path = ctx._strategy._all_reduce_path
    flat = nest.flatten(value)
    if path is not None and _state.graph is None:  # (a traced run converts them)
        for leaf in flat:
            if not hasattr(leaf, "dtype"):
                if path != "mirrored":
                    raise ValueError(_DESTINATIONS)
                raise AttributeError(f"'{type(leaf).__name__}' object has no attribute 'dtype'")
    if op is ReduceOp.MEAN and path in ("mirrored", "central") and flat and all(
            isinstance(t, Tensor) and t.dtype.is_integer for t in flat):
        n = ctx.num_replicas_in_sync
        return nest.map_structure(lambda t: truediv(t, n), reduce(ReduceOp.SUM, value))
    return reduce(op, value)


def reduce_with_slices(value: Any, op: ReduceOp, replicas: int, gather: Callable,
                       reduce_dense: Callable) -> Any:
    """An all-reduce of `value`'s tensors by `reduce_dense(flat tensors)`, in which an
    IndexedSlices is gathered instead, as TF reduces one: every replica's rows concatenated
    by `gather` (a MEAN's values divided by the replicas), not summed dense."""
    flat = nest.flatten(value)
    rows = {i: v for i, v in enumerate(flat) if isinstance(v, IndexedSlices)}
    dense = iter(reduce_dense([convert_to_tensor(v) for i, v in enumerate(flat)
                               if i not in rows]))
    out = []
    for i in range(len(flat)):
        if i not in rows:
            out.append(next(dense))
            continue
        values = gather(rows[i].values)
        if op is ReduceOp.MEAN:
            values = values / cast(replicas, values.dtype)
        out.append(IndexedSlices(values, gather(rows[i].indices), rows[i].dense_shape))
    return nest.pack_sequence_as(value, out)


def _packed_all_reduce(ctx: ReplicaContext, op: ReduceOp, flat: list) -> list:
    """One collective per dtype, as TF packs gradients: tensors of known shape are
    flattened, concatenated, reduced together and split back (the same sums, element by
    element, with one meeting of the replicas instead of one per tensor)."""
    out: list = [None] * len(flat)
    groups: dict = {}
    for i, t in enumerate(flat):
        if t.shape.is_fully_defined():
            groups.setdefault(t.dtype, []).append(i)
        else:
            out[i] = _all_reduce(ctx, op, t)
    for idx in groups.values():
        if len(idx) == 1:
            out[idx[0]] = _all_reduce(ctx, op, flat[idx[0]])
            continue
        sizes = [flat[i].shape.num_elements() for i in idx]
        reduced = _all_reduce(ctx, op, concat([reshape(flat[i], [-1]) for i in idx], 0))
        for i, part in zip(idx, split(reduced, sizes)):
            out[i] = reshape(part, flat[i].shape.as_list())
    return out


def _all_reduce(ctx: ReplicaContext, op: ReduceOp, t: Tensor) -> Tensor:
    # The op finds its replica in the thread's context when it runs (eagerly or in a graph).
    return collective_ops.all_reduce(t, op.value, ctx._strategy)
