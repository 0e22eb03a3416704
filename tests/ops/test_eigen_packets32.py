"""float32 sin, cos, rsqrt, reciprocal, the Log gradient and softmax bit for bit with TF 2.21's CPU
kernels (eigen_packets32_golden.npz, recorded by record_eigen_packets32_golden.py): Eigen's
packet functions on whole packets of 8 (halfprec.psin, pcos, prsqrt, preciprocal), the
scalar path past the last one, eagerly and traced, for any shape; softmax's exp and
reciprocal of the row sums the same way (eigen_reduce.softmax32)."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import libm32

# (TF's CPU kernels, bit for bit: run on the CPU where a GPU is the default device)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = dict(np.load(os.path.join(HERE, "eigen_packets32_golden.npz")))
X = GOLDEN["x"]
OPS = ("sin", "cos", "rsqrt", "reciprocal")


def _ftz(v: np.ndarray) -> np.ndarray:  # (TF's threads: denormals read and written as zeros)
    return np.where(np.abs(v) < np.finfo(np.float32).tiny, np.copysign(0, v), v).astype(v.dtype)


# TF's scalar path (the values past the last whole packet)
SCALAR = {"sin": libm32.scalar("sinf"), "cos": libm32.scalar("cosf"),
          "rsqrt": lambda v: _ftz(np.float32(1) / np.sqrt(_ftz(v))),
          "reciprocal": lambda v: _ftz(np.float32(1) / _ftz(v))}


def _differing(y: np.ndarray, want: np.ndarray) -> np.ndarray:
    same = (y.view(np.uint32) == want.view(np.uint32)) | (np.isnan(y) & np.isnan(want))
    return np.flatnonzero(~same)


@pytest.mark.parametrize("name", OPS)
def test_eager_matches_tf(name: str) -> None:
    y = getattr(tf.math, name)(X).numpy()
    bad = _differing(y, GOLDEN[name])
    assert bad.size == 0, (name, X[bad[:5]], y[bad[:5]], GOLDEN[name][bad[:5]])


@pytest.mark.parametrize("name", OPS)
def test_traced_matches_tf(name: str) -> None:
    f = tf.function(getattr(tf.math, name))
    assert _differing(f(tf.constant(X)).numpy(), GOLDEN[name]).size == 0


@pytest.mark.parametrize("name", OPS)
def test_prefixes_match_tf(name: str) -> None:
    """Sizes 1 to 17: the scalar path alone, one packet, a packet and a tail."""
    y = np.concatenate([getattr(tf.math, name)(X[:s]).numpy() for s in range(1, 18)])
    assert _differing(y, GOLDEN[name + "_prefixes"]).size == 0


def test_log_gradient_matches_tf() -> None:
    x = tf.constant(X)
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.math.log(x)
    assert _differing(t.gradient(y, x).numpy(), GOLDEN["log_grad"]).size == 0


def test_other_types_keep_numpy() -> None:
    x = X[:64].astype(np.float64)
    with np.errstate(all="ignore"):
        assert np.array_equal(tf.math.sin(x).numpy(), np.sin(x), equal_nan=True)
        assert np.array_equal(tf.math.reciprocal(x).numpy(), 1 / x, equal_nan=True)


@settings(max_examples=40, deadline=None)
@given(shape=st.lists(st.integers(0, 7), min_size=0, max_size=4), name=st.sampled_from(OPS),
       start=st.integers(0, 8))
def test_any_shape_is_packets_then_tail(shape: list, name: str, start: int) -> None:
    """Whatever the shape, the values in whole packets of the flattened tensor are the
    packet function's (as TF's at those values) and the rest the scalar path's."""
    n = int(np.prod(shape))
    x = X[start * 8:start * 8 + n].reshape(shape)
    y = getattr(tf.math, name)(x).numpy().reshape(-1)
    whole = n - n % 8
    with np.errstate(all="ignore"):
        tail = SCALAR[name](x.reshape(-1)[whole:]).astype(np.float32)
    want = np.concatenate([GOLDEN[name][start * 8:start * 8 + whole], tail])
    assert _differing(y, want).size == 0


@pytest.mark.parametrize("i", range(8))
def test_softmax_matches_tf(i: int) -> None:
    x = GOLDEN[f"softmax{i}_x"]
    assert _differing(tf.nn.softmax(x).numpy(), GOLDEN[f"softmax{i}"]).size == 0
    traced = tf.function(tf.nn.softmax)(tf.constant(x)).numpy()
    assert _differing(traced, GOLDEN[f"softmax{i}"]).size == 0
