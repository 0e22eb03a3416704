"""tf.debugging: assertions, numeric checks and debugging switches."""

from eagerflow._src.ops.debugging import (  # noqa: F401
    Assert, assert_all_finite, assert_equal, assert_greater, assert_greater_equal,
    assert_integer, assert_less, assert_less_equal, assert_near, assert_negative,
    assert_non_negative, assert_non_positive, assert_none_equal, assert_positive,
    assert_proper_iterable, assert_rank, assert_rank_at_least, assert_rank_in,
    assert_same_float_dtype, assert_scalar, assert_shapes, assert_type, check_numerics,
    disable_check_numerics, disable_traceback_filtering, enable_check_numerics,
    enable_traceback_filtering, get_log_device_placement, is_numeric_tensor,
    is_traceback_filtering_enabled, set_log_device_placement,
)
