"""TF's TensorList ops with TF's interfaces: tf.raw_ops.TensorListReserve, ...GetItem,
...Stack and the rest, the graph ops of a traced tf.TensorArray (tensor_array.py, above),
and the TensorList nodes of imported TF graphs (bound as they are). Each is defined here
only.

Ops layer, loaded on first use (op_index.py; tensor_array.py binds it lazily too); the
values and kernels are tensor_list_kernels.py's. As TF 2.21, EmptyTensorList and
TensorListReserve have no gradient, TensorListLength, ElementShape, PushBackBatch and
ConcatLists are not differentiable, and the others' gradients are lists of their items'
gradients (tensor_list_grads.py says which are TF's list ops and why the rest are not).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, ResourceExhaustedError
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tensor_list_grads as G
from eagerflow._src.ops.array import constant, zeros_like
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.runtime_raw_ops import _dims
from eagerflow._src.ops.tensor_list_kernels import (
    _V,
    TensorListValue,
    _concat_lists,
    _concat_v1,
    _concat_v2,
    _element_shape,
    _empty,
    _from_tensor,
    _length_kernel,
    _pop_back,
    _push_back,
    _push_back_batch,
    _scatter_existing,
    _scatter_v1,
    _scatter_v2,
    _shape_input,
    _split,
    gather,
    get_item,
    reserve,
    resize,
    set_item,
    stack,
)

# ---------------------------------------------------------------------------------------
# Shapes while a graph is built: what the element_shape input says, where it is known
# ---------------------------------------------------------------------------------------

_LIST, _ELEM, _SHAPE = "list", "element", "shape"


def _typed(op: str, kinds: tuple, out: Any) -> Any:
    """The op's infer: `out` gives its outputs' specs (and by its signature refuses other
    inputs and attrs); the inputs are checked against TF's signature, `kinds`: a list,
    an element (of element_dtype), a shape (int32 or int64) or one dtype."""
    def infer(*ins: Any, **attrs: Any) -> list:
        if len(ins) != len(kinds):
            raise TypeError(f"{op} takes {len(kinds)} inputs, but {len(ins)} were given")
        specs = out(*ins, **attrs)
        for i, (kind, x) in enumerate(zip(kinds, ins)):
            if kind == _SHAPE:
                if x._dtype not in (dt.int32, dt.int64):
                    raise C.wrong_input_dtype(op, i, "int32", x._dtype)
                continue
            want = dt.variant if kind == _LIST else \
                dt.as_dtype(attrs["element_dtype"]) if kind == _ELEM else kind
            if x._dtype is not want:
                raise C.wrong_input_dtype(op, i, want, x._dtype)
        for name in ("shape_type", "Tshape"):
            d = attrs.get(name)
            if d is not None and dt.as_dtype(d) not in (dt.int32, dt.int64):
                raise C.fail(op, f"Value for attr '{name}' of {C.dtype_word(dt.as_dtype(d))} "
                                 f"is not in the list of allowed values: int32, int64")
        return specs
    return infer


def _static(element_shape: Any) -> tuple | None:
    v = C.known(element_shape)
    if isinstance(v, Tensor) or v is None:
        return None
    try:
        return _shape_input("", v)
    except Exception:  # noqa: BLE001 (refused when the op runs, in TF's words)
        return None


def _rows(shape: Any, lead: Any = None) -> Any:
    return None if shape is None else (lead, *shape)


def _item_out(h: Any, index: Any, element_shape: Any, element_dtype: Any,
              Tshape: Any = None) -> list:  # noqa: N803
    return [(_static(element_shape), dt.as_dtype(element_dtype))]


def _stack_out(h: Any, element_shape: Any, element_dtype: Any, num_elements: int = -1) -> list:
    return [(_rows(_static(element_shape), None if num_elements == -1 else num_elements),
             dt.as_dtype(element_dtype))]


def _gather_out(h: Any, indices: Any, element_shape: Any, element_dtype: Any) -> list:
    n = None if indices._shape is None or None in indices._shape else \
        int(np.prod(indices._shape))
    return [(_rows(_static(element_shape), n), dt.as_dtype(element_dtype))]


def _pop_out(h: Any, element_shape: Any, element_dtype: Any) -> list:
    return [_V, (_static(element_shape), dt.as_dtype(element_dtype))]


def _concat_spec(shape: Any, element_dtype: Any) -> list:
    rest = None if not shape else (None, *shape[1:])
    return [(rest, dt.as_dtype(element_dtype)), ((None,), dt.int64)]


def _concat_v1_out(h: Any, element_dtype: Any, element_shape: Any = None) -> list:
    return _concat_spec(_dims(element_shape), element_dtype)


def _concat_v2_out(h: Any, element_shape: Any, leading_dims: Any, element_dtype: Any,
                   shape_type: Any = None) -> list:
    return _concat_spec(_static(element_shape), element_dtype)


def _element_shape_out(h: Any, shape_type: Any = dt.int32) -> list:
    return [(None, dt.as_dtype(shape_type))]


def _batch_out(a: Any, b: Any, element_dtype: Any) -> list:
    return [(a._shape, dt.variant)]


def _made(*_: Any, element_dtype: Any, shape_type: Any = None) -> list:
    return [_V]


def _list_out(n: int) -> Any:
    def out(*ins: Any, element_dtype: Any = None,
            resize_if_index_out_of_bounds: bool = False) -> list:
        if len(ins) != n:
            raise TypeError(f"{n} inputs expected, {len(ins)} given")
        return [_V]
    return out


def _length_out(h: Any) -> list:
    return [((), dt.int32)]


# ---------------------------------------------------------------------------------------
# Gradients: lists of the items' gradients, as tensor_list_grads.py's ops make them
# ---------------------------------------------------------------------------------------

def _length_of(h: Tensor) -> Tensor:
    return bind(LENGTH, (h,), {})


def _zero_or(g: Any, make: Any, like: Tensor) -> Tensor:
    return zeros_like(like) if g is None else make()


def _from_tensor_grad(n: Any, g: Any) -> list:
    t = n.inputs[0]
    return [_zero_or(g, lambda: bind(G.GRAD_STACK, (g, t), {}), t), None]


def _read_grad(n: Any, g: Any) -> list:
    return [G.put(n.inputs[1], g), None, None]


def _gather_grad(n: Any, g: Any) -> list:
    # (as TF's: the read items' gradients scattered into a list of the input's length, the
    # last of an index read twice kept, not their sum)
    h, indices = n.inputs[0], n.inputs[1]
    return [bind(SCATTER_V2, (g, indices, constant(-1), _length_of(h)),
                 {"element_dtype": g.dtype}), None, None]


def _set_item_grad(n: Any, g: Any) -> list:
    h, index, item = n.inputs
    if g is None:
        return [None, None, zeros_like(item)]
    return [bind(G.GRAD_CLEAR, (g, index), {}), None,
            bind(G.GRAD_READ, (g, index, item), {})]


def _push_back_grad(n: Any, g: Any) -> list:
    h, t = n.inputs
    if g is None:
        return [None, zeros_like(t)]
    at = _length_of(h)
    return [bind(G.GRAD_CLEAR, (g, at), {}), bind(G.GRAD_READ, (g, at, t), {})]


def _pop_back_grad(n: Any, g_list: Any, g_item: Any) -> list:
    if g_item is None:
        return [g_list, None]
    put = G.put(_length_of(n.inputs[0]) - 1, g_item)
    return [put if g_list is None else G.add_gradient_lists(g_list, put), None]


def _scatter_grad(n: Any, g: Any) -> list:
    t, indices = n.inputs[0], n.inputs[1]
    return [_zero_or(g, lambda: bind(G.GRAD_GATHER, (g, indices, t), {}), t)] + \
        [None] * (len(n.inputs) - 1)


def _scatter_existing_grad(n: Any, g: Any) -> list:
    h, t, indices = n.inputs
    if g is None:
        return [None, zeros_like(t), None]
    return [bind(G.GRAD_CLEAR, (g, indices), {}),
            bind(G.GRAD_GATHER, (g, indices, t), {}), None]


def _split_grad(n: Any, g: Any) -> list:
    t = n.inputs[0]
    return [_zero_or(g, lambda: bind(G.GRAD_JOIN, (n.outputs[0], g, t), {}), t), None, None]


def _concat_grad(n: Any, g: Any, g_lengths: Any) -> list:
    return [G.split(n.inputs[0], g)] + [None] * (len(n.inputs) - 1)


def _resize_grad(n: Any, g: Any) -> list:
    return [None if g is None else bind(RESIZE, (g, _length_of(n.inputs[0])), {}), None]


# ---------------------------------------------------------------------------------------
# The ops
# ---------------------------------------------------------------------------------------

# -- references: the lists' items by plain Python ------------------------------------------

def _held(h: Any) -> TensorListValue:
    return h[()]


def _put_ref(lst: TensorListValue, at: int, item: Any) -> np.ndarray:
    items = list(lst) + [None] * max(0, at + 1 - len(lst))
    items[at] = item
    return object_scalar(lst.with_items(items))


def _scatter_ref(t: Any, idx: Any, shape: Any, dtype: Any, size: int = -1) -> np.ndarray:
    found = dict(zip(np.reshape(idx, -1).tolist(), list(t)))
    n = size if size != -1 else max(found, default=-1) + 1
    return object_scalar(TensorListValue([found.get(i) for i in range(n)], dtype, shape))


def _concat_ref(lst: TensorListValue, leading: Any) -> tuple:
    rows = next(a.shape for a in lst if a is not None)
    parts = [a if a is not None else np.zeros((leading[i] if leading else rows[0],
                                               *rows[1:]), np.float32)
             for i, a in enumerate(lst)]
    return np.concatenate(parts), np.array([len(a) for a in parts], np.int64)


def _batch_ref(hs: Any, fn: Any) -> np.ndarray:
    out = np.empty(len(hs), object)
    for b, h in enumerate(hs):
        out[b] = fn(b, h)
    return out


def _lv(items: Any, dtype: Any = dt.float32, shape: Any = None, most: int = -1) -> np.ndarray:
    """A sample's list: a variant scalar holding `items` (None: not set)."""
    return object_scalar(TensorListValue(tuple(None if a is None else np.asarray(a, np.float32)
                                             if dtype is dt.float32 else np.asarray(a)
                                             for a in items), dtype, shape, most))


def _i32(v: Any) -> np.ndarray:
    return np.array(v, np.int32)


def _f32(v: Any) -> np.ndarray:
    return np.array(v, np.float32)


_F = {"element_dtype": dt.float32}
_E = InvalidArgumentError
# (a raw op takes its list as a variant tensor: tf.raw_ops offers it with that input)
_LIST_OPS = dict(no_fold=True, holds_variants=True, tf=TFForm(takes_handles=True))

EMPTY_TENSOR_LIST = register(OpDef(
    "EmptyTensorList", _typed("EmptyTensorList", (_SHAPE, dt.int32), _made), _empty,
    grad=C.no_gradient, host_inputs=(0, 1), **_LIST_OPS,
    reference=lambda s, m, element_dtype: _lv((), element_dtype, _shape_input("", s),
                                              int(m)),
    samples=lambda: [Sample((_i32([2, -1]), _i32(3)), _F, grad=False),
                     Sample((_i32(-1), _i32(-1)), {"element_dtype": dt.int64}, grad=False)],
    bad_samples=lambda: [BadSample((_i32([2]), _i32([2])), _F, _E,
                                   "max_num_elements expected to be a scalar but got shape: "
                                   "[1]")],
))

RESERVE = register(OpDef(
    "TensorListReserve", _typed("TensorListReserve", (_SHAPE, dt.int32), _made), reserve,
    grad=C.no_gradient, host_inputs=(0, 1), **_LIST_OPS,
    reference=lambda s, n, element_dtype: _lv((None,) * int(n), element_dtype,
                                              _shape_input("", s)),
    samples=lambda: [Sample((_i32([2]), _i32(3)), _F, grad=False),
                     Sample((np.array([-1, 4], np.int64), _i32(0)), _F, grad=False)],
    bad_samples=lambda: [
        BadSample((_i32([2]), _i32(-1)), _F, _E, "The num_elements to reserve must be "
                                                        "a non negative number, but got -1"),
        BadSample((_i32([[2]]), _i32(1)), _F, _E, "Shape must be at most rank 1 but "
                                                         "is rank 2"),
        BadSample((_i32(3), _i32(1)), _F, _E, "The only valid scalar shape tensor is "
                                                     "the fully unknown shape specified as -1."),
        BadSample((_i32([2]), _i32(2 ** 31 - 1)), _F, ResourceExhaustedError, "OOM")],
))

FROM_TENSOR = register(OpDef(
    "TensorListFromTensor", _typed("TensorListFromTensor", (_ELEM, _SHAPE), _made),
    _from_tensor,
    grad=_from_tensor_grad, host_inputs=(1,), **_LIST_OPS,
    reference=lambda t, s, element_dtype: _lv(list(t), element_dtype, _shape_input("", s)),
    samples=lambda: [Sample((_f32([[1, 2], [3, 4]]), _i32([2])), _F, grad=False),
                     Sample((_f32([[1, 2]]), _i32(-1)), _F, grad=False)],
    bad_samples=lambda: [
        BadSample((_f32(1), _i32(-1)), _F, _E, "Tensor must be at least a vector, but "
                                                      "saw shape: []"),
        BadSample((_f32([[1, 2]]), _i32([3])), _F, _E, "Specified a list with shape "
                                                              "[3] from a tensor with shape "
                                                              "[2]")],
))

LENGTH = register(OpDef(
    "TensorListLength", _typed("TensorListLength", (_LIST,), _length_out), _length_kernel,
    gpu=False,  # (TF's GPU kernels of these two keep their results in host memory)
    **_LIST_OPS, reference=lambda h: np.int32(len(h[()])),
    samples=lambda: [Sample((_lv([[1.0], None]),), grad=False), Sample((_lv([]),), grad=False)],
    bad_samples=lambda: [BadSample((np.stack([_lv([]), _lv([])]),), {}, _E,
                                   "Input list must be a scalar saw: [2]")],
))

ELEMENT_SHAPE = register(OpDef(
    "TensorListElementShape",
    _typed("TensorListElementShape", (_LIST,), _element_shape_out), _element_shape,
    gpu=False, **_LIST_OPS,
    reference=lambda h, shape_type: np.array(
        [-1 if d is None else d for d in _held(h).element_shape]
        if _held(h).element_shape is not None else -1, shape_type.as_numpy_dtype),
    samples=lambda: [Sample((_lv([], shape=(None, 3)),), {"shape_type": dt.int64},
                            grad=False),
                     Sample((_lv([]),), {"shape_type": dt.int32}, grad=False)],
))

GET_ITEM = register(OpDef(
    "TensorListGetItem", _typed("TensorListGetItem", (_LIST, dt.int32, _SHAPE), _item_out),
    get_item, grad=_read_grad, host_inputs=(1, 2),
    **_LIST_OPS,
    reference=lambda h, i, s, element_dtype: h[()][int(i)],
    samples=lambda: [Sample((_lv([[1, 2], [3, 4]]), _i32(1), _i32([2])), _F, grad=False)],
    bad_samples=lambda: [
        BadSample((_lv([[1, 2]]), _i32(1), _i32(-1)), _F, _E,
                  "Trying to access element 1 in a list with 1 elements."),
        BadSample((_lv([[1, 2]]), _i32(0), _i32(-1)), {"element_dtype": dt.int32},
                  _E, "Invalid data types; op elements int32 but list elements float"),
        BadSample((_lv([None], shape=(None,)), _i32(0), _i32(-1)), _F, _E,
                  "Trying to read an uninitialized tensor but element_shape is not fully "
                  "defined: [?] and no list element is set.")],
))

SET_ITEM = register(OpDef(
    "TensorListSetItem", _typed("TensorListSetItem", (_LIST, dt.int32, _ELEM), _list_out(3)),
    set_item, grad=_set_item_grad,
    reference=lambda h, i, t, element_dtype, resize_if_index_out_of_bounds: _put_ref(
        _held(h), int(i), t),
    host_inputs=(1,), **_LIST_OPS,
    samples=lambda: [
        Sample((_lv([None, None], shape=(2,)), _i32(1), _f32([5, 6])),
               dict(_F, resize_if_index_out_of_bounds=False), grad=False),
        Sample((_lv([[1, 2]], shape=(2,)), _i32(3), _f32([5, 6])),
               dict(_F, resize_if_index_out_of_bounds=True), grad=False)],
    bad_samples=lambda: [
        BadSample((_lv([None], shape=(2,)), _i32(1), _f32([5, 6])),
                  dict(_F, resize_if_index_out_of_bounds=False), _E,
                  "Trying to modify element 1 in a list with 1 elements."),
        BadSample((_lv([None], shape=(2,)), _i32(0), _f32([5, 6, 7])),
                  dict(_F, resize_if_index_out_of_bounds=False), _E,
                  "Tried to set a tensor with incompatible shape at a list index. Item "
                  "element shape: [3] list shape: [2]")],
))

PUSH_BACK = register(OpDef(
    "TensorListPushBack", _typed("TensorListPushBack", (_LIST, _ELEM), _list_out(2)),
    _push_back,
    reference=lambda h, t, element_dtype: _put_ref(_held(h), len(_held(h)), t),
    grad=_push_back_grad, **_LIST_OPS,
    samples=lambda: [Sample((_lv([[1, 2]]), _f32([5, 6])), _F, grad=False)],
    bad_samples=lambda: [
        BadSample((_lv([1], shape=(), most=1), _f32(2)), _F, _E,
                  "Tried to push item into a full list list size: 1 max_num_elements: 1"),
        BadSample((_lv([], shape=(2,)), _f32([1])), _F, _E,
                  "Tried to append a tensor with incompatible shape to a list. Op element "
                  "shape: [1] list shape: [2]")],
))

PUSH_BACK_BATCH = register(OpDef(
    "TensorListPushBackBatch", _typed("TensorListPushBackBatch", (_LIST, _ELEM), _batch_out),
    _push_back_batch,
    reference=lambda hs, t, element_dtype: _batch_ref(
        hs, lambda b, h: h.with_items((*h, t[b]))),
    **_LIST_OPS,
    samples=lambda: [Sample((np.stack([_lv([1.0]), _lv([])]), _f32([5, 6])), _F,
                            grad=False)],
    bad_samples=lambda: [BadSample((np.stack([_lv([1.0])]), _f32([5, 6])), _F, _E,
                                   "Expected tensor.shape[0] == input_handles.size, but saw 2 "
                                   "vs. 1")],
))

POP_BACK = register(OpDef(
    "TensorListPopBack", _typed("TensorListPopBack", (_LIST, dt.int32), _pop_out), _pop_back,
    grad=_pop_back_grad, num_outputs=2,
    reference=lambda h, s, element_dtype: (
        object_scalar(_held(h).with_items(_held(h)[:-1])),
        _held(h)[-1] if _held(h)[-1] is not None else np.zeros(s, np.float32)),
    host_inputs=(1,), **_LIST_OPS,
    samples=lambda: [Sample((_lv([[1, 2], [3, 4]]), _i32(-1)), _F, grad=False),
                     Sample((_lv([None], shape=(None,)), _i32([3])), _F, grad=False)],
    bad_samples=lambda: [BadSample((_lv([]), _i32(-1)), _F, _E,
                                   "Trying to pop from an empty list.")],
))

STACK = register(OpDef(
    "TensorListStack", _typed("TensorListStack", (_LIST, dt.int32), _stack_out), stack,
    grad=lambda n, g: [
        bind(FROM_TENSOR, (g, constant(-1)), {"element_dtype": g.dtype}), None],
    host_inputs=(1,), **_LIST_OPS,
    reference=lambda h, s, element_dtype, num_elements: np.stack(h[()]),
    samples=lambda: [Sample((_lv([[1, 2], [3, 4]]), _i32([2])), dict(_F, num_elements=-1),
                            grad=False),
                     Sample((_lv([[1, 2], [3, 4]]), _i32(-1)), dict(_F, num_elements=2),
                            grad=False)],
    bad_samples=lambda: [
        BadSample((_lv([], shape=(None,)), _i32(-1)), dict(_F, num_elements=-1), _E,
                  "Tried to stack elements of an empty list with non-fully-defined "
                  "element_shape: [?]"),
        BadSample((_lv([[1.0, 2.0], [3.0]]), _i32(-1)), dict(_F, num_elements=-1), _E,
                  "PartialTensorShape: Incompatible shapes during merge: [2] vs. [1]")],
))

GATHER = register(OpDef(
    "TensorListGather", _typed("TensorListGather", (_LIST, dt.int32, dt.int32), _gather_out),
    gather, grad=_gather_grad, host_inputs=(1, 2),
    **_LIST_OPS,
    reference=lambda h, i, s, element_dtype: np.stack([h[()][k] for k in i]),
    samples=lambda: [Sample((_lv([[1, 2], [3, 4], [5, 6]]), _i32([2, 0, 2]), _i32([2])), _F,
                            grad=False)],
    bad_samples=lambda: [BadSample((_lv([[1, 2]]), _i32([3]), _i32(-1)), _F, _E,
                                   "Index 3 out o range; list only has 1 elements.")],
))

SCATTER = register(OpDef(
    "TensorListScatter", _typed("TensorListScatter", (_ELEM, dt.int32, _SHAPE), _made),
    _scatter_v1,
    reference=lambda t, i, s, element_dtype: _scatter_ref(t, i, _shape_input("", s),
                                                          element_dtype),
    grad=_scatter_grad, host_inputs=(1, 2), **_LIST_OPS,
    samples=lambda: [Sample((_f32([[1, 2], [3, 4]]), _i32([2, 0]), _i32([2])), _F,
                            grad=False)],
    bad_samples=lambda: [BadSample((_f32([[1, 2], [3, 4]]), _i32([-1, 0]), _i32([2])), _F,
                                   _E, "Indices in TensorListScatter must all be "
                                              "non-negative.")],
))

SCATTER_V2 = register(OpDef(
    "TensorListScatterV2", _typed("TensorListScatterV2", (_ELEM, dt.int32, _SHAPE, dt.int32),
                                  _made),
    _scatter_v2, grad=_scatter_grad, host_inputs=(1, 2, 3), **_LIST_OPS,
    reference=lambda t, i, s, n, element_dtype: _scatter_ref(t, i, _shape_input("", s),
                                                             element_dtype, int(n)),
    samples=lambda: [Sample((_f32([[1, 2], [3, 4]]), _i32([1, 0]), _i32([2]), _i32(5)), _F,
                            grad=False)],
    bad_samples=lambda: [BadSample((_f32([[1, 2], [3, 4]]), _i32([3, 0]), _i32([2]),
                                    _i32(2)), _F, _E,
                                   "TensorListScatter: Trying to scatter at index 3 in list "
                                   "with size 2")],
))

SCATTER_EXISTING = register(OpDef(
    "TensorListScatterIntoExistingList",
    _typed("TensorListScatterIntoExistingList", (_LIST, _ELEM, dt.int32), _list_out(3)),
    _scatter_existing, grad=_scatter_existing_grad, host_inputs=(2,), **_LIST_OPS,
    reference=lambda h, t, i, element_dtype: object_scalar(_held(h).with_items(
        [dict(zip(i.tolist(), t)).get(k, a) for k, a in enumerate(_held(h))])),
    samples=lambda: [Sample((_lv([None, None, None], shape=(2,)), _f32([[1, 2], [3, 4]]),
                             _i32([2, 0])), _F, grad=False)],
    bad_samples=lambda: [BadSample((_lv([None]), _f32([[1, 2]]), _i32([0, 1])), _F,
                                   _E, "Expected len(indices) == tensor.shape[0], but "
                                              "saw: 2 vs. 1")],
))

SPLIT = register(OpDef(
    "TensorListSplit", _typed("TensorListSplit", (_ELEM, _SHAPE, dt.int64), _made), _split,
    reference=lambda t, s, n, element_dtype: object_scalar(TensorListValue(
        np.split(t, np.cumsum(n)[:-1]), element_dtype, _shape_input("", s))),
    grad=_split_grad, host_inputs=(1, 2), **_LIST_OPS,
    samples=lambda: [Sample((_f32([1, 2, 3, 4, 5]), _i32([-1]), np.array([2, 0, 3],
                                                                           np.int64)), _F,
                            grad=False)],
    bad_samples=lambda: [BadSample((_f32([1, 2, 3]), _i32([-1]), np.array([1, 1], np.int64)),
                                   _F, _E, "Unused values in tensor. Length of tensor: "
                                                  "3 Values used: 2")],
))

CONCAT = register(OpDef(
    "TensorListConcat", _typed("TensorListConcat", (_LIST,), _concat_v1_out), _concat_v1,
    grad=_concat_grad, num_outputs=2,
    reference=lambda h, element_dtype, element_shape: _concat_ref(_held(h), None),
    **_LIST_OPS,
    samples=lambda: [Sample((_lv([[1, 2], [], [3]]),), dict(_F, element_shape=None),
                            grad=False),
                     Sample((_lv([None, [[1, 2]]]),), dict(_F, element_shape=None),
                            grad=False)],
    bad_samples=lambda: [BadSample((_lv([[1.0], 2.0]),), dict(_F, element_shape=None),
                                   _E, "Concat saw a scalar shape at index 1 but "
                                              "requires at least vectors.")],
))

CONCAT_V2 = register(OpDef(
    "TensorListConcatV2", _typed("TensorListConcatV2", (_LIST, _SHAPE, dt.int64), _concat_v2_out),
    _concat_v2, grad=_concat_grad, num_outputs=2,
    reference=lambda h, s, lead, element_dtype: _concat_ref(_held(h), lead.tolist())
    if _held(h) else (np.zeros((0, 2), np.float32), np.zeros(0, np.int64)),
    host_inputs=(1, 2), **_LIST_OPS,
    samples=lambda: [Sample((_lv([None, [[1, 2]]]), _i32(-1), np.array([3, 7], np.int64)),
                            _F, grad=False),
                     Sample((_lv([], shape=(None, 2)), _i32(-1), np.zeros(0, np.int64)),
                            _F, grad=False)],
    bad_samples=lambda: [BadSample((_lv([None], shape=(None, 2)), _i32(-1),
                                    np.zeros(0, np.int64)), _F, _E,
                                   "List contains uninitialized tensor at index 0 but "
                                   "leading_dims has only 0 elements.")],
))

CONCAT_LISTS = register(OpDef(
    "TensorListConcatLists", _typed("TensorListConcatLists", (_LIST, _LIST), _batch_out),
    _concat_lists,
    reference=lambda a, b, element_dtype: object_scalar(_held(a).with_items(
        (*_held(a), *_held(b)))),
    **_LIST_OPS,
    samples=lambda: [Sample((_lv([[1, 2]], shape=(2,)), _lv([[3, 4], None], shape=(2,))), _F,
                            grad=False)],
    bad_samples=lambda: [BadSample((_lv([[1, 2]], shape=(2,)), _lv([[3, 4, 5]], shape=(3,))),
                                   _F, _E, "input_a and input_b TensorList element "
                                                  "shapes are not identical at index 0.  Saw "
                                                  "[2] vs. [3]")],
))

RESIZE = register(OpDef(
    "TensorListResize", _typed("TensorListResize", (_LIST, dt.int32), _list_out(2)), resize,
    grad=_resize_grad,
    reference=lambda h, n: object_scalar(_held(h).with_items(
        [_held(h)[k] if k < len(_held(h)) else None for k in range(int(n))])),
    host_inputs=(1,), **_LIST_OPS,
    samples=lambda: [Sample((_lv([1.0, 2.0]), _i32(4)), grad=False),
                     Sample((_lv([1.0, 2.0]), _i32(1)), grad=False)],
    bad_samples=lambda: [BadSample((_lv([1.0]), _i32(-1)), {}, _E,
                                   "TensorListSlice expects size to be non-negative. Got: -1")],
))


def shape_tensor(dims: Any) -> Tensor:
    """An element_shape input for a partial shape `dims` (TF's -1 for an unknown rank and
    for each unknown dim), converted as the op's wrapper converts it (in a graph being
    built, a constant of the op taking it)."""
    if dims is None:
        return convert_to_tensor(np.array(-1, np.int32), dtype=dt.int32)
    return convert_to_tensor(np.array([-1 if d is None else d for d in dims],
                                      np.int32).reshape(len(dims)), dtype=dt.int32)


def get_item_of(handle: Tensor, index: Any, dims: Any, dtype: Any) -> Tensor:
    """Item `index` of a list of items of partial shape `dims` (a loop's history)."""
    return bind(GET_ITEM, (handle, index, shape_tensor(dims)), {"element_dtype": dtype})
