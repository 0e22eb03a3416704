"""IgammaGradA (dP/da of the regularized incomplete gamma function) and RandomGammaGrad
(d sample / d alpha of a gamma draw) on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu): Eigen's series and continued fraction with their derivatives in
a, in the input's float type (ops/special_igamma.py). Checked against the CPU's kernels
(the same steps with the C library's log, lgamma and exp: TF's bits) on grids across each
branch's bounds, at the edges and on any floats; against TF 2.21's recorded values; where
Eigen's loop is cut short; and in the gradients of tf.math.igamma and of gamma draws.

The device's log, exp and lgamma are the backend's, an ulp or two from the C library's: the
density's log, a log x - x - lgamma(a), then differs by its rounding, which the
exponential turns into a relative error (`_cond`), and an element may stop a step sooner
or later (EARLY's bound). TF's recorded values agree with the device's within a few ulps.
"""

import json
import math
import pathlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import special
from eagerflow._src.core import device as D
from eagerflow._src.graph import device_program as DP
from eagerflow._src.ops import special_igamma
from tests.ops.test_random_gamma_grad import TF32, TF64
from tests.ops.test_random_gamma_grad import A as TF_A
from tests.ops.test_random_gamma_grad import X as TF_X

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
DTYPES = (np.float32, np.float64)
OPS = {
    "IgammaGradA": lambda a, x: tf.raw_ops.IgammaGradA(a=a, x=x),
    "RandomGammaGrad": lambda a, x: tf.raw_ops.RandomGammaGrad(alpha=a, sample=x),
}
# the relative error per unit of `_cond`, in ulps (measured: 102 and 13 at most), and
# the relative error of Eigen's fraction where it stops early: it stops once its derivative
# moves by half an ulp of 1 or less, which now and then happens some steps before the
# fraction itself settles (at a = 1.43267736, x = 3.50763914 in float64, 11 steps in,
# 2.5e-11 off; measured: 3.5e-11 and 1.3e-5 at most)
ULPS = {np.float32: 16, np.float64: 128}
EARLY = {np.float32: 5e-5, np.float64: 1e-9}


pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


def _on_gpu(op, a, x):
    y = OPS[op](tf.constant(a), tf.constant(x))
    assert y.device == GPU0, y.device
    assert isinstance(y._arr, type(D.to_device(np.zeros(1), D.lookup(GPU0)))), type(y._arr)
    return y.numpy()


def _on_cpu(op, a, x):
    with tf.device("/CPU:0"):
        return OPS[op](tf.constant(a), tf.constant(x)).numpy()


def _log_density(a, x):
    """a log x - x - lgamma(a) in float64 (NaN off the domain)."""
    with np.errstate(all="ignore"):
        lg = np.array([math.lgamma(v) if 0 < v < np.inf else np.nan for v in a.ravel()])
        return a * np.log(x) - x - lg.reshape(a.shape)


def _cond(a, x):
    """1 + |a log x| + x + |lgamma(a)|: the rounding of the density's log, in ulps."""
    with np.errstate(all="ignore"):
        lg = np.array([abs(math.lgamma(v)) if 0 < v < np.inf else 0.0 for v in a.ravel()])
        return 1 + np.abs(a * np.log(x)) + np.abs(x) + lg.reshape(a.shape)


def _assert_close(op, a, x, got, want):
    """Within ULPS * eps * _cond + EARLY of the CPU's. Where the density underflows in the type
    (its log below -log of the type's max), Eigen's derivatives are 0, which the CPU's
    float64 IgammaGradA need not be (its RandomGammaGrad takes 0 there too); at that bound
    the two logs may fall on either side of it. Values below the type's normal range
    agree to their precision."""
    dtype = got.dtype.type
    eps, tiny = np.finfo(dtype).eps, np.finfo(dtype).tiny
    a, x = (np.broadcast_to(np.asarray(v, np.float64), got.shape) for v in (a, x))
    got64, want64 = got.astype(np.float64), want.astype(np.float64)
    tol = ULPS[dtype] * eps * _cond(a, x)
    below = _log_density(a, x) + math.log(float(np.finfo(dtype).max))
    with np.errstate(invalid="ignore"):
        ok = (got64 == want64) | np.isnan(got64) & np.isnan(want64)
        ok |= np.abs(got64 - want64) <= (tol + EARLY[dtype]) * np.abs(want64)
        ok |= (np.abs(got64) < 1e3 * tiny) & (np.abs(want64) < 1e3 * tiny)
        ok |= (got64 == 0) & (below < tol) | (want64 == 0) & (np.abs(below) <= tol)
    assert ok.all(), (f"{op} {dtype.__name__}: a={a[~ok]} x={x[~ok]} got={got[~ok]} "
                      f"want={want[~ok]}")


def _around(values, dtype):
    """Each value and its neighbours in `dtype`."""
    v = np.asarray(values, dtype)
    return np.concatenate([np.nextafter(v, dtype(0)), v, np.nextafter(v, dtype(np.inf))])


def _grid(dtype):
    """(a, x) pairs: both sides of the branches' bounds (x = 1 for a < 1, x = a), then a
    log grid of a against x from far below a to far above (a up to 2000, where Eigen's
    loops still settle), with the density's underflow on both sides."""
    a_small = _around([1e-3, 0.1, 0.5, 0.999], dtype)
    at_one = np.stack(np.broadcast_arrays(a_small[:, None], _around([1.0], dtype)[None, :]))
    a_mid = np.array([0.7, 1.5, 2.0, 7.3, 50.0, 300.0, 1500.0], dtype)
    at_a = np.stack([np.repeat(a_mid, 3), _around(a_mid, dtype).reshape(3, -1).T.ravel()])
    a_log = np.geomspace(1e-6, 2000, 45, dtype=dtype)
    x_log = np.concatenate([np.geomspace(1e-30, 2000, 70), [2500.0, 4000.0]]).astype(dtype)
    logs = np.stack(np.broadcast_arrays(a_log[:, None], x_log[None, :]))
    pairs = np.concatenate([p.reshape(2, -1) for p in (at_one, at_a, logs)], axis=1)
    return pairs[0].astype(dtype), pairs[1].astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("op", sorted(OPS))
def test_the_cpus_values_across_the_branches(op, dtype):
    a, x = _grid(dtype)
    got = _on_gpu(op, a, x)
    assert got.dtype == dtype
    _assert_close(op, a, x, got, _on_cpu(op, a, x))


NAN, INF = math.nan, math.inf
# (a, x, IgammaGradA, RandomGammaGrad): TF's rules, signs of zero included. 0 at x == 0
# whatever a is; NaN off the domain; 0 at a == inf; -0 at x == inf (the fraction's side,
# negated); 0 where the density underflows on the series' side, -0 on the fraction's.
EDGES = [
    (NAN, 0.0, 0.0, 0.0), (-INF, 0.0, 0.0, 0.0), (-1.0, 0.0, 0.0, 0.0), (2.0, -0.0, 0.0, 0.0),
    (0.0, 0.0, 0.0, 0.0), (-1.0, 1.0, NAN, NAN), (0.0, 2.0, NAN, NAN), (1.0, -1.0, NAN, NAN),
    (NAN, 1.0, NAN, NAN), (1.0, NAN, NAN, NAN), (-INF, 1.0, NAN, NAN), (1.0, -INF, NAN, NAN),
    (INF, 1.0, 0.0, 0.0), (INF, 0.5, 0.0, 0.0), (INF, INF, 0.0, 0.0), (2.0, INF, -0.0, -0.0),
    (1e-3, INF, -0.0, -0.0), (300.0, 1e-3, 0.0, 0.0), (0.5, 900.0, -0.0, -0.0),
]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("op", sorted(OPS))
def test_tfs_values_at_the_edges(op, dtype):
    a, x, grad_a, sample = (np.array(v, dtype) for v in zip(*EDGES))
    want = [repr(v) for v in (grad_a if op == "IgammaGradA" else sample).tolist()]
    assert [repr(v) for v in _on_gpu(op, a, x).tolist()] == want
    np.testing.assert_array_equal(_on_cpu(op, a, x), np.array(want, float))


def test_float32s_own_underflow():
    """In float32 the density underflows from a log of -88.7 (float64's: -709.8): Eigen's
    derivatives are 0 there (-0 on the fraction's side), where float64's are not."""
    a, x = np.array([0.5, 60.0]), np.array([100.0, 0.5])  # (logs: -100.6, -222)
    assert [repr(v) for v in _on_gpu("RandomGammaGrad", a.astype(np.float32),
                                     x.astype(np.float32)).tolist()] == ["-0.0", "0.0"]
    assert (_on_gpu("RandomGammaGrad", a, x) != 0).all()


@settings(max_examples=40, deadline=None)
@given(data=st.data(), op=st.sampled_from(sorted(OPS)), dtype=st.sampled_from(DTYPES))
def test_the_cpus_values_on_any_floats(data, op, dtype):
    """Any floats up to 2000 (past which Eigen's loops may stop short), the edges among
    them."""
    width = np.finfo(dtype).bits
    value = st.floats(min_value=-4.0, max_value=2000.0, width=width) | st.sampled_from(
        [0.0, -0.0, 1.0, INF, -INF, NAN])
    n = data.draw(st.integers(1, 10))
    a, x = (np.array(data.draw(st.lists(value, min_size=n, max_size=n)), dtype)
            for _ in range(2))
    _assert_close(op, a, x, _on_gpu(op, a, x), _on_cpu(op, a, x))


def test_a_batchs_values_are_each_elements_own():
    """Each element stops at its own step (a mask freezes it): in a batch whose elements
    stop early, late and at the cap, on both branches, each value is the one it has alone."""
    a = np.array([0.5, 3.0, 1e4, 2.0, 1.0, 1e4, 40.0])
    x = np.array([0.3, 2.9, 1e4, 30.0, 1.01, 1.01e4, 41.0])
    for dtype in DTYPES:
        for op in OPS:
            batch = _on_gpu(op, a.astype(dtype), x.astype(dtype))
            alone = [_on_gpu(op, a[i:i + 1].astype(dtype), x[i:i + 1].astype(dtype))[0]
                     for i in range(a.size)]
            np.testing.assert_array_equal(batch, alone)


def test_a_traced_function_runs_them_as_its_ordinary_path(monkeypatch):
    """A traced function gives the eager values on the device, from its ordinary path: the
    loops' reads on the host (whether any element still runs) refuse a CUDA graph."""
    monkeypatch.setattr(DP, "CUDA_GRAPHS", [True])
    a, x = tf.constant([0.5, 2.0, 30.0]), tf.constant([0.3, 5.0, 29.0])
    f = tf.function(lambda a, x: [fn(a, x) for fn in OPS.values()])
    for _ in range(3):
        got = f(a, x)
    for y, op in zip(got, OPS):
        assert y.device == GPU0
        np.testing.assert_array_equal(y.numpy(), _on_gpu(op, a.numpy(), x.numpy()))
    replay = f.get_concrete_function(a, x)._on_device[(D.current_device().canonical,
                                                       False)].replay
    assert "capturing" in replay.refused and replay.launches == 0


@pytest.mark.parametrize("dtype, steps, a, rtol", [(np.float64, 500, 1e5, 1e-9),
                                                   (np.float32, 200, 1e4, 1e-3)])
def test_eigens_series_is_cut_short(dtype, steps, a, rtol):
    """At x = a = 1e4 (1e5) the series needs some 900 (2700) terms; Eigen's derivatives
    stop at 200 in float32 (500 in float64), as do the device's and the CPU's (TF's):
    d sample / d alpha is that many terms' sum, computed here directly in float64, and
    far from the CPU's. (rtol: the float32 density's log, rounded, as `_cond` says.)"""
    x = a
    k = np.arange(1, steps + 1)
    c = np.cumprod(x / (a + k))  # the terms c_n = x^n / ((a + 1) ... (a + n))
    dc = c * np.cumsum(-1 / (a + k))  # their derivatives in a
    psi = special(np).psi(a + 1)
    want = -(dc.sum() + (1 + c.sum()) * (math.log(x) - psi)) * x / a
    a_x = np.array([a], dtype)
    got = _on_gpu("RandomGammaGrad", a_x, a_x)[0]
    assert abs(got - want) <= rtol * abs(want), (got, want)
    assert abs(_on_cpu("RandomGammaGrad", a_x, a_x)[0] - got) <= rtol * abs(want)


@pytest.mark.parametrize("dtype, want, ulps", [(np.float64, TF64, 8), (np.float32, TF32, 4)])
def test_tfs_recorded_random_gamma_grad(dtype, want, ulps):
    got = _on_gpu("RandomGammaGrad", np.array(TF_A, dtype), np.array(TF_X, dtype))
    bits = np.int64 if dtype == np.float64 else np.int32
    diff = got.view(bits).astype(np.int64) - np.array(want, dtype).view(bits)
    assert np.abs(diff).max() <= ulps, diff


GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "ops" / "tfnn_golden.json").read_text())
A_EDGES = np.array([-np.inf, -1.0, 0.0, 0.5, 2.0, np.inf, np.nan, 1.0, 3.0, 1e-3, 50.0, 0.5])
X_EDGES = np.array([0.0, 1.0, 0.0, 0.0, np.inf, np.inf, 0.0, 0.0, -1.0, 2.0, 45.0, np.nan])


def test_tfs_recorded_igamma_grad_a():
    """TF's float64 values (tfnn_cases.py's A_EDGES and X_EDGES), within an ulp."""
    want = np.array(GOLDEN["tf.raw_ops.IgammaGradA(a=A_EDGES, x=X_EDGES)"]["value"])
    got = _on_gpu("IgammaGradA", A_EDGES, X_EDGES)
    assert [math.copysign(1, v) for v in got] == [math.copysign(1, v) for v in want]
    np.testing.assert_allclose(got, want, rtol=3e-16, atol=0)


def test_igammas_gradient_wrt_a_on_the_device(monkeypatch):
    """tf.math.igamma's gradient wrt a is IgammaGradA's, run on the device: TF's recorded
    values (grad(tf.math.igamma, [[0.5], [2.0]], [0.1, 1.0, 9.0]), summed over x)."""
    ran = []
    gamma = special_igamma._gamma
    monkeypatch.setattr(special_igamma, "_gamma",
                        lambda xp, a, x, mode, **kw: ran.append((xp is not np, mode)) or
                        gamma(xp, a, x, mode, **kw))
    a, x = tf.constant([[0.5], [2.0]], tf.float64), tf.constant([0.1, 1.0, 9.0], tf.float64)
    with tf.GradientTape() as t:
        t.watch(a)
        y = tf.math.igamma(a, x)
    g = t.gradient(y, a)
    assert g.device == GPU0 and (True, special_igamma.DERIVATIVE) in ran
    assert all(device for device, _ in ran)
    want = GOLDEN["grad(tf.math.igamma, [[0.5], [2.0]], [0.1, 1.0, 9.0])"][0]["value"]
    np.testing.assert_allclose(g.numpy(), want, rtol=1e-14)


def test_gamma_draws_gradient_on_the_device(monkeypatch):
    """tf.random.gamma's gradient wrt alpha is RandomGammaGrad's at the draws (the draws
    are the CPU's: RandomGamma has no device kernel here), run on the device: TF's recorded
    values (test_random_gamma_grad.py's), and the CPU's within float64 rounding."""
    ran = []
    gamma = special_igamma._gamma
    monkeypatch.setattr(special_igamma, "_gamma",
                        lambda xp, a, x, mode, **kw: ran.append((xp is not np, mode)) or
                        gamma(xp, a, x, mode, **kw))

    def gradients():
        al = tf.constant([0.5, 2.0, 7.0], tf.float64)
        be = tf.constant([1.0, 3.0, 0.5], tf.float64)
        tf.random.set_seed(7)
        try:
            with tf.GradientTape() as t:
                t.watch([al, be])
                y = tf.random.gamma([4], al, be, dtype=tf.float64, seed=1)
        finally:
            tf.random.set_seed(None)
        return t.gradient(y, [al, be])

    on_gpu = gradients()
    assert ran == [(True, special_igamma.SAMPLE)] and on_gpu[0].device == GPU0
    np.testing.assert_allclose(on_gpu[0].numpy(),
                               [3.912785996099666, 1.0955510896633043, 7.860667656579348],
                               rtol=1e-12)
    with tf.device("/CPU:0"):
        on_cpu = gradients()
    np.testing.assert_allclose(on_gpu[0].numpy(), on_cpu[0].numpy(), rtol=1e-12)
    np.testing.assert_allclose(on_gpu[1].numpy(), on_cpu[1].numpy(), rtol=1e-12)
