"""mathprobe's groups of tf.signal and tf.linalg (see mathprobe_cases.py): STFT, framing,
FFT lengths, DCT and mel matrices; solvers, decompositions, diagonals, norms, einsum,
banded solves, half types, set_diag."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np


def _signal_stft(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(7)
    x = tf.constant(rng.randn(2, 100).astype(np.float32))
    for w in [tf.signal.hann_window, tf.signal.hamming_window, None]:
        for pe in (False, True):
            case(
                f"stft {getattr(w, '__name__', None)} {pe}",
                lambda: tf.signal.stft(x, 32, 16, window_fn=w, pad_end=pe),
            )
    case("stft fft_length", lambda: tf.signal.stft(x, 24, 10, fft_length=64))
    case("stft fft small", lambda: tf.signal.stft(x, 32, 16, fft_length=16))
    case("stft f64", lambda: tf.signal.stft(tf.cast(x, tf.float64), 32, 32))
    case("stft short", lambda: tf.signal.stft(x[:, :20], 32, 16))
    case("stft short pad", lambda: tf.signal.stft(x[:, :20], 32, 16, pad_end=True))
    case("stft int", lambda: tf.signal.stft(tf.cast(x, tf.int32), 32, 16))
    case("stft bad rank", lambda: tf.signal.stft(x[0, 0], 32, 16))
    S = tf.signal.stft(x, 32, 16)
    case("istft", lambda: tf.signal.inverse_stft(S, 32, 16))
    case(
        "istft dual",
        lambda: tf.signal.inverse_stft(S, 32, 16, window_fn=tf.signal.inverse_stft_window_fn(16)),
    )
    case(
        "istft fft_length",
        lambda: tf.signal.inverse_stft(
            tf.signal.stft(x, 24, 10, fft_length=64), 24, 10, fft_length=64
        ),
    )
    case("istft bad fft", lambda: tf.signal.inverse_stft(S, 32, 16, fft_length=30))
    case("istft window None", lambda: tf.signal.inverse_stft(S, 32, 16, window_fn=None))
    case(
        "istft_window_fn hamming",
        lambda: tf.signal.inverse_stft_window_fn(16, forward_window_fn=tf.signal.hamming_window)(
            32, tf.float32
        ),
    )
    case("frame", lambda: tf.signal.frame(tf.range(10), 3, 2))
    case("frame pad", lambda: tf.signal.frame(tf.range(10), 3, 2, pad_end=True, pad_value=-1))
    case("frame axis0", lambda: tf.signal.frame(tf.reshape(tf.range(24), [8, 3]), 3, 2, axis=0))
    case(
        "frame axis-2 pad",
        lambda: tf.signal.frame(tf.reshape(tf.range(24), [2, 4, 3]), 3, 2, axis=-2, pad_end=True),
    )
    case("frame short", lambda: tf.signal.frame(tf.range(2), 3, 2))
    case("frame bad axis", lambda: tf.signal.frame(tf.range(10), 3, 2, axis=1))
    case("frame step0", lambda: tf.signal.frame(tf.range(10), 3, 0))
    case("frame len0", lambda: tf.signal.frame(tf.range(10), 0, 1))
    case("frame scalar", lambda: tf.signal.frame(tf.constant(1), 3, 2))
    case(
        "overlap_and_add",
        lambda: tf.signal.overlap_and_add(tf.reshape(tf.range(24.0), [2, 3, 4]), 2),
    )
    case(
        "overlap_and_add int",
        lambda: tf.signal.overlap_and_add(tf.reshape(tf.range(12), [3, 4]), 3),
    )
    case("overlap_and_add bad", lambda: tf.signal.overlap_and_add(tf.range(4.0), 2))
    case(
        "overlap_and_add step big",
        lambda: tf.signal.overlap_and_add(tf.reshape(tf.range(12.0), [3, 4]), 5),
    )
    for per in (False, True):
        for n in (1, 2, 7, 8):
            case(f"hann {n} {per}", lambda: tf.signal.hann_window(n, periodic=per))
            case(
                f"hamming {n} {per}",
                lambda: tf.signal.hamming_window(n, periodic=per, dtype=tf.float64),
            )
    case("hann f16", lambda: tf.signal.hann_window(5, dtype=tf.float16))
    case("hann 0", lambda: tf.signal.hann_window(0))
    case("hann int dtype", lambda: tf.signal.hann_window(4, dtype=tf.int32))
    case("hann neg", lambda: tf.signal.hann_window(-1))
    case("kaiser", lambda: tf.signal.kaiser_window(7))
    case("kaiser beta", lambda: tf.signal.kaiser_window(8, beta=2.5, dtype=tf.float64))
    case("kaiser 1", lambda: tf.signal.kaiser_window(1))
    case("kaiser 0", lambda: tf.signal.kaiser_window(0))
    case("kaiser_bessel_derived", lambda: tf.signal.kaiser_bessel_derived_window(8))
    case("kbd odd", lambda: tf.signal.kaiser_bessel_derived_window(7, beta=3.0))
    case("vorbis", lambda: tf.signal.vorbis_window(8))
    case("vorbis f64", lambda: tf.signal.vorbis_window(5, dtype=tf.float64))


def _signal_frame(tf: Any, case: Callable) -> None:
    x = tf.range(10)
    case("len0 step2", lambda: tf.signal.frame(x, 0, 2))
    case("len0 pad", lambda: tf.signal.frame(x, 0, 3, pad_end=True))
    case("len-1", lambda: tf.signal.frame(x, -1, 2))
    case("step-1", lambda: tf.signal.frame(x, 3, -1))
    case("step-2 pad", lambda: tf.signal.frame(x, 3, -2, pad_end=True))
    case("step0 pad", lambda: tf.signal.frame(x, 3, 0, pad_end=True))
    case("axis -2", lambda: tf.signal.frame(x, 3, 2, axis=-2))
    case("axis 2 of 2d", lambda: tf.signal.frame(tf.reshape(x, [2, 5]), 3, 2, axis=2))
    case("axis -3 of 2d", lambda: tf.signal.frame(tf.reshape(x, [2, 5]), 3, 2, axis=-3))
    case("len big", lambda: tf.signal.frame(x, 12, 2))
    case("len big pad", lambda: tf.signal.frame(x, 12, 5, pad_end=True))
    case("float len", lambda: tf.signal.frame(x, 3.0, 2))
    case("axis tensor", lambda: tf.signal.frame(x, 3, 2, axis=tf.constant(0)))
    case("empty signal", lambda: tf.signal.frame(tf.zeros([0]), 3, 2))
    case("empty signal pad", lambda: tf.signal.frame(tf.zeros([0]), 3, 2, pad_end=True))
    case("pad_value float on int", lambda: tf.signal.frame(x, 3, 2, pad_end=True, pad_value=1.5))


def _signal_fft(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(8)
    x = tf.constant(rng.randn(3, 8).astype(np.float32))
    for t in (1, 2, 3, 4):
        for norm in (None, "ortho"):
            case(f"dct{t} {norm}", lambda: tf.signal.dct(x, type=t, norm=norm))
            case(f"idct{t} {norm}", lambda: tf.signal.idct(x, type=t, norm=norm))
        case(f"dct{t} n=5", lambda: tf.signal.dct(x, type=t, n=5))
        case(f"dct{t} n=12", lambda: tf.signal.dct(x, type=t, n=12))
    case("dct1 ortho", lambda: tf.signal.dct(x, type=1, norm="ortho"))
    case("dct bad type", lambda: tf.signal.dct(x, type=5))
    case("dct bad norm", lambda: tf.signal.dct(x, norm="foo"))
    case("dct axis0", lambda: tf.signal.dct(x, axis=0))
    case("dct n0", lambda: tf.signal.dct(x, n=0))
    case("dct1 len1", lambda: tf.signal.dct(x[:, :1], type=1))
    case("dct f64", lambda: tf.signal.dct(tf.cast(x, tf.float64), type=2))
    case("dct int", lambda: tf.signal.dct(tf.cast(x, tf.int32)))
    case("dct f16", lambda: tf.signal.dct(tf.cast(x, tf.float16)))
    c = tf.complex(x, x[::-1])
    case("fft", lambda: tf.signal.fft(c))
    case("ifft2d", lambda: tf.signal.ifft2d(c))
    case("fft3d", lambda: tf.signal.fft3d(tf.reshape(c, [3, 2, 4])))
    case("fft real err", lambda: tf.signal.fft(x))
    case("fft c128", lambda: tf.signal.fft(tf.cast(c, tf.complex128)))
    case("rfft", lambda: tf.signal.rfft(x))
    case("rfft len", lambda: tf.signal.rfft(x, [5]))
    case("rfft len big", lambda: tf.signal.rfft(x, [12]))
    case("rfft2d", lambda: tf.signal.rfft2d(x, [4, 6]))
    case("rfft2d f64", lambda: tf.signal.rfft2d(tf.cast(x, tf.float64)))
    case("irfft", lambda: tf.signal.irfft(tf.signal.rfft(x)))
    case("irfft odd", lambda: tf.signal.irfft(tf.signal.rfft(x), [7]))
    case("irfft2d", lambda: tf.signal.irfft2d(tf.signal.rfft2d(x), [3, 8]))
    case(
        "irfft3d", lambda: tf.signal.irfft3d(tf.signal.rfft3d(tf.reshape(x, [2, 3, 4])), [2, 3, 4])
    )
    case(
        "irfft3d len",
        lambda: tf.signal.irfft3d(tf.signal.rfft3d(tf.reshape(x, [2, 3, 4])), [2, 2, 6]),
    )
    case("rfft bad len", lambda: tf.signal.rfft(x, [5, 5]))
    case("rfft neg len", lambda: tf.signal.rfft(x, [-1]))
    case("rfft int", lambda: tf.signal.rfft(tf.cast(x, tf.int32)))
    case("rfft2d rank1", lambda: tf.signal.rfft2d(x[0]))
    case("fftshift", lambda: tf.signal.fftshift(tf.reshape(tf.range(15), [3, 5])))
    case("fftshift axes", lambda: tf.signal.fftshift(tf.reshape(tf.range(15), [3, 5]), axes=1))
    case(
        "fftshift axes list",
        lambda: tf.signal.fftshift(tf.reshape(tf.range(30), [2, 3, 5]), axes=[0, -1]),
    )
    case("ifftshift", lambda: tf.signal.ifftshift(tf.reshape(tf.range(15), [3, 5]), axes=(0,)))
    case("ifftshift neg", lambda: tf.signal.ifftshift(tf.reshape(tf.range(15), [3, 5]), axes=-1))
    case("fftshift bad axis", lambda: tf.signal.fftshift(tf.range(5), axes=2))
    case("fftnd", lambda: tf.signal.fftnd(c, fft_length=[3, 8], axes=[0, 1]))
    case("rfftnd", lambda: tf.signal.rfftnd(x, fft_length=[4, 6], axes=[-2, -1]))
    case("irfftnd", lambda: tf.signal.irfftnd(tf.signal.rfftnd(x, [3, 8], [0, 1]), [3, 8], [0, 1]))
    case("ifftnd", lambda: tf.signal.ifftnd(c, [2, 4], [-2, -1], norm="ortho"))


def _signal_fft_lengths(tf: Any, case: Callable) -> None:
    x = tf.ones([3, 8])
    c = tf.complex(x, x)
    case("rfft2d bad", lambda: tf.signal.rfft2d(x, [5]))
    case("rfft2d neg", lambda: tf.signal.rfft2d(x, [2, -3]))
    case("irfft bad", lambda: tf.signal.irfft(c, [5, 5]))
    case("irfft neg", lambda: tf.signal.irfft(c, [-2]))
    case("irfft2d neg", lambda: tf.signal.irfft2d(c, [-1, 4]))
    case("rfft3d bad", lambda: tf.signal.rfft3d(tf.ones([2, 2, 2]), [2, 2]))
    case("rfft scalar len", lambda: tf.signal.rfft(x, 5))
    case("rfft float len", lambda: tf.signal.rfft(x, [5.0]))
    case("rfft int64 len", lambda: tf.signal.rfft(x, tf.constant([5], tf.int64)))


def _signal_mel(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(9)
    case("mel default", lambda: tf.signal.linear_to_mel_weight_matrix())
    case("mel small", lambda: tf.signal.linear_to_mel_weight_matrix(8, 33, 8000, 100.0, 3000.0))
    case(
        "mel f64",
        lambda: tf.signal.linear_to_mel_weight_matrix(4, 17, 16000, 20.0, 7000.0, dtype=tf.float64),
    )
    case("mel bad lower", lambda: tf.signal.linear_to_mel_weight_matrix(4, 17, 16000, -1.0, 7000.0))
    case(
        "mel bad upper", lambda: tf.signal.linear_to_mel_weight_matrix(4, 17, 16000, 100.0, 9000.0)
    )
    case(
        "mel lower>upper",
        lambda: tf.signal.linear_to_mel_weight_matrix(4, 17, 16000, 5000.0, 4000.0),
    )
    case("mel bins 0", lambda: tf.signal.linear_to_mel_weight_matrix(0, 17, 16000))
    case("mel sr 0", lambda: tf.signal.linear_to_mel_weight_matrix(4, 17, 0))
    case("mel int dtype", lambda: tf.signal.linear_to_mel_weight_matrix(4, 17, dtype=tf.int32))
    case(
        "mel tensor sr",
        lambda: tf.signal.linear_to_mel_weight_matrix(4, 17, tf.constant(16000.0), 20.0, 7000.0),
    )
    case("mel spec 1", lambda: tf.signal.linear_to_mel_weight_matrix(5, 1, 8000))
    lm = tf.constant(rng.rand(2, 3, 20).astype(np.float32))
    case("mfcc", lambda: tf.signal.mfccs_from_log_mel_spectrograms(lm))
    case("mfcc f64", lambda: tf.signal.mfccs_from_log_mel_spectrograms(tf.cast(lm, tf.float64)))
    case("mfcc 1", lambda: tf.signal.mfccs_from_log_mel_spectrograms(lm[..., :1]))
    case("mfcc bad", lambda: tf.signal.mfccs_from_log_mel_spectrograms(lm[..., :0]))
    case("mfcc int", lambda: tf.signal.mfccs_from_log_mel_spectrograms(tf.cast(lm, tf.int32)))
    case("mfcc scalar", lambda: tf.signal.mfccs_from_log_mel_spectrograms(tf.constant(1.0)))


def _linalg_solvers(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(10)
    A = tf.constant(rng.randn(5, 3).astype(np.float32))
    B = tf.constant(rng.randn(5, 2).astype(np.float32))
    A64, B64 = tf.cast(A, tf.float64), tf.cast(B, tf.float64)
    case("lstsq", lambda: tf.linalg.lstsq(A64, B64))
    case("lstsq l2", lambda: tf.linalg.lstsq(A64, B64, l2_regularizer=0.5))
    case("lstsq slow", lambda: tf.linalg.lstsq(A64, B64, fast=False))
    case("lstsq under", lambda: tf.linalg.lstsq(tf.transpose(A64), B64[:3]))
    case("lstsq under l2", lambda: tf.linalg.lstsq(tf.transpose(A64), B64[:3], l2_regularizer=0.1))
    case("lstsq under slow", lambda: tf.linalg.lstsq(tf.transpose(A64), B64[:3], fast=False))
    case("lstsq batch", lambda: tf.linalg.lstsq(tf.stack([A64, A64 * 2]), tf.stack([B64, B64])))
    case("lstsq f32", lambda: tf.linalg.lstsq(A, B))
    case("lstsq mismatch", lambda: tf.linalg.lstsq(A64, B64[:4]))
    case("lstsq int", lambda: tf.linalg.lstsq(tf.cast(A, tf.int32), tf.cast(B, tf.int32)))
    case("lstsq rank1", lambda: tf.linalg.lstsq(A64[0], B64[0]))
    case("lstsq c64", lambda: tf.linalg.lstsq(tf.complex(A, A), tf.complex(B, B)))
    case("lstsq slow l2", lambda: tf.linalg.lstsq(A64, B64, l2_regularizer=0.5, fast=False))
    case(
        "lstsq empty",
        lambda: tf.linalg.lstsq(tf.zeros([0, 3], tf.float64), tf.zeros([0, 2], tf.float64)),
    )
    M = tf.constant((rng.randn(4, 4) * 0.5).astype(np.float64))
    case("expm", lambda: tf.linalg.expm(M))
    case("expm f32", lambda: tf.linalg.expm(tf.cast(M, tf.float32)))
    case("expm big", lambda: tf.linalg.expm(M * 20))
    case("expm c128", lambda: tf.linalg.expm(tf.complex(M, M)))
    case("expm int", lambda: tf.linalg.expm(tf.cast(M, tf.int32)))
    case("expm nonsq", lambda: tf.linalg.expm(M[:3]))
    case("expm batch", lambda: tf.linalg.expm(tf.stack([M, -M])))
    case("expm 1x1", lambda: tf.linalg.expm(tf.constant([[2.0]])))
    case("expm 0x0", lambda: tf.linalg.expm(tf.zeros([0, 0])))
    S = tf.matmul(M, M, transpose_b=True) + tf.eye(4, dtype=tf.float64)
    case("logm", lambda: tf.linalg.logm(tf.complex(S, tf.zeros_like(S))))
    case("logm real", lambda: tf.linalg.logm(S))
    case("sqrtm", lambda: tf.linalg.sqrtm(S))
    case("sqrtm f32", lambda: tf.linalg.sqrtm(tf.cast(S, tf.float32)))
    case("sqrtm nonsq", lambda: tf.linalg.sqrtm(S[:3]))
    case("sqrtm int", lambda: tf.linalg.sqrtm(tf.cast(S, tf.int32)))
    case("slogdet", lambda: tf.linalg.slogdet(M))
    case("slogdet sing", lambda: tf.linalg.slogdet(tf.zeros([3, 3])))
    case(
        "slogdet c64",
        lambda: tf.linalg.slogdet(tf.complex(tf.cast(M, tf.float32), tf.ones([4, 4]))),
    )
    case("slogdet int", lambda: tf.linalg.slogdet(tf.eye(3, dtype=tf.int32)))
    case("logdet", lambda: tf.linalg.logdet(S))
    case("det", lambda: tf.linalg.det(M))
    case("det f16", lambda: tf.linalg.det(tf.cast(M, tf.float16)))
    case("det nonsq", lambda: tf.linalg.det(M[:3]))
    case("inv sing", lambda: tf.linalg.inv(tf.zeros([2, 2])))
    case("inv adjoint", lambda: tf.linalg.inv(tf.complex(M, M), adjoint=True))
    case("pinv", lambda: tf.linalg.pinv(A64))
    case("pinv rcond", lambda: tf.linalg.pinv(A64, rcond=0.5))
    case("pinv f32", lambda: tf.linalg.pinv(A))
    case("pinv herm", lambda: tf.linalg.pinv(S, validate_args=True))
    case("pinv int", lambda: tf.linalg.pinv(tf.cast(A, tf.int32)))
    case("pinv rank1", lambda: tf.linalg.pinv(A64[0]))
    case("matrix_rank", lambda: tf.linalg.matrix_rank(A64))
    case(
        "matrix_rank tol",
        lambda: tf.linalg.matrix_rank(tf.constant([[1.0, 2], [2, 4.0001]]), tol=0.01),
    )


def _linalg_decomp(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(11)
    M = tf.constant(rng.randn(4, 4).astype(np.float64))
    R = tf.constant(rng.randn(5, 3).astype(np.float32))
    S = tf.matmul(M, M, transpose_b=True)

    def sgn(v):  # sign-invariant: normalize columns so the largest |entry| is positive
        a = v.numpy()
        idx = np.argmax(np.abs(a), axis=-2)
        s = np.sign(np.take_along_axis(a, idx[..., None, :], axis=-2))
        return tf.constant(a * s)

    case("eigh vals", lambda: tf.linalg.eigh(S)[0])
    case("eigh vecs", lambda: sgn(tf.linalg.eigh(S)[1]))
    case("eigvalsh f32", lambda: tf.linalg.eigvalsh(tf.cast(S, tf.float32)))
    case("eigh nonsq", lambda: tf.linalg.eigh(M[:3]))
    case("eigh int", lambda: tf.linalg.eigh(tf.eye(3, dtype=tf.int32)))
    case("eig", lambda: tf.math.real(tf.sort(tf.math.real(tf.linalg.eig(S)[0]))))
    case("eigvals dtype", lambda: tf.linalg.eigvals(tf.cast(M, tf.float32)).dtype)
    case("eig 1x1", lambda: tf.linalg.eig(tf.constant([[3.0]])))
    case("eig int", lambda: tf.linalg.eig(tf.eye(2, dtype=tf.int32)))
    for fm in (False, True):
        case(f"svd s {fm}", lambda: tf.linalg.svd(R, full_matrices=fm)[0])
        case(f"svd u shape {fm}", lambda: tf.linalg.svd(R, full_matrices=fm)[1].shape)
        case(f"svd v shape {fm}", lambda: tf.linalg.svd(tf.transpose(R), full_matrices=fm)[2].shape)
        case(
            f"svd recon {fm}",
            lambda: (
                tf.reduce_max(
                    tf.abs(
                        R
                        - (lambda s, u, v: tf.matmul(u[:, :3] * s, v, adjoint_b=True))(
                            *tf.linalg.svd(R, full_matrices=fm)
                        )
                    )
                )
                < 1e-5
            ),
        )
    case("svd compute_uv False", lambda: tf.linalg.svd(R, compute_uv=False))
    case("svd int", lambda: tf.linalg.svd(tf.cast(R, tf.int32)))
    case("svd rank1", lambda: tf.linalg.svd(R[0]))
    case("svd empty", lambda: tf.linalg.svd(tf.zeros([0, 3])))
    case("svd f16", lambda: tf.linalg.svd(tf.cast(R, tf.float16)))
    case("qr", lambda: tf.linalg.qr(R))
    case("qr full", lambda: tf.linalg.qr(R, full_matrices=True))
    case("qr wide", lambda: tf.linalg.qr(tf.transpose(R)))
    case("qr int", lambda: tf.linalg.qr(tf.cast(R, tf.int32)))
    case("qr rank1", lambda: tf.linalg.qr(R[0]))
    case("cholesky", lambda: tf.linalg.cholesky(S))
    case("cholesky nonsq", lambda: tf.linalg.cholesky(M[:3]))
    lu, p = tf.linalg.lu(M)
    case("lu", lambda: (lu, p))
    case("lu idx64", lambda: tf.linalg.lu(M, output_idx_type=tf.int64)[1])
    case("lu_reconstruct", lambda: tf.linalg.lu_reconstruct(lu, p))
    case("lu_solve", lambda: tf.linalg.lu_solve(lu, p, tf.ones([4, 2], tf.float64)))
    case("lu_matrix_inverse", lambda: tf.linalg.lu_matrix_inverse(lu, p))
    case("lu sing", lambda: tf.linalg.lu(tf.zeros([3, 3])))
    case("lu nonsq", lambda: tf.linalg.lu(M[:3]))
    case("lu int", lambda: tf.linalg.lu(tf.eye(3, dtype=tf.int32)))
    case("lu_solve bad", lambda: tf.linalg.lu_solve(lu, p, tf.ones([3, 2], tf.float64)))
    case(
        "lu_solve validate",
        lambda: tf.linalg.lu_solve(lu, p, tf.ones([3, 2], tf.float64), validate_args=True),
    )
    case("lu_reconstruct validate", lambda: tf.linalg.lu_reconstruct(lu[:3], p, validate_args=True))
    case("lu batch", lambda: tf.linalg.lu_reconstruct(*tf.linalg.lu(tf.stack([M, M * 2]))))
    case("lu c64", lambda: tf.linalg.lu(tf.complex(tf.cast(M, tf.float32), 1.0)))
    case(
        "lu_matrix_inverse validate", lambda: tf.linalg.lu_matrix_inverse(lu, p, validate_args=True)
    )
    case("matrix_solve", lambda: tf.linalg.solve(M, tf.ones([4, 1], tf.float64)))
    case("matrix_solve sing", lambda: tf.linalg.solve(tf.zeros([2, 2]), tf.ones([2, 1])))
    case("matrix_solve adj", lambda: tf.linalg.solve(M, tf.ones([4, 1], tf.float64), adjoint=True))
    case(
        "triangular_solve",
        lambda: tf.linalg.triangular_solve(
            tf.linalg.band_part(M, -1, 0), tf.ones([4, 2], tf.float64)
        ),
    )
    case(
        "triangular_solve upper adj",
        lambda: tf.linalg.triangular_solve(
            tf.linalg.band_part(M, 0, -1), tf.ones([4, 2], tf.float64), lower=False, adjoint=True
        ),
    )
    case(
        "triangular_solve bcast",
        lambda: tf.linalg.triangular_solve(tf.stack([tf.eye(3), 2 * tf.eye(3)]), tf.ones([3, 2])),
    )
    case("triangular_solve bad", lambda: tf.linalg.triangular_solve(tf.eye(3), tf.ones([4, 2])))


def _linalg_einsum(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(12)
    rng.randn(3, 4, 5)
    x = tf.constant(rng.randn(3, 4).astype(np.float32))
    case("einsum", lambda: tf.einsum("ij,jk->ik", x, tf.transpose(x)))
    case("einsum bad", lambda: tf.einsum("ij,jk->ik", x, x))
    case("einsum bad subs", lambda: tf.einsum("ij,jk", x))
    case("einsum ellipsis", lambda: tf.einsum("...j,...j->...", x, x))
    case("einsum bad out", lambda: tf.einsum("ij->k", x))
    case("einsum repeated out", lambda: tf.einsum("ij->ii", x))
    case("einsum rank", lambda: tf.einsum("ijk->i", x))
    case(
        "einsum int",
        lambda: tf.einsum("ij,kj->ik", tf.cast(x * 10, tf.int32), tf.cast(x * 10, tf.int32)),
    )
    case("einsum trace", lambda: tf.einsum("ii", x[:, :3]))
    case("einsum diag", lambda: tf.einsum("ii->i", x[:, :3]))
    case("einsum 3 operands", lambda: tf.einsum("ij,jk,kl->il", x, tf.transpose(x), x))
    case("einsum spaces", lambda: tf.einsum("i j , j k -> i k", x, tf.transpose(x)))
    case("einsum uppercase", lambda: tf.einsum("IJ->JI", x))
    case("einsum bad char", lambda: tf.einsum("i1->i", x[0]))
    case("einsum broadcast", lambda: tf.einsum("ij,j->ij", x, x[0]))
    case("einsum bcast mismatch", lambda: tf.einsum("ij,ij->ij", x, x[:2]))


def _linalg_diag_norm(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(12)
    M = tf.constant(rng.randn(3, 4, 5).astype(np.float32))
    for k in [0, 1, -1, (-1, 1), (1, 3), (-3, -1), (-4, 4), (2, 1), 5, -6]:
        case(f"diag_part k={k}", lambda: tf.linalg.diag_part(M, k=k))
        case(
            f"diag_part k={k} pad",
            lambda: tf.linalg.diag_part(M, k=k, padding_value=9, align="LEFT_RIGHT"),
        )
    case("diag_part align bad", lambda: tf.linalg.diag_part(M, k=(0, 1), align="FOO"))
    for al in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
        case(f"diag_part align {al}", lambda: tf.linalg.diag_part(M, k=(-2, 1), align=al))
        case(
            f"diag {al}",
            lambda: tf.linalg.diag(tf.reshape(tf.range(6.0), [2, 3]), k=(0, 1), align=al),
        )
    case(
        "diag k num_rows",
        lambda: tf.linalg.diag(tf.range(3.0), k=1, num_rows=5, num_cols=4, padding_value=-1),
    )
    case("diag bad num_rows", lambda: tf.linalg.diag(tf.range(3.0), k=1, num_rows=2))
    case("set_diag k", lambda: tf.linalg.set_diag(M, tf.ones([3, 2, 4]), k=(0, 1)))
    case("set_diag bad", lambda: tf.linalg.set_diag(M, tf.ones([3, 5])))
    for lo, hi in [(0, 0), (-1, 0), (0, -1), (1, 2), (-1, -1), (5, 0), (-2, 1)]:
        case(f"band_part {lo} {hi}", lambda: tf.linalg.band_part(M, lo, hi))
    case(
        "band_part int64",
        lambda: tf.linalg.band_part(M, tf.constant(1, tf.int64), tf.constant(0, tf.int64)),
    )
    case("band_part mixed", lambda: tf.linalg.band_part(M, tf.constant(1, tf.int64), 0))
    case("band_part rank1", lambda: tf.linalg.band_part(M[0, 0], 0, 0))
    case("band_part big", lambda: tf.linalg.band_part(M, 9, 0))
    x = tf.constant(rng.randn(3, 4).astype(np.float32))
    for o in ["euclidean", "fro", 1, 2, np.inf, -np.inf, 0.5, 3]:
        case(f"norm vec {o}", lambda: tf.norm(x[0], ord=o))
    for o in ["euclidean", "fro", 1, 2, np.inf, "nuc"]:
        case(f"norm mat {o}", lambda: tf.norm(x, ord=o, axis=[0, 1]))
    case("norm keepdims", lambda: tf.norm(x, axis=1, keepdims=True))
    case("norm bad ord", lambda: tf.norm(x, ord=-1))
    case("norm bad mat ord", lambda: tf.norm(x, ord=3, axis=[0, 1]))
    case("norm nuc vec", lambda: tf.norm(x, ord="nuc"))
    case("norm bad axis", lambda: tf.norm(x, axis=[0, 1, 2]))
    case("norm axis same", lambda: tf.norm(x, axis=[0, 0]))
    case("norm int", lambda: tf.norm(tf.constant([3, 4])))
    case("norm c64", lambda: tf.norm(tf.complex(x, x)))
    case("norm -1 axis mat", lambda: tf.norm(x, ord=1, axis=(-2, -1)))
    case("norm 0 ord", lambda: tf.norm(x[0], ord=0))
    case("norm axis str", lambda: tf.norm(x, axis="a"))
    case("linalg.normalize", lambda: tf.linalg.normalize(x, ord=1, axis=1))
    case("global_norm", lambda: tf.linalg.global_norm([x, None, x[0]]))
    case("trace", lambda: tf.linalg.trace(M))
    case("trace rank1", lambda: tf.linalg.trace(M[0, 0]))
    case("cross", lambda: tf.linalg.cross(x[:, :3], x[:, 1:]))
    case("cross bad", lambda: tf.linalg.cross(x, x))
    case(
        "matvec",
        lambda: tf.linalg.matvec(x, x[0], transpose_a=True) if False else tf.linalg.matvec(x, x[0]),
    )
    case("tensordot", lambda: tf.tensordot(M, x, axes=[[1], [0]]))
    case("tensordot bad", lambda: tf.tensordot(M, x, axes=[[2], [0]]))
    case("tensordot int axes", lambda: tf.tensordot(x, tf.transpose(x), axes=1))
    case("tensordot 0", lambda: tf.tensordot(x[0], x[1], axes=0))


def _linalg_banded(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(13)
    diags = tf.constant(rng.randn(3, 5).astype(np.float64))
    rhs = tf.constant(rng.randn(5, 2).astype(np.float64))
    case("tri compact", lambda: tf.linalg.tridiagonal_solve(diags, rhs))
    case("tri nopivot", lambda: tf.linalg.tridiagonal_solve(diags, rhs, partial_pivoting=False))
    case("tri perturb", lambda: tf.linalg.tridiagonal_solve(diags, rhs, perturb_singular=True))
    case(
        "tri transpose",
        lambda: (
            tf.linalg.tridiagonal_solve(diags, rhs, transpose_rhs=True)
            if False
            else tf.linalg.tridiagonal_solve(diags, tf.transpose(rhs), transpose_rhs=True)
        ),
    )
    case(
        "tri conj",
        lambda: tf.linalg.tridiagonal_solve(
            tf.complex(diags, diags), tf.complex(rhs, rhs), conjugate_rhs=True
        ),
    )
    case(
        "tri sequence",
        lambda: tf.linalg.tridiagonal_solve(
            (diags[0, 1:], diags[1], diags[2, :-1]), rhs, diagonals_format="sequence"
        ),
    )
    M = (
        tf.linalg.diag(diags[1])
        + tf.linalg.diag(diags[0, 1:], k=1)
        + tf.linalg.diag(diags[2, :-1], k=-1)
    )
    case("tri matrix", lambda: tf.linalg.tridiagonal_solve(M, rhs, diagonals_format="matrix"))
    case("tri bad format", lambda: tf.linalg.tridiagonal_solve(diags, rhs, diagonals_format="foo"))
    case(
        "tri singular",
        lambda: tf.linalg.tridiagonal_solve(
            tf.zeros([3, 4], tf.float64), tf.ones([4, 1], tf.float64)
        ),
    )
    case(
        "tri singular nopiv",
        lambda: tf.linalg.tridiagonal_solve(
            tf.zeros([3, 4], tf.float64), tf.ones([4, 1], tf.float64), partial_pivoting=False
        ),
    )
    case("tri bad shape", lambda: tf.linalg.tridiagonal_solve(diags, rhs[:4]))
    case("tri bad diags", lambda: tf.linalg.tridiagonal_solve(diags[:2], rhs))
    case(
        "tri f32",
        lambda: tf.linalg.tridiagonal_solve(tf.cast(diags, tf.float32), tf.cast(rhs, tf.float32)),
    )
    case("tri rhs vector", lambda: tf.linalg.tridiagonal_solve(diags, rhs[:, 0]))
    case(
        "tri 1x1",
        lambda: tf.linalg.tridiagonal_solve(
            tf.constant([[0.0], [2.0], [0.0]]), tf.constant([[4.0]])
        ),
    )
    case(
        "tri int",
        lambda: tf.linalg.tridiagonal_solve(tf.cast(diags, tf.int32), tf.cast(rhs, tf.int32)),
    )
    case("tri_matmul", lambda: tf.linalg.tridiagonal_matmul(diags, rhs))
    case(
        "tri_matmul seq",
        lambda: tf.linalg.tridiagonal_matmul(
            (diags[0], diags[1], diags[2]), rhs, diagonals_format="sequence"
        ),
    )
    case(
        "tri_matmul matrix", lambda: tf.linalg.tridiagonal_matmul(M, rhs, diagonals_format="matrix")
    )
    case("tri_matmul bad", lambda: tf.linalg.tridiagonal_matmul(diags, rhs[:3]))
    bands = tf.constant(rng.randn(2, 4).astype(np.float64)) + tf.constant(
        [[0.0], [3.0]], tf.float64
    )
    b = tf.constant(rng.randn(4, 2).astype(np.float64))
    case("banded lower", lambda: tf.linalg.banded_triangular_solve(bands, b))
    case("banded upper", lambda: tf.linalg.banded_triangular_solve(bands[::-1], b, lower=False))
    case("banded adjoint", lambda: tf.linalg.banded_triangular_solve(bands, b, adjoint=True))
    case("banded 1 band", lambda: tf.linalg.banded_triangular_solve(bands[1:], b))
    case("banded bad", lambda: tf.linalg.banded_triangular_solve(bands, b[:3]))
    case(
        "banded too many", lambda: tf.linalg.banded_triangular_solve(tf.ones([6, 4], tf.float64), b)
    )
    case(
        "banded f32",
        lambda: tf.linalg.banded_triangular_solve(
            tf.cast(bands, tf.float32), tf.cast(b, tf.float32)
        ),
    )
    case(
        "banded zero diag",
        lambda: tf.linalg.banded_triangular_solve(tf.zeros([2, 4], tf.float64), b),
    )
    case("banded batch", lambda: tf.linalg.banded_triangular_solve(tf.stack([bands, bands]), b))
    case(
        "cholesky_solve",
        lambda: tf.linalg.cholesky_solve(
            tf.linalg.cholesky(tf.matmul(M, M, transpose_b=True) + tf.eye(5, dtype=tf.float64)), rhs
        ),
    )
    case("matrix_transpose", lambda: tf.linalg.matrix_transpose(tf.complex(M, M), conjugate=True))
    case("adjoint rank1", lambda: tf.linalg.adjoint(diags[0]))
    case("lu_solve perm", lambda: tf.linalg.lu_solve(*tf.linalg.lu(M), rhs, validate_args=True))
    case("logdet notpd", lambda: tf.linalg.logdet(-tf.eye(2)))
    case("matmul adjoint bad", lambda: tf.linalg.matmul(M, rhs, adjoint_a=True, transpose_a=True))
    case(
        "matmul int8", lambda: tf.linalg.matmul(tf.ones([2, 2], tf.int8), tf.ones([2, 2], tf.int8))
    )
    case("matmul a_is_sparse", lambda: tf.linalg.matmul(M, rhs, a_is_sparse=True))
    case(
        "matmul output_type",
        lambda: tf.linalg.matmul(
            tf.ones([2, 2], tf.int8), tf.ones([2, 2], tf.int8), output_type=tf.int32
        ),
    )
    case(
        "matmul bf16",
        lambda: tf.linalg.matmul(tf.ones([2, 2], tf.bfloat16), tf.ones([2, 2], tf.bfloat16)),
    )
    case("matmul bcast", lambda: tf.linalg.matmul(tf.ones([2, 1, 3, 4]), tf.ones([5, 4, 2])))
    case("matmul bad bcast", lambda: tf.linalg.matmul(tf.ones([2, 3, 4]), tf.ones([3, 4, 2])))


def _linalg_half(tf: Any, case: Callable) -> None:
    x = tf.cast(tf.eye(3) * 2.0, tf.float16)
    b = tf.ones([3, 1], tf.float16)
    fns = {
        "svd": lambda: tf.linalg.svd(x),
        "qr": lambda: tf.linalg.qr(x),
        "chol": lambda: tf.linalg.cholesky(x),
        "eigh": lambda: tf.linalg.eigh(x),
        "eigvalsh": lambda: tf.linalg.eigvalsh(x),
        "eig": lambda: tf.linalg.eig(x),
        "det": lambda: tf.linalg.det(x),
        "slogdet": lambda: tf.linalg.slogdet(x),
        "inv": lambda: tf.linalg.inv(x),
        "solve": lambda: tf.linalg.solve(x, b),
        "tri": lambda: tf.linalg.triangular_solve(x, b),
        "lu": lambda: tf.linalg.lu(x),
        "lstsq": lambda: tf.linalg.lstsq(x, b, fast=False),
        "expm": lambda: tf.linalg.expm(x),
        "logm": lambda: tf.linalg.logm(x),
        "sqrtm": lambda: tf.linalg.sqrtm(x),
        "tridiag": lambda: tf.linalg.tridiagonal_solve(x, b),
        "band_tri": lambda: tf.linalg.banded_triangular_solve(x[:2], b),
        "tri_mm": lambda: tf.linalg.tridiagonal_matmul(x, b),
        "bp": lambda: tf.linalg.band_part(x, 0, 0),
        "chol_solve": lambda: tf.linalg.cholesky_solve(x, b),
        "matrix_rank": lambda: tf.linalg.matrix_rank(x),
        "pinv": lambda: tf.linalg.pinv(x),
        "norm2": lambda: tf.linalg.norm(x, ord=2, axis=[0, 1]),
        "cross": lambda: tf.linalg.cross(x, x),
        "logdet": lambda: tf.linalg.logdet(x),
        "adjoint": lambda: tf.linalg.adjoint(x),
        "trace": lambda: tf.linalg.trace(x),
        "matvec": lambda: tf.linalg.matvec(x, b[:, 0]),
        "diag_part": lambda: tf.linalg.diag_part(x),
        "set_diag": lambda: tf.linalg.set_diag(x, b[:, 0]),
        "global_norm": lambda: tf.linalg.global_norm([x]),
        "l2n": lambda: tf.linalg.l2_normalize(x),
        "eigvals": lambda: tf.linalg.eigvals(x),
    }
    for k, f in fns.items():
        case(k, f)
    for d in (tf.bfloat16, tf.int32, tf.int64, tf.uint8, tf.bool):
        y = tf.cast(tf.eye(3), d)
        for k in (
            "svd",
            "qr",
            "chol",
            "eigh",
            "det",
            "inv",
            "tri",
            "lu",
            "expm",
            "trace",
            "matrix_rank",
        ):
            case(
                f"{k} {d.name}",
                lambda: {
                    "svd": tf.linalg.svd,
                    "qr": tf.linalg.qr,
                    "chol": tf.linalg.cholesky,
                    "eigh": tf.linalg.eigh,
                    "det": tf.linalg.det,
                    "inv": tf.linalg.inv,
                    "tri": lambda a: tf.linalg.triangular_solve(a, a),
                    "lu": tf.linalg.lu,
                    "expm": tf.linalg.expm,
                    "trace": tf.linalg.trace,
                    "matrix_rank": tf.linalg.matrix_rank,
                }[k](y),
            )


def _linalg_qr(tf: Any, case: Callable) -> None:
    for d in (tf.float16, tf.float32, tf.float64):
        case(f"qr eye {d.name}", lambda: tf.linalg.qr(tf.eye(3, dtype=d)))
        case(
            f"qr diag {d.name}",
            lambda: tf.linalg.qr(tf.linalg.diag(tf.constant([2.0, -1.0, 3.0], d))),
        )
        case(
            f"qr tri {d.name}",
            lambda: tf.linalg.qr(tf.constant([[1.0, 2, 3], [0, 4, 5], [0, 0, 6]], d)),
        )


def _linalg_set_diag(tf: Any, case: Callable) -> None:
    x = tf.ones([3, 4])
    case("vector", lambda: tf.linalg.set_diag(x, tf.ones([2])))
    case("band", lambda: tf.linalg.set_diag(x, tf.ones([2, 2]), k=(0, 1)))
    case("batch", lambda: tf.linalg.set_diag(tf.ones([2, 3, 4]), tf.ones([3, 3])))
    case("ok", lambda: tf.linalg.set_diag(x, tf.range(3.0), k=0))


def _signal_linalg_misc(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(31)
    x = tf.constant(rng.randn(2, 64).astype(np.float32))
    case("mdct", lambda: tf.signal.mdct(x, 16))
    case(
        "mdct vorbis",
        lambda: tf.signal.mdct(x, 16, window_fn=tf.signal.vorbis_window, norm="ortho"),
    )
    case("mdct pad", lambda: tf.signal.mdct(x[:, :60], 16, pad_end=True))
    case("imdct", lambda: tf.signal.inverse_mdct(tf.signal.mdct(x, 16)))
    case(
        "imdct ortho",
        lambda: tf.signal.inverse_mdct(tf.signal.mdct(x, 16, norm="ortho"), norm="ortho"),
    )
    case("mdct odd", lambda: tf.signal.mdct(x, 15))
    case("mdct bad norm", lambda: tf.signal.mdct(x, 16, norm="foo"))
    case("mdct f64", lambda: tf.signal.mdct(tf.cast(x, tf.float64), 8))
    case("imdct bad", lambda: tf.signal.inverse_mdct(tf.ones([2, 3, 5])))
    case(
        "eigh_tridiagonal",
        lambda: tf.linalg.eigh_tridiagonal(
            tf.constant([1.0, 2.0, 3.0], tf.float64), tf.constant([0.5, 0.25], tf.float64)
        ),
    )
    case(
        "eigh_tridiagonal vecs",
        lambda: tf.abs(
            tf.linalg.eigh_tridiagonal(
                tf.constant([1.0, 2.0, 3.0], tf.float64),
                tf.constant([0.5, 0.25], tf.float64),
                eigvals_only=False,
            )[1]
        ),
    )
    case(
        "eigh_tridiagonal select",
        lambda: tf.linalg.eigh_tridiagonal(
            tf.constant([1.0, 2.0, 3.0, 4.0], tf.float64),
            tf.constant([0.5, 0.25, 0.1], tf.float64),
            select="i",
            select_range=[1, 2],
        ),
    )
    case(
        "eigh_tridiagonal v",
        lambda: tf.linalg.eigh_tridiagonal(
            tf.constant([1.0, 2.0, 3.0, 4.0], tf.float64),
            tf.constant([0.5, 0.25, 0.1], tf.float64),
            select="v",
            select_range=[1.5, 3.5],
        ),
    )
    case(
        "eigh_tridiagonal bad",
        lambda: tf.linalg.eigh_tridiagonal(tf.constant([1.0, 2.0]), tf.constant([0.5, 0.25])),
    )
    case("tensor_diag", lambda: tf.linalg.tensor_diag(tf.constant([[1, 2], [3, 4]])))
    case(
        "tensor_diag_part",
        lambda: tf.linalg.tensor_diag_part(tf.reshape(tf.range(16), [2, 2, 2, 2])),
    )
    case(
        "tensor_diag_part bad",
        lambda: tf.linalg.tensor_diag_part(tf.reshape(tf.range(8), [2, 2, 2])),
    )
    case(
        "cg",
        lambda: (
            tf.linalg.experimental.conjugate_gradient(
                tf.linalg.LinearOperatorFullMatrix(
                    tf.constant([[4.0, 1.0], [1.0, 3.0]]),
                    is_self_adjoint=True,
                    is_positive_definite=True,
                ),
                tf.constant([1.0, 2.0]),
            ).x
        ),
    )
    case("logm nonsq", lambda: tf.linalg.logm(tf.complex(tf.ones([2, 3]), 0.0)))
    case("inv batch sing", lambda: tf.linalg.inv(tf.stack([tf.eye(2), tf.zeros([2, 2])])))
    case("matrix_rank batch", lambda: tf.linalg.matrix_rank(tf.stack([tf.eye(3), tf.ones([3, 3])])))


def _signal_edges(tf: Any, case: Callable) -> None:
    rng = np.random.RandomState(41)
    x = tf.constant(rng.randn(2, 40).astype(np.float32))
    case(
        "stft bad window",
        lambda: tf.signal.stft(x, 16, 4, window_fn=lambda n, dtype: tf.ones([n + 1], dtype)),
    )
    case("stft frame_length tensor", lambda: tf.signal.stft(x, tf.constant(16), tf.constant(4)))
    case("stft fft_length tensor", lambda: tf.signal.stft(x, 16, 4, fft_length=tf.constant(16)))
    case("istft step > length", lambda: tf.signal.inverse_stft(tf.signal.stft(x, 8, 8), 8, 12))
    case("istft bad rank", lambda: tf.signal.inverse_stft(tf.ones([3], tf.complex64), 8, 4))
    case("istft real input", lambda: tf.signal.inverse_stft(tf.ones([3, 5]), 8, 4))
    case("istft_window_fn bad", lambda: tf.signal.inverse_stft_window_fn(0)(8, tf.float32))
    case("dct axis0", lambda: tf.signal.dct(x, axis=0))
    case("dct type1 n", lambda: tf.signal.dct(x[:, :6], type=1, n=4))
    case("idct type1 ortho", lambda: tf.signal.idct(x[:, :6], type=1, norm="ortho"))
    case("dct n neg", lambda: tf.signal.dct(x, n=-1))
    case("dct scalar", lambda: tf.signal.dct(tf.constant(1.0)))
    case("kaiser int", lambda: tf.signal.kaiser_window(4, dtype=tf.int32))
    case("kaiser neg", lambda: tf.signal.kaiser_window(-2))
    case("kaiser tensor len", lambda: tf.signal.kaiser_window(tf.constant(5), beta=3.0))
    case("kbd odd int", lambda: tf.signal.kaiser_bessel_derived_window(5, dtype=tf.float64))
    case("vorbis 0", lambda: tf.signal.vorbis_window(0))
    case("vorbis 1", lambda: tf.signal.vorbis_window(1))
    case("hann 1", lambda: tf.signal.hann_window(1))
    case("hann tensor 1", lambda: tf.signal.hann_window(tf.constant(1)))
    case(
        "hamming periodic bool tensor",
        lambda: tf.signal.hamming_window(6, periodic=tf.constant(False)),
    )
    case("hann periodic int", lambda: tf.signal.hann_window(6, periodic=1))
    case(
        "overlap_and_add tensor step",
        lambda: tf.signal.overlap_and_add(tf.ones([3, 4]), tf.constant(2)),
    )
    case("overlap_and_add step 0", lambda: tf.signal.overlap_and_add(tf.ones([3, 4]), 0))
    case("overlap_and_add empty", lambda: tf.signal.overlap_and_add(tf.ones([0, 4]), 2))
    case(
        "frame pad_value tensor",
        lambda: tf.signal.frame(tf.range(5.0), 2, 2, pad_end=True, pad_value=tf.constant(9.0)),
    )
    case(
        "frame pad_value bad",
        lambda: tf.signal.frame(tf.range(5.0), 2, 2, pad_end=True, pad_value=[1.0, 2.0]),
    )
    case("mel bins 1", lambda: tf.signal.linear_to_mel_weight_matrix(1, 5, 100, 10.0, 40.0))
    case("mel upper 0", lambda: tf.signal.linear_to_mel_weight_matrix(2, 5, 100, 0.0, 0.0))
    case(
        "mfcc 2 bins f64",
        lambda: tf.signal.mfccs_from_log_mel_spectrograms(tf.constant([[1.0, 2.0]], tf.float64)),
    )
    case("rfft2d f16", lambda: tf.signal.rfft2d(tf.ones([2, 2], tf.float16)))
    case("fft int", lambda: tf.signal.fft(tf.ones([2], tf.int32)))
    case("ifft3d rank2", lambda: tf.signal.ifft3d(tf.ones([2, 2], tf.complex64)))
    case("fftshift 0d", lambda: tf.signal.fftshift(tf.constant(1)))
    case("fftshift empty axes", lambda: tf.signal.fftshift(tf.range(4), axes=[]))


GROUPS = {
    "signal_stft": _signal_stft,
    "signal_frame": _signal_frame,
    "signal_fft": _signal_fft,
    "signal_fft_lengths": _signal_fft_lengths,
    "signal_mel": _signal_mel,
    "linalg_solvers": _linalg_solvers,
    "linalg_decomp": _linalg_decomp,
    "linalg_einsum": _linalg_einsum,
    "linalg_diag_norm": _linalg_diag_norm,
    "linalg_banded": _linalg_banded,
    "linalg_half": _linalg_half,
    "linalg_qr": _linalg_qr,
    "linalg_set_diag": _linalg_set_diag,
    "signal_linalg_misc": _signal_linalg_misc,
    "signal_edges": _signal_edges,
}
