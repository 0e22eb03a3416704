"""The components of tf.data elements in snapshot files (Dataset.save / load / snapshot).

Data layer, under save_load.py and snapshot.py, over io/ (TensorProto, variant tensors).
TF writes each flat component of an element as one TFRecord record, a TensorProto:
- a tensor: its dtype and bytes (`content_layout`: strings in TF's string-list form);
- a SparseTensor (SparseTensorSpec): a DT_VARIANT vector of three `tensorflow::Tensor`
  variants, indices, values and dense_shape (TF's element encoding, SerializeSparse with
  out_type=variant);
- a RaggedTensor (RaggedTensorSpec): a DT_VARIANT scalar, one `RaggedTensorVariant` of its
  nested row splits, then its flat values (RaggedTensorToVariant, batched_input=False); an
  element of ragged_rank 0 (a row of a 2-D ragged tensor) is a dense tensor, written as
  a RaggedTensorVariant with no splits.
- an Optional (OptionalSpec, of tensors here): a DT_VARIANT scalar, one
  `tensorflow::data::Optional` (metadata 1 and its value's tensors, or 0 and none);
- a None (NoneTensorSpec): no record.
The metadata lists the flat dtypes: DT_VARIANT for the composites, none for a None.

TF writes a component the way its pipeline holds it, so a batch of composites made by
`batch` / `ragged_batch` stays in its batched form: a [N, 3] variant of N serialized
sparse tensors (read as DeserializeSparse reads it: one more dimension, each other
dimension the largest of the N), a [N] variant of N ragged tensors of one ragged rank
fewer (read as RaggedTensorFromVariant stacks them). Both forms are read here; eagerflow
writes every composite in the single-element form, which TF reads as the same value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.composite import NoneTensorSpec
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import optional_ops
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.optional import OptionalSpec
from eagerflow._src.io import tensor_proto, variant
from eagerflow._src.ops.extension_type import ExtensionTypeSpec
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec

_OP = " [Op:IteratorGetNext]"


_HELD = (TensorSpec, SparseTensorSpec, RaggedTensorSpec, NoneTensorSpec, OptionalSpec)


def flat_specs(element_spec: Any, what: str) -> tuple:
    """The flat component specs of `element_spec`; TypeError for a component that
    snapshot files can't hold here (datasets, extension types, an optional of anything
    but tensors, ...)."""
    if any(isinstance(s, ExtensionTypeSpec) for s in _walk(element_spec)):
        raise TypeError(f"{what} of datasets whose elements hold extension types is not "
                        "supported by eagerflow (tensors, sparse and ragged tensors only)")
    specs = tuple(dstruct.flatten(element_spec))
    for s in specs:
        inner = dstruct.flatten(s.element_spec) if type(s) is OptionalSpec else ()
        bad = s if type(s) not in _HELD else next(
            (t for t in inner if type(t) not in (TensorSpec, NoneTensorSpec)), None)
        if bad is not None:
            held = "optionals of " if bad is not s else ""
            raise TypeError(f"{what} of datasets whose elements hold {held}"
                            f"{type(bad).__name__}s is not supported by eagerflow (tensors, "
                            "sparse and ragged tensors, optionals of tensors only)")
        if isinstance(s, RaggedTensorSpec) and s.flat_values_spec is not None:
            raise ValueError("Customized value_type is not supported.")
    return specs


def _walk(spec: Any) -> list:
    out, todo = [], [spec]
    while todo:
        s = todo.pop()
        out.append(s)
        if isinstance(s, Mapping):
            todo.extend(s.values())
        elif isinstance(s, tuple):
            todo.extend(s)
    return out


def dtype_enums(specs: tuple) -> list:
    """The metadata's dtypes: each component's, DT_VARIANT for the composites (a None has
    no tensor, so none)."""
    return [(s.dtype if type(s) is TensorSpec else _dt.variant).as_datatype_enum
            for s in specs if type(s) is not NoneTensorSpec]


def records(flat: Any, specs: tuple) -> list:
    """The records TF writes for an element's flat components: one for each, none for a
    None (TF's NoneTensorSpec has no tensor)."""
    return [encode(t, s) for t, s in zip(flat, specs) if type(s) is not NoneTensorSpec]


def encode(value: Any, spec: Any) -> bytes:
    """One component as the record TF writes for it."""
    if type(spec) is TensorSpec:
        return tensor_proto.content_layout(value._numpy(), spec.dtype).SerializeToString()
    if type(spec) is OptionalSpec:
        (handle,) = spec._to_components(value)
        held = handle._arr[()]  # (an OptionalValue: the host arrays of the value's tensors)
        return variant.encode([(variant.OPTIONAL, list(zip(held, held.dtypes)),
                                b"\x01" if held else b"\x00")], ()).SerializeToString()
    if isinstance(spec, SparseTensorSpec):
        parts = [(value.indices._numpy(), _dt.int64), (value.values._numpy(), spec.dtype),
                 (value.dense_shape._numpy(), _dt.int64)]
        return variant.encode([(variant.TENSOR, [p]) for p in parts], (3,)).SerializeToString()
    if isinstance(value, RaggedTensor):
        tensors = [(s._numpy(), spec.row_splits_dtype) for s in value.nested_row_splits]
        tensors.append((value.flat_values._numpy(), spec.dtype))
    else:  # ragged_rank 0: a dense tensor
        tensors = [(value._numpy(), spec.dtype)]
    return variant.encode([(variant.RAGGED, tensors)], ()).SerializeToString()


def decode(tp: Any, spec: Any, i: int) -> Any:
    """The value of component `i` (of `spec`) from its TensorProto; InvalidArgumentError
    when it doesn't hold what the spec says, as TF's reader reports it."""
    want = spec.dtype if type(spec) is TensorSpec else _dt.variant
    if tp.dtype != want.as_datatype_enum:
        got = _dt.as_dtype(tp.dtype)
        raise InvalidArgumentError(None, None, f"Data type mismatch at component {i}: "
                                   f"expected {want.name} but got {got.name}." + _OP)
    if type(spec) is TensorSpec:
        arr = tensor_proto.to_ndarray(tp)
        _check_shape(spec.shape, arr.shape, i)
        return EagerTensor(arr, spec.dtype, CPU_DEVICE)
    shape = tuple(int(d.size) for d in tp.tensor_shape.dim)
    items = variant.decode(tp)
    if type(spec) is OptionalSpec:
        return _optional(items, shape, spec, i)
    if isinstance(spec, SparseTensorSpec):
        if not shape or shape[-1] != 3:
            raise InvalidArgumentError(None, None, f"Component {i}: a serialized SparseTensor "
                                       f"must have shape [..., 3], not {list(shape)}" + _OP)
        parts = [_sparse_parts(items[k:k + 3], spec, i) for k in range(0, len(items), 3)]
        return _sparse(_stack_sparse(parts, shape[:-1], spec, i), spec, i)
    rank = spec.ragged_rank - len(shape)
    if rank < 0:
        raise InvalidArgumentError(None, None, f"Component {i}: a variant of shape "
                                   f"{list(shape)} can't hold ragged tensors of ragged_rank "
                                   f"{spec.ragged_rank}" + _OP)
    rows = [_ragged_parts(item, rank, spec, i) for item in items]
    splits, flat = _stack_ragged(rows, shape, spec)
    return _ragged(splits, flat, spec, i)


def _optional(items: list, shape: tuple, spec: OptionalSpec, i: int) -> Any:
    """The Optional of one saved `tensorflow::data::Optional` variant: metadata 1 and the
    value's tensors, or 0 and none."""
    dtypes = tuple(s.dtype for s in dstruct.flatten(spec.element_spec)
                   if type(s) is TensorSpec)
    if shape or len(items) != 1 or items[0][0] != variant.OPTIONAL:
        raise InvalidArgumentError(None, None, f"Component {i} is not a serialized "
                                   "Optional" + _OP)
    _, meta, arrays = items[0]
    if meta != b"\x01":
        arrays = []
    elif [_dt.as_dtype(a.dtype) if a.dtype != object else _dt.string
          for a in arrays] != list(dtypes):
        raise InvalidArgumentError(None, None, f"Component {i}: the saved Optional's "
                                   f"tensors are not of {[d.name for d in dtypes]}" + _OP)
    held = optional_ops.optional_array(arrays, dtypes if arrays else ())
    return spec._from_components([EagerTensor(held, _dt.variant, CPU_DEVICE)])


def _check_shape(shape: Any, got: tuple, i: int) -> None:
    if shape.rank is not None and not shape.is_compatible_with(got):
        raise InvalidArgumentError(None, None, f"Incompatible shapes at component {i}: "
                                   f"expected {shape} but got {list(got)}." + _OP)


def _sparse_parts(elements: list, spec: SparseTensorSpec, i: int) -> tuple:
    """(indices, values, dense_shape) of one serialized SparseTensor, checked."""
    if len(elements) != 3 or any(name != variant.TENSOR or len(ts) != 1
                                 for name, _, ts in elements):
        raise InvalidArgumentError(None, None, f"Component {i} is not a serialized "
                                   "SparseTensor (3 tensors)" + _OP)
    indices, values, dense_shape = (ts[0] for _, _, ts in elements)
    if not _same_dtype(values, spec.dtype):
        got = _dt.string if values.dtype == object else _dt.as_dtype(values.dtype)
        raise InvalidArgumentError(None, None, f"Requested SparseTensor of type "
                                   f"{spec.dtype.name} but SparseTensor[0].values.dtype() "
                                   f"== {got.name}" + _OP)
    if (indices.dtype != np.int64 or dense_shape.dtype != np.int64 or indices.ndim != 2
            or dense_shape.ndim != 1 or values.ndim != 1
            or indices.shape[0] != values.shape[0] or indices.shape[1] != dense_shape.shape[0]):
        raise InvalidArgumentError(None, None, f"Component {i} holds a SparseTensor of "
                                   f"inconsistent parts: indices {list(indices.shape)}, values "
                                   f"{list(values.shape)}, dense_shape "
                                   f"{list(dense_shape.shape)}" + _OP)
    return indices, values, dense_shape


def _stack_sparse(parts: list, lead: tuple, spec: SparseTensorSpec, i: int) -> tuple:
    """One sparse tensor of the `lead`-shaped array of them (DeserializeSparse)."""
    if not lead:
        return parts[0]
    ranks = {p[2].shape[0] for p in parts}
    if len(ranks) > 1:
        raise InvalidArgumentError(None, None, f"Component {i}: the serialized sparse tensors "
                                   "have different ranks" + _OP)
    rank = ranks.pop() if ranks else max((spec.shape.rank or len(lead)) - len(lead), 0)
    dims = np.max([p[2] for p in parts], axis=0) if parts else np.zeros(rank, np.int64)
    positions = np.array(list(np.ndindex(*lead)), np.int64).reshape(len(parts), len(lead))
    indices = [np.concatenate([np.repeat(pos[None], len(p[0]), 0), p[0]], axis=1)
               for pos, p in zip(positions, parts)]
    values = [p[1] for p in parts]
    dtype = object if spec.dtype is _dt.string else spec.dtype.as_numpy_dtype
    return (np.concatenate(indices) if indices else np.zeros((0, len(lead) + rank), np.int64),
            np.concatenate(values) if values else np.zeros(0, dtype),
            np.concatenate([np.array(lead, np.int64), dims]))


def _sparse(parts: tuple, spec: SparseTensorSpec, i: int) -> SparseTensor:
    indices, values, dense_shape = parts
    _check_shape(spec.shape, tuple(int(d) for d in dense_shape), i)
    return SparseTensor._of(EagerTensor(indices, _dt.int64, CPU_DEVICE),
                            EagerTensor(values, spec.dtype, CPU_DEVICE),
                            EagerTensor(dense_shape, _dt.int64, CPU_DEVICE))


def _same_dtype(arr: np.ndarray, dtype: _dt.DType) -> bool:
    if dtype is _dt.string:
        return arr.dtype == object
    return arr.dtype == np.dtype(dtype.as_numpy_dtype)


def _ragged_parts(item: tuple, rank: int, spec: RaggedTensorSpec, i: int) -> tuple:
    """(nested splits, flat values) of one RaggedTensorVariant of ragged rank `rank`."""
    name, _, tensors = item
    if name != variant.RAGGED:
        raise InvalidArgumentError(None, None, f"Component {i} is not a serialized "
                                   "RaggedTensor" + _OP)
    if not tensors or len(tensors) - 1 != rank:
        raise InvalidArgumentError(None, None, f"Component {i}: the saved ragged tensor has "
                                   f"ragged_rank {max(len(tensors) - 1, 0)} where {rank} was "
                                   "expected" + _OP)
    *splits, flat = tensors
    if not _same_dtype(flat, spec.dtype):
        raise InvalidArgumentError(None, None, f"Component {i}: the saved ragged tensor's "
                                   f"values are {flat.dtype}, not {spec.dtype.name}" + _OP)
    for level, s in enumerate(splits):
        if (not _same_dtype(s, spec.row_splits_dtype) or s.ndim != 1 or s.size < 1
                or s[0] != 0 or np.any(np.diff(s) < 0)):
            raise InvalidArgumentError(None, None, f"Component {i}: row splits {level} of "
                                       "the saved ragged tensor are not valid" + _OP)
    for outer, inner in zip(splits, splits[1:] + [None]):
        count = (flat.shape[0] if flat.ndim else 1) if inner is None else inner.size - 1
        if outer[-1] != count:
            raise InvalidArgumentError(None, None, f"Component {i}: the saved ragged "
                                       "tensor's row splits don't match its values" + _OP)
    return splits, flat


def _stack_ragged(rows: list, lead: tuple, spec: RaggedTensorSpec) -> tuple:
    """The nested splits and flat values of a `lead`-shaped array of ragged tensors (each
    (splits, flat)) stacked into one: each dimension of `lead` a uniform ragged one."""
    if not lead:
        return rows[0]
    splits_dtype = spec.row_splits_dtype.as_numpy_dtype
    while lead:
        n = lead[-1]
        groups = [rows[k:k + n] for k in range(0, len(rows), n)] if n else \
            [[] for _ in range(int(np.prod(lead[:-1])))]
        rows = [_stack_rows(g, splits_dtype, spec) for g in groups]
        lead = lead[:-1]
    return rows[0]


def _stack_rows(group: list, splits_dtype: Any, spec: RaggedTensorSpec) -> tuple:
    """Ragged tensors (splits, flat) of one ragged rank stacked along a new outer axis."""
    def count(row: tuple) -> int:
        splits, flat = row
        return splits[0].size - 1 if splits else flat.shape[0]

    outer = np.concatenate([[0], np.cumsum([count(r) for r in group])]).astype(splits_dtype)
    depth = len(group[0][0]) if group else 0
    nested = [outer]
    for level in range(depth):
        pieces, offset = [np.zeros(1, splits_dtype)], 0
        for splits, _ in group:
            pieces.append(splits[level][1:] + offset)
            offset += int(splits[level][-1])
        nested.append(np.concatenate(pieces).astype(splits_dtype))
    dtype = object if spec.dtype is _dt.string else spec.dtype.as_numpy_dtype
    flat = np.concatenate([f for _, f in group]) if group else np.zeros(0, dtype)
    return nested, flat


def _ragged(splits: list, flat: np.ndarray, spec: RaggedTensorSpec, i: int) -> Any:
    flat_t = EagerTensor(flat, spec.dtype, CPU_DEVICE)
    if not splits:
        _check_shape(spec.shape, flat.shape, i)
        return flat_t
    split_ts = [EagerTensor(np.asarray(s, spec.row_splits_dtype.as_numpy_dtype),
                            spec.row_splits_dtype, CPU_DEVICE) for s in splits]
    return spec._from_components([flat_t] + split_ts)
