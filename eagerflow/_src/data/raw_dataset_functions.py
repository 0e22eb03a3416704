"""TF's dataset ops that call functions (MapDataset, FilterDataset, FlatMapDataset,
InterleaveDataset, ScanDataset, TakeWhileDataset, MapAndBatchDataset, GroupByWindowDataset,
GroupByReducerDataset and their parallel and Experimental forms), and ReduceDataset and
DatasetToSingleElement, which give tensors.

Data layer, over dataset_variants.py: each builds its pipeline from the public Dataset
methods, calling its func attributes (ConcreteFunctions from tf.raw_ops, library functions
of an imported graph) on the input's flat components, then its other_arguments.

TF's kernels check little as the op runs: a function whose arguments don't take the
elements, or whose results are not what the kernel wants (a filter's scalar bool), fails
when the first element reaches it, as GetNext runs; so does such a pipeline here
(`_Refused`). TF calls a function with more arguments than it declares by ignoring the
rest, and one with fewer fails ("Argument 1 is out of range.").
"""

from __future__ import annotations

from collections.abc import Callable
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
    VariantDataset,
    concrete_of,
    dataset_op,
    flat_input,
    flat_specs,
    others_of,
    structure_of,
)
from eagerflow._src.data.fn_errors import FnSite
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.structure import Structure
from eagerflow._src.data.variant_value import variant_array
from eagerflow._src.function.polymorphic import function
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

AUTOTUNE = -1
_DETERMINISM = ("default", "true", "false")


# -- the functions -----------------------------------------------------------------------------

class _Mismatch(Exception):
    """A function the kernel refuses when it first calls it (TF's words in args[0])."""


def _params(cf: Any) -> list:
    """The placeholders of a concrete function's arguments (its captures left out)."""
    fed = cf.graph.fed_inputs
    return list(fed[:len(fed) - len(getattr(cf, "_captured_tensors", ()))])


def _node(t: Any) -> str:
    return t.name.split(":")[0]


def concrete(fn: Any, specs: list) -> Any:
    """The concrete function of func attribute `fn` for arguments of `specs`, refused
    (_Mismatch) as TF's function call refuses them: too few, or of another dtype."""
    cf = concrete_of(fn, list(specs))
    params = _params(cf)
    for i, p in enumerate(params):
        if i >= len(specs):
            raise _Mismatch(f"Argument {i} is out of range.\n\t [[{{{{node {_node(p)}}}}}]]")
        if specs[i].dtype != p.dtype:
            raise _Mismatch(f"Type mismatch: actual {C.dtype_word(specs[i].dtype)} vs. expect "
                            f"{C.dtype_word(p.dtype)}\n\t [[{{{{node {_node(p)}}}}}]]")
    return cf


def _call(cf: Any, args: list) -> list:
    """The concrete function on `args`: as TF's, it ignores any past its arguments."""
    return list(cf.call_flat_outputs(list(args)[:len(_params(cf))]))


def _lone(items: Any) -> Any:
    items = tuple(items)
    return items[0] if len(items) == 1 else items


def _flat(value: Any) -> list:
    return list(value) if isinstance(value, tuple) else [value]


def _specs_of(tensors: tuple) -> list:
    return [TensorSpec(t.shape, t.dtype) for t in tensors]


def _out_specs(cf: Any) -> list:
    return [TensorSpec(t.shape, t.dtype) for t in cf.outputs]


def element_fn(fn: Any, specs: list, others: tuple) -> Callable:
    """Func attribute `fn` as a tf.data function of an element's flat components (then the
    op's `others`), giving its outputs (a lone one as itself)."""
    cf = concrete(fn, list(specs) + _specs_of(others))
    return lambda *components: _lone(_call(cf, list(components) + list(others)))


def _is_scalar(spec: Any, dtype: Any) -> bool:
    return spec.dtype == dtype and spec.shape.rank == 0


def _check_outputs(cf: Any, ok: Callable, message: str) -> None:
    """The kernel's check of what its function returns, made on the first element."""
    outs = _out_specs(cf)
    if not ok(outs):
        raise _Mismatch(message)


def _one_scalar(dtype: Any) -> Callable:
    return lambda outs: len(outs) == 1 and _is_scalar(outs[0], dtype)


# -- a refused pipeline --------------------------------------------------------------------

class _Refused(DatasetV2):
    """A dataset op whose function its kernel refuses: it fails as the first element of its
    input reaches the function (an empty input gives an empty dataset)."""

    _repr_name = "_Refused"

    def __init__(self, input_dataset: DatasetV2, spec: Any, message: str) -> None:
        super().__init__((input_dataset,), Structure(spec))
        self._message = message

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _RefusedIterator(self._inputs[0]._make_iterator(ctx), self._message)

    def _cardinality(self) -> int:
        return -2


class _RefusedIterator(ElementIterator):
    __slots__ = ("_in", "_message")

    def __init__(self, upstream: ElementIterator, message: str) -> None:
        self._in, self._message = upstream, message

    def __next__(self) -> tuple:
        next(self._in)
        raise InvalidArgumentError(None, None, self._message)

    def close(self) -> None:
        self._in.close()


class _UnknownCardinality(VariantDataset):
    """A pipeline whose cardinality TF's kernel doesn't say (a map that doesn't preserve
    its input's)."""

    def _cardinality(self) -> int:
        return -2


def _cardinality(ds: DatasetV2, preserve: bool) -> DatasetV2:
    return ds if preserve else _UnknownCardinality(ds, ds._structure.spec)


def _in_function(op: str, short: str, message: str) -> str:
    """`message` as TF words an error raised in a dataset op's function (the iterator a
    root dataset of op `op` has after TF's rewrites: `short`)."""
    return (f"Error in user-defined function passed to {FnSite('', op).label} transformation "
            f"with iterator: Iterator::Root::{short}: {message}")


def _built(op: str, short: str, ds: DatasetV2, spec: Any, make: Callable,
           kernel_check: bool = False) -> DatasetV2:
    """`make()`'s pipeline, or one refused as its function first runs: a refusal of the
    function's arguments is worded as raised in the function (`kernel_check` marks a
    check of its results the kernel makes, which TF words as it is)."""
    try:
        return make()
    except _Mismatch as e:
        text = str(e.args[0])
        if not text.startswith(("Argument ", "Type mismatch")) or kernel_check:
            return _Refused(ds, spec, text)
        return _Refused(ds, spec, _in_function(op, short, text))


# -- inputs and attrs ----------------------------------------------------------------------

def _split(ins: tuple, *counts: int) -> list:
    """The op's inputs after its dataset, cut into lists of `counts` (the rest last)."""
    out, i = [], 1
    for n in counts:
        out.append(tuple(ins[i:i + n]))
        i += n
    out.append(tuple(ins[i:]))
    return out


def _trailing_scalars(op: str, names: tuple) -> Callable:
    """The infer of a dataset op whose last inputs, `names`, TF wants scalars."""
    def infer(*ins: Any, **_: Any) -> list:
        for arg, x in zip(names, ins[len(ins) - len(names):]):
            if x._shape != ():
                raise C.fail(op, f"{arg} must be a scalar")
        return [((), dt.variant)]
    return infer


def _positive(op: str, value: Any, arg: str, autotune: bool = True) -> int:
    v = int(value)
    if v <= 0 and not (autotune and v == AUTOTUNE):
        raise C.fail(op, f"{arg} must be greater than zero.")
    return v


def _determinism(op: str, deterministic: str) -> bool | None:
    if deterministic not in _DETERMINISM:
        raise C.fail(op, f"Unrecognized determinism policy: {deterministic}")
    return None if deterministic == "default" else deterministic == "true"


def _spec(types: tuple, shapes: tuple) -> Any:
    return structure_of(tuple(types), tuple(shapes))


def _register(name: str, build: Callable, infer: Callable | None = None,
              kernel: str | None = None, **kw: Any) -> OpDef:
    return register(dataset_op(name, build, funcs=True, infer=infer, kernel_name=kernel, **kw))


# -- MapDataset and its parallel forms -------------------------------------------------------

def _map(op: str, *ins: Any, f: Any, Targuments: tuple = (), output_types: tuple = (),
         output_shapes: tuple = (), preserve_cardinality: bool = False,
         deterministic: str = "default", **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    others_in, rest = _split(ins, len(Targuments))
    det = _determinism(op, deterministic)
    if rest:
        _positive(op, rest[0], "num_parallel_calls")
    others = others_of(others_in, Targuments)

    def make() -> DatasetV2:
        fn = element_fn(f, flat_specs(ds), others)
        mapped = ds.map(fn) if not rest else \
            ds.map(fn, num_parallel_calls=int(rest[0]), deterministic=det)
        return _cardinality(mapped, preserve_cardinality)

    return _built(op, "ParallelMapV2", ds, _spec(output_types, output_shapes), make)


def _ref_in(value: Any) -> list:
    """A reference's input dataset: each element's component tensors."""
    return [[EagerTensor(np.asarray(a), dt.as_dtype(np.asarray(a).dtype), CPU_DEVICE)
             for a in e] for e in value[()].elements()]


def _values(tensors: Any) -> list:
    return [np.asarray(t._numpy()) for t in tensors]


def _map_reference(ds: Any, *ins: Any, f: Any, Targuments: tuple = (), **_: Any) -> Any:
    others = list(others_of(ins[:len(Targuments)], Targuments))
    return elements_variant([_values(f.call_flat_outputs(e + others)) for e in _ref_in(ds)])


def _range_variant(n: int) -> np.ndarray:
    return variant_array(DatasetV2.range(n), f"RangeDatasetOp(0, {n}, 1)::Dataset")


def _pairs_variant() -> np.ndarray:
    return variant_array(DatasetV2.from_tensor_slices(
        (np.arange(4, dtype=np.int64), np.arange(4, dtype=np.float32) / 2)),
        "TensorSliceDatasetOp::Dataset")


def _fn(fn: Callable, *specs: Any) -> Any:
    return function(fn).get_concrete_function(*specs)


_S64, _SF32 = TensorSpec([], dt.int64), TensorSpec([], dt.float32)
_I64 = {"output_types": (dt.int64,), "output_shapes": ((),)}
_PAIR = {"output_types": (dt.int64, dt.float32), "output_shapes": ((), ())}


def _map_samples(op: str) -> Callable:
    def samples() -> list:
        npc = np.int32 if op == "ParallelMapDataset" else np.int64
        extra = (npc(2),) if op.startswith("Parallel") else ()
        double = _fn(lambda x: x * 2, _S64)
        scaled = _fn(lambda x, y, k: (x * k, y + 1.), _S64, _SF32, _S64)
        return [Sample((_range_variant(5), *extra), dict(_I64, f=double, Targuments=()),
                       grad=False),
                Sample((_pairs_variant(), np.int64(3), *extra),
                       dict(_PAIR, f=scaled, Targuments=(dt.int64,),
                            preserve_cardinality=True), grad=False)]
    return samples


def _map_bad(op: str) -> list:
    if not op.startswith("Parallel"):
        return []
    npc = np.int32 if op == "ParallelMapDataset" else np.int64
    return [BadSample((_range_variant(3), npc(0)), dict(_I64, f=None, Targuments=()),
                      InvalidArgumentError, "num_parallel_calls must be greater than zero.")]


for _op, _kernel, _scalars in (("MapDataset", None, ()),
                               ("ParallelMapDataset", None, ("num_parallel_calls",)),
                               ("ParallelMapDatasetV2", None, ("num_parallel_calls",))):
    _register(_op, _map, _trailing_scalars(_op, _scalars), _kernel,
              reference=_map_reference, samples=_map_samples(_op), bad_samples=_map_bad(_op))
