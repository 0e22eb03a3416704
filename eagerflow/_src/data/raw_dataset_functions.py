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
(`Refused`). TF calls a function with more arguments than it declares by ignoring the
rest, and one with fewer fails ("Argument 1 is out of range."). The op's dataset is what
its output_types and output_shapes say (`Declared`), whatever its functions return: each
element is checked against them as it is given, as TF's iterator op checks it. Without
preserve_cardinality, a map's or scan's cardinality is unknown (-2), as TF's.
ExperimentalMapDataset has only a GPU kernel in TF 2.21: on the CPU every call is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InternalError, InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import dataset_methods  # noqa: F401 (the methods built on)
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    DatasetVariant,
    VariantDataset,
    check_element,
    check_signature,
    concrete_of,
    dataset_of,
    dataset_op,
    flat_input,
    flat_specs,
    from_variant,
    others_of,
    range_variant,
    structure_of,
)
from eagerflow._src.data.fn_errors import FnSite
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.raw_dataset_sources import (
    RANGE_DATASET,
    TENSOR_DATASET,
    elements_variant,
)
from eagerflow._src.data.structure import DatasetSpec, Structure
from eagerflow._src.data.variant_value import variant_array
from eagerflow._src.function.polymorphic import function
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

AUTOTUNE = -1
_DETERMINISM = ("default", "true", "false")


# -- the functions -----------------------------------------------------------------------------

class Mismatch(Exception):
    """A function the kernel refuses when it first calls it (TF's words in args[0], the
    error's class in args[1] where it is not InvalidArgumentError)."""


def _params(cf: Any) -> list:
    """The placeholders of a concrete function's arguments (its captures left out)."""
    fed = cf.graph.fed_inputs
    return list(fed[:len(fed) - len(getattr(cf, "_captured_tensors", ()))])


def _node(t: Any) -> str:
    return t.name.split(":")[0]


def type_mismatch(actual: Any, param: Any) -> str:
    """TF's words for a function called with an argument of another dtype than its
    parameter `param` (placeholder) declares."""
    return (f"Type mismatch: actual {C.dtype_word(actual)} vs. expect "
            f"{C.dtype_word(param.dtype)}\n\t [[{{{{node {_node(param)}}}}}]]")


def param(cf: Any, i: int) -> Any:
    """The placeholder of argument `i` of concrete function `cf`."""
    return _params(cf)[i]


def concrete(fn: Any, specs: list) -> Any:
    """The concrete function of func attribute `fn` for arguments of `specs`, refused
    (Mismatch) as TF's function call refuses them: too few, or of another dtype."""
    specs = [_VARIANT_SPEC if isinstance(s, DatasetSpec) else s for s in specs]
    cf = concrete_of(fn, specs)
    if not hasattr(cf, "call_flat_outputs"):
        raise TypeError(f"Expected a function for a func attribute, got {fn!r}")
    params = _params(cf)
    for i, p in enumerate(params):
        if i >= len(specs):
            raise Mismatch(f"Argument {i} is out of range.\n\t [[{{{{node {_node(p)}}}}}]]")
        if specs[i].dtype != p.dtype:
            raise Mismatch(type_mismatch(specs[i].dtype, p))
    return cf


_VARIANT_SPEC = TensorSpec([], dt.variant)  # (a dataset component's, as TF's functions take it)


def call_fn(cf: Any, args: list) -> list:
    """The concrete function on `args`: as TF's, it ignores any past its arguments (a
    dataset among them passed as its variant: a snapshot's shards' datasets)."""
    return list(cf.call_flat_outputs([a._variant_tensor if isinstance(a, DatasetV2) else a
                                      for a in list(args)[:len(_params(cf))]]))


def lone(items: Any) -> Any:
    items = tuple(items)
    return items[0] if len(items) == 1 else items


def flat_list(value: Any) -> list:
    return list(value) if isinstance(value, tuple) else [value]


def specs_of(tensors: tuple) -> list:
    return [TensorSpec(t.shape, t.dtype) for t in tensors]


def out_specs(cf: Any) -> list:
    return [TensorSpec(t.shape, t.dtype) for t in cf.outputs]


def element_fn(fn: Any, specs: list, others: tuple) -> Callable:
    """Func attribute `fn` as a tf.data function of an element's flat components (then the
    op's `others`), giving its outputs (a lone one as itself)."""
    cf = concrete(fn, list(specs) + specs_of(others))
    return lambda *components: lone(call_fn(cf, list(components) + list(others)))


def _is_scalar(spec: Any, dtype: Any) -> bool:
    return spec.dtype == dtype and spec.shape.rank == 0


def check_outputs(cf: Any, ok: Callable, message: str) -> None:
    """The kernel's check of what its function returns, made on the first element."""
    outs = out_specs(cf)
    if not ok(outs):
        raise Mismatch(message)


def one_scalar(dtype: Any) -> Callable:
    return lambda outs: len(outs) == 1 and _is_scalar(outs[0], dtype)


# -- a refused pipeline --------------------------------------------------------------------

class Refused(DatasetV2):
    """A dataset op whose function its kernel refuses: it fails as the first element of its
    input reaches the function (an empty input gives an empty dataset)."""

    _repr_name = "Refused"

    def __init__(self, input_dataset: DatasetV2, spec: Any, message: str,
                 error: type = InvalidArgumentError) -> None:
        super().__init__((input_dataset,), Structure(spec))
        self._message, self._error = message, error

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _RefusedIterator(self._inputs[0]._make_iterator(ctx),
                                self._error(None, None, self._message))

    def _cardinality(self) -> int:
        return -2


class _RefusedIterator(ElementIterator):
    __slots__ = ("_in", "_error")

    def __init__(self, upstream: ElementIterator, error: Exception) -> None:
        self._in, self._error = upstream, error

    def __next__(self) -> tuple:
        next(self._in)
        raise self._error

    def close(self) -> None:
        self._in.close()


class Declared(VariantDataset):
    """A dataset op's pipeline, its elements' components those its output_types and
    output_shapes declare (as TF's dataset says them: the iterator's op checks each
    element it gives against what it asks for), its cardinality unknown where TF's kernel
    doesn't say it (a map that doesn't preserve its input's)."""

    def __init__(self, source: Any, spec: Any, known: bool = True) -> None:
        if isinstance(source, EagerTensor):  # (a function's variant: the dataset it made)
            source = dataset_of("MakeIterator", source._arr)
        super().__init__(source, spec)
        self._known = known

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _DeclaredIterator(self._inner(ctx)._make_iterator(ctx), self._structure.specs)

    def _cardinality(self) -> int:
        return super()._cardinality() if self._known else -2


class _DeclaredIterator(ElementIterator):
    """The elements, each checked against the components declared (TF's iterator op's
    check, with its words, where a function's results are not what the attrs say)."""

    __slots__ = ("_in", "_types", "_shapes")

    def __init__(self, upstream: ElementIterator, specs: tuple) -> None:
        self._in = upstream
        self._types = tuple(s.dtype for s in specs)
        self._shapes = tuple(s.shape.as_list() if s.shape.rank is not None else None
                             for s in specs)

    def __next__(self) -> tuple:
        flat = next(self._in)
        check_element(None, flat, self._types, self._shapes)
        return flat

    def close(self) -> None:
        self._in.close()


class _Unknown:
    """What cardinality_kept marks: a pipeline whose cardinality TF's kernel doesn't say."""

    def __init__(self, ds: DatasetV2) -> None:
        self.ds = ds


def cardinality_kept(ds: DatasetV2, preserve: bool) -> Any:
    return ds if preserve else _Unknown(ds)


def _in_function(op: str, short: str, message: str) -> str:
    """`message` as TF words an error raised in a dataset op's function (the iterator a
    root dataset of op `op` has after TF's rewrites: `short`)."""
    return (f"Error in user-defined function passed to {FnSite('', op).label} transformation "
            f"with iterator: Iterator::Root::{short}: {message}")


def built(op: str, short: str, ds: DatasetV2, spec: Any, make: Callable,
           kernel_check: bool = False) -> DatasetV2:
    """`make()`'s pipeline, or one refused as its function first runs: a refusal of the
    function's arguments is worded as raised in the function (`kernel_check` marks a
    check of its results the kernel makes, which TF words as it is)."""
    try:
        made = make()
    except Mismatch as e:
        text, error = e.args[0], (e.args[1:] or (InvalidArgumentError,))[0]
        if not text.startswith(("Argument ", "Type mismatch")) or kernel_check:
            return Refused(ds, spec, text, error)
        return Refused(ds, spec, _in_function(op, short, text), error)
    if isinstance(made, _Unknown):
        return Declared(made.ds, spec, known=False)
    return Declared(made, spec)


# -- inputs and attrs ----------------------------------------------------------------------

def split_inputs(ins: tuple, *counts: int) -> list:
    """The op's inputs after its dataset, cut into lists of `counts` (the rest last)."""
    out, i = [], 1
    for n in counts:
        out.append(tuple(ins[i:i + n]))
        i += n
    out.append(tuple(ins[i:]))
    return out


I64_ARG, _I32_ARG, BOOL_ARG = dt.int64, dt.int32, dt.bool


def type_list(value: Any) -> list:
    """A list(type) attr's dtypes (TypeError for another value, as TF's attr check)."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"Expected list for attr of type list(type), got {value!r}")
    return [dt.as_dtype(v) for v in value]


def inputs_infer(op: str, lists: tuple = ("Targuments",), trailing: tuple = (),
                 outputs: Callable | None = None) -> Callable:
    """The infer of a dataset op: TF's checks of the call against the op's definition, then
    of its list inputs' dtypes against the attrs `lists` type them by, and that its
    `trailing` (name, dtype) counts are scalars."""
    def infer(*ins: Any, **attrs: Any) -> list:
        check_signature(op, ins, attrs)
        types, shapes = attrs.get("output_types", ()), attrs.get("output_shapes", ())
        if len(types) != len(shapes):
            raise C.fail(op, f"Length for attr 'output_shapes' of {len(shapes)} must equal "
                             f"the length of attr 'output_types' {len(types)}")
        want = [dt.variant]
        for attr in lists:
            want += type_list(attrs.get(attr, ()))
        want += [d for _, d in trailing]
        for i, (x, d) in enumerate(zip(ins, want)):
            if x._dtype is not d:
                raise C.wrong_input_dtype(op, i, d, x._dtype)
        for (arg, _), x in zip(trailing, ins[len(ins) - len(trailing):]):
            if x._shape != ():
                raise C.fail(op, f"{arg} must be a scalar")
        return outputs(**attrs) if outputs is not None else [((), dt.variant)]
    return infer


def others_tensors(values: tuple, types: Any) -> tuple:
    return others_of(values, tuple(type_list(types)))


def _positive(op: str, value: Any, arg: str, autotune: bool = True) -> int:
    v = int(value)
    if v <= 0 and not (autotune and v == AUTOTUNE):
        raise C.fail(op, f"{arg} must be greater than zero.")
    return v


def _determinism(op: str, deterministic: str) -> bool | None:
    if deterministic not in _DETERMINISM:
        raise C.fail(op, f"Unrecognized determinism policy: {deterministic}")
    return None if deterministic == "default" else deterministic == "true"


def spec_of_attrs(types: tuple, shapes: tuple) -> Any:
    return structure_of(tuple(types), tuple(shapes))


def register_fn_op(name: str, build: Callable, infer: Callable | None = None,
                   kernel: str | None = None, **kw: Any) -> OpDef:
    """Registers dataset op `name` with func attributes (`kernel`: the op whose kernel TF
    runs for it, which its debug text names)."""
    return register(dataset_op(name, build, funcs=True, infer=infer, kernel_name=kernel, **kw))


# -- MapDataset and its parallel forms -------------------------------------------------------

def _map(op: str, *ins: Any, f: Any, Targuments: tuple = (), output_types: tuple = (),
         output_shapes: tuple = (), preserve_cardinality: bool = False,
         deterministic: str = "default", **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    others_in, rest = split_inputs(ins, len(Targuments))
    det = _determinism(op, deterministic)
    if rest:
        _positive(op, rest[0], "num_parallel_calls")
    others = others_tensors(others_in, Targuments)

    def make() -> DatasetV2:
        fn = element_fn(f, flat_specs(ds), others)
        mapped = ds.map(fn) if not rest else \
            ds.map(fn, num_parallel_calls=int(rest[0]), deterministic=det)
        return cardinality_kept(mapped, preserve_cardinality)

    return built(op, "ParallelMapV2", ds, spec_of_attrs(output_types, output_shapes), make)


def ref_in(value: Any) -> list:
    """A reference's input dataset: each element's component tensors."""
    return [[EagerTensor(np.asarray(a), dt.as_dtype(np.asarray(a).dtype), CPU_DEVICE)
             for a in e] for e in value[()].elements()]


def arrays_of(tensors: Any) -> list:
    return [np.asarray(t._numpy()) for t in tensors]


def _map_reference(ds: Any, *ins: Any, f: Any, Targuments: tuple = (), **_: Any) -> Any:
    others = list(others_tensors(ins[:len(Targuments)], Targuments))
    return elements_variant([arrays_of(f.call_flat_outputs(e + others)) for e in ref_in(ds)])


def pairs_variant() -> np.ndarray:
    return variant_array(DatasetV2.from_tensor_slices(
        (np.arange(4, dtype=np.int64), np.arange(4, dtype=np.float32) / 2)),
        "TensorSliceDatasetOp::Dataset")


def concrete_fn(fn: Callable, *specs: Any) -> Any:
    return function(fn).get_concrete_function(*specs)


S64, SF32 = TensorSpec([], dt.int64), TensorSpec([], dt.float32)
PAIR_ATTRS = {"output_types": (dt.int64, dt.float32), "output_shapes": ((), ())}


def _map_samples(op: str) -> Callable:
    def samples() -> list:
        npc = np.int32 if op == "ParallelMapDataset" else np.int64
        extra = (npc(2),) if op.startswith("Parallel") else ()
        double = concrete_fn(lambda x: x * 2, S64)
        scaled = concrete_fn(lambda x, y, k: (x * k, y + 1.), S64, SF32, S64)
        return [Sample((range_variant(5), *extra), dict(I64_ATTRS, f=double, Targuments=()),
                       grad=False),
                Sample((pairs_variant(), np.int64(3), *extra),
                       dict(PAIR_ATTRS, f=scaled, Targuments=(dt.int64,),
                            preserve_cardinality=True), grad=False)]
    return samples


def _map_bad(op: str) -> Callable:
    def bad() -> list:
        if not op.startswith("Parallel"):
            return []
        npc = np.int32 if op == "ParallelMapDataset" else np.int64
        return [BadSample((range_variant(3), npc(0)), dict(I64_ATTRS, f=None, Targuments=()),
                          InvalidArgumentError, "num_parallel_calls must be greater than zero.")]
    return bad


for _op, _kernel, _scalars in (("MapDataset", None, ()),
                               ("ParallelMapDataset", None, (("num_parallel_calls", _I32_ARG),)),
                               ("ParallelMapDatasetV2", None,
                                (("num_parallel_calls", I64_ARG),))):
    register_fn_op(_op, _map, inputs_infer(_op, trailing=_scalars), _kernel,
                   reference=_map_reference, samples=_map_samples(_op), bad_samples=_map_bad(_op))


# ExperimentalMapDataset: TF 2.21 registers its kernel for GPUs only, so on the CPU every
# call is refused by TF's kernel lookup (the suites list it as refusing: no sample to run)
REFUSING = ("ExperimentalMapDataset",)


def _shape_words(shape: Any) -> str:
    return "<unknown>" if shape is None else \
        "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def _experimental_map_infer(*ins: Any, f: Any = None, Targuments: tuple = (),
                            output_types: tuple = (), output_shapes: tuple = (),
                            use_inter_op_parallelism: bool = True,
                            preserve_cardinality: bool = False, force_synchronous: bool = False,
                            **_: Any) -> list:
    op = "ExperimentalMapDataset"
    inputs_infer(op)(*ins, Targuments=Targuments, output_types=output_types,
                     output_shapes=output_shapes)
    name = getattr(f, "name", b"")
    words = ", ".join((
        "Targuments=[" + ", ".join(C.dt_enum(t) for t in type_list(Targuments)) + "]",
        f"f={name.decode() if isinstance(name, bytes) else name}[]",
        f"force_synchronous={str(bool(force_synchronous)).lower()}",
        "output_shapes=[" + ", ".join(_shape_words(s) for s in output_shapes) + "]",
        "output_types=[" + ", ".join(C.dt_enum(t) for t in type_list(output_types)) + "]",
        f"preserve_cardinality={str(bool(preserve_cardinality)).lower()}",
        f"use_inter_op_parallelism={str(bool(use_inter_op_parallelism)).lower()}"))
    raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                    f"{op}[{words}]\nAll kernels registered for op {op}:\n"
                                    f"  device='GPU'\n [Op:{op}]")


register_fn_op("ExperimentalMapDataset", _map, _experimental_map_infer, bad_samples=lambda: [
    BadSample((range_variant(3),), dict(I64_ATTRS, f=None, Targuments=()), NotFoundError,
              "Could not find device for node: {{node ExperimentalMapDataset}} = "
              "ExperimentalMapDataset[Targuments=[], f=[], force_synchronous=false, "
              "output_shapes=[[]], output_types=[DT_INT64], preserve_cardinality=false, "
              "use_inter_op_parallelism=true]\nAll kernels registered for op "
              "ExperimentalMapDataset:\n  device='GPU'\n")])


# -- FilterDataset, ParallelFilterDataset, TakeWhileDataset ----------------------------------

_FILTER_WORDS = "Filter predicate `f` must return a scalar bool."
_TAKE_WHILE_WORDS = "`predicate` must returns a scalar bool tensor."


def _predicate(op: str, ds: DatasetV2, predicate: Any, others: tuple, words: str) -> Callable:
    cf = concrete(predicate, list(flat_specs(ds)) + specs_of(others))
    check_outputs(cf, one_scalar(dt.bool), words)
    return lambda *components: call_fn(cf, list(components) + list(others))[0]


def _filter(op: str, *ins: Any, predicate: Any, Targuments: tuple = (),
            output_types: tuple = (), output_shapes: tuple = (),
            deterministic: str = "default", **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    others_in, _rest = split_inputs(ins, len(Targuments))
    _determinism(op, deterministic)
    others = others_tensors(others_in, Targuments)
    # (TF's kernel takes any num_parallel_calls: its iterator filters in order)
    return built(op, "Filter", ds, spec_of_attrs(output_types, output_shapes), lambda: ds.filter(
        _predicate(op, ds, predicate, others, _FILTER_WORDS)))


def _take_while(op: str, *ins: Any, predicate: Any, Targuments: tuple = (),
                output_types: tuple = (), output_shapes: tuple = (), **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    others = others_tensors(split_inputs(ins, len(Targuments))[0], Targuments)
    spec = spec_of_attrs(output_types, output_shapes)
    return built(op, "TakeWhile", ds, spec, lambda: ds.take_while(
        _predicate(op, ds, predicate, others, _TAKE_WHILE_WORDS)))


def _kept(keep: Callable) -> Callable:
    def reference(ds: Any, *ins: Any, predicate: Any, Targuments: tuple = (), **_: Any) -> Any:
        others = list(others_tensors(ins[:len(Targuments)], Targuments))
        rows = ref_in(ds)
        flags = [bool(predicate.call_flat_outputs(e + others)[0]._numpy()) for e in rows]
        return elements_variant([arrays_of(e) for e in keep(rows, flags)])
    return reference


def _filter_samples(op: str) -> Callable:
    def samples() -> list:
        extra = (np.int64(2),) if op.startswith("Parallel") else ()
        even = concrete_fn(lambda x: x % 2 == 0, S64)
        small = concrete_fn(lambda x, y, k: x < k, S64, SF32, S64)
        return [Sample((range_variant(6), *extra), dict(I64_ATTRS, predicate=even, Targuments=()),
                       grad=False),
                Sample((pairs_variant(), np.int64(2), *extra),
                       dict(PAIR_ATTRS, predicate=small, Targuments=(dt.int64,)), grad=False)]
    return samples


_FILTERS = (("FilterDataset", _filter, ()),
            ("ParallelFilterDataset", _filter, (("num_parallel_calls", I64_ARG),)),
            ("TakeWhileDataset", _take_while, ()),
            ("ExperimentalTakeWhileDataset", _take_while, ()))


def _taken(rows: list, flags: list) -> list:
    return rows[:flags.index(False)] if False in flags else rows


def _filtered(rows: list, flags: list) -> list:
    return [e for e, keep in zip(rows, flags) if keep]


for _op, _build, _scalars in _FILTERS:
    _take = "TakeWhile" in _op
    register_fn_op(_op, _build, inputs_infer(_op, trailing=_scalars),
                   "TakeWhileDataset" if _take else None,
                   reference=_kept(_taken if _take else _filtered),
                   samples=_filter_samples(_op))


# -- FlatMapDataset and the interleaves ------------------------------------------------------

_VARIANT_WORDS = "Function must return a single scalar of dtype DT_VARIANT."


def _dataset_fn(ds: DatasetV2, f: Any, others: tuple, spec: Any,
                words: str = _VARIANT_WORDS) -> Callable:
    """Func attribute `f`, which gives a dataset's variant, as a function giving the
    dataset (its components as the op's output_types and output_shapes say)."""
    cf = concrete(f, list(flat_specs(ds)) + specs_of(others))
    check_outputs(cf, one_scalar(dt.variant), words)
    return lambda *components: Declared(
        call_fn(cf, list(components) + list(others))[0], spec)


def _flat_map(op: str, *ins: Any, f: Any, Targuments: tuple = (), output_types: tuple = (),
              output_shapes: tuple = (), **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    others = others_tensors(split_inputs(ins, len(Targuments))[0], Targuments)
    spec = spec_of_attrs(output_types, output_shapes)
    return built(op, "FlatMap", ds, spec,
                  lambda: ds.flat_map(_dataset_fn(ds, f, others, spec)), kernel_check=True)


def _at_least(op: str, value: Any, arg: str, words: str, floor: int = 1,
              autotune: bool = True) -> int:
    """TF's check of an interleave's count: `words` ({v}: the value) unless it is at least
    `floor` (or AUTOTUNE, where allowed)."""
    v = int(value)
    if v < floor and not (autotune and v == AUTOTUNE):
        raise C.fail(op, words.format(v=v))
    return v


_AUTOTUNED = "`{arg}` must be `tf.data.AUTOTUNE` or {cmp} 0 but is {{v}}"


def _interleave(op: str, *ins: Any, f: Any, Targuments: tuple = (), output_types: tuple = (),
                output_shapes: tuple = (), deterministic: str = "default",
                **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    others_in, rest = split_inputs(ins, len(Targuments))
    det = _determinism(op, deterministic)
    counts = _interleave_counts(op, rest)
    others = others_tensors(others_in, Targuments)
    spec = spec_of_attrs(output_types, output_shapes)
    cycle, block, parallel = counts
    return built(op, "Interleave", ds, spec, lambda: ds.interleave(
        _dataset_fn(ds, f, others, spec), cycle_length=cycle, block_length=block,
        num_parallel_calls=parallel, deterministic=det), kernel_check=True)


def _interleave_counts(op: str, rest: tuple) -> tuple:
    """(cycle_length, block_length, num_parallel_calls) of an interleave op, with its
    kernel's checks, in TF's order."""
    if op == "InterleaveDataset":
        cycle = _positive(op, rest[0], "cycle_length")
        return cycle, _positive(op, rest[1], "block_length", autotune=False), None
    # (the first version, ParallelInterleaveDataset, runs the legacy kernel)
    legacy = op.startswith("Legacy") or op.endswith("ParallelInterleaveDataset")
    cycle = _at_least(op, rest[0], "cycle_length", "`cycle_length` must be > 0" if legacy else
                      _AUTOTUNED.format(arg="cycle_length", cmp="greater than"),
                      autotune=not legacy)
    block = _at_least(op, rest[1], "block_length", "`block_length` must be > 0",
                      autotune=False)
    if op.endswith("V4") or legacy:
        _at_least(op, rest[2], "buffer_output_elements",
                  "`buffer_output_elements` must be > 0" if legacy else
                  _AUTOTUNED.format(arg="buffer_output_elements", cmp=">"),
                  autotune=not legacy)
        _at_least(op, rest[3], "prefetch_input_elements",
                  "`prefetch_input_elements` must be >= 0" if legacy else
                  _AUTOTUNED.format(arg="prefetch_input_elements", cmp=">="),
                  floor=0, autotune=not legacy)
    if legacy:  # (it runs one thread per open input)
        return cycle, block, cycle
    parallel = _positive(op, rest[-1], "num_parallel_calls")
    if cycle != AUTOTUNE and parallel != AUTOTUNE and parallel > cycle:
        raise C.fail(op, "If `cycle_length` is set to a fixed value, `num_parallel_calls` must "
                         "be either `tf.data.AUTOTUNE` or a value less than or equal to "
                         f"`cycle_length`. However, `num_parallel_calls` is {parallel} and "
                         f"`cycle_length` is {cycle}")
    return cycle, block, parallel


def _interleaved(inners: list, cycle: int, block: int) -> list:
    """The elements of `inners` as TF's interleave takes them: `cycle` open at once, in
    turn `block` from each; an input is opened as its turn finds its place empty."""
    pending, slots, out = iter(inners), [None] * cycle, []
    i = b = n_open = 0
    end = False
    while not end or n_open:
        slot = slots[i]
        if slot is not None and slot:
            out.append(slot.pop(0))
            b += 1
            if b < block:
                continue
        elif slot is not None:
            slots[i], n_open = None, n_open - 1
        elif not end:
            nxt = next(pending, None)
            end = nxt is None
            if not end:
                slots[i], n_open = list(nxt), n_open + 1
            continue
        i, b = (i + 1) % cycle, 0
    return out


def _interleave_reference(ds: Any, *ins: Any, f: Any, Targuments: tuple = (),
                          output_types: tuple = (), output_shapes: tuple = (),
                          **_: Any) -> Any:
    others = list(others_tensors(ins[:len(Targuments)], Targuments))
    counts = [int(c) for c in ins[len(Targuments):]]
    spec = spec_of_attrs(output_types, output_shapes)
    inners = [[arrays_of(flat_list(x)) for x in from_variant(f.call_flat_outputs(e + others)[0],
                                                       spec)] for e in ref_in(ds)]
    cycle, block = (counts[0], counts[1]) if counts else (1, 1 << 62)
    return elements_variant(_interleaved(inners, cycle, block))


def _range_of(start: Any, stop: Any) -> Any:
    """TF's RangeDataset op (a function's dataset, given as its variant)."""
    return bind(RANGE_DATASET, (convert_to_tensor(start, dt.int64),
                                convert_to_tensor(stop, dt.int64),
                                convert_to_tensor(1, dt.int64)), dict(I64_ATTRS))


def _ranges_fn() -> Any:
    return concrete_fn(lambda x: _range_of(0, x), S64)


def _flat_map_samples() -> list:
    pair = concrete_fn(lambda x, k: bind(TENSOR_DATASET, (x, x * k), {"output_shapes": ((), ())}),
               S64, S64)
    return [Sample((range_variant(4),), dict(I64_ATTRS, f=_ranges_fn(), Targuments=()),
                   grad=False),
            Sample((range_variant(4), np.int64(10)),
                   {"f": pair, "Targuments": (dt.int64,), "output_types": (dt.int64, dt.int64),
                    "output_shapes": ((), ())}, grad=False),
            Sample((range_variant(3), np.int64(5)),
                   dict(I64_ATTRS, f=concrete_fn(_range_of, S64, S64), Targuments=(dt.int64,)),
                   grad=False)]


# (counts after other_arguments: cycle_length, block_length[, buffer_output_elements,
# prefetch_input_elements][, num_parallel_calls])
_INTERLEAVES = {"InterleaveDataset": (2, 1), "ParallelInterleaveDatasetV2": (2, 2, 2),
                "ParallelInterleaveDatasetV3": (3, 1, 2),
                "ParallelInterleaveDatasetV4": (2, 3, 1, 0, 1),
                "LegacyParallelInterleaveDatasetV2": (2, 2, 1, 1)}
_COUNT_NAMES = {2: ("cycle_length", "block_length"),
                3: ("cycle_length", "block_length", "num_parallel_calls"),
                4: ("cycle_length", "block_length", "buffer_output_elements",
                    "prefetch_input_elements"),
                5: ("cycle_length", "block_length", "buffer_output_elements",
                    "prefetch_input_elements", "num_parallel_calls")}


def _interleave_samples(op: str) -> Callable:
    def samples() -> list:
        counts = tuple(np.int64(c) for c in _INTERLEAVES[op])
        return [Sample((range_variant(5), *counts), dict(I64_ATTRS, f=_ranges_fn(), Targuments=()),
                       grad=False)]
    return samples


def _interleave_bad(op: str) -> Callable:
    def bad() -> list:
        counts = [np.int64(c) for c in _INTERLEAVES[op]]
        counts[1] = np.int64(0)
        words = "block_length must be greater than zero." if op == "InterleaveDataset" else \
            "`block_length` must be > 0"
        return [BadSample((range_variant(3), *counts), dict(I64_ATTRS, f=None, Targuments=()),
                          InvalidArgumentError, words)]
    return bad


register_fn_op("FlatMapDataset", _flat_map, inputs_infer("FlatMapDataset"),
          reference=_interleave_reference,
          samples=_flat_map_samples)
for _op, _counts in _INTERLEAVES.items():
    register_fn_op(_op, _interleave, inputs_infer(_op, trailing=tuple(
        (name, I64_ARG) for name in _COUNT_NAMES[len(_counts)])),
                   reference=_interleave_reference, samples=_interleave_samples(_op),
                   bad_samples=_interleave_bad(_op))


# -- ScanDataset -----------------------------------------------------------------------------

def _scan_fn(ds: DatasetV2, f: Any, state: tuple, others: tuple, n_out: int) -> Callable:
    """Func attribute `f` as Dataset.scan's function, refused as TF's kernel refuses a
    state of another dtype or too few results."""
    cf = concrete(f, specs_of(state) + list(flat_specs(ds)) + specs_of(others))
    outs, n = out_specs(cf), len(state)
    if len(outs) - n != n_out:
        raise Mismatch(f"Expected {n_out} components but got {len(outs) - n}.", InternalError)
    for i, (o, s) in enumerate(zip(outs, state)):
        if o.dtype != s.dtype:
            raise Mismatch(f"Got wrong type for scan_func return value {i} (expected "
                            f"{C.dtype_word(s.dtype)}, got {C.dtype_word(o.dtype)}).")

    def scan_fn(old: Any, element: Any) -> tuple:
        out = call_fn(cf, flat_list(old) + flat_list(element) + list(others))
        return lone(out[:n]), lone(out[n:])

    return scan_fn


def _scan(op: str, *ins: Any, f: Any, Tstate: tuple = (), Targuments: tuple = (),
          output_types: tuple = (), output_shapes: tuple = (),
          preserve_cardinality: bool = False, **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    state_in, others_in, _rest = split_inputs(ins, len(Tstate), len(Targuments))
    state, others = others_tensors(state_in, Tstate), others_tensors(others_in, Targuments)
    spec = spec_of_attrs(output_types, output_shapes)
    return built(op, "Scan", ds, spec, lambda: cardinality_kept(
        ds.scan(lone(state), _scan_fn(ds, f, state, others, len(output_types))),
        preserve_cardinality), kernel_check=True)


def _scan_reference(ds: Any, *ins: Any, f: Any, Tstate: tuple = (), Targuments: tuple = (),
                    **_: Any) -> Any:
    state = list(others_tensors(ins[:len(Tstate)], Tstate))
    others = list(others_tensors(ins[len(Tstate):], Targuments))
    rows = []
    for e in ref_in(ds):
        out = list(f.call_flat_outputs(state + e + others))
        state = out[:len(state)]
        rows.append(arrays_of(out[len(state):]))
    return elements_variant(rows)


def _scan_samples() -> list:
    total = concrete_fn(lambda s, x: (s + x, s * 10), S64, S64)
    pair = concrete_fn(lambda a, b, x, y, k: ((a + x, b * y), (a * k, b)), S64, SF32, S64, SF32,
               S64)
    return [Sample((range_variant(5), np.int64(0)),
                   dict(I64_ATTRS, f=total, Tstate=(dt.int64,), Targuments=()), grad=False),
            Sample((pairs_variant(), np.int64(1), np.float32(2.), np.int64(3)),
                   dict(PAIR_ATTRS, f=pair, Tstate=(dt.int64, dt.float32), Targuments=(dt.int64,),
                        preserve_cardinality=True), grad=False)]


for _op in ("ScanDataset", "ExperimentalScanDataset"):
    register_fn_op(_op, _scan, inputs_infer(_op, ("Tstate", "Targuments")), "ScanDataset",
                   reference=_scan_reference, samples=_scan_samples)


# -- MapAndBatchDataset ----------------------------------------------------------------------

def _map_and_batch(op: str, *ins: Any, f: Any, Targuments: tuple = (),
                   output_types: tuple = (), output_shapes: tuple = (),
                   preserve_cardinality: bool = False, **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    others_in, (batch, parallel, drop) = split_inputs(ins, len(Targuments))
    size = _positive(op, batch, "batch_size", autotune=False)
    calls = _positive(op, parallel, "num_parallel_calls")
    others = others_tensors(others_in, Targuments)
    spec = spec_of_attrs(output_types, output_shapes)
    return built(op, "MapAndBatch", ds, spec, lambda: cardinality_kept(
        ds.map(element_fn(f, flat_specs(ds), others), num_parallel_calls=calls).batch(
            size, drop_remainder=bool(drop)), preserve_cardinality))


def _map_and_batch_reference(ds: Any, *ins: Any, f: Any, Targuments: tuple = (),
                             **_: Any) -> Any:
    others = list(others_tensors(ins[:len(Targuments)], Targuments))
    size, _calls, drop = ins[len(Targuments):]
    rows = [arrays_of(f.call_flat_outputs(e + others)) for e in ref_in(ds)]
    cut = len(rows) - len(rows) % int(size) if drop else len(rows)
    batches = [[np.stack(c) for c in zip(*rows[i:i + int(size)])]
               for i in range(0, cut, int(size))]
    if len({tuple(np.shape(c) for c in b) for b in batches}) <= 1:
        return elements_variant(batches)
    full, last = batches[:-1], batches[-1]  # (a short last batch)
    return DatasetVariant(elements_variant(full).dataset.concatenate(
        elements_variant([last]).dataset), "reference")


def _map_and_batch_samples() -> list:
    double = concrete_fn(lambda x: x * 2, S64)
    scaled = concrete_fn(lambda x, y, k: (x * k, y + 1.), S64, SF32, S64)
    vec = {"output_types": (dt.int64,), "output_shapes": ((None,),)}
    return [Sample((range_variant(5), np.int64(2), np.int64(1), np.bool_(False)),
                   dict(vec, f=double, Targuments=()), grad=False),
            Sample((pairs_variant(), np.int64(3), np.int64(3), np.int64(-1), np.bool_(True)),
                   {"f": scaled, "Targuments": (dt.int64,), "output_types": (dt.int64, dt.float32),
                    "output_shapes": ((3,), (3,)), "preserve_cardinality": True}, grad=False)]


_BATCH_COUNTS = (("batch_size", I64_ARG), ("num_parallel_calls", I64_ARG),
                 ("drop_remainder", BOOL_ARG))
for _op in ("MapAndBatchDataset", "ExperimentalMapAndBatchDataset"):
    register_fn_op(_op, _map_and_batch, inputs_infer(_op, trailing=_BATCH_COUNTS),
                   "MapAndBatchDataset", reference=_map_and_batch_reference,
                   samples=_map_and_batch_samples,
                   bad_samples=lambda: [BadSample(
                       (range_variant(3), np.int64(0), np.int64(1), np.bool_(False)),
                       {"f": None, "Targuments": (), "output_types": (dt.int64,),
                        "output_shapes": ((None,),)}, InvalidArgumentError,
                       "batch_size must be greater than zero.")])
