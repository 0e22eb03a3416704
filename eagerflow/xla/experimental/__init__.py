"""tf.xla.experimental (re-exports only)."""

from eagerflow._src.function.xla_compile import compile, jit_scope  # noqa: A004
