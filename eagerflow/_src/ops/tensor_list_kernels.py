"""The values and kernels of TF's TensorList ops (tensor_list_ops.py registers them).

Ops layer, under tensor_list_ops.py. A list is a variant scalar holding a
`TensorListValue`: a tuple of its items (arrays; None for an item never set, which TF
calls uninitialized and reads as zeros where the element shape is known), with TF's
element dtype, element shape (partially known: None dims, None for an unknown rank) and
bound on its length; a plain tuple of items (a gradient list, tensor_list_grads.py's, or
the constant an eager tf.TensorArray becomes in a graph) is read as a list of no element
dtype. The messages are TF 2.21's eager ones.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import ARRAY_TYPES, onto, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InternalError, shape_str
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.runtime_raw_ops import _dims

_V = ((), dt.variant)


class TensorListValue(tuple):
    """A list's value, never changed: each op that alters a list makes a new one."""

    variant_text = "<TensorList>"  # (how a variant tensor holding it prints)

    def __new__(cls, items: Any, element_dtype: Any = None, element_shape: Any = None,
                max_num_elements: int = -1) -> TensorListValue:
        self = super().__new__(cls, items)
        self.element_dtype = element_dtype  # (None: a TensorArray's list, which has none)
        self.element_shape = element_shape
        self.max_num_elements = max_num_elements
        return self

    def with_items(self, items: Any) -> TensorListValue:
        return TensorListValue(items, self.element_dtype, self.element_shape,
                               self.max_num_elements)

    def zeros_like(self, xp: Any) -> TensorListValue:
        """tf.zeros_like's value of a list, as TF's: zeros in place of each set item, each
        made where its item lives (whichever device `xp`, the op's, is)."""
        return self.with_items(None if a is None else _zero_item(a) for a in self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, tuple) or len(other) != len(self) or \
                getattr(other, "element_dtype", None) is not self.element_dtype:
            return False
        return all((a is None) == (b is None) and (a is None or _same(a, b))
                   for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Any) -> TensorListValue:
        """Two lists added item by item (AddN of lists, as TF's: an item set in one only
        is that one's)."""
        return add_lists(self, other)

    def __repr__(self) -> str:
        return self.variant_text


def add_lists(a: TensorListValue, b: Any) -> TensorListValue:
    op = "AddN"
    if not isinstance(b, tuple):
        kind = "tensorflow::TensorMap" if getattr(b, "variant_text", "") == "<TensorMap>" \
            else "<unknown>"
        raise InternalError(None, None, f"BinaryOpVariants: Variants a and b have different "
                                        f"type ids.  Type names: 'tensorflow::TensorList' vs. "
                                        f"'{kind}' [Op:{op}]")
    b = b if isinstance(b, TensorListValue) else TensorListValue(b)
    if a.element_dtype is not None and b.element_dtype is not None and \
            a.element_dtype is not b.element_dtype:
        raise C.fail(op, f"Trying to add two lists of tensors of different dtypes. One is "
                         f"{_dtype_text(a.element_dtype)} and the other is "
                         f"{_dtype_text(b.element_dtype)}")
    if len(a) != len(b):
        raise C.fail(op, f"Trying to add two lists of tensors with different lengths. One is "
                         f"{len(a)} and the other is {len(b)}")
    if not _compatible(a.element_shape, b.element_shape):
        raise C.fail(op, f"Trying to add two lists of tensors with incompatible element "
                         f"shapes. One is {_text(a.element_shape)} and the other is "
                         f"{_text(b.element_shape)}")
    items = [x if y is None else y if x is None else x + y for x, y in zip(a, b)]
    return TensorListValue(items, a.element_dtype or b.element_dtype,
                           _merge(op, a.element_shape, b.element_shape), a.max_num_elements)


def _zero_item(a: Any) -> Any:
    if a.dtype == object:
        return np.full(a.shape, b"", object)
    if not hasattr(a, "fill"):  # (a NumPy scalar: a TensorArray's item)
        return np.zeros_like(a)
    z = a.copy()  # (of the item's array module; an inf or NaN item's zeros are zeros too)
    z.fill(0)
    return z


def _same(a: Any, b: Any) -> bool:
    a, b = to_host(a), to_host(b)
    return a.shape == b.shape and a.dtype == b.dtype and (
        a.tolist() == b.tolist() if a.dtype == object else a.tobytes() == b.tobytes())


def _text(shape: Any) -> str:
    """A partial shape as TF's DebugString spells it."""
    return "<unknown>" if shape is None else shape_str(shape)


def _dtype_text(d: Any) -> str:
    return C.dtype_word(dt.as_dtype(d))


def _list_of(op: str, h: Any) -> TensorListValue:
    """The list a handle input holds (a TensorArray's tuple taken as it is)."""
    if getattr(h, "ndim", 0):
        raise C.fail(op, f"Input list must be a scalar saw: {shape_str(h.shape)}")
    held = h[()] if isinstance(h, np.ndarray) and h.dtype == object else h
    if isinstance(held, TensorListValue):
        return held
    if isinstance(held, tuple):
        return TensorListValue(held)
    if isinstance(held, bytes) and not held:  # (tf.zeros_like of a TensorArray's list)
        return TensorListValue(())
    kind = "tensorflow::TensorMap value: TensorMap" if hasattr(held, "items") and \
        getattr(held, "variant_text", "") == "<TensorMap>" else "<unknown> value: <unknown>"
    raise C.fail(op, f"Input handle is not a list. Saw: 'Variant<type: {kind}>'")


def _check_dtype(op: str, lst: TensorListValue, want: Any) -> None:
    have = lst.element_dtype
    if have is not None and want is not None and have is not dt.as_dtype(want):
        raise C.fail(op, f"Invalid data types; op elements {_dtype_text(want)} but list "
                         f"elements {_dtype_text(have)}")


def _shape_input(op: str, a: Any) -> tuple | None:
    """An element_shape input's partial shape (-1: an unknown dim, or as a scalar an
    unknown rank)."""
    a = to_host(a)
    if a.ndim == 0:
        if int(a) != -1:
            raise C.fail(op, "The only valid scalar shape tensor is the fully unknown shape "
                             "specified as -1.")
        return None
    if a.ndim > 1:
        raise C.fail(op, f"Shape must be at most rank 1 but is rank {a.ndim}")
    dims = []
    for d in a.tolist():
        if d < -1:
            raise C.fail(op, f"Dimension {d} must be >= -1")
        dims.append(None if d == -1 else int(d))
    return tuple(dims)


def _merge(op: str, a: Any, b: Any) -> tuple | None:
    """PartialTensorShape::MergeWith: `a` refined by `b`, refused where they differ."""
    if a is None:
        return b
    if b is None:
        return a
    if len(a) != len(b):
        raise C.fail(op, f"PartialTensorShape: Incompatible ranks during merge: {len(a)} "
                         f"vs. {len(b)}")
    if any(x is not None and y is not None and x != y for x, y in zip(a, b)):
        raise C.fail(op, f"PartialTensorShape: Incompatible shapes during merge: {_text(a)} "
                         f"vs. {_text(b)}")
    return tuple(y if x is None else x for x, y in zip(a, b))


def _compatible(a: Any, b: Any) -> bool:
    return a is None or b is None or (len(a) == len(b) and all(
        x is None or y is None or x == y for x, y in zip(a, b)))


def _defined(shape: Any) -> bool:
    return shape is not None and None not in shape


def _from_items(op: str, lst: TensorListValue, shape: Any) -> Any:
    """`shape` refined by the shapes of the list's set items."""
    for a in lst:
        if a is not None:
            shape = _merge(op, shape, tuple(a.shape))
    return shape


def item_for(xp: Any, a: Any) -> Any:
    """A set item as a result of a kernel over `xp`: copied there where it was made on
    another device (objects, lists and other variants, which live on the host, as they
    are)."""
    return onto(xp, a) if type(a) in ARRAY_TYPES and a.dtype.kind != "O" else a


def _zeros(op: str, xp: Any, shape: tuple, dtype: Any) -> Any:
    """Zeros of an uninitialized item (an empty string's, a variant's None)."""
    d = dt.as_dtype(dtype)
    bad = next((n for n in shape if n < 0), None)
    if bad is not None:
        raise C.fail(op, f"Dimension {bad} must be >= 0")
    C.check_size(op, tuple(shape), d)
    if d in (dt.string, dt.variant):
        return np.full(shape, b"" if d is dt.string else None, object)
    return xp.zeros(shape, d.as_numpy_dtype)


def _copy(a: Any) -> Any:
    # (kept by the list: no later in-place write to the input's buffer may reach it; a
    # list held as an item, a TensorArray's in a loop's history, is never changed)
    return a.copy() if hasattr(a, "copy") else a


def _length(op: str, n: int) -> None:
    C.output_count(op, n)


def _index(op: str, a: Any, at: int, rank0: bool = False) -> int:
    """A scalar input's value (input #`at`; TF's kernels read a 1-element vector alike,
    but for `rank0`)."""
    a = to_host(a)
    if a.size != 1 or rank0 and a.ndim:
        values = " ".join(str(v) for v in a.reshape(-1)[:3].tolist()) + \
            ("..." if a.size > 3 else "")
        raise C.fail(op, f"Expected argument {at} to be a scalar. ReceivedTensor<type: "
                         f"{a.dtype} shape: {shape_str(a.shape)} values: {values}>")
    return int(a.reshape(-1)[0])


# ---------------------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------------------

def _empty(xp: Any, element_shape: Any, max_num_elements: Any, element_dtype: Any,
           shape_type: Any = None) -> np.ndarray:
    op = "EmptyTensorList"
    if np.ndim(max_num_elements):
        raise C.fail(op, f"max_num_elements expected to be a scalar but got shape: "
                         f"{shape_str(np.shape(max_num_elements))}")
    return object_scalar(TensorListValue((), dt.as_dtype(element_dtype),
                                       _shape_input(op, element_shape),
                                       _index(op, max_num_elements, 1)))


def reserve(xp: Any, element_shape: Any, num_elements: Any, element_dtype: Any,
             shape_type: Any = None) -> np.ndarray:
    op = "TensorListReserve"
    shape = _shape_input(op, element_shape)
    if np.ndim(num_elements):
        raise C.fail(op, f"The num_elements to reserve must be a tensor size 1, but got "
                         f"{shape_str(np.shape(num_elements))}")
    n = _index(op, num_elements, 1)
    if n < 0:
        raise C.fail(op, f"The num_elements to reserve must be a non negative number, but "
                         f"got {n}")
    _length(op, n)
    return object_scalar(TensorListValue((None,) * n, dt.as_dtype(element_dtype), shape))


def _at_least_vector(op: str, t: Any) -> None:
    if not t.ndim:
        raise C.fail(op, "Tensor must be at least a vector, but saw shape: []")


def _from_tensor(xp: Any, tensor: Any, element_shape: Any, element_dtype: Any,
                 shape_type: Any = None) -> np.ndarray:
    op = "TensorListFromTensor"
    shape = _shape_input(op, element_shape)
    _at_least_vector(op, tensor)
    if not _compatible(shape, tuple(tensor.shape[1:])):
        raise C.fail(op, f"Specified a list with shape {_text(shape)} from a tensor with "
                         f"shape {shape_str(tensor.shape[1:])}")
    c = _copy(tensor)
    return object_scalar(TensorListValue(tuple(c[i, ...] for i in range(c.shape[0])),
                                       dt.as_dtype(element_dtype), shape))


def _length_kernel(xp: Any, input_handle: Any) -> np.ndarray:
    return np.int32(len(_list_of("TensorListLength", input_handle)))


def _element_shape(xp: Any, input_handle: Any, shape_type: Any = dt.int32) -> np.ndarray:
    shape = _list_of("TensorListElementShape", input_handle).element_shape
    out = -1 if shape is None else [-1 if d is None else d for d in shape]
    return np.array(out, dt.as_dtype(shape_type).as_numpy_dtype)


def _read(op: str, xp: Any, lst: TensorListValue, i: int, element_shape: Any,
          dtype: Any) -> Any:
    """Item `i`, or for one never set zeros of the element shape (the input's, the list's
    and its set items' merged)."""
    a = lst[i]
    if a is not None:
        return item_for(xp, a)
    shape = _merge(op, _shape_input(op, element_shape), lst.element_shape)
    if not _defined(shape):
        shape = _from_items(op, lst, shape)
    if not _defined(shape):
        raise C.fail(op, f"Trying to read an uninitialized tensor but element_shape is not "
                         f"fully defined: {_text(shape)} and no list element is set.")
    return _zeros(op, xp, shape, dtype)


def get_item(xp: Any, input_handle: Any, index: Any, element_shape: Any,
              element_dtype: Any, Tshape: Any = None) -> Any:  # noqa: N803
    op = "TensorListGetItem"
    lst = _list_of(op, input_handle)
    _check_dtype(op, lst, element_dtype)
    i = _index(op, index, 1)
    if not 0 <= i < len(lst):
        raise C.fail(op, f"Trying to access element {i} in a list with {len(lst)} elements.")
    return _read(op, xp, lst, i, element_shape, element_dtype)


def _check_item(op: str, lst: TensorListValue, item: Any, dtype: Any, words: str) -> None:
    _check_dtype(op, lst, dtype)
    shape = getattr(item, "shape", ())
    if not _compatible(lst.element_shape, tuple(shape)):
        raise C.fail(op, f"{words} {shape_str(shape)} list shape: "
                         f"{_text(lst.element_shape)}")


def set_item(xp: Any, input_handle: Any, index: Any, item: Any, element_dtype: Any,
              resize_if_index_out_of_bounds: bool = False) -> np.ndarray:
    op = "TensorListSetItem"
    lst = _list_of(op, input_handle)
    _check_dtype(op, lst, element_dtype)
    i = _index(op, index, 1, rank0=True)
    # (TF's kernel aborts on a negative index with resizing on: refused here)
    if i < 0 or i >= len(lst) and not resize_if_index_out_of_bounds:
        raise C.fail(op, f"Trying to modify element {i} in a list with {len(lst)} elements.")
    _check_item(op, lst, item, element_dtype, "Tried to set a tensor with incompatible shape "
                                              "at a list index. Item element shape:")
    items = list(lst)
    if i >= len(items):
        _length(op, i + 1)
        items.extend([None] * (i + 1 - len(items)))
    items[i] = _copy(item)
    return object_scalar(lst.with_items(items))


def _push(op: str, lst: TensorListValue, tensor: Any, dtype: Any, at: str = "") -> Any:
    _check_item(op, lst, tensor, dtype, f"Tried to append a tensor with incompatible shape "
                                        f"to a list{at}. Op element shape:")
    return lst.with_items((*lst, _copy(tensor)))


def _push_back(xp: Any, input_handle: Any, tensor: Any, element_dtype: Any) -> np.ndarray:
    op = "TensorListPushBack"
    lst = _list_of(op, input_handle)
    out = _push(op, lst, tensor, element_dtype)
    if lst.max_num_elements != -1 and len(lst) >= lst.max_num_elements:
        raise C.fail(op, f"Tried to push item into a full list list size: {len(lst)} "
                         f"max_num_elements: {lst.max_num_elements}")
    return object_scalar(out)


def _push_back_batch(xp: Any, input_handles: Any, tensor: Any,
                     element_dtype: Any) -> np.ndarray:
    op = "TensorListPushBackBatch"
    if not tensor.ndim:
        raise C.fail(op, "Expected tensor to be at least a vector, but saw shape: []")
    if np.ndim(input_handles) != 1:
        raise C.fail(op, f"Expected input_handles to be a vector, but saw shape: "
                         f"{shape_str(np.shape(input_handles))}")
    n = input_handles.shape[0]
    if tensor.shape[0] != n:
        raise C.fail(op, f"Expected tensor.shape[0] == input_handles.size, but saw "
                         f"{tensor.shape[0]} vs. {n}")
    out = np.empty(n, object)
    for b in range(n):
        lst = _list_of(op, input_handles[b])
        if lst.element_dtype is not None and lst.element_dtype is not \
                dt.as_dtype(element_dtype):
            raise C.fail(op, f"Invalid data type at index {b}; op elements "
                             f"{_dtype_text(element_dtype)} but list elements "
                             f"{_dtype_text(lst.element_dtype)}")
        out[b] = _push(op, lst, tensor[b, ...], element_dtype, f" at index {b}")
    return out


def _pop_back(xp: Any, input_handle: Any, element_shape: Any, element_dtype: Any) -> tuple:
    op = "TensorListPopBack"
    lst = _list_of(op, input_handle)
    _check_dtype(op, lst, element_dtype)
    if not lst:
        raise C.fail(op, "Trying to pop from an empty list.")
    last = lst[-1]
    if last is not None:
        last = item_for(xp, last)
    else:
        shape = _merge(op, _shape_input(op, element_shape), lst.element_shape)
        if not _defined(shape):
            raise C.fail(op, f"Trying to read an uninitialized tensor but element_shape is "
                             f"not fully defined.{_text(shape)}")
        last = _zeros(op, xp, shape, element_dtype)
    return object_scalar(lst.with_items(lst[:-1])), last


def _stack_shape(op: str, lst: TensorListValue, element_shape: Any, dtype: Any) -> Any:
    """The shape of the elements a read of many stacks (zeros for those not set)."""
    _check_dtype(op, lst, dtype)
    shape = _merge(op, _shape_input(op, element_shape), lst.element_shape)
    if not _defined(lst.element_shape):
        shape = _from_items(op, lst, shape)
    return shape


def _stacked(op: str, xp: Any, items: list, shape: tuple, dtype: Any) -> Any:
    if not items:
        return _zeros(op, xp, (0, *shape), dtype)
    if dt.as_dtype(dtype) in (dt.string, dt.variant):
        out = np.empty((len(items), *shape), object)
        for k, a in enumerate(items):
            out[k, ...] = _zeros(op, xp, shape, dtype) if a is None else a
        return out
    return xp.stack([_zeros(op, xp, shape, dtype) if a is None else onto(xp, a)
                     for a in items])


def stack(xp: Any, input_handle: Any, element_shape: Any, element_dtype: Any,
           num_elements: int = -1) -> Any:
    op = "TensorListStack"
    lst = _list_of(op, input_handle)
    _check_dtype(op, lst, element_dtype)
    if num_elements != -1 and len(lst) != num_elements:
        raise C.fail(op, f"Operation expected a list with {num_elements} elements but got a "
                         f"list with {len(lst)} elements.")
    shape = _merge(op, _shape_input(op, element_shape), lst.element_shape)
    if not _defined(shape) and not lst:
        raise C.fail(op, f"Tried to stack elements of an empty list with non-fully-defined "
                         f"element_shape: {_text(shape)}")
    if not _defined(lst.element_shape):
        shape = _from_items(op, lst, shape)
    if not _defined(shape):
        raise C.fail(op, f"Tried to stack list which only contains uninitialized tensors and "
                         f"has a non-fully-defined element_shape: {_text(shape)}")
    return _stacked(op, xp, list(lst), shape, element_dtype)


def gather(xp: Any, input_handle: Any, indices: Any, element_shape: Any,
            element_dtype: Any) -> Any:
    op = "TensorListGather"
    lst = _list_of(op, input_handle)
    shape = _stack_shape(op, lst, element_shape, element_dtype)
    idx = to_host(indices).reshape(-1).tolist()
    if not idx and not _defined(shape):
        raise C.fail(op, f"Tried to gather 0-elements from a list with non-fully-defined "
                         f"shape: {_text(shape)}")
    for i in idx:
        if not 0 <= i < len(lst):
            raise C.fail(op, f"Index {i} out o range; list only has {len(lst)} elements.")
        if lst[i] is None and not _defined(shape):
            raise C.fail(op, f"Tried to gather uninitialized tensors from a list with "
                             f"non-fully-defined element_shape: {_text(shape)}")
    return _stacked(op, xp, [lst[i] for i in idx], shape, element_dtype)


def _scattered(op: str, tensor: Any, indices: Any, shape: Any, size: int | None,
               into: TensorListValue) -> TensorListValue:
    """`into` with row k of `tensor` at indices[k] (the last of equal indices kept), grown
    to the largest index (or of `size` items, none beyond it)."""
    idx = to_host(indices).reshape(-1).tolist()
    if any(i < 0 for i in idx):
        raise C.fail(op, "Indices in TensorListScatter must all be non-negative.")
    if size is not None and size != -1:
        bad = next((i for i in idx if i >= size), None)
        if bad is not None:
            raise C.fail(op, f"TensorListScatter: Trying to scatter at index {bad} in list "
                             f"with size {size}")
    n = max([len(into), *(i + 1 for i in idx)]) if size in (None, -1) else size
    _length(op, n)
    items = list(into) + [None] * (n - len(into))
    c = _copy(tensor)
    for k, i in enumerate(idx):
        items[i] = c[k, ...]
    return into.with_items(items)


def _scatter(op: str, tensor: Any, indices: Any, element_shape: Any, element_dtype: Any,
             size: int | None) -> np.ndarray:
    _at_least_vector(op, tensor)
    shape = _shape_input(op, element_shape)
    if not _compatible(shape, tuple(tensor.shape[1:])):
        raise C.fail(op, f"Specified a list with shape {_text(shape)} from a tensor with "
                         f"shape {shape_str(tensor.shape[1:])}")
    if np.size(indices) != tensor.shape[0]:
        raise C.fail(op, f"Invalid number of rows in input tensor. Expected: "
                         f"{np.size(indices)} Actual: {tensor.shape[0]}")
    return object_scalar(_scattered(op, tensor, indices, shape, size,
                                  TensorListValue((), dt.as_dtype(element_dtype), shape)))


def _scatter_v1(xp: Any, tensor: Any, indices: Any, element_shape: Any, element_dtype: Any,
                shape_type: Any = None) -> np.ndarray:
    return _scatter("TensorListScatter", tensor, indices, element_shape, element_dtype, None)


def _scatter_v2(xp: Any, tensor: Any, indices: Any, element_shape: Any, num_elements: Any,
                element_dtype: Any, shape_type: Any = None) -> np.ndarray:
    return _scatter("TensorListScatterV2", tensor, indices, element_shape, element_dtype,
                    _index("TensorListScatterV2", num_elements, 3))


def _scatter_existing(xp: Any, input_handle: Any, tensor: Any, indices: Any,
                      element_dtype: Any) -> np.ndarray:
    op = "TensorListScatterIntoExistingList"
    lst = _list_of(op, input_handle)
    _at_least_vector(op, tensor)
    if lst.element_dtype is not None and lst.element_dtype is not dt.as_dtype(element_dtype):
        raise C.fail(op, f"Invalid data types; input tensor type: {_dtype_text(element_dtype)}"
                         f" list element_type: {_dtype_text(lst.element_dtype)}")
    if np.size(indices) != tensor.shape[0]:
        raise C.fail(op, f"Expected len(indices) == tensor.shape[0], but saw: "
                         f"{np.size(indices)} vs. {tensor.shape[0]}")
    # (TF's kernel aborts on a negative index: refused here in TensorListScatter's words)
    return object_scalar(_scattered(op, tensor, indices, None, None, lst))


def _split(xp: Any, tensor: Any, element_shape: Any, lengths: Any, element_dtype: Any,
           shape_type: Any = None) -> np.ndarray:
    op = "TensorListSplit"
    _at_least_vector(op, tensor)
    shape = _shape_input(op, element_shape)
    if shape is not None and not shape:
        raise C.fail(op, "TensorListSplit requires element_shape to be at least of rank 1, "
                         "but saw: []")
    if shape is not None and not _compatible(shape[1:], tuple(tensor.shape[1:])):
        raise C.fail(op, f"tensor shape {shape_str(tensor.shape)} is not compatible with "
                         f"element_shape {_text(shape)}")
    if np.ndim(lengths) != 1:
        raise C.fail(op, f"Expected lengths to be a vector, received shape: "
                         f"{shape_str(np.shape(lengths))}")
    n, start, items = tensor.shape[0], 0, []
    for k in to_host(lengths).tolist():
        if k < 0:
            raise C.fail(op, f"Invalid value in lengths: {k}")
        if start + k > n:
            raise C.fail(op, f"Attempting to slice [{start}, {start + k}] from tensor with "
                             f"length {n}")
        items.append(_copy(tensor[start:start + k]))
        start += k
    if start != n:
        raise C.fail(op, f"Unused values in tensor. Length of tensor: {n} Values used: "
                         f"{start}")
    return object_scalar(TensorListValue(tuple(items), dt.as_dtype(element_dtype), shape))


def _concat(op: str, xp: Any, lst: TensorListValue, shape: Any, leading: Any,
            dtype: Any) -> tuple:
    """TensorListConcat(V2): the items joined on their first axis, and their lengths."""
    if shape is not None and not shape:
        raise C.fail(op, "Concat requires elements to be at least vectors, found scalars "
                         "instead.")
    rest = None if shape is None else shape[1:]
    if not lst:
        if not _defined(rest):
            raise C.fail(op, f"All except the first dimension must be fully defined when "
                             f"concating an empty tensor list. element_shape: {_text(shape)}")
        return _zeros(op, xp, (0, *rest), dtype), xp.zeros(0, np.int64)
    if not _defined(rest):
        for a in lst:
            if a is not None and a.ndim:
                rest = _merge(op, rest, tuple(a.shape[1:]))
    if not _defined(rest):
        raise C.fail(op, f"Trying to concat list with only uninitialized tensors but "
                         f"element_shape_except_first_dim is not fully defined: "
                         f"{_text(rest)}")
    first = None if shape is None else shape[0]
    set_rows = next((a.shape[0] for a in lst if a is not None and a.ndim), None)
    parts = []
    for i, a in enumerate(lst):
        if a is None:
            if first is not None:
                rows = first
            elif leading is not None:
                if i >= len(leading):
                    raise C.fail(op, f"List contains uninitialized tensor at index {i} but "
                                     f"leading_dims has only {len(leading)} elements.")
                rows = leading[i]
            else:  # (TF's first version: as many rows as its first set item)
                rows = set_rows
            a = _zeros(op, xp, (rows, *rest), dtype)
        elif not a.ndim:
            raise C.fail(op, f"Concat saw a scalar shape at index {i} but requires at least "
                             f"vectors.")
        elif first is not None and leading is not None and a.shape[0] != first:
            raise C.fail(op, f"First entry of element_shape input does not match the first "
                             f"dim of list element at index: {i} Expected: {first} Actual: "
                             f"{a.shape[0]}")
        else:
            _merge(op, rest, tuple(a.shape[1:]))
        parts.append(a)
    lengths = xp.asarray(np.array([a.shape[0] for a in parts], np.int64))
    if dt.as_dtype(dtype) in (dt.string, dt.variant):
        return np.concatenate([to_host(a) for a in parts]), lengths
    return xp.concatenate([onto(xp, a) for a in parts]), lengths


def _concat_v1(xp: Any, input_handle: Any, element_dtype: Any,
               element_shape: Any = None) -> tuple:
    op = "TensorListConcat"
    lst = _list_of(op, input_handle)
    _check_dtype(op, lst, element_dtype)
    return _concat(op, xp, lst, _dims(element_shape), None, element_dtype)


def _concat_v2(xp: Any, input_handle: Any, element_shape: Any, leading_dims: Any,
               element_dtype: Any, shape_type: Any = None) -> tuple:
    op = "TensorListConcatV2"
    lst = _list_of(op, input_handle)
    _check_dtype(op, lst, element_dtype)
    shape = _merge(op, _shape_input(op, element_shape), lst.element_shape)
    return _concat(op, xp, lst, shape, to_host(leading_dims).reshape(-1).tolist(),
                   element_dtype)


def _concat_lists(xp: Any, input_a: Any, input_b: Any, element_dtype: Any) -> np.ndarray:
    op = "TensorListConcatLists"
    if np.shape(input_a) != np.shape(input_b):
        raise C.fail(op, f"Incompatible input TensorList tensor shapes: "
                         f"{shape_str(np.shape(input_a))} vs. {shape_str(np.shape(input_b))}")
    want = dt.as_dtype(element_dtype)
    a_flat, b_flat = np.asarray(input_a, object).reshape(-1), \
        np.asarray(input_b, object).reshape(-1)
    out = np.empty(a_flat.shape, object)
    for i, (ha, hb) in enumerate(zip(a_flat, b_flat)):
        la, lb = _list_of(op, ha), _list_of(op, hb)
        for name, lst in (("input_a", la), ("input_b", lb)):
            if lst.element_dtype is not None and lst.element_dtype is not want:
                raise C.fail(op, f"{name}[{i}].dtype != element_dtype.  Saw: "
                                 f"{_dtype_text(lst.element_dtype)} vs. {_dtype_text(want)}")
        if la.element_shape != lb.element_shape:
            raise C.fail(op, f"input_a and input_b TensorList element shapes are not "
                             f"identical at index {i}.  Saw {_text(la.element_shape)} vs. "
                             f"{_text(lb.element_shape)}")
        out[i] = la.with_items((*la, *lb))
    return out.reshape(np.shape(input_a))


def resize(xp: Any, input_handle: Any, size: Any) -> np.ndarray:
    op = "TensorListResize"
    lst = _list_of(op, input_handle)
    if np.ndim(size):
        raise C.fail(op, "size must be a scalar")
    n = _index(op, size, 1)
    if n < 0:
        raise C.fail(op, f"TensorListSlice expects size to be non-negative. Got: {n}")
    _length(op, n)
    return object_scalar(lst.with_items(tuple(lst[:n]) + (None,) * (n - len(lst))))
