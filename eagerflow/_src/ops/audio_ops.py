"""Audio: tf.audio.decode_wav and tf.audio.encode_wav (TF's DecodeWav and EncodeWav), and
the speech features of TF's frozen speech-commands graphs, AudioSpectrogram and Mfcc.

Ops layer, after io_ops (the string-input check). All are host-only, as TF's kernels are.
The WAV ops read or write 16-bit PCM WAV, the one format TF's ops know. The reader walks
the RIFF chunks as TF's does, so a truncated or malformed file raises the
InvalidArgumentError TF raises, with its message, and nothing is read past the end of the
bytes. The spectrogram and the MFCCs are computed in float64 and rounded to float32 at
the end, as TF's kernels compute them, in the order TF's sums run.
"""

from __future__ import annotations

import collections
import io
import math
import struct
import wave
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
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
        AV.int_attr("DecodeWav", value, what)  # (TF's kernel reads both as int32)
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
        # extra channels repeat the file's last one, as TF's kernel does (copied for the
        # frames there are: a file of none makes no index of desired_channels entries)
        keep = min(desired_channels, channels)
        samples = np.concatenate([samples[:, :keep], np.repeat(
            samples[:, -1:], desired_channels - keep, axis=1)], axis=1)
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
    held: list = []
    attrs = AV.wrapper_attrs("DecodeWav", held, desired_channels=desired_channels,
                             desired_samples=desired_samples)
    # (a tensor as it is, unless an int attr sends TF's wrapper to its fallback, which
    # converts it to string: another dtype is that conversion's ValueError)
    contents = convert_to_tensor(contents, dtype_hint=dt.string) if \
        AV.fast_path_ints(desired_channels, desired_samples) else \
        convert_to_tensor(contents, dtype=dt.string)
    AV.raise_held(held)
    audio, rate = bind(DECODE_WAV, (contents,), attrs, name)
    return DecodeWavOutput(audio, rate)


@eager_api("audio", "sample_rate")
def encode_wav(audio: Any, sample_rate: Any, name: str | None = None) -> Any:
    """`tf.audio.encode_wav`: float32 (frames, channels) samples as a 16-bit PCM WAV file."""
    audio = convert_to_tensor(audio, dtype_hint=dt.float32)
    sample_rate = convert_to_tensor(sample_rate, dtype_hint=dt.int32)
    return bind(ENCODE_WAV, (audio, sample_rate), {}, name)


# ---------------------------------------------------------------------------------------
# AudioSpectrogram: periodic Hann windows, each zero-padded to the next power of two

def _spectrogram_infer(x: Any, *, window_size: int, stride: int,
                       magnitude_squared: bool) -> list:
    op = "AudioSpectrogram"
    if x._dtype is not dt.float32:
        raise C.wrong_input_dtype(op, 0, dt.float32, x._dtype)
    AV.int_attr(op, window_size, "window_size")
    AV.int_attr(op, stride, "stride")
    AV.bool_attr(magnitude_squared, "magnitude_squared")
    if x._shape is not None and len(x._shape) != 2:
        raise C.fail(op, f"input must be 2-dimensional{C.shape_str(x._shape)}")
    if window_size < 2 or stride < 1:
        raise C.fail(op, f"Spectrogram initialization failed for window size {window_size} "
                         f"and stride {stride}")
    bins = _fft_length(window_size) // 2 + 1
    if x._shape is None:
        return [((None, None, bins), dt.float32)]
    samples, channels = x._shape
    frames = None if samples is None else _frames(samples, window_size, stride)
    C.check_size(op, (channels, frames, bins), dt.float32)
    return [((channels, frames, bins), dt.float32)]


def _fft_length(window_size: int) -> int:
    return 1 << (window_size - 1).bit_length()


def _frames(samples: int, window_size: int, stride: int) -> int:
    return 0 if samples < window_size else 1 + (samples - window_size) // stride


def _hann(window_size: int) -> np.ndarray:
    return 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(window_size) / window_size)


def _spectrogram_kernel(xp: Any, x: np.ndarray, *, window_size: int, stride: int,
                        magnitude_squared: bool) -> np.ndarray:
    if x.ndim != 2:  # (a graph's input of unknown rank is checked when it runs)
        raise C.fail("AudioSpectrogram", f"input must be 2-dimensional{C.shape_str(x.shape)}")
    samples, channels = x.shape
    fft = _fft_length(window_size)
    frames = _frames(samples, window_size, stride)
    C.check_size("AudioSpectrogram", (channels, frames, fft // 2 + 1), dt.float32)
    out = np.empty((channels, frames, fft // 2 + 1), np.float32)
    if not out.size:
        return out
    window = _hann(window_size)
    starts = np.arange(frames) * stride
    with np.errstate(all="ignore"):  # (infinities and NaNs run through, as in TF)
        for c in range(channels):  # (a channel's frames at a time: they overlap in memory)
            signal = x[:, c].astype(np.float64)
            frames_c = np.lib.stride_tricks.sliding_window_view(signal, window_size)[starts]
            spectrum = np.fft.rfft(frames_c * window, n=fft, axis=-1)
            out[c] = spectrum.real ** 2 + spectrum.imag ** 2
    return out if magnitude_squared else np.sqrt(out)


def _spectrogram_reference(x: np.ndarray, window_size: int, stride: int,
                           magnitude_squared: bool) -> np.ndarray:
    """Frame by frame: the windowed samples' DFT as a sum of complex exponentials."""
    fft = 1
    while fft < window_size:
        fft *= 2
    bins = fft // 2 + 1
    window = [0.5 - 0.5 * np.cos(2 * np.pi * j / window_size) for j in range(window_size)]
    frames = [] if len(x) < window_size else range(0, len(x) - window_size + 1, stride)
    k = np.arange(bins)[:, None] * np.arange(window_size)[None, :]
    basis = np.exp(-2j * np.pi * k / fft)
    out = np.zeros((x.shape[1], len(frames), bins), np.float32)
    with np.errstate(all="ignore"):
        for c in range(x.shape[1]):
            for f, start in enumerate(frames):
                seg = np.array([x[start + j, c] * window[j] for j in range(window_size)],
                               np.float64)
                power = np.abs(basis @ seg) ** 2
                out[c, f] = power if magnitude_squared else np.sqrt(power.astype(np.float32))
    return out


# ---------------------------------------------------------------------------------------
# Mfcc: TF's triangular mel filterbank over the magnitudes, a floored log and a DCT-II

_MEL_FLOOR = 1e-12
_INT_MIN = -2**31


def _freq_to_mel(f: Any) -> Any:
    return 1127.0 * np.log1p(np.asarray(f, np.float64) / 700.0)


def _c_int(v: float) -> int:
    """C's truncating double-to-int cast as x86 does it: out of range (or NaN) is INT_MIN."""
    return int(v) if np.isfinite(v) and _INT_MIN <= v < 2**31 else _INT_MIN


def _mfcc_setup_ok(length: int, rate: int, channels: int, lower: float, upper: float,
                   coefficients: int) -> bool:
    # (TF's kernel logs which check failed; its error says only the three numbers)
    return (channels >= 1 and rate > 0 and length >= 2 and lower >= 0 and upper > lower
            and 1 <= coefficients <= channels)


def _mfcc_attrs(op: str, upper_frequency_limit: float, lower_frequency_limit: float,
                filterbank_channel_count: int, dct_coefficient_count: int) -> None:
    AV.float_attr(upper_frequency_limit, "upper_frequency_limit")
    AV.float_attr(lower_frequency_limit, "lower_frequency_limit")
    AV.int_attr(op, filterbank_channel_count, "filterbank_channel_count")
    AV.int_attr(op, dct_coefficient_count, "dct_coefficient_count")


def _mfcc_infer(spectrogram: Any, sample_rate: Any, *, upper_frequency_limit: float,
                lower_frequency_limit: float, filterbank_channel_count: int,
                dct_coefficient_count: int) -> list:
    op = "Mfcc"
    if spectrogram._dtype is not dt.float32:
        raise C.wrong_input_dtype(op, 0, dt.float32, spectrogram._dtype)
    if sample_rate._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 1, dt.int32, sample_rate._dtype)
    _mfcc_attrs(op, upper_frequency_limit, lower_frequency_limit, filterbank_channel_count,
                dct_coefficient_count)
    shape = spectrogram._shape
    _mfcc_shapes(shape, sample_rate._shape)
    rate = getattr(sample_rate, "_arr", None)  # (known when eager; a graph checks at run)
    if rate is not None and shape is not None and shape[2] is not None:
        _mfcc_check(shape[2], int(rate), np.float32(lower_frequency_limit),
                    np.float32(upper_frequency_limit), filterbank_channel_count,
                    dct_coefficient_count)
    lead = (None, None) if shape is None else shape[:2]
    return [((*lead, dct_coefficient_count), dt.float32)]


def _mfcc_shapes(shape: tuple | None, rate_shape: tuple | None) -> None:
    if shape is not None and len(shape) != 3:
        raise C.fail("Mfcc", f"spectrogram must be 3-dimensional{C.shape_str(shape)}")
    if rate_shape is not None and len(rate_shape) != 0:
        raise C.fail("Mfcc", f"Input sample_rate should be a scalar tensor, got "
                             f"{C.shape_str(rate_shape)} instead.")


def _mfcc_check(length: int, rate: int, lower: Any, upper: Any, channels: int,
                coefficients: int) -> None:
    if not _mfcc_setup_ok(length, rate, channels, float(lower), float(upper), coefficients):
        raise C.fail("Mfcc", f"Mfcc initialization failed for channel count {length}, sample "
                             f"rate {rate} and filterbank_channel_count {channels}")


def _mel_weights(length: int, rate: int, channels: int, lower: float,
                 upper: float) -> tuple:
    """TF's filterbank: the bins it reads, the channel each bin's falling edge feeds (-1:
    none; the next channel takes the rising edge) and that edge's weight."""
    mel_low, mel_high = _freq_to_mel(lower), _freq_to_mel(upper)
    spacing = (mel_high - mel_low) / float(channels + 1)
    centers = mel_low + spacing * np.arange(1, channels + 2, dtype=np.float64)
    hz_per_bin = 0.5 * rate / float(length - 1)
    start = _c_int(1.5 + lower / hz_per_bin)
    end = _c_int(upper / hz_per_bin)
    if length <= end or end < 0:  # (a size_t compare in TF: a negative end is huge)
        return None
    bins = np.arange(max(start, 0), end + 1)
    mel = _freq_to_mel(bins * hz_per_bin)
    band = np.searchsorted(centers[:channels], mel, side="left") - 1
    right = centers[np.minimum(band + 1, channels)]
    left = np.where(band >= 0, centers[np.maximum(band, 0)], mel_low)
    weights = (right - mel) / (right - left)
    return bins, band, weights


def _mfcc(spectrogram: np.ndarray, rate: int, upper: float, lower: float, channels: int,
          coefficients: int) -> np.ndarray:
    """TF's Mfcc in float64 over rows of spectrogram bins, its sums in TF's order."""
    lead = spectrogram.shape[:-1]
    rows = spectrogram.reshape(-1, spectrogram.shape[-1]).astype(np.float64)
    out = np.zeros((rows.shape[0], coefficients), np.float64)
    mel = _mel_weights(spectrogram.shape[-1], rate, channels, lower, upper)
    if mel is None or not rows.size:  # TF's filterbank gives nothing: a DCT of nothing
        return out.astype(np.float32).reshape(*lead, coefficients)
    bins, band, weights = mel
    with np.errstate(invalid="ignore", divide="ignore"):
        magnitude = np.sqrt(rows[:, bins])
        falling = magnitude * weights
        rising = magnitude - falling
    # each bin adds to its channel, then to the next one, bin after bin: interleaved
    # scatter-adds applied in that order
    index = np.stack([band, band + 1], axis=1).reshape(-1)
    values = np.stack([falling, rising], axis=2).reshape(rows.shape[0], -1)
    keep = (index >= 0) & (index < channels)
    filtered = np.zeros((channels, rows.shape[0]), np.float64)
    np.add.at(filtered, index[keep], values[:, keep].T)
    logs = np.log(np.where(filtered < _MEL_FLOOR, _MEL_FLOOR, filtered))
    i = np.arange(coefficients, dtype=np.float64)
    arg = np.pi / channels
    for j in range(channels):
        out += np.sqrt(2.0 / channels) * np.cos(i * arg * (j + 0.5)) * logs[j][:, None]
    return out.astype(np.float32).reshape(*lead, coefficients)


def _mfcc_kernel(xp: Any, spectrogram: np.ndarray, sample_rate: Any, *,
                 upper_frequency_limit: float, lower_frequency_limit: float,
                 filterbank_channel_count: int, dct_coefficient_count: int) -> np.ndarray:
    # (TF's float attrs are float32: a limit of 0.1 is float32's 0.1)
    upper = float(np.float32(upper_frequency_limit))
    lower = float(np.float32(lower_frequency_limit))
    _mfcc_shapes(spectrogram.shape, np.shape(sample_rate))  # (a graph's, as it runs)
    rate = int(sample_rate)
    _mfcc_check(spectrogram.shape[2], rate, lower, upper, filterbank_channel_count,
                dct_coefficient_count)
    return _mfcc(spectrogram, rate, upper, lower, filterbank_channel_count,
                 dct_coefficient_count)


def _mfcc_reference(spectrogram: np.ndarray, sample_rate: Any, upper_frequency_limit: float,
                    lower_frequency_limit: float, filterbank_channel_count: int,
                    dct_coefficient_count: int) -> np.ndarray:
    """Triangles as a dense (channels, bins) matrix and the DCT as a matrix product."""
    length, rate = spectrogram.shape[2], int(sample_rate)
    n = filterbank_channel_count
    lower = float(np.float32(lower_frequency_limit))
    upper = float(np.float32(upper_frequency_limit))
    mel = lambda f: 1127.0 * math.log(1 + f / 700.0)  # noqa: E731
    lo_mel = mel(lower)
    centers = [lo_mel + (mel(upper) - lo_mel) / (n + 1) * (k + 1) for k in range(n + 1)]
    hz = 0.5 * rate / (length - 1)
    matrix = np.zeros((n, length))
    if int(upper / hz) < length:
        for b in range(int(1.5 + lower / hz), int(upper / hz) + 1):
            m = mel(b * hz)
            k = sum(c < m for c in centers[:n]) - 1
            edges = (centers[k], centers[k + 1]) if k >= 0 else (lo_mel, centers[0])
            w = (edges[1] - m) / (edges[1] - edges[0])
            if k >= 0:
                matrix[k, b] += w
            if k + 1 < n:
                matrix[k + 1, b] += 1 - w
    else:
        return np.zeros((*spectrogram.shape[:2], dct_coefficient_count), np.float32)
    filtered = np.sqrt(spectrogram.astype(np.float64)) @ matrix.T
    logs = np.log(np.maximum(filtered, _MEL_FLOOR))
    dct = np.array([[math.sqrt(2 / n) * math.cos(math.pi / n * i * (j + 0.5))
                     for j in range(n)] for i in range(dct_coefficient_count)])
    return (logs @ dct.T).astype(np.float32)


# ---------------------------------------------------------------------------------------
# Samples

def _spectrogram_samples() -> list:
    rng = np.random.default_rng(13)
    audio = rng.uniform(-1, 1, (40, 2)).astype(np.float32)
    return [Sample((audio,), {"window_size": 6, "stride": 3, "magnitude_squared": False},
                   grad=False),
            Sample((audio,), {"window_size": 16, "stride": 7, "magnitude_squared": True},
                   grad=False),
            Sample((audio[:, :1],), {"window_size": 2, "stride": 1,
                                     "magnitude_squared": True}, grad=False),
            Sample((audio[:5],), {"window_size": 8, "stride": 2,
                                  "magnitude_squared": False}, grad=False)]


def _spectrogram_bad() -> list:
    audio = np.zeros((10, 1), np.float32)
    attrs = {"window_size": 4, "stride": 2, "magnitude_squared": False}
    return [BadSample((audio[:, 0],), attrs, InvalidArgumentError,
                      "input must be 2-dimensional[10]"),
            BadSample((audio,), {**attrs, "window_size": 1}, InvalidArgumentError,
                      "Spectrogram initialization failed for window size 1 and stride 2"),
            BadSample((audio,), {**attrs, "stride": 0}, InvalidArgumentError,
                      "Spectrogram initialization failed for window size 4 and stride 0"),
            BadSample((audio.astype(np.float64),), attrs, InvalidArgumentError,
                      "expected to be a float tensor but is a double tensor")]


def _mfcc_attrs_default(**kw: Any) -> dict:
    return {"upper_frequency_limit": 4000.0, "lower_frequency_limit": 20.0,
            "filterbank_channel_count": 40, "dct_coefficient_count": 13, **kw}


def _mfcc_samples() -> list:
    rng = np.random.default_rng(14)
    spectrogram = rng.uniform(0, 4, (2, 3, 129)).astype(np.float32)
    spectrogram[0, 0, 5] = 0.0
    return [Sample((spectrogram, np.int32(16000)), _mfcc_attrs_default(), grad=False),
            Sample((spectrogram[:1, :, :33], np.int32(8000)),
                   _mfcc_attrs_default(upper_frequency_limit=3000.0,
                                       lower_frequency_limit=100.0,
                                       filterbank_channel_count=10,
                                       dct_coefficient_count=5), grad=False),
            # an upper limit past the spectrum: TF's filterbank gives up, its DCT gives 0s
            Sample((spectrogram[:1, :1, :33], np.int32(4000)), _mfcc_attrs_default(),
                   grad=False)]


def _mfcc_bad() -> list:
    spec = np.ones((1, 2, 33), np.float32)
    rate = np.int32(16000)
    return [BadSample((spec[0], rate), _mfcc_attrs_default(), InvalidArgumentError,
                      "spectrogram must be 3-dimensional[2,33]"),
            BadSample((spec, np.array([16000], np.int32)), _mfcc_attrs_default(),
                      InvalidArgumentError,
                      "Input sample_rate should be a scalar tensor, got [1] instead."),
            BadSample((spec, np.int32(0)), _mfcc_attrs_default(), InvalidArgumentError,
                      "Mfcc initialization failed for channel count 33, sample rate 0 and "
                      "filterbank_channel_count 40"),
            BadSample((spec, rate), _mfcc_attrs_default(dct_coefficient_count=41),
                      InvalidArgumentError, "Mfcc initialization failed for channel count 33"),
            BadSample((spec[:, :, :1], rate), _mfcc_attrs_default(), InvalidArgumentError,
                      "Mfcc initialization failed for channel count 1, sample rate 16000"),
            BadSample((spec, rate), _mfcc_attrs_default(lower_frequency_limit=5000.0),
                      InvalidArgumentError, "Mfcc initialization failed"),
            BadSample((spec, rate.astype(np.int64)), _mfcc_attrs_default(),
                      InvalidArgumentError,
                      "expected to be a int32 tensor but is a int64 tensor")]


AUDIO_SPECTROGRAM = register(OpDef(
    "AudioSpectrogram", _spectrogram_infer, _spectrogram_kernel, grad=C.no_gradient,
    reference=_spectrogram_reference, samples=_spectrogram_samples,
    bad_samples=_spectrogram_bad, gpu=False))
MFCC = register(OpDef(
    "Mfcc", _mfcc_infer, _mfcc_kernel, grad=C.no_gradient, reference=_mfcc_reference,
    samples=_mfcc_samples, bad_samples=_mfcc_bad, host_inputs=(1,), gpu=False))
