"""tf.random.stateless_parameterized_truncated_normal: TF's
StatelessParameterizedTruncatedNormal op, with TF 2.21's CPU numbers for a seed.

Sits in the ops layer after random_stateless.py (seed checks, shape arguments) and draws
from the Philox stream of the seed, scrambled as the V1 stateless ops scramble it. The
sampler is Robert's (1995) choice of three rejection methods per batch of parameters,
after flipping the interval to make its lower bound the finite one:

- the bounds straddle the mean widely (lower < -1.3 sd and upper >= 0, or upper > 1.3 sd
  and lower <= 0): normals (Box-Muller, 4 per Philox block; 2 for float64), kept when
  inside the bounds;
- a narrow interval (width below Robert's cutoff): uniforms z on it, accepted when a
  second block's uniform u <= exp((max(lower, 0)^2 - z^2) / 2);
- otherwise: exponentials offset by the lower bound, rate (lower + sqrt(lower^2 + 4)) / 2,
  paired with a uniform in the same block, accepted against exp(-(z - rate)^2 / 2)
  and below the upper bound.

How TF lays the draws on its stream (learned from its outputs): outputs are generated
batch by batch (the trailing dimensions of the shape are the parameters' broadcast
batch shape, the leading ones the samples of each batch), in shards of consecutive
outputs. A shard starting at output k starts 500 blocks * k into the stream and consumes
it sequentially (1000 blocks * k for float64): a batch's leftover candidates in a block
are dropped. The shards are
Eigen's parallelFor split of the outputs at TF's cost per output (187 cycles for float32,
214 for half, 258 for float64) over the intra-op pool (one thread per schedulable CPU):
below 210,000 cycles, one shard. TF's numbers therefore depend on its CPU count from
1,123 float32 outputs on; eagerflow follows the same rule on the machine it runs on.

On a GPU, ParameterizedTruncatedNormal runs TF's GPU kernel (random_gpu.py): another
layout of the stream, another threshold for the normal-rejection method, and NaN where the
CPU kernel raises. TF has no GPU kernel for StatelessParameterizedTruncatedNormal.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import max_parallelism  # (TF's intra-op pool: a thread per core)
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InternalError, InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import libm_exact, philox
from eagerflow._src.ops import random as R
from eagerflow._src.ops import random_dists as D
from eagerflow._src.ops import random_gpu as G
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.random_stateless import _check_seed, seed_tensor
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

OP = "StatelessParameterizedTruncatedNormal"
_MAX_ITERATIONS = 100
# the stream a shard skips per output before it (in Philox blocks; twice as many for
# float64, whose blocks hold 2 candidates, not 4)
_BLOCKS_PER_OUTPUT = 500
# TF's cost estimate (cycles) per output, which sets the shard split (observed)
_COST_PER_OUTPUT = {dt.float16: 214, dt.float32: 187, dt.float64: 258}
_RANDN_BOUND = 1.3        # sds inside the bounds for the normal-rejection method
_CHUNK_BLOCKS = 1024
_FLOATS = (dt.float16, dt.float32, dt.float64)


def shards(n: int, threads: int, unit: int) -> list:
    """[(start, end)] of Eigen's parallelFor over n outputs costing `unit` cycles each:
    one shard for a small job, else blocks of about n / (4 threads), no smaller than a
    40,000-cycle task, coarsened while that keeps the threads as evenly busy."""
    cost = n * unit
    if n <= 1 or threads <= 1 or min(threads, max(1, int((cost - 1e5) / 1e5 + 0.9))) == 1:
        return [(0, n)]
    block = min(n, max(-(-n // (4 * threads)), int(40000 / unit)))
    max_block = min(n, 2 * block)
    count = -(-n // block)

    def efficiency(c: int) -> float:
        return c / (-(-c // threads) * threads)
    best = efficiency(count)
    prev = count
    while best < 1.0 and prev > 1:
        coarser = -(-n // (prev - 1))
        if coarser > max_block:
            break
        coarser_count = -(-n // coarser)
        prev = coarser_count
        eff = efficiency(coarser_count)
        if eff + 0.01 >= best:
            block, count = coarser, coarser_count
            best = max(best, eff)
    return [(s, min(n, s + block)) for s in range(0, n, block)]


class _Stream:
    """A shard's Philox blocks, read one at a time as normals or as uniforms."""

    def __init__(self, key: int, counter: int, first_block: int, np_dtype: Any) -> None:
        self.key, self.counter, self.pos = key, counter, first_block
        self.dtype = np_dtype
        self.start = self.pos
        self.normals: Any = None
        self.uniforms: Any = None

    def _fill(self) -> None:
        self.start = self.pos
        b = philox.blocks(np, self.key, self.counter, _CHUNK_BLOCKS, self.pos)
        self.normals = D.block_normals(np, b, self.dtype)
        self.uniforms = D.block_uniforms(np, b, self.dtype)

    def _next(self, table: str) -> list:
        if self.normals is None or self.pos - self.start >= _CHUNK_BLOCKS:
            self._fill()
        row = getattr(self, table)[self.pos - self.start]
        self.pos += 1
        return list(row)

    def normal(self) -> list:
        return self._next("normals")

    def uniform(self) -> list:
        return self._next("uniforms")


def _ops(np_dtype: Any) -> tuple:
    """exp, log and sqrt rounded to the dtype as the C library's float functions are (log:
    glibc's logf exactly; exp: the correctly rounded value, which glibc's expf matches
    but for rare half-ulp ties)."""
    T = np.dtype(np_dtype).type
    wide = np.float64 if T is np.float64 else np.float32

    def exp(x: Any) -> Any:
        if math.isnan(x):
            return T(x)
        try:
            return T(wide(math.exp(float(x))))
        except OverflowError:
            return T(np.inf)

    def log(x: Any) -> Any:
        if T is np.float32:
            return libm_exact.logf(np, np.array([x], np.float32))[0]
        if not x > 0:
            return T(-np.inf if x == 0 else np.nan)
        return T(wide(math.log(float(x))))

    def sqrt(x: Any) -> Any:
        with np.errstate(invalid="ignore"):
            return T(np.sqrt(wide(x)))
    return T, exp, log, sqrt


def _batch(stream: _Stream, out: np.ndarray, at: int, count: int, params: tuple,
           fns: tuple, op: str = OP) -> None:
    """Fills out[at:at + count] with one batch's samples, drawn from `stream`."""
    T, exp, log, sqrt = fns
    mean, stddev, minval, maxval = (T(p) for p in params)
    if np.isinf(minval) or maxval < mean:  # make the lower bound the finite one
        minval, maxval, stddev = maxval, minval, -stddev
    with np.errstate(all="ignore"):
        lo = (minval - mean) / stddev
        hi = (maxval - mean) / stddev
        sqrt_factor = sqrt(lo * lo + T(4))
        cutoff = T(2) * exp(T(0.5) + (lo * (lo - sqrt_factor)) / T(4)) / (lo + sqrt_factor)
        diff = hi - lo
    done = 0
    if (lo < -_RANDN_BOUND and hi >= 0) or (hi > _RANDN_BOUND and lo <= 0):
        misses = 0
        while done < count:
            for z in stream.normal():
                if lo <= z <= hi:
                    out[at + done] = z * stddev + mean
                    done += 1
                    misses = 0
                    if done >= count:
                        break
                else:
                    misses += 1
            if misses >= _MAX_ITERATIONS and done < count:
                raise InternalError(None, None, "TruncatedNormal randn rejection sampler "
                                                f"exceeded maximum iterations [Op:{op}]")
        return
    misses = 0
    if diff < cutoff:
        plus = T(0) if lo < 0 else lo * lo
        while done < count:
            zs = [r * diff + lo for r in stream.uniform()]
            us = stream.uniform()
            for z, u in zip(zs, us):
                if u <= exp((plus - z * z) / T(2)) or misses + 1 >= _MAX_ITERATIONS:
                    out[at + done] = z * stddev + mean
                    done += 1
                    misses = 0
                    if done >= count:
                        break
                else:
                    misses += 1
        return
    alpha = (lo + sqrt(lo * lo + T(4))) / T(2)
    while done < count:
        r = stream.uniform()
        for i in range(0, len(r), 2):
            z = -log(r[i]) / alpha + lo
            x = alpha - z if lo < alpha else lo - alpha
            g = exp(-x * x / T(2))
            if (r[i + 1] <= g and z < hi) or misses + 1 >= _MAX_ITERATIONS:
                if not np.isfinite(z * stddev + mean):
                    raise InternalError(None, None, "TruncatedNormal exponential distribution "
                                                    "rejection sampler failed to accept a "
                                                    f"sample. [Op:{op}]")
                out[at + done] = z * stddev + mean
                done += 1
                misses = 0
                if done >= count:
                    break
            else:
                misses += 1


def _batch_shape(*shapes: tuple) -> tuple:
    out: tuple = ()
    for s in shapes:
        try:
            out = tuple(np.broadcast_shapes(out, s))
        except ValueError:
            raise C.fail(OP, "means, stddevs, minvals, maxvals must have compatible batch "
                             "dimensions: " + " vs. ".join(C.shape_str(x) for x in shapes)
                         ) from None
    return out


def _check_params(shape: tuple | None, params: tuple) -> None:
    shapes = [p._shape for p in params]
    if shape is None or any(s is None or None in s for s in shapes):
        return
    batch = _batch_shape(*shapes)
    if len(batch) > len(shape) or (batch and tuple(shape[len(shape) - len(batch):]) != batch
                                   and None not in shape):
        raise C.fail(OP, "Shape passed in must end with broadcasted shape.")


def _check_dtype_attr(dtype: dt.DType) -> None:
    if dtype not in _FLOATS:
        raise C.not_supported(OP, dtype, frozenset(_FLOATS), "dtype")


def _infer(seed: Any, means: Any, stddevs: Any, minvals: Any, maxvals: Any, *dyn: Any,
           shape: tuple | None) -> list:
    """Its dtype is its parameters' (TF's attr dtype, set by `means`)."""
    if dyn:
        check_runtime_arg(OP, dyn, "shape")
    _check_seed(OP, seed)
    dtype = means._dtype
    _check_dtype_attr(dtype)
    for i, p in enumerate((means, stddevs, minvals, maxvals)):
        if p._dtype is not dtype:
            raise C.wrong_input_dtype(OP, i + 2, dtype, p._dtype)
    R.check_shape(OP, shape, dtype)
    _check_params(shape, (means, stddevs, minvals, maxvals))
    return [(shape, dtype)]


def _kernel(xp: Any, seed: Any, means: Any, stddevs: Any, minvals: Any, maxvals: Any,
            *dyn: Any, shape: tuple) -> Any:
    dtype = dt.as_dtype(means.dtype)
    shape = R.runtime_shape(OP, dyn, shape, dtype)
    params = [np.asarray(p) for p in (means, stddevs, minvals, maxvals)]
    batch = _batch_shape(*(p.shape for p in params))
    if len(batch) > len(shape) or tuple(shape[len(shape) - len(batch):]) != batch:
        raise C.fail(OP, "Shape passed in must end with broadcasted shape.")
    params = [np.broadcast_to(p, batch).reshape(-1) for p in params]
    mean, std, lo, hi = params
    with np.errstate(invalid="ignore"):
        bad = ~(std > 0) | ~(lo < hi) | (np.isinf(lo) & np.isinf(hi))
    if bad.any():
        raise C.fail(OP, "Invalid parameters")
    num_batches = int(np.prod(batch, dtype=np.int64))
    n = math.prod(shape)
    np_dtype = dtype.as_numpy_dtype
    flat = np.empty(n, np_dtype)  # batch-major: output k is sample k % spb of batch k // spb
    if n:
        spb = n // num_batches
        key, counter = philox.scramble_seed(int(seed[0]), int(seed[1]))
        fns = _ops(np_dtype)
        for start, end in shards(n, max_parallelism(), _COST_PER_OUTPUT[dtype]):
            skip = start * _BLOCKS_PER_OUTPUT * (2 if dtype is dt.float64 else 1)
            stream = _Stream(key, counter, skip, np.dtype(np_dtype))
            k = start
            while k < end:
                b = k // spb
                count = min(end, (b + 1) * spb) - k
                _batch(stream, flat, k, count, tuple(p[b] for p in params), fns)
                k += count
    out = flat.reshape(num_batches, -1).T.reshape(shape) if n else flat.reshape(shape)
    return xp.asarray(out)


def _reference(seed: Any, means: Any, stddevs: Any, minvals: Any, maxvals: Any,
               shape: tuple) -> Any:
    """The normal-rejection method alone (the samples' bounds straddle the mean widely),
    from random_reference's plain-Python normals: one shard, batch after batch, each
    starting on a fresh block."""
    dtype = dt.as_dtype(np.asarray(means).dtype)
    key, counter = ref.scramble(int(seed[0]), int(seed[1]))
    stream = ref.Stream(key, counter)
    mean, std, lo, hi = (np.broadcast_to(np.asarray(p, np.float64), shape[-1:]) for p in
                         (means, stddevs, minvals, maxvals))
    spb = math.prod(shape[:-1])
    out = np.zeros((spb, shape[-1]))
    per_block = 2 if dtype is dt.float64 else 4
    for b in range(shape[-1]):
        s = 0
        while s < spb:
            for z in ref.normals(stream, per_block, dtype.name):
                if (lo[b] - mean[b]) / std[b] <= z <= (hi[b] - mean[b]) / std[b]:
                    out[s, b] = ref.f32(z * std[b] + mean[b]) if per_block == 4 else \
                        z * std[b] + mean[b]
                    s += 1
                    if s == spb:
                        break
    return out.astype(dtype.as_numpy_dtype)


def _f(*xs: Any, dtype: Any = np.float32) -> tuple:
    return tuple(np.asarray(x, dtype) for x in xs)


_S = np.array([1, 2], np.int64)

STATELESS_PARAMETERIZED_TRUNCATED_NORMAL = register(OpDef(
    OP, _infer, _kernel, reference=_reference,
    samples=lambda: [
        Sample((_S, *_f([0.0, 1.0, 2.0], 1.0, -3.0, [3.0, 4.0, 5.0])),
               {"shape": (5, 3)}, grad=False),
        Sample((_S, *_f(0.5, 2.0, -10.0, [10.0, 9.0]), ), {"shape": (4, 2)},
               grad=False),
        Sample((np.array([7, -3], np.int32), *_f(0.0, 1.0, -4.0, 4.0, dtype=np.float64)),
               {"shape": (7, 1)}, grad=False)],
    bad_samples=lambda: [
        BadSample((_S, *_f(0.0, 0.0, -1.0, 1.0)), {"shape": (3,)},
                  InvalidArgumentError, "Invalid parameters"),
        BadSample((_S, *_f(0.0, 1.0, 1.0, 1.0)), {"shape": (3,)},
                  InvalidArgumentError, "Invalid parameters"),
        BadSample((_S, *_f([0.0, 1.0], 1.0, -1.0, 1.0)), {"shape": (3,)},
                  InvalidArgumentError, "Shape passed in must end with broadcasted shape."),
        BadSample((_S, *_f([0.0, 1.0], [1.0, 1.0, 1.0], -1.0, 1.0)),
                  {"shape": (3,)}, InvalidArgumentError,
                  "must have compatible batch dimensions: [2] vs. [3] vs. [] vs. []"),
        BadSample((np.array([1, 2, 3], np.int64), *_f(0.0, 1.0, -1.0, 1.0)),
                  {"shape": (3,)}, InvalidArgumentError,
                  "seed must have shape [2], not [3]"),
        BadSample((_S, *_f(0.0, 1.0, -1.0, 1.0)), {"shape": (-1,)},
                  InvalidArgumentError, "Dimension -1 must be >= 0")],
    stateful=False, gpu=False,
))


@dispatch_binding
@eager_api("seed")  # (TF converts the rest first)
def stateless_parameterized_truncated_normal(shape: Any, seed: Any, means: Any = 0.0,
                                             stddevs: Any = 1.0, minvals: Any = -2.0,
                                             maxvals: Any = 2.0, name: str | None = None) -> Any:
    """Normals of mean `means` and standard deviation `stddevs` truncated to [minvals,
    maxvals], a function of `seed` only; the parameters broadcast to the trailing
    dimensions of `shape` (one set per batch, the leading dimensions its samples)."""
    # each converted on its own, as TF's wrapper converts them: the op then requires one dtype
    params = [p if isinstance(p, Tensor) else convert_to_tensor(p)
              for p in (means, stddevs, minvals, maxvals)]
    seed_t = seed_tensor(seed)
    if _state.graph is None:  # (TF checks the attrs Tseed and dtype, then the seed's
        # shape, before the kernel reads the shape)
        C.check_dtype(OP, seed_t, C.INDEX, "Tseed")
        _check_dtype_attr(params[0].dtype)
        _check_seed(OP, seed_t)
    static, dyn = R.shape_input(shape, OP)
    return bind(STATELESS_PARAMETERIZED_TRUNCATED_NORMAL, (seed_t, *params) + dyn,
                {"shape": static}, name)


# ---------------------------------------------------------------------------------------
# ParameterizedTruncatedNormal: the stateful first version (seed, seed2 attrs). The batch
# is the shape's first dimension (the parameters scalars or vectors of its length), laid
# out batch by batch; with scalar parameters (means and stddevs may be of one entry) all
# draws are one batch of them, counted in batches of 100. Each call reserves
# 2000 * (samples per batch + 3) / 4 blocks per batch of its op's stream; a shard of
# batches starts that far into it per batch before it and draws its batches in turn (a
# batch's leftover candidates in a block dropped).
# ---------------------------------------------------------------------------------------

V1 = "ParameterizedTruncatedNormal"
_SCALAR_BATCH = 100  # TF's batch size when all the parameters are scalars
_V1_NAMES = ("means", "stddevs", "minvals", "maxvals")


def _v1_layout(shape: tuple, params: list) -> tuple:
    """(batches, samples per batch) of a draw of `shape`; TF's checks of the parameters'
    shapes (each a scalar or a vector, of length 1 or shape[0])."""
    for name, p in zip(_V1_NAMES, params):
        if p is not None and len(p) > 1:
            raise C.fail(V1, f"Input {name} should be a scalar or vector, got shape: "
                             f"{C.shape_str(p)}")
    n = math.prod(shape)
    # (TF's test: means and stddevs of one entry, scalar minvals and maxvals)
    if all(p == () or (i < 2 and p == (1,)) for i, p in enumerate(params)):
        return -(-n // _SCALAR_BATCH), _SCALAR_BATCH
    for name, p in zip(_V1_NAMES, params):
        if p is not None and p != () and p[0] is not None and p[0] not in (1, shape[0]):
            raise C.fail(V1, f"Input {name} should have length 1 or shape[0], got shape: "
                             f"{C.shape_str(p)}")
    return shape[0], math.prod(shape[1:])


def _v1_check_shape(shape: tuple | None, dtype: dt.DType) -> None:
    if shape is not None and (not isinstance(shape, (tuple, list, np.ndarray)) or
                              any(np.ndim(d) for d in shape)):
        raise C.fail(V1, f"Input shape should be a vector, got shape: "
                         f"{C.shape_str(np.shape(shape))}")
    if shape is not None and len(shape) == 0:
        raise C.fail(V1, "Shape tensor must not be empty, got Tensor<type: int32 shape: [0] "
                         "values: >")
    R.check_shape(V1, shape, dtype)


def _v1_infer(means: Any, stddevs: Any, minvals: Any, maxvals: Any, *dyn: Any,
              shape: tuple | None, seed: int, seed2: int, node: int = 0) -> list:
    """Its dtype is its parameters' (TF's attr dtype, set by `means`)."""
    if dyn:
        check_runtime_arg(V1, dyn, "shape")
    dtype = means._dtype
    if dtype is dt.bfloat16:  # (its op allows it; no CPU kernel has it)
        raise C.no_kernel(V1, f"T=DT_INT32, dtype=DT_BFLOAT16, seed={seed}, seed2={seed2}",
                          _FLOATS[::-1], "dtype", [("XLA_CPU_JIT", "T in [DT_INT32, DT_INT64]; "
                                                   "dtype in [DT_FLOAT, DT_DOUBLE]")])
    if dtype not in _FLOATS:
        raise C.not_supported(V1, dtype, frozenset(_FLOATS + (dt.bfloat16,)), "dtype")
    for i, p in enumerate((means, stddevs, minvals, maxvals)):
        if p._dtype is not dtype:
            raise C.wrong_input_dtype(V1, i + 1, dtype, p._dtype)
    _v1_check_shape(shape, dtype)
    if shape is not None and None not in shape:
        _v1_layout(tuple(shape), [p._shape for p in (means, stddevs, minvals, maxvals)])
    return [(shape, dtype)]


def _v1_kernel(xp: Any, means: Any, stddevs: Any, minvals: Any, maxvals: Any, *dyn: Any,
               shape: tuple, seed: int, seed2: int, node: int = 0) -> Any:
    dtype = dt.as_dtype(means.dtype)
    shape = R.runtime_shape(V1, dyn, shape, dtype)
    _v1_check_shape(shape, dtype)
    given = (means, stddevs, minvals, maxvals)
    batches, per_batch = _v1_layout(tuple(shape), [p.shape for p in given])
    # (on the host, the arrays first: a device's array raises here, before the stream moves
    # on, and dispatch runs the kernel again on host copies)
    params = [np.asarray(p) for p in given] if xp is np else list(given)
    per_batch_blocks = 2000 * (per_batch + 3)
    key, counter = R._reserve(V1, dtype.name, seed, seed2, node,
                              batches * per_batch_blocks // 4)
    n = math.prod(shape)
    if xp is not np:  # TF's GPU kernel: its own layout, NaN for invalid parameters
        return _v1_device(xp, key, counter, params, n, per_batch).reshape(shape)
    np_dtype = dtype.as_numpy_dtype
    flat = np.empty(n, np_dtype)
    if n:
        cols = [np.broadcast_to(p.reshape(-1), (batches,)) if p.ndim else
                np.broadcast_to(p, (batches,)) for p in params]
        mean, std, lo, hi = cols
        with np.errstate(invalid="ignore"):
            bad = ~(std > 0) | ~(lo < hi) | (np.isinf(lo) & np.isinf(hi))
        if bad.any():
            raise C.fail(V1, "Invalid parameters")
        fns = _ops(np_dtype)
        unit = _COST_PER_OUTPUT[dtype] * per_batch  # (TF's cost of a batch, about)
        for start, end in shards(batches, max_parallelism(), unit):
            stream = _Stream(key, counter, start * per_batch_blocks // 4, np.dtype(np_dtype))
            for b in range(start, end):
                at = b * per_batch
                count = min(n, at + per_batch) - at
                _batch(stream, flat, at, count, tuple(c[b] for c in cols), fns, V1)
    return xp.asarray(flat.reshape(shape))


def _v1_device(xp: Any, key: int, counter: int, params: list, n: int, per_batch: int) -> Any:
    """The n draws of TF's GPU kernel (random_gpu.py), batch b's parameters (entry b of
    each, or its one entry) for outputs b * per_batch ... (b + 1) * per_batch - 1."""
    if n == 0:
        return xp.empty(0, params[0].dtype)
    batch = xp.arange(n) // per_batch
    cols = [xp.broadcast_to(p.reshape(-1), (n,)) if p.size == 1 else p.reshape(-1)[batch]
            for p in params]
    with np.errstate(all="ignore"):  # (log(0) and infinite bounds run through, as in TF)
        return G.truncated_normal(xp, key, counter, *cols)


def _v1_reference(means: Any, stddevs: Any, minvals: Any, maxvals: Any, shape: tuple,
                  seed: int, seed2: int, node: int = 0) -> Any:
    """The normal-rejection method alone (the bounds straddle the mean widely) from
    random_reference's plain-Python normals: batch after batch on fresh blocks."""
    dtype = dt.as_dtype(means.dtype)
    stream = ref.Stream(seed, seed2 << 64)
    p = [np.asarray(x, np.float64).reshape(-1) for x in (means, stddevs, minvals, maxvals)]
    scalar = all(np.ndim(x) == 0 or (i < 2 and np.shape(x) == (1,))
                 for i, x in enumerate((means, stddevs, minvals, maxvals)))
    n = math.prod(shape)
    per_batch = _SCALAR_BATCH if scalar else math.prod(shape[1:])
    batches = -(-n // per_batch) if scalar else shape[0]
    per_block = 2 if dtype is dt.float64 else 4
    out = np.zeros(n)
    for b in range(batches):
        mean, std, lo, hi = (x[0] if x.size == 1 else x[b] for x in p)
        s, limit = b * per_batch, min(n, (b + 1) * per_batch)
        while s < limit:
            for z in ref.normals(stream, per_block, dtype.name):
                if (lo - mean) / std <= z <= (hi - mean) / std:
                    out[s] = ref.f32(z * std + mean) if per_block == 4 else z * std + mean
                    s += 1
                    if s == limit:
                        break
    return out.astype(dtype.as_numpy_dtype).reshape(shape)


def _seeded(**kw: Any) -> dict:
    return dict(kw, seed=3, seed2=4, node=0)


# (cpu_only: TF's GPU kernel lays its draws out otherwise and gives NaN for invalid
# parameters: tests/backend/test_random_rejection_on_device.py checks it against its own
# reference)
PARAMETERIZED_TRUNCATED_NORMAL = register(OpDef(
    V1, _v1_infer, _v1_kernel, reference=_v1_reference, stateful=True,
    host_inputs=(4,),  # (a runtime shape: TF's HostMemory)
    samples=lambda: [
        Sample(_f(0.0, 1.0, -2.0, 2.0), _seeded(shape=(4, 5)), grad=False, cpu_only=True),
        Sample(_f([0.0, 1.0, 2.0], 1.0, -3.0, [3.0, 4.0, 5.0]),
               _seeded(shape=(3, 2)), grad=False, cpu_only=True),
        Sample(_f([0.5], 2.0, -10.0, 10.0, dtype=np.float64),
               _seeded(shape=(7, 1)), grad=False, cpu_only=True)],
    bad_samples=lambda: [
        BadSample(_f(0.0, 0.0, -1.0, 1.0), _seeded(shape=(3,)),
                  InvalidArgumentError, "Invalid parameters", cpu_only=True),
        BadSample(_f([0.0, 1.0], 1.0, -1.0, 1.0), _seeded(shape=(3,)),
                  InvalidArgumentError,
                  "Input means should have length 1 or shape[0], got shape: [2]"),
        BadSample(_f(0.0, 1.0, [[-1.0]], 1.0), _seeded(shape=(3,)),
                  InvalidArgumentError,
                  "Input minvals should be a scalar or vector, got shape: [1,1]"),
        BadSample(_f(0.0, 1.0, -1.0, 1.0), _seeded(shape=()),
                  InvalidArgumentError, "Shape tensor must not be empty"),
        BadSample(_f(0.0, 1.0, -1.0, 1.0), _seeded(shape=(-2,)),
                  InvalidArgumentError, "Dimension -2 must be >= 0")],
))
