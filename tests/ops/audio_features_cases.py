"""AudioSpectrogram and Mfcc calls as TF 2.21 answers them (tf.raw_ops), over signals and
spectrograms from a fixed seed: speech-commands' settings (16 kHz, 30 ms windows every
10 ms, 40 channels), odd window sizes (the FFT rounds up to a power of two), limits that
leave channels empty, and the errors of both. Recorded by record_audio_features_golden.py
(audio_features_golden.json) and checked by test_audio_features.py; imports neither TF
nor eagerflow.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _signal(n: int, channels: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    t = np.arange(n)[:, None] / 16000.0
    tone = np.sin(2 * np.pi * t * rng.uniform(100, 3000, channels))
    return (0.6 * tone + 0.1 * rng.standard_normal((n, channels))).astype(np.float32)


SPECTROGRAMS = {  # name: (samples, channels, seed, window_size, stride, magnitude_squared)
    "speech commands": (16000, 1, 1, 480, 160, True),
    "magnitude": (2000, 2, 2, 256, 128, False),
    "odd window": (300, 1, 3, 37, 11, False),
    "odd window squared": (300, 3, 4, 100, 33, True),
    "window 2": (9, 1, 5, 2, 1, False),
    "exact length": (64, 1, 6, 64, 5, True),
    "shorter than window": (10, 2, 7, 16, 4, True),
    "no channels": (30, 0, 8, 8, 4, True),
    "stride past the end": (50, 1, 9, 8, 1000, False),
}

# name: (spectrogram's (samples, channels, seed, window, stride), sample_rate, attrs)
MFCCS = {
    "speech commands": ((16000, 1, 1, 480, 160), 16000, {"dct_coefficient_count": 40}),
    "defaults": ((4000, 2, 2, 256, 128), 16000, {}),
    "8 kHz": ((3000, 1, 3, 200, 80), 8000, {"upper_frequency_limit": 3500.0,
                                            "lower_frequency_limit": 125.0,
                                            "filterbank_channel_count": 20,
                                            "dct_coefficient_count": 12}),
    "fractional limits": ((3000, 1, 4, 256, 100), 16000, {"upper_frequency_limit": 5000.1,
                                                          "lower_frequency_limit": 0.1,
                                                          "filterbank_channel_count": 26}),
    "too many channels": ((400, 1, 5, 64, 32), 16000, {}),
    "lower limit 0": ((400, 1, 6, 64, 32), 16000, {"lower_frequency_limit": 0.0}),
    "upper past nyquist": ((400, 1, 7, 64, 32), 4000, {}),
    "one coefficient per channel": ((800, 1, 8, 128, 64), 22050,
                                    {"filterbank_channel_count": 13}),
}

_BAD_SPEC = np.ones((1, 3, 33), np.float32)

ERRORS = {  # name: (op, kwargs)
    "spectrogram rank 1": ("AudioSpectrogram", {"input": np.zeros(10, np.float32),
                                                "window_size": 4, "stride": 2}),
    "spectrogram window 1": ("AudioSpectrogram", {"input": np.zeros((10, 1), np.float32),
                                                  "window_size": 1, "stride": 2}),
    "spectrogram stride -1": ("AudioSpectrogram", {"input": np.zeros((10, 1), np.float32),
                                                   "window_size": 4, "stride": -1}),
    "mfcc rank 2": ("Mfcc", {"spectrogram": _BAD_SPEC[0], "sample_rate": 16000}),
    "mfcc rate vector": ("Mfcc", {"spectrogram": _BAD_SPEC, "sample_rate": [16000]}),
    "mfcc rate 0": ("Mfcc", {"spectrogram": _BAD_SPEC, "sample_rate": 0}),
    "mfcc 1 bin": ("Mfcc", {"spectrogram": _BAD_SPEC[:, :, :1], "sample_rate": 16000}),
    "mfcc lower above upper": ("Mfcc", {"spectrogram": _BAD_SPEC, "sample_rate": 16000,
                                        "lower_frequency_limit": 4000.0}),
    "mfcc negative lower": ("Mfcc", {"spectrogram": _BAD_SPEC, "sample_rate": 16000,
                                     "lower_frequency_limit": -1.0}),
    "mfcc no channels": ("Mfcc", {"spectrogram": _BAD_SPEC, "sample_rate": 16000,
                                  "filterbank_channel_count": 0}),
    "mfcc more coefficients than channels": ("Mfcc", {"spectrogram": _BAD_SPEC,
                                                      "sample_rate": 16000,
                                                      "filterbank_channel_count": 10,
                                                      "dct_coefficient_count": 11}),
}


def calls(tf: Any) -> dict:
    """name -> a call of no arguments, over `tf` (TensorFlow or eagerflow)."""
    raw = tf.raw_ops
    out: dict = {}
    for name, (n, ch, seed, window, stride, squared) in SPECTROGRAMS.items():
        out["spectrogram " + name] = (
            lambda a=_signal(n, ch, seed), w=window, s=stride, q=squared:
            raw.AudioSpectrogram(input=a, window_size=w, stride=s, magnitude_squared=q))
    for name, ((n, ch, seed, window, stride), rate, attrs) in MFCCS.items():
        def mfcc(a: np.ndarray = _signal(n, ch, seed), w: int = window, s: int = stride,
                 r: int = rate, kw: dict = attrs) -> Any:
            spec = raw.AudioSpectrogram(input=a, window_size=w, stride=s,
                                        magnitude_squared=True)
            return raw.Mfcc(spectrogram=spec, sample_rate=r, **kw)
        out["mfcc " + name] = mfcc
    for name, (op, kwargs) in ERRORS.items():
        out["error " + name] = lambda op=op, kw=kwargs: getattr(raw, op)(**kw)
    return out
