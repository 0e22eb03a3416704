"""Gamma and Poisson draws as TensorFlow 2.21's CPU kernels make them, bit for bit.

Sits in the ops layer above random_stateless.py. Both are rejection samplers computed in
float64 whatever the dtype (TF's kernels do the same): output i reads its own stretch of
the Philox stream (256 blocks from block 256 i), taking normals (Box-Muller, 2 a block)
and uniforms (2 a block) one block at a time and the values of a block from the last one
first. The outputs advance in lockstep here, each loop one attempt for every output still
drawing. log, log1p, pow, exp and lgamma are the C library's (Python's math module).

- Gamma (RandomGamma, StatelessRandomGammaV3): alpha == 1 is an exponential,
  -log1p(-u); otherwise Marsaglia and Tsang (2000): d (1 + c x)^3 for a normal x accepted
  by a uniform test, and alpha < 1 samples alpha + 1 and scales by u^(1/alpha). On a GPU
  StatelessRandomGammaV3 runs TF's GPU kernel, which keeps this layout: random_gpu.py
  draws it over the device's arrays, with the device's log, log1p and pow.
- Poisson (RandomPoissonV2, StatelessRandomPoisson): Knuth's product of uniforms below
  rate 10, Hormann's transformed rejection (1993) above. TF loops forever on a NaN rate;
  here a non-finite rate gives NaN. These draw 64k outputs at a time: Knuth's in rounds of
  1, 2, 4, ... blocks per output (a round's running products by one accumulate, in the
  stream's order), Hormann's an attempt a block, with each rate's exp and log computed
  once and the per-draw log vectorized (libm_exact.log64, the C library's bits).
"""

from __future__ import annotations

import math
import sys
from typing import Any

import numpy as np

from eagerflow._src.backend import ELEMENTWISE_BLOCK
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import libm_exact, philox, special_igamma, wrapper_inputs
from eagerflow._src.ops import random as R
from eagerflow._src.ops import random_dists as D
from eagerflow._src.ops import random_gpu as G
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops import random_stateless as S
from eagerflow._src.ops import special_scalars as SP
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.math import maximum, truediv
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.math_special import _quiet
from eagerflow._src.ops.misc_ops import broadcast_dynamic_shape
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.reshaping import reshape
from eagerflow._src.ops.shape_queries import shape as shape_of
from eagerflow._src.ops.tiling import broadcast_to

_GAMMA_DTYPES = frozenset((dt.float16, dt.float32, dt.float64))


def map_libm(f: Any, *arrays: Any) -> np.ndarray:
    """f (a libm function through Python's math) element by element, as float64."""
    return np.fromiter(map(f, *(a.tolist() for a in arrays)), np.float64, arrays[0].size)


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:  # (the C library's exp gives inf)
        return math.inf


def _pow(x: float, y: float) -> float:
    """The C library's pow for the bases here (uniforms in [0, 1)): +inf where it
    overflows, and for 0 to a negative power (Python's math.pow raises)."""
    try:
        return math.pow(x, y)
    except OverflowError:
        return math.inf
    except ValueError:  # (0 to a negative power: C's pole error)
        return math.inf


def _lgamma(x: float) -> float:
    try:
        return math.lgamma(x)
    except OverflowError:
        return math.inf


def _normals(b: np.ndarray) -> np.ndarray:
    return D._box_muller_f64(np, b).reshape(-1, 2)


def _uniforms(b: np.ndarray) -> np.ndarray:
    return np.stack([D.uniform_pairs(np, b[:, 0], b[:, 1]),
                     D.uniform_pairs(np, b[:, 2], b[:, 3])], axis=1)


class Streams:
    """Output i's stream from block `blocks` * i (256 unless said), with its buffers of
    normals and uniforms."""

    def __init__(self, key: int, counter: int, n: int,
                 blocks: int = D.SAMPLES_PER_OUTPUT) -> None:
        self.key, self.counter = key, counter
        self.base = np.arange(n, dtype=np.uint64) * np.uint64(blocks)
        self.pos = np.zeros(n, np.uint64)
        self.buf = {kind: (np.zeros((n, 2)), np.zeros(n, np.int64))
                    for kind in ("normal", "uniform")}

    def block(self, rows: np.ndarray) -> np.ndarray:
        b = philox.blocks_at(np, self.key, self.counter, self.base[rows] + self.pos[rows])
        self.pos[rows] += np.uint64(1)
        return b

    def take(self, rows: np.ndarray, kind: str) -> np.ndarray:
        """The next value for each row: a new block when its buffer is empty, the
        buffer's values from the last."""
        buf, left = self.buf[kind]
        need = rows[left[rows] == 0]
        if need.size:
            b = self.block(need)
            buf[need] = _normals(b) if kind == "normal" else _uniforms(b)
            left[need] = 2
        left[rows] -= 1
        return buf[rows, left[rows]]


def gamma_values(key: int, counter: int, alpha: np.ndarray) -> np.ndarray:
    """One gamma draw per entry of `alpha` (output i from its own stream), in float64."""
    n = alpha.size
    res = np.empty(n)
    streams = Streams(key, counter, n)
    one = np.flatnonzero(alpha == 1)  # an exponential
    if one.size:
        res[one] = -map_libm(math.log1p, -_uniforms(streams.block(one))[:, -1])
    active = np.flatnonzero(alpha != 1)
    less = alpha < 1
    d = alpha + np.where(less, 2.0 / 3, -1.0 / 3)
    c = (1.0 / 3) / np.sqrt(d)
    if active.size and FIRST_ATTEMPT_AT_ONCE:
        active = _first_attempts(streams, active, alpha, less, d, c, res)
    while active.size:
        x = streams.take(active, "normal")
        v = 1 + c[active] * x
        ok = ~(v <= 0)  # (a NaN v, from a negative or NaN alpha, goes on to give NaN)
        rows, x, v = active[ok], x[ok], v[ok]
        v = v * v * v
        u = streams.take(rows, "uniform")
        accept = u < 1 - 0.0331 * (x * x) * (x * x)
        rest = np.flatnonzero(~accept)
        if rest.size:
            xr, vr = x[rest], v[rest]
            accept[rest] = map_libm(math.log, u[rest]) < 0.5 * xr * xr + d[rows[rest]] * (
                1 - vr + map_libm(math.log, vr))
        won = rows[accept]
        out = d[won] * v[accept]
        small = less[won]
        if small.any():
            b = streams.take(won[small], "uniform")
            out[small] = out[small] * map_libm(_pow, b, _reciprocal(alpha[won[small]]))
        res[won] = out
        done = np.zeros(n, bool)
        done[won] = True
        active = active[~done[active]]
    return res


def _reciprocal(alpha: np.ndarray) -> np.ndarray:
    """1 / alpha, the power of a small alpha's boost (alpha 0: inf, its draws 0, quietly)."""
    with np.errstate(divide="ignore"):
        return 1 / alpha


# Whether gamma_values takes every output's first attempt as whole arrays (tests compare
# it with the lockstep loop alone)
FIRST_ATTEMPT_AT_ONCE = True


def _first_attempts(streams: Streams, active: np.ndarray, alpha: np.ndarray,
                    less: np.ndarray, d: np.ndarray, c: np.ndarray,
                    res: np.ndarray) -> np.ndarray:
    """gamma_values' first attempt of every output in `active` (all at their streams'
    first blocks), as plain arrays rather than through Streams' buffers: the normal
    block at position 0 (its second normal first), the uniform block at position 1 where
    v is positive. Writes the accepted outputs into `res`; leaves the others' streams as
    the lockstep loop's first round would, and returns them (in order). Where every
    output draws (no alpha 1) and every v is positive, the usual case, the per-output
    arrays are taken as they are, not gathered."""
    def pick(a: np.ndarray) -> np.ndarray:  # (the attempting outputs' entries)
        return a if active.size == alpha.size else a[active]
    base = pick(streams.base)
    normals = _normals(philox.blocks_at(np, streams.key, streams.counter, base))
    x = normals[:, 1]
    v = 1 + pick(c) * x
    ok = ~(v <= 0)  # (a NaN v, from a negative or NaN alpha, goes on to give NaN)
    every = bool(ok.all())

    def drawn(a: np.ndarray) -> np.ndarray:  # (the entries of those with a positive v)
        return a if every else a[ok]
    x, v = drawn(x), drawn(v)
    v = v * v * v
    uniforms = _uniforms(philox.blocks_at(np, streams.key, streams.counter,
                                          drawn(base) + np.uint64(1)))
    u = uniforms[:, 1]
    dv = drawn(pick(d))
    accept = u < 1 - 0.0331 * (x * x) * (x * x)
    rest = np.flatnonzero(~accept)
    if rest.size:
        xr, vr = x[rest], v[rest]
        accept[rest] = map_libm(math.log, u[rest]) < 0.5 * xr * xr + dv[rest] * (
            1 - vr + map_libm(math.log, vr))
    out = dv * v
    small = np.flatnonzero(drawn(pick(less)) & accept)
    if small.size:  # (the uniform block's other value: the next one it gives)
        out[small] = out[small] * map_libm(_pow, uniforms[small, 0],
                                           _reciprocal(drawn(pick(alpha))[small]))
    rows = drawn(active)
    if every and active.size == alpha.size:  # (the others' values come from the loop)
        res[...] = out
    else:
        res[rows[accept]] = out[accept]
    # the others' streams as the loop leaves them: the normal block read once (its first
    # normal left), and the uniform block likewise where one was drawn
    lost = np.ones(active.size, bool)
    lost[drawn(np.arange(active.size))[accept]] = False
    buf, left = streams.buf["normal"]
    buf[active[lost]], left[active[lost]] = normals[lost], 1
    streams.pos[active[lost]] = 1 + ok[lost]
    lost_drawn = rows[~accept]
    buf, left = streams.buf["uniform"]
    buf[lost_drawn], left[lost_drawn] = uniforms[~accept], 1
    return active[lost]


def sample_major(values: np.ndarray, num_alphas: int, samples: int, dtype: Any) -> np.ndarray:
    """Kernel order (alpha by alpha) to output order (sample by sample), as `dtype` (the
    transpose and the cast in one pass)."""
    return values.reshape(num_alphas, samples).T.astype(dtype, order="C").reshape(-1)


# ---------------------------------------------------------------------------------------
# RandomGammaGrad(alpha, sample): d sample / d alpha, the implicit reparameterization
# gradient -(dP/da) / (dP/dx) of the regularized lower incomplete gamma P at x = sample
# (Figurnov et al. 2018), which TF's gamma draws' gradients use.
# ---------------------------------------------------------------------------------------

_GRAD_T = frozenset((dt.float32, dt.float64))


def _gamma_grad_infer(alpha: Any, sample: Any) -> list:
    d = C.same_dtype("RandomGammaGrad", (alpha, sample), _GRAD_T)
    return [(C.broadcast("RandomGammaGrad", alpha._shape, sample._shape), d)]


# (Eigen's series and fraction over arrays, in the input's float type: TF's bits on the
# CPU, special_igamma.py)
_gamma_grad_kernel = _quiet(special_igamma.gamma_sample_der_alpha)


def _ref_gamma_grad(alpha: np.ndarray, sample: np.ndarray) -> np.ndarray:
    """From dP/da by central differences of the series (not the kernel's derivative)."""
    out = np.empty(np.broadcast_shapes(alpha.shape, sample.shape), alpha.dtype)
    for idx, (a, x) in zip(np.ndindex(*out.shape), np.broadcast(alpha, sample)):
        a, x = float(a), float(x)
        h = 1e-6 * a
        dp = (SP.igamma(a + h, x) - SP.igamma(a - h, x)) / (2 * h)
        out[idx] = -dp / math.exp(-x + (a - 1) * math.log(x) - math.lgamma(a))
    return out


RANDOM_GAMMA_GRAD = register(OpDef(
    "RandomGammaGrad", _gamma_grad_infer, _gamma_grad_kernel, reference=_ref_gamma_grad,
    samples=lambda: [
        Sample((np.array([0.5, 1.0, 3.0, 0.01, 50.0, 2.5, 7.0, 0.2]),
                np.array([0.3, 1.2, 2.5, 1e-5, 45.0, 8.0, 0.5, 3.0])), grad=False),
        Sample((np.array([[0.7], [4.0]], np.float32), np.array([0.4, 2.0, 9.0], np.float32)),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(2), np.ones(3)), {}, InvalidArgumentError,
                  "Incompatible shapes: [2] vs. [3]"),
        BadSample((np.ones(2, np.float32), np.ones(2)), {}, InvalidArgumentError,
                  "cannot compute RandomGammaGrad as input #1(zero-based) was expected to be "
                  "a float tensor but is a double tensor"),
        BadSample((np.ones(2, np.float16), np.ones(2, np.float16)), {}, InvalidArgumentError,
                  "Value for attr 'T' of half is not in the list of allowed values: float, "
                  "double")],
))


def random_gamma_grad(alpha: Any, sample: Any, name: str | None = None) -> Any:
    """d sample / d alpha of gamma draws `sample` of concentration `alpha`."""
    return bind(RANDOM_GAMMA_GRAD, (_t(alpha), _t(sample)), {}, name)


def gamma_alpha_grad(alpha: Any, sample: Any, grad: Any) -> Any:
    """The gradient wrt alpha of gamma draws `sample` (alpha's shape trailing theirs, after
    the sample dimensions): each draw's d sample / d alpha, summed over the samples."""
    k = len(sample.shape) - len(alpha.shape)
    alpha_b = reshape(alpha, [1] * k + list(alpha.shape))
    return reduce_sum(grad * random_gamma_grad(alpha_b, sample), axis=list(range(k)))


def _gamma_grad(first: int) -> Any:
    """The gradient of a gamma op whose alpha is input `first`."""
    def grad(node: Any, g: Any) -> list:
        alpha = node.inputs[first]
        return [None] * first + [gamma_alpha_grad(alpha, node.outputs[0], g)] + \
            [None] * (len(node.inputs) - first - 1)
    return grad


# ---------------------------------------------------------------------------------------
# RandomGamma (stateful): output shape = shape + alpha's shape.
# ---------------------------------------------------------------------------------------

def _gamma_infer(alpha: Any, *dyn: Any, shape: tuple | None, seed: int, seed2: int,
                 node: int = 0) -> list:
    """`dyn`: the shape when it is known only when the graph runs (`shape`: what is known
    of it then)."""
    op = "RandomGamma"
    C.check_dtype(op, alpha, _GAMMA_DTYPES)
    if dyn:
        check_runtime_arg(op, dyn, "shape")
    R.check_shape(op, shape, alpha._dtype)
    if alpha._shape is None or shape is None:
        return [(None, alpha._dtype)]
    return [(tuple(shape) + tuple(alpha._shape), alpha._dtype)]


def _gamma_kernel(xp: Any, alpha: Any, *dyn: Any, shape: tuple | None, seed: int, seed2: int,
                  node: int = 0) -> Any:
    shape = R.runtime_shape("RandomGamma", dyn, shape, alpha.dtype)
    samples = math.prod(shape)
    if samples == 0 or alpha.size == 0:
        return xp.zeros(tuple(shape) + alpha.shape, dtype=alpha.dtype)
    n = samples * alpha.size
    # (the array first: a device's raises here, before the stream moves on, and dispatch
    # runs the kernel again on a host copy)
    per_output = np.repeat(np.asarray(alpha).reshape(-1), samples)
    key, counter = R._reserve("RandomGamma", alpha.dtype.name, seed, seed2, node,
                              n * D.SAMPLES_PER_OUTPUT)
    vals = gamma_values(key, counter, per_output.astype(np.float64))
    return xp.asarray(sample_major(vals, alpha.size, samples, alpha.dtype).reshape(
        tuple(shape) + alpha.shape))


def _ref_draws(draw: Any, key: int, counter: int, params: np.ndarray, shape: tuple,
               out_dtype: Any) -> np.ndarray:
    """Output (sample s, parameter j) is kernel output j * samples + s, as TF lays them."""
    samples, flat = math.prod(shape), params.reshape(-1)
    vals = [[draw(key, counter, float(p), j * samples + s) for j, p in enumerate(flat)]
            for s in range(samples)]
    return np.array(vals, np.float64).astype(out_dtype).reshape(tuple(shape) + params.shape)


def _ref_gamma(alpha: np.ndarray, shape: tuple, seed: int, seed2: int,
               node: int = 0) -> Any:
    return _ref_draws(ref.gamma, seed, seed2 << 64, alpha, shape, alpha.dtype)


RANDOM_GAMMA = register(OpDef(
    "RandomGamma", _gamma_infer, _gamma_kernel, stateful=True, reference=_ref_gamma,
    grad=_gamma_grad(0),
    gpu=False,  # host arithmetic (the C library's log, pow, lgamma per draw)
    samples=lambda: [Sample((np.array([0.5, 1.0, 3.0], np.float32),), R._seeded(shape=(4,)),
                    grad=False),
             Sample((np.array([[0.2], [7.5]]),), R._seeded(shape=(2, 3)), grad=False)],
    bad_samples=lambda: [BadSample((np.array([1, 2], np.int32),), R._seeded(shape=(2,)),
                           InvalidArgumentError, "attr 'T'")],
))


@dispatch_binding
def gamma(shape: Any, alpha: Any, beta: Any = None, dtype: Any = dt.float32, seed: Any = None,
          name: str | None = None) -> Any:
    """Gamma draws of concentration alpha and rate beta, shape + broadcast(alpha, beta)."""
    dtype = dt.as_dtype(dtype)
    if not isinstance(shape, TensorShape):  # (TF converts the shape to int32 first)
        shape = convert_to_tensor(shape, dtype=dt.int32, name="shape")
    a = convert_to_tensor(alpha, dtype=dtype, name="alpha")
    b = convert_to_tensor(1 if beta is None else beta, dtype=dtype, name="beta")
    a = _broadcast_alpha(a, b)
    shape, dyn = R.shape_input(shape, "RandomGamma")
    seeds = R._op_seeds(seed)
    tiny = _tiny(dtype)  # (TF reads it before the op runs: an int or bool dtype fails here)
    raw = bind(RANDOM_GAMMA, (a,) + dyn, dict(shape=shape, **seeds))
    return maximum(tiny, truediv(raw, b))


def _broadcast_alpha(a: Any, b: Any) -> Any:
    """alpha broadcast against beta, by BroadcastArgs of their shapes as TF's wrappers do
    (shapes that don't broadcast: that op's error)."""
    try:
        both = C.broadcast("BroadcastArgs", tuple(a.shape), tuple(b.shape))
    except InvalidArgumentError:
        both = None  # (the op below words it)
    if both is None or None in both:  # (or a shape known only at run time)
        both = broadcast_dynamic_shape(shape_of(a), shape_of(b))
    return broadcast_to(a, both)


def _tiny(dtype: dt.DType) -> Any:
    """The floor of the gamma draws: the dtype's smallest normal, as NumPy's finfo gives it
    (another kind of dtype: finfo's ValueError, which TF lets out)."""
    try:
        return np.finfo(dtype.as_numpy_dtype).tiny
    except ValueError as e:  # ("data type <class 'numpy.int32'> not inexact")
        raise ValueError(str(e)) from None


# ---------------------------------------------------------------------------------------
# StatelessRandomGammaV3: inputs key, counter, alg, alpha; shape ends with alpha's.
# ---------------------------------------------------------------------------------------

def _ends_with(shape: tuple, tail: tuple) -> bool:
    """Whether `shape` (whose unknown dims are None) can end with `tail`."""
    return len(tail) <= len(shape) and all(
        s is None or t is None or s == t for s, t in zip(shape[len(shape) - len(tail):], tail))


def _stateless_gamma_infer(key: Any, counter: Any, alg: Any, alpha: Any, *dyn: Any,
                           shape: tuple | None) -> list:
    """`dyn`: the shape when it is known only when the graph runs (`shape`: what is known
    of it then)."""
    op = "StatelessRandomGammaV3"
    S._check_key_counter_alg(op, key, counter, alg)
    C.check_dtype(op, alpha, _GAMMA_DTYPES, "dtype")
    if dyn:
        check_runtime_arg(op, dyn, "shape")
    R.check_shape(op, shape, alpha._dtype)
    if shape is None:
        return [(None, alpha._dtype)]
    if alpha._shape is not None and not _ends_with(tuple(shape), tuple(alpha._shape)):
        raise C.fail(op, "Shape passed in must end with broadcasted shape.")
    return [(tuple(shape), alpha._dtype)]


def _stateless_gamma_kernel(xp: Any, key: Any, counter: Any, alg: Any, alpha: Any, *dyn: Any,
                            shape: tuple | None) -> Any:
    shape = R.runtime_shape("StatelessRandomGammaV3", dyn, shape, alpha.dtype)
    if not _ends_with(shape, alpha.shape):  # (a runtime shape, checked when it is known)
        raise C.fail("StatelessRandomGammaV3", "Shape passed in must end with broadcasted "
                                               "shape.")
    k, c = S.draw_stream("StatelessRandomGammaV3", xp, key, counter, alg)
    return stateless_draws(xp, k, c, alpha, shape)


def stateless_draws(xp: Any, key: Any, counter: Any, alpha: Any, shape: tuple) -> Any:
    """The draws of the stateless gamma ops (StatelessRandomGammaV2, V3) of `shape`,
    ending with alpha's, from the stream (key, counter): TF's CPU kernel on the host, its
    GPU kernel on a device (the same layout, drawn there: random_gpu.py)."""
    n = math.prod(shape)
    if n == 0:
        return xp.zeros(shape, dtype=alpha.dtype)
    samples = n // alpha.size
    if xp is not np:
        per_output = xp.broadcast_to(alpha.reshape(-1, 1).astype(xp.float64),
                                     (alpha.size, samples)).reshape(-1)
        with np.errstate(all="ignore"):  # (log(0), NaN alphas: as the host's, silent)
            vals = G.gamma(xp, key, counter, per_output)
        return vals.reshape(alpha.size, samples).T.astype(alpha.dtype).reshape(shape)
    per_output = np.repeat(np.asarray(alpha, np.float64).reshape(-1), samples)
    vals = gamma_values(key, counter, per_output)
    return sample_major(vals, alpha.size, samples, alpha.dtype).reshape(shape)


def _ref_stateless_gamma(key: Any, counter: Any, alg: Any, alpha: np.ndarray,
                         shape: tuple) -> Any:
    c = int(counter[0]) | (int(counter[1]) << 64)
    lead = shape[:len(shape) - alpha.ndim]
    return _ref_draws(ref.gamma, int(key[0]), c, alpha, lead, alpha.dtype).reshape(shape)


STATELESS_GAMMA = register(OpDef(
    "StatelessRandomGammaV3", _stateless_gamma_infer, _stateless_gamma_kernel,
    grad=_gamma_grad(3),
    # alg and a runtime shape on the host (TF's HostMemory); the key and counter read
    # where they live (a Generator's on its device), as TF's GPU kernel reads them
    host_inputs=(2, 4), as_is_inputs=S._AS_IS_KC,
    reference=_ref_stateless_gamma,
    samples=lambda: [Sample(S._KCA + (np.array([0.5, 1.0, 4.0], np.float32),),
                            {"shape": (5, 3)}, grad=False),
                     Sample(S._KCA + (np.float64(0.3),), {"shape": (4,)}, grad=False)],
    bad_samples=lambda: [BadSample(S._KCA + (np.array([1.0, 2.0], np.float32),),
                                   {"shape": (3,)}, InvalidArgumentError,
                                   "Shape passed in must end with broadcasted shape.")],
))


@dispatch_binding
def stateless_gamma(shape: Any, seed: Any, alpha: Any, beta: Any = None,
                    dtype: Any = dt.float32, name: str | None = None) -> Any:
    """Gamma draws that depend only on `seed`; `shape` ends with broadcast(alpha, beta)."""
    dtype = dt.as_dtype(dtype)
    shape = R.packed_shape(shape)
    a = convert_to_tensor(alpha, dtype=dtype, name="alpha")
    b = convert_to_tensor(1 if beta is None else beta, dtype=dtype, name="beta")
    if tuple(b.shape) != ():  # (against a scalar beta, alpha is its own broadcast: its
        # shape may then be known only when a graph runs)
        a = _broadcast_alpha(a, b)
    stream = S.key_counter_alg(seed, "auto_select")  # (its op checks the seed first)
    shape, dyn = R.shape_input(shape, "StatelessRandomGammaV3")
    raw = bind(STATELESS_GAMMA, stream + (a,) + dyn, {"shape": shape})
    return maximum(_tiny(dtype), truediv(raw, b))  # (here TF's op refuses a dtype first)


# ---------------------------------------------------------------------------------------
# Poisson: RandomPoissonV2 (stateful; shape + rate's shape) and StatelessRandomPoisson
# (shape ends with rate's shape).
# ---------------------------------------------------------------------------------------

def poisson_values(key: int, counter: int, rate: np.ndarray, samples: int) -> np.ndarray:
    """`samples` Poisson draws for each entry of `rate` (output i of rate i // samples, from
    its own stream: blocks 256 i on), as float64, a stretch of outputs at a time."""
    distinct, of_entry = np.unique(rate.reshape(-1), return_inverse=True)
    n = rate.size * samples
    res = np.empty(n)
    per_rate = _PoissonRates(distinct)
    for first in range(0, n, _POISSON_STRETCH):
        rows = np.arange(first, min(n, first + _POISSON_STRETCH))
        of_rate = of_entry[rows // samples]
        r = distinct[of_rate]
        res[rows] = np.nan  # (a rate that is not finite; TF's kernel never returns)
        knuth = np.flatnonzero((r < 10) & (r > -np.inf))
        if knuth.size:
            res[rows[knuth]] = _knuth(key, counter, rows[knuth], per_rate.limit[of_rate[knuth]])
        hormann = np.flatnonzero((r >= 10) & (r < np.inf))
        if hormann.size:
            res[rows[hormann]] = _hormann(key, counter, rows[hormann], per_rate,
                                          of_rate[hormann])
    return res


# Outputs drawn together: the stretch's blocks and products stay in cache.
_POISSON_STRETCH = ELEMENTWISE_BLOCK


class _PoissonRates:
    """What each distinct rate's draws use, computed once per rate (the C library's exp and
    log, Hormann's constants), not once per output."""

    def __init__(self, rate: np.ndarray) -> None:
        finite = np.where(np.isfinite(rate), rate, 0.0)
        self.rate = rate
        self.limit = map_libm(_exp, -finite)  # Knuth's: stop once the product is <= e^-rate
        self.log_rate = map_libm(math.log, np.maximum(finite, 10.0))
        self.b = 0.931 + 2.53 * np.sqrt(np.maximum(finite, 0.0))
        self.a = -0.059 + 0.02483 * self.b
        self.inv_alpha = 1.1239 + 1.1328 / (self.b - 3.4)
        self.v_r = 0.9277 - 3.6224 / (self.b - 2)


def stream_blocks(key: int, counter: int, rows: np.ndarray, first: int, count: int,
                  spacing: int = D.SAMPLES_PER_OUTPUT) -> np.ndarray:
    """Blocks first .. first + count - 1 of each row's stream (row i's from block
    `spacing` * i): (rows, count, 4) uint32."""
    offsets = rows.astype(np.uint64)[:, None] * np.uint64(spacing) + (
        np.arange(first, first + count, dtype=np.uint64))
    return philox.blocks_at(np, key, counter, offsets.reshape(-1)).reshape(rows.size, count, 4)


def block_uniforms(b: np.ndarray) -> np.ndarray:
    """The two uniforms of each block in the order they are taken: the block's second
    (words 2, 3) first, then its first (words 0, 1); shape b.shape[:-1] + (2,). Each is
    D.uniform_pairs's k * 2**-52 (k: the first word's low 20 bits over the second word),
    computed on the block's 64-bit halves: 1 + k * 2**-52 as bits, less 1 (exact)."""
    if not _LITTLE:
        return np.stack([D.uniform_pairs(np, b[..., 2], b[..., 3]),
                         D.uniform_pairs(np, b[..., 0], b[..., 1])], axis=-1)
    half = np.ascontiguousarray(b).view(np.uint64)[..., ::-1]  # (a half: its first word low)
    k = half << np.uint64(32)
    k |= half >> np.uint64(32)
    k &= np.uint64((1 << 52) - 1)
    k |= np.uint64(0x3FF0000000000000)
    u = k.view(np.float64)
    u -= 1.0
    return u


_LITTLE = sys.byteorder == "little"


def _knuth(key: int, counter: int, rows: np.ndarray, limit: np.ndarray) -> np.ndarray:
    """Knuth's draw for rates below 10: the number of uniforms multiplied onto 1 before
    the product is <= limit, less one. Rounds of blocks twice as many as the last, each
    round's running products by one accumulate (the same products, in the same order)."""
    out = np.empty(rows.size)
    prod = np.ones(rows.size)
    todo = np.arange(rows.size)
    used, width = 0, 1
    while todo.size:
        seq = block_uniforms(stream_blocks(key, counter, rows[todo], used, width))
        seq = seq.reshape(todo.size, 2 * width)
        seq[:, 0] *= prod[todo]
        np.multiply.accumulate(seq, axis=1, out=seq)
        lim = limit[todo]
        last = seq[:, -1]
        done = last <= lim  # (the products never grow: the first at or below the limit
        # is in this round when its last is)
        d = np.flatnonzero(done)
        out[todo[d]] = 2 * used + np.count_nonzero(seq[d] > lim[d, None], axis=1)
        prod[todo] = last
        todo = todo[~done]
        used += width
        width *= 2
    return out


def _hormann(key: int, counter: int, rows: np.ndarray, per_rate: _PoissonRates,
             of_rate: np.ndarray) -> np.ndarray:
    """Hormann's transformed rejection for rates >= 10: an attempt a block (u from its
    second uniform, v from its first)."""
    out = np.empty(rows.size)
    todo = np.arange(rows.size)
    attempt = 0
    while todo.size:
        j = of_rate[todo]
        uv = block_uniforms(stream_blocks(key, counter, rows[todo], attempt, 1))[:, 0]
        u, v = uv[:, 0] - 0.5, uv[:, 1]
        us = 0.5 - np.abs(u)
        rate, a, b = per_rate.rate[j], per_rate.a[j], per_rate.b[j]
        k = np.floor((2 * a / us + b) * u + rate + 0.43)
        accept = (us >= 0.07) & (v <= per_rate.v_r[j])
        retry = ~accept & ((k < 0) | ((us < 0.013) & (v > us)))
        test = np.flatnonzero(~accept & ~retry)
        if test.size:
            jt, kt, ut, p = j[test], k[test], us[test], per_rate
            s = c_log(v[test] * p.inv_alpha[jt] / (p.a[jt] / (ut * ut) + p.b[jt]))
            t = -p.rate[jt] + kt * p.log_rate[jt] - _lgamma_of(kt + 1)
            accept[test] = s <= t
        out[todo[accept]] = k[accept]
        todo = todo[~accept]
        attempt += 1
    return out


def c_log(x: np.ndarray) -> np.ndarray:
    """The C library's log of values >= 0 (log(0) = -inf, as C's)."""
    zero = x == 0
    out = libm_exact.log64(np, np.where(zero, 1.0, x))
    out[zero] = -np.inf
    return out


def _lgamma_of(x: np.ndarray) -> np.ndarray:
    """The C library's lgamma of whole numbers, once per distinct value."""
    values, where = np.unique(x, return_inverse=True)
    return map_libm(_lgamma, values)[where]


def _poisson_dtype_check(op: str, rate: Any, dtype: dt.DType) -> None:
    C.check_dtype(op, rate, frozenset((dt.float16, dt.float32, dt.float64, dt.int32, dt.int64)),
                  "R")
    C.dtype_attr(op, dtype, "dtype", frozenset((dt.float16, dt.float32, dt.float64, dt.int32,
                                                dt.int64)))


def _poisson_infer(rate: Any, *dyn: Any, shape: tuple | None, dtype: dt.DType, seed: int,
                   seed2: int, node: int = 0) -> list:
    _poisson_dtype_check("RandomPoissonV2", rate, dtype)
    if dyn:  # the shape known when the graph runs
        check_runtime_arg("RandomPoissonV2", dyn, "shape")
    R.check_shape("RandomPoissonV2", shape, dtype)
    if rate._shape is None or shape is None:
        return [(None, dtype)]
    return [(tuple(shape) + tuple(rate._shape), dtype)]


def _poisson_kernel(xp: Any, rate: Any, *dyn: Any, shape: tuple | None, dtype: dt.DType,
                    seed: int, seed2: int, node: int = 0) -> Any:
    shape = R.runtime_shape("RandomPoissonV2", dyn, shape, dtype)
    samples = math.prod(shape)
    out_shape = tuple(shape) + rate.shape
    if samples == 0 or rate.size == 0:
        return xp.zeros(out_shape, dtype=dtype.as_numpy_dtype)
    n = samples * rate.size
    rates = np.asarray(rate, np.float64)  # (first: RandomGamma's)
    key, counter = R._reserve("RandomPoissonV2", rate.dtype.name, seed, seed2, node,
                              n * D.SAMPLES_PER_OUTPUT)
    vals = poisson_values(key, counter, rates, samples)
    return xp.asarray(sample_major(vals, rate.size, samples, dtype.as_numpy_dtype)
                      .reshape(out_shape))


def _ref_poisson(rate: np.ndarray, shape: tuple, dtype: dt.DType, seed: int, seed2: int,
                 node: int = 0) -> Any:
    return _ref_draws(ref.poisson, seed, seed2 << 64, rate, shape, dtype.as_numpy_dtype)


RANDOM_POISSON = register(OpDef(
    "RandomPoissonV2", _poisson_infer, _poisson_kernel, stateful=True,
    gpu=False,  # host arithmetic (the C library's log, pow, lgamma per draw)
    reference=_ref_poisson,
    samples=lambda: [Sample((np.array([0.5, 3.0, 15.0], np.float32),),
                            R._seeded(shape=(4,), dtype=dt.float32), grad=False),
                     Sample((np.array([2.0, 40.0]),), R._seeded(shape=(3,), dtype=dt.int64),
                            grad=False)],
    bad_samples=lambda: [BadSample((np.array([1.0], np.float32),),
                                   R._seeded(shape=(2,), dtype=dt.string), InvalidArgumentError,
                                   "attr 'dtype'")],
))


@dispatch_binding
def poisson(shape: Any, lam: Any, dtype: Any = dt.float32, seed: Any = None,
            name: str | None = None) -> Any:
    """Poisson draws of rate `lam`: shape + lam's shape."""
    if not isinstance(shape, TensorShape):  # (TF converts the shape to int32 first)
        shape = convert_to_tensor(shape, dtype=dt.int32, name="shape")
    try:  # (read by TF's op wrapper, as its attr)
        dtype = dt.as_dtype(dtype)
    except TypeError:
        raise TypeError(f"Expected DataType for argument 'dtype' not {dtype!r}.") from None
    # (TF's op wrapper converts lam as R's input, whose default is float64: a NumPy lam
    # cast to it whatever its type, a Python bool too; uint8 and bool rates are drawn)
    rate = wrapper_inputs.op_input("RandomPoissonV2", lam, "R")
    shape, dyn = R.shape_input(shape, "RandomPoissonV2", dtype)
    return bind(RANDOM_POISSON, (rate,) + dyn, dict(shape=shape, dtype=dtype, **R._op_seeds(seed)),
                name)


def _stateless_poisson_infer(seed: Any, lam: Any, shape: tuple, dtype: dt.DType) -> list:
    op = "StatelessRandomPoisson"
    S._check_seed(op, seed)
    _poisson_dtype_check(op, lam, dtype)
    R.check_shape(op, shape, dtype)
    a = lam._shape
    if a is not None and (len(a) > len(shape) or (a and tuple(shape[-len(a):]) != tuple(a))):
        raise C.fail(op, "Shape passed in must end with broadcasted shape.")
    return [(tuple(shape), dtype)]


def _stateless_poisson_kernel(xp: Any, seed: Any, lam: Any, shape: tuple,
                              dtype: dt.DType) -> Any:
    n = math.prod(shape)
    if n == 0:
        return xp.zeros(shape, dtype=dtype.as_numpy_dtype)
    key, counter = philox.scramble_seed(int(seed[0]), int(seed[1]))
    samples = n // lam.size
    vals = poisson_values(key, counter, np.asarray(lam, np.float64), samples)
    return xp.asarray(sample_major(vals, lam.size, samples, dtype.as_numpy_dtype)
                      .reshape(shape))


def _ref_stateless_poisson(seed: np.ndarray, lam: np.ndarray, shape: tuple,
                           dtype: dt.DType) -> Any:
    key, counter = ref.scramble(int(seed[0]), int(seed[1]))
    lead = shape[:len(shape) - lam.ndim]
    return _ref_draws(ref.poisson, key, counter, lam, lead, dtype.as_numpy_dtype).reshape(shape)


STATELESS_POISSON = register(OpDef(
    "StatelessRandomPoisson", _stateless_poisson_infer, _stateless_poisson_kernel,
    gpu=False,  # host arithmetic (the C library's log, pow, lgamma per draw)
    reference=_ref_stateless_poisson,
    samples=lambda: [Sample((S._SEED, np.array([0.5, 30.0], np.float32)),
                            {"shape": (4, 2), "dtype": dt.int32}, grad=False),
                     Sample((S._SEED, np.float64(12.5)), {"shape": (5,), "dtype": dt.float64},
                            grad=False)],
    bad_samples=lambda: [BadSample((S._SEED, np.array([1.0, 2.0], np.float32)),
                                   {"shape": (3,), "dtype": dt.int32}, InvalidArgumentError,
                                   "Shape passed in must end with broadcasted shape.")],
))


@dispatch_binding
def stateless_poisson(shape: Any, seed: Any, lam: Any, dtype: Any = dt.int32,
                      name: str | None = None) -> Any:
    """Poisson draws that depend only on `seed`; `shape` ends with lam's shape. A list
    among seed and lam sends TF's wrapper down its slow path: no name on the shape's
    errors either."""
    dtype = AV.make_type(dtype, "dtype")  # (TF's wrapper reads it before any input)
    try:
        shape = R._static_shape(shape, "StatelessRandomPoisson", dtype)
    except OpError as e:
        if wrapper_inputs.passed_raw(seed, lam):
            slow_path(e)
        raise
    inputs = (S.seed_tensor(seed), _t(lam))
    R.dtype_attr_first("StatelessRandomPoisson", dtype)  # (before the kernel's seed check)
    return S.bind_seeded(STATELESS_POISSON, inputs, {"shape": shape, "dtype": dtype},
                         (seed, lam), name)
