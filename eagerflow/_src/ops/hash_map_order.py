"""The order in which TF's MutableHashTable lists its keys: its export, and so its checkpoint.

TF keeps a MutableHashTable (and MutableHashTableOfTensors) in a C++ std::unordered_map.
libstdc++'s map iterates one list of nodes, whose order is a fact of what was done to it:

- a key's bucket is its hash modulo the bucket count, and one bucket's nodes are adjacent
  in the list (a bucket's "run");
- a key into a bucket holding nodes goes first in that bucket's run; a key into an empty
  bucket goes first in the whole list;
- erasing a key leaves the other nodes in place; clearing the map keeps its bucket count;
- the first insert sizes a new map to 13 buckets; an insert that would make the node count
  pass the bucket count first grows the map to the next count of BUCKET_COUNTS (libstdc++'s
  prime policy at a load factor of 1, doubling), moving the nodes over in list order by the
  same rule as an insert.

A key's hash is std::hash's: an integer is itself as a 64-bit unsigned integer, a string
TF's Hash64. Checked against TF 2.21's exports (tests/ops/test_hash_map_order.py).

HashMapOrder keeps that order as ranks, not as a list: every run has a rank and every node
a rank within its run, lower first, counting down, since what is put in later goes first.
A table's inserts and removes are only noted; the ranks are worked out, in NumPy, when the
order is read or the notes pass twice the table's size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

# libstdc++'s bucket counts as a map grows from its first 13 (each the first prime of its
# policy's table at or past twice the one before)
BUCKET_COUNTS = (
    13, 29, 59, 127, 257, 541, 1109, 2357, 5087, 10273, 20753, 42043, 85229, 172933,
    351061, 712697, 1447153, 2938679, 5967347, 12117689, 24607243, 49969847, 101473717,
    206062531, 418451333, 849749479, 1725587117, 3504151727, 8589934583, 25769803693,
    68719476731, 206158430123, 412316860387, 1099511627689, 2199023255531)


class HashMapOrder:
    """The iteration order of a std::unordered_map's keys, given the keys it gains and
    loses. `hashes(keys)` gives the keys' std::hash values as a uint64 array."""

    def __init__(self, hashes: Callable[[list], np.ndarray]) -> None:
        self._hash_of = hashes
        self._notes: list = []  # [("add" | "discard" | "clear", keys)], not yet applied
        self._noted = 0
        self._held = 0  # how many keys the map holds once the notes apply
        self._buckets = 1  # a map made empty has one bucket and grows on its first insert
        self._clear_nodes()
        self._clock = 0

    # -- what the table does, noted --------------------------------------------------------
    def add(self, keys: Sequence) -> None:
        """New keys (none held, none repeated), inserted in their order."""
        self._note("add", keys)

    def discard(self, keys: Sequence) -> None:
        """Keys erased (each held, once)."""
        self._note("discard", keys)

    def clear(self) -> None:
        self._note("clear", [None])

    def ordered(self) -> list:
        """The keys in the map's iteration order."""
        self._apply_notes()
        return [self._keys[i] for i in self._order().tolist()]

    def _note(self, kind: str, keys: Sequence) -> None:
        if not len(keys):
            return
        if self._notes and self._notes[-1][0] == kind:
            self._notes[-1][1].extend(keys)
        else:
            self._notes.append((kind, list(keys)))
        self._noted += len(keys)
        self._held = 0 if kind == "clear" else \
            self._held + (len(keys) if kind == "add" else -len(keys))
        if self._noted > 2 * self._held + 4096:  # (so that notes never outgrow the table)
            self._apply_notes()

    def _apply_notes(self) -> None:
        notes, self._notes, self._noted = self._notes, [], 0
        for kind, keys in notes:
            if kind == "add":
                self._add(keys, self._hash_of(keys))
            elif kind == "discard":
                self._discard(keys)
            else:
                self._clear_nodes()

    # -- the nodes: every key placed, live or erased, in arrays with room to spare -----------
    def _clear_nodes(self) -> None:
        self._keys: list = []
        self._where: dict | None = None  # key -> its node, made when a key is erased
        self._hashes = np.zeros(16, np.uint64)
        self._ranks = np.zeros(16, np.int64)
        self._live = np.zeros(16, bool)
        self._count = 0  # live nodes
        self._run_rank = np.zeros(self._buckets, np.int64)
        self._run_size = np.zeros(self._buckets, np.int64)

    def _add(self, keys: list, hashes: np.ndarray) -> None:
        start = 0
        while start < len(keys):
            room = self._buckets - self._count if self._buckets > 1 else 0
            if room <= 0:
                self._grow()
                continue
            self._place(keys[start:start + room], hashes[start:start + room])
            start += room

    def _place(self, keys: list, hashes: np.ndarray) -> None:
        n = len(keys)
        if len(self._keys) + n > len(self._live):
            self._make_room(n)
        first = len(self._keys)
        self._keys.extend(keys)
        if self._where is not None:
            self._where.update(zip(keys, range(first, first + n)))
        self._hashes[first:first + n] = hashes
        self._live[first:first + n] = True
        self._count += n
        self._rank(np.arange(first, first + n))

    def _rank(self, nodes: np.ndarray) -> None:
        """Ranks nodes put into the map in the order given, each as an insert."""
        ranks = self._clock - 1 - np.arange(len(nodes), dtype=np.int64)
        self._clock -= len(nodes)
        self._ranks[nodes] = ranks
        buckets = self._bucket_of(self._hashes[nodes])
        runs, at = np.unique(buckets, return_index=True)
        new = self._run_size[runs] == 0  # a new run goes first: its rank is its first node's
        self._run_rank[runs[new]] = ranks[at[new]]
        self._run_size[runs] += np.bincount(np.searchsorted(runs, buckets))

    def _make_room(self, n: int) -> None:
        """Room for n more nodes: drops the erased ones (the order is in the ranks, so it
        stays), and gives the arrays twice what the live ones and the n need."""
        live = np.flatnonzero(self._live[:len(self._keys)])
        if len(live) < len(self._keys):
            self._keys = [self._keys[i] for i in live.tolist()]
            self._where = None
        capacity = max(16, 2 * (len(live) + n))
        for name in ("_hashes", "_ranks", "_live"):
            new = np.zeros(capacity, getattr(self, name).dtype)
            new[:len(live)] = getattr(self, name)[live]
            setattr(self, name, new)

    def _discard(self, keys: list) -> None:
        if self._where is None:  # (a key put in again after an erase: its later node)
            self._where = dict(zip(self._keys, range(len(self._keys))))
        nodes = np.array([self._where.pop(k) for k in keys], np.int64)
        self._live[nodes] = False
        np.subtract.at(self._run_size, self._bucket_of(self._hashes[nodes]), 1)
        self._count -= len(keys)

    def _bucket_of(self, hashes: np.ndarray) -> np.ndarray:
        return (hashes % np.uint64(self._buckets)).astype(np.int64)

    def _order(self) -> np.ndarray:
        live = np.flatnonzero(self._live[:len(self._keys)])
        runs = self._run_rank[self._bucket_of(self._hashes[live])]
        return live[np.lexsort((self._ranks[live], runs))]

    def _grow(self) -> None:
        order = self._order()
        self._buckets = BUCKET_COUNTS[0] if self._buckets == 1 else \
            BUCKET_COUNTS[BUCKET_COUNTS.index(self._buckets) + 1]
        self._run_rank = np.zeros(self._buckets, np.int64)
        self._run_size = np.zeros(self._buckets, np.int64)
        self._rank(order)  # libstdc++ moves the nodes over as inserts, in list order
