"""`tf.compat.v1.losses`: TF 1's losses, weighted and reduced, kept in the LOSSES collection.

Sits in v1/, over the nn ops. Each loss computes its elementwise losses with public ops,
then `compute_weighted_loss` multiplies them by `weights` (broadcast) and reduces them by
`reduction` (default: the sum over the number of non-zero weights), in float32, and adds
the result to the graph's LOSSES collection (none eagerly, as TF's). `get_total_loss` is
the sum of the collected losses and, by default, the regularization losses.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.ops.array import ones_like_filled, shape, squeeze, zeros_like
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import (
    equal,
    greater,
    log,
    maximum,
    minimum,
    multiply,
    square,
    squared_difference,
)
from eagerflow._src.ops.math_base import (
    add_n,
    cast,
    stop_gradient,
)
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.nn import relu
from eagerflow._src.ops.nn_loss import (
    sigmoid_cross_entropy_with_logits,
    softmax_cross_entropy_with_logits,
    sparse_softmax_cross_entropy_with_logits,
)
from eagerflow._src.ops.reduce import reduce_sum, size
from eagerflow._src.ops.select_v1 import where_v1
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.shape_queries import rank
from eagerflow._src.v1.weights_broadcast import assert_broadcastable, broadcast_weights


class Reduction:
    """How compute_weighted_loss reduces the weighted losses."""

    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls) -> tuple:
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE,
                cls.SUM_OVER_NONZERO_WEIGHTS, cls.SUM_BY_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key: str) -> None:
        if key not in cls.all():
            raise ValueError(f"Invalid Reduction Key {key}. Key should be one of "
                             f"{cls.all()}.")


_DEFAULT = Reduction.SUM_BY_NONZERO_WEIGHTS


def add_loss(loss: Any, loss_collection: str = GraphKeys.LOSSES) -> None:
    """Adds `loss` to the graph's `loss_collection` (nothing eagerly)."""
    if loss_collection and _state.graph is not None:
        get_default_graph().add_to_collection(loss_collection, loss)


def get_losses(scope: str | None = None, loss_collection: str = GraphKeys.LOSSES) -> list:
    return get_default_graph().get_collection(loss_collection, scope)


def get_regularization_losses(scope: str | None = None) -> list:
    return get_default_graph().get_collection(GraphKeys.REGULARIZATION_LOSSES, scope)


def get_regularization_loss(scope: str | None = None,
                            name: str = "total_regularization_loss") -> Any:
    losses = get_regularization_losses(scope)
    if losses:
        return add_n(losses, name=name)
    return convert_to_tensor(0.0)


def get_total_loss(add_regularization_losses: bool = True, name: str = "total_loss",
                   scope: str | None = None) -> Any:
    """The sum of the collected losses (and the regularization losses)."""
    losses = get_losses(scope=scope)
    if add_regularization_losses:
        losses += get_regularization_losses(scope=scope)
    return add_n(losses, name=name)


def _num_elements(losses: Any) -> Any:
    with name_scope("num_elements") as scope:
        return cast(size(losses, name=scope), losses.dtype)


def _num_present(losses: Any, weights: Any) -> Any:
    """How many losses have a non-zero weight (weights broadcast to the losses), as TF's
    graph counts them."""
    if isinstance(weights, float) and weights != 0.0:
        return _num_elements(losses)
    with name_scope("num_present") as scope:
        weights = cast(weights, dt.float32)
        present = where_v1(equal(weights, 0.0), zeros_like(weights), ones_like_filled(weights))
        present = broadcast_weights(present, losses)
        return reduce_sum(present, name=scope)


def _num_present_per_batch(losses: Any, weights: Any) -> Any:
    """How many losses of each batch row have a non-zero weight, keeping the reduced axes
    (as TF's, eagerly a non-zero scalar weight counts every loss of the batch instead)."""
    if _state.graph is None and weights.shape.rank == 0 and bool(weights != 0.0):
        return _num_elements(losses)
    with name_scope("num_present") as scope:
        present = where_v1(equal(weights, 0.0), zeros_like(weights), ones_like_filled(weights))
        present = broadcast_weights(present, losses)
        return reduce_sum(present, range_(1, rank(present)), keepdims=True, name=scope)


def _safe_mean(losses: Any, num_present: Any) -> Any:
    return div_no_nan(reduce_sum(losses), num_present, name="value")


def _as_float32(weights: Any) -> Any:
    """`weights` cast to float32, a Python value converted as TF's cast converts it
    ("Cast/x")."""
    if not isinstance(weights, Tensor) and not hasattr(weights, "_as_tensor"):
        with name_scope("Cast"):
            weights = convert_to_tensor_v2(weights, name="x")
    return cast(weights, dt.float32)


def _compute_loss(losses: Any, weights: Any, loss_collection: str, reduction: str) -> Any:
    losses = convert_to_tensor(losses)
    input_dtype = losses.dtype
    losses = cast(losses, dt.float32)
    weights = _as_float32(weights)
    weighted = multiply(losses, weights)
    if reduction == Reduction.NONE:
        loss = weighted
    else:
        loss = reduce_sum(weighted)
        if reduction == Reduction.MEAN:
            loss = _safe_mean(loss, reduce_sum(multiply(ones_like_filled(losses), weights)))
        elif reduction == Reduction.SUM_BY_NONZERO_WEIGHTS:
            loss = _safe_mean(loss, _num_present(losses, weights))
        elif reduction == Reduction.SUM_OVER_BATCH_SIZE:
            loss = _safe_mean(loss, _num_elements(losses))
    loss = cast(loss, input_dtype)
    add_loss(loss, loss_collection)
    return loss


@dispatch_binding
def compute_weighted_loss(losses: Any, weights: Any = 1.0, scope: str | None = None,
                          loss_collection: str = GraphKeys.LOSSES,
                          reduction: str = _DEFAULT) -> Any:
    """`losses * weights` reduced by `reduction`, in the losses' dtype; collected. As TF's
    graph: after the check that the weights broadcast to the losses."""
    Reduction.validate(reduction)
    with name_scope(scope or "weighted_loss"):
        check = assert_broadcastable(weights, losses)
        with control_dependencies([check] if check is not None else []):
            return _compute_loss(losses, weights, loss_collection, reduction)


def _required(**args: Any) -> None:
    for name, value in args.items():
        if value is None:
            raise ValueError(f"Argument `{name}` must not be None.")


def _pair(labels: Any, predictions: Any) -> tuple:
    predictions = cast(convert_to_tensor(predictions), dt.float32)
    labels = cast(convert_to_tensor(labels), dt.float32)
    predictions.shape.assert_is_compatible_with(labels.shape)
    return labels, predictions


def _logits_pair(labels: Any, logits: Any) -> tuple:
    """The labels in the logits' dtype (their shapes checked compatible), and the logits."""
    logits = convert_to_tensor(logits)
    labels = cast(convert_to_tensor(labels), logits.dtype)
    logits.shape.assert_is_compatible_with(labels.shape)
    return labels, logits


def absolute_difference(labels: Any, predictions: Any, weights: Any = 1.0,
                        scope: str | None = None, loss_collection: str = GraphKeys.LOSSES,
                        reduction: str = _DEFAULT) -> Any:
    _required(labels=labels, predictions=predictions)
    with name_scope(scope or "absolute_difference") as sc:
        labels, predictions = _pair(labels, predictions)
        losses = abs_(predictions - labels)
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


@dispatch_binding
def mean_squared_error(labels: Any, predictions: Any, weights: Any = 1.0,
                       scope: str | None = None, loss_collection: str = GraphKeys.LOSSES,
                       reduction: str = _DEFAULT) -> Any:
    _required(labels=labels, predictions=predictions)
    with name_scope(scope or "mean_squared_error") as sc:
        labels, predictions = _pair(labels, predictions)
        losses = squared_difference(predictions, labels)
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


@dispatch_binding
def log_loss(labels: Any, predictions: Any, weights: Any = 1.0, epsilon: float = 1e-7,
             scope: str | None = None, loss_collection: str = GraphKeys.LOSSES,
             reduction: str = _DEFAULT) -> Any:
    _required(labels=labels, predictions=predictions)
    with name_scope(scope or "log_loss") as sc:
        labels, predictions = _pair(labels, predictions)
        losses = -labels * log(predictions + epsilon) - (1 - labels) * log(
            1 - predictions + epsilon)
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


@dispatch_binding
def hinge_loss(labels: Any, logits: Any, weights: Any = 1.0, scope: str | None = None,
               loss_collection: str = GraphKeys.LOSSES, reduction: str = _DEFAULT) -> Any:
    _required(labels=labels, logits=logits)
    with name_scope(scope or "hinge_loss") as sc:
        labels, logits = _pair(labels, logits)
        all_ones = ones_like_filled(labels)
        labels = 2 * labels - all_ones  # {0, 1} to {-1, 1}
        losses = relu(all_ones - labels * logits)
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


@dispatch_binding
def huber_loss(labels: Any, predictions: Any, weights: Any = 1.0, delta: float = 1.0,
               scope: str | None = None, loss_collection: str = GraphKeys.LOSSES,
               reduction: str = _DEFAULT) -> Any:
    _required(labels=labels, predictions=predictions)
    with name_scope(scope or "huber_loss") as sc:
        labels, predictions = _pair(labels, predictions)
        abs_error = abs_(predictions - labels)
        quadratic = minimum(abs_error, delta)
        linear = abs_error - quadratic  # (the part of the error past delta)
        losses = 0.5 * (quadratic * quadratic) + delta * linear
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


def cosine_distance(labels: Any, predictions: Any, axis: Any = None, weights: Any = 1.0,
                    scope: str | None = None, loss_collection: str = GraphKeys.LOSSES,
                    reduction: str = _DEFAULT, dim: Any = None) -> Any:
    if dim is not None:
        if axis is not None:
            raise ValueError("Cannot specify both 'axis' and 'dim'")
        axis = dim
    if axis is None:
        raise ValueError("You must specify argument `axis`.")
    _required(labels=labels, predictions=predictions)
    with name_scope(scope or "cosine_distance_loss") as sc:
        labels, predictions = _pair(labels, predictions)
        losses = 1 - reduce_sum(predictions * labels, axis=(axis,), keepdims=True)
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


@dispatch_binding
def sigmoid_cross_entropy(multi_class_labels: Any, logits: Any, weights: Any = 1.0,
                          label_smoothing: float = 0, scope: str | None = None,
                          loss_collection: str = GraphKeys.LOSSES,
                          reduction: str = _DEFAULT) -> Any:
    _required(multi_class_labels=multi_class_labels, logits=logits)
    with name_scope(scope or "sigmoid_cross_entropy_loss") as sc:
        labels, logits = _logits_pair(multi_class_labels, logits)
        if label_smoothing > 0:
            labels = labels * (1 - label_smoothing) + 0.5 * label_smoothing
        losses = sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


@dispatch_binding
def softmax_cross_entropy(onehot_labels: Any, logits: Any, weights: Any = 1.0,
                          label_smoothing: float = 0, scope: str | None = None,
                          loss_collection: str = GraphKeys.LOSSES,
                          reduction: str = _DEFAULT) -> Any:
    _required(onehot_labels=onehot_labels, logits=logits)
    with name_scope(scope or "softmax_cross_entropy_loss") as sc:
        labels, logits = _logits_pair(onehot_labels, logits)
        if label_smoothing > 0:
            classes = cast(shape(labels)[-1], logits.dtype)
            negatives = label_smoothing / classes
            labels = labels * (1 - label_smoothing) + negatives
        labels = stop_gradient(labels, name="labels_stop_gradient")
        losses = softmax_cross_entropy_with_logits(labels=labels, logits=logits,
                                                   name="xentropy")
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


@dispatch_binding
def sparse_softmax_cross_entropy(labels: Any, logits: Any, weights: Any = 1.0,
                                 scope: str | None = None,
                                 loss_collection: str = GraphKeys.LOSSES,
                                 reduction: str = _DEFAULT) -> Any:
    _required(labels=labels, logits=logits)
    with name_scope(scope or "sparse_softmax_cross_entropy_loss") as sc:
        labels, logits, weights = _squeezed(labels, logits, weights)
        losses = sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits,
                                                          name="xentropy")
        return compute_weighted_loss(losses, weights, sc, loss_collection, reduction)


def _squeezed(labels: Any, logits: Any, weights: Any) -> tuple:
    """TF's _remove_squeezable_dimensions for class ids (one dim fewer than the logits):
    a trailing dim of 1 squeezed from the labels or the weights where the static ranks
    say one is extra; the weights made a tensor."""
    logits, labels = convert_to_tensor(logits), convert_to_tensor(labels)
    lr, pr = labels.shape.rank, logits.shape.rank
    if lr is not None and pr is not None:
        if pr - lr == 2 and logits.shape[-1] in (1, None):
            logits = squeeze(logits, [-1])
        elif pr - lr == 0 and labels.shape[-1] in (1, None):
            labels = squeeze(labels, [-1])
    weights = convert_to_tensor_v2(weights)
    wr = weights.shape.rank
    if lr is not None and wr is not None and wr - labels.shape.rank == 1:
        weights = squeeze(weights, [-1])
    return labels, logits, weights


@dispatch_binding
def mean_pairwise_squared_error(labels: Any, predictions: Any, weights: Any = 1.0,
                                scope: str | None = None,
                                loss_collection: str = GraphKeys.LOSSES) -> Any:
    """Each batch row's mean squared difference of the pairwise differences of
    `predictions` and of `labels`, weighted per row and summed."""
    _required(labels=labels, predictions=predictions)
    with name_scope(scope or "mean_pairwise_squared_error"):
        weights = cast(weights, dt.float32)
        labels, predictions = _pair(labels, predictions)
        diffs = predictions - labels
        axis = range_(1, rank(diffs))
        count = _num_present_per_batch(diffs, weights)
        # sum over pairs of (d_i - d_j)^2 / pairs = (2 n sum d^2 - 2 (sum d)^2) / (n (n - 1))
        term1 = 2.0 * div_no_nan(reduce_sum(square(diffs), axis, keepdims=True),
                                 maximum(count - 1, 0), name="value")
        term2 = 2.0 * div_no_nan(square(reduce_sum(diffs, axis, keepdims=True)),
                                 maximum(multiply(count, count - 1), 0), name="value")
        loss = reduce_sum(multiply(term1 - term2, weights))
        mean_loss = where_v1(greater(reduce_sum(count), 0), loss, zeros_like(loss),
                             name="value")
        add_loss(mean_loss, loss_collection)
        return mean_loss
