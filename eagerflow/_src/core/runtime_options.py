"""tf.config.threading and tf.config.optimizer: the runtime's thread counts and the graph
optimizer's switches; tf.config.experimental's runtime switches (op determinism, TF32,
synchronous execution, the device policy); tf.experimental's executor scopes.

Core layer: the thread counts go to the array backend (backend/numpy.py: kernel helper
threads and OpenBLAS's threads), and the optimizer's switches are read by
graph/passes when a traced function is optimized. As in TF, thread counts are fixed once
the runtime is in use (eagerflow: once devices were resolved, as for tf.config's device
settings).
"""

from __future__ import annotations

import contextlib
import operator
from typing import Any, Iterator

from eagerflow._src import backend as B
from eagerflow._src.backend import numpy as numpy_backend
from eagerflow._src.core import device

_THREADS = {"intra": 0, "inter": 0}

# TF's optimizer switches (Grappler's RewriterConfig), in the order TF lists them. A
# toggle left at its default is not listed by get_experimental_options.
_TOGGLES = ("layout_optimizer", "constant_folding", "shape_optimization", "remapping",
            "arithmetic_optimization", "dependency_optimization", "loop_optimization",
            "function_optimization", "debug_stripper", "disable_model_pruning",
            "scoped_allocator_optimization", "pin_to_host_optimization",
            "implementation_selector", "auto_mixed_precision", "use_plugin_optimizers",
            "disable_meta_optimizer", "auto_mixed_precision_onednn_bfloat16",
            "auto_mixed_precision_mkl")
_ALWAYS_LISTED = ("disable_model_pruning", "disable_meta_optimizer")
_OPTIONS: dict = {}
_JIT = [""]


def _set_threads(kind: str, what: str, num_threads: Any) -> None:
    # As TF's context: the value is kept as given (checked when the config is built: the
    # getters), and may change only before the runtime is in use.
    if num_threads == _THREADS[kind]:
        return
    if device._INITIALIZED[0]:
        raise RuntimeError(f"{what} parallelism cannot be modified after initialization.")
    _THREADS[kind] = num_threads


def _config_threads() -> tuple[int, int]:
    """(intra, inter) as TF's ConfigProto takes them: None is unset (0); a value its int
    field refuses raises the TypeError protobuf raises, intra's first."""
    out = []
    for kind, field in (("intra", "intra_op_parallelism_threads"),
                        ("inter", "inter_op_parallelism_threads")):
        v = _THREADS[kind]
        if v is None:
            out.append(0)
        elif isinstance(v, bool):
            raise TypeError(f"Field tensorflow.ConfigProto.{field}: Expected an int, got a "
                            "boolean.")
        else:
            out.append(operator.index(v))  # (a float or str: "... cannot be interpreted ...")
    return out[0], out[1]


def get_intra_op_parallelism_threads() -> int:
    """Threads one op may use (0: the machine's choice)."""
    return _config_threads()[0]


def set_intra_op_parallelism_threads(num_threads: int) -> None:
    """Caps the threads one op may use: a kernel's helper threads and OpenBLAS's."""
    _set_threads("intra", "Intra op", num_threads)
    v = _THREADS["intra"]
    if v is None or (isinstance(v, int) and not isinstance(v, bool)):
        numpy_backend.set_intra_op_threads(v or 0)


def get_inter_op_parallelism_threads() -> int:
    """Ops that may run side by side (0: the machine's choice)."""
    return _config_threads()[1]


def set_inter_op_parallelism_threads(num_threads: int) -> None:
    """Ops that may run side by side. eagerflow runs the ops of one thread one after
    another, so every value is met; the value is kept for get_inter_op_parallelism_threads."""
    _set_threads("inter", "Inter op", num_threads)


def get_experimental_options() -> dict:
    """The optimizer switches that were set, and the two always listed, in TF's order."""
    out = {}
    for key in _TOGGLES:
        if key in _OPTIONS or key in _ALWAYS_LISTED:
            out[key] = _OPTIONS.get(key, False)
    if _OPTIONS.get("min_graph_nodes"):
        out["min_graph_nodes"] = _OPTIONS["min_graph_nodes"]
    return out


def set_experimental_options(options: dict) -> None:
    """Sets optimizer switches (others keep their values; unknown names are ignored, as
    in TF; like TF's dict update, (key, value) pairs are taken too). tf.function's graph
    passes read them: see `pass_enabled`."""
    for key, value in dict(options).items():
        if key in _TOGGLES:
            _OPTIONS[key] = bool(value)
        elif key == "min_graph_nodes":
            _OPTIONS[key] = int(value)


def pass_enabled(switch: str, num_nodes: int) -> bool:
    """Whether a graph pass governed by TF's optimizer `switch` runs on a graph of
    `num_nodes` nodes."""
    if _OPTIONS.get("disable_meta_optimizer"):
        return False
    if num_nodes < _OPTIONS.get("min_graph_nodes", 0):
        return False
    return _OPTIONS.get(switch, True)


def get_jit() -> str:
    """The JIT level: "autoclustering" after set_jit(True), "" when off."""
    return _JIT[0]


def set_jit(enabled: Any) -> None:
    """XLA's JIT clustering switch: on for True or "autoclustering", off for anything else
    (as TF). eagerflow has no XLA: every traced function is compiled to Python code by its
    own compiler whatever the switch says; the level is kept."""
    _JIT[0] = "autoclustering" if enabled in (True, "autoclustering") else ""


# -- tf.experimental's executor scopes. eagerflow runs each op to completion before the next
# one starts (every op's error surfaces at its own call), which meets what the asynchronous
# scope promises; the scopes are kept for code written against TF.

@contextlib.contextmanager
def async_scope() -> Iterator[None]:
    """Ops inside may run asynchronously, their errors surfacing by the scope's end."""
    yield


def async_clear_error() -> None:
    """Clears the error an asynchronous op left pending (none can be: ops are synchronous)."""


@contextlib.contextmanager
def function_executor_type(executor_type: str) -> Iterator[None]:
    """Names the executor tf.functions called inside use ("SINGLE_THREADED_EXECUTOR", ...);
    eagerflow's compiled functions run on the calling thread whatever the name."""
    yield


# -- tf.config.experimental's runtime switches.

_SWITCHES = {"synchronous": True, "policy": "silent", "mlir_bridge": False}
_POLICIES = ("silent", "warn", "explicit", "silent_for_int32")


def enable_op_determinism() -> None:
    """Makes ops deterministic, as TF does: a random op with neither a global nor an op
    seed raises instead of drawing a nondeterministic stream, tf.timestamp raises,
    tf.data's parallel maps keep their order (and run a function with stateful ops one
    call at a time), and on a GPU neither a convolution (cuDNN's engines) nor a
    scatter-add of floats (segment sums, scatter_nd, a gather's gradient) adds in a
    varying order. eagerflow's CPU kernels always are deterministic."""
    B.MATH["deterministic"] = True


def op_determinism_enabled() -> bool:
    return B.MATH["deterministic"]


def enable_tensor_float_32_execution(enabled: bool) -> None:
    """Allows (TF's default) or forbids TensorFloat-32 on GPUs that have it (Ampere and
    later): float32 matmuls, batch matmuls, einsums and convolutions then round their
    inputs to 10 bits of mantissa and run on tensor cores. Other ops, and CPUs, always
    compute in full float32."""
    B.MATH["tf32"] = _bound_bool("enable", enabled)


def _bound_bool(function: str, value: Any) -> bool:
    """`value` as TF's C++ binding of `function` (a bool parameter) takes it: None is
    False, a value with a truth of its own (a number, a scalar tensor) its truth, and any
    other (a string, a list) a TypeError."""
    if getattr(type(value), "__bool__", None) is None:  # (None's type has one)
        raise TypeError(f"{function}(): incompatible function arguments. The following "
                        f"argument types are supported:\n    1. (arg0: bool) -> None\n\n"
                        f"Invoked with: {value!r}")
    return bool(value)


def tensor_float_32_execution_enabled() -> bool:
    return B.MATH["tf32"]


def set_synchronous_execution(enable: bool) -> None:
    """TF's eager executor mode; eagerflow's ops always finish before the call returns,
    which meets both modes' promises (see the executor scopes below)."""
    _SWITCHES["synchronous"] = bool(enable)


def get_synchronous_execution() -> bool:
    return _SWITCHES["synchronous"]


def set_device_policy(device_policy: str | None) -> None:
    """How eager ops treat inputs on another device: 'silent' (copy, TF's default and
    eagerflow's behaviour), 'warn', 'explicit' or 'silent_for_int32'; None restores the
    default. The policy is kept; eagerflow copies in every mode."""
    if device_policy is None:
        device_policy = "silent"
    if device_policy not in _POLICIES:
        raise ValueError(f"Invalid argument `device_policy`: {device_policy!r}. Please refer "
                         "to https://www.tensorflow.org/api_docs/python/tf/config/experimental/"
                         "set_device_policy for valid `device_policy` arguments.")
    _SWITCHES["policy"] = device_policy


def get_device_policy() -> str:
    return _SWITCHES["policy"]


def enable_mlir_bridge() -> None:
    """TF's MLIR-based graph bridge (for XLA/TPU); eagerflow has no such bridge, the switch
    is kept."""
    _SWITCHES["mlir_bridge"] = True


def disable_mlir_bridge() -> None:
    _SWITCHES["mlir_bridge"] = False
