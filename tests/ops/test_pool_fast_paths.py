"""The CPU's faster pooling paths against plain loops: MaxPoolGrad's padded windows take
the first real cell equal to the window's largest non-NaN value by whole-tap comparisons
(pool_windows._padded_tap_of_max, where the general path chose cell by cell), and the
gradient is found and scattered a block of images at a time (blocks of one image and of
several, the last one short). NaN, infinities, signed zeros and ties in the input and in
the gradient. (A device keeps the general path: no host geometry copied over.)"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import pool_windows
from eagerflow._src.ops.windows import geometry, pad, taps


def _special(rng, shape, dtype=np.float32):
    x = rng.integers(-2, 3, shape).astype(dtype)  # (small integers: many ties)
    r = rng.random(shape)
    x[r < 0.08] = np.nan
    x[(r >= 0.08) & (r < 0.14)] = -np.inf
    x[(r >= 0.14) & (r < 0.18)] = np.inf
    x[(r >= 0.18) & (r < 0.25)] = -0.0
    return x


def _pads(size, k, s, padding):
    if padding == "VALID":
        return 0
    out = -(-size // s)
    return max((out - 1) * s + k - size, 0) // 2


def loop_max_pool_grad(x, g, k, s, padding):
    """TF's 2-D MaxPoolGrad by its definition: per window the first real cell, then any
    later one strictly greater, gets the window's gradient, added in window order."""
    n, h, w, c = x.shape
    top, left = _pads(h, k[0], s[0], padding), _pads(w, k[1], s[1], padding)
    dx = np.zeros(x.shape, g.dtype)
    for b, i, j, ch in itertools.product(range(n), range(g.shape[1]), range(g.shape[2]),
                                         range(c)):
        best = None
        for r, q in itertools.product(range(i * s[0] - top, i * s[0] - top + k[0]),
                                      range(j * s[1] - left, j * s[1] - left + k[1])):
            if 0 <= r < h and 0 <= q < w and (best is None or x[b, r, q, ch] > x[best]):
                best = (b, r, q, ch)
        with np.errstate(all="ignore"):
            dx[best] = dx[best] + g[b, i, j, ch]
    return dx


def _bits_equal(got, want):
    nan = np.isnan(want)
    np.testing.assert_array_equal(np.isnan(got), nan)
    np.testing.assert_array_equal(got.view(np.uint32)[~nan], want.view(np.uint32)[~nan])


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 3), h=st.integers(1, 7), w=st.integers(1, 7), c=st.integers(1, 3),
       k=st.tuples(st.integers(1, 4), st.integers(1, 4)),
       s=st.tuples(st.integers(1, 3), st.integers(1, 3)),
       padding=st.sampled_from(["SAME", "VALID"]), block=st.sampled_from([1, 40, 1 << 16]),
       seed=st.integers(0, 2 ** 31))
def test_max_pool_grad_is_the_loops(n, h, w, c, k, s, padding, block, seed):
    if padding == "VALID" and (h < k[0] or w < k[1]):
        return
    rng = np.random.default_rng(seed)
    x = _special(rng, (n, h, w, c))
    y = tf.nn.max_pool2d(x, k, s, padding)
    g = _special(rng, tuple(y.shape))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pool_windows, "ELEMENTWISE_BLOCK", block)  # (blocks of images)
        got = tf.raw_ops.MaxPoolGrad(orig_input=x, orig_output=y, grad=g, ksize=[1, *k, 1],
                                     strides=[1, *s, 1], padding=padding).numpy()
    _bits_equal(got, loop_max_pool_grad(x, g, k, s, padding))


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32])
def test_padded_taps_are_the_general_paths(dtype):
    """_padded_tap_of_max against _first_argmax (which chooses cell by cell), at SAME and
    explicit paddings."""
    rng = np.random.default_rng(3)
    x = _special(rng, (2, 9, 8, 3), np.float32).astype(dtype) if dtype != np.int32 else \
        rng.integers(-2, 3, (2, 9, 8, 3)).astype(dtype)
    for k, s, padding, explicit in [((3, 3), (1, 1), "SAME", ()), ((2, 3), (2, 1), "SAME", ()),
                                    ((3, 2), (1, 2), "EXPLICIT", ((2, 1), (0, 1)))]:
        outs, pads = geometry(x.shape[1:-1], k, s, (1, 1), padding, explicit)
        xpd = pad(np, x, pads, pool_windows._lowest(x))
        tap_list = taps(k, outs, s, (1, 1))
        want = pool_windows._first_argmax(np, x, xpd, pads, tap_list)[1]
        first = pool_windows._first_real_tap(x, xpd, pads, tap_list)
        np.testing.assert_array_equal(
            pool_windows._padded_tap_of_max(xpd, tap_list, *first), want)


def test_a_window_of_padding_only_takes_the_general_path():
    x = np.ones((1, 2, 2, 1), np.float32)
    outs, pads = geometry((2, 2), (1, 1), (1, 1), (1, 1), "EXPLICIT", ((1, 0), (0, 0)))
    xpd = pad(np, x, pads, pool_windows._lowest(x))
    assert pool_windows._first_real_tap(x, xpd, pads, taps((1, 1), outs, (1, 1),
                                                             (1, 1))) is None


@pytest.mark.parametrize("k,s,padding", [(3, 1, "SAME"), (3, 2, "SAME"), (2, 2, "VALID")])
def test_avg_pool_grad_by_blocks_is_the_whole_tensors(k, s, padding):
    """Each cell's shares added in tap order, whatever the block of images."""
    rng = np.random.default_rng(5)
    shape = [5, 9, 7, 3]
    outs, _ = geometry((9, 7), (k, k), (s, s), (1, 1), padding, ())
    g = _special(rng, (5, *outs, 3))

    def grad(block):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(pool_windows, "ELEMENTWISE_BLOCK", block)
            return tf.raw_ops.AvgPoolGrad(orig_input_shape=shape, grad=g, ksize=[1, k, k, 1],
                                          strides=[1, s, s, 1], padding=padding).numpy()

    whole = grad(1 << 30)
    # the definition: each window's share added onto its cells, taps in row-major order
    share = g / pool_windows.avg_counts(np, (9, 7), (k, k), (s, s), padding, np.float32)
    _, pads = geometry((9, 7), (k, k), (s, s), (1, 1), padding, ())
    ref = np.zeros((5, 9 + sum(pads[0]), 7 + sum(pads[1]), 3), np.float32)
    with np.errstate(all="ignore"):
        for _, idx in taps((k, k), outs, (s, s), (1, 1)):
            ref[idx] += share
    _bits_equal(whole, ref[:, pads[0][0]:pads[0][0] + 9, pads[1][0]:pads[1][0] + 7])
    for block in (1, 100):  # (one image a block; two and a short last one)
        _bits_equal(grad(block), whole)


def loop_max_pool(x, ks, strides, pads, outs):
    """TF's 2-D CPU MaxPool by its definition: per window, a running value from the
    lowest finite one that takes each real cell, in row-major order, only when greater."""
    lowest = np.finfo(x.dtype).min if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    out = np.empty((x.shape[0],) + outs + (x.shape[-1],), x.dtype)
    for i, j in itertools.product(range(outs[0]), range(outs[1])):
        run = np.full((x.shape[0], x.shape[-1]), lowest, x.dtype)
        for p, q in itertools.product(range(ks[0]), range(ks[1])):
            r, c = i * strides[0] + p - pads[0][0], j * strides[1] + q - pads[1][0]
            if 0 <= r < x.shape[1] and 0 <= c < x.shape[2]:
                cell = x[:, r, c]
                with np.errstate(invalid="ignore"):
                    run = np.where(cell > run, cell, run)
        out[:, i, j] = run
    return out


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 3), h=st.integers(1, 8), w=st.integers(1, 8), c=st.integers(1, 5),
       kh=st.integers(1, 4), kw=st.integers(1, 4), sh=st.integers(1, 3), sw=st.integers(1, 3),
       padding=st.sampled_from(["SAME", "VALID", "EXPLICIT"]),
       dtype=st.sampled_from([np.float32, np.float64, np.float16, np.int32]),
       signs=st.sampled_from(["both", "plus"]), block=st.sampled_from([1, 64, 1 << 16]),
       few=st.sampled_from([0, 4, 1 << 40]), seed=st.integers(0, 2**32 - 1))
def test_separable_max_pool_is_the_running_max(n, h, w, c, kh, kw, sh, sw, padding, dtype,
                                                signs, block, few, seed):
    """Rows then columns by fmax (taps reaching inside the image only), zero signs fixed
    where a block holds -0 (each zero result at its own window, `few` 0, or separably over
    the block, `few` past any count), explicit pads wider than a window (windows of
    padding alone)."""
    rng = np.random.default_rng(seed)
    x = _special(rng, (n, h, w, c), np.float32)
    if signs == "plus":
        x[x == 0] = 0.0  # (no -0: NumPy's fmax alone)
    x = x.astype(dtype) if dtype != np.int32 else np.nan_to_num(x, posinf=9, neginf=-9).astype(
        np.int32)
    explicit = ((rng.integers(0, kh + 2), rng.integers(0, kh + 2)),
                (rng.integers(0, kw + 2), rng.integers(0, kw + 2)))
    ks, strides = (kh, kw), (sh, sw)
    outs, pads = geometry((h, w), ks, strides, (1, 1), padding,
                          explicit if padding == "EXPLICIT" else ())
    if min(outs) <= 0:
        return
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pool_windows, "ELEMENTWISE_BLOCK", block)  # (blocks of images)
        mp.setattr(pool_windows, "FEW_ZERO_RESULTS", few)
        got = pool_windows.max_pool(np, x, ks, strides, padding,
                                    explicit if padding == "EXPLICIT" else ())
    want = loop_max_pool(x, ks, strides, pads, outs)
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


def loop_avg_pool(x, ks, strides, pads, outs):
    """TF's CPU AvgPool by its definition: per window, +0, then each real cell added in
    row-major order, divided by how many there are."""
    out = np.empty((x.shape[0],) + outs + (x.shape[-1],), x.dtype)
    for pos in itertools.product(*(range(o) for o in outs)):
        acc, count = np.zeros((x.shape[0], x.shape[-1]), x.dtype), 0
        for tap in itertools.product(*(range(k) for k in ks)):
            cell = tuple(p * s + t - b for p, s, t, (b, _) in zip(pos, strides, tap, pads))
            if all(0 <= c < size for c, size in zip(cell, x.shape[1:-1])):
                with np.errstate(invalid="ignore"):  # (inf - inf)
                    acc = acc + x[(slice(None),) + cell]
                count += 1
        out[(slice(None),) + pos] = acc / x.dtype.type(count)
    return out


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 3), sizes=st.lists(st.integers(1, 7), min_size=1, max_size=3),
       c=st.integers(1, 4), k=st.integers(1, 4), s=st.integers(1, 3),
       padding=st.sampled_from(["SAME", "VALID"]), dtype=st.sampled_from(
           [np.float32, np.float64, np.float16]), block=st.sampled_from([1, 64, 1 << 16]),
       seed=st.integers(0, 2**32 - 1))
def test_avg_pool_adds_real_cells_in_order(n, sizes, c, k, s, padding, dtype, block, seed):
    """Each tap over the outputs it reaches inside the image (1-D to 3-D), the first tap
    onto +0 (a window of -0 alone gives +0), blocks of images, bands of output rows (one
    row a band with `block` 1), strides under the window along the last axis (a row of
    taps read from its phases' copies)."""
    rng = np.random.default_rng(seed)
    x = _special(rng, (n, *sizes, c), np.float32).astype(dtype)
    x[np.isnan(x)] = -0.0  # (NaN and infinities apart, the sums' bits)
    ks, strides = (k,) * len(sizes), (s,) * len(sizes)
    outs, pads = geometry(tuple(sizes), ks, strides, (1,) * len(sizes), padding, ())
    if min(outs) <= 0:
        return
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pool_windows, "ELEMENTWISE_BLOCK", block)
        got = pool_windows.avg_pool(np, x, ks, strides, padding)
    want = loop_avg_pool(x, ks, strides, pads, outs)
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))
