"""tf.raw_ops' stateful generator ops, TF 2.21's draws bit for bit, and NonDeterministicInts.

Sits in the ops layer above random_generator.py. StatefulUniform, StatefulUniformInt,
StatefulUniformFullInt, StatefulStandardNormalV2 and StatefulTruncatedNormal draw from a
state variable laid out as a tf.random.Generator's ([counter_lo, counter_hi, key, ...]
for Philox): the values the stateless V2 op draws at that key and counter, the counter
then moved on by 256 blocks per value (an empty draw leaves it; words past the third
stay). tf.random.Generator's methods do not use them in TF 2.21 (they read and skip with
RngReadAndSkip, then draw with the V2 ops); they serve tf.raw_ops and graphs holding them.

As StatefulRandomBinomial here, each op takes the state's value and returns the advanced
state beside the samples; a TF node (or tf.raw_ops call) on the variable reads it, draws
and assigns (its TFForm), where the variable lives, as TF places an op on a resource. On
a GPU the state stays there: philox reads its key and counter on the device and the
counter is moved on there, as TF's GPU kernel reads and updates the variable in device
kernels, so no word of it is read back (the algorithm, minval, maxval and a shape tensor
are host inputs, TF's HostMemory ones).
"""

from __future__ import annotations

import math as _pymath
import os
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, UnimplementedError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import random as R
from eagerflow._src.ops import random_binomial as B
from eagerflow._src.ops import random_dists as D
from eagerflow._src.ops import random_generator as G
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops import random_stateless as S
from eagerflow._src.ops.dispatch import bind_at
from eagerflow._src.ops.dynshape import check_runtime_arg
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_M64 = (1 << 64) - 1
_FLOATS = (dt.float64, dt.float32, dt.bfloat16, dt.float16)  # (TF's kernel list's order)
_FULL_INTS = (dt.uint64, dt.uint32, dt.int64, dt.int32)
_INTS = (dt.int64, dt.int32)
_XLA_SHAPE_TYPES = ("DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
                    "DT_COMPLEX64, DT_INT64, DT_BOOL, DT_QINT8, DT_QUINT8, DT_QINT32, "
                    "DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, "
                    "DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN, DT_FLOAT8_E4M3FNUZ, "
                    "DT_FLOAT8_E4M3B11FNUZ, DT_FLOAT8_E5M2FNUZ, DT_INT4, DT_UINT4")


def _no_kernel(op: str, dtype: dt.DType, shape_dtype: dt.DType,
               kernels: tuple) -> InvalidArgumentError:
    """TF's refusal of a dtype the op has no CPU kernel for. (TF prints the node's two
    attrs in an order that varies from run to run; here always this one.)"""
    attrs = [f"dtype={C.dt_enum(dtype)}", f"shape_dtype={C.dt_enum(shape_dtype)}"]
    xla = "DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF" if kernels == _FLOATS else \
        "DT_INT32, DT_INT64, DT_UINT32, DT_UINT64"
    lines = "".join(f"\n  device='CPU'; dtype in [{C.dt_enum(d)}]" for d in kernels)
    return InvalidArgumentError(
        None, None, f"No OpKernel was registered to support Op '{op}' used by {{{{node {op}}}}}"
                    f" with these attrs: [{', '.join(attrs)}]\nRegistered devices: [CPU]\n"
                    f"Registered kernels:\n  device='XLA_CPU_JIT'; shape_dtype in "
                    f"[{_XLA_SHAPE_TYPES}]; dtype in [{xla}]{lines}\n\n\t [[{op}]] [Op:{op}]")


def _check_alg_shape(op: str, alg: Any) -> None:
    C.check_dtype(op, alg, frozenset((dt.int64,)), "algorithm")
    if alg._shape is not None and alg._shape != ():
        raise C.fail(op, f"input 1 (0-based) must have shape [], not {C.shape_str(alg._shape)}")


def _check_shape(op: str, shape: tuple | None, dtype: dt.DType, shape_dtype: dt.DType) -> None:
    """The shape attr (its input's dtype, `shape_dtype`, is any TF allows there)."""
    if shape_dtype not in (dt.int32, dt.int64):
        raise C.fail(op, "shape must be a vector of {int32,int64}.")
    R.check_shape(op, shape, dtype)


def _check_state_dtype(op: str, state: Any) -> None:
    if state._dtype is not dt.int64:
        raise C.fail(op, f"dtype of RNG state variable must be int64, not "
                         f"{C.dtype_word(state._dtype)}")


def _check_state(op: str, state: Any, alg: Any) -> None:
    """TF's checks of a Philox state value, in its order: the algorithm's id, the state's
    rank, then its size for that algorithm (its shape only: no word is read)."""
    a = int(alg)  # (a host input, as TF's HostMemory algorithm)
    if a not in (S.Algorithm.PHILOX.value, S.Algorithm.THREEFRY.value,
                 S.Algorithm.AUTO_SELECT.value):
        raise C.fail(op, f"Unsupported algorithm id: {a}")
    if state.ndim != 1:
        raise C.fail(op, f"RNG state must have one and only one dimension, not {state.ndim}")
    if a == S.Algorithm.THREEFRY.value:
        raise UnimplementedError(None, None, f"Non-XLA devices don't support the ThreeFry "
                                             f"algorithm. [Op:{op}]")
    if state.shape[0] < 3:
        raise C.fail(op, f"For the Philox algorithm, the size of state must be at least 3; "
                         f"got {state.shape[0]}")


def _stream(xp: Any, state: Any) -> tuple:
    """(key, counter) of a Philox state value: ints read from a host state; on a device,
    its words where they lie (the key a 0-d uint64 array, the counter a (2,) one of its
    low and high words), which philox reads there, as TF's GPU kernel reads the state
    variable in the kernel that draws: nothing is read back."""
    if xp is np:
        lo, hi, key = (int(v) & _M64 for v in state[:3].tolist())
        return key, lo | (hi << 64)
    words = state.view(xp.uint64)
    return words[2], words[:2]


def _advanced(xp: Any, state: Any, n: int) -> Any:
    """The state with its 128-bit counter moved on by 256 blocks per value drawn, its later
    words kept; on the state's own device. (n * 256 < 2**64: no tensor holds 2**56
    values, so the high word takes the low word's carry alone.) A Generator's skip moves
    it the same way: on a device, one launch."""
    return G.advanced(xp, state, n * D.SAMPLES_PER_OUTPUT)


def _ref_advanced(state: np.ndarray, n: int) -> np.ndarray:
    lo, hi = (int(v) % 2**64 for v in state[:2])
    c = (lo + hi * 2**64 + n * 256) % 2**128
    new = [v - 2**64 if v >= 2**63 else v for v in (c % 2**64, c // 2**64)]
    return np.array(new + list(state[2:]), np.int64)


# the ops by name, for their loads (each binds its own op)
_OPS: dict = {}


def _load(name: str, params: int) -> Callable:
    """TF's node (the state variable, algorithm, shape[, minval, maxval]): read the
    state, draw, assign the advanced state."""
    def load(node: Any) -> Any:
        var = B.state_variable(node.inputs[0], name)
        alg, shape_t = node.inputs[1], node.inputs[2]
        extra = tuple(node.inputs[3:3 + params])
        attrs = {"shape_dtype": node.attrs["shape_dtype"]}
        if not params:
            attrs["dtype"] = node.attrs["dtype"]
        c = node.const(2)
        dyn: tuple = ()
        if c is None:
            attrs["shape"], dyn = R.shape_input(shape_t, name)
        elif np.ndim(c) != 1:
            raise C.fail(name, f"shape must be a vector of {{int32,int64}}, got shape "
                               f"{C.shape_str(np.shape(c))}")
        else:
            attrs["shape"] = tuple(int(d) for d in np.asarray(c))
        # (TF runs it where the state variable lives: there it reads, draws and assigns)
        samples, new = bind_at(var._device, _OPS[name], (var.read_value(), alg) + extra + dyn,
                               attrs)
        var.assign(new)
        return samples
    return load


def _export(op: str, params: int) -> Callable:
    """TF's node draws from the state variable itself and moves it on; the state after it
    is read for the assignment that follows (as StatefulRandomBinomial's)."""
    def export(node: Any, w: Any) -> list:
        read = node.inputs[0]._op
        while read.type == "Identity":
            read = read.inputs[0]._op
        if read.type != "ReadVariableOp":
            raise ValueError(f"{op} draws from a state variable; here its state is computed "
                             f"by {read.type}")
        var = read.inputs[0]
        shape_dtype = node.attrs.get("shape_dtype", dt.int64)
        if len(node.inputs) > 2 + params:  # (a shape known when the graph runs)
            shape, shape_dtype = w.input(2 + params), node.inputs[2 + params]._dtype
        else:
            shape = w.const(np.array(node.attrs["shape"], shape_dtype.as_numpy_dtype))
        attrs = {"shape_dtype": shape_dtype}
        if not params:
            attrs["dtype"] = node.attrs["dtype"]
        samples = w.node(op, [w.resource(var), w.input(1), shape] +
                         [w.input(2 + i) for i in range(params)], attrs)
        return samples + w.node("ReadVariableOp", [w.resource(var)], {"dtype": dt.int64})
    return export


def _register(op: OpDef) -> OpDef:
    _OPS[op.name] = op
    return register(op)


_STATE = np.array([2002, 0, 7], np.int64)
_WRAP = np.array([-3, -1, 9, 4], np.int64)  # the counter wraps; a fourth word stays
_ALG = np.int64(1)


def _dtype_infer(name: str, allowed: tuple) -> Callable:
    """The infer of a generator op whose output dtype is its `dtype` attr."""
    def infer(state: Any, alg: Any, *dyn: Any, shape: tuple | None, dtype: dt.DType,
              shape_dtype: dt.DType = dt.int64) -> list:
        C.dtype_attr(name, dtype)
        C.dtype_attr(name, shape_dtype, "shape_dtype")
        if dtype not in allowed:
            raise _no_kernel(name, dtype, shape_dtype, allowed)
        _check_alg_shape(name, alg)
        if dyn:
            check_runtime_arg(name, dyn, "shape")
        _check_shape(name, shape, dtype, shape_dtype)
        _check_state_dtype(name, state)
        return [(shape, dtype), (state._shape, dt.int64)]
    return infer


def _dtype_kernel(name: str, draw: Callable) -> Callable:
    """Its kernel: `draw`'s values at the state's key and counter, and the state moved on."""
    def kernel(xp: Any, state: Any, alg: Any, *dyn: Any, shape: tuple, dtype: dt.DType,
               shape_dtype: dt.DType = dt.int64) -> tuple:
        shape = R.runtime_shape(name, dyn, shape, dtype)
        _check_state(name, state, alg)
        key, counter = _stream(xp, state)
        n = _pymath.prod(shape)
        return (draw(xp, key, counter, n, dtype.as_numpy_dtype).reshape(shape),
                _advanced(xp, state, n))
    return kernel


def _float_op(name: str, dist: Callable, ref_fn: Callable) -> OpDef:
    def reference(state: Any, alg: Any, shape: tuple, dtype: dt.DType,
                  shape_dtype: dt.DType = dt.int64) -> tuple:
        lo, hi, key = (int(v) % 2**64 for v in state[:3])
        n = _pymath.prod(shape)
        vals = ref_fn(key, lo + hi * 2**64, n, dtype.name)
        return (np.array(vals, np.float64).astype(dtype.as_numpy_dtype).reshape(shape),
                _ref_advanced(state, n))

    def samples() -> list:
        return [Sample((_STATE, _ALG), {"shape": (3, 4), "dtype": dt.float32,
                                        "shape_dtype": dt.int64}, grad=False),
                Sample((_WRAP, np.int64(3)), {"shape": (5,), "dtype": dt.float64,
                                              "shape_dtype": dt.int64}, grad=False),
                Sample((_STATE, _ALG), {"shape": (2, 3), "dtype": dt.float16,
                                        "shape_dtype": dt.int32}, grad=False),
                Sample((_STATE, _ALG), {"shape": (0,), "dtype": dt.bfloat16,
                                        "shape_dtype": dt.int64}, grad=False)]

    def bad() -> list:
        a = {"shape": (2,), "dtype": dt.float32, "shape_dtype": dt.int64}
        return [
            BadSample((_STATE, np.int64(2)), a, UnimplementedError,
                      "Non-XLA devices don't support the ThreeFry algorithm."),
            BadSample((_STATE, np.int64(0)), a, InvalidArgumentError,
                      "Unsupported algorithm id: 0"),
            BadSample((_STATE, np.array([1], np.int64)), a, InvalidArgumentError,
                      "input 1 (0-based) must have shape [], not [1]"),
            BadSample((np.array([1, 2], np.int64), _ALG), a, InvalidArgumentError,
                      "For the Philox algorithm, the size of state must be at least 3; got 2"),
            BadSample((np.array([[1, 2, 3]], np.int64), _ALG), a, InvalidArgumentError,
                      "RNG state must have one and only one dimension, not 2"),
            BadSample((np.array([1, 2, 3], np.int32), _ALG), a, InvalidArgumentError,
                      "dtype of RNG state variable must be int64, not int32"),
            BadSample((_STATE, _ALG), dict(a, shape=(-2,)), InvalidArgumentError,
                      "Dimension -2 must be >= 0"),
            BadSample((_STATE, _ALG), dict(a, dtype=dt.int32), InvalidArgumentError,
                      f"No OpKernel was registered to support Op '{name}'")]

    return _register(OpDef(name, _dtype_infer(name, _FLOATS), _dtype_kernel(name, dist),
                           reference=reference, num_outputs=2,
                           stateful=True, host_inputs=(1, 2),  # (alg, a shape tensor)
                           samples=samples, bad_samples=bad,
                           tf=TFForm(load=_load(name, 0), export=_export(name, 0),
                                     takes_handles=True)))


STANDARD_NORMAL = _float_op(
    "StatefulStandardNormalV2", D.normal,
    lambda k, c, n, d: ref.normals(ref.Stream(k, c), n, d))
UNIFORM = _float_op(
    "StatefulUniform", D.uniform,
    lambda k, c, n, d: ref.uniforms(ref.Stream(k, c), n, d))
TRUNCATED_NORMAL = _float_op(
    "StatefulTruncatedNormal", D.truncated_normal, ref.truncated_normals)


# ---------------------------------------------------------------------------------------
# Integers: StatefulUniformFullInt (the dtype's whole range), StatefulUniformInt (minval,
# maxval inputs of the output's dtype).
# ---------------------------------------------------------------------------------------

_FULL = "StatefulUniformFullInt"


def _ref_full(state: Any, alg: Any, shape: tuple, dtype: dt.DType,
              shape_dtype: dt.DType = dt.int64) -> tuple:
    lo, hi, key = (int(v) % 2**64 for v in state[:3])
    npd = np.dtype(dtype.as_numpy_dtype)
    bits, n = 8 * npd.itemsize, _pymath.prod(shape)
    vals = ref.integers(ref.Stream(key, lo + hi * 2**64), n, 0, 2**bits, bits)
    return (np.array(vals, np.uint64).astype(f"u{npd.itemsize}").view(npd).reshape(shape),
            _ref_advanced(state, n))


UNIFORM_FULL_INT = _register(OpDef(
    _FULL, _dtype_infer(_FULL, _FULL_INTS), _dtype_kernel(_FULL, D.full_int),
    reference=_ref_full, num_outputs=2, stateful=True,
    host_inputs=(1, 2),  # (alg, a shape tensor: TF's HostMemory)
    samples=lambda: [
        Sample((_STATE, _ALG), {"shape": (3, 4), "dtype": dt.uint64, "shape_dtype": dt.int64},
               grad=False),
        Sample((_WRAP, _ALG), {"shape": (5,), "dtype": dt.int32, "shape_dtype": dt.int64},
               grad=False),
        Sample((_STATE, np.int64(3)), {"shape": (2, 2), "dtype": dt.uint32,
                                       "shape_dtype": dt.int32}, grad=False),
        Sample((_STATE, _ALG), {"shape": (3,), "dtype": dt.int64, "shape_dtype": dt.int64},
               grad=False)],
    bad_samples=lambda: [
        BadSample((_STATE, _ALG), {"shape": (2,), "dtype": dt.float32,
                                   "shape_dtype": dt.int64}, InvalidArgumentError,
                  "No OpKernel was registered to support Op 'StatefulUniformFullInt' used by "
                  "{{node StatefulUniformFullInt}} with these attrs: ["),
        BadSample((np.array([1, 2], np.int64), np.int64(2)),
                  {"shape": (2,), "dtype": dt.uint64, "shape_dtype": dt.int64},
                  UnimplementedError, "ThreeFry")],
    tf=TFForm(load=_load(_FULL, 0), export=_export(_FULL, 0), takes_handles=True),
))

_INT = "StatefulUniformInt"


def _int_infer(state: Any, alg: Any, lo: Any, hi: Any, *dyn: Any, shape: tuple | None,
               shape_dtype: dt.DType = dt.int64) -> list:
    C.dtype_attr(_INT, shape_dtype, "shape_dtype")
    if hi._dtype is not lo._dtype:  # (minval's dtype sets the attr)
        raise C.wrong_input_dtype(_INT, 4, lo._dtype, hi._dtype)
    if lo._dtype not in _INTS:
        raise _no_kernel(_INT, lo._dtype, shape_dtype, _INTS)
    _check_alg_shape(_INT, alg)
    if shape_dtype not in (dt.int32, dt.int64):
        raise C.fail(_INT, "shape must be a vector of {int32,int64}.")
    out = R.uniform_int_infer(_INT, lo, hi, dyn, shape, frozenset(_INTS))
    _check_state_dtype(_INT, state)
    return out + [(state._shape, dt.int64)]


def _int_kernel(xp: Any, state: Any, alg: Any, lo: Any, hi: Any, *dyn: Any, shape: tuple,
                shape_dtype: dt.DType = dt.int64) -> tuple:
    # (host inputs, TF's HostMemory ones: where a device holds them, each read back once)
    lo, hi = to_host(lo), to_host(hi)
    shape = R.runtime_shape(_INT, dyn, shape, lo.dtype)
    R.check_range(_INT, lo, hi)  # (before the state: an empty draw checks it too)
    _check_state(_INT, state, alg)
    key, counter = _stream(xp, state)
    n = _pymath.prod(shape)
    return (D.uniform_int(xp, key, counter, n, int(lo), int(hi), lo.dtype).reshape(shape),
            _advanced(xp, state, n))


def _ref_int(state: Any, alg: Any, lo: Any, hi: Any, shape: tuple,
             shape_dtype: dt.DType = dt.int64) -> tuple:
    c_lo, c_hi, key = (int(v) % 2**64 for v in state[:3])
    n = _pymath.prod(shape)
    vals = ref.integers(ref.Stream(key, c_lo + c_hi * 2**64), n, int(lo), int(hi),
                        8 * lo.dtype.itemsize)
    return np.array(vals, dtype=lo.dtype).reshape(shape), _ref_advanced(state, n)


UNIFORM_INT = _register(OpDef(
    _INT, _int_infer, _int_kernel, reference=_ref_int, num_outputs=2, stateful=True,
    host_inputs=(1, 2, 3, 4),  # (alg, minval, maxval, a shape tensor: TF's HostMemory)
    samples=lambda: [
        Sample((_STATE, _ALG, np.int64(-3), np.int64(100)), {"shape": (3, 4),
                                                            "shape_dtype": dt.int64},
               grad=False),
        Sample((_WRAP, np.int64(3), np.int32(-2**31), np.int32(2**31 - 1)),
               {"shape": (5,), "shape_dtype": dt.int32}, grad=False),
        Sample((_STATE, _ALG, np.int64(-2**62), np.int64(2**62)), {"shape": (0, 2),
                                                                  "shape_dtype": dt.int64},
               grad=False)],
    bad_samples=lambda: [
        BadSample((_STATE, _ALG, np.int64(5), np.int64(3)), {"shape": (0,),
                                                            "shape_dtype": dt.int64},
                  InvalidArgumentError, "Need minval < maxval, got 5 >= 3"),
        BadSample((_STATE, _ALG, np.array([5], np.int64), np.int64(9)),
                  {"shape": (2,), "shape_dtype": dt.int64}, InvalidArgumentError,
                  "minval must be 0-D, got shape [1]"),
        BadSample((_STATE, _ALG, np.float32(0), np.float32(5)),
                  {"shape": (2,), "shape_dtype": dt.int64}, InvalidArgumentError,
                  "No OpKernel was registered to support Op 'StatefulUniformInt' used by "
                  "{{node StatefulUniformInt}} with these attrs: ["),
        BadSample((_STATE, np.int64(2), np.int64(5), np.int64(3)),
                  {"shape": (2,), "shape_dtype": dt.int64}, InvalidArgumentError,
                  "Need minval < maxval, got 5 >= 3")],
    tf=TFForm(load=_load(_INT, 2), export=_export(_INT, 2), takes_handles=True),
))


# ---------------------------------------------------------------------------------------
# NonDeterministicInts: the system's entropy, in the dtype's whole range.
# ---------------------------------------------------------------------------------------

_NDI = "NonDeterministicInts"
_NDI_DTYPES = (dt.uint64, dt.int64, dt.uint32, dt.int32)  # (TF's kernel list's order)


def _ndi_infer(*dyn: Any, shape: tuple | None, dtype: dt.DType = dt.int64,
               shape_dtype: dt.DType = dt.int64) -> list:
    C.dtype_attr(_NDI, dtype)
    C.dtype_attr(_NDI, shape_dtype, "shape_dtype")
    if dtype not in _NDI_DTYPES:
        raise C.no_kernel(_NDI, f"dtype={C.dt_enum(dtype)}, shape_dtype="
                                f"{C.dt_enum(shape_dtype)}", _NDI_DTYPES, attr="dtype")
    if dyn:
        check_runtime_arg(_NDI, dyn, "shape")
    _check_shape(_NDI, shape, dtype, shape_dtype)
    return [(shape, dtype)]


def _ndi_kernel(xp: Any, *dyn: Any, shape: tuple, dtype: dt.DType = dt.int64,
                shape_dtype: dt.DType = dt.int64) -> Any:
    shape = R.runtime_shape(_NDI, dyn, shape, dtype)
    npd = np.dtype(dtype.as_numpy_dtype)
    n = _pymath.prod(shape)
    return xp.asarray(np.frombuffer(os.urandom(n * npd.itemsize), npd).reshape(shape))


NON_DETERMINISTIC_INTS = register(OpDef(
    _NDI, _ndi_infer, _ndi_kernel,
    reference=lambda shape, dtype=dt.int64, shape_dtype=dt.int64: np.zeros(
        shape, dtype.as_numpy_dtype),
    stateful=True, nondeterministic=True, gpu=False,
    samples=lambda: [Sample((), {"shape": (2, 3), "dtype": dt.int64, "shape_dtype": dt.int64},
                            grad=False),
                     Sample((), {"shape": (4,), "dtype": dt.uint32, "shape_dtype": dt.int32},
                            grad=False),
                     Sample((), {"shape": (0, 2), "dtype": dt.int32, "shape_dtype": dt.int64},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((), {"shape": (2,), "dtype": dt.float32, "shape_dtype": dt.int64},
                  NotFoundError,
                  "Could not find device for node: {{node NonDeterministicInts}} = "
                  "NonDeterministicInts[dtype=DT_FLOAT, shape_dtype=DT_INT64]"),
        BadSample((), {"shape": (-2,), "dtype": dt.int64, "shape_dtype": dt.int64},
                  InvalidArgumentError, "Dimension -2 must be >= 0")],
))
