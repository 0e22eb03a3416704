"""Packed strings: a vector of strings as one byte buffer plus start and end offsets.

Ops layer, under the string kernels (string_ops, ragged_strings, lookup_ops, indexing's
unique). A string tensor's value stays a NumPy object array of bytes: that is what
`numpy()` gives, as in TF. The kernels that make such an array out of one joined buffer
(lower, the punctuation strip, whitespace split) keep that buffer beside the array they
return, and the kernels that read many strings (split, unique, table lookups) use it when
it is there: their work is then a few NumPy passes over bytes instead of one Python call
per string. Nothing is approximate: hashes only choose slots in an open-addressing table,
and every match is a comparison of the strings' bytes.

An array with a packed form is made read-only, so that the two can never disagree; a
view or copy of it has none and takes the per-string path.
"""

from __future__ import annotations

import itertools
import weakref
from typing import Any

import numpy as np

_WORD_LIMIT = 4  # strings up to 32 bytes are compared as uint64 words; longer ones by dict
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F),
        np.uint64(0x165667B19E3779F9), np.uint64(0xD6E8FEB86659FD93),
        np.uint64(0xFF51AFD7ED558CCD))
_LOW = np.array([(1 << (8 * k)) - 1 for k in range(8)] + [(1 << 64) - 1], np.uint64)


class Packed:
    """Strings i = buf[starts[i]:ends[i]]; `sep` is the byte between consecutive strings
    when `buf` is exactly `sep.join(strings)` (None otherwise)."""

    __slots__ = ("buf", "starts", "ends", "sep", "_words", "_unique")

    def __init__(self, buf: bytes, starts: np.ndarray, ends: np.ndarray,
                 sep: bytes | None = None) -> None:
        self.buf, self.starts, self.ends, self.sep = buf, starts, ends, sep
        self._words: Any = None
        self._unique: Any = None

    @classmethod
    def joined(cls, buf: bytes, sep: bytes, n: int) -> Packed:
        """The packed form of `buf.split(sep)` when that gives n strings."""
        cuts = np.flatnonzero(np.frombuffer(buf, np.uint8) == sep[0])
        starts = np.concatenate([[0], cuts + 1]).astype(np.int64)
        ends = np.concatenate([cuts, [len(buf)]]).astype(np.int64)
        assert starts.size == n
        return cls(buf, starts, ends, sep)

    def words(self) -> tuple:
        """(cols, long): each string of up to 32 bytes as zero-padded little-endian uint64
        words, column j (shape (w, n)) holding every string's word j, w fitting the longest
        such string; and the indices of the longer strings."""
        if self._words is None:
            self._words = _words(self.buf, self.starts, self.ends)
        return self._words

    def unique(self) -> tuple:
        """(firsts, inverse): the index of each distinct string's first occurrence, in
        order, and for each string the position of its own in `firsts`."""
        if self._unique is None:
            self._unique = _numbered(group(self))
        return self._unique

    def strings(self, which: np.ndarray) -> np.ndarray:
        """The strings at indices `which`, as an object vector of bytes."""
        buf = self.buf
        out = np.empty(which.size, object)
        out[:] = [buf[a:b] for a, b in zip(self.starts[which].tolist(),
                                          self.ends[which].tolist())]
        return out

    def subset(self, which: np.ndarray) -> Packed:
        return Packed(self.buf, self.starts[which], self.ends[which])


_companions: dict = {}


def attach(arr: np.ndarray, packed: Packed) -> np.ndarray:
    """Keep `packed` as the packed form of the vector `arr` (made read-only) while it lives."""
    if arr.ndim == 1 and arr.dtype == object and arr.size == packed.starts.size:
        arr.flags.writeable = False
        key = id(arr)
        _companions[key] = packed
        weakref.finalize(arr, _companions.pop, key, None)
    return arr


def packed_of(arr: Any) -> Packed | None:
    """The packed form kept for `arr` (None when it has none)."""
    p = _companions.get(id(arr))
    return p if p is not None and not arr.flags.writeable else None


def _words(buf: bytes, starts: np.ndarray, ends: np.ndarray) -> tuple:
    lens = ends - starts
    long = np.flatnonzero(lens > 8 * _WORD_LIMIT)
    short_max = int(lens.max(initial=0)) if not long.size else \
        int(np.where(lens > 8 * _WORD_LIMIT, 0, lens).max(initial=0))
    w = max(1, -(-short_max // 8))
    padded = np.frombuffer(buf + bytes(8), np.uint8)
    at = np.ndarray((len(buf) + 1,), np.dtype("<u8"), padded, 0, (1,))  # a word at each byte
    cols = np.empty((w, lens.size), np.uint64)
    for j in range(w):
        pos = np.minimum(starts + 8 * j, len(buf))
        np.bitwise_and(at[pos], _LOW[np.clip(lens - 8 * j, 0, 8)], out=cols[j])
    if long.size:
        cols[:, long] = 0
    return cols, long


def _hash(cols: np.ndarray, lens: np.ndarray, bits: int) -> np.ndarray:
    h = cols[0] * _MIX[0]
    for j in range(1, len(cols)):
        h ^= h >> np.uint64(29)
        h += cols[j] * _MIX[j]
    h += lens.view(np.uint64)
    h *= _MIX[4]
    return (h >> np.uint64(64 - bits)).view(np.int64)


def _bits(n: int) -> int:
    return max(4, int(2 * n).bit_length())


def _same(cols: np.ndarray, lens: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    eq = lens[a] == lens[b]
    for col in cols:
        eq &= col[a] == col[b]
    return eq


def group(packed: Packed) -> np.ndarray:
    """For each string, the index of the first string equal to it."""
    cols, long = packed.words()
    lens = packed.ends - packed.starts
    n = lens.size
    if long.size:  # long strings: a length that no short one has, then grouped by a dict
        lens = lens.copy()
        lens[long] = -1
    bits = _bits(n)
    table = np.full(1 << bits, -1, np.int64)
    slot = _hash(cols, lens, bits)
    everyone = np.arange(n, dtype=np.int64)
    table[slot[::-1]] = everyone[::-1]  # the first probe: each slot taken by one string
    owner = table[slot]
    same = lens[owner] == lens
    for col in cols:
        same &= col[owner] == col
    if long.size:
        same[long] = True
        firsts: dict = {}
        owner[long] = [firsts.setdefault(v, i) for v, i in zip(packed.strings(long).tolist(),
                                                                 long.tolist())]
    todo = np.flatnonzero(~same)
    slot = (slot[todo] + 1) & ((1 << bits) - 1)
    while todo.size:  # the others: claim a free slot, or join its owner if equal
        free = table[slot] == -1
        table[slot[free][::-1]] = todo[free][::-1]
        o = table[slot]
        same = _same(cols, lens, o, todo)
        owner[todo[same]] = o[same]
        todo, slot = todo[~same], (slot[~same] + 1) & ((1 << bits) - 1)
    first = np.full(n, n, np.int64)
    first[owner[::-1]] = everyone[::-1]  # (the last write wins: each owner's first string)
    return first[owner]


def _numbered(first: np.ndarray) -> tuple:
    """(firsts, inverse) of the strings whose first equal is at `first`."""
    is_first = first == np.arange(first.size)
    return np.flatnonzero(is_first), (np.cumsum(is_first) - 1)[first]


def unique_strings(x: np.ndarray, index_dtype: Any, counts: bool) -> tuple:
    """UniqueWithCounts of a vector of strings (or Unique, without counts): grouped by
    the packed form when `x` has one, else by a dict."""
    packed = packed_of(x)
    if packed is not None:
        firsts, inverse = packed.unique()
    else:
        seen: dict = {}
        firsts, inverse = _numbered(np.fromiter(
            map(seen.setdefault, x.tolist(), itertools.count()), np.int64, x.size))
    out = (x[firsts], inverse.astype(index_dtype))
    return out + ((np.bincount(inverse, minlength=firsts.size).astype(index_dtype),)
                  if counts else ())


class Index:
    """An open-addressing index of a list of distinct strings, for vectorized lookups."""

    def __init__(self, keys: list) -> None:
        self.keys = keys
        self.packed = Packed(b"".join(keys), *_offsets(keys))
        self.by_bytes = {k: i for i, k in enumerate(keys)}
        self._tables: dict = {}

    def _table(self, w: int) -> tuple:
        """(table, cols, lens, bits, fit) over the keys `fit` that fit in w words."""
        if w not in self._tables:
            lens = self.packed.ends - self.packed.starts
            fit = np.flatnonzero(lens <= 8 * w)
            cols = np.zeros((w, fit.size), np.uint64)
            if fit.size:
                got, _ = _words(self.packed.buf, self.packed.starts[fit],
                                self.packed.ends[fit])
                cols[:got.shape[0]] = got
            bits = _bits(fit.size)
            table = np.full(1 << bits, -1, np.int64)
            slot = _hash(cols, lens[fit], bits)
            for k, s in enumerate(slot.tolist()):  # (a few thousand keys: once per table)
                while table[s] >= 0:
                    s = (s + 1) & ((1 << bits) - 1)
                table[s] = k
            # a last entry that matches nothing, for the empty slots' -1 to read
            self._tables[w] = (table, np.pad(cols, ((0, 0), (0, 1))),
                               np.append(lens[fit], -2), bits, np.append(fit, -1))
        return self._tables[w]

    def find(self, packed: Packed) -> np.ndarray:
        """The index in `keys` of each string of `packed`, or -1: of its distinct strings
        only when they are known (see Packed.unique)."""
        if packed._unique is not None:
            firsts, inverse = packed._unique
            return self._find(packed.subset(firsts))[inverse]
        return self._find(packed)

    def _find(self, packed: Packed) -> np.ndarray:
        cols, long = packed.words()
        lens = packed.ends - packed.starts
        table, kcols, klens, bits, fit = self._table(cols.shape[0])
        if long.size:  # found by dict; a length of -1 matches no key in the table
            lens = lens.copy()
            lens[long] = -1
        slot = _hash(cols, lens, bits)
        k = table[slot]  # the first probe, over every string
        eq = klens[k] == lens  # (k = -1, an empty slot, reads the entry matching nothing)
        for kcol, col in zip(kcols, cols):
            eq &= kcol[k] == col
        out = np.where(eq, fit[k], -1)
        more = np.flatnonzero(~eq & (k >= 0))
        todo, slot = more, (slot[more] + 1) & ((1 << bits) - 1)
        while todo.size:  # the strings whose first slot held another key probe on
            k = table[slot]
            eq = klens[k] == lens[todo]
            for kcol, col in zip(kcols, cols):
                eq &= kcol[k] == col[todo]
            out[todo[eq]] = fit[k[eq]]
            more = ~eq & (k >= 0)
            todo, slot = todo[more], (slot[more] + 1) & ((1 << bits) - 1)
        if long.size:
            get = self.by_bytes.get
            out[long] = [get(v, -1) for v in packed.strings(long).tolist()]
        return out


def _offsets(strings: list) -> tuple:
    lens = np.fromiter(map(len, strings), np.int64, len(strings))
    ends = np.cumsum(lens)
    return ends - lens, ends
