"""tf.train.ExponentialMovingAverage against TF 2.21 (values recorded from TF 2.21)."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras


def test_averages_move_as_tfs_with_num_updates_bit_for_bit():
    v = tf.Variable([1.0, 2.0], name="w")
    w2 = tf.Variable(5.0, dtype=tf.float64)
    step = tf.Variable(3, dtype=tf.int64)
    ema = tf.train.ExponentialMovingAverage(0.99, num_updates=step)
    ema.apply([v, w2])
    for _ in range(3):
        v.assign_add([0.37, -1.1])
        w2.assign_add(0.3)
        ema.apply([v, w2])
        step.assign_add(1)
    assert ema.average(v).numpy().view(np.uint32).tolist() == [1072843230, 3207040430]
    assert float(ema.average(w2).numpy()).hex() == "0x1.6e554bc5cf29bp+2"


def test_average_variables_names_and_first_values():
    tf.compat.v1.reset_default_graph()  # (TF counts the averages' names per default graph)
    v = tf.Variable([1.0, 2.0], name="w")
    ema = tf.train.ExponentialMovingAverage(decay=0.9)
    assert ema.apply([v]) is None
    avg = ema.average(v)
    assert avg.name == "w/ExponentialMovingAverage:0" and not avg.trainable
    assert ema.average_name(v) == "w/ExponentialMovingAverage"
    np.testing.assert_array_equal(avg.numpy(), [1.0, 2.0])
    v.assign([3.0, 4.0])
    ema.apply([v])
    np.testing.assert_allclose(avg.numpy(), [1.2, 2.2], rtol=1e-6)
    assert ema.variables_to_restore() == {"w/ExponentialMovingAverage": v}
    assert ema.average(tf.Variable(1.0)) is None
    assert tf.train.ExponentialMovingAverage(0.5, name="M").name == "M"


def test_average_names_are_unique_per_default_graph():
    # TF 2.21 makes each average in a variable scope of a unique name, counted on the
    # default graph (tf.functions share it; clear_session resets it, as it resets the
    # graph) and outside the name scopes; variables_to_restore() names the averages of
    # every variable an averager was applied to since
    keras.backend.clear_session()
    v = tf.Variable(1.0, name="w")

    def average_name(ema, var):
        ema.apply([var])
        return ema.average(var).name

    first, second = tf.train.ExponentialMovingAverage(0.9), tf.train.ExponentialMovingAverage(0.9)
    assert average_name(first, v) == "w/ExponentialMovingAverage:0"
    assert average_name(second, v) == "w/ExponentialMovingAverage_1:0"
    assert second.average_name(v) == "w/ExponentialMovingAverage_1"
    other = tf.train.ExponentialMovingAverage(0.9, name="foo")
    assert average_name(other, v) == "w/foo:0"
    x = tf.Variable(1.0, name="x")
    with tf.name_scope("outer"):
        assert average_name(other, x) == "x/foo:0"
    third = tf.train.ExponentialMovingAverage(0.9)

    @tf.function
    def apply():
        third.apply([v])

    apply()
    assert third.average(v).name == "w/ExponentialMovingAverage_2:0"
    assert sorted(second.variables_to_restore()) == [
        "w/ExponentialMovingAverage_1", "x/ExponentialMovingAverage"]
    keras.backend.clear_session()
    assert average_name(tf.train.ExponentialMovingAverage(0.9), v) == \
        "w/ExponentialMovingAverage:0"


def test_zero_debias_leaves_variable_averages_alone_and_tf_function_applies():
    v = tf.Variable(10.0)
    ema = tf.train.ExponentialMovingAverage(0.5, zero_debias=True)
    ema.apply([v])
    v.assign(20.0)
    ema.apply([v])
    assert float(ema.average(v)) == 15.0

    u = tf.Variable(1.0)
    ema2 = tf.train.ExponentialMovingAverage(0.5)

    @tf.function
    def step():
        ema2.apply([u])

    step()
    u.assign(3.0)
    step()
    assert float(ema2.average(u)) == 2.0


def test_bad_input_raises_tfs_errors():
    ema = tf.train.ExponentialMovingAverage(0.9)
    with pytest.raises(TypeError, match="The variables must be half, float, or double: "):
        ema.apply([tf.Variable([1, 2])])
    with pytest.raises(TypeError, match="does not support non-Variable tensors when eager "
                                        "execution is enabled"):
        ema.apply([tf.constant(1.0)])
    with pytest.raises(AttributeError, match="has no attribute 'ref'"):
        ema.average(3)
    ema.apply()  # nothing to average: no error, as in TF


def test_averages_and_v1_variable_scopes_share_their_counts():
    # TF 2.21: variable_scope(None, default_name=...) and the averages count in one store,
    # the default graph's (a tf.function's scopes too); reset_default_graph starts it anew
    def scope(name):
        with tf.compat.v1.variable_scope(None, default_name=name) as s:
            return s.name

    tf.compat.v1.reset_default_graph()
    assert [scope("s"), scope("s")] == ["s", "s_1"]
    tf.compat.v1.reset_default_graph()
    assert scope("s") == "s"
    assert tf.function(lambda: scope("s"))() == b"s_1"
    v = tf.Variable(1.0, name="w")
    assert scope("w/ExponentialMovingAverage") == "w/ExponentialMovingAverage"
    ema = tf.train.ExponentialMovingAverage(0.9)
    ema.apply([v])
    assert ema.average(v).name == "w/ExponentialMovingAverage_1:0"
