"""tf.config.optimizer: the graph optimizer's switches, which tf.function's passes read."""

from eagerflow._src.core.runtime_options import (  # noqa: F401
    get_experimental_options, get_jit, set_experimental_options, set_jit,
)
