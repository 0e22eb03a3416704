"""keras.optimizers.MultiOptimizer and OptimizerMap: a different optimizer for different
variables (keras layer, on the base Optimizer).

An OptimizerMap maps variable paths (exact, else a regular expression that matches the
whole path) to optimizers, with a default for the rest. A MultiOptimizer applies each
gradient with its variable's optimizer, each keeping its own state and step count, and
counts its own steps. As in Keras 3, its `variables` are its own then each inner
optimizer's (what a .keras file stores), while a TF checkpoint of it holds only its own.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from typing import Any

from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.optimizers.loss_scale import LossScaleOptimizer
from eagerflow._src.keras.optimizers.optimizer import Optimizer, _var_key, _VariableList


class OptimizerMap(MutableMapping):
    """`OptimizerMap(default_optimizer, optimizer_map=None)`: calling it with a variable
    gives that variable's optimizer."""

    def __init__(self, default_optimizer: Optimizer, optimizer_map: dict | None = None) -> None:
        if not isinstance(default_optimizer, Optimizer):
            raise TypeError("default_optimizer must be a Keras Optimizer instance. "
                            f"Received: {default_optimizer}")
        if optimizer_map is not None and not isinstance(optimizer_map, dict):
            raise TypeError(f"optimizer_map must be a dictionary. Received: {optimizer_map}")
        self._default_optimizer = default_optimizer
        self._optimizer_map = optimizer_map or {}

    @property
    def default_optimizer(self) -> Optimizer:
        return self._default_optimizer

    def __getitem__(self, key: str) -> Optimizer:
        """The optimizer of path `key`: its own entry, else the one pattern that matches
        it whole, else the default."""
        if key in self._optimizer_map:
            return self._optimizer_map[key]
        matching = [p for p in self._optimizer_map if re.fullmatch(p, key)]
        if len(matching) > 1:
            raise ValueError(f"Multiple optimizers assigned to variable {key}.")
        return self._optimizer_map[matching[0]] if matching else self._default_optimizer

    def __setitem__(self, key: str, optimizer: Optimizer) -> None:
        if key in self._optimizer_map:
            raise ValueError(f"'{key}' already exists in the OptimizerMap with value "
                             f"{self._optimizer_map[key]}. Please make sure to not use "
                             "duplicated keys.")
        if not isinstance(key, str):
            raise ValueError(f"key must be a string. Received: {key}")
        if not isinstance(optimizer, Optimizer):
            raise ValueError(f"optimizer must be a Keras Optimizer instance. Received: "
                             f"{optimizer}")
        if isinstance(optimizer, LossScaleOptimizer):
            raise ValueError("optimizer cannot be LossScaleOptimizer.")
        if isinstance(optimizer, MultiOptimizer):
            raise ValueError("optimizer cannot be MultiOptimizer.")
        self._optimizer_map[key] = optimizer

    def __delitem__(self, key: str) -> None:
        del self._optimizer_map[key]

    def __len__(self) -> int:
        return len(self._optimizer_map)

    def __iter__(self) -> Any:
        return iter(self._optimizer_map)

    def __call__(self, variable: Any) -> Optimizer:
        return self[variable.path]

    def get_config(self) -> dict:
        return {"default_optimizer": ser.serialize_keras_object(self._default_optimizer),
                "optimizer_map": ser.serialize_keras_object(self._optimizer_map)}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> OptimizerMap:
        return cls(ser.deserialize_keras_object(config["default_optimizer"],
                                                custom_objects=custom_objects),
                   ser.deserialize_keras_object(config["optimizer_map"],
                                                custom_objects=custom_objects))


class MultiOptimizer(Optimizer):
    """`MultiOptimizer(optimizer_map, loss_scale_factor=None, name=None)`: `optimizer_map`
    is an OptimizerMap (or any callable from a variable to its optimizer)."""

    def __init__(self, optimizer_map: Any, loss_scale_factor: float | None = None,
                 name: str | None = None) -> None:
        self.__dict__["_inner_optimizers"] = []  # (the setter below reads it)
        super().__init__(learning_rate=0.0, loss_scale_factor=loss_scale_factor, name=name)
        self._optimizer_map = optimizer_map
        self._empty_node("_inner_optimizers", self._inner_optimizers)
        candidates = list(optimizer_map.values()) if hasattr(optimizer_map, "values") else []
        candidates.append(getattr(optimizer_map, "default_optimizer", None))
        for opt in candidates:
            if opt is not None and opt not in self._inner_optimizers:
                opt.loss_scale_factor = loss_scale_factor
                self._inner_optimizers.append(opt)

    def build(self, var_list: Any) -> None:
        if self.built:
            return
        var_list = list(var_list)
        self._empty_node("_var_to_optimizer_idx", {})
        per_optimizer: list = [[] for _ in self._inner_optimizers]
        for var in var_list:
            opt = self._optimizer_map(var)
            if not isinstance(opt, Optimizer):
                raise ValueError(f"Optimizer for variable {var} is not an Optimizer instance.")
            if isinstance(opt, LossScaleOptimizer):
                raise ValueError("LossScaleOptimizer cannot be used inside an MultiOptimizer.")
            if isinstance(opt, MultiOptimizer):
                raise ValueError("MultiOptimizer cannot be used inside an MultiOptimizer.")
            if opt not in self._inner_optimizers:
                opt.loss_scale_factor = self.loss_scale_factor
                self._inner_optimizers.append(opt)
                per_optimizer.append([])
            idx = self._inner_optimizers.index(opt)
            self._var_to_optimizer_idx[_var_key(var)] = idx
            per_optimizer[idx].append(var)
        for opt, variables in zip(self._inner_optimizers, per_optimizer):
            if variables:
                opt.build(variables)
        super().build(var_list)

    @property
    def optimizers(self) -> list:
        return self._inner_optimizers

    @property
    def variables(self) -> _VariableList:
        """Its own (iteration, learning_rate), then each inner optimizer's."""
        out = _VariableList(self._variables)
        for opt in self._inner_optimizers:
            out.extend(opt.variables)
        return out

    @property
    def learning_rate(self) -> Any:
        raise AttributeError("Learning rate cannot be accessed on a MultiOptimizer. Access the "
                             "learning rate on the individual sub-optimizers instead.")

    @learning_rate.setter
    def learning_rate(self, value: Any) -> None:
        raise AttributeError("Learning rate cannot be set on a MultiOptimizer. Set the "
                             "learning rate on the individual sub-optimizers instead.")

    @property
    def loss_scale_factor(self) -> float | None:
        return self.__dict__.get("_loss_scale_factor")

    @loss_scale_factor.setter
    def loss_scale_factor(self, value: float | None) -> None:
        self.__dict__["_loss_scale_factor"] = value
        for opt in self.__dict__.get("_inner_optimizers", ()):
            opt.loss_scale_factor = value

    def apply(self, grads: Any, trainable_variables: Any = None) -> None:
        grads = list(grads)
        if not grads:
            return
        if trainable_variables is None:
            if not self.built:
                raise ValueError("When passing `grads` without `variables`, the optimizer must "
                                 "already be built on a list of variables. Call "
                                 "`optimizer.build(trainable_variables)` first.")
            trainable_variables = self._trainable_variables
        variables = list(trainable_variables)
        self.build(variables)
        if len(grads) != len(self._trainable_variables):
            raise ValueError("Gradients must match trainable variables one-to-one. Received "
                             f"{len(grads)} gradients and {len(self._trainable_variables)} "
                             "variables.")
        per_optimizer: list = [([], []) for _ in self._inner_optimizers]
        for g, v in zip(grads, variables):
            pair = per_optimizer[self._var_to_optimizer_idx[_var_key(v)]]
            pair[0].append(g)
            pair[1].append(v)
        for opt, (sub_grads, sub_vars) in zip(self._inner_optimizers, per_optimizer):
            if sub_grads:
                opt.apply(sub_grads, sub_vars)
        self._iterations.assign_add(1)  # (None returned, as Keras 3's apply)

    def finalize_variable_values(self, var_list: Any) -> None:
        per_optimizer: list = [[] for _ in self._inner_optimizers]
        for var in var_list:
            per_optimizer[self._var_to_optimizer_idx[_var_key(var)]].append(var)
        for opt, variables in zip(self._inner_optimizers, per_optimizer):
            if variables:
                opt.finalize_variable_values(variables)

    def set_weights(self, weights: list) -> None:
        if not self.built:
            raise ValueError("You are calling `set_weights()` on an optimizer that has not yet "
                             "been built. Please call `optimizer.build(trainable_variables)` to "
                             "create the optimizer weights before calling `set_weights()`.")
        super().set_weights(weights)

    def get_config(self) -> dict:
        return {"optimizer_map": ser.serialize_keras_object(self._optimizer_map),
                "loss_scale_factor": self.loss_scale_factor, "name": self.name}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> MultiOptimizer:
        config = dict(config)
        config["optimizer_map"] = ser.deserialize_keras_object(config["optimizer_map"],
                                                               custom_objects=custom_objects)
        return cls(**config)
