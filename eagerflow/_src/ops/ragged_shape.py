"""DynamicRaggedShape (what `tf.shape` gives for a RaggedTensor), and the ops TF dispatches
for ragged tensors that work through their shape: tf.shape, tf.reshape, tf.split,
tf.math.cumsum and tf.gather_nd (broadcasting them is in ragged_broadcast.py).

Ops layer, beside ragged_dispatch.py; the handlers are registered on import. Each is a
composition of registered ops over the flat values and the row partitions.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor, TypeSpec
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.ops import array, indexing, nd_indexing, reduce, sparse_count_ops
from eagerflow._src.ops import composite_dispatch as cd
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops import ragged_functions as rf
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.math import equal, logical_not, subtract
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged_tensor import RaggedTensor, _eager, check_splits_dtypes
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.stacking import stack as dense_stack


class RowPartition(CompositeTensor):
    """`tf.experimental.RowPartition`: how a ragged dimension cuts its values into rows
    (row splits, and the row length when every row has it)."""

    __slots__ = ("_splits", "_uniform", "_nvals", "_rowids")

    def __init__(self, row_splits: Tensor, uniform_row_length: Any = None,
                 nvals: Any = None, value_rowids: Any = None) -> None:
        self._splits, self._uniform, self._nvals = row_splits, uniform_row_length, nvals
        self._rowids = value_rowids  # (kept as TF keeps it: its length is the static nvals)

    @classmethod
    def from_row_splits(cls, row_splits: Any, validate: bool = True,
                        dtype: Any = None, dtype_hint: Any = None) -> RowPartition:
        splits = _ints(row_splits, dtype)
        rt = RaggedTensor.from_row_splits(_zeros_of(splits[-1]), splits, validate=validate)
        return cls(rt.row_splits)

    @classmethod
    def from_row_lengths(cls, row_lengths: Any, validate: bool = True,
                         dtype: Any = None, dtype_hint: Any = None) -> RowPartition:
        lengths = _ints(row_lengths, dtype)
        rt = RaggedTensor.from_row_lengths(_zeros_of(reduce.reduce_sum(lengths)), lengths,
                                           validate=validate)
        return cls(rt.row_splits)

    @classmethod
    def from_value_rowids(cls, value_rowids: Any, nrows: Any = None, validate: bool = True,
                          dtype: Any = None, dtype_hint: Any = None) -> RowPartition:
        ids = _ints(value_rowids, dtype)
        rt = RaggedTensor.from_value_rowids(_zeros_of(reduce.size(ids, ids.dtype)), ids, nrows,
                                            validate=validate)
        return cls(rt.row_splits, value_rowids=ids)

    @classmethod
    def from_row_starts(cls, row_starts: Any, nvals: Any, validate: bool = True,
                        dtype: Any = None, dtype_hint: Any = None) -> RowPartition:
        starts = _ints(row_starts, dtype)
        n = cast(nvals, starts.dtype)
        rt = RaggedTensor.from_row_starts(_zeros_of(n), starts, validate=validate)
        return cls(rt.row_splits, nvals=n)

    @classmethod
    def from_row_limits(cls, row_limits: Any, validate: bool = True, dtype: Any = None,
                        dtype_hint: Any = None) -> RowPartition:
        limits = _ints(row_limits, dtype)
        n = limits[-1] if _static_len(limits) != 0 else convert_to_tensor(0, limits.dtype)
        rt = RaggedTensor.from_row_limits(_zeros_of(n), limits, validate=validate)
        return cls(rt.row_splits)

    @classmethod
    def from_uniform_row_length(cls, uniform_row_length: Any, nvals: Any, nrows: Any = None,
                                validate: bool = True, dtype: Any = None,
                                dtype_hint: Any = None) -> RowPartition:
        length = _ints(uniform_row_length, dtype if dtype is not None or not isinstance(
            nvals, Tensor) else nvals.dtype)  # (TF's hint: the dtype of a tensor nvals)
        rt = RaggedTensor.from_uniform_row_length(
            _zeros_of(cast(nvals, length.dtype)), length, nrows, validate=validate)
        return cls(cast(rt.row_splits, length.dtype), length, cast(nvals, length.dtype))

    @property
    def dtype(self) -> dt.DType:
        return self._splits.dtype

    def row_splits(self) -> Tensor:
        return self._splits

    def row_lengths(self) -> Tensor:
        return subtract(self._splits[1:], self._splits[:-1])

    def row_starts(self) -> Tensor:
        return self._splits[:-1]

    def row_limits(self) -> Tensor:
        return self._splits[1:]

    def value_rowids(self) -> Tensor:
        return RaggedTensor._make(_zeros_of(self._splits[-1]), self._splits).value_rowids()

    def nrows(self) -> Tensor:
        return subtract(reduce.size(self._splits, self.dtype), 1)

    def nvals(self) -> Tensor:
        return self._splits[-1] if self._nvals is None else self._nvals

    def uniform_row_length(self) -> Any:
        return self._uniform

    def is_uniform(self) -> bool:
        return self._uniform is not None

    @property
    def static_nrows(self) -> int | None:
        n = self._splits.shape[0]
        if n is not None:
            return n - 1
        if self._uniform is not None:  # nvals / uniform_row_length, when both are known
            length, nvals = partial_value(self._uniform), partial_value(self.nvals())
            if length and nvals is not None:
                return nvals // length
        return None

    @property
    def static_nvals(self) -> int | None:
        """As TF: known from the number of values the partition was given (or, for a
        uniform one, its last split), or from the length of its value row ids; not
        from row splits or lengths."""
        if self._nvals is not None or self._uniform is not None:
            n = _constant_value(self.nvals())
            if n is not None:
                return n
        return None if self._rowids is None else self._rowids.shape[0]

    @property
    def static_uniform_row_length(self) -> int | None:
        return None if self._uniform is None else _constant_value(self._uniform)

    def with_dtype(self, dtype: Any) -> RowPartition:
        d = dt.as_dtype(dtype)

        def c(t: Any) -> Any:
            return None if t is None else cast(t, d)
        return RowPartition(cast(self._splits, d), c(self._uniform), c(self._nvals),
                            c(self._rowids))

    def __repr__(self) -> str:
        if not _eager(self._splits):
            return f"tf.RowPartition(row_splits={self._splits!r})"
        if self._uniform is not None:
            return (f"tf.RowPartition(nrows={int(self.nrows()._numpy())}, "
                    f"uniform_row_length={int(self._uniform._numpy())})")
        return f"tf.RowPartition(row_splits={self._splits._numpy()})"


def _ints(x: Any, dtype: Any) -> Tensor:
    t = convert_to_tensor(x, dtype=None if dtype is None else dt.as_dtype(dtype),
                          dtype_hint=dt.int64)
    if t.dtype not in (dt.int32, dt.int64):
        raise ValueError(f"dtype must be int32 or int64, got {t.dtype!r}")
    return t


def _constant_value(t: Tensor) -> Any:
    """A scalar's value when known at trace time, as TF's constant_value gives it: a NumPy
    scalar of an eager tensor, a 0-d array of a traced one."""
    if _eager(t) and _state.graph is None:
        return t.numpy()
    v = partial_value(t)
    return None if v is None else np.array(v, t.dtype.as_numpy_dtype)


def _static_len(t: Tensor) -> int | None:
    return t.shape[0] if t.shape.rank == 1 else None


def _zeros_of(n: Any) -> Tensor:
    """A placeholder of n values, for checking partitions through RaggedTensor's factories."""
    return array.zeros(array.reshape(cast(n, dt.int64), [1]), dt.int8)


# A rebuilt shape's number of rows before it is first asked for
_UNCOUNTED = object()


class DynamicRaggedShape(CompositeTensor):
    """The shape of a RaggedTensor: its number of rows, one row partition (row splits) per
    ragged dimension, and the shape of its flat values, all of one integer dtype.
    `tf.shape(rt)` makes one; `tf.reshape(t, shape)` gives a tensor that shape."""

    __slots__ = ("_nrows_value", "_splits", "_uniform", "_inner_shape", "_rowids")

    def __init__(self, nrows: Tensor, splits: list, uniform: list, inner_shape: Tensor,
                 rowids: list | None = None) -> None:
        self._nrows_value, self._splits, self._uniform = nrows, list(splits), list(uniform)
        self._inner_shape = inner_shape
        self._rowids = [None] * len(self._splits) if rowids is None else list(rowids)

    @property
    def _nrows(self) -> Tensor | None:
        """The number of rows; rebuilt from components, counted from the first splits when
        first asked (as TF's row partition: a function's outputs, read outside its graph,
        run no op)."""
        if self._nrows_value is _UNCOUNTED:
            first = self._splits[0]
            self._nrows_value = subtract(reduce.size(first, first.dtype), 1)
        return self._nrows_value

    @classmethod
    def _of(cls, rt: RaggedTensor, out_type: dt.DType) -> DynamicRaggedShape:
        splits, uniform, rowids, level = [], [], [], rt
        while isinstance(level, RaggedTensor):
            splits.append(cast(level.row_splits, out_type))
            length, ids = level.uniform_row_length, level._value_rowids
            uniform.append(None if length is None else cast(length, out_type))
            rowids.append(None if ids is None else cast(ids, out_type))
            level = level.values
        return cls(rt.nrows(out_type), splits, uniform, array.shape(level, out_type), rowids)

    @property
    def dtype(self) -> dt.DType:
        return self._inner_shape.dtype

    @property
    def num_row_partitions(self) -> int:
        return len(self._splits)

    @property
    def rank(self) -> int | None:
        inner = self._inner_shape.shape[0]
        return None if inner is None else self.num_row_partitions + inner

    @property
    def inner_shape(self) -> Tensor:
        return self._inner_shape

    @property
    def inner_rank(self) -> int | None:
        return self._inner_shape.shape[0]

    @property
    def row_partitions(self) -> tuple:
        return tuple(RowPartition(s, u, None, r)
                     for s, u, r in zip(self._splits, self._uniform, self._rowids))

    def with_dtype(self, dtype: Any) -> DynamicRaggedShape:
        d = _index_dtype(dtype)

        def c(t: Any) -> Any:
            return None if t is None else cast(t, d)
        return DynamicRaggedShape(c(self._nrows), [c(s) for s in self._splits],
                                  [c(u) for u in self._uniform], c(self._inner_shape),
                                  [c(r) for r in self._rowids])

    # -- factories ---------------------------------------------------------------------
    @classmethod
    def from_row_partitions(cls, row_partitions: Any, dtype: Any = None
                            ) -> DynamicRaggedShape:
        parts = list(row_partitions)
        if not parts:
            raise ValueError("row_partitions cannot be empty")
        if dtype is not None:
            parts = [p.with_dtype(dtype) for p in parts]
        last = parts[-1]
        return cls(parts[0].nrows(), [p.row_splits() for p in parts],
                   [p.uniform_row_length() for p in parts], array.reshape(last.nvals(), [1]),
                   [p._rowids for p in parts])

    @classmethod
    def from_tensor(cls, t: Any, dtype: Any = None) -> DynamicRaggedShape:
        if isinstance(t, RaggedTensor):
            return cls._of(t, dt.as_dtype(dtype) if dtype is not None else
                           t.row_splits.dtype)
        t = convert_to_tensor(t)
        d = dt.int32 if dtype is None else dt.as_dtype(dtype)
        shape = array.shape(t, d)
        return cls(shape[0] if t.shape.rank else None, [], [], shape)

    @classmethod
    def from_lengths(cls, lengths: Any, num_row_partitions: int | None = None,
                     dtype: Any = dt.int64) -> DynamicRaggedShape:
        """A shape from each dimension's size: an int, or a tuple of row lengths for a
        ragged dimension (one per element of the dimensions before it)."""
        d = _index_dtype(dtype)
        if not isinstance(lengths, list):
            raise ValueError("lengths should be a list")
        for x in lengths:
            if not (type(x) is int or isinstance(x, tuple) and all(type(y) is int for y in x)):
                raise ValueError(f"element of lengths should be int or tuple of ints: "
                                 f"instead {x!r}")
        if num_row_partitions is None:  # the fewest: up to the last ragged dimension
            ragged = [i for i, n in enumerate(lengths) if isinstance(n, tuple)]
            num_row_partitions = ragged[-1] if ragged else 0
        if type(num_row_partitions) is not int:
            raise ValueError("num_row_partitions should be an int or None")
        if not lengths:  # a scalar's shape
            if num_row_partitions > 0:
                raise ValueError("num_row_partitions==0 for a scalar shape")
            return cls(None, [], [], convert_to_tensor(np.zeros(0, np.int64), d))
        if not num_row_partitions < len(lengths):
            raise ValueError("num_row_partitions should be less than `len(lengths)` if shape "
                             "is not scalar.")
        if not num_row_partitions:  # (a ragged dimension here: a non-rectangular list)
            inner = convert_to_tensor(lengths, d)
            return cls(inner[0], [], [], inner)
        return cls._from_partitions(lengths, num_row_partitions, d)

    @classmethod
    def _from_partitions(cls, lengths: list, parts: int, d: dt.DType) -> DynamicRaggedShape:
        count, splits, uniform = lengths[0], [], []
        for n in lengths[1:parts + 1]:
            if isinstance(n, tuple):
                if len(n) != count:
                    raise ValueError("Shape not consistent.")
                row = np.asarray(n, np.int64)
                # (TF's RowPartition.from_row_lengths, validated)
                dbg.assert_non_negative(
                    convert_to_tensor(row), message="Arguments to from_row_lengths do not "
                    "form a valid RowPartition")
                uniform.append(None)
            else:
                row = np.full(count, n, np.int64)
                uniform.append(convert_to_tensor(n, d))
            splits.append(convert_to_tensor(np.concatenate([[0], np.cumsum(row)]), d))
            count = int(row.sum())
        inner = [count] + [int(n) for n in lengths[parts + 1:]]
        return cls(convert_to_tensor(lengths[0], d), splits, uniform,
                   convert_to_tensor(np.array(inner, np.int64), d))

    def is_uniform(self, axis: int) -> bool:
        return not 0 < axis <= self.num_row_partitions or self._uniform[axis - 1] is not None

    def static_lengths(self, ragged_lengths: bool = True) -> list:
        """Each dimension's size: an int for a uniform one, a tuple of row lengths for a
        ragged one (None for it without `ragged_lengths`, and where not known while
        tracing)."""
        if self._nrows is None:  # a scalar's shape
            return []
        out = [partial_value(self._nrows)]
        for splits, length in zip(self._splits, self._uniform):
            if length is not None:  # (TF gives a known length as a NumPy int)
                n = partial_value(length)
                out.append(None if n is None else self.dtype.as_numpy_dtype(n))
            else:
                s = partial_value(splits) if ragged_lengths else None
                out.append(None if s is None or None in s else tuple(np.diff(s).tolist()))
        inner = partial_value(self._inner_shape)
        if inner is None:
            return out + [None] * builtins.max((self.inner_rank or 1) - 1, 0)
        return out + list(inner[1:])

    __iter__ = None  # (not a sequence of dimensions: tf.broadcast_to must see the shape)

    def __eq__(self, other: Any) -> Any:
        """As TF's extension types: False for another kind of shape, else a bool tensor
        saying whether every partition and the inner shape are equal."""
        if not isinstance(other, DynamicRaggedShape) or self.dtype != other.dtype or \
                self._kinds() != other._kinds():
            return False
        pairs = list(zip(self._splits, other._splits)) + [(self._inner_shape,
                                                           other._inner_shape)]
        return reduce.reduce_all(array.concat([array.reshape(equal(a, b), [-1])
                                               for a, b in pairs], 0))

    def __ne__(self, other: Any) -> Any:
        eq = self.__eq__(other)
        return not eq if isinstance(eq, bool) else logical_not(eq)

    __hash__ = CompositeTensor.__hash__

    def _kinds(self) -> tuple:
        """What TF's spec of the shape says: the partitions' sizes and uniformity, and the
        inner rank."""
        return (tuple((s.shape[0], u is None) for s, u in zip(self._splits, self._uniform)),
                self._inner_shape.shape[0])

    def __repr__(self) -> str:
        # (each length as str() spells it: a NumPy int as its digits)
        lengths = ", ".join(str(n) for n in self.static_lengths())
        return (f"<DynamicRaggedShape lengths=[{lengths}] "
                f"num_row_partitions={self.num_row_partitions}>")

    def __getitem__(self, index: Any) -> Any:
        rank = self.rank
        if isinstance(index, slice):
            return self._prefix(index, rank)
        index = int(index)
        if index < 0 and rank is not None:
            index += rank
        if index < 0:
            raise IndexError(f"Index must be non-negative: {index}")
        if rank is not None and index >= rank:
            raise IndexError(f"Index is too big: {index}>={rank}")
        if index == 0:
            return self._nrows
        if index <= self.num_row_partitions:
            if self._uniform[index - 1] is None:
                raise ValueError(f"Index {index} is not uniform")
            return self._uniform[index - 1]
        return self._inner_shape[index - self.num_row_partitions]

    def _prefix(self, index: slice, rank: int | None) -> DynamicRaggedShape:
        """A slice of the dimensions: from the first, with the partitions it spans; from a
        later one, of uniform dimensions only, as a dense shape (TF's rules; its indices
        are clipped to the rank)."""
        if index.step not in (None, 1):
            raise IndexError("Cannot stride through a shape")
        if rank is None:
            raise ValueError("Cannot slice a shape of unknown rank")
        start = _clipped(0 if index.start is None else int(index.start), rank)
        stop = _clipped(rank if index.stop is None else int(index.stop), rank)
        if stop <= start:
            return DynamicRaggedShape(None, [], [], convert_to_tensor(
                np.zeros(0, self.dtype.as_numpy_dtype)))
        if start > 0:
            return _dense_shape(self._uniform_dims(stop, rank)[start:])
        if stop <= self.num_row_partitions:  # the values of the last partition kept
            kept = self._splits[:stop - 1]
            inner = array.reshape(self._splits[stop - 2][-1], [1]) if kept else \
                array.reshape(self._nrows, [1])
            return DynamicRaggedShape(self._nrows, kept, self._uniform[:stop - 1], inner,
                                      self._rowids[:stop - 1])
        return DynamicRaggedShape(self._nrows, self._splits, self._uniform,
                                  self._inner_shape[:stop - self.num_row_partitions],
                                  self._rowids)

    def _uniform_dims(self, stop: int, rank: int) -> Tensor:
        """The sizes of the first `stop` dimensions (a vector): each partition they span
        must be uniform."""
        partial = self._prefix(slice(0, stop), rank) if stop < rank else self
        if any(u is None for u in partial._uniform):
            raise ValueError("All relevant dimensions must be uniform")
        if not partial.num_row_partitions:
            return partial._inner_shape
        d = self.dtype
        dims = [array.reshape(cast(partial._nrows, d), [1])] + \
            [array.reshape(cast(u, d), [1]) for u in partial._uniform] + \
            [cast(partial._inner_shape[1:], d)]
        return array.concat(dims, 0)

    def _as_ragged(self, flat_values: Tensor) -> Any:
        """`flat_values` given the row partitions of this shape."""
        out: Any = flat_values
        for splits, length in zip(reversed(self._splits), reversed(self._uniform)):
            out = RaggedTensor._make(out, splits, uniform_row_length=length)
        return out

    @property
    def _type_spec(self) -> DynamicRaggedShapeSpec:
        return DynamicRaggedShapeSpec.from_value(self)


def _index_dtype(dtype: Any) -> dt.DType:
    """A shape's dtype: int32 or int64 (TF's refusal of another)."""
    d = dt.as_dtype(dtype)
    if d not in (dt.int32, dt.int64):
        raise ValueError(f"Illegal dtype: {d}")
    return d


def _clipped(index: int, rank: int) -> int:
    """A slice index of a shape's dimensions, TF's way: from the end when negative, then
    into [0, rank]."""
    return builtins.min(builtins.max(index + rank if index < 0 else index, 0), rank)


def _dense_shape(dims: Tensor) -> DynamicRaggedShape:
    """The shape of a dense tensor of dimensions `dims` (a vector, of at least one)."""
    return DynamicRaggedShape(dims[0], [], [], dims)


# ---------------------------------------------------------------------------------------
# Specs: what a tf.function signature (or a traced function's output) knows of a shape.
# ---------------------------------------------------------------------------------------

def _merge(a: Any, b: Any) -> Any:
    return a if a == b else None


def _fits(want: Any, got: Any) -> bool:
    return want is None or got is None or want == got


class RowPartitionSpec(TypeSpec):
    """The static part of a RowPartition: its number of rows and values, its uniform row
    length (None where unknown or ragged) and dtype."""

    __slots__ = ("nrows", "nvals", "uniform_row_length", "dtype")

    def __init__(self, nrows: int | None = None, nvals: int | None = None,
                 uniform_row_length: int | None = None, dtype: Any = dt.int64) -> None:
        self.nrows, self.nvals, self.uniform_row_length = nrows, nvals, uniform_row_length
        self.dtype = dt.as_dtype(dtype)

    @classmethod
    def from_value(cls, rp: RowPartition) -> RowPartitionSpec:
        n = partial_value(rp.nvals())
        return cls(rp.static_nrows, None if n is None else int(n),
                   rp.static_uniform_row_length, rp.dtype)

    @property
    def value_type(self) -> type:
        return RowPartition

    def _key(self) -> tuple:
        return (self.nrows, self.nvals, self.uniform_row_length, self.dtype)

    def _common(self, other: Any) -> RowPartitionSpec | None:
        if type(other) is not RowPartitionSpec or other.dtype is not self.dtype:
            return None
        return RowPartitionSpec(*(_merge(a, b) for a, b in zip(self._key()[:3],
                                                                other._key()[:3])), self.dtype)

    def is_compatible_with(self, other: Any) -> bool:
        return type(other) is RowPartitionSpec and other.dtype is self.dtype and all(
            _fits(a, b) for a, b in zip(self._key()[:3], other._key()[:3]))

    def __eq__(self, other: Any) -> bool:
        return type(other) is RowPartitionSpec and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"RowPartitionSpec(nrows={self.nrows}, nvals={self.nvals}, "
                f"uniform_row_length={self.uniform_row_length}, dtype={self.dtype!r})")


class DynamicRaggedShapeSpec(CompositeSpec):
    """`tf.experimental.DynamicRaggedShape.Spec(row_partitions, static_inner_shape, dtype)`:
    its components are the inner shape, then each partition's row splits."""

    __slots__ = ("_row_partitions", "_static_inner_shape", "_dtype")

    def __init__(self, row_partitions: Any, static_inner_shape: Any, dtype: Any) -> None:
        self._dtype = dt.as_dtype(dtype)
        if self._dtype not in (dt.int32, dt.int64):
            raise ValueError("dtype must be tf.int32 or tf.int64")
        self._row_partitions = tuple(RowPartitionSpec(p.nrows, p.nvals, p.uniform_row_length,
                                                      self._dtype) for p in row_partitions)
        self._static_inner_shape = as_shape(static_inner_shape)

    @classmethod
    def from_value(cls, value: DynamicRaggedShape) -> DynamicRaggedShapeSpec:
        inner = partial_value(value._inner_shape)
        return cls([RowPartitionSpec.from_value(p) for p in value.row_partitions],
                   TensorShape(inner if inner is not None else [None] * value.inner_rank),
                   value.dtype)

    @classmethod
    def _from_tensor_shape(cls, shape: Any, num_row_partitions: int, dtype: Any
                           ) -> DynamicRaggedShapeSpec:
        """The spec of a shape whose dimensions are `shape`'s, the first
        `num_row_partitions` + 1 of them given as row partitions."""
        dims = as_shape(shape).as_list()
        if num_row_partitions and num_row_partitions >= len(dims):
            raise ValueError("num_row_partitions must be less than rank")

        def size(ds: list) -> int | None:
            return None if None in ds else int(np.prod(ds, dtype=np.int64))
        parts = [RowPartitionSpec(size(dims[:i]), size(dims[:i + 1]), dims[i], dtype)
                 for i in range(1, num_row_partitions + 1)]
        inner = [size(dims[:num_row_partitions + 1])] + dims[num_row_partitions + 1:] \
            if num_row_partitions else dims
        return cls(parts, inner, dtype)

    @property
    def dtype(self) -> dt.DType:
        return self._dtype

    @property
    def num_row_partitions(self) -> int:
        return len(self._row_partitions)

    @property
    def inner_rank(self) -> int | None:
        return self._static_inner_shape.rank

    @property
    def rank(self) -> int | None:
        inner = self.inner_rank
        return None if inner is None else inner + self.num_row_partitions

    @property
    def value_type(self) -> type:
        return DynamicRaggedShape

    def with_dtype(self, dtype: Any) -> DynamicRaggedShapeSpec:
        return DynamicRaggedShapeSpec(self._row_partitions, self._static_inner_shape, dtype)

    def _dimension(self, index: int) -> int | None:
        parts = self._row_partitions
        if index == 0:
            return parts[0].nrows if parts else self._static_inner_shape[0]
        if index <= len(parts):
            return parts[index - 1].uniform_row_length
        return self._static_inner_shape[index - len(parts)]

    # -- components ----------------------------------------------------------------------
    @property
    def _component_specs(self) -> list:
        return [TensorSpec([self.inner_rank], self._dtype)] + [
            TensorSpec([None if p.nrows is None else p.nrows + 1], self._dtype)
            for p in self._row_partitions]

    def _to_components(self, value: Any) -> list:
        return [value._inner_shape] + list(value._splits)

    def _from_components(self, components: list) -> DynamicRaggedShape:
        inner, *splits = components
        uniform = [None if p.uniform_row_length is None else
                   convert_to_tensor(p.uniform_row_length, self._dtype)
                   for p in self._row_partitions]
        if splits:
            nrows = _UNCOUNTED
        else:
            nrows = inner[0] if self.inner_rank else None
        return DynamicRaggedShape(nrows, splits, uniform, inner)

    # -- comparisons -----------------------------------------------------------------------
    def _common(self, other: Any) -> DynamicRaggedShapeSpec | None:
        if type(other) is not DynamicRaggedShapeSpec or other._dtype is not self._dtype or \
                other.num_row_partitions != self.num_row_partitions or \
                other.inner_rank != self.inner_rank:
            return None
        return DynamicRaggedShapeSpec(
            [a._common(b) for a, b in zip(self._row_partitions, other._row_partitions)],
            self._static_inner_shape.most_specific_compatible_shape(
                other._static_inner_shape), self._dtype)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        other = spec_or_value
        if isinstance(other, DynamicRaggedShape):
            other = other._type_spec
        return type(other) is DynamicRaggedShapeSpec and other._dtype is self._dtype and \
            other.num_row_partitions == self.num_row_partitions and \
            self._static_inner_shape.is_compatible_with(other._static_inner_shape) and \
            all(a.is_compatible_with(b)
                for a, b in zip(self._row_partitions, other._row_partitions))

    def _key(self) -> tuple:
        return (self._row_partitions, self._static_inner_shape, self._dtype)

    def __eq__(self, other: Any) -> bool:
        return type(other) is DynamicRaggedShapeSpec and other._key() == self._key()

    def __ne__(self, other: Any) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"DynamicRaggedShape.Spec(row_partitions={self._row_partitions!r}, "
                f"static_inner_shape={self._static_inner_shape!r}, dtype={self._dtype!r})")


DynamicRaggedShapeSpec.__qualname__ = "DynamicRaggedShape.Spec"
DynamicRaggedShape.Spec = DynamicRaggedShapeSpec


def _shape(input: Any, out_type: Any = dt.int32, name: str | None = None) -> Any:  # noqa: A002
    d = dt.int32 if out_type is None else dt.as_dtype(out_type)  # (None: TF's default)
    if d not in (dt.int32, dt.int64):
        raise ValueError(f"Illegal dtype: {d}")
    if isinstance(input, SparseTensor):  # (TF's: its dense shape, cast)
        return cast(input.dense_shape, d, name)
    return DynamicRaggedShape._of(input, d)


def _flatten(x: Any) -> Tensor:
    values = x.flat_values if isinstance(x, RaggedTensor) else convert_to_tensor(x)
    return array.reshape(values, [-1])


def _reshape(tensor: Any, shape: Any, name: str | None = None) -> Any:
    """The values in row-major order, given `shape`: dense, or a DynamicRaggedShape (a
    ragged result)."""
    if isinstance(shape, DynamicRaggedShape):
        return shape._as_ragged(array.reshape(_flatten(tensor), shape.inner_shape))
    if isinstance(shape, (list, tuple)):  # (TF's dispatch makes it a tensor: the fast path)
        shape = convert_to_tensor(shape)
    return array.reshape(_flatten(tensor), shape)


# ---------------------------------------------------------------------------------------
# tf.split, tf.math.cumsum.
# ---------------------------------------------------------------------------------------

def _axis(axis: Any, rank: int) -> int:
    a = int(axis)
    if not -rank <= a < rank:
        raise ValueError(f"axis={a} out of bounds: expected {-rank}<=axis<{rank}")
    return a % rank


def _split_sizes(num_or_size_splits: Any, n: Tensor) -> list:
    """Row counts of the pieces (known values: a split is eager or of static sizes)."""
    total = int(n._numpy()) if _eager(n) else None
    if isinstance(num_or_size_splits, (int, np.integer)):
        k = int(num_or_size_splits)
        if k < 1:
            raise ValueError("`num_or_size_splits` must be >=1 if it is an `int`.Received "
                             f"{k}.")
        sizes = [total // k] * k if total is not None else None
        covered = None if total is None else total // k * k
    else:
        given = num_or_size_splits if isinstance(num_or_size_splits, Tensor) else \
            convert_to_tensor(num_or_size_splits)
        sizes = np.asarray(given._numpy()).reshape(-1).tolist()
        if any(s < 0 for s in sizes):  # (TF's assert, its message ended by a period)
            dbg.assert_non_negative(given, message="`num_or_size_splits` must be "
                                                   "non-negative.")
        covered = sum(sizes)
    exact = "Cannot exactly split the `axis` dimension of `value` with the given " \
        "`num_or_size_split`."
    if total is None:
        raise InvalidArgumentError(None, None, exact)
    if covered != total:  # (TF's assert: the rows against the rows the pieces cover)
        dbg.assert_equal(n, convert_to_tensor(covered, n._dtype), message=exact)
    return sizes


def _split(value: Any, num_or_size_splits: Any, axis: int = 0, num: int | None = None,
           name: str = "split") -> list:
    """Pieces of rows (axis 0) or of the flat values' inner dimensions; a ragged
    dimension cannot be split, as in TF."""
    rt = value
    ax = _axis(axis, rt.shape.rank)
    if ax == 0:
        starts = np.cumsum([0] + _split_sizes(num_or_size_splits, rt.nrows())).tolist()
        return [rt[a:b] for a, b in zip(starts[:-1], starts[1:])]
    if ax <= rt.ragged_rank:
        raise ValueError(f"Cannot split a ragged dimension. Got `value` with shape "
                         f"{_shape(rt)} and `axis` {ax}.")
    pieces = array.split(rt.flat_values, num_or_size_splits, ax - rt.ragged_rank, num)
    return [rt.with_flat_values(p) for p in pieces]


def _cumsum(x: Any, axis: int = 0, exclusive: bool = False, reverse: bool = False,
            name: str | None = None) -> Any:
    """Within each row at the ragged rank (a scan of all values less its value where the
    row starts), over the flat values' dimensions, or over the zero-padded dense tensor."""
    ax = _axis(axis, x.shape.rank)
    if ax > x.ragged_rank:
        return x.with_flat_values(cumsum(x.flat_values, ax - x.ragged_rank,
                                                exclusive, reverse))
    if ax == x.ragged_rank:
        return x.with_flat_values(_scan_rows(_innermost(x), x.flat_values, exclusive, reverse))
    dense = cumsum(x.to_tensor(), ax, exclusive, reverse)
    return x.with_flat_values(nd_indexing.gather_nd(dense, _positions(x)))


def _innermost(x: RaggedTensor) -> RaggedTensor:
    while isinstance(x.values, RaggedTensor):
        x = x.values
    return x


def _scan_rows(level: RaggedTensor, values: Tensor, exclusive: bool, reverse: bool
               ) -> Tensor:
    rowids = level.value_rowids()
    if reverse:  # the scan from the end, less its value past each row's last item
        last = indexing.gather(level.row_splits, rowids + 1) - 1
        scan = cumsum(values, 0, exclusive=True, reverse=True)
    else:
        last = indexing.gather(level.row_splits, rowids)
        scan = cumsum(values, 0, exclusive=True)
    out = subtract(scan, indexing.gather(scan, last))
    return out if exclusive else out + values


def _positions(x: RaggedTensor) -> Tensor:
    """Where each flat value sits in `x.to_tensor()`: [row, position in row, ...]."""
    d = x.row_splits_dtype
    item = range_op(cast(array.shape(x.flat_values, d)[0], d))
    columns = []
    levels = [x]
    while isinstance(levels[-1].values, RaggedTensor):
        levels.append(levels[-1].values)
    for level in reversed(levels):
        row = indexing.gather(level.value_rowids(), item)
        columns.append(item - indexing.gather(level.row_splits, row))
        item = row
    columns.append(item)
    return dense_stack(columns[::-1], axis=1)


# ---------------------------------------------------------------------------------------
# tf.gather_nd.
# ---------------------------------------------------------------------------------------

def _gather_nd(params: Any, indices: Any, batch_dims: int = 0, name: str | None = None
               ) -> Any:
    """Each index tuple walks down the partitions (a row's start plus the position in it)
    to a position in the values, which are gathered; the leading dimensions of `indices`
    become uniform dimensions of a ragged result."""
    if batch_dims != 0:
        raise ValueError("batch_dims != 0 is not supported for ragged gather yet.")
    if not isinstance(params, RaggedTensor) and not isinstance(indices, RaggedTensor):
        return nd_indexing.gather_nd(params, indices)
    # (TF's name scope over all it builds, opened again by each call on an inner part;
    # the two row_splits dtypes matched first)
    with sparse_count_ops.api_scope("RaggedGatherNd"):
        check_splits_dtypes(params, indices)
        return _ragged_gather_nd(params, indices)


def _ragged_gather_nd(params: Any, indices: Any) -> Any:
    if isinstance(indices, RaggedTensor):
        if indices.flat_values.shape.rank == 1:
            raise ValueError("The innermost dimension of indices may not be ragged")
        return indices.with_flat_values(_gather_nd(params, indices.flat_values))
    idx = convert_to_tensor(indices)
    if not isinstance(params, RaggedTensor):
        return nd_indexing.gather_nd(params, idx)
    rank = idx.shape.rank
    if rank == 0:
        raise ValueError("indices.rank must be at least 1.")
    if rank == 1:  # one index tuple: its value, or a ragged tensor of one row
        out = _gather_nd(params, array.expand_dims(idx, 0))
        return out if isinstance(out, RaggedTensor) else out[0]
    d = params.row_splits_dtype
    outer = array.shape(idx, d)[:-1]
    if idx.shape[-1] == 0:  # the empty index tuple names all of params
        return rf.gather(array.expand_dims(params, 0), array.zeros(outer, d))
    if idx.shape[-1] == 1:  # (TF gathers the rows by the indices as they are, uncast)
        out = rf.gather(params, array.reshape(idx, [-1]))
    else:
        out = _gather_tuples(params, array.reshape(cast(idx, d), [-1, idx.shape[-1]]))
    if isinstance(out, RaggedTensor):
        for axis in builtins.range(rank - 2, 0, -1):
            out = RaggedTensor.from_uniform_row_length(out, outer[axis], validate=False)
        return out
    return array.reshape(out, array.concat([outer, array.shape(out, d)[1:]], 0))


def _gather_tuples(params: RaggedTensor, tuples: Tensor) -> Any:
    """The items of `params` at each row of `tuples` (index tuples of one length)."""
    position, values = tuples[:, 0], params
    for c in builtins.range(1, tuples.shape[1]):
        if not isinstance(values, RaggedTensor):  # dense below: the rest index its dims
            return nd_indexing.gather_nd(values, array.concat(
                [array.expand_dims(position, 1), tuples[:, c:]], 1))
        # (a position past the row's end reads the next rows' values, as TF's does)
        position = indexing.gather(values.row_splits, position) + tuples[:, c]
        values = values.values
    return rf.gather(values, position)


def _ones(shape: DynamicRaggedShape, dtype: Any = dt.float32, name: str | None = None,
          layout: Any = None) -> Any:
    """tf.ones of a DynamicRaggedShape: its inner shape's ones in its row partitions."""
    return shape._as_ragged(array.ones(shape.inner_shape, dtype, name, layout))


def _zeros(shape: DynamicRaggedShape, dtype: Any = dt.float32, name: str | None = None,
           layout: Any = None) -> Any:
    return shape._as_ragged(array.zeros(shape.inner_shape, dtype, name, layout))


def _fill(dims: DynamicRaggedShape, value: Any, name: str | None = None,
          layout: Any = None) -> Any:
    return dims._as_ragged(array.fill(dims.inner_shape, value, name, layout))


cd.register(array.ones, _ones)
cd.register(array.zeros, _zeros)
cd.register(array.fill, _fill)
cd.register(array.shape, _shape)
cd.register(array.reshape, _reshape)
cd.register(array.split, _split)
cd.register(cumsum, _cumsum)
cd.register(nd_indexing.gather_nd, _gather_nd)
