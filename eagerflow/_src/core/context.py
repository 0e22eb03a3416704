"""Per-thread execution state: active tapes, the graph being built, the device scope.

The eager fast path reads one thread-local object (`state()`), so everything an op
needs to decide "eager or symbolic, record or not" is an attribute read away.
Tape and trace state are per thread, as in TF.
"""

from __future__ import annotations

import contextlib
import contextvars
import ctypes
import gc
import sys
import threading
from collections.abc import Iterator
from typing import Any, Callable

import numpy as np

CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
# Where a thread's ops run outside any tf.device scope: (canonical name, array module,
# device object). core/device.py sets it: CPU:0, or GPU:0 when a GPU was found.
DEFAULT_PLACEMENT: list = [CPU_DEVICE, np, None]


# While eager execution is disabled: a function giving a new thread its top-level graph.
NEW_THREAD_GRAPH: list = []


class restoring:  # noqa: N801 - used like a function
    """`with restoring(restore, own): yield` in a context manager that sets this thread's
    state: `restore()` runs when the block ends, as the context's exit always did, but
    where a generator holding the block open is being closed (GeneratorExit: by close(),
    or by the garbage collector freeing it, maybe long after its caller moved on) only if
    `own()`, the state still being the one the context set. Restoring what it saved then
    would switch the state of whatever code runs now: the graph a TF 1 program is
    building, the writer a summary goes to."""

    __slots__ = ("_restore", "_own")

    def __init__(self, restore: Callable[[], None], own: Callable[[], bool]) -> None:
        self._restore, self._own = restore, own

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, *_: Any) -> bool:
        if kind is not GeneratorExit or self._own():
            self._restore()
        return False


class _State(threading.local):
    def __init__(self) -> None:
        self.tapes: list = []          # active GradientTapes, innermost last
        self.graph: Any = None         # the FuncGraph being traced, or None when eager
        # the graphs an init_scope (or a Keras symbolic scope) stepped out of, innermost
        # last: a variable made there is still one the traced function creates, as TF's
        # variable creator scopes see it
        self.lifted: list = []
        # the current device: canonical name, array module, core.device._Device
        self.device, self.xp, self.place = DEFAULT_PLACEMENT
        self.device_stack: list = []
        self.name_scopes: list = []
        self.recording_paused: int = 0
        # while NumPy walks a Python sequence that TF's sequence conversion converts
        # (py_conversion.array_from_python): a tensor met there refuses its value
        self.sequence_walk: bool = False
        # while an op runs observed (dispatch._observed): the device it ran on
        self.observing: bool = False
        self.ran_on: str | None = None
        # AutoGraph's control status (TF's ag_ctx.control_status_ctx): True while converted
        # code runs (a tf.function(autograph=True) tracing), False under autograph=False or
        # do_not_convert, None unspecified; the functions TF has convert their function
        # argument (map_fn, strategy.run, Dataset.map) read it
        self.autograph: bool | None = None
        # this thread's op callbacks (dispatch.add_op_callback: tfdbg's numerics check and
        # dumping), called after each eager op and on each op added to a graph
        self.op_callbacks: list = []
        # the stateful kernels' streams of the TF 1 Session running on this thread (each
        # Session has kernels of its own, as TF's); None: the process's
        self.kernels: dict | None = None
        # what a garbage collection running on this thread stepped out of (_collecting)
        self.collecting: tuple | None = None
        # True while the code of a tf.function(jit_compile=True) runs on this thread
        # (function/concrete.py): its kernels compute what TF's XLA computes where TF's
        # CPU kernels refuse it (channels-first convolutions and poolings, nn_args.py)
        self.xla: bool = False
        # TF 1's graph mode (tf.compat.v1.disable_eager_execution) is process-wide: a
        # thread starts building the default graph of its own that function/compat_v1.py's
        # hook gives it
        self.graph = NEW_THREAD_GRAPH[0]() if NEW_THREAD_GRAPH else None


_state = _State()


def state() -> _State:
    return _state


# What a tf.function's trace also depends on beyond its arguments, as TF's call context
# does (its cross-replica flag, the replica's device): a callable the distribute layer
# installs once a strategy is first used, returning None outside any strategy, or a key
# telling a replica's call from a cross-replica one. None until then: no cost.
CALL_CONTEXT_KEY: list = [None]


@contextlib.contextmanager
def autograph_status(status: bool | None) -> Iterator[None]:
    """AutoGraph's control status (TF's control_status_ctx: True in converted code, False
    where it is disabled, None unspecified) set to `status` within."""
    saved, _state.autograph = _state.autograph, status
    try:
        yield
    finally:
        _state.autograph = saved


def under_xla(fn: Callable, *args: Any) -> Any:
    """`fn(*args)` with this thread's `xla` state up: the kernels it runs compute as TF's
    XLA does where TF's CPU kernels refuse (ops/nn_args.py's refuse_channels_first)."""
    was, _state.xla = _state.xla, True
    try:
        return fn(*args)
    finally:
        _state.xla = was


def runtime_thread() -> None:
    """Called first by an eagerflow runtime thread (tf.data's workers, a parameter server
    worker): it runs eagerly, as TF's C++ runtime does, even while TF 1's graph mode has
    new threads build graphs."""
    _state.graph = None


def finalize(release: Callable[[], Any]) -> None:
    """Runs `release` for an object the garbage collector is freeing: eagerly, untaped and
    outside any name scope, never raising. The collector calls finalizers in whatever code
    happens to be running on this thread; were that a trace, the ops `release` runs (a
    loaded table's `_destroy_resource` is a function) would join the traced graph, as TF's
    eager_mode around its deleters prevents."""
    st = _state
    saved = st.graph, st.tapes, st.name_scopes
    st.graph, st.tapes, st.name_scopes = None, [], []
    try:
        release()
    except Exception:  # noqa: BLE001, S110 - a finalizer's error has nowhere to go
        pass
    finally:
        st.graph, st.tapes, st.name_scopes = saved


class _CollectionContext:
    """Runs each garbage collection in a copy of this thread's contextvars Context.

    CPython before 3.12 collects inside whatever allocation crosses the threshold, even
    one that `ContextVar.set` makes while it builds the Context's new mapping out of the
    old one (CPython issue gh-148891). A finalizer setting a variable then, as every
    `np.errstate` block does (a loaded SavedModel's resource freed by the collector
    runs its destroy function, compiled with fold.py's errstate), replaces the Context's
    mapping and frees the old one under the outer `set`, which goes on copying from freed
    memory: a crash there, or a corrupted Context that crashes a later `set`. In a copy,
    the finalizers' settings replace only the copy's mapping and the one being copied
    stays alive; none of them outlives the collection anyway (errstate restores what it
    set). CPython 3.12 collects only between bytecodes, where nothing is half built.
    """

    def __init__(self) -> None:
        self.copy: contextvars.Context | None = None  # the running collection's
        self.enter = self.exit = None
        if sys.version_info < (3, 12) and sys.implementation.name == "cpython":
            # (indexed: function objects of our own, whose types no other caller shares)
            self.enter = ctypes.pythonapi["PyContext_Enter"]
            self.exit = ctypes.pythonapi["PyContext_Exit"]
            for f in (self.enter, self.exit):
                f.argtypes, f.restype = [ctypes.py_object], ctypes.c_int

    def start(self) -> None:
        if self.enter is not None:
            self.copy = contextvars.copy_context()
            self.enter(self.copy)

    def stop(self) -> None:
        # (none to exit where eagerflow was imported during the collection)
        if self.copy is not None:
            copy, self.copy = self.copy, None
            self.exit(copy)


_collection_context = _CollectionContext()


def _collecting(phase: str, info: dict) -> None:
    """The garbage collector's callback. A collection finalizes objects in whatever code
    this thread is running, and not only through finalize(): the collector may close a
    user's generator itself (its `finally` runs here) before the iterator holding it is
    freed. So while it runs, no trace, tape or name scope is current, as finalize() makes
    them for a release: nothing a finalizer runs joins a traced graph. And it runs in a
    copy of the thread's contextvars Context (_CollectionContext says why)."""
    # (this thread's attributes as a dict: a collection can start inside the thread's
    # first _State.__init__, while the state is half built)
    st = _state.__dict__
    if phase == "start":
        _collection_context.start()
        saved = st.get("graph"), st.get("tapes"), st.get("name_scopes")
        if saved[0] is not None or saved[1] or saved[2]:
            st["collecting"] = saved
            st["graph"], st["tapes"], st["name_scopes"] = None, [], []
    else:
        saved = st.get("collecting")
        if saved is not None:
            (st["graph"], st["tapes"], st["name_scopes"]), st["collecting"] = saved, None
        _collection_context.stop()


gc.callbacks.append(_collecting)


class _GraphCollection:
    """Where tf.summary.trace_on sends each tf.function run while a trace is on.

    Process-wide, as TF's trace: `sink` is None when no trace is on, so running a
    function costs one attribute test.
    """

    __slots__ = ("sink",)

    def __init__(self) -> None:
        self.sink: Any = None


graph_collection = _GraphCollection()


def executing_eagerly() -> bool:
    """True unless a graph is being traced (tf.function) or built (tf.Graph)."""
    return _state.graph is None


class _Seeds:
    """The global seed, and the source of op seeds when only the global seed is set (TF's
    context draws them from Python's `random.Random(global_seed)`; set by set_seed)."""

    def __init__(self) -> None:
        self.global_seed: int | None = None
        self.op_seeds: Any = None
        self.lock = threading.Lock()
        self._unseeded: Any = None

    @property
    def unseeded_rng(self) -> Any:
        """A nondeterministically seeded NumPy Generator (numpy.random loads on first use)."""
        if self._unseeded is None:
            self._unseeded = np.random.default_rng()
        return self._unseeded


seeds = _Seeds()
