"""Quantized ReversibleEmbedding, as Keras 3 quantizes it: its embeddings as a quantized
Embedding's, plus (untied) its reverse embeddings quantized per input id (int4 packed
along the output axis, grouped with zero points when the config has a block size), and
the reverse call's logits from inputs quantized per row. Sits on quantized.py.
"""

from __future__ import annotations

import math
from typing import Any

from eagerflow._src.keras import quantization_config as qconfig
from eagerflow._src.keras import quantizers
from eagerflow._src.keras.layers import quantized as q
from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import numpy_array as na
from eagerflow._src.keras.ops import numpy_linear as nl
from eagerflow._src.keras.ops import numpy_math as nm
from eagerflow._src.keras.quantization_config import Int4QuantizationConfig, QuantizationConfig

_MODES = ("int8", "int4")


def spec(layer: Any) -> dict:
    """The order Keras 3 saves the variables in: an Embedding's, then (untied) the
    reverse embeddings with their scales and zero points."""
    out = {mode: list(names) for mode, names in q.EMBEDDING_SPEC.items()}
    if not layer.tie_weights:
        for mode, names in out.items():
            names.append("reverse_embeddings")
            if mode in _MODES:
                names.append("reverse_embeddings_scale")
            if mode == "int4":
                names.append("reverse_embeddings_zero")
    return out


def build(layer: Any, mode: str, config: Any) -> None:
    q.embedding_build(layer, (layer.input_dim, layer.output_dim), mode, config)
    layer.inputs_quantizer = QuantizationConfig.activation_quantizer_or_default(
        config, quantizers.AbsMaxQuantizer(axis=-1))
    if layer.tie_weights:
        return
    if mode == "int8":
        layer.reverse_embeddings = q._weight(layer, "reverse_embeddings",
                                             (layer.output_dim, layer.input_dim), "int8")
        layer.reverse_embeddings_scale = q._weight(layer, "reverse_embeddings_scale",
                                                   (layer.input_dim,), initializer="ones")
        return
    layer.reverse_embeddings = q._weight(layer, "reverse_embeddings",
                                         ((layer.output_dim + 1) // 2, layer.input_dim), "int8")
    block = q.block_size_for(layer, config)
    grouped = block is not None and block != -1
    shape = (math.ceil(layer.output_dim / block), layer.input_dim) if grouped \
        else (layer.input_dim,)
    layer.reverse_embeddings_scale = q._weight(layer, "reverse_embeddings_scale", shape,
                                               initializer="ones")
    if grouped:  # (a float32 variable in Keras 3: it gives it no dtype)
        layer.reverse_embeddings_zero = q._weight(layer, "reverse_embeddings_zero", shape)


def quantize(layer: Any, mode: str, config: Any) -> None:
    """Quantizes the embeddings (as Embedding's `quantize`) and the reverse ones."""
    if mode not in _MODES:
        raise qconfig.mode_error(mode, _MODES)
    reverse = None
    if not layer.tie_weights:
        block = config.block_size if isinstance(config, Int4QuantizationConfig) else None
        if mode == "int4" and block is not None and block != -1:
            reverse = quantizers.abs_max_quantize_grouped_with_zero_point(
                layer.reverse_embeddings, block_size=block, value_range=(-8, 7),
                dtype="int8", to_numpy=True)
        else:
            top = (-8, 7) if mode == "int4" else (-127, 127)
            quantizer = QuantizationConfig.weight_quantizer_or_default(
                config, quantizers.AbsMaxQuantizer(axis=0, value_range=top,
                                                   output_dtype="int8"))
            values, scale = quantizer(layer.reverse_embeddings, to_numpy=True)
            reverse = (values, na.squeeze(scale, axis=0))
        if mode == "int4":
            reverse = (quantizers.pack_int4(reverse[0], axis=0)[0],) + tuple(reverse[1:])
        del layer.reverse_embeddings
    q.embedding_quantize(layer, mode, config, build_fn=lambda *a: build(layer, mode, config))
    if reverse is not None:
        for name, value in zip(("reverse_embeddings", "reverse_embeddings_scale",
                                "reverse_embeddings_zero"), reverse):
            getattr(layer, name).assign(value)


def _times(x: Any, matrix: Any) -> Any:
    """`x @ matrix` over x's last axis (whatever x's leading axes, known or not)."""
    return nl.einsum("...i,ij->...j", x, matrix)


def reverse_call(layer: Any, inputs: Any) -> Any:
    """The logits of a quantized ReversibleEmbedding's reverse call (soft-capped after)."""
    compute = layer.compute_dtype
    mode = layer.quantization_mode
    if layer.inputs_quantizer:
        inputs, inputs_scale = layer.inputs_quantizer(inputs)
    else:
        inputs_scale = na.ones((1,), dtype=compute)
    if mode == "int8":
        if layer.tie_weights:
            kernel, scale = na.transpose(layer._embeddings), layer.embeddings_scale
        else:
            kernel, scale = layer.reverse_embeddings, layer.reverse_embeddings_scale
        logits = kc.cast(_times(inputs, kernel), compute)
        return nm.divide(logits, nm.multiply(inputs_scale, scale))
    block = getattr(layer, "_int4_block_size", None)
    packed = na.transpose(layer._embeddings) if layer.tie_weights else layer.reverse_embeddings
    scale = layer.embeddings_scale if layer.tie_weights else layer.reverse_embeddings_scale
    unpacked = quantizers.unpack_int4(packed, layer.output_dim, axis=0)
    if block is None or block == -1:
        logits = kc.cast(_times(inputs, unpacked), compute)
        return nm.divide(logits, nm.multiply(inputs_scale, scale))
    if layer.tie_weights:
        scale, zero = na.transpose(scale), na.transpose(layer.embeddings_zero)
    else:
        zero = layer.reverse_embeddings_zero
    weights = q._dequantize_groups(kc.cast(unpacked, compute), scale, zero, layer.g_idx, axis=0)
    return nm.divide(_times(inputs, weights), inputs_scale)
