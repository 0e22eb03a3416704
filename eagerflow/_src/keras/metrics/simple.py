"""Accuracy and regression metrics: per-example functions and their Mean wrappers.

Sits on metrics/base.py; the functions are also exported as tf.keras.metrics.*
(`sparse_categorical_accuracy`, ...), as in Keras.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras import losses as L
from eagerflow._src.keras import train_ops as K
from eagerflow._src.keras.metrics.base import Mean, MeanMetricWrapper
from eagerflow._src.keras.ops import numpy_math as KM
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.nn_loss import in_top_k  # (TF's InTopKV2, as Keras 3.15's)

_FLOAT = dt.float32


def accuracy(y_true: Any, y_pred: Any) -> Any:
    y_pred = K.t(y_pred)
    y_true = K.t(y_true, y_pred._dtype)
    y_true, y_pred = K.squeeze_or_expand(y_true, y_pred)
    return cast(M.equal(y_true, y_pred), _FLOAT)


def binary_accuracy(y_true: Any, y_pred: Any, threshold: float = 0.5) -> Any:
    # (Keras 3.15's: each converted alone, the threshold compared in the promoted dtype)
    y_pred, y_true, threshold = K.t(y_pred), K.t(y_true), K.t(threshold)
    y_true, y_pred = K.squeeze_or_expand(y_true, y_pred)
    y_pred = cast(KM.greater(y_pred, threshold), y_true._dtype)
    return cast(M.equal(y_true, y_pred), _FLOAT)


def categorical_accuracy(y_true: Any, y_pred: Any) -> Any:
    y_pred = K.t(y_pred)
    y_true = K.t(y_true, y_pred._dtype)
    true_org_shape = y_true._shape
    reshape = False
    if len(y_true._shape) == len(y_pred._shape) + 1 and y_true._shape[-1] == 1:
        y_true = A.squeeze(y_true, axis=-1)
        reshape = True
    labels = R.argmax(y_true, axis=-1)
    preds = R.argmax(y_pred, axis=-1)
    matches = cast(M.equal(labels, preds), _FLOAT)
    if reshape:
        matches = A.reshape(matches, [d if d is not None else -1 for d in true_org_shape])
    return matches


def sparse_categorical_accuracy(y_true: Any, y_pred: Any) -> Any:
    y_pred = K.t(y_pred)
    y_true = K.t(y_true, y_pred._dtype)
    true_org_shape = y_true._shape
    reshape = False
    if len(y_true._shape) == len(y_pred._shape) and y_true._shape and y_true._shape[-1] == 1:
        y_true = A.squeeze(y_true, axis=-1)
        reshape = True
    preds = R.argmax(y_pred, axis=-1)
    if preds._dtype is not y_true._dtype:
        preds = cast(preds, y_true._dtype)
    matches = cast(M.equal(y_true, preds), _FLOAT)
    if reshape:
        matches = A.reshape(matches, [d if d is not None else -1 for d in true_org_shape])
    if len(matches._shape) > 1 and matches._shape[-1] == 1:
        matches = A.squeeze(matches, axis=-1)
    return matches


def sparse_top_k_categorical_accuracy(y_true: Any, y_pred: Any, k: int = 5,
                                      from_sorted_ids: bool = False) -> Any:
    """1.0 where the label is among the k best scores (`from_sorted_ids`: among the first k
    ids of y_pred, ids sorted best first); as y_true's shape. Keras 3.15 converts the labels
    to int32 (y_pred's dtype for sorted ids) and flattens both to InTopKV2's ranks."""
    y_pred = K.t(y_pred)
    y_true = K.t(y_true, y_pred._dtype if from_sorted_ids else dt.int32)
    true_org_shape = y_true._shape
    reshape = False
    if len(y_pred._shape) > 2:
        y_pred = A.reshape(y_pred, [-1, y_pred._shape[-1]])
    if len(y_true._shape) > 1:
        reshape = True
        y_true = A.reshape(y_true, [-1])
    if from_sorted_ids:  # (a label counted once however often it appears among the k)
        hits = M.equal(A.expand_dims(y_true, 1), y_pred[:, :k])
        matches = R.reduce_any(hits, axis=1)
    else:
        matches = in_top_k(y_true, y_pred, k)
    matches = cast(matches, _FLOAT)
    if reshape:
        matches = A.reshape(matches, [d if d is not None else -1 for d in true_org_shape])
    return matches


def top_k_categorical_accuracy(y_true: Any, y_pred: Any, k: int = 5) -> Any:
    y_pred = K.t(y_pred)
    y_true = R.argmax(K.t(y_true), axis=-1)
    shape = y_true._shape
    if len(y_pred._shape) > 2:
        y_pred = A.reshape(y_pred, [-1, y_pred._shape[-1]])
    if len(y_true._shape) > 1:
        y_true = A.reshape(y_true, [-1])
    matches = cast(in_top_k(y_true, y_pred, k), _FLOAT)
    if len(shape) > 1:
        matches = A.reshape(matches, [d if d is not None else -1 for d in shape])
    return matches


class Accuracy(MeanMetricWrapper):
    """How often predictions equal labels."""

    _direction = "up"

    def __init__(self, name: str = "accuracy", dtype: Any = None) -> None:
        super().__init__(accuracy, name=name, dtype=dtype)


class BinaryAccuracy(MeanMetricWrapper):
    """How often `y_pred > threshold` matches binary labels."""

    _direction = "up"

    def __init__(self, name: str = "binary_accuracy", dtype: Any = None,
                 threshold: float = 0.5) -> None:
        super().__init__(binary_accuracy, name=name, dtype=dtype, threshold=threshold)

    _config_keys = ("threshold",)


class CategoricalAccuracy(MeanMetricWrapper):
    """How often argmax(y_pred) matches argmax of one-hot labels."""

    _direction = "up"

    def __init__(self, name: str = "categorical_accuracy", dtype: Any = None) -> None:
        super().__init__(categorical_accuracy, name=name, dtype=dtype)


class SparseCategoricalAccuracy(MeanMetricWrapper):
    """How often argmax(y_pred) matches integer labels."""

    _direction = "up"

    def __init__(self, name: str = "sparse_categorical_accuracy", dtype: Any = None) -> None:
        super().__init__(sparse_categorical_accuracy, name=name, dtype=dtype)


class TopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the one-hot target is among the k highest predictions."""

    _direction = "up"

    def __init__(self, k: int = 5, name: str = "top_k_categorical_accuracy",
                 dtype: Any = None) -> None:
        super().__init__(top_k_categorical_accuracy, name=name, dtype=dtype, k=k)

    _config_keys = ("k",)


class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the integer target is among the k highest predictions."""

    _direction = "up"

    def __init__(self, k: int = 5, name: str = "sparse_top_k_categorical_accuracy",
                 dtype: Any = None, from_sorted_ids: bool = False) -> None:
        super().__init__(sparse_top_k_categorical_accuracy, name=name, dtype=dtype, k=k,
                         from_sorted_ids=from_sorted_ids)
        self.k = k
        self.from_sorted_ids = from_sorted_ids

    def get_config(self) -> dict:
        config = {"name": self.name, "dtype": self.dtype, "k": self.k}
        if self.from_sorted_ids:  # (Keras 3 writes the key only when set)
            config["from_sorted_ids"] = True
        return config


class MeanSquaredError(MeanMetricWrapper):

    _direction = "down"
    def __init__(self, name: str = "mean_squared_error", dtype: Any = None) -> None:
        super().__init__(L.mean_squared_error, name=name, dtype=dtype)


class MeanAbsoluteError(MeanMetricWrapper):

    _direction = "down"
    def __init__(self, name: str = "mean_absolute_error", dtype: Any = None) -> None:
        super().__init__(L.mean_absolute_error, name=name, dtype=dtype)


class MeanAbsolutePercentageError(MeanMetricWrapper):

    _direction = "down"
    def __init__(self, name: str = "mean_absolute_percentage_error", dtype: Any = None) -> None:
        super().__init__(L.mean_absolute_percentage_error, name=name, dtype=dtype)


class MeanSquaredLogarithmicError(MeanMetricWrapper):

    _direction = "down"
    def __init__(self, name: str = "mean_squared_logarithmic_error", dtype: Any = None) -> None:
        super().__init__(L.mean_squared_logarithmic_error, name=name, dtype=dtype)


class RootMeanSquaredError(Mean):
    """sqrt of the mean squared error."""

    _direction = "down"

    def __init__(self, name: str = "root_mean_squared_error", dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        y_pred = K.t(y_pred, self._dtype)
        y_true = K.t(y_true, self._dtype)
        y_true, y_pred = K.squeeze_or_expand(y_true, y_pred)
        super().update_state(M.square(y_pred - y_true), sample_weight=sample_weight)

    def result(self) -> Any:
        return M.sqrt(div_no_nan(self.total._as_tensor(), self.count._as_tensor()))


class BinaryCrossentropy(MeanMetricWrapper):
    _direction = "down"
    _config_keys = ("from_logits", "label_smoothing")

    def __init__(self, name: str = "binary_crossentropy", dtype: Any = None,
                 from_logits: bool = False, label_smoothing: float = 0) -> None:
        super().__init__(L.binary_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing)


class CategoricalCrossentropy(MeanMetricWrapper):
    _direction = "down"
    _config_keys = ("from_logits", "label_smoothing", "axis")

    def __init__(self, name: str = "categorical_crossentropy", dtype: Any = None,
                 from_logits: bool = False, label_smoothing: float = 0,
                 axis: int = -1) -> None:
        super().__init__(L.categorical_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)


class SparseCategoricalCrossentropy(MeanMetricWrapper):
    _direction = "down"
    _config_keys = ("from_logits", "ignore_class", "axis")

    def __init__(self, name: str = "sparse_categorical_crossentropy", dtype: Any = None,
                 from_logits: bool = False, ignore_class: int | None = None,
                 axis: int = -1) -> None:
        super().__init__(L.sparse_categorical_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits, ignore_class=ignore_class, axis=axis)


class Hinge(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name: str = "hinge", dtype: Any = None) -> None:
        super().__init__(L.hinge, name=name, dtype=dtype)


class SquaredHinge(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name: str = "squared_hinge", dtype: Any = None) -> None:
        super().__init__(L.squared_hinge, name=name, dtype=dtype)


class CategoricalHinge(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name: str = "categorical_hinge", dtype: Any = None) -> None:
        super().__init__(L.categorical_hinge, name=name, dtype=dtype)


class KLDivergence(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name: str = "kl_divergence", dtype: Any = None) -> None:
        super().__init__(L.kl_divergence, name=name, dtype=dtype)


class Poisson(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name: str = "poisson", dtype: Any = None) -> None:
        super().__init__(L.poisson, name=name, dtype=dtype)


class LogCoshError(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name: str = "logcosh", dtype: Any = None) -> None:
        super().__init__(L.log_cosh, name=name, dtype=dtype)


class CosineSimilarity(MeanMetricWrapper):
    """Mean cosine similarity (positive: +1 is identical direction)."""

    _direction = "up"

    def __init__(self, name: str = "cosine_similarity", dtype: Any = None,
                 axis: int = -1) -> None:
        super().__init__(cosine_similarity, name=name, dtype=dtype, axis=axis)


def cosine_similarity(y_true: Any, y_pred: Any, axis: int = -1) -> Any:
    return -L.cosine_similarity(y_true, y_pred, axis=axis)
