"""Depthwise convolutions by filters of zeros and powers of two, summed tap by tap on
channel planes (ops/conv_taps.py), give the bits of the BLAS product windows.py computes
the others with (TF's bits: test_image_bits.py's recorded cases), and leave to it what
they cannot sum exactly."""

import numpy as np
import pytest

from eagerflow._src.ops import conv_taps, windows


def _filter(rng, shape, dtype):
    powers = rng.integers(-3, 4, size=shape)
    return (np.sign(powers) * 2.0 ** np.abs(powers)).astype(dtype)  # (0, +-2, +-4, +-8)


def _both(monkeypatch, x, w, strides, dilations, padding):
    fast = windows.conv_forward(np, x, w, strides, dilations, padding, ())
    with monkeypatch.context() as m:
        m.setattr(conv_taps, "depthwise", lambda *a: None)
        m.setattr(conv_taps, "depthwise_rounded", lambda *a: None)
        blas = windows.conv_forward(np, x, w, strides, dilations, padding, ())
    return fast, blas


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape,ks,mult,strides,dilations,padding", [
    ((2, 9, 11, 3), (3, 3), 2, (1, 1), (1, 1), "VALID"),
    ((3, 8, 7, 4), (3, 3), 1, (1, 1), (1, 1), "SAME"),
    ((1, 13, 12, 2), (5, 3), 3, (2, 2), (1, 1), "SAME"),
    ((2, 12, 12, 3), (3, 3), 1, (1, 1), (2, 2), "VALID"),
    ((70, 5, 6, 2), (2, 2), 2, (1, 1), (1, 1), "VALID"),  # (several images a pass)
    ((2, 10, 9), (4,), 2, (1,), (1,), "SAME"),  # (1-D)
])
def test_exact_filters_give_the_blas_products_bits(monkeypatch, dtype, shape, ks, mult,
                                                   strides, dilations, padding):
    rng = np.random.default_rng(len(shape) * 7 + mult)
    c = shape[-1]
    x = (rng.standard_normal(shape) * 4).astype(dtype)
    x.reshape(-1)[::5] = 0.0
    x.reshape(-1)[2::9] = -0.0
    w = _filter(rng, ks + (1, c * mult), dtype)
    w.reshape(-1)[::4] = -0.0
    assert conv_taps.depthwise(x, w, *_geometry(x, w, strides, dilations, padding)) is not None
    fast, blas = _both(monkeypatch, x, w, strides, dilations, padding)
    np.testing.assert_array_equal(fast.view(np.uint8), blas.view(np.uint8))


def _geometry(x, w, strides, dilations, padding):
    outs, pads = windows.geometry(x.shape[1:-1], w.shape[:-2], strides, dilations, padding, ())
    return outs, pads, strides, dilations


@pytest.mark.parametrize("case", ["inexact weight", "weight below one", "overflow", "nan",
                                  "inf", "float16"])
def test_what_might_round_is_left_to_blas(case):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 6, 6, 2)).astype(np.float32)
    w = _filter(rng, (3, 3, 1, 2), np.float32)
    if case == "inexact weight":
        w[0, 0, 0, 0] = 3.0
    elif case == "weight below one":
        w[1, 1, 0, 1] = 0.5
    elif case == "overflow":
        w[0, 0, 0, 0] = 4.0
        x[0, 2, 2, 0] = np.finfo(np.float32).max / 2
    elif case == "nan":
        x[0, 1, 1, 1] = np.nan
    elif case == "inf":
        x[0, 1, 1, 1] = -np.inf
    else:
        x, w = x.astype(np.float16), w.astype(np.float16)
    assert conv_taps.depthwise(x, w, *_geometry(x, w, (1, 1), (1, 1), "VALID")) is None
