"""The tf.image calls (crop_and_resize, patches, glimpses, the NMS family, boxes drawn and
sampled, encoders, ssim_multiscale, ...) whose TF 2.21 results image_extra_golden.json
records (by make_image_extra_golden.py) and test_image_extra.py checks eagerflow against.

`calls(tf)` maps each case to a function of no arguments; `cases(tf)` runs them, recording
each result (arrays) or the error raised."""

import numpy as np


def _grads(tf, fn, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        y = fn(*xs)
    return tuple(tape.gradient(y, xs))


def crop_calls(tf):
    rng = np.random.RandomState(5)
    img = rng.uniform(-1, 1, (2, 5, 6, 3)).astype(np.float32)
    boxes = np.array([[0.0, 0.0, 1.0, 1.0], [0.1, 0.2, 0.7, 0.9], [-0.5, 0.0, 1.5, 1.0],
                      [0.8, 0.9, 0.2, 0.1], [0.25, 0.2, 0.75, 0.6]], np.float32)
    ind = np.array([0, 1, 0, 1, 1], np.int32)
    crop = tf.image.crop_and_resize
    return {
        "crop_bilinear": lambda: crop(img, boxes, ind, [3, 4]),
        "crop_nearest": lambda: crop(img, boxes, ind, [4, 3], method="nearest"),
        "crop_one": lambda: crop(img, boxes, ind, [1, 1], extrapolation_value=-1.0),
        "crop_extrapolate": lambda: crop(img, boxes, ind, [5, 2], extrapolation_value=7.5),
        "crop_uint8": lambda: crop((img * 100 + 100).astype(np.uint8), boxes, ind, [2, 2]),
        "crop_float64": lambda: crop(img.astype(np.float64), boxes, ind, [2, 3]),
        "crop_empty": lambda: crop(img, np.zeros((0, 4), np.float32), np.zeros(0, np.int32),
                                   [2, 2]),
        "crop_bad_index": lambda: crop(img, boxes, [0, 1, 2, 0, 0], [3, 4]),
        "crop_bad_size": lambda: crop(img, boxes, ind, [0, 4]),
        "crop_bad_method": lambda: crop(img, boxes, ind, [3, 4], method="bicubic"),
        "crop_bad_rank": lambda: crop(img[0], boxes, ind, [3, 4]),
        "crop_bad_boxes": lambda: crop(img, boxes[:, :3], ind, [3, 4]),
        "crop_bad_ind": lambda: crop(img, boxes, ind[:2], [3, 4]),
        "crop_bad_crop_size": lambda: crop(img, boxes, ind, [3, 4, 1]),
        "crop_grad": lambda: _grads(tf, lambda i, b: crop(i, b, ind, [3, 4]) ** 2, img, boxes),
        "crop_grad_one": lambda: _grads(tf, lambda i, b: crop(i, b, ind, [1, 1]) * 3, img,
                                        boxes),
        "crop_grad_nearest": lambda: _grads(
            tf, lambda i, b: crop(i, b, ind, [4, 3], method="nearest") ** 2, img, boxes),
        "crop_grad_f64": lambda: _grads(
            tf, lambda i, b: crop(i, b, ind, [2, 5]), img.astype(np.float64), boxes),
    }


def patch_calls(tf):
    x = np.arange(2 * 5 * 6 * 2, dtype=np.float32).reshape(2, 5, 6, 2) / 10
    v = np.arange(3 * 4 * 5, dtype=np.float32).reshape(1, 3, 4, 5, 1) / 10
    E, V = tf.image.extract_patches, tf.extract_volume_patches
    return {
        "patches_valid": lambda: E(x, [1, 2, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
        "patches_same_rates": lambda: E(x, [1, 2, 3, 1], [1, 2, 2, 1], [1, 2, 1, 1], "SAME"),
        "patches_too_big": lambda: E(x, [1, 6, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
        "patches_int": lambda: E(x.astype(np.int32), [1, 2, 2, 1], [1, 3, 1, 1],
                                 [1, 1, 2, 1], "SAME"),
        "patches_bad_ksizes": lambda: E(x, [2, 2, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
        "patches_bad_strides": lambda: E(x, [1, 2, 3, 1], [1, 2, 2, 2], [1, 1, 1, 1], "VALID"),
        "patches_bad_padding": lambda: E(x, [1, 2, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "FULL"),
        "patches_bad_rank": lambda: E(x[0], [1, 2, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
        "patches_short_ksizes": lambda: E(x, [1, 2, 3], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
        "patches_zero_ksize": lambda: E(x, [1, 0, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
        "patches_grad": lambda: _grads(tf, lambda t: E(t, [1, 2, 3, 1], [1, 2, 2, 1],
                                                      [1, 2, 1, 1], "SAME") ** 2, x),
        "volume_valid": lambda: V(v, [1, 2, 2, 3, 1], [1, 1, 2, 2, 1], "VALID"),
        "volume_same": lambda: V(v, [1, 2, 2, 3, 1], [1, 1, 2, 2, 1], "SAME"),
        "volume_bad_ksizes": lambda: V(v, [2, 2, 2, 3, 1], [1, 1, 2, 2, 1], "SAME"),
        "volume_bad_rank": lambda: V(v[0], [1, 2, 2, 3, 1], [1, 1, 2, 2, 1], "SAME"),
        "volume_grad": lambda: _grads(tf, lambda t: V(t, [1, 2, 2, 3, 1], [1, 1, 2, 2, 1],
                                                     "SAME") ** 2, v),
    }


def calls(tf):
    out = {}
    for group in (crop_calls, patch_calls):
        out.update(group(tf))
    return out


def cases(tf):
    """name -> {"value": [arrays]} or {"error": class name, "message": ...}."""
    out = {}
    for name, call in calls(tf).items():
        try:
            value = call()
        except Exception as e:  # noqa: BLE001  (the error is the recorded result)
            out[name] = {"error": type(e).__name__, "message": str(e)}
            continue
        values = value if isinstance(value, tuple) else (value,)
        out[name] = {"value": [np.asarray(v) for v in values]}
    return out
