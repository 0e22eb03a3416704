"""tf.nn activations, softmax, cross-entropies, normalization, in_top_k, bias_add and
dropout: values against formulas written here, numerical stability, TF's conventions at
kinks, first- and second-order gradients of the composites, and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import nn_norm as nn_impl
from eagerflow._src.testing.op_harness import numeric_jvp_grad

RNG = np.random.default_rng(2)


def grad_check(f, *args, second_order=True, rtol=1e-5, atol=1e-6):
    """Tape gradients of sum(f(args) * w) against central differences, for every
    argument; second order: the gradient of sum(grad * v) likewise."""
    base = [np.asarray(a, np.float64) for a in args]
    w = None

    def loss(vals):
        nonlocal w
        y = f(*[tf.constant(v) for v in vals])
        if w is None:
            w = RNG.uniform(0.5, 1.5, y.shape)
        return tf.reduce_sum(y * w)

    loss(base)
    for k in range(len(base)):
        def scalar(xk, k=k):
            return float(loss([xk if i == k else b for i, b in enumerate(base)]))

        ts = [tf.constant(b) for b in base]
        with tf.GradientTape() as tape:
            tape.watch(ts[k])
            out = loss_from(f, ts, w)
        g = tf.convert_to_tensor(tape.gradient(out, ts[k]))  # (a gather's: IndexedSlices)
        np.testing.assert_allclose(g.numpy(), numeric_jvp_grad(scalar, base[k]), rtol=rtol,
                                   atol=atol, err_msg=f"first order, argument {k}")
        if not second_order:
            continue
        v = RNG.uniform(0.5, 1.5, base[k].shape)

        def first(xk, k=k):
            ts2 = [tf.constant(xk if i == k else b) for i, b in enumerate(base)]
            with tf.GradientTape() as outer:
                outer.watch(ts2[k])
                with tf.GradientTape() as inner:
                    inner.watch(ts2[k])
                    o = loss_from(f, ts2, w)
                gk = tf.convert_to_tensor(inner.gradient(o, ts2[k]))
                s = tf.reduce_sum(gk * tf.constant(v))
            return float(s), outer.gradient(s, ts2[k])

        _, h = first(base[k])
        want = numeric_jvp_grad(lambda xk: first(xk)[0], base[k])
        got = np.zeros_like(want) if h is None else h.numpy()
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5,
                                   err_msg=f"second order, argument {k}")


def loss_from(f, ts, w):
    return tf.reduce_sum(f(*ts) * tf.constant(w))


def away_from_kinks(*shape, kinks=(0.0,)):
    x = RNG.uniform(-3, 3, shape)
    for k in kinks:
        x = np.where(np.abs(x - k) < 0.2, x + 0.5, x)
    return x


# ---------------------------------------------------------------------------------------
# Activations.
# ---------------------------------------------------------------------------------------

XS = np.array([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0])


def test_activation_values():
    np.testing.assert_array_equal(tf.nn.relu(XS).numpy(), np.maximum(XS, 0))
    np.testing.assert_array_equal(tf.nn.relu6(XS * 3).numpy(), np.clip(XS * 3, 0, 6))
    np.testing.assert_allclose(tf.nn.elu(XS).numpy(), np.where(XS > 0, XS, np.expm1(XS)))
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    np.testing.assert_allclose(tf.nn.selu(XS).numpy(),
                               scale * np.where(XS > 0, XS, alpha * np.expm1(XS)))
    np.testing.assert_allclose(tf.nn.leaky_relu(XS).numpy(), np.where(XS > 0, XS, 0.2 * XS))
    np.testing.assert_allclose(tf.nn.leaky_relu(XS, alpha=2.0).numpy(),
                               np.where(XS > 0, XS, 2.0 * XS))
    np.testing.assert_allclose(tf.nn.softsign(XS).numpy(), XS / (1 + np.abs(XS)))
    sig = 1 / (1 + np.exp(-XS))
    np.testing.assert_allclose(tf.nn.silu(XS).numpy(), XS * sig)
    np.testing.assert_allclose(tf.nn.swish(XS, beta=2.0).numpy(), XS / (1 + np.exp(-2 * XS)))
    np.testing.assert_allclose(tf.nn.crelu(XS).numpy(),
                               np.concatenate([np.maximum(XS, 0), np.maximum(-XS, 0)]))
    np.testing.assert_allclose(tf.nn.softplus(np.array([-1e4, 1e4, 30.0, -30.0])).numpy(),
                               [0.0, 1e4, 30.0, math.log1p(math.exp(-30.0))])


def test_gelu_exact_and_tanh_approximation():
    # TF's formulas, its constants cast from float32 (a float64 gelu is TF's only so)
    k = float(np.float32(1 / math.sqrt(2)))
    exact = np.array([0.5 * v * math.erfc(-v * k) for v in XS])
    c = math.sqrt(2 / math.pi)
    approx = 0.5 * XS * (1 + np.tanh(c * (XS + float(np.float32(0.044715)) * XS ** 3)))
    np.testing.assert_allclose(tf.nn.gelu(XS).numpy(), exact, rtol=1e-12)
    np.testing.assert_allclose(tf.nn.gelu(XS, approximate=True).numpy(), approx, rtol=1e-12)
    # float32 (the default dtype) agrees too, and the two forms differ visibly at -3
    # (TF prints -0.00405 and -0.003637)
    e32, a32 = tf.nn.gelu(-3.0).numpy(), tf.nn.gelu(-3.0, approximate=True).numpy()
    assert abs(e32 - exact[0]) < 1e-7 and abs(a32 - approx[0]) < 1e-7
    assert abs(e32 - a32) > 4e-4
    with pytest.raises(ValueError, match="`features.dtype` must be a floating point tensor"):
        tf.nn.gelu([1, 2])


def test_activation_gradients_at_kinks_follow_tf():
    def g(f, values):
        x = tf.constant(np.array(values))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(f(x))
        return tape.gradient(y, x).numpy()

    np.testing.assert_array_equal(g(tf.nn.relu, [-1.0, 0.0, 2.0]), [0, 0, 1])
    np.testing.assert_array_equal(g(tf.nn.relu6, [-1.0, 0.0, 2.0, 6.0, 7.0]), [0, 0, 1, 0, 0])
    np.testing.assert_allclose(g(tf.nn.leaky_relu, [-1.0, 0.0, 2.0]), [0.2, 0.2, 1])
    np.testing.assert_allclose(g(tf.nn.elu, [-1.0, 0.0, 2.0]), [math.exp(-1), 1, 1])
    np.testing.assert_allclose(g(tf.nn.selu, [0.0, 2.0]), [1.0507009873554805] * 2)


@pytest.mark.parametrize("name", ["relu", "relu6", "elu", "selu", "leaky_relu", "softsign",
                                  "gelu", "gelu_approx", "silu", "swish2", "softplus",
                                  "sigmoid", "tanh", "crelu"])
def test_activation_gradients_first_and_second_order(name):
    f = {"gelu_approx": lambda x: tf.nn.gelu(x, approximate=True),
         "swish2": lambda x: tf.nn.swish(x, beta=2.0)}.get(name) or getattr(tf.nn, name)
    grad_check(f, away_from_kinks(3, 4, kinks=(0.0, 6.0)))


def test_activation_dtypes_and_errors():
    assert tf.nn.relu(np.array([-1, 2], np.int32)).dtype == tf.int32
    np.testing.assert_array_equal(tf.nn.relu6(np.array([-1, 2, 8], np.int32)).numpy(), [0, 2, 6])
    assert tf.nn.leaky_relu(np.array([-1, 2], np.int32)).dtype == tf.float32  # TF casts ints
    for f in (tf.nn.elu, tf.nn.selu, tf.nn.softsign):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match="Value for attr 'T' of int32 is not in the list"):
            f(np.array([1, 2], np.int32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bool"):
        tf.nn.relu(np.array([True]))


# ---------------------------------------------------------------------------------------
# Softmax.
# ---------------------------------------------------------------------------------------

def np_softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@settings(max_examples=30, deadline=None)
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=4), data=st.data())
def test_softmax_any_axis_hypothesis(shape, data):
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    x = RNG.standard_normal(shape) * 5
    s = tf.nn.softmax(x, axis=axis).numpy()
    np.testing.assert_allclose(s, np_softmax(x, axis), rtol=1e-12)
    np.testing.assert_allclose(s.sum(axis=axis), 1.0, rtol=1e-12)
    ls = tf.nn.log_softmax(x, axis=axis).numpy()
    np.testing.assert_allclose(ls, np.log(np_softmax(x, axis)), rtol=1e-10, atol=1e-12)


def test_softmax_never_overflows():
    x = np.array([[1e4, 0.0, -1e4], [-1e4, -1e4, -1e4]], np.float32)
    s = tf.nn.softmax(x).numpy()
    ls = tf.nn.log_softmax(x).numpy()
    assert np.isfinite(s).all() and np.isfinite(ls).all()
    np.testing.assert_allclose(s[0], [1, 0, 0])
    np.testing.assert_allclose(ls[0], [0, -1e4, -2e4])
    np.testing.assert_allclose(s[1], [1 / 3] * 3, rtol=1e-6)
    np.testing.assert_allclose(tf.nn.log_softmax(x, axis=0).numpy()[:, 0], [0, -2e4])


def test_softmax_gradients_on_other_axes():
    x = RNG.standard_normal((3, 4, 2))
    grad_check(lambda a: tf.nn.softmax(a, axis=1), x)
    grad_check(lambda a: tf.nn.log_softmax(a, axis=0), x)


def test_softmax_errors():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"`dim` must be in the range \[-2, 2\) where 2 is the number of "
                             r"dimensions in the input. Received: dim=2"):
        tf.nn.softmax(np.ones((2, 3)), axis=2)
    with pytest.raises(tf.errors.InvalidArgumentError, match="logits must have >= 1 dimension"):
        tf.nn.softmax(tf.constant(1.0))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of int32"):
        tf.nn.log_softmax([1, 2])
    assert tf.nn.softmax(np.ones((2, 0))).shape == (2, 0)


# ---------------------------------------------------------------------------------------
# Cross-entropies.
# ---------------------------------------------------------------------------------------

def test_sparse_softmax_cross_entropy_values_and_stability():
    logits = np.array([[1.0, 2.0, 3.0], [1e4, 0.0, -1e4]], np.float32)
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 0], logits=logits).numpy()
    want0 = -math.log(math.exp(2) / (math.exp(1) + math.exp(2) + math.exp(3)))
    np.testing.assert_allclose(loss, [want0, 0.0], rtol=1e-6)
    loss2 = tf.nn.sparse_softmax_cross_entropy_with_logits([2, 1], logits).numpy()
    assert np.isfinite(loss2).all() and abs(loss2[1] - 1e4) < 1e-2
    # higher rank: leading dims are batch dims
    x = RNG.standard_normal((2, 3, 4))
    lab = np.array([[0, 3, 1], [2, 2, 0]])
    got = tf.nn.sparse_softmax_cross_entropy_with_logits(lab, x).numpy()
    want = -np.log(np.take_along_axis(np_softmax(x, -1), lab[..., None], -1))[..., 0]
    np.testing.assert_allclose(got, want, rtol=1e-12)
    assert tf.nn.sparse_softmax_cross_entropy_with_logits(
        np.array([1], np.int64), np.ones((1, 3), np.float16)).dtype == tf.float16


def test_sparse_softmax_cross_entropy_errors():
    logits = np.ones((2, 3), np.float32)
    with tf.device("/CPU:0"):  # the label checks are TF's CPU kernel's (a GPU's: NaN rows)
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 5], logits=logits)
        assert "Received a label value of 5 which is outside the valid range of [0, 3).  " \
               "Label values: 1 5 [Op:SparseSoftmaxCrossEntropyWithLogits]" in str(info.value)
        with pytest.raises(tf.errors.InvalidArgumentError, match="label value of -1"):
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[-1, 0], logits=logits)
        # TF 2.21's CPU kernel names the smallest label if one is negative, else the largest
        for labels, named in (([1, 5, -1], -1), ([3, 0, 6], 6), ([-2, 0, -5], -5)):
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match=f"label value of {named} which .* values: "
                                     f"{' '.join(map(str, labels))} "):
                tf.nn.sparse_softmax_cross_entropy_with_logits(
                    labels=labels, logits=np.ones((3, 3), np.float32))
    with pytest.raises(ValueError, match=r"`labels.shape.rank` must equal `logits.shape.rank - "
                                         r"1`. Received: labels.shape=\(1, 2\) of rank 2"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[[1, 0]], logits=logits)
    with pytest.raises(ValueError, match="`labels.shape` must equal `logits.shape` except for "
                                         "the last dimension"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 0, 1], logits=logits)
    with pytest.raises(ValueError, match="`logits` cannot be a scalar"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=1, logits=1.0)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'Tlabels' of float is not in the list"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1.0, 0.0], logits=logits)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Must have at least one class"):
        tf.nn.sparse_softmax_cross_entropy_with_logits([0, 0], np.ones((2, 0), np.float32))


def test_softmax_cross_entropy_values_axis_and_stability():
    logits = np.array([[1.0, 2.0, 3.0], [1e4, 0.0, -1e4]], np.float32)
    labels = np.array([[0.0, 1.0, 0.0], [0.5, 0.5, 0.0]], np.float32)
    got = tf.nn.softmax_cross_entropy_with_logits(labels, logits).numpy()
    assert np.isfinite(got).all()
    np.testing.assert_allclose(got, [1.4076059, 5000.0], rtol=1e-6)
    x = RNG.standard_normal((4, 3, 2))
    z = RNG.dirichlet(np.ones(3), (4, 2)).transpose(0, 2, 1)
    want = -(z * np.log(np_softmax(x, 1))).sum(axis=1)
    np.testing.assert_allclose(tf.nn.softmax_cross_entropy_with_logits(z, x, axis=1).numpy(),
                               want, rtol=1e-12)
    assert tf.nn.softmax_cross_entropy_with_logits([0.0, 1.0], [1.0, 2.0]).shape == ()
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"logits and labels must be broadcastable: logits_size=\[2,3\] "
                             r"labels_size=\[2,2\]"):
        tf.nn.softmax_cross_entropy_with_logits(np.ones((2, 2), np.float32), logits)


def test_cross_entropy_gradients_first_and_second_order():
    x = RNG.standard_normal((3, 4))
    z = RNG.dirichlet(np.ones(4), 3)
    lab = np.array([3, 0, 2])
    grad_check(lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(lab, a), x)
    grad_check(lambda a, b: tf.nn.softmax_cross_entropy_with_logits(b, a), x, z)
    # (like TF's kernel, the gradient assumes each label distribution sums to 1)
    grad_check(lambda a, b: tf.nn.softmax_cross_entropy_with_logits(b, a, axis=0), x,
               RNG.dirichlet(np.ones(3), 4).T)
    grad_check(lambda a, b: tf.nn.sigmoid_cross_entropy_with_logits(labels=b, logits=a), x * 3,
               RNG.uniform(0, 1, (3, 4)))
    grad_check(lambda a, b: tf.nn.weighted_cross_entropy_with_logits(b, a, 2.5), x * 3,
               RNG.uniform(0, 1, (3, 4)))
    grad_check(lambda a: tf.nn.log_poisson_loss(np.abs(z) * 3 + 0.5, a, compute_full_loss=True),
               x)


def test_sigmoid_and_weighted_cross_entropy_are_stable():
    x = np.array([1e4, -1e4, 0.0, 50.0, -50.0], np.float32)
    z = np.array([0.0, 1.0, 0.5, 1.0, 0.0], np.float32)
    got = tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x).numpy()
    want = [1e4, 1e4, math.log(2), math.log1p(math.exp(-50)), math.log1p(math.exp(-50))]
    np.testing.assert_allclose(got, want, rtol=1e-6)
    w = tf.nn.weighted_cross_entropy_with_logits(z, x, 2.0).numpy()
    assert np.isfinite(w).all()
    np.testing.assert_allclose(w[:3], [1e4, 2e4, (1 + 0.5) * math.log(2)], rtol=1e-6)
    with pytest.raises(ValueError, match=r"`logits` and `labels` must have the same shape, "
                                         r"received \(\(3,\) vs \(2,\)\)."):
        tf.nn.sigmoid_cross_entropy_with_logits(labels=[0.0, 1.0], logits=[1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="Both `labels` and `logits` must be provided"):
        tf.nn.sigmoid_cross_entropy_with_logits(logits=[1.0])


def test_log_poisson_loss():
    t = np.array([0.0, 1.0, 3.0])
    c = np.array([0.5, -1.0, 2.0])
    np.testing.assert_allclose(tf.nn.log_poisson_loss(t, c).numpy(), np.exp(c) - c * t)
    stirling = t * np.log(np.maximum(t, 1)) - t + 0.5 * np.log(2 * np.pi * np.maximum(t, 1))
    full = np.exp(c) - c * t + np.where(t > 1, stirling, 0)
    np.testing.assert_allclose(tf.nn.log_poisson_loss(t, c, compute_full_loss=True).numpy(),
                               full)
    with pytest.raises(ValueError, match="`log_input` and `targets` must have the same shape"):
        tf.nn.log_poisson_loss([0.0, 1.0], [1.0, 2.0, 3.0])


# ---------------------------------------------------------------------------------------
# bias_add, l2, moments, batch normalization.
# ---------------------------------------------------------------------------------------

def test_bias_add_layouts_and_errors():
    x = RNG.standard_normal((2, 3, 4, 5))
    b5, b3 = RNG.standard_normal(5), RNG.standard_normal(3)
    np.testing.assert_allclose(tf.nn.bias_add(x, b5).numpy(), x + b5)
    np.testing.assert_allclose(tf.nn.bias_add(x, b3, data_format="NCHW").numpy(),
                               x + b3[:, None, None])
    np.testing.assert_allclose(tf.nn.bias_add(x, b3, data_format="NC...").numpy(),
                               x + b3[:, None, None])
    grad_check(lambda a, b: tf.nn.bias_add(a, b, data_format="NCHW"), x[:, :, :2, :2], b3)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Must provide as many biases as the last dimension of the input "
                             r"tensor: \[3\] vs. \[2,4\]"):
        tf.nn.bias_add(np.ones((2, 4)), np.ones(3))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Input tensor must be at least 2D"):
        tf.nn.bias_add(np.ones(3), np.ones(3))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Biases must be 1D: \[1,3\]"):
        tf.nn.bias_add(np.ones((2, 3)), np.ones((1, 3)))
    with pytest.raises(ValueError, match="`data_format` must be of the form `N...C` or `NC...`"):
        tf.nn.bias_add(np.ones((2, 3)), np.ones(3), data_format="XYZ")


def test_l2_loss_and_normalize():
    x = RNG.standard_normal((3, 4))
    np.testing.assert_allclose(tf.nn.l2_loss(x).numpy(), (x ** 2).sum() / 2)
    np.testing.assert_allclose(tf.nn.l2_normalize(x, axis=1).numpy(),
                               x / np.sqrt((x ** 2).sum(axis=1, keepdims=True)))
    np.testing.assert_allclose(tf.nn.l2_normalize(x).numpy(), x / np.sqrt((x ** 2).sum()))
    np.testing.assert_array_equal(tf.nn.l2_normalize(np.zeros((2, 2)), 1).numpy(), 0)
    grad_check(lambda a: tf.nn.l2_normalize(a, axis=0), x)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of int32"):
        tf.nn.l2_loss([1, 2])


def test_moments():
    x = RNG.standard_normal((3, 4, 5))
    m, v = tf.nn.moments(x, axes=[0, 2])
    np.testing.assert_allclose(m.numpy(), x.mean(axis=(0, 2)))
    np.testing.assert_allclose(v.numpy(), x.var(axis=(0, 2)))
    mk, vk = tf.nn.moments(x, [1], keepdims=True)
    assert mk.shape == (3, 1, 5) and vk.shape == (3, 1, 5)
    m16, v16 = tf.nn.moments(x.astype(np.float16), [0])
    assert m16.dtype == tf.float16 and v16.dtype == tf.float16
    mi, vi = tf.nn.moments(np.array([[1, 2], [3, 5]], np.int32), [0])
    np.testing.assert_array_equal(mi.numpy(), [2, 3])
    np.testing.assert_array_equal(vi.numpy(), [1, 2])
    # (first order only: TF stops the gradient through the mean inside the variance, so
    # its second order is not the derivative's; tests/autodiff/test_second_order.py has it)
    grad_check(lambda a: tf.concat([tf.reshape(t, [-1]) for t in tf.nn.moments(a, [1])], 0),
               x[:2, :3, :2], second_order=False)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid reduction dimension"):
        tf.nn.moments(x, axes=[3])
    counts, s, ss, shift = tf.nn.sufficient_statistics(x, [0, 1])
    mean, var = tf.nn.normalize_moments(counts, s, ss, shift)
    np.testing.assert_allclose(mean.numpy(), x.mean(axis=(0, 1)))
    np.testing.assert_allclose(var.numpy(), x.var(axis=(0, 1)))
    fw = RNG.uniform(0.5, 2, x.shape)
    wm, wv = tf.nn.weighted_moments(x, [0], fw)
    np.testing.assert_allclose(wm.numpy(), (fw * x).sum(0) / fw.sum(0))
    np.testing.assert_allclose(wv.numpy(), (fw * (x - wm.numpy()) ** 2).sum(0) / fw.sum(0))


def test_batch_normalization():
    x = RNG.standard_normal((4, 3))
    mean, var = RNG.standard_normal(3), RNG.uniform(0.5, 2, 3)
    off, sc = RNG.standard_normal(3), RNG.standard_normal(3)
    got = tf.nn.batch_normalization(x, mean, var, off, sc, 1e-3).numpy()
    np.testing.assert_allclose(got, (x - mean) / np.sqrt(var + 1e-3) * sc + off, rtol=1e-12)
    got2 = tf.nn.batch_normalization(x, mean, var, None, None, 1e-3).numpy()
    np.testing.assert_allclose(got2, (x - mean) / np.sqrt(var + 1e-3), rtol=1e-12)
    grad_check(lambda a, m, v, o, s: tf.nn.batch_normalization(a, m, v, o, s, 1e-3),
               x, mean, var, off, sc)


def test_fused_batch_norm_training_and_inference_forms():
    # TF's FusedBatchNormV3: float32 statistics, float32 (or half) data, 4-D (5-D with
    # NDHWC/NCDHW)
    fbn = nn_impl.fused_batch_norm
    x = RNG.standard_normal((2, 3, 2, 4)).astype(np.float32)
    scale = RNG.uniform(0.5, 2, 4).astype(np.float32)
    offset = RNG.standard_normal(4).astype(np.float32)
    y, m, v = fbn(x, scale, offset, epsilon=1e-3)
    bm, bv = x.mean(axis=(0, 1, 2)), x.var(axis=(0, 1, 2))
    np.testing.assert_allclose(y.numpy(), (x - bm) / np.sqrt(bv + 1e-3) * scale + offset,
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(m.numpy(), bm, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(v.numpy(), bv * 12 / 11, rtol=1e-5)  # Bessel-corrected
    rm = RNG.standard_normal(4).astype(np.float32)
    rv = RNG.uniform(0.5, 2, 4).astype(np.float32)
    _, m2, v2 = fbn(x, scale, offset, rm, rv, exponential_avg_factor=0.25)
    np.testing.assert_allclose(m2.numpy(), 0.75 * rm + 0.25 * bm, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(v2.numpy(), 0.75 * rv + 0.25 * bv * 12 / 11, rtol=1e-5)
    yi, mi, vi = fbn(x, scale, offset, rm, rv, is_training=False)
    np.testing.assert_allclose(yi.numpy(), (x - rm) / np.sqrt(rv + 1e-3) * scale + offset,
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mi.numpy(), rm)
    yc, _, _ = fbn(x.transpose(0, 3, 1, 2), scale, offset, data_format="NCHW")
    np.testing.assert_allclose(yc.numpy().transpose(0, 2, 3, 1), y.numpy(), rtol=1e-5,
                               atol=1e-6)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="scale must have the same number of elements as the channels of x, "
                             "got 2 and 4"):
        fbn(x, scale[:2], offset)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"input must be 4-dimensional"
                                                             r"\[2,3\]"):
        fbn(np.ones((2, 3), np.float32), np.ones(3, np.float32), np.ones(3, np.float32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'U' of double"):
        fbn(x.astype(np.float64), scale.astype(np.float64), offset.astype(np.float64))
    with pytest.raises(ValueError, match="Both `mean` and `variance` must be a 1D tensor"):
        fbn(x, scale, offset, is_training=False)


# ---------------------------------------------------------------------------------------
# in_top_k and dropout.
# ---------------------------------------------------------------------------------------

def test_in_top_k_ties_nan_and_out_of_range():
    pred = np.array([[1.0, 1.0, 0.5], [0.0, 2.0, 2.0], [3.0, np.nan, 1.0], [1.0, 2.0, 3.0]],
                    np.float32)
    np.testing.assert_array_equal(tf.nn.in_top_k([0, 1, 2, 5], pred, 1).numpy(),
                                  [True, True, False, False])
    np.testing.assert_array_equal(
        tf.nn.in_top_k([0, 1, 2], np.array([[1, 1, .5], [0, 2, 2], [3, np.inf, 1]], np.float32),
                       2).numpy(), [True, True, False])
    np.testing.assert_array_equal(tf.nn.in_top_k([0, 1], pred[:2], 0).numpy(), [False, False])
    assert tf.nn.in_top_k([0, 1], pred[:2], tf.constant(2)).dtype == tf.bool
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="First dimension of predictions 2 must match length of targets 3"):
        tf.nn.in_top_k([0, 1, 2], pred[:2], 1)
    with pytest.raises(tf.errors.InvalidArgumentError, match="targets must be 1-dimensional"):
        tf.nn.in_top_k([[0, 1]], pred[:2], 1)
    with pytest.raises(ValueError, match="Tensor conversion requested dtype float32"):
        tf.nn.in_top_k([0, 1], tf.constant(pred[:2], tf.float64), 1)


def test_dropout_scaling_and_gradient():
    x = tf.constant(RNG.uniform(1, 2, (200, 100)).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.dropout(x, 0.25, seed=3)
    yv, xv = y.numpy(), x.numpy()
    kept = yv != 0
    np.testing.assert_allclose(yv[kept], xv[kept] / 0.75, rtol=1e-6)  # survivors scaled
    assert abs(1 - kept.mean() - 0.25) < 0.02  # about `rate` of them dropped
    g = tape.gradient(y, x).numpy()
    np.testing.assert_allclose(g, np.where(kept, 1 / 0.75, 0), rtol=1e-6)  # same mask, scale


def test_dropout_noise_shape_rate_tensor_and_errors():
    x = tf.ones([50, 40])
    y = tf.nn.dropout(x, 0.5, noise_shape=[50, 1], seed=1).numpy()
    assert all(len(set(row)) == 1 for row in y)  # whole rows kept or dropped
    y2 = tf.nn.dropout(x, 0.5, noise_shape=[None, 1], seed=1).numpy()
    assert all(len(set(row)) == 1 for row in y2)
    y3 = tf.nn.dropout(x, tf.constant(0.5), seed=2).numpy()
    assert set(np.unique(y3)) <= {0.0, 2.0}
    np.testing.assert_array_equal(tf.nn.dropout(x, 0.0).numpy(), x.numpy())
    tf.random.set_seed(5)
    a = tf.nn.dropout(x, 0.5, seed=7).numpy()
    tf.random.set_seed(5)
    b = tf.nn.dropout(x, 0.5, seed=7).numpy()
    np.testing.assert_array_equal(a, b)  # global + op seed: reproducible
    for rate in (1.0, -0.1, 1):
        with pytest.raises(ValueError, match=r"`rate` must be a scalar tensor or a float in the "
                                             r"range \[0, 1\)"):
            tf.nn.dropout(x, rate)
    with pytest.raises(ValueError, match="`x.dtype` must be a floating point tensor"):
        tf.nn.dropout(tf.ones([3], tf.int32), 0.5)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.nn.dropout(x, 0.5, noise_shape=[2, 1])


def test_embedding_lookup():
    pytest.importorskip("eagerflow._src.ops.indexing", reason="tf.gather comes with the ops "
                                                               "stream; runs once it is merged")
    params = RNG.standard_normal((5, 3))
    ids = np.array([[0, 4], [2, 2]])
    np.testing.assert_array_equal(tf.nn.embedding_lookup(params, ids).numpy(), params[ids])
    # a list of tensors is one table split into row ranges ("div"): rows 0-2 and 3-4
    shards = [params[:3], params[3:]]
    np.testing.assert_array_equal(tf.nn.embedding_lookup(shards, [4, 0, 3]).numpy(),
                                  params[[4, 0, 3]])
    clipped = tf.nn.embedding_lookup(params * 10, [1, 3], max_norm=1.0).numpy()
    np.testing.assert_allclose(np.linalg.norm(clipped, axis=1), 1.0, rtol=1e-12)
    small = tf.nn.embedding_lookup(params * 1e-3, [1], max_norm=1.0).numpy()
    np.testing.assert_allclose(small, params[[1]] * 1e-3)
    grad_check(lambda p: tf.nn.embedding_lookup(p, [[0, 4], [4, 4]]), params)
    grad_check(lambda p: tf.nn.embedding_lookup(p, [1, 3], max_norm=0.5), params,
               second_order=False)
    # (TF's CPU kernel's check: its GPU kernel gives zeros)
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                            match=r"indices\[1\] = 5 is not in"):
        tf.nn.embedding_lookup(params, [0, 5])
