"""tf.nest: utilities for nested structures."""

from eagerflow._src.core.nest import (  # noqa: F401
    assert_same_structure, flatten, is_nested, map_structure, pack_sequence_as,
)
