"""TF's raw ops about the runtime rather than the values: the pass-throughs (IdentityN,
Snapshot, DeepCopy, PreventGradient, Copy, CopyHost, PlaceholderWithDefault), the ops of no
outputs (NoOp, SyncDevice, ControlTrigger, Abort), ToBool, DeviceIndex, SdcaFprint, FakeParam and
the TensorMap family (an immutable map from tensors to tensors in a variant scalar).

Ops layer, loaded by `import eagerflow`: tf.identity_n binds IdentityN, graph/ir.py makes
tf.no_op's and tf.group's NoOp of this module's op, and tf.compat.v1's
placeholder_with_default binds PlaceholderWithDefault. As TF 2.21 with `import
tensorflow`, Snapshot, DeepCopy, Copy, CopyHost and the TensorMap ops have no gradient
registered (TF's map_ops module registers the TensorMap ones when a program imports it;
tf.RegisterGradient can do the same here).
"""

from __future__ import annotations

import operator
import os
import sys
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as _device
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    ResourceExhaustedError,
)
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

farmhash = lazy_module("farmhash")  # (SdcaFprint's Fingerprint128)
print_v1 = lazy_module("eagerflow._src.ops.print_v1")  # (a missing key, as TF summarizes it)

_V = ((), dt.variant)


def _same(x: Any) -> list:
    return [(x._shape, x._dtype)]


def _pass(xp: Any, x: Any, **_: Any) -> Any:
    return x


def _f32(*values: float) -> np.ndarray:
    return np.array(values, np.float32)


def _strings(*values: bytes) -> np.ndarray:
    return np.array(values, dtype=object)


# ---------------------------------------------------------------------------------------
# IdentityN: its inputs, each passed through; each output's gradient is its input's.
# ---------------------------------------------------------------------------------------

def _identity_n_infer(*xs: Any) -> list:
    C.list_attr_at_least("IdentityN", "T", len(xs), 1)
    return [(x._shape, x._dtype) for x in xs]


IDENTITY_N = register(OpDef(
    "IdentityN", _identity_n_infer, lambda xp, *xs: tuple(xs),
    grad=lambda node, *gs: list(gs), reference=lambda *xs: tuple(xs), num_outputs=-1,
    forward_identity=True,
    samples=lambda: [Sample((_f32(1.5, -2.0), np.float64(3.0)), grad_inputs=(0, 1)),
                     Sample((_strings(b"a", b""), _strings(b"b")), grad=False),
                     Sample((np.ones((2, 3)), np.array([[1, 2]], np.int32)), grad_inputs=(0,))],
    bad_samples=lambda: [BadSample((), {}, InvalidArgumentError,
                                   "Length for attr 'T' of 0 must be at least minimum 1")],
))


def identity_n(input: Any, name: str | None = None) -> list:  # noqa: A002
    """tf.identity_n: each tensor of `input` passed through one IdentityN op."""
    wrapper_inputs.check_list_input(input, "T")
    if isinstance(input, Tensor):  # (iterated as TF iterates it; a scalar's iteration fails)
        xs = tuple(input)
    else:  # (TF's fast path takes any iterable: a str's characters, bytes' ints, a dict's
        # keys; anything else is Python's "not iterable" TypeError)
        xs = tuple(convert_to_tensor(x) for x in input)
    out = bind(IDENTITY_N, xs, {}, name)
    return list(out) if isinstance(out, tuple) else [out]


# ---------------------------------------------------------------------------------------
# The single pass-throughs.
# ---------------------------------------------------------------------------------------

# TF's CPU kernels of Snapshot, in the order its NotFoundError lists them
_SNAPSHOT_CPU = C.enums("BOOL COMPLEX128 COMPLEX64 DOUBLE FLOAT BFLOAT16 HALF INT32 INT8 UINT8 "
                        "INT16 UINT16 UINT32 INT64 UINT64")
_SNAPSHOT_TYPES = frozenset(C.NUMERIC | {dt.bool})


def _snapshot_infer(x: Any) -> list:
    if x._dtype not in _SNAPSHOT_TYPES:
        raise C.no_cpu_kernel("Snapshot", x._dtype, C.XLA_TYPES, _SNAPSHOT_CPU)
    return _same(x)


def _copy(xp: Any, x: Any, **_: Any) -> Any:
    return x.copy()


SNAPSHOT = register(OpDef(
    "Snapshot", _snapshot_infer, _copy, grad=C.no_gradient, reference=lambda x: x,
    samples=lambda: [Sample((_f32(1.5, -2.0),), grad=False),
                     Sample((np.array([[1, 2]], np.uint16),), grad=False)],
    bad_samples=lambda: [BadSample((_strings(b"a"),), {}, NotFoundError,
                                   "Could not find device for node: {{node Snapshot}} = "
                                   "Snapshot[T=DT_STRING]")],
))

# DeepCopy's kernel copies plain values only
_NO_DEEP_COPY = frozenset(C.QUANTIZED | {dt.variant, dt.resource, dt.int4, dt.uint4})


def _deep_copy_infer(x: Any) -> list:
    if x._dtype in _NO_DEEP_COPY:
        e = C.fail("DeepCopy", f"Unsupported data type: {C.dtype_word(x._dtype)}")
        # (TF's GPU kernels copy float, double, half, bfloat16 and int64 only: these types
        # run on its CPU kernel, which refuses them, so its error names CPU:0 on a GPU too)
        e.on_host = True
        raise e
    return _same(x)


DEEP_COPY = register(OpDef(
    "DeepCopy", _deep_copy_infer, _copy, grad=C.no_gradient, reference=lambda x: x,
    stateful=True,  # (TF's is: a new buffer every run)
    samples=lambda: [Sample((_f32(1.5, -2.0),), grad=False),
                     Sample((_strings(b"a", b""),), grad=False)],
    bad_samples=lambda: [BadSample((np.array([1], dt.qint8.as_numpy_dtype),), {},
                                   InvalidArgumentError, "Unsupported data type: qint8")],
))


def _prevented(node: Any, g: Any) -> list:
    raise LookupError(f"Gradient explicitly disabled. Reason: "
                      f"{node.attrs['message'].encode()!r}")


_prevented.no_tf_gradient = True  # (tf.RegisterGradient may give it one)

PREVENT_GRADIENT = register(OpDef(
    "PreventGradient", lambda x, message: _same(x), _pass, grad=_prevented,
    reference=lambda x, message: x,
    samples=lambda: [Sample((_f32(1.5, -2.0),), {"message": "why"}, grad=False),
                     Sample((_strings(b"a"),), {"message": ""}, grad=False)],
))


def _copy_infer(name: str) -> Any:
    def infer(x: Any, tensor_name: str, debug_ops_spec: tuple) -> list:
        # (each "debug_op;debug_url;gated_grpc" names a debugger TF attaches to the copy:
        # no debugger listens here, but the spec is read as TF's kernel reads it)
        for spec in debug_ops_spec:
            if str(spec).count(";") != 2:
                raise InternalError(None, None, f"Unexpected number of semicolons in "
                                                f"debug_ops_spec element: {spec} [Op:{name}]")
        return _same(x)
    return infer


def _copy_op(name: str) -> OpDef:
    return register(OpDef(
        name, _copy_infer(name), _pass, grad=C.no_gradient,
        reference=lambda x, **_: x,
        samples=lambda: [Sample((_f32(1.5, -2.0),), {"tensor_name": "",
                                                      "debug_ops_spec": ()}, grad=False),
                         Sample((_strings(b"a"),), {"tensor_name": "t",
                                                    "debug_ops_spec": ()}, grad=False)],
        bad_samples=lambda: [BadSample((_f32(1.0),), {"tensor_name": "", "debug_ops_spec": (
            "a;b;0", "x")}, InternalError, "Unexpected number of semicolons in debug_ops_spec "
                                           "element: x")],
    ))


COPY = _copy_op("Copy")
COPY_HOST = _copy_op("CopyHost")


def _dims(shape: Any) -> tuple | None:
    """A shape attr as TF's wrapper takes it (an int: one dim; -1 or None: an unknown
    one) as a tuple of ints and Nones, or None for an unknown rank."""
    if shape is None:
        return None
    if isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__"):
        shape = (shape,)
    out = []
    for d in shape:
        if d is None:
            out.append(None)
            continue
        try:
            d = operator.index(d)
        except TypeError:
            raise TypeError(f"Error converting shape to a TensorShape: Dimension value must be "
                            f"integer or None or have an __index__ method, got value '{d!r}' "
                            f"with type '{type(d)}'.") from None
        out.append(None if d == -1 else d)
    return tuple(out)


# ---------------------------------------------------------------------------------------
# PlaceholderWithDefault: its input, of the `shape` a graph gives it (checked there, as
# TF's shape function checks it; TF's eager kernel checks nothing).
# ---------------------------------------------------------------------------------------

def _pwd_infer(x: Any, shape: Any) -> list:
    shape = _dims(shape)
    if _state.graph is None or shape is None:
        return [(x._shape if _state.graph is None else None, x._dtype)]
    have = x._shape
    if have is not None:
        op = "PlaceholderWithDefault"
        if len(have) != len(shape):
            raise C.fail(op, f"Shapes must be equal rank, but are {len(have)} and {len(shape)}")
        for i, (a, b) in enumerate(zip(have, shape)):
            if a is not None and b is not None and a != b:
                raise C.fail(op, f"Dimension {i} in both shapes must be equal, but are {a} "
                                 f"and {b}. Shapes are {C.shape_str(have)} and "
                                 f"{C.shape_str(shape)}.")
    return [(shape, x._dtype)]


PLACEHOLDER_WITH_DEFAULT = register(OpDef(
    "PlaceholderWithDefault", _pwd_infer, _pass, grad=lambda node, g: [g],
    reference=lambda x, shape: x, no_fold=True,  # (a graph's feed may replace it)
    samples=lambda: [Sample((_f32(1.5, -2.0),), {"shape": (2,)}),
                     Sample((np.float64(3.0),), {"shape": None}),
                     Sample((_strings(b"a"),), {"shape": (None,)}, grad=False)],
))


def placeholder_with_default(input: Any, shape: Any, name: str | None = None) -> Any:  # noqa: A002
    """tf.compat.v1.placeholder_with_default: `input`, unless a feed gives another value
    (of `shape`)."""
    if getattr(shape, "rank", 0) is None:  # (a TensorShape of unknown rank)
        shape = None
    dims = _dims(shape.as_list() if hasattr(shape, "as_list") else shape)
    return bind(PLACEHOLDER_WITH_DEFAULT, (convert_to_tensor(input),), {"shape": dims}, name)


# ---------------------------------------------------------------------------------------
# The ops of no outputs. NoOp is also tf.no_op's and tf.group's node: its control inputs
# are what it runs, so graph passes never drop it (stateful here, not in TF's OpDef).
# ---------------------------------------------------------------------------------------

def _nothing(xp: Any) -> tuple:
    return ()


def _no_outputs(name: str) -> OpDef:
    return register(OpDef(name, lambda: [], _nothing, reference=tuple, num_outputs=0,
                           stateful=True, samples=lambda: [Sample((), grad=False)]))


NO_OP = _no_outputs("NoOp")
SYNC_DEVICE = _no_outputs("SyncDevice")  # (eagerflow's device work is done when it returns)
CONTROL_TRIGGER = _no_outputs("ControlTrigger")


# Abort ends the process when its kernel runs: with exit_without_error, TF logs "Exiting the
# process: <error_msg>" and exits with status 0 (here: that line, then SystemExit(0), which
# Python's `finally` blocks and atexit handlers see, as C's atexit handlers see TF's exit);
# else TF's fatal log "Abort_op intentional failure; <error_msg>" aborts it (SIGABRT), as
# here. TF 2.21 runs its kernel only in a TF 1 Session: an eager call does nothing (its
# OpDef is not stateful and has no outputs, so TF's eager runtime runs nothing) and a
# tf.function prunes the node, which nothing reads. So does eagerflow: tf.raw_ops.Abort
# eagerly returns None, and the op (not stateful) is pruned from functions.

def _abort_infer(error_msg: str = "", exit_without_error: bool = False) -> list:
    AV.bool_attr(exit_without_error, "exit_without_error")
    if not isinstance(error_msg, str):
        raise TypeError(f"Expected string for argument 'error_msg' not {error_msg!r}. [Op:Abort]")
    return []


def _abort_kernel(xp: Any, error_msg: str = "", exit_without_error: bool = False) -> tuple:
    if exit_without_error:
        sys.stderr.write(f"Exiting the process: {error_msg}\n")
        sys.stderr.flush()
        raise SystemExit(0)
    sys.stderr.write(f"Abort_op intentional failure; {error_msg}\n")
    sys.stderr.flush()
    os.abort()


def _abort_load(node: Any) -> Any:
    if _state.graph is None:
        return None  # (TF's eager runtime runs nothing)
    return bind(ABORT, (), {"error_msg": node.attrs.get("error_msg", ""),
                            "exit_without_error": node.attrs.get("exit_without_error", False)})


ABORT = register(OpDef(
    "Abort", _abort_infer, _abort_kernel, num_outputs=0,
    # (no samples: running it ends the process; tests/ops/test_abort.py runs it in another)
    bad_samples=lambda: [BadSample((), {"error_msg": 3}, TypeError,
                                   "Expected string for argument 'error_msg' not 3.")],
    tf=TFForm(load=_abort_load),
))


# ---------------------------------------------------------------------------------------
# ToBool: a scalar's truth (a string's: not empty), any other tensor's: not empty.
# ---------------------------------------------------------------------------------------

_TRUTHY = frozenset((dt.bool, dt.float32, dt.float64, dt.int8, dt.int16, dt.int32, dt.int64,
                     dt.uint8, dt.string))


def _to_bool_infer(x: Any) -> list:
    if x._shape == () and x._dtype not in _TRUTHY:
        raise C.fail("ToBool", f"{C.dtype_word(x._dtype)} cannot be converted to a boolean")
    return [((), dt.bool)]


def _to_bool(x: Any) -> np.bool_:
    x = np.asarray(x)
    if x.ndim:
        return np.bool_(x.size > 0)
    v = x[()]
    return np.bool_(len(v) > 0 if isinstance(v, (bytes, str)) else v != 0)


TO_BOOL = register(OpDef(
    "ToBool", _to_bool_infer, lambda xp, x: _to_bool(to_host(x)),
    reference=lambda x: np.bool_(bool(x.size) if x.ndim else
                                 bool(len(x[()])) if x.dtype == object else bool(x[()])),
    gpu=False,  # (TF's: its result lives on the host)
    samples=lambda: [Sample((np.float32(0.0),), grad=False),
                     Sample((np.float64(np.nan),), grad=False),
                     Sample((np.zeros((0, 3), np.float32),), grad=False),
                     Sample((np.zeros((1,), np.complex64),), grad=False),
                     Sample((np.array(b"", dtype=object),), grad=False),
                     Sample((_strings(b""),), grad=False)],
    bad_samples=lambda: [BadSample((np.complex64(1),), {}, InvalidArgumentError,
                                   "complex64 cannot be converted to a boolean"),
                         BadSample((np.float16(1),), {}, InvalidArgumentError,
                                   "half cannot be converted to a boolean"),
                         BadSample((np.uint64(1),), {}, InvalidArgumentError,
                                   "uint64 cannot be converted to a boolean")],
))


# ---------------------------------------------------------------------------------------
# DeviceIndex: the position of the type of the device it runs on among `device_names`,
# their count when none is it.
# ---------------------------------------------------------------------------------------

def _device_index(xp: Any, device_names: tuple) -> np.ndarray:
    kind = "CPU" if xp is np else "GPU"
    names = list(device_names)
    return np.int32(names.index(kind) if kind in names else len(names))


DEVICE_INDEX = register(OpDef(
    "DeviceIndex", lambda device_names: [((), dt.int32)], _device_index, stateful=True,
    reference=lambda device_names: np.int32(next(
        (i for i, n in enumerate(device_names) if n == _device.current_device().device_type),
        len(device_names))),
    samples=lambda: [Sample((), {"device_names": ("GPU", "CPU")}, grad=False),
                     Sample((), {"device_names": ()}, grad=False),
                     Sample((), {"device_names": ("cpu", "TPU")}, grad=False)],
))


# ---------------------------------------------------------------------------------------
# SdcaFprint: each string's farmhash Fingerprint128 as two int64 words, low then high (the
# low one never 0 or 1, which SDCA's hash tables keep as sentinels: TF moves those two
# values down by 2, modulo 2**64).
# ---------------------------------------------------------------------------------------

def _sdca_infer(input: Any) -> list:  # noqa: A002
    if input._dtype is not dt.string:
        raise C.wrong_input_dtype("SdcaFprint", 0, dt.string, input._dtype)
    s = input._shape
    if s is not None and len(s) != 1:
        raise C.fail("SdcaFprint", f"Input must be a vector, got shape {C.shape_str(s)}"
                     if _state.graph is None else f"Shape must be rank 1 but is rank {len(s)}")
    return [((None if s is None else s[0], 2), dt.int64)]


def _fprint_words(s: Any) -> tuple:
    low, high = farmhash.fingerprint128(s if isinstance(s, bytes) else str(s).encode())
    if low < 2:
        low = (low - 2) % 2**64
    return low, high


def _sdca_kernel(xp: Any, x: Any) -> np.ndarray:
    if x.ndim != 1:  # (a graph's input of unknown rank, as it comes)
        raise C.fail("SdcaFprint", f"Input must be a vector, got shape {C.shape_str(x.shape)}")
    words = np.array([_fprint_words(s) for s in x], np.uint64).reshape(len(x), 2)
    return words.view(np.int64)


SDCA_FPRINT = register(OpDef(
    "SdcaFprint", _sdca_infer, _sdca_kernel, gpu=False,
    reference=lambda x: np.array([[w - 2**64 if w >= 2**63 else w for w in _fprint_words(s)]
                                  for s in x], np.int64).reshape(-1, 2),
    samples=lambda: [Sample((_strings(b"", b"a", b"hello"),), grad=False),
                     Sample((np.zeros((0,), object),), grad=False)],
    bad_samples=lambda: [BadSample((np.array([[b"a"]], dtype=object),), {},
                                   InvalidArgumentError, "Input must be a vector, got shape "
                                                         "[1,1]")],
))


# ---------------------------------------------------------------------------------------
# FakeParam: a tensor of `shape` (its unknown dims 0, an unknown rank a scalar) whose
# values are TF's uninitialized memory: zeros here (empty strings, empty variants).
# ---------------------------------------------------------------------------------------

def _fake_shape(shape: Any) -> tuple:
    shape = _dims(shape)
    if shape is None:
        return ()
    dims = tuple(-1 if d is None else d for d in shape)
    if any(d < -1 for d in dims):
        raise C.fail("FakeParam", f"Shape {C.shape_str(dims)} has dimensions with values "
                                  f"below -1 (where -1 means unknown)")
    out = tuple(max(d, 0) for d in dims)
    n = 1
    for d in out:
        n *= d or 1
    if n > 2**63 - 1:
        raise C.fail("FakeParam", f"Shape {C.shape_str(out)} is too large (more than "
                                  f"2**63 - 1 entries)")
    return out


def _numpy_holds(op: str, shape: tuple, dtype: dt.DType) -> None:
    """Refuses an empty shape whose other dims' bytes pass int64, which TF's tensor can
    have but no NumPy array can: TF's words for reading such a tensor's numpy()."""
    n = 1
    for d in shape:
        n *= d or 1
    if 0 in shape and n * (dtype.size or 8) > 2**63 - 1:
        raise C.fail(op, f"Failed to create numpy array from tensor of shape "
                         f"[{', '.join(map(str, shape))}]. Numpy error: ValueError: array "
                         f"is too big; `arr.size * arr.dtype.itemsize` is larger than the "
                         f"maximum possible size.")


def _fake_infer(dtype: Any, shape: Any) -> list:
    out = _fake_shape(shape)
    dtype = dt.as_dtype(dtype)
    _numpy_holds("FakeParam", out, dtype)
    n = 1
    for d in out:
        n *= d
    if _device.current_device().backend.too_big(n * (dtype.size or 8)):
        raise ResourceExhaustedError(None, None, f"OOM when allocating temporary tensor with "
                                                 f"shape{C.shape_str(out)} [Op:FakeParam]")
    if _state.graph is not None:
        return [(_dims(shape), dtype)]
    return [(out, dtype)]


def _fake_kernel(xp: Any, dtype: Any, shape: Any) -> Any:
    dtype = dt.as_dtype(dtype)
    out = _fake_shape(shape)
    if dtype in (dt.string, dt.variant, dt.resource):
        arr = np.empty(out, object)
        arr[...] = b"" if dtype is dt.string else None
        return arr
    return xp.zeros(out, dtype.as_numpy_dtype)


FAKE_PARAM = register(OpDef(
    "FakeParam", _fake_infer, _fake_kernel, no_fold=True,
    reference=lambda dtype, shape: np.full(_fake_shape(shape), b"", object)
    if dtype is dt.string else np.zeros(_fake_shape(shape), dtype.as_numpy_dtype),
    samples=lambda: [Sample((), {"dtype": dt.float32, "shape": (2, 3)}, grad=False),
                     Sample((), {"dtype": dt.int32, "shape": None}, grad=False),
                     Sample((), {"dtype": dt.string, "shape": (None, 2)}, grad=False)],
    bad_samples=lambda: [BadSample((), {"dtype": dt.float32, "shape": (-5,)},
                                   InvalidArgumentError, "has dimensions with values below -1"),
                         BadSample((), {"dtype": dt.int8, "shape": (2**31, 2**31, 4)},
                                   InvalidArgumentError, "is too large (more than 2**63 - 1 "
                                                         "entries)")],
))


# ---------------------------------------------------------------------------------------
# TensorMap: a variant scalar holding a map from tensors to tensors. Two keys are one when
# they have the same dtype, shape and bytes (a string key's: the same strings), as TF's
# TensorKey compares them (0.0 and -0.0 are two keys, a NaN of the same bits is one; no
# key of a resource or variant is ever found again). TF iterates the keys in its hash
# map's order, which changes from run to run: here, the order they were first inserted.
# ---------------------------------------------------------------------------------------

class TensorMapValue:
    """A TensorMap's value, never changed: each insert or erase makes a new one. `items`:
    {key identity: (key, key dtype, value, value dtype)}."""

    __slots__ = ("items",)
    variant_text = "<TensorMap>"  # (how a variant tensor holding it prints)

    def __init__(self, items: dict | None = None) -> None:
        self.items = dict(items or {})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TensorMapValue) or other.items.keys() != self.items.keys():
            return False
        return all(a[3] is b[3] and _same_array(a[2], b[2])
                   for a, b in zip(self.items.values(), (other.items[k] for k in self.items)))

    __hash__ = None  # type: ignore[assignment]

    def zeros_like(self, xp: Any) -> TensorMapValue:
        """tf.zeros_like's value of a map, as TF's: the empty map (on any device `xp`)."""
        return TensorMapValue()

    def __repr__(self) -> str:
        return self.variant_text


def _same_array(a: Any, b: Any) -> bool:
    a, b = to_host(a), to_host(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype == object:
        return all(x == y for x, y in zip(a.reshape(-1), b.reshape(-1)))
    return a.tobytes() == b.tobytes()


def _bytes(v: Any) -> bytes:
    return v if isinstance(v, bytes) else str(v).encode()


def _key_id(key: Any, dtype: dt.DType) -> Any:
    if dtype in (dt.variant, dt.resource):
        return object()
    key = to_host(key)
    if dtype is dt.string:
        return ("string", key.shape, tuple(_bytes(v) for v in key.reshape(-1)))
    return (dtype.name, key.shape, key.tobytes())


def _held(x: Any) -> Any:
    return x[()] if isinstance(x, np.ndarray) and x.dtype == object and x.ndim == 0 else x


def _check_map_input(op: str, m: Any) -> None:
    if m._dtype is not dt.variant:
        raise C.wrong_input_dtype(op, 0, "variant", m._dtype)
    if m._shape:
        raise C.fail(op, f"Input map must be a scalar. Saw: {C.shape_str(m._shape)}")


def _check_typed(op: str, x: Any, index: int, want: Any) -> None:
    if want is not None and x._dtype is not dt.as_dtype(want):
        raise C.wrong_input_dtype(op, index, dt.as_dtype(want), x._dtype)


def _map_of(op: str, m: Any) -> TensorMapValue:
    if getattr(m, "ndim", 0):  # (a graph's input of unknown shape, as it comes)
        raise C.fail(op, f"Input map must be a scalar. Saw: {C.shape_str(m.shape)}")
    held = _held(m)
    if isinstance(held, TensorMapValue):
        return held
    what = "Variant<type: tensorflow::TensorList value: TensorList>" \
        if isinstance(held, tuple) else "Variant<type: <unknown> value: <unknown>>"
    raise C.fail(op, f"Input handle is not a map. Saw: '{what}'")


def _key_text(key: Any, dtype: dt.DType) -> str:
    """A key as TF's message shows it (Tensor::SummarizeValue, its first 100 values)."""
    if dtype is dt.variant:
        return " ".join(getattr(_held(v), "variant_text", "<unknown>")
                        for v in np.asarray(key, object).reshape(-1)[:100])
    return print_v1.summarize_nested(to_host(key), 100)


def _missing(op: str, what: str, key: Any, dtype: dt.DType) -> InvalidArgumentError:
    return C.fail(op, f"Trying to {what}. Could not find key \"{_key_text(key, dtype)}\".")


def _entry(op: str, m: Any, key: Any, key_dtype: Any, what: str) -> tuple:
    """(the map, the identity of `key`), refusing a key it doesn't hold."""
    held = _map_of(op, m)
    kid = _key_id(key, dt.as_dtype(key_dtype))
    if kid not in held.items:
        raise _missing(op, what, key, dt.as_dtype(key_dtype))
    return held, kid


def _copy_array(a: Any) -> Any:
    # (kept by the map: no later in-place write to the input's buffer may reach it)
    return a.copy() if hasattr(a, "copy") else a


EMPTY_TENSOR_MAP = register(OpDef(
    "EmptyTensorMap", lambda: [_V], lambda xp: object_scalar(TensorMapValue()), no_fold=True,
    reference=lambda: object_scalar(TensorMapValue()),
    gpu=False, samples=lambda: [Sample((), grad=False)],
))


def _insert_infer(m: Any, key: Any, value: Any, key_dtype: Any = None,
                  value_dtype: Any = None) -> list:
    _check_map_input("TensorMapInsert", m)
    _check_typed("TensorMapInsert", key, 1, key_dtype)
    _check_typed("TensorMapInsert", value, 2, value_dtype)
    return [_V]


def _insert_kernel(xp: Any, m: Any, key: Any, value: Any, key_dtype: Any = None,
                   value_dtype: Any = None) -> np.ndarray:
    held = _map_of("TensorMapInsert", m)
    kd, vd = dt.as_dtype(key_dtype), dt.as_dtype(value_dtype)
    items = dict(held.items)
    items[_key_id(key, kd)] = (_copy_array(key), kd, _copy_array(value), vd)
    return object_scalar(TensorMapValue(items))


def _lookup_infer(m: Any, key: Any, key_dtype: Any = None, value_dtype: Any = None) -> list:
    _check_map_input("TensorMapLookup", m)
    _check_typed("TensorMapLookup", key, 1, key_dtype)
    return [(None, dt.as_dtype(value_dtype))]


def _lookup_kernel(xp: Any, m: Any, key: Any, key_dtype: Any = None,
                   value_dtype: Any = None) -> Any:
    held, kid = _entry("TensorMapLookup", m, key, key_dtype, "lookup non-existent key")
    value, have = held.items[kid][2:]
    want = dt.as_dtype(value_dtype)
    if have is not want:
        raise C.fail("TensorMapLookup", f"Type mismatch: actual {C.dtype_word(have)} vs. "
                                        f"expect {C.dtype_word(want)}")
    return value if isinstance(value, np.ndarray) and value.dtype == object else \
        xp.asarray(value)


def _erase_infer(m: Any, key: Any, key_dtype: Any = None, value_dtype: Any = None) -> list:
    _check_map_input("TensorMapErase", m)
    _check_typed("TensorMapErase", key, 1, key_dtype)
    return [_V]


def _erase_kernel(xp: Any, m: Any, key: Any, key_dtype: Any = None,
                  value_dtype: Any = None) -> np.ndarray:
    held, kid = _entry("TensorMapErase", m, key, key_dtype, "erase non-existent item")
    items = dict(held.items)
    del items[kid]
    return object_scalar(TensorMapValue(items))


def _has_key_infer(m: Any, key: Any, key_dtype: Any = None) -> list:
    _check_map_input("TensorMapHasKey", m)
    _check_typed("TensorMapHasKey", key, 1, key_dtype)
    return [((), dt.bool)]


def _has_key_kernel(xp: Any, m: Any, key: Any, key_dtype: Any = None) -> np.ndarray:
    held = _map_of("TensorMapHasKey", m)
    return np.bool_(_key_id(key, dt.as_dtype(key_dtype)) in held.items)


def _size_infer(m: Any) -> list:
    _check_map_input("TensorMapSize", m)
    return [((), dt.int32)]


def _stack_keys_infer(m: Any, key_dtype: Any) -> list:
    _check_map_input("TensorMapStackKeys", m)
    return [(None, dt.as_dtype(key_dtype))]


def _stack_keys_kernel(xp: Any, m: Any, key_dtype: Any) -> Any:
    op = "TensorMapStackKeys"
    entries = list(_map_of(op, m).items.values())
    if not entries:
        raise C.fail(op, "TensorMapStackKeys cannot be called on empty map.")
    want = dt.as_dtype(key_dtype)
    if any(e[1] is not want for e in entries):
        raise C.fail(op, "Key does not match requested dtype.")
    keys = [to_host(e[0]) for e in entries]
    if any(k.shape != keys[0].shape for k in keys):
        raise C.fail(op, "Keys must all have the same shape.")
    out = np.stack(keys)
    return out if out.dtype == object else xp.asarray(out)


def _ref_find(m: Any, key: Any, key_dtype: Any) -> Any:
    """The map's entry whose key equals `key` (a scan of it, byte by byte), or None."""
    kd = dt.as_dtype(key_dtype)
    for k, d, v, vd in _held(m).items.values():
        if d is kd and kd not in (dt.variant, dt.resource) and _same_array(k, key):
            return k, d, v, vd
    return None


def _map_input(*entries: tuple) -> np.ndarray:
    """A sample's map holding (key, key dtype, value, value dtype) entries."""
    return object_scalar(TensorMapValue({_key_id(k, kd): (k, kd, v, vd)
                                       for k, kd, v, vd in entries}))


def _map_samples() -> np.ndarray:
    return _map_input((np.int32(1), dt.int32, _f32(1.5, -2.0), dt.float32),
                      (np.int32(5), dt.int32, np.array([[3, 4]], np.int64), dt.int64))


def _str_map() -> np.ndarray:
    return _map_input((_strings(b"a", b"b"), dt.string, np.float64(2.5), dt.float64))


# (a raw op takes its map as a variant tensor: tf.raw_ops offers it with that input)
_MAP_OPS = dict(grad=C.no_gradient, no_fold=True, gpu=False, tf=TFForm(takes_handles=True))

TENSOR_MAP_INSERT = register(OpDef(
    "TensorMapInsert", _insert_infer, _insert_kernel,
    reference=lambda m, k, v, key_dtype, value_dtype: object_scalar(TensorMapValue({
        **_held(m).items, _key_id(k, dt.as_dtype(key_dtype)):
            (k, dt.as_dtype(key_dtype), v, dt.as_dtype(value_dtype))})), **_MAP_OPS,
    samples=lambda: [
        Sample((_map_samples(), np.int32(2), np.float64(7.0)),
               {"key_dtype": dt.int32, "value_dtype": dt.float64}, grad=False),
        Sample((_map_samples(), np.int32(1), _strings(b"x")),
               {"key_dtype": dt.int32, "value_dtype": dt.string}, grad=False),
        Sample((_str_map(), np.float32(-0.0), _f32(1.0)),
               {"key_dtype": dt.float32, "value_dtype": dt.float32}, grad=False)],
    bad_samples=lambda: [BadSample((np.float32(1.0), np.int32(1), np.float32(1.0)),
                                   {"key_dtype": dt.int32, "value_dtype": dt.float32},
                                   InvalidArgumentError, "expected to be a variant tensor but "
                                                         "is a float tensor")],
))


def _lookup_ref(m: Any, k: Any, key_dtype: Any, value_dtype: Any) -> Any:
    return _ref_find(m, k, key_dtype)[2]


TENSOR_MAP_LOOKUP = register(OpDef(
    "TensorMapLookup", _lookup_infer, _lookup_kernel, reference=_lookup_ref, **_MAP_OPS,
    samples=lambda: [
        Sample((_map_samples(), np.int32(5)),
               {"key_dtype": dt.int32, "value_dtype": dt.int64}, grad=False),
        Sample((_str_map(), _strings(b"a", b"b")),
               {"key_dtype": dt.string, "value_dtype": dt.float64}, grad=False)],
    bad_samples=lambda: [
        BadSample((_map_samples(), np.int32(2)), {"key_dtype": dt.int32,
                                                  "value_dtype": dt.float32},
                  InvalidArgumentError, 'Trying to lookup non-existent key. Could not find '
                                        'key "2".'),
        BadSample((_map_samples(), np.int32(1)), {"key_dtype": dt.int32,
                                                  "value_dtype": dt.int32},
                  InvalidArgumentError, "Type mismatch: actual float vs. expect int32"),
        BadSample((_str_map(), _strings(b"a\n")), {"key_dtype": dt.string,
                                                   "value_dtype": dt.float64},
                  InvalidArgumentError, 'Could not find key "a\\n".')],
))

TENSOR_MAP_ERASE = register(OpDef(
    "TensorMapErase", _erase_infer, _erase_kernel, **_MAP_OPS,
    reference=lambda m, k, key_dtype, value_dtype: object_scalar(TensorMapValue({
        i: e for i, e in _held(m).items.items()
        if not (e[1] is dt.as_dtype(key_dtype) and _same_array(e[0], k))})),
    samples=lambda: [
        Sample((_map_samples(), np.int32(5)),
               {"key_dtype": dt.int32, "value_dtype": dt.int64}, grad=False),
        Sample((_map_samples(), np.int32(1)),  # (value_dtype is not checked)
               {"key_dtype": dt.int32, "value_dtype": dt.string}, grad=False)],
    bad_samples=lambda: [
        BadSample((_map_samples(), np.int64(1)), {"key_dtype": dt.int64,
                                                  "value_dtype": dt.float32},
                  InvalidArgumentError, 'Trying to erase non-existent item. Could not find '
                                        'key "1".')],
))

TENSOR_MAP_HAS_KEY = register(OpDef(
    "TensorMapHasKey", _has_key_infer, _has_key_kernel, **_MAP_OPS,
    reference=lambda m, k, key_dtype: np.bool_(_ref_find(m, k, key_dtype) is not None),
    samples=lambda: [Sample((_map_samples(), np.int32(5)), {"key_dtype": dt.int32},
                            grad=False),
                     Sample((_map_samples(), np.int64(5)), {"key_dtype": dt.int64},
                            grad=False),
                     Sample((_str_map(), _strings(b"a", b"b")), {"key_dtype": dt.string},
                            grad=False)],
))

TENSOR_MAP_SIZE = register(OpDef(
    "TensorMapSize", _size_infer,
    lambda xp, m: np.int32(len(_map_of("TensorMapSize", m).items)), **_MAP_OPS,
    reference=lambda m: np.int32(len(_held(m).items)),
    samples=lambda: [Sample((_map_samples(),), grad=False),
                     Sample((_map_input(),), grad=False)],
    bad_samples=lambda: [BadSample((np.stack([_map_samples()] * 2),), {},
                                   InvalidArgumentError, "Input map must be a scalar. Saw: "
                                                         "[2]")],
))

TENSOR_MAP_STACK_KEYS = register(OpDef(
    "TensorMapStackKeys", _stack_keys_infer, _stack_keys_kernel, **_MAP_OPS,
    reference=lambda m, key_dtype: np.stack([k for k, *_ in _held(m).items.values()]),
    samples=lambda: [Sample((_map_samples(),), {"key_dtype": dt.int32}, grad=False),
                     Sample((_str_map(),), {"key_dtype": dt.string}, grad=False)],
    bad_samples=lambda: [
        BadSample((_map_input(),), {"key_dtype": dt.int32}, InvalidArgumentError,
                  "TensorMapStackKeys cannot be called on empty map."),
        BadSample((_map_samples(),), {"key_dtype": dt.int64}, InvalidArgumentError,
                  "Key does not match requested dtype.")],
))
