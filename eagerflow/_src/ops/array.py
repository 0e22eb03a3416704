"""Array ops: creation, joining and splitting (tiling and broadcasting are tiling.py's).

Shape-valued arguments (`shape`, `perm`, `multiples`, ...) are attributes known when
the op is called (Python values, or eager tensors read once), as in TF's
constant-folded shape arguments. Inside graphs, one given as a symbolic tensor is an
extra input read at run time, and the attr holds what is known statically (dynshape.py).

Sits in ops/ right above math.py and dynshape.py, and over the families it re-exports
from their own modules (their old home): reshaping.py (reshape, expand_dims, squeeze),
shape_queries.py (shape, shape_n, rank), transposing.py and sequences.py (range,
linspace). Gradients here use only ops at this level or below: reductions back to an
input's shape are math's SumToShapeOf (sum_to), and slicing and indexing (StridedSlice,
`t[key]`, gather) live above, in slicing.py and indexing.py; ConcatV2's gradient in a
graph takes TF's Slice through GRAPH_SLICE, which slicing.py sets.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.py_conversion import (
    array_from_python,
    has_tensor,
    list_value_error,
    op_input_refusal,
    refuse_sampled_tensor,
)
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    sequence_tensor,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.concat_offset import CONCAT_OFFSET
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    check_runtime_arg,
    check_static,
    check_vector,
    constant_not_a_vector,
    graph_shape,
    is_symbolic,
    runtime_attr,
    runtime_ints,
    scalar_arg,
    shape_arg,
    static_ints,
    traced_arg,
)
from eagerflow._src.ops.eager_errors import (
    decorate,
    eager_api,
    raised_eagerly,
    slow_inputs,
    slow_path,
)
from eagerflow._src.ops.fill_checks import fill_minus_one, fill_ranks
from eagerflow._src.ops.graph_constants import (
    check_dims,
    convert_to_tensor_v2,
    graph_constant,
    list_type_error,
    scope_name,
)
from eagerflow._src.ops.math import (
    sum_to,
)
from eagerflow._src.ops.math_base import (
    GRAPH_LIKE,
    _t,
    ones_like,
    zeros_like,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.reshaping import (  # noqa: F401 (re-exported: their old home)
    expand_dims,
    reshape,
    reshape_like,
    squeeze,
)
from eagerflow._src.ops.sequences import (  # noqa: F401 (re-exported: their old home)
    RANGE,
    lin_space,
    linspace,
    range,  # noqa: A004
)
from eagerflow._src.ops.shape_queries import (  # noqa: F401 (re-exported: their old home)
    SHAPE,
    rank,
    shape,
    shape_n,
)
from eagerflow._src.ops.stacking import bind_multi, common_args
from eagerflow._src.ops.transposing import (  # noqa: F401 (re-exported: their old home)
    INVERT_PERMUTATION,
    TRANSPOSE,
    transpose,
)

_rng = SampleRNG(1)
_pyrange = builtins.range  # this module defines tf.range


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


# ---------------------------------------------------------------------------------------
# Creation.
# ---------------------------------------------------------------------------------------

def _fill_infer(value: Any, *dyn: Any, shape: tuple | None) -> list:
    if value._dtype in dt.NARROW_FLOATS:  # (TF's Fill has no float8 kernel; tf.zeros of
        # int4 works there, which eagerflow's zeros fills)
        C.refuse_narrow("Fill", value._dtype, f"T={C.dt_enum(value._dtype)}, "
                                              "index_type=DT_INT32", copies=False)
    if dyn:
        check_runtime_arg("Fill", dyn, "dims")
    if shape is None:  # a runtime shape of unknown length
        return [(None, value._dtype)]
    check_vector(_INDEX_TYPE, shape, scalar=True)
    if not isinstance(shape, tuple):  # (TF's Fill takes scalar dims as one dim)
        shape = (shape,)
    for d in shape:
        if d is not None and d < 0:
            raise C.fail("Fill", f"Dimension {d} must be >= 0")
    if value._shape not in ((), (1,), None):  # (TF's kernel takes a vector of one value)
        raise C.fail("Fill", f"value must represent a scalar, got shape "
                             f"{C.shape_str(value._shape)}")
    if None not in shape:
        check_finite_size("Fill", shape, value._dtype)
    return [(shape, value._dtype)]


def _fill_kernel(xp: Any, v: Any, *dyn: Any, shape: tuple | None) -> Any:
    if dyn:
        check_vector(_INDEX_TYPE, dyn[0], scalar=True)
        shape = runtime_attr("Fill", _fill_infer, (v,), dyn, "shape", shape)
    return xp.full(shape, v.reshape(()) if v.ndim else v, dtype=v.dtype)


FILL = register(OpDef(
    "Fill", _fill_infer, _fill_kernel,
    grad=lambda n, g: [sum_to(g, n.inputs[0])] + [None] * (len(n.inputs) - 1),
    reference=lambda v, shape: np.array([v.item()] * int(np.prod(shape)), v.dtype).reshape(shape),
    samples=lambda: [Sample((np.array(1.5),), {"shape": (2, 3)})],
    bad_samples=lambda: [BadSample((np.array(1.0),), {"shape": (-1,)}, InvalidArgumentError,
                                   "Dimension -1 must be >= 0")],
    fold=lambda n, value_of: _fill_fold(n, value_of), tf_const_fold=True,
    tf=TFForm(names={"shape": "dims"}),
    host_inputs=(1,),  # (dims given when they run: TF's HostMemory("dims"))
))


def _fill_fold(node: Any, value_of: Any) -> Any:
    """dynshape: a vector of one known value (tf.strided_slice's default strides, a
    ones_like of its begin) is known, as TF's shape inference evaluates it."""
    shape, v = node.attrs.get("shape"), value_of(node.inputs[0])
    if len(node.inputs) > 1 or shape is None or len(shape) != 1 or shape[0] is None or \
            shape[0] > 1024 or \
            not isinstance(v, int):
        return None
    return [v] * shape[0]


_INDEX_TYPE = ("Fill", "index_type", "dims must represent a vector, got shape {shape}")


@dispatchable
@binds_first
@eager_api("dims", "value")
def fill(dims: Any, value: Any, name: str | None = None, layout: Any = None) -> Any:
    C.no_layout("fill", layout)
    if _state.graph is None:
        shape = static_ints(dims, "dims", _INDEX_TYPE, (value,))
        if None in shape:  # TF converts the dims to a tensor: its error for None
            convert_to_tensor(dims, dtype=dt.int32)
        return bind(FILL, (_t(value),), {"shape": shape}, name)
    refused_list = list_type_error(dims) or op_input_refusal("dims", dims)  # (a None among
    if refused_list is not None:  # them: TF's graph constant's; ragged rows: its wrapper's)
        raise refused_list
    fill_ranks(dims, value, name)
    refused = constant_not_a_vector(dims)
    if refused is not None:
        return bind(FILL, (_t(value),), {"shape": refused}, name)
    static, dyn = graph_shape(dims, "dims", attr=_INDEX_TYPE)
    if dyn and (static is None or None in static) and \
            not isinstance(C.known(dyn[0]), Tensor):  # (TF's refiner folds it to check it)
        known = tuple(np.asarray(C.known(dyn[0])).reshape(-1).tolist())
        if -1 in known:
            raise fill_minus_one(dims, value, known, name)
    if static is not None and -1 in static:
        raise fill_minus_one(dims, value, static, name)
    return bind(FILL, (_t(value),) + dyn, {"shape": static}, name)


# fill itself, under @dispatchable and @eager_api: zeros and ones word its errors as theirs
_FILL_OP = fill.__wrapped__.__wrapped__


@eager_api()
def _fill(dims: Any, value: Any, layout: Any = None) -> Any:
    """fill as zeros and ones call it: TF converts their shape first, as int32 (no slow
    path: a string or a list of floats is its conversion's TypeError, not Fill's attr
    error), and their errors name no name (their name scope is empty eagerly). A 0-d integer
    array is a TensorShape's one dim to TF, as a NumPy integer (not cast to int32)."""
    if isinstance(dims, np.ndarray) and dims.ndim == 0 and dims.dtype.kind in "iu":
        dims = dims[()]
    elif isinstance(dims, np.ndarray) and dims.ndim >= 2 and not len(dims):
        # (TF's small-constant path: a TensorShape of the array's rows, none: a scalar)
        dims = []
    if type(dims) is int and not -2**31 <= dims < 2**31:  # (a TensorShape's dim: not
        # wrapped as fill's own int32 conversion wraps it; a negative one TensorShape
        # refuses, and TF converts it to int32 then, wrapping: -2**63 is 0)
        dims = [AV.int32_wrapped(dims) if dims < 0 else dims]
    elif isinstance(dims, (list, tuple)) and any(
            type(v) is int and not -2**31 <= v < 2**31 for v in dims) and any(
            type(v) is int and v < 0 for v in dims):
        # (TensorShape refuses a negative dim: TF converts the list to int32 then, wrapping)
        dims = [AV.int32_wrapped(v) if type(v) is int else v for v in dims]
    if isinstance(dims, (str, bytes)) or isinstance(dims, (list, tuple)) and \
            any(isinstance(v, (float, list, tuple, bool)) or _numpy_non_int(v) for v in dims):
        dims = convert_to_tensor(dims, dtype=dt.int32)  # (ints: nested ones' Fill's error)
    if layout is not None:
        _layout_shape(dims)
    return _FILL_OP(dims, value, layout=layout)


def _layout_shape(dims: Any) -> None:
    """TF makes the shape a tensor before fill reads a layout: a TensorShape of known dims
    (as one), else the value converted as int32 (None among them: its refusal)."""
    if isinstance(dims, Tensor):
        return
    try:
        if TensorShape(dims).is_fully_defined():
            return
    except (TypeError, ValueError):
        pass
    convert_to_tensor(dims, dtype=dt.int32)


def _numpy_non_int(v: Any) -> bool:
    """A NumPy scalar or 0-d array of no integer dtype (float16, bool, ...), or an array:
    a dim TF's conversion of the shape to int32 refuses, as it does a Python float (an
    integer array nests: Fill's error for dims of rank 2)."""
    return isinstance(v, (np.generic, np.ndarray)) and (v.dtype.kind not in "iu" or v.ndim > 0)


@dispatchable
@binds_first
def zeros(shape: Any, dtype: Any = dt.float32, name: str | None = None,
          layout: Any = None) -> Any:
    dtype = dt.as_dtype(dtype)
    zero = False if dtype is dt.bool else b"" if dtype is dt.string else 0
    if _state.graph is not None:
        C.no_layout("zeros", layout)
        return _graph_filled(shape, dtype, zero, name, "zeros")
    return _fill(shape, convert_to_tensor(zero, dtype=dtype), layout)


@dispatchable
@binds_first
def ones(shape: Any, dtype: Any = dt.float32, name: str | None = None,
         layout: Any = None) -> Any:
    dtype = dt.as_dtype(dtype)
    one = True if dtype is dt.bool else 1
    if _state.graph is not None:
        C.no_layout("ones", layout)
        return _graph_filled(shape, dtype, one, name, "ones")
    return _fill(shape, convert_to_tensor(one, dtype=dtype), layout)


def _graph_filled(shape: Any, dtype: dt.DType, value: Any, name: str | None,
                  default: str) -> Any:
    """tf.zeros / tf.ones while a graph is built, as TF builds them in their name scope:
    a Const of a static shape under 1000 elements, else a Fill of the shape (a
    "shape_as_tensor" Const, a packed list, or the tensor given) by a scalar Const."""
    scope = scope_name(name, default)
    with name_scope(scope + "/"):
        dims = shape
        if not isinstance(shape, Tensor):
            static = _static_dims(shape)
            if static is None:  # a list holding tensors (packed) or a None (TF's error)
                dims = convert_to_tensor_v2(shape, dtype=dt.int32)
            elif any(d < 0 for d in static):  # (TF's shape tensor then: Fill refuses it)
                dims = graph_constant(shape, dt.int32)
            else:
                if not isinstance(shape, (int, np.integer)) and _pymath_prod(static) < 1000:
                    return graph_constant(value, dtype, static, scope + "/")
                wide = any(d >= 2**31 for d in static)
                dims = graph_constant(static, dt.int64 if wide else dt.int32,
                                      name="shape_as_tensor")
        if getattr(dims, "_shape", None) == ():
            dims = reshape(dims, [-1])
        return fill(dims, graph_constant(value, dtype), name=scope + "/")


def _graph_like(input: Any, dtype: Any, name: str | None, op: OpDef,  # noqa: A002
                layout: Any = None) -> Any:
    """tf.zeros_like / tf.ones_like (`op`: ZerosLike / OnesLike) while a graph is built,
    in TF's name scope: tf.zeros / tf.ones of a static shape, else of the input's Shape
    when another dtype is asked, else the op itself. (Eagerly, only for another dtype:
    tf.zeros / tf.ones of the input's shape, given the `layout`.)"""
    fn, default = (zeros, "zeros_like") if op.name == "ZerosLike" else (ones, "ones_like")
    if _state.graph is None:
        return fn(input._shape, dt.as_dtype(dtype), layout=layout)
    scope = scope_name(name, default)
    with name_scope(scope + "/"):
        if not isinstance(input, Tensor) and not hasattr(input, "_as_tensor"):
            input = convert_to_tensor_v2(input, name="tensor")  # noqa: A001
        want = None if dtype is None else dt.as_dtype(dtype)
        d = dt.as_dtype(input.dtype)
        static = input.shape
        if static.is_fully_defined() and d is not dt.variant:
            return fn(static, want or d, name=scope + "/")
        if want not in (None, d, dt.variant):
            return fn(shape(input, name="Shape"), want, name=scope + "/")
        return bind(op, (_t(input),), {}, scope + "/")


GRAPH_LIKE.append(_graph_like)


def ones_like_filled(x: Any) -> Any:
    """Ones shaped as `x` as TF's gradient functions and methods make them (array_ops'
    ones_like): in a graph a Fill of x's shape ("ones_like/Shape/shape_as_tensor", a
    constant, where known, else its Shape) by "ones_like/Const", shaped as x statically;
    eagerly OnesLike."""
    if _state.graph is None:
        return ones_like(x)
    with name_scope("ones_like") as scope:
        dims = constant(x.shape.as_list(), dt.int32, name="Shape/shape_as_tensor") \
            if x.shape.is_fully_defined() else shape(x, name="Shape")
        one = constant(1, x.dtype)
    out = fill(dims, one, name=scope)
    out.set_shape(x.shape)
    return out


def _static_dims(shape: Any) -> list | None:
    """A shape argument's dims as Python ints, or None when it holds tensors."""
    if isinstance(shape, TensorShape):
        return list(static_ints(shape))
    if isinstance(shape, (int, np.integer)):
        return [int(shape)]
    try:
        out = [int(d) for d in np.asarray(shape).reshape(-1)] if isinstance(
            shape, np.ndarray) else [int(d) for d in shape]
    except (TypeError, ValueError):
        return None
    return out


def constant(value: Any, dtype: Any = None, shape: Any = None, name: str = "Const") -> Any:
    """tf.constant: a tensor from Python or NumPy data (broadcast to `shape` if given);
    while a graph is built (a tf.function's trace, a tf.Graph), a Const node of it."""
    if _state.graph is not None:
        return graph_constant(value, dtype, shape, name)
    if type(value) is list and dtype is None and shape is None:  # the common case, short
        return EagerTensor(array_from_python(value))
    refuse_sampled_tensor(value)  # (TF's conversion of a list packs no tensors it holds)
    if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
        t = convert_to_tensor(value)
        if dtype is not None:
            try:
                want = dt.as_dtype(dtype)
            except TypeError:  # (TF compares the dtypes: no dtype equals what is none)
                want = dtype
            if t._dtype is not want:
                raise TypeError(f"Expected tensor {t} with dtype {want!r}, but got dtype "
                                f"{t._dtype!r}.")
    elif isinstance(value, (list, tuple)):
        t = sequence_tensor(value, dtype)  # (TF's sequence conversion: no autopacking)
    elif isinstance(value, TensorShape):  # (a sequence of its dims here, not converted by
        if value.rank is None:            # TF's function for shapes: any dtype, no None)
            raise ValueError("ValueError: Cannot take the length of shape with unknown rank.")
        t = sequence_tensor(value.as_list(), dtype)
    else:
        t = convert_to_tensor(value, dtype=dtype)
    if shape is not None:
        if isinstance(shape, EagerTensor) and len(shape._shape) > 1:
            TensorShape(shape)  # (TF's as_shape of it: its items no dims, its TypeError)
        shape = static_ints(shape)
        check_dims(shape)
        n = _pymath_prod(shape)
        size = _pymath_prod(t._shape)
        if size == 1:
            return fill(shape, reshape(t, ()))
        if size != n:
            raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor "
                            f"{t} (converted from {value!r}) has {size} elements, but got "
                            f"`shape` {TensorShape(shape)} with {n} elements).")
        return reshape(t, shape)
    return t


def _pymath_prod(shape: Any) -> int:
    return math.prod(shape)  # Python ints: no silent int64 wrap-around


# ---------------------------------------------------------------------------------------
# Joining and splitting.
# ---------------------------------------------------------------------------------------

def _concat_infer(*xs: Any, axis: int | None) -> list:
    return concat_checks("ConcatV2", xs, axis)


def _concat_no_values(tidx: str) -> InvalidArgumentError:
    """TF's eager error for ConcatV2 of no values (its axis of dtype enum `tidx`)."""
    return C.no_values_kernel("ConcatV2", f"N=0, Tidx={tidx}",
                              'op: "ConcatV2" device_type: "CPU" constraint { name: "T" '
                              'allowed_values { list { type: DT_QINT32 } } } '
                              'host_memory_arg: "axis"')


def concat_checks(op: str, xs: tuple, axis: int | None) -> list:
    """ConcatV2's checks and output spec, in the words of `op` (TF's older Concat's too)."""
    if len(xs) < (2 if axis is None else 1):
        if _state.graph is None:  # TF's eager runtime finds no kernel for no values
            raise _concat_no_values(C.dt_enum(xs[-1]._dtype) if axis is None else "DT_INT32")
        raise ValueError(f"List argument 'values' to '{op}' Op with length 0 shorter than "
                         "minimum length 2.")
    if axis is None:  # the last input is the axis, read at run time: TF knows the rank only
        return _concat_runtime_infer(xs[:-1], xs[-1])
    if type(axis) is tuple:  # (a raw op's or an imported node's tensor of another rank)
        axis = _one_axis(axis)
    if xs[0]._dtype in dt.NARROW_DTYPES:  # (the node's words made only for a refusal)
        C.refuse_narrow(op, xs[0]._dtype,
                        f"N={len(xs)}, T={C.dt_enum(xs[0]._dtype)}, Tidx=DT_INT32")
    d = C.same_dtype(op, xs, C.ALL | C.QUANTIZED | C.COPYABLE_NARROW)
    known = [x for x in xs if x._shape is not None]
    if not known:
        return [(None, d)]
    r = len(known[0]._shape)
    _concat_ranks(op, xs, axis, r)
    ax = axis % r
    out = list(next(x._shape for x in xs if x._shape is not None))
    total = 0
    for i, x in enumerate(xs):
        if x._shape is None:  # (an input of unknown rank says nothing of the others)
            total = None
            continue
        for k in _pyrange(r):
            if k == ax:
                continue
            if out[k] is None:
                out[k] = x._shape[k]
            elif x._shape[k] is not None and x._shape[k] != out[k]:
                raise C.fail(op, f"ConcatOp : Dimension {k} in both shapes must be equal: "
                                 f"shape[0] = {C.shape_str(xs[0]._shape)} vs. shape[{i}] = "
                                 f"{C.shape_str(x._shape)}")
        total = None if total is None or x._shape[ax] is None else total + x._shape[ax]
    out[ax] = total
    return [(tuple(out), d)]


def _concat_ranks(op: str, xs: tuple, axis: int, r: int) -> None:
    """TF's kernel's order: the axis against the first input's rank `r` (a scalar's axis 0
    let through), then each input in turn a scalar, or of another rank than the first."""
    if not (-r <= axis < r or r == 0 and axis == 0):
        raise C.fail(op, f"ConcatOp : Expected concatenating dimensions in the range "
                         f"[{-r}, {r}), but got {axis}")
    for i, x in enumerate(xs):
        if x._shape is None:
            continue
        if not x._shape:
            raise C.fail(op, "ConcatOp : Can't concatenate scalars (use tf.stack instead)")
        if len(x._shape) != r:
            raise C.fail(op, "ConcatOp : Ranks of all input tensors should match: shape[0] = "
                             f"{C.shape_str(xs[0]._shape)} vs. shape[{i}] = "
                             f"{C.shape_str(x._shape)}")


def _concat_runtime_infer(xs: tuple, axis: Any) -> list:
    d = C.same_dtype("ConcatV2", xs, C.ALL | C.QUANTIZED)
    if axis._dtype not in (dt.int32, dt.int64) or axis._shape not in ((), None):
        raise C.fail("ConcatV2", f"axis must be an int32/int64 scalar, got "
                                 f"{axis._dtype.name} {C.shape_str(axis._shape)}")
    ranks = {len(x._shape) for x in xs if x._shape is not None}
    if len(ranks) > 1:
        _concat_infer(*xs, axis=0)  # TF's rank mismatch error
    return [(None if not ranks else (None,) * ranks.pop(), d)]


def _one_axis(axis: tuple) -> int:
    """ConcatV2's axis given as a tensor that is no scalar: its one value (TF's kernel takes
    a vector of one), else TF's refusal."""
    if np.shape(axis) != (1,):
        raise C.fail("ConcatV2", f"axis tensor should be a scalar integer, but got shape "
                                 f"{C.shape_str(np.shape(axis))}")
    return axis[0]


def _concat_kernel(xp: Any, *xs: Any, axis: int | None) -> Any:
    if axis is None:
        xs, axis = xs[:-1], int(xs[-1].reshape(-1)[0])
        _concat_infer(*map(Spec, xs), axis=axis)  # validates the runtime value
    elif type(axis) is tuple:
        axis = _one_axis(axis)
    return xp.concatenate(xs, axis=axis)


# TF's Slice, set by slicing.py (above this module): ConcatV2's gradient in a graph slices
# each input's part out of the output gradient
GRAPH_SLICE: list = [None]


# ConcatV2's gradient of an IndexedSlices (TF's keeps its form), set by indexing.py (above
# this module, with gather and IndexedSlices)
SLICES_GRAD: list = [None]


def _concat_grad(n: Any, g: Any) -> list:
    if not isinstance(g, Tensor):  # an IndexedSlices: CONCAT takes them (grad_slices)
        return SLICES_GRAD[0](n, g)
    if _state.graph is not None:
        return _graph_concat_grad(n, g)
    # eagerly, as TF's: one split by the inputs' sizes
    ax = n.attrs["axis"]
    ax = _one_axis(ax) if type(ax) is tuple else ax
    if ax is None:  # (the axis is the last input, bound so: raw ops, replayed graphs)
        xs, ax = n.inputs[:-1], int(n.inputs[-1].numpy())
        return list(split(g, [x._shape[ax] for x in xs], axis=ax)) + [None]
    return list(split(g, [x._shape[ax] for x in n.inputs], axis=ax))


def _graph_concat_grad(n: Any, g: Any) -> list:
    """ConcatV2's gradient as TF's graph builds it: the forward's axis tensor made
    non-negative (FloorMod by the first input's Rank), the inputs' shapes, their
    ConcatOffset, and a Slice of g per input at its offset. (TF's splits g by the sizes
    instead when there are more than 16 inputs: here it slices them all the same.)"""
    runtime_axis = n.attrs["axis"] is None  # (the last input: no gradient reaches it)
    xs = n.inputs[:-1] if runtime_axis else n.inputs
    axis = n.inputs[-1] if runtime_axis else traced_arg(n, len(xs), None)
    if axis is None:
        axis = convert_to_tensor(n.attrs["axis"], dtype=dt.int32)
    axis = axis % rank(xs[0])
    sizes = _input_shapes(xs)
    offsets = bind(CONCAT_OFFSET, (axis,) + tuple(sizes), {})
    grads = [GRAPH_SLICE[0](g, at, size) for at, size in zip(offsets, sizes)]
    return grads + [None] if runtime_axis else grads


def _input_shapes(xs: tuple) -> list:
    """The shapes of `xs` as TF's concat gradient takes them: each one's Const while all
    are known; else, from the first that is not (whose Shape op stays, unused), one ShapeN
    of them all."""
    sizes = []
    for x in xs:
        s = shape(x)
        if x._shape is None or None in x._shape:
            return list(shape_n(xs))
        sizes.append(s)
    return sizes


def _concat_fold(node: Any, value_of: Any) -> Any:
    """dynshape: vectors joined end to end (shapes built with tf.concat)."""
    if node.attrs.get("axis") not in (0, -1):
        return None
    parts = [value_of(x) for x in node.inputs]
    if all(isinstance(p, list) for p in parts):
        return [d for p in parts for d in p]
    return None


CONCAT = register(OpDef(
    "ConcatV2", _concat_infer, _concat_kernel,
    grad=_concat_grad, grad_slices=True,
    # (an axis given as a tensor is the last input)
    arity=lambda ins, attrs: {"N": len(ins) - (attrs.get("axis") is None)},
    reference=lambda *xs, axis: np.array(np.concatenate([np.array(x.tolist()) for x in xs], axis)),
    samples=lambda: [Sample((_f64(2, 3), _f64(2, 1)), {"axis": 1}),
                     Sample((_f64(1, 3), _f64(2, 3), _f64(1, 3)), {"axis": -2})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)), np.ones((3, 3))), {"axis": 1}, InvalidArgumentError,
                  "Dimension 0 in both shapes must be equal")],
    fold=_concat_fold, tf_const_fold=True, tf_shape_fold=True,
))


@dispatchable
@binds_first
@slow_inputs("values[]", "axis")
def concat(values: Any, axis: Any, name: str = "concat") -> Any:
    graph = _state.graph
    if graph is not None and isinstance(values, (list, tuple)) and any(
            isinstance(v, (list, tuple)) and is_symbolic(v) for v in values):
        # a list holding graph tensors is packed as TF's op wrapper converts it, inside
        # the node's scope: "concat/values_1"
        with name_scope(graph.unique_name(name, mark=False) + "/"):
            values = [convert_to_tensor(v, name=f"values_{k}")
                      if isinstance(v, (list, tuple)) and is_symbolic(v) else v
                      for k, v in enumerate(values)]
    if not isinstance(values, (list, tuple)):  # (TF's: one tensor is a list of one)
        values = [values]
    xs = common_args(values, "ConcatV2")
    if not xs:
        if _state.graph is None:  # (TF's eager runtime finds no kernel for no values)
            raise raised_eagerly(_concat_no_values("DT_INT32"), name)
        raise ValueError("List argument 'values' to 'ConcatV2' Op with length 0 shorter than "
                         "minimum length 2.")
    if len(xs) == 1:
        # (TF checks the axis it will not use: an int32 scalar, from an int past int64 the
        # conversion's ValueError)
        if type(axis) is not int or not -2**63 <= axis < 2**63:
            convert_to_tensor(axis, dt.int32, name="concat_dim").shape.assert_has_rank(0)
        return xs[0]
    if _state.graph is not None:
        axis, dyn = scalar_arg(axis, "axis")
    else:
        axis, dyn = ((axis if -2**31 <= axis < 2**31 else wrapper_inputs.int_index(axis))
                     if type(axis) is int else _eager_concat_axis(
            axis, name, len(xs), wrapper_inputs.passed_raw(*values))), ()
    if dyn:  # an axis known at run time: the last input
        return bind(CONCAT, xs + dyn, {"axis": None}, name)
    return bind(CONCAT, xs, {"axis": axis}, name)


def _eager_concat_axis(axis: Any, name: str, n: int, slow: bool) -> int:
    """An eager axis that is no Python int, as ConcatV2 (of `n` values) reads its input: an
    int32 (or int64) scalar, or a vector of one value (`slow`: a value given as a Python
    list sends TF's wrapper down its slow path, where a float axis is Tidx's refusal)."""
    try:
        t = wrapper_inputs.index_input("ConcatV2", axis, "Tidx", slow)
        if t._shape != () and t._shape != (1,):
            raise C.fail("ConcatV2", f"axis tensor should be a scalar integer, but got shape "
                                     f"{C.shape_str(t._shape)}")
    except InvalidArgumentError as e:
        raise raised_eagerly(e, name, {"N": n}) from None
    return int(t._numpy().reshape(-1)[0])


def _split_dim(op: str, axis: int, ndim: int) -> int:
    """A split's axis in [-ndim, ndim), non-negative, or TF's Split/SplitV kernel error."""
    if not -ndim <= axis < ndim:
        raise C.fail(op, f"-input rank(-{ndim}) <= split_dim < input rank ({ndim}), but got "
                         f"{axis}")
    return axis % ndim


def _kernel_sizes(sizes: tuple, dim: int) -> tuple:
    """TF's SplitV kernel's sizes along an axis of `dim`: one output must be the whole
    axis (a -1 too); else at most one -1, standing for the rest, the others summing to
    the axis (to at most it with a -1), and none negative then, checked in that order."""
    if len(sizes) == 1:
        if sizes[0] != dim:
            raise C.fail("SplitV", f"If there is only one output, it must have the same size "
                                   f"as the input. Input size: {dim} output size: {sizes[0]}")
        return sizes
    if sizes.count(-1) > 1:
        raise C.fail("SplitV", "There can only be one -1 in the input.")
    known = sum(v for v in sizes if v != -1)
    if (known != dim) if -1 not in sizes else (known > dim):
        raise C.fail("SplitV", f"Determined shape must either match input shape along split_dim "
                               f"exactly if fully specified, or be less than the size of the "
                               f"input along split_dim if not fully specified.  Got: {known}")
    out = tuple(dim - known if v == -1 else v for v in sizes)
    for i, v in enumerate(out):
        if v < 0:
            raise C.fail("SplitV", f"Split size at index {i} must be >= 0. Got: {v}")
    return out


def _shape_fn_sizes(sizes: tuple, dim: int | None) -> tuple:
    """TF's SplitV shape function's output sizes (None: unknown) along an axis of `dim`
    (None: unknown), its errors in its order: a second -1, a size below 0 (a -1 made
    negative by the rest too), sizes that do not fill the axis."""
    if sizes.count(-1) > 1:
        raise C.fail("SplitV", "size_splits can only have one -1")
    known = sum(v for v in sizes if v != -1)
    out = []
    for i, v in enumerate(sizes):
        if v == -1 and dim is not None:
            v = dim - known
        if v < -1 or (v == -1 and dim is not None):
            raise C.fail("SplitV", f"Split size at index {i} must be >= 0. Got: {v}")
        out.append(None if v == -1 else v)
    if dim is not None and ((known > dim) if -1 in sizes else (known != dim)):
        raise C.fail("SplitV", f"can't split axis of size {dim} into pieces of size "
                               f"[{','.join(map(str, sizes))}]")
    return tuple(out)


def _check_count(sizes: tuple, num_split: int | None) -> None:
    """SplitV's refusal of sizes that are not `num_split` (when set), its outputs' count:
    its shape function's words in a graph, else its kernel's."""
    if num_split is not None and num_split != len(sizes):
        raise C.fail("SplitV", "Length of size_splits should be equal to num_outputs"
                     if _state.graph is not None else "size of the split_tensor must be 1-D "
                     f"and have the same elements as outputs got 1 -D and {len(sizes)} "
                     "elements")


def _split_infer(x: Any, *dyn: Any, sizes: tuple, axis: int,
                 num_split: int | None = None) -> list:
    """SplitV's parts (`num_split`: tf.split's `num`, set only where it is not the count of
    `sizes`: TF's outputs are counted by it, and its kernel or shape function refuses)."""
    if not isinstance(sizes, (tuple, list)):  # (an internal call's mistake)
        raise TypeError(f"SplitV's sizes must be a list of ints, got {sizes!r}")
    if num_split is not None:  # (TF's attr check, before the op's own)
        C.attr_at_least("SplitV", "num_split", num_split, 1)
    _check_count(sizes, num_split)
    if dyn:
        check_runtime_arg("SplitV", dyn, "size_splits")
    if x._shape is None:
        return [(None, x._dtype)] * len(sizes)
    ax = _split_dim("SplitV", axis, len(x._shape))
    dim = x._shape[ax]
    if dyn:  # runtime sizes: what is known of them (-1: the rest, unknown while tracing)
        if any(s is not None and s < -1 for s in sizes):
            raise C.fail("SplitV", f"Split sizes must be non-negative, got {list(sizes)}")
        return [(x._shape[:ax] + (None if s in (None, -1) else s,) + x._shape[ax + 1:],
                 x._dtype) for s in sizes]
    # (eagerly the kernel's checks; a graph's are its shape function's, as TF's)
    got = _kernel_sizes(sizes, dim) if _state.graph is None and dim is not None else \
        _shape_fn_sizes(sizes, dim)
    return [(x._shape[:ax] + (s,) + x._shape[ax + 1:], x._dtype) for s in got]


def _split_kernel(xp: Any, x: Any, *dyn: Any, sizes: tuple, axis: int,
                  num_split: int | None = None) -> tuple:
    _check_count(sizes, num_split)
    if dyn:  # runtime sizes, one of them may be -1 (the rest), checked as static ones are
        static, sizes = sizes, runtime_ints(dyn[0])
        check_static("SplitV", "size_splits", static, sizes)
        if sizes.count(-1) == 1:
            rest = x.shape[axis] - sum(s for s in sizes if s != -1)
            sizes = tuple(rest if s == -1 else s for s in sizes)
        _split_infer(Spec(x), sizes=sizes, axis=axis)
    elif sizes == (-1,):  # (a traced lone -1, which TF's graph runs as the whole axis)
        sizes = (x.shape[axis],)
    else:
        sizes = _kernel_sizes(sizes, x.shape[axis])
    cuts = np.cumsum(sizes)[:-1].tolist()
    return tuple(p.copy() for p in xp.split(x, cuts, axis=axis))


def _split_grad(n: Any, *gs: Any) -> list:
    gs = [g if g is not None else zeros_like(o) for g, o in zip(gs, n.outputs)]
    # (SplitV(value, size_splits, split_dim))
    return [concat(gs, axis=traced_arg(n, 2, n.attrs["axis"]))] + [None] * (len(n.inputs) - 1)


SPLIT = register(OpDef(
    "SplitV", _split_infer, _split_kernel, grad=_split_grad,
    arity=lambda ins, attrs: {"num_split": len(attrs["sizes"]) if attrs.get("num_split")
                              is None else attrs["num_split"]},
    reference=lambda x, sizes, axis: tuple(np.split(x, np.cumsum(sizes)[:-1], axis)),
    samples=lambda: [Sample((_f64(2, 6),), {"sizes": (1, 2, 3), "axis": 1}),
                     Sample((_f64(4, 2),), {"sizes": (2, 2), "axis": 0})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 6)),), {"sizes": (1, 2), "axis": 1}, InvalidArgumentError)],
    num_outputs=-1,
    tf=TFForm(names={"sizes": "size_splits", "axis": "split_dim"}),
))

def _split_n_infer(x: Any, *dyn: Any, num_split: int, axis: int | None) -> list:
    """TF's Split: `num_split` equal parts along `axis` (a runtime scalar input `dyn[0]`
    when None: the parts' dims are then unknown, their rank known)."""
    if dyn:
        t = dyn[0]
        if t._dtype is not dt.int32 or t._shape not in ((), None):
            raise C.fail("Split", f"split_dim must be an int32 scalar, got {t._dtype.name} "
                                  f"{C.shape_str(t._shape)}")
    C.attr_at_least("Split", "num_split", num_split, 1)
    if not dyn and not isinstance(axis, int):  # (a vector: tf.raw_ops', an imported node's)
        rank = np.ndim(axis)
        raise C.fail("Split", f"Input must be scalar but has rank {rank}" if _state.graph
                     is not None else f"split_dim must be a scalar but has rank {rank}")
    C.output_count("Split", num_split)
    if x._shape is None:
        return [(None, x._dtype)] * num_split
    if dyn:
        return [((None,) * len(x._shape), x._dtype)] * num_split
    ax = _split_dim("Split", axis, len(x._shape))
    dim = x._shape[ax]
    if dim is not None and dim % num_split:
        raise C.fail("Split", f"Number of ways to split should evenly divide the split "
                              f"dimension, but got split_dim {ax} (size = {dim}) and num_split "
                              f"{num_split}")
    part = None if dim is None else dim // num_split
    return [(x._shape[:ax] + (part,) + x._shape[ax + 1:], x._dtype)] * num_split


def _split_n_kernel(xp: Any, x: Any, *dyn: Any, num_split: int, axis: int | None) -> tuple:
    if dyn:
        if dyn[0].ndim:  # (TF's kernel's check of a split_dim of a shape unknown in tracing)
            raise C.fail("Split", f"split_dim must be a scalar but has rank {dyn[0].ndim}")
        axis = int(to_host(dyn[0]).reshape(-1)[0])
    _split_n_infer(Spec(x), num_split=num_split, axis=axis)  # the runtime dims checked
    return tuple(p.copy() for p in xp.split(x, num_split, axis=axis))


def _split_n_grad(n: Any, *gs: Any) -> list:
    gs = [g if g is not None else zeros_like(o) for g, o in zip(gs, n.outputs)]
    # (Split(split_dim, value))
    axis = traced_arg(n, 0, n.attrs["axis"]) if len(n.inputs) == 1 else n.inputs[1]
    return [concat(gs, axis=axis)] + [None] * (len(n.inputs) - 1)


def _split_n_to_tf(n: Any, b: Any) -> list:
    """TF's Split(split_dim, value)."""
    axis = b.const(n.attrs["axis"], dt.int32) if len(n.inputs) == 1 else b.input(1)
    return b.node("Split", [axis, b.input(0)], {"num_split": n.attrs["num_split"]})


SPLIT_N = register(OpDef(
    "Split", _split_n_infer, _split_n_kernel, grad=_split_n_grad,
    arity=lambda ins, attrs: {"num_split": attrs["num_split"]},
    reference=lambda x, num_split, axis: tuple(np.split(x, num_split, axis)),
    samples=lambda: [Sample((_f64(2, 6),), {"num_split": 3, "axis": 1}),
                     Sample((_f64(4, 2),), {"num_split": 2, "axis": -2})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 6)),), {"num_split": 4, "axis": 1}, InvalidArgumentError),
        BadSample((np.ones((2, 6)),), {"num_split": 2, "axis": 2}, InvalidArgumentError)],
    num_outputs=-1,
    tf=TFForm(export=_split_n_to_tf, names={"axis": "split_dim"}),
))


_TLEN = frozenset((dt.int8, dt.int32, dt.int64))


def _check_split_v(sizes: Any, axis: Any, name: str | None) -> None:
    """TF's checks of SplitV's sizes given as a tensor, with its split_dim: attr Tlen, the
    split_dim an int32 of one element, then sizes one-dimensional (the kernel's order)."""
    C.check_dtype("SplitV", sizes, _TLEN, "Tlen")
    if _state.graph is not None:
        return
    d = axis._dtype if isinstance(axis, Tensor) else dt.int32
    lengths = {"num_split": sizes._shape[0]}
    if d is not dt.int32:
        raise raised_eagerly(C.wrong_input_dtype("SplitV", 2, dt.int32, d), name, lengths)
    if isinstance(axis, Tensor) and C.num_elements(axis._shape) != 1:
        raise raised_eagerly(C.fail("SplitV", "split_dim_tensor must have exactly one element."),
                             name, lengths)
    if len(sizes._shape) != 1:
        raise raised_eagerly(C.fail("SplitV", f"size of the split_tensor must be 1-D and have "
                                              f"the same elements as outputs got "
                                              f"{len(sizes._shape)} -D and "
                                              f"{C.num_elements(sizes._shape)} elements"),
                             name, lengths)


def _refuse_split_dim(d: dt.DType, by_count: bool, name: str | None) -> None:
    """TF's refusal of a split's axis tensor of dtype `d`: Split's and SplitV's split_dim
    is an int32 by their signatures (no type attr), int64 refused too; while a graph is
    built the op builder's TypeError, eagerly the kernel's error naming the input."""
    op, index = ("Split", 0) if by_count else ("SplitV", 2)
    if _state.graph is not None:
        raise TypeError(f"Input 'split_dim' of '{op}' Op has type {d.name} that does not "
                        "match expected type of int32.")
    raise raised_eagerly(C.wrong_input_dtype(op, index, dt.int32, d), name)


def _split_sizes(sizes: Any) -> Any:
    """A split's sizes as TF's tf.split converts them before SplitV: eagerly a tensor (a
    list of mixed kinds the conversion's ValueError, of floats, empty or packing tensors of
    another dtype the op's Tlen refusal); while tracing, a list of floats (or none) is the
    op builder's TypeError."""
    if isinstance(sizes, Tensor) and _state.graph is not None and sizes._shape != () and \
            (refused := wrapper_inputs.graph_type_refusal("SplitV", sizes, "Tlen")):
        raise refused
    if isinstance(sizes, (int, np.integer, Tensor)) or not isinstance(
            sizes, (list, tuple, np.ndarray)):
        return sizes
    if _state.graph is None:  # (a list holding tensors packed: their dtype, uint16's too)
        return convert_to_tensor(sizes)
    if has_tensor(sizes):
        return sizes
    if list_value_error(sizes) is None and np.asarray(sizes).dtype.kind == "f":
        # (an empty list is a float32 one)
        raise wrapper_inputs.graph_dtype_refusal("SplitV", dt.float32, "Tlen")
    return sizes


def _python_split_dim(axis: Any, op: str, count: int, name: str | None) -> int:
    """A split's axis given as a Python or NumPy value (or an eager vector), as TF's
    wrapper converts it to split_dim's int32 (True, np.float32(1) and np.array(1.5) are
    1; a float or string is the conversion's TypeError, the graph builder's words while
    tracing; a vector is the Split kernel's error, SplitV reading its one value)."""
    if _state.graph is not None:
        if axis is None:
            raise op_input_refusal("split_dim", axis)
        if isinstance(axis, (float, str)):
            raise TypeError(f"Expected int32 passed to parameter 'split_dim' of op '{op}', got "
                            f"{axis!r} of type '{type(axis).__name__}' instead. Error: Expected "
                            f"int32, but got {axis!s} of type '{type(axis).__name__}'.")
    t = convert_to_tensor(axis, dt.int32)
    if t._shape == () or (op == "SplitV" and t._shape == (1,)):
        return int(t._numpy().reshape(-1)[0])
    if op == "Split" and _state.graph is None:  # (Split's kernel, of `count` outputs)
        raise raised_eagerly(C.fail("Split", f"split_dim must be a scalar but has rank "
                                             f"{len(t._shape)}"), name, {"num_split": count})
    return AV.int_arg(t, "axis")


def _check_num_split(op: str, k: int) -> None:
    """A split's count of outputs (`op`'s num_split attr) against its minimum of 1: the
    ValueError of TF's graph op builder, else its eager attr check's error (a negative
    count fails TF's fast path: its fallback's error, no name)."""
    if k < 0 and _state.graph is None:
        try:
            C.attr_at_least(op, "num_split", k, 1)
        except OpError as e:
            raise slow_path(decorate(e, None, (), {}, _state.device, None)) from None
    C.attr_at_least(op, "num_split", k, 1)


@dispatchable
@binds_first
@slow_inputs("value", "axis", named=True)
def split(value: Any, num_or_size_splits: Any, axis: int = 0, num: int | None = None,
          name: str = "split") -> list:
    """tf.split: TF's Split into a count of equal parts (an int), else SplitV by sizes."""
    x = _t(value)
    num_or_size_splits = _split_sizes(num_or_size_splits)
    if num_or_size_splits.__class__ is EagerTensor and num_or_size_splits._shape:
        _check_split_v(num_or_size_splits, axis, name)
    if isinstance(axis, Tensor) and axis._dtype is not dt.int32:
        _refuse_split_dim(axis._dtype, isinstance(num_or_size_splits, (int, np.integer)), name)
    dyn_axis: tuple = ()
    by_count = isinstance(num_or_size_splits, (int, np.integer))
    if C.is_graph_tensor(axis) and isinstance(C.known(axis), Tensor):
        dyn_axis = (axis,)  # known when the graph runs: TF's split_dim input
    elif type(axis) is not int and (not isinstance(axis, Tensor) or (
            axis.__class__ is EagerTensor and axis._shape)):
        axis = _python_split_dim(axis, "Split" if by_count else "SplitV",
                                 int(num_or_size_splits) if by_count else 0, name)
    elif type(axis) is int and not -2**31 <= axis < 2**31 and _state.graph is None:
        # (TF's int32 split_dim input: a Python int's low 32 bits, past int64 the
        # conversion's ValueError)
        axis = AV.int32_wrapped(axis)
    else:
        axis = AV.int_arg(axis, "axis")
    if by_count:  # (a bool too: a count, as TF's)
        k = int(num_or_size_splits)
        if not -2**31 <= k < 2**31:  # (TF's wrapper counts the outputs in an int32 first)
            raise ValueError(f"Number of outputs is too big: {k}")
        _check_num_split("Split", k)
        if dyn_axis:
            return list(bind_multi(SPLIT_N, (x,) + dyn_axis,
                                   {"num_split": k, "axis": None}, k, name))
        # (an axis out of range is the Split kernel's error: its infer's)
        return list(bind_multi(SPLIT_N, (x,), {"num_split": k, "axis": axis}, k, name))
    if dyn_axis:
        raise TypeError(f"split's axis must be known when the graph is built to split by "
                        f"sizes; got {axis!r}")
    if x._shape is None:  # (a count splits a tensor of any rank: its dims are the kernel's)
        raise ValueError("split needs a known rank")
    # (an axis out of range is left to SplitV's infer: the kernel's error)
    ax = axis + len(x._shape) if -len(x._shape) <= axis < 0 else axis
    if not isinstance(num_or_size_splits, (list, tuple)) and (
            num_or_size_splits if isinstance(num_or_size_splits, Tensor) else
            convert_to_tensor(num_or_size_splits))._shape == ():
        # (TF converts what is no count: a scalar, a tensor's too, is no list of sizes)
        raise ValueError("Rank-0 tensors are not supported as the num_or_size_splits "
                         f"argument to split. Argument provided: {num_or_size_splits!s}")
    if num is not None:  # (SplitV's num_split attr, converted as its wrapper does)
        num = AV.make_int(num, "num_split")
        _check_num_split("SplitV", num)
    sizes, dyn = (static_ints(num_or_size_splits, "num_or_size_splits", defined=True), ()) \
        if _state.graph is None else shape_arg(num_or_size_splits, "num_or_size_splits",
                                               defined=True)
    if sizes is None:
        raise ValueError("Cannot infer argument `num` from shape "
                         f"{num_or_size_splits.shape}")
    attrs = {"sizes": sizes, "axis": ax}
    if num is not None and num != len(sizes):  # (TF's count of outputs: SplitV refuses it)
        attrs["num_split"] = num
    if dyn:
        return list(bind_multi(SPLIT, (x,) + dyn, attrs, len(sizes), name))
    if _state.graph is not None:  # TF's API makes the sizes a "Const" (graph/arg_consts)
        _state.graph.next_args = (SPLIT, {"size_splits": num_or_size_splits
                                          if isinstance(num_or_size_splits, Tensor) else
                                          (num_or_size_splits, "Const")})
    return list(bind_multi(SPLIT, (x,), attrs, len(sizes), name))
