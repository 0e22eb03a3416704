"""The tf.signal calls whose results signal_golden.json records from TF 2.21 (by
record_signal_golden.py) and test_signal_spectral.py checks eagerflow against: windows,
overlap-add, inverse STFT, DCT I-IV, MDCT, mel filterbanks, MFCCs, 2-D/3-D real FFTs.

`cases(tf)` runs them with whichever module is passed as `tf`."""

import numpy as np


def cases(tf):
    """name -> result of one call, on fixed random inputs."""
    rng = np.random.RandomState(3)
    x = rng.uniform(-1, 1, (2, 40)).astype(np.float32)
    x64 = x.astype(np.float64)
    fr = rng.uniform(-1, 1, (2, 5, 8)).astype(np.float32)
    out = {}
    out["kaiser"] = tf.signal.kaiser_window(9)
    out["kaiser_b3_64"] = tf.signal.kaiser_window(10, beta=3.0, dtype=tf.float64)
    out["kaiser1"] = tf.signal.kaiser_window(1)
    out["kbd"] = tf.signal.kaiser_bessel_derived_window(8)
    out["kbd7"] = tf.signal.kaiser_bessel_derived_window(7, beta=4.0)
    out["vorbis"] = tf.signal.vorbis_window(12)
    out["ola"] = tf.signal.overlap_and_add(fr, 3)
    out["ola8"] = tf.signal.overlap_and_add(fr, 8)
    out["ola10"] = tf.signal.overlap_and_add(fr, 10)
    out["ola5"] = tf.signal.overlap_and_add(fr[0], 5)
    s = tf.signal.stft(x, 16, 4)
    out["istft"] = tf.signal.inverse_stft(s, 16, 4)
    out["istft_w"] = tf.signal.inverse_stft(s, 16, 4, window_fn=tf.signal.inverse_stft_window_fn(4))
    out["istft_fft"] = tf.signal.inverse_stft(s, 12, 4, fft_length=16)
    short = tf.signal.stft(x, 16, 4, fft_length=8)
    out["istft_pad"] = tf.signal.inverse_stft(short, 16, 4, fft_length=8)
    out["iwin"] = tf.signal.inverse_stft_window_fn(3)(10, tf.float32)
    for t in (1, 2, 3, 4):
        out[f"dct{t}"] = tf.signal.dct(x[:, :9], type=t)
        out[f"idct{t}"] = tf.signal.idct(x[:, :9], type=t)
        out[f"dct{t}_64"] = tf.signal.dct(x64[:, :6], type=t, n=8)
        if t != 1:
            out[f"dct{t}_o"] = tf.signal.dct(x[:, :9], type=t, norm="ortho")
            out[f"idct{t}_o"] = tf.signal.idct(x[:, :7], type=t, norm="ortho", n=5)
    out["mdct"] = tf.signal.mdct(x, 8)
    out["mdct_o"] = tf.signal.mdct(x, 8, norm="ortho", pad_end=True)
    out["mdct_nowin"] = tf.signal.mdct(x64, 12, window_fn=None)
    out["imdct"] = tf.signal.inverse_mdct(tf.signal.mdct(x, 8))
    out["imdct_o"] = tf.signal.inverse_mdct(tf.signal.mdct(x, 8, norm="ortho"), norm="ortho")
    out["imdct_kbd"] = tf.signal.inverse_mdct(fr, window_fn=tf.signal.kaiser_bessel_derived_window)
    out["imdct_nowin"] = tf.signal.inverse_mdct(fr, window_fn=None)
    out["mel"] = tf.signal.linear_to_mel_weight_matrix()
    out["mel2"] = tf.signal.linear_to_mel_weight_matrix(8, 33, 16000, 20.0, 8000.0, tf.float64)
    out["mel3"] = tf.signal.linear_to_mel_weight_matrix(5, 17, tf.constant(8000), 0.0, 4000.0)
    logmel = np.log(np.abs(rng.uniform(0.1, 1, (3, 20)))).astype(np.float32)
    out["mfcc"] = tf.signal.mfccs_from_log_mel_spectrograms(logmel)
    xr = rng.uniform(-1, 1, (2, 3, 4, 5)).astype(np.float32)
    xc = (xr + 1j * rng.uniform(-1, 1, xr.shape)).astype(np.complex64)
    out["rfft2d"] = tf.signal.rfft2d(xr)
    out["rfft2d_l"] = tf.signal.rfft2d(xr, fft_length=[2, 7])
    out["rfft3d"] = tf.signal.rfft3d(xr, fft_length=[4, 3, 6])
    out["irfft2d"] = tf.signal.irfft2d(xc)
    out["irfft2d_l"] = tf.signal.irfft2d(xc, fft_length=[5, 7])
    out["irfft3d"] = tf.signal.irfft3d(xc, fft_length=[2, 2, 4])
    return out
