"""tf.signal beyond the FFT: Kaiser/KBD/Vorbis windows, overlap-add and the inverse STFT,
DCT types I-IV, the MDCT, mel filterbanks and MFCCs.

Sits in the ops layer after signal_ops.py (the FFTs, frame, stft), as compositions of
registered ops only, so every result differentiates and traces like the ops it is made of.
Each transform follows TF 2.21's formulation (the DCTs through real FFTs of length 2N, the
mel filterbank as triangles on the mel scale in the requested dtype), so float32 results
round as TF's do; tests/ops/test_signal_spectral.py checks them against direct sums and
against values recorded from TF.
"""

from __future__ import annotations

import math as _pymath
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, ones, reshape, shape, split, zeros
from eagerflow._src.ops.array import range as range_
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.math import (
    equal,
    exp,
    log,
    maximum,
    minimum,
    rsqrt,
    sin,
    sqrt,
    square,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    real,
    where,
    zeros_like,
)
from eagerflow._src.ops.math_special import bessel_i0e
from eagerflow._src.ops.misc_ops import complex as complex_
from eagerflow._src.ops.nn import relu
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import linspace
from eagerflow._src.ops.shaping import reverse
from eagerflow._src.ops.signal_ops import (
    enclosing_power_of_two,
    frame,
    hann_window,
    irfft,
    rfft,
    scalar_args,
    window_length_arg,
)
from eagerflow._src.ops.tiling import tile

# ---------------------------------------------------------------------------------------
# Windows
# ---------------------------------------------------------------------------------------


def _window_args(window_length: Any, dtype: Any) -> tuple:
    C.attr_read(dtype, "is_floating")  # (TF reads it unconverted: a name or NumPy type lacks it)
    d = dt.as_dtype(dtype)
    if not d.is_floating:
        raise ValueError(f"dtype must be a floating point type. Found {d}")
    # (a negative length goes on to the window's own ops, whose errors TF's are)
    return int(C.known(window_length_arg(window_length))), d


@dispatch_binding
def kaiser_window(window_length: Any, beta: Any = 12.0, dtype: Any = dt.float32,
                  name: str | None = None) -> Any:
    """The Kaiser window: I0(beta * sqrt(1 - (2k / (n - 1) - 1)^2)) / I0(beta)."""
    n, d = _window_args(window_length, dtype)
    if n == 1:
        return ones([1], dtype=d)
    half = (cast(n, dt.float32) - 1.0) / 2.0  # TF spaces the points in float32
    points = range_(-half, half + 0.1, dtype=dt.float32)  # (n == 0 fails here, as in TF)
    ratio = cast(points, d) / cast(half, d)
    beta = cast(beta, d)
    num = beta * sqrt(relu(1.0 - square(ratio)))
    # exp(num - beta) * i0e(num) / i0e(beta) is I0(num) / I0(beta) without overflow
    return exp(num - beta) * (bessel_i0e(num) / bessel_i0e(beta))


@dispatch_binding
def kaiser_bessel_derived_window(window_length: Any, beta: Any = 12.0,
                                 dtype: Any = dt.float32, name: str | None = None) -> Any:
    """The KBD window: the square root of the running sum of a Kaiser window of
    window_length // 2 + 1 points, mirrored (2 * (window_length // 2) points, as TF)."""
    n, d = _window_args(window_length, dtype)
    running = cumsum(kaiser_window(n // 2 + 1, beta, dtype=d))
    half = sqrt(running[:-1] / running[-1])
    return concat([half, reverse(half, [0])], axis=0)


@dispatch_binding
def vorbis_window(window_length: Any, dtype: Any = dt.float32, name: str | None = None) -> Any:
    """The Vorbis power-complementary window sin(pi/2 * sin^2(pi (k + 1/2) / n))."""
    n, d = _window_args(window_length, dtype)
    k = cast(range_(n), d)
    inner = sin(convert_to_tensor(np.pi, d) / cast(n, d) * (k + 0.5))
    return sin(convert_to_tensor(np.pi / 2.0, d) * square(inner))


# ---------------------------------------------------------------------------------------
# Overlap-add and the inverse STFT
# ---------------------------------------------------------------------------------------


def _step_arg(frame_step: Any) -> int:
    """frame_step as TF's Python reads it: converted as it is (a dict or None: the
    conversion's ValueError, a float a float32), then a scalar of an integer dtype (its
    message names the dtype by its str)."""
    step = convert_to_tensor(frame_step)
    if step._shape != ():
        raise ValueError(f"Shape {step.shape} must have rank 0")
    if not step._dtype.is_integer:
        raise ValueError(f"frame_step must be an integer. Got {step._dtype}")
    return int(step.numpy())


def _rank_at_least(x: Any, k: int) -> None:
    if x._shape is None or len(x._shape) < k:
        raise ValueError(f"Shape {x.shape} must have rank at least {k}")


@dispatch_binding
def overlap_and_add(signal: Any, frame_step: Any, name: str | None = None) -> Any:
    """Sums `[..., frames, frame_length]` frames placed `frame_step` samples apart into a
    `[..., frame_length + frame_step * (frames - 1)]` signal."""
    x = _t(signal)
    _rank_at_least(x, 2)
    step = _step_arg(frame_step)
    frames, length = x._shape[-2], x._shape[-1]
    outer = list(x._shape[:-2])
    out_length = length + step * (frames - 1)
    if step == length:  # (TF's fast path, a reshape: frames of no samples a step of 0 too)
        return reshape(x, outer + [out_length])
    if step == 0:  # (TF's count of pieces divides by it in NumPy: 0, so a negative padding)
        pad(x, convert_to_tensor([[0, 0]] * (len(x._shape) - 1) + [[0, -length]]))
    elif step < 0:  # (TF's pieces, -(-length // step), are negative: its Pad's refusal)
        pieces = -(-length // step)
        pad(x, convert_to_tensor([[0, 0]] * len(outer) + [[0, pieces],
                                                            [0, pieces * step - length]]))
    if step <= 0:
        raise ValueError(f"frame_step must be positive, got {step}")
    if not (x._dtype.is_floating or x._dtype.is_integer or x._dtype.is_complex):
        reduce_sum(x, -2)  # (TF adds the pieces with reduce_sum: its Sum's dtype refusal)
    # Cut each frame into `pieces` chunks of `step` samples: chunk s of frame f lands on
    # output chunk f + s, so the output is the sum over s of the chunk-s column shifted by s.
    pieces = -(-length // step)
    if pieces == 0 and frames:  # (frames of no samples: TF's sum of none, zeros)
        return zeros(outer + [out_length], x._dtype)
    no_pad = [[0, 0]] * len(outer)
    x = pad(x, no_pad + [[0, 0], [0, pieces * step - length]])
    chunks = reshape(x, outer + [frames, pieces, step])
    total = None
    for s in range(pieces):
        shifted = pad(chunks[..., s, :], no_pad + [[s, pieces - 1 - s], [0, 0]])
        total = shifted if total is None else total + shifted
    flat = reshape(total, outer + [(frames + pieces - 1) * step])
    return flat[..., :out_length]


@dispatch_binding
def inverse_stft_window_fn(frame_step: Any, forward_window_fn: Callable = hann_window,
                           name: str | None = None) -> Callable:
    """A window_fn for inverse_stft that undoes `forward_window_fn`'s overlapped gain."""

    def window(frame_length: Any, dtype: Any) -> Any:
        step = _step_arg(frame_step)
        length = AV.int_arg(frame_length, "frame_length")
        if step == 0:  # (TF's count of overlaps is a FloorDiv by it)
            raise raised_eagerly(InvalidArgumentError(
                None, None, "Integer division by zero [Op:FloorDiv]"), "")
        forward = forward_window_fn(length, dtype=dtype)
        overlaps = -(-length // step)
        power = pad(square(forward), [[0, overlaps * step - length]])
        gain = reduce_sum(reshape(power, [overlaps, step]), 0, keepdims=True)
        gain = reshape(tile(gain, [overlaps, 1]), [overlaps * step])[:length]
        return where(equal(gain, 0.0), zeros_like(forward), forward / gain)
    return window


@dispatch_binding
def inverse_stft(stfts: Any, frame_length: Any, frame_step: Any, fft_length: Any = None,
                 window_fn: Callable | None = hann_window, name: str | None = None) -> Any:
    """The signal whose stft is `stfts`: inverse real FFTs of the frames, cropped or padded
    to frame_length, windowed and overlap-added."""
    x = _t(stfts)  # (as TF: its rank here, its dtype by the inverse real FFT)
    _rank_at_least(x, 2)
    scalar_args(frame_length, frame_step)
    length = AV.int_arg(frame_length, "frame_length")
    if fft_length is not None:
        scalar_args(fft_length)
    n = enclosing_power_of_two(length) if fft_length is None else AV.int_arg(fft_length,
                                                                             "fft_length")
    frames = irfft(x, [n])
    have = frames._shape[-1]
    if have > length:
        frames = frames[..., :length]
    elif have < length:
        frames = pad(frames, [[0, 0]] * (len(frames._shape) - 1) + [[0, length - have]])
    if window_fn is not None:
        frames = frames * window_fn(length, dtype=x._dtype.real_dtype)
    return overlap_and_add(frames, frame_step)


# ---------------------------------------------------------------------------------------
# Discrete cosine transforms and the MDCT
# ---------------------------------------------------------------------------------------


def _check_dct(x: Any, kind: Any, n: Any, axis: Any, norm: Any) -> None:
    """dct's and idct's arguments checked as TF's Python checks them, before it converts
    the input: the axis first (its own NotImplementedError, the axis %-formatted: a tuple
    is its items, a wrong count Python's TypeError), n, the type; a Type-I DCT then reads
    the input's shape unchecked (a list or None: Python's AttributeError)."""
    if axis != -1:
        raise NotImplementedError("axis must be -1. Got: %s" % axis)  # noqa: UP031 - TF's %
    if n is not None and n < 1:
        raise ValueError("n should be a positive integer or None")
    if kind not in (1, 2, 3, 4):
        raise ValueError("Types I, II, III and IV (I)DCT are supported.")
    if kind == 1:
        if norm == "ortho":
            raise ValueError("Normalization is not supported for the Type-I DCT.")
        C.attr_read(x, "shape")
        last = x.shape[-1]
        if last is not None and last < 2:
            raise ValueError("Type-I DCT requires the dimension to be greater than one.")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")


def _first_and_rest(first: Any, rest: Any, n: int) -> Any:
    """[first, rest, rest, ...] of n entries (the orthonormal scalings)."""
    return pad(reshape(first, [1]), [[0, n - 1]], constant_values=rest)


def _twiddle(n: int, d: Any, sign: float) -> Any:
    """2 * exp(sign * i * pi * k / (2n)) for k < n, in the complex dtype of real dtype d."""
    nf = cast(n, d)
    angle = cast(range_(n), d) * (sign * _pymath.pi * 0.5) / nf
    return 2.0 * exp(complex_(zeros_like(angle), angle))


def _dct(x: Any, kind: int, n: int | None, norm: str | None) -> Any:
    if n is not None:
        have = x._shape[-1]
        # (TF converts the paddings to int32 itself: a float n's TypeError names them)
        x = x[..., :n] if n <= have else pad(x, convert_to_tensor(
            [[0, 0]] * (len(x._shape) - 1) + [[0, n - have]], dt.int32))
    size = x._shape[-1]
    d = x._dtype
    if kind == 1:  # the real FFT of the even extension x0 .. x(n-1) .. x1
        return real(rfft(concat([x, reverse(x[..., 1:size - 1], [-1])], axis=-1)))
    if kind == 2:  # Makhoul: a real FFT of 2n points, each term turned by a twiddle
        twiddle = _twiddle(size, d, -1.0)  # (first, as TF's: a half x's complex() refusal)
        out = real(rfft(x, [2 * size])[..., :size] * twiddle)
        if norm == "ortho":
            first = 0.5 * rsqrt(cast(size, d))
            out = out * _first_and_rest(first, first * _pymath.sqrt(2.0), size)
        return out
    if kind == 3:  # the inverse of type II, through an inverse real FFT of 2n points
        if norm == "ortho":
            first = sqrt(cast(size, d))
            x = x * _first_and_rest(first, first * _pymath.sqrt(0.5), size)
        else:
            x = x * cast(size, d)
        if d.is_complex:  # (TF's range of the twiddles' complex angles, after the weights)
            raise AssertionError()
        spectrum = _twiddle(size, d, 1.0) * complex_(x, zeros_like(x))
        return real(irfft(spectrum, [2 * size]))[..., :size]
    # type IV: the odd terms of a type II DCT of the signal padded to 2n points
    out = _dct(x, 2, 2 * size, None)[..., 1::2]
    if norm == "ortho":
        out = out * (_pymath.sqrt(0.5) * rsqrt(cast(size, d)))
    return out


def _dct_in(x: Any, dct_type: int) -> Any:
    """A DCT's input, refused as TF's DCT refuses it: its complex twiddles are built from
    a zero of x's dtype (which no integer, bool or string takes 0.0 as). A half x goes on:
    it is refused where TF's steps refuse it (the real FFT of a type I's even extension,
    tf.complex of the twiddles of the others, after a type III's orthonormal weights).
    A complex x: the real FFT's refusal of the even extension for type I, TF's bare
    assertion of a real dtype for the others (a type III's after its weights)."""
    d = x._dtype
    if d.is_complex and dct_type in (2, 4):
        raise AssertionError()
    if d.is_floating or d.is_complex:
        return x
    raise TypeError(f"Cannot convert 0.0 to EagerTensor of dtype {d.name}")


@dispatch_binding
def dct(input: Any, type: int = 2, n: int | None = None, axis: int = -1,  # noqa: A002
        norm: str | None = None, name: str | None = None) -> Any:
    """The DCT of type 1-4 along the last axis (scipy.fftpack.dct's scaling)."""
    _check_dct(input, type, n, axis, norm)
    return _dct(_dct_in(_t(input), type), type, n, norm)


@dispatch_binding
def idct(input: Any, type: int = 2, n: int | None = None, axis: int = -1,  # noqa: A002
         norm: str | None = None, name: str | None = None) -> Any:
    """The inverse DCT: a DCT of the inverse type (II <-> III; I and IV are their own)."""
    _check_dct(input, type, n, axis, norm)
    kind = {1: 1, 2: 3, 3: 2, 4: 4}[type]
    return _dct(_dct_in(_t(input), kind), kind, n, norm)


def _window_or_scale(frames: Any, window_fn: Callable | None, length: int) -> Any:
    if window_fn is None:
        return frames * (1.0 / np.sqrt(2))
    return frames * window_fn(length, dtype=frames._dtype)


@dispatch_binding
def mdct(signals: Any, frame_length: Any, window_fn: Callable | None = vorbis_window,
         pad_end: bool = False, norm: str | None = None, name: str | None = None) -> Any:
    """The modified DCT of frames of `frame_length` samples every frame_length / 2:
    `[..., frames, frame_length // 2]`."""
    x = _t(signals)  # (its dtype is checked where TF's is: the window, then the DCT)
    _rank_at_least(x, 1)
    scalar_args(frame_length)
    length = AV.int_arg(frame_length, "frame_length")
    if length % 4 != 0:
        raise ValueError("The frame length must be a multiple of 4.")
    frames = frame(x, length, length // 2, pad_end=pad_end)
    frames = _window_or_scale(frames, window_fn,
                              length)
    a, b, c, e = split(frames, 4, axis=-1)
    folded = concat([-reverse(c, [-1]) - e, a - reverse(b, [-1])], axis=-1)
    return dct(folded, type=4, norm=norm)


@dispatch_binding
def inverse_mdct(mdcts: Any, window_fn: Callable | None = vorbis_window, norm: str | None = None,
                 name: str | None = None) -> Any:
    """The signal whose mdct is `mdcts` (exact with the Vorbis window, or any window
    meeting the Princen-Bradley condition)."""
    x = _t(mdcts)  # (its dtype is checked where TF's is: the scale, then the DCT)
    _rank_at_least(x, 2)
    half = x._shape[-1]
    if norm is None:
        scale = cast(half, x._dtype)
        if not (x._dtype.is_floating or x._dtype.is_complex):
            raise TypeError(f"Cannot convert 0.5 to EagerTensor of dtype {x._dtype.name}")
        unfolded = (0.5 / scale) * dct(x, type=4)
    elif norm == "ortho":
        unfolded = dct(x, type=4, norm=norm)
    else:  # (TF's Python leaves its result unset for another norm: its UnboundLocalError)
        raise UnboundLocalError("cannot access local variable 'result_idct4' where it is "
                                "not associated with a value")
    low, high = split(unfolded, 2, axis=-1)
    frames = concat([high, -reverse(high, [-1]), -reverse(low, [-1]), -low], axis=-1)
    frames = _window_or_scale(frames, window_fn,
                              2 * half)
    return overlap_and_add(frames, half)



# ---------------------------------------------------------------------------------------
# Mel filterbanks and MFCCs
# ---------------------------------------------------------------------------------------

_MEL_BREAK_HZ = 700.0
_MEL_HIGH_Q = 1127.0


def _hertz_to_mel(hz: Any) -> Any:
    return _MEL_HIGH_Q * log(1.0 + hz / _MEL_BREAK_HZ)


def _check_mel(bins: int, rate: Any, lower: float, upper: float, d: Any) -> None:
    if bins <= 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {bins!s}")  # (a tensor's str)
    if lower < 0.0:
        raise ValueError(f"lower_edge_hertz must be non-negative. Got: {lower}")
    if lower >= upper:
        raise ValueError(f"lower_edge_hertz {lower:.1f} >= upper_edge_hertz {upper:.1f}")
    if rate <= 0.0:
        raise ValueError(f"sample_rate must be positive. Got: {rate}")
    if upper > rate / 2:
        raise ValueError(f"upper_edge_hertz must not be larger than the Nyquist frequency "
                         f"(sample_rate / 2). Got {upper} for sample_rate: {rate}")
    C.attr_read(d, "is_floating")  # (TF reads it unconverted: a name or NumPy type lacks it)
    if not d.is_floating:
        raise ValueError(f"dtype must be a floating point type. Got: {d!s}")


@dispatch_binding
def linear_to_mel_weight_matrix(num_mel_bins: int = 20, num_spectrogram_bins: int = 129,
                                sample_rate: Any = 8000, lower_edge_hertz: float = 125.0,
                                upper_edge_hertz: float = 3800.0, dtype: Any = dt.float32,
                                name: str | None = None) -> Any:
    """`[num_spectrogram_bins, num_mel_bins]` triangular filters, evenly spaced on the mel
    scale between the edge frequencies, to multiply a linear spectrogram by. The DC bin
    gets no weight."""
    rate = sample_rate.numpy() if isinstance(sample_rate, Tensor) else sample_rate
    _check_mel(num_mel_bins, rate, lower_edge_hertz, upper_edge_hertz, dtype)
    d = dt.as_dtype(dtype)
    zero = convert_to_tensor(0.0, d)
    nyquist = cast(sample_rate, d) / 2.0
    freqs = linspace(zero, nyquist, num_spectrogram_bins)[1:]
    bins_mel = reshape(_hertz_to_mel(freqs), [-1, 1])
    edges = linspace(_hertz_to_mel(convert_to_tensor(lower_edge_hertz, d)),
                     _hertz_to_mel(convert_to_tensor(upper_edge_hertz, d)), num_mel_bins + 2)
    lower, center, upper = (reshape(edges[i:i + num_mel_bins], [1, num_mel_bins])
                            for i in range(3))
    rising = (bins_mel - lower) / (center - lower)
    falling = (upper - bins_mel) / (upper - center)
    weights = maximum(zero, minimum(rising, falling))
    return pad(weights, [[1, 0], [0, 0]])


@dispatch_binding
def mfccs_from_log_mel_spectrograms(log_mel_spectrograms: Any, name: str | None = None) -> Any:
    """Mel-frequency cepstral coefficients: the type II DCT of `[..., num_mel_bins]` log-mel
    spectrograms over sqrt(2 * num_mel_bins) (keep the first 13 or so)."""
    x = _t(log_mel_spectrograms)
    if x._shape == ():  # (TF then reads the bins from the run-time shape: its slice fails)
        shape(x)[-1]
    _rank_at_least(x, 1)
    bins = x._shape[-1]
    if bins == 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {x!s}")
    return dct(x, type=2) * rsqrt(cast(bins, x._dtype) * 2.0)
