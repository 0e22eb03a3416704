"""The process-wide state a test may change and must not pass on to the next test run in
the same worker: what tests/conftest.py puts back after every test.

`make test` runs files in a few long-lived workers (pytest -n auto --dist loadfile), so a
test that seeds (keras.utils.set_random_seed, tf.random.set_seed, np.random.seed), sets a
Keras dtype policy or floatx, flips a tf.config switch or changes the working directory
would otherwise change what every later test in its worker computes: their results then
depend on which files shared the worker. `snapshot()` reads that state; `restore(snap)`
puts back what changed.

Python's and NumPy's global generators are not put back but set to the same fixed state
between tests (`reset_random()`, also once at import, before the test files are collected):
an unseeded Keras layer takes its initializers' seeds from Python's `random`, so its weights
would otherwise depend on the draws of earlier tests and on the entropy the worker started
with. A test that passes with an unlucky draw one run in a hundred (an unseeded kernel too
close to singular for its tolerance) then passes or fails on every run.

Left out on purpose: Keras's layer-name counters (recorders and tests number layers
across a file's cases as one TF process does; tests that assert names clear the session
first), tf.experimental.numpy's modes (tests/numpy_ops/conftest.py checks those), and
eager/graph mode (tests/v1's graph_mode fixture restores it).
"""

from __future__ import annotations

import os
import random
import sys
import threading

import numpy as np

from eagerflow._src import backend
from eagerflow._src.core import device, runtime_options, trace_events
from eagerflow._src.core.context import _state, seeds
from eagerflow._src.function import polymorphic
from eagerflow._src.keras import backend as keras_backend
from eagerflow._src.keras import dtype_policy, random_seeds
from eagerflow._src.keras.utils import io_utils
from eagerflow._src.ops import debugging, dispatch, tfdbg
from eagerflow._src.ops import random as random_ops

TEST_SEED = 0


def reset_random() -> None:
    """Python's and NumPy's global generators as seeded with TEST_SEED."""
    random.setstate(_PY_STATE)
    np.random.seed(TEST_SEED)


random.seed(TEST_SEED)
_PY_STATE = random.getstate()
reset_random()

# (holder, key) of one-slot lists and of dicts whose entries are plain values
_SLOTS = [
    (keras_backend._FLOATX, 0), (keras_backend._EPSILON, 0),
    (keras_backend._IMAGE_DATA_FORMAT, 0), (keras_backend._SAFE_MODE, 0),
    (dtype_policy._GLOBAL, 0), (random_seeds._GLOBAL, 0), (io_utils._INTERACTIVE, 0),
    (polymorphic._run_eagerly, 0), (device._SOFT_PLACEMENT, 0), (runtime_options._JIT, 0),
    (trace_events.ACTIVE, 0),
]
_DICTS = [keras_backend._SWITCHES, runtime_options._SWITCHES, runtime_options._THREADS,
          runtime_options._OPTIONS, debugging._FLAGS, backend.MATH]


def _streams() -> dict:
    # each stream is a [key, next counter] list its op moves on in place
    with random_ops._STREAMS_LOCK:
        return {k: tuple(v) for k, v in random_ops._STREAMS.items()}


def _cwd() -> str | None:
    try:
        return os.getcwd()
    except FileNotFoundError:  # (a temporary directory removed while it was the cwd)
        return None


def snapshot() -> tuple:
    """The state as it is now (copies: later changes do not alter it), but Python's and
    NumPy's generators (reset_random)."""
    tf_seed = (seeds.global_seed,
               None if seeds.op_seeds is None else seeds.op_seeds.getstate())
    return (tf_seed, _streams(),
            dict(random_ops._KERNEL_STATE), [h[k] for h, k in _SLOTS],
            [dict(d) for d in _DICTS], tuple(_state.op_callbacks), _cwd())


def _remove_callbacks(keep: tuple) -> None:
    # tfdbg's checks and dumps are switched off through their own API, which forgets the
    # thread's callback too (a later enable would otherwise reuse a removed one)
    if getattr(tfdbg._checks, "callback", None) not in (None, *keep):
        tfdbg.disable_check_numerics()
    dump = sys.modules.get("eagerflow._src.summary.tfdbg_dump")
    if dump is not None and getattr(dump._threads, "callback", None) not in (None, *keep):
        dump.disable_dump_debug_info()
    for callback in list(_state.op_callbacks):
        if callback not in keep:
            dispatch.remove_op_callback(callback)


def restore(snap: tuple) -> None:
    """Puts back whatever differs from `snap`; Python's and NumPy's generators seeded."""
    (global_seed, op_seeds), streams, kernel_state, slots, dicts, callbacks, cwd = snap
    reset_random()
    if cwd is not None and _cwd() != cwd:  # (relative paths of later tests: the repository's)
        os.chdir(cwd)
    with seeds.lock:
        seeds.global_seed = global_seed
        if op_seeds is None:
            seeds.op_seeds = None
        else:
            seeds.op_seeds = random.Random()
            seeds.op_seeds.setstate(op_seeds)
    if _streams() != streams or random_ops._KERNEL_STATE.keys() != kernel_state.keys():
        with random_ops._STREAMS_LOCK:
            random_ops._STREAMS.clear()
            random_ops._STREAMS.update({k: list(v) for k, v in streams.items()})
            random_ops._KERNEL_STATE.clear()
            random_ops._KERNEL_STATE.update(kernel_state)
    for (holder, key), value in zip(_SLOTS, slots):
        holder[key] = value
    for d, saved in zip(_DICTS, dicts):
        if d != saved:
            d.clear()
            d.update(saved)
    if tuple(_state.op_callbacks) != callbacks:
        _remove_callbacks(callbacks)
    dispatch.set_log_placement(debugging._FLAGS["log_device_placement"])


_SLOT_NAMES = ["floatx", "epsilon", "image_data_format", "safe_mode", "dtype policy",
               "keras seed", "interactive logging", "run_functions_eagerly",
               "soft device placement", "jit", "profiler"]
_DICT_NAMES = ["keras switches", "config switches", "config threads", "config options",
               "debugging flags", "GPU math switches"]


def changed(snap: tuple, threads: int) -> list[str]:
    """The names of the parts that differ from `snap` now (for reporting a leak), and
    whether more than `threads` threads run."""
    now = snapshot()
    names = ["tf.random seed", "random op streams", "random kernel state"]
    out = []
    for name, a, b in zip(names, snap, now):
        if name == "random kernel state":
            same = a.keys() == b.keys()
        else:
            same = a == b
        if not same:
            out.append(name)
    for name, a, b in zip(_SLOT_NAMES, snap[3], now[3]):
        lazy = name == "dtype policy" and a is None  # (made on first use, as Keras's)
        if not (a is b or a == b or lazy):
            out.append(name)
    for name, a, b in zip(_DICT_NAMES, snap[4], now[4]):
        if a != b:
            out.append(f"{name} {sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))}")
    if snap[5] != now[5]:
        out.append("op callbacks")
    if snap[6] != now[6]:
        out.append(f"working directory {now[6]}")
    if threading.active_count() > threads:
        out.append(f"threads left running: {threading.active_count() - threads}")
    return out
