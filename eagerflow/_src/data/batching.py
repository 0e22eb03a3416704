"""Batching transformations: batch, unbatch, rebatch, window, group_by_window and
bucket_by_sequence_length (padded_batch: padded_batch.py).

Data layer. Batching stacks the components' NumPy arrays (one np.stack per
component per batch); SparseTensor components batch into a SparseTensor with a
leading batch dimension, as in TF.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.composite import NoneTensorSpec
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InternalError, InvalidArgumentError, op_error
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor, is_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import ragged_elements
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import (
    AUTOTUNE,
    INFINITE,
    UNKNOWN,
    DatasetV2,
    batch_count,
)
from eagerflow._src.data.dataset_functions import DatasetFunction
from eagerflow._src.data.functions import StructuredFunction
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.padded_batch import PaddedBatchDataset
from eagerflow._src.data.parallel import ParallelMapDataset
from eagerflow._src.data.sources import (
    ListDataset,
    _sparse_row,
    bool_arg,
    gather_rows,
    int64_arg,
    int64_value,
)
from eagerflow._src.data.transformations import MapDataset
from eagerflow._src.function.concrete import function_uid
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.extension_type import check_batchable
from eagerflow._src.ops.graph_constants import assert_compatible
from eagerflow._src.ops.math import less, less_equal
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec
from eagerflow._src.ops.ragged_variant_ops import FROM_VARIANT, encode_ragged

# ---------------------------------------------------------------------------------------
# Stacking components
# ---------------------------------------------------------------------------------------


def _batch_spec(spec: Any, batch_dim: int | None) -> Any:
    if isinstance(spec, NoneTensorSpec):  # (a None batches to None, as TF's)
        return spec
    if isinstance(spec, TensorSpec):
        return TensorSpec._make(TensorShape([batch_dim]).concatenate(spec.shape), spec.dtype)
    if isinstance(spec, SparseTensorSpec):
        return SparseTensorSpec(TensorShape([batch_dim]).concatenate(spec.shape), spec.dtype)
    if isinstance(spec, RaggedTensorSpec):
        return ragged_elements.batched_spec(spec, batch_dim)
    raise TypeError(f"Batching of elements of type {spec!r} is not supported.")


def _stack(batch: list, k: int, dtype: _dt.DType, fused: bool = False) -> EagerTensor:
    arrays = [to_host(e[k]._arr) for e in batch]  # (a source's tensors may be a GPU's)
    try:
        out = np.stack(arrays)
    except ValueError:
        first = arrays[0].shape
        for j, a in enumerate(arrays):
            if fused and a.size != arrays[0].size:
                # TF's map-and-batch fusion copies each element into a batch shaped by the
                # first: its CopyElementToSlice error
                raise InvalidArgumentError(
                    None, None, "Cannot add tensor to the batch: number of elements does not "
                    f"match. Shapes are: [tensor]: {_sh(a.shape)}, [batch]: {_sh(first)}"
                    ) from None
            if a.shape != first:
                raise InvalidArgumentError(
                    None, None, f"Cannot batch tensors with different shapes in component {k}. "
                    f"First element had shape {_sh(first)} and element {j} had shape "
                    f"{_sh(a.shape)}.") from None
        raise
    return EagerTensor(out, dtype, CPU_DEVICE)


def _sh(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _stack_sparse(batch: list, k: int, dtype: _dt.DType) -> SparseTensor:
    # (indices, values, dense_shape) of each element, on the host (any device's arrays)
    parts = [tuple(to_host(a._arr) for a in (e[k].indices, e[k].values, e[k].dense_shape))
             for e in batch]
    rank = len(parts[0][2])
    for _, _, shape in parts:
        if len(shape) != rank:
            raise InvalidArgumentError(None, None, f"Cannot batch sparse tensors of different "
                                       f"ranks in component {k}.")
    idx = [np.concatenate([np.full((len(ind), 1), j, np.int64), ind], 1)
           for j, (ind, _, _) in enumerate(parts)]
    dense = np.max(np.stack([shape for _, _, shape in parts]), axis=0) if rank else \
        np.zeros((0,), np.int64)
    return SparseTensor._from_arrays(
        np.concatenate(idx, 0) if idx else np.zeros((0, rank + 1), np.int64),
        np.concatenate([vals for _, vals, _ in parts]),
        np.concatenate([[len(parts)], dense]).astype(np.int64), dtype)


def stack_batch(batch: list, structure: dstruct.Structure, out_specs: Any = None) -> tuple:
    """The batch's components: tensors stacked, sparse ones joined, ragged ones (and those
    that `out_specs`, ragged_batch's, makes ragged) as RaggedTensors of rows."""
    out = []
    for k, spec in enumerate(structure.specs):
        target = out_specs[k] if out_specs is not None else _batch_spec(spec, None) \
            if isinstance(spec, RaggedTensorSpec) else None
        if isinstance(spec, NoneTensorSpec):
            out.append(None)
        elif isinstance(spec, SparseTensorSpec):
            out.append(_stack_sparse(batch, k, spec.dtype))
        elif isinstance(target, RaggedTensorSpec) and target.ragged_rank > 0:
            # (a ragged-rank-0 batch, of unbatched rows, is a dense tensor: stacked)
            out.append(ragged_elements.stack_rows([e[k] for e in batch], target))
        elif not batch:  # (rebatch's batches of size 0: unknown dims as 0)
            dims = [] if spec.shape.rank is None else [d or 0 for d in spec.shape.as_list()]
            out.append(EagerTensor(np.zeros([0] + dims, spec.dtype.as_numpy_dtype), spec.dtype,
                                   CPU_DEVICE))
        else:
            out.append(_stack(batch, k, spec.dtype))
    return tuple(out)


# ---------------------------------------------------------------------------------------
# batch
# ---------------------------------------------------------------------------------------

def _next_rows(source: Any, size: int) -> list:
    rows: list = []
    nxt = source.next_row
    try:
        while len(rows) < size:
            rows.append(nxt())
    except StopIteration:
        pass
    return rows


class _BatchIterator(ElementIterator):
    __slots__ = ("_in", "_size", "_drop", "_struct", "_done", "_dtypes", "_fast", "_rows",
                 "_out_specs", "_fused")

    def __init__(self, upstream: ElementIterator, size: int, drop: bool,
                 structure: dstruct.Structure, out_specs: Any = None,
                 fused: bool = False) -> None:
        self._in, self._size, self._drop, self._struct = upstream, size, drop, structure
        self._fused = fused  # (a map before it, which TF fuses into the batch)
        self._done = False
        self._dtypes = [getattr(s, "dtype", None) for s in structure.specs]
        self._out_specs = out_specs
        self._fast = all(isinstance(s, TensorSpec) for s in structure.specs) and \
            out_specs is None
        self._rows = upstream if self._fast and hasattr(upstream, "next_row") else None

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        if self._rows is not None:
            rows = _next_rows(self._rows, self._size)
            if len(rows) < self._size:
                self._done = True
                if not rows or self._drop:
                    raise StopIteration
            return gather_rows(self._rows.row_arrays, self._dtypes, rows)
        batch = []
        nxt, size = self._in.__next__, self._size
        try:
            while len(batch) < size:
                batch.append(nxt())
        except StopIteration:
            self._done = True
            if not batch or self._drop:
                raise
        if self._fast:
            return tuple([_stack(batch, k, d, self._fused) for k, d in enumerate(self._dtypes)])
        return stack_batch(batch, self._struct, self._out_specs)

    def close(self) -> None:
        self._in.close()


def _positive(value: Any, op: str, message: str, what: str = "") -> int:
    n = int64_arg(value, what, op)
    if n <= 0:  # (the dataset op's kernel: TF runs it eagerly)
        raise raised_eagerly(op_error(InvalidArgumentError, op, message), host=True)
    return n


def _parallelism(value: Any, op: str) -> int | None:
    if value is None:
        return None
    n = int64_arg(value, "num_parallel_calls")
    if n != AUTOTUNE and n <= 0:
        raise op_error(InvalidArgumentError, op, "num_parallel_calls must be greater than zero.")
    return n


class BatchDataset(DatasetV2):
    _repr_name = "_BatchDataset"

    def __init__(self, input_dataset: DatasetV2, batch_size: Any, drop_remainder: Any,
                 num_parallel_calls: Any = None) -> None:
        super().__init__((input_dataset,))
        # (an Optional's spec cannot batch: TF finds it as it builds the dataset)
        dstruct.check_variant_batchable(input_dataset.element_spec, "_batch")
        op = "BatchDatasetV2" if num_parallel_calls is None else "ParallelBatchDataset"
        self._drop = drop = bool_arg(drop_remainder, "drop_remainder")
        if drop and type(batch_size) is int and batch_size < 0:
            # (TF's static batch dimension is made before its kernel checks the size)
            raise ValueError(f"Dimension {batch_size} must be >= 0")
        self._size = _positive(batch_size, op, "Batch size must be greater than zero.",
                               "batch_size")
        if _parallelism(num_parallel_calls, "ParallelBatchDataset") is not None:
            self._repr_name = "_ParallelBatchDataset"
            if type(self) is BatchDataset:  # TF's class for it (type(ds).__name__)
                self.__class__ = _ParallelBatchDataset

    def _kernel_text(self) -> str:
        op = "ParallelBatchDataset" if self._repr_name == "_ParallelBatchDataset" else \
            "BatchDatasetV2"
        return f"{op}Op({self._size})::Dataset"

    def _compute_structure(self) -> dstruct.Structure:
        st = self._inputs[0]._structure
        check_batchable(st.spec, "_batch")
        dim = self._size if self._drop else None
        specs = [_batch_spec(s, dim) for s in st.specs]
        return st.with_specs(specs)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        inp = self._inputs[0]
        fused = _fusable_map(inp, ctx)
        if fused is not None:
            return _MapBatchIterator(fused._inputs[0]._make_iterator(ctx), fused._fn,
                                     self._size, self._drop, fused._inputs[0]._structure)
        # TF fuses a map into the batch after it (unless optimizations are off); the fused
        # kernel passes the map function's errors on unworded
        fuses = _is_map(inp) and (ctx is None or ctx.optimize)
        it = inp._make_iterator(ctx, guarded=False) if fuses else inp._make_iterator(ctx)
        return _BatchIterator(it, self._size, self._drop, inp._structure, fused=fuses)

    def _cardinality(self) -> int:
        return batch_count(self._inputs[0]._cardinality(), self._size, self._drop)



class _ParallelBatchDataset(BatchDataset):
    """A batch with num_parallel_calls, as TF names its class."""

    _repr_name = "_ParallelBatchDataset"

class RaggedBatchDataset(BatchDataset):
    """`ragged_batch`: tensors of rank >= 1 batch into RaggedTensors whose dims are all
    ragged (elements may differ in shape); scalars batch densely."""

    _repr_name = "_BatchDataset"

    def __init__(self, input_dataset: DatasetV2, batch_size: Any, drop_remainder: Any,
                 row_splits_dtype: Any = _dt.int64) -> None:
        super().__init__(input_dataset, batch_size, drop_remainder)
        self._splits_dtype = _dt.as_dtype(row_splits_dtype)

    def _ragged_positions(self) -> tuple:
        st = self._inputs[0]._structure
        uniform = dstruct.extension_positions(st.spec)  # extension types batch uniformly
        # (TF's dense_to_ragged: tensors of an unknown rank or a fully known shape stay dense)
        return tuple(k for k, s in enumerate(st.specs)
                     if isinstance(s, TensorSpec) and s.shape.rank not in (None, 0) and
                     not s.shape.is_fully_defined() and k not in uniform)

    def _compute_structure(self) -> dstruct.Structure:
        st = self._inputs[0]._structure
        dim = self._size if self._drop else None
        ragged = self._ragged_positions()
        # (row_splits_dtype is the splits of the tensors it makes ragged; a RaggedTensor
        # element, ragged rank 0 included, keeps its own, as TF's dense_to_ragged)
        specs = [self._made_ragged(s, dim) if k in ragged else _batch_spec(s, dim)
                 for k, s in enumerate(st.specs)]
        return st.with_specs(specs)

    def _made_ragged(self, spec: TensorSpec, dim: int | None) -> RaggedTensorSpec:
        s = ragged_elements.batched_spec(spec, dim)
        return RaggedTensorSpec(s.shape, s.dtype, s.ragged_rank, self._splits_dtype)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        inp = self._inputs[0]
        ragged = self._ragged_positions()
        if ragged and self._splits_dtype not in (_dt.int32, _dt.int64):
            return _UndecodableBatches(inp._make_iterator(ctx),
                                       inp._structure.specs[ragged[0]].dtype,
                                       self._splits_dtype)
        return _BatchIterator(inp._make_iterator(ctx), self._size, self._drop,
                              inp._structure, self._structure.specs)


class _UndecodableBatches(ElementIterator):
    """ragged_batch with row splits of a dtype no RaggedTensor holds: TF's spec takes it,
    and its iterator, having batched, fails to decode the first batch (the attr error of
    RaggedTensorFromVariant); an empty input ends with no batch and no error."""

    __slots__ = ("_inner", "_values", "_splits")

    def __init__(self, inner: ElementIterator, values: _dt.DType, splits: _dt.DType) -> None:
        self._inner, self._values, self._splits = inner, values, splits

    def __next__(self) -> tuple:
        next(self._inner)
        encoded = encode_ragged(RaggedTensor.from_row_splits(
            convert_to_tensor(np.zeros(0, self._values.as_numpy_dtype)),
            convert_to_tensor(np.zeros(1, np.int64))), False)
        bind(FROM_VARIANT, (encoded,), {"input_ragged_rank": 1, "output_ragged_rank": 1,
                                        "Tvalues": self._values, "Tsplits": self._splits})
        raise AssertionError("RaggedTensorFromVariant took splits of no index dtype")

    def close(self) -> None:
        self._inner.close()


def _is_map(ds: DatasetV2) -> bool:
    return type(ds) in (MapDataset, ParallelMapDataset)


def _fusable_map(ds: DatasetV2, ctx: Any) -> Any:
    """The map dataset feeding a batch, when its function may run once per batch."""
    if not _is_map(ds) or not ds._fn.vectorizable:
        return None
    if ctx is not None and not ctx.optimize:
        return None
    specs = ds._inputs[0]._structure.specs
    if not all(isinstance(s, TensorSpec) for s in specs):
        return None
    return ds


class _MapBatchIterator(_BatchIterator):
    """map(f).batch(n) with f elementwise: stack n inputs, call f once on the batch."""

    __slots__ = ("_fn",)

    def __init__(self, upstream: ElementIterator, fn: StructuredFunction, size: int,
                 drop: bool, in_structure: dstruct.Structure) -> None:
        super().__init__(upstream, size, drop, in_structure)  # tensors only: _fusable_map
        self._fn = fn

    def __next__(self) -> tuple:
        return self._fn.batched_call(super().__next__())


# ---------------------------------------------------------------------------------------
# unbatch, rebatch
# ---------------------------------------------------------------------------------------

def _unbatch_spec(spec: Any) -> Any:
    if isinstance(spec, NoneTensorSpec):  # (each row's None)
        return spec
    if isinstance(spec, TensorSpec):
        return TensorSpec._make(spec.shape[1:], spec.dtype)
    if isinstance(spec, SparseTensorSpec):
        return SparseTensorSpec(spec.shape[1:], spec.dtype)
    if isinstance(spec, RaggedTensorSpec):
        return ragged_elements.row_spec(spec)
    raise TypeError(f"Unbatching of elements of type {spec!r} is not supported.")


class _UnbatchIterator(ElementIterator):
    __slots__ = ("_in", "_cur", "_i", "_n", "_dtypes")

    def __init__(self, upstream: ElementIterator, dtypes: list) -> None:
        self._in, self._dtypes = upstream, dtypes
        self._cur: list = []
        self._i = self._n = 0

    def __next__(self) -> tuple:
        while self._i >= self._n:
            e = next(self._in)
            kept = [c for c in e if c is not None]  # (a None: each row's None)
            if any(not isinstance(c, (SparseTensor, RaggedTensor)) and c._arr.ndim == 0
                   for c in kept):  # (an input of unknown rank: a dataset variant's)
                raise InvalidArgumentError(None, None, "Input element must have a non-scalar "
                                                       "value in each component.")
            sizes = [c.shape[0] if isinstance(c, SparseTensor) else int(c.nrows())
                     if isinstance(c, RaggedTensor) else c._arr.shape[0] for c in kept]
            for k, s in enumerate(sizes):
                if s != sizes[0]:
                    raise InvalidArgumentError(
                        None, None, f"Input element must have the same batch size in each "
                        f"component. Component 0 had size {sizes[0]} but component {k} had "
                        f"size, {s}.")  # (sic: TF's UnbatchDatasetOp)
            self._cur = [c if c is None or isinstance(c, (SparseTensor, RaggedTensor))
                         else c._arr for c in e]
            self._i, self._n = 0, sizes[0]
        i = self._i
        self._i = i + 1
        return tuple([None if a is None else _sparse_row(a, i) if isinstance(a, SparseTensor)
                      else ragged_elements.row(a, i) if isinstance(a, RaggedTensor)
                      else EagerTensor(a[i, ...], d, CPU_DEVICE)
                      for a, d in zip(self._cur, self._dtypes)])

    def close(self) -> None:
        self._in.close()


def _check_batched(st: dstruct.Structure, message: str) -> None:
    for s in st.specs:
        if getattr(s, "shape", None) is not None and s.shape.rank == 0:
            raise ValueError(message)


class UnbatchDataset(DatasetV2):
    _repr_name = "_UnbatchDataset"

    def __init__(self, input_dataset: DatasetV2) -> None:
        super().__init__((input_dataset,))
        specs = input_dataset._structure.specs
        dstruct.check_variant_batchable(input_dataset.element_spec, "_to_batched_tensor_list")
        if any(isinstance(s, dstruct.DatasetSpec) for s in specs):  # (a dataset is a scalar)
            raise ValueError("Slicing dataset elements is not supported for rank 0.")
        _check_batched(input_dataset._structure, "Cannot unbatch an input with scalar "
                       "components.")
        known = None  # (only dense components show TF their static leading dim)
        for s in specs:
            d = s.shape[0] if isinstance(s, TensorSpec) and s.shape.rank else None
            if known is not None and d is not None and d != known:
                raise ValueError(f"`unbatch()` is only supported for datasets of elements whose "
                                 f"components have a matching leading dimension. Encountered "
                                 f"both {known} and {d}.")
            known = d if known is None else known

    def _compute_structure(self) -> dstruct.Structure:
        st = self._inputs[0]._structure
        check_batchable(st.spec, "_unbatch")
        specs = [_unbatch_spec(s) for s in st.specs]
        return st.with_specs(specs)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        st = self._inputs[0]._structure
        return _UnbatchIterator(self._inputs[0]._make_iterator(ctx),
                                [getattr(s, "dtype", None) for s in st.specs])

    def _cardinality(self) -> int:
        c = self._inputs[0]._cardinality()
        if c == INFINITE:
            return INFINITE
        dims = {s.shape[0] for s in self._inputs[0]._structure.specs
                if getattr(s, "shape", None) is not None and s.shape.rank is not None}
        if c >= 0 and len(dims) == 1 and None not in dims:
            return c * dims.pop()
        return UNKNOWN


class _RebatchIterator(ElementIterator):
    __slots__ = ("_in", "_sizes", "_k", "_drop", "_struct", "_done")

    def __init__(self, upstream: ElementIterator, sizes: list, drop: bool,
                 structure: dstruct.Structure) -> None:
        self._in, self._sizes, self._drop, self._struct = upstream, sizes, drop, structure
        self._k = 0
        self._done = False

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        size = self._sizes[self._k % len(self._sizes)]
        self._k += 1
        batch = []
        try:
            while len(batch) < size:
                batch.append(next(self._in))
        except StopIteration:
            self._done = True
            if not batch or self._drop:
                raise
        return stack_batch(batch, self._struct)

    def close(self) -> None:
        self._in.close()


class RebatchDataset(DatasetV2):
    _repr_name = "_RebatchDataset"

    def __init__(self, input_dataset: DatasetV2, batch_size: Any, drop_remainder: Any) -> None:
        super().__init__((input_dataset,))
        # TF's order: both conversions, the static batch dim (checking the input's rank only
        # where it is known and batches may be partial), the element spec, then the kernel
        sizes = int64_value(batch_size, "batch_sizes")
        self._drop = drop = bool_arg(drop_remainder, "drop_remainder")
        if type(sizes) is not int:
            sizes = to_host(sizes._arr).tolist()
            if np.ndim(sizes) > 1:
                raise ValueError(f"Invalid `batch_sizes`. Expected `batch_sizes` to be a scalar "
                                 f"or a vector. Received `batch_sizes` of rank {np.ndim(sizes)}.")
        sizes = sizes if isinstance(sizes, list) else [sizes]
        dim = sizes[0] if sizes and len(set(sizes)) == 1 else None
        if dim is not None and not drop:
            _check_batched(input_dataset._structure, "Invalid `batch_sizes`. Expected dataset "
                           "with rank of >= 1 but found a dataset with scalar elements. Fix "
                           "the issue by adding the `batch` transformation to the dataset.")
        _check_batched(input_dataset._structure,
                       "Unbatching a tensor is only supported for rank >= 1")
        if drop and dim is not None and dim < 0:
            raise ValueError(f"Dimension {dim} must be >= 0")
        # (TF 2.21 takes them, and its iterator crashes the process: refused here. A size of
        # zero TF takes: empty batches, without end)
        if not sizes or any(s < 0 for s in sizes):
            raise op_error(InvalidArgumentError, "RebatchDatasetV2",
                           "batch_sizes must be greater than zero.")
        self._sizes = sizes
        self._unbatched = UnbatchDataset(input_dataset)

    def _kernel_text(self) -> str:
        return "RebatchV2DatasetOp::Dataset"

    def _compute_structure(self) -> dstruct.Structure:
        st = self._unbatched._structure
        dim = self._sizes[0] if self._drop and len(set(self._sizes)) == 1 else None
        specs = [_batch_spec(s, dim) for s in st.specs]
        return st.with_specs(specs)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _RebatchIterator(self._unbatched._make_iterator(ctx), self._sizes, self._drop,
                                self._unbatched._structure)

    def _cardinality(self) -> int:
        return UNKNOWN  # (TF's kernel says so, of an infinite input too)


# ---------------------------------------------------------------------------------------
# window
# ---------------------------------------------------------------------------------------

class _WindowIterator(ElementIterator):
    __slots__ = ("_in", "_size", "_shift", "_stride", "_drop", "_buf", "_base", "_start",
                 "_done", "_structs")

    def __init__(self, upstream: ElementIterator, size: int, shift: int, stride: int,
                 drop: bool, structs: list) -> None:
        self._in, self._size, self._shift, self._stride, self._drop = (upstream, size, shift,
                                                                        stride, drop)
        self._structs = structs
        self._buf: list = []   # elements from absolute position `_base` on
        self._base = 0
        self._start = 0
        self._done = False

    def _have(self, pos: int) -> bool:
        while not self._done and pos >= self._base + len(self._buf):
            try:
                self._buf.append(next(self._in))
            except StopIteration:
                self._done = True
        return pos < self._base + len(self._buf)

    def __next__(self) -> tuple:
        start = self._start
        # Skip inputs before the window start (shift may exceed the window's span).
        while self._base < start:
            if self._buf:
                self._buf.pop(0)
                self._base += 1
            elif self._done:
                break
            else:
                try:
                    next(self._in)
                    self._base += 1
                except StopIteration:
                    self._done = True
        items = []
        for j in range(self._size):
            pos = start + j * self._stride
            if not self._have(pos):
                break
            items.append(self._buf[pos - self._base])
        if not items or (self._drop and len(items) < self._size):
            raise StopIteration
        self._start = start + self._shift
        drop_n = min(max(self._start - self._base, 0), len(self._buf))
        del self._buf[:drop_n]
        self._base += drop_n
        return tuple(ListDataset([(e[k],) for e in items], self._structs[k])
                     for k in range(len(self._structs)))

    def close(self) -> None:
        self._buf = []
        self._in.close()


class WindowDataset(DatasetV2):
    _repr_name = "_WindowDataset"

    def __init__(self, input_dataset: DatasetV2, size: Any, shift: Any, stride: Any,
                 drop_remainder: Any) -> None:
        super().__init__((input_dataset,))
        # TF converts all four before its kernel checks them
        size = int64_value(size, "size")
        shift = None if shift is None else int64_value(shift, "shift")
        stride = int64_value(stride, "stride")
        self._drop = bool_arg(drop_remainder, "drop_remainder")
        self._size = _positive(size, "WindowDataset", "Window size must be greater than zero.",
                               "size")
        self._shift = self._size if shift is None else _positive(
            shift, "WindowDataset", "Window shift must be greater than zero.", "shift")
        self._stride = _positive(stride, "WindowDataset", "Window stride must be greater than "
                                 "zero.", "stride")

    def _kernel_text(self) -> str:
        return (f"WindowDatasetOp({self._size}, {self._shift}, {self._stride}, "
                f"{int(self._drop)})::Dataset")

    def _compute_structure(self) -> dstruct.Structure:
        st = self._inputs[0]._structure
        specs = [dstruct.DatasetSpec(s) for s in st.specs]
        return st.with_specs(specs)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        st = self._inputs[0]._structure
        root = getattr(ctx, "root", None)
        if root is not None and root._structure is self._structure:
            self._check_windows_of_nones()
        return _WindowIterator(self._inputs[0]._make_iterator(ctx), self._size, self._shift,
                               self._stride, self._drop, [dstruct.Structure(s) for s in st.specs])

    def _check_windows_of_nones(self) -> None:
        """TF's MakeIterator, where these windows are what the iterator gives (this dataset
        or one passing its elements on): the element spec counts a window dataset for each
        component, a None's too, where TF's kernel makes none for a None (it has no
        tensor), so the counts differ."""
        specs = self._inputs[0]._structure.specs
        made = sum(not isinstance(s, NoneTensorSpec) for s in specs)
        if made != len(specs):
            text = (f"Number of components does not match: expected {len(specs)} types but "
                    f"got {made}.")
            error = raised_eagerly(op_error(InvalidArgumentError, "MakeIterator", text),
                                   host=True)
            error.at_iter = True  # (`iter(dataset)` raises)
            raise error

    def _cardinality(self) -> int:
        c = self._inputs[0]._cardinality()
        if c < 0:
            return c
        if self._drop:
            span = (self._size - 1) * self._stride + 1
            return 0 if c < span else (c - span) // self._shift + 1
        return -(-c // self._shift)


# ---------------------------------------------------------------------------------------
# group_by_window, bucket_by_sequence_length
# ---------------------------------------------------------------------------------------

class _GroupIterator(ElementIterator):
    __slots__ = ("_in", "_key", "_size_of", "_reduce", "_groups", "_cur", "_done",
                 "_in_struct")

    def __init__(self, upstream: ElementIterator, key: Callable, size_of: Callable,
                 reduce: Callable, in_struct: dstruct.Structure) -> None:
        # reduce: (key, window dataset) -> an iterator over the dataset reduce_func returns
        self._in, self._key, self._size_of, self._reduce = upstream, key, size_of, reduce
        self._in_struct = in_struct
        self._groups: dict = {}
        self._cur: ElementIterator | None = None
        self._done = False

    def _emit(self, key: int) -> None:
        items = self._groups.pop(key)
        self._cur = self._reduce(key, ListDataset(items, self._in_struct))

    def __next__(self) -> tuple:
        while True:
            if self._cur is not None:
                try:
                    return next(self._cur)
                except StopIteration:
                    self._cur.close()
                    self._cur = None
            if self._done:
                if not self._groups:
                    raise StopIteration
                self._emit(min(self._groups))
                continue
            try:
                e = next(self._in)
            except StopIteration:
                self._done = True
                continue
            key = self._key(e)
            group = self._groups.setdefault(key, [])
            group.append(e)
            if len(group) >= self._size_of(key):
                self._emit(key)

    def close(self) -> None:
        if self._cur is not None:
            self._cur.close()
            self._cur = None
        self._groups = {}
        self._in.close()


def _int64_key(key_func: Callable) -> Callable:
    """`key_func` as TF's group_by_window calls it: its result converted to an int64 tensor
    (a Python int is a key; a key of another dtype fails the conversion when traced, and a
    tuple of int64 scalars packs into a vector, which the scalar check then refuses)."""
    @functools.wraps(key_func)
    def key(*args: Any) -> Any:
        return convert_to_tensor(key_func(*args), dtype=_dt.int64)
    return key


def _check_scalar_key(spec: Any) -> None:
    if not isinstance(spec, TensorSpec) or spec.shape.rank != 0:
        raise ValueError("Invalid `key_func`. `key_func` must return a single `tf.int64` "
                         f"scalar tensor but its return type is {spec!r}.")


def _int64_scalar_result(flat: tuple) -> int:
    _check_scalar_key(dstruct.structure_spec(flat[0]))
    return int(flat[0]._arr)


class GroupByWindowDataset(DatasetV2):
    _repr_name = "_GroupByWindowDataset"

    def __init__(self, input_dataset: DatasetV2, key_func: Callable, reduce_func: Callable,
                 window_size: Any, window_size_func: Callable | None,
                 _internal: tuple | None = None) -> None:
        super().__init__((input_dataset,))
        in_struct = input_dataset._structure
        if _internal is not None:
            self._key, self._reduce, self._size_of, self._out = _internal
            return
        if (window_size is None) == (window_size_func is None):
            raise ValueError("Either the `window_size` argument or the `window_size_func` "
                             "argument must be specified.")
        key_fn = StructuredFunction(_int64_key(key_func), "Dataset.group_by_window()",
                                    in_struct, input_dataset)
        if key_fn.traced:  # (TF checks the traced key's shape as the dataset is made)
            _check_scalar_key(key_fn.output_structure.spec)
        self._key_fn = key_fn  # (the functions, for pipeline_captures in a tf.function)
        self._key = lambda e: _int64_scalar_result(key_fn.call(e))
        if isinstance(window_size, float):  # (TF converts it inside its window_size_func)
            raise TypeError(f"Expected int64, but got {window_size!r} of type 'float'.")
        # (the size, or its function: what an exported graph's window_size_func gives)
        self._fixed = self._size_fn = None
        if window_size is not None:
            # (TF makes it a window_size_func: a size under 1 fails when a window is filled)
            fixed = self._fixed = int64_arg(window_size)
            self._size_of = lambda key: _window_size(fixed)
        else:
            size_fn = StructuredFunction(
                window_size_func, "Dataset.group_by_window()",
                dstruct.Structure(TensorSpec._make(TensorShape([]), _dt.int64)), None)
            self._size_fn = size_fn
            self._size_of = lambda key: _window_size(
                int64_arg(convert_to_tensor(size_fn.call((_i64(key),))[0])))
        red_struct = dstruct.Structure((TensorSpec._make(TensorShape([]), _dt.int64),
                                  dstruct.DatasetSpec(in_struct.spec)))
        red_fn = DatasetFunction(reduce_func, "Dataset.group_by_window()", red_struct, None,
                                 _reduce_func_error)
        self._red_fn = red_fn

        def reduce(ctx: IterContext | None) -> Callable:
            open_ = red_fn.bind(ctx)
            return lambda key, window: open_((_i64(key), window))

        self._reduce = reduce
        self._out = lambda: _inner(red_fn)

    def _compute_structure(self) -> dstruct.Structure:
        return self._out()

    def _group(self, items: list) -> DatasetV2:
        """The dataset of a group's elements that its reduce function is given."""
        return ListDataset(items, self._inputs[0]._structure)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        key, size_of = self._bound(ctx)
        return _GroupIterator(self._inputs[0]._make_iterator(ctx), key, size_of,
                              self._reduce(ctx), self._inputs[0]._structure)

    def _bound(self, ctx: IterContext | None) -> tuple:
        """(key, window size) functions; one reading tensors of the enclosing tf.function
        takes their values from the iteration's feed."""
        key, size_of = self._key, self._size_of
        key_fn, size_fn = getattr(self, "_key_fn", None), getattr(self, "_size_fn", None)
        if key_fn is not None and key_fn.captures:
            call_key = key_fn.bind(ctx)

            def key(e: tuple) -> int:
                return _int64_scalar_result(call_key(e))
        if size_fn is not None and size_fn.captures:
            call_size = size_fn.bind(ctx)

            def size_of(k: int) -> int:
                return _window_size(int64_arg(convert_to_tensor(call_size((_i64(k),))[0])))
        return key, size_of

    def _cardinality(self) -> int:
        c = self._inputs[0]._cardinality()
        return INFINITE if c == INFINITE else UNKNOWN


def _window_size(n: int) -> int:
    """A group's window size, refused under 1 by GroupByWindowDataset's iterator."""
    if n <= 0:
        raise InvalidArgumentError(None, None, f"Window size must be greater than zero, "
                                   f"but got {n}.")
    return n


def _i64(v: int) -> EagerTensor:
    return EagerTensor(np.array(v, np.int64), _dt.int64, CPU_DEVICE)


def _reduce_func_error(out: Any) -> TypeError:
    spec = dstruct.structure_spec(dstruct.normalize_element(dstruct.lists_to_tuples(out))) \
        if out is not None else None
    return TypeError(f"Invalid `reduce_func`. `reduce_func` must return a single "
                     f"`tf.data.Dataset` object but its return type is {spec!r}.")


def _inner(fn: DatasetFunction) -> dstruct.Structure:
    spec = fn.output_structure.spec
    if not isinstance(spec, dstruct.DatasetSpec):
        raise TypeError(f"Invalid `reduce_func`. `reduce_func` must return a single "
                        f"`tf.data.Dataset` object but its return type is {spec!r}.")
    return dstruct.Structure(spec.element_spec)


def _bucket_bounds(bucket_boundaries: Any) -> tuple:
    """TF's lowest and highest bounds of each bucket: the boundaries after int32's least,
    and before its greatest, each list converted as any list is (Python floats make
    float32 bounds, a tensor its dtype)."""
    bounds = list(bucket_boundaries)
    lows = convert_to_tensor([np.iinfo(np.int32).min] + bounds)
    highs = convert_to_tensor(bounds + [np.iinfo(np.int32).max])
    return to_host(lows._arr), to_host(highs._arr), lows.dtype


def _check_length_dtype(out: dstruct.Structure, bounds_dtype: _dt.DType) -> None:
    """TF compares the lowest bounds with the length tensor in its key function's graph:
    a length of another dtype is that graph's binary op TypeError."""
    spec = out.spec if out.kind == "leaf" else None
    if isinstance(spec, TensorSpec) and spec.dtype != bounds_dtype:
        raise TypeError(f"Input 'y' of 'LessEqual' Op has type {spec.dtype.name} that does "
                        f"not match type {bounds_dtype.name} of argument 'x'.")


def _compared_length(element_length_func: Callable, bucket_boundaries: Any) -> Callable:
    """`element_length_func` as TF's key function calls it: a length that is no tensor
    (a Python value) meets the bounds, Python lists, in that graph's LessEqual and Less
    first, whose conversions may refuse it ("Expected int32 passed to parameter 'y' ...")."""
    lows = [int(np.iinfo(np.int32).min), *bucket_boundaries]
    highs = [*bucket_boundaries, int(np.iinfo(np.int32).max)]

    @functools.wraps(element_length_func)
    def length(*args: Any) -> Any:
        n = element_length_func(*args)
        if not is_tensor(n):
            less_equal(lows, n)
            less(n, highs)
        return n
    return length


def bucket_by_sequence_length(dataset: DatasetV2, element_length_func: Callable,
                              bucket_boundaries: Any, bucket_batch_sizes: Any,
                              padded_shapes: Any, padding_values: Any,
                              pad_to_bucket_boundary: bool, no_padding: bool,
                              drop_remainder: bool) -> DatasetV2:
    lows, highs, bounds_dtype = _bucket_bounds(bucket_boundaries)
    sizes = [int64_arg(b) for b in bucket_batch_sizes]
    if len(sizes) != len(lows):
        raise ValueError(f"`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
                         f"`len(bucket_batch_sizes)={len(sizes)}` and "
                         f"`len(bucket_boundaries)={len(lows) - 1}`.")
    in_struct = dataset._structure
    # (TF calls the length function from its own key function, which AutoGraph leaves as
    # written)
    len_fn = StructuredFunction(_compared_length(element_length_func, list(bucket_boundaries)),
                                "bucket_by_sequence_length", in_struct, dataset,
                                autograph=False)
    if len_fn.traced:
        _check_length_dtype(len_fn.output_structure, bounds_dtype)
    if pad_to_bucket_boundary:  # TF's batching function makes the boundaries an int64 Const
        assert_compatible(list(bucket_boundaries), _dt.int64)
    boundaries = [int(b) for b in highs[:-1]]
    # (the numbers of the functions TF traces here: its batching function and the false
    # branch of the assert in it, which its error names)
    uids = (function_uid(), function_uid()) if pad_to_bucket_boundary else ()

    def key(e: tuple) -> int:
        t = len_fn.call(e)[0]
        if not (isinstance(t, EagerTensor) and t.dtype == bounds_dtype):
            raise ValueError("`element_length_func` must return an integer scalar tensor.")
        n = to_host(t._arr)
        # TF's key: the least coordinate where lows <= length < highs, the bounds broadcast
        # against the length (boundaries neither checked nor sorted; a length of shape [1]
        # is a scalar's); none: int64's maximum, which no bucket holds
        try:
            hits = np.argwhere((np.asarray(lows) <= n) & (n < np.asarray(highs)))
        except ValueError:
            raise ValueError("`element_length_func` must return an integer scalar "
                             "tensor.") from None
        if hits.size:
            return int(hits.min())
        raise InvalidArgumentError(None, None, f"indices = {np.iinfo(np.int64).max} is not in "
                                   f"[0, {len(sizes)})")

    def size_of(k: int) -> int:
        if sizes[k] <= 0:
            raise InvalidArgumentError(None, None, f"Window size must be greater than zero, "
                                       f"but got {sizes[k]}.")
        return sizes[k]

    def shapes_for(k: int) -> Any:
        if not pad_to_bucket_boundary:
            return padded_shapes
        if k >= len(boundaries):
            # (TF's assert in its batching function, which its group_by_window restates)
            raise InternalError(
                None, None, "Got error code INVALID_ARGUMENT and message: {\nassertion failed: "
                "[When pad_to_bucket_boundary=True, elements must have length < "
                "max(bucket_boundaries).] [Condition x < y did not hold element-wise:] [x "
                f"(args_0:0) = ] [{k}] [y (Const_1:0) = ] [{len(boundaries)}]\n\t [["
                f"{{{{function_node assert_less_Assert_AssertGuard_false_{uids[0]}}}}}"
                "{{node assert_less/Assert/AssertGuard/Assert}}]]\n} \nfrom running "
                f"user-defined function __inference_Dataset_group_by_window_batching_fn_"
                f"{uids[1]}: ")
        base = padded_shapes
        if base is None:
            target = boundaries[k] - 1
            shapes = [TensorShape([target if d is None else d for d in s.shape._dims])
                      for s in in_struct.specs]
            base = shapes[0] if in_struct.kind == "leaf" else dstruct.pack_as(
                in_struct.spec, shapes)
        return base

    def batcher(k: int, window: DatasetV2) -> DatasetV2:
        if no_padding:
            return BatchDataset(window, sizes[k], drop_remainder)
        return PaddedBatchDataset(window, sizes[k], shapes_for(k), padding_values, drop_remainder)

    def reduce(ctx: IterContext | None) -> Callable:
        return lambda k, window: batcher(k, window)._make_iterator(ctx)

    def out_structure() -> dstruct.Structure:
        empty = ListDataset([], in_struct)
        proto = BatchDataset(empty, 1, False) if no_padding else PaddedBatchDataset(
            empty, 1, padded_shapes, padding_values, False)
        return proto._structure

    # (TF traces its batching function here: a padded batch's refusal of the elements, a
    # RaggedTensor's, comes now)
    structure = out_structure()
    grouped = GroupByWindowDataset(dataset, None, None, None, None,
                                   _internal=(key, reduce, size_of, lambda: structure))
    grouped._batcher = batcher  # (a group's dataset: what its iterator state is read of)
    return grouped
