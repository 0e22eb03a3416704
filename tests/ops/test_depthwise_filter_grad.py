"""DepthwiseConv2dNativeBackpropFilter on the CPU (ops/conv_taps.depthwise_filter_grad)
sums as TF 2.21's CPU kernel: per image, each tap's and output channel's rounded products
g * x added pixel by pixel onto +0, then the images' sums in order onto +0. Checked against
a loop over the pixels in that order (hypothesis over shapes, strides, multipliers,
padding, blocks of rows) and against bits recorded from TF 2.21 (TF_ENABLE_ONEDNN_OPTS=0:
NaNs of several payloads, infinities, 0 * inf, -0 products, float32 and float64)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import conv_taps
from eagerflow._src.ops.windows import geometry
from tests.gpu_target import on_the_gpu

# Recorded from TF 2.21 (CPU, oneDNN off) on _inputs() below.
NAN_CASE = [
    0x7fc00011, 0xff800000, 0xff800000, 0xffc00066, 0xffc00000, 0x7fc00077,
    0x7fc00033, 0xff800000, 0x7f800000, 0x7fc00055, 0x7f800000, 0x7fc00077,
    0x7fc00033, 0x3fffcf14, 0x7f800000, 0x7fc00055, 0xffc00000, 0x7fc00077,
    0x7fc00033, 0x7f800000, 0x7f800000, 0xffc00066, 0xffc00000, 0x7fc00077,
    0x7fc00033, 0xffc00000, 0xffc00000, 0xffc00066, 0xffc00000, 0x7fc00077,
    0x7fc00033, 0xff800000, 0x7f800000, 0xffc00066, 0x7f800000, 0x7fc00077,
    0x7fc00033, 0x3f6e673a, 0x409959aa, 0xffc00066, 0xffc00000, 0x7fc00077,
    0x7fc00033, 0x7f800000, 0x3fe90f43, 0xffc00066, 0xffc00000, 0x7fc00077,
    0x7fc00033, 0x7f800000, 0xbe9d2c98, 0xffc00066, 0xffc00000, 0x7fc00077,
]
STRIDED_32 = [
    0x3fb05dd5, 0x4101a6a1, 0x40c576b9, 0x40c511b6, 0xc03dba78, 0x40c22f21,
    0x40800052, 0x412fc51f, 0x40ffe358, 0xc0658af0, 0x3ee131a8, 0x401b5ee6,
    0xc016db17, 0xc0817da2, 0x40914179, 0x4175d929, 0xbf406b66, 0xc0250850,
    0xbe75bc04, 0x40ebd26a, 0x403e2352, 0x3faa689a, 0xbf74dff4, 0x40b2521e,
    0x40776658, 0xbe5919a0, 0xc0964737, 0x40204827, 0x406e1733, 0x4107e9d7,
    0x40b6a405, 0x402ef90a, 0xbe56ce48, 0x40943424, 0x40645fd6, 0x3ffdaa3f,
]
STRIDED_64 = [
    0x3ff60bba95f13b64, 0x402034d4384c65b1, 0x4018aed722380669, 0x4018a236ac92bdba,
    0xc007b74efb881da8, 0x401845e40fbb7a9c, 0x4010000a3b0eda3e, 0x4025f8a3d018645c,
    0x401ffc6ada47bdf0, 0xc00cb15df380708a, 0x3fdc2635ce4c8280, 0x40036bdcb07d62ec,
    0xc002db62f70fe302, 0xc0102fb461492168, 0x4012282ef3937a86, 0x402ebb251ded1bd4,
    0xbfe80d6d0ba47a94, 0xc004a109e5898dc2, 0xbfceb78355cd0ae0, 0x401d7a4d269f2816,
    0x4007c46a53145bd4, 0x3ff54d133b0ee3da, 0xbfee9bfe3d7fe990, 0x40164a43af34702a,
    0x400eeccb0bdb529c, 0xbfcb233366bd9100, 0xc012c8e6e80fabf8, 0x40040904db5128fc,
    0x400dc2e65aeffab0, 0x4020fd3ae28c395c, 0x4016d4808855eaf9, 0x4005df2119e9223c,
    0xbfcad9c97642a2c0, 0x4012868491f69938, 0x400c8bfa8b706be1, 0x3fffb548305c4572,
]


def _inputs():
    u = np.uint32
    nan = lambda b: np.array([b], u).view(np.float32)[0]  # noqa: E731
    rng = np.random.default_rng(5)
    x = rng.standard_normal((3, 4, 4, 6)).astype(np.float32)
    g = rng.standard_normal((3, 4, 4, 6)).astype(np.float32)
    x[0, 1, 1, 0], x[1, 2, 2, 0] = nan(0x7FC00011), nan(0xFFC00022)
    g[0, 2, 1, 0], g[2, 0, 0, 0] = nan(0x7FC00033), nan(0xFF800044)  # (the last signaling)
    x[0, 0, 0, 1], g[0, 0, 0, 1], x[0, 3, 3, 1], g[0, 3, 3, 1] = np.inf, 1, -np.inf, 1
    x[1, 0, 1, 2], g[1, 0, 1, 2] = np.inf, 0.0  # (0 * inf)
    x[1, 2, 3, 3], g[1, 2, 3, 3] = nan(0x7FC00055), nan(0xFFC00066)  # (both NaN)
    x[2, 1, 1, 4], x[0, 1, 1, 4], g[2, 1, 1, 4], g[0, 1, 1, 4] = np.inf, -np.inf, 1, 1
    x[0, 1, 1, 5], x[2, 2, 2, 5] = nan(0x7FC00077), nan(0xFFC00088)
    x2 = rng.standard_normal((2, 7, 6, 3)).astype(np.float32)
    x2[0, :2] = 0.0
    x2[1, 0, 0] = -0.0
    g2 = rng.standard_normal((2, 4, 3, 6)).astype(np.float32)
    g2[0, 0, 0] = -1.0  # (-0 products first)
    return x, g, x2, g2


def _grad(x, g, sizes, stride, padding="SAME"):
    return tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
        input=x, filter_sizes=sizes, out_backprop=g, strides=[1, stride, stride, 1],
        padding=padding).numpy()


def _bits(a, u):
    return a.view(u).ravel().tolist()


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernel's order of sums)
def test_recorded_bits_of_tf():
    x, g, x2, g2 = _inputs()
    assert _bits(_grad(x, g, [3, 3, 6, 1], 1), np.uint32) == NAN_CASE
    assert _bits(_grad(x2, g2, [3, 2, 3, 2], 2), np.uint32) == STRIDED_32
    assert _bits(_grad(x2.astype(np.float64), g2.astype(np.float64), [3, 2, 3, 2], 2),
                np.uint64) == STRIDED_64


def loop_grad(x, g, ks, strides, padding):
    """Per image: +0, then each output pixel's products g * x (every tap and output
    channel at once) added in row-major pixel order; then the images' sums onto +0."""
    mult = g.shape[-1] // x.shape[-1]
    outs, pads = geometry(x.shape[1:3], ks, strides, (1, 1), padding, ())
    need = [(o - 1) * s + k for o, s, k in zip(outs, strides, ks)]
    xp = np.pad(np.repeat(x, mult, axis=-1), ((0, 0),) + tuple(
        (b, max(a, n - b - s)) for (b, a), n, s in zip(pads, need, x.shape[1:3])) + ((0, 0),))
    total = np.zeros(ks + (g.shape[-1],), x.dtype)
    for b in range(x.shape[0]):
        acc = np.zeros_like(total)
        for i in range(outs[0]):
            for j in range(outs[1]):
                r, c = i * strides[0], j * strides[1]
                acc = g[b, i, j] * xp[b, r:r + ks[0], c:c + ks[1]] + acc
        total = total + acc
    return total


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 3), h=st.integers(1, 9), w=st.integers(1, 9), c=st.integers(1, 4),
       mult=st.integers(1, 3), kh=st.integers(1, 4), kw=st.integers(1, 4),
       stride=st.integers(1, 3), padding=st.sampled_from(["SAME", "VALID"]),
       dtype=st.sampled_from([np.float32, np.float64]), chunk=st.sampled_from([64, 1 << 20]),
       seed=st.integers(0, 2**32 - 1))
def test_sums_are_the_pixel_loop(n, h, w, c, mult, kh, kw, stride, padding, dtype, chunk,
                                 seed):
    if padding == "VALID" and (kh > h or kw > w):
        return  # (no output: TF's shape error)
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, h, w, c)).astype(dtype)
    x[rng.random(x.shape) < 0.2] = 0.0
    x[rng.random(x.shape) < 0.1] = -0.0
    ks, strides = (kh, kw), (stride, stride)
    outs, pads = geometry((h, w), ks, strides, (1, 1), padding, ())
    g = rng.standard_normal((n,) + outs + (c * mult,)).astype(dtype)
    if seed % 3 == 0:  # (a channel of zeros times negatives: every product -0, TF's sum +0)
        x[..., 0] = 0.0
        g[..., 0] = -np.abs(g[..., 0])
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(conv_taps, "_GRAD_CHUNK_BYTES", chunk)  # (blocks of rows, of images)
        got = conv_taps.depthwise_filter_grad(x, g, ks, strides, outs, pads)
    if kh * kw * c * mult < 2:
        assert got is None  # (one column: the caller's product)
        return
    want = loop_grad(x, g, ks, strides, padding).reshape(kh * kw, c * mult)
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


def test_other_dtypes_and_dilations_keep_the_product():
    x = np.ones((1, 5, 5, 2), np.float16)
    assert conv_taps.depthwise_filter_grad(x, x, (3, 3), (1, 1), (5, 5),
                                           ((1, 1), (1, 1))) is None
    x = np.arange(50, dtype=np.float32).reshape(1, 5, 5, 2)
    g = np.ones((1, 1, 1, 2), np.float32)
    with on_the_gpu():  # (TF's CPU kernel reads no dilations: its GPU's, and ours there, do)
        got = tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
            input=x, filter_sizes=[3, 3, 2, 1], out_backprop=g, strides=[1, 1, 1, 1],
            padding="VALID", dilations=[1, 2, 2, 1]).numpy()
    np.testing.assert_array_equal(got[..., 0, 0], x[0, ::2, ::2, 0])


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernel's order of sums)
def test_channels_first_reads_the_transposed_arrays():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 3, 1, 7)).astype(np.float32)  # (NCHW)
    g = rng.standard_normal((2, 3, 1, 6)).astype(np.float32)
    got = tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
        input=x, filter_sizes=[1, 2, 3, 1], out_backprop=g, strides=[1, 1, 1, 1],
        padding="VALID", data_format="NCHW").numpy()
    want = loop_grad(x.transpose(0, 2, 3, 1), g.transpose(0, 2, 3, 1), (1, 2), (1, 1),
                     "VALID")
    np.testing.assert_array_equal(got, want.reshape(got.shape))
