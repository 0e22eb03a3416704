"""Keras backend state: unique names, floatx/epsilon/image_data_format, the call context.

The bottom of the Keras package (everything else in keras/ imports it). It also
holds `init_scope()`, which lifts weight creation out of any graph being traced, as
TF's `tf.init_scope` does for Keras.
"""

from __future__ import annotations

import collections
import re
import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, seeds
from eagerflow._src.ops.random import get_seed

_FLOATX = ["float32"]
_EPSILON = [1e-7]
_IMAGE_DATA_FORMAT = ["channels_last"]

_name_uids: collections.defaultdict = collections.defaultdict(int)
_name_lock = threading.Lock()


def floatx() -> str:
    return _FLOATX[0]


def set_floatx(value: str) -> None:
    accepted = {"float16", "bfloat16", "float32", "float64"}
    if value not in accepted:
        raise ValueError(f"Unknown `floatx` value: {value}. Expected one of {accepted}")
    _FLOATX[0] = str(value)


def epsilon() -> float:
    return _EPSILON[0]


def set_epsilon(value: float) -> None:
    _EPSILON[0] = float(value)


def image_data_format() -> str:
    return _IMAGE_DATA_FORMAT[0]


def set_image_data_format(data_format: str) -> None:
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError("The `data_format` argument must be one of {'channels_first', "
                         f"'channels_last'}}. Received: data_format={data_format}")
    _IMAGE_DATA_FORMAT[0] = str(data_format)


def to_snake_case(name: str) -> str:
    """`Conv2D` -> `conv2d`, `GlobalAveragePooling2D` -> `global_average_pooling2d`."""
    s = re.sub(r"(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    s = re.sub(r"([a-z])([A-Z])", r"\1_\2", s).lower()
    return s if s[0] != "_" else "private" + s


def unique_object_name(name: str, zero_based: bool = True) -> str:
    """`dense`, `dense_1`, ... (or `input_1`, `input_2`, ... when not zero based)."""
    with _name_lock:
        n = _name_uids[name]
        _name_uids[name] = n + 1
    if zero_based:
        return name if n == 0 else f"{name}_{n}"
    return f"{name}_{n + 1}"


def observe_object_name(name: str) -> None:
    """Makes an explicitly given name count as taken, as Keras does for `name=`."""
    with _name_lock:
        if _name_uids[name] == 0:
            _name_uids[name] = 1


def get_uid(prefix: str = "") -> int:
    with _name_lock:
        _name_uids[prefix] += 1
        return _name_uids[prefix]


def reset_uids() -> None:
    with _name_lock:
        _name_uids.clear()


def clear_session() -> None:
    """Resets the layer-name counters (and the learning phase)."""
    reset_uids()
    _LEARNING_PHASE[0] = None


# ---------------------------------------------------------------------------------------
# Learning phase and the per-thread call context (training mode of the outer call).
# ---------------------------------------------------------------------------------------

_LEARNING_PHASE: list = [None]


def learning_phase() -> int:
    return 0 if _LEARNING_PHASE[0] is None else _LEARNING_PHASE[0]


def set_learning_phase(value: int) -> None:
    if value not in (0, 1):
        raise ValueError("Expected learning phase to be 0 or 1.")
    _LEARNING_PHASE[0] = value


def global_learning_phase_is_set() -> bool:
    return _LEARNING_PHASE[0] is not None


class _CallContext(threading.local):
    def __init__(self) -> None:
        self.depth = 0               # how many Layer.__call__ frames are active
        self.training: Any = None    # the training mode of the innermost call
        self.symbolic = False        # a functional model is being built (KerasTensors)


call_context = _CallContext()


class init_scope:  # noqa: N801 - a context manager used like TF's tf.init_scope()
    """Runs a block eagerly even while a graph is being traced (for weight creation)."""

    __slots__ = ("_saved",)

    def __enter__(self) -> None:
        st = _state
        self._saved = (st.graph, st.tapes, call_context.symbolic)
        st.graph = None
        st.tapes = []
        call_context.symbolic = False

    def __exit__(self, *exc: Any) -> None:
        st = _state
        st.graph, st.tapes, call_context.symbolic = self._saved


# ---------------------------------------------------------------------------------------
# Initial values and dtypes: the generators behind the initializers, dtype names.
# ---------------------------------------------------------------------------------------

def numpy_rng(seed: int | None) -> np.random.Generator:
    """A generator for initial values: from `seed`, else from tf.random.set_seed's seed."""
    if seed is not None:
        return np.random.default_rng(int(seed))
    if seeds.global_seed is not None:
        return np.random.default_rng(get_seed(None))  # the next op seed of the global seed
    return seeds.unseeded_rng


def standardize_dtype(dtype: Any) -> dt.DType:
    if dtype is None:
        return dt.as_dtype(floatx())
    if hasattr(dtype, "compute_dtype") and not isinstance(dtype, dt.DType):  # a DTypePolicy
        return dt.as_dtype(dtype.compute_dtype)
    return dt.as_dtype(dtype)
