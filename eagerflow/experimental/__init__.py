"""tf.experimental: Optional (the values get_next_as_optional returns), DynamicRaggedShape and
RowPartition (the shapes of ragged tensors), StructuredTensor and dtensor (loaded on first
use)."""

import importlib as _importlib

from eagerflow._src.data.optional import Optional  # noqa: F401
from eagerflow._src.core.tf_logging import enable_strict_mode  # noqa: F401
from eagerflow._src.io.load_library import register_filesystem_plugin  # noqa: F401
from eagerflow.experimental import dlpack as dlpack  # noqa: E402
from eagerflow._src.core.runtime_options import (  # noqa: E402, F401
    async_clear_error, async_scope, function_executor_type,
)
from eagerflow._src.ops.ragged import DynamicRaggedShape as DynamicRaggedShape  # noqa: E402
from eagerflow._src.ops.ragged import RowPartition as RowPartition  # noqa: E402
from eagerflow._src.ops.extension_type import (  # noqa: E402, F401
    BatchableExtensionType, ExtensionType, ExtensionTypeBatchEncoder, ExtensionTypeSpec,
)
from eagerflow._src.ops.extension_dispatch import (  # noqa: E402, F401
    dispatch_for_api, dispatch_for_binary_elementwise_assert_apis,
    dispatch_for_binary_elementwise_apis, dispatch_for_unary_elementwise_apis,
    unregister_dispatch_for,
)
from eagerflow.experimental import extension_type as extension_type  # noqa: E402
from eagerflow._src.core.lazy import lazy_module as _lazy_module  # noqa: E402
from eagerflow._src.core.dtypes import (  # noqa: E402, F401 - tf.dtypes.experimental's too
    float4_e2m1fn, float8_e4m3b11fnuz, float8_e4m3fn, float8_e4m3fnuz, float8_e5m2,
    float8_e5m2fnuz, int2, int4, uint2, uint4,
)

_structured = _lazy_module("eagerflow._src.ops.structured")


def __getattr__(name: str):  # tf.experimental.numpy loads on first use
    if name in ("numpy", "dtensor"):  # as the other lazy namespaces: the module named from ours
        return _importlib.import_module(f"{__name__}.{name}")
    if name == "StructuredTensor":
        value = globals()[name] = _structured.StructuredTensor
        return value
    raise AttributeError(f"module 'eagerflow.experimental' has no attribute '{name}'")


def __dir__() -> list:
    return sorted(set(globals()) | {"StructuredTensor", "dtensor", "numpy"})
