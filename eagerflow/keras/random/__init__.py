"""keras.random (tf.keras.random): Keras 3's seeded random ops (re-exports only)."""

from eagerflow._src.keras.ops.random import (  # noqa: F401
    SeedGenerator as SeedGenerator, beta as beta, binomial as binomial, categorical as categorical,
    dropout as dropout, gamma as gamma, normal as normal, randint as randint, shuffle as shuffle,
    truncated_normal as truncated_normal, uniform as uniform,
)
