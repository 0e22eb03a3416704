"""How keras.Layer.__call__ converts its arguments before `call` (below base_layer):
`inputs` as tensors (NumPy data, numbers, numeric lists, variables), and, as Keras 3
does, every other argument that is a tensor or NumPy data (a state given as an array);
with autocast on, floats are cast to the layer's compute dtype."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.tensor import Tensor, convert_to_tensor, converts_as_array
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.keras.engine.layer_helpers import PLAIN, is_numeric_list, tensor_list
from eagerflow._src.ops.math_base import cast

_DTYPE_NAME = operator.attrgetter("_dtype.name")  # (an eager tensor's dtype's name)


def _autocast(t: Tensor, compute: str, autocast: bool) -> Tensor:
    if autocast and t.dtype.is_floating and t.dtype.name != compute:
        return cast(t, compute)
    return t


def convert_inputs(inputs: Any, compute: str, autocast: bool) -> Any:
    """A call's `inputs`, each leaf a tensor where it is tensor-like."""
    if tensor_list(inputs) and (not autocast or {compute}.issuperset(map(_DTYPE_NAME, inputs))):
        # (a merge layer's: each a tensor, none cast, as conv below gives them back; as
        # map_structure rebuilds a list or tuple of leaves)
        return type(inputs)(inputs)

    def conv(x: Any) -> Any:
        if isinstance(x, Tensor):
            t = x
        elif isinstance(x, (np.ndarray, np.generic, float, int, list)) or is_variable(x) or \
                converts_as_array(x):  # (a pandas DataFrame, by its __array__)
            if isinstance(x, list) and not is_numeric_list(x):
                return x
            t = convert_to_tensor(x)
        else:
            return x
        return _autocast(t, compute, autocast)

    if isinstance(inputs, (Tensor, np.ndarray)) or is_variable(inputs):
        return conv(inputs)
    if tensor_list(inputs):  # (as map_structure rebuilds a list or tuple of leaves)
        return type(inputs)(map(conv, inputs))
    if isinstance(inputs, (list, tuple, dict)):
        return nest.map_structure(conv, inputs)
    return conv(inputs)


def convert_others(rest: tuple, kwargs: dict, compute: str, autocast: bool) -> tuple:
    """A call's other arguments: tensors and NumPy arrays (not strings) as tensors;
    Python values as they are."""
    if PLAIN.issuperset(map(type, rest)) and PLAIN.issuperset(map(type, kwargs.values())):
        return rest, kwargs  # (`training=True`: nothing to walk)

    def conv(x: Any) -> Any:
        if isinstance(x, np.ndarray) and x.dtype.kind not in "OSUV":
            x = convert_to_tensor(x)
        elif not isinstance(x, Tensor):
            return x
        return _autocast(x, compute, autocast)

    return (tuple(nest.map_structure(conv, list(rest))),
            {k: nest.map_structure(conv, v) for k, v in kwargs.items()})
