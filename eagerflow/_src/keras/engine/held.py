"""The walk that finds what a Keras layer holds (its sublayers, weights, metrics, seed
generators): the instances of a class among its attributes, and in the lists, tuples and
dicts in them, in attribute order.

It runs for every layer each time a model's trainable_variables is read (twice an eager
train step), so most attributes are passed by in C calls before the Python loop: the
layer's own bookkeeping, values of classes seen to be neither the class looked for nor a
container, and tuples of numbers and strings seen before. Sits in engine/ under
base_layer, whose Layer takes `held_in_attributes` as its `_held` method.
"""

from __future__ import annotations

import itertools
import operator
from typing import Any

from eagerflow._src.keras.engine.layer_helpers import PLAIN, flat_values

# Per class (or tuple of classes) looked for: the classes of attribute values seen to be
# neither that nor a container, whose values are skipped in C from then on.
LEAVES: dict = {}

# Tuples of numbers and strings seen in layer attributes, by id (each held here, so that
# its id names no other object while it is listed): a tuple cannot change, so the walk
# passes them by without looking inside again. (Functions are left out: holding one would
# keep what it closes over.) Emptied when full (a long-lived program's models come and
# go), to be filled again by the next walks.
PLAIN_TUPLES: dict = {}
PLAIN_TUPLES_MAX = 4096
_SCALARS = frozenset((bool, int, float, str, bytes, type(None)))

# A layer's bookkeeping attributes: never walked for sublayers or weights.
INTERNAL = frozenset((
    "_trackable_deps", "_trainable_weights", "_non_trainable_weights", "_losses",
    "_callable_losses", "_inbound_nodes", "_outbound_nodes", "_input_spec", "_dtype_policy",
    "_auto_config", "_build_input_shape", "_build_shapes", "_build_shapes_dict",
    "_self_setattr_tracking", "_functional_layers", "_sequential_layers", "_nodes_by_depth",
    "_input_layers", "_output_layers", "_name_scope", "_activity_regularizer",
    "_batch_input_shape", "_nested_inputs", "_nested_outputs", "_flat_inputs", "_flat_outputs",
    "_run_order", "_chain_outputs", "_input_layer_obj", "_template", "_weights_by_name",
    "_compile_config",  # (compile's arguments, metrics among them, kept to serialize)
    "_scope_frame", "_parent_path", "_path", "_policy_map", "_state_locked",
))

_IS_INTERNAL = INTERNAL.__contains__
_IS_PLAIN_TUPLE = PLAIN_TUPLES.__contains__
_OR, _NOT = operator.or_, operator.not_


def by_class(cls: Any) -> bool:
    """Whether isinstance(x, cls) is answered by x's class alone (no metaclass answers
    it: Keras variables' does), so that a class seen not to match never will."""
    return all(type(c).__instancecheck__ is type.__instancecheck__
               for c in (cls if isinstance(cls, tuple) else (cls,)))


def held_in_attributes(layer: Any, cls: Any) -> list:
    """The `cls` instances `layer` holds in attributes (or lists and dicts in them)."""
    out = []
    d = layer.__dict__
    leaves = LEAVES.get(cls)
    if leaves is None:
        leaves = LEAVES[cls] = set(PLAIN)
    attrs = d.values()
    skip = map(_OR, map(_OR, map(_IS_INTERNAL, d), map(leaves.__contains__, map(type, attrs))),
               map(_IS_PLAIN_TUPLE, map(id, attrs)))
    for value in itertools.compress(attrs, map(_NOT, skip)):
        if isinstance(value, cls):
            out.append(value)
        elif isinstance(value, (list, tuple, dict)):
            values = value.values() if isinstance(value, dict) else value
            if not PLAIN.issuperset(map(type, values)):  # (numbers only: skipped in C)
                out.extend(v for v in flat_values(values) if isinstance(v, cls))
            elif value.__class__ is tuple:
                _note_plain_tuple(value)
        elif by_class(cls) and value.__class__ is type(value):
            leaves.add(type(value))  # (isinstance answers by class for these)
    return out


def _note_plain_tuple(value: tuple) -> None:
    if not _SCALARS.issuperset(map(type, value)):
        return
    if len(PLAIN_TUPLES) >= PLAIN_TUPLES_MAX:
        PLAIN_TUPLES.clear()
    PLAIN_TUPLES[id(value)] = value
