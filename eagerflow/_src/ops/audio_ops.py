"""Audio: tf.audio.decode_wav and tf.audio.encode_wav (TF's DecodeWav and EncodeWav).

Ops layer, after io_ops (the string-input check). Both are host-only, as TF's kernels are,
and read or write 16-bit PCM WAV, the one format TF's ops know. The reader walks the RIFF
chunks as TF's does, so a truncated or malformed file raises the InvalidArgumentError TF
raises, with its message, and nothing is read past the end of the bytes.
"""

from __future__ import annotations

import collections
import io
import struct
import wave
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import check_finite_size, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

DecodeWavOutput = collections.namedtuple("DecodeWav", ["audio", "sample_rate"])

_SHORT = "Data too short when trying to read string"
_INT32_MAX = 2**31 - 1


# ---------------------------------------------------------------------------------------
# Reading: a cursor over the bytes that refuses to go past their end

class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise C.fail("DecodeWav", _SHORT)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def expect(self, tag: bytes) -> None:
        got = self.take(4)
        if got != tag:
            raise C.fail("DecodeWav", f"Header mismatch: Expected {tag.decode()} but found "
                                      f"{got.decode('latin-1')}")

    def u32(self) -> int:
        return struct.unpack("<I", self.take(4))[0]


def _read_format(r: _Reader) -> tuple[int, int]:
    """The fmt chunk, checked as TF checks it: (channels, sample_rate)."""
    chunk = r.take(4)
    if chunk != b"fmt ":
        raise C.fail("DecodeWav", f"Unexpected field {chunk.decode('latin-1')}")
    size = r.u32()
    if size not in (16, 18):
        raise C.fail("DecodeWav", f"Bad format chunk size for WAV: Expected 16 or 18, but "
                                  f"got{size}")
    fmt, channels, rate, per_second, per_frame, bits = struct.unpack("<HHIIHH", r.take(16))
    if fmt != 1:
        raise C.fail("DecodeWav", f"Bad audio format for WAV: Expected 1 (PCM), but got{fmt}")
    if channels < 1:
        raise C.fail("DecodeWav", f"Bad number of channels for WAV: Expected at least 1, but "
                                  f"got {channels}")
    if bits != 16:
        raise C.fail("DecodeWav", f"Can only read 16-bit WAV files, but received {bits}")
    frame = 2 * channels
    if per_second != rate * frame:
        raise C.fail("DecodeWav", f"Bad bytes per second in WAV header: Expected "
                                  f"{rate * frame} but got {per_second} (sample_rate={rate}, "
                                  f"bytes_per_sample={frame})")
    if per_frame != frame:
        raise C.fail("DecodeWav", f"Bad bytes per sample in WAV header: Expected {frame} but "
                                  f"got {per_frame}")
    if size == 18:
        r.take(2)
    return channels, rate


def parse_wav(data: bytes) -> tuple[np.ndarray, int]:
    """The samples of a 16-bit PCM WAV as int16 (frames, channels), and its sample rate."""
    r = _Reader(data)
    r.expect(b"RIFF")
    r.u32()  # the RIFF size: TF reads chunks to the end of the bytes instead
    r.expect(b"WAVE")
    channels, rate = _read_format(r)
    samples = None
    while r.pos < len(data):
        chunk, size = r.take(4), r.u32()
        if size > _INT32_MAX:
            raise C.fail("DecodeWav", f"WAV data chunk '{chunk.decode('latin-1')}' is too "
                                      f"large: {size} bytes, but the limit is {_INT32_MAX}")
        if chunk != b"data":
            r.pos += size
            continue
        if samples is not None:
            raise C.fail("DecodeWav", "More than one data chunk found in WAV")
        # whole frames only; a partial frame's bytes are left to be read as the next chunk,
        # as TF's reader leaves them
        frames = size // (2 * channels)
        raw = r.take(2 * channels * frames)
        samples = np.frombuffer(raw, "<i2").reshape(frames, channels)
    if samples is None:
        raise C.fail("DecodeWav", "No data chunk found in WAV")
    return samples, rate


# ---------------------------------------------------------------------------------------
# DecodeWav

def _check_decode_attrs(desired_channels: int, desired_samples: int) -> None:
    for what, value in (("desired_channels", desired_channels),
                        ("desired_samples", desired_samples)):
        C.int_attr("DecodeWav", value, what)  # (TF's kernel reads both as int32)
        if value < -1:
            raise C.fail("DecodeWav", f"{what} must be >= -1, got {value}")


def _decode_infer(contents: Any, *, desired_channels: int, desired_samples: int) -> list:
    C.check_string("DecodeWav", contents)
    if contents._shape is not None and len(contents._shape) != 0:
        raise C.fail("DecodeWav", f"contents must be scalar, got shape "
                                  f"{C.shape_str(contents._shape)}")
    _check_decode_attrs(desired_channels, desired_samples)
    shape = (None if desired_samples == -1 else desired_samples,
             None if desired_channels == -1 else desired_channels)
    return [(shape, dt.float32), ((), dt.int32)]


def _decode_kernel(xp: Any, contents: Any, *, desired_channels: int,
                   desired_samples: int) -> tuple:
    samples, rate = parse_wav(bytes(contents[()]))
    frames, channels = samples.shape
    check_finite_size("DecodeWav", (frames if desired_samples == -1 else desired_samples,
                                    channels if desired_channels == -1 else desired_channels),
                      dt.float32)
    if desired_channels != -1:
        # extra channels repeat the file's last one, as TF's kernel does
        samples = samples[:, np.minimum(np.arange(desired_channels), channels - 1)]
    if desired_samples != -1:
        out = np.zeros((desired_samples, samples.shape[1]), np.int16)
        n = min(frames, desired_samples)
        out[:n] = samples[:n]
        samples = out
    audio = samples.astype(np.float32) * np.float32(1 / 32768)
    return audio, np.array(rate, np.int64).astype(np.int32)  # wraps as TF's int32 cast


def _decode_reference(contents: np.ndarray, desired_channels: int,
                      desired_samples: int) -> tuple:
    """The stdlib's WAV reader, with channels and samples adjusted in plain Python."""
    with wave.open(io.BytesIO(bytes(contents[()]))) as w:
        channels, rate = w.getnchannels(), w.getframerate()
        values = struct.unpack(f"<{w.getnframes() * channels}h", w.readframes(w.getnframes()))
    frames = [list(values[i:i + channels]) for i in range(0, len(values), channels)]
    if desired_channels != -1:
        frames = [[f[min(c, channels - 1)] for c in range(desired_channels)] for f in frames]
        channels = desired_channels
    if desired_samples != -1:
        frames = (frames + [[0] * channels] * desired_samples)[:desired_samples]
    audio = np.array(frames, np.float64).reshape(len(frames), channels) / 32768
    return audio.astype(np.float32), np.int32(rate)


# ---------------------------------------------------------------------------------------
# EncodeWav

def _encode_infer(audio: Any, sample_rate: Any) -> list:
    if audio._dtype is not dt.float32:
        raise C.wrong_input_dtype("EncodeWav", 0, dt.float32, audio._dtype)
    if sample_rate._dtype is not dt.int32:
        raise C.wrong_input_dtype("EncodeWav", 1, dt.int32, sample_rate._dtype)
    if audio._shape is not None and len(audio._shape) != 2:
        raise C.fail("EncodeWav", f"audio must be 2-dimensional{C.shape_str(audio._shape)}")
    if sample_rate._shape is not None and len(sample_rate._shape) != 0:
        raise C.fail("EncodeWav", f"Input sample_rate should be a scalar tensor, got "
                                  f"{C.shape_str(sample_rate._shape)} instead.")
    return [((), dt.string)]


def _to_int16(audio: np.ndarray) -> np.ndarray:
    """Samples scaled by 2^15, clamped to int16, rounded half away from zero; NaN is 0."""
    x = np.clip(np.nan_to_num(audio.astype(np.float64) * 32768, nan=0.0), -32768, 32767)
    return (np.sign(x) * np.floor(np.abs(x) + 0.5)).astype("<i2")


def _encode_kernel(xp: Any, audio: Any, sample_rate: Any) -> np.ndarray:
    frames, channels = audio.shape
    rate = int(sample_rate)
    if audio.size == 0 and frames > 0:
        raise C.fail("EncodeWav", "audio is null")
    if not 0 < rate < 2**32:
        raise C.fail("EncodeWav", f"sample_rate must be in (0, 2^32), got: {rate % 2**64}")
    if not 0 < channels < 2**16:
        raise C.fail("EncodeWav", f"num_channels must be in (0, 2^16), got: {channels}")
    body = _to_int16(audio).tobytes()
    header = b"".join((b"RIFF", struct.pack("<I", 36 + len(body)), b"WAVE", b"fmt ",
                       # the header's sizes are uint32 fields: a large rate wraps, as in TF
                       struct.pack("<IHHIIHH", 16, 1, channels, rate,
                                   rate * 2 * channels % 2**32, 2 * channels, 16),
                       b"data", struct.pack("<I", len(body))))
    out = np.empty((), dtype=object)
    out[()] = header + body
    return out


def _encode_reference(audio: np.ndarray, sample_rate: np.ndarray) -> np.ndarray:
    """The stdlib's WAV writer over samples converted one by one in Python."""
    def sample(v: float) -> int:
        x = 0.0 if v != v else min(max(float(v) * 32768, -32768.0), 32767.0)
        return int(abs(x) + 0.5) * (1 if x >= 0 else -1)

    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(audio.shape[1])
        w.setsampwidth(2)
        w.setframerate(int(sample_rate))
        w.writeframes(struct.pack(f"<{audio.size}h", *(sample(v) for v in audio.ravel())))
    out = np.empty((), dtype=object)
    out[()] = buf.getvalue()
    return out


# ---------------------------------------------------------------------------------------
# Samples

def _wav_bytes(samples: np.ndarray, rate: int, extra: bytes = b"") -> np.ndarray:
    """A WAV of int16 (frames, channels) samples, with `extra` chunks before its data."""
    body = samples.astype("<i2").tobytes()
    frames, channels = samples.shape
    data = (b"WAVE" + b"fmt " + struct.pack("<IHHIIHH", 16, 1, channels, rate,
                                            rate * 2 * channels, 2 * channels, 16)
            + extra + b"data" + struct.pack("<I", len(body)) + body)
    out = np.empty((), dtype=object)
    out[()] = b"RIFF" + struct.pack("<I", len(data)) + data
    return out


def _decode_samples() -> list:
    rng = np.random.default_rng(11)
    stereo = rng.integers(-32768, 32768, (5, 2))
    mono = np.array([[-32768], [32767], [0], [1]])
    return [Sample((_wav_bytes(stereo, 44100),), {"desired_channels": -1,
                                                   "desired_samples": -1}, grad=False),
            Sample((_wav_bytes(mono, 8000, b"LIST\x04\x00\x00\x00abcd"),),
                   {"desired_channels": 3, "desired_samples": 6}, grad=False),
            Sample((_wav_bytes(stereo, 16000),), {"desired_channels": 1,
                                                   "desired_samples": 2}, grad=False),
            Sample((_wav_bytes(np.zeros((0, 1)), 8000),), {"desired_channels": -1,
                                                           "desired_samples": -1}, grad=False)]


def _decode_bad() -> list:
    attrs = {"desired_channels": -1, "desired_samples": -1}
    good = _wav_bytes(np.ones((2, 1)), 8000)
    truncated = np.empty((), dtype=object)
    truncated[()] = good[()][:-1]
    riff = np.empty((), dtype=object)
    riff[()] = b"RIFX" + good[()][4:]
    return [BadSample((np.array([good[()]], dtype=object),), attrs, InvalidArgumentError,
                      "contents must be scalar, got shape [1]"),
            BadSample((truncated,), attrs, InvalidArgumentError, _SHORT),
            BadSample((riff,), attrs, InvalidArgumentError,
                      "Header mismatch: Expected RIFF but found RIFX"),
            BadSample((good,), {**attrs, "desired_channels": -2}, InvalidArgumentError,
                      "desired_channels must be >= -1, got -2"),
            BadSample((np.float32(1.0),), attrs, InvalidArgumentError,
                      "expected to be a string tensor but is a float tensor")]


def _encode_samples() -> list:
    rng = np.random.default_rng(12)
    edges = np.array([[0.0, 0.5], [-1.0, 0.999], [1.5, -0.25], [np.nan, np.inf],
                      [-np.inf, 1.5 / 32768], [-0.5 / 32768, 2.5 / 32768]], np.float32)
    return [Sample((rng.uniform(-1, 1, (7, 3)).astype(np.float32), np.int32(22050)),
                   grad=False),
            Sample((edges, np.int32(8000)), grad=False),
            Sample((np.zeros((0, 2), np.float32), np.int32(8000)), grad=False)]


def _encode_bad() -> list:
    f = np.zeros((2, 2), np.float32)
    return [BadSample((np.zeros(2, np.float32), np.int32(8000)), {}, InvalidArgumentError,
                      "audio must be 2-dimensional[2]"),
            BadSample((np.zeros((2, 2), np.int32), np.int32(8000)), {}, InvalidArgumentError,
                      "expected to be a float tensor but is a int32 tensor"),
            BadSample((f, np.array([8000], np.int32)), {}, InvalidArgumentError,
                      "Input sample_rate should be a scalar tensor, got [1] instead."),
            BadSample((f, np.int32(0)), {}, InvalidArgumentError,
                      "sample_rate must be in (0, 2^32), got: 0"),
            BadSample((f, np.int32(-1)), {}, InvalidArgumentError,
                      "got: 18446744073709551615"),
            BadSample((np.zeros((0, 0), np.float32), np.int32(8000)), {}, InvalidArgumentError,
                      "num_channels must be in (0, 2^16), got: 0"),
            BadSample((np.zeros((2, 0), np.float32), np.int32(8000)), {}, InvalidArgumentError,
                      "audio is null")]


DECODE_WAV = register(OpDef(
    "DecodeWav", _decode_infer, _decode_kernel, reference=_decode_reference,
    samples=_decode_samples, bad_samples=_decode_bad, num_outputs=2, gpu=False))
ENCODE_WAV = register(OpDef(
    "EncodeWav", _encode_infer, _encode_kernel, reference=_encode_reference,
    samples=_encode_samples, bad_samples=_encode_bad, gpu=False))


# ---------------------------------------------------------------------------------------
# Public functions

@eager_api("contents")
def decode_wav(contents: Any, desired_channels: int = -1, desired_samples: int = -1,
               name: str | None = None) -> DecodeWavOutput:
    """`tf.audio.decode_wav`: float32 samples in [-1, 1), (samples, channels), and the rate.

    `desired_channels` keeps the first channels, or repeats the last one; `desired_samples`
    cuts the samples, or pads them with zeros."""
    contents = convert_to_tensor(contents, dtype_hint=dt.string)
    audio, rate = bind(DECODE_WAV, (contents,), {"desired_channels": int(desired_channels),
                                                  "desired_samples": int(desired_samples)},
                       name)
    return DecodeWavOutput(audio, rate)


@eager_api("audio", "sample_rate")
def encode_wav(audio: Any, sample_rate: Any, name: str | None = None) -> Any:
    """`tf.audio.encode_wav`: float32 (frames, channels) samples as a 16-bit PCM WAV file."""
    audio = convert_to_tensor(audio, dtype_hint=dt.float32)
    sample_rate = convert_to_tensor(sample_rate, dtype_hint=dt.int32)
    return bind(ENCODE_WAV, (audio, sample_rate), {}, name)
