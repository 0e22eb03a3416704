"""tf.linalg: linear algebra."""

from eagerflow._src.ops.linalg import matmul  # noqa: F401
