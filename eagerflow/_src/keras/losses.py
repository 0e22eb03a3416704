"""tf.keras.losses: loss functions and the Loss classes that reduce them.

Sits in keras, above ops: each loss function maps (y_true, y_pred) to one value per
example with public ops; a Loss object applies sample weights and a reduction
("sum_over_batch_size", "sum", "none", ...). Values follow TF 2.21's Keras (which
clips probabilities to [1e-7, 1 - 1e-7] before taking logs).
"""

from __future__ import annotations

import warnings
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import dtype_policy, tree
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras import train_ops as K
from eagerflow._src.keras.name_scope import name_scope
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import nn as knn
from eagerflow._src.keras.ops import numpy_math as km
from eagerflow._src.keras.ops import numpy_reduce as kr
from eagerflow._src.keras.ops.core import cond as kcond
from eagerflow._src.keras.ops.nn import check_same_shapes
from eagerflow._src.keras.ops.nn_conv import ctc_loss
from eagerflow._src.keras.ops.numpy_linear import matmul as np_matmul
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops import sequences as S
from eagerflow._src.ops.math_base import cast, ones_like, where, zeros_like
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.unique_one_hot import one_hot


class Reduction:
    """The TF 2.x names of the reductions (tf.keras.losses.Reduction)."""

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls) -> tuple:
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key: str) -> None:
        """Checks a key against these four names only (the losses take others, and refuse
        "auto")."""
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key: {key}. Expected keys are "{cls.all()}"')


_REDUCTIONS = ("sum_over_batch_size", "sum", None, "none", "mean", "mean_with_sample_weight")


def standardize_reduction(reduction: Any) -> Any:
    """The reduction, checked: Keras 3 losses refuse Reduction.AUTO ("auto") too."""
    if reduction not in _REDUCTIONS:
        allowed = set(_REDUCTIONS)
        raise ValueError(f"Invalid value for argument `reduction`. Expected one of {allowed}. "
                         f"Received: reduction={reduction}")
    return reduction


def reduce_values(values: Any, sample_weight: Any = None,
                  reduction: Any = "sum_over_batch_size") -> Any:
    if reduction in (None, "none") or values._shape in ((), (0,)):
        return values
    # (keras.ops.sum: integers narrower than 32 bits sum in 32 bits)
    loss = R.reduce_sum(values) if values._dtype.is_floating else kr.sum(values)
    if reduction in ("sum_over_batch_size", "mean", "mean_with_sample_weight"):
        if reduction == "mean_with_sample_weight" and sample_weight is not None:
            divisor = cast(R.reduce_sum(sample_weight), loss._dtype)
        else:
            divisor = K.num_elements(values, loss._dtype)
        # (Keras's divide_no_nan: an integer loss's mean is a float, float32 for int32)
        loss = div_no_nan(loss, divisor) if loss._dtype.is_floating else \
            km.divide_no_nan(loss, divisor)
    return loss


def _tensors(x: Any, dtype: Any) -> Any:
    """A loss's argument as tensors: Keras 3 walks a list, tuple or dict as a structure
    (optree's), converting each leaf, and hands the structure on."""
    if tree.is_nested(x):
        return tree.map_structure(lambda leaf: K.t(leaf, dtype), x)
    return K.t(x, dtype)


def keras_mask(x: Any) -> Any:
    """The Keras mask a tensor carries (a masked layer's output), or None."""
    return getattr(x, "_keras_mask", None)


def _both(a: Any, b: Any) -> Any:
    if a is None or b is None:
        return a if b is None else b
    return M.logical_and(a, b)


def apply_mask(sample_weight: Any, mask: Any, dtype: Any, reduction: Any) -> Any:
    """Folds a boolean mask of valid entries into the sample weights."""
    if mask is None:
        return sample_weight
    if reduction in ("mean", "sum_over_batch_size"):
        # Valid entries weigh total/valid, so dividing by the batch size averages over them.
        total = K.num_elements(mask, dtype)
        valid = R.reduce_sum(cast(mask, dtype))
        float_mask = where(mask, div_no_nan(total, valid) * ones_like(cast(mask, dtype)),
                             zeros_like(cast(mask, dtype)))
    else:
        float_mask = cast(mask, dtype)
    if sample_weight is None:
        return float_mask
    sample_weight = K.t(sample_weight, dtype)
    float_mask, sample_weight = K.squeeze_or_expand(float_mask, sample_weight)
    return sample_weight * float_mask


def reduce_weighted_values(values: Any, sample_weight: Any = None,
                           reduction: Any = "sum_over_batch_size", dtype: Any = None,
                           mask: Any = None) -> Any:
    reduction = standardize_reduction(reduction)
    values = K.t(values, dtype)
    sample_weight = apply_mask(sample_weight, mask, values._dtype, reduction)
    if sample_weight is not None:
        sample_weight = K.t(sample_weight, values._dtype)
        values, sample_weight = K.squeeze_or_expand(values, sample_weight)
        values = values * sample_weight
    return reduce_values(values, sample_weight, reduction)


class Loss:
    """Base class: `loss(y_true, y_pred, sample_weight=None)` -> reduced loss."""

    def __init__(self, name: str | None = None, reduction: Any = "sum_over_batch_size",
                 dtype: Any = None) -> None:
        # (Keras 3's automatic name, made unique: a second `MyLoss()` is "my_loss_1")
        self.name = name or kb.auto_name(type(self).__name__)
        self.reduction = standardize_reduction(reduction)
        # (a policy's compute dtype: "mixed_float16" computes in float16)
        self._dtype = dt.as_dtype(dtype_policy.get(dtype or kb.floatx()).compute_dtype)

    @property
    def dtype(self) -> str:
        return self._dtype.name

    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        in_mask = keras_mask(y_pred)  # (a masked model output: its steps' losses left out)
        with name_scope(self.name):  # (Keras's: ops traced here are named under it)
            y_pred = _tensors(y_pred, self._dtype)
            y_true = _tensors(y_true, self._dtype)
            losses = self.call(y_true, y_pred)
            return reduce_weighted_values(losses, sample_weight, self.reduction, self._dtype,
                                          _both(in_mask, keras_mask(losses)))

    def call(self, y_true: Any, y_pred: Any) -> Any:
        raise NotImplementedError

    def get_config(self) -> dict:
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config: dict) -> Loss:
        return cls(**config)


class LossFunctionWrapper(Loss):
    """A Loss around a per-example function `fn(y_true, y_pred, **kwargs)`.

    Its config holds the name and reduction, plus the arguments named in `_config_keys`
    (Keras 3 writes the others, a Huber loss's `delta` say, nowhere).
    """

    _config_keys: tuple = ()

    def __init__(self, fn: Callable, reduction: Any = "sum_over_batch_size",
                 name: str | None = None, dtype: Any = None, **kwargs: Any) -> None:
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true: Any, y_pred: Any) -> Any:
        if tree.is_nested(y_true) or tree.is_nested(y_pred):
            # (Keras 3 pairs their leaves: structures that differ raise optree's errors,
            # and `fn` gets the structures)
            pairs = tree.map_structure(K.squeeze_or_expand, y_true, y_pred)
            y_true = tree.map_structure_up_to(y_true, lambda pair: pair[0], pairs)
            y_pred = tree.map_structure_up_to(y_pred, lambda pair: pair[1], pairs)
        else:
            y_true, y_pred = K.squeeze_or_expand(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({k: self._fn_kwargs[k] for k in self._config_keys})
        return config

    def __repr__(self) -> str:  # (every subclass's too, as Keras 3 prints them)
        return f"<LossFunctionWrapper({self.fn}, kwargs={self._fn_kwargs})>"


# -- loss functions (one value per example) --------------------------------------------

def _pair(y_true: Any, y_pred: Any, squeeze: bool = True) -> tuple:
    """y_pred as given and y_true in its dtype: Keras computes a loss in y_pred's dtype,
    an integer one included (its keras.ops then promote, its operators refuse floats)."""
    y_pred = kd.to_tensor(y_pred)
    y_true = kd.to_tensor(y_true, y_pred._dtype.name)
    return K.squeeze_or_expand(y_true, y_pred) if squeeze else (y_true, y_pred)


def mean_squared_error(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred)
    return kr.mean(km.square(y_true - y_pred), axis=-1)


def mean_absolute_error(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred)
    return kr.mean(km.abs(y_true - y_pred), axis=-1)


def mean_absolute_percentage_error(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred)
    # (epsilon in y_pred's dtype: 0 for integers, whose `/` is then TF's true division)
    eps = kd.to_tensor(kb.epsilon(), y_pred._dtype.name)
    diff = km.abs((y_true - y_pred) / km.maximum(km.abs(y_true), eps))
    return 100.0 * kr.mean(diff, axis=-1)


def mean_squared_logarithmic_error(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred)
    eps = kd.to_tensor(kb.epsilon())  # (a float32 tensor: integers promote to float32)
    first = km.log(km.maximum(y_pred, eps) + 1.0)
    second = km.log(km.maximum(y_true, eps) + 1.0)
    return kr.mean(km.square(first - second), axis=-1)


def cosine_similarity(y_true: Any, y_pred: Any, axis: int = -1) -> Any:
    y_true, y_pred = _pair(y_true, y_pred)
    return -kr.sum(knn.normalize(y_true, axis) * knn.normalize(y_pred, axis), axis=axis)


def huber(y_true: Any, y_pred: Any, delta: float = 1.0) -> Any:
    y_true, y_pred = _pair(y_true, y_pred)
    d = kd.to_tensor(delta, y_pred._dtype.name)
    err = y_pred - y_true
    abs_err = km.abs(err)
    half = kd.to_tensor(0.5, abs_err._dtype.name)  # (0 for integers)
    per = where(abs_err <= d, half * km.square(err), d * abs_err - half * km.square(d))
    return kr.mean(per, axis=-1)


def log_cosh(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred)
    x = y_pred - y_true
    # (Keras takes ops.log(2.0), a float32, to y_pred's type: float32's log 2 in float64)
    log2 = kd.to_tensor(float(np.float32(0.6931471805599453)), y_pred._dtype.name)
    return kr.mean(x + M.softplus(x * -2.0) - log2, axis=-1)


def kl_divergence(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    y_true = km.clip(y_true, kb.epsilon(), 1)
    y_pred = km.clip(y_pred, kb.epsilon(), 1)
    return kr.sum(y_true * km.log(y_true / y_pred), axis=-1)


def poisson(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    eps = kd.to_tensor(kb.epsilon(), y_pred._dtype.name)
    return kr.mean(y_pred - y_true * km.log(y_pred + eps), axis=-1)


def convert_binary_labels_to_hinge(y_true: Any) -> Any:
    arr = getattr(y_true, "_arr", None)
    if arr is not None and y_true._dtype.is_floating:  # eager: decide once, in Python
        return 2.0 * y_true - 1.0 if ((arr == 0) | (arr == 1)).all() else y_true
    binary = kr.all(km.logical_or(km.equal(y_true, 0), km.equal(y_true, 1)))

    def _convert_binary_labels() -> Any:
        return 2.0 * y_true - 1.0

    def _return_labels_unconverted() -> Any:
        return y_true

    return kcond(binary, _convert_binary_labels, _return_labels_unconverted)


def hinge(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    y_true = convert_binary_labels_to_hinge(y_true)
    return kr.mean(M.maximum(1.0 - y_true * y_pred, 0.0), axis=-1)


def squared_hinge(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    y_true = convert_binary_labels_to_hinge(y_true)
    return kr.mean(M.square(M.maximum(1.0 - y_true * y_pred, 0.0)), axis=-1)


def categorical_hinge(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    pos = kr.sum(y_true * y_pred, axis=-1)  # (keras.ops': a bool product sums as int32)
    neg = kr.max((1.0 - y_true) * y_pred, axis=-1)
    return M.maximum(neg - pos + 1.0, 0.0)


def categorical_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False,
                             label_smoothing: float = 0.0, axis: int = -1) -> Any:
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type "
                         f"{type(axis)}")
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    # (Keras reads the last dimension first: a scalar's IndexError is Keras's)
    if y_pred._shape is not None and y_pred._shape[-1] == 1:
        warnings.warn("In loss categorical_crossentropy, expected y_pred.shape to be "
                      "(batch_size, num_classes) with num_classes > 1. Received: "
                      f"y_pred.shape={y_pred.shape}. Consider using 'binary_crossentropy' if "
                      "you only have 2 classes.", SyntaxWarning, stacklevel=2)
    if label_smoothing:
        n = float(y_true._shape[-1])
        y_true = y_true * (1.0 - label_smoothing) + (label_smoothing / n)
    if len(y_true._shape) < 1:
        raise ValueError("Arguments `target` and `output` must be at least rank 1. Received: "
                         f"target.shape={y_true.shape}, output.shape={y_pred.shape}")
    check_same_shapes(y_true, y_pred)
    return knn.categorical_crossentropy_terms(y_true, y_pred, from_logits, axis)


def sparse_categorical_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False,
                                    ignore_class: int | None = None, axis: int = -1) -> Any:
    for given in (y_true, y_pred):  # (Keras reads the shapes of what it is given)
        if not hasattr(given, "shape"):
            raise AttributeError(f"'{type(given).__name__}' object has no attribute 'shape'")
    y_pred = K.t(y_pred)
    y_true = K.t(y_true)
    # (Keras squeezes a labels axis of 1 at the class axis first, then at the last one)
    if len(y_true._shape) == len(y_pred._shape) and y_true._shape[axis] == 1:
        y_true = A.squeeze(y_true, axis=axis)
    if len(y_true._shape) == len(y_pred._shape) and y_true._shape and y_true._shape[-1] == 1:
        y_true = A.squeeze(y_true, axis=-1)
    if axis != -1 and axis != len(y_pred._shape) - 1:
        raise ValueError(f"Only axis=-1 is currently supported. Received: axis={axis}")
    if len(y_pred._shape) < 1:
        raise ValueError(f"Argument `output` must be at least rank 1. Received: "
                         f"output.shape={y_pred.shape}")
    if len(y_true._shape) != len(y_pred._shape) - 1:
        raise ValueError("Argument `output` must have rank (ndim) `target.ndim - 1`. Received: "
                         f"target.shape={y_true.shape}, output.shape={y_pred.shape}")
    for a, b in zip(y_true._shape, y_pred._shape[:-1]):
        if a is not None and b is not None and a != b:
            raise ValueError("Arguments `target` and `output` must have the same shape up until"
                             f" the last dimension: target.shape={y_true.shape}, "
                             f"output.shape={y_pred.shape}")
    valid = None
    if ignore_class is not None:
        valid = M.not_equal(cast(y_true, y_pred._dtype), float(ignore_class))
        y_true = where(valid, y_true, zeros_like(y_true))
        y_pred = where(A.expand_dims(valid, -1), y_pred, zeros_like(y_pred))
    labels = cast(y_true, dt.int64)
    # (the logits behind a softmax output keras.ops made, as for binary_crossentropy; an
    # ignore_class's masking made a new tensor, which has none)
    y_pred, from_logits = knn.logits_or(y_pred, from_logits, "Softmax",
                                         "sparse_categorical_crossentropy")
    logits = y_pred if from_logits else M.log(knn.clip_probabilities(y_pred))
    res = K.sparse_softmax_cross_entropy(labels, logits)
    if valid is not None:
        res = where(valid, res, zeros_like(res))
    return res


def binary_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False,
                        label_smoothing: float = 0.0, axis: int = -1) -> Any:
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    check_same_shapes(y_true, y_pred)
    return R.reduce_mean(knn.binary_crossentropy_terms(y_true, y_pred, from_logits), axis=axis)


def binary_focal_crossentropy(y_true: Any, y_pred: Any, apply_class_balancing: bool = False,
                              alpha: float = 0.25, gamma: float = 2.0,
                              from_logits: bool = False, label_smoothing: float = 0.0,
                              axis: int = -1) -> Any:
    """Binary cross-entropy scaled by `(1 - p_t) ** gamma` (and, with class balancing, by
    `alpha` for positives and `1 - alpha` for negatives), averaged over `axis`."""
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    check_same_shapes(y_true, y_pred)
    if from_logits:
        y_pred = knn.sigmoid(y_pred)  # (whose logits the cross-entropy then takes)
    bce = knn.binary_crossentropy_terms(y_true, y_pred, False)
    p_t = y_true * y_pred + (1 - y_true) * (1 - y_pred)
    focal = M.pow(1.0 - p_t, gamma) * bce
    if apply_class_balancing:
        focal = (y_true * alpha + (1 - y_true) * (1 - alpha)) * focal
    return R.reduce_mean(focal, axis=axis)


def categorical_focal_crossentropy(y_true: Any, y_pred: Any, alpha: float = 0.25,
                                   gamma: float = 2.0, from_logits: bool = False,
                                   label_smoothing: float = 0.0, axis: int = -1) -> Any:
    """Categorical cross-entropy with each class term scaled by `alpha * (1 - p) ** gamma`."""
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type "
                         f"{type(axis)}")
    y_true, y_pred = _pair(y_true, y_pred, squeeze=False)
    if y_pred._shape and y_pred._shape[-1] == 1:
        warnings.warn("In loss categorical_focal_crossentropy, expected y_pred.shape to be "
                      "(batch_size, num_classes) with num_classes > 1. Received: "
                      f"y_pred.shape={y_pred.shape}. Consider using 'binary_crossentropy' if "
                      "you only have 2 classes.", SyntaxWarning, stacklevel=2)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / float(y_true._shape[-1])
    # (no shape check, as Keras 3.15's: mismatched shapes fail at -y_true * log(p), Mul's)
    if from_logits:
        y_pred = K.softmax(y_pred, axis)
    # (keras.ops.sum: small integers sum in 32 bits, which `/` then refuses to mix)
    p = knn.clip_probabilities(y_pred / kr.sum(y_pred, axis=axis, keepdims=True))
    cce = -y_true * M.log(p)
    focal = alpha * M.pow(1.0 - p, gamma) * cce
    return R.reduce_sum(focal, axis=axis)


def dice(y_true: Any, y_pred: Any, axis: Any = None) -> Any:
    """1 - 2 * sum(y_true * y_pred) / (sum(y_true) + sum(y_pred) + epsilon), over `axis`."""
    y_pred = K.t(y_pred)
    y_true = cast(K.t(y_true), y_pred._dtype)
    intersection = kr.sum(y_true * y_pred, axis=axis)
    return 1 - M.divide(2.0 * intersection, kr.sum(y_true, axis=axis)
                        + kr.sum(y_pred, axis=axis) + kb.epsilon())


def tversky(y_true: Any, y_pred: Any, alpha: float = 0.5, beta: float = 0.5,
            axis: Any = None) -> Any:
    """Dice with false positives weighted by `alpha` and false negatives by `beta`."""
    y_pred = K.t(y_pred)
    y_true = cast(K.t(y_true), y_pred._dtype)
    intersection = kr.sum(y_true * y_pred, axis=axis)
    fp = kr.sum((1 - y_pred) * y_true, axis=axis)
    fn = kr.sum(y_pred * (1 - y_true), axis=axis)
    return 1 - M.divide(intersection, intersection + fp * alpha + fn * beta + kb.epsilon())


def categorical_generalized_cross_entropy(y_true: Any, y_pred: Any, q: float) -> Any:
    """(1 - p ** q) / q, p the predicted probability of the integer label's class."""
    y_pred = K.t(y_pred)
    depth = y_pred._shape[-1]
    labels = cast(K.t(y_true), dt.int64)
    one_hot_labels = cast(one_hot(labels, depth), y_pred._dtype)
    p = R.reduce_sum(y_pred * one_hot_labels, axis=-1)
    return (1 - M.pow(p, q)) / q


def ctc(y_true: Any, y_pred: Any) -> Any:
    """CTC's negative log-likelihood of integer targets (0: padding and blank) under
    logits of shape (batch, steps, classes), every step of every row counting."""
    y_true, y_pred = K.t(y_true), K.t(y_pred)
    if len(y_true._shape) != 2:
        raise ValueError("Targets `y_true` are expected to be a tensor of shape "
                         "`(batch_size, max_length)` in integer format. Received: "
                         f"y_true.shape={tuple(y_true._shape)}")
    if len(y_pred._shape) != 3:
        raise ValueError("Logits `y_pred` are expected to be a tensor of shape "
                         "`(batch_size, max_length, num_classes)`. Received: "
                         f"y_pred.shape={tuple(y_pred._shape)}")
    batch, steps = A.shape(y_pred)[0], A.shape(y_pred)[1]
    output_length = steps * A.ones(A.reshape(batch, [1]), dt.int32)
    target_length = cast(R.reduce_sum(cast(M.not_equal(y_true, 0), dt.int32), axis=-1),
                           dt.int32)
    return ctc_loss(y_true, y_pred, target_length, output_length, mask_index=0)


def _pos_neg_masks(labels: Any, ref_labels: Any, remove_diagonal: bool) -> tuple:
    """Which (query, reference) pairs share a label (minus the diagonal of the labels'
    sizes, if asked) and which do not. As Keras 3.15's: only 1-D labels become columns,
    so labels of other shapes compare as they are (Equal's shape error where they can't)."""
    if len(labels.shape) == 1:
        labels = A.reshape(labels, [-1, 1])
    if len(ref_labels.shape) == 1:
        ref_labels = A.reshape(ref_labels, [-1, 1])
    positive = M.equal(labels, A.transpose(ref_labels))
    negative = M.logical_not(positive)
    if remove_diagonal:
        rows = A.reshape(S.range(R.size(labels)), [-1, 1])
        columns = A.reshape(S.range(R.size(ref_labels)), [1, -1])
        positive = M.logical_and(positive, M.not_equal(rows, columns))
    return positive, negative


def circle(y_true: Any, y_pred: Any, ref_labels: Any = None, ref_embeddings: Any = None,
           remove_diagonal: bool = True, gamma: float = 80, margin: float = 0.4) -> Any:
    """Circle loss (Sun et al., 2020) of L2-normalized embeddings `y_pred` with integer
    labels `y_true`, against reference embeddings and labels (by default the same), one
    value per query: softplus of the log-sum-exp of the weighted positive distances plus
    that of the weighted negative ones. Its values carry the mask `loss > 0`."""
    y_pred = K.t(y_pred)
    y_true = cast(K.t(y_true), dt.int32)
    ref_embeddings = y_pred if ref_embeddings is None else K.t(ref_embeddings)
    ref_labels = y_true if ref_labels is None else cast(K.t(ref_labels), dt.int32)
    # keras.ops.matmul, NumPy's: 1-D embeddings give one distance, broadcast over the masks
    distances = M.maximum(1 - np_matmul(y_pred, A.transpose(ref_embeddings)), 0.0)
    positive, negative = _pos_neg_masks(y_true, ref_labels, remove_diagonal)
    pos_weights = M.maximum((margin + distances) * cast(positive, distances._dtype), 0.0)
    neg_weights = M.maximum((1 + margin - distances) * cast(negative, distances._dtype), 0.0)
    pos = -1 * gamma * pos_weights * (margin - distances)
    neg = gamma * neg_weights * ((1 - margin) - distances)
    minus_inf = cast(float("-inf"), distances._dtype)
    p_loss = R.reduce_logsumexp(where(positive, pos, minus_inf), axis=1)
    n_loss = R.reduce_logsumexp(where(negative, neg, minus_inf), axis=1)
    return M.softplus(p_loss + n_loss)


# -- Loss classes ------------------------------------------------------------------------
# Each constructor lists Keras 3's parameters in Keras's order, so a positional call such
# as `BinaryCrossentropy(True, 0.1)` binds as in Keras.

_SOBS = "sum_over_batch_size"


def _setup(loss: LossFunctionWrapper, fn: Callable, reduction: Any, name: str, dtype: Any,
           **params: Any) -> None:
    """The wrapper around `fn` with its arguments, each also an attribute (as Keras's)."""
    LossFunctionWrapper.__init__(loss, fn, reduction=reduction, name=name, dtype=dtype,
                                 **params)
    for k, v in params.items():
        setattr(loss, k, v)


class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "mean_squared_error",
                 dtype: Any = None) -> None:
        _setup(self, mean_squared_error, reduction, name, dtype)


class MeanAbsoluteError(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "mean_absolute_error",
                 dtype: Any = None) -> None:
        _setup(self, mean_absolute_error, reduction, name, dtype)


class MeanAbsolutePercentageError(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "mean_absolute_percentage_error",
                 dtype: Any = None) -> None:
        _setup(self, mean_absolute_percentage_error, reduction, name, dtype)


class MeanSquaredLogarithmicError(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "mean_squared_logarithmic_error",
                 dtype: Any = None) -> None:
        _setup(self, mean_squared_logarithmic_error, reduction, name, dtype)


class CosineSimilarity(LossFunctionWrapper):
    def __init__(self, axis: int = -1, reduction: Any = _SOBS,
                 name: str = "cosine_similarity", dtype: Any = None) -> None:
        _setup(self, cosine_similarity, reduction, name, dtype, axis=axis)


class Huber(LossFunctionWrapper):
    def __init__(self, delta: float = 1.0, reduction: Any = _SOBS, name: str = "huber_loss",
                 dtype: Any = None) -> None:
        _setup(self, huber, reduction, name, dtype, delta=delta)


class LogCosh(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "log_cosh",
                 dtype: Any = None) -> None:
        _setup(self, log_cosh, reduction, name, dtype)


class Hinge(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "hinge", dtype: Any = None) -> None:
        _setup(self, hinge, reduction, name, dtype)


class SquaredHinge(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "squared_hinge",
                 dtype: Any = None) -> None:
        _setup(self, squared_hinge, reduction, name, dtype)


class CategoricalHinge(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "categorical_hinge",
                 dtype: Any = None) -> None:
        _setup(self, categorical_hinge, reduction, name, dtype)


class KLDivergence(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "kl_divergence",
                 dtype: Any = None) -> None:
        _setup(self, kl_divergence, reduction, name, dtype)


class Poisson(LossFunctionWrapper):
    def __init__(self, reduction: Any = _SOBS, name: str = "poisson",
                 dtype: Any = None) -> None:
        _setup(self, poisson, reduction, name, dtype)


class BinaryCrossentropy(LossFunctionWrapper):
    _config_keys = ("from_logits", "label_smoothing", "axis")

    def __init__(self, from_logits: bool = False, label_smoothing: float = 0.0,
                 axis: int = -1, reduction: Any = _SOBS, name: str = "binary_crossentropy",
                 dtype: Any = None) -> None:
        _setup(self, binary_crossentropy, reduction, name, dtype, from_logits=from_logits,
               label_smoothing=label_smoothing, axis=axis)


class BinaryFocalCrossentropy(LossFunctionWrapper):
    _config_keys = ("from_logits", "label_smoothing", "axis", "apply_class_balancing",
                    "alpha", "gamma")

    def __init__(self, apply_class_balancing: bool = False, alpha: float = 0.25,
                 gamma: float = 2.0, from_logits: bool = False, label_smoothing: float = 0.0,
                 axis: int = -1, reduction: Any = _SOBS,
                 name: str = "binary_focal_crossentropy", dtype: Any = None) -> None:
        _setup(self, binary_focal_crossentropy, reduction, name, dtype,
               apply_class_balancing=apply_class_balancing, alpha=alpha, gamma=gamma,
               from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)


class CategoricalCrossentropy(LossFunctionWrapper):
    _config_keys = ("from_logits", "label_smoothing", "axis")

    def __init__(self, from_logits: bool = False, label_smoothing: float = 0.0,
                 axis: int = -1, reduction: Any = _SOBS,
                 name: str = "categorical_crossentropy", dtype: Any = None) -> None:
        _setup(self, categorical_crossentropy, reduction, name, dtype,
               from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)


class CategoricalFocalCrossentropy(LossFunctionWrapper):
    _config_keys = ("from_logits", "label_smoothing", "axis", "alpha", "gamma")

    def __init__(self, alpha: float = 0.25, gamma: float = 2.0, from_logits: bool = False,
                 label_smoothing: float = 0.0, axis: int = -1, reduction: Any = _SOBS,
                 name: str = "categorical_focal_crossentropy", dtype: Any = None) -> None:
        _setup(self, categorical_focal_crossentropy, reduction, name, dtype, alpha=alpha,
               gamma=gamma, from_logits=from_logits, label_smoothing=label_smoothing,
               axis=axis)


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    # (Keras 3 writes no `axis` into the config)
    _config_keys = ("from_logits", "ignore_class")

    def __init__(self, from_logits: bool = False, ignore_class: int | None = None,
                 reduction: Any = _SOBS, axis: int = -1,
                 name: str = "sparse_categorical_crossentropy", dtype: Any = None) -> None:
        _setup(self, sparse_categorical_crossentropy, reduction, name, dtype,
               from_logits=from_logits, ignore_class=ignore_class, axis=axis)

    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        ignore = self._fn_kwargs.get("ignore_class")
        if ignore is None:
            return super().__call__(y_true, y_pred, sample_weight)
        with name_scope(self.name):
            y_pred = _tensors(y_pred, self._dtype)
            y_true = _tensors(y_true, self._dtype)
            losses = self.call(y_true, y_pred)
            labels = y_true
            if len(labels._shape) == len(losses._shape) + 1 and labels._shape[-1] == 1:
                labels = A.squeeze(labels, axis=-1)
            mask = M.not_equal(labels, float(ignore))
            return reduce_weighted_values(losses, sample_weight, self.reduction, self._dtype,
                                          _both(keras_mask(y_pred), mask))


class Dice(LossFunctionWrapper):
    """`Dice(reduction="sum_over_batch_size", name="dice", axis=None, dtype=None)`."""

    def __init__(self, reduction: Any = "sum_over_batch_size", name: str = "dice",
                 axis: Any = None, dtype: Any = None) -> None:
        super().__init__(dice, reduction=reduction, name=name, dtype=dtype, axis=axis)
        self.axis = axis

    _config_keys = ("axis",)


class Tversky(LossFunctionWrapper):
    """`Tversky(alpha=0.5, beta=0.5, reduction=..., name="tversky", axis=None, dtype=None)`."""

    def __init__(self, alpha: float = 0.5, beta: float = 0.5,
                 reduction: Any = "sum_over_batch_size", name: str = "tversky",
                 axis: Any = None, dtype: Any = None) -> None:
        super().__init__(tversky, reduction=reduction, name=name, dtype=dtype, alpha=alpha,
                         beta=beta, axis=axis)
        self.alpha, self.beta, self.axis = alpha, beta, axis

    _config_keys = ("alpha", "beta", "axis")


class CategoricalGeneralizedCrossEntropy(LossFunctionWrapper):
    """`CategoricalGeneralizedCrossEntropy(q=0.5, reduction=..., name=..., dtype=None)`:
    integer labels, predicted probabilities."""

    def __init__(self, q: float = 0.5, reduction: Any = "sum_over_batch_size",
                 name: str = "categorical_generalized_cross_entropy", dtype: Any = None) -> None:
        if not 0 < q < 1:
            raise ValueError("q must be in the interval (0, 1)")
        super().__init__(categorical_generalized_cross_entropy, reduction=reduction, name=name,
                         dtype=dtype, q=q)
        self.q = q

    _config_keys = ("q",)


class CTC(LossFunctionWrapper):
    """`CTC(reduction="sum_over_batch_size", name="ctc", dtype=None)`."""

    def __init__(self, reduction: Any = "sum_over_batch_size", name: str = "ctc",
                 dtype: Any = None) -> None:
        super().__init__(ctc, reduction=reduction, name=name, dtype=dtype)


class Circle(LossFunctionWrapper):
    """`Circle(gamma=80.0, margin=0.4, remove_diagonal=True, reduction=..., name="circle",
    dtype=None)`: integer labels, L2-normalized embeddings. As Keras 3's, the reduction
    counts only the examples whose loss is positive."""

    def __init__(self, gamma: float = 80.0, margin: float = 0.4, remove_diagonal: bool = True,
                 reduction: Any = "sum_over_batch_size", name: str = "circle",
                 dtype: Any = None) -> None:
        super().__init__(circle, reduction=reduction, name=name, dtype=dtype, gamma=gamma,
                         margin=margin, remove_diagonal=remove_diagonal)
        self.gamma, self.margin, self.remove_diagonal = gamma, margin, remove_diagonal

    _config_keys = ("gamma", "margin", "remove_diagonal")

    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        losses = self.call(K.t(y_true, self._dtype), K.t(y_pred, self._dtype))
        return reduce_weighted_values(losses, sample_weight, self.reduction, self._dtype,
                                      losses > 0)


# Short and long names, as tf.keras.losses exports them.
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh
huber_loss = huber

# Keras 3's names: the functions by name, and short aliases
_BY_NAME: dict[str, Any] = {f.__name__: f for f in (
    mean_squared_error, mean_absolute_error, mean_absolute_percentage_error,
    mean_squared_logarithmic_error, cosine_similarity, huber, log_cosh, kl_divergence,
    poisson, hinge, squared_hinge, categorical_hinge, binary_crossentropy,
    binary_focal_crossentropy, categorical_crossentropy, categorical_focal_crossentropy,
    sparse_categorical_crossentropy, dice, tversky, categorical_generalized_cross_entropy, ctc,
    circle)}
for _short, _fn in (("bce", binary_crossentropy), ("kld", kl_divergence),
                    ("mae", mean_absolute_error), ("mse", mean_squared_error),
                    ("mape", mean_absolute_percentage_error),
                    ("msle", mean_squared_logarithmic_error)):
    _BY_NAME[_short] = _BY_NAME[_short.upper()] = _fn
_CLASSES = {c.__name__: c for c in (
    MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError, CosineSimilarity, Huber, LogCosh, Hinge, SquaredHinge,
    CategoricalHinge, KLDivergence, Poisson, BinaryCrossentropy, CategoricalCrossentropy,
    SparseCategoricalCrossentropy, BinaryFocalCrossentropy, CategoricalFocalCrossentropy,
    Dice, Tversky, CategoricalGeneralizedCrossEntropy, CTC, Circle, Loss, LossFunctionWrapper)}


_TABLE = {**_CLASSES, **_BY_NAME}


def is_builtin_loss(fn: Any) -> bool:
    """Whether `fn` is one of Keras's loss functions or an instance of its loss classes
    (a metric wrapping one is better when it goes down)."""
    return any(fn is f for f in _BY_NAME.values()) or type(fn) in _CLASSES.values()


def get(identifier: Any) -> Any:
    """A loss function or Loss from a name ("mse", "sparse_categorical_crossentropy",
    "BinaryCrossentropy"), a config dict, or a callable."""
    return ser.get_from(identifier, _TABLE, deserialize, "loss")


def serialize(loss: Any) -> Any:
    return ser.serialize_keras_object(loss)


def deserialize(name: Any, custom_objects: dict | None = None) -> Any:
    return ser.deserialize_keras_object(name, module_objects=_TABLE,
                                        custom_objects=custom_objects)
