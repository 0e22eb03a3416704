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
