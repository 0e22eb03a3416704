"""TensorStridedSliceUpdate (a tensor with one strided slice replaced) and the sliced
assignment of variables it makes: `v[1].assign(x)`, `v[:, ::2].assign(0.)`.

Sits after slicing.py, whose begin/end/strides vectors and masks it takes. TF gives a
variable's slice an `assign` (its ResourceStridedSliceAssign); here `v[key]` is the
slice read as before, with that `assign` attached to it (core/tensor.py keeps it beside
the tensor), and the assignment is the variable's value through TensorStridedSliceUpdate,
assigned back, as variable_scatter.py does for scatters. The value broadcasts into the
slice; errors are TF's, named by its op.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, attach, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind, bind_at
from eagerflow._src.ops.dynshape import Spec
from eagerflow._src.ops.eager_errors import plain
from eagerflow._src.ops.math import sum_to
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.registry import (
    BadSample,
    OpDef,
    Resource,
    Sample,
    SampleRNG,
    TFForm,
    register,
)
from eagerflow._src.ops.slicing import (
    _MASKS,
    DYN_STRIDED_SLICE,
    _dyn_infer,
    _dyn_spec,
    _numpy_key,
    _ss_infer,
    getitem,
    index_vectors,
    is_mask_key,
    key_vectors,
    masks_spec,
)
from eagerflow._src.ops.variables import _unread, op_variable, variable_of

_OP = "TensorStridedSliceUpdate"
_rng = SampleRNG(43)


def _renamed(op: str, was: str, f: Any, *args: Any) -> Any:
    """f(*args), its errors named by `op` where they name `was` (the checks are another
    op's: StridedSlice's, or this op's under the variable's op)."""
    try:
        return f(*args)
    except InvalidArgumentError as e:
        # (reworded by its bind, if it was one, as the op it stands for)
        raise C.fail(op, plain(e).message.removesuffix(f" [Op:{was}]")) from None


def _infer(x: Any, b: Any, e: Any, s: Any, value: Any, **masks: Any) -> list:
    _renamed(_OP, "StridedSlice", lambda: _dyn_infer(x, b, e, s, **masks))
    if value._dtype is not x._dtype:
        raise TypeError(f"Input 'value' of '{_OP}' Op has type {value._dtype.name} that does "
                        f"not match type {x._dtype.name} of argument 'input'.")
    return [(x._shape, x._dtype)]


def _kernel(xp: Any, x: Any, b: Any, e: Any, s: Any, value: Any, **masks: Any) -> Any:
    spec = _renamed(_OP, "StridedSlice", _dyn_spec, x, b, e, s, masks)
    target = _ss_infer(Spec(x), spec)[0][0]
    out = x.copy()
    if 0 not in target:  # (an empty slice takes any value, as TF's)
        filled = xp.broadcast_to(value.reshape(_fitted(value.shape, target)), target)
        # (one cell takes the value, not its 0-d array: a string array would hold that)
        out[_numpy_key(spec)] = filled if target else filled[()]
    return out


def _fitted(shape: tuple, target: tuple) -> tuple:
    """`shape` without the leading ones it has beyond `target`'s rank: TF broadcasts the
    value as its BCast does, whose result may have more (unit) dims than the slice."""
    try:
        full = np.broadcast_shapes(shape, target)
    except ValueError:
        full = None
    if full != (1,) * (len(full or ()) - len(target)) + tuple(target):
        raise C.fail(_OP, f"Cannot broadcast input shape {C.shape_str(shape)} into final "
                          f"shape {C.shape_str(target)}")
    return shape[max(len(shape) - len(target), 0):]


def _grad(n: Any, g: Any) -> list:
    """The slice's cells take no gradient to the input; the value takes the slice's,
    summed over what it was broadcast along."""
    x, b, e, s, value = n.inputs
    gx = bind(TENSOR_STRIDED_SLICE_UPDATE, (g, b, e, s, zeros_like(value)), dict(n.attrs))
    gv = bind(DYN_STRIDED_SLICE, (g, b, e, s), dict(n.attrs))
    return [gx, None, None, None, sum_to(gv, value)]


def _reference(x: np.ndarray, b: np.ndarray, e: np.ndarray, s: np.ndarray, value: np.ndarray,
               **masks: Any) -> np.ndarray:
    spec = masks_spec(*(tuple(int(v) for v in a) for a in (b, e, s)), masks)
    out = np.array(x.tolist(), dtype=x.dtype)
    key = _numpy_key(spec)
    if out[key].size:  # numpy's assignment broadcasts, once TF's extra unit dims are gone
        out[key] = value.reshape(value.shape[max(value.ndim - out[key].ndim, 0):])
    return out


def _i32(*v: int) -> np.ndarray:
    return np.array(v, np.int32)


def _samples() -> list:
    x = _rng.uniform(-2, 2, size=(4, 5))
    return [
        Sample((x, _i32(1, 0), _i32(3, 5), _i32(1, 2), _rng.uniform(-2, 2, size=(2, 3))), {},
               grad_inputs=(0, 4)),
        Sample((x, _i32(2), _i32(3), _i32(1), np.array(0.5)), {"shrink_axis_mask": 1},
               grad_inputs=(0, 4)),
        Sample((x, _i32(0, 4), _i32(0, 0), _i32(1, -2), _rng.uniform(-2, 2, size=(1, 3))),
               {"begin_mask": 1, "end_mask": 3, "new_axis_mask": 0}, grad_inputs=(0, 4)),
    ]


TENSOR_STRIDED_SLICE_UPDATE = register(OpDef(
    _OP, _infer, _kernel, grad=_grad, reference=_reference, samples=_samples,
    bad_samples=lambda: [
        BadSample((np.zeros((2, 3)), _i32(1), _i32(2), _i32(1), np.zeros(2)),
                  {"shrink_axis_mask": 1}, InvalidArgumentError,
                  "Cannot broadcast input shape [2] into final shape [3]"),
        BadSample((np.zeros((2, 3)), _i32(5), _i32(6), _i32(1), np.zeros(3)),
                  {"shrink_axis_mask": 1}, InvalidArgumentError,
                  "slice index 5 of dimension 0 out of bounds.")],
    host_inputs=(1, 2, 3),
))


def tensor_strided_slice_update(input: Any, begin: Any, end: Any, strides: Any,  # noqa: A002
                                value: Any, begin_mask: int = 0, end_mask: int = 0,
                                ellipsis_mask: int = 0, new_axis_mask: int = 0,
                                shrink_axis_mask: int = 0, name: str | None = None) -> Tensor:
    """`input` with its strided slice (tf.strided_slice's arguments) replaced by `value`."""
    x = convert_to_tensor(input)
    b, e, s = index_vectors(begin, end, strides)
    masks = dict(zip(_MASKS, (begin_mask, end_mask, ellipsis_mask, new_axis_mask,
                              shrink_axis_mask)))
    return bind(TENSOR_STRIDED_SLICE_UPDATE,
                (x, b, e, s, convert_to_tensor(value, dtype=x.dtype)), masks, name)


# -- a variable's sliced assignment ----------------------------------------------------

def variable_getitem(var: Any, key: Any) -> Tensor:
    """`var[key]`: the slice, which can be assigned to (`var[key].assign(x)`) as in TF; a
    boolean mask's rows cannot."""
    # (traced, read by the variable's own API first, as TF's Variable.__getitem__ reads it)
    out = getitem(var if _state.graph is None else var._api_read(), key)
    if not is_mask_key(key):
        attach(out, "assign", partial(_assign_slice, var, key, getattr(out, "_op", None)))
    return out


# -- ResourceStridedSliceAssign: a variable's slice replaced, on its handle --------------

_ASSIGN = "ResourceStridedSliceAssign"


def _var_of(x: Any) -> Any:
    return op_variable(x, _ASSIGN)


def _assign_infer(h: Any, b: Any, e: Any, s: Any, value: Any, **attrs: Any) -> list:
    var = _var_of(h)
    if var is not None:
        stand_in = _Stand(var.shape._dims, dt.as_dtype(var.dtype))
        masks = {k: v for k, v in attrs.items() if k in _MASKS}
        _renamed(_ASSIGN, _OP, partial(_infer, **masks), stand_in, b, e, s, value)
    return []


class _Stand:
    """The variable's value as `infer` reads a tensor (its shape and dtype)."""

    __slots__ = ("_shape", "_dtype")

    def __init__(self, shape: Any, dtype: Any) -> None:
        self._shape, self._dtype = shape, dtype


def _assign_kernel(xp: Any, h: Any, b: Any, e: Any, s: Any, value: Any, **attrs: Any) -> tuple:
    var = _var_of(h)
    # (TF's kernel runs where the variable lives: the slice is replaced there, the bounds
    # read on the host)
    place = D.lookup(var._device)
    masks = {k: v for k, v in attrs.items() if k in _MASKS}
    var._arr = _renamed(_ASSIGN, _OP, partial(_kernel, **masks), place.xp, var._arr,
                        to_host(b), to_host(e), to_host(s), D.to_device(value, place))
    return ()


def _assign_reference(v: np.ndarray, b: np.ndarray, e: np.ndarray, s: np.ndarray,
                      value: np.ndarray, **masks: Any) -> tuple:
    return (_reference(v, b, e, s, value, **{k: m for k, m in masks.items() if k in _MASKS}),)


def _assign_samples() -> list:
    return [Sample((Resource(x.inputs[0]),) + tuple(x.inputs[1:]), x.attrs, grad=False)
            for x in _samples()]


def _assign_export(node: Any, w: Any) -> list:
    w.node(_ASSIGN, [w.resource(node.inputs[0])] + [w.input(i) for i in range(1, 5)],
           dict(node.attrs), name=node.name)
    return []


def _assign_on(var: Any, rest: tuple, attrs: dict, name: str | None = None) -> Any:
    """ResourceStridedSliceAssign of `var` (bounds and value `rest`): eagerly on its handle
    where it lives (None); in a graph a node taking the variable (returned), its capture
    named as TF's."""
    graph = _state.graph
    if graph is None:
        bind_at(var._device, RESOURCE_STRIDED_SLICE_ASSIGN, (var.handle, *rest), attrs, name)
        return None
    ins = (var,) + tuple(graph.capture(x) for x in rest)
    graph.variable_map.setdefault(id(var), var)
    graph.add_op(RESOURCE_STRIDED_SLICE_ASSIGN, ins, attrs, name)
    node = graph.operations[-1]
    if getattr(graph, "building_function", False):
        graph._capture_resource(var, node, "ref")
    return node


def _assign_load(node: Any) -> list:
    """tf.raw_ops' call: on the variable its handle names (a traced one's node takes the
    variable, as TF's captures the handle), else on the handle as it is."""
    h, *rest = node.inputs
    var = variable_of(h)
    if var is not None:
        _assign_on(var, tuple(rest), dict(node.attrs))
    else:
        bind(RESOURCE_STRIDED_SLICE_ASSIGN, (h, *rest), dict(node.attrs))
    return []

RESOURCE_STRIDED_SLICE_ASSIGN = register(OpDef(
    _ASSIGN, _assign_infer, _assign_kernel, num_outputs=0, stateful=True, no_fold=True,
    host_inputs=(1, 2, 3), reference=_assign_reference, samples=_assign_samples,
    bad_samples=lambda: [
        BadSample((Resource(np.zeros((2, 3))), _i32(1), _i32(2), _i32(1), np.zeros(2)),
                  {"shrink_axis_mask": 1}, InvalidArgumentError,
                  "Cannot broadcast input shape [2] into final shape [3]"),
        BadSample((Resource(np.zeros((2, 3))), _i32(5), _i32(6), _i32(1), np.zeros(3)),
                  {"shrink_axis_mask": 1}, InvalidArgumentError,
                  "slice index 5 of dimension 0 out of bounds."),
        BadSample((np.ones(2, np.float32), _i32(0), _i32(1), _i32(1), np.ones(1, np.float32)),
                  {}, InvalidArgumentError,
                  "cannot compute ResourceStridedSliceAssign as input #0(zero-based) was "
                  "expected to be a resource tensor but is a float tensor")],
    tf=TFForm(load=_assign_load, export=_assign_export, takes_handles=True),
))


def _slice_bounds(read: Any) -> tuple | None:
    """The begin, end and strides of the slice's StridedSlice node `read`, where it was made
    in the graph being built: TF's assignment takes the slice's own (the same key's, no
    tensors of its own)."""
    ins = getattr(read, "tf_inputs", None)
    if not ins or len(ins) != 4 or getattr(read, "graph", None) is not _state.graph:
        return None
    return tuple(ins[1:])


def _assign_slice(var: Any, key: Any, read: Any, value: Any, name: str | None = None) -> Any:
    """TF's ResourceStridedSliceAssign of the slice `key` of `var`: eagerly on its handle, in
    a graph a node taking the variable, named "<the slice's read>/_assign" as TF's; returns
    the variable (read when used)."""
    begin, end, strides, masks = key_vectors(tuple(key) if isinstance(key, (list, tuple))
                                             else (key,))
    bounds = _slice_bounds(read) if read is not None and _state.graph is not None else None
    if bounds is not None:
        b, e, s = bounds
    elif _state.graph is None and _state.device != CPU_DEVICE:
        with D.placed_on(CPU_DEVICE):  # (the bounds are the kernel's host inputs: made there)
            b, e, s = index_vectors(begin, end, strides, widen=True)
    else:
        b, e, s = index_vectors(begin, end, strides, widen=True)
    if read is not None and _state.graph is not None and read.graph is _state.graph:
        name = name or f"{read.name}/_assign"
    value = convert_to_tensor(value, dtype=var.dtype)
    attrs = {"T": dt.as_dtype(var.dtype), "Index": b._dtype, **masks}
    node = _assign_on(var, (b, e, s, value), attrs, name)
    written = getattr(var, "_written_by", None)
    return written(node) if written is not None and node is not None else _unread(var)

