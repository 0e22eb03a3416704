"""tf.types: the types of TensorFlow's objects, for isinstance checks and annotations."""

from eagerflow.types import experimental  # noqa: F401
