"""`t[i]` with graph tensors in the key: indices and slice bounds known only at run time.

Sits in ops/, above array and indexing. Tensor.__getitem__ compiles a key of Python
values into one StridedSlice; inside tf.function a loop counter or a computed bound is
a symbolic tensor instead. The static part of the key still becomes one strided slice,
then each dynamic axis is one gather: of the index itself, or of the range a slice
selects (bounds wrapped and clipped as Python and TF do). Gathers are differentiable to
any order, and an index out of range is GatherV2's InvalidArgumentError.
"""

from __future__ import annotations

import builtins
from typing import Any

from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor


def is_dynamic(k: Any) -> bool:
    """Whether a key component holds a tensor whose value is not known yet."""
    if isinstance(k, builtins.slice):
        return any(is_dynamic(p) for p in (k.start, k.stop, k.step))
    return isinstance(k, Tensor) and not isinstance(k, EagerTensor)


def dynamic_getitem(x: Tensor, key: tuple) -> Tensor | None:
    """`x[key]`, or None when no component of the key is a graph tensor."""
    from eagerflow._src.ops.array import getitem

    if not any(is_dynamic(k) for k in key):
        return None
    static, dynamic = [], []
    for k in key:
        if is_dynamic(k):
            if not isinstance(k, builtins.slice) and (k._shape != () or not k._dtype.is_integer):
                raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis "
                                "(`None`) and scalar tf.int32/tf.int64 tensors are valid "
                                f"indices, got {k!r}")
            dynamic.append((len(static), k))
            static.append(builtins.slice(None))
        else:
            static.append(k)
    full = builtins.slice(None)
    trivial = all(isinstance(k, builtins.slice) and k == full for k in static)
    y = x if trivial else getitem(x, tuple(static))
    axes = _output_axes(static, None if x._shape is None else len(x._shape))
    # last axis first, so that removing one (a gathered index) does not move the others
    for pos, k in sorted(dynamic, key=lambda d: -axes[d[0]]):
        y = _take(y, k, axes[pos])
    return y


def _output_axes(key: list, ndim: int | None) -> dict:
    """Key position -> the axis of the strided slice's result it selects (for slices)."""
    consumed = sum(1 for k in key if k is not None and k is not Ellipsis)
    out, axes = 0, {}
    for p, k in enumerate(key):
        if k is None:
            out += 1
        elif k is Ellipsis:
            if ndim is None:
                raise ValueError("An ellipsis with a tensor index needs a tensor of known rank")
            out += ndim - consumed
        elif isinstance(k, builtins.slice):
            axes[p] = out
            out += 1
    return axes


def _take(y: Tensor, k: Any, axis: int) -> Tensor:
    from eagerflow._src.ops.array import range as range_
    from eagerflow._src.ops.array import shape
    from eagerflow._src.ops.indexing import gather
    from eagerflow._src.ops.math import cast, maximum

    dim = shape(y)[axis]
    if not isinstance(k, builtins.slice):
        i = k if k._dtype.name == "int32" else cast(k, "int32")
        return gather(y, _wrap(i, dim), axis=axis)
    step = 1 if k.step is None else k.step
    if not isinstance(step, Tensor) and int(step) <= 0:
        raise ValueError("A slice with tensor bounds needs a positive step")
    start = 0 if k.start is None else _clip(_wrap(_int(k.start), dim), dim)
    stop = dim if k.stop is None else _clip(_wrap(_int(k.stop), dim), dim)
    return gather(y, range_(start, maximum(stop, start), _int(step)), axis=axis)


def _int(v: Any) -> Tensor:
    from eagerflow._src.ops.math import cast

    t = convert_to_tensor(v, dtype_hint="int32")
    return t if t._dtype.name == "int32" else cast(t, "int32")


def _wrap(i: Tensor, dim: Tensor) -> Tensor:
    # a negative index counts from the end; one still out of range stays out of range
    from eagerflow._src.ops.math import cast

    return i + cast(i < 0, "int32") * dim


def _clip(i: Tensor, dim: Tensor) -> Tensor:
    from eagerflow._src.ops.math import clip_by_value

    return clip_by_value(i, 0, dim)
