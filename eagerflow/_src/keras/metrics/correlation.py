"""Correlation metrics: Pearson's and Lin's concordance coefficients per example, and the
Mean wrappers that average them over batches (Keras 3's PearsonCorrelation and
ConcordanceCorrelation, whose direction is up).

Sits in keras/metrics/ over base.py; each function is a composition of keras.ops, written in
Keras's order of operations so that float32 results match it.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import train_ops as K
from eagerflow._src.keras.metrics.base import MeanMetricWrapper
from eagerflow._src.keras.ops import numpy_reduce as KR
from eagerflow._src.ops import math as M


def _pair(y_true: Any, y_pred: Any) -> tuple:
    y_pred = K.t(y_pred)
    y_true = K.t(y_true, y_pred._dtype)
    return K.squeeze_or_expand(y_true, y_pred)


def pearson_correlation(y_true: Any, y_pred: Any, axis: int = -1) -> Any:
    """The mean product of the standardized labels and predictions along `axis`."""
    y_true, y_pred = _pair(y_true, y_pred)
    t = y_true - KR.mean(y_true, axis=axis, keepdims=True)
    p = y_pred - KR.mean(y_pred, axis=axis, keepdims=True)
    t = t / KR.std(t, axis=axis, keepdims=True)
    p = p / KR.std(p, axis=axis, keepdims=True)
    return KR.mean(t * p, axis=axis)


def concordance_correlation(y_true: Any, y_pred: Any, axis: int = -1) -> Any:
    """Lin's concordance coefficient along `axis`, as Keras 3 computes it (its covariance
    term centres the labels on the predictions' mean)."""
    y_true, y_pred = _pair(y_true, y_pred)
    true_mean = KR.mean(y_true, axis=axis, keepdims=True)
    pred_mean = KR.mean(y_pred, axis=axis, keepdims=True)
    true_var = KR.var(y_true - true_mean, axis=axis, keepdims=True)
    pred_var = KR.var(y_pred - pred_mean, axis=axis, keepdims=True)
    covar = (y_true - pred_mean) * (y_pred - pred_mean)
    norm = true_var + pred_var + M.square(true_mean - pred_mean)
    return KR.mean(2 * covar / (norm + kb.epsilon()), axis=axis)


class PearsonCorrelation(MeanMetricWrapper):
    """`PearsonCorrelation(name="pearson_correlation", dtype=None, axis=-1)`."""

    _direction = "up"
    _config_keys = ("axis",)

    def __init__(self, name: str = "pearson_correlation", dtype: Any = None,
                 axis: int = -1) -> None:
        super().__init__(pearson_correlation, name=name, dtype=dtype, axis=axis)


class ConcordanceCorrelation(MeanMetricWrapper):
    """`ConcordanceCorrelation(name="concordance_correlation", dtype=None, axis=-1)`."""

    _direction = "up"
    _config_keys = ("axis",)

    def __init__(self, name: str = "concordance_correlation", dtype: Any = None,
                 axis: int = -1) -> None:
        super().__init__(concordance_correlation, name=name, dtype=dtype, axis=axis)
