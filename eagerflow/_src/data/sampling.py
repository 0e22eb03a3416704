"""`Dataset.sample_from_datasets`, built as TF 2.21 builds it so that a seed gives TF's
order: a selector dataset of indices, each drawn by `stateless_categorical` from the
weights' logits with a seed pair taken from `Dataset.random(seed).batch(2)`, drives a
directed interleave (combining.ChooseFromDatasets: an exhausted input is skipped and the
next index drawn, or the whole stops with `stop_on_empty_dataset`).

Python weights drop the datasets whose weight is not positive first (none left: an
empty dataset), and one dataset left is returned as it is. Weights may also be a
dataset: each draw reads the next weight vector.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.data.combining import ChooseFromDatasets, check_datasets
from eagerflow._src.data.dataset import INFINITE, UNKNOWN, DatasetV2
from eagerflow._src.data.sources import RandomDataset
from eagerflow._src.ops.array import expand_dims, squeeze
from eagerflow._src.ops.math import log
from eagerflow._src.ops.random_stateless import stateless_categorical


class _SampledDataset(ChooseFromDatasets):
    """ChooseFromDatasets whose selector draws at random: infinite when every input is."""

    def _cardinality(self) -> int:
        cards = [d._cardinality() for d in self._inputs[:-1]]
        return INFINITE if all(c == INFINITE for c in cards) else UNKNOWN


def _check_members(datasets: list) -> None:
    for d in datasets:
        if not isinstance(d, DatasetV2):
            raise TypeError(f"Invalid `datasets`. `datasets` must be a list of "
                            f"`tf.data.Dataset` objects, got {d!r}.")


def sample_from_datasets(datasets: Any, weights: Any = None, seed: Any = None,
                         stop_on_empty_dataset: bool = False,
                         rerandomize_each_iteration: Any = None) -> DatasetV2:
    check_datasets(datasets)
    len(datasets)  # (TF takes its length next: Python's TypeError for a non-sequence)
    datasets = list(datasets)
    seeds = RandomDataset(seed, rerandomize_each_iteration).batch(2)
    if isinstance(weights, DatasetV2):
        _check_members(datasets)
        logits = weights.map(lambda *p: log(p))
        selector = DatasetV2.zip((logits, seeds)).map(
            lambda lg, s: squeeze(stateless_categorical(lg, 1, seed=s), axis=[0, 1]))
        return _SampledDataset(datasets, selector, stop_on_empty_dataset)
    if weights is None:
        _check_members(datasets)
        lg = convert_to_tensor([[1.0] * len(datasets)])
    else:
        if isinstance(weights, Tensor):
            if not weights.shape.is_compatible_with([len(datasets)]):
                raise ValueError(f"Invalid `weights`. The shape of `weights` should be "
                                 f"compatible with `[len(datasets)]` but is {weights.shape}.")
        else:
            weights = weights.numpy() if hasattr(weights, "numpy") else weights
            len(weights)  # (TF's first use: Python's TypeError for a non-sequence)
            weights = list(weights)
            if len(datasets) != len(weights):
                raise ValueError(f"Invalid `weights`. `weights` should have the same length as "
                                 f"`datasets` but got `len(weights)={len(weights)}` vs. "
                                 f"`len(datasets)={len(datasets)}`.")
        _check_members(datasets)  # (TF reads the datasets once the weights' shape passes)
        if not isinstance(weights, Tensor):
            kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
            datasets, weights = ([d for d, _ in kept], [w for _, w in kept]) if kept else \
                ([datasets[0].take(0)], [1.0])
        w = convert_to_tensor(weights)
        if w.dtype not in (_dt.float32, _dt.float64):
            raise TypeError(f"Invalid `weights`. `weights` type must be either `tf.float32` or "
                            f"`tf.float64` but is {w.dtype}.")
        lg = expand_dims(log(w), 0)
    if len(datasets) == 1:
        return datasets[0]
    selector = seeds.map(lambda s: squeeze(stateless_categorical(lg, 1, seed=s), axis=[0, 1]))
    return _SampledDataset(datasets, selector, stop_on_empty_dataset)
