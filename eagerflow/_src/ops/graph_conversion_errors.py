"""The errors TF's graph builder raises where an op's operand does not convert to the
dtype its other operand gives it while tracing (a Python value beside a tensor): which
value it names and when conversion's own words stand. eagerflow's op functions raise them
through dispatch; graph/ir.py words them."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.py_conversion import has_tensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor


def first_alone(x: Any, y: Any) -> bool:
    """Whether x is a value to convert (not a tensor or variable) and y a tensor or
    variable, whose dtype a converter would otherwise offer x. (TF's graph builder
    converts such an x on its own: y must then match it.)"""
    return not (isinstance(x, Tensor) or hasattr(x, "_as_tensor")) and (
        isinstance(y, Tensor) or hasattr(y, "_as_tensor"))


def conversion_error(op: Any, x: Any, y: Any, attrs: dict | None, error: Exception,
                     hinted: bool = False) -> Exception:
    """`error`, or while tracing, where the value `y` did not convert to the tensor `x`'s
    dtype (or to that of the Python value x's own conversion), the error TF's graph builder
    raises for it (graph/ir.py words it); a None that TF's Python converts before the op
    wrapper (`hinted`) keeps conversion's own words."""
    g = _state.graph
    if g is None or isinstance(y, Tensor):
        return error
    if not isinstance(x, Tensor):
        # (two Python values: TF's graph builder converts the first on its own, whose
        # dtype the second must then take)
        if isinstance(x, CompositeTensor) or hasattr(x, "_as_tensor") or has_tensor(x):
            return error
        try:
            x = convert_to_tensor(x)
        except (TypeError, ValueError):
            return error
    # (a list of Python values: TF's graph constant refuses a None or a string among
    # numbers, or NumPy a ragged list, before the op wrapper words it)
    plain = isinstance(y, (list, tuple)) and not has_tensor(y)
    # (a Python scalar too: the graph constant's element check, core.tensor's "Expected")
    checked = plain or isinstance(y, (int, float, complex, str, bytes))
    if not ((type(error) is TypeError and str(error).startswith(
                ("Cannot convert", "Expected") if checked else "Cannot convert"))
            or (type(error) is ValueError and not hinted and (y is None or plain))):
        return error
    return g.conversion_error(op, x, y, attrs or {}, error, first_misfit(y, x._dtype))


def first_misfit(value: Any, dtype: Any) -> Any:
    """The first element of a nested list that does not convert to `dtype` (TF's messages
    name that one), or the value itself."""
    if isinstance(value, (list, tuple)):
        for v in value:
            bad = first_misfit(v, dtype)
            try:
                convert_to_tensor(bad, dtype)
            except (TypeError, ValueError):
                return bad
    return value
