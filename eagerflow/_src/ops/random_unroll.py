"""Stateful random ops in loops that eagerflow unrolls while a graph is built.

Sits in the ops layer below random.py, which asks it for each stateful node's id and
where each draw of such a node starts. TF runs the body of tf.map_fn, tf.scan and the
folds as one While op: each stateful random op of the body is one kernel, whose Philox
stream moves on at every iteration (and from one call of the function to the next).
eagerflow unrolls those loops when the number of elements is known, tracing one copy of
the body per element; `unrolled_loop` makes the copies of one op one kernel again: they
share the first copy's seeds (the body's own count of unseeded ops starts at zero, as
TF's body graph's does) and its stream, and each call of the function hands the copies
consecutive stretches of it.

Which copy takes which stretch is the order TF's executor runs the kernels in. Copies that
wait for an earlier iteration's draws (a scan's accumulator made by the op feeding it)
run in iteration order. Copies that don't are all ready as soon as the loop's counter
reaches them, and TF runs them `parallel_iterations` at a time, each group last to first
(its executor's queue). That order is TF's runtime's, not a guarantee: it is what a CPU
build of TF 2.21 gives on most runs. A loop unrolled inside another is run through at each
of the outer loop's iterations, in order. An op in a branch or a While nested in the body
shares the stream in the order its copies run.
"""

from __future__ import annotations

import itertools
import threading
from contextlib import contextmanager
from typing import Any, Iterator

from eagerflow._src.core.context import _state

_M128 = (1 << 128) - 1       # (Philox's counter wraps)
_NODES = itertools.count(1)  # ids of stateful nodes in graphs; 0 is every eager op
_LOCAL = threading.local()   # .loops: the unrolled loops being traced, outermost first

# node id -> (the id whose stream it draws from, its position in one run of the loop(s),
# the number of draws of that stream in one run); position None: in the order run
UNROLLED: dict = {}


class _Loop:
    """One unrolled loop being traced: the stateful nodes each iteration makes."""

    def __init__(self, graph: Any, parallel: int) -> None:
        self.graph = graph
        self.parallel = max(int(parallel or 1), 1)
        self.iteration = -1
        self.starts: list = []   # len(graph.operations) as each iteration began
        self.leads: list = []    # the first iteration's node ids, in the order made
        self.made = 0            # nodes made so far by this iteration
        self.copies: dict = {}   # node id -> (lead id, iteration, made in the loop's graph)

    def next_iteration(self) -> None:
        self.iteration += 1
        self.made = 0
        ops = getattr(self.graph, "operations", None)
        self.starts.append(0 if ops is None else len(ops))
        self.graph._random_op_counter = 0  # (the body graph's count of unseeded ops)

    def register(self, nid: int) -> None:
        if self.iteration == 0:
            self.leads.append(nid)
            lead = nid
        else:
            lead = self.leads[self.made] if self.made < len(self.leads) else nid
        self.made += 1
        self.copies[nid] = (lead, self.iteration, _state.graph is self.graph)

    def position(self, k: int, sequential: bool) -> int:
        """Iteration k's draw, counted in the order TF's loop runs its copies."""
        n = self.iteration + 1
        if sequential or self.parallel == 1:
            return k
        first = k - k % self.parallel
        return first + min(self.parallel, n - first) - 1 - (k - first)

    def leads_in_order(self) -> tuple:
        """(sequential, unsized): the leads whose copies use a value an earlier
        iteration's random op made, which TF runs one iteration after the other (a value
        only cheap ops carry over, a scan's counter, its executor computes ahead, and the
        draws then wait on nothing); and those whose copies' shapes are not all one known
        shape, whose draws' sizes are known only as they run: drawn in the order run."""
        ops = getattr(self.graph, "operations", None)
        if ops is None:
            return set(), set()
        base = self.starts[0]
        index = {id(op): i for i, op in enumerate(ops[base:], base)}
        sequential, unsized, sizes = set(), set(), {}
        for op in ops[base:]:
            copy = self.copies.get(op.attrs.get("node")) if isinstance(op.attrs, dict) \
                else None
            if copy is None:
                continue
            lead, k, _ = copy
            size = _size(op)
            if size is None or sizes.setdefault(lead, size) != size:
                unsized.add(lead)
            if k and lead not in sequential and \
                    _uses_before(op, index, self.starts[k], self.copies):
                sequential.add(lead)
        return sequential, unsized


def _size(op: Any) -> tuple | None:
    """The shapes of `op`'s inputs and outputs, None unless all fully known."""
    shapes = tuple(getattr(t, "_shape", None) for t in tuple(op.inputs) + tuple(op.outputs))
    if any(sh is None or None in sh for sh in shapes):
        return None
    return shapes


def _uses_before(op: Any, index: dict, start: int, copies: dict) -> bool:
    """Whether `op` depends on a random op of the loop (one of `copies`) made before
    position `start` of the graph."""
    seen: set = set()
    todo = [op]
    while todo:
        o = todo.pop()
        for src in [getattr(t, "_op", None) for t in o.inputs] + list(o._control_inputs):
            i = index.get(id(src))
            if i is None or id(src) in seen:
                continue
            if i < start and isinstance(src.attrs, dict) and src.attrs.get("node") in copies:
                return True
            seen.add(id(src))
            todo.append(src)
    return False


def next_node() -> int:
    """A new stateful node's id, registered with the unrolled loops being traced."""
    nid = next(_NODES)
    for loop in getattr(_LOCAL, "loops", ()):
        loop.register(nid)
    return nid


@contextmanager
def unrolled_loop(parallel_iterations: Any = 10) -> Iterator[Any]:
    """Traces a loop unrolled in Python: call `.next_iteration()` before each iteration's
    body. Outside a graph it does nothing (eager ops keep TF's eager kernels)."""
    graph = _state.graph
    if graph is None:
        yield _NoLoop
        return
    loops = getattr(_LOCAL, "loops", None)
    if loops is None:
        loops = _LOCAL.loops = []
    loop = _Loop(graph, 10 if parallel_iterations is None else parallel_iterations)
    saved = getattr(graph, "_random_op_counter", 0)
    loops.append(loop)
    try:
        yield loop
    finally:
        loops.pop()
        graph._random_op_counter = saved
        if loops:
            _children.setdefault(id(loops[-1]), []).append(loop)
        else:
            _finish(loop, [])


def _finish(loop: _Loop, outer: list) -> None:
    """Records where each copy draws, composing the positions of nested loops."""
    nested = _children.pop(id(loop), ())
    if not loop.copies:
        return
    sequential, unsized = loop.leads_in_order()
    for child in nested:
        _finish(child, outer + [loop])
    n = loop.iteration + 1
    for nid, (lead, k, direct) in loop.copies.items():
        if nid in UNROLLED:
            continue  # (a nested loop's node: done by it)
        pos = loop.position(k, lead in sequential) if direct and lead not in unsized \
            else None
        stream, total = lead, n
        for up in reversed(outer):
            # (an enclosing loop's iterations run one after the other: each runs its own
            # inner While op through, as TF's executor does)
            lead2, k2, _ = up.copies[stream]
            pos = None if pos is None else k2 * total + pos
            stream, total = lead2, total * (up.iteration + 1)
        UNROLLED[nid] = (stream, pos, total)


_children: dict = {}  # id(outer loop) -> the loops unrolled inside it


class _NoLoop:
    @staticmethod
    def next_iteration() -> None:
        pass


def start_of_draw(streams: dict, key: tuple, nid: int, nblocks: int, fresh: Any) -> tuple:
    """(key, counter) where node `nid`'s draw of `nblocks` starts, its stream found in
    `streams` by `key` (the lead node's), made by `fresh()` on first use; the caller holds
    the streams' lock."""
    stream, pos, total = UNROLLED[nid]
    s = streams.get(key)
    if s is None:
        s = streams[key] = fresh()
    if pos is None:  # (drawn in the order the copies run)
        counter = s[1]
        s[1] = (counter + nblocks) & _M128
        return s[0], counter
    # one run of the loop reserves `total` draws at once; each copy takes its own
    rkey = ("unrolled",) + key
    r = streams.get(rkey)
    if r is None or pos in r[1] or len(r[1]) >= total:
        r = streams[rkey] = [s[1], set()]
        s[1] = (s[1] + total * nblocks) & _M128
    r[1].add(pos)
    return s[0], (r[0] + pos * nblocks) & _M128
