"""tf.nn.lrn (TF's LRN op) and its gradient, TF's LRNGrad: the gradient against double
precision central differences of the kernel's own double arithmetic (LRN takes no float64,
so the registry's gradient suite can't check it), and TF 2.21's values where its kernels
round or meet infinities in their own way (recorded from it)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.nn_lrn import _lrn_grad_kernel, _lrn_kernel


@pytest.mark.parametrize("shape, attrs", [
    ((1, 2, 2, 5), (1, 1.5, 0.5, 0.75)),
    ((2, 1, 1, 4), (5, 1.0, 1.0, 0.5)),
    ((1, 1, 2, 6), (0, 2.0, 1.0, 1.0)),
    ((1, 1, 1, 70), (40, 1.0, 0.1, 0.6)),  # (a band too wide to replay TF's loop for)
])
def test_lrn_grad_is_the_derivative(shape, attrs):
    rng = np.random.default_rng(1)
    x, g = rng.uniform(-1, 1, shape), rng.uniform(-1, 1, shape)
    y = _lrn_kernel(np, x, *attrs)
    got = _lrn_grad_kernel(np, g, x, y, *attrs)
    h, want = 1e-6, np.zeros(shape)
    for i in np.ndindex(*shape):
        e = np.zeros(shape)
        e[i] = h
        want[i] = np.sum(g * (_lrn_kernel(np, x + e, *attrs) - _lrn_kernel(np, x - e, *attrs)))
    np.testing.assert_allclose(got, want / (2 * h), rtol=1e-6, atol=1e-8)


X = [0.6369616985321045, 0.2697867155075073, 0.04097352549433708, 0.016527635976672173,
     0.8132702112197876, 0.91275554895401, 0.6066357493400574, 0.7294965386390686,
     0.543624997138977, 0.9350724220275879, 0.8158535361289978, 0.0027385002467781305,
     0.8574042916297913, 0.033585574477910995, 0.7296554446220398, 0.17565561830997467]


def test_tape_gradient_is_tfs():
    x = tf.constant(np.array(X, np.float32).reshape(1, 2, 2, 4))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.lrn(x, 1, 1.5, 0.5, 0.75)
    np.testing.assert_allclose(y.numpy().ravel()[:4], [0.4205729365348816, 0.1780702769756317,
                                                       0.02967699058353901,
                                                       0.012187943793833256], rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(y, x).numpy().ravel(), [
        0.4958738386631012, 0.5865004062652588, 0.720309317111969, 0.737088143825531,
        0.3069540560245514, 0.1546657383441925, 0.27209725975990295, 0.40845710039138794,
        0.4337438941001892, 0.1341823935508728, 0.29918158054351807, 0.6344348192214966,
        0.4353809058666229, 0.5521634221076965, 0.4631947875022888, 0.6050757169723511],
        rtol=1e-6)


def test_float16_rounds_as_tfs():
    h = np.array([[[[0.5, -0.25, 0.75, 1.0, -1.0, 0.125, 0.3]]]], np.float16)
    assert tf.nn.lrn(tf.constant(h), 2, 1.0, 1.0, 0.75).numpy().ravel().tolist() == [
        0.31201171875, -0.11322021484375, 0.271484375, 0.379638671875, -0.37744140625,
        0.053436279296875, 0.1715087890625]
    got = tf.raw_ops.LRNGrad(input_grads=tf.constant(h), input_image=tf.constant(h),
                             output_image=tf.constant(h[..., ::-1].copy()), depth_radius=1,
                             beta=0.75)
    assert got.dtype == tf.float16 and got.numpy().ravel().tolist() == [
        0.33447265625, -0.2265625, 0.387451171875, 0.76611328125, -0.4111328125,
        0.09552001953125, 0.2239990234375]


def test_an_infinity_is_nan_outside_its_band():
    # TF's CPU kernel's band-matrix product: inf * 0 for the channels out of its reach
    # (TF's GPU kernel is cuDNN's)
    row = np.array([[[[1, 1, 1, -np.inf, 1, 1, 1, 1]]]], np.float32)
    with tf.device("/CPU:0"):
        got = tf.nn.lrn(row, 1).numpy().ravel()
    np.testing.assert_array_equal(got, [np.nan, np.nan, 0, np.nan, 0, np.nan, np.nan, np.nan])


def test_a_radius_of_zero_scales_each_channel_alone():
    # (TF's CPU kernel takes a radius of 0; cuDNN's, on a GPU, refuses it)
    x = np.random.default_rng(4).uniform(-2, 2, (1, 2, 2, 4)).astype(np.float32)
    with tf.device("/CPU:0"):
        got = tf.nn.lrn(x, 0, bias=2.0, alpha=1.0, beta=0.75).numpy()
    want = x.astype(np.float64) * (2.0 + x.astype(np.float64) ** 2) ** -0.75
    np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize("call, error, match", [
    (lambda: tf.raw_ops.LRN(input=np.ones((1, 1, 1, 3), np.float32), depth_radius=2**31 - 1),
     tf.errors.InvalidArgumentError, "depth_radius = 2147483647 larger than int max"),
    (lambda: tf.raw_ops.LRNGrad(input_grads=tf.ones((1, 1, 1, 3)),
                                input_image=tf.ones((1, 1, 1, 3)),
                                output_image=tf.ones((1, 1, 1, 2))),
     tf.errors.InvalidArgumentError,
     "input_grads, input_image, and out_image should have the same shape"),
    (lambda: tf.nn.lrn(tf.ones((1, 1, 1, 3), tf.bfloat16)), tf.errors.NotFoundError,
     "Could not find device for node: {{node LRN}} = LRN[T=DT_BFLOAT16"),
])
def test_refusals(call, error, match):
    with pytest.raises(error, match=match.replace("[", r"\[").replace("{", r"\{")):
        call()


def test_lrn_is_one_node_and_its_gradient_lrn_grad():
    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.lrn(x, 2)
        return tape.gradient(y, x)

    graph = f.get_concrete_function(tf.TensorSpec([1, 2, 2, 3])).graph
    types = [op.type for op in graph.get_operations()]
    assert "LRN" in types and "LRNGrad" in types
