"""tf.random: seeds, stateful and stateless random ops, and tf.random.Generator.

Seeds follow TF (see tf.random.set_seed): an op's `(seed, seed2)` pair comes from
`get_seed(op_seed)`, which combines the global seed with the op seed; (0, 0)
means "nondeterministic". A stateful op keeps one bit stream per
`(op, dtype, seed, seed2)` (TF's kernel cache), so repeated calls with the same
seeds continue the stream, and `set_seed` starts every stream over.

Bits come from NumPy's Philox keyed by the seeds. Every op turns raw 64-bit
words into values the same way (uniform floats on the dtype's mantissa grid,
Box-Muller normals, rejection for truncated normals, inverse CDF for categorical,
sort keys for shuffle); the references re-derive the values from the same words
with plain Python loops. Stateless ops derive a fresh stream from their seed
tensor, so they are pure functions of it. Values differ from TF's bit for bit;
distributions, dtypes, shapes, errors and determinism rules match.
"""

from __future__ import annotations

import math as _pymath
import threading
import zlib
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, seeds
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.core.trackable import AutoTrackable
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg, is_symbolic, runtime_ints, shape_arg
from eagerflow._src.ops.math import _t, add, cast, multiply
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.variables import Variable

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1
_M64 = (1 << 64) - 1

_UNIFORM_DTYPES = (dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.int32, dt.int64)
_FLOAT_DTYPES = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64))
_MANTISSA = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}


# ---------------------------------------------------------------------------------------
# Seeds.
# ---------------------------------------------------------------------------------------

_KERNELS: dict = {}  # (op, dtype, seed, seed2) -> the op's bit stream (TF's kernel cache)
_KERNELS_LOCK = threading.Lock()


def _as_seed(seed: Any, what: str = "seed") -> int:
    if isinstance(seed, (bool, np.bool_)):
        raise TypeError(f"{what} must be an integer, got {seed!r}")
    if isinstance(seed, EagerTensor) and seed._dtype.is_integer and not seed._shape:
        return int(seed._arr)
    try:
        return int(seed.__index__())
    except (AttributeError, TypeError):
        raise TypeError(f"{what} must be an integer, got {seed!r}") from None


def set_seed(seed: Any) -> None:
    """Sets the global random seed; every random op's stream starts over."""
    with seeds.lock:
        seeds.global_seed = None if seed is None else _as_seed(seed)
        seeds.op_counter = 0
    clear_kernel_cache()


def clear_kernel_cache() -> None:
    """Forgets every stateful op's stream (what TF's set_seed does to its kernel cache)."""
    with _KERNELS_LOCK:
        _KERNELS.clear()


def get_seed(op_seed: Any) -> tuple:
    """The `(seed, seed2)` an op should use given its own seed (None when not given).

    Both None: `(None, None)` (nondeterministic). Global seed set, op seed None: the op
    seed is drawn from a sequence that restarts with `set_seed`. Op seed set, global
    None: the global seed defaults to DEFAULT_GRAPH_SEED. While a graph is traced, its
    `seed` attribute (if any) plays the global seed and the op counter is per graph.
    """
    graph = _state.graph
    global_seed = seeds.global_seed
    if graph is not None and getattr(graph, "seed", None) is not None:
        global_seed = graph.seed
    if op_seed is not None:
        op_seed = _as_seed(op_seed, "op seed")
    if global_seed is not None:
        if op_seed is None:
            if graph is not None:
                op_seed = getattr(graph, "_random_op_counter", 0)
                try:
                    graph._random_op_counter = op_seed + 1
                except AttributeError:  # pragma: no cover - graphs with __slots__
                    pass
            else:
                with seeds.lock:
                    op_seed = seeds.op_counter
                    seeds.op_counter += 1
        pair = (global_seed % _MAXINT32, op_seed % _MAXINT32)
    elif op_seed is not None:
        pair = (DEFAULT_GRAPH_SEED, op_seed % _MAXINT32)
    else:
        return (None, None)
    if pair == (0, 0):
        return (0, _MAXINT32)  # (0, 0) is reserved for "nondeterministic"
    return pair


def _op_seeds(seed: Any) -> dict:
    s, s2 = get_seed(seed)
    return {"seed": 0 if s is None else s, "seed2": 0 if s2 is None else s2}


def _salt(name: str, dtype: dt.DType) -> int:
    return zlib.crc32(f"{name}/{dtype.name}".encode())


def fresh_stream(name: str, dtype: dt.DType, key0: int, key1: int) -> Any:
    """A new Philox stream for an op keyed by two 64-bit words (the references use it too)."""
    key = ((int(key0) & _M64) << 64) | (int(key1) & _M64)
    return np.random.Philox(key=key, counter=_salt(name, dtype) << 192)


def _stream(name: str, dtype: dt.DType, seed: int, seed2: int) -> Any:
    if seed == 0 and seed2 == 0:
        return seeds.unseeded_rng.bit_generator
    k = (name, dtype.name, seed, seed2)
    with _KERNELS_LOCK:
        bg = _KERNELS.get(k)
        if bg is None:
            bg = _KERNELS[k] = fresh_stream(name, dtype, seed, seed2)
    return bg


def _stateless_stream(name: str, dtype: dt.DType, seed: Any) -> Any:
    s = to_host(seed).reshape(-1)  # a seed lives in host memory, as in TF
    return fresh_stream(name, dtype, int(s[0]), int(s[1]))


# ---------------------------------------------------------------------------------------
# From raw 64-bit words to values (shared by the stateful and stateless kernels).
# ---------------------------------------------------------------------------------------

def _raw(bg: Any, n: int) -> np.ndarray:
    return bg.random_raw(n) if n else np.zeros((0,), np.uint64)


def _uniform01(bg: Any, n: int, bits: int = 53) -> np.ndarray:
    """n floats on the grid k / 2**bits in [0, 1), as float64."""
    return (_raw(bg, n) >> np.uint64(64 - bits)).astype(np.float64) * (2.0 ** -bits)


def _normals(bg: Any, n: int) -> np.ndarray:
    """n standard normals by Box-Muller (pairs of uniforms), as float64."""
    m = (n + 1) // 2
    u = _uniform01(bg, 2 * m)
    r = np.sqrt(-2.0 * np.log(1.0 - u[0::2]))  # 1 - u lies in (0, 1]
    theta = (2.0 * np.pi) * u[1::2]
    out = np.empty(2 * m)
    out[0::2] = r * np.cos(theta)
    out[1::2] = r * np.sin(theta)
    return out[:n]


def _truncated(bg: Any, n: int) -> np.ndarray:
    """n standard normals restricted to (-2, 2): rejected cells are redrawn, in order."""
    z = _normals(bg, n)
    bad = np.flatnonzero(np.abs(z) >= 2.0)
    while bad.size:
        z[bad] = _normals(bg, bad.size)
        bad = bad[np.abs(z[bad]) >= 2.0]
    return z


def _to_dtype(x: np.ndarray, dtype: dt.DType, shape: tuple) -> np.ndarray:
    return x.astype(dtype.as_numpy_dtype).reshape(shape)


def _uniform_values(bg: Any, shape: tuple, dtype: dt.DType) -> np.ndarray:
    n = _pymath.prod(shape)
    return _to_dtype(_uniform01(bg, n, _MANTISSA[dtype.name]), dtype, shape)


def _uniform_int_values(bg: Any, shape: tuple, lo: Any, hi: Any) -> np.ndarray:
    lo_i, hi_i = int(lo), int(hi)
    n = _pymath.prod(shape)
    span = np.uint64(hi_i - lo_i)
    with np.errstate(over="ignore"):  # uint64 wrap-around is the two's-complement sum
        v = (_raw(bg, n) % span) + np.uint64(lo_i & _M64)
    return v.view(np.int64).astype(lo.dtype).reshape(shape)


def _categorical_values(bg: Any, logits: np.ndarray, num_samples: int,
                        out: np.dtype) -> np.ndarray:
    b, k = logits.shape
    res = np.empty((b, num_samples), dtype=out)
    if b == 0 or num_samples == 0:
        return res
    u = _uniform01(bg, b * num_samples).reshape(b, num_samples)
    lg = logits.astype(np.float64)
    for i in range(b):
        row = lg[i]
        top = np.max(row) if k else 0.0
        p = np.exp(row - top) if np.isfinite(top) else np.ones(k)
        cdf = np.cumsum(p)
        idx = np.searchsorted(cdf, u[i] * cdf[-1], side="right")
        res[i] = np.minimum(idx, k - 1)
    return res


# ---------------------------------------------------------------------------------------
# Reference transforms: plain loops over the same raw words.
# ---------------------------------------------------------------------------------------

def _ref_word(bg: Any) -> int:
    return int(bg.random_raw())


def _ref_uniform01(bg: Any, bits: int = 53) -> float:
    return (_ref_word(bg) >> (64 - bits)) / float(1 << bits)


def _ref_normals(bg: Any, n: int) -> list:
    out: list = []
    while len(out) < n:
        a, b = _ref_uniform01(bg), _ref_uniform01(bg)
        r = _pymath.sqrt(-2.0 * _pymath.log(1.0 - a))
        out += [r * _pymath.cos(2.0 * _pymath.pi * b), r * _pymath.sin(2.0 * _pymath.pi * b)]
    return out[:n]


def _ref_truncated(bg: Any, n: int) -> list:
    z = _ref_normals(bg, n)
    bad = [i for i, v in enumerate(z) if abs(v) >= 2.0]
    while bad:
        fresh = _ref_normals(bg, len(bad))
        for i, v in zip(bad, fresh):
            z[i] = v
        bad = [i for i in bad if abs(z[i]) >= 2.0]
    return z


def _ref_categorical(bg: Any, logits: np.ndarray, num_samples: int) -> np.ndarray:
    b, k = logits.shape
    us = [_ref_uniform01(bg) for _ in range(b * num_samples)]
    out = np.zeros((b, num_samples), dtype=np.int64)
    for i in range(b):
        top = max(float(v) for v in logits[i])
        weights = [_pymath.exp(float(v) - top) for v in logits[i]]
        total = sum(weights)
        for j in range(num_samples):
            target, acc, pick = us[i * num_samples + j] * total, 0.0, k - 1
            for c, w in enumerate(weights):
                acc += w
                if acc > target:
                    pick = c
                    break
            out[i, j] = pick
    return out


def _ref_count(shape: tuple) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


# ---------------------------------------------------------------------------------------
# Shape arguments.
# ---------------------------------------------------------------------------------------

def _shape_arg(shape: Any, op: str) -> tuple:
    """`(static, dynamic)` as dynshape.shape_arg: a symbolic shape (in a graph) becomes an
    input of the op; otherwise the shape is an attr of Python ints."""
    return shape_arg(shape) if _state.graph is not None and is_symbolic(shape) else \
        (_static_shape(shape, op), ())


def _static_shape(shape: Any, op: str) -> tuple:
    if isinstance(shape, TensorShape):
        if not shape.is_fully_defined():
            raise ValueError(f"Cannot convert a partially known TensorShape {shape} to a "
                             "Tensor.")
        return tuple(shape.as_list())
    if isinstance(shape, Tensor) and not isinstance(shape, EagerTensor):
        raise TypeError(f"{op}: shape must be known when the op is built; got a symbolic tensor")
    arr = np.asarray(shape._arr if isinstance(shape, EagerTensor) else
                     [int(d) if isinstance(d, EagerTensor) else d for d in shape]
                     if isinstance(shape, (list, tuple)) else shape)
    if arr.ndim != 1:
        raise InvalidArgumentError(None, None, f"shape must be a vector of {{int32,int64}}, got "
                                               f"shape {C.shape_str(arr.shape)} [Op:{op}]")
    if arr.size and arr.dtype.kind not in "iu":
        kind = "float" if arr.dtype.kind == "f" else str(arr.dtype)
        raise InvalidArgumentError(None, None, f"Value for attr 'T' of {kind} is not in the list "
                                               f"of allowed values: int32, int64 [Op:{op}]")
    return tuple(int(d) for d in arr)


def _check_shape(op: str, shape: tuple | None, dtype: dt.DType) -> None:
    if shape is None:
        return
    for d in shape:
        if d is not None and d < 0:
            raise C.fail(op, f"Dimension {d} must be >= 0")
    if None not in shape:
        check_finite_size(op, shape, dtype)


def _runtime_shape(op: str, dyn: tuple, shape: tuple, dtype: Any) -> tuple:
    """The runtime value of a shape input, checked as a static shape is, and against the
    static `shape` attr (what infer promised)."""
    static, shape = shape, runtime_ints(dyn[0])
    if static is not None and (len(static) != len(shape) or any(
            s is not None and s != d for s, d in zip(static, shape))):
        raise C.fail(op, f"runtime shape {C.shape_str(shape)} is incompatible with the static "
                         f"shape {C.shape_str(static)}")
    _check_shape(op, shape, dtype if isinstance(dtype, dt.DType) else dt.as_dtype(dtype))
    return shape


# ---------------------------------------------------------------------------------------
# Stateful ops: attrs shape, dtype, seed, seed2.
# ---------------------------------------------------------------------------------------

def _float_infer(op: str):
    def infer(*dyn: Any, shape: tuple | None, dtype: dt.DType, seed: int, seed2: int) -> list:
        if dyn:
            check_runtime_arg(op, dyn, "shape")
        C.dtype_attr(op, dtype)
        if dtype not in _FLOAT_DTYPES:
            raise C.fail(op, f"Value for attr 'dtype' of {dtype.name} is not in the list of "
                             f"allowed values: half, bfloat16, float, double")
        _check_shape(op, shape, dtype)
        return [(shape, dtype)]
    return infer


def _ref_floats(name: str, fn: Any):
    def ref(shape: tuple, dtype: dt.DType, seed: int, seed2: int) -> np.ndarray:
        bg = fresh_stream(name, dtype, seed, seed2)
        return np.array(fn(bg, _ref_count(shape), dtype), dtype=np.float64) \
            .astype(dtype.as_numpy_dtype).reshape(shape)
    return ref


def _draw(fn: Any, bg: Any, shape: tuple, dtype: dt.DType) -> np.ndarray:
    return _to_dtype(fn(bg, _pymath.prod(shape)), dtype, shape)


def _seeded(**kw: Any) -> dict:
    return dict(kw, seed=11, seed2=7)


RANDOM_UNIFORM = register(OpDef(
    "RandomUniform", _float_infer("RandomUniform"),
    lambda xp, *dyn, shape, dtype, seed, seed2: _uniform_values(
        _stream("RandomUniform", dtype, seed, seed2),
        _runtime_shape("RandomUniform", dyn, shape, dtype) if dyn else shape, dtype),
    reference=_ref_floats("RandomUniform", lambda bg, n, d: [
        _ref_uniform01(bg, _MANTISSA[d.name]) for _ in range(n)]),
    samples=lambda: [Sample((), _seeded(shape=(3, 4), dtype=dt.float32), grad=False),
                     Sample((), _seeded(shape=(5,), dtype=dt.float64), grad=False),
                     Sample((), _seeded(shape=(2, 0), dtype=dt.float16), grad=False)],
    bad_samples=lambda: [BadSample((), _seeded(shape=(-2,), dtype=dt.float32), InvalidArgumentError,
                                   "Dimension -2 must be >= 0"),
                         BadSample((), _seeded(shape=(2,), dtype=dt.int32), InvalidArgumentError,
                                   "attr 'dtype'")],
    stateful=True,
))

RANDOM_NORMAL = register(OpDef(
    "RandomStandardNormal", _float_infer("RandomStandardNormal"),
    lambda xp, *dyn, shape, dtype, seed, seed2: _draw(
        _normals, _stream("RandomStandardNormal", dtype, seed, seed2),
        _runtime_shape("RandomStandardNormal", dyn, shape, dtype) if dyn else shape, dtype),
    reference=_ref_floats("RandomStandardNormal", lambda bg, n, d: _ref_normals(bg, n)),
    samples=lambda: [Sample((), _seeded(shape=(3, 5), dtype=dt.float32), grad=False),
                     Sample((), _seeded(shape=(4,), dtype=dt.float64), grad=False)],
    bad_samples=lambda: [
        BadSample((), _seeded(shape=(2, -1), dtype=dt.float32), InvalidArgumentError,
                  "Dimension -1 must be >= 0")],
    stateful=True,
))

TRUNCATED_NORMAL = register(OpDef(
    "TruncatedNormal", _float_infer("TruncatedNormal"),
    lambda xp, *dyn, shape, dtype, seed, seed2: _draw(
        _truncated, _stream("TruncatedNormal", dtype, seed, seed2),
        _runtime_shape("TruncatedNormal", dyn, shape, dtype) if dyn else shape, dtype),
    reference=_ref_floats("TruncatedNormal", lambda bg, n, d: _ref_truncated(bg, n)),
    samples=lambda: [Sample((), _seeded(shape=(6, 7), dtype=dt.float32), grad=False),
                     Sample((), _seeded(shape=(9,), dtype=dt.float64), grad=False)],
    bad_samples=lambda: [BadSample((), _seeded(shape=(2,), dtype=dt.int64), InvalidArgumentError,
                                   "attr 'dtype'")],
    stateful=True,
))


def _uniform_int_infer(lo: Any, hi: Any, *dyn: Any, shape: tuple | None, seed: int, seed2: int,
                       name: str = "RandomUniformInt") -> list:
    if dyn:
        check_runtime_arg(name, dyn, "shape")
    d = C.same_dtype(name, (lo, hi), C.INDEX)
    for what, x in (("minval", lo), ("maxval", hi)):
        if x._shape is not None and x._shape != ():
            raise C.fail(name, f"{what} must be 0-D, got shape {C.shape_str(x._shape)}")
    _check_shape(name, shape, d)
    return [(shape, d)]


def _check_range(name: str, lo: Any, hi: Any) -> None:
    if not lo < hi:
        raise InvalidArgumentError(None, None, f"Need minval < maxval, got {lo} >= {hi} "
                                               f"[Op:{name}]")


def _uniform_int_kernel(xp: Any, lo: Any, hi: Any, *dyn: Any, shape: tuple, seed: int,
                        seed2: int) -> Any:
    if dyn:
        shape = _runtime_shape("RandomUniformInt", dyn, shape, lo.dtype)
    _check_range("RandomUniformInt", lo, hi)
    bg = _stream("RandomUniformInt", dt.from_numpy(lo.dtype), seed, seed2)
    return _uniform_int_values(bg, shape, lo, hi)


def _ref_uniform_int(name: str, bg_of: Any):
    def ref(lo: Any, hi: Any, shape: tuple, seed: Any = None, seed2: Any = None) -> np.ndarray:
        bg = bg_of(lo, seed, seed2)
        span = int(hi) - int(lo)
        vals = [int(lo) + _ref_word(bg) % span for _ in range(_ref_count(shape))]
        return np.array(vals, dtype=np.int64).astype(lo.dtype).reshape(shape)
    return ref


RANDOM_UNIFORM_INT = register(OpDef(
    "RandomUniformInt", _uniform_int_infer, _uniform_int_kernel,
    reference=_ref_uniform_int("RandomUniformInt", lambda lo, s, s2: fresh_stream(
        "RandomUniformInt", dt.from_numpy(lo.dtype), s, s2)),
    samples=lambda: [Sample((np.int32(-3), np.int32(5)), _seeded(shape=(4, 5)), grad=False),
                     Sample((np.int64(-2**40), np.int64(2**62)), _seeded(shape=(7,)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.int32(5), np.int32(5)), _seeded(shape=(2,)), InvalidArgumentError,
                  "Need minval < maxval, got 5 >= 5"),
        BadSample((np.int32(0), np.int64(5)), _seeded(shape=(2,)), InvalidArgumentError),
        BadSample((np.float32(0), np.float32(5)), _seeded(shape=(2,)),
                  InvalidArgumentError)],
    stateful=True,
))


def _shuffle_kernel(xp: Any, x: Any, seed: int, seed2: int) -> Any:
    if x.ndim == 0 or x.shape[0] <= 1:
        return x.copy()
    keys = _uniform01(_stream("RandomShuffle", dt.from_numpy(x.dtype), seed, seed2), x.shape[0])
    return x[np.argsort(keys, kind="stable")]


def _ref_shuffle(x: np.ndarray, seed: int, seed2: int) -> np.ndarray:
    if x.ndim == 0 or x.shape[0] <= 1:
        return x.copy()
    bg = fresh_stream("RandomShuffle", dt.from_numpy(x.dtype), seed, seed2)
    keys = [_ref_uniform01(bg) for _ in range(x.shape[0])]
    order = sorted(range(len(keys)), key=lambda i: (keys[i], i))
    return np.array([x[i] for i in order], dtype=x.dtype)


RANDOM_SHUFFLE = register(OpDef(
    "RandomShuffle", lambda x, seed, seed2: [(x._shape, x._dtype)], _shuffle_kernel,
    reference=_ref_shuffle,
    samples=lambda: [Sample((np.arange(12.0).reshape(6, 2),), _seeded(), grad=False),
                     Sample((np.arange(9, dtype=np.int32),), _seeded(), grad=False),
                     Sample((np.float32(3.0),), _seeded(), grad=False)],
    stateful=True,
))


def _multinomial_infer(logits: Any, num_samples: int, output_dtype: dt.DType, seed: int,
                       seed2: int, name: str = "Multinomial") -> list:
    C.dtype_attr(name, output_dtype, "output_dtype", C.INDEX)
    if logits._dtype not in C.FLOATS:
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node {name}}}}} = "
                                        f"{name}[T=DT_{logits._dtype.name.upper()}, output_dtype="
                                        f"DT_{output_dtype.name.upper()}] [Op:{name}]")
    if logits._shape is not None and len(logits._shape) != 2:
        raise C.fail(name, f"logits should be a matrix, got shape {C.shape_str(logits._shape)}")
    if num_samples < 0:
        raise C.fail(name, f"num_samples should be non-negative, got {num_samples}")
    if logits._shape is not None and logits._shape[1] == 0 and num_samples > 0:
        raise C.fail(name, "num_classes should be positive, got 0")
    batch = None if logits._shape is None else logits._shape[0]
    if batch is not None:
        check_finite_size(name, (batch, num_samples), dt.float64)  # the kernel's uniforms
    return [((batch, num_samples), output_dtype)]


def _ref_multinomial(name: str, bg_of: Any):
    def ref(logits: Any, *rest: Any, num_samples: int, output_dtype: dt.DType,
            seed: Any = None, seed2: Any = None) -> np.ndarray:
        bg = bg_of(logits, rest, seed, seed2)
        return _ref_categorical(bg, logits, num_samples).astype(output_dtype.as_numpy_dtype)
    return ref


MULTINOMIAL = register(OpDef(
    "Multinomial", _multinomial_infer,
    lambda xp, logits, num_samples, output_dtype, seed, seed2: _categorical_values(
        _stream("Multinomial", dt.from_numpy(logits.dtype), seed, seed2), logits, num_samples,
        output_dtype.as_numpy_dtype),
    reference=_ref_multinomial("Multinomial", lambda lg, rest, s, s2: fresh_stream(
        "Multinomial", dt.from_numpy(lg.dtype), s, s2)),
    samples=lambda: [Sample((np.log(np.array([[0.1, 0.2, 0.7], [0.5, 0.5, 0.0]])),),
                            _seeded(num_samples=6, output_dtype=dt.int64), grad=False),
                     Sample((np.array([[1.0, -1.0], [0.0, 3.0], [2.0, 2.0]], np.float32),),
                            _seeded(num_samples=4, output_dtype=dt.int32), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(3),), _seeded(num_samples=2, output_dtype=dt.int64),
                  InvalidArgumentError, "logits should be a matrix, got shape [3]"),
        BadSample((np.ones((1, 3)),), _seeded(num_samples=-1, output_dtype=dt.int64),
                  InvalidArgumentError, "num_samples should be non-negative, got -1"),
        BadSample((np.ones((1, 0)),), _seeded(num_samples=2, output_dtype=dt.int64),
                  InvalidArgumentError, "num_classes should be positive, got 0"),
        BadSample((np.ones((1, 2), np.int32),),
                  _seeded(num_samples=2, output_dtype=dt.int64), NotFoundError)],
    stateful=True,
))


# ---------------------------------------------------------------------------------------
# Stateless ops: a `seed` tensor of shape [2] is an input; the result depends on it only.
# ---------------------------------------------------------------------------------------

def _check_seed(op: str, seed: Any) -> None:
    if seed._dtype not in C.INDEX:
        raise C.fail(op, f"Value for attr 'Tseed' of {seed._dtype.name} is not in the list of "
                         "allowed values: int32, int64")
    if seed._shape is not None and tuple(seed._shape) != (2,):
        raise C.fail(op, f"seed must have shape [2], not {C.shape_str(seed._shape)}")


def _stateless_float_infer(op: str):
    base = _float_infer(op)

    def infer(seed: Any, *dyn: Any, shape: tuple | None, dtype: dt.DType) -> list:
        _check_seed(op, seed)
        return base(*dyn, shape=shape, dtype=dtype, seed=0, seed2=0)
    return infer


def _ref_stateless_floats(name: str, fn: Any):
    def ref(seed: np.ndarray, shape: tuple, dtype: dt.DType) -> np.ndarray:
        bg = fresh_stream(name, dtype, int(seed[0]), int(seed[1]))
        return np.array(fn(bg, _ref_count(shape), dtype), dtype=np.float64) \
            .astype(dtype.as_numpy_dtype).reshape(shape)
    return ref


_SEED = np.array([5, 42], np.int64)
_BAD_SEED = BadSample((np.array([1, 2, 3], np.int64),), {"shape": (2,), "dtype": dt.float32},
                      InvalidArgumentError, "seed must have shape [2], not [3]")

STATELESS_UNIFORM = register(OpDef(
    "StatelessRandomUniform", _stateless_float_infer("StatelessRandomUniform"),
    lambda xp, seed, *dyn, shape, dtype: _uniform_values(
        _stateless_stream("StatelessRandomUniform", dtype, seed),
        _runtime_shape("StatelessRandomUniform", dyn, shape, dtype) if dyn else shape, dtype),
    reference=_ref_stateless_floats("StatelessRandomUniform", lambda bg, n, d: [
        _ref_uniform01(bg, _MANTISSA[d.name]) for _ in range(n)]),
    samples=lambda: [
        Sample((_SEED,), {"shape": (3, 4), "dtype": dt.float32}, grad=False),
        Sample((_SEED.astype(np.int32),), {"shape": (5,), "dtype": dt.float64}, grad=False)],
    bad_samples=lambda: [_BAD_SEED],
))

STATELESS_NORMAL = register(OpDef(
    "StatelessRandomNormal", _stateless_float_infer("StatelessRandomNormal"),
    lambda xp, seed, *dyn, shape, dtype: _draw(
        _normals, _stateless_stream("StatelessRandomNormal", dtype, seed),
        _runtime_shape("StatelessRandomNormal", dyn, shape, dtype) if dyn else shape, dtype),
    reference=_ref_stateless_floats("StatelessRandomNormal", lambda bg, n, d: _ref_normals(bg, n)),
    samples=lambda: [Sample((_SEED,), {"shape": (3, 3), "dtype": dt.float32}, grad=False)],
    bad_samples=lambda: [_BAD_SEED],
))

STATELESS_TRUNCATED_NORMAL = register(OpDef(
    "StatelessTruncatedNormal", _stateless_float_infer("StatelessTruncatedNormal"),
    lambda xp, seed, *dyn, shape, dtype: _draw(
        _truncated, _stateless_stream("StatelessTruncatedNormal", dtype, seed),
        _runtime_shape("StatelessTruncatedNormal", dyn, shape, dtype) if dyn else shape, dtype),
    reference=_ref_stateless_floats("StatelessTruncatedNormal",
                                    lambda bg, n, d: _ref_truncated(bg, n)),
    samples=lambda: [Sample((_SEED,), {"shape": (5, 6), "dtype": dt.float64}, grad=False)],
    bad_samples=lambda: [_BAD_SEED],
))


def _stateless_int_infer(seed: Any, lo: Any, hi: Any, *dyn: Any, shape: tuple | None) -> list:
    _check_seed("StatelessRandomUniformInt", seed)
    return _uniform_int_infer(lo, hi, *dyn, shape=shape, seed=0, seed2=0,
                              name="StatelessRandomUniformInt")


def _stateless_int_kernel(xp: Any, seed: Any, lo: Any, hi: Any, *dyn: Any, shape: tuple) -> Any:
    if dyn:
        shape = _runtime_shape("StatelessRandomUniformInt", dyn, shape, lo.dtype)
    _check_range("StatelessRandomUniformInt", lo, hi)
    bg = _stateless_stream("StatelessRandomUniformInt", dt.from_numpy(lo.dtype), seed)
    return _uniform_int_values(bg, shape, lo, hi)


def _ref_stateless_int(seed: Any, lo: Any, hi: Any, shape: tuple) -> np.ndarray:
    bg = fresh_stream("StatelessRandomUniformInt", dt.from_numpy(lo.dtype), int(seed[0]),
                      int(seed[1]))
    span = int(hi) - int(lo)
    vals = [int(lo) + _ref_word(bg) % span for _ in range(_ref_count(shape))]
    return np.array(vals, dtype=np.int64).astype(lo.dtype).reshape(shape)


STATELESS_UNIFORM_INT = register(OpDef(
    "StatelessRandomUniformInt", _stateless_int_infer, _stateless_int_kernel,
    reference=_ref_stateless_int,
    samples=lambda: [Sample((_SEED, np.int32(2), np.int32(9)), {"shape": (3, 4)}, grad=False)],
    bad_samples=lambda: [BadSample((_SEED, np.int64(3), np.int64(1)), {"shape": (2,)},
                                   InvalidArgumentError, "Need minval < maxval, got 3 >= 1")],
))


def _stateless_multinomial_infer(logits: Any, seed: Any, num_samples: int,
                                 output_dtype: dt.DType) -> list:
    _check_seed("StatelessMultinomial", seed)
    return _multinomial_infer(logits, num_samples, output_dtype, 0, 0, name="StatelessMultinomial")


STATELESS_MULTINOMIAL = register(OpDef(
    "StatelessMultinomial", _stateless_multinomial_infer,
    lambda xp, logits, seed, num_samples, output_dtype: _categorical_values(
        _stateless_stream("StatelessMultinomial", dt.from_numpy(logits.dtype), seed), logits,
        num_samples, output_dtype.as_numpy_dtype),
    reference=_ref_multinomial("StatelessMultinomial", lambda lg, rest, s, s2: fresh_stream(
        "StatelessMultinomial", dt.from_numpy(lg.dtype), int(rest[0][0]), int(rest[0][1]))),
    samples=lambda: [
        Sample((np.array([[0.0, 1.0, 2.0]]), _SEED), {"num_samples": 5,
                                                      "output_dtype": dt.int64}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(3), _SEED), {"num_samples": 2, "output_dtype": dt.int64},
                  InvalidArgumentError, "logits should be a matrix")],
))


# ---------------------------------------------------------------------------------------
# Public API.
# ---------------------------------------------------------------------------------------

def _check_uniform_dtype(dtype: dt.DType) -> None:
    if dtype not in _UNIFORM_DTYPES:
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         "(tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64).")


def _scale(raw: Any, lo: Any, hi: Any, dtype: dt.DType, default_hi: bool) -> Any:
    if default_hi and isinstance(lo, (int, float)) and lo == 0:
        return raw
    lo_t = convert_to_tensor(lo, dtype=dtype)
    hi_t = convert_to_tensor(1 if hi is None else hi, dtype=dtype)
    return add(multiply(raw, hi_t - lo_t), lo_t)


def uniform(shape: Any, minval: Any = 0, maxval: Any = None, dtype: Any = dt.float32,
            seed: Any = None, name: str | None = None) -> Any:
    """Uniform values in [minval, maxval) (maxval defaults to 1 for floats)."""
    dtype = dt.as_dtype(dtype)
    _check_uniform_dtype(dtype)
    if dtype.is_integer:
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        shape, dyn = _shape_arg(shape, "RandomUniformInt")
        lo, hi = convert_to_tensor(minval, dtype=dtype), convert_to_tensor(maxval, dtype=dtype)
        return bind(RANDOM_UNIFORM_INT, (lo, hi) + dyn, dict(shape=shape, **_op_seeds(seed)))
    shape, dyn = _shape_arg(shape, "RandomUniform")
    raw = bind(RANDOM_UNIFORM, dyn, dict(shape=shape, dtype=dtype, **_op_seeds(seed)))
    return _scale(raw, minval, maxval, dtype, maxval is None)


def normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dt.float32,
           seed: Any = None, name: str | None = None) -> Any:
    """Normal values with the given mean and standard deviation."""
    dtype = dt.as_dtype(dtype)
    mean_t, std_t = convert_to_tensor(mean, dtype=dtype), convert_to_tensor(stddev, dtype=dtype)
    shape, dyn = _shape_arg(shape, "RandomStandardNormal")
    raw = bind(RANDOM_NORMAL, dyn, dict(shape=shape, dtype=dtype, **_op_seeds(seed)))
    return add(multiply(raw, std_t), mean_t)


def truncated_normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dt.float32,
                     seed: Any = None, name: str | None = None) -> Any:
    """Normal values more than two standard deviations from the mean are redrawn."""
    dtype = dt.as_dtype(dtype)
    mean_t, std_t = convert_to_tensor(mean, dtype=dtype), convert_to_tensor(stddev, dtype=dtype)
    shape, dyn = _shape_arg(shape, "TruncatedNormal")
    raw = bind(TRUNCATED_NORMAL, dyn, dict(shape=shape, dtype=dtype, **_op_seeds(seed)))
    return add(multiply(raw, std_t), mean_t)


def shuffle(value: Any, seed: Any = None, name: str | None = None) -> Any:
    """Shuffles `value` along its first dimension."""
    return bind(RANDOM_SHUFFLE, (_t(value),), _op_seeds(seed))


def _categorical_dtype(dtype: Any) -> dt.DType:
    dtype = dt.int64 if dtype is None else dt.as_dtype(dtype)
    if dtype not in (dt.int32, dt.int64):
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         "(tf.int32, tf.int64).")
    return dtype


def categorical(logits: Any, num_samples: Any, dtype: Any = None, seed: Any = None,
                name: str | None = None) -> Any:
    """Samples class indices from unnormalized log-probabilities, one row per batch entry."""
    dtype = _categorical_dtype(dtype)
    return bind(MULTINOMIAL, (_t(logits),), dict(num_samples=C.int_arg(num_samples, "num_samples"),
                                                  output_dtype=dtype, **_op_seeds(seed)))


def multinomial(logits: Any, num_samples: Any, seed: Any = None, name: str | None = None,
                output_dtype: Any = None) -> Any:
    return categorical(logits, num_samples, dtype=output_dtype, seed=seed)


def _seed_tensor(seed: Any) -> Any:
    s = convert_to_tensor(seed) if not isinstance(seed, Tensor) else seed
    if s._dtype not in C.INDEX:
        raise InvalidArgumentError(None, None, f"Value for attr 'Tseed' of {s._dtype.name} is "
                                               "not in the list of allowed values: int32, int64 "
                                               "[Op:StatelessRandomGetKeyCounter]")
    if s._shape is not None and tuple(s._shape) != (2,):
        raise InvalidArgumentError(None, None, f"seed must have shape [2], not "
                                               f"{C.shape_str(s._shape)} "
                                               "[Op:StatelessRandomGetKeyCounter]")
    return s


def stateless_uniform(shape: Any, seed: Any, minval: Any = 0, maxval: Any = None,
                      dtype: Any = dt.float32, name: str | None = None,
                      alg: Any = "auto_select") -> Any:
    """Uniform values that depend only on `seed` (a shape [2] integer tensor) and the shape."""
    dtype = dt.as_dtype(dtype)
    _check_uniform_dtype(dtype)
    s = _seed_tensor(seed)
    if dtype.is_integer:
        if minval is None and maxval is None:  # the dtype's whole range, as TF
            return _stateless_full_int(shape, s, dtype)
        if (minval is None) != (maxval is None) or maxval is None:
            raise ValueError(f"For integer `dtype` argument {dtype}, argument `minval` and "
                             f"`maxval` must be both None or not None. Got `minval`={minval} "
                             f"and `maxval`={maxval}.")
        shape, dyn = _shape_arg(shape, "StatelessRandomUniformInt")
        lo, hi = convert_to_tensor(minval, dtype=dtype), convert_to_tensor(maxval, dtype=dtype)
        return bind(STATELESS_UNIFORM_INT, (s, lo, hi) + dyn, {"shape": shape})
    shape, dyn = _shape_arg(shape, "StatelessRandomUniform")
    raw = bind(STATELESS_UNIFORM, (s,) + dyn, {"shape": shape, "dtype": dtype})
    return _scale(raw, minval, maxval, dtype, maxval is None)


def _stateless_full_int(shape: Any, seed: Any, dtype: dt.DType) -> Any:
    """Integers over all of `dtype` (64-bit draws, wrapped to narrower types by the cast)."""
    shape, dyn = _shape_arg(shape, "StatelessRandomUniformFullInt")
    lo = convert_to_tensor(-(2**63), dtype=dt.int64)
    hi = convert_to_tensor(2**63 - 1, dtype=dt.int64)
    wide = bind(STATELESS_UNIFORM_INT, (seed, lo, hi) + dyn, {"shape": shape})
    return cast(wide, dtype)  # integer casts keep the low bits


def stateless_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                     dtype: Any = dt.float32, name: str | None = None,
                     alg: Any = "auto_select") -> Any:
    dtype = dt.as_dtype(dtype)
    mean_t, std_t = convert_to_tensor(mean, dtype=dtype), convert_to_tensor(stddev, dtype=dtype)
    shape, dyn = _shape_arg(shape, "StatelessRandomNormal")
    raw = bind(STATELESS_NORMAL, (_seed_tensor(seed),) + dyn, {"shape": shape, "dtype": dtype})
    return add(multiply(raw, std_t), mean_t)


def stateless_truncated_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                               dtype: Any = dt.float32, name: str | None = None,
                               alg: Any = "auto_select") -> Any:
    dtype = dt.as_dtype(dtype)
    mean_t, std_t = convert_to_tensor(mean, dtype=dtype), convert_to_tensor(stddev, dtype=dtype)
    shape, dyn = _shape_arg(shape, "StatelessTruncatedNormal")
    raw = bind(STATELESS_TRUNCATED_NORMAL, (_seed_tensor(seed),) + dyn,
               {"shape": shape, "dtype": dtype})
    return add(multiply(raw, std_t), mean_t)


def stateless_categorical(logits: Any, num_samples: Any, seed: Any, dtype: Any = dt.int64,
                          name: str | None = None) -> Any:
    dtype = _categorical_dtype(dtype)
    return bind(STATELESS_MULTINOMIAL, (_t(logits), _seed_tensor(seed)),
                {"num_samples": int(num_samples), "output_dtype": dtype})


# ---------------------------------------------------------------------------------------
# tf.random.Generator: an explicit state variable [counter, 0, key]; each draw runs a
# stateless op seeded with (key, counter) and advances the counter, so draws also work
# (and advance) inside traced functions.
# ---------------------------------------------------------------------------------------

class Algorithm:
    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _alg(alg: Any) -> int:
    if alg is None or alg in ("philox", "auto_select", Algorithm.PHILOX, Algorithm.AUTO_SELECT):
        return Algorithm.PHILOX
    if alg in ("threefry", Algorithm.THREEFRY):
        return Algorithm.THREEFRY
    raise ValueError(f"Argument `alg` got unsupported value {alg}. Supported values are "
                     "'philox', 'threefry' and 'auto_select'.")


def create_rng_state(seed: Any, alg: Any) -> np.ndarray:
    """The state array a Generator built from `seed` starts with: [counter, 0, key]."""
    _alg(alg)
    key = _as_seed(seed) if not isinstance(seed, (list, tuple, np.ndarray)) else \
        zlib.crc32(np.asarray(seed, np.int64).tobytes())
    return np.array([0, 0, key & ((1 << 63) - 1)], dtype=np.int64)


class Generator(AutoTrackable):
    """A random number generator with explicit, checkpointable state."""

    def __init__(self, copy_from: Generator | None = None, state: Any = None,
                 alg: Any = None) -> None:
        if copy_from is not None:
            self._alg_id = copy_from._alg_id
            init = copy_from._state_var.numpy()
        else:
            if state is None:
                raise ValueError("Must provide either `copy_from` or `state` to build a "
                                 "Generator")
            self._alg_id = _alg(alg)
            init = np.asarray(state, dtype=np.int64).reshape(-1)
            if init.shape != (3,):
                raise ValueError(f"The state of a Generator must have shape [3], got "
                                 f"{list(init.shape)}")
        self._state_var = Variable(init, trainable=False, name="StateVar", dtype=dt.int64)
        self._track("_state_var", self._state_var)

    @classmethod
    def from_seed(cls, seed: Any, alg: Any = None) -> Generator:
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg: Any = None) -> Generator:
        return cls.from_seed(int(seeds.unseeded_rng.integers(0, 2**62)), alg)

    @classmethod
    def from_key_counter(cls, key: Any, counter: Any, alg: Any) -> Generator:
        c = np.asarray(counter, np.int64).reshape(-1)
        return cls(state=[int(c[0]), int(c[1]) if c.size > 1 else 0, int(key)], alg=alg)

    @property
    def state(self) -> Any:
        return self._state_var

    @property
    def algorithm(self) -> int:
        return self._alg_id

    @property
    def key(self) -> Any:
        return self._state_var.read_value()[2]

    def reset(self, state: Any) -> None:
        self._state_var.assign(convert_to_tensor(np.asarray(state, np.int64)))

    def reset_from_seed(self, seed: Any) -> None:
        self._state_var.assign(create_rng_state(seed, self._alg_id))

    def reset_from_key_counter(self, key: Any, counter: Any) -> None:
        c = np.asarray(counter, np.int64).reshape(-1)
        self._state_var.assign(np.array([c[0], c[1] if c.size > 1 else 0, int(key)], np.int64))

    def _next_seed(self) -> Any:
        """(key, counter) as a seed tensor, then the counter moves on."""
        s = self._state_var.read_value()
        seed = s[2::-2]  # [key, counter]
        self._state_var.assign_add(np.array([1, 0, 0], np.int64))
        return seed

    def uniform(self, shape: Any, minval: Any = 0, maxval: Any = None, dtype: Any = dt.float32,
                name: str | None = None) -> Any:
        dtype = dt.as_dtype(dtype)
        _check_uniform_dtype(dtype)
        if dtype.is_integer and (minval is None or maxval is None):
            raise ValueError(f"For integer dtype {dtype}, minval and maxval must be both `None` "
                             f"or both non-`None`; got minval={minval} and maxval={maxval}")
        return stateless_uniform(shape, self._next_seed(), minval, maxval, dtype)

    def normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dt.float32,
               name: str | None = None) -> Any:
        return stateless_normal(shape, self._next_seed(), mean, stddev, dtype)

    def truncated_normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0,
                         dtype: Any = dt.float32, name: str | None = None) -> Any:
        return stateless_truncated_normal(shape, self._next_seed(), mean, stddev, dtype)

    def uniform_full_int(self, shape: Any, dtype: Any = dt.uint64, name: str | None = None) -> Any:
        dtype = dt.as_dtype(dtype)
        if dtype not in (dt.int32, dt.int64, dt.uint32, dt.uint64):
            raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                             "(tf.int32, tf.int64, tf.uint32, tf.uint64).")
        bits = stateless_uniform(shape, self._next_seed(), minval=-(2**62), maxval=2**62,
                                 dtype=dt.int64)
        return cast(bits, dtype)

    def make_seeds(self, count: int = 1) -> Any:
        """A [2, count] int64 tensor of fresh seeds for stateless ops."""
        return stateless_uniform([2, count], self._next_seed(), minval=-(2**63),
                                 maxval=2**63 - 1, dtype=dt.int64)

    def split(self, count: int = 1) -> list:
        """`count` new generators whose streams are independent of this one."""
        seeds_ = np.asarray(self.make_seeds(count))
        return [Generator(state=create_rng_state(int(seeds_[0, i] ^ seeds_[1, i]),
                                                 self._alg_id), alg=self._alg_id)
                for i in range(count)]


_GLOBAL_GENERATOR: list = []


def get_global_generator() -> Generator:
    if not _GLOBAL_GENERATOR:
        _GLOBAL_GENERATOR.append(Generator.from_non_deterministic_state())
    return _GLOBAL_GENERATOR[0]


def set_global_generator(generator: Generator) -> None:
    _GLOBAL_GENERATOR[:] = [generator]
