"""tf.compat: the TF 1.x API (v1) and the TF 2 API (v2) under their compatibility names."""

import contextlib
import datetime
import numbers
import os
from typing import Any, Iterator

import numpy as np

from eagerflow._src.core.shape import (
    dimension_at_index as dimension_at_index,
    dimension_value as dimension_value,
)
from eagerflow.compat import v1 as v1
from eagerflow.compat import v2 as v2

bytes_or_text_types = (bytes, str)
integral_types = (numbers.Integral, np.integer)
real_types = (numbers.Real, np.integer, np.floating)
complex_types = (numbers.Complex, np.number)


def as_bytes(bytes_or_text, encoding="utf-8"):
    if isinstance(bytes_or_text, bytearray):
        return bytes(bytes_or_text)
    if isinstance(bytes_or_text, str):
        return bytes_or_text.encode(encoding)
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


def as_text(bytes_or_text, encoding="utf-8"):
    if isinstance(bytes_or_text, str):
        return bytes_or_text
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text.decode(encoding)
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


as_str = as_text


def as_str_any(value: Any, encoding: str = "utf-8") -> str:
    """`value` as text: bytes are decoded, anything else goes through str()."""
    if isinstance(value, bytes):
        return as_str(value, encoding=encoding)
    return str(value)


def path_to_str(path: Any) -> Any:
    """An os.PathLike as its string; anything else as it is."""
    return os.fspath(path) if isinstance(path, os.PathLike) else path


# TF 2.21's forward-compatibility horizon: the first day its ops are not promised to read
# graphs written for. TF_FORWARD_COMPATIBILITY_DELTA_DAYS moves it, as in TF.
_HORIZON = datetime.date(2026, 1, 16)
_horizon_override: datetime.date | None = None


def _horizon() -> datetime.date:
    if _horizon_override is not None:
        return _horizon_override
    delta = os.environ.get("TF_FORWARD_COMPATIBILITY_DELTA_DAYS")
    return _HORIZON + datetime.timedelta(days=int(delta)) if delta else _HORIZON


def forward_compatible(year: int, month: int, day: int) -> bool:
    """Whether graphs may use features of ops added after `year-month-day`."""
    return _horizon() > datetime.date(year, month, day)


@contextlib.contextmanager
def forward_compatibility_horizon(year: int, month: int, day: int) -> Iterator[None]:
    """Within the block, the horizon is `year-month-day`."""
    global _horizon_override
    saved, _horizon_override = _horizon_override, datetime.date(year, month, day)
    try:
        yield
    finally:
        _horizon_override = saved
