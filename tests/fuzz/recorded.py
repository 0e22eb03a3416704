"""A call's outcome in the form the fuzz campaigns record TF 2.21's answers in (the
regression files of the replayed seeds compare eagerflow's against them)."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np


def _finite(x: Any) -> Any:
    """Values as data: a NaN or an infinity as its repr."""
    if isinstance(x, list):
        return [_finite(y) for y in x]
    if isinstance(x, (float, complex)) and not np.isfinite(x):
        return repr(x)
    return x


def _of(v: Any) -> Any:
    if isinstance(v, (list, tuple)):  # (a namedtuple as a tuple)
        return [type(v).__name__ if type(v) in (list, tuple) else "tuple"] + [_of(x) for x in v]
    if hasattr(v, "flat_values") and hasattr(v, "nested_row_splits"):
        return ("ragged", _of(v.flat_values), [_of(s) for s in v.nested_row_splits])
    if hasattr(v, "numpy") and hasattr(v, "dtype"):
        a = np.asarray(v.numpy())
        return (v.dtype.name, list(a.shape), _finite(a.tolist()))
    return ("py", repr(v))


def outcome(fn: Callable[[], Any]) -> Any:
    """What a call gave, in the recording's form: ("raise", class, first line) or its
    values (per tensor: dtype name, shape, values)."""
    try:
        return _of(fn())
    except Exception as e:  # noqa: BLE001 - the error is the recorded answer
        lines = str(e).strip().splitlines()
        return ("raise", type(e).__name__, lines[0] if lines else "")
