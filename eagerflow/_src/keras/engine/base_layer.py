"""keras.layers.Layer: the base of every layer and model (a tf.Module).

A layer creates its weights lazily: `build(input_shape)` runs on the first call,
under the layer's name scope (so a Dense layer's kernel is `dense/kernel:0`) and
lifted out of any graph being traced. `__call__` converts inputs, checks them
against `input_spec`, decides the training mode (explicit argument, then the outer
call's, then the `call` signature's default), passes masks along, and, when the
inputs are KerasTensors, records a Node for the functional API instead of running.

Checkpoint children are Keras 3's on TF: each attribute (private ones included)
assigned a variable, a layer or another trackable, in assignment order, and tuples
of them; lists and dicts of layers are not children (Keras 3 keeps them in its own
tracker, which tf.train.Checkpoint does not see). Sublayers and weights are found by
walking attributes (and the lists and dicts in them). The weights and losses a layer adds
(add_weight, set_weights, add_loss, ...) are the mixin LayerWeights (layer_weights.py).
"""

from __future__ import annotations

import collections
import functools
import inspect
import operator
import warnings
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_attrs import _attached
from eagerflow._src.core.trackable import (
    TrackableList,
    holds_trackables,
    is_trackable,
    is_variable,
)
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import dtype_policy as dtype_policies
from eagerflow._src.keras import regularizers as regularizers_mod
from eagerflow._src.keras.distribution import output_layout_hook
from eagerflow._src.keras.dtype_policy import DTypePolicy, DTypePolicyMap
from eagerflow._src.keras.engine import call_args, layer_checks, layer_metrics, weights_version
from eagerflow._src.keras.engine import input_spec as input_spec_mod
from eagerflow._src.keras.engine.auto_config import auto_config, auto_config_error
from eagerflow._src.keras.engine.call_errors import (
    unbuilt_state_message,
    warn_mask_dropped,
    with_call_info,
)
from eagerflow._src.keras.engine.call_spec import CallPlan, call_spec, plain_call_fits
from eagerflow._src.keras.engine.held import (
    INTERNAL,
    WALK_METHOD_NAMES,
    WALK_METHODS,
    held_in_attributes,
    hold_no_sublayers,
)
from eagerflow._src.keras.engine.keras_tensor import (
    KerasTensor,
    get_mask,
    set_mask,
    symbolic_scope,
)
from eagerflow._src.keras.engine.layer_helpers import carried_mask, holds_tensor, tensor_list
from eagerflow._src.keras.engine.layer_helpers import dedup as _dedup
from eagerflow._src.keras.engine.layer_helpers import init_weight_lists as _init_weight_lists
from eagerflow._src.keras.engine.layer_helpers import quantize_wrapper as _quantize_wrapper
from eagerflow._src.keras.engine.layer_state import LayerState
from eagerflow._src.keras.engine.layer_weights import LOSS_HOLDERS, LayerWeights
from eagerflow._src.keras.engine.own_variables import OwnVariables
from eagerflow._src.keras.engine.shapes import (
    hand_out_tuples,
    input_shapes,
    shape_tuples,
    to_shapes,
)
from eagerflow._src.keras.engine.symbolic_calls import (
    SymbolicCalls,
    as_build_input,
    broadcast_masks,
    count_output_specs,
    training_default,
)
from eagerflow._src.keras.engine.tracked import register_layer_class, tracked, untracked
from eagerflow._src.keras.name_scope import (
    LayerScope,
    building_in_layer_scope,
    current_path,
    enter_layer_scope,
    exit_layer_scope,
)
from eagerflow._src.keras.random_seeds import SeedGenerator
from eagerflow._src.keras.scopes import current_remat_mode
from eagerflow._src.keras.variables import Variable as KerasVariable
from eagerflow._src.keras.variables import get_stateless_scope
from eagerflow._src.module import Module, NameScope
from eagerflow._src.ops.array import shape as tf_shape
from eagerflow._src.ops.math_base import cast

# Keras 3 accepts these two (and warns about them); any other keyword is a ValueError
_INPUT_SHAPE_KWARGS = ("input_dim", "input_shape")
_PLAIN_KEYWORDS = frozenset(("training", "mask"))  # (those a plain call may be given)


def _to_policy(dtype: Any) -> DTypePolicy:
    return dtype_policies.get(dtype)


class Layer(LayerWeights, SymbolicCalls, OwnVariables, LayerState, Module):
    """`Layer(*, activity_regularizer=None, trainable=True, dtype=None, autocast=True,
    name=None)`: Keras 3's constructor (keyword arguments only)."""

    # where the layer's scope first opened (LayerScope), and its path as of its last build
    _scope_frame: tuple | None = None  # (layer, path parts, name)
    _parent_path: str | None = None
    _path: str | None = None
    # a DTypePolicyMap given as `dtype` (`_dtype_policy` is then the policy of the
    # layer's path, the map's default until the layer has one)
    _policy_map: Any = None
    _track_private = False  # (Keras's tracking, not tf.Module's)
    _keras_layer = True  # (a tf.Module walking its attributes passes it by, as TF's)
    # a full eager call's plan of the plain ones (a CallPlan; False where they cannot be)
    _call_plan: CallPlan | bool | None = None

    def __new__(cls, *args: Any, **kwargs: Any) -> Layer:
        obj = super().__new__(cls)
        # the constructor's arguments (defaults included): the default get_config of a
        # layer that defines none returns them when they are plain data, as Keras 3 does
        object.__setattr__(obj, "_auto_config", auto_config(cls, args, kwargs))
        return obj

    def __init__(self, *, activity_regularizer: Any = None, trainable: bool = True,
                 dtype: Any = None, autocast: bool = True, name: str | None = None,
                 **kwargs: Any) -> None:
        if self.__dict__.get("_keras_layer_initialized"):
            return  # a mixin's cooperative super().__init__() after the layer was set up
        # (Keras 3's order: the name first, so that a refused layer has used up its name)
        self._init_set_name(name)
        policy = _to_policy(dtype)
        activity_regularizer = regularizers_mod.get(activity_regularizer)
        input_shape = kwargs.pop("input_shape", None)
        input_dim = kwargs.pop("input_dim", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to {type(self).__name__}:"
                             f" {kwargs}")
        if not isinstance(trainable, bool):
            raise ValueError(f"Expected `trainable` to be a boolean. Received: "
                             f"trainable={trainable} (of type {type(trainable)})")
        setattr_ = object.__setattr__
        setattr_(self, "_trainable", trainable)
        if "_trainable_weights" not in self.__dict__:  # (else set before this __init__)
            _init_weight_lists(self)
        setattr_(self, "_losses", [])
        setattr_(self, "_callable_losses", [])
        setattr_(self, "_inbound_nodes", [])
        setattr_(self, "_outbound_nodes", [])
        setattr_(self, "_input_spec", None)
        if isinstance(policy, DTypePolicyMap):
            setattr_(self, "_policy_map", policy)
            policy = policy.default_policy
        setattr_(self, "_dtype_policy", policy)
        setattr_(self, "_build_input_shape", None)
        setattr_(self, "_build_shapes", None)
        setattr_(self, "_autocast", autocast)  # (kept as given, as Keras 3 keeps it)
        setattr_(self, "_activity_regularizer", activity_regularizer)
        setattr_(self, "built", False)
        setattr_(self, "supports_masking", getattr(self, "supports_masking", False))
        setattr_(self, "stateful", False)
        setattr_(self, "dynamic", False)
        setattr_(self, "_remat_mode", current_remat_mode())  # (keras.RematScope's, if any)
        if input_dim is not None:
            input_shape = (input_dim,)
        if input_shape is not None:
            warnings.warn("Do not pass an `input_shape`/`input_dim` argument to a layer. When "
                          "using Sequential models, prefer using an `Input(shape)` object as "
                          "the first layer in the model instead.", stacklevel=2)
            shape = (input_shape,) if isinstance(input_shape, int) else tuple(input_shape)
            setattr_(self, "_input_shape_arg", shape)
            setattr_(self, "_batch_input_shape", (None,) + shape)
        setattr_(self, "_keras_layer_initialized", True)

    def _init_set_name(self, name: str | None) -> None:
        if name is None:
            name = kb.auto_name(type(self).__name__)
        elif not isinstance(name, str) or "/" in name:  # ("" is a name, as in Keras)
            raise ValueError("Argument `name` must be a string and cannot contain character "
                             f"`/`. Received: name={name} (of type {type(name)})")
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_name_scope", NameScope(name))

    # -- attribute tracking --------------------------------------------------------------
    # Keras 3 converts a call's arguments into new containers (which a functional node
    # does not record) unless a layer opts out, as string and image preprocessing do
    _convert_input_args = True

    def __setattr__(self, name: str, value: Any) -> None:
        if name in INTERNAL or name in ("built", "_name", "_trainable"):
            object.__setattr__(self, name, value)
            weights_version.changed()  # (`_trainable`, the weight lists set anew)
            return
        if name in weights_version.WALKED:  # (an instance's own walk: not followed)
            weights_version.unseen()
        if "_trainable_weights" not in self.__dict__:
            # Keras 3 tracks what a subclass sets before calling super().__init__()
            _init_weight_lists(self)
        if self.__dict__.get("_state_locked") and layer_checks.adds_state(self, value, Layer):
            raise ValueError(layer_checks.STATE_LOCKED)
        if not isinstance(getattr(type(self), name, None), property):
            value = tracked(self, value)  # (lists and dicts copied, as Keras 3 tracks them)
            object.__setattr__(self, name, value)
            self._track_attribute(name, value)
        else:
            object.__setattr__(self, name, value)
        # Keras 3 counts only Keras variables as weights: a tf.Variable set on a layer is
        # checkpointed (a trackable attribute) but neither a weight nor trained by fit
        if isinstance(value, KerasVariable):
            self._track_own_variable(value)
        elif isinstance(value, (list, tuple, dict)):
            flat = nest.flatten(value) if not isinstance(value, dict) else \
                nest.flatten(list(value.values()))
            for v in flat:
                if isinstance(v, KerasVariable):
                    self._track_own_variable(v)
            layer_metrics.note_attribute(self, value, flat)
            if untracked(value):  # (a change to it would go unseen)
                weights_version.unseen()
        else:
            layer_metrics.note_attribute(self, value, None)
        weights_version.changed()

    # attribute -> the name a checkpoint gives it, where Keras 3 keeps the attribute under
    # another name behind a property (Dense's `kernel` is its `_kernel`)
    _checkpoint_names: dict = {}

    def _track_attribute(self, name: str, value: Any) -> None:
        """A checkpoint child as Keras 3 on TF makes one (TF's attribute tracking): a
        trackable (Keras metrics and seed generators are not), or a tuple holding some."""
        name = self._checkpoint_names.get(name, name)
        if is_trackable(value) and getattr(value, "_tf_checkpoint_dependency", True):
            self._track(name, value)
        elif isinstance(value, tuple) and holds_trackables(value):
            self._track(name, TrackableList(value))
        elif name in self._tracked_children():
            del self._tracked_children()[name]

    def _checkpoint_aliases(self) -> dict:
        """Children of eagerflow's older checkpoints (weights by their add_weight names),
        which a restore still matches."""
        return dict(self.__dict__.get("_weights_by_name") or {})

    def _track_own_variable(self, v: Any) -> None:
        for lst in (self._trainable_weights, self._non_trainable_weights):
            if any(w is v for w in lst):
                return
        (self._trainable_weights if v.trainable else self._non_trainable_weights).append(v)
        # (Keras 3's tracking freezes a frozen layer's new weight; one set before
        # Layer.__init__ finds no flag yet)
        if not self.__dict__.get("_trainable", True) and isinstance(v, KerasVariable):
            v.trainable = False
        weights_version.changed()

    def __delattr__(self, name: str) -> None:
        value = self.__dict__.get(name)
        super().__delattr__(name)
        if is_variable(value):
            for lst in (self._trainable_weights, self._non_trainable_weights):
                for i, w in enumerate(lst):
                    if w is value:
                        del lst[i]
                        break
        weights_version.changed()

    def _flatten_layers(self, recursive: bool = True, include_self: bool = True) -> list:
        """This layer (optionally) and its sublayers, each once, in Keras 3's order: a
        queue of its own, each one taken puts its own at the queue's front, reversed (its
        deque's extendleft: [A [a1, a2], B] is A, a2, a1, B)."""
        out: list = []
        seen: set = set()
        if include_self:
            out.append(self)
            seen.add(id(self))
        queue = collections.deque(self._flattened_sublayers())
        while queue:
            layer = queue.popleft()
            if id(layer) in seen:
                continue
            seen.add(id(layer))
            out.append(layer)
            if recursive:
                queue.extendleft(layer._flattened_sublayers())
        return out

    def _flattened_sublayers(self) -> list:
        """The sublayers _flatten_layers walks (Keras 3's _layers): those this one holds
        (a Sequential's InputLayer first too)."""
        return self._direct_sublayers()

    def _direct_sublayers(self) -> list:
        return self._held(Layer)

    @property
    def _layers(self) -> list:
        """Keras 3's list of the layers this one tracks, each once, in assignment order."""
        seen: set = set()
        return [x for x in self._direct_sublayers() if not (id(x) in seen or seen.add(id(x)))]

    def _lock_state(self) -> None:  # (build locks it: see layer_checks)
        object.__setattr__(self, "_state_locked", True)

    def _unlocked_state(self) -> Any:
        return layer_checks.unlocked_state(self)

    # (the `cls` instances this layer holds in attributes, or lists and dicts in them)
    _held = held_in_attributes

    # -- properties ------------------------------------------------------------------------
    @property
    def name(self) -> str:
        try:
            return self._name
        except AttributeError:  # (a subclass that never called super().__init__(), as Keras)
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'name'") \
                from None

    @property
    def name_scope(self) -> NameScope:
        return self._name_scope

    @property
    def path(self) -> str | None:
        """The layer's path (its scope's), None until it is built."""
        return self._path

    @property
    def dtype(self) -> str:
        return self.variable_dtype  # (as Keras: a layer overriding variable_dtype answers it)

    @property
    def compute_dtype(self) -> str:
        return self._dtype_policy.compute_dtype

    @property
    def variable_dtype(self) -> str:
        return self._dtype_policy.variable_dtype

    @property
    def input_dtype(self) -> str:
        """The dtype the layer converts its inputs to."""
        return self._dtype_policy.compute_dtype

    @property
    def dtype_policy(self) -> DTypePolicy:
        return self._policy_map if self._policy_map is not None else self._dtype_policy

    @dtype_policy.setter
    def dtype_policy(self, value: Any) -> None:
        policy = dtype_policies.get(value)
        if self._policy_map is not None and self._path:
            # (Keras replaces the entry of the layer's path in its map)
            if self._path in self._policy_map:
                del self._policy_map[self._path]
            self._policy_map[self._path] = policy
        elif isinstance(policy, DTypePolicyMap):
            object.__setattr__(self, "_policy_map", policy)
            policy = policy[self._path] if self._path else policy.default_policy
        else:
            object.__setattr__(self, "_policy_map", None)
        object.__setattr__(self, "_dtype_policy", policy)
        mode = policy.quantization_mode
        # a quantized policy set on a built float layer quantizes it, as in Keras 3
        if mode is not None and self.built and not getattr(self, "_is_quantized", False):
            dtype_policies.check_implicit_quantization(mode, value)
            self.quantize(mode)

    @property
    def quantization_mode(self) -> str | None:
        return self._dtype_policy.quantization_mode  # (None: not quantized)

    def quantize(self, mode: Any = None, type_check: bool = True, config: Any = None) -> None:
        """Quantizes the layer's weights (`'int8'`, `'int4'`, `'float8'`, ...): the layers
        Keras 3 quantizes override this."""
        raise NotImplementedError(f"Layer {type(self).__name__} does not have a `quantize` "
                                  "method implemented.")

    @property
    def trainable(self) -> bool:
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        # each layer's own trainable weights take the flag too (their `trainable`), as in
        # Keras 3
        for layer in self._flatten_layers():
            object.__setattr__(layer, "_trainable", bool(value))
            for v in layer._trainable_weights:
                if isinstance(v, KerasVariable):  # (a tf.Variable's is read-only)
                    v.trainable = bool(value)
        weights_version.changed()

    @property
    def input_spec(self) -> Any:
        return self._input_spec

    @input_spec.setter
    def input_spec(self, value: Any) -> None:
        # (taken as given, as Keras 3 takes it: tf.keras 2 refused what was no InputSpec)
        object.__setattr__(self, "_input_spec", value)

    @property
    def activity_regularizer(self) -> Any:
        return self._activity_regularizer

    @activity_regularizer.setter
    def activity_regularizer(self, value: Any) -> None:
        object.__setattr__(self, "_activity_regularizer", value)

    @property
    def trainable_weights(self) -> list:
        if not self._trainable:
            return []
        # (the last answer while no layer's weights changed since its walk began: a model's
        # is read twice an eager train step; see weights_version)
        kept = self.__dict__.get("_kept_trainable")
        token = weights_version.TOKEN[0]
        if kept is not None and kept[0] is token:
            return list(kept[1])
        out: list = []
        self._gather_trainable_weights(out)
        out = _dedup(out)
        if weights_version.SEEN[0]:
            object.__setattr__(self, "_kept_trainable", (token, tuple(out)))
        return out

    def _gather_trainable_weights(self, out: list) -> None:
        """Appends to `out` this (trainable) layer's trainable weights, then each
        sublayer's as its `trainable_weights` gives them, duplicates included: one walk of
        the layer tree de-duplicated once at the top, where each layer's `trainable_weights`
        would de-duplicate its own (the first occurrences, and so the order, are the
        same)."""
        out.extend(filter(_IS_TRAINABLE, self._trainable_weights))  # (LoRA freezes some)
        sublayers = self._direct_sublayers()
        # (those holding no sublayer, seen in one batch: their own weights, not walked)
        bare = hold_no_sublayers(sublayers, Layer) if sublayers else ()
        for layer, alone in zip(sublayers, bare):
            if type(layer).trainable_weights is not _TRAINABLE_WEIGHTS:
                out.extend(layer.trainable_weights)  # (a subclass's own)
            elif not layer._trainable:
                # (Keras 3 reads the weights' own flags: a layer unfrozen inside a frozen
                # one trains)
                out.extend(filter(_unfrozen, layer.weights))
            elif alone:
                out.extend(filter(_IS_TRAINABLE, layer._trainable_weights))
            else:
                layer._gather_trainable_weights(out)

    @property
    def non_trainable_weights(self) -> list:
        if self._trainable:
            out = [v for v in self._trainable_weights if not v.trainable] + \
                self._non_trainable_weights
            for layer in self._direct_sublayers():
                out.extend(layer.non_trainable_weights if layer._trainable else
                           (v for v in layer.weights if not _unfrozen(v)))
        else:
            out = self._trainable_weights + self._non_trainable_weights
            for layer in self._direct_sublayers():
                out.extend(layer.weights)
        return _dedup(out)

    @property
    def weights(self) -> list:
        """Keras 3's order: this layer's own weights, then each sublayer's in turn."""
        out = self._trainable_weights + self._non_trainable_weights
        for layer in self._direct_sublayers():
            out.extend(layer.weights)
        return _dedup(out)

    @property
    def trainable_variables(self) -> list:  # type: ignore[override]
        return self.trainable_weights

    # Keras 3: a layer's variables are its weights and the states of its SeedGenerators
    # (which are non-trainable), sublayer by sublayer
    @property
    def non_trainable_variables(self) -> list:  # type: ignore[override]
        """Keras 3's: every variable of a frozen layer, else those not trainable (a frozen
        weight, seed states, sublayers'), in `variables`' order."""
        if not self._trainable:
            return self.variables
        return [v for v in self.variables if not v.trainable]

    @property
    def variables(self) -> list:  # type: ignore[override]
        out = self._trainable_weights + self._non_trainable_weights + self._seed_states()
        for layer in self._direct_sublayers():
            out.extend(layer.variables)
        return _dedup(out)

    def _seed_states(self) -> list:
        return [generator.state for generator in self._held(SeedGenerator)]

    @property
    def losses(self) -> list:
        """Every layer's added losses, then its weights' regularization losses (Keras 3)."""
        layers = self._flatten_layers()
        out = [loss for layer in layers for loss in layer._losses]
        scope = get_stateless_scope()
        if scope is not None:  # those the layers added inside a collecting StatelessScope
            ids = {id(layer) for layer in layers}
            out.extend(loss for loss in scope.losses if id(scope.loss_owners.get(id(loss)))
                       in ids)
        out.extend(loss for layer in layers for loss in (fn() for fn in layer._callable_losses)
                   if loss is not None)
        return out

    @property
    def updates(self) -> list:
        return []

    @property
    def metrics(self) -> list:
        """The metrics this layer holds in attributes, then its sublayers' (Keras 3)."""
        return layer_metrics.layer_metrics(self)

    # -- building and calling ----------------------------------------------------------------
    def build(self, input_shape: Any) -> None:
        layer_checks.check_super_called(self)
        if getattr(type(self).build, "_is_default", False):
            layer_checks.warn_unbuilt_sublayers(self)
        self._mark_path()
        self._build_input_shape = input_shape
        if self._build_shapes is None and input_shape is not None:
            # what get_build_config reports, as Keras 3 records it for every build
            object.__setattr__(self, "_build_shapes", shape_tuples(to_shapes(input_shape)))
        self.built = True

    build._is_default = True  # type: ignore[attr-defined]

    def _build_at_init(self) -> None:
        """Marks a layer without weights built at construction, as Keras 3 does, unless a
        subclass overrides `build`."""
        if type(self).build is Layer.build:
            self.built = True

    def call(self, *args: Any, **kwargs: Any) -> Any:
        # Keras 3: a layer must define its computation; the base one refuses (the error is
        # framed with the arguments received like any other raised in `call`)
        raise NotImplementedError(f"Layer {type(self).__name__} does not have a `call` method "
                                  "implemented.")

    def _own_scope(self) -> LayerScope:
        """The layer's name scope (see LayerScope)."""
        return LayerScope(self)

    def _set_path(self) -> None:
        """Records the current scope as the layer's path (Keras 3 does at each build)."""
        path = current_path()
        object.__setattr__(self, "_path", path)
        if self._policy_map is not None and path:
            object.__setattr__(self, "_dtype_policy", self._policy_map[path])

    def _mark_path(self) -> None:
        """Records the layer's path from outside its scope (a build that opens none)."""
        with LayerScope(self):
            self._set_path()

    def _maybe_build(self, inputs: Any, rest: Any = (), kwargs: dict | None = None,
                     eager: bool = True) -> None:
        if self.built:
            return
        shapes = input_shapes(inputs)
        build = type(self).build
        if not getattr(build, "_is_default", False):
            # (Keras 3 hands a user's build of several shapes each call argument's shape by
            # its name; eagerflow's own layers take their shapes as they are given)
            names = layer_checks.shape_argument_names(build) if not (
                getattr(build, "__module__", None) or "").startswith("eagerflow.") else ()
            if len(names) > 1:
                self.build(**layer_checks.build_arguments(self, call_spec(self), names,
                                                          inputs, rest, kwargs))
            else:
                self.build(shapes)
        else:
            with LayerScope(self):
                self._set_path()
                self._build_by_running(inputs, rest, kwargs, eager)
            if self._build_shapes is None:  # Keras 3 records every build's shapes
                object.__setattr__(self, "_build_shapes", shape_tuples(shapes))
        self.built = True
        self._lock_state()
        if self._build_input_shape is None:
            self._build_input_shape = to_shapes(shapes)

    def _build_by_running(self, inputs: Any, rest: Any, kwargs: dict | None,
                          eager: bool) -> None:
        """Keras 3's build of a layer without `build` whose sublayers are unbuilt: `call`
        run once in a scratch graph on the arguments (KerasTensors as placeholders, eager
        tensors as they are), so the sublayers build with the shapes they see (a failure
        is left to the real call when eager); its default build then warns of sublayers
        still unbuilt."""
        if all(layer.built for layer in self._direct_sublayers()):
            return
        args, kw = nest.map_structure(as_build_input, (tuple(rest), dict(kwargs or {})))
        try:
            with symbolic_scope():
                out = self.call(nest.map_structure(as_build_input, inputs), *args, **kw)
        except Exception as e:  # noqa: BLE001 - any failure means "build on the real call"
            if eager:
                return
            warnings.warn(unbuilt_state_message(self.name, e), stacklevel=3)
        else:
            count_output_specs(out)
        layer_checks.warn_unbuilt_sublayers(self)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        build = cls.__dict__.get("build")
        if build is not None and not getattr(build, "_wraps_build", False):
            cls.build = _build_wrapper(build)
        if "quantize" in cls.__dict__:
            cls.quantize = _quantize_wrapper(cls.__dict__["quantize"])
        if not weights_version.WALKED.isdisjoint(cls.__dict__) and \
                not cls.__module__.startswith("eagerflow."):
            weights_version.unseen()  # (its own walk: arbitrary, not followed)
        hand_out_tuples(cls)  # (Keras 3's tuples from a built-in compute_output_shape)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # the common eager call (one tensor, `training` and `mask=None` at most, of a layer
        # a full call has planned) takes the short path; any other, the full one
        plan = self._call_plan
        if plan and len(args) == 1 and args[0].__class__ is EagerTensor and (
                not kwargs or kwargs.keys() <= _PLAIN_KEYWORDS):
            return self._plain_call(plan, args[0], kwargs)
        return self._full_call(args, kwargs)

    def _plain_call(self, plan: CallPlan, inputs: EagerTensor, kwargs: dict) -> Any:
        """The full call's steps for one eager tensor carrying no mask, `training` (a bool
        or None) and `mask=None` at most (a functional node's), of a built layer computing
        no masks and with no activity regularizer, whose `call`, policy and autocast flag
        are those `plan` was made for: what they make the full call skip is skipped, the
        rest is done in its order (bar the checks of arguments it cannot be given). Else
        the full call."""
        ctx = kb.call_context
        training = kwargs.get("training") if kwargs else None
        if ctx.symbolic or ctx.distribution is not None or not self.built or \
                self._activity_regularizer is not None or "compute_mask" in self.__dict__ \
                or (training is not None and training.__class__ is not bool) or (
                    kwargs and "mask" in kwargs and (kwargs["mask"] is not None or
                                                     not plan.takes_mask)) or (
                    _attached and get_mask(inputs) is not None):
            return self._full_call((inputs,), kwargs)
        cls = self.__class__
        if plan.call_fn is not cls.call or self._dtype_policy is not plan.policy \
                or self._autocast is not plan.autocast or cls.compute_mask is not _COMPUTE_MASK:
            object.__setattr__(self, "_call_plan", None)  # (stale: the full call plans anew)
            return self._full_call((inputs,), kwargs)
        if plan.autocast and inputs._dtype is not plan.compute_dtype and \
                inputs._dtype.name != plan.compute and inputs._dtype.is_floating:
            inputs = cast(inputs, plan.compute)
        if self._input_spec is not None:
            input_spec_mod.assert_input_compatibility(self._input_spec, inputs, self)
        spec = plan.spec
        if kwargs and not spec.expects_training and not spec.has_var_kwargs:
            kwargs.pop("training", None)  # (a context argument: dropped where not taken)
        # (a `training=None` given is kept, as Keras 3 keeps what the caller passed)
        if training is None and not (kwargs and "training" in kwargs):
            training = training_default(ctx, spec)
            if spec.expects_training:
                kwargs["training"] = training
            if isinstance(training, Tensor):  # (a given one is a bool)
                training = bool(training)
        return self._run_call(ctx, inputs, (), kwargs, training, plan.top_scope
                              if ctx.autocast is None else plan.inner_scope)

    def _full_call(self, args: tuple, kwargs: dict) -> Any:
        if "_keras_layer_initialized" not in self.__dict__:
            layer_checks.check_super_called(self)
        spec = call_spec(self)
        inputs, rest = layer_checks.bound_call_args(self, spec, args, kwargs)
        ctx = kb.call_context
        single = type(inputs) is EagerTensor  # the common eager case takes the short paths
        if rest or kwargs or not single:
            layer_checks.refuse_mixed_arguments(self, spec, inputs, rest, kwargs)
        if not single:
            if not ctx.symbolic and _has_keras_tensor(inputs, rest, kwargs,
                                                      tensor_list(inputs)):
                if ctx.depth == 0 and LOSS_HOLDERS:  # (Keras 3 opens a call context
                    self._clear_losses()  # for a symbolic call too: its losses go)
                return self._functional_call(inputs, rest, kwargs)
            if self._convert_input_args:  # (a functional model converts its own)
                inputs = self._convert_inputs(inputs)
        if rest and (twice := layer_checks.given_twice(spec, inputs, rest, kwargs)):
            raise layer_checks.given_twice_error(self, twice)
        policy = self._dtype_policy
        if (rest or kwargs) and self._convert_input_args and not ctx.symbolic:
            rest, kwargs = call_args.convert_others(rest, kwargs, policy.compute_dtype,
                                                    self._autocast)
        # (the dtype's name first: the common input is in the compute dtype already)
        if single and self._autocast and inputs._dtype.name != policy.compute_dtype and \
                inputs._dtype.is_floating:
            inputs = cast(inputs, policy.compute_dtype)
        if self._input_spec is not None:  # (the layer's name read for an error alone)
            input_spec_mod.assert_input_compatibility(self._input_spec, inputs, self)

        # training: explicit (None too, as Keras 3 takes what the caller passed) > outer
        # call's > the call signature's default
        pos = spec.training_pos
        given = True
        if pos is not None and len(rest) >= pos:
            training = rest[pos - 1]
        elif "training" in kwargs:
            training = kwargs["training"] if spec.expects_training or spec.has_var_kwargs \
                else kwargs.pop("training")
        else:
            training, given = None, False
        if training is None and not given:
            training = training_default(ctx, spec)
            if spec.expects_training and (pos is None or len(rest) < pos):
                kwargs["training"] = training
        if isinstance(training, Tensor) and not ctx.symbolic:
            training = bool(training)

        # masks: explicit, else carried by the inputs (handed to a `call` taking one)
        pos = spec.mask_pos
        positional = pos is not None and len(rest) >= pos
        mask = rest[pos - 1] if positional else kwargs.get("mask")
        if "mask" in kwargs and not spec.expects_mask and not spec.has_var_kwargs:
            del kwargs["mask"]
        if mask is not None or positional:  # (a keyword `mask=None`: filled in, as Keras 3)
            # (a functional node's `mask=None` to a layer taking one: BatchNormalization;
            # read before the call, which may take the masks off its inputs)
            # (a positional one is not what Keras 3 reads: the inputs' masks, as for None)
            given = nest.flatten(mask) if mask is not None and not positional else map(
                get_mask, [inputs] if single else nest.flatten(inputs))
            drops_mask = not self._computes_masks() and any(m is not None for m in given)
        else:
            mask = get_mask(inputs) if single else carried_mask(
                inputs, spec.expects_mask and not holds_tensor(rest, kwargs))
            if mask is not None and spec.expects_mask:
                kwargs["mask"] = mask
            drops_mask = mask is not None and not self._computes_masks() and (
                single or any(m is not None for m in nest.flatten(mask)))

        if self._call_plan is None and single and not rest and self.built and \
                not ctx.symbolic:
            self._plan_calls(spec)
        outputs = self._run_call(ctx, inputs, rest, kwargs, training,
                                 self._autocast_scope(ctx.autocast))
        if drops_mask:
            warn_mask_dropped(self)
        elif (mask is not None or self._masks_without_mask()) and self._computes_masks():
            flat_out = [outputs] if outputs.__class__ is EagerTensor else nest.flatten(outputs)
            if not all(get_mask(o) is not None for o in flat_out):  # (else `call` set them)
                out_mask = self.compute_mask(inputs, mask)
                if out_mask is not None:
                    for o, m in zip(flat_out, broadcast_masks(out_mask, outputs)):
                        if get_mask(o) is None:
                            set_mask(o, m)
        return outputs

    def _run_call(self, ctx: Any, inputs: Any, rest: tuple, kwargs: dict, training: Any,
                  autocast: str | None) -> Any:
        """A call's run in the layer's scope (built first where it is not), in a call
        context of this call's training and autocast scope, and its activity loss."""
        outer_training, outer_depth, outer_autocast = ctx.training, ctx.depth, ctx.autocast
        entry = outer_depth == 0
        if entry and not ctx.symbolic and LOSS_HOLDERS:
            self._clear_losses()
        ctx.depth = outer_depth + 1
        scope = None
        try:
            scope = enter_layer_scope(self)
            if not self.built:  # (before this call's training applies, as Keras 3)
                # (Keras 3 opens the outermost call's context after its build: each call
                # that build makes is an outermost call of its own)
                ctx.depth = 0 if entry else ctx.depth
                with building_in_layer_scope(scope):
                    self._maybe_build(inputs, rest, kwargs, eager=not ctx.symbolic)
                ctx.depth, ctx.training = outer_depth + 1, outer_training if entry \
                    else ctx.training
                autocast = self._autocast_scope(outer_autocast)  # (a build may set it)
            ctx.training = training
            ctx.autocast = autocast
            try:
                outputs = self.call(inputs, *rest, **kwargs) if rest else \
                    self.call(inputs, **kwargs)
            except Exception as e:
                shown = self.__dict__.get("_call_inputs_as_given", inputs)
                raise with_call_info(e, self, self.call, (shown, *rest), kwargs) \
                    .with_traceback(e.__traceback__) from None
            if ctx.distribution is not None:  # (outside this call's error wording)
                outputs = output_layout_hook(ctx.distribution, current_path(), outputs)
        finally:
            exit_layer_scope(scope)
            ctx.depth, ctx.autocast = outer_depth, outer_autocast
            if entry:
                ctx.training = outer_training
            # (else the mode stays for the calls after this one: Keras 3.15 keeps one
            # `training` for the whole outermost call, which each call sets as it resolves
            # it; a `training=False` sublayer makes its later siblings infer, and a layer
            # whose call defaults to training=True, as the image preprocessing layers,
            # trains the BatchNormalizations after it in a plain call)
        if self._activity_regularizer is not None and not ctx.symbolic:
            self._handle_activity_regularization(outputs)
        return outputs

    def _plan_calls(self, spec: Any) -> None:
        """Plans this built layer's plain eager calls (see _plain_call): False where its
        `call` cannot take them or it computes masks of its own."""
        policy = self._dtype_policy
        plan = False
        if plain_call_fits(spec) and type(self).compute_mask is _COMPUTE_MASK:
            plan = CallPlan(type(self).call, spec, policy, self._autocast,
                            self._autocast_scope(None),
                            self._autocast_scope(policy.compute_dtype))
        object.__setattr__(self, "_call_plan", plan)

    # (Keras 3 checks a layer's call arguments, not an operation's: see layer_checks)
    _checks_call_args, _allow_non_tensor_positional_args = True, False

    def _computes_masks(self) -> bool:
        return self.supports_masking or type(self).compute_mask is not Layer.compute_mask

    def _masks_without_mask(self) -> bool:
        """Whether compute_mask may give an output mask when the inputs carry none: not
        Layer's own, which passes the (absent) input mask on."""
        return type(self).compute_mask is not Layer.compute_mask or \
            "compute_mask" in self.__dict__

    def _autocast_scope(self, outer: str | None) -> str | None:
        """The dtype this call reads float variables in (Keras 3's rules): a mixed policy
        opens a scope at its compute dtype; inside one, a layer not autocasting or not
        computing in floats closes it, and one computing in another float dtype moves it."""
        compute = self._dtype_policy.compute_dtype
        if outer is None:
            return compute if compute != self._dtype_policy.variable_dtype else None
        if not self._autocast or not dt.as_dtype(compute).is_floating:
            return None
        return compute

    def _convert_inputs(self, inputs: Any) -> Any:
        return call_args.convert_inputs(inputs, self._dtype_policy.compute_dtype,
                                        self._autocast)

    def _handle_activity_regularization(self, outputs: Any) -> None:
        for out in nest.flatten(outputs):
            if not isinstance(out, Tensor):
                continue
            loss = self._activity_regularizer(out)
            if not loss.dtype.is_floating:  # (Keras 3's divide_no_nan gives ints float32)
                loss = cast(loss, "float32")
            batch = out.shape[0] if out.shape.rank else None
            if batch is None and out.shape.rank:
                batch = cast(tf_shape(out)[0], loss.dtype)
            self.add_loss(loss / (batch or 1) if not isinstance(batch, Tensor)
                          else loss / batch)

    def compute_mask(self, inputs: Any, previous_mask: Any) -> Any:
        """The input mask passed on, as Keras 3's Layer's (both arguments required; whether
        a call asks at all is supports_masking's, see _computes_masks)."""
        return previous_mask

    # -- serialization ---------------------------------------------------------------------
    def get_config(self) -> dict:
        """`name`, `trainable` and `dtype` (a DTypePolicy config); for a layer that defines
        no get_config of its own, also its constructor's arguments when they are plain data
        (Keras 3's automatic config)."""
        layer_checks.check_super_called(self)
        config: dict = {"name": self.name}
        if _defines_get_config(type(self)):
            pass  # a subclass's get_config adds its own entries to this base
        elif isinstance(self._auto_config, dict):
            config.update(self._auto_config)
            params = inspect.signature(type(self).__init__).parameters
            takes_kwargs = "kwargs" in params and \
                params["kwargs"].kind is inspect.Parameter.VAR_KEYWORD
            if "name" not in params and not takes_kwargs:
                config.pop("name", None)
        else:
            raise NotImplementedError(auto_config_error(type(self), self._auto_config))
        config["trainable"] = self.trainable
        config["dtype"] = dtype_policies.serialize(self.dtype_policy)
        if self._activity_regularizer is not None:
            config["activity_regularizer"] = regularizers_mod.serialize(
                self._activity_regularizer)
        return config

    @classmethod
    def from_config(cls, config: dict) -> Layer:
        if isinstance(config.get("dtype"), dict):
            config = dict(config)
            policy = dtype_policies.deserialize(config["dtype"])
            # (a float policy by its name, as Keras passes it; a map as the map)
            config["dtype"] = policy if isinstance(policy, DTypePolicyMap) else policy.name
        try:
            return cls(**config)
        except Exception as e:
            raise TypeError(f"Error when deserializing class '{cls.__name__}' using "
                            f"config={config}.\n\nException encountered: {e}") from None

    def get_build_config(self) -> dict | None:
        """`{'input_shape': ...}`, or `{'shapes_dict': ...}` for several (None if unbuilt)."""
        if self.__dict__.get("_build_shapes_dict") is not None:
            return {"shapes_dict": self._build_shapes_dict}
        if self._build_shapes is not None:
            return {"input_shape": self._build_shapes}
        return None

    def build_from_config(self, config: dict) -> None:
        """Creates the weights from what get_build_config returned."""
        if config and "input_shape" in config:
            self.build(config["input_shape"])
            self.built = True
        elif config and "shapes_dict" in config:
            object.__setattr__(self, "_build_shapes_dict", dict(config["shapes_dict"]))
            self.build(**config["shapes_dict"])  # (a wrapped build: it marks the layer built)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"


Layer.quantize = _quantize_wrapper(Layer.quantize)  # type: ignore[method-assign]
_TRAINABLE_WEIGHTS = Layer.__dict__["trainable_weights"]
_COMPUTE_MASK = Layer.compute_mask  # (a class with its own computes masks: the full call)
_IS_TRAINABLE = operator.attrgetter("trainable")


def _unfrozen(v: Any) -> bool:
    """Whether a weight of a frozen layer trains all the same: a Keras variable whose flag
    a sublayer unfrozen since has set (a tf.Variable's flag its layer cannot set)."""
    return isinstance(v, KerasVariable) and v.trainable
WALK_METHODS[:] = [(operator.attrgetter(name), Layer.__dict__[name]) for name in WALK_METHOD_NAMES]
register_layer_class(Layer)


def _build_wrapper(build: Callable) -> Callable:
    """A layer's `build`, run as Keras 3 runs it: under the layer's name scope (so its
    weights get paths like `dense/kernel`) and outside any graph being traced; afterwards
    the layer is built and remembers the shape for get_build_config."""
    @functools.wraps(build)
    def wrapper(self: Layer, *args: Any, **kwargs: Any) -> Any:
        if self.__dict__.get("_in_build"):  # super().build() inside an overriding build
            return build(self, *args, **kwargs)
        object.__setattr__(self, "_in_build", True)
        try:
            with LayerScope(self), kb.init_scope():
                self._set_path()
                out = build(self, *args, **kwargs)
        finally:
            object.__setattr__(self, "_in_build", False)
        if self._build_shapes is None:
            shapes = args[0] if args else next(iter(kwargs.values()), None)
            object.__setattr__(self, "_build_shapes", shape_tuples(shapes))
            if len(kwargs) > 1 and not args:  # (a build of several shapes: Keras 3's
                # build config names them, each value as given)
                object.__setattr__(self, "_build_shapes_dict", dict(kwargs))
        self.built = True
        self._lock_state()
        return out

    wrapper._wraps_build = True  # type: ignore[attr-defined]
    return wrapper


def _has_keras_tensor(inputs: Any, rest: tuple, kwargs: dict, listed: bool) -> bool:
    """Whether a call's arguments hold a KerasTensor (`listed`: `inputs` is a list or
    tuple of eager tensors, which holds none)."""
    if not listed:
        if isinstance(inputs, KerasTensor):
            return True
        if isinstance(inputs, (list, tuple, dict)):
            if any(isinstance(x, KerasTensor) for x in nest.flatten(inputs)):
                return True
    if not rest and not kwargs:
        return False
    return any(isinstance(x, KerasTensor) for x in nest.flatten([list(rest), kwargs]))


def _defines_get_config(cls: type) -> bool:
    """Whether a class below Layer overrides get_config (Keras's `is_default` test)."""
    for klass in cls.__mro__:
        if klass is Layer:
            return False
        if "get_config" in klass.__dict__:
            return True
    return False
