"""tf.random: seeds, random ops and tf.random.Generator."""

from eagerflow._src.ops.random import (  # noqa: F401
    Algorithm, Generator, categorical, create_rng_state, get_global_generator, normal,
    set_global_generator, set_seed, shuffle, stateless_categorical, stateless_normal,
    stateless_truncated_normal, stateless_uniform, truncated_normal, uniform,
)
from eagerflow._src.ops.random_seeds import fold_in, split  # noqa: F401
