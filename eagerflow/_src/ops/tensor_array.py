"""tf.TensorArray: a list of same-typed tensors that can live in loops.

Sits in ops/, over tensor_list_ops.py. Eagerly it is a Python list of tensors (as TF's
eager TensorArray), changed in place. While a graph is built it is a value: one `variant`
tensor (the "flow") holding a TensorList, and every write returns a new TensorArray, so it
can be a tf.while_loop variable. Its graph ops are TF's own TensorList ops, defined once in
tensor_list_ops.py (loaded on the first graph built here), given the arguments TF's
TensorArrayV2 gives them (an element_shape input, the element_dtype attr); their
gradients are the gradient lists of tensor_list_grads.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import TypeSpec
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OutOfRangeError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tensor_list_grads as G
from eagerflow._src.ops.array import concat, split, zeros
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.stacking import stack, unstack

L = lazy_module("eagerflow._src.ops.tensor_list_ops")  # (TF's list ops: graphs only)

__all__ = ["TensorArray"]


# ---------------------------------------------------------------------------------------
# The arguments TF's TensorArray gives its list ops
# ---------------------------------------------------------------------------------------

def _shape_input(dims: Any) -> Tensor:
    """The element_shape input TF's TensorArray gives its list ops for elements of `dims`
    (list_ops' _build_element_shape): -1 for an unknown rank and for each unknown dim, a
    constant the op names after its argument ("TensorArrayV2/element_shape"), but a
    scalar's [] a Const made in the API's scope ("TensorArrayUnstack/Const")."""
    if dims is not None and not dims:
        return _state.graph.constant(np.zeros(0, np.int32), dt.int32)
    return L.shape_tensor(dims)


def _in_scope(value: Any, t: Tensor) -> Tensor:
    """`t`, the tensor of a value given to a write, a Const of the API's scope where the
    value was not a tensor, as TF converts it there ("TensorArrayV2Write/value")."""
    if isinstance(value, Tensor) or type(t) is not EagerTensor:  # (a variable's read)
        return t
    return _state.graph.constant(t._numpy(), t._dtype, "value")


def _int32(v: int) -> Tensor:
    return convert_to_tensor(np.array(v, np.int32), dtype=dt.int32)


def empty_tensor_list(element_shape: Any, element_dtype: Any) -> Tensor:
    """A list tensor with no elements (TF's list_ops.empty_tensor_list, no bound on its
    length): what AutoGraph makes of `[]` under Feature.LISTS."""
    shape = convert_to_tensor(element_shape, dtype=dt.int32)
    most = convert_to_tensor(-1, dtype=dt.int32)
    if _state.graph is not None:  # (TF's wrapper converts the bound inside its scope)
        node = _state.graph.unique_name("EmptyTensorList", mark=False)
        most = _state.graph.capture(most, f"{node}/max_num_elements")
    return bind(L.EMPTY_TENSOR_LIST, (shape, most),
                {"element_dtype": dt.as_dtype(element_dtype)})


def tensor_list_length(handle: Tensor) -> Tensor:
    return bind(L.LENGTH, (handle,), {})


def _size_tensor(size: Any) -> Tensor:
    size = convert_to_tensor(size)
    if size._dtype is not dt.int32 or size._shape not in ((), None):
        raise ValueError(f"TensorArray size must be an int32 scalar, got {size!r}")
    return size


class TensorArray:
    """`tf.TensorArray(dtype, size=None, dynamic_size=None, ..., element_shape=None)`."""

    _is_tensor_array = True

    def __init__(self, dtype: Any, size: Any = None, dynamic_size: Any = None,
                 clear_after_read: Any = None, tensor_array_name: Any = None, handle: Any = None,
                 flow: Any = None, infer_shape: bool = True, element_shape: Any = None,
                 colocate_with_first_write_call: bool = True, name: Any = None) -> None:
        if size is None and handle is None and flow is None:
            raise ValueError("Size must be provided if handle is not provided")
        self._dtype = dt.as_dtype(dtype)
        self._dynamic_size = bool(dynamic_size)
        self._infer_shape = infer_shape
        self._element_shape = TensorShape(element_shape) if element_shape is not None else \
            TensorShape(None)
        self._clear_after_read = clear_after_read
        self._flow = flow
        self._items: list = []
        # (in a graph, the size it was made with, as TF's keeps it: what size() gives, and
        # stack()'s num_elements where it is known, unless the array grows)
        self._size: Any = None
        if flow is None:
            n = 0 if size is None else int(convert_to_tensor(size)._numpy()) \
                if not _symbolic(size) else _known_int(size)
            if _state.graph is None and n is not None:
                self._items = [None] * n
                return
            self._size = size if n is None else n
            with name_scope(name or "TensorArrayV2") as scope:  # (TF's names)
                count = _size_tensor(size) if n is None else _int32(n)
                self._flow = bind(L.RESERVE, (_shape_input(self._shape_attr()), count),
                                  {"element_dtype": self._dtype}, scope)

    # -- internals ---------------------------------------------------------------------
    def _eager(self) -> bool:
        return self._flow is None

    def _flow_tensor(self) -> Tensor:
        if self._flow is None:
            # an eager array entering a graph: its current contents become a constant
            self._flow = G.graph_list(tuple(None if t is None else t._arr
                                            for t in self._items))
        return self._flow

    def _with_flow(self, flow: Any) -> TensorArray:
        ta = TensorArray.__new__(TensorArray)
        ta.__dict__.update(self.__dict__)
        ta._flow = flow
        ta._items = []
        return ta

    def _shape_attr(self) -> Any:
        return self._element_shape._dims

    def _merge_rows(self, t: Tensor) -> None:
        """The element shape merged with that of `t`'s rows (an unstack's, a scatter's)."""
        if t._shape is not None and len(t._shape) >= 1:
            self._merge_shape(t._shape[1:])

    def _merge_shape(self, shape: Any) -> None:
        if not self._infer_shape:
            return
        new = TensorShape(shape)
        if self._element_shape.rank is not None and new.rank is not None and \
                not self._element_shape.is_compatible_with(new):
            if self._eager():  # TF's two TensorArray implementations word it differently
                raise ValueError(f"Incompatible shape for value ({new}), expected "
                                 f"({self._element_shape})")
            raise ValueError(f"Inconsistent shapes: saw {new} but expected "
                             f"{self._element_shape} ")
        self._element_shape = self._element_shape.merge_with(new) \
            if self._element_shape.is_compatible_with(new) else new

    def _value(self, value: Any, name: str | None = None) -> Tensor:
        t = convert_to_tensor(value, dtype_hint=self._dtype, name=name) \
            if not isinstance(value, Tensor) else value
        if t._dtype is not self._dtype:
            raise InvalidArgumentError(None, None,
                                       f"TensorArray dtype is {self._dtype.name} but Op is trying "
                                       f"to write dtype {t._dtype.name} ")
        return t

    # -- properties --------------------------------------------------------------------
    @property
    def dtype(self) -> dt.DType:
        return self._dtype

    @property
    def element_shape(self) -> TensorShape:
        return self._element_shape

    @property
    def dynamic_size(self) -> bool:
        return self._dynamic_size

    @property
    def flow(self) -> Any:
        return self._flow

    @property
    def handle(self) -> Any:
        return self._flow

    # -- operations --------------------------------------------------------------------
    def write(self, index: Any, value: Any, name: Any = None) -> TensorArray:
        if self._eager():  # TF's eager order: the index, then the value's dtype and shape
            i = int(convert_to_tensor(index)._numpy())
            n = len(self._items)
            if i < 0:
                raise OutOfRangeError(None, None, f"Writing to negative indices (index {i}) is "
                                                  "not allowed.")
            if i >= n and not self._dynamic_size:
                raise OutOfRangeError(
                    None, None, f"Tried to write to index {i} but array is not resizeable and "
                    f"size is: {n} ")
            if i >= n:
                self._items.extend([None] * (i + 1 - n))
            t = self._value(value)
            self._merge_shape(t.shape)
            self._items[i] = t
            return self
        with name_scope(name or "TensorArrayV2Write"):
            t = self._graph_value(value)
            self._merge_shape(t.shape)
            flow = bind(L.SET_ITEM, (self._flow, _index(index), t),
                        {"element_dtype": self._dtype,
                         "resize_if_index_out_of_bounds": self._dynamic_size}, name)
        return self._with_flow(flow)

    def read(self, index: Any, name: Any = None) -> Tensor:
        if self._eager():
            if isinstance(index, Tensor) and not isinstance(index, EagerTensor):
                # (a symbolic index, as AutoGraph's trial iteration of an eager loop reads
                # with: TF's eager array compares it with 0, which a graph tensor refuses)
                bool(index < 0)
            i = int(convert_to_tensor(index)._numpy())
            n = len(self._items)
            if i < 0:
                raise OutOfRangeError(None, None, f"Reading from negative indices (index {i}) "
                                                  "is not allowed.")
            if i >= n:
                raise OutOfRangeError(None, None, f"Tried to read from index {i} but array "
                                                  f"size is: {n} ")
            return self._item(i)
        with name_scope(name or "TensorArrayV2Read"):  # "TensorArrayV2Read/TensorListGetItem"
            return bind(L.GET_ITEM, (self._flow, _index(index),
                                     _shape_input(self._shape_attr())),
                        {"element_dtype": self._dtype}, name)  # (TF's: named "r/r")

    def _graph_value(self, value: Any) -> Tensor:
        """`value` converted as TF's graph TensorArray converts it, in the API's scope:
        named "value" there (a Const, the Pack of a list of tensors, or the capture of an
        eager tensor from before the trace)."""
        t = self._value(value, "value")
        if type(t) is EagerTensor and isinstance(value, Tensor):
            return _state.graph.capture(t, _state.graph.unique_name("value", mark=False))
        return _in_scope(value, t)

    def _item(self, i: int) -> Tensor:
        """Element i of the eager array (Python's list indexing), zeros of the element
        shape where none was written, as TF's eager array makes them."""
        v = self._items[i]
        if v is None:
            if not self._element_shape.is_fully_defined():
                raise ValueError(f"Cannot convert a partially known TensorShape "
                                 f"{self._element_shape} to a Tensor.")
            return zeros(self._element_shape.as_list(), self._dtype)
        return v

    def stack(self, name: Any = None) -> Tensor:
        if self._eager():
            if not self._items:
                shape = self._element_shape.as_list() if self._element_shape.rank is not None \
                    else []
                return zeros([0] + [d or 0 for d in shape], self._dtype)
            vals = [self.read(i) for i in range(len(self._items))]
            return stack(vals)
        with name_scope(name or "TensorArrayV2Stack"):
            n = self._size if not self._dynamic_size and isinstance(self._size, int) else -1
            return bind(L.STACK, (self._flow, _shape_input(self._shape_attr())),
                        {"element_dtype": self._dtype, "num_elements": n})

    def gather(self, indices: Any, name: Any = None) -> Tensor:
        if self._eager():  # (TF's eager array indexes its Python list: no range check)
            idx = np.asarray(convert_to_tensor(indices)._numpy()).reshape(-1)
            return stack([self._item(int(i)) for i in idx])
        return bind(L.GATHER, (self._flow, _indices(indices), _shape_input(self._shape_attr())),
                    {"element_dtype": self._dtype}, name)

    def unstack(self, value: Any, name: Any = None) -> TensorArray:
        if not self._eager():
            with name_scope(name or "TensorArrayUnstack"):
                t = self._graph_value(value)
                self._merge_rows(t)
                shape = _shape_input(None if t._shape is None else t._shape[1:])
                return self._with_flow(bind(L.FROM_TENSOR, (t, shape),
                                            {"element_dtype": self._dtype}))
        t = self._value(value)
        self._merge_rows(t)
        parts = unstack(t) if t._shape[0] else []
        if len(parts) > len(self._items) and not self._dynamic_size and self._items:
            raise InvalidArgumentError(None, None, f"Tried to write to index "
                                                   f"{len(self._items)} but array is not "
                                                   f"resizeable and size is: "
                                                   f"{len(self._items)} ")
        self._items = list(parts) + self._items[len(parts):]
        return self

    def scatter(self, indices: Any, value: Any, name: Any = None) -> TensorArray:
        if not self._eager():
            with name_scope(name or "TensorArrayScatter"):
                t = self._graph_value(value)
                self._merge_rows(t)
                return self._with_flow(bind(L.SCATTER_EXISTING,
                                            (self._flow, t, _indices(indices)),
                                            {"element_dtype": self._dtype}))
        t = self._value(value)
        self._merge_rows(t)
        idx = np.asarray(convert_to_tensor(indices)._numpy()).reshape(-1)
        for k, i in enumerate(idx):
            self.write(int(i), t[k])
        return self

    def concat(self, name: Any = None) -> Tensor:
        if self._eager():  # (TF's eager concat passes its name, None, on: no op name)
            return concat([self.read(i) for i in range(len(self._items))], 0, name=name)
        dims = self._shape_attr()  # (TF's: the elements' shape, its first dim unknown)
        lead = _state.graph.constant(np.zeros(0, np.int64), dt.int64)
        shape = _shape_input(None if dims is None else (None, *dims[1:]))
        return bind(L.CONCAT_V2, (self._flow, shape, lead), {"element_dtype": self._dtype},
                    name)[0]

    def split(self, value: Any, lengths: Any, name: Any = None) -> TensorArray:
        if self._eager():  # TF's eager checks; the pieces replace the elements, any shapes
            t = self._value(value)
            ln = convert_to_tensor(lengths)
            lens = [int(x) for x in np.asarray(ln._numpy()).reshape(-1)]
            if len(ln.shape) != 1:
                raise InvalidArgumentError(None, None, f"Expected lengths to be a vector, "
                                                       f"received shape: {ln.shape.as_list()} ")
            if not t.shape.rank:
                raise InvalidArgumentError(None, None, "Expected value to be at least a vector, "
                                           f"but received shape: {t.shape.as_list()} ")
            if sum(lens) != t.shape[0]:
                raise InvalidArgumentError(
                    None, None, f"Expected sum of lengths to be equal to values.shape[0], but "
                    f"sum of lengths is {sum(lens)} and value's shape is: {t.shape.as_list()} ")
            if not self._dynamic_size and len(lens) != len(self._items):
                raise InvalidArgumentError(
                    None, None, f"TensorArray's size is not equal to the size of lengths "
                    f"({len(self._items)} vs. {len(lens)}), and the TensorArray is not marked "
                    "as dynamically resizeable.")
            self._items = list(split(t, lens, axis=0))
            return self
        with name_scope(name or "TensorArraySplit"):
            t = self._graph_value(value)
            lens = cast(lengths, dt.int64)
            known = C.known(lens)
            if t._shape is not None and not isinstance(known, Tensor) and np.ndim(known) and \
                    np.size(known) and known.max() == known.min():  # (all pieces alike)
                self._merge_shape((int(known.reshape(-1)[0]), *t._shape[1:]))
            flow = bind(L.SPLIT, (t, _shape_input(self._shape_attr()), lens),
                        {"element_dtype": self._dtype}, name)
        return self._with_flow(flow)

    def size(self, name: Any = None) -> Tensor:
        if self._eager():
            return EagerTensor(np.asarray(len(self._items), np.int32))
        if not self._dynamic_size and self._size is not None:  # (TF's: the size it was given)
            if isinstance(self._size, int):  # (converted in the graph: a Const)
                return _state.graph.constant(np.array(self._size, np.int32), dt.int32)
            return convert_to_tensor(self._size, dtype=dt.int32)
        return bind(L.LENGTH, (self._flow,), {}, name)

    def identity(self) -> TensorArray:
        return self

    def close(self, name: Any = None) -> None:
        return None

    def grad(self, source: Any, flow: Any = None, name: Any = None) -> TensorArray:
        raise NotImplementedError("TensorArray.grad is not supported")


def _symbolic(x: Any) -> bool:
    return isinstance(x, Tensor) and not hasattr(x, "_arr")


def _known_int(x: Any) -> int | None:
    """A graph tensor's value, when it is known while the graph is built (a constant)."""
    v = C.known(x)
    return None if isinstance(v, Tensor) else int(v)


def _index(i: Any) -> Tensor:
    if isinstance(i, (int, np.integer)) and not isinstance(i, bool):
        # (a constant the op converts, named after its argument: ".../TensorListGetItem/index")
        return convert_to_tensor(np.array(i, np.int32), dtype=dt.int32)
    return convert_to_tensor(i, dtype_hint=dt.int32)


def _indices(i: Any) -> Tensor:
    if isinstance(i, (list, tuple)) and all(
            isinstance(e, (int, np.integer)) and not isinstance(e, bool) for e in i):
        # (a constant the op converts, named after its argument: "TensorListGather/indices")
        return convert_to_tensor(np.array(i, np.int32).reshape(len(i)), dtype=dt.int32)
    return convert_to_tensor(i)


class TensorArraySpec(TypeSpec):
    """`tf.TensorArraySpec(element_shape=None, dtype=tf.float32, dynamic_size=False,
    infer_shape=True)`: the type of a TensorArray."""

    __slots__ = ("_element_shape", "_dtype", "_dynamic_size", "_infer_shape")

    def __init__(self, element_shape: Any = None, dtype: Any = dt.float32,
                 dynamic_size: bool = False, infer_shape: bool = True) -> None:
        self._element_shape = as_shape(element_shape)
        self._dtype = dt.as_dtype(dtype)
        self._dynamic_size = bool(dynamic_size)
        self._infer_shape = bool(infer_shape)

    @classmethod
    def from_value(cls, value: TensorArray) -> TensorArraySpec:
        return cls(value.element_shape, value.dtype, value.dynamic_size, value._infer_shape)

    @property
    def value_type(self) -> type:
        return TensorArray

    def _key(self) -> tuple:
        return (self._element_shape, self._dtype, self._dynamic_size, self._infer_shape)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        other = TensorArraySpec.from_value(spec_or_value) if isinstance(
            spec_or_value, TensorArray) else spec_or_value
        return (isinstance(other, TensorArraySpec) and other._key()[1:] == self._key()[1:]
                and self._element_shape.is_compatible_with(other._element_shape))

    def _common(self, other: Any) -> TensorArraySpec | None:
        if type(other) is not TensorArraySpec or other._key()[1:] != self._key()[1:]:
            return None
        return TensorArraySpec(
            self._element_shape.most_specific_compatible_shape(other._element_shape),
            self._dtype, self._dynamic_size, self._infer_shape)

    def __eq__(self, other: Any) -> bool:
        return type(other) is TensorArraySpec and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"TensorArraySpec({self._element_shape!r}, {self._dtype!r}, "
                f"{self._dynamic_size}, {self._infer_shape})")
