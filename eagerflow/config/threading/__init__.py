"""tf.config.threading: how many threads one op, and how many ops at once, may use."""

from eagerflow._src.core.runtime_options import (  # noqa: F401
    get_inter_op_parallelism_threads, get_intra_op_parallelism_threads,
    set_inter_op_parallelism_threads, set_intra_op_parallelism_threads,
)
