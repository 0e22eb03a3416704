"""TF 1's loss scaling for mixed precision (tf.compat.v1.mixed_precision, also under
tf.compat.v1.train.experimental): the `LossScale` classes (`FixedLossScale`,
`DynamicLossScale`), `MixedPrecisionLossScaleOptimizer` (a TF 1 optimizer that scales the
loss before differentiating and unscales the gradients, skipping a step whose gradients are
not finite) and `enable/disable_mixed_precision_graph_rewrite`. eagerflow has no graph
rewriter to cast ops to float16: enabling only wraps the optimizer and sets the optimizer
switch `auto_mixed_precision` that TF's rewrite reads.

TF 1 layer (v1/).
"""

from __future__ import annotations

import abc
from typing import Any

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest, runtime_options, tf_logging
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops.control_deps import control_dependencies, group, no_op
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math import is_finite, maximum, multiply, reciprocal
from eagerflow._src.ops.math_base import identity, where
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.v1.optimizer import Optimizer
from eagerflow._src.v1.variables import VariableV1

_MODULE = "tensorflow.python.training.experimental.loss_scale"


def _deprecated(cls: str) -> None:
    deprecated_call(f"{cls}.__init__", _MODULE,
                    "Use tf.keras.mixed_precision.LossScaleOptimizer instead. "
                    f"LossScaleOptimizer now has all the functionality of {cls}", depth=3)


class LossScale(abc.ABC):
    """How much a loss is multiplied by before its gradients are taken: calling one gives
    the scale (a float32 tensor); `update(grads)` adjusts it after a step and says whether
    the step's gradients should be applied."""

    @abc.abstractmethod
    def __call__(self) -> Any:
        """The current loss scale."""

    @abc.abstractmethod
    def update(self, grads: Any) -> tuple:
        """(the update, whether to apply `grads`)."""

    @abc.abstractmethod
    def get_config(self) -> dict:
        """The constructor's arguments."""

    @classmethod
    def from_config(cls, config: dict) -> LossScale:
        return cls(**config)


class FixedLossScale(LossScale):
    """A loss scale that never changes."""

    def __init__(self, loss_scale_value: float) -> None:
        _deprecated("FixedLossScale")
        if not isinstance(loss_scale_value, (int, float)):
            raise ValueError("loss_scale_value must be a Python int or float.")
        if loss_scale_value < 1:
            raise ValueError("loss_scale_value must be at least 1.")
        self._value = float(loss_scale_value)

    def __call__(self) -> Any:
        return convert_to_tensor(self._value, dt.float32)

    def update(self, grads: Any) -> tuple:
        del grads
        return no_op(), True

    def get_config(self) -> dict:
        return {"loss_scale_value": self._value}

    def __repr__(self) -> str:
        return f"FixedLossScale({self._value})"


def _all_finite(grads: list) -> Any:
    checks = [reduce_all(is_finite(g.values if isinstance(g, IndexedSlices) else g))
              for g in grads if g is not None]
    return reduce_all(checks) if checks else convert_to_tensor(True)


class DynamicLossScale(LossScale):
    """A loss scale that divides itself by `multiplier` (not below 1) after a step whose
    gradients are not all finite, and multiplies itself by it (while that stays finite)
    after `increment_period` steps in a row whose gradients were."""

    def __init__(self, initial_loss_scale: float = 2 ** 15, increment_period: int = 2000,
                 multiplier: float = 2.0) -> None:
        _deprecated("DynamicLossScale")
        self._initial_loss_scale = float(initial_loss_scale)
        self._increment_period = int(increment_period)
        self._multiplier = float(multiplier)
        self._current_loss_scale = VariableV1(self._initial_loss_scale, trainable=False,
                                              name="current_loss_scale", dtype=dt.float32)
        self._num_good_steps = VariableV1(0, trainable=False, name="good_steps",
                                          dtype=dt.int64)

    initial_loss_scale = property(lambda self: self._initial_loss_scale)
    increment_period = property(lambda self: self._increment_period)
    multiplier = property(lambda self: self._multiplier)

    def __call__(self) -> Any:
        return self._current_loss_scale.read_value() if _state.graph is None else \
            convert_to_tensor(self._current_loss_scale)

    def update(self, grads: Any) -> tuple:
        finite = _all_finite(nest.flatten(grads))
        scale, good = self._current_loss_scale, self._num_good_steps
        grown = scale * self._multiplier
        due = good + 1 >= self._increment_period
        new_scale = where(finite, where(due, where(is_finite(grown), grown, scale), scale),
                          maximum(scale / self._multiplier, 1.0))
        new_good = where(finite, where(due, good * 0, good + 1), good * 0)
        return group(scale.assign(new_scale), good.assign(new_good)), finite

    def get_config(self) -> dict:
        return {"initial_loss_scale": self._initial_loss_scale,
                "increment_period": self._increment_period, "multiplier": self._multiplier}

    def __repr__(self) -> str:
        if _state.graph is not None:
            return (f"DynamicLossScale(initial_loss_scale={self._initial_loss_scale}, "
                    f"increment_period={self._increment_period}, "
                    f"multiplier={self._multiplier})")
        return (f"DynamicLossScale(current_loss_scale={float(self._current_loss_scale.numpy())},"
                f" num_good_steps={int(self._num_good_steps.numpy())}, "
                f"initial_loss_scale={self._initial_loss_scale}, "
                f"increment_period={self._increment_period}, multiplier={self._multiplier})")


def get(identifier: Any) -> LossScale | None:
    """A LossScale for a number (fixed), "dynamic", a LossScale, or None."""
    if isinstance(identifier, (int, float)):
        return FixedLossScale(identifier)
    if identifier == "dynamic":
        return DynamicLossScale()
    if isinstance(identifier, LossScale) or identifier is None:
        return identifier
    raise ValueError(f"Could not interpret loss scale identifier: {identifier}")


class MixedPrecisionLossScaleOptimizer(Optimizer):
    """A TF 1 optimizer `opt` whose gradients are those of the loss times `loss_scale`
    divided back by it, applied only when they are all finite (a dynamic scale)."""

    def __init__(self, opt: Any, loss_scale: Any) -> None:
        if not isinstance(opt, Optimizer):
            raise ValueError(f'"opt" must be an instance of Optimizer, but got: {type(opt)}')
        self._optimizer = opt
        super().__init__(opt._use_locking, opt.get_name())
        self._loss_scale = get(loss_scale)
        if self._loss_scale is None:
            raise ValueError("loss_scale cannot be None")

    def compute_gradients(self, loss: Any, var_list: Any = None,
                          gate_gradients: int = Optimizer.GATE_OP,
                          aggregation_method: Any = None,
                          colocate_gradients_with_ops: bool = False,
                          grad_loss: Any = None) -> list:
        scale = self._loss_scale()
        if callable(loss):
            def scaled() -> Any:
                return multiply(loss(), scale)
        else:
            scaled = multiply(loss, scale)
        grads_and_vars = self._optimizer.compute_gradients(
            scaled, var_list=var_list, gate_gradients=gate_gradients,
            aggregation_method=aggregation_method,
            colocate_gradients_with_ops=colocate_gradients_with_ops, grad_loss=grad_loss)
        inverse = reciprocal(scale)
        return [(None if g is None else _times(g, inverse), v) for g, v in grads_and_vars]

    def apply_gradients(self, grads_and_vars: Any, global_step: Any = None,
                        name: str | None = None) -> Any:
        if isinstance(self._loss_scale, FixedLossScale):
            return self._optimizer.apply_gradients(grads_and_vars, global_step, name)
        grads_and_vars = tuple(grads_and_vars)
        update, finite = self._loss_scale.update([g for g, _ in grads_and_vars])

        def apply() -> Any:
            return self._optimizer.apply_gradients(
                grads_and_vars, global_step, (name or self._name) + "-wrapped")

        if _state.graph is None:
            step = apply() if bool(finite) else None
            return group(*[x for x in (step, update) if x is not None], name=name)
        def applied() -> Any:  # (a branch gives a tensor: the update runs before it)
            with control_dependencies([apply()]):
                return identity(True)

        step = cond(finite, applied, lambda: convert_to_tensor(False))
        return group(step, update, name=name)

    def get_slot(self, var: Any, name: str) -> Any:
        return self._optimizer.get_slot(var, name)

    def get_slot_names(self) -> list:
        return self._optimizer.get_slot_names()

    def variables(self) -> list:
        return self._optimizer.variables()


def _times(g: Any, factor: Any) -> Any:
    if isinstance(g, IndexedSlices):
        return IndexedSlices(g.values * factor, g.indices, g.dense_shape)
    return g * factor


_rewrite_enabled = [False]


def enable_mixed_precision_graph_rewrite(opt: Any, loss_scale: Any = "dynamic") -> Any:
    """`opt` wrapped in a MixedPrecisionLossScaleOptimizer, the optimizer switch
    `auto_mixed_precision` set (eagerflow's graphs are not rewritten to float16)."""
    if isinstance(opt, MixedPrecisionLossScaleOptimizer):
        raise ValueError('"opt" must not already be an instance of a '
                         "MixedPrecisionLossScaleOptimizer. "
                         "`enable_mixed_precision_graph_rewrite` will automatically wrap the "
                         "optimizer with a MixedPrecisionLossScaleOptimizer.")
    if not isinstance(opt, Optimizer):
        raise ValueError('"opt" must be an instance of a tf.train.Optimizer or a '
                         f"tf.keras.optimizers.Optimizer, but got: {opt}")
    wrapped = MixedPrecisionLossScaleOptimizer(opt, loss_scale)
    runtime_options.set_experimental_options({"auto_mixed_precision": True})
    _rewrite_enabled[0] = True
    return wrapped


def disable_mixed_precision_graph_rewrite() -> None:
    """Clears the optimizer switch `auto_mixed_precision` (TF warns when it was not set)."""
    if not _rewrite_enabled[0]:
        tf_logging.warning("disable_mixed_precision_graph_rewrite() called when mixed "
                           "precision is already disabled.")
    runtime_options.set_experimental_options({"auto_mixed_precision": False})
    _rewrite_enabled[0] = False
