"""Parsing serialized tf.train.Example protos: tf.io.parse_example / parse_single_example.

Ops layer. One primitive, `ParseExampleV2` (TF's name), parses a scalar or vector
of serialized Examples with the protobuf library and returns, as in TF, the
sparse outputs (indices, values, dense_shape for each VarLenFeature) followed by
the dense outputs (FixedLenFeature / FixedLenSequenceFeature); how many, the features
say (num_outputs=-1: its infer counts them).
"""

from __future__ import annotations

import collections
import contextlib
import functools
import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape, dims_text
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import array, reshaping, tf_op_defs
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

base64 = lazy_module("base64")  # bytes features in JSON only

# The Example protos (protobuf): loaded when the first record is parsed, not at import.
example_pb = lazy_module("eagerflow._src.io.example_pb")

_OP = "ParseExampleV2"
_KIND = {dt.int64: "int64_list", dt.float32: "float_list", dt.string: "bytes_list"}
_WORD = {dt.int64: "int64", dt.float32: "float", dt.string: "string"}
_KIND_WORD = {"int64_list": "int64", "float_list": "float", "bytes_list": "string"}


class FixedLenFeature(collections.namedtuple(
        "FixedLenFeature", ["shape", "dtype", "default_value"])):
    """`tf.io.FixedLenFeature(shape, dtype, default_value=None)`."""

    def __new__(cls, shape: Any, dtype: Any, default_value: Any = None) -> FixedLenFeature:
        return super().__new__(cls, shape, dtype, default_value)


class FixedLenSequenceFeature(collections.namedtuple(
        "FixedLenSequenceFeature", ["shape", "dtype", "allow_missing", "default_value"])):
    """`tf.io.FixedLenSequenceFeature(shape, dtype, allow_missing=False, default_value=None)`."""

    def __new__(cls, shape: Any, dtype: Any, allow_missing: bool = False,
                default_value: Any = None) -> FixedLenSequenceFeature:
        return super().__new__(cls, shape, dtype, allow_missing, default_value)


class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"])):
    """`tf.io.VarLenFeature(dtype)`: parsed into a SparseTensor."""


def _fix_reprs() -> None:
    # TF shows dtypes as `tf.int64` in these reprs (the DType repr), which namedtuple does.
    for cls in (FixedLenFeature, FixedLenSequenceFeature, VarLenFeature):
        cls.__module__ = "eagerflow.io"


_fix_reprs()


# ---------------------------------------------------------------------------------------
# The kernel
# ---------------------------------------------------------------------------------------

def _parse_all(serialized: np.ndarray, check: Any = None) -> list:
    """The Example messages of a string array, in row-major order. TF parses and checks
    the Examples in order, so before refusing one that does not parse, `check` runs on
    those before it (their errors come first)."""
    from google.protobuf.message import DecodeError

    out = []
    for b in serialized.reshape(-1):
        ex = example_pb.Example()
        try:
            ex.ParseFromString(bytes(b))
        except (DecodeError, TypeError, ValueError):
            # TF's C message carries the raw bytes and is read as UTF-8: cut at a NUL,
            # and invalid UTF-8 fails to decode (Python's UnicodeDecodeError, as TF's)
            if check is not None and out:
                check(serialized.reshape(-1)[:len(out)])
            raw = b"Could not parse example input, value: '%s'" % bytes(b)
            raise InvalidArgumentError(None, None, raw.split(b"\0")[0].decode("utf-8")
                                       + f" [Op:{_OP}]") from None
        out.append(ex)
    return out


def _values(feature: Any, key: str, want: dt.DType, sparse: bool, index: int | None,
            name: str = "<unknown>") -> list:
    """A feature's values, checked to be of type `want`. `index`: the Example's place in
    a batch, which TF's message names (None for a single Example)."""
    kind = feature.WhichOneof("kind")
    if kind is None:
        return []
    if kind != _KIND[want]:
        where = f"Key: {key}." if index is None else \
            f"Name: {name}, Key: {key}, Index: {index}."
        if sparse:
            raise InvalidArgumentError(None, None, f"{where}  Data types don't match. "
                                       f"Expected type: {_WORD[want]}, Actual type: "
                                       f"{_KIND_WORD[kind]} [Op:{_OP}]")
        raise InvalidArgumentError(None, None, f"{where}  Data types don't match. Data type: "
                                   f"{_KIND_WORD[kind]} but expected type: {_WORD[want]} "
                                   f"[Op:{_OP}]")
    return list(getattr(feature, kind).value)


def _array(values: list, dtype: dt.DType, shape: tuple) -> np.ndarray:
    if dtype is dt.string:
        a = np.empty(len(values), dtype=object)
        a[:] = [bytes(v) for v in values] if values else []
        return a.reshape(shape)
    return np.asarray(values, dtype=dtype.as_numpy_dtype).reshape(shape)


def _parse_kernel(xp: Any, serialized: Any, *, sparse_keys: tuple, sparse_types: tuple,
                  dense_keys: tuple, dense_types: tuple, dense_shapes: tuple,
                  dense_defaults: tuple, dense_seq: tuple, single: bool,
                  names: tuple = ()) -> tuple:
    serialized = np.asarray(serialized)

    def check(before: np.ndarray) -> None:
        _parse_kernel(xp, before, sparse_keys=sparse_keys, sparse_types=sparse_types,
                      dense_keys=dense_keys, dense_types=dense_types,
                      dense_shapes=dense_shapes, dense_defaults=dense_defaults,
                      dense_seq=dense_seq, single=single, names=names[:len(before)])

    examples = _parse_all(serialized, None if single else check)
    batch = len(examples)
    if names and not single and len(names) != batch:
        raise InvalidArgumentError(None, None, f"Expected names have the same shape as "
                                   f"serialized: name.shape=[{len(names)}], serialized.shape="
                                   f"[{batch}] [Op:{_OP}]")
    # example_names name each Example in the messages of a batch
    nm = list(names) if names and not single else ["<unknown>"] * batch
    idx_out, val_out, shape_out = [], [], []
    for key, dtype in zip(sparse_keys, sparse_types):
        rows, cols, vals, longest = [], [], [], 0
        for i, ex in enumerate(examples):
            fmap = ex.features.feature
            v = _values(fmap[key], key, dtype, True, None if single else i, nm[i]) \
                if key in fmap else []
            rows.extend([i] * len(v))
            cols.extend(range(len(v)))
            vals.extend(v)
            longest = max(longest, len(v))
        if single:
            idx = np.asarray(cols, np.int64).reshape(-1, 1)
            shape = np.asarray([longest], np.int64)
        else:
            idx = np.stack([np.asarray(rows, np.int64), np.asarray(cols, np.int64)], axis=1) \
                if vals else np.zeros((0, 2), np.int64)
            shape = np.asarray([batch, longest], np.int64)
        idx_out.append(idx)
        val_out.append(_array(vals, dtype, (len(vals),)))
        shape_out.append(shape)
    dense_out = []
    for key, dtype, shape, default, seq in zip(dense_keys, dense_types, dense_shapes,
                                               dense_defaults, dense_seq):
        per_row = int(np.prod(shape, dtype=np.int64)) if shape else 1
        parts = []
        for i, ex in enumerate(examples):
            fmap = ex.features.feature
            # A Feature with no list set counts as missing; an empty list does not.
            present = key in fmap and fmap[key].WhichOneof("kind") is not None
            v = _values(fmap[key], key, dtype, False, None if single else i, nm[i]) \
                if present else []
            if seq:
                # a row of no elements holds no values: TF's kernel divides by the row's
                # size there and crashes (SIGFPE); any value is refused as not a multiple
                if len(v) % per_row if per_row else v:
                    # TF's single-Example and batch parsers word it differently
                    msg = (f"Error while parsing feature with key {key}: number of elements "
                           f"should be divisible by {per_row}, found {len(v)} instead") \
                        if single else (
                        f"Name: {nm[i]}, Key: {key}, Index: {i}.  Number of {_WORD[dtype]} "
                        f"values is not a multiple of stride length. Saw {len(v)} values but "
                        f"output shape is: [{','.join(['?'] + [str(d) for d in shape])}]")
                    raise InvalidArgumentError(None, None, f"{msg} [Op:{_OP}]")
                parts.append(v)
                continue
            if not present:
                if default is None:
                    prefix = "" if single else f"Name: {nm[i]}, "
                    raise InvalidArgumentError(None, None, f"{prefix}Feature: {key} (data type: "
                                               f"{_WORD[dtype]}) is required but could not be "
                                               f"found. [Op:{_OP}]")
                v = list(default)
            if len(v) != per_row and single:  # TF's single-Example parser words it so
                lst = {dt.int64: "int64", dt.float32: "float"}.get(dtype, "bytes") + "_list"
                why = "Parsing bytes_list failed." if lst == "bytes_list" and len(v) > per_row \
                    else f"Some {lst} slice was not parsed."
                raise InvalidArgumentError(None, None, f"Key: {key}.  Can't parse serialized "
                                           f"Example: {why} [Op:{_OP}]")
            if len(v) > per_row and dtype == dt.string:  # (TF's batch parser words it so)
                raise InvalidArgumentError(None, None, f"Name: {nm[i]}, Key: {key}, Index: {i}."
                                           f"  Can't parse serialized Example. [Op:{_OP}]")
            if len(v) != per_row:
                word = "bytes" if dtype == dt.string else _WORD[dtype]
                raise InvalidArgumentError(
                    None, None, f"Name: {nm[i]}, Key: {key}, Index: {i}.  Number of "
                    f"{word} values != expected.  Values size: {len(v)} but output "
                    f"shape: [{','.join(str(d) for d in shape)}] [Op:{_OP}]")
            parts.append(v)
        if seq:
            rows = max([len(p) // per_row for p in parts] or [0]) if per_row else 0
            pad = default[0] if default else (b"" if dtype is dt.string else 0)
            filled = [p + [pad] * (rows * per_row - len(p)) for p in parts]
            flat = [x for p in filled for x in p]
            arr = _array(flat, dtype, (batch, rows) + tuple(shape))
        else:
            flat = [x for p in parts for x in p]
            arr = _array(flat, dtype, (batch,) + tuple(shape))
        dense_out.append(arr[0, ...] if single else arr)  # (a 0-d array, not a scalar)
    outs = tuple(idx_out + val_out + shape_out + dense_out)
    return outs


def _parse_ref(serialized: np.ndarray, *, sparse_keys: tuple, sparse_types: tuple,
               dense_keys: tuple, dense_types: tuple, dense_shapes: tuple,
               dense_defaults: tuple, dense_seq: tuple, single: bool,
               names: tuple = ()) -> tuple:
    """Independent path: protobuf's JSON mapping of each Example, read with plain loops."""
    from google.protobuf import json_format

    docs = []
    for b in np.asarray(serialized).reshape(-1):
        ex = example_pb.Example.FromString(bytes(b))
        docs.append(json_format.MessageToDict(ex).get("features", {}).get("feature", {}))

    def values(doc: dict, key: str, dtype: dt.DType) -> list:
        if key not in doc:
            return []
        kind = {dt.int64: "int64List", dt.float32: "floatList", dt.string: "bytesList"}[dtype]
        raw = doc[key].get(kind, {}).get("value", [])
        if dtype is dt.int64:
            return [int(x) for x in raw]
        if dtype is dt.float32:
            return [float(x) for x in raw]
        return [base64.b64decode(x) for x in raw]

    out_i, out_v, out_s, out_d = [], [], [], []
    for key, dtype in zip(sparse_keys, sparse_types):
        idx, vals, longest = [], [], 0
        for i, doc in enumerate(docs):
            v = values(doc, key, dtype)
            for j, x in enumerate(v):
                idx.append([j] if single else [i, j])
                vals.append(x)
            longest = max(longest, len(v))
        out_i.append(np.array(idx, np.int64).reshape(-1, 1 if single else 2))
        out_v.append(np.array(vals, dtype=object if dtype is dt.string
                              else dtype.as_numpy_dtype).reshape(-1))
        out_s.append(np.array([longest] if single else [len(docs), longest], np.int64))
    for key, dtype, shape, default, seq in zip(dense_keys, dense_types, dense_shapes,
                                               dense_defaults, dense_seq):
        rows = []
        for doc in docs:
            present = bool(doc.get(key))
            rows.append(values(doc, key, dtype) if present or seq or default is None
                        else list(default))
        npd = object if dtype is dt.string else dtype.as_numpy_dtype
        if seq:
            stride = int(np.prod(shape)) if shape else 1
            n = max(len(r) // stride for r in rows) if rows else 0
            pad = default[0] if default else (b"" if dtype is dt.string else 0)
            res = np.array([r + [pad] * (n * stride - len(r)) for r in rows], dtype=npd)
            res = res.reshape((len(rows), n) + tuple(shape))
        else:
            res = np.array(rows, dtype=npd).reshape((len(rows),) + tuple(shape))
        out_d.append(res[0] if single else res)
    return tuple(out_i + out_v + out_s + out_d)


# ---------------------------------------------------------------------------------------
# TF's parse ops' attrs and inputs, read as the parser takes them (parsing_v1 and
# parsing_sequence_v1 too)
# ---------------------------------------------------------------------------------------

def shape_text(shape: tuple | None) -> str:
    return dims_text(shape or ())  # (an unknown rank printed as a scalar's "[]")


def text(v: Any) -> str:
    """A key (a str attr, or the bytes of a key tensor) as the str the protos map by."""
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def first_key(a: np.ndarray) -> str:
    """A key tensor's value: its first string (TF's kernel reads no more of it)."""
    flat = np.asarray(a, dtype=object).reshape(-1)
    return text(flat[0]) if flat.size else ""


def check_types(op: str, sparse_types: tuple, dense_types: tuple) -> None:
    for what, types in (("sparse_types", sparse_types), ("Tdense", dense_types)):
        for d in types:
            C.dtype_attr(op, d, what)
            if d not in _TYPES:
                raise C.not_supported(op, d, _TYPES, what)


def check_dense(op: str, dense_shapes: tuple, defaults: tuple) -> list:
    """Each dense feature's (shape, sequence?) from its dense_shapes entry, its default's
    shape checked against it. TF's eager wrapper refuses a negative dimension; a GraphDef's
    unknown first one (None here) makes the feature a sequence."""
    out = []
    for i, (shape, d) in enumerate(zip(dense_shapes, defaults)):
        if not isinstance(shape, tuple):
            raise TypeError(f"Expected list for attr dense_shapes, obtained "
                            f"{type(shape).__name__} instead.")
        for v in shape:
            if v is not None and v < 0:
                raise ValueError(f"Error converting dense_shapes to a TensorShape: Dimension "
                                 f"{v} must be >= 0.")
        seq = bool(shape) and shape[0] is None
        dims = shape[1:] if seq else shape
        if None in dims:
            raise InvalidArgumentError(None, None, f"dense_shapes[{i}] has an unknown "
                                       f"dimension past its first: {shape_text(shape)} [Op:{op}]")
        check_finite_size(op, dims, d._dtype)
        size = C.num_elements(d._shape)
        if size != 0 and d._shape is not None and not seq and tuple(d._shape) != dims:
            raise InvalidArgumentError(None, None, f"def_value[{i}].shape() == "
                                       f"{shape_text(d._shape)} is not compatible with "
                                       f"dense_shapes_[{i}] == {shape_text(shape)} [Op:{op}]")
        if size not in (0, 1, None) and seq:
            raise InvalidArgumentError(None, None, f"For a variable length dense feature, "
                                       f"def_value[{i}] must hold one value, not "
                                       f"{shape_text(d._shape)} [Op:{op}]")
        out.append((dims, seq))
    return out



def defaults_of(arrays: tuple, seq: tuple) -> tuple:
    out = []
    for a, s in zip(arrays, seq):
        flat = np.asarray(a).reshape(-1)
        out.append(None if flat.size == 0 and not s else tuple(
            bytes(v) for v in flat) if flat.dtype == object else tuple(flat.tolist()))
    return tuple(out)


def renamed(op: str, run: Any) -> Any:
    """`run()` with ParseExampleV2's or ParseSequenceExampleV2's kernel, its errors naming
    `op`."""
    try:
        return run()
    except InvalidArgumentError as e:
        raise InvalidArgumentError(None, None, re.sub(
            r"\[Op:Parse(Sequence)?ExampleV2\]$", f"[Op:{op}]", e.message)) from None


def parse_tf(xp: Any, op: str, serialized: Any, keys: tuple, types: tuple,
             dense_keys: tuple, dense_shapes: tuple, defaults: tuple, single: bool,
             names: tuple = (), reference: bool = False) -> tuple:
    """ParseExampleV2's kernel (or its reference) on the keys and the defaults' values."""
    shapes = [(s[1:], True) if s and s[0] is None else (s, False) for s in dense_shapes]
    parse = _parse_ref if reference else functools.partial(_parse_kernel, xp)
    return renamed(op, lambda: parse(
        serialized, sparse_keys=keys, sparse_types=types, dense_keys=dense_keys,
        dense_types=tuple(dt.as_dtype(np.asarray(d).dtype) if np.asarray(d).dtype != object
                          else dt.string for d in defaults),
        dense_shapes=tuple(s for s, _ in shapes),
        dense_defaults=defaults_of(defaults, tuple(q for _, q in shapes)),
        dense_seq=tuple(q for _, q in shapes), single=single, names=names))


# ---------------------------------------------------------------------------------------
# The op: TF's ParseExampleV2. Its inputs are TF's: serialized, then names, sparse_keys,
# dense_keys and ragged_keys (string vectors: held here as attrs of str, which TF's graphs
# hold as constants), then one default per dense feature (empty: the feature is required;
# a FixedLenSequenceFeature's, its padding). A dense shape whose first dimension is unknown
# (None; -1 in a graph) is a FixedLenSequenceFeature's. A scalar `serialized` is one
# Example (parse_single_example): no batch dimension, and ragged row splits empty. Names
# known only when the graph runs (a traced function's tensor) are the `names` attr None
# and the op's last input, as TF's node takes them (and as generic_load imports one).
# ---------------------------------------------------------------------------------------

_TYPES = frozenset((dt.float32, dt.int64, dt.string))
_SPLIT_TYPES = frozenset((dt.int32, dt.int64))
_KEY_ATTRS = ("names", "sparse_keys", "dense_keys", "ragged_keys")


def check_serialized(op: str, serialized: Any) -> Any:
    """A parse op's serialized protos: a string scalar or vector. Returns its shape."""
    if serialized._dtype is not dt.string:
        raise C.wrong_input_dtype(op, 0, dt.string, serialized._dtype)
    shape = serialized._shape
    if shape is not None and len(shape) > 1:
        raise C.fail(op, f"Expected serialized to be a scalar or vector, got shape: "
                         f"{shape_text(shape)}")
    return shape


def fed(attr: Any) -> bool:
    """Whether a parse op's names attr says the names are its last input: None, or a
    tuple of Nones (an imported node's names of known count: generic_load's)."""
    return attr is None or (isinstance(attr, tuple) and any(v is None for v in attr))


def runtime_names(defaults: tuple, attr: Any) -> tuple:
    """(the dense defaults, the names input or None): a parse op's inputs after
    `serialized`, whose last is the names when its attr (`attr`) says so (`fed`)."""
    if fed(attr):
        if not defaults:  # (an internal call's mistake: the names input left out)
            raise TypeError("a parse op whose names attr says they are its last input was "
                            "given no input after serialized")
        return defaults[:-1], defaults[-1]
    return defaults, None


def fed_names(op: str, names: Any, serialized: Any) -> tuple:
    """Names fed when the graph runs, as the kernel reads them: empty, or one per
    serialized proto (TF's kernel compares the shapes: a single Example's name a scalar),
    each a str; none for a single Example, whose messages name none."""
    names = np.asarray(names, dtype=object)
    if names.size and names.shape != np.shape(serialized):
        raise C.fail(op, f"Expected names have the same shape as serialized: name.shape="
                         f"{shape_text(names.shape)}, serialized.shape="
                         f"{shape_text(np.shape(serialized))}")
    return () if np.ndim(serialized) == 0 else tuple(text(v) for v in names.reshape(-1))


def _check_counts(defaults: tuple, a: dict) -> None:
    """TF's checks of the list attrs (when the node is made), then of the keys against
    them (its kernel's, on the key tensors)."""
    for what in _KEY_ATTRS:
        if what == "names" and fed(a[what]):
            continue  # (an input)
        if not isinstance(a[what], tuple):
            raise TypeError(f"Expected list for argument '{what}' not {a[what]!r}. [Op:{_OP}]")
    if len(a["sparse_types"]) != a["num_sparse"]:
        raise C.fail(_OP, "len(sparse_keys) != len(sparse_types)")
    check_types(_OP, a["sparse_types"], tuple(d._dtype for d in defaults))
    for d in a["ragged_value_types"]:
        if C.dtype_attr(_OP, d, "ragged_value_types") not in _TYPES:
            raise C.not_supported(_OP, d, _TYPES, "ragged_value_types")
    for d in a["ragged_split_types"]:
        if C.dtype_attr(_OP, d, "ragged_split_types") not in _SPLIT_TYPES:
            raise C.not_supported(_OP, d, _SPLIT_TYPES, "ragged_split_types")
    if len(a["dense_shapes"]) != len(defaults):
        raise C.fail(_OP, "len(dense_keys) != len(dense_shapes)")
    if len(a["ragged_value_types"]) != len(a["ragged_split_types"]):
        raise C.fail(_OP, "len(ragged_value_types) != len(ragged_split_types)")
    for keys, want, what in (("sparse_keys", a["num_sparse"], "num_sparse"),
                             ("dense_keys", len(defaults), "len(dense_types)"),
                             ("ragged_keys", len(a["ragged_value_types"]),
                              "len(ragged_value_types)")):
        if len(a[keys]) != want:
            raise C.fail(_OP, f"Expected len({keys}) == {what} but got: {len(a[keys])} vs. "
                              f"{want}")


def _check_names(names: tuple, shape: tuple | None) -> None:
    """Example names, when given, name each Example: one per serialized proto."""
    if names and shape is not None and (len(shape) == 0 or shape[0] not in (None, len(names))):
        raise C.fail(_OP, f"Expected names have the same shape as serialized: name.shape="
                          f"[{len(names)}], serialized.shape={shape_text(shape)}")


def _infer(serialized: Any, *defaults: Any, **a: Any) -> list:
    shape = check_serialized(_OP, serialized)
    defaults, names = runtime_names(defaults, a["names"])
    if names is not None and names._dtype is not dt.string:
        raise C.wrong_input_dtype(_OP, 1, dt.string, names._dtype)
    _check_counts(defaults, a)
    dense = check_dense(_OP, a["dense_shapes"], defaults)
    if names is None:
        _check_names(a["names"], shape)
    ragged_values = [((None,), d) for d in a["ragged_value_types"]]
    if shape is None:  # one Example or a batch: known when it runs
        return ([((None, None), dt.int64)] * a["num_sparse"] +
                [((None,), d) for d in a["sparse_types"]] +
                [((None,), dt.int64)] * a["num_sparse"] +
                [(None, d._dtype) for d in defaults] + ragged_values +
                [((None,), d) for d in a["ragged_split_types"]])
    batch = tuple(shape)
    splits = (0,) if not batch else (None if batch[0] is None else batch[0] + 1,)
    return (output_specs(batch, a["sparse_types"], dense, defaults) + ragged_values +
            [(splits, d) for d in a["ragged_split_types"]])


def output_specs(batch: tuple, sparse_types: tuple, dense: list, defaults: tuple) -> list:
    """The sparse and dense outputs' specs of a parse of one Example (batch ()) or a batch
    (ParseExampleV2's, and the V1 ops' and the sequence ops' context)."""
    rank = len(batch) + 1
    specs: list = [((None, rank), dt.int64) for _ in sparse_types]
    specs += [((None,), d) for d in sparse_types]
    specs += [((rank,), dt.int64) for _ in sparse_types]
    specs += [(batch + ((None,) if seq else ()) + shape, d._dtype)
              for (shape, seq), d in zip(dense, defaults)]
    return specs


def _outputs(xp: Any, serialized: Any, defaults: tuple, a: dict, reference: bool) -> tuple:
    """The kernel's (or the reference's) outputs: the ragged keys are read as sparse ones,
    their values then split by Example."""
    defaults, names = runtime_names(defaults, a["names"])
    if names is not None:
        a = {**a, "names": fed_names(_OP, names, serialized)}
    single = np.ndim(serialized) == 0
    if a["names"] and (single or len(a["names"]) != np.size(serialized)):
        raise C.fail(_OP, f"Expected names have the same shape as serialized: name.shape="
                          f"[{len(a['names'])}], serialized.shape="
                          f"{shape_text(np.shape(serialized))}")
    k, r = a["num_sparse"], len(a["ragged_keys"])
    outs = parse_tf(xp, _OP, serialized, tuple(text(v) for v in a["sparse_keys"] +
                                               a["ragged_keys"]),
                    a["sparse_types"] + a["ragged_value_types"],
                    tuple(text(v) for v in a["dense_keys"]), a["dense_shapes"], defaults,
                    single, tuple(text(v) for v in a["names"]), reference)
    n = k + r
    indices, values, dense = outs[:n], outs[n:2 * n], outs[3 * n:]
    splits = [row_splits(ix, np.size(serialized), d, single)
              for ix, d in zip(indices[k:], a["ragged_split_types"])]
    return (*indices[:k], *values[:k], *outs[2 * n:2 * n + k], *dense, *values[k:], *splits)


def row_splits(indices: np.ndarray, batch: int, dtype: dt.DType, single: bool) -> np.ndarray:
    """A ragged key's row splits over the batch, from its values' Example indices (none
    for a single Example, as TF's)."""
    if single:
        return np.zeros(0, dtype.as_numpy_dtype)
    counts = np.bincount(np.asarray(indices)[:, 0], minlength=batch) if len(indices) else \
        np.zeros(batch, np.int64)
    return np.concatenate([[0], np.cumsum(counts)]).astype(dtype.as_numpy_dtype)


def _kernel(xp: Any, serialized: Any, *defaults: Any, **a: Any) -> tuple:
    return _outputs(xp, serialized, defaults, a, False)


def _reference(serialized: Any, *defaults: Any, **a: Any) -> tuple:
    return _outputs(None, serialized, defaults, a, True)


def _ex(**feats: Any) -> np.ndarray:
    f = {}
    for k, v in feats.items():
        if isinstance(v[0], bytes):
            f[k] = example_pb.Feature(bytes_list=example_pb.BytesList(value=v))
        elif isinstance(v[0], float):
            f[k] = example_pb.Feature(float_list=example_pb.FloatList(value=v))
        else:
            f[k] = example_pb.Feature(int64_list=example_pb.Int64List(value=v))
    return example_pb.Example(features=example_pb.Features(feature=f)).SerializeToString()


def _strings(*items: bytes) -> np.ndarray:
    a = np.empty(len(items), dtype=object)
    a[:] = list(items)
    return a


def op_attrs(sparse: tuple = (), dense: tuple = (), ragged: tuple = (),
             names: tuple | None = ()) -> dict:
    """The op's attrs for features `sparse` ((key, dtype)...), `dense` ((key, dense
    shape)...: its dtype is its default's) and `ragged` ((key, dtype, split dtype)...);
    `names` None: they are the last input."""
    return {"names": None if names is None else tuple(names),
            "sparse_keys": tuple(k for k, _ in sparse),
            "dense_keys": tuple(k for k, _ in dense),
            "ragged_keys": tuple(k for k, _, _ in ragged), "num_sparse": len(sparse),
            "sparse_types": tuple(d for _, d in sparse),
            "ragged_value_types": tuple(d for _, d, _ in ragged),
            "ragged_split_types": tuple(s for _, _, s in ragged),
            "dense_shapes": tuple(s for _, s in dense)}


def _samples() -> list:
    s1 = _strings(_ex(a=[1, 2], s=[b"x", b"yz"]), _ex(a=[3, 4], s=[b"q"]))
    s2 = _strings(_ex(f=[1.0, 2.0, 3.0, 4.0], s=[b"a"]), _ex(f=[5.0, 6.0]))
    none64 = np.zeros(0, np.int64)
    return [
        Sample((s1, none64), op_attrs((("s", dt.string),), (("a", (2,)),)), grad=False),
        # a FixedLenSequenceFeature padded with its default; Examples named
        Sample((s2, np.array(-1.0, np.float32)),
               op_attrs((("s", dt.string),), (("f", (None, 2)),), names=("n1", "n2")),
               grad=False),
        # a default for a missing feature; a ragged key of int64 row splits
        Sample((s2[1:], np.array(7, np.int64)),
               op_attrs((("s", dt.string),), (("zz", ()),), (("f", dt.float32, dt.int64),)),
               grad=False),
        Sample((np.array(s1[0], dtype=object), np.array([b"p", b"q"], dtype=object)),
               op_attrs(dense=(("s", (2,)),), ragged=(("a", dt.int64, dt.int32),)),
               grad=False),
        Sample((s1,), op_attrs(ragged=(("a", dt.int64, dt.int64), ("s", dt.string, dt.int32))),
               grad=False),
        # names known only at run time: the last input
        Sample((s2, np.array(-1.0, np.float32), _strings(b"n1", b"n2")),
               op_attrs((("s", dt.string),), (("f", (None, 2)),), names=None), grad=False),
    ]


def _bad_samples() -> list:
    s1 = _strings(_ex(a=[1, 2], s=[b"x", b"yz"]), _ex(a=[3, 4], s=[b"q"]))
    none = np.zeros(0, np.int64)
    attrs = op_attrs((("s", dt.string),), (("a", (3,)),))
    return [
        BadSample((s1, none), attrs, InvalidArgumentError, "Number of int64 values != expected"),
        BadSample((s1, none, _strings(b"n1")), {**attrs, "names": None}, InvalidArgumentError,
                  "Expected names have the same shape as serialized: name.shape=[1], "
                  "serialized.shape=[2]"),
        BadSample((s1, np.zeros(0, np.float32)), op_attrs((("s", dt.string),), (("a", (2,)),)),
                  InvalidArgumentError, "Data types don't match"),
        BadSample((s1, none), op_attrs((("s", dt.string),), (("q", (2,)),)),
                  InvalidArgumentError, "is required but could not be found"),
        BadSample((s1, none), op_attrs((("a", dt.string),), (("a", (2,)),)),
                  InvalidArgumentError, "Data types don't match"),
        BadSample((_strings(b"\x0a\x7f garbage"), none), op_attrs((("a", dt.int64),),
                                                                   (("a", (2,)),)),
                  InvalidArgumentError, "Could not parse example input"),
        BadSample((s1.reshape(2, 1), none), attrs, InvalidArgumentError, "scalar or vector"),
        BadSample((s1, np.zeros(2, np.int64)), attrs, InvalidArgumentError,
                  "def_value[0].shape() == [2] is not compatible with dense_shapes_[0] == [3]"),
        BadSample((s1, none), {**attrs, "num_sparse": 2}, InvalidArgumentError,
                  "len(sparse_keys) != len(sparse_types)"),
        BadSample((s1, none), {**attrs, "sparse_keys": ("s", "t")}, InvalidArgumentError,
                  "Expected len(sparse_keys) == num_sparse but got: 2 vs. 1"),
        BadSample((s1, none), {**attrs, "ragged_keys": ("r",)}, InvalidArgumentError,
                  "Expected len(ragged_keys) == len(ragged_value_types) but got: 1 vs. 0"),
        BadSample((s1, none), {**attrs, "names": ("x",)}, InvalidArgumentError,
                  "Expected names have the same shape as serialized"),
    ]


PARSE_EXAMPLE = register(OpDef(
    _OP, _infer, _kernel, reference=_reference, num_outputs=-1, gpu=False,
    arity=lambda ins, attrs: {"Tdense": len(ins) - 1 - fed(attrs["names"]),
                              "num_sparse": attrs["num_sparse"],
                              "sparse_types": len(attrs["sparse_types"]),
                              "ragged_value_types": len(attrs["ragged_value_types"]),
                              "ragged_split_types": len(attrs["ragged_split_types"])},
    samples=_samples, bad_samples=_bad_samples,  # built when asked: they need protobuf
))

# ---------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------

def _dtype_of(feature: Any, key: str, attr: str = "Tdense") -> dt.DType:
    """A feature's dtype, one of the attr `attr`'s allowed types (Tdense for the dense
    features, sparse_types for the VarLen ones)."""
    try:
        d = dt.as_dtype(feature.dtype)
    except TypeError as e:
        raise TypeError(f"Feature {key}: {e}") from None
    if d not in _KIND:  # (TF's message names the node, then prints the op's definition)
        raise InvalidArgumentError(None, None, f"Value for attr '{attr}' of {C.dtype_word(d)} is "
                                   f"not in the list of allowed values: float, int64, string"
                                   f"\n\t; NodeDef: {{{{node {_OP}}}}}; "
                                   f"{tf_op_defs.summary(_OP)} [Op:{_OP}]")
    return d


def _default(feature: Any, dtype: dt.DType, shape: tuple, seq: bool, key: str) -> tuple | None:
    if feature.default_value is None:
        return None
    value = feature.default_value
    arr = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    if dtype is dt.string:
        flat = tuple(x.encode() if isinstance(x, str) else bytes(x) for x in arr.reshape(-1))
    else:
        flat = tuple(arr.astype(dtype.as_numpy_dtype).reshape(-1).tolist())
    if seq:
        if len(flat) != 1:
            raise ValueError(f"Feature {key}: the default_value of a FixedLenSequenceFeature "
                             "must be a scalar.")
        return flat
    want = int(np.prod(shape, dtype=np.int64)) if shape else 1
    if len(flat) != want:
        raise InvalidArgumentError(None, None, f"Input to reshape is a tensor with {len(flat)} "
                                   f"values, but the requested shape has {want} [Op:Reshape]")
    return flat


def _attrs_of(features: Any, order: list | None = None) -> tuple:
    """The (key, dtype) of each sparse feature and the (key, dtype, shape, default,
    sequence?) of each dense one, in the order of `order` (the keys), else sorted."""
    if not isinstance(features, dict):
        raise TypeError(f"`features` must be a dict of feature keys to FixedLenFeature, "
                        f"VarLenFeature or FixedLenSequenceFeature; got {type(features)}")
    sparse, dense = [], []
    for key in sorted(features) if order is None else order:
        f = features[key]
        if isinstance(f, VarLenFeature):
            sparse.append((key, _dtype_of(f, key, "sparse_types")))
        elif isinstance(f, FixedLenFeature):
            d = _dtype_of(f, key)
            shape = TensorShape(f.shape)
            if not shape.is_fully_defined():
                if shape.rank and shape[0] is None:
                    raise ValueError(f"First dimension of shape for feature {key} unknown. "
                                     f"Consider using FixedLenSequenceFeature. Received "
                                     f"feature={f!r}.")
                raise ValueError(f"All dimensions of shape for feature {key} need to be known "
                                 f"but received {shape}.")
            dims = tuple(shape.as_list())
            dense.append((key, d, dims, _default(f, d, dims, False, key), False))
        elif isinstance(f, FixedLenSequenceFeature):
            d = _dtype_of(f, key)
            if not f.allow_missing:
                raise ValueError("Unsupported: FixedLenSequenceFeature requires allow_missing to "
                                 "be True.")
            shape = TensorShape(f.shape)
            if not shape.is_fully_defined():
                raise ValueError(f"All dimensions of shape for feature {key} need to be known "
                                 f"but received {shape}.")
            dims = tuple(shape.as_list())
            dense.append((key, d, dims, _default(f, d, dims, True, key), True))
        else:
            raise ValueError(f"Unsupported {type(f).__name__} {f} for key {key!r}")
    return sparse, dense


def _run(serialized: Any, features: Any, single: bool, example_names: Any = None,
         ragged: dict | None = None, order: list | None = None,
         scope: str = "ParseExample", name: str | None = None) -> dict:
    """The parse of `features` (VarLen, FixedLen and FixedLenSequence features, read in
    the order of the keys `order`, else sorted) and of the keys of `ragged` (key ->
    (dtype, row splits dtype)), which TF's op reads as a RaggedFeature's values or
    partitions: each such key's (values, row splits). Its nodes are under name scope
    `scope` in a graph, as TF's, the op named `name` where given."""
    ragged = ragged or {}
    sparse, dense = _attrs_of(features, order)
    if not features and not ragged:
        raise ValueError("Invalid argument: features cannot be empty.")
    t = serialized_tensor(serialized, single)
    names, extra = names_input(example_names, single)
    attrs = op_attrs(tuple(sparse), tuple((k, ((None,) if seq else ()) + shape)
                                          for k, _, shape, _, seq in dense),
                     tuple((k, d, s) for k, (d, s) in ragged.items()), names)
    with graph_scope(scope):  # (TF's scope of the defaults and the node)
        defaults = tuple(default_tensor(d, shape, default, seq, key,
                                        features[key].default_value)
                         for key, d, shape, default, seq in dense)
        try:
            outs = bind(PARSE_EXAMPLE, (t, *defaults, *extra), attrs, name)
        except OpError as e:
            slow_path(e)  # (TF's wrapper, handed the keys as Python lists, takes its slow path)
            raise
    k, nd = len(sparse), len(dense)
    result: dict = {}
    for j, (key, _) in enumerate(sparse):
        result[key] = _sparse(outs[j], outs[k + j], outs[2 * k + j])
    for j, (key, *_rest) in enumerate(dense):
        result[key] = outs[3 * k + j]
    rag = outs[3 * k + nd:]
    for j, key in enumerate(ragged):
        result[key] = (rag[j], rag[len(ragged) + j])
    return result


def default_tensor(dtype: dt.DType, shape: tuple, default: tuple | None, seq: bool,
                   key: str = "", given: Any = None) -> Any:
    """A dense feature's default as TF's parse_example hands it to the op: of its shape,
    or empty where it has none (the feature is required); a sequence's padding, a scalar
    (zero or b"" where it has none). In a graph, as TF's nodes of it: a Const ("Const"), or
    the value as `given` (Const "key_<key>", a padding's "padding_<key>") reshaped."""
    if default is None and seq:
        default = (b"",) if dtype is dt.string else (0,)
        given = None
    if _state.graph is None or default is None:
        if default is None:
            return _graph_const(_array([], dtype, (0,)), dtype, "Const")
        return convert_to_tensor(_array(list(default), dtype, () if seq else shape),
                                 dtype=dtype)
    if given is None:  # (a sequence's own padding)
        return _graph_const(_array(list(default), dtype, ()), dtype, "Const")
    value = _array(list(default), dtype, np.shape(given))
    kind = "padding_" if seq else "key_"
    return reshaping.reshape(_graph_const(value, dtype, kind + _NOT_IN_NAME.sub("_", key)),
                             [] if seq else list(shape))


_NOT_IN_NAME = re.compile(r"[^A-Za-z0-9_.\-/]")  # (TF's node names of the keys)


def _graph_const(value: np.ndarray, dtype: dt.DType, name: str) -> Any:
    if _state.graph is None:
        return convert_to_tensor(value, dtype=dtype)
    return array.constant(value, dtype=dtype, name=name)


def serialized_tensor(serialized: Any, single: bool) -> Any:
    """The serialized protos as a string tensor: a scalar for a single one."""
    t = serialized if hasattr(serialized, "_dtype") else convert_to_tensor(serialized,
                                                                            dtype=dt.string)
    if t._dtype is not dt.string:
        raise ValueError(f"Tensor conversion requested dtype string for Tensor with dtype "
                         f"{t._dtype.name}: {t!r}")
    if single and t._shape is not None and len(t._shape) != 0:
        raise ValueError("Input serialized must be a scalar")
    return t


def _sparse(indices: Any, values: Any, dense_shape: Any) -> SparseTensor:
    if isinstance(indices, EagerTensor):
        return SparseTensor._from_arrays(indices._arr, values._arr, dense_shape._arr,
                                         values.dtype)
    st = object.__new__(SparseTensor)  # symbolic parts while a function is traced
    st._indices, st._values, st._dense_shape = indices, values, dense_shape
    return st


def parse_example(serialized: Any, features: dict, example_names: Any = None,
                  name: str | None = None) -> dict:
    """`tf.io.parse_example(serialized, features)` for a vector of serialized Examples (a
    scalar one is parsed as by parse_single_example, as TF's op does)."""
    return _run(serialized, features, is_scalar(serialized), example_names)


def graph_scope(name: str) -> Any:
    """TF's name scope `name` of a parse's nodes while a graph is built (eagerly none:
    TF's eager errors name no scope)."""
    return name_scope(name) if _state.graph is not None else contextlib.nullcontext()


def names_input(example_names: Any, single: bool) -> tuple:
    """(the names attr, the inputs after the defaults): names known when traced as an
    attr of str (none for a single Example, whose messages name none); a tensor of a
    traced function as the last input (the attr None)."""
    if example_names is None:
        return (), ()
    if isinstance(example_names, Tensor) and not isinstance(example_names, EagerTensor):
        return None, (example_names,)
    return (() if single else names_attr(example_names)), ()


def names_attr(example_names: Any) -> tuple:
    """example_names as the str of each Example's name (TF takes them as a string tensor)."""
    a = convert_to_tensor(example_names, dtype=dt.string).numpy()
    return tuple(x.decode("utf-8", "replace") if isinstance(x, bytes) else str(x)
                 for x in np.asarray(a, dtype=object).reshape(-1))


def is_scalar(serialized: Any) -> bool:
    """Whether `serialized` is known to be one serialized proto, not a batch."""
    if hasattr(serialized, "_dtype"):
        return serialized._shape is not None and len(serialized._shape) == 0
    if isinstance(serialized, (bytes, str)):
        return True
    # converted as TF's op converts it: a ragged list is the conversion's ValueError
    return len(convert_to_tensor(serialized).shape) == 0


def parse_single_example(serialized: Any, features: dict, example_names: Any = None,
                         name: str | None = None) -> dict:
    """`tf.io.parse_single_example(serialized, features)` for one serialized Example."""
    return _run(serialized, features, single=True)
