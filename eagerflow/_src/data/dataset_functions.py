"""Functions that return datasets: flat_map, interleave, group_by_window's reduce_func.

Data layer, beside functions.py (which runs functions returning tensors). As TF does,
such a function is traced once, when the transformation is built, with tf.function
semantics: AutoGraph converts it, its Python side effects happen during that trace
only, and its arguments are symbolic: tensors are graph placeholders, datasets (the
elements of `window()`, group_by_window's window) are `_VariantDataset` placeholders.

What the trace returns is a *template* dataset: the pipeline the function builds, whose
sources may read the function's symbolic tensors (`from_tensor_slices(x)`,
`range(x)`, `TextLineDataset(filename)`: sources.DeferredSourceDataset) and whose own
functions may capture them (`.map(lambda y: y + x)`). While tracing, each such
consumer registers the tensors it needs (`note_symbolic`); the traced graph computes
them from the element, compiled once. For each input element the compiled graph
runs, its values (and the element's datasets) go into the iteration's feed, and the
template is iterated with that feed: the Python function is not called again.

Counts and sizes computed by the function (repeat, take, skip, shard, shuffle and
prefetch buffers, batch, padded_batch and window sizes) are deferred the same way: the
transformation is made when the template is iterated.

Eager fallback, kept correct: where a part of the returned pipeline needs a concrete
Python value from a symbolic tensor (a parallelism or cycle length, bucket
boundaries, generator arguments), or the function iterates a dataset itself
(`w.reduce(...)`, `for v in w`), or chooses between datasets with a tensor-dependent
`if`, or meets another limit of eagerflow's graphs while traced (a TypeError,
ValueError or NotImplementedError), or an argument is of a kind with no placeholder
(an optional; a ragged one is fed as its components), the function runs eagerly once
per element instead (its side effects then happen per element too, and
`tf.executing_eagerly()` is True inside it).
TF builds all of these as graph ops; here they would need every dataset constructor
to take deferred arguments. A genuine error in such a function (a float file name,
say) is then raised by the eager call at the first element rather than when the
transformation is built; its class and message are TF's.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.composite import NoneTensorSpec
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import UNKNOWN, DatasetV2, made_stamp
from eagerflow._src.data.fn_errors import FnSite, GuardedIterator, annotate
from eagerflow._src.data.functions import (
    StructuredFunction,
    _autograph,
    _check_signature,
    _compile,
    _fn_name,
    _Untraceable,
    captured_arguments,
    not_callable,
)
from eagerflow._src.data.iterators import (
    Collecting,
    ElementIterator,
    IterContext,
    PipelineFunction,
    note_symbolic,
)
from eagerflow._src.data.random_seed import DrawnSeeds, drawn_seeds
from eagerflow._src.data.sources import NeedsConcreteValue
from eagerflow._src.function.concrete import tracing_scope
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec

# Graph operations that iterate a dataset while the function runs: a template can't
# hold them (the dataset they iterate is only known per element).
_ITERATING_OPS = frozenset(("AnonymousIteratorV3", "ReduceDataset", "DatasetToSingleElement"))
_DENSE, _SPARSE = object(), object()  # how a flat argument component is fed


class _RaggedArg:
    """A RaggedTensor argument, fed as its spec's components."""

    __slots__ = ("spec",)

    def __init__(self, spec: Any) -> None:
        self.spec = spec


class _NotADataset(Exception):
    """The traced function returned something else (TF's TypeError, at construction)."""

    def __init__(self, value: Any) -> None:
        super().__init__()
        self.value = value


# ---------------------------------------------------------------------------------------
# Dataset arguments
# ---------------------------------------------------------------------------------------

class VariantDataset(DatasetV2):
    """A dataset argument of a traced function: the dataset fed for each element."""

    _repr_name = "_VariantDataset"

    def __init__(self, spec: dstruct.DatasetSpec) -> None:
        super().__init__((), dstruct.Structure(spec.element_spec))

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        feed = getattr(ctx, "feed", None)
        ds = feed.get(id(self)) if feed else None
        if ds is None:
            raise InvalidArgumentError(None, None, "This dataset is the argument of a function "
                                       "traced by a dataset transformation; it can only be "
                                       "iterated by that transformation.")
        return ds._make_iterator(ctx)

    def _cardinality(self) -> int:
        return UNKNOWN

    def cardinality(self) -> Any:
        # TF gives a tensor computed per element; a template can't hold it: run eagerly.
        raise NeedsConcreteValue("the cardinality of a dataset argument is known per element")


class MissingArgument(DatasetV2):
    """The function argument `index` that TF's kernel never passes: a window of a None
    (Dataset.window makes no dataset for a component holding no tensor, so the windows
    after it move down one argument and the last ones are missing). Whatever reads it
    fails as TF's function does when it runs: its InvalidArgumentError naming the
    argument node."""

    _repr_name = "_VariantDataset"

    def __init__(self, spec: dstruct.DatasetSpec, index: int) -> None:
        super().__init__((), dstruct.Structure(spec.element_spec))
        self._index = index

    def _refusal(self) -> InvalidArgumentError:
        return InvalidArgumentError(None, None, f"Argument {self._index} is out of range. "
                                                f"[Op:args_{self._index}]")

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        raise self._refusal()

    def _cardinality(self) -> int:
        raise self._refusal()

    def cardinality(self) -> Any:
        raise self._refusal()


def _none_window(spec: Any) -> bool:
    """A window of a component holding no tensor (a None): TF's window kernel makes none."""
    return isinstance(spec, dstruct.DatasetSpec) and all(
        isinstance(s, NoneTensorSpec) for s in dstruct.flatten(spec.element_spec))


def kernel_arguments(specs: list, flat: tuple) -> tuple:
    """The flat arguments TF's kernel hands a function of windows: the windows it made (a
    None's is none), in order, the missing last ones MissingArgument."""
    if not any(_none_window(s) for s in specs):
        return flat
    made = [c for c, s in zip(flat, specs) if not _none_window(s)]
    return tuple(made[i] if i < len(made) else MissingArgument(s, i)
                 for i, s in enumerate(specs))


# ---------------------------------------------------------------------------------------
# DatasetFunction
# ---------------------------------------------------------------------------------------

class DatasetFunction(PipelineFunction):
    """A user function from an element to a dataset.

    `output_structure` is a Structure holding the DatasetSpec of what it returns;
    `bind(ctx)` gives `open(flat_element) -> ElementIterator` over the returned dataset.
    """

    def __init__(self, func: Callable, what: str, in_struct: dstruct.Structure,
                 input_dataset: DatasetV2 | None, not_a_dataset: Callable) -> None:
        if not callable(func):
            raise not_callable(func, what)
        _check_signature(func, in_struct, what)
        self._func, self._what, self._in = func, what, in_struct
        self._not_a_dataset = not_a_dataset  # (returned value) -> the error to raise
        self._template: DatasetV2 | None = None
        self._graph = None
        self._eager: StructuredFunction | None = None
        try:
            self._trace(_fn_name(func, what))
        except _NotADataset as e:
            dstruct.check_supported(e.value, what)
            raise self._not_a_dataset(e.value) from None
        except (_Untraceable, NeedsConcreteValue, TypeError, ValueError, NotImplementedError):
            # What the graph can't express (a tensor-dependent `if` choosing between
            # datasets, a shape known only per element): eager, where it works as in TF;
            # a genuine error in the function is raised again by the eager call.
            self._template = None
        self._site = FnSite(what)
        if self._template is None:
            self._eager = StructuredFunction(func, what, in_struct, input_dataset, eager=True)

    @property
    def traced(self) -> bool:
        return self._template is not None

    @property
    def captures(self) -> list:
        """Symbolic tensors of an enclosing tf.function that the function reads."""
        return self._captures + self._passed if self._template is not None else []

    @property
    def captured_arguments(self) -> int:
        """How many captured tensors TF passes the dataset op (its Targuments)."""
        return captured_arguments(self._func, self._graph if self._eager is None else
                                  self._eager._graph)

    @property
    def output_structure(self) -> dstruct.Structure:
        if self._template is not None:
            return dstruct.Structure(dstruct.DatasetSpec(self._template.element_spec))
        return self._eager.output_structure

    # -- tracing ------------------------------------------------------------------------
    def _trace(self, name: str) -> None:
        outer = _state.graph
        graph = FuncGraph(name, parent=outer if getattr(outer, "building_function", False)
                          else None)
        # (an eager tensor it reads is captured, as TF's dataset functions capture one: a
        # SavedModel passes it as an argument, its `other_arguments`)
        graph.captures_eager = True
        since = made_stamp()
        with tracing_scope(graph), Collecting() as needed:
            args = self._placeholders(graph)
            out = _autograph(self._func)(*args) if self._in.unpack_args else \
                _autograph(self._func)(args)
            if not isinstance(out, DatasetV2):
                raise _NotADataset(out)
            ours, outer_needed = [], []  # computed here / fed by an enclosing tf.function
            for t in needed:
                dest = ours if getattr(t, "graph", None) is graph else outer_needed
                if all(t is not o for o in dest):
                    dest.append(t)
            graph.outputs = ours
        if any(node.op.name in _ITERATING_OPS for node in graph.operations):
            raise _Untraceable
        out.element_spec  # noqa: B018 - structure errors surface when the function is built
        self._captures = graph.feed_captures()
        # Tensors of enclosing functions that the template reads directly (a nested source
        # or function) are passed through the feed: report them with the captures.
        self._passed = [t for t in outer_needed if all(t is not c for c in self._captures)]
        note_symbolic(self._captures + self._passed)  # an enclosing trace feeds them
        self._needed = ours
        self._graph = graph
        self._fn = _compile(graph, name) if ours else None
        self._template = out
        # TF runs the function for each element, so the datasets it makes are new ones each
        # time: the template's shuffles start their reshuffles over for every element
        self._fresh = iteration_counts(out, since)
        self._opening = threading.Lock()

    def _placeholders(self, graph: Any) -> tuple:
        """The symbolic arguments, packed; records how each flat component is fed."""
        # per flat component: _DENSE, _SPARSE, a _RaggedArg or a VariantDataset
        self._kinds: list = []
        comps = []
        for i, s in enumerate(self._in.specs):
            base = f"args_{i}"
            if isinstance(s, TensorSpec):
                comps.append(graph.placeholder(s.shape._dims, s.dtype, base, is_input=True))
                self._kinds.append(_DENSE)
            elif isinstance(s, SparseTensorSpec):
                rank = s.shape.rank
                comps.append(dstruct.sparse_of(
                    graph.placeholder((None, rank), _dt.int64, base + "_indices", is_input=True),
                    graph.placeholder((None,), s.dtype, base + "_values", is_input=True),
                    graph.placeholder((rank,), _dt.int64, base + "_dense_shape",
                                      is_input=True)))
                self._kinds.append(_SPARSE)
            elif isinstance(s, RaggedTensorSpec):  # (its components, as TF's placeholders)
                parts = [graph.placeholder(c.shape._dims, c.dtype, f"{base}_{j}", is_input=True)
                         for j, c in enumerate(s._component_specs)]
                comps.append(s._from_components(parts))
                self._kinds.append(_RaggedArg(s))
            elif isinstance(s, dstruct.DatasetSpec):
                ph = VariantDataset(s)
                comps.append(ph)
                self._kinds.append(ph)
            else:
                raise _Untraceable
        return self._in.pack(tuple(comps))

    @property
    def template(self) -> DatasetV2 | None:
        """The dataset the trace returned (None: the function runs eagerly)."""
        return self._template

    def instantiate(self, ctx: IterContext | None, flat: tuple) -> ElementIterator:
        """An iterator over the traced function's dataset for arguments `flat`, as TF's
        one instantiation of it (a reader_func's, for each iterator of its dataset)."""
        return self._bind_traced(ctx)(flat)

    # -- running ------------------------------------------------------------------------
    def bind(self, ctx: IterContext | None) -> Callable[[tuple], ElementIterator]:
        """`open(flat)`: an iterator over the dataset the function returns for `flat`."""
        open_ = self._bind_eager(ctx) if self._template is None else self._bind_traced(ctx)
        site = self._site
        elements = itertools.count()  # TF numbers the input elements whose datasets it opens

        def guarded(flat: tuple) -> ElementIterator:
            element = next(elements)
            try:
                return GuardedIterator(open_(flat), site, element)
            except OpError as e:
                annotate(e, site)
                raise

        return guarded

    def _bind_traced(self, ctx: IterContext | None) -> Callable[[tuple], ElementIterator]:
        outer_feed = getattr(ctx, "feed", None) or {}
        missing = [t for t in self.captures if id(t) not in outer_feed]
        if missing:
            names = ", ".join(t.name for t in missing)
            raise InvalidArgumentError(
                None, None, f"The function passed to `{self._what}` reads tensors of the "
                f"tf.function it was built in ({names}); a dataset built inside a tf.function "
                "can only be iterated inside that function.")
        extra = tuple(outer_feed[id(t)] for t in self._captures)
        fn, needed, kinds, template = self._fn, self._needed, self._kinds, self._template
        fresh = self._fresh
        specs = self._in.specs

        def open_(flat: tuple) -> ElementIterator:
            flat = kernel_arguments(specs, flat)
            feed = dict(outer_feed)
            arrays = []
            for kind, c in zip(kinds, flat):
                if kind is _DENSE:
                    arrays.append(c._arr)
                elif kind is _SPARSE:
                    arrays += [c._indices._arr, c._values._arr, c._dense_shape._arr]
                elif isinstance(kind, _RaggedArg):
                    arrays += [t._arr for t in kind.spec._to_components(c)]
                else:  # a VariantDataset: this element's dataset
                    feed[id(kind)] = c
            if fn is not None:
                for t, v in zip(needed, fn(*arrays, *extra)):
                    feed[id(t)] = v._arr
            inner = _with_feed(ctx, feed)
            if not fresh:
                return template._make_iterator(inner)
            with self._opening:  # (a parallel interleave opens elements in threads)
                restart(fresh)
                return template._make_iterator(inner)

        return open_

    def dataset_of(self, flat: tuple) -> DatasetV2:
        """The dataset the function returns for arguments `flat`, called eagerly (what an
        iterator's checkpointed state of that element's dataset describes)."""
        in_struct = self._in
        args = in_struct.pack(kernel_arguments(in_struct.specs, flat))
        out = self._func(*args) if in_struct.unpack_args else self._func(args)
        if not isinstance(out, DatasetV2):
            dstruct.check_supported(out, self._what)
            raise self._not_a_dataset(out)
        return out

    def _bind_eager(self, ctx: IterContext | None) -> Callable[[tuple], ElementIterator]:
        def open_(flat: tuple) -> ElementIterator:
            return self.dataset_of(flat)._make_iterator(ctx)

        return open_


def _with_feed(ctx: IterContext | None, feed: dict) -> IterContext:
    new = IterContext.__new__(IterContext)
    if ctx is None:
        IterContext.__init__(new)
    else:
        new.deterministic, new.threads, new.optimize = ctx.deterministic, ctx.threads, \
            ctx.optimize
        # TF instantiates the function once per iterator of the outer dataset: the random
        # ops of the datasets it makes go on from one element's to the next, and start
        # over with the next iteration
        new.kernels = ctx.kernels
    new.feed = feed
    return new


def iteration_counts(dataset: DatasetV2, since: int) -> list:
    """(dataset, its count) for each dataset of a pipeline that a user function made (after
    stamp `since`) and that counts its iterators (a shuffle's reshuffles); not those it
    was given or read from outside (a captured dataset is the caller's one: each element's
    iterator of it reshuffles, as in TF)."""
    out, seen, todo = [], set(), [dataset]
    while todo:
        ds = todo.pop()
        if id(ds) in seen or isinstance(ds, VariantDataset):
            continue
        seen.add(id(ds))
        if hasattr(ds, "_iterations") and getattr(ds, "_made", -1) > since:
            out.append((ds, ds._iterations))
        todo.extend(getattr(ds, "_inputs", ()))
    return out


def restart(fresh: list) -> None:
    """The datasets of `fresh` (iteration_counts') as a new call of the function makes them:
    their reshuffles start over, and one with neither seed set draws new seeds (TF's
    seed=0, seed2=0 op seeds its generator at random each time the function runs)."""
    for ds, count in fresh:
        ds._iterations = count
        if isinstance(getattr(ds, "_seeds", None), DrawnSeeds):
            ds._seeds = drawn_seeds()


def returned_non_dataset(out: Any) -> Exception:
    """TF's error for a flat_map / interleave function that returns something else."""
    out = dstruct.lists_to_tuples(out)
    # TF names the type by making an instance of the spec's value_type: a tensor's has no
    # name to show, a ragged or sparse one's constructor wants its parts
    if isinstance(out, RaggedTensor):
        return TypeError("RaggedTensor.__init__() missing 2 required positional arguments: "
                         "'values' and 'row_partition'")
    if isinstance(out, SparseTensor):
        return TypeError("SparseTensor.__init__() missing 3 required positional arguments: "
                         "'indices', 'values', and 'dense_shape'")
    if out is not None and not dstruct.is_nested(out):
        return AttributeError("'Tensor' object has no attribute '_name'")
    return TypeError(f"The `map_func` argument must return a `Dataset` object. Got "
                     f"{type(out)}.")


class ReaderReturned(Exception):
    """A reader_func returned something else than a dataset: the kernel refuses it only
    as the iterator is made (the value, for that error)."""

    def __init__(self, value: Any) -> None:
        super().__init__()
        self.value = value


def reader_function(reader_func: Callable, element_spec: Any, what: str) -> DatasetFunction:
    """A load's or a snapshot's `reader_func` as TF builds it: traced once, as a flat_map's
    function, of the dataset of the shards' datasets; each iterator instantiates it anew
    (an unseeded shuffle in it draws new seeds, a seeded one repeats its order).
    Raises ReaderReturned where it returns no dataset."""
    shards = dstruct.Structure(dstruct.DatasetSpec(dstruct.DatasetSpec(element_spec)))
    return DatasetFunction(reader_func, what, shards, None, ReaderReturned)


def refuse_no_tensors(fn: DatasetFunction, op: str) -> None:
    """TF's dataset op `op` (FlatMapDataset, ...) refuses, as it is made, a function whose
    datasets' elements hold no tensor (a None's window): its output_types would be empty."""
    spec = fn.output_structure.spec
    if isinstance(spec, dstruct.DatasetSpec) and all(
            isinstance(s, NoneTensorSpec) for s in dstruct.flatten(spec.element_spec)):
        signature = tf_op_defs.summary(op)
        raise InvalidArgumentError(None, None, (
            f"Length for attr 'output_types' of 0 must be at least minimum 1\n\t; NodeDef: "
            f"{{{{node {op}}}}}{'; ' + signature if signature else ''} [Op:{op}] name: "))


def inner_structure(fn: DatasetFunction) -> dstruct.Structure:
    """The element structure of the datasets `fn` returns."""
    spec = fn.output_structure.spec
    if not isinstance(spec, dstruct.DatasetSpec):  # learnt from an eager call
        raise TypeError(f"The `map_func` argument must return a `Dataset` object. Got {spec!r}.")
    return dstruct.Structure(spec.element_spec)
