"""Confusion-matrix metrics: TP/FP/TN/FN counts, Precision, Recall, AUC, and the metrics
at a fixed sensitivity, specificity, precision or recall.

Sits on metrics/base.py. Counts are accumulated per threshold with public ops: a
prediction counts as positive at threshold t when it is strictly greater than t, and
a label is positive when it is nonzero (TF's rules).
"""

from __future__ import annotations

import enum
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import train_ops as K
from eagerflow._src.keras.metrics.base import Metric
from eagerflow._src.keras.ops.math import check_segment_shapes
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.math_base import cast, ones_like, where, zeros_like
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.tiling import broadcast_to, tile

TP, FP, TN, FN = "tp", "fp", "tn", "fn"
NEG_INF = -1e10


def _as_thresholds(thresholds: Any, default: float) -> list:
    if thresholds is None:
        return [default]
    given = list(thresholds) if isinstance(thresholds, (list, tuple, np.ndarray)) \
        else [thresholds]
    bad = [t for t in given if t is None or t < 0 or t > 1]
    if bad:  # (Keras 3 names the values out of range, as given)
        raise ValueError(f"Threshold values must be in [0, 1]. Received: {bad}")
    return [float(x) for x in given]


def evenly_spaced(thresholds: list) -> bool:
    """Whether thresholds are i / (n - 1) for i in 0..n-1 (n >= 3, to Keras's epsilon):
    Keras 3 then counts by bucketing the predictions, clipped to [0, 1] first (so one
    above 1 passes no threshold of 1.0), its path for evenly spaced thresholds."""
    n = len(thresholds)
    if n < 3:
        return False
    even = np.arange(n, dtype=np.float32) / (n - 1)
    return bool(np.allclose(thresholds, even, atol=kb.epsilon()))


def _shape_of(x: Any) -> Any:
    """x's shape as Keras's TF backend gives it (its static dims where all are known, a
    tensor otherwise): an op given it words its error as for a Python shape."""
    static = x._shape
    return list(static) if static is not None and None not in static else A.shape(x)


def filter_top_k(x: Any, k: int) -> Any:
    """Keeps the k largest entries of the last axis (earlier index wins ties); the rest -inf."""
    n = x._shape[-1]
    xi = A.expand_dims(x, -1)   # [..., n, 1]: entry i
    xj = A.expand_dims(x, -2)   # [..., 1, n]: entry j
    earlier = convert_to_tensor(np.tril(np.ones((n, n), bool), -1))  # [i, j]: j < i
    beats = M.logical_or(M.greater(xj, xi), M.logical_and(M.equal(xj, xi), earlier))
    rank = R.reduce_sum(cast(beats, dt.int32), axis=-1)
    keep = M.less(rank, k)
    return where(keep, x, A.fill(A.shape(x), np.array(-np.inf, x._dtype.as_numpy_dtype)))


def update_confusion_matrix(variables: dict, y_true: Any, y_pred: Any, thresholds: list,
                            top_k: int | None = None, class_id: int | None = None,
                            sample_weight: Any = None, multi_label: bool = False,
                            label_weights: Any = None, clip: bool = False) -> None:
    """Adds this batch's weighted TP/FP/TN/FN counts (one per threshold) to `variables`."""
    y_pred = K.t(y_pred, dt.float32)
    y_true = K.t(y_true, dt.float32)
    y_pred, y_true = K.squeeze_or_expand(y_pred, y_true)
    if sample_weight is not None:
        sample_weight = A.expand_dims(K.t(sample_weight, dt.float32), -1)
        _, sample_weight = K.squeeze_or_expand(y_true, sample_weight, expand_rank_1=False)
    if top_k is not None:
        y_pred = filter_top_k(y_pred, top_k)
    if class_id is not None:
        y_true = y_true[..., class_id]
        y_pred = y_pred[..., class_id]
        if sample_weight is not None and len(sample_weight._shape) > len(y_true._shape):
            sample_weight = A.squeeze(sample_weight, axis=-1)
    if clip:  # (evenly spaced thresholds: Keras 3 buckets the predictions clipped to [0, 1])
        if not multi_label:
            _check_buckets(y_true, y_pred, sample_weight is not None or
                           label_weights is not None)
        y_pred = M.clip_by_value(y_pred, 0.0, 1.0)
    labels = M.not_equal(y_true, 0.0)
    # (the weights broadcast to the predictions' shape, not the reverse: Keras 3's
    # broadcast_to, whose error a wider weight meets)
    weights = ones_like(y_pred) if sample_weight is None else \
        broadcast_to(cast(sample_weight, dt.float32), _shape_of(y_pred))
    if label_weights is not None and not multi_label:
        weights = weights * K.t(label_weights, dt.float32)
    th = convert_to_tensor(np.asarray(thresholds, np.float32))
    if multi_label:
        # [T, N, L] comparisons, summed over examples: one count per threshold and label.
        preds = A.expand_dims(A.reshape(y_pred, [-1, int(np.prod(y_pred._shape[1:]))]), 0)
        labs = A.expand_dims(A.reshape(labels, [-1, int(np.prod(labels._shape[1:]))]), 0)
        w = A.expand_dims(A.reshape(weights, [-1, int(np.prod(weights._shape[1:]))]), 0)
        th = A.reshape(th, [-1, 1, 1])
    else:
        preds = A.reshape(y_pred, [1, -1])
        # (tiled per threshold as Keras 3 tiles them: labels of another size than the
        # predictions are LogicalAnd's error over [thresholds, labels])
        labs = tile(A.reshape(labels, [1, -1]), [len(thresholds), 1])
        w = A.reshape(weights, [1, -1])
        th = A.reshape(th, [-1, 1])
    pos = M.greater(preds, th)
    neg = M.logical_not(pos)
    not_labs = M.logical_not(labs)
    pairs = {TP: (labs, pos), FP: (not_labs, pos), TN: (not_labs, neg), FN: (labs, neg)}
    for key, var in variables.items():
        a, b = pairs[key]
        var.assign_add(R.reduce_sum(cast(M.logical_and(a, b), dt.float32) * w, axis=1))


def _size(t: Any) -> int | None:
    shape = t._shape
    return None if shape is None or None in shape else int(np.prod(shape, dtype=np.int64))


def _check_buckets(y_true: Any, y_pred: Any, weighted: bool) -> None:
    """Keras 3's bucketed counts segment-sum the flattened labels (times the weights, of
    the predictions' size) by the flattened predictions' buckets: labels of another size
    are its segment_sum's ValueError, but one label (or one prediction) the weights
    broadcast."""
    n_true, n_pred = _size(y_true), _size(y_pred)
    n_data = n_pred if weighted and n_true == 1 else n_true
    check_segment_shapes((n_data,), (n_pred,))


class _ConfusionCount(Metric):
    _key = TP

    def __init__(self, thresholds: Any = None, name: str | None = None,
                 dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.thresholds = _as_thresholds(thresholds, 0.5)
        self.accumulator = self.add_variable(shape=(len(self.thresholds),),
                                             initializer="zeros", name="accumulator")

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        update_confusion_matrix({self._key: self.accumulator}, y_true, y_pred, self.thresholds,
                                sample_weight=sample_weight,
                                clip=evenly_spaced(self.thresholds))

    def result(self) -> Any:
        # (Keras 3's TF backend hands back the variable itself for several thresholds)
        return self.accumulator[0] if len(self.thresholds) == 1 else self.accumulator

    def get_config(self) -> dict:
        return dict(super().get_config(), thresholds=self.init_thresholds)


class TruePositives(_ConfusionCount):
    _key = TP

    def __init__(self, thresholds: Any = None, name: str | None = None,
                 dtype: Any = None) -> None:  # (its own: a bad argument's error names it)
        super().__init__(thresholds=thresholds, name=name, dtype=dtype)


class FalsePositives(_ConfusionCount):
    _key = FP

    def __init__(self, thresholds: Any = None, name: str | None = None,
                 dtype: Any = None) -> None:  # (its own: a bad argument's error names it)
        super().__init__(thresholds=thresholds, name=name, dtype=dtype)


class TrueNegatives(_ConfusionCount):
    _key = TN

    def __init__(self, thresholds: Any = None, name: str | None = None,
                 dtype: Any = None) -> None:  # (its own: a bad argument's error names it)
        super().__init__(thresholds=thresholds, name=name, dtype=dtype)


class FalseNegatives(_ConfusionCount):
    _key = FN

    def __init__(self, thresholds: Any = None, name: str | None = None,
                 dtype: Any = None) -> None:  # (its own: a bad argument's error names it)
        super().__init__(thresholds=thresholds, name=name, dtype=dtype)


class Precision(Metric):
    """TP / (TP + FP), per threshold (optionally for the top-k predictions or one class)."""

    _direction = "up"

    _second = (FP, "false_positives")

    def __init__(self, thresholds: Any = None, top_k: int | None = None,
                 class_id: int | None = None, name: str | None = None,
                 dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.top_k = top_k
        self.class_id = class_id
        default = NEG_INF if top_k is not None else 0.5
        self.thresholds = _as_thresholds(thresholds, default) if thresholds is not None \
            else [default]
        n = len(self.thresholds)
        self.true_positives = self.add_variable(shape=(n,), name="true_positives")
        # (named as Keras names it: Precision's false_positives, Recall's false_negatives)
        setattr(self, self._second[1], self.add_variable(shape=(n,), name=self._second[1]))

    @property
    def _other(self) -> Any:
        return getattr(self, self._second[1])

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        update_confusion_matrix({TP: self.true_positives, self._second[0]: self._other},
                                y_true, y_pred, self.thresholds, top_k=self.top_k,
                                class_id=self.class_id, sample_weight=sample_weight,
                                clip=evenly_spaced(self.thresholds))

    def result(self) -> Any:
        tp = self.true_positives._as_tensor()
        r = div_no_nan(tp, tp + self._other._as_tensor())
        return r[0] if len(self.thresholds) == 1 else r

    def get_config(self) -> dict:
        return dict(super().get_config(), thresholds=self.init_thresholds, top_k=self.top_k,
                    class_id=self.class_id)


class Recall(Precision):
    """TP / (TP + FN), per threshold."""

    _direction = "up"

    _second = (FN, "false_negatives")


class AUCCurve(enum.Enum):
    """The curve an AUC integrates (Keras 3 keeps the attribute as this enum)."""

    ROC = "ROC"
    PR = "PR"
    PRGAIN = "PRGAIN"


class AUCSummationMethod(enum.Enum):
    """How an AUC sums the areas between thresholds."""

    INTERPOLATION = "interpolation"
    MAJORING = "majoring"
    MINORING = "minoring"


class AUC(Metric):
    """Area under the ROC or PR curve, from counts at `num_thresholds` thresholds."""

    _direction = "up"

    def __init__(self, num_thresholds: int = 200, curve: str = "ROC",
                 summation_method: str = "interpolation", name: str | None = None,
                 dtype: Any = None, thresholds: Any = None, multi_label: bool = False,
                 num_labels: int | None = None, label_weights: Any = None,
                 from_logits: bool = False) -> None:
        # (Keras 3 reads the thresholds, checks the curve and the summation method in this
        # order, before the metric takes its name: a refused AUC uses up no "auc_N")
        if thresholds is not None:
            # (unchecked, as Keras 3's AUC takes them: one outside [0, 1] is kept)
            inner = sorted(float(t) for t in thresholds)
            num_thresholds = len(inner) + 2
        else:
            if num_thresholds <= 1:
                raise ValueError("Argument `num_thresholds` must be an integer > 1. "
                                 f"Received: num_thresholds={num_thresholds}")
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        # (Keras 3 takes the enums, or each name in lower case or as its enum spells it)
        curve = curve.value if isinstance(curve, AUCCurve) else curve
        summation_method = summation_method.value \
            if isinstance(summation_method, AUCSummationMethod) else summation_method
        if str(curve) not in ("ROC", "PR", "PRGAIN", "roc", "pr", "prgain"):
            raise ValueError(f'Invalid AUC curve value: "{curve}". Expected values are '
                             '["PR", "ROC", "PRGAIN"]')
        if str(summation_method) not in ("interpolation", "minoring", "majoring",
                                         "Interpolation", "Minoring", "Majoring"):
            raise ValueError(f'Invalid AUC summation method value: "{summation_method}". '
                             'Expected values are ["interpolation", "majoring", "minoring"]')
        super().__init__(name=name, dtype=dtype)
        self._given = thresholds is not None
        self._evenly = not self._given or evenly_spaced([0.0] + inner + [1.0])
        self.num_thresholds = num_thresholds
        self._thresholds = [0.0 - kb.epsilon()] + inner + [1.0 + kb.epsilon()]
        self.curve = AUCCurve(str(curve).upper())
        self.summation_method = AUCSummationMethod(str(summation_method).lower())
        self.multi_label = multi_label
        self.num_labels = num_labels
        self.label_weights = None if label_weights is None else K.t(label_weights, dt.float32)
        self._from_logits = from_logits
        if num_labels and not multi_label:  # (once named, as Keras 3 checks it)
            raise ValueError("`num_labels` is needed only when `multi_label` is True.")
        shape = (self.num_thresholds, num_labels) if multi_label and num_labels else \
            (self.num_thresholds,)
        self._built_vars = False
        if not multi_label or num_labels:
            self._make_vars(shape)

    def _make_vars(self, shape: tuple) -> None:
        self.true_positives = self.add_variable(shape=shape, name="true_positives")
        self.false_positives = self.add_variable(shape=shape, name="false_positives")
        self.true_negatives = self.add_variable(shape=shape, name="true_negatives")
        self.false_negatives = self.add_variable(shape=shape, name="false_negatives")
        self._built_vars = True

    def _build_labels(self, shape: Any) -> None:
        """A multi-label AUC's variables, one column a label, made on the first update from
        the shape of `y_pred` as given (Keras 3 reads `.shape`: a list has none); its
        config's num_labels stays as given."""
        if len(shape) != 2:
            raise ValueError(f"`y_pred` must have rank 2 when `multi_label=True`. Found rank "
                             f"{len(shape)}. Full shape received for `y_pred`: {shape}")
        self._make_vars((self.num_thresholds, shape[1]))

    @property
    def thresholds(self) -> list:
        # Keras 3 keeps them in a float64 array, so its items are NumPy scalars
        return [np.float64(t) for t in self._thresholds]

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        if not self._built_vars:
            self._build_labels(y_pred.shape)
        y_pred = K.t(y_pred, dt.float32)
        if self._from_logits:
            y_pred = M.sigmoid(y_pred)
        update_confusion_matrix(
            {TP: self.true_positives, FP: self.false_positives, TN: self.true_negatives,
             FN: self.false_negatives}, y_true, y_pred, self._thresholds,
            sample_weight=sample_weight, multi_label=self.multi_label,
            label_weights=None if self.multi_label else self.label_weights,
            clip=self._evenly)

    def _by_label(self, terms: Any) -> Any:
        if self.multi_label:
            by_label = R.reduce_sum(terms, axis=0)
            if self.label_weights is None:
                return R.reduce_mean(by_label)
            return div_no_nan(R.reduce_sum(by_label * self.label_weights),
                                R.reduce_sum(self.label_weights))
        return R.reduce_sum(terms)

    def interpolate_pr_auc(self) -> Any:
        """The area under the PR curve, interpolated between thresholds as Davis & Goadrich
        (2006) do (Keras 3's public method, which `result` uses)."""
        n = self.num_thresholds
        tp, fp = self.true_positives._as_tensor(), self.false_positives._as_tensor()
        fn = self.false_negatives._as_tensor()
        dtp = tp[: n - 1] - tp[1:]
        p = tp + fp
        dp = p[: n - 1] - p[1:]
        slope = div_no_nan(dtp, M.maximum(dp, 0.0))
        intercept = tp[1:] - slope * p[1:]
        both = M.logical_and(p[: n - 1] > 0, p[1:] > 0)
        ratio = where(both, div_no_nan(p[: n - 1], M.maximum(p[1:], 0.0)),
                        ones_like(p[1:]))
        inc = div_no_nan(slope * (dtp + intercept * M.log(ratio)),
                           M.maximum(tp[1:] + fn[1:], 0.0))
        return self._by_label(inc)

    def result(self) -> Any:
        if not self._built_vars:
            return K.t(0.0, dt.float32)
        if self.curve is AUCCurve.PR and \
                self.summation_method is AUCSummationMethod.INTERPOLATION:
            return self.interpolate_pr_auc()
        n = self.num_thresholds
        tp, fp = self.true_positives._as_tensor(), self.false_positives._as_tensor()
        tn, fn = self.true_negatives._as_tensor(), self.false_negatives._as_tensor()
        recall = div_no_nan(tp, tp + fn)
        if self.curve is AUCCurve.ROC:
            x, y = div_no_nan(fp, fp + tn), recall
        elif self.curve is AUCCurve.PR:
            x, y = recall, div_no_nan(tp, tp + fp)
        else:
            scale = div_no_nan(tp + fn, tn + fp)
            rg = 1.0 - scale * div_no_nan(fn, tp)
            pg = 1.0 - scale * div_no_nan(fp, tp)
            zero = M.equal(tp, 0.0)
            x = M.maximum(where(zero, zeros_like(rg), rg), 0.0)
            y = where(zero, ones_like(pg), pg)
        if self.summation_method is AUCSummationMethod.INTERPOLATION:
            heights = (y[: n - 1] + y[1:]) / 2.0
        elif self.summation_method is AUCSummationMethod.MINORING:
            heights = M.minimum(y[: n - 1], y[1:])
        else:
            heights = M.maximum(y[: n - 1], y[1:])
        return self._by_label((x[: n - 1] - x[1:]) * heights)

    def get_config(self) -> dict:
        config = dict(super().get_config(), num_thresholds=self.num_thresholds,
                      curve=self.curve.value,
                      summation_method=self.summation_method.value,
                      multi_label=self.multi_label, num_labels=self.num_labels,
                      # (the tensor itself, as Keras keeps it: serialized, a __tensor__)
                      label_weights=self.label_weights, from_logits=self._from_logits)
        if self._given:  # the thresholds given, without the added end points
            config["thresholds"] = self.thresholds[1:-1]
        return config


class _SensitivitySpecificity(Metric):
    """Counts at `num_thresholds` evenly spaced thresholds in [0, 1]; `result` is the best
    `dependent` rate among thresholds where the `constrained` rate reaches `value`."""

    def __init__(self, value: float, num_thresholds: int = 200, class_id: int | None = None,
                 name: str | None = None, dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        if num_thresholds <= 0:
            raise ValueError("Argument `num_thresholds` must be an integer > 0. Received: "
                             f"num_thresholds={num_thresholds}")
        self.value = value
        setattr(self, self._constrained, value)  # (Keras 3's `specificity`, `recall`, ...)
        self.class_id = class_id
        self.num_thresholds = num_thresholds
        if num_thresholds == 1:
            self.thresholds = [0.5]
        else:
            self.thresholds = [0.0] + [(i + 1) * 1.0 / (num_thresholds - 1)
                                       for i in range(num_thresholds - 2)] + [1.0]
        n = len(self.thresholds)
        self.true_positives = self.add_variable(shape=(n,), name="true_positives")
        self.false_positives = self.add_variable(shape=(n,), name="false_positives")
        self.true_negatives = self.add_variable(shape=(n,), name="true_negatives")
        self.false_negatives = self.add_variable(shape=(n,), name="false_negatives")

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        update_confusion_matrix(
            {TP: self.true_positives, FP: self.false_positives, TN: self.true_negatives,
             FN: self.false_negatives}, y_true, y_pred, self.thresholds,
            class_id=self.class_id, sample_weight=sample_weight,
            clip=self.num_thresholds > 1)

    def _rates(self) -> dict:
        tp, fp = self.true_positives._as_tensor(), self.false_positives._as_tensor()
        tn, fn = self.true_negatives._as_tensor(), self.false_negatives._as_tensor()
        return {"sensitivity": div_no_nan(tp, tp + fn), "recall": div_no_nan(tp, tp + fn),
                "specificity": div_no_nan(tn, tn + fp), "precision": div_no_nan(tp, tp + fp)}

    def result(self) -> Any:
        rates = self._rates()
        constrained, dependent = rates[self._constrained], rates[self._dependent]
        feasible = M.greater_equal(constrained, self.value)
        return R.reduce_max(A.concat([where(feasible, dependent, zeros_like(dependent)),
                                      A.zeros([1], dt.float32)], 0))

    def get_config(self) -> dict:
        return {**super().get_config(), "class_id": self.class_id,
                "num_thresholds": self.num_thresholds, self._constrained: self.value}


def _check_rate(name: str, value: float) -> None:
    if value < 0 or value > 1:
        raise ValueError(f"Argument `{name}` must be in the range [0, 1]. Received: "
                         f"{name}={value}")


class SensitivityAtSpecificity(_SensitivitySpecificity):
    """The best sensitivity where the specificity is at least `specificity`."""

    _direction = "up"

    _constrained, _dependent = "specificity", "sensitivity"

    def __init__(self, specificity: float, num_thresholds: int = 200,
                 class_id: int | None = None, name: str | None = None,
                 dtype: Any = None) -> None:
        _check_rate("specificity", specificity)
        super().__init__(specificity, num_thresholds, class_id, name, dtype)


class SpecificityAtSensitivity(_SensitivitySpecificity):
    """The best specificity where the sensitivity is at least `sensitivity`."""

    _direction = "up"

    _constrained, _dependent = "sensitivity", "specificity"

    def __init__(self, sensitivity: float, num_thresholds: int = 200,
                 class_id: int | None = None, name: str | None = None,
                 dtype: Any = None) -> None:
        _check_rate("sensitivity", sensitivity)
        super().__init__(sensitivity, num_thresholds, class_id, name, dtype)


class PrecisionAtRecall(_SensitivitySpecificity):
    """The best precision where the recall is at least `recall`."""

    _direction = "up"

    _constrained, _dependent = "recall", "precision"

    def __init__(self, recall: float, num_thresholds: int = 200, class_id: int | None = None,
                 name: str | None = None, dtype: Any = None) -> None:
        _check_rate("recall", recall)
        super().__init__(recall, num_thresholds, class_id, name, dtype)


class RecallAtPrecision(_SensitivitySpecificity):
    """The best recall where the precision is at least `precision`."""

    _direction = "up"

    _constrained, _dependent = "precision", "recall"

    def __init__(self, precision: float, num_thresholds: int = 200,
                 class_id: int | None = None, name: str | None = None,
                 dtype: Any = None) -> None:
        _check_rate("precision", precision)
        super().__init__(precision, num_thresholds, class_id, name, dtype)
