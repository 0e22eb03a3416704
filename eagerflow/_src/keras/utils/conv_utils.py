"""Output sizes of convolution and pooling windows, as Keras computes them for shapes.

Pure arithmetic on static dims (None stays None); used by the conv and pooling layers'
compute_output_shape. The ops themselves (tf.nn) compute the same sizes at run time.
"""

from __future__ import annotations

from typing import Any


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
