"""tf.RaggedTensor and tf.RaggedTensorSpec: rows of varying length over flat values.

Ops layer. A RaggedTensor is `values` (a tensor, or another RaggedTensor for more ragged
dimensions) partitioned into rows by `row_splits` (row i is values[splits[i]:splits[i+1]]),
optionally with a uniform row length. Its components may be eager or symbolic tensors,
so every method is written with registered ops and works the same inside tf.function.
The partition encodings (row lengths, value row ids, starts, limits) are derived from
the splits with ops, and cached when a factory was given them. Validation uses the
tf.debugging asserts, with TF's messages.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor, NoneTensorSpec
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec, VariableSpec
from eagerflow._src.io import structured_value
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops import ragged_ops
from eagerflow._src.ops.array import concat, constant, expand_dims, fill, reshape
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.checks import positive_axis
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.indexing import gather, repeat
from eagerflow._src.ops.math import equal, logical_and, not_equal
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.misc_ops import UPPER_BOUND
from eagerflow._src.ops.reduce import reduce_all, reduce_any, reduce_max
from eagerflow._src.ops.row_partition import all_eager as _eager
from eagerflow._src.ops.row_partition import index_scalar as _index_scalar
from eagerflow._src.ops.row_partition import (
    ragged_scope,
    rowids_partition,
    splits_from_lengths,
    static_len,
    uniform_partition,
)
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tensor_array import TensorArray, TensorArraySpec

_PRIVATE = ("RaggedTensor constructor is private; please use one of the factory methods "
            "instead (e.g., RaggedTensor.from_row_lengths())")


def _index_tensor(value: Any, what: str, dtype_hint: dt.DType = dt.int64,
                  fixed: bool = False) -> Tensor:
    """A row-partition tensor: int32 or int64 (Python lists become int64; an int32 NumPy
    array stays int32 unless ragged values fix the dtype, `fixed`), rank 1."""
    if isinstance(value, Tensor):
        t = value
    elif hasattr(value, "_as_tensor"):
        t = value._as_tensor()
    elif isinstance(value, (list, tuple)) and any(isinstance(v, Tensor) for v in value):
        t = convert_to_tensor(value, dtype_hint=dtype_hint)  # (a list packing tensors)
    else:
        arr = np.asarray(value)
        if isinstance(value, np.ndarray) and arr.dtype == np.int32 and not fixed:
            t = convert_to_tensor(arr)  # (TF's: kept int32, no dtype hint)
        elif arr.dtype.kind in "iu" or arr.size == 0:
            t = convert_to_tensor(arr if arr.dtype.kind in "iu" and arr.dtype.itemsize == 4
                                  and isinstance(value, np.ndarray) else value, dtype_hint)
        else:
            t = convert_to_tensor(value)
    if t._dtype not in (dt.int32, dt.int64):
        raise ValueError(f"{what} must have dtype int32 or int64")
    return t


def _splits_hint(values: Any) -> dt.DType:
    """A Python partition takes the row-splits dtype of ragged values (TF's dtype hint)."""
    return values._row_splits._dtype if isinstance(values, RaggedTensor) else dt.int64


def _values_tensor(values: Any) -> Any:
    if isinstance(values, (RaggedTensor, Tensor)):
        return values
    return convert_to_tensor(values)


def _check_list(partitions: Any, what: str) -> None:
    """TF's check that the from_nested_* constructors' partitions are no one tensor."""
    if isinstance(partitions, Tensor):
        raise TypeError(f"Argument `{what}` must be a list of Tensors. Received "
                        f"{partitions}.")


def _from_nested(flat_values: Any, partitions: Any, what: str, wrap: Callable) -> Any:
    """`flat_values` wrapped by `wrap(values, partition)` once per partition, the innermost
    (last) first: the loop of the from_nested_* constructors."""
    _check_list(partitions, what)
    partitions = list(partitions)
    if not partitions:  # (TF's loop wraps nothing: the values are returned as given)
        return flat_values
    result = _values_tensor(flat_values)
    for partition in reversed(partitions):
        result = wrap(result, partition)
    return result


def _nvals(values: Any, dtype: dt.DType) -> Any:
    """The number of rows of `values` (its outer dimension), as a scalar of `dtype`."""
    if isinstance(values, RaggedTensor):
        return values.nrows(out_type=dtype)
    n = values._shape[0] if values._shape else None
    if n is not None:
        return convert_to_tensor(n, dtype=dtype)
    return shape_op(values, out_type=dtype)[0]


def check_splits_dtypes(*values: Any) -> dt.DType | None:
    """The row_splits dtype the RaggedTensors among `values` share (None where there are
    none); TF's match_row_splits_dtypes refuses a mix."""
    found = {v.row_splits.dtype for v in values if isinstance(v, RaggedTensor)}
    if len(found) > 1:
        raise ValueError("Input RaggedTensors have mismatched row_splits dtypes; use "
                         "RaggedTensor.with_row_splits_dtype() to convert them to "
                         "compatible dtypes.")
    return found.pop() if found else None


def _component_splits(s: Any, dims: list | None) -> Tensor:
    """A row splits part of a RaggedTensor rebuilt from its parts, checked as TF's
    RowPartition and its spec's shape check it: a vector (a value converted, int64 by
    default), as long as the spec's rows (`dims`: the outer splits' spec shape) say."""
    if not isinstance(s, Tensor):
        s = convert_to_tensor(s, dtype_hint=dt.int64)
    if s._shape is not None and len(s._shape) != 1:
        raise ValueError(f"Shape {TensorShape(s._shape)} must have rank 1")
    if dims and dims[0] is not None and s._shape is not None and s._shape[0] is not None \
            and s._shape[0] != dims[0] + 1:
        raise ValueError(f"Tensor's shape {TensorShape(s._shape)} is not compatible with "
                         f"supplied shape {TensorShape([dims[0] + 1])}.")
    return s


class RaggedTensor(CompositeTensor):
    """`tf.RaggedTensor`: build one with a factory (`from_row_splits`, ...) or
    `tf.ragged.constant`. `from_tensor` and `merge_dims` are installed by
    ragged_functions.py, indexing (`__getitem__`) by ragged_getitem.py, and the Python
    operators by ragged_dispatch.py: they are compositions over this class."""

    __slots__ = ("_values", "_row_splits", "_uniform_row_length", "_row_lengths",
                 "_value_rowids", "_nrows", "_rowids_made", "__weakref__")

    def __init__(self, values: Any = None, row_partition: Any = None,
                 internal: bool = False) -> None:
        raise ValueError(_PRIVATE)

    @classmethod
    def _make(cls, values: Any, row_splits: Tensor, uniform_row_length: Any = None,
              row_lengths: Any = None, value_rowids: Any = None, nrows: Any = None
              ) -> RaggedTensor:
        rt = object.__new__(cls)
        rt._values = values
        rt._row_splits = row_splits
        rt._uniform_row_length = uniform_row_length
        rt._row_lengths = row_lengths
        rt._value_rowids = value_rowids
        rt._nrows = nrows
        rt._rowids_made = None
        return rt

    # -- factories ---------------------------------------------------------------------
    @classmethod
    @ragged_scope("RaggedFromRowSplits")
    def from_row_splits(cls, values: Any, row_splits: Any, name: str | None = None,
                        validate: bool = True) -> RaggedTensor:
        values, splits = _partition_args(values, row_splits, "row_splits")
        if validate:
            msg = "Arguments to from_row_splits do not form a valid RaggedTensor"
            # (TF's RowPartition checks the splits under a scope of its own)
            with wrapper_scope(None, "RowPartitionFromRowSplits"):
                # (TF's zero is a constant of the scope's own, "Const")
                dbg.assert_equal(splits[:1], constant(0, splits._dtype), message=msg + ":zero")
                dbg.assert_non_negative(splits[1:] - splits[:-1], message=msg + ":monotonic")
            _check_nvals(values, splits, "_from_row_partition")
        return cls._make(values, _own(splits, row_splits))

    @classmethod
    @ragged_scope("RaggedFromRowLengths")
    def from_row_lengths(cls, values: Any, row_lengths: Any, name: str | None = None,
                         validate: bool = True) -> RaggedTensor:
        values, lengths = _partition_args(values, row_lengths, "row_lengths")
        with wrapper_scope(None, "RowPartitionFromRowLengths"):  # (TF's RowPartition's)
            if validate:
                dbg.assert_non_negative(lengths, message="Arguments to from_row_lengths do "
                                                         "not form a valid RowPartition")
            splits = splits_from_lengths(lengths)
        if validate:
            _check_nvals(values, splits, "_from_row_partition")
        return cls._make(values, splits, row_lengths=lengths)

    @classmethod
    @ragged_scope("RaggedFromValueRowIds")
    def from_value_rowids(cls, values: Any, value_rowids: Any, nrows: Any = None,
                          name: str | None = None, validate: bool = True) -> RaggedTensor:
        values, rowids = _partition_args(values, value_rowids, "value_rowids")
        n_vals, n_ids = _outer_len(values), static_len(rowids)
        if n_vals is not None and n_ids is not None and n_vals != n_ids:
            raise ValueError(f"Shapes ({n_vals},) and ({n_ids},) are incompatible")
        with wrapper_scope(None, "RowPartitionFromValueRowIds"):  # (TF's RowPartition's)
            splits, nrows = rowids_partition(rowids, nrows, validate)
        if validate and _state.graph is not None:
            # (TF's check of the ids' count against the values' at run time; eagerly the
            # shapes' check above has answered)
            _check_nvals(values, rowids, "_from_row_partition",
                         lambda: _nvals(rowids, rowids._dtype))
        return cls._make(values, splits, value_rowids=rowids, nrows=nrows)

    @classmethod
    @ragged_scope("RaggedFromRowStarts")
    def from_row_starts(cls, values: Any, row_starts: Any, name: str | None = None,
                        validate: bool = True) -> RaggedTensor:
        values, starts = _partition_args(values, row_starts, "row_starts")
        # (TF counts the values first, as int32 for a tensor's, then casts the count in
        # its RowPartition's scope)
        nvals = _nvals(values, starts._dtype if isinstance(values, RaggedTensor) else dt.int32)
        with wrapper_scope(None, "RowPartitionFromRowStarts"):
            nvals = cast(nvals, starts._dtype)
            msg = "Arguments to from_row_starts do not form a valid RaggedTensor"
            if validate:
                if static_len(starts) != 0:
                    dbg.assert_equal(starts[:1], constant(0, starts._dtype), message=msg)
                dbg.assert_non_negative(starts[1:] - starts[:-1], message=msg)
                # (TF's last check: no row starts past the values)
                dbg.assert_less_equal(starts[-1:], nvals, message=msg)
            splits = concat([starts, reshape(nvals, [1])], 0)
        return cls._make(values, splits)

    @classmethod
    @ragged_scope("RaggedFromRowLimits")
    def from_row_limits(cls, values: Any, row_limits: Any, name: str | None = None,
                        validate: bool = True) -> RaggedTensor:
        values, limits = _partition_args(values, row_limits, "row_limits")
        with wrapper_scope(None, "RowPartitionFromRowLimits"):  # (TF's RowPartition's)
            if validate:  # (TF's checks: the first limit, then the limits' steps)
                msg = "Arguments to from_row_limits do not form a valid RaggedTensor"
                dbg.assert_non_negative(limits[:1], message=msg)
                dbg.assert_non_negative(limits[1:] - limits[:-1], message=msg)
            splits = concat([convert_to_tensor([0], limits._dtype), limits], 0)
        if validate:
            _check_nvals(values, splits, "_from_row_partition")
        return cls._make(values, splits)

    @classmethod
    @ragged_scope("RaggedFromUniformRowLength")
    def from_uniform_row_length(cls, values: Any, uniform_row_length: Any, nrows: Any = None,
                                validate: bool = True, name: str | None = None
                                ) -> RaggedTensor:
        values = _values_tensor(values)
        dtype = values.row_splits.dtype if isinstance(values, RaggedTensor) else None
        length = _index_scalar(uniform_row_length, dtype, "UniformRowLength")
        nvals = _nvals(values, length._dtype)
        with wrapper_scope(None, "RowPartitionFromUniformRowLength"):  # (TF's scope)
            splits, nrows = uniform_partition(length, nvals, nrows, validate)
        return cls._make(values, splits, uniform_row_length=length, nrows=nrows)

    @classmethod
    @ragged_scope("RaggedFromNestedRowSplits")
    def from_nested_row_splits(cls, flat_values: Any, nested_row_splits: Any,
                               name: str | None = None, validate: bool = True) -> RaggedTensor:
        return _from_nested(flat_values, nested_row_splits, "nested_row_splits",
                            lambda v, splits: cls.from_row_splits(v, splits, validate=validate))

    @classmethod
    @ragged_scope("RaggedFromNestedRowlengths")
    def from_nested_row_lengths(cls, flat_values: Any, nested_row_lengths: Any,
                                name: str | None = None, validate: bool = True
                                ) -> RaggedTensor:
        return _from_nested(flat_values, nested_row_lengths, "nested_row_lengths",
                            lambda v, lengths: cls.from_row_lengths(v, lengths,
                                                                    validate=validate))

    @classmethod
    @ragged_scope("RaggedFromNestedValueRowIds")
    def from_nested_value_rowids(cls, flat_values: Any, nested_value_rowids: Any,
                                 nested_nrows: Any = None, name: str | None = None,
                                 validate: bool = True) -> RaggedTensor:
        _check_list(nested_value_rowids, "nested_value_rowids")
        ids = list(nested_value_rowids)
        if nested_nrows is None:
            nrows = [None] * len(ids)
        else:
            _check_list(nested_nrows, "nested_nrows")
            if len(nested_nrows) != len(ids):
                raise ValueError(f"Argument `nested_nrows` must have the same length as "
                                 f"argument `nested_value_rowids`. len(nested_nrows) = "
                                 f"{len(nested_nrows)} vs. len(nested_values_rowids) = "
                                 f"{len(ids)}.")
            nrows = list(nested_nrows)
        return _from_nested(flat_values, list(zip(ids, nrows)), "nested_value_rowids",
                            lambda v, rn: cls.from_value_rowids(v, *rn, validate=validate))

    @classmethod
    @ragged_scope("RaggedFromSparse")
    def from_sparse(cls, st_input: Any, name: str | None = None,
                    row_splits_dtype: Any = dt.int64) -> RaggedTensor:
        if not isinstance(st_input, SparseTensor):
            raise TypeError("Argument `st_input` must be of type SparseTensor, but is of type "
                            f"{type(st_input).__name__}.")
        # (TF takes the rank from the static shapes of dense_shape and indices: one of
        # them must say 2, so a traced SparseTensor of unknown rank is refused too)
        by_shape = st_input.dense_shape.shape.as_list()[0] \
            if st_input.dense_shape.shape.rank is not None else None
        by_indices = st_input.indices.shape.as_list()[1] \
            if st_input.indices.shape.rank is not None else None
        if by_shape != 2 and by_indices != 2:
            raise ValueError("rank(st_input) must be 2.")
        dtype = dt.as_dtype(row_splits_dtype)
        _assert_right_ragged(st_input.indices)
        rowids = cast(st_input.indices[:, 0], dtype)
        nrows = cast(st_input.dense_shape[0], dtype)
        return cls.from_value_rowids(st_input.values, rowids, nrows, validate=False)

    # -- properties --------------------------------------------------------------------
    @property
    def values(self) -> Any:
        return self._values

    @property
    def flat_values(self) -> Tensor:
        v = self._values
        while isinstance(v, RaggedTensor):
            v = v._values
        return v

    @property
    def row_splits(self) -> Tensor:
        return self._row_splits

    @property
    def nested_row_splits(self) -> tuple:
        out, rt = [self._row_splits], self._values
        while isinstance(rt, RaggedTensor):
            out.append(rt._row_splits)
            rt = rt._values
        return tuple(out)

    @property
    def uniform_row_length(self) -> Tensor | None:
        return self._uniform_row_length

    @property
    def ragged_rank(self) -> int:
        v = self._values
        return v.ragged_rank + 1 if isinstance(v, RaggedTensor) else 1

    @property
    def dtype(self) -> dt.DType:
        return self.flat_values._dtype

    @property
    def row_splits_dtype(self) -> dt.DType:
        return self._row_splits._dtype

    @property
    def shape(self) -> TensorShape:
        n = static_len(self._row_splits)
        nrows = None if n is None else n - 1
        if nrows is None and self._nrows is not None:  # (TF's: a constant nrows given)
            known = partial_value(self._nrows)
            nrows = int(known) if known is not None and np.ndim(known) == 0 else None
        u = self._uniform_row_length
        if u is None:
            inner: Any = None
        elif isinstance(u, EagerTensor):
            inner = int(u._arr)
        else:
            known = partial_value(u)
            inner = int(known) if known is not None and np.ndim(known) == 0 else None
        vshape = self._values.shape
        if vshape.rank is None:
            return TensorShape(None)
        return TensorShape([nrows, inner] + list(vshape)[1:])

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def ndim(self) -> int | None:
        return self.shape.rank

    @property
    def _type_spec(self) -> RaggedTensorSpec:
        return RaggedTensorSpec(self.shape, self.dtype, self.ragged_rank, self.row_splits_dtype,
                                flat_values_spec=None)

    # -- partition encodings -----------------------------------------------------------
    def row_lengths(self, axis: int = 1, name: str | None = None) -> Any:
        if axis == 0:
            return self.nrows()
        if axis == 1:
            if self._row_lengths is not None:
                return self._row_lengths
            s = self._row_splits
            made = s[1:] - s[:-1]
            if _lives_as_long(s, made):
                self._row_lengths = made
            return made
        rank = self.shape.rank
        if axis < 0 and rank is None:
            raise ValueError(f"axis={axis} may only be negative if rank(self) is statically "
                             "known.")
        axis = axis if rank is None else positive_axis(axis, rank)
        if axis < 2:
            return self.row_lengths(axis)
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        # a uniform inner dimension: every row of it has that dimension's size
        inner = shape_op(self._values, out_type=self._row_splits._dtype)
        return self.with_values(fill(inner[:axis - 1], inner[axis - 1]))

    def nested_row_lengths(self, name: str | None = None) -> tuple:
        out, rt = [], self
        while isinstance(rt, RaggedTensor):
            out.append(rt.row_lengths())
            rt = rt._values
        return tuple(out)

    def value_rowids(self, name: str | None = None) -> Tensor:
        if self._value_rowids is not None:
            return self._value_rowids
        if self._rowids_made is not None:  # (kept apart: as in TF, the row partition and
            return self._rowids_made       # its static_nvals do not learn from a computed one)
        s = self._row_splits
        if _state.graph is not None:  # (traced, TF's: the rows' indices repeated by their
            # lengths, so of a length statically unknown)
            made = repeat(range_op(shape_op(s, out_type=s._dtype)[-1] - 1), s[1:] - s[:-1],
                          axis=0)
        else:
            made = _bound(UPPER_BOUND, s[1:], range_op(_nvals(self._values, s._dtype)))
        if _lives_as_long(s, made):
            self._rowids_made = made
        return made

    def nested_value_rowids(self, name: str | None = None) -> tuple:
        out, rt = [], self
        while isinstance(rt, RaggedTensor):
            out.append(rt.value_rowids())
            rt = rt._values
        return tuple(out)

    @ragged_scope("RaggedNRows")
    def nrows(self, out_type: Any = None, name: str | None = None) -> Tensor:
        d = dt.as_dtype(out_type) if out_type is not None else self._row_splits._dtype
        if self._nrows is not None:
            return cast(self._nrows, d)
        n = static_len(self._row_splits)
        made = convert_to_tensor(n - 1, self._row_splits._dtype) if n is not None \
            else shape_op(self._row_splits, out_type=self._row_splits._dtype)[0] - \
            convert_to_tensor(1, self._row_splits._dtype)
        if _lives_as_long(self._row_splits, made):
            self._nrows = made
        return cast(made, d)

    def row_starts(self, name: str | None = None) -> Tensor:
        return self._row_splits[:-1]

    def row_limits(self, name: str | None = None) -> Tensor:
        return self._row_splits[1:]

    def bounding_shape(self, axis: Any = None, name: str | None = None,
                       out_type: Any = None) -> Tensor:
        d = dt.as_dtype(out_type) if out_type is not None else self._row_splits._dtype
        dims = [self.nrows(out_type=d)]
        rt: Any = self
        while isinstance(rt, RaggedTensor):
            lengths = cast(rt.row_lengths(), d)
            dims.append(reduce_max(concat([convert_to_tensor([0], d), lengths], 0)))
            rt = rt._values
        inner = shape_op(rt, out_type=d)[1:]
        out = concat([stack(dims), inner], 0)
        if axis is None:
            return out
        return _pick(out, axis)

    # -- rebuilding --------------------------------------------------------------------
    def with_values(self, new_values: Any) -> RaggedTensor:
        new_values = _values_tensor(new_values)
        new_shape = new_values.shape
        if new_shape.rank == 0:
            raise ValueError("Shape () must have rank at least 1")
        self._values.shape[:1].assert_is_compatible_with(new_shape[:1])
        if isinstance(new_values, RaggedTensor) and \
                new_values.row_splits_dtype is not self.row_splits_dtype:
            raise ValueError("self and new_values have mismatched row_splits dtypes; use "
                             "RaggedTensor.with_row_splits_dtype() to convert them to "
                             "compatible dtypes.")
        return RaggedTensor._make(new_values, self._row_splits, self._uniform_row_length,
                                  self._row_lengths, self._value_rowids, self._nrows)

    def with_flat_values(self, new_values: Any) -> RaggedTensor:
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        new_values = _values_tensor(new_values)
        if isinstance(new_values, RaggedTensor):
            return self.with_values(new_values)
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype: Any) -> RaggedTensor:
        dtype = dt.as_dtype(dtype)
        if dtype not in (dt.int32, dt.int64):
            raise ValueError(f"Argument `row_splits` dtype must be int32 or int64. "
                             f"Received {dtype}.")
        if self.row_splits_dtype is dtype:
            return self
        values = self._values
        if isinstance(values, RaggedTensor):
            values = values.with_row_splits_dtype(dtype)

        def c(t: Any) -> Any:
            return None if t is None else cast(t, dtype)

        return RaggedTensor._make(values, cast(self._row_splits, dtype),
                                  c(self._uniform_row_length), c(self._row_lengths),
                                  c(self._value_rowids), c(self._nrows))

    # -- conversions -------------------------------------------------------------------
    def to_tensor(self, default_value: Any = None, name: str | None = None,
                  shape: Any = None) -> Tensor:
        # (TF's scope over all it builds, "RaggedToTensor/RaggedTensorToTensor", or the
        # name given; its op, given no name, names none in an eager error)
        with wrapper_scope(name, "RaggedToTensor"):
            return self._to_tensor(default_value, shape)

    def _to_tensor(self, default_value: Any, shape: Any) -> Tensor:
        flat = self.flat_values
        splits = self.nested_row_splits
        d = splits[0]._dtype
        rank = self.shape.rank
        if shape is None:
            want = convert_to_tensor(-1, d) if rank is None else \
                convert_to_tensor([-1] * rank, d)
        else:
            want = _shape_request(shape, d)
        if default_value is None:
            # (TF's zeros((), dtype): a bool tensor's is False)
            zero = {dt.string: b"", dt.bool: False}.get(flat._dtype, 0)
            default = convert_to_tensor(zero, flat._dtype)
        else:
            # (TF converts it by that name: a tensor of another dtype is refused in it)
            default = convert_to_tensor(default_value, dtype=flat._dtype, name="default_value")
        types = ("ROW_SPLITS",) * len(splits)
        out = bind(ragged_ops.RAGGED_TO_TENSOR, (want, flat, default) + splits,
                   {"row_partition_types": types})
        if rank is not None and not isinstance(out, EagerTensor) and \
                not isinstance(shape, Tensor):
            # (TF's: the requested dims, else this tensor's own static ones)
            asked = as_shape(shape)
            own = self.shape.as_list()
            out.set_shape(own if asked.rank is None else
                          [a if a is not None else b for a, b in zip(asked.as_list(), own)])
        return out

    @ragged_scope("RaggedToSparse")
    def to_sparse(self, name: str | None = None) -> Any:
        # (TF names the op by `name` too, inside the scope of that name)
        idx, vals, shape = bind(ragged_ops.RAGGED_TO_SPARSE,
                                self.nested_row_splits + (self.flat_values,), {}, name)
        return SparseTensor._of(idx, vals, shape)

    def numpy(self) -> np.ndarray:
        """Rows as NumPy arrays: one array when every row has the same length, else an
        object array of rows (TF's rule)."""
        if not _eager(self._row_splits):
            raise ValueError("RaggedTensor.numpy() is only supported in eager mode.")
        values = self._values.numpy() if isinstance(self._values, RaggedTensor) else \
            self._values.numpy()
        s = self._row_splits.numpy().tolist()
        rows = [values[s[i]:s[i + 1]] for i in range(len(s) - 1)]
        if not rows:
            return np.zeros((0, 0) + values.shape[1:], values.dtype)
        if any(len(r) != len(rows[0]) for r in rows):
            out = np.empty(len(rows), object)
            out[:] = rows
            return out
        return np.array(rows)

    def to_list(self) -> list:
        if not _eager(self._row_splits):
            raise ValueError("to_list can only be used in eager mode.")
        values = self._values.to_list() if isinstance(self._values, RaggedTensor) else \
            self._values.numpy().tolist()
        s = self._row_splits._arr.tolist()
        return [values[s[i]:s[i + 1]] for i in range(len(s) - 1)]

    def _is_eager(self) -> bool:
        return _eager(self.flat_values, *self.nested_row_splits)

    def __repr__(self) -> str:
        if self._is_eager():
            with np.printoptions(formatter={"all": _format}):
                text = _format(self.numpy())
            return f"<tf.RaggedTensor {text}>"
        return (f"tf.RaggedTensor(values={self._values}, "
                f"row_splits={self._row_splits})")

    __str__ = __repr__

    def __bool__(self) -> bool:
        raise TypeError("RaggedTensor may not be used as a boolean.")

    def __len__(self) -> int:
        raise TypeError("object of type 'RaggedTensor' has no len()")

    def __iter__(self) -> Any:
        if not self._is_eager():
            raise TypeError("Iterating over a symbolic RaggedTensor is not allowed.")
        n = static_len(self._row_splits) - 1
        return iter([self[i] for i in range(n)])

    def __hash__(self) -> int:
        return id(self)

    def consumers(self) -> list:  # pragma: no cover - graph bookkeeping TF exposes
        return []


def _format(x: Any) -> str:
    """One element of a ragged tensor's text: arrays with ', ' between items."""
    if isinstance(x, np.ndarray):
        if x.size:
            return np.array2string(x, separator=", ")
        return repr(x.tolist())
    return str(x)


def _pick(t: Tensor, axis: Any) -> Tensor:
    return gather(t, convert_to_tensor(axis))


def _own(splits: Tensor, given: Any) -> Tensor:
    """The row splits a factory keeps: a tensor of its own where it was handed an eager
    one, as TF's factory makes a RowPartition of its own (two RaggedTensors made from one
    splits tensor are then not alike to TF's elementwise ops, which broadcast them)."""
    if splits is given and type(splits) is EagerTensor:
        return EagerTensor(splits._arr, splits._dtype, splits._device)
    return splits


def _partition_args(values: Any, partition: Any, what: str) -> tuple:
    """A factory's values as a tensor and its row partition (`what`: "row_splits",
    "row_lengths", ...) as an index vector, checked in TF's order."""
    values = _values_tensor(values)
    t = _index_tensor(partition, what, _splits_hint(values), isinstance(values, RaggedTensor))
    _check_vector(t)
    if what == "row_splits" and static_len(t) == 0:
        raise ValueError("row_splits tensor may not be empty.")
    _check_splits_dtype(values, t)
    return values, t


def _check_vector(t: Tensor) -> None:
    if t._shape is not None and len(t._shape) != 1:
        raise ValueError(f"Shape {TensorShape(t._shape)} must have rank 1")


def _outer_len(values: Any) -> int | None:
    if isinstance(values, RaggedTensor):
        n = static_len(values._row_splits)
        return None if n is None else n - 1
    return static_len(values)


def _check_splits_dtype(values: Any, partition: Tensor) -> None:
    if isinstance(values, RaggedTensor) and values.row_splits_dtype is not partition._dtype:
        raise ValueError("Argument `row_partition` of RaggedTensor with name: partition must "
                         "have same dtype as Argument `values`. "
                         f"(<dtype: '{partition._dtype.name}'> vs. "
                         f"<dtype: '{values.row_splits_dtype.name}'>).")


def _check_nvals(values: Any, splits: Tensor, where: str,
                 counted: Callable | None = None) -> None:
    """TF's check that the values the partition counts (the last split, or `counted()`)
    are the values given (counted first, as TF)."""
    nvals = _nvals(values, splits._dtype)
    last = splits[-1] if counted is None else counted()
    dbg.assert_equal(last, nvals, message=f"Arguments to {where} do not form a valid "
                                          "RaggedTensor")


def _bound(op: Any, sorted_ids: Tensor, values: Tensor) -> Tensor:
    """LowerBound / UpperBound of one sorted vector (either may be empty), in its dtype."""
    rows = bind(op, (expand_dims(sorted_ids, 0), expand_dims(cast(values, sorted_ids._dtype),
                                                             0)),
                {"out_type": sorted_ids._dtype})
    return rows[0]


def _shape_request(shape: Any, d: dt.DType) -> Tensor:
    """to_tensor's `shape` argument as a vector with -1 for the dims to compute."""
    if isinstance(shape, Tensor):
        return cast(shape, d)
    s = as_shape(shape)
    if s.rank is None:
        return convert_to_tensor(-1, d)
    return convert_to_tensor([-1 if x is None else x for x in s], d)


# ---------------------------------------------------------------------------------------
# RaggedTensorSpec.
# ---------------------------------------------------------------------------------------

class RaggedTensorSpec(CompositeSpec):
    """`tf.RaggedTensorSpec(shape=None, dtype=tf.float32, ragged_rank=None,
    row_splits_dtype=tf.int64, flat_values_spec=None)`."""

    __slots__ = ("_shape", "_dtype", "_ragged_rank", "_row_splits_dtype", "_flat_values_spec")

    def __init__(self, shape: Any = None, dtype: Any = dt.float32, ragged_rank: Any = None,
                 row_splits_dtype: Any = dt.int64, flat_values_spec: Any = None) -> None:
        self._shape = as_shape(shape)
        self._row_splits_dtype = dt.as_dtype(row_splits_dtype)  # (TF checks it at no time)
        if flat_values_spec is not None:
            if dtype is not None and dt.as_dtype(dtype) is not flat_values_spec.dtype:
                raise ValueError("dtype must be the same as flat_values_spec.dtype")
            dtype = flat_values_spec.dtype
        self._dtype = dt.as_dtype(dtype)
        self._flat_values_spec = flat_values_spec
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError("Must specify ragged_rank or a shape with a known rank.")
            ragged_rank = rank - 1
        if not isinstance(ragged_rank, int) or isinstance(ragged_rank, bool):
            raise TypeError(f"ragged_rank must be an int, got {ragged_rank!r}")
        if rank is not None:
            if ragged_rank >= rank:
                raise ValueError(f"Argument `ragged_rank` ({ragged_rank}) must be less than "
                                 f"rank ({rank}).")
        self._ragged_rank = ragged_rank

    @classmethod
    def from_value(cls, value: Any) -> RaggedTensorSpec:
        if isinstance(value, RaggedTensor):
            return value._type_spec
        return cls(value.shape, value.dtype, 0)

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self) -> dt.DType:
        return self._dtype

    @property
    def ragged_rank(self) -> int:
        return self._ragged_rank

    @property
    def row_splits_dtype(self) -> dt.DType:
        return self._row_splits_dtype

    @property
    def flat_values_spec(self) -> Any:
        return self._flat_values_spec

    @property
    def value_type(self) -> type:
        return RaggedTensor if self._ragged_rank > 0 else Tensor

    # -- components: flat values, then each level's row splits -------------------------
    @property
    def _component_specs(self) -> list:
        if self._ragged_rank == 0:
            return [TensorSpec(self._shape, self._dtype)]
        dims = self._shape.as_list() if self._shape.rank is not None else None
        if self._flat_values_spec is not None:
            flat = self._flat_values_spec
        elif dims is None:
            flat = TensorSpec(None, self._dtype)
        else:
            # (TF leaves the flat values' count unknown, even where the outer dimensions
            # are all known: a uniform row length does not make it static)
            flat = TensorSpec([None] + dims[self._ragged_rank + 1:], self._dtype)
        n0 = None if dims is None or dims[0] is None else dims[0] + 1
        splits = [TensorSpec([n0], self._row_splits_dtype)]
        splits += [TensorSpec([None], self._row_splits_dtype)] * (self._ragged_rank - 1)
        return [flat] + splits

    def _to_components(self, value: Any) -> list:
        if isinstance(value, RaggedTensor):
            return [value.flat_values] + list(value.nested_row_splits)
        return [value]

    def _from_components(self, components: list) -> Any:
        if self._ragged_rank == 0:
            return components[0]
        flat, *splits = components
        if isinstance(flat, np.ndarray):  # (TF's: NumPy parts become tensors)
            flat, *splits = (convert_to_tensor(c) for c in components)
        if not isinstance(flat, (Tensor, RaggedTensor)):
            if splits:  # (TF builds the innermost row partition first)
                _component_splits(splits[-1], None)
            raise TypeError(f"type(values) must be one of: Tensor, RaggedTensor, got {flat}.")
        result = flat
        dims = self._shape.as_list() if self._shape.rank is not None else None
        for level in range(len(splits) - 1, -1, -1):
            uniform = None if dims is None else dims[level + 1]
            s = _component_splits(splits[level], dims if level == 0 else None)
            if uniform is not None:
                length = convert_to_tensor(uniform, s._dtype)
                result = RaggedTensor._make(result, s, uniform_row_length=length)
            else:
                result = RaggedTensor._make(result, s)
        return result

    # -- comparisons -------------------------------------------------------------------
    def is_compatible_with(self, spec_or_value: Any) -> bool:
        other = spec_or_value
        if isinstance(other, RaggedTensor):
            other = other._type_spec
        elif not isinstance(other, RaggedTensorSpec):
            if isinstance(other, (Tensor, TensorSpec)) and self._ragged_rank == 0:
                return other.dtype is self._dtype and self._shape.is_compatible_with(
                    other.shape)
            return False
        return (other._dtype is self._dtype and other._ragged_rank == self._ragged_rank
                and other._row_splits_dtype is self._row_splits_dtype
                and self._shape.is_compatible_with(other._shape))

    def _common(self, other: Any) -> RaggedTensorSpec | None:
        if type(other) is not RaggedTensorSpec or other._dtype is not self._dtype or \
                other._ragged_rank != self._ragged_rank or \
                other._row_splits_dtype is not self._row_splits_dtype:
            return None
        return RaggedTensorSpec(self._shape.most_specific_compatible_shape(other._shape),
                                self._dtype, self._ragged_rank, self._row_splits_dtype)

    def most_specific_compatible_type(self, other: Any) -> RaggedTensorSpec:
        out = self._common(other)
        if out is None:
            raise ValueError(f"No TypeSpec is compatible with both {self} and {other}")
        return out

    def is_subtype_of(self, other: Any) -> bool:
        """TF's: a spec of the same kind whose shape is a subtype of `other`'s."""
        return type(other) is RaggedTensorSpec and other._dtype is self._dtype and \
            other._ragged_rank == self._ragged_rank and \
            other._row_splits_dtype is self._row_splits_dtype and \
            self._shape.is_subtype_of(other._shape)

    # -- tf.data's batching of a spec: one ragged dimension more or less ----------------
    def _batch(self, batch_size: int | None) -> RaggedTensorSpec:
        self._plain_values()
        return RaggedTensorSpec(as_shape([batch_size]).concatenate(self._shape), self._dtype,
                                self._ragged_rank + 1, self._row_splits_dtype)

    def _unbatch(self) -> RaggedTensorSpec:
        self._plain_values()
        # (a ragged rank below 0 is TF's too: the dataset may be batched again)
        return RaggedTensorSpec(self._shape[1:], self._dtype, self._ragged_rank - 1,
                                self._row_splits_dtype)

    def _plain_values(self) -> None:
        if self._flat_values_spec is not None:
            raise ValueError("Customized value_type is not supported.")

    def _key(self) -> tuple:
        return (self._shape, self._dtype, self._ragged_rank, self._row_splits_dtype)

    def __eq__(self, other: Any) -> bool:
        return type(other) is RaggedTensorSpec and other._key() == self._key()

    def __ne__(self, other: Any) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        flat = "" if self._flat_values_spec is None else f", {self._flat_values_spec!r}"
        return (f"RaggedTensorSpec({self._shape!r}, {self._dtype!r}, {self._ragged_rank}, "
                f"{self._row_splits_dtype!r}{flat})")

    def __reduce__(self):
        return RaggedTensorSpec, (self._shape, self._dtype, self._ragged_rank,
                                  self._row_splits_dtype)


def _lives_as_long(splits: Tensor, made: Tensor) -> bool:
    """Whether a tensor `made` from the row splits may be kept on the RaggedTensor: one
    made in a cond branch's or another function's graph may not be used outside it (nor a
    traced one on a RaggedTensor of eager tensors)."""
    if isinstance(splits, EagerTensor):
        return isinstance(made, EagerTensor)
    return getattr(splits, "graph", None) is _state.graph


def _spec_state(spec: RaggedTensorSpec) -> tuple:
    """The state TF serializes (its `_serialize`): the flat values' spec only when given."""
    state = (spec._shape, spec._dtype, spec._ragged_rank, spec._row_splits_dtype)
    return state if spec._flat_values_spec is None else state + (spec._flat_values_spec,)


def _spec_from_state(state: tuple) -> RaggedTensorSpec:
    if not (isinstance(state, tuple) and len(state) in (4, 5)):
        raise DataLossError(None, None, f"A saved RaggedTensorSpec has the state {state!r}")
    return RaggedTensorSpec(*state)


# a RaggedTensorSpec in StructuredValues (a tf.data snapshot's dataset_spec.pb) as TF's
# TypeSpecProto RAGGED_TENSOR_SPEC
structured_value.register_type_spec(RaggedTensorSpec, 3, _spec_state,
                                    lambda s: s._ragged_rank + 1, _spec_from_state)


def type_spec_from_value(value: Any) -> Any:
    """`tf.type_spec_from_value`: the TypeSpec of a tensor, ragged or sparse tensor, or a
    nested structure of them (lists and tuples of specs are kept as they are in TF)."""
    if value is None:
        return NoneTensorSpec()
    if isinstance(value, CompositeTensor) or getattr(value, "_is_distributed_value", False):
        return value._type_spec  # (a distributed value's: PerReplicaSpec)
    if isinstance(value, TensorArray):
        return TensorArraySpec.from_value(value)
    if isinstance(value, Tensor):
        return TensorSpec.from_tensor(value)
    if hasattr(value, "_as_tensor") and hasattr(value, "trainable"):  # a variable
        return VariableSpec(value.shape, value.dtype, value.trainable)
    if hasattr(value, "_as_tensor"):
        return TensorSpec.from_tensor(value)
    if isinstance(value, np.ndarray):
        return TensorSpec.from_tensor(convert_to_tensor(value))
    spec = getattr(value, "element_spec", None)
    if spec is not None and hasattr(value, "_variant_tensor_like"):
        return spec
    if spec is not None and hasattr(value, "_type_spec"):  # a tf.data iterator
        return value._type_spec
    if spec is not None and hasattr(value, "_value_type_spec"):  # a tf.data dataset
        return value._value_type_spec()
    try:
        return TensorSpec.from_tensor(convert_to_tensor(value))
    except (TypeError, ValueError):
        raise TypeError(f"Could not build a TypeSpec for {value} of unsupported type "
                        f"{type(value)}.") from None  # (its str, as TF's: a DType's <dtype: ...>)


def _assert_right_ragged(indices: Tensor) -> None:
    """TF's check of from_sparse: each row's entries fill its first columns in order (a
    row's first index has column 0, each next one the column after)."""
    rows, cols = indices[:, :-1], indices[:, -1]
    new_row = reduce_any(not_equal(rows[1:], rows[:-1]), axis=1)
    ok = where(new_row, equal(cols[1:], 0), equal(cols[1:], cols[:-1] + 1))
    dbg.Assert(logical_and(reduce_all(equal(cols[:1], 0)), reduce_all(ok)),
               ["SparseTensor is not right-ragged", "SparseTensor.indices =", indices])
