"""FBetaScore, F1Score and R2Score: metrics whose state is one vector per output class.

Sits on metrics/base.py; the state variables are made on the first update, when the
number of classes (the last axis of y_pred, 2-D inputs only) is known, as in Keras 3.
"""

from __future__ import annotations

import warnings
from typing import Any

from eagerflow._src.keras import train_ops as K
from eagerflow._src.keras.metrics.base import Metric
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.math_base import cast, where, zeros_like
from eagerflow._src.ops.tiling import broadcast_to

_EPSILON = 1e-7


def _check_2d(who: str, y_true: Any, y_pred: Any) -> None:
    shapes = f"y_pred.shape={y_pred.shape} and y_true.shape={y_true.shape}."
    if len(y_pred._shape) != 2 or len(y_true._shape) != 2:
        raise ValueError(f"{who} expects 2D inputs with shape (batch_size, output_dim). "
                         f"Received input shapes: {shapes}")
    if y_pred._shape[-1] is None or y_true._shape[-1] is None:
        raise ValueError(f"{who} expects 2D inputs with shape (batch_size, output_dim), with "
                         f"output_dim fully defined (not None). Received input shapes: "
                         f"{shapes}")


class FBetaScore(Metric):
    """`FBetaScore(average=None, beta=1.0, threshold=None)`: the F-beta score per class, or
    averaged ('micro', 'macro', 'weighted'). Without a threshold, each row's top scores
    count as positive."""

    _direction = "up"

    def __init__(self, average: str | None = None, beta: float = 1.0,
                 threshold: float | None = None, name: str = "fbeta_score",
                 dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        if average not in (None, "micro", "macro", "weighted"):
            raise ValueError("Invalid `average` argument value. Expected one of: {None, "
                             f"'micro', 'macro', 'weighted'}}. Received: average={average}")
        if not isinstance(beta, float):
            raise ValueError("Invalid `beta` argument value. It should be a Python float. "
                             f"Received: beta={beta} of type '{type(beta)}'")
        if beta <= 0.0:
            raise ValueError(f"Invalid `beta` argument value. It should be > 0. Received: "
                             f"beta={beta}")
        if threshold is not None:
            if not isinstance(threshold, float):
                raise ValueError("Invalid `threshold` argument value. It should be a Python "
                                 f"float. Received: threshold={threshold} of type "
                                 f"'{type(threshold)}'")
            if threshold > 1.0 or threshold <= 0.0:
                raise ValueError("Invalid `threshold` argument value. It should verify 0 < "
                                 f"threshold <= 1. Received: threshold={threshold}")
        self.average, self.beta, self.threshold = average, beta, threshold
        self.axis = None if average == "micro" else 0
        self._built_vars = False

    def _make_vars(self, num_classes: int) -> None:
        shape = () if self.average == "micro" else (num_classes,)
        for name in ("true_positives", "false_positives", "false_negatives",
                     "intermediate_weights"):
            setattr(self, name, self.add_variable(shape=shape, dtype=self._dtype, name=name))
        self._built_vars = True

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        y_true, y_pred = K.t(y_true, self._dtype), K.t(y_pred, self._dtype)
        if not self._built_vars:
            _check_2d("FBetaScore", y_true, y_pred)
            self._make_vars(y_pred._shape[-1])
        if self.threshold is None:
            top = R.reduce_max(y_pred, axis=-1, keepdims=True)
            y_pred = M.logical_and(y_pred >= top, M.abs(y_pred) > 1e-9)
        else:
            y_pred = y_pred > self.threshold
        y_pred = cast(y_pred, self._dtype)
        weight = None if sample_weight is None else A.expand_dims(
            K.t(sample_weight, self._dtype), 1)

        def total(values: Any) -> Any:
            return R.reduce_sum(values if weight is None else values * weight, axis=self.axis)

        self.true_positives.assign_add(total(y_pred * y_true))
        self.false_positives.assign_add(total(y_pred * (1 - y_true)))
        self.false_negatives.assign_add(total((1 - y_pred) * y_true))
        self.intermediate_weights.assign_add(total(y_true))

    def result(self) -> Any:
        tp = self.true_positives._as_tensor()
        precision = tp / (tp + self.false_positives._as_tensor() + _EPSILON)
        recall = tp / (tp + self.false_negatives._as_tensor() + _EPSILON)
        b2 = self.beta ** 2
        score = precision * recall / (b2 * precision + recall + _EPSILON) * (1 + b2)
        if self.average == "weighted":
            weights = self.intermediate_weights._as_tensor()
            return R.reduce_sum(score * weights / (R.reduce_sum(weights) + _EPSILON))
        if self.average is not None:
            return R.reduce_mean(score)
        return score

    def reset_state(self) -> None:
        for v in self.variables:
            v.assign(zeros_like(v))

    def get_config(self) -> dict:
        return {**super().get_config(), "average": self.average, "beta": self.beta,
                "threshold": self.threshold}


class F1Score(FBetaScore):
    """`F1Score(average=None, threshold=None)`: FBetaScore with beta 1."""

    _direction = "up"

    def __init__(self, average: str | None = None, threshold: float | None = None,
                 name: str = "f1_score", dtype: Any = None) -> None:
        super().__init__(average=average, beta=1.0, threshold=threshold, name=name,
                         dtype=dtype)

    def get_config(self) -> dict:
        config = super().get_config()
        del config["beta"]
        return config


class R2Score(Metric):
    """`R2Score(class_aggregation='uniform_average', num_regressors=0)`: the coefficient of
    determination per output, aggregated (and adjusted for `num_regressors`)."""

    _direction = "up"

    def __init__(self, class_aggregation: str | None = "uniform_average",
                 num_regressors: int = 0, name: str = "r2_score", dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        allowed = (None, "uniform_average", "variance_weighted_average")
        if class_aggregation not in allowed:
            raise ValueError("Invalid value for argument `class_aggregation`. Expected one of "
                             f"{allowed}. Received: class_aggregation={class_aggregation}")
        if num_regressors < 0:
            raise ValueError("Invalid value for argument `num_regressors`. Expected a value "
                             f">= 0. Received: num_regressors={num_regressors}")
        self.class_aggregation = class_aggregation
        self.num_regressors = num_regressors
        self.num_samples = self.add_variable(shape=(), name="num_samples")
        self._built_vars = False

    def _make_vars(self, num_classes: int) -> None:
        self.squared_sum = self.add_variable(shape=(num_classes,), name="squared_sum")
        self.sum = self.add_variable(shape=(num_classes,), name="sum")
        self.total_mse = self.add_variable(shape=(num_classes,), name="residual")
        self.count = self.add_variable(shape=(num_classes,), name="count")
        self._built_vars = True

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        y_true, y_pred = K.t(y_true, self._dtype), K.t(y_pred, self._dtype)
        y_true, y_pred = K.squeeze_or_expand(y_true, y_pred)
        if not self._built_vars:
            _check_2d("R2Score", y_true, y_pred)
            self._make_vars(y_pred._shape[-1])
        weight = K.t(1.0 if sample_weight is None else sample_weight, self._dtype)
        if len(weight._shape) == 1:
            weight = A.expand_dims(weight, 1)
        weight = broadcast_to(weight, A.shape(y_true))
        weighted = y_true * weight
        self.sum.assign_add(R.reduce_sum(weighted, axis=0))
        self.squared_sum.assign_add(R.reduce_sum(y_true * weighted, axis=0))
        self.total_mse.assign_add(R.reduce_sum(M.square(y_true - y_pred) * weight, axis=0))
        self.count.assign_add(R.reduce_sum(weight, axis=0))
        self.num_samples.assign_add(cast(R.size(y_true), self._dtype))

    def result(self) -> Any:
        total_sum = self.sum._as_tensor()
        mean = total_sum / self.count._as_tensor()
        total = self.squared_sum._as_tensor() - total_sum * mean
        raw = 1 - self.total_mse._as_tensor() / total
        raw = where(M.is_inf(raw), zeros_like(raw), raw)
        if self.class_aggregation == "uniform_average":
            score = R.reduce_mean(raw)
        elif self.class_aggregation == "variance_weighted_average":
            score = R.reduce_sum(total * raw) / R.reduce_sum(total)
        else:
            score = raw
        if self.num_regressors == 0:
            return score
        n, p = float(self.num_samples.numpy()), float(self.num_regressors)
        if p > n - 1:
            warnings.warn("More independent predictors than datapoints in adjusted R2 "
                          "score. Falling back to standard R2 score.", stacklevel=2)
        elif p == n - 1:
            warnings.warn("Division by zero in Adjusted R2 score. Falling back to standard R2 "
                          "score.", stacklevel=2)
        else:
            score = 1.0 - (1.0 - score) * (n - 1.0) / (n - p - 1.0)
        return score

    def reset_state(self) -> None:
        for v in self.variables:
            v.assign(zeros_like(v))

    def get_config(self) -> dict:
        return {**super().get_config(), "class_aggregation": self.class_aggregation,
                "num_regressors": self.num_regressors}
