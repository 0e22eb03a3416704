"""tf.experimental: Optional (the values get_next_as_optional returns)."""

from eagerflow._src.data.optional import Optional  # noqa: F401
