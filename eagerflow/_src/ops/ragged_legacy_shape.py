"""TF's legacy ragged shape (RaggedTensorDynamicShape), with which tf.where still
broadcasts its ragged operands: its checks, made on known dimension sizes.

Ops layer, before the ragged family (it knows no RaggedTensor: ragged_dispatch hands it
each operand's sizes). A shape is its partitioned dimensions (the number of rows, then
each ragged level's row lengths; a uniform one a scalar) and its inner dimensions (the
flat values' others; all of a dense tensor's). Two shapes broadcast one dimension at a
time from the outermost, each shape's dimension against the other's, as TF's
broadcast_dynamic_shape does; a mismatch is TF's Assert ("Unable to broadcast: dimension
size mismatch in dimension", the axis, the lengths and the dimension's sizes). eagerflow
computes the values with the elementwise broadcasting, which agrees where this passes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import equal, logical_or, not_equal
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.sequences import range as range_op


class LegacyShape:
    """Partitioned sizes (NumPy int64: 0-d uniform, 1-d ragged) and inner sizes (ints)."""

    def __init__(self, partitioned: list, inner: list) -> None:
        self.partitioned = [np.asarray(p, np.int64) for p in partitioned]
        self.inner = [int(d) for d in inner]

    @property
    def rank(self) -> int:
        return len(self.partitioned) + len(self.inner)

    def size(self, axis: int) -> np.ndarray:
        n = len(self.partitioned)
        return self.partitioned[axis] if axis < n else np.int64(self.inner[axis - n])

    def is_ragged(self, axis: int) -> bool:
        return axis < len(self.partitioned) and self.partitioned[axis].ndim == 1

    def to_rank(self, rank: int) -> LegacyShape:
        """Leading dimensions of size 1 added up to `rank`."""
        more = rank - self.rank
        if more <= 0:
            return self
        if self.partitioned:
            return LegacyShape([1] * more + self.partitioned, self.inner)
        return LegacyShape([], [1] * more + self.inner)

    def slices(self, axis: int) -> int:
        """How many slices dimension `axis` holds across the shape."""
        if axis < 0:
            return 1
        if self.is_ragged(axis):
            return int(self.partitioned[axis].sum())
        return int(self.size(axis)) * self.slices(axis - 1)

    def broadcast_dimension(self, axis: int, lengths: np.ndarray) -> LegacyShape:
        """This shape with dimension `axis` broadcast to `lengths` (TF's checks first)."""
        _check(self, axis, lengths)
        scalar = lengths.ndim == 0
        if axis < len(self.partitioned):
            return self if self.is_ragged(axis) else self._tile(axis, lengths)
        k = axis - len(self.partitioned)
        if scalar:
            inner = list(self.inner)
            inner[k] = int(lengths) if inner[k] == 1 else inner[k]
            return LegacyShape(self.partitioned, inner)
        if axis == 0:
            raise ValueError("Unable to broadcast: outermost dimension must be uniform.")
        return LegacyShape(self.partitioned + self.inner[:k] + [lengths], self.inner[k + 1:])

    def _tile(self, axis: int, lengths: np.ndarray) -> LegacyShape:
        """A uniform partitioned dimension broadcast to `lengths`: the dimensions inside
        it repeated as its slices are."""
        size = int(self.size(axis))
        if lengths.ndim == 0:
            new = lengths if size == 1 else np.int64(size)
            repeats = np.asarray(lengths if size == 1 else 1)
            splits = np.array([0, self.slices(axis)], np.int64)
        else:
            new, repeats = lengths, lengths
            splits = np.arange(lengths.size + 1, dtype=np.int64)
        sizes = self.partitioned[:axis] + [new]
        for dim in self.partitioned[axis + 1:]:
            if dim.ndim == 0:
                sizes.append(dim)
                splits = splits * dim
            else:
                sizes.append(_repeat_ranges(dim, splits, repeats))
                splits = np.concatenate([[0], np.cumsum(dim)])[splits]
        return LegacyShape(sizes, self.inner)


def _repeat_ranges(values: np.ndarray, splits: np.ndarray, repeats: np.ndarray) -> np.ndarray:
    """values[splits[i]:splits[i + 1]], each range repeated repeats[i] times (a scalar
    repeats: each as often), one after another."""
    reps = np.broadcast_to(repeats, (splits.size - 1,))
    parts = [np.tile(values[a:b], int(n)) for a, b, n in zip(splits[:-1], splits[1:], reps)]
    return np.concatenate(parts) if parts else values[:0]


def _check(shape: LegacyShape, axis: int, lengths: np.ndarray) -> None:
    """TF's check of dimension `axis` against `lengths`: a ragged one takes the same row
    lengths (or a scalar 1), a uniform one a scalar 1, its own size, or anything where it
    is 1."""
    size = convert_to_tensor(shape.size(axis))
    given = convert_to_tensor(lengths)
    if shape.is_ragged(axis):
        ok = equal(given, 1) if lengths.ndim == 0 else reduce_all(equal(given, size))
    elif lengths.ndim == 0:
        ok = logical_or(logical_or(equal(given, 1), equal(size, 1)), equal(size, given))
    else:
        ok = equal(size, 1)
    Assert(ok, ["Unable to broadcast: dimension size mismatch in dimension", axis, "lengths=",
                given, "dim_size=", size], summarize=10)


def broadcast_shapes(x: LegacyShape, y: LegacyShape) -> LegacyShape:
    """TF's broadcast_dynamic_shape: both to one rank, then each dimension, outermost
    first, x's against y's and y's against the result."""
    rank = max(x.rank, y.rank)
    x, y = x.to_rank(rank), y.to_rank(rank)
    for axis in range(rank):
        x = x.broadcast_dimension(axis, y.size(axis))
        y = y.broadcast_dimension(axis, x.size(axis))
    return x


def check_broadcast(shapes: list[Any]) -> LegacyShape:
    """tf.where's check of its ragged operands' shapes (condition, x, y), which TF makes
    unless all three are the same fully known shape; the shape they broadcast to."""
    c, x, y = shapes
    return broadcast_shapes(c, broadcast_shapes(x, y))


# (TF's legacy broadcast_to builds a dense operand's missing outer dimensions with int64
# row lengths whatever the target's row splits dtype: int32 ones then meet them)
_MIXED_PARTITION = ("Argument `row_partition` of RaggedTensor with name: partition must have "
                    "same dtype as Argument `values`. (<dtype: 'int32'> vs. <dtype: "
                    "'int64'>).")
_MIXED_VALUES = ("self and new_values have mismatched row_splits dtypes; use "
                 "RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.")


def dense_operand_refusal(rank: int, partitioned: int, inner: int,
                          int32_splits: bool) -> str | None:
    """How TF's legacy broadcast_to fails on a dense operand of `rank` (one whose flat
    form already fits the inner dimensions) to a ragged shape of `partitioned` outer
    dimensions and `inner` inner ones, where its row splits are int32 (`int32_splits`)
    and it has two ragged dimensions or more: its outer dimensions added as ragged ones
    of int64 row lengths, which its inner dimensions made ragged (int32) or its ragged
    tiling (int32 repeats) then meet; else None."""
    if not int32_splits or partitioned < 3 or rank >= partitioned + inner:
        return None
    return _MIXED_VALUES if rank > inner + 1 else _MIXED_PARTITION


# ---------------------------------------------------------------------------------------
# The same checks on sizes known only when a traced function runs, for operands of rank 2
# at most: each a shape (rows, then its second dimension: a size, or row lengths where
# `ragged`), TF's Asserts one per dimension and operand in its order.
# ---------------------------------------------------------------------------------------

_MISMATCH = "Unable to broadcast: dimension size mismatch in dimension"


def _assert(ok: Any, axis: int, given: Any, size: Any) -> None:
    Assert(ok, [_MISMATCH, axis, "lengths=", given, "dim_size=", size], summarize=10)


def _uniform_ok(given: Any, size: Any) -> Any:
    return logical_or(logical_or(equal(given, 1), equal(size, 1)), equal(size, given))


def _rows_traced(shape: tuple, given: Any) -> tuple:
    """Dimension 0 (uniform: the rows) broadcast to `given` rows: TF's check, then a
    single row repeated."""
    n, second, ragged = shape
    _assert(_uniform_ok(given, n), 0, given, n)
    rows = where(equal(n, 1), given, n)
    if ragged:
        second = gather(second, range_op(rows) * cast(not_equal(n, 1), rows.dtype))
    return rows, second, ragged


def _second_traced(shape: tuple, given: Any, given_ragged: bool) -> tuple:
    """Dimension 1 against `given` (row lengths where `given_ragged`, else a size): a
    ragged one takes the same lengths (or a size of 1), a uniform one a size it
    broadcasts with, or row lengths where it is 1."""
    n, second, ragged = shape
    if ragged:
        _assert(reduce_all(equal(given, second)) if given_ragged else equal(given, 1), 1,
                given, second)
        return shape
    if given_ragged:
        _assert(equal(second, 1), 1, given, second)
        return n, given, True
    _assert(_uniform_ok(given, second), 1, given, second)
    return n, where(equal(second, 1), given, second), False


def _broadcast_traced(x: tuple, y: tuple) -> tuple:
    x = _rows_traced(x, y[0])
    y = _rows_traced(y, x[0])
    x = _second_traced(x, y[1], y[2])
    _second_traced(y, x[1], x[2])
    return x


def check_broadcast_traced(shapes: list) -> None:
    """check_broadcast of (condition, x, y) in a graph, each (rows, second dimension,
    ragged) of tensors of one dtype."""
    c, x, y = shapes
    _broadcast_traced(c, _broadcast_traced(x, y))
