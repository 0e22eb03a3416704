"""Keras 3's output rules (its Operations' compute_output_spec) of tile, arange, lstsq,
cdist, extract_sequences, stft and the nn ops max_pool, conv, batch_normalization,
layer_normalization, dot_product_attention and ctc_loss on KerasTensors.
Tracing the TF op instead would name TF's graph errors (`Negative dimension size caused
by subtracting 5 from 3 ... MaxPool`) where Keras 3 gives its own words, refuse what
Keras accepts unchecked (attention heads that differ, a layer norm axis out of range,
an stft of a signal shorter than its padding) and accept what Keras refuses (a tile of
a negative count, an arange of a KerasTensor). RULES holds them by op name, as
specs.RULES does."""

from __future__ import annotations

import warnings
from typing import Any

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.keras_tensor import _NO_VALUE, SymbolicTensor
from eagerflow._src.keras.engine.layer_helpers import standardize_shape
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.specs import _shape, broadcast_shapes
from eagerflow._src.keras.utils.conv_utils import (
    conv_output_shape,
    conv_transpose_output_shape,
    pooling_output_shape,
)


def _out(shape: Any, dtype: Any) -> SymbolicTensor:
    """A KerasTensor's spec as Keras 3 makes one: its shape standardized first, so a
    negative size is refused in its words (`Cannot convert '[None, 4, -2]' to a shape`)."""
    return SymbolicTensor(standardize_shape(shape), kd.standardize_dtype(dtype))


def standardize_data_format(data_format: str | None) -> str:
    if data_format is None:
        return kb.image_data_format()
    data_format = str(data_format).lower()
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError("The `data_format` argument must be one of {'channels_first', "
                         f"'channels_last'}}. Received: data_format={data_format}")
    return data_format


def check_channels(inputs: Any, kernel: Any, data_format: str, kernel_axis: int = -2) -> None:
    """Keras 3's check_conv_input_channels: two known channel counts must be equal."""
    channels = inputs.shape[-1] if data_format == "channels_last" else inputs.shape[1]
    kernel_channels = kernel.shape[kernel_axis]
    if isinstance(channels, int) and isinstance(kernel_channels, int) and \
            channels != kernel_channels:
        raise ValueError("The number of input channels must match the kernel's input "
                         f"channels. Received: input channels={channels}, kernel input "
                         f"channels={kernel_channels}, data_format='{data_format}'.")


def tile(x: Any, repeats: Any) -> SymbolicTensor:
    """Each known size times its count (`repeats` padded with ones in front, or the shape
    with ones); a negative count gives a negative size, refused by the shape."""
    dims = _shape(x)
    reps = [repeats] if isinstance(repeats, int) else list(repeats)
    if len(dims) > len(reps):
        reps = [1] * (len(dims) - len(reps)) + reps
    else:
        dims = [1] * (len(reps) - len(dims)) + dims
    return _out([d * r if isinstance(d, int) else None for d, r in zip(dims, reps)], x.dtype)


def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None) -> Any:
    """Keras 3 computes the length with NumPy over the KerasTensor given: refused."""
    if dtype is not None:
        kd.standardize_dtype(dtype)
    raise ValueError(_NO_VALUE + "a NumPy array.")


def lstsq(a: Any, b: Any, rcond: Any = None) -> SymbolicTensor:
    """An (m, n) `a`, a `b` of m rows (an unknown m matching no size): (n,) or (n, k)."""
    sa, sb = tuple(_shape(a)), tuple(_shape(b))
    if len(sa) != 2:
        raise ValueError(f"Expected a to have rank 2. Received: a.shape={sa}")
    if len(sb) not in (1, 2):
        raise ValueError(f"Expected b to have rank 1 or 2. Received: b.shape={sb}")
    if sb[0] != sa[0]:
        raise ValueError("Expected b.shape[0] to be equal to a.shape[0]. Received: "
                         f"a.shape={sa}, b.shape={sb}")
    return _out((sa[1],) + sb[1:], a.dtype)


def cdist(x: Any, y: Any) -> SymbolicTensor:
    """(..., m, d) and (..., n, d): the batch sizes broadcast, (..., m, n) in a float."""
    sx, sy = tuple(_shape(x)), tuple(_shape(y))
    shown = f"Received shapes: x.shape={sx}, y.shape={sy}"
    if len(sx) < 2 or len(sy) < 2:
        raise ValueError(f"Inputs to `cdist` must have rank >= 2. {shown}")
    if sx[-1] is not None and sy[-1] is not None and sx[-1] != sy[-1]:
        raise ValueError(f"The last dimension of inputs to `cdist` must match. {shown}")
    try:
        batch = broadcast_shapes(list(sx[:-2]), list(sy[:-2]))
    except ValueError:
        raise ValueError("Batch dimensions of inputs to `cdist` must be broadcastable. "
                         f"{shown}") from None
    return _out(batch + [sx[-2], sy[-2]], kd.result_type(x.dtype, y.dtype, float))


def extract_sequences(x: Any, sequence_length: int, sequence_stride: int) -> SymbolicTensor:
    dims = tuple(_shape(x))
    if not dims:
        raise ValueError(f"Input should have rank >= 1. Received: input.shape = {dims}")
    count = None if dims[-1] is None else 1 + (dims[-1] - sequence_length) // sequence_stride
    return _out(dims[:-1] + (count, sequence_length), x.dtype)


def check_stft_stride(sequence_stride: Any) -> None:
    """Keras 3's stft refuses a stride that is not a positive int before anything else."""
    if not isinstance(sequence_stride, int) or sequence_stride <= 0:
        raise ValueError("`sequence_stride` must be a positive integer. Received: "
                         f"sequence_stride={sequence_stride}")


def stft(x: Any, sequence_length: int, sequence_stride: int, fft_length: int,
         window: Any = "hann", center: bool = True) -> tuple:
    """Frames of the fft length every stride over the (centered: padded) last axis, each
    fft_length // 2 + 1 bins, twice; x's dtype (its kind checked only when run)."""
    check_stft_stride(sequence_stride)
    dims = tuple(_shape(x))
    count = None
    if dims[-1] is not None:
        padded = 0 if center is False else (fft_length // 2) * 2
        count = 1 + (dims[-1] + padded - fft_length) // sequence_stride
    shape = dims[:-1] + (count, fft_length // 2 + 1)
    return _out(shape, x.dtype), _out(shape, x.dtype)


def pool(inputs: Any, pool_size: Any, strides: Any = None, padding: str = "valid",
         data_format: str | None = None) -> SymbolicTensor:
    """max_pool and average_pool: Keras's pooling arithmetic over the spatial sizes (a
    rank-2 input has none: its shape, unchanged)."""
    shape = pooling_output_shape(_shape(inputs), pool_size, strides, padding.lower(),
                                 standardize_data_format(data_format))
    return _out(shape, inputs.dtype)


def conv(inputs: Any, kernel: Any, strides: Any = 1, padding: str = "valid",
         data_format: str | None = None, dilation_rate: Any = 1) -> SymbolicTensor:
    data_format = standardize_data_format(data_format)
    check_channels(inputs, kernel, data_format)
    kernel_shape = tuple(_shape(kernel))
    shape = conv_output_shape(tuple(_shape(inputs)), kernel_shape[-1], kernel_shape[:-2],
                              strides, padding.lower(), data_format, dilation_rate)
    return _out(shape, inputs.dtype)


def depthwise_conv(inputs: Any, kernel: Any, strides: Any = 1, padding: str = "valid",
                   data_format: str | None = None, dilation_rate: Any = 1) -> SymbolicTensor:
    """conv's arithmetic, the channels times the kernel's multiplier."""
    data_format = standardize_data_format(data_format)
    check_channels(inputs, kernel, data_format)
    kernel_shape = tuple(_shape(kernel))
    shape = conv_output_shape(tuple(_shape(inputs)), kernel_shape[-1] * kernel_shape[-2],
                              kernel_shape[:-2], strides, padding.lower(), data_format,
                              dilation_rate)
    return _out(shape, inputs.dtype)


def conv_transpose(inputs: Any, kernel: Any, strides: Any = 1, padding: str = "valid",
                   output_padding: Any = None, data_format: str | None = None,
                   dilation_rate: Any = 1) -> SymbolicTensor:
    """The kernel (spatial..., filters, input channels) checked against the input's
    channels; Keras's transposed sizes (a zero stride gives a size, unrefused)."""
    data_format = standardize_data_format(data_format)
    check_channels(inputs, kernel, data_format, kernel_axis=-1)
    kernel_shape = tuple(_shape(kernel))
    shape = conv_transpose_output_shape(tuple(_shape(inputs)), kernel_shape[:-2],
                                        kernel_shape[-2], strides, padding.lower(),
                                        output_padding, data_format, dilation_rate)
    return _out(shape, inputs.dtype)


def separable_conv(inputs: Any, depthwise_kernel: Any, pointwise_kernel: Any, strides: Any = 1,
                   padding: str = "valid", data_format: str | None = None,
                   dilation_rate: Any = 1) -> SymbolicTensor:
    """depthwise_conv's shape, its channels the pointwise kernel's last size."""
    data_format = standardize_data_format(data_format)
    check_channels(inputs, depthwise_kernel, data_format)
    dims = list(depthwise_conv(inputs, depthwise_kernel, strides, padding, data_format,
                               dilation_rate).shape)
    dims[-1 if data_format == "channels_last" else 1] = tuple(_shape(pointwise_kernel))[-1]
    return _out(dims, inputs.dtype)


def adaptive_pool(inputs: Any, output_size: Any, data_format: str | None = None
                  ) -> SymbolicTensor:
    """adaptive_max_pool and adaptive_average_pool: the output sizes put in as Keras 3
    puts them, unchecked: channels last, in place of as many trailing sizes before the
    channels' axis (a rank-4 input of two sizes keeps one spatial size: rank 5); an int
    size is Python's TypeError (`len` of an int)."""
    data_format = kb.image_data_format() if data_format is None else data_format
    if isinstance(output_size, list):  # (the operation's tracked copy: a plain list's)
        output_size = list(output_size)
    dims = tuple(_shape(inputs))
    if data_format == "channels_last":
        return _out(dims[:-len(output_size)] + output_size + (dims[-1],), inputs.dtype)
    return _out((dims[0], dims[1]) + output_size, inputs.dtype)


def _vector_of(name: str, value: Any, expected: tuple) -> None:
    value.shape  # noqa: B018 - Keras reads it unguarded: None's AttributeError
    if tuple(_shape(value)) != expected:
        raise ValueError(f"Arguments `{name}` must be a vector of length `x.shape[axis]`. "
                         f"Expected: `{expected}`. Received: `{tuple(_shape(value))}.")


def batch_normalization(x: Any, mean: Any, variance: Any, axis: int, offset: Any = None,
                        scale: Any = None, epsilon: float = 0.001) -> SymbolicTensor:
    """x's spec, once mean, variance, offset and scale are vectors of x's `axis` size
    (the scale is checked only where it is not the offset itself: a None scale beside an
    offset is read, None's AttributeError)."""
    expected = (tuple(_shape(x))[axis],)
    _vector_of("mean", mean, expected)
    _vector_of("variance", variance, expected)
    if offset is not None:
        _vector_of("offset", offset, expected)
    if offset is not scale:
        _vector_of("scale", scale, expected)
    return _out(_shape(x), x.dtype)


def warn_rms_scaling() -> None:
    warnings.warn("You passed `rms_scaling=True`, which is deprecated. This argument "
                  "incorrectly scales the input by the variance, not the root mean square. To "
                  "correctly use RMS Normalization, please use `keras.ops.rms_normalization` / "
                  "`keras.ops.nn.rms_normalization` instead.", stacklevel=3)


def layer_normalization(x: Any, gamma: Any = None, beta: Any = None, axis: Any = -1,
                        epsilon: Any = None, **kwargs: Any) -> SymbolicTensor:
    """x's spec, the axis and the weights unchecked (the deprecated rms_scaling warned of
    first, as Keras does before its operation)."""
    if kwargs.get("rms_scaling", False):
        warn_rms_scaling()
    return _out(_shape(x), x.dtype)


def rms_normalization(x: Any, scale: Any = None, axis: Any = -1,
                      epsilon: Any = None) -> SymbolicTensor:
    """x's spec, the axis and the scale unchecked."""
    return _out(_shape(x), x.dtype)


def dot_product_attention(query: Any, key: Any, value: Any, bias: Any = None,
                          mask: Any = None, scale: Any = None, is_causal: bool = False,
                          flash_attention: Any = None,
                          attn_logits_soft_cap: Any = None) -> SymbolicTensor:
    """The query's shape in the three dtypes promoted, unchecked (but the soft cap, which
    Keras refuses before its operation on any backend but JAX on a TPU)."""
    if attn_logits_soft_cap is not None:
        raise ValueError("attn_logits_soft_cap is only supported for JAX on TPU. Set "
                         "attn_logits_soft_cap=None when not using JAX on TPU.")
    return _out(_shape(query), kd.result_type(query.dtype, key.dtype, value.dtype))


def _same_first(name1: str, shape1: tuple, name2: str, shape2: tuple) -> None:
    if shape1[0] != shape2[0]:
        raise ValueError(f"Arguments `{name1}` and `{name2}` must have the same first "
                         f"dimension. Received shapes: `{shape1}` and `{shape2}`.")


def ctc_loss(target: Any, output: Any, target_length: Any, output_length: Any,
             mask_index: int = 0) -> SymbolicTensor:
    """One loss per batch row, the four batch sizes checked equal (None only to None)."""
    st, so = tuple(_shape(target)), tuple(_shape(output))
    _same_first("target", st, "output", so)
    _same_first("target_length", tuple(_shape(target_length)), "target", st)
    _same_first("output_length", tuple(_shape(output_length)), "output", so)
    return _out((st[0],), kd.result_type(output.dtype, "float32"))


RULES: dict = {"tile": tile, "arange": arange, "lstsq": lstsq, "cdist": cdist,
               "extract_sequences": extract_sequences, "stft": stft, "max_pool": pool,
               "average_pool": pool, "conv": conv, "conv_transpose": conv_transpose,
               "depthwise_conv": depthwise_conv,
               "separable_conv": separable_conv, "adaptive_max_pool": adaptive_pool,
               "adaptive_average_pool": adaptive_pool,
               "batch_normalization": batch_normalization,
               "layer_normalization": layer_normalization,
               "rms_normalization": rms_normalization,
               "dot_product_attention": dot_product_attention, "ctc_loss": ctc_loss}
