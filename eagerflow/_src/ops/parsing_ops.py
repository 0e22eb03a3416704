"""Parsing serialized tf.train.Example protos: tf.io.parse_example / parse_single_example.

Ops layer. One primitive, `ParseExampleV2` (TF's name), parses a scalar or vector
of serialized Examples with the protobuf library and returns, as in TF, the
sparse outputs (indices, values, dense_shape for each VarLenFeature) followed by
the dense outputs (FixedLenFeature / FixedLenSequenceFeature); how many, the features
say (num_outputs=-1: its infer counts them).
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import counted_as, slow_path
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
            if len(v) != per_row:
                raise InvalidArgumentError(
                    None, None, f"Name: {nm[i]}, Key: {key}, Index: {i}.  Number of "
                    f"{_WORD[dtype]} values != expected.  Values size: {len(v)} but output "
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


def _check_lists(sparse_keys: Any, sparse_types: Any, dense_keys: Any, dense_types: Any,
                 dense_shapes: Any, dense_defaults: Any, dense_seq: Any) -> None:
    """The per-feature attrs are tuples of matching lengths; the types are DTypes."""
    lists = {"sparse_keys": sparse_keys, "sparse_types": sparse_types, "dense_keys": dense_keys,
             "dense_types": dense_types, "dense_shapes": dense_shapes,
             "dense_defaults": dense_defaults, "dense_seq": dense_seq}
    for what, v in lists.items():
        if not isinstance(v, tuple):
            raise TypeError(f"Expected list for argument '{what}' not {v!r}. [Op:{_OP}]")
    for d in sparse_types + dense_types:
        C.dtype_attr(_OP, d, "Tdense")
    if len(sparse_types) != len(sparse_keys):
        raise InvalidArgumentError(None, None, f"len(sparse_keys) != len(sparse_types): "
                                   f"{len(sparse_keys)} vs. {len(sparse_types)} [Op:{_OP}]")
    n = len(dense_keys)
    if any(len(v) != n for v in (dense_types, dense_shapes, dense_defaults, dense_seq)):
        raise InvalidArgumentError(None, None, f"len(dense_keys) != len(dense_types), "
                                   f"len(dense_shapes), len(dense_defaults) or len(dense_seq) "
                                   f"[Op:{_OP}]")
    for i, (shape, dtype) in enumerate(zip(dense_shapes, dense_types)):
        _check_dense_shape(i, shape, dtype)


def _check_dense_shape(i: int, shape: Any, dtype: dt.DType) -> None:
    """A dense feature's shape: non-negative int dims whose element count fits int64 and
    (one row of it) memory."""
    if not isinstance(shape, tuple) or not all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in shape):
        raise TypeError(f"Expected a list of ints for dense_shapes[{i}] not {shape!r}. "
                        f"[Op:{_OP}]")
    if any(v < 0 for v in shape):
        raise InvalidArgumentError(None, None, f"dense_shapes[{i}] has a negative dimension: "
                                   f"[{','.join(str(v) for v in shape)}] [Op:{_OP}]")
    check_finite_size(_OP, tuple(int(v) for v in shape), dtype)


def check_serialized(op: str, serialized: Any) -> Any:
    """A parse op's serialized protos: a string scalar or vector. Returns its shape."""
    if serialized._dtype is not dt.string:
        raise InvalidArgumentError(None, None, f"cannot compute {op} as input #0(zero-based) was "
                                   f"expected to be a string tensor but is a "
                                   f"{serialized._dtype.name} tensor [Op:{op}]")
    shape = serialized._shape
    if shape is not None and len(shape) > 1:
        raise InvalidArgumentError(None, None, f"Expected serialized to be a scalar or vector, "
                                   f"got shape: [{','.join(str(d) for d in shape)}] [Op:{op}]")
    return shape


def _parse_infer(serialized: Any, *, sparse_keys: tuple, sparse_types: tuple, dense_keys: tuple,
                 dense_types: tuple, dense_shapes: tuple, dense_defaults: tuple,
                 dense_seq: tuple, single: bool, names: tuple = ()) -> list:
    shape = check_serialized(_OP, serialized)
    if single and shape is not None and len(shape) == 1 and shape[0] not in (1, None):
        raise InvalidArgumentError(None, None, f"Expected a single serialized Example, got "
                                   f"{shape[0]} [Op:{_OP}]")
    _check_lists(sparse_keys, sparse_types, dense_keys, dense_types, dense_shapes,
                 dense_defaults, dense_seq)
    for d in tuple(sparse_types) + tuple(dense_types):
        if d not in _KIND:
            raise InvalidArgumentError(None, None, f"Value for attr 'Tdense' of {d.name} is not in "
                                       f"the list of allowed values: float, int64, string "
                                       f"[Op:{_OP}]")
    batch = () if single else ((shape[0] if shape else 1 if shape == () else None),)
    rank = 1 if single else 2
    specs: list = [((None, rank), dt.int64) for _ in sparse_keys]
    specs += [((None,), d) for d in sparse_types]
    specs += [((rank,), dt.int64) for _ in sparse_keys]
    for d, s, seq in zip(dense_types, dense_shapes, dense_seq):
        # serialized of unknown rank: TF's dense outputs are of unknown rank too
        specs.append((None if shape is None and not single else
                      batch + ((None,) if seq else ()) + tuple(s), d))
    return specs


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


def _attrs(sparse: tuple, dense: tuple, single: bool = False) -> dict:
    return {"sparse_keys": tuple(k for k, _ in sparse), "sparse_types": tuple(d for _, d in sparse),
            "dense_keys": tuple(d[0] for d in dense), "dense_types": tuple(d[1] for d in dense),
            "dense_shapes": tuple(d[2] for d in dense),
            "dense_defaults": tuple(d[3] for d in dense),
            "dense_seq": tuple(d[4] for d in dense), "single": single}


def _samples() -> list:
    s1 = _strings(_ex(a=[1, 2], s=[b"x", b"yz"]), _ex(a=[3, 4], s=[b"q"]))
    s2 = _strings(_ex(f=[1.0, 2.0, 3.0, 4.0], s=[b"a"]), _ex(f=[5.0, 6.0]))
    return [
        Sample((s1,), _attrs((("s", dt.string),), (("a", dt.int64, (2,), None, False),)),
               grad=False),
        Sample((s2,), _attrs((("s", dt.string),), (("f", dt.float32, (2,), None, True),)),
               grad=False),
        Sample((s2[1:],), _attrs((("f", dt.float32),), (("zz", dt.int64, (), (7,), False),)),
               grad=False),
        Sample((np.array(s1[0], dtype=object),),
               _attrs((("a", dt.int64),), (("s", dt.string, (2,), None, False),), True),
               grad=False),
    ]


def _bad_samples() -> list:
    s1 = _strings(_ex(a=[1, 2], s=[b"x", b"yz"]), _ex(a=[3, 4], s=[b"q"]))
    return [
        BadSample((s1,), _attrs((("s", dt.string),), (("a", dt.int64, (3,), None, False),)),
                  InvalidArgumentError, "Number of int64 values != expected"),
        BadSample((s1,), _attrs((("s", dt.string),), (("a", dt.float32, (2,), None, False),)),
                  InvalidArgumentError, "Data types don't match"),
        BadSample((s1,), _attrs((("s", dt.string),), (("q", dt.int64, (2,), None, False),)),
                  InvalidArgumentError, "is required but could not be found"),
        BadSample((s1,), _attrs((("a", dt.string),), (("a", dt.int64, (2,), None, False),)),
                  InvalidArgumentError, "Data types don't match"),
        BadSample((_strings(b"\x0a\x7f garbage"),),
                  _attrs((("a", dt.int64),), (("a", dt.int64, (2,), None, False),)),
                  InvalidArgumentError, "Could not parse example input"),
        BadSample((s1.reshape(2, 1),),
                  _attrs((("a", dt.int64),), (("a", dt.int64, (2,), None, False),)),
                  InvalidArgumentError, "scalar or vector"),
    ]


PARSE_EXAMPLE = register(OpDef(
    _OP, _parse_infer, _parse_kernel, reference=_parse_ref, num_outputs=-1,
    # (ragged features are parsed as sparse ones here: TF's ragged lists are empty)
    arity=lambda ins, attrs: {"Tdense": len(attrs["dense_types"]),
                              "num_sparse": len(attrs["sparse_keys"]),
                              "sparse_types": len(attrs["sparse_types"]),
                              "ragged_value_types": 0, "ragged_split_types": 0},
    samples=_samples, bad_samples=_bad_samples,  # built when asked: they need protobuf
))

# ---------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------

def _dtype_of(feature: Any, key: str) -> dt.DType:
    try:
        d = dt.as_dtype(feature.dtype)
    except TypeError as e:
        raise TypeError(f"Feature {key}: {e}") from None
    if d not in _KIND:
        raise InvalidArgumentError(None, None, f"Value for attr 'Tdense' of {d.name} is not in "
                                   f"the list of allowed values: float, int64, string "
                                   f"[Op:{_OP}]")
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


def _attrs_of(features: Any) -> tuple:
    if not isinstance(features, dict):
        raise TypeError(f"`features` must be a dict of feature keys to FixedLenFeature, "
                        f"VarLenFeature or FixedLenSequenceFeature; got {type(features)}")
    if not features:
        raise ValueError("Invalid argument: features cannot be empty.")
    sparse, dense = [], []
    for key in sorted(features):
        f = features[key]
        if isinstance(f, VarLenFeature):
            sparse.append((key, _dtype_of(f, key)))
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
            raise ValueError(f"Unsupported feature type {type(f).__name__} for key {key!r}.")
    return sparse, dense


def _run(serialized: Any, features: Any, single: bool, example_names: Any = None,
         ragged: frozenset = frozenset()) -> dict:
    """The parse of `features` (`ragged`: those of its keys, all VarLenFeatures here, that
    TF's op reads as a RaggedFeature's values or partitions)."""
    sparse, dense = _attrs_of(features)
    t = serialized_tensor(serialized, single)
    attrs = _attrs(tuple(sparse), tuple(dense), single)
    if example_names is not None and not single:
        attrs["names"] = names_attr(example_names)
    try:
        outs = bind(PARSE_EXAMPLE, (t,), attrs)
    except OpError as e:
        # TF's op counts the ragged keys apart, and its wrapper is handed the keys as
        # Python lists: the slow path, no name
        n = len(sparse) - len(ragged)
        slow_path(counted_as(e, _OP, {
            "Tdense": len(dense), "num_sparse": n, "sparse_types": n,
            "ragged_value_types": len(ragged), "ragged_split_types": len(ragged)}))
        raise
    k = len(sparse)
    result: dict = {}
    for j, (key, _) in enumerate(sparse):
        result[key] = _sparse(outs[j], outs[k + j], outs[2 * k + j])
    for j, (key, *_rest) in enumerate(dense):
        result[key] = outs[3 * k + j]
    return result


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
