"""The random image preprocessing layers' draws, by their properties (the deterministic
behaviour is compared with TF 2.21 in tests/ragged/golden_exprs.py, IMAGE_LAYERS)."""

import numpy as np
import pytest

import eagerflow as tf

L = tf.keras.layers
RNG = np.random.default_rng(0)
BATCH = RNG.uniform(0, 255, (32, 5, 6, 3)).astype(np.float32)


@pytest.mark.parametrize("mode,axes", [("horizontal", (1,)), ("vertical", (0,)),
                                       ("horizontal_and_vertical", (0, 1))])
def test_random_flip_flips_each_image_or_keeps_it(mode, axes):
    out = L.RandomFlip(mode, seed=5)(BATCH).numpy()
    flipped = [bool(np.array_equal(o, np.flip(x, axes))) for o, x in zip(out, BATCH)]
    kept = [bool(np.array_equal(o, x)) for o, x in zip(out, BATCH)]
    assert all(f or k for f, k in zip(flipped, kept))
    assert 4 < sum(flipped) < 28  # about half of 32


def test_random_flip_of_one_image_and_channels_first():
    image = BATCH[0]
    out = L.RandomFlip("horizontal", seed=1)(image).numpy()
    assert out.shape == image.shape
    assert np.array_equal(out, image) or np.array_equal(out, image[:, ::-1])
    cf = np.transpose(BATCH, (0, 3, 1, 2))
    out = L.RandomFlip("horizontal", data_format="channels_first", seed=2)(cf).numpy()
    for o, x in zip(out, cf):
        assert np.array_equal(o, x) or np.array_equal(o, x[:, :, ::-1])


def test_random_contrast_scales_each_image_about_its_mean():
    x = RNG.uniform(100, 150, (16, 4, 4, 3)).astype(np.float32)
    out = L.RandomContrast((0.2, 0.5), seed=3)(x).numpy()
    mean = x.mean(axis=(1, 2), keepdims=True)
    factors = (out - mean) / (x - mean)
    per_image = factors.reshape(16, -1)
    assert np.allclose(per_image, per_image[:, :1], rtol=1e-3, atol=1e-3)
    assert np.all(per_image[:, 0] >= 0.8 - 1e-4) and np.all(per_image[:, 0] <= 1.5 + 1e-4)
    assert np.ptp(per_image[:, 0]) > 0.05  # not one factor for the batch


def test_random_contrast_clips_to_the_value_range():
    out = L.RandomContrast((0.0, 1.0), value_range=(0, 255), seed=4)(BATCH).numpy()
    assert out.min() >= 0 and out.max() <= 255


def test_random_crop_takes_one_window_of_the_batch():
    out = L.RandomCrop(3, 4, seed=6)(BATCH).numpy()
    assert out.shape == (32, 3, 4, 3)
    windows = [(t, left) for t in range(3) for left in range(3)
               if np.array_equal(out, BATCH[:, t:t + 3, left:left + 4])]
    assert len(windows) == 1


def test_each_call_draws_anew():
    layer = L.RandomContrast(0.5, seed=12)
    assert not np.array_equal(layer(BATCH).numpy(), layer(BATCH).numpy())


def test_random_layers_in_tf_data_and_tf_function():
    flip = L.RandomFlip("horizontal", seed=7)
    ds = tf.data.Dataset.from_tensor_slices(BATCH).batch(8).map(lambda x: flip(x))
    for out, x in zip(np.concatenate([b.numpy() for b in ds]), BATCH):
        assert np.array_equal(out, x) or np.array_equal(out, x[:, ::-1])
    contrast = L.RandomContrast(0.3, seed=8)
    out = tf.function(lambda x: contrast(x, training=True))(BATCH).numpy()
    assert out.shape == BATCH.shape and not np.array_equal(out, BATCH)


def test_augmentation_runs_while_fitting_and_not_while_predicting():
    model = tf.keras.Sequential([tf.keras.Input((5, 6, 3)), L.RandomFlip(seed=1),
                                 L.RandomContrast(0.2, seed=2), L.Rescaling(1 / 255.0),
                                 L.Flatten(), L.Dense(2)])
    model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(BATCH, np.arange(32) % 2, epochs=1, batch_size=8, verbose=0)
    assert np.isfinite(history.history["loss"][0])
    augment = tf.keras.Sequential(model.layers[:2])
    assert np.array_equal(augment.predict(BATCH, verbose=0), BATCH)
