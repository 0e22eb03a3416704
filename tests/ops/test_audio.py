"""tf.audio against TensorFlow 2.21's outputs and errors (audio_golden.json, recorded by
make_audio_golden.py from audio_cases.py), plus round trips and tracing."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.ops.audio_cases import DECODE, ENCODE

GOLDEN = json.loads((Path(__file__).parent / "audio_golden.json").read_text())


@pytest.mark.parametrize("name", sorted(DECODE))
def test_decode_wav_as_tensorflow(name):
    wav, channels, samples = DECODE[name]
    want = GOLDEN["decode"][name]
    if "error" in want:
        with pytest.raises(getattr(tf.errors, want["error"])) as e:
            tf.audio.decode_wav(wav, desired_channels=channels, desired_samples=samples)
        assert str(e.value) == want["message"]
        return
    audio, rate = tf.audio.decode_wav(wav, desired_channels=channels, desired_samples=samples)
    assert audio.dtype == tf.float32 and rate.dtype == tf.int32
    assert list(audio.shape) == want["shape"] and int(rate) == want["rate"]
    assert audio.numpy().ravel().view(np.uint32).tolist() == want["audio"]


@pytest.mark.parametrize("name", sorted(ENCODE))
def test_encode_wav_as_tensorflow(name):
    values, shape, rate = ENCODE[name]
    want = GOLDEN["encode"][name]
    audio = tf.reshape(tf.constant(values, tf.float32), shape)
    if "error" in want:
        with pytest.raises(getattr(tf.errors, want["error"])) as e:
            tf.audio.encode_wav(audio, rate)
        assert str(e.value) == want["message"]
        return
    assert tf.audio.encode_wav(audio, rate).numpy().hex() == want["wav"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.integers(1, 4), st.integers(1, 96000))
def test_encoded_samples_decode_to_their_int16_rounding(frames, channels, rate):
    x = np.random.default_rng(frames * 7 + channels).uniform(-1, 1, (frames, channels))
    x = x.astype(np.float32)
    audio, got_rate = tf.audio.decode_wav(tf.audio.encode_wav(x, rate))
    assert int(got_rate) == rate and audio.shape == (frames, channels)
    # one int16 step apart at most, and exactly the rounding of x * 2^15
    want = np.round(x.astype(np.float64) * 32768) / 32768
    np.testing.assert_allclose(audio.numpy(), want, atol=1 / 32768 + 1e-9)


def test_decode_wav_result_is_a_namedtuple_and_traces_with_static_shape():
    wav = DECODE["stereo"][0]
    out = tf.audio.decode_wav(wav)
    assert type(out).__name__ == "DecodeWav" and out._fields == ("audio", "sample_rate")

    @tf.function
    def f(contents):
        return tf.audio.decode_wav(contents, desired_channels=2, desired_samples=7)

    spec = f.get_concrete_function(tf.TensorSpec([], tf.string)).structured_outputs
    assert spec.audio.shape.as_list() == [7, 2] and spec.sample_rate.shape.as_list() == []
    traced = f(tf.constant(wav))
    eager = tf.audio.decode_wav(wav, desired_channels=2, desired_samples=7)
    np.testing.assert_array_equal(traced.audio.numpy(), eager.audio.numpy())


def test_bad_arguments_raise_tf_errors():
    with pytest.raises(tf.errors.InvalidArgumentError, match="contents must be scalar"):
        tf.audio.decode_wav([DECODE["mono"][0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a string tensor "
                                                             "but is a float tensor"):
        tf.audio.decode_wav(1.0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a float tensor "
                                                             "but is a int32 tensor"):
        tf.audio.encode_wav(tf.constant([[1]]), 8000)
    with pytest.raises(tf.errors.InvalidArgumentError, match="input #1.*int32 tensor but is a "
                                                             "int64 tensor"):
        tf.audio.encode_wav(tf.zeros([1, 1]), tf.constant(8000, tf.int64))
    with pytest.raises(tf.errors.InvalidArgumentError, match="should be a scalar tensor"):
        tf.audio.encode_wav(tf.zeros([1, 1]), [8000])
