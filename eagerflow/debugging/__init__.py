"""tf.debugging: assertions, numeric checks and debugging switches."""

import importlib as _importlib

from eagerflow._src.ops.debugging import (  # noqa: F401
    Assert, assert_all_finite, assert_equal, assert_greater, assert_greater_equal,
    assert_integer, assert_less, assert_less_equal, assert_near, assert_negative,
    assert_non_negative, assert_non_positive, assert_none_equal, assert_positive,
    assert_proper_iterable, assert_rank, assert_rank_at_least, assert_rank_in,
    assert_same_float_dtype, assert_scalar, assert_shapes, assert_type, check_numerics,
    disable_traceback_filtering, enable_traceback_filtering, get_log_device_placement,
    is_numeric_tensor, is_traceback_filtering_enabled, set_log_device_placement,
)
from eagerflow._src.ops.tfdbg import (  # noqa: F401
    disable_check_numerics, enable_check_numerics,
)

# tf.debugging.experimental (tfdbg's dumps: the graph compiler and the file writers) loads
# on first use: assertions alone should not pay for it.
_SUBMODULES = ("experimental",)

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("debugging", globals())
del _api_names


def __getattr__(name: str):
    if name in _SUBMODULES:
        module = globals()[name] = _importlib.import_module(f"{__name__}.{name}")
        return module
    raise AttributeError(f"module 'eagerflow.debugging' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_SUBMODULES))
