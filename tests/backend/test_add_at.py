"""backend.add_at: an unbuffered add (`xp.add.at`) of any dtype on a GPU. CuPy 14's atomic
add takes int32, int64, float16, float32, float64, uint32 and uint64 only (TypeError for
the others: the strict stand-in refuses them as CuPy does), so a complex number goes as its
two parts and a narrower integer in a 32-bit copy. Checked on the stand-in against the
host's np.add.at, directly and through the ops that scatter-add (segment sums, scatter_nd,
tensor_scatter_nd_add, a gather's gradient), which raised TypeError on a GPU for these
dtypes before. Under op determinism floats take no atomic add (whose order, and so whose
rounding, varies on a GPU): they are summed in a fixed order."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import strict

NARROW = ["int8", "int16", "uint8", "uint16", "complex64", "complex128"]
WIDE = ["int32", "int64", "uint32", "uint64", "float16", "float32", "float64"]


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


def _data(dtype, seed=0):
    rng = np.random.default_rng(seed)
    out = rng.integers(0, 100, size=(5, 3))
    vals = rng.integers(0, 120, size=(40, 3))  # (narrow integers wrap: 40 * 120 > 255)
    if np.dtype(dtype).kind == "c":
        out, vals = out + 2j * out, vals - 1j * vals[::-1]
    return out.astype(dtype), rng.integers(0, 5, size=40), vals.astype(dtype)


@pytest.mark.parametrize("dtype", NARROW + WIDE)
def test_add_at_on_the_device_is_the_hosts(dtype):
    out, at, vals = _data(dtype)
    want = out.copy()
    with np.errstate(over="ignore"):
        np.add.at(want, at, vals)
    xp = strict.xp
    got = xp.asarray(out)
    B.add_at(xp, got, xp.asarray(at), xp.asarray(vals))
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got.get(), want)


@pytest.mark.parametrize("dtype", NARROW)
def test_the_stand_in_refuses_what_cupys_atomic_add_refuses(dtype):
    xp = strict.xp
    out, at, vals = _data(dtype)
    with pytest.raises(TypeError, match="cupy.add.at only supports int32, int64, float16, "
                                        "float32, float64, uint32, uint64 as data type"):
        xp.add.at(xp.asarray(out), xp.asarray(at), xp.asarray(vals))
    with pytest.raises(NotImplementedError, match="cupy_multiply.at` is not supported yet"):
        xp.multiply.at(xp.asarray(out), xp.asarray(at), xp.asarray(vals))


@pytest.mark.parametrize("dtype", NARROW + ["float16", "int64"])
def test_ops_that_scatter_add_run_on_the_device_in_every_dtype(dtype):
    d = tf.as_dtype(dtype)
    x = np.arange(1, 7).reshape(3, 2).astype(dtype)
    upd = np.array([[1, 2], [3, 4], [5, 6]]).astype(dtype)
    calls = {
        "unsorted_segment_sum": lambda: tf.math.unsorted_segment_sum(x, [0, 0, 1], 2),
        "scatter_nd": lambda: tf.scatter_nd([[0], [0], [2]], upd, [3, 2]),
        "tensor_scatter_nd_add": lambda: tf.tensor_scatter_nd_add(x, [[1], [1], [0]], upd),
    }
    if d.is_floating or d.is_complex:
        def gather_grad():
            v = tf.Variable(x)
            with tf.GradientTape() as t:
                y = tf.reduce_sum(tf.gather(v, [0, 0, 2]))
            return tf.convert_to_tensor(t.gradient(y, v))
        calls["gather_grad"] = gather_grad
    for name, call in calls.items():
        got = call()
        with tf.device("CPU:0"):
            want = call()
        assert got.device.endswith("GPU:0") and isinstance(got._arr, strict.StrictArray), name
        assert got.dtype == want.dtype == d, name
        np.testing.assert_array_equal(got.numpy(), want.numpy(), err_msg=name)


# -- under op determinism: floats summed in a fixed order, no atomic add ----------------

FLOATS = ["float16", "float32", "float64", "complex64", "complex128", "bfloat16"]


@pytest.fixture
def deterministic(monkeypatch):
    """Op determinism on, and CuPy's atomic add refused: a float scatter-add that still
    reached it would add in a varying order on a GPU."""
    def atomic(*args):
        raise AssertionError("an atomic add under op determinism")

    monkeypatch.setattr(strict.xp.add, "at", atomic)
    tf.config.experimental.enable_op_determinism()


@pytest.mark.parametrize("dtype", FLOATS)
def test_float_adds_under_determinism_take_a_fixed_order(deterministic, dtype):
    if dtype == "bfloat16":
        dtype = pytest.importorskip("ml_dtypes").bfloat16
    out, at, vals = _data(dtype)
    at = at - 2  # (negative rows count from the end, as add.at takes them)
    wide = np.complex128 if np.dtype(dtype).kind == "c" else np.float64
    want = out.astype(wide)
    np.add.at(want, at, vals.astype(wide))
    xp = strict.xp
    runs = []
    for _ in range(2):
        got = xp.asarray(out)
        B.add_at(xp, got, xp.asarray(at), xp.asarray(vals))
        runs.append(got.get())
    assert runs[0].dtype == np.dtype(dtype)
    np.testing.assert_array_equal(runs[0], runs[1])
    tol = {2: 2e-2}.get(np.dtype(dtype).itemsize, 1e-6)
    np.testing.assert_allclose(runs[0].astype(wide), want, rtol=tol, atol=tol)


def test_index_tuples_broadcasting_scalars_and_views_under_determinism(deterministic):
    xp = strict.xp
    rows, cols = np.array([[0], [5], [-1]]), np.array([0, 1, 1, 3])  # (broadcast: 3 x 4)
    want = np.zeros((4, 6), np.float32)
    np.add.at(want.T, (rows, cols), 2.5)
    got = xp.zeros((4, 6), np.float32)
    B.add_at(xp, got.T, (xp.asarray(rows), xp.asarray(cols)), 2.5)  # (a view: written back)
    np.testing.assert_array_equal(got.get(), want)


def test_ops_that_scatter_add_floats_under_determinism(deterministic):
    x = np.arange(1, 7).reshape(3, 2).astype(np.float32) / 3
    upd = np.array([[1, 2], [3, 4], [5, 6]], np.float32) / 7

    def gather_grad():
        v = tf.Variable(x)
        with tf.GradientTape() as t:
            y = tf.reduce_sum(tf.gather(v, [0, 0, 2, 0]) * 1.5)
        return tf.convert_to_tensor(t.gradient(y, v))

    calls = {
        "unsorted_segment_sum": lambda: tf.math.unsorted_segment_sum(x, [0, 0, 1], 2),
        "scatter_nd": lambda: tf.scatter_nd([[0], [0], [2]], upd, [3, 2]),
        "tensor_scatter_nd_add": lambda: tf.tensor_scatter_nd_add(x, [[1], [1], [0]], upd),
        "gather_grad": gather_grad,
    }
    for name, call in calls.items():
        got = call()
        with tf.device("CPU:0"):
            want = call()
        assert got.device.endswith("GPU:0"), name
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6, err_msg=name)
