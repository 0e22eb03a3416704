"""tests/backend's GPU: the strict stand-in, or CuPy's GPU:0 where asked for."""

import pytest

from tests.gpu_target import on_the_gpu


@pytest.fixture
def gpu_scope():
    """A context to run on the GPU a test compares with the CPU (tests/gpu_target.py)."""
    return on_the_gpu
