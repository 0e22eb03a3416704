"""LoRA on Dense, EinsumDense, Embedding and Conv1D/2D/3D, as Keras 3 does it:
`enable_lora(rank)` freezes the weight and adds two float32 factors `a` (he_uniform) and
`b` (zeros) whose product, times `lora_alpha / lora_rank`, is added to the float weight
(or to a quantized layer's output, so int8 and int4 layers train through it); saving
writes the weight with the product merged in (re-quantized for a quantized layer), and
loading resets the factors to zeros. Sits on quantized.py (the quantizers and
de-quantization).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import dtype_policy as dtype_policies
from eagerflow._src.keras import initializers, quantizers
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.layers import quantized
from eagerflow._src.keras.layers.quantized import _dequantize_groups
from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import numpy_array as na
from eagerflow._src.keras.ops import numpy_linear as nl
from eagerflow._src.keras.ops import numpy_math as nm

# per layer kind: (weight attribute, factor names, the weight's constraint attribute)
_KINDS = {"dense": ("_kernel", ("lora_kernel_a", "lora_kernel_b"), "kernel_constraint",
                    "kernel_regularizer", "kernel"),
          "embedding": ("_embeddings", ("lora_embeddings_a", "lora_embeddings_b"),
                        "embeddings_constraint", "embeddings_regularizer", "embedding"),
          "einsum": ("_kernel", ("lora_kernel_a", "lora_kernel_b"), "kernel_constraint",
                     "kernel_regularizer", "kernel"),
          "conv": ("_kernel", ("lora_kernel_a", "lora_kernel_b"), "kernel_constraint",
                   "kernel_regularizer", "kernel")}


def init_args(layer: Any, lora_rank: Any, lora_alpha: Any) -> None:
    object.__setattr__(layer, "lora_rank", lora_rank)
    object.__setattr__(layer, "lora_alpha", lora_alpha if lora_alpha is not None else lora_rank)
    object.__setattr__(layer, "lora_enabled", False)


def enable(layer: Any, kind: str, rank: int, lora_alpha: Any = None,
           a_initializer: Any = "he_uniform", b_initializer: Any = "zeros") -> None:
    # (Keras 3 unlocks the built layer's state for the two new weights)
    with layer._unlocked_state():
        _enable(layer, kind, rank, lora_alpha, a_initializer, b_initializer)


def _enable(layer: Any, kind: str, rank: int, lora_alpha: Any,
            a_initializer: Any, b_initializer: Any) -> None:
    weight_name, (a_name, b_name), constraint, regularizer, what = _KINDS[kind]
    if getattr(layer, constraint):
        raise ValueError(f"Lora is incompatible with {what} constraints. In order to enable "
                         f"lora on this layer, remove the `{constraint}` argument.")
    if not layer.built:
        raise ValueError("Cannot enable lora on a layer that isn't yet built.")
    if layer.lora_enabled:
        raise ValueError("lora is already enabled. This can only be done once per layer.")
    if kind == "dense":
        rows = getattr(layer, "_orig_input_dim", None) or layer._kernel.shape[0]
        shape_a, shape_b = (rows, rank), (rank, layer.units)
    elif kind == "einsum":  # a: the kernel's shape with its last axis `rank`
        shape = tuple(layer.original_kernel_shape) if layer.quantization_mode == "int4" \
            else tuple(layer._kernel.shape.as_list())
        shape_a, shape_b = shape[:-1] + (rank,), (rank, shape[-1])
    elif kind == "conv":  # a: the kernel's shape with its last (filters) axis `rank`
        shape_a = tuple(layer._kernel.shape.as_list()[:-1]) + (rank,)
        shape_b = (rank, layer.filters)
    else:
        shape_a, shape_b = (layer.input_dim, rank), (rank, layer.output_dim)
    # float32 factors (fine-tuning in float16 would underflow), the weight's regularizer
    setattr(layer, a_name, layer.add_weight(name=a_name, shape=shape_a, dtype="float32",
                                            initializer=initializers.get(a_initializer),
                                            regularizer=getattr(layer, regularizer)))
    setattr(layer, b_name, layer.add_weight(name=b_name, shape=shape_b, dtype="float32",
                                            initializer=initializers.get(b_initializer),
                                            regularizer=getattr(layer, regularizer)))
    getattr(layer, weight_name).trainable = False  # (Keras 3's flag: the lists filter on it)
    object.__setattr__(layer, "lora_enabled", True)
    object.__setattr__(layer, "lora_rank", rank)
    object.__setattr__(layer, "lora_alpha", lora_alpha if lora_alpha is not None else rank)


def _delta(layer: Any, kind: str) -> Any:
    a_name, b_name = _KINDS[kind][1]
    return nm.multiply(layer.lora_alpha / layer.lora_rank,
                       nl.matmul(getattr(layer, a_name), getattr(layer, b_name)))


def merged_float(layer: Any, kind: str, weight: Any) -> Any:
    """A float layer's weight with the LoRA product added (in its compute dtype)."""
    return kc.cast(nm.add(weight, _delta(layer, kind)), layer.compute_dtype)


def _times(x: Any, matrix: Any) -> Any:
    """`x @ matrix` over x's last axis (whatever x's leading axes, known or not)."""
    return nl.einsum("...i,ij->...j", x, matrix)


def dense_output(layer: Any, inputs: Any, x: Any) -> Any:
    """A quantized Dense's output plus the LoRA path's."""
    lora = _times(_times(inputs, layer.lora_kernel_a), layer.lora_kernel_b)
    return kc.cast(nm.add(x, nm.multiply(layer.lora_alpha / layer.lora_rank, lora)),
                   layer.compute_dtype)


def einsum_output(layer: Any, inputs: Any, x: Any) -> Any:
    """A quantized EinsumDense's output plus the LoRA path's."""
    lora = _times(nl.einsum(layer.equation, inputs, layer.lora_kernel_a),
                  layer.lora_kernel_b)
    return kc.cast(nm.add(x, nm.multiply(layer.lora_alpha / layer.lora_rank, lora)),
                   layer.compute_dtype)


def embedding_output(layer: Any, inputs: Any, x: Any) -> Any:
    """A quantized Embedding's output plus the LoRA path's."""
    lora = _times(na.take(layer.lora_embeddings_a, inputs, axis=0), layer.lora_embeddings_b)
    return kc.cast(nm.add(x, nm.multiply(layer.lora_alpha / layer.lora_rank, lora)),
                   layer.compute_dtype)


def saved_values(layer: Any, kind: str, names: tuple) -> list:
    """What Keras 3 saves for a LoRA layer: the variables `names`, the weight merged
    with the LoRA product (re-quantized, with new scales and zero points, when the layer
    is quantized)."""
    weight_name = _KINDS[kind][0]
    mode = layer.quantization_mode
    values = {n: getattr(layer, "_" + n if "_" + n == weight_name else n, None) for n in names}
    if mode is None:
        values[weight_name[1:]] = merged_float(layer, kind, getattr(layer, weight_name))
    else:
        values.update(_requantized(layer, kind, mode))
    return [values[n] for n in names if values[n] is not None]


def _requantized(layer: Any, kind: str, mode: str) -> dict:
    if kind == "einsum":
        return _requantized_einsum(layer, mode)
    dense = kind == "dense"
    weight, scale_name = ("kernel", "kernel_scale") if dense else ("embeddings",
                                                                   "embeddings_scale")
    raw = "_" + weight
    zero_name = "kernel_zero" if dense else "embeddings_zero"
    axis = 0 if dense else -1  # (a kernel's scales are per column, an embedding's per row)
    compute = layer.compute_dtype
    scale = getattr(layer, scale_name)
    block = getattr(layer, "_int4_block_size", None)
    grouped = mode == "int4" and block is not None and block != -1
    values = getattr(layer, raw)
    if mode == "int4":
        values = quantizers.unpack_int4(values, layer._orig_output_dim, axis=-1)
    if grouped:
        float_w = kc.cast(_dequantize_groups(kc.cast(values, compute) if not dense else values,
                                             scale, getattr(layer, zero_name), layer.g_idx,
                                             axis=0 if dense else -1), compute)
    else:
        float_w = nm.divide(kc.cast(values, compute),
                            scale if dense else na.expand_dims(scale, axis=-1))
    merged = nm.add(float_w, _delta(layer, kind))
    out = {}
    if grouped:
        if dense:
            q, s, z = quantizers.abs_max_quantize_grouped_with_zero_point(
                merged, block_size=block, to_numpy=True)
        else:
            q, s, z = (na.transpose(t) for t in quantizers.abs_max_quantize_grouped_with_zero_point(
                na.transpose(merged), block_size=block, value_range=(-8, 7), dtype="int8",
                to_numpy=True))
        out[zero_name] = z
    else:
        top = (-8, 7) if mode == "int4" else (-127, 127)
        q, s = quantizers.abs_max_quantize(merged, axis=axis, value_range=top, dtype="int8",
                                           to_numpy=True)
        s = na.squeeze(s, axis=axis)
    out[weight] = quantizers.pack_int4(q, axis=-1)[0] if mode == "int4" else q
    out[scale_name] = s
    return out


def _requantized_einsum(layer: Any, mode: str) -> dict:
    """An EinsumDense's kernel with the LoRA product merged in, quantized again as its
    `quantize` does (int4 on the flattened kernel, int8 over the summed axes)."""
    compute = layer.compute_dtype
    out: dict = {}
    if mode == "int4":
        columns = layer._int4_unpacked_column_size
        unpacked = quantizers.unpack_int4(layer._kernel, columns, axis=-1)
        if layer._int4_block_size is None:
            flat = nm.divide(kc.cast(unpacked, compute), layer.kernel_scale)
        else:
            flat = _dequantize_groups(unpacked, layer.kernel_scale, layer.kernel_zero,
                                      layer.g_idx, axis=0)
        merged = nm.add(na.reshape(flat, layer.original_kernel_shape), _delta(layer, "einsum"))
        merged = na.reshape(merged, (-1, columns))
        if layer._int4_block_size is None:
            q, scale = quantizers.abs_max_quantize(merged, axis=0, value_range=(-8, 7),
                                                   dtype="int8", to_numpy=True)
            scale = na.squeeze(scale, axis=0)
        else:
            q, scale, out["kernel_zero"] = quantizers.abs_max_quantize_grouped_with_zero_point(
                merged, block_size=layer._int4_block_size, to_numpy=True)
        out["kernel"] = quantizers.pack_int4(q, axis=-1)[0]
    else:
        axes = quantized.einsum_axes(layer)
        float_w = nm.divide(layer._kernel, quantized.scale_to_kernel(layer.kernel_scale, axes))
        q, scale = quantizers.abs_max_quantize(nm.add(float_w, _delta(layer, "einsum")),
                                               axis=axes["reduced"], to_numpy=True)
        out["kernel"], scale = q, quantized.scale_to_output(scale, axes)
    out["kernel_scale"] = scale
    return out


def weight_view(layer: Any, kind: str) -> Any:
    """A Dense's `kernel` or an Embedding's `embeddings` as Keras 3's property reads it:
    unpacked when int4, with the LoRA product merged in when LoRA is on."""
    w = quantized.weight_view(layer, _KINDS[kind][0])
    return merged_float(layer, kind, w) if layer.__dict__.get("lora_enabled") else w


def reset_after_load(layer: Any, kind: str) -> list:
    """(factor, zeros) pairs: a loaded LoRA layer's weight has the product merged in."""
    return [(getattr(layer, n), kc.convert_to_numpy(na.zeros(getattr(layer, n).shape)))
            for n in _KINDS[kind][1]]


class QuantizableWeights:
    """What Dense, EinsumDense and Embedding share for a weight that may be quantized or
    carry a LoRA update: the config's `quantization_config`, the variables a file saves
    and what loading resets. A subclass names them in `_quantized_saving`: (its spec of the
    variables each mode saves, its LoRA kind), and the modes it quantizes in
    `_quantized_modes`."""

    _quantized_saving: tuple = ({}, "")
    _quantized_modes: tuple = dtype_policies.QUANTIZATION_MODES

    @classmethod
    def from_config(cls, config: dict) -> Any:
        config = dict(config)
        config["quantization_config"] = ser.deserialize_keras_object(
            config.get("quantization_config"))
        return super().from_config(config)  # type: ignore[misc]

    def _saved_variables(self) -> list | None:
        return quantized.saved_variables(self, self._quantized_saving[0], self._quantized_modes)

    def _saved_values(self) -> list:
        if not self.lora_enabled:  # type: ignore[attr-defined]
            return self._saved_variables() or self._trainable_weights + \
                self._non_trainable_weights  # type: ignore[attr-defined]
        spec, kind = self._quantized_saving
        return saved_values(self, kind, spec[self.quantization_mode])  # type: ignore[attr-defined]

    def _after_load(self) -> list:
        mode = self.quantization_mode  # type: ignore[attr-defined]
        if mode in quantized.CALIBRATED_MODES:  # (what a file holds is calibrated)
            object.__setattr__(self, f"is_{mode}_calibrated", True)
        return reset_after_load(self, self._quantized_saving[1]) \
            if self.lora_enabled else []  # type: ignore[attr-defined]

