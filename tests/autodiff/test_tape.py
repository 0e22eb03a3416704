"""tf.GradientTape: watching, persistence, nesting, structures, jacobians, stop_gradient."""

import logging

import numpy as np
import pytest

import eagerflow as tf


def test_watch_and_gradient():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    assert tape.gradient(y, x).numpy() == 6.0


def test_unwatched_tensor_gets_none():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        y = x * x
    assert tape.gradient(y, x) is None


def test_an_unwatched_source_read_by_a_recorded_op_gets_none():
    # (TF 2.21: a source gets a gradient only where the tape watched it or recorded the op
    # that made it; the target itself is its own gradient's source either way)
    x, w, v = tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]), tf.Variable([5.0, 6.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(w)
        z = x * 2.0  # not recorded: nothing it reads is watched
        y = tf.reduce_sum(z * w) + tf.reduce_sum(v * x)
    dx, dw, dz, dv = tape.gradient(y, [x, w, z, v])
    assert dx is None and dz is None
    assert dw.numpy().tolist() == [2.0, 4.0] and dv.numpy().tolist() == [1.0, 2.0]
    assert tape.gradient(x, x).numpy().tolist() == [1.0, 1.0]


def test_trainable_variables_are_watched_automatically():
    w, frozen = tf.Variable([[1.0]]), tf.Variable(2.0, trainable=False)
    with tf.GradientTape() as tape:
        loss = w * w + frozen * w
    assert tape.gradient(loss, w).numpy().tolist() == [[4.0]]
    assert [v.name for v in tape.watched_variables()] == ["Variable:0"]
    assert tape.watched_variables()[0] is w


def test_watch_accessed_variables_false():
    a, b = tf.Variable(2.0), tf.Variable(3.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(a)
        y = a * b
    da, db = tape.gradient(y, [a, b])
    assert da.numpy() == 3.0 and db is None
    assert tape.watched_variables() == (a,)


def test_non_persistent_tape_is_single_use():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x ** 3
    tape.gradient(y, x)
    with pytest.raises(RuntimeError, match="A non-persistent GradientTape can only be used to "
                                           "compute one set of gradients"):
        tape.gradient(y, x)


def test_persistent_tape_many_gradients():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * y
    assert tape.gradient(z, x).numpy() == 32.0
    assert tape.gradient(y, x).numpy() == 4.0
    del tape


def test_nested_tapes_give_higher_order_gradients():
    x = tf.Variable(1.5)
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = x * x * x
        dy = t1.gradient(y, x)
    d2y = t2.gradient(dy, x)
    assert dy.numpy() == pytest.approx(3 * 1.5 ** 2) and d2y.numpy() == pytest.approx(6 * 1.5)


def test_third_order_through_sin():
    x = tf.constant(0.3)
    with tf.GradientTape() as t3:
        t3.watch(x)
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = tf.sin(x)
            g1 = t1.gradient(y, x)
        g2 = t2.gradient(g1, x)
    g3 = t3.gradient(g2, x)
    assert g3.numpy() == pytest.approx(-np.cos(0.3), rel=1e-6)


def test_stop_recording_and_reset():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        with tape.stop_recording():
            hidden = x * x  # not recorded
        y = x * 5.0
        z = hidden * x
    assert tape.gradient(z, x).numpy() == 4.0  # hidden is a constant to the tape
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        tape.reset()
        tape.watch(x)
        y = x * 7.0
    assert tape.gradient(y, x).numpy() == 7.0
    with pytest.raises(RuntimeError, match="Trying to stop recording a tape which is not "
                                           "recording"):
        with tape.stop_recording():
            pass


def test_nested_structures_of_targets_and_sources():
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    with tf.GradientTape() as tape:
        out = {"p": a * b, "q": [a + b, b * b]}
    g = tape.gradient(out, {"x": a, "y": (b,)})
    assert set(g) == {"x", "y"} and isinstance(g["y"], tuple)
    assert g["x"].numpy() == 3.0  # d(ab + a + b + b^2)/da = b + 1
    assert g["y"][0].numpy() == 6.0  # a + 1 + 2b


def test_output_gradients_weight_the_targets():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    g = tape.gradient(y, x, output_gradients=tf.constant([10.0, 100.0]))
    assert g.numpy().tolist() == [20.0, 400.0]


def test_unconnected_gradients():
    x, z = tf.constant(1.0), tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, z])
        y = x * 2.0
    assert tape.gradient(y, z) is None
    zero = tape.gradient(y, z, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    assert zero.numpy().tolist() == [0.0, 0.0]
    assert tape.gradient(y, z, unconnected_gradients="zero").shape == (2,)


def test_integer_sources_get_no_gradient(caplog):
    i = tf.constant(3)
    with caplog.at_level(logging.WARNING):
        with tf.GradientTape() as tape:
            tape.watch(i)
            y = i * i
    assert "floating" in caplog.text
    assert tape.gradient(y, i) is None


def test_gradient_source_type_errors():
    with tf.GradientTape() as tape:
        pass
    # gradient reads each source's dtype, as TF's tape does (guide_gradients_errors records
    # TF's messages); watch refuses what is no tensor up front
    with pytest.raises(AttributeError, match="'float' object has no attribute 'dtype'"):
        tape.gradient(tf.constant(1.0), [1.0])
    with pytest.raises(ValueError, match="not tf.Tensor or tf.Variable"):
        tape.watch("x")


def test_stop_gradient():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * tf.stop_gradient(x)
    assert tape.gradient(y, x).numpy() == 3.0


def test_jacobian_and_batch_jacobian():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    j = tape.jacobian(y, x)
    assert j.shape == (2, 2, 2, 2)
    want = np.zeros((2, 2, 2, 2))
    for i in range(2):
        for k in range(2):
            want[i, k, i, k] = 2 * x.numpy()[i, k]
    np.testing.assert_allclose(j.numpy(), want)
    bj = tape.batch_jacobian(y, x)
    assert bj.shape == (2, 2, 2)
    np.testing.assert_allclose(bj.numpy(), [[[2, 0], [0, 4]], [[6, 0], [0, 8]]])
    w = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(w * w)
    assert tape.jacobian(s, w).numpy().tolist() == [2.0, 4.0, 6.0]
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * 2.0
    unconnected = tape.jacobian(y, [x, tf.constant(1.0)],
                                unconnected_gradients=tf.UnconnectedGradients.ZERO)
    assert unconnected[1].shape == (2, 2)


def test_tape_records_only_what_depends_on_sources():
    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        unrelated = tf.constant(5.0) * 2.0
        y = x * unrelated
    assert tape.gradient(y, x).numpy() == 10.0
    assert len(tape._nodes) == 0  # the non-persistent tape forgot its record after use


def test_training_loop_converges():
    rng = np.random.default_rng(0)
    xs = rng.normal(size=(64,)).astype(np.float32)
    ys = 3.0 * xs + 2.0
    w, b = tf.Variable(0.0), tf.Variable(0.0)
    for _ in range(200):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(w * xs + b - ys))
        dw, db = tape.gradient(loss, [w, b])
        w.assign_sub(0.1 * dw)
        b.assign_sub(0.1 * db)
    assert w.numpy() == pytest.approx(3.0, abs=1e-3) and b.numpy() == pytest.approx(2.0, abs=1e-3)


def test_an_assignments_result_is_its_variable_as_a_source():
    # TF 2.21: v.assign(...) returns an _UnreadVariable on v's handle; a tape differentiates
    # with respect to it as to v (gradient, watch, jacobian), listing it as 'UnreadVariable'
    v = tf.Variable([1.0, 2.0], name="v")
    with tf.GradientTape() as t:
        r = v.assign([3.0, 4.0])
        loss = tf.reduce_sum(r * r)
    np.testing.assert_array_equal(t.gradient(loss, r).numpy(), [6.0, 8.0])
    with tf.GradientTape() as t:
        loss = tf.reduce_sum(v * 2.0)
    assert t.gradient(loss, v.assign_sub([0.0, 0.0])).numpy().tolist() == [2.0, 2.0]
    with tf.GradientTape(watch_accessed_variables=False) as t:
        r = v.assign([3.0, 4.0])
        t.watch(r)
        loss = tf.reduce_sum(v * v)
    assert [w.name for w in t.watched_variables()] == ["UnreadVariable"]
    grads = t.gradient(loss, [r, v])
    assert [g.numpy().tolist() for g in grads] == [[6.0, 8.0], [6.0, 8.0]]
    with tf.GradientTape(persistent=True) as t:
        r = v.assign([1.0, 2.0]).assign_add([1.0, 1.0])
        y = v * v
    np.testing.assert_array_equal(t.jacobian(y, r).numpy(), [[4.0, 0.0], [0.0, 6.0]])

    # an assignment made before the tape: its reads are not watched (TF marks a variable
    # accessed when it is assigned, not when its _UnreadVariable is read)
    u = v.assign([3.0, 4.0])
    c = tf.constant([2.0, 2.0])
    with tf.GradientTape() as t:
        y = tf.reduce_sum(u * c)
    assert t.watched_variables() == () and t.gradient(y, [u, v]) == [None, None]
    with tf.GradientTape() as t:
        y = tf.reduce_sum(u * c) + tf.reduce_sum(v)  # (v watched after u's read)
    assert [g.numpy().tolist() for g in t.gradient(y, [u, v])] == [[1.0, 1.0], [1.0, 1.0]]

    @tf.function
    def traced():
        with tf.GradientTape() as t:
            r = v.assign([1.0, 2.0])
            loss = tf.reduce_sum(r * 3.0)
        return t.gradient(loss, r)

    assert traced().numpy().tolist() == [3.0, 3.0]
