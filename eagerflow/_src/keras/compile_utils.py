"""What `compile()` builds: the compiled loss and the compiled metrics (and its
resolution of `jit_compile`).

Sits in keras between losses/metrics and the trainer. Strings resolve as in Keras 3
("accuracy" picks binary, categorical or sparse-categorical accuracy from the shapes of
the first batch); losses, metrics and targets pair with the model's outputs by Keras
3's rules (by position, by output name, or one for all).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.device import list_physical_devices
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.keras import losses as losses_mod
from eagerflow._src.keras import metrics as metrics_mod
from eagerflow._src.keras.backend import to_snake_case
from eagerflow._src.keras.data_adapter import lists_to_tuples
from eagerflow._src.keras.metrics.base import Mean, MeanMetricWrapper, Metric
from eagerflow._src.keras.metrics.simple import (
    BinaryAccuracy,
    CategoricalAccuracy,
    SparseCategoricalAccuracy,
)
from eagerflow._src.keras.name_scope import name_scope
from eagerflow._src.keras.tree import check_dict_keys
from eagerflow._src.ops.math_base import cast


def object_name(obj: Any) -> str:
    if hasattr(obj, "name") and isinstance(obj.name, str):
        return obj.name
    if hasattr(obj, "__name__"):
        return to_snake_case(obj.__name__)  # ('<lambda>' is 'lambda')
    return to_snake_case(type(obj).__name__)


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
        obj = losses_mod.binary_crossentropy if is_binary else \
            losses_mod.sparse_categorical_crossentropy if is_sparse else \
            losses_mod.categorical_crossentropy
    else:
        obj = losses_mod.get(identifier)
    if not isinstance(obj, losses_mod.Loss):
        name = identifier if isinstance(identifier, str) else object_name(obj)
        obj = losses_mod.LossFunctionWrapper(obj, name=name)
    return obj


class _Weighted:
    """One user loss with its loss weight: a leaf in the loss structure."""

    def __init__(self, loss: Any, weight: Any) -> None:
        self.loss = loss
        self.weight = weight


def _structure_of(y: Any) -> Any:
    return nest.map_structure(lambda _: "*", y)


def _same_structure(a: Any, b: Any) -> bool:
    """Same nesting, lists and tuples alike, dicts with the same keys."""
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and set(a) == set(b)
                and all(_same_structure(a[k], b[k]) for k in a))
    if nest.is_nested(a) or nest.is_nested(b):
        return (nest.is_nested(a) and nest.is_nested(b) and len(a) == len(b)
                and all(_same_structure(x, y) for x, y in zip(a, b)))
    return True


def _repack(like: Any, y: Any) -> Any:
    """`y`'s leaves in the structure of `like` (dicts take sorted keys' order, as Keras)."""
    return y if _same_structure(like, y) else nest.pack_sequence_as(like, nest.flatten(y))


def _at(path: tuple, y: Any) -> Any:
    for key in path:
        y = y[key]
    return y


def _has_key(key: Any, y: Any) -> bool:
    if isinstance(y, dict):
        return key in y
    return isinstance(y, (list, tuple)) and isinstance(key, int) and key < len(y)


def _inferred_output_names(y_pred: Any) -> list:
    """Output names of a model without `output_names`: the producing layers' names for
    symbolic outputs, None otherwise."""
    flat = nest.flatten(y_pred)
    history = [getattr(t, "_keras_history", None) for t in flat]
    if flat and all(h is not None for h in history):
        return [h.operation.name for h in history]
    return [None] * len(flat)


class CompileLoss:
    """The compiled loss (Keras 3's rules): each loss is paired with its output, by
    position (lists), by output name (dicts), or with every output (a single loss);
    targets given as a list, tuple or dict are paired the same way. With more than one
    loss, each is also tracked as a `<output>_loss` metric."""

    def __init__(self, loss: Any, loss_weights: Any = None, output_names: Any = None,
                 reduction: str = "sum_over_batch_size") -> None:
        if loss_weights and not isinstance(loss_weights, (list, tuple, dict, float)):
            raise ValueError("Expected `loss_weights` argument to be a float (single output "
                             "case) or a list, tuple, or dict (multiple output case). Received "
                             f"instead: loss_weights={loss_weights} of type "
                             f"{type(loss_weights)}")
        self.name = "compile_loss"
        self.reduction = reduction
        self.output_names = output_names
        self._user_loss = loss
        self._user_loss_weights = loss_weights
        self._metrics: list = []
        self._flat_losses: list = []   # (path, loss object, weight or None, name)
        self._y_pred_structure: Any = None
        self._y_true_structure: Any = None
        self.built = False

    @property
    def metrics(self) -> list:
        return list(self._metrics)

    @property
    def variables(self) -> list:
        return [v for m in self._metrics for v in m.variables]

    # -- pairing losses with outputs -----------------------------------------------------
    def build(self, y_true: Any, y_pred: Any) -> None:
        loss, weights, names = self._user_loss, self._user_loss_weights, self.output_names
        if names and isinstance(loss, dict) and not isinstance(y_pred, dict):
            if set(names) != set(loss):
                raise ValueError(f"Expected keys {list(names)} in loss dict, but found "
                                 f"loss.keys()={list(loss)}")
            loss = [loss[n] for n in names]
            if isinstance(weights, dict):
                weights = [weights[n] for n in names]
        loss = self._with_weights(loss, weights)
        if isinstance(loss, dict) and (isinstance(y_pred, (list, tuple))
                                       or not nest.is_nested(y_pred)):
            # (Keras 3 sets the keys against the output names here: where there are none,
            # as on a Sequential, set(None) fails with Python's TypeError)
            if set(loss) == set(names):
                if isinstance(y_pred, (list, tuple)) and len(y_pred) == len(names):
                    y_pred, y_true = dict(zip(names, y_pred)), dict(zip(names, y_true))
                elif not nest.is_nested(y_pred) and len(names) == 1:
                    y_pred, y_true = {names[0]: y_pred}, {names[0]: y_true}
        try:
            out_names = nest.pack_sequence_as(y_pred, list(names))
        except (ValueError, TypeError):
            out_names = nest.pack_sequence_as(y_pred, _inferred_output_names(y_pred))
        if not nest.is_nested(loss):
            loss = nest.map_structure(lambda _: loss, y_pred)
        self._flat_losses = []
        self._pair(y_true, y_pred, loss, out_names, ())
        if len(self._flat_losses) > 1:
            self._metrics = [Mean(name=f"{name}_loss") for *_, name in self._flat_losses]
        self._y_pred_structure = nest.map_structure(lambda _: None, y_pred)
        self._y_true_structure = nest.map_structure(lambda _: None, y_true)
        self.built = True

    @staticmethod
    def _with_weights(loss: Any, weights: Any) -> Any:
        if weights is not None and not _same_structure(loss, weights):
            flat_weights = nest.flatten(weights)
            if len(nest.flatten(loss)) != len(flat_weights):
                raise ValueError("`loss_weights` must match the number of losses, got "
                                 f"{len(nest.flatten(loss))} losses and {len(weights)} "
                                 "weights.")
            weights = nest.pack_sequence_as(loss, flat_weights)
        if weights is None:
            weights = nest.map_structure(lambda _: None, loss)
        return nest.map_structure(lambda lo, w: None if lo is None else _Weighted(lo, w),
                                  loss, weights, check_types=False)

    def _pair(self, y_true: Any, y_pred: Any, loss: Any, names: Any, path: tuple) -> None:
        if not nest.is_nested(loss):
            if loss is not None:
                self._add(y_true, y_pred, loss, names, path)
            return
        if isinstance(loss, (list, tuple)):
            if (not any(nest.is_nested(item) for item in loss)
                    and len(loss) == len(nest.flatten(y_pred))):
                loss = nest.pack_sequence_as(y_pred, list(loss))
            elif not isinstance(y_pred, type(loss)):
                for item in loss:   # several losses for the same output(s)
                    self._pair(y_true, y_pred, item, names, path)
                return
        if not nest.is_nested(loss):
            return self._pair(y_true, y_pred, loss, names, path)
        if isinstance(loss, dict) != isinstance(y_pred, dict):
            raise KeyError(f"The path: {path} in the `loss` argument, can't be found in the "
                           "model's output (`y_pred`).")
        for key, item in (loss.items() if isinstance(loss, dict) else enumerate(loss)):
            if item is None:
                continue
            if not (_has_key(key, y_true) and _has_key(key, y_pred)):
                raise KeyError(f"The path: {path + (key,)} in the `loss` argument, can't be "
                               "found in either the model's output (`y_pred`) or in the labels "
                               "(`y_true`).")
            self._pair(y_true[key], y_pred[key], item, names[key], path + (key,))

    def _add(self, y_true: Any, y_pred: Any, loss: _Weighted, names: Any, path: tuple) -> None:
        resolved = get_loss(loss.loss, y_true, y_pred)
        name_path = path
        if not nest.is_nested(names):
            output_name = names if names is not None else resolved.name
            if not name_path:
                name_path = (output_name,)
            elif isinstance(name_path[-1], int):
                name_path = name_path[:-1] + (output_name,)
        name = "/".join(str(p) for p in name_path)
        if name == "":
            name = "_".join(list(names) if isinstance(names, dict) else nest.flatten(names))
        self._flat_losses.append((path, resolved, loss.weight, name))

    # -- pairing targets with outputs ----------------------------------------------------
    def _match_targets(self, y_true: Any, y_pred: Any) -> Any:
        if _same_structure(y_pred, y_true):
            return y_true
        if not nest.is_nested(y_true) and hasattr(y_pred, "__len__") and len(y_pred) == 1:
            y_true = [y_true]
        elif (isinstance(y_pred, (list, tuple)) and isinstance(y_true, dict)
              and self.output_names and set(self.output_names) == set(y_true)):
            y_true = [y_true[n] for n in self.output_names]
        if isinstance(y_true, (list, tuple)) and len(y_true) == len(nest.flatten(y_pred)):
            return nest.pack_sequence_as(y_pred, nest.flatten(y_true))
        if isinstance(y_true, dict) and len(y_true) == len(nest.flatten(y_pred)):
            # Keras 3 packs a dict of other keys as a flat sequence: iterated, it gives its
            # keys, which the losses then get as targets (a str: the loss's TypeError)
            return nest.pack_sequence_as(y_pred, list(y_true))
        # targets only for the outputs that have a loss (a lone loss too: its one target
        # is then the whole of y_true, which its outputs' paths are not found in)
        flat_true = nest.flatten(y_true)
        flat_loss = nest.flatten(self._user_loss)
        with_loss = [i for i, lo in enumerate(flat_loss) if lo is not None]
        if len(flat_true) == len(with_loss):
            targets: list = [None] * len(flat_loss)
            for i, t in zip(with_loss, flat_true):
                targets[i] = t
            return nest.pack_sequence_as(self._user_loss, targets)
        raise ValueError("y_true and y_pred have different structures.\n"
                         f"y_true: {_structure_of(y_true)}\ny_pred: {_structure_of(y_pred)}\n")

    def ensure_built(self, y_true: Any, y_pred: Any) -> None:
        """Builds from a batch's targets and outputs (without computing anything)."""
        if not self.built:
            nested = nest.is_nested(y_true) or nest.is_nested(y_pred)
            self.build(self._match_targets(y_true, y_pred) if nested else y_true, y_pred)

    # -- the loss ------------------------------------------------------------------------
    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        """The total loss: each loss on its output, times its weight, summed (under
        Keras's name scope "compile_loss")."""
        with name_scope(self.name):
            return self._total(y_true, y_pred, sample_weight)

    def _total(self, y_true: Any, y_pred: Any, sample_weight: Any) -> Any:
        if not nest.is_nested(y_true) and not nest.is_nested(y_pred):
            if not self.built:
                self.build(y_true, y_pred)
            if not self._flat_losses:
                return None
            _, loss_fn, weight, _ = self._flat_losses[0]
            value = cast(loss_fn(y_true, y_pred, sample_weight=sample_weight), "float32")
            return value if weight is None else value * weight
        y_true = self._match_targets(y_true, y_pred)
        if not self.built:
            self.build(y_true, y_pred)
        y_pred = _repack(self._y_pred_structure, y_pred)
        y_true = _repack(self._y_true_structure, y_true)
        total = None
        trackers = self._metrics or [None]
        for (path, loss_fn, weight, _), tracker in zip(self._flat_losses, trackers):
            y_p = _at(path, y_pred)
            sw = _at(path, sample_weight) if nest.is_nested(sample_weight) else sample_weight
            value = cast(loss_fn(_at(path, y_true), y_p, sample_weight=sw), "float32")
            if tracker is not None:
                tracker.update_state(value, sample_weight=_batch_size(y_p))
            if weight is not None:
                value = value * weight
            total = value if total is None else total + value
        return total


def _batch_size(y: Any) -> int | None:
    """The static batch size weighting an output's loss in its mean, as Keras 3's: where
    the traced step does not know it, None, so each batch counts once."""
    return nest.flatten(y)[0].shape[0]


class MetricsList(Metric):
    """The metrics of one output (`output_name` prefixes their results)."""

    def __init__(self, metrics: list, name: str = "metrics_list",
                 output_name: str | None = None) -> None:
        super().__init__(name=name)
        self.metrics = metrics
        self.output_name = output_name

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        for m in self.metrics:
            m.update_state(y_true, y_pred, sample_weight=sample_weight)

    def reset_state(self) -> None:
        for m in self.metrics:
            m.reset_state()


def get_metrics_list(spec: Any, y_true: Any, y_pred: Any,
                     output_name: str | None = None) -> MetricsList | None:
    if spec is None:
        return None
    items = spec if isinstance(spec, (list, tuple)) else [spec]
    return MetricsList([get_metric(m, y_true, y_pred) for m in items], output_name=output_name)


def _metrics_up_to(y_pred: Any, spec: Any, path: tuple = ()) -> list:
    """(path, metrics spec) for each output, the spec given in the structure of the
    outputs (the structure may stop at an output: its spec is then a list of metrics)."""
    if not nest.is_nested(y_pred):
        return [(path, spec)]
    if isinstance(y_pred, dict):
        if not isinstance(spec, dict):
            # (optree's words, which Keras 3 passes on)
            raise ValueError("Expected an instance of dict, collections.OrderedDict, or "
                             f"collections.defaultdict, got {lists_to_tuples(spec)!r}.")
        check_dict_keys(y_pred, lists_to_tuples(spec))  # (as Keras 3's optree walk)
        items = [(k, y_pred[k], spec[k]) for k in sorted(y_pred)]
    else:
        if not isinstance(spec, (list, tuple)):
            raise ValueError(f"Expected an instance of tuple, got {lists_to_tuples(spec)!r}.")
        if len(spec) != len(y_pred):
            raise ValueError(f"tuple arity mismatch; expected: {len(y_pred)}, got: {len(spec)}; "
                             f"tuple: {lists_to_tuples(spec)!r}.")
        items = [(i, y_pred[i], spec[i]) for i in range(len(y_pred))]
    out = []
    for key, sub_pred, sub_spec in items:
        out += _metrics_up_to(sub_pred, sub_spec, path + (key,))
    return out


class CompileMetrics(Metric):
    """The compiled metrics (Keras 3's rules): a list with one entry per output, or a dict
    by output name, gives each output its metrics; with one output every metric applies
    to it. `result()` is a dict; with several outputs, names are `<output>_<metric>`."""

    def __init__(self, metrics: Any, weighted_metrics: Any, output_names: Any = None,
                 name: str = "compile_metrics") -> None:
        super().__init__(name=name)
        for what, value in (("metrics", metrics), ("weighted_metrics", weighted_metrics)):
            if value and not isinstance(value, (list, tuple, dict)):
                raise ValueError(f"Expected `{what}` argument to be a list, tuple, or dict. "
                                 f"Received instead: {what}={value} of type {type(value)}")
        self._user_metrics = metrics
        self._user_weighted = weighted_metrics
        self.output_names = output_names
        self._flat: list = []
        self._flat_weighted: list = []
        self._resolved_names: list | None = None
        self.built = False

    @property
    def metrics(self) -> list:
        if not self.built:
            return []
        return [m for ml in self._flat + self._flat_weighted if ml for m in ml.metrics]

    @property
    def variables(self) -> list:
        return [v for m in self.metrics for v in m.variables]

    def build(self, y_true: Any, y_pred: Any) -> None:
        n = len(nest.flatten(y_pred))
        is_flat = nest.is_nested(y_pred) and len(y_pred) == n
        names = self.output_names
        if is_flat and isinstance(y_pred, dict):
            names = (self.output_names if self.output_names
                     and set(y_pred) == set(self.output_names) else sorted(y_pred))
        self._resolved_names = list(names) if n > 1 and is_flat and names else None
        self._flat = self._build_set(self._user_metrics, n, names, y_true, y_pred, is_flat,
                                     "metrics")
        self._flat_weighted = self._build_set(self._user_weighted, n, names, y_true, y_pred,
                                              is_flat, "weighted_metrics")
        self.built = True

    def _build_set(self, spec: Any, n: int, names: Any, y_true: Any, y_pred: Any,
                   is_flat: bool, what: str) -> list:
        if not spec:
            return [None] * n
        if n == 1:
            return [get_metrics_list(nest.flatten(spec), nest.flatten(y_true)[0],
                                     nest.flatten(y_pred)[0])]
        per_output = None
        if is_flat:
            if isinstance(spec, (list, tuple)) and len(spec) == n:
                per_output = list(spec)
            elif names and isinstance(spec, dict) and set(spec) <= set(names):
                per_output = [spec.get(nm) for nm in names]
        if per_output is not None:
            try:
                return [get_metrics_list(s, t, p, nm) for s, t, p, nm in zip(
                    per_output, self._flatten_y(y_true), self._flatten_y(y_pred),
                    names or [None] * n)]
            except ValueError as e:
                raise ValueError(f"{e}\nReceived: {what}={spec}") from e
        try:
            paths = _metrics_up_to(y_pred, spec)
            flat_names = nest.flatten(nest.pack_sequence_as(y_pred, list(names or [None] * n)))
            return [get_metrics_list(s, _at(p, y_true), _at(p, y_pred), nm)
                    for (p, s), nm in zip(paths, flat_names)]
        except (ValueError, TypeError) as e:
            model = (f"either be a dict or a list matching the output names of the functional "
                     f"model {self.output_names} or " if self.output_names else "")
            raise ValueError(f"{e}\nInvalid `{what}`. `{what}` should contain metrics objects "
                             f"and {model}match the output structure of the model: "
                             f"{nest.map_structure(lambda _: 'X', y_pred)}.\n"
                             f"Received: {what}={spec}") from e

    def _flatten_y(self, y: Any) -> list:
        if isinstance(y, dict) and self._resolved_names is not None:
            return [y[nm] for nm in self._resolved_names]
        return nest.flatten(y)

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        if not self.built:
            self.build(y_true, y_pred)
        y_true, y_pred = self._flatten_y(y_true), self._flatten_y(y_pred)
        for ml, y_t, y_p in zip(self._flat, y_true, y_pred):
            if ml:
                ml.update_state(y_t, y_p)
        if sample_weight is None:
            sws = [None] * len(y_true)
        else:
            sws = self._flatten_y(sample_weight)
            if len(sws) < len(y_true):
                sws = [sws[0]] * len(y_true)
        for ml, y_t, y_p, sw in zip(self._flat_weighted, y_true, y_pred, sws):
            if ml:
                ml.update_state(y_t, y_p, sw)

    def reset_state(self) -> None:
        for ml in self._flat + self._flat_weighted:
            if ml:
                ml.reset_state()

    def result(self) -> dict:
        if not self.built:
            raise ValueError("Cannot get result() since the metric has not yet been built.")
        results: dict = {}
        counts: dict = {}

        def unique(name: str) -> str:
            if name not in counts:
                counts[name] = 1
                return name
            counts[name] += 1
            return f"{name}_{counts[name] - 1}"

        for ml in filter(None, self._flat):
            for m in ml.metrics:
                results[unique(_prefixed(ml, m.name))] = m.result()
        for ml in filter(None, self._flat_weighted):
            for m in ml.metrics:
                name = _prefixed(ml, m.name)
                if name in counts:
                    name = unique(_prefixed(ml, f"weighted_{m.name}"))
                else:
                    counts[name] = 1
                results[name] = m.result()
        return results


def _prefixed(metrics_list: MetricsList, name: str) -> str:
    return f"{metrics_list.output_name}_{name}" if metrics_list.output_name else name


def supports_jit(model: Any) -> bool:
    """Keras 3's test of a model for XLA on the TF backend: every layer supports it and op
    determinism is off (XLA has no deterministic form of every op)."""
    return all(getattr(x, "supports_jit", True) for x in model._flatten_layers()) and \
        not op_determinism_enabled()


def auto_jit_compile(model: Any) -> bool:
    """Keras 3's `jit_compile="auto"` on the TF backend: on where the machine has a device
    other than CPUs, no tf.distribute strategy holds the model and it supports XLA.
    (eagerflow has no XLA: a step "compiled with XLA" runs as any tf.function.)"""
    if model._tstate("_distribute_strategy") is not None or \
            all(d.device_type == "CPU" for d in list_physical_devices()):
        return False
    return supports_jit(model)
