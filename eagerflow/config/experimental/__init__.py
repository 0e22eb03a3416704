"""tf.config.experimental: device listings under their older names, memory growth, the
runtime's switches."""

from eagerflow._src.core.device import (  # noqa: F401
    get_device_details, get_memory_growth, get_memory_info, get_memory_usage,
    get_visible_devices, list_logical_devices, list_physical_devices, reset_memory_stats,
    set_memory_growth, set_visible_devices,
)
from eagerflow._src.core.runtime_options import (  # noqa: F401
    disable_mlir_bridge, enable_mlir_bridge, enable_op_determinism,
    enable_tensor_float_32_execution, get_device_policy, get_synchronous_execution,
    set_device_policy, set_synchronous_execution, tensor_float_32_execution_enabled,
)
from eagerflow._src.core.device import (  # noqa: F401
    LogicalDeviceConfiguration as VirtualDeviceConfiguration,
    get_logical_device_configuration as get_virtual_device_configuration,
    set_logical_device_configuration as set_virtual_device_configuration,
)


from eagerflow._src.core.lazy import lazy_module as _lazy_module  # noqa: E402

_server_def = _lazy_module("eagerflow._src.distribute.server_def")


def __getattr__(name):  # (the distribute layer loads on first use)
    if name == "ClusterDeviceFilters":
        value = globals()[name] = _server_def.ClusterDeviceFilters
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | {"ClusterDeviceFilters"})
