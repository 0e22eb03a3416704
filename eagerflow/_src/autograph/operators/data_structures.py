"""Runtime: lists in converted code.

`list_append(l, x)` appends in place and returns the list, exactly as `l.append(x)`.
Inside a graph loop the same name holds a TensorArray (the loop converts it on entry)
and the append becomes a write at the end. Inside a branch of a graph cond, a Python
list is copied rather than changed in place, so that the other branch, traced next,
starts from the list as it was.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.autograph.operators.control_flow import in_graph_branch, is_tensor_array


def list_append(target: Any, element: Any) -> Any:
    if type(target) is list:
        if in_graph_branch():
            return target + [element]
        target.append(element)
        return target
    if is_tensor_array(target):
        return target.write(target.size(), element)
    target.append(element)
    return target


def set_element_type(entity: Any, dtype: Any, shape: Any = None) -> None:
    """Declares the element dtype (and shape) of a list that a graph loop accumulates
    into, so that an empty list can become a TensorArray. Does nothing at run time."""
    del entity, dtype, shape
