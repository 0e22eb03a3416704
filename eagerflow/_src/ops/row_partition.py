"""A RaggedTensor's row partition as TF's RowPartition builds it in a factory: the row
splits from value row ids or a uniform row length, their checks in TF's order, and TF's
name scopes (`ragged_scope`) and constants' names in a traced graph.

Ops layer, below ragged_tensor.py, whose factories use it.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops.array import concat
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.math import maximum
from eagerflow._src.ops.math_base import cast, identity
from eagerflow._src.ops.misc_ops import bincount
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as range_op


def ragged_scope(default: str) -> Callable:
    """A ragged factory or op run under TF's name scope for it (its `name`, else
    `default`: "RaggedFromRowSplits"), so that its traced nodes, and a failed check's
    message, are named as TF's ("RaggedFromRowSplits/assert_equal_1/..."); eagerly none,
    as TF's."""
    def wrap(fn: Callable) -> Callable:
        at = list(inspect.signature(fn).parameters).index("name")

        @functools.wraps(fn)
        def scoped(*args: Any, **kwargs: Any) -> Any:
            if _state.graph is None:  # (wrapper_scope's none, without its context)
                return fn(*args, **kwargs)
            name = args[at] if len(args) > at else kwargs.get("name")
            with wrapper_scope(name, default):
                return fn(*args, **kwargs)
        return scoped
    return wrap


def all_eager(*xs: Any) -> bool:
    return all(isinstance(x, EagerTensor) for x in xs)


def static_len(t: Any) -> int | None:
    return None if t._shape is None or not t._shape else t._shape[0]


def index_scalar(value: Any, dtype: dt.DType | None, what: str) -> Tensor:
    """A row partition's scalar (nrows, a uniform row length) as TF's RowPartition
    converts it: to `dtype` where an earlier part set it (a tensor of another dtype is
    refused: its conversion's ValueError, named `what`), else its own dtype (a Python
    value int64); an int32 or int64 scalar."""
    if dtype is None and isinstance(value, np.ndarray) and value.dtype == np.int32:
        t = convert_to_tensor(value, name=what)  # (TF's: an int32 array stays int32)
    elif dtype is None:
        t = value if isinstance(value, Tensor) else convert_to_tensor(
            value, dtype_hint=dt.int64, name=what)
    else:
        t = convert_to_tensor(value, dtype, name=what)
    if t._dtype not in (dt.int32, dt.int64):
        raise ValueError(f"{what} must have dtype int32 or int64")
    if t._shape not in (None, ()):
        raise ValueError(f"Shape {TensorShape(t._shape)} must have rank 0")
    return t


def rowids_partition(rowids: Tensor, nrows: Any, validate: bool) -> tuple:
    """from_value_rowids' row splits and row count, checked as TF's RowPartition checks
    them (`nrows` None: one past the last id)."""
    if nrows is None:
        if all_eager(rowids):
            nrows = convert_to_tensor(int(rowids._arr[-1]) + 1 if rowids._arr.size else 0,
                                      rowids._dtype)
        else:
            # (TF's: the last id, or -1 where there are none, plus one)
            last = concat([rowids[-1:], convert_to_tensor([-1], rowids._dtype)], 0)[0]
            nrows = last + convert_to_tensor(1, rowids._dtype)
    else:
        given, nrows = nrows, index_scalar(nrows, rowids._dtype, "nrows")
        if all_eager(nrows) and int(nrows._arr) < 0:
            raise ValueError(f"Expected nrows >= 0; got {int(nrows._arr)}")
        if all_eager(nrows, rowids) and rowids._arr.size and int(nrows._arr) < \
                int(rowids._arr[-1]) + 1:
            raise ValueError(f"Expected nrows >= value_rowids[-1] + 1; got "
                             f"nrows={int(nrows._arr)}, "
                             f"value_rowids[-1]={int(rowids._arr[-1])}")
        nrows = graph_constant(nrows, given, "nrows")
    if validate:
        msg = "Arguments to from_value_rowids do not form a valid RowPartition"
        dbg.assert_non_negative(rowids[:1], message=msg)
        dbg.assert_non_negative(rowids[1:] - rowids[:-1], message=msg)
        # (TF's check of the last id, found at run time in a graph; of nrows itself none)
        dbg.assert_less(rowids[-1:], nrows, message=msg)
    # (TF's rule: the splits are the running sum of each row's count of ids, counted by
    # bincount of the ids as int32 bounded to nrows: an id past the rows is dropped, a
    # negative one DenseBincount's refusal)
    bound = cast(nrows, dt.int32)
    lengths = bincount(cast(rowids, dt.int32), minlength=bound, maxlength=bound,
                       dtype=rowids._dtype)
    splits = splits_from_lengths(lengths)
    known = partial_value(nrows)
    if isinstance(known, (int, np.integer)) and static_len(splits) is None:
        splits.set_shape([int(known) + 1])  # (TF's: the splits of a constant nrows)
    return splits, nrows


def uniform_partition(length: Tensor, nvals: Tensor, nrows: Any, validate: bool) -> tuple:
    """from_uniform_row_length's row splits and row count (`nrows` None: as many rows as
    the values fill), checked as TF's RowPartition checks them."""
    if nrows is None:
        if all_eager(length, nvals):
            n = int(nvals._arr) // int(length._arr) if int(length._arr) else 0
            nrows = convert_to_tensor(n, length._dtype)
        else:
            nrows = nvals // maximum(length, convert_to_tensor(1, length._dtype))
    else:  # (converted to the length's dtype: a tensor of the other is refused)
        nrows = index_scalar(nrows, length._dtype, "nrows")
    if all_eager(length, nvals, nrows):
        if int(length._arr) * int(nrows._arr) != int(nvals._arr):
            raise ValueError(f"uniform_row_length={int(length._arr)} times "
                             f"nrows={int(nrows._arr)} must equal nvals={int(nvals._arr)}")
        if validate and int(length._arr) < 0:
            raise ValueError("uniform_row_length must be >= 0.")
        return range_op(nrows + convert_to_tensor(1, nrows._dtype)) * length, nrows
    splits = range_op(nrows + convert_to_tensor(1, nrows._dtype)) * length
    if validate:
        # (TF's order: the splits, then the check, which they wait for; its data the
        # numbers between its words, no condition line)
        check = dbg.assert_equal_v1(nrows * length, nvals, ("uniform_row_length", length,
                                                            "times nrows", nrows,
                                                            "must equal nvals", nvals))
        with control_dependencies([check]):
            splits = identity(splits, name="control_dependency")
    return splits, nrows


def graph_constant(t: Tensor, given: Any, name: str) -> Tensor:
    """`t`, converted from the Python value `given`, as a constant of the graph being
    built named `name` under the current scope, as TF's conversion there names it
    (".../RowPartitionFromValueRowIds/nrows"); eagerly, or for a tensor given, `t`."""
    graph = _state.graph
    if graph is None or isinstance(given, Tensor) or not isinstance(t, EagerTensor):
        return t
    return graph.capture(t, graph.unique_name(name, mark=False))


def splits_from_lengths(lengths: Tensor) -> Tensor:
    zero = convert_to_tensor([0], lengths._dtype)
    return concat([zero, cumsum(lengths)], 0)
