"""Runtime: Python builtins called from converted code that graph tensors change.

`range` over a graph tensor becomes tf.range (so `for i in range(n)` is a graph loop),
`len` of a graph tensor is its static length or tf.shape(x)[0], `int`/`float` cast,
`enumerate` of an object defining `_ag_enumerate` (a tf.data dataset) asks it, while a
graph is traced. For anything else, including eager tensors, the builtin itself runs.
"""

from __future__ import annotations

import builtins
from typing import Any

from eagerflow._src.autograph.operators.control_flow import graph_tensor, is_tensor_array
from eagerflow._src.core import dtypes
from eagerflow._src.core.context import _state
from eagerflow._src.ops.array import range as tf_range
from eagerflow._src.ops.array import shape as tf_shape
from eagerflow._src.ops.array import transpose
from eagerflow._src.ops.math import cast
from eagerflow._src.ops.stacking import stack


def range_(*args: Any) -> Any:
    if any(graph_tensor(a) is not None for a in args):
        return tf_range(*args)
    return builtins.range(*args)


def len_(s: Any) -> Any:
    t = graph_tensor(s)
    if t is not None:
        shape = t.shape
        if shape.rank == 0:
            raise ValueError(f"len requires a non-scalar tensor, got one of shape {shape}")
        if shape.rank is not None and shape[0] is not None:
            return shape[0]
        return tf_shape(t)[0]
    if is_tensor_array(s):
        return s.size()
    return builtins.len(s)


def int_(x: Any = 0, base: Any = None) -> Any:
    t = graph_tensor(x)
    if t is not None and base is None:
        return cast(t, dtypes.int32)
    return builtins.int(x) if base is None else builtins.int(x, base)


def float_(x: Any = 0) -> Any:
    t = graph_tensor(x)
    if t is not None:
        return cast(t, dtypes.float32)
    return builtins.float(x)


def enumerate_(s: Any, start: Any = 0) -> Any:
    hook = getattr(type(s), "_ag_enumerate", None)
    if hook is not None:
        if _state.graph is not None:
            return hook(s, start)
    return builtins.enumerate(s, start)


OVERRIDES = {id(builtins.range): range_, id(builtins.len): len_, id(builtins.int): int_,
             id(builtins.float): float_, id(builtins.enumerate): enumerate_}


def list_stack(values: Any, axis: int = 0, name: str = "stack") -> Any:
    """tf.stack where `values` may be a list that a graph loop accumulated: it arrives
    already stacked along axis 0 (TF stacks a tensor's slices along `axis`)."""
    t = graph_tensor(values)
    if t is None:
        if is_tensor_array(values):
            values = values.stack()
            t = values
        else:
            return stack(values, axis=axis, name=name)
    rank = t.shape.rank
    if rank is None:
        raise ValueError("tf.stack of a tensor of unknown rank")
    axis = axis + rank if axis < 0 else axis
    if axis == 0:
        return t
    perm = list(range(1, axis + 1)) + [0] + list(range(axis + 1, rank))
    return transpose(t, perm)


OVERRIDES[id(stack)] = list_stack
