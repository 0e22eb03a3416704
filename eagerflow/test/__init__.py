"""tf.test: TestCase and main, gradient checking, and environment queries."""

import importlib.util as _importlib_util
import platform as _platform

from eagerflow._src.autodiff.gradient_checker import compute_gradient  # noqa: F401
from eagerflow._src.core.device import gpu_device_name  # noqa: F401
from eagerflow._src.distribute.server import create_local_cluster  # noqa: F401
from eagerflow._src.testing.benchmark import TensorFlowBenchmark as Benchmark  # noqa: F401
from eagerflow._src.testing.benchmark import benchmark_config  # noqa: F401
from eagerflow._src.testing.graph_defs import assert_equal_graph_def  # noqa: F401
from eagerflow._src.testing.test_case import TestCase, main  # noqa: F401
from eagerflow._src.testing.test_utils import (  # noqa: F401
    disable_with_predicate,
    with_eager_op_as_function,
)
from eagerflow._src.core import tf_logging as _tf_logging
from eagerflow.test import experimental  # noqa: F401


def is_gpu_available(cuda_only: bool = False, min_cuda_compute_capability: object = None) -> bool:
    _tf_logging.deprecated_call("is_gpu_available", "tensorflow.python.framework.test_util",
                                "Use `tf.config.list_physical_devices('GPU')` instead.")
    return bool(gpu_device_name())


def is_built_with_cuda() -> bool:
    """Whether this install can run on NVIDIA GPUs: the CuPy backend (the `cuda` extra) is
    installed. Whether a GPU is there is is_gpu_available's question."""
    return _importlib_util.find_spec("cupy") is not None


is_built_with_gpu_support = is_built_with_cuda


def is_built_with_rocm() -> bool:
    return False


def is_built_with_xla() -> bool:
    return False


def is_cpu_target_available(target: str) -> bool:
    """Whether the CPU named (e.g. "x86") is the one running: eagerflow runs NumPy's
    kernels, built for the machine it runs on."""
    machine = _platform.machine().lower()
    aliases = {"x86": ("x86_64", "amd64", "i386", "i686"), "aarch64": ("aarch64", "arm64")}
    return machine in aliases.get(target.lower(), (target.lower(),))
