"""tf.random's stateless ops: values that depend only on a seed, TF 2.21's bit for bit.

Sits in the ops layer above random.py (shapes, distributions). As in TF, a seed tensor
[s0, s1] first becomes a Philox (key, counter) pair (StatelessRandomGetKeyCounter, which
scrambles the seed with one Philox block); the V2 ops then draw from that stream with an
algorithm input (1 Philox, 2 ThreeFry, 3 auto-select, which is Philox on CPU). ThreeFry
has no CPU kernel in TF: asking for it raises TF's errors. tf.random.Generator draws
through the same V2 ops with the key and counter of its state.

Also here: stateless_categorical (StatelessMultinomial, seeded directly), the seed
utilities split and fold_in, stateless_shuffle, and index_shuffle, TF's pseudorandom
permutation of [0, max_index] by cycle-walking a Simon block cipher (Beaulieu et al.
2013) with 4 rounds.
"""

from __future__ import annotations

import contextlib
import enum
import math as _pymath
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError, ResourceExhaustedError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, host_tensor
from eagerflow._src.core.type_names import type_repr
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox
from eagerflow._src.ops import random as R
from eagerflow._src.ops import random_dists as D
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg
from eagerflow._src.ops.eager_errors import passed_raw, slow_path
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.math import add
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.stacking import stack


class Algorithm(enum.Enum):
    """A random-number-generation algorithm (tf.random.Algorithm)."""

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def alg_to_int(alg: Any) -> Any:
    """`alg` as TF's integer id: an int, an Algorithm, a tensor, or a name."""
    if isinstance(alg, int):
        return alg
    if isinstance(alg, Algorithm):
        return alg.value
    if isinstance(alg, Tensor):
        return alg
    if isinstance(alg, str):
        canon = alg.strip().lower().replace("-", "").replace("_", "")
        ids = {"philox": 1, "threefry": 2, "autoselect": 3}
        if canon in ids:
            return ids[canon]
        raise ValueError(unsupported_alg(alg))
    raise TypeError(f"Can't convert argument `alg` (of value {alg} and type "
                    f"{type_repr(alg)}) to int.")  # (a DType: TF's class)


def unsupported_alg(alg: Any) -> str:
    names = (("1", "2", "3") if isinstance(alg, int) else
             ("philox", "threefry", "auto_select") if isinstance(alg, str) else
             tuple(str(a) for a in Algorithm))
    return (f"Argument `alg` got unsupported value {alg}. Supported values are {names[0]} for "
            f"the Philox algorithm, {names[1]} for the ThreeFry algorithm, and {names[2]} "
            "for auto-selection.")


# ---------------------------------------------------------------------------------------
# Seeds to (key, counter).
# ---------------------------------------------------------------------------------------

_SEED_DTYPES = frozenset((dt.int32, dt.int64))


def _check_seed(op: str, seed: Any) -> None:
    C.check_dtype(op, seed, _SEED_DTYPES, "Tseed")  # (TF's message: the node on line two)
    # (an unknown dim, as tracing gives a batch's, is checked when the op runs)
    if seed._shape is not None and (len(seed._shape) != 1 or seed._shape[0] not in (2, None)):
        raise C.fail(op, f"seed must have shape [2], not {C.shape_str(seed._shape)}")


def _key_counter_kernel(xp: Any, seed: Any) -> tuple:
    key, counter = philox.scramble_seed(int(seed[0]), int(seed[1]))
    return (xp.asarray([key], dtype=xp.uint64),
            xp.asarray([counter & philox.M64, counter >> 64], dtype=xp.uint64))


def _ref_key_counter(seed: np.ndarray) -> tuple:
    key, counter = ref.scramble(int(seed[0]), int(seed[1]))
    return (np.array([key], np.uint64), np.array([counter % 2**64, counter >> 64], np.uint64))


_SEED = np.array([5, 42], np.int64)

GET_KEY_COUNTER = register(OpDef(
    "StatelessRandomGetKeyCounter",
    lambda seed: _check_seed("StatelessRandomGetKeyCounter", seed) or [
        ((1,), dt.uint64), ((2,), dt.uint64)],
    _key_counter_kernel, reference=_ref_key_counter, num_outputs=2,
    # (made on the host, where the ops it feeds read them: TF takes the seed in host
    # memory, and a key and counter made on a GPU would be read back from it)
    gpu=False,
    samples=lambda: [Sample((_SEED,), grad=False),
                     Sample((np.array([-1, 7], np.int32),), grad=False)],
    bad_samples=lambda: [BadSample((np.array([1, 2, 3], np.int64),), {}, InvalidArgumentError,
                           "seed must have shape [2], not [3]"),
                 BadSample((np.array([1.0, 2.0]),), {}, InvalidArgumentError, "attr 'Tseed'")],
))


def _check_threefry_seed(s: np.ndarray) -> None:
    """TF's errors for a threefry seed that is not a vector of two or more."""
    if s.ndim == 0:
        raise C.fail("StridedSlice", "Attempting to slice scalar input.")
    if s.ndim == 1 and len(s) < 2:
        raise C.fail("StridedSlice", "slice index 1 of dimension 0 out of bounds.")
    if s.ndim > 1:  # TF reshapes seed[0] to one value
        raise C.fail("Reshape", f"Input to reshape is a tensor with {s[0].size} values, but the "
                                "requested shape has 1")


def bind_seeded(op: OpDef, inputs: tuple, attrs: dict, raw: tuple,
                name: str | None = None) -> Any:
    """bind for a seeded op whose TF wrapper is handed `raw` (the seed, and any other
    input TF does not convert first) as the user gave them: a Python list among them
    sends the wrapper down its slow path, whose error names no name."""
    try:
        return bind(op, inputs, attrs, name)
    except OpError as e:
        if passed_raw(*raw):
            slow_path(e)
        raise


def seed_tensor(seed: Any) -> Any:
    """A seed as TF's op wrappers convert a Tseed input (whose default is int64), on the
    host: a NumPy array of numbers cast to int64 (the fast path's cast: [1.5, 2] is [1, 2],
    bools 1 and 0), Python data as int64 where its values fit (a list of bools, []), else
    as it converts (a float list: the op's Tseed refusal; [True, 2] the refusal of mixed
    types); a tensor as it is."""
    if isinstance(seed, np.ndarray) and seed.dtype.kind in "biufc":
        return host_tensor(seed.astype(np.int64))
    if isinstance(seed, Tensor):
        return seed
    host_tensor(seed)  # (the fast path reads the data's own dtype first: its refusals)
    return host_tensor(seed, dtype_hint=dt.int64)


def key_counter_alg(seed: Any, alg: Any) -> tuple:
    """(key, counter, alg) tensors for the V2 ops, as TF's get_key_counter_alg makes them:
    eagerly in host memory, as TF's GPU kernel of StatelessRandomGetKeyCounter keeps its
    seed, key and counter (the draw copies the key and counter to its device)."""
    alg = alg_to_int(Algorithm.AUTO_SELECT.value if alg is None else alg)
    if type(alg) is EagerTensor:  # (TF tests `alg == AUTO_SELECT`: several values are
        bool(alg == Algorithm.AUTO_SELECT.value)  # NumPy's ambiguous truth; one is its id)
        # (compared as TF compares it, by value: 1.5, inf and NaN are no id, not int()'s)
        if alg.numpy().item() not in (a.value for a in Algorithm):
            raise ValueError(unsupported_alg(alg))  # (named as TF names a tensor's)
        # (the tensor goes on as given: one of another dtype is the op's refusal, TF's)
        alg, given_alg = int(alg), alg
    else:
        given_alg = alg
    if isinstance(alg, int) and alg == Algorithm.THREEFRY.value:
        s = np.asarray(convert_to_tensor(seed)).astype(np.uint32).astype(np.uint64)
        _check_threefry_seed(s)
        key = host_tensor(np.array([s[0] | (s[1] << np.uint64(32))], np.uint64))
        counter = host_tensor(np.zeros(1, np.uint64))
    elif isinstance(alg, int) and alg in (Algorithm.PHILOX.value, Algorithm.AUTO_SELECT.value):
        key, counter = bind_seeded(GET_KEY_COUNTER, (seed_tensor(seed),), {}, (seed,))
    elif isinstance(alg, int):
        raise ValueError(unsupported_alg(alg))
    else:
        raise TypeError("a tensor `alg` is not supported; pass 'philox', 'threefry' or "
                        "'auto_select'")
    if isinstance(given_alg, EagerTensor):
        return key, counter, host_tensor(given_alg)
    return key, counter, host_tensor(alg, dt.int32)


# ---------------------------------------------------------------------------------------
# The V2 ops: inputs key [1], counter [2], alg (and a runtime shape while tracing).
# ---------------------------------------------------------------------------------------

def _check_key_counter_alg(op: str, key: Any, counter: Any, alg: Any) -> None:
    # (each V2 op's key, counter and alg are its inputs 1, 2 and 3)
    for index, x, want in ((1, key, dt.uint64), (2, counter, dt.uint64), (3, alg, dt.int32)):
        if x._dtype is not want:
            raise C.fail(op, f"cannot compute {op} as input #{index}(zero-based) was expected "
                             f"to be a {want.name} tensor but is a {C.dtype_word(x._dtype)} "
                             "tensor")
    if key._shape is not None and tuple(key._shape) != (1,):
        raise C.fail(op, f"key must have shape [1], not {C.shape_str(key._shape)}. (Note "
                         "that batched keys are not supported yet.)")
    if alg._shape is not None and alg._shape != ():
        raise C.fail(op, f"input 3 (0-based) must have shape [], not {C.shape_str(alg._shape)}")


def stream_of(op: str, key: Any, counter: Any, alg: Any) -> tuple:
    """The Philox (key, counter) of the V2 inputs as ints, with TF's runtime checks."""
    _check_stream(op, counter, alg)
    c = [int(v) for v in counter[:2]] + [0]  # a one-word counter reads a zero high word
    return int(key[0]), c[0] | (c[1] << 64)


def draw_stream(op: str, xp: Any, key: Any, counter: Any, alg: Any) -> tuple:
    """The Philox (key, counter) a V2 draw takes, read where the key and counter live
    (the draws' as-is inputs): ints of host arrays; on a device (a Generator's, from
    RngReadAndSkip there) the key a 0-d uint64 array and the counter a (2,) one of its low
    and high words, which philox reads there, as TF's GPU kernels read them: nothing is
    read back."""
    if isinstance(key, np.ndarray) and isinstance(counter, np.ndarray):
        return stream_of(op, key, counter, alg)
    _check_stream(op, counter, alg)  # (its shape and the host alg: no word is read)
    key, counter = xp.asarray(key), xp.asarray(counter)  # (one of them may be a host's)
    if counter.shape[0] == 1:  # a one-word counter reads a zero high word
        counter = xp.concatenate([counter, xp.zeros(1, xp.uint64)])
    return key[0], counter[:2]


def _check_stream(op: str, counter: Any, alg: Any) -> None:
    """TF's runtime checks of the V2 inputs: the counter needs at least `alg` words (TF
    compares with the algorithm's id), and only Philox (or auto-select) has a CPU kernel."""
    a = int(alg)
    a = Algorithm.PHILOX.value if a == Algorithm.AUTO_SELECT.value else a
    if counter.ndim != 1 or counter.shape[0] < a:
        raise C.fail(op, f"counter must be a vector with length at least {a}; got shape: "
                         f"{C.shape_str(counter.shape)}. (Note that batched counters are not "
                         "supported yet.)")
    if a != Algorithm.PHILOX.value:
        raise C.fail(op, f"Unsupported algorithm id: {a}")


# key, counter and alg, and a shape given when it runs: read on the host (TF's HostMemory
# for alg and shape; its key and counter, made on the host here, stay there)
_HOST_KCA = (0, 1, 2)
# The V2 draws' key and counter are read where they live (a Generator's lie on its
# state's device, TF's GPU kernels' device inputs); alg and a shape on the host.
_AS_IS_KC = (0, 1)


def _v2_float_op(name: str, dist: Any, ref_fn: Any, samples: Any, bad: Any) -> OpDef:
    def infer(key: Any, counter: Any, alg: Any, *dyn: Any, shape: tuple | None,
              dtype: dt.DType) -> list:
        _check_key_counter_alg(name, key, counter, alg)
        if dyn:
            check_runtime_arg(name, dyn, "shape")
        R.float_dtype_check(name, dtype)
        R.check_shape(name, shape, dtype)
        return [(shape, dtype)]

    def kernel(xp: Any, key: Any, counter: Any, alg: Any, *dyn: Any, shape: tuple,
               dtype: dt.DType) -> Any:
        shape = R.runtime_shape(name, dyn, shape, dtype)
        k, c = draw_stream(name, xp, key, counter, alg)
        return dist(xp, k, c, _pymath.prod(shape), dtype.as_numpy_dtype).reshape(shape)

    def reference(key: Any, counter: Any, alg: Any, shape: tuple, dtype: dt.DType) -> Any:
        c = int(counter[0]) | (int(counter[1]) << 64)
        vals = ref_fn(int(key[0]), c, _pymath.prod(shape), dtype.name)
        return np.array(vals, dtype=np.float64).astype(dtype.as_numpy_dtype).reshape(shape)

    return register(OpDef(name, infer, kernel, reference=reference, samples=samples,
                          bad_samples=bad, host_inputs=(2, 3), as_is_inputs=_AS_IS_KC))


_KEY = np.array([0x9A1F_33C2_0B71_5E04], np.uint64)
_COUNTER = np.array([7, 2**63 + 5], np.uint64)
_ALG = np.int32(1)
_KCA = (_KEY, _COUNTER, _ALG)
_BAD_KEY = BadSample((np.array([1, 2], np.uint64), _COUNTER, _ALG),
                     {"shape": (2,), "dtype": dt.float32}, InvalidArgumentError,
                     "key must have shape [1], not [2]")
_THREEFRY = BadSample((_KEY, _COUNTER, np.int32(2)), {"shape": (2,), "dtype": dt.float32},
                      InvalidArgumentError, "Unsupported algorithm id: 2")

UNIFORM_V2 = _v2_float_op(
    "StatelessRandomUniformV2", D.uniform,
    lambda k, c, n, d: ref.uniforms(ref.Stream(k, c), n, d),
    lambda: [Sample(_KCA, {"shape": (3, 4), "dtype": dt.float32}, grad=False),
             Sample(_KCA, {"shape": (5,), "dtype": dt.float64}, grad=False),
             Sample((_KEY, _COUNTER, np.int32(3)), {"shape": (6,), "dtype": dt.float16},
                    grad=False)],
    lambda: [_BAD_KEY, _THREEFRY])

NORMAL_V2 = _v2_float_op(
    "StatelessRandomNormalV2", D.normal,
    lambda k, c, n, d: ref.normals(ref.Stream(k, c), n, d),
    lambda: [Sample(_KCA, {"shape": (3, 3), "dtype": dt.float32}, grad=False),
             Sample(_KCA, {"shape": (5,), "dtype": dt.float64}, grad=False)],
    lambda: [_BAD_KEY, BadSample((_KEY, np.array([1], np.uint64), np.int32(2)),
                         {"shape": (2,), "dtype": dt.float32}, InvalidArgumentError,
                         "counter must be a vector with length at least 2; got shape: [1]")])

TRUNCATED_NORMAL_V2 = _v2_float_op(
    "StatelessTruncatedNormalV2", D.truncated_normal, ref.truncated_normals,
    lambda: [Sample(_KCA, {"shape": (5, 6), "dtype": dt.float32}, grad=False),
             Sample(_KCA, {"shape": (7,), "dtype": dt.float64}, grad=False)],
    lambda: [_BAD_KEY])

_INT_DTYPES = frozenset((dt.int32, dt.int64, dt.uint32, dt.uint64))


def _int_v2_infer(key: Any, counter: Any, alg: Any, lo: Any, hi: Any, *dyn: Any,
                  shape: tuple | None) -> list:
    _check_key_counter_alg("StatelessRandomUniformIntV2", key, counter, alg)
    return R.uniform_int_infer("StatelessRandomUniformIntV2", lo, hi, dyn, shape, _INT_DTYPES)


def _int_v2_kernel(xp: Any, key: Any, counter: Any, alg: Any, lo: Any, hi: Any, *dyn: Any,
                   shape: tuple) -> Any:
    op = "StatelessRandomUniformIntV2"
    shape = R.runtime_shape(op, dyn, shape, lo.dtype)
    k, c = draw_stream(op, xp, key, counter, alg)
    lo, hi = to_host(lo), to_host(hi)  # (host inputs: a device's copies read once each)
    R.check_range(op, lo, hi)
    return D.uniform_int(xp, k, c, _pymath.prod(shape), int(lo), int(hi), lo.dtype).reshape(shape)


def _ref_int_v2(key: Any, counter: Any, alg: Any, lo: Any, hi: Any, shape: tuple) -> Any:
    s = ref.Stream(int(key[0]), int(counter[0]) | (int(counter[1]) << 64))
    vals = ref.integers(s, _pymath.prod(shape), int(lo), int(hi), 8 * lo.dtype.itemsize)
    return np.array(vals, dtype=lo.dtype).reshape(shape)


UNIFORM_INT_V2 = register(OpDef(
    "StatelessRandomUniformIntV2", _int_v2_infer, _int_v2_kernel, reference=_ref_int_v2,
    samples=lambda: [Sample(_KCA + (np.int32(-4), np.int32(9)), {"shape": (3, 4)}, grad=False),
             Sample(_KCA + (np.int64(-2**62), np.int64(2**62)), {"shape": (5,)}, grad=False)],
    bad_samples=lambda: [BadSample(_KCA + (np.int64(3), np.int64(1)), {"shape": (2,)},
                           InvalidArgumentError, "Need minval < maxval, got 3 >= 1")],
    host_inputs=(2, 3, 4, 5), as_is_inputs=_AS_IS_KC,  # (alg, minval, maxval, shape)
))


def _full_int_v2_infer(key: Any, counter: Any, alg: Any, *dyn: Any, shape: tuple | None,
                       dtype: dt.DType) -> list:
    op = "StatelessRandomUniformFullIntV2"
    _check_key_counter_alg(op, key, counter, alg)
    if dyn:
        check_runtime_arg(op, dyn, "shape")
    C.dtype_attr(op, dtype, "dtype", _INT_DTYPES)
    R.check_shape(op, shape, dtype)
    return [(shape, dtype)]


def _full_int_v2_kernel(xp: Any, key: Any, counter: Any, alg: Any, *dyn: Any, shape: tuple,
                        dtype: dt.DType) -> Any:
    op = "StatelessRandomUniformFullIntV2"
    shape = R.runtime_shape(op, dyn, shape, dtype)
    k, c = draw_stream(op, xp, key, counter, alg)
    return D.full_int(xp, k, c, _pymath.prod(shape), dtype.as_numpy_dtype).reshape(shape)


def _ref_full_int_v2(key: Any, counter: Any, alg: Any, shape: tuple, dtype: dt.DType) -> Any:
    s = ref.Stream(int(key[0]), int(counter[0]) | (int(counter[1]) << 64))
    npd = np.dtype(dtype.as_numpy_dtype)
    bits = 8 * npd.itemsize
    vals = ref.integers(s, _pymath.prod(shape), 0, 2**bits, bits)
    return np.array(vals, dtype=np.uint64).astype(f"u{npd.itemsize}").view(npd).reshape(shape)


UNIFORM_FULL_INT_V2 = register(OpDef(
    "StatelessRandomUniformFullIntV2", _full_int_v2_infer, _full_int_v2_kernel,
    reference=_ref_full_int_v2,
    samples=lambda: [Sample(_KCA, {"shape": (3, 4), "dtype": dt.int32}, grad=False),
             Sample(_KCA, {"shape": (5,), "dtype": dt.int64}, grad=False),
             Sample(_KCA, {"shape": (3,), "dtype": dt.uint64}, grad=False)],
    bad_samples=lambda: [BadSample(_KCA, {"shape": (2,), "dtype": dt.float32}, InvalidArgumentError,
                           "attr 'dtype'")],
    host_inputs=(2, 3), as_is_inputs=_AS_IS_KC,
))


# ---------------------------------------------------------------------------------------
# StatelessMultinomial (seeded directly) and StatelessShuffle.
# ---------------------------------------------------------------------------------------

def _stateless_multinomial_infer(logits: Any, seed: Any, num_samples: int,
                                 output_dtype: dt.DType) -> list:
    _stateless_multinomial_dtypes(logits, seed, output_dtype)
    _check_seed("StatelessMultinomial", seed)
    return R.multinomial_infer(logits, num_samples, output_dtype, name="StatelessMultinomial")


def _stateless_multinomial_dtypes(logits: Any, seed: Any, output_dtype: dt.DType) -> None:
    C.check_dtype("StatelessMultinomial", seed, _SEED_DTYPES, "Tseed")
    R.multinomial_dtypes(logits, output_dtype, "StatelessMultinomial", tseed=seed._dtype)


def _stateless_multinomial_kernel(xp: Any, logits: Any, seed: Any, num_samples: int,
                                  output_dtype: dt.DType) -> Any:
    # (the seed is read on the host: TF's GPU kernel takes it in host memory)
    key, counter = philox.scramble_seed(int(seed[0]), int(seed[1]))
    return R.categorical_values(xp, key, counter, logits, num_samples,
                                output_dtype.as_numpy_dtype)


def _ref_stateless_multinomial(logits: Any, seed: Any, num_samples: int,
                               output_dtype: dt.DType) -> Any:
    s = ref.Stream(*ref.scramble(int(seed[0]), int(seed[1])))
    return R.ref_categorical(s, logits, num_samples).astype(output_dtype.as_numpy_dtype)


STATELESS_MULTINOMIAL = register(OpDef(
    "StatelessMultinomial", _stateless_multinomial_infer, _stateless_multinomial_kernel,
    reference=_ref_stateless_multinomial,
    host_inputs=(1,),  # (TF's GPU kernel: HostMemory("seed"), and num_samples, an attr here)
    samples=lambda: [Sample((np.array([[0.0, 1.0, 2.0], [1.0, 1.0, -np.inf]]), _SEED),
                    {"num_samples": 5, "output_dtype": dt.int64}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones(3), _SEED),
                                   {"num_samples": 2, "output_dtype": dt.int64},
                                   InvalidArgumentError, "logits should be a matrix")],
))


def _shuffle_infer(value: Any, key: Any, counter: Any, alg: Any) -> list:
    _check_key_counter_alg("StatelessShuffle", key, counter, alg)
    return [(value._shape, value._dtype)]


def _shuffle_kernel(xp: Any, value: Any, key: Any, counter: Any, alg: Any) -> Any:
    k, c = stream_of("StatelessShuffle", key, counter, alg)
    if value.ndim == 0 or value.size <= 1 or value.shape[0] <= 1:
        return value.copy()
    n = value.shape[0]
    return value[R.fisher_yates(philox.words(xp, k, c, n - 1), n)]


def _ref_shuffle(value: Any, key: Any, counter: Any, alg: Any) -> Any:
    if value.ndim == 0 or value.size <= 1:
        return value.copy()
    s = ref.Stream(int(key[0]), int(counter[0]) | (int(counter[1]) << 64))
    out = list(value)
    for i in range(len(out) - 1):
        j = i + s.word() % (len(out) - i)
        out[i], out[j] = out[j], out[i]
    return np.array(out, dtype=value.dtype).reshape(value.shape)


STATELESS_SHUFFLE = register(OpDef(
    "StatelessShuffle", _shuffle_infer, _shuffle_kernel, reference=_ref_shuffle,
    gpu=False,  # (TF registers its CPU kernel only)
    samples=lambda: [Sample((np.arange(10, dtype=np.int32),) + _KCA, grad=False),
             Sample((np.arange(12.0).reshape(4, 3),) + _KCA, grad=False)],
    bad_samples=lambda: [BadSample((np.arange(3.0), np.array([1, 2], np.uint64), _COUNTER,
                                    _ALG), {}, InvalidArgumentError, "key must have shape")],
))


# ---------------------------------------------------------------------------------------
# RandomIndexShuffle: a Simon cipher over the smallest even number of bits (at least 16)
# that holds max_index, re-encrypting until the value is at most max_index.
# ---------------------------------------------------------------------------------------

_SIMON_C = 0xFFFFFFFC
_SIMON_Z = 0x7369F885192C0EF5
# Every value passes through every round in turn (no shortcut: the round keys never repeat
# within reach), and a 16-bit block walks its whole 2**16-entry permutation, so the work
# grows with `rounds` alone: 10,000 rounds take ~10 s here and in TF, whose kernel also
# keeps a key per round and runs for hours near 2**31. More than this many rounds (16,384
# times the 4 of tf.random.experimental.index_shuffle) is refused before computing.
MAX_SHUFFLE_ROUNDS = 1 << 16


def _simon_keys(seed: tuple, w: int, rounds: int) -> list:
    """Round keys of TF's Simon variant: three key words of w bits, then the key schedule
    (rotations right by 3 and 4, the constant c = 0xfffffffc and the bits of z, all cut to
    w bits)."""
    mask = (1 << w) - 1
    rk = [s & mask for s in seed]
    z = _SIMON_Z & mask
    for i in range(3, rounds):
        k = rk[i - 1]
        rotr3 = ((k >> 3) | (k << (w - 3))) & mask
        rotr4 = ((k >> 4) | (k << (w - 4))) & mask
        rk.append((_SIMON_C & mask) ^ (z & 1) ^ rk[i - 3] ^ rotr3 ^ rotr4)
        z >>= 1
    return rk


def _cycle_walk(xp: Any, values: Any, seed: tuple, max_index: int, rounds: int) -> Any:
    """Encrypt `values` (uint64) until each lands in [0, max_index]."""
    if max_index == 0:
        return xp.zeros_like(values)
    bits = _pymath.ceil(_pymath.log2(float(max_index)))
    w = min(max(bits + bits % 2, 16), 64) // 2
    encrypt = _simon(xp, _simon_keys(seed, w, rounds), w)
    top = xp.uint64(max_index)
    if w == 8:  # a 16-bit block for a small range: walks are long, so walk the whole table
        return _walk_table(xp, encrypt(xp.arange(1 << 16, dtype=xp.uint64)), top)[
            values & xp.uint64(0xFFFF)]
    out = values.copy()
    todo = xp.arange(values.shape[0])
    v = values
    while todo.size:
        v = encrypt(v)
        done = v <= top
        out[todo[done]] = v[done]
        todo, v = todo[~done], v[~done]
    return out


def _simon(xp: Any, keys: list, w: int) -> Any:
    """The block cipher on 2w-bit values, as a function over uint64 arrays. Its round
    function f(x) = (rotl(x, 1) & rotl(x, 8)) ^ rotl(x, 2) is a table of 2**w entries for
    words of up to 16 bits (one lookup in place of seven operations a round)."""
    mask, sw = (1 << w) - 1, xp.uint64(w)

    def rotl(x: Any, r: int) -> Any:
        return ((x << r) | (x >> (w - r))) & mask

    def f(x: Any) -> Any:
        return (rotl(x, 1) & rotl(x, 8)) ^ rotl(x, 2)

    word = xp.uint16 if w <= 16 else xp.uint64
    pairs = [(word(a), word(b)) for a, b in zip(keys[0::2], keys[1::2])]
    table = f(xp.arange(1 << w, dtype=xp.uint32)).astype(word) if w <= 16 else None
    round_f = (lambda x: table[x]) if table is not None else f

    def encrypt(v: Any) -> Any:
        left, right = (v >> sw).astype(word), (v & xp.uint64(mask)).astype(word)
        for k1, k2 in pairs:
            left = left ^ round_f(right) ^ k1
            right = right ^ round_f(left) ^ k2
        return (left.astype(xp.uint64) << sw) | right.astype(xp.uint64)
    return encrypt


def _walk_table(xp: Any, perm: Any, top: Any) -> Any:
    """For every x, the first of perm(x), perm(perm(x)), ... that is <= top, by pointer
    doubling: ptr jumps over values > top, twice as far each round."""
    ptr = perm.astype(xp.intp)
    for _ in range(17):  # cycles have at most 2**16 elements
        far = ptr > int(top)
        if not far.any():
            break
        ptr = xp.where(far, ptr[ptr], ptr)
    return ptr.astype(xp.uint64)


def _check_indices(index: np.ndarray, max_index: np.ndarray) -> None:
    """TF's checks before the walk (an index past the cipher's range would never land)."""
    op = "RandomIndexShuffle"
    for values, what in ((index, "index"), (max_index, "max_index")):
        if (values < 0).any():
            raise C.fail(op, f"{what} must be >= 0 but was {values[values < 0][0]}")
    past = np.flatnonzero(index > max_index)
    if past.size:
        i = past[0]
        raise C.fail(op, f"max_index must be >= index, but {max_index[i]} < {index[i]}")


def _index_shuffle_kernel(xp: Any, index: Any, seed: Any, max_index: Any, rounds: int) -> Any:
    n = max(index.size, max_index.size, seed.size // 3)
    if n == 0:
        return xp.zeros((0,), dtype=index.dtype)
    _check_indices(np.broadcast_to(to_host(index).reshape(-1), (n,)),
                   np.broadcast_to(to_host(max_index).reshape(-1), (n,)))
    idx = xp.broadcast_to(index.reshape(-1), (n,)).astype(xp.uint64)
    top = xp.broadcast_to(max_index.reshape(-1), (n,)).astype(xp.uint64)
    seeds = xp.broadcast_to((seed.reshape(-1, 3).astype(xp.uint64) & xp.uint64(0xFFFFFFFF)),
                            (n, 3))
    combos, which = np.unique(np.column_stack([np.asarray(seeds), np.asarray(top)]), axis=0,
                              return_inverse=True)
    out = xp.empty(n, dtype=xp.uint64)
    for g, (s0, s1, s2, mi) in enumerate(combos.tolist()):
        rows = xp.nonzero(xp.asarray(which.reshape(-1)) == g)[0]
        out[rows] = _cycle_walk(xp, idx[rows], (s0, s1, s2), mi, rounds)
    shape = index.shape if index.ndim == 0 and seed.ndim == 1 and max_index.ndim == 0 else (n,)
    return out.astype(index.dtype).reshape(shape)


def _index_shuffle_infer(index: Any, seed: Any, max_index: Any, rounds: int) -> list:
    op = "RandomIndexShuffle"
    # (TF's attrs in its inputs' order: index's dtype, seed's Tseed, max_index of dtype)
    d = C.check_dtype(op, index, _INT_DTYPES, "dtype")
    C.check_dtype(op, seed, _INT_DTYPES, "Tseed")
    if max_index._dtype is not d:
        raise C.wrong_input_dtype(op, 2, d, max_index._dtype)
    # (TF 2.21 does not check: its cipher reads round keys in pairs, past its schedule for
    # fewer than 4 or odd rounds, so its values then change from run to run; refused here)
    if AV.int_attr(op, rounds, "rounds") < 4 or rounds % 2:
        raise C.fail(op, f"rounds must be an even integer >= 4, got {rounds}")
    if rounds > MAX_SHUFFLE_ROUNDS:
        raise ResourceExhaustedError(None, None, f"{op}: {rounds} rounds would run for hours "
                                                 f"(each index passes through every round); "
                                                 f"at most {MAX_SHUFFLE_ROUNDS} are computed "
                                                 f"[Op:{op}]")
    shapes = [x._shape for x in (index, seed, max_index)]
    if any(s is None or None in s for s in shapes):
        return [(None, d)]
    ix, sd, mx = shapes
    num = max(_pymath.prod(ix), _pymath.prod(mx), _pymath.prod(sd) // 3)
    if not (len(ix) == 0 or ix == (num,)):
        raise C.fail(op, "Index bust be a scalar or vector.")
    if not (sd == (3,) or sd == (num, 3)):
        raise C.fail(op, f"Seed must be a vector of size [3] or a matrix of size [{num}, 3] "
                         f"but got {C.shape_str(sd)}.")
    if not (len(mx) == 0 or mx == (num,)):
        raise C.fail(op, f"Maxval must be a scalar or a vector of the same size as index but "
                         f"got {C.shape_str(mx)}")
    return [((() if len(ix) == 0 and len(sd) == 1 and len(mx) == 0 else (num,)), d)]


def _ref_index_shuffle(index: Any, seed: Any, max_index: Any, rounds: int) -> Any:
    n = max(index.size, max_index.size, seed.size // 3)
    seeds = np.broadcast_to(seed.reshape(-1, 3), (n, 3)).tolist()
    idx = np.broadcast_to(index.reshape(-1), (n,)).tolist()
    top = np.broadcast_to(max_index.reshape(-1), (n,)).tolist()
    out = []
    for i, s, mi in zip(idx, seeds, top):
        out.append(_ref_cycle_walk(int(i), [int(v) % 2**32 for v in s], int(mi), rounds))
    shape = index.shape if index.ndim == 0 and seed.ndim == 1 and max_index.ndim == 0 else (n,)
    return np.array(out, dtype=index.dtype).reshape(shape)


def _ref_cycle_walk(value: int, seed: list, max_index: int, rounds: int) -> int:
    if max_index == 0:
        return 0
    block = 16
    while block < 64 and 2**block < max_index:
        block += 2
    w = block // 2
    keys = _simon_keys(tuple(seed), w, rounds)
    mask = 2**w - 1

    def rotl(x: int, r: int) -> int:
        return ((x << r) % 2**w) | (x >> (w - r))

    while True:
        left, right = (value >> w) & mask, value & mask
        for k1, k2 in zip(keys[0::2], keys[1::2]):
            left ^= (rotl(right, 1) & rotl(right, 8)) ^ rotl(right, 2) ^ k1
            right ^= (rotl(left, 1) & rotl(left, 8)) ^ rotl(left, 2) ^ k2
        value = left * 2**w + right
        if value <= max_index:
            return value


INDEX_SHUFFLE = register(OpDef(
    "RandomIndexShuffle", _index_shuffle_infer, _index_shuffle_kernel,
    reference=_ref_index_shuffle, gpu=False,  # TF has a CPU kernel only
    samples=lambda: [Sample((np.arange(10, dtype=np.int64), np.array([1, 2, 3], np.int64),
                     np.int64(9)), {"rounds": 4}, grad=False),
             Sample((np.int32(5), np.array([498247692, 7, -3], np.int32), np.int32(70000)),
                    {"rounds": 4}, grad=False),
             Sample((np.arange(4, dtype=np.uint32), np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9],
                                                               [1, 1, 1]], np.int64),
                     np.array([3, 3, 100, 2**20], np.uint32)), {"rounds": 6}, grad=False),
             Sample((np.arange(3, dtype=np.int64), np.array([4, 5, 6], np.int64),
                     np.int64(2**40)), {"rounds": 100}, grad=False)],
    bad_samples=lambda: [BadSample((np.arange(4), np.array([1, 2, 3, 4]), np.int64(3)),
                                   {"rounds": 4}, InvalidArgumentError,
                                   "Seed must be a vector of size [3]"),
                         BadSample((np.arange(4), np.array([1, 2, 3]), np.int64(3)),
                                   {"rounds": 2**31 - 2}, ResourceExhaustedError,
                                   "2147483646 rounds would run for hours")],
))


# ---------------------------------------------------------------------------------------
# Public API.
# ---------------------------------------------------------------------------------------

_STATELESS_UNIFORM_DTYPES = (dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.int32,
                             dt.int64, dt.uint32, dt.uint64)


def _shape_arg(shape: Any, op: OpDef, scope: str | None) -> tuple:
    """`(static, dynamic, given)` of a shape argument: in a graph API scope, with TF's
    "shape" Const there (random.scoped_shape)."""
    if scope is None:
        return R.shape_input(shape, op.name) + (None,)
    return R.scoped_shape(shape, op.name)


def _value(value: Any, dtype: dt.DType, name: str, scope: str | None) -> Any:
    """An argument converted to `dtype`; in a graph API scope a Python value is a Const
    `name` there, as TF's convert_to_tensor(..., name=) makes it. An integer draw's
    bounds are made on the host (its op reads them there: TF's HostMemory)."""
    if scope is None:
        if dtype.is_integer:
            return host_tensor(value, dtype)
        return convert_to_tensor(value, dtype=dtype, name=name)
    return convert_to_tensor_v2(value, dtype=dtype, name=name)


def uniform_from(kca: Callable, shape: Any, minval: Any, maxval: Any, dtype: dt.DType,
                 scope: str | None = None) -> Any:
    """Uniform values from a V2 stream, `kca()`'s (key, counter, alg): floats in [minval,
    maxval), integers in [minval, maxval), or over the whole dtype when minval is None.
    In TF's order (the shape, min and max, then the stream); `scope`: the graph API scope
    the nodes are made in (its own name the result's)."""
    if dtype.is_integer and minval is None:
        op = UNIFORM_FULL_INT_V2
        if scope is not None:
            static, dyn, given = _shape_arg(shape, op, scope)
        stream = kca()
        if scope is None:
            static, dyn, given = _shape_arg(shape, op, scope)
        return R.bind_shaped(op, stream + dyn, {"shape": static, "dtype": dtype}, given, scope)
    op = UNIFORM_INT_V2 if dtype.is_integer else UNIFORM_V2
    if scope is not None:
        static, dyn, given = _shape_arg(shape, op, scope)
    lo = _value(minval, dtype, "min", scope)
    hi = _value(1 if maxval is None else maxval, dtype, "max", scope)
    stream = kca()
    if scope is None:  # (eagerly: the V2 op checks the shape after the seed's op ran)
        static, dyn, given = _shape_arg(shape, op, scope)
    if dtype.is_integer:
        return R.bind_shaped(op, stream + (lo, hi) + dyn, {"shape": static}, given, scope)
    raw = R.bind_shaped(op, stream + dyn, {"shape": static, "dtype": dtype}, given)
    return add(raw * (hi - lo), lo, name=scope)


def graph_scope(name: str | None, default: str) -> Any:
    """TF's API name scope while a graph is built (random.api_scope), else none."""
    return R.api_scope(name, default) if _state.graph is not None else _NO_SCOPE


_NO_SCOPE = contextlib.nullcontext(None)


@dispatch_binding
def stateless_uniform(shape: Any, seed: Any, minval: Any = 0, maxval: Any = None,
                      dtype: Any = dt.float32, name: str | None = None,
                      alg: Any = "auto_select") -> Any:
    """Uniform values that depend only on `seed` (a shape [2] integer tensor) and the shape."""
    dtype = dt.as_dtype(dtype)
    if dtype not in _STATELESS_UNIFORM_DTYPES:
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         "(tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64, "
                         "tf.uint32, tf.uint64).")
    if dtype.is_integer:
        if (minval is None) != (maxval is None):
            raise ValueError(f"For integer `dtype` argument {dtype}, argument `minval` and "
                             f"`maxval` must be both None or not None. Got `minval`={minval} "
                             f"and `maxval`={maxval}.")
        if minval is not None and dtype in (dt.uint32, dt.uint64):
            raise ValueError(f"Argument `dtype` got invalid value {dtype} when argument "
                             "`minval` is not None. Please don't use unsigned integers in "
                             "this case.")
    if _state.graph is None:
        shape = R.packed_shape(shape)
    if not dtype.is_integer and minval is None:  # (TF converts it before the seed)
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    with graph_scope(name, "stateless_random_uniform") as scope:
        return uniform_from(lambda: key_counter_alg(seed, alg), shape, minval, maxval, dtype,
                            scope)


def normal_from(op: OpDef, kca: Callable, shape: Any, mean: Any, stddev: Any, dtype: Any,
                scope: str | None = None) -> Any:
    """raw * stddev + mean, the raw draw from the V2 op `op` on `kca()`'s (key, counter,
    alg), in TF's order (the shape, mean and stddev, then the stream); `scope` as in
    uniform_from. A `dtype` that is no DType (a string, as Keras 3 passes it) sends TF's op
    wrapper down its slow path: the draw's errors name no name."""
    given_dtype, dtype = dtype, dt.as_dtype(dtype)
    if scope is not None:
        static, dyn, given = _shape_arg(shape, op, scope)
    else:
        shape = R.packed_shape(shape)
    mean_t = _value(mean, dtype, "mean", scope)
    std_t = _value(stddev, dtype, "stddev", scope)
    stream = kca()
    if scope is None:  # (eagerly: the V2 op checks the shape after the seed's op ran)
        static, dyn, given = _shape_arg(shape, op, scope)
    try:
        raw = R.bind_shaped(op, stream + dyn, {"shape": static, "dtype": dtype}, given)
    except OpError as e:
        if not isinstance(given_dtype, dt.DType):
            slow_path(e)
        raise
    return add(raw * std_t, mean_t, name=scope)


@dispatch_binding
def stateless_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                     dtype: Any = dt.float32, name: str | None = None,
                     alg: Any = "auto_select") -> Any:
    with graph_scope(name, "stateless_random_normal") as scope:
        return normal_from(NORMAL_V2, lambda: key_counter_alg(seed, alg), shape, mean, stddev,
                           dtype, scope)


@dispatch_binding
def stateless_truncated_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                               dtype: Any = dt.float32, name: str | None = None,
                               alg: Any = "auto_select") -> Any:
    with graph_scope(name, "stateless_truncated_normal") as scope:
        return normal_from(TRUNCATED_NORMAL_V2, lambda: key_counter_alg(seed, alg), shape,
                           mean, stddev, dtype, scope)


@dispatch_binding
def stateless_categorical(logits: Any, num_samples: Any, seed: Any, dtype: Any = dt.int64,
                          name: str | None = None) -> Any:
    with graph_scope(name, "stateless_categorical") as scope:
        if scope is not None:
            logits = convert_to_tensor_v2(logits, name="logits")
        dtype = R.categorical_dtype(dtype)
        logits, seed_t = _t(logits), seed_tensor(seed)
        if isinstance(num_samples, EagerTensor):
            if passed_raw(seed):  # (TF's slow path converts it first)
                num_samples = convert_to_tensor(num_samples, dtype=dt.int32)
            num_samples = R.tensor_num_samples(num_samples, lambda: _stateless_multinomial_dtypes(
                logits, seed_t, dtype), "StatelessMultinomial")
        else:
            num_samples = AV.int_arg(num_samples, "num_samples")
        return bind_seeded(STATELESS_MULTINOMIAL, (logits, seed_t),
                           {"num_samples": num_samples, "output_dtype": dtype}, (seed,))


def stateless_shuffle(value: Any, seed: Any, alg: Any = "auto_select",
                      name: str | None = None) -> Any:
    """Shuffles `value` along its first dimension, as a function of `seed` only."""
    return bind(STATELESS_SHUFFLE, (_t(value),) + key_counter_alg(seed, alg), {}, name)


@dispatch_binding
def split(seed: Any, num: int = 2, alg: Any = "auto_select") -> Any:
    """`num` new seeds, as a [num, 2] tensor of the seed's dtype (full-range integers)."""
    s = convert_to_tensor(seed)
    return stateless_uniform([num, 2], s, minval=None, maxval=None, dtype=s._dtype, alg=alg)


@dispatch_binding
def fold_in(seed: Any, data: Any, alg: Any = "auto_select") -> Any:
    """A new seed [a draw from `seed` in data's dtype, data]."""
    d = convert_to_tensor(data)
    first = stateless_uniform([], seed, minval=None, maxval=None, dtype=d._dtype, alg=alg)
    return stack([first, d])


_INDEX_SHUFFLE_PAD = 498247692  # the key word TF puts before a [2] seed


def index_shuffle(index: Any, seed: Any, max_index: Any) -> Any:
    """The position of `index` in a pseudorandom permutation of [0, max_index]."""
    s = convert_to_tensor(seed)
    rank = None if s._shape is None else len(s._shape)
    paddings = [[1, 0]] + ([[0, 0]] * (rank - 1) if rank else [])
    s = pad(s, paddings, constant_values=_INDEX_SHUFFLE_PAD)
    idx = convert_to_tensor(index)
    top = convert_to_tensor(max_index, dtype=idx._dtype)
    return bind(INDEX_SHUFFLE, (idx, s, top), {"rounds": 4})


def random_index_shuffle(index: Any, seed: Any, max_index: Any, rounds: int = 4,
                         name: str | None = None) -> Any:
    """tf.random_index_shuffle, TF's raw op: `seed` is its three key words as they are."""
    attrs = AV.wrapper_attrs("RandomIndexShuffle", rounds=rounds)
    idx = convert_to_tensor(index)
    return bind(INDEX_SHUFFLE, (idx, convert_to_tensor(seed),
                                convert_to_tensor(max_index, dtype=idx._dtype)), attrs, name)
