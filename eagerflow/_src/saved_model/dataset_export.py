"""tf.data pipelines as TensorFlow's dataset nodes, for exported graphs.

Sits in saved_model/ beside function_export.py, whose writer (a FunctionWriter: `node`,
`const`, `ref`, its library) it is handed. While a tf.function is traced a dataset stays
the Python pipeline it is (eager speed is untouched); the graph holds eagerflow's
ReduceDataset / AnonymousIteratorV3 / DatasetToSingleElement operations carrying it as
an attribute. Writing such a graph for TensorFlow, the pipeline becomes TF's chain of
dataset nodes, one per stage, as TF's graph holds it: RangeDataset, MapDataset (its
function in the library, the function's captured tensors its `other_arguments`),
BatchDatasetV2, ... each with TF's output_types, output_shapes and metadata; the
function's tensors the pipeline read (a `range(n)` of an argument, a map reading one)
are the nodes' inputs. The same writing gives `tf.raw_ops.DatasetToGraphV2` its
GraphDef (dataset_graph_ops.py).

One writer per stage, in `_STAGES` by the class of the stage (each reads what its
class keeps: the counts, the traced function); a stage without one is refused with
ExportError, naming it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.control_flow.py_function import register_callback
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.data import options_proto
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_functions import _DENSE as DENSE
from eagerflow._src.data.random_seed import DrawnSeeds
from eagerflow._src.data.sources import GeneratorState
from eagerflow._src.data.variant_value import signed_words, variant_tensor
from eagerflow._src.ops.registry import REGISTRY
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.export_refs import (
    DatasetTracker,
    ExportError,
    Ref,
    bound_eager_captures,
    untracked,
)

_INT64_MAX = np.iinfo(np.int64).max


def metadata(name: str) -> bytes:
    """TF's dataset `metadata` attr: a serialized data.Metadata whose name (field 1) is
    `name` ("RangeDataset:0")."""
    raw = name.encode()
    return b"\n" + bytes([len(raw)]) + raw if len(raw) < 128 else b""


def _shape_of(spec: Any) -> Any:
    return spec.shape._dims if spec.shape.rank is not None else None


def component_types(structure: dstruct.Structure) -> tuple:
    """(output_types, output_shapes) of a dataset's flat components, as TF's attrs."""
    types, shapes = [], []
    for s in structure.specs:
        if isinstance(s, TensorSpec):
            types.append(s.dtype)
            shapes.append(_shape_of(s))
        elif isinstance(s, dstruct.DatasetSpec):
            types.append(dt.variant)  # (a dataset of datasets: window's)
            shapes.append(())
        else:
            raise ExportError(f"a dataset whose elements hold {s!r} has no TensorFlow form "
                              "in eagerflow's exporter")
    return types, shapes


def untracked_dataset(w: Any, ds: Any, held_as: str | None) -> AssertionError:
    """TF's refusal to save a function capturing the variant of a dataset made outside it
    that no saved object holds (its details name the function, the variant and the
    captured tensor; TF lists the Python objects referring to it, here the dataset)."""
    text = getattr(variant_tensor(ds)._arr[()], "variant_text", "<Dataset>")
    return untracked(w.fdef.signature.name, text, "Trackable Python objects referring to this "
                     f"tensor (from gc.get_referrers, limited to two hops) = [\n\t\t{ds!r}]",
                     f'Tensor("{held_as or "input_dataset"}:0", shape=(), dtype=variant)')


class DatasetWriter:
    """Writes pipelines into one FunctionDef (or GraphDef) being written: each stage
    once, its node's Ref remembered."""

    def __init__(self, w: Any, inline: bool = False) -> None:
        """`inline`: every stage written here, a dataset a saved object holds too (its
        tracker's creator), where others capture that one's variant."""
        self.w = w
        lib = getattr(w, "library", None)
        self._inline = inline
        self._held: dict = {} if inline else getattr(lib, "datasets", {})
        self._made: dict = {}   # id(dataset) -> Ref
        self._count = 0         # (the metadata names' numbers)
        self.stand_ins: dict = {}  # a count's stand-in number -> the function's tensor
        self._keep: list = []

    def dataset(self, ds: Any, held_as: str | None = None) -> Ref:
        """The pipeline ending at `ds`: its nodes, or (saving) the captured variant of the
        dataset a saved object holds, as TF captures it (`held_as`: the placeholder's
        name, after the input reading it, "ReduceDataset/input_dataset")."""
        tracker = self._held.get(id(ds))
        if tracker is not None:
            return self.w.capture(tracker, held_as)
        ref = self._made.get(id(ds))
        if ref is None and getattr(ds, "_made_eagerly", False) and not self._inline and \
                getattr(self.w, "bind_eager", False):
            raise untracked_dataset(self.w, ds, held_as)
        if ref is None:
            stage = _stage_of(ds)
            if stage is None:
                raise ExportError(f"eagerflow's exporter has no TensorFlow form for the "
                                  f"dataset stage {type(ds).__name__} (of {ds!r})")
            ref = self._made[id(ds)] = stage(self, ds)
        return ref

    def input(self, ds: Any, k: int = 0) -> Ref:
        return self.dataset(ds._inputs[k])

    def attrs(self, ds: Any, op: str, **more: Any) -> dict:
        types, shapes = component_types(ds._structure)
        out = {"output_types": types, "output_shapes": shapes,
               "metadata": metadata(f"{op}:{self._count}")}
        self._count += 1
        out.update(more)
        return out

    def value(self, x: Any, dtype: dt.DType = dt.int64, name: str | None = None) -> Ref:
        """A scalar argument: the function's tensor it is (or stands in for), or a
        constant (`name`: its node's, as TF's Python names the one it converts)."""
        if type(x) is int and x in self.stand_ins:
            x = self.stand_ins[x]
        if isinstance(x, Tensor) and not isinstance(x, EagerTensor):
            return self.w.ref(x)
        if isinstance(x, EagerTensor):
            return self.w.const(x.numpy(), x._dtype, name=name)
        return self.w.const(np.asarray(x, dtype.as_numpy_dtype), dtype, name=name)

    def argument(self, ds: Any, arg: str, x: Any) -> Ref:
        """A stage's scalar argument `arg`, whose value is `x`: the function's tensor the
        stage was given (of a known value); saving, an eager tensor it was given,
        captured as TF's graph captures it converting the argument (an argument named
        `arg`, bound to a constant); else `value`'s."""
        given = getattr(ds, "_tensor_args", {}).get(arg)
        if _symbolic(given):
            return self.w.ref(given)
        if given is not None and getattr(self.w, "bind_eager", False):
            return self.w.capture_as(given, arg)
        return self.value(x)

    def tensor(self, x: Any) -> Ref:
        if isinstance(x, Tensor) and not isinstance(x, EagerTensor):
            return self.w.ref(x)
        if isinstance(x, EagerTensor):
            return self.w.const(x.numpy(), x._dtype)
        arr = np.asarray(x)
        return self.w.const(arr, dt.as_dtype(arr.dtype) if arr.dtype != object else dt.string)

    def node(self, ds: Any, op: str, inputs: list, **attrs: Any) -> Ref:
        values = self.attrs(ds, op, **attrs)
        if not any(a.name == "metadata" for a in tf_ops.op_def(op).attr):
            del values["metadata"]  # (an op older than TF's dataset metadata)
        return self.w.node(op, inputs, values, name=op)[0]

    def function(self, fn: Any, op: str, arg: str = "other_arguments") -> tuple:
        """(the library function of a stage's traced function, its `arg` list: what the
        node of type `op` passes it). The function takes the element's components, then
        what its trace captured, in the order captured, as TF's dataset functions take
        them: the enclosing function's tensors, the variables' handles and, saving, the
        eager tensors it read (each an argument the enclosing function passes in turn,
        as TF's captures it making the node: "MapDataset/other_arguments_0"); a table or
        asset it uses after them."""
        graph = getattr(fn, "graph", None)
        if graph is None:
            raise ExportError(f"the function {getattr(fn, '_name', fn)!r} of a dataset runs "
                              "eagerly (it could not be traced), so it has no TensorFlow form")
        bind = getattr(self.w, "bind_eager", False)
        lib = self.w.library
        eager = {id(x) for x, _ in bound_eager_captures(graph)
                 if id(x._arr) not in lib.assets} if bind else set()
        layout, outer, specified = _capture_layout(graph, fn.captures, eager)
        name, captured = lib.add(graph, getattr(fn, "_name", graph.name), layout=layout,
                                 specified=specified, bind_eager=bind)
        extra = captured[len(outer) - len(fn.captures):]  # (tables, assets)
        return name, self._passed_on(op, arg, [*outer, *extra])

    def dataset_function(self, fn: Any, op: str, arg: str = "other_arguments") -> tuple:
        """(the library function of a flat_map / interleave function, its `arg` list: what
        the node of type `op` passes it): its element's components (a dataset one as a
        variant), then what the trace captured, as `function`'s, then the function's
        tensors its pipeline reads; its body the traced graph's nodes, then the nodes of
        the pipeline it returns, whose variant it gives."""
        template = getattr(fn, "_template", None)
        if template is None:
            raise ExportError(f"the function {fn._func!r} of a dataset runs eagerly (it could "
                              "not be traced), so it has no TensorFlow form")
        graph = fn._graph
        lib = self.w.library
        fw = lib.new_function(graph.name)
        fw.traced = True
        fw.placeholders = getattr(graph, "_resources", {})
        inner = DatasetWriter(fw)
        dense = iter(graph.fed_inputs)
        for i, kind in enumerate(fn._kinds):
            if kind is DENSE:
                ph = next(dense)
                fw.add_input(ph, ph._op.name)
            elif isinstance(kind, DatasetV2):  # a dataset component: a variant
                inner._made[id(kind)] = fw.add_arg(f"args_{i}", dt.variant, ())
            else:
                raise ExportError("a flat_map / interleave function of sparse elements has "
                                  "no TensorFlow form in eagerflow's exporter")
        eager = self._bound(fw, graph)
        layout, outer, specified = _capture_layout(graph, fn._captures, eager)
        for kind, x in layout[len(graph.fed_inputs) - len(fn._captures):]:
            if kind == "t":
                ph = graph.fed_inputs[x]
                fw.add_input(ph, ph._op.name, specified[x])
            else:
                fw.resource(x)
        for t in fn._passed:
            fw._refs[id(t)] = fw.add_arg(t._op.name, t._dtype, t._shape)
        sig = fw.fdef.signature
        fw.write_graph(graph, [])  # (its own stateful nodes ordered and listed, as traced)
        first = len(fw.fdef.node_def)
        out = inner.dataset(template)
        sig.output_arg.add(name="identity", type=dt.variant.as_datatype_enum)
        fw.fdef.ret["identity"] = out.name
        for nd in fw.fdef.node_def[first:]:  # (the pipeline's nodes only build it: unordered)
            nd.input[:] = [r for r in nd.input if not r.startswith("^")]
        n_bound = len(outer) - len(fn._captures)
        others = self._passed_on(op, arg, [*outer, *fn._passed, *fw.captured[n_bound:]])
        return sig.name, others

    def _bound(self, fw: Any, graph: Any) -> set:
        """Readies `fw`, a function written here, to take the eager tensors `graph`
        captured as arguments, when saving (as LibraryWriter.add does); their ids."""
        if not getattr(self.w, "bind_eager", False):
            return set()
        fw.bind_eager = True
        out = set()
        for x, t in bound_eager_captures(graph):
            if id(x._arr) not in self.w.library.assets:
                fw.eager_caps[id(t)] = x
                fw.held[id(x)] = t
                out.add(id(x))
        return out

    def _passed_on(self, op: str, arg: str, objects: list) -> list:
        """The Refs of what a node of type `op` passes its function as list `arg`: the
        enclosing function's tensors, and the objects it captures in turn (saving: named
        after that input, `capture_as`)."""
        scope = f"{self.w.next_name(op)}/{arg}" if getattr(self.w, "bind_eager", False) \
            else None
        others: list = []
        for obj in objects:
            if isinstance(obj, Tensor) and not isinstance(obj, EagerTensor):
                others.append(self.w.ref(obj))
            elif scope is not None:
                others.append(self.w.capture_as(obj, f"{scope}_{len(others)}"))
            else:
                others.append(self.w.capture(obj))
        return others


def _capture_layout(graph: Any, captures: list, eager: set) -> tuple:
    """A dataset function's arguments as TF's take them (LibraryWriter.add's layout): the
    element's components, then its captures in the order its trace made them (the
    enclosing function's tensors, fed after the components; variables; the eager tensors
    of `eager`, by id, which it binds). Returns (the layout, the outer object or tensor of each
    capture, the inputs' user-specified names: a fed capture's the outer tensor's)."""
    fed = {id(t): i for i, t in enumerate(graph.fed_inputs)}
    first = len(graph.fed_inputs) - len(captures)  # (the fed captures follow the elements)
    layout: list = [("t", i) for i in range(first)]
    outer: list = []
    for x, t in graph.capture_list:
        i = fed.get(id(t), -1)
        if i >= first and ("t", i) not in layout:
            layout.append(("t", i))
            outer.append(captures[i - first])
        elif (is_variable(x) or id(x) in eager) and all(x is not o for o in outer):
            layout.append(("r", x))
            outer.append(x)
    for i in range(first, len(graph.fed_inputs)):  # (any the list missed, as fed)
        if ("t", i) not in layout:
            layout.append(("t", i))
            outer.append(captures[i - first])
    specified = [""] * first + [c._op.name for c in captures]
    return layout, outer, specified


def _stage_of(ds: Any) -> Callable | None:
    for cls in type(ds).__mro__:
        stage = _STAGES.get(cls.__qualname__)  # (__name__ is TF's class's)
        if stage is not None:
            return stage
    return None


# ---------------------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------------------

def _range(x: DatasetWriter, ds: Any, args: tuple | None = None) -> Ref:
    start, stop, step = args or (ds._start, ds._stop, ds._step)
    return x.node(ds, "RangeDataset", [x.value(start, name="start"), x.value(stop, name="stop"),
                                       x.value(step, name="step")])


def _counter(x: DatasetWriter, ds: Any) -> Ref:
    # (TF's enumerate counts with range(start, max int64), rewritten to be replicated on
    # each split)
    if np.ndim(ds._start) != 0:
        raise ExportError("a counter of vectors has no TensorFlow form in eagerflow's exporter")
    count = x.node(ds, "RangeDataset", [x.value(int(ds._start), name="start"),
                                        x.value(_INT64_MAX, name="stop"),
                                        x.value(ds._step, name="step")])
    if not _enumerates(ds):
        return count
    rewrite = x.w.const(np.asarray(b"replicate_on_split", object), dt.string,
                        name="RewriteDataset/rewrite_name")
    return x.node(ds, "RewriteDataset", [count, rewrite])


def _enumerates(ds: Any) -> bool:
    """Whether `ds` is the count `enumerate` zips with its dataset."""
    return type(ds).__qualname__ == "CounterDataset" and ds._repr_name == "_RangeDataset"


def _tensors(x: DatasetWriter, ds: Any, leaves: list | None = None) -> Ref:
    comps = [x.tensor(c) for c in (leaves if leaves is not None else ds._flat)]
    _, shapes = component_types(ds._structure)
    return x.w.node("TensorDataset", [comps], {"output_shapes": shapes, "metadata": metadata(
        f"TensorDataset:{_next(x)}")}, name="TensorDataset")[0]


def _slices(x: DatasetWriter, ds: Any, leaves: list | None = None) -> Ref:
    if leaves is None:
        if any(ds._sparse):
            raise ExportError("from_tensor_slices of sparse or ragged tensors has no "
                              "TensorFlow form in eagerflow's exporter")
        comps = [x.w.const(a, d) for a, d in zip(ds._arrays, ds._dtypes)]
    else:
        comps = [x.tensor(c) for c in leaves]
    _, shapes = component_types(ds._structure)
    return x.w.node("TensorSliceDataset", [comps], {
        "output_shapes": shapes, "metadata": metadata(f"TensorSliceDataset:{_next(x)}")},
        name="TensorSliceDataset")[0]


def _next(x: DatasetWriter) -> int:
    x._count += 1
    return x._count - 1


def _deferred(x: DatasetWriter, ds: Any) -> Ref:
    """A source or stage built from the function's tensors (sources.DeferredSourceDataset):
    written from what it keeps of its arguments."""
    parts = getattr(ds, "_parts", None)
    if parts is None:
        raise ExportError(f"the dataset stage {ds._repr_name} built from tensors of the "
                          "function has no TensorFlow form in eagerflow's exporter")
    kind = parts[0]
    if kind == "range":
        args = parts[1]
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (
            args[0], args[1], args[2] if len(args) == 3 else 1)
        return _range(x, ds, (start, stop, step))
    if kind == "from_tensors":
        return _tensors(x, ds, parts[1])
    if kind == "from_tensor_slices":
        return _slices(x, ds, parts[1])
    return _with_tensor_counts(x, ds, parts[1])


def _with_tensor_counts(x: DatasetWriter, ds: Any, counts: dict) -> Ref:
    """A stage whose counts are the function's tensors: the stage itself, built with a
    stand-in number for each (large, distinct, each below the one before: shard's index
    below its count), written by its own writer, whose `value` gives each stand-in's
    tensor."""
    values = {}
    for t in (v for v in counts.values() if _symbolic(v)):
        stand_in = _STAND_IN - len(x.stand_ins)  # (distinct in the whole pipeline)
        values[id(t)] = EagerTensor(np.asarray(stand_in, np.int64), dt.int64)
        x.stand_ins[stand_in] = t
    try:
        stage = ds._build(values)
    except Exception as e:  # noqa: BLE001 - the stage's own refusal of the stand-ins
        raise ExportError(f"the dataset stage {ds._repr_name} with counts computed in the "
                          f"function has no TensorFlow form in eagerflow's exporter ({e})") \
            from None
    stage._struct_cache = ds._structure  # (its static shapes are the traced stage's)
    stage._made_eagerly = False  # (the traced stage's stand-in, built here: not captured)
    x._keep.append(stage)  # (alive while its id is a key of `_made`)
    return x.dataset(stage)


_STAND_IN = (1 << 40) + 17


def _symbolic(v: Any) -> bool:
    return isinstance(v, Tensor) and not isinstance(v, EagerTensor)


# ---------------------------------------------------------------------------------------
# Transformations
# ---------------------------------------------------------------------------------------

def _map(x: DatasetWriter, ds: Any) -> Ref:
    inp = x.input(ds)  # (its input's nodes first, as TF makes them: then its captures)
    f, others = x.function(ds._fn, "MapDataset")
    return x.node(ds, "MapDataset", [inp, others], f=f, use_inter_op_parallelism=True,
                  preserve_cardinality=True)


def _parallel_map(x: DatasetWriter, ds: Any) -> Ref:
    inp = x.input(ds)
    f, others = x.function(ds._fn, "ParallelMapDatasetV2")
    det = {True: "true", False: "false"}.get(ds._deterministic, "default")
    return x.node(ds, "ParallelMapDatasetV2", [inp, others,
                                               x.value(ds._n, name="num_parallel_calls")], f=f,
                  deterministic=det, preserve_cardinality=True)


def _filter(x: DatasetWriter, ds: Any) -> Ref:
    inp = x.input(ds)
    f, others = x.function(ds._pred.fn, "FilterDataset")
    return x.node(ds, "FilterDataset", [inp, others], predicate=f)


def _take_while(x: DatasetWriter, ds: Any) -> Ref:
    inp = x.input(ds)
    f, others = x.function(ds._pred.fn, "TakeWhileDataset")
    return x.node(ds, "TakeWhileDataset", [inp, others], predicate=f)


def _scan(x: DatasetWriter, ds: Any) -> Ref:
    inp = x.input(ds)
    state = [x.tensor(EagerTensor(np.asarray(a), s.dtype)) if not isinstance(a, Tensor)
             else x.tensor(a) for a, s in zip(ds._state_flat, dstruct.flatten(ds._state_spec))]
    f, others = x.function(ds._fn, "ScanDataset")
    return x.node(ds, "ScanDataset", [inp, state, others], f=f,
                  preserve_cardinality=True, use_default_device=False)


def _flat_map(x: DatasetWriter, ds: Any) -> Ref:
    inp = x.input(ds)
    f, others = x.dataset_function(ds._fn, "FlatMapDataset")
    return x.node(ds, "FlatMapDataset", [inp, others], f=f)


def _interleave(x: DatasetWriter, ds: Any) -> Ref:
    if ds._fn is None:
        raise ExportError("an interleave of eagerflow's own function has no TensorFlow form")
    inp = x.input(ds)
    if ds._parallel is None:
        f, others = x.dataset_function(ds._fn, "InterleaveDataset")
        return x.node(ds, "InterleaveDataset", [
            inp, others, x.value(ds._cycle, name="cycle_length"),
            x.value(ds._block, name="block_length")], f=f)
    # (its kernel writes the counts it chose: results kept per element, 2 a block and 1;
    # elements opened ahead, 2 a cycle slot)
    f, others = x.dataset_function(ds._fn, "ParallelInterleaveDatasetV4")
    return x.node(ds, "ParallelInterleaveDatasetV4", [
        inp, others, x.value(ds._cycle), x.value(ds._block),
        x.value(2 * ds._block + 1), x.value(2 * ds._cycle), x.value(ds._parallel)], f=f,
        deterministic="default")


def _batch(x: DatasetWriter, ds: Any) -> Ref:
    return x.node(ds, "BatchDatasetV2", [x.input(ds), x.value(ds._size),
                                         x.value(ds._drop, dt.bool)], parallel_copy=False)


def _padded_batch(x: DatasetWriter, ds: Any) -> Ref:
    shapes = []
    for s in ds._shapes:
        if s is None:
            raise ExportError("padded_batch to shapes of unknown rank has no TensorFlow form "
                              "in eagerflow's exporter")
        shapes.append(x.w.const(np.asarray([-1 if d is None else d for d in s], np.int64),
                                dt.int64))
    types, _ = component_types(ds._structure)
    pads = [x.tensor(p) if isinstance(p, Tensor) else
            x.w.const(np.asarray(p if p is not None else
                                 (b"" if t is dt.string else 0)).astype(
                object if t is dt.string else t.as_numpy_dtype), t)
            for p, t in zip(ds._pads, types)]
    _, out_shapes = component_types(ds._structure)
    return x.w.node("PaddedBatchDatasetV2", [x.input(ds), x.value(ds._size), shapes, pads,
                                             x.value(ds._drop, dt.bool)],
                    {"output_shapes": out_shapes, "parallel_copy": False,
                     "metadata": metadata(f"PaddedBatchDatasetV2:{_next(x)}")},
                    name="PaddedBatchDatasetV2")[0]


def _unbatch(x: DatasetWriter, ds: Any) -> Ref:
    return x.node(ds, "UnbatchDataset", [x.input(ds)])


def _seeds(x: DatasetWriter, seeds: tuple) -> list:
    """A stage's (seed, seed2) as TF's kernel takes them: (0, 0) where none was set (its
    kernel draws them), else as int64 words."""
    pair = (0, 0) if isinstance(seeds, DrawnSeeds) else signed_words(seeds)
    return [x.value(int(pair[0])), x.value(int(pair[1]))]


def _shuffle(x: DatasetWriter, ds: Any) -> Ref:
    size = -2 if ds._size is None else ds._size
    return x.node(ds, "ShuffleDataset", [x.input(ds), x.value(size), *_seeds(x, ds._seeds)],
                  reshuffle_each_iteration=bool(ds._reshuffle))


def _random(x: DatasetWriter, ds: Any) -> Ref:
    if ds._rerandomize:
        raise ExportError("Dataset.random(rerandomize_each_iteration=True) has no TensorFlow "
                          "form in eagerflow's exporter")
    return x.node(ds, "RandomDataset", _seeds(x, ds._seeds))


def _choose(x: DatasetWriter, ds: Any) -> Ref:
    return x.node(ds, "DirectedInterleaveDataset", [x.dataset(ds._inputs[-1]),
                                                    [x.dataset(d) for d in ds._inputs[:-1]]],
                  stop_on_empty_dataset=ds._stop_on_empty)


def _counted(op: str, attr: str, arg: str = "count") -> Callable:
    def write(x: DatasetWriter, ds: Any) -> Ref:
        inp = x.input(ds)
        return x.node(ds, op, [inp, x.argument(ds, arg, getattr(ds, attr))])
    return write


def _cache(x: DatasetWriter, ds: Any) -> Ref:
    inp = x.input(ds)  # (made first, then the filename and the cache, as TF's)
    if ds._filename:
        return x.node(ds, "CacheDataset", [inp, x.value(ds._filename, dt.string,
                                                        name="filename")])
    # (TF's in-memory cache: CacheDatasetV2 over a MemoryCache resource)
    filename = x.value("", dt.string, name="filename")
    cache = x.w.node("DummyMemoryCache", [], {}, name="DummyMemoryCache")[0]
    return x.node(ds, "CacheDatasetV2", [inp, filename, cache])


def _zip(x: DatasetWriter, ds: Any) -> Ref:
    if len(ds._inputs) == 2 and _enumerates(ds._inputs[0]):
        x.input(ds, 1)  # (enumerate's dataset was made before its count)
    return x.node(ds, "ZipDataset", [[x.dataset(d) for d in ds._inputs]])


def _concatenate(x: DatasetWriter, ds: Any) -> Ref:
    return x.node(ds, "ConcatenateDataset", [x.input(ds, 0), x.input(ds, 1)])


def _window(x: DatasetWriter, ds: Any) -> Ref:
    return x.node(ds, "WindowDataset", [x.input(ds), x.value(ds._size), x.value(ds._shift),
                                        x.value(ds._stride), x.value(ds._drop, dt.bool)])


def _shard(x: DatasetWriter, ds: Any) -> Ref:
    return x.node(ds, "ShardDataset", [x.input(ds), x.value(ds._n), x.value(ds._index)],
                  require_non_empty=False)


def _only_input(op: str, **attrs: Any) -> Callable:
    def write(x: DatasetWriter, ds: Any) -> Ref:
        return x.node(ds, op, [x.input(ds)], **attrs)
    return write


def _ignore_errors(x: DatasetWriter, ds: Any) -> Ref:
    return x.node(ds, "IgnoreErrorsDataset", [x.input(ds)], log_warning=ds._log)


def _assert_cardinality(x: DatasetWriter, ds: Any) -> Ref:
    return x.node(ds, "AssertCardinalityDataset", [x.input(ds), x.value(ds._expected)])


def _snapshot(x: DatasetWriter, ds: Any) -> Ref:
    """`snapshot(path, reader_func=...)` without a shard_func: TF's SnapshotDatasetV2 over
    the enumerated input (the map after it drops the index), its reader_func the traced
    function of the shards' datasets, its shard_func TF's `index % cpu_count()`."""
    reader = getattr(ds, "_reader_fn", None)
    if reader is None or ds._modulo is None:
        raise ExportError("a snapshot with a shard_func, or built outside a tf.function, "
                          "has no TensorFlow form in eagerflow's exporter")
    inp = x.input(ds)
    path = x.value(ds._symbolic[0] if ds._symbolic else ds._path, dt.string, name="path")
    reader_f, reader_others = x.dataset_function(reader, "SnapshotDatasetV2",
                                                 "reader_func_other_args")
    fw = x.w.library.new_function("Dataset_snapshot_shard_func")
    index = fw.add_arg("args_0", dt.int64, ())
    for i, s in enumerate(ds._inputs[0]._structure.specs[1:], 1):
        fw.add_arg(f"args_{i}", s.dtype, _shape_of(s))
    modulo = fw.const(np.int64(ds._modulo), dt.int64, name="mod/y")
    shard = fw.node("FloorMod", [index, modulo], {}, name="mod")[0]
    fw.finish([fw.node("Identity", [shard], {}, name="Identity")[0]])
    return x.node(ds, "SnapshotDatasetV2", [inp, path, reader_others, []],
                  compression=ds._compression_arg or "", reader_func=reader_f,
                  shard_func=fw.fdef.signature.name)


def _load(x: DatasetWriter, ds: Any) -> Ref:
    """`Dataset.load(path, reader_func=...)` in a tf.function: TF's LoadDataset of the
    path (a constant), its reader_func the traced function of the shards' datasets."""
    reader = getattr(ds, "_reader_fn", None)
    if reader is None:
        raise ExportError("a Dataset.load built outside a tf.function has no TensorFlow "
                          "form in eagerflow's exporter")
    path = x.w.const(np.asarray(os.fsencode(ds._path), object), dt.string,
                     name=f"{x.w.next_name('LoadDataset')}/path")
    reader_f, reader_others = x.dataset_function(reader, "LoadDataset",
                                                 "reader_func_other_args")
    return x.node(ds, "LoadDataset", [path, reader_others], reader_func=reader_f,
                  compression=ds._compression_arg or "")


def _file_names(x: DatasetWriter, names: Any) -> Ref:
    """The file names a reader reads, as one string vector: a constant's, or the
    function's tensor's."""
    parts = getattr(names, "_parts", None)
    if parts is not None and parts[0] in ("from_tensors", "from_tensor_slices"):
        ref = x.tensor(parts[1][0])
        if parts[0] == "from_tensors":
            ref = x.w.node("Reshape", [ref, x.w.const([-1], dt.int32)], {})[0]
        return ref
    arrays = getattr(names, "_arrays", None)
    if type(names).__qualname__ != "TensorSliceDataset" or arrays is None:
        raise ExportError("a reader of file names from a pipeline has no TensorFlow form in "
                          "eagerflow's exporter")
    return x.w.const(np.asarray(arrays[0], object), dt.string)


def _reader(op: str) -> Callable:
    def write(x: DatasetWriter, ds: Any) -> Ref:
        if ds._parallel is not None:
            raise ExportError("a reader with num_parallel_reads has no TensorFlow form in "
                              "eagerflow's exporter")
        size = getattr(ds, "_buffer", None)
        return x.w.node(op, [_file_names(x, ds._inputs[0]),
                             x.value(ds._compression or "", dt.string),
                             x.value(256 * 1024 if size is None else size)],
                        {"metadata": metadata(f"{op}:{_next(x)}")}, name=op)[0]
    return write


def _group_by_window(x: DatasetWriter, ds: Any) -> Ref:
    if getattr(ds, "_red_fn", None) is None:
        raise ExportError("a group_by_window of eagerflow's own functions has no TensorFlow "
                          "form in eagerflow's exporter")
    inp = x.input(ds)
    key_f, key_others = x.function(ds._key_fn, "GroupByWindowDataset",
                                   "key_func_other_arguments")
    red_f, red_others = x.dataset_function(ds._red_fn, "GroupByWindowDataset",
                                           "reduce_func_other_arguments")
    if ds._size_fn is not None:
        size_f, size_others = x.function(ds._size_fn, "GroupByWindowDataset",
                                         "window_size_func_other_arguments")
    else:  # (TF's own for a fixed size: a function of the key giving it)
        fw = x.w.library.new_function("window_size_func")
        fw.add_arg("key", dt.int64, (), None)
        size = fw.const(np.int64(ds._fixed), dt.int64)
        fw.finish([fw.node("Identity", [size], {})[0]])
        size_f, size_others = fw.fdef.signature.name, []
    return x.node(ds, "GroupByWindowDataset", [inp, key_others, red_others,
                                               size_others],
                  key_func=key_f, reduce_func=red_f, window_size_func=size_f)


def _fixed_length(x: DatasetWriter, ds: Any) -> Ref:
    if ds._parallel is not None:
        raise ExportError("a reader with num_parallel_reads has no TensorFlow form in "
                          "eagerflow's exporter")
    op = "FixedLengthRecordDatasetV2"
    return x.w.node(op, [_file_names(x, ds._inputs[0]), x.value(ds._header),
                         x.value(ds._record), x.value(ds._footer), x.value(256 * 1024),
                         x.value(ds._compression or "", dt.string)],
                    {"metadata": metadata(f"{op}:{_next(x)}")}, name=op)[0]


def _matching_files(x: DatasetWriter, ds: Any) -> Ref:
    patterns = x.w.const(np.asarray([os.fsencode(p) if isinstance(p, str) else p
                                     for p in ds._patterns], object), dt.string)
    return x.w.node("MatchingFilesDataset", [patterns], {}, name="MatchingFilesDataset")[0]


def _passed_through(x: DatasetWriter, ds: Any) -> Ref:
    """A stage that only carries options or hints: its input's node (the options stay
    eagerflow's)."""
    return x.input(ds)


def _options(x: DatasetWriter, ds: Any) -> Ref:
    """`with_options`: TF's OptionsDataset, the options it sets serialized as TF's Options
    proto (an external state policy that lets a from_generator through among them)."""
    data = options_proto.to_proto(ds._own_options).SerializeToString(deterministic=True)
    return x.node(ds, "OptionsDataset", [x.input(ds)], serialized_options=data)


def _variant(x: DatasetWriter, ds: Any) -> Ref:
    src = getattr(ds, "_source", None)
    if src is None:
        raise ExportError("a dataset a dataset function takes has no TensorFlow form in "
                          "eagerflow's exporter")
    if isinstance(src, Tensor) and not isinstance(src, EagerTensor):
        return x.w.ref(src)
    return x.dataset(src)


def _from_generator(x: DatasetWriter, ds: Any) -> Ref:
    """`from_generator` as TF writes it (an external state policy other than FAIL let it
    through): a TensorDataset of 0 flat-mapped to a GeneratorDataset whose init, next and
    finalize functions each call, by a PyFunc token, a function of the dataset's
    GeneratorState registered in this process; loaded in another, it fails where the
    token names nothing, as TF's."""
    if not hasattr(ds, "_generator"):  # (tf.raw_ops' GeneratorDataset, of functions)
        raise ExportError("eagerflow's exporter has no TensorFlow form for a GeneratorDataset "
                          "of tf.raw_ops")
    specs = ds._structure.specs
    if ds._args or not all(isinstance(s, TensorSpec) for s in specs):
        raise ExportError("a from_generator with `args`, or of ragged or sparse elements (an "
                          "EagerPyFunc in TF), has no TensorFlow form in eagerflow's exporter")
    tokens = _generator_tokens(ds)
    types, shapes = component_types(ds._structure)
    lib = x.w.library

    def py_call(base: str, arg: dt.DType, tout: list, token: str) -> str:
        # (its argument: the flat_map's dummy element, unused, or the pass's id, passed on)
        fw = lib.new_function(base)
        ins = [fw.add_arg("args_0", arg, ())]
        ins = ins if arg is dt.int64 else []
        outs = fw.node("PyFunc", [ins], {"Tin": [r.dtype for r in ins], "Tout": tout,
                                         "token": token}, name="PyFunc")
        fw.finish([fw.node("Identity", [o], {}, name="Identity" if not k else f"Identity_{k}")[0]
                   for k, o in enumerate(outs)])
        return fw.fdef.signature.name

    init = py_call("Dataset_from_generator_get_iterator_id_fn", dt.int32, [dt.int64],
                   tokens[0])
    nxt = py_call("Dataset_from_generator_generator_next_fn", dt.int64, list(types), tokens[1])
    fin = py_call("Dataset_from_generator_finalize_fn", dt.int64, [dt.int64], tokens[2])
    fw = lib.new_function("Dataset_flat_map_flat_map_fn")
    dummy = fw.add_arg("args_0", dt.int32, ())
    gen = fw.node("GeneratorDataset", [[dummy], [], []], {
        "init_func": init, "next_func": nxt, "finalize_func": fin,
        "output_types": types, "output_shapes": shapes,
        "metadata": metadata(f"GeneratorDataset:{_next(x)}")}, name="GeneratorDataset")[0]
    fw.finish([fw.node("Identity", [gen], {}, name="Identity")[0]])
    zero = x.w.const(np.int32(0), dt.int32)
    source = x.w.node("TensorDataset", [[zero]], {"output_shapes": [()], "metadata": metadata(
        f"TensorDataset:{_next(x)}")}, name="TensorDataset")[0]
    return x.node(ds, "FlatMapDataset", [source, []], f=fw.fdef.signature.name)


def _generator_tokens(ds: Any) -> tuple:
    """The PyFunc tokens of `ds`'s GeneratorState's three functions, registered once (the
    dataset keeps them alive, as TF's dataset keeps its registered functions)."""
    held = ds.__dict__.get("_saved_callbacks")
    if held is None:
        state = GeneratorState(ds)
        fns = (state.get_next_id, state.next_values, state.completed)
        held = ds._saved_callbacks = (fns, tuple(register_callback(f) for f in fns))
    return held[1]


_STAGES: dict = {
    "RangeDataset": _range,
    "CounterDataset": _counter,
    "TensorDataset": _tensors,
    "TensorSliceDataset": _slices,
    "DeferredSourceDataset": _deferred,
    "MapDataset": _map,
    "ParallelMapDataset": _parallel_map,
    "FilterDataset": _filter,
    "TakeWhileDataset": _take_while,
    "ScanDataset": _scan,
    "BatchDataset": _batch,
    "PaddedBatchDataset": _padded_batch,
    "UnbatchDataset": _unbatch,
    "ShuffleDataset": _shuffle,
    "RepeatDataset": _counted("RepeatDataset", "_count"),
    "TakeDataset": _counted("TakeDataset", "_count"),
    "SkipDataset": _counted("SkipDataset", "_count"),
    "PrefetchDataset": _counted("PrefetchDataset", "_size", "buffer_size"),
    "CacheDataset": _cache,
    "ZipDataset": _zip,
    "ConcatenateDataset": _concatenate,
    "WindowDataset": _window,
    "FlatMapDataset": _flat_map,
    "InterleaveDataset": _interleave,
    "ShardDataset": _shard,
    "UniqueDataset": _only_input("UniqueDataset"),
    "IgnoreErrorsDataset": _ignore_errors,
    "AssertCardinalityDataset": _assert_cardinality,
    "TFRecordDataset": _reader("TFRecordDataset"),
    "TextLineDataset": _reader("TextLineDataset"),
    "FixedLengthRecordDataset": _fixed_length,
    "MatchingFilesDataset": _matching_files,
    "GroupByWindowDataset": _group_by_window,
    "SnapshotDataset": _snapshot,
    "LoadDataset": _load,
    "RandomDataset": _random,
    "ChooseFromDatasets": _choose,
    "OptionsDataset": _options,
    "ShardHintDataset": _passed_through,
    "VariantDataset": _variant,
    "GeneratorDataset": _from_generator,
}

# ---------------------------------------------------------------------------------------
# The operations of a traced graph that use a pipeline
# ---------------------------------------------------------------------------------------

def _writer(w: Any) -> DatasetWriter:
    x = getattr(w, "datasets", None)
    if x is None:
        x = w.datasets = DatasetWriter(w)
    return x


def export_reduce(w: Any, op: Any) -> list:
    x = _writer(w)
    ds, fn = op.attrs["dataset"], op.attrs["fn"]
    n_state = op.attrs["n_state"]
    # (the pipeline's nodes first, as TF makes them: then the captures)
    inp = x.dataset(ds, f"{op.name}/input_dataset")
    f, others = x.function(fn, op.name)
    state = [w.input(i) for i in range(n_state)]
    types = [t._dtype for t in op.outputs]
    shapes = [t._shape for t in op.outputs]
    w.touching = _pipeline_resources(w, inp)
    return w.node("ReduceDataset", [inp, state, others],
                  {"f": f, "output_types": types, "output_shapes": shapes,
                   "use_inter_op_parallelism": True, "metadata": b""}, name=op.name)


def _pipeline_resources(w: Any, ref: Ref) -> list:
    """The resources that the stages of the pipeline ending at `ref` take (the variables
    their functions read, their caches), in the order met from its end: TF's automatic
    control dependencies order a reduction of the pipeline after their last users."""
    fdef = getattr(w, "fdef", None)
    if fdef is None:
        return []
    nodes = {nd.name: nd for nd in fdef.node_def}
    kinds = {a.name: a.type for a in fdef.signature.input_arg}
    out: list = []
    todo, seen = [ref.name.split(":")[0]], set()
    while todo:
        nd = nodes.get(todo.pop())
        if nd is None or nd.name in seen:
            continue
        seen.add(nd.name)
        for i in nd.input:
            kind = kinds.get(i) if ":" not in i else _output_type(nodes, i)
            if kind == dt.resource.as_datatype_enum:
                out.append(i)
            elif kind == dt.variant.as_datatype_enum and ":" in i:
                todo.append(i.split(":")[0])
    return list(dict.fromkeys(out))


def _output_type(nodes: dict, name: str) -> int | None:
    """The dtype enum of output `name` ("node:arg:i") where its op's OpDef fixes it."""
    node, arg, _ = name.split(":")
    nd = nodes.get(node)
    if nd is None or not tf_ops.has_op(nd.op):
        return None
    return next((a.type for a in tf_ops.op_def(nd.op).output_arg if a.name == arg), None)


def export_single_element(w: Any, op: Any) -> list:
    x = _writer(w)
    ds = op.attrs["dataset"]
    types, shapes = component_types(ds._structure)
    return w.node("DatasetToSingleElement", [x.dataset(ds, f"{op.name}/dataset")],
                  {"output_types": types, "output_shapes": shapes, "metadata": b""},
                  name=op.name)


def export_iterator(w: Any, op: Any) -> list:
    """A fresh iterator over the pipeline: TF's AnonymousIteratorV3 and MakeIterator (the
    handle is the iterator's resource)."""
    x = _writer(w)
    ds = op.attrs["dataset"]
    types, shapes = component_types(ds._structure)
    handle = w.node("AnonymousIteratorV3", [], {"output_types": types,
                                                "output_shapes": shapes},
                    name=op.name)[0]
    w.node("MakeIterator", [x.dataset(ds, "MakeIterator/dataset"), handle], {},
           name="MakeIterator")
    return [handle]


def _iterator_input(w: Any, op: Any) -> Ref:
    it = op.inputs[0]
    if not isinstance(it, Tensor):
        raise ExportError("a tf.data iterator made outside the function (used by reference) "
                          "has no TensorFlow form in eagerflow's exporter; make it inside")
    return w.input(0)


def export_get_next(w: Any, op: Any) -> list:
    types = [t._dtype for t in op.outputs]
    shapes = [t._shape for t in op.outputs]
    return w.node("IteratorGetNext", [_iterator_input(w, op)], {"output_types": types,
                                                    "output_shapes": shapes}, name=op.name)


def export_get_next_as_optional(w: Any, op: Any) -> list:
    """TF's IteratorGetNextAsOptional: the optional's variant, which the traced graph's
    OptionalHasValue / OptionalGetValue nodes read (written as they are)."""
    return w.node("IteratorGetNextAsOptional", [_iterator_input(w, op)],
                  {"output_types": list(op.attrs["output_types"]),
                   "output_shapes": list(op.attrs["output_shapes"])}, name=op.name)


EXPORTS: dict = {
    "ReduceDataset": export_reduce,
    "DatasetToSingleElement": export_single_element,
    "AnonymousIteratorV3": export_iterator,
    "IteratorGetNext": export_get_next,
    "IteratorGetNextAsOptional": export_get_next_as_optional,
}


def export_op(w: Any, op: Any) -> list | None:
    """The TF nodes of a traced graph's operation that uses a pipeline, or None for another
    operation (a raw dataset op's own, which has TF's form already)."""
    fn = EXPORTS.get(op.type)
    if fn is None:
        return None
    if op.type.startswith("IteratorGetNext"):
        # (graph_ops' own reads of an iterator; tf.raw_ops' registered ops are TF's already)
        return None if REGISTRY.get(op.type) is op.op else fn(w, op)
    return fn(w, op) if "dataset" in op.attrs else None


__all__ = ["DatasetTracker", "DatasetWriter", "EXPORTS", "component_types", "export_op", "metadata"]
