"""TF's staging areas: tf.contrib.staging's StagingArea (Stage, Unstage, StagePeek,
StageSize, StageClear) and MapStagingArea (the MapStage family, and OrderedMapStage's,
whose keys leave in order).

Ops layer, loaded on first use, after mutex_ops. No op takes a handle: each finds its area
by its `container` and `shared_name` attrs (without a shared_name, by its node's name,
which an eager op's is its type's: so no two unnamed nodes of a graph meet, nor an eager
unnamed Stage and Unstage)
and makes it on first use, with its own capacity, memory_limit and dtypes: the later ops'
attrs change nothing. Eagerly the areas live for the process; a TF 1 graph's live in the
Session running it, one set per Session.

TF's facts kept: a StagingArea's memory is its tensors' bytes (a string 24 bytes and its
length), one tuple larger than the limit is refused; an Unstage or a Peek of the wrong
dtypes takes (or reads) the tuple first and then refuses. A staging map keeps the tuples
of keys given all their indices, and the partial ones apart until complete; a complete
insert of a key held already is dropped; its bytes are counted as TF 2.21's kernel counts
them, by the tuple's last tensor alone.

Where TF's kernel blocks (an Unstage of an empty area, a Stage into a full one, a Peek
past the end, a key not there yet), it waits for another thread, as TF's does: one that
has run a staging op, or for a second any other but a helper (a daemon thread, a
kernel pool's). With none, nothing could ever wake it (TF's process hangs), so eagerflow
refuses with FailedPreconditionError instead; but a put in a running graph (a
Session's step, a tf.function) goes ahead over the limits, since TF runs the step's takes
beside it. Calls TF's kernel answers by crashing the process (more indices than dtypes)
are refused with InvalidArgumentError.
"""

from __future__ import annotations

import bisect
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InternalError,
    ResourceExhaustedError,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.queue_state import session_store
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.table_state import np_dtype

_EAGER: dict = {}  # (kind, container, name) -> the area, for eager calls and tf.functions
_LOCK = threading.Lock()
_STRING_BYTES = 24  # TF's size of one string element before its characters
_POLL_S = 0.05
_USERS: weakref.WeakSet = weakref.WeakSet()  # the threads that ran a staging op
# How long a wait counts on a thread that has run no staging op yet (a producer just
# started) before it refuses: a thread that never stages (another test's, another
# library's) must not keep a wait TF never ends going forever
_GRACE_S = 1.0
_KERNEL_POOL = "eagerflow-kernel"  # (backend/numpy.py's pool threads' names)


def others_running(since: float | None = None) -> bool:
    """Whether another thread runs that could end a wait begun at `since` (monotonic
    seconds): one that has run a staging op, or, for a while, any other but a helper (a
    daemon thread, or one of the pool threads eagerflow's kernels share out their work to),
    which never will."""
    me = threading.current_thread()
    fresh = since is None or time.monotonic() - since < _GRACE_S
    return any(t is not me and t.is_alive() and (t in _USERS or fresh and not (
        t.daemon or t.name.startswith(_KERNEL_POOL))) for t in threading.enumerate())


def _wait(cond: threading.Condition, ready: Callable[[], bool], op: str, why: str,
          put: bool = False) -> None:
    """Waits (holding `cond`) until `ready()`, as TF's kernel does, while another thread
    runs that could make it so; refuses once none does. A put in a running graph goes
    ahead instead: TF's executor runs the step's takes beside it, which would make room
    (StagingArea's pattern: a step puts the next batch and takes the last), and taking
    the oldest first they leave what TF leaves."""
    since = time.monotonic()
    while not ready():
        if not others_running(since):
            cond.wait(_POLL_S)  # (one more look: a thread just started may have acted)
            if ready() or others_running(since):
                continue
            if put and (session_store() is not None or _graph_node() is not None):
                return
            raise FailedPreconditionError(
                None, None, f"{why}: TF's kernel waits here for another thread, and no other "
                            f"thread is running, so it would wait forever [Op:{op}]")
        cond.wait(_POLL_S)


def _nbytes(value: tuple) -> int:
    """TF's TotalBytes of a (array, dtype) pair."""
    arr, dtype = value
    if dtype is dt.string:
        return sum(_STRING_BYTES + len(s) for s in np.asarray(arr, dtype=object).reshape(-1))
    return int(np.asarray(arr).nbytes)


def _too_big(op: str, size: int, limit: int) -> ResourceExhaustedError:
    return ResourceExhaustedError(
        None, None, f"Attempted to insert tensors with combined size of '{size}' bytes into "
                    f"Staging Area with a memory limit of '{limit}'. [Op:{op}]")


class Area:
    """A StagingArea (TF's Buffer): tuples of (array, dtype) in order."""

    def __init__(self, capacity: int, memory_limit: int) -> None:
        self.capacity, self.memory_limit = capacity, memory_limit
        self.items: deque = deque()
        self.bytes = 0
        self.cond = threading.Condition()

    def _fits(self, size: int) -> bool:
        if self.capacity and len(self.items) >= self.capacity:
            return False
        return not (self.memory_limit and self.bytes + size > self.memory_limit)

    def put(self, op: str, values: tuple) -> None:
        size = sum(_nbytes(v) for v in values)
        if self.memory_limit and size > self.memory_limit:
            raise _too_big(op, size, self.memory_limit)
        with self.cond:
            _wait(self.cond, lambda: self._fits(size), op, "The staging area is full", True)
            self.items.append(values)
            self.bytes += size
            self.cond.notify_all()

    def get(self, op: str) -> tuple:
        with self.cond:
            _wait(self.cond, lambda: bool(self.items), op, "The staging area is empty")
            values = self.items.popleft()
            self.bytes -= sum(_nbytes(v) for v in values)
            self.cond.notify_all()
            return values

    def peek(self, op: str, index: int) -> tuple:
        if index < 0:  # (TF reads it as an unsigned size: past any end, waits forever)
            raise FailedPreconditionError(
                None, None, f"StagePeek of index {index}: TF's kernel waits for an element "
                            f"at index {index % 2**64}, which never comes [Op:{op}]")
        with self.cond:
            _wait(self.cond, lambda: index < len(self.items), op,
                  f"The staging area holds {len(self.items)} elements, none at index {index}")
            return self.items[index]

    def size(self) -> int:
        with self.cond:
            return len(self.items)

    def clear(self) -> None:
        with self.cond:
            self.items.clear()
            self.bytes = 0
            self.cond.notify_all()


def _area(kind: str, op: str, attrs: dict, make: Callable[[], Any]) -> Any:
    """The area the attrs name (made with `make()` on first use): the running Session's,
    else the process's."""
    _USERS.add(threading.current_thread())
    container = attrs.get("container") or "localhost"
    name = attrs.get("shared_name") or _graph_node() or op
    store = session_store()
    areas = _EAGER if store is None else store.setdefault(("staging",), {})
    key = (kind, container, name)
    with _LOCK:
        area = areas.get(key)
        if area is None:
            area = areas[key] = make()
        return area


def _buffer(op: str, attrs: dict) -> Area:
    return _area("Buffer", op, attrs, lambda: Area(int(attrs.get("capacity", 0)),
                                                   int(attrs.get("memory_limit", 0))))


def _check_attrs(op: str, capacity: Any, memory_limit: Any, lists: tuple = ()) -> None:
    """TF's op definition's refusals, in its attrs' order: negative sizes, and an empty
    list of types where `lists` (name, value) needs one."""
    for what, v in (("capacity", capacity), ("memory_limit", memory_limit)):
        C.attr_at_least(op, what, int(v), 0)
    for what, v in lists:
        C.list_attr_at_least(op, what, len(v), 1)


def _given_types(op: str, attr: str, values: tuple, given: Any) -> None:
    """The values' dtypes are the list attr `attr` (as TF's node takes it from them)."""
    have = [v._dtype for v in values]
    given = list(given or ())
    if [dt.as_dtype(d) for d in given] != have:
        words = ", ".join(C.dt_enum(d) for d in have)
        raise C.fail(op, f"Inconsistent values for attr '{attr}' "
                         f"[{', '.join(C.dt_enum(dt.as_dtype(d)) for d in given)}] vs. "
                         f"[{words}]")


def _graph_node() -> str | None:
    """The node of a running graph (a tf.function's, a Session's) whose kernel this is;
    None eagerly. graph/ sits above ops/: its code generator and its interpreter (which
    runs a Session's graph on a GPU, placing each node as the eager op would be) are
    looked up where they are loaded (a graph runs only once they are), never imported
    from here."""
    codegen = sys.modules.get("eagerflow._src.graph.codegen")
    interpreter = sys.modules.get("eagerflow._src.graph.interpreter")
    run_op = None if interpreter is None else interpreter.run_op.__code__
    frame = sys._getframe(1)
    while codegen is not None and frame is not None:
        if frame.f_code is run_op:
            return frame.f_locals["node"].name
        name = codegen.node_at(frame.f_code, frame.f_lineno)
        if name is not None:
            return name
        frame = frame.f_back
    return None


def _outputs(op: str, values: list, dtypes: Any) -> tuple:
    """The tuple taken, as the outputs of `dtypes`: TF's check of each dtype (after the
    take), an empty vector for each output past the tuple's end."""
    want = [dt.as_dtype(d) for d in dtypes]
    for i, ((_, have), d) in enumerate(zip(values, want)):
        if have is d:
            continue
        node = _graph_node()
        if node is not None:  # (a graph's executor checks the outputs, in its words)
            raise InternalError(None, None, f"Output {i} of type {C.dtype_word(have)} does "
                                            f"not match declared output type "
                                            f"{C.dtype_word(d)} for node {{{{node {node}}}}}")
        raise C.fail(op, f"Type mismatch: actual {C.dtype_word(have)} vs. expect "
                         f"{C.dtype_word(d)}")
    arrays = [np.array(a, copy=True) for a, _ in values]
    arrays += [np.zeros((0,), np_dtype(d)) for d in want[len(values):]]
    return tuple(arrays)


_AREA_OP = dict(stateful=True, gpu=False)


def _list_arity(attr: str) -> dict:
    return dict(arity=lambda ins, attrs: {attr: len(attrs.get(attr) or ())})


# ---------------------------------------------------------------------------------------
# StagingArea's ops.
# ---------------------------------------------------------------------------------------

def _stage_infer(*values: Any, capacity: int = 0, memory_limit: int = 0, dtypes: Any = (),
                 container: str = "", shared_name: str = "") -> list:
    _check_attrs("Stage", capacity, memory_limit, (("dtypes", values),))
    _given_types("Stage", "dtypes", values, dtypes)
    return []


def _stage_kernel(xp: Any, *values: Any, **attrs: Any) -> tuple:
    types = attrs.get("dtypes") or ()
    held = tuple((np.array(v, copy=True), dt.as_dtype(d)) for v, d in zip(values, types))
    _buffer("Stage", attrs).put("Stage", held)
    return ()


def _unstage_infer(*, capacity: int = 0, memory_limit: int = 0, dtypes: Any = (),
                   container: str = "", shared_name: str = "") -> list:
    _check_attrs("Unstage", capacity, memory_limit, (("dtypes", dtypes),))
    return [(None, dt.as_dtype(d)) for d in dtypes]


def _mismatch(op: str, values: tuple, dtypes: Any) -> None:
    if len(values) != len(dtypes):
        raise C.fail(op, f"Mismatch stage/unstage: {len(values)} vs. {len(dtypes)}")


def _unstage_kernel(xp: Any, **attrs: Any) -> tuple:
    values = _buffer("Unstage", attrs).get("Unstage")
    _mismatch("Unstage", values, attrs["dtypes"])
    return _outputs("Unstage", list(values), attrs["dtypes"])


def _peek_infer(index: Any, *, capacity: int = 0, memory_limit: int = 0, dtypes: Any = (),
                container: str = "", shared_name: str = "") -> list:
    _check_attrs("StagePeek", capacity, memory_limit, (("dtypes", dtypes),))
    if index._dtype is not dt.int32:
        raise C.wrong_input_dtype("StagePeek", 0, dt.int32, index._dtype)
    return [(None, dt.as_dtype(d)) for d in dtypes]


def _peek_kernel(xp: Any, index: Any, **attrs: Any) -> tuple:
    op = "StagePeek"
    area = _buffer(op, attrs)
    if np.ndim(index):
        raise C.fail(op, "index must be scalar")
    values = area.peek(op, int(index))
    _mismatch(op, values, attrs["dtypes"])
    return _outputs(op, list(values), attrs["dtypes"])


def _size_infer(op: str) -> Callable:
    def infer(*, capacity: int = 0, memory_limit: int = 0, dtypes: Any = (),
              container: str = "", shared_name: str = "") -> list:
        _check_attrs(op, capacity, memory_limit)
        return [((), dt.int32)]
    return infer


def _clear_infer(op: str) -> Callable:
    def infer(*, capacity: int = 0, memory_limit: int = 0, dtypes: Any = (),
              container: str = "", shared_name: str = "") -> list:
        _check_attrs(op, capacity, memory_limit)
        return []
    return infer


# The samples' areas: "sample_source" holds one tuple however many are taken (the generic
# suites and the fuzzer call a sample many times and must meet the same area each time);
# "sample_sink" forgets what is staged. Real areas' orders and waits are tested in
# tests/ops/test_staging_ops.py.
_PAIR = ((np.float32([1.5, -2.0]), dt.float32), (np.array(b"ab", dtype=object), dt.string))


class _Source(Area):
    def get(self, op: str) -> tuple:
        return _PAIR

    def peek(self, op: str, index: int) -> tuple:
        return _PAIR if index == 0 else super().peek(op, index)

    def size(self) -> int:
        return 1


class _Sink(Area):
    def put(self, op: str, values: tuple) -> None:
        size = sum(_nbytes(v) for v in values)
        if self.memory_limit and size > self.memory_limit:
            raise _too_big(op, size, self.memory_limit)


def _sample_area(name: str) -> dict:
    cls = _Source if name == "sample_source" else _Sink
    _area("Buffer", "", {"shared_name": name}, lambda: cls(0, 0))
    return _defaults(name)


def _defaults(name: str) -> dict:
    # (every attr, as tf.raw_ops and imported graphs learn them from the samples)
    return {"capacity": 0, "memory_limit": 0, "container": "", "shared_name": name}


_PAIR_TYPES = [dt.float32, dt.string]


def _pair_ref(*_: Any, **__: Any) -> tuple:
    return tuple(a for a, _ in _PAIR)


STAGE = register(OpDef(
    "Stage", _stage_infer, _stage_kernel, reference=lambda *v, **a: (), num_outputs=0,
    **_AREA_OP, arity=lambda ins, attrs: {"dtypes": len(ins)},
    samples=lambda: [Sample((np.float32([1, 2]), np.int32(3)),
                            dict(_sample_area("sample_sink"), dtypes=[dt.float32, dt.int32]),
                            grad=False)],
    bad_samples=lambda: [
        BadSample((np.float32([1, 2, 3]),), {"dtypes": [dt.float32], "memory_limit": 8,
                                             "shared_name": "sample_small"},
                  ResourceExhaustedError, "Attempted to insert tensors with combined size "
                                          "of '12' bytes into Staging Area with a memory "
                                          "limit of '8'."),
        BadSample((np.float32(1),), {"dtypes": [dt.float32], "capacity": -1},
                  Exception, "capacity")],
))

UNSTAGE = register(OpDef(
    "Unstage", _unstage_infer, _unstage_kernel, reference=_pair_ref, num_outputs=-1,
    **_AREA_OP, **_list_arity("dtypes"),
    samples=lambda: [Sample((), dict(_sample_area("sample_source"), dtypes=_PAIR_TYPES),
                            grad=False)],
    bad_samples=lambda: [
        BadSample((), dict(_sample_area("sample_source"), dtypes=[dt.float32]),
                  Exception, "Mismatch stage/unstage: 2 vs. 1"),
        BadSample((), dict(_sample_area("sample_source"), dtypes=[dt.int32, dt.string]),
                  Exception, "Type mismatch: actual float vs. expect int32")],
))

STAGE_PEEK = register(OpDef(
    "StagePeek", _peek_infer, _peek_kernel, reference=_pair_ref, num_outputs=-1,
    host_inputs=(0,), **_AREA_OP, **_list_arity("dtypes"),
    samples=lambda: [Sample((np.int32(0),), dict(_sample_area("sample_source"),
                                                 dtypes=_PAIR_TYPES), grad=False)],
    bad_samples=lambda: [
        BadSample((np.int32([0]),), dict(_sample_area("sample_source"), dtypes=_PAIR_TYPES),
                  Exception, "index must be scalar"),
        BadSample((np.int64(0),), dict(_sample_area("sample_source"), dtypes=_PAIR_TYPES),
                  Exception, ""),
        BadSample((np.int32(0),), dict(_sample_area("sample_source"),
                                       dtypes=[dt.float32, dt.int32]),
                  Exception, "Type mismatch: actual string vs. expect int32")],
))

STAGE_SIZE = register(OpDef(
    "StageSize", _size_infer("StageSize"),
    lambda xp, **attrs: np.int32(_buffer("StageSize", attrs).size()),
    reference=lambda **a: np.int32(1), **_AREA_OP,
    samples=lambda: [Sample((), dict(_sample_area("sample_source"), dtypes=[]), grad=False)],
))

STAGE_CLEAR = register(OpDef(
    "StageClear", _clear_infer("StageClear"),
    lambda xp, **attrs: (_buffer("StageClear", attrs).clear(), ())[1],
    reference=lambda **a: (), num_outputs=0, **_AREA_OP,
    samples=lambda: [Sample((), dict(_defaults("sample_cleared"), dtypes=[]), grad=False)],
))


# ---------------------------------------------------------------------------------------
# MapStagingArea's ops (Map* and OrderedMap*).
# ---------------------------------------------------------------------------------------

# libstdc++'s bucket counts: its table for small requests, then its list of primes
_FAST_BUCKETS = (2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13)
_PRIMES = (
    17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 103, 109,
    113, 127, 137, 139, 149, 157, 167, 179, 193, 199, 211, 227, 241, 257, 277, 293, 313, 337,
    359, 383, 409, 439, 467, 503, 541, 577, 619, 661, 709, 761, 823, 887, 953, 1031, 1109,
    1193, 1289, 1381, 1493, 1613, 1741, 1879, 2029, 2179, 2357, 2549, 2753, 2971, 3209, 3469,
    3739, 4027, 4349, 4703, 5087, 5503, 5953, 6427, 6949, 7517, 8123, 8783, 9497, 10273,
    11113, 12011, 12983, 14033, 15173, 16411, 17749, 19183, 20753, 22447, 24281, 26267,
    28411, 30727, 33223, 35933, 38873, 42043, 45481, 49201, 53201, 57557, 62233, 67307,
    72817, 78779, 85229, 92203, 99733, 107897, 116731, 126271, 136607, 147793, 159871,
    172933, 187091, 202409, 218971, 236897, 256279, 277261, 299951, 324503, 351061, 379787,
    410857, 444487, 480881, 520241, 562841, 608903, 658753, 712697, 771049, 834181, 902483,
    976369)


class HashOrder:
    """The order in which TF's unordered staging map (a libstdc++ unordered_map of int64
    keys, hashed as themselves) lists its keys, whose first it pops: a new key goes first
    in its bucket's run, or first of all in an empty bucket; growing the buckets
    re-places every key so, in the old order; removing a key moves no other."""

    def __init__(self) -> None:
        self.keys: list = []
        self.buckets, self.next_resize = 1, 0

    def _grow(self, want: int) -> int:
        if want < len(_FAST_BUCKETS):
            n = _FAST_BUCKETS[want]
        else:
            n = _PRIMES[min(bisect.bisect_left(_PRIMES, want), len(_PRIMES) - 1)]
        self.next_resize = n  # (its max_load_factor is 1)
        return n

    @staticmethod
    def _place(keys: list, key: int, n: int) -> None:
        b = key % 2**64 % n
        keys.insert(next((i for i, k in enumerate(keys) if k % 2**64 % n == b), 0), key)

    def add(self, key: int) -> None:
        count = len(self.keys) + 1
        if count > self.next_resize:
            least = max(count, 0 if self.next_resize else 11)
            if least >= self.buckets:
                n = self._grow(max(least + 1, 2 * self.buckets))
                old, self.keys = self.keys, []
                for k in old:
                    self._place(self.keys, k, n)
                self.buckets = n
            else:
                self.next_resize = self.buckets
        self._place(self.keys, key, self.buckets)


class StagingMap:
    """A staging map (TF's StagingMap): the complete tuples by key, and the incomplete
    ones apart. Each tuple is a list of (array, dtype) or None per index. An ordered map
    gives its smallest key first; an unordered one, the first in its hash map's order."""

    def __init__(self, ordered: bool, capacity: int, memory_limit: int, dtypes: Any) -> None:
        self.ordered = ordered
        self.capacity, self.memory_limit = capacity, memory_limit
        self.n = len(dtypes or ())
        self.map: dict = {}
        self.order = None if ordered else HashOrder()
        self.incomplete: dict = {}
        self.bytes = 0
        self.cond = threading.Condition()

    def _check_index(self, op: str, key: int, index: int) -> int:
        if not 0 <= index < self.n:
            raise C.fail(op, f"Index '{index % 2**64}' for key '{key}' was out of bounds "
                             f"'{self.n}'.")
        return index

    def _check_memory(self, op: str, size: int) -> None:
        if self.memory_limit and size > self.memory_limit:
            raise _too_big(op, size, self.memory_limit)

    def _room(self, size: int) -> bool:
        return not (self.memory_limit and self.bytes + size > self.memory_limit)

    def _complete(self, key: int, values: list) -> None:
        # (a key held already keeps its tuple, as TF's map insert does)
        if key not in self.map:
            self.map[key] = values
            if self.order is not None:
                self.order.add(key)
        self.cond.notify_all()

    def put(self, op: str, key: int, indices: list, values: list) -> None:
        # TF 2.21 counts a tuple's bytes by its last tensor alone
        size = _nbytes(values[-1])
        with self.cond:
            if len(indices) == self.n:
                self._check_memory(op, size)
                _wait(self.cond, lambda: self._room(size) and not (
                    self.capacity and len(self.map) >= self.capacity), op,
                      "The staging map is full", True)
                self._complete(key, [values[i] if i < len(values) else None
                                     for i in range(self.n)])
                self.bytes += size
                return
            self._check_memory(op, size)
            _wait(self.cond, lambda: self._room(size), op, "The staging map is full", True)
            if len(indices) > len(values):
                raise C.fail(op, f"{len(indices)} indices for {len(values)} values")
            present = self.incomplete.get(key)
            if present is None:
                fresh: list = [None] * self.n
                for i, index in enumerate(indices):
                    fresh[self._check_index(op, key, index)] = values[i]
                self.incomplete[key] = fresh
                self.bytes += size
                return
            for i, index in enumerate(indices):
                self._check_index(op, key, index)
                if present[index] is not None:
                    raise C.fail(op, f"The tensor for index '{index}' for key '{key}' was "
                                     f"already initialized '{self.n}'.")
                present[index] = values[i]
            self.bytes += size
            if all(v is not None for v in present):
                del self.incomplete[key]
                self._complete(key, present)

    def _first(self) -> int:
        return min(self.map) if self.order is None else self.order.keys[0]

    def take(self, op: str, key: int | None, indices: list, copy: bool) -> tuple:
        """The tuple's values at `indices` (and its key): of `key`, else the first key's.
        Unless `copy`, they leave the map (the key too once none is left)."""
        with self.cond:
            if key is None:
                _wait(self.cond, lambda: bool(self.map), op, "The staging map is empty")
                key = self._first()
            else:
                _wait(self.cond, lambda: key in self.map, op,
                      f"The staging map holds no key {key}")
            held = self.map[key]
            out = []
            for index in indices:
                self._check_index(op, key, index)
                if held[index] is None:
                    raise C.fail(op, f"Tensor at index '{index}' for key '{key}' has already "
                                     f"been removed.")
                out.append(held[index])
                if not copy:
                    held[index] = None
            if not copy:
                if all(v is None for v in held):
                    del self.map[key]
                    if self.order is not None:
                        self.order.keys.remove(key)
                if out:
                    self.bytes -= _nbytes(out[-1])
                self.cond.notify_all()
            return key, out

    def size(self, incomplete: bool) -> int:
        with self.cond:
            return len(self.incomplete if incomplete else self.map)

    def clear(self) -> None:
        with self.cond:
            self.map.clear()
            if self.order is not None:  # (its buckets stay)
                self.order.keys.clear()
            self.incomplete.clear()
            self.bytes = 0
            self.cond.notify_all()


def _map(op: str, attrs: dict) -> StagingMap:
    ordered = op.startswith("Ordered")
    return _area("OrderedMap" if ordered else "Map", op, attrs, lambda: StagingMap(
        ordered, int(attrs.get("capacity", 0)), int(attrs.get("memory_limit", 0)),
        attrs.get("dtypes")))


def _key(op: str, key: Any, stage: bool = False) -> int:
    # (TF's MapStage takes any key of one value, the others only a scalar)
    if np.size(key) != 1 if stage else np.ndim(key):
        raise C.fail(op, f"key must be an int64 scalar: {C.shape_str(np.shape(key))}")
    return int(np.asarray(key).reshape(-1)[0])


def _indices(op: str, indices: Any) -> list:
    flat = [int(i) for i in np.asarray(indices).reshape(-1)]
    if not flat:
        raise C.fail(op, "Indices are empty")
    if any(b <= a for a, b in zip(flat, flat[1:])):
        raise C.fail(op, "Indices are not strictly ordered")
    return flat


def _check_key_indices(op: str, key: Any, indices: Any, first: int) -> None:
    if key is not None and key._dtype is not dt.int64:
        raise C.wrong_input_dtype(op, first, dt.int64, key._dtype)
    if indices._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, first + (key is not None), dt.int32, indices._dtype)


def _map_stage_infer(op: str) -> Callable:
    def infer(key: Any, indices: Any, *values: Any, capacity: int = 0, memory_limit: int = 0,
              dtypes: Any = (), fake_dtypes: Any = (), container: str = "",
              shared_name: str = "") -> list:
        _check_attrs(op, capacity, memory_limit, (("fake_dtypes", values),))
        _given_types(op, "fake_dtypes", values, fake_dtypes)
        _check_key_indices(op, key, indices, 0)
        return []
    return infer


def _map_stage_kernel(op: str) -> Callable:
    def kernel(xp: Any, key: Any, indices: Any, *values: Any, **attrs: Any) -> tuple:
        area = _map(op, attrs)
        k, idx = _key(op, key, True), _indices(op, indices)
        types = attrs.get("fake_dtypes") or ()
        held = [(np.array(v, copy=True), dt.as_dtype(d)) for v, d in zip(values, types)]
        area.put(op, k, idx, held)
        return ()
    return kernel


def _map_take_infer(op: str, keyed: bool) -> Callable:
    def infer(*inputs: Any, capacity: int = 0, memory_limit: int = 0, dtypes: Any = (),
              container: str = "", shared_name: str = "") -> list:
        _check_attrs(op, capacity, memory_limit, (("dtypes", dtypes),))
        _check_key_indices(op, inputs[0] if keyed else None, inputs[-1], 0)
        key = [] if keyed else [((), dt.int64)]
        return key + [(None, dt.as_dtype(d)) for d in dtypes]
    return infer


def _map_take_kernel(op: str, keyed: bool, copy: bool) -> Callable:
    def kernel(xp: Any, *inputs: Any, **attrs: Any) -> tuple:
        area = _map(op, attrs)
        key = _key(op, inputs[0]) if keyed else None
        idx = _indices(op, inputs[-1])
        if len(idx) > len(attrs["dtypes"]):  # (TF's kernel ends the process)
            raise C.fail(op, f"{len(idx)} indices for {len(attrs['dtypes'])} dtypes")
        key, values = area.take(op, key, idx, copy)
        out = _outputs(op, values, attrs["dtypes"])
        return out if keyed else (np.int64(key),) + out
    return kernel


def _map_size_kernel(op: str, incomplete: bool) -> Callable:
    return lambda xp, **attrs: np.int32(_map(op, attrs).size(incomplete))


def _map_clear_kernel(op: str) -> Callable:
    return lambda xp, **attrs: (_map(op, attrs).clear(), ())[1]


def _map_sample(prefix: str, name: str) -> dict:
    """The samples' maps: "sample_source" holds key 1's pair however often it is taken;
    "sample_sink" forgets what is staged."""
    op = prefix + "Stage"
    if name == "sample_source":
        def make() -> StagingMap:
            m = _SourceMap(prefix == "OrderedMap", 0, 0, _PAIR_TYPES)
            m.map[1] = list(_PAIR)
            if m.order is not None:
                m.order.add(1)
            m.incomplete[2] = [_PAIR[0], None]
            return m
    else:
        def make() -> StagingMap:
            return _SinkMap(prefix == "OrderedMap", 0, 0, _PAIR_TYPES)
    _area(prefix, op, {"shared_name": name}, make)
    return _defaults(name)


class _SourceMap(StagingMap):
    def take(self, op: str, key: int | None, indices: list, copy: bool) -> tuple:
        return super().take(op, key, indices, True)


class _SinkMap(StagingMap):
    def put(self, op: str, key: int, indices: list, values: list) -> None:
        super().put(op, key, indices, values)
        self.clear()


def _map_bad(prefix: str, op: str) -> list:
    src = lambda: _map_sample(prefix, "sample_source")  # noqa: E731
    key = (np.int64(1),) if not op.endswith("NoKey") else ()
    dtypes = {"dtypes": _PAIR_TYPES}
    bad = [BadSample(key + (np.int32([1, 0]),), dict(src(), **dtypes), Exception,
                     "Indices are not strictly ordered"),
           BadSample(key + (np.int32([0, 2]),), dict(src(), **dtypes), Exception,
                     "Index '2' for key '1' was out of bounds '2'."),
           BadSample(key + (np.zeros(0, np.int32),), dict(src(), **dtypes), Exception,
                     "Indices are empty"),
           BadSample(key + (np.int32([0, 1]),), dict(src(), dtypes=[dt.int32, dt.string]),
                     Exception, "Type mismatch: actual float vs. expect int32")]
    if key:
        bad.append(BadSample((np.int64([1]), np.int32([0])), dict(src(), dtypes=[dt.float32]),
                             Exception, "key must be an int64 scalar: [1]"))
    return bad


def _register_map(prefix: str) -> dict:
    ops: dict = {}

    def reg(suffix: str, infer: Callable, kernel: Callable, **kw: Any) -> None:
        name = prefix + suffix
        ops[name] = register(OpDef(name, infer, kernel, **_AREA_OP, **kw))

    def sample(*inputs: Any, area: str = "sample_source", **attrs: Any) -> Callable:
        return lambda: [Sample(inputs, dict(_map_sample(prefix, area), **attrs), grad=False)]

    pair = dict(dtypes=_PAIR_TYPES)
    both = np.int32([0, 1])
    stage = prefix + "Stage"
    reg("Stage", _map_stage_infer(stage), _map_stage_kernel(stage),
        reference=lambda *a, **k: (), num_outputs=0,
        arity=lambda ins, attrs: {"fake_dtypes": len(ins) - 2},
        samples=sample(np.int64(3), both, np.float32([1, 2]), np.array(b"x", dtype=object),
                       area="sample_sink", dtypes=_PAIR_TYPES,
                       fake_dtypes=_PAIR_TYPES),
        bad_samples=lambda: [
            BadSample((np.int64(3), np.int32([1, 0]), np.float32(1), np.float32(2)),
                      dict(_map_sample(prefix, "sample_sink"), dtypes=_PAIR_TYPES,
                           fake_dtypes=[dt.float32, dt.float32]),
                      Exception, "Indices are not strictly ordered"),
            BadSample((np.int64(3), np.int32([-1]), np.float32(1)),
                      dict(_map_sample(prefix, "sample_sink"), dtypes=_PAIR_TYPES,
                           fake_dtypes=[dt.float32]),
                      Exception, "Index '18446744073709551615' for key '3' was out of "
                                 "bounds '2'.")])
    for suffix, keyed, copy in (("Unstage", True, False), ("Peek", True, True),
                                ("UnstageNoKey", False, False)):
        name = prefix + suffix
        inputs = (np.int64(1), both) if keyed else (both,)
        reg(suffix, _map_take_infer(name, keyed), _map_take_kernel(name, keyed, copy),
            reference=(_pair_ref if keyed else lambda *a, **k: (np.int64(1),) + _pair_ref()),
            num_outputs=-1, host_inputs=tuple(range(len(inputs))), **_list_arity("dtypes"),
            samples=sample(*inputs, **pair), bad_samples=lambda name=name: _map_bad(prefix,
                                                                                   name))
    for suffix, incomplete in (("Size", False), ("IncompleteSize", True)):
        name = prefix + suffix
        reg(suffix, _size_infer(name), _map_size_kernel(name, incomplete),
            reference=lambda **a: np.int32(1), samples=sample(dtypes=[]))
    name = prefix + "Clear"
    reg("Clear", _clear_infer(name), _map_clear_kernel(name), reference=lambda **a: (),
        num_outputs=0, samples=sample(area="sample_cleared", dtypes=[]))
    return ops


MAP_OPS = _register_map("Map")
ORDERED_MAP_OPS = _register_map("OrderedMap")
