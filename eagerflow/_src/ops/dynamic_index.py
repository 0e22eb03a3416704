"""`t[key]` with graph tensors in the key: indices and slice bounds known only at run time.

Sits in ops/, above array and slicing. Tensor.__getitem__ compiles a key of Python values
into one StridedSlice with a static spec; inside tf.function a loop counter or a computed
bound is a symbolic tensor instead. As TF does, the key then becomes begin/end/strides
vectors plus bit masks, and tf.strided_slice takes them as runtime inputs: one op whose
static shape is TF's (a dim is unknown unless the key leaves it whole), whose runtime
errors are StridedSlice's, and whose gradient is an op of the same kind.
"""

from __future__ import annotations

import builtins
from typing import Any

from eagerflow._src.core.tensor import EagerTensor, Tensor

_BAD_INDEX = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
              "tf.int32/tf.int64 tensors are valid indices, got {!r}")


def is_dynamic(k: Any) -> bool:
    """Whether a key component holds a tensor whose value is not known yet."""
    if isinstance(k, builtins.slice):
        return any(is_dynamic(p) for p in (k.start, k.stop, k.step))
    return isinstance(k, Tensor) and not isinstance(k, EagerTensor)


def _index(v: Any) -> Any:
    """One index or slice bound: a Python int or a scalar integer tensor."""
    if isinstance(v, Tensor):
        if v._shape != () or not v._dtype.is_integer:
            raise TypeError(_BAD_INDEX.format(v))
        return v
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError(_BAD_INDEX.format(v))
    return int(v)


def dynamic_getitem(x: Tensor, key: tuple) -> Tensor | None:
    """`x[key]`, or None when no component of the key is a graph tensor."""
    from eagerflow._src.ops.slicing import dynamic_strided_slice

    if not any(is_dynamic(k) for k in key):
        return None
    begin, end, strides = [], [], []
    masks = dict.fromkeys(("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                           "shrink_axis_mask"), 0)
    for i, k in enumerate(key):
        bit = 1 << i
        b, e, s = 0, 0, 1
        if k is None:
            masks["new_axis_mask"] |= bit
        elif k is Ellipsis:
            masks["ellipsis_mask"] |= bit
        elif isinstance(k, builtins.slice):
            s = 1 if k.step is None else _index(k.step)
            if isinstance(s, int) and s == 0:
                raise ValueError("slice step cannot be zero")
            if k.start is None:
                masks["begin_mask"] |= bit
            else:
                b = _index(k.start)
            if k.stop is None:
                masks["end_mask"] |= bit
            else:
                e = _index(k.stop)
        else:
            b = _index(k)
            masks["shrink_axis_mask"] |= bit  # end is unused for a shrunk axis
        begin.append(b)
        end.append(e)
        strides.append(s)
    return dynamic_strided_slice(x, begin, end, strides, masks, widen=True)
