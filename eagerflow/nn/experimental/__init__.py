"""tf.nn.experimental: stateless dropout."""

from eagerflow._src.ops.nn import stateless_dropout as stateless_dropout  # noqa: F401
