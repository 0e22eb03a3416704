"""Convolutions: every padding/stride/dilation/layout combination against a plain loop,
gradients by directional finite differences, known values, and bad input."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import numpy as blas_cpu
from eagerflow._src.ops import nn_conv, windows
from tests.gpu_target import on_the_gpu

RNG = np.random.default_rng(0)


@pytest.fixture(autouse=True, scope="module")
def _dilated_double_gradients():
    """These tests check the engine's float64 gradients of dilated convolutions against a
    loop; TF's CPU refuses those (its own Conv2D gradient kernels compute no dilation, and
    its oneDNN takes no float64: test_regressions_fuzz49), so the refusal is lifted here."""
    refuse = nn_conv.refuse_on_cpu
    with pytest.MonkeyPatch.context() as m:
        m.setattr(nn_conv, "refuse_on_cpu", lambda *a, conv2d=False, **k: refuse(*a, **k))
        yield


# ---------------------------------------------------------------------------------------
# An independent reference: TF's padding rule written out, then a loop over every output
# cell, kernel tap and channel.
# ---------------------------------------------------------------------------------------

def pads_for(size, k, stride, dil, padding, explicit=None):
    eff = (k - 1) * dil + 1
    if padding == "SAME":
        out = -(-size // stride)
        total = max((out - 1) * stride + eff - size, 0)
        return total // 2, total - total // 2  # the odd pixel goes after
    if padding == "VALID":
        return 0, 0
    return explicit


def ref_conv2d_nhwc(x, w, strides, dils, padding, explicit=((0, 0), (0, 0)), groups=1):
    n, h, wd, c = x.shape
    kh, kw, cf, o = w.shape
    (pt, pb) = pads_for(h, kh, strides[0], dils[0], padding, explicit[0])
    (pl, pr) = pads_for(wd, kw, strides[1], dils[1], padding, explicit[1])
    xp = np.zeros((n, h + pt + pb, wd + pl + pr, c), x.dtype)
    xp[:, pt:pt + h, pl:pl + wd] = x
    oh = max((xp.shape[1] - (kh - 1) * dils[0] - 1) // strides[0] + 1, 0)
    ow = max((xp.shape[2] - (kw - 1) * dils[1] - 1) // strides[1] + 1, 0)
    y = np.zeros((n, oh, ow, o), x.dtype)
    og = o // groups
    for b, i, j, oc in itertools.product(range(n), range(oh), range(ow), range(o)):
        g = oc // og
        acc = 0.0
        for a, bb, ci in itertools.product(range(kh), range(kw), range(cf)):
            acc += xp[b, i * strides[0] + a * dils[0], j * strides[1] + bb * dils[1],
                      g * cf + ci] * w[a, bb, ci, oc]
        y[b, i, j, oc] = acc
    return y


def directional_check(f, args, eps=1e-6, seed=1):
    """The tape gradient of sum(f(args) * r) along random directions vs central differences."""
    rng = np.random.default_rng(seed)
    base = [np.asarray(a, np.float64) for a in args]
    r = None

    def loss(vals):
        nonlocal r
        y = f(*[tf.constant(v) for v in vals])
        if r is None:
            r = rng.uniform(0.5, 1.5, y.shape)
        return float(tf.reduce_sum(y * r))

    loss(base)
    vs = [tf.constant(v) for v in base]
    with tf.GradientTape() as tape:
        for v in vs:
            tape.watch(v)
        y = f(*vs)
        total = tf.reduce_sum(y * tf.constant(r))
    grads = tape.gradient(total, vs)
    for k, (g, b) in enumerate(zip(grads, base)):
        d = rng.standard_normal(b.shape)
        plus = [x if i != k else x + eps * d for i, x in enumerate(base)]
        minus = [x if i != k else x - eps * d for i, x in enumerate(base)]
        numeric = (loss(plus) - loss(minus)) / (2 * eps)
        analytic = float(np.sum(g.numpy() * d))
        assert abs(numeric - analytic) <= 1e-6 * max(1.0, abs(numeric)), (k, numeric, analytic)


PADDINGS = ["SAME", "VALID", "EXPLICIT"]
STRIDES = [(1, 1), (2, 1), (2, 3)]
DILATIONS = [(1, 1), (2, 1), (1, 2)]
KERNELS = [(2, 2), (3, 2), (1, 3)]
SWEEP = list(itertools.product(PADDINGS, STRIDES, DILATIONS, KERNELS, ["NHWC", "NCHW"]))


@pytest.mark.parametrize("padding,strides,dils,ks,fmt", SWEEP)
def test_conv2d_sweep_matches_loop_and_gradients(padding, strides, dils, ks, fmt):
    x = RNG.standard_normal((2, 6, 7, 2))
    w = RNG.standard_normal(ks + (2, 3))
    explicit = ((1, 0), (0, 2))
    pad_arg = padding if padding != "EXPLICIT" else [[0, 0], *explicit, [0, 0]]
    want = ref_conv2d_nhwc(x, w, strides, dils, padding, explicit)
    if fmt == "NCHW":  # (a GPU's: TF's CPU refuses float64 NCHW)
        xin = x.transpose(0, 3, 1, 2)
        pad_arg = pad_arg if padding != "EXPLICIT" else [[0, 0], [0, 0], *explicit]

        def f(a, b):
            return tf.nn.conv2d(a, b, strides, pad_arg, data_format="NCHW", dilations=dils)
        with on_the_gpu():
            got = f(tf.constant(xin), tf.constant(w)).numpy().transpose(0, 2, 3, 1)
            directional_check(f, [xin, w])
    else:
        def f(a, b):
            return tf.nn.conv2d(a, b, strides, pad_arg, dilations=dils)
        got = f(tf.constant(x), tf.constant(w)).numpy()
        directional_check(f, [x, w])
    np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("groups", [2, 4])
def test_grouped_conv2d(groups):
    x = RNG.standard_normal((1, 5, 5, 4))
    w = RNG.standard_normal((3, 3, 4 // groups, 4))
    want = ref_conv2d_nhwc(x, w, (1, 1), (1, 1), "SAME", groups=groups)
    got = tf.nn.conv2d(x, w, 1, "SAME").numpy()
    np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    directional_check(lambda a, b: tf.nn.conv2d(a, b, 2, "SAME"), [x, w])


def test_same_padding_with_even_kernel_pads_after():
    # TF puts the odd padding pixel after (bottom/right): a 2x2 window at the last
    # row/column sees the input plus one padded zero.
    x = np.arange(1.0, 17.0).reshape(1, 4, 4, 1)
    y = tf.nn.conv2d(x, np.ones((2, 2, 1, 1)), 1, "SAME").numpy()[0, :, :, 0]
    a = x[0, :, :, 0]
    expected = np.zeros((4, 4))
    for i in range(4):
        for j in range(4):
            expected[i, j] = a[i:i + 2, j:j + 2].sum()  # slices stop at the border
    np.testing.assert_array_equal(y, expected)
    assert y[0, 0] == 1 + 2 + 5 + 6 and y[3, 3] == 16
    # 4x4 kernel: total padding 3 -> 1 before, 2 after
    y4 = tf.nn.conv2d(x, np.ones((4, 4, 1, 1)), 1, "SAME").numpy()[0, :, :, 0]
    assert y4[0, 0] == a[0:3, 0:3].sum()
    assert y4[3, 3] == a[2:4, 2:4].sum()
    # stride 2 on an odd size: out = ceil(5 / 2) = 3, total padding 1 (after)
    x5 = np.arange(1.0, 26.0).reshape(1, 5, 5, 1)
    y5 = tf.nn.conv2d(x5, np.ones((2, 2, 1, 1)), 2, "SAME").numpy()[0, :, :, 0]
    np.testing.assert_array_equal(y5, [[16, 24, 15], [56, 64, 35], [43, 47, 25]])


def test_conv2d_output_shapes_follow_tf_rules():
    x = tf.zeros([2, 7, 6, 3])
    w = tf.zeros([3, 2, 3, 5])
    assert tf.nn.conv2d(x, w, 1, "SAME").shape == (2, 7, 6, 5)
    assert tf.nn.conv2d(x, w, 2, "SAME").shape == (2, 4, 3, 5)
    assert tf.nn.conv2d(x, w, 2, "VALID").shape == (2, 3, 3, 5)
    assert tf.nn.conv2d(x, w, 1, "VALID", dilations=2).shape == (2, 3, 4, 5)
    # a window that does not fit once the stride is applied: an empty output, no error
    assert tf.nn.conv2d(tf.zeros([1, 5, 5, 3]), tf.zeros([6, 6, 3, 2]), 2, "VALID").shape == \
        (1, 0, 0, 2)
    assert tf.nn.conv2d(tf.zeros([0, 5, 5, 3]), w, 1, "SAME").shape == (0, 5, 5, 5)


@settings(max_examples=25, deadline=None)
@given(h=st.integers(1, 9), w=st.integers(1, 9), kh=st.integers(1, 4), kw=st.integers(1, 4),
       sh=st.integers(1, 3), sw=st.integers(1, 3), dh=st.integers(1, 2),
       padding=st.sampled_from(["SAME", "VALID"]))
def test_conv2d_shapes_and_values_hypothesis(h, w, kh, kw, sh, sw, dh, padding):
    x = RNG.standard_normal((1, h, w, 2))
    k = RNG.standard_normal((kh, kw, 2, 2))
    eff = (kh - 1) * dh + 1
    # (TF sizes the output by C's division, toward zero: a window past the input by less
    # than a stride is an empty output)
    if padding == "VALID" and (h - eff + sh <= -sh or w - kw + sw <= -sw):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match="Computed output size would be negative"):
            tf.nn.conv2d(x, k, [sh, sw], padding, dilations=[dh, 1])
        return
    got = tf.nn.conv2d(x, k, [sh, sw], padding, dilations=[dh, 1]).numpy()
    want = ref_conv2d_nhwc(x, k, (sh, sw), (dh, 1), padding)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)


def test_conv1d_and_conv3d_match_conv2d_loops():
    x = RNG.standard_normal((2, 9, 3))
    w = RNG.standard_normal((3, 3, 4))
    y = tf.nn.conv1d(x, w, 2, "SAME").numpy()
    want = ref_conv2d_nhwc(x[:, None], w[None], (1, 2), (1, 1), "SAME")[:, 0]
    np.testing.assert_allclose(y, want, rtol=1e-10)
    with on_the_gpu():  # (TF's CPU refuses float64 NCW)
        y_ncw = tf.nn.conv1d(x.transpose(0, 2, 1), w, 1, "VALID", data_format="NCW",
                             dilations=2).numpy()
    want = ref_conv2d_nhwc(x[:, None], w[None], (1, 1), (1, 2), "VALID")[:, 0]
    np.testing.assert_allclose(y_ncw.transpose(0, 2, 1), want, rtol=1e-10)
    assert tf.nn.convolution(x, w, padding="SAME").shape == (2, 9, 4)
    # 3-D: a depth-1 kernel over a depth-1 volume is the 2-D convolution
    x3 = RNG.standard_normal((1, 1, 5, 4, 2))
    w3 = RNG.standard_normal((1, 2, 3, 2, 3))
    y3 = tf.nn.conv3d(x3, w3, [1, 1, 1, 1, 1], "SAME").numpy()
    np.testing.assert_allclose(y3[:, 0], ref_conv2d_nhwc(x3[:, 0], w3[0], (1, 1), (1, 1),
                                                         "SAME"), rtol=1e-10)
    directional_check(lambda a, b: tf.nn.conv1d(a, b, 2, "VALID"), [x, w])


def test_depthwise_and_separable():
    x = RNG.standard_normal((2, 6, 5, 3))
    w = RNG.standard_normal((3, 2, 3, 2))
    y = tf.nn.depthwise_conv2d(x, w, [1, 2, 1, 1], "SAME").numpy()
    for c in range(3):
        for m in range(2):
            want = ref_conv2d_nhwc(x[..., c:c + 1], w[:, :, c:c + 1, m:m + 1], (2, 1), (1, 1),
                                   "SAME")
            np.testing.assert_allclose(y[..., c * 2 + m], want[..., 0], rtol=1e-10)
    pw = RNG.standard_normal((1, 1, 6, 4))
    sep = tf.nn.separable_conv2d(x, w, pw, [1, 1, 1, 1], "VALID").numpy()
    dw = tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "VALID").numpy()
    np.testing.assert_allclose(sep, np.einsum("nhwc,co->nhwo", dw, pw[0, 0]), rtol=1e-10)
    directional_check(lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 2, 1], "SAME",
                                                          dilations=[2, 1]), [x, w])
    directional_check(lambda a, b, c: tf.nn.separable_conv2d(a, b, c, [1, 1, 1, 1], "SAME"),
                      [x, w, pw])
    with pytest.raises(ValueError, match="Dimensions 2 and 1 are not compatible"):
        tf.nn.separable_conv2d(x, w, RNG.standard_normal((2, 1, 6, 4)), [1, 1, 1, 1], "SAME")


def test_conv2d_transpose_is_the_adjoint_of_conv2d():
    # <conv(x), y> == <x, conv_transpose(y)> for every geometry
    for strides, padding, shape in [((2, 2), "SAME", (2, 8, 6, 3)), ((2, 1), "VALID", (1, 9, 5, 3)),
                                    ((1, 1), "SAME", (1, 5, 5, 3)), ((2, 2), "SAME", (1, 7, 5, 3))]:
        w = RNG.standard_normal((3, 2, 3, 4))
        x = RNG.standard_normal(shape)
        y_shape = tf.nn.conv2d(x, w, strides, padding).shape
        y = RNG.standard_normal(y_shape)
        lhs = np.sum(tf.nn.conv2d(x, w, strides, padding).numpy() * y)
        xt = tf.nn.conv2d_transpose(y, w, shape, strides, padding)
        assert xt.shape == shape
        np.testing.assert_allclose(lhs, np.sum(x * xt.numpy()), rtol=1e-10)
        directional_check(lambda a, b, s=shape, st=strides, p=padding:
                          tf.nn.conv2d_transpose(a, b, s, st, p), [y, w])
    y = RNG.standard_normal((2, 4, 4))
    out = tf.nn.conv1d_transpose(y, RNG.standard_normal((3, 2, 4)), [2, 8, 2], 2, "SAME")
    assert out.shape == (2, 8, 2)
    assert tf.nn.conv_transpose(RNG.standard_normal((1, 3, 3, 4)), w, [1, 6, 6, 3], 2).shape == \
        (1, 6, 6, 3)


def test_conv2d_transpose_rejects_inconsistent_output_shape():
    w = tf.ones([3, 3, 3, 4])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Size of out_backprop doesn't match computed: actual = 5, "
                             "computed = 6"):
        tf.nn.conv2d_transpose(tf.ones([2, 5, 5, 4]), w, [2, 11, 11, 3], 2, "SAME")
    with pytest.raises(tf.errors.InvalidArgumentError, match="must have the same out_depth"):
        tf.nn.conv2d_transpose(tf.ones([2, 5, 5, 3]), w, [2, 10, 10, 3], 2, "SAME")
    with pytest.raises(tf.errors.InvalidArgumentError, match="same batch size"):
        tf.nn.conv2d_transpose(tf.ones([2, 5, 5, 4]), w, [3, 10, 10, 3], 2, "SAME")
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="requires input_sizes to contain 4 values or 2 values"):
        tf.nn.conv2d_transpose(tf.ones([2, 5, 5, 4]), w, [2, 10, 10], 2, "SAME")


def test_second_order_gradient_through_conv():
    x = tf.constant(RNG.standard_normal((1, 5, 5, 2)))
    w = tf.constant(RNG.standard_normal((3, 3, 2, 2)))
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.square(tf.nn.conv2d(x, w, 1, "SAME")))
        g = inner.gradient(y, x)
        s = tf.reduce_sum(g * g)
    h = outer.gradient(s, x)
    # y is quadratic in x: g = 2 A^T A x, s = |g|^2, ds/dx = 2 (2 A^T A)^T g
    a_t_a = lambda v: tf.nn.conv2d_transpose(tf.nn.conv2d(v, w, 1, "SAME"), w, x.shape, 1,  # noqa: E731
                                             "SAME")
    np.testing.assert_allclose(g.numpy(), 2 * a_t_a(x).numpy(), rtol=1e-10)
    np.testing.assert_allclose(h.numpy(), 4 * a_t_a(g).numpy(), rtol=1e-10)


def test_only_requested_gradients_are_computed(monkeypatch):
    calls = []
    from eagerflow._src.ops import windows

    # Conv2DBackpropInput's kernel computes with windows.conv_input_grad (OpDefs are frozen)
    input_grad = windows.conv_input_grad
    monkeypatch.setattr(windows, "conv_input_grad",
                        lambda *a, **k: calls.append(1) or input_grad(*a, **k))
    x = tf.constant(RNG.standard_normal((1, 5, 5, 2)))
    w = tf.Variable(RNG.standard_normal((3, 3, 2, 2)))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.conv2d(x, w, 1, "SAME"))
    gw = tape.gradient(y, w)
    assert gw is not None and not calls  # x is data: no input gradient is computed
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.nn.conv2d(x, w, 1, "SAME"))
    assert tape.gradient(y, x) is not None and calls


@pytest.mark.parametrize("strides,budget", [(2, 1), (1, 1), (2, 40 * 3 * 9 * 8)])
def test_large_inputs_are_blocked_without_changing_results(monkeypatch, strides, budget):
    # budget 1: one output row of one image per block; the last: a few rows per block
    x = tf.constant(RNG.standard_normal((3, 7, 6, 3)))
    w = tf.constant(RNG.standard_normal((3, 3, 3, 4)))

    def run():
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([x, w])
            y = tf.nn.conv2d(x, w, strides, "SAME")
            loss = tf.reduce_sum(y ** 2)
        return [y.numpy()] + [t.numpy() for t in tape.gradient(loss, [x, w])]

    whole = run()
    monkeypatch.setattr(windows, "COLS_BUDGET", budget)
    for got, want in zip(run(), whole):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)  # sums near 0 vary


@pytest.mark.parametrize("c,strides,dils,padding", [
    (1, 1, 1, "VALID"), (1, 2, 1, "SAME"), (2, 1, 2, "SAME"), (3, (2, 1), 1, "VALID"),
    (5, 1, (1, 2), "SAME")])
@pytest.mark.parametrize("budget", [None, 1])
def test_both_column_layouts_give_the_loop_result(monkeypatch, c, strides, dils, padding,
                                                  budget):
    # im2col is row-major (one window per row) or, for few channels, tap-major; force each
    # (and, with budget 1, one output row per block) and compare with the loop reference
    x = RNG.standard_normal((2, 7, 6, c))
    w = RNG.standard_normal((3, 2, c, 4))
    s2 = (strides,) * 2 if isinstance(strides, int) else strides
    d2 = (dils,) * 2 if isinstance(dils, int) else dils
    want = ref_conv2d_nhwc(x, w, s2, d2, padding)
    if budget is not None:
        monkeypatch.setattr(windows, "COLS_BUDGET", budget)
    results = []
    for tap_major in (False, True):
        monkeypatch.setattr(windows, "_tap_major", lambda *a, _t=tap_major: _t)

        def f(a, b):
            return tf.nn.conv2d(a, b, strides, padding, dilations=dils)
        xt, wt = tf.constant(x), tf.constant(w)
        with tf.GradientTape() as tape:
            tape.watch([xt, wt])
            y = f(xt, wt)
            loss = tf.reduce_sum(y * y)
        results.append([y.numpy()] + [g.numpy() for g in tape.gradient(loss, [xt, wt])])
        np.testing.assert_allclose(results[-1][0], want, rtol=1e-10, atol=1e-12)
        directional_check(f, [x, w])
    for a, b in zip(*results):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("c,padding,strides", [(1, "SAME", 2), (16, "VALID", 1),
                                               (3, "SAME", 2), (16, "SAME", (2, 1))])
def test_filter_gradient_reuses_the_forward_windows(monkeypatch, c, padding, strides):
    # the forward keeps its im2col matrix (both layouts) for the filter gradient of the
    # same input array, which then gives exactly what recomputed windows give (a float32
    # image of one channel at stride 1 runs transposed, TF's column order: not kept)
    monkeypatch.setattr(windows._KEPT, "entries", [])
    monkeypatch.setattr(windows, "keep_temporaries", lambda xp: True)  # the caches ours
    x = RNG.standard_normal((3, 9, 8, c)).astype("float32")
    w = RNG.standard_normal((3, 3, c, 4)).astype("float32")
    s2 = (strides,) * 2 if isinstance(strides, int) else strides
    args = (s2, (1, 1), padding, ())
    y = windows.conv_forward(np, x, w, *args, keep=True)
    g = RNG.standard_normal(y.shape).astype("float32")
    key = windows._kept_key(x, (3, 3), *args)
    assert windows._KEPT.get((x,), key) is not None
    assert windows._KEPT.get((x.copy(),), key) is None  # another array: never its windows
    kept = windows.conv_filter_grad(np, x, g, (3, 3), *args, c)
    monkeypatch.setattr(windows._KEPT, "entries", [])
    np.testing.assert_array_equal(kept, windows.conv_filter_grad(np, x, g, (3, 3), *args, c))


def test_kept_windows_are_bounded_and_dropped_with_their_input(monkeypatch):
    monkeypatch.setattr(windows._KEPT, "entries", [])
    monkeypatch.setattr(windows, "keep_temporaries", lambda xp: True)
    w = np.ones((3, 3, 2, 2))
    xs = [np.ones((1, 6, 6, 2)) for _ in range(3)]
    for x in xs:
        windows.conv_forward(np, x, w, (1, 1), (1, 1), "VALID", (), keep=True)
    assert len(windows._KEPT.entries) == 3
    del xs[0]  # its windows go at the next forward
    windows.conv_forward(np, xs[0], w, (1, 1), (1, 1), "VALID", (), keep=True)
    assert len(windows._KEPT.entries) == 2  # and a repeat replaces its own entry
    one = windows._KEPT.entries[0][2].nbytes
    monkeypatch.setattr(windows, "KEEP", 2 * one)
    windows.conv_forward(np, np.ones((1, 6, 6, 2)), w, (1, 1), (1, 1), "VALID", (), keep=True)
    assert sum(e[2].nbytes for e in windows._KEPT.entries) <= 2 * one  # oldest dropped
    big = np.ones((4, 6, 6, 2))  # past the budget: not kept at all
    windows.conv_forward(np, big, w, (1, 1), (1, 1), "VALID", (), keep=True)
    assert windows._KEPT.get((big,), windows._kept_key(big, (3, 3), (1, 1), (1, 1), "VALID",
                                                    ())) is None


def test_windows_are_not_kept_while_other_processes_share_the_caches(monkeypatch):
    # a busy machine evicts a kept matrix: the filter gradient builds its windows again,
    # and gets the same bits
    monkeypatch.setattr(windows._KEPT, "entries", [])
    monkeypatch.setattr(blas_cpu, "caches_shared", lambda: True)
    x = RNG.standard_normal((3, 9, 8, 16)).astype("float32")
    w = RNG.standard_normal((3, 3, 16, 4)).astype("float32")
    args = ((1, 1), (1, 1), "VALID", ())
    y = windows.conv_forward(np, x, w, *args, keep=True)
    assert windows._KEPT.entries == []
    g = RNG.standard_normal(y.shape).astype("float32")
    fresh = windows.conv_filter_grad(np, x, g, (3, 3), *args, 16)
    monkeypatch.setattr(blas_cpu, "caches_shared", lambda: False)
    windows.conv_forward(np, x, w, *args, keep=True)
    assert len(windows._KEPT.entries) == 1
    np.testing.assert_array_equal(windows.conv_filter_grad(np, x, g, (3, 3), *args, 16), fresh)


def test_tap_major_layout_is_chosen_for_few_channels_only():
    assert windows._tap_major(1, 1, 4) and windows._tap_major(4, 1, 4)
    assert not windows._tap_major(16, 1, 4) and not windows._tap_major(3, 1, 8)
    assert not windows._tap_major(2, 2, 4)  # grouped convolutions stay row-major


def test_float32_and_int32_inputs():
    x = RNG.standard_normal((1, 4, 4, 2)).astype(np.float32)
    w = RNG.standard_normal((2, 2, 2, 3)).astype(np.float32)
    y = tf.nn.conv2d(x, w, 1, "VALID")
    assert y.dtype == tf.float32
    np.testing.assert_allclose(y.numpy(), ref_conv2d_nhwc(x.astype(np.float64), w.astype(
        np.float64), (1, 1), (1, 1), "VALID"), rtol=1e-5, atol=1e-5)
    yi = tf.nn.conv2d(np.ones((1, 3, 3, 1), np.int32), np.ones((2, 2, 1, 1), np.int32), 1, "SAME")
    assert yi.dtype == tf.int32
    np.testing.assert_array_equal(yi.numpy()[0, :, :, 0], [[4, 4, 2], [4, 4, 2], [2, 2, 1]])


# ---------------------------------------------------------------------------------------
# Bad input: TF's error classes and messages.
# ---------------------------------------------------------------------------------------

X = np.ones((2, 5, 5, 3), np.float32)
W = np.ones((3, 3, 3, 4), np.float32)
X5 = np.ones((1, 4, 4, 4, 2), np.float32)
W5 = np.ones((2, 2, 2, 2, 3), np.float32)
BAD = [
    (lambda: tf.nn.conv2d(X, W, 0, "SAME"), tf.errors.InvalidArgumentError,
     "Row and column strides should be larger than 0. [Op:Conv2D]"),
    (lambda: tf.nn.conv2d(X, W, -1, "SAME"), tf.errors.InvalidArgumentError,
     "Row and column strides should be larger than 0."),
    (lambda: tf.nn.conv2d(X, W, 1, "SAME", dilations=0), tf.errors.InvalidArgumentError,
     "Dilated rates should be larger than 0."),
    (lambda: tf.nn.conv2d(X, np.ones((3, 3, 2, 4), np.float32), 1, "SAME"),
     tf.errors.InvalidArgumentError,
     "input depth must be evenly divisible by filter depth: 3 vs 2"),
    (lambda: tf.nn.conv2d(np.ones((2, 5, 5, 4), np.float32), np.ones((3, 3, 2, 3), np.float32), 1,
                          "SAME"),
     tf.errors.InvalidArgumentError, "output depth must be evenly divisible by number of groups"),
    (lambda: tf.nn.conv2d(X, np.ones((7, 7, 3, 4), np.float32), 1, "VALID"),
     tf.errors.InvalidArgumentError, "Computed output size would be negative: -1 [input_size: 5, "
                                     "effective_filter_size: 7, stride: 1]"),
    (lambda: tf.nn.conv2d(X, W, 1, "VALID", dilations=3), tf.errors.InvalidArgumentError,
     "effective_filter_size: 7"),
    (lambda: tf.nn.conv2d(X[0], W, 1, "SAME"), tf.errors.InvalidArgumentError,
     "convolution input must be 4-dimensional: [5,5,3]"),
    (lambda: tf.nn.conv2d(X, W[0], 1, "SAME"), tf.errors.InvalidArgumentError,
     "convolution filter must be 4-dimensional: [3,3,4]"),
    (lambda: tf.nn.conv2d(X, W, 1, "FOO"), tf.errors.InvalidArgumentError,
     "Value for attr 'padding' of \"FOO\" is not in the list of allowed values: \"SAME\", "
     "\"VALID\", \"EXPLICIT\""),
    (lambda: tf.nn.conv2d(X, W, 1, "same"), tf.errors.InvalidArgumentError,
     "Value for attr 'padding' of \"same\""),
    (lambda: tf.nn.conv2d(X, W, 1, "SAME", data_format="NWHC"), tf.errors.InvalidArgumentError,
     "Value for attr 'data_format' of \"NWHC\" is not in the list of allowed values: \"NHWC\", "
     "\"NCHW\""),
    (lambda: tf.nn.conv2d(X, W, [1, 1, 1], "SAME"), ValueError,
     "strides should be of length 1, 2 or 4. Received: strides=[1, 1, 1] of length 3"),
    (lambda: tf.nn.conv2d(X, W, [2, 1, 1, 1], "SAME"), tf.errors.UnimplementedError,
     "Current implementation does not yet support strides in the batch and depth dimensions."),
    (lambda: tf.nn.conv2d(X, W, 1, "SAME", dilations=[2, 1, 1, 1]), tf.errors.UnimplementedError,
     "does not yet support dilations in the batch and depth dimensions"),
    (lambda: tf.nn.conv2d(X, W, 1, [[0, 0], [-1, 1], [2, 0], [0, 0]]),
     tf.errors.InvalidArgumentError, "All elements of explicit_paddings must be nonnegative"),
    (lambda: tf.nn.conv2d(X, W, 1, [[1, 0], [1, 1], [2, 0], [0, 0]]),
     tf.errors.InvalidArgumentError,
     "Nonzero explicit padding in the batch or depth dimensions is not supported"),
    (lambda: tf.nn.conv2d(X, W, 1, [[1, 1], [2, 0]]), ValueError,
     "When padding is a list, it must be of size 4. Received: padding=[[1, 1], [2, 0]] of size 2"),
    (lambda: tf.nn.conv2d(tf.constant(X), tf.constant(W, tf.float64), 1, "SAME"),
     tf.errors.InvalidArgumentError,
     "cannot compute Conv2D as input #1(zero-based) was expected to be a float tensor but is a "
     "double tensor"),
    (lambda: tf.nn.conv2d(X.astype(np.uint8), W.astype(np.uint8), 1, "SAME"),
     tf.errors.InvalidArgumentError, "Value for attr 'T' of uint8 is not in the list of allowed "
                                     "values: half, bfloat16, float, double, int32"),
    (lambda: tf.nn.conv2d(X, np.ones((3, 3, 0, 4), np.float32), 1, "SAME"),
     tf.errors.InvalidArgumentError, "filter depth must be stricly positive, got 0"),
    (lambda: tf.nn.conv2d(X, np.ones((0, 3, 3, 4), np.float32), 1, "SAME"),
     tf.errors.InvalidArgumentError, "filter must not have zero elements"),
    (lambda: tf.nn.conv1d(np.ones((2, 5, 3), np.float32), np.ones((3, 2, 4), np.float32), 1,
                          "SAME"),
     tf.errors.InvalidArgumentError,
     "input depth must be evenly divisible by filter depth: 3 vs 2"),
    (lambda: tf.nn.depthwise_conv2d(X, np.ones((3, 3, 2, 2), np.float32), [1, 1, 1, 1], "SAME"),
     tf.errors.InvalidArgumentError, "input and filter must have the same depth: 3 vs 2"),
    (lambda: tf.nn.depthwise_conv2d(X, np.ones((3, 3, 3, 2), np.float32), 1, "SAME"), TypeError,
     "Expected list for 'strides' argument"),
    (lambda: tf.nn.depthwise_conv2d(X, np.ones((3, 3, 3, 2), np.float32), [1, 0, 0, 1], "SAME"),
     tf.errors.InvalidArgumentError, "Stride must be > 0, but got 0"),
    (lambda: tf.nn.conv3d(np.ones((1, 4, 4, 4, 2), np.float32), np.ones((2, 2, 2, 3, 3),
                                                                       np.float32),
                          [1, 1, 1, 1, 1], "SAME"),
     tf.errors.InvalidArgumentError,
     "Input depth must be evenly divisible by filter depth: 2 vs 3"),
    (lambda: tf.nn.conv3d(np.ones((1, 4, 4, 4, 2), np.float32), np.ones((2, 2, 2, 2, 3),
                                                                       np.float32),
                          [1, 0, 1, 1, 1], "SAME"),
     tf.errors.InvalidArgumentError, "Spatial strides should be larger than 0."),
    # TF 2.21 (recorded): tf.nn.conv3d is TF's generated wrapper of Conv3D: its strides and
    # dilations lists of five are taken as given, not expanded; the op's definition asks
    # for 5 strides at least; the 3-D kernels refuse batch/depth strides and dilation rates
    # as invalid arguments; bytes are a string attr's value
    (lambda: tf.nn.conv3d(X5, W5, 1, "SAME"), TypeError,
     "Expected list for 'strides' argument to 'conv3d' Op, not 1."),
    (lambda: tf.nn.conv3d(X5, W5, np.ones(5, np.int64), "SAME"), TypeError,
     "Expected list for 'strides' argument to 'conv3d' Op, not array([1, 1, 1, 1, 1])."),
    (lambda: tf.nn.conv3d(X5, W5, [1] * 5, "SAME", dilations=2), TypeError,
     "Expected list for 'dilations' argument to 'conv3d' Op, not 2."),
    (lambda: tf.compat.v1.nn.conv3d(X5, W5, [1] * 5, "SAME", dilations=1), TypeError,
     "Expected list for 'dilations' argument to 'conv3d' Op, not 1."),
    (lambda: tf.nn.conv3d(X5, W5, [1] * 5, [[0, 0]] * 5), TypeError,
     "Expected string for argument 'padding' not [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]]."),
    (lambda: tf.nn.conv3d(X5, W5, [1] * 5, None), TypeError,
     "Expected string for argument 'padding' not None."),
    (lambda: tf.nn.conv3d(X5, W5, [1, 1, 1], "SAME"), tf.errors.InvalidArgumentError,
     "Length for attr 'strides' of 3 must be at least minimum 5\n\t; NodeDef: {{node Conv3D}}; "
     "Op<name=Conv3D; signature=input:T, filter:T -> output:T; "),
    (lambda: tf.nn.conv3d(X5, W5, [1] * 5, "SAME", dilations=[1, 1, 1]),
     tf.errors.InvalidArgumentError, "Dilation rates field must specify 5 dimensions [Op:Conv3D]"),
    (lambda: tf.nn.conv3d(X5, W5, [2, 1, 1, 1, 1], "SAME"), tf.errors.InvalidArgumentError,
     "Current implementation does not yet support strides in the batch and depth dimensions. "
     "[Op:Conv3D]"),
    (lambda: tf.nn.conv3d(X5, W5, [1] * 5, "SAME", dilations=[1, 1, 1, 1, 2]),
     tf.errors.InvalidArgumentError, "Current implementation does not yet support dilation "
                                     "rates in the batch and depth dimensions. [Op:Conv3D]"),
    (lambda: tf.raw_ops.Conv3DBackpropInputV2(input_sizes=[1, 4, 4, 4, 2], filter=W5,
                                              out_backprop=np.ones((1, 4, 4, 4, 3), np.float32),
                                              strides=[1, 0, 1, 1, 1], padding="SAME"),
     tf.errors.InvalidArgumentError, "Stride must be > 0, but got 0 [Op:Conv3DBackpropInputV2]"),
    (lambda: tf.raw_ops.Conv3DBackpropFilterV2(input=X5, filter_sizes=[2, 2, 2, 2, 3],
                                               out_backprop=np.ones((1, 4, 4, 4, 3), np.float32),
                                               strides=[1, 1], padding="SAME"),
     tf.errors.InvalidArgumentError, "Length for attr 'strides' of 2 must be at least minimum 5"),
    (lambda: tf.compat.v1.nn.conv3d_backprop_filter(
        X5, [2, 2, 2, 2, 3], np.ones((1, 4, 4, 4, 3), np.float32), 1, "SAME"), TypeError,
     "Expected list for 'strides' argument to 'conv3d_backprop_filter_v2' Op, not 1."),
]


_PAD_X4, _PAD_W4 = tf.zeros([1, 3, 3, 1]), tf.zeros([1, 1, 1, 1])
_PAD_X3, _PAD_W3 = tf.zeros([1, 3, 1]), tf.zeros([1, 1, 1])
_PAIRS = [[0, 0], [1, 1], [1, 1], [0, 0]]
_NOT_STRING = "Expected string for argument 'padding' not <tf.Tensor: shape="


@pytest.mark.parametrize("call, message", [
    # padding given as a tensor, eagerly (recorded from TF 2.21): conv2d's family first
    # compares it with "EXPLICIT" (an int tensor's Equal cannot convert the string); conv1d,
    # convolution and avg_pool hand it to the op wrapper, which wants a string
    (lambda p: tf.nn.conv2d(_PAD_X4, _PAD_W4, 1, p), "Cannot convert 'EXPLICIT' to "
                                                    "EagerTensor of dtype int32"),
    (lambda p: tf.nn.depthwise_conv2d(_PAD_X4, _PAD_W4, [1] * 4, p),
     "Cannot convert 'EXPLICIT' to EagerTensor of dtype int32"),
    (lambda p: tf.nn.conv2d_transpose(_PAD_X4, _PAD_W4, [1, 3, 3, 1], 1, p),
     "Cannot convert 'EXPLICIT' to EagerTensor of dtype int32"),
    (lambda p: tf.nn.max_pool2d(_PAD_X4, 1, 1, p), "Cannot convert 'EXPLICIT' to EagerTensor "
                                                  "of dtype int32"),
    (lambda p: tf.nn.conv1d(_PAD_X3, _PAD_W3, 1, p), _NOT_STRING + "(4, 2), dtype=int32"),
    (lambda p: tf.nn.convolution(_PAD_X4, _PAD_W4, padding=p),
     _NOT_STRING + "(4, 2), dtype=int32"),
    (lambda p: tf.nn.avg_pool(_PAD_X4, 1, 1, p), _NOT_STRING + "(4, 2), dtype=int32"),
])
def test_int_tensor_padding_is_tfs_type_error(call, message):
    with pytest.raises(TypeError, match=re.escape(message)):
        call(tf.constant(_PAIRS))


@pytest.mark.parametrize("call", [
    lambda p: tf.nn.conv2d(_PAD_X4, _PAD_W4, 1, p),
    lambda p: tf.nn.conv1d(_PAD_X3, _PAD_W3, 1, p),
    lambda p: tf.nn.avg_pool(_PAD_X4, 1, 1, p),
])
def test_string_tensor_padding_is_the_wrappers_type_error(call):
    with pytest.raises(TypeError, match=re.escape(
            "Expected string for argument 'padding' not <tf.Tensor: shape=(), dtype=string, "
            "numpy=b'SAME'>.")):
        call(tf.constant("SAME"))


_P3, _P5 = [[0, 0], [1, 1], [0, 0]], [[0, 0], [1, 1], [1, 1], [1, 1], [0, 0]]
_PAD_X5, _PAD_W5 = tf.zeros([1, 3, 3, 3, 1]), tf.zeros([1, 1, 1, 1, 1])


@pytest.mark.parametrize("call, pairs", [
    # TF's conv1d, convolution, the average pools and the 3-D pools take no padding list
    # (only conv2d's family and max_pool's 1-D and 2-D): the op wrapper's TypeError, the
    # list as given (recorded from TF 2.21)
    (lambda: tf.nn.conv1d(_PAD_X3, _PAD_W3, 1, _P3), _P3),
    (lambda: tf.nn.convolution(_PAD_X4, _PAD_W4, padding=_PAIRS), _PAIRS),
    (lambda: tf.nn.convolution(_PAD_X3, _PAD_W3, padding=_P3), _P3),
    (lambda: tf.nn.avg_pool(_PAD_X4, 1, 1, _PAIRS), _PAIRS),
    (lambda: tf.nn.avg_pool2d(_PAD_X4, 1, 1, _PAIRS), _PAIRS),
    (lambda: tf.nn.avg_pool1d(_PAD_X3, 1, 1, _P3), _P3),
    (lambda: tf.nn.max_pool3d(_PAD_X5, 1, 1, _P5), _P5),
    (lambda: tf.nn.avg_pool3d(_PAD_X5, 1, 1, _P5), _P5),
    (lambda: tf.nn.pool(_PAD_X4, [1, 1], "AVG", padding=_PAIRS), _PAIRS),
])
def test_padding_list_where_tf_takes_none(call, pairs):
    with pytest.raises(TypeError, match=re.escape(
            f"Expected string for argument 'padding' not {pairs}.")):
        call()


def test_padding_lists_where_tf_takes_them():
    assert tf.nn.conv2d(_PAD_X4, _PAD_W4, 1, _PAIRS).shape == (1, 5, 5, 1)
    assert tf.nn.max_pool1d(_PAD_X3, 2, 1, [[0, 0], [1, 1], [0, 0]]).shape == (1, 4, 1)


@pytest.mark.parametrize("i", range(len(BAD)))
def test_bad_conv_input_raises_tf_error(i):
    fn, cls, msg = BAD[i]
    with pytest.raises(cls) as info:
        fn()
    assert msg in str(info.value)


def test_outputs_too_large_for_memory_raise_resource_exhausted():
    with pytest.raises(tf.errors.ResourceExhaustedError, match="OOM when allocating tensor"):
        tf.nn.conv2d_transpose(tf.zeros([1, 2, 2, 1]), tf.zeros([3, 3, 1, 1]),
                               [1, 2 ** 20, 2 ** 20, 1], 2 ** 19, "SAME")
    with pytest.raises(tf.errors.ResourceExhaustedError, match="OOM when allocating tensor"):
        tf.image.resize(tf.zeros([1, 4, 4, 1]), [2 ** 20, 2 ** 20])
    with pytest.raises(tf.errors.ResourceExhaustedError, match="OOM when allocating tensor"):
        tf.nn.conv2d(tf.zeros([1, 1, 1, 1]), tf.zeros([1, 1, 1, 1]), 1,
                     [[0, 0], [2 ** 20, 2 ** 20], [2 ** 20, 2 ** 20], [0, 0]])


def test_conv3d_takes_bytes_as_its_string_attrs():
    # TF 2.21 (recorded): its generated wrappers read bytes as the string (conv2d's Python
    # wrapper does not: see test_bytes_data_format_...)
    want = tf.nn.conv3d(X5, W5, [1] * 5, "SAME").numpy()
    got = tf.nn.conv3d(X5, W5, [1] * 5, b"SAME", data_format=b"NDHWC").numpy()
    np.testing.assert_array_equal(got, want)
    g = tf.compat.v1.nn.conv3d_backprop_filter(X5, [2, 2, 2, 2, 3], tf.ones((1, 4, 4, 4, 3)),
                                               [1] * 5, b"SAME", data_format=b"NDHWC")
    assert g.shape == (2, 2, 2, 2, 3)
    # tf.nn.convolution still expands its strides for the 3-D op
    assert tf.nn.convolution(X5, W5, 2, "SAME").shape == (1, 2, 2, 2, 3)


_STARTSWITH = "^startswith first arg must be bytes or a tuple of bytes, not str$"
X4, W4 = np.ones((1, 4, 4, 2), np.float32), np.ones((2, 2, 2, 3), np.float32)


@pytest.mark.parametrize("df", [b"NHWC", b"NCHW", b"NWC", b"NDHWC"])
def test_bytes_data_format_of_tfs_python_wrappers_is_a_type_error(df):
    # TF 2.21 (recorded): these test data_format.startswith("NC") before anything else,
    # which bytes fail with str's TypeError, whatever the value
    x5 = np.ones((1, 4, 4, 4, 2), np.float32)
    calls = [lambda: tf.nn.conv2d(X4, W4, 1, "SAME", data_format=df),
             lambda: tf.compat.v1.nn.conv2d(X4, W4, [1] * 4, "SAME", data_format=df),
             lambda: tf.nn.conv2d_transpose(X4, np.ones((2, 2, 3, 2), np.float32),
                                            [1, 4, 4, 3], 1, data_format=df),
             lambda: tf.nn.conv3d_transpose(x5, np.ones((2, 2, 2, 3, 2), np.float32),
                                            [1, 4, 4, 4, 3], 1, data_format=df),
             lambda: tf.nn.conv_transpose(X4, np.ones((2, 2, 3, 2), np.float32), [1, 4, 4, 3],
                                          1, data_format=df),
             lambda: tf.nn.depthwise_conv2d(X4, W4, [1] * 4, "SAME", data_format=df),
             lambda: tf.nn.separable_conv2d(X4, W4, np.ones((1, 1, 6, 4), np.float32),
                                            [1] * 4, "SAME", data_format=df),
             lambda: tf.nn.bias_add(X4, np.ones(2, np.float32), data_format=df),
             lambda: tf.nn.max_pool(X4, 2, 1, "SAME", data_format=df),
             lambda: tf.nn.max_pool2d(X4, 2, 1, "SAME", data_format=df),
             lambda: tf.nn.avg_pool2d(X4, 2, 1, "SAME", data_format=df),
             lambda: tf.nn.max_pool3d(x5, 2, 1, "SAME", data_format=df),
             lambda: tf.nn.avg_pool3d(x5, 2, 1, "SAME", data_format=df),
             lambda: tf.nn.max_pool1d(np.ones((1, 4, 2), np.float32), 2, 1, "SAME",
                                      data_format=df)]
    for call in calls:
        with pytest.raises(TypeError, match=_STARTSWITH):
            call()


def test_bytes_data_format_of_tfs_generated_wrappers_is_the_string():
    # TF 2.21 (recorded): its generated wrappers (and tf.nn.convolution, which hands the
    # format to the op as given) read bytes as the string; their list attrs are taken as
    # given (an int is refused, not expanded)
    g = np.ones((1, 4, 4, 3), np.float32)
    v1 = tf.compat.v1.nn
    assert tf.nn.convolution(X4, W4, 1, "SAME", data_format=b"NHWC").shape == (1, 4, 4, 3)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'data_format' of \"NDHWC\" is not in the list"):
        tf.nn.convolution(X4, W4, 1, "SAME", data_format=b"NDHWC")
    assert v1.depthwise_conv2d_native(X4, W4, [1] * 4, b"SAME",
                                      data_format=b"NHWC").shape == (1, 4, 4, 6)
    assert v1.conv2d_backprop_input([1, 4, 4, 2], W4, g, [1] * 4, "SAME",
                                    data_format=b"NHWC").shape == (1, 4, 4, 2)
    assert v1.conv2d_backprop_filter(X4, [2, 2, 2, 3], g, [1] * 4, "SAME",
                                     data_format=b"NHWC").shape == (2, 2, 2, 3)
    assert v1.conv2d_backprop_input([1, 4, 4, 2], W4, g, [1] * 4, "SAME",
                                    data_format=None).shape == (1, 4, 4, 2)
    for call, msg in (
            (lambda: v1.conv2d_backprop_input([1, 4, 4, 2], W4, g, 1, "SAME"),
             "Expected list for 'strides' argument to 'conv2d_backprop_input' Op, not 1."),
            (lambda: v1.conv2d_backprop_filter(X4, [2, 2, 2, 3], g, 1, "SAME"),
             "Expected list for 'strides' argument to 'conv2d_backprop_filter' Op, not 1."),
            (lambda: v1.conv2d_backprop_input([1, 4, 4, 2], W4, g, [1] * 4, "SAME",
                                              dilations=1),
             "Expected list for 'dilations' argument to 'conv2d_backprop_input' Op, not 1."),
            (lambda: v1.depthwise_conv2d_native(X4, W4, [1] * 4, "SAME", dilations=1),
             "Expected list for 'dilations' argument to 'depthwise_conv2d_native' Op, not 1.")):
        with pytest.raises(TypeError, match=re.escape(msg)):
            call()
    # (a padding list is still explicit padding there: TF 1's wrapper converts it)
    assert v1.conv2d_backprop_input([1, 4, 4, 2], W4, g, [1] * 4,
                                    [[0, 0], [1, 0], [1, 0], [0, 0]]).shape == (1, 4, 4, 2)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' words: its GPU's say "Slow")
def test_gradient_ops_check_paddings_and_sizes_when_the_graph_runs():
    # recorded from TF 2.21: the convolution gradients' shape functions leave the explicit
    # paddings' values and out_backprop's sizes to their kernels: a traced call fails
    # when its graph runs (the function_node prefix), eagerly as before
    x, w = tf.ones((1, 4, 4, 1)), tf.ones((2, 2, 1, 1))
    big = [[0, 0], [5, 5], [1, 1], [0, 0]]
    mismatch = ("Conv2DCustomBackpropInput: Size of out_backprop doesn't match computed: "
                "actual = 4, computed = 13 spatial_dim: 1 input: 4 filter: 2 output: 4 "
                "stride: 1 dilation: 1")
    f = tf.function(lambda: tf.nn.conv2d_transpose(x, w, [1, 4, 4, 1], 1, big))
    assert f.get_concrete_function() is not None  # (traced)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^\{\{function_node __inference_.*\}\} " + re.escape(mismatch)):
        f()
    with pytest.raises(tf.errors.InvalidArgumentError, match=re.escape(mismatch)):
        tf.nn.conv2d_transpose(x, w, [1, 4, 4, 1], 1, big)

    def backprop_filter(paddings):
        return tf.raw_ops.Conv2DBackpropFilter(
            input=x, filter_sizes=[2, 2, 1, 1], out_backprop=tf.ones((1, 3, 3, 1)),
            strides=[1, 1, 1, 1], padding="EXPLICIT", explicit_paddings=paddings)

    for paddings, words in (([0, 0, -1, 1, 1, 1, 0, 0], "All elements of explicit_paddings "
                                                        "must be nonnegative"),
                            ([1, 0, 1, 1, 1, 1, 0, 0], "Nonzero explicit padding in the batch "
                                                       "or depth dimensions is not supported")):
        g = tf.function(lambda p=paddings: backprop_filter(p))
        assert g.get_concrete_function() is not None
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"^\{\{function_node __inference_.*\}\} " + words):
            g()


def test_an_oom_names_the_dtype_as_tfs_cpp():
    # (recorded from TF 2.21: float16 is "half" in DataTypeString, as float32 is "float")
    with pytest.raises(tf.errors.ResourceExhaustedError,
                       match=r"OOM when allocating tensor with shape\[1099511627776,1048576\] "
                             r"and type half on /job:localhost/replica:0/task:0/device:CPU:0"):
        with tf.device("/CPU:0"):  # (a GPU's: test_gpu_placement.py, "by allocator GPU_0_bfc")
            tf.zeros([2 ** 40, 2 ** 20], tf.float16)


@pytest.mark.parametrize("fshape", [(0, 2, 2, 2), (3, 0, 2, 2)])
def test_depthwise_input_gradient_of_a_filter_without_taps_is_zeros_of_input_sizes(fshape):
    # TF 2.21 (either CPU build): zeros shaped as input_sizes under SAME padding; the
    # filter's own padding is negative there, and once cropped the input to (2, 4, 4, 2)
    dx = tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
        input_sizes=[2, 5, 4, 2], filter=np.zeros(fshape, np.float32),
        out_backprop=np.ones((2, 5, 4, 4), np.float32), strides=[1, 1, 1, 1], padding="SAME")
    assert dx.shape == (2, 5, 4, 2)
    assert not np.any(dx.numpy())
