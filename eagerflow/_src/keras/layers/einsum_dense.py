"""EinsumDense: a dense layer whose product with its kernel is an einsum equation.

`EinsumDense("abc,cd->abd", output_shape=(None, 64), bias_axes="d")` maps (batch, seq, c)
to (batch, seq, 64). The kernel's shape comes from the equation: each weight axis takes
the size of the output axis (given by `output_shape`) or the input axis of the same
letter. Equations may elide leading or trailing axes with `...`, as in Keras 3.
"""

from __future__ import annotations

import re
from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras import activations, constraints, initializers, regularizers
from eagerflow._src.keras import quantization_config as qconfig
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.layers import lora, quantized
from eagerflow._src.keras.layers._utils import ser_act, ser_con, ser_init, ser_reg
from eagerflow._src.keras.ops.numpy_linear import einsum


def _analyze(equation: str, bias_axes: str | None, input_shape: list,
             output_shape: tuple) -> tuple:
    """(kernel shape, bias shape or None, full output shape, kernel's input axes, kernel's
    output axes) for `equation` applied to inputs of `input_shape`."""
    spec = re.sub(r"\.\.\.", "0", equation)
    for pattern, left_elided in ((r"([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)$", False),
                                 (r"0([a-zA-Z]+),([a-zA-Z]+)->0([a-zA-Z]+)$", True),
                                 (r"([a-zA-Z]{2,})0,([a-zA-Z]+)->([a-zA-Z]+)0$", False)):
        match = re.match(pattern, spec)
        if match:
            return _analyze_split(*match.groups(), bias_axes, input_shape, output_shape,
                                  left_elided)
    raise ValueError(f"Invalid einsum equation '{equation}'. Equations must be in the form "
                     "[X],[Y]->[Z], ...[X],[Y]->...[Z], or [X]...,[Y]->[Z]....")


def _analyze_split(input_spec: str, weight_spec: str, output_spec: str,
                   bias_axes: str | None, input_shape: list, output_shape: tuple,
                   left_elided: bool) -> tuple:
    input_shape = tuple(input_shape)  # (a shape too short: Keras's IndexError of a tuple)
    elided = len(input_shape) - len(input_spec)
    out = [input_shape[0]] + list(output_shape)
    if elided > 0 and left_elided:
        for i in range(1, elided):
            out.insert(1, input_shape[i])
    elif elided > 0:
        out.extend(input_shape[len(input_shape) - elided:])
    if left_elided:
        in_map = {d: i + elided - len(input_shape) for i, d in enumerate(input_spec)}
        out_map = {d: i + elided for i, d in enumerate(output_spec)}
    else:
        in_map = {d: i for i, d in enumerate(input_spec)}
        out_map = {d: i for i, d in enumerate(output_spec)}
    for d in input_spec:
        if d in out_map and out[out_map[d]] is not None and \
                out[out_map[d]] != input_shape[in_map[d]]:
            raise ValueError(f"Input shape and output shape do not match at shared dimension "
                             f"'{d}'. Input shape is {input_shape[in_map[d]]}, and output shape "
                             f"is {out[out_map[d]]}.")
    for d in output_spec:
        if d not in input_spec and d not in weight_spec:
            raise ValueError(f"Dimension '{d}' was specified in the output '{output_spec}' but "
                             f"has no corresponding dim in the input spec '{input_spec}' or "
                             f"weight spec '{output_spec}'")
    kernel_shape, input_axes, output_axes = [], [], []
    for i, d in enumerate(weight_spec):
        if d in out_map:
            kernel_shape.append(out[out_map[d]])
            output_axes.append(i)
        elif d in in_map:
            kernel_shape.append(input_shape[in_map[d]])
            input_axes.append(i)
        else:
            raise ValueError(f"Weight dimension '{d}' did not have a match in either the input "
                             f"spec '{input_spec}' or the output spec '{output_spec}'. For this "
                             "layer, the weight must be fully specified.")
    bias_shape = None
    if bias_axes is not None:
        offset = elided if left_elided else 0
        sizes = {d: out[i + offset] for i, d in enumerate(output_spec)}
        for d in bias_axes:
            if d not in output_spec:
                raise ValueError(f"Bias dimension '{d}' was requested, but is not part of the "
                                 f"output spec '{output_spec}'")
        first = min(output_spec.find(d) for d in bias_axes)
        bias_shape = [sizes[d] if d in bias_axes else 1 for d in output_spec[first:]]
        if not left_elided:
            bias_shape += [1] * elided
    return kernel_shape, bias_shape, out, input_axes, output_axes


class EinsumDense(lora.QuantizableWeights, Layer):
    """`EinsumDense(equation, output_shape, activation=None, bias_axes=None, ...)`."""

    _checkpoint_names = {"kernel": "_kernel"}  # Keras 3's attribute

    _quantized_saving = (quantized.DENSE_SPEC, "einsum")
    _calibrated_quantization = True  # (GPTQ and AWQ quantize it, subclasses included)

    def __init__(self, equation: str, output_shape: Any, activation: Any = None,
                 bias_axes: str | None = None, kernel_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", kernel_regularizer: Any = None,
                 bias_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, lora_rank: int | None = None,
                 lora_alpha: float | None = None, gptq_unpacked_column_size: int | None = None,
                 quantization_config: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.gptq_unpacked_column_size = gptq_unpacked_column_size
        self.quantization_config = quantization_config
        lora.init_args(self, lora_rank, lora_alpha)
        self.equation = equation
        self.partial_output_shape = (output_shape,) if isinstance(output_shape, int) \
            else tuple(output_shape)
        self.bias_axes = bias_axes
        self.activation = activations.get(activation)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)

    def build(self, input_shape: Any) -> None:
        shape = TensorShape(input_shape).as_list()
        kernel_shape, bias_shape, _, input_axes, output_axes = _analyze(
            self.equation, self.bias_axes, shape, self.partial_output_shape)
        self.input_spec = InputSpec(ndim=len(shape))
        init = self.kernel_initializer
        if isinstance(init, initializers.VarianceScaling) and (
                init.input_axes is None or init.output_axes is None):
            # the fans come from the equation's input and output axes of the kernel; the
            # copy keeps the drawn seed (no new draw from Python's random), as Keras does
            init = type(init).from_config({**init.get_config(), "seed": init.seed,
                                           "input_axes": input_axes,
                                           "output_axes": output_axes})
        mode = self.quantization_mode
        if mode is not None:  # (a quantized layer loaded from its config)
            quantized.einsum_build(self, tuple(kernel_shape), mode, self.quantization_config)
        if mode not in ("int8", "int4", *quantized.CALIBRATED_MODES):
            self.kernel = self.add_weight(name="kernel", shape=tuple(kernel_shape),
                                          initializer=init, regularizer=self.kernel_regularizer,
                                          constraint=self.kernel_constraint, trainable=True)
        self.bias = self.add_weight(name="bias", shape=tuple(bias_shape),
                                    initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint, trainable=True) \
            if bias_shape is not None else None
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def enable_lora(self, rank: int, lora_alpha: float | None = None,
                    a_initializer: Any = "he_uniform", b_initializer: Any = "zeros") -> None:
        """Freezes the kernel and trains `lora_alpha / rank * a @ b` added to it."""
        if self.quantization_mode == "gptq":
            raise NotImplementedError("lora is not currently supported with GPTQ "
                                      "quantization.")
        lora.enable(self, "einsum", rank, lora_alpha, a_initializer, b_initializer)

    def _lora_output(self, inputs: Any, x: Any) -> Any:
        return lora.einsum_output(self, inputs, x)

    @property
    def kernel(self) -> Any:
        """The kernel variable (Keras 3's property: an int4 kernel unpacked and shaped
        back, and with LoRA on, the LoRA product merged in)."""
        return lora.weight_view(self, "einsum")

    @kernel.setter
    def kernel(self, value: Any) -> None:
        self._kernel = value

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        shape = TensorShape(input_shape).as_list()
        return TensorShape(_analyze(self.equation, self.bias_axes, shape,
                                    self.partial_output_shape)[2])

    def call(self, inputs: Any, training: Any = None) -> Any:
        if self._dtype_policy.quantization_mode is not None:
            return quantized.einsum_call(self, inputs, training)
        # (keras.ops' einsum: Keras runs its common equations as a reshaped matmul, which
        # neither checks the contracted sizes nor keeps integer inputs integer)
        x = einsum(self.equation, inputs, self.kernel)
        if self.bias is not None:
            x = x + self.bias
        return self.activation(x) if self.activation is not None else x

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({
            "output_shape": self.partial_output_shape, "equation": self.equation,
            "activation": ser_act(self.activation), "bias_axes": self.bias_axes,
            "kernel_initializer": ser_init(self.kernel_initializer),
            "bias_initializer": ser_init(self.bias_initializer),
            "kernel_regularizer": ser_reg(self.kernel_regularizer),
            "bias_regularizer": ser_reg(self.bias_regularizer),
            "activity_regularizer": ser_reg(self.activity_regularizer),
            "kernel_constraint": ser_con(self.kernel_constraint),
            "bias_constraint": ser_con(self.bias_constraint),
            "quantization_config": ser.serialize_keras_object(self.quantization_config),
        })
        if self.lora_rank:
            config.update({"lora_rank": self.lora_rank, "lora_alpha": self.lora_alpha})
        if self.gptq_unpacked_column_size:
            config["gptq_unpacked_column_size"] = self.gptq_unpacked_column_size
        return config

    def quantize(self, mode: Any = None, type_check: bool = True, config: Any = None) -> None:
        """Quantizes the kernel (`'int8'`, `'int4'`, `'float8'`); subclasses are not
        quantized unless `type_check=False`."""
        if type_check and type(self) is not EinsumDense:
            raise qconfig.not_implemented(self, "quantize")
        quantized.einsum_quantize(self, mode, config)

