"""Intersection-over-union metrics: IoU, BinaryIoU, MeanIoU, OneHotIoU, OneHotMeanIoU.

Sits on metrics/base.py. As in Keras 3, predictions and labels (class ids) accumulate in
a `num_classes x num_classes` confusion matrix held in the metric's dtype, `int64`
unless another is given (so float sample weights are truncated, as Keras warns), and
the result is the mean IoU over the target classes whose denominator is not zero.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras import train_ops as K
from eagerflow._src.keras.metrics.base import Metric
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.linalg import diag_part, matmul
from eagerflow._src.ops.math_base import cast, ones_like, where, zeros_like
from eagerflow._src.ops.tiling import broadcast_to

_EPSILON = 1e-7


class _IoUBase(Metric):
    def __init__(self, num_classes: int, name: str | None = None, dtype: Any = None,
                 ignore_class: int | None = None, sparse_y_true: bool = True,
                 sparse_y_pred: bool = True, axis: int = -1) -> None:
        super().__init__(name=name, dtype=dtype or "int64")
        self.num_classes = num_classes
        self.ignore_class = ignore_class
        self.sparse_y_true = sparse_y_true
        self.sparse_y_pred = sparse_y_pred
        self.axis = axis
        self.total_cm = self.add_variable(shape=(num_classes, num_classes),
                                          dtype=self._dtype, name="total_confusion_matrix")

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        """Adds the batch's confusion matrix to the total; returns the new total, as
        Keras 3.15's (the assign_add's result)."""
        y_true, y_pred = K.t(y_true), K.t(y_pred)
        if not self.sparse_y_true:
            y_true = R.argmax(y_true, axis=self.axis)
        if not self.sparse_y_pred:
            y_pred = R.argmax(y_pred, axis=self.axis)
        y_true = A.reshape(cast(y_true, self._dtype), [-1])
        y_pred = A.reshape(cast(y_pred, self._dtype), [-1])
        if sample_weight is None:
            weight = ones_like(y_true)
        else:
            sample_weight = K.t(sample_weight)
            if sample_weight.dtype.is_floating and self._dtype.is_integer:
                warnings.warn("You are passing weight as `float`, but dtype is `int`. This may "
                              "result in an incorrect weight due to type casting Consider "
                              "using integer weights.", stacklevel=2)
            # (to keras.ops.shape's tuple, as Keras's: a Python shape, whose error TF's
            # BroadcastTo words without its wrapper's " name: ")
            weight = broadcast_to(A.reshape(cast(sample_weight, self._dtype), [-1]),
                                    static_shape(y_true))
        n = cast(self.num_classes, self._dtype)
        valid = M.logical_and(M.logical_and(y_true >= 0, y_true < n),
                              M.logical_and(y_pred >= 0, y_pred < n))
        if self.ignore_class is not None:
            valid = M.logical_and(valid, M.not_equal(y_true, cast(self.ignore_class,
                                                                    self._dtype)))
        zero = zeros_like(y_true)
        y_true, y_pred = where(valid, y_true, zero), where(valid, y_pred, zero)
        weight = where(valid, weight, zeros_like(weight))
        # cm[label, prediction] += weight, as a product of one-hot matrices
        t_oh = K.one_hot(cast(y_true, dt.int64), self.num_classes, dt.float64)
        p_oh = K.one_hot(cast(y_pred, dt.int64), self.num_classes, dt.float64)
        cm = matmul(t_oh * A.expand_dims(cast(weight, dt.float64), -1), p_oh,
                    transpose_a=True)
        return self.total_cm.assign_add(cast(cm, self._dtype))

    def _iou(self, target_class_ids: list) -> Any:
        cm = self.total_cm._as_tensor()
        tp = cast(diag_part(cm), dt.float32)
        denominator = cast(R.reduce_sum(cm, axis=0) + R.reduce_sum(cm, axis=1), dt.float32) - tp
        ids = np.asarray(target_class_ids, np.int32)
        tp, denominator = gather(tp, ids), gather(denominator, ids)
        valid = M.greater(denominator, 1e-9)
        iou = where(valid, tp / (denominator + _EPSILON), zeros_like(tp))
        return R.reduce_sum(iou, axis=self.axis) / (
            R.reduce_sum(cast(valid, dt.float32)) + _EPSILON)

    def reset_state(self) -> None:
        self.total_cm.assign(zeros_like(self.total_cm))


class IoU(_IoUBase):
    """`IoU(num_classes, target_class_ids, ...)`: the mean IoU of the target classes."""

    _direction = "up"

    def __init__(self, num_classes: int, target_class_ids: Any, name: str | None = None,
                 dtype: Any = None, ignore_class: int | None = None,
                 sparse_y_true: bool = True, sparse_y_pred: bool = True,
                 axis: int = -1) -> None:
        super().__init__(num_classes, name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=sparse_y_true, sparse_y_pred=sparse_y_pred, axis=axis)
        if max(target_class_ids) >= num_classes:
            raise ValueError(f"Target class id {max(target_class_ids)} is out of range, which "
                             f"is [0, {num_classes}).")
        self.target_class_ids = list(target_class_ids)

    def result(self) -> Any:
        return self._iou(self.target_class_ids)

    def get_config(self) -> dict:
        return {**super().get_config(), "num_classes": self.num_classes,
                "target_class_ids": self.target_class_ids, "ignore_class": self.ignore_class,
                "sparse_y_true": self.sparse_y_true, "sparse_y_pred": self.sparse_y_pred,
                "axis": self.axis}


class BinaryIoU(IoU):
    """`BinaryIoU(target_class_ids=(0, 1), threshold=0.5)`: predictions >= threshold are
    class 1."""

    _direction = "up"

    def __init__(self, target_class_ids: Any = (0, 1), threshold: float = 0.5,
                 name: str | None = None, dtype: Any = None) -> None:
        super().__init__(num_classes=2, target_class_ids=target_class_ids, name=name,
                         dtype=dtype)
        self.threshold = threshold

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        y_pred = cast(M.greater_equal(K.t(y_pred, dt.float32), self.threshold), self._dtype)
        return super().update_state(y_true, y_pred, sample_weight)

    def get_config(self) -> dict:
        return {"target_class_ids": self.target_class_ids, "threshold": self.threshold,
                "name": self.name, "dtype": self.dtype}


class MeanIoU(IoU):
    """`MeanIoU(num_classes, ...)`: the mean IoU over all classes."""

    _direction = "up"

    def __init__(self, num_classes: int, name: str | None = None, dtype: Any = None,
                 ignore_class: int | None = None, sparse_y_true: bool = True,
                 sparse_y_pred: bool = True, axis: int = -1) -> None:
        super().__init__(num_classes, list(range(num_classes)), name=name, dtype=dtype,
                         ignore_class=ignore_class, sparse_y_true=sparse_y_true,
                         sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self) -> dict:
        return {"num_classes": self.num_classes, "name": self.name, "dtype": self.dtype,
                "ignore_class": self.ignore_class, "sparse_y_true": self.sparse_y_true,
                "sparse_y_pred": self.sparse_y_pred, "axis": self.axis}


class OneHotIoU(IoU):
    """IoU of one-hot labels (and, unless `sparse_y_pred`, scores) via their argmax."""

    _direction = "up"

    def __init__(self, num_classes: int, target_class_ids: Any, name: str | None = None,
                 dtype: Any = None, ignore_class: int | None = None,
                 sparse_y_pred: bool = False, axis: int = -1) -> None:
        super().__init__(num_classes, target_class_ids, name=name, dtype=dtype,
                         ignore_class=ignore_class, sparse_y_true=False,
                         sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self) -> dict:
        return {"num_classes": self.num_classes, "target_class_ids": self.target_class_ids,
                "name": self.name, "dtype": self.dtype, "ignore_class": self.ignore_class,
                "sparse_y_pred": self.sparse_y_pred, "axis": self.axis}


class OneHotMeanIoU(MeanIoU):
    """MeanIoU of one-hot labels (and, unless `sparse_y_pred`, scores) via their argmax."""

    _direction = "up"

    def __init__(self, num_classes: int, name: str | None = None, dtype: Any = None,
                 ignore_class: int | None = None, sparse_y_pred: bool = False,
                 axis: int = -1) -> None:
        super().__init__(num_classes, name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=False, sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self) -> dict:
        return {"num_classes": self.num_classes, "name": self.name, "dtype": self.dtype,
                "ignore_class": self.ignore_class, "sparse_y_pred": self.sparse_y_pred,
                "axis": self.axis}
