"""ops/blas.py: kernel matrix products give NumPy's results and leave BLAS threading as found."""

import threading

import numpy as np
import pytest

from eagerflow._src.ops import blas

SHAPES = [
    ((2, 2), (2, 2)),                 # tiny: straight to NumPy
    ((700, 144), (144, 16)),          # medium, skinny: the single-thread path
    ((4, 300, 50), (50, 40)),         # batched
    ((3, 60, 70), (3, 70, 80)),       # batched on both sides
    ((5000,), (5000, 16)),            # vector-matrix (bias gradient)
]


@pytest.mark.parametrize("sa,sb", SHAPES)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_matches_numpy(sa, sb, dtype):
    rng = np.random.default_rng(0)
    a = rng.normal(size=sa).astype(dtype)
    b = rng.normal(size=sb).astype(dtype)
    out = blas.matmul(np, a, b)
    ref = np.matmul(a, b)
    assert out.shape == ref.shape and out.dtype == ref.dtype
    # one thread may sum in another order than several: float rounding differs
    tol = 1e-4 if dtype == "float32" else 1e-11
    np.testing.assert_allclose(out, ref, rtol=tol, atol=tol * np.abs(ref).max())


def test_transposed_views_match():
    rng = np.random.default_rng(1)
    cols = rng.normal(size=(3000, 144)).astype("float32")
    g = rng.normal(size=(3000, 16)).astype("float32")
    np.testing.assert_allclose(blas.matmul(np, cols.T, g), cols.T @ g, rtol=1e-4, atol=1e-4)


def _threads() -> int | None:
    t = blas._THREADS
    if not t.resolved:
        t.resolve()
    return None if t.get is None else t.get()


def test_thread_count_restored():
    before = _threads()
    if before is None:
        pytest.skip("NumPy's BLAS is not an OpenBLAS whose threads can be set")
    a = np.ones((2000, 144), "float32")
    b = np.ones((144, 16), "float32")
    blas.matmul(np, a, b)
    assert _threads() == before
    assert blas._THREADS.active == 0


def test_thread_count_restored_after_concurrent_products():
    before = _threads()
    if before is None:
        pytest.skip("NumPy's BLAS is not an OpenBLAS whose threads can be set")
    a = np.ones((2000, 144), "float32")
    b = np.ones((144, 16), "float32")
    errors = []

    def work():
        try:
            for _ in range(20):
                np.testing.assert_array_equal(blas.matmul(np, a, b), np.full((2000, 16), 144.0))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert blas._THREADS.active == 0
    assert _threads() == before


def test_errors_restore_thread_count():
    before = _threads()
    if before is None:
        pytest.skip("NumPy's BLAS is not an OpenBLAS whose threads can be set")
    a = np.ones((2000, 144), "float32")
    with pytest.raises(ValueError):
        blas.matmul(np, a, np.ones((100, 160), "float32"))  # mismatched inner dims
    assert blas._THREADS.active == 0
    assert _threads() == before


class _Spy:
    """Stands in for NumPy inside blas.py: records the BLAS thread count each product sees."""

    def __init__(self) -> None:
        self.seen: list = []
        self.ndarray = np.ndarray

    def matmul(self, a, b, out=None):
        self.seen.append(_threads())
        return np.matmul(a, b, out=out)


@pytest.mark.parametrize("mode,load,single", [
    ("single", 0.0, True), ("numpy", 99.0, False), ("auto", 99.0, True), ("auto", 0.0, False)])
def test_policy(monkeypatch, mode, load, single):
    before = _threads()
    if before is None or before == 1:
        pytest.skip("needs an OpenBLAS running on more than one thread")
    spy = _Spy()
    monkeypatch.setattr(blas, "np", spy)
    monkeypatch.setattr(blas._THREADS, "mode", mode)
    monkeypatch.setattr(blas._THREADS, "checked", -1e9)  # re-read the load now
    monkeypatch.setattr(blas.os, "getloadavg", lambda: (load, load, load))
    spy_xp = spy  # the kernels' xp is NumPy; here the spy plays it
    blas.matmul(spy_xp, np.ones((2000, 144), "float32"), np.ones((144, 16), "float32"))
    assert spy.seen == [1 if single else before]
    assert _threads() == before


@pytest.mark.parametrize("mode,load,macs,single", [
    ("auto", 99.0, 2000 * 144 * 16, True), ("auto", 0.0, 2000 * 144 * 16, False),
    ("single", 0.0, 1 << 30, False), ("single", 0.0, 100, False)])
def test_product_scope_applies_the_policy_once(monkeypatch, mode, load, macs, single):
    # medium products on a busy machine: one thread for the whole scope; huge or tiny
    # products, or an idle machine: NumPy's own threading
    before = _threads()
    if before is None or before == 1:
        pytest.skip("needs an OpenBLAS running on more than one thread")
    monkeypatch.setattr(blas._THREADS, "mode", mode)
    monkeypatch.setattr(blas._THREADS, "checked", -1e9)
    monkeypatch.setattr(blas.os, "getloadavg", lambda: (load, load, load))
    with blas.product_scope(np, macs):
        assert _threads() == (1 if single else before)
        assert blas._THREADS.active == (1 if single else 0)
    assert _threads() == before and blas._THREADS.active == 0


def test_pinned_holds_one_thread_and_restores(monkeypatch):
    before = _threads()
    if before is None:
        pytest.skip("NumPy's BLAS is not an OpenBLAS whose threads can be set")
    with blas._THREADS.pinned():
        with blas._THREADS.pinned():
            assert _threads() == 1
        assert _threads() == 1
    assert _threads() == before and blas._THREADS.active == 0
