"""backend.choose: `where(hit, a, b)` without a branch per value gives NumPy's where bit
for bit (NaN payloads, -0.0, infinities), for every dtype of 1 to 8 bytes, broadcasts of
all three operands, and sizes under and past the size from which it takes the bit path;
kernels built on it (SelectV2, LeakyRelu) keep their answers."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import numpy as cpu

DTYPES = [np.float16, np.float32, np.float64, np.int8, np.uint16, np.int32, np.int64, np.bool_,
          np.complex64, np.complex128]


def _same(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(DTYPES), hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3,
                                                                   max_side=40),
       st.integers(0, 2**32 - 1))
def test_bits_are_wheres(dtype, shapes, seed):
    rng = np.random.default_rng(seed)
    hit_shape, a_shape, b_shape = shapes.input_shapes
    hit = rng.random(hit_shape) < 0.5
    raw = rng.integers(0, 256, size=(2, 40 ** 3 * 16), dtype=np.uint8)
    size = np.dtype(dtype).itemsize
    a = raw[0, :int(np.prod(a_shape)) * size].view(dtype).reshape(a_shape)
    b = raw[1, :int(np.prod(b_shape)) * size].view(dtype).reshape(b_shape)
    if dtype is np.bool_:
        a, b = a.view(np.uint8) % 2 == 1, b.view(np.uint8) % 2 == 0
    _same(cpu.choose(hit, a, b), np.where(hit, a, b))


def test_large_random_masks_and_specials():
    rng = np.random.default_rng(1)
    a = rng.normal(size=cpu._CHOOSE_MIN * 3).astype(np.float32)
    a[:6] = [np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf]
    b = -a[::-1].copy()
    hit = rng.random(a.size) < 0.5
    _same(B.choose(np, hit, a, b), np.where(hit, a, b))
    _same(B.choose(np, hit[:1], a, b), np.where(hit[:1], a, b))
    _same(B.choose(np, np.bool_(True), a, np.float32(2)), np.where(True, a, np.float32(2)))


def _same_but_nan_bits(got: np.ndarray, want: np.ndarray) -> None:
    """NaN where `want` has NaN (a GPU's x * alpha gives CUDA's canonical NaN, 0x7fffffff,
    not the input's payload, as TF's GPU kernel's `x > 0 ? x : x * alpha` does), every
    other element bit for bit (-0.0, infinities)."""
    nan = np.isnan(want)
    np.testing.assert_array_equal(np.isnan(got), nan)
    assert got[~nan].tobytes() == want[~nan].tobytes()


@pytest.mark.parametrize("where", ["CPU", "GPU"])
def test_select_and_leaky_relu_keep_their_values(where, gpu_scope):
    rng = np.random.default_rng(2)
    x = rng.normal(size=(64, 300)).astype(np.float32)
    x[0, :4] = [np.nan, -0.0, np.inf, -np.inf]
    x.view(np.uint32)[0, 4] = np.array(np.nan, np.float32).view(np.uint32) | 5  # a payload
    c = x > 0.3
    with tf.device("/CPU:0") if where == "CPU" else gpu_scope():
        np.testing.assert_array_equal(tf.where(c, x, -x).numpy(), np.where(c, x, -x))
        for alpha in (0.2, 1.0, 0.0, 1.5, -0.5):
            with np.errstate(invalid="ignore"):  # (inf * 0)
                want = np.where(x > 0, x, x * np.float32(alpha))
            got = tf.nn.leaky_relu(x, alpha)
            assert got.device.endswith(f"{where}:0")
            if where == "CPU":  # NumPy's product keeps the NaN's payload
                assert got.numpy().tobytes() == want.tobytes(), alpha
            else:
                _same_but_nan_bits(got.numpy(), want)
