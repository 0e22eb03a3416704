"""Datasets inside tf.function: iterator operations and AutoGraph's `for` over datasets.

Data layer (above function/ and autograph/), below the Dataset class and its
iterators, whose methods call it while a function is being traced. While a tf.function
is traced, a dataset stays the Python pipeline it is; the graph gets stateful
operations that use it each time the function runs, as TF's graph does:

  - "AnonymousIteratorV3": a fresh iterator over the dataset (a variant: the Python
    iterator), fed with the values of the function's tensors that the pipeline's own
    functions captured (a `map` built inside the function may read its arguments);
  - "IteratorGetNext": the next element, OutOfRangeError "End of sequence" after the
    last; "IteratorGetNextAsOptional": a variant holding the next element or none,
    which an Optional's OptionalHasValue and OptionalGetValue operations read (the
    latter fails when the function runs if there is none, as TF's);
  - "ReduceDataset": `dataset.reduce(...)`, the whole fold in one operation (built by
    transformations.py, which holds the fold).

They run on CPU:0 (`gpu=False`), as TF's iterator ops do: the pipeline is host code.

`iter(dataset)` in a function is a GraphIterator over such a variant; an eager
iterator made outside the function (`it = iter(ds)`) and read by it is used by
reference, so each call of the function advances it; one passed as an argument is read
through the function's resource placeholder, fed at each call with the iterator passed
(tf.function traces it by its IteratorSpec). `for x in dataset` (and `for x in iterator`) under
AutoGraph is a graph while loop, as TF builds it: a `has_next` flag is the loop's
condition (and the break flag, if any); each iteration asks the iterator for an
optional element and runs the body under a cond on `has_value`, its branch reading the
value, so a `break` never consumes an element it doesn't use. The results are those
of eager iteration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.control_flow.subgraph_ops import without_gradient
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import _state, finalize
from eagerflow._src.core.errors import InvalidArgumentError, OutOfRangeError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.iterators import IterContext, PipelineFunction
from eagerflow._src.data.optional import Optional, graph_components
from eagerflow._src.data.optional import graph_optional as optional_of
from eagerflow._src.data.optional_ops import check_components, optional_array
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import OpDef

# AutoGraph's loop and branch runtime, for a `for` over an iterator in converted code: it
# loads with the first such loop, not with tf.data
ag_control_flow = lazy_module("eagerflow._src.autograph.operators.control_flow")

GET_NEXT_CALL_ERROR_THRESHOLD = 32
GET_NEXT_CALL_ERROR_MESSAGE = (
    "An unusually high number of `tf.data.Iterator.get_next()` calls was detected. This "
    "suggests that the `for elem in dataset: ...` idiom is used within tf.function with "
    "AutoGraph disabled. This idiom is only supported when AutoGraph is enabled.")


def in_function() -> bool:
    return getattr(_state.graph, "building_function", False)


# ---------------------------------------------------------------------------------------
# Flat components <-> graph outputs (a SparseTensor is three tensors).
# ---------------------------------------------------------------------------------------

_output_specs = dstruct.output_specs


def _as_tuple(res: Any, n: int) -> tuple:
    return (res,) if n == 1 else tuple(res)


# ---------------------------------------------------------------------------------------
# Operations
# ---------------------------------------------------------------------------------------

class _IteratorHandle:
    """The value of an iterator variant: the pipeline's iterator; closed when dropped."""

    __slots__ = ("_it",)

    def __init__(self, it: Any) -> None:
        self._it = it

    def __del__(self) -> None:
        it, self._it = self._it, None
        if it is not None:
            finalize(it.close)


def pipeline_captures(dataset: Any) -> list:
    """The enclosing function's tensors that the pipeline's functions read."""
    seen: set = set()
    out: dict = {}
    todo = [dataset]
    while todo:
        ds = todo.pop()
        if id(ds) in seen:
            continue
        seen.add(id(ds))
        if getattr(ds, "_feed", None) is not None:
            continue  # a dataset a function returned: it feeds its own (returned.py)
        todo.extend(getattr(ds, "_inputs", ()))
        for t in getattr(ds, "_symbolic", ()):  # a source built from the function's tensors
            out.setdefault(id(t), t)
        for v in vars(ds).values():
            fn = v if isinstance(v, PipelineFunction) else getattr(v, "fn", None)
            if isinstance(fn, PipelineFunction):
                for t in fn.captures:
                    out.setdefault(id(t), t)
    return list(out.values())


def make_iterator(dataset: Any) -> Tensor:
    """The "AnonymousIteratorV3" operation: a variant holding a fresh iterator."""
    captures = pipeline_captures(dataset)
    ids = tuple(id(t) for t in captures)

    def kernel(xp: Any, *values: Any, dataset: Any) -> Any:
        ctx = IterContext(dataset.options())
        ctx.feed = dict(zip(ids, values))
        return _IteratorHandle(dataset._make_iterator(ctx))

    # (a resource, as TF's iterator handle: an exported graph writes it as one)
    op = OpDef("AnonymousIteratorV3", lambda *ins, dataset: [((), _dt.resource)], kernel,
               stateful=True, gpu=False)
    return bind(op, tuple(captures), {"dataset": dataset})


def _next_arrays(handle: Any, specs: tuple, check: bool = True) -> tuple | None:
    fed = type(handle) is np.ndarray
    if fed:  # a resource fed to a function: the iterator passed, of any element spec
        handle = handle[()]
    it = handle._it
    if it is None:
        return None
    try:
        flat = next(it)
    except StopIteration:
        return None
    if fed and check:
        _check_element(flat, specs)
    return flat


def _dims_text(shape: Any) -> str:
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def _check_element(flat: tuple, specs: tuple) -> None:
    """TF's IteratorGetNext refusal of an element that its outputs' types do not fit (an
    iterator of another spec fed to a traced function's iterator argument)."""
    if len(flat) != len(specs):
        raise InvalidArgumentError(None, None, "Number of components does not match: "
                                   f"expected {len(specs)} types but got {len(flat)}.")
    for i, (c, spec) in enumerate(zip(flat, specs)):
        if not isinstance(spec, TensorSpec) or not isinstance(c, Tensor):
            continue
        if c._dtype is not spec.dtype:
            raise InvalidArgumentError(None, None, f"Data type mismatch at component {i}: "
                                       f"expected {_dt.dtype_word(spec.dtype)} but got "
                                       f"{_dt.dtype_word(c._dtype)}.")
        if not spec.shape.is_compatible_with(c._shape):
            raise InvalidArgumentError(None, None, f"Incompatible shapes at component {i}: "
                                       f"expected {_dims_text(spec.shape._dims)} but got "
                                       f"{_dims_text(c._shape)}.")


def get_next(handle: Any, structure: dstruct.Structure) -> tuple:
    """The "IteratorGetNext" operation: the next element's components."""
    specs = structure.specs
    out_specs = _output_specs(specs)
    n = len(out_specs)

    def kernel(xp: Any, handle: Any) -> Any:
        flat = _next_arrays(handle, specs)
        if flat is None:
            raise OutOfRangeError(None, None, "End of sequence")
        arrays = dstruct.component_arrays(flat)
        return arrays[0] if n == 1 else tuple(arrays)

    op = OpDef("IteratorGetNext", lambda handle: out_specs, kernel, num_outputs=n,
               stateful=True, gpu=False)
    return dstruct.from_outputs(_as_tuple(bind(op, (handle,), {}), n), specs)


def get_next_as_optional(handle: Any, structure: dstruct.Structure) -> Tensor:
    """The "IteratorGetNextAsOptional" operation: a variant holding the next element's
    components, or none after the last (read by OptionalHasValue and OptionalGetValue).
    Its attrs are TF's: the components' output_types and output_shapes."""
    specs = structure.specs
    comps = _output_specs(specs)
    attrs = {"output_types": tuple(d for _, d in comps),
             "output_shapes": tuple(s for s, _ in comps)}

    def kernel(xp: Any, handle: Any, output_types: tuple, output_shapes: tuple) -> np.ndarray:
        flat = _next_arrays(handle, specs, check=False)
        if flat is None:
            return optional_array((), ())
        parts = graph_components(flat)
        value = optional_array([t._arr for t in parts], tuple(t._dtype for t in parts))
        if type(handle) is np.ndarray:  # (an iterator fed to the function: of any spec)
            check_components("IteratorGetNextAsOptional", value[()], output_types,
                             output_shapes)
        return value

    op = OpDef("IteratorGetNextAsOptional", lambda handle, **_: [((), _dt.variant)], kernel,
               stateful=True, gpu=False)
    return bind(op, (handle,), attrs)


def single_element(dataset: Any) -> Any:
    """`dataset.get_single_element()` inside a tf.function: "DatasetToSingleElement"."""
    structure = dataset._structure
    specs = structure.specs
    out_specs = _output_specs(specs)
    n = len(out_specs)
    captures = pipeline_captures(dataset)
    ids = tuple(id(t) for t in captures)

    def kernel(xp: Any, *values: Any, dataset: Any) -> Any:
        ctx = IterContext(dataset.options())
        ctx.feed = dict(zip(ids, values))
        it = dataset._make_iterator(ctx)
        try:
            first = next(it, None)
            if first is None:
                raise InvalidArgumentError(None, None, "Dataset was empty.")
            if next(it, None) is not None:
                raise InvalidArgumentError(None, None, "Dataset had more than one element.")
        finally:
            it.close()
        arrays = dstruct.component_arrays(first)
        return arrays[0] if n == 1 else tuple(arrays)

    op = OpDef("DatasetToSingleElement", lambda *ins, dataset: out_specs, kernel,
               num_outputs=n, stateful=True, gpu=False)
    outs = _as_tuple(bind(op, tuple(captures), {"dataset": dataset}), n)
    return structure.pack(dstruct.from_outputs(outs, specs))


# ---------------------------------------------------------------------------------------
# Iterators inside functions
# ---------------------------------------------------------------------------------------

class GraphIterator:
    """`iter(dataset)` inside a tf.function: a tf.data.Iterator over a graph variant."""

    def __init__(self, handle: Any, structure: dstruct.Structure) -> None:
        self._handle = handle
        self._structure = structure
        self._calls = 0

    def __iter__(self) -> GraphIterator:
        return self

    def __next__(self) -> Any:
        return self.get_next()

    def next(self) -> Any:
        return self.get_next()

    def get_next(self, name: str | None = None) -> Any:
        return graph_next(self, self._handle, self._structure)

    def get_next_as_optional(self) -> Optional:
        return graph_optional(self._handle, self._structure)

    @property
    def element_spec(self) -> Any:
        return self._structure.spec

    def _ag_for_stmt(self, extra_test: Callable | None, body: Callable, get_state: Callable,
                     set_state: Callable, symbol_names: tuple, opts: dict) -> None:
        for_over_iterator(self._handle, self._structure, extra_test, body, get_state,
                          set_state, symbol_names, opts)

    def __repr__(self) -> str:
        return f"<tf.data.Iterator in a tf.function, element_spec={self.element_spec!r}>"


def graph_next(owner: Any, handle: Any, structure: dstruct.Structure) -> Any:
    """`next(iterator)` while a function is traced: symbolic components, never
    StopIteration (so a Python `for` without AutoGraph is stopped by a count, as in TF)."""
    owner._calls = getattr(owner, "_calls", 0) + 1
    if owner._calls > GET_NEXT_CALL_ERROR_THRESHOLD:
        raise ValueError(GET_NEXT_CALL_ERROR_MESSAGE)
    return structure.pack(get_next(handle, structure))


def graph_optional(handle: Any, structure: dstruct.Structure) -> Optional:
    """`iterator.get_next_as_optional()` while a function is traced: the Optional of
    an IteratorGetNextAsOptional operation's variant."""
    return optional_of(get_next_as_optional(handle, structure), structure.spec)


def dataset_iter(dataset: Any) -> GraphIterator:
    structure = dataset._structure
    _output_specs(structure.specs)  # refuse unsupported element types now
    return GraphIterator(make_iterator(dataset), structure)


# ---------------------------------------------------------------------------------------
# AutoGraph's `for`
# ---------------------------------------------------------------------------------------

class IteratorSource:
    """The loop source (see autograph's _CountingSource) of a `for` over an iterator."""

    max_iterations = None

    def __init__(self, handle: Any, structure: dstruct.Structure) -> None:
        self._handle, self._structure = handle, structure

    def init(self) -> list:
        return [convert_to_tensor(True)]

    def more(self, prefix: list) -> Any:
        return prefix[0]

    def step(self, prefix: list, body: Callable, get_state: Callable, set_state: Callable,
             symbol_names: tuple) -> list:
        has, element = self.next_optional()
        before = get_state()

        def main() -> None:
            body(element())
            # TF checks the iteration's variables before building the cond, so a type
            # change reads as a loop error rather than as a branch mismatch.
            for b, a, name in zip(before, get_state(), symbol_names):
                ag_control_flow._verify_loop_var(b, a, name, None)

        ag_control_flow._tf_if_stmt(has, main, lambda: None, get_state, set_state,
                                    symbol_names, len(symbol_names))
        return [has]

    def trial(self, body: Callable) -> None:
        body(self.next_optional()[1]())

    def next_optional(self) -> tuple:
        """(has_value, a function giving the element): the ops that read one element (a
        subclass's own). As in TF's loop, the element's value is read by the branch that
        runs when there is one (OptionalGetValue under the cond on OptionalHasValue)."""
        opt = graph_optional(self._handle, self._structure)
        return opt.has_value(), opt.get_value


def for_over_iterator(handle: Any, structure: dstruct.Structure, extra_test: Callable | None,
                      body: Callable, get_state: Callable, set_state: Callable,
                      symbol_names: tuple, opts: dict) -> None:
    _output_specs(structure.specs)
    for_over_source(IteratorSource(handle, structure), extra_test, body, get_state,
                    set_state, symbol_names, opts)


def for_over_source(source: IteratorSource, extra_test: Callable | None, body: Callable,
                    get_state: Callable, set_state: Callable, symbol_names: tuple,
                    opts: dict) -> None:
    """The graph loop over an iterator's elements, read by `source.next_optional()`."""
    graph = _state.graph
    start = len(graph.operations)
    ag_control_flow.tf_loop(extra_test, body, get_state, set_state, symbol_names, opts, source)
    for node in graph.operations[start:]:
        if node.op.name in ("While", "StatelessWhile"):
            # as TF's loops over datasets (a ReduceDataset), the loop has no gradient
            node.op = without_gradient(node.op)


def for_over_dataset(dataset: Any, extra_test: Callable | None, body: Callable,
                     get_state: Callable, set_state: Callable, symbol_names: tuple,
                     opts: dict) -> None:
    if not in_function():
        raise TypeError("`tf.data.Dataset` only supports Python-style iteration in eager "
                        "mode or within tf.function.")
    structure = dataset._structure
    _output_specs(structure.specs)
    for_over_iterator(make_iterator(dataset), structure, extra_test, body, get_state,
                      set_state, symbol_names, opts)


__all__ = ["GraphIterator", "IteratorSource", "dataset_iter", "for_over_dataset",
           "for_over_iterator", "for_over_source",
           "get_next", "get_next_as_optional", "graph_next", "graph_optional", "in_function",
           "make_iterator", "pipeline_captures", "single_element"]


def failing_identity(t: Tensor, message: str) -> Tensor:
    """`t`, in a graph whose run fails with TF's assertion error saying `message` (what
    AutoGraph's len() of a dataset of no definite length builds)."""
    Assert(convert_to_tensor(False), [message])
    return t
