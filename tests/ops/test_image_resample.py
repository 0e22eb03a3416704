"""tf.image.resize's ScaleAndTranslate methods (lanczos3/5, gaussian, mitchellcubic and the
antialiased bilinear and bicubic), bicubic and area (the raw ops in TF 1's sampling
modes too, of float32 and uint8 images), the raw ScaleAndTranslate with its own scale
and translation, its gradient op and a tape's gradient through resize give TF 2.21's
bits (the bicubic and bilinear gradients its values), and bad arguments TF's errors
(image_resample_golden.json, recorded from TF by record_image_resample_golden.py). The
gradients are also checked without TF: each is its forward's adjoint,
<G(g), x> = <g, F(x)>, summed in float64."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import image_resample as S
from tests.golden_io import bits_outcome as outcome
from tests.ops.image_resample_cases import RAW, RESIZES, approx, cases, image

# (TF's recordings are its CPU kernels', whose errors name the CPU: under `make test-gpu`
# too these run there, as TF's inside tf.device("/CPU:0"))
pytestmark = pytest.mark.usefixtures("cpu_kernels")
GOLDEN = json.loads(Path(__file__).with_name("image_resample_golden.json").read_text())["outcomes"]
CASES = cases(tf)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_outcome_is_tensorflows(name):
    if approx(name):
        np.testing.assert_allclose(CASES[name](), np.float32(GOLDEN[name]), rtol=1e-5,
                                   atol=1e-5)
    else:
        assert outcome(CASES[name]) == GOLDEN[name]


def test_every_case_is_recorded():
    assert sorted(CASES) == sorted(GOLDEN)


@pytest.mark.parametrize("kernel_type,antialias,scale,translation", RAW)
def test_gradient_is_the_adjoint(kernel_type, antialias, scale, translation):
    x, g = image((1, 9, 8, 2)), image((1, 6, 7, 2), salt=5)
    fx = S.scale_and_translate(np, x, (6, 7), kernel_type, antialias, scale, translation)
    gx = S.scale_and_translate_grad(np, g, x.shape, kernel_type, antialias, scale,
                                    translation)
    lhs = np.sum(gx.astype(np.float64) * x)
    rhs = np.sum(fx.astype(np.float64) * g)
    assert lhs == pytest.approx(rhs, rel=1e-5, abs=1e-5)


@pytest.mark.parametrize("method,antialias,shape,size", RESIZES[:8])
def test_resize_matches_the_float64_formula(method, antialias, shape, size):
    # an independent reference: each output written as its weighted sum in float64, from
    # the kernels' textbook forms (image.py's _weights_ref)
    from eagerflow._src.ops.image import SCALE_AND_TRANSLATE

    x = image(shape)
    kt = {"bilinear": "triangle", "bicubic": "keyscubic"}.get(method, method)
    want = SCALE_AND_TRANSLATE.reference(x, size, kernel_type=kt, antialias=antialias)
    got = tf.image.resize(x, size, method, antialias=antialias).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("method", ["bicubic", "bilinear", "lanczos3", "nearest"])
@pytest.mark.parametrize("shape,size", [((2, 7, 9, 3), (4, 5)), ((1, 5, 4, 2), (11, 13))])
def test_tape_gradient_is_the_adjoint(method, shape, size):
    x, g = image(shape), image((shape[0], *size, shape[3]), salt=7)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = tf.image.resize(xt, size, method)
    gx = tape.gradient(y, xt, output_gradients=tf.constant(g)).numpy()
    lhs = np.sum(gx.astype(np.float64) * x)
    rhs = np.sum(y.numpy().astype(np.float64) * g)
    assert lhs == pytest.approx(rhs, rel=1e-5, abs=1e-5)


def test_spans_are_cached_and_read_only():
    starts, weights = S.spans("lanczos3", 5, 9, 5 / 9, 0.0, True)
    assert S.spans("lanczos3", 5, 9, 5 / 9, 0.0, True)[1] is weights
    with pytest.raises(ValueError):
        weights[0, 0] = 1.0


def test_raw_op_of_any_real_type_gives_float32():
    x = image((1, 5, 6, 2))
    for dtype in (np.float64, np.float16, np.int32, np.uint8):
        out = tf.raw_ops.ScaleAndTranslate(images=x.astype(dtype), size=[3, 4],
                                           scale=[0.6, 0.7], translation=[0.0, 0.0])
        assert out.dtype == tf.float32


def test_bicubic_gradient_sends_inf_and_nan_only_to_their_taps():
    # TF 2.21's ResizeBicubicGrad adds each gradient times its two weights to its 16 taps (a
    # tap of weight 0 too): NaN and inf reach those taps, the rest stay finite (recorded)
    g = np.zeros((1, 3, 3, 1), np.float32)
    g[0, 0, 0, 0], g[0, 2, 1, 0] = np.nan, np.inf
    out = tf.raw_ops.ResizeBicubicGrad(grads=g, original_image=tf.zeros((1, 5, 5, 1)),
                                       half_pixel_centers=True).numpy()[0, :, :, 0]
    nan, inf = np.nan, np.inf
    np.testing.assert_array_equal(out, [[nan, nan, nan, 0, 0], [nan, nan, nan, 0, 0],
                                        [nan, nan, nan, nan, nan], [0, nan, inf, nan, nan],
                                        [0, nan, nan, nan, nan]])
    g2 = np.arange(12, dtype=np.float32).reshape(1, 3, 4, 1) - 5
    out = tf.raw_ops.ResizeBicubicGrad(grads=g2, original_image=tf.zeros((1, 2, 7, 1)),
                                       align_corners=True).numpy()[0, :, :, 0]
    np.testing.assert_array_equal(out, [[-5.5, 0, -4, 0, -2.5, 0, -1], [2.5, 0, 4, 0, 5.5, 0, 7]])


@pytest.mark.parametrize("op", ["ResizeBicubicGrad", "ResizeBilinearGrad"])
@pytest.mark.parametrize("grads", [(2, 3, 6, 2), (1, 3, 6, 3), (0, 3, 6, 2)])
def test_resize_gradients_take_the_gradients_batch_and_channels(op, grads):
    # TF 2.21's kernels read only the original image's height and width: the gradient's
    # batch and channels make the output's, whatever the original's (recorded)
    out = getattr(tf.raw_ops, op)(grads=tf.ones(grads), original_image=tf.zeros((1, 5, 4, 2)))
    assert out.shape == (grads[0], 5, 4, grads[3])


@settings(max_examples=20, deadline=None)
@given(n=st.integers(1, 5), h=st.integers(1, 9), w=st.integers(1, 9), c=st.integers(1, 4),
       oh=st.integers(1, 12), ow=st.integers(1, 12), align=st.booleans(), half=st.booleans(),
       dtype=st.sampled_from([np.float32, np.float64]))
def test_bilinear_a_few_images_at_a_time_is_all_at_once(n, h, w, c, oh, ow, align, half, dtype):
    x = np.random.default_rng(n * h * w * c).normal(0, 100, (n, h, w, c)).astype(dtype)
    x.reshape(-1)[::7] = -0.0
    if x.size > 3:
        x.reshape(-1)[3] = np.inf
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(S, "ELEMENTWISE_BLOCK", 1)  # (an image a step)
        one = S.bilinear(np, x, (oh, ow), align and not half, half)
        mp.setattr(S, "ELEMENTWISE_BLOCK", 1 << 40)  # (all in one step)
        every = S.bilinear(np, x, (oh, ow), align and not half, half)
    assert one.dtype == every.dtype == dtype
    np.testing.assert_array_equal(one.view(np.uint8), every.view(np.uint8))
