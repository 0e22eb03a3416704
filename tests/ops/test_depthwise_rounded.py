"""Depthwise convolutions of multiplier one on the CPU summed over whole taps
(ops/conv_taps.depthwise_rounded) against their definition, a loop adding each output's
rounded products in tap order onto +0 (a NaN sum keeping its first NaN: a NaN product's,
x's before w's, or the default NaN of inf - inf), and against the BLAS product of the
columns that computed them before (NaN, infinities, signed zeros, blocks of one image
and of several); the filters and outputs it leaves to that product."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eagerflow._src.ops import conv_taps, windows
from eagerflow._src.ops.windows import geometry

_BITS = {np.dtype(np.float32): (np.uint32, 1 << 22, 0xFFC00000),
         np.dtype(np.float64): (np.uint64, 1 << 51, 0xFFF8000000000000)}


def _special(rng, shape, dtype, share=0.3):
    v = rng.standard_normal(shape).astype(dtype)
    r = rng.random(shape)
    v[r < share * 0.1] = np.nan
    v[(r >= share * 0.1) & (r < share * 0.2)] = -np.nan
    v[(r >= share * 0.2) & (r < share * 0.35)] = np.inf
    v[(r >= share * 0.35) & (r < share * 0.5)] = -np.inf
    v[(r >= share * 0.5) & (r < share)] = -0.0
    return v


def _nan_of_product(x, w, u, quiet, default):
    if np.isnan(x):
        return int(np.array(x).view(u)) | quiet
    if np.isnan(w):
        return int(np.array(w).view(u)) | quiet
    return default


def loop_depthwise(x, w, strides, dilations, padding):
    """Each output: +0, then each tap's rounded x * w added in tap order."""
    u, quiet, default = _BITS[x.dtype]
    ks, c = w.shape[:2], x.shape[-1]  # (w: (*K, 1, C))
    outs, pads = geometry(x.shape[1:3], ks, strides, dilations, padding, ())
    xp = np.pad(x, ((0, 0),) + pads + ((0, 0),))
    out = np.empty((x.shape[0],) + outs + (c,), x.dtype)
    with np.errstate(all="ignore"):
        for b, i, j, ch in itertools.product(range(x.shape[0]), range(outs[0]),
                                             range(outs[1]), range(c)):
            acc, nan = x.dtype.type(0), None
            for p, q in itertools.product(range(ks[0]), range(ks[1])):
                xv = xp[b, i * strides[0] + p * dilations[0], j * strides[1] + q * dilations[1], ch]
                wv = w[p, q, 0, ch]
                prod = xv * wv
                acc = acc + prod
                if nan is None and np.isnan(acc):
                    nan = _nan_of_product(xv, wv, u, quiet, default) if np.isnan(prod) \
                        else default
            out[b, i, j, ch] = acc if nan is None else np.array(nan, u).view(x.dtype)
    return out


def _same_bits(got, want):
    u = _BITS[want.dtype][0]
    np.testing.assert_array_equal(got.view(u), want.view(u))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 3), h=st.integers(1, 7), w=st.integers(2, 7), c=st.integers(1, 4),
       ks=st.tuples(st.integers(1, 3), st.integers(1, 3)),
       strides=st.sampled_from([(1, 1), (2, 1), (1, 2), (2, 2)]),
       dilations=st.sampled_from([(1, 1), (2, 1)]), padding=st.sampled_from(["SAME", "VALID"]),
       dtype=st.sampled_from([np.float32, np.float64]), seed=st.integers(0, 2 ** 31))
def test_sums_are_the_loops(n, h, w, c, ks, strides, dilations, padding, dtype, seed):
    if dilations != (1, 1) and strides != (1, 1):
        return  # (TF refuses both)
    outs, pads = geometry((h, w), ks, strides, dilations, padding, ())
    if min(outs) <= 0:
        return
    rng = np.random.default_rng(seed)
    x, f = _special(rng, (n, h, w, c), dtype), _special(rng, ks + (1, c), dtype)
    got = conv_taps.depthwise_rounded(x, f, outs, pads, strides, dilations)
    if outs[-1] < 2:
        assert got is None  # (BLAS's dot product sums a one-value row)
        return
    _same_bits(got, loop_depthwise(x, f, strides, dilations, padding))


def _blas(x, w, strides, dilations, padding, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(conv_taps, "depthwise", lambda *a: None)
        m.setattr(conv_taps, "depthwise_rounded", lambda *a: None)
        return windows.conv_forward(np, x, w, strides, dilations, padding, ())


@pytest.mark.parametrize("plane_bytes", [1, 1 << 18])  # (one image a pass; several)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape,ks,strides,dilations,padding", [
    ((5, 12, 10, 16), (3, 3), (1, 1), (1, 1), "SAME"),
    ((3, 11, 13, 8), (3, 3), (2, 2), (1, 1), "SAME"),
    ((4, 9, 9, 3), (2, 3), (1, 1), (2, 2), "VALID"),
    ((2, 6, 7, 5), (5, 5), (2, 2), (1, 1), "SAME"),
])
def test_the_blas_products_bits(monkeypatch, plane_bytes, dtype, shape, ks, strides,
                                dilations, padding):
    rng = np.random.default_rng(sum(shape))
    x, w = _special(rng, shape, dtype, 0.05), _special(rng, ks + (1, shape[-1]), dtype, 0.05)
    want = _blas(x, w, strides, dilations, padding, monkeypatch)
    with monkeypatch.context() as m:
        m.setattr(conv_taps, "_PLANE_BYTES", plane_bytes)
        with np.errstate(all="ignore"):
            got = windows.conv_forward(np, x, w, strides, dilations, padding, ())
    _same_bits(got, want)


def test_left_to_the_blas_product():
    x = np.ones((1, 4, 4, 2), np.float32)
    outs, pads = geometry((4, 4), (3, 3), (1, 1), (1, 1), "SAME", ())
    assert conv_taps.depthwise_rounded(x, np.ones((3, 3, 1, 4), np.float32), outs, pads,
                                       (1, 1), (1, 1)) is None  # (a multiplier of two)
    assert conv_taps.depthwise_rounded(x.astype(np.float16), np.ones((3, 3, 1, 2), np.float16),
                                       outs, pads, (1, 1), (1, 1)) is None
    assert conv_taps.depthwise_rounded(x, np.ones((3, 3, 1, 2), np.float32), (4, 1), pads,
                                       (1, 1), (1, 1)) is None  # (rows one value wide)
