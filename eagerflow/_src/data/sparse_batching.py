"""`Dataset.sparse_batch` and tf.data.experimental's dense_to_sparse_batch and
dense_to_ragged_batch.

Data layer, after batching. sparse_batch turns each batch of dense elements (of one
component, each of the rank of `row_shape`) into one SparseTensor holding every value of
every element at its position in its row: the dense shape is the batch size followed by
`row_shape`, whose unknown dims take the batch's largest size. Like the other batchings
it works on the host arrays of the elements.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.errors import DataLossError, InvalidArgumentError
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.batching import _positive
from eagerflow._src.data.dataset import EXPERIMENTAL_OPS, DatasetV2, batch_count
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.ops.checks import dtype_word

_OP = "DenseToSparseBatchDataset"


def _shape_text(dims: Any) -> str:
    return "[" + ",".join("-1" if d is None else str(d) for d in dims) + "]"


class SparseBatchDataset(DatasetV2):
    """Batches of `batch_size` dense elements as SparseTensors of dense shape
    [batch, *row_shape] (TF's _DenseToSparseBatchDataset)."""

    _repr_name = "_DenseToSparseBatchDataset"

    def __init__(self, input_dataset: DatasetV2, batch_size: Any, row_shape: Any) -> None:
        spec = input_dataset.element_spec
        if not isinstance(spec, TensorSpec):
            kinds = ", ".join(repr(s.dtype) for s in input_dataset._structure.specs)
            raise TypeError("`dense_to_sparse_batch` requires an input dataset whose elements "
                            "have a single component, but the given dataset has the "
                            f"following component types: ({kinds}).")
        super().__init__((input_dataset,))
        # TF converts row_shape to a tensor in Python, then hands batch_size to the op as is
        if hasattr(row_shape, "numpy"):
            row_shape = [int(d) for d in to_host(row_shape._arr).reshape(-1)]
        self._row_shape = as_shape(row_shape)
        if self._row_shape.rank is None:
            raise ValueError(f"Cannot convert a partially known TensorShape {self._row_shape} "
                             f"to a Tensor.")
        if isinstance(batch_size, Tensor) and batch_size.dtype != _dt.int64:
            raise InvalidArgumentError(None, None, (
                f"cannot compute {_OP} as input #1(zero-based) was expected to be a int64 "
                f"tensor but is a {dtype_word(batch_size.dtype)} tensor [Op:{_OP}] name: "))
        self._size = _positive(batch_size, _OP, "Batch size must be greater than zero.",
                               "batch_size")

    def _kernel_text(self) -> str:
        return f"DenseToSparseBatchDatasetOp({self._size})::Dataset"

    def _compute_structure(self) -> dstruct.Structure:
        spec = self._inputs[0].element_spec
        return dstruct.Structure(SparseTensorSpec(
            TensorShape([None]).concatenate(self._row_shape), spec.dtype))

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        inp = self._inputs[0]
        return _SparseBatchIterator(inp._make_iterator(ctx), self._size,
                                    tuple(self._row_shape.as_list()), inp.element_spec.dtype)

    def _cardinality(self) -> int:
        return batch_count(self._inputs[0]._cardinality(), self._size, False)


class _SparseBatchIterator(ElementIterator):
    __slots__ = ("_in", "_size", "_row", "_dtype", "_done")

    def __init__(self, upstream: ElementIterator, size: int, row: tuple, dtype: Any) -> None:
        self._in, self._size, self._row, self._dtype = upstream, size, row, dtype
        self._done = False

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        batch = []
        try:
            while len(batch) < self._size:
                batch.append(to_host(self._in.__next__()[0]._arr))
        except StopIteration:
            self._done = True
            if not batch:
                raise
        row = self._row
        for a in batch:
            if a.ndim != len(row):
                raise InvalidArgumentError(None, None, f"Input element had shape "
                                           f"({_shape_text(a.shape)}) that is incompatible "
                                           f"with the row shape ({_shape_text(row)}).")
            if any(d is not None and n > d for n, d in zip(a.shape, row)):
                raise DataLossError(None, None, f"Input element had shape "
                                    f"({_shape_text(a.shape)}) that is larger than the row "
                                    f"shape ({_shape_text(row)}).")
        dims = [d if d is not None else max((a.shape[k] for a in batch), default=0)
                for k, d in enumerate(row)]
        # every value of element j, at [j, its position in the element] (row-major)
        idx = [np.concatenate([np.full((a.size, 1), j, np.int64), _coords(a.shape)], 1)
               for j, a in enumerate(batch)]
        values = np.concatenate([a.reshape(-1) for a in batch])
        shape = np.array([len(batch)] + dims, np.int64)
        return (SparseTensor._from_arrays(np.concatenate(idx, 0), values, shape,
                                          self._dtype),)

    def close(self) -> None:
        self._in.close()


def _coords(shape: tuple) -> np.ndarray:
    """The row-major coordinates of every position of an array of `shape`, [n, rank]."""
    return np.indices(shape).reshape(len(shape), -1 if shape else 1).T.astype(np.int64)


def dense_to_sparse_batch(batch_size: Any, row_shape: Any) -> Callable:
    """`tf.data.experimental.dense_to_sparse_batch`: `Dataset.sparse_batch` for `apply`."""
    tf_logging.deprecated_call(
        "dense_to_sparse_batch", EXPERIMENTAL_OPS + "batching",
        "Use `tf.data.Dataset.sparse_batch` instead.")
    return lambda dataset: dataset.sparse_batch(batch_size, row_shape)


def dense_to_ragged_batch(batch_size: Any, drop_remainder: bool = False,
                          row_splits_dtype: Any = _dt.int64) -> Callable:
    """`tf.data.experimental.dense_to_ragged_batch`: `Dataset.ragged_batch` for `apply`."""
    tf_logging.deprecated_call(
        "dense_to_ragged_batch", EXPERIMENTAL_OPS + "batching",
        "Use `tf.data.Dataset.ragged_batch` instead.")
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder,
                                                row_splits_dtype)
