"""Whether any Keras layer's trainable weights may have changed since a given moment.

A model's `trainable_variables` is read twice an eager train step (the tape's sources, the
optimizer's), and each read walks the layer tree (the guide's CNN ~565 bytecodes, ResNet-50
~6,700). Layer.trainable_weights keeps its last answer with TOKEN as it was before the walk,
and answers from it while TOKEN is the same object. TOKEN is replaced after every change
that can change what any layer's walk finds, wherever it goes through:

- Layer's __setattr__ and __delattr__ (a sublayer or weight set or deleted, a container of
  them set, `_trainable`), its `trainable` setter, `_track_own_variable` and add_weight;
- a tracked list or dict (tracked.py: every method that changes its items or their order);
- a Keras variable's `trainable` setter; Sequential's add and pop, Functional's layers.

(Replaced after the change: a walk that read the old token and saw the new state is walked
again at the next read.) What these cannot see turns SEEN off for the process, after which
no answer is kept: a mutable container that is no tracked one given to a layer (a list in a
tuple, a list or dict subclass), a Layer subclass from outside eagerflow defining its own
weight lists or walk (WALKED), or an instance given one of those as an attribute.

A leaf module of keras/ (keras/variables.py sits below engine/ and replaces TOKEN too).
"""

from __future__ import annotations

# The names whose own definitions make a layer's trainable weights whatever they compute:
# a Layer subclass (outside eagerflow) or an instance defining one turns SEEN off.
WALKED = frozenset(("trainable_weights", "weights", "_direct_sublayers", "_held",
                    "_gather_trainable_weights"))

TOKEN: list = [object()]
SEEN: list = [True]


def changed() -> None:
    """Called after a change that may change a layer's trainable weights."""
    TOKEN[0] = object()


def unseen() -> None:
    """Called where later changes could go unseen: no answer is kept from then on (nor
    one kept before read again)."""
    SEEN[0] = False
    changed()
