"""What Keras 3 refuses of a layer, or warns of: state added once it is built (its tracker
locked by build), call arguments its `call` does not take or that are not tensors where
they come by position, and sublayers left unbuilt by a default build. Sits below
base_layer, which calls these from Layer's methods."""

from __future__ import annotations

import contextlib
import functools
import inspect
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.tensor import EagerTensor, is_tensor
from eagerflow._src.keras.engine import layer_metrics
from eagerflow._src.keras.engine.keras_tensor import KerasTensor
from eagerflow._src.keras.engine.layer_helpers import flat_values, tensor_list
from eagerflow._src.keras.variables import Variable as KerasVariable

# Keras 3's words when state is added to a built layer
STATE_LOCKED = ("You cannot add new elements of state (variables or sub-layers) to a layer "
                "that is already built. All state must be created in the `__init__()` method "
                "or in the `build()` method.")


def check_super_called(layer: Any) -> None:
    """Keras 3's refusal to build, call or add weights to a layer whose subclass never
    called `super().__init__()` (attributes set before that call are fine)."""
    if "_keras_layer_initialized" not in layer.__dict__:
        raise RuntimeError(f"In layer '{type(layer).__name__}', you forgot to call "
                           "`super().__init__()` as the first statement in the `__init__()` "
                           "method. Go add it!")


@contextlib.contextmanager
def unlocked_state(layer: Any) -> Iterator[None]:
    """Where Keras 3 unlocks a built layer's state (quantize, enable_lora)."""
    locked = layer.__dict__.get("_state_locked", False)
    object.__setattr__(layer, "_state_locked", False)
    try:
        yield
    finally:
        object.__setattr__(layer, "_state_locked", locked)


def _is_state(value: Any, layer_class: type) -> bool:
    return isinstance(value, (layer_class, KerasVariable)) or layer_metrics.is_metric(value)


def adds_state(layer: Any, value: Any, layer_class: type) -> bool:
    """Whether assigning `value` would give `layer` a weight, sublayer (a `layer_class`) or
    metric it does not hold yet (what Keras 3's locked tracker refuses)."""
    if isinstance(value, (list, tuple, dict)):
        values = flat_values(value.values() if isinstance(value, dict) else value)
    elif _is_state(value, layer_class):
        values = [value]
    else:
        return False
    held = {id(x) for x in layer._held((layer_class, KerasVariable, *layer_metrics.classes()))}
    held.update(id(w) for w in layer._trainable_weights)
    held.update(id(w) for w in layer._non_trainable_weights)
    return any(id(v) not in held for v in values if _is_state(v, layer_class))


def bound_call_args(layer: Any, spec: Any, args: tuple, kwargs: dict) -> tuple:
    """(inputs, the other positional arguments) of a call of `layer` (`spec`: its
    call_spec), refused as Keras 3 binds them to `call`'s signature: the first argument may
    come by its name (`mha(query=q, value=v)`: popped from `kwargs`), and every required
    one must come, symbolic calls too."""
    if args:
        inputs, rest = args[0], args[1:]
        # (a lone tensor or a list of them, the common calls, need no look: the layer's
        # flags only then)
        if (rest or type(inputs) is not EagerTensor and not tensor_list(inputs)) and \
                layer._checks_call_args and not layer._allow_non_tensor_positional_args:
            _refuse_non_tensors(args)
    else:
        first = spec.arg_names[0] if spec.arg_names else "inputs"
        if first not in kwargs:
            raise TypeError(f"missing a required argument: '{first}'")
        inputs, rest = kwargs.pop(first), ()
    if spec.required_more and len(rest) + 1 < len(spec.required):
        for arg in spec.required[len(rest) + 1:]:
            if arg not in kwargs:
                raise TypeError(f"missing a required argument: '{arg}'")
    if kwargs and layer._checks_call_args and spec.keywords is not None and \
            not spec.keywords.issuperset(kwargs):
        _refuse_keyword(spec, kwargs)
    return inputs, rest


def _refuse_non_tensors(args: tuple) -> None:
    """Keras 3's refusal of a positional argument (the inputs too) holding anything but
    tensors, arrays and None: a Python number or a list of them must come by keyword."""
    for arg in nest.flatten(list(args)):
        if not (arg is None or is_tensor(arg) or isinstance(arg, KerasTensor) or
                hasattr(arg, "__array__")):
            raise ValueError("Only input tensors may be passed as positional arguments. "
                             "The following argument value should be passed as a keyword "
                             f"argument: {arg} (of type {type(arg)})")


def refuse_mixed_arguments(layer: Any, spec: Any, inputs: Any, rest: tuple,
                           kwargs: dict) -> None:
    """Keras 3's refusal of a call argument nesting tensors beside other values (a list of
    a tensor and a float). A layer that converts its arguments makes tensors of the NumPy
    arrays first, so only one that does not (a functional model, the lookup layers) is
    refused a dict of a tensor and an array."""
    arrays = layer._convert_input_args
    if not arrays and isinstance(inputs, (list, tuple, dict)):
        _refuse_mixed(spec.arg_names[0] if spec.arg_names else "inputs", inputs, arrays)
    for k, value in enumerate(rest, 1):
        if isinstance(value, (list, tuple, dict)):
            _refuse_mixed(spec.arg_names[k] if k < len(spec.arg_names) else "args", value,
                          arrays)
    for name, value in kwargs.items():
        if isinstance(value, (list, tuple, dict)):
            _refuse_mixed(name, value, arrays)


def _refuse_mixed(name: str, value: Any, arrays: bool) -> None:
    if not value:
        return
    leaves = nest.flatten(value)
    tensors = [is_tensor(x) or isinstance(x, KerasTensor) or
               (arrays and isinstance(x, np.ndarray)) for x in leaves]
    if any(tensors) and not all(t or x is None for t, x in zip(tensors, leaves)):
        raise ValueError("In a nested call() argument, you cannot mix tensors and "
                         f"non-tensors. Received invalid mixed argument: {name}={value}")


def _refuse_keyword(spec: Any, kwargs: dict) -> None:
    """The first keyword `call` does not take, in inspect's words (Keras binds the
    arguments to `call`'s signature)."""
    key = next(k for k in kwargs if k not in spec.keywords)
    raise TypeError(f"got an unexpected keyword argument '{key}'")


def warn_unbuilt_sublayers(layer: Any) -> None:
    """Keras 3's warning when its default `build` marks built a layer whose sublayers are
    not (Keras's own line: shown once per layer name)."""
    if any(not sub.built for sub in layer._direct_sublayers()):
        warnings.warn(f"`build()` was called on layer '{layer.name}', however the layer does "
                      "not have a `build()` method implemented and it looks like it has "
                      "unbuilt state. This will cause the layer to be marked as built, "
                      "despite not being actually built, which may cause failures down the "
                      "line. Make sure to implement a proper `build()` method.", stacklevel=1)


def build_arguments(layer: Any, spec: Any, names: tuple, inputs: Any, rest: tuple,
                    kwargs: dict | None, method: str = "build") -> dict:
    """The call's tensor arguments by the names of a `build(self, a_shape, b_shape)` (or
    compute_output_shape) of more than one argument, as Keras 3 hands them: each name
    `<call argument>_shape` (refused otherwise), given where that argument is a tensor (or
    a nest of them)."""
    preamble = (f"For a `{method}()` method with more than one argument, all arguments "
                "should have a `_shape` suffix and match an argument from `call()`. E.g. "
                f"`{method}(self, foo_shape, bar_shape)` ")
    given = dict(kwargs or {})
    for name, value in zip(spec.arg_names, (inputs, *rest)):
        given[name] = value
    cls = type(layer).__name__
    out = {}
    for name in names:
        if not name.endswith("_shape"):
            raise ValueError(f"{preamble} For layer '{cls}', Received `{method}()` "
                             f"argument `{name}`, which does not end in `_shape`.")
        arg = name[:-len("_shape")]
        if spec.signature is not None and arg not in spec.signature.parameters:
            raise ValueError(f"{preamble} For layer '{cls}', received `{method}()` "
                             f"argument `{name}`, but `call()` does not have argument "
                             f"`{arg}`.")
        leaves = nest.flatten(given.get(arg))
        if arg != "mask" and leaves and all(
                x is None or is_tensor(x) or isinstance(x, KerasTensor) for x in leaves) and \
                any(x is not None for x in leaves):
            out[name] = nest.map_structure(
                lambda x: None if x is None else tuple(x.shape), given[arg])
    return out


@functools.cache
def shape_argument_names(method: Callable) -> tuple:
    """The shape parameters of a layer's `build` or `compute_output_shape` (self left
    out)."""
    params = list(inspect.signature(method).parameters.values())[1:]
    return tuple(p.name for p in params if p.kind in (
        p.POSITIONAL_OR_KEYWORD, p.POSITIONAL_ONLY, p.KEYWORD_ONLY))


def given_twice(spec: Any, inputs: Any, rest: tuple, kwargs: dict) -> str | None:
    """The argument Keras 3 would pass `call` twice, where a positional argument fills it:
    `training` given (not None), which it passes again by keyword, or a mask given as None
    (`mask` beside one tensor argument, `<name>_mask` of one of several), which it fills in
    by keyword with that argument's masks (then `call` refuses: "got multiple values for
    argument")."""
    pos = spec.training_pos
    if pos is not None and len(rest) >= pos and rest[pos - 1] is not None:
        return "training"
    given = dict(zip(spec.arg_names, (inputs, *rest)))
    if not any(n == "mask" or n.endswith("_mask") for n in list(given)[1:]):
        return None
    tensors = [n for n, v in (*given.items(), *kwargs.items()) if _counts_as_tensor(v)]
    masks = ["mask"] if len(tensors) == 1 else [f"{n}_mask" for n in tensors]
    for name in masks:
        if name in given and given[name] is None:
            return name
    return None


def given_twice_error(layer: Any, name: str) -> TypeError:
    """Python's refusal of `name` passed to `layer.call` twice."""
    return TypeError(f"{type(layer).call.__qualname__}() got multiple values for argument "
                     f"'{name}'")


def _counts_as_tensor(value: Any) -> bool:
    """A tensor argument as Keras 3 counts them: a tensor or array, or a non-empty
    structure of them (Nones allowed)."""
    if is_tensor(value) or isinstance(value, (KerasTensor, np.ndarray)):
        return True
    if not isinstance(value, (list, tuple, dict)) or not value:
        return False
    flat = nest.flatten(value)
    return all(x is None or is_tensor(x) or isinstance(x, (KerasTensor, np.ndarray))
               for x in flat) and any(x is not None for x in flat)
