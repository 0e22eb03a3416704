"""tf.compat.v1.debugging: tf.debugging with TF 1's asserts, which take `data` (the tensors
a failure shows) before `summarize` and `message` (re-exports only)."""

import eagerflow.debugging as _debugging
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.namespaces import listing as _listing
from eagerflow._src.v1.tf1_data import (  # noqa: F401 - TF 1's signatures
    assert_integer,
    assert_rank,
    assert_rank_at_least,
    assert_rank_in,
    assert_scalar,
    assert_type,
    verify_tensor_all_finite as assert_all_finite,
)
from eagerflow._src.ops.debugging import (  # noqa: F401
    assert_equal_v1 as assert_equal,
    assert_greater_equal_v1 as assert_greater_equal,
    assert_greater_v1 as assert_greater,
    assert_less_equal_v1 as assert_less_equal,
    assert_less_v1 as assert_less,
    assert_near_v1 as assert_near,
    assert_negative_v1 as assert_negative,
    assert_non_negative_v1 as assert_non_negative,
    assert_non_positive_v1 as assert_non_positive,
    assert_none_equal_v1 as assert_none_equal,
    assert_positive_v1 as assert_positive,
)
from eagerflow.debugging import (  # noqa: F401
    Assert,
    assert_proper_iterable,
    assert_same_float_dtype,
    assert_shapes,
    check_numerics,
    disable_traceback_filtering,
    enable_traceback_filtering,
    get_log_device_placement,
    is_numeric_tensor,
    is_traceback_filtering_enabled,
    set_log_device_placement,
)
from eagerflow.math import (  # noqa: F401 - TF 1's debugging holds these too
    is_finite,
    is_inf,
    is_nan,
    is_non_decreasing,
    is_strictly_increasing,
)


__getattr__ = _fallback(__name__, _debugging)  # the rest of tf.debugging
__dir__ = _listing(__name__, _debugging)
