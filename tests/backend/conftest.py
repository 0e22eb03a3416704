"""tests/backend's GPU: the strict stand-in, or CuPy's GPU:0 where asked for."""

import contextlib
import functools
import os

import pytest

from eagerflow._src.core import device as D

# benchmarks/gpu_check.sh's backend step sets it on a machine with CuPy and a GPU
ON_GPU = os.environ.get("EAGERFLOW_REGISTRY_ON") == "gpu"


@pytest.fixture
def gpu_scope():
    """A context to run on the GPU a test compares with the CPU: CuPy's GPU:0 (the default
    device) under EAGERFLOW_REGISTRY_ON=gpu, else the strict stand-in posing as one."""
    return contextlib.nullcontext if ON_GPU else functools.partial(D.standin_gpus, 1)
