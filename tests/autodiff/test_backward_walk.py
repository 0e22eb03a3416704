"""The eager backward walk's shortcuts give what the walk in order gives: variable reads
handed to their variables after the walk (only where each variable's gradient is its one
read's), and a multi-output op's gradients passed on unchanged where every missing one may
stay None (others filled with zeros as before)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.autodiff import tape as tape_mod


def _unsplit(monkeypatch):
    monkeypatch.setattr(tape_mod, "_split_reads", lambda nodes, grads: (nodes, []))


def _values(gs):
    out = []
    for g in gs:
        if isinstance(g, tf.IndexedSlices):
            out.append(("slices", g.values.numpy(), g.indices.numpy()))
        else:
            out.append(None if g is None else g.numpy())
    return out


def _same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        if x is None or y is None:
            assert x is y
        elif isinstance(x, tuple):
            assert x[0] == y[0]
            np.testing.assert_array_equal(x[1], y[1])
            np.testing.assert_array_equal(x[2], y[2])
        else:
            np.testing.assert_array_equal(x, y)


def _read_once():
    v, w = tf.Variable([1.0, 2.0, 3.0]), tf.Variable([0.5, 0.25, 2.0])
    with tf.GradientTape() as t:
        y = tf.reduce_sum(v * w * v)
    return t.gradient(y, [v, w])


def _read_twice():  # (two reads of v: summed in the walk's order)
    v = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as t:
        a = v * 3.0
        y = tf.reduce_sum(a * v.read_value())
    return t.gradient(y, [v])


def _read_and_gathered():  # (a read and a gather of one variable: slices and dense)
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.gather(v, [2, 0, 2])) + tf.reduce_sum(v * v)
    return t.gradient(y, [v])


def _gathered_twice():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.gather(v, [2, 0])) * 2.0 + tf.reduce_sum(tf.gather(v, [1]))
    return t.gradient(y, [v])


def _variable_target():  # (a variable as the target: its own gradient, then its read's)
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape(persistent=True) as t:
        y = v * v
    return [t.gradient(v, v), t.gradient(y, v), t.gradient([y, v], v)]


def _unread_source():  # (a watched variable nothing reads, one read in another tape)
    v, u = tf.Variable([1.0, 2.0]), tf.Variable(3.0)
    with tf.GradientTape() as t:
        y = tf.reduce_sum(v * 2.0)
    return t.gradient(y, [v, u])


def _model_step():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4),
                                 tf.keras.layers.BatchNormalization(),
                                 tf.keras.layers.Dense(2)])
    model.set_weights([np.full(w.shape, 0.1 * (i + 1), "float32")
                       for i, w in enumerate(model.get_weights())])
    x = tf.constant(np.arange(12, dtype="float32").reshape(4, 3))
    with tf.GradientTape() as t:
        y = tf.reduce_sum(model(x, training=True) ** 2)
    return t.gradient(y, model.trainable_variables)


@pytest.mark.parametrize("case", [_read_once, _read_twice, _read_and_gathered,
                                  _gathered_twice, _variable_target, _unread_source,
                                  _model_step])
def test_reads_handed_on_after_the_walk_give_the_walks_gradients(case, monkeypatch):
    got = _values(case())
    _unsplit(monkeypatch)
    _same(got, _values(case()))


def test_split_reads_only_where_each_variable_has_one_read_and_no_other_term():
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape(persistent=True) as t:
        a = v * 2.0
        b = v * a
        g = tf.gather(v, [1])
    nodes = list(t._nodes)
    rest, reads = tape_mod._split_reads(nodes, {})
    assert reads == [] and rest == nodes  # (read twice and gathered)
    w = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t2:
        c = w * 3.0
    rest, reads = tape_mod._split_reads(list(t2._nodes), {})
    assert len(reads) == 1 and len(rest) == 1
    # a target's key among them: walked in order
    assert tape_mod._split_reads(list(t2._nodes), {id(w): c}) == (list(t2._nodes), [])
    del b, g


def test_a_registered_read_gradient_is_still_called(monkeypatch):
    from eagerflow._src.autodiff import gradient_registry
    calls = []

    def read_grad(op, g):
        calls.append(op)
        return [g * 10.0]

    monkeypatch.setitem(gradient_registry.USER_GRADIENTS, "ReadVariableOp", read_grad)
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        y = tf.reduce_sum(v * 2.0)
    np.testing.assert_allclose(t.gradient(y, v).numpy(), [20.0, 20.0])
    assert calls


def test_a_multi_output_ops_missing_gradients_filled_or_left_none():
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        a, b = tf.split(x, 2)  # (a missing output gradient: zeros)
        y, mean, var = tf.compat.v1.nn.fused_batch_norm(
            tf.reshape(x, (1, 2, 2, 1)), tf.ones((1,)), tf.zeros((1,)))[:3]
        z = tf.reduce_sum(y * y * tf.reshape(x, (1, 2, 2, 1)))
    np.testing.assert_array_equal(t.gradient(a, x).numpy(), [1.0, 1.0, 0.0, 0.0])
    np.testing.assert_array_equal(t.gradient([a, b], x).numpy(), [1.0, 1.0, 1.0, 1.0])
    g_y = t.gradient(y, x).numpy()  # (the statistics' missing gradients stay None)
    np.testing.assert_allclose(g_y, np.zeros(4), atol=1e-5)
    g_both = t.gradient([y, mean], x).numpy()  # (the mean's own gradient given)
    assert g_both.shape == (4,)
    np.testing.assert_array_equal(t.gradient(mean, x).numpy(), np.zeros(4))
    # (y's gradient through the statistics' None ones: d/dx of sum(y^2 x))
    xs = np.array([1.0, 2.0, 3.0, 4.0])
    eps = 1e-3
    sd = np.sqrt(xs.var() + eps)
    yv = (xs - xs.mean()) / sd
    dy = 2 * yv * xs
    want = (dy - dy.mean() - yv * (dy * yv).mean()) / sd + yv ** 2
    np.testing.assert_allclose(t.gradient(z, x).numpy(), want, rtol=1e-4, atol=1e-5)
