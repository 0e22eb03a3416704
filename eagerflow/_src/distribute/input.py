"""Distributed input: global batches split across replicas, or one pipeline per replica.

`experimental_distribute_dataset` splits each global batch along its first axis into
one part per replica (5 + 5 for a batch of 10 over two replicas); under
MultiWorkerMirroredStrategy each worker keeps its own part of every global batch
(AutoShardPolicy.DATA). `distribute_datasets_from_function` calls the function with
an InputContext and hands consecutive per-replica batches to the replicas.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import FailedPreconditionError, op_error
from eagerflow._src.core.tensor_spec import TensorSpec, TypeSpec
from eagerflow._src.data import graph_ops
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.optional import Optional, _OptionalImpl
from eagerflow._src.data.options import AutoShardPolicy
from eagerflow._src.data.structure import structure_spec
from eagerflow._src.data.transformations import SHARD_HINT_ONLY, ShardHintDataset
from eagerflow._src.distribute import graph_run
from eagerflow._src.distribute.batch_split import deal_group, distribute_element, per_replica
from eagerflow._src.distribute.values import PerReplica, PerReplicaSpec
from eagerflow._src.ops.eager_errors import raised_eagerly


class InputContext:
    """What an input function knows: pipelines, this pipeline's id, replicas in sync."""

    def __init__(self, num_input_pipelines: int = 1, input_pipeline_id: int = 0,
                 num_replicas_in_sync: int = 1) -> None:
        self.num_input_pipelines = num_input_pipelines
        self.input_pipeline_id = input_pipeline_id
        self.num_replicas_in_sync = num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size: int) -> int:
        if global_batch_size % self.num_replicas_in_sync:
            raise ValueError(f"The `global_batch_size` {global_batch_size} is not divisible by "
                             f"`num_replicas_in_sync` {self.num_replicas_in_sync}")
        return global_batch_size // self.num_replicas_in_sync

    def __str__(self) -> str:
        return (f"tf.distribute.InputContext(input pipeline id {self.input_pipeline_id}, "
                f"total: {self.num_input_pipelines})")


class DistributedDataset:
    """Iterates a dataset of global batches as per-replica values."""

    _deal = False  # each element is a global batch, split among the replicas

    def __init__(self, strategy: Any, dataset: Any, options: Any = None) -> None:
        if not isinstance(dataset, DatasetV2):  # TF reads its variant tensor first
            raise AttributeError(f"'{type(dataset).__name__}' object has no attribute "
                                 "'_variant_tensor'")
        self._strategy = strategy
        self._dataset = dataset
        # (InputOptions: each replica's batch fetched to its device unless told not to)
        self._to_devices = getattr(options, "experimental_fetch_to_device", True) is not False
        if not self._deal and strategy.num_replicas_in_sync > 1:
            _check_batched(dataset)
        policy = dataset.options().experimental_distribute.auto_shard_policy
        if policy == AutoShardPolicy.HINT and strategy._fills_shard_hints:
            # (TF's strategies, not the default one, shard there by worker)
            self._dataset = ShardHintDataset(dataset, *strategy._worker_layout())

    def __iter__(self) -> DistributedIterator:
        try:
            it = iter(self._dataset)
        except FailedPreconditionError as e:
            if SHARD_HINT_ONLY not in str(e) or not self._strategy._fills_shard_hints:
                raise
            # a strategy's multi-device iterator, which TF starts with its own op
            raise raised_eagerly(op_error(FailedPreconditionError, "MultiDeviceIteratorInit",
                                          SHARD_HINT_ONLY), host=True) from None
        return DistributedIterator(self._strategy, it, self._deal, to_devices=self._to_devices)

    @property
    def element_spec(self) -> Any:
        return distributed_spec(self._strategy, getattr(self._dataset, "element_spec", None),
                                self._deal)

    @property
    def cardinality(self) -> Any:
        """The number of elements (global batches, or each replica's from a function), or
        tf.data's INFINITE (-1) / UNKNOWN (-2), as TF reads it when distributing."""
        return self._dataset.cardinality().numpy()

    def _ag_for_stmt(self, *loop: Any) -> None:
        """`for x in dist_dataset` in a tf.function: a graph loop over a fresh iterator."""
        if not hasattr(self._dataset, "_make_iterator"):
            raise NotImplementedError(_PYTHON_SEQUENCE)
        if not _needs_op(self._strategy, self._deal):
            graph_ops.for_over_dataset(self._dataset, *loop)
            return
        graph_run.for_over_distributed(self._strategy, self._dataset, None, self._deal, loop)


class DistributedDatasetsFromFunction(DistributedDataset):
    """Per-replica batches from `dataset_fn(input_context)`, dealt to replicas in turn."""

    _deal = True  # each element is one replica's batch

    def __init__(self, strategy: Any, dataset_fn: Callable, options: Any = None) -> None:
        workers, rank = strategy._worker_layout()
        dataset = dataset_fn(InputContext(workers, rank, strategy.num_replicas_in_sync))
        if not hasattr(dataset, "element_spec"):  # TF reads it first
            raise AttributeError(f"'{type(dataset).__name__}' object has no attribute "
                                 "'element_spec'")
        super().__init__(strategy, dataset, options)


def _check_batched(dataset: Any) -> None:
    """TF's rebatching reads each component's batch dim from the dataset's spec: a
    scalar component fails there, with an IndexError (as in TF 2.21)."""
    for s in nest.flatten(getattr(dataset, "element_spec", None)):
        shape = getattr(s, "shape", None)
        if shape is not None and getattr(shape, "rank", None) == 0:
            raise IndexError("list index out of range")


def distributed_spec(strategy: Any, spec: Any, deal: bool) -> Any:
    """The spec of a distributed element: with several local replicas, each value a
    PerReplicaSpec (a split batch's static size divided among them where it divides)."""
    n = len(strategy._devices)
    if n == 1 or spec is None:
        return spec

    def one(s: Any) -> Any:
        if not deal and isinstance(s, TensorSpec) and s.shape.rank:
            size = s.shape[0]
            size = size // n if size is not None and size % n == 0 else None
            s = TensorSpec([size] + s.shape.as_list()[1:], s.dtype, s.name)
        return PerReplicaSpec(*[s] * n)

    return nest.map_structure(one, spec)


_PYTHON_SEQUENCE = ("Iterating a distributed Python sequence inside a tf.function: distribute "
                    "a tf.data.Dataset, or iterate outside and pass each element to the "
                    "function")


def _needs_op(strategy: Any, deal: bool) -> bool:
    """Whether reading inside a function takes graph_run's op: several replicas share a
    batch (split), or several local replicas take one batch each (deal)."""
    workers, _ = strategy._worker_layout()
    n_local = len(strategy._devices)
    return n_local > 1 if deal else workers * n_local > 1


class DistributedIterator:
    """`iter(dist_dataset)`: each `next` is the next global batch, shared among replicas
    (or, from `distribute_datasets_from_function`, the next batch for each replica).

    Read inside a tf.function, `next` reads the dataset when the function runs (with
    several replicas, an op that splits or deals the batches among them: graph_run.py).
    Passed to one, it is traced by its spec and fed as TF's are: the resource of its
    multi-device iterator, then one per local device (`_iterator_resources`); the trace
    sees one over those placeholders (`handles`), whose reads take the devices' ones.
    """

    def __init__(self, strategy: Any, it: Iterator, deal: bool = False,
                 handles: tuple | None = None, to_devices: bool = True) -> None:
        self._strategy = strategy
        self._it = it
        self._deal = deal
        self._handles = handles
        self._to_devices = to_devices

    @property
    def element_spec(self) -> Any:
        return distributed_spec(self._strategy, getattr(self._it, "element_spec", None),
                                self._deal)

    def __iter__(self) -> DistributedIterator:
        return self

    def __next__(self) -> Any:
        if _state.graph is not None:
            if not hasattr(self._it, "_graph_next"):
                # A Python sequence read while tracing would be frozen into the graph.
                raise NotImplementedError(_PYTHON_SEQUENCE)
            if _needs_op(self._strategy, self._deal):
                return graph_run.distributed_next(self._strategy, self._it, self._deal,
                                                  self._device_handles)
        if self._deal:
            group = deal_group([next(self._it, None) for _ in self._strategy._devices],
                               getattr(self._it, "element_spec", None))
            if group is None:
                raise StopIteration
            if len(group) == 1:
                return group[0]
            return per_replica(group, self._strategy._devices if self._to_devices else None)
        return distribute_element(self._strategy, next(self._it), keep_small=True,
                                  to_devices=self._to_devices)

    def get_next(self) -> Any:
        return self.__next__()

    def get_next_as_optional(self) -> Any:
        """The next value (per replica) as an Optional: has_value() is False at the end."""
        if _state.graph is not None:
            if _needs_op(self._strategy, self._deal) and hasattr(self._it, "_graph_next"):
                return graph_run.distributed_optional(self._strategy, self._it, self._deal,
                                                      self._device_handles)
            if hasattr(self._it, "get_next_as_optional"):
                return self._it.get_next_as_optional()
        try:
            value = self.__next__()
        except StopIteration:
            return Optional.empty(self.element_spec)
        # the spec of the value read (a short batch's own sizes), as TF's from_value
        return _OptionalImpl(value, True, nest.map_structure(
            lambda x: x._type_spec if isinstance(x, PerReplica) else structure_spec(x), value))

    def _ag_for_stmt(self, *loop: Any) -> None:
        """`for x in iterator` in a tf.function: a graph loop reading it by reference."""
        if not hasattr(self._it, "_ag_for_stmt"):
            raise NotImplementedError(_PYTHON_SEQUENCE)
        if not _needs_op(self._strategy, self._deal):
            self._it._ag_for_stmt(*loop)
            return
        graph_run.for_over_distributed(self._strategy, None, self._it, self._deal, loop,
                                       self._device_handles)

    # -- as a tf.function's argument: traced by its spec (TF's DistributedIteratorSpec) --
    @property
    def _traced_by_spec(self) -> bool:
        """Whether a tf.function traces it by its spec: it wraps a tf.data iterator (a
        Python sequence's iterator is used by reference)."""
        return hasattr(self._it, "_traced_from")

    @property
    def _iterator_resource(self) -> Any:
        return self._iterator_resources[0]

    @property
    def _iterator_resources(self) -> tuple:
        """The resource tensors a call feeds (TF's: the multi-device iterator's, then each
        local device's iterator's): here the tf.data iterator's own, then one more naming
        it per device."""
        if self._handles is not None:
            return self._handles
        per_device = self.__dict__.get("_per_device")
        if per_device is None:
            per_device = self._per_device = tuple(
                self._it._new_resource() for _ in self._strategy._devices)
        return (self._it._iterator_resource, *per_device)

    @property
    def _device_handles(self) -> tuple | None:
        """What graph_run's op reads a traced argument through: its devices' placeholders
        (None: the wrapped iterator's own handle)."""
        return None if self._handles is None else self._handles[1:]

    @property
    def _type_spec(self) -> DistributedIteratorSpec:
        return DistributedIteratorSpec(self._strategy, self._it._type_spec, self._deal)

    def _traced_from(self, *handles: Any) -> DistributedIterator:
        """The distributed iterator a trace sees: the same strategy's, over the resource
        placeholders `handles` (the multi-device iterator's, then each device's); its
        tf.data iterator reads through the first device's, as TF's single replica does."""
        return DistributedIterator(self._strategy, self._it._traced_from(handles[1]),
                                   self._deal, handles)


class DistributedIteratorSpec(TypeSpec):
    """The trace type of a distributed iterator argument: its strategy (the very one), its
    tf.data iterator's IteratorSpec and how batches reach the replicas, as TF keys one."""

    __slots__ = ("_strategy", "_iterator_spec", "_deal")

    def __init__(self, strategy: Any, iterator_spec: Any, deal: bool) -> None:
        self._strategy, self._iterator_spec, self._deal = strategy, iterator_spec, deal

    @property
    def _element_spec(self) -> Any:
        return self._iterator_spec._element_spec

    @property
    def value_type(self) -> type:
        return DistributedIterator

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        other = getattr(spec_or_value, "_type_spec", spec_or_value)
        return isinstance(other, DistributedIteratorSpec) and \
            other._strategy is self._strategy and other._deal == self._deal and \
            self._iterator_spec.is_compatible_with(other._iterator_spec)

    def _common(self, other: Any) -> DistributedIteratorSpec | None:
        if not (isinstance(other, DistributedIteratorSpec) and
                other._strategy is self._strategy and other._deal == self._deal):
            return None
        common = self._iterator_spec._common(other._iterator_spec)
        return None if common is None else DistributedIteratorSpec(self._strategy, common,
                                                                   self._deal)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, DistributedIteratorSpec) and \
            other._strategy is self._strategy and other._deal == self._deal and \
            other._iterator_spec == self._iterator_spec

    def __hash__(self) -> int:
        return hash((id(self._strategy), self._deal, self._iterator_spec))

    def __repr__(self) -> str:
        devices = tuple(self._strategy._devices)
        return f"DistributedIteratorSpec({devices!r}, {self._element_spec!r})"
