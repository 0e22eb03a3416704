"""keras.ops math: segment reductions, top_k/in_top_k, logsumexp, cdist, special functions
(erf, erfc, erfinv, rsqrt, logdet), Fourier transforms on (real, imag) pairs (fft, fft2,
ifft2, rfft, irfft, stft, istft), framing, and complex views.

Keras passes complex values as a (real, imaginary) pair of float tensors; the transforms
take and return such pairs.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.specs_nn import check_stft_stride
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import indexing as ti
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import math_base, unique_one_hot
from eagerflow._src.ops import math_special as ts
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops import segment_ops as tseg
from eagerflow._src.ops import signal_ops as tsig
from eagerflow._src.ops.linalg_decomp import logdet as tf_logdet
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.misc_ops import complex as tf_complex
from eagerflow._src.ops.misc_ops import imag as tf_imag
from eagerflow._src.ops.nn_loss import in_top_k as tf_in_top_k
from eagerflow._src.ops.padding import pad as tf_pad
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.sorting import top_k as tf_top_k
from eagerflow._src.ops.stacking import stack as tf_stack
from eagerflow._src.ops.tiling import tile

# ---------------------------------------------------------------------------------------
# Segment reductions
# ---------------------------------------------------------------------------------------


def _check_segments(data: Any, segment_ids: Any) -> None:
    """Keras's checks of a segment reduction's ids against its data."""
    check_segment_shapes(tuple(data.shape), tuple(segment_ids.shape))


def check_segment_shapes(dims: tuple, ids: tuple) -> None:
    """Keras's checks of a segment reduction's ids' shape against its data's (the AUC
    family's bucketed counts meet them too)."""
    if len(ids) > 1:
        raise ValueError("Argument `segment_ids` should be an 1-D vector, got shape: "
                         f"{len(ids)}. Consider either flatten input with "
                         "segment_ids.reshape((-1)) and data.reshape((-1, ) + "
                         "data.shape[len(segment_ids.shape):]) or vectorize with vmap.")
    if ids[0] is not None and dims[0] is not None and ids[0] != dims[0]:
        raise ValueError("Argument `segment_ids` and `data` should have same leading "
                         f"dimension. Got {tuple(ids)} v.s. {tuple(dims)}.")


def _segment(name: str, sorted_fn: Any, unsorted_fn: Any, count_unique: bool) -> Any:
    def op(data: Any, segment_ids: Any, num_segments: Any = None, sorted: bool = False) -> Any:  # noqa: A002
        _check_segments(data, segment_ids)  # (of the values given: a list has no shape)
        data, segment_ids = kd.to_tensor(data), kd.to_tensor(segment_ids)
        if sorted:
            if num_segments is not None:
                raise ValueError("Argument `num_segments` cannot be set when sorted is True "
                                 "when using the tensorflow backend.Received: "
                                 f"num_segments={num_segments}, sorted={sorted}.")
            return sorted_fn(data, segment_ids)
        if num_segments is None:
            num_segments = ta.shape(unique_one_hot.unique(segment_ids)[0])[0] if count_unique else \
                cast(tr.reduce_max(segment_ids) + 1, "int32")
        return unsorted_fn(data, segment_ids, num_segments)
    op.__name__ = op.__qualname__ = name
    return keras_op(op)


segment_sum = _segment("segment_sum", tseg.segment_sum, ti.unsorted_segment_sum, True)
segment_max = _segment("segment_max", tseg.segment_max, tseg.unsorted_segment_max, False)
segment_min = _segment("segment_min", tseg.segment_min, tseg.unsorted_segment_min, False)
segment_prod = _segment("segment_prod", tseg.segment_prod, tseg.unsorted_segment_prod, False)


# ---------------------------------------------------------------------------------------
# Ranking, logsumexp, distances, special functions
# ---------------------------------------------------------------------------------------

@keras_op
def top_k(x: Any, k: int, sorted: bool = True) -> Any:  # noqa: A002
    # (x as given, as Keras's TF backend hands it: a NumPy scalar takes TF's slow path)
    return tf_top_k(x, k, sorted=sorted)


@keras_op
def in_top_k(targets: Any, predictions: Any, k: int) -> Any:
    return tf_in_top_k(targets, predictions, k)


@keras_op
def logsumexp(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    # (x as given, as Keras's TF backend hands it: a list takes TF's slow path)
    return tr.reduce_logsumexp(x, axis=axis, keepdims=keepdims)


@keras_op
def cdist(x: Any, y: Any) -> Any:
    x, y = kd.to_tensor(x), kd.to_tensor(y)
    if len(x.shape) < 2 or len(y.shape) < 2:
        raise ValueError("`cdist` inputs must have rank >= 2")
    if x.shape[-1] != y.shape[-1]:
        raise ValueError("Last dimension of inputs to `cdist` must match")
    diff = ta.expand_dims(x, -2) - ta.expand_dims(y, -3)
    return tm.sqrt(tr.reduce_sum(tm.square(diff), axis=-1))


@keras_op
def rsqrt(x: Any) -> Any:
    return tm.rsqrt(kd.to_tensor(x))


@keras_op
def erf(x: Any) -> Any:
    return tm.erf(kd.to_tensor(x))


@keras_op
def erfc(x: Any) -> Any:
    return ts.erfc(kd.to_tensor(x))


@keras_op
def erfinv(x: Any) -> Any:
    x = kd.to_tensor(x)
    if x.dtype.name in ("bfloat16", "float16"):
        return cast(ts.erfinv(cast(x, "float32")), x.dtype)
    return ts.erfinv(x)


@keras_op
def logdet(x: Any) -> Any:
    return tf_logdet(kd.to_tensor(x))


@keras_op
def extract_sequences(x: Any, sequence_length: int, sequence_stride: int) -> Any:
    return tsig.frame(kd.to_tensor(x), sequence_length, sequence_stride, axis=-1, pad_end=False)


# ---------------------------------------------------------------------------------------
# Complex pairs and Fourier transforms
# ---------------------------------------------------------------------------------------

def _complex_from(x: Any) -> Any:
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError("Input `x` should be a tuple of two tensors - real and imaginary."
                         f"Received: x={x}")
    real, imag = kd.to_tensor(x[0]), kd.to_tensor(x[1])
    if real.shape != imag.shape:
        raise ValueError("Input `x` should be a tuple of two tensors - real and imaginary."
                         "Both the real and imaginary parts should have the same shape. "
                         f"Received: x[0].shape = {real.shape}, x[1].shape = {imag.shape}")
    if not real.dtype.is_floating or not imag.dtype.is_floating:
        raise ValueError(f"At least one tensor in input `x` is not of type float.Received: x={x}.")
    return tf_complex(real, imag)


def _pair(z: Any) -> tuple:
    return math_base.real(z), tf_imag(z)


@keras_op(first_as_args=True)
def fft(x: Any) -> tuple:
    return _pair(tsig.fft(_complex_from(x)))


@keras_op(first_as_args=True)
def fft2(x: Any) -> tuple:
    return _pair(tsig.fft2d(_complex_from(x)))


@keras_op(first_as_args=True)
def ifft2(x: Any) -> tuple:
    real, imag = kd.to_tensor(x[0]), kd.to_tensor(x[1])
    h = cast(ta.shape(real)[-2], real.dtype)
    w = cast(ta.shape(real)[-1], real.dtype)
    # the inverse transform as the conjugate of the forward one of the conjugate
    re, im = fft2((real, -imag))
    return re / (h * w), -im / (h * w)


@keras_op
def rfft(x: Any, fft_length: int | None = None) -> tuple:
    # (x as given: tf.signal.rfft converts an array preferring float32, as Keras 3.15 hands
    # it over, so an int32 NumPy array transforms as float32)
    return _pair(tsig.rfft(x, fft_length=None if fft_length is None else [fft_length]))


@keras_op(first_as_args=True)
def irfft(x: Any, fft_length: int | None = None) -> Any:
    return tsig.irfft(_complex_from(x), None if fft_length is None else [fft_length])


def _window(window: Any, sequence_length: int, dtype: Any, fft_length: int) -> Any:
    """The window centred in fft_length samples (None when there is none)."""
    if window is None:
        return None
    if isinstance(window, str):
        fn = tsig.hann_window if window == "hann" else tsig.hamming_window
        win = fn(sequence_length, periodic=True, dtype=dtype)
    else:
        win = kd.to_tensor(window, dtype)
    if len(win.shape) != 1 or win.shape[-1] != sequence_length:
        raise ValueError("The shape of `window` must be equal to [sequence_length].Received: "
                         f"window shape={win.shape}")
    left = (fft_length - sequence_length) // 2
    return tf_pad(win, [[left, fft_length - sequence_length - left]])


def _check_window_name(window: Any) -> None:
    if isinstance(window, str) and window not in ("hann", "hamming"):
        raise ValueError("If a string is passed to `window`, it must be one of `\"hann\"`, "
                         f"`\"hamming\"`. Received: window={window}")


@keras_op
def stft(x: Any, sequence_length: int, sequence_stride: int, fft_length: int,
         window: Any = "hann", center: bool = True) -> tuple:
    check_stft_stride(sequence_stride)
    x = kd.to_tensor(x)
    if x.dtype.name not in ("float32", "float64"):
        raise TypeError(f"Invalid input type. Expected `float32` or `float64`. Received: input "
                        f"type={x.dtype}")
    if fft_length < sequence_length:
        raise ValueError("`fft_length` must equal or larger than `sequence_length`. Received: "
                         f"sequence_length={sequence_length}, fft_length={fft_length}")
    _check_window_name(window)
    if center:
        pads = [[0, 0]] * (len(x.shape) - 1) + [[fft_length // 2, fft_length // 2]]
        x = tf_pad(x, pads, mode="REFLECT")
    win = _window(window, sequence_length, x.dtype, fft_length)
    out = tsig.stft(x, frame_length=fft_length, frame_step=sequence_stride,
                    fft_length=fft_length,
                    window_fn=None if win is None else (lambda length, dtype: win))
    return _pair(out)


@keras_op(first_as_args=True)
def istft(x: Any, sequence_length: int, sequence_stride: int, fft_length: int,
          length: int | None = None, window: Any = "hann", center: bool = True) -> Any:
    """Inverse STFT: irfft of each frame, weighted by the window over the sum of its
    overlapping squares (TF's inverse_stft_window_fn), then overlap-added."""
    z = _complex_from(x)
    dtype = math_base.real(z).dtype
    frames = tsig.irfft(z, [fft_length])[..., :fft_length]
    win = _window(window, sequence_length, dtype, fft_length)
    if win is not None:
        overlaps = -(-fft_length // sequence_stride)
        squares = tf_pad(tm.square(win), [[0, overlaps * sequence_stride - fft_length]])
        total = tr.reduce_sum(ta.reshape(squares, [overlaps, sequence_stride]), 0,
                              keepdims=True)
        denom = ta.reshape(tile(total, [overlaps, 1]), [-1])[:fft_length]
        frames = frames * (win / denom)
    signal = _overlap_add(frames, sequence_stride)
    start = fft_length // 2 if center else 0
    n_frames = static_shape(z)[-2]
    if length is not None:
        end = start + length
    elif center:
        end = -(fft_length // 2)
    else:
        end = fft_length + sequence_stride * (n_frames - 1)
    return signal[..., start:end]


def _overlap_add(frames: Any, step: int) -> Any:
    """Frames [..., n, length] summed into [..., (n - 1) * step + length]."""
    dims = list(static_shape(frames))
    n, length = dims[-2], dims[-1]
    total = (n - 1) * step + length
    where = ta.reshape(ta.reshape(tf_range(n) * step, [-1, 1]) + ta.reshape(tf_range(length),
                                                                          [1, -1]), [-1])
    flat = ta.reshape(frames, [-1, n * length])
    summed = ti.unsorted_segment_sum(ta.transpose(flat), where, total)
    return ta.reshape(ta.transpose(summed), dims[:-2] + [total])


@keras_op
def view_as_complex(x: Any) -> Any:
    x = kd.to_tensor(x)
    if x.shape[-1] != 2:
        raise ValueError(f"Last dimension of input must be size 2 (real and imaginary). "
                         f"Received shape: {x.shape}")
    # (as Keras: both parts cast to complex64 whatever their type, then real + 1j * imag)
    real, imag = cast(x[..., 0], "complex64"), cast(x[..., 1], "complex64")
    return tm.add(real, tm.multiply(cast(1j, "complex64"), imag))


@keras_op
def view_as_real(x: Any) -> Any:
    x = kd.to_tensor(x)
    return tf_stack([math_base.real(x), tf_imag(x)], axis=-1)
