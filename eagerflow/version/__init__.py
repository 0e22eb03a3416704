"""tf.version: the TensorFlow release whose behaviour eagerflow follows (TF 2.21.0)."""

from eagerflow._src.core.versions import (  # noqa: F401 - re-exported
    GRAPH_DEF_VERSION,
    GRAPH_DEF_VERSION_MIN_CONSUMER,
    GRAPH_DEF_VERSION_MIN_PRODUCER,
)

VERSION = "2.21.0"
GIT_VERSION = "v2.21.0-rc1-5-ga481b10260d"
COMPILER_VERSION = "Clang 18.1.8"
