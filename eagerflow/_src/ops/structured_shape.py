"""The shapes of StructuredTensors: DynamicRaggedShapes of a fixed form, and their specs.

Ops layer, after the ragged family (ragged_shape.py's DynamicRaggedShape is the value),
below structured_tensor.py. A StructuredTensor of rank r keeps one DynamicRaggedShape for
the outer r dimensions its fields share: none of rank 0 (an empty inner shape), the
number of rows for rank 1, and r - 1 row partitions (uniform ones included) over the
number of structures for rank r > 1. These functions build, cut, merge and reshape such
shapes as TF's StructuredTensor does with its shapes (`_merge_with`, `_truncate`,
`_with_num_row_partitions`, `_merge_dims`), and give their static side: the
DynamicRaggedShape.Spec a StructuredTensor's spec holds and the TensorShape it shows,
and the value tf.data carries a StructuredTensor's shape as.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.io import structured_value
from eagerflow._src.ops import array
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.indexing import gather as dense_gather
from eagerflow._src.ops.math import multiply
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged import (
    DynamicRaggedShape,
    RaggedTensor,
    RaggedTensorSpec,
    RowPartition,
)
from eagerflow._src.ops.ragged_shape import DynamicRaggedShapeSpec, RowPartitionSpec
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.stacking import stack

DRS = DynamicRaggedShape


def int_tensor(x: Any, dtype: dt.DType) -> Tensor:
    t = x if isinstance(x, Tensor) else convert_to_tensor(x, dtype=dtype)
    return t if t.dtype is dtype else cast(t, dtype)


def scalar_shape(dtype: dt.DType) -> DRS:
    return DRS(None, [], [], convert_to_tensor(np.zeros(0, dtype.as_numpy_dtype), dtype))


def from_dims(dims: list, dtype: dt.DType) -> DRS:
    """The shape of dims (ints or scalar tensors), without row partitions."""
    if not dims:
        return scalar_shape(dtype)
    if all(isinstance(d, (int, np.integer)) for d in dims):
        inner = convert_to_tensor(np.asarray(dims, dtype.as_numpy_dtype), dtype)
    else:
        inner = stack([array.reshape(int_tensor(d, dtype), []) for d in dims])
    return DRS(inner[0], [], [], inner)


def of_field(value: Any, dtype: dt.DType) -> DRS:
    """The whole shape of a field value (a StructuredTensor's is its own shape)."""
    own = getattr(value, "_ragged_shape", None)
    if isinstance(own, DRS):
        return own if own.dtype is dtype else own.with_dtype(dtype)
    if isinstance(value, RaggedTensor):
        return DRS._of(value, dtype)
    return DRS.from_tensor(value, dtype)


def truncate(shape: DRS, rank: int) -> DRS:
    """The first `rank` dimensions (all of them when there are no more)."""
    full = shape.rank
    if full is None or rank >= full:
        return shape
    if rank == 0:
        return scalar_shape(shape.dtype)
    return shape[:rank]


def with_partitions(shape: DRS, count: int) -> DRS:
    """The same shape with `count` row partitions: the inner dimensions after the first
    become uniform partitions."""
    have = shape.num_row_partitions
    if count == have:
        return shape
    rank = shape.rank
    if rank is not None and count >= rank:
        raise ValueError("num_row_partitions must be less than rank")
    if count < have:
        raise ValueError("Cannot reduce the number of row partitions of a shape")
    d = shape.dtype
    inner = shape._inner_shape
    splits, uniform, rowids = list(shape._splits), list(shape._uniform), list(shape._rowids)
    rows = inner[0]
    for j in range(1, count - have + 1):
        length = inner[j]
        splits.append(multiply(range_op(rows + 1, dtype=d), length))
        uniform.append(length)
        rowids.append(None)
        rows = multiply(rows, length)
    new_inner = array.concat([array.reshape(rows, [1]), inner[count - have + 1:]], 0)
    nrows = shape._nrows if have else inner[0]
    return DRS(nrows, splits, uniform, new_inner, rowids)


def static_inner(shape: DRS) -> TensorShape:
    v = partial_value(shape._inner_shape)
    if isinstance(v, list):
        return TensorShape(v)
    n = shape.inner_rank
    return TensorShape(None if n is None else [None] * n)


def _eager(*ts: Any) -> bool:
    return _state.graph is None and all(isinstance(t, EagerTensor) for t in ts)


def _merge_tensor(a: Any, b: Any, what: str) -> Any:
    """TF's check that two encodings of one partition agree: statically incompatible
    shapes are a ValueError, different values an InvalidArgumentError (assert_equal's)."""
    if a is None:
        return b
    if b is None or a is b:
        return a
    message = f"RowPartition._merge_precomputed_encodings: partitions have incompatible {what}"
    if not a.shape.is_compatible_with(b.shape):
        raise ValueError(message)
    if a.dtype is not b.dtype:
        b = cast(b, a.dtype)
    dbg.assert_equal(a, b, message=message)
    return a


def merge(a: DRS | None, b: DRS | None) -> DRS | None:
    """One shape from two descriptions of it (TF's DynamicRaggedShape._merge_with)."""
    if a is None:
        return b
    if b is None:
        return a
    count = max(a.num_row_partitions, b.num_row_partitions)
    a, b = with_partitions(a, count), with_partitions(b, count)
    static_inner(a).merge_with(static_inner(b))
    uniform = []
    for i in range(count):
        ua, ub = a._uniform[i], b._uniform[i]
        uniform.append(_merge_tensor(ua, ub, "uniform_row_length"))
        _merge_tensor(a._splits[i], b._splits[i], "row_splits")
    return DRS(a._nrows, a._splits, uniform, a._inner_shape, a._rowids)


def from_row_partitions(parts: tuple, dtype: dt.DType) -> DRS:
    return DRS.from_row_partitions(parts, dtype=dtype)


def row_partitions(shape: DRS) -> tuple:
    return shape.row_partitions


def nvals(shape: DRS) -> Tensor:
    """The number of structures of a shape of rank >= 1 (its inner shape's first dim)."""
    return shape._inner_shape[0]


def merge_dims(shape: DRS, outer: int, inner: int) -> DRS:
    """Dimensions outer..inner (outer < inner < rank) as one."""
    splits, uniform = shape._splits, shape._uniform
    d = shape.dtype
    if outer == 0:
        rest_splits, rest_uniform = splits[inner:], uniform[inner:]
        top = splits[inner - 1][-1]
        if not rest_splits:
            return from_dims([top], d)
        return DRS(top, rest_splits, rest_uniform, shape._inner_shape)
    merged = splits[outer - 1]
    length = uniform[outer - 1]
    for k in range(outer, inner):
        merged = dense_gather(splits[k], merged)
        length = None if length is None or uniform[k] is None else multiply(length, uniform[k])
    new_splits = list(splits[:outer - 1]) + [merged] + list(splits[inner:])
    new_uniform = list(uniform[:outer - 1]) + [length] + list(uniform[inner:])
    return DRS(shape._nrows, new_splits, new_uniform, shape._inner_shape)


def expanded_partitions(shape: DRS, axis: int, rank: int) -> tuple:
    """The row partitions of the shape with a dimension of size 1 inserted at `axis`
    (0 <= axis <= rank), as tf.expand_dims makes them."""
    d = shape.dtype
    parts = tuple(shape.row_partitions) if rank > 1 else ()
    if axis == 0:
        if rank == 0:
            return ()
        n = shape[0]
        return (RowPartition.from_uniform_row_length(n, n, nrows=1, validate=False,
                                                     dtype=d),) + parts
    if axis == rank:
        n = parts[axis - 2].nvals() if axis >= 2 else shape[0]
        return parts + (_ones_partition(n, d),)
    n = parts[axis - 1].nrows() if axis >= 1 and parts else shape[0]
    return parts[:axis - 1] + (_ones_partition(n, d),) + parts[axis - 1:]


def _ones_partition(n: Tensor, d: dt.DType) -> RowPartition:
    one = convert_to_tensor(np.array(1, d.as_numpy_dtype), d)
    return RowPartition.from_uniform_row_length(one, n, nrows=n, validate=False, dtype=d)


# -- the static side ----------------------------------------------------------------------

def spec_of(shape: DRS, static: TensorShape | None = None) -> DynamicRaggedShapeSpec:
    """The spec of a shape, with what `static` (the shape's TensorShape as the fields show
    it) adds to what its tensors say."""
    spec = _chained(DynamicRaggedShapeSpec.from_value(shape))
    if static is None or static.rank is None or static.rank != spec.rank:
        return spec
    return _chained(_with_static(spec, static))


def _chained(spec: DynamicRaggedShapeSpec) -> DynamicRaggedShapeSpec:
    """A spec whose partitions' numbers of values are the next one's number of rows, the
    last one's the inner shape's first dimension, where only one side knew it."""
    parts = list(spec._row_partitions)
    if not parts:
        return spec
    inner = spec._static_inner_shape.as_list() if spec._static_inner_shape.rank else [None]
    following = [p.nrows for p in parts[1:]] + [inner[0]]
    new = [RowPartitionSpec(p.nrows, _known(p.nvals, n), p.uniform_row_length, spec.dtype)
           for p, n in zip(parts, following)]
    inner[0] = _known(inner[0], new[-1].nvals)
    return DynamicRaggedShapeSpec(new, inner, spec.dtype)


def _known(a: Any, b: Any) -> Any:
    return a if a is not None else b


def _product(dims: list) -> int | None:
    return None if None in dims else int(np.prod(dims, dtype=np.int64))


def _with_static(spec: DynamicRaggedShapeSpec, static: TensorShape) -> DynamicRaggedShapeSpec:
    dims = static.as_list()
    parts = spec._row_partitions
    if not parts:
        return DynamicRaggedShapeSpec((), spec._static_inner_shape.merge_with(static),
                                      spec.dtype)
    new = []
    for i, p in enumerate(parts):
        nrows = _known(p.nrows, _product(dims[:i + 1]))
        length = _known(p.uniform_row_length, dims[i + 1])
        nvals = _known(p.nvals, _product(dims[:i + 2]))
        new.append(RowPartitionSpec(nrows, nvals, length, spec.dtype))
    inner = spec._static_inner_shape.as_list() if spec._static_inner_shape.rank else [None]
    inner[0] = _known(inner[0], new[-1].nvals)
    return DynamicRaggedShapeSpec(new, inner, spec.dtype)


def static_shape(spec: DynamicRaggedShapeSpec) -> TensorShape:
    """The TensorShape of a shape's spec (TF's `_to_tensor_shape`)."""
    parts = spec._row_partitions
    inner = spec._static_inner_shape
    if not parts:
        return inner
    dims = [parts[0].nrows] + [p.uniform_row_length for p in parts]
    rest = inner.as_list()[1:] if inner.rank else []
    return TensorShape(dims + rest)


def spec_from_tensor_spec(shape: TensorShape, rank: int, dtype: dt.DType
                          ) -> DynamicRaggedShapeSpec:
    """The spec of the first `rank` dims of a dense value's shape."""
    dims = shape.as_list()[:rank]
    return DynamicRaggedShapeSpec._from_tensor_shape(dims, max(rank - 1, 0), dtype)


def spec_from_ragged_spec(spec: Any, rank: int, dtype: dt.DType) -> DynamicRaggedShapeSpec:
    """The spec of the first `rank` dims of a RaggedTensorSpec's values (its ragged
    dimensions as partitions of unknown sizes)."""
    dims = spec.shape.as_list()[:rank]
    if rank <= 1:
        return DynamicRaggedShapeSpec((), dims, dtype)
    parts = []
    rows = dims[0]
    for i in range(1, rank):
        length = dims[i]
        count = None if rows is None or length is None else rows * length
        parts.append(RowPartitionSpec(rows, count, length, dtype))
        rows = count
    return DynamicRaggedShapeSpec(parts, [rows], dtype)


def merge_specs(a: DynamicRaggedShapeSpec, b: DynamicRaggedShapeSpec
                ) -> DynamicRaggedShapeSpec:
    """What two specs of one shape say together (None where neither knows)."""
    if a.num_row_partitions != b.num_row_partitions:
        return a
    parts = [RowPartitionSpec(_known(p.nrows, q.nrows), _known(p.nvals, q.nvals),
                              _known(p.uniform_row_length, q.uniform_row_length), a.dtype)
             for p, q in zip(a._row_partitions, b._row_partitions)]
    return DynamicRaggedShapeSpec(parts, a._static_inner_shape.merge_with(
        b._static_inner_shape), a.dtype)


# -- specs of fields' shapes (TF's DynamicRaggedShape.Spec._from_spec and merging) -----

def shape_spec_of_spec(spec: Any) -> DynamicRaggedShapeSpec | None:
    """The shape spec of a field's spec (TF's DynamicRaggedShape.Spec._from_spec)."""
    own = getattr(spec, "_ragged_shape", None)  # (a StructuredTensor.Spec's)
    if isinstance(own, DynamicRaggedShapeSpec):
        return own
    if isinstance(spec, TensorSpec):
        if spec.shape.rank is None:
            return None
        return DynamicRaggedShapeSpec._from_tensor_shape(spec.shape, 0, dt.int64)
    if isinstance(spec, RaggedTensorSpec):
        if spec.shape.rank is None:
            return None
        return spec_from_ragged_spec(spec, spec.shape.rank, spec.row_splits_dtype)
    return None


def truncate_spec(spec: DynamicRaggedShapeSpec, rank: int) -> DynamicRaggedShapeSpec:
    if spec.rank is None or rank >= spec.rank:
        return spec
    dims = static_shape(spec).as_list()[:rank]
    parts = spec._row_partitions[:max(rank - 1, 0)]
    if not parts:
        return DynamicRaggedShapeSpec((), dims, spec.dtype)
    return DynamicRaggedShapeSpec(parts, [parts[-1].nvals], spec.dtype)


def merge_shape_specs(a: DynamicRaggedShapeSpec, b: DynamicRaggedShapeSpec
                       ) -> DynamicRaggedShapeSpec:
    """TF's DynamicRaggedShape.Spec._merge_with: as many partitions as either has, of one
    dtype (int64 wins where there are none), static dims merged."""
    count = max(a.num_row_partitions, b.num_row_partitions)
    a, b = spec_with_partitions(a, count), spec_with_partitions(b, count)
    if count and a.dtype != b.dtype:
        raise ValueError("Merging RowPartitionSpecs with incompatible dtypes")
    dtype = dt.int64 if dt.int64 in (a.dtype, b.dtype) else a.dtype
    return merge_specs(a.with_dtype(dtype), b.with_dtype(dtype))


def fields_shape_spec(fields: Any, rank: int, shape: DynamicRaggedShapeSpec | None = None
                      ) -> DynamicRaggedShapeSpec | None:
    """The outer `rank` dimensions the field specs share: each field's shape spec cut to
    `rank` and merged (into `shape`, when given), with TF's errors for a field of no
    shape or of a lower rank."""
    for k, v in fields.items():
        field_shape = shape_spec_of_spec(v)
        if field_shape is None:
            raise ValueError(f"Cannot convert spec of {k}.")
        if field_shape.rank is not None and field_shape.rank < rank:
            raise ValueError(f"Rank of field {k} is {field_shape.rank}, but must be at least "
                             f"{rank}.")
        field_shape = truncate_spec(field_shape, rank)
        shape = field_shape if shape is None else merge_shape_specs(shape, field_shape)
    return shape


def spec_with_partitions(spec: DynamicRaggedShapeSpec, count: int) -> DynamicRaggedShapeSpec:
    have = spec.num_row_partitions
    if count <= have:
        return spec
    if spec.rank is not None and count >= spec.rank:
        raise ValueError("num_row_partitions must be less than rank")
    dims = static_shape(spec).as_list()
    parts = list(spec._row_partitions)
    rows = parts[-1].nvals if parts else dims[0]
    for j in range(have, count):
        length = dims[j + 1]
        nvals = None if rows is None or length is None else rows * length
        parts.append(RowPartitionSpec(rows, nvals, length, spec.dtype))
        rows = nvals
    return DynamicRaggedShapeSpec(parts, [rows] + dims[count + 1:], spec.dtype)


# -- tf.data: a StructuredTensor's shape as a component -------------------------------------
# tf.data batches and slices a StructuredTensor's fields as it does tensors and ragged
# tensors; its shape goes along as one more such value, zeros of the shape's dtype: dense
# while no dimension after the outer one has an unknown size, else ragged up to the last
# such one. Batching and slicing it then give the shape TF's specs give (structures of
# different lengths batch into a ragged dimension); a spec tf.data derived keeps the
# component's spec it came from (ragged of rank 0 after slicing a ragged dimension).

def _carrier_ragged_rank(dims: list) -> int:
    return max([i for i in range(1, len(dims)) if dims[i] is None], default=0)


def carrier_spec(spec: DynamicRaggedShapeSpec) -> Any:
    dims = static_shape(spec).as_list()
    d = spec.dtype
    r = _carrier_ragged_rank(dims)
    if r == 0:
        return TensorSpec(dims, d)
    return RaggedTensorSpec(dims, d, r, d)


def carrier(st: Any) -> Any:
    shape = st._ragged_shape
    d = shape.dtype
    dims = st.shape.as_list()
    if not dims:
        return convert_to_tensor(0, d)
    r = _carrier_ragged_rank(dims)
    if r == 0:
        if dims[0] is not None:  # (a static shape: what a traced value's spec then shows)
            return array.zeros(dims, d)
        sizes = [array.reshape(shape[0], [1])] + [
            convert_to_tensor([n], d) for n in dims[1:]]
        return array.zeros(array.concat(sizes, 0), d)
    parts = st.row_partitions
    flat = array.zeros(array.concat([array.reshape(parts[r - 1].nvals(), [1]),
                                     convert_to_tensor(dims[r + 1:], d)], 0), d)
    for p in reversed(parts[:r]):
        flat = RaggedTensor._make(flat, p.row_splits(), uniform_row_length=p.uniform_row_length())
    return flat


def shape_of_carrier(carrier: Any) -> DynamicRaggedShape:
    d = carrier.dtype
    rank = carrier.shape.rank
    if isinstance(carrier, RaggedTensor):
        return with_partitions(DRS._of(carrier, d), rank - 1)
    dims = array.shape(carrier, d)
    if rank == 0:
        return scalar_shape(d)
    shape = DRS(dims[0], [], [], dims)
    return with_partitions(shape, rank - 1) if rank > 1 else shape


def shape_spec_of_carrier(spec: Any) -> DynamicRaggedShapeSpec:
    rank = spec.shape.rank
    if isinstance(spec, RaggedTensorSpec) and spec.ragged_rank > 0:
        return spec_from_ragged_spec(spec, rank, spec.dtype)
    return spec_from_tensor_spec(spec.shape, rank, spec.dtype)


# -- the shapes' specs in SavedModels: TF's TypeSpecProtos --------------------------------

def _one(d: Any) -> TensorShape:
    return TensorShape([d])


def _partition_state(spec: RowPartitionSpec) -> tuple:
    return (_one(spec.nrows), _one(spec.nvals), _one(spec.uniform_row_length), spec.dtype)


def _partition_from_state(state: tuple) -> RowPartitionSpec:
    if not (isinstance(state, tuple) and len(state) == 4 and
            all(isinstance(x, TensorShape) and x.rank == 1 for x in state[:3])):
        raise DataLossError(None, None, f"A saved RowPartitionSpec has the state {state!r}")
    return RowPartitionSpec(state[0][0], state[1][0], state[2][0], state[3])


def _pairs(state: Any, names: tuple, what: str) -> dict:
    if not (isinstance(state, tuple) and all(isinstance(p, tuple) and len(p) == 2
                                             for p in state)) or \
            tuple(p[0] for p in state) != names:
        raise DataLossError(None, None, f"A saved {what} has the state {state!r}")
    return dict(state)


def _shape_spec_state(spec: DynamicRaggedShapeSpec) -> tuple:
    return (("_row_partitions", tuple(spec._row_partitions)),
            ("_inner_shape", TensorSpec([spec.inner_rank], spec.dtype)),
            ("_static_inner_shape", spec._static_inner_shape))


def _shape_spec_from_state(state: tuple) -> DynamicRaggedShapeSpec:
    f = _pairs(state, ("_row_partitions", "_inner_shape", "_static_inner_shape"),
               "DynamicRaggedShape.Spec")
    return DynamicRaggedShapeSpec(f["_row_partitions"], f["_static_inner_shape"],
                                  f["_inner_shape"].dtype)


structured_value.register_type_spec(RowPartitionSpec, 10, _partition_state, lambda s: 1,
                                    _partition_from_state)
structured_value.register_type_spec(
    DynamicRaggedShapeSpec, structured_value.EXTENSION_TYPE_SPEC, _shape_spec_state,
    lambda s: 1 + s.num_row_partitions, _shape_spec_from_state, "tf.DynamicRaggedShape.Spec")
