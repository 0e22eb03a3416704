"""StackedRNNCells and the state plumbing RNN shares with it.

Sits under rnn.py. Keras 3 keeps a stack's states nested, one entry per cell (a list for a
cell whose states are a list, a lone tensor for a cell of one int state_size): that is what
`state_size`, `get_initial_state`, `call` and an RNN's returned states show. RNN's time
loop runs on the states flattened (`flat_call`, `split_states`, `pack_states` convert).
"""

from __future__ import annotations

import inspect
from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.ops import array as ta


def flat_sizes(state_size: Any) -> list:
    """The sizes of a (nested) `state_size`, in order."""
    if isinstance(state_size, (list, tuple)):
        return [n for s in state_size for n in flat_sizes(s)]
    return [state_size]


def zero_states(batch_size: Any, state_size: Any, dtype: Any) -> list:
    """Keras 3's initial states: zeros of [batch_size, size] for each size of `state_size`."""
    sizes = state_size if isinstance(state_size, (list, tuple)) else [state_size]
    return [ta.zeros((batch_size, s), dtype) for s in sizes]


def accepts_training(cell: Any) -> bool:
    try:
        return "training" in inspect.signature(cell.call).parameters
    except (TypeError, ValueError):
        return False


def _as_list(states: Any) -> list:
    return list(states) if isinstance(states, (list, tuple)) else [states]


def _listed(cell: Any) -> bool:
    """Whether a cell's states are a list in a stack's nested states: Keras 3 keeps what
    the cell's get_initial_state returns (a list for its own cells), and a lone tensor for
    a cell without one whose state_size is an int."""
    return isinstance(cell.state_size, (list, tuple)) or \
        getattr(cell, "get_initial_state", None) is not None


class StackedRNNCells(Layer):
    """Several cells run one after another within each time step."""

    def __init__(self, cells: list, **kwargs: Any) -> None:
        for cell in cells:
            if not hasattr(cell, "call") or not hasattr(cell, "state_size"):
                raise ValueError("All cells must have a `call` method and a `state_size` "
                                 f"attribute. Received cells={cells}")
        super().__init__(**kwargs)
        self.cells = list(cells)

    @property
    def state_size(self) -> list:
        return [cell.state_size for cell in self.cells]

    @property
    def output_size(self) -> int:
        return output_size(self.cells[-1])

    @property
    def _pure_step(self) -> bool:
        return all(getattr(c, "_pure_step", False) for c in self.cells)

    def build(self, input_shape: Any) -> None:
        dim = TensorShape(input_shape)[-1]
        batch = TensorShape(input_shape)[0]
        for cell in self.cells:
            with cell._own_scope():
                cell._maybe_build(Spec([batch, dim]))
            dim = output_size(cell)
        self.built = True

    def get_initial_state(self, batch_size: Any = None) -> list:
        """Each cell's initial states (Keras 3's nesting, `_listed`)."""
        out = []
        for cell in self.cells:
            own = getattr(cell, "get_initial_state", None)
            if own is not None:
                out.append(own(batch_size=batch_size))
            else:
                zeros = zero_states(batch_size, cell.state_size, cell.compute_dtype)
                out.append(zeros if _listed(cell) else zeros[0])
        return out

    def split_states(self, states: list) -> list:
        """The flat `states` cut into each cell's own list."""
        out, i = [], 0
        for cell in self.cells:
            n = len(flat_sizes(cell.state_size))
            out.append(list(states[i:i + n]))
            i += n
        return out

    def pack_states(self, states: list) -> list:
        """The flat `states` nested as Keras 3 nests a stack's states."""
        return [own if _listed(cell) else own[0]
                for cell, own in zip(self.cells, self.split_states(states))]

    def check_given(self, inputs: Any, given: list, training: Any = False) -> None:
        """Keras 3 hands each cell its own entry of an `initial_state` given to the stack
        (a lone tensor as a one-element list): where an entry holds fewer states than its
        cell needs, as a flat list's do, that cell's call fails, and so it does here."""
        if any(len(_as_list(own)) < len(flat_sizes(cell.state_size))
               for cell, own in zip(self.cells, given)):
            self.call(inputs, given, training=training)

    def flat_call(self, inputs: Any, states: list, training: Any = False) -> tuple:
        """One step on flat states (RNN's loop): (output, the new states flat)."""
        new_states = []
        for cell, cell_states in zip(self.cells, self.split_states(states)):
            kwargs = {"training": training} if accepts_training(cell) else {}
            inputs, out_states = cell.call(inputs, cell_states, **kwargs)
            new_states.extend(_as_list(out_states))
        return inputs, new_states

    def call(self, inputs: Any, states: Any, training: Any = False) -> tuple:
        """One step on Keras 3's nested states: each cell's entry in turn (a lone tensor
        given as a one-element list), its new states a lone tensor again where it came
        so; one cell's states come back unwrapped."""
        new_states = []
        for cell, cell_states in zip(self.cells, states):
            listed = isinstance(cell_states, (list, tuple))
            kwargs = {"training": training} if accepts_training(cell) else {}
            # (each cell called as a layer, as Keras 3.15's: its own policy casts its inputs,
            # so a float32 cell in a mixed_float16 stack answers float32)
            inputs, out_states = cell(inputs, _as_list(cell_states), **kwargs)
            out_states = _as_list(out_states)
            new_states.append(out_states[0] if len(out_states) == 1 and not listed
                              else out_states)
        return inputs, new_states[0] if len(new_states) == 1 else new_states

    def get_config(self) -> dict:
        cells = [ser.serialize_keras_object(c) for c in self.cells]  # (first, as Keras's)
        return {**super().get_config(), "cells": cells}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> StackedRNNCells:
        # (the caller's dict loses its "cells", as Keras 3's from_config takes them out)
        cells = [ser.deserialize_layer(c, custom_objects) for c in config.pop("cells")]
        return cls(cells, **config)


def output_size(cell: Any) -> Any:
    """A cell's output size: its `output_size`, else its (first) state size, as Keras 3's."""
    size = getattr(cell, "output_size", None)
    if size is not None:
        return size
    s = cell.state_size
    return s[0] if isinstance(s, (list, tuple)) else s


class Spec:
    """A stand-in with only a shape (for building cells)."""

    def __init__(self, shape: list) -> None:
        self.shape = TensorShape(shape)
