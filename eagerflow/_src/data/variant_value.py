"""The value of a dataset's variant tensor (`Dataset._variant_tensor`, a dataset op's
output): the pipeline, and TF's debug text of the kernel that made it.

Data layer, at its bottom beside iterators.py: dataset.py's `_variant_tensor` and the
dataset ops (dataset_variants.py) use it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.data.iterators import IterContext

KERNEL_SUFFIX = "Op::Dataset"


class DatasetVariant:
    """The value of a dataset's variant tensor."""

    __slots__ = ("dataset", "variant_text")

    def __init__(self, dataset: Any, text: str) -> None:
        self.dataset = dataset
        self.variant_text = f"<{text}>"

    def elements(self) -> list:
        """Every element as a list of component arrays (what the registry's tests compare;
        a SparseTensor's are its indices, values and dense shape)."""
        it = self.dataset._make_iterator(IterContext(self.dataset.options()))
        try:
            return [[a for c in flat for a in _arrays(c)] for flat in it]
        finally:
            it.close()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DatasetVariant):
            return NotImplemented
        mine, theirs = self.elements(), other.elements()
        return len(mine) == len(theirs) and all(
            len(a) == len(b) and all(x.dtype == y.dtype and x.shape == y.shape and
                                     np.array_equal(x, y) for x, y in zip(a, b))
            for a, b in zip(mine, theirs))

    __hash__ = None  # type: ignore[assignment]


def signed_words(seeds: tuple) -> tuple:
    """Seeds as TF's kernels hold them (int64), for their debug text."""
    return tuple(int(np.uint64(s & 0xFFFFFFFFFFFFFFFF).astype(np.int64)) for s in seeds)


def _arrays(component: Any) -> list:
    if isinstance(component, SparseTensor):
        return [np.asarray(t._numpy()) for t in (component.indices, component.values,
                                                  component.dense_shape)]
    return [np.asarray(component._numpy() if isinstance(component, EagerTensor)
                       else component)]


def variant_array(dataset: Any, text: str) -> np.ndarray:
    """A dataset op kernel's output: the 0-d variant array holding `dataset`."""
    out = np.empty((), object)
    out[()] = DatasetVariant(dataset, text)
    return out


def variant_tensor(dataset: Any) -> EagerTensor:
    """`dataset._variant_tensor`, eagerly: a variant naming the pipeline (a dataset that
    came from a variant gives that variant)."""
    own = getattr(dataset, "_variant", None)
    if isinstance(own, Tensor):
        return own
    # (a dataset's Python class is named as TF's, "_MapDataset", its kernel "MapDatasetOp";
    # one whose kernel shows its arguments says its text itself)
    kernel_text = getattr(dataset, "_kernel_text", None)
    text = kernel_text() if kernel_text is not None else \
        f"{type(dataset).__name__.lstrip('_')}{KERNEL_SUFFIX}"
    return EagerTensor(variant_array(dataset, text), dt.variant, CPU_DEVICE)
