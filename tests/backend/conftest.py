"""tests/backend's GPU: the strict stand-in, or CuPy's GPU:0 where asked for."""

import numpy as np
import pytest

from eagerflow._src.backend import strict
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


@pytest.fixture
def racing_stores(monkeypatch):
    """A store at a tuple of index arrays (a scatter's `a[key] = v`) with a repeated
    position lands its first value, not NumPy's last: CuPy's parallel store leaves open
    which lands, and code that counts on an order must fail here. (backend/strict.py
    models this for a store at one index array only.)"""
    store = strict.StrictArray.__setitem__

    def racing(self, key, value):
        if type(key) is not tuple or not key or not all(
                type(c) is strict.StrictArray and c.dtype.kind in "iu" for c in key):
            return store(self, key, value)
        coords = np.broadcast_arrays(*(c._a for c in key))
        at = np.stack([c.reshape(-1) for c in coords], axis=1)
        if len(np.unique(at, axis=0)) == len(at):
            return store(self, key, value)
        target = self._a[tuple(coords)].shape
        v = np.broadcast_to(value._a if type(value) is strict.StrictArray else value,
                            target).reshape((len(at),) + target[coords[0].ndim:])
        self._a[tuple(at[::-1].T)] = v[::-1]
        return None

    monkeypatch.setattr(strict.StrictArray, "__setitem__", racing)
