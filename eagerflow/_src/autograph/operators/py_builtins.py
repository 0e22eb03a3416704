"""Runtime: Python builtins called from converted code that tensors and datasets change,
as TF 2.21's AutoGraph overrides them.

`range` over a graph tensor becomes tf.range (so `for i in range(n)` is a graph loop),
`len` of a graph tensor is its static length or tf.shape(x)[0], `int`/`float` cast,
`sorted` of a tensor is tf.sort. A tf.data dataset answers `abs`, `len`, `enumerate`,
`zip`, `map`, `filter`, `any` and `all` itself (its `_ag_<builtin>` methods: a dataset,
or a tensor). For anything else the builtin itself runs.
"""

from __future__ import annotations

import builtins
from typing import Any

from eagerflow._src.autograph.operators.control_flow import graph_tensor, is_tensor_array
from eagerflow._src.control_flow.loops import vectorized_map
from eagerflow._src.core import dtypes
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops.array import range as tf_range
from eagerflow._src.ops.array import shape as tf_shape
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.sorting import argsort, sort
from eagerflow._src.ops.tensor_array import tensor_list_length


def range_(*args: Any) -> Any:
    if any(graph_tensor(a) is not None for a in args):
        return tf_range(*args)
    return builtins.range(*args)


def _hook(name: str, x: Any) -> Any:
    """The object's own version of a builtin (`_ag_<name>`, a dataset's), or None."""
    return getattr(type(x), f"_ag_{name}", None)


def abs_(x: Any) -> Any:
    hook = _hook("abs", x)
    return hook(x) if hook is not None else builtins.abs(x)


def len_(s: Any) -> Any:
    hook = _hook("len", s)
    if hook is not None:
        return hook(s)
    t = graph_tensor(s)
    if t is not None:
        if t.dtype is dtypes.variant:  # a TensorList: what `[]` is under Feature.LISTS
            return tensor_list_length(t)
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
    hook = _hook("enumerate", s)
    return hook(s, start) if hook is not None else builtins.enumerate(s, start)


def _common_hook(name: str, iterables: tuple) -> Any:
    """The `_ag_<name>` every one of `iterables` shares (all datasets), or None."""
    hooks = {_hook(name, x) for x in iterables}
    return hooks.pop() if len(hooks) == 1 else None


def zip_(*iterables: Any, strict: bool = False) -> Any:
    hook = _common_hook("zip", iterables) if iterables else None
    if hook is not None:
        return hook(*iterables, strict=strict)
    return builtins.zip(*iterables, strict=strict) if strict else builtins.zip(*iterables)


def map_(fn: Any, *iterables: Any) -> Any:
    hook = _common_hook("map", iterables) if iterables else None
    return hook(fn, *iterables) if hook is not None else builtins.map(fn, *iterables)


def filter_(fn: Any, iterable: Any) -> Any:
    hook = _hook("filter", iterable)
    return hook(iterable, fn) if hook is not None else builtins.filter(fn, iterable)


def any_(iterable: Any) -> Any:
    hook = _hook("any", iterable)
    return hook(iterable) if hook is not None else builtins.any(iterable)


def all_(iterable: Any) -> Any:
    hook = _hook("all", iterable)
    return hook(iterable) if hook is not None else builtins.all(iterable)


def sorted_(iterable: Any, key: Any = None, reverse: bool = False) -> Any:
    """A 1-D tensor sorted as TF's override sorts it: tf.sort, or by `key` mapped over its
    elements (tf.vectorized_map) and gathered in that order."""
    if not isinstance(iterable, Tensor):
        return builtins.sorted(iterable, key=key, reverse=reverse)
    direction = "DESCENDING" if reverse else "ASCENDING"
    if key is None:
        _check_1d(iterable)
        return sort(iterable, direction=direction)
    mapped = vectorized_map(key, iterable)
    _check_1d(mapped)
    return gather(iterable, argsort(mapped, direction=direction))


def _check_1d(t: Tensor) -> None:
    if t.shape.rank is not None and t.shape.rank != 1:
        raise ValueError("sort only supports only 1D tensors")


OVERRIDES = {id(builtins.range): range_, id(builtins.len): len_, id(builtins.int): int_,
             id(builtins.float): float_, id(builtins.enumerate): enumerate_,
             id(builtins.abs): abs_, id(builtins.zip): zip_, id(builtins.map): map_,
             id(builtins.filter): filter_, id(builtins.any): any_, id(builtins.all): all_,
             id(builtins.sorted): sorted_}

