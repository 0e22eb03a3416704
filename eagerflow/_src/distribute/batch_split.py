"""A global batch cut into replicas' shares, as MirroredStrategy's input does.

Distribute layer, below the distributed datasets (input.py) and the one-op replica run
inside a traced function (graph_run.py), which both deal batches with it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.device import placed_on
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.distribute.values import PerReplica


def split_batch(element: Any, parts: int, replicas: bool = False) -> list:
    """One structure per part, each leaf cut along axis 0: for replicas as TF's rebatching
    cuts a batch of n (ceil(n / parts) rows each, in order, so the last replicas may get
    fewer or none), for workers in np.array_split sizes."""
    flat = [convert_to_tensor(x) for x in nest.flatten(element)]
    pieces = []
    for t in flat:
        if not t._shape:
            raise ValueError("experimental_distribute_dataset needs batched elements (rank >= 1) "
                             f"to split across {parts} replicas, got a scalar")
        n = t._shape[0]
        if replicas:
            bounds = [min(n, i * -(-n // parts)) for i in range(parts + 1)]
        else:
            q, r = divmod(n, parts)
            bounds = [i * q + min(i, r) for i in range(parts + 1)]
        pieces.append([EagerTensor(t._arr[a:b].copy(), t._dtype)  # slices work on any device
                       for a, b in zip(bounds, bounds[1:])])
    return [nest.pack_sequence_as(element, [p[i] for p in pieces]) for i in range(parts)]


def distribute_element(strategy: Any, element: Any, keep_small: bool = False,
                       to_devices: bool = False) -> Any:
    """This worker's share of a global batch, split across its local replicas (with
    `to_devices`, each replica's share on its device, as TF's distributed iterators
    fetch them there).

    Returns None when the batch has fewer examples than there are replicas to feed,
    unless `keep_small`: then the last replicas get empty batches, as TF's distributed
    iterators give them.
    """
    workers, rank = strategy._worker_layout()
    n_local = len(strategy._devices)
    if workers * n_local == 1:
        return element  # nothing to split (also what a tf.function's iteration yields)
    if any(not hasattr(x, "_arr") for x in nest.flatten(element)):
        # Inside a function the distributed iterator splits batches with an op when the
        # function runs (graph_run.py); a symbolic batch cannot be split here.
        raise NotImplementedError(
            f"Splitting a symbolic batch across {workers * n_local} replicas: read it from "
            "a distributed iterator (`next(iterator)` or `for x in dist_dataset` inside "
            "the tf.function), or pass each element to the tf.function")
    size = _batch_size(element)
    if size is not None and size < workers * n_local and not keep_small:
        return None
    if workers > 1:  # keep this worker's share of the global batch (AutoShardPolicy.DATA)
        element = split_batch(element, workers)[rank]
    if n_local == 1:
        return element
    parts = split_batch(element, n_local, True)
    return per_replica(parts, strategy._devices if to_devices else None)


def _batch_size(element: Any) -> int | None:
    for x in nest.flatten(element):
        shape = getattr(x, "shape", None)
        if shape is not None and len(shape) and shape[0] is not None:
            return int(shape[0])
    return None


def on_devices(structures: list, devices: Any) -> list:
    """Each replica's structure with its tensors copied to that replica's device (a
    dtype the device cannot hold stays on the host, as place_array keeps it)."""

    def onto(t: Any, name: str) -> Any:
        if type(t) is not EagerTensor or t._device == name:
            return t
        with placed_on(name):
            return EagerTensor(t._arr, t._dtype)

    return [nest.map_structure(lambda t, d=d: onto(t, d), s)
            for s, d in zip(structures, devices)]


def per_replica(structures: list, devices: Any = None) -> Any:
    """One structure of PerReplica values from each replica's structure (with `devices`,
    each replica's tensors first copied to its device)."""
    if devices is not None:
        structures = on_devices(structures, devices)
    flats = [nest.flatten(s) for s in structures]
    return nest.pack_sequence_as(structures[0], [PerReplica(parts) for parts in zip(*flats)])


def deal_group(parts: list, spec: Any) -> list | None:
    """The batches of one step of `distribute_datasets_from_function` (one per local
    replica, None where the dataset had ended), or None when the step does not happen.

    As TF's partial-batch handling: a group cut short by the end is completed with empty
    batches only when some component's shape is not fully static (unknown dims zero, a
    static component's first dim zero: a scalar is its zero); with every shape static,
    or a component TF would need its own empty value for, the short group is dropped.
    """
    if all(p is not None for p in parts):
        return parts
    if parts[0] is None or spec is None:
        return None
    specs = nest.flatten(spec)
    if (not all(isinstance(s, TensorSpec) and s.shape.rank is not None for s in specs)
            or all(s.shape.is_fully_defined() for s in specs)):
        return None

    def empty(s: TensorSpec) -> EagerTensor:
        dims = [d or 0 for d in s.shape.as_list()]
        if dims and s.shape.is_fully_defined():
            dims[0] = 0
        d = dt.as_dtype(s.dtype)
        fill = b"" if d == dt.string else 0
        return EagerTensor(np.full(dims, fill, d.as_numpy_dtype), d)

    return [p if p is not None else nest.map_structure(empty, spec) for p in parts]
