"""tf.lookup: hash tables from keys to values, static and mutable.

Ops layer, after the ragged modules and table_handles.py. A table's contents live in a
`TableState` (or, for DenseHashTable, a `DenseTableState`: table_state.py) outside any
graph, as a variable's value does, kept in core/resource.py's RESOURCES; the table's
`resource_handle` is TF's resource tensor naming it (table_handles.py). The ops that read
or change a table take that handle as their first input, as TF's do: LookupTableFindV2,
LookupTableInsertV2, LookupTableRemoveV2, LookupTableSizeV2, LookupTableExportV2,
LookupTableImportV2 and InitializeTableFromTextFileV2. They are stateful, so graphs keep
them in program order, and a tf.function or a tf.data map that uses a table reads it when
it runs (a captured table is taken by reference, named as TF's graphs name it). In a TF 1
graph a StaticHashTable of a KeyValueTensorInitializer and a MutableHashTable are TF's
nodes (a creator, the initializer's LookupTableImportV2 in the "table_initializer"
collection), their tables made in the Session that runs them. Ragged and sparse keys are
looked up through their values. Mutable tables save their keys and
values in checkpoints as TF does ("table-keys", "table-values").
"""

from __future__ import annotations

import os
import uuid
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.asset import Asset
from eagerflow._src.core.context import _state
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.errors import (
    AbortedError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    OpError,
    OutOfRangeError,
    UnimplementedError,
)
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.resource import RESOURCES, TrackableResource
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.trackable import Trackable
from eagerflow._src.io.file_errors import local_path, os_error
from eagerflow._src.io.filesystems import is_ram_name
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import table_refs as R
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import tf_constant_value
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.hash_ops import to_hash_bucket_fast
from eagerflow._src.ops.math import add, equal
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.registry import OpDef, TFForm, register
from eagerflow._src.ops.string_format import as_string
from eagerflow._src.ops.table_handles import (
    ANONYMOUS_CREATORS,
    KERNELS,
    ShapedTable,
    anonymous_handle,
    check_kernel,
    check_signature,
    create_in_graph,
    dense_attrs,
    fill,
    held,
    initialize,
    known_state,
    new_handle,
    run_on_table,
    state_of,
    table_uid,
    text,
)
from eagerflow._src.ops.table_state import DenseTableState, TableState, np_dtype

__all__ = ["KERNELS", "check_kernel", "TableState"]

# ---------------------------------------------------------------------------------------
# Ops.
# ---------------------------------------------------------------------------------------

def _key_shape(op: str, t: TableState, keys: Any) -> tuple | None:
    """The keys' shape before the table's key shape (None when unknown), checked."""
    shape, ks = keys._shape, t.key_shape
    if shape is None:
        return None
    if len(shape) < len(ks) or any(a is not None and a != b
                                   for a, b in zip(shape[len(shape) - len(ks):], ks)):
        raise C.fail(op, f"Input key shape {C.shape_str(shape)} must end with the table's "
                         f"key shape {C.shape_str(ks)}")
    return tuple(shape[:len(shape) - len(ks)])


def _find_infer(h: Any, keys: Any, default: Any) -> list:
    op = "LookupTableFindV2"
    t = known_state(op, h)
    if t is None:  # (a handle known when the graph runs: TF's unknown shape)
        return [(None, default._dtype)]
    check_signature(op, t, [keys, default], 1)
    lead = _key_shape(op, t, keys)
    # (eagerly before the op runs; traced, TF's kernel checks it when the graph runs)
    if lead is not None and default._shape is not None and None not in lead and \
            _state.graph is None:
        _check_default(t, lead, tuple(default._shape))
    if not isinstance(h, (EagerTensor, ShapedTable)):
        return [(None, t.value_dtype)]  # (TF's shape function: a handle of no data)
    return [(None if lead is None else lead + t.value_shape, t.value_dtype)]


def _check_default(t: TableState, lead: tuple, shape: tuple) -> None:
    """A lookup's default: one value, or one per key (keys of shape `lead`)."""
    full = lead + t.value_shape
    if shape not in (t.value_shape, full):
        raise C.fail("LookupTableFindV2", f"Expected shape {C.shape_str(t.value_shape)} or "
                                          f"{C.shape_str(full)} for default value, got "
                                          f"{C.shape_str(shape)}")


def _check_values(op: str, t: TableState, keys: tuple, values: tuple) -> None:
    """An insert's (or import's) values: one per key (keys of shape `keys`)."""
    want = t.import_value_shape(keys) if op == "LookupTableImportV2" else \
        keys[:len(keys) - len(t.key_shape)] + t.value_shape
    if values != want:
        raise C.fail(op, f"Expected shape {C.shape_str(want)} for value, got "
                         f"{C.shape_str(values)}")


def _find_kernel(xp: Any, h: Any, keys: Any, default: Any) -> Any:
    t = state_of("LookupTableFindV2", h)
    if not t.initialized:
        raise FailedPreconditionError(None, None, "Table not initialized. "
                                                  "[Op:LookupTableFindV2]")
    _check_default(t, keys.shape[:keys.ndim - len(t.key_shape)], np.shape(default))
    return t.find(keys, default)


def _kv_infer(op: str, h: Any, keys: Any, values: Any) -> None:
    t = known_state(op, h)
    if t is None:
        return
    check_signature(op, t, [keys, values], 0)
    _key_shape(op, t, keys)
    # (eagerly before the op runs; traced, TF's kernel checks them when the graph runs)
    if keys._shape is not None and values._shape is not None and None not in keys._shape \
            and _state.graph is None:
        _check_values(op, t, tuple(keys._shape), tuple(values._shape))


def _mutable(op: str, table: TableState) -> None:
    if not table.mutable:
        verb = op[len("LookupTable"):-len("V2")]
        raise UnimplementedError(None, None, f"{verb} not supported by "
                                             f"InitializableLookupTable implementations "
                                             f"[Op:{op}]")


def _insert_kernel(xp: Any, h: Any, keys: Any, values: Any) -> tuple:
    table = state_of("LookupTableInsertV2", h)
    _mutable("LookupTableInsertV2", table)
    _check_values("LookupTableInsertV2", table, keys.shape, values.shape)
    table.insert(keys, values)
    return ()


def _import_kernel(xp: Any, h: Any, keys: Any, values: Any) -> tuple:
    table = state_of("LookupTableImportV2", h)
    _check_values("LookupTableImportV2", table, keys.shape, values.shape)
    table.import_(keys, values)
    table.initialized = True
    return ()


def _remove_kernel(xp: Any, h: Any, keys: Any) -> tuple:
    table = state_of("LookupTableRemoveV2", h)
    _mutable("LookupTableRemoveV2", table)
    table.remove(keys)
    return ()


def _form(op: Any, attrs: tuple = ()) -> TFForm:
    """The TF form of an op on a table: TF's node of the same inputs (the table's handle
    first); a raw call or an imported node takes the handle as it is."""
    def load(node: Any) -> Any:
        a = node.attrs
        return run_on_table(op(), node.inputs[0], tuple(node.inputs[1:]),
                            {k: a[k] for k in attrs if k in a})
    return TFForm(load=load, takes_handles=True)


LOOKUP_FIND = register(OpDef(
    "LookupTableFindV2", _find_infer, _find_kernel, reference=R.find_ref, stateful=True,
    gpu=False, tf=_form(lambda: LOOKUP_FIND), samples=R.find_samples,
    bad_samples=R.find_bad_samples,
))


def _size_infer(h: Any) -> list:
    known_state("LookupTableSizeV2", h)
    return [((), dt.int64)]


def _export_infer(h: Any, *, Tkeys: Any = None, Tvalues: Any = None) -> list:  # noqa: N803
    op = "LookupTableExportV2"
    Tkeys = None if Tkeys is None else C.dtype_attr(op, Tkeys, "Tkeys")  # noqa: N806
    Tvalues = None if Tvalues is None else C.dtype_attr(op, Tvalues, "Tvalues")  # noqa: N806
    t = known_state(op, h)
    if t is None:
        return [(None, dt.as_dtype(Tkeys)), (None, dt.as_dtype(Tvalues))]
    if (Tkeys is not None and dt.as_dtype(Tkeys) is not t.key_dtype) or \
            (Tvalues is not None and dt.as_dtype(Tvalues) is not t.value_dtype):
        # (TF 2.21's kernel aborts the process here: eagerflow refuses the call)
        have = (Tkeys or t.key_dtype, Tvalues or t.value_dtype)
        raise C.fail(op, f"Signature mismatch, have: resource->{C.dtype_word(have[0])}, "
                         f"{C.dtype_word(have[1])} expected: resource->"
                         f"{C.dtype_word(t.key_dtype)}, {C.dtype_word(t.value_dtype)}")
    keys, values = t.export_shapes()
    if not isinstance(h, EagerTensor):
        keys, values = None, None
    return [(keys, t.key_dtype), (values, t.value_dtype)]


def _export_kernel(xp: Any, h: Any, **attrs: Any) -> tuple:
    t = state_of("LookupTableExportV2", h)
    if not t.initialized:
        raise AbortedError(None, None, "HashTable is not initialized. "
                                       "[Op:LookupTableExportV2]")
    return t.export()


def _size_kernel(xp: Any, h: Any) -> np.int64:
    t = state_of("LookupTableSizeV2", h)
    # (a static table refused at a repeated key keeps the keys before it, but counts none
    # until it is initialized, as TF's)
    return np.int64(t.size() if t.initialized else 0)


LOOKUP_SIZE = register(OpDef(
    "LookupTableSizeV2", _size_infer,
    _size_kernel, reference=R.size_ref,
    stateful=True, gpu=False, tf=_form(lambda: LOOKUP_SIZE), samples=R.size_samples,
))

LOOKUP_EXPORT = register(OpDef(
    "LookupTableExportV2", _export_infer, _export_kernel, num_outputs=2, stateful=True,
    reference=R.export_ref, gpu=False, tf=_form(lambda: LOOKUP_EXPORT, ("Tkeys", "Tvalues")),
    samples=R.export_samples,
))


def _insert_infer(h: Any, keys: Any, values: Any) -> list:
    _kv_infer("LookupTableInsertV2", h, keys, values)
    return []


def _import_infer(h: Any, keys: Any, values: Any) -> list:
    _kv_infer("LookupTableImportV2", h, keys, values)
    return []


LOOKUP_INSERT = register(OpDef(
    "LookupTableInsertV2", _insert_infer, _insert_kernel, num_outputs=0, stateful=True,
    gpu=False, tf=_form(lambda: LOOKUP_INSERT), reference=R.insert_ref,
    samples=R.insert_samples, bad_samples=R.insert_bad_samples,
))

LOOKUP_IMPORT = register(OpDef(
    "LookupTableImportV2", _import_infer, _import_kernel, num_outputs=0, stateful=True,
    gpu=False, tf=_form(lambda: LOOKUP_IMPORT), reference=R.import_ref,
    samples=R.import_samples, bad_samples=R.import_bad_samples,
))


def _remove_infer(h: Any, keys: Any) -> list:
    op = "LookupTableRemoveV2"
    t = known_state(op, h)
    if t is not None:
        check_signature(op, t, [keys], 0)
        _key_shape(op, t, keys)
    return []


LOOKUP_REMOVE = register(OpDef(
    "LookupTableRemoveV2", _remove_infer, _remove_kernel, num_outputs=0, stateful=True,
    gpu=False, tf=_form(lambda: LOOKUP_REMOVE), reference=R.remove_ref,
    samples=R.remove_samples, bad_samples=R.remove_bad_samples,
))


# ---------------------------------------------------------------------------------------
# Initializers.
# ---------------------------------------------------------------------------------------

class TextFileIndex:
    WHOLE_LINE = -2
    LINE_NUMBER = -1


class KeyValueTensorInitializer(Trackable):
    """`tf.lookup.KeyValueTensorInitializer(keys, values, key_dtype=None, value_dtype=None)`."""

    def __init__(self, keys: Any, values: Any, key_dtype: Any = None, value_dtype: Any = None,
                 name: str | None = None) -> None:
        self._keys = _as_tensor(keys, key_dtype, "keys")
        self._values = _as_tensor(values, value_dtype, "values")
        self.key_dtype, self.value_dtype = self._keys.dtype, self._values.dtype
        self._name = name

    def _arrays(self) -> tuple:
        return _known_array(self._keys), _known_array(self._values)


def _known_array(t: Tensor) -> np.ndarray:
    """The array an initializer's keys or values hold: an eager tensor's, or a constant's
    traced in a tf.function (a table made there is filled as it is traced)."""
    if isinstance(t, EagerTensor):
        return t._arr
    value = tf_constant_value(t)
    if value is None:
        raise ValueError("Lookup tables are initialized eagerly: create the table outside "
                         "tf.function")
    return np.asarray(value, dtype=np_dtype(t.dtype)).reshape(tuple(t.shape))


def _as_tensor(value: Any, dtype: Any, what: str | None) -> Tensor:
    """`value` converted to `dtype`; a tensor of another dtype refused in the words of
    TF's conversion, which name `what` where TF's converts it by that name."""
    d = None if dtype is None else dt.as_dtype(dtype)
    if isinstance(value, Tensor):
        if d is not None and value.dtype is not d:
            named = "" if what is None else f"{what}: "
            raise ValueError(f"{named}Tensor conversion requested dtype {d.name} for Tensor "
                             f"with dtype {value.dtype.name}: {value!r}")
        return value
    return convert_to_tensor(value, dtype=d)


class TextFileInitializer(Trackable):
    """`tf.lookup.TextFileInitializer(filename, key_dtype, key_index, value_dtype,
    value_index, vocab_size=None, delimiter='\\t')`: keys and values from the columns of
    a text file (or the whole line, or the line number). The file is an Asset (child
    "_filename", as TF's), so a SavedModel carries it in assets/."""

    def __init__(self, filename: Any, key_dtype: Any, key_index: int, value_dtype: Any,
                 value_index: int, vocab_size: int | None = None, delimiter: str = "\t",
                 name: str | None = None, value_index_offset: int = 0) -> None:
        if not isinstance(filename, Tensor) and not filename:
            raise ValueError("`filename` argument required for tf.lookup.TextFileInitializer")
        self.key_dtype, self.value_dtype = dt.as_dtype(key_dtype), dt.as_dtype(value_dtype)
        for what, index, d, dot in (("key", key_index, self.key_dtype, "."),
                                    ("value", value_index, self.value_dtype, "")):
            if index < TextFileIndex.WHOLE_LINE:  # (TF ends only the first with a period)
                raise ValueError(f"`{what}_index` should be >= -2, received: {index}{dot}")
            if index == TextFileIndex.LINE_NUMBER and d is not dt.int64:
                raise ValueError(f"`{what}_dtype` must be int64 "
                                 f"{'if `key_index` is' if what == 'key' else 'for `value_index`'}"
                                 f" {index}, received: {d}")
            if index == TextFileIndex.WHOLE_LINE and not d.is_integer and d is not dt.string:
                raise ValueError(f"`{what}_dtype` should be either integer or string for "
                                 f"`{what}_index` {index}, received: {d}")
        if vocab_size is not None and vocab_size <= 0:
            raise ValueError(f"`vocab_size` should be > 0, received: {vocab_size}")
        self._key_index, self._value_index = key_index, value_index
        self._vocab_size, self._delimiter = vocab_size, delimiter
        self._offset = value_index_offset
        self._name = name
        if isinstance(filename, Asset):  # (TF's guides pass a tf.saved_model.Asset)
            self._filename_arg = filename._path
            self._filename = self._track("_filename", filename)
        else:
            self._filename_arg = filename
            self._filename = self._track("_filename", Asset(filename))

    def _shared_name(self) -> str:
        """TF's shared name of the table this initializer fills (tables of one file and
        columns are one resource in a process, as in TF's resource manager)."""
        name = f"hash_table_{text(self._filename_arg)}"
        if self._vocab_size:
            name += f"_{int(self._vocab_size)}"
        name += f"_{self._key_index}_{self._value_index}"
        return name + (f"_{self._offset}" if self._offset else "")

    def _arrays(self) -> tuple:
        return read_text_file(self._filename.path_of("InitializeTableFromTextFileV2"),
                              self._key_index, self.key_dtype,
                              self._value_index, self.value_dtype, self._vocab_size,
                              self._delimiter, self._offset)


# The dtypes TF's text file initializer parses a column as (besides strings)
_TEXT_NUMBERS = frozenset((dt.int32, dt.int64, dt.float32, dt.float64))


def delimiter_attr(delimiter: Any, op: str = "InitializeTableFromTextFileV2") -> str:
    """The delimiter as TF's text file initializer op takes its attr: a string (None: the
    default tab) of exactly one byte."""
    if delimiter is None:
        return "\t"
    if not isinstance(delimiter, (str, bytes)):
        raise TypeError(f"Expected string for argument 'delimiter' not {delimiter!r}.")
    if isinstance(delimiter, bytes):
        delimiter = delimiter.decode("utf-8", "surrogateescape")
    if len(delimiter.encode("utf-8", "surrogateescape")) != 1:
        raise C.fail(op, "delimiter should be only 1 char")
    return delimiter


def read_text_file(filename: str, key_index: int, key_dtype: dt.DType, value_index: int,
                   value_dtype: dt.DType, vocab_size: int | None, delimiter: str,
                   offset: int, op: str = "InitializeTableFromTextFileV2") -> tuple:
    """(keys, values) of a table from the columns of a text file (a column, the whole
    line, or the line number plus `offset`), as TF's InitializeTableFromTextFileV2 (or
    `op`, which fills a table the same way)."""
    delimiter = delimiter_attr(delimiter, op)
    filename = local_path(filename, op=op)
    try:
        with open(filename, "rb") as f:
            raw = f.read()
    except (OSError, ValueError) as e:  # ValueError: a name with a NUL byte
        if isinstance(e, OSError) and is_ram_name(filename):
            raise os_error(e, filename, op) from e
        raise NotFoundError(None, None, f"{filename}; No such file or directory "
                                        f"[Op:{op}]") from e
    if not raw:  # (TF's line reader fails on an empty file)
        raise OutOfRangeError(None, None, f"Read less bytes than requested [Op:{op}]")
    pieces = raw.split(b"\n")
    if pieces[-1] == b"":  # (a file that ends its last line has no line after it)
        pieces.pop()
    # where TF's reader stands after each line (past its newline): its empty-line error
    ends = np.minimum(np.cumsum([len(p) + 1 for p in pieces]), len(raw)).tolist()
    # (TF's line reader takes "\r\n" as the end of a line too)
    lines = [p.decode("utf-8", "replace") for p in pieces]
    lines = [ln[:-1] if ln.endswith("\r") else ln for ln in lines]
    if vocab_size is not None:
        lines = lines[:vocab_size]
    split = key_index >= 0 or value_index >= 0  # (TF splits no line for its number alone)
    need = max(key_index, value_index) + 1

    def column(line: str, cols: list, number: int, index: int, d: dt.DType) -> Any:
        if index == TextFileIndex.LINE_NUMBER:
            # (TF adds them as int64s: past its maximum the sum wraps)
            return (number + offset + 2**63) % 2**64 - 2**63
        text = line if index == TextFileIndex.WHOLE_LINE else cols[index]
        if d is dt.string:
            return text.encode()
        if d not in _TEXT_NUMBERS:  # (TF's line reader parses these kinds of number only)
            raise C.fail(op, f"Data type {dtype_word(d)} not supported.")
        try:
            return float(text) if d.is_floating else int(text)
        except ValueError:
            raise C.fail(op, f"Field {text} in line {number} is not a valid "
                             f"{d.name}.") from None

    keys, values = [], []
    for number, line in enumerate(lines):  # (TF's order: each line's checks, in turn)
        if not line:
            raise C.fail(op, f"Invalid content in {filename}: empty line found at position "
                             f"{ends[number]}.")
        cols = (line.split(delimiter) if delimiter else line.split()) if split else []
        if split and len(cols) < need:
            raise C.fail(op, f"Invalid number of columns in {filename} line {number} "
                             f"({line}) : expected at least {need} got {len(cols)}")
        keys.append(column(line, cols, number, key_index, key_dtype))
        values.append(column(line, cols, number, value_index, value_dtype))
    if vocab_size is not None and len(lines) < vocab_size:
        raise C.fail(op, f"Invalid vocab_size in {filename}: expected {vocab_size} but "
                         f"got {len(lines)}")
    return (np.array(keys, np_dtype(key_dtype)).reshape(-1),
            np.array(values, np_dtype(value_dtype)).reshape(-1))


def _text_init_infer(h: Any, filename: Any, *, key_index: int, value_index: int,
                     vocab_size: int = -1, delimiter: str = "\t", offset: int = 0) -> list:
    op = "InitializeTableFromTextFileV2"
    known_state(op, h)
    if filename._dtype is not dt.string or (filename._shape is not None and filename._shape):
        raise C.fail(op, f"filename should be a single string, got a {filename._dtype.name} "
                         f"tensor of shape {C.shape_str(filename._shape)}")
    for what, index in (("key", key_index), ("value", value_index)):
        if index < TextFileIndex.WHOLE_LINE:
            raise C.fail(op, f"Invalid {what}_index {index}")
    return []


def _text_init_kernel(xp: Any, h: Any, filename: Any, *, key_index: int, value_index: int,
                      vocab_size: int = -1, delimiter: str = "\t", offset: int = 0) -> tuple:
    op = "InitializeTableFromTextFileV2"
    table = state_of(op, h)
    name = filename[()]
    keys, values = read_text_file(os.fsdecode(name) if isinstance(name, bytes) else str(name),
                                  key_index, table.key_dtype, value_index, table.value_dtype,
                                  None if vocab_size == -1 else vocab_size, delimiter, offset)
    initialize(op, table, keys, values)
    return ()


INIT_FROM_TEXT = register(OpDef(
    "InitializeTableFromTextFileV2", _text_init_infer, _text_init_kernel, num_outputs=0,
    stateful=True, gpu=False, reference=R.text_init_ref, samples=R.text_init_samples,
    bad_samples=R.text_init_bad_samples,
    tf=_form(lambda: INIT_FROM_TEXT, ("key_index", "value_index", "vocab_size", "delimiter",
                                      "offset")),
))


# ---------------------------------------------------------------------------------------
# Tables.
# ---------------------------------------------------------------------------------------

class _Table(TrackableResource):
    # (TF's static hash table looks up a ragged key's outer values: deeper levels are
    # ragged tensors, which its op's conversion refuses)
    _outer_values_only = False
    """What every table has: dtypes, a name, lookup of dense, ragged or sparse keys. A
    TrackableResource, as TF's tables are (its handle: the table's state)."""

    _state: TableState
    _default: Tensor
    _sets_shape = True  # (a static table's lookup knows its result's shape in graphs)
    _scopes: dict = {}  # TF's name scopes of the methods, where not "<...>_Lookup"/"_Export"

    @property
    def key_dtype(self) -> dt.DType:
        return self._state.key_dtype

    @property
    def value_dtype(self) -> dt.DType:
        return self._state.value_dtype

    @property
    def name(self) -> str | None:
        return self._name

    @property
    def resource_handle(self) -> EagerTensor:
        """The table's handle: a resource tensor naming it (TF's LookupInterface)."""
        return self._handle

    def _own_handle(self, name: str) -> None:
        """Keeps the table in RESOURCES as `name` (released with this object, as TF's
        eager tables are)."""
        object.__setattr__(self, "_handle", new_handle(self._state, name))
        object.__setattr__(self, "_created_eagerly", True)

    def _own_anonymous_handle(self) -> None:
        """An anonymous table's handle, owning it (experimental_is_anonymous=True: TF's
        Anonymous*Table ops, named "Resource-<n>-at-0x..." in the "Anonymous" container)."""
        object.__setattr__(self, "_handle", anonymous_handle(self._state))
        object.__setattr__(self, "_created_eagerly", True)

    def _release_handle(self) -> None:
        hh = held(self.__dict__.get("_handle"))
        if hh is not None and RESOURCES.lookup(hh.container, hh.name) is self._state:
            RESOURCES.delete(hh.container, hh.name)

    def _graph_node(self, graph: Any, op: str, attrs: dict, name: str | None) -> None:
        """A TF 1 graph's table: the default's Const (made before the table, as TF's), then
        its creator node `op`, whose name TF's methods give the table ("hash_table_1_Lookup")."""
        if type(self._default) is EagerTensor:
            self._default = graph.constant(self._default.numpy(), attrs["value_dtype"], "Const")
        self._handle = create_in_graph(op, attrs, name)
        self._name = self._node_name = self._handle._op.name.rsplit("/", 1)[-1]

    def _on_table(self, op: OpDef, inputs: tuple, attrs: dict | None = None,
                  name: str | None = None, scope: str = "Lookup") -> Any:
        """`op` on this table; in a graph, in TF's name scope of the method ("None_Lookup":
        an eagerly made table's name is None to TF's methods; a TF 1 graph's table's is
        its node's, "hash_table_Lookup")."""
        if _state.graph is None:
            out = run_on_table(op, self._handle, inputs, attrs or {}, name)
            return None if op.num_outputs == 0 else out
        with name_scope(name or f"{self.__dict__.get('_node_name')}_{scope}"):
            out = run_on_table(op, self._handle, inputs, attrs or {})
        # (an op of no outputs is its Operation in a graph, as TF's method returns it)
        return _state.graph.operations[-1] if op.num_outputs == 0 else out

    def _keys(self, keys: Any) -> Tensor:
        if not hasattr(keys, "dtype"):  # TF reads keys.dtype first: lists are refused
            raise AttributeError(f"'{type(keys).__name__}' object has no attribute 'dtype'")
        if isinstance(keys, Tensor):
            if keys.dtype is not self.key_dtype:
                raise TypeError(f"Dtype of argument `keys` must be {self.key_dtype}, "
                                f"received: {keys.dtype}")
            return keys
        return convert_to_tensor(keys, dtype=self.key_dtype)

    def lookup(self, keys: Any, name: str | None = None) -> Any:
        if isinstance(keys, RaggedTensor):
            values = keys.values
            if self._outer_values_only and isinstance(values, RaggedTensor):
                self._keys(keys.flat_values)  # (the keys' dtype checked first)
                # (the op's conversion's refusal of a ragged tensor: of no dtype asked)
                convert_to_tensor(values)
            return keys.with_values(self.lookup(values))
        if isinstance(keys, SparseTensor):
            return SparseTensor._of(keys.indices, self.lookup(keys.values), keys.dense_shape)
        return self._find(self._keys(keys))

    def _find(self, keys: Tensor) -> Tensor:
        out = self._on_table(LOOKUP_FIND, (keys, self._default),
                             scope=self._scopes.get("find", "Lookup"))
        if self._sets_shape and not isinstance(out, EagerTensor) and keys._shape is not None:
            out.set_shape(keys._shape)  # (TF's static tables set it: their op's is unknown)
        return out

    __getitem__ = lookup

    def size(self, name: str | None = None) -> Tensor:
        return self._on_table(LOOKUP_SIZE, (), None, name, "Size")

    def _export(self, name: str | None = None) -> tuple:
        """(keys, values) of the table (public as `export` on the tables TF exports)."""
        return self._on_table(LOOKUP_EXPORT, (), {"Tkeys": self._state.key_dtype,
                                                  "Tvalues": self._state.value_dtype}, name,
                              self._scopes.get("export", "Export"))


class StaticHashTable(_Table):
    """`tf.lookup.StaticHashTable(initializer, default_value)`: an immutable table."""

    _outer_values_only = True

    def __init__(self, initializer: Any, default_value: Any, name: str | None = None,
                 experimental_is_anonymous: bool = False) -> None:
        self._anonymous_handle = bool(experimental_is_anonymous)
        self._build(initializer, default_value, name, empty_ok=False,
                    anonymous=experimental_is_anonymous)

    @property
    def default_value(self) -> Tensor:
        return self._default

    def export(self, name: str | None = None) -> tuple:
        return self._export(name)

    @classmethod
    def _maybe_empty(cls, initializer: Any, default_value: Any) -> StaticHashTable:
        """A table whose initializer may hold no keys (Keras's lookup layers before their
        vocabulary is set; TF's import refuses empty keys from a user)."""
        table = cls.__new__(cls)
        table._build(initializer, default_value, None, empty_ok=True, anonymous=True)
        return table

    def _build(self, initializer: Any, default_value: Any, name: str | None,
               empty_ok: bool, anonymous: bool) -> None:
        try:
            self._build_table(initializer, default_value, name, empty_ok, anonymous)
        except OpError as e:
            # (TF's table op is named after the table, its initializers after their scope)
            table_op = e._message.endswith(("[Op:HashTableV2]", "[Op:AnonymousHashTable]"))
            raise raised_eagerly(e, (name or "hash_table") if table_op else None,
                                 host=True) from None

    def _build_table(self, initializer: Any, default_value: Any, name: str | None,
                     empty_ok: bool, anonymous: bool) -> None:
        graph = _state.graph
        self._name = None if graph is None else name  # (an eager TF table has no node name)
        self._initializer = initializer
        self._default = _as_tensor(default_value, initializer.value_dtype, None)
        self._default.shape.merge_with(TensorShape([]))  # (a static table's values: scalars)
        if graph is not None and not graph.building_function and \
                isinstance(initializer, KeyValueTensorInitializer):
            self._build_in_graph(graph, initializer, name)
            return
        shared = initializer._shared_name() \
            if isinstance(initializer, TextFileInitializer) and not anonymous else None
        # (TF names an eager table of tensors by a number of its own, which its kernel
        # lookup's refusal shows)
        unnamed = bool(self.__dict__.get("_anonymous_handle"))  # (experimental_is_anonymous)
        own = None if shared is not None or unnamed else str(table_uid())
        check_kernel("AnonymousHashTable" if unnamed else "HashTableV2",
                     initializer.key_dtype, initializer.value_dtype,
                     shared if own is None else own)
        if shared is not None and shared in _SHARED_TABLES:
            self._state = _shared_table(shared, initializer)
            self._handle = new_handle(self._state, shared)
            return
        self._state = TableState(initializer.key_dtype, initializer.value_dtype, (), False)
        if shared is not None:  # (TF's resource exists before its initializer runs)
            _SHARED_TABLES[shared] = self._state
            self._state.initialized = False
            self._handle = new_handle(self._state, shared)  # (kept: shared by name)
        elif unnamed:
            self._own_anonymous_handle()
        else:
            self._own_handle(own)
        keys, values = initializer._arrays()
        if isinstance(initializer, KeyValueTensorInitializer) and not keys.size and \
                not empty_ok:
            raise InvalidArgumentError(None, None, "keys and values cannot be empty tensors. "
                                                   "[Op:LookupTableImportV2]")
        _fill(self._state, keys, values, "InitializeTableFromTextFileV2"
              if isinstance(initializer, TextFileInitializer) else "LookupTableImportV2")
        if shared is not None:
            self._state.initialized = True

    def _build_in_graph(self, graph: Any, initializer: Any, name: str | None) -> None:
        """The table as TF 1's graph makes it: a HashTableV2 node (named `name`, else
        "hash_table"; shared by a name of its own, as TF's "hash_table_<uuid>"), filled
        by a LookupTableImportV2 in the initializer's scope that tables_initializer()
        runs; the table itself exists in the running Session only."""
        kd, vd = initializer.key_dtype, initializer.value_dtype
        self._state = TableState(kd, vd, (), False)  # (its dtypes: the Session holds it)
        self._graph_node(graph, "HashTableV2", {
            "container": "", "shared_name": f"hash_table_{uuid.uuid4()}",
            "use_node_name_sharing": False, "key_dtype": kd, "value_dtype": vd},
            name or "hash_table")
        with name_scope(initializer._name or "key_value_init"):
            bind(LOOKUP_IMPORT, (self._handle, initializer._keys, initializer._values), {})
        graph.add_to_collection("table_initializer", graph.operations[-1])

    def _serialize_to_tensors(self) -> dict:
        return {}


# The tables of text files by TF's shared name: one per file and columns in a process, as
# TF's resource manager keeps them (a later table of other dtypes is refused; one of the
# same dtypes is that table, as first filled, even if the file changed since)
_SHARED_TABLES: dict = {}


def _shared_table(shared: str, initializer: Any) -> TableState:
    state = _SHARED_TABLES[shared]
    kd, vd = initializer.key_dtype, initializer.value_dtype
    if (state.key_dtype, state.value_dtype) != (kd, vd):
        raise InvalidArgumentError(
            None, None, f"Conflicting key/value dtypes {dtype_word(kd)}->{dtype_word(vd)} with "
                        f"{dtype_word(state.key_dtype)}-{dtype_word(state.value_dtype)} for table "
                        f"{shared} [Op:HashTableV2]")
    delimiter_attr(initializer._delimiter)  # (TF's initializer op checks it first, always)
    if not getattr(state, "initialized", True):  # (its first initializer failed)
        keys, values = initializer._arrays()
        _fill(state, keys, values, "InitializeTableFromTextFileV2")
        return state
    # (initialized: TF keeps what it holds, whatever the file says now, but its initializer
    # runs again, its reader taking the file's first line: that line's errors)
    read_text_file(initializer._filename.path_of("InitializeTableFromTextFileV2"),
                   initializer._key_index,
                   initializer.key_dtype, initializer._value_index, initializer.value_dtype, 1,
                   initializer._delimiter, initializer._offset)
    return state


def _fill(state: TableState, keys: np.ndarray, values: np.ndarray,
          op: str = "LookupTableImportV2") -> None:
    """fill(), a shape mismatch worded as TF's eager initializer op raises it."""
    if keys.shape != values.shape:
        raise raised_eagerly(C.fail(op, f"Expected shape {C.shape_str(keys.shape)} for "
                                        f"value, got {C.shape_str(values.shape)}"), host=True)
    fill(state, keys, values, op)


class StaticVocabularyTable(_Table):
    """`tf.lookup.StaticVocabularyTable(initializer, num_oov_buckets)`: ids of known keys,
    and for unknown ones `vocab_size + to_hash_bucket_fast(key, num_oov_buckets)` (numbers
    hashed as their decimal strings)."""

    def __init__(self, initializer: Any, num_oov_buckets: int, lookup_key_dtype: Any = None,
                 name: str | None = None, experimental_is_anonymous: bool = False) -> None:
        if num_oov_buckets <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable.")
        if initializer is None:
            self._hash_buckets_only(num_oov_buckets, name)
            return
        if initializer.key_dtype not in (dt.int64, dt.string):
            raise TypeError("Invalid `key_dtype`, expected one of (tf.int64, tf.string), but "
                            f"got <dtype: '{initializer.key_dtype.name}'>.")
        lookup_dtype = initializer.key_dtype if lookup_key_dtype is None else \
            dt.as_dtype(lookup_key_dtype)
        if initializer.key_dtype.is_integer != lookup_dtype.is_integer:
            raise TypeError("Invalid `key_dtype`, expected "
                            f"{'integer' if lookup_dtype.is_integer else 'non-integer'} but "
                            f"got {initializer.key_dtype}.")
        if initializer.value_dtype is not dt.int64:
            raise TypeError(f"Invalid `value_dtype`, expected {dt.int64} but got "
                            f"{initializer.value_dtype}.")
        self._name = name
        self._lookup_dtype = lookup_dtype  # (keys of another integer dtype: cast to int64)
        self._num_oov_buckets = num_oov_buckets
        self._initializer = initializer
        self._table = StaticHashTable(initializer, -1)
        self._state = self._table._state
        self._handle = self._table._handle  # (TF's: the handle of the table it wraps)
        self._default = self._table._default
        # (a TF 1 graph's table is filled when a Session runs its initializer: its size then)
        self._vocab_size = None if "_node_name" in self._table.__dict__ else \
            len(self._state.items)

    def _hash_buckets_only(self, num_oov_buckets: int, name: str | None) -> None:
        """TF's table of no initializer: every string key hashed into the buckets."""
        self._name = name or "hash_bucket"
        self._lookup_dtype = dt.string
        self._num_oov_buckets = num_oov_buckets
        self._initializer = self._table = self._handle = None
        self._state = TableState(dt.string, dt.int64, ())
        self._default = convert_to_tensor(-1, dt.int64)
        self._vocab_size = 0

    @property
    def key_dtype(self) -> dt.DType:
        return self._lookup_dtype

    def _keys(self, keys: Any) -> Tensor:
        keys = super()._keys(keys)
        return cast(keys, dt.int64) if self._state.key_dtype is dt.int64 else keys

    def size(self, name: str | None = None) -> Tensor:
        # (TF adds the Python number given: a float one is AddV2's dtype error)
        words = convert_to_tensor(0, dt.int64) if self._table is None else self._table.size()
        return words + self._num_oov_buckets

    def _find(self, keys: Tensor) -> Tensor:
        if self._table is None:
            return to_hash_bucket_fast(keys, self._num_oov_buckets)
        ids = self._table._find(keys)
        text = keys if keys.dtype is dt.string else as_string(keys)
        vocab = self._table.size() if self._vocab_size is None else \
            convert_to_tensor(self._vocab_size, dt.int64)
        buckets = add(to_hash_bucket_fast(text, self._num_oov_buckets), vocab)
        return where(equal(ids, convert_to_tensor(-1, dt.int64)), buckets, ids)

    def _serialize_to_tensors(self) -> dict:
        return {}


class MutableHashTable(_Table):
    """`tf.lookup.experimental.MutableHashTable(key_dtype, value_dtype, default_value)`."""

    _sets_shape = False
    _scopes = {"find": "lookup_table_find", "export": "lookup_table_export_values"}

    def __init__(self, key_dtype: Any, value_dtype: Any, default_value: Any,
                 name: str = "MutableHashTable", checkpoint: bool = True,
                 experimental_is_anonymous: bool = False) -> None:
        kd, vd = dt.as_dtype(key_dtype), dt.as_dtype(value_dtype)
        self._default = _as_tensor(default_value, vd, None)
        shape = tuple(self._default.shape)
        op = "MutableHashTableOfTensorsV2" if shape else "MutableHashTableV2"
        graph = _state.graph
        # (TF's eager tables take their shared name first: its kernel error shows it)
        shared = None if experimental_is_anonymous or graph is not None and \
            not graph.building_function else f"table_{table_uid()}"
        try:
            check_kernel(op, kd, vd, shared if graph is None else None)
        except NotFoundError as e:
            if graph is None and shared is not None:  # (TF's fast path names the table)
                e._message += f" name: {name}"
                e.args = (e._message,)
            raise
        if len(shape) > 1:  # (the table op's kernel refuses it: its eager error, named)
            raise raised_eagerly(C.fail(op, "Default value must be a vector, got shape "
                                            f"{C.shape_str(shape)}"), name, host=True)
        self._state = TableState(kd, vd, shape)
        self._checkpoint = checkpoint
        if graph is not None and not graph.building_function:
            self._build_in_graph(graph, op, name, checkpoint)
            return
        self._name = None  # TF's eager tables have no node name
        if experimental_is_anonymous and graph is not None:
            # (TF makes it in the function: a new table each call)
            attrs = {"key_dtype": kd, "value_dtype": vd}
            if shape:
                attrs["value_shape"] = shape
            self._handle = bind(ANONYMOUS_CREATORS["Anonymous" + op[:-2]], (), attrs)
        elif experimental_is_anonymous:
            self._own_anonymous_handle()
        else:
            self._own_handle(shared)  # (TF's eager shared name)

    def _build_in_graph(self, graph: Any, op: str, name: str, checkpoint: bool) -> None:
        """The table as TF 1's graph makes it: the default's Const, then `op` named
        `name`, shared by that node's name where it is checkpointed (TF's rule for a
        table of no shared name), and the export its checkpoint reads; the table itself
        exists in the running Session only."""
        attrs = {"container": "", "shared_name": "", "use_node_name_sharing": checkpoint,
                 "key_dtype": self._state.key_dtype, "value_dtype": self._state.value_dtype}
        if op == "MutableHashTableOfTensorsV2":
            attrs["value_shape"] = self._state.value_shape
        self._graph_node(graph, op, attrs, name)
        if checkpoint:
            self.export()

    def lookup(self, keys: Any, dynamic_default_values: Any = None,
               name: str | None = None) -> Tensor:
        # (TF's mutable tables convert the keys: ragged and sparse keys are refused)
        if dynamic_default_values is None:
            return self._find(self._keys(keys))
        # (one default per key, handed to TF's op as given: its signature refuses another
        # dtype)
        default = _as_tensor(dynamic_default_values, None, None)
        return self._on_table(LOOKUP_FIND, (self._keys(keys), default),
                              scope=self._scopes.get("find", "Lookup"))

    __getitem__ = lookup

    def _kv(self, keys: Any, values: Any) -> tuple:
        return (_as_tensor(keys, self.key_dtype, "keys"),
                _as_tensor(values, self.value_dtype, "values"))

    def insert(self, keys: Any, values: Any, name: str | None = None) -> Any:
        k, v = self._kv(keys, values)
        return self._on_table(LOOKUP_INSERT, (k, v), scope="lookup_table_insert")

    def remove(self, keys: Any, name: str | None = None) -> Any:
        if not hasattr(keys, "dtype"):  # (as TF, which reads keys.dtype first)
            raise AttributeError(f"'{type(keys).__name__}' object has no attribute 'dtype'")
        if keys.dtype != self.key_dtype:
            raise TypeError(f"Dtype of argument `keys` must be {self.key_dtype}, received: "
                            f"{keys.dtype}")
        return self._on_table(LOOKUP_REMOVE, (_as_tensor(keys, self.key_dtype, "keys"),),
                              scope="lookup_table_remove")

    def export(self, name: str | None = None) -> tuple:
        return self._export(name)

    def _import(self, keys: Any, values: Any, name: str | None = None) -> Any:
        """Replaces the table's contents (TF's checkpoint restore: no public method)."""
        k, v = self._kv(keys, values)
        return self._on_table(LOOKUP_IMPORT, (k, v), scope="lookup_table_import")

    def _keys(self, keys: Any) -> Tensor:
        return _as_tensor(keys, self.key_dtype, "keys")

    def _serialize_to_tensors(self) -> dict:
        if not self._checkpoint:
            return {}
        keys, values = self.export()
        return {"table-keys": keys, "table-values": values}

    def _restore_from_tensors(self, tensors: dict) -> None:
        self._import(tensors["table-keys"], tensors["table-values"])


class DenseHashTable(MutableHashTable):
    """`tf.lookup.experimental.DenseHashTable(key_dtype, value_dtype, default_value,
    empty_key, deleted_key, initial_num_buckets=None)`: TF's open-addressing table
    (table_state.DenseTableState). Keys are scalars or vectors (the shape of
    `empty_key`), values scalars or vectors (the shape of `default_value`); neither
    `empty_key` nor `deleted_key` may be used as a key. Its export, and its checkpoint,
    hold every bucket."""

    def __init__(self, key_dtype: Any, value_dtype: Any, default_value: Any, empty_key: Any,
                 deleted_key: Any, initial_num_buckets: int | None = None,
                 name: str = "MutableDenseHashTable", checkpoint: bool = True,
                 experimental_is_anonymous: bool = False) -> None:
        kd, vd = dt.as_dtype(key_dtype), dt.as_dtype(value_dtype)
        self._default = _as_tensor(default_value, vd, "default_value")
        empty = _as_tensor(empty_key, kd, "empty_key")
        deleted = _as_tensor(deleted_key, kd, "deleted_key")
        buckets = 131072 if initial_num_buckets is None else int(initial_num_buckets)
        own = None if experimental_is_anonymous else f"table_{table_uid()}"
        try:
            check_kernel("MutableDenseHashTableV2", kd, vd, node_attrs=None if own is None else
                         dense_attrs(kd, vd, initial_num_buckets=buckets, shared_name=own,
                                     value_shape=tuple(self._default.shape)))
            self._state = DenseTableState(kd, vd, tuple(self._default.shape), empty.numpy(),
                                          deleted.numpy(), buckets)
        except OpError as e:
            raise raised_eagerly(e, name, host=True) from None
        self._checkpoint = checkpoint
        self._name = None
        if experimental_is_anonymous and _state.graph is not None:
            # (TF makes it in the function: a new table each call)
            self._handle = bind(ANONYMOUS_CREATORS["AnonymousMutableDenseHashTable"],
                                (empty, deleted), {"value_dtype": vd,
                                                   "value_shape": tuple(self._default.shape),
                                                   "initial_num_buckets": buckets})
        elif experimental_is_anonymous:
            self._own_anonymous_handle()
        else:
            self._own_handle(own)

    def lookup(self, keys: Any, name: str | None = None) -> Tensor:
        return self._find(self._keys(keys))

    __getitem__ = lookup

    def insert_or_assign(self, keys: Any, values: Any, name: str | None = None) -> Any:
        return self.insert(keys, values)

    def erase(self, keys: Any, name: str | None = None) -> Any:
        # (TF's returns the op: None eagerly, an Operation that tf.function refuses to
        # return when traced)
        dtype = keys.dtype  # (an AttributeError for a list, as TF's)
        if isinstance(keys, Tensor) and dtype is not self.key_dtype:
            raise TypeError(f"Signature mismatch. Keys must be dtype {self.key_dtype}, got "
                            f"{dtype}.")
        return self._on_table(LOOKUP_REMOVE, (_as_tensor(keys, self.key_dtype, "keys"),),
                       scope="lookup_table_remove")

    remove = erase
