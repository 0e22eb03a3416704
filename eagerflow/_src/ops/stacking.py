"""Stacking: the Pack and Unpack ops (tf.stack, tf.unstack), and nested lists of tensors
packed into one tensor.

Sits in ops/ right above math.py, below dynshape.py and array.py (a shape argument
holding graph tensors is packed with Pack). Core's Tensor protocol uses these through
hooks that operators.py installs: iterating over a tensor unstacks it, and a nested
list holding tensors converts to one tensor by stacking it level by level, as TF's
autopacking does. Eagerly the list's values mix tensors and numbers (the result takes
the first floating dtype); inside tf.function its symbolic elements have no values
yet, so the list is stacked with Pack ops, its dtype the one asked for, else that of
the first tensor in it (Python numbers take it; a tensor of another dtype is TF's
TypeError).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.py_conversion import check_elements, has_tensor, list_value_error
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, slow_path
from eagerflow._src.ops.elementwise import _adopt, _tensor_like
from eagerflow._src.ops.math_base import _t, cast, zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(7)
_pyrange = range


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def common_args(values: Any, op: str | None = None) -> tuple:
    """A list of tensors and Python values as tensors of one dtype: the first tensor's
    (Python values that don't fit it are a TypeError, as in TF; while a graph is built,
    TF's graph builder's naming each item's dtype, for the `values` of `op`)."""
    try:
        return _common_args(list(values))
    except (TypeError, ValueError) as e:
        if op is None or _state.graph is None:
            raise
        raise wrapper_inputs.list_type_error(op, "values", values, None, e) from None


def _common_args(values: list) -> tuple:
    first = next((v for v in values if _tensor_like(v)), None)
    if first is None:
        if not values:
            return ()
        first = convert_to_tensor(values[0])
        values[0] = first
    d = convert_to_tensor(first)._dtype
    return tuple(convert_to_tensor(v) if _tensor_like(v) else _adopt(v, d) for v in values)


# TF stacks any dtype; variant: lists of TensorLists (AutoGraph's staged lists)
_PACKABLE = C.ALL | C.COPYABLE_NARROW | {dt.variant}


def _pack_infer(*xs: Any, axis: int) -> list:
    if not xs:
        if _state.graph is None:  # TF's eager runtime finds no kernel for no values
            raise C.no_values_kernel("Pack", f"N=0, axis={axis}",
                                     'op: "Pack" device_type: "CPU" constraint { name: "T" '
                                     'allowed_values { list { type: DT_FLOAT8_E4M3FN } } }')
        raise ValueError("List argument 'values' to 'Pack' Op with length 0 shorter than "
                         "minimum length 1.")
    if xs[0]._dtype in dt.NARROW_DTYPES:  # (the node's words made only for a refusal)
        C.refuse_narrow("Pack", xs[0]._dtype, f"N={len(xs)}, T={C.dt_enum(xs[0]._dtype)}, "
                                              f"axis={axis}")
    d = C.same_dtype("Pack", xs, _PACKABLE)
    shape = xs[0]._shape
    for i, x in enumerate(xs[1:], 1):
        known = x._shape is not None and shape is not None and None not in x._shape \
            and None not in shape  # (a scalar's () is known: `() or (None,)` was not)
        if known and x._shape != shape:
            raise C.fail("Pack", f"Shapes of all inputs must match: values[0].shape = "
                                 f"{C.shape_str(shape)} != values[{i}].shape = "
                                 f"{C.shape_str(x._shape)}")
    if shape is None:
        return [(None, d)]
    ax = C.norm_axis("Pack", axis, len(shape), 1)
    return [(shape[:ax] + (len(xs),) + shape[ax:], d)]


PACK = register(OpDef(
    "Pack", _pack_infer, lambda xp, *xs, axis: xp.stack(xs, axis=axis),
    arity=lambda ins, attrs: {"N": len(ins)},
    grad=lambda n, g: list(unstack(g, num=len(n.inputs), axis=n.attrs["axis"])),
    reference=lambda *xs, axis: np.moveaxis(np.array([x.tolist() for x in xs]), 0, axis),
    samples=lambda: [Sample((_f64(2, 3), _f64(2, 3)), {"axis": 0}),
                     Sample((_f64(3), _f64(3)), {"axis": 1})],
    bad_samples=lambda: [BadSample((np.ones(2), np.ones(3)), {"axis": 0}, InvalidArgumentError,
                                   "Shapes of all inputs must match")],
    # dynshape: a vector stacked from scalars (shapes built from dims)
    fold=lambda node, value_of: [value_of(x) for x in node.inputs]
    if node.attrs.get("axis") == 0 else None, tf_const_fold=True, tf_shape_fold=True,
))


@dispatchable
@binds_first
def stack(values: Any, axis: int = 0, name: str = "stack") -> Any:
    if isinstance(axis, EagerTensor):
        bool(axis == 0)  # TF's stack tests `axis == 0` first: several values are ambiguous
    if _state.graph is not None and isinstance(values, (list, tuple)) and values and \
            (refused := list_value_error(values[0])) is not None:
        raise refused  # (TF converts the first value alone, for its shape, before Pack)
    if not isinstance(values, (list, tuple)):
        # TF's stack converts the values whole first along axis 0 (a tensor is itself, a
        # number its scalar); along another it reads the first value's shape (a scalar
        # tensor's StridedSlice error)
        if not C.is_graph_tensor(axis) and bool(axis == 0):
            try:
                return convert_to_tensor(values, name=name)
            except (TypeError, ValueError):
                pass
        elif isinstance(values, Tensor) and values._shape == ():
            values[0]
    if _state.graph is None and isinstance(values, (list, tuple)) and values and \
            not has_tensor(values) and not isinstance(axis, Tensor):
        whole = _python_values_first(values, axis, name)
        if whole is not None:
            return whole
    xs = common_args(values, "Pack")
    if not xs:
        # TF's stack converts the values whole first along axis 0 (none: a float32 [0], a
        # tensor of no rows itself); along another axis it reads the first one's shape:
        # Python's IndexError, a tensor's StridedSlice error
        if axis == 0:
            if isinstance(values, Tensor):
                return values
            return convert_to_tensor([], dtype=dt.float32, name=name)
        if isinstance(values, Tensor):
            values[0]
        raise IndexError(f"{type(values).__name__} index out of range")
    rank = xs[0].shape.rank
    if rank is not None and not C.is_graph_tensor(axis) and (
            axis < -rank - 1 or axis >= rank + 1):
        # TF's stack refuses the axis in Python, against the first value's rank, before
        # its Pack op sees the values (or their shapes' mismatch): None or a string is
        # these comparisons' TypeError
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank - 1}, {rank + 1})")
    if type(axis) is not int and not C.is_graph_tensor(axis):
        axis = AV.make_int(axis, "axis")  # (Pack's attr, as TF's wrapper takes it: 1.5 is 1)
    try:
        return bind(PACK, xs, {"axis": axis}, name)
    except OpError as e:
        if isinstance(values, (list, tuple)) and wrapper_inputs.passed_raw(*values):
            slow_path(e)  # (TF's Pack wrapper given Python lists: its slow path names none)
        raise
    except ValueError:  # shapes that do not merge, found while tracing
        if axis != 0 or _state.graph is None:
            raise
        # TF's stack along axis 0 first tries converting the list (a Pack of that name,
        # refused), so the Pack that TF's error names is the next name
        _state.graph.unique_name(name)
        return bind(PACK, xs, {"axis": axis}, name)


def _python_values_first(values: Any, axis: Any, name: str) -> Tensor | None:
    """TF's stack of a list of Python data, before its Pack: along axis 0 the list converted
    whole ([1, 2.5] is float32, as tf.constant's), returned; else (or where that fails,
    None) the first value converted alone for its rank, which the axis must fit."""
    if bool(axis == 0):
        try:
            return convert_to_tensor(values, name=name)
        except (TypeError, ValueError):
            return None
    rank = len(convert_to_tensor(values[0], name=name)._shape)
    if axis < -rank - 1 or axis >= rank + 1:  # (a tuple or None: these comparisons' TypeError)
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank - 1}, {rank + 1})")
    return None


def stack_nested(value: Any) -> Any:
    """A nested list mixing tensors and numbers, packed into one tensor."""
    if isinstance(value, (list, tuple)):
        parts = [stack_nested(v) for v in value]
        dtypes = [p._dtype for p in parts]
        target = next((d for d in dtypes if d.is_floating), dtypes[0]) if dtypes else dt.float32
        return stack([cast(p, target) for p in parts])
    return convert_to_tensor(value)


def _unpack_infer(x: Any, num: int, axis: int) -> list:
    if num == 0 and _state.graph is None:  # (TF's eager op of no outputs: nothing checked)
        return []
    if x._shape is None:
        raise ValueError("Cannot infer argument `num` from shape <unknown>")
    rank = len(x._shape)
    if not -rank <= axis < rank:  # (TF's kernel's words)
        raise C.fail("Unpack", f"axis = {axis} not in [{-rank}, {rank})")
    ax = axis % rank
    if x._shape[ax] is not None and x._shape[ax] != num:
        raise C.fail("Unpack", f"Input shape axis {ax} must equal {num}, got shape "
                               f"{C.shape_str(x._shape)}")
    out = x._shape[:ax] + x._shape[ax + 1:]
    return [(out, x._dtype)] * num


def _unpack_kernel(xp: Any, x: Any, num: int, axis: int) -> tuple:
    return tuple(xp.moveaxis(x, axis, 0)[i, ...] for i in _pyrange(num))


def _unpack_grad(n: Any, *gs: Any) -> list:
    gs = [g if g is not None else zeros_like(o) for g, o in zip(gs, n.outputs)]
    return [stack(gs, axis=n.attrs["axis"])]


UNPACK = register(OpDef(
    "Unpack", _unpack_infer, _unpack_kernel, grad=_unpack_grad,
    arity=lambda ins, attrs: {"num": attrs["num"]},
    reference=lambda x, num, axis: tuple(np.take(x, i, axis) for i in _pyrange(num)),
    samples=lambda: [Sample((_f64(3, 2),), {"num": 3, "axis": 0}),
                     Sample((_f64(2, 4),), {"num": 4, "axis": 1})],
    num_outputs=-1,
    # (TF's constant_value: of the first axis only, as the attr says it, not -rank)
    tf_const=lambda node, values: tuple(values[0]) if node.attrs["axis"] == 0 else None,
))


@dispatch_binding
@eager_api("num:int", "axis:int")
def unstack(value: Any, num: int | None = None, axis: int = 0, name: str = "unstack") -> list:
    x = _t(value)
    if x._shape is None:
        raise ValueError("Cannot infer argument `num` from shape <unknown>")
    rank = len(x._shape)
    # (TF's Python check, before the op: an axis None its comparison's TypeError)
    if num is None and (axis < -rank or axis >= rank):
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank}, {rank})")
    if num is None:  # (TF's Python reads the dim at the axis as given: a float refused)
        num = list(x._shape)[axis]
        if num is None:
            raise ValueError(f"Cannot infer argument `num` from shape {TensorShape(x._shape)}")
    AV.no_graph_attr(num, "num")
    num = AV.make_int(num, "num")  # (TF's op wrapper takes the attr with int(), before the axis)
    if num == 0 and _state.graph is None:  # (TF's eager Unpack of no outputs reads nothing)
        return []
    axis = AV.wrapper_attrs("Unpack", axis=axis)["axis"]  # (None: the op's default, 0)
    return list(bind_multi(UNPACK, (x,), {"num": num, "axis": axis}, num, name))


def bind_multi(op: OpDef, inputs: tuple, attrs: dict, n: int,
               name: str | None = None) -> tuple:
    """bind() for ops whose number of outputs depends on an attr (Unpack, Split)."""
    out = bind(op, inputs, attrs, name)
    return out if isinstance(out, tuple) else (out,) if n == 1 else out


# ---------------------------------------------------------------------------------------
# Autopacking: a list holding graph tensors (inside tf.function) as Pack ops.
# ---------------------------------------------------------------------------------------

def _first_dtype(value: Any) -> Any:
    """The dtype of the first tensor or variable met depth first (TF's autopacking dtype)."""
    if isinstance(value, (list, tuple)):
        for v in value:
            d = _first_dtype(v)
            if d is not None:
                return d
        return None
    if isinstance(value, Tensor):
        return value._dtype
    return value.dtype.base_dtype if hasattr(value, "_as_tensor") else None


def pack(value: Any, dtype: Any = None, name: str = "packed") -> Tensor:
    """A nested list holding tensors as one tensor, as TF's autopacking converts it: the
    dtype is the first tensor's; a requested dtype that differs casts every tensor (first,
    outside the "packed" scope, as TF's); each Python number or array converts to that
    dtype (TypeError when it cannot). In a graph its Pack is named `name` (what
    convert_to_tensor was given: "packed" by default)."""
    inferred = _first_dtype(value)
    target = dt.as_dtype(dtype) if dtype is not None else inferred
    return _pack(_cast_tensors(value, target) if target is not inferred else value, target,
                 name)


def _cast_tensors(value: Any, target: dt.DType) -> Any:
    if isinstance(value, (list, tuple)):
        return [_cast_tensors(v, target) for v in value]
    if hasattr(value, "_as_tensor"):
        value = value._as_tensor(None)
    if isinstance(value, Tensor) and value._dtype is not target:
        return cast(value, target)
    return value


def _pack(value: Any, target: Any, name: str = "packed") -> Tensor:
    if isinstance(value, (list, tuple)):
        g = _state.graph
        if g is None:
            # TF packs a list of tensors alone by its Pack named `name`; any other goes
            # through the `name` scope, empty eagerly (its errors name none), its nested
            # lists converted under their index
            if all(isinstance(v, Tensor) for v in value):
                return stack(list(value), name=name)
            return stack([_pack(v, target, str(i)) for i, v in enumerate(value)], name=None)
        # in a graph, as TF's autopacking names them: a "packed" Pack, its Python elements
        # Consts named by their index ("packed/1"), nested lists Packs in scopes ("packed/0")
        scope = g.unique_name(name)
        with name_scope(scope + "/"):
            parts = [_pack(v, target, str(i)) for i, v in enumerate(value)]
        return stack(parts, name=scope + "/")
    if hasattr(value, "_as_tensor"):
        value = value._as_tensor(None)
    if isinstance(value, Tensor):
        if value._dtype is target:
            return value
        if executing_eagerly():
            return value  # eager Pack refuses the mixed dtypes (InvalidArgumentError)
        raise TypeError(f"Cannot convert a list containing a tensor of dtype {value._dtype} to "
                        f"{target} (Tensor is: {value!r})")
    g = _state.graph
    if g is not None:  # (TF's graph constant of it: make_tensor_proto's check first)
        check_elements(value, target)
    t = convert_to_tensor(value, dtype=target)
    if g is not None and isinstance(t, EagerTensor):
        return g.constant(to_host(t._arr), t._dtype, name)
    return t
