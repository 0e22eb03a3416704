"""TimeDistributed over an unknown number of steps (None) in a functional model called
from a tf.function: Keras 3.15's symbolic shapes, values and, where the batch outnumbers
the steps, the error of its vectorized loop reading a step past the last. Shared by
test_time_distributed_steps.py (eagerflow) and record_time_distributed_steps.py
(TensorFlow 2.21 + Keras 3.15), each calling `outcomes(tf)` with its own `tf`. No
eagerflow imports: TF's interpreter loads this file too."""

import re

import numpy as np


def _error(e):
    """[class, first line, node]: the function ids (numbered per process) and the
    function TF's loop body runs in left out."""
    text = str(e)
    first = re.sub(r"__inference_<lambda>_\d+", "__inference_<lambda>", text.split("\n")[0])
    node = re.findall(r"\{\{node ([^}]*)\}\}", text)
    return [type(e).__name__, first, node[-1] if node else None]


def _run(fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return _error(e)
    return [list(out.shape), round(float(np.sum(np.asarray(out))), 4)]


def outcomes(tf):
    keras = tf.keras
    keras.backend.clear_session()  # (layer names, in the failing node's, from _1 on)
    out = {}
    inp = keras.Input((None, 4))
    td = keras.layers.TimeDistributed(keras.layers.Dense(3, kernel_initializer="ones"))
    y = td(inp)
    m = keras.Model(inp, y)
    out["symbolic"] = list(y.shape)
    sig = tf.function(lambda t: m(t), input_signature=[tf.TensorSpec([None, None, 4])])
    out["traced_output"] = list(sig.get_concrete_function().structured_outputs.shape)
    for steps in (1, 2, 3, 7):
        x = np.arange(2 * steps * 4, dtype="float32").reshape(2, steps, 4) / 10
        out[f"signature_steps_{steps}"] = _run(lambda: sig(x))
        out[f"no_signature_steps_{steps}"] = _run(lambda: tf.function(lambda t: m(t))(x))
    x3 = np.ones((3, 2, 4), "float32")  # (three rows, two steps)
    out["signature_batch_3_steps_2"] = _run(lambda: sig(x3))
    b2 = tf.function(lambda t: m(t), input_signature=[tf.TensorSpec([2, None, 4])])
    out["batch_2_signature"] = _run(lambda: b2(np.ones((2, 5, 4), "float32")))
    inp2 = keras.Input((None, 4))
    seq = keras.layers.LSTM(3, return_sequences=True, kernel_initializer="ones",
                            recurrent_initializer="zeros")(inp2)
    m2 = keras.Model(inp2, keras.layers.TimeDistributed(
        keras.layers.Dense(2, kernel_initializer="ones"))(seq))
    lstm = tf.function(lambda t: m2(t), input_signature=[tf.TensorSpec([None, None, 4])])
    out["lstm_steps_4"] = _run(lambda: lstm(np.full((2, 4, 4), 0.1, "float32")))
    out["lstm_steps_1"] = _run(lambda: lstm(np.full((3, 1, 4), 0.1, "float32")))
    return out
