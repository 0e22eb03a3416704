"""Output sizes of convolution and pooling windows, as Keras computes them for shapes.

Pure arithmetic on static dims (None stays None); used by the conv and pooling layers'
compute_output_shape. The ops themselves (tf.nn) compute the same sizes at run time.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def conv_output_length(n: int | None, k: int, padding: str, stride: int,
                       dilation: int = 1) -> int | None:
    """Output length of a window of size `k` over `n` cells ("same", "valid", "causal",
    "full" padding)."""
    if n is None:
        return None
    dk = (k - 1) * dilation + 1
    if padding in ("same", "causal"):
        out = n
    elif padding == "full":
        out = n + dk - 1
    else:
        out = n - dk + 1
    return (out + stride - 1) // stride


def deconv_output_length(n: int | None, k: int, padding: str, output_padding: int | None,
                         stride: int, dilation: int = 1) -> int | None:
    """Output length of a transposed convolution (the inverse of conv_output_length)."""
    if n is None:
        return None
    k = (k - 1) * dilation + 1
    if output_padding is None:
        if padding == "valid":
            return n * stride + max(k - stride, 0)
        if padding == "full":
            return n * stride - (stride + k - 2)
        return n * stride
    pad = {"same": k // 2, "valid": 0, "full": k - 1}[padding]
    return (n - 1) * stride + k - 2 * pad + output_padding


def check_output_size(input_shape: tuple, kernel_shape: tuple, dilation_rate: Any,
                      strides: Any, padding: str, out: Any) -> None:
    """Keras 3's refusal of a "valid" convolution whose output (`out`, its spatial sizes)
    would be empty (compute_conv_output_shape's), in its words."""
    if padding == "valid" and any(d is not None and d <= 0 for d in out):
        dilations = "[" + " ".join(str(d) for d in dilation_rate) + "]"
        raise ValueError("Computed output size would be zero or negative. Received "
                         f"`inputs shape={input_shape}`, `kernel shape={kernel_shape}`, "
                         f"`dilation_rate={dilations}`, `strides={tuple(strides)}`, "
                         f"`padding={padding}`.")


def _spatial(shape: list, data_format: str, whole: bool) -> tuple:
    """The spatial sizes of `shape` as Keras 3 computes over them: a NumPy array, each
    unknown size set to -1, and the positions of those; `whole`: cut from the array of
    the whole shape, as its pooling does (objects where the batch size is None too, so a
    zero stride's division is Python's ZeroDivisionError), else made of the spatial sizes
    alone, as its convolution does (integers unless one is None: a zero stride's division
    is then infinite)."""
    cut = slice(1, -1) if data_format == "channels_last" else slice(2, None)
    array = np.array(shape) if whole else None
    spatial = array[cut] if whole else np.array(shape[cut])
    unknown = [i for i, d in enumerate(spatial) if d is None]
    spatial[unknown] = -1  # (a view where `whole`: the array shows the -1 too)
    return array, spatial, unknown


def _output_shape(shape: list, sizes: Any, unknown: list, last: Any,
                  data_format: str) -> tuple:
    """`shape` with its spatial sizes replaced by `sizes` (int() of each, as Keras takes
    them: an infinite one, from a zero stride, is Python's OverflowError) and its channels
    by `last`."""
    sizes = [int(d) for d in sizes]
    for i in unknown:
        sizes[i] = None
    if data_format == "channels_last":
        return (shape[0], *sizes, last)
    return (shape[0], last, *sizes)


def pooling_output_shape(shape: Any, pool_size: Any, strides: Any, padding: str,
                         data_format: str) -> tuple:
    """Keras 3's compute_pooling_output_shape: a window of `pool_size` every `strides`
    (the pool size when None) over the spatial sizes; an empty "valid" result refused."""
    shape = list(shape)
    strides = pool_size if strides is None else strides
    shown, spatial, unknown = _spatial(shape, data_format, whole=True)
    pool = np.array(pool_size)
    if padding == "valid":
        out = np.floor((spatial - pool) / strides) + 1
        if any(d <= 0 for i, d in enumerate(out) if i not in unknown):
            raise ValueError("Computed output size would be zero or negative. Received: "
                             f"`inputs.shape={shown}`, `pool_size={pool}`, "
                             f"`strides={strides}`, `padding={padding}`.")
    elif padding == "same":
        out = np.floor((spatial - 1) / strides) + 1
    else:
        raise ValueError("Argument `padding` must be either 'valid' or 'same'. Received: "
                         f"padding={padding}")
    channels = shape[-1] if data_format == "channels_last" else shape[1]
    return _output_shape(shape, out, unknown, channels, data_format)


def conv_output_shape(shape: tuple, filters: Any, kernel_size: tuple, strides: Any,
                      padding: str, data_format: str, dilation_rate: Any) -> tuple:
    """Keras 3's compute_conv_output_shape: the kernel's rank checked against the input's,
    the dilation's length against the spatial rank, an empty "valid" result refused."""
    spatial_rank = len(shape) - 2
    channels = shape[-1] if data_format == "channels_last" else shape[1]
    kernel_shape = tuple(kernel_size) + (channels, filters)
    if len(kernel_shape) != len(shape):
        raise ValueError("Kernel shape must have the same length as input, but received "
                         f"kernel of shape {kernel_shape} and input of shape {shape}.")
    dilation = (dilation_rate,) * spatial_rank if isinstance(dilation_rate, int) \
        else dilation_rate
    strides = (strides,) * spatial_rank if isinstance(strides, int) else strides
    if len(dilation) != spatial_rank:
        raise ValueError("Dilation must be None, scalar or tuple/list of length of inputs' "
                         f"spatial shape, but received `dilation_rate={dilation}` and input "
                         f"of shape {shape}.")
    _, spatial, unknown = _spatial(list(shape), data_format, whole=False)
    kernel, dilation = np.array(kernel_shape[:-2]), np.array(dilation)
    if padding == "valid":
        out = np.floor((spatial - dilation * (kernel - 1) - 1) / strides) + 1
        if any(d <= 0 for i, d in enumerate(out) if i not in unknown):
            raise ValueError("Computed output size would be zero or negative. Received "
                             f"`inputs shape={shape}`, `kernel shape={kernel_shape}`, "
                             f"`dilation_rate={dilation}`, `strides={strides}`, "
                             f"`padding={padding}`.")
    elif padding in ("same", "causal"):
        out = np.floor((spatial - 1) / strides) + 1
    else:
        raise ValueError(f"`padding` must be either `'valid'` or `'same'`. Received {padding}.")
    return _output_shape(list(shape), out, unknown, filters, data_format)


def transposed_size(n: Any, k: int, stride: int, padding: str, output_padding: Any,
                    dilation: int) -> Any:
    """Keras 3's _get_output_shape_given_tf_padding: one size of a transposed convolution
    (the padding checked only where the size is known)."""
    if n is None:
        return None
    if padding.lower() not in {"valid", "same"}:
        raise ValueError("The `padding` argument must be one of 'valid', 'same'. Received: "
                         f"padding={padding}")
    k = (k - 1) * dilation + 1
    if padding.lower() == "valid":
        extra = max(k, stride) - k if output_padding is None else output_padding
        return (n - 1) * stride + k + extra
    if output_padding is None:
        return n * stride
    return (n - 1) * stride + k % 2 + output_padding


def conv_transpose_output_shape(shape: tuple, kernel_size: tuple, filters: Any, strides: Any,
                                padding: str, output_padding: Any, data_format: str,
                                dilation_rate: Any) -> list:
    """Keras 3's compute_conv_transpose_output_shape: ints given for the strides, the
    dilation or the output padding stand for every spatial axis."""
    rank = len(shape) - 2
    if isinstance(output_padding, int):
        output_padding = (output_padding,) * len(kernel_size)
    strides = (strides,) * rank if isinstance(strides, int) else strides
    dilation = (dilation_rate,) * rank if isinstance(dilation_rate, int) else dilation_rate
    spatial = shape[1:-1] if data_format == "channels_last" else shape[2:]
    sizes = [transposed_size(spatial[i], kernel_size[i], strides[i], padding,
                             None if output_padding is None else output_padding[i],
                             dilation[i]) for i in range(rank)]
    if data_format == "channels_last":
        return [shape[0], *sizes, filters]
    return [shape[0], filters, *sizes]
