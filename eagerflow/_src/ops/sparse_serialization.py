"""SparseTensors as bytes: tf.io.serialize_sparse, serialize_many_sparse and
deserialize_many_sparse (the SerializeSparse, SerializeManySparse and
DeserializeManySparse primitives).

Ops layer, after serialization.py, loaded on first use. A serialized SparseTensor is
three strings, the TensorProto bytes of its indices, values and dense shape, each with
all of its content in `tensor_content` (io/tensor_proto.py's content_layout: TF's
SerializeSparse writes strings there too, not in string_val). serialize_many_sparse
writes one such triple per row of the first dimension (which the indices must be
ordered by); deserializing a [..., 3] array of triples joins them again under the
leading dimensions, each dimension of the result the largest of the parts'.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.shape import dims_text
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import check_finite_size, convert_to_tensor
from eagerflow._src.io import tensor_proto as tp
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.serialization import varint

_OUT_TYPES = frozenset({dt.string})


def _strings(values: list, shape: tuple) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out.reshape(shape)


def check_components(op: str, indices: Any, values: Any, shape: Any) -> None:
    if indices._dtype is not dt.int64:
        raise C.wrong_input_dtype(op, 0, dt.int64, indices._dtype)
    if shape._dtype is not dt.int64:
        raise C.wrong_input_dtype(op, 2, dt.int64, shape._dtype)
    if indices._shape is not None and len(indices._shape) != 2:
        raise C.fail(op, f"Input indices should be a matrix but received shape "
                         f"{C.shape_str(indices._shape)}")
    if values._shape is not None and len(values._shape) != 1:
        raise C.fail(op, f"Input values should be a vector but received shape "
                         f"{C.shape_str(values._shape)}")
    if shape._shape is not None and len(shape._shape) != 1:
        raise C.fail(op, f"Input shape should be a vector but received shape "
                         f"{C.shape_str(shape._shape)}")


def _out_type(op: str, out_type: Any) -> None:
    d = dt.as_dtype(out_type)
    if d is dt.variant:  # TF allows it; eagerflow has no variant tensors
        raise UnimplementedError(None, None, f"{op}: out_type=tf.variant is not supported "
                                             f"(eagerflow has no variant tensors); use "
                                             f"tf.string [Op:{op}]")
    if d not in _OUT_TYPES:
        raise C.fail(op, f"Value for attr 'out_type' of {C.dtype_word(dt.as_dtype(out_type))}"
                         f" is not in the list of allowed values: string, variant\n\t; "
                         f"NodeDef: {{{{node {op}}}}}")


def _triple(indices: np.ndarray, values: np.ndarray, shape: np.ndarray,
            dtype: dt.DType) -> list:
    return [tp.content_layout(np.asarray(indices, np.int64), dt.int64).SerializeToString(),
            tp.content_layout(values, dtype).SerializeToString(),
            tp.content_layout(np.asarray(shape, np.int64), dt.int64).SerializeToString()]


def _values_dtype(values: Any) -> dt.DType:
    arr = np.asarray(values)
    return dt.string if arr.dtype == object else dt.as_dtype(arr.dtype)


# ---------------------------------------------------------------------------------------
# SerializeSparse: one SparseTensor, three strings.
# ---------------------------------------------------------------------------------------

def _serialize_infer(indices: Any, values: Any, shape: Any, *, out_type: Any = dt.string
                     ) -> list:
    check_components("SerializeSparse", indices, values, shape)
    _out_type("SerializeSparse", out_type)
    return [((3,), dt.as_dtype(out_type))]


def _serialize_kernel(xp: Any, indices: Any, values: Any, shape: Any, *,
                      out_type: Any = dt.string) -> np.ndarray:
    v = np.asarray(values)
    return _strings(_triple(np.asarray(indices), v, np.asarray(shape), _values_dtype(v)),
                    (3,))


def _ref_tensor_bytes(x: np.ndarray, d: dt.DType) -> bytes:
    """A component's TensorProto bytes written out by hand (dtype 1, shape 2, content 4)."""
    dims = b"".join(b"\x12" + varint(len(varint(n)) + 1) + b"\x08" + varint(n) if n else
                    b"\x12\x00" for n in x.shape)
    out = b"\x08" + varint(d.as_datatype_enum) + b"\x12" + varint(len(dims)) + dims
    if d is dt.string:
        flat = [bytes(s) for s in x.reshape(-1)]
        raw = b"".join(varint(len(s)) for s in flat) + b"".join(flat)
    else:
        raw = x.astype(x.dtype.newbyteorder("<")).tobytes()
    return out + (b'"' + varint(len(raw)) + raw if x.size else b"")


def _ref_serialize(indices: np.ndarray, values: np.ndarray, shape: np.ndarray, *,
                   out_type: Any = dt.string) -> np.ndarray:
    d = _values_dtype(values)
    return _strings([_ref_tensor_bytes(indices, dt.int64), _ref_tensor_bytes(values, d),
                     _ref_tensor_bytes(shape, dt.int64)], (3,))


def _i64(x: Any) -> np.ndarray:
    return np.asarray(x, np.int64)


def _sample_sparse() -> tuple:
    return (_i64([[0, 1], [2, 0], [2, 3]]), np.array([1.5, -2.0, 3.0], np.float32),
            _i64([3, 4]))


SERIALIZE_SPARSE = register(OpDef(
    "SerializeSparse", _serialize_infer, _serialize_kernel, reference=_ref_serialize, gpu=False,
    samples=lambda: [
        Sample(_sample_sparse(), grad=False),
        Sample((_i64([[0, 0], [0, 1]]), _strings([b"ab", b"c"], (2,)), _i64([1, 2])),
               grad=False),
        Sample((np.zeros((0, 2), np.int64), np.zeros(0, np.int32), _i64([2, 3])), grad=False),
        Sample((_i64([[1]]), np.array([True]), _i64([4])), grad=False)],
    bad_samples=lambda: [
        BadSample((_i64([[0]]), np.array([1.0], np.float32), _i64([2])),
                  {"out_type": dt.int32}, InvalidArgumentError,
                  "Value for attr 'out_type' of int32 is not in the list of allowed values: "
                  "string, variant"),
        BadSample((np.array([[0]], np.int32), np.array([1.0], np.float32), _i64([2])), {},
                  InvalidArgumentError, "was expected to be a int64 tensor but is a int32"),
        BadSample((_i64([0]), np.array([1.0], np.float32), _i64([2])), {},
                  InvalidArgumentError, "Input indices should be a matrix but received "
                                        "shape [1]")],
))


# ---------------------------------------------------------------------------------------
# SerializeManySparse: a triple per row of the first dimension.
# ---------------------------------------------------------------------------------------

def _many_infer(indices: Any, values: Any, shape: Any, *, out_type: Any = dt.string) -> list:
    op = "SerializeManySparse"
    check_components(op, indices, values, shape)
    rows = (None if indices._shape is None else indices._shape[0],
            None if values._shape is None else values._shape[0])
    if None not in rows and rows[0] != rows[1]:
        raise C.fail(op, f"indices and values rows (indexing dimension) must match. "
                         f"(indices = {rows[0]}, values = {rows[1]})")
    _out_type(op, out_type)
    known = getattr(shape, "_arr", None)
    if known is not None:
        dims = to_host(known).reshape(-1)
        if dims.size < 2:
            raise C.fail(op, f"Rank of input SparseTensor should be > 1, but saw rank: "
                             f"{dims.size}")
        n = int(dims[0])  # (a negative one is the kernel's to refuse)
        return [((n if n >= 0 else None, 3), dt.as_dtype(out_type))]
    if shape._shape is not None and shape._shape[0] is not None and shape._shape[0] < 2:
        raise C.fail(op, f"Rank of input SparseTensor should be > 1, but saw rank: "
                         f"{shape._shape[0]}")
    return [((None, 3), dt.as_dtype(out_type))]


def _many_kernel(xp: Any, indices: Any, values: Any, shape: Any, *,
                 out_type: Any = dt.string) -> np.ndarray:
    op = "SerializeManySparse"
    idx, vals, dims = np.asarray(indices), np.asarray(values), np.asarray(shape)
    if dims.size < 2:
        raise C.fail(op, f"Rank of input SparseTensor should be > 1, but saw rank: {dims.size}")
    check_sparse(op, idx, dims)
    _check_dense_size(op, dims)
    check_finite_size(op, (int(dims[0]), 3), dt.string)
    d = _values_dtype(vals)
    rows = idx[:, 0] if len(idx) else np.zeros(0, np.int64)
    out = []
    for r in range(int(dims[0])):
        take = rows == r
        out += _triple(idx[take, 1:], vals[take], dims[1:], d)
    return _strings(out, (int(dims[0]), 3))


def _check_dense_size(op: str, dims: np.ndarray) -> None:
    """TF's shape of the dense tensor must count its elements in an int64."""
    total = 1
    for v in dims.tolist():
        if total * v > 2**63 - 1:
            raise C.fail(op, f"Encountered overflow when multiplying {total} with {v}, "
                             "result: -1")
        total *= v


def check_sparse(op: str, idx: np.ndarray, dims: np.ndarray) -> None:
    """TF's validation of a SparseTensor's parts, in TF's order: the indices' width, the
    dimensions' signs, then entry by entry bounds and row-major order, a repeat its own
    error (the first bad one)."""
    if idx.shape[1] != dims.size:
        raise C.fail(op, "Order length must be SparseTensor rank.")
    if (dims < 0).any():
        raise C.fail(op, f"Expected shape dimensions to be non-negative, got "
                         f"{int(dims[dims < 0][0])}")
    bound = dims_text(int(v) for v in dims)
    for k in range(len(idx)):
        shown = ",".join(str(int(v)) for v in idx[k])
        if ((idx[k] < 0) | (idx[k] >= dims)).any():
            raise C.fail(op, f"indices[{k}] = [{shown}] is out of bounds: need 0 <= index < "
                             f"{bound}")
        if k and tuple(idx[k]) == tuple(idx[k - 1]):
            raise C.fail(op, f"indices[{k}] = [{shown}] is repeated")
        if k and tuple(idx[k]) < tuple(idx[k - 1]):
            raise C.fail(op, f"indices[{k}] = [{shown}] is out of order. Many sparse ops "
                             f"require sorted indices.\n    Use `tf.sparse.reorder` to create "
                             f"a correctly ordered copy.\n\n")


def _ref_many(indices: np.ndarray, values: np.ndarray, shape: np.ndarray, *,
              out_type: Any = dt.string) -> np.ndarray:
    rows = []
    for r in range(int(shape[0])):
        picked = [k for k in range(len(indices)) if indices[k][0] == r]
        sub = np.array([indices[k][1:] for k in picked], np.int64).reshape(
            len(picked), len(shape) - 1)
        rows.append(list(_ref_serialize(sub, values[picked], shape[1:])))
    return _strings([s for row in rows for s in row], (int(shape[0]), 3))


SERIALIZE_MANY_SPARSE = register(OpDef(
    "SerializeManySparse", _many_infer, _many_kernel, reference=_ref_many, gpu=False,
    samples=lambda: [
        Sample(_sample_sparse(), grad=False),
        Sample((_i64([[0, 0, 1], [1, 1, 0]]), _strings([b"x", b"yz"], (2,)), _i64([3, 2, 2])),
               grad=False),
        Sample((np.zeros((0, 2), np.int64), np.zeros(0, np.float64), _i64([2, 3])),
               grad=False)],
    bad_samples=lambda: [
        BadSample((_i64([[0]]), np.array([1.0], np.float32), _i64([3])), {},
                  InvalidArgumentError, "Rank of input SparseTensor should be > 1, but saw "
                                        "rank: 1"),
        BadSample((_i64([[2, 3], [0, 1]]), np.array([1.0, 2.0], np.float32), _i64([3, 4])), {},
                  InvalidArgumentError, "indices[1] = [0,1] is out of order. Many sparse ops "
                                        "require sorted indices."),
        BadSample((_i64([[0, 1], [2, 0]]), np.array([], np.float32), _i64([3, 4])), {},
                  InvalidArgumentError, "indices and values rows (indexing dimension) must "
                                        "match. (indices = 2, values = 0)"),
        BadSample((_i64([[0, 1], [5, 3]]), np.array([1.0, 2.0], np.float32), _i64([3, 4])), {},
                  InvalidArgumentError, "indices[1] = [5,3] is out of bounds: need 0 <= index "
                                        "< [3,4]"),
        BadSample((_i64([[0, 1]]), np.array([1.0], np.float32), _i64([-1, 4])), {},
                  InvalidArgumentError, "Expected shape dimensions to be non-negative, got -1"),
        BadSample((_i64([[0, 1, 0]]), np.array([1.0], np.float32), _i64([3, 4])), {},
                  InvalidArgumentError, "Order length must be SparseTensor rank.")],
))


# ---------------------------------------------------------------------------------------
# DeserializeManySparse: [..., 3] triples joined under the leading dimensions.
# ---------------------------------------------------------------------------------------

def deserialize_infer(serialized: Any, *, dtype: Any,
                      op: str = "DeserializeManySparse") -> list:
    """DeserializeSparse's and DeserializeManySparse's (one kernel in TF)."""
    C.check_string(op, serialized)
    s = serialized._shape
    if s is not None and len(s) == 0:
        raise C.fail(op, "Serialized sparse should have non-zero rank []")
    if s is not None and s[-1] not in (None, 3):
        raise C.fail(op, f"Serialized sparse should have 3 as the last dimension "
                         f"{C.shape_str(s)}")
    return [((None, None), dt.int64), ((None,), dt.as_dtype(dtype)), ((None,), dt.int64)]


def _parse(op: str, data: bytes, want: dt.DType | None = None) -> tuple:
    proto = tp.message_class()()
    try:
        proto.ParseFromString(data)
        got = dt.as_dtype(proto.dtype)
    except Exception:  # protobuf's DecodeError, an unknown dtype
        raise C.fail(op, "Could not parse serialized proto") from None
    if want is not None and got is not want:
        raise C.fail(op, f"Type mismatch: actual {C.dtype_word(got)} vs. expect "
                         f"{C.dtype_word(want)}")
    try:
        return tp.to_ndarray(proto), got
    except Exception:  # content that doesn't fit its shape
        raise C.fail(op, "Could not parse serialized proto") from None


def _part(op: str, k: int, triple: Any, want: dt.DType) -> tuple:
    """Serialized SparseTensor k, its three components checked in TF's order and words."""
    idx, _ = _parse(op, bytes(triple[0]), dt.int64)
    vals, got = _parse(op, bytes(triple[1]))
    if got is not want:
        raise C.fail(op, f"Requested SparseTensor of type {C.dtype_word(want)} but "
                         f"SparseTensor[{k}].values.dtype() == {C.dtype_word(got)}")
    dims, _ = _parse(op, bytes(triple[2]), dt.int64)
    if idx.ndim != 2:
        raise C.fail(op, f"Expected serialized_sparse[{k}, 0] to represent an index matrix "
                         f"but received shape {C.shape_str(idx.shape)}")
    if vals.ndim != 1:
        raise C.fail(op, f"Expected serialized_sparse[{k}, 1] to represent a values vector "
                         f"but received shape {C.shape_str(vals.shape)}")
    if dims.ndim != 1:  # (TF's words name the values' position here)
        raise C.fail(op, f"Expected serialized_sparse[{k}, 1] to be a shape vector but its "
                         f"shape is {C.shape_str(dims.shape)}")
    return idx, vals, dims


def deserialize_kernel(xp: Any, serialized: Any, *, dtype: Any,
                       op: str = "DeserializeManySparse") -> tuple:
    """The SparseTensors of a [..., 3] array of serialized ones, joined under its leading
    dimensions (a single [3] one as it is)."""
    want = dt.as_dtype(dtype)
    arr = np.asarray(serialized, dtype=object)
    outer = arr.shape[:-1]
    if not all(outer):
        raise C.fail(op, f"Serialized sparse should have at least 1 serialized tensor, but "
                         f"has a zero dimension {C.shape_str(arr.shape)}")
    parts, rank = [], None
    for k, triple in enumerate(arr.reshape(-1, 3)):
        idx, vals, dims = _part(op, k, triple, want)
        if rank is not None and dims.size != rank:
            raise C.fail(op, f"Inconsistent shape across SparseTensors: rank prior to "
                             f"SparseTensor[{k}] was: {rank} but rank of SparseTensor[{k}] "
                             f"is: {dims.size}")
        rank = dims.size
        if len(idx) != vals.size:
            raise C.fail(op, f"Expected row counts of SparseTensor[{k}].indices and "
                             f"SparseTensor[{k}].values to match but they do not: "
                             f"{len(idx)} vs. {vals.size}")
        if idx.shape[1] != rank:
            raise C.fail(op, f"Expected column counts of SparseTensor[{k}].indices to match "
                             f"size of SparseTensor[{k}].shape but they do not: "
                             f"{idx.shape[1]} vs. {rank}")
        parts.append((np.asarray(idx, np.int64), vals, np.asarray(dims, np.int64)))
    np_dtype = object if want is dt.string else want.as_numpy_dtype
    if not outer:  # (one SparseTensor: TF hands it back unchecked)
        idx, vals, dims = parts[0]
        return idx, vals.astype(np_dtype), dims
    for _, _, dims in parts:
        if (dims < 0).any():  # (TF's kernel aborts the process)
            raise C.fail(op, f"Expected shape dimensions to be non-negative, got "
                             f"{int(dims[dims < 0][0])}")
    lead = np.array(np.unravel_index(np.arange(len(parts)), outer), np.int64).T
    indices = [np.concatenate([np.repeat(lead[k:k + 1], len(p[0]), 0), p[0]], 1)
               for k, p in enumerate(parts)]
    dims = np.max([p[2] for p in parts], axis=0)
    values = np.concatenate([p[1] for p in parts]).astype(np_dtype)
    return np.concatenate(indices, 0), values, np.concatenate([np.asarray(outer, np.int64),
                                                               dims])


def _ref_deserialize(serialized: np.ndarray, *, dtype: Any) -> tuple:
    """Back to the components by reading the serialized samples' table, joined by hand."""
    rows = [_REF_PARTS[tuple(bytes(s) for s in t)] for t in serialized.reshape(-1, 3)]
    idx = [[r] + list(i) for r, (ind, _, _) in enumerate(rows) for i in ind]
    vals = [v for _, vs, _ in rows for v in vs]
    rank = len(rows[0][2])
    dims = [max(p[2][j] for p in rows) for j in range(rank)]
    return (np.array(idx, np.int64).reshape(-1, rank + 1),
            np.array(vals, dt.as_dtype(dtype).as_numpy_dtype),
            np.array([len(rows)] + dims, np.int64))


_REF_SOURCES = [
    (_i64([[1]]), np.array([1.5], np.float32), _i64([4])),
    (_i64([[0], [2]]), np.array([2.0, -1.0], np.float32), _i64([3])),
    (np.zeros((0, 1), np.int64), np.zeros(0, np.float32), _i64([2])),
]
_REF_PARTS = {tuple(bytes(s) for s in _ref_serialize(*p)): tuple(x.tolist() for x in p)
              for p in _REF_SOURCES}

DESERIALIZE_MANY_SPARSE = register(OpDef(
    "DeserializeManySparse", deserialize_infer, deserialize_kernel, num_outputs=3, gpu=False,
    reference=_ref_deserialize,
    samples=lambda: [
        Sample((np.stack([_ref_serialize(*p) for p in _REF_SOURCES]),), {"dtype": dt.float32},
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.stack([_ref_serialize(*_REF_SOURCES[0])]),), {"dtype": dt.int32},
                  InvalidArgumentError, "Requested SparseTensor of type int32 but "
                                        "SparseTensor[0].values.dtype() == float"),
        BadSample((_strings([b"x", b"y", b"z"], (1, 3)),), {"dtype": dt.float32},
                  InvalidArgumentError, "Could not parse serialized proto"),
        BadSample((np.stack([_ref_serialize(*_REF_SOURCES[0]),
                             _ref_serialize(*_sample_sparse())]),), {"dtype": dt.float32},
                  InvalidArgumentError, "Inconsistent shape across SparseTensors: rank prior "
                                        "to SparseTensor[1] was: 1 but rank of "
                                        "SparseTensor[1] is: 2")],
))


# ---------------------------------------------------------------------------------------
# Public functions.
# ---------------------------------------------------------------------------------------

def _sparse(sp_input: Any) -> SparseTensor:
    if not isinstance(sp_input, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    return sp_input


@dispatch_binding
def serialize_sparse(sp_input: SparseTensor, out_type: Any = dt.string,
                     name: str | None = None) -> Any:
    """`tf.io.serialize_sparse`: a SparseTensor as a 3-vector of strings, the TensorProto
    bytes of its indices, values and dense shape."""
    sp = _sparse(sp_input)
    return bind(SERIALIZE_SPARSE, (sp.indices, sp.values, sp.dense_shape),
                {"out_type": dt.as_dtype(out_type)})


@dispatch_binding
def serialize_many_sparse(sp_input: SparseTensor, out_type: Any = dt.string,
                          name: str | None = None) -> Any:
    """`tf.io.serialize_many_sparse`: an [N, 3] string matrix, row i the serialized
    SparseTensor of the entries whose first index is i (the indices must be ordered)."""
    sp = _sparse(sp_input)
    return bind(SERIALIZE_MANY_SPARSE, (sp.indices, sp.values, sp.dense_shape),
                {"out_type": dt.as_dtype(out_type)})


@dispatch_binding
def deserialize_many_sparse(serialized_sparse: Any, dtype: Any, rank: Any = None,
                            name: str | None = None) -> SparseTensor:
    """`tf.io.deserialize_many_sparse`: the SparseTensor an [N, 3] matrix of serialized
    SparseTensors makes, stacked along a new first dimension (each other dimension the
    largest of the parts')."""
    s = convert_to_tensor(serialized_sparse)
    idx, vals, shape = bind(DESERIALIZE_MANY_SPARSE, (s,), {"dtype": dt.as_dtype(dtype)})
    if rank is not None and C.is_graph_tensor(idx):
        idx.set_shape([None, int(rank)])  # (what TF's wrapper tells a traced graph)
        shape.set_shape([int(rank)])
    return SparseTensor._of(idx, vals, shape)
