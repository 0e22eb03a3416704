"""tf.signal: FFT gradients (TF's convention dL/dRe + i dL/dIm) against central finite
differences, real FFTs against NumPy, windows, frames and the STFT."""

import numpy as np
import pytest

import eagerflow as tf

RNG = np.random.default_rng(4)


def _loss(y, wr, wi):
    if y.dtype.is_complex:
        return tf.reduce_sum(tf.math.real(y) * wr + tf.math.imag(y) * wi)
    return tf.reduce_sum(y * wr)


def _fd_complex(f, x, wr, wi, eps=1e-6):
    """dL/dRe + i dL/dIm by central differences."""
    out = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        for unit in (1.0, 1j):
            p, m = x.copy(), x.copy()
            p[idx] += eps * unit
            m[idx] -= eps * unit
            d = (float(_loss(f(tf.constant(p)), wr, wi)) -
                 float(_loss(f(tf.constant(m)), wr, wi))) / (2 * eps)
            out[idx] += d * unit
    return out


@pytest.mark.parametrize("fn, shape", [
    (tf.signal.fft, (2, 5)), (tf.signal.ifft, (3, 4)), (tf.signal.fft2d, (2, 3, 4)),
    (tf.signal.ifft2d, (3, 2)), (tf.signal.fft3d, (2, 2, 3)), (tf.signal.ifft3d, (1, 2, 2, 3)),
    (lambda v: tf.signal.irfft(v), (2, 4)),
    (lambda v: tf.signal.irfft(v, fft_length=[7]), (5,)),
])
def test_complex_input_gradients(fn, shape):
    x = RNG.uniform(-1, 1, size=shape) + 1j * RNG.uniform(-1, 1, size=shape)
    y = fn(tf.constant(x))
    wr, wi = RNG.uniform(0.5, 1.5, size=y.shape), RNG.uniform(0.5, 1.5, size=y.shape)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        loss = _loss(fn(xt), wr, wi)
    np.testing.assert_allclose(tape.gradient(loss, xt).numpy(), _fd_complex(fn, x, wr, wi),
                               atol=1e-6)


@pytest.mark.parametrize("n", [None, 4, 9])
def test_rfft_matches_numpy_and_differentiates(n):
    x = RNG.uniform(-1, 1, size=(3, 6))
    length = None if n is None else [n]
    # (a float64 tensor: a NumPy array, float64 or not, is converted preferring float32,
    # as TF 2.21's rfft converts it)
    got = tf.signal.rfft(tf.constant(x), fft_length=length).numpy()
    np.testing.assert_allclose(got, np.fft.rfft(x, n=n), atol=1e-12)
    # (a complex128 tensor: an array is converted preferring complex64, as TF's irfft)
    back = tf.signal.irfft(tf.constant(got), fft_length=[n or 6]).numpy()
    np.testing.assert_allclose(back, np.fft.irfft(got, n=n or 6), atol=1e-12)
    wr, wi = RNG.uniform(size=got.shape), RNG.uniform(size=got.shape)

    def f(v):
        return tf.signal.rfft(v, fft_length=length)
    theoretical, numerical = tf.test.compute_gradient(lambda v: _loss(f(v), wr, wi), [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-6)


def test_windows_frames_and_stft_against_numpy():
    np.testing.assert_allclose(tf.signal.hann_window(8, dtype=tf.float64).numpy(),
                               np.hanning(9)[:-1], atol=1e-12)
    np.testing.assert_allclose(tf.signal.hamming_window(7, periodic=False,
                                                        dtype=tf.float64).numpy(),
                               np.hamming(7), atol=1e-12)
    sig = RNG.uniform(-1, 1, size=(2, 50))
    frames = tf.signal.frame(sig, 16, 6).numpy()
    want = np.stack([sig[:, i * 6:i * 6 + 16] for i in range(1 + (50 - 16) // 6)], axis=1)
    np.testing.assert_array_equal(frames, want)
    spec = tf.signal.stft(sig, 16, 6, fft_length=16).numpy()
    np.testing.assert_allclose(spec, np.fft.rfft(want * np.hanning(17)[:-1], axis=-1),
                               atol=1e-12)
    np.testing.assert_array_equal(tf.signal.fftshift(np.arange(6)).numpy(),
                                  np.fft.fftshift(np.arange(6)))
    np.testing.assert_array_equal(tf.signal.ifftshift(np.arange(7)).numpy(),
                                  np.fft.ifftshift(np.arange(7)))


def test_dtype_errors():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Tcomplex"):
        tf.signal.fft(tf.constant([1.0, 2.0]))
    # TF's Python wrapper refuses it first (signal_edges_golden.json)
    with pytest.raises(ValueError, match="RFFT requires tf.float32 or tf.float64 inputs"):
        tf.signal.rfft(tf.constant([1, 2]))
