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


# The warping layers, on ramps: channel 0 holds x - c and channel 1 y - c (c the centre of
# a 21 x 21 image), so bilinear sampling returns the source coordinates themselves and each
# image's draw can be read back from its output.
C = 10
_Y, _X = np.mgrid[0:21, 0:21].astype(np.float32) - C
RAMPS = np.repeat(np.stack([_X, _Y], axis=-1)[None], 16, axis=0)


def _spread(values, low, high):
    assert np.all(values >= low - 1e-4) and np.all(values <= high + 1e-4)
    assert np.ptp(values) > 0.05 * (high - low)  # one draw per image, not one per batch


def test_random_translation_shifts_each_image_by_its_own_draw():
    out = L.RandomTranslation((-0.2, 0.1), (0.05, 0.25), fill_mode="nearest", seed=3)(RAMPS)
    out = out.numpy()
    dx = -out[:, C, C, 0] / 21.0  # output (x, y) reads the input at (x - dx, y - dy)
    dy = -out[:, C, C, 1] / 21.0
    _spread(dx, 0.05, 0.25)
    _spread(dy, -0.2, 0.1)
    # every pixel of an image moved by the same amount (inside the borders)
    inner = out[:, 6:15, 6:15]
    assert np.allclose(inner[..., 0] - RAMPS[:, 6:15, 6:15, 0], -dx[:, None, None] * 21, atol=1e-3)


def test_random_zoom_scales_about_the_centre():
    out = L.RandomZoom((-0.3, 0.2), (0.1, 0.4), fill_mode="constant", seed=4)(RAMPS).numpy()
    assert np.allclose(out[:, C, C], 0.0, atol=1e-4)  # the centre stays
    zoom_x, zoom_y = out[:, C, C + 1, 0], out[:, C + 1, C, 1]
    _spread(zoom_x, 1.1, 1.4)
    _spread(zoom_y, 0.7, 1.2)
    same = L.RandomZoom((-0.3, 0.2), seed=5)(RAMPS).numpy()
    assert np.allclose(same[:, C, C + 1, 0], same[:, C + 1, C, 1], atol=1e-4)


def test_random_rotation_turns_each_image_about_its_centre():
    out = L.RandomRotation((-0.05, 0.1), fill_mode="constant", seed=6)(RAMPS).numpy()
    assert np.allclose(out[:, C, C], 0.0, atol=1e-4)
    # the pixel right of the centre reads the input at (cos, sin) of the angle
    angles = np.degrees(np.arctan2(out[:, C, C + 1, 1], out[:, C, C + 1, 0]))
    _spread(angles, -0.05 * 360, 0.1 * 360)
    radius = np.hypot(out[:, C, C + 3, 0], out[:, C, C + 3, 1])
    assert np.allclose(radius, 3.0, atol=1e-3)


@pytest.mark.parametrize("make", [lambda: L.RandomTranslation(0.2, 0.2, seed=1),
                                  lambda: L.RandomZoom(0.2, seed=2),
                                  lambda: L.RandomRotation(0.1, seed=3)])
def test_warping_layers_in_tf_data_and_tf_function_and_inference(make):
    layer = make()
    ds = tf.data.Dataset.from_tensor_slices(RAMPS).batch(8).map(lambda x: layer(x))
    batches = [b.numpy() for b in ds]
    assert [b.shape for b in batches] == [(8, 21, 21, 2)] * 2
    assert not np.allclose(batches[0][0], batches[0][1])
    out = tf.function(lambda x: layer(x, training=True))(RAMPS).numpy()
    assert out.shape == RAMPS.shape and not np.allclose(out, RAMPS)
    assert np.array_equal(layer(RAMPS, training=False).numpy(), RAMPS)
