"""tf.test: gradient checking and environment queries."""

from eagerflow._src.autodiff.gradient_checker import compute_gradient  # noqa: F401
from eagerflow._src.core.device import gpu_device_name  # noqa: F401


def is_gpu_available(cuda_only: bool = False, min_cuda_compute_capability: object = None) -> bool:
    return bool(gpu_device_name())


def is_built_with_cuda() -> bool:
    return False


def is_built_with_gpu_support() -> bool:
    return False


def is_built_with_rocm() -> bool:
    return False


def is_built_with_xla() -> bool:
    return False
