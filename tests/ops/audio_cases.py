"""WAV cases for tf.audio, shared by make_audio_golden.py (run under real TensorFlow) and
test_audio.py: well-formed files, TF's edge cases of its chunk reader, and broken files."""

from __future__ import annotations

import struct

import numpy as np


def fmt(channels: int = 1, rate: int = 8000, bits: int = 16, size: int = 16, audio: int = 1,
        per_second: int | None = None, per_frame: int | None = None) -> bytes:
    frame = channels * bits // 8
    return b"fmt " + struct.pack("<IHHIIHH", size, audio, channels, rate,
                                 rate * frame if per_second is None else per_second,
                                 frame if per_frame is None else per_frame, bits) \
        + b"\0" * (size - 16 if size > 16 else 0)


def data(samples: bytes, size: int | None = None) -> bytes:
    return b"data" + struct.pack("<I", len(samples) if size is None else size) + samples


def riff(body: bytes, size: int | None = None) -> bytes:
    return b"RIFF" + struct.pack("<I", len(body) if size is None else size) + body


def pcm(*values: int) -> bytes:
    return struct.pack(f"<{len(values)}h", *values)


_STEREO = pcm(0, 16384, -32768, 32767, 1, -1, 12345, -23456)

# name -> (wav bytes, desired_channels, desired_samples)
DECODE = {
    "mono": (riff(b"WAVE" + fmt() + data(pcm(1, 2, -3, 32767, -32768))), -1, -1),
    "stereo": (riff(b"WAVE" + fmt(2, 44100) + data(_STEREO)), -1, -1),
    "stereo to 1": (riff(b"WAVE" + fmt(2) + data(_STEREO)), 1, -1),
    "stereo to 3": (riff(b"WAVE" + fmt(2) + data(_STEREO)), 3, -1),
    "mono to 2, padded": (riff(b"WAVE" + fmt() + data(pcm(5, 6))), 2, 4),
    "cut to 1 sample": (riff(b"WAVE" + fmt(2) + data(_STEREO)), -1, 1),
    "0 channels, 0 samples": (riff(b"WAVE" + fmt() + data(pcm(5, 6))), 0, 0),
    "empty data": (riff(b"WAVE" + fmt() + data(b"")), -1, -1),
    "rate 0": (riff(b"WAVE" + fmt(rate=0) + data(pcm(7))), -1, -1),
    "fmt of 18 bytes": (riff(b"WAVE" + fmt(size=18) + data(pcm(7))), -1, -1),
    "LIST before data": (riff(b"WAVE" + fmt() + b"LIST\4\0\0\0abcd" + data(pcm(7))), -1, -1),
    "odd chunk, no padding": (riff(b"WAVE" + fmt() + b"LIST\1\0\0\0x" + data(pcm(7))), -1, -1),
    "chunk after data": (riff(b"WAVE" + fmt() + data(pcm(7)) + b"junk\5\0\0\0ab"), -1, -1),
    "wrong RIFF size": (riff(b"WAVE" + fmt() + data(pcm(7)), size=4), -1, -1),
    "empty": (b"", -1, -1),
    "RIFF only": (b"RIFF", -1, -1),
    "RIFX": (b"RIFX" + riff(b"WAVE" + fmt() + data(pcm(7)))[4:], -1, -1),
    "WAVX": (riff(b"WAVX" + fmt() + data(pcm(7))), -1, -1),
    "data before fmt": (riff(b"WAVE" + data(pcm(7)) + fmt()), -1, -1),
    "fmt of 14 bytes": (riff(b"WAVE" + fmt()[:4] + b"\x0e" + fmt()[5:22] + data(pcm(7))), -1, -1),
    "float format": (riff(b"WAVE" + fmt(audio=3) + data(pcm(7))), -1, -1),
    "extensible format": (riff(b"WAVE" + fmt(audio=0xFFFE) + data(pcm(7))), -1, -1),
    "0 channels": (riff(b"WAVE" + fmt(0) + data(pcm(7))), -1, -1),
    "8 bits": (riff(b"WAVE" + fmt(bits=8) + data(b"\1\2")), -1, -1),
    "24 bits": (riff(b"WAVE" + fmt(bits=24) + data(b"\1\2\3")), -1, -1),
    "bad bytes per second": (riff(b"WAVE" + fmt(per_second=1) + data(pcm(7))), -1, -1),
    "bad bytes per frame": (riff(b"WAVE" + fmt(per_frame=4) + data(pcm(7))), -1, -1),
    "data longer than file": (riff(b"WAVE" + fmt() + data(pcm(7), size=10)), -1, -1),
    "half a sample": (riff(b"WAVE" + fmt() + data(b"\1\0\2", size=3)), -1, -1),
    "half a frame": (riff(b"WAVE" + fmt(2) + data(pcm(1, 2, 3))), -1, -1),
    "no data": (riff(b"WAVE" + fmt() + b"LIST\x10\0\0\0ab"), -1, -1),
    "two data chunks": (riff(b"WAVE" + fmt() + data(pcm(7)) + data(pcm(8))), -1, -1),
    "chunk id cut": (riff(b"WAVE" + fmt() + data(pcm(7)) + b"ab"), -1, -1),
    "chunk of 2^31 bytes": (riff(b"WAVE" + fmt() + b"LIST\1\0\0\x80" + data(pcm(7))), -1, -1),
    "bad desired_channels": (riff(b"WAVE" + fmt() + data(pcm(7))), -2, -1),
    "bad desired_samples": (riff(b"WAVE" + fmt() + data(pcm(7))), -1, -5),
}

_EDGES = [[0.0, 0.5], [-1.0, 0.999], [1.5, -0.25], [float("nan"), float("inf")],
          [float("-inf"), 1.5 / 32768], [-0.5 / 32768, 2.5 / 32768],
          [-1.5 / 32768, 0.49999 / 32768]]

# name -> (audio as nested lists, its shape, sample_rate)
ENCODE = {
    "stereo edges": (_EDGES, (7, 2), 44100),
    "random": (np.random.default_rng(3).uniform(-1.1, 1.1, (9, 3)).astype(np.float32).tolist(),
               (9, 3), 16000),
    "no frames": ([], (0, 2), 8000),
    "rank 1": ([0.5, 0.25], (2,), 8000),
    "rate 0": ([[0.5]], (1, 1), 0),
    "rate -1": ([[0.5]], (1, 1), -1),
    "0 channels": ([], (0, 0), 8000),
    "frames without channels": ([], (2, 0), 8000),
    "70000 channels": (np.zeros((1, 70000)).tolist(), (1, 70000), 8000),
}
