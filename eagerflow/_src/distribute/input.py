"""Distributed input: global batches split across replicas, or one pipeline per replica.

`experimental_distribute_dataset` splits each global batch along its first axis into
one part per replica (5 + 5 for a batch of 10 over two replicas); under
MultiWorkerMirroredStrategy each worker keeps its own part of every global batch
(AutoShardPolicy.DATA). `distribute_datasets_from_function` calls the function with
an InputContext and hands consecutive per-replica batches to the replicas.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.distribute.values import PerReplica


def split_batch(element: Any, parts: int) -> list:
    """One structure per part, each leaf cut along axis 0 (np.array_split sizes)."""
    flat = [convert_to_tensor(x) for x in nest.flatten(element)]
    pieces = []
    for t in flat:
        if not t._shape:
            raise ValueError("experimental_distribute_dataset needs batched elements (rank >= 1) "
                             f"to split across {parts} replicas, got a scalar")
        pieces.append([EagerTensor(np.ascontiguousarray(p), t._dtype)
                       for p in np.array_split(t._arr, parts, axis=0)])
    return [nest.pack_sequence_as(element, [p[i] for p in pieces]) for i in range(parts)]


def distribute_element(strategy: Any, element: Any) -> Any:
    """This worker's share of a global batch, split across its local replicas.

    Returns None when the batch has fewer examples than there are replicas to feed.
    """
    workers, rank = strategy._worker_layout()
    n_local = len(strategy._devices)
    if workers * n_local == 1:
        return element  # nothing to split (also what a tf.function's iteration yields)
    if any(not hasattr(x, "_arr") for x in nest.flatten(element)):
        raise NotImplementedError(
            "Iterating a distributed dataset inside a tf.function is not supported with "
            f"{workers * n_local} replicas: iterate it outside and pass each element to the "
            "tf.function (`for x in dist_dataset: train_step(x)`)")
    size = _batch_size(element)
    if size is not None and size < workers * n_local:
        return None
    if workers > 1:  # keep this worker's share of the global batch (AutoShardPolicy.DATA)
        element = split_batch(element, workers)[rank]
    return element if n_local == 1 else _per_replica(split_batch(element, n_local))


def _batch_size(element: Any) -> int | None:
    for x in nest.flatten(element):
        shape = getattr(x, "shape", None)
        if shape is not None and len(shape) and shape[0] is not None:
            return int(shape[0])
    return None


class DistributedDataset:
    """Iterates a dataset of global batches as per-replica values."""

    def __init__(self, strategy: Any, dataset: Any) -> None:
        self._strategy = strategy
        self._dataset = dataset

    def __iter__(self) -> DistributedIterator:
        return DistributedIterator(self._strategy, iter(self._dataset))

    @property
    def element_spec(self) -> Any:
        return getattr(self._dataset, "element_spec", None)

    def _ag_for_stmt(self, *loop: Any) -> None:
        """`for x in dist_dataset` in a tf.function: a graph loop over a fresh iterator."""
        if not hasattr(self._dataset, "_make_iterator"):
            raise NotImplementedError(_PYTHON_SEQUENCE)
        if _replicas(self._strategy) == 1:
            from eagerflow._src.data import graph_ops

            graph_ops.for_over_dataset(self._dataset, *loop)
            return
        from eagerflow._src.distribute.graph_run import for_over_distributed

        for_over_distributed(self._strategy, self._dataset, None, loop)


_PYTHON_SEQUENCE = ("Iterating a distributed Python sequence inside a tf.function: distribute "
                    "a tf.data.Dataset, or iterate outside and pass each element to the "
                    "function")


def _replicas(strategy: Any) -> int:
    workers, _ = strategy._worker_layout()
    return workers * len(strategy._devices)


class DistributedIterator:
    """`iter(dist_dataset)`: each `next` is the next global batch, shared among replicas.

    Passed to a tf.function, it is used by reference: `next` inside the function reads
    the dataset when the function runs (with several replicas, an op that splits the
    batch among them: graph_run.py).
    """

    def __init__(self, strategy: Any, it: Iterator) -> None:
        self._strategy = strategy
        self._it = it

    def __iter__(self) -> DistributedIterator:
        return self

    def __next__(self) -> Any:
        if _state.graph is not None:
            if not hasattr(self._it, "_graph_next"):
                # A Python sequence read while tracing would be frozen into the graph.
                raise NotImplementedError(_PYTHON_SEQUENCE)
            if _replicas(self._strategy) > 1:
                from eagerflow._src.distribute.graph_run import distributed_next

                return distributed_next(self._strategy, self._it)
        element = next(self._it)
        shared = distribute_element(self._strategy, element)
        if shared is None:
            raise ValueError(f"A global batch of {_batch_size(element)} examples cannot be "
                             f"split across {self._strategy.num_replicas_in_sync} replicas")
        return shared

    def get_next(self) -> Any:
        return self.__next__()

    def _ag_for_stmt(self, *loop: Any) -> None:
        """`for x in iterator` in a tf.function: a graph loop reading it by reference."""
        if not hasattr(self._it, "_ag_for_stmt"):
            raise NotImplementedError(_PYTHON_SEQUENCE)
        if _replicas(self._strategy) == 1:
            self._it._ag_for_stmt(*loop)
            return
        from eagerflow._src.distribute.graph_run import for_over_distributed

        for_over_distributed(self._strategy, None, self._it, loop)


class DistributedDatasetsFromFunction:
    """Per-replica batches from `dataset_fn(input_context)`, dealt to replicas in turn."""

    def __init__(self, strategy: Any, dataset_fn: Callable) -> None:
        from eagerflow._src.distribute.strategy import InputContext

        workers, rank = strategy._worker_layout()
        self._strategy = strategy
        self._dataset = dataset_fn(InputContext(workers, rank, strategy.num_replicas_in_sync))

    def __iter__(self) -> Iterator:
        n = len(self._strategy._devices)
        it = iter(self._dataset)
        while True:
            group = []
            for _ in range(n):
                try:
                    group.append(next(it))
                except StopIteration:
                    return
            yield group[0] if n == 1 else _per_replica(group)


def _per_replica(structures: list) -> Any:
    flats = [nest.flatten(s) for s in structures]
    return nest.pack_sequence_as(structures[0], [PerReplica(parts) for parts in zip(*flats)])
