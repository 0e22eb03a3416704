"""keras.random: SeedGenerator and the random ops, as Keras 3 has them on TensorFlow.

Every draw is stateless: a seed pair [seed, counter] goes to TF's stateless ops
(stateless_uniform, stateless_normal, ...). A SeedGenerator holds that pair in an int64
variable, `seed_generator_state` = [seed, 0]: `next()` returns the current pair and adds 1
to the counter. An int seed is the pair [seed, 0] every time (so the same numbers); seed
None draws from the global generator (created on first use with a random seed, replaced
by keras.utils.set_random_seed), which advances unordered: state = (state + 1) * 5387 %
933199. Seeds reach the ops as int32, reduced modulo 2**31 - 2, as Keras casts them.

gamma, beta and binomial draw with TF's stateless_gamma and stateless_binomial, so their
numbers are TF's too.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.dtypes import as_dtype
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.keras.random_seeds import (  # noqa: F401  (keras.random's names)
    SeedGenerator,
    draw_seed,
    global_seed_generator,
    make_default_seed,
    reset_global_seed_generator,
)
from eagerflow._src.keras.random_seeds import seed_pair as _op_seed
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import indexing as ti
from eagerflow._src.ops import random_binomial as tbinom
from eagerflow._src.ops import random_gamma as tgamma
from eagerflow._src.ops import random_stateless as trand
from eagerflow._src.ops import sorting as tsort
from eagerflow._src.ops.math_base import cast, zeros_like
from eagerflow._src.ops.nn import stateless_dropout
from eagerflow._src.ops.tiling import broadcast_to

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
    if dtype and not kd.is_float_dtype(dtype):
        raise ValueError("`keras.random.uniform` requires a floating point `dtype`. Received: "
                         f"dtype={dtype} ")
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    return trand.stateless_uniform(shape, _op_seed(seed), minval=cast(minval, dtype),
                                   maxval=cast(maxval, dtype), dtype=dtype)


@keras_op
def truncated_normal(shape: Any, mean: float = 0.0, stddev: float = 1.0, dtype: Any = None,
                     seed: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    return trand.stateless_truncated_normal(shape, _op_seed(seed), mean=mean, stddev=stddev,
                                            dtype=dtype)


@keras_op
def randint(shape: Any, minval: Any, maxval: Any, dtype: Any = "int32", seed: Any = None) -> Any:
    if dtype and not kd.is_int_dtype(dtype):
        raise ValueError("`keras.random.randint` requires an integer `dtype`. Received: "
                         f"dtype={dtype} ")
    dtype = kd.standardize_dtype(as_dtype(dtype))  # (None: TF's TypeError, as Keras's)
    work = dtype if dtype in ("int32", "int64") else "int64"
    out = trand.stateless_uniform(shape, _op_seed(seed), minval=minval, maxval=maxval,
                                  dtype=work)
    return cast(out, dtype)


@keras_op
def categorical(logits: Any, num_samples: int, dtype: Any = "int32", seed: Any = None) -> Any:
    if len(kd.to_tensor(logits).shape) != 2:
        raise ValueError("`logits` should be a 2-D tensor with shape [batch_size, num_classes]. "
                         f"Received: logits={logits}")
    out = trand.stateless_categorical(logits, num_samples, _op_seed(seed))
    return cast(out, kd.standardize_dtype(dtype))


@keras_op
def dropout(inputs: Any, rate: float, noise_shape: Any = None, seed: Any = None) -> Any:
    """tf.nn.experimental.stateless_dropout with the drawn seed; None entries of
    `noise_shape` take the input's size."""
    if rate == 1.0:
        return zeros_like(inputs)
    if rate == 0.0:
        return inputs
    pair = _op_seed(seed)
    if noise_shape is not None:
        dims = ta.shape(inputs)
        noise_shape = [dims[i] if d is None else d for i, d in enumerate(noise_shape)]
    return stateless_dropout(inputs, rate=rate, noise_shape=noise_shape, seed=pair)


@keras_op
def shuffle(x: Any, axis: int = 0, seed: Any = None) -> Any:
    x = kd.to_tensor(x)
    keys = trand.stateless_uniform([ta.shape(x)[axis]], _op_seed(seed))
    return ti.gather(x, tsort.argsort(keys), axis=axis)


@keras_op
def gamma(shape: Any, alpha: Any, dtype: Any = None, seed: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    work = "float32" if dtype == "bfloat16" else dtype
    return cast(tgamma.stateless_gamma(shape, _op_seed(seed), alpha=alpha, dtype=work),
                   dtype)


@keras_op
def beta(shape: Any, alpha: Any, beta: Any, dtype: Any = None, seed: Any = None) -> Any:
    """X / (X + Y) for X ~ Gamma(alpha), Y ~ Gamma(beta) drawn with seeds 12 apart
    (alpha and beta broadcast to `shape` first, as Keras does)."""
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    work = "float32" if dtype == "bfloat16" else dtype
    pair = _op_seed(seed)
    # (TF's conversion, as Keras's: a float alpha refuses an integer dtype)
    alpha = broadcast_to(convert_to_tensor(alpha, dtype=work), shape)
    beta = broadcast_to(convert_to_tensor(beta, dtype=work), shape)
    x = cast(tgamma.stateless_gamma(shape, pair, alpha=alpha, dtype=work), dtype)
    y = cast(tgamma.stateless_gamma(shape, pair + 12, alpha=beta, dtype=work), dtype)
    return x / (x + y)


@keras_op
def binomial(shape: Any, counts: Any, probabilities: Any, dtype: Any = None,
             seed: Any = None) -> Any:
    dtype = kd.standardize_dtype(dtype or kb.floatx())
    work = "float32" if dtype == "bfloat16" else dtype
    return cast(tbinom.stateless_binomial(shape, _op_seed(seed), counts, probabilities,
                                             output_dtype=work), dtype)
