"""TF's dataset source ops (RangeDataset, TensorDataset, TensorSliceDataset) and
DatasetCardinality, over dataset variants.

Data layer, over dataset_variants.py: each builds its pipeline from the public Dataset
methods, with TF's kernel checks before it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import dataset_methods  # noqa: F401 (the methods built on)
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    DatasetVariant,
    check_specs,
    dataset_of,
    dataset_op,
    tf_attrs_load,
    variant_array,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_I64 = np.int64


def tensors_of(arrays: Any) -> tuple:
    """Arrays (a kernel's inputs, a reference's components) as eager tensors."""
    return tuple(_tensor_of(np.asarray(a)) for a in arrays)


def _tensor_of(a: np.ndarray) -> EagerTensor:
    if a.dtype == object and a.size and hasattr(a.reshape(-1)[0], "variant_text"):
        # (encoded composites: a graph's RaggedTensorToVariant rows of a ragged component)
        return EagerTensor(a, dt.variant, CPU_DEVICE)
    if a.dtype.kind in "SUO":  # (a string tensor's array holds bytes objects)
        return EagerTensor(a.astype(object), dt.string, CPU_DEVICE)
    return EagerTensor(a, dt.as_dtype(a.dtype), CPU_DEVICE)


def _flat(items: tuple) -> Any:
    return items[0] if len(items) == 1 else items


# -- RangeDataset ----------------------------------------------------------------------------

def _range(op: str, start: Any, stop: Any, step: Any, *, output_types: tuple,
           output_shapes: tuple, metadata: str = "", replicate_on_split: bool = False
           ) -> DatasetV2:
    if int(step) == 0:
        raise C.fail(op, "step must be a non-zero integer.")
    return DatasetV2.range(int(start), int(stop), int(step), output_type=output_types[0])


def _range_reference(start: Any, stop: Any, step: Any, *, output_types: tuple,
                     **_: Any) -> DatasetVariant:
    values = np.arange(int(start), int(stop), int(step)).astype(output_types[0].as_numpy_dtype)
    return elements_variant([[v] for v in values])


def elements_variant(elements: list) -> DatasetVariant:
    """A reference's dataset: these elements (lists of component arrays)."""
    comps = [np.asarray(c) for c in elements[0]] if elements else []
    stacked = tuple(np.stack([np.asarray(e[i]) for e in elements]) for i in range(len(comps)))
    ds = DatasetV2.from_tensor_slices(_flat(tensors_of(stacked))) if elements else \
        DatasetV2.range(0)
    return DatasetVariant(ds, "reference")



RANGE_DATASET = register(dataset_op(
    "RangeDataset", _range, text=lambda start, stop, step, **_: f"{start}, {stop}, {step}",
    scalars=("start", "stop", "step"),
    reference=_range_reference,
    samples=lambda: [Sample((_I64(0), _I64(5), _I64(1)), I64_ATTRS, grad=False),
             Sample((_I64(7), _I64(-2), _I64(-3)), {"output_types": (dt.int32,),
                                                    "output_shapes": ((),)}, grad=False)],
    bad_samples=lambda: [BadSample((_I64(0), _I64(5), _I64(0)), I64_ATTRS, InvalidArgumentError,
                           "step must be a non-zero integer.")],
))


# -- TensorDataset, TensorSliceDataset -------------------------------------------------------

def _tensor(op: str, *components: Any, output_shapes: tuple, **_: Any) -> DatasetV2:
    comps = tensors_of(components)
    check_specs(op, tuple(TensorSpec(c.shape, c.dtype) for c in comps),
                tuple(c.dtype for c in comps), output_shapes)
    return DatasetV2.from_tensors(_flat(comps))


def _slices(op: str, *components: Any, output_shapes: tuple, **_: Any) -> DatasetV2:
    comps = tensors_of(components)
    if any(c.shape.rank == 0 for c in comps):
        raise C.fail(op, "All components must be at least 1-dimensional")
    if len({c.shape[0] for c in comps}) > 1:
        raise C.fail(op, "All components must have the same size in the 0th dimension")
    check_specs(op, tuple(TensorSpec(c.shape[1:], c.dtype) for c in comps),
                tuple(c.dtype for c in comps), output_shapes)
    return DatasetV2.from_tensor_slices(_flat(comps))


_A = np.array([1, 2, 3], np.int32)
_B = np.array([[1., 2.], [3., 4.], [5., 6.]], np.float32)

TENSOR_DATASET = register(dataset_op(
    "TensorDataset", _tensor,
    reference=lambda *c, **_: elements_variant([list(c)]),
    samples=lambda: [Sample((_A, _B), {"output_shapes": ((3,), (3, 2))}, grad=False),
             Sample((np.float64(2.5),), {"output_shapes": ((),)}, grad=False)],
    bad_samples=lambda: [BadSample((_A,), {"output_shapes": ((2,),)}, InvalidArgumentError,
                           "Incompatible shapes at component 0: expected [2] but got [3].")],
))

TENSOR_SLICE_DATASET = register(dataset_op(
    "TensorSliceDataset", _slices,
    reference=lambda *c, **_: elements_variant([[x[i] for x in c] for i in range(len(c[0]))]),
    samples=lambda: [Sample((_A, _B), {"output_shapes": ((), (2,))}, grad=False),
             Sample((np.array([b"a", b"bc"], object),), {"output_shapes": ((),)},
                    grad=False)],
    bad_samples=lambda: [BadSample((_A, np.array([1, 2], np.int32)), {"output_shapes": ((), ())},
                           InvalidArgumentError,
                           "All components must have the same size in the 0th dimension")],
))


# -- DatasetCardinality, ExperimentalDatasetCardinality ---------------------------------------

def _cardinality_kernel(op: str) -> Any:
    def kernel(xp: Any, input_dataset: Any, **_: Any) -> np.ndarray:
        return np.array(dataset_of(op, input_dataset)._cardinality(), np.int64)
    return kernel


for _op in ("DatasetCardinality", "ExperimentalDatasetCardinality"):
    register(OpDef(
        _op, lambda input_dataset, **_: [((), dt.int64)], _cardinality_kernel(_op),
        gpu=False, tf=TFForm(load=tf_attrs_load(_op), takes_handles=True),
        reference=lambda d, **_: np.array(len(d[()].elements()), np.int64),
        samples=lambda: [Sample((variant_array(DatasetV2.range(4),
                                               "RangeDatasetOp(0, 4, 1)::Dataset"),),
                                grad=False)],
    ))
