"""The strict stand-in backend's (strict.py) bookkeeping of work on its devices, as CuPy
has it: host <-> device transfers counted where CuPy makes them, and streams with CUDA
graph capture (cupy.cuda.Stream, cupy.cuda.Graph). Backend layer; imports no other
eagerflow package.
"""

from __future__ import annotations

import collections
import contextlib
import threading
from typing import Any

import numpy as np

from eagerflow._src.backend import BFLOAT16
from eagerflow._src.backend.strict_counts import _launch, counting, site


class DeviceArray:
    """The base of the stand-in's arrays (strict.StrictArray, which holds the NumPy array
    as `_a`): what a stream capture records and refills."""

    __slots__ = ()


CONVERSION = ("Implicit conversion to a NumPy array is not allowed. Please use `.get()` to "
              "construct a NumPy array explicitly.")

# Copies between the host and the stand-in's devices, counted where CuPy makes them:
# "to_host" (a read of device data: .get(), int()/float()/bool() of an array, .item(),
# .tolist(), printing; each waits for the device on a GPU) and "to_device" (host data
# copied onto a device). Tests bound what a training step makes (count_transfers).
TRANSFERS: collections.Counter = collections.Counter()
# While not None (count_transfers(where=True)): the same counts per eagerflow source line
# that asked for the copy, to find where they come from.
SITES: list = [None]


def _count(kind: str) -> None:
    if _CURRENT.stream._capture is not None:  # CuPy refuses a transfer while capturing
        raise RuntimeError(f"the current stream is capturing, so "
                           f"{'D2H' if kind == 'to_host' else 'H2D'} transfers are disallowed")
    TRANSFERS[kind] += 1
    sites = SITES[0]
    if sites is not None:
        sites[(kind, site(3))] += 1


def count_transfers(where: bool = False) -> contextlib.AbstractContextManager:
    """The host <-> device copies made inside, by kind ("to_host", "to_device"), and with
    `where`, by (kind, eagerflow source line) too; filled when the block ends."""
    def fill(out: collections.Counter, before: collections.Counter) -> None:
        for kind in ("to_host", "to_device"):
            out[kind] = TRANSFERS[kind] - before[kind]
    return counting(TRANSFERS, SITES, where, fill)


def _launched(kind: str | None, result: Any = None, sources: Any = ()) -> None:
    """Counts a launch of `kind`; a "view" counts a copy only when some array of `result`
    is none of `sources`' memory (NumPy, as CuPy, copied)."""
    if kind is None:
        return
    if kind == "view":
        given = {id(_root(a._a)) for a in _arrays(sources)}
        if all(id(_root(r._a)) in given for r in _arrays(result)):
            return
        kind = "copy"
    _launch(kind)


# ---------------------------------------------------------------------------------------
# Streams and CUDA graph capture, as CuPy has them (cupy.cuda.Stream, cupy.cuda.Graph).
# While a thread's current stream captures, the work launched on it is recorded, not run
# on the device: here each operation on stand-in arrays runs (NumPy needs its result's
# shape) and is recorded with the arrays it read and made; the capture then undoes its
# writes to arrays made before it and fills the arrays made inside with garbage, so
# nothing it did shows, as on a GPU; `Graph.launch` replays the recorded work into the
# same arrays. What CuPy 14 refuses while capturing raises as there: host <-> device
# transfers and what reads device data back (RuntimeError), cuBLAS (float products),
# cuSOLVER (linalg) and cuRAND (random) calls (NotImplementedError).
# ---------------------------------------------------------------------------------------

# Functions that reach cuBLAS on CuPy for float, complex and bfloat16 data (integer
# products are CuPy's own kernels, and so is a batch of bfloat16 matrices, which the
# stand-in refuses too), and those that read a size back from the device.
CUBLAS = frozenset(("matmul", "dot", "vdot", "inner", "tensordot", "einsum"))
SYNCING = frozenset(("nonzero", "argwhere", "flatnonzero", "unique", "unique_all",
                     "unique_counts", "unique_inverse", "unique_values", "compress",
                     "extract", "count_nonzero_host"))
# Functions and methods that write into their first argument (or their array).
WRITES_FIRST = frozenset(("copyto", "put", "place", "putmask", "fill_diagonal",
                          "put_along_axis", "fill", "sort", "partition", "at"))


def _root(a: np.ndarray) -> np.ndarray:
    while isinstance(a.base, np.ndarray):
        a = a.base
    return a


class _Capture:
    """The work recorded by one stream capture."""

    def __init__(self) -> None:
        self.steps: list = []      # (replay: () -> NumPy result, the stand-in result)
        self.made: dict = {}       # id(buffer) -> buffer, for arrays made inside
        self.saved: dict = {}      # id(buffer) -> (buffer, its contents before)

    def check(self, name: str, args: tuple, kwargs: dict | None = None,
              owner: Any = None) -> None:
        """Refuses what CuPy refuses while capturing; keeps what the call will overwrite."""
        if name in CUBLAS and any(isinstance(a, DeviceArray) and (
                a._a.dtype.kind in "fc" or a._a.dtype == BFLOAT16) for a in args):
            raise NotImplementedError("calling cuBLAS API during stream capture is "
                                      "currently unsupported")
        if name in SYNCING:
            raise RuntimeError("the current stream is capturing, so D2H transfers are "
                               "disallowed")
        out = (kwargs or {}).get("out")
        for t in (out if type(out) is tuple else (out,)):
            if isinstance(t, DeviceArray):
                self.written(t)
        if name in WRITES_FIRST:
            target = owner if owner is not None else (args[0] if args else None)
            if isinstance(target, DeviceArray):
                self.written(target)

    def written(self, arr: DeviceArray) -> None:
        root = _root(arr._a)
        if id(root) not in self.made and id(root) not in self.saved:
            self.saved[id(root)] = (root, root.copy())

    def record(self, replay: Any, result: Any = None, sources: Any = ()) -> None:
        """Records a step; the buffers of its result that are none of its sources' (a
        view, or an array returned as it is) were made by it."""
        self.steps.append((replay, result))
        given = {id(_root(a._a)) for a in _arrays(sources)}
        for r in _arrays(result):
            root = _root(r._a)
            if id(root) not in given and id(root) not in self.saved:
                self.made.setdefault(id(root), root)

    def finish(self) -> Graph:
        for root, before in self.saved.values():
            np.copyto(root, before)
        for root in self.made.values():
            if root.flags.writeable and id(root) not in self.saved:
                root[...] = _garbage(root.dtype)
        graph = Graph.__new__(Graph)
        graph._steps = self.steps
        return graph


def _garbage(dtype: np.dtype) -> Any:
    """What an array computed under capture holds on a GPU: anything; NaN or a pattern."""
    return np.nan if dtype.kind in "fc" else (True if dtype.kind == "b" else 0x5A)


def _arrays(result: Any) -> list:
    if isinstance(result, DeviceArray):
        return [result]
    if isinstance(result, (tuple, list)):
        return [a for r in result for a in _arrays(r)]
    if isinstance(result, dict):
        return _arrays(list(result.values()))
    return []


def _refill(made: Any, value: Any) -> None:
    """Writes a replayed step's NumPy result into the array the capture made for it."""
    if isinstance(made, DeviceArray):
        value = np.asarray(value)
        if value is not made._a and not np.may_share_memory(made._a, value):
            np.copyto(made._a, value)
    elif isinstance(made, (tuple, list)) and isinstance(value, (tuple, list)):
        for m, v in zip(made, value):
            _refill(m, v)


def _launched_or_recorded(replay: Any, result: Any, source: Any) -> None:
    """A copy on the device: one launch, or a step of the stream's capture."""
    cap = _CURRENT.stream._capture
    if cap is None:
        _launch("copy")
    else:
        cap.record(replay, result, (source,))


class Stream:
    """cupy.cuda.Stream: a thread's current stream inside `with stream:`; its capture
    (begin_capture ... end_capture) records the work launched on it into a Graph."""

    _ids = iter(range(2, 1 << 62))

    def __init__(self, null: bool = False, non_blocking: bool = False,
                 ptr: int | None = None, priority: int | None = None) -> None:
        self.ptr = 0 if null else next(Stream._ids)
        self._capture: _Capture | None = None
        self._saved: list = []

    def __enter__(self) -> Stream:
        self._saved.append(_CURRENT.stream)
        _CURRENT.stream = self
        return self

    def __exit__(self, *exc: Any) -> None:
        _CURRENT.stream = self._saved.pop()

    def use(self) -> Stream:
        _CURRENT.stream = self
        return self

    def begin_capture(self, mode: Any = None) -> None:
        if self.ptr in (0, 1):
            raise RuntimeError("cannot capture on the default (legacy) stream")
        if self._capture is not None:
            raise RuntimeError("cudaErrorIllegalState: operation not permitted when stream "
                               "is capturing")
        self._capture = _Capture()

    def end_capture(self) -> Graph:
        cap, self._capture = self._capture, None
        if cap is None:
            raise RuntimeError("cudaErrorIllegalState: operation not permitted when stream "
                               "is not capturing")
        return cap.finish()

    def is_capturing(self) -> bool:
        return self._capture is not None

    def synchronize(self) -> None:
        if self._capture is not None:
            raise RuntimeError("cudaErrorStreamCaptureUnsupported: operation not permitted "
                               "when stream is capturing")


NULL_STREAM = Stream(null=True)


class Graph:
    """cupy.cuda.Graph: made only by a stream capture; `launch` replays its work."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("currently this class cannot be initiated by the user and "
                                  "must be created via stream capture")

    def launch(self, stream: Stream | None = None) -> None:
        _launch("graph")
        for replay, made in self._steps:
            _refill(made, replay())

    def upload(self, stream: Stream | None = None) -> None:
        """(CuPy uploads the graph to the device ahead of its first launch.)"""


class _Current(threading.local):
    def __init__(self) -> None:
        self.device = 0
        self.stream = NULL_STREAM  # where this thread's work goes (`with stream:`)


_CURRENT = _Current()

