"""tf.types.experimental.distributed: the types of distributed values."""

from eagerflow._src.distribute.values import (  # noqa: F401
    Mirrored,
    PerReplica,
)
