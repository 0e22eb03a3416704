"""keras.random: SeedGenerator and the random ops, as Keras 3 has them on TensorFlow.

Every draw is stateless: a seed pair [seed, counter] goes to TF's stateless ops
(stateless_uniform, stateless_normal, ...). A SeedGenerator holds that pair in an int64
variable, `seed_generator_state` = [seed, 0]: `next()` returns the current pair and adds 1
to the counter. An int seed is the pair [seed, 0] every time (so the same numbers); seed
None draws from the global generator (created on first use with a random seed, replaced
by keras.utils.set_random_seed), which advances unordered: state = (state + 1) * 5387 %
933199. Seeds reach the ops as int32, reduced modulo 2**31 - 2, as Keras casts them.

gamma, beta and binomial are compositions of stateless uniforms and normals (TF's
stateless gamma/binomial kernels are not ops here yet), so their draws follow the right
distributions but not TF's exact numbers.
"""

from __future__ import annotations

import random as _pyrandom
from typing import Any

import numpy as np

from eagerflow._src.control_flow.loops import while_loop as tf_while
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import indexing as ti
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import random as trand
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops import sorting as tsort
from eagerflow._src.ops.variables import Variable

# ---------------------------------------------------------------------------------------
# Seeds
# ---------------------------------------------------------------------------------------


class SeedGenerator:
    """The state of a stream of seeds: `keras.random.normal(shape, seed=gen)` draws new
    numbers on every call, where an int seed repeats them."""

    def __init__(self, seed: int | None = None, name: str | None = None, **kwargs: Any) -> None:
        if name is None:
            name = kb.auto_name("SeedGenerator")
        self.name = name
        kwargs.pop("backend", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        self.state = Variable(np.array([seed, 0], np.int64), trainable=False,
                              name="seed_generator_state")

    def next(self, ordered: bool = True) -> Any:
        value = self.state.value() * 1  # (a copy, before the state moves on)
        if ordered:
            self.state.assign(self.state + ta.constant([0, 1], dtype="int64"))
        else:  # a sequence of near-unique numbers below 933199
            self.state.assign((self.state + 1) * 5387 % 933199)
        return value

    def get_config(self) -> dict:
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config: dict) -> SeedGenerator:
        return cls(**config)

    def __repr__(self) -> str:
        return f"<SeedGenerator name={self.name}>"


_GLOBAL: list = [None]


def global_seed_generator() -> SeedGenerator:
    if _GLOBAL[0] is None:
        _GLOBAL[0] = SeedGenerator()
    return _GLOBAL[0]


def reset_global_seed_generator() -> None:
    """keras.utils.set_random_seed: the next seedless draw makes a new global generator
    (from Python's random module, which it has just seeded)."""
    _GLOBAL[0] = None


def make_default_seed() -> int:
    return _pyrandom.randint(1, int(1e9))


def draw_seed(seed: Any) -> Any:
    """The int64 seed pair for one draw."""
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if isinstance(seed, int) and not isinstance(seed, bool):
        return ta.constant([seed, 0], dtype="int64")
    if seed is None:
        return global_seed_generator().next(ordered=False)
    raise ValueError("Argument `seed` must be either an integer or an instance of "
                     f"`SeedGenerator`. Received: seed={seed} (of type {type(seed)})")


def _op_seed(seed: Any) -> Any:
    """The pair as the stateless ops take it: int32, modulo 2**31 - 2."""
    pair = draw_seed(seed)
    return tm.cast(tm.floormod(pair, 2**31 - 2), "int32")


# ---------------------------------------------------------------------------------------
# Distributions
# ---------------------------------------------------------------------------------------

@keras_op
def normal(shape: Any, mean: float = 0.0, stddev: float = 1.0, dtype: Any = None,
           seed: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    return trand.stateless_normal(shape, _op_seed(seed), mean=mean, stddev=stddev, dtype=dtype)


@keras_op
def uniform(shape: Any, minval: float = 0.0, maxval: float = 1.0, dtype: Any = None,
            seed: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    return trand.stateless_uniform(shape, _op_seed(seed), minval=tm.cast(minval, dtype),
                                   maxval=tm.cast(maxval, dtype), dtype=dtype)


@keras_op
def truncated_normal(shape: Any, mean: float = 0.0, stddev: float = 1.0, dtype: Any = None,
                     seed: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    return trand.stateless_truncated_normal(shape, _op_seed(seed), mean=mean, stddev=stddev,
                                            dtype=dtype)


@keras_op
def randint(shape: Any, minval: Any, maxval: Any, dtype: Any = "int32", seed: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype)
    work = dtype if dtype in ("int32", "int64") else "int64"
    out = trand.stateless_uniform(shape, _op_seed(seed), minval=minval, maxval=maxval,
                                  dtype=work)
    return tm.cast(out, dtype)


@keras_op
def categorical(logits: Any, num_samples: int, dtype: Any = "int32", seed: Any = None) -> Any:
    out = trand.stateless_categorical(logits, num_samples, _op_seed(seed))
    return tm.cast(out, kd.standardize_dtype(dtype))


@keras_op
def dropout(inputs: Any, rate: float, noise_shape: Any = None, seed: Any = None) -> Any:
    """TF's stateless dropout: kept where a uniform draw >= rate, scaled by 1 / (1 - rate)."""
    if rate == 1.0:
        return tm.zeros_like(inputs)
    if rate == 0.0:
        return inputs
    x = kd.to_tensor(inputs)
    if not x.dtype.is_floating:
        raise ValueError("`x.dtype` must be a floating point tensor as `x` will be scaled. "
                         f"Received: x_dtype={x.dtype}")
    pair = _op_seed(seed)
    dims = static_shape(x) if noise_shape is None else \
        [static_shape(x)[i] if d is None else d for i, d in enumerate(noise_shape)]
    scaled = x * ta.constant(1 / (1 - rate), dtype=x.dtype)
    keep = trand.stateless_uniform(dims, pair, dtype=x.dtype) >= rate
    return tm.where(keep, scaled, ta.constant(0, dtype=x.dtype))


@keras_op
def shuffle(x: Any, axis: int = 0, seed: Any = None) -> Any:
    x = kd.to_tensor(x)
    keys = trand.stateless_uniform([ta.shape(x)[axis]], _op_seed(seed))
    return ti.gather(x, tsort.argsort(keys), axis=axis)


def _next_pair(pair: Any, k: Any) -> Any:
    """A distinct stateless seed derived from `pair` (for the k-th extra draw)."""
    return pair + tm.cast(7919 * (k + 1), "int32") * ta.constant([0, 1], dtype="int32")


def _gamma(shape: Any, alpha: Any, dtype: str, pair: Any) -> Any:
    """Marsaglia and Tsang's method: d (1 + c z)^3 for a normal z accepted by a uniform
    test, over 16 vectorized rounds (the first accepted wins; all 16 rejecting has
    probability below 1e-17 for alpha >= 1). alpha < 1 samples alpha + 1 and scales by
    u ** (1 / alpha)."""
    alpha = ta.broadcast_to(kd.to_tensor(alpha, dtype), shape)
    boost = alpha < 1
    a = tm.where(boost, alpha + 1, alpha)
    d = a - 1.0 / 3.0
    c = 1.0 / tm.sqrt(9.0 * d)
    out = tm.zeros_like(a)
    done = tm.zeros_like(a, dtype="bool")
    for k in range(16):
        z = trand.stateless_normal(shape, _next_pair(pair, 2 * k), dtype=dtype)
        u = trand.stateless_uniform(shape, _next_pair(pair, 2 * k + 1), dtype=dtype)
        v = (1 + c * z) ** 3
        ok = tm.logical_and(v > 0, tm.log(u) < 0.5 * z * z + d - d * v +
                            d * tm.log(tm.where(v > 0, v, tm.ones_like(v))))
        take = tm.logical_and(ok, tm.logical_not(done))
        out = tm.where(take, d * v, out)
        done = tm.logical_or(done, ok)
    out = tm.where(done, out, d)
    u = trand.stateless_uniform(shape, _next_pair(pair, 40), dtype=dtype)
    return tm.where(boost, out * u ** (1.0 / alpha), out)


def _work_dtype(dtype: str) -> str:
    """The float dtype draws are made in (integer outputs are drawn as float32)."""
    return dtype if dtype in ("float16", "float32", "float64") else "float32"


@keras_op
def gamma(shape: Any, alpha: Any, dtype: Any = None, seed: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    out = _gamma(shape, alpha, _work_dtype(dtype), _op_seed(seed))
    return tm.cast(out, dtype)


@keras_op
def beta(shape: Any, alpha: Any, beta: Any, dtype: Any = None, seed: Any = None) -> Any:
    """X / (X + Y) for X ~ Gamma(alpha), Y ~ Gamma(beta) drawn with seeds 12 apart."""
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    work = _work_dtype(dtype)
    pair = _op_seed(seed)
    x = tm.cast(_gamma(shape, alpha, work, pair), dtype)
    y = tm.cast(_gamma(shape, beta, work, pair + 12), dtype)
    return x / (x + y)


@keras_op
def binomial(shape: Any, counts: Any, probabilities: Any, dtype: Any = None,
             seed: Any = None) -> Any:
    """Successes in `counts` Bernoulli trials, 1024 trials at a time."""
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    work = _work_dtype(dtype)
    pair = _op_seed(seed)
    counts = ta.broadcast_to(kd.to_tensor(counts, work), shape)
    probs = ta.broadcast_to(kd.to_tensor(probabilities, work), shape)
    dims = list(static_shape(counts))
    block = 1024
    most = tr.reduce_max(counts) if np.prod(dims) else tm.cast(0, work)
    offsets = ta.reshape(tm.cast(ta.constant(np.arange(block)), work), [1] * len(dims) + [block])

    def step(k: Any, total: Any) -> tuple:
        u = trand.stateless_uniform(dims + [block], _next_pair(pair, k), dtype=work)
        trial = tm.cast(k * block, work) + offsets
        hits = tm.logical_and(u < probs[..., None], trial < counts[..., None])
        return k + 1, total + tr.reduce_sum(tm.cast(hits, work), axis=-1)

    _, total = tf_while(lambda k, _: tm.cast(k * block, work) < most, step,
                        (ta.constant(0), tm.zeros_like(counts)))
    return tm.cast(total, dtype)
