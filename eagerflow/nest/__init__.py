"""tf.nest: utilities for nested structures."""

from eagerflow._src.core.nest import (  # noqa: F401
    assert_same_structure, flatten, flatten_with_joined_string_paths, is_nested, map_structure,
    map_structure_up_to, pack_sequence_as,
)
