"""The stateful Metric base, and the Sum / Mean / MeanMetricWrapper reductions.

Sits in keras, above ops: a Metric is an AutoTrackable whose state lives in
tf.Variables made with `add_weight` / `add_variable` and tracked under their names
(checkpoints save metrics). State is updated with public ops and variable
assignments, so metrics work eagerly and inside tf.function.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import trackable
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import dtype_policy, losses, serialization
from eagerflow._src.keras import initializers as inits
from eagerflow._src.keras import train_ops as K
from eagerflow._src.keras.engine.layer_metrics import register_metric_class
from eagerflow._src.keras.name_scope import scoped_path
from eagerflow._src.keras.variables import StatelessScope, keras_variable
from eagerflow._src.ops import array as A
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.math_base import cast, identity
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.tiling import broadcast_to
from eagerflow._src.ops.variables import (
    Variable,
    VariableAggregation,
    VariableSynchronization,
    is_tf_variable,
)


def _zeros(shape: tuple, dtype: dt.DType) -> np.ndarray:
    """Zeros of `dtype`: a string's is b"" (TF's tf.zeros, which Keras's initializer runs)."""
    if dtype == dt.string:
        return np.full(shape, b"", object)
    return np.zeros(shape, dtype.as_numpy_dtype)


def _initial_value(initializer: Any, shape: tuple, dtype: dt.DType) -> np.ndarray:
    npd = dtype.as_numpy_dtype
    if initializer is None or (isinstance(initializer, str) and initializer == "zeros"):
        return _zeros(shape, dtype)
    if isinstance(initializer, str):
        if initializer == "ones":
            return np.ones(shape, npd)
        try:
            return np.asarray(inits.get(initializer)(shape=shape, dtype=dtype), npd)
        except (AttributeError, ValueError):
            raise ValueError(f"Unknown initializer for a metric variable: {initializer!r}") \
                from None
    if callable(initializer):
        return np.asarray(initializer(shape=shape, dtype=dtype), npd)
    return np.broadcast_to(np.asarray(initializer, npd), shape).copy()


class Metric(trackable.AutoTrackable):
    """Encapsulates metric logic and state: `update_state`, `result`, `reset_state`."""

    _tf_wrappers = False  # Keras 3's tracking: list attributes stay lists

    # "up" or "down": which way is better, for callbacks that monitor it in mode="auto"
    _direction: str | None = None
    # a metric assigned to a layer's attribute is no checkpoint child (Keras 3's metrics
    # are not TF trackables; a tf.train.Checkpoint given one directly still saves it)
    _tf_checkpoint_dependency = False

    def __init__(self, dtype: Any = None, name: str | None = None) -> None:
        object.__setattr__(self, "_metric_vars", [])
        self.name = name or kb.auto_name(type(self).__name__)  # ("" too, as Keras 3)
        # (a dtype policy, as Keras 3's: "mixed_float16" computes in float16, and a name no
        # policy takes is refused as a policy)
        self._dtype = dt.as_dtype(dtype_policy.get(dtype or kb.floatx()).compute_dtype)
        self.stateful = True  # (and no `built`: Keras 3's metrics are no layers)

    def __setattr__(self, name: str, value: Any) -> None:
        # A state variable is tracked once, under the name it was created with.
        if is_tf_variable(value) and any(v is value for v in self.__dict__.get(
                "_metric_vars", ())):
            object.__setattr__(self, name, value)
            return
        super().__setattr__(name, value)

    # -- state ------------------------------------------------------------------------
    @property
    def dtype(self) -> str:
        return self._dtype.name

    @property
    def variables(self) -> list:
        return list(self._metric_vars)

    @property
    def weights(self) -> list:
        return list(self._metric_vars)

    @property
    def trainable_variables(self) -> list:
        return []

    @property
    def non_trainable_variables(self) -> list:
        return list(self._metric_vars)

    def add_variable(self, shape: Any = (), initializer: Any = "zeros", dtype: Any = None,
                     aggregation: str = "sum", name: str | None = None) -> Variable:
        shape = tuple(int(d) for d in (shape if shape is not None else ()))
        # (Keras's: without a dtype, floatx, whatever the metric's dtype)
        d = dt.as_dtype(dtype) if dtype is not None else dt.as_dtype(kb.floatx())
        name = name if name is not None else f"variable_{len(self._metric_vars)}"
        agg = {"sum": VariableAggregation.SUM, "mean": VariableAggregation.MEAN,
               "only_first_replica": VariableAggregation.ONLY_FIRST_REPLICA,
               "none": VariableAggregation.NONE}.get(str(aggregation).lower(),
                                                      VariableAggregation.SUM)
        # ON_READ as in Keras: under a strategy each replica accumulates into its own copy
        # and reading the metric combines them.
        var = keras_variable(Variable(_initial_value(initializer, shape, d), trainable=False,
                                      dtype=d, name=name, aggregation=agg,
                                      synchronization=VariableSynchronization.ON_READ),
                             name, scoped_path(f"{self.name}/{name}"))
        self._metric_vars.append(var)
        self._track(name, var)
        return var

    def add_weight(self, shape: Any = (), initializer: Any = None, dtype: Any = None,
                   name: str | None = None) -> Variable:
        """Keras 3's alias of add_variable, with its arguments in Keras 3's order."""
        if initializer is None:  # (Keras 3 converts the missing value: TF's refusal)
            convert_to_tensor(initializer)
        return self.add_variable(shape=shape, initializer=initializer, dtype=dtype, name=name)

    def reset_state(self) -> None:
        """Resets every state variable to zeros."""
        for v in self._metric_vars:
            v.assign(_zeros(v._arr.shape, v._dtype.base_dtype))

    def reset_states(self) -> None:
        """Keras 2's name of reset_state, kept on purpose: Keras 3 dropped it, but the TF 2
        programs eagerflow runs unchanged call it (the conformance seeds' metrics listings)."""
        self.reset_state()

    def update_state(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    def result(self) -> Any:
        raise NotImplementedError

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.update_state(*args, **kwargs)
        return self.result()

    # -- stateless: the state passed in and returned, the metric unchanged (Keras 3) -----
    def _mapping(self, metric_variables: list) -> list:
        if len(metric_variables) != len(self.variables):
            raise ValueError(f"Argument `metric_variables` must be a list of tensors "
                             f"corresponding 1:1 to {type(self).__name__}().variables. Received "
                             f"list with length {len(metric_variables)}, but expected "
                             f"{len(self.variables)} variables.")
        return list(zip(self.variables, metric_variables))

    def _new_state(self, scope: StatelessScope) -> list:
        return [v if scope.get_current_value(v) is None else scope.get_current_value(v)
                for v in self.variables]

    def stateless_update_state(self, metric_variables: list, *args: Any, **kwargs: Any) -> list:
        with StatelessScope(state_mapping=self._mapping(metric_variables)) as scope:
            self.update_state(*args, **kwargs)
        return self._new_state(scope)

    def stateless_result(self, metric_variables: list) -> Any:
        with StatelessScope(state_mapping=self._mapping(metric_variables)):
            return self.result()

    def stateless_reset_state(self) -> list:
        with StatelessScope() as scope:
            self.reset_state()
        return self._new_state(scope)

    def get_config(self) -> dict:
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config: dict) -> Metric:
        return cls(**config)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name}>"


def reduce_to_samplewise_values(values: Any, sample_weight: Any, reduce_fn: Callable,
                                dtype: dt.DType) -> tuple:
    """Weights `values` and reduces them to one value per sample (axis 0). Both are cast
    to `dtype` as Keras 3 casts them: converted as they are, then cast (floats truncated
    into an integer metric; what TF's Cast refuses, such as a number into a string, its
    error)."""
    values = K.t(K.t(values), dtype)
    if sample_weight is not None:
        sample_weight = K.t(K.t(sample_weight), dtype)
        values, sample_weight = K.squeeze_or_expand(values, sample_weight)
        w_nd, v_nd = len(sample_weight._shape), len(values._shape)
        if v_nd > w_nd:
            values = reduce_fn(values, axis=list(range(w_nd, v_nd)))
        if tuple(sample_weight._shape) != tuple(values._shape):
            # to the static shape where known, as Keras's ops.shape gives it (a Python
            # shape: TF's eager error then names no op wrapper)
            shape = values._shape if None not in tuple(values._shape) else A.shape(values)
            sample_weight = broadcast_to(sample_weight, shape)
        values = values * sample_weight
        if w_nd > 1:
            sample_weight = reduce_fn(sample_weight, axis=list(range(1, w_nd)))
    if len(values._shape) > 1:
        values = reduce_fn(values, axis=list(range(1, len(values._shape))))
    return values, sample_weight


def _keras_sum(values: Any, axis: Any = None) -> Any:
    """keras.ops.sum: bools counted in int32 (TF's Sum has no bool kernel)."""
    if values._dtype is dt.bool:
        values = cast(values, dt.int32)
    return R.reduce_sum(values, axis=axis)


def _assign_add_bool(var: Any, value: Any) -> None:
    """A bool variable's assign_add as Keras 3's: the variable and `value` added in the
    dtype they promote to (an int32 sum: int32; a bool, TF's AddV2, which has no bool
    kernel: its InvalidArgumentError), the assignment casting back to bool."""
    total = var._as_tensor()
    if value._dtype is not dt.bool:
        total = cast(total, value._dtype)
    var.assign(cast(total + value, dt.bool))


class Sum(Metric):
    """The (weighted) sum of the given values."""

    def __init__(self, name: str = "sum", dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", dtype=self._dtype,
                                       name="total")

    def update_state(self, values: Any, sample_weight: Any = None) -> None:
        values, _ = reduce_to_samplewise_values(values, sample_weight, _keras_sum,
                                                self._dtype)
        if self._dtype is dt.bool:  # (any True seen makes the total True)
            _assign_add_bool(self.total, _keras_sum(values))
            return
        self.total.assign_add(R.reduce_sum(values))

    def result(self) -> Any:
        return identity(self.total._as_tensor())



register_metric_class(Metric)  # (Layer.metrics collects them)

class Mean(Metric):
    """The (weighted) mean of the given values: `total / count`."""

    def __init__(self, name: str = "mean", dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", dtype=self._dtype,
                                       name="total")
        self.count = self.add_variable(shape=(), initializer="zeros", dtype=self._dtype,
                                       name="count")

    def update_state(self, values: Any, sample_weight: Any = None) -> None:
        values, sample_weight = reduce_to_samplewise_values(values, sample_weight,
                                                            R.reduce_mean, self._dtype)
        boolean = self._dtype is dt.bool  # (Keras's bool count fails: _assign_add_bool)
        if boolean:
            _assign_add_bool(self.total, _keras_sum(values))
        else:
            self.total.assign_add(R.reduce_sum(values))
        if sample_weight is not None:
            n = (_keras_sum if boolean else R.reduce_sum)(sample_weight)
        elif len(values._shape) >= 1:  # (a bool count: the int, cast to bool below)
            d = dt.int32 if boolean else self._dtype
            n = K.t(values._shape[0], d) if values._shape[0] is not None else \
                cast(A.shape(values)[0], d)
        else:
            n = K.t(1, dt.int32) if boolean else K.t(1.0, self._dtype)
        if boolean:
            _assign_add_bool(self.count, cast(n, dt.bool))
        else:
            self.count.assign_add(n)

    def result(self) -> Any:
        total, count = self.total._as_tensor(), self.count._as_tensor()
        d = total._dtype
        if d == dt.string:
            raise ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
        if not (d.is_floating or d.is_complex):
            # (Keras 3's divide_no_nan promotes integers and booleans with a float: floatx)
            total, count = cast(total, kb.floatx()), cast(count, kb.floatx())
        return div_no_nan(total, count)


class MeanMetricWrapper(Mean):
    """The mean of `fn(y_true, y_pred, **kwargs)` over all examples seen."""

    def __init__(self, fn: Callable, name: str | None = None, dtype: Any = None,
                 **kwargs: Any) -> None:
        # Keras 3 names a bare wrapper after its class (`mean_metric_wrapper_1`), never
        # after the function
        super().__init__(name=name if name is not None else kb.auto_name(type(self).__name__),
                         dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs
        for key in self._config_keys:  # (Keras 3's subclasses keep each as an attribute)
            setattr(self, key, kwargs[key])
        if losses.is_builtin_loss(fn):
            self._direction = "down"

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        mask = losses.keras_mask(y_pred)  # (a masked output's steps count for nothing)
        # (the inputs as given, as Keras 3 passes them: a user's function of Python lists
        # fails as it would in Keras; the built-in functions convert their own)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        sample_weight = losses.apply_mask(sample_weight, mask, self._dtype, "sum")
        super().update_state(values, sample_weight=sample_weight)

    # the function arguments a subclass's config lists (Keras 3 writes only these)
    _config_keys: tuple = ()

    def get_config(self) -> dict:
        config = {"name": self.name, "dtype": self.dtype}
        if type(self) is MeanMetricWrapper:
            # a bare wrapper carries its function and the function's arguments, as Keras 3's
            config["fn"] = serialization.serialize_keras_object(self._fn)
            config.update(serialization.serialize_keras_object(self._fn_kwargs))
        else:
            config.update({k: getattr(self, k) for k in self._config_keys})
        return config

    @classmethod
    def from_config(cls, config: dict) -> Metric:
        if "fn" in config:
            config = serialization.deserialize_keras_object(config)
        return cls(**config)
