"""compile(steps_per_execution=...) given what is not an int: Keras 3.15 keeps it as given
and fails only where a loop takes it. Recorded from Keras 3.15 on TF 2.21 (a Dense model
on 8 rows; the callbacks each run reached before the error, then the error's class and
message)."""

import numpy as np
import pytest

import eagerflow as tf

keras = tf.keras
X, Y = np.ones((8, 3), "float32"), np.ones((8, 1), "float32")

_INT = "'{}' object cannot be interpreted as an integer"
_CMP = "'>' not supported between instances of '{}' and 'int'"
# per value: (type name, predict's and predict_on_batch's error or None for a result)
RECORDED = {
    "auto": ("str", _CMP, _CMP, []),
    None: ("NoneType", _CMP, _CMP, []),
    2.5: ("float", _INT, None, ["predict_begin"]),
}


class _Seen(keras.callbacks.Callback):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list = []

    def on_train_begin(self, logs=None):
        self.seen.append("train_begin")

    def on_epoch_begin(self, epoch, logs=None):
        self.seen.append("epoch_begin")

    def on_test_begin(self, logs=None):
        self.seen.append("test_begin")

    def on_predict_begin(self, logs=None):
        self.seen.append("predict_begin")


def _model(value):
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.compile(optimizer="sgd", loss="mse", steps_per_execution=value)
    return m


def _fails(fn, message):
    seen = _Seen()
    with pytest.raises(TypeError) as info:
        fn(seen)
    assert str(info.value) == message
    return seen.seen


@pytest.mark.parametrize("value", list(RECORDED), ids=repr)
def test_compile_keeps_the_value_and_the_loops_fail(value):
    kind, predict_msg, on_batch_msg, predict_seen = RECORDED[value]
    m = _model(value)
    assert m.steps_per_execution == value
    assert m.get_compile_config()["steps_per_execution"] == value
    loop = _INT.format(kind)
    assert _fails(lambda cb: m.fit(X, Y, verbose=0, callbacks=[cb]), loop) == \
        ["train_begin", "epoch_begin"]
    assert _fails(lambda cb: m.evaluate(X, Y, verbose=0, callbacks=[cb]), loop) == \
        ["test_begin"]
    assert _fails(lambda cb: m.predict(X, verbose=0, callbacks=[cb]),
                  predict_msg.format(kind)) == predict_seen
    _fails(lambda cb: m.train_on_batch(X, Y), loop)
    _fails(lambda cb: m.test_on_batch(X, Y), loop)
    if on_batch_msg is None:
        assert m.predict_on_batch(X).shape == (8, 1)
    else:
        _fails(lambda cb: m.predict_on_batch(X), on_batch_msg.format(kind))


def test_an_int_still_runs():
    m = _model(2)
    assert m.steps_per_execution == 2
    assert len(m.fit(X, Y, batch_size=2, verbose=0).history["loss"]) == 1
    assert m.predict(X, verbose=0).shape == (8, 1)
