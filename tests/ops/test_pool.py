"""Pooling: every padding/stride/window/layout combination against a plain loop,
gradients (including max-pool ties), known values at SAME borders, and bad input."""

from __future__ import annotations

import contextlib
import itertools
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from eagerflow._src.ops import nn_pool, nn_pool_refs, pool_windows
from tests.gpu_target import on_the_gpu
from tests.ops import max_pool_grad_cases as mpg
from tests.ops.test_conv import directional_check, pads_for
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

RNG = np.random.default_rng(1)


def ref_pool_nhwc(x, ks, strides, padding, kind, explicit=((0, 0), (0, 0))):
    """Loop reference: each output cell reduces the real (unpadded) cells of its window."""
    n, h, w, c = x.shape
    pt, pb = pads_for(h, ks[0], strides[0], 1, padding, explicit[0])
    pl, pr = pads_for(w, ks[1], strides[1], 1, padding, explicit[1])
    oh = (h + pt + pb - ks[0]) // strides[0] + 1
    ow = (w + pl + pr - ks[1]) // strides[1] + 1
    y = np.zeros((n, oh, ow, c))
    for b, i, j, ch in itertools.product(range(n), range(oh), range(ow), range(c)):
        cells = [x[b, r, s, ch] for r in range(i * strides[0] - pt, i * strides[0] - pt + ks[0])
                 for s in range(j * strides[1] - pl, j * strides[1] - pl + ks[1])
                 if 0 <= r < h and 0 <= s < w]
        y[b, i, j, ch] = max(cells) if kind == "MAX" else sum(cells) / len(cells)
    return y


def distinct(*shape):
    """No ties: max pooling is differentiable there."""
    n = int(np.prod(shape))
    return RNG.permutation(n).reshape(shape) / n * 4.0 - 2.0


# AvgPool has no EXPLICIT padding, and explicit pads must be smaller than the window
SWEEP = [c for c in itertools.product(["SAME", "VALID", "EXPLICIT"], [(1, 1), (2, 1), (2, 3)],
                                      [(2, 2), (3, 2), (1, 3), (4, 4), (2, 3)], ["MAX", "AVG"],
                                      ["NHWC", "NCHW"])
         if c[0] != "EXPLICIT" or (c[3] == "MAX" and c[2][0] >= 2 and c[2][1] >= 3)]


@pytest.mark.parametrize("padding,strides,ks,kind,fmt", SWEEP)
def test_pool2d_sweep_matches_loop_and_gradients(padding, strides, ks, kind, fmt):
    x = distinct(2, 7, 6, 2)
    explicit = ((1, 0), (0, 2))
    pad = padding if padding != "EXPLICIT" else [[0, 0], *explicit, [0, 0]]
    want = ref_pool_nhwc(x, ks, strides, padding, kind, explicit)
    fn = tf.nn.max_pool2d if kind == "MAX" else tf.nn.avg_pool2d
    if fmt == "NCHW":
        pad = pad if padding != "EXPLICIT" else [[0, 0], [0, 0], *explicit]
        xin = x.transpose(0, 3, 1, 2)

        def f(a):
            return fn(a, ks, strides, pad, data_format="NCHW")
    else:
        xin = x

        def f(a):
            return fn(a, ks, strides, pad)
    # (TF's CPU refuses NCHW in float64, and with explicit paddings in any dtype; its GPU
    # computes it: tests/ops/test_conv_cpu_format.py)
    with on_the_gpu() if fmt == "NCHW" else contextlib.nullcontext():
        got = f(tf.constant(xin)).numpy()
        np.testing.assert_allclose(got.transpose(0, 2, 3, 1) if fmt == "NCHW" else got, want,
                                   rtol=1e-12)
        directional_check(f, [xin])


def test_avg_pool_same_divides_by_real_cells_at_borders():
    x = np.arange(1.0, 26.0).reshape(1, 5, 5, 1)
    y = tf.nn.avg_pool2d(x, 2, 2, "SAME").numpy()[0, :, :, 0]
    # 5 -> 3 outputs, one padded column/row after: the last windows hold 2 cells, the
    # corner one cell, and each is divided by its count, not by 4
    assert y[0, 0] == (1 + 2 + 6 + 7) / 4
    assert y[0, 2] == (5 + 10) / 2
    assert y[2, 0] == (21 + 22) / 2
    assert y[2, 2] == 25.0
    np.testing.assert_array_equal(y, [[4, 6, 7.5], [14, 16, 17.5], [21.5, 23.5, 25]])
    # 3x3 windows, stride 2: padding 1 before and 1 after
    y3 = tf.nn.avg_pool2d(x, 3, 2, "SAME").numpy()[0, :, :, 0]
    assert y3[0, 0] == (1 + 2 + 6 + 7) / 4
    np.testing.assert_array_equal(y3, [[4, 5.5, 7], [11.5, 13, 14.5], [19, 20.5, 22]])
    # the gradient spreads each output's gradient over the same real cells
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        s = tf.reduce_sum(tf.nn.avg_pool2d(xt, 2, 2, "SAME"))
    g = tape.gradient(s, xt).numpy()[0, :, :, 0]
    assert g[0, 0] == 0.25 and g[0, 4] == 0.5 and g[4, 4] == 1.0


def test_max_pool_gradient_with_ties_goes_to_the_first_maximum():
    def grad(a, k, s, p):
        x = tf.constant(np.array(a, np.float64)[None, :, :, None])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.nn.max_pool2d(x, k, s, p))
        return tape.gradient(y, x).numpy()[0, :, :, 0]

    # every 2x2 window of ones: each window sends its gradient to its top-left cell only
    np.testing.assert_array_equal(grad(np.ones((3, 3)), 2, 1, "VALID"),
                                  [[1, 1, 0], [1, 1, 0], [0, 0, 0]])
    # row-major order inside the window decides: (0,1) wins over (1,0)
    np.testing.assert_array_equal(grad([[0, 2, 2], [2, 0, 2], [2, 2, 0]], 2, 1, "SAME"),
                                  [[0, 2, 1], [1, 0, 2], [1, 1, 1]])
    np.testing.assert_array_equal(grad([[5.0, 5.0]], [1, 2], 1, "VALID"), [[1, 0]])
    # differentiating the gradient with respect to the output gradient gathers from the
    # same first-maximum cells (MaxPoolGradGrad)
    x = tf.constant(np.ones((1, 3, 3, 1)))
    v = tf.constant(np.arange(9.0).reshape(1, 3, 3, 1))
    dy = tf.constant(np.ones((1, 2, 2, 1)))
    with tf.GradientTape() as outer:
        outer.watch(dy)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.nn.max_pool2d(x, 2, 1, "VALID")
        g = inner.gradient(y, x, output_gradients=dy)
        s = tf.reduce_sum(g * v)
    np.testing.assert_array_equal(outer.gradient(s, dy).numpy()[0, :, :, 0], [[0, 1], [3, 4]])


@pytest.mark.parametrize("k,s,p", [(2, 2, "VALID"), (2, 2, "SAME"), (3, 3, "SAME"),
                                   (2, 3, "VALID"), (3, 2, "SAME"), (2, 1, "VALID")])
def test_max_pool_gradient_ties_match_a_loop(k, s, p):
    # disjoint windows (stride >= size) store each window's gradient, overlapping ones add:
    # both must send it to the window's first maximum, as a plain loop does
    rng = np.random.default_rng(7)
    a = rng.integers(0, 3, (2, 7, 8, 2)).astype(np.float64)  # many ties
    x = tf.constant(a)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, k, s, p)
        dy = rng.standard_normal(y.shape)
        loss = tf.reduce_sum(y * dy)
    got = tape.gradient(loss, x).numpy()
    oh, ow = y.shape[1:3]
    pad_h = max((oh - 1) * s + k - 7, 0) // 2 if p == "SAME" else 0
    pad_w = max((ow - 1) * s + k - 8, 0) // 2 if p == "SAME" else 0
    want = np.zeros_like(a)
    for n, i, j, c in np.ndindex(2, oh, ow, 2):
        best, at = -np.inf, None
        for di, dj in np.ndindex(k, k):
            r, q = i * s + di - pad_h, j * s + dj - pad_w
            if 0 <= r < 7 and 0 <= q < 8 and a[n, r, q, c] > best:
                best, at = a[n, r, q, c], (r, q)
        want[n, at[0], at[1], c] += dy[n, i, j, c]
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("k,s", [(2, 2), (2, 1), (3, 2)])
def test_max_pool_gradient_nan_inf_and_special_dy_match_a_loop(k, s):
    # TF's 2-D rule: the first cell, then any later cell strictly greater, so a NaN in
    # front keeps the gradient and a NaN behind is never chosen; a window of -inf sends
    # it to its first cell; an inf or NaN in dy reaches only the chosen cell. Windows
    # without a NaN take the maxima-and-comparisons path, the others the running one.
    rng = np.random.default_rng(11)
    a = rng.integers(0, 3, (2, 6, 6, 3)).astype(np.float32)
    a[0, 0, 0, 0] = np.nan
    a[0, 2, 3, 1] = np.nan
    a[1, 0:3, 0:3, 2] = -np.inf
    a[1, 4, 4, 0] = np.inf
    for arr in (a, np.where(np.isnan(a), 1.0, a).astype(np.float32)):  # with and without NaN
        x = tf.constant(arr)
        y = tf.nn.max_pool2d(x, k, s, "VALID")
        dy = rng.standard_normal(y.shape).astype(np.float32)
        dy[0, 0, 0, 0], dy[1, 0, 0, 1] = np.inf, np.nan
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.max_pool2d(x, k, s, "VALID")
        got = tape.gradient(y, x, output_gradients=tf.constant(dy)).numpy()
        oh, ow = y.shape[1:3]
        want = np.zeros_like(arr)
        for n, i, j, c in np.ndindex(2, oh, ow, 3):
            cells = [(i * s + di, j * s + dj) for di, dj in np.ndindex(k, k)]
            at = cells[0]
            for r, q in cells[1:]:
                if arr[n, r, q, c] > arr[n, at[0], at[1], c]:
                    at = (r, q)
            want[n, at[0], at[1], c] += dy[n, i, j, c]
        np.testing.assert_allclose(got, want, rtol=1e-6)  # (overlaps add in another order)


def test_max_pool_values_ints_and_negative_inputs():
    x = -np.arange(1.0, 17.0).reshape(1, 4, 4, 1)
    y = tf.nn.max_pool2d(x, 2, 1, "SAME").numpy()[0, :, :, 0]
    np.testing.assert_array_equal(y, x[0, :, :, 0])  # padding never wins: it is -inf
    xi = np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)
    # (a NumPy array is converted to MaxPool's default float32, as TF's wrapper does)
    assert tf.nn.max_pool2d(xi, 2, 2, "VALID").dtype == tf.float32
    yi = tf.nn.max_pool2d(tf.constant(xi), 2, 2, "VALID")
    assert yi.dtype == tf.int32
    np.testing.assert_array_equal(yi.numpy()[0, :, :, 0], [[5, 7], [13, 15]])
    assert tf.nn.max_pool2d(np.ones((2, 5, 5, 3)), 6, 1, "VALID").shape == (2, 0, 0, 3)


def test_pool1d_3d_and_generic_forms():
    x = distinct(2, 9, 3)
    y = tf.nn.max_pool1d(x, 2, 2, "SAME").numpy()
    np.testing.assert_allclose(y, ref_pool_nhwc(x[:, None], (1, 2), (1, 2), "SAME", "MAX")[:, 0])
    ya = tf.nn.avg_pool1d(x.transpose(0, 2, 1).astype(np.float32), 3, 1, "SAME",
                          data_format="NCW").numpy()  # (float64 NCW: refused on TF's CPU)
    np.testing.assert_allclose(ya.transpose(0, 2, 1), ref_pool_nhwc(
        x[:, None], (1, 3), (1, 1), "SAME", "AVG")[:, 0], rtol=1e-6)
    x3 = distinct(1, 1, 6, 5, 2).astype(np.float32)  # (TF's CPU pools 3-D in float32 only)
    y3 = tf.nn.max_pool3d(x3, [1, 2, 3], [1, 2, 1], "SAME").numpy()
    np.testing.assert_allclose(y3[:, 0], ref_pool_nhwc(x3[:, 0], (2, 3), (2, 1), "SAME", "MAX"))
    a3 = tf.nn.avg_pool3d(x3, [1, 3, 2], 1, "SAME").numpy()
    np.testing.assert_allclose(a3[:, 0], ref_pool_nhwc(x3[:, 0], (3, 2), (1, 1), "SAME", "AVG"),
                               rtol=1e-6)
    assert tf.nn.max_pool(x, 2, 2, "VALID").shape == (2, 4, 3)
    assert tf.nn.avg_pool(x3, 2, 2, "SAME").shape == (1, 1, 3, 3, 2)
    x4 = distinct(1, 6, 5, 2)
    np.testing.assert_allclose(tf.nn.pool(x4, [2, 2], "AVG", strides=[2, 1], padding="SAME"),
                               ref_pool_nhwc(x4, (2, 2), (2, 1), "SAME", "AVG"))
    directional_check(lambda a: tf.nn.avg_pool1d(a, 3, 2, "VALID"), [x])


@pytest.mark.parametrize("kind", ["MAX", "AVG"])
def test_3d_pool_gradients_are_the_2d_ones_over_a_unit_depth(kind):
    # (float32 only, as TF's CPU: the 2-D ops' float64 gradients, checked against
    # central differences, are the reference)
    x3 = distinct(1, 1, 6, 5, 2).astype(np.float32)
    g3 = distinct(1, 1, 3, 5, 2).astype(np.float32)
    pool3, pool2 = ((tf.nn.max_pool3d, tf.nn.max_pool2d) if kind == "MAX" else
                    (tf.nn.avg_pool3d, tf.nn.avg_pool2d))
    for f, x, g, ks, st in ((pool3, x3, g3, [1, 2, 3], [1, 2, 1]),
                            (pool2, x3[:, 0].astype(np.float64), g3[:, 0].astype(np.float64),
                             [2, 3], [2, 1])):
        xt = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(xt)
            y = f(xt, ks, st, "SAME")
        got = tape.gradient(y, xt, output_gradients=tf.constant(g)).numpy()
        if f is pool3:
            assert got.dtype == np.float32
            want3 = got[:, 0]
        else:
            np.testing.assert_allclose(want3, got, rtol=1e-6, atol=1e-7)
    directional_check(lambda a: pool2(a, [2, 3], [2, 1], "SAME"), [x3[:, 0]])


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' registrations)
def test_3d_pools_refuse_float64_as_tf():
    # TF 2.21 (recorded): MaxPool3D's and MaxPool3DGrad's definitions take no float64 (nor
    # MaxPool3DGrad's TInput, named first); AvgPool3D, AvgPool3DGrad and MaxPool3DGradGrad
    # take it but TF's CPU has no kernel (nor for float16, nor MaxPool3DGradGrad's ints)
    x = np.ones((1, 4, 4, 4, 2))
    g = np.ones((1, 2, 2, 2, 2))
    k = dict(ksize=[1, 2, 2, 2, 1], strides=[1, 2, 2, 2, 1], padding="VALID")
    attr = ("Value for attr '{}' of {} is not in the list of allowed values: half, bfloat16, "
            "float\n\t; NodeDef: {{{{node {}}}}}; Op<name={};")
    for f, op in ((lambda: tf.nn.max_pool3d(x, 2, 2, "VALID"), "MaxPool3D"),
                  (lambda: tf.nn.max_pool(x, 2, 2, "VALID"), "MaxPool3D"),
                  (lambda: tf.raw_ops.MaxPool3D(input=x, **k), "MaxPool3D")):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            f()
        assert str(info.value).startswith(attr.format("T", "double", op, op)), info.value
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.raw_ops.MaxPool3DGrad(orig_input=tf.constant(x), orig_output=tf.constant(g),
                                 grad=tf.constant(g), **k)  # (arrays: its float default)
    assert str(info.value).startswith(attr.format("TInput", "double", "MaxPool3DGrad",
                                                  "MaxPool3DGrad")), info.value
    f16 = tf.ones((1, 4, 4, 4, 2), tf.float16)
    g16 = tf.ones((1, 2, 2, 2, 2), tf.float16)
    for call, op, t in (
            (lambda: tf.nn.avg_pool3d(x, 2, 2, "VALID"), "AvgPool3D", "DT_DOUBLE"),
            (lambda: tf.raw_ops.AvgPool3DGrad(orig_input_shape=[1, 4, 4, 4, 2], grad=g, **k),
             "AvgPool3DGrad", "DT_DOUBLE"),
            (lambda: tf.raw_ops.MaxPool3DGradGrad(orig_input=x, orig_output=g, grad=x, **k),
             "MaxPool3DGradGrad", "DT_DOUBLE"),
            (lambda: tf.raw_ops.MaxPool3DGradGrad(orig_input=x.astype(np.int32),
                                                  orig_output=g.astype(np.int32),
                                                  grad=x.astype(np.int32), **k),
             "MaxPool3DGradGrad", "DT_INT32"),
            (lambda: tf.raw_ops.AvgPool3DGrad(orig_input_shape=[1, 4, 4, 4, 2], grad=g16, **k),
             "AvgPool3DGrad", "DT_HALF")):
        with pytest.raises(tf.errors.NotFoundError) as info:
            call()
        assert str(info.value).startswith(
            f"Could not find device for node: {{{{node {op}}}}} = {op}[T={t}, "
            'data_format="NDHWC", ksize=[1, 2, 2, 2, 1], padding="VALID", '
            f"strides=[1, 2, 2, 2, 1]]\nAll kernels registered for op {op}:\n"), info.value
    with pytest.raises(tf.errors.NotFoundError) as info:
        tf.raw_ops.MaxPool3DGrad(orig_input=f16, orig_output=g16, grad=g16, **k)
    assert ("MaxPool3DGrad[T=DT_HALF, TInput=DT_HALF, data_format=\"NDHWC\"" in str(info.value)
            and "  device='XLA_CPU_JIT'; TInput in [DT_FLOAT, DT_BFLOAT16, DT_HALF]; T in "
            "[DT_FLOAT, DT_BFLOAT16, DT_HALF]\n  device='CPU'; T in [DT_BFLOAT16]; TInput in "
            "[DT_BFLOAT16]\n  device='CPU'; T in [DT_FLOAT]; TInput in [DT_FLOAT]\n "
            "[Op:MaxPool3DGrad]" in str(info.value)), info.value
    # float32 runs, its gradient too
    x32 = tf.constant(x, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x32)
        y = tf.nn.max_pool3d(x32, 2, 2, "VALID")
    assert tape.gradient(y, x32).dtype == tf.float32


def _no_kernel_parts(message: str) -> tuple:
    """A graph's "No OpKernel" error: its text with the attrs taken out, and the attrs as a
    set (TF lists them in an order that varies from run to run)."""
    m = re.search(r"with these attrs: \[(.*?)\]\n", message)
    attrs = set(re.split(r", (?=[A-Za-z_]+=)", m[1]))
    return message[:m.start(1)] + message[m.end(1):], attrs


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' registrations)
@pytest.mark.parametrize("graph", ["function", "tf1"])
def test_3d_pools_without_a_cpu_kernel_are_refused_when_a_graph_runs(graph):
    # TF 2.21 (recorded): a graph's 3-D pool of a type its CPU has no kernel for traces, and
    # fails when it runs with the graph's "No OpKernel" error (eagerly: NotFoundError when
    # placed); under tf.function(jit_compile=True) XLA computes it. The kernels listed:
    # XLA's first, as TF lists them once its eager context is up (any eager op or
    # tf.function before: a TF 1 Session's run in a process that ran none lists the CPU's)
    x = tf.ones((1, 4, 4, 4, 2), tf.float16)

    def pool(x):
        return tf.nn.max_pool3d(x, 2, 1, "SAME")

    want = ("No OpKernel was registered to support Op 'MaxPool3D' used by {{node MaxPool3D}} "
            "with these attrs: []\nRegistered devices: [CPU]\nRegistered kernels:\n  "
            "device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_BFLOAT16, DT_HALF]\n  "
            "device='CPU'; T in [DT_BFLOAT16]\n  device='CPU'; T in [DT_FLOAT]\n\n\t "
            "[[MaxPool3D]]")
    attrs = {"T=DT_HALF", 'data_format="NDHWC"', "ksize=[1, 2, 2, 2, 1]", 'padding="SAME"',
             "strides=[1, 1, 1, 1, 1]"}
    if graph == "function":
        f = tf.function(pool)
        f.get_concrete_function(x)  # (traced without error)
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            f(x)
        text, got = _no_kernel_parts(str(info.value))
        assert text.startswith(want + " [Op:__inference_pool_"), text
    else:
        with tf.Graph().as_default():
            y = pool(tf.constant(np.ones((1, 4, 4, 4, 2)), tf.float16))
            with tf.compat.v1.Session() as sess, \
                    pytest.raises(tf.errors.InvalidArgumentError) as info:
                sess.run(y)
        text, got = _no_kernel_parts(str(info.value))
        assert "Node: 'MaxPool3D'\n" + want in text, text
    assert got == attrs
    computed = tf.function(pool, jit_compile=True)(x)
    np.testing.assert_array_equal(computed.numpy(), np.ones((1, 4, 4, 4, 2), np.float16))


def test_3d_pools_of_half_compute_on_a_gpu_as_tfs_gpu_kernels():
    # TF registers its 3-D pools and their gradients on the GPU for float, half and
    # bfloat16 (its CPU: bfloat16 and float): a mixed_float16 3-D CNN trains on a GPU
    x = np.arange(128, dtype=np.float16).reshape(2, 4, 4, 4, 1)
    windows = x.astype(np.float32).reshape(2, 2, 2, 2, 2, 2, 2, 1)
    with D.standin_gpus(1):
        xd = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(xd)
            y = tf.nn.max_pool3d(xd, 2, 2, "VALID")
        avg = tf.nn.avg_pool3d(xd, 2, 2, "VALID")
        dx = tape.gradient(y, xd)
        assert "GPU:0" in y.device and y.dtype == avg.dtype == dx.dtype == tf.float16
        np.testing.assert_array_equal(y.numpy(), windows.max(axis=(2, 4, 6)))
        np.testing.assert_array_equal(avg.numpy(), windows.mean(axis=(2, 4, 6)))
        # (each window's maximum is its last cell)
        want = np.zeros_like(windows)
        want[:, :, 1, :, 1, :, 1] = 1
        np.testing.assert_array_equal(dx.numpy(), want.reshape(x.shape))
        with pytest.raises(tf.errors.NotFoundError, match="node AvgPool3D"):
            tf.nn.avg_pool3d(tf.constant(x, tf.float64), 2, 2, "VALID")
        with tf.device("/CPU:0"), pytest.raises(tf.errors.NotFoundError, match="T=DT_HALF"):
            tf.nn.max_pool3d(tf.constant(x), 2, 2, "VALID")


def test_pool_with_dilations():
    x = distinct(1, 7, 8, 2)
    for kind in ("MAX", "AVG"):
        got = tf.nn.pool(x, [2, 3], kind, padding="VALID", dilations=[2, 1]).numpy()
        want = np.zeros((1, 5, 6, 2))
        for i, j in itertools.product(range(5), range(6)):
            cells = x[0, [i, i + 2]][:, j:j + 3]
            want[0, i, j] = cells.max(axis=(0, 1)) if kind == "MAX" else cells.mean(axis=(0, 1))
        np.testing.assert_allclose(got, want, rtol=1e-12)
        directional_check(lambda a, k=kind: tf.nn.pool(a, [2, 2], k, dilations=[1, 2]), [x])
    with pytest.raises(ValueError, match="pooling with 'SAME' padding is not implemented"):
        tf.nn.pool(x, [2, 2], "MAX", padding="SAME", dilations=[2, 2])
    with pytest.raises(ValueError, match="`strides > 1` not supported in conjunction"):
        tf.nn.pool(x, [2, 2], "AVG", strides=[2, 2], dilations=[2, 2])
    with pytest.raises(ValueError, match="2-D MIN pooling is not supported."):
        tf.nn.pool(x, [2, 2], "MIN")
    with pytest.raises(ValueError, match=r"Shape \(1, 7, 8, 2\) must have rank 5"):
        tf.nn.pool(x, [2, 2, 2], "MAX")


X = np.ones((2, 5, 5, 3), np.float32)
BAD = [
    (lambda: tf.nn.max_pool2d(X, 0, 1, "SAME"), tf.errors.InvalidArgumentError,
     "Sliding window ksize must be positive. The specified or inferred ksize is: 1,0,0,1 "
     "[Op:MaxPool]"),
    (lambda: tf.nn.max_pool2d(X, -1, 1, "SAME"), tf.errors.InvalidArgumentError,
     "ksize is: 1,-1,-1,1"),
    (lambda: tf.nn.avg_pool2d(X, 0, 1, "SAME"), tf.errors.InvalidArgumentError,
     "ksize must be a positive int32 value, got:0 [Op:AvgPool]"),
    (lambda: tf.nn.max_pool2d(X, 2, 0, "SAME"), tf.errors.InvalidArgumentError,
     "Stride must be > 0, but got 0"),
    (lambda: tf.nn.avg_pool2d(X, 2, 0, "SAME"), tf.errors.InvalidArgumentError,
     "Stride must be > 0, but got 0"),
    (lambda: tf.nn.max_pool1d(np.ones((2, 5, 3)), 2, 0, "SAME"), tf.errors.InvalidArgumentError,
     "Stride must be > 0, but got 0"),
    (lambda: tf.nn.max_pool2d(X[0], 2, 1, "VALID"), tf.errors.InvalidArgumentError,
     "tensor_in_shape must have 2 spatial dimensions. 3 0"),
    (lambda: tf.nn.max_pool2d(X, [2, 2, 2], 1, "VALID"), ValueError,
     "ksize should be of length 1, 2 or 4. Received: ksize=[2, 2, 2] of length 3"),
    (lambda: tf.nn.max_pool2d(X, [2, 2, 2, 1], 1, "VALID"), tf.errors.UnimplementedError,
     "Pooling is not yet supported on the batch dimension."),
    (lambda: tf.nn.max_pool2d(X, [1, 2, 2, 3], 1, "VALID"), tf.errors.UnimplementedError,
     "MaxPooling supports exactly one of pooling across depth or pooling across width/height."),
    (lambda: tf.nn.max_pool2d(X, 2, 1, "FOO"), tf.errors.InvalidArgumentError,
     "Value for attr 'padding' of \"FOO\""),
    (lambda: tf.nn.max_pool2d(X, 2, 1, "SAME", data_format="NWHC"),
     tf.errors.InvalidArgumentError, "Value for attr 'data_format' of \"NWHC\""),
    (lambda: tf.nn.avg_pool2d(X.astype(np.int32), 2, 1, "SAME"), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, "
     "double"),
    (lambda: tf.nn.max_pool2d(X, 7, 1, "VALID"), tf.errors.InvalidArgumentError,
     "Computed output size would be negative: -1"),
    (lambda: tf.nn.max_pool2d(X, 2, 1, [[0, 0], [1, 0], [0, 2], [0, 0]]),
     tf.errors.InvalidArgumentError, "Right padding 2 needs to be smaller than the window size 2"),
    # (rows' pairs are TF's Top and Bottom, checked before the columns': recorded from TF 2.21)
    (lambda: tf.nn.max_pool2d(X, 2, 1, [[0, 0], [2, 0], [0, 0], [0, 0]]),
     tf.errors.InvalidArgumentError, "Top padding 2 needs to be smaller than the window size 2"),
    (lambda: tf.nn.max_pool2d(X, 1, 1, [[0, 0], [0, 2], [2, 0], [0, 0]]),
     tf.errors.InvalidArgumentError, "Bottom padding 2 needs to be smaller than the window size 1"),
    (lambda: tf.nn.max_pool(np.ones((1, 4, 4, 4, 1, 1)), 2, 2, "SAME"), ValueError,
     "`input.shape.rank` must be 3, 4 or 5. Received: input.shape=(1, 4, 4, 4, 1, 1) of rank 6."),
]


@pytest.mark.parametrize("i", range(len(BAD)))
def test_bad_pool_input_raises_tf_error(i):
    fn, cls, msg = BAD[i]
    with pytest.raises(cls) as info:
        fn()
    assert msg in str(info.value)


@pytest.mark.parametrize("k,s,p", [(2, 2, "VALID"), (3, 2, "SAME"), ((2, 3), 1, "SAME")])
def test_max_pool_with_argmax_picks_max_pool_grads_cell(k, s, p):
    # NaNs first and later in windows, a window of -inf only, ties: the argmax's scatter
    # is MaxPoolGrad's gradient (the same cells), and its values are the chosen cells.
    # (TF's CPU kernel's choice, on CPU:0: a GPU's skips NaNs, test_device_reads_round2.py)
    with tf.device("/CPU:0"):
        _argmax_picks_max_pool_grads_cell(k, s, p)


def _argmax_picks_max_pool_grads_cell(k, s, p):
    x = np.round(RNG.standard_normal((2, 7, 6, 3)), 1)
    x[0, 0, 0, 0] = x[1, 3, 3, 1] = np.nan
    x[1, :3, :3, 2] = -np.inf
    g = tf.constant(RNG.standard_normal(tf.nn.max_pool2d(x, k, s, p).shape))
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = tf.nn.max_pool2d(xt, k, s, p)
    want = tape.gradient(y, xt, output_gradients=g)
    for batch in (False, True):
        out, arg = tf.nn.max_pool_with_argmax(xt, k, s, p, include_batch_in_index=batch)
        with tf.GradientTape() as tape:
            tape.watch(xt)
            out = tf.nn.max_pool_with_argmax(xt, k, s, p, include_batch_in_index=batch).output
        # (where windows overlap, a cell's gradients are summed in another order: TF's)
        np.testing.assert_allclose(tape.gradient(out, xt, output_gradients=g), want, rtol=1e-14)
        flat = arg.numpy().reshape(2, -1) + (0 if batch else np.arange(2)[:, None] * x[0].size)
        np.testing.assert_array_equal(x.reshape(-1)[flat.reshape(-1)], out.numpy().reshape(-1))


# ---------------------------------------------------------------------------------------
# The kept argmax: MaxPool's forward keeps each window's argmax for its gradient.
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,k,s,p", mpg.GEOMETRIES)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_max_pool_gradient_from_the_kept_argmax_is_the_recomputed_one(name, k, s, p, dtype):
    # MaxPool keeps its argmax (nothing padded) and MaxPoolGrad of the same arrays scatters
    # from it; of any other arrays it finds the argmax again: bit for bit the same, and
    # the same as a plain loop that adds each window's gradient in window order
    x, make_dy = mpg.inputs(dtype)
    ks, st = (k, k) if isinstance(k, int) else k, (s, s)
    y = pool_windows.max_pool(np, x, ks, st, p, (), keep=True)
    dy = make_dy(y.shape)
    outs, pads = pool_windows.geometry(x.shape[1:3], ks, st, (1, 1), p, ())
    kept = pool_windows._KEPT_ARGMAX.get((x, y), (ks, st, pads))
    assert (kept is None) == (p == "SAME" and any(a or b for a, b in pads))
    got = pool_windows.max_pool_grad(np, x, y, dy, ks, st, p, ())
    again = pool_windows.max_pool_grad(np, x.copy(), y.copy(), dy, ks, st, p, ())
    np.testing.assert_array_equal(got.view(f"u{x.itemsize}"), again.view(f"u{x.itemsize}"))
    attrs = dict(ksize=(1,) + ks + (1,), strides=(1,) + st + (1,), padding=p,
                 explicit_paddings=(), data_format="NHWC")
    want = nn_pool_refs.max_grad_ref(nn_pool.POOL2D)(x, y, dy, **attrs)
    np.testing.assert_array_equal(got.view(f"u{x.itemsize}"), want.view(f"u{x.itemsize}"))


def test_kept_argmax_serves_only_its_own_arrays(monkeypatch):
    monkeypatch.setattr(pool_windows._KEPT_ARGMAX, "entries", [])
    x = RNG.standard_normal((2, 6, 6, 3))
    y = pool_windows.max_pool(np, x, (2, 2), (2, 2), "VALID", (), keep=True)
    key = ((2, 2), (2, 2), ((0, 0), (0, 0)))
    assert pool_windows._KEPT_ARGMAX.get((x, y), key) is not None
    assert pool_windows._KEPT_ARGMAX.get((x, y.copy()), key) is None
    other = -x  # the same y with another input: its own argmax, not the kept one
    dy = RNG.standard_normal(y.shape)
    np.testing.assert_array_equal(pool_windows.max_pool_grad(np, other, y, dy, (2, 2), (2, 2),
                                                        "VALID", ()),
                                  pool_windows.max_pool_grad(np, other.copy(), y, dy, (2, 2),
                                                        (2, 2), "VALID", ()))
    pool_windows.max_pool(np, x, (2, 2), (2, 2), "VALID", ())  # no keep: nothing added
    assert len(pool_windows._KEPT_ARGMAX.entries) == 1
    del x, y  # dropped at the next forward that keeps
    pool_windows.max_pool(np, other, (2, 2), (2, 2), "VALID", (), keep=True)
    assert len(pool_windows._KEPT_ARGMAX.entries) == 1


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow is not installed")
def test_max_pool_gradients_match_tensorflow_bit_for_bit(tmp_path):
    # eagerly (the kept argmax) and in a tf.function, on TF 2.21's reference kernels
    script = textwrap.dedent("""
        import json, sys
        sys.path.insert(0, sys.argv[2])
        import tensorflow as tf
        import max_pool_grad_cases as mpg
        out = {f"{n}/{d}": mpg.grad_bits(tf, k, s, p, d, False)
               for n, k, s, p in mpg.GEOMETRIES for d in ("float32", "float64")}
        with open(sys.argv[1] + "/out.json", "w") as f:
            json.dump(out, f)
    """)
    want = run_tf_script(script, tmp_path, Path(mpg.__file__).parent)
    for n, k, s, p in mpg.GEOMETRIES:
        for d in ("float32", "float64"):
            for function in (False, True):
                assert mpg.grad_bits(tf, k, s, p, d, function) == want[f"{n}/{d}"], \
                    (n, d, function)


def test_max_pool_keeps_its_argmax_only_where_a_gradient_may_follow(monkeypatch):
    monkeypatch.setattr(pool_windows._KEPT_ARGMAX, "entries", [])
    x = tf.constant(RNG.standard_normal((2, 6, 6, 3)))
    tf.nn.max_pool2d(x, 2, 2, "VALID")  # inference: nothing kept
    tf.nn.max_pool2d(tf.transpose(tf.cast(x, tf.float32), [0, 3, 1, 2]), 2, 2, "VALID",
                     data_format="NCHW")
    assert pool_windows._KEPT_ARGMAX.entries == []
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, 2, 2, "VALID")
    assert pool_windows._KEPT_ARGMAX.get((x._arr, y._arr), ((2, 2), (2, 2), ((0, 0),) * 2)) \
        is not None
    kept = tape.gradient(y, x)
    monkeypatch.setattr(pool_windows._KEPT_ARGMAX, "entries", [])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, 2, 2, "VALID")
    monkeypatch.setattr(pool_windows._KEPT_ARGMAX, "entries", [])  # found again: the same
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), kept.numpy())


def test_3d_max_pool_ties_infinities_padding_and_empties_as_tf():
    # TF 2.21 (recorded, float32): MaxPool3DGrad gives each window's gradient to every
    # cell equal to its max, none to an infinite one (its mask: a difference of 0);
    # MaxPool3D's padding cells hold the lowest finite value (a padded window of -inf
    # gives it, an unpadded one -inf); MaxPool3DGradGrad refuses an empty tensor_in
    def grad(xv, yv, gv, ks, st, pad="VALID"):
        x, y, g = (tf.constant(np.array(v, np.float32).reshape(1, 1, 1, -1, 1))
                   for v in (xv, yv, gv))
        return tf.raw_ops.MaxPool3DGrad(orig_input=x, orig_output=y, grad=g,
                                        ksize=[1, 1, 1, ks, 1], strides=[1, 1, 1, st, 1],
                                        padding=pad).numpy().ravel()

    np.testing.assert_array_equal(grad([1, 1, 0, 2, 2, 2], [1, 2, 2], [1, 10, 100], 2, 2),
                                  [1, 1, 0, 10, 100, 100])
    np.testing.assert_array_equal(grad([1, 1, 0, 2, 2, 2], [1, 2, 2, 2], [1, 10, 100, 1000],
                                       3, 1), [1, 1, 0, 1110, 1100, 1000])
    inf, nan = np.inf, np.nan
    np.testing.assert_array_equal(grad([inf, 2, 5, 2, 7, 7, 1, 1], [inf, 5, 7, 1], [1] * 4, 2,
                                       2), [0, 0, 1, 0, 1, 1, 1, 1])
    np.testing.assert_array_equal(grad([inf, inf, -inf, -inf], [inf, -inf], [1, 1], 2, 2),
                                  [0, 0, 0, 0])
    np.testing.assert_array_equal(grad([1, 2, 3, 4], [2, 4], [inf, nan], 2, 2),
                                  [0, inf, 0, nan])
    np.testing.assert_array_equal(grad([0.0, -0.0, 3, 4], [0, 4], [1, 1], 2, 2), [1, 1, 0, 1])
    x = tf.constant(np.array([1, 1, 0, 2, 2, 2], np.float32).reshape(1, 1, 1, 6, 1))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool3d(x, [1, 1, 3], [1, 1, 1], "VALID")
    g = tape.gradient(y, x, output_gradients=tf.constant([1.0, 10, 100, 1000], shape=y.shape))
    np.testing.assert_array_equal(g.numpy().ravel(), [1, 1, 0, 1110, 1100, 1000])
    xi = tf.constant(np.array([-inf, -inf, 1, -inf], np.float32).reshape(1, 1, 1, 4, 1))
    np.testing.assert_array_equal(tf.nn.max_pool3d(xi, [1, 1, 2], [1, 1, 2], "VALID")
                                  .numpy().ravel(), [-inf, 1])
    np.testing.assert_array_equal(tf.nn.max_pool3d(xi, [1, 1, 2], [1, 1, 1], "SAME")
                                  .numpy().ravel(),
                                  [-inf, 1, 1, np.finfo(np.float32).min])
    z = tf.zeros((0, 3, 4, 3, 2))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"received empty tensor tensor_in: Tensor<type: float shape: "
                             r"\[0,3,4,3,2\] values: > \[Op:MaxPool3DGradGrad\]"):
        tf.raw_ops.MaxPool3DGradGrad(orig_input=z, orig_output=z, grad=z,
                                     ksize=[1, 2, 2, 2, 1], strides=[1, 1, 1, 1, 1],
                                     padding="SAME")


def test_max_pool_window_paddings_are_the_kernels_check():
    # recorded from TF 2.21: an explicit padding as wide as the window is MaxPool's (and
    # MaxPoolGrad's) kernel's refusal: traced, when the graph runs; ksize and strides are
    # read as int32s before the other checks
    x = tf.ones((1, 4, 4, 1))
    big = [[0, 0], [5, 5], [1, 1], [0, 0]]
    words = "Top padding 5 needs to be smaller than the window size 2"
    f = tf.function(lambda: tf.nn.max_pool2d(x, 2, 1, big))
    assert f.get_concrete_function() is not None  # (traced)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^\{\{function_node __inference_.*\}\} " + words):
        f()
    with pytest.raises(tf.errors.InvalidArgumentError, match=words + r" \[Op:MaxPool\]"):
        tf.nn.max_pool2d(x, 2, 1, big)
    grad = tf.function(lambda: tf.raw_ops.MaxPoolGrad(
        orig_input=x, orig_output=tf.ones((1, 13, 5, 1)), grad=tf.ones((1, 13, 5, 1)),
        ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1], padding="EXPLICIT",
        explicit_paddings=[0, 0, 5, 5, 1, 1, 0, 0]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^\{\{function_node __inference_.*\}\} " + words):
        grad()
    for call, what, op in ((lambda: tf.nn.max_pool2d(x, 1, 2**40, "VALID"), "strides", "MaxPool"),
                           (lambda: tf.nn.avg_pool2d(x, 2**40, 1, "VALID"), "ksize", "AvgPool")):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=rf"Attr {what} has value 1099511627776 out of range for an "
                                 rf"int32 \[Op:{op}\] name: $"):
            call()


def test_pool2d_nodes_take_tfs_scope_names():
    # recorded from TF 2.21: tf.nn.max_pool2d / avg_pool2d open a name scope ("MaxPool2d",
    # "AvgPool2D") that names their node in a graph
    x = tf.ones((1, 4, 4, 1))
    for f, node in ((lambda t: tf.nn.max_pool2d(t, 2, 1, "VALID"), "MaxPool2d"),
                    (lambda t: tf.nn.max_pool(t, 2, 1, "VALID"), "MaxPool2d"),
                    (lambda t: tf.nn.avg_pool2d(t, 2, 1, "VALID"), "AvgPool2D"),
                    (lambda t: tf.nn.max_pool2d(t, 2, 1, "VALID", name="mp"), "mp")):
        g = tf.function(f).get_concrete_function(x).graph
        assert [op.name for op in g.get_operations() if op.type in ("MaxPool", "AvgPool")] == \
            [node]


def _grad_call(x_shape: tuple, y_shape: tuple, **kw: object):
    window = dict(ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1], padding="SAME")
    return lambda: tf.raw_ops.MaxPoolGrad(orig_input=tf.ones(x_shape),
                                          orig_output=tf.ones(y_shape),
                                          grad=tf.ones(y_shape), **{**window, **kw})


@pytest.mark.parametrize("call,cls,words", [
    (_grad_call((1, 5, 5, 2), (1, 4, 4, 2)), tf.errors.InvalidArgumentError,
     "Expected orig_output shape to be [1,5,5,2], but got [1,4,4,2]"),
    (_grad_call((1, 5, 5, 2), (1, 5, 5, 2), ksize=[2, 2, 2, 1]), tf.errors.UnimplementedError,
     "Pooling is not yet supported on the batch dimension."),
    (_grad_call((1, 5, 5, 2), (1, 6, 6, 2), padding="EXPLICIT",
                explicit_paddings=[0, 0, 2, 0, 1, 0, 0, 0]), tf.errors.InvalidArgumentError,
     "Top padding 2 needs to be smaller than the window size 2"),
])
@pytest.mark.parametrize("graph", ["function", "tf1"])
def test_a_graph_s_max_pool_gradient_is_checked_when_it_runs(call, cls, words, graph):
    # TF 2.21 (recorded): MaxPoolGrad's shape function checks its input's rank alone; its
    # kernel checks the rest when the node runs
    if graph == "function":
        f = tf.function(call)
        f.get_concrete_function()  # (traced without error)
        with pytest.raises(cls, match=re.escape(f"{words}\n\t [[{{{{node MaxPoolGrad}}}}]]")):
            f()
        return
    with tf.Graph().as_default():
        y = call()
        with tf.compat.v1.Session() as sess, pytest.raises(cls) as info:
            sess.run(y)
    assert f"Node: 'MaxPoolGrad'\n{words}\n\t [[{{{{node MaxPoolGrad}}}}]]" in str(info.value)


def test_a_graph_refuses_a_max_pool_gradient_input_of_another_rank_when_built():
    with tf.Graph().as_default():
        x = tf.ones([4, 4, 2])
        with pytest.raises(ValueError) as info:
            tf.raw_ops.MaxPoolGrad(orig_input=x, orig_output=x, grad=x, ksize=[1, 2, 2, 1],
                                   strides=[1, 1, 1, 1], padding="SAME")
    assert str(info.value) == (
        "Shape must be rank 4 but is rank 3 for '{{node MaxPoolGrad}} = MaxPoolGrad[T=DT_FLOAT, "
        'data_format="NHWC", explicit_paddings=[], ksize=[1, 2, 2, 1], padding="SAME", '
        "strides=[1, 1, 1, 1]](ones, ones, ones)' with input shapes: [4,4,2], [4,4,2], [4,4,2].")
    x = tf.ones([4, 4, 2])
    for op in ("MaxPoolGrad", "MaxPoolGradV2", "MaxPoolGradGrad"):  # (eagerly: the kernel's)
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=f"}}}} tensor_in must be 4-dimensional \\[Op:{op}\\]"):
            getattr(tf.raw_ops, op)(orig_input=x, orig_output=x, grad=x, ksize=[1, 2, 2, 1],
                                    strides=[1, 1, 1, 1], padding="SAME")


@pytest.mark.parametrize("rank", [2, 3])
def test_an_eager_max_pool_gradient_checks_its_inputs_once(rank, monkeypatch):
    # (its infer checks them; its kernel only where a graph's node runs, which its shape
    # function left them to, as TF's kernel checks them then)
    calls = []
    check = nn_pool._check_grad_shapes
    monkeypatch.setattr(nn_pool, "_check_grad_shapes", lambda *a: calls.append(1) or check(*a))
    x = tf.reshape(tf.range(2.0 * 4 ** rank), (1,) + (4,) * rank + (2,))
    k = dict(ksize=[1] + [2] * rank + [1], strides=[1] * (rank + 2), padding="VALID")
    pool, grad = (tf.raw_ops.MaxPool, tf.raw_ops.MaxPoolGrad) if rank == 2 else \
        (tf.raw_ops.MaxPool3D, tf.raw_ops.MaxPool3DGrad)
    y = pool(input=x, **k)
    want = grad(orig_input=x, orig_output=y, grad=y, **k)
    assert len(calls) == 1
    traced = tf.function(lambda: grad(orig_input=x, orig_output=y, grad=y, **k))()
    assert len(calls) == 2  # (the graph's node, when it ran)
    np.testing.assert_array_equal(traced.numpy(), want.numpy())


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "float16"])
@pytest.mark.parametrize("k", [1, 2, 4])
def test_max_pool_across_channels_is_the_channel_groups_max(dtype, k):
    # TF 2.21's CPU depthwise max pool: a window of channels alone, dividing them, as wide
    # as its stride (one of one channel: the depth stride unread); the reference is
    # NumPy's max over each group of k channels (no NaN here: their order is TF's, as
    # conv_arg_order_golden.json records)
    x = np.random.RandomState(k).permutation(2 * 3 * 4 * 8).reshape(2, 3, 4, 8)
    y = tf.nn.max_pool2d(tf.constant(x.astype(dtype)), [1, 1, 1, k], [1, 1, 1, 2 if k == 1
                                                                      else k], "VALID")
    want = x.reshape(2, 3, 4, 8 // k, k).max(-1).astype(dtype)
    assert y.dtype.name == dtype and y.shape == want.shape
    np.testing.assert_array_equal(y.numpy(), want)
