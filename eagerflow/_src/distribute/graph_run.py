"""Several replicas inside a function being traced: distributed input and `strategy.run`.

TF's distributed custom loop puts both in a tf.function:

    @tf.function
    def train_step(iterator):
        per_replica = strategy.run(step_fn, args=(next(iterator),))
        return strategy.reduce("SUM", per_replica, axis=None)

(or `for x in dist_dataset:` in the function). The graph then holds two operations:

  - "MultiDeviceIteratorGetNextFromShard": when the function runs, reads the next
    global batch from the distributed iterator (an eager iterator used by reference, or
    the iterator an "AnonymousIteratorV3" made for a loop) and splits it as eager
    iteration does, one part per local replica (of this worker's share under
    MultiWorkerMirroredStrategy); or, for `distribute_datasets_from_function` ("deal"),
    reads one batch per local replica. Its outputs are every replica's components, which
    the trace sees as PerReplica values. The Optional form (has_value first) drives
    loops.
  - "ReplicaRun": runs the replica function's graphs (a Python function traced once
    per replica, as TF calls it in each; a tf.function's trace shared: replica_function.py)
    on every local replica, each in its own
    thread under its ReplicaContext so that collectives meet; outputs are every
    replica's results, seen as PerReplica values.

Both are stateful, so graph passes keep them in order; each call of the function reads
a new batch and the function is traced once.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import device, nest
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import OutOfRangeError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import graph_ops
from eagerflow._src.data.optional import Optional, graph_optional
from eagerflow._src.data.optional_ops import optional_array
from eagerflow._src.distribute.batch_split import deal_group, distribute_element, per_replica
from eagerflow._src.distribute.graph_merge import run_inline
from eagerflow._src.distribute.replica_function import NotTraceable
from eagerflow._src.distribute.values import regroup, select_replica
from eagerflow._src.function.concrete import _pack
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import OpDef

# AutoGraph's runtime (its package loads with it) only for a `for` over a distributed
# dataset in converted code
ag_variables = lazy_module("eagerflow._src.autograph.operators.variables")

# ---------------------------------------------------------------------------------------
# Distributed input
# ---------------------------------------------------------------------------------------


def _replica_specs(strategy: Any, structure: Any, deal: bool) -> list:
    """(shape, dtype) of one replica's flat components: the global batch's dims with the
    batch dim divided among every replica of the job (unknown unless it divides); a
    dealt batch keeps its own."""
    workers, _ = strategy._worker_layout()
    parts = 1 if deal else workers * len(strategy._devices)
    out = []
    for s in structure.specs:
        if not isinstance(s, TensorSpec):
            raise TypeError(f"Iterating a distributed dataset with elements of type {s!r} "
                            "inside a tf.function is not supported; iterate it eagerly.")
        dims = s.shape._dims
        if dims is not None and parts > 1:
            if not dims:
                raise ValueError("experimental_distribute_dataset needs batched elements "
                                 f"(rank >= 1) to split across {parts} replicas, got a scalar")
            batch = dims[0]
            dims = [batch // parts if batch is not None and batch % parts == 0 else None,
                    *dims[1:]]
        out.append((dims, s.dtype))
    return out


def _get_next_infer(*handle: Any, strategy: Any, iterator: Any, structure: Any,
                    optional: bool, deal: bool) -> list:
    if optional:  # (one optional per replica, as TF's per-device iterators give)
        return [((), dt.variant)] * len(strategy._devices)
    return _replica_specs(strategy, structure, deal) * len(strategy._devices)


def _read_element(handle: tuple, iterator: Any, structure: Any) -> Any:
    """The next global batch (a structure of eager tensors), or None at the end."""
    if handle:
        h = handle[0]
        if type(h) is np.ndarray:  # a resource fed to a function: the iterator passed
            h = h[()]
        it = h._it
        flat = None if it is None else next(it, None)
        return None if flat is None else structure.pack(flat)
    return next(iterator, None)


def _get_next_kernel(xp: Any, *handle: Any, strategy: Any, iterator: Any, structure: Any,
                     optional: bool, deal: bool) -> Any:
    n = len(strategy._devices)
    if deal:  # one batch per local replica (a group cut short: batch_split.deal_group)
        parts = deal_group([_read_element(handle, iterator, structure) for _ in range(n)],
                           structure.spec)
        element = parts
    else:
        element = _read_element(handle, iterator, structure)
    if element is None:
        if not optional:
            raise OutOfRangeError(None, None, "End of sequence\n\t [[{{node "
                                              "MultiDeviceIteratorGetNextFromShard}}]]")
        return _as_outputs([optional_array((), ()) for _ in range(n)])
    if not deal:
        parts = _split(strategy, element)
    if optional:  # each replica's part as its optional's value
        return _as_outputs([optional_array(
            [t._arr for t in ts], tuple(t._dtype for t in ts))
            for ts in ([convert_to_tensor(t) for t in nest.flatten(p)] for p in parts)])
    return _as_outputs([convert_to_tensor(t)._arr for p in parts for t in nest.flatten(p)])


def _as_outputs(arrays: list) -> Any:
    return arrays[0] if len(arrays) == 1 else tuple(arrays)


def _split(strategy: Any, element: Any) -> list:
    """This worker's share of a global batch, one part per local replica (empty parts for
    the last replicas when the batch is smaller than the replicas, as in TF)."""
    shared = distribute_element(strategy, element, keep_small=True)
    n = len(strategy._devices)
    return [shared] if n == 1 else [select_replica(i, shared) for i in range(n)]


def _get_next_op(strategy: Any, structure: Any, optional: bool) -> OpDef:
    n_out = (1 if optional else len(structure.specs)) * len(strategy._devices)
    return OpDef("MultiDeviceIteratorGetNextFromShard", _get_next_infer, _get_next_kernel,
                 grad=None, num_outputs=n_out, stateful=True, gpu=False)  # tf.data: host


def _as_replicas(strategy: Any, structure: Any, flat: tuple) -> Any:
    k = len(structure.specs)
    parts = [structure.pack(list(flat[i * k:(i + 1) * k]))
             for i in range(len(strategy._devices))]
    return parts[0] if len(parts) == 1 else per_replica(parts)


def _bind_get_next(strategy: Any, structure: Any, handle: tuple, iterator: Any,
                   optional: bool, deal: bool) -> tuple:
    op = _get_next_op(strategy, structure, optional)
    outs = bind(op, handle, {"strategy": strategy, "iterator": iterator,
                             "structure": structure, "optional": optional, "deal": deal})
    return outs if isinstance(outs, tuple) else (outs,)


def distributed_next(strategy: Any, iterator: Any, deal: bool,
                     handle: tuple | None = None) -> Any:
    """`next(distributed_iterator)` while a function is traced (`iterator`: the tf.data
    iterator it wraps; `handle`: the op's iterator inputs, by default `iterator`'s): the
    replicas' parts of the next global batch, read when the function runs (PerReplica
    values)."""
    structure = iterator._structure
    # Without AutoGraph a Python `for` never ends while tracing: stop it as tf.data does.
    iterator._calls = getattr(iterator, "_calls", 0) + 1
    if iterator._calls > graph_ops.GET_NEXT_CALL_ERROR_THRESHOLD:
        raise ValueError(graph_ops.GET_NEXT_CALL_ERROR_MESSAGE)
    return _as_replicas(strategy, structure, _bind_get_next(
        strategy, structure, _handle_of(iterator) if handle is None else handle, iterator,
        False, deal))


def _handle_of(iterator: Any) -> tuple:
    """The op's handle input for a tf.data iterator: none for one used by reference, the
    resource placeholder of a function's iterator argument."""
    h = iterator._graph_handle() if hasattr(iterator, "_graph_handle") else iterator
    return () if h is iterator else (h,)


def distributed_optional(strategy: Any, iterator: Any, deal: bool,
                         handle: tuple | None = None) -> Any:
    """`distributed_iterator.get_next_as_optional()` while a function is traced."""
    structure = iterator._structure
    handle = _handle_of(iterator) if handle is None else handle
    outs = _bind_get_next(strategy, structure, handle, iterator, True, deal)
    return _ReplicasOptional(strategy, structure, outs, deal)


class _ReplicasOptional(Optional):
    """What a distributed iterator's `get_next_as_optional()` gives in a function: one
    optional variant per replica (all hold a part of the batch, or none). `has_value()` is
    the first's OptionalHasValue; `get_value()` each one's OptionalGetValue, which fails
    when the function runs if there is no batch, as TF's."""

    def __init__(self, strategy: Any, structure: Any, variants: tuple, deal: bool) -> None:
        self._strategy, self._structure, self._deal = strategy, structure, deal
        self._variants = variants
        self._element_spec = structure.spec

    def has_value(self, name: str | None = None) -> Any:
        return graph_optional(self._variants[0], self._element_spec).has_value(name)

    def get_value(self, name: str | None = None) -> Any:
        specs = _replica_specs(self._strategy, self._structure, self._deal)
        one = self._structure.with_specs([TensorSpec(s, d) for s, d in specs])
        flat = [t for v in self._variants
                for t in nest.flatten(graph_optional(v, one.spec).get_value(name))]
        return _as_replicas(self._strategy, self._structure, tuple(flat))

    @property
    def element_spec(self) -> Any:
        return self._element_spec


class _DistributedSource(graph_ops.IteratorSource):
    """The loop source of `for x in dist_dataset` (or a distributed iterator) in a
    function: each iteration reads the next global batch split across replicas."""

    def __init__(self, strategy: Any, handle: tuple, iterator: Any, structure: Any,
                 deal: bool) -> None:
        super().__init__(handle, structure)
        self._strategy, self._iterator, self._deal = strategy, iterator, deal

    def next_optional(self) -> tuple:
        outs = _bind_get_next(self._strategy, self._structure, self._handle, self._iterator,
                              True, self._deal)
        opt = _ReplicasOptional(self._strategy, self._structure, outs, self._deal)
        return opt.has_value(), opt.get_value


def for_over_distributed(strategy: Any, dataset: Any, iterator: Any, deal: bool,
                         loop: tuple, handle: tuple | None = None) -> None:
    """AutoGraph's `for` over a distributed dataset (a fresh iterator each time the
    function runs) or over a distributed iterator (used by reference, or read through
    `handle`, a traced argument's per-device placeholders)."""
    if iterator is None:
        handle = (graph_ops.make_iterator(dataset),)
        structure = dataset._structure
    else:
        structure = iterator._structure
        handle = _handle_of(iterator) if handle is None else handle
    _replica_specs(strategy, structure, deal)  # refuse what cannot be split, now
    extra_test, body, get_state, set_state, names, opts = loop
    targets: set = set()

    def replica_body(element: Any) -> None:
        # The loop's target names hold PerReplica values, which a graph loop cannot carry
        # from one iteration to the next (nor needs to: each iteration sets them anew):
        # each iteration ends with a scalar marker in them.
        body(element)
        parts = {id(x) for x in nest.flatten(element)}
        state = get_state()
        targets.update(k for k, v in enumerate(state) if id(v) in parts)
        set_state(tuple(convert_to_tensor(0) if k in targets else v
                        for k, v in enumerate(state)))

    source = _DistributedSource(strategy, handle, iterator, structure, deal)
    graph_ops.for_over_source(source, extra_test, replica_body, get_state, set_state, names, opts)
    # After the loop the targets are unset, so a read fails instead of seeing the marker.
    set_state(tuple(ag_variables.Undefined(names[k]) if k in targets else v
                    for k, v in enumerate(get_state())))


# ---------------------------------------------------------------------------------------
# strategy.run
# ---------------------------------------------------------------------------------------


def _run_infer(*inputs: Any, strategy: Any, functions: tuple) -> list:
    return [(t._shape, t._dtype) for cf, _ in functions for t in cf.graph.outputs]


def _run_kernel(xp: Any, *arrays: Any, strategy: Any, functions: tuple) -> Any:
    calls, k = [], 0
    for cf, n_in in functions:
        calls.append((cf, arrays[k:k + n_in]))
        k += n_in

    def replica(i: int, rendezvous: Any) -> tuple:
        cf, ins = calls[i]  # run on the replica's device, its inputs copied there
        return strategy._run_replica(lambda: cf.run_forward(ins), i, (), {}, rendezvous)

    # Every replica's results, as arrays of this op's device (where the graph reads them).
    here = device.current_device()
    flat = [device.to_device(getattr(o, "_arr", o), here)
            for res in strategy._in_replicas(replica) for o in res]
    return flat[0] if len(flat) == 1 else tuple(flat)


RUN_OP_NAME = "ReplicaRun"


def run_in_graph(strategy: Any, fn: Callable, args: tuple, kwargs: dict) -> Any:
    """`strategy.run(fn, args)` while a function is traced: `fn` traced for each replica
    (replica_function.concrete), and one op that runs them on every replica; a function that
    calls merge_call is traced replica by replica into this graph (graph_merge.py)."""
    try:
        traced = strategy._replica_functions.concrete(fn, args, kwargs)
    except NotTraceable:  # merge_call and the like: every replica traced into this graph
        return run_inline(strategy, strategy._replica_functions.python_function(fn), args,
                          kwargs)
    graph = _state.graph
    inputs: list = []
    functions = []
    for cf, tensors in traced:
        ins = list(tensors) + list(cf._captured_tensors)
        inputs += ins
        functions.append((cf, len(ins)))
        for v in list(cf.graph.variable_map.values()) + cf._read_vars:
            graph.variable_map.setdefault(id(v), v)
        for v in cf._read_vars:
            graph.read_vars.setdefault(id(v), v)
    n_out = sum(len(cf.graph.outputs) for cf, _ in functions)
    op = OpDef(RUN_OP_NAME, _run_infer, _run_kernel, grad=None, num_outputs=n_out,
               stateful=True)
    outs = bind(op, tuple(inputs), {"strategy": strategy, "functions": tuple(functions)})
    outs = outs if isinstance(outs, tuple) else (outs,)
    results, k = [], 0
    for cf, _ in functions:
        flat = outs[k:k + len(cf.graph.outputs)]
        results.append(_pack(cf._out_template, lambda j, flat=flat: flat[j]))
        k += len(flat)
    return regroup(results)
