"""tf.config: devices and runtime configuration."""


from eagerflow._src.core.device import (  # noqa: F401
    LogicalDevice, LogicalDeviceConfiguration, PhysicalDevice, get_logical_device_configuration,
    get_soft_device_placement, get_visible_devices, list_logical_devices, list_physical_devices,
    set_logical_device_configuration, set_soft_device_placement, set_visible_devices,
)
from eagerflow._src.function.polymorphic import (  # noqa: F401
    functions_run_eagerly, run_functions_eagerly,
)
from eagerflow._src.function.polymorphic import (  # noqa: F401
    experimental_functions_run_eagerly, experimental_run_functions_eagerly,
)
from eagerflow.config import experimental, optimizer, threading  # noqa: F401
from eagerflow._src.core.lazy import lazy_module as _lazy_module

_server = _lazy_module("eagerflow._src.distribute.server")
_CLUSTER = {"experimental_connect_to_cluster": "connect_to_cluster",
            "experimental_connect_to_host": "connect_to_host"}


def __getattr__(name: str):  # (the distribute layer loads on first use)
    if name in _CLUSTER:
        value = globals()[name] = getattr(_server, _CLUSTER[name])
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list:
    return sorted(set(globals()) | set(_CLUSTER))
