"""keras.callbacks.BackupAndRestore: an interrupted fit resumes from its last backup with
the weights and optimizer state it had, ending where an uninterrupted fit ends; the
backup's files and metadata are Keras 3's; its argument errors are Keras's."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf

keras = tf.keras
X = np.linspace(-1, 1, 64, dtype="float32").reshape(16, 4)
Y = (X @ np.array([[1.0], [-2.0], [0.5], [3.0]], "float32")).astype("float32")


def _model():
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, "tanh"),
                              keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.01), "mse")
    return model


class _Interrupt(keras.callbacks.Callback):
    def __init__(self, at_epoch):
        super().__init__()
        self.at_epoch = at_epoch

    def on_epoch_end(self, epoch, logs=None):
        if epoch == self.at_epoch:
            raise RuntimeError("interrupted")


def test_an_interrupted_fit_resumes_where_it_stopped(tmp_path):
    whole = _model()
    whole.fit(X, Y, epochs=5, batch_size=4, shuffle=False, verbose=0)

    model = _model()
    backup = keras.callbacks.BackupAndRestore(str(tmp_path / "backup"))
    with pytest.raises(RuntimeError, match="interrupted"):
        model.fit(X, Y, epochs=5, batch_size=4, shuffle=False, verbose=0,
                  callbacks=[backup, _Interrupt(2)])
    meta = json.loads((tmp_path / "backup" / "training_metadata.json").read_text())
    assert meta == {"epoch": 3, "batch": 0}
    assert (tmp_path / "backup" / "latest.weights.h5").exists()

    resumed = _model()  # a fresh process would start from scratch like this
    history = resumed.fit(X, Y, epochs=5, batch_size=4, shuffle=False, verbose=0,
                          callbacks=[keras.callbacks.BackupAndRestore(str(tmp_path / "backup"))])
    assert history.epoch == [3, 4]
    for got, want in zip(resumed.get_weights(), whole.get_weights()):
        np.testing.assert_array_equal(got, want)
    assert not os.path.exists(tmp_path / "backup")  # deleted when training ended


def test_batch_frequency_and_kept_checkpoints(tmp_path):
    model = _model()
    backup = keras.callbacks.BackupAndRestore(str(tmp_path), save_freq=3, double_checkpoint=True,
                                              delete_checkpoint=False)
    model.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[backup])
    # 8 batches: backups after batches 2 and 5 (epoch 0: 0-3, epoch 1: 4-7)
    assert json.loads((tmp_path / "training_metadata.json").read_text()) == \
        {"epoch": 1, "batch": 1}
    assert (tmp_path / "latest.weights.h5.bkp").exists()
    assert (tmp_path / "training_metadata.json.bkp").exists()


def test_argument_errors_are_keras():
    with pytest.raises(ValueError, match="Empty `backup_dir` argument passed"):
        keras.callbacks.BackupAndRestore("")
    with pytest.raises(ValueError, match="Invalid value for argument `save_freq`. Received: "
                                         "save_freq=batch. Expected either 'epoch' or an "
                                         "integer value."):
        keras.callbacks.BackupAndRestore("d", save_freq="batch")


def test_an_unbuilt_model_is_refused(tmp_path):
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    with pytest.raises(ValueError, match="you model must be built before you call `fit\\(\\)`"):
        model.fit(X, Y, verbose=0, callbacks=[keras.callbacks.BackupAndRestore(str(tmp_path))])
