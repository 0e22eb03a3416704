"""A functional model over a layer's tuple of outputs (an LSTM's return_state) keeps the
tuple as Keras 3 keeps it: the model's call returns one, its config lists the output
references as a tuple, and a model rebuilt from that config returns a tuple again
(checked against TF 2.21 + Keras 3.15)."""

import numpy as np

import eagerflow as tf

L = tf.keras.layers


def _model():
    inp = tf.keras.Input((4, 3))
    return tf.keras.Model(inp, L.LSTM(2, return_state=True)(inp))


def test_tuple_outputs_survive_call_config_and_from_config():
    model = _model()
    x = np.ones((1, 4, 3), "float32")
    assert isinstance(model(x), tuple)
    config = model.get_config()
    assert isinstance(config["output_layers"], tuple) and len(config["output_layers"]) == 3
    rebuilt = tf.keras.Model.from_config(config)
    out = rebuilt(x)
    assert isinstance(out, tuple) and len(out) == 3


def test_list_outputs_stay_a_list():
    inp = tf.keras.Input((4, 3))
    model = tf.keras.Model(inp, list(L.LSTM(2, return_state=True)(inp)))
    assert isinstance(model(np.ones((1, 4, 3), "float32")), list)
    assert isinstance(model.get_config()["output_layers"], list)
