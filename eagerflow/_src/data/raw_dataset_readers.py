"""TF's dataset ops that read files and other sources over dataset variants:
TFRecordDataset (V1, V2), TextLineDataset, FixedLengthRecordDataset (V1, V2), the CSV,
SQL and matching-files datasets, SparseTensorSliceDataset and GeneratorDataset (ListDataset
and DatasetToTFRecord, which tf.data's public functions run, are in raw_dataset_shared.py).

Data layer, over the public readers (readers.py, csv_dataset.py, sql_dataset.py): each op
checks its inputs as TF's kernel does, in its order and words, then builds the public
reader. The ops' samples read small files written once to a temporary folder.
"""

from __future__ import annotations

import atexit
import csv
import fnmatch
import io
import os
import shutil
import sqlite3
import struct
import tempfile
from functools import reduce
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    NotFoundError,
    OutOfRangeError,
    UnimplementedError,
)
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import dataset_methods  # noqa: F401 (the methods built on)
from eagerflow._src.data.csv_dataset import CsvDataset, check_columns
from eagerflow._src.data.dataset import UNKNOWN, DatasetV2
from eagerflow._src.data.dataset_variants import (
    concrete_of,
    dataset_op,
    others_of,
    structure_of,
)
from eagerflow._src.data.iterator_ops import ANONYMOUS, GET_NEXT, MAKE_ITERATOR
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.raw_dataset_shared import (
    compression_of,
    scalar_of,
    string_array,
    text_of,
    typed_inputs,
    uneven_variant,
)
from eagerflow._src.data.raw_dataset_sources import RANGE_DATASET, _tensor_of, elements_variant
from eagerflow._src.data.readers import (
    FixedLengthRecordDataset,
    TextLineDataset,
    TFRecordDataset,
    string_scalar,
)
from eagerflow._src.data.sql_dataset import SQL_TYPES, SqlDataset
from eagerflow._src.data.structure import Structure
from eagerflow._src.function.polymorphic import function
from eagerflow._src.io import gfile, tfrecord
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.io_ops import file_path
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_OP = " [Op:IteratorGetNext]"
_S, _L = dt.string, dt.int64


def _names(op: str, a: Any) -> EagerTensor:
    """The file names, a scalar or a vector of strings, as a vector tensor."""
    if np.ndim(a) > 1:
        raise C.fail(op, "`filenames` must be a scalar or a vector.")
    return _tensor_of(np.asarray(a, object).reshape(-1))


# -- TFRecordDataset, TFRecordDatasetV2 ------------------------------------------------------

class _RecordsFrom(TFRecordDataset):
    """A TFRecord file's records from a byte offset on (TFRecordDatasetV2's byte_offsets)."""

    def __init__(self, name: EagerTensor, compression: str, buffer: int | None,
                 offset: int) -> None:
        super().__init__(name, compression, buffer)
        self._offset = offset

    def _open(self, path: str) -> Any:
        if self._offset < 0:
            raise InvalidArgumentError(None, None, "Can't skip a negative number of "
                                                   f"bytes{_OP}")
        reader = super()._open(path)
        src = reader._src
        if isinstance(src, io.BufferedReader):  # (past the end: nothing to read)
            src.seek(min(self._offset, os.fstat(src.fileno()).st_size))
        else:
            left = self._offset
            while left > 0 and src.read(min(left, 1 << 20)):
                left -= 1 << 20
        reader.offset = self._offset
        return reader


def _tfrecord(op: str, filenames: Any, compression_type: Any, buffer_size: Any,
              byte_offsets: Any = None, **_: Any) -> DatasetV2:
    names = _names(op, filenames)
    compression = compression_of(op, compression_type)
    buffer = int(scalar_of(op, buffer_size, "buffer_size"))
    if buffer < -1:  # (-1: TF's default size)
        raise C.fail(op, "`buffer_size` must be >= 0 (0 == no buffering)")
    buffer = None if buffer <= 0 else buffer
    if byte_offsets is None:
        return TFRecordDataset(names, compression, buffer)
    if np.ndim(byte_offsets) > 1:
        raise C.fail(op, "`byte_offsets` must be a scalar or a vector.")
    if np.ndim(byte_offsets) != np.ndim(filenames):  # (a scalar name takes a scalar)
        raise C.fail(op, "`byte_offsets` must be of same size as `filenames`")
    # (TF reads files and offsets pairwise, as many as the shorter holds)
    parts = [_RecordsFrom(_tensor_of(np.array(n, object)), compression, buffer, int(o))
             for n, o in zip(names._arr, np.asarray(byte_offsets).reshape(-1))]
    return reduce(DatasetV2.concatenate, parts) if parts else \
        TFRecordDataset(names, compression, buffer)


def _tfrecord_elements(path: bytes, offset: int = 0) -> list:
    """A TFRecord file's records, read by their length fields alone."""
    with open(path, "rb") as f:
        data = f.read()[offset:]
    out, i = [], 0
    while i + 12 <= len(data):
        (n,) = struct.unpack("<Q", data[i:i + 8])
        out.append([np.array(data[i + 12:i + 12 + n], object)])
        i += 16 + n
    return out


def _tfrecord_reference(filenames: Any, compression_type: Any, buffer_size: Any,
                        byte_offsets: Any = None, **_: Any) -> Any:
    names = np.asarray(filenames, object).reshape(-1)
    offsets = np.zeros(len(names), int) if byte_offsets is None or not np.size(byte_offsets) \
        else np.asarray(byte_offsets).reshape(-1)
    return elements_variant([e for n, o in zip(names, offsets)
                             for e in _tfrecord_elements(n, int(o))])


# -- the files the samples read (written once, removed at exit) ------------------------------

_FILES: dict = {}


def sample_file(leaf: str) -> np.ndarray:
    """The sample file `leaf`'s name, as a string scalar array."""
    if not _FILES:
        folder = tempfile.mkdtemp(prefix="eagerflow_reader_samples_")
        atexit.register(shutil.rmtree, folder, True)
        with tfrecord.TFRecordWriter(os.path.join(folder, "a.tfrecord")) as w:
            for r in (b"x", b"yz", b""):
                w.write(r)
        contents = {"a.txt": b"ab\ncd\r\n\nef", "a.bin": b"HH0123456789FF",
                    "a.csv": b"a,b,c\n1,2.5,x\n3,,\"q,r\"\n", "b.txt": b"gh\n"}
        for name, data in contents.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        db = sqlite3.connect(os.path.join(folder, "a.db"))
        db.execute("CREATE TABLE t (a INTEGER, b TEXT)")
        db.execute("INSERT INTO t VALUES (1, 'p'), (2, 'q')")
        db.commit()
        db.close()
        _FILES["folder"] = folder
    return np.array(os.fsencode(os.path.join(_FILES["folder"], leaf)), object)


_s, _I64 = string_array, np.int64


def _tfrecord_samples() -> list:
    rec = sample_file("a.tfrecord")
    return [Sample((rec, _s(""), _I64(0)), grad=False),
            Sample((np.array([rec[()], rec[()]], object), _s("FOO"), _I64(-1)), grad=False)]


def _tfrecord_v2_samples() -> list:
    rec = sample_file("a.tfrecord")
    two = np.array([rec[()], rec[()]], object)
    return [Sample((rec, _s(""), _I64(0), _I64(17)), grad=False),
            Sample((two, _s(""), _I64(0), np.zeros(0, _I64)), grad=False),
            Sample((two, _s(""), _I64(16), np.array([17, 0], _I64)), grad=False)]


TFRECORD_DATASET = register(dataset_op(
    "TFRecordDataset", _tfrecord, reference=_tfrecord_reference, samples=_tfrecord_samples,
    infer=lambda filenames, compression_type, buffer_size, **_: typed_inputs(
        "TFRecordDataset", (filenames, compression_type, buffer_size), (_S, _S, _L)),
    bad_samples=lambda: [
        BadSample((np.array([[sample_file("a.tfrecord")[()]]], object), _s(""), _I64(0)), {},
                  InvalidArgumentError, "`filenames` must be a scalar or a vector."),
        BadSample((sample_file("a.tfrecord"), np.array([b""], object), _I64(0)), {},
                  InvalidArgumentError, "compression_type must be a scalar"),
        BadSample((sample_file("a.tfrecord"), _s(""), _I64(-2)), {}, InvalidArgumentError,
                  "`buffer_size` must be >= 0 (0 == no buffering)")],
))

TFRECORD_DATASET_V2 = register(dataset_op(
    "TFRecordDatasetV2", _tfrecord, reference=_tfrecord_reference,
    samples=_tfrecord_v2_samples,
    infer=lambda filenames, compression_type, buffer_size, byte_offsets, **_: typed_inputs(
        "TFRecordDatasetV2", (filenames, compression_type, buffer_size, byte_offsets),
        (_S, _S, _L, _L)),
    bad_samples=lambda: [
        BadSample((sample_file("a.tfrecord"), _s(""), _I64(0), np.array([[0]], _I64)), {},
                  InvalidArgumentError, "`byte_offsets` must be a scalar or a vector."),
        BadSample((sample_file("a.tfrecord"), _s(""), _I64(0), np.array([0, 1], _I64)), {},
                  InvalidArgumentError, "`byte_offsets` must be of same size as `filenames`")],
))


# -- TextLineDataset -------------------------------------------------------------------------

def _text_lines(op: str, filenames: Any, compression_type: Any, buffer_size: Any,
                **_: Any) -> DatasetV2:
    names = _names(op, filenames)
    compression = compression_of(op, compression_type)
    if int(scalar_of(op, buffer_size, "buffer_size")) < 0:
        raise C.fail(op, "`buffer_size` must be >= 0 (0 == default)")
    if compression not in tfrecord.KNOWN:
        raise C.fail(op, "Unsupported compression_type.")
    return TextLineDataset(names, compression)


def _lines_reference(filenames: Any, *_: Any, **__: Any) -> Any:
    lines = []
    for name in np.asarray(filenames, object).reshape(-1):
        with open(name, "rb") as f:
            data = f.read().replace(b"\r", b"")
        lines += data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n")
    return elements_variant([[np.array(x, object)] for x in lines])


TEXT_LINE_DATASET = register(dataset_op(
    "TextLineDataset", _text_lines, reference=_lines_reference,
    infer=lambda filenames, compression_type, buffer_size, **_: typed_inputs(
        "TextLineDataset", (filenames, compression_type, buffer_size), (_S, _S, _L)),
    samples=lambda: [
        Sample((sample_file("a.txt"), _s(""), _I64(0)), grad=False),
        Sample((np.array([sample_file("b.txt")[()], sample_file("a.txt")[()]], object),
                _s(""), _I64(5)), grad=False)],
    bad_samples=lambda: [
        BadSample((sample_file("a.txt"), _s("FOO"), _I64(0)), {}, InvalidArgumentError,
                  "Unsupported compression_type."),
        BadSample((sample_file("a.txt"), _s("FOO"), _I64(-1)), {}, InvalidArgumentError,
                  "`buffer_size` must be >= 0 (0 == default)"),
        BadSample((sample_file("a.txt"), _s(""), np.array([0], _I64)), {},
                  InvalidArgumentError, "buffer_size must be a scalar")],
))


# -- FixedLengthRecordDataset, FixedLengthRecordDatasetV2 ------------------------------------

def _fixed(op: str, filenames: Any, header_bytes: Any, record_bytes: Any, footer_bytes: Any,
           buffer_size: Any, compression_type: Any = None, **_: Any) -> DatasetV2:
    names = _names(op, filenames)
    sizes = []
    for arg, a, least in (("header_bytes", header_bytes, 0), ("record_bytes", record_bytes, 1),
                          ("footer_bytes", footer_bytes, 0), ("buffer_size", buffer_size, 0)):
        n = int(scalar_of(op, a, arg))
        if n < least:
            raise C.fail(op, f"`{arg}` must be {'>= 0' if least == 0 else '> 0'}")
        sizes.append(n)
    compression = "" if compression_type is None else compression_of(op, compression_type)
    if compression not in tfrecord.KNOWN:
        raise C.fail(op, "Unsupported compression_type.")
    header, record, footer, buffer = sizes
    return FixedLengthRecordDataset(names, record, header, footer, buffer or None,
                                    compression)


def _fixed_reference(filenames: Any, header_bytes: Any, record_bytes: Any, footer_bytes: Any,
                     *_: Any, **__: Any) -> Any:
    h, r, f = int(header_bytes), int(record_bytes), int(footer_bytes)
    out = []
    for name in np.asarray(filenames, object).reshape(-1):
        with open(name, "rb") as file:
            body = file.read()[h:]
        body = body[:len(body) - f]
        out += [[np.array(body[i:i + r], object)] for i in range(0, len(body), r)]
    return elements_variant(out)


def _fixed_bad(v2: bool) -> list:
    more = (_s(""),) if v2 else ()
    fx = sample_file("a.bin")
    return [BadSample((fx, _I64(2), _I64(0), _I64(2), _I64(0), *more), {},
                      InvalidArgumentError, "`record_bytes` must be > 0"),
            BadSample((fx, _I64(-1), _I64(0), _I64(2), _I64(0), *more), {},
                      InvalidArgumentError, "`header_bytes` must be >= 0"),
            BadSample((fx, _I64(0), _I64(1), _I64(-1), _I64(-1), *more), {},
                      InvalidArgumentError, "`footer_bytes` must be >= 0"),
            BadSample((fx, np.array([2], _I64), _I64(5), _I64(2), _I64(0), *more), {},
                      InvalidArgumentError, "header_bytes must be a scalar")] + (
        [BadSample((fx, _I64(2), _I64(5), _I64(2), _I64(0), _s("FOO")), {},
                   InvalidArgumentError, "Unsupported compression_type.")] if v2 else [])


FIXED_LENGTH_RECORD_DATASET = register(dataset_op(
    "FixedLengthRecordDataset", _fixed, reference=_fixed_reference,
    infer=lambda filenames, header_bytes, record_bytes, footer_bytes, buffer_size,
    **_: typed_inputs(
        "FixedLengthRecordDataset", (filenames, header_bytes, record_bytes, footer_bytes,
                                     buffer_size), (_S, _L, _L, _L, _L)),
    samples=lambda: [Sample((sample_file("a.bin"), _I64(2), _I64(5), _I64(2), _I64(0)),
                            grad=False)],
    bad_samples=lambda: _fixed_bad(False),
))

FIXED_LENGTH_RECORD_DATASET_V2 = register(dataset_op(
    "FixedLengthRecordDatasetV2", _fixed, reference=_fixed_reference,
    infer=lambda filenames, header_bytes, record_bytes, footer_bytes, buffer_size,
    compression_type, **_: typed_inputs(
        "FixedLengthRecordDatasetV2", (filenames, header_bytes, record_bytes, footer_bytes,
                                       buffer_size, compression_type), (_S, _L, _L, _L, _L, _S)),
    samples=lambda: [
        Sample((sample_file("a.bin"), _I64(2), _I64(5), _I64(2), _I64(0), _s("")),
               grad=False),
        Sample((sample_file("a.bin"), _I64(0), _I64(7), _I64(0), _I64(3), _s("")),
               grad=False)],
    bad_samples=lambda: _fixed_bad(True),
))


# -- CSVDataset, CSVDatasetV2, ExperimentalCSVDataset ----------------------------------------

def _csv(op: str, filenames: Any, compression_type: Any, buffer_size: Any, header: Any,
         field_delim: Any, use_quote_delim: Any, na_value: Any, select_cols: Any,
         *rest: Any, **_: Any) -> DatasetV2:
    defaults, exclude_cols = (rest[:-1], rest[-1]) if op == "CSVDatasetV2" else \
        (rest, np.zeros(0, _I64))
    names = _names(op, filenames)
    compression = compression_of(op, compression_type)
    for i, d in enumerate(defaults):
        if np.ndim(d) > 1:
            raise C.fail(op, "Each record default should be at most rank 1")
        if np.size(d) > 1:
            raise C.fail(op, f"There should only be 1 default per field but field {i} has "
                             f"{np.size(d)}")
    if np.ndim(select_cols) != 1:
        raise C.fail(op, "`select_cols` must be a vector.")
    if np.ndim(exclude_cols) != 1:
        raise C.fail(op, "`exclude_cols` must be a vector")
    buffer = int(scalar_of(op, buffer_size, "buffer_size"))
    delim = scalar_of(op, field_delim, "field_delim")
    has_header = bool(scalar_of(op, header, "header"))
    quote = bool(scalar_of(op, use_quote_delim, "use_quote_delim"))
    na = scalar_of(op, na_value, "na_value")
    if buffer <= 0:
        raise C.fail(op, "buffer_size should be positive")
    if len(delim) != 1:
        raise C.fail(op, "field_delim should be only 1 char")
    if compression not in tfrecord.KNOWN:
        raise C.fail(op, f"Unsupported compression_type: {compression}.")
    select, exclude = (np.asarray(c).astype(np.int64).tolist()
                       for c in (select_cols, exclude_cols))
    if select and len(select) != len(defaults):
        raise C.fail(op, "select_cols should match output size")
    check_columns(select, "select_cols", lambda m: C.fail(op, m))
    if select and exclude:
        raise C.fail(op, "Either select_cols or exclude_cols should be empty")
    check_columns(exclude, "exclude_cols", lambda m: C.fail(op, m))
    return CsvDataset(names, [_tensor_of(np.asarray(d)) for d in defaults], compression,
                      buffer, has_header, delim, quote, na, select or None, exclude or None)


def _csv_reference(filenames: Any, compression_type: Any, buffer_size: Any, header: Any,
                   field_delim: Any, use_quote_delim: Any, na_value: Any, select_cols: Any,
                   *rest: Any, output_types: tuple, **_: Any) -> Any:
    """By Python's csv module, for the samples' files (every field given or defaulted)."""
    defaults = rest[:len(output_types)]
    out = []
    for name in np.asarray(filenames, object).reshape(-1):
        with open(name, newline="") as f:
            rows = list(csv.reader(f, delimiter=text_of(field_delim)))[bool(header):]
        for row in rows:
            cols = [row[c] for c in select_cols] if np.size(select_cols) else row
            out.append([np.asarray(d).reshape(-1)[0] if v == "" else
                        np.array(v.encode(), object) if np.asarray(d).dtype == object else
                        np.asarray(v).astype(np.asarray(d).dtype)
                        for v, d in zip(cols, defaults)])
    return elements_variant(out)


_CSV_TYPES = (dt.int32, dt.float32, dt.string)


def _csv_inputs(v2: bool, **over: Any) -> tuple:
    args = {"filenames": sample_file("a.csv"), "compression_type": _s(""),
            "buffer_size": _I64(64), "header": np.bool_(True), "field_delim": _s(","),
            "use_quote_delim": np.bool_(True), "na_value": _s(""),
            "select_cols": np.zeros(0, _I64),
            "defaults": (np.array([0], np.int32), np.array([-1.0], np.float32),
                         np.array([b"z"], object)),
            "exclude_cols": np.zeros(0, _I64)}
    args.update(over)
    defaults, exclude = args.pop("defaults"), args.pop("exclude_cols")
    return (*args.values(), *defaults) + ((exclude,) if v2 else ())


def _csv_attrs(n: int = 3) -> dict:
    return {"output_types": _CSV_TYPES[:n], "output_shapes": ((),) * n}


def _csv_samples(v2: bool) -> Any:
    return lambda: [
        Sample(_csv_inputs(v2), _csv_attrs(), grad=False),
        Sample(_csv_inputs(v2, select_cols=np.array([0, 2], _I64),
                           defaults=(np.int32(7), np.array([], object))),
               {"output_types": (dt.int32, dt.string), "output_shapes": ((), ())},
               grad=False)]


def _csv_bad(v2: bool) -> Any:
    return lambda: [
        BadSample(_csv_inputs(v2, buffer_size=_I64(0)), _csv_attrs(), InvalidArgumentError,
                  "buffer_size should be positive"),
        BadSample(_csv_inputs(v2, field_delim=_s(";;")), _csv_attrs(), InvalidArgumentError,
                  "field_delim should be only 1 char"),
        BadSample(_csv_inputs(v2, compression_type=_s("FOO")), _csv_attrs(),
                  InvalidArgumentError, "Unsupported compression_type: FOO."),
        BadSample(_csv_inputs(v2, select_cols=np.array([2, 1, 0], _I64)), _csv_attrs(),
                  InvalidArgumentError, "select_cols should be strictly increasing indices"),
        BadSample(_csv_inputs(v2, defaults=(np.array([0, 1], np.int32),
                                            np.array([1.0], np.float32),
                                            np.array([b"z"], object))),
                  _csv_attrs(), InvalidArgumentError,
                  "There should only be 1 default per field but field 0 has 2"),
        BadSample(_csv_inputs(v2, header=np.array([True])), _csv_attrs(),
                  InvalidArgumentError, "header must be a scalar")]


_CSV_FIXED = ("filenames", "compression_type", "buffer_size", "header", "field_delim",
              "use_quote_delim", "na_value", "select_cols")


def _csv_infer(name: str, v2: bool) -> Any:
    def infer(filenames: Any, compression_type: Any, buffer_size: Any, header: Any,
              field_delim: Any, use_quote_delim: Any, na_value: Any, select_cols: Any,
              *rest: Any, output_types: tuple = (), **_: Any) -> list:
        names = _CSV_FIXED + ("record_defaults",) * len(output_types) + \
            (("exclude_cols",) if v2 else ())
        ins = (filenames, compression_type, buffer_size, header, field_delim, use_quote_delim,
               na_value, select_cols, *rest)
        C.input_count(name, names, ins)
        return typed_inputs(name, ins, (_S, _S, _L, dt.bool, _S, dt.bool, _S, _L,
                                        *map(dt.as_dtype, output_types), _L))
    return infer


def _csv_op(name: str, v2: bool) -> OpDef:
    fixed = 9 if v2 else 8
    return register(dataset_op(
        name, _csv, kernel_name="CSVDataset", reference=_csv_reference,
        infer=_csv_infer(name, v2),
        arity=lambda ins, attrs: {"output_types": len(ins) - fixed},
        samples=_csv_samples(v2), bad_samples=_csv_bad(v2)))


CSV_DATASET = _csv_op("CSVDataset", False)
CSV_DATASET_V2 = _csv_op("CSVDatasetV2", True)
EXPERIMENTAL_CSV_DATASET = _csv_op("ExperimentalCSVDataset", False)


# -- SqlDataset, ExperimentalSqlDataset ------------------------------------------------------

def _sql(op: str, driver_name: Any, data_source_name: Any, query: Any, *,
         output_types: tuple, output_shapes: tuple, **_: Any) -> DatasetV2:
    if any(t not in SQL_TYPES for t in output_types):
        raise C.fail(op, "Each element of `output_types_` must be one of: DT_STRING, DT_INT8, "
                         "DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_BOOL, "
                         "DT_DOUBLE ")
    if any(s is None or len(s) for s in output_shapes):
        raise C.fail(op, "Each element of `output_shapes_` must be a scalar.")
    driver, source, text = (text_of(scalar_of(op, a, arg)) for a, arg in (
        (driver_name, "driver_name"), (data_source_name, "data_source_name"),
        (query, "query")))
    if driver != "sqlite":
        raise C.fail(op, f"The database type, {driver}, is not supported by SqlDataset. The "
                         "set of supported databases is: {'sqlite'}.")
    return SqlDataset(driver, source, text, tuple(output_types))


def _sql_reference(driver_name: Any, data_source_name: Any, query: Any, *,
                   output_types: tuple, **_: Any) -> Any:
    db = sqlite3.connect(text_of(data_source_name))
    try:
        rows = db.execute(text_of(query)).fetchall()
    finally:
        db.close()
    return elements_variant([[np.array(v.encode(), object) if t is dt.string else
                              np.asarray(v, t.as_numpy_dtype) for v, t in zip(row, output_types)]
                             for row in rows])


def _sql_op(name: str) -> OpDef:
    attrs = {"output_types": (dt.int32, dt.string), "output_shapes": ((), ())}
    query = _s("SELECT a, b FROM t")

    def inputs(driver: str = "sqlite", q: np.ndarray = query) -> tuple:
        return (_s(driver), sample_file("a.db"), q)

    return register(dataset_op(
        name, _sql, kernel_name="SqlDataset", reference=_sql_reference,
        infer=lambda driver_name, data_source_name, query, **_: typed_inputs(
            name, (driver_name, data_source_name, query), (_S, _S, _S)),
        samples=lambda: [Sample(inputs(), attrs, grad=False),
                         Sample(inputs(q=_s("SELECT a, a * 0.5 FROM t")),
                                {"output_types": (dt.int64, dt.float64),
                                 "output_shapes": ((), ())}, grad=False)],
        bad_samples=lambda: [
            BadSample(inputs("mysql"), attrs, InvalidArgumentError,
                      "The database type, mysql, is not supported by SqlDataset."),
            BadSample(inputs(), {"output_types": (dt.float32, dt.string),
                                 "output_shapes": ((), ())}, InvalidArgumentError,
                      "Each element of `output_types_` must be one of: DT_STRING"),
            BadSample(inputs(), {"output_types": (dt.int32, dt.string),
                                 "output_shapes": ((2,), ())}, InvalidArgumentError,
                      "Each element of `output_shapes_` must be a scalar."),
            BadSample((np.array([b"sqlite"], object), *inputs()[1:]), attrs,
                      InvalidArgumentError, "driver_name must be a scalar")]))


SQL_DATASET = _sql_op("SqlDataset")
EXPERIMENTAL_SQL_DATASET = _sql_op("ExperimentalSqlDataset")


# -- MatchingFilesDataset, ExperimentalMatchingFilesDataset ----------------------------------

_WILD = "*?[\\"


def _fixed_folder(pattern: str) -> str:
    """The folder a glob pattern's first wildcard is in (what must exist to match it)."""
    wild = min((i for i in map(pattern.find, _WILD) if i >= 0), default=len(pattern))
    return os.path.dirname(pattern[:wild]) or "."


class _MatchedFiles(ElementIterator):
    """The files matching the patterns, found as the first element is asked for."""

    __slots__ = ("_patterns", "_found")

    def __init__(self, patterns: list) -> None:
        self._patterns = patterns
        self._found: list | None = None

    def __next__(self) -> tuple:
        if self._found is None:
            found = []
            for p in self._patterns:
                folder = _fixed_folder(p)
                if not os.path.isdir(folder):
                    raise NotFoundError(None, None, f"{folder}; No such file or directory{_OP}")
                found += [f for f in gfile.matches(p) if not os.path.isdir(f)]
            if not found:
                raise NotFoundError(None, None, f"Don't find any matched files{_OP}")
            self._found = found[::-1]
        if not self._found:
            raise StopIteration
        return (string_scalar(os.fsencode(self._found.pop())),)


class MatchingFilesDataset(DatasetV2):
    """The files TF's MatchingFilesDataset yields: each pattern's matching files (not
    folders), sorted, pattern after pattern; none at all is an error."""

    def __init__(self, patterns: list) -> None:
        super().__init__((), Structure(TensorSpec([], dt.string)))
        self._patterns = patterns

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _MatchedFiles(self._patterns)

    def _cardinality(self) -> int:
        return UNKNOWN


def _matching(op: str, patterns: Any, **_: Any) -> DatasetV2:
    return MatchingFilesDataset([file_path(p) for p in np.asarray(patterns, object).reshape(-1)])


def _matching_reference(patterns: Any, **_: Any) -> Any:
    out = []
    for p in np.asarray(patterns, object).reshape(-1):
        folder, leaf = os.path.split(os.fsdecode(p))
        out += [[np.array(os.fsencode(os.path.join(folder, n)), object)]
                for n in sorted(os.listdir(folder)) if fnmatch.fnmatchcase(n, leaf)
                and not os.path.isdir(os.path.join(folder, n))]
    return elements_variant(out)


def _matching_samples() -> list:
    folder = os.fsdecode(sample_file("")[()])
    return [Sample((_s(os.path.join(folder, "*.txt")),), grad=False),
            Sample((np.array([os.path.join(folder, p).encode() for p in ("a.c*", "?.t*")],
                             object),), grad=False)]


MATCHING_FILES_DATASET = register(dataset_op(
    "MatchingFilesDataset", _matching, reference=_matching_reference,
    infer=lambda patterns, **_: typed_inputs("MatchingFilesDataset", (patterns,), (_S,)),
    samples=_matching_samples))
EXPERIMENTAL_MATCHING_FILES_DATASET = register(dataset_op(
    "ExperimentalMatchingFilesDataset", _matching, kernel_name="MatchingFilesDataset",
    infer=lambda patterns, **_: typed_inputs("ExperimentalMatchingFilesDataset", (patterns,),
                                             (_S,)),
    reference=_matching_reference, samples=_matching_samples))


# -- SparseTensorSliceDataset ----------------------------------------------------------------

def _dims(shape: tuple) -> str:
    return "[" + ",".join(map(str, shape)) + "]"


def _sparse(op: str, indices: Any, values: Any, dense_shape: Any, **_: Any) -> DatasetV2:
    if np.ndim(indices) != 2:
        raise C.fail(op, f"Input indices must be a matrix. Got: {_dims(np.shape(indices))}")
    if np.ndim(values) != 1:
        raise C.fail(op, f"Input values must be a vector. Got: {_dims(np.shape(values))}")
    if np.ndim(dense_shape) != 1:
        raise C.fail(op, f"Input shape must be a vector. Got: {_dims(np.shape(dense_shape))}")
    idx, shape = np.asarray(indices, np.int64), np.asarray(dense_shape, np.int64)
    if len(values) != idx.shape[0]:
        raise C.fail(op, f"Number of values must match first dimension of indices. Got "
                         f"{len(values)} values, indices shape: {_dims(idx.shape)}")
    if len(shape) != idx.shape[1]:
        raise C.fail(op, f"Number of dimensions must match second dimension of indices. Got "
                         f"{len(shape)} dimensions, indices shape: {_dims(idx.shape)}")
    if not shape.size:
        raise C.fail(op, "The shape argument requires at least one element.")
    if (shape < 0).any():
        raise C.fail(op, f"Expected shape dimensions to be non-negative, got "
                         f"{shape[shape < 0][0]}")
    rows = idx[:, 0]
    if (rows[1:] < rows[:-1]).any():
        raise UnimplementedError(None, None, "The SparseTensor must be ordered in the batch "
                                             "dimension; handling arbitrarily ordered input "
                                             f"is not currently supported. [Op:{op}]")
    # TF's kernel walks the rows and the entries together: entries of rows past the shape
    # are never reached, and one of a negative row (the first, being sorted) is never
    # passed, so no entry after it is reached either
    kept = (rows < shape[0]) & (rows[:1] >= 0).all()
    sparse = SparseTensor(_tensor_of(idx[kept]), _tensor_of(np.asarray(values)[kept]),
                          _tensor_of(shape))
    return DatasetV2.from_tensor_slices(sparse).map(
        lambda s: (s.indices, s.values, s.dense_shape))


def _sparse_reference(indices: Any, values: Any, dense_shape: Any, **_: Any) -> Any:
    out = []
    for r in range(int(dense_shape[0])):
        at = [i for i in range(len(values)) if indices[i][0] == r]
        out.append([np.asarray(indices, np.int64)[at, 1:].reshape(len(at), len(dense_shape) - 1),
                    np.asarray(values)[at], np.asarray(dense_shape[1:], np.int64)])
    return uneven_variant(out)


SPARSE_TENSOR_SLICE_DATASET = register(dataset_op(
    "SparseTensorSliceDataset", _sparse, reference=_sparse_reference,
    infer=lambda indices, values, dense_shape, **_: typed_inputs(
        "SparseTensorSliceDataset", (indices, values, dense_shape), (_L, None, _L)),
    samples=lambda: [
        Sample((np.array([[0, 0], [2, 1], [2, 2]], _I64),
                np.array([1.5, 2.5, 3.5], np.float32), np.array([3, 4], _I64)), grad=False),
        Sample((np.array([[0], [1]], _I64), np.array([b"a", b"b"], object),
                np.array([2], _I64)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[1, 0], [0, 1]], _I64), np.array([1.0, 2.0], np.float32),
                   np.array([3, 2], _I64)), {}, UnimplementedError,
                  "The SparseTensor must be ordered in the batch dimension"),
        BadSample((np.array([0], _I64), np.array([1.0], np.float32), np.array([3], _I64)),
                  {}, InvalidArgumentError, "Input indices must be a matrix. Got: [1]"),
        BadSample((np.array([[0, 1]], _I64), np.array([1.0], np.float32), np.array([3], _I64)),
                  {}, InvalidArgumentError, "Number of dimensions must match second dimension "
                                            "of indices. Got 1 dimensions, indices shape: [1,2]"),
        BadSample((np.zeros((0, 0), _I64), np.zeros(0, np.float32), np.zeros(0, _I64)), {},
                  InvalidArgumentError, "The shape argument requires at least one element."),
        BadSample((np.array([[0, 0]], _I64), np.array([1.0], np.float32),
                   np.array([-1, 2], _I64)), {}, InvalidArgumentError,
                  "Expected shape dimensions to be non-negative, got -1")],
))


# -- GeneratorDataset ------------------------------------------------------------------------

class _Generated(ElementIterator):
    """GeneratorDataset's iterator: `init_func` makes the state as the first element is
    asked for; each element is `next_func` of the state (then its other arguments) until
    that raises OutOfRangeError; `finalize_func` of the state then, or when it is closed."""

    __slots__ = ("_ds", "_state", "_done")

    def __init__(self, ds: GeneratorDataset) -> None:
        self._ds, self._state, self._done = ds, None, False

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        if self._state is None:
            self._state = self._ds.call("init", ())
        try:
            return self._ds.call("next", self._state)
        except OutOfRangeError:
            self.close()
            raise StopIteration from None

    def close(self) -> None:
        if self._state is not None and not self._done:
            self._done = True
            self._ds.call("finalize", self._state)


class GeneratorDataset(DatasetV2):
    """TF's GeneratorDataset: the elements its functions make, whose components are those
    `output_types` and `output_shapes` say."""

    def __init__(self, funcs: dict, args: dict, spec: Any) -> None:
        super().__init__((), Structure(spec))
        self._funcs, self._args = funcs, args

    def call(self, which: str, state: tuple) -> tuple:
        args = list(state) + list(self._args[which])
        cf = concrete_of(self._funcs[which], [TensorSpec(a.shape, a.dtype) for a in args])
        wants = len(getattr(cf, "inputs", ())) - len(getattr(cf, "captured_inputs", ()))
        if len(args) < wants:  # (TF's function runtime finds no value for the argument)
            raise InvalidArgumentError(None, None, f"Argument {len(args)} is out of "
                                                   f"range.{_OP}")
        return tuple(cf.call_flat_outputs(args))

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _Generated(self)

    def _cardinality(self) -> int:
        return UNKNOWN


def _generator(op: str, *ins: Any, init_func: Any, next_func: Any, finalize_func: Any,
               Tinit_func_args: tuple = (), Tnext_func_args: tuple = (),
               Tfinalize_func_args: tuple = (), output_types: tuple, output_shapes: tuple,
               **_: Any) -> DatasetV2:
    types = (tuple(Tinit_func_args), tuple(Tnext_func_args), tuple(Tfinalize_func_args))
    C.input_count(op, sum(((f"{k}_func_other_args",) * len(t) for k, t in zip(
        ("init", "next", "finalize"), types)), ()), ins)
    ends = np.cumsum([len(t) for t in types]).tolist()
    args = {k: others_of(ins[a:b], t) for k, a, b, t in zip(
        ("init", "next", "finalize"), [0] + ends[:2], ends, types)}
    return GeneratorDataset({"init": init_func, "next": next_func, "finalize": finalize_func},
                            args, structure_of(output_types, output_shapes))


_I64S = (dt.int64,)


def _range_iterator(n: Any) -> Any:
    attrs = {"output_types": _I64S, "output_shapes": ((),)}
    it = bind(ANONYMOUS["AnonymousIteratorV3"], (), attrs)
    bind(MAKE_ITERATOR, (bind(RANGE_DATASET, (_tensor_of(_I64(0)), n,
                                              _tensor_of(_I64(1))), attrs), it), {})
    return it


def _scaled_next(it: Any, scale: Any) -> Any:
    element = bind(GET_NEXT["IteratorGetNext"], (it,), {"output_types": _I64S,
                                                          "output_shapes": ((),)})
    return element[0] * scale


def _generator_samples() -> list:
    """init_func makes an iterator over range(n) (its argument), next_func scales its next
    element by its argument."""
    scalar, handle = TensorSpec([], dt.int64), TensorSpec([], dt.resource)
    attrs = {"init_func": function(_range_iterator).get_concrete_function(scalar),
             "next_func": function(_scaled_next).get_concrete_function(handle, scalar),
             "finalize_func": function(lambda it: it).get_concrete_function(handle),
             "Tinit_func_args": _I64S, "Tnext_func_args": _I64S, "Tfinalize_func_args": (),
             "output_types": _I64S, "output_shapes": ((),)}
    return [Sample((_I64(3), _I64(10)), attrs, grad=False),
            Sample((_I64(0), _I64(2)), attrs, grad=False)]


GENERATOR_DATASET = register(dataset_op(
    "GeneratorDataset", _generator, funcs=True, samples=_generator_samples,
    reference=lambda n, scale, **_: elements_variant([[np.int64(i * scale)]
                                                      for i in range(int(n))]),
    arity=lambda ins, attrs: {k: len(attrs.get(k, ())) for k in (
        "Tfinalize_func_args", "Tinit_func_args", "Tnext_func_args")},
))
