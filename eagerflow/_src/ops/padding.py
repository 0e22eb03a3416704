"""Padding: Pad and PadV2 (tf.pad's CONSTANT mode, with zeros or with a given value),
MirrorPad (REFLECT, SYMMETRIC) with its adjoint MirrorPadGrad, and tf.pad.

Sits in ops/ after slicing.py: a pad's gradient is a slice of the gradient (a static
window through `t[key]`, or tf.slice at paddings[:, 0] when the paddings are known only at
run time), as slicing's adjoints are pads with zeros. Mirror padding has an adjoint op,
which folds the padded border back onto the input. In a graph, paddings known only at run
time are an input of Pad or PadV2, checked by its kernel as infer checks static ones.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.backend import add_at
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.py_conversion import check_elements, op_input_refusal
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
)
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import shape, zeros
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    as_int_tensor,
    check_runtime_arg,
    check_static,
    is_symbolic,
    nested_tuples,
    partial_value,
    runtime_ints,
)
from eagerflow._src.ops.eager_errors import passed_raw, raised_eagerly, slow_path
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.slice_op import slice as slice_
from eagerflow._src.ops.slicing import getitem
from eagerflow._src.ops.stacking import stack

_rng = SampleRNG(41)
_pyslice = builtins.slice


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _check_paddings_matrix(op: str, paddings: Any) -> None:
    """TF checks first that paddings is an [n, 2] matrix, whatever the input's rank."""
    rows = paddings if isinstance(paddings, (tuple, list)) else None
    if rows is not None and all(isinstance(r, (tuple, list)) and len(r) == 2 for r in rows):
        return
    if rows is None:
        shape: tuple = ()
    elif rows and isinstance(rows[0], (tuple, list)):
        shape = (len(rows), len(rows[0]))
    else:
        shape = (len(rows),)
    raise C.fail(op, f"paddings must be a matrix with 2 columns: {C.shape_str(shape)}")


def _pad_shape(op: str, x: Any, paddings: tuple, check_size: bool = True) -> tuple | None:
    _check_paddings_matrix(op, paddings)
    if x._shape is None:
        return None
    mirror = op.startswith("MirrorPad")  # (its kernel words these two checks its own way)
    if len(paddings) != len(x._shape):
        raise C.fail(op, f"The first dimension of paddings must be the rank of inputs"
                         f"[{len(paddings)},2]{',' if mirror else ''} "
                         f"{C.shape_str(x._shape)}")
    for lo, hi in paddings:
        if (lo is not None and lo < 0) or (hi is not None and hi < 0):
            raise C.fail(op, f"{'p' if mirror else 'P'}addings must be non-negative: "
                             f"{lo} {hi}")
    out = tuple(None if d is None or lo is None or hi is None else d + lo + hi
                for d, (lo, hi) in zip(x._shape, paddings))
    if check_size and None not in out:
        check_finite_size(op, out, x._dtype)
    return out


# TF's CPU pads qint8, quint8 and qint32 too (they only move integers)
_PAD_TYPES = C.ALL | {dt.qint8, dt.quint8, dt.qint32}


def _check_constant_pad(op: str, x: Any, dyn: tuple) -> None:
    """Pad's and PadV2's checks of the runtime paddings and of the input's kernel."""
    if dyn:
        check_runtime_arg(op, dyn, "paddings", rank=2)
    if x._dtype is dt.qint16 or x._dtype is dt.quint16:  # TF's op takes them; no kernel does
        raise C.no_kernel(op, f"T={C.dt_enum(x._dtype)}, Tpaddings=DT_INT32")


def _traced_paddings(x: Any, dyn: tuple, paddings: tuple | None) -> tuple | None:
    """The paddings while tracing: the attr, or with runtime paddings none known (an
    imported node's paddings computed when its graph runs), a row of unknowns per row of
    them (their shape's, else the input's rank); None where neither is known."""
    if paddings is not None or not dyn:
        return paddings
    shape = dyn[0]._shape
    rows = shape[0] if shape is not None and len(shape) == 2 else None
    if rows is None and x._shape is not None:
        rows = len(x._shape)
    return None if rows is None else ((None, None),) * rows


def _pad_infer(x: Any, *dyn: Any, paddings: tuple | None) -> list:
    _check_constant_pad("Pad", x, dyn)
    C.check_dtype("Pad", x, _PAD_TYPES)
    paddings = _traced_paddings(x, dyn, paddings)
    if paddings is None:
        return [(None, x._dtype)]
    return [(_pad_shape("Pad", x, paddings), x._dtype)]


def _check_pad_value(shape: tuple | None) -> None:
    if shape not in ((), None):
        raise C.fail("PadV2", f"constant_values must be a scalar. Found: {C.shape_str(shape)}")


def _padv2_infer(x: Any, value: Any, *dyn: Any, paddings: tuple | None) -> list:
    _check_constant_pad("PadV2", x, dyn)
    d = C.check_dtype("PadV2", x, _PAD_TYPES)
    if value._dtype is not d:  # (the value is TF's input #2, after the paddings)
        raise C.wrong_input_dtype("PadV2", 2, d, value._dtype)
    if _state.graph is None:  # (TF's shape function takes any value: its kernel refuses it)
        _check_pad_value(value._shape)
    paddings = _traced_paddings(x, dyn, paddings)
    if paddings is None:
        return [(None, x._dtype)]
    return [(_pad_shape("PadV2", x, paddings), x._dtype)]


def _fill_pad(op: str, xp: Any, x: Any, value: Any, dyn: tuple, paddings: tuple) -> Any:
    if dyn:  # runtime paddings, checked as infer checks static ones
        if len(dyn[0].shape) != 2 or dyn[0].shape[1] != 2:  # (TF's kernel's first check)
            raise C.fail(op, f"paddings must be a matrix with 2 columns: "
                             f"{C.shape_str(dyn[0].shape)}")
        flat = runtime_ints(dyn[0])
        if isinstance(paddings, tuple) and all(isinstance(p, tuple) for p in paddings):
            check_static(op, "paddings", tuple(v for p in paddings for v in p), flat)
        paddings = tuple(zip(flat[::2], flat[1::2]))
        _pad_shape(op, Spec(x), paddings)
    out = xp.full(tuple(d + lo + hi for d, (lo, hi) in zip(x.shape, paddings)), value,
                  dtype=x.dtype)
    out[tuple(_pyslice(lo, lo + d) for d, (lo, _) in zip(x.shape, paddings))] = x
    return out


def _pad_kernel(xp: Any, x: Any, *dyn: Any, paddings: tuple) -> Any:
    zero = b"" if x.dtype == object else 0  # (strings pad with empty ones)
    return _fill_pad("Pad", xp, x, zero, dyn, paddings)


def _padv2_kernel(xp: Any, x: Any, value: Any, *dyn: Any, paddings: tuple) -> Any:
    _check_pad_value(value.shape)
    return _fill_pad("PadV2", xp, x, value, dyn, paddings)


def _constant_pad_grad(n: Any, g: Any, n_values: int) -> list:
    """The input's window of `g`; None for the pad value (PadV2's) and runtime paddings."""
    rest = [None] * (len(n.inputs) - 1)
    if len(n.inputs) > 1 + n_values:  # runtime paddings: the window starts at paddings[:, 0]
        return [slice_(g, n.inputs[-1][:, 0], shape(n.inputs[0])), *rest]
    key = tuple(_pyslice(lo, -hi if hi else None) for lo, hi in n.attrs["paddings"])
    return [getitem(g, key), *rest]


def _padv2_ref(x: np.ndarray, value: np.ndarray, paddings: tuple) -> np.ndarray:
    shape = tuple(d + lo + hi for d, (lo, hi) in zip(x.shape, paddings))
    out = np.empty(shape, dtype=x.dtype)
    for pos in np.ndindex(*shape):
        src = tuple(p - lo for p, (lo, _) in zip(pos, paddings))
        inside = all(0 <= s < d for s, d in zip(src, x.shape))
        out[pos] = x[src] if inside else value
    return out


def _pad_ref(x: np.ndarray, paddings: tuple) -> np.ndarray:
    return _padv2_ref(x, np.array(b"" if x.dtype == object else 0, x.dtype), paddings)


PAD = register(OpDef(
    "Pad", _pad_infer, _pad_kernel, grad=lambda n, g: _constant_pad_grad(n, g, 0),
    reference=_pad_ref,
    samples=lambda: [
        Sample((_f64(2, 3),), {"paddings": ((1, 0), (0, 2))}),
        Sample((np.array([[1, 2]], np.int32),), {"paddings": ((0, 1), (1, 1))}, grad=False),
        Sample((np.array([b"a", b"bc"], object),), {"paddings": ((2, 1),)}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 2)),), {"paddings": ((1, 1),)},
                  InvalidArgumentError, "The first dimension of paddings must be the "
                                        "rank of inputs[1,2] [2,2]"),
        BadSample((np.ones((2, 2)),), {"paddings": ((0, 0), (1, -2))},
                  InvalidArgumentError, "Paddings must be non-negative: 1 -2")],
))

PADV2 = register(OpDef(
    "PadV2", _padv2_infer, _padv2_kernel, grad=lambda n, g: _constant_pad_grad(n, g, 1),
    reference=_padv2_ref,
    samples=lambda: [
        Sample((_f64(2, 3), np.float64(0.0)), {"paddings": ((1, 0), (0, 2))},
               grad_inputs=(0,)),
        Sample((_f64(3), np.float64(9.0)), {"paddings": ((2, 2),)}, grad_inputs=(0,)),
        Sample((np.array([[1, 2]], np.int32), np.int32(7)), {"paddings": ((0, 1), (1, 1))},
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 2)), np.float64(0)), {"paddings": ((1, 1),)},
                  InvalidArgumentError, "The first dimension of paddings must be the "
                                        "rank of inputs[1,2] [2,2]"),
        BadSample((np.ones((2, 2)), np.float64(0)), {"paddings": ((-1, 1), (0, 0))},
                  InvalidArgumentError, "Paddings must be non-negative: -1 1")],
))


def check_mirror_bounds(op: str, shape: tuple, paddings: tuple, mode: str) -> None:
    """TF's refusal of a mirror padding wider than its dimension allows (the edge is
    mirrored once: REFLECT leaves it out, SYMMETRIC repeats it)."""
    off = 0 if mode == "SYMMETRIC" else 1
    for d, (lo, hi) in zip(shape, paddings):
        if d is None:
            continue
        if lo > d - off or hi > d - off:
            if mode == "SYMMETRIC":
                raise C.fail(op, f"paddings must be no greater than the dimension "
                                 f"size: {lo}, {hi} greater than {d}")
            raise C.fail(op, f"paddings must be less than the dimension size: "
                             f"{lo}, {hi} not less than {d}")


def _mirror_infer(x: Any, paddings: tuple, mode: str, op: str = "MirrorPad") -> list:
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise C.fail(op, f"mode must be either REFLECT or SYMMETRIC, got {mode!r}")
    out = _pad_shape(op, x, paddings, check_size=False)  # the mirror bounds come first
    if x._shape is not None:
        check_mirror_bounds(op, x._shape, paddings, mode)
    if out is not None and None not in out:
        check_finite_size(op, out, x._dtype)
    return [(out, x._dtype)]


def _mirror_grad_infer(g: Any, like: Any, paddings: tuple, mode: str) -> list:
    """`like` and `paddings` must be a valid MirrorPad whose output has `g`'s shape."""
    C.check_dtype("MirrorPadGrad", g, C.NUMERIC)  # summed: no strings or bools
    [(padded, _)] = _mirror_infer(like, paddings, mode, "MirrorPadGrad")
    if not C.compatible(padded, g._shape):
        raise C.fail("MirrorPadGrad", f"gradient shape {C.shape_str(g._shape)} != padded shape "
                                      f"{C.shape_str(padded)}")
    return [(like._shape, g._dtype)]


def _mirror_kernel(xp: Any, x: Any, paddings: tuple, mode: str) -> Any:
    return xp.pad(x, paddings, mode="reflect" if mode == "REFLECT" else "symmetric")


def _mirror_source(n: int, lo: int, hi: int, mode: str) -> np.ndarray:
    """For each padded position along an axis, the input index it copies."""
    off = 1 if mode == "REFLECT" else 0
    before = [lo - i - 1 + off for i in range(lo)]  # position i < lo mirrors lo - i (- 1)
    after = [n - 1 - off - j for j in range(hi)]
    return np.array(before + list(range(n)) + after, dtype=np.int64)


def _mirror_grad_kernel(xp: Any, g: Any, like: Any, paddings: tuple, mode: str) -> Any:
    out = g
    for axis, (lo, hi) in enumerate(paddings):
        n = like.shape[axis]
        src = _mirror_source(n, lo, hi, mode)
        acc = xp.zeros(out.shape[:axis] + (n,) + out.shape[axis + 1:], dtype=g.dtype)
        add_at(xp, xp.moveaxis(acc, axis, 0), xp.asarray(src), xp.moveaxis(out, axis, 0))
        out = acc
    return out


def _mirror_ref(x: np.ndarray, paddings: tuple, mode: str) -> np.ndarray:
    srcs = [_mirror_source(d, lo, hi, mode) for d, (lo, hi) in zip(x.shape, paddings)]
    shape = tuple(len(s) for s in srcs)
    out = np.empty(shape, dtype=x.dtype)
    for pos in np.ndindex(*shape):
        out[pos] = x[tuple(int(s[p]) for s, p in zip(srcs, pos))]
    return out


MIRROR_PAD = register(OpDef(
    "MirrorPad", _mirror_infer, _mirror_kernel,
    grad=lambda n, g: [bind(MIRROR_PAD_GRAD, (g, n.inputs[0]), dict(n.attrs))],
    reference=_mirror_ref,
    samples=lambda: [Sample((_f64(3, 4),), {"paddings": ((1, 2), (2, 1)), "mode": "REFLECT"}),
                     Sample((_f64(2, 3),), {"paddings": ((1, 1), (2, 3)), "mode": "SYMMETRIC"})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 2)),), {"paddings": ((2, 0), (0, 0)),
                                        "mode": "REFLECT"}, InvalidArgumentError,
                  "paddings must be less than the dimension size: 2, 0 not less "
                  "than 2"),
        BadSample((np.ones((2, 2)),), {"paddings": ((3, 0), (0, 0)),
                                        "mode": "SYMMETRIC"}, InvalidArgumentError,
                  "paddings must be no greater than the dimension size: 3, 0 greater "
                  "than 2")],
))

MIRROR_PAD_GRAD = register(OpDef(
    "MirrorPadGrad",  # the adjoint of MirrorPad: folds the border back onto the input
    _mirror_grad_infer, _mirror_grad_kernel,
    grad=lambda n, dy: [bind(MIRROR_PAD, (dy,), dict(n.attrs)), None],
    reference=lambda g, like, paddings, mode: _mirror_grad_ref(g, like, paddings, mode),
    samples=lambda: [Sample((_f64(6, 7), np.zeros((3, 4))), {"paddings": ((1, 2), (2, 1)),
                                                             "mode": "REFLECT"}, grad_inputs=(0,))],
    tf=TFForm(export=lambda n, b: b.node("MirrorPadGrad", [b.input(0), b.const(
        n.attrs["paddings"], dt.int32)], {"mode": n.attrs["mode"]}),
        load=lambda n: _mirror_grad_tf(n)),
))


def _mirror_grad_tf(n: Any) -> Any:
    """TF's MirrorPadGrad gives the paddings, not the input: zeros of its shape stand in."""
    paddings = n.const(1)
    if paddings is None:
        raise n.fail("eagerflow needs the paddings of MirrorPadGrad known at import")
    g = n.inputs[0]
    dims = shape(g)
    sizes = stack([dims[i] - int(lo) - int(hi) for i, (lo, hi) in enumerate(paddings)])
    like = zeros(sizes, g.dtype)
    return bind(MIRROR_PAD_GRAD, (g, like), {"paddings": tuple(map(tuple, paddings.tolist())),
                                              "mode": n.attrs["mode"]})


def _mirror_grad_ref(g: np.ndarray, like: np.ndarray, paddings: tuple, mode: str) -> np.ndarray:
    srcs = [_mirror_source(d, lo, hi, mode) for d, (lo, hi) in zip(like.shape, paddings)]
    out = np.zeros(like.shape, dtype=g.dtype)
    for pos in np.ndindex(*g.shape):
        out[tuple(int(s[p]) for s, p in zip(srcs, pos))] += g[pos]
    return out


@dispatch_binding
def pad(tensor: Any, paddings: Any, mode: str = "CONSTANT", constant_values: Any = 0,
        name: str | None = None) -> Any:
    """Pads with a constant, or by mirroring (REFLECT excludes the edge, SYMMETRIC repeats it)."""
    # (TF's mode.upper(): bytes stay bytes, which no mode equals)
    mode = mode.upper() if isinstance(mode, bytes) else \
        C.string_arg(mode, "mode", "upper").upper()
    if mode == "CONSTANT" and isinstance(constant_values, EagerTensor) and \
            not isinstance(tensor, Tensor) and not is_variable(tensor):
        # (PadV2's T is the tensor among its inputs' dtype: TF's wrapper converts the
        # tensor given as a list or an array to the value's, [1., 2.] for a float64 one)
        x = convert_to_tensor(tensor, constant_values._dtype)
    else:
        x = _t(tensor)
    if mode not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
        raise ValueError(f'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", '
                         f'or "SYMMETRIC". Received `mode` = {mode}')
    if mode == "CONSTANT" and _state.graph is not None and is_symbolic(paddings):
        return _pad_runtime(x, paddings, constant_values)
    if mode != "CONSTANT":
        op, inputs, attrs = MIRROR_PAD, (x,), {"mode": mode}
    elif _is_zero(constant_values):
        op, inputs, attrs = PAD, (x,), {}
    else:
        op, inputs, attrs = PADV2, (x, _pad_value(x, constant_values)), {}
    try:
        arr = _paddings_array(op.name, paddings)
        if op is PADV2 and x._dtype in _PAD_TYPES and inputs[1]._dtype is not x._dtype:
            # (TF's eager executor checks the inputs' types, once converted, before the
            # kernel reads paddings)
            raise C.wrong_input_dtype("PadV2", 2, x._dtype, inputs[1]._dtype)
        pads = _static_paddings(op.name, arr)
        return bind(op, inputs, {"paddings": pads, **attrs}, name)
    except OpError as e:  # (paddings as a Python list: TF's wrapper takes its slow path)
        if _state.graph is None and not e._message.startswith("{{"):  # (raised here)
            raised_eagerly(e, name)
        raise (slow_path(e) if passed_raw(paddings) else e) from None


def _paddings_array(op: str, paddings: Any) -> np.ndarray:
    """Known paddings as an integer array: a list of Python ints as it is, anything else
    converted as TF's op wrapper converts its input (`wrapper_inputs.index_input`: a NumPy
    array cast to int32, 1.5 refused)."""
    arr = None
    if isinstance(paddings, (list, tuple)):  # (the common case: nested lists of ints)
        try:
            arr = np.asarray(paddings)
        except ValueError:  # (a ragged list: the conversion below refuses it as TF's)
            pass
    if arr is None or arr.dtype.kind not in "iu":
        arr = wrapper_inputs.index_input(op, paddings, "Tpaddings")._numpy()
    return arr


def _static_paddings(op: str, arr: np.ndarray) -> tuple:
    """Known paddings (`_paddings_array`'s) as ((before, after), ...): an integer matrix
    with 2 columns."""
    if arr.ndim != 2 or arr.shape[-1] != 2:
        if _state.graph is not None:  # (infer refuses it as TF's shape function does)
            return nested_tuples(arr.tolist())
        raise C.fail(op, f"paddings must be a matrix with 2 columns: {C.shape_str(arr.shape)}")
    return tuple((int(a), int(b)) for a, b in arr.reshape(-1, 2))


def _pad_runtime(x: Any, paddings: Any, constant_values: Any) -> Any:
    """tf.pad in a graph with paddings known at run time: PadV2 takes them as an input."""
    t = as_int_tensor(paddings, "paddings")
    if t._shape is not None and (len(t._shape) != 2 or t._shape[1] not in (2, None)):
        raise ValueError(f"Shape must be rank 2 with 2 columns for 'paddings', got "
                         f"{C.shape_str(t._shape)}")
    rows = partial_value(t)
    rank = len(x._shape) if x._shape is not None else None
    if not isinstance(rows, list):
        rows = [None] * (rank or 0)
    pads = tuple(tuple(r) if isinstance(r, list) else (None, None) for r in rows)
    static = bool(pads) and all(None not in p for p in pads)  # folded: the static op
    runtime = () if static else (t,)
    if _is_zero(constant_values):
        return bind(PAD, (x, *runtime), {"paddings": pads})
    return bind(PADV2, (x, _pad_value(x, constant_values), *runtime), {"paddings": pads})


def _is_zero(constant_values: Any) -> bool:
    """TF pads with its Pad op (no value input) for a Python or NumPy scalar zero, PadV2
    for anything else, a tensor holding zero included."""
    if type(constant_values) is int or type(constant_values) is float:  # (the common case)
        return constant_values == 0
    if isinstance(constant_values, Tensor) or is_variable(constant_values) \
            or np.ndim(constant_values) != 0:
        return False
    return bool(constant_values == np.zeros_like(constant_values))


def _pad_value(x: Any, constant_values: Any) -> Any:
    if x._dtype is dt.string and isinstance(constant_values, int) and constant_values == 0:
        return convert_to_tensor(b"")
    if isinstance(constant_values, Tensor) or is_variable(constant_values):
        return convert_to_tensor(constant_values, dtype_hint=x._dtype)
    if _state.graph is not None:
        return _traced_pad_value(x, constant_values)
    # TF's eager wrapper converts any other value to the tensor's dtype: 9.7 for an int
    # tensor is its TypeError ("Cannot convert 9.7 to EagerTensor of dtype int32")
    return convert_to_tensor(constant_values, dtype=x._dtype)


def _traced_pad_value(x: Any, value: Any) -> Any:
    """While tracing, TF hands a Python value to PadV2's graph builder, which makes it a
    constant of the tensor's dtype if each element is of that kind (1.5 for an int tensor,
    "a" for a float one: its TypeError naming the parameter; None: its ValueError); a
    NumPy value is cast."""
    refused = op_input_refusal("constant_values", value)  # (None, a ragged list)
    if refused is not None:
        raise refused
    if not isinstance(value, (np.ndarray, np.generic)):
        try:
            check_elements(value, x._dtype)
        except TypeError as e:
            raise TypeError(f"Expected {x._dtype.name} passed to parameter 'constant_values' "
                            f"of op 'PadV2', got {value!r} of type '{type(value).__name__}' "
                            f"instead. Error: {e}") from None
    return convert_to_tensor(value, dtype_hint=x._dtype)
