"""TF's dataset ops over datasets read by index (TF's random access): GlobalShuffleDataset.

Data layer, over raw_dataset_misc.py (seed generators) and the RandomIndexShuffle op. As
TF's: the input must give random access (no filter, shuffle, interleave, flat_map,
unbatch, padded batch, batch keeping a remainder, endless repeat below it: TF's words
name the first it finds) and a known, finite, non-empty count n. Each iteration draws two
seed pairs (s1, s2), (s3, _) from its seed generator (a dataset's own seeds, reseeded
each iteration where it reshuffles: then words 4k .. 4k + 2 of the Philox stream of its
seeds) and gives the input's element at RandomIndexShuffle(i, (s1, s2, s3), n - 1, 8
rounds) as its i-th. (TF reads the input by index; this reads it once an iteration
starts.)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.data import dataset_methods  # noqa: F401 (the methods built on)
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import DatasetVariant, flat_input
from eagerflow._src.data.iterators import ElementIterator, IterContext, ListIterator
from eagerflow._src.data.random_seed import iterator_seeds
from eagerflow._src.data.raw_dataset_extra import dataset_variant_text, listed_op
from eagerflow._src.data.raw_dataset_misc import (
    SeedGenerator,
    dummy_handle,
    op_seeds,
    signature_infer,
)
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.variant_value import variant_array
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.random_stateless import INDEX_SHUFFLE
from eagerflow._src.ops.registry import BadSample, Sample
from eagerflow._src.ops.table_handles import held

_I64 = np.int64
_I64_ATTRS = {"output_types": (dt.int64,), "output_shapes": ((),)}
_ROUNDS = 8  # (TF's global shuffle's, twice tf.random.experimental.index_shuffle's)
_NEEDS = "`global_shuffle` requires all upstream transformations be compatible with random " \
         "access. Got: "
_NOT_RANDOM = {"_FilterDataset": "FilterDataset", "_ShuffleDataset": "ShuffleDatasetV3",
               "_InterleaveDataset": "InterleaveDataset",
               "_ParallelInterleaveDataset": "ParallelInterleaveDatasetV4",
               "_UnbatchDataset": "UnbatchDataset",
               "_PaddedBatchDataset": "PaddedBatchDatasetV2"}


def not_random_access(ds: DatasetV2) -> str | None:
    """TF's words for the first dataset of the pipeline that cannot be read by index, or
    None. (TF's take doesn't ask its input.)"""
    name = getattr(ds, "_repr_name", type(ds).__name__)
    if name in _NOT_RANDOM:
        return f"FAILED_PRECONDITION: {_NOT_RANDOM[name]} does not support random access."
    if name == "_FlatMapDataset":
        return ("UNIMPLEMENTED: Please consider applying maps on each dataset, concatenating "
                "them into one dataset and apply global shuffle dataset op onto the dataset "
                "to achieve the same result as flat map with global shuffling.")
    if name == "_RepeatDataset" and getattr(ds, "_count", None) == -1:
        return "FAILED_PRECONDITION: `repeat(-1)` does not support random access of tf.data " \
               "datasets."
    if name == "_BatchDataset" and not getattr(ds, "_drop", False):
        return "FAILED_PRECONDITION: BatchDatasetV2 does not support global shuffling with " \
               "`drop_remainder=False`."
    if name == "_TakeDataset":
        return None
    for d in getattr(ds, "_inputs", ()):
        if isinstance(d, DatasetV2):
            found = not_random_access(d)
            if found:
                return found
    return None


def shuffled_positions(n: int, key: tuple) -> list:
    """TF's permutation of n positions under the index shuffle's key (three words)."""
    seed = EagerTensor(np.array([k & 0xFFFFFFFF for k in key], np.int64), dt.int64, CPU_DEVICE)
    index = EagerTensor(np.arange(n, dtype=np.int64), dt.int64, CPU_DEVICE)
    top = EagerTensor(np.int64(n - 1), dt.int64, CPU_DEVICE)
    return bind(INDEX_SHUFFLE, (index, seed, top), {"rounds": _ROUNDS})._numpy().tolist()


def iteration_key(seeds: tuple, k: int, reshuffle: bool) -> tuple:
    """The key of an iteration whose seed pairs are the k-th and (k + 1)-th drawn."""
    a, b = iterator_seeds(seeds, k, reshuffle), iterator_seeds(seeds, k + 1, reshuffle)
    return a[0], a[1], b[0]


class GlobalShuffled(DatasetV2):
    """Its input's elements in the order of the index shuffle of each iteration's key."""

    _repr_name = "_GlobalShuffleDataset"

    def __init__(self, input_dataset: DatasetV2, seeds: tuple, reshuffle: bool,
                 generator: SeedGenerator | None) -> None:
        super().__init__((input_dataset,), input_dataset._structure)
        self._seeds, self._reshuffle, self._generator = seeds, reshuffle, generator
        self._draws = 0

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        gen = self._generator
        if gen is not None:
            key = iteration_key(gen.seeds, gen.count, gen.reshuffle)
            gen.count += 2
        else:
            key = iteration_key(self._seeds, self._draws, self._reshuffle)
            self._draws += 2
        it = self._inputs[0]._make_iterator(ctx)
        try:
            items = list(it)
        finally:
            it.close()
        return ListIterator([items[i] for i in shuffled_positions(len(items), key)])

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality()


def _global_shuffle(op: str, input_dataset: Any, seed: Any, seed2: Any, seed_generator: Any,
                    *, reshuffle_each_iteration: bool = True, **_: Any) -> tuple:
    ds = flat_input(op, input_dataset)
    why = not_random_access(ds)
    if why:
        raise FailedPreconditionError(None, None, f"{_NEEDS}{why} [Op:{op}]")
    n = ds._cardinality()
    if n <= 0:
        raise InvalidArgumentError(None, None, f"`global_shuffle` requires the input dataset "
                                               f"to have a non-empty finite cardinality. Got "
                                               f"cardinality {n} for dataset "
                                               f"{dataset_variant_text(input_dataset)} "
                                               f"[Op:{op}]")
    hh = held(seed_generator)
    gen = hh.target if hh is not None and isinstance(hh.target, SeedGenerator) else None
    seeds = op_seeds(seed, seed2)
    return GlobalShuffled(ds, seeds, bool(reshuffle_each_iteration), gen), \
        "GlobalShuffleDatasetOp::Dataset"


def _reference(v: Any, seed: Any, seed2: Any, gen: Any, *,
               reshuffle_each_iteration: bool = True, **_: Any) -> DatasetVariant:
    items = v[()].elements()
    seeds = (int(seed), int(seed2))
    key = iteration_key(seeds, 0, reshuffle_each_iteration)
    words = np.array([k & 0xFFFFFFFF for k in key], np.int64)
    order = INDEX_SHUFFLE.reference(np.arange(len(items), dtype=np.int64), words,
                                    np.int64(len(items) - 1), _ROUNDS)
    return elements_variant([items[i] for i in order.tolist()])


def _range_variant(n: int) -> np.ndarray:
    return variant_array(DatasetV2.range(n), f"RangeDatasetOp(0, {n}, 1)::Dataset")


def _filtered() -> np.ndarray:
    return variant_array(DatasetV2.range(5).filter(lambda x: x > 1), "FilterDatasetOp::Dataset")


_DUMMY = "tensorflow::data::SeedGenerator"

GLOBAL_SHUFFLE = listed_op(
    "GlobalShuffleDataset", _global_shuffle,
    infer=signature_infer("GlobalShuffleDataset", "viir", (None, "seed", "seed2"),
                          (dt.variant,)),
    reference=_reference,
    samples=lambda: [Sample((_range_variant(10), _I64(1), _I64(2), dummy_handle(_DUMMY)),
                            _I64_ATTRS, grad=False),
                     Sample((_range_variant(300), _I64(5), _I64(7), dummy_handle(_DUMMY)),
                            dict(_I64_ATTRS, reshuffle_each_iteration=False), grad=False)],
    bad_samples=lambda: [
        BadSample((_filtered(), _I64(1), _I64(2), dummy_handle(_DUMMY)), _I64_ATTRS,
                  FailedPreconditionError,
                  _NEEDS + "FAILED_PRECONDITION: FilterDataset does not support random access."),
        BadSample((_range_variant(0), _I64(1), _I64(2), dummy_handle(_DUMMY)), _I64_ATTRS,
                  InvalidArgumentError, "`global_shuffle` requires the input dataset to have a "
                                        "non-empty finite cardinality. Got cardinality 0 for "
                                        "dataset RangeDatasetOp(0, 0, 1)::Dataset"),
        BadSample((_range_variant(3), _I64([1]), _I64(2), dummy_handle(_DUMMY)), _I64_ATTRS,
                  InvalidArgumentError, "seed must be a scalar")])
