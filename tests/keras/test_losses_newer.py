"""Keras 3's newer losses (Dice, Tversky, CategoricalGeneralizedCrossEntropy): values,
reductions, configs and errors as Keras 3 recorded them (losses_golden.json)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded
from tests.keras.loss_cases import CASES

GOLDEN = json.loads(Path(__file__).with_name("losses_golden.json").read_text())


def _plain(v):
    if isinstance(v, (dict, str)):
        return json.loads(json.dumps({"value": v}))  # tuples as JSON lists, as recorded
    return {"value": np.asarray(v).tolist()}


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_newer_losses_are_keras(expr):
    try:
        got = _plain(eval(expr, {"keras": tf.keras, "np": np}))
    except Exception as e:  # noqa: BLE001 (the class and message are compared)
        got = {"error": type(e).__name__, "message": as_recorded(str(e))}
    want = GOLDEN[expr]
    if "value" in want and not isinstance(want["value"], (dict, str)):
        np.testing.assert_allclose(got["value"], want["value"], rtol=1e-6)
    else:
        assert got == want


def test_dice_trains_a_model():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4, "sigmoid")])
    model.compile("adam", loss="dice")
    x = np.eye(4, dtype="float32")
    first = model.evaluate(x, x, verbose=0)
    model.fit(x, x, epochs=30, verbose=0)
    assert model.evaluate(x, x, verbose=0) < first


def test_circle_trains_embeddings_in_fit():
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3),
                                 tf.keras.layers.UnitNormalization()])
    model.compile(tf.keras.optimizers.Adam(0.05), loss=tf.keras.losses.Circle(gamma=8))
    x = np.concatenate([np.eye(4, dtype="float32"), np.eye(4, dtype="float32") * 0.5])
    y = np.array([0, 1, 0, 1, 0, 1, 0, 1])
    first = model.evaluate(x, y, verbose=0)
    model.fit(x, y, epochs=20, batch_size=8, verbose=0)
    assert model.evaluate(x, y, verbose=0) < first


def test_circle_gradient_traced_equals_eager():
    emb = tf.Variable(np.array([[0.6, 0.8], [0.0, 1.0], [0.8, 0.6], [1.0, 0.0]], "float32"))
    labels = tf.constant([0, 1, 0, 1])

    def grad():
        with tf.GradientTape() as tape:
            loss = tf.keras.losses.Circle(gamma=4)(labels, emb)
        return tape.gradient(loss, emb)

    eager = grad().numpy()
    assert np.all(np.isfinite(eager)) and np.any(eager != 0)
    np.testing.assert_allclose(tf.function(grad)().numpy(), eager, rtol=1e-6)


def test_orthogonal_regularizer_on_a_layer_and_in_fit():
    reg = tf.keras.regularizers.OrthogonalRegularizer(0.5, mode="columns")
    layer = tf.keras.layers.Dense(3, kernel_regularizer=reg)
    model = tf.keras.Sequential([tf.keras.Input((4,)), layer])
    [penalty] = model.losses
    np.testing.assert_allclose(penalty.numpy(), reg(layer.kernel).numpy())
    model.compile("sgd", loss="mse")
    model.fit(np.ones((8, 4), "float32"), np.zeros((8, 3), "float32"), epochs=1, verbose=0)
    config = tf.keras.layers.Dense.from_config(layer.get_config()).get_config()
    assert config["kernel_regularizer"]["config"] == {"factor": 0.5, "mode": "columns"}


def test_kullback_leibler_divergence_is_tf_keras_name():
    # tf.keras (TF 2.21's Keras 3) exports the long name in metrics and losses alike
    assert tf.keras.metrics.kullback_leibler_divergence is tf.keras.losses.kl_divergence
    assert tf.keras.metrics.kullback_leibler_divergence is tf.keras.metrics.kld
    y, p = np.array([[0.2, 0.8]]), np.array([[0.4, 0.6]])
    np.testing.assert_allclose(tf.keras.metrics.kullback_leibler_divergence(y, p).numpy(),
                               [0.2 * np.log(0.5) + 0.8 * np.log(0.8 / 0.6)], rtol=1e-6)


def test_circle_traces_with_an_unknown_batch_size():
    loss = tf.function(lambda y, e: tf.keras.losses.circle(y, e),
                       input_signature=[tf.TensorSpec([None], tf.int64),
                                        tf.TensorSpec([None, 3], tf.float32)])
    labels, emb = np.array([0, 1, 0, 2]), np.eye(4, 3, dtype="float32")
    np.testing.assert_allclose(loss(labels, emb).numpy(),
                               tf.keras.losses.circle(labels, emb).numpy(), rtol=1e-6)
