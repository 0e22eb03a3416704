"""tf.experimental.numpy.random: NumPy's random API over TF's seeded random ops."""

from eagerflow._src.numpy_ops.random import (  # noqa: F401
    poisson, rand, randint, randn, random, seed, standard_normal, uniform,
)
