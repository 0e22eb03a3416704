"""SparseTensor and SparseTensorSpec: COO sparse values (indices, values, dense_shape).

Core layer. A SparseTensor is a plain holder of three eager tensors; the ops that
consume it (tf.sparse.to_dense, parsing of VarLenFeature) live in ops/. Minimal:
only what tf.io parsing and tf.data batching need.
"""

from __future__ import annotations

import collections
import operator
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec

# What is known of a symbolic dense_shape's value while tracing (a list of ints and None,
# or None), as TF's constant_value_as_shape reads it: ops/dynshape.py hands its
# partial_value down here (it sees through the ops that made the tensor).
PARTIAL_VALUE: list = []


# What Session.run gives for a fetched SparseTensor and takes as its feed (TF's namedtuple)
SparseTensorValue = collections.namedtuple("SparseTensorValue",
                                           ["indices", "values", "dense_shape"])


class SparseTensor(CompositeTensor):
    """`tf.SparseTensor(indices, values, dense_shape)`."""

    # (_static: the static shape where set_shape, or an op whose TF counterpart knows
    # another one than its dense shape's producers tell, fixed it; _dense_static: what TF's
    # C++ shape inference knows of such an op's dense shape (to_dense's static shape);
    # both unset otherwise)
    __slots__ = ("_indices", "_values", "_dense_shape", "_static", "_dense_static",
                 "__weakref__")

    def __init__(self, indices: Any, values: Any, dense_shape: Any) -> None:
        indices = convert_to_tensor(indices, dtype=_dt.int64, name="indices") if not \
            isinstance(indices, EagerTensor) or indices.dtype is not _dt.int64 else indices
        values = convert_to_tensor(values)
        dense_shape = convert_to_tensor(dense_shape, dtype=_dt.int64, name="dense_shape") if \
            not isinstance(dense_shape, EagerTensor) or dense_shape.dtype is not _dt.int64 \
            else dense_shape
        known = getattr(dense_shape, "_arr", None)
        if known is not None:
            # (TF reads a known dense shape as the static shape first, -1 unknown: its
            # items compared as NumPy compares them, a row of a matrix refused)
            host = to_host(known)
            dims = [d if d != -1 else None for d in (host[()] if host.ndim == 0 else host)]
            bad = [operator.index(d) for d in dims if d is not None]  # (a Dimension each)
            bad = [d for d in bad if d < -1]
            if bad:
                raise ValueError(f"Dimension {bad[0]} must be >= 0")
        if len(indices._shape) != 2:
            raise ValueError(f"Shape {indices.shape} must have rank 2")
        if len(values._shape) != 1:
            raise ValueError(f"Shape {values.shape} must have rank 1")
        if len(dense_shape._shape) != 1:
            raise ValueError(f"Shape {dense_shape.shape} must have rank 1")
        # (an unknown dim, traced, is compatible with any)
        if None not in (indices._shape[0], values._shape[0]) and \
                indices._shape[0] != values._shape[0]:
            raise ValueError(f"Dimensions {indices._shape[0]} and {values._shape[0]} are not "
                             "compatible")
        if None not in (indices._shape[1], dense_shape._shape[0]) and \
                indices._shape[1] != dense_shape._shape[0]:
            raise ValueError(f"Dimensions {indices._shape[1]} and {dense_shape._shape[0]} are not "
                             "compatible")
        self._indices, self._values, self._dense_shape = indices, values, dense_shape

    @classmethod
    def from_value(cls, sparse_tensor_value: Any) -> SparseTensor:
        """`tf.SparseTensor.from_value`: a SparseTensor of a SparseTensor's or a
        SparseTensorValue's parts."""
        if not isinstance(sparse_tensor_value, (SparseTensor, SparseTensorValue)):
            raise TypeError(f"Argument sparse_tensor_value={sparse_tensor_value} is neither "
                            "a SparseTensor nor SparseTensorValue.")
        return SparseTensor(indices=sparse_tensor_value.indices,
                            values=sparse_tensor_value.values,
                            dense_shape=sparse_tensor_value.dense_shape)

    @classmethod
    def _of(cls, indices: Any, values: Any, dense_shape: Any) -> SparseTensor:
        """A SparseTensor of three tensors (eager or symbolic) an op made: not validated."""
        st = object.__new__(cls)
        st._indices, st._values, st._dense_shape = indices, values, dense_shape
        return st

    @classmethod
    def _from_arrays(cls, indices: np.ndarray, values: np.ndarray, dense_shape: np.ndarray,
                     dtype: _dt.DType | None = None) -> SparseTensor:
        st = object.__new__(cls)
        dense_shape = to_host(dense_shape).astype(np.int64)  # (any device's arrays)
        # (rows counted from the values: a rank-0 tensor's indices have no columns)
        st._indices = EagerTensor(to_host(indices).astype(np.int64).reshape(
            np.shape(values)[0], len(dense_shape)), _dt.int64)
        st._values = EagerTensor(values, dtype)
        st._dense_shape = EagerTensor(dense_shape, _dt.int64)
        return st

    @property
    def indices(self) -> EagerTensor:
        return self._indices

    @property
    def values(self) -> EagerTensor:
        return self._values

    @property
    def dense_shape(self) -> EagerTensor:
        return self._dense_shape

    @property
    def dtype(self) -> _dt.DType:
        return self._values.dtype

    @property
    def shape(self) -> TensorShape:
        """The dense shape as far as it is known: a symbolic dense_shape gives the dims its
        producers fix at trace time (the static shape of the tensor whose `tf.shape` it is,
        constants stacked into it, ...), as TF's SparseTensor reads it, or what set_shape
        (or the op that made it) fixed."""
        arr = getattr(self._dense_shape, "_arr", None)
        if arr is not None:
            return TensorShape([None if d == -1 else int(d) for d in to_host(arr)])
        static = getattr(self, "_static", None)
        if static is not None:
            return static
        known = PARTIAL_VALUE[0](self._dense_shape) if PARTIAL_VALUE else None
        if isinstance(known, list):
            return TensorShape([d if d is None or d >= 0 else None for d in known])
        rank = self._dense_shape._shape[0] if self._dense_shape._shape else None
        return TensorShape(None if rank is None else [None] * rank)

    def _with_static(self, dims: Any, dense: Any = "same") -> SparseTensor:
        """This tensor with static shape `dims` where its dense shape is symbolic, and
        `dense` (`dims` unless given) what TF's shape inference knows of the dense shape
        tensor: for the ops whose TF counterparts compute their dense shape in an op of its
        own (or through one the static shape does not see through)."""
        if getattr(self._dense_shape, "_arr", None) is None:
            self._static = as_shape(dims)
            self._dense_static = self._static if dense == "same" else as_shape(dense)
        return self

    def set_shape(self, shape: Any) -> None:
        """Narrows the static shape, as TF's SparseTensor.set_shape: a dim that contradicts
        one already known is a ValueError."""
        shape = as_shape(shape)
        merged = self.shape.merge_with(shape)  # (raises TF's ValueError on a conflict)
        if getattr(self._dense_shape, "_arr", None) is None:
            self._static = merged

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def _type_spec(self) -> SparseTensorSpec:
        return SparseTensorSpec(self.shape, self.dtype)

    def with_values(self, new_values: Any) -> SparseTensor:
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def __repr__(self) -> str:
        return (f"SparseTensor(indices={self._indices!s}, values={self._values!s}, "
                f"dense_shape={self._dense_shape!s})")

    __str__ = __repr__


class SparseTensorSpec(CompositeSpec):
    """`tf.SparseTensorSpec(shape=None, dtype=tf.float32)`."""

    __slots__ = ("_shape", "_dtype")

    def __init__(self, shape: Any = None, dtype: Any = _dt.float32) -> None:
        self._shape = as_shape(shape)
        self._dtype = _dt.as_dtype(dtype)

    @classmethod
    def from_value(cls, value: Any) -> SparseTensorSpec:
        if isinstance(value, SparseTensorValue):
            if isinstance(value.values, np.ndarray):
                return cls(value.dense_shape, value.values.dtype)
            return cls.from_value(SparseTensor.from_value(value))
        if not isinstance(value, SparseTensor):
            raise TypeError("Expected SparseTensor or SparseTensorValue. Received: "
                            f"{value} of type {type(value).__name__}.")
        return cls(value.shape, value.dtype)

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self) -> _dt.DType:
        return self._dtype

    @property
    def value_type(self) -> type:
        return SparseTensor

    @property
    def _component_specs(self) -> list:
        rank = self._shape.rank
        return [TensorSpec([None, rank], _dt.int64), TensorSpec([None], self._dtype),
                TensorSpec([rank], _dt.int64)]

    def _to_components(self, value: SparseTensor) -> list:
        return [value._indices, value._values, value._dense_shape]

    def _from_components(self, components: list) -> SparseTensor:
        # (parts that are no tensors, a map_structure's results: TF's constructor takes
        # them, its conversions and refusals)
        st = SparseTensor._of(*components) if all(isinstance(c, Tensor) for c in components) \
            else SparseTensor(*components)
        # the spec's static shape merged in, as TF's (a known dense shape that does not fit
        # it is refused: "Shapes (3, 4) and (None, 5) are not compatible); a dense shape on
        # a device is not read for it (TF's stays in host memory, eagerflow's would be a copy
        # per call)
        if isinstance(getattr(st._dense_shape, "_arr", None), (np.ndarray, type(None))):
            st._static = st.shape.merge_with(self._shape)
        return st

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        if isinstance(spec_or_value, SparseTensor):
            spec_or_value = SparseTensorSpec.from_value(spec_or_value)
        return (isinstance(spec_or_value, SparseTensorSpec)
                and spec_or_value._dtype is self._dtype
                and self._shape.is_compatible_with(spec_or_value._shape))

    def is_subtype_of(self, other: Any) -> bool:
        """TF's: a SparseTensorSpec of the same dtype whose shape is a subtype of
        `other`'s."""
        return type(other) is SparseTensorSpec and other._dtype is self._dtype and \
            self._shape.is_subtype_of(other._shape)

    # -- tf.data's batching of a spec: one dimension more or less -----------------------
    def _batch(self, batch_size: int | None) -> SparseTensorSpec:
        return SparseTensorSpec(as_shape([batch_size]).concatenate(self._shape), self._dtype)

    def _unbatch(self) -> SparseTensorSpec:
        return SparseTensorSpec(self._shape[1:], self._dtype)

    def _common(self, other: Any) -> SparseTensorSpec | None:
        if type(other) is not SparseTensorSpec or other._dtype is not self._dtype:
            return None
        return SparseTensorSpec(self._shape.most_specific_compatible_shape(other._shape),
                                self._dtype)

    def __eq__(self, other: Any) -> bool:
        return (type(other) is SparseTensorSpec and other._dtype is self._dtype
                and other._shape == self._shape)

    def __hash__(self) -> int:
        return hash((self._shape, self._dtype, "sparse"))

    def __repr__(self) -> str:
        return f"SparseTensorSpec({self._shape!r}, {self._dtype!r})"
