"""tf.lite's option names: OpsSet, Optimize, RepresentativeDataset, TargetSpec (TF's
members and values)."""

from __future__ import annotations

import enum
from typing import Any, Callable


class OpsSet(enum.Enum):
    """The sets of operators a converted model may use."""

    TFLITE_BUILTINS = "TFLITE_BUILTINS"
    SELECT_TF_OPS = "SELECT_TF_OPS"
    TFLITE_BUILTINS_INT8 = "TFLITE_BUILTINS_INT8"
    EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8 = (
        "EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8")
    EXPERIMENTAL_STABLEHLO_OPS = "EXPERIMENTAL_STABLEHLO_OPS"

    def __str__(self) -> str:
        return str(self.value)

    @staticmethod
    def get_options() -> list:
        """Every member's value."""
        return [str(m) for m in OpsSet]


class Optimize(enum.Enum):
    """Conversion optimizations (quantization)."""

    DEFAULT = "DEFAULT"
    OPTIMIZE_FOR_SIZE = "OPTIMIZE_FOR_SIZE"
    OPTIMIZE_FOR_LATENCY = "OPTIMIZE_FOR_LATENCY"
    EXPERIMENTAL_SPARSITY = "EXPERIMENTAL_SPARSITY"

    def __str__(self) -> str:
        return str(self.value)


class RepresentativeDataset:
    """A generator of sample inputs, for calibrating quantization."""

    def __init__(self, input_gen: Callable[[], Any]) -> None:
        self.input_gen = input_gen


class TargetSpec:
    """What the converted model may use: operator sets and types."""

    def __init__(self, supported_ops: Any = None, supported_types: Any = None,
                 experimental_select_user_tf_ops: Any = None,
                 experimental_supported_backends: Any = None) -> None:
        self.supported_ops = {OpsSet.TFLITE_BUILTINS} if supported_ops is None else \
            supported_ops
        self.supported_types = set() if supported_types is None else supported_types
        self.experimental_select_user_tf_ops = (
            set() if experimental_select_user_tf_ops is None else experimental_select_user_tf_ops)
        self.experimental_supported_backends = experimental_supported_backends
        self._experimental_custom_op_registerers: list = []
        self._experimental_supported_accumulation_type = None


class OpResolverType(enum.Enum):
    """Which kernels tf.lite.Interpreter resolves operators to (eagerflow has one set)."""

    AUTO = 0
    BUILTIN = 1
    BUILTIN_REF = 2
    BUILTIN_WITHOUT_DEFAULT_DELEGATES = 3
