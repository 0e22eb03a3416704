"""Two fixes found by tests/guides/guide_keras_transfer.py (recorded from TF 2.21 +
Keras 3.15): a layer's `trainable` flag is set on its own trainable weights, as Keras 3
sets it; and an affine warp (RandomRotation, keras.ops.image.affine_transform) traced with
a batch size known only at run time."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

keras = tf.keras
L = keras.layers


def test_trainable_flag_reaches_the_layers_own_trainable_weights():
    d = L.Dense(2)
    d.build((None, 3))
    d.trainable = False
    assert [v.trainable for v in d.weights] == [False, False]
    d.trainable = True
    assert [v.trainable for v in d.weights] == [True, True]
    bn = L.BatchNormalization()
    bn.build((None, 3))
    bn.trainable = False
    bn.trainable = True  # the moving statistics stay non-trainable
    assert [v.trainable for v in bn.weights] == [True, True, False, False]
    m = keras.Sequential([keras.Input((3,)), L.Dense(2), L.Dense(1)])
    m.trainable = False
    assert not any(v.trainable for v in m.weights)
    m.layers[0].trainable = True
    assert [v.trainable for v in m.weights] == [True, True, False, False]
    assert m.trainable_weights == []  # the model itself is still frozen


def test_random_rotation_in_fit_with_an_unknown_batch():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((8, 8, 1)), L.RandomRotation(0.2, seed=3),
                              L.Flatten(), L.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    ds = tf.data.Dataset.from_tensor_slices(
        (np.ones((6, 8, 8, 1), "float32"), np.zeros((6, 1), "float32"))).batch(4)
    history = model.fit(ds, epochs=1, verbose=0)
    assert np.isfinite(history.history["loss"][0])


def test_affine_transform_traced_with_an_unknown_batch():
    identity = np.array([1, 0, 0, 0, 1, 0, 0, 0], "float32")

    @tf.function(input_signature=[tf.TensorSpec([None, 4, 4, 1])])
    def warp(images):
        n = tf.shape(images)[0]
        return keras.ops.image.affine_transform(images, tf.tile(identity[None], [n, 1]))

    x = np.arange(32, dtype="float32").reshape(2, 4, 4, 1)
    np.testing.assert_array_equal(warp(x), x)


def test_affine_transform_still_refuses_a_wrong_number_of_transforms():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Input transform should be num_images x 8 or 1 x 8"):
        keras.ops.image.affine_transform(np.zeros((3, 4, 4, 1), "float32"),
                                         np.zeros((2, 8), "float32"))


def test_a_keras_variables_flag_leaves_its_tf_variable_watched_as_made():
    """Keras 3's `trainable` is its own flag: the tf.Variable under a Keras variable keeps
    the flag it was made with (`v.value.trainable`), and a tape watches what that flag
    says, as TF's tape: a frozen layer's kernel still gets a gradient from a tape, a
    variable made trainable later is not watched (TF 2.21's answers)."""
    v = keras.Variable(1.0, trainable=False)
    v.trainable = True
    assert (v.trainable, v.value.trainable) == (True, False)
    with tf.GradientTape() as tape:
        y = v * 2.0
    assert tape.gradient(y, v) is None and not tape.watched_variables()
    w = keras.Variable(1.0)
    w.trainable = False
    assert (w.trainable, w.value.trainable) == (False, True)
    with tf.GradientTape() as tape:
        y = w * 3.0
    assert float(tape.gradient(y, w)) == 3.0
    m = keras.Sequential([keras.Input((3,)), L.Dense(2, kernel_initializer="ones"),
                          L.Dense(1, kernel_initializer="ones")])
    m.layers[0].trainable = False
    with tf.GradientTape() as tape:
        y = m(tf.ones([1, 3]))
    grads = tape.gradient(y, m.weights)
    np.testing.assert_array_equal(grads[0].numpy(), np.ones((3, 2)))
    assert len(tape.watched_variables()) == 4 and len(m.trainable_variables) == 2


def test_non_trainable_variables_are_the_variables_not_trainable_in_order():
    """Keras 3: a frozen weight of a trainable layer is among its non-trainable variables,
    in `variables`' order (TF 2.21's lists for this model)."""
    keras.backend.clear_session()  # (the names' counters from zero, as in TF's run)
    inp = keras.Input((8, 8, 3))
    x = L.BatchNormalization()(L.Conv2D(4, 3)(inp))
    x = L.Flatten()(L.Dropout(0.2, seed=1)(x))
    inner = keras.Sequential([L.Dense(5), L.BatchNormalization(), L.Dense(2)])
    m = keras.Model(inp, inner(x))
    m.layers[1].kernel.trainable = False
    inner.layers[1].trainable = False
    assert [v.path for v in m.non_trainable_variables] == [
        "conv2d/kernel", "batch_normalization/moving_mean",
        "batch_normalization/moving_variance", "seed_generator/seed_generator_state",
        "sequential/batch_normalization_1/gamma", "sequential/batch_normalization_1/beta",
        "sequential/batch_normalization_1/moving_mean",
        "sequential/batch_normalization_1/moving_variance"]
    assert [v.path for v in m.trainable_variables] == [
        "conv2d/bias", "batch_normalization/gamma", "batch_normalization/beta",
        "sequential/dense/kernel", "sequential/dense/bias", "sequential/dense_1/kernel",
        "sequential/dense_1/bias"]


def test_a_functions_reads_watch_a_keras_variable_by_its_tf_variables_flag():
    """A tf.function's variable reads reach the tape by another path than eager reads; it
    reads the same flag (TF 2.21: a frozen layer's weights watched, a Keras variable made
    trainable later not)."""
    d = L.Dense(2, kernel_initializer="ones")
    d.build((None, 3))
    d.trainable = False
    f = tf.function(lambda x: d(x))
    with tf.GradientTape() as tape:
        y = f(tf.ones([1, 3]))
    assert all(g is not None for g in tape.gradient(y, [d.kernel, d.bias]))
    assert len(tape.watched_variables()) == 2
    v = keras.Variable(1.0, trainable=False)
    v.trainable = True
    g = tf.function(lambda: v * 2.0)
    with tf.GradientTape() as tape:
        y = g()
    assert tape.gradient(y, v) is None and not tape.watched_variables()
