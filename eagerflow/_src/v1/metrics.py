"""`tf.compat.v1.metrics`: TF 1's streaming metrics, each a (value, update_op) pair over
local variables.

TF 1 layer (v1/), loaded with `tf.compat.v1.metrics`. A metric makes its accumulators as
TF's `metric_variable`s (zeros, not trainable, in the LOCAL_VARIABLES and METRIC_VARIABLES
collections) under its variable scope, so `local_variables_initializer` resets them; the
update op adds a batch's counts and returns the metric over everything seen so far, the
value reads it without updating. Eagerly each refuses with TF's RuntimeError. Names,
dtypes, thresholds and epsilons are TF 2.21's (checked against its recording,
tests/v1/golden/v1_metrics.json); the top-k family lives in metrics_at_k.py.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call, get_logger
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.ops import debugging as D
from eagerflow._src.ops.array import (
    constant,
    expand_dims,
    ones,
    rank,
    reshape,
    shape,
    squeeze,
    zeros,
)
from eagerflow._src.ops.control_deps import control_dependencies, no_op
from eagerflow._src.ops.linalg import diag_part
from eagerflow._src.ops.math import (
    abs as abs_,
)
from eagerflow._src.ops.math import (
    divide,
    equal,
    greater,
    less,
    log,
    logical_and,
    logical_not,
    logical_or,
    maximum,
    minimum,
    multiply,
    not_equal,
    sqrt,
    squared_difference,
    subtract,
)
from eagerflow._src.ops.math_base import (
    cast,
    identity,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.misc_ops import confusion_matrix
from eagerflow._src.ops.reduce import (
    argmax,
    argmin,
    reduce_all,
    reduce_mean,
    reduce_min,
    reduce_sum,
    size,
)
from eagerflow._src.ops.scans import (
    cumsum,
)
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import (
    tile,
)
from eagerflow._src.ops.variables import VariableAggregation, VariableSynchronization
from eagerflow._src.v1.tf1_args import name_scope
from eagerflow._src.v1.variable_scope import variable_scope
from eagerflow._src.v1.variables import VariableV1, add_to_collections
from eagerflow._src.v1.variables import assign_add as _assign_add
from eagerflow._src.v1.variables import scatter_add as _scatter_add

_IMPL = "tensorflow.python.ops.metrics_impl"
_BROADCAST_ERROR = "weights can not be broadcast to values."


def _refuse_eager(name: str, words: str = "is not supported") -> None:
    if executing_eagerly():
        raise RuntimeError(f"tf.metrics.{name} {words} when eager execution is enabled.")


def metric_variable(shape: Any, dtype: Any, validate_shape: bool = True,
                    name: str | None = None) -> Any:
    """A metric's accumulator: zeros, local, not trainable, summed across replicas."""
    return VariableV1(lambda: zeros(shape, dtype), trainable=False,
                      collections=[GraphKeys.LOCAL_VARIABLES, GraphKeys.METRIC_VARIABLES],
                      validate_shape=validate_shape,
                      synchronization=VariableSynchronization.ON_READ,
                      aggregation=VariableAggregation.SUM, name=name)


def _collect(collections: Any, value: Any) -> Any:
    if collections:
        add_to_collections(collections, value)
    return value


def _read(var: Any, collections: Any) -> Any:
    """A variable's value as TF's default strategy reads it (an Identity of its read)."""
    return _collect(collections, identity(var))


def _last_dim_may_be_one(s: Any) -> bool:
    d = s.dims[-1]
    return d is None or getattr(d, "value", d) in (None, 1)


def remove_squeezable_dimensions(labels: Any, predictions: Any,
                                 expected_rank_diff: int = 0) -> tuple:
    """(labels, predictions) with a trailing 1 dimension squeezed off the one ranked one
    more than `expected_rank_diff` allows (at run time when a rank is unknown)."""
    predictions = convert_to_tensor(predictions)
    labels = convert_to_tensor(labels)
    ps, ls = predictions.shape, labels.shape
    if ps.rank is not None and ls.rank is not None:
        diff = ps.rank - ls.rank
        if diff == expected_rank_diff + 1 and _last_dim_may_be_one(ps):
            predictions = squeeze(predictions, [-1])
        elif diff == expected_rank_diff - 1 and _last_dim_may_be_one(ls):
            labels = squeeze(labels, [-1])
        return labels, predictions
    diff = rank(predictions) - rank(labels)
    p, lab = predictions, labels
    if ps.rank is None or _last_dim_may_be_one(ps):
        predictions = cond(equal(expected_rank_diff + 1, diff), lambda: squeeze(p, [-1]),
                           lambda: p)
    if ls.rank is None or _last_dim_may_be_one(ls):
        labels = cond(equal(expected_rank_diff - 1, diff), lambda: squeeze(lab, [-1]),
                      lambda: lab)
    return labels, predictions


def _remove_squeezable(predictions: Any, labels: Any, weights: Any) -> tuple:
    """TF's metrics' squeezing: labels against predictions, then weights of one rank more
    or less than the predictions squeezed or expanded at the end."""
    predictions = convert_to_tensor(predictions)
    if labels is not None:
        labels, predictions = remove_squeezable_dimensions(labels, predictions)
        predictions.shape.assert_is_compatible_with(labels.shape)
    if weights is None:
        return predictions, labels, None
    weights = convert_to_tensor(weights)
    w_rank = weights.shape.rank
    if w_rank == 0:
        return predictions, labels, weights
    p_rank = predictions.shape.rank
    if p_rank is not None and w_rank is not None:
        if w_rank - p_rank == 1:
            weights = squeeze(weights, [-1])
        elif p_rank - w_rank == 1:
            weights = expand_dims(weights, -1)
        return predictions, labels, weights
    w = weights
    w_rank_t = rank(weights)
    diff = w_rank_t - rank(predictions)
    if w_rank is not None and not _last_dim_may_be_one(weights.shape):
        def maybe_squeeze() -> Any:
            return w
    else:
        def maybe_squeeze() -> Any:
            return squeeze(w, [-1])

    def adjust() -> Any:
        return cond(equal(diff, 1), maybe_squeeze,
                    lambda: cond(equal(diff, -1), lambda: expand_dims(w, -1), lambda: w))

    weights = cond(equal(w_rank_t, 0), lambda: w, adjust)
    return predictions, labels, weights


def _static(t: Any) -> Any:
    try:
        return t.shape.as_list() if t.shape.is_fully_defined() else None
    except (ValueError, AttributeError):
        return None


def assert_broadcastable(weights: Any, values: Any) -> Any:
    """TF's checks that `weights` broadcast to `values` (a scalar, or each dimension 1 or
    the values'): a ValueError while building when the shapes are known, else an Assert."""
    weights = convert_to_tensor(weights)
    values = convert_to_tensor(values)
    w_rank, v_rank = weights.shape.rank, values.shape.rank
    if w_rank is not None and v_rank is not None:
        if w_rank == 0:
            return no_op(name="static_scalar_check_success")
        if w_rank != v_rank:
            raise ValueError(f"{_BROADCAST_ERROR} values.rank={v_rank}. weights.rank={w_rank}."
                             f" values.shape={values.shape}. weights.shape={weights.shape}. "
                             f"Received weights={weights}, values={values}")
        ws, vs = _static(weights), _static(values)
        if ws is not None and vs is not None:
            for i, (a, b) in enumerate(zip(ws, vs)):
                if a not in (1, b):
                    raise ValueError(f"{_BROADCAST_ERROR} Mismatch at dim {i}. values.shape="
                                     f"{vs}, weights.shape={ws}. Received weights={weights}, "
                                     f"values={values}")
            return no_op(name="static_dims_check_success")
    w_shape, v_shape = shape(weights), shape(values)
    ok = logical_and(equal(rank(weights), rank(values)),
                     equal(size(w_shape), size(v_shape)))
    # (each dimension 1 or the values', compared at run time once the ranks agree)
    fits = cond(ok, lambda: reduce_all(logical_or(equal(w_shape, 1), equal(w_shape, v_shape))),
                lambda: ok)
    is_scalar = equal(0, rank(weights))
    return D.Assert(logical_or(is_scalar, fits), [_BROADCAST_ERROR, "weights.shape=", weights.name,
                                       w_shape, "values.shape=", values.name, v_shape,
                                       "is_scalar=", is_scalar])


def broadcast_weights(weights: Any, values: Any) -> Any:
    """`weights` broadcast to `values`' shape (after TF's broadcastability checks)."""
    values = convert_to_tensor(values)
    weights = convert_to_tensor(weights, dtype=values.dtype.base_dtype)
    ws, vs = weights.shape, values.shape
    if ws.is_fully_defined() and vs.is_fully_defined() and ws.is_compatible_with(vs):
        return weights
    check = assert_broadcastable(weights, values)
    with control_dependencies([check] if check is not None else []):
        return multiply(weights, ones_like(values), name="broadcast_weights")


def _mean_scope(values: Any, weights: Any, metrics_collections: Any,
                updates_collections: Any) -> tuple:
    """mean's body, inside its variable scope."""
    values = cast(values, dt.float32)
    total = metric_variable([], dt.float32, name="total")
    count = metric_variable([], dt.float32, name="count")
    if weights is None:
        num_values = cast(size(values), dt.float32)
    else:
        values, weights = _weighted(values, weights)
        num_values = reduce_sum(weights)
    return _mean_outputs(total, count, reduce_sum(values), num_values, values,
                         metrics_collections, updates_collections)


def _weighted(values: Any, weights: Any) -> tuple:
    """`(values * weights, weights)`, the weights float32 and broadcast to the values."""
    values, _, weights = _remove_squeezable(values, None, weights)
    weights = broadcast_weights(cast(weights, dt.float32), values)
    return multiply(values, weights), weights


def _mean_outputs(total: Any, count: Any, total_delta: Any, count_delta: Any, values: Any,
                  metrics_collections: Any, updates_collections: Any) -> tuple:
    """A mean's value (total / count) and update op (the same after adding the deltas;
    the count's add waits for `values`), each added to its collections."""
    update_total = _assign_add(total, total_delta)
    with control_dependencies([values]):
        update_count = _assign_add(count, count_delta)
    value = _collect(metrics_collections,
                     div_no_nan(total, maximum(count, 0), name="value"))
    update = div_no_nan(update_total, maximum(update_count, 0), name="update_op")
    return value, _collect(updates_collections, update)


def mean(values: Any, weights: Any = None, metrics_collections: Any = None,
         updates_collections: Any = None, name: str | None = None) -> tuple:
    """The (weighted) mean of every value seen."""
    _refuse_eager("mean")
    with variable_scope(name, "mean", (values, weights)):
        return _mean_scope(values, weights, metrics_collections, updates_collections)


def accuracy(labels: Any, predictions: Any, weights: Any = None, metrics_collections: Any = None,
             updates_collections: Any = None, name: str | None = None) -> tuple:
    """How often `predictions` equal `labels`."""
    _refuse_eager("accuracy")
    predictions, labels, weights = _remove_squeezable(predictions, labels, weights)
    predictions.shape.assert_is_compatible_with(labels.shape)
    if labels.dtype != predictions.dtype:
        predictions = cast(predictions, labels.dtype)
    is_correct = cast(equal(predictions, labels), dt.float32)
    return mean(is_correct, weights, metrics_collections, updates_collections,
                name or "accuracy")


def _cast_constant(value: float, dtype: Any) -> Any:
    """TF's cast of a Python number to the dtype it already converts to: the constant
    `Cast/x` (so the checks' messages name it as TF's do)."""
    with name_scope(None, "Cast", [value]):
        return constant(value, dtype, name="x")


def _confusion_at_thresholds(labels: Any, predictions: Any, thresholds: list,
                             weights: Any = None, includes: Any = None) -> tuple:
    """Variables counting tp/fn/tn/fp at each threshold (a prediction above it is
    positive) and the ops adding a batch to them."""
    everything = ("tp", "fn", "tn", "fp")
    if includes is None:
        includes = everything
    for key in includes:
        if key not in everything:
            raise ValueError(f"Invalid key: {key}")
    predictions = convert_to_tensor(predictions)
    checks = [D.assert_greater_equal(predictions, _cast_constant(0.0, predictions.dtype),
                                     message="predictions must be in [0, 1]"),
              D.assert_less_equal(predictions, _cast_constant(1.0, predictions.dtype),
                                  message="predictions must be in [0, 1]")]
    with control_dependencies([c for c in checks if c is not None]):
        predictions, labels, weights = _remove_squeezable(
            cast(predictions, dt.float32), cast(labels, dt.bool), weights)
    n = len(thresholds)
    preds_2d = reshape(predictions, [-1, 1])
    labels_2d = reshape(cast(labels, dt.bool), [1, -1])
    count = preds_2d.shape.as_list()[0]
    if count is None:
        count = shape(preds_2d)[0]
    thresh = tile(expand_dims(constant(thresholds), 1), stack([1, count]))
    pred_pos = greater(tile(reshape(predictions, [1, -1]), [n, 1]), thresh)
    pred_neg = logical_not(pred_pos)
    label_pos = tile(labels_2d, [n, 1])
    label_neg = logical_not(label_pos)
    w = None
    if weights is not None:
        weights = broadcast_weights(cast(weights, dt.float32), predictions)
        w = tile(reshape(weights, [1, -1]), [n, 1])
        thresh.shape.assert_is_compatible_with(w.shape)
    values, updates = {}, {}
    for key, var_name, a, b in (("tp", "true_positives", label_pos, pred_pos),
                                ("fn", "false_negatives", label_pos, pred_neg),
                                ("tn", "true_negatives", label_neg, pred_neg),
                                ("fp", "false_positives", label_neg, pred_pos)):
        if key not in includes:
            continue
        var = metric_variable([n], dt.float32, name=var_name)
        hits = cast(logical_and(a, b), dt.float32)
        if w is not None:
            hits = hits * w
        updates[key] = _assign_add(var, reduce_sum(hits, 1))
        values[key] = var
    return values, updates


def _at_thresholds(kind: str, key: str, labels: Any, predictions: Any, thresholds: Any,
                   weights: Any, metrics_collections: Any, updates_collections: Any,
                   name: Any) -> tuple:
    _refuse_eager(f"{kind}_at_thresholds")
    with variable_scope(name, kind, (predictions, labels, weights)):
        values, updates = _confusion_at_thresholds(labels, predictions, thresholds, weights,
                                                   includes=(key,))
        value = _read(values[key], metrics_collections)
        return value, _collect(updates_collections, updates[key])


def true_positives_at_thresholds(labels: Any, predictions: Any, thresholds: Any,
                                 weights: Any = None, metrics_collections: Any = None,
                                 updates_collections: Any = None,
                                 name: str | None = None) -> tuple:
    return _at_thresholds("true_positives", "tp", labels, predictions, thresholds, weights,
                          metrics_collections, updates_collections, name)


def false_positives_at_thresholds(labels: Any, predictions: Any, thresholds: Any,
                                  weights: Any = None, metrics_collections: Any = None,
                                  updates_collections: Any = None,
                                  name: str | None = None) -> tuple:
    return _at_thresholds("false_positives", "fp", labels, predictions, thresholds, weights,
                          metrics_collections, updates_collections, name)


def true_negatives_at_thresholds(labels: Any, predictions: Any, thresholds: Any,
                                 weights: Any = None, metrics_collections: Any = None,
                                 updates_collections: Any = None,
                                 name: str | None = None) -> tuple:
    return _at_thresholds("true_negatives", "tn", labels, predictions, thresholds, weights,
                          metrics_collections, updates_collections, name)


def false_negatives_at_thresholds(labels: Any, predictions: Any, thresholds: Any,
                                  weights: Any = None, metrics_collections: Any = None,
                                  updates_collections: Any = None,
                                  name: str | None = None) -> tuple:
    return _at_thresholds("false_negatives", "fn", labels, predictions, thresholds, weights,
                          metrics_collections, updates_collections, name)


def _count_condition(values: Any, weights: Any, metrics_collections: Any,
                     updates_collections: Any) -> tuple:
    D.assert_type(values, dt.bool)
    count = metric_variable([], dt.float32, name="count")
    values = cast(values, dt.float32)
    if weights is not None:
        values_rank = values.shape.rank if values.shape.rank is not None else rank(values)
        check = D.assert_rank_in(weights, (0, values_rank))
        with control_dependencies([check] if check is not None else []):
            weights = cast(weights, dt.float32)
            values = multiply(values, weights)
    value = _read(count, metrics_collections)
    update = _assign_add(count, reduce_sum(values))
    return value, _collect(updates_collections, update)


def _counted(kind: str, label: bool, predicted: bool, labels: Any, predictions: Any,
             weights: Any, metrics_collections: Any, updates_collections: Any,
             name: Any) -> tuple:
    _refuse_eager(kind)
    with variable_scope(name, kind, (predictions, labels, weights)):
        predictions, labels, weights = _remove_squeezable(
            cast(predictions, dt.bool), cast(labels, dt.bool), weights)
        hits = logical_and(equal(labels, label), equal(predictions, predicted))
        return _count_condition(hits, weights, metrics_collections, updates_collections)


def true_positives(labels: Any, predictions: Any, weights: Any = None,
                   metrics_collections: Any = None, updates_collections: Any = None,
                   name: str | None = None) -> tuple:
    return _counted("true_positives", True, True, labels, predictions, weights,
                    metrics_collections, updates_collections, name)


def false_positives(labels: Any, predictions: Any, weights: Any = None,
                    metrics_collections: Any = None, updates_collections: Any = None,
                    name: str | None = None) -> tuple:
    return _counted("false_positives", False, True, labels, predictions, weights,
                    metrics_collections, updates_collections, name)


def true_negatives(labels: Any, predictions: Any, weights: Any = None,
                   metrics_collections: Any = None, updates_collections: Any = None,
                   name: str | None = None) -> tuple:
    return _counted("true_negatives", False, False, labels, predictions, weights,
                    metrics_collections, updates_collections, name)


def false_negatives(labels: Any, predictions: Any, weights: Any = None,
                    metrics_collections: Any = None, updates_collections: Any = None,
                    name: str | None = None) -> tuple:
    return _counted("false_negatives", True, False, labels, predictions, weights,
                    metrics_collections, updates_collections, name)


def _ratio(kind: str, other: Callable, labels: Any, predictions: Any, weights: Any,
           metrics_collections: Any, updates_collections: Any, name: Any,
           words: str = "is not supported") -> tuple:
    """precision or recall: tp / (tp + other), 0 before anything was counted."""
    _refuse_eager(kind, words)
    with variable_scope(name, kind, (predictions, labels, weights)):
        predictions, labels, weights = _remove_squeezable(
            cast(predictions, dt.bool), cast(labels, dt.bool), weights)
        tp, tp_update = true_positives(labels, predictions, weights)
        o, o_update = other(labels, predictions, weights)

        def compute(a: Any, b: Any, op_name: str) -> Any:
            return where(greater(a + b, 0), divide(a, a + b), 0, op_name)

        value = _collect(metrics_collections, compute(tp, o, "value"))
        return value, _collect(updates_collections, compute(tp_update, o_update, "update_op"))


def precision(labels: Any, predictions: Any, weights: Any = None,
              metrics_collections: Any = None, updates_collections: Any = None,
              name: str | None = None) -> tuple:
    return _ratio("precision", false_positives, labels, predictions, weights,
                  metrics_collections, updates_collections, name)


def recall(labels: Any, predictions: Any, weights: Any = None,
           metrics_collections: Any = None, updates_collections: Any = None,
           name: str | None = None) -> tuple:
    # (TF's message says "is not supported" twice)
    return _ratio("recall", false_negatives, labels, predictions, weights,
                  metrics_collections, updates_collections, name,
                  "is not supported is not supported")


def _ratio_at_thresholds(kind: str, key: str, labels: Any, predictions: Any,
                         thresholds: Any, weights: Any, metrics_collections: Any,
                         updates_collections: Any, name: Any) -> tuple:
    _refuse_eager(f"{kind}_at_thresholds")
    with variable_scope(name, f"{kind}_at_thresholds", (predictions, labels, weights)):
        values, updates = _confusion_at_thresholds(labels, predictions, thresholds, weights,
                                                   includes=("tp", key))

        def compute(tp: Any, other: Any, suffix: str) -> Any:
            return divide(tp, 1e-7 + tp + other, name=f"{kind}_{suffix}")

        value = _collect(metrics_collections, compute(values["tp"], values[key], "value"))
        update = compute(updates["tp"], updates[key], "update_op")
        return value, _collect(updates_collections, update)


def precision_at_thresholds(labels: Any, predictions: Any, thresholds: Any, weights: Any = None,
                            metrics_collections: Any = None, updates_collections: Any = None,
                            name: str | None = None) -> tuple:
    return _ratio_at_thresholds("precision", "fp", labels, predictions, thresholds, weights,
                                metrics_collections, updates_collections, name)


def recall_at_thresholds(labels: Any, predictions: Any, thresholds: Any, weights: Any = None,
                         metrics_collections: Any = None, updates_collections: Any = None,
                         name: str | None = None) -> tuple:
    return _ratio_at_thresholds("recall", "fn", labels, predictions, thresholds, weights,
                                metrics_collections, updates_collections, name)


_SUMMATIONS = ("trapezoidal", "careful_interpolation", "minoring", "majoring")


def _interpolate_pr_auc(tp: Any, fp: Any, fn: Any, n: int) -> Any:
    """Davis & Goadrich's interpolation of the precision-recall curve between thresholds."""
    dtp = tp[:n - 1] - tp[1:]
    p = tp + fp
    slope = div_no_nan(dtp, maximum(p[:n - 1] - p[1:], 0), name="prec_slope")
    intercept = tp[1:] - multiply(slope, p[1:])
    ratio = where(logical_and(p[:n - 1] > 0, p[1:] > 0),
                  div_no_nan(p[:n - 1], maximum(p[1:], 0), name="recall_relative_ratio"),
                  ones_like(p[1:]))
    return reduce_sum(div_no_nan(slope * (dtp + intercept * log(ratio)),
                                 maximum(tp[1:] + fn[1:], 0), name="pr_auc_increment"),
                      name="interpolate_pr_auc")


def auc(labels: Any, predictions: Any, weights: Any = None, num_thresholds: int = 200,
        metrics_collections: Any = None, updates_collections: Any = None, curve: str = "ROC",
        name: str | None = None, summation_method: str = "trapezoidal",
        thresholds: Any = None) -> tuple:
    """The area under the ROC or PR curve over `num_thresholds` thresholds in [0, 1]."""
    deprecated_call("auc", _IMPL, "The value of AUC returned by this may race with the update "
                    "so this is deprecated. Please use tf.keras.metrics.AUC instead.")
    _refuse_eager("auc")
    with variable_scope(name, "auc", (labels, predictions, weights)):
        if curve not in ("ROC", "PR"):
            raise ValueError(f"Curve must be either ROC or PR. Curve {curve} is unknown.")
        eps = 1e-7
        if thresholds is not None:
            thresholds = sorted(thresholds)
            num_thresholds = len(thresholds) + 2
        else:
            thresholds = [(i + 1) * 1.0 / (num_thresholds - 1)
                          for i in range(num_thresholds - 2)]
        thresholds = [0.0 - eps] + list(thresholds) + [1.0 + eps]
        values, updates = _confusion_at_thresholds(labels, predictions, thresholds, weights)
        n = num_thresholds

        def compute(tp: Any, fn: Any, tn: Any, fp: Any, op_name: str) -> Any:
            if curve == "PR":
                if summation_method == "trapezoidal":
                    get_logger().warning("Trapezoidal rule is known to produce incorrect "
                                         'PR-AUCs; please switch to "careful_interpolation" '
                                         "instead.")
                elif summation_method == "careful_interpolation":
                    return _interpolate_pr_auc(tp, fp, fn, n)
            rec = divide(tp + 1e-6, tp + fn + 1e-6)
            if curve == "ROC":
                x, y = divide(fp, fp + tn + 1e-6), rec
            else:
                x, y = rec, divide(tp + 1e-6, tp + fp + 1e-6)
            if summation_method in ("trapezoidal", "careful_interpolation"):
                heights = (y[:n - 1] + y[1:]) / 2.0
            elif summation_method == "minoring":
                heights = minimum(y[:n - 1], y[1:])
            elif summation_method == "majoring":
                heights = maximum(y[:n - 1], y[1:])
            else:
                raise ValueError(f"Invalid summation_method: {summation_method} "
                                 "summation_method should be 'trapezoidal', "
                                 "'careful_interpolation', 'minoring', or 'majoring'.")
            return reduce_sum(multiply(x[:n - 1] - x[1:], heights), name=op_name)

        value = _collect(metrics_collections, compute(values["tp"], values["fn"],
                                                      values["tn"], values["fp"], "value"))
        update = compute(updates["tp"], updates["fn"], updates["tn"], updates["fp"],
                         "update_op")
        return value, _collect(updates_collections, update)


def _at_rate(kind: str, labels: Any, predictions: Any, weights: Any, num_thresholds: int,
             top: float, pick: Callable, metrics_collections: Any,
             updates_collections: Any, name: Any) -> tuple:
    with variable_scope(name, kind, (predictions, labels, weights)):
        eps = 1e-7
        thresholds = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        thresholds = [0.0 - eps] + thresholds + [top]
        values, updates = _confusion_at_thresholds(labels, predictions, thresholds, weights)
        value = _collect(metrics_collections, pick(values, "value"))
        return value, _collect(updates_collections, pick(updates, "update_op"))


def sensitivity_at_specificity(labels: Any, predictions: Any, specificity: float,
                               weights: Any = None, num_thresholds: int = 200,
                               metrics_collections: Any = None,
                               updates_collections: Any = None,
                               name: str | None = None) -> tuple:
    """The recall at the threshold whose specificity is nearest `specificity`."""
    _refuse_eager("sensitivity_at_specificity")
    if specificity < 0 or specificity > 1:
        raise ValueError("`specificity` must be in the range [0, 1]. Currently, `specificity` "
                         f"got {specificity}.")

    def pick(c: dict, op_name: str) -> Any:
        rates = divide(c["tn"], c["tn"] + c["fp"] + 1e-7)
        i = cast(argmin(abs_(rates - specificity), 0), dt.int32)
        return divide(c["tp"][i], c["tp"][i] + c["fn"][i] + 1e-7, op_name)

    return _at_rate("sensitivity_at_specificity", labels, predictions, weights, num_thresholds,
                    1.0 + 1e-7, pick, metrics_collections, updates_collections, name)


def specificity_at_sensitivity(labels: Any, predictions: Any, sensitivity: float,
                               weights: Any = None, num_thresholds: int = 200,
                               metrics_collections: Any = None,
                               updates_collections: Any = None,
                               name: str | None = None) -> tuple:
    """The specificity at the last threshold whose recall is nearest `sensitivity`."""
    _refuse_eager("specificity_at_sensitivity")
    if sensitivity < 0 or sensitivity > 1:
        raise ValueError("`sensitivity` must be in the range [0, 1]. Currently, `sensitivity` "
                         f"is {sensitivity}.")

    def pick(c: dict, op_name: str) -> Any:
        rates = divide(c["tp"], c["tp"] + c["fn"] + 1e-7)
        gaps = abs_(rates - sensitivity)
        nearest = cumsum(cast(equal(gaps, reduce_min(gaps)), dt.int64))
        i = cast(argmax(nearest, 0), dt.int32)
        return divide(c["tn"][i], c["tn"][i] + c["fp"][i] + 1e-7, op_name)

    # (TF's last threshold here is 1 - epsilon, not 1 + epsilon)
    return _at_rate("specificity_at_sensitivity", labels, predictions, weights, num_thresholds,
                    1.0 - 1e-7, pick, metrics_collections, updates_collections, name)


def mean_absolute_error(labels: Any, predictions: Any, weights: Any = None,
                        metrics_collections: Any = None, updates_collections: Any = None,
                        name: str | None = None) -> tuple:
    _refuse_eager("mean_absolute_error")
    predictions, labels, weights = _remove_squeezable(predictions, labels, weights)
    return mean(abs_(predictions - labels), weights, metrics_collections, updates_collections,
                name or "mean_absolute_error")


def mean_squared_error(labels: Any, predictions: Any, weights: Any = None,
                       metrics_collections: Any = None, updates_collections: Any = None,
                       name: str | None = None) -> tuple:
    _refuse_eager("mean_squared_error")
    predictions, labels, weights = _remove_squeezable(predictions, labels, weights)
    return mean(squared_difference(labels, predictions), weights, metrics_collections,
                updates_collections, name or "mean_squared_error")


def root_mean_squared_error(labels: Any, predictions: Any, weights: Any = None,
                            metrics_collections: Any = None, updates_collections: Any = None,
                            name: str | None = None) -> tuple:
    _refuse_eager("root_mean_squared_error")
    predictions, labels, weights = _remove_squeezable(predictions, labels, weights)
    mse, update = mean_squared_error(labels, predictions, weights, None, None,
                                     name or "root_mean_squared_error")
    return (_collect(metrics_collections, sqrt(mse)),
            _collect(updates_collections, sqrt(update)))


def mean_relative_error(labels: Any, predictions: Any, normalizer: Any, weights: Any = None,
                        metrics_collections: Any = None, updates_collections: Any = None,
                        name: str | None = None) -> tuple:
    """The mean of |labels - predictions| / normalizer (0 where the normalizer is 0)."""
    _refuse_eager("mean_relative_error")
    predictions, labels, weights = _remove_squeezable(predictions, labels, weights)
    predictions, normalizer = remove_squeezable_dimensions(predictions, normalizer)
    predictions.shape.assert_is_compatible_with(normalizer.shape)
    relative = where(equal(normalizer, 0.0), zeros_like(labels),
                     divide(abs_(labels - predictions), normalizer))
    return mean(relative, weights, metrics_collections, updates_collections,
                name or "mean_relative_error")


def mean_cosine_distance(labels: Any, predictions: Any, dim: int, weights: Any = None,
                         metrics_collections: Any = None, updates_collections: Any = None,
                         name: str | None = None) -> tuple:
    """1 - the mean dot product of unit vectors along `dim`."""
    _refuse_eager("mean_cosine_distance")
    predictions, labels, weights = _remove_squeezable(predictions, labels, weights)
    dots = reduce_sum(multiply(predictions, labels), axis=[dim], keepdims=True)
    value, update = mean(dots, weights, None, None, name or "mean_cosine_distance")
    return (_collect(metrics_collections, subtract(1.0, value)),
            _collect(updates_collections, subtract(1.0, update)))


def mean_tensor(values: Any, weights: Any = None, metrics_collections: Any = None,
                updates_collections: Any = None, name: str | None = None) -> tuple:
    """The elementwise (weighted) mean of every `values` seen."""
    _refuse_eager("mean_tensor")
    with variable_scope(name, "mean", (values, weights)):
        values = cast(values, dt.float32)
        total = metric_variable(values.shape, dt.float32, name="total_tensor")
        count = metric_variable(values.shape, dt.float32, name="count_tensor")
        num_values = ones_like(values)
        if weights is not None:
            values, weights = _weighted(values, weights)
            num_values = multiply(num_values, weights)
        return _mean_outputs(total, count, values, num_values, values, metrics_collections,
                             updates_collections)


def percentage_below(values: Any, threshold: Any, weights: Any = None,
                     metrics_collections: Any = None, updates_collections: Any = None,
                     name: str | None = None) -> tuple:
    _refuse_eager("percentage_below")
    below = cast(less(values, threshold), dt.float32)
    return mean(below, weights, metrics_collections, updates_collections,
                name or "percentage_below_threshold")


def _flat(t: Any) -> Any:
    return reshape(t, [-1]) if t.shape.rank is None or t.shape.rank > 1 else t


def mean_per_class_accuracy(labels: Any, predictions: Any, num_classes: int,
                            weights: Any = None, metrics_collections: Any = None,
                            updates_collections: Any = None,
                            name: str | None = None) -> tuple:
    """The mean over classes of each class's accuracy (labels per class counted)."""
    _refuse_eager("mean_per_class_accuracy")
    with variable_scope(name, "mean_accuracy", (predictions, labels, weights)):
        labels = _flat(cast(labels, dt.int64))
        predictions = _flat(convert_to_tensor(predictions))
        predictions.shape.assert_is_compatible_with(labels.shape)
        total = metric_variable([num_classes], dt.float32, name="total")
        count = metric_variable([num_classes], dt.float32, name="count")
        all_ones = ones([size(labels)], dt.float32)
        if labels.dtype != predictions.dtype:
            predictions = cast(predictions, labels.dtype)
        is_correct = cast(equal(predictions, labels), dt.float32)
        if weights is not None:
            weights = cast(_flat(convert_to_tensor(weights)), dt.float32)
            is_correct *= weights
            all_ones *= weights
        update_total = _scatter_add(total, labels, all_ones)
        update_count = _scatter_add(count, labels, is_correct)
        per_class = div_no_nan(count, maximum(total, 0))
        value = _collect(metrics_collections, reduce_mean(per_class, name="mean_accuracy"))
        update = div_no_nan(update_count, maximum(update_total, 0), name="update_op")
        return value, _collect(updates_collections, update)


def mean_iou(labels: Any, predictions: Any, num_classes: int, weights: Any = None,
             metrics_collections: Any = None, updates_collections: Any = None,
             name: str | None = None) -> tuple:
    """The mean over classes present of intersection over union, from a confusion matrix."""
    _refuse_eager("mean_iou")
    with variable_scope(name, "mean_iou", (predictions, labels, weights)):
        predictions = convert_to_tensor(predictions)
        labels = convert_to_tensor(labels)
        predictions.shape.assert_is_compatible_with(labels.shape)
        total_cm = metric_variable([num_classes, num_classes], dt.float64,
                                   name="total_confusion_matrix")
        predictions = _flat(cast(predictions, dt.int64))
        labels = _flat(cast(labels, dt.int64))
        if weights is not None:
            weights = convert_to_tensor(weights)
            if weights.shape.rank is None or weights.shape.rank > 1:
                weights = reshape(weights, [-1])
        current = confusion_matrix(labels, predictions, cast(num_classes, dt.int64),
                                   weights=weights, dtype=dt.float64)
        update = _assign_add(total_cm, current)
        rows = cast(reduce_sum(total_cm, 0), dt.float32)
        cols = cast(reduce_sum(total_cm, 1), dt.float32)
        diag = cast(diag_part(total_cm), dt.float32)
        denominator = rows + cols - diag
        valid = reduce_sum(cast(not_equal(denominator, 0), dt.float32))
        # (TF 1's where: Select ops, so named)
        denominator = where(greater(denominator, 0), denominator, ones_like(denominator),
                            name="Select")
        iou = divide(diag, denominator)
        value = where(greater(valid, 0), reduce_sum(iou, name="mean_iou") / valid, 0,
                      name="Select")
        return _collect(metrics_collections, value), _collect(updates_collections, update)

