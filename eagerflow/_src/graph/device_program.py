"""Graphs run on a GPU (or the stand-in posing as one): tf.function's device path.

Sits in graph/, above codegen. A traced function's graph becomes one straight-line
Python function for its device (codegen.generate with a place): each op's kernel over
the device's array module, placed as the eager op is (dispatch.run_on: ops without a
GPU kernel or with host-only data on CPU:0, values made elsewhere copied over once), the
graph's constants copied to the device when the code is made, and the graph's chains of
elementwise ops fused into generated kernels (fusion.py) where the backend compiles
them. The results are those of the same ops run eagerly there.

CUDA graphs (on by default; `EAGERFLOW_CUDA_GRAPHS=0`, or `CUDA_GRAPHS[0] = False` before
a function is first run on the device, turns them off). A program with no host work, no
stateful op but its variables' assignments, and no control flow (why_not) is, from the
second call with the same input shapes and dtypes (and math switches), captured once
into a CUDA graph (CuPy's stream capture) that runs it on static input buffers, then
replayed: the inputs copied into those buffers, one launch, the outputs copied out (the
next replay overwrites the graph's own). Float products run on a cuBLAS handle of
eagerflow's own while capturing (backend/captured_blas.py: CuPy 14 refuses its own). A
capture the backend refuses (CuPy refuses cuSOLVER and cuRAND calls and any host
transfer while capturing) leaves the program on the ordinary path for good (a CUDA
error at its second try; running out of memory at once); a new signature is captured
anew (the last MAX_GRAPHS kept); the variables the program reads are checked on each replay to
hold the arrays it captured: one assigned a new array since has it copied into the
graph's where it can (_adopt), else the program is captured again (after
MAX_RECAPTURES, it is left uncaptured). One thread at a time replays a program's graphs.

A training step assigns its variables: the captured graph ends by copying each new
value into the variable's own array, so the array a replay reads next time holds it (a
graph reads and writes fixed addresses). That is an in-place write, which TF makes only
where no tensor shares the buffer: a variable is written so only while nothing but the
variable holds its array (checked before capture and before each replay, by reference
count, as eager AssignAdd checks it); otherwise the call runs the ordinary path, which
gives the variable a new array. On an H200 (2026-11-26) replays took the guide CNN's
traced train step from 2.36 to 0.22 ms at batch 32 and from 1.72 to 0.42 ms at batch 256
(docs/performance.md): a step bound by the host's launches costs its device time.
"""

from __future__ import annotations

import functools
import operator
import os
import sys
import threading
from typing import Any

from eagerflow._src.backend import math_switches
from eagerflow._src.core import dtypes as dt
from eagerflow._src.graph import codegen, fusion
from eagerflow._src.graph.ir import ASSIGN, CONST, PLACEHOLDER, READ_VAR, Graph
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops.variables import sole_holder

CUDA_GRAPHS = [os.environ.get("EAGERFLOW_CUDA_GRAPHS", "1") != "0"]
MAX_GRAPHS = 8       # captured signatures kept per program
MAX_RECAPTURES = 4   # captures redone for variables assigned under a graph, at most
_ARR = operator.attrgetter("_arr")


class DeviceProgram:
    """`fn(*input_arrays)` -> the arrays (or EagerTensors, when `wrap`) of `outputs`,
    computed on `place` (a core.device._Device), with the graph's elementwise chains fused
    into generated kernels (fusion.py) where the backend compiles them, and its calls
    replayed as CUDA graphs when `cuda_graphs` (default: the CUDA_GRAPHS switch), or each
    op timed for tf.profiler when `profile`."""

    def __init__(self, graph: Graph, outputs: list, place: Any, wrap: bool = False,
                 name: str = "graph_fn", cuda_graphs: bool | None = None,
                 profile: bool = False) -> None:
        self.graph, self.outputs, self.place, self.wrap = graph, list(outputs), place, wrap
        self.groups = fusion.plan(graph)
        if cuda_graphs is None:
            cuda_graphs = CUDA_GRAPHS[0] and not profile  # (a replay has no ops to time)
        self.replay: GraphReplay | None = None
        # (with CUDA graphs the code returns arrays, wrapped by the replayer)
        self.generated = codegen.generate(graph, self.outputs, name,
                                          wrap=wrap and not cuda_graphs, place=place,
                                          groups=self.groups, profile=profile)
        self.fn = self.generated.fn
        if cuda_graphs and place.backend.cuda is not None:
            self.replay = GraphReplay(self)
            self.fn = self.replay

    @property
    def source(self) -> str:
        """The Python source of the generated code."""
        return self.generated.source


class _Captured:
    """One signature's graph: its static input buffers, its output arrays, and the arrays
    of the variables it reads and writes as it captured them: `reads` (of `read`, every
    variable), `writes` (those it assigns), `sole` (whether the variable alone held each
    then). `base`: how many references each of `reads` had right after capture (set at
    the first launch), against which later counts tell a tensor sharing one."""

    __slots__ = ("graph", "inputs", "outputs", "read", "reads", "writes", "sole", "keep",
                 "base", "refs")

    def __init__(self, graph: Any, inputs: list, outputs: tuple, read: list, reads: list,
                 writes: list, sole: list, keep: Any) -> None:
        self.graph, self.inputs, self.outputs, self.keep = graph, inputs, outputs, keep
        self.read, self.reads, self.writes, self.sole = read, reads, writes, sole
        self.base: list | None = None
        self.refs: list | None = None  # (base's entries for `writes`)

    def count(self) -> None:
        self.base = list(map(sys.getrefcount, self.reads))
        self.refs = list(map(sys.getrefcount, self.writes))


class GraphReplay:
    """A DeviceProgram's `fn` whose calls are CUDA graph replays where they can be."""

    def __init__(self, prog: DeviceProgram) -> None:
        self.prog = prog
        self.run = prog.generated.fn
        self.place = prog.place
        self.refused: str | None = why_not(prog.graph, prog.outputs)
        self.graphs: dict = {}   # signature -> _Captured
        self.warm: set = set()   # signatures run once (kernels compiled, caches made)
        self.recaptures = self.failures = 0
        self.lock = threading.Lock()
        self.captures = self.launches = 0  # (counted: what tests and benchmarks read)
        ops = prog.graph.operations
        written = {id(n.attrs["var"]): n.attrs["var"] for n in ops if n.op in _ASSIGNS}
        self.written = list(written.values())
        read = [n.inputs[0] for n in ops if n.op is READ_VAR]
        seen = {id(v) for v in read}
        self.variables = read + [v for v in self.written if id(v) not in seen]
        self.dtypes = [t._dtype for t in prog.outputs] if prog.wrap else None
        # (a list is a host object: a tensor of the program's device, as where it was made;
        # a handle, one of its resource's device)
        self.wrappers = [functools.partial(codegen.wrap_variant, place=prog.place)
                         if t._dtype is dt.variant else codegen.wrap_handle
                         if t._dtype is dt.resource else codegen.wrap_device
                         for t in prog.outputs]

    def __call__(self, *arrays: Any) -> tuple:
        # (one thread at a time replays: a graph's static buffers are its own; a call made
        # meanwhile from another thread runs the ordinary path)
        if self.refused is None and self.lock.acquire(blocking=False):
            try:
                out = self._replayed(arrays)
            finally:
                self.lock.release()
            if out is not None:
                return out
        return self._finish(self.run(*arrays))

    def _replayed(self, arrays: tuple) -> tuple | None:
        """The call's outputs from its graph (captured now where it can be), or None."""
        key = self._signature(arrays)
        if key is None:
            return None
        entry = self.graphs.get(key)
        if entry is not None:
            if all(map(operator.is_, map(_ARR, entry.read), entry.reads)):
                # (in C calls: this runs before every replay) a tensor sharing an array
                # the graph writes keeps its value: this call runs the ordinary path
                if list(map(sys.getrefcount, entry.writes)) != entry.refs:
                    return None
                return self._launch(entry, arrays)
            if self._adopt(entry):
                return self._launch(entry, arrays)
            # a variable holds a new array the graph's cannot take: captured anew
            del self.graphs[key]
            self.recaptures += 1
            if self.recaptures > MAX_RECAPTURES:
                self.refused = "its variables are assigned or shared between calls"
        if key in self.warm and self.refused is None:
            entry = self._capture(key, arrays)
            if entry is not None:
                return self._launch(entry, arrays)
        self.warm.add(key)
        return None

    def _signature(self, arrays: tuple) -> tuple | None:
        """The call's shapes and dtypes, and the math switches (TF32, op determinism: a
        graph keeps the kernels they chose when it was captured, the ordinary path asks
        them at each call); None when an input is not on the device."""
        b, index = self.place.backend, self.place.physical
        key = [math_switches()]
        for a in arrays:
            if not b.holds(a, index):
                return None
            key.append((a.shape, a.dtype))
        return tuple(key)

    def _adopt(self, entry: _Captured) -> bool:
        """Copies the new value of each variable assigned a new array since capture (an
        eager `assign`: a metric's reset between epochs, a restored checkpoint) into the
        array the graph reads, which the variable then holds again; False (nothing
        changed) unless each such value matches its array in shape, dtype and device and
        nothing but the graph holds that array (it alone did at capture, and no tensor
        read from the variable since keeps it), and the arrays the graph writes are
        shared by nothing new."""
        counts = list(map(sys.getrefcount, entry.reads))
        written = {id(w) for w in entry.writes}
        moved = []
        for v, a, n, base, sole in zip(entry.read, entry.reads, counts, entry.base,
                                       entry.sole):
            new = v._arr
            if new is a:
                if n != base and id(a) in written:
                    return False
                continue
            if not (sole and n == base - 1 and new.__class__ is a.__class__ and
                    new.shape == a.shape and new.dtype == a.dtype and
                    self.place.backend.holds(new, self.place.physical)):
                return False
            moved.append((v, a, new))
        for v, a, new in moved:
            self.place.xp.copyto(a, new)
            v._arr = a
        return True

    def _capture(self, key: tuple, arrays: tuple) -> _Captured | None:
        xp, b = self.place.xp, self.place.backend
        if not all(sole_holder(v) for v in self.written):
            return None  # (a tensor shares a variable's array: this call runs as it is)
        statics = [xp.empty(a.shape, a.dtype) for a in arrays]
        sole = [sole_holder(v) for v in self.variables]  # (before `reads` holds them too)
        reads = [v._arr for v in self.variables]
        try:
            graph, outs, keep = b.capture(lambda: self._written_in_place(xp, statics))
        except MemoryError as e:
            # (a graph keeps every buffer its capture made: where they do not fit, the
            # ordinary path, which frees them as it goes, runs each call from now on)
            self.refused = f"{type(e).__name__}: {e}"
            return None
        except (NotImplementedError, RuntimeError) as e:  # what the backend refuses
            # (a CUDA error is refused for good at its second capture: the first may be a
            # kernel compiled and loaded while capturing, which the next finds loaded)
            self.failures += isinstance(e, RuntimeError)
            if self.failures != 1 or not isinstance(e, RuntimeError):
                self.refused = f"{type(e).__name__}: {e}"
            return None
        except Exception:  # noqa: BLE001 - an op's own error: the ordinary run raises it
            return None
        if not all(b.holds(o, self.place.physical) for o in outs):
            self.refused = "an output is not an array of the device"
            return None
        if any(xp.may_share_memory(o, v._arr) for o in outs for v in self.written):
            self.refused = "an output shares the array of a variable it assigns"
            return None
        if len(self.graphs) >= MAX_GRAPHS:
            self.graphs.pop(next(iter(self.graphs)))
        self.captures += 1
        writes = [v._arr for v in self.written]
        entry = self.graphs[key] = _Captured(graph, statics, outs, self.variables, reads,
                                             writes, sole, keep)
        return entry

    def _written_in_place(self, xp: Any, statics: list) -> tuple:
        """The program run on `statics` (under capture), each variable it assigns given
        its new value by a copy into the array it had (the graph's last launches), and
        that array again; refused (NotImplementedError) where a new value differs from
        the old in shape or dtype."""
        before = [(v, v._arr) for v in self.written]
        try:
            outs = self.run(*statics)
            copies = []
            for v, old in before:
                new = v._arr
                if new is not old:
                    if new.shape != old.shape or new.dtype != old.dtype:
                        raise NotImplementedError(f"{v.name} is assigned a value of another "
                                                  "shape or dtype")
                    if any(xp.may_share_memory(new, a) for _, a in before):
                        new = new.copy()  # (a swap: copied aside before it is written)
                    copies.append((old, new))
            for old, new in copies:
                xp.copyto(old, new)
        finally:
            for v, old in before:
                v._arr = old
        return outs

    def _launch(self, entry: _Captured, arrays: tuple) -> tuple:
        for static, a in zip(entry.inputs, arrays):
            static[...] = a
        entry.graph.launch()
        self.launches += 1
        if entry.base is None:  # (the first launch, right after capture)
            entry.count()
        return self._finish(tuple(o.copy() for o in entry.outputs))

    def _finish(self, outs: tuple) -> tuple:
        if self.dtypes is None:
            return outs
        return tuple(w(a, d) for w, a, d in zip(self.wrappers, outs, self.dtypes))


# The graph's own assignments of the variables it captured (var_reads.ASSIGN)
_ASSIGNS = frozenset(ASSIGN.values())


def why_not(graph: Graph, outputs: list) -> str | None:
    """Why calls of `graph` cannot be captured as a CUDA graph, or None: work on the host
    (a host op, a copy, a TensorList's or CSR matrix's bookkeeping), stateful ops other
    than its variables' assignments (a random draw's counter, replayed the same each
    time), or control flow (its conditions are read on the host)."""
    for t in outputs:
        if type(t) is not SymbolicTensor:
            return "an output is not a tensor of the graph"
    for node in graph.operations:
        op = node.op
        if op is READ_VAR and type(node.inputs[0]) is SymbolicTensor:
            return "it reads a variable passed in"
        if op is PLACEHOLDER or op is CONST or op is READ_VAR or op in _ASSIGNS:
            continue
        if op.stateful:
            return f"{op.name} is stateful"
        if op.subgraphs or op.fn is not None:
            return f"{op.name} runs sub-graphs"
        if op.holds_variants:  # (a replay would not run their own work, on the host)
            return f"{op.name} keeps a variant on the host"
        if codegen.on_host(node) is not False:
            return f"{op.name} runs on the host"
    return None


