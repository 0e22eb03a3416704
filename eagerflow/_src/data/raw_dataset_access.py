"""TF's GetElementAtIndex (tf.data.experimental.at): the element at an index of a dataset TF
can read by index, and the readings of a pipeline the dataset ops that check it share
(each dataset's kernel text, TF op name and inputs).

Data layer, over dataset_variants.py; light, as tf.data.experimental imports it. TF reads
by index a range, slices, tensors, map, batch, take, skip, prefetch, memory cache,
concatenate, zip, finite repeat, shuffle, shard, unbatch, options and the other wrappers of
that kind: as TF, the first dataset down the pipeline of another kind is refused
(UnimplementedError, its kernel's text), as is one of infinite or unknown count
(FailedPreconditionError) and an index past the count (OutOfRangeError). The element is
read from the pipeline (its skip(index).take(1)); a shuffle's is its first iteration's.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import NoneTensorSpec
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    OutOfRangeError,
    UnimplementedError,
)
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import INFINITE, UNKNOWN, DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    VariantDataset,
    check_signature,
    check_specs,
    flat_input,
    range_variant,
    tf_attrs_load,
)
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.structure import from_outputs
from eagerflow._src.data.variant_value import variant_array, variant_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_I64 = np.int64

_KERNEL = re.compile(r"^(\w+?)Op(?:\(|::)")


def kernel_text(ds: DatasetV2) -> str:
    """A dataset's kernel text as its variant shows it ("RangeDatasetOp(0, 5, 1)::Dataset")."""
    return variant_tensor(ds)._arr[()].variant_text[1:-1]


def op_name(ds: DatasetV2) -> str:
    """The TF op a dataset's kernel runs for ("BatchDatasetV2")."""
    found = _KERNEL.match(kernel_text(ds))
    return found.group(1) if found else type(ds).__name__.lstrip("_")


def inputs_of(ds: DatasetV2) -> tuple:
    """The datasets a dataset reads (a variant's pipeline for a dataset read back)."""
    inputs = tuple(d for d in getattr(ds, "_inputs", ()) if isinstance(d, DatasetV2))
    source = getattr(ds, "_source", None)
    if not inputs and isinstance(source, DatasetV2):
        inputs = (source,)
    return inputs


def transparent(ds: DatasetV2) -> bool:
    # (a dataset read back from its variant is the variant's pipeline: from_variant's, the
    # flat view a dataset op reads of a nested one, from_list's and a dataset op's declared
    # one all subclass VariantDataset; their classes carry TF's names, "_VariantDataset")
    return isinstance(ds, VariantDataset)


# -- GetElementAtIndex ---------------------------------------------------------------------------

# TF's datasets that read by index (their op names)
_RANDOM_ACCESS = frozenset((
    "RangeDataset", "TensorSliceDataset", "TensorDataset", "MapDataset", "ParallelMapDataset",
    "ParallelMapDatasetV2", "BatchDataset", "BatchDatasetV2", "TakeDataset", "SkipDataset",
    "PrefetchDataset", "ConcatenateDataset", "ZipDataset", "RepeatDataset", "ShuffleDataset",
    "ShuffleDatasetV2", "ShuffleDatasetV3", "ShardDataset", "OptionsDataset",
    "AssertCardinalityDataset", "GlobalShuffleDataset", "MaxIntraOpParallelismDataset",
    "PrivateThreadPoolDataset", "UnbatchDataset", "FinalizeDataset", "ModelDataset"))


def random_access_error(op: str, ds: DatasetV2, index: int | None) -> Exception | None:
    """TF's error reading `ds` (and what it reads) by index, or None: each dataset checks
    its kind, then its count, then (the outermost) the index."""
    if transparent(ds):
        inner = inputs_of(ds)
        return random_access_error(op, inner[0], index) if inner else None
    text = kernel_text(ds)
    if op_name(ds) not in _RANDOM_ACCESS and text != "CacheDatasetOp::MemoryDataset":
        return UnimplementedError(None, None, f"Random access is not implemented for dataset "
                                              f"{text} [Op:{op}]")
    n = ds._cardinality()
    if n in (INFINITE, UNKNOWN):
        word = "infinite" if n == INFINITE else "unknown"
        return FailedPreconditionError(None, None, f"Dataset of type {text} has {word} "
                                                   f"cardinality, which does not support "
                                                   f"random access. [Op:{op}]")
    if index is not None and not 0 <= index < n:
        return OutOfRangeError(None, None, f"Index out of range [0, {n}):{index} [Op:{op}]")
    for inner in inputs_of(ds):
        found = random_access_error(op, inner, None)
        if found is not None:
            return found
    return None


def _element_at(xp: Any, dataset: Any, index: Any, *, output_types: tuple,
                output_shapes: tuple) -> tuple:
    op = "GetElementAtIndex"
    ds = flat_input(op, dataset)
    if np.ndim(index):
        raise C.fail(op, "index must be a scalar")
    i = int(np.asarray(index))
    found = random_access_error(op, ds, i)
    if found is not None:
        raise found
    picked = ds.skip(i).take(1)
    it = picked._make_iterator(IterContext(picked.options()))
    try:
        flat = next(it)
    finally:
        it.close()
    flat = tuple(c for c in (flat if isinstance(flat, tuple) else (flat,)) if c is not None)
    out = tuple(np.asarray(c._numpy() if isinstance(c, EagerTensor) else c) for c in flat)
    check_specs(op, tuple(TensorSpec(a.shape, getattr(c, "_dtype", dt.as_dtype(a.dtype)))
                          for a, c in zip(out, flat)), tuple(output_types),
                tuple(output_shapes))
    return out


def _element_infer(dataset: Any, index: Any, *, output_types: tuple,
                   output_shapes: tuple) -> list:
    check_signature("GetElementAtIndex", (dataset, index),
                    {"output_types": output_types, "output_shapes": output_shapes})
    return [(None if s is None else tuple(s), d) for d, s in zip(output_types, output_shapes)]


def _filtered() -> np.ndarray:
    return variant_array(DatasetV2.range(5).filter(lambda x: x > 1), "FilterDatasetOp::Dataset")


GET_ELEMENT_AT_INDEX = register(OpDef(
    "GetElementAtIndex", _element_infer, _element_at, num_outputs=-1, stateful=True,
    gpu=False, arity=lambda ins, attrs: {"output_types": len(attrs.get("output_types", ()))},
    tf=TFForm(load=tf_attrs_load("GetElementAtIndex"), takes_handles=True),
    reference=lambda v, i, **_: tuple(v[()].elements()[int(i)]),
    samples=lambda: [Sample((range_variant(0, 10), _I64(3)), I64_ATTRS, grad=False),
                     Sample((range_variant(5, 9), _I64(0)), I64_ATTRS, grad=False)],
    bad_samples=lambda: [
        BadSample((range_variant(0, 10), _I64(10)), I64_ATTRS, OutOfRangeError,
                  "Index out of range [0, 10):10"),
        BadSample((range_variant(0, 10), _I64([1])), I64_ATTRS, InvalidArgumentError,
                  "index must be a scalar"),
        BadSample((_filtered(), _I64(1)), I64_ATTRS, UnimplementedError,
                  "Random access is not implemented for dataset FilterDatasetOp::Dataset"),
        BadSample((range_variant(0, 10), _I64(1)), {"output_types": (dt.int32,),
                                                     "output_shapes": ((),)},
                  InvalidArgumentError, "Data type mismatch at component 0: expected int32 "
                                        "but got int64.")]))


def element_at(dataset: DatasetV2, index: Any) -> Any:
    """tf.data.experimental.at: the element at `index`, packed as the dataset's elements."""
    specs = dataset._structure.specs
    kept = [s for s in specs if not isinstance(s, NoneTensorSpec)]  # (a None: no tensor)
    flat = bind(GET_ELEMENT_AT_INDEX, (dataset._variant_tensor, _int64_tensor(index)), {
        "output_types": tuple(s.dtype for s in kept),
        "output_shapes": tuple(s.shape.as_list() for s in kept)})
    flat = flat if isinstance(flat, (list, tuple)) else [flat]
    return dataset._structure.pack(from_outputs(tuple(flat), specs))


def _int64_tensor(index: Any) -> Any:
    t = convert_to_tensor(index)
    return t if t.dtype is dt.int64 else cast(t, dt.int64)
