"""tf.image colour conversions and adjustments against Python's colorsys, augmentations'
ranges, and metrics against NumPy formulas."""

import colorsys

import numpy as np
import pytest

import eagerflow as tf

RNG = np.random.default_rng(9)
PIXELS = RNG.uniform(0, 1, size=(5, 4, 3))


def _colorsys(fn, img):
    flat = img.reshape(-1, 3)
    return np.array([fn(*p) for p in flat]).reshape(img.shape)


def test_hsv_round_trip_matches_colorsys():
    # (float64 tensors: a NumPy array would be converted to float32, RGBToHSV's default)
    hsv = tf.image.rgb_to_hsv(tf.constant(PIXELS)).numpy()
    np.testing.assert_allclose(hsv, _colorsys(colorsys.rgb_to_hsv, PIXELS), atol=1e-12)
    np.testing.assert_allclose(tf.image.hsv_to_rgb(tf.constant(hsv)).numpy(), PIXELS, atol=1e-12)


@pytest.mark.parametrize("delta", [-0.7, -0.1, 0.25, 0.9])
def test_adjust_hue_matches_colorsys(delta):
    hsv = _colorsys(colorsys.rgb_to_hsv, PIXELS)
    hsv[..., 0] = np.mod(hsv[..., 0] + delta, 1.0)
    want = _colorsys(colorsys.hsv_to_rgb, hsv)
    got = tf.image.adjust_hue(PIXELS.astype(np.float32), delta).numpy()
    np.testing.assert_allclose(got, want, atol=2e-6)


def test_adjust_saturation_and_uint8_images():
    hsv = _colorsys(colorsys.rgb_to_hsv, PIXELS)
    hsv[..., 1] = np.clip(hsv[..., 1] * 1.7, 0, 1)
    want = _colorsys(colorsys.hsv_to_rgb, hsv)
    got = tf.image.adjust_saturation(PIXELS.astype(np.float32), 1.7).numpy()
    np.testing.assert_allclose(got, want, atol=2e-6)
    img = (PIXELS * 255).astype(np.uint8)
    out = tf.image.adjust_saturation(img, 0.0)
    assert out.dtype == tf.uint8
    assert np.abs(out.numpy().astype(int) - out.numpy().max(-1, keepdims=True)).max() <= 1


def test_rgb_to_hsv_is_differentiable():
    x = tf.constant(PIXELS)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(x)))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), np.ones_like(PIXELS), atol=1e-9)


def test_yuv_yiq_round_trips():
    for fwd, back in [(tf.image.rgb_to_yuv, tf.image.yuv_to_rgb),
                      (tf.image.rgb_to_yiq, tf.image.yiq_to_rgb)]:
        # (TF's inverse matrices are rounded constants: YIQ's round trip is off by ~6e-5)
        np.testing.assert_allclose(back(fwd(PIXELS)).numpy(), PIXELS, atol=1e-4)
    np.testing.assert_allclose(tf.image.rgb_to_yuv(PIXELS).numpy()[..., 0],
                               PIXELS @ np.array([0.299, 0.587, 0.114]))


def test_random_augmentations_stay_in_range():
    img = tf.constant(PIXELS.astype(np.float32))
    for out in [tf.image.random_brightness(img, 0.2, seed=1),
                tf.image.stateless_random_brightness(img, 0.2, seed=(1, 2))]:
        shift = out.numpy() - PIXELS
        assert np.allclose(shift, shift.flat[0], atol=1e-6) and abs(shift.flat[0]) <= 0.2
    crop = tf.image.random_crop(img, [2, 3, 3], seed=3).numpy()
    hits = [(i, j) for i in range(4) for j in range(2)
            if np.allclose(PIXELS[i:i + 2, j:j + 3], crop)]
    assert len(hits) == 1
    a = tf.image.stateless_random_crop(img, [2, 2, 3], seed=(4, 5)).numpy()
    b = tf.image.stateless_random_crop(img, [2, 2, 3], seed=(4, 5)).numpy()
    np.testing.assert_array_equal(a, b)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Need value.shape >= size"):
        tf.image.random_crop(img, [6, 2, 3])
    with pytest.raises(ValueError, match="max_delta must be <= 0.5"):
        tf.image.random_hue(img, 0.7)


def test_metrics_and_gradients_against_numpy():
    imgs = RNG.uniform(0, 1, size=(2, 5, 4, 3))
    tv = np.abs(np.diff(imgs, axis=1)).sum((1, 2, 3)) + np.abs(np.diff(imgs, axis=2)).sum((1, 2, 3))
    # (TF's total_variation and image_gradients read get_shape(): a tensor, not an array)
    np.testing.assert_allclose(tf.image.total_variation(tf.constant(imgs)).numpy(), tv)
    other = RNG.uniform(0, 1, size=(2, 5, 4, 3))
    mse = ((imgs - other) ** 2).mean((1, 2, 3))
    np.testing.assert_allclose(tf.image.psnr(imgs, other, 1.0).numpy(),
                               10 * np.log10(1 / mse), rtol=1e-5)
    dy, dx = tf.image.image_gradients(tf.constant(imgs))
    np.testing.assert_allclose(dy.numpy()[:, :-1], np.diff(imgs, axis=1))
    np.testing.assert_allclose(dx.numpy()[:, :, :-1], np.diff(imgs, axis=2))
    edges = tf.image.sobel_edges(tf.constant(imgs)).numpy()  # (TF reads its get_shape)
    padded = np.pad(imgs, [(0, 0), (1, 1), (1, 1), (0, 0)], mode="reflect")
    ky = np.array([[-1, -2, -1], [0, 0, 0], [1, 2, 1]])
    want_dy = sum(ky[i, j] * padded[:, i:i + 5, j:j + 4] for i in range(3) for j in range(3))
    np.testing.assert_allclose(edges[..., 0], want_dy, atol=1e-12)


def _ssim_ref(a, b, max_val=1.0, size=11, sigma=1.5):
    coords = np.arange(size) - (size - 1) / 2
    g = np.exp(-(coords[:, None] ** 2 + coords[None, :] ** 2) / (2 * sigma ** 2))
    g /= g.sum()
    h, w = a.shape[0] - size + 1, a.shape[1] - size + 1

    def blur(v):
        return np.array([[[np.sum(g * v[i:i + size, j:j + size, c]) for c in range(v.shape[2])]
                          for j in range(w)] for i in range(h)])
    c1, c2 = (0.01 * max_val) ** 2, (0.03 * max_val) ** 2
    ma, mb = blur(a), blur(b)
    va, vb, cov = blur(a * a) - ma ** 2, blur(b * b) - mb ** 2, blur(a * b) - ma * mb
    ssim_map = ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma ** 2 + mb ** 2 + c1) * (va + vb + c2))
    return ssim_map.mean()


def test_ssim_against_the_textbook_formula():
    a = RNG.uniform(0, 1, size=(14, 13, 2))
    b = np.clip(a + RNG.normal(0, 0.1, size=a.shape), 0, 1)
    np.testing.assert_allclose(float(tf.image.ssim(a, b, 1.0)), _ssim_ref(a, b), rtol=1e-4)
    assert float(tf.image.ssim(a, a, 1.0)) == pytest.approx(1.0, abs=1e-6)
    batch = tf.image.ssim(np.stack([a, a]), np.stack([b, a]), 1.0).numpy()
    assert batch.shape == (2,) and batch[1] == pytest.approx(1.0, abs=1e-6)
