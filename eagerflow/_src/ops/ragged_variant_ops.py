"""TF's variant encodings of composite tensors (tf.raw_ops.RaggedTensorToVariant,
RaggedTensorFromVariant, RaggedTensorToVariantGradient, CompositeTensorVariantFromComponents,
CompositeTensorVariantToComponents).

Over the ragged family's ops. TF writes the ragged ones where a ragged value has to travel
as one tensor: `tf.map_fn` over ragged tensors (each row into a TensorList and back) and
tf.data pipelines of ragged elements. A variant item is a `RaggedVariant`: the nested row
splits and flat values of one ragged tensor (no splits: a dense tensor, ragged_rank 0), with
their dtypes, printed as TF prints its RaggedTensorVariant. A `CompositeVariant` holds any
composite tensor's components with the TypeSpecClass its metadata (a serialized
CompositeTensorVariantMetadata) names, as TF's CompositeTensorVariant.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import dims_text
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.print_v1 import summarize_nested
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.serialization import wire_fields

_TO = "RaggedTensorToVariant"
_FROM = "RaggedTensorFromVariant"
_GRAD = "RaggedTensorToVariantGradient"
_FORM = TFForm(takes_handles=True)
_V = dt.variant


class RaggedVariant:
    """One encoded ragged tensor: its nested row splits (outermost first) and flat values."""

    __slots__ = ("splits", "values", "dtype", "splits_dtype")

    def __init__(self, splits: Any, values: Any, dtype: dt.DType,
                 splits_dtype: dt.DType | None) -> None:
        self.splits = tuple(np.asarray(s) for s in splits)
        self.values = np.asarray(values)
        self.dtype = dtype
        self.splits_dtype = splits_dtype if self.splits else None

    @property
    def variant_text(self) -> str:
        # (TF's debug text leaves its parenthesis open)
        splits = C.dtype_word(self.splits_dtype) if self.splits_dtype else "INVALID"
        return (f"<RaggedTensorVariant(dtype={C.dtype_word(self.dtype)}, "
                f"ragged_rank={len(self.splits)}, splits_dtype={splits}>")

    def __repr__(self) -> str:
        return self.variant_text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RaggedVariant) and self.dtype is other.dtype and \
            self.splits_dtype is other.splits_dtype and \
            len(self.splits) == len(other.splits) and \
            all(np.array_equal(a, b) for a, b in zip(self.splits, other.splits)) and \
            self.values.shape == other.values.shape and \
            np.array_equal(self.values, other.values)

    __hash__ = None  # type: ignore[assignment]


def dtype_of(a: np.ndarray) -> dt.DType:
    """The DType a kernel's host array holds (object arrays: strings)."""
    return dt.string if a.dtype == object else dt.as_dtype(a.dtype)


def variant_array(items: list, shape: tuple) -> np.ndarray:
    out = np.empty(len(items), object)
    out[:] = items
    return out.reshape(shape)


# -- RaggedTensorToVariant --------------------------------------------------------------------

def _check_nested(splits: tuple, values: Any) -> None:
    """TF's checks of a ragged tensor's nested splits, innermost level last."""
    if splits and values.ndim == 0:
        raise C.fail(_TO, "Requires flat_values to have rank>=1 when nested_row_splits is not "
                          "empty, but is 0.")
    for k, sp in enumerate(splits):
        if sp.ndim != 1:
            raise C.fail(_TO, f"Invalid ragged splits: ragged splits must be rank 1 but is "
                              f"rank {sp.ndim}")
        if sp.size == 0:
            raise C.fail(_TO, "Invalid ragged splits: ragged splits must have at least one "
                              "splits, but is empty")
        if sp[0] != 0:
            raise C.fail(_TO, f"Invalid ragged splits: first element of ragged splits  must be "
                              f"0 but is {sp[0]}")
        drop = np.flatnonzero(sp[1:] < sp[:-1])
        if drop.size:
            i = int(drop[0]) + 1
            raise C.fail(_TO, f"Invalid ragged splits: ragged splits must be monotonically "
                              f"increasing, but ragged_splits[{i}]={sp[i]} is smaller than "
                              f"row_splits[{i - 1}]={sp[i - 1]}")
        n = values.shape[0] if k == len(splits) - 1 else splits[k + 1].size - 1
        if sp[-1] != n:
            raise C.fail(_TO, f"Invalid ragged splits: last element of ragged splits must be "
                              f"the number of ragged values({n}) but is {sp[-1]}")


def unbatch(splits: tuple, values: np.ndarray, dtype: dt.DType,
            splits_dtype: dt.DType | None) -> list:
    """The rows of a ragged tensor, each a RaggedVariant of one ragged rank fewer."""
    if not splits:
        return [RaggedVariant((), values[i], dtype, None) for i in range(values.shape[0])]
    rows = []
    for r in range(splits[0].size - 1):
        lo, hi = int(splits[0][r]), int(splits[0][r + 1])
        inner = []
        for sp in splits[1:]:
            inner.append(sp[lo:hi + 1] - sp[lo])
            lo, hi = int(sp[lo]), int(sp[hi])
        rows.append(RaggedVariant(inner, values[lo:hi], dtype, splits_dtype))
    return rows


def _check_variant(op: str, x: Any, index: int = 0) -> None:
    if x._dtype is not _V:
        raise C.wrong_input_dtype(op, index, "variant", x._dtype)


def _check_splits_dtypes(op: str, splits: Any, first: int = 0) -> None:
    """Splits of one index dtype (TF's Tsplits), the first's."""
    for k, sp in enumerate(splits):
        if k == 0:
            C.check_dtype(op, sp, C.INDEX, "Tsplits")
        elif sp._dtype is not splits[0]._dtype:
            raise C.wrong_input_dtype(op, first + k, splits[0]._dtype, sp._dtype)


def _to_infer(*inputs: Any, batched_input: bool) -> list:
    *splits, values = inputs
    _check_splits_dtypes(_TO, splits)
    if not batched_input:
        return [((), _V)]
    if splits:
        n = splits[0]._shape
        return [((None if n is None or not n or n[0] is None else n[0] - 1,), _V)]
    if values._shape is not None and not values._shape:
        raise C.fail(_TO, "Can't unbatch rank-0 tensor.")
    return [((None if values._shape is None else values._shape[0],), _V)]


def _to_kernel(xp: Any, *inputs: Any, batched_input: bool) -> np.ndarray:
    *splits, values = (np.asarray(a) for a in inputs)
    _check_nested(tuple(splits), values)
    dtype = dtype_of(values)
    sdt = dt.as_dtype(splits[0].dtype) if splits else None
    if not batched_input:
        return variant_array([RaggedVariant(splits, values, dtype, sdt)], ())
    if values.ndim == 0:
        raise C.fail(_TO, "Can't unbatch rank-0 tensor.")
    rows = unbatch(tuple(splits), values, dtype, sdt)
    return variant_array(rows, (len(rows),))


def _to_grad(n: Any, g: Any) -> list:
    *splits, values = n.inputs
    # (TF's gradient reads the outer splits, or a 0 where there are none)
    outer = splits[0] if splits else convert_to_tensor(0, dt.int64)
    got = bind(TO_VARIANT_GRADIENT, (g, outer, shape_of(values)), {"Tvalues": values._dtype})
    return [None] * len(splits) + [got]


def _to_ref(*inputs: Any, batched_input: bool) -> np.ndarray:
    *splits, values = inputs
    sdt = dt.as_dtype(splits[0].dtype) if splits else None
    dtype = dtype_of(values)
    if not batched_input:
        return variant_array([RaggedVariant(splits, values, dtype, sdt)], ())
    if not splits:
        return variant_array([RaggedVariant((), v, dtype, None) for v in values], (len(values),))
    items = []
    for r in range(len(splits[0]) - 1):  # (row by row, from the nested Python lists)
        rows = [list(range(splits[0][r], splits[0][r + 1]))]
        for sp in splits[1:]:
            rows.append([j for i in rows[-1] for j in range(sp[i], sp[i + 1])])
        inner = [np.array([0] + list(np.cumsum([sp[i + 1] - sp[i] for i in level])),
                          sp.dtype) for sp, level in zip(splits[1:], rows[:-1])]
        items.append(RaggedVariant(inner, values[rows[-1]].reshape((-1,) + values.shape[1:]),
                                   dtype, sdt))
    return variant_array(items, (len(items),))


_S3 = np.array([0, 2, 2, 3], np.int64)
_F3 = np.array([1.5, -2.0, 0.5], np.float32)

TO_VARIANT = register(OpDef(
    _TO, _to_infer, _to_kernel, grad=_to_grad, reference=_to_ref, gpu=False, tf=_FORM,
    arity=lambda ins, attrs: {"RAGGED_RANK": len(ins) - 1},
    samples=lambda: [
        Sample((_S3, _F3), {"batched_input": False}, grad=False),
        Sample((_S3, _F3), {"batched_input": True}, grad=False),
        Sample((np.array([0, 1, 3], np.int32), np.array([0, 2, 2, 3], np.int32),
                np.arange(6.0).reshape(3, 2)), {"batched_input": True}, grad=False),
        Sample((np.array([[1, 2], [3, 4]], np.int32),), {"batched_input": True}, grad=False),
        Sample((np.array([b"a", b"bc"], object),), {"batched_input": False}, grad=False),
    ],
    bad_samples=lambda: [
        BadSample((np.array([1, 2, 3], np.int64), _F3), {"batched_input": True},
                  C.InvalidArgumentError, "first element of ragged splits  must be 0 but is 1"),
        BadSample((np.array([0, 2, 1, 3], np.int64), _F3), {"batched_input": False},
                  C.InvalidArgumentError, "ragged_splits[2]=1 is smaller than row_splits[1]=2"),
        BadSample((np.array([0, 2, 5], np.int64), _F3), {"batched_input": True},
                  C.InvalidArgumentError,
                  "last element of ragged splits must be the number of ragged values(3) but "
                  "is 5"),
        BadSample((np.array([], np.int64), _F3), {"batched_input": True},
                  C.InvalidArgumentError, "must have at least one splits, but is empty"),
        BadSample((np.array([0, 0], np.int64), np.float32(1)), {"batched_input": False},
                  C.InvalidArgumentError, "Requires flat_values to have rank>=1"),
        BadSample((np.float32(1),), {"batched_input": True},
                  C.InvalidArgumentError, "Can't unbatch rank-0 tensor."),
    ],
))


# -- RaggedTensorFromVariant ------------------------------------------------------------------

def _ranks(shape: Any, input_ragged_rank: int, output_ragged_rank: int) -> int:
    """The ragged rank of each encoded item, checked against the output's."""
    d = len(shape)
    have = output_ragged_rank - d if input_ragged_rank == -1 else input_ragged_rank
    if have < 0 or output_ragged_rank != have + d:
        raise C.fail(_FROM, f"output_ragged_rank must be equal to input_ragged_rank + "
                            f"encoded_ragged.dims(); output_ragged_rank: {output_ragged_rank}, "
                            f"input_ragged_rank: {input_ragged_rank}, encoded_variant.dims(): "
                            f"{d}.")
    return have


def _from_infer(encoded: Any, *, input_ragged_rank: int, output_ragged_rank: int,
                Tvalues: dt.DType, Tsplits: dt.DType = dt.int64) -> list:
    C.dtype_attr(_FROM, Tvalues, "Tvalues")
    C.dtype_attr(_FROM, Tsplits, "Tsplits", C.INDEX)
    _check_variant(_FROM, encoded)
    for name, v, least in (("input_ragged_rank", input_ragged_rank, -1),
                           ("output_ragged_rank", output_ragged_rank, 0)):
        C.attr_at_least(_FROM, name, AV.int_attr(_FROM, v, name), least)
    C.output_count(_FROM, output_ragged_rank + 1)
    if encoded._shape is not None:
        _ranks(encoded._shape, input_ragged_rank, output_ragged_rank)
    return [((None,), Tsplits)] * output_ragged_rank + [(None, Tvalues)]


def _item(a: Any, i: int, rank: int, dtype: dt.DType) -> RaggedVariant:
    if not isinstance(a, RaggedVariant):
        held = "tensorflow::TensorList value: TensorList" if isinstance(a, tuple) else \
            f"<unknown> value: {getattr(a, 'variant_text', '<unknown>')}"
        raise C.fail(_FROM, f"Input Variant element at index {i} doesn't hold a "
                            f"RaggedTensorVariant: Variant<type: {held}>")
    if len(a.splits) != rank:
        raise C.fail(_FROM, f"Encoded input RaggedTensorVariant has ragged_rank="
                            f"{len(a.splits)}.  Expected ragged_rank={rank}.")
    if a.dtype is not dtype:
        raise C.fail(_FROM, f"Expected values Tensor dtype: {C.dtype_word(dtype)}, found: "
                            f"{C.dtype_word(a.dtype)}")
    return a


def stack_items(items: list, shape: tuple, rank: int, sdtype: Any) -> tuple:
    """The nested splits of the ragged tensor of `shape`'s grid of ragged items (each of
    ragged rank `rank`): its outer levels uniform, then the items' own."""
    levels = []
    size = 1
    for j in range(len(shape) - 1):  # (the uniform outer dimensions, as splits)
        size *= shape[j]
        levels.append(np.arange(size + 1, dtype=sdtype) * shape[j + 1])
    if shape:
        levels.append(None)  # (below: the items' rows)
    for k in range(rank):
        parts, base = [np.zeros(1, sdtype)], 0
        for a in items:
            parts.append(a.splits[k][1:].astype(sdtype) + base)
            base += int(a.splits[k][-1])
        levels.append(np.concatenate(parts))
    if shape:  # the outermost item level counts the items' rows
        rows = [a.splits[0].size - 1 if rank else a.values.shape[0] for a in items]
        levels[len(shape) - 1] = np.concatenate([[0], np.cumsum(rows, dtype=np.int64)]) \
            .astype(sdtype)
    return levels


def _from_kernel(xp: Any, encoded: Any, *, input_ragged_rank: int, output_ragged_rank: int,
                 Tvalues: dt.DType, Tsplits: dt.DType = dt.int64) -> tuple:
    encoded = np.asarray(encoded)
    if encoded.dtype != object:
        raise C.fail(_FROM, "cannot compute RaggedTensorFromVariant as input #0(zero-based) "
                            f"was expected to be a variant tensor but is a "
                            f"{C.dtype_word(dtype_of(encoded))} tensor")
    rank = _ranks(encoded.shape, input_ragged_rank, output_ragged_rank)
    sdt = Tsplits.as_numpy_dtype
    items = [_item(a, i, rank, Tvalues) for i, a in enumerate(encoded.reshape(-1))]
    if not encoded.ndim:
        a = items[0]
        return tuple(s.astype(sdt) for s in a.splits) + (a.values,)
    for i, a in enumerate(items):
        if a.values.ndim == 0:
            raise C.fail(_FROM, f"Ragged values must have rank >= 1; encoded scalar element "
                                f"at index {i} has values Tensor: "
                                f"{_tensor_text(a.values, a.dtype)}")
        if a.values.ndim != items[0].values.ndim:
            raise C.fail(_FROM, f"Rank of values must match for all components; values shape "
                                f"at index 0: {dims_text(items[0].values.shape)}, values shape "
                                f"at index {i}: {dims_text(a.values.shape)}")
        if a.values.shape[1:] != items[0].values.shape[1:]:
            # (TF names the shapes it compares: each past its outer dimension)
            raise C.fail(_FROM, f"All flat_values must have compatible shapes.  Shape at index "
                                f"0: {dims_text(items[0].values.shape[1:])}.  Shape at index "
                                f"{i}: {dims_text(a.values.shape[1:])}.  If you are using "
                                f"tf.map_fn, then you may need to specify an explicit "
                                f"fn_output_signature with "
                                f"appropriate ragged_rank, and/or convert output tensors to "
                                f"RaggedTensors.")
    levels = stack_items(items, encoded.shape, rank, sdt)
    if items:
        values = np.concatenate([a.values for a in items])
    else:
        values = np.zeros((0,), _np_dtype(Tvalues))
    return tuple(levels) + (values,)


def _np_dtype(d: dt.DType) -> Any:
    return object if d is dt.string else d.as_numpy_dtype




def _tensor_text(a: np.ndarray, dtype: dt.DType) -> str:
    return (f"Tensor<type: {C.dtype_word(dtype)} shape: {dims_text(a.shape)} values: "
            f"{summarize_nested(a, 3)}>")


def _from_grad(n: Any, *grads: Any) -> list:
    splits = n.outputs[:-1]
    rank = n.inputs[0]._shape
    if rank is not None and len(rank) > 1:
        raise ValueError("Unable to compute gradient: RaggedTensorToVariant can currently only "
                         "generate 0D or 1D output.")
    batched = bool(rank) if rank is not None else n.attrs["output_ragged_rank"] > 0
    g = grads[-1] if grads[-1] is not None else zeros_like(n.outputs[-1])
    return [bind(TO_VARIANT, (*splits, g), {"batched_input": batched})]


def _from_ref(encoded: Any, *, input_ragged_rank: int, output_ragged_rank: int,
              Tvalues: dt.DType, Tsplits: dt.DType = dt.int64) -> tuple:
    flat = list(encoded.reshape(-1))
    sdt = Tsplits.as_numpy_dtype
    if encoded.ndim == 0:
        return tuple(s.astype(sdt) for s in flat[0].splits) + (flat[0].values,)
    # (a uniform level per outer dimension, then each item's rows and inner levels appended
    # one by one, shifted past what came before)
    out, count = [], 1
    for j, d in enumerate(encoded.shape[:-1]):
        count *= d
        out.append([i * encoded.shape[j + 1] for i in range(count + 1)])
    levels = [[0] for _ in range(output_ragged_rank - len(out))]
    values: list = []
    for a in flat:
        ends = [sp.size - 1 for sp in a.splits] + [len(a.values)]
        levels[0].append(levels[0][-1] + ends[0])
        for k, sp in enumerate(a.splits):
            levels[k + 1].extend(levels[k + 1][-1] + int(x) for x in np.diff(sp).cumsum())
        values.extend(a.values)
    return tuple(np.array(o, sdt) for o in out + levels) + (
        np.array(values, flat[0].values.dtype).reshape((-1,) + flat[0].values.shape[1:]),)


def _encode(splits: tuple, values: Any, batched: bool) -> np.ndarray:
    return _to_kernel(np, *splits, values, batched_input=batched)


FROM_VARIANT = register(OpDef(
    _FROM, _from_infer, _from_kernel, grad=_from_grad, reference=_from_ref, gpu=False,
    tf=_FORM, num_outputs=-1,
    arity=lambda ins, attrs: {"output_ragged_rank": attrs["output_ragged_rank"]},
    samples=lambda: [
        Sample((_encode((_S3,), _F3, False),), {"input_ragged_rank": 1,
               "output_ragged_rank": 1, "Tvalues": dt.float32}, grad=False),
        Sample((_encode((_S3,), _F3, True),), {"input_ragged_rank": 0,
               "output_ragged_rank": 1, "Tvalues": dt.float32, "Tsplits": dt.int32},
               grad=False),
        Sample((_encode((np.array([0, 1, 3], np.int64), np.array([0, 2, 2, 3], np.int64)),
                        np.arange(6.0).reshape(3, 2), True),),
               {"input_ragged_rank": -1, "output_ragged_rank": 2, "Tvalues": dt.float64},
               grad=False),
        Sample((_encode((_S3,), _F3, True).reshape(1, 3),), {"input_ragged_rank": 0,
               "output_ragged_rank": 2, "Tvalues": dt.float32}, grad=False),
    ],
    bad_samples=lambda: [
        BadSample((_encode((_S3,), _F3, True),), {"input_ragged_rank": 0,
                  "output_ragged_rank": 1, "Tvalues": dt.int32}, C.InvalidArgumentError,
                  "Expected values Tensor dtype: int32, found: float"),
        BadSample((_encode((_S3,), _F3, True),), {"input_ragged_rank": 1,
                  "output_ragged_rank": 2, "Tvalues": dt.float32}, C.InvalidArgumentError,
                  "Encoded input RaggedTensorVariant has ragged_rank=0.  Expected "
                  "ragged_rank=1."),
        BadSample((_encode((_S3,), _F3, False),), {"input_ragged_rank": 1,
                  "output_ragged_rank": 2, "Tvalues": dt.float32}, C.InvalidArgumentError,
                  "output_ragged_rank must be equal to input_ragged_rank + "
                  "encoded_ragged.dims(); output_ragged_rank: 2, input_ragged_rank: 1, "
                  "encoded_variant.dims(): 0."),
        BadSample((variant_array([RaggedVariant((), np.float32(5), dt.float32, None)] * 2,
                                 (2,)),),
                  {"input_ragged_rank": 0, "output_ragged_rank": 1, "Tvalues": dt.float32},
                  C.InvalidArgumentError, "Ragged values must have rank >= 1; encoded scalar "
                  "element at index 0 has values Tensor: Tensor<type: float shape: [] "
                  "values: 5>"),
    ],
))


# -- RaggedTensorToVariantGradient ------------------------------------------------------------

def _grad_infer(encoded: Any, row_splits: Any, shape: Any, *, Tvalues: dt.DType) -> list:
    C.dtype_attr(_GRAD, Tvalues, "Tvalues")
    _check_variant(_GRAD, encoded)
    _check_splits_dtypes(_GRAD, [row_splits], 1)
    if shape._dtype is not dt.int32:
        raise C.wrong_input_dtype(_GRAD, 2, dt.int32, shape._dtype)
    return [(None, Tvalues)]


def _grad_kernel(xp: Any, encoded: Any, row_splits: Any, dense_values_shape: Any, *,
                 Tvalues: dt.DType) -> np.ndarray:
    encoded = np.asarray(encoded)
    splits = np.asarray(row_splits)
    shape = tuple(int(d) for d in np.asarray(dense_values_shape).reshape(-1))
    items = list(encoded.reshape(-1))
    if any(isinstance(a, RaggedVariant) and a.dtype is not Tvalues for a in items):
        raise C.fail(_GRAD, f"encoded_ragged_grad must hold RaggedTensorVariants of "
                            f"{C.dtype_word(Tvalues)} values")
    if encoded.ndim == 0 and isinstance(items[0], RaggedVariant):
        got = items[0].values
    else:
        # (TF reads a row whose gradient is no RaggedTensorVariant, a zero gradient, as
        # zeros of the row's length)
        fits = splits.ndim == 1 and splits.size == len(items) + 1
        lengths = np.diff(splits) if fits else None
        if any(not isinstance(a, RaggedVariant) for a in items) and (
                lengths is None or not shape or min(shape) < 0):
            raise C.fail(_GRAD, "encoded_ragged_grad's rows without a RaggedTensorVariant "
                                "need row_splits of one row each")
        parts = [a.values if isinstance(a, RaggedVariant) else
                 np.zeros((int(lengths[r]),) + shape[1:], _np_dtype(Tvalues))
                 for r, a in enumerate(items)]
        if not parts and shape and min(shape) >= 0:  # (no rows: no values)
            parts = [np.zeros((0,) + shape[1:], _np_dtype(Tvalues))]
        got = np.concatenate(parts) if parts else np.zeros(0)
    if got.shape != shape:
        raise C.fail(_GRAD, f"The gradient's values have shape {list(got.shape)}, not the "
                            f"dense values' shape {list(shape)}")
    return got


TO_VARIANT_GRADIENT = register(OpDef(
    _GRAD, _grad_infer, _grad_kernel, gpu=False, tf=_FORM, host_inputs=(2,),
    reference=lambda e, s, shape, Tvalues: np.array(
        [v for a in e.reshape(-1) for v in a.values], Tvalues.as_numpy_dtype).reshape(
        tuple(shape)),
    samples=lambda: [
        Sample((_encode((_S3,), _F3, True), _S3, np.array([3], np.int32)),
               {"Tvalues": dt.float32}, grad=False),
        Sample((_encode((_S3,), _F3, False), _S3, np.array([3], np.int32)),
               {"Tvalues": dt.float32}, grad=False),
    ],
    bad_samples=lambda: [
        BadSample((_encode((_S3,), _F3, True), _S3, np.array([3], np.int32)),
                  {"Tvalues": dt.float64}, C.InvalidArgumentError,
                  "must hold RaggedTensorVariants of double values"),
    ],
))


# -- CompositeTensorVariantFromComponents, CompositeTensorVariantToComponents ----------------

_FROM_C = "CompositeTensorVariantFromComponents"
_TO_C = "CompositeTensorVariantToComponents"

# TypeSpecProto.TypeSpecClass: number -> name, as the variant's text and messages name them
_SPEC_CLASSES = {0: "UNKNOWN", 1: "SPARSE_TENSOR_SPEC", 2: "INDEXED_SLICES_SPEC",
                 3: "RAGGED_TENSOR_SPEC", 4: "TENSOR_ARRAY_SPEC", 5: "DATA_DATASET_SPEC",
                 6: "DATA_ITERATOR_SPEC", 7: "OPTIONAL_SPEC", 8: "PER_REPLICA_SPEC",
                 9: "VARIABLE_SPEC", 10: "ROW_PARTITION_SPEC", 12: "REGISTERED_TYPE_SPEC",
                 13: "EXTENSION_TYPE_SPEC"}


def _metadata(op: str, metadata: Any) -> bytes:
    if not isinstance(metadata, (bytes, str)):
        raise TypeError(f"Expected string for argument 'metadata' not {metadata!r}. [Op:{op}]")
    return metadata.encode() if isinstance(metadata, str) else metadata


def spec_class(data: bytes) -> str:
    """The TypeSpecClass a CompositeTensorVariantMetadata names (UNKNOWN where it names
    none or can't be read, as TF's)."""
    spec = (wire_fields(data) or {}).get(1)
    number = (wire_fields(spec) or {}).get(1, 0) if isinstance(spec, bytes) else 0
    return _SPEC_CLASSES.get(number, "UNKNOWN") if isinstance(number, int) else "UNKNOWN"


class CompositeVariant:
    """A composite tensor encoded as its components, with the TypeSpecClass of its spec."""

    __slots__ = ("kind", "components", "dtypes")

    def __init__(self, kind: str, components: Any, dtypes: Any) -> None:
        self.kind = kind
        self.components = tuple(np.asarray(c) for c in components)
        self.dtypes = tuple(dtypes)

    @property
    def variant_text(self) -> str:
        shown = ", ".join(_tensor_text(a, d) for a, d in zip(self.components, self.dtypes))
        return f"<<CompositeTensorVariant type={self.kind}, components=[{shown}]>>"

    def __repr__(self) -> str:
        return self.variant_text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CompositeVariant) and self.kind == other.kind and \
            self.dtypes == other.dtypes and all(
                a.shape == b.shape and np.array_equal(a, b)
                for a, b in zip(self.components, other.components))

    __hash__ = None  # type: ignore[assignment]


def _composite(components: Any, metadata: Any) -> np.ndarray:
    arrays = [np.asarray(c) for c in components]
    item = CompositeVariant(spec_class(_metadata(_FROM_C, metadata)), arrays,
                            [dtype_of(a) for a in arrays])
    return variant_array([item], ())


def _from_c_infer(*components: Any, metadata: Any) -> list:
    _metadata(_FROM_C, metadata)
    return [((), _V)]


def _from_c_grad(n: Any, g: Any) -> list:
    dtypes = [c._dtype for c in n.inputs]
    return list(bind(TO_COMPOSITE, (g,), {"metadata": n.attrs["metadata"],
                                          "Tcomponents": dtypes}))


FROM_COMPOSITE = register(OpDef(
    _FROM_C, _from_c_infer,
    lambda xp, *c, metadata: _composite(c, metadata), grad=_from_c_grad, gpu=False,
    tf=_FORM, reference=lambda *c, metadata: _composite(c, metadata),
    arity=lambda ins, attrs: {"Tcomponents": len(ins)},
    samples=lambda: [
        Sample((_F3, _S3), {"metadata": _RAGGED_META}, grad=False),
        Sample((np.array([b"a"], object),), {"metadata": b""}, grad=False),
    ],
))


def _to_c_infer(encoded: Any, *, metadata: Any, Tcomponents: Any) -> list:
    _metadata(_TO_C, metadata)
    _check_variant(_TO_C, encoded)
    for d in Tcomponents:
        C.dtype_attr(_TO_C, d, "Tcomponents")
    return [(None, d) for d in Tcomponents]


def _to_c_kernel(xp: Any, encoded: Any, *, metadata: Any, Tcomponents: Any) -> tuple:
    encoded = np.asarray(encoded)
    if encoded.dtype != object:
        raise C.fail(_TO_C, f"cannot compute {_TO_C} as input #0(zero-based) was expected to "
                            f"be a variant tensor but is a {C.dtype_word(dtype_of(encoded))} "
                            f"tensor")
    # (TF's kernel reads the first item of a tensor of several)
    held = encoded.reshape(-1)[0] if encoded.size else None
    if not isinstance(held, CompositeVariant):
        shown = " ".join(getattr(v, "variant_text", "<unknown>")
                         for v in encoded.reshape(-1)[:3])
        raise C.fail(_TO_C, f"The input `encoded` is not a valid CompositeTensorVariant "
                            f"tensor, got Tensor<type: variant shape: {dims_text(encoded.shape)} "
                            f"values: {shown}{'...' if encoded.size > 3 else ''}>")
    want = spec_class(_metadata(_TO_C, metadata))
    if held.kind != want:
        raise C.fail(_TO_C, f"Expected a {want} (based on `type_spec`), but `encoded` "
                            f"contains a {held.kind}")
    if len(held.components) != len(Tcomponents):
        raise C.fail(_TO_C, f"Encoded value has {len(held.components)} tensor components; "
                            f"expected {len(Tcomponents)} components based on type_spec")
    for i, (have, d) in enumerate(zip(held.dtypes, Tcomponents)):
        if have is not d:
            raise C.fail(_TO_C, f"Tensor component {i} had dtype {C.dt_enum(have)}; "
                                f"expected dtype {C.dt_enum(d)}")
    return held.components


def _to_c_grad(n: Any, *grads: Any) -> list:
    gs = [g if g is not None else zeros_like(o) for g, o in zip(grads, n.outputs)]
    return [bind(FROM_COMPOSITE, tuple(gs), {"metadata": n.attrs["metadata"]})]


# (TF's metadata of a RaggedTensorSpec([3, None], float32, 1, int64))
_RAGGED_META = (b"\n?\x08\x03\x12'\xa2\x03$\n\x14\xfa\x01\x11\x12\x02\x08\x03\x12\x0b\x08"
                b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\n\x03\x80\x02\x01\n\x02`\x02\n\x03"
                b"\x80\x02\t\x1a\x10RaggedTensorSpec \x02")

TO_COMPOSITE = register(OpDef(
    _TO_C, _to_c_infer, _to_c_kernel, grad=_to_c_grad, gpu=False, tf=_FORM, num_outputs=-1,
    reference=lambda e, metadata, Tcomponents: e.reshape(-1)[0].components,
    arity=lambda ins, attrs: {"Tcomponents": len(attrs.get("Tcomponents") or ())},
    samples=lambda: [
        Sample((_composite((_F3, _S3), _RAGGED_META),),
               {"metadata": _RAGGED_META, "Tcomponents": (dt.float32, dt.int64)}, grad=False),
    ],
    bad_samples=lambda: [
        BadSample((_composite((_F3, _S3), _RAGGED_META),),
                  {"metadata": _RAGGED_META, "Tcomponents": (dt.float32, dt.int32)},
                  C.InvalidArgumentError, "Tensor component 1 had dtype DT_INT64; expected "
                  "dtype DT_INT32"),
        BadSample((_composite((_F3, _S3), _RAGGED_META),),
                  {"metadata": _RAGGED_META, "Tcomponents": (dt.float32,)},
                  C.InvalidArgumentError, "Encoded value has 2 tensor components; expected 1 "
                  "components based on type_spec"),
        BadSample((_composite((_F3, _S3), _RAGGED_META),),
                  {"metadata": b"", "Tcomponents": (dt.float32, dt.int64)},
                  C.InvalidArgumentError, "Expected a UNKNOWN (based on `type_spec`), but "
                  "`encoded` contains a RAGGED_TENSOR_SPEC"),
        BadSample((_encode((_S3,), _F3, False),),
                  {"metadata": _RAGGED_META, "Tcomponents": (dt.float32, dt.int64)},
                  C.InvalidArgumentError, "The input `encoded` is not a valid "
                  "CompositeTensorVariant tensor, got Tensor<type: variant shape: [] values: "
                  "<RaggedTensorVariant(dtype=float, ragged_rank=1, splits_dtype=int64>>"),
    ],
))


# -- ragged values to and from their encoding (map_fn's loop over ragged rows) ---------------

def encode_ragged(x: Any, batched: bool) -> Any:
    """RaggedTensorToVariant of a RaggedTensor (or of a dense tensor: ragged_rank 0)."""
    if not isinstance(x, RaggedTensor):  # (TF's spec encodes a tensor in no scope)
        t = convert_to_tensor(x)
        if _state.graph is not None and t._shape == ():
            raise _scalar_refused(t, batched)
        return bind(TO_VARIANT, (t,), {"batched_input": batched})
    with name_scope("RaggedToVariant"):  # (TF's scope of the op's node)
        return bind(TO_VARIANT, (*x.nested_row_splits, x.flat_values),
                    {"batched_input": batched})


def _scalar_refused(t: Any, batched: bool) -> ValueError:
    """TF's shape function's refusal of a scalar's encoding, while a graph is built."""
    node = _state.graph.unique_name(_TO, mark=False)
    source = t.name[:-2] if t.name.endswith(":0") else t.name
    return ValueError(f"Shape must be at least rank 1 but is rank 0 for '{{{{node {node}}}}} = "
                      f"{_TO}[RAGGED_RANK=0, Tsplits=DT_INT64, Tvalues={C.dt_enum(t._dtype)}, "
                      f"batched_input={str(batched).lower()}]({source})' with input shapes: [].")


def decode_ragged(v: Any, item_rank: int, out_rank: int, dtype: dt.DType,
                  splits_dtype: dt.DType, inner: Any = None) -> Any:
    """RaggedTensorFromVariant of items of ragged rank `item_rank`, as a RaggedTensor of
    ragged rank `out_rank` (a dense tensor for 0); `inner`: the flat values' dimensions
    after the first, where known."""
    with name_scope("RaggedFromVariant"):
        *splits, values = bind(FROM_VARIANT, (v,), {
            "input_ragged_rank": item_rank, "output_ragged_rank": out_rank, "Tvalues": dtype,
            "Tsplits": splits_dtype})
    if inner is not None and values._shape is None:
        values.set_shape([None, *inner])
    if not splits:
        return values
    return RaggedTensor.from_nested_row_splits(values, splits, validate=False)
