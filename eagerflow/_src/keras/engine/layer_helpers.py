"""Helpers of keras.Layer that need no Layer: flattening attribute values, de-duplicating
weight lists, Keras 3's standardized shapes, and the wrapper that every layer class's
`quantize` gets (with the config resolution and checks that quantization_config.py, above
base_layer, hands down). Sits below base_layer.
"""

from __future__ import annotations

import functools
import itertools
import operator
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_attrs import _attached
from eagerflow._src.keras.engine.keras_tensor import get_mask
from eagerflow._src.ops.variables import VariableAggregation

# quantize's config resolution and checks, handed down by quantization_config.py (which
# sits on keras ops, above this module): `prepare(layer, mode, config) -> config`
_QUANTIZE_PREPARE: list = []


def register_quantize_prepare(prepare: Callable) -> None:
    _QUANTIZE_PREPARE[:] = [prepare]


def quantize_wrapper(method: Callable) -> Callable:
    """A class's `quantize(mode, type_check, config)` as callers see it (Keras 3 wraps
    every layer's): the config resolved and the layer checked first."""
    if getattr(method, "_wraps_quantize", False):
        return method

    @functools.wraps(method)
    def quantize(self: Any, mode: Any = None, config: Any = None, **kwargs: Any) -> Any:
        config = _QUANTIZE_PREPARE[0](self, mode, config)
        with self._unlocked_state():  # (Keras 3 unlocks the state for the new weights)
            return method(self, mode=config.mode, config=config, **kwargs)

    quantize._wraps_quantize = True  # type: ignore[attr-defined]
    return quantize


# Values that hold no layer, variable or tensor: skipped fast by Layer._held's walk and
# by a layer call's conversion of its other arguments (call_args.convert_others).
PLAIN = frozenset((bool, int, float, str, bytes, type(None), types.FunctionType,
                    types.BuiltinFunctionType))


def flat_values(values: Any) -> list:
    out = []
    for v in values:
        if v.__class__ in PLAIN:
            continue
        if isinstance(v, (list, tuple)):
            out.extend(flat_values(v))
        elif isinstance(v, dict):
            out.extend(flat_values(v.values()))
        else:
            out.append(v)
    return out


def tensor_list(x: Any) -> bool:
    """Whether `x` is a plain list or tuple of eager tensors (a merge layer's inputs):
    each item a leaf, so that a layer call walks it in C calls, not through nest."""
    return type(x) in (list, tuple) and \
        all(map(operator.is_, map(type, x), itertools.repeat(EagerTensor)))


def init_weight_lists(layer: Any) -> None:
    """A layer's own weight lists, empty (Layer.__init__, or the first attribute set)."""
    object.__setattr__(layer, "_trainable_weights", [])
    object.__setattr__(layer, "_non_trainable_weights", [])


def dedup(weights: list) -> list:
    if len(set(map(id, weights))) == len(weights):  # (the common case, checked in C)
        return weights
    seen: set = set()
    out = []
    for w in weights:
        if id(w) not in seen:
            seen.add(id(w))
            out.append(w)
    return out


def is_numeric_list(x: list) -> bool:
    flat = nest.flatten(x)
    return bool(flat) and all(isinstance(v, (int, float, np.number)) and
                              not isinstance(v, bool) for v in flat)


_AGGREGATIONS = {None: VariableAggregation.NONE, "none": VariableAggregation.NONE,
                 "sum": VariableAggregation.SUM, "mean": VariableAggregation.MEAN,
                 "only_first_replica": VariableAggregation.ONLY_FIRST_REPLICA}


def aggregation(value: Any) -> int:
    """add_weight's `aggregation`: a tf.VariableAggregation or Keras 3's string."""
    if isinstance(value, int):
        return value
    key = value.lower() if isinstance(value, str) else value
    if key not in _AGGREGATIONS:
        raise ValueError("Invalid value for argument `aggregation`. Expected one of `None`, "
                         "`'none'`, `'mean'`, `'sum'`, `'only_first_replica'`. Received: "
                         f"aggregation={value}")
    return _AGGREGATIONS[key]


def carried_mask(inputs: Any, as_keras: bool) -> Any:
    """The masks `inputs` (not a lone tensor) carry. `as_keras` (a call that takes a mask and
    has no other tensor argument): Keras 3's, the structure of them with None for each
    unmasked tensor, even where none is masked (`[None, None]`), where every item is a
    tensor (or None: Keras's tensor argument; a functional model's NumPy inputs are not).
    Else None where none is masked, the one tensor's for a one-tensor structure, or the
    structure of them."""
    plain = tensor_list(inputs)
    if plain and not as_keras and not _attached:
        return None  # (no tensor has an attribute attached: none carries a mask)
    flat_in = list(inputs) if plain else nest.flatten(inputs)
    flat_masks = [get_mask(t) for t in flat_in]
    if as_keras and flat_in and all(t is None or isinstance(t, Tensor) for t in flat_in):
        return nest.pack_sequence_as(inputs, flat_masks)
    if all(m is None for m in flat_masks):
        return None
    return flat_masks[0] if len(flat_in) == 1 else nest.pack_sequence_as(inputs, flat_masks)


def holds_tensor(rest: tuple, kwargs: dict) -> bool:
    """Whether a call's arguments past its first hold a tensor (Keras 3 then fills no
    `mask` from the first one's)."""
    return any(isinstance(t, Tensor) for t in nest.flatten([list(rest), list(kwargs.values())]))


def standardize_shape(shape: Any) -> tuple:
    """Keras 3's standardized shape (of an Input, a weight): a bare number is refused
    (`shape=3` is not `(3,)`), and so are a string or float dimension (even `3.0`) and a
    negative one."""
    if hasattr(shape, "as_list"):
        shape = shape.as_list()
    if not isinstance(shape, tuple) and not hasattr(shape, "__iter__"):
        raise ValueError(f"Cannot convert '{shape}' to a shape.")
    out = []
    for d in shape:
        if d is not None and isinstance(d, (str, float)) or \
                isinstance(d, (Tensor, np.ndarray)) and len(getattr(d, "shape", ())) > 0:
            # (a row of a batch given for a shape too: `Dense.build(batch)` in Keras 3)
            raise ValueError(f"Cannot convert '{shape}' to a shape. Found invalid dimension "
                             f"'{d}' of type '{type(d)}'. ")
        if d is not None and int(d) < 0:
            raise ValueError(f"Cannot convert '{shape}' to a shape. Negative dimensions are "
                             "not allowed.")
        out.append(None if d is None else int(d))
    return tuple(out)
