"""backend/numpy.py's BLAS policy: kernel matrix products give NumPy's results and leave
BLAS threading as found."""

import threading

import numpy as np
import pytest

from eagerflow._src.backend import numpy as blas

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
    out = blas.matmul(a, b)
    ref = np.matmul(a, b)
    assert out.shape == ref.shape and out.dtype == ref.dtype
    # one thread may sum in another order than several: float rounding differs
    tol = 1e-4 if dtype == "float32" else 1e-11
    np.testing.assert_allclose(out, ref, rtol=tol, atol=tol * np.abs(ref).max())


def test_transposed_views_match():
    rng = np.random.default_rng(1)
    cols = rng.normal(size=(3000, 144)).astype("float32")
    g = rng.normal(size=(3000, 16)).astype("float32")
    np.testing.assert_allclose(blas.matmul(cols.T, g), cols.T @ g, rtol=1e-4, atol=1e-4)


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
    blas.matmul(a, b)
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
                np.testing.assert_array_equal(blas.matmul(a, b), np.full((2000, 16), 144.0))
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
        blas.matmul(a, np.ones((100, 160), "float32"))  # mismatched inner dims
    assert blas._THREADS.active == 0
    assert _threads() == before


class _Spy:
    """Stands in for NumPy inside backend/numpy.py: records the BLAS thread count each
    product sees."""

    def __init__(self) -> None:
        self.seen: list = []
        self.ndarray = np.ndarray

    def matmul(self, a, b, out=None):
        self.seen.append(_threads())
        return np.matmul(a, b, out=out)


@pytest.mark.parametrize("mode,helpers,busy,single", [
    ("single", False, False, True), ("numpy", True, True, False),
    ("auto", True, False, True), ("auto", False, True, True), ("auto", False, False, False)])
def test_policy(monkeypatch, mode, helpers, busy, single):
    # a medium product runs on one BLAS thread right after kernel helper threads ran,
    # or on a busy machine; else (or told "numpy") on NumPy's threads
    before = _threads()
    if before is None or before == 1:
        pytest.skip("needs an OpenBLAS running on more than one thread")
    spy = _Spy()
    monkeypatch.setattr(blas, "np", spy)
    monkeypatch.setattr(blas._THREADS, "mode", mode)
    monkeypatch.setattr(blas._THREADS, "helpers_at", blas.time.monotonic() if helpers else -1e9)
    if helpers:  # ("just now" however long a loaded machine pauses before the product)
        monkeypatch.setattr(blas, "HELPERS_WINDOW", float("inf"))
    monkeypatch.setattr(blas._THREADS, "machine_busy", lambda: busy)
    blas.matmul(np.ones((2000, 144), "float32"), np.ones((144, 16), "float32"))
    assert spy.seen == [1 if single else before]
    assert _threads() == before


@pytest.mark.parametrize("mode,macs,single", [
    ("auto", 2000 * 144 * 16, True), ("numpy", 2000 * 144 * 16, False),
    ("single", 1 << 30, False), ("auto", 100, False)])
def test_product_scope_applies_the_policy_once(monkeypatch, mode, macs, single):
    # medium products on a busy machine: one thread for the whole scope; huge or tiny
    # products, or "numpy": NumPy's own threading
    before = _threads()
    if before is None or before == 1:
        pytest.skip("needs an OpenBLAS running on more than one thread")
    monkeypatch.setattr(blas._THREADS, "mode", mode)
    monkeypatch.setattr(blas._THREADS, "machine_busy", lambda: True)
    with blas.product_scope(macs):
        assert _threads() == (1 if single else before)
        assert blas._THREADS.active == (1 if single else 0)
    assert _threads() == before and blas._THREADS.active == 0


def _busy_after(monkeypatch, machine_s: float, own_s: float, cores: int = 2) -> bool:
    """machine_busy() when, over one second, the machine used `machine_s` CPU seconds
    of which this process used `own_s`."""
    samples = iter([(100.0, 10.0), (100.0 + machine_s, 10.0 + own_s)])
    clock = iter([1000.0, 1001.0])  # one second apart
    monkeypatch.setattr(blas, "_cpu_sample", lambda: next(samples))
    monkeypatch.setattr(blas.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(blas.os, "cpu_count", lambda: cores)
    monkeypatch.setattr(blas.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    monkeypatch.setattr(blas._THREADS, "mode", "auto")
    monkeypatch.setattr(blas._THREADS, "checked", -1e9)
    monkeypatch.setattr(blas._THREADS, "last", None)
    blas._THREADS.machine_busy()  # the first look: the load average, and a sample
    return blas._THREADS.machine_busy()


def test_machine_busy_leaves_out_this_process(monkeypatch):
    # both cores busy with this process's own threads: still free for its kernels
    assert _busy_after(monkeypatch, machine_s=2.0, own_s=2.0) is False
    assert _busy_after(monkeypatch, machine_s=2.0, own_s=0.8) is True   # others: 1.2 cores
    assert _busy_after(monkeypatch, machine_s=0.4, own_s=0.0) is False  # others: 0.4 cores
    assert _busy_after(monkeypatch, machine_s=3.0, own_s=0.0, cores=4) is True


def test_machine_busy_first_look_uses_the_load_average(monkeypatch):
    monkeypatch.setattr(blas, "_cpu_sample", lambda: None)
    monkeypatch.setattr(blas.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(blas._THREADS, "mode", "auto")
    for load, busy in ((1.6, True), (0.3, False)):
        monkeypatch.setattr(blas._THREADS, "checked", -1e9)
        monkeypatch.setattr(blas.os, "getloadavg", lambda load=load: (load, load, load))
        assert blas._THREADS.machine_busy() is busy


def test_cpu_sample_reads_this_machine():
    sample = blas._cpu_sample()
    if sample is None:
        pytest.skip("no /proc/stat here")
    machine, own = sample
    assert machine >= 0 and own >= 0


def test_pinned_holds_one_thread_and_restores(monkeypatch):
    before = _threads()
    if before is None:
        pytest.skip("NumPy's BLAS is not an OpenBLAS whose threads can be set")
    with blas._THREADS.pinned():
        with blas._THREADS.pinned():
            assert _threads() == 1
        assert _threads() == 1
    assert _threads() == before and blas._THREADS.active == 0


# -- tall products in bands of rows (OpenBLAS's small-matrix kernel) ----------------------

class _Recorder:
    """Stands in for NumPy inside backend/numpy.py: records each product's shapes."""

    def __init__(self) -> None:
        self.shapes: list = []
        self.ndarray = np.ndarray
        self.dtype = np.dtype
        self.float32, self.float64 = np.float32, np.float64

    def matmul(self, a, b, out=None):
        self.shapes.append((a.shape, b.shape))
        return np.matmul(a, b, out=out)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_band_rows_stay_under_the_small_kernel_limit(monkeypatch, dtype):
    monkeypatch.setattr(blas, "_CORE", ["skylakex"])
    for k, n in ((144, 16), (9, 16), (288, 32), (1600, 64)):
        rows = blas.band_rows(k, n, dtype)
        assert rows == 0 or (rows >= 16 and rows * k * n <= blas.SMALL_KERNEL_MACS <
                             (rows + 1) * k * n)
    assert blas.band_rows(144, 16, dtype) == 434
    assert blas.band_rows(1600, 64, dtype) == 0  # a band of 9 rows: whole
    assert blas.band_rows(144, 16, "int32") == 0  # no BLAS for integers
    monkeypatch.setattr(blas, "_CORE", ["haswell"])  # no small-matrix kernel: whole
    assert blas.band_rows(144, 16, dtype) == 0


def test_core_name_is_read_once():
    name = blas._core()
    assert isinstance(name, str) and name == name.lower() and blas._core() is name


@pytest.mark.parametrize("core", ["skylakex", ""])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_matmul_rows_is_each_rows_product(monkeypatch, core, dtype):
    monkeypatch.setattr(blas, "_CORE", [core])
    rng = np.random.default_rng(2)
    a = rng.normal(size=(1820, 144)).astype(dtype)
    b = rng.normal(size=(144, 16)).astype(dtype)
    spy = _Recorder()
    monkeypatch.setattr(blas, "np", spy)
    out = np.empty((1820, 16), dtype)
    assert blas.matmul_rows(a, b, out) is out
    monkeypatch.undo()
    if core:  # 5 equal bands of 364 rows (not 4 of 434 and a sliver of 84)
        assert spy.shapes == [((364, 144), (144, 16))] * 5
    else:
        assert spy.shapes == [((1820, 144), (144, 16))]
    # each output row is one dot product: against float64, within float32's rounding
    ref = a.astype(np.float64) @ b.astype(np.float64)
    tol = 1e-5 if dtype == "float32" else 1e-13
    np.testing.assert_allclose(out, ref, rtol=0, atol=tol * np.abs(ref).max())
    if core:  # a band is its own product (the whole one's rows need not be: Haswell's
        # kernels, OPENBLAS_CORETYPE=Haswell, block a tall product other than a band)
        np.testing.assert_array_equal(out[364:728], np.matmul(a[364:728], b))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_matmul_t_rows_sums_bands_in_order(monkeypatch, dtype):
    monkeypatch.setattr(blas, "_CORE", ["skylakex"])
    rng = np.random.default_rng(3)
    a = rng.normal(size=(2000, 144)).astype(dtype)
    g = rng.normal(size=(2000, 16)).astype(dtype)
    got = blas.matmul_t_rows(a, g)
    assert got.shape == (144, 16) and got.dtype == dtype
    steps = [(i, min(i + 400, 2000)) for i in range(0, 2000, 400)]  # 5 bands of 400
    want = np.matmul(a[:400].T, g[:400])
    for i, j in steps[1:]:
        want += np.matmul(a[i:j].T, g[i:j])
    np.testing.assert_array_equal(got, want)  # the same sums, in band order
    ref = a.astype(np.float64).T @ g.astype(np.float64)
    tol = 1e-5 if dtype == "float32" else 1e-13
    np.testing.assert_allclose(got, ref, rtol=0, atol=tol * np.abs(ref).max())
    np.testing.assert_array_equal(blas.matmul_t_rows(a, g), got)  # the same bits again
