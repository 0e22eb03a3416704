"""tf.IndexedSlices and tf.IndexedSlicesSpec: some rows of a dense tensor, by index.

Ops layer, before indexing, whose gather gradients are IndexedSlices (its dense form is
an UnsortedSegmentSum, bound through the registry: rows of repeated indices add up, as
TF's conversion does). An IndexedSlices is a composite of its
`values`, `indices` and (optional) `dense_shape`, so tf.function signatures carry it
through graphs; `tf.convert_to_tensor` and every op taking a tensor see its dense form,
but `tf.cast` and `tf.clip_by_value`, which keep it (their handlers here; `tf.cast` keeps
a SparseTensor too). The gradient of a gather along axis 0 is one, as in TF; the tape
concatenates several for one source and densifies a mix with dense gradients.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.io import structured_value
from eagerflow._src.ops.composite_dispatch import dispatch_binding, elementwise
from eagerflow._src.ops.composite_dispatch import register as register_dispatch
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import tf_shape_value
from eagerflow._src.ops.math import clip_by_value, multiply
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.registry import REGISTRY

# Whether this process has made an IndexedSlices yet: until it has, no gradient is one,
# and the eager backward walk leaves out its test of each node's gradients for them
# (autodiff/tape.py's _walk_eager, which every node of every eager training step passes).
MADE = [False]


class IndexedSlices(CompositeTensor):
    """`tf.IndexedSlices(values, indices, dense_shape=None)`: row `i` of `values` is row
    `indices[i]` of a tensor of shape `dense_shape`."""

    __slots__ = ("_values", "_indices", "_dense_shape")

    def __init__(self, values: Any, indices: Any, dense_shape: Any = None) -> None:
        MADE[0] = True
        self._values = convert_to_tensor(values)
        self._indices = convert_to_tensor(indices)
        self._dense_shape = None if dense_shape is None else convert_to_tensor(dense_shape)

    values = property(lambda self: self._values, doc="The rows, [n, ...].")
    indices = property(lambda self: self._indices, doc="Their row numbers, [n].")
    dense_shape = property(lambda self: self._dense_shape, doc="The dense tensor's shape.")

    @property
    def dtype(self) -> dt.DType:
        return self._values.dtype

    @property
    def device(self) -> str:
        return self._values.device

    @property
    def name(self) -> str:
        return self._values.name

    @property
    def op(self) -> Any:
        return self._values.op

    @property
    def graph(self) -> Any:
        return self._values.graph

    @property
    def shape(self) -> TensorShape:
        """The dense shape, as far as it is known without running anything (in a graph, as
        TF's constant_value_as_shape reads the dense_shape tensor: a Shape op's static
        dims)."""
        if self._dense_shape is None:
            return TensorShape(None)
        return TensorShape(tf_shape_value(self._dense_shape))

    def _as_tensor(self, dtype: Any = None) -> Tensor:
        if self._dense_shape is None:
            raise ValueError(f"Tensor conversion requested for IndexedSlices for argument "
                             f"`value` without dense_shape: {self}")
        if dtype is not None and dt.as_dtype(dtype) is not self.dtype:
            raise ValueError(f"Tensor conversion requested dtype {dt.as_dtype(dtype).name} "
                             f"for IndexedSlices with dtype {self.dtype.name}: {self}")
        return densify(self._values, self._indices, self._dense_shape)

    def __neg__(self) -> IndexedSlices:
        return IndexedSlices(-self._values, self._indices, self._dense_shape)

    @property
    def _type_spec(self) -> IndexedSlicesSpec:
        """As TF's: the dense shape's rows unknown and its other dims the values' (merged
        with what the dense_shape tensor says), the count of indices merged with the
        values' rows."""
        values_shape = self._values.shape
        shape = TensorShape([None]).concatenate(values_shape[1:])
        if self._dense_shape is not None:
            shape = shape.merge_with(self.shape)
        return IndexedSlicesSpec(
            shape, self.dtype, self._indices.dtype,
            None if self._dense_shape is None else self._dense_shape.dtype,
            self._indices.shape.merge_with(values_shape[:1]))

    def __str__(self) -> str:
        shape = "" if self._dense_shape is None else f", dense_shape={self._dense_shape!s}"
        return f"IndexedSlices(indices={self._indices!s}, values={self._values!s}{shape})"


def densify(values: Tensor, indices: Tensor, dense_shape: Tensor,
            name: str | None = None) -> Tensor:
    """The dense tensor: UnsortedSegmentSum of the rows by their indices, named `name`
    (the op is defined with the segment ops, after this module: looked up by name)."""
    op = REGISTRY["UnsortedSegmentSum"]
    if isinstance(dense_shape, EagerTensor):
        return bind(op, (values, indices), {"num_segments": int(dense_shape.numpy()[0])},
                    name)
    return bind(op, (values, indices, dense_shape[0]), {"num_segments": None}, name)


def _cast(x: Any, dtype: Any, name: str | None = None) -> Any:
    """tf.cast of a composite: an IndexedSlices or a SparseTensor keeps its form, its values
    cast (as TF's); a RaggedTensor's flat values are cast by the ragged dispatch."""
    if isinstance(x, IndexedSlices):
        return IndexedSlices(cast(x.values, dtype), x.indices, x.dense_shape)
    if isinstance(x, SparseTensor):
        return x.with_values(cast(x.values, dtype))
    if elementwise.unary is None:
        raise TypeError(f"cast does not support {type(x).__name__}")
    return elementwise.unary(lambda v: cast.__wrapped_api__(v, dtype, name), x)


register_dispatch(cast, _cast)


def _clip_by_value(t: Any, clip_value_min: Any, clip_value_max: Any,
                   name: str | None = None) -> Any:
    """tf.clip_by_value of a composite: an IndexedSlices' values clipped, the slices kept
    (as TF's); a RaggedTensor's flat values by the ragged dispatch."""
    api = clip_by_value.__wrapped_api__
    if isinstance(t, IndexedSlices):
        return IndexedSlices(api(t.values, clip_value_min, clip_value_max, name), t.indices,
                             t.dense_shape)
    if elementwise.unary is None or isinstance(t, SparseTensor):
        convert_to_tensor(t)  # (TF's error for a SparseTensor: it does not convert)
    return elementwise.unary(lambda v: api(v, clip_value_min, clip_value_max, name), t)


register_dispatch(clip_by_value, _clip_by_value)


class IndexedSlicesSpec(CompositeSpec):
    """`tf.IndexedSlicesSpec(shape=None, dtype=tf.float32, indices_dtype=tf.int64,
    dense_shape_dtype=None, indices_shape=None)`."""

    __slots__ = ("_shape", "_dtype", "_indices_dtype", "_dense_shape_dtype", "_indices_shape")

    def __init__(self, shape: Any = None, dtype: Any = dt.float32, indices_dtype: Any = dt.int64,
                 dense_shape_dtype: Any = None, indices_shape: Any = None) -> None:
        self._shape = as_shape(shape)
        self._dtype = dt.as_dtype(dtype)
        self._indices_dtype = dt.as_dtype(indices_dtype)
        self._dense_shape_dtype = None if dense_shape_dtype is None else \
            dt.as_dtype(dense_shape_dtype)
        self._indices_shape = as_shape(indices_shape).with_rank(1) if indices_shape is not None \
            else TensorShape([None])

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)

    @property
    def value_type(self) -> type:
        return IndexedSlices

    def _key(self) -> tuple:
        return (self._shape, self._dtype, self._indices_dtype, self._dense_shape_dtype,
                self._indices_shape)

    @property
    def _component_specs(self) -> list:
        n = self._indices_shape[0]
        inner = [None] if self._shape.rank is None else self._shape.as_list()[1:]
        values = TensorSpec(None if self._shape.rank is None else [n] + inner, self._dtype)
        specs = [values, TensorSpec([n], self._indices_dtype)]
        if self._dense_shape_dtype is not None:
            specs.append(TensorSpec([self._shape.rank], self._dense_shape_dtype))
        return specs

    def _to_components(self, value: IndexedSlices) -> list:
        parts = [value.values, value.indices]
        return parts + ([value.dense_shape] if value.dense_shape is not None else [])

    def _from_components(self, components: list) -> IndexedSlices:
        return IndexedSlices(*components)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        other = spec_or_value._type_spec if isinstance(spec_or_value, IndexedSlices) else \
            spec_or_value
        return (isinstance(other, IndexedSlicesSpec) and other._dtype is self._dtype
                and other._indices_dtype is self._indices_dtype
                and other._dense_shape_dtype is self._dense_shape_dtype
                and self._shape.is_compatible_with(other._shape))

    def _common(self, other: Any) -> IndexedSlicesSpec | None:
        if type(other) is not IndexedSlicesSpec or other._key()[1:4] != self._key()[1:4]:
            return None
        return IndexedSlicesSpec(
            self._shape.most_specific_compatible_shape(other._shape), self._dtype,
            self._indices_dtype, self._dense_shape_dtype,
            self._indices_shape.most_specific_compatible_shape(other._indices_shape))

    def __eq__(self, other: Any) -> bool:
        return type(other) is IndexedSlicesSpec and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"IndexedSlicesSpec({self._shape!r}, {self._dtype!r}, {self._indices_dtype!r}, "
                f"{self._dense_shape_dtype!r}, {self._indices_shape!r})")


def _spec_state(spec: IndexedSlicesSpec) -> tuple:
    """The state TF serializes (its `_serialize`)."""
    return (spec._shape, spec._dtype, spec._indices_dtype, spec._dense_shape_dtype,
            spec._indices_shape)


def _spec_from_state(state: tuple) -> IndexedSlicesSpec:
    if not (isinstance(state, tuple) and len(state) == 5):
        raise DataLossError(None, None, f"A saved IndexedSlicesSpec has the state {state!r}")
    return IndexedSlicesSpec(*state)


@dispatch_binding
def scalar_mul(scalar: Any, x: Any, name: str | None = None) -> Any:
    """tf.scalar_mul: `x` (a tensor or an IndexedSlices, whose values it scales) times a
    0-D `scalar` of x's dtype."""
    # (TF reads x.dtype first: a list has none, Python's AttributeError; an array's is
    # NumPy's; its conversion's errors name "scalar")
    s = convert_to_tensor(scalar, dtype=dt.as_dtype(x.dtype), name="scalar")
    if s._shape != ():  # (a graph's scalar of unknown rank is refused too, as TF's)
        raise ValueError(f"The input scalar must be a 0-D value. Received shape "
                         f"{TensorShape(s._shape)}.")
    if isinstance(x, IndexedSlices):
        return IndexedSlices(multiply(s, x.values), x.indices, x.dense_shape)
    return multiply(s, x)


# an IndexedSlicesSpec in StructuredValues (a saved function's outputs: a gradient of a
# gather) as TF's TypeSpecProto INDEXED_SLICES_SPEC
structured_value.register_type_spec(
    IndexedSlicesSpec, 2, _spec_state, lambda s: 2 if s._dense_shape_dtype is None else 3,
    _spec_from_state)
