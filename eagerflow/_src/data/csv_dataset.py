"""tf.data.experimental.CsvDataset and make_csv_dataset.

Data layer, beside readers.py (whose file iteration CsvDataset shares). Records are parsed
as TF's CSV kernel parses them: fields split on `field_delim`; with `use_quote_delim` a
field may be quoted ("a, b" holds the delimiter, "" is a quote, a quoted field may span
lines); an empty field or one equal to `na_value` takes its column's default, and is an
error for a column without one. make_csv_dataset builds the pipeline TF builds: column
names from the header, types inferred from the first rows, files shuffled, records parsed,
shuffled and repeated, batched, and named.
"""

from __future__ import annotations

import collections
import csv
import os
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor, is_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.readers import _FileReaderDataset, _Source
from eagerflow._src.data.sources import int64_arg
from eagerflow._src.io import gfile, tfrecord
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.csv_ops import FIELD_TYPES, TYPE_WORD, parse_field
from eagerflow._src.ops.eager_errors import wrapped_name

_OP = " [Op:IteratorGetNext]"


def _op_error(message: str, columns: int) -> InvalidArgumentError:
    """TF's eager error of its CSVDatasetV2 kernel (made for `columns` columns), which
    runs on CPU:0 whatever the default device (a dataset op has no GPU kernel)."""
    head = f"{{{{function_node {wrapped_name('CSVDatasetV2', {'output_types': columns})}" \
        f"_device_{CPU_DEVICE}}}}} "
    return InvalidArgumentError(None, None, f"{head}{message} [Op:CSVDatasetV2] name: ")


def _attr_error(message: str) -> InvalidArgumentError:
    """TF's refusal of the op's output_types attr (before its kernel runs): the NodeDef
    and the op's definition follow the message."""
    summary = tf_op_defs.summary("CSVDatasetV2")
    return InvalidArgumentError(None, None, f"{message}\n\t; NodeDef: {{{{node CSVDatasetV2}}}}"
                                f"; {summary} [Op:CSVDatasetV2] name: ")


def _converted_defaults(record_defaults: Any) -> list:
    """TF's wrapper's conversion of the record defaults: (dtype, None) for a type alone
    (one of the five CSV types), else (None, tensor); any other DType, or None, is
    convert_to_tensor's ValueError, as in TF. TF asks whether a default that is not a
    tensor is `in` its five types, which compares by DType equality: a number or a name
    that as_dtype reads as one of them (7 is DT_STRING's enum, 3 DT_INT32's, "float64")
    stands for that type, not for a default value."""
    out = []
    for d in record_defaults:
        kind = None if is_tensor(d) else next((t for t in FIELD_TYPES if t == d), None)
        if kind is not None:
            out.append((kind, None))
        else:
            out.append((None, d if isinstance(d, EagerTensor) else convert_to_tensor(d)))
    return out


def _column_defaults(tensors: list) -> list:
    """(dtype, default value or None when the column is required) per output column,
    as TF's op and kernel check them."""
    if not tensors:
        raise _attr_error("Length for attr 'output_types' of 0 must be at least minimum 1")
    for _dtype, t in tensors:
        if t is not None and t.dtype not in FIELD_TYPES:
            raise _attr_error(f"Value for attr 'output_types' of {C.dtype_word(t.dtype)} is "
                              "not in the list of allowed values: float, double, int32, "
                              "int64, string")
    out = []
    for i, (dtype, t) in enumerate(tensors):
        if t is None:
            out.append((dtype, None))
            continue
        if t.shape.rank > 1:
            raise _op_error("Each record default should be at most rank 1", len(tensors))
        vals = to_host(t._arr).reshape(-1)
        if vals.size > 1:
            raise _op_error(f"There should only be 1 default per field but field {i} has "
                            f"{vals.size}", len(tensors))
        out.append((t.dtype, vals[0] if vals.size else None))
    return out


def _scalar(value: Any, dtype: _dt.DType) -> EagerTensor:
    arr = np.empty((), dtype=object) if dtype is _dt.string else None
    if arr is not None:
        arr[()] = value
    else:
        arr = np.asarray(value, dtype=dtype.as_numpy_dtype)
    return EagerTensor(arr, dtype, CPU_DEVICE)


def _convert(field: bytes, i: int, dtype: _dt.DType) -> Any:
    v = parse_field(field, dtype)
    if v is None:
        raise InvalidArgumentError(None, None, f"Field {i} in record is not a valid "
                                   f"{TYPE_WORD[dtype]}: {field.decode('utf-8', 'replace')}{_OP}")
    return v


class _CsvReader:
    """The records of one file, as tuples of scalar tensors (read whole when opened)."""

    def __init__(self, path: str, ds: CsvDataset) -> None:
        src = _Source(path, ds._compression)
        try:
            chunks = []
            while True:
                chunk = src.read(1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        finally:
            src.close()
        self._buf = b"".join(chunks)
        self._pos = 0
        self._ds = ds
        self.record_skipped = False
        if ds._header:
            self._fields()

    def _fields(self) -> list | None:
        """The next record's fields, or None at the end of the file. A field is bytes, or
        the message of its quoting error: as TF's kernel, a misplaced quote is noted and
        the record read to its end (only a quoted field open at the end of the file ends
        the file)."""
        buf, i, n = self._buf, self._pos, len(self._buf)
        if i >= n:
            return None
        delim, quote = self._ds._delim, self._ds._quote
        fields: list = []
        while True:
            if quote and i < n and buf[i:i + 1] == b'"':  # a quoted field
                field, i = _quoted(buf, i, delim)
                if field is None:
                    raise InvalidArgumentError(None, None, "Reached end of file without "
                                               f"closing quoted field in record{_OP}")
                fields.append(field)
                end = buf[i:i + 1]
                if end == b"\r" and buf[i + 1:i + 2] in (b"\n", b""):
                    i += 1
                    end = buf[i:i + 1]
                if end == delim:
                    i += 1
                    continue
                self._pos = i + 1
                return fields
            d = buf.find(delim, i)
            e = buf.find(b"\n", i)
            e = n if e < 0 else e
            if 0 <= d < e:
                field, i = buf[i:d], d + 1
                last = False
            else:
                field, i = buf[i:e], e + 1
                last = True
                if field.endswith(b"\r"):
                    field = field[:-1]
            if quote and b'"' in field:
                field = "Unquoted fields cannot have quotes inside"
            fields.append(field)
            if last:
                self._pos = i
                return fields

    def read_record(self) -> tuple | None:
        self.record_skipped = False
        fields = self._fields()
        if fields is None:
            return None
        # past this record: a bad field fails it alone, as TF's kernel (a quoting error
        # above ends the file)
        self.record_skipped = True
        ds = self._ds
        if ds._select is not None:
            picked = [fields[c] for c in ds._select if c < len(fields)]
        elif ds._exclude is not None:
            picked = [f for c, f in enumerate(fields) if c not in ds._exclude]
        else:
            picked = fields
        # field by field, as TF's kernel: a bad field is reported before a wrong count
        n = len(ds._defaults)
        out = []
        for i, field in enumerate(picked):
            if i == n:
                break
            if isinstance(field, str):  # (its quoting error)
                raise InvalidArgumentError(None, None, field + _OP)
            dtype, default = ds._defaults[i]
            if field == b"" or field == ds._na:
                if default is None:
                    raise InvalidArgumentError(None, None, f"Field {i} is required but missing "
                                               f"in record!{_OP}")
                value = default
            else:
                value = _convert(field, i, dtype)
            out.append(_scalar(value, dtype))
        if len(picked) != n:
            # (TF's kernel stops at the first field past the last column)
            have = "more" if len(picked) > n else len(picked)
            raise InvalidArgumentError(None, None, f"Expect {n} fields but have {have} "
                                       f"in record{_OP}")
        return tuple(out)

    def close(self) -> None:
        self._buf = b""


def _quoted(buf: bytes, start: int, delim: bytes) -> tuple:
    """The quoted field opening at `start` and the index just past its closing quote, as
    TF's CsvDataset scans it: `""` is a quote; a quote followed by anything but a quote,
    the delimiter or a line end is noted (the field is its error message) and the scan
    goes on to the next quote; (None, -1) when the file ends first."""
    parts, j, bad = [], start + 1, False
    while True:
        k = buf.find(b'"', j)
        if k < 0:
            return None, -1
        parts.append(buf[j:k])
        after = buf[k + 1:k + 2]
        if after == b'"':
            parts.append(b'"')
            j = k + 2
        elif after in (delim, b"\n", b"\r", b""):
            return ("Quote inside a string has to be escaped by another quote" if bad
                    else b"".join(parts)), k + 1
        else:
            bad, j = True, k + 2


def _columns(cols: Any) -> list:
    return [] if cols is None else [int(c) for c in np.asarray(cols).reshape(-1)]


def check_columns(cols: list, what: str, fail: Callable) -> None:
    """TF's kernel's check of select_cols or exclude_cols: `fail(message)` its error."""
    if any(b <= a for a, b in zip(cols, cols[1:])):
        raise fail(f"{what} should be strictly increasing indices")
    if cols and cols[0] < 0:
        raise fail(f"{what} should be non-negative indices")


class CsvDataset(_FileReaderDataset):
    """`tf.data.experimental.CsvDataset(filenames, record_defaults, compression_type=None,
    buffer_size=None, header=False, field_delim=",", use_quote_delim=True, na_value="",
    select_cols=None, exclude_cols=None)`: one tuple of scalars per CSV record."""

    _repr_name = "CsvDatasetV2"

    def __init__(self, filenames: Any, record_defaults: Any, compression_type: Any = None,
                 buffer_size: Any = None, header: bool = False, field_delim: str = ",",
                 use_quote_delim: bool = True, na_value: str = "", select_cols: Any = None,
                 exclude_cols: Any = None, name: str | None = None) -> None:
        # (TF's order: its wrapper's conversions, the op's attr, then its kernel's checks)
        if not isinstance(filenames, DatasetV2):
            filenames = convert_to_tensor(filenames, _dt.string)
        super().__init__(filenames, None)
        if compression_type is not None:
            convert_to_tensor(compression_type, _dt.string)
        defaults = _converted_defaults(record_defaults)
        if buffer_size is not None:
            buffer_size = int64_arg(buffer_size, "buffer_size")
        header, field_delim, use_quote_delim, na_value = (
            convert_to_tensor(v, d).numpy() for v, d in (
                (header, _dt.bool), (field_delim, _dt.string), (use_quote_delim, _dt.bool),
                (na_value, _dt.string)))
        select, exclude = _columns(select_cols), _columns(exclude_cols)
        self._defaults = _column_defaults(defaults)
        n = len(self._defaults)
        if buffer_size is not None and buffer_size <= 0:
            raise _op_error("buffer_size should be positive", n)
        self._delim = field_delim
        if len(self._delim) != 1:
            raise _op_error("field_delim should be only 1 char", n)
        self._header = bool(header)
        self._quote = bool(use_quote_delim)
        self._na = na_value
        self._compression = _csv_compression(compression_type, n)
        if select and len(select) != n:
            raise _op_error("select_cols should match output size", n)
        check_columns(select, "select_cols", lambda m: _op_error(m, n))
        if select and exclude:
            raise _op_error("Either select_cols or exclude_cols should be empty", n)
        check_columns(exclude, "exclude_cols", lambda m: _op_error(m, n))
        self._select = select or None
        self._exclude = exclude or None
        self._struct_cache = dstruct.Structure(tuple(
            TensorSpec._make(TensorShape([]), d) for d, _ in self._defaults))

    def _open(self, path: str) -> Any:
        return _CsvReader(path, self)

    def _kernel_text(self) -> str:
        return "CSVDatasetOp::Dataset"


# -- make_csv_dataset ---------------------------------------------------------------------

def _file_names(file_pattern: Any, shuffle: bool) -> list:
    patterns = [file_pattern] if isinstance(file_pattern, (str, bytes, os.PathLike)) else \
        list(file_pattern)
    names = []
    for p in patterns:
        p = os.fsdecode(p)
        found = gfile.matches(p)
        if not found:
            raise ValueError(f"No files match `file_pattern` {p}.")
        names.extend(found)
    return names if shuffle else sorted(names)


def _infer_type(value: str, na_value: str, prev: _dt.DType | None) -> _dt.DType | None:
    """The narrowest of int32, int64, float32, float64, string that holds `value` and every
    value seen before it (whose type is `prev`)."""
    if value in ("", na_value):
        return prev
    order = (_dt.int32, _dt.int64, _dt.float32, _dt.float64, _dt.string)
    for i, t in enumerate(order):
        if prev is not None and prev not in order[:i + 1]:
            continue
        if t is _dt.string or _fits(value, t):
            return t
    return _dt.string


def _fits(value: str, t: _dt.DType) -> bool:
    try:
        if t.is_integer:
            info = np.iinfo(t.as_numpy_dtype)
            return info.min <= int(value) <= info.max
        with np.errstate(over="ignore"):
            return bool(t.as_numpy_dtype(value) < np.inf)  # NaN and inf are strings here
    except (ValueError, OverflowError):
        return False


def _infer_types(names: list, columns: list, header: bool, delim: str, quote: bool,
                 na_value: str, rows: int, encoding: str) -> list:
    """Each column's type from the first `rows` records (read as TF does, with Python's csv);
    a column with no value there is int32."""
    types: list = [None] * len(columns)
    seen = 0
    for name in names:
        with open(name, encoding=encoding, newline="") as f:
            reader = csv.reader(f, delimiter=delim, quoting=csv.QUOTE_MINIMAL if quote else
                                csv.QUOTE_NONE)
            if header:
                next(reader, None)
            for row in reader:
                if seen >= rows:
                    break
                seen += 1
                for k, c in enumerate(columns):
                    if c < len(row):
                        types[k] = _infer_type(row[c], na_value, types[k])
        if seen >= rows:
            break
    return [t or _dt.int32 for t in types]


def _typed_default(t: _dt.DType) -> Any:
    """An inferred column's default: its type's zero (TF's, so a missing value reads 0)."""
    return convert_to_tensor([""] if t is _dt.string else [0], dtype=t)


def make_csv_dataset(file_pattern: Any, batch_size: int, column_names: Any = None,
                     column_defaults: Any = None, label_name: str | None = None,
                     select_columns: Any = None, field_delim: str = ",",
                     use_quote_delim: bool = True, na_value: str = "", header: bool = True,
                     num_epochs: int | None = None, shuffle: bool = True,
                     shuffle_buffer_size: int = 10000, shuffle_seed: int | None = None,
                     prefetch_buffer_size: Any = None, num_parallel_reads: Any = None,
                     sloppy: bool = False, num_rows_for_inference: int = 100,
                     compression_type: Any = None, ignore_errors: bool = False,
                     encoding: str = "utf-8") -> DatasetV2:
    """Batches of (features, label) or of features, each an OrderedDict of columns."""
    names = _file_names(file_pattern, shuffle)
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` or `header` arguments to be provided. "
                             "Received: column_names=None, header=False")
        with open(names[0], encoding=encoding, newline="") as f:
            column_names = next(csv.reader(f, delimiter=field_delim), [])
    column_names = list(column_names)
    if len(set(column_names)) != len(column_names):
        raise ValueError(f"Column names must be unique. Received: {column_names}")
    if select_columns is not None:
        idx = [c if isinstance(c, int) else column_names.index(c) if c in column_names else -1
               for c in select_columns]
        if -1 in idx or any(not 0 <= c < len(column_names) for c in idx):
            raise ValueError(f"Invalid `select_columns`: {select_columns}. Expected a subset "
                             f"of the columns: {column_names}")
        columns = sorted(idx)
    else:
        columns = list(range(len(column_names)))
    names_out = [column_names[c] for c in columns]
    if label_name is not None and label_name not in names_out:
        raise ValueError(f"`label_name` provided must be one of the columns: {names_out}. "
                         f"Received: {label_name}.")
    if column_defaults is None:
        types = _infer_types(names, columns, header, field_delim, use_quote_delim, na_value,
                             num_rows_for_inference, encoding)
        defaults = [_typed_default(t) for t in types]
    else:
        defaults = list(column_defaults)
        if len(defaults) != len(columns):
            raise ValueError(f"The number of `column_defaults` ({len(defaults)}) must match "
                             f"the number of selected columns ({len(columns)}).")

    def read(filename: Any) -> DatasetV2:
        return CsvDataset(filename, defaults, compression_type=compression_type, header=header,
                          field_delim=field_delim, use_quote_delim=use_quote_delim,
                          na_value=na_value,
                          select_cols=columns if select_columns is not None else None)

    ds = DatasetV2.from_tensor_slices(names)
    if shuffle:
        ds = ds.shuffle(len(names), seed=shuffle_seed)
    ds = ds.interleave(read, cycle_length=num_parallel_reads or 1, block_length=1)
    if ignore_errors:
        ds = ds.ignore_errors()
    if shuffle:
        ds = ds.shuffle(shuffle_buffer_size, seed=shuffle_seed)
    if num_epochs != 1:
        ds = ds.repeat(num_epochs)
    ds = ds.batch(batch_size, drop_remainder=num_epochs is None)

    def named(*cols: Any) -> Any:
        features = collections.OrderedDict(zip(names_out, cols))
        if label_name is None:
            return features
        label = features.pop(label_name)
        return features, label

    return ds.map(named).prefetch(prefetch_buffer_size or -1)


def _csv_compression(value: Any, columns: int) -> str:
    """CsvDataset's compression_type, a string tensor input of its op (checked when the
    dataset is made, as TF's op does)."""
    if value is None:
        return ""
    c = convert_to_tensor(value, _dt.string).numpy()
    c = c.decode("utf-8", "replace") if isinstance(c, bytes) else str(c)
    if c not in tfrecord.KNOWN:
        raise _op_error(f"Unsupported compression_type: {c}.", columns)
    return c
