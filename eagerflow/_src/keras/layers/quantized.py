"""Quantized Dense and Embedding, as Keras 3 quantizes them: the variables each mode builds
(int8 and packed-int4 weights with their scales and zero points, float8's scales and amax
histories), `quantize` (float weights to quantized ones), the quantized calls, and the
order their variables are saved in. core.py's Dense and Embedding call into these.

int8: weights abs-max quantized per output unit (Embedding: per row), inputs per row by
the config's activation quantizer; the int8 product is de-scaled. int4: the same with
values in [-8, 7] packed two to a byte along the last axis, or, with a block size,
asymmetric per-group scales and zero points (`g_idx` maps each row to its group).
float8: the inputs and kernel quantized to float8_e4m3fn and back around the matmul
(delayed scaling); the scales and amax histories are variables a training step
overwrites with what their gradients carry. Sits on quantization_config and keras ops.
"""

from __future__ import annotations

import math
import re
from typing import Any

from eagerflow._src.keras import calibration, quantizers
from eagerflow._src.keras import dtype_policy as dtype_policies
from eagerflow._src.keras import quantization_config as qconfig
from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import numpy_array as na
from eagerflow._src.keras.ops import numpy_linear as nl
from eagerflow._src.keras.ops import numpy_math as nm
from eagerflow._src.keras.ops import numpy_reduce as nr
from eagerflow._src.keras.quantization_config import Int4QuantizationConfig, QuantizationConfig
from eagerflow._src.module import NameScope
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.bitwise import bitwise_and, right_shift
from eagerflow._src.ops.misc_ops import bitcast

# the order `save_own_variables` writes each mode's variables in (Keras 3's spec)
DENSE_SPEC = {
    None: ("kernel", "bias"),
    "int8": ("kernel", "bias", "kernel_scale"),
    "int4": ("kernel", "bias", "kernel_scale", "kernel_zero", "g_idx"),
    "float8": ("kernel", "bias", "inputs_scale", "inputs_amax_history", "kernel_scale",
               "kernel_amax_history", "outputs_grad_scale", "outputs_grad_amax_history"),
    "gptq": ("bias", "quantized_kernel", "kernel_scale", "kernel_zero", "g_idx"),
    "awq": ("bias", "quantized_kernel", "kernel_scale", "kernel_zero", "awq_scales", "g_idx"),
}
CALIBRATED_MODES = ("gptq", "awq")
EMBEDDING_SPEC = {
    None: ("embeddings",),
    "int8": ("embeddings", "embeddings_scale"),
    "int4": ("embeddings", "embeddings_scale", "embeddings_zero", "g_idx"),
}
_EMBEDDING_MODES = ("int8", "int4")
# the weights Keras 3 keeps behind a property (`kernel` reads as the unpacked int4 kernel,
# or with LoRA merged in): their variables
_ATTRS = {"kernel": "_kernel", "embeddings": "_embeddings"}
_FLOAT8_E4M3_MAX = 448.0
_FLOAT8_E5M2_MAX = 57344.0


def saved_variables(layer: Any, spec: dict, modes: tuple = dtype_policies.QUANTIZATION_MODES
                    ) -> list | None:
    """The quantized (or LoRA) layer's variables in the order Keras 3 saves them for its
    mode (None for a plain float layer: its variables in their usual order)."""
    mode = layer.quantization_mode
    if mode is None and not getattr(layer, "lora_enabled", False):
        if not layer.built:
            return None
        # (a float layer saves its spec'd weights only, as Keras 3's Dense and Embedding:
        # a subclass's variables of its own are the subclass's to save)
        return [v for v in (getattr(layer, _ATTRS.get(name, name), None) for name in spec[None])
                if v is not None]
    if mode not in spec:
        raise qconfig.mode_error(mode, modes)
    if not layer.built:
        return []
    return [v for v in (getattr(layer, _ATTRS.get(name, name), None) for name in spec[mode])
            if v is not None]


def block_size_for(layer: Any, config: Any) -> int | None:
    """int4's group size: the config's, else the layer's Int4DTypePolicy's (-1 and None:
    per channel)."""
    if isinstance(config, Int4QuantizationConfig):
        return config.block_size
    policy = layer._dtype_policy  # (a DTypePolicyMap's entry for the layer's path)
    if isinstance(policy, dtype_policies.Int4DTypePolicy):
        return None if policy.block_size == -1 else policy.block_size
    return None  # (a model saved before block sizes existed was per channel)


def _set_policy(layer: Any, mode: str, config: Any) -> None:
    """The layer's policy becomes `<mode>_from_<its float policy>`."""
    if layer._dtype_policy.quantization_mode is not None:
        return
    name = mode
    if mode in CALIBRATED_MODES:
        name = config.dtype_policy_string()
    elif mode == "int4":
        block = block_size_for(layer, config)
        name = f"int4/{-1 if block is None else block}"
    policy = dtype_policies.get(f"{name}_from_{layer._dtype_policy.name}")
    if layer._policy_map is not None and layer.path:
        # (Keras's quantize sets `dtype_policy`: a map gets the path's new entry)
        if layer.path in layer._policy_map:
            del layer._policy_map[layer.path]
        layer._policy_map[layer.path] = policy
    object.__setattr__(layer, "_dtype_policy", policy)


def _weight(layer: Any, name: str, shape: tuple, dtype: str | None = None,
            initializer: Any = "zeros", trainable: bool = False, **kwargs: Any) -> Any:
    return layer.add_weight(name=name, shape=shape, initializer=initializer, dtype=dtype,
                            trainable=trainable, **kwargs)


def _group_index(n: int, block_size: int) -> Any:
    return nm.floor_divide(na.arange(n, dtype="float32"), block_size)


def _dequantize_groups(values: Any, scale: Any, zero: Any, g_idx: Any, axis: int) -> Any:
    """`(values - zero) * scale`, each position along `axis` taking its group's."""
    groups = kc.cast(g_idx, "int32")
    scales = na.take(scale, groups, axis=axis)
    zeros = kc.cast(na.take(zero, groups, axis=axis), scales.dtype)
    return nm.multiply(nm.subtract(values, zeros), scales)


def _outer_scope(variable: Any) -> NameScope:
    """The name scope the layer was built under (its variables' paths, less the layer's
    name and their own), so that the quantized variables get the same path prefix."""
    parts = str(getattr(variable, "path", "")).split("/")
    return NameScope("/".join(parts[:-2]))


def _finish(layer: Any, x: Any, inputs: Any = None) -> Any:
    if getattr(layer, "lora_enabled", False):
        x = layer._lora_output(inputs, x)
    return _bias_activation(layer, x)


def _bias_activation(layer: Any, x: Any) -> Any:
    if layer.bias is not None:
        x = nm.add(x, layer.bias)
    return layer.activation(x) if layer.activation is not None else x


# ---------------------------------------------------------------------------------------
# Dense
# ---------------------------------------------------------------------------------------

def dense_build(layer: Any, kernel_shape: tuple, mode: str, config: Any) -> None:
    """The variables of a Dense quantized with `mode` (the kernel itself for int8/int4)."""
    units = layer.units
    if mode == "int8":
        layer.inputs_quantizer = QuantizationConfig.activation_quantizer_or_default(
            config, quantizers.AbsMaxQuantizer())
        layer._kernel = _weight(layer, "kernel", kernel_shape, "int8")
        layer.kernel_scale = _weight(layer, "kernel_scale", (units,), initializer="ones")
    elif mode == "int4":
        layer.inputs_quantizer = QuantizationConfig.activation_quantizer_or_default(config,
                                                                                    None)
        input_dim, output_dim = kernel_shape
        layer._kernel = _weight(layer, "kernel", (input_dim, (output_dim + 1) // 2), "int8")
        block = block_size_for(layer, config)
        object.__setattr__(layer, "_int4_block_size", block)
        _int4_scales(layer, input_dim, units, block, block is not None and block > 0)
        object.__setattr__(layer, "_orig_input_dim", input_dim)
        object.__setattr__(layer, "_orig_output_dim", output_dim)
    elif mode == "float8":
        _float8_build(layer)
    elif mode in CALIBRATED_MODES:
        object.__setattr__(layer, "kernel_shape", kernel_shape)
        calibrated_build(layer, kernel_shape[0], kernel_shape[1], mode, config, "kernel_zero")
    else:
        raise qconfig.mode_error(mode)
    object.__setattr__(layer, "_is_quantized", True)


def _float8_build(layer: Any) -> None:
    length = getattr(layer.dtype_policy, "amax_history_length",
                     dtype_policies.QuantizedFloat8DTypePolicy.default_amax_history_length)
    # trainable, so that gradients reach them: a training step overwrites each with what
    # its gradient carries (the new scale or history), not an optimizer update
    extra = {"dtype": "float32", "trainable": True, "autocast": False,
             "overwrite_with_gradient": True}
    for what in ("inputs", "kernel", "outputs_grad"):
        setattr(layer, f"{what}_scale",
                _weight(layer, f"{what}_scale", (), initializer="ones", **extra))
        setattr(layer, f"{what}_amax_history",
                _weight(layer, f"{what}_amax_history", (length,), **extra))


def dense_quantize(layer: Any, mode: str, config: Any) -> None:
    """Quantizes a built float Dense's kernel in place (its values, then new variables)."""
    layer.quantization_config = config
    kernel_shape = tuple(layer._kernel.shape.as_list())
    if mode == "int8":
        quantizer = QuantizationConfig.weight_quantizer_or_default(
            config, quantizers.AbsMaxQuantizer(axis=0))
        values, scale = quantizer(layer._kernel, to_numpy=True)
        values, scale, zero = values, na.squeeze(scale, axis=0), None
    elif mode == "int4":
        block = config.block_size if isinstance(config, Int4QuantizationConfig) else None
        zero = None
        if block is None or block == -1:
            quantizer = QuantizationConfig.weight_quantizer_or_default(
                config, quantizers.AbsMaxQuantizer(axis=0, value_range=(-8, 7),
                                                   output_dtype="int8"))
            values, scale = quantizer(layer._kernel, to_numpy=True)
            scale = na.squeeze(scale, axis=0)
        else:
            values, scale, zero = quantizers.abs_max_quantize_grouped_with_zero_point(
                layer._kernel, block_size=block, to_numpy=True)
        values = quantizers.pack_int4(values, axis=-1)[0]
    elif mode in ("float8", *CALIBRATED_MODES):
        # (float8 keeps the kernel; GPTQ and AWQ keep it until their calibration pass)
        with _outer_scope(layer._kernel):
            dense_build(layer, kernel_shape, mode, None if mode == "float8" else config)
        _set_policy(layer, mode, config)
        return
    else:
        raise qconfig.mode_error(mode)
    _replace_weight(layer, dense_build, kernel_shape, mode, config, (values, scale, zero))


def _replace_weight(layer: Any, build: Any, kernel_shape: tuple, mode: str, config: Any,
                    quantized: tuple, weight: str = "kernel") -> None:
    """Swaps the float weight (`_kernel`, or `_embeddings`) for `mode`'s variables
    (`build` makes them in the weight's name scope) holding `quantized`: (values, scale,
    zero point or None), the values in `_<weight>`, the others in `<weight>_scale` and
    `<weight>_zero`."""
    values, scale, zero = quantized
    scope = _outer_scope(getattr(layer, f"_{weight}"))
    delattr(layer, f"_{weight}")
    with scope:  # (a ReversibleEmbedding builds its reverse weights too)
        build(layer, kernel_shape, mode, config)
    getattr(layer, f"_{weight}").assign(values)
    getattr(layer, f"{weight}_scale").assign(scale)
    if zero is not None:
        getattr(layer, f"{weight}_zero").assign(zero)
    _set_policy(layer, mode, config)


def weight_view(layer: Any, attr: str) -> Any:
    """What a layer's `kernel` (`embeddings`) reads as in Keras 3: the variable, an int4
    one unpacked (an EinsumDense's shaped back)."""
    if layer.quantization_mode in CALIBRATED_MODES and layer.built:
        return calibrated_weight_view(layer)
    if attr not in layer.__dict__:
        raise AttributeError(f"You must build the layer before accessing `{attr[1:]}`.")
    w = layer.__dict__[attr]
    if layer.quantization_mode in CALIBRATED_MODES:
        return calibrated_weight_view(layer)
    if layer.quantization_mode == "int4":
        if hasattr(layer, "_int4_unpacked_column_size"):  # (an EinsumDense)
            return na.reshape(quantizers.unpack_int4(w, layer._int4_unpacked_column_size,
                                                     axis=-1), layer.original_kernel_shape)
        return quantizers.unpack_int4(w, layer._orig_output_dim, axis=-1)
    return w


def dense_call(layer: Any, inputs: Any, training: Any = None) -> Any:
    mode = layer.quantization_mode
    if mode in CALIBRATED_MODES:
        return _bias_activation(layer, nl.matmul(inputs, calibrated_kernel(layer)))
    if mode == "int8":
        return _finish(layer, _int_matmul(layer, inputs, kc.convert_to_tensor(layer._kernel)),
                       inputs)
    if mode == "int4":
        unpacked = quantizers.unpack_int4(layer._kernel, layer._orig_output_dim, axis=-1)
        block = getattr(layer, "_int4_block_size", None)
        if block is None or block == -1:
            return _finish(layer, _int_matmul(layer, inputs, unpacked), inputs)
        return _finish(layer, _grouped_matmul(layer, inputs, unpacked), inputs)
    if mode == "float8":
        if getattr(layer, "lora_enabled", False):
            raise NotImplementedError("Currently, `_float8_call` doesn't support LoRA")
        return _finish_float8(layer, _float8_matmul(layer, inputs, bool(training)))
    raise qconfig.mode_error(mode)


def _int_matmul(layer: Any, inputs: Any, kernel: Any) -> Any:
    """`inputs @ kernel` over the integer kernel, de-scaled (the inputs quantized per row
    first when the layer has an inputs quantizer); the inputs' gradient is taken through
    the de-quantized kernel."""
    compute = layer.compute_dtype

    @kc.custom_gradient
    def matmul(x: Any, kernel_scale: Any) -> tuple:
        def grad(*args: Any, upstream: Any = None) -> tuple:
            g = args[0] if upstream is None else upstream
            float_kernel = nm.divide(kc.cast(kernel, compute), kernel_scale)
            return nl.matmul(g, na.transpose(float_kernel)), None

        scale = kernel_scale
        if layer.inputs_quantizer:
            x, inputs_scale = layer.inputs_quantizer(x, axis=-1)
            scale = nm.multiply(scale, inputs_scale)
        out = kc.cast(nl.matmul(x, kernel), compute)
        return nm.divide(out, scale), grad

    return matmul(inputs, kc.convert_to_tensor(layer.kernel_scale))


def _grouped_matmul(layer: Any, inputs: Any, unpacked: Any) -> Any:
    compute = layer.compute_dtype
    float_kernel = kc.cast(_dequantize_groups(unpacked, layer.kernel_scale, layer.kernel_zero,
                                              layer.g_idx, axis=0), compute)

    @kc.custom_gradient
    def matmul(x: Any) -> tuple:
        def grad(*args: Any, upstream: Any = None) -> Any:
            g = args[0] if upstream is None else upstream
            return nl.matmul(g, na.transpose(float_kernel))

        return nl.matmul(x, float_kernel), grad

    return matmul(inputs)


def _qdq_forward(x: Any, scale: Any, history: Any, training: bool, compute: str) -> Any:
    """`x` through float8_e4m3fn and back; in training, the gradients of `scale` and
    `history` are their next values (from the history's amax, and `x`'s)."""
    @kc.custom_gradient
    def qdq(v: Any, s: Any, h: Any) -> tuple:
        if training:
            new_scale = quantizers.compute_float8_scale(
                nr.max(h, axis=0), s, kc.cast(_FLOAT8_E4M3_MAX, "float32"))
            new_history = quantizers.compute_float8_amax_history(v, h)
        else:
            new_scale = new_history = None

        def grad(*args: Any, upstream: Any = None, variables: Any = None) -> tuple:
            g = args[0] if upstream is None else upstream
            return g, new_scale, new_history

        return quantizers.quantize_and_dequantize(v, s, "float8_e4m3fn", compute), grad

    return qdq(x, scale, history)


def _qdq_backward(x: Any, scale: Any, history: Any, compute: str) -> Any:
    """`x` unchanged; its gradient through float8_e5m2 and back, and the next scale and
    history as the gradients of `scale` and `history`."""
    @kc.custom_gradient
    def qdq(v: Any, s: Any, h: Any) -> tuple:
        def grad(*args: Any, upstream: Any = None, variables: Any = None) -> tuple:
            g = args[0] if upstream is None else upstream
            new_scale = quantizers.compute_float8_scale(
                nr.max(h, axis=0), s, kc.cast(_FLOAT8_E5M2_MAX, "float32"))
            out = quantizers.quantize_and_dequantize(g, s, "float8_e5m2", compute)
            return out, new_scale, quantizers.compute_float8_amax_history(g, h)

        return v, grad

    return qdq(x, scale, history)


def _float8_matmul(layer: Any, inputs: Any, training: bool, product: Any = nl.matmul) -> Any:
    compute = layer.compute_dtype
    x = product(
        _qdq_forward(inputs, kc.convert_to_tensor(layer.inputs_scale),
                     kc.convert_to_tensor(layer.inputs_amax_history), training, compute),
        _qdq_forward(kc.convert_to_tensor(layer._kernel), kc.convert_to_tensor(layer.kernel_scale),
                     kc.convert_to_tensor(layer.kernel_amax_history), training, compute))
    return _qdq_backward(x, kc.convert_to_tensor(layer.outputs_grad_scale),
                         kc.convert_to_tensor(layer.outputs_grad_amax_history), compute)


def _round_to_bfloat16(x: Any) -> Any:
    """float32 `x` rounded to bfloat16's 8-bit mantissa (to nearest, ties to even), as a
    cast to bfloat16 and back rounds it, on the bits (bfloat16 needs no ml_dtypes here)."""
    bits = kc.cast(bitcast(x, "uint32"), "uint64")  # (room for the carry)

    def u64(v: int) -> Any:
        return kc.convert_to_tensor(v, "uint64")

    odd = bitwise_and(right_shift(bits, u64(16)), u64(1))
    rounded = bitwise_and(tm.add(tm.add(bits, u64(0x7FFF)), odd), u64(0xFFFF0000))
    return bitcast(kc.cast(rounded, "uint32"), "float32")


@kc.custom_gradient
def _through_bfloat16(x: Any) -> tuple:
    """A cast to bfloat16 and back: both the value and its gradient rounded (TF's Cast
    gradient casts the upstream gradient back through bfloat16 too)."""
    def grad(*args: Any, upstream: Any = None) -> Any:
        return _round_to_bfloat16(args[0] if upstream is None else upstream)

    return _round_to_bfloat16(x), grad


def _finish_float8(layer: Any, x: Any) -> Any:
    if layer.bias is not None:
        bias = kc.convert_to_tensor(layer.bias)
        if layer.dtype_policy.compute_dtype == "float32":
            # Keras 3 on TF rounds a float32 bias through bfloat16 here (for XLA's
            # bias-add fusion), so its outputs carry that rounding
            bias = _through_bfloat16(bias)
        x = nm.add(x, bias)
    return layer.activation(x) if layer.activation is not None else x


# ---------------------------------------------------------------------------------------
# Embedding
# ---------------------------------------------------------------------------------------

def embedding_build(layer: Any, shape: tuple, mode: str, config: Any) -> None:
    input_dim, output_dim = shape
    if mode == "int8":
        layer._embeddings = _weight(layer, "embeddings", shape, "int8")
        layer.embeddings_scale = _weight(layer, "embeddings_scale", (input_dim,),
                                         initializer="ones")
    elif mode == "int4":
        layer._embeddings = _weight(layer, "embeddings", (input_dim, (output_dim + 1) // 2),
                                   "int8")
        block = block_size_for(layer, config)
        object.__setattr__(layer, "_int4_block_size", block)
        grouped = block is not None and block > 0
        scale_shape = (input_dim, math.ceil(output_dim / block)) if grouped else (input_dim,)
        layer.embeddings_scale = _weight(layer, "embeddings_scale", scale_shape,
                                         initializer="ones")
        if grouped:
            layer.embeddings_zero = _weight(layer, "embeddings_zero", scale_shape, "int8")
            layer.g_idx = _weight(layer, "g_idx", (output_dim,), "float32")
            layer.g_idx.assign(_group_index(output_dim, block))
        object.__setattr__(layer, "_orig_output_dim", output_dim)
    else:
        raise qconfig.mode_error(mode, _EMBEDDING_MODES)
    object.__setattr__(layer, "_is_quantized", True)


def embedding_quantize(layer: Any, mode: str, config: Any, build_fn: Any = None) -> None:
    layer.quantization_config = config
    shape = (layer.input_dim, layer.output_dim)
    zero = None
    if mode == "int8":
        quantizer = QuantizationConfig.weight_quantizer_or_default(
            config, quantizers.AbsMaxQuantizer(axis=-1))
        values, scale = quantizer(layer._embeddings, to_numpy=True)
        scale = na.squeeze(scale, axis=-1)
    elif mode == "int4":
        block = config.block_size if isinstance(config, Int4QuantizationConfig) else None
        if block is None or block == -1:
            quantizer = QuantizationConfig.weight_quantizer_or_default(
                config, quantizers.AbsMaxQuantizer(axis=-1, value_range=(-8, 7),
                                                   output_dtype="int8"))
            values, scale = quantizer(layer._embeddings, to_numpy=True)
            scale = na.squeeze(scale, axis=-1)
        else:  # grouped along output_dim: quantized as the transpose's rows
            values, scale, zero = quantizers.abs_max_quantize_grouped_with_zero_point(
                na.transpose(layer._embeddings), block_size=block, value_range=(-8, 7),
                dtype="int8", to_numpy=True)
            values, scale, zero = (na.transpose(t) for t in (values, scale, zero))
        values = quantizers.pack_int4(values, axis=-1)[0]
    else:
        raise qconfig.mode_error(mode, _EMBEDDING_MODES)
    _replace_weight(layer, build_fn or embedding_build, shape, mode, config,
                    (values, scale, zero), "embeddings")


def embedding_call(layer: Any, inputs: Any) -> Any:
    mode = layer.quantization_mode
    if kd.standardize_dtype(inputs.dtype) not in ("int32", "int64"):
        inputs = kc.cast(inputs, "int32")
    compute = layer.compute_dtype
    if mode == "int8":
        scale = na.take(layer.embeddings_scale, inputs, axis=0)
        out = na.take(layer._embeddings, inputs, axis=0)
        return nm.divide(kc.cast(out, compute), na.expand_dims(scale, axis=-1))
    if mode != "int4":
        raise qconfig.mode_error(mode, _EMBEDDING_MODES)
    unpacked = quantizers.unpack_int4(layer._embeddings, layer._orig_output_dim, axis=-1)
    out = na.take(unpacked, inputs, axis=0)
    scale = na.take(layer.embeddings_scale, inputs, axis=0)
    block = getattr(layer, "_int4_block_size", None)
    if block is None or block == -1:
        return nm.divide(kc.cast(out, compute), na.expand_dims(scale, axis=-1))
    zero = na.take(layer.embeddings_zero, inputs, axis=0)
    return _dequantize_groups(kc.cast(out, compute), scale, zero, layer.g_idx, axis=-1)


# ---------------------------------------------------------------------------------------
# EinsumDense
# ---------------------------------------------------------------------------------------

def _einsum_specs(equation: str) -> tuple:
    """The equation's input, kernel and output labels (an equation without ellipsis)."""
    eq = equation.replace("...", "0")
    plain = re.match("([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)", eq)
    if plain is not None:
        return plain.groups()
    if re.match("0([a-zA-Z]+),([a-zA-Z]+)->0([a-zA-Z]+)", eq) or \
            re.match("([a-zA-Z]{2,})0,([a-zA-Z]+)->([a-zA-Z]+)0", eq):
        # Keras 3.15 hands its analysis the inputs' rank where it takes their shape, so
        # it cannot quantize an equation with an ellipsis: its error, here too
        raise TypeError("object of type 'int' has no len()")
    raise ValueError(f"Invalid einsum equation '{equation}'. Equations must be in the form "
                     "[X],[Y]->[Z], ...[X],[Y]->...[Z], or [X]...,[Y]->[Z]....")


def einsum_info(equation: str) -> dict:
    """How per-axis scales line up with an einsum's output: for the inputs and the kernel,
    the axes the equation sums over (their scales' axes), and the transpose, new axes and
    squeezed axes that put a scale (kept dims) in the output's layout; and the einsum of
    the inputs' gradient."""
    i_spec, w_spec, o_spec = _einsum_specs(equation)
    info = {"grad_equation": f"{o_spec},{w_spec}->{i_spec}"}
    # Keras 3 walks the reduced axes of the inputs, then the kernel's, taking an output
    # axis for each from the labels the output has beyond the operand; one with none
    # left is squeezed, and is put at the last position used (before any, the output
    # position of the kernel's last label), so the same is done here
    last = o_spec.find(w_spec[-1])
    for name, spec in (("input", i_spec), ("kernel", w_spec)):
        reduced = [k for k, c in enumerate(spec) if c not in o_spec]
        expand = [k for k, c in enumerate(o_spec) if c not in spec]
        transpose = [spec.index(c) for c in o_spec if c in spec]
        squeeze = []
        for axis in reduced:
            if expand:
                last = expand.pop(0)
            else:
                squeeze.append(axis)
            transpose.insert(last, axis)
        info[name] = {"reduced": reduced, "transpose": transpose, "expand": expand,
                      "squeeze": squeeze}
    return info


def _scale_to_output(scale: Any, axes: dict) -> Any:
    if axes["transpose"]:
        scale = na.transpose(scale, axes["transpose"])
    if axes["expand"]:
        scale = na.expand_dims(scale, axis=axes["expand"])
    if axes["squeeze"]:
        scale = na.squeeze(scale, axis=axes["squeeze"])
    return scale


def _scale_to_kernel(scale: Any, axes: dict) -> Any:
    """The kernel scale back in the kernel's layout (the reverse of _scale_to_output)."""
    if axes["squeeze"]:
        scale = na.expand_dims(scale, axis=axes["squeeze"])
    if axes["expand"]:
        scale = na.squeeze(scale, axis=axes["expand"])
    if axes["transpose"]:
        perm = axes["transpose"]
        scale = na.transpose(scale, sorted(range(len(perm)), key=perm.__getitem__))
    return scale


def scale_to_output(scale: Any, axes: dict) -> Any:
    return _scale_to_output(scale, axes)


def scale_to_kernel(scale: Any, axes: dict) -> Any:
    return _scale_to_kernel(scale, axes)


def einsum_axes(layer: Any) -> dict:
    """An EinsumDense's kernel axes (summed, and how its scale lines up)."""
    return _einsum_info(layer)["kernel"]


def _einsum_info(layer: Any) -> dict:
    info = layer.__dict__.get("_quant_info")
    if info is None:
        info = einsum_info(layer.equation)
        object.__setattr__(layer, "_quant_info", info)
    return info


def einsum_build(layer: Any, kernel_shape: tuple, mode: str, config: Any) -> None:
    if mode == "int8":
        axes = _einsum_info(layer)["kernel"]
        layer.inputs_quantizer = QuantizationConfig.activation_quantizer_or_default(
            config, quantizers.AbsMaxQuantizer())
        layer._kernel = _weight(layer, "kernel", tuple(kernel_shape), "int8")
        shape = [1 if k in axes["reduced"] else d for k, d in enumerate(kernel_shape)]
        shape = [shape[a] for a in axes["transpose"]]
        for a in sorted(axes["expand"]):
            shape.insert(a, 1)
        for a in sorted(axes["squeeze"], reverse=True):
            shape.pop(a)
        layer.kernel_scale = _weight(layer, "kernel_scale", tuple(shape), initializer="ones")
    elif mode == "int4":
        _einsum_int4_build(layer, tuple(kernel_shape), config)
    elif mode == "float8":
        _float8_build(layer)
    elif mode in CALIBRATED_MODES:
        if len(kernel_shape) not in (2, 3):
            # (Keras 3.15's GPTQ build leaves its row count unset for other ranks)
            if mode == "gptq":
                raise UnboundLocalError("cannot access local variable 'rows' where it is not "
                                        "associated with a value")
            raise ValueError("AWQ quantization only supports 2D or 3D kernels.")
        _einsum_info(layer)  # (Keras 3 analyses the equation here too, and fails the same)
        object.__setattr__(layer, "original_kernel_shape", tuple(kernel_shape))
        rows, columns = calibration.kernel_matrix_shape(tuple(kernel_shape))
        if mode == "gptq":
            object.__setattr__(layer, "gptq_unpacked_column_size", columns)
        calibrated_build(layer, rows, columns, mode, config, "zero_point")
    else:
        raise _einsum_mode_error(layer, mode)
    object.__setattr__(layer, "_is_quantized", True)


def _rows_columns(layer: Any, kernel_shape: tuple) -> tuple:
    """An int4 EinsumDense kernel as a matrix: the summed axes' sizes multiplied (rows),
    the others' (columns). Keras 3 reshapes the kernel to it without moving axes, so
    neither is it transposed here."""
    reduced = _einsum_info(layer)["kernel"]["reduced"]
    rows = math.prod(d for k, d in enumerate(kernel_shape) if k in reduced)
    return rows, math.prod(d for k, d in enumerate(kernel_shape) if k not in reduced)


def _einsum_int4_build(layer: Any, kernel_shape: tuple, config: Any) -> None:
    layer.inputs_quantizer = QuantizationConfig.activation_quantizer_or_default(config, None)
    object.__setattr__(layer, "original_kernel_shape", kernel_shape)
    rows, columns = _rows_columns(layer, kernel_shape)
    block = block_size_for(layer, config)
    grouped = block is not None and block != -1
    object.__setattr__(layer, "_int4_block_size", block if grouped else None)
    object.__setattr__(layer, "_int4_unpacked_column_size", columns)
    layer._kernel = _weight(layer, "kernel", (rows, (columns + 1) // 2), "int8")
    _int4_scales(layer, rows, columns, block, grouped)


def _int4_scales(layer: Any, rows: int, columns: int, block: Any, grouped: bool) -> None:
    """An int4 kernel's (rows, columns) scales: one per column, or, `grouped`, one per
    block of `block` rows and column, with zero points and each row's group index."""
    scale_shape = (math.ceil(rows / block), columns) if grouped else (columns,)
    layer.kernel_scale = _weight(layer, "kernel_scale", scale_shape, initializer="ones")
    if grouped:
        layer.kernel_zero = _weight(layer, "kernel_zero", scale_shape, "int8")
        layer.g_idx = _weight(layer, "g_idx", (rows,), "float32")
        layer.g_idx.assign(_group_index(rows, block))


def _einsum_int4(layer: Any, inputs: Any) -> Any:
    """An int4 EinsumDense's product: its kernel unpacked, de-quantized (per column, or
    per group of rows with zero points) and shaped back, the inputs quantized first
    when the layer has an inputs quantizer; the inputs' gradient through that kernel."""
    info = _einsum_info(layer)
    compute = layer.compute_dtype
    unpacked = quantizers.unpack_int4(layer._kernel, layer._int4_unpacked_column_size,
                                      axis=-1, dtype="int8")
    if layer._int4_block_size is None:
        float_kernel = nm.divide(kc.cast(unpacked, compute), layer.kernel_scale)
    else:
        float_kernel = kc.cast(_dequantize_groups(unpacked, layer.kernel_scale,
                                                  layer.kernel_zero, layer.g_idx, axis=0),
                               compute)
    float_kernel = na.reshape(float_kernel, layer.original_kernel_shape)

    @kc.custom_gradient
    def product(x: Any) -> tuple:
        def grad(*args: Any, upstream: Any = None) -> Any:
            g = args[0] if upstream is None else upstream
            return nl.einsum(info["grad_equation"], g, float_kernel)

        if layer._int4_block_size is None and layer.inputs_quantizer:
            xq, scale = layer.inputs_quantizer(x, axis=tuple(info["input"]["reduced"]))
            out = kc.cast(nl.einsum(layer.equation, xq, float_kernel), compute)
            return nm.divide(out, _scale_to_output(scale, info["input"])), grad
        return nl.einsum(layer.equation, x, float_kernel), grad

    return product(inputs)


def _einsum_mode_error(layer: Any, mode: str) -> NotImplementedError:
    return qconfig.mode_error(mode)


def einsum_quantize(layer: Any, mode: str, config: Any) -> None:
    layer.quantization_config = config
    kernel_shape = tuple(layer._kernel.shape.as_list())
    if mode in ("float8", *CALIBRATED_MODES):
        with _outer_scope(layer._kernel):
            einsum_build(layer, kernel_shape, mode, None if mode == "float8" else config)
        _set_policy(layer, mode, config)
        return
    zero = None
    if mode == "int8":
        axes = _einsum_info(layer)["kernel"]
        quantizer = QuantizationConfig.weight_quantizer_or_default(
            config, quantizers.AbsMaxQuantizer(axis=axes["reduced"]))
        values, scale = quantizer(layer._kernel, to_numpy=True)
        scale = _scale_to_output(scale, axes)
    elif mode == "int4":
        # (Keras 3 quantizes an EinsumDense's int4 kernel with its own quantizer, not
        # the config's)
        block = config.block_size if isinstance(config, Int4QuantizationConfig) else None
        flat = na.reshape(layer._kernel, _rows_columns(layer, kernel_shape))
        if block is None or block == -1:
            values, scale = quantizers.abs_max_quantize(flat, axis=0, value_range=(-8, 7),
                                                        dtype="int8", to_numpy=True)
            scale = na.squeeze(scale, axis=0)
        else:
            values, scale, zero = quantizers.abs_max_quantize_grouped_with_zero_point(
                flat, block_size=block, to_numpy=True)
        values = quantizers.pack_int4(values, axis=-1)[0]
    else:
        raise _einsum_mode_error(layer, mode)
    _replace_weight(layer, einsum_build, kernel_shape, mode, config, (values, scale, zero))


def einsum_call(layer: Any, inputs: Any, training: Any = None) -> Any:
    mode = layer.quantization_mode
    equation = layer.equation
    if mode == "float8":
        if layer.lora_enabled:
            raise NotImplementedError("Currently, `_float8_call` doesn't support LoRA")

        def product(a: Any, b: Any) -> Any:
            return nl.einsum(equation, a, b)
        return _finish_float8(layer, _float8_matmul(layer, inputs, bool(training), product))
    if mode == "int4":
        return _finish(layer, _einsum_int4(layer, inputs), inputs)
    if mode in CALIBRATED_MODES:
        kernel = calibrated_kernel(layer)
        if layer.__dict__.get(f"is_{mode}_calibrated"):
            kernel = na.reshape(kernel, layer.original_kernel_shape)
        return _bias_activation(layer, nl.einsum(equation, inputs, kernel))
    if mode != "int8":
        raise _einsum_mode_error(layer, mode)
    info = _einsum_info(layer)
    compute = layer.compute_dtype
    kernel = kc.convert_to_tensor(layer._kernel)

    @kc.custom_gradient
    def product(x: Any, kernel_scale: Any) -> tuple:
        def grad(*args: Any, upstream: Any = None) -> tuple:
            g = args[0] if upstream is None else upstream
            float_kernel = nm.divide(kc.cast(kernel, compute),
                                     _scale_to_kernel(kernel_scale, info["kernel"]))
            return nl.einsum(info["grad_equation"], g, float_kernel), None

        scale = kernel_scale
        if layer.inputs_quantizer:
            x, inputs_scale = layer.inputs_quantizer(x, axis=tuple(info["input"]["reduced"]))
            scale = nm.multiply(_scale_to_output(inputs_scale, info["input"]), kernel_scale)
        out = kc.cast(nl.einsum(equation, x, kernel), compute)
        return nm.divide(out, scale), grad

    return _finish(layer, product(inputs, kc.convert_to_tensor(layer.kernel_scale)), inputs)


# ---------------------------------------------------------------------------------------
# GPTQ and AWQ (Dense and EinsumDense; the calibration itself is calibration.py's)
# ---------------------------------------------------------------------------------------

def calibrated_settings(layer: Any, mode: str, config: Any) -> tuple:
    """(weight_bits, group_size) of a GPTQ / AWQ layer: its config's, else its policy's."""
    cls = qconfig.GPTQConfig if mode == "gptq" else qconfig.AWQConfig
    if isinstance(config, cls):
        return config.weight_bits, config.group_size
    policy = layer.dtype_policy
    if mode == "gptq":
        if isinstance(policy, dtype_policies.GPTQDTypePolicy) and \
                not isinstance(policy, dtype_policies.AWQDTypePolicy):
            return policy.weight_bits, policy.group_size
        raise ValueError("For GPTQ quantization, the weight_bits must be specifiedeither "
                         "through a `dtype_policy` of type `GPTQDTypePolicy` or the `config` "
                         "argument.")
    if isinstance(policy, dtype_policies.AWQDTypePolicy):
        return 4, policy.group_size
    raise ValueError("For AWQ quantization, group_size must be specified through AWQConfig "
                     "or AWQDTypePolicy.")


def calibrated_build(layer: Any, rows: int, columns: int, mode: str, config: Any,
                     zero_name: str) -> None:
    """A GPTQ / AWQ layer's variables, as Keras 3 lays them out: the quantized kernel
    transposed ([columns, rows], two 4-bit values a byte along the columns), a scale and
    uint8 zero point per column and group of rows, AWQ's per-row scales, and each row's
    group. The float kernel serves the calls until the calibration pass fills these."""
    bits, group = calibrated_settings(layer, mode, config)
    object.__setattr__(layer, f"is_{mode}_calibrated", False)
    packed = (columns + 1) // 2 if bits == 4 else columns
    groups = 1 if group == -1 else math.ceil(rows / group)
    layer.quantized_kernel = _weight(layer, "kernel", (packed, rows), "uint8")
    layer.kernel_scale = _weight(layer, "kernel_scale", (columns, groups), initializer="ones")
    layer.kernel_zero = _weight(layer, zero_name, (columns, groups), "uint8")
    if mode == "awq":
        layer.awq_scales = _weight(layer, "awq_scales", (rows,), initializer="ones")
    layer.g_idx = _weight(layer, "g_idx", (rows,), "float32")
    object.__setattr__(layer, "_calibrated_columns", columns)
    object.__setattr__(layer, "_calibrated_bits", bits)


def calibrated_weight_view(layer: Any) -> Any:
    """`kernel` of a GPTQ / AWQ layer as Keras 3 reads it: the float kernel before the
    calibration, after it the quantized values unpacked ([columns, rows], uint8)."""
    mode = layer.quantization_mode
    if not layer.__dict__.get(f"is_{mode}_calibrated"):
        return layer.__dict__.get("_kernel")
    if layer._calibrated_bits != 4:
        return layer.quantized_kernel
    return quantizers.unpack_int4(layer.quantized_kernel, layer._calibrated_columns, axis=0,
                                  dtype="uint8")


def calibrated_kernel(layer: Any) -> Any:
    """The kernel a GPTQ / AWQ layer multiplies by: the float one until calibrated, then
    the de-quantized values ([rows, columns]; AWQ's divided by its per-row scales)."""
    mode = layer.quantization_mode
    if not layer.__dict__.get(f"is_{mode}_calibrated"):
        return layer._kernel
    w = calibrated_weight_view(layer)
    w = na.transpose(_dequantize_groups(w, layer.kernel_scale, layer.kernel_zero, layer.g_idx,
                                        axis=-1))
    if mode == "awq":
        w = nm.divide(w, na.expand_dims(layer.awq_scales, -1))
    return w


def assign_calibrated(layer: Any, mode: str, result: tuple) -> None:
    """Writes a layer's GPTQ result (quantized, scale, zero, g_idx) or AWQ result
    (quantized, scale, zero, awq_scales, g_idx) into its variables, packing 4-bit values
    two to a byte, and drops the float kernel."""
    values = kc.convert_to_tensor(result[0].astype("uint8"))
    if layer._calibrated_bits == 4:
        values = quantizers.pack_int4(values, axis=0, dtype="uint8")[0]
    del layer._kernel
    layer.quantized_kernel.assign(values)
    layer.kernel_scale.assign(result[1])
    layer.kernel_zero.assign(result[2])
    if mode == "awq":
        layer.awq_scales.assign(result[3])
    layer.g_idx.assign(result[-1])
    object.__setattr__(layer, f"is_{mode}_calibrated", True)
