"""TF's dataset ops that batch, slice and combine datasets (BatchDataset(V2),
PaddedBatchDataset(V2), ParallelBatchDataset, RepeatDataset, SkipDataset, TakeDataset,
PrefetchDataset, ConcatenateDataset, ZipDataset, ShardDataset, UnbatchDataset, ...), over
dataset variants.

Data layer, over dataset_variants.py and raw_dataset_sources.py: each op checks its inputs as
TF's kernel does (with its words), then builds its pipeline from the public Dataset methods
over its input read flat. What TF checks only as elements are made (a padded shape smaller
than an element, scalars to unbatch), the pipeline checks then too.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import dataset_methods  # noqa: F401 (the methods built on)
from eagerflow._src.data.dataset import UNKNOWN, DatasetV2, batch_count
from eagerflow._src.data.dataset_variants import (
    VariantDataset,
    dataset_of,
    dataset_op,
    flat_input,
    flat_specs,
    range_variant,
)
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.raw_dataset_sources import tensors_of
from eagerflow._src.data.structure import Structure
from eagerflow._src.data.variant_value import DatasetVariant, variant_array
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, Sample, register

_I64 = np.int64
_T = np.bool_(True)
_F = np.bool_(False)


def _int(x: Any) -> int:
    return int(np.asarray(x))


def _positive(op: str, value: Any, message: str) -> int:
    n = _int(value)
    if n <= 0:
        raise C.fail(op, message)
    return n


def _elements(d: Any) -> list:
    """A reference's view of an input variant: its elements, lists of component arrays."""
    return d[()].elements()


def _listed(elements: list) -> DatasetVariant:
    """A reference's dataset: these elements (lists of component arrays), which may differ
    in shape (a last, smaller batch)."""
    parts = [DatasetV2.from_tensors(_flat(tensors_of(e))) for e in elements]
    ds = parts[0] if parts else DatasetV2.range(0)
    for p in parts[1:]:
        ds = ds.concatenate(p)
    return DatasetVariant(ds, "reference")


# the dtype TF's signatures fix for each input of these ops (another an int64)
_INPUT_DTYPES = {"input_dataset": dt.variant, "another_dataset": dt.variant,
                 "input_datasets": dt.variant, "drop_remainder": dt.bool}


def _inputs(op: str, *names: str, scalars: tuple = (), types: tuple = (),
            vectors: tuple = ()) -> Any:
    """The infer of dataset op `op` of these inputs: TF's checks of their dtypes (`types`:
    those of its padding values, after the others) and that each of `scalars` is a scalar
    (an internal call of another number of inputs: input_count's TypeError)."""
    def infer(*ins: Any, **_: Any) -> list:
        C.input_count(op, names, ins)
        values = iter(types)
        for i, (arg, x) in enumerate(zip(names, ins)):
            want = next(values) if arg == "padding_values" else \
                _INPUT_DTYPES.get(arg, dt.int64)
            if x._dtype is not want:
                raise C.wrong_input_dtype(op, i, want, x._dtype)
        for arg, x in zip(names, ins):
            if arg in scalars and x._shape != ():
                raise C.fail(op, f"{arg} must be a scalar")
            if arg in vectors and len(x._shape) != 1:
                raise C.fail(op, f"{arg} must be a vector")
        return [((), dt.variant)]
    return infer


def _size_text(ds: Any, size: Any, *_: Any, **__: Any) -> str:
    return str(_int(size))


# -- samples' inputs -------------------------------------------------------------------------

_range = range_variant  # (the samples' short name)


def _pairs() -> np.ndarray:
    """Elements of two components: (int64 scalar, float32 [2] vector)."""
    ds = DatasetV2.from_tensor_slices((np.arange(5, dtype=np.int64),
                                       np.arange(10, dtype=np.float32).reshape(5, 2)))
    return variant_array(ds, "TensorSliceDatasetOp::Dataset")


def _ragged() -> np.ndarray:
    """Elements of one int32 vector each, of lengths 1, 3, 2, 0."""
    rows = [DatasetV2.from_tensors(np.array(r, np.int32)) for r in ([1], [2, 3, 4], [5, 6], [])]
    ds = rows[0]
    for r in rows[1:]:
        ds = ds.concatenate(r)
    return variant_array(ds, "ConcatenateDatasetOp::Dataset")


def _batched(n: int, size: int) -> np.ndarray:
    return variant_array(DatasetV2.range(n).batch(size), f"BatchDatasetV2Op({size})::Dataset")


def _batched_pairs() -> np.ndarray:
    ds = dataset_of("BatchDatasetV2", _pairs()).batch(2)
    return variant_array(ds, "BatchDatasetV2Op(2)::Dataset")


_ONE = {"output_types": (dt.int64,), "output_shapes": ((),)}
_VEC = {"output_types": (dt.int64,), "output_shapes": ((None,),)}
_TWO = {"output_types": (dt.int64, dt.float32), "output_shapes": ((), (2,))}
_TWO_VEC = {"output_types": (dt.int64, dt.float32), "output_shapes": ((None,), (None, 2))}


# -- BatchDataset, BatchDatasetV2, ParallelBatchDataset --------------------------------------

_BATCH_SIZE = "Batch size must be greater than zero."


def _batch(op: str, input_dataset: Any, batch_size: Any, drop_remainder: Any = False,
           **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)  # (TF's kernels read the input first)
    size = _positive(op, batch_size, _BATCH_SIZE)
    return ds.batch(size, drop_remainder=bool(drop_remainder))


_DETERMINISM = ("true", "false", "default")
_PARALLEL = ("input_dataset", "batch_size", "num_parallel_calls", "drop_remainder")


def _parallel_batch(op: str, input_dataset: Any, batch_size: Any, num_parallel_calls: Any,
                    drop_remainder: Any, *, deterministic: str = "default", **_: Any
                    ) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    size = _positive(op, batch_size, _BATCH_SIZE)
    if deterministic not in _DETERMINISM:
        raise C.fail(op, f"Unrecognized determinism policy: {deterministic}")
    # (TF's kernel takes any number of parallel calls; the batches are the same whatever it
    # is, so they are made in order)
    return ds.batch(size, drop_remainder=bool(drop_remainder))


def _batch_reference(d: Any, batch_size: Any, drop_remainder: Any = False, *_: Any,
                     **__: Any) -> DatasetVariant:
    els, size = _elements(d), _int(batch_size)
    chunks = [els[i:i + size] for i in range(0, len(els), size)]
    if drop_remainder and chunks and len(chunks[-1]) < size:
        chunks.pop()
    return _listed([[np.stack([e[k] for e in chunk]) for k in range(len(chunk[0]))]
                             for chunk in chunks])


BATCH_DATASET = register(dataset_op(
    "BatchDataset", _batch, text=_size_text,
    infer=_inputs("BatchDataset", "input_dataset", "batch_size", scalars=("batch_size",)),
    reference=_batch_reference,
    samples=lambda: [Sample((_range(5), _I64(2)), _VEC, grad=False),
                     Sample((_pairs(), _I64(3)), _TWO_VEC, grad=False)],
    bad_samples=lambda: [BadSample((_range(5), _I64(0)), _VEC, InvalidArgumentError, _BATCH_SIZE),
                         BadSample((_range(5), np.array([2], np.int64)), _VEC, InvalidArgumentError,
                                   "batch_size must be a scalar")],
))

BATCH_DATASET_V2 = register(dataset_op(
    "BatchDatasetV2", _batch, text=_size_text,
    infer=_inputs("BatchDatasetV2", "input_dataset", "batch_size", "drop_remainder",
                  scalars=("batch_size", "drop_remainder")),
    reference=_batch_reference,
    samples=lambda: [
        Sample((_range(5), _I64(2), _T), {**_VEC, "output_shapes": ((2,),)}, grad=False),
        Sample((_pairs(), _I64(2), _F), {**_TWO_VEC, "parallel_copy": True},
               grad=False)],
    bad_samples=lambda: [BadSample((_range(5), _I64(-1), _F), _VEC, InvalidArgumentError,
                                   _BATCH_SIZE),
                         BadSample((_range(5), _I64(2), np.array([False])), _VEC,
                                   InvalidArgumentError, "drop_remainder must be a scalar")],
))

PARALLEL_BATCH_DATASET = register(dataset_op(
    "ParallelBatchDataset", _parallel_batch, text=_size_text,
    infer=_inputs("ParallelBatchDataset", *_PARALLEL, scalars=_PARALLEL[1:]),
    reference=lambda d, size, calls, drop, **_: _batch_reference(d, size, drop),
    samples=lambda: [Sample((_range(5), _I64(2), _I64(2), _F), _VEC, grad=False),
                     Sample((_pairs(), _I64(2), _I64(-1), _T),
                            {**_TWO_VEC, "deterministic": "false"}, grad=False)],
    bad_samples=lambda: [BadSample((_range(5), _I64(0), _I64(2), _F), _VEC, InvalidArgumentError,
                                   _BATCH_SIZE),
                         BadSample((_range(5), _I64(2), _I64(2), _F),
                                   {**_VEC, "deterministic": "bogus"}, InvalidArgumentError,
                                   "Unrecognized determinism policy: bogus"),
                         BadSample((_range(5), _I64(2), np.array([2], np.int64), _F), _VEC,
                                   InvalidArgumentError, "num_parallel_calls must be a scalar")],
))


# -- PaddedBatchDataset, PaddedBatchDatasetV2 ------------------------------------------------

def _padded_batch(op: str, input_dataset: Any, batch_size: Any, *rest: Any, N: int,
                  Toutput_types: tuple, **_: Any) -> DatasetV2:
    shapes, values = rest[:N], rest[N:N + len(Toutput_types)]
    drop = bool(rest[-1]) if len(rest) > N + len(Toutput_types) else False
    ds = flat_input(op, input_dataset)
    size = _positive(op, batch_size, _BATCH_SIZE)
    specs = flat_specs(ds)
    for s in shapes:
        if np.ndim(s) != 1:
            raise C.fail(op, "All padded shapes must be vectors")
        for d in np.asarray(s).tolist():
            if d < -1:
                raise C.fail(op, f"Dimension {d} must be >= -1")
    if any(np.ndim(v) for v in values):
        raise C.fail(op, "All padding values must be scalars")
    for what, n in (("padded shapes", N), ("padding values", len(values))):
        if n != len(specs):
            raise C.fail(op, f"Number of {what} ({n}) must match the number of components in "
                             f"the input dataset's elements ({len(specs)})")
    for i, (t, s) in enumerate(zip(Toutput_types, specs)):
        if t != s.dtype:
            raise C.fail(op, f"Mismatched type between padding value {i} and input dataset's "
                             f"component {i}: {C.dtype_word(t)} vs. {C.dtype_word(s.dtype)}")
    # (TF's kernel compares elements with the padded shapes only as it batches them: the
    # input's static shapes are not held against them)
    loose = VariantDataset(ds, _flat(tuple(TensorSpec(None, s.dtype) for s in specs)))
    padded = _flat(tuple(TensorShape([None if d == -1 else d for d in np.asarray(s).tolist()])
                         for s in shapes))
    pads = _flat(tuple(EagerTensor(np.asarray(v), t, CPU_DEVICE)
                       for v, t in zip(values, Toutput_types)))
    return loose.padded_batch(size, padded_shapes=padded, padding_values=pads,
                              drop_remainder=drop)


def _flat(items: tuple) -> Any:
    return items[0] if len(items) == 1 else items


def _padded_reference(d: Any, batch_size: Any, *rest: Any, N: int, Toutput_types: tuple,
                      **_: Any) -> DatasetVariant:
    shapes, values = rest[:N], rest[N:N + len(Toutput_types)]
    drop = bool(rest[-1]) if len(rest) > N + len(Toutput_types) else False
    els, size = _elements(d), _int(batch_size)
    chunks = [els[i:i + size] for i in range(0, len(els), size)]
    if drop and chunks and len(chunks[-1]) < size:
        chunks.pop()
    out = []
    for chunk in chunks:
        batch = []
        for k, (shape, pad) in enumerate(zip(shapes, values)):
            parts = [np.asarray(e[k]) for e in chunk]
            dims = [max(p.shape[j] for p in parts) if w == -1 else w
                    for j, w in enumerate(np.asarray(shape).tolist())]
            res = np.full([len(parts)] + dims, np.asarray(pad), parts[0].dtype)
            for j, p in enumerate(parts):
                res[(j, *(slice(0, n) for n in p.shape))] = p
            batch.append(res)
        out.append(batch)
    return _listed(out)


def _pad_attrs(types: tuple, shapes: tuple) -> dict:
    return {"Toutput_types": types, "output_shapes": shapes, "N": len(types)}


_PAD_ONE = _pad_attrs((dt.int32,), ((None, None),))
_PAD_TWO = _pad_attrs((dt.int64, dt.float32), ((None,), (None, 3)))
_V = np.array([-1], np.int64)
_NO_DIMS = np.zeros(0, np.int64)


def _padded_infer(op: str, v2: bool) -> Any:
    def infer(*ins: Any, N: int, Toutput_types: tuple, **_: Any) -> list:
        n = AV.int_attr(op, N, "N", 64)
        C.attr_at_least(op, "N", n, 1)
        if len(ins) != 2 + n + len(Toutput_types) + v2:  # (TF's wrappers count them)
            raise TypeError(f"{op} takes {2 + n + len(Toutput_types) + v2} inputs (N padded "
                            f"shapes, a padding value of each Toutput_types), got {len(ins)}")
        names = ("input_dataset", "batch_size") + ("padded_shapes",) * n + \
            ("padding_values",) * len(Toutput_types) + ("drop_remainder",) * v2
        types = tuple(AV.make_type(t, "Toutput_types") for t in Toutput_types)
        return _inputs(op, *names, scalars=("batch_size", "drop_remainder"),
                       types=types)(*ins)
    return infer


PADDED_BATCH_DATASET = register(dataset_op(
    "PaddedBatchDataset", _padded_batch, text=_size_text,
    infer=_padded_infer("PaddedBatchDataset", False),
    reference=_padded_reference,
    samples=lambda: [Sample((_ragged(), _I64(3), _V, np.int32(-1)), _PAD_ONE, grad=False),
                     Sample((_pairs(), _I64(2), _NO_DIMS, np.array([3], np.int64), _I64(9),
                             np.float32(0.5)), _PAD_TWO, grad=False)],
    bad_samples=lambda: [
        BadSample((_ragged(), _I64(0), _V, np.int32(0)), _PAD_ONE,
                  InvalidArgumentError, _BATCH_SIZE),
        BadSample((_ragged(), _I64(2), _V, np.array([0], np.int32)), _PAD_ONE,
                  InvalidArgumentError, "All padding values must be scalars"),
        BadSample((_ragged(), _I64(2), np.array([[2]], np.int64), np.int32(0)),
                  _PAD_ONE, InvalidArgumentError, "All padded shapes must be vectors"),
        BadSample((_ragged(), _I64(2), np.array([-3], np.int64), np.int32(0)),
                  _PAD_ONE, InvalidArgumentError, "Dimension -3 must be >= -1"),
        BadSample((_ragged(), _I64(2), _V, _I64(0)),
                  {**_PAD_ONE, "Toutput_types": (dt.int64,)}, InvalidArgumentError,
                  "Mismatched type between padding value 0 and input dataset's "
                  "component 0: int64 vs. int32"),
        BadSample((_pairs(), _I64(2), _NO_DIMS, _I64(0)),
                  _pad_attrs((dt.int64,), ((None,),)), InvalidArgumentError,
                  "Number of padded shapes (1) must match the number of components "
                  "in the input dataset's elements (2)")],
))

PADDED_BATCH_DATASET_V2 = register(dataset_op(
    "PaddedBatchDatasetV2", _padded_batch, text=_size_text,
    infer=_padded_infer("PaddedBatchDatasetV2", True),
    reference=_padded_reference,
    samples=lambda: [
        Sample((_ragged(), _I64(3), np.array([4], np.int64), np.int32(7), _T), _PAD_ONE,
               grad=False),
        Sample((_pairs(), _I64(2), _NO_DIMS, np.array([3], np.int64), _I64(9),
                np.float32(0.5), _F), {**_PAD_TWO, "parallel_copy": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((_ragged(), _I64(-2), _V, np.int32(0), _F), _PAD_ONE,
                  InvalidArgumentError, _BATCH_SIZE),
        BadSample((_ragged(), _I64(2), _V, np.int32(0), np.array([True])), _PAD_ONE,
                  InvalidArgumentError, "drop_remainder must be a scalar")],
))


# -- RepeatDataset, SkipDataset, TakeDataset, PrefetchDataset --------------------------------

def _count(count: Any) -> int:
    """A count as TF's kernels read it: any negative one means all (or forever)."""
    return max(_int(count), -1)


def _repeat(op: str, input_dataset: Any, count: Any, **_: Any) -> DatasetV2:
    return flat_input(op, input_dataset).repeat(_count(count))


def _skip(op: str, input_dataset: Any, count: Any, **_: Any) -> DatasetV2:
    return flat_input(op, input_dataset).skip(_count(count))


def _take(op: str, input_dataset: Any, count: Any, **_: Any) -> DatasetV2:
    return flat_input(op, input_dataset).take(_count(count))


def _prefetch(op: str, input_dataset: Any, buffer_size: Any, **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    size = _int(buffer_size)
    if size < -1:
        raise C.fail(op, "buffer_size must be >= 0 or set buffer_size to be -1 for "
                         "auto-tuning")
    return ds.prefetch(size)


def _repeat_reference(d: Any, count: Any, **_: Any) -> DatasetVariant:
    # (the samples repeat finitely: a reference can't hold forever)
    return _listed(_elements(d) * _int(count))


def _skip_reference(d: Any, count: Any, **_: Any) -> DatasetVariant:
    n = _int(count)
    return _listed(_elements(d)[n:] if n >= 0 else [])


def _take_reference(d: Any, count: Any, **_: Any) -> DatasetVariant:
    n = _int(count)
    return _listed(_elements(d)[:n] if n >= 0 else _elements(d))


def _count_op(name: str, build: Any, reference: Any, counts: tuple) -> Any:
    return register(dataset_op(
        name, build, infer=_inputs(name, "input_dataset", "count", scalars=("count",)),
        reference=reference,
        samples=lambda: [Sample((_range(3), _I64(counts[0])), _ONE, grad=False),
                         Sample((_pairs(), _I64(counts[1])), _TWO, grad=False)],
        bad_samples=lambda: [BadSample((_range(3), np.array([2], np.int64)), _ONE,
                                       InvalidArgumentError, "count must be a scalar")],
    ))


REPEAT_DATASET = _count_op("RepeatDataset", _repeat, _repeat_reference, (2, 0))
SKIP_DATASET = _count_op("SkipDataset", _skip, _skip_reference, (1, -1))
TAKE_DATASET = _count_op("TakeDataset", _take, _take_reference, (2, -2))

PREFETCH_DATASET = register(dataset_op(
    "PrefetchDataset", _prefetch,
    infer=_inputs("PrefetchDataset", "input_dataset", "buffer_size",
                  scalars=("buffer_size",)),
    reference=lambda d, *_, **__: _listed(_elements(d)),
    samples=lambda: [
        Sample((_range(3), _I64(2)), _ONE, grad=False),
        Sample((_pairs(), _I64(-1)), {**_TWO, "slack_period": 1, "legacy_autotune": False,
                                      "buffer_size_min": 1}, grad=False),
        Sample((_range(3), _I64(0)), _ONE, grad=False)],
    bad_samples=lambda: [BadSample((_range(3), _I64(-2)), _ONE, InvalidArgumentError,
                                   "buffer_size must be >= 0 or set buffer_size to be -1 for "
                                   "auto-tuning"),
                         BadSample((_range(3), np.array([2], np.int64)), _ONE, InvalidArgumentError,
                                   "buffer_size must be a scalar")],
))


# -- ConcatenateDataset, ZipDataset ----------------------------------------------------------

def _concatenate(op: str, input_dataset: Any, another_dataset: Any, **_: Any) -> DatasetV2:
    first = flat_input(op, input_dataset)
    second = flat_input(op, another_dataset)
    mine, theirs = flat_specs(first), flat_specs(second)
    if [s.dtype for s in mine] != [s.dtype for s in theirs]:
        # (TF's message leaves its format's placeholders unfilled and names the second
        # dataset's types after them)
        raise C.fail(op, "input dataset and dataset to concatenate have different "
                         "output_types %s and %s" + ", ".join(C.dtype_word(s.dtype)
                                                             for s in theirs))
    return first.concatenate(second)


def _zip(op: str, *input_datasets: Any, **_: Any) -> DatasetV2:
    return DatasetV2.zip(tuple(flat_input(op, d)
                               for d in input_datasets))


def _zip_reference(*ds: Any, **_: Any) -> DatasetVariant:
    each = [_elements(d) for d in ds]
    n = min(len(e) for e in each)
    return _listed([[c for e in each for c in e[i]] for i in range(n)])


def _range_of(dtype: Any, n: int) -> np.ndarray:
    ds = DatasetV2.range(n, output_type=dtype)
    return variant_array(ds, f"RangeDatasetOp(0, {n}, 1)::Dataset")


CONCATENATE_DATASET = register(dataset_op(
    "ConcatenateDataset", _concatenate,
    infer=_inputs("ConcatenateDataset", "input_dataset", "another_dataset"),
    reference=lambda a, b, **_: _listed(_elements(a) + _elements(b)),
    samples=lambda: [Sample((_range(2), _range(3)), _ONE, grad=False),
                     Sample((_pairs(), _pairs()), _TWO, grad=False)],
    bad_samples=lambda: [BadSample((_range(2), _range_of(dt.int32, 2)), _ONE, InvalidArgumentError,
                                   "input dataset and dataset to concatenate have different "
                                   "output_types %s and %sint32"),
                         BadSample((_range(2), _pairs()), _ONE, InvalidArgumentError,
                                   "input dataset and dataset to concatenate have different "
                                   "output_types %s and %sint64, float")],
))

def _zip_infer(*input_datasets: Any, **_: Any) -> list:
    C.attr_at_least("ZipDataset", "N", len(input_datasets), 1)
    return [((), dt.variant)]


ZIP_DATASET = register(dataset_op(
    "ZipDataset", _zip, reference=_zip_reference, infer=_zip_infer,
    samples=lambda: [
        Sample((_range(2), _range(3)), {"output_types": (dt.int64,) * 2,
                                        "output_shapes": ((),) * 2, "N": 2}, grad=False),
        Sample((_pairs(), _range(4), _range_of(dt.int32, 5)),
               {"output_types": (dt.int64, dt.float32, dt.int64, dt.int32),
                "output_shapes": ((), (2,), (), ()), "N": 3}, grad=False),
        Sample((_range(3),), {**_ONE, "N": 1}, grad=False)],
))


# -- ShardDataset, UnbatchDataset ------------------------------------------------------------

_SHARD_HINT = -1


def _shard(op: str, input_dataset: Any, num_shards: Any, index: Any, **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    n, i = _int(num_shards), _int(index)
    if n <= 0 and n != _SHARD_HINT:
        raise C.fail(op, f"Number of shards must be greater than zero (currently num_shards "
                         f"= {n}).")
    if n != _SHARD_HINT and not 0 <= i < n:
        raise C.fail(op, f"Index must be between 0 and {n - 1} (currently index = {i}).")
    return ds.shard(n, i)


def _shard_reference(d: Any, num_shards: Any, index: Any, **_: Any) -> DatasetVariant:
    return _listed(_elements(d)[_int(index)::_int(num_shards)])


SHARD_DATASET = register(dataset_op(
    "ShardDataset", _shard, text=lambda d, n, i, **_: f"{_int(n)}, {_int(i)}",
    infer=_inputs("ShardDataset", "input_dataset", "num_shards", "index",
                  scalars=("num_shards", "index")),
    reference=_shard_reference,
    samples=lambda: [Sample((_range(5), _I64(2), _I64(1)), _ONE, grad=False),
                     Sample((_pairs(), _I64(3), _I64(0)), {**_TWO, "require_non_empty": True},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((_range(5), _I64(0), _I64(0)), _ONE, InvalidArgumentError,
                  "Number of shards must be greater than zero (currently num_shards "
                  "= 0)."),
        BadSample((_range(5), _I64(2), _I64(2)), _ONE, InvalidArgumentError,
                  "Index must be between 0 and 1 (currently index = 2)."),
        BadSample((_range(5), _I64(2), np.array([0], np.int64)), _ONE,
                  InvalidArgumentError, "index must be a scalar")],
))


def _unbatch(op: str, input_dataset: Any, **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    specs = flat_specs(ds)
    # (TF's kernel finds scalars and unequal batch sizes only in the elements: static ones
    # are left to it)
    firsts = {s.shape[0] for s in specs if s.shape.rank} - {None}
    if len(firsts) > 1 or any(s.shape.rank == 0 for s in specs):
        ds = VariantDataset(ds, _flat(tuple(TensorSpec(None, s.dtype) for s in specs)))
    return ds.unbatch()


def _unbatch_reference(d: Any, **_: Any) -> DatasetVariant:
    return _listed([[c[j] for c in e] for e in _elements(d)
                             for j in range(len(e[0]))])


for _name in ("UnbatchDataset", "ExperimentalUnbatchDataset"):
    register(dataset_op(
        _name, _unbatch, kernel_name="UnbatchDataset", infer=_inputs(_name, "input_dataset"),
        reference=_unbatch_reference,
        samples=lambda: [Sample((_batched(5, 2),), _ONE, grad=False),
                         Sample((_batched_pairs(),), _TWO, grad=False)],
    ))


# -- SlidingWindowDataset, ExperimentalSlidingWindowDataset ----------------------------------

def _sliding_window(op: str, input_dataset: Any, window_size: Any, window_shift: Any,
                    window_stride: Any, *, drop_remainder: bool = True, **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    size = _positive(op, window_size, "Window size must be greater than zero.")
    shift = _positive(op, window_shift, "Window shift must be greater than zero.")
    stride = _positive(op, window_stride, "window_stride must be greater than zero.")
    windows = ds.window(size, shift, stride, drop_remainder=bool(drop_remainder))
    if len(flat_specs(ds)) == 1:
        batches = windows.flat_map(lambda w: w.batch(size))
    else:
        batches = windows.flat_map(lambda *ws: DatasetV2.zip(ws).batch(size))
    return _Counted(batches, ds, shift, bool(drop_remainder))


class _Counted(DatasetV2):
    """Sliding windows, counted as TF's kernel counts them: the input's elements over the
    shift (rounded up unless partial windows are dropped), whatever the window's span."""

    _repr_name = "_SlidingWindowDataset"

    def __init__(self, batches: DatasetV2, source: DatasetV2, shift: int, drop: bool) -> None:
        super().__init__((batches,))
        self._source, self._shift, self._drop = source, shift, drop

    def _compute_structure(self) -> Structure:
        return self._inputs[0]._structure

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return self._inputs[0]._make_iterator(ctx)

    def _cardinality(self) -> int:
        return batch_count(self._source._cardinality(), self._shift, self._drop)


def _windows(d: Any, size: Any, shift: Any, stride: Any, drop: Any) -> list:
    """A reference's windows of an input variant's elements: lists of elements."""
    els, size, shift, stride = _elements(d), _int(size), _int(shift), _int(stride)
    rows = [els[start:start + (size - 1) * stride + 1:stride]
            for start in range(0, len(els), shift)]
    return [r for r in rows if len(r) == size or not drop]


def _sliding_reference(d: Any, size: Any, shift: Any, stride: Any, *,
                       drop_remainder: bool = True, **_: Any) -> DatasetVariant:
    return _listed([[np.stack([r[k] for r in rows]) for k in range(len(rows[0]))]
                    for rows in _windows(d, size, shift, stride, drop_remainder)])


def _sliding_text(d: Any, size: Any, shift: Any, stride: Any, *,
                  drop_remainder: bool = True, **_: Any) -> str:
    return f"{_int(size)}, {_int(shift)}, {_int(stride)}, {int(bool(drop_remainder))}"


_WINDOW = ("input_dataset", "window_size", "window_shift", "window_stride")

for _name in ("SlidingWindowDataset", "ExperimentalSlidingWindowDataset"):
    _drop = {"drop_remainder": False} if _name == "SlidingWindowDataset" else {}
    register(dataset_op(
        _name, _sliding_window, kernel_name="SlidingWindowDataset", text=_sliding_text,
        infer=_inputs(_name, *_WINDOW, scalars=_WINDOW[1:]), reference=_sliding_reference,
        samples=lambda _drop=_drop: [
            Sample((_range(5), _I64(2), _I64(1), _I64(1)), _VEC, grad=False),
            Sample((_pairs(), _I64(3), _I64(2), _I64(1)), {**_TWO_VEC, **_drop},
                   grad=False),
            Sample((_range(7), _I64(2), _I64(3), _I64(2)), {**_VEC, **_drop},
                   grad=False)],
        bad_samples=lambda: [
            BadSample((_range(5), _I64(0), _I64(1), _I64(1)), _VEC,
                      InvalidArgumentError, "Window size must be greater than zero."),
            BadSample((_range(5), _I64(2), _I64(-1), _I64(1)), _VEC,
                      InvalidArgumentError, "Window shift must be greater than zero."),
            BadSample((_range(5), _I64(2), _I64(1), _I64(0)), _VEC,
                      InvalidArgumentError,
                      "window_stride must be greater than zero."),
            BadSample((_range(5), _I64(2), np.array([1], np.int64), _I64(1)), _VEC,
                      InvalidArgumentError, "window_shift must be a scalar")],
    ))


# -- RebatchDataset, ExperimentalRebatchDataset, RebatchDatasetV2 ----------------------------

class _SplitIterator(ElementIterator):
    __slots__ = ("_in", "_n", "_dtypes", "_comps", "_steps", "_i")

    def __init__(self, upstream: ElementIterator, n: int, dtypes: list) -> None:
        self._in, self._n, self._dtypes = upstream, n, dtypes
        self._comps: list = []
        self._steps: list = []
        self._i = n

    def __next__(self) -> tuple:
        if self._i == self._n:
            comps = [to_host(c._arr) for c in next(self._in)]
            for k, c in enumerate(comps):
                if c.ndim == 0:
                    raise InvalidArgumentError(
                        None, None, "Cannot rebatch dataset: All components must have at least "
                        "one dimension. Perhaps your input dataset is not batched? Component "
                        f"{k} is scalar.")
            # (each component alone: n slices of ceil(its rows / n) rows, the last ones
            # short or empty; made one at a time, as n may be huge)
            self._comps, self._steps, self._i = comps, [-(-len(c) // self._n) for c in comps], 0
        i = self._i
        self._i = i + 1
        return tuple(EagerTensor(c[min(i * m, len(c)):min((i + 1) * m, len(c))], d, CPU_DEVICE)
                     for c, m, d in zip(self._comps, self._steps, self._dtypes))

    def close(self) -> None:
        self._in.close()


class _SplitDataset(DatasetV2):
    """Each batch of the input split into `n` smaller ones (TF's RebatchDataset kernel, for
    which tf.data has no method)."""

    _repr_name = "_RebatchDataset"

    def __init__(self, input_dataset: DatasetV2, n: int) -> None:
        super().__init__((input_dataset,))
        self._n = n

    def _compute_structure(self) -> Structure:
        # (a scalar's spec kept: its iterator refuses it, as TF's kernel does)
        specs = tuple(s if not s.shape.rank else TensorSpec([None] + s.shape[1:], s.dtype)
                      for s in flat_specs(self._inputs[0]))
        return Structure(_flat(specs))

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        dtypes = [s.dtype for s in flat_specs(self._inputs[0])]
        return _SplitIterator(self._inputs[0]._make_iterator(ctx), self._n, dtypes)

    def _cardinality(self) -> int:
        return UNKNOWN  # (TF's kernel says so, of an infinite input too)


def _rebatch(op: str, input_dataset: Any, num_replicas: Any, **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    return _SplitDataset(ds, _positive(op, num_replicas,
                                       "num_replicas must be greater than zero."))


def _rebatch_reference(d: Any, num_replicas: Any, **_: Any) -> DatasetVariant:
    n, out = _int(num_replicas), []
    for e in _elements(d):
        steps = [-(-len(c) // n) for c in e]
        out += [[c[i * m:(i + 1) * m] for c, m in zip(e, steps)] for i in range(n)]
    return _listed(out)


for _name in ("RebatchDataset", "ExperimentalRebatchDataset"):
    register(dataset_op(
        _name, _rebatch, kernel_name="RebatchDataset", text=_size_text,
        infer=_inputs(_name, "input_dataset", "num_replicas", scalars=("num_replicas",)),
        reference=_rebatch_reference,
        samples=lambda: [Sample((_batched(10, 4), _I64(3)), _VEC, grad=False),
                         Sample((_batched_pairs(), _I64(2)), {**_TWO_VEC, "use_fallback": False},
                                grad=False)],
        bad_samples=lambda: [BadSample((_batched(10, 4), _I64(0)), _VEC, InvalidArgumentError,
                                       "num_replicas must be greater than zero."),
                             BadSample((_batched(10, 4), np.array([2], np.int64)), _VEC,
                                       InvalidArgumentError, "num_replicas must be a scalar")],
    ))


def _rebatch_v2(op: str, input_dataset: Any, batch_sizes: Any, drop_remainder: Any,
                **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    specs = flat_specs(ds)
    # (TF's kernel finds scalars only in the elements, as it unbatches them)
    loose = ds if all(s.shape.rank for s in specs) else VariantDataset(
        ds, _flat(tuple(TensorSpec(None, s.dtype) for s in specs)))
    sizes = np.atleast_1d(batch_sizes).tolist()
    if not sizes or min(sizes) < 0:  # (TF 2.21's iterator crashes the process on them)
        raise C.fail(op, "batch_sizes must be greater than zero.")
    return loose.rebatch(sizes, bool(drop_remainder))


def _rebatch_v2_infer(input_dataset: Any, batch_sizes: Any, drop_remainder: Any,
                      **_: Any) -> list:
    _inputs("RebatchDatasetV2", "input_dataset", "batch_sizes", "drop_remainder",
            scalars=("drop_remainder",))(input_dataset, batch_sizes, drop_remainder)
    if len(batch_sizes._shape) > 1:
        raise C.fail("RebatchDatasetV2", "`batch_sizes` must be a scalar or a vector.")
    return [((), dt.variant)]


def _rebatch_v2_reference(d: Any, batch_sizes: Any, drop_remainder: Any, **_: Any
                          ) -> DatasetVariant:
    rows = [[c[j] for c in e] for e in _elements(d) for j in range(len(e[0]))]
    sizes, out, k = np.atleast_1d(batch_sizes).tolist(), [], 0
    while rows[k:]:
        size = sizes[len(out) % len(sizes)]
        chunk = rows[k:k + size]
        k += size
        if len(chunk) == size or not drop_remainder:
            out.append([np.stack([r[i] for r in chunk]) for i in range(len(chunk[0]))])
    return _listed(out)


REBATCH_DATASET_V2 = register(dataset_op(
    "RebatchDatasetV2", _rebatch_v2, kernel_name="RebatchV2Dataset", infer=_rebatch_v2_infer,
    reference=_rebatch_v2_reference,
    samples=lambda: [Sample((_batched(10, 4), np.array([1, 3], np.int64), _F), _VEC, grad=False),
                     Sample((_batched(10, 4), np.array([3, 2], np.int64), _T), _VEC, grad=False),
                     Sample((_batched_pairs(), _I64(3), _F), _TWO_VEC, grad=False)],
    bad_samples=lambda: [
        BadSample((_batched(10, 4), np.array([[2]], np.int64), _F), _VEC,
                  InvalidArgumentError, "`batch_sizes` must be a scalar or a vector."),
        BadSample((_batched(10, 4), np.array([2, -1], np.int64), _F), _VEC,
                  InvalidArgumentError, "batch_sizes must be greater than zero.")],
))


# -- WindowDataset ---------------------------------------------------------------------------

def _window_variant(ds: DatasetV2) -> EagerTensor:
    """A window, as TF's WindowDataset gives it: a variant holding a dataset."""
    return EagerTensor(variant_array(ds, "Window"), dt.variant, CPU_DEVICE)


class _VariantsIterator(ElementIterator):
    __slots__ = ("_in",)

    def __init__(self, upstream: ElementIterator) -> None:
        self._in = upstream

    def __next__(self) -> tuple:
        return tuple(_window_variant(w) for w in next(self._in))

    def close(self) -> None:
        self._in.close()


class _WindowVariants(DatasetV2):
    """Windows whose datasets are variants (each component of TF's WindowDataset's
    elements: the window of one of its input's components)."""

    _repr_name = "_WindowDataset"

    def __init__(self, windows: DatasetV2) -> None:
        super().__init__((windows,))

    def _compute_structure(self) -> Structure:
        return Structure(_flat(tuple(TensorSpec([], dt.variant)
                                     for _ in flat_specs(self._inputs[0]))))

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _VariantsIterator(self._inputs[0]._make_iterator(ctx))

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality()


def _window(op: str, input_dataset: Any, size: Any, shift: Any, stride: Any,
            drop_remainder: Any, **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    size = _positive(op, size, "Window size must be greater than zero.")
    shift = _positive(op, shift, "Window shift must be greater than zero.")
    stride = _positive(op, stride, "Window stride must be greater than zero.")
    return _WindowVariants(ds.window(size, shift, stride, drop_remainder=bool(drop_remainder)))


def _window_reference(d: Any, size: Any, shift: Any, stride: Any, drop: Any, **_: Any
                      ) -> DatasetVariant:
    out = None
    for rows in _windows(d, size, shift, stride, drop):
        parts = tuple(_window_variant(_listed([[r[k]] for r in rows]).dataset)
                      for k in range(len(rows[0])))
        one = DatasetV2.from_tensors(_flat(parts))
        out = one if out is None else out.concatenate(one)
    return DatasetVariant(out if out is not None else DatasetV2.range(0), "reference")


_WINDOW_INPUTS = ("input_dataset", "size", "shift", "stride", "drop_remainder")
_VARIANTS = {"output_types": (dt.variant,), "output_shapes": ((),)}

WINDOW_DATASET = register(dataset_op(
    "WindowDataset", _window,
    text=lambda d, size, shift, stride, drop, **_: (f"{_int(size)}, {_int(shift)}, "
                                                     f"{_int(stride)}, {int(bool(drop))}"),
    infer=_inputs("WindowDataset", *_WINDOW_INPUTS, scalars=_WINDOW_INPUTS[1:]),
    reference=_window_reference,
    samples=lambda: [Sample((_range(5), _I64(2), _I64(2), _I64(1), _F), _VARIANTS, grad=False),
                     Sample((_pairs(), _I64(3), _I64(1), _I64(2), _T),
                            {"output_types": (dt.variant,) * 2, "output_shapes": ((),) * 2},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((_range(5), _I64(0), _I64(1), _I64(1), _F), _VARIANTS,
                  InvalidArgumentError, "Window size must be greater than zero."),
        BadSample((_range(5), _I64(2), _I64(0), _I64(1), _F), _VARIANTS,
                  InvalidArgumentError, "Window shift must be greater than zero."),
        BadSample((_range(5), _I64(2), _I64(1), _I64(-1), _F), _VARIANTS,
                  InvalidArgumentError, "Window stride must be greater than zero."),
        BadSample((_range(5), _I64(2), _I64(1), _I64(1), np.array([True])),
                  _VARIANTS, InvalidArgumentError, "drop_remainder must be a scalar")],
))


# -- DenseToSparseBatchDataset, ExperimentalDenseToSparseBatchDataset ------------------------

def _dense_to_sparse(op: str, input_dataset: Any, batch_size: Any, row_shape: Any,
                     **_: Any) -> DatasetV2:
    ds = flat_input(op, input_dataset)
    if len(flat_specs(ds)) != 1:
        raise C.fail(op, "DenseToSparseBatchDataset only supports inputs with a single "
                         "component.")
    size = _positive(op, batch_size, _BATCH_SIZE)
    dims = np.asarray(row_shape).tolist()
    for d in dims:
        if d < -1:
            raise C.fail(op, f"Dimension {d} must be >= -1")
    return ds.sparse_batch(size, [None if d == -1 else d for d in dims])


def _dense_to_sparse_reference(d: Any, batch_size: Any, row_shape: Any, **_: Any
                               ) -> DatasetVariant:
    els, size, out = [e[0] for e in _elements(d)], _int(batch_size), None
    for chunk in (els[i:i + size] for i in range(0, len(els), size)):
        dims = [max(a.shape[k] for a in chunk) if w == -1 else w
                for k, w in enumerate(np.asarray(row_shape).tolist())]
        # (every value is kept, zeros too, at its element's row and its own position)
        indices = [(j, *pos) for j, a in enumerate(chunk) for pos in np.ndindex(a.shape)]
        sparse = SparseTensor(np.array(indices, np.int64).reshape(-1, 1 + len(dims)),
                              np.concatenate([a.reshape(-1) for a in chunk]),
                              np.array([len(chunk)] + dims, np.int64))
        one = DatasetV2.from_tensors(sparse)
        out = one if out is None else out.concatenate(one)
    return DatasetVariant(out if out is not None else DatasetV2.range(0), "reference")


def _rows_of(values: list) -> np.ndarray:
    ds = DatasetV2.from_tensor_slices(np.array(values, np.int64))
    return variant_array(ds, "TensorSliceDatasetOp::Dataset")


_SPARSE = {"output_types": (dt.int64,), "output_shapes": ((None, None),)}
_ROWS = [[1, 2, 0], [4, 0, 6], [7, 8, 9]]

for _name in ("DenseToSparseBatchDataset", "ExperimentalDenseToSparseBatchDataset"):
    register(dataset_op(
        _name, _dense_to_sparse, kernel_name="DenseToSparseBatchDataset", text=_size_text,
        infer=_inputs(_name, "input_dataset", "batch_size", "row_shape",
                      scalars=("batch_size",), vectors=("row_shape",)),
        reference=_dense_to_sparse_reference,
        samples=lambda: [Sample((_rows_of(_ROWS), _I64(2), np.array([4], np.int64)), _SPARSE,
                                grad=False),
                         Sample((_rows_of(_ROWS), _I64(2), np.array([-1], np.int64)), _SPARSE,
                                grad=False),
                         Sample((_range(3), _I64(2), np.zeros(0, np.int64)), _SPARSE, grad=False)],
        bad_samples=lambda: [
            BadSample((_rows_of(_ROWS), _I64(0), np.array([4], np.int64)), _SPARSE,
                      InvalidArgumentError, _BATCH_SIZE),
            BadSample((_rows_of(_ROWS), _I64(2), np.array([-2], np.int64)), _SPARSE,
                      InvalidArgumentError, "Dimension -2 must be >= -1"),
            BadSample((_pairs(), _I64(2), np.array([4], np.int64)), _SPARSE,
                      InvalidArgumentError, "DenseToSparseBatchDataset only "
                                            "supports inputs with a single component."),
            BadSample((_rows_of(_ROWS), _I64(2), np.array([[4]], np.int64)), _SPARSE,
                      InvalidArgumentError, "row_shape must be a vector")],
    ))
