"""Keras 3's Layer members over its state: `stateless_call`, `metrics_variables`, and the
attributes Keras 3 sets on every layer (`autocast`, `supports_jit`,
`call_signature_parameters`, and the bookkeeping containers a SavedModel lists), a
mixin of Layer.

Sits in engine/ over variables.py, whose StatelessScope reads each variable as a given value
and keeps the assignments made inside it.
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.trackable import TrackableDict, TrackableList
from eagerflow._src.keras.engine import layer_checks
from eagerflow._src.keras.engine.held import INTERNAL
from eagerflow._src.keras.engine.tracked import TrackedDict as KerasDict
from eagerflow._src.keras.engine.tracked import TrackedList as KerasList
from eagerflow._src.keras.variables import StatelessScope

# The lists and dict Keras 3 keeps on every layer, which TF's SavedModel (not its
# checkpoints) lists as empty children of each layer, in this order
_SAVED_LISTS = ("_inbound_nodes", "_outbound_nodes", "_losses", "_loss_ids",
                "_losses_override", "call_signature_parameters", "_call_context_args")


def _nested(value: Any) -> bool:
    return isinstance(value, (list, tuple, dict))


class LayerState:
    supports_jit = True  # (Keras 3's attribute; eagerflow compiles no XLA either way)
    _saves_build_shapes = True  # (an InputLayer never builds: no `_build_shapes_dict`)

    def _saved_model_children(self) -> dict:
        """The children TF 2.21 adds to a Keras 3 layer in a SavedModel: its bookkeeping
        containers, empty (and `_build_shapes_dict` once built)."""
        out: dict = {name: TrackableList([]) for name in _SAVED_LISTS}
        out["_call_has_context_arg"] = TrackableDict({})
        out.update(self._saved_containers())
        if self.built and self._saves_build_shapes:
            out["_build_shapes_dict"] = TrackableDict({})
        return out

    def _saved_containers(self) -> dict:
        """The list and dict attributes Keras 3 tracks for the layer (`self.blocks =
        [...]`), which TF's SavedModel lists after the bookkeeping ones, in the order they
        were set: each holding its items by index or key, but not a nested list, tuple or
        dict (TF leaves what those hold untracked)."""
        out: dict = {}
        for name, value in vars(self).items():
            if name in INTERNAL:  # (eagerflow's bookkeeping: a Functional's `_output_names`)
                continue
            if isinstance(value, KerasList):
                out[name] = TrackableList([None if _nested(v) else v for v in value])
            elif isinstance(value, KerasDict):
                out[name] = TrackableDict({k: None if _nested(v) else v
                                           for k, v in value.items()})
        return out

    @property
    def autocast(self) -> bool:
        """Whether a mixed-precision call casts float inputs to the compute dtype."""
        return self._autocast

    @autocast.setter
    def autocast(self, value: bool) -> None:
        object.__setattr__(self, "_autocast", bool(value))

    @property
    def call_signature_parameters(self) -> list:
        return list(inspect.signature(self.call).parameters)

    @property
    def metrics_variables(self) -> list:
        return [v for metric in self.metrics for v in metric.variables]

    def stateless_call(self, trainable_variables: list, non_trainable_variables: list,
                       *args: Any, return_losses: bool = False, **kwargs: Any) -> tuple:
        """`call` with the variables read as the given values, the layer unchanged:
        (outputs, the non-trainable variables' new values[, the losses added])."""
        layer_checks.check_super_called(self)
        name = type(self).__name__
        if not self.built:
            raise ValueError(f"To call stateless_call, {name} must be built (i.e. its variables "
                             "must have been already created). You can build it by calling it "
                             "on some data.")
        for arg, given, own in (("trainable_variables", trainable_variables,
                                 self.trainable_variables),
                                ("non_trainable_variables", non_trainable_variables,
                                 self.non_trainable_variables)):
            if len(given) != len(own):
                raise ValueError(f"Argument `{arg}` must be a list of tensors corresponding "
                                 f"1:1 to {name}().{arg}. Received list with length "
                                 f"{len(given)}, but expected {len(own)} variables.")
        mapping = list(zip(self.trainable_variables, trainable_variables)) + \
            list(zip(self.non_trainable_variables, non_trainable_variables))
        # (NumPy inputs as tensors: Keras's ops take either, eagerflow's layers take tensors)
        args = nest.map_structure(lambda a: convert_to_tensor(a) if isinstance(a, np.ndarray)
                                  else a, args)
        with StatelessScope(state_mapping=mapping, collect_losses=return_losses) as scope:
            outputs = self.call(*args, **kwargs)
            losses = self.losses if return_losses else None
        new = [scope.get_current_value(v) for v in self.non_trainable_variables]
        new = [v._as_tensor() if n is None else n
               for v, n in zip(self.non_trainable_variables, new)]
        return (outputs, new, losses) if return_losses else (outputs, new)
