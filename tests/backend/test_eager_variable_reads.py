"""A deep model's variable reads under a tape and its batch norm training step in fewer
Python bytecodes (benchmarks/launches.py --resnet), and what must not change with them:
the column sums' products (backend.column_sums is sum_run's, or None where sum_run takes
none), what a tape watches, lists and records for each read (a read's Node made only by a
tape that records it), a Keras variable's reads and dtype in a stateless scope and under
autocast, and BatchNormalization's other paths."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import column_sums, strict_counts, sum_run
from eagerflow._src.core import device as D
from eagerflow._src.core.context import _state


@pytest.fixture
def gpu():
    with D.standin_gpus(1):
        yield


def _device_xp():
    with tf.device("/GPU:0"):
        return _state.xp


def _host(a):
    return a if type(a) is np.ndarray else a.get()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_column_sums_are_sum_runs_product_or_none(gpu, dtype):
    rng = np.random.default_rng(0)
    big = rng.normal(size=(1024, 16)).astype(dtype)
    for xp in (np, _device_xp()):
        x = xp.asarray(big)
        got, want = column_sums(xp, x), sum_run(xp, x, (0,), False)
        assert got is not None and got.shape == (16,)
        np.testing.assert_array_equal(_host(got), _host(want))
        # below sum_run's size, or a view that is not C-contiguous: none, as sum_run
        for small in (x[:4], x[:, ::2]):
            assert column_sums(xp, small) is None and sum_run(xp, small, (0,), False) is None


def test_a_large_device_step_sums_by_products_and_matches_the_cpu(gpu):
    x = np.random.default_rng(1).normal(size=(16, 8, 8, 8)).astype(np.float32) * 2 + 1
    got = []
    for device in ("/CPU:0", "/GPU:0"):
        with tf.device(device):
            layer = tf.keras.layers.BatchNormalization()
            xt = tf.constant(x)
            layer(xt, training=True)  # (built, its kernels made)
            with tf.GradientTape() as tape:
                tape.watch(xt)
                with strict_counts.count_launches() as n:
                    y = layer(xt, training=True)
                loss = tf.reduce_sum(y * tf.range(1.0, 9.0) * xt)
            grads = tape.gradient(loss, [xt, *layer.trainable_variables])
            got.append([t.numpy() for t in [y, *grads, layer.moving_mean,
                                             layer.moving_variance]])
    # the forward's two column sums are products; then its two kernels
    assert (n["matmul"], n["kernel"], n["total"]) == (2, 2, 4), dict(n)
    for g, w in zip(got[1], got[0]):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4 * np.abs(w).max())


def test_a_tape_lists_keras_variables_as_their_values_and_views_as_themselves():
    k = tf.keras.Variable(np.ones(3, np.float32))
    w = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        y = tf.reduce_sum(tf.convert_to_tensor(k) * 3.0)
        u = w.assign(5.0)  # (TF's UnreadVariable, which the tape watches as w)
        tape.watch(u)
        z = tf.convert_to_tensor(w) * 4.0
    listed = tape.watched_variables()
    assert listed[0] is k.value and listed[1] is w
    assert tape.watched_variables()[0] is listed[0]  # (the same view every time)
    np.testing.assert_array_equal(tape.gradient(y, k).numpy(), [3.0, 3.0, 3.0])
    assert tape.gradient(z, w).numpy() == 4.0
    with tf.GradientTape() as tape2:
        tape2.watch(k.value)
        tape2.watch(u)
    assert tape2.watched_variables() == (k.value, u)
    assert tape2.watched_variables()[1] is u


def test_a_read_is_recorded_only_by_the_tapes_that_watch_its_variable():
    k = tf.keras.Variable(1.0, trainable=False)
    v = tf.Variable(3.0)
    with tf.GradientTape() as quiet:
        tf.convert_to_tensor(k)
        tf.convert_to_tensor(v)
    with tf.GradientTape(watch_accessed_variables=False) as own:
        tf.convert_to_tensor(v)
    assert [n.op.name for n in quiet._nodes] == ["ReadVariableOp"]
    assert quiet.watched_variables() == (v,) and own._nodes == []
    # a Keras variable made trainable mid-tape is still not watched: the tf.Variable under
    # it keeps the flag it was made with (TF 2.21's tape watches none)
    with tf.GradientTape() as tape:
        tf.convert_to_tensor(k)
        assert tape.watched_variables() == () and tape._nodes == []
        k.trainable = True
        tf.convert_to_tensor(k)
    assert tape.watched_variables() == () and tape._nodes == []


def test_two_tapes_and_an_accumulator_each_see_a_read():
    v = tf.Variable(3.0)
    with tf.GradientTape() as outer, tf.GradientTape() as inner:
        with tf.autodiff.ForwardAccumulator(v, tf.constant(2.0)) as acc:
            y = tf.convert_to_tensor(v) * tf.convert_to_tensor(v)
    reads = [[n for n in t._nodes if n.op.name == "ReadVariableOp"] for t in (outer, inner)]
    assert [len(r) for r in reads] == [2, 2]
    assert all(n.inputs[0] is v for r in reads for n in r)
    assert [n.outputs for n in reads[0]] == [n.outputs for n in reads[1]]
    assert acc.jvp(y).numpy() == 12.0
    assert inner.gradient(y, v).numpy() == 6.0
    assert outer.gradient(y, v).numpy() == 6.0


def test_a_keras_variable_reads_its_scope_value_and_autocast_dtype():
    k = tf.keras.Variable(np.float32(2.0))
    with tf.keras.StatelessScope([(k, tf.constant(7.0))]):
        assert tf.convert_to_tensor(k).numpy() == 7.0
    assert tf.convert_to_tensor(k).numpy() == 2.0 and k.dtype == "float32"
    seen = []

    class Probe(tf.keras.layers.Layer):
        def build(self, shape):
            self.w = self.add_weight(shape=(), initializer="ones")

        def call(self, x):
            seen.append((self.w.dtype, tf.convert_to_tensor(self.w).dtype))
            return x * tf.convert_to_tensor(self.w)

    Probe(dtype="mixed_float16")(tf.ones((2,), tf.float16))
    assert seen == [("float16", tf.float16)]
    probe = Probe()
    probe(tf.ones((2,)))
    assert seen[-1] == ("float32", tf.float32) and probe.w.dtype == "float32"
    # (TF 2.21's words: a Keras variable converts through the tf.Variable it holds)
    with pytest.raises(ValueError, match=r"^Incompatible type conversion requested to type "
                                         r"float64 for `tf.Variable of type float32. \(Variable: "
                                         r"<tf.Variable 'variable(_\d+)?:0' shape=\(\) "
                                         r"dtype=float32, numpy=2.0>\)$"):
        tf.convert_to_tensor(k, dtype=tf.float64)


def test_batch_norm_paths_after_fused_steps_keep_their_answers(gpu):
    x = np.random.default_rng(2).normal(size=(4, 3, 5)).astype(np.float32)
    layer = tf.keras.layers.BatchNormalization()
    for _ in range(2):
        layer(tf.constant(x), training=True)
    moving = layer.moving_mean.numpy().copy()
    # inference after training steps: the moving statistics, unchanged by the call
    y = layer(tf.constant(x), training=False)
    want = (x - moving) / np.sqrt(layer.moving_variance.numpy() + 1e-3)
    np.testing.assert_allclose(y.numpy(), want, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(layer.moving_mean.numpy(), moving)
    # a frozen layer infers even in training
    layer.trainable = False
    np.testing.assert_array_equal(layer(tf.constant(x), training=True).numpy(), y.numpy())
    layer.trainable = True
    # a mask: the composite's weighted moments, and the statistics still move
    mask = tf.constant([[True, True, False]] * 4)
    layer(tf.constant(x), training=True, mask=mask)
    assert not np.array_equal(layer.moving_mean.numpy(), moving)
    # then a bad input is refused as before
    with pytest.raises(ValueError, match="expected axis 2 of input shape to have value 5"):
        layer(tf.ones((4, 3, 6)), training=True)
    # a layer over axis 1 keeps its broadcast composite
    other = tf.keras.layers.BatchNormalization(axis=1)
    out = other(tf.constant(x), training=True)
    xm = x.transpose(1, 0, 2).reshape(3, -1)
    want = ((x - xm.mean(1)[:, None]) / np.sqrt(xm.var(1)[:, None] + 1e-3))
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-4, atol=1e-4)
