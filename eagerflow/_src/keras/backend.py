"""Keras backend state: unique names, floatx/epsilon/image_data_format, the call context.

The bottom of the Keras package (everything else in keras/ imports it). It also
holds `init_scope()`, which lifts weight creation out of any graph being traced, as
TF's `tf.init_scope` does for Keras.
"""

from __future__ import annotations

import collections
import re
import threading
import warnings
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.function.compat_v1 import reset_default_graph
from eagerflow._src.keras.utils import io_utils

_FLOATX = ["float32"]
# Python types as Keras reads a dtype (TensorFlow backend: a Python int is int64, a complex
# complex128; tf.as_dtype refuses int, str and complex)
PYTHON_DTYPES = {bool: "bool", int: "int64", float: "float32", str: "string", "int": "int64",
                 complex: "complex128"}
_EPSILON = [1e-7]
_IMAGE_DATA_FORMAT = ["channels_last"]

_name_uids: collections.defaultdict = collections.defaultdict(int)
_name_lock = threading.Lock()


def backend() -> str:
    """The Keras 3 backend eagerflow stands for: TensorFlow."""
    return "tensorflow"


def enable_unsafe_deserialization() -> None:
    """Keras 3's switch off safe mode for every later deserialization. eagerflow never
    runs Python code from a config or file, so lambdas stay refused (the call warns); what
    it allows is loading a TFSMLayer's SavedModel (graphs only, imported op by op)."""
    _SAFE_MODE[0] = False
    warnings.warn("enable_unsafe_deserialization() does not let eagerflow load lambdas: "
                  "configs and files never load Python code (pass functions in "
                  "`custom_objects`). It does allow TFSMLayer configs.", stacklevel=2)


_SAFE_MODE: list = [None]  # None: not set (each call's `safe_mode` argument decides)


def in_safe_mode() -> bool | None:
    """The safe mode in force: a SafeModeScope's, enable_unsafe_deserialization's (False),
    or None."""
    return _SAFE_MODE[0]


class SafeModeScope:
    """Passes a deserialization's `safe_mode` down to the `from_config` calls inside."""

    def __init__(self, safe_mode: bool | None = True) -> None:
        self.safe_mode = safe_mode

    def __enter__(self) -> None:
        self._saved = _SAFE_MODE[0]
        _SAFE_MODE[0] = self.safe_mode

    def __exit__(self, *exc: Any) -> None:
        _SAFE_MODE[0] = self._saved


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
    _EPSILON[0] = value  # (kept as given, as Keras keeps it)


def image_data_format() -> str:
    return _IMAGE_DATA_FORMAT[0]


def set_image_data_format(data_format: str) -> None:
    data_format = str(data_format).lower()  # (Keras 3 takes "CHANNELS_FIRST" too)
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError("The `data_format` argument must be one of {'channels_first', "
                         f"'channels_last'}}. Received: data_format={data_format}")
    _IMAGE_DATA_FORMAT[0] = str(data_format)


# ---------------------------------------------------------------------------------------
# keras.config switches: flash attention, traceback filtering, debugging caps on fit.
# ---------------------------------------------------------------------------------------

_SWITCHES: dict = {"flash_attention": None, "traceback_filtering": True,
                   "max_epochs": None, "max_steps_per_epoch": None}


def enable_flash_attention() -> None:
    """Lets attention layers use flash attention where it applies (Keras 3's "auto": None).
    eagerflow has no flash-attention kernel; the switch is kept for code that reads it."""
    _SWITCHES["flash_attention"] = None


def disable_flash_attention() -> None:
    _SWITCHES["flash_attention"] = False


def is_flash_attention_enabled() -> bool | None:
    """None (the default, "auto": as Keras 3 says after enable_flash_attention), or False."""
    return _SWITCHES["flash_attention"]


def enable_traceback_filtering() -> None:
    """Errors raised in a layer's call or in fit/evaluate/predict show the user's frames
    without Keras's own (the default)."""
    _SWITCHES["traceback_filtering"] = True


def disable_traceback_filtering() -> None:
    _SWITCHES["traceback_filtering"] = False


def is_traceback_filtering_enabled() -> bool:
    return _SWITCHES["traceback_filtering"]


def set_max_epochs(max_epochs: int | None) -> None:
    """Caps the epochs of every fit (None: no cap), for quick debugging runs."""
    _SWITCHES["max_epochs"] = max_epochs


def max_epochs() -> int | None:
    return _SWITCHES["max_epochs"]


def set_max_steps_per_epoch(max_steps_per_epoch: int | None) -> None:
    """Caps the steps of every epoch of fit, evaluate and predict (None: no cap)."""
    _SWITCHES["max_steps_per_epoch"] = max_steps_per_epoch


def max_steps_per_epoch() -> int | None:
    return _SWITCHES["max_steps_per_epoch"]


def is_nnx_enabled() -> bool:
    """Whether Flax NNX is on: it is a JAX backend feature, so never here."""
    return False


def set_backend(backend: str) -> None:
    """Keras 3 reloads itself on another backend; eagerflow is Keras 3 on TensorFlow only."""
    if backend != "tensorflow":
        raise ValueError(f"eagerflow runs Keras 3 on its TensorFlow backend only; it cannot "
                         f"switch to backend={backend!r}.")


def to_snake_case(name: str) -> str:
    """`Conv2D` -> `conv2d`, `GlobalAveragePooling2D` -> `global_average_pooling2d`."""
    name = re.sub(r"\W+", "", name)
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()


def uniquify(name: str) -> str:
    """`name` the first time, then `name_1`, `name_2`, ... (until clear_session)."""
    with _name_lock:
        n = _name_uids[name]
        _name_uids[name] = n + 1
    return name if n == 0 else f"{name}_{n}"


def auto_name(prefix: str) -> str:
    """Keras 3's automatic object name: the snake-cased class name, made unique."""
    return uniquify(to_snake_case(prefix))


def get_uid(prefix: str = "") -> int:
    with _name_lock:
        _name_uids[prefix] += 1
        return _name_uids[prefix]


def reset_uids() -> None:
    with _name_lock:
        _name_uids.clear()


_SESSION_RESETS: list = []


def on_clear_session(reset: Any) -> Any:
    """Registers `reset` (no arguments) to run at each clear_session: the modules above
    this one (the global dtype policy) forget their session state through it."""
    _SESSION_RESETS.append(reset)
    return reset


def clear_session(free_memory: bool = True) -> None:
    """Resets the layer-name counters, the learning phase and the keras.config switches
    Keras 3 keeps as session state (the global dtype policy, traceback filtering, flash
    attention, interactive logging): Keras's clear_session drops its whole global state,
    so a policy set before it is float32 (floatx) again after it. As Keras's TF backend, it
    resets TF's default graph too (its collections and variable-scope counts; inside
    another graph TF's AssertionError). `free_memory` (Keras's garbage collection after the
    reset) changes nothing here: no backend state is held."""
    reset_default_graph()
    reset_uids()
    _LEARNING_PHASE[0] = None
    _SWITCHES["traceback_filtering"] = True
    _SWITCHES["flash_attention"] = None
    io_utils.enable_interactive_logging()
    for reset in _SESSION_RESETS:
        reset()
    call_context.distribution = None  # (Keras's global state goes with the session)
    call_context.training = None  # (as its outermost call's context does)


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
        self.autocast: str | None = None  # float variables read in this dtype (mixed policies)
        self.distribution: Any = None  # keras.distribution's current one (per thread, as Keras)


call_context = _CallContext()


class init_scope:  # noqa: N801 - a context manager used like TF's tf.init_scope()
    """Runs a block eagerly even while a graph is being traced (for weight creation)."""

    __slots__ = ("_saved",)

    def __enter__(self) -> None:
        st = _state
        self._saved = (st.graph, st.tapes, call_context.symbolic, st.name_scopes)
        st.lifted.append(st.graph)
        # (out of a Keras scratch graph, TF's name scopes are those open outside it: a
        # subclassed model's sublayers built by its first call name their TF variables
        # `model/kernel`, as Keras 3 on TF does)
        outer = getattr(st.graph, "outer_name_scopes", None)
        if outer is not None:
            st.name_scopes = outer
        st.graph = None
        st.tapes = []
        call_context.symbolic = False

    def __exit__(self, *exc: Any) -> None:
        st = _state
        st.graph, st.tapes, call_context.symbolic, st.name_scopes = self._saved
        st.lifted.pop()


# ---------------------------------------------------------------------------------------
# dtypes: names and defaults.
# ---------------------------------------------------------------------------------------

def standardize_dtype(dtype: Any) -> dt.DType:
    if dtype is None:
        return dt.as_dtype(floatx())
    if hasattr(dtype, "compute_dtype") and not isinstance(dtype, dt.DType):  # a DTypePolicy
        return dt.as_dtype(dtype.compute_dtype)
    try:
        dtype = PYTHON_DTYPES.get(dtype, dtype)
    except TypeError:  # (unhashable: as_dtype refuses it)
        pass
    return dt.as_dtype(dtype)


def standardize_dtype_name(dtype: Any) -> str:
    """`keras.utils.standardize_dtype`: a dtype's name (`'float32'`); None is floatx."""
    return standardize_dtype(dtype).name
