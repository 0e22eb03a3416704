"""Callbacks: hook order, the progress bar's exact format, and each built-in callback."""

import csv
import math

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.keras.utils import progbar as pb

from .standin import TinyMLP, blobs


def _model(lr=0.05, **kw):
    m = TinyMLP(2, 2, **kw)
    m.compile(tf.keras.optimizers.SGD(lr),
              tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
    return m


class Recorder(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.events = []

    def __getattribute__(self, name):
        if name.startswith("on_") and name not in ("on_batch_begin", "on_batch_end"):
            events = object.__getattribute__(self, "events")
            return lambda *a, **k: events.append((name,) + tuple(
                x for x in a if isinstance(x, int)))
        return object.__getattribute__(self, name)


def test_hooks_fire_in_order():
    x, y = blobs(8)
    m = _model()
    rec = Recorder()
    m.fit(x, y, batch_size=4, epochs=2, validation_data=(x, y), callbacks=[rec], verbose=0)
    epoch = [("on_epoch_begin", 0), ("on_train_batch_begin", 0), ("on_train_batch_end", 0),
             ("on_train_batch_begin", 1), ("on_train_batch_end", 1), ("on_test_begin",),
             ("on_test_batch_begin", 0), ("on_test_batch_end", 0), ("on_test_batch_begin", 1),
             ("on_test_batch_end", 1), ("on_test_end",)]
    want = [("on_train_begin",)] + epoch + [("on_epoch_end", 0)] + [
        (e[0], 1) if e[0].startswith("on_epoch") else e for e in epoch] + [
        ("on_epoch_end", 1), ("on_train_end",)]
    assert rec.events == want
    assert rec.params == {"verbose": 0, "epochs": 2, "steps": 2}
    assert rec.model is m
    rec.events.clear()
    m.evaluate(x, y, batch_size=8, callbacks=[rec], verbose=0)
    assert rec.events == [("on_test_begin",), ("on_test_batch_begin", 0),
                          ("on_test_batch_end", 0), ("on_test_end",)]
    rec.events.clear()
    m.predict(x, batch_size=8, callbacks=[rec], verbose=0)
    assert rec.events == [("on_predict_begin",), ("on_predict_batch_begin", 0),
                          ("on_predict_batch_end", 0), ("on_predict_end",)]


def test_batch_aliases_of_tf2():
    seen = []

    class Old(tf.keras.callbacks.Callback):
        def on_batch_end(self, batch, logs=None):
            seen.append((batch, sorted(logs)))

    x, y = blobs(8)
    _model().fit(x, y, batch_size=4, callbacks=[Old()], verbose=0)
    assert seen == [(0, ["accuracy", "loss"]), (1, ["accuracy", "loss"])]


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(pb.time, "time", lambda: now[0])
    return now


def test_progbar_verbose1_exact_format(clock, capsys):
    bar = pb.Progbar(target=3, verbose=1, stateless_metrics=set())
    clock[0] += 0.5
    bar.update(1, [("loss", 0.9)], finalize=False)
    clock[0] += 0.25
    bar.update(3, [("loss", 0.7)], finalize=True)
    out = capsys.readouterr().out
    green, grey, bold, end = "\x1b[32m", "\x1b[37m", "\x1b[1m", "\x1b[0m"
    first = (f"\r{bold}1/3{end} {green}{'━' * 6}{end}{grey}{'━' * 14}{end} {bold}1s{end} "
             "500ms/step - loss: 0.9000")
    width = len(first) - 1 - 8 - 9 - 9 - 8
    second = (f"{chr(8) * width}\r{bold}3/3{end} {green}{'━' * 20}{end}{grey}{end} "
              f"{bold}1s{end} 125ms/step - loss: 0.7000\n")
    assert out == first + second


def test_progbar_verbose2_one_line(clock, capsys):
    bar = pb.Progbar(target=4, verbose=2, stateless_metrics=set())
    for i in range(1, 5):
        clock[0] += 0.01
        bar.update(i, [("acc", 0.5), ("loss", 1e-4)], finalize=i == 4)
    assert capsys.readouterr().out == "4/4 - 0s - 10ms/step - acc: 0.5000 - loss: 1.0000e-04\n"


def test_progbar_unknown_target_and_averaging(clock, capsys):
    bar = pb.Progbar(target=None, verbose=1)
    clock[0] += 2
    bar.update(2, [("loss", 1.0)])
    clock[0] += 2
    bar.update(4, [("loss", 3.0)])
    out = capsys.readouterr().out
    assert "      2/Unknown" in out and "      4/Unknown" in out
    assert out.endswith("4/Unknown \x1b[1m4s\x1b[0m 1s/step - loss: 2.0000")  # averaged


def test_fit_verbose2_prints_one_line_per_epoch(capsys):
    x, y = blobs(64)
    _model().fit(x, y, batch_size=32, epochs=2, verbose=2, validation_data=(x, y))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Epoch 1/2" and lines[2] == "Epoch 2/2" and len(lines) == 4
    import re
    pat = (r"2/2 - \d+s - \d+(ms|us|s)/step - accuracy: \d\.\d{4} - loss: \d\.\d{4} - "
           r"val_accuracy: \d\.\d{4} - val_loss: \d\.\d{4}")
    assert re.fullmatch(pat, lines[1]) and re.fullmatch(pat, lines[3])


def test_fit_verbose1_progress_bar(capsys):
    x, y = blobs(64)
    _model().fit(x, y, batch_size=32, epochs=1, verbose=1)
    out = capsys.readouterr().out
    assert "Epoch" not in out  # one epoch: no epoch header, as in TF
    assert out.endswith("\n") and "\x1b[1m2/2\x1b[0m" in out and " - accuracy: " in out


def test_early_stopping_restores_best_weights(capsys):
    x, y = blobs(64)
    m = _model()
    vals = iter([0.5, 0.3, 0.4, 0.45, 0.6, 0.7])
    snapshots = []

    class FakeVal(tf.keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            logs["val_loss"] = next(vals)
            snapshots.append([w.copy() for w in self.model.get_weights()])

    es = tf.keras.callbacks.EarlyStopping(patience=2, restore_best_weights=True, verbose=1)
    h = m.fit(x, y, epochs=6, callbacks=[FakeVal(), es], verbose=0)
    assert len(h.history["loss"]) == 4 and es.stopped_epoch == 3 and es.best_epoch == 1
    for a, b in zip(m.get_weights(), snapshots[1]):
        np.testing.assert_array_equal(a, b)
    out = capsys.readouterr().out
    assert out == ("Epoch 4: early stopping\n"
                   "Restoring model weights from the end of the best epoch: 2.\n")


def test_early_stopping_max_mode_and_missing_metric():
    x, y = blobs(32)
    es = tf.keras.callbacks.EarlyStopping(monitor="accuracy", patience=0, min_delta=2.0)
    h = _model().fit(x, y, epochs=5, callbacks=[es], verbose=0)
    assert len(h.history["loss"]) == 2  # nothing improves by 2.0: stop after epoch 2
    with pytest.warns(UserWarning, match="Early stopping conditioned on metric `nope`"):
        _model().fit(x, y, epochs=1, verbose=0,
                     callbacks=[tf.keras.callbacks.EarlyStopping(monitor="nope", mode="min")])
    # Keras 3 refuses to guess the direction of a metric the model does not compile
    with pytest.raises(ValueError, match="monitor=nope, but Keras isn't able"):
        _model().fit(x, y, epochs=1, verbose=0,
                     callbacks=[tf.keras.callbacks.EarlyStopping(monitor="nope")])


def test_reduce_lr_on_plateau(capsys):
    x, y = blobs(32)
    m = _model(lr=0.1)
    cb = tf.keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1,
                                              min_delta=10.0, verbose=1, min_lr=0.02)
    h = m.fit(x, y, epochs=5, callbacks=[cb], verbose=0)
    lrs = h.history["learning_rate"]
    # logged before that epoch's reduction, as in TF
    np.testing.assert_allclose(lrs, [0.1, 0.1, 0.05, 0.025, 0.02], rtol=1e-6)
    out = capsys.readouterr().out
    assert "Epoch 2: ReduceLROnPlateau reducing learning rate to 0.05" in out
    with pytest.raises(ValueError, match="does not support a factor >= 1.0"):
        tf.keras.callbacks.ReduceLROnPlateau(factor=2.0)


def test_learning_rate_scheduler(capsys):
    x, y = blobs(32)
    m = _model()
    cb = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: 0.1 * 0.5 ** epoch,
                                                  verbose=1)
    h = m.fit(x, y, epochs=3, callbacks=[cb], verbose=0)
    np.testing.assert_allclose(h.history["learning_rate"], [0.1, 0.05, 0.025], rtol=1e-6)
    assert "Epoch 3: LearningRateScheduler setting learning rate to 0.025." in \
        capsys.readouterr().out
    old = tf.keras.callbacks.LearningRateScheduler(lambda epoch: 0.3)
    _model().fit(x, y, epochs=1, callbacks=[old], verbose=0)
    bad = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: "x")
    with pytest.raises(ValueError, match="should be a float"):
        _model().fit(x, y, epochs=1, callbacks=[bad], verbose=0)


def test_terminate_on_nan(capsys):
    x, y = blobs(32)
    x[5, 0] = np.nan
    m = _model()
    h = m.fit(x, y, batch_size=8, epochs=3, callbacks=[tf.keras.callbacks.TerminateOnNaN()],
              verbose=0, shuffle=False)
    assert len(h.history["loss"]) == 1 and math.isnan(h.history["loss"][0])
    assert "Batch 0: Invalid loss, terminating training" in capsys.readouterr().out
    with pytest.raises(RuntimeError, match="NaN or Inf loss encountered at batch 0"):
        _model().fit(x, y, batch_size=8, shuffle=False, verbose=0,
                     callbacks=[tf.keras.callbacks.TerminateOnNaN(raise_error=True)])


def test_csv_logger(tmp_path):
    x, y = blobs(32)
    path = str(tmp_path / "log.csv")
    _model().fit(x, y, epochs=2, callbacks=[tf.keras.callbacks.CSVLogger(path)], verbose=0)
    with open(path) as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["epoch", "accuracy", "loss", "val_accuracy", "val_loss"]
    assert [r[0] for r in rows[1:]] == ["0", "1"] and rows[1][3] == "NA"
    _model().fit(x, y, epochs=1, verbose=0,
                 callbacks=[tf.keras.callbacks.CSVLogger(path, append=True, separator=";")])
    with open(path) as f:
        assert len(f.read().splitlines()) == 4


def test_lambda_callback():
    x, y = blobs(16)
    seen = []
    cb = tf.keras.callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: seen.append(("epoch", epoch)),
        on_train_begin=lambda logs: seen.append("begin"),
        on_train_batch_end=lambda batch, logs: seen.append(("batch", batch)))
    _model().fit(x, y, batch_size=8, epochs=1, callbacks=[cb], verbose=0)
    assert seen == ["begin", ("batch", 0), ("batch", 1), ("epoch", 0)]


def test_model_checkpoint(tmp_path, capsys):
    x, y = blobs(32)
    m = _model()
    vals = iter([0.5, 0.6, 0.4])

    class FakeVal(tf.keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            logs["val_loss"] = next(vals)

    path = str(tmp_path / "ckpt-{epoch:02d}-{val_loss:.2f}.weights.h5")
    cb = tf.keras.callbacks.ModelCheckpoint(path, save_best_only=True, save_weights_only=True,
                                            verbose=1)
    m.fit(x, y, epochs=3, callbacks=[FakeVal(), cb], verbose=0)
    assert [p[len(str(tmp_path)) + 1:] for p in m.saved] == ["ckpt-01-0.50.weights.h5",
                                                              "ckpt-03-0.40.weights.h5"]
    out = capsys.readouterr().out
    assert "Epoch 1: val_loss improved from None to 0.50000, saving model to" in out
    assert "Epoch 1: finished saving model to" in out
    assert "Epoch 2: val_loss did not improve from 0.50000" in out
    m.saved.clear()
    every = tf.keras.callbacks.ModelCheckpoint(str(tmp_path / "b{epoch}-{batch}.keras"),
                                               save_freq=2)
    m.fit(x, y, batch_size=8, epochs=1, callbacks=[every], verbose=0)
    assert [p.rsplit("/", 1)[1] for p in m.saved] == ["b1-2.keras", "b1-4.keras"]
    with pytest.raises(ValueError, match="Unrecognized save_freq"):
        tf.keras.callbacks.ModelCheckpoint("x", save_freq="daily")


def test_stop_training_from_callback():
    class Stop(tf.keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            if batch == 1:
                self.model.stop_training = True

    x, y = blobs(64)
    m = _model()
    m.fit(x, y, batch_size=8, epochs=3, callbacks=[Stop()], verbose=0)
    assert int(m.optimizer.iterations.numpy()) == 2


def test_callback_list_takes_any_object_until_a_hook_is_missing():
    # TF 2.21: the list is made; giving it a model calls set_model, which an object lacks
    cbl = tf.keras.callbacks.CallbackList([object()])
    assert len(cbl.callbacks) == 1
    with pytest.raises(AttributeError, match="^'object' object has no attribute 'set_model'$"):
        tf.keras.callbacks.CallbackList([object()], model=tf.keras.Sequential())
