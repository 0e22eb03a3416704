"""What TF's `[]` checks of a Python key before it packs the key into StridedSlice's
begin, end and strides: each component's type, and the packing itself (one dtype per list,
a Python bool first making the list bool).

Sits in ops/ under slicing.py, which builds the slice from the checked key.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.ops import checks as C

BAD_INDEX = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
             "tf.int32/tf.int64 tensors are valid indices, got {!r}")
INDEX_DTYPES = (dt.int16, dt.int32, dt.int64)  # StridedSlice's Index


def static_bound(v: Any) -> int:
    """An index or slice bound of a Python key: an integer, or a scalar int16/int32/int64
    tensor (TF's check, before it packs them: a float, or a uint8 tensor, is refused)."""
    if isinstance(v, EagerTensor):
        if v._shape or v._dtype not in INDEX_DTYPES:
            raise TypeError(BAD_INDEX.format(v))
    elif isinstance(v, np.ndarray):
        if v.shape or v.dtype not in (np.int16, np.int32, np.int64):
            raise TypeError(BAD_INDEX.format(v))
    elif not hasattr(v, "__index__"):
        raise TypeError(BAD_INDEX.format(v))
    return int(v)


def _begins(key: tuple) -> list:
    """TF's begin list for `key`: each slice's start, each index, 0 for the rest."""
    return [(k.start if isinstance(k, slice) else None if k is Ellipsis else k)
            if k is not None else None for k in key]


def packed_bools(key: tuple) -> None:
    """TF packs a key's begins into one tensor, its dtype the first's: a Python bool first
    makes it bool (unless a tensor sets the dtype), which StridedSlice refuses, or which
    the next int cannot join. (A bool after an int is the int 1 or 0.)"""
    begins = [0 if b is None else b for b in _begins(key)]
    if any(isinstance(b, Tensor) for b in begins):
        return
    for b in begins:
        if b.__class__ is not bool:
            raise TypeError(f"Cannot convert {b!r} to EagerTensor of dtype bool")
    raise C.not_supported("StridedSlice", dt.bool, frozenset(INDEX_DTYPES), "Index")


def same_index_dtypes(key: tuple) -> None:
    """TF packs a key's begins, ends and strides, each list into one tensor: tensors of two
    dtypes in one list fail its Pack."""
    lists = (_begins(key), [k.stop if isinstance(k, slice) else k for k in key],
             [k.step if isinstance(k, slice) else None for k in key])
    for values in lists:
        first = None
        for i, v in enumerate(values):
            if isinstance(v, EagerTensor):
                first = first or v._dtype
                if v._dtype is not first:
                    raise InvalidArgumentError(
                        None, None, f"cannot compute Pack as input #{i}(zero-based) was "
                        f"expected to be a {C.dtype_word(first)} tensor but is a "
                        f"{C.dtype_word(v._dtype)} tensor [Op:Pack] name: stack")
