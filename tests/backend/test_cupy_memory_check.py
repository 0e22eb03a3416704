"""The CuPy backend's check of a large allocation (CupyBackend.too_big), with a fake CuPy
module standing in for the real one: no GPU (nor CuPy) is needed to see which figures it
reads. A request the memory pool's free blocks cover must not call into the driver
(cudaMemGetInfo), which a training step's large activations would otherwise do at every
op; the answers stay those of the pool and the driver's free memory together."""

import importlib
import sys
import types

import pytest

from eagerflow._src import backend
from eagerflow._src.backend import numpy as cpu

MB = 1 << 20


class _Pool:
    def __init__(self, free: int, used: int, limit: int = 0) -> None:
        self.free, self.used, self.limit = free, used, limit

    def free_bytes(self) -> int:
        return self.free

    def used_bytes(self) -> int:
        return self.used

    def get_limit(self) -> int:
        return self.limit


@pytest.fixture
def fake_cupy(monkeypatch):
    """backend/cupy.py imported over a fake `cupy`; yields (the module, the fake), the
    fake counting its driver queries in `queries`."""
    fake = types.ModuleType("cupy")
    fake.ndarray = type("ndarray", (), {})
    fake.add = types.SimpleNamespace(types=["ff->f", "dd->d"])
    fake.pool = _Pool(free=0, used=0)
    fake.get_default_memory_pool = lambda: fake.pool
    fake.driver_free = 0
    fake.queries = 0

    def mem_get_info() -> tuple:
        fake.queries += 1
        return fake.driver_free, 80 << 30

    fake.cuda = types.SimpleNamespace(runtime=types.SimpleNamespace(memGetInfo=mem_get_info))
    name = "eagerflow._src.backend.cupy"
    real = sys.modules.pop(name, None), getattr(backend, "cupy", None)
    monkeypatch.setitem(sys.modules, "cupy", fake)
    monkeypatch.setattr(cpu, "MEM_LIMIT", [])
    try:
        yield importlib.import_module(name), fake
    finally:  # (the real module, where this process had imported it, back in its places)
        sys.modules.pop(name, None)
        if real[0] is not None:
            sys.modules[name] = real[0]
        if real[1] is not None:
            backend.cupy = real[1]
        elif hasattr(backend, "cupy"):
            del backend.cupy


def _too_big(module, nbytes: int) -> bool:
    backend = object.__new__(module.CupyBackend)  # (too_big reads no state of its own)
    return backend.too_big(nbytes)


def test_a_request_the_pool_covers_asks_the_driver_nothing(fake_cupy):
    module, fake = fake_cupy
    fake.pool = _Pool(free=512 * MB, used=2048 * MB)
    assert not _too_big(module, 300 * MB)
    assert not _too_big(module, 512 * MB)
    assert fake.queries == 0


def test_a_request_past_the_pool_adds_the_drivers_free_memory(fake_cupy):
    module, fake = fake_cupy
    fake.pool = _Pool(free=100 * MB, used=0)
    fake.driver_free = 400 * MB
    assert not _too_big(module, 500 * MB)  # 100 held + 400 the driver's
    assert _too_big(module, 501 * MB)
    assert fake.queries == 2


def test_the_pools_limit_refuses_without_the_driver(fake_cupy):
    module, fake = fake_cupy
    fake.pool = _Pool(free=1024 * MB, used=900 * MB, limit=1000 * MB)
    fake.driver_free = 8 << 30
    assert _too_big(module, 200 * MB)  # the limit, though the pool holds 1 GB free
    assert not _too_big(module, 100 * MB)
    assert fake.queries == 0


def test_small_requests_and_a_tests_fixed_limit_read_no_figure(fake_cupy, monkeypatch):
    module, fake = fake_cupy
    fake.get_default_memory_pool = None  # (reading the pool would fail)
    assert not _too_big(module, 64 * MB)
    monkeypatch.setattr(cpu, "MEM_LIMIT", [32 * MB])
    assert _too_big(module, 33 * MB) and not _too_big(module, 32 * MB)
    assert fake.queries == 0


@pytest.mark.parametrize("free,used,driver,nbytes", [
    (0, 0, 0, 65 * MB), (70 * MB, 0, 0, 65 * MB), (10 * MB, 0, 60 * MB, 65 * MB),
    (10 * MB, 0, 60 * MB, 75 * MB), (1 << 30, 0, 0, 2 << 30)])
def test_the_answer_is_the_pool_and_the_driver_together(fake_cupy, free, used, driver, nbytes):
    module, fake = fake_cupy
    fake.pool = _Pool(free=free, used=used)
    fake.driver_free = driver
    assert _too_big(module, nbytes) == (nbytes > free + driver)
