"""tf.keras.tree (re-exports only)."""

from eagerflow._src.keras.tree import (
    MAP_TO_NONE as MAP_TO_NONE,
    assert_same_paths as assert_same_paths,
    assert_same_structure as assert_same_structure,
    flatten as flatten,
    flatten_with_path as flatten_with_path,
    is_nested as is_nested,
    lists_to_tuples as lists_to_tuples,
    map_shape_structure as map_shape_structure,
    map_structure as map_structure,
    map_structure_up_to as map_structure_up_to,
    pack_sequence_as as pack_sequence_as,
    traverse as traverse,
)
