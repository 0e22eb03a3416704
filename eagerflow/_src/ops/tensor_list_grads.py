"""Gradient lists: the gradients of TensorLists, and the ops that make and read them.

Ops layer, under tensor_list_ops.py (TF's TensorList ops, whose gradients these are) and
tensor_array.py; the tape and the loops' gradients (autodiff/, control_flow/) add and
start them here. A gradient of a list is the list of its items' gradients, kept sparse: a
tuple of arrays, None where an item's gradient is zero (any other value, as a zeros_like
of a variant, is the all-zero list), so the gradient of a write is a read of the
gradient list, that of a stack an unstack, and so on.

TF's gradients of its list ops are list ops themselves (TensorListSetItem's a
TensorListSetItem of zeros and a TensorListGetItem; TensorListGetItem's a
TensorListSetItem into a TensorListReserve of the input's length; TensorListFromTensor's
a TensorListStack; a scatter's a TensorListGather; TensorListSplit's a TensorListConcat
and back). tensor_list_ops.py uses TF's op where its gradient sees only dense values or
whole lists: TensorListStack's is TensorListFromTensor, TensorListGather's
TensorListScatterV2, TensorListResize's TensorListResize. The others are the ops below,
named TensorListGrad*, which no TF graph has, because TF's ops cannot read these lists:
- the zero gradient here is the empty tuple, whatever the list's length, and an item no
  gradient reached is None: TF's TensorListGetItem, TensorListGather and TensorListStack
  refuse an index past the end ("Trying to access element 1 in a list with 0
  elements") and cannot make zeros for an item of unknown shape, where these ops take
  the zeros' shape from the forward value (`like`);
- gradient lists of different lengths add by padding the shorter (TensorListGradAdd, what
  a tape accumulating a flow's gradients calls); TF's AddN of lists refuses them
  ("Trying to add two lists of tensors with different lengths");
- an item of a gradient list may be a gradient list itself (a loop that carried a
  TensorArray keeps its flow's history), which no element_dtype of TF's can say.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import onto, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops import tensor_list_kernels as K
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.held_arrays import DeviceBox
from eagerflow._src.ops.registry import OpDef

__all__ = ["GRAD_READ", "add_gradient_lists", "empty_gradient_list"]


def items_of(flow: Any) -> tuple:
    """The items of a list value (a constant flow: a 0-d object array holding them)."""
    if isinstance(flow, np.ndarray):
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


def _grad_items(g: Any) -> tuple:
    g = items_of(g)
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
        i, v = int(i), items_of(v) if _is_list(v) else v
        if i >= len(items):
            items.extend([None] * (i + 1 - len(items)))
        items[i] = v if items[i] is None else _elem_add(items[i], v)  # read twice: both count
    return _variant(tuple(items))


def _grad_add(xp: Any, a: Any, b: Any) -> tuple:
    if isinstance(items_of(a), DeviceBox):  # (a box's gradients: summed its own way)
        return _variant(items_of(a).added(xp, items_of(b)))
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
    for a in items_of(flow):
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
    for a in items_of(flow):
        if a is None:
            k += 1
            continue
        v = g[k] if k < len(g) else None
        pieces.append(xp.zeros(a.shape, dtype=like.dtype) if v is None else onto(xp, v))
        k += 1
    return xp.concatenate(pieces, axis=0) if pieces else xp.zeros_like(like)


def _grad_unstack(xp: Any, d: Any) -> tuple:
    # (each row an array: `d[i]` of a vector of strings is a bare bytes object)
    return _variant(tuple(d[i, ...] for i in range(d.shape[0])))


# The gradient ops are linear in their list argument; their own gradients (second order)
# are the matching ops the other way round.
def _put_grad(node: Any, d: Any) -> list:
    idx, v = node.inputs
    back = GRAD_READ if idx._shape == () else GRAD_GATHER
    return [None, bind(back, (d, idx, v), {})]


GRAD_READ = OpDef("TensorListGradGetItem", lambda g, i, like: [(like._shape, like._dtype)],
                  _grad_read, grad=lambda node, d: [put(node.inputs[1], d), None, None],
                  host_inputs=(1,), **_LIST)
GRAD_CLEAR = OpDef("TensorListGradClear", lambda g, i: [_V], _grad_clear,
                   grad=lambda node, d: [bind(GRAD_CLEAR, (d, node.inputs[1]), {}), None],
                   host_inputs=(1,), **_LIST)
GRAD_PUT = OpDef("TensorListGradScatter", lambda i, v: [_V], _grad_put, grad=_put_grad,
                 host_inputs=(0,), **_LIST)
GRAD_ADD = OpDef("TensorListGradAdd", lambda a, b: [_V], _grad_add,
                 grad=lambda node, d: [d, d], **_LIST)
GRAD_GATHER = OpDef("TensorListGradGather", lambda g, i, like: [(like._shape, like._dtype)],
                    _grad_gather, grad=lambda node, d: [put(node.inputs[1], d), None, None],
                    host_inputs=(1,), **_LIST)
GRAD_JOIN = OpDef("TensorListGradConcat", lambda f, g, like: [(like._shape, like._dtype)],
                  _grad_join, grad=lambda node, d: [None, split(node.inputs[0], d), None],
                  **_LIST)
GRAD_SPLIT = OpDef("TensorListGradSplit", lambda f, g: [_V], _grad_split,
                   grad=lambda node, d: [None, bind(GRAD_JOIN, (node.inputs[0], d,
                                                                node.inputs[1]), {})],
                   **_LIST)
GRAD_STACK = OpDef("TensorListGradStack", lambda g, like: [(like._shape, like._dtype)],
                   lambda xp, g, like: _grad_gather(xp, g, np.arange(like.shape[0]), like),
                   grad=lambda node, d: [bind(GRAD_UNSTACK, (d,), {}), None], **_LIST)
# (GradStack's own gradient: the rows of a dense gradient as a gradient list)
GRAD_UNSTACK = OpDef("TensorListGradUnstack", lambda d: [_V], _grad_unstack,
                     grad=lambda node, g: [bind(GRAD_STACK, (g, node.inputs[0]), {})],
                     **_LIST)


def put(indices: Any, values: Any) -> Tensor:
    """The gradient list with `values` at `indices` (a read's gradient)."""
    return bind(GRAD_PUT, (indices, values), {})


def split(flow: Any, g: Any) -> Tensor:
    """The gradient list of a concat of `flow`'s items, whose gradient is `g`."""
    return bind(GRAD_SPLIT, (flow, g), {})


def graph_list(value: tuple) -> Tensor:
    """A constant of the graph being built holding the list `value`."""
    return _state.graph.constant(_variant(value), dt.variant)


def empty_gradient_list() -> Tensor:
    """The zero gradient of a TensorArray flow (inside a graph)."""
    return graph_list(())


def add_gradient_lists(a: Tensor, b: Tensor) -> Tensor:
    """The sum of two gradients of a TensorArray flow (a tape accumulating them), or of
    another variant that is a box (a CSR matrix: DeviceBox.added)."""
    return bind(GRAD_ADD, (a, b), {})
