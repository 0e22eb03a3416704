"""tf.config.experimental: device listings under their older names, memory growth."""

from eagerflow._src.core.device import (  # noqa: F401
    get_memory_growth, get_memory_info, get_visible_devices, list_logical_devices,
    list_physical_devices, reset_memory_stats, set_memory_growth, set_visible_devices,
)
from eagerflow._src.core.device import (  # noqa: F401
    LogicalDeviceConfiguration as VirtualDeviceConfiguration,
    get_logical_device_configuration as get_virtual_device_configuration,
    set_logical_device_configuration as set_virtual_device_configuration,
)
