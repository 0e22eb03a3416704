"""The cases of test_image_bits.py, run by TF 2.21 (record_image_bits_golden.py) and by
eagerflow alike: tf.raw_ops.ImageProjectiveTransformV3 (and V2) into outputs of their
own size, smaller and larger, in each interpolation and fill mode, and its bad arguments;
tf.image.rgb_to_hsv and hsv_to_rgb of three float types, grey, black and out-of-range
pixels among them; tf.image.adjust_contrast, adjust_hue, adjust_saturation and
crop_and_resize; tf.image.sobel_edges and depthwise convolutions by filters of zeros and
powers of two (summed tap by tap: conv_taps.py) and by others. Inputs are integers
scaled exactly into floats, so both sides read the same bits on any machine."""

from __future__ import annotations

import numpy as np

# (a projective transform, TF's 8 parameters)
TRANSFORM = [[1.1, 0.2, -1.0, 0.1, 0.9, 2.0, 0.001, 0.002]]


def image(shape: tuple) -> np.ndarray:
    i = np.arange(int(np.prod(shape)), dtype=np.int64)
    return (((i * 7919 + 104729) % 1000) / 1000).astype(np.float32).reshape(shape)


def cases(tf) -> dict:
    """name -> a function of no arguments giving the case's result (an array)."""
    x = image((2, 9, 11, 3))
    t = np.float32(TRANSFORM)
    v3 = tf.raw_ops.ImageProjectiveTransformV3
    out = {}
    for interp in ("BILINEAR", "NEAREST"):
        for mode in ("CONSTANT", "REFLECT", "WRAP", "NEAREST"):
            for size in ((9, 11), (8, 10), (12, 15), (1, 1)):
                out[f"{interp} {mode} {size}"] = \
                    lambda i=interp, m=mode, s=size: v3(
                        images=x, transforms=t, output_shape=list(s), fill_value=0.5,
                        interpolation=i, fill_mode=m).numpy()
    out["V2 (5, 6)"] = lambda: tf.raw_ops.ImageProjectiveTransformV2(
        images=x, transforms=t, output_shape=[5, 6], interpolation="BILINEAR").numpy()
    out["uint8 (4, 13)"] = lambda: v3(
        images=(x * 255).astype(np.uint8), transforms=t, output_shape=[4, 13], fill_value=3.0,
        interpolation="BILINEAR", fill_mode="REFLECT").numpy()
    bad = {"size zero": {"output_shape": [0, 4]}, "size three": {"output_shape": [3, 4, 5]},
           "size 2-d": {"output_shape": [[3, 4]]}, "size negative": {"output_shape": [-3, 4]},
           "transform 7": {"transforms": np.ones((2, 7), np.float32)},
           "transform batch 3": {"transforms": np.ones((3, 8), np.float32)},
           "transform 1-d": {"transforms": np.ones((8,), np.float32)},
           "fill vector": {"fill_value": [0.5]}, "images rank 3": {"images": x[0]},
           "output too large": {"output_shape": [2 ** 20, 2 ** 20]}}
    colors = image((5, 7, 3)) * 1.25 - 0.125  # (some channels outside [0, 1])
    colors[0, :3] = [[0.5, 0.5, 0.5], [0.0, 0.0, 0.0], [1.0, 0.0, 1.0]]
    for dtype in ("float16", "float32", "float64"):
        c = colors.astype(dtype)  # (as tensors: TF converts a NumPy array to float32)
        out[f"rgb_to_hsv {dtype}"] = lambda c=c: tf.image.rgb_to_hsv(tf.constant(c)).numpy()
        out[f"hsv_to_rgb {dtype}"] = lambda c=c: tf.image.hsv_to_rgb(tf.constant(c)).numpy()
    for what, change in bad.items():
        kw = {"images": x, "transforms": t, "output_shape": [3, 4], "fill_value": 0.5,
              "interpolation": "BILINEAR", **change}
        out[f"bad {what}"] = lambda kw=kw: v3(**kw).numpy()
    out.update(_contrast_cases(tf))
    out.update(_hue_saturation_cases(tf))
    out.update(_crop_and_resize_cases(tf))
    out.update(_sobel_cases(tf))
    return out


def _sobel_cases(tf) -> dict:
    """tf.image.sobel_edges (a depthwise convolution by +-1 and +-2) of float32 and float64
    images with zeros, -0, values near the largest float, inf and NaN; depthwise
    convolutions by filters of zeros and powers of two (strides, dilations, SAME padding,
    a channel multiplier) and by a filter of other values."""
    out = {}
    for shape in ((2, 9, 11, 3), (1, 17, 5, 1), (3, 4, 4, 2)):
        x = image(shape) * 10 - 5
        x.reshape(-1)[::7] = 0.0
        x.reshape(-1)[3::11] = -0.0
        for dtype in ("float32", "float64"):
            out[f"sobel_edges {shape} {dtype}"] = \
                lambda x=x.astype(dtype): tf.image.sobel_edges(tf.constant(x)).numpy()
    zeros = np.zeros((1, 6, 7, 2), np.float32)
    zeros[0, ::2, 1::3] = -0.0
    out["sobel_edges of zeros and -0"] = lambda: tf.image.sobel_edges(tf.constant(zeros)).numpy()
    big = image((1, 6, 7, 2)) * 3.0e38 - 1.5e38  # (products by 2 past the largest float)
    out["sobel_edges near the largest float"] = \
        lambda: tf.image.sobel_edges(tf.constant(big)).numpy()
    odd = image((2, 5, 6, 3)) - 0.5
    odd[0, 1, 1, 1], odd[1, 2, 2, 0], odd[1, 0, 0, 2] = np.inf, np.nan, -np.inf
    out["sobel_edges of inf and nan"] = lambda: tf.image.sobel_edges(tf.constant(odd)).numpy()
    x = image((2, 13, 12, 3)) * 8 - 4
    x.reshape(-1)[::5] = -0.0
    powers = (np.round(image((3, 3, 3, 2)) * 8 - 4)).astype(np.int64)
    filt = (np.sign(powers) * 2.0 ** np.abs(powers)).astype(np.float32)  # (0, +-2, +-4, ...)
    filt[1, 1, 0, 1] = -0.0
    for what, kw in (("VALID", {}), ("SAME", {"padding": "SAME"}),
                     ("strides 2", {"strides": [1, 2, 2, 1]}),
                     ("dilations 2", {"dilations": [2, 2]})):
        args = {"strides": [1, 1, 1, 1], "padding": "VALID", **kw}
        out[f"depthwise_conv2d powers of two {what}"] = \
            lambda a=args: tf.nn.depthwise_conv2d(x, filt, **a).numpy()
    out["depthwise_conv2d powers of two float64"] = lambda: tf.nn.depthwise_conv2d(
        x.astype(np.float64), filt.astype(np.float64), [1, 1, 1, 1], "SAME").numpy()
    other = image((3, 3, 3, 2)) * 2 - 1  # (inexact products: BLAS's fused sums)
    out["depthwise_conv2d other filter"] = lambda: tf.nn.depthwise_conv2d(
        x, other, [1, 1, 1, 1], "SAME").numpy()
    gray = x[..., :1] * 1.37  # (one channel, several outputs: by columns, strided or
    w8 = image((3, 5, 1, 8)) * 2 - 1  # dilated by rows; float64 by rows)
    for what, kw in (("VALID", {}), ("SAME", {"padding": "SAME"}),
                     ("strides 2", {"strides": 2}), ("dilations 2", {"dilations": 2})):
        args = {"strides": 1, "padding": "VALID", **kw}
        out[f"conv2d of one channel {what}"] = \
            lambda a=args: tf.nn.conv2d(gray, w8, **a).numpy()
    out["conv2d of one channel, float64"] = lambda: tf.nn.conv2d(
        gray.astype(np.float64), w8.astype(np.float64), 1, "SAME").numpy()
    bias = image((8,)) - 0.5
    out["conv2d of one channel, bias and relu traced"] = lambda: tf.function(
        lambda v: tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(v, w8, 1, "SAME"), bias)))(
            tf.constant(gray)).numpy()
    out["depthwise_conv2d of one channel, multiplier 3"] = lambda: tf.nn.depthwise_conv2d(
        gray, w8[..., :3], [1, 1, 1, 1], "VALID").numpy()
    one = x[..., :1]  # (one channel, several outputs: TF sums column by column)
    out["depthwise_conv2d powers of two, one channel"] = lambda: tf.nn.depthwise_conv2d(
        one, filt[:, :, :1], [1, 1, 1, 1], "SAME").numpy()
    return out


def _crop_and_resize_cases(tf) -> dict:
    """tf.image.crop_and_resize, bilinear and nearest: boxes inside, across and outside
    the image, flipped and of one point, crops of one sample, inf and NaN pixels."""
    img = image((3, 17, 13, 4)) * 6 - 3
    img[1, 3, 4, 2], img[2, 0, 0, 0] = np.nan, np.inf
    boxes = (image((20, 4)) * 1.6 - 0.3).tolist() + [[0.5, 0.5, 0.5, 0.5], [1, 1, 0, 0],
                                                     [0, 0, 1, 1]]
    boxes = np.float32(boxes)
    index = (np.arange(len(boxes)) % 3).astype(np.int32)
    out = {}
    for size in ((5, 7), (1, 1), (16, 2)):
        for method in ("bilinear", "nearest"):
            out[f"crop_and_resize {size} {method}"] = \
                lambda s=size, m=method: tf.image.crop_and_resize(
                    img, boxes, index, s, method=m, extrapolation_value=-1.5).numpy()
    u = (np.nan_to_num(np.abs(img), posinf=1) * 40).astype(np.uint8)
    out["crop_and_resize uint8"] = lambda: tf.image.crop_and_resize(
        u, boxes, index, (6, 5)).numpy()
    return out


def _hue_saturation_cases(tf) -> dict:
    """tf.image.adjust_hue and adjust_saturation (TF's AdjustHue and AdjustSaturation
    kernels), on pixels of every channel order, ties, grey, black, channels outside
    [0, 1], inf and NaN."""
    x = image((3, 16, 11, 3)) * 1.5 - 0.25
    x[0, 0, :8] = [[0.5, 0.5, 0.5], [0, 0, 0], [1, 1, 0], [0, 1, 1], [1, 0, 1], [0.2, 0.2, 0.7],
                   [0.7, 0.2, 0.7], [0.3, 0.9, 0.3]]
    x[1, 0, :5] = [[np.nan, 0.2, 0.3], [0.1, np.inf, 0.3], [0.4, 0.2, -np.inf],
                   [np.inf, np.inf, 0.0], [0.2, 0.3, np.nan]]
    out = {}
    for delta in (0.1, -0.37, 0.5, 1.0, -1.0, 0.999):
        out[f"adjust_hue {delta}"] = lambda d=delta: tf.image.adjust_hue(x, d).numpy()
    for factor in (1.3, 0.4, 0.0, 5.0):
        out[f"adjust_saturation {factor}"] = \
            lambda f=factor: tf.image.adjust_saturation(x, f).numpy()
    big = image((2, 201, 103, 3)) * 1.5 - 0.25  # (more pixels than a stretch of the kernels)
    big[0, 0, :5], big[1, 200, 98:] = x[1, 0, :5], x[0, 0, :5]
    out["adjust_hue of a large image"] = lambda: tf.image.adjust_hue(big, -0.3).numpy()
    out["adjust_saturation of a large image"] = \
        lambda: tf.image.adjust_saturation(big, 1.7).numpy()
    u = (image((2, 6, 5, 3)) * 255).astype(np.uint8)
    out["adjust_hue uint8"] = lambda: tf.image.adjust_hue(u, 0.2).numpy()
    out["adjust_saturation uint8"] = lambda: tf.image.adjust_saturation(u, 1.6).numpy()
    return out


def _contrast_cases(tf) -> dict:
    """tf.image.adjust_contrast: TF's CPU kernel halves each image's pixels onto each other
    for its means (odd counts, one pixel, ranks past 4, inf and NaN, uint8 images)."""
    out = {}
    for shape, factor in (((3, 7, 9, 2), 1.7), ((2, 3, 1, 17, 5, 4), 0.3), ((1, 31, 33, 3), -2.0),
                          ((3, 3, 3), 1.7), ((1, 1, 1, 3), 0.5), ((2, 4, 16, 3), 0.9),
                          ((2, 0, 3, 3), 1.5)):
        x = image(shape) * 10 - 5
        out[f"adjust_contrast {shape} {factor}"] = \
            lambda x=x, f=factor: tf.image.adjust_contrast(x, f).numpy()
    odd = image((2, 5, 6, 3))
    odd[0, 1, 1, 1], odd[1, 2, 2, 0], odd[1, 0, 0, 2] = np.inf, np.nan, -np.inf
    out["adjust_contrast of inf and nan"] = lambda: tf.image.adjust_contrast(odd, 0.5).numpy()
    u = (image((2, 6, 5, 3)) * 255).astype(np.uint8)
    out["adjust_contrast uint8"] = lambda: tf.image.adjust_contrast(u, 1.5).numpy()
    return out
