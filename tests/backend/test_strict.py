"""The strict stand-in backend: NumPy's results, CuPy's refusals, CuPy's namespace."""

import numpy as np
import pytest

from eagerflow._src.backend import strict, strict_streams

xp = strict.xp


def _s(a):
    return xp.asarray(np.asarray(a))


def test_operators_match_numpy():
    a, b = np.array([[1.0, -2.0], [3.0, 0.5]]), np.array([2.0, 4.0])
    sa, sb = _s(a), _s(b)
    for got, want in [(sa + sb, a + b), (sa - 1, a - 1), (2 * sa, 2 * a), (sa / sb, a / b),
                      (sa ** 2, a ** 2), (-sa, -a), (abs(sa), abs(a)), (sa @ sa, a @ a),
                      (sa > sb, a > b), (~(sa > 0), ~(a > 0)), (sa[:, 1], a[:, 1]),
                      (sa.T, a.T), (sa.sum(axis=0), a.sum(axis=0))]:
        assert type(got) is strict.StrictArray
        np.testing.assert_array_equal(got.get(), want)
    c = sa.copy()
    c += 1  # in place: the same array
    c[0, 0] = 10.0
    np.testing.assert_array_equal(c.get(), [[10.0, -1.0], [4.0, 1.5]])
    np.testing.assert_array_equal(sa.get(), a)  # the copy was a copy
    assert type(sa.sum()) is strict.StrictArray and sa.sum().shape == ()  # 0-d, not a scalar
    assert float(sa.sum()) == 2.5 and int(_s(3)) == 3 and bool(_s(True))
    z = xp.empty((2,), np.complex64)
    z.real, z.imag = xp.ones(2, np.float32), _s(np.array([2.0, 3.0], np.float32))
    np.testing.assert_array_equal(z.get(), [1 + 2j, 1 + 3j])


def test_refusals_are_cupys():
    a = _s([1.0, 2.0])
    with pytest.raises(TypeError, match="Implicit conversion to a NumPy array is not allowed"):
        np.asarray(a)
    with pytest.raises(TypeError):
        np.add(a, 1.0)
    with pytest.raises(TypeError):
        np.concatenate([a, a])
    with pytest.raises(TypeError):
        np.ones(2) + a
    with pytest.raises(TypeError, match="Unsupported type"):
        xp.add(a, np.ones(2))
    with pytest.raises(TypeError, match="Unsupported type"):
        a[np.array([0])]
    with pytest.raises(ValueError, match="ambiguous"):
        bool(a)
    for bad in (np.array(["s"]), np.array([b"s"]), np.array([object()])):
        with pytest.raises(TypeError, match="Unsupported dtype"):
            xp.asarray(bad)
    with pytest.raises(AttributeError, match="CuPy has none"):
        xp.errstate  # noqa: B018
    with pytest.raises(AttributeError, match="CuPy's ndarray has none"):
        a.resize  # noqa: B018


def test_namespaces_are_a_part_of_cupys():
    cupy = pytest.importorskip("cupy")
    assert {n for n in strict.FUNCTIONS if not hasattr(cupy, n)} == set()
    assert {n for n in strict.LINALG if not hasattr(cupy.linalg, n)} == set()
    assert {n for n in strict.FFT if not hasattr(cupy.fft, n)} == set()
    assert {n for n in strict.METHODS if not hasattr(cupy.ndarray, n)} == set()
    special = pytest.importorskip("cupyx.scipy.special")
    assert {n for n in strict.SPECIAL if not hasattr(special, n)} == set()


def test_arrays_live_on_one_device():
    backend = strict.BACKEND
    saved = strict_streams._CURRENT.device
    try:
        a = backend.to_device(np.arange(3.0), 1)
        assert a.device == 1 and backend.holds(a, 1) and not backend.holds(a, 0)
        backend.activate(1)
        b = a * 2  # results of an array's methods and operators stay on its device
        assert b.device == 1 and xp.exp(a).device == 1
        backend.activate(0)
        with pytest.raises(ValueError, match="different from the current device"):
            xp.exp(a)
        c = backend.to_device(a, 0)
        assert c.device == 0 and c is not a
        with pytest.raises(TypeError, match="returned a NumPy array"):
            backend.result(np.ones(2), 0)
        assert backend.result(3.0, 0).device == 0
    finally:
        strict_streams._CURRENT.device = saved


def test_transfers_are_counted_where_cupy_makes_them():
    a = _s([1.0, 2.0])  # host -> device
    with strict_streams.count_transfers() as n:
        b = a * 2.0 + xp.ones(2)  # device work, a scalar argument: no copy
        assert float(b.sum()) == 8.0  # a read: device -> host
        b.get()
        xp.asarray(np.zeros(3))
        strict.BACKEND.to_device(np.zeros(1), 0)
        strict.BACKEND.to_device(b, 1)  # between devices: neither
    assert (n["to_host"], n["to_device"]) == (2, 2)


def test_linalg_vectors_follow_their_own_sign_convention():
    # cuSOLVER's eigen- and singular vectors differ from LAPACK's by signs: the stand-in's
    # too (every other one flipped), while still decomposing the matrix
    a = np.random.default_rng(0).normal(size=(4, 3))
    u, s, vh = xp.linalg.svd(_s(a), full_matrices=False)
    nu = np.linalg.svd(a, full_matrices=False)[0]
    np.testing.assert_allclose(((u * s) @ vh).get(), a, atol=1e-12)
    np.testing.assert_allclose(u.get()[:, 1::2], -nu[:, 1::2])
    w, v = xp.linalg.eigh(_s(a.T @ a))
    np.testing.assert_allclose(((v * w) @ v.T).get(), a.T @ a, atol=1e-12)
    np.testing.assert_allclose(v.get()[:, 1::2], -np.linalg.eigh(a.T @ a)[1][:, 1::2])


def test_warnings_inside_library_functions_reach_the_caller():
    # NumPy warns when a Python number does not fit a float16 array; inside CuPy's Python
    # functions (cupy.where) that warning comes from CuPy's module, so eagerflow's filter
    # of its own RuntimeWarnings does not hide it
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"eagerflow\.")
        warnings.filterwarnings("error", category=RuntimeWarning)
        with pytest.raises(RuntimeWarning, match="overflow"):
            xp.where(_s(np.ones(2, np.float16)) > 0, _s(np.ones(2, np.float16)), -2.0**31)


def test_reductions_raise_no_floating_point_warnings():
    # a reduction's kernel runs on the device, which sets no floating-point flags: CuPy's
    # mean of inf and -inf is a quiet NaN whatever NumPy's error state says
    import warnings

    a = _s(np.array([[np.inf, 1.0], [-np.inf, 1.0]], np.float32))
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.filterwarnings("error", category=RuntimeWarning)
        got = xp.mean(a, axis=0).get()
        assert np.isnan(got[0]) and got[1] == 1.0
        assert np.isnan(xp.sum(a).get())


def test_library_warnings_are_thread_safe():
    # each thread's warning reaches that thread's caller; nobody's filters change
    import threading
    import warnings

    filters = list(warnings.filters)
    got = []

    def work():
        with np.errstate(over="warn"):
            try:
                xp.clip(_s(np.ones(2, np.float16)), -2.0**31, 2.0**31)
                got.append(None)
            except RuntimeWarning as w:
                got.append(str(w))

    with warnings.catch_warnings():
        warnings.filterwarnings("error", category=RuntimeWarning)
        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert got == ["overflow encountered in clip"] * 8
    assert warnings.filters == filters
    with np.errstate(over="ignore"):  # the caller's own state still decides
        xp.clip(_s(np.ones(2, np.float16)), -2.0**31, 2.0**31)


def test_an_array_converted_to_itself_is_itself_as_cupys():
    # CuPy's a.astype(a.dtype, copy=False) and cupy.asarray(a) return `a`; a second
    # stand-in array over the same memory hid it from reference counts, and a variable
    # assigned another's value shared its buffer, which an in-place update then changed
    # (Keras's SwapEMAWeights zeroed the weights on the stand-in GPU)
    import eagerflow as tf
    from eagerflow._src.core import device

    a = _s([1.0, 2.0])
    assert a.astype(a.dtype, copy=False) is a and xp.asarray(a) is a
    assert a.astype(np.float32, copy=False) is not a
    with device.standin_gpus(1):
        v, w = tf.Variable([1.0, 2.0]), tf.Variable([10.0, 20.0])
        v.assign(w)
        w.assign_add([1.0, 1.0])
        assert v.device.endswith("GPU:0")
        np.testing.assert_array_equal(v.numpy(), [10.0, 20.0])
        np.testing.assert_array_equal(w.numpy(), [11.0, 21.0])
