"""Smaller tf.* and tf.math names: searchsorted, complex/imag, truncatemod,
broadcast_static_shape/broadcast_dynamic_shape, ensure_shape, bitcast, bincount,
confusion_matrix, invert_permutation, zero_fraction,
is_non_decreasing, is_strictly_increasing, polyval, lbeta, angle, saturate_cast
(greedy non_max_suppression is in greedy_nms.py, no_op/group/tuple/control_dependencies
in control_deps.py).

Sits in the ops layer. Primitives (LowerBound/UpperBound, Complex, Imag,
TruncateMod, BroadcastArgs, EnsureShape, Bitcast) are OpDefs; the rest are composites of
public ops.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import host_eagerly
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.type_names import type_repr
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import concat, constant, reshape, squeeze
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.debugging import assert_less, assert_non_negative
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import needs_runtime
from eagerflow._src.ops.eager_errors import eager_api, raised_eagerly, slow_inputs
from eagerflow._src.ops.elementwise import _binary, _elementwise_ref
from eagerflow._src.ops.indexing import unsorted_segment_sum
from eagerflow._src.ops.math import (
    _b,
    _bin_grad,
    ceil,
    equal,
    floor,
    greater,
    greater_equal,
    maximum,
    minimum,
    sum_to,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    identity,
    ones_like,
    real,
    where,
    zeros_like,
)
from eagerflow._src.ops.math_special import atan2, lgamma
from eagerflow._src.ops.nd_indexing import scatter_nd
from eagerflow._src.ops.reduce import reduce_all, reduce_max, reduce_mean, reduce_prod, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.transposing import INVERT_PERMUTATION

histogram_ops = lazy_module("eagerflow._src.ops.histogram_ops")  # (bincount's op)
clip_value = lazy_module("eagerflow._src.ops.clip_value")  # (saturate_cast's clamp)

_rng = SampleRNG(57)
_COMPLEX = complex  # this module defines tf.complex


# ---------------------------------------------------------------------------------------
# searchsorted: LowerBound / UpperBound over the rows of a matrix (tf.searchsorted reshapes
# other ranks to one), by TF's binary search: std::lower_bound / std::upper_bound's steps.
# ---------------------------------------------------------------------------------------

def _bound_infer(op: str) -> Any:
    def infer(sorted_seq: Any, values: Any, out_type: dt.DType) -> list:
        C.dtype_attr(op, out_type, "out_type", C.INDEX)
        d = C.same_dtype(op, (sorted_seq, values), C.ALL)
        if d not in C.REALS:  # (TF's OpDef takes any type; its CPU kernels the real ones)
            raise C.no_kernel(op, f"T={C.dt_enum(d)}, out_type={C.dt_enum(out_type)}", others=[
                ("XLA_CPU_JIT", f"out_type in [DT_INT32, DT_INT64]; T in [{C.XLA_TYPES}]")] + [
                ("CPU", f"T in [DT_{t}]; out_type in [DT_{i}]") for i in ("INT64", "INT32")
                for t in ("DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32", "INT8", "UINT8",
                          "INT16", "UINT16", "UINT32", "INT64", "UINT64")])
        a, b = sorted_seq._shape, values._shape
        for shape, what in ((a, "sorted_inputs"), (b, "values")):
            if shape is not None and len(shape) != 2:
                raise C.fail(op, f"Shape must be rank 2 but is rank {len(shape)} for `{what}` "
                                 f"argument")
        if a is not None and b is not None and None not in (a[0], b[0]) and a[0] != b[0]:
            raise C.fail(op, "Leading dim_size of both tensors must match.")
        return [(b, out_type)]
    return infer


def _bound_kernel(side: str) -> Any:
    def kernel(xp: Any, sorted_seq: Any, values: Any, out_type: dt.DType) -> Any:
        rows, n = sorted_seq.shape
        if _sorted_int_rows(xp, sorted_seq, values):
            return np.stack([np.searchsorted(s, v, side) for s, v in zip(sorted_seq, values)]
                            ).reshape(values.shape).astype(out_type.as_numpy_dtype)
        first = xp.zeros(values.shape, dtype=np.int64)
        count = xp.full(values.shape, n, dtype=np.int64)
        # (a search's count at least halves each step: bit_length(n) steps end them all,
        # with no test of the counts, which a GPU would read back each step)
        for _ in range(n.bit_length()):
            step = count // 2
            probe = xp.take_along_axis(sorted_seq, xp.minimum(first + step, n - 1), axis=1)
            # lower: go right past entries < v; upper: past entries not > v (NaN: see TF)
            right = (probe < values) if side == "left" else ~(values < probe)
            right &= count > 0
            first = xp.where(right, first + step + 1, first)
            count = xp.where(right, count - step - 1, step)
        return first.astype(out_type.as_numpy_dtype)
    return kernel


def _sorted_int_rows(xp: Any, sorted_seq: Any, values: Any) -> bool:
    """Whether NumPy's searchsorted answers as TF's search does, in far fewer steps (a
    RaggedTensor's value_rowids: millions of values in one row of splits): host arrays of
    integers (no NaN), each row sorted (any binary search finds the same bound), few rows
    of many values each (one call a row)."""
    return xp is np and sorted_seq.dtype.kind in "iu" and \
        values.size >= 64 * sorted_seq.shape[0] > 0 and \
        bool(np.all(sorted_seq[:, 1:] >= sorted_seq[:, :-1]))


def _bound_ref(side: str) -> Any:
    def ref(sorted_seq: np.ndarray, values: np.ndarray, out_type: dt.DType) -> np.ndarray:
        out = np.empty(values.shape, dtype=out_type.as_numpy_dtype)
        for idx in np.ndindex(*values.shape):
            row, v = sorted_seq[idx[0]].tolist(), values[idx]
            lo, hi = 0, len(row)  # the invariant: the answer is in [lo, hi]
            while lo < hi:
                mid = (lo + hi) // 2
                if (row[mid] < v) if side == "left" else not v < row[mid]:
                    lo = mid + 1
                else:
                    hi = mid
            out[idx] = lo
        return out
    return ref


def _bound_tf(n: Any, b: Any) -> list:
    """TF's LowerBound/UpperBound take rows ([batch, n]): a vector is one row."""
    if len(n.inputs[0]._shape or ()) != 1:
        return b.node(n.type, [b.input(0), b.input(1)], {"out_type": n.attrs["out_type"]})
    row = b.const([1, -1], dt.int32)
    seq, vals = (b.node("Reshape", [b.input(i), row])[0] for i in (0, 1))
    out = b.node(n.type, [seq, vals], {"out_type": n.attrs["out_type"]})[0]
    return b.node("Reshape", [out, b.const([-1], dt.int32)])


def _register_bound(op: str, side: str) -> OpDef:
    seq = np.sort(_rng.uniform(-2, 2, size=(3, 5)), axis=-1)
    vals = np.concatenate([_rng.uniform(-3, 3, size=(3, 3)), seq[:, 1:3]], axis=-1)
    return register(OpDef(
        op, _bound_infer(op), _bound_kernel(side), reference=_bound_ref(side),
        samples=lambda: [
            Sample((seq, vals), {"out_type": dt.int32}, grad=False),
            Sample((seq[:1], vals[1:2, :4]), {"out_type": dt.int64}, grad=False),
            Sample((np.array([[0.0, 1.0, 1.0, np.nan, 3.0]]),
                    np.array([[np.nan, 1.0, -np.inf, np.inf]])), {"out_type": dt.int32},
                   grad=False)],
        bad_samples=lambda: [
            BadSample((seq, vals[:2]), {"out_type": dt.int32}, InvalidArgumentError,
              "Leading dim_size of both tensors must match."),
            BadSample((seq[0], vals[0]), {"out_type": dt.int32}, InvalidArgumentError,
                      "Shape must be rank 2 but is rank 1 for `sorted_inputs`"),
            BadSample((seq, vals.astype(np.float32)), {"out_type": dt.int32},
                      InvalidArgumentError, "expected to be a double tensor")],
        tf=TFForm(export=_bound_tf)))


LOWER_BOUND = _register_bound("LowerBound", "left")
UPPER_BOUND = _register_bound("UpperBound", "right")


@dispatch_binding  # (TF binds its arguments first: its words for a missing one)
def searchsorted(sorted_sequence: Any, values: Any, side: str = "left",
                 out_type: Any = dt.int32, name: str | None = None) -> Any:
    """Indices at which `values` would be inserted into each row of `sorted_sequence` (the
    innermost axis; leading axes are rows, as TF reshapes them)."""
    # (each converted alone, as TF's reshapes convert them: int and float ones are refused)
    s, v = convert_to_tensor(sorted_sequence), convert_to_tensor(values)
    if _state.graph is None and (s._shape == () or v._shape == ()):
        # (TF reads each one's last size as shape(x)[-1], in the scope "strided_slice")
        raise raised_eagerly(InvalidArgumentError(
            None, None, "slice index -1 of dimension 0 out of bounds. [Op:StridedSlice]"),
            "strided_slice/")
    if side not in ("right", "left"):  # (TF's check after the reshapes into rows)
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: "
                         f"`side` = '{side}'.")
    return _bound(s, v, side, out_type, name)


@eager_api("out_type:type")  # (a dtype's name, as Keras gives it: TF's slow path)
def _bound(s: Any, v: Any, side: str, out_type: Any, name: str | None) -> Any:
    """LowerBound (`side` "left") or UpperBound of `v`'s rows in `s`'s, shaped as `v`."""
    op = LOWER_BOUND if side == "left" else UPPER_BOUND
    # (out_type: the op wrapper's attr, None its default)
    out_type = dt.int32 if out_type is None else AV.make_type(out_type, "out_type")
    out = bind(op, (_as_rows(s), _as_rows(v)), {"out_type": out_type}, name)
    return reshape(out, shape_of(v))


def _as_rows(x: Any) -> Any:
    """x as a matrix whose rows are its innermost vectors."""
    if x._shape is not None and x._shape and x._shape[-1] is not None:
        return reshape(x, [-1, x._shape[-1]])
    return reshape(x, concat([[-1], shape_of(x)[-1:]], 0))


# ---------------------------------------------------------------------------------------
# complex, imag, truncatemod.
# ---------------------------------------------------------------------------------------

# the complex dtype whose parts are of a real dtype (Complex's output, the real FFTs')
COMPLEX_OF = {dt.float32: dt.complex64, dt.float64: dt.complex128}


def _complex_infer(re: Any, im: Any) -> list:
    d = C.same_dtype("Complex", (re, im), frozenset(COMPLEX_OF))
    return [(C.broadcast("Complex", re._shape, im._shape), COMPLEX_OF[d])]


def _complex_grad(n: Any, g: Any) -> list:
    re, im = n.inputs
    return [sum_to(real(g), re), sum_to(imag(g), im)]


def _complex_kernel(xp: Any, re: Any, im: Any) -> Any:
    # parts stored, not re + 1j * im: 1j * inf would put a NaN in the real part
    out = xp.empty(xp.broadcast_shapes(re.shape, im.shape),
                   np.complex64 if re.dtype == np.float32 else np.complex128)
    out.real[...], out.imag[...] = re, im  # through views: CuPy and the stand-in too
    return out


COMPLEX = register(OpDef(
    "Complex", _complex_infer, _complex_kernel,
    grad=_complex_grad,
    reference=_elementwise_ref(lambda a, b: _COMPLEX(a, b), np.complex128),
    # complex outputs are outside the harness's real-valued losses: see tests/ops/test_misc_ops
    samples=lambda: [Sample((_rng.uniform(-1, 1, size=(2, 3)), _rng.uniform(-1, 1, size=(3,))),
                            grad=False)],
    bad_samples=lambda: [BadSample((np.ones(2), np.ones(2, np.float32)), {}, InvalidArgumentError,
                                   "expected to be a double tensor")],
))


@dispatchable
@binds_first
def complex(real: Any, imag: Any, name: str | None = None) -> Any:  # noqa: A001
    # (each converted alone, as TF's: a float64 array beside a float32 tensor is refused)
    re, im = convert_to_tensor(real, name="real"), convert_to_tensor(imag, name="imag")
    if re._dtype is not im._dtype or re._dtype not in COMPLEX_OF:
        raise TypeError(f"The `real` and `imag` components have incorrect types: "
                        f"{re._dtype.name} {im._dtype.name}. They must be consistent, and one "
                        f"of [tf.float32, tf.float64]")
    return bind(COMPLEX, (re, im), {}, name)


def _imag_infer(x: Any) -> list:
    C.check_dtype("Imag", x, C.COMPLEX)
    return [(x._shape, x._dtype.real_dtype)]


def _imag_grad(n: Any, g: Any) -> list:
    return [complex(zeros_like(g), g)]


IMAG = register(OpDef(
    "Imag", _imag_infer, lambda xp, x: xp.imag(x).copy(), grad=_imag_grad,
    reference=_elementwise_ref(lambda a: a.imag, np.float64),
    samples=lambda: [Sample((_rng.uniform(-1, 1, size=(3,)) + 1j * _rng.uniform(-1, 1, size=(3,)),),
                            grad=False)],
    bad_samples=lambda: [BadSample((np.ones(2, np.int32),), {}, InvalidArgumentError, "int32")],
))


@dispatchable
@binds_first
def imag(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """The imaginary parts (zeros for real input, as TF)."""
    x = _t(input)
    return bind(IMAG, (x,), {}) if x._dtype.is_complex else zeros_like(x)


def _truncmod_kernel(xp: Any, x: Any, y: Any) -> Any:
    if x.dtype.kind in "iu" and x.size and not y.all():  # (an empty result divides nothing)
        raise C.zero_division("TruncateMod")
    return xp.fmod(x, y).astype(x.dtype, copy=False)


def _trunc(v: Any) -> Any:
    return where(v >= 0, floor(v), ceil(v))


TRUNCATE_MOD = _binary(
    "TruncateMod", _truncmod_kernel, frozenset((dt.float32, dt.float64)) | C.INDEX,
    _bin_grad(lambda g, x, y, z: g, lambda g, x, y, z: -g * _trunc(x / y)),
    _elementwise_ref(lambda a, b: np.fmod(a, b)), lo=0.5, hi=3.0, second_order=False,
    int_errors=True,
    # (TF 2.21's OpDef takes the half types; neither its CPU nor its GPU has a kernel)
    no_cpu=((dt.float16, dt.bfloat16), "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_BFLOAT16, "
            "DT_HALF", C.enums("DOUBLE FLOAT INT64 INT32") + (("DEFAULT", "DT_INT32"),)))
truncatemod = _b(TRUNCATE_MOD)


# ---------------------------------------------------------------------------------------
# Broadcast shapes.
# ---------------------------------------------------------------------------------------

@dispatch_binding
def broadcast_static_shape(shape_x: Any, shape_y: Any) -> TensorShape:
    for v in (shape_x, shape_y):
        if not isinstance(v, TensorShape):  # (TF reads the shapes' ndims unchecked)
            raise C.no_attribute(v, "ndims")
        if v.rank is None:  # (`or`: the second is not read)
            return TensorShape(None)
    a, b = shape_x, shape_y
    if a.rank is None or b.rank is None:
        return TensorShape(None)
    try:
        return TensorShape(C.broadcast("BroadcastArgs", tuple(a.as_list()), tuple(b.as_list())))
    except InvalidArgumentError:
        raise ValueError(f"Incompatible shapes for broadcasting. Two shapes are compatible if "
                         f"for each dimension pair they are either equal or one of them is 1. "
                         f"Received: {tuple(a.as_list())} and {tuple(b.as_list())}.") from None


def _bargs_infer(a: Any, b: Any) -> list:
    d = C.same_dtype("BroadcastArgs", (a, b), C.INDEX)
    for i, x in enumerate((a, b)):
        if x._shape is not None and len(x._shape) != 1:
            raise C.fail("BroadcastArgs", f"In[{i}] must be a vector.{C.shape_str(x._shape)}")
    if a._shape is None or b._shape is None or None in (a._shape[0], b._shape[0]):
        return [((None,), d)]
    return [((max(a._shape[0], b._shape[0]),), d)]


def _bargs_kernel(xp: Any, a: Any, b: Any) -> Any:
    # (host arrays on any device: TF's GPU kernel takes s0, s1 and r0 in host memory)
    sa, sb = tuple(int(v) for v in a), tuple(int(v) for v in b)
    return xp.asarray(C.broadcast("BroadcastArgs", sa, sb), dtype=a.dtype).reshape(-1)


def _bargs_fold(node: Any, value_of: Any) -> Any:
    """Two shapes known while tracing broadcast then, as TF evaluates them (shapes that do
    not broadcast stay unknown until the op runs and refuses them)."""
    a, b = (value_of(x) for x in node.inputs)
    if not (isinstance(a, list) and isinstance(b, list)) or None in a or None in b:
        return None
    try:
        return list(C.broadcast("BroadcastArgs", tuple(a), tuple(b)))
    except InvalidArgumentError:
        return None


BROADCAST_ARGS = register(OpDef(
    "BroadcastArgs", _bargs_infer, _bargs_kernel, fold=_bargs_fold, fold_partial=False,
    host_inputs=(0, 1),  # (TF's HostMemory("s0"), HostMemory("s1"))
    reference=lambda a, b: np.array(np.broadcast_shapes(tuple(a), tuple(b)), a.dtype),
    samples=lambda: [Sample((np.array([2, 1], np.int32), np.array([3], np.int32)), grad=False),
                     Sample((np.array([1, 4, 1], np.int64), np.array([5, 1, 1, 6], np.int64)),
                            grad=False)],
    bad_samples=lambda: [BadSample((np.array([2, 2], np.int32), np.array([3], np.int32)), {},
                                   InvalidArgumentError, "Incompatible shapes: [2,2] vs. [3]")],
))


@dispatchable
@binds_first
@slow_inputs("shape_x", "shape_y")
def broadcast_dynamic_shape(shape_x: Any, shape_y: Any) -> Any:
    with host_eagerly():  # (Python shapes made where TF's GPU kernel reads them)
        a, b = wrapper_inputs.op_inputs("BroadcastArgs", (shape_x, shape_y))
    return bind(BROADCAST_ARGS, (a, b), {})


# ---------------------------------------------------------------------------------------
# ensure_shape and the control-dependency family.
# ---------------------------------------------------------------------------------------

def _ensure_target(shape: Any) -> TensorShape:
    """The attr as a TensorShape (-1 is an unknown dim, as in TF)."""
    if isinstance(shape, (list, tuple)):
        if any(d is not None and d < -1 for d in shape):  # (TF's kernel's check)
            raise InvalidArgumentError(None, None, f"Shape {C.shape_str(shape)} has dimensions "
                                                   f"with values below -1 (where -1 means "
                                                   f"unknown) [Op:EnsureShape]")
        shape = [None if d == -1 else d for d in shape]
    return TensorShape(shape)


def _ensure_infer(x: Any, shape: Any) -> list:
    """The input's shape refined by `shape` (None: unknown rank; None dims match anything)."""
    have, want = TensorShape(x._shape), _ensure_target(shape)
    if _state.graph is not None and want.rank is None and have.rank is not None:
        # (TF 2.21's shape function reads a shape of unknown rank as rank -1, refusing an
        # input of a known rank while tracing, which its kernel, eagerly, takes)
        raise C.fail("EnsureShape", f"Shape must be rank -1 but is rank {have.rank}")
    if not have.is_compatible_with(want) and _state.graph is not None:
        # (while tracing, TF's shape function merges the two: graph/shape_errors words it)
        if want.rank != have.rank:
            raise C.fail("EnsureShape", f"Shape must be rank {want.rank} but is rank "
                                        f"{have.rank}")
        i, a, b = next((i, a, b) for i, (a, b) in enumerate(zip(want.as_list(), have.as_list()))
                       if None not in (a, b) and a != b)
        raise C.fail("EnsureShape", f"Dimension {i} in both shapes must be equal, but are "
                                    f"{a} and {b}. Shapes are {C.shape_str(want.as_list())} "
                                    f"and {C.shape_str(have.as_list())}.")
    if not have.is_compatible_with(want):
        raise _ensure_error(x._shape, want)
    merged = have.merge_with(want)
    return [(None if merged.rank is None else tuple(merged.as_list()), x._dtype)]


def _ensure_error(have: Any, want: TensorShape) -> InvalidArgumentError:
    want_s = "<unknown>" if want.rank is None else C.shape_str(want.as_list())
    return InvalidArgumentError(None, None, f"Shape of tensor input {C.shape_str(have)} is not "
                                            f"compatible with expected shape {want_s}. "
                                            f"[Op:EnsureShape]")


def _ensure_kernel(xp: Any, x: Any, shape: Any) -> Any:
    want = _ensure_target(shape)
    if not TensorShape(x.shape).is_compatible_with(want):  # checked at run time
        raise _ensure_error(x.shape, want)
    return x


ENSURE_SHAPE = register(OpDef(
    "EnsureShape", _ensure_infer, _ensure_kernel, grad=lambda n, g: [g], input_named="input",
    reference=lambda x, shape: x,
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, (2, 3)),), {"shape": (None, 3)}),
        # (not a shape of unknown rank, which TF 2.21 refuses while tracing: see infer)
        Sample((_rng.uniform(-1, 1, (2, 3)),), {"shape": (None, None)}),
        Sample((np.arange(4, dtype=np.int32),), {"shape": (4,)}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 2)),), {"shape": (2,)}, InvalidArgumentError,
                  "Shape of tensor input [1,2] is not compatible with expected shape "
                  "[2]."),
        BadSample((np.ones((1, 2)),), {"shape": (1, 3)}, InvalidArgumentError,
                  "expected shape [1,3]")],
))


@dispatch_binding
@eager_api("x")  # (a list x takes TF's slow path: its errors name no name)
def ensure_shape(x: Any, shape: Any, name: str | None = None) -> Any:
    """x, after checking its shape is compatible with `shape` (None dims match anything); in
    tf.function the result's static shape is the two merged, checked when the graph runs."""
    want = TensorShape(shape)
    return bind(ENSURE_SHAPE, (_t(x),),
                {"shape": None if want.rank is None else tuple(want.as_list())}, name)


# Bitcast: the same bytes read as another dtype. TF lists its types in this order.
_BITCAST_T = (dt.bfloat16, dt.float16, dt.float32, dt.float64, dt.int64, dt.int32, dt.uint8,
              dt.uint16, dt.uint32, dt.uint64, dt.int8, dt.int16, dt.complex64, dt.complex128,
              dt.qint8, dt.quint8, dt.qint16, dt.quint16, dt.qint32)
_BITCAST_WORDS = ("bfloat16, half, float, double, int64, int32, uint8, uint16, uint32, uint64, "
                  "int8, int16, complex64, complex128, qint8, quint8, qint16, quint16, qint32")


def _bitcast_shape(op_shape: tuple | None, src: dt.DType, dst: dt.DType) -> tuple | None:
    a, b = src.size, dst.size
    if op_shape is None or a == b:
        return op_shape
    if a > b:
        return tuple(op_shape) + (a // b,)
    if not op_shape or op_shape[-1] not in (None, b // a):
        raise InvalidArgumentError(None, None, f"Cannot bitcast from {src.as_datatype_enum} to "
                                               f"{dst.as_datatype_enum} [Op:Bitcast]")
    return tuple(op_shape[:-1])


def _bitcast_infer(x: Any, type: dt.DType) -> list:  # noqa: A002  (TF's attr name)
    C.dtype_attr("Bitcast", type, "type")
    for d, what in ((x._dtype, "T"), (type, "type")):
        if d not in _BITCAST_T:
            raise C.fail("Bitcast", f"Value for attr '{what}' of {d.name} is not in the list "
                                    f"of allowed values: {_BITCAST_WORDS}\n\t; NodeDef: "
                                    f"{{{{node Bitcast}}}}")
    return [(_bitcast_shape(x._shape, x._dtype, type), type)]


def _bitcast_kernel(xp: Any, x: Any, type: dt.DType) -> Any:  # noqa: A002
    shape = _bitcast_shape(x.shape, dt.from_numpy(x.dtype), type)
    return xp.ascontiguousarray(x).view(type.storage_type).reshape(shape)


def _bitcast_ref(x: np.ndarray, type: dt.DType) -> np.ndarray:  # noqa: A002
    shape = _bitcast_shape(x.shape, dt.from_numpy(x.dtype), type)
    return np.frombuffer(x.tobytes(), dtype=type.storage_type).reshape(shape)


BITCAST = register(OpDef(
    "Bitcast", _bitcast_infer, _bitcast_kernel, reference=_bitcast_ref,
    samples=lambda: [
        Sample((np.array([1.0, -2.5], np.float32),), {"type": dt.int32}, grad=False),
        Sample((np.array([1.0, 2.0], np.float32),), {"type": dt.uint8}, grad=False),
        Sample((np.arange(8, dtype=np.uint8).reshape(2, 4),), {"type": dt.int32},
               grad=False),
        Sample((np.array([1 + 2j], np.complex64),), {"type": dt.float32}, grad=False),
        Sample((np.array(1.0),), {"type": dt.int64}, grad=False),
        Sample((np.zeros((2, 0, 4), np.uint8),), {"type": dt.int32}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.arange(3, dtype=np.uint8),), {"type": dt.int32},
                  InvalidArgumentError, "Cannot bitcast from 4 to 3"),
        BadSample((np.array([True]),), {"type": dt.int8}, InvalidArgumentError,
                  "Value for attr 'T' of bool is not in the list of allowed values: "
                  "bfloat16, half, float")],
))


@dispatchable
@slow_inputs("input", "type:type")  # (a list or NumPy scalar: TF's wrapper's slow path)
def bitcast(input: Any, type: Any, name: str | None = None) -> Any:  # noqa: A002
    """The bytes of `input` read as `type`: a wider type eats the last dimension (which must
    be the size ratio), a narrower one adds it."""
    attrs = AV.wrapper_attrs(  # (before the input: TF's fallback checks its attrs first)
        "Bitcast", _fast_path=not wrapper_inputs.passed_raw(input), type=type)
    return bind(BITCAST, (_t(input),), attrs, name)


# ---------------------------------------------------------------------------------------
# tf.math composites.
# ---------------------------------------------------------------------------------------

@dispatch_binding
def zero_fraction(value: Any, name: str | None = None) -> Any:
    """The fraction of entries equal to zero, as float32."""
    x = _t(value)
    return reduce_mean(cast(equal(x, zeros_like(x)), dt.float32))


def _monotone(x: Any, strict: bool, what: str) -> Any:
    # (a RaggedTensor flattened too: TF's reshape takes it; its values are compared)
    flat = reshape(x if isinstance(x, CompositeTensor) else _t(x), [-1])
    # (complex is numeric to TF's check: Greater/GreaterEqual refuse it then)
    if not (flat._dtype.is_floating or flat._dtype.is_integer or flat._dtype.is_complex):
        raise TypeError(f"Expected x to be numeric, instead found: {flat!s}")
    if _state.graph is None and flat._shape[0] < 2:  # (TF's cond: nothing to compare, the
        return reduce_all(convert_to_tensor([], dt.bool))  # comparison never made)
    a, b = flat[1:], flat[:-1]
    return reduce_all(greater(a, b) if strict else greater_equal(a, b))


@dispatch_binding
def is_non_decreasing(x: Any, name: str | None = None) -> Any:
    return _monotone(x, False, "is_non_decreasing")


@dispatch_binding
def is_strictly_increasing(x: Any, name: str | None = None) -> Any:
    return _monotone(x, True, "is_strictly_increasing")


@dispatch_binding
def polyval(coeffs: Any, x: Any, name: str | None = None) -> Any:
    """coeffs[0] * x^(n-1) + ... + coeffs[n-1], by Horner's rule."""
    if not isinstance(coeffs, list):  # a tuple too, as TF's
        raise ValueError(f"Argument coeffs must be list type. Received type {type_repr(coeffs)}.")
    x = convert_to_tensor(x, name="x")
    if not coeffs:
        return zeros_like(x)
    # each coefficient converted on its own, with no dtype from x (as TF's: a list of
    # Python floats is float32 and meets a float64 x in Mul's refusal)
    cs = [convert_to_tensor(c, name=f"coeff_{i}") for i, c in enumerate(coeffs)]
    acc = cs[0]
    for c in cs[1:]:
        acc = c + acc * x
    return acc


@dispatch_binding
def lbeta(x: Any, name: str | None = None) -> Any:
    """log|Beta(x)| over the last axis: sum(lgamma(x)) - lgamma(sum(x))."""
    x = _t(x)
    return reduce_sum(lgamma(x), axis=[-1]) - lgamma(reduce_sum(x, axis=[-1]))


def _eager_values(x: Tensor, fn: str) -> np.ndarray:
    """The values of `x`, which size `fn`'s result: an eager tensor's, or a graph tensor's
    known while the graph is built (C.known); TypeError for one known only at run time."""
    v = C.known(x)
    if isinstance(v, EagerTensor):
        return v._numpy()
    if isinstance(v, Tensor):
        raise TypeError(f"{fn} needs its input known when the op is built")
    return np.asarray(v)


@dispatchable
@binds_first
def bincount(arr: Any, weights: Any = None, minlength: Any = None, maxlength: Any = None,
             dtype: Any = dt.int32, name: str | None = None, axis: Any = None,
             binary_output: bool = False) -> Any:
    """Counts (or summed weights) of each value in `arr` (of each row's values for axis
    -1), as TF computes them: DenseBincount of the length max(arr) + 1 (bounded by
    minlength and maxlength), which a graph computes when it runs."""
    a = _t(arr)
    if weights is not None:
        weights = _t(weights)
        if binary_output:
            raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. "
                             "Please specify only one.")
    if not a._dtype.is_integer:
        a = cast(a, dt.int32)
    axis = 0 if axis is None else axis
    if axis not in (0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are "
                         "currently supported.")
    nonempty = cast(reduce_prod(shape_of(a)) > 0, a._dtype)
    size = nonempty * (reduce_max(a) + 1)
    if minlength is not None:
        size = maximum(convert_to_tensor(minlength, dtype=a._dtype, name="minlength"), size)
    if maxlength is not None:
        size = minimum(convert_to_tensor(maxlength, dtype=a._dtype, name="maxlength"), size)
    if axis == 0:
        a = reshape(a, [-1])
        weights = None if weights is None else reshape(weights, [-1])
    if weights is None:  # (TF's Python: a false dtype, None, '' or 0, is the values' own)
        out = dt.as_dtype(dtype) if dtype else a._dtype
        weights = convert_to_tensor(np.zeros(0, out.as_numpy_dtype))
    return histogram_ops.dense_bincount(a, size, weights, binary_output)


def _squeezed_pair(labels: Tensor, predictions: Tensor) -> tuple[Tensor, Tensor]:
    """TF's remove_squeezable_dimensions: the one whose rank is one more than the other's
    loses a last dimension of size 1; any other pair is kept as it is."""
    lr, pr = labels.shape.rank, predictions.shape.rank
    if lr is not None and pr is not None:
        if pr - lr == 1 and predictions.shape.dims[-1].is_compatible_with(1):
            predictions = squeeze(predictions, [-1])
        elif pr - lr == -1 and labels.shape.dims[-1].is_compatible_with(1):
            labels = squeeze(labels, [-1])
    return labels, predictions


@dispatch_binding
def confusion_matrix(labels: Any, predictions: Any, num_classes: Any = None, weights: Any = None,
                     dtype: Any = dt.int32, name: str | None = None) -> Any:
    """counts[label, prediction] over the pairs (weighted if `weights` is given)."""
    lab, pred = _squeezed_pair(_t(labels), _t(predictions))
    lab, pred = cast(lab, dt.int64), cast(pred, dt.int64)
    if _state.graph is not None and needs_runtime([lab, pred, num_classes]):
        return _runtime_confusion(lab, pred, num_classes, weights, dt.as_dtype(dtype))
    lv, pv = _eager_values(lab, "confusion_matrix"), _eager_values(pred, "confusion_matrix")
    # TF's checks, in its order and words: its eager asserts, then the weights' shape,
    # then the stack of the labels and predictions
    assert_non_negative(lab, message="`labels` contains negative values")
    assert_non_negative(pred, message="`predictions` contains negative values")
    if num_classes is None:  # (TF's max of no values is the lowest int64: a negative size)
        low = int(np.iinfo(np.int64).min)
        n = int(max(lv.max() if lv.size else low, pv.max() if pv.size else low)) + 1
    else:
        bound = cast(_t(num_classes), dt.int64)  # (TF's cast: a float truncated, any shape)
        assert_less(lab, bound, message="`labels` out of bound")
        assert_less(pred, bound, message="`predictions` out of bound")
        n = bound if bound._shape else int(np.asarray(C.known(num_classes)).astype(np.int64))
    if weights is not None and not pred.shape.is_compatible_with(_t(weights).shape):
        raise ValueError(f"Shapes {pred.shape} and {_t(weights).shape} are incompatible")
    d = dt.as_dtype(dtype)
    if lv.ndim != 1 or lv.shape != pv.shape or not isinstance(n, int) or n < 0 or \
            d is dt.bool:
        # as TF, the pairs of other shapes go to ScatterNd as stack makes them (a column
        # of labels is refused there; pairs of rows index the matrix by their elements);
        # bool too, which ScatterNd adds as a logical or and a segment sum refuses
        w = ones_like(pred, dtype=d) if weights is None else cast(_t(weights), d)
        # (the shape in the indices' dtype, as ScatterNd takes them: TF's int64)
        return scatter_nd(stack([lab, pred], axis=1), w,
                          convert_to_tensor([n, n], dtype=lab._dtype))
    # (TF's ones are made in the dtype: a string's is ones_like's TypeError)
    w = ones_like(lab, dtype=d) if weights is None else cast(reshape(_t(weights), [-1]), d)
    return reshape(unsorted_segment_sum(w, lab * n + pred, n * n), [n, n])


def _runtime_confusion(lab: Any, pred: Any, num_classes: Any, weights: Any,
                       d: dt.DType) -> Any:
    """confusion_matrix of values known when the graph runs, as TF builds it: the labels
    and predictions checked by asserts first, the counts scattered into [n, n]."""
    checks = [assert_non_negative(lab, message="`labels` contains negative values"),
              assert_non_negative(pred, message="`predictions` contains negative values")]
    if num_classes is None:
        n = maximum(reduce_max(pred), reduce_max(lab)) + 1
    else:
        n = cast(num_classes, dt.int64)
        checks += [assert_less(lab, n, message="`labels` out of bound"),
                   assert_less(pred, n, message="`predictions` out of bound")]
    with control_dependencies([c for c in checks if c is not None]):
        lab, pred = identity(lab), identity(pred)
    w = ones_like(pred, dtype=d) if weights is None else cast(_t(weights), d)
    return scatter_nd(stack([lab, pred], axis=1), w, stack([n, n]))


@eager_api("x")
def invert_permutation(x: Any, name: str | None = None) -> Any:
    """y with y[x[i]] = i (a Python permutation made on the host, where TF's GPU kernel
    reads it)."""
    if x.__class__ is not EagerTensor:
        with host_eagerly():
            x = wrapper_inputs.op_input("InvertPermutation", x)
    return bind(INVERT_PERMUTATION, (x,), {}, name)


@dispatchable
@binds_first
def angle(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """The argument of complex numbers; pi for negative reals and 0 otherwise."""
    x = _t(input)
    if x._dtype.is_complex:
        return atan2(imag(x), real(x))
    negative = x < 0  # (then pi * ones, as TF's: an integer x refuses pi's conversion)
    return where(negative, np.pi * ones_like(x), zeros_like(x))


@dispatchable
@binds_first
def saturate_cast(value: Any, dtype: Any, name: str | None = None) -> Any:
    """`value` clamped into `dtype`'s range, then cast. As TF 2.21: the bounds are taken in
    the input's type, each moved one step towards zero where rounding there put it past
    the output's range (float32 can't hold int32's max: it clamps to 2147483520); complex
    values clamp each part, or lose their imaginary part going real; bool, string and
    quantized types have no range (TF's TypeError)."""
    value, dtype = _t(value), dt.as_dtype(dtype)
    src = value._dtype
    if src.is_complex and dtype.is_complex:
        part, out_part = src.real_dtype, dtype.real_dtype
        if part.min < out_part.min or part.max > out_part.max:  # each part clamped
            lo = convert_to_tensor(out_part.min, dtype=part)
            hi = convert_to_tensor(out_part.max, dtype=part)
            value = complex(maximum(minimum(real(value), hi), lo),
                            maximum(minimum(imag(value), hi), lo))
        return cast(value, dtype)
    with wrapper_scope(name, "saturate_cast") as scope:
        if src.is_complex:
            value, src = real(value), src.real_dtype
        # (TF's graph: the bounds as constants, a ClipByValue "clamp", then the Cast named
        # by the scope; none where the types are one)
        lo, hi = _saturate_bounds(src, dtype.real_dtype)
        value = bind(clip_value.CLIP_BY_VALUE, (value, constant(lo, dtype=src),
                                                constant(hi, dtype=src)), {}, "clamp")
        return value if src is dtype else cast(value, dtype, name=scope)


def _saturate_bounds(src: dt.DType, out: dt.DType) -> tuple:
    """The bounds of `out`'s range in `src`, each moved one step towards zero where
    rounding into `src` puts it past the range."""
    src_np = src.as_numpy_dtype
    try:
        wide = np.promote_types(src_np, out.as_numpy_dtype)
    except TypeError:  # (bfloat16 has no NumPy promotion)
        wide = np.dtype(float)
    lo = src_np(np.maximum(src.min, out.min))
    if np.array(lo, dtype=wide) < np.array(out.min, dtype=wide):
        lo = np.nextafter(lo, src_np(0), dtype=src_np)
    hi = src_np(np.minimum(float(src.max), float(out.max)))
    if np.array(hi, dtype=wide) > np.array(out.max, dtype=wide):
        hi = np.nextafter(hi, src_np(0), dtype=src_np)
    return lo, hi
