"""tf.image's crop_and_resize, patches, glimpses, NMS family, box drawing and sampling,
encoders and ssim_multiscale against TF 2.21's results (image_extra_golden.json, recorded
by make_image_extra_golden.py): values, gradients at chosen points (integer sample
positions included), error classes and messages. The generic registry suites cover the
OpDefs (kernels against loop references, numeric gradients, eager == graph)."""

import builtins
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded, decode_array
from tests.ops.image_extra_cases import calls

with open(os.path.join(os.path.dirname(__file__), "image_extra_golden.json")) as f:
    GOLDEN = json.load(f)["cases"]

# Exact equality (integers, indices, bytes); the rest to float32 rounding.
TOLERANCE = {"crop_grad_f64": 1e-5}  # float32 weights in float64 results, as TF


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_matches_tf(name):
    want = GOLDEN[name]
    call = calls(tf)[name]
    if "error" in want:
        error = getattr(tf.errors, want["error"], None) or getattr(builtins, want["error"])
        with pytest.raises(error) as info:
            call()
        assert as_recorded(str(info.value)) == want["message"]
        return
    got = call()
    got = got if isinstance(got, tuple) else (got,)
    assert len(got) == len(want["value"])
    for g, w in zip(got, want["value"]):
        w = decode_array(w)
        g = np.asarray(g)
        assert g.dtype == w.dtype and g.shape == w.shape
        if w.dtype.kind in "fc":
            tol = TOLERANCE.get(name, 2e-5 if w.dtype in (np.float32, np.complex64) else 1e-9)
            np.testing.assert_allclose(g, w, rtol=tol, atol=tol)
        else:
            np.testing.assert_array_equal(g, w)


def _crop64(image, boxes, ind, size):
    """Bilinear crops in float64 throughout (positions too): for central differences."""
    _, height, width, depth = image.shape
    out = np.zeros((len(boxes),) + tuple(size) + (depth,))
    for k, (y1, x1, y2, x2) in enumerate(boxes):
        for y, x in np.ndindex(*size):
            py = y1 * (height - 1) + y * (y2 - y1) * (height - 1) / (size[0] - 1)
            px = x1 * (width - 1) + x * (x2 - x1) * (width - 1) / (size[1] - 1)
            if 0 <= py <= height - 1 and 0 <= px <= width - 1:
                y0, x0 = int(py), int(px)
                y_1, x_1 = min(y0 + 1, height - 1), min(x0 + 1, width - 1)
                wy, wx = py - y0, px - x0
                page = image[ind[k]]
                out[k, y, x] = ((1 - wy) * ((1 - wx) * page[y0, x0] + wx * page[y0, x_1])
                                + wy * ((1 - wx) * page[y_1, x0] + wx * page[y_1, x_1]))
    return out


def test_crop_gradients_against_central_differences():
    """Away from integer sample positions the crop is smooth in the image and the boxes:
    its tape gradients equal central differences of a float64 crop."""
    rng = np.random.default_rng(2)
    image = rng.uniform(-1, 1, (2, 5, 6, 2))
    boxes = np.array([[0.1, 0.15, 0.83, 0.71], [0.27, 0.09, 0.93, 0.88],
                      [-0.31, 0.23, 0.62, 1.37], [0.77, 0.61, 0.13, 0.07]])
    ind = np.array([0, 1, 1, 0], np.int32)
    w = rng.uniform(0.5, 1.5, (4, 3, 4, 2))
    img_t, box_t = tf.constant(image.astype(np.float32)), tf.constant(boxes.astype(np.float32))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([img_t, box_t])
        loss = tf.reduce_sum(tf.image.crop_and_resize(img_t, box_t, ind, [3, 4]) * w)
    g_img, g_box = tape.gradient(loss, [img_t, box_t])
    eps = 1e-6
    for x, got, f in ((image, g_img, lambda v: _crop64(v, boxes, ind, (3, 4))),
                      (boxes, g_box, lambda v: _crop64(image, v, ind, (3, 4)))):
        numeric = np.zeros_like(x)
        for i in np.ndindex(*x.shape):
            d = np.zeros_like(x)
            d[i] = eps
            numeric[i] = (np.sum(f(x + d) * w) - np.sum(f(x - d) * w)) / (2 * eps)
        np.testing.assert_allclose(got.numpy(), numeric, rtol=2e-4, atol=2e-4)


def test_crop_second_order_is_the_crop_again():
    """CropAndResizeGradImage is linear in its gradient: differentiating it gives the crop."""
    rng = np.random.default_rng(3)
    image = tf.constant(rng.uniform(-1, 1, (1, 4, 4, 1)).astype(np.float32))
    boxes = tf.constant([[0.1, 0.2, 0.9, 0.7]])
    with tf.GradientTape() as outer:
        outer.watch(image)
        with tf.GradientTape() as inner:
            inner.watch(image)
            y = tf.image.crop_and_resize(image, boxes, [0], [2, 3])
            loss = tf.reduce_sum(y * y)
        g = inner.gradient(loss, image)
        s = tf.reduce_sum(g * image)
    h = outer.gradient(s, image).numpy()
    # s = 2 <crop(x), crop(x)> -> ds/dx = 4 crop^T crop x = 2 g
    np.testing.assert_allclose(h, 2 * g.numpy(), rtol=1e-5, atol=1e-6)
