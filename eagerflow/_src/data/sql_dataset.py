"""tf.data.experimental.SqlDataset: the rows of an SQLite query.

Data layer, beside readers.py. Each iteration opens the database (SQLite creates a missing
file, as TF's driver lets it), runs the query and yields its rows, one scalar per column,
in `output_types`. Values become those types as SQLite's column accessors turn them (TF's
kernel reads each column with sqlite3_column_int/_int64/_double/_text): NULL is 0, 0.0 or
b""; a real read as an integer is truncated; text read as a number and numbers read as
text are converted by SQLite itself (CAST), so every conversion is SQLite's own.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError, UnknownError, op_error
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import UNKNOWN, DatasetV2
from eagerflow._src.data.iterators import ElementIterator
from eagerflow._src.ops.eager_errors import raised_eagerly

_OP = " [Op:IteratorGetNext]"
_INTS = (_dt.int8, _dt.int16, _dt.int32, _dt.int64, _dt.uint8, _dt.uint16)
SQL_TYPES = (_dt.string, *_INTS, _dt.bool, _dt.float64)


def _as_text(db: sqlite3.Connection, v: Any) -> bytes:
    if v is None:
        return b""
    if isinstance(v, bytes):
        return v
    if isinstance(v, str):
        return v.encode()
    return db.execute("SELECT CAST(? AS TEXT)", (v,)).fetchone()[0].encode()


def _as_int(db: sqlite3.Connection, v: Any, dtype: _dt.DType) -> int:
    if v is None:
        v = 0
    elif not isinstance(v, int):  # a real, text or a blob: SQLite's conversion
        v = db.execute("SELECT CAST(? AS INTEGER)", (v,)).fetchone()[0]
    if dtype is not _dt.int64:
        v &= 0xFFFFFFFF  # sqlite3_column_int: the low 32 bits
    # the C++ cast to the column's type: wraps
    return int(np.array(v, np.uint64).astype(dtype.as_numpy_dtype))


def _as_double(db: sqlite3.Connection, v: Any) -> float:
    if v is None:
        return 0.0
    if isinstance(v, (int, float)):
        return float(v)
    return float(db.execute("SELECT CAST(? AS REAL)", (v,)).fetchone()[0])


def _scalar(db: sqlite3.Connection, v: Any, dtype: _dt.DType) -> EagerTensor:
    if dtype is _dt.string:
        arr = np.empty((), dtype=object)
        arr[()] = _as_text(db, v)
    elif dtype is _dt.float64:
        arr = np.asarray(_as_double(db, v), np.float64)
    elif dtype is _dt.bool:
        arr = np.asarray(_as_int(db, v, _dt.int32) != 0)
    else:
        arr = np.asarray(_as_int(db, v, dtype), dtype.as_numpy_dtype)
    return EagerTensor(arr, dtype, CPU_DEVICE)


class _RowIterator(ElementIterator):
    __slots__ = ("_db", "_rows", "_types")

    def __init__(self, path: str, query: str, types: list) -> None:
        try:
            self._db = sqlite3.connect(path, check_same_thread=False)
        except sqlite3.Error as e:  # (a folder, a missing folder's file)
            raise InvalidArgumentError(None, None, f"Sqlite::Open({path}) failed: {e}{_OP}") \
                from None
        try:
            self._rows = self._db.execute(query)
        except sqlite3.Error as e:
            self._db.close()
            code = getattr(e, "sqlite_errorcode", 1)
            raise UnknownError(None, None, f"Prepare() failed: [{code}] {e}: {query}{_OP}") \
                from None
        width = len(self._rows.description or ())
        if width != len(types):
            self._db.close()
            raise InvalidArgumentError(None, None, f"The number of columns in query ({width}) "
                                                   "must match the number of elements in "
                                                   f"output_types ({len(types)}).{_OP}")
        self._types = types

    def __next__(self) -> tuple:
        row = self._rows.fetchone()
        if row is None:
            self.close()
            raise StopIteration
        return tuple(_scalar(self._db, v, d) for v, d in zip(row, self._types))

    def close(self) -> None:
        self._db.close()


class SqlDataset(DatasetV2):
    """`tf.data.experimental.SqlDataset(driver_name, data_source_name, query,
    output_types)`: the rows of `query` over the SQLite database `data_source_name`."""

    _repr_name = "SqlDatasetV2"

    def __init__(self, driver_name: Any, data_source_name: Any, query: Any,
                 output_types: Any) -> None:
        driver, self._path, self._query = (_text(driver_name), _text(data_source_name),
                                           _text(query))
        # (the SqlDataset op's kernel refuses these as it is made: its eager error, on the
        # host, where TF runs the dataset ops)
        if driver != "sqlite":
            raise raised_eagerly(op_error(
                InvalidArgumentError, "SqlDataset", f"The database type, {driver}, is not "
                "supported by SqlDataset. The set of supported databases is: {'sqlite'}."),
                host=True)
        single = not isinstance(output_types, (tuple, list))
        self._types = [_dt.as_dtype(t) for t in ([output_types] if single else output_types)]
        if any(t not in SQL_TYPES for t in self._types):
            raise raised_eagerly(op_error(
                InvalidArgumentError, "SqlDataset", "Each element of `output_types_` must be "
                "one of: DT_STRING, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, "
                "DT_BOOL, DT_DOUBLE "), host=True)
        specs = [TensorSpec._make(TensorShape([]), t) for t in self._types]
        super().__init__((), dstruct.Structure(specs[0] if single else tuple(specs)))

    def _kernel_text(self) -> str:
        return "SqlDatasetOp::Dataset"

    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return _RowIterator(self._path, self._query, self._types)

    def _cardinality(self) -> int:
        return UNKNOWN


def _text(value: Any) -> str:
    if hasattr(value, "numpy"):
        value = value.numpy()
    return value.decode() if isinstance(value, bytes) else str(value)
