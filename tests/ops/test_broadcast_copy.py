"""The CPU broadcast copy behind BroadcastTo and BroadcastToShapeOf (a reduction's
gradient): every cell equals the one it was broadcast from (checked against a plain loop
and NumPy's own broadcast), for the fast path's layouts and those it leaves to NumPy."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import numpy as cpu

RNG = np.random.default_rng(3)
CASES = [
    ((32, 1, 1, 16), (32, 24, 24, 16)),   # a global average pooling's gradient
    ((1, 1, 7), (40, 300, 7)),            # broadcast over the two leading axes
    ((3, 1, 2), (3, 8000, 2)),
    ((2,), (200, 100, 2)),                # fewer dims than the shape
    ((5, 1), (5, 9000)),                  # the last axis broadcast: NumPy's copy
    ((1, 300), (128, 300)),               # a long run: NumPy's copy
    ((), (64, 64)),
    ((8, 1, 3, 1, 2), (8, 30, 3, 40, 2)),  # two separate broadcast runs
    ((2, 1, 3), (2, 0, 3)),               # empty
    ((), (64,)),                          # a mean's gradient over a batch of losses
    ((1,), (3, 1)),
]


def _loop_reference(x: np.ndarray, shape: tuple) -> np.ndarray:
    xs = x.reshape((1,) * (len(shape) - x.ndim) + x.shape)
    out = np.empty(shape, x.dtype)
    for idx in np.ndindex(*shape):
        out[idx] = xs[tuple(0 if s == 1 else i for i, s in zip(idx, xs.shape))]
    return out


@pytest.mark.parametrize("src,shape", CASES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int64, np.bool_, np.complex64])
def test_equals_numpy_broadcast(src, shape, dtype):
    x = (RNG.standard_normal(src) * 100).astype(dtype)
    got = cpu.broadcast_copy(x, shape)
    assert got.shape == shape and got.dtype == x.dtype and got.flags.c_contiguous
    assert got.flags.writeable and not np.shares_memory(got, x)
    np.testing.assert_array_equal(got, np.broadcast_to(x, shape))


@pytest.mark.parametrize("src,shape", CASES[:4])
def test_against_a_plain_loop(src, shape):
    x = RNG.standard_normal(src).astype(np.float32)
    np.testing.assert_array_equal(cpu.broadcast_copy(x, shape), _loop_reference(x, shape))


def test_non_contiguous_source_and_special_values():
    x = RNG.standard_normal((16, 1, 1, 32)).astype(np.float32)[:, :, :, ::2]  # a view
    x[0, 0, 0, :4] = [np.nan, np.inf, -np.inf, -0.0]
    got = cpu.broadcast_copy(x, (16, 20, 30, 16))
    np.testing.assert_array_equal(got, np.broadcast_to(x, (16, 20, 30, 16)))
    assert np.signbit(got[0, 5, 7, 3])  # -0.0 stays -0.0


def test_ops_and_the_mean_gradient():
    g = RNG.standard_normal((8, 1, 1, 16)).astype(np.float32)
    np.testing.assert_array_equal(tf.broadcast_to(g, (8, 24, 24, 16)).numpy(),
                                  np.broadcast_to(g, (8, 24, 24, 16)))
    x = tf.Variable(RNG.standard_normal((8, 24, 24, 16)).astype(np.float32))
    w = RNG.standard_normal((8, 16)).astype(np.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.reduce_mean(x, axis=[1, 2]) * w)
    want = np.broadcast_to((w / np.float32(576))[:, None, None, :], x.shape)
    np.testing.assert_array_equal(tape.gradient(loss, x).numpy(), want)


def test_small_copies_stay_numpys():
    x = RNG.standard_normal((32, 1, 1, 16)).astype(np.float32)
    np.testing.assert_array_equal(cpu.broadcast_copy(x, (32, 3, 3, 16)),
                                  np.broadcast_to(x, (32, 3, 3, 16)))


def test_object_values_and_refusals():
    x = np.array([b"a", b"bc"], dtype=object)
    got = cpu.broadcast_copy(x, (3, 2))
    assert got.dtype == object and got.tolist() == [[b"a", b"bc"]] * 3
    with pytest.raises(ValueError):  # (infer checks first: NumPy's error, never seen by users)
        cpu.broadcast_copy(np.zeros(3), (2, 2))
    with pytest.raises(ValueError):
        cpu.broadcast_copy(np.zeros((2, 2)), (2,))
