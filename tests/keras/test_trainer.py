"""compile/fit/evaluate/predict with a stand-in model, data from arrays, iterables and
generators; History; custom train steps in the TF 2.x style."""

import numpy as np
import pytest

import eagerflow as tf

from .standin import TinyMLP, blobs


def _model(**kw):
    m = TinyMLP(2, 2, **kw)
    m.compile(optimizer=tf.keras.optimizers.Adam(0.05),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
    return m


def test_fit_separable_problem_reaches_high_accuracy():
    x, y = blobs()
    m = _model()
    hist = m.fit(x, y, batch_size=32, epochs=5, verbose=0)
    assert sorted(hist.history) == ["accuracy", "loss"]
    assert len(hist.history["loss"]) == 5 and hist.epoch == [0, 1, 2, 3, 4]
    assert hist.history["loss"][-1] < hist.history["loss"][0]
    assert hist.history["accuracy"][-1] > 0.97
    loss, acc = m.evaluate(x, y, verbose=0)
    assert acc > 0.97 and loss < 0.2
    assert m.history is hist
    assert m.metrics_names == ["loss", "compile_metrics"]
    assert True in m.calls and False in m.calls


def test_string_compile_resolves_like_keras():
    x, y = blobs(64)
    m = TinyMLP(2, 2)
    m.compile("sgd", "sparse_categorical_crossentropy",
              metrics=["acc", tf.keras.metrics.SparseCategoricalCrossentropy(from_logits=True)])
    assert type(m.optimizer).__name__ == "SGD"
    logs = m.evaluate(x, y, verbose=0, return_dict=True)
    assert sorted(logs) == ["acc", "loss", "sparse_categorical_crossentropy"]
    assert type(m.metrics[1].metrics[0]).__name__ == "SparseCategoricalAccuracy"
    onehot = tf.keras.utils.to_categorical(y, 2)
    m2 = TinyMLP(2, 2)
    m2.compile("adam", tf.keras.losses.CategoricalCrossentropy(from_logits=True),
               metrics=["accuracy"])
    m2.evaluate(x, onehot, verbose=0)
    assert type(m2.metrics[1].metrics[0]).__name__ == "CategoricalAccuracy"
    m3 = TinyMLP(2, 1)
    m3.compile("adam", "binary_crossentropy", metrics=["accuracy"])
    m3.evaluate(x, y.reshape(-1, 1).astype("float32"), verbose=0)
    assert type(m3.metrics[1].metrics[0]).__name__ == "BinaryAccuracy"


def test_evaluate_returns_scalar_list_or_dict_in_tf_order():
    x, y = blobs(64)
    m = _model()
    out = m.evaluate(x, y, verbose=0)
    d = m.evaluate(x, y, verbose=0, return_dict=True)
    assert out == [d["loss"], d["accuracy"]]
    # Keras 3: compiling again without `metrics` keeps the compiled metrics
    m.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    assert len(m.evaluate(x, y, verbose=0)) == 2
    m.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=[])
    assert isinstance(m.evaluate(x, y, verbose=0), float)


def test_loss_is_batch_size_weighted_mean_and_matches_manual():
    x, y = blobs(70)
    m = _model()
    logs = m.evaluate(x, y, batch_size=32, verbose=0, return_dict=True)
    logits = m(tf.constant(x))
    manual = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(y, logits)
    assert logs["loss"] == pytest.approx(float(manual.numpy()), rel=1e-5)
    acc = np.mean(np.argmax(logits.numpy(), -1) == y)
    assert logs["accuracy"] == pytest.approx(acc, rel=1e-6)


def test_predict_and_single_batch_methods():
    x, y = blobs(50)
    m = _model()
    p = m.predict(x, batch_size=16, verbose=0)
    assert isinstance(p, np.ndarray) and p.shape == (50, 2)
    # predict's batches of 32 and one call on all 50 rows: products of other shapes,
    # which a GPU's BLAS (cuBLAS) picks other kernels for, so they round differently
    np.testing.assert_allclose(p, m(tf.constant(x)).numpy(), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(m.predict_on_batch(x), p, rtol=1e-6, atol=1e-6)
    before = m.test_on_batch(x, y)
    trained = m.train_on_batch(x, y, return_dict=True)
    assert trained["loss"] == pytest.approx(before[0], rel=1e-6)  # loss before the update
    assert m.test_on_batch(x, y)[0] < before[0]
    assert int(m.optimizer.iterations.numpy()) == 1


def test_validation_split_and_data():
    x, y = blobs(100)
    m = _model()
    h = m.fit(x, y, epochs=2, validation_split=0.2, verbose=0)
    assert sorted(h.history) == ["accuracy", "loss", "val_accuracy", "val_loss"]
    h = m.fit(x, y, epochs=1, validation_data=(x[:10], y[:10]), verbose=0)
    want = m.evaluate(x[:10], y[:10], verbose=0, return_dict=True)
    assert h.history["val_loss"][0] == pytest.approx(want["loss"], rel=1e-6)
    with pytest.raises(ValueError, match="not sufficient to split"):
        m.fit(x[:1], y[:1], validation_split=0.5, verbose=0)


def test_validation_split_takes_the_last_samples_before_shuffling():
    x, y = blobs(10)
    m = _model()
    seen = []

    class Spy(tf.keras.callbacks.Callback):
        def on_test_begin(self, logs=None):
            seen.append(True)

    m.fit(x, y, epochs=1, validation_split=0.3, verbose=0, callbacks=[Spy()], batch_size=3)
    assert seen == [True]
    from eagerflow._src.keras import data_adapter as da
    (tx, ty, _), (vx, vy, _) = da.train_validation_split((x, y, None), 0.3)
    np.testing.assert_array_equal(vx, x[7:])
    np.testing.assert_array_equal(ty, y[:7])


def test_sample_weight_and_class_weight():
    x, y = blobs(40)
    m = _model()
    sw = np.where(y == 1, 2.0, 0.0).astype("float32")
    logs = m.evaluate(x, y, sample_weight=sw, verbose=0, return_dict=True, batch_size=40)
    logits = m(tf.constant(x))
    per = tf.keras.losses.sparse_categorical_crossentropy(y, logits, from_logits=True).numpy()
    assert logs["loss"] == pytest.approx(float(np.mean(per * sw)), rel=1e-5)
    m2, m3 = _model(seed=3), _model(seed=3)
    m2.fit(x, y, class_weight={0: 0.0, 1: 2.0}, epochs=1, batch_size=40, verbose=0,
           shuffle=False)
    m3.fit(x, y, sample_weight=sw, epochs=1, batch_size=40, verbose=0, shuffle=False)
    for a, b in zip(m2.get_weights(), m3.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-6)
    # Keras 3: a class left out weighs 1.0, and the two weightings don't go together
    m4, m5 = _model(seed=3), _model(seed=3)
    m4.fit(x, y, class_weight={0: 1.0}, epochs=1, batch_size=40, verbose=0, shuffle=False)
    m5.fit(x, y, epochs=1, batch_size=40, verbose=0, shuffle=False)
    for a, b in zip(m4.get_weights(), m5.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-6)
    with pytest.raises(ValueError, match="You cannot `class_weight` and `sample_weight`"):
        m2.fit(x, y, class_weight={0: 1.0}, sample_weight=sw, verbose=0)


def test_iterables_generators_and_steps_per_epoch():
    x, y = blobs(96)

    class Batches:  # an iterable of (x, y) that is no dataset, PyDataset or generator
        def __iter__(self):
            for i in range(0, 96, 32):
                yield tf.constant(x[i:i + 32]), tf.constant(y[i:i + 32])

        def __len__(self):
            return 3

    m = _model()
    # Keras 3 refuses it (and an iterator over a dataset, a list's iterator, ...)
    with pytest.raises(ValueError, match="Unrecognized data type: x=<"):
        m.fit(Batches(), epochs=3, verbose=0)
    h = m.fit((b for b in Batches()), steps_per_epoch=3, epochs=1, verbose=0)
    assert len(h.history["loss"]) == 1
    assert int(m.optimizer.iterations.numpy()) == 3

    def gen():
        while True:
            for i in range(0, 96, 16):
                yield x[i:i + 16], y[i:i + 16]

    m = _model()
    m.fit(gen(), steps_per_epoch=4, epochs=2, verbose=0)
    assert int(m.optimizer.iterations.numpy()) == 8
    m = _model()
    with pytest.warns(UserWarning, match="ran out of data"):
        m.fit((b for b in Batches()), steps_per_epoch=5, epochs=2, verbose=0)
    # as Keras 3 on TF (7 there): training goes on, the new pass replays the generator's
    # first two batches; each pass ends in a step whose call finds no data, and counts
    assert int(m.optimizer.iterations.numpy()) == 3 + 1 + 2 + 1
    assert m.evaluate((b for b in Batches()), verbose=0)[1] >= 0.0
    assert m.predict((b for b in Batches()), verbose=0).shape == (96, 2)
    with pytest.raises(ValueError, match="When providing `x` as a generator, `y` should not be "
                       "passed. Instead, the targets should be included as part of the "
                       "generator."):
        m.fit((b for b in Batches()), y, verbose=0)


def test_initial_epoch_and_arrays_with_steps_per_epoch():
    x, y = blobs(64)
    m = _model()
    h = m.fit(x, y, epochs=3, initial_epoch=1, verbose=0)
    assert h.epoch == [1, 2]
    m.fit(x, y, batch_size=8, steps_per_epoch=3, epochs=1, verbose=0)
    assert int(m.optimizer.iterations.numpy()) == 2 * 2 + 3


def test_custom_train_step_tf2_style():
    class Custom(TinyMLP):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
            self.optimizer.minimize(loss, self.trainable_variables, tape=tape)
            self.compiled_metrics.update_state(y, y_pred)
            return {m.name: m.result() for m in self.metrics}

    x, y = blobs()
    m = Custom(2, 2, l2=1e-3)
    m.compile(tf.keras.optimizers.Adam(0.05),
              tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
    h = m.fit(x, y, epochs=4, verbose=0)
    assert sorted(h.history) == ["accuracy", "loss"]
    assert h.history["accuracy"][-1] > 0.95


def test_custom_train_step_returning_own_logs():
    class Own(TinyMLP):
        def train_step(self, data):
            return {"custom": tf.constant(3.0)}

    m = Own(2, 2)
    m.compile("sgd", "mse")
    x, y = blobs(8)
    assert m.fit(x, y, verbose=0).history == {"custom": [3.0]}


def test_regularization_losses_added():
    x, y = blobs(32)
    m = _model(l2=0.5)
    logs = m.evaluate(x, y, verbose=0, return_dict=True, batch_size=32)
    base = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(
        y, m(tf.constant(x))).numpy()
    reg = 0.5 * float(np.sum(m.w1.numpy() ** 2))
    assert logs["loss"] == pytest.approx(float(base) + reg, rel=1e-5)


def test_errors():
    m = TinyMLP(2, 2)
    x, y = blobs(8)
    with pytest.raises(ValueError, match="You must call `compile\\(\\)`"):
        m.fit(x, y)
    m.compile("sgd")
    with pytest.raises(ValueError, match="No loss to compute"):
        m.fit(x, y, verbose=0)
    m.compile("sgd", "mse")
    with pytest.raises(ValueError, match="Data cardinality is ambiguous"):
        m.fit(x, y[:5], verbose=0)
    with pytest.raises(TypeError, match=r"Trainer.compile\(\) got an unexpected keyword "
                                        r"argument 'bogus'"):
        m.compile("sgd", "mse", bogus=1)


def test_run_eagerly_flag():
    m = _model()
    assert m.run_eagerly is False
    m.compile("sgd", "mse", run_eagerly=True)
    assert m.run_eagerly is True
    assert m.make_train_function() is None  # (made now: Keras 3 returns it on later calls)
    assert m.train_function.compiled is False


def test_pydataset_batches():
    x, y = blobs(40)

    class Seq(tf.keras.utils.PyDataset):
        def __init__(self):
            super().__init__()
            self.epochs_done = 0

        def __len__(self):
            return 4

        def __getitem__(self, i):
            return x[i * 10:(i + 1) * 10], y[i * 10:(i + 1) * 10]

        def on_epoch_end(self):
            self.epochs_done += 1

    seq = Seq()
    m = _model()
    h = m.fit(seq, epochs=2, verbose=0)
    # as Keras 3 on TF: its epoch iterator's reset ends an epoch before the first
    assert len(h.history["loss"]) == 2 and seq.epochs_done == 3
    assert int(m.optimizer.iterations.numpy()) == 8
    assert tf.keras.utils.unpack_x_y_sample_weight((1, 2)) == (1, 2, None)
    assert tf.keras.utils.pack_x_y_sample_weight(1, 2) == (1, 2)
    assert tf.keras.Optimizer is tf.keras.optimizers.Optimizer
    assert tf.keras.Loss is tf.keras.losses.Loss and tf.keras.Metric is tf.keras.metrics.Metric


def test_real_sequential_model_trains_and_round_trips_weights():
    x, y = blobs(256)
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu", input_shape=(2,)),
                                 tf.keras.layers.Dense(2)])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.05),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    es = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=1, restore_best_weights=True)
    h = model.fit(x, y, batch_size=32, epochs=4, validation_split=0.25, callbacks=[es], verbose=0)
    assert h.history["val_accuracy"][-1] > 0.95
    assert model.evaluate(x, y, verbose=0)[1] > 0.95
    assert model.predict(x[:5], verbose=0).shape == (5, 2)
    assert model._trackable_children()["optimizer"] is model.optimizer


def test_an_error_in_the_compiled_step_raises_and_is_not_rerun_eagerly():
    # TF raises the step's error out of fit; eagerflow once re-ran the step eagerly instead.
    calls = []

    class M(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d = tf.keras.layers.Dense(1)

        def call(self, x):
            return self.d(x)

        def train_step(self, data):
            calls.append(tf.executing_eagerly())
            if not tf.executing_eagerly():
                raise ValueError("this step only runs eagerly")
            return {"loss": 0.0}

    x, y = np.ones((4, 2), "float32"), np.ones((4, 1), "float32")
    m = M()
    m.compile(optimizer="sgd", loss="mse")
    with pytest.raises(ValueError, match="this step only runs eagerly"):
        m.fit(x, y, epochs=1, verbose=0)
    assert calls == [False]  # traced once, never run eagerly
    calls.clear()
    m.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    m.fit(x, y, epochs=1, verbose=0)
    assert calls == [True]
