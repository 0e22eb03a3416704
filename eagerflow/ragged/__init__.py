"""tf.ragged (re-exports only; implementation in eagerflow/_src/ops/ragged_*.py)."""

from eagerflow._src.ops import ragged as _ragged  # noqa: F401 - completes RaggedTensor first
from eagerflow._src.ops.ragged_functions import (
    boolean_mask as boolean_mask,
    constant as constant,
    map_flat_values as map_flat_values,
    range as range,
    row_splits_to_segment_ids as row_splits_to_segment_ids,
    segment_ids_to_row_splits as segment_ids_to_row_splits,
    stack as stack,
)
from eagerflow._src.ops.ragged_dispatch import (
    stack_dynamic_partitions as stack_dynamic_partitions,
)
from eagerflow._src.ops.crosses import ragged_cross as cross
from eagerflow._src.ops.crosses import ragged_cross_hashed as cross_hashed

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("ragged", globals())
del _api_names
