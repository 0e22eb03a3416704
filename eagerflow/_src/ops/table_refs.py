"""Independent references and samples of the ops on lookup tables, for the registry suites.

Ops layer, over registry.py, hash_ops' Hash64 and libstdc++'s bucket counts only (nothing
of the tables' kernels): table_handles.py and lookup_ops.py name these in their OpDefs. A
sample's table is a registry `Table` (the harness makes it live, op_harness.Live); a
reference sees a `TableModel` of it, a plain dict from keys to values, and returns the
op's outputs followed by each table's items after the op (`TableModel.items_array`, the
form the harness reads a live table in).
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    UnimplementedError,
)
from eagerflow._src.ops.hash_map_order import BUCKET_COUNTS
from eagerflow._src.ops.hash_ops import murmur64
from eagerflow._src.ops.registry import BadSample, Sample, Table


def py(x: Any) -> Any:
    """A key or value as plain Python: a scalar, bytes, or a tuple of a vector's items."""
    a = np.asarray(x)
    return tuple(a.tolist()) if a.ndim else a.tolist()


def items_array(pairs: Any) -> np.ndarray:
    """A table's items as one array: its (key, value) pairs, sorted by key."""
    pairs = sorted(pairs, key=lambda kv: kv[0])
    out = np.empty(len(pairs), object)
    for i, p in enumerate(pairs):
        out[i] = p
    return out


class TableModel:
    """A plain model of a sample's table: `items`, a dict from keys to values (as
    Python values, `py`), in the order they were put in."""

    def __init__(self, t: Table) -> None:
        keys, values = np.asarray(t.keys), np.asarray(t.values)
        self.kind = t.kind
        self.key_shape, self.value_shape = keys.shape[1:], values.shape[1:]
        self.key_dtype, self.value_dtype = keys.dtype, values.dtype
        self.initialized = t.kind != "uninitialized"
        self.items = {} if not self.initialized else \
            {py(k): py(v) for k, v in zip(keys, values)}

    def items_array(self) -> np.ndarray:
        return items_array(self.items.items())

    def rows(self, keys: np.ndarray) -> list:
        """The keys as the table's keys (a dense table's: rows of its key shape)."""
        n = int(np.prod(self.key_shape, dtype=np.int64))
        return [py(k) for k in np.asarray(keys).reshape((-1,) + self.key_shape)] if n > 1 \
            else np.asarray(keys).reshape(-1).tolist()

    def lead(self, keys: np.ndarray) -> tuple:
        return np.shape(keys)[:np.ndim(keys) - len(self.key_shape)]


def find_ref(t: TableModel, keys: np.ndarray, default: np.ndarray) -> tuple:
    lead = t.lead(keys)
    rows = t.rows(keys)
    per_key = np.shape(default) == lead + t.value_shape and len(lead) > 0
    dflt = np.asarray(default).reshape((len(rows),) + t.value_shape) if per_key else None
    out = [t.items[k] if k in t.items else (dflt[i] if per_key else default)
           for i, k in enumerate(rows)]
    arr = np.array([np.asarray(v, t.value_dtype) for v in out], t.value_dtype) \
        .reshape(lead + t.value_shape)
    return arr, t.items_array()


def insert_ref(t: TableModel, keys: np.ndarray, values: np.ndarray) -> tuple:
    vals = np.asarray(values).reshape((-1,) + t.value_shape)
    for k, v in zip(t.rows(keys), vals):
        t.items[k] = py(v)
    return (t.items_array(),)


def remove_ref(t: TableModel, keys: np.ndarray) -> tuple:
    for k in t.rows(keys):
        t.items.pop(k, None)
    return (t.items_array(),)


def size_ref(t: TableModel) -> tuple:
    return np.int64(len(t.items)), t.items_array()


def unordered_map_order(keys: list) -> list:
    """The keys as TF's std::unordered_map lists them after inserting them in turn into a
    new map: simulated node by node on a list (hash_map_order.py keeps the order as
    ranks). A key goes before the first node of its bucket, or first if there is none;
    the map grows when the count would pass its buckets, re-inserting in list order."""
    def bucket(k: Any, n: int) -> int:
        return (murmur64(k) if isinstance(k, bytes) else k % 2**64) % n

    def put(nodes: list, k: Any, n: int) -> None:
        b = bucket(k, n)
        nodes.insert(next((i for i, x in enumerate(nodes) if bucket(x, n) == b), 0), k)

    size, nodes = 0, []
    for k in keys:
        if len(nodes) + 1 > size:
            size = BUCKET_COUNTS[BUCKET_COUNTS.index(size) + 1] if size else BUCKET_COUNTS[0]
            old, nodes = nodes, []
            for x in old:
                put(nodes, x, size)
        put(nodes, k, size)
    return nodes


def export_ref(t: TableModel, **attrs: Any) -> tuple:
    if t.kind == "mutable":  # (a static table's order in TF is its per-process hash seed's)
        t.items = {k: t.items[k] for k in unordered_map_order(list(t.items))}
    keys = np.array(list(t.items), t.key_dtype).reshape((len(t.items),) + t.key_shape)
    values = np.array(list(t.items.values()), t.value_dtype) \
        .reshape((len(t.items),) + t.value_shape)
    return keys, values, t.items_array()


def import_ref(t: TableModel, keys: np.ndarray, values: np.ndarray) -> tuple:
    t.items.clear()
    return insert_ref(t, keys, values)


def init_ref(t: TableModel, keys: np.ndarray, values: np.ndarray) -> tuple:
    if not t.items:
        insert_ref(t, keys, values)
    return (t.items_array(),)


def text_init_ref(t: TableModel, filename: Any, *, key_index: int, value_index: int,
                  vocab_size: int = -1, delimiter: str = "\t", offset: int = 0) -> tuple:
    """Whole lines (-2) or line numbers (-1) or the columns split by `delimiter`."""
    with open(py(filename), "rb") as f:
        lines = f.read().decode().splitlines()
    if vocab_size != -1:
        lines = lines[:vocab_size]
    def pick(line: str, n: int, i: int, d: np.dtype) -> Any:
        if i == -1:
            return n + offset
        text = line if i == -2 else line.split(delimiter)[i]
        return text.encode() if d.kind == "O" else float(text) if d.kind == "f" else int(text)

    for n, line in enumerate(lines):
        t.items.setdefault(pick(line, n, key_index, t.key_dtype),
                           pick(line, n, value_index, t.value_dtype))
    return (t.items_array(),)


def handle_ref(op: str) -> Any:
    """A creator's output: its handle as TF prints it (naming the table it made)."""
    def ref(*_keys: Any, shared_name: str = "", container: str = "", **_attrs: Any) -> str:
        return (f'<ResourceHandle(name="{shared_name}", device="/job:localhost/replica:0/'
                f'task:0/device:CPU:0", container="{container or "localhost"}", type='
                f'"tensorflow::lookup::LookupInterface", dtype and shapes : "[  ]")>')
    return ref


# ---------------------------------------------------------------------------------------
# Samples.
# ---------------------------------------------------------------------------------------

def _s(*xs: Any) -> np.ndarray:
    return np.array([x.encode() for x in xs], object)


def _i64(*xs: int) -> np.ndarray:
    return np.array(xs, np.int64)


def static() -> Table:
    return Table("static", _s("a", "b", "c"), _i64(1, 2, 3))


def uninitialized() -> Table:
    return Table("uninitialized", _s("a"), _i64(0))


def mutable() -> Table:
    return Table("mutable", _i64(3, 7), np.array([0.5, -1.5], np.float32))


def mutable_vectors() -> Table:
    return Table("mutable", _s("x", "y"), np.array([[1, 2], [3, 4]], np.int32))


def dense() -> Table:
    return Table("dense", _i64(5, 9, 11), np.array([1.0, 2.0, 3.0]), empty_key=np.int64(0),
                 deleted_key=np.int64(-1))


def dense_rows() -> Table:
    return Table("dense", np.array([[1, 2], [3, 4]], np.int64), np.array([[7], [8]], np.int32),
                 empty_key=_i64(0, 0), deleted_key=_i64(-1, -1))


def find_samples() -> list:
    return [Sample((static(), _s("b", "z", "a", "c"), np.int64(-1)), grad=False),
            Sample((static(), np.array([[b"c"], [b"q"]], object), np.int64(0)), grad=False),
            Sample((mutable(), _i64(7, 8, 3), np.float32(9.0)), grad=False),
            Sample((mutable_vectors(), _s("y", "q"), np.array([0, -1], np.int32)),
                   grad=False),
            Sample((mutable_vectors(), _s("y", "q"), np.array([[0, 0], [5, 6]], np.int32)),
                   grad=False),
            Sample((dense(), _i64(9, 2, 5, 11), np.float64(-2.0)), grad=False),
            Sample((dense_rows(), np.array([[3, 4], [9, 9]], np.int64),
                    np.array([-1], np.int32)), grad=False)]


def find_bad_samples() -> list:
    return [BadSample((uninitialized(), _s("a"), np.int64(0)), {}, FailedPreconditionError,
                      "Table not initialized."),
            BadSample((static(), _i64(1), np.int64(0)), {}, InvalidArgumentError,
                      "Signature mismatch, have: resource, int64, int64->int64 expected: "
                      "resource, string, int64->int64"),
            BadSample((mutable(), _i64(3), np.float64(0.0)), {}, InvalidArgumentError,
                      "Signature mismatch")]


def insert_samples() -> list:
    return [Sample((mutable(), _i64(7, 1), np.array([2.5, 4.0], np.float32)), grad=False),
            Sample((mutable_vectors(), _s("z", "x"), np.array([[5, 6], [7, 8]], np.int32)),
                   grad=False),
            Sample((dense(), _i64(9, 4), np.array([0.25, 8.0])), grad=False),
            Sample((dense_rows(), np.array([[5, 6]], np.int64), np.array([[1]], np.int32)),
                   grad=False)]


def insert_bad_samples() -> list:
    return [BadSample((static(), _s("d"), _i64(4)), {}, UnimplementedError,
                      "Insert not supported by InitializableLookupTable implementations"),
            BadSample((mutable(), _i64(3), np.array([1.0], np.float64)), {},
                      InvalidArgumentError, "Signature mismatch")]


def remove_samples() -> list:
    return [Sample((mutable(), _i64(3, 42)), grad=False),
            Sample((mutable_vectors(), _s("x")), grad=False),
            Sample((dense(), _i64(11, 5)), grad=False)]


def remove_bad_samples() -> list:
    return [BadSample((static(), _s("a")), {}, UnimplementedError,
                      "Remove not supported by InitializableLookupTable implementations")]


def size_samples() -> list:
    return [Sample((t,), grad=False) for t in (static(), uninitialized(), mutable(),
                                               mutable_vectors(), dense(), dense_rows())]


def export_samples() -> list:
    return [Sample((static(),), {"Tkeys": dt.string, "Tvalues": dt.int64}, grad=False),
            Sample((mutable(),), {"Tkeys": dt.int64, "Tvalues": dt.float32}, grad=False),
            Sample((mutable_vectors(),), {"Tkeys": dt.string, "Tvalues": dt.int32}, grad=False)]


def import_samples() -> list:
    return [Sample((mutable(), _i64(1, 2, 3), np.array([1.0, 2.0, 3.0], np.float32)),
                   grad=False),
            Sample((mutable_vectors(), _s("q"), np.array([[9, 9]], np.int32)), grad=False)]


def import_bad_samples() -> list:
    return [BadSample((mutable(), _i64(1, 2), np.array([1.0], np.float32)), {},
                      InvalidArgumentError, "Expected shape [2] for value, got [1]")]


def init_samples() -> list:
    return [Sample((uninitialized(), _s("k", "l"), _i64(4, 5)), grad=False),
            Sample((static(), _s("x", "y", "z"), _i64(4, 5, 6)), grad=False)]


def init_bad_samples() -> list:
    # (not a repeated key: TF's initialization refused there keeps the keys before it,
    # test_table_handles.py compares that with TF)
    return [BadSample((uninitialized(), _i64(1, 2), _i64(4, 5)), {}, InvalidArgumentError,
                      "Signature mismatch, have: resource, int64, int64-> expected: "
                      "resource, string, int64->"),
            BadSample((mutable(), _i64(1), np.array([1.0], np.float32)), {},
                      InvalidArgumentError, "is not initializable"),
            BadSample((uninitialized(), _s(), np.zeros(0, np.int64)), {},
                      InvalidArgumentError, "keys and values cannot be empty tensors.")]


_VOCAB: list = []


def vocab_file() -> str:
    """A vocabulary file for the text-file initializer's samples (made once)."""
    if not _VOCAB:
        path = os.path.join(tempfile.mkdtemp(prefix="ef_table_samples_"), "vocab.txt")
        with open(path, "w") as f:
            f.write("emerson\t3\nlake\t5\npalmer\t7\n")
        _VOCAB.append(path)
    return _VOCAB[0]


def text_init_samples() -> list:
    name = np.array(vocab_file().encode(), object)
    lines = Table("uninitialized", _s("a"), _i64(0))
    cols = Table("uninitialized", _s("a"), _s("b"))
    return [Sample((lines, name), {"key_index": -2, "value_index": -1}, grad=False),
            Sample((lines, name), {"key_index": -2, "value_index": -1, "vocab_size": 2,
                                   "offset": 10}, grad=False),
            Sample((cols, name), {"key_index": 0, "value_index": 1}, grad=False)]


def text_init_bad_samples() -> list:
    missing = np.array(os.path.join(os.path.dirname(vocab_file()), "none.txt").encode(),
                       object)
    return [BadSample((uninitialized(), missing), {"key_index": -2, "value_index": -1},
                      NotFoundError, "none.txt")]


def creator_samples(op: str) -> Any:
    """The creator's samples: tables of TF's kernels' dtypes, named by `shared_name`."""
    def samples() -> list:
        base = {"shared_name": f"sample_{op}", "value_dtype": dt.int64}
        if op == "MutableDenseHashTableV2":
            return [Sample((np.int64(0), np.int64(-1)), base, grad=False),
                    Sample((_s("", "-"), _s("d", "d")), {**base, "value_shape": (2,),
                                                         "shared_name": f"sample_{op}_2"},
                           grad=False)]
        out = [Sample((), {**base, "key_dtype": dt.string}, grad=False)]
        if op == "MutableHashTableOfTensorsV2":
            out.append(Sample((), {**base, "key_dtype": dt.int64, "value_shape": (3,),
                                   "shared_name": f"sample_{op}_2"}, grad=False))
        return out
    return samples
