"""tf.TensorArray: a list of same-typed tensors that can live in loops.

Sits in ops/. Eagerly it is a Python list of tensors (as TF's eager TensorArray),
changed in place. While a graph is built it is a value: one `variant` tensor (the
"flow") whose runtime value is a tuple of arrays, and every write returns a new
TensorArray, so it can be a tf.while_loop variable. The graph ops are ordinary
OpDefs (TensorListSetItem, TensorListGetItem, TensorListStack, ...) holding eagerflow's
attrs (exported in TF's form by `_to_tf`), over the kernels of TF's own TensorList ops
(tensor_list_kernels.py; tensor_list_ops.py registers those ops with TF's interfaces).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import onto, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import TypeSpec
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OutOfRangeError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tensor_list_kernels as K
from eagerflow._src.ops.array import concat, split, zeros
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.held_arrays import DeviceBox
from eagerflow._src.ops.registry import OpDef, TFForm
from eagerflow._src.ops.stacking import stack, unstack

__all__ = ["TensorArray"]


def _fail(op: str, msg: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"{msg} [Op:{op}]")


# ---------------------------------------------------------------------------------------
# Graph ops over the flow value: a tuple of arrays (None where nothing was written yet).
# ---------------------------------------------------------------------------------------

def _shape_arg(shape: Any) -> np.ndarray:
    """A shape attr as the element_shape input of TF's list kernels (-1: unknown)."""
    return np.array(-1 if shape is None else [-1 if d is None else d for d in shape], np.int32)


def _set_item(xp: Any, flow: Any, index: Any, value: Any, dynamic: bool) -> Any:
    return K.set_item(xp, flow, index, value, None, dynamic)


def _get_item(xp: Any, flow: Any, index: Any, dtype: Any, shape: Any) -> Any:
    return K.get_item(xp, flow, index, _shape_arg(shape), dtype)


def _stack(xp: Any, flow: Any, dtype: Any, shape: Any) -> Any:
    return K.stack(xp, flow, _shape_arg(shape), dtype)


def _from_tensor(xp: Any, value: Any) -> Any:
    # (each row an array: `value[i]` of a vector of strings is a bare bytes object)
    return tuple(value[i, ...] for i in range(value.shape[0]))


def _size(xp: Any, flow: Any) -> Any:
    flow = _items_of(flow)
    return xp.asarray(len(flow), dtype=np.int32)


def _gather(xp: Any, flow: Any, indices: Any, dtype: Any, shape: Any) -> Any:
    return K.gather(xp, flow, indices, _shape_arg(shape), dtype)


def _scatter(xp: Any, flow: Any, indices: Any, value: Any, dynamic: bool) -> Any:
    flow = _items_of(flow)
    for k, i in enumerate(to_host(indices).reshape(-1)):
        flow = _set_item(xp, flow, i, value[k, ...], dynamic)
    return flow


def _concat(xp: Any, flow: Any, dtype: Any) -> Any:
    flow = _items_of(flow)
    items = [onto(xp, a) for a in flow if a is not None]
    if not items:
        return xp.zeros((0,), dtype.as_numpy_dtype)
    return xp.concatenate(items, axis=0)


def _items_of(flow: Any) -> tuple:
    if isinstance(flow, np.ndarray):  # a constant flow: 0-d object array holding the tuple
        return flow[()]
    return flow


def _variant(items: tuple) -> np.ndarray:
    """A gradient list as its variant tensor's value: a 0-d object array holding it (an
    eager op's tuple result would be taken for an array's rows)."""
    out = np.empty((), object)
    out[()] = items
    return out


_V = ((), dt.variant)
_LIST = dict(no_fold=True, holds_variants=True)  # (list ops: never folded; see OpDef)


def _list_spec(f: Any, dtype: Any, shape: Any) -> list:
    return [((None,) + tuple(shape) if shape is not None else None, dtype)]


# ---------------------------------------------------------------------------------------
# Gradients. The gradient of a list is a list (a tuple of arrays, None where the gradient
# is zero; any other value, as a zeros_like of a variant, is the all-zero list), so the
# gradient of a write is a read of the gradient list, that of a stack an unstack, etc.
# ---------------------------------------------------------------------------------------

def _grad_items(g: Any) -> tuple:
    g = _items_of(g)
    return g if isinstance(g, tuple) else ()


def _grad_at(xp: Any, g: tuple, i: int, zero: Any) -> Any:
    v = g[i] if 0 <= i < len(g) else None
    if v is None:  # the zero gradient: of a list (a flow) the empty list
        return () if _is_list(zero) else xp.zeros_like(zero)
    return K.item_for(xp, v)


def _elem_add(a: Any, b: Any) -> Any:
    # elements of a gradient list are arrays, or gradient lists themselves (the history of
    # a loop that carried a TensorArray)
    return _grad_add(None, a, b) if _is_list(a) or _is_list(b) else a + b


def _is_list(v: Any) -> bool:
    return isinstance(v, tuple) or isinstance(v, np.ndarray) and v.dtype.kind == "O" and \
        not v.ndim


def _grad_read(xp: Any, g: Any, index: Any, like: Any) -> Any:
    return _grad_at(xp, _grad_items(g), int(index), like)


def _grad_clear(xp: Any, g: Any, indices: Any) -> tuple:
    items = list(_grad_items(g))
    for i in to_host(indices).reshape(-1):
        if 0 <= i < len(items):
            items[i] = None
    return _variant(tuple(items))


def _grad_put(xp: Any, indices: Any, values: Any) -> tuple:
    idx = to_host(indices)
    vals = [values] if idx.ndim == 0 else list(values)
    items: list = []
    for i, v in zip(idx.reshape(-1), vals):
        i, v = int(i), _items_of(v) if _is_list(v) else v
        if i >= len(items):
            items.extend([None] * (i + 1 - len(items)))
        items[i] = v if items[i] is None else _elem_add(items[i], v)  # read twice: both count
    return _variant(tuple(items))


def _grad_add(xp: Any, a: Any, b: Any) -> tuple:
    if isinstance(_items_of(a), DeviceBox):  # (a box's gradients: summed its own way)
        return _variant(_items_of(a).added(xp, _items_of(b)))
    a, b = _grad_items(a), _grad_items(b)
    if len(a) < len(b):
        a, b = b, a
    out = list(a)
    for i, v in enumerate(b):
        if v is not None:
            out[i] = v if out[i] is None else _elem_add(out[i], v)
    return _variant(tuple(out))


def _grad_gather(xp: Any, g: Any, indices: Any, like: Any) -> Any:
    if like.dtype.kind == "O":  # (variants: host objects, stacked on the host)
        xp = np
    g = _grad_items(g)
    idx = to_host(indices).reshape(-1)
    zero = xp.zeros(like.shape[1:], like.dtype)
    if not idx.size:
        return xp.zeros_like(like)
    return xp.stack([_grad_at(xp, g, int(i), zero) for i in idx])


def _grad_split(xp: Any, flow: Any, g: Any) -> tuple:
    pieces, start = [], 0
    for a in _items_of(flow):
        if a is None:  # skipped by the concat: no gradient
            pieces.append(None)
            continue
        n = a.shape[0]
        pieces.append(g[start:start + n])
        start += n
    return _variant(tuple(pieces))


def _grad_join(xp: Any, flow: Any, g: Any, like: Any) -> Any:
    # the inverse of _grad_split: pieces back into one array, zeros where a piece is None
    g = _grad_items(g)
    pieces, k = [], 0
    for a in _items_of(flow):
        if a is None:
            k += 1
            continue
        v = g[k] if k < len(g) else None
        pieces.append(xp.zeros(a.shape, dtype=like.dtype) if v is None else onto(xp, v))
        k += 1
    return xp.concatenate(pieces, axis=0) if pieces else xp.zeros_like(like)


# The gradient ops are linear in their list argument; their own gradients (second order)
# are the matching ops the other way round.
def _put_grad(node: Any, d: Any) -> list:
    idx, v = node.inputs
    back = GRAD_READ if idx._shape == () else GRAD_GATHER
    return [None, bind(back, (d, idx, v), {})]


GRAD_READ = OpDef("TensorListGradGetItem", lambda g, i, like: [(like._shape, like._dtype)],
                  _grad_read, grad=lambda node, d: [_put(node.inputs[1], d), None, None],
                  host_inputs=(1,), **_LIST)
GRAD_CLEAR = OpDef("TensorListGradClear", lambda g, i: [_V], _grad_clear,
                   grad=lambda node, d: [bind(GRAD_CLEAR, (d, node.inputs[1]), {}), None],
                   host_inputs=(1,), **_LIST)
GRAD_PUT = OpDef("TensorListGradScatter", lambda i, v: [_V], _grad_put, grad=_put_grad,
                 host_inputs=(0,), **_LIST)
GRAD_ADD = OpDef("TensorListGradAdd", lambda a, b: [_V], _grad_add,
                 grad=lambda node, d: [d, d], **_LIST)
GRAD_GATHER = OpDef("TensorListGradGather", lambda g, i, like: [(like._shape, like._dtype)],
                    _grad_gather, grad=lambda node, d: [_put(node.inputs[1], d), None, None],
                    host_inputs=(1,), **_LIST)
GRAD_JOIN = OpDef("TensorListGradConcat", lambda f, g, like: [(like._shape, like._dtype)],
                  _grad_join, grad=lambda node, d: [None, _split(node.inputs[0], d), None],
                  **_LIST)
GRAD_SPLIT = OpDef("TensorListGradSplit", lambda f, g: [_V], _grad_split,
                   grad=lambda node, d: [None, bind(GRAD_JOIN, (node.inputs[0], d,
                                                                node.inputs[1]), {})],
                   **_LIST)
GRAD_STACK = OpDef("TensorListGradStack", lambda g, like: [(like._shape, like._dtype)],
                   lambda xp, g, like: _grad_gather(xp, g, np.arange(like.shape[0]), like),
                   grad=lambda node, d: [bind(FROM_TENSOR, (d,), {}), None], **_LIST)


def _put(indices: Any, values: Any) -> Tensor:
    return bind(GRAD_PUT, (indices, values), {})


def _split(flow: Any, g: Any) -> Tensor:
    return bind(GRAD_SPLIT, (flow, g), {})


def empty_gradient_list() -> Tensor:
    """The zero gradient of a TensorArray flow (inside a graph)."""
    return _graph_const(())


def add_gradient_lists(a: Tensor, b: Tensor) -> Tensor:
    """The sum of two gradients of a TensorArray flow (a tape accumulating them), or of
    another variant that is a box (a CSR matrix: DeviceBox.added)."""
    return bind(GRAD_ADD, (a, b), {})


def _read_grad(node: Any, g: Any) -> list:
    return [_put(node.inputs[1], g), None]


# -- how TF's graphs write the list ops: TF's TensorList ops take the element dtype as an
# attr and the element shape as an input (-1: an unknown rank or dim) ----------------------

def _element_shape(b: Any, shape: Any) -> Any:
    return b.const(-1 if shape is None else [-1 if d is None else d for d in shape], dt.int32)


def _to_tf(n: Any, b: Any) -> list:
    a, op = n.attrs, n.type
    if op == "TensorListReserve":
        count = b.input(0) if n.inputs else b.const(a["num_elements"], dt.int32)
        return b.node(op, [_element_shape(b, a["element_shape"]), count],
                      {"element_dtype": a["element_dtype"]})
    if op == "TensorListFromTensor":
        v = n.inputs[0]
        shape = None if v._shape is None else v._shape[1:]
        return b.node(op, [b.input(0), _element_shape(b, shape)], {"element_dtype": v._dtype})
    if op == "TensorListSetItem":
        return b.node(op, [b.input(0), b.input(1), b.input(2)],
                      {"element_dtype": n.inputs[2]._dtype,
                       "resize_if_index_out_of_bounds": a["dynamic"]})
    if op == "TensorListScatterIntoExistingList":
        return b.node(op, [b.input(0), b.input(2), b.input(1)],
                      {"element_dtype": n.inputs[2]._dtype})
    if op in ("TensorListLength", "TensorListResize"):
        return b.node(op, [b.input(i) for i in range(len(n.inputs))])
    if op == "EmptyTensorList":
        return b.node(op, [b.input(0), b.input(1)],
                      {"element_dtype": a["element_dtype"], "shape_type": dt.int32})
    # reads: GetItem, Gather, Stack, Concat
    ins = [b.input(i) for i in range(len(n.inputs))] + [_element_shape(b, a["shape"])]
    if op == "TensorListConcat":
        ins.append(b.const([], dt.int64))
        return b.node("TensorListConcatV2", ins, {"element_dtype": a["dtype"]})[:1]
    return b.node(op, ins, {"element_dtype": a["dtype"]})


_TF_LIST = TFForm(export=_to_tf)


RESERVE = OpDef("TensorListReserve", lambda num_elements, element_dtype, element_shape: [_V],
                lambda xp, num_elements, element_dtype, element_shape: (None,) * num_elements,
                **_LIST, tf=_TF_LIST)


def _reserve_count(xp: Any, count: Any, element_dtype: Any, element_shape: Any) -> tuple:
    return K.reserve(xp, _shape_arg(element_shape), count, element_dtype)


# A list whose size is a tensor known only when the graph runs (an imported graph's
# TensorArray sized by its input's length, a traced TensorArray of a run-time size).
RESERVE_DYNAMIC = OpDef("TensorListReserve", lambda count, element_dtype, element_shape: [_V],
                        _reserve_count, **_LIST, host_inputs=(0,), tf=_TF_LIST)
SET_ITEM = OpDef("TensorListSetItem", lambda f, i, v, dynamic: [_V], _set_item,
                 grad=lambda node, g: [bind(GRAD_CLEAR, (g, node.inputs[1]), {}), None,
                                       bind(GRAD_READ, (g, node.inputs[1], node.inputs[2]), {})],
                 host_inputs=(1,), **_LIST, tf=_TF_LIST)
GET_ITEM = OpDef("TensorListGetItem", lambda f, i, dtype, shape: [(shape, dtype)], _get_item,
                 grad=_read_grad, host_inputs=(1,), **_LIST, tf=_TF_LIST)
STACK = OpDef("TensorListStack", _list_spec, _stack,
              grad=lambda node, g: [bind(FROM_TENSOR, (g,), {})], **_LIST, tf=_TF_LIST)
def _element_shape_arg(dims: Any) -> Any:
    """The element_shape TF's TensorArray passes its list ops for elements of `dims`
    (list_ops' _build_element_shape), as graph/arg_consts takes it: a scalar's [] is a
    Const made in the API's scope ("TensorArrayUnstack/Const"), other shapes the op's own
    input constant ("TensorArrayV2/element_shape"; unknown dims -1, an unknown rank -1)."""
    if dims is None:
        return (-1, None)
    if not dims:
        return (np.zeros(0, np.int32), "Const")
    return ([-1 if d is None else d for d in dims], None)


def _show_element_shape(op: OpDef, dims: Any) -> None:
    g = _state.graph
    if g is not None:  # (what the node about to be added shows as its element_shape input)
        g.next_args = (op, {"element_shape": _element_shape_arg(dims)})


FROM_TENSOR = OpDef("TensorListFromTensor", lambda v: [_V], _from_tensor,
                    grad=lambda node, g: [bind(GRAD_STACK, (g, node.inputs[0]), {})],
                    **_LIST, tf=_TF_LIST)
def _empty(xp: Any, shape: Any, most: Any, element_dtype: Any) -> np.ndarray:
    out = np.empty((), object)  # a 0-d object array holding the empty tuple of items
    out[()] = ()
    return out


EMPTY = OpDef("EmptyTensorList", lambda shape, most, element_dtype: [_V], _empty,
              **_LIST, tf=_TF_LIST)
# (what a popped accumulator keeps: the list cut to a size, whatever its elements' shape,
# where a gather of no elements would need it)
RESIZE = OpDef("TensorListResize", lambda f, size: [_V], K.resize,
               grad=lambda node, g: [g, None], **_LIST, host_inputs=(1,), tf=_TF_LIST)
# (TF's GPU kernel keeps the length in host memory: it runs on the host. The list ops'
# indices are host inputs, as TF's GPU kernels' are)
SIZE = OpDef("TensorListLength", lambda f: [((), dt.int32)], _size, gpu=False, tf=_TF_LIST,
             **_LIST)
GATHER = OpDef("TensorListGather", lambda f, i, dtype, shape: _list_spec(f, dtype, shape),
               _gather, grad=_read_grad, host_inputs=(1,), **_LIST, tf=_TF_LIST)
SCATTER = OpDef("TensorListScatterIntoExistingList", lambda f, i, v, dynamic: [_V], _scatter,
                grad=lambda node, g: [
                    bind(GRAD_CLEAR, (g, node.inputs[1]), {}), None,
                    bind(GRAD_GATHER, (g, node.inputs[1], node.inputs[2]), {})],
                host_inputs=(1,), **_LIST, tf=_TF_LIST)
CONCAT = OpDef("TensorListConcat", lambda f, dtype, shape: [
    ((None,) + tuple(shape[1:]) if shape is not None and len(shape) else None, dtype)],
    lambda xp, f, dtype, shape: _concat(xp, f, dtype),
    grad=lambda node, g: [_split(node.inputs[0], g)], **_LIST, tf=_TF_LIST)





def empty_tensor_list(element_shape: Any, element_dtype: Any) -> Tensor:
    """A list tensor with no elements (TF's list_ops.empty_tensor_list, no bound on its
    length): what AutoGraph makes of `[]` under Feature.LISTS."""
    shape = convert_to_tensor(element_shape, dtype=dt.int32)
    most = convert_to_tensor(-1, dtype=dt.int32)
    if _state.graph is not None:  # (TF's wrapper converts the bound inside its scope)
        node = _state.graph.unique_name("EmptyTensorList", mark=False)
        most = _state.graph.capture(most, f"{node}/max_num_elements")
    return bind(EMPTY, (shape, most), {"element_dtype": dt.as_dtype(element_dtype)})


def tensor_list_length(handle: Tensor) -> Tensor:
    return bind(SIZE, (handle,), {})


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
        if flow is None:
            n = 0 if size is None else int(convert_to_tensor(size)._numpy()) \
                if not _symbolic(size) else _known_int(size)
            if n is None:  # a graph tensor known when the graph runs: the list's size then
                with name_scope(name or "TensorArrayV2") as scope:  # (TF's names)
                    _show_element_shape(RESERVE_DYNAMIC, self._shape_attr())
                    self._flow = bind(RESERVE_DYNAMIC, (_size_tensor(size),),
                                      {"element_dtype": self._dtype,
                                       "element_shape": self._shape_attr()}, scope)
            elif _state.graph is None:
                self._items = [None] * n
            else:
                with name_scope(name or "TensorArrayV2") as scope:
                    _show_element_shape(RESERVE, self._shape_attr())
                    self._flow = bind(RESERVE, (), {"num_elements": n,
                                                    "element_dtype": self._dtype,
                                                    "element_shape": self._shape_attr()}, scope)

    # -- internals ---------------------------------------------------------------------
    def _eager(self) -> bool:
        return self._flow is None

    def _flow_tensor(self) -> Tensor:
        if self._flow is None:
            # an eager array entering a graph: its current contents become a constant
            self._flow = _graph_const(tuple(None if t is None else t._arr for t in self._items))
        return self._flow

    def _with_flow(self, flow: Any) -> TensorArray:
        ta = TensorArray.__new__(TensorArray)
        ta.__dict__.update(self.__dict__)
        ta._flow = flow
        ta._items = []
        return ta

    def _shape_attr(self) -> Any:
        return self._element_shape._dims

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

    def _value(self, value: Any) -> Tensor:
        t = convert_to_tensor(value, dtype_hint=self._dtype) if not isinstance(value, Tensor) \
            else value
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
        t = self._value(value)
        self._merge_shape(t.shape)
        with name_scope(name or "TensorArrayV2Write"):
            flow = bind(SET_ITEM, (self._flow, _index(index), t),
                        {"dynamic": self._dynamic_size})
        return self._with_flow(flow)

    def read(self, index: Any, name: Any = None) -> Tensor:
        if self._eager():
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
            _show_element_shape(GET_ITEM, self._shape_attr())
            return bind(GET_ITEM, (self._flow, _index(index)),
                        {"dtype": self._dtype, "shape": self._shape_attr()})

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
            _show_element_shape(STACK, self._shape_attr())
            return bind(STACK, (self._flow,), {"dtype": self._dtype,
                                               "shape": self._shape_attr()})

    def gather(self, indices: Any, name: Any = None) -> Tensor:
        if self._eager():  # (TF's eager array indexes its Python list: no range check)
            idx = np.asarray(convert_to_tensor(indices)._numpy()).reshape(-1)
            return stack([self._item(int(i)) for i in idx])
        _show_element_shape(GATHER, self._shape_attr())
        return bind(GATHER, (self._flow, _indices(indices)),
                    {"dtype": self._dtype, "shape": self._shape_attr()}, name)

    def unstack(self, value: Any, name: Any = None) -> TensorArray:
        t = self._value(value)
        if t._shape is not None and len(t._shape) >= 1:
            self._merge_shape(t._shape[1:])
        if self._eager():
            parts = unstack(t) if t._shape[0] else []
            if len(parts) > len(self._items) and not self._dynamic_size and self._items:
                raise InvalidArgumentError(None, None, f"Tried to write to index "
                                                       f"{len(self._items)} but array is not "
                                                       f"resizeable and size is: "
                                                       f"{len(self._items)} ")
            self._items = list(parts) + self._items[len(parts):]
            return self
        with name_scope(name or "TensorArrayUnstack"):
            _show_element_shape(FROM_TENSOR, None if t._shape is None else t._shape[1:])
            return self._with_flow(bind(FROM_TENSOR, (t,), {}))

    def scatter(self, indices: Any, value: Any, name: Any = None) -> TensorArray:
        t = self._value(value)
        if t._shape is not None and len(t._shape) >= 1:
            self._merge_shape(t._shape[1:])
        if self._eager():
            idx = np.asarray(convert_to_tensor(indices)._numpy()).reshape(-1)
            for k, i in enumerate(idx):
                self.write(int(i), t[k])
            return self
        return self._with_flow(bind(SCATTER, (self._flow, convert_to_tensor(indices), t),
                                    {"dynamic": self._dynamic_size}))

    def concat(self, name: Any = None) -> Tensor:
        if self._eager():  # (TF's eager concat passes its name, None, on: no op name)
            return concat([self.read(i) for i in range(len(self._items))], 0, name=name)
        return bind(CONCAT, (self._flow,), {"dtype": self._dtype, "shape": self._shape_attr()},
                    name)

    def split(self, value: Any, lengths: Any, name: Any = None) -> TensorArray:
        t = self._value(value)
        if self._eager():  # TF's eager checks; the pieces replace the elements, any shapes
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
        lens = [int(x) for x in np.asarray(convert_to_tensor(lengths)._numpy()).reshape(-1)]
        ta = self
        for i, part in enumerate(split(t, lens, axis=0)):
            ta = ta.write(i, part)
        return ta

    def size(self, name: Any = None) -> Tensor:
        if self._eager():
            return EagerTensor(np.asarray(len(self._items), np.int32))
        return bind(SIZE, (self._flow,), {}, name)

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
        return EagerTensor(np.array(i, np.int32), dt.int32)
    return convert_to_tensor(i, dtype_hint=dt.int32)


def _indices(i: Any) -> Tensor:
    if isinstance(i, (list, tuple)) and all(
            isinstance(e, (int, np.integer)) and not isinstance(e, bool) for e in i):
        # (a constant the op converts, named after its argument: "TensorListGather/indices")
        return EagerTensor(np.array(i, np.int32).reshape(len(i)), dt.int32)
    return convert_to_tensor(i)


def _graph_const(value: tuple) -> Tensor:
    arr = np.empty((), dtype=object)
    arr[()] = value
    return _state.graph.constant(arr, dt.variant)


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
