"""float32 sin, cos, rsqrt, reciprocal, the Log gradient and softmax bit for bit with TF 2.21's CPU
kernels (eigen_packets32_golden.npz, recorded by record_eigen_packets32_golden.py): Eigen's
packet functions on whole packets of 8 (halfprec.psin, pcos, prsqrt, preciprocal), the
scalar path past the last one. Rsqrt and Reciprocal run them eagerly and traced, for any
shape, up to the sizes where they are no slower than TF (backend RSQRT_PACKETS_MAX,
RECIPROCAL_PACKETS_MAX), NumPy's ufuncs past them. Sin, Cos and Softmax keep NumPy's past
8 values (Eigen's emulated steps cost ~3x TF's eager time at every size: docs/ulp32.md);
their exact kernels, tested here, serve the Bessel functions (psin, pcos) or
benchmarks/ulp32's what-if runs (candidates.softmax: pexp, a row sum and the reciprocal of
the sums as TF's)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from benchmarks.ulp32 import candidates
from eagerflow._src.backend import ELEMENTWISE_BLOCK, RECIPROCAL_PACKETS_MAX, RSQRT_PACKETS_MAX
from eagerflow._src.ops import halfprec, libm32

# (TF's CPU kernels, bit for bit: run on the CPU where a GPU is the default device)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = dict(np.load(os.path.join(HERE, "eigen_packets32_golden.npz")))
X = GOLDEN["x"]
OPS = ("sin", "cos", "rsqrt", "reciprocal")
EXACT = ("rsqrt", "reciprocal")  # (the ops whose eager kernel is Eigen's packets)
MOST = {"rsqrt": RSQRT_PACKETS_MAX, "reciprocal": RECIPROCAL_PACKETS_MAX}
PACKETS = {"sin": halfprec.psin, "cos": halfprec.pcos, "rsqrt": halfprec.prsqrt,
           "reciprocal": halfprec.preciprocal}
WHOLE = X.size // 8 * 8  # (X's values in whole packets)


def _ftz(v: np.ndarray) -> np.ndarray:  # (TF's threads: denormals read and written as zeros)
    return np.where(np.abs(v) < np.finfo(np.float32).tiny, np.copysign(0, v), v).astype(v.dtype)


# TF's scalar path (the values past the last whole packet)
SCALAR = {"sin": libm32.scalar("sinf"), "cos": libm32.scalar("cosf"),
          "rsqrt": lambda v: _ftz(np.float32(1) / np.sqrt(_ftz(v))),
          "reciprocal": lambda v: _ftz(np.float32(1) / _ftz(v))}


def _differing(y: np.ndarray, want: np.ndarray) -> np.ndarray:
    same = (y.view(np.uint32) == want.view(np.uint32)) | (np.isnan(y) & np.isnan(want))
    return np.flatnonzero(~same)


def _chunked(fn: Any, x: np.ndarray, size: int) -> np.ndarray:
    """fn over x in pieces of `size` values (a multiple of 8: the same packets as x's)."""
    return np.concatenate([np.asarray(fn(x[i:i + size])) for i in range(0, x.size, size)])


@pytest.mark.parametrize("name", OPS)
def test_packet_functions_match_tf(name: str) -> None:
    """Eigen's packet functions, in the blocks psin/pcos take (past ELEMENTWISE_BLOCK
    values too: X's packets over again, the result the same per value)."""
    y = PACKETS[name](X[:WHOLE])
    bad = _differing(y, GOLDEN[name][:WHOLE])
    assert bad.size == 0, (name, X[bad[:5]], y[bad[:5]], GOLDEN[name][bad[:5]])
    reps = ELEMENTWISE_BLOCK // WHOLE + 2
    many = PACKETS[name](np.tile(X[:WHOLE], reps))
    assert _differing(many, np.tile(GOLDEN[name][:WHOLE], reps)).size == 0


@pytest.mark.parametrize("name", EXACT)
@pytest.mark.parametrize("traced", [False, True])
def test_eager_and_traced_match_tf(name: str, traced: bool) -> None:
    """Tensors of up to MOST values (their last with a tail of 5): TF's bits."""
    fn = getattr(tf.math, name)
    fn = tf.function(fn) if traced else fn
    size = MOST[name] // 8 * 8
    y = _chunked(lambda v: fn(tf.constant(v)).numpy(), X, size)
    bad = _differing(y, GOLDEN[name])
    assert bad.size == 0, (name, X[bad[:5]], y[bad[:5]], GOLDEN[name][bad[:5]])


@pytest.mark.parametrize("name", OPS)
def test_larger_tensors_keep_numpy(name: str) -> None:
    """Past MOST values (sin and cos: from 8) the kernels are NumPy's ufuncs."""
    x = np.tile(X[:WHOLE], 2) if name in EXACT else X
    want = (lambda v: np.float32(1) / np.sqrt(v)) if name == "rsqrt" else getattr(np, name)
    with np.errstate(all="ignore"):
        assert _differing(getattr(tf.math, name)(x).numpy(), want(x)).size == 0


@pytest.mark.parametrize("name", OPS)
def test_prefixes_match_tf(name: str) -> None:
    """Sizes 1 to 17: the scalar path alone, one packet, a packet and a tail (sin's and
    cos's packets NumPy's)."""
    y = np.concatenate([getattr(tf.math, name)(X[:s]).numpy() for s in range(1, 18)])
    want = GOLDEN[name + "_prefixes"].copy()
    if name not in EXACT:
        at = np.cumsum([0] + list(range(1, 18)))
        for s in range(8, 18):
            with np.errstate(all="ignore"):
                want[at[s - 1]:at[s - 1] + s] = getattr(np, name)(X[:s])
    assert _differing(y, want).size == 0


def test_log_gradient_matches_tf() -> None:
    def grad(v: np.ndarray) -> np.ndarray:
        x = tf.constant(v)
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.math.log(x)
        return t.gradient(y, x).numpy()
    y = _chunked(grad, X, RECIPROCAL_PACKETS_MAX // 8 * 8)
    assert _differing(y, GOLDEN["log_grad"]).size == 0


def test_other_types_keep_numpy() -> None:
    x = X[:64].astype(np.float64)
    with np.errstate(all="ignore"):
        assert np.array_equal(tf.math.sin(x).numpy(), np.sin(x), equal_nan=True)
        assert np.array_equal(tf.math.reciprocal(x).numpy(), 1 / x, equal_nan=True)


@settings(max_examples=40, deadline=None)
@given(shape=st.lists(st.integers(0, 7), min_size=0, max_size=4), name=st.sampled_from(EXACT),
       start=st.integers(0, 8))
def test_any_shape_is_packets_then_tail(shape: list, name: str, start: int) -> None:
    """Whatever the shape, the values in whole packets of the flattened tensor are the
    packet function's (as TF's at those values) and the rest the scalar path's; past
    MOST values, NumPy's ufunc's."""
    n = int(np.prod(shape))
    x = X[start * 8:start * 8 + n].reshape(shape)
    y = getattr(tf.math, name)(x).numpy().reshape(-1)
    whole = n - n % 8
    with np.errstate(all="ignore"):
        tail = SCALAR[name](x.reshape(-1)[whole:]).astype(np.float32)
        want = np.concatenate([GOLDEN[name][start * 8:start * 8 + whole], tail])
        if n > MOST[name]:
            want = (np.float32(1) / np.sqrt(x) if name == "rsqrt" else 1 / x).reshape(-1)
    assert _differing(y, want).size == 0


@pytest.mark.parametrize("i", range(8))
def test_softmax32_matches_tf(i: int) -> None:
    """TF's float32 Softmax kernel (candidates.softmax: not tf.nn.softmax's, which
    keeps NumPy's: the emulated steps cost ~3x TF's eager call, docs/ulp32.md)."""
    x = GOLDEN[f"softmax{i}_x"]
    assert _differing(candidates.softmax(x), GOLDEN[f"softmax{i}"]).size == 0


def test_softmax_keeps_numpy() -> None:
    x = GOLDEN["softmax0_x"]
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    assert _differing(tf.nn.softmax(x).numpy(), e / e.sum(axis=-1, keepdims=True)).size == 0


def test_pexp_flushed_is_pexp_flushed() -> None:
    """candidates.softmax's exp (in fewer calls) against pexp, flushed, over every float32 from
    -110 to 88.72 a stride of 4,999 bit patterns apart, the edges between and the specials."""
    lo, hi = np.float32(-110).view(np.uint32), np.float32(88.72).view(np.uint32)
    neg = np.arange(0x80000000, lo, 4999, dtype=np.uint32)  # (-0 to -110)
    pos = np.arange(0, hi, 4999, dtype=np.uint32)  # (+0 to 88.72)
    x = np.concatenate([neg, pos, [lo, hi]]).view(np.float32)
    edges = np.array([-np.inf, np.nan, -104.0, np.nextafter(-104, 0), -103.97, -87.34, -87.33,
                      1e-45, -1e-45, 0.0, -0.0], np.float32)
    x = np.concatenate([x, edges])
    with np.errstate(all="ignore"):
        want = np.asarray(halfprec.pexp(x))
        want = np.where(np.abs(want) < np.finfo(np.float32).tiny, np.float32(0), want)
    assert _differing(candidates.pexp_flushed(x), want.astype(np.float32)).size == 0


def test_newton_steps_fast_path_is_the_careful_one() -> None:
    """preciprocal/prsqrt skip their flushes and NaN handling where one min of the result
    shows no edge: over magnitudes 2**-130..2**128 of both signs (denormals, the largest
    floats, products x (1 - a x) near the denormal range), their bits equal the careful
    steps' everywhere."""
    r = np.random.default_rng(1)
    n = 100_000
    with np.errstate(all="ignore"):
        a = (r.uniform(1, 2, n) * 2.0 ** r.integers(-130, 128, n)).astype(np.float32)
        a *= r.choice([-1, 1], n).astype(np.float32)
        assert _differing(halfprec.preciprocal(a), halfprec._preciprocal_edges(a)).size == 0
        assert _differing(halfprec.prsqrt(np.abs(a)), halfprec._prsqrt_edges(np.abs(a))).size == 0
        # (no edge among these: the fast path's own values, the careful steps' bits)
        plain = a[(np.abs(a) < 2.0 ** 99) & (np.abs(a) >= np.finfo(np.float32).tiny)]
        assert _differing(halfprec.preciprocal(plain),
                          halfprec._preciprocal_edges(plain)).size == 0
        plain = np.abs(plain)
        assert _differing(halfprec.prsqrt(plain), halfprec._prsqrt_edges(plain)).size == 0
