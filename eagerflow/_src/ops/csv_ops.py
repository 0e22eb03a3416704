"""tf.io.decode_csv: the DecodeCSV op, CSV records (strings) to columns of tensors.

Ops layer, loaded on first use. A record is split on `field_delim` (one character); with
`use_quote_delim` a field may be quoted (it may then hold the delimiter, and `""` is a
quote). Each output column takes its dtype from its record default (float32, float64,
int32, int64 or string); an empty field, or one equal to `na_value`, takes the default,
and is an error where the default is empty. Numbers are read as TF reads them: integers
in base 10 (surrounding spaces allowed), floats as strtod does (nan, inf, exponents).
`select_cols` picks columns (strictly increasing). Errors name the field and the record.
"""

from __future__ import annotations

import csv
import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.stacking import stack

_OP = "DecodeCSV"
FIELD_TYPES = (dt.float32, dt.float64, dt.int32, dt.int64, dt.string)
_INT = re.compile(rb"\s*[+-]?[0-9]+\s*")
_FLOAT = re.compile(rb"\s*[+-]?(([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|nan|inf|infinity)"
                    rb"\s*", re.IGNORECASE)
TYPE_WORD = {dt.float32: "float", dt.float64: "double", dt.int32: "int32", dt.int64: "int64"}


def _infer(records: Any, *defaults: Any, field_delim: str, use_quote_delim: bool,
           na_value: str, select_cols: tuple) -> list:
    C.check_string(_OP, records)
    field_delim, na_value = C.string_arg(field_delim, "field_delim"), C.string_arg(
        na_value, "na_value")
    select_cols = AV.int_list(select_cols, "select_cols")
    graph = _state.graph is not None
    C.list_attr_at_least(_OP, "OUT_TYPE", len(defaults), 1)
    for i, d in enumerate(defaults):
        if d._dtype not in FIELD_TYPES:
            raise C.fail(_OP, f"Value for attr 'OUT_TYPE' of {C.dtype_word(d._dtype)} is not "
                              "in the list of allowed values: float, double, int32, int64, "
                              f"string\n\t; NodeDef: {{{{node {_OP}}}}}")
        if graph:
            _shape_fn_default(d._shape)
        else:
            _check_default(i, d._shape)
    # (the kernel's check, made as it is built: when it runs, in a graph)
    if not graph and len(field_delim.encode()) != 1:
        raise C.fail(_OP, "field_delim should be only 1 char")
    return [(records._shape, d._dtype) for d in defaults]


def _check_default(i: int, shape: tuple | None) -> None:
    """TF's kernel's checks of record default `i`'s shape: a scalar, or a vector of at
    most one value (none: the field is required)."""
    if shape is None:
        return
    if len(shape) > 1:
        raise C.fail(_OP, "Each record default should be at most rank 1")
    if shape and shape[0] is not None and shape[0] > 1:
        raise C.fail(_OP, f"There should only be 1 default per field but field {i} has "
                          f"{shape[0]}")


def _shape_fn_default(shape: tuple | None) -> None:
    """TF's shape function's check of a record default's shape (its ValueError as the
    graph is built)."""
    if shape is None:
        return
    if len(shape) > 1:
        raise C.fail(_OP, f"Shape must be at most rank 1 but is rank {len(shape)}")
    if shape and shape[0] is not None and shape[0] > 1:
        raise C.fail(_OP, "Shape of a default must be a length-0 or length-1 vector, or a "
                          "scalar.")


def _check_select(select_cols: list, outputs: int) -> None:
    """TF's kernel's checks of select_cols (when it runs, in a graph too)."""
    if any(b <= a for a, b in zip(select_cols, select_cols[1:])):
        raise C.fail(_OP, "select_cols should be strictly increasing indices")
    if select_cols and select_cols[0] < 0:
        raise C.fail(_OP, "select_cols should be non-negative indices")
    if select_cols and len(select_cols) != outputs:
        raise C.fail(_OP, "select_cols should match output size")


def read_quoted(buf: bytes, start: int) -> tuple:
    """The quoted field whose opening quote is at `start`, unescaped (`""` is a quote), and
    the index just past its closing quote; (None, -1) when no closing quote comes. Shared
    with CsvDataset, whose quoted fields may span lines."""
    parts, j = [], start + 1
    while True:
        k = buf.find(b'"', j)
        if k < 0:
            return None, -1
        parts.append(buf[j:k])
        if buf[k + 1:k + 2] != b'"':
            return b"".join(parts), k + 1
        parts.append(b'"')
        j = k + 2


def _split(record: bytes, delim: bytes, quote: bool) -> list:
    """The fields of one record (none for an empty one)."""
    fields: list = []
    i, n = 0, len(record)
    if n == 0:
        return fields
    while True:
        if quote and record[i:i + 1] == b'"':
            field, i = read_quoted(record, i)
            if field is None:
                raise C.fail(_OP, "Quoted field has to end with quote followed by delim or "
                                  "end")
            fields.append(field)
            if i == n:
                return fields
            if record[i:i + 1] != delim:
                raise C.fail(_OP, "Quote inside a string has to be escaped by another quote")
            i += 1
            continue
        d = record.find(delim, i)
        field = record[i:] if d < 0 else record[i:d]
        # (a line break ends a record: a field holds one only quoted)
        if (quote and b'"' in field) or b"\n" in field or b"\r" in field:
            raise C.fail(_OP, "Unquoted fields cannot have quotes/CRLFs inside")
        fields.append(field)
        if d < 0:
            return fields
        i = d + 1


def parse_field(field: bytes, dtype: dt.DType) -> Any:
    """A non-empty field's value as TF's CSV parser reads it for `dtype`, or None where it
    is not a valid number of that type (integers in base 10 within range, floats as strtod
    reads them). Shared with CsvDataset."""
    if dtype is dt.string:
        return field
    if not (_INT if dtype.is_integer else _FLOAT).fullmatch(field):
        return None
    if not dtype.is_integer:
        return float(field)
    v = int(field)
    info = np.iinfo(dtype.as_numpy_dtype)
    return v if info.min <= v <= info.max else None


def _value(field: bytes, f: int, r: int, dtype: dt.DType) -> Any:
    v = parse_field(field, dtype)
    if v is None:
        raise C.fail(_OP, f"Field {f} in record {r} is not a valid {TYPE_WORD[dtype]}: "
                          f"{field.decode('utf-8', 'replace')}")
    return v


def _kernel(xp: Any, records: Any, *defaults: Any, field_delim: str, use_quote_delim: bool,
            na_value: str, select_cols: tuple) -> tuple:
    if len(C.string_arg(field_delim, "field_delim").encode()) != 1:
        raise C.fail(_OP, "field_delim should be only 1 char")
    select_cols = AV.int_list(select_cols, "select_cols")
    _check_select(select_cols, len(defaults))
    for i, default in enumerate(defaults):
        _check_default(i, np.shape(default))
    flat = np.asarray(records, dtype=object).reshape(-1)
    cols = [[] for _ in defaults]
    delim = C.string_arg(field_delim, "field_delim").encode()
    na = C.string_arg(na_value, "na_value").encode()
    wanted = list(select_cols) if select_cols else list(range(len(defaults)))
    for r, record in enumerate(flat):
        fields = _split(bytes(record), delim, use_quote_delim)
        if select_cols:
            if len(fields) <= wanted[-1]:  # (TF counts the selected columns found)
                found = sum(c < len(fields) for c in wanted)
                raise C.fail(_OP, f"Expect {len(wanted)} fields but have {found} in "
                                  f"record {r}")
            fields = [fields[c] for c in wanted]
        elif len(fields) != len(defaults):
            raise C.fail(_OP, f"Expect {len(defaults)} fields but have {len(fields)} in "
                              f"record {r}")
        for f, (field, default) in enumerate(zip(fields, defaults)):
            if field == b"" or field == na:
                if default.size == 0:
                    raise C.fail(_OP, f"Field {f} is required but missing in record {r}!")
                cols[f].append(default.reshape(-1)[0])
            else:
                cols[f].append(_value(field, f, r, dt.as_dtype(default.dtype) if
                                      default.dtype != object else dt.string))
    out = []
    for col, default in zip(cols, defaults):
        arr = np.empty(len(col), dtype=object) if default.dtype == object else \
            np.asarray(col, dtype=default.dtype).reshape(-1)
        if default.dtype == object:
            arr[:] = [bytes(v) for v in col]
        out.append(arr.reshape(np.shape(records)))
    return tuple(out)


def _ref(records: Any, *defaults: Any, field_delim: str, use_quote_delim: bool,
         na_value: str, select_cols: tuple) -> tuple:
    """By Python's csv module (the samples have no malformed records)."""
    rows = [next(csv.reader([bytes(r).decode()], delimiter=field_delim,
                            quoting=csv.QUOTE_MINIMAL if use_quote_delim else csv.QUOTE_NONE))
            for r in np.asarray(records, dtype=object).reshape(-1)]
    out = []
    for k, default in enumerate(defaults):
        c = select_cols[k] if select_cols else k
        vals = [row[c] for row in rows]
        filled = [default.reshape(-1)[0] if v in ("", na_value) else v for v in vals]
        if default.dtype == object:
            arr = np.empty(len(filled), dtype=object)
            arr[:] = [v.encode() if isinstance(v, str) else bytes(v) for v in filled]
        else:
            arr = np.asarray([float(v) if default.dtype.kind == "f" else int(v)
                              for v in filled], dtype=default.dtype)
        out.append(arr.reshape(np.shape(records)))
    return tuple(out)


def _s(*values: Any) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


_RECORDS = _s(b'1,2.5,abc,7', b'4,,"x,y",-3', b' 5 ,1e3,"a""b",NA', b"-2,nan,,8")
_DEFAULTS = (np.array([0], np.int32), np.array([1.0], np.float32), _s(b"d"),
             np.array([9], np.int64))
_ATTRS = {"field_delim": ",", "use_quote_delim": True, "na_value": "NA", "select_cols": ()}

DECODE_CSV = register(OpDef(
    _OP, _infer, _kernel, reference=_ref, num_outputs=-1, gpu=False,
    arity=lambda ins, attrs: {"OUT_TYPE": len(ins) - 1},  # (the records, then the defaults)
    samples=lambda: [
        Sample((_RECORDS,) + _DEFAULTS, dict(_ATTRS), grad=False),
        Sample((_RECORDS.reshape(2, 2), np.array([1.5], np.float64), np.array([0], np.int64)),
               {**_ATTRS, "select_cols": (1, 3)}, grad=False),
        Sample((_s(b"1;x", b"2;y"), np.array([0], np.int32), _s(b"")),
               {**_ATTRS, "field_delim": ";", "use_quote_delim": False}, grad=False)],
    bad_samples=lambda: [
        BadSample((_s(b"1,2"),) + _DEFAULTS[:1] * 3, dict(_ATTRS), InvalidArgumentError,
                  "Expect 3 fields but have 2 in record 0"),
        BadSample((_s(b"1,x"), _DEFAULTS[0], _DEFAULTS[0]), dict(_ATTRS),
                  InvalidArgumentError, "Field 1 in record 0 is not a valid int32: x"),
        BadSample((_s(b"1,"), _DEFAULTS[0], np.array([], np.int32)), dict(_ATTRS),
                  InvalidArgumentError, "Field 1 is required but missing in record 0!"),
        BadSample((_s(b'"ab'), _s(b"")), dict(_ATTRS), InvalidArgumentError,
                  "Quoted field has to end with quote followed by delim or end"),
        BadSample((_s(b'a,"b"x'), _s(b""), _s(b"")), dict(_ATTRS), InvalidArgumentError,
                  "Quote inside a string has to be escaped by another quote"),
        BadSample((_s(b"1,2"), _DEFAULTS[0], _DEFAULTS[0]), {**_ATTRS, "field_delim": ";;"},
                  InvalidArgumentError, "field_delim should be only 1 char"),
        BadSample((_s(b"99999999999"), _DEFAULTS[0]), dict(_ATTRS), InvalidArgumentError,
                  "Field 0 in record 0 is not a valid int32: 99999999999"),
        BadSample((_s(b"1"), np.array([True])), dict(_ATTRS), InvalidArgumentError,
                  "Value for attr 'OUT_TYPE' of bool is not in the list of allowed values")],
))


@dispatch_binding
@eager_api("records", "record_defaults")
def decode_csv(records: Any, record_defaults: Any, field_delim: str = ",",
               use_quote_delim: bool = True, na_value: str = "", select_cols: Any = None,
               name: str | None = None) -> list:
    """The columns of CSV `records`, one tensor per record default (its dtype and value)."""
    if select_cols is not None:
        # (TF reads the first column before any other check: an empty list's IndexError;
        # only the first may be negative, the next ones then not increasing)
        if int(select_cols[0]) < 0:
            raise ValueError("select_cols contains negative values.")
        select_cols = [int(c) for c in select_cols]
        if any(b <= a for a, b in zip(select_cols, select_cols[1:])):
            raise ValueError("select_cols is not strictly increasing.")
        if len(select_cols) != len(record_defaults):
            raise ValueError("Length of select_cols and record_defaults do not match.")
    defaults = tuple(stack(d) if isinstance(d, (list, tuple)) and any(
        isinstance(x, Tensor) for x in d) else convert_to_tensor(d) for d in record_defaults)
    records = records if isinstance(records, Tensor) else convert_to_tensor(records,
                                                                           dtype=dt.string)
    out = bind(DECODE_CSV, (records,) + defaults,
               {"field_delim": field_delim, "use_quote_delim": bool(use_quote_delim),
                "na_value": na_value, "select_cols": tuple(select_cols or ())}, name)
    return list(out)
