"""tf.keras.config (re-exports only)."""

from eagerflow._src.keras.backend import (
    backend as backend,
    disable_flash_attention as disable_flash_attention,
    disable_traceback_filtering as disable_traceback_filtering,
    enable_flash_attention as enable_flash_attention,
    enable_traceback_filtering as enable_traceback_filtering,
    enable_unsafe_deserialization as enable_unsafe_deserialization,
    epsilon as epsilon,
    floatx as floatx,
    image_data_format as image_data_format,
    is_flash_attention_enabled as is_flash_attention_enabled,
    is_nnx_enabled as is_nnx_enabled,
    is_traceback_filtering_enabled as is_traceback_filtering_enabled,
    max_epochs as max_epochs,
    max_steps_per_epoch as max_steps_per_epoch,
    set_backend as set_backend,
    set_epsilon as set_epsilon,
    set_floatx as set_floatx,
    set_image_data_format as set_image_data_format,
    set_max_epochs as set_max_epochs,
    set_max_steps_per_epoch as set_max_steps_per_epoch,
)
from eagerflow._src.keras.dtype_policy import (
    dtype_policy as dtype_policy,
    set_dtype_policy as set_dtype_policy,
)
from eagerflow._src.keras.utils.io_utils import (
    disable_interactive_logging as disable_interactive_logging,
    enable_interactive_logging as enable_interactive_logging,
    is_interactive_logging_enabled as is_interactive_logging_enabled,
)
