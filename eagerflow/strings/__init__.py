"""tf.strings: string ops (re-exports only; implementation in eagerflow/_src/ops/string_ops.py)."""

from eagerflow._src.ops.string_ops import (  # noqa: F401
    as_string, bytes_split, join, length, lower, reduce_join, regex_full_match, regex_replace,
    split, strip, substr, to_number, unicode_decode, unicode_split, upper,
)
