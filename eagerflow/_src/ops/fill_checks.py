"""TF's shape function's checks of a Fill while a graph is built, with its node as TF's
graph names it: dims a vector, value a scalar, dims without -1 (ops layer, over
dynshape.py; array.py's Fill calls them).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dynshape import constant_not_a_vector


def _fill_node_error(dims: Any, value: Any, name: str | None, reason: str,
                     shapes: str) -> ValueError:
    """TF's shape function's refusal of a Fill for `reason` (`shapes`: its inputs' and what
    follows them), naming the node and its inputs as TF's graph has them: a Python or
    NumPy argument as the Const TF makes of it in the op's scope ("Fill/dims"), its dims'
    index_type int64 where they are (a NumPy int64 too)."""
    node = name[:-1] if name and name.endswith("/") else \
        _state.graph.unique_name(name or "Fill", mark=False)

    def input_name(t: Any, arg: str) -> str:
        if not C.is_graph_tensor(t):
            return f"{node}/{arg}"
        return t.name[:-2] if t.name.endswith(":0") else t.name

    d = value._dtype if isinstance(value, Tensor) else convert_to_tensor(value)._dtype
    wide = getattr(dims, "_dtype", None) is dt.int64 or \
        isinstance(dims, (np.ndarray, np.integer)) and dims.dtype == np.int64 or \
        type(dims) is int and not -2**31 <= dims < 2**31  # (its Const infers int64)
    return ValueError(f"{reason} for '{{{{node {node}}}}} = Fill[T={C.dt_enum(d)}, index_type="
                      f"DT_INT{64 if wide else 32}]({input_name(dims, 'dims')}, "
                      f"{input_name(value, 'value')})' with input shapes: {shapes}")


def fill_minus_one(dims: Any, value: Any, static: tuple, name: str | None) -> ValueError:
    """TF's refusal of a Fill whose dims hold -1 (a dim its shape function reads as
    unknown)."""
    partial = C.shape_str(tuple(None if v == -1 else v for v in static))
    return _fill_node_error(dims, value, name, "Fill dimensions must be >= 0",
                            f"[{len(static)}], [] and with input tensors computed as partial "
                            f"shapes: input[0] = {partial}.")


def _rank_of(v: Any) -> tuple | None:
    """The shape of a Fill argument as its node's input would have it (None: unknown)."""
    if isinstance(v, Tensor):
        return v._shape
    try:
        return np.shape(v)
    except ValueError:  # (a ragged list: its conversion's error, later)
        return None


def _kind(v: Any) -> str | None:
    """NumPy's kind of a constant argument's values (None: not one NumPy reads)."""
    if isinstance(v, TensorShape) or isinstance(v, (list, tuple)) and \
            any(isinstance(x, Tensor) for x in v):
        return None
    try:
        return np.asarray(v).dtype.kind
    except (TypeError, ValueError):
        return None


def fill_ranks(dims: Any, value: Any, name: str | None) -> None:
    """TF's shape function's rank checks of a Fill while a graph is built: dims a vector
    (a tensor's, or a constant's: an int, nested lists), then value a scalar, both
    ValueErrors (eagerly TF's kernel takes scalar dims, a value of one element)."""
    kind = ("i" if dims._dtype in (dt.int32, dt.int64) else "x") if isinstance(dims, Tensor) \
        else _kind(dims)
    if kind not in ("i", "u", None):
        return  # (dims of another type: the conversion's TypeError, TF's first)
    if isinstance(dims, TensorShape):
        ds = None if dims.rank is None else (dims.rank,)
    elif isinstance(dims, (list, tuple)) and constant_not_a_vector(dims) is None:
        ds = (len(dims),)  # (a vector, or a list holding tensors: stacked into one)
    else:
        ds = _rank_of(dims)
    vs = _rank_of(value)
    if ds is not None and len(ds) != 1:
        reason = f"Shape must be rank 1 but is rank {len(ds)}"
    elif vs is not None and len(vs) != 0:
        reason = f"Shape must be rank 0 but is rank {len(vs)}"
    else:
        return
    shown = ", ".join("?" if s is None else C.shape_str(s) for s in (ds, vs))
    raise _fill_node_error(dims, value, name, reason, shown + ".")

