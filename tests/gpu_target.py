"""Which GPU the device tests run on: the strict stand-in, or CuPy's GPU:0 where
EAGERFLOW_REGISTRY_ON=gpu asks for it (benchmarks/gpu_check.sh's backend and graphs steps,
on a machine with CuPy and a GPU)."""

import contextlib
import os
from collections.abc import Iterator

from eagerflow._src.core import device as D

ON_GPU = os.environ.get("EAGERFLOW_REGISTRY_ON") == "gpu"


@contextlib.contextmanager
def on_the_gpu() -> Iterator[None]:
    """Runs the block on the GPU: CuPy's GPU:0 (the default device) under ON_GPU, where
    not having one fails and never falls back, else the stand-in posing as one."""
    if ON_GPU:
        dev = D.default_device()
        assert dev.device_type == "GPU" and dev.backend.name == "cupy", (
            f"EAGERFLOW_REGISTRY_ON=gpu needs CuPy and a GPU; the default device is {dev}")
        yield
    else:
        with D.standin_gpus(1):
            yield
