"""Dilated convolutions on the CPU: TF 2.21's default build (oneDNN on) computes dilated
Conv2DBackpropInput/Filter, Conv3D, Conv3DBackpropInputV2/FilterV2 and DepthwiseConv2dNative
as its GPU kernels do (its oneDNN-off kernels refuse them; the values are
dilated_conv_golden.json's ONEDNN_CASES, recorded with oneDNN on), and eagerflow computes
them on every device; tf.nn.convolution, atrous_conv2d, depthwise_conv2d, separable_conv2d
and Keras's dilated convolutions take TF's SpaceToBatchND forms around undilated ops, whose
values and gradients equal the dilated kernels' (on the CPU and on the GPU, the stand-in
where there is none)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import eagerflow as tf
from tests.gpu_target import on_the_gpu

RAW = tf.raw_ops
X4, W4 = np.ones((1, 5, 5, 2), np.float32), np.ones((3, 3, 2, 2), np.float32)
X5, W5 = np.ones((1, 5, 5, 5, 2), np.float32), np.ones((3, 3, 3, 2, 2), np.float32)
S4, S5 = [1, 1, 1, 1], [1] * 5
# what TF runs on its CPU with dilation 2, oneDNN on or off (shapes as TF gave them)
ACCEPTED = [
    ("Conv2D", lambda: RAW.Conv2D(input=X4, filter=W4, strides=S4, padding="SAME",
                                  dilations=[1, 2, 2, 1]), (1, 5, 5, 2)),
    ("nn.conv2d", lambda: tf.nn.conv2d(X4, W4, 1, "SAME", dilations=2), (1, 5, 5, 2)),
    ("convolution 2-D", lambda: tf.nn.convolution(X4, W4, padding="SAME", dilations=2),
     (1, 5, 5, 2)),
    ("convolution 3-D", lambda: tf.nn.convolution(X5, W5, padding="SAME", dilations=2),
     (1, 5, 5, 5, 2)),
    ("atrous_conv2d", lambda: tf.nn.atrous_conv2d(X4, W4, 2, "SAME"), (1, 5, 5, 2)),
    ("atrous_conv2d_transpose", lambda: tf.nn.atrous_conv2d_transpose(
        X4, W4, [1, 5, 5, 2], 2, "SAME"), (1, 5, 5, 2)),
    ("depthwise_conv2d", lambda: tf.nn.depthwise_conv2d(X4, W4, S4, "SAME", dilations=[2, 2]),
     (1, 5, 5, 4)),
    ("separable_conv2d", lambda: tf.nn.separable_conv2d(
        X4, W4, np.ones((1, 1, 4, 3), np.float32), S4, "SAME", dilations=[2, 2]), (1, 5, 5, 3)),
]


@pytest.mark.parametrize("call,shape", [(c[1], c[2]) for c in ACCEPTED],
                         ids=[c[0] for c in ACCEPTED])
def test_what_tf_runs_on_its_cpu_runs(call, shape):
    assert tuple(call().shape) == shape
    assert tuple(tf.function(call)().shape) == shape


def test_strides_and_dilations_together_are_refused_by_convolution():
    with pytest.raises(ValueError, match=re.escape(
            "`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: "
            "strides=[2 2] and dilation_rate=[2 2]")):
        tf.nn.convolution(X4, W4, strides=2, padding="SAME", dilations=2)


RNG = np.random.default_rng(5)
X1, X2, X3 = (RNG.standard_normal(s).astype(np.float32)
              for s in ((2, 9, 3), (2, 9, 8, 3), (1, 7, 6, 5, 2)))
K1, K2, K3 = (RNG.standard_normal(s).astype(np.float32)
              for s in ((3, 3, 4), (3, 3, 3, 4), (3, 2, 3, 2, 4)))
DW = RNG.standard_normal((3, 3, 3, 2)).astype(np.float32)
PW = RNG.standard_normal((1, 1, 6, 4)).astype(np.float32)

# each: TF's form (SpaceToBatchND around an undilated op), and the same convolution by the
# dilated kernels (on the CPU, as TF's oneDNN build computes them, and on the GPU)
PAIRS = {
    "convolution 1-D": (lambda x, w: tf.nn.convolution(x, w, padding="SAME", dilations=2),
                        lambda x, w: tf.nn.conv1d(x, w, 1, "SAME", dilations=2), X1, K1),
    "convolution 2-D": (lambda x, w: tf.nn.convolution(x, w, padding="SAME", dilations=[2, 3]),
                        lambda x, w: tf.nn.conv2d(x, w, 1, "SAME", dilations=[2, 3]), X2, K2),
    "convolution 3-D VALID": (
        lambda x, w: tf.nn.convolution(x, w, padding="VALID", dilations=2),
        lambda x, w: tf.nn.conv3d(x, w, S5, "VALID", dilations=[1, 2, 2, 2, 1]), X3, K3),
    "atrous_conv2d": (lambda x, w: tf.nn.atrous_conv2d(x, w, 2, "SAME"),
                      lambda x, w: tf.nn.conv2d(x, w, 1, "SAME", dilations=2), X2, K2),
    "depthwise_conv2d": (
        lambda x, w: tf.nn.depthwise_conv2d(x, w, S4, "SAME", dilations=[2, 2]),
        lambda x, w: RAW.DepthwiseConv2dNative(input=x, filter=w, strides=S4, padding="SAME",
                                               dilations=[1, 2, 2, 1]), X2, DW),
    "separable_conv2d": (
        lambda x, w: tf.nn.separable_conv2d(x, w, PW, S4, "SAME", dilations=[2, 2]),
        lambda x, w: tf.nn.conv2d(RAW.DepthwiseConv2dNative(
            input=x, filter=w, strides=S4, padding="SAME", dilations=[1, 2, 2, 1]), PW, 1,
            "VALID"), X2, DW),
}


def value_and_grads(f, x, w):
    xs, ws = tf.constant(x), tf.constant(w)
    with tf.GradientTape() as tape:
        tape.watch([xs, ws])
        y = f(xs, ws)
        loss = tf.reduce_sum(y * y)
    return [y.numpy()] + [g.numpy() for g in tape.gradient(loss, [xs, ws])]


@pytest.mark.parametrize("name", list(PAIRS))
def test_tf_forms_on_the_cpu_give_the_dilated_kernels_values_and_gradients(name):
    cpu_form, dilated, x, w = PAIRS[name]
    got = value_and_grads(cpu_form, x, w)
    # (TF's CPU depthwise gradient kernels read no dilations: there the raw dilated depthwise
    # op's value alone is the form's)
    cpu_outputs = 1 if name in ("depthwise_conv2d", "separable_conv2d") else 3
    for device, n in ((tf.device("/CPU:0"), cpu_outputs), (on_the_gpu(), 3)):
        with device:
            want = value_and_grads(dilated, x, w)
        for a, b in zip(got[:n], want[:n]):
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)


LAYERS = [
    (tf.keras.layers.Conv1D, X1, dict(filters=4, kernel_size=3, dilation_rate=2,
                                      padding="causal")),
    (tf.keras.layers.Conv2D, X2, dict(filters=4, kernel_size=3, dilation_rate=(2, 3),
                                      padding="same")),
    (tf.keras.layers.Conv3D, X3, dict(filters=4, kernel_size=2, dilation_rate=2,
                                      padding="same")),
    (tf.keras.layers.DepthwiseConv2D, X2, dict(kernel_size=3, dilation_rate=2,
                                               padding="same")),
    (tf.keras.layers.SeparableConv2D, X2, dict(filters=4, kernel_size=3, dilation_rate=2,
                                               padding="same")),
]


def layer_grads(cls, x, kw):
    tf.keras.utils.set_random_seed(1)
    layer = cls(**kw)
    xs = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xs)
        loss = tf.reduce_sum(layer(xs) ** 2)
    return [g.numpy() for g in tape.gradient(loss, [xs] + layer.trainable_weights)]


@pytest.mark.parametrize("cls,x,kw", LAYERS, ids=[c[0].__name__ for c in LAYERS])
def test_dilated_keras_layers_train_on_the_cpu(cls, x, kw):
    got = layer_grads(cls, x, kw)
    with on_the_gpu():
        want = layer_grads(cls, x, kw)
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)


def test_the_gpu_depthwise_gradient_kernels_read_their_dilations():
    """TF's CPU depthwise gradient kernels compute undilated (dilated_conv_golden.json's
    depthwise_backprop cases); its GPU ones, and eagerflow's there, take the dilations: the
    gradients of the dilated depthwise convolution (its SpaceToBatchND form on the CPU)."""
    x, w = X2[:1], DW
    xs, ws = tf.constant(x), tf.constant(w)
    with tf.GradientTape() as tape:
        tape.watch([xs, ws])
        y = tf.nn.depthwise_conv2d(xs, ws, S4, "SAME", dilations=[2, 2])
    dy = np.cos(np.arange(y.shape.num_elements())).reshape(y.shape).astype(np.float32)
    want = tape.gradient(y, [xs, ws], output_gradients=tf.constant(dy))
    attrs = dict(out_backprop=dy, strides=S4, padding="SAME", dilations=[1, 2, 2, 1])
    with on_the_gpu():
        got = [RAW.DepthwiseConv2dNativeBackpropInput(input_sizes=list(x.shape), filter=w,
                                                      **attrs),
               RAW.DepthwiseConv2dNativeBackpropFilter(input=x, filter_sizes=list(w.shape),
                                                       **attrs)]
    for a, b in zip(got, want):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-4, atol=1e-4)


# with_space_to_batch's argument checks, as TF 2.21 raised them (its own Python's errors for
# a data_format that is no string and for no spatial dims at all included)
_IDENTITY = lambda x, n, p: x  # noqa: E731
SPACE_TO_BATCH_ERRORS = [
    ({"data_format": 1.5}, AttributeError, "'float' object has no attribute 'startswith'"),
    ({"spatial_dims": [0]}, ValueError, "`spatial_dims` must be a monotonically increasing "
     "sequence of positive integers. Received: spatial_dims=[0]"),
    ({"spatial_dims": [1, 1]}, ValueError, "Received: spatial_dims=[1, 1]"),
    ({"spatial_dims": [1.5, 2]}, ValueError, "Received: spatial_dims=[1.5, 2]"),
    ({"spatial_dims": [5, 6]}, ValueError, "`input.shape.rank` must be at least 7. Received: "
     "input.shape=(1, 4, 4, 1) with rank 4"),
    ({"spatial_dims": [], "dilation_rate": []}, IndexError, "list index out of range"),
]


@pytest.mark.parametrize("kwargs,cls,text", SPACE_TO_BATCH_ERRORS)
def test_with_space_to_batch_checks_its_arguments_as_tf(kwargs, cls, text):
    kwargs = {"dilation_rate": [2, 2], **kwargs}
    with pytest.raises(cls, match=re.escape(text)):
        tf.nn.with_space_to_batch(tf.ones((1, 4, 4, 1)), padding="VALID", op=_IDENTITY,
                                  **kwargs)
