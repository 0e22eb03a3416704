"""tf.keras.config (re-exports only)."""

from eagerflow._src.keras.backend import (
    backend as backend,
    enable_unsafe_deserialization as enable_unsafe_deserialization,
    epsilon as epsilon,
    floatx as floatx,
    image_data_format as image_data_format,
    set_epsilon as set_epsilon,
    set_floatx as set_floatx,
    set_image_data_format as set_image_data_format,
)
from eagerflow._src.keras.dtype_policy import (
    dtype_policy as dtype_policy,
    set_dtype_policy as set_dtype_policy,
)
