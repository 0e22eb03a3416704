"""BatchNormalization's moving statistics under MirroredStrategy as TF 2.21's Keras 3: their
aggregation is 'none', so each replica updates its own copy in fit (the copies part ways)
and a checkpoint or a cross-replica read sees the first replica's; evaluate and predict run
on every replica, each reading its own copy. Values recorded from TF 2.21 (two logical
CPUs, the program below)."""

import numpy as np
import pytest

import eagerflow as tf

# TF 2.21 (to 5 places): each replica's moving_mean after two steps of two replicas (momentum
# 0.99), their moving_variance, the evaluate loss and the predictions (to 4 places)
MEANS = [0.050919998437166214, 0.08674000203609467]
VARIANCE = 0.9841300249099731
EVALUATE = 8.214269638061523
PREDICT = [0.3241, 1.1427, 1.9288, 2.7474, 3.5987, 4.4173, 5.2034, 6.022]


@pytest.fixture(scope="module")
def trained():
    # (eagerflow's /cpu:1 needs no logical-device setup, which another test of the worker
    # may have fixed already; TF's recording made two)
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    with strategy.scope():
        model = tf.keras.Sequential([
            tf.keras.Input((3,)), tf.keras.layers.Dense(4, kernel_initializer="ones"),
            tf.keras.layers.BatchNormalization()])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    x = np.arange(24, dtype="float32").reshape(8, 3) / 10
    y = np.ones((8, 4), "float32")
    model.fit(x, y, batch_size=4, epochs=1, verbose=0, shuffle=False)
    return model, x, y


def test_each_replica_keeps_its_own_moving_statistics(trained):
    model, _, _ = trained
    bn = model.layers[-1]
    assert (bn.moving_mean.aggregation, bn.moving_mean.synchronization) == ("none", "auto")
    means = [v.numpy() for v in bn.moving_mean.value.values]
    np.testing.assert_allclose(means, [[m] * 4 for m in MEANS], atol=1e-5)
    np.testing.assert_allclose(bn.moving_mean.numpy(), [MEANS[0]] * 4, atol=1e-5)
    for v in bn.moving_variance.value.values:
        np.testing.assert_allclose(v.numpy(), [VARIANCE] * 4, atol=1e-5)


def test_evaluate_and_predict_read_each_replicas_copy(trained):
    model, x, y = trained
    assert model.evaluate(x, y, batch_size=4, verbose=0) == pytest.approx(EVALUATE, abs=1e-4)
    out = model.predict(x, batch_size=4, verbose=0)
    assert out.shape == (8, 4)
    np.testing.assert_allclose(out, np.repeat(np.array(PREDICT)[:, None], 4, 1), atol=1e-4)
    # a batch of 3 is split 2 + 1: its third row is the second replica's
    np.testing.assert_allclose(model.predict(x[:3], batch_size=3, verbose=0)[:, 0],
                               PREDICT[:3], atol=1e-4)
    np.testing.assert_allclose(model.predict_on_batch(x[:4])[:, 0], PREDICT[:4], atol=1e-4)
