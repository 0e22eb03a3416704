"""The strict stand-in's emulation of CuPy's CUDA graph capture (cupy.cuda.Stream's
begin_capture/end_capture, cupy.cuda.Graph.launch): work launched on a capturing stream
is recorded, not seen to run, and replayed into the same arrays by each launch; what
CuPy 14 refuses while capturing raises CuPy's exception and message (read from CuPy's
source: cupy/cuda/stream.pyx, cupy/cuda/memory.pyx, cupy_backends/cuda/libs/*.pyx)."""

import numpy as np
import pytest

from eagerflow._src.backend import strict as S
from eagerflow._src.backend import strict_streams

xp, B = S.xp, S.BACKEND


def _dev(values, dtype=np.float64):
    return xp.asarray(np.asarray(values, dtype=dtype))


def test_launch_replays_the_captured_work_into_the_same_arrays():
    x, w = _dev([0.0, 1.0, 2.0, 3.0]), _dev([1.0, 1.0, 1.0, 1.0])

    def run():
        y = xp.exp(x) * 2.0 + w
        y[0] = 7.0
        return y.sum(), y

    graph, (total, y), _ = B.capture(run)
    assert np.isnan(y._a).all() and np.isnan(total._a)  # nothing ran while capturing
    for values in ([0.0, 1.0, 2.0, 3.0], [0.0, 0.0, 0.0, 0.0], [1.0, -1.0, 0.5, 2.0]):
        x[...] = _dev(values)
        graph.launch()
        want = np.exp(values) * 2.0 + 1.0
        want[0] = 7.0
        np.testing.assert_allclose(y.get(), want)
        np.testing.assert_allclose(total.get(), want.sum())


def test_writes_to_arrays_made_before_the_capture_show_only_when_launched():
    acc, step = _dev([1.0, 2.0]), _dev([10.0, 10.0])

    def run():
        acc[...] += step
        xp.copyto(step, step * 2.0)

    graph, _, _ = B.capture(run)
    assert acc.get().tolist() == [1.0, 2.0] and step.get().tolist() == [10.0, 10.0]
    graph.launch()
    graph.launch()
    assert acc.get().tolist() == [31.0, 32.0] and step.get().tolist() == [40.0, 40.0]


def test_what_cupy_refuses_while_capturing():
    f, i = _dev([[1.0, 2.0], [3.0, 4.0]]), _dev([[1, 2], [3, 4]], np.int64)
    cublas = "calling cuBLAS API during stream capture is currently unsupported"
    for run in (lambda: xp.matmul(f, f), lambda: f @ f, lambda: xp.einsum("ij,jk", f, f),
                lambda: xp.dot(f, f)):
        with pytest.raises(NotImplementedError, match=cublas):
            B.capture(run)
    with pytest.raises(NotImplementedError, match="calling cuSOLVER API during stream"):
        B.capture(lambda: xp.linalg.inv(f))
    with pytest.raises(NotImplementedError, match="calling cuSOLVER API during stream"):
        B.capture(lambda: xp.linalg.svd(f))
    with pytest.raises(NotImplementedError, match="calling cuRAND API during stream"):
        B.capture(lambda: xp.random.uniform(size=3))
    d2h = "the current stream is capturing, so D2H transfers are disallowed"
    for run in (lambda: float(f.sum()), lambda: f.get(), lambda: bool(f[0, 0] > 0),
                lambda: f[f > 2.0], lambda: xp.nonzero(f)):
        with pytest.raises(RuntimeError, match=d2h):
            B.capture(run)
    with pytest.raises(RuntimeError, match="so H2D transfers are disallowed"):
        B.capture(lambda: xp.asarray(np.ones(2)))
    # integer products are CuPy's own kernels, and norm no library call: both captured
    graph, (prod, norm), _ = B.capture(lambda: (xp.matmul(i, i), xp.linalg.norm(f)))
    graph.launch()
    assert prod.get().tolist() == [[7, 10], [15, 22]]
    np.testing.assert_allclose(norm.get(), np.sqrt(30.0))
    assert not strict_streams._CURRENT.stream.is_capturing()  # every refused capture was ended


def test_streams_and_graphs_as_cupy_has_them():
    with pytest.raises(RuntimeError, match=r"cannot capture on the default \(legacy\) stream"):
        strict_streams.Stream(null=True).begin_capture()
    with pytest.raises(NotImplementedError, match="must be created via stream capture"):
        strict_streams.Graph()
    x = _dev([1.0, 4.0])
    s = strict_streams.Stream(non_blocking=True)
    s.begin_capture()
    y = xp.sqrt(x)  # launched on the null stream: not captured, run now
    with s:
        assert strict_streams._CURRENT.stream is s and s.is_capturing()
        z = xp.sqrt(x)  # launched on the capturing stream: recorded
        graph = s.end_capture()
    assert not s.is_capturing() and strict_streams._CURRENT.stream is strict_streams.NULL_STREAM
    assert y.get().tolist() == [1.0, 2.0] and np.isnan(z._a).all()
    graph.launch()
    assert z.get().tolist() == [1.0, 2.0]


def test_the_emulated_api_is_a_part_of_cupys():
    cupy = pytest.importorskip("cupy")
    for name in ("begin_capture", "end_capture", "is_capturing", "synchronize", "use",
                 "__enter__", "__exit__"):
        assert hasattr(cupy.cuda.Stream, name) and hasattr(strict_streams.Stream, name), name
    for name in ("launch", "upload"):
        assert hasattr(cupy.cuda.Graph, name) and hasattr(strict_streams.Graph, name), name
    assert callable(cupy.cuda.using_allocator) and callable(cupy.cuda.MemoryPool)
