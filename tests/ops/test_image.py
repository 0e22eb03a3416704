"""tf.image: resize methods (values written out from TF's sampling rules, dtypes, sizes),
flips, crops, padding, dtype conversion, grayscale, standardization, gradients, errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.test_nn import grad_check

RNG = np.random.default_rng(3)
IMG = np.arange(1.0, 17.0).reshape(1, 4, 4, 1)


def test_bilinear_uses_half_pixel_centers():
    # out pixel i samples input coordinate (i + 0.5) * in / out - 0.5, clamped at the edges
    y = tf.image.resize(IMG, [3, 2]).numpy()[0, :, :, 0]
    a = IMG[0, :, :, 0]

    def sample(v, coord, n):
        lo = math.floor(coord)
        frac = coord - lo
        return (1 - frac) * v[max(lo, 0)] + frac * v[min(math.ceil(coord), n - 1)]

    rows = [(i + 0.5) * 4 / 3 - 0.5 for i in range(3)]
    cols = [(j + 0.5) * 2 - 0.5 for j in range(2)]
    want = np.array([[sample(np.array([sample(a[r], c, 4) for r in range(4)]), ri, 4)
                      for c in cols] for ri in rows])
    np.testing.assert_allclose(y, want, rtol=1e-6)
    np.testing.assert_allclose(y, [[2.16667, 4.16667], [7.5, 9.5], [12.83333, 14.83333]],
                               rtol=1e-5)  # TF's output


def test_nearest_area_bicubic_known_values():
    a = IMG[0, :, :, 0]
    near = tf.image.resize(IMG, [3, 2], method="nearest").numpy()[0, :, :, 0]
    rows = [min(math.floor((i + 0.5) * 4 / 3), 3) for i in range(3)]
    np.testing.assert_array_equal(near, a[rows][:, [1, 3]])
    area = tf.image.resize(IMG, [2, 2], method="area").numpy()[0, :, :, 0]
    np.testing.assert_allclose(area, a.reshape(2, 2, 2, 2).mean(axis=(1, 3)))  # exact blocks
    area_up = tf.image.resize(IMG, [5, 7], method="area").numpy()[0, :, 0, 0]
    # 4 -> 5 rows: output row 3 covers [2.4, 3.2): 0.6 of row 2 and 0.2 of row 3
    assert abs(area_up[3] - (0.6 * a[2, 0] + 0.2 * a[3, 0]) / 0.8) < 1e-5
    cubic = tf.image.resize(IMG, [3, 2], method="bicubic").numpy()[0, :, :, 0]
    np.testing.assert_allclose(cubic, [[1.82409, 4.00056], [7.41177, 9.58824],
                                       [12.99944, 15.17591]], atol=2e-5)  # TF's output
    lanczos = tf.image.resize(IMG, [3, 2], method="lanczos3").numpy()[0, :, :, 0]
    np.testing.assert_allclose(lanczos[0], [1.71482, 3.97154], atol=2e-5)
    aa = tf.image.resize(IMG, [3, 2], antialias=True).numpy()[0, :, :, 0]
    np.testing.assert_allclose(aa[0], [2.91429, 4.48571], atol=2e-5)
    for m in ("gaussian", "mitchellcubic", "lanczos5"):
        y = tf.image.resize(IMG, [8, 8], method=m).numpy()
        assert y.shape == (1, 8, 8, 1) and np.isfinite(y).all()


def test_resize_is_identity_at_the_same_size_and_preserves_constants():
    x = RNG.uniform(0, 1, (2, 5, 6, 3)).astype(np.float32)
    for m in ("bilinear", "nearest", "area", "bicubic"):
        np.testing.assert_allclose(tf.image.resize(x, [5, 6], method=m).numpy(), x, atol=1e-6)
    ones = np.ones((1, 5, 6, 2))
    for m in ("bilinear", "area", "bicubic", "lanczos3", "gaussian", "mitchellcubic"):
        for size in ([3, 4], [9, 11]):
            np.testing.assert_allclose(tf.image.resize(ones, size, method=m).numpy(), 1.0,
                                       rtol=1e-5)


def test_resize_dtypes_ranks_and_sizes():
    u8 = RNG.integers(0, 256, (5, 4, 3)).astype(np.uint8)
    assert tf.image.resize(u8, [3, 3]).dtype == tf.float32
    near = tf.image.resize(u8, [3, 3], method="nearest")
    assert near.dtype == tf.uint8 and near.shape == (3, 3, 3)
    assert tf.image.resize(u8.astype(np.float64), [2, 2]).dtype == tf.float32  # as TF
    assert tf.image.resize(np.ones((1, 4, 8, 1)), [3, 3], preserve_aspect_ratio=True).shape == \
        (1, 2, 3, 1)
    assert tf.image.resize(np.ones((1, 5, 3, 1)), [7, 7], preserve_aspect_ratio=True).shape == \
        (1, 7, 4, 1)
    with pytest.raises(ValueError, match="'images' must have either 3 or 4 dimensions."):
        tf.image.resize(np.ones((4, 4)), [2, 2])
    with pytest.raises(ValueError, match="'size' must be a 1-D Tensor of 2 elements"):
        tf.image.resize(IMG, [2])
    with pytest.raises(ValueError, match="'size' must be a 1-D int32 Tensor"):
        tf.image.resize(IMG, [2.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"output dimensions must be positive \[Op:ResizeBilinear\]"):
        tf.image.resize(IMG, [0, 2])
    with pytest.raises(ValueError, match="Resize method is not implemented: foo"):
        tf.image.resize(IMG, [2, 2], method="foo")


def float32_directional_check(f, x, eps=1e-3, tol=2e-3):
    """For float32 outputs: the tape's directional derivative vs a coarse central
    difference (float64 checks of the underlying ops are in the registry suites)."""
    x = np.asarray(x, np.float64)
    d = RNG.standard_normal(x.shape)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = f(xt)
    w = RNG.uniform(0.5, 1.5, y.shape).astype(np.float32)
    g = tape.gradient(y, xt, output_gradients=tf.constant(w)).numpy()
    num = (np.sum(f(tf.constant(x + eps * d)).numpy() * w) -
           np.sum(f(tf.constant(x - eps * d)).numpy() * w)) / (2 * eps)
    assert abs(num - np.sum(g * d)) <= tol * max(1.0, abs(num)), (num, np.sum(g * d))


# (area: TF 2.21 has no gradient of ResizeArea, nor has eagerflow: test_dynslice_golden)
@pytest.mark.parametrize("method,antialias", [("bilinear", False), ("nearest", False),
                                              ("bicubic", False),
                                              ("lanczos3", True), ("bilinear", True)])
def test_resize_gradients(method, antialias):
    float32_directional_check(lambda a: tf.image.resize(a, [5, 2], method=method,
                                                        antialias=antialias),
                              RNG.standard_normal((1, 4, 3, 2)))


def test_resize_gradient_is_the_transposed_map():
    # <resize(x), g> == <x, d resize(x)/dx applied to g> for a linear map, exactly
    x = tf.constant(RNG.standard_normal((2, 5, 4, 3)).astype(np.float32))
    g = RNG.standard_normal((2, 7, 3, 3)).astype(np.float32)
    for m in ("bilinear", "bicubic", "lanczos5"):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.image.resize(x, [7, 3], method=m)
        dx = tape.gradient(y, x, output_gradients=tf.constant(g)).numpy()
        np.testing.assert_allclose(np.sum(y.numpy() * g), np.sum(x.numpy() * dx), rtol=1e-4)


def test_flips_rotations_transpose():
    x = RNG.standard_normal((2, 3, 4, 2))
    np.testing.assert_array_equal(tf.image.flip_left_right(x).numpy(), x[:, :, ::-1])
    np.testing.assert_array_equal(tf.image.flip_up_down(x[0]).numpy(), x[0, ::-1])
    np.testing.assert_array_equal(tf.image.rot90(x[0]).numpy(), np.rot90(x[0], 1, (0, 1)))
    np.testing.assert_array_equal(tf.image.rot90(x, 2).numpy(), np.rot90(x, 2, (1, 2)))
    np.testing.assert_array_equal(tf.image.rot90(x, 3).numpy(), np.rot90(x, 3, (1, 2)))
    np.testing.assert_array_equal(tf.image.transpose(x).numpy(), x.transpose(0, 2, 1, 3))
    with pytest.raises(ValueError, match=r"'image' \(shape \(4, 4\)\) must be at least "
                                         "three-dimensional."):
        tf.image.flip_up_down(np.ones((4, 4)))
    grad_check(tf.image.flip_left_right, x[:1, :2, :3])


def test_random_flips_flip_whole_images_and_follow_seeds():
    x = RNG.standard_normal((64, 3, 4, 1))
    tf.random.set_seed(1)
    y = tf.image.random_flip_left_right(x, seed=3).numpy()
    flipped = [np.array_equal(y[i], x[i, :, ::-1]) for i in range(64)]
    same = [np.array_equal(y[i], x[i]) for i in range(64)]
    assert all(f or s for f, s in zip(flipped, same))
    assert 10 < sum(flipped) < 54  # about half
    tf.random.set_seed(1)
    np.testing.assert_array_equal(tf.image.random_flip_left_right(x, seed=3).numpy(), y)
    single = tf.image.random_flip_up_down(x[0], seed=5).numpy()
    assert np.array_equal(single, x[0]) or np.array_equal(single, x[0, ::-1])


def test_crop_pad_and_central_crop():
    big = np.arange(1.0, 37.0).reshape(6, 6, 1)
    np.testing.assert_array_equal(tf.image.crop_to_bounding_box(big, 1, 2, 3, 2).numpy(),
                                  big[1:4, 2:4])
    padded = tf.image.pad_to_bounding_box(big, 1, 2, 8, 9).numpy()
    assert padded.shape == (8, 9, 1)
    np.testing.assert_array_equal(padded[1:7, 2:8], big)
    assert padded.sum() == big.sum()
    np.testing.assert_array_equal(tf.image.central_crop(big, 0.5).numpy(), big[1:5, 1:5])
    np.testing.assert_array_equal(tf.image.central_crop(big, 0.3).numpy(), big[2:4, 2:4])
    assert tf.image.central_crop(big[None], 0.5).shape == (1, 4, 4, 1)
    out = tf.image.resize_with_crop_or_pad(big, 4, 8).numpy()[:, :, 0]
    np.testing.assert_array_equal(out[:, 1:7], big[1:5, :, 0])
    assert (out[:, 0] == 0).all() and (out[:, 7] == 0).all()
    assert tf.image.resize_with_pad(np.ones((4, 8, 1)), 6, 6).shape == (6, 6, 1)
    grad_check(lambda a: tf.image.pad_to_bounding_box(a, 1, 0, 4, 3), RNG.standard_normal(
        (2, 2, 1)), second_order=False)
    grad_check(lambda a: tf.image.central_crop(a, 0.5), RNG.standard_normal((4, 4, 1)),
               second_order=False)
    for fn, msg in [(lambda: tf.image.central_crop(big, 0.0), "central_fraction must be within"),
                    (lambda: tf.image.pad_to_bounding_box(big, 1, 2, 6, 9),
                     "height must be <= target - offset"),
                    (lambda: tf.image.pad_to_bounding_box(big, -1, 2, 8, 9),
                     "offset_height must be >= 0"),
                    (lambda: tf.image.crop_to_bounding_box(big, 4, 2, 3, 2),
                     "height must be >= target + offset."),
                    (lambda: tf.image.crop_to_bounding_box(big, 1, 5, 3, 2),
                     "width must be >= target + offset."),
                    (lambda: tf.image.crop_to_bounding_box(big, 1, 2, 0, 2),
                     "target_height must be > 0."),
                    (lambda: tf.image.pad_to_bounding_box(big[:, :, 0], 1, 2, 8, 9),
                     "must have either 3 or 4 dimensions")]:
        with pytest.raises(ValueError) as info:
            fn()
        assert msg in str(info.value)


def test_convert_image_dtype_rules():
    u8 = np.array([0, 128, 255], np.uint8)
    np.testing.assert_allclose(tf.image.convert_image_dtype(u8, tf.float32).numpy(),
                               u8 / 255.0, rtol=1e-6)
    f = np.array([0.0, 0.5, 1.0], np.float32)
    np.testing.assert_array_equal(tf.image.convert_image_dtype(f, tf.uint8).numpy(),
                                  [0, 127, 255])
    over = np.array([1.2, -0.1], np.float32)
    np.testing.assert_array_equal(
        tf.image.convert_image_dtype(over, tf.uint8, saturate=True).numpy(), [255, 0])
    np.testing.assert_array_equal(tf.image.convert_image_dtype(u8, tf.int32).numpy(),
                                  [0, 1073741824, 2139095040])  # shifted up by 2**23
    np.testing.assert_array_equal(
        tf.image.convert_image_dtype(np.array([0, 2 ** 30, 2 ** 31 - 1], np.int32),
                                     tf.uint8).numpy(), [0, 128, 255])
    np.testing.assert_array_equal(tf.image.convert_image_dtype(u8, tf.int8).numpy(),
                                  [0, 64, 127])
    np.testing.assert_allclose(
        tf.image.convert_image_dtype(np.array([-128, 0, 127], np.int8), tf.float32).numpy(),
        [-128 / 127, 0, 1])
    assert tf.image.convert_image_dtype(f, tf.float64).dtype == tf.float64
    assert tf.image.convert_image_dtype(u8, tf.uint8).dtype == tf.uint8
    with pytest.raises(AttributeError, match="image dtype must be either floating point or "
                                             "integer"):
        tf.image.convert_image_dtype(np.array([True]), tf.float32)


def test_grayscale_and_standardization():
    rgb = np.array([[[[10.0, 200.0, 30.0], [255.0, 0.0, 0.0]]]], np.float32)
    g = tf.image.rgb_to_grayscale(rgb).numpy()
    np.testing.assert_allclose(g[..., 0], rgb @ np.array([0.2989, 0.5870, 0.1140]), rtol=1e-6)
    gu = tf.image.rgb_to_grayscale(rgb.astype(np.uint8))
    assert gu.dtype == tf.uint8
    np.testing.assert_array_equal(gu.numpy()[..., 0], [[[124, 76]]])
    # (TF's grayscale_to_rgb reads get_shape() unconverted: a tensor, not an array)
    np.testing.assert_array_equal(tf.image.grayscale_to_rgb(tf.ones((2, 2, 1))).numpy(),
                                  np.ones((2, 2, 3)))
    with pytest.raises(ValueError, match="Last dimension of a grayscale image should be size 1."):
        tf.image.grayscale_to_rgb(tf.ones((2, 2, 3)))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Matrix size-incompatible"):
        tf.image.rgb_to_grayscale(np.ones((2, 2, 2)))
    x = RNG.uniform(0, 255, (2, 4, 5, 3))
    s = tf.image.per_image_standardization(x)
    assert s.dtype == tf.float32  # TF standardizes in float32 whatever the input
    sv = s.numpy()
    np.testing.assert_allclose(sv.mean(axis=(1, 2, 3)), 0, atol=1e-5)
    np.testing.assert_allclose(sv.std(axis=(1, 2, 3)), 1, rtol=1e-4)
    np.testing.assert_array_equal(tf.image.per_image_standardization(np.ones((2, 2, 1))).numpy(),
                                  0)  # stddev floored at 1/sqrt(N): no division by zero
    float32_directional_check(tf.image.per_image_standardization,
                              RNG.standard_normal((2, 3, 2, 1)))
    # Dims unknown while tracing (as in a tf.data map after a gather): N read at run time.
    f = tf.function(tf.image.per_image_standardization,
                    input_signature=[tf.TensorSpec([None, None, 1], tf.float32)])
    img = RNG.uniform(0, 1, (3, 4, 1)).astype(np.float32)
    np.testing.assert_allclose(f(img).numpy(), tf.image.per_image_standardization(img).numpy(),
                               rtol=1e-6)
    np.testing.assert_array_equal(f(np.ones((2, 3, 1), np.float32)).numpy(), 0)


def test_brightness_and_contrast():
    np.testing.assert_allclose(tf.image.adjust_brightness(np.array([[[0.5]]], np.float32),
                                                          0.2).numpy(), 0.7, rtol=1e-6)
    np.testing.assert_array_equal(
        tf.image.adjust_brightness(np.array([[[100]]], np.uint8), 0.2).numpy(), [[[151]]])
    x = np.arange(4.0).reshape(2, 2, 1)
    np.testing.assert_allclose(tf.image.adjust_contrast(x, 2.0).numpy(),
                               (x - 1.5) * 2 + 1.5)


def test_central_crop_takes_an_eager_tensors_fraction_as_its_value():
    """TF 2.21 (checked by hand): an eager tensor's fraction is its value (TF's
    constant_value), bools and float64 included; out of range is the ValueError."""
    img = tf.reshape(tf.range(48, dtype=tf.float32), [4, 4, 3])
    assert tf.image.central_crop(img, tf.constant(0.5)).shape == (2, 2, 3)
    for f in (tf.constant(True), tf.constant(0.75, tf.float64), tf.constant(1.0)):
        assert tf.image.central_crop(img, f).shape == (4, 4, 3)
    assert tf.image.central_crop(tf.zeros((0, 0, 0), tf.bool), tf.constant(True)).shape == \
        (0, 0, 0)
    with pytest.raises(ValueError, match=r"central_fraction must be within \(0, 1\]"):
        tf.image.central_crop(img, tf.constant(1.5))


# TF 2.21 (recorded): tf.image.resize's methods other than nearest read the image as a
# float in their ops, which refuse bool (and complex, uint32, string) with the op's attr
# error, whatever the size; nothing is cast first
_BOOL_REFUSED = [("bilinear", False, "ResizeBilinear"), ("bilinear", True, "ScaleAndTranslate"),
                 ("nearest", False, "ResizeNearestNeighbor"),
                 ("bicubic", False, "ResizeBicubic"), ("bicubic", True, "ScaleAndTranslate"),
                 ("area", False, "ResizeArea"), ("area", True, "ResizeArea"),
                 ("lanczos3", False, "ScaleAndTranslate"),
                 ("lanczos5", True, "ScaleAndTranslate"),
                 ("gaussian", False, "ScaleAndTranslate"),
                 ("mitchellcubic", False, "ScaleAndTranslate")]


@pytest.mark.parametrize("method,antialias,op", _BOOL_REFUSED)
def test_resize_refuses_bool_images_as_tf(method, antialias, op):
    img = np.ones((1, 4, 4, 1), bool)
    for image, size in ((img, [2, 3]), (img, [4, 4]), (img[0], [2, 3])):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.image.resize(image, size, method=method, antialias=antialias)
        msg = str(info.value)
        assert msg.startswith("Value for attr 'T' of bool is not in the list of allowed "
                              "values: int8, uint8, int16, uint16, int32, int64, "), msg
        assert f"NodeDef: {{{{node {op}}}}}; Op<name={op};" in msg, msg
    with pytest.raises(tf.errors.InvalidArgumentError, match="NodeDef: {{node ResizeBilinear}}"):
        tf.image.resize_with_pad(img, 2, 3)
    for d in (tf.complex64, tf.uint32, tf.string):
        x = tf.zeros((1, 4, 4, 1), d) if d != tf.string else tf.fill((1, 4, 4, 1), "a")
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=f"Value for attr 'T' of {d.name} is not in the list"):
            tf.image.resize(x, [2, 3], method=method, antialias=antialias)


def test_resize_negative_size_is_tfs_dimension_error():
    # TF 2.21 (recorded): tf.image.resize and TF 1's resize/resize_images read a constant
    # size as a TensorShape first: a value below -1 is Dimension's ValueError (the first
    # one, before the method's and the image dtype's checks); -1 is an unknown dim the
    # kernel refuses; the raw ops and TF 1's resize_bilinear/... refuse in the kernel
    img = np.ones((1, 4, 4, 1), np.float32)
    for size, bad in (([-2, 3], -2), ([3, -2], -2), ([-1, -3], -3), ([-3, -4], -3),
                      ([0, -3], -3)):
        for f in (lambda s: tf.image.resize(img, s), lambda s: tf.image.resize(img[0], s),
                  lambda s: tf.image.resize(img, s, method="nearest", antialias=True),
                  lambda s: tf.image.resize(img, s, method="lanczos3"),
                  lambda s: tf.image.resize(img, tf.constant(s)),
                  lambda s: tf.image.resize(img, np.array(s), method="foo"),
                  lambda s: tf.image.resize(img.astype(bool), s),
                  lambda s: tf.compat.v1.image.resize(img, s, method=3),
                  lambda s: tf.compat.v1.image.resize_images(img, s, method=7),
                  lambda s: tf.function(lambda: tf.image.resize(img, s))()):
            with pytest.raises(ValueError, match=f"Dimension {bad} must be >= 0"):
                f(size)
        for f in (lambda s: tf.compat.v1.image.resize_bilinear(img, s),
                  lambda s: tf.raw_ops.ResizeArea(images=img, size=s)):
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match="output dimensions must be positive"):
                f(size)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"output dimensions must be positive \[Op:ResizeBicubic\]"):
        tf.image.resize(img, [-1, -1], method="bicubic")
    # keeping the aspect ratio, TF reads the size scaled: [-3, -4] of a 4x4 image is
    # [-4, -4]; [-1, 2] is [-1, -1], left to the kernel
    for f in (tf.image.resize, tf.compat.v1.image.resize):
        with pytest.raises(ValueError, match="^Dimension -4 must be >= 0$"):
            f(img, [-3, -4], preserve_aspect_ratio=True)
        with pytest.raises(ValueError, match="^Dimension -2 must be >= 0$"):
            f(img, [-2, 3], preserve_aspect_ratio=True)
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match="output dimensions must be positive"):
            f(img, [-1, 2], preserve_aspect_ratio=True)


def test_resize_with_pad_and_crop_or_pad_check_the_width_first():
    # TF 2.21 (recorded): both check target_width > 0 before target_height > 0
    img = np.ones((1, 4, 4, 1), np.float32)
    for th, tw, what in ((-2, 3, "height"), (3, -2, "width"), (-1, -1, "width"),
                         (0, -3, "width"), (-2, 0, "width")):
        for f in (tf.image.resize_with_pad, tf.image.resize_with_crop_or_pad,
                  tf.compat.v1.image.resize_image_with_pad,
                  tf.compat.v1.image.resize_image_with_crop_or_pad):
            for image in (img, img[0]):
                with pytest.raises(ValueError, match=f"^target_{what} must be > 0.$"):
                    f(image, th, tw)
