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


class DistributedDataset:
    """Iterates a dataset of global batches as per-replica values."""

    def __init__(self, strategy: Any, dataset: Any) -> None:
        self._strategy = strategy
        self._dataset = dataset

    def __iter__(self) -> Iterator:
        s = self._strategy
        n_local = len(s._devices)
        workers, rank = s._worker_layout()
        for element in self._dataset:
            if workers > 1:  # keep this worker's share of the global batch
                element = split_batch(element, workers)[rank]
            if n_local == 1:
                yield element
            else:
                yield _per_replica(split_batch(element, n_local))

    @property
    def element_spec(self) -> Any:
        return getattr(self._dataset, "element_spec", None)


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
