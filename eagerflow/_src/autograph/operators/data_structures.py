"""Runtime: lists in converted code, under Feature.LISTS (TF converts them only then).

As TF 2.21's AutoGraph: a list display `[...]` becomes `ag__.new_list([...])`, which keeps
a non-empty list a Python list and makes an empty one, while a graph is built, a TensorList
tensor whose element type nothing declares (TF 2.21 exports no `set_element_type`).
Appending to such a list fails while the graph is built, with the message TF's shape
inference gives; popping or stacking it asks for the element type. A Python list appends
and pops in place; a TensorArray appends by a write at its end and refuses to pop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.autograph.operators.control_flow import is_tensor_array
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import shape_str
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops.checks import dt_enum, dtype_word
from eagerflow._src.ops.tensor_array import empty_tensor_list

_NO_TYPE = "cannot {} a list without knowing its element type; use set_element_type to annotate it"


def new_list(elements: list) -> Any:
    """The value of a list display: the list itself unless it is empty in a graph."""
    if elements or _state.graph is None:
        return elements
    return empty_tensor_list(_state.graph.capture(convert_to_tensor(-1)), dt.variant)


def list_append(target: Any, element: Any) -> Any:
    if is_tensor_array(target):
        return target.write(target.size(), element)
    if isinstance(target, Tensor):
        _check_list(target)
        raise _push_back_error(target, element)
    target.append(element)
    return target


def list_pop(target: Any, i: Any = None) -> Any:
    if is_tensor_array(target):
        raise ValueError("TensorArray does not support item removal")
    if isinstance(target, Tensor):
        _check_list(target)
        if i is not None:
            raise NotImplementedError("tensor lists only support removing from the end")
        raise ValueError(_NO_TYPE.format("pop from"))
    return target.pop() if i is None else target.pop(i)


def list_stack(target: Any, original: Callable) -> Any:
    """`<module>.stack(target)`: a TensorArray's stack, a tensor as it is, else `original`."""
    if is_tensor_array(target):
        return target.stack()
    if isinstance(target, Tensor):
        if target.dtype is dt.variant:
            raise ValueError(_NO_TYPE.format("stack"))
        return target
    return original(target)


def _check_list(t: Tensor) -> None:
    if t.dtype is not dt.variant:
        raise ValueError(f"tensor lists are expected to be Tensors with dtype=tf.variant, "
                         f"instead found {t!r}")


def _push_back_error(target: Tensor, element: Any) -> ValueError:
    """TF's shape inference refusing the push: its AutoGraph first makes the list through
    a cond (so the list reaching the push is "cond/Identity"), whose element type ends up
    unknown, then converts a Python element inside the push's scope."""
    graph = _state.graph
    cond = graph.unique_name("cond")
    node = graph.unique_name("TensorListPushBack", mark=False)
    if isinstance(element, Tensor):
        name = element.name.removesuffix(":0")
        x = element
    else:
        name = f"{node}/tensor"
        x = convert_to_tensor(element)
    shape = "?" if x.shape.rank is None else shape_str(x.shape)
    return ValueError(
        f"Trying to push to list with wrong element dtype. List has type INVALID but trying "
        f"to push element with type {dtype_word(x.dtype)} for '{{{{node {node}}}}} = "
        f"TensorListPushBack[element_dtype={dt_enum(x.dtype)}]({cond}/Identity, {name})' with "
        f"input shapes: [], {shape}.")
