"""Losses: the seed's values, NumPy references, reductions, gradients and bad input."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import eagerflow as tf


def test_seed_binary_crossentropy():
    # The TF 2.0 guide prints 11.522857 (Keras 2); TF 2.21 prints 12.000716 (Keras 3).
    bce = tf.keras.losses.BinaryCrossentropy()
    loss = bce([0., 0., 1., 1.], [1., 1., 1., 0.])
    assert loss.numpy() == pytest.approx(12.000716, rel=1e-6)


def _np_log_softmax(z):
    z = z - z.max(-1, keepdims=True)
    return z - np.log(np.exp(z).sum(-1, keepdims=True))


floats = hnp.arrays(np.float32, st.tuples(st.integers(1, 6), st.integers(2, 5)),
                    elements=st.floats(-5, 5, width=32))


@settings(max_examples=25, deadline=None)
@given(floats, st.data())
def test_sparse_ce_from_logits_matches_numpy(logits, data):
    labels = np.array(data.draw(st.lists(st.integers(0, logits.shape[1] - 1),
                                         min_size=logits.shape[0], max_size=logits.shape[0])))
    got = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")(
        labels, logits)
    want = -_np_log_softmax(logits.astype(np.float64))[np.arange(len(labels)), labels]
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-5)


@settings(max_examples=25, deadline=None)
@given(floats, floats)
def test_mse_and_mae_match_numpy(a, b):
    if a.shape != b.shape:
        b = np.resize(b, a.shape)
    np.testing.assert_allclose(tf.keras.losses.mean_squared_error(a, b).numpy(),
                               ((a.astype(np.float64) - b) ** 2).mean(-1), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(tf.keras.losses.MeanAbsoluteError()(a, b).numpy(),
                               np.abs(a.astype(np.float64) - b).mean(), rtol=1e-5, atol=1e-5)


def test_reductions_and_sample_weight():
    y, p = np.array([[0., 1.], [1., 1.]]), np.array([[0.5, 0.5], [1., 0.]])
    per = ((y - p) ** 2).mean(-1)
    sw = np.array([2.0, 0.5])
    mse = tf.keras.losses.MeanSquaredError
    np.testing.assert_allclose(mse(reduction="none")(y, p).numpy(), per, rtol=1e-6)
    np.testing.assert_allclose(mse(reduction="sum")(y, p, sw).numpy(), (per * sw).sum(),
                               rtol=1e-6)
    np.testing.assert_allclose(mse()(y, p, sw).numpy(), (per * sw).mean(), rtol=1e-6)
    np.testing.assert_allclose(mse(reduction="mean_with_sample_weight")(y, p, sw).numpy(),
                               (per * sw).sum() / sw.sum(), rtol=1e-6)
    with pytest.raises(ValueError, match="Invalid value for argument `reduction`"):
        mse(reduction="average")
    # (as in TF 2.21: Keras 3 losses refuse the TF 2.x name AUTO, which Reduction still
    # lists and validates)
    with pytest.raises(ValueError, match="Received: reduction=auto"):
        mse(reduction=tf.keras.losses.Reduction.AUTO)
    tf.keras.losses.Reduction.validate("auto")
    with pytest.raises(ValueError, match="Invalid Reduction Key: mean. Expected keys are "):
        tf.keras.losses.Reduction.validate("mean")


def test_categorical_crossentropy_label_smoothing_by_hand():
    y = np.array([[0., 1., 0.]])
    z = np.array([[1., 2., 0.5]], np.float32)
    got = tf.keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.3)(y, z)
    ys = y * 0.7 + 0.1
    assert got.numpy() == pytest.approx(float(-(ys * _np_log_softmax(z.astype(float))).sum()),
                                        rel=1e-6)


def test_gradient_of_sparse_ce_is_softmax_minus_onehot():
    z = tf.Variable([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]])
    with tf.GradientTape() as tape:
        loss = tf.keras.losses.sparse_categorical_crossentropy(np.array([1, 2]), z,
                                                               from_logits=True)
        total = tf.reduce_sum(loss)
    g = tape.gradient(total, z).numpy()
    zz = z.numpy().astype(np.float64)
    sm = np.exp(_np_log_softmax(zz))
    sm[[0, 1], [1, 2]] -= 1
    np.testing.assert_allclose(g, sm, rtol=1e-5, atol=1e-6)


def test_bad_input():
    # TF's CPU kernel checks the labels (its GPU kernel gives the row NaN instead:
    # tests/backend/test_launches.py)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Received a label value of 5"), \
            tf.device("/CPU:0"):
        tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(
            np.array([0, 5]), np.array([[1., 2.], [3., 4.]]))
    with pytest.raises(ValueError, match="must have the same shape"):
        tf.keras.losses.categorical_crossentropy([[0., 1.]], [[0.2, 0.3, 0.5]])
    with pytest.raises(ValueError, match="must have rank"):
        tf.keras.losses.sparse_categorical_crossentropy(np.array([[[1]]]), np.array([[0.5, 0.5]]))
    with pytest.raises(AttributeError, match="'list' object has no attribute 'shape'"):
        tf.keras.losses.sparse_categorical_crossentropy([[[1]]], [[0.5, 0.5]])  # (as Keras 3)
    with pytest.raises(ValueError, match="Could not interpret loss identifier"):
        tf.keras.losses.get("l2_loss")
    with pytest.raises(TypeError):
        tf.keras.losses.Huber(nonsense=1)


def test_get_config_and_identifiers():
    loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    assert loss.get_config() == {"name": "sparse_categorical_crossentropy",
                                 "reduction": "sum_over_batch_size", "from_logits": True,
                                 "ignore_class": None}
    again = tf.keras.losses.deserialize(tf.keras.losses.serialize(loss))
    assert again.get_config() == loss.get_config()
    assert tf.keras.losses.get("mse") is tf.keras.losses.mean_squared_error
    assert isinstance(tf.keras.losses.get("Huber"), tf.keras.losses.Huber)
    assert tf.keras.losses.Huber(0.5).delta == 0.5
    assert tf.keras.losses.Huber().name == "huber_loss"


def test_loss_subclass():
    class Scaled(tf.keras.losses.Loss):
        def call(self, y_true, y_pred):
            return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1) * 2.0

    tf.keras.backend.clear_session()
    assert Scaled()(np.ones((2, 2)), np.zeros((2, 2))).numpy() == pytest.approx(2.0)
    # (Keras 3 names a loss as a layer, made unique: TF 2.21 gives "scaled_1" the second
    # time, and an empty name one of its own)
    assert [Scaled().name, Scaled(name="").name] == ["scaled_1", "scaled_2"]


# Recorded from TF 2.21 + Keras 3 with keras.backend.set_epsilon(1e-3): every loss and
# metric that clips or pads by epsilon takes the configured one (float32 inputs).
_EPS_1E3 = {
    "binary_crossentropy": [2.028435468673706, 5.375900745391846],
    "categorical_crossentropy": [2.869791030883789, 14.259162902832031],
    "binary_focal_crossentropy": [1.8744287490844727, 5.229589939117432],
    "categorical_focal_crossentropy": [0.45156633853912354, 3.4853515625],
    "mape": [25017.498046875, 25060.0],
    "msle": [0.16616056859493256, 0.36321768164634705],
    "kld": [1.1970651149749756, 13.640366554260254],
    "poisson": [0.8749113082885742, 3.923281192779541],
    "dice": 0.6118103861808777,
    "tversky": 0.6118560433387756,
}


def test_configured_epsilon_reaches_losses_and_metrics():
    yt = np.array([[0., 1., 1., 0.], [1., 0., 0.5, 1.]], "float32")
    yp = np.array([[1e-9, 1 - 1e-9, 0.3, 0.99999999], [0.0, 1.0, 0.7, 1e-8]], "float32")
    keras = tf.keras
    # keras.ops in float64: the default epsilon's bounds are float64's, not float32's
    # rounded again (recorded from TF 2.21)
    got = keras.ops.binary_crossentropy(yt.astype("float64"), yp.astype("float64")).numpy()
    assert got[0, 0] == 1.0000000494736474e-07 and got[0, 3] == 16.118095651484676
    keras.backend.set_epsilon(1e-3)
    try:
        for name, want in _EPS_1E3.items():
            got = getattr(keras.losses, name)(tf.constant(yt), tf.constant(yp)).numpy()
            np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=name)
        auc = keras.metrics.AUC(thresholds=[0.3, 0.5])
        assert [float(x) for x in auc.thresholds] == [-0.001, 0.3, 0.5, 1.001]
        np.testing.assert_allclose(keras.metrics.concordance_correlation(yt, yp).numpy(),
                                   [0.16722407937049866, -0.8801730871200562], rtol=1e-6)
    finally:
        keras.backend.set_epsilon(1e-7)
