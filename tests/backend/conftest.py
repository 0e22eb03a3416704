"""tests/backend's GPU: the strict stand-in, or CuPy's GPU:0 where asked for."""

import pytest

from eagerflow._src.core import device
from tests.gpu_target import on_the_gpu


@pytest.fixture
def gpu_scope():
    """A context to run on the GPU a test compares with the CPU (tests/gpu_target.py)."""
    return on_the_gpu


@pytest.fixture
def standin_gpu():
    """One strict stand-in GPU for the test (the modules that run on it take it with
    `pytestmark = pytest.mark.usefixtures("standin_gpu")`)."""
    with device.standin_gpus(1):
        yield


@pytest.fixture
def on_gpu():
    """The test run on the GPU, as gpu_target.on_the_gpu places it (the modules that run
    there take it with `pytestmark = pytest.mark.usefixtures("on_gpu")`)."""
    with on_the_gpu():
        yield
