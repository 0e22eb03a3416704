"""compile(steps_per_execution=...) given 0, False, True or a negative int: Keras 3.15
keeps it as given, and its loops step through the batches by `range(first, n, k)`: 0 and
False are range's ValueError, a negative k runs no step (fit and evaluate then read the
compiled metrics never built; predict its outputs never set), True runs as 1; the
single-batch steps loop `range(k)` times. Recorded from Keras 3.15 on TF 2.21 (a Dense
model on 8 rows in batches of 4, metrics=["mae"]; the callbacks each call reached, then
the error's class and message)."""

import numpy as np
import pytest

import eagerflow as tf

keras = tf.keras
X, Y = np.ones((8, 3), "float32"), np.ones((8, 1), "float32")

_RANGE = (ValueError, "range() arg 3 must not be zero")
_UNBUILT = (ValueError, "Cannot get result() since the metric has not yet been built.")
_PREDICTED = (UnboundLocalError,
              "cannot access local variable 'batch_outputs' where it is not associated with "
              "a value")
_ONE_BATCH = (UnboundLocalError,
              "cannot access local variable 'outputs' where it is not associated with a "
              "value")
# value -> the loops' (error, callbacks seen): fit, evaluate, predict; the single-batch
# steps' error
# (a list: 0 and False are one key to a dict)
RECORDED = [
    (0, (_RANGE, _RANGE, (_RANGE, ["pb"]), _ONE_BATCH)),
    (False, (_RANGE, _RANGE, (_RANGE, ["pb"]), _ONE_BATCH)),
    (-1, (_UNBUILT, _UNBUILT, (_PREDICTED, ["pb", "pe"]), _ONE_BATCH)),
    (-2, (_UNBUILT, _UNBUILT, (_PREDICTED, ["pb", "pe"]), _ONE_BATCH)),
]


class _Seen(keras.callbacks.Callback):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list = []

    def on_epoch_begin(self, epoch, logs=None):
        self.seen.append("eb")

    def on_train_batch_begin(self, batch, logs=None):
        self.seen.append(f"tb{batch}")

    def on_test_begin(self, logs=None):
        self.seen.append("teb")

    def on_predict_begin(self, logs=None):
        self.seen.append("pb")

    def on_predict_end(self, logs=None):
        self.seen.append("pe")


def _model(value):
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer="ones")])
    m.compile(optimizer="sgd", loss="mse", metrics=["mae"], steps_per_execution=value)
    return m


def _fails(fn, error):
    seen = _Seen()
    with pytest.raises(error[0]) as info:
        fn(seen)
    assert str(info.value) == error[1]
    return seen.seen


@pytest.mark.parametrize("value,recorded", RECORDED, ids=[repr(v) for v, _ in RECORDED])
def test_compile_keeps_it_and_the_loops_fail_as_keras(value, recorded):
    fit, evaluate, (predict, predict_seen), one_batch = recorded
    m = _model(value)
    for kept in (m.steps_per_execution, m.get_compile_config()["steps_per_execution"]):
        assert type(kept) is type(value) and kept == value  # (False stays False)
    batches = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
    assert _fails(lambda cb: m.fit(X, Y, batch_size=4, epochs=2, verbose=0,
                                   callbacks=[cb]), fit) == ["eb"]
    assert _fails(lambda cb: m.fit(X, Y, batch_size=4, verbose=0, callbacks=[cb],
                                   validation_data=(X, Y)), fit) == ["eb"]
    assert _fails(lambda cb: m.fit(batches, epochs=2, verbose=0, callbacks=[cb],
                                   shuffle=False), fit) == \
        ["eb"]
    for as_dict in (False, True):
        assert _fails(lambda cb: m.evaluate(X, Y, batch_size=4, verbose=0, callbacks=[cb],
                                            return_dict=as_dict), evaluate) == ["teb"]
    assert _fails(lambda cb: m.predict(X, batch_size=4, verbose=0, callbacks=[cb]),
                  predict) == predict_seen
    _fails(lambda cb: m.train_on_batch(X, Y), one_batch)
    _fails(lambda cb: m.test_on_batch(X, Y), one_batch)
    assert m.predict_on_batch(X).shape == (8, 1)


def test_without_metrics_a_negative_value_runs_no_step():
    # recorded: no step, so no logs (History empty, evaluate's list empty)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.compile(optimizer="sgd", loss="mse", steps_per_execution=-1)
    before = [w.copy() for w in m.get_weights()]
    assert m.fit(X, Y, batch_size=4, verbose=0).history == {}
    assert m.evaluate(X, Y, batch_size=4, verbose=0) == []
    assert all(np.array_equal(a, b) for a, b in zip(before, m.get_weights()))


def test_true_runs_as_one():
    # recorded: True trains, evaluates and predicts as 1 does, each batch a call
    runs = []
    for value in (True, 1):
        m = _model(value)
        seen = _Seen()
        history = m.fit(X, Y, batch_size=4, epochs=2, verbose=0, callbacks=[seen]).history
        runs.append((history, m.evaluate(X, Y, batch_size=4, verbose=0),
                     m.predict(X, batch_size=4, verbose=0).tolist(),
                     m.train_on_batch(X, Y), seen.seen))
    assert runs[0] == runs[1]
    assert runs[0][4] == ["eb", "tb0", "tb1", "eb", "tb0", "tb1"]
    assert _model(True).steps_per_execution is True
