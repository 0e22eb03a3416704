"""bfloat16 on a GPU. CuPy 14 holds bfloat16 where ml_dtypes is installed (earlier CuPy
does not): its data then lives on the GPU and its ops run there, as TF's GPU kernels do;
without it, bfloat16 data lives on the host and its ops run on CPU:0 by soft placement.
The strict stand-in poses as CuPy 14 with ml_dtypes, refusing what it refuses. The
registry's ops are swept in test_standin_bfloat16.py; these are the stand-in's rules and
what a user relies on: placement, gradients, tf.function, Keras's mixed_bfloat16, random
draws and checkpoints (on CuPy's GPU:0 under EAGERFLOW_REGISTRY_ON=gpu: conftest.py)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import strict
from eagerflow._src.core import device as D

ml_dtypes = pytest.importorskip("ml_dtypes")
BF16 = np.dtype(ml_dtypes.bfloat16)
GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
xp = strict.xp


def _bf16(a):
    return np.asarray(a, np.float32).astype(BF16)


# -- the stand-in's rules, as CuPy 14's -------------------------------------------------------

def test_the_stand_in_holds_bfloat16_and_no_other_ml_dtypes_type():
    a = xp.asarray(_bf16([1.5, 2.0]))
    assert a.dtype == BF16 and strict.BACKEND.holds_bfloat16
    with pytest.raises(TypeError, match="Unsupported dtype"):
        xp.asarray(np.zeros(2, ml_dtypes.float8_e4m3fn))
    assert (a * BF16.type(2.0)).dtype == BF16  # (a bfloat16 scalar is an operand)


def test_ufuncs_without_a_bfloat16_loop_cast_it_or_refuse_it():
    """As CuPy 14.2 did on an H200: a ufunc takes its first loop the operands cast to."""
    a = xp.asarray(_bf16([1.0, -2.0]))
    assert xp.exp(a).dtype == BF16 and xp.maximum(a, a).dtype == BF16
    assert xp.logical_not(a).dtype == np.bool_ and xp.logical_xor(a, a).dtype == np.bool_
    assert [q.dtype for q in xp.divmod(a, a)] == [np.float32, np.float32]
    assert xp.float_power(a, a).dtype == np.float64
    with pytest.raises(TypeError, match=r"Wrong type .* of arguments for cupy_bitwise_and"):
        xp.bitwise_and(a, a)
    with pytest.raises(TypeError, match="cupy_erf"):
        strict.BACKEND.special().erf(a)
    with pytest.raises(TypeError, match="cupy.add.at only supports"):
        xp.add.at(xp.zeros(2, BF16), xp.asarray(np.array([0, 1])), a)


def test_sums_accumulate_in_float32_and_sorts_refuse():
    a = xp.asarray(_bf16(np.full(1000, 1.01)))
    # NumPy adds bfloat16 in bfloat16 (stalling at 512); CuPy in float32, rounded once
    assert float(a.get().sum()) == 512.0
    assert a.sum().dtype == BF16 and float(a.sum().get()) == 1008.0
    assert float(xp.mean(a).get()) == pytest.approx(1.0078, abs=4e-3)
    with pytest.raises(NotImplementedError, match="Sorting arrays with dtype 'bfloat16'"):
        xp.sort(a)
    with pytest.raises(NotImplementedError, match="Sorting arrays"):
        xp.argsort(a)


def test_a_product_of_bfloat16_is_bfloat16_added_in_float32():
    """CuPy 14.2 refuses a batch of bfloat16 products (the type char "E"); the device's
    array module (backend/cupy_gaps.py) and the backend's products give cuBLAS's answer."""
    a = _bf16(np.random.default_rng(0).normal(size=(3, 40, 5)))
    want = (a.astype(np.float32) @ a.astype(np.float32).swapaxes(1, 2)).astype(BF16)
    with pytest.raises(TypeError, match="data type 'E' not understood"):
        xp.matmul(xp.asarray(a), xp.asarray(a).swapaxes(1, 2))
    filled = strict.BACKEND.xp
    one = xp.matmul(xp.asarray(a[0]), xp.asarray(a[0]).T)  # (a matrix: CuPy's own product)
    assert one.dtype == BF16
    np.testing.assert_array_equal(one.get().astype(np.float32), want[0].astype(np.float32))
    for got in (filled.matmul(xp.asarray(a), xp.asarray(a).swapaxes(1, 2)),
                B.matmul(filled, xp.asarray(a), xp.asarray(a).swapaxes(1, 2))):
        assert got.dtype == BF16
        np.testing.assert_array_equal(got.get().astype(np.float32), want.astype(np.float32))


def test_add_at_adds_bfloat16_in_float32():
    out, at = _bf16([1.0, 2.0]), np.repeat([0, 1], 300)
    vals = _bf16(np.full(600, 1.01))
    got = xp.asarray(out)
    B.add_at(xp, got, xp.asarray(at), xp.asarray(vals))
    want = out.astype(np.float32)
    np.add.at(want, at, vals.astype(np.float32))
    assert got.dtype == BF16
    np.testing.assert_array_equal(got.get(), want.astype(BF16))


# -- placement --------------------------------------------------------------------------------

def test_bfloat16_lives_and_runs_on_the_gpu_that_holds_it(gpu_scope):
    with gpu_scope():
        x = tf.constant([1.0, 2.0], tf.bfloat16)
        y = tf.nn.relu(x * 2.0) + tf.cast(tf.constant([1.0, 1.0]), tf.bfloat16)
        v = tf.Variable(x)
        assert x.device == y.device == v.device == GPU0
        assert type(y._arr) is not np.ndarray and y.dtype == tf.bfloat16
        np.testing.assert_array_equal(y.numpy().astype(np.float32), [3.0, 5.0])


def test_without_bfloat16_on_the_gpu_it_runs_on_the_cpu(monkeypatch):
    monkeypatch.setattr(strict.StrictBackend, "holds_bfloat16", False)  # (CuPy 13)
    with D.standin_gpus(1):
        x = tf.constant([1.0, 2.0], tf.bfloat16)
        f = tf.constant([1.0, 2.0])
        y = x * tf.cast(f, tf.bfloat16)
        assert f.device == GPU0 and x.device == y.device == CPU0
        np.testing.assert_array_equal(y.numpy().astype(np.float32), [1.0, 4.0])
    monkeypatch.undo()
    with D.standin_gpus(1):  # (the next GPUs' backend decides anew)
        assert tf.constant([1.0], tf.bfloat16).device == GPU0


def test_an_op_tf_has_no_bfloat16_kernel_for_raises_tfs_error_on_the_gpu(gpu_scope):
    with gpu_scope():
        x = tf.constant([0.5], tf.bfloat16)
        with pytest.raises(tf.errors.NotFoundError, match="Erfinv"):
            tf.math.erfinv(x)
        assert tf.math.erf(x).device == GPU0  # (computed in float32 there)


# -- gradients, tf.function, Keras ------------------------------------------------------------

def _model_step(x, w, k):
    with tf.GradientTape() as tape:
        tape.watch([w, k])
        h = tf.nn.relu(tf.nn.conv2d(x, k, 1, "SAME"))
        y = tf.matmul(tf.reshape(h, [2, -1]), w)
        loss = tf.reduce_sum(tf.nn.softmax(y) * y)
    return loss, tape.gradient(loss, [w, k])


def _inputs():
    rng = np.random.default_rng(3)
    return (tf.constant(_bf16(rng.normal(size=(2, 5, 5, 2)))),
            tf.constant(_bf16(rng.normal(size=(5 * 5 * 3, 4)) * 0.3)),
            tf.constant(_bf16(rng.normal(size=(3, 3, 2, 3)) * 0.5)))


def _close(got, want):
    g = np.asarray(got.numpy(), np.float32)
    w = np.asarray(want.numpy(), np.float32)
    np.testing.assert_allclose(g, w, rtol=2 ** -6, atol=2 ** -6 * max(1.0, np.abs(w).max()))


def test_gradients_in_bfloat16_on_the_gpu_are_the_cpus(gpu_scope):
    with tf.device("/CPU:0"):
        want = _model_step(*_inputs())
    with gpu_scope():
        loss, grads = _model_step(*_inputs())
        assert loss.device == GPU0 and all(g.device == GPU0 for g in grads)
        assert loss.dtype == tf.bfloat16 and all(g.dtype == tf.bfloat16 for g in grads)
    _close(loss, want[0])
    for g, w in zip(grads, want[1]):
        _close(g, w)


def test_a_traced_bfloat16_step_on_the_gpu_gives_the_eager_results(gpu_scope):
    with gpu_scope():
        args = _inputs()
        eager = _model_step(*args)
        traced = tf.function(_model_step)(*args)
        assert traced[0].device == GPU0
        np.testing.assert_array_equal(traced[0].numpy(), eager[0].numpy())
        for g, w in zip(traced[1], eager[1]):
            np.testing.assert_array_equal(g.numpy(), w.numpy())


def _fit(place):
    tf.keras.utils.set_random_seed(1)
    tf.keras.mixed_precision.set_global_policy("mixed_bfloat16")
    try:
        with place():
            m = tf.keras.Sequential([
                tf.keras.Input((8, 8, 1)), tf.keras.layers.Conv2D(4, 3, activation="relu"),
                tf.keras.layers.GlobalAveragePooling2D(), tf.keras.layers.Dense(3)])
            m.compile(optimizer="adam",
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
            rng = np.random.default_rng(0)
            x = rng.normal(size=(32, 8, 8, 1)).astype("float32")
            y = rng.integers(0, 3, 32)
            history = m.fit(x, y, batch_size=8, epochs=2, verbose=0)
            return history.history["loss"], m.weights, m(x[:2])
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")


def test_keras_trains_in_mixed_bfloat16_on_the_gpu(gpu_scope):
    want_loss, want_w, _ = _fit(lambda: tf.device("/CPU:0"))
    loss, weights, out = _fit(gpu_scope)
    assert out.dtype == tf.bfloat16 and out.device == GPU0
    assert all(w.device == GPU0 and w.dtype == tf.float32 for w in weights)
    np.testing.assert_allclose(loss, want_loss, rtol=2e-3)
    for w, v in zip(weights, want_w):
        np.testing.assert_allclose(w.numpy(), v.numpy(), atol=2e-2)


def test_a_traced_op_without_a_bfloat16_kernel_raises_tfs_error_on_the_gpu(gpu_scope):
    with gpu_scope():
        x = tf.constant([0.5], tf.bfloat16)
        with pytest.raises(tf.errors.NotFoundError, match="Erfinv"):
            tf.function(tf.math.erfinv)(x)


RANDOM = {
    "stateless_uniform": lambda: tf.random.stateless_uniform((64,), [1, 2], dtype=tf.bfloat16),
    "stateless_normal": lambda: tf.random.stateless_normal((64,), [1, 2], dtype=tf.bfloat16),
    "stateless_truncated_normal": lambda: tf.random.stateless_truncated_normal(
        (64,), [1, 2], dtype=tf.bfloat16),
    "uniform": lambda: tf.random.uniform((64,), dtype=tf.bfloat16),
    "generator": lambda: tf.random.Generator.from_seed(5).normal((64,), dtype=tf.bfloat16),
    "glorot": lambda: tf.keras.initializers.GlorotUniform(seed=1)((8, 8), dtype="bfloat16"),
    "dropout": lambda: tf.nn.dropout(tf.ones((64,), tf.bfloat16), 0.5, seed=4),
}


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_bfloat16_draws_on_the_gpu_are_the_cpus(name, gpu_scope):
    with tf.device("/CPU:0"):
        tf.random.set_seed(3)  # (each device's stateful kernels start their streams anew)
        want = RANDOM[name]()
    with gpu_scope():
        tf.random.set_seed(3)
        got = RANDOM[name]()
    assert got.device == GPU0 and got.dtype == tf.bfloat16
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_a_checkpoint_of_bfloat16_gpu_variables_restores_on_the_cpu(tmp_path, gpu_scope):
    with gpu_scope():
        v = tf.Variable(tf.constant([1.5, -2.25], tf.bfloat16))
        assert v.device == GPU0
        path = tf.train.Checkpoint(v=v).save(str(tmp_path / "ck"))
    with tf.device("/CPU:0"):
        w = tf.Variable(tf.zeros([2], tf.bfloat16))
        tf.train.Checkpoint(v=w).restore(path).assert_consumed()
        assert w.device == CPU0
    np.testing.assert_array_equal(w.numpy().astype(np.float32), [1.5, -2.25])
    with gpu_scope():  # and back onto a GPU
        u = tf.Variable(tf.zeros([2], tf.bfloat16))
        tf.train.Checkpoint(v=u).restore(path)
        assert u.device == GPU0 and type(u._arr) is not np.ndarray
        np.testing.assert_array_equal(u.numpy().astype(np.float32), [1.5, -2.25])
