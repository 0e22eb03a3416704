"""What a Keras layer adds to itself: weights (add_weight, get_weights, set_weights,
count_params) and losses (add_loss), as the mixin LayerWeights of keras.layers.Layer
(base_layer.py), whose own weight lists (`_trainable_weights`, ...) they fill.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor, is_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import constraints as constraints_mod
from eagerflow._src.keras import initializers as initializers_mod
from eagerflow._src.keras import regularizers as regularizers_mod
from eagerflow._src.keras import sharded_weights  # noqa: F401 (hands keras_variable its maker)
from eagerflow._src.keras.engine import layer_checks, weights_version
from eagerflow._src.keras.engine.keras_tensor import SymbolicTensor, in_symbolic_scope
from eagerflow._src.keras.engine.layer_helpers import aggregation as _aggregation
from eagerflow._src.keras.engine.layer_helpers import standardize_shape
from eagerflow._src.keras.name_scope import check_name
from eagerflow._src.keras.variables import Variable as KerasVariable
from eagerflow._src.keras.variables import full_shape, get_stateless_scope, keras_variable
from eagerflow._src.ops.variables import Variable

# layers holding losses added by add_loss (a top-level call clears its sublayers' losses;
# while no layer holds any, calls skip that walk)
LOSS_HOLDERS: weakref.WeakSet = weakref.WeakSet()


# the keywords Keras 3.15's Layer.add_weight takes (tf.keras's others are refused)
_ADD_WEIGHT_KEYWORDS = frozenset((
    "shape", "initializer", "dtype", "trainable", "autocast", "regularizer", "constraint",
    "aggregation", "overwrite_with_gradient", "name"))


def _check_keywords(method: str, kwargs: dict, known: frozenset) -> None:
    """Python's TypeError for a keyword Keras 3's `Layer.<method>` has no parameter for
    (tf.keras's `synchronization`, `use_resource`, `getter`, ... among them)."""
    for key in kwargs:
        if key not in known:
            raise TypeError(f"Layer.{method}() got an unexpected keyword argument '{key}'")


class LayerWeights:
    """keras.layers.Layer's weights and losses (a mixin of Layer)."""

    def add_weight(self, *args: Any, **kwargs: Any) -> Variable:
        """`add_weight(shape=None, initializer=None, dtype=None, trainable=True, ...,
        name=None)`: creates and tracks a weight Variable. As Keras 3.15, at most `shape`,
        `initializer` and `dtype` come by position, and a name given first is refused."""
        _check_keywords("add_weight", kwargs, _ADD_WEIGHT_KEYWORDS)
        layer_checks.check_super_called(self)
        if args:
            if len(args) > 3:
                raise TypeError("add_weight() takes at most 3 positional arguments but "
                                f"{len(args)} were given.")
            if isinstance(args[0], str):
                raise ValueError("`name` must be passed as a keyword argument. Received: "
                                 f"add_weight('{args[0]}', ...). Use: add_weight(shape=..., "
                                 f"name='{args[0]}').")
            for param, value in zip(("shape", "initializer", "dtype"), args):
                if kwargs.get(param) is not None:
                    raise ValueError(f"`{param}` was passed both positionally and as a "
                                     "keyword argument.")
                kwargs[param] = value
        return self._add_weight(**kwargs)

    def _add_weight(self, name: str | None = None, shape: Any = None, dtype: Any = None,
                    initializer: Any = None, regularizer: Any = None,
                    trainable: bool | None = None, constraint: Any = None,
                    aggregation: Any = None, autocast: bool = True,
                    overwrite_with_gradient: bool = False) -> Variable:
        try:
            dtype = dt.as_dtype(dtype if dtype is not None else self.variable_dtype)
        except TypeError:  # (Keras 3's standardize_dtype's words)
            raise ValueError(f"Invalid dtype: {dtype}") from None
        if trainable is None:
            trainable = True
        if initializer is None:  # (Keras 3.15: zeros for every dtype but the floats')
            initializer = initializers_mod.GlorotUniform() if dtype.is_floating else \
                initializers_mod.Zeros()
        else:
            initializer = initializers_mod.get(initializer)
        constraint = constraints_mod.get(constraint)
        regularizer = regularizers_mod.get(regularizer)
        tracked_name, name = name, name or kb.auto_name("Variable")
        check_name(name)  # (as Keras 3's Variable checks it: no '/')
        # (`shape=3` refused, once the variable has taken its name, as in Keras 3)
        shape = () if shape is None else standardize_shape(shape)
        with self._own_scope(), kb.init_scope():
            shape = full_shape(shape, name)  # (Keras 3's Variable refuses None, its path named)
            value = initializer(shape, dtype=dtype)
            var = keras_variable(Variable(value, trainable=trainable, name=name, dtype=dtype,
                                          constraint=constraint,
                                          aggregation=_aggregation(aggregation)), name,
                                 autocast=autocast,
                                 overwrite_with_gradient=overwrite_with_gradient)
        # (Keras 3's tracker refuses it once made: a bad shape is the variable's error)
        if self.__dict__.get("_state_locked"):
            raise ValueError(layer_checks.STATE_LOCKED)
        var.regularizer = regularizer  # (Keras 3 keeps it on the variable)
        (self._trainable_weights if trainable else self._non_trainable_weights).append(var)
        if not self._trainable and isinstance(var, KerasVariable):
            var.trainable = False  # (Keras 3's tracking freezes a frozen layer's new weight)
        weights_version.changed()
        if tracked_name:  # (a child only when assigned to an attribute, as in Keras 3)
            if "_weights_by_name" not in self.__dict__:
                object.__setattr__(self, "_weights_by_name", {})
            self._weights_by_name[tracked_name] = var
        if regularizer is not None:
            ref = weakref.ref(var)

            def loss() -> Any:
                v = ref()
                return None if v is None else regularizer(v)

            self._callable_losses.append(loss)
        return var

    def add_variable(self, *args: Any, **kwargs: Any) -> Variable:
        """Keras 3's `add_variable(shape, initializer, dtype=None, trainable=True,
        autocast=True, regularizer=None, constraint=None, name=None)`."""
        _check_keywords("add_variable", kwargs, _ADD_WEIGHT_KEYWORDS - {"aggregation",
                                                                        "overwrite_with_gradient"})
        return self.add_weight(*args, **kwargs)

    def get_weights(self) -> list:
        return [w.numpy() for w in self.weights]

    def set_weights(self, weights: list) -> None:
        params = self.weights
        if len(params) != len(weights):
            raise ValueError(f"You called `set_weights(weights)` on layer '{self.name}' with a "
                             f"weight list of length {len(weights)}, but the layer was "
                             f"expecting {len(params)} weights.")
        # each value's .shape read (a nested list has none: AttributeError) and each weight
        # assigned in turn, so a bad shape stops after the weights before it, as Keras 3's
        for p, w in zip(params, weights):
            if not TensorShape(p.shape).is_compatible_with(w.shape):
                raise ValueError(f"Layer {self.name} weight shape {tuple(p.shape)} is not "
                                 f"compatible with provided weight shape {tuple(w.shape)}.")
            w = np.asarray(w.numpy() if hasattr(w, "numpy") else w)
            p.assign(w.astype(dt.as_dtype(p.dtype).as_numpy_dtype))

    def count_params(self) -> int:
        if not self.built:
            raise ValueError(f"You tried to call `count_params` on layer '{self.name}', but the "
                             "layer isn't built. You can build it manually via: "
                             "`layer.build(input_shape)`.")
        return int(sum(int(np.prod(w.shape.as_list())) for w in self.weights))

    # -- losses --------------------------------------------------------------------------
    def add_loss(self, losses: Any, inputs: Any = None, **kwargs: Any) -> None:
        losses = nest.flatten(losses)
        for loss in losses:  # (Keras 3 takes tensors only: no Python number, no callable)
            if not is_tensor(loss):
                raise ValueError("`add_loss()` can only be called from inside `build()` or "
                                 f"`call()`, on a tensor input. Received invalid value: {loss}")
        for loss in losses:
            if isinstance(loss, SymbolicTensor) or in_symbolic_scope():
                continue  # a symbolic trace: the eager calls add the real loss
            if not isinstance(loss, Tensor):  # (a variable, a composite)
                loss = convert_to_tensor(loss, dtype_hint=dt.float32)
            scope = get_stateless_scope()
            if scope is not None:  # (kept by the scope when it collects them, as Keras 3)
                if scope.collect_losses:
                    scope.add_loss(loss)
                    scope.loss_owners[id(loss)] = self
                continue
            self._losses.append(loss)
            LOSS_HOLDERS.add(self)

    def _clear_losses(self) -> None:
        for layer in self._flatten_layers():
            if layer._losses:
                layer._losses.clear()
                LOSS_HOLDERS.discard(layer)

    def add_update(self, updates: Any) -> None:
        if callable(updates):
            updates()

    def add_metric(self, *args: Any, **kwargs: Any) -> None:
        """Gone in Keras 3: its NotImplementedError, which names the ways that replace it."""
        raise NotImplementedError(
            "Layer `add_metric()` method is deprecated. Add your metric in "
            "`Model.compile(metrics=[...])`, or create metric trackers in init() or build() "
            "when subclassing the layer or model, then call `metric.update_state()` "
            "whenever necessary.")
