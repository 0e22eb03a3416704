"""`tf.compat.v1.metrics`' top-k family: precision and recall at k (of the top-k
predictions, or of given top-k indices, overall or for one class) and the mean average
precision at k, each a (value, update_op) pair over float64 metric variables.

TF 1 layer (v1/), loaded with metrics.py. Labels are class ids (dense, the last dimension
a row's labels, or a SparseTensor); a row's true positives are the set intersection of its
top-k ids and its labels (`tf.sets`), as TF 2.21 counts them; names follow TF's
(`precision_at_2/true_positive_at_2`, `average_precision_at_3/max_1`, ...).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops.array import concat, expand_dims, fill, rank, shape
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.math import (
    add,
    divide,
    equal,
    greater_equal,
    minimum,
    multiply,
)
from eagerflow._src.ops.math_base import (
    cast,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.reduce import reduce_max, reduce_sum, size
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sets import set_difference, set_intersection, set_size
from eagerflow._src.ops.sorting import top_k
from eagerflow._src.ops.sparse_functions import concat_sparse, reshape_sparse, retain
from eagerflow._src.ops.tiling import tile
from eagerflow._src.v1.metrics import (
    _collect,
    _refuse_eager,
    assert_broadcastable,
    broadcast_weights,
    metric_variable,
)
from eagerflow._src.v1.tf1_args import name_scope
from eagerflow._src.v1.variables import assign_add

_IMPL = "tensorflow.python.ops.metrics_impl"


def _at_k_name(name: str, k: Any = None, class_id: Any = None) -> str:
    name = f"{name}_at_{k:d}" if k is not None else f"{name}_at_k"
    return f"{name}_class{class_id:d}" if class_id is not None else name


def _ids(x: Any) -> Any:
    if isinstance(x, SparseTensorValue):
        return SparseTensor(x.indices, x.values, x.dense_shape)
    return x if isinstance(x, SparseTensor) else convert_to_tensor(x)


def _select_class_id(ids: Any, selected_id: int) -> SparseTensor:
    """`ids` keeping only `selected_id` (a SparseTensor of their shape)."""
    ids = _ids(ids)
    if isinstance(ids, SparseTensor):
        return retain(ids, equal(ids.values, selected_id))
    ids_shape = shape(ids, out_type=dt.int64)
    # (the ids' shape with its last dimension 1)
    one_per_row = concat([ids_shape[:-1], [1]], 0)
    filled = fill(one_per_row, cast(selected_id, dt.int64))
    result = set_intersection(filled, ids)
    return SparseTensor(result.indices, result.values, ids_shape)


def _maybe_select(labels: Any, predictions_idx: Any, selected_id: Any) -> tuple:
    if selected_id is None:
        return labels, predictions_idx
    return _select_class_id(labels, selected_id), _select_class_id(predictions_idx, selected_id)


def _maybe_expand_labels(labels: Any, predictions: Any) -> Any:
    """Labels of the predictions' rank less one get a last dimension of 1."""
    with name_scope(None, "expand_labels", (labels, predictions)) as scope:
        labels = _ids(labels)
        p_rank = predictions.shape.rank
        if isinstance(labels, SparseTensor):
            l_rank = labels.dense_shape.shape[0] if labels.dense_shape.shape.rank else None
            if l_rank is not None and p_rank is not None:
                if p_rank != l_rank + 1:
                    return labels
                return reshape_sparse(labels, concat((labels.dense_shape, [1]), 0),
                                      name=scope)
            return labels
        l_rank = labels.shape.rank
        if l_rank is not None and p_rank is not None:
            if p_rank == l_rank:
                return labels
            if p_rank == l_rank + 1:
                return expand_dims(labels, -1, name=scope)
            raise ValueError(f"Unexpected labels shape {labels.shape} for predictions shape "
                             f"{predictions.shape}. Predictions rank should be the same rank "
                             "as labels rank or labels rank plus one .")
        lab = labels
        return cond(equal(rank(predictions), rank(labels) + 1),
                    lambda: expand_dims(lab, -1), lambda: lab)


def _weighted(counts: Any, weights: Any) -> Any:
    counts = cast(counts, dt.float64)
    if weights is None:
        return counts
    check = assert_broadcastable(weights, counts)
    with control_dependencies([check] if check is not None else []):
        return multiply(counts, cast(weights, dt.float64))


def _sparse_true_positive_at_k(labels: Any, predictions_idx: Any, class_id: Any = None,
                               weights: Any = None, name: str | None = None) -> Any:
    with name_scope(name, "true_positives", (predictions_idx, labels, weights)):
        labels, predictions_idx = _maybe_select(labels, predictions_idx, class_id)
        return _weighted(set_size(set_intersection(predictions_idx, labels)), weights)


def _streaming_count_at_k(kind: str, counts_fn: Any, labels: Any, predictions_idx: Any,
                          k: Any, class_id: Any, weights: Any) -> tuple:
    """A float64 variable adding up a batch's `counts_fn` (true positives, false
    positives or negatives), under TF's scope name for it."""
    with name_scope(None, _at_k_name(kind, k, class_id=class_id),
                    (predictions_idx, labels, weights)) as scope:
        counts = counts_fn(labels, predictions_idx, class_id, weights)
        batch_total = cast(reduce_sum(counts), dt.float64)
        var = metric_variable([], dt.float64, name=scope)
        return var, assign_add(var, batch_total, name="update")


def _false_negatives_at_k(labels: Any, predictions_idx: Any, class_id: Any,
                          weights: Any) -> Any:
    with name_scope(None, "false_negatives", (predictions_idx, labels, weights)):
        labels, predictions_idx = _maybe_select(labels, predictions_idx, class_id)
        missed = set_size(set_difference(predictions_idx, labels, aminusb=False))
        return _weighted(missed, weights)


def _false_positives_at_k(labels: Any, predictions_idx: Any, class_id: Any,
                          weights: Any) -> Any:
    with name_scope(None, "false_positives", (predictions_idx, labels, weights)):
        labels, predictions_idx = _maybe_select(labels, predictions_idx, class_id)
        wrong = set_size(set_difference(predictions_idx, labels, aminusb=True))
        return _weighted(wrong, weights)


def _top_k_ratio(kind: str, other_kind: str, other_fn: Any, labels: Any,
                 predictions_idx: Any, k: Any, class_id: Any, weights: Any,
                 metrics_collections: Any, updates_collections: Any, name: Any) -> tuple:
    """tp / (tp + fp) or tp / (tp + fn) over given top-k ids."""
    with name_scope(name, _at_k_name(kind, k, class_id=class_id),
                    (predictions_idx, labels, weights)) as scope:
        labels = _maybe_expand_labels(labels, predictions_idx)
        idx = cast(predictions_idx, dt.int64)
        tp, tp_update = _streaming_count_at_k(
            "true_positive", lambda y, p, c, w: _sparse_true_positive_at_k(y, p, c, w),
            labels, idx, k, class_id, weights)
        other, other_update = _streaming_count_at_k(other_kind, other_fn, labels, idx, k,
                                                    class_id, weights)
        metric = _collect(metrics_collections, divide(tp, add(tp, other), name=scope))
        update = divide(tp_update, add(tp_update, other_update), name="update")
        return metric, _collect(updates_collections, update)


def precision_at_top_k(labels: Any, predictions_idx: Any, k: Any = None, class_id: Any = None,
                       weights: Any = None, metrics_collections: Any = None,
                       updates_collections: Any = None, name: str | None = None) -> tuple:
    """The precision of given top-k class ids."""
    _refuse_eager("precision_at_top_k")
    return _top_k_ratio("precision", "false_positive", _false_positives_at_k, labels,
                        predictions_idx, k, class_id, weights, metrics_collections,
                        updates_collections, name)


def recall_at_top_k(labels: Any, predictions_idx: Any, k: Any = None, class_id: Any = None,
                    weights: Any = None, metrics_collections: Any = None,
                    updates_collections: Any = None, name: str | None = None) -> tuple:
    """The recall of given top-k class ids."""
    return _top_k_ratio("recall", "false_negative", _false_negatives_at_k, labels,
                        predictions_idx, k, class_id, weights, metrics_collections,
                        updates_collections, name)


def precision_at_k(labels: Any, predictions: Any, k: int, class_id: Any = None,
                   weights: Any = None, metrics_collections: Any = None,
                   updates_collections: Any = None, name: str | None = None) -> tuple:
    """The precision of the top `k` predictions' classes."""
    _refuse_eager("sparse_precision_at_k")
    with name_scope(name, _at_k_name("precision", k, class_id=class_id),
                    (predictions, labels, weights)) as scope:
        _, idx = top_k(predictions, k)
        return precision_at_top_k(labels, idx, k, class_id, weights, metrics_collections,
                                  updates_collections, scope)


def sparse_precision_at_k(labels: Any, predictions: Any, k: int, class_id: Any = None,
                          weights: Any = None, metrics_collections: Any = None,
                          updates_collections: Any = None, name: str | None = None) -> tuple:
    deprecated_call("sparse_precision_at_k", _IMPL, "Use precision_at_k instead")
    return precision_at_k(labels, predictions, k, class_id, weights, metrics_collections,
                          updates_collections, name)


def recall_at_k(labels: Any, predictions: Any, k: int, class_id: Any = None,
                weights: Any = None, metrics_collections: Any = None,
                updates_collections: Any = None, name: str | None = None) -> tuple:
    """The recall of the top `k` predictions' classes."""
    _refuse_eager("recall_at_k")
    with name_scope(name, _at_k_name("recall", k, class_id=class_id),
                    (predictions, labels, weights)) as scope:
        _, idx = top_k(predictions, k)
        return recall_at_top_k(labels, idx, k, class_id, weights, metrics_collections,
                               updates_collections, scope)


def _expand_and_tile(tensor: Any, multiple: int, dim: int = 0,
                     name: str | None = None) -> Any:
    """`tensor` with a new dimension before `dim` repeated `multiple` times."""
    if multiple < 1:
        raise ValueError(f"Invalid argument multiple={multiple} for expand_and_tile  call. "
                         "`multiple` must be an integer > 0")
    with name_scope(name, "expand_and_tile", (tensor, multiple, dim)) as scope:
        tensor = _ids(tensor)
        if isinstance(tensor, SparseTensor):
            at = size(tensor.dense_shape) + dim if dim < 0 else dim
            expanded_shape = concat((tensor.dense_shape[:at], [1], tensor.dense_shape[at:]),
                                    0, name="expanded_shape")
            expanded = reshape_sparse(tensor, expanded_shape, name="expand")
            if multiple == 1:
                return expanded
            return concat_sparse(dim - 1 if dim < 0 else dim, [expanded] * multiple,
                                 name=scope)
        expanded = expand_dims(tensor, dim if dim >= 0 else dim - 1, name="expand")
        if multiple == 1:
            return expanded
        ones = ones_like(shape(tensor))
        multiples = concat((ones[:dim], (multiple,), ones[dim:]), 0, name="multiples")
        return tile(expanded, multiples, name=scope)


def _num_relevant(labels: Any, k: int) -> Any:
    """Each row's number of labels, at most `k`."""
    if k < 1:
        raise ValueError(f"Invalid k={k}")
    with name_scope(None, "num_relevant", (labels,)) as scope:
        labels = _ids(labels)
        if isinstance(labels, SparseTensor):
            return minimum(set_size(labels), k, name=scope)
        counted = where(greater_equal(labels, 0), ones_like(labels), zeros_like(labels))
        return minimum(reduce_sum(counted, axis=-1), k, name=scope)


def _average_precision_at_top_k(labels: Any, predictions_idx: Any) -> Any:
    """Each row's average precision of its top-k ids against its labels."""
    with name_scope(None, "average_precision", (predictions_idx, labels)) as scope:
        predictions_idx = cast(predictions_idx, dt.int64, name="predictions_idx")
        if predictions_idx.shape.rank == 0:
            raise ValueError("The rank of `predictions_idx` must be at least 1.")
        k = predictions_idx.shape.as_list()[-1]
        if k is None:
            raise ValueError("The last dimension of predictions_idx must be set. Currently, "
                             "it is None.")
        labels = _maybe_expand_labels(labels, predictions_idx)
        idx_per_k = expand_dims(predictions_idx, -1, name="predictions_idx_per_k")
        labels_per_k = _expand_and_tile(labels, multiple=k, dim=-1, name="labels_per_k")
        relevant = _sparse_true_positive_at_k(labels_per_k, idx_per_k, name="relevant_per_k")
        tp_per_k = cumsum(relevant, axis=-1, name="tp_per_k")
        retrieved = cumsum(ones_like(relevant), axis=-1, name="retrieved_per_k")
        precision_per_k = divide(cast(tp_per_k, dt.float64), cast(retrieved, dt.float64),
                                 name="precision_per_k")
        relevant_precision = multiply(precision_per_k, cast(relevant, dt.float64),
                                      name="relevant_precision_per_k")
        precision_sum = reduce_sum(relevant_precision, axis=(-1,), name="precision_sum")
        num_relevant = cast(_num_relevant(labels, k), dt.float64)
        return divide(precision_sum, num_relevant, name=scope)


def _streaming_average_precision(labels: Any, predictions_idx: Any, weights: Any,
                                 metrics_collections: Any, updates_collections: Any,
                                 name: Any) -> tuple:
    with name_scope(name, "average_precision_at_top_k",
                    (predictions_idx, labels, weights)) as scope:
        ap = _average_precision_at_top_k(labels, predictions_idx)
        if weights is not None:
            weights = broadcast_weights(cast(weights, dt.float64), ap)
            ap = multiply(ap, weights)
        with name_scope(None, "max", (ap,)) as max_scope:
            max_var = metric_variable([], dt.float64, name=max_scope)
            if weights is None:
                batch_max = cast(size(ap, name="batch_max"), dt.float64)
            else:
                batch_max = reduce_sum(weights, name="batch_max")
            max_update = assign_add(max_var, batch_max, name="update")
        with name_scope(None, "total", (ap,)) as total_scope:
            total_var = metric_variable([], dt.float64, name=total_scope)
            batch_total = reduce_sum(ap, name="batch_total")
            total_update = assign_add(total_var, batch_total, name="update")
        value = _collect(metrics_collections, div_no_nan(total_var, max_var, name="mean"))
        update = div_no_nan(total_update, max_update, name=scope)
        return value, _collect(updates_collections, update)


def _clean_out_of_range(labels: Any, num_classes: Any) -> Any:
    """Labels of classes past the predictions' made -1 (no class)."""
    sparse = isinstance(labels, (SparseTensor, SparseTensorValue))

    def clean(values: Any) -> Any:
        return where(greater_equal(values, num_classes), -1 * ones_like(values), values)

    def cleaned() -> Any:
        if sparse:
            return type(labels)(labels.indices, clean(labels.values), labels.dense_shape)
        return clean(labels)

    biggest = reduce_max(labels.values if sparse else labels)
    return cond(greater_equal(biggest, num_classes), cleaned, lambda: labels)


def average_precision_at_k(labels: Any, predictions: Any, k: int, weights: Any = None,
                           metrics_collections: Any = None, updates_collections: Any = None,
                           name: str | None = None) -> tuple:
    """The mean over rows of the average precision of the top `k` predictions."""
    _refuse_eager("sparse_average_precision_at_k")
    if k < 1:
        raise ValueError(f"Invalid k={k}. `k` should be >= 1.")
    with name_scope(name, _at_k_name("average_precision", k),
                    (predictions, labels, weights)) as scope:
        _, idx = top_k(predictions, k)
        predictions = convert_to_tensor(predictions)
        labels = _clean_out_of_range(labels, cast(shape(predictions)[-1], dt.int64))
        return _streaming_average_precision(labels, idx, weights, metrics_collections,
                                            updates_collections, scope)


def sparse_average_precision_at_k(labels: Any, predictions: Any, k: int, weights: Any = None,
                                  metrics_collections: Any = None,
                                  updates_collections: Any = None,
                                  name: str | None = None) -> tuple:
    deprecated_call("sparse_average_precision_at_k", _IMPL,
                    "Use average_precision_at_k instead")
    return average_precision_at_k(labels, predictions, k, weights, metrics_collections,
                                  updates_collections, name)
