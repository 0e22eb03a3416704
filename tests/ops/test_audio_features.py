"""AudioSpectrogram and Mfcc against TF 2.21's record (audio_features_golden.json, written
by record_audio_features_golden.py from audio_features_cases.py): values to float32's
last bits (TF computes both in float64 and rounds once; eagerflow's FFT and sums differ
from TF's by float64 rounding only), errors in TF's words; and a traced call's shapes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import assert_raises_as_recorded, decode_array
from tests.ops.audio_features_cases import calls

GOLDEN = json.loads((Path(__file__).parent / "audio_features_golden.json").read_text())
CALLS = calls(tf)


@pytest.mark.parametrize("name", sorted(GOLDEN["calls"]))
def test_as_tf(name: str) -> None:
    want = GOLDEN["calls"][name]
    if "error" in want:
        assert_raises_as_recorded(CALLS[name], want)
        return
    got = CALLS[name]().numpy()
    expected = decode_array(want["value"][0])
    assert got.dtype == expected.dtype and got.shape == expected.shape
    # MFCCs near zero are differences of large logs: an absolute bound for those
    np.testing.assert_allclose(got, expected, rtol=4e-6, atol=2e-5 if "mfcc" in name else 0)


def test_traced_shapes_and_values() -> None:
    audio = np.sin(np.arange(1000, dtype=np.float32) / 7).reshape(500, 2)

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def features(a: tf.Tensor) -> tf.Tensor:
        spec = tf.raw_ops.AudioSpectrogram(input=a, window_size=100, stride=50,
                                           magnitude_squared=True)
        assert spec.shape.as_list() == [2, None, 65]
        out = tf.raw_ops.Mfcc(spectrogram=spec, sample_rate=16000,
                              filterbank_channel_count=20, dct_coefficient_count=10)
        assert out.shape.as_list() == [2, None, 10]
        return out

    spec = tf.raw_ops.AudioSpectrogram(input=audio, window_size=100, stride=50,
                                       magnitude_squared=True)
    eager = tf.raw_ops.Mfcc(spectrogram=spec, sample_rate=16000, filterbank_channel_count=20,
                            dct_coefficient_count=10)
    np.testing.assert_array_equal(features(audio).numpy(), eager.numpy())


def test_no_gradient() -> None:
    x = tf.constant(np.ones((8, 1), np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.raw_ops.AudioSpectrogram(input=x, window_size=4, stride=2)
    with pytest.raises(LookupError, match="no entry for: AudioSpectrogram"):
        tape.gradient(y, x)
