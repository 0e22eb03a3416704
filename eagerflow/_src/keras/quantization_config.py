"""keras.quantizers' quantization configs: what `Model.quantize` and a layer's `quantize`
are asked to do (int8, int4, float8, GPTQ, AWQ), with the quantizers for weights and
activations; `resolve_config` turns a `quantize(mode, config)` call into one config, with
Keras 3's checks and messages. Sits on quantizers and dtype_policy.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import serialization
from eagerflow._src.keras.dtype_policy import QUANTIZATION_MODES
from eagerflow._src.keras.engine import layer_helpers
from eagerflow._src.keras.quantizers import AbsMaxQuantizer, register_objects


class QuantizationConfig:
    """`QuantizationConfig(weight_quantizer=None, activation_quantizer=None)`: the base
    class; subclasses name their `mode`."""

    def __init__(self, weight_quantizer: Any = None, activation_quantizer: Any = None) -> None:
        self.weight_quantizer = weight_quantizer
        self.activation_quantizer = activation_quantizer

    @property
    def mode(self) -> str:
        raise NotImplementedError("Subclasses must implement this property. Do not "
                                  "instantiate QuantizationConfig directly.")

    def get_config(self) -> dict:
        return {"weight_quantizer": serialization.serialize_keras_object(self.weight_quantizer),
                "activation_quantizer": serialization.serialize_keras_object(
                    self.activation_quantizer)}

    @classmethod
    def from_config(cls, config: dict) -> QuantizationConfig:
        return cls(weight_quantizer=_quantizer(config.get("weight_quantizer")),
                   activation_quantizer=_quantizer(config.get("activation_quantizer")))

    @staticmethod
    def weight_quantizer_or_default(config: Any, default: Any) -> Any:
        if config is not None and config.weight_quantizer is not None:
            return config.weight_quantizer
        return default

    @staticmethod
    def activation_quantizer_or_default(config: Any, default: Any) -> Any:
        # a config's None means "weights only", not "the default"
        return config.activation_quantizer if config is not None else default


def _quantizer(config: Any) -> Any:
    return serialization.deserialize_keras_object(config)


class Int8QuantizationConfig(QuantizationConfig):
    """`Int8QuantizationConfig(weight_quantizer=None, activation_quantizer='default')`:
    'default' quantizes the inputs with `AbsMaxQuantizer()` (per row)."""

    def __init__(self, weight_quantizer: Any = None,
                 activation_quantizer: Any = "default") -> None:
        if isinstance(activation_quantizer, str) and activation_quantizer == "default":
            activation_quantizer = AbsMaxQuantizer()
        super().__init__(weight_quantizer, activation_quantizer)
        if weight_quantizer is not None and weight_quantizer.output_dtype != "int8":
            raise ValueError("Int8QuantizationConfig requires a weight_quantizer with "
                             "output_dtype='int8'. Received: "
                             f"output_dtype={weight_quantizer.output_dtype}")

    @property
    def mode(self) -> str:
        return "int8"


class Int4QuantizationConfig(QuantizationConfig):
    """`Int4QuantizationConfig(weight_quantizer=None, activation_quantizer='default',
    block_size=128)`: weights only by default; `block_size` rows of the kernel share a
    scale and zero point (None or -1: one symmetric scale per output channel)."""

    def __init__(self, weight_quantizer: Any = None, activation_quantizer: Any = "default",
                 block_size: int | None = 128) -> None:
        if isinstance(activation_quantizer, str) and activation_quantizer == "default":
            activation_quantizer = None
        super().__init__(weight_quantizer, activation_quantizer)
        if block_size is not None and block_size != -1 and block_size <= 0:
            raise ValueError("block_size must be None, -1, or a positive integer. "
                             f"Received: block_size={block_size}")
        self.block_size = block_size
        sub_channel = block_size is not None and block_size > 0
        if sub_channel and (weight_quantizer is not None or activation_quantizer is not None):
            raise ValueError("Int4 sub-channel quantization (block_size > 0) does not support "
                             "custom quantizers. Either set block_size to None or -1 for "
                             "per-channel quantization, or remove the custom quantizer "
                             f"arguments. Received: block_size={block_size}")
        if weight_quantizer is not None:
            if weight_quantizer.value_range != (-8, 7):
                raise ValueError("Int4QuantizationConfig requires a weight_quantizer with "
                                 "value_range=(-8, 7). Received: "
                                 f"value_range={weight_quantizer.value_range}")
            if weight_quantizer.output_dtype != "int8":
                raise ValueError("Int4QuantizationConfig requires a weight_quantizer with "
                                 "output_dtype='int8'. Received: "
                                 f"output_dtype={weight_quantizer.output_dtype}")

    @property
    def mode(self) -> str:
        return "int4"

    def get_config(self) -> dict:
        return {**super().get_config(), "block_size": self.block_size}

    @classmethod
    def from_config(cls, config: dict) -> Int4QuantizationConfig:
        # a config saved before block_size existed was per-channel
        return cls(weight_quantizer=_quantizer(config.get("weight_quantizer")),
                   activation_quantizer=_quantizer(config.get("activation_quantizer")),
                   block_size=config.get("block_size", None))


class Float8QuantizationConfig(QuantizationConfig):
    """`Float8QuantizationConfig()`: float8 training (no custom quantizers)."""

    def __init__(self) -> None:
        super().__init__(None, None)

    @property
    def mode(self) -> str:
        return "float8"

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Float8QuantizationConfig:
        return cls()


def _check_calibration(num_samples: int, sequence_length: int) -> None:
    if num_samples <= 0:
        raise ValueError("num_samples must be a positive integer.")
    if sequence_length <= 0:
        raise ValueError("sequence_length must be a positive integer.")


class GPTQConfig(QuantizationConfig):
    """`GPTQConfig(dataset, tokenizer, *, weight_bits=4, num_samples=128, per_channel=True,
    sequence_length=512, hessian_damping=0.01, group_size=128, symmetric=False,
    activation_order=False, quantization_layer_structure=None)`: GPTQ's settings and its
    calibration data (which a saved config leaves out)."""

    def __init__(self, dataset: Any, tokenizer: Any, *, weight_bits: int = 4,
                 num_samples: int = 128, per_channel: bool = True,
                 sequence_length: int = 512, hessian_damping: float = 0.01,
                 group_size: int = 128, symmetric: bool = False,
                 activation_order: bool = False,
                 quantization_layer_structure: dict | None = None) -> None:
        super().__init__()
        if weight_bits not in (2, 3, 4, 8):
            raise ValueError(f"Unsupported weight_bits {weight_bits}. Supported values are "
                             "2, 3, 4, and 8.")
        _check_calibration(num_samples, sequence_length)
        if hessian_damping < 0 or hessian_damping > 1:
            raise ValueError("hessian_damping must be between 0 and 1.")
        if group_size < -1 or group_size == 0:
            raise ValueError("Invalid group_size. Supported values are -1 (whole-tensor) or "
                             f"a positive integer, but got {group_size}.")
        self.dataset, self.tokenizer = dataset, tokenizer
        self.num_samples = num_samples
        self.per_channel = per_channel
        self.sequence_length = sequence_length
        self.hessian_damping = hessian_damping
        self.weight_bits = weight_bits
        self.group_size = group_size
        self.symmetric = symmetric
        self.activation_order = activation_order
        self.quantization_layer_structure = quantization_layer_structure

    def get_config(self) -> dict:
        return {"dataset": None, "tokenizer": None, "weight_bits": self.weight_bits,
                "num_samples": self.num_samples, "per_channel": self.per_channel,
                "sequence_length": self.sequence_length,
                "hessian_damping": self.hessian_damping, "group_size": self.group_size,
                "symmetric": self.symmetric, "activation_order": self.activation_order,
                "quantization_layer_structure": self.quantization_layer_structure}

    @classmethod
    def from_config(cls, config: dict) -> GPTQConfig:
        return cls(**config)

    @property
    def mode(self) -> str:
        return "gptq"

    def dtype_policy_string(self) -> str:
        return f"gptq/{self.weight_bits}/{self.group_size}"


class AWQConfig(QuantizationConfig):
    """`AWQConfig(dataset, tokenizer, *, weight_bits=4, num_samples=128, sequence_length=512,
    group_size=128, num_grid_points=20, quantization_layer_structure=None)`: AWQ's
    settings (4-bit only) and its calibration data."""

    def __init__(self, dataset: Any, tokenizer: Any, *, weight_bits: int = 4,
                 num_samples: int = 128, sequence_length: int = 512, group_size: int = 128,
                 num_grid_points: int = 20,
                 quantization_layer_structure: dict | None = None) -> None:
        super().__init__()
        if weight_bits != 4:
            raise ValueError("AWQ only supports 4-bit quantization. "
                             f"Received weight_bits={weight_bits}.")
        _check_calibration(num_samples, sequence_length)
        if group_size < -1 or group_size == 0:
            raise ValueError("Invalid group_size. Supported values are -1 (per-channel) or a "
                             f"positive integer, but got {group_size}.")
        if num_grid_points <= 0:
            raise ValueError("num_grid_points must be a positive integer.")
        self.dataset, self.tokenizer = dataset, tokenizer
        self.weight_bits = weight_bits
        self.num_samples = num_samples
        self.sequence_length = sequence_length
        self.group_size = group_size
        self.num_grid_points = num_grid_points
        self.quantization_layer_structure = quantization_layer_structure

    @property
    def mode(self) -> str:
        return "awq"

    def dtype_policy_string(self) -> str:
        return f"awq/{self.weight_bits}/{self.group_size}"

    def get_config(self) -> dict:
        return {"dataset": None, "tokenizer": None, "weight_bits": self.weight_bits,
                "num_samples": self.num_samples, "sequence_length": self.sequence_length,
                "group_size": self.group_size, "num_grid_points": self.num_grid_points,
                "quantization_layer_structure": self.quantization_layer_structure}

    @classmethod
    def from_config(cls, config: dict) -> AWQConfig:
        return cls(**config)


def _check_mode(mode: Any) -> None:
    if mode is not None and mode not in QUANTIZATION_MODES:
        raise ValueError(f"Invalid quantization mode. Expected one of {QUANTIZATION_MODES}. "
                         f"Received: mode={mode}")


_DEFAULTS = {"int8": Int8QuantizationConfig, "int4": Int4QuantizationConfig,
             "float8": Float8QuantizationConfig}


def resolve_config(mode: Any, config: Any) -> QuantizationConfig:
    """The config a `quantize(mode, config)` call asks for: `mode`'s default config when
    `config` is None (a string config is a mode, as older Keras took it), checked
    against `mode` when both are given."""
    if isinstance(config, str):
        mode, config = config, None
    _check_mode(mode)
    if config is None:
        if mode in _DEFAULTS:
            config = _DEFAULTS[mode]()
        elif mode == "gptq":
            raise ValueError("For GPTQ, you must pass a `GPTQConfig` object in the `config` "
                             "argument.")
        elif mode == "awq":
            raise ValueError("For AWQ, you must pass an `AWQConfig` object in the `config` "
                             "argument.")
        else:
            raise ValueError("You must provide either `mode` or `config` to `quantize`.")
    elif not isinstance(config, QuantizationConfig):
        raise ValueError("Argument `config` must be an instance of `QuantizationConfig`. "
                         f"Received: config={config} (of type {type(config)})")
    if mode is not None and config.mode != mode:
        raise ValueError(f"Contradictory arguments: mode='{mode}' but "
                         f"config.mode='{config.mode}'")
    _check_mode(config.mode)
    if config.mode == "gptq" and not isinstance(config, GPTQConfig):
        raise ValueError("Mode 'gptq' requires a valid `config` argument of type `GPTQConfig`. "
                         f"Received: {type(config)}")
    if config.mode == "awq" and not isinstance(config, AWQConfig):
        raise ValueError("Mode 'awq' requires a valid `config` argument of type `AWQConfig`. "
                         f"Received: {type(config)}")
    return config


ALL_OBJECTS = {QuantizationConfig, Int8QuantizationConfig, Int4QuantizationConfig,
               Float8QuantizationConfig, GPTQConfig, AWQConfig}
# keras.quantizers.get finds them by class name and snake-case name, as Keras 3's table
# does (GPTQConfig is not in Keras 3's table)
register_objects({**{cls.__name__: cls for cls in ALL_OBJECTS if cls is not GPTQConfig},
                  "quantization_config": QuantizationConfig,
                  "int8_quantization_config": Int8QuantizationConfig,
                  "int4_quantization_config": Int4QuantizationConfig,
                  "float8_quantization_config": Float8QuantizationConfig,
                  "awq_config": AWQConfig})


def not_implemented(layer: Any, name: str) -> NotImplementedError:
    """Keras 3's error for a quantization method a layer lacks."""
    return NotImplementedError(f"Layer {type(layer).__name__} does not have a `{name}` "
                               "method implemented.")


def mode_error(mode: Any, modes: tuple = QUANTIZATION_MODES) -> NotImplementedError:
    """Keras 3's error for a mode a layer does not quantize in (Embedding lists its own)."""
    return NotImplementedError(f"Invalid quantization mode. Expected one of {modes}. "
                               f"Received: quantization_mode={mode}")


def check_quantize_args(layer: Any, mode: str) -> None:
    """What every layer's `quantize` checks first (Keras 3's order and messages)."""
    if not layer.built:
        raise ValueError("Cannot quantize a layer that isn't yet built. Layer "
                         f"'{layer.name}' (of type '{type(layer).__name__}') is not built "
                         "yet.")
    if getattr(layer, "_is_quantized", False):
        raise ValueError(f"Layer '{layer.name}' is already quantized with "
                         f"dtype_policy='{layer.dtype_policy.name}'. Received: mode={mode}")
    _check_mode(mode)
    if mode == "int8" and layer.compute_dtype == "float16":
        raise ValueError(f"Quantization mode='{mode}' doesn't work well with "
                         "compute_dtype='float16'. Consider loading model/layer with another "
                         "dtype policy such as 'mixed_bfloat16' or 'mixed_float16' before "
                         "calling `quantize()`.")



def prepare(layer: Any, mode: Any, config: Any) -> QuantizationConfig:
    """What a layer's `quantize(mode, config)` does before its own work: the config
    resolved, the layer checked."""
    config = resolve_config(mode, config)
    check_quantize_args(layer, config.mode)
    return config


layer_helpers.register_quantize_prepare(prepare)
