"""Model.predict over batches whose time lengths differ (a dataset of batches of 2, 3 and
2 steps): Keras 3.15 joins each output's batches by concatenating them where every
batch's inner shape agrees, else as a RaggedTensor of the rows (its agreeing inner dims
kept uniform). Shared by test_predict_steps.py (eagerflow) and record_predict_steps.py
(TensorFlow 2.21 + Keras 3.15), each calling `outcomes(tf)` with its own `tf`. No eagerflow
imports: TF's interpreter loads this file too."""

import numpy as np

STEPS = (2, 3, 2)


def _seen(out):
    """An output as a user reads it: its class and shape, the rows' lengths of a ragged
    one, and its values (rounded)."""
    kind = type(out).__name__
    if kind == "RaggedTensor":
        return [kind, str(out.shape), out.row_lengths().numpy().tolist(),
                np.round(out.flat_values.numpy(), 4).tolist()]
    return [kind, list(out.shape), np.round(np.asarray(out), 4).tolist()]


def _run(fn):
    try:
        return _seen(fn())
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return [type(e).__name__, str(e).split("\n")[0]]


def _batches(tf):
    def gen():
        for k, t in enumerate(STEPS):
            yield np.arange(2 * t * 4, dtype="float32").reshape(2, t, 4) / (10 + k)

    return tf.data.Dataset.from_generator(
        gen, output_signature=tf.TensorSpec([None, None, 4], tf.float32))


def outcomes(tf):
    keras = tf.keras
    keras.backend.clear_session()
    ds = _batches(tf)
    inp = keras.Input((None, 4))
    dense = keras.Model(inp, keras.layers.Dense(3, kernel_initializer="ones")(inp))
    lstm = keras.layers.LSTM(2, kernel_initializer="ones", recurrent_initializer="zeros",
                             return_sequences=True)
    seq = keras.Model(inp, lstm(inp))
    last = keras.Model(inp, keras.layers.LSTM(2, kernel_initializer="ones",
                                              recurrent_initializer="zeros")(inp))
    both = keras.Model(inp, [keras.layers.Dense(1, kernel_initializer="ones")(inp),
                             keras.layers.GlobalAveragePooling1D()(inp)])
    padded = tf.data.Dataset.range(1, 5).map(
        lambda n: tf.ones([n, 4]) * tf.cast(n, tf.float32)).padded_batch(2)
    out = {"dense": _run(lambda: dense.predict(ds, verbose=0)),
           "lstm sequences": _run(lambda: seq.predict(ds, verbose=0)),
           "lstm last": _run(lambda: last.predict(ds, verbose=0)),
           "dense padded": _run(lambda: dense.predict(padded, verbose=0))}
    two = both.predict(ds, verbose=0)
    out["two outputs"] = [_seen(o) for o in two]
    return out
