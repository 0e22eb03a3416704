"""tf.config: devices and runtime configuration."""

from eagerflow._src.core.device import (  # noqa: F401
    LogicalDevice, PhysicalDevice, get_soft_device_placement, get_visible_devices,
    list_logical_devices, list_physical_devices, set_soft_device_placement, set_visible_devices,
)
from eagerflow.config import experimental  # noqa: F401
