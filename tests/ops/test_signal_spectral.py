"""tf.signal's DCTs, MDCT, inverse STFT, overlap-add, Kaiser/KBD/Vorbis windows, mel
filterbanks, MFCCs and the N-D FFTs: TF 2.21's values (signal_golden.json, recorded by
record_signal_golden.py), independent references (direct sums, NumPy's FFTs, a loop
overlap-add), perfect reconstruction, gradients against finite differences, traced ==
eager, and TF's errors."""

import json
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.gpu_target import on_the_gpu
from tests.ops.signal_cases import cases

HERE = os.path.dirname(__file__)
RNG = np.random.default_rng(11)


def test_matches_tf_golden_values():
    with open(os.path.join(HERE, "signal_golden.json")) as f:
        golden = json.load(f)["cases"]
    got = cases(tf)
    assert sorted(got) == sorted(golden)
    for key, g in golden.items():
        want = np.array(g["real"], np.float64)
        if g["imag"] is not None:
            want = want + 1j * np.array(g["imag"])
        v = got[key].numpy()
        assert v.dtype.name == g["dtype"] and list(v.shape) == g["shape"], key
        tol = 1e-12 if v.dtype in (np.float64, np.complex128) else 3e-6
        np.testing.assert_allclose(v.ravel(), want, rtol=1e-5, atol=tol, err_msg=key)


def _dct_ref(x, kind, norm):
    """scipy.fftpack.dct's definitions as direct sums (float64)."""
    n = x.shape[-1]
    k = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    if kind == 1:
        m = 2 * np.cos(np.pi * k * j / (n - 1))
        m[:, 0] = 1
        m[:, -1] = (-1.0) ** k[:, 0]
    elif kind == 2:
        m = 2 * np.cos(np.pi * k * (2 * j + 1) / (2 * n))
        if norm == "ortho":
            m = m * np.where(k == 0, np.sqrt(1 / (4 * n)), np.sqrt(1 / (2 * n)))
    elif kind == 3 and norm == "ortho":  # the transpose of the orthonormal type II
        m = _dct_ref(np.eye(n), 2, "ortho")
    elif kind == 3:
        m = 2 * np.cos(np.pi * (2 * k + 1) * j / (2 * n))
        m[:, 0] = 1
    else:
        m = 2 * np.cos(np.pi * (2 * k + 1) * (2 * j + 1) / (4 * n))
        if norm == "ortho":
            m = m / np.sqrt(2 * n)
    return x @ m.T


@pytest.mark.parametrize("kind, norm", [(1, None), (2, None), (2, "ortho"), (3, None),
                                        (3, "ortho"), (4, None), (4, "ortho")])
def test_dct_matches_direct_sums_and_idct_inverts(kind, norm):
    x = RNG.uniform(-1, 1, size=(3, 7))
    got = tf.signal.dct(x, type=kind, norm=norm).numpy()
    np.testing.assert_allclose(got, _dct_ref(x, kind, norm), atol=1e-12)
    back = tf.signal.idct(got, type=kind, norm=norm).numpy()
    if norm is None:  # the unnormalised pairs scale by 2n (2(n - 1) for type I)
        back = back / (2 * (7 - 1) if kind == 1 else 2 * 7)
    np.testing.assert_allclose(back, x, atol=1e-12)


@pytest.mark.parametrize("kind", [1, 2, 3, 4])
def test_dct_gradients(kind):
    x = RNG.uniform(-1, 1, size=(2, 6))
    theoretical, numerical = tf.test.compute_gradient(
        lambda v: tf.signal.dct(v, type=kind, n=5), [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-7)


def test_mdct_round_trip_and_gradient():
    x = RNG.uniform(-1, 1, size=(2, 64))
    for norm, window in ((None, tf.signal.vorbis_window), ("ortho", None),
                         (None, tf.signal.kaiser_bessel_derived_window)):
        spec = tf.signal.mdct(x, 16, window_fn=window, norm=norm)
        assert spec.shape == (2, 7, 8)
        back = tf.signal.inverse_mdct(spec, window_fn=window, norm=norm).numpy()
        # the first and last half frames see only one window: the interior is exact
        np.testing.assert_allclose(back[:, 8:-8], x[:, 8:56], atol=1e-12)
    theoretical, numerical = tf.test.compute_gradient(lambda v: tf.signal.mdct(v, 8),
                                                      [x[:, :20]])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-7)


def test_inverse_stft_with_the_dual_window_reconstructs():
    x = RNG.uniform(-1, 1, size=(2, 100))
    spec = tf.signal.stft(x, 32, 8)
    back = tf.signal.inverse_stft(spec, 32, 8,
                                  window_fn=tf.signal.inverse_stft_window_fn(8)).numpy()
    np.testing.assert_allclose(back[:, 24:-24], x[:, 24:back.shape[1] - 24], atol=1e-12)
    theoretical, numerical = tf.test.compute_gradient(
        lambda v: tf.signal.inverse_stft(tf.signal.stft(v, 8, 4), 8, 4), [x[:1, :20]])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-7)


def _ola_ref(frames, step):
    *outer, count, length = frames.shape
    out = np.zeros(tuple(outer) + (length + step * (count - 1),))
    for f in range(count):
        out[..., f * step:f * step + length] += frames[..., f, :]
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2), st.integers(1, 5), st.integers(1, 9), st.integers(1, 11))
def test_overlap_and_add_matches_a_loop(outer, count, length, step):
    frames = RNG.uniform(-1, 1, size=(2,) * outer + (count, length))
    np.testing.assert_allclose(tf.signal.overlap_and_add(frames, step).numpy(),
                               _ola_ref(frames, step), atol=1e-12)


def test_overlap_and_add_gradient_and_trace():
    frames = RNG.uniform(-1, 1, size=(4, 6))
    theoretical, numerical = tf.test.compute_gradient(
        lambda v: tf.signal.overlap_and_add(v, 4), [frames])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)
    traced = tf.function(lambda v: tf.signal.mdct(v, 8))
    x = RNG.uniform(-1, 1, size=(40,)).astype(np.float32)
    np.testing.assert_allclose(traced(x).numpy(), tf.signal.mdct(x, 8).numpy(), atol=1e-6)


def test_windows_against_their_formulas():
    n = np.arange(11)
    np.testing.assert_allclose(tf.signal.kaiser_window(11, beta=5.0, dtype=tf.float64).numpy(),
                               np.kaiser(11, 5.0), atol=1e-12)
    np.testing.assert_allclose(
        tf.signal.vorbis_window(11, dtype=tf.float64).numpy(),
        np.sin(np.pi / 2 * np.sin(np.pi * (n + 0.5) / 11) ** 2), atol=1e-12)
    kbd = tf.signal.kaiser_bessel_derived_window(10, dtype=tf.float64).numpy()
    np.testing.assert_allclose(kbd[:5] ** 2 + kbd[5:] ** 2, 1.0, atol=1e-12)  # Princen-Bradley
    beta = tf.constant(4.0, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(beta)
        total = tf.reduce_sum(tf.signal.kaiser_window(7, beta, dtype=tf.float64))
    eps = 1e-6
    fd = (np.kaiser(7, 4.0 + eps).sum() - np.kaiser(7, 4.0 - eps).sum()) / (2 * eps)
    np.testing.assert_allclose(tape.gradient(total, beta).numpy(), fd, rtol=1e-6)


def test_mel_filterbank_is_triangles_on_the_mel_scale():
    w = tf.signal.linear_to_mel_weight_matrix(10, 65, 16000, 100.0, 7000.0,
                                              dtype=tf.float64).numpy()
    assert w.shape == (65, 10) and np.all(w[0] == 0) and np.all(w >= 0)
    mel = 1127.0 * np.log1p(np.linspace(0, 8000, 65)[1:] / 700.0)
    edges = np.linspace(*(1127.0 * np.log1p(np.array([100.0, 7000.0]) / 700.0)), 12)
    for b in range(10):
        lo, mid, hi = edges[b:b + 3]
        want = np.maximum(0, np.minimum((mel - lo) / (mid - lo), (hi - mel) / (hi - mid)))
        np.testing.assert_allclose(w[1:, b], want, atol=1e-12)
    logmel = RNG.uniform(-2, 2, size=(3, 12))
    np.testing.assert_allclose(tf.signal.mfccs_from_log_mel_spectrograms(logmel).numpy(),
                               _dct_ref(logmel, 2, None) / np.sqrt(24), atol=1e-12)


@pytest.mark.parametrize("axes, s, norm", [(None, None, None), ([1, 2], [3, 6], "ortho"),
                                           ([-1], [5], "forward"), ([0, 1, 2], [2, 2, 3], None),
                                           ([-2, -1], [3, 4], "backward")])
def test_nd_ffts_match_numpy(axes, s, norm):
    # (TF 2.21 has N-D FFT kernels for GPUs only: the computation is checked on one, its
    # axes the trailing ones its kernel takes, the lengths padding or cropping them)
    x = RNG.uniform(-1, 1, size=(2, 3, 4)) + 1j * RNG.uniform(-1, 1, size=(2, 3, 4))
    xt = tf.constant(x)  # (an array is converted preferring complex64, as TF's)
    kw = {"axes": axes, "norm": norm}
    np_norm = norm or "backward"
    with on_the_gpu():
        np.testing.assert_allclose(tf.signal.fftnd(xt, fft_length=s, **kw).numpy(),
                                   np.fft.fftn(x, s=s, axes=axes, norm=np_norm), atol=1e-12)
        np.testing.assert_allclose(tf.signal.ifftnd(xt, fft_length=s, **kw).numpy(),
                                   np.fft.ifftn(x, s=s, axes=axes, norm=np_norm), atol=1e-12)
        # (x.real as a float64 tensor: an array is converted preferring float32, as TF's)
        np.testing.assert_allclose(tf.signal.rfftnd(tf.constant(x.real), fft_length=s,
                                                    **kw).numpy(),
                                   np.fft.rfftn(x.real, s=s, axes=axes, norm=np_norm),
                                   atol=1e-12)
        np.testing.assert_allclose(tf.signal.irfftnd(xt, fft_length=s, **kw).numpy(),
                                   np.fft.irfftn(x, s=s, axes=axes, norm=np_norm), atol=1e-12)


# tf.signal's N-D FFTs call TF's ops, whose GPU kernels take the trailing axes in order
# only, with a length for each (the default lengths: the input's whole shape)
@pytest.mark.parametrize("fn, kw, message", [
    ("fftnd", {"axes": [0, 2], "fft_length": [2, 4]}, "axes must be successive and ascending."),
    ("ifftnd", {"axes": [1], "fft_length": [3]},
     "The last axis to perform transform on must be -1."),
    ("rfftnd", {"axes": [-1]}, "fft_length must have shape [1], but got: 3."),
    ("irfftnd", {"axes": [-2, -1], "fft_length": [3, 4, 5]},
     "fft_length must have shape [2], but got: 3."),
    ("fftnd", {"shape": (1, 2, 1, 2)}, "Only 1D, 2D and 3D FFTs supported.")])
def test_nd_ffts_on_a_gpu_meet_tfs_kernel_checks(fn, kw, message):
    x = np.ones(kw.pop("shape", (2, 3, 4)))
    x = x if fn == "rfftnd" else x.astype(np.complex128)
    with on_the_gpu(), pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(tf.signal, fn)(tf.constant(x), **kw)
    assert message in str(e.value)


def test_nd_ffts_have_no_cpu_kernel():
    # TF 2.21 registers FFTND, IFFTND, RFFTND and IRFFTND for GPUs only: on a CPU they
    # are its NotFoundError, once the wrapper's own checks have passed
    x = np.ones((2, 3), np.complex128)
    with tf.device("CPU:0"):
        for fn, arg, node in ((tf.signal.fftnd, x, "FFTND[Tcomplex=DT_COMPLEX64]"),
                              (tf.signal.ifftnd, tf.constant(x),
                               "IFFTND[Tcomplex=DT_COMPLEX128]"),
                              (tf.signal.rfftnd, tf.constant(x.real),
                               "RFFTND[Tcomplex=DT_COMPLEX128, Treal=DT_DOUBLE]"),
                              (tf.signal.irfftnd, tf.constant(x),
                               "IRFFTND[Tcomplex=DT_COMPLEX128, Treal=DT_DOUBLE]")):
            with pytest.raises(tf.errors.NotFoundError) as e:
                fn(arg)
            assert str(e.value).startswith(f"Could not find device for node: {{{{node "
                                           f"{node.split('[')[0]}}}}} = {node}\n")


_X = np.arange(6).reshape(2, 3) + 1j * np.arange(6, 0, -1).reshape(2, 3)


@pytest.mark.parametrize("op, kw, want", [
    ("FFTND", {"fft_length": [2, 4], "axes": [0, -1]}, np.fft.fftn(_X, [2, 4], [0, 1])),
    ("IFFTND", {"fft_length": [2], "axes": [1]}, np.fft.ifftn(_X, [2], [1])),
    ("RFFTND", {"fft_length": [2, 3], "axes": [0, 1], "Tcomplex": tf.complex128},
     np.fft.rfftn(_X.real, [2, 3], [0, 1])),
    ("IRFFTND", {"fft_length": [2, 4], "axes": [-2, -1], "Treal": tf.float64},
     np.fft.irfftn(_X, [2, 4], [0, 1]))])
def test_raw_nd_ffts_on_a_gpu_match_numpy(op, kw, want):
    # (TF's only N-D FFT kernels are its GPU's: the raw ops compute there)
    x = tf.constant(_X.real if op == "RFFTND" else _X)
    with on_the_gpu():
        got = getattr(tf.raw_ops, op)(input=x, **kw)
    np.testing.assert_allclose(got.numpy(), want, atol=1e-12)


# TF's GPU kernel (fft_ops.cc, FFTNBase and FFTNGPUBase) checks the axes, then
# fft_length, then the dtypes, then the transform's rank; scalar axes it reads as a vector
# unchecked, whose CHECK aborts TF's process (tensorflow#67098): refused in its words.
_RAW_ND_ERRORS = [
    ("FFTND", {"fft_length": [3], "axes": 0},
     "Check failed: NDIMS == dims() (1 vs. 0)Asking for tensor of 1 dimensions from a "
     "tensor of 0 dimensions"),
    ("IRFFTND", {"fft_length": 3, "axes": 0}, "Check failed: NDIMS == dims() (1 vs. 0)"),
    ("FFTND", {"fft_length": [2, 2, 2], "axes": [0, 1, 2]},
     "Input must have rank of at least 3 but got: [2,3]"),
    ("IFFTND", {"fft_length": [2, 2], "axes": [1, 0]}, "axes must be successive and ascending."),
    ("FFTND", {"fft_length": [2], "axes": [0]},
     "The last axis to perform transform on must be -1."),
    ("FFTND", {"fft_length": [3, 3], "axes": [1]}, "fft_length must have shape [1], but got: 2."),
    ("RFFTND", {"fft_length": [-1], "axes": [1]}, "fft_length[0] must >= 0, but got: -1"),
    ("RFFTND", {"fft_length": [4], "axes": [1]},
     "Input dimension 1 must have length of at least 4 but got: 3"),
    ("IRFFTND", {"fft_length": [6], "axes": [1]},
     "Input dimension 1 must have length of at least 4 but got: 3"),
    ("RFFTND", {"fft_length": [3], "axes": [1], "Tcomplex": tf.complex128},
     "Wrong types for forward real FFT: in=float out=complex128"),
    ("IRFFTND", {"fft_length": [4], "axes": [1], "Treal": tf.float64},
     "Wrong types for backward real FFT: in=complex64 out=double")]


@pytest.mark.parametrize("op, kw, message", _RAW_ND_ERRORS)
def test_raw_nd_ffts_on_a_gpu_check_as_tfs_kernel(op, kw, message):
    x = tf.constant(_X.real, tf.float32) if op == "RFFTND" else tf.constant(_X, tf.complex64)
    with on_the_gpu(), pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(tf.raw_ops, op)(input=x, **kw)
    assert message in str(e.value)


def test_rfft2d_gradient():
    x = RNG.uniform(-1, 1, size=(3, 4))
    w = RNG.uniform(0.5, 1.5, size=(3, 3))
    theoretical, numerical = tf.test.compute_gradient(
        lambda v: tf.math.real(tf.signal.rfft2d(v)) * w, [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-7)


@pytest.mark.parametrize("call, error, match", [
    (lambda: tf.signal.dct([1.0, 2.0], axis=0), NotImplementedError, "axis must be -1"),
    (lambda: tf.signal.dct([1.0, 2.0], type=5), ValueError, "Types I, II, III and IV"),
    (lambda: tf.signal.dct([1.0, 2.0], n=0), ValueError, "n should be a positive"),
    (lambda: tf.signal.dct([1.0, 2.0], type=1, norm="ortho"), ValueError, "Type-I DCT"),
    (lambda: tf.signal.dct(tf.constant([1.0]), type=1), ValueError, "greater than one"),
    # (TF's Type-I check reads the input's shape unconverted: a list has none)
    (lambda: tf.signal.dct([1.0], type=1), AttributeError, "'list' object has no attribute"),
    (lambda: tf.signal.idct([1.0, 2.0], norm="l2"), ValueError, "Unknown normalization"),
    (lambda: tf.signal.mdct(np.zeros(20, np.float32), 6), ValueError, "multiple of 4"),
    (lambda: tf.signal.overlap_and_add([1.0, 2.0], 1), ValueError, "rank at least 2"),
    (lambda: tf.signal.overlap_and_add([[1.0, 2.0]], tf.constant(1.0)), ValueError,
     "frame_step must be an integer"),
    (lambda: tf.signal.kaiser_window(0), tf.errors.InvalidArgumentError,
     "Requires start <= limit"),
    (lambda: tf.signal.vorbis_window(4, dtype=tf.int32), ValueError, "floating point"),
    (lambda: tf.signal.linear_to_mel_weight_matrix(0), ValueError, "num_mel_bins must be"),
    (lambda: tf.signal.linear_to_mel_weight_matrix(lower_edge_hertz=-1.0), ValueError,
     "non-negative"),
    (lambda: tf.signal.linear_to_mel_weight_matrix(lower_edge_hertz=4000.0), ValueError,
     "4000.0 >= upper_edge_hertz 3800.0"),
    (lambda: tf.signal.linear_to_mel_weight_matrix(upper_edge_hertz=5000.0), ValueError,
     "Nyquist"),
    (lambda: tf.signal.rfft2d(np.zeros((3, 4), np.float32), fft_length=[3]),
     tf.errors.InvalidArgumentError, r"fft_length must have shape \[2\]"),
    (lambda: tf.signal.rfft3d(np.zeros((3, 4), np.float32)), ValueError,
     r"Shape \(3, 4\) must have rank at least 3"),
    (lambda: tf.signal.fftnd(np.zeros((3, 4), np.complex64), axes=[0, 1, 2]),
     ValueError, r"Shape \(3, 4\) must have rank at least 3"),
    (lambda: tf.signal.fftnd(tf.zeros((3, 4))), tf.errors.InvalidArgumentError,
     "Tcomplex"),
])
def test_bad_arguments_raise_tf_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_complex_products_and_quotients_differentiate_as_tf():
    # the DCTs multiply by complex twiddles: d imag(z * c) / dz is i * conj(c) in TF's
    # convention (TF 2.21: [1j, 0.84147098+0.54030231j] for c = exp(1j * [0, 1]))
    c = tf.constant(np.exp(1j * np.arange(2)))
    z = tf.constant([0.5 + 0.25j, -1.0 + 2.0j])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(z)
        prod = tf.reduce_sum(tf.math.imag(z * c))
        quot = tf.reduce_sum(tf.math.real(c / z))
    np.testing.assert_allclose(tape.gradient(prod, z).numpy(), 1j * np.conj(c.numpy()),
                               atol=1e-15)
    # d real(c / z) / dz in TF's convention: conj(-c / z^2)
    np.testing.assert_allclose(tape.gradient(quot, z).numpy(),
                               np.conj(-c.numpy() / z.numpy() ** 2), atol=1e-15)
