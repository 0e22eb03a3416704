"""User functions of tf.data transformations (map, filter, flat_map, scan, ...).

The one place that decides how a user function runs. As in TF, the function is
traced once, when the dataset is built, with tf.function semantics: AutoGraph
converts its Python control flow, its Python side effects happen during that trace
only, its arguments are symbolic tensors (so `.numpy()` fails with TF's
AttributeError), and errors surface at dataset construction. The traced graph is
optimized and compiled (graph/codegen) and runs once per element; the element_spec
is what the traced outputs say (unknown dims stay None).

map + batch fusion: when every operation that touches the function's arguments is
elementwise (with matching ranks, see `_commutes_with_batching`), running the
traced graph on a whole batch gives the batch of its per-element results, so
`map(f).batch(n)` runs a batched copy of the graph once per batch. The copy is made
by replaying the per-element graph on placeholders with a leading batch dimension:
the Python function is not called again, and any Python value it computed from
static shapes stays the per-element value.

Functions that return datasets (flat_map, interleave, group_by_window's reduce_func)
are traced into template datasets by dataset_functions.py, which uses `note_symbolic`
here to learn which symbolic tensors a template reads.

Eager fallback, where tracing can't be done: a function whose arguments or results are
datasets outside those transformations (a `map` over the elements of `window()`), or
a dataset function that dataset_functions.py can't trace. It runs eagerly, once per
element (its Python side effects happen per element, and inside it
`tf.executing_eagerly()` is True). Its output structure comes from a call on empty
placeholder datasets where the arguments are datasets, else from the first element
(dims left unknown).

Functions traced while a tf.function is being traced may capture that function's
symbolic tensors; their values are fed when the dataset is iterated inside the
function (see `bind` and graph_ops.py).
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Callable
from typing import Any

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeTensor, NoneTensorSpec
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.device import placed_on
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.fn_errors import FnSite, annotate, guard
from eagerflow._src.data.iterators import PipelineFunction, note_symbolic
from eagerflow._src.data.sources import ListDataset
from eagerflow._src.function.concrete import tracing_scope
from eagerflow._src.function.graph_errors import node_words
from eagerflow._src.graph import codegen
from eagerflow._src.graph.ir import CONST, PLACEHOLDER, FuncGraph
from eagerflow._src.graph.passes import optimize
from eagerflow._src.graph.replay import replay
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.dynshape import tf_shape_value
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec
from eagerflow._src.ops.variables import Variable

# tf.data.experimental.enable_debug_mode() sets it: user functions built afterwards run
# eagerly, element by element.
DEBUG_MODE = [False]


def enable_debug_mode() -> None:
    """User functions of pipelines built from now on run as Python for each element (traced
    once still, for their output structure), so that prints and breakpoints in them fire
    per element."""
    if _state.graph is not None:
        raise ValueError("`enable_debug_mode() is only supported in eager mode.")
    DEBUG_MODE[0] = True


def not_callable(func: Any, transformation: str) -> Exception:
    """TF's error for a function argument that is no callable: its function wrapper's
    ValueError, or the call's TypeError where TF calls it (group_by_window's key_func)."""
    if "group_by_window" in transformation:
        return TypeError(f"'{type(func).__name__}' object is not callable")
    return ValueError(f"Argument `func` must be a callable. Received func={func} (of type "
                      f"{type(func)})")


class _Untraceable(Exception):
    """The function takes or returns values a graph can't hold (datasets)."""


# AutoGraph (its AST converters) loads with the first dataset function, not with tf.data
_ag_api = lazy_module("eagerflow._src.autograph.api")


def _autograph(func: Callable) -> Callable:
    if _state.autograph is False:  # (TF's status disabled: tf.function(autograph=False))
        return func
    try:
        return _ag_api.convert(func)
    except Exception:  # noqa: BLE001 - TF runs an unconvertible function as it is
        return func


def _check_signature(func: Callable, in_struct: dstruct.Structure, transformation: str) -> None:
    """Refuses a function whose signature can't take the element (TF fails at trace time)."""
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return
    n = len(in_struct.spec) if in_struct.unpack_args else 1
    try:
        sig.bind(*range(n))
    except TypeError:
        raise _arity_error(func, sig, n) from None


def _arity_error(func: Callable, sig: inspect.Signature, n: int) -> TypeError:
    """The TypeError Python raises calling `func` with n positional arguments (what TF's
    trace meets), in Python's own words: a stand-in of the same parameters (defaults None,
    no annotations) and name is called so."""
    params = [p.replace(annotation=p.empty, default=None if p.default is not p.empty else
                        p.empty) for p in sig.parameters.values()]
    scope: dict = {}
    exec(f"def stand_in{inspect.Signature(params)}: pass", scope)  # noqa: S102 (names only)
    stand_in = scope["stand_in"]
    stand_in.__qualname__ = getattr(func, "__qualname__", "stand_in")
    try:
        stand_in(*range(n))
    except TypeError as e:
        return e
    return TypeError(f"{stand_in.__qualname__}() takes other arguments than {n}")


class _Trace:
    """One trace of a function: its graph, output structure and compiled forms."""

    def __init__(self, graph: Any, structure: dstruct.Structure, captures: list,
                 in_specs: tuple, sparse: bool) -> None:
        self.graph = graph
        self.structure = structure
        self.captures = captures          # outer symbolic tensors the function reads
        self.in_specs = in_specs
        self.sparse = sparse              # sparse components in or out: the general path
        self.fn: Callable | None = None   # (*arrays) -> tuple of EagerTensors
        self.batched_fn: Callable | None = None


def _trace(func: Callable, in_struct: dstruct.Structure, name: str,
           transformation: str, autograph: bool = True, op: str | None = None) -> _Trace:
    for s in in_struct.specs:
        if not isinstance(s, (TensorSpec, SparseTensorSpec, RaggedTensorSpec,
                              NoneTensorSpec)) and not dstruct.is_variant_spec(s):
            raise _Untraceable
    outer = _state.graph
    graph = FuncGraph(name, parent=outer if getattr(outer, "building_function", False)
                      else None)
    # (an eager tensor it reads is captured, as TF's dataset functions capture one: a
    # SavedModel passes it as an argument, its `other_arguments`)
    graph.captures_eager = True
    sparse = False
    with tracing_scope(graph):
        comps = []
        for i, s in enumerate(in_struct.specs):
            base = f"args_{i}"
            if isinstance(s, TensorSpec):
                comps.append(graph.placeholder(s.shape._dims, s.dtype, base, is_input=True))
                continue
            sparse = True
            if isinstance(s, NoneTensorSpec):  # (a None: no tensor, the general path)
                comps.append(None)
                continue
            if isinstance(s, RaggedTensorSpec) or dstruct.is_variant_spec(s):
                # fed as its flat values and row splits (an Optional: its variant)
                comps.append(s._from_components([
                    graph.placeholder(c.shape._dims, c.dtype, f"{base}_{j}", is_input=True)
                    for j, c in enumerate(s._component_specs)]))
                continue
            rank = s.shape.rank
            comps.append(dstruct.sparse_of(
                graph.placeholder((None, rank), _dt.int64, base + "_indices", is_input=True),
                graph.placeholder((None,), s.dtype, base + "_values", is_input=True),
                graph.placeholder((rank,), _dt.int64, base + "_dense_shape", is_input=True)))
        args = in_struct.pack(tuple(comps))
        converted = _autograph(func) if autograph else func
        out = converted(*args) if in_struct.unpack_args else converted(args)
        value = dstruct.fn_result(out, transformation)
        _check_not_empty(value, transformation, op)
        leaves = dstruct.flatten(value)
        outputs, specs = [], []
        for leaf in leaves:
            if leaf is None:  # (TF's NoneTensorSpec: no output)
                sparse = True
                specs.append(NoneTensorSpec())
                continue
            if isinstance(leaf, RaggedTensor) or (isinstance(leaf, CompositeTensor) and
                                                  dstruct.is_variant_spec(leaf._type_spec)):
                sparse = True
                spec = leaf._type_spec
                outputs.extend(graph.capture(_to_graph_tensor(p, transformation, out))
                               for p in spec._to_components(leaf))
                specs.append(spec)
                continue
            if isinstance(leaf, SparseTensor):
                sparse = True
                parts = [graph.capture(_to_graph_tensor(p, transformation, out)) for p in
                         (leaf.indices, leaf.values, leaf.dense_shape)]
                outputs.extend(parts)
                specs.append(_sparse_spec(leaf, parts, in_struct, comps))
                continue
            t = graph.capture(_to_graph_tensor(leaf, transformation, out))
            outputs.append(t)
            specs.append(TensorSpec._make(TensorShape(t._shape), t._dtype))
        graph.outputs = outputs
    captures = graph.feed_captures()
    spec = specs[0] if not dstruct.is_nested(value) else dstruct.pack_as(value, specs)
    return _Trace(graph, dstruct.Structure(spec), captures, in_struct.specs, sparse)


def _eager_sparse(indices: EagerTensor, values: EagerTensor,
                  dense_shape: EagerTensor) -> SparseTensor:
    """A SparseTensor of a traced function's three eager outputs (indices made int64 rows)."""
    return SparseTensor._from_arrays(indices._arr, values._arr, dense_shape._arr, values._dtype)


def _sparse_spec(leaf: SparseTensor, parts: list, in_struct: dstruct.Structure,
                 comps: list) -> SparseTensorSpec:
    for s, c in zip(in_struct.specs, comps):
        if isinstance(c, SparseTensor) and c._dense_shape is leaf._dense_shape:
            return SparseTensorSpec(s.shape, leaf.values.dtype)  # passed through
    # (what TF's constant_value_as_shape knows of the dense shape: from_dense's is its
    # input's static shape)
    dims = tf_shape_value(parts[2])
    return SparseTensorSpec(TensorShape(dims), leaf.values.dtype)


def _check_not_empty(value: Any, transformation: str, op: str | None = None) -> None:
    if transformation in ("Dataset.filter()", "Dataset.take_while()"):
        # a predicate's result is checked first (transformations.Predicate: TF's words),
        # once TF has typed it
        dstruct.check_supported(value, transformation)
        if value is None:
            sep = ", but its return type is " if "filter" in transformation else \
                " but its return type is"
            raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar "
                             f"tensor{sep}NoneTensorSpec().")
        if type(value) in (tuple, dict):
            raise AttributeError(f"'{type(value).__name__}' object has no attribute "
                                 f"'is_compatible_with'")
        if isinstance(value, DatasetV2):  # (typed by its DatasetSpec, as TF's)
            sep = ", but its return type is " if "filter" in transformation else \
                " but its return type is"
            raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar "
                             f"tensor{sep}{dstruct.DatasetSpec(value.element_spec)!r}.")
    if value is None or (dstruct.is_nested(value) and
                         all(v is None for v in dstruct.flatten(value))):
        # TF's dataset op refuses an empty output list (InvalidArgumentError): None holds
        # no tensor there
        op = op or "".join(w.title() for w in transformation[8:-2].split("_")) + "Dataset"
        # (TF names output_types or output_shapes, either from run to run: both are empty)
        signature = tf_op_defs.summary(op)
        raise InvalidArgumentError(None, None, (
            f"Length for attr 'output_shapes' of 0 must be at least minimum 1\n\t; NodeDef: "
            f"{{{{node {op}}}}}{'; ' + signature if signature else ''} [Op:{op}] name: "))


def _to_graph_tensor(leaf: Any, transformation: str, result: Any) -> Tensor:
    """`leaf` of the function's `result` as a tensor of its graph."""
    if isinstance(leaf, Tensor):
        return leaf
    if isinstance(leaf, DatasetV2):
        raise _Untraceable
    if hasattr(leaf, "_as_tensor"):  # a variable: read when the function runs
        return leaf._as_tensor()
    try:
        return convert_to_tensor(leaf)
    except (TypeError, ValueError) as e:
        raise dstruct.unsupported_return(result, transformation) from e


def _compile(graph: Any, name: str) -> Callable:
    g = optimize(graph)
    # (code for the host: TF runs a dataset's functions on CPU:0 whatever the default
    # device, its dataset ops having no GPU kernels; a GPU's variables are copied over)
    return codegen.generate(g, g.outputs, name, wrap=True, host=True).fn


# ---------------------------------------------------------------------------------------
# map + batch fusion
# ---------------------------------------------------------------------------------------

def _vectorizable(tr: _Trace) -> bool:
    """Whether the traced graph commutes with batching (see the module docstring)."""
    if tr.sparse or tr.captures:
        return False
    g = tr.graph
    derived = {id(t) for t in g.fed_inputs}
    for node in g.operations:
        if node.op is PLACEHOLDER or node.op is CONST:
            continue
        if node.op.stateful:
            return False  # draws and effects happen once per element
        ins = node.inputs
        if not any(type(x) is SymbolicTensor and id(x) in derived for x in ins):
            continue
        if not _commutes_with_batching(node, derived):
            return False
        derived.update(id(o) for o in node.outputs)
    return bool(g.outputs) and all(id(o) in derived for o in g.outputs)


def _commutes_with_batching(node: Any, derived: set) -> bool:
    """Whether the op acts element by element (OpDef.elementwise), never failing on the
    values it may meet (OpDef.int_errors: integer division by zero, negative powers)."""
    op = node.op
    if not op.elementwise or len(node.outputs) != 1:
        return False
    ins = node.inputs
    if node.attrs.get("incompatible_shape_error") is False and not all(
            x._shape is not None and None not in x._shape for x in ins):
        return False  # (`==` of shapes that may not broadcast: one bool per element)
    if op.int_errors and not all(x._dtype.is_floating for x in ins):
        return False
    ranks = set()
    for x in ins:
        if id(x) in derived:
            if x._shape is None:
                return False
            ranks.add(len(x._shape))
    if len(ranks) != 1:
        return False
    rank = ranks.pop()
    for x in ins:
        if id(x) not in derived and (getattr(x, "_shape", None) is None or len(x._shape) > rank):
            return False
    out_shape = node.outputs[0]._shape
    return out_shape is not None and len(out_shape) == rank


def _batched_graph(tr: _Trace, name: str) -> Any:
    """The per-element graph replayed on inputs with a leading (unknown) batch dim."""
    g = tr.graph
    bg = FuncGraph(name)
    with tracing_scope(bg):
        phs = [bg.placeholder(None if t._shape is None else (None,) + tuple(t._shape),
                              t._dtype, f"args_{i}", is_input=True)
               for i, t in enumerate(g.fed_inputs)]
        env = replay(g, phs)
        bg.outputs = [bg.capture(env[id(o)]) for o in g.outputs]
    return bg


# ---------------------------------------------------------------------------------------
# StructuredFunction
# ---------------------------------------------------------------------------------------

def _placeholder(spec: Any) -> Any:
    """A value of `spec` with no data: an empty dataset for a DatasetSpec, else zeros."""
    if isinstance(spec, dstruct.DatasetSpec):
        return ListDataset([], dstruct.Structure(spec.element_spec))
    return dstruct.zeros_like_spec(spec)


class StructuredFunction(PipelineFunction):
    """A user function over dataset elements, called with flat component tuples.

    `call(flat)` returns the flat output components; `output_structure` is the
    Structure of what it returns; `traced` says whether it runs as a compiled graph.
    `autograph=False`: traced as written (a function TF calls from inside its own).
    """

    def __init__(self, func: Callable, transformation: str, input_structure: dstruct.Structure,
                 input_dataset: Any = None, eager: bool = False, op: str | None = None,
                 autograph: bool = True) -> None:
        if not callable(func):
            raise not_callable(func, transformation)
        self._func = func
        self._transformation = transformation
        self._op = op
        self._in = input_structure
        self._input_dataset = input_dataset
        self._out: dstruct.Structure | None = None
        self._trace: _Trace | None = None
        self._lock = threading.Lock()
        self.vectorizable = False
        _check_signature(func, input_structure, transformation)
        name = _fn_name(func, transformation)
        self._name = name
        if not eager:
            try:
                self._trace = _trace(func, input_structure, name, transformation, autograph,
                                     op)
            except _Untraceable:
                self._trace = None
        self._site = FnSite(transformation, op)  # op: the dataset op, if not the method's
        self._graph = self._trace.graph if self._trace is not None else None
        # (whether a call can change state or draw: an untraced function may do anything)
        self.stateful = self._graph is None or any(
            node.op.stateful for node in self._graph.operations)
        if self._trace is not None and DEBUG_MODE[0] and not self._trace.captures:
            # tf.data's debug mode: traced once for the output structure, as TF does, then
            # run as Python for each element
            self._out, self._trace = self._trace.structure, None
            self.call = guard(self._call_eager, self._site)
        elif self._trace is not None:
            tr = self._trace
            self._out = tr.structure
            tr.fn = _compile(tr.graph, name)
            self.vectorizable = _vectorizable(tr)
            if tr.captures:
                note_symbolic(tr.captures)
                self.call = self._call_unfed
            elif tr.sparse:
                self.call = guard(self._call_sparse, self._site, self._node_words)
            else:
                self.call = guard(self._call_traced, self._site, self._node_words)
        else:
            self._out = self._structure_from_placeholders()
            self.call = guard(self._call_eager, self._site)

    @property
    def traced(self) -> bool:
        return self._trace is not None

    def _node_words(self, node: str) -> str:
        """A failing node of the traced graph as TF's errors word it."""
        return node_words(self._graph, node)

    @property
    def captured_arguments(self) -> int:
        """How many captured tensors TF passes the dataset op (its Targuments)."""
        return captured_arguments(self._func, self._graph)

    @property
    def captures(self) -> list:
        """Symbolic tensors of an enclosing tf.function that the function reads."""
        return self._trace.captures if self._trace is not None else []

    @property
    def graph(self) -> Any:
        return self._trace.graph if self._trace is not None else None

    # -- output structure ---------------------------------------------------------------
    @property
    def output_structure(self) -> dstruct.Structure:
        if self._out is None:
            self._out = self._learn_from_data()
        return self._out

    def _structure_of(self, value: Any) -> dstruct.Structure:
        value = dstruct.fn_result(value, self._transformation)
        _check_not_empty(value, self._transformation, self._op)
        specs = [dstruct.spec_of(dstruct.to_component(v)) for v in dstruct.flatten(value)]
        if not dstruct.is_nested(value):
            return dstruct.Structure(specs[0])
        return dstruct.Structure(dstruct.pack_as(value, specs))

    def _structure_from_placeholders(self) -> dstruct.Structure | None:
        """Where every argument is a dataset, a call on empty datasets of the same element
        specs gives the output structure without touching data."""
        specs = self._in.specs
        if not specs or not all(isinstance(s, dstruct.DatasetSpec) for s in specs):
            return None
        flat = tuple(_placeholder(s) for s in specs)
        args = self._in.pack(flat)
        try:
            value = self._func(*args) if self._in.unpack_args else self._func(args)
            return self._structure_of(value)
        except Exception:  # noqa: BLE001 - learn from data instead
            return None

    def _learn_from_data(self) -> dstruct.Structure:
        first = None
        if self._input_dataset is not None:
            it = self._input_dataset._make_iterator()
            try:
                first = next(it, None)
            finally:
                it.close()
        if first is None:
            first = tuple(_placeholder(s) for s in self._in.specs)
        args = self._in.pack(first)
        value = self._func(*args) if self._in.unpack_args else self._func(args)
        value = dstruct.fn_result(value, self._transformation)
        struct = self._structure_of(value)
        # One element says nothing about which dims vary: leave them unknown.
        passthrough = {id(c) for c in first}
        flat_vals = dstruct.flatten(value)
        relaxed = [s if id(v) in passthrough else dstruct.relax_spec(s)
                   for s, v in zip(struct.specs, flat_vals)]
        return struct.with_specs(relaxed)

    # -- calling --------------------------------------------------------------------------
    def _call_traced(self, flat: tuple) -> tuple:
        return self._trace.fn(*[to_host(c._arr) for c in flat])

    def _call_sparse(self, flat: tuple, extra: tuple = ()) -> tuple:
        outs = self._trace.fn(*map(to_host, dstruct.component_arrays(flat)), *extra)
        return dstruct.from_outputs(outs, self._out.specs, _eager_sparse)

    def _call_unfed(self, flat: tuple) -> tuple:
        names = ", ".join(t.name for t in self._trace.captures)
        raise InvalidArgumentError(
            None, None, f"The function passed to `{self._transformation}` reads tensors of the "
            f"tf.function it was built in ({names}); a dataset built inside a tf.function can "
            "only be iterated inside that function.")

    def bind(self, ctx: Any, guarded: bool = True) -> Callable:
        """`call`, with the values of captured tensors taken from the iteration's feed; op
        errors worded as raised in this function unless `guarded` is False (the map a batch
        follows: TF fuses the two, and its fused kernel passes errors on unworded)."""
        fn = self._bind_raw(ctx)
        if fn == self._call_unfed:
            return fn
        kernels = getattr(ctx, "kernels", None)
        if kernels is not None and self._trace is not None:
            fn = _with_kernels(fn, kernels)
        return guard(fn, self._site, self._node_words) if guarded else guard(fn, None)

    def _bind_raw(self, ctx: Any) -> Callable:
        tr = self._trace
        if tr is None:
            return self._call_eager
        if not tr.captures:
            if tr.sparse:
                return self._call_sparse
            fn = tr.fn
            return lambda flat: fn(*[to_host(c._arr) for c in flat])
        feed = getattr(ctx, "feed", None)
        if not feed or any(id(t) not in feed for t in tr.captures):
            return self._call_unfed
        extra = tuple(to_host(feed[id(t)]) for t in tr.captures)
        fn = tr.fn
        if tr.sparse:
            return lambda flat: self._call_sparse(flat, extra)
        return lambda flat: fn(*[to_host(c._arr) for c in flat], *extra)

    def batched_call(self, flat: tuple) -> tuple:
        """The function on a batch of elements (only when `vectorizable`)."""
        bfn = self._trace.batched_fn
        if bfn is None:
            with self._lock:
                if self._trace.batched_fn is None:
                    self._trace.batched_fn = _compile(
                        _batched_graph(self._trace, self._name + "_batched"),
                        self._name + "_batched")
            bfn = self._trace.batched_fn
        try:
            return bfn(*[to_host(c._arr) for c in flat])
        except OpError as e:
            annotate(e, None)  # fused with its batch: errors pass unworded
            raise

    def _call_eager(self, flat: tuple) -> tuple:
        st = _state
        if st.tapes:  # as in TF, a dataset's functions are never recorded on a tape
            saved, st.tapes = st.tapes, []
            try:
                return self._call_eager(flat)
            finally:
                st.tapes = saved
        args = self._in.pack(flat)
        with placed_on(CPU_DEVICE):  # (as traced code runs: on the host, as TF's)
            out = self._func(*args) if self._in.unpack_args else self._func(args)
            return self.flatten_output(out)

    def flatten_output(self, out: Any) -> tuple:
        """The function's return value as flat components, checked against its structure."""
        st = self._out if self._out is not None else self.output_structure
        if st.kind == "leaf":
            if type(out) is EagerTensor:
                if out._dtype is not st.specs[0].dtype:
                    self._mismatch(out)
                return (out,)
        elif st.kind == "tuple" and type(out) is tuple and len(out) == st.n:
            ok = True
            for v, s in zip(out, st.specs):
                if type(v) is not EagerTensor or v._dtype is not s.dtype:
                    ok = False
                    break
            if ok:
                return out
        return self._flatten_slow(out, st)

    def _flatten_slow(self, out: Any, st: dstruct.Structure) -> tuple:
        out = dstruct.fn_result(out, self._transformation)
        if dstruct.is_nested(out) != dstruct.is_nested(st.spec):
            self._mismatch(out)
        try:
            if dstruct.is_nested(out):
                nest.assert_same_structure(out, st.spec, check_types=False)
        except (ValueError, TypeError):
            self._mismatch(out)
        try:
            flat = tuple(dstruct.to_component(v) for v in dstruct.flatten(out))
        except (TypeError, ValueError) as e:
            raise dstruct.unsupported_return(out, self._transformation) from e
        for v, s in zip(flat, st.specs):
            if getattr(v, "dtype", None) != getattr(s, "dtype", None) or not isinstance(
                    dstruct.spec_of(v), type(s)):
                self._mismatch(out)
        return flat

    def _mismatch(self, out: Any) -> None:
        got = dstruct.structure_spec(dstruct.normalize_element(dstruct.lists_to_tuples(out))) \
            if out is not None else None
        raise InvalidArgumentError(
            None, None,
            f"The function passed to `{self._transformation}` returned an element whose "
            f"structure or types do not match its other elements: expected "
            f"{dstruct.type_names(self.output_structure.spec)}, got "
            f"{dstruct.type_names(got) if got is not None else None}.")


def _with_kernels(fn: Callable, kernels: dict) -> Callable:
    """`fn` run with the iteration's own stateful kernels (IterContext.kernels)."""
    def call(flat: tuple) -> tuple:
        st = _state
        saved, st.kernels = st.kernels, kernels
        try:
            return fn(flat)
        finally:
            st.kernels = saved
    return call


def captured_arguments(func: Callable, graph: Any) -> int:
    """How many tensors TF passes a dataset op as its function's captured arguments (the
    length of its Targuments, which an eager error's function name shows): the enclosing
    function's tensors, the variables and the eager tensors the function's code names
    (from its closure or globals) that the trace read. Constants made from Python values
    within the function are nodes of its graph, not arguments."""
    if graph is None:
        return 0
    n = len(graph._captures)
    seen: set = set()
    for op in graph.get_operations():
        for x in op.inputs:
            if isinstance(x, Variable) and id(x) not in seen:
                seen.add(id(x))
                n += 1
    try:
        names = inspect.getclosurevars(func)
    except (TypeError, ValueError):  # (a builtin or a callable object)
        return n
    named = {id(v) for v in (*names.nonlocals.values(), *names.globals.values())}
    return n + sum(1 for x, _ in graph._consts.values() if id(x) in named)


def _fn_name(func: Callable, transformation: str) -> str:
    base = getattr(func, "__name__", None) or type(func).__name__
    if base == "<lambda>":
        base = "lambda"
    what = transformation.replace("Dataset.", "").replace("()", "")
    return f"{base}_{what}"
