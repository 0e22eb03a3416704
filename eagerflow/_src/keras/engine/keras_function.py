"""keras.Function: a graph of layer and operation calls from input to output KerasTensors,
callable like a function, without being a Model (no weights of its own, no training).

Sits on functional.py (the graph walk it shares with functional models) and operation.py:
a Function is an Operation, so calling it on KerasTensors nests it in another graph.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras.engine.functional import GraphNetwork
from eagerflow._src.keras.engine.operation import Operation


class Function(GraphNetwork, Operation):
    """`keras.Function(inputs, outputs, name=None)`: runs the calls that lead from `inputs`
    to `outputs` on new values. Unlike a functional model it converts its inputs as they
    are (no cast to the inputs' dtypes), as Keras 3's Function does."""

    def __init__(self, inputs: Any, outputs: Any, name: str | None = None) -> None:
        Operation.__init__(self, name=name)
        self._init_graph_network(inputs, outputs)

    def _conform_inputs(self, inputs: Any) -> list:
        flat = nest.flatten(inputs)
        if len(flat) != len(self._flat_inputs):
            raise ValueError(f"Function \"{self.name}\" expects {len(self._flat_inputs)} "
                             f"input(s), but it received {len(flat)} input tensors.")
        return [x if isinstance(x, Tensor) else convert_to_tensor(x) for x in flat]

    def _static_shapes(self) -> bool:
        return False  # outputs traced (their dtypes are the graph's, not the inputs')

    def __repr__(self) -> str:
        return f"<Operation name={self.name}>"
