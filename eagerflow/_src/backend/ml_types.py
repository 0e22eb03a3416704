"""ml_dtypes' NumPy types (bfloat16, and tf.dtypes.experimental's float8, float4, int4 and
int2 types), imported on first use.

Importing ml_dtypes 0.7 registers ufunc loops and casts among its 21 types: ~0.4 s of CPU
under NumPy 2.4, several times the rest of `import eagerflow`. Only data of those types
needs it, and no array can hold them before ml_dtypes is imported, by eagerflow or by the
program. So core/dtypes.py asks `load()` when such a dtype's NumPy type is first read (or
an array of an unknown type arrives while the program has ml_dtypes), and `HALF_TYPES`
gains bfloat16 then. Without ml_dtypes installed, `load()` finds nothing and those dtypes
keep no NumPy type, as before.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

# The 2-byte float types the half-precision kernels take: float16, and bfloat16 once
# ml_dtypes is loaded (the same set object throughout: modules test membership in it)
HALF_TYPES: set = {np.dtype(np.float16)}

_lock = threading.Lock()
_loaded: list = []  # [the ml_dtypes module, or None without it], once load() has run


def load() -> Any:
    """The ml_dtypes module, imported now if it was not (None where it is not installed)."""
    if not _loaded:
        with _lock:
            if not _loaded:
                _loaded.append(_import())
    return _loaded[0]


def _import() -> Any:
    try:
        import ml_dtypes  # optional (the `dtypes` extra)
    except ImportError:
        return None
    HALF_TYPES.add(np.dtype(ml_dtypes.bfloat16))
    return ml_dtypes


def numpy_type(name: str) -> np.dtype | None:
    """ml_dtypes' NumPy dtype `name` (loading ml_dtypes), or None without it or in an
    older ml_dtypes that lacks the type."""
    t = getattr(load(), name, None)
    return None if t is None else np.dtype(t)

