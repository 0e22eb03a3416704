"""Reshaping without moving data: Reshape (tf.reshape), ExpandDims (tf.expand_dims),
Squeeze (tf.squeeze), and ReshapeLike, the gradients' reshape to another tensor's shape.

Sits in ops/ under array.py (which re-exports them from here), over reshape_shapes.py
(Reshape's static shape rule) and dynshape.py: a shape known only at run time inside a
graph is an extra input of Reshape. Graphs hold TF's nodes (Squeeze of its squeeze_dims,
ExpandDims of its dim); eagerly, expand_dims is the faster Reshape of the same values.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.py_conversion import failed_to_convert, op_input_refusal
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    as_int_tensor,
    graph_shape,
    is_symbolic,
    partial_value,
    runtime_attr,
    static_ints,
)
from eagerflow._src.ops.eager_errors import slow_inputs
from eagerflow._src.ops.graph_constants import as_input
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.reshape_shapes import reshape_infer as _reshape_infer
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.ops.wrapper_inputs import passed_raw

_rng = SampleRNG(1)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _reshape_kernel(xp: Any, x: Any, *dyn: Any, shape: tuple | None) -> Any:
    if dyn:
        shape = runtime_attr("Reshape", _reshape_infer, (x,), dyn, "shape", shape)
    try:
        return x.reshape(shape)  # (the method: np.reshape is three Python frames over it)
    except ValueError:  # an input whose size was unknown when traced: TF's error, not NumPy's
        shape = _reshape_infer(Spec(x), shape=shape)[0][0]  # (its -1 resolved as TF's)
        # an empty result with dims NumPy cannot describe ([2**62, 0]): TF's too-big error
        check_finite_size("Reshape", shape, dt.from_numpy(x.dtype))
        return x.reshape(shape)  # (an empty tensor's -1 beside a 0: NumPy's refusal)


def _reshape_rewrite(node: Any) -> Any:
    """A reshape to the input's own static shape is the input; a reshape of a reshape is
    one reshape (the simplify pass)."""
    x = node.inputs[0]
    if C.same_static_spec(x, node.outputs[0]):
        return x
    producer = getattr(x, "_op", None)
    if producer is not None and producer.op is RESHAPE:
        return (producer.inputs[0],) + tuple(node.inputs[1:]), dict(node.attrs)
    return None


RESHAPE = register(OpDef(
    "Reshape", _reshape_infer, _reshape_kernel,
    grad=lambda n, g: [reshape_like(g, n.inputs[0])] + [None] * (len(n.inputs) - 1),
    reference=lambda x, shape: np.array(x.ravel().tolist()).reshape(shape),
    samples=lambda: [
        Sample((_f64(2, 6),), {"shape": (3, -1)}),
        Sample((_f64(4),), {"shape": (2, 2)})],
    bad_samples=lambda: [BadSample((np.ones(4),), {"shape": (3,)}, InvalidArgumentError,
                                   "Input to reshape is a tensor with 4 values, but the requested "
                                   "shape has 3")],
    rewrite=_reshape_rewrite,
    host_inputs=(1,),  # (a shape given when it runs: TF's HostMemory("shape"))
))

def _reshape_like_infer(x: Any, like: Any) -> list:
    n, m = C.num_elements(x._shape), C.num_elements(like._shape)
    if n is not None and m is not None and n != m:
        raise C.fail("ReshapeLike", f"Input to reshape is a tensor with {n} values, but the "
                                    f"requested shape has {m}")
    return [(like._shape, x._dtype)]


RESHAPE_LIKE = register(OpDef(
    "ReshapeLike",  # reshape to another tensor's runtime shape (gradient helper)
    _reshape_like_infer,
    lambda xp, x, like: xp.reshape(x, like.shape),
    grad=lambda n, g: [reshape_like(g, n.inputs[0]), None],
    reference=lambda x, like: x.reshape(like.shape),
    samples=lambda: [Sample((_f64(6), np.zeros((2, 3))), grad_inputs=(0,))],
    tf=TFForm(export=lambda n, b: b.node("Reshape", [b.input(0), b.shape_of(1)])),
))


def reshape_like(x: Any, like: Any) -> Any:
    """`x` reshaped to `like`'s shape (the gradient of a reshape). In a graph, TF's
    Reshape gradient: to `Shape(like)` (a Const when known), or to a Const with -1 for the
    one dim not known; even to the shape it has, as TF's (the simplify pass drops that)."""
    if _state.graph is not None:
        dims = like._shape
        if dims is not None and dims.count(None) == 1 and 0 not in dims:
            return reshape(x, [-1 if d is None else d for d in dims])
        return reshape(x, shape(like))
    if x._shape == like._shape and like._shape is not None and None not in like._shape:
        return x
    if like._shape is not None and None not in like._shape:
        return bind(RESHAPE, (x,), {"shape": tuple(like._shape)})
    return bind(RESHAPE_LIKE, (x, like), {})


_TSHAPE = ("Reshape", "Tshape", "sizes input must be 1-D, not {shape}")


def _refuse_none_dims(shape: Any) -> None:
    """A shape list holding None (no dim TF can convert, -1 is "the rest"): TF's conversion
    error, eager (its ValueError) or while a graph is built (its TypeError)."""
    if _state.graph is None:
        convert_to_tensor(list(shape))
    raise failed_to_convert(shape)


@dispatchable
@binds_first
@slow_inputs("tensor", "shape")
def reshape(tensor: Any, shape: Any, name: str | None = None) -> Any:
    if isinstance(shape, (list, tuple)) and any(d is None for d in shape):
        _refuse_none_dims(shape)
    if _state.graph is not None and (refused := op_input_refusal("shape", shape)):
        raise refused
    if _state.graph is None:
        static, dyn = static_ints(shape, "shape", _TSHAPE, (tensor,)), ()
    elif type(shape) is int:  # (its Const is a scalar: the shape function refuses it)
        static, dyn = AV.int64_ranged(shape), ()
    else:
        static, dyn = graph_shape(shape, attr=_TSHAPE)
    return bind(RESHAPE, (_t(tensor),) + dyn, {"shape": static}, name)


def _expand_dims_infer(x: Any, axis: Any) -> list:
    if axis._dtype not in (dt.int32, dt.int64):
        raise C.fail("ExpandDims", f"Value for attr 'Tdim' of {axis._dtype.name} is not in the "
                                   "list of allowed values: int32, int64")
    if axis._shape is not None and C.num_elements(axis._shape) not in (None, 1):
        raise C.fail("ExpandDims", f"'dim' must be a tensor with a single value, got shape "
                                   f"{C.shape_str(axis._shape)}")
    a = partial_value(axis)
    a = a[0] if isinstance(a, list) and len(a) == 1 else a
    if x._shape is None or not isinstance(a, int):
        return [(None, x._dtype)]  # TF: unknown rank unless the axis folds
    r = len(x._shape)
    if not -r - 1 <= a <= r:
        raise C.fail("ExpandDims", f"Tried to expand dim index {a} for tensor with {r} "
                                   "dimensions.")
    a = a + r + 1 if a < 0 else a
    return [(tuple(x._shape[:a]) + (1,) + tuple(x._shape[a:]), x._dtype)]


def _expand_dims_kernel(xp: Any, x: Any, axis: Any) -> Any:
    a, r = int(to_host(axis).reshape(-1)[0]), x.ndim
    if not -r - 1 <= a <= r:
        raise C.fail("ExpandDims", f"Tried to expand dim index {a} for tensor with {r} "
                                   "dimensions.")
    return xp.expand_dims(x, a)


EXPAND_DIMS = register(OpDef(
    "ExpandDims", _expand_dims_infer, _expand_dims_kernel,
    host_inputs=(1,),  # TF's HostMemory("dim"): read without a device round trip
    grad=lambda n, g: [reshape_like(g, n.inputs[0]), None],
    reference=lambda x, axis: x.reshape(x.shape[:int(axis) % (x.ndim + 1)] + (1,) +
                                        x.shape[int(axis) % (x.ndim + 1):]),
    samples=lambda: [Sample((_f64(2, 3), np.int32(1)), grad_inputs=(0,)),
                     Sample((_f64(2, 3), np.int32(-1)), grad_inputs=(0,))],
    bad_samples=lambda: [BadSample((np.ones((2, 3)), np.int32(4)), {}, InvalidArgumentError,
                                   "Tried to expand dim index 4 for tensor with 2 dimensions.")],
))


def _eager_dim(axis: Any, input_: Any) -> int:
    """An eager axis that is no int, as ExpandDims reads its `dim` input (`input_`: its
    input as given): converted as its wrapper converts it, a tensor of type Tdim int32 or
    int64 holding one value (of any shape)."""
    if isinstance(axis, np.integer):
        return int(axis)
    v = wrapper_inputs.index_input("ExpandDims", axis, "Tdim", passed_raw(input_))
    v = v._numpy().reshape(-1)
    if v.size != 1:
        raise C.fail("ExpandDims", "'dim' must be a tensor with a single value")
    return int(v[0])


@dispatchable
@binds_first
@slow_inputs("input", "axis")
def expand_dims(input: Any, axis: Any, name: str | None = None) -> Any:  # noqa: A002
    x = as_input(input, "input")
    if _state.graph is not None:  # TF's graph: an ExpandDims node of its dim
        if (refused := op_input_refusal("dim", axis)) is not None:
            raise refused
        if not is_symbolic(axis):
            axis = AV.int_arg(axis, "axis")
        return bind(EXPAND_DIMS, (x, as_int_tensor(axis, "axis")), {}, name)
    if type(axis) is int:  # (TF's fast path wraps it to int32, its slow path keeps an int64)
        if not -2**31 <= axis < 2**31:
            axis = wrapper_inputs.int_index(axis, passed_raw(input))
    else:
        axis = _eager_dim(axis, input)
    if x._shape is None or None in x._shape:  # (a graph's tensor, outside its graph)
        return bind(EXPAND_DIMS, (x, as_int_tensor(axis, "axis")), {}, name)
    r = len(x._shape)
    if not -r - 1 <= axis <= r:
        raise InvalidArgumentError(None, None, f"Tried to expand dim index {axis} for tensor with "
                                               f"{r} dimensions. [Op:ExpandDims]")
    ax = axis + r + 1 if axis < 0 else axis  # eagerly: TF's values, by the fast Reshape
    return bind(RESHAPE, (x,), {"shape": x._shape[:ax] + (1,) + x._shape[ax:]}, name)


def _squeeze_infer(x: Any, squeeze_dims: tuple) -> list:
    """TF's checks: every dim in range first, then each one given of size 1 (where known
    while tracing); a dim unknown while tracing is taken as 1 where given, and with no dims given
    it may or may not be squeezed: TF's rank is unknown then."""
    C.int32_attr("Squeeze", "squeeze_dims", squeeze_dims)
    shape = x._shape
    if shape is None:
        return [(None, x._dtype)]
    r = len(shape)
    if not squeeze_dims:
        if None in shape:
            return [(None, x._dtype)]
        return [(tuple(d for d in shape if d != 1), x._dtype)]
    _check_dims_in_range(squeeze_dims, r)  # (graph/shape_errors.py words it as TF's)
    axes = {a % r for a in squeeze_dims}
    for a in sorted(axes):
        if shape[a] not in (1, None):
            raise C.fail("Squeeze", f"Can not squeeze dim[{a}], expected a dimension of 1, got "
                                    f"{shape[a]}")
    return [(tuple(d for i, d in enumerate(shape) if i not in axes), x._dtype)]


def _check_dims_in_range(squeeze_dims: tuple, r: int) -> None:
    """TF's kernel's check of the dims against the rank `r`: the last one out of range is
    the one its error names (squeeze(x, [1, 5, 2]) of a vector names 2)."""
    bad = [a for a in squeeze_dims if not -r <= a < r]
    if bad:
        raise C.fail("Squeeze", f"Tried to squeeze dim index {bad[-1]} for tensor with {r} "
                                "dimensions.")


def _squeeze_kernel(xp: Any, x: Any, squeeze_dims: tuple) -> Any:
    """TF's kernel: every dim in range first, then each one given of size 1."""
    r = x.ndim
    if not squeeze_dims:
        return xp.reshape(x, tuple(d for d in x.shape if d != 1))
    _check_dims_in_range(squeeze_dims, r)
    axes = {a % r for a in squeeze_dims}
    for a in sorted(axes):
        if x.shape[a] != 1:
            raise C.fail("Squeeze", f"Can not squeeze dim[{a}], expected a dimension of 1, got "
                                    f"{x.shape[a]}")
    return xp.reshape(x, tuple(d for i, d in enumerate(x.shape) if i not in axes))


SQUEEZE = register(OpDef(
    "Squeeze",  # squeeze_dims: the dims to squeeze, or () for every dim of 1 (TF's attr)
    _squeeze_infer, _squeeze_kernel,
    grad=lambda n, g: [reshape_like(g, n.inputs[0])],
    reference=lambda x, squeeze_dims: np.squeeze(x, tuple(squeeze_dims) or None),
    samples=lambda: [Sample((_f64(1, 3, 1),), {"squeeze_dims": ()}),
                     Sample((_f64(2, 1),), {"squeeze_dims": ()}),
                     Sample((_f64(2, 3, 1),), {"squeeze_dims": (-1,)}),
                     Sample((_f64(1, 3, 1),), {"squeeze_dims": (0, 2)})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)),), {"squeeze_dims": (-1,)}, InvalidArgumentError,
                  "Can not squeeze dim[1], expected a dimension of 1, got 3"),
        BadSample((np.ones((2, 1)),), {"squeeze_dims": (1, 5)}, InvalidArgumentError,
                  "Tried to squeeze dim index 5 for tensor with 2 dimensions.")],
    tf=TFForm(export=lambda n, b: b.node("Squeeze", [b.input(0)],
                                         {"squeeze_dims": list(n.attrs["squeeze_dims"])})),
))


@dispatchable
@binds_first
@slow_inputs("input", "axis:ints")
def squeeze(input: Any, axis: Any = None, name: str | None = None) -> Any:  # noqa: A002
    """TF's Squeeze op, as TF's graphs hold it (its dims checked as TF's shape function
    checks them while tracing, and by TF's kernel at run time)."""
    if isinstance(axis, np.ndarray) and passed_raw(input):  # (TF's slow path: any array)
        raise TypeError(f"Expected list for 'axis' argument to 'squeeze' Op, not {axis!r}.")
    x = as_input(input, "input")
    # (an eager tensor of no items along its first dimension is an empty sequence to TF's
    # fast path as well: no dims, every dim of size 1 squeezed)
    if axis is None or AV.empty_array(axis) or (
            axis.__class__ is EagerTensor and axis._shape and axis._shape[0] == 0):
        axes: tuple = ()
    else:
        # (TF's attr takes a list: a tensor or array of dims is refused, a graph's scalar too)
        if isinstance(axis, Tensor) and not (axis.__class__ is EagerTensor and
                                             axis._shape == ()) or \
                isinstance(axis, np.ndarray) and axis.ndim:
            raise TypeError(f"Expected list for 'axis' argument to 'squeeze' Op, not {axis!r}.")
        # (TF wraps a scalar, a string or a float too, in a list for the attr)
        axes = tuple(AV.make_int(a, "axis") for a in ((axis,) if np.isscalar(axis) else axis))
    return bind(SQUEEZE, (x,), {"squeeze_dims": axes}, name)
