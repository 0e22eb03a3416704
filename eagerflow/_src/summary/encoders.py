"""NumPy encoders for summary payloads: histogram buckets, PNG images, WAV audio, TensorProto.

Bottom of summary/ (beside protos.py). Pure functions over arrays; the PNG and WAV
containers use zlib/struct from the standard library. Histogram bucketing follows
TensorBoard's v2 histogram: `bucket_count` equal-width buckets from min to max,
the last one closed; a constant input puts everything in the last bucket.
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import image_encoders

DEFAULT_BUCKET_COUNT = 30


def histogram_buckets(data: np.ndarray, bucket_count: int = DEFAULT_BUCKET_COUNT,
                      on_gpu: bool = False) -> np.ndarray:
    """A [bucket_count, 3] float64 array of (left edge, right edge, count), as TF's graph
    (summary_data.histogram) computes it, non-finite data included: a value whose bucket
    index is not a number (NaN data, an infinite range) is counted nowhere, as TF's int32
    cast of it is negative on a CPU; `on_gpu`: as its ops compute it on a GPU, whose cast
    (CUDA's) makes such an index 0 and saturates an infinite one (+inf in the last bucket).
    The edges are linspace's, its first and last exactly min and max."""
    x = np.asarray(data, dtype=np.float64).reshape(-1)
    if bucket_count == 0:
        return np.zeros((0, 3), np.float64)
    if x.size == 0:
        return np.zeros((bucket_count, 3), np.float64)
    lo, hi = x.min(), x.max()
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        span = hi - lo
        if span == 0:
            counts = np.zeros(bucket_count, np.float64)
            counts[-1] = x.size
            edges = np.full(bucket_count, hi)
            return np.stack([edges, edges, counts], axis=1)
        idx = np.floor((x - lo) / (span / bucket_count))
        if on_gpu:
            idx = np.where(np.isnan(idx), 0.0, idx)
            idx = np.minimum(idx[idx >= 0], bucket_count - 1).astype(np.int64)
        else:
            idx = np.minimum(idx[np.isfinite(idx)], bucket_count - 1).astype(np.int64)
        counts = np.bincount(idx, minlength=bucket_count).astype(np.float64)
        edges = lo + np.arange(bucket_count + 1) * (span / bucket_count)
    edges[0], edges[-1] = lo, hi
    return np.stack([edges[:-1], edges[1:], counts], axis=1)


def to_uint8_image(images: np.ndarray) -> np.ndarray:
    """TF's convert_image_dtype(..., tf.uint8, saturate=True) for summary images."""
    a = np.asarray(images)
    if a.dtype == np.uint8:
        return a
    if a.dtype.kind == "f":
        scaled = a.astype(np.float64) * 255.5
        return np.clip(np.nan_to_num(scaled, nan=0.0), 0, 255).astype(np.uint8)
    if a.dtype.kind == "b":
        return a.astype(np.uint8) * 255
    info = np.iinfo(a.dtype)
    if info.max > 255:
        a = a // ((int(info.max) + 1) // 256)
    return np.clip(a, 0, 255).astype(np.uint8)


def encode_png(image: np.ndarray) -> bytes:
    """PNG bytes of a [height, width, channels] uint8 image (1 to 4 channels), as TF's
    summary image op writes them: tf.io.encode_png's libpng bytes at the default level."""
    return image_encoders._png(np.ascontiguousarray(image, np.uint8), -1)


def encode_wav(audio: np.ndarray, sample_rate: int) -> bytes:
    """16-bit PCM WAV of a [frames, channels] float array in [-1, 1]."""
    frames, channels = audio.shape
    pcm = np.clip(np.round(np.asarray(audio, np.float64) * 32768.0), -32768, 32767)
    data = pcm.astype("<i2").tobytes()
    fmt = struct.pack("<HHIIHH", 1, channels, sample_rate, sample_rate * channels * 2,
                      channels * 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + \
        struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def tensor_proto(pb: Any, arr: np.ndarray, dtype: dt.DType) -> Any:
    """A TensorProto of `arr` as TensorFlow's writer stores it (bytes content; string_val)."""
    tp = pb.TensorProto(dtype=dtype.as_datatype_enum)
    tp.tensor_shape.SetInParent()  # present even for scalars, as TF writes it
    for d in arr.shape:
        tp.tensor_shape.dim.add(size=int(d))
    if dtype is dt.string:
        tp.string_val.extend(x.encode("utf-8") if isinstance(x, str) else bytes(x)
                             for x in arr.reshape(-1))
    else:
        np_dtype = np.dtype(dtype.as_numpy_dtype).newbyteorder("<")
        tp.tensor_content = np.ascontiguousarray(arr, dtype=np_dtype).tobytes()
    return tp
