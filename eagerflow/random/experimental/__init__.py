"""tf.random.experimental: Generator aliases and the stateless seed utilities."""

from eagerflow._src.ops.random_generator import (  # noqa: F401
    Generator, create_rng_state, get_global_generator, set_global_generator,
)
from eagerflow._src.ops.random_stateless import Algorithm, index_shuffle  # noqa: F401
from eagerflow._src.ops.random_stateless import fold_in as stateless_fold_in  # noqa: F401
from eagerflow._src.ops.random_stateless import split as stateless_split  # noqa: F401
from eagerflow._src.ops.random_stateless import stateless_shuffle  # noqa: F401
