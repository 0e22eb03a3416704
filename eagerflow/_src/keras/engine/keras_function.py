"""keras.Function: a graph of layer and operation calls from input to output KerasTensors,
callable like a function, without being a Model (no weights of its own, no training).

Sits on functional.py (the graph walk it shares with functional models) and operation.py:
a Function is an Operation, so calling it on KerasTensors nests it in another graph.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import tree
from eagerflow._src.keras.engine.functional import GraphNetwork
from eagerflow._src.keras.engine.operation import Operation


class Function(GraphNetwork, Operation):
    """`keras.Function(inputs, outputs, name=None)`: runs the calls that lead from `inputs`
    to `outputs` on new values. Unlike a functional model it converts its inputs as they
    are (no cast to the inputs' dtypes), as Keras 3's Function does."""

    _checks_inputs = False  # (no input specs: `call` checks its inputs, as Keras 3's)

    def __init__(self, inputs: Any, outputs: Any, name: str | None = None) -> None:
        Operation.__init__(self, name=name)
        self._init_graph_network(inputs, outputs)

    def call(self, inputs: Any) -> Any:  # (Keras 3's takes the inputs only)
        self._assert_input_compatibility(inputs)
        return super().call(inputs)

    def _assert_input_compatibility(self, inputs: Any) -> None:
        """Keras 3's checks, in its words: the inputs in the structure of the Inputs it was
        made with (a tuple for a list refused too), each of its Input's rank, and of its
        known dims."""
        try:
            tree.assert_same_structure(inputs, self._nested_inputs)
        except ValueError:
            raise ValueError("Function was called with an invalid input structure. Expected "
                             f"input structure: {self._nested_inputs}\nReceived input "
                             f"structure: {inputs}") from None
        for x, ref in zip(tree.flatten(inputs), self._flat_inputs):
            shape = tuple(x.shape)
            if len(shape) != len(ref.shape) or any(
                    d is not None and r is not None and d != r for d, r in zip(shape, ref.shape)):
                raise ValueError(f"{type(self).__name__} was passed incompatible inputs. For "
                                 f"input '{ref.name}', expected shape {ref.shape}, but "
                                 f"received instead a tensor with shape {x.shape}.")

    def _conform_inputs(self, inputs: Any) -> list:
        # (as given: Keras 3 runs its graph on them unconverted, so an operation of the
        # user's own sees a NumPy array as such)
        return tree.flatten(inputs)

    def _static_shapes(self) -> bool:
        return False  # outputs traced (their dtypes are the graph's, not the inputs')

    def __repr__(self) -> str:
        return f"<Operation name={self.name}>"
