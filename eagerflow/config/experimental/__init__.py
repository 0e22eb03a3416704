"""tf.config.experimental: device listings under their older names, memory growth."""

from eagerflow._src.core.device import (  # noqa: F401
    get_memory_growth, get_visible_devices, list_logical_devices, list_physical_devices,
    set_memory_growth, set_visible_devices,
)
