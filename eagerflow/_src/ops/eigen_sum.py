"""float32 and float64 sums in the order TF 2.21's CPU kernels (Eigen's reductions) add,
in few NumPy calls: Sum, Mean, EuclideanNorm, and bfloat16's float32 sums.

Sits in the ops layer under eigen_reduce.py (whose docstring describes the order, and
whose slow `inner`/`columns` spell it out one step at a time for the half types) and
reduce.py. Eigen's packets on TF's AVX build hold 32 bytes: 8 floats or 4 doubles (`p`).
- A row (the innermost dimension, or a whole tensor): four packet accumulators over
  blocks of 4p values, ((a0 + a1) + a2) + a3, then the remaining whole packets, the packet
  folded in halves; the last n % p values added in turn from 0, plus the fold. Above
  p * 1024 values (LeafSize 1024 for float and double) the row is cut in two at a packet
  boundary counted from the tensor's start, each half reduced so, and the halves added.
  Here each leaf of that tree is computed at once for all leaves (_leaf_sums), then the
  tree adds them.
- A whole tensor large enough for Eigen's cost model is cut among TF's intra-op threads
  (Eigen's FullReducer on a ThreadPoolDevice): blocks of floor(n / threads) values each
  reduced as a row, the remainder too, then the remainder's sum plus each block's in turn.
- Columns (an outer dimension reduced): the outputs taken flat, p at a time, each adding
  its rows in four accumulators by row modulo 4 when there are 16 rows or more; outputs in
  a packet straddling two rows of the kept outer dimension, and those after the last whole
  packet, add their rows in turn.
Eigen's accumulators start from +0, which turns an all -0 sum into +0; adding +0 never
changes another value, so the padding zeros below are exact.

How NumPy is made to add in that order without a call per block of 4p values (a NumPy
call on 32 values costs far more than the additions): np.einsum sums the blocks of many
rows or leaves over their blocks' axis in turn from +0, in one call, a block's lanes a
loop step (_einsum_blocks; checked once to add so). Rows equally apart are a view of
(rows, blocks, 4p) (_blocks_in_turn); so are the leaves of trees lying equally apart,
every q-th leaf of a run (_progressions: a leaf is a packet longer now and then, in a
pattern that repeats); where something is made of the values first (squares), leaves
are gathered whole as records from a window view (one memcpy a leaf), at most
REDUCE_STREAMS leaves a step (_bodies_in_turn); unless rows sharing a tree outnumber its
leaves (then a leaf at a time across the rows: _tree_rows). Where einsum may not (a
sum holding a NaN, whose payload is the build's choice), blocks of many rows are added
side by side, one NumPy row of them a step, in turn: very many rows a block of all of
them a call; fewer copy a few blocks of each a step as 128-byte records into rows. The
gathers, masks and the trees' additions are planned once per (rows, length)
(_rows_plan), the layout once per (shape, axes).
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Iterable
from typing import Any

import numpy as np

from eagerflow._src.backend import (
    REDUCE_LOOP_BYTES,
    REDUCE_STEP_BYTES,
    REDUCE_STREAMS,
    intra_op_threads,
)

_LEAF = 1024  # Eigen's LeafSize for float and double
_UNROLL_ROWS = 16  # the fewest rows Eigen's column reduction adds in four accumulators
_WIDE_ROWS = 4  # rows from which _blocks_in_turn pays a copy to add them side by side

# Eigen's cost model (TensorCostModel<ThreadPoolDevice>): a load costs 11/64 cycles a
# byte, a thread is worth starting per 100,000 cycles past the first 100,000; the
# reducer's compute cost is Eigen's default for a functor without traits (10 cycles), a
# product's 1, each divided among a packet's lanes. So a float32 sum is shared from
# 108,388 values on, a float64 one from 54,194, a float32 Euclidean norm from 76,364, a
# float64 one from 38,182: TF 2.21's, on each side of these sizes (tests/ops/eigen_sum.npz).
_LOAD_CYCLES_PER_BYTE = 11 / 64
_REDUCER_CYCLES = 10
_STARTUP_CYCLES = 100_000
_PER_THREAD_CYCLES = 100_000


def lanes(dtype: Any) -> int:
    """Values in an AVX packet: 8 floats, 4 doubles."""
    return 32 // np.dtype(dtype).itemsize


# What Eigen's cost model sees per value of a whole-tensor reduction's input expression:
# (values of the type loaded, products computed)
SUM = (1, 0)  # the tensor itself
SQUARES = (2, 1)  # EuclideanNorm's x * x: x loaded twice, one product
HALF_SQUARES = (1, 2)  # L2Loss's x.square() * 0.5: one load, two products


def shard_threads(n: int, dtype: Any, threads: int, cost: tuple = SUM,
                  packet: int | None = None) -> int:
    """Into how many threads Eigen's FullReducer cuts a whole-tensor reduction of `n`
    values on a pool of `threads`: each value costs its loads and its products and the
    reducer, these per packet lane (`cost`: (loads, products); `packet`: the lanes where
    they are not lanes(dtype), as the half types' 8)."""
    loads, products = cost
    per_value = loads * np.dtype(dtype).itemsize * _LOAD_CYCLES_PER_BYTE + \
        (_REDUCER_CYCLES + products) / (packet or lanes(dtype))
    t = (n * per_value - _STARTUP_CYCLES) / _PER_THREAD_CYCLES + 0.9
    return max(1, min(threads, int(t)))


def _records(g: Any) -> Any:
    """(..., B) `g`, its last axis contiguous, with each run of B values as one record:
    NumPy copies a record with one memcpy, not B values a loop step."""
    return g.view(np.dtype((np.void, g.shape[-1] * g.itemsize)))[..., 0]


def _steps(row_bytes: int) -> int:
    """How many rows of `row_bytes` one step of _in_turn_steps copies and adds."""
    return max(1, REDUCE_STEP_BYTES // max(row_bytes, 1))


def _in_turn_steps(copies: Iterable, dtype: Any, op: Any, pre: Any = None) -> Any:
    """The rows of the record arrays `copies` yields (fresh (c, k) arrays, in order),
    reduced (`op`) in turn: (k * values a record). Each copy's first row takes the
    result so far (op commutes), so its rows are added in turn after it. `pre`: what the
    values summed are made of them first, in place (_SQUARES)."""
    acc = None
    for rec in copies:
        buf = rec.view(dtype)
        if pre is not None:
            pre(buf)
        if acc is not None:
            op(buf[0], acc, out=buf[0])
        acc = op.reduce(buf, axis=0)
    return acc


# NumPy's einsum adds a summed axis that is not its innermost into each output in turn
# from +0 (one output's lanes a loop step): (k, m, B) blocks summed over m in one call,
# without copies, each block's B lanes a step (NumPy's reduction over a middle axis pays
# ~3x more a step; its copies side by side a record each). Eigen's accumulators start
# from +0 too.
_IN_TURN = "kmb->kb"
_EINSUM_BLOCKS = 64  # blocks (k * m) from which einsum's setup pays


@functools.cache
def _einsum_in_turn() -> bool:
    """Whether this NumPy's einsum sums _IN_TURN's m in turn from +0, float32 and float64,
    blocks contiguous or strided, rows apart (another order would change the bits):
    checked once, on values whose orders round apart."""
    for dtype in _IN_TURN_TYPES:
        big = 2.0 ** np.finfo(dtype).nmant + 2
        lane = np.array([big, 1, 1, 1, -big, 1, 3, -0.0, 1], dtype)
        b = 32 // lane.itemsize * 4
        g = np.stack([lane, lane[::-1], np.roll(lane, 4)])[:, :, None] * np.ones(b, dtype)
        want = np.zeros((3, b), dtype)
        for i in range(lane.size):
            want = want + g[:, i]
        gapped = np.concatenate([g, g[:, :1]], axis=1)[:, :-1]  # (rows apart: views)
        for blocks in (g, np.repeat(g, 2, axis=1)[:, ::2], gapped):
            if np.einsum(_IN_TURN, blocks).tobytes() != want.tobytes():
                return False
    return True


def _einsum_blocks(g: Any, out: Any = None) -> Any:
    """_blocks_in_turn() of a sum by np.einsum (into `out`, (k, B)), or None where the
    sums hold a NaN (which NaN is the build's choice of operands: the steps below keep
    TF's) or einsum adds otherwise. Every other sum is the same: the additions are, and
    their +0 start changes only a -0 sum, which Eigen's +0 start makes +0 too."""
    if not _einsum_in_turn():
        return None
    s = np.einsum(_IN_TURN, g, out=out)
    return None if np.isnan(s).any() else s


def _blocks_in_turn(g: Any, op: Any = np.add) -> Any:
    """(k, m, B) `g` reduced (`op`) over m in turn: (k, B). A few rows are one NumPy
    reduction; a sum of many blocks is einsum's (_einsum_blocks); else rows are added side
    by side: very many a block at a time; else each step copies the next blocks of all k
    (as records) into one row, so that NumPy adds k * B values a loop, not B."""
    k, m, b = g.shape
    if k < _WIDE_ROWS or m == 1:
        return op.reduce(g, axis=1)
    if op is np.add and k * m >= _EINSUM_BLOCKS:
        s = _einsum_blocks(g)
        if s is not None:
            return s
    if k * b * g.itemsize >= REDUCE_LOOP_BYTES:  # (each block a step, across all rows)
        acc = op(g[:, 0], g[:, 1])
        for i in range(2, m):
            op(acc, g[:, i], out=acc)
        return acc
    recs = _records(g).T
    c = _steps(k * b * g.itemsize)
    acc = _in_turn_steps((recs[a:a + c].copy() for a in range(0, m, c)), g.dtype, op)
    return acc.reshape(k, b)


def _fold(v: Any, op: Any = np.add) -> Any:
    """Eigen's predux: the packet's halves added (`op`), then the halves of that, to one
    lane."""
    w = v.shape[-1]
    while w > 1:
        w //= 2
        v = op(v[..., :w], v[..., w:])
    return v[..., 0]


def _in_turn_last(x: Any, op: Any = np.add) -> Any:
    """x's last axis reduced (`op`) in turn, from op's identity."""
    one = x.dtype.type(op.identity)
    if x.shape[-1] == 0:
        return np.full(x.shape[:-1], one)
    return op(op.accumulate(x, axis=-1)[..., -1], one)


# a ufunc's operator on NumPy scalars (the ufunc called on scalars costs ~20x more)
_SCALAR_OP = {np.add: operator.add, np.multiply: operator.mul}


# A NumPy scalar operator x + y (x * y) of two NaNs gives y's, where TF's packets (and
# NumPy's SIMD loops) give x's: scalars below are added (multiplied) operands swapped.


def _fold_scalars(lane: Any, scalar_op: Any) -> Any:
    """_fold() of one packet (8 floats or 4 doubles) on NumPy scalars of the type: each
    lane of the lower half plus its twin of the upper half, then halves of those, the
    lower lane's NaN kept (as _fold()'s and TF's), without a NumPy call per halving."""
    if len(lane) == 8:
        a, b, c, d, e, f, g, h = lane
        return scalar_op(scalar_op(scalar_op(h, d), scalar_op(f, b)),
                         scalar_op(scalar_op(g, c), scalar_op(e, a)))
    a, b, c, d = lane
    return scalar_op(scalar_op(d, b), scalar_op(c, a))


def whole(v: Any, op: Any = np.add) -> Any:
    """short_rows() of 1-D `v` (at most p * 1024 values: no tree) in the fewest NumPy
    calls, a NumPy scalar: the four accumulators over blocks of 4p (from two blocks on,
    one NumPy call), added down with the whole packets after them (one reduction); the
    fold and the last n % p values on scalars. Below two blocks the accumulators hold one
    packet each or none, so ((a0 + a1) + a2) + a3 and the packets after them are one run
    of packets added in turn: Eigen's +0 start changes only a -0, and the sum ends with
    an addition of +0 (or of a tail summed from +0), which gives Eigen's zero sign.
    NaNs as TF's: the earlier operand's, but the fold's over the last values'. A float32
    sum without NaNs adds its whole packets and folds them in one NumPy reduction
    (_pairwise_fold): the same additions, a third of the time."""
    p = 32 // v.itemsize
    n = v.size
    packets = n // p
    scalar_op = _SCALAR_OP[op]
    if not n:
        return v.dtype.type(op.identity)
    # Eigen's zero (one) as the Python int: added to (multiplied by) a NumPy scalar it
    # gives the scalar's type, and +0 (1) as that type would, at a third of its cost
    one = op.identity
    t = one  # the last values, in turn from Eigen's zero (one)
    if n > packets * p:
        for value in v[packets * p:]:
            t = scalar_op(value, t)
    if not packets:
        return scalar_op(one, t)  # (plus the fold of packets of +0)
    if packets >= 8:  # two blocks of 4p or more: the four accumulators first
        start = packets // 4 * 4 * p
        q = 4 * p
        acc = op(v[:q], v[q:2 * q]) if start == 2 * q else \
            op.reduce(v[:start].reshape(-1, q), axis=0)
        rows = acc if start == packets * p else np.concatenate((acc, v[start:packets * p]))
    else:
        rows = v[:packets * p]
    if p == 8 and op is np.add and _pairwise_as_eigen():
        s = _pairwise_fold(rows)
        if s == s:  # (a NaN's sign is the scalar fold's, below)
            return scalar_op(t, s)
    lane = op.reduce(rows.reshape(-1, p), axis=0)
    return scalar_op(t, _fold_scalars(lane, scalar_op))


# NumPy sums 8 to 128 contiguous float32 values in 8 running sums (every 8th value), then
# adds them in neighbouring pairs, pairs of pairs, and those two; Eigen folds a packet's
# 8 lanes pairing lane k with k + 4, then k with k + 2. With each packet's lanes in this
# order, one NumPy reduction of 1 to 7 packets adds what Eigen's lane sums and fold add.
_NEIGHBOUR_LANES = (np.arange(7)[:, None] * 8 + [0, 4, 2, 6, 1, 5, 3, 7]).ravel()


def _pairwise_fold(rows: Any, start: float = -0.0) -> Any:
    """start + the lane sums of each row (last axis) of float32 `rows` (1 to 7 whole
    packets) folded, in one NumPy reduction (NumPy adds `start` to the row's sum: -0.0
    changes nothing, +0.0 is Eigen's last addition of zero): a NumPy scalar of a 1-D
    `rows`."""
    lanes_in_order = _NEIGHBOUR_LANES[:rows.shape[-1]]
    return np.add.reduce(rows.take(lanes_in_order, axis=-1), axis=-1, initial=start)


@functools.cache
def _pairwise_as_eigen() -> bool:
    """Whether this NumPy's float32 sum adds as _pairwise_fold expects, one row alone and
    rows side by side (NumPy 1.9 to 2.x do; another order would change the bits): checked
    once, on values whose pairings round apart."""
    v = np.float32([2.0 ** 24, 1, 1, 1, -2.0 ** 24, 1, 3, 1] * 7)
    for n in range(1, 8):
        rows = v[:8 * n]
        lane = np.add.reduce(rows.reshape(-1, 8), axis=0)
        if _pairwise_fold(rows).tobytes() != _fold_scalars(lane, operator.add).tobytes():
            return False
        many = np.stack([rows, rows[::-1], np.roll(rows, 3), -0.0 * rows])
        sums = np.add.reduce(many.reshape(4, -1, 8), axis=1)  # (each row's lanes)
        if _pairwise_fold(many, 0.0).tobytes() != (_fold(sums) + 0).tobytes():
            return False
    return True


_IN_TURN_TYPES = (np.dtype(np.float32), np.dtype(np.float64))


def _sum_in_turn(x: Any) -> Any:
    """_in_turn_last(x) of a sum's rows of 1 to 7 values (float32 or float64) in one
    NumPy reduction where _reduce_adds_in_turn(): NumPy adds fewer than 8 values in turn
    and then its start, +0 here, the additions in turn from +0 (adding a zero first or
    last changes only a zero's sign, to +0 either way). (NumPy's float16 sums hold float32:
    not these steps.)"""
    if x.dtype in _IN_TURN_TYPES and _reduce_adds_in_turn():
        return np.add.reduce(x, axis=-1, initial=0.0)
    return _in_turn_last(x)


@functools.cache
def _reduce_adds_in_turn() -> bool:
    """Whether this NumPy's float32 and float64 sums of rows of 1 to 7 values give
    _in_turn_last()'s bits (NumPy 1.9 to 2.x add them in turn): checked once on values
    whose order rounds apart, signed zeros and NaNs of both signs."""
    for dtype in _IN_TURN_TYPES:
        big = 2.0 ** (np.finfo(dtype).nmant + 1)  # (big + 1 rounds to big)
        v = np.array([big, 1, 1, -big, -0.0, -0.0, np.nan, 3, -np.nan, 1], dtype)
        rows = np.stack([v, v[::-1], np.roll(v, 3), np.roll(v, 5), -0.0 * np.abs(v)])
        for k in range(1, 8):
            if np.add.reduce(rows[:, :k], axis=-1, initial=0.0).tobytes() != \
                    _in_turn_last(rows[:, :k]).tobytes():
                return False
    return True


def short_rows(x: Any, op: Any = np.add) -> Any:
    """The sum (`op` np.add) or product (np.multiply) of each row (last axis) of `x`
    without the tree: a sum's rows of at most p * 1024 values, a product's of any length
    (Eigen's ProdReducer takes no tree: checked against TF 2.21)."""
    p = 32 // x.itemsize  # (lanes(), without its call)
    n = x.shape[-1]
    whole = n // p * p
    if n < p:
        return _sum_in_turn(x) if op is np.add else _in_turn_last(x, op)
    if p == 8 and n < 8 * p and op is np.add and _pairwise_as_eigen():
        # (1 to 7 packets: their lane sums and fold in one NumPy reduction, as whole())
        f = _pairwise_fold(x[..., :whole], 0.0 if whole == n else -0.0)
        # (a NaN's sign is the arrays' fold's, below; f . f is NaN only where f has one)
        if not math.isnan(np.vdot(f, f)):
            return f if whole == n else f + _sum_in_turn(x[..., whole:])
    lead = x.shape[:-1]
    one = x.dtype.type(op.identity)
    start = n // (4 * p) * 4 * p
    if start:  # the four accumulators over blocks of 4p (in turn), then in turn too
        blocks = x[..., :start].reshape(-1, start // p // 4, 4 * p)
        acc = op.reduce(_blocks_in_turn(blocks, op).reshape(lead + (4, p)), axis=-2)
    else:  # (x's first packet: the +0 it adds to changes nothing but a -0, added below)
        acc = x[..., :p]
        start = p
    for j in range(start, whole, p):
        acc = op(acc, x[..., j:j + p])
    f = _fold(acc, op)
    if whole == n:
        return op(f, one)
    return op(f, _in_turn_last(x[..., whole:], op))  # (the fold's NaN, as TF's)


@functools.lru_cache(maxsize=512)
def _tree(n: int, first: int, p: int) -> tuple:
    """Eigen's split of a row of `n` values starting at flat index `first` (only its
    residue modulo p counts): (the leaves' starts relative to `first`, their lengths, the
    tree: a leaf's index or a pair of trees)."""
    starts: list = []
    lengths: list = []

    def grow(at: int, count: int) -> Any:
        if count <= p * _LEAF:
            starts.append(at - first)
            lengths.append(count)
            return len(starts) - 1
        split = p * -(-(at + -(-count // 2)) // p)
        left = min(split - at, count)
        if left == count:
            return grow(at, left)
        return (grow(at, left), grow(split, count - left))

    tree = grow(first, n)
    return np.array(starts, np.intp), np.array(lengths, np.intp), tree


def _levels(tree: Any, leaves: int) -> tuple:
    """The tree's additions over an array of node values (the leaves first, then each
    addition's result, in the order Eigen adds them): (the additions (left, right) in
    that order; the same as steps ((results, lefts, rights), ...), each step's
    additions depending only on earlier steps'; the root's index; whether each step adds
    the previous one's nodes two by two, in order: neighbours' halves add then)."""
    steps: dict = {}
    pairs: list = []

    def walk(node: Any) -> tuple:  # (its index, its height)
        if not isinstance(node, tuple):
            return node, 0
        (left, hl), (right, hr) = walk(node[0]), walk(node[1])
        at, height = leaves + len(pairs), max(hl, hr) + 1
        pairs.append((left, right))
        steps.setdefault(height, []).append((at, left, right))
        return at, height

    root, _ = walk(tree)
    program = tuple(tuple(np.array(column, np.intp) for column in zip(*steps[h]))
                    for h in sorted(steps))
    return tuple(pairs), program, root, _halving(program, leaves, root)


def _halving(program: tuple, leaves: int, root: int) -> bool:
    """Whether the steps of _levels add nodes 0 + 1, 2 + 3, ... of the step before."""
    nodes = np.arange(leaves)
    for results, lefts, rights in program:
        if nodes.size % 2 or not (np.array_equal(lefts, nodes[0::2]) and
                                  np.array_equal(rights, nodes[1::2])):
            return False
        nodes = results
    return nodes.tolist() == [root]


@functools.lru_cache(maxsize=64)
def _rows_plan(first: int, step: int, count: int, n: int, p: int) -> tuple:
    """The leaves and trees of the rows of `n` values starting at first + i * step
    (i < count), n > p * 1024: (_leaf_plan of every leaf, and per residue of the rows'
    starts modulo p (rows sharing one share a tree): (those rows, the offset of their
    leaves among all, leaves a row, the tree's _levels))."""
    firsts = first + step * np.arange(count)
    residues = firsts % p
    starts, lengths, groups = [], [], []
    offset = 0
    for r in np.unique(residues):
        pick = np.flatnonzero(residues == r)
        rel, size, tree = _tree(n, int(r), p)
        starts.append((firsts[pick][:, None] + rel).reshape(-1))
        lengths.append(np.tile(size, pick.size))
        groups.append((pick, offset, rel.size, _levels(tree, rel.size)))
        offset += pick.size * rel.size
    return _leaf_plan(np.concatenate(starts), np.concatenate(lengths), p), tuple(groups)


def _leaf_plan(starts: Any, lengths: Any, p: int) -> tuple:
    """What _leaf_sums reads for runs at `starts` of `lengths` values: per count of
    blocks of 4p, (those runs (None: all), each block's start (blocks, runs), their starts'
    _progressions); the values
    after each run's blocks (up to 3 packets, then up to p - 1 values: where to read
    them, and where a run has none, None if none lacks any: read as +0)."""
    block = 4 * p
    bodies = lengths // block * block
    groups = []
    for body in np.unique(bodies[bodies > 0]):
        pick = np.flatnonzero(bodies == body)
        whole = pick.size == starts.size
        firsts = starts[pick]
        groups.append((None if whole else pick,
                       firsts + block * np.arange(body // block)[:, None],
                       _progressions(firsts)))
    lane = np.arange(p)
    packets = (lengths - bodies) // p
    rest = [(starts + bodies + j * p)[:, None] + lane for j in range(3)]
    tail = (starts + lengths // p * p)[:, None] + lane[:-1]
    gone = np.concatenate([np.broadcast_to((j >= packets)[:, None], (starts.size, p))
                           for j in range(3)] + [tail >= (starts + lengths)[:, None]], axis=1)
    at = np.where(gone, starts[:, None], np.concatenate(rest + [tail], axis=1))
    return tuple(groups), at, gone if gone.any() else None


def _windows(flat: Any, block: int) -> Any:
    """Every run of `block` values of contiguous 1-D `flat` as a record, one starting at
    each value (a view)."""
    return np.ndarray((flat.size - block + 1,), np.dtype((np.void, block * flat.itemsize)),
                      flat, 0, flat.strides)


def _gathers(windows: Any, starts: Any) -> Iterable:
    """The records windows[starts] (starts: (blocks, runs)), a few blocks of each run a
    step, in order."""
    c = _steps(starts.shape[1] * windows.itemsize)
    return (windows[starts[a:a + c]] for a in range(0, starts.shape[0], c))


_INDEX_STEPS = (1, 2, 4, 8, 16, 32, 64)  # the leaves' index steps _progressions tries


def _progressions(firsts: Any) -> tuple:
    """Increasing `firsts` (a tree's leaves' starts) cut into runs equally apart: ((from,
    to, index step, apart), ...). Leaves are a packet longer now and then, in a pattern
    that repeats, so every q-th leaf lies equally apart for long where consecutive ones
    do not: of the index steps q tried, the one giving the fewest runs (each a view)."""
    f = firsts.tolist()
    return min((_runs_every(f, q) for q in _INDEX_STEPS if q <= max(len(f) // 2, 1)),
               key=len)


def _runs_every(f: list, q: int) -> tuple:
    """The runs of every q-th value of `f` (q classes by index modulo q) equally apart,
    greedily, each as long as it goes."""
    runs = []
    for c in range(min(q, len(f))):
        idx = range(c, len(f), q)
        a = 0
        while a < len(idx):
            b = a + 1
            apart = f[idx[b]] - f[idx[a]] if b < len(idx) else 1
            while b < len(idx) and f[idx[b]] - f[idx[b - 1]] == apart:
                b += 1
            runs.append((idx[a], idx[b - 1] + 1, q, apart))
            a = b
    return tuple(runs)


def _views_in_turn(flat: Any, firsts: Any, blocks: int, progressions: tuple,
                   out: Any) -> bool:
    """_bodies_in_turn() by einsum over views of `flat`, no copy: the runs starting at
    `firsts` equally apart (`progressions`) a (runs, blocks, 4p) view each; into `out`.
    False where einsum may not (a NaN among the sums: `out` is then garbage)."""
    if not _einsum_in_turn():
        return False
    item = flat.itemsize
    block = out.shape[1]
    for a, b, q, apart in progressions:
        view = np.ndarray((len(range(a, b, q)), blocks, block), flat.dtype, flat,
                          int(firsts[a]) * item, (apart * item, block * item, item))
        np.einsum(_IN_TURN, view, out=out[a:b:q])
    return not np.isnan(out).any()


def _bodies_in_turn(flat: Any, starts: Any, pre: Any = None,
                    progressions: tuple | None = None) -> Any:
    """The runs whose blocks of 4p values start at `starts` (blocks, runs), each run's
    blocks added in turn: (runs, 4p). By einsum (_einsum_blocks): runs equally apart
    (`progressions` of their starts) as views of `flat` where nothing is made of the
    values first; else each run gathered whole as one record (a memcpy), REDUCE_STREAMS
    runs a step (the copy stays in cache), made over there by `pre`, in place. Where
    einsum may not, a few blocks of every run a step, copied as records side by side and
    added a row at a time."""
    blocks, runs = starts.shape
    block = 4 * lanes(flat.dtype)
    out = np.empty((runs, block), flat.dtype)
    if pre is None and progressions is not None:
        if _views_in_turn(flat, starts[0], blocks, progressions, out):
            return out
    else:
        bodies = _windows(flat, blocks * block)
        for j in range(0, runs, REDUCE_STREAMS):
            g = bodies[starts[0, j:j + REDUCE_STREAMS]].view(flat.dtype).reshape(
                -1, blocks, block)
            if pre is not None:
                pre(g)
            if _einsum_blocks(g, out[j:j + REDUCE_STREAMS]) is None:
                break
        else:
            return out
    windows = _windows(flat, block)
    return np.concatenate([_in_turn_steps(_gathers(windows, starts[:, j:j + REDUCE_STREAMS]),
                                          flat.dtype, np.add, pre)
                           for j in range(0, runs, REDUCE_STREAMS)]).reshape(-1, block)


def _leaf_sums(flat: Any, plan: tuple, pre: Any = None) -> Any:
    """short_rows() of the runs _leaf_plan describes, all at once: the runs with as many
    blocks of 4p side by side, their blocks added in turn (the four accumulators' lanes,
    _bodies_in_turn; np.add.reduceat would add them pairwise), then each run's four
    accumulators and its whole packets after them added in turn (one reduction over 7
    packets: +0 where a run has fewer, which changes no accumulator that started at
    +0), the fold, the last values."""
    groups, at, gone = plan
    p = lanes(flat.dtype)
    block = 4 * p
    k = at.shape[0]
    acc = None if len(groups) == 1 and groups[0][0] is None else \
        np.zeros((k, block), flat.dtype)
    for pick, starts, progressions in groups:
        s = _bodies_in_turn(flat, starts, pre, progressions)
        if acc is None:
            acc = s
        else:
            acc[pick] = s
    if acc is None:  # (no run has a block)
        acc = np.zeros((k, block), flat.dtype)
    after = flat[at]
    if pre is not None:
        pre(after)
    if gone is not None:
        after[gone] = 0
    packets = np.concatenate((acc, after[:, :3 * p]), axis=1).reshape(k, 7, p)
    return np.add.accumulate(after[:, 3 * p:], axis=1)[:, -1] + \
        _fold(np.add.reduce(packets, axis=1))


def _row_sums(flat: Any, first: int, step: int, count: int, n: int, pre: Any = None) -> Any:
    """The sums of the rows flat[f:f + n], f = first + i * step (i < count), n > p * 1024:
    rows sharing a tree (their starts' residue modulo p) and more of them than its
    leaves, a leaf at a time across them (_tree_rows); else every leaf of every tree at
    once (_leaf_sums), then the trees' additions: one row's on scalars, many rows' a
    level at a time."""
    p = lanes(flat.dtype)
    period = p // math.gcd(step, p)  # rows r, r + period, ... share a residue
    if pre is None and count // period >= _tree_levels(n, first % p, p)[0].size:
        out = np.empty(count, flat.dtype)
        for r in range(min(period, count)):
            out[r::period] = _tree_rows(flat, first + r * step, step * period,
                                        len(range(r, count, period)), n)
        return out + flat.dtype.type(0)
    leaf_plan, groups = _rows_plan(first, step, count, n, p)
    leaves = _leaf_sums(flat, leaf_plan, pre)
    zero = flat.dtype.type(0)
    if count == 1:
        (_, _, _, (pairs, _, root, _)), = groups
        values = list(leaves)
        for left, right in pairs:
            values.append(values[left] + values[right])
        return np.array([values[root] + zero])
    out = np.empty(count, flat.dtype)
    for pick, offset, size, levels in groups:
        tree_leaves = leaves[offset:offset + pick.size * size].reshape(pick.size, size)
        out[pick] = _by_levels(tree_leaves, levels)
    return out + zero


def _by_levels(leaves: Any, levels: tuple) -> Any:
    """The trees' sums from their (rows, leaves) `leaves`, a level of additions at a
    time (_levels)."""
    _, program, root, halving = levels
    if halving:  # (neighbours added level by level: halves of strided views, no gathers)
        while leaves.shape[1] > 1:
            leaves = leaves[:, 0::2] + leaves[:, 1::2]
        return leaves[:, 0]
    size = leaves.shape[1]
    values = np.empty((leaves.shape[0], size + sum(r.size for r, _, _ in program)),
                      leaves.dtype)
    values[:, :size] = leaves
    for results, lefts, rights in program:
        values[:, results] = values[:, lefts] + values[:, rights]
    return values[:, root]


@functools.lru_cache(maxsize=64)
def _tree_levels(n: int, residue: int, p: int) -> tuple:
    """_tree() of a row and its _levels()."""
    rel, lengths, tree = _tree(n, residue, p)
    return rel, lengths, _levels(tree, rel.size)


def _tree_rows(flat: Any, first: int, step: int, count: int, n: int) -> Any:
    """_row_sums() of rows sharing one tree: each leaf across all rows is a view of
    `flat` (rows `step` apart), summed by short_rows(), then the trees' additions."""
    rel, lengths, levels = _tree_levels(n, first % lanes(flat.dtype), lanes(flat.dtype))
    item = flat.itemsize
    leaves = np.empty((count, rel.size), flat.dtype)
    for j, (at, length) in enumerate(zip(rel.tolist(), lengths.tolist())):
        leaf = np.ndarray((count, length), flat.dtype, flat, (first + at) * item,
                          (step * item, item))
        leaves[:, j] = short_rows(leaf)
    return _by_levels(leaves, levels)


def rows(x2: Any, op: Any = np.add) -> Any:
    """Each row's sum (product) of a C-contiguous (rows, n) array."""
    r, n = x2.shape
    if n <= lanes(x2.dtype) * _LEAF or op is not np.add:
        return short_rows(x2, op)
    return _row_sums(x2.reshape(-1), 0, n, r, n)


def full_sum(flat: Any, threads: int | None, cost: tuple = SUM, op: Any = np.add,
             pre: Any = None) -> Any:
    """The sum (product) of a whole contiguous 1-D tensor as TF's CPU kernel adds it on
    `threads` intra-op threads (`cost`: shard_threads's; None: the pool's, asked only
    where two threads would share the work; `pre`: sharded_sum's)."""
    if threads is None:
        shared = shard_threads(flat.size, flat.dtype, 2, cost) > 1
        threads = intra_op_threads() if shared else 1
    return sharded_sum(flat, shard_threads(flat.size, flat.dtype, threads, cost), op, pre)


def sharded_sum(flat: Any, t: int, op: Any = np.add, pre: Any = None) -> Any:
    """The sum (product) of 1-D `flat` cut into `t` blocks as Eigen's FullReducer cuts
    it. (A product's blocks take no tree: short_rows.) `pre`: a sum's values are made of
    flat's so (in place on copies) as they are read."""
    n = flat.size
    short = lanes(flat.dtype) * _LEAF
    if pre is not None and (n <= short or op is not np.add):
        return sharded_sum(pre(flat.copy()), t, op)
    if t == 1:
        return _row_sums(flat, 0, n, 1, n, pre)[0] if pre is not None else \
            rows(flat[None], op)[0]
    if op is not np.add:
        return _sharded_product(flat, t)
    # Eigen's block size: the count divided in float, rounded down
    size = math.floor(np.float32(n) / np.float32(t))
    blocks = n // size if size > 0 else 0
    sums = _row_sums(flat, 0, size, blocks, size, pre) if size > short else \
        short_rows(_made(flat[:blocks * size], pre).reshape(blocks, size))
    total = flat.dtype.type(0)
    if blocks * size < n:
        rest = n - blocks * size
        total = _row_sums(flat, blocks * size, 0, 1, rest, pre)[0] \
            if rest > short else short_rows(_made(flat[blocks * size:], pre))
    for s in sums:
        total = total + s
    return total + flat.dtype.type(0)


def _made(values: Any, pre: Any) -> Any:
    """`values`, or a copy made over by `pre`."""
    return values if pre is None else pre(values.copy())


def _sharded_product(flat: Any, t: int) -> Any:
    """sharded_sum() of a product: the remainder's product times each block's in turn."""
    n = flat.size
    size = math.floor(np.float32(n) / np.float32(t))
    blocks = n // size if size > 0 else 0
    parts = short_rows(flat[:blocks * size].reshape(blocks, size), np.multiply)
    total = short_rows(flat[blocks * size:], np.multiply) if blocks * size < n else \
        flat.dtype.type(1)
    for s in parts:
        total = total * s
    return total


def alone(shape: tuple, c: int, p: int) -> Any:
    """Which outputs (..., C) of a column reduction Eigen computes one at a time: taking
    the outputs flat, p at a time, a packet that straddles two C-rows or comes after the
    last whole packet adds each output's rows in turn."""
    o = np.arange(int(np.prod(shape))).reshape(shape)
    first = o // p * p
    return (first // c != (first + p - 1) // c) | (o >= o.size // p * p)


def columns(x: Any, op: Any = np.add) -> Any:
    """The reduction (`op`) of axis -2 of `x` (..., R, C), the last axis kept."""
    p = lanes(x.dtype)
    r, c = x.shape[-2:]
    whole = c // p * p
    one = x.dtype.type(op.identity)
    if r < _UNROLL_ROWS or (not whole and x.ndim == 2):
        return op(op.reduce(x, axis=-2), one)
    u = r // 4 * 4
    s = op.reduce(x[..., :u, :].reshape(x.shape[:-2] + (u // 4, 4, c)), axis=-3)
    acc = op(s[..., 0, :], s[..., 1, :])
    op(acc, s[..., 2, :], out=acc)
    op(acc, s[..., 3, :], out=acc)
    for i in range(u, r):
        op(acc, x[..., i, :], out=acc)
    op(acc, one, out=acc)
    if whole < c:  # (C a multiple of p: no packet straddles, none comes after the last)
        turn = op(op.reduce(x, axis=-2), one)
        lone = alone(turn.shape, c, p)
        acc[lone] = turn[lone]
    return acc


def plan(shape: tuple, axes: tuple) -> tuple:
    """TF's simplified reduction: the shape with size-1 dimensions dropped and runs merged,
    and whether each merged dimension is reduced."""
    dims: list = []
    red: list = []
    for i, d in enumerate(shape):
        if d == 1:
            continue
        r = i in axes
        if red and red[-1] == r:
            dims[-1] *= d
        else:
            dims.append(d)
            red.append(r)
    return tuple(dims), tuple(red)


@functools.lru_cache(maxsize=1024)
def _layout(shape: tuple, axes: tuple) -> tuple:
    """plan() of `shape` reduced over `axes`, and the kept dimensions."""
    return plan(shape, axes) + (tuple(d for i, d in enumerate(shape) if i not in axes),)


def eigen_sum(a: Any, axes: tuple, threads: int | None, cost: tuple = SUM,
              op: Any = np.add) -> Any:
    """The sum (`op` np.add) or product (np.multiply) of float32 or float64 `a` over
    `axes` (sorted, non-negative) in TF's CPU order, shaped as the kept dimensions (no
    keepdims); `threads`: TF's intra-op pool, None to ask backend.intra_op_threads()
    where the pool's size could count."""
    dims, red, out_shape = _layout(a.shape, axes)
    one = a.dtype.type(op.identity)
    if a.size == 0:
        return np.full(out_shape, one)
    x = np.ascontiguousarray(a).reshape(dims)
    if not any(red):
        s = op(x, one)
    elif all(red):
        s = full_sum(x.reshape(-1), threads, cost, op)
    elif len(dims) == 2:
        s = columns(x, op) if red[0] else rows(x, op)
    elif len(dims) == 3 and not red[0]:
        s = columns(x, op)
    elif len(dims) == 3:  # outer and inner reduced: in turn, the inner axis outermost
        t = np.ascontiguousarray(x.transpose(2, 0, 1)).reshape(-1, dims[1])
        s = op(op.reduce(t, axis=0), one)
    else:  # TF transposes to (kept, reduced) and reduces the rows
        keep = [i for i, r in enumerate(red) if not r]
        gone = [i for i, r in enumerate(red) if r]
        t = np.ascontiguousarray(x.transpose(keep + gone))
        s = rows(t.reshape(math.prod(dims[i] for i in keep), -1), op)
    return np.asarray(s, a.dtype).reshape(out_shape)


def tf_sum(x: Any, axes: tuple, keepdims: bool, cost: tuple = SUM,
           op: Any = np.add) -> Any:
    """TF's CPU Sum (`op` np.add) or Prod (np.multiply) of float32 or float64 `x` over
    sorted `axes` (`cost`: what the values summed were computed from, which Eigen's cost
    model weighs), shared as TF's intra-op pool would."""
    short = _LEAF * 32 // x.itemsize  # (p * 1024: a row without the tree)
    if len(axes) == x.ndim and x.size <= short:  # (fewer calls)
        s = np.asarray(whole(x.reshape(-1), op))
    elif axes == (x.ndim - 1,) and 0 < x.shape[-1] <= short and x.size and \
            x.flags.c_contiguous:  # (as rows(): its blocks are read as records)
        s = short_rows(x, op)
    else:
        s = eigen_sum(x, axes, None, cost, op)
    if keepdims:
        return s.reshape(tuple(1 if i in axes else d for i, d in enumerate(x.shape)))
    return s


def _squares(v: Any) -> Any:
    """v * v in place (EuclideanNorm's values)."""
    return np.multiply(v, v, out=v)


def _half_squares(v: Any) -> Any:
    """v * v * 0.5 in place (L2Loss's values)."""
    np.multiply(v, v, out=v)
    v *= v.dtype.type(0.5)
    return v


def tf_sum_of_squares(x: Any, axes: tuple, keepdims: bool, half: bool = False) -> Any:
    """TF's CPU sum of x * x (EuclideanNorm's) or of x * x * 0.5 (L2Loss's) of float32 or
    float64 `x` over sorted `axes`. Over a whole large tensor the squares are made block by
    block as the sum gathers them (one pass over x, as Eigen's fused expression reads it);
    else of a copy first."""
    pre = _half_squares if half else _squares
    cost = HALF_SQUARES if half else SQUARES
    if len(axes) == x.ndim and x.size > _LEAF * lanes(x.dtype):
        s = np.asarray(full_sum(np.ascontiguousarray(x).reshape(-1), None, cost, pre=pre))
        return s.reshape((1,) * x.ndim) if keepdims else s
    return tf_sum(pre(np.array(x, copy=True)), axes, keepdims, cost)
