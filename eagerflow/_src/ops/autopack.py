"""Autopacking: a nested list holding graph tensors becomes one tensor (Pack ops).

Sits in ops/, above array. Eagerly a list of tensors converts through NumPy; inside
tf.function its symbolic elements have no values yet, so convert_to_tensor hands the
list here and it is stacked level by level, as TF does. The dtype is the one asked for,
else that of the first tensor in the list; Python numbers take it, and a tensor of
another dtype is TF's TypeError.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import Tensor, convert_to_tensor


def _first_dtype(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        for v in value:
            d = _first_dtype(v)
            if d is not None:
                return d
        return None
    return value._dtype if isinstance(value, Tensor) else None


def pack(value: Any, dtype: Any = None) -> Tensor:
    target = dt.as_dtype(dtype) if dtype is not None else _first_dtype(value)
    return _pack(value, target, dtype is not None)


def _pack(value: Any, target: Any, cast_tensors: bool) -> Tensor:
    from eagerflow._src.ops.array import stack
    from eagerflow._src.ops.math import cast

    if isinstance(value, (list, tuple)):
        return stack([_pack(v, target, cast_tensors) for v in value])
    if isinstance(value, Tensor):
        if value._dtype is target:
            return value
        if cast_tensors:
            return cast(value, target)
        raise TypeError(f"Cannot convert a list containing a tensor of dtype {value._dtype} to "
                        f"{target} (Tensor is: {value!r})")
    return convert_to_tensor(value, dtype=target)
