"""A dataset returned from a tf.function, as TF hands it back: a `_VariantDataset`.

Data layer, beside graph_ops.py (dataset_methods.py installs `_function_result` on
DatasetV2). TF returns the dataset's variant tensor and wraps it again outside the
function, so the caller gets a dataset usable eagerly (iterate it, map it, take from it,
pass it to another function). A pipeline built while a function is traced reads that
function's tensors (a `range(n)` of an argument, a `map` capturing one), which only have
values when the function runs: function/polymorphic.py asks `_function_result` for those
tensors, returns them among the function's outputs, and rebuilds the dataset from their
values each call (`_Returned._from_components`). The `_VariantDataset` feeds the values
to the pipeline whenever it is iterated, as an iteration inside the function feeds them.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.graph_ops import pipeline_captures
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.sources import KNOWN_FEED


class VariantDataset(DatasetV2):
    """The dataset a tf.function returned: its traced pipeline, fed with the values the
    call gave the function's tensors it reads."""

    _repr_name = "_VariantDataset"

    def __init__(self, dataset: DatasetV2, feed: dict) -> None:
        super().__init__((dataset,), dataset._structure)
        # (graph_ops.pipeline_captures stops here: the pipeline below is fed by this)
        self._feed = feed

    def _make_iterator(self, ctx: IterContext | None = None) -> Any:
        inner = IterContext(self.options())
        if ctx is not None:
            for slot in IterContext.__slots__:
                setattr(inner, slot, getattr(ctx, slot))
        inner.feed = {**(inner.feed or {}), **self._feed}
        return self._inputs[0]._make_iterator(inner)

    def _cardinality(self) -> int:
        saved = getattr(KNOWN_FEED, "feed", None)
        KNOWN_FEED.feed = {**(saved or {}), **self._feed}
        try:  # (a traced source of known values counts as the one they make)
            return self._inputs[0]._cardinality()
        finally:
            KNOWN_FEED.feed = saved


class _Returned:
    """Rebuilds the returned dataset from the values of the tensors it reads (the spec of
    a concrete function's output structure: `_from_components`)."""

    __slots__ = ("dataset", "ids")

    def __init__(self, dataset: DatasetV2, captures: list) -> None:
        self.dataset, self.ids = dataset, tuple(id(t) for t in captures)

    def _from_components(self, values: list) -> VariantDataset:
        return VariantDataset(self.dataset, {i: v._arr for i, v in zip(self.ids, values)})


def function_result(dataset: DatasetV2) -> tuple:
    """(the function's tensors `dataset` reads, what rebuilds it from their values)."""
    captures = pipeline_captures(dataset)
    return captures, _Returned(dataset, captures)
