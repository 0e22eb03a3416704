"""tf.raw_ops' first stateless random ops, seeded directly: TF 2.21's numbers bit for bit.

Sits in the ops layer above random_gamma.py. Each op takes a seed [2] where the V2 ops
take (key, counter, alg): its kernel scrambles the seed into a Philox (key, counter) as
StatelessRandomGetKeyCounter does and draws exactly what the V2 op draws from that
stream (TF's outputs agree value for value). TF's public functions bind the V2 ops;
these serve tf.raw_ops and graphs that hold them. Also here: StatelessRandomGetAlg
(the algorithm a CPU picks: Philox) and StatelessRandomGetKeyCounterAlg (the seed's
key and counter with that algorithm).
"""

from __future__ import annotations

import math as _pymath
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox
from eagerflow._src.ops import random as R
from eagerflow._src.ops import random_dists as D
from eagerflow._src.ops import random_gamma as G
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops import random_stateless as S
from eagerflow._src.ops.dynshape import check_runtime_arg
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_SEED = S._SEED
_SEED32 = np.array([-1, 7], np.int32)
_INT_DTYPES = frozenset((dt.int32, dt.int64))


def _stream(seed: Any) -> tuple:
    """The Philox (key, counter) of a seed, as StatelessRandomGetKeyCounter makes it."""
    return philox.scramble_seed(int(seed[0]), int(seed[1]))


def _ref_stream(seed: np.ndarray) -> ref.Stream:
    return ref.Stream(*ref.scramble(int(seed[0]), int(seed[1])))


# (the V1 draws' seed and a runtime shape: TF's GPU kernels take them in host memory)
_SEED_AND_SHAPE = (0, 1)


def _check_dyn(op: str, dyn: tuple) -> None:
    if dyn:
        check_runtime_arg(op, dyn, "shape")


# ---------------------------------------------------------------------------------------
# Floats: StatelessRandomUniform, StatelessRandomNormal, StatelessTruncatedNormal.
# ---------------------------------------------------------------------------------------

def _float_op(name: str, dist: Callable, ref_fn: Callable, samples: Any, bad: Any) -> OpDef:
    def infer(seed: Any, *dyn: Any, shape: tuple | None, dtype: dt.DType) -> list:
        R.float_dtype_check(name, dtype)
        S._check_seed(name, seed)
        _check_dyn(name, dyn)
        R.check_shape(name, shape, dtype)
        return [(shape, dtype)]

    def kernel(xp: Any, seed: Any, *dyn: Any, shape: tuple, dtype: dt.DType) -> Any:
        shape = R.runtime_shape(name, dyn, shape, dtype)
        k, c = _stream(seed)
        return dist(xp, k, c, _pymath.prod(shape), dtype.as_numpy_dtype).reshape(shape)

    def reference(seed: Any, shape: tuple, dtype: dt.DType) -> Any:
        vals = ref_fn(_ref_stream(seed), _pymath.prod(shape), dtype.name)
        return np.array(vals, dtype=np.float64).astype(dtype.as_numpy_dtype).reshape(shape)

    return register(OpDef(name, infer, kernel, reference=reference, samples=samples,
                          bad_samples=bad, host_inputs=_SEED_AND_SHAPE))


def _float_samples(shapes: tuple) -> Callable:
    return lambda: [Sample((_SEED,), {"shape": shapes[0], "dtype": dt.float32}, grad=False),
                    Sample((_SEED32,), {"shape": shapes[1], "dtype": dt.float64}, grad=False),
                    Sample((_SEED,), {"shape": (6,), "dtype": dt.float16}, grad=False)]


def _bad_seed(op: str, attrs: dict, extra: tuple = ()) -> Callable:
    return lambda: [BadSample((np.array([1, 2, 3], np.int64),) + extra, attrs,
                              InvalidArgumentError, "seed must have shape [2], not [3]"),
                    BadSample((np.array([1.0, 2.0]),) + extra, attrs, InvalidArgumentError,
                              "Value for attr 'Tseed' of double is not in the list of "
                              "allowed values: int32, int64")]


def _bad_float(op: str) -> Callable:
    attrs = {"shape": (2,), "dtype": dt.float32}
    return lambda: _bad_seed(op, attrs)() + [
        BadSample((_SEED,), {"shape": (2,), "dtype": dt.int32}, InvalidArgumentError,
                  "Value for attr 'dtype' of int32 is not in the list of allowed values: "
                  "half, bfloat16, float, double"),
        BadSample((_SEED,), {"shape": (-4,), "dtype": dt.float32}, InvalidArgumentError,
                  "Dimension -4 must be >= 0")]


UNIFORM = _float_op(
    "StatelessRandomUniform", D.uniform, ref.uniforms, _float_samples(((3, 4), (5,))),
    _bad_float("StatelessRandomUniform"))
NORMAL = _float_op(
    "StatelessRandomNormal", D.normal, ref.normals, _float_samples(((3, 3), (7,))),
    _bad_float("StatelessRandomNormal"))
TRUNCATED_NORMAL = _float_op(
    "StatelessTruncatedNormal", D.truncated_normal,
    lambda s, n, d: ref.truncated_normals(s.key, s.counter, n, d),
    _float_samples(((5, 6), (7,))), _bad_float("StatelessTruncatedNormal"))


# ---------------------------------------------------------------------------------------
# Integers: StatelessRandomUniformInt (minval, maxval), StatelessRandomUniformFullInt.
# ---------------------------------------------------------------------------------------

_INT = "StatelessRandomUniformInt"


def _int_infer(seed: Any, lo: Any, hi: Any, *dyn: Any, shape: tuple | None) -> list:
    C.check_dtype(_INT, lo, _INT_DTYPES, "dtype")
    S._check_seed(_INT, seed)
    return R.uniform_int_infer(_INT, lo, hi, dyn, shape)


def _int_kernel(xp: Any, seed: Any, lo: Any, hi: Any, *dyn: Any, shape: tuple) -> Any:
    shape = R.runtime_shape(_INT, dyn, shape, lo.dtype)
    R.check_range(_INT, lo, hi)
    k, c = _stream(seed)
    return D.uniform_int(xp, k, c, _pymath.prod(shape), int(lo), int(hi), lo.dtype).reshape(shape)


def _ref_int(seed: Any, lo: Any, hi: Any, shape: tuple) -> Any:
    vals = ref.integers(_ref_stream(seed), _pymath.prod(shape), int(lo), int(hi),
                        8 * lo.dtype.itemsize)
    return np.array(vals, dtype=lo.dtype).reshape(shape)


UNIFORM_INT = register(OpDef(
    _INT, _int_infer, _int_kernel, reference=_ref_int,
    host_inputs=(0, 1, 2, 3),  # (the seed, minval, maxval, a runtime shape)
    samples=lambda: [
        Sample((_SEED, np.int32(-4), np.int32(9)), {"shape": (3, 4)}, grad=False),
        Sample((_SEED32, np.int64(-2**62), np.int64(2**62)), {"shape": (5,)}, grad=False)],
    bad_samples=lambda: _bad_seed(_INT, {"shape": (2,)}, (np.int32(0), np.int32(3)))() + [
        BadSample((_SEED, np.int64(3), np.int64(1)), {"shape": (2,)}, InvalidArgumentError,
                  "Need minval < maxval, got 3 >= 1"),
        BadSample((_SEED, np.array([1], np.int32), np.int32(5)), {"shape": (2,)},
                  InvalidArgumentError, "minval must be 0-D, got shape [1]"),
        BadSample((_SEED, np.uint32(1), np.uint32(5)), {"shape": (2,)}, InvalidArgumentError,
                  "Value for attr 'dtype' of uint32 is not in the list of allowed values: "
                  "int32, int64")],
))

_FULL = "StatelessRandomUniformFullInt"
_FULL_DTYPES = frozenset((dt.int32, dt.int64, dt.uint32, dt.uint64))


def _full_infer(seed: Any, *dyn: Any, shape: tuple | None, dtype: dt.DType) -> list:
    C.dtype_attr(_FULL, dtype, "dtype", _FULL_DTYPES)
    # (its op allows unsigned seeds, which its kernel then refuses)
    C.check_dtype(_FULL, seed, _FULL_DTYPES, "Tseed")
    _check_dyn(_FULL, dyn)
    R.check_shape(_FULL, shape, dtype)
    if seed._shape is not None and (len(seed._shape) != 1 or seed._shape[0] not in (2, None)):
        raise C.fail(_FULL, f"seed must have shape [2], not {C.shape_str(seed._shape)}")
    if seed._dtype not in _INT_DTYPES:
        raise C.fail(_FULL, f"Invalid seed type: {seed._dtype.name}")
    return [(shape, dtype)]


def _full_kernel(xp: Any, seed: Any, *dyn: Any, shape: tuple, dtype: dt.DType) -> Any:
    shape = R.runtime_shape(_FULL, dyn, shape, dtype)
    k, c = _stream(seed)
    return D.full_int(xp, k, c, _pymath.prod(shape), dtype.as_numpy_dtype).reshape(shape)


def _ref_full(seed: Any, shape: tuple, dtype: dt.DType) -> Any:
    npd = np.dtype(dtype.as_numpy_dtype)
    bits = 8 * npd.itemsize
    vals = ref.integers(_ref_stream(seed), _pymath.prod(shape), 0, 2**bits, bits)
    return np.array(vals, dtype=np.uint64).astype(f"u{npd.itemsize}").view(npd).reshape(shape)


UNIFORM_FULL_INT = register(OpDef(
    _FULL, _full_infer, _full_kernel, reference=_ref_full, host_inputs=_SEED_AND_SHAPE,
    samples=lambda: [Sample((_SEED,), {"shape": (3, 4), "dtype": dt.int32}, grad=False),
                     Sample((_SEED32,), {"shape": (5,), "dtype": dt.int64}, grad=False),
                     Sample((_SEED,), {"shape": (3,), "dtype": dt.uint64}, grad=False),
                     Sample((_SEED,), {"shape": (2, 2), "dtype": dt.uint32}, grad=False)],
    bad_samples=lambda: [
        BadSample((_SEED,), {"shape": (2,), "dtype": dt.float32}, InvalidArgumentError,
                  "Value for attr 'dtype' of float is not in the list of allowed values: "
                  "int32, int64, uint32, uint64"),
        BadSample((np.array([5, 42], np.uint32),), {"shape": (2,), "dtype": dt.int32},
                  InvalidArgumentError, "Invalid seed type: uint32"),
        BadSample((np.array([1, 2, 3], np.int64),), {"shape": (2,), "dtype": dt.int32},
                  InvalidArgumentError, "seed must have shape [2], not [3]")],
))


# ---------------------------------------------------------------------------------------
# StatelessRandomGammaV2: StatelessRandomGammaV3's draws from the seed's stream.
# ---------------------------------------------------------------------------------------

_GAMMA = "StatelessRandomGammaV2"


def _gamma_infer(seed: Any, alpha: Any, *dyn: Any, shape: tuple | None) -> list:
    C.check_dtype(_GAMMA, alpha, G._GAMMA_DTYPES, "dtype")
    S._check_seed(_GAMMA, seed)
    _check_dyn(_GAMMA, dyn)
    R.check_shape(_GAMMA, shape, alpha._dtype)
    if shape is None:
        return [(None, alpha._dtype)]
    if alpha._shape is not None and not G._ends_with(tuple(shape), tuple(alpha._shape)):
        raise C.fail(_GAMMA, "Shape passed in must end with broadcasted shape.")
    return [(tuple(shape), alpha._dtype)]


def _gamma_kernel(xp: Any, seed: Any, alpha: Any, *dyn: Any, shape: tuple | None) -> Any:
    shape = R.runtime_shape(_GAMMA, dyn, shape, alpha.dtype)
    if not G._ends_with(shape, alpha.shape):
        raise C.fail(_GAMMA, "Shape passed in must end with broadcasted shape.")
    if not _pymath.prod(shape):
        return xp.zeros(shape, dtype=alpha.dtype)
    k, c = _stream(seed)
    return G.stateless_draws(xp, k, c, alpha, shape)


def _ref_gamma(seed: Any, alpha: np.ndarray, shape: tuple) -> Any:
    key, counter = ref.scramble(int(seed[0]), int(seed[1]))
    lead = shape[:len(shape) - alpha.ndim]
    return G._ref_draws(ref.gamma, key, counter, alpha, lead, alpha.dtype).reshape(shape)


GAMMA_V2 = register(OpDef(
    _GAMMA, _gamma_infer, _gamma_kernel, reference=_ref_gamma, grad=G._gamma_grad(1),
    host_inputs=(0, 2),  # (the seed and a runtime shape: TF's HostMemory)
    samples=lambda: [Sample((_SEED, np.array([0.5, 1.0, 4.0], np.float32)), {"shape": (5, 3)},
                            grad=False),
                     Sample((_SEED32, np.float64(0.3)), {"shape": (4,)}, grad=False),
                     Sample((_SEED, np.array([2.0, 7.0], np.float16)), {"shape": (3, 2)},
                            grad=False)],
    bad_samples=lambda: _bad_seed(_GAMMA, {"shape": (3,)}, (np.float32(1.0),))() + [
        BadSample((_SEED, np.array([1.0, 2.0], np.float32)), {"shape": (3,)},
                  InvalidArgumentError, "Shape passed in must end with broadcasted shape."),
        BadSample((_SEED, np.array([1, 2], np.int32)), {"shape": (2,)},
                  InvalidArgumentError, "Value for attr 'dtype' of int32 is not in the list "
                                        "of allowed values: half, float, double")],
))


# ---------------------------------------------------------------------------------------
# The algorithm a CPU picks, and a seed's (key, counter, alg).
# ---------------------------------------------------------------------------------------

def _alg_kernel(xp: Any) -> Any:
    return xp.asarray(S.Algorithm.PHILOX.value, dtype=xp.int32)


GET_ALG = register(OpDef(
    "StatelessRandomGetAlg", lambda: [((), dt.int32)], _alg_kernel,
    reference=lambda: np.int32(S.Algorithm.PHILOX.value),
    samples=lambda: [Sample((), grad=False)],
    stateful=True,  # (as TF's: its value is the device's choice)
))

_KCA = "StatelessRandomGetKeyCounterAlg"


def _kca_kernel(xp: Any, seed: Any) -> tuple:
    # (on any device, from a host seed to host outputs: TF's GPU kernel takes the seed
    # and gives the key, counter and alg in host memory, where the draws read them)
    key, counter = S._key_counter_kernel(np, seed)
    return key, counter, _alg_kernel(np)


GET_KEY_COUNTER_ALG = register(OpDef(
    _KCA,
    lambda seed: S._check_seed(_KCA, seed) or [((1,), dt.uint64), ((2,), dt.uint64),
                                                ((), dt.int32)],
    _kca_kernel, reference=lambda seed: S._ref_key_counter(seed) + (np.int32(1),),
    num_outputs=3, host_inputs=(0,), host_outputs=lambda n: (0, 1, 2),
    samples=lambda: [Sample((_SEED,), grad=False), Sample((_SEED32,), grad=False)],
    bad_samples=_bad_seed(_KCA, {}),
))
