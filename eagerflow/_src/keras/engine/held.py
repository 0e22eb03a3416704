"""The walk that finds what a Keras layer holds (its sublayers, weights, metrics, seed
generators): the instances of a class among its attributes, and in the lists, tuples and
dicts in them, in attribute order.

It runs for layers each time a model's trainable_variables is walked (a model keeps its
answer until a change: weights_version.py), so most attributes are passed by in C calls
before the Python loop: the layer's own bookkeeping, values of classes seen to be neither
the class looked for nor a container, and tuples of numbers and strings seen before; and
a model's layers that hold no sublayer (most of them) are told apart in one batch of such
calls (hold_no_sublayers), not walked.
Sits in engine/ under base_layer, whose Layer takes `held_in_attributes` as its `_held`
method.
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
    "_output_names",
    "_compile_config",  # (compile's arguments, metrics among them, kept to serialize)
    "_scope_frame", "_parent_path", "_path", "_policy_map", "_state_locked",
    "_call_plan", "_kept_trainable",
))

_IS_INTERNAL = INTERNAL.__contains__
_IS_PLAIN_TUPLE = PLAIN_TUPLES.__contains__
_OR, _AND, _NOT = operator.or_, operator.and_, operator.not_


def by_class(cls: Any) -> bool:
    """Whether isinstance(x, cls) is answered by x's class alone (no metaclass answers
    it: Keras variables' does), so that a class seen not to match never will."""
    return all(type(c).__instancecheck__ is type.__instancecheck__
               for c in (cls if isinstance(cls, tuple) else (cls,)))


def _looked_at(names: Any, values: Any, leaves: set) -> Any:
    """For each attribute (`names` and `values` in step), whether the walk looks at it:
    not the layer's bookkeeping, nor a value of a leaf class, nor a plain tuple."""
    return map(_NOT, map(_OR, map(_OR, map(_IS_INTERNAL, names),
                                  map(leaves.__contains__, map(type, values))),
                         map(_IS_PLAIN_TUPLE, map(id, values))))


def held_in_attributes(layer: Any, cls: Any) -> list:
    """The `cls` instances `layer` holds in attributes (or lists and dicts in them)."""
    out = []
    d = layer.__dict__
    leaves = LEAVES.get(cls)
    if leaves is None:
        leaves = LEAVES[cls] = set(PLAIN)
    attrs = d.values()
    for value in itertools.compress(attrs, _looked_at(d, attrs, leaves)):
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


# The methods by which a layer's sublayers are found by walking its attributes and their
# weights gathered, and (getter, Layer's own function) of each (base_layer registers them):
# a layer whose class overrides one (a functional model: its graph's layers come first), or
# that has its own, is walked as it says.
WALK_METHOD_NAMES = ("_direct_sublayers", "_held", "_gather_trainable_weights")
WALK_METHODS: list = []
_NONE_OF_WALK_METHODS = operator.methodcaller("isdisjoint", WALK_METHOD_NAMES)
_DICT = operator.attrgetter("__dict__")


def hold_no_sublayers(layers: list, layer_class: Any) -> list:
    """For each of `layers`, whether it certainly holds no sublayer: its class keeps Layer's
    WALK_METHODS, and the walk would pass every attribute by in its C calls. Answered for
    all the layers in one batch of C calls (a model's trainable_variables asks it of each
    of its layers, twice an eager train step), where held_in_attributes would run its own
    for each; False where unsure (the layer is then walked)."""
    leaves = LEAVES.get(layer_class)
    if leaves is None:
        return [False] * len(layers)
    kinds = list(map(type, layers))
    dicts = list(map(_DICT, layers))
    as_layer = map(all, zip(
        *[map(operator.is_, map(get, kinds), itertools.repeat(fn)) for get, fn in WALK_METHODS],
        map(_NONE_OF_WALK_METHODS, map(dict.keys, dicts))))  # (nor its own instead)
    values = list(itertools.chain.from_iterable(map(dict.values, dicts)))
    # attributes looked at, counted through all the dicts in turn: a layer's own count is
    # the difference of the running counts at its dict's two ends
    running = list(itertools.accumulate(
        _looked_at(itertools.chain.from_iterable(dicts), values, leaves), initial=0))
    ends = list(itertools.accumulate(map(len, dicts), initial=0))
    looked_at = map(operator.sub, map(running.__getitem__, ends[1:]),
                    map(running.__getitem__, ends[:-1]))
    return list(map(_AND, as_layer, map(_NOT, looked_at)))
