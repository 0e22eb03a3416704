"""What `compile()` builds: the compiled loss and the compiled metrics.

Sits in keras between losses/metrics and the trainer. Strings resolve as in Keras
("accuracy" picks binary, categorical or sparse-categorical accuracy from the
shapes of the first batch). `model.compiled_loss` / `model.compiled_metrics` keep
the TF 2.x calling conventions for custom train steps.
"""

from __future__ import annotations

import re
from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.keras import losses as losses_mod
from eagerflow._src.keras import metrics as metrics_mod
from eagerflow._src.keras.metrics.base import Mean, MeanMetricWrapper, Metric
from eagerflow._src.keras.metrics.simple import (
    BinaryAccuracy,
    CategoricalAccuracy,
    SparseCategoricalAccuracy,
)
from eagerflow._src.ops import math as M


def _snake(name: str) -> str:
    s = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", s).lower()


def object_name(obj: Any) -> str:
    if hasattr(obj, "name") and isinstance(obj.name, str):
        return obj.name
    if hasattr(obj, "__name__"):
        return _snake(obj.__name__)
    return _snake(type(obj).__name__)


def _rank(x: Any) -> int:
    return len(x.shape)


def is_binary_or_sparse(y_true: Any, y_pred: Any) -> tuple:
    t_rank, p_rank = _rank(y_true), _rank(y_pred)
    t_last = y_true.shape[-1] if t_rank else None
    p_last = y_pred.shape[-1] if p_rank else None
    is_binary = p_last == 1
    is_sparse = t_rank < p_rank or (t_last == 1 and p_last is not None and p_last > 1)
    return is_binary, is_sparse


def get_metric(identifier: Any, y_true: Any, y_pred: Any) -> Metric:
    if identifier is None:
        raise ValueError("Expected metric, received `None`")
    if str(identifier).lower() in ("accuracy", "acc"):
        is_binary, is_sparse = is_binary_or_sparse(y_true, y_pred)
        cls = BinaryAccuracy if is_binary else SparseCategoricalAccuracy if is_sparse else \
            CategoricalAccuracy
        obj: Any = cls(name=str(identifier))
    else:
        obj = metrics_mod.get(identifier)
    name = identifier if isinstance(identifier, str) else object_name(obj)
    if not isinstance(obj, Metric):
        obj = MeanMetricWrapper(obj, name=name)
    obj.name = name
    return obj


def get_loss(identifier: Any, y_true: Any, y_pred: Any) -> Any:
    if identifier is None:
        return None
    if str(identifier).lower() in ("crossentropy", "ce"):
        is_binary, is_sparse = is_binary_or_sparse(y_true, y_pred)
        identifier = "binary_crossentropy" if is_binary else \
            "sparse_categorical_crossentropy" if is_sparse else "categorical_crossentropy"
    obj = losses_mod.get(identifier)
    if not isinstance(obj, losses_mod.Loss):
        obj = losses_mod.LossFunctionWrapper(obj, name=object_name(obj))
    return obj


def _flat_outputs(y: Any) -> list:
    return nest.flatten(y) if nest.is_nested(y) else [y]


class CompileLoss:
    """The compiled loss: per-output losses, weighted and summed (`model.compiled_loss`)."""

    def __init__(self, loss: Any, loss_weights: Any = None, output_names: Any = None,
                 tracker: Mean | None = None) -> None:
        self._user_loss = loss
        self._loss_weights = loss_weights
        self._output_names = output_names
        self._losses: list | None = None
        self._weights: list | None = None
        self._tracker = tracker
        self.built = False

    @property
    def metrics(self) -> list:
        return [self._tracker] if self._tracker is not None else []

    def _per_output(self, spec: Any, n: int, names: list, what: str) -> list:
        if isinstance(spec, dict):
            missing = [k for k in spec if k not in names]
            if missing:
                raise ValueError(f"In the dict argument `{what}`, key '{missing[0]}' does not "
                                 f"correspond to any model output. Received: {what}={spec}")
            return [spec.get(nm) for nm in names]
        if isinstance(spec, (list, tuple)):
            if len(spec) != n:
                raise ValueError(f"For a model with multiple outputs, when providing the "
                                 f"`{what}` argument as a list, it should have as many entries "
                                 f"as the model has outputs. Received:\n{what}={spec}\nof "
                                 f"length {len(spec)} whereas the model has {n} outputs.")
            return list(spec)
        return [spec] * n

    def build(self, y_true: Any, y_pred: Any) -> None:
        preds = _flat_outputs(y_pred)
        trues = _flat_outputs(y_true)
        n = len(preds)
        names = list(self._output_names or [f"output_{i + 1}" for i in range(n)])
        specs = self._per_output(self._user_loss, n, names, "loss") if n > 1 or not isinstance(
            self._user_loss, (list, tuple, dict)) else (
            list(self._user_loss.values()) if isinstance(self._user_loss, dict)
            else list(self._user_loss))
        if len(specs) != n:
            raise ValueError(f"Expected {n} losses, one per model output; received "
                             f"{self._user_loss}")
        weights = [1.0] * n if self._loss_weights is None else self._per_output(
            self._loss_weights, n, names, "loss_weights")
        self._losses = [get_loss(s, t, p) for s, t, p in zip(specs, trues, preds)]
        self._weights = [1.0 if w is None else float(w) for w in weights]
        self.built = True

    def compute(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        if not self.built:
            self.build(y_true, y_pred)
        preds = _flat_outputs(y_pred)
        trues = _flat_outputs(y_true)
        sws = _flat_outputs(sample_weight) if sample_weight is not None else [None] * len(preds)
        if len(sws) == 1 and len(preds) > 1:
            sws = sws * len(preds)
        total = None
        for loss, w, t, p, sw in zip(self._losses, self._weights, trues, preds, sws):
            if loss is None or t is None:
                continue
            value = loss(t, p, sample_weight=sw)
            value = value * w if w != 1.0 else value
            total = value if total is None else total + value
        return total

    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None,
                 regularization_losses: Any = None) -> Any:
        """TF 2.x: the total loss, with the loss metric updated."""
        total = self.compute(y_true, y_pred, sample_weight)
        if regularization_losses:
            reg = M.add_n([M.cast(r, total.dtype) if hasattr(r, "dtype") else r
                           for r in regularization_losses])
            total = reg if total is None else total + reg
        if self._tracker is not None and total is not None:
            batch = _flat_outputs(y_pred)[0].shape[0]
            self._tracker.update_state(total, sample_weight=batch)
        return total

    def reset_state(self) -> None:
        if self._tracker is not None:
            self._tracker.reset_state()


class CompileMetrics(Metric):
    """The compiled metrics, one metric object per (output, metric); `result()` is a dict."""

    def __init__(self, metrics: Any, weighted_metrics: Any, output_names: Any = None,
                 name: str = "compile_metrics") -> None:
        super().__init__(name=name)
        self._user_metrics = metrics
        self._user_weighted = weighted_metrics
        self._output_names = output_names
        self._flat: list = []        # (output index, metric, weighted)
        self.built = False

    @property
    def metrics(self) -> list:
        return [m for _, m, _ in self._flat]

    @property
    def variables(self) -> list:
        return [v for m in self.metrics for v in m.variables]

    def _specs(self, spec: Any, n: int, names: list) -> list:
        if spec is None:
            return [[] for _ in range(n)]
        if isinstance(spec, dict):
            return [list(nest.flatten(spec.get(nm, []))) if isinstance(
                spec.get(nm, []), (list, tuple)) else [spec[nm]] for nm in names]
        if isinstance(spec, (list, tuple)) and n > 1 and len(spec) == n and all(
                isinstance(s, (list, tuple)) or s is None for s in spec):
            return [list(s or []) for s in spec]
        items = list(spec) if isinstance(spec, (list, tuple)) else [spec]
        return [items for _ in range(n)]

    def build(self, y_true: Any, y_pred: Any) -> None:
        preds = _flat_outputs(y_pred)
        trues = _flat_outputs(y_true)
        n = len(preds)
        names = list(self._output_names or [f"output_{i + 1}" for i in range(n)])
        seen: set = set()
        for weighted, spec in ((False, self._user_metrics), (True, self._user_weighted)):
            for i, items in enumerate(self._specs(spec, n, names)):
                for ident in items:
                    m = get_metric(ident, trues[i], preds[i])
                    if weighted and m.name in seen:
                        m.name = f"weighted_{m.name}"
                    if n > 1:
                        m.name = f"{names[i]}_{m.name}"
                    if m.name in seen:
                        raise ValueError(f"Found two metrics with the same name: {m.name}. All "
                                         "the metrics added to the model need to have unique "
                                         "names.")
                    seen.add(m.name)
                    self._flat.append((i, m, weighted))
        self.built = True

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        if not self.built:
            self.build(y_true, y_pred)
        preds = _flat_outputs(y_pred)
        trues = _flat_outputs(y_true)
        sws = _flat_outputs(sample_weight) if sample_weight is not None else None
        for i, m, weighted in self._flat:
            if trues[i] is None:
                continue
            sw = None
            if weighted and sws is not None:
                sw = sws[i] if len(sws) > i else sws[0]
            m.update_state(trues[i], preds[i], sample_weight=sw)

    def result(self) -> dict:
        return {m.name: m.result() for _, m, _ in self._flat}

    def reset_state(self) -> None:
        for _, m, _ in self._flat:
            m.reset_state()
