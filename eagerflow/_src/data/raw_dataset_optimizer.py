"""The ops tf.data's graph optimizer and its rewrites use: ChooseFastestBranchDataset,
MapDefun, ComputeBatchSize, WindowOp and RewriteDataset.

Data layer, over raw_dataset_access.py (each dataset's TF op name and inputs),
iterator_path.py and dataset_variants.py.

ChooseFastestBranchDataset applies one of its `branches` (functions from a dataset to a
dataset) to its input: TF times them on the first elements and keeps the fastest, this
keeps the first. As TF's, its count is the input's times ratio_numerator /
ratio_denominator (both must be positive), and it wants as many other_arguments_lengths
as branches. MapDefun calls `f` on the slices of its arguments along their first
dimension (the same for all, of rank 1 at least) and the captured inputs after, and
stacks the outputs, each checked against output_types and output_shapes.
ComputeBatchSize finds the batch size of a pipeline's elements, as TF's: the size of the
batch (kept remainder or not) found below through the transformations that keep it
(filter, take, skip, shuffle, cache, shard, prefetch, repeat, options...; not a map; all
inputs of a zip or concatenate agreeing); -1 where there is none.
WindowOp is a dataset of one element, its inputs (TF's variant prints as "Window").
RewriteDataset applies one of TF's rewrites by name; the rewrites keep the elements, and
so it gives its input's pipeline under the kernel text the rewrite gives TF (noop
elimination drops a take(-1), skip(0) or repeat(1) at the top; map_and_batch_fusion,
batch_parallelization, map_parallelization and inject_prefetch rename the top
transformation as TF's rewrite makes it); a rewrite not known here (or that changes
nothing at the top) leaves the input as it is, as TF does with a name it doesn't know.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import (
    dataset_methods,  # noqa: F401 (the methods built on)
    iterator_path,
)
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    VariantDataset,
    check_signature,
    concrete_of,
    dataset_of,
    flat_input,
    others_of,
    range_variant,
    structure_of,
    tf_attrs_load,
)
from eagerflow._src.data.raw_dataset_access import (
    inputs_of,
    kernel_text,
    op_name,
    transparent,
)
from eagerflow._src.data.raw_dataset_extra import listed_op
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.variant_value import variant_array
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_I64 = np.int64


# -- ComputeBatchSize ----------------------------------------------------------------------------

_BATCHES = ("BatchDataset", "BatchDatasetV2", "PaddedBatchDataset", "PaddedBatchDatasetV2",
            "MapAndBatchDataset")
# transformations that change the batch, or whose elements TF doesn't follow through
_STOPS = ("UnbatchDataset", "FlatMapDataset", "InterleaveDataset", "ScanDataset",
          "RebatchDataset", "RebatchV2Dataset", "IgnoreErrorsDataset", "MapDataset",
          "ParallelMapDataset", "ParallelMapDatasetV2", "TakeWhileDataset",
          "ParallelBatchDataset", "ParallelInterleaveDatasetV4", "ParallelInterleaveDataset",
          "WindowDataset", "GroupByWindowDataset", "GroupByReducerDataset",
          "DirectedInterleaveDataset", "UniqueDataset", "DenseToSparseBatchDataset",
          "LegacyParallelInterleaveDatasetV2", "SamplingDataset", "ChooseFastestBranchDataset")


def batch_size_of(ds: DatasetV2) -> int:
    """The batch size TF's ComputeBatchSize finds for a pipeline, or -1."""
    if transparent(ds):
        inner = inputs_of(ds)
        return batch_size_of(inner[0]) if inner else -1
    name = op_name(ds)
    if name in _BATCHES:
        return int(getattr(ds, "_size", -1))
    inputs = inputs_of(ds)
    if name in _STOPS or not inputs:
        return -1
    sizes = {batch_size_of(d) for d in inputs}
    return sizes.pop() if len(sizes) == 1 else -1


def _batch_size(xp: Any, input_dataset: Any) -> np.ndarray:
    return np.int64(batch_size_of(dataset_of("ComputeBatchSize", input_dataset)))


def _batched(n: int, size: int, drop: bool) -> np.ndarray:
    return variant_array(DatasetV2.range(n).batch(size, drop_remainder=drop),
                         f"BatchDatasetV2Op({size})::Dataset")


COMPUTE_BATCH_SIZE = register(OpDef(
    "ComputeBatchSize",
    lambda input_dataset: check_signature("ComputeBatchSize", (input_dataset,), {}) or
    [((), dt.int64)],
    _batch_size, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("ComputeBatchSize"), takes_handles=True),
    reference=lambda v: np.int64(batch_size_of(v[()].dataset)),
    samples=lambda: [Sample((_batched(10, 4, True),), grad=False),
                     Sample((_batched(10, 4, False),), grad=False),
                     Sample((range_variant(0, 3),), grad=False)],
    bad_samples=lambda: [BadSample((np.int64(1),), {}, InvalidArgumentError,
                                   "cannot compute ComputeBatchSize as input #0(zero-based) "
                                   "was expected to be a variant tensor but is a int64 "
                                   "tensor")]))


# -- WindowOp ------------------------------------------------------------------------------------

def _window(op: str, *inputs: Any, output_types: tuple = (), output_shapes: tuple = (),
            **_: Any) -> tuple:
    tensors = tuple(EagerTensor(np.asarray(x), t, CPU_DEVICE)
                    for x, t in zip(inputs, output_types))
    if len(tensors) != len(inputs):
        raise C.fail(op, f"Expected {len(output_types)} inputs, got {len(inputs)}")
    return DatasetV2.from_tensors(tensors[0] if len(tensors) == 1 else tensors), "Window"


WINDOW_OP = listed_op(
    "WindowOp", _window,
    arity=lambda ins, attrs: {"Tinputs": len(ins)},
    reference=lambda *ins, **_: elements_variant([[np.asarray(x) for x in ins]]),
    samples=lambda: [Sample((np.array([1, 2, 3], np.int64),),
                            {"output_types": (dt.int64,), "output_shapes": ((3,),),
                             "Tinputs": (dt.int64,)}, grad=False),
                     Sample((np.int32(1), np.float32(2.0)),
                            {"output_types": (dt.int32, dt.float32), "output_shapes": ((), ()),
                             "Tinputs": (dt.int32, dt.float32)}, grad=False)])


# -- RewriteDataset ------------------------------------------------------------------------------

def rewritten(ds: DatasetV2, name: str) -> tuple:
    """(pipeline, kernel text) of TF's rewrite `name` of a pipeline (its top)."""
    top = ds
    while transparent(top) and inputs_of(top):
        top = inputs_of(top)[0]
    kind, inner = op_name(top), inputs_of(top)
    if name == "noop_elimination":
        while kind in ("TakeDataset", "SkipDataset", "RepeatDataset") and \
                getattr(top, "_count", None) == {"TakeDataset": -1, "SkipDataset": 0,
                                                 "RepeatDataset": 1}[kind]:
            top = inner[0]
            kind, inner = op_name(top), inputs_of(top)
        return top, kernel_text(top)
    if name == "map_and_batch_fusion" and kind == "BatchDatasetV2" and inner and \
            op_name(inner[0]) in ("MapDataset", "ParallelMapDatasetV2"):
        return ds, "MapAndBatchDatasetOp::Dataset"
    if name == "batch_parallelization" and kind == "BatchDatasetV2":
        return ds, kernel_text(top).replace("BatchDatasetV2Op", "ParallelBatchDatasetOp")
    if name == "map_parallelization" and kind == "MapDataset" and \
            iterator_path._stateless(getattr(top, "_fn", None)):
        return ds, "ParallelMapDatasetV2Op::Dataset"
    if name == "inject_prefetch" and kind not in ("PrefetchDataset", "ParallelMapDatasetV2",
                                                  "MapAndBatchDataset"):
        return ds, "PrefetchDatasetOp::Dataset"
    return ds, kernel_text(ds)


def _rewrite(op: str, input_dataset: Any, rewrite_name: Any, **_: Any) -> tuple:
    ds = dataset_of(op, input_dataset)
    if np.ndim(rewrite_name):
        raise C.fail(op, "rewrite_name must be a scalar")
    name = np.asarray(rewrite_name, object)[()]
    return rewritten(ds, name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name))


def _named(text: str) -> np.ndarray:
    return np.array(text.encode(), object)


def _take_all() -> np.ndarray:
    return variant_array(DatasetV2.range(5).take(-1), "TakeDatasetOp::Dataset")


REWRITE = listed_op(
    "RewriteDataset", _rewrite,
    reference=lambda v, name, **_: elements_variant(v[()].elements()),
    samples=lambda: [Sample((_take_all(), _named("noop_elimination")), I64_ATTRS, grad=False),
                     Sample((range_variant(0, 4), _named("no_such_rewrite")), I64_ATTRS,
                            grad=False)],
    bad_samples=lambda: [BadSample((range_variant(0, 4), np.array([b"x"], object)), I64_ATTRS,
                                   InvalidArgumentError, "rewrite_name must be a scalar")])


# -- ChooseFastestBranchDataset ------------------------------------------------------------------

class FastestBranch(DatasetV2):
    """The first branch's pipeline, with TF's count (the input's times the ratio)."""

    _repr_name = "_ChooseFastestBranchDataset"

    def __init__(self, branch: DatasetV2, count: int, structure: Any) -> None:
        super().__init__((branch,), VariantDataset(branch, structure)._structure)
        self._branch, self._count = VariantDataset(branch, structure), count

    def _make_iterator(self, ctx: Any = None) -> Any:
        return self._branch._make_iterator(ctx)

    def _cardinality(self) -> int:
        return self._count


def _positive(op: str, value: Any, arg: str) -> int:
    if np.ndim(value):
        raise C.fail(op, f"{arg} must be a scalar")
    v = int(np.asarray(value))
    if v <= 0:
        raise C.fail(op, f"`{arg}` must be greater than zero.")
    return v


def _choose_fastest(op: str, input_dataset: Any, ratio_numerator: Any, ratio_denominator: Any,
                    *others: Any, branches: tuple = (), other_arguments_lengths: tuple = (),
                    Targuments: tuple = (), output_types: tuple = (), output_shapes: tuple = (),
                    num_elements_per_branch: int = 1, **_: Any) -> tuple:
    ds = flat_input(op, input_dataset)
    num = _positive(op, ratio_numerator, "ratio_numerator")
    den = _positive(op, ratio_denominator, "ratio_denominator")
    if len(branches) != len(other_arguments_lengths):
        raise C.fail(op, "branches and other_arguments_lengths must have the same length.")
    args = others_of(others, Targuments)
    first = list(args[:int(other_arguments_lengths[0])]) if other_arguments_lengths else []
    variant = EagerTensor(variant_array(ds, kernel_text(ds)), dt.variant, CPU_DEVICE)
    cf = concrete_of(branches[0], [TensorSpec([], dt.variant)] +
                     [TensorSpec(a.shape, a.dtype) for a in first])
    out = list(cf.call_flat_outputs([variant] + first))
    if len(out) != 1 or out[0].dtype is not dt.variant:
        raise C.fail(op, "A branch of ChooseFastestBranchDataset must return one dataset.")
    n = ds._cardinality()
    count = n * num // den if n >= 0 else n
    structure = structure_of(tuple(output_types), tuple(output_shapes))
    return FastestBranch(dataset_of(op, out[0]._arr), count, structure), \
        "ChooseFastestBranchDatasetOp::Dataset"


CHOOSE_FASTEST_BRANCH = listed_op(
    "ChooseFastestBranchDataset", _choose_fastest, funcs=True)


# -- MapDefun ------------------------------------------------------------------------------------

def _map_defun_infer(*ins: Any, Targuments: tuple = (), Tcaptured: tuple = (),
                     output_types: tuple = (), output_shapes: tuple = (), **attrs: Any) -> list:
    check_signature("MapDefun", ins, dict(attrs, Targuments=Targuments, Tcaptured=Tcaptured,
                                          output_types=output_types,
                                          output_shapes=output_shapes))
    n = ins[0].shape[0] if ins and ins[0].shape.rank else None
    return [(None if s is None else (n, *s), d) for d, s in zip(output_types, output_shapes)]


def _retval(i: int) -> str:
    return f"\n\t [[{{{{node identity{'' if i == 0 else f'_{i}'}_RetVal}}}}]]"


def _map_defun(xp: Any, *ins: Any, Targuments: tuple = (), Tcaptured: tuple = (),
               output_types: tuple = (), output_shapes: tuple = (), f: Any = None,
               max_intra_op_parallelism: int = 1) -> tuple:
    op = "MapDefun"
    args, captured = ins[:len(Targuments)], ins[len(Targuments):]
    n = None
    for i, a in enumerate(args):
        if np.ndim(a) == 0:
            raise C.fail(op, f"All inputs must have rank at least 1. Input {i} has a rank of 0.")
        if n is None:
            n = np.shape(a)[0]
        elif np.shape(a)[0] != n:
            raise C.fail(op, f"All inputs must have the same dimension 0. Input {i} has leading "
                             f"dimension {np.shape(a)[0]}, while all previous inputs have "
                             f"leading dimension {n}")
    arg_t = others_of(args, Targuments)
    cap_t = others_of(captured, Tcaptured)
    cf = concrete_of(f, [TensorSpec(a.shape[1:], a.dtype) for a in arg_t] +
                     [TensorSpec(c.shape, c.dtype) for c in cap_t])
    rows: list = [[] for _ in output_types]
    for k in range(n or 0):
        outs = list(cf.call_flat_outputs([a[k] for a in arg_t] + list(cap_t)))
        for i, (o, d, s) in enumerate(zip(outs, output_types, output_shapes)):
            if o.dtype is not d:
                raise C.fail(op, f"Mismatch in function return type and expected output type "
                                 f"for output: {i}{_retval(i)}")
            if s is not None and not o.shape.is_compatible_with(s):
                raise C.fail(op, f"Mismatch in function retval shape, {_dims(o.shape)}, and "
                                 f"expected output shape, {_dims(s)}.{_retval(i)}")
            rows[i].append(np.asarray(o._numpy()))
    return tuple(np.stack(r) if r else
                 np.zeros((0, *(d or 0 for d in (s or ()))), t.as_numpy_dtype)
                 for r, t, s in zip(rows, output_types, output_shapes))


def _dims(shape: Any) -> str:
    dims = shape.as_list() if hasattr(shape, "as_list") else list(shape)
    return "[" + ",".join("?" if d is None else str(d) for d in dims) + "]"


MAP_DEFUN = register(OpDef(
    "MapDefun", _map_defun_infer, _map_defun, num_outputs=-1, gpu=False,
    arity=lambda ins, attrs: {"Targuments": len(attrs.get("Targuments", ())),
                              "Tcaptured": len(attrs.get("Tcaptured", ())),
                              "output_types": len(attrs.get("output_types", ()))},
    tf=TFForm(load=tf_attrs_load("MapDefun"), takes_funcs=True)))

# (ops whose samples would hold a function: tests/data/test_raw_dataset_optimizer.py)
NO_SAMPLES = ("ChooseFastestBranchDataset", "MapDefun")
