"""What a lookup table holds, and how it finds, inserts, removes, exports and imports keys.

Ops layer, under lookup_ops.py (whose ops' kernels call these methods on the table state
they take as an attr, as a variable's ops read its value). Two stores:

- `TableState`, a dict from keys to values: TF's HashTable, MutableHashTable and
  MutableHashTableOfTensors. A mutable table exports its keys in the order TF's
  std::unordered_map lists them (hash_map_order.py); a static table, whose order in TF
  is its hash seed's (a new one each process), in insertion order. Numeric keys are
  looked up by binary search over a sorted copy, rebuilt after each change; string keys
  through the dict, or, for a vector of strings that keeps its packed form, through a
  vectorized index of the keys (packed_strings.Index), also rebuilt after each change.
- `DenseTableState`, TF's MutableDenseHashTable: open addressing over a power-of-two
  number of buckets, each a row of `key_size` key elements and `value_size` value
  elements. A key's bucket is its hash (an integer key is itself, a string TF's Hash64,
  a vector key the Hash64Combine of its elements) masked to the bucket count, then
  quadratic probing (offsets 1, 3, 6, ...) to the key or the first empty bucket. Erasing
  a key writes `deleted_key` over it; inserting reuses the first empty or deleted bucket
  on the probe path. The table doubles its buckets, reinserting them in order, when an
  insert of n keys could pass the load factor. Its export, and so its checkpoint, is
  every bucket, so TF 2.21 and eagerflow restore each other's tables bucket for bucket.
"""

from __future__ import annotations

import functools
import itertools
import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InternalError, InvalidArgumentError
from eagerflow._src.core.resource import HeldResource
from eagerflow._src.core.shape import dims_text
from eagerflow._src.core.tensor import check_finite_size
from eagerflow._src.ops.hash_map_order import HashMapOrder
from eagerflow._src.ops.hash_ops import murmur64_many
from eagerflow._src.ops.packed_strings import Index, packed_of


def np_dtype(d: dt.DType) -> Any:
    return object if d is dt.string else d.as_numpy_dtype




def _fail(op: str, message: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"{message} [Op:{op}]")


class _Mutex:
    """A reentrant lock that a copy of the table gets anew (copies of a table's state: the
    registry suites restore a table between runs from a deep copy)."""

    def __init__(self) -> None:
        self._lock = threading.RLock()

    def __enter__(self) -> bool:
        return self._lock.__enter__()

    def __exit__(self, *exc: Any) -> None:
        self._lock.__exit__(*exc)

    def __deepcopy__(self, memo: dict) -> _Mutex:
        return _Mutex()


def _scalar_key_hashes(dtype: Any, keys: list) -> np.ndarray:
    """TF's hash (_hashes) of scalar keys held as Python values, as one-element rows."""
    return _hashes(np.array(keys, dtype).reshape(-1, 1))


class TableState(HeldResource):
    """A hash map from keys (Python scalars or bytes) to values (scalars or arrays)."""

    handle_arg = "table_handle"

    key_shape: tuple = ()
    # False: a static table made by HashTableV2 and not yet filled by its initializer
    initialized: bool = True
    # whether exports list the keys in std::unordered_map's order (TF's mutable table);
    # the dense table lists its buckets instead
    map_ordered: bool = True

    def __init__(self, key_dtype: dt.DType, value_dtype: dt.DType, value_shape: tuple = (),
                 mutable: bool = True) -> None:
        self.key_dtype, self.value_dtype, self.value_shape = key_dtype, value_dtype, value_shape
        self.mutable = mutable  # False: a static table (TF's InitializableLookupTable)
        self.initialized = mutable  # (a static table is filled once, by its initializer)
        self.items: dict = {}
        self._order = HashMapOrder(
            functools.partial(_scalar_key_hashes, object if key_dtype is dt.string else
                              np.int64)) if mutable and self.map_ordered else None
        self._mutex = _Mutex()  # (TF's table holds one: keys and order change together)
        self._index: Any = None
        self._strings: Any = None

    @property
    def table_state(self) -> TableState:
        """The table itself (what a graph's ordering reads of a table input, which may be
        a ShapedTable of it)."""
        return self

    @property
    def dtype(self) -> dt.DType:
        """A table's handle is a resource tensor in TF (`table.resource_handle.dtype`)."""
        return dt.resource

    def __repr__(self) -> str:
        return f"TableState({self.key_dtype.name} -> {self.value_dtype.name}, {len(self.items)})"

    def changed(self) -> None:
        self._index = self._strings = None

    def sorted_index(self) -> tuple:
        if self._index is None:
            keys = np.array(list(self.items), self.key_dtype.as_numpy_dtype)
            vals = np.array(list(self.items.values()), self.value_dtype.as_numpy_dtype
                            ).reshape((len(keys),) + self.value_shape)
            order = np.argsort(keys, kind="stable")
            self._index = (keys[order], vals[order])
        return self._index

    def string_index(self) -> tuple:
        """(index, values) of string keys: a packed-strings Index of the keys, and their
        values in its order with one more row for the index's -1 to fill in."""
        if self._strings is None:
            vals = np.empty((len(self.items) + 1,) + self.value_shape,
                            np_dtype(self.value_dtype))
            vals[:-1] = list(self.items.values()) if self.items else vals[:0]
            self._strings = (Index(list(self.items)), vals)
        return self._strings

    def size(self) -> int:
        return len(self.items)

    def find(self, keys: np.ndarray, default: np.ndarray) -> np.ndarray:
        flat = keys.reshape(-1)
        shape = keys.shape + self.value_shape
        vd = np_dtype(self.value_dtype)
        if np.shape(default) == shape and shape != self.value_shape:  # one default per key
            found = self.find(keys, np.zeros(self.value_shape, vd))
            hit = np.array([k in self.items for k in flat.tolist()], bool).reshape(keys.shape)
            return np.where(hit.reshape(hit.shape + (1,) * len(self.value_shape)), found,
                            default)
        dflt = np.broadcast_to(np.asarray(default, vd), self.value_shape)
        if self.key_dtype is not dt.string and not self.value_shape and flat.size > 8:
            sk, sv = self.sorted_index()
            if not sk.size:
                return np.full(shape, dflt, vd)
            pos = np.minimum(np.searchsorted(sk, flat), sk.size - 1)
            return np.where(sk[pos] == flat, sv[pos], dflt).astype(vd, copy=False).reshape(shape)
        packed = packed_of(keys) if self.key_dtype is dt.string else None
        if packed is not None:  # a vector of strings that keeps its packed form
            index, vals = self.string_index()
            vals = vals.copy()
            vals[-1] = dflt
            return vals[index.find(packed)]
        get, miss = self.items.get, dflt[()] if not self.value_shape else dflt
        found = map(get, flat.tolist(), itertools.repeat(miss))
        if self.value_dtype is dt.string or self.value_shape:
            out = np.empty((flat.size,) + self.value_shape, vd)
            for i, v in enumerate(found):
                out[i] = v
            return out.reshape(shape)
        return np.fromiter(found, vd, flat.size).reshape(shape)

    def insert(self, keys: np.ndarray, values: np.ndarray) -> None:
        flat_vals = values.reshape((keys.size,) + self.value_shape)
        flat = keys.reshape(-1).tolist()
        with self._mutex:
            if self._order is not None:
                self._order.add([k for k in dict.fromkeys(flat) if k not in self.items])
            if self.value_shape:
                self.items.update(zip(flat, list(flat_vals.copy())))
            else:
                self.items.update(zip(flat, flat_vals.tolist()))
            self.changed()

    def remove(self, keys: np.ndarray) -> None:
        with self._mutex:
            held = [k for k in dict.fromkeys(keys.reshape(-1).tolist()) if k in self.items]
            for k in held:
                del self.items[k]
            if self._order is not None:
                self._order.discard(held)
            self.changed()

    def export(self) -> tuple:
        """(keys, values) arrays of what the table holds, in TF's order (the module's
        docstring)."""
        with self._mutex:
            order = list(self.items) if self._order is None else self._order.ordered()
            values = [self.items[k] for k in order]
        keys = np.empty(len(order), np_dtype(self.key_dtype))
        keys[:] = order
        vals = np.empty((len(order),) + self.value_shape, np_dtype(self.value_dtype))
        for i, v in enumerate(values):
            vals[i] = v
        return keys, vals

    def export_shapes(self) -> tuple:
        return (None,), (None,) + self.value_shape

    def import_(self, keys: np.ndarray, values: np.ndarray) -> None:
        with self._mutex:
            self.items.clear()
            if self._order is not None:
                self._order.clear()
            self.insert(keys, values)

    def import_value_shape(self, keys_shape: tuple) -> tuple:
        """The values' shape LookupTableImportV2 expects with keys of `keys_shape`."""
        return tuple(keys_shape) + self.value_shape


_GOLDEN = np.uint64(0x9E3779B97F4A7800)


def _hashes(rows: np.ndarray) -> np.ndarray:
    """TF's hash of each key (a row of `rows`), as uint64: an integer is itself, a string
    its Hash64, a vector key the Hash64Combine of its elements' hashes."""
    if rows.dtype == object:
        cols = murmur64_many(rows.reshape(-1).tolist()).reshape(rows.shape)
    else:
        cols = rows.astype(np.int64).view(np.uint64)  # two's complement, as C++'s cast
    if rows.shape[1] == 1:
        return cols[:, 0].copy()
    h = np.zeros(len(rows), np.uint64)
    with np.errstate(over="ignore"):
        for c in cols.T:
            h = h ^ (c + _GOLDEN + (h << np.uint64(10)) + (h >> np.uint64(4)))
    return h


class DenseTableState(TableState):
    """TF's MutableDenseHashTable (see the module's docstring). `keys` holds the buckets'
    keys, [buckets, key_size], `vals` their values, [buckets, value_size]; `count` the
    buckets holding a key. Keys are probed for all at once, bucket by bucket of their
    paths; inserts place new keys in their order, as TF's loop does."""

    map_ordered = False

    def __init__(self, key_dtype: dt.DType, value_dtype: dt.DType, value_shape: tuple,
                 empty_key: np.ndarray, deleted_key: np.ndarray, num_buckets: int,
                 max_load_factor: float = 0.8, op: str = "MutableDenseHashTableV2") -> None:
        super().__init__(key_dtype, value_dtype, value_shape)
        empty_key = np.asarray(empty_key, np_dtype(key_dtype))
        deleted_key = np.asarray(deleted_key, np_dtype(key_dtype))
        if len(value_shape) > 1:
            raise _fail(op, "Empty value must be a scalar or a vector, got shape "
                            f"{dims_text(value_shape)}")
        if empty_key.ndim > 1:
            raise _fail(op, "Empty key must be a scalar or a vector, got shape "
                            f"{dims_text(empty_key.shape)}")
        if empty_key.shape != deleted_key.shape:
            raise _fail(op, "Empty and deleted keys must have same shape, got shapes: "
                            f"{dims_text(empty_key.shape)} and "
                            f"{dims_text(deleted_key.shape)}")
        self.key_shape = tuple(empty_key.shape)
        self.empty, self.deleted = empty_key.reshape(-1), deleted_key.reshape(-1)
        if np.array_equal(self.empty, self.deleted):
            raise _fail(op, "Empty and deleted keys cannot be equal")
        if not 0 < max_load_factor < 1:
            raise _fail(op, f"max_load_factor must be between 0 and 1, got: {max_load_factor}")
        self.max_load_factor = np.float32(max_load_factor)
        self.initial_num_buckets = num_buckets
        self.value_size = int(np.prod(value_shape, dtype=np.int64))
        self._allocate(op, num_buckets)

    def __repr__(self) -> str:
        return (f"DenseTableState({self.key_dtype.name} -> {self.value_dtype.name}, "
                f"{self.count} in {len(self.keys)} buckets)")

    def _allocate(self, op: str, n: int) -> None:
        if n < 4 or n & (n - 1):
            raise _fail(op, f"Number of buckets must be at least 4 and a power of 2, got: {n}")
        # (TF's OOM before the tables are made: a value_shape of 2**31 elements per bucket)
        check_finite_size(op, (n, len(self.empty)), self.key_dtype)
        check_finite_size(op, (n, self.value_size), self.value_dtype)
        self.keys = np.empty((n, len(self.empty)), np_dtype(self.key_dtype))
        self.keys[:] = self.empty
        self.vals = np.zeros((n, self.value_size), np_dtype(self.value_dtype))
        self.count = 0

    def size(self) -> int:
        return self.count

    # -- keys -------------------------------------------------------------------------------
    def _rows(self, op: str, keys: np.ndarray, rank0_ok: bool = True) -> np.ndarray:
        """The keys as rows of key elements, checked as TF's kernels check them: the
        first dimension counts the keys, the rest is one key."""
        if keys.ndim == 0 and not rank0_ok:
            n = 1  # TF reads the size of a scalar's missing first dimension here
            raise _fail(op, f"Expected key shape {dims_text((n,) + self.key_shape)} got []")
        n = 1 if keys.ndim == 0 else keys.shape[0]
        key_size = len(self.empty)
        if keys.size != n * key_size:
            raise _fail(op, f"Expected key shape {dims_text((n,) + self.key_shape)} got "
                            f"{dims_text(keys.shape)}")
        rows = keys.reshape(n, key_size)
        flat = rows[:, 0] if key_size == 1 else rows
        # (TF's kernel checks key by key, each against the empty key, then the deleted one)
        empty, deleted = _equal(flat, self.empty), _equal(flat, self.deleted)
        either = np.flatnonzero(empty | deleted)
        if either.size:
            what = "empty" if empty[either[0]] else "deleted"
            raise _fail(op, f"Using the {what}_key as a table key is not allowed")
        return rows

    def _probe(self, rows: np.ndarray, hashes: np.ndarray, what: str, stop: Any) -> tuple:
        """Walks every row's probe path at once: (bucket where it stopped, whether that
        bucket holds the row). A row stops at its own key or where `stop(bucket keys)`
        holds (an empty bucket; or, inserting, an empty or deleted one). InternalError
        when a path visits every bucket (a full table, as TF's)."""
        n = len(self.keys)
        mask = np.uint64(n - 1)
        pos = (hashes & mask).astype(np.int64)
        found = np.zeros(len(rows), bool)
        active = np.arange(len(rows))
        keys = self.keys
        if rows.shape[1] == 1:  # scalar keys: compared as 1-D arrays, without reductions
            keys, rows = keys[:, 0], rows[:, 0]
        for probes in range(1, n + 1):
            if not active.size:
                return pos, found
            bucket = keys[pos[active]]
            hit = _equal(bucket, rows[active])
            found[active[hit]] = True
            active = active[~(hit | stop(bucket))]
            pos[active] = (pos[active] + probes) & (n - 1)
        if active.size:
            raise InternalError(None, None, f"Internal error in MutableDenseHashTable {what}")
        return pos, found

    def _is_empty(self, bucket: np.ndarray) -> np.ndarray:
        return _equal(bucket, self.empty)

    def _is_free(self, bucket: np.ndarray) -> np.ndarray:
        return _equal(bucket, self.empty) | _equal(bucket, self.deleted)

    # -- operations ---------------------------------------------------------------------------
    def find(self, keys: np.ndarray, default: np.ndarray) -> np.ndarray:
        rows = self._rows("LookupTableFindV2", keys)
        pos, found = self._probe(rows, _hashes(rows), "lookup", self._is_empty)
        # every missing key takes the first value's worth of `default`, as TF's kernel
        miss = np.asarray(default, np_dtype(self.value_dtype)).reshape(-1)[:self.value_size]
        out = np.where(found[:, None], self.vals[pos], miss)
        lead = keys.shape[:keys.ndim - len(self.key_shape)]
        return out.reshape(lead + self.value_shape)

    def insert(self, keys: np.ndarray, values: np.ndarray) -> None:
        rows = self._rows("LookupTableInsertV2", keys)
        pending = self.count + len(rows)
        n = len(self.keys)
        if pending > np.float32(n) * self.max_load_factor:
            while pending > np.float32(n) * self.max_load_factor:
                n <<= 1
            self._rebucket(n)
        self._insert(rows, values.reshape(len(rows), self.value_size))

    def _insert(self, rows: np.ndarray, vals: np.ndarray) -> None:
        """TF's insert loop, key after key: a key in the table (or earlier in `rows`) gets
        the new value; a new key takes the first empty or deleted bucket of its path."""
        if not len(rows):
            return
        # a key repeated in `rows` is placed where its first copy goes, with its last value
        first, last = _first_and_last(rows)
        rows, vals = rows[first], vals[last]
        hashes = _hashes(rows)
        # a key stops at itself or at the first free bucket of its path (so a key behind
        # a deleted bucket is added again there, as TF's loop does)
        pos, found = self._probe(rows, hashes, "insert", self._is_free)
        self.vals[pos[found]] = vals[found]
        new = np.flatnonzero(~found)
        if new.size:
            self._put(self._place(hashes[new]), rows[new], vals[new])

    def _put(self, pos: np.ndarray, rows: np.ndarray, vals: np.ndarray) -> None:
        self.keys[pos], self.vals[pos] = rows, vals
        self.count += len(pos)

    def _place(self, hashes: np.ndarray) -> np.ndarray:
        """The buckets new keys take when inserted one after another, as TF's loop does,
        found for all keys at once. Every bucket prefers the earliest key, so the keys
        walk their paths in rounds: each asks for the next bucket not holding a key of
        the table, the earliest asking (or holding) keeps it, the others (an evicted
        holder too) go on along their paths. With one order of preference for all
        buckets, the one stable outcome is the sequential one (serial dictatorship),
        whatever the order of the rounds."""
        n, m = len(self.keys), len(hashes)
        keys = self.keys[:, 0] if self.keys.shape[1] == 1 else self.keys
        taken = ~self._is_free(keys)  # buckets of keys already in the table
        holder = np.full(n, m, np.int64)   # m: no key of this insert
        pos = (hashes & np.uint64(n - 1)).astype(np.int64)
        probes = np.zeros(m, np.int64)
        walking = np.arange(m)
        while walking.size:
            blocked = walking[taken[pos[walking]]]
            while blocked.size:
                self._step(pos, probes, blocked, n)
                blocked = blocked[taken[pos[blocked]]]
            asked = pos[walking]
            before = holder[asked]
            np.minimum.at(holder, asked, walking)
            after = holder[asked]
            evicted = np.unique(before[(before < m) & (before != after)])
            walking = np.concatenate([walking[after != walking], evicted])
            if walking.size:
                self._step(pos, probes, walking, n)
        return pos

    @staticmethod
    def _step(pos: np.ndarray, probes: np.ndarray, keys: np.ndarray, n: int) -> None:
        """Moves `keys` one bucket on along their paths (offsets 1, 3, 6, ...)."""
        probes[keys] += 1
        if probes[keys].max() >= n:
            raise InternalError(None, None, "Internal error in MutableDenseHashTable insert")
        pos[keys] = (pos[keys] + probes[keys]) & (n - 1)

    def _rebucket(self, n: int) -> None:
        live = ~(_equal(self.keys, self.empty) | _equal(self.keys, self.deleted))
        keys, vals = self.keys[live], self.vals[live]
        self._allocate("LookupTableInsertV2", n)
        self._insert(keys, vals)

    def remove(self, keys: np.ndarray) -> None:
        rows = self._rows("LookupTableRemoveV2", keys, rank0_ok=False)
        pos, found = self._probe(rows, _hashes(rows), "remove", self._is_empty)
        gone = np.unique(pos[found])
        self.keys[gone] = self.deleted
        self.count -= len(gone)

    def export(self) -> tuple:
        """Every bucket: keys of shape [buckets, key_size], values [buckets, value_size]."""
        return self.keys.copy(), self.vals.copy()

    def export_shapes(self) -> tuple:
        return (None, len(self.empty)), (None, self.value_size)

    def import_(self, keys: np.ndarray, values: np.ndarray) -> None:
        """Takes exported buckets as they are (a checkpoint's restore)."""
        n = keys.shape[0] if keys.ndim else 0
        if keys.ndim != 2 or n < 4 or n & (n - 1):
            raise _fail("LookupTableImportV2", "A dense hash table imports its buckets: "
                        f"keys of shape [buckets,{len(self.empty)}], a power of 2 of at "
                        f"least 4 buckets, got {dims_text(keys.shape)}")
        self.keys = np.array(keys, np_dtype(self.key_dtype))
        self.vals = np.array(values, np_dtype(self.value_dtype)).reshape(n, self.value_size)
        self.count = int((~self._is_free(self.keys)).sum())

    def import_value_shape(self, keys_shape: tuple) -> tuple:
        key_dims = max(len(self.key_shape), 1)
        return tuple(keys_shape)[:len(keys_shape) - key_dims] + (self.value_size,)


def _equal(rows: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Whether each row of `rows` equals `other` (a key, or the same rows' keys)."""
    eq = rows == other
    if eq.ndim != 2:
        return eq
    return eq[:, 0] if eq.shape[1] == 1 else eq.all(axis=1)  # (no reduction for scalars)


def _first_and_last(rows: np.ndarray) -> tuple:
    """Indices of each distinct row's first copy (in order) and of its last copy."""
    if rows.dtype != object:
        flat = rows[:, 0] if rows.shape[1] == 1 else rows
        if flat.ndim == 1:  # distinct keys, the usual case: one sort tells
            s = np.sort(flat)
            if not (s[1:] == s[:-1]).any():
                return np.arange(len(rows)), np.arange(len(rows))
        _, first, inverse = np.unique(flat, axis=None if flat.ndim == 1 else 0,
                                      return_index=True, return_inverse=True)
        last = np.zeros(len(first), np.int64)
        last[inverse.reshape(-1)] = np.arange(len(rows))  # the last write of each wins
        order = np.argsort(first, kind="stable")
        return first[order], last[order]
    keys = [tuple(r) for r in rows.tolist()]
    first: dict = {}
    last: dict = {}
    for i, k in enumerate(keys):
        first.setdefault(k, i)
        last[k] = i
    order = list(first)
    return (np.array([first[k] for k in order], np.int64),
            np.array([last[k] for k in order], np.int64))
