"""tf.random's seeds and stateful random ops, giving TensorFlow 2.21's numbers on CPU.

Sits in the ops layer above philox.py (bits) and random_dists.py (values); the stateless
ops are in random_stateless.py and tf.random.Generator in random_generator.py.

Seeds follow TF. An op's `(seed, seed2)` pair comes from `get_seed(op_seed)`: with a
global seed (tf.random.set_seed) and no op seed, eager ops take op seeds from Python's
`random.Random(global_seed)` (TF's context does exactly that) and ops traced into a graph
number them 0, 1, ... per graph; an op seed alone pairs with DEFAULT_GRAPH_SEED; neither
means nondeterministic. The op's stream is Philox keyed by `seed` with counter
`seed2 << 64`; every call reserves 256 blocks per output. TF keeps that position in the
op's kernel: eager kernels are cached by op and attrs (so repeated calls with the same
seeds continue one stream), and each node of a traced function has its own, which the
`node` attr (0 in eager, unique per graph node) reproduces here. set_seed starts every
stream over, as TF's clearing of its kernel caches does.
"""

from __future__ import annotations

import math as _pymath
import os
import random as _pyrandom
import threading
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, seeds
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import (
    EagerTensor,
    check_finite_size,
    convert_to_tensor,
    host_tensor,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox, tf_op_defs
from eagerflow._src.ops import random_dists as D
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    check_runtime_arg,
    check_static,
    graph_shape,
    is_symbolic,
    needs_runtime,
    runtime_ints,
)
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2, graph_constant, scope_name
from eagerflow._src.ops.math import add, multiply
from eagerflow._src.ops.math_base import _t, cast
from eagerflow._src.ops.printing import summarize_nested
from eagerflow._src.ops.random_unroll import UNROLLED, next_node, start_of_draw
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.stacking import pack

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1

_UNIFORM_DTYPES = (dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.int32, dt.int64)
_FLOAT_DTYPES = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64))


# ---------------------------------------------------------------------------------------
# Seeds and the stateful ops' streams.
# ---------------------------------------------------------------------------------------

_STREAMS: dict = {}  # (op, dtype, seed, seed2, node) -> [key, next counter]: TF's kernels
_STREAMS_LOCK = threading.Lock()


def _draws(seed: Any) -> _pyrandom.Random:
    """TF's eager context's stream of op seeds for global `seed`: random.Random of it, of
    int(np.array(seed)) where it is unhashable (a NumPy array, a list), whose errors are
    set_seed's."""
    try:
        hash(seed)
        return _pyrandom.Random(seed)
    except TypeError:
        return _pyrandom.Random(int(np.array(seed)))


def set_seed(seed: Any) -> None:
    """Sets the global random seed; every random op's stream starts over. While a graph
    is built (a TF 1 graph, a function's), the seed is that graph's, as TF's. The seed is
    kept as given (2.5, True, a NumPy integer): ops reduce it when they draw (get_seed)."""
    graph = _state.graph
    if graph is not None:
        graph.seed = seed
        graph._random_op_counter = 0  # (the ops made from now count from zero, as TF's)
        return
    draws = _draws(seed)
    with seeds.lock:
        seeds.global_seed = seed
        seeds.op_seeds = draws
    clear_kernel_cache()


def clear_kernel_cache() -> None:
    """Forgets every stateful op's stream and state (what TF's set_seed does to its kernel
    cache)."""
    with _STREAMS_LOCK:
        _STREAMS.clear()
        _KERNEL_STATE.clear()


# What a stateful kernel keeps besides its stream (a learned sampler's counts): TF keeps it
# in the kernel instance, so it goes with the streams.
_KERNEL_STATE: dict = {}


def kernel_state(key: tuple, make: Callable[[], Any]) -> Any:
    """The state of the kernel instance `key` names, made by `make()` on its first call."""
    own = _state.kernels
    table = _KERNEL_STATE if own is None else own.setdefault("state", {})
    with _STREAMS_LOCK:
        state = table.get(key)
        if state is None:
            state = table[key] = make()
        return state


def get_seed(op_seed: Any) -> tuple:
    """The `(seed, seed2)` an op should use given its own seed (None when not given).

    Both None: `(None, None)` (nondeterministic). Global seed set, op seed None: the op
    seed is the next draw of `random.Random(global_seed)` in eager mode, the graph's own
    count of such ops while tracing. Op seed set, global None: the global seed is
    DEFAULT_GRAPH_SEED. A TF 1 graph's `seed` plays the global seed (the eager one does
    not reach it, as in TF); a function's, where set, too.
    """
    graph = _state.graph
    global_seed = seeds.global_seed
    if graph is not None and (graph.seed is not None or not graph.building_function):
        global_seed = graph.seed
    if global_seed is not None:
        if op_seed is None:
            if graph is not None:
                op_seed = getattr(graph, "_random_op_counter", 0)
                graph._random_op_counter = op_seed + 1
            else:
                with seeds.lock:
                    op_seed = seeds.op_seeds.randint(0, _MAXINT32)
        # (TF's truncation is Python's %: a string's formatting error, a list's operand
        # error, a small NumPy integer's overflow are its errors)
        pair = (global_seed % _MAXINT32, op_seed % _MAXINT32)
    elif op_seed is not None:
        pair = (DEFAULT_GRAPH_SEED, op_seed % _MAXINT32)
    elif op_determinism_enabled():
        raise RuntimeError("Random ops require a seed to be set when determinism is enabled. "
                           "Please set a seed before running the op, e.g. by calling "
                           "tf.random.set_seed(1).")
    else:
        return (None, None)
    if pair == (0, 0):
        return (0, _MAXINT32)  # (0, 0) is reserved for "nondeterministic"
    # (the op's int attrs: 2.5 is 2; an array or a string their TypeError)
    return (AV.make_int(pair[0], "seed"), AV.make_int(pair[1], "seed2"))


def _op_seeds(seed: Any) -> dict:
    s, s2 = get_seed(seed)
    return {"seed": 0 if s is None else s, "seed2": 0 if s2 is None else s2,
            "node": 0 if _state.graph is None else next_node()}


def _reserve(op: str, dtype: Any, seed: int, seed2: int, node: int, nblocks: int) -> tuple:
    """The (key, counter) where this call's draws start; the op's stream moves on by
    `nblocks`. Seeds (0, 0) give the op a random stream of its own."""
    k = (op, dtype, seed, seed2, node)
    own = _state.kernels  # (a graph's node run by a TF 1 Session: that Session's kernel)
    streams = own if own is not None and node else _STREAMS
    with _STREAMS_LOCK:
        if node in UNROLLED:  # (one copy of a loop's op: the loop's one kernel)
            k = (op, dtype, seed, seed2, UNROLLED[node][0])
            return start_of_draw(streams, k, node, int(nblocks),
                                 lambda: _fresh_stream(seed, seed2))
        s = streams.get(k)
        if s is None:
            s = streams[k] = _fresh_stream(seed, seed2)
        key, counter = s
        s[1] = (counter + int(nblocks)) & philox.M128  # (a NumPy count would overflow)
    return key, counter


def _fresh_stream(seed: int, seed2: int) -> list:
    if seed == 0 and seed2 == 0:
        seed, seed2 = (int.from_bytes(os.urandom(8), "little") for _ in range(2))
    return list(philox.stateful_start(seed, seed2))


def _ref_stream(seed: int, seed2: int) -> ref.Stream:
    return ref.Stream(seed, seed2 << 64)


# ---------------------------------------------------------------------------------------
# Shape arguments (shared with random_stateless.py).
# ---------------------------------------------------------------------------------------

def shape_input(shape: Any, op: str, dtype: Any = None) -> tuple:
    """`(static, dynamic)` as dynshape.shape_arg: a symbolic shape (in a graph) becomes an
    input of the op; otherwise the shape is an attr of Python ints. `dtype`: the op's
    output dtype attr, checked eagerly before the kernel's rank check (`_static_shape`)."""
    if _state.graph is None:
        return _static_shape(shape, op, dtype), ()
    if is_symbolic(shape):
        return graph_shape(shape, minus_one=True)
    static = _static_shape(shape, op)
    return graph_shape(static, minus_one=True) if any(d < 0 for d in static) else (static, ())


def _static_shape(shape: Any, op: str, dtype: Any = None) -> tuple:
    if isinstance(shape, TensorShape):
        if not shape.is_fully_defined():
            raise ValueError(f"Cannot convert a partially known TensorShape {shape} to a "
                             "Tensor.")
        return tuple(shape.as_list())
    if C.is_graph_tensor(shape):  # its value while the graph is built, if known then
        shape = C.known(shape)
        if C.is_graph_tensor(shape):
            raise TypeError(f"{op}: shape must be known when the op is built; got a symbolic "
                            "tensor")
    if isinstance(shape, EagerTensor):
        arr = to_host(shape._arr)
        if shape._dtype is not dt.int32 and shape._dtype is not dt.int64:
            _refuse_shape_dtype(op, shape)
    elif isinstance(shape, (list, tuple)) and any(isinstance(d, EagerTensor) for d in shape):
        return _static_shape(packed_shape(shape), op, dtype)
    else:
        try:
            arr = np.asarray(shape)
        except ValueError:  # (a ragged list: TF's conversion refuses it, in its words)
            convert_to_tensor(shape)
            raise
        if arr.dtype.kind not in "iu" and arr.size or arr.dtype.kind == "u" or \
                arr.dtype.itemsize < 4:
            _refuse_shape_dtype(op, shape)
    # (TF's kernel's errors: its wrapper converted the shape, so they are the fast path's;
    # TF validates the op's attrs before its kernel runs: a dtype it refuses comes first)
    if arr.ndim != 1:
        if dtype is not None:
            dtype_attr_first(op, dtype)
        got = (_gamma_shape_text(shape, arr) if op == "RandomGamma" else
               f" {C.shape_str(arr.shape)}")
        raise raised_eagerly(InvalidArgumentError(
            None, None, f"shape must be a vector of {{int32,int64}}, got shape{got} [Op:{op}]"))
    return tuple(int(d) for d in arr)


def dtype_attr_first(op: str, dtype: Any, attr: str = "dtype") -> None:
    """The op's refusal of output dtype `dtype` for its attr `attr` (the allowed types of
    TF's definition of `op`), raised as TF's executor does before the kernel checks its
    inputs."""
    listed = tf_op_defs.allowed_types(op, attr)
    d = dt.as_dtype(dtype)
    if listed is not None and C.dt_enum(d) not in listed:
        allowed = frozenset(dt.as_dtype(tf_op_defs.type_words([n])) for n in listed)
        raise raised_eagerly(C.not_supported(op, d, allowed, attr))


def _gamma_shape_text(shape: Any, arr: np.ndarray) -> str:
    """RandomGamma's kernel shows the shape tensor it refuses as its debug string (its
    first three values), the others their shape alone."""
    d = shape._dtype if isinstance(shape, EagerTensor) else convert_to_tensor(shape)._dtype
    return (f": Tensor<type: {C.dtype_word(d)} shape: {C.shape_str(arr.shape)} values: "
            f"{summarize_nested(arr, 3)}>")


def packed_shape(shape: Any) -> Any:
    """A shape given as a list holding tensors, packed into one as TF's conversion packs it
    (TF's Pack, and its errors, before anything else reads the shape)."""
    if isinstance(shape, (list, tuple)) and any(isinstance(d, EagerTensor) for d in shape):
        return pack(shape)
    return shape


def _refuse_shape_dtype(op: str, shape: Any) -> None:
    """The op's refusal of a shape of a dtype other than int32 or int64 (its attr T),
    checked before its rank, as TF's executor checks attrs before the kernel runs."""
    d = shape._dtype if isinstance(shape, EagerTensor) else convert_to_tensor(shape)._dtype
    if d not in C.INDEX:
        attr = tf_op_defs.input_type_attr(op, 0) or "T"
        raise raised_eagerly(C.not_supported(op, d, C.INDEX, attr))


def check_shape(op: str, shape: tuple | None, dtype: dt.DType) -> None:
    if shape is None:
        return
    if not isinstance(shape, (tuple, list, np.ndarray)) or any(np.ndim(d) for d in shape):
        # (a shape input of another rank, as a graph's node or tf.raw_ops gives it)
        raise C.fail(op, f"shape must be a vector of {{int32,int64}}, got shape "
                         f"{C.shape_str(np.shape(shape))}")
    for d in shape:
        if d is not None and d < 0:
            raise C.fail(op, f"Dimension {d} must be >= 0")
    if None not in shape:
        check_finite_size(op, shape, dtype)


def runtime_shape(op: str, dyn: tuple, shape: tuple, dtype: Any) -> tuple:
    """The shape an op draws: its attr, or the runtime value of its shape input, checked as
    a static shape is and against the static `shape` attr (what infer promised)."""
    if not dyn:
        return shape
    static, shape = shape, runtime_ints(dyn[0])
    if static is not None and (len(static) != len(shape) or any(
            s is not None and s != d for s, d in zip(static, shape))):
        raise C.fail(op, f"runtime shape {C.shape_str(shape)} is incompatible with the static "
                         f"shape {C.shape_str(static)}")
    check_shape(op, shape, dtype if isinstance(dtype, dt.DType) else dt.as_dtype(dtype))
    return shape


def float_dtype_check(op: str, dtype: Any) -> None:
    C.dtype_attr(op, dtype)
    if dtype not in _FLOAT_DTYPES:
        raise C.not_supported(op, dtype, _FLOAT_DTYPES, "dtype")


# ---------------------------------------------------------------------------------------
# Stateful float ops: attrs shape, dtype, seed, seed2, node.
# ---------------------------------------------------------------------------------------

def _float_infer(op: str):
    def infer(*dyn: Any, shape: tuple | None, dtype: dt.DType, seed: int, seed2: int,
              node: int = 0) -> list:
        if dyn:
            check_runtime_arg(op, dyn, "shape")
        float_dtype_check(op, dtype)
        check_shape(op, shape, dtype)
        return [(shape, dtype)]
    return infer


def _float_kernel(op: str, dist: Any):
    def kernel(xp: Any, *dyn: Any, shape: tuple, dtype: dt.DType, seed: int, seed2: int,
               node: int = 0) -> Any:
        shape = runtime_shape(op, dyn, shape, dtype)
        n = _pymath.prod(shape)
        key, counter = _reserve(op, dtype, seed, seed2, node, n * D.SAMPLES_PER_OUTPUT)
        return dist(xp, key, counter, n, dtype.as_numpy_dtype).reshape(shape)
    return kernel


def _float_ref(fn: Any):
    def reference(shape: tuple, dtype: dt.DType, seed: int, seed2: int, node: int = 0) -> Any:
        vals = fn(seed, seed2 << 64, _pymath.prod(shape), dtype.name)
        return np.array(vals, dtype=np.float64).astype(dtype.as_numpy_dtype).reshape(shape)
    return reference


def _seeded(**kw: Any) -> dict:
    return dict(kw, seed=11, seed2=7, node=0)


def _float_op(name: str, dist: Any, fn: Any, samples: Any, bad: Any) -> OpDef:
    return register(OpDef(name, _float_infer(name), _float_kernel(name, dist),
                          reference=_float_ref(fn), samples=samples, bad_samples=bad,
                          stateful=True))


RANDOM_UNIFORM = _float_op(
    "RandomUniform", D.uniform, lambda k, c, n, d: ref.uniforms(ref.Stream(k, c), n, d),
    lambda: [Sample((), _seeded(shape=(3, 4), dtype=dt.float32), grad=False),
     Sample((), _seeded(shape=(5,), dtype=dt.float64), grad=False),
     Sample((), _seeded(shape=(3, 3), dtype=dt.float16), grad=False),
     Sample((), _seeded(shape=(2, 0), dtype=dt.float16), grad=False)],
    lambda: [BadSample((), _seeded(shape=(-2,), dtype=dt.float32), InvalidArgumentError,
               "Dimension -2 must be >= 0"),
     BadSample((), _seeded(shape=(2,), dtype=dt.int32), InvalidArgumentError, "attr 'dtype'")])

RANDOM_NORMAL = _float_op(
    "RandomStandardNormal", D.normal, lambda k, c, n, d: ref.normals(ref.Stream(k, c), n, d),
    lambda: [Sample((), _seeded(shape=(3, 5), dtype=dt.float32), grad=False),
     Sample((), _seeded(shape=(7,), dtype=dt.float64), grad=False)],
    lambda: [BadSample((), _seeded(shape=(2, -1), dtype=dt.float32), InvalidArgumentError,
               "Dimension -1 must be >= 0")])

TRUNCATED_NORMAL = _float_op(
    "TruncatedNormal", D.truncated_normal, ref.truncated_normals,
    lambda: [Sample((), _seeded(shape=(6, 7), dtype=dt.float32), grad=False),
     Sample((), _seeded(shape=(9,), dtype=dt.float64), grad=False)],
    lambda: [BadSample((), _seeded(shape=(2,), dtype=dt.int64), InvalidArgumentError,
                       "attr 'dtype'")])


# ---------------------------------------------------------------------------------------
# Integers: RandomUniformInt(minval, maxval).
# ---------------------------------------------------------------------------------------

def uniform_int_infer(op: str, lo: Any, hi: Any, dyn: tuple, shape: tuple | None,
                      allowed: frozenset = C.INDEX) -> list:
    if dyn:
        check_runtime_arg(op, dyn, "shape")
    d = C.same_dtype(op, (lo, hi), allowed)
    for what, x in (("minval", lo), ("maxval", hi)):
        if x._shape is not None and x._shape != ():
            raise C.fail(op, f"{what} must be 0-D, got shape {C.shape_str(x._shape)}")
    check_shape(op, shape, d)
    return [(shape, d)]


def check_range(op: str, lo: Any, hi: Any) -> None:
    if not lo < hi:
        raise InvalidArgumentError(None, None, f"Need minval < maxval, got {lo} >= {hi} "
                                               f"[Op:{op}]")


def _uniform_int_kernel(xp: Any, lo: Any, hi: Any, *dyn: Any, shape: tuple, seed: int,
                        seed2: int, node: int = 0) -> Any:
    shape = runtime_shape("RandomUniformInt", dyn, shape, lo.dtype)
    lo, hi = to_host(lo), to_host(hi)  # (host inputs: a device's copies read once each)
    check_range("RandomUniformInt", lo, hi)
    n = _pymath.prod(shape)
    key, counter = _reserve("RandomUniformInt", lo.dtype.name, seed, seed2, node,
                            n * D.SAMPLES_PER_OUTPUT)
    return D.uniform_int(xp, key, counter, n, int(lo), int(hi), lo.dtype).reshape(shape)


def _ref_uniform_int(lo: Any, hi: Any, shape: tuple, seed: int, seed2: int,
                     node: int = 0) -> np.ndarray:
    vals = ref.integers(_ref_stream(seed, seed2), _pymath.prod(shape), int(lo), int(hi),
                        8 * lo.dtype.itemsize)
    return np.array(vals, dtype=lo.dtype).reshape(shape)


RANDOM_UNIFORM_INT = register(OpDef(
    "RandomUniformInt",
    lambda lo, hi, *dyn, shape, seed, seed2, node=0: uniform_int_infer(
        "RandomUniformInt", lo, hi, dyn, shape),
    _uniform_int_kernel, reference=_ref_uniform_int,
    host_inputs=(0, 1, 2),  # (minval, maxval, a runtime shape: TF's HostMemory)
    samples=lambda: [Sample((np.int32(-3), np.int32(5)), _seeded(shape=(4, 5)), grad=False),
             Sample((np.int64(-2**40), np.int64(2**62)), _seeded(shape=(7,)), grad=False)],
    bad_samples=lambda: [BadSample((np.int32(5), np.int32(5)), _seeded(shape=(2,)),
                                   InvalidArgumentError, "Need minval < maxval, got 5 >= 5"),
                 BadSample((np.int32(0), np.int64(5)), _seeded(shape=(2,)), InvalidArgumentError),
                 BadSample((np.float32(0), np.float32(5)), _seeded(shape=(2,)),
                           InvalidArgumentError)],
    stateful=True,
))


# ---------------------------------------------------------------------------------------
# RandomShuffle: Fisher-Yates over the first dimension, one word per swap.
# ---------------------------------------------------------------------------------------

def fisher_yates(words: Any, n: int) -> list:
    """The permutation TF's shuffle makes: for i < n - 1, swap i with i + word_i % (n - i)."""
    perm = list(range(n))
    for i, w in enumerate(words.tolist()):
        j = i + w % (n - i)
        perm[i], perm[j] = perm[j], perm[i]
    return perm


def _shuffle_blocks(n: int) -> int:
    """The Philox blocks a shuffle of n items draws: a word per swap, four to a block."""
    return -(-max(n - 1, 0) // 4)


def _shuffle_kernel(xp: Any, x: Any, seed: int, seed2: int, node: int = 0) -> Any:
    if x.ndim == 0 or x.size <= 1 or x.shape[0] <= 1:
        return x.copy()
    n = x.shape[0]
    key, counter = _reserve("RandomShuffle", x.dtype.name, seed, seed2, node, _shuffle_blocks(n))
    return x[fisher_yates(philox.words(xp, key, counter, n - 1), n)]


def fresh_shuffles(sizes: list) -> list:
    """The permutations of sizes[0], sizes[1], ... items that the first random op of a new
    tf.data function, a RandomShuffle, draws in turn: its kernel is made afresh with each
    iterator, with op seed 0 (the graph's count) under the global seed. Without a global
    seed, nondeterministic as TF's."""
    if seeds.global_seed is None:
        return [np.random.permutation(n) for n in sizes]
    key, counter = philox.stateful_start(*get_seed(0))
    out = []
    for n in sizes:
        words = philox.words(np, key, counter, max(n - 1, 0))
        out.append(np.array(fisher_yates(words, n), dtype=np.int64))
        counter = (counter + _shuffle_blocks(n)) & philox.M128
    return out


def _ref_shuffle(x: np.ndarray, seed: int, seed2: int, node: int = 0) -> np.ndarray:
    if x.ndim == 0 or x.size <= 1:
        return x.copy()
    out = list(x)
    s = _ref_stream(seed, seed2)
    for i in range(len(out) - 1):
        j = i + s.word() % (len(out) - i)
        out[i], out[j] = out[j], out[i]
    return np.array(out, dtype=x.dtype).reshape(x.shape)


RANDOM_SHUFFLE = register(OpDef(
    "RandomShuffle", lambda x, seed, seed2, node=0: [(x._shape, x._dtype)], _shuffle_kernel,
    gpu=False,  # (TF registers its CPU kernel only: a GPU's value is shuffled on CPU:0)
    reference=_ref_shuffle,
    samples=lambda: [Sample((np.arange(12.0).reshape(6, 2),), _seeded(), grad=False),
             Sample((np.arange(9, dtype=np.int32),), _seeded(), grad=False),
             Sample((np.float32(3.0),), _seeded(), grad=False)],
    stateful=True,
))


# ---------------------------------------------------------------------------------------
# Multinomial: inverse CDF per row, one float64 uniform (two words) per sample.
# ---------------------------------------------------------------------------------------

def multinomial_dtypes(logits: Any, output_dtype: dt.DType, name: str = "Multinomial",
                       seeds: tuple = (0, 0), tseed: dt.DType | None = None) -> None:
    """The op's type attrs, then its kernels (float logits only), as TF's executor checks
    them before the kernel runs (`seeds`: the stateful op's attrs, `tseed`: the stateless
    op's seed's dtype, which TF's NodeDef shows)."""
    C.dtype_attr(name, output_dtype, "output_dtype", C.INDEX)
    if logits._dtype not in C.FLOATS:
        if logits._dtype not in C.REALS:
            raise C.not_supported(name, logits._dtype, C.REALS)
        attrs = f"T={C.dt_enum(logits._dtype)}, "
        if tseed is not None:
            attrs += f"Tseed={C.dt_enum(tseed)}, "
        attrs += f"output_dtype={C.dt_enum(output_dtype)}"
        if tseed is None:
            attrs += f", seed={seeds[0]}, seed2={seeds[1]}"
        xla = ("output_dtype in [DT_INT32, DT_INT64]; " +
               ("T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, "
                "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]" if tseed is None else
                "Tseed in [DT_INT32]; T in [DT_FLOAT, DT_DOUBLE, DT_BFLOAT16]"))
        cpu = [("CPU", f"T in [DT_{t}]; output_dtype in [DT_INT{b}]")
               for t in ("DOUBLE", "FLOAT", "BFLOAT16", "HALF") for b in (64, 32)]
        raise C.no_kernel(name, attrs, others=[("XLA_CPU_JIT", xla)] + cpu)


def multinomial_infer(logits: Any, num_samples: int | None, output_dtype: dt.DType,
                      name: str = "Multinomial", seeds: tuple = (0, 0)) -> list:
    """`num_samples` None: known when the graph runs (the op's input)."""
    multinomial_dtypes(logits, output_dtype, name, seeds)
    if logits._shape is not None and len(logits._shape) != 2:
        raise C.fail(name, f"logits should be a matrix, got shape {C.shape_str(logits._shape)}")
    if num_samples is None:
        return [((None if logits._shape is None else logits._shape[0], None), output_dtype)]
    if num_samples < 0:
        raise C.fail(name, f"num_samples should be non-negative, got {num_samples}")
    if logits._shape is not None and logits._shape[1] == 0 and num_samples > 0:
        raise C.fail(name, "num_classes should be positive, got 0")
    batch = None if logits._shape is None else logits._shape[0]
    if batch is not None:
        check_finite_size(name, (batch, num_samples), dt.float64)  # the kernel's uniforms
    return [((batch, num_samples), output_dtype)]


def multinomial_blocks(batch: int, num_samples: int) -> int:
    """Blocks a Multinomial call reserves: 2 words per sample, samples rounded up to 4."""
    return batch * (-(-num_samples // 4) * 4) * 2 * D.SAMPLES_PER_OUTPUT


def categorical_values(xp: Any, key: int, counter: int, logits: Any, num_samples: int,
                       out: Any) -> Any:
    """Row by row, samples j of row b take words 2(b S + j), 2(b S + j) + 1 of the stream.

    Non-finite logits get no probability; the unnormalized CDF is exp(logit - max) in
    float64 and a sample is the first class whose CDF exceeds u * total."""
    b, k = logits.shape
    res = xp.empty((b, num_samples), dtype=out)
    if b == 0 or num_samples == 0:
        return res
    w = philox.words(xp, key, counter, 2 * b * num_samples).reshape(-1, 2)
    u = D.uniform_pairs(xp, w[:, 0], w[:, 1]).reshape(b, num_samples)
    finite = xp.isfinite(logits)
    top = xp.max(xp.where(finite, logits, -xp.inf), axis=1, keepdims=True).astype(xp.float64)
    # (the dtype's lowest: DType.min reads ml_dtypes' finfo for bfloat16, NumPy's has none)
    top = xp.where(xp.isfinite(top), top, float(dt.from_numpy(logits.dtype).min))
    with np.errstate(invalid="ignore", over="ignore"):
        p = xp.where(finite, xp.exp(logits.astype(xp.float64) - top), 0.0)
    cdf = xp.cumsum(p, axis=1)
    for i in range(b):
        res[i] = xp.searchsorted(cdf[i], u[i] * cdf[i, -1], side="right")
    return res


def ref_categorical(s: ref.Stream, logits: np.ndarray, num_samples: int) -> np.ndarray:
    b, k = logits.shape
    out = np.zeros((b, num_samples), dtype=np.int64)
    for i in range(b):
        row = [float(v) for v in logits[i]]
        finite = [v for v in row if _pymath.isfinite(v)]
        top = max(finite) if finite else float(dt.from_numpy(logits.dtype).min)
        cdf, total = [], 0.0
        for v in row:
            total += _pymath.exp(v - top) if _pymath.isfinite(v) else 0.0
            cdf.append(total)
        for j in range(num_samples):
            target = ref.double(s.word(), s.word()) * total
            out[i, j] = next((c for c, acc in enumerate(cdf) if acc > target), k)
    return out


def _ref_multinomial(logits: Any, num_samples: int, output_dtype: dt.DType, seed: int,
                     seed2: int, node: int = 0) -> np.ndarray:
    return ref_categorical(_ref_stream(seed, seed2), logits, num_samples).astype(
        output_dtype.as_numpy_dtype)


def _multinomial_kernel(xp: Any, logits: Any, *dyn: Any, num_samples: int | None,
                        output_dtype: dt.DType, seed: int, seed2: int, node: int = 0) -> Any:
    if dyn:  # the run-time count, checked as a static one is
        static, num_samples = num_samples, int(to_host(dyn[0]))
        check_static("Multinomial", "num_samples", static, num_samples)
        multinomial_infer(Spec(logits), num_samples, output_dtype)
    # (the array first: a device's raises here, before the stream moves on, and dispatch
    # runs the kernel again on a host copy)
    logits = xp.asarray(logits)
    key, counter = _reserve("Multinomial", logits.dtype.name, seed, seed2, node,
                            multinomial_blocks(logits.shape[0], num_samples))
    return categorical_values(xp, key, counter, logits, num_samples,
                              output_dtype.as_numpy_dtype)


MULTINOMIAL = register(OpDef(
    "Multinomial",
    lambda logits, *dyn, num_samples, output_dtype, seed, seed2, node=0: (
        check_runtime_arg("Multinomial", dyn, "num_samples", 0),
        multinomial_infer(logits, num_samples, output_dtype, seeds=(seed, seed2)))[1],
    _multinomial_kernel, reference=_ref_multinomial,
    samples=lambda: [Sample((np.array([[np.log(0.1), np.log(0.2), np.log(0.7)],
                                       [np.log(0.5), np.log(0.5), -np.inf]]),),
                    _seeded(num_samples=6, output_dtype=dt.int64), grad=False),
             Sample((np.array([[1.0, -1.0], [0.0, 3.0], [2.0, 2.0]], np.float32),),
                    _seeded(num_samples=4, output_dtype=dt.int32), grad=False)],
    bad_samples=lambda: [BadSample((np.ones(3),), _seeded(num_samples=2, output_dtype=dt.int64),
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
# Public API.
# ---------------------------------------------------------------------------------------

def check_uniform_dtype(dtype: dt.DType) -> None:
    if dtype not in _UNIFORM_DTYPES:
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         "(tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64).")


def api_scope(name: str | None, default: str) -> name_scope:
    """The name scope TF's random API function opens for its nodes while a graph is
    built (`name`, else `default`, made unique): "random_uniform/RandomUniform"."""
    return name_scope(scope_name(name, default) + "/")


def scoped_shape(shape: Any, op: str) -> tuple:
    """`(static, dynamic, given)` for a shape argument while a graph is built, in the API's
    scope: shape_input's, and a shape given as values made a Const "shape" there as TF's
    shape_tensor makes it (`given`: {"shape": it} for the node's TF inputs, or None). The
    op holds a static shape as its attr, so that Const only shows the node; with an
    unknown (-1) dim it is the op's runtime shape input."""
    if isinstance(shape, (list, tuple)) and is_symbolic(shape):
        shape = pack(shape, name="shape")  # (TF's autopacking: a Pack "shape" there)
    static, dyn = shape_input(shape, op)
    if is_symbolic(shape):  # (read while the graph is built: the node shows that tensor)
        return static, dyn, None if dyn else {"shape": shape}
    vals = [-1 if d is None else d for d in static]
    if isinstance(shape, EagerTensor):
        d = shape._dtype
    else:
        d = dt.int64 if any(v >= 2**31 for v in vals) else dt.int32
    c = graph_constant(np.array(vals, d.as_numpy_dtype).reshape(-1), d, name="shape")
    if dyn:
        return static, (c,), None
    _state.graph.shown_only.add(id(c._op))
    return static, dyn, {"shape": c}


def bind_shaped(op: OpDef, inputs: tuple, attrs: dict, given: dict | None,
                name: str | None = None) -> Any:
    """bind(op, ...) of a node whose TF inputs include `given` (scoped_shape's)."""
    if given is not None:
        _state.graph.next_args = (op, given)
    return bind(op, inputs, attrs, name)


@dispatch_binding
def uniform(shape: Any, minval: Any = 0, maxval: Any = None, dtype: Any = dt.float32,
            seed: Any = None, name: str | None = None) -> Any:
    """Uniform values in [minval, maxval) (maxval defaults to 1 for floats)."""
    dtype = dt.as_dtype(dtype)
    check_uniform_dtype(dtype)
    if dtype.is_integer and maxval is None:
        raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
    if _state.graph is not None:
        with api_scope(name, "random_uniform") as scope:
            return _graph_uniform(shape, minval, maxval, dtype, seed, scope)
    # (TF converts min and max, where it uses them, before its op checks the shape)
    if dtype.is_integer:  # (its op reads the bounds on the host: made there, as TF's)
        lo, hi = host_tensor(minval, dtype, "min"), host_tensor(maxval, dtype, "max")
        shape, dyn = shape_input(shape, "RandomUniformInt")
        return bind(RANDOM_UNIFORM_INT, (lo, hi) + dyn, dict(shape=shape, **_op_seeds(seed)))
    maxval = 1 if maxval is None else maxval
    lo_zero = isinstance(minval, int) and minval == 0  # (TF's test: a bool passes it)
    hi_one = isinstance(maxval, int) and maxval == 1
    if not lo_zero or not hi_one:
        lo = convert_to_tensor(minval, dtype=dtype, name="min")
        hi = convert_to_tensor(maxval, dtype=dtype, name="max")
    shape, dyn = shape_input(shape, "RandomUniform")
    raw = bind(RANDOM_UNIFORM, dyn, dict(shape=shape, dtype=dtype, **_op_seeds(seed)))
    if lo_zero:  # (TF scales only where min is not 0 or max not 1)
        return raw if hi_one else multiply(raw, hi)
    return add(multiply(raw, hi - lo), lo)


def _graph_uniform(shape: Any, minval: Any, maxval: Any, dtype: dt.DType, seed: Any,
                   scope: str) -> Any:
    """tf.random.uniform's nodes as TF's API makes them in its scope: the shape, min and
    max Consts, the op, then raw * (max - min) + min named as the scope (min 0 and max 1
    given as ints: the op alone; min 0: raw * max)."""
    op = RANDOM_UNIFORM_INT if dtype.is_integer else RANDOM_UNIFORM
    static, dyn, given = scoped_shape(shape, op.name)
    maxval = 1 if maxval is None else maxval
    lo_zero = isinstance(minval, int) and minval == 0  # (TF's test: a bool passes it)
    hi_one = isinstance(maxval, int) and maxval == 1
    if not lo_zero or not hi_one or dtype.is_integer:
        lo = convert_to_tensor_v2(minval, dtype=dtype, name="min")
        hi = convert_to_tensor_v2(maxval, dtype=dtype, name="max")
    if dtype.is_integer:
        return bind_shaped(op, (lo, hi) + dyn, dict(shape=static, **_op_seeds(seed)), given,
                           scope)
    raw = bind_shaped(op, dyn, dict(shape=static, dtype=dtype, **_op_seeds(seed)), given)
    if lo_zero:
        return raw if hi_one else multiply(raw, hi)
    return add(raw * (hi - lo), lo, name=scope)


def scaled_normal(op: OpDef, shape: Any, mean: Any, stddev: Any, dtype: dt.DType,
                  scope: str, draw: Callable) -> Any:
    """raw * stddev + mean while a graph is built, in TF's API scope `scope`: the shape,
    mean and stddev Consts, the op `draw(static, dyn, given)` makes, its "mul", and the
    add named as the scope."""
    static, dyn, given = scoped_shape(shape, op.name)
    mean_t = convert_to_tensor_v2(mean, dtype=dtype, name="mean")
    std_t = convert_to_tensor_v2(stddev, dtype=dtype, name="stddev")
    return add(draw(static, dyn, given) * std_t, mean_t, name=scope)


def _scaled_normal(op: OpDef, shape: Any, mean: Any, stddev: Any, dtype: Any, seed: Any,
                   name: str | None, default: str) -> Any:
    dtype = dt.as_dtype(dtype)
    if _state.graph is not None:
        with api_scope(name, default) as scope:
            return scaled_normal(op, shape, mean, stddev, dtype, scope, lambda static, dyn,
                                 given: bind_shaped(op, dyn, dict(shape=static, dtype=dtype,
                                                                  **_op_seeds(seed)), given))
    mean_t = convert_to_tensor(mean, dtype=dtype, name="mean")
    std_t = convert_to_tensor(stddev, dtype=dtype, name="stddev")
    shape, dyn = shape_input(shape, op.name, dtype)
    raw = bind(op, dyn, dict(shape=shape, dtype=dtype, **_op_seeds(seed)))
    return add(multiply(raw, std_t), mean_t)


@dispatch_binding
def normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dt.float32,
           seed: Any = None, name: str | None = None) -> Any:
    """Normal values with the given mean and standard deviation."""
    return _scaled_normal(RANDOM_NORMAL, shape, mean, stddev, dtype, seed, name,
                          "random_normal")


@dispatch_binding
def truncated_normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dt.float32,
                     seed: Any = None, name: str | None = None) -> Any:
    """Normal values more than two standard deviations from the mean are redrawn."""
    return _scaled_normal(TRUNCATED_NORMAL, shape, mean, stddev, dtype, seed, name,
                          "truncated_normal")


@dispatchable
@binds_first
def shuffle(value: Any, seed: Any = None, name: str | None = None) -> Any:
    """Shuffles `value` along its first dimension."""
    return bind(RANDOM_SHUFFLE, (_t(value),), _op_seeds(seed), name)


def categorical_dtype(dtype: Any) -> dt.DType:
    dtype = dt.int64 if dtype is None else dt.as_dtype(dtype)
    if dtype not in (dt.int32, dt.int64):
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         "(tf.int32, tf.int64).")
    return dtype


@dispatch_binding
def categorical(logits: Any, num_samples: Any, dtype: Any = None, seed: Any = None,
                name: str | None = None) -> Any:
    """Samples class indices from unnormalized log-probabilities, one row per batch entry."""
    return scoped_categorical(logits, num_samples, dtype, seed, name, "categorical")


def scoped_categorical(logits: Any, num_samples: Any, dtype: Any, seed: Any, name: str | None,
                       scope: str) -> Any:
    """tf.random.categorical, its nodes in a graph under `name` or TF's API scope `scope`."""
    if _state.graph is not None:  # (TF's scope; its logits converted there as "logits")
        with api_scope(name, scope):
            return _categorical(convert_to_tensor_v2(logits, name="logits"), num_samples,
                                dtype, seed)
    return _categorical(logits, num_samples, dtype, seed)


def _categorical(logits: Any, num_samples: Any, dtype: Any, seed: Any) -> Any:
    dtype = categorical_dtype(dtype)
    if _state.graph is not None and needs_runtime(num_samples):  # TF's input: read then
        return bind(MULTINOMIAL, (_t(logits), cast(num_samples, dt.int32)),
                    dict(num_samples=None, output_dtype=dtype, **_op_seeds(seed)))
    logits = _t(logits)
    attrs = _op_seeds(seed)
    if isinstance(num_samples, EagerTensor):
        num_samples = tensor_num_samples(num_samples, lambda: multinomial_dtypes(
            logits, dtype, seeds=(attrs["seed"], attrs["seed2"])), "Multinomial")
    else:
        num_samples = AV.int_arg(num_samples, "num_samples")
    return bind(MULTINOMIAL, (logits,), dict(num_samples=num_samples, output_dtype=dtype,
                                             **attrs))


def tensor_num_samples(n: EagerTensor, dtypes: Callable[[], None], op: str) -> int:
    """A tensor `num_samples` as TF's op takes it, its input #1: an int32 scalar, checked
    after the op's dtypes (`dtypes()` raises their error)."""
    if n._dtype is not dt.int32 or n._shape != ():
        dtypes()
        if n._dtype is not dt.int32:
            raise raised_eagerly(C.wrong_input_dtype(op, 1, dt.int32, n._dtype))
        raise raised_eagerly(C.fail(op, f"num_samples should be a scalar, got shape "
                                        f"{C.shape_str(n._shape)}"))
    return int(n._arr)


def multinomial(logits: Any, num_samples: Any, seed: Any = None, name: str | None = None,
                output_dtype: Any = None) -> Any:
    return scoped_categorical(logits, num_samples, output_dtype, seed, name, "multinomial")
