"""`tf.compat.v1.Session`: runs the part of a TF 1 graph that fetches need, as TF 2.21 does.

Sits in function/, above graph_variables.py. `run(fetches, feed_dict)` flattens the
fetches (lists, tuples, dicts, namedtuples of tensors, operations, variables or their
names), then finds a *plan* for that signature, the (fetches, fed tensors) pair: the
operations the fetches need, by data or by control dependency, stopping at fed tensors,
in the graph's order (its creation order, a valid execution order), compiled by
graph/codegen.py into one Python function over arrays. A training loop's second step is
then one dictionary look-up, the feeds' conversion and one call. A plan that cannot run
(an unfed placeholder) remembers TF's error instead. Before its first run, and again
when operations were added since, the session checks its whole graph's devices, as TF's
placer does (placement.py): a device scope naming a device it lacks (another job's
task, a GPU on a machine without one) is TF's InvalidArgumentError at every run after.

Each Session keeps its own values of the graph's variables (`_values`: a store
graph_variables.py's GraphVariable reads while the session runs); errors raised by a
node are reworded as TF's Session words them: "Graph execution error:", the node and
where it was made, the kernel's message and `[[{{node NAME}}]]`.
"""

from __future__ import annotations

import collections
import contextlib
import re
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.function import placement
from eagerflow._src.function.graph_variables import GraphVariable, running
from eagerflow._src.graph.interpreter import run_op
from eagerflow._src.graph.ir import PLACEHOLDER, READ_VAR, Graph, Operation, frame_lines
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor, _session_stack
from eagerflow._src.ops import eager_errors
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.variables import is_tf_variable

# (its traceback module loads when a run fails)
graph_errors = lazy_module("eagerflow._src.function.graph_errors")
# (the compiler loads with the first Session.run: `import eagerflow` leaves it for first use)
codegen = lazy_module("eagerflow._src.graph.codegen")

_HEAD = "Graph execution error:"
_EAGER_SUFFIX = re.compile(r" \[Op:[^\]]*\]( name: \S*)?$")  # (the op's eager wording)


class _Pruned:
    """What codegen reads of a graph: the operations a plan runs, its inputs (the fed
    tensors) and a name."""

    def __init__(self, name: str, operations: list, inputs: list) -> None:
        self.name = name
        self.operations = operations
        self.fed_inputs = self.inputs = inputs
        self.outputs: list = []


def needed_operations(targets: list, fed: set) -> list:
    """The operations that computing `targets` (tensors and operations) runs: their
    producers and, recursively, their inputs' producers and control inputs, but not those
    of fed tensors (ids in `fed`); in graph order."""
    seen: dict = {}
    stack = []
    for t in targets:
        if isinstance(t, Operation):
            stack.append(t)
        elif id(t) not in fed:
            stack.append(t._op)
    while stack:
        op = stack.pop()
        if op._id in seen:
            continue
        seen[op._id] = op
        for x in op.inputs:
            if type(x) is SymbolicTensor and id(x) not in fed:
                stack.append(x._op)
        stack.extend(op._control_inputs)
    return _ready_order([seen[k] for k in sorted(seen)], seen)


def _ready_order(ops: list, chosen: dict) -> list:
    """`ops` (in graph order) as TF's executor reaches them: each as soon as what it
    waits for has run (by the length of its longest chain of producers and control
    inputs), graph order among equals. So a read that no update waits for runs before
    the updates of the same step, as in TF (a hook's global step is the step's own)."""
    def preds(op: Operation) -> list:
        ins = [x._op for x in op.inputs if type(x) is SymbolicTensor and x._op._id in chosen]
        return ins + [c for c in op._control_inputs if c._id in chosen]

    depth: dict = {}
    for root in ops:
        stack = [(root, False)]
        while stack:
            op, ready = stack.pop()
            if op._id in depth:
                continue
            if ready:
                depth[op._id] = max((depth[p._id] + 1 for p in preds(op)), default=0)
            else:
                stack.append((op, True))
                stack.extend((p, False) for p in preds(op) if p._id not in depth)
    return sorted(ops, key=lambda o: (depth[o._id], o._id))


def _placeholder_error(node: Operation) -> InvalidArgumentError:
    return _session_error(InvalidArgumentError(None, None, codegen.unfed_message(node)), node.name,
                          node)


def _session_error(e: OpError, node_name: str, node: Operation | None) -> OpError:
    """`e` reworded as TF's Session words a node's error (node and where it was made)."""
    body = _EAGER_SUFFIX.sub("", eager_errors.plain(e).message)
    refused = eager_errors.no_kernel_at(body, node_name)
    # (TF refuses a node no kernel runs before running any: the error holds no op)
    e._message = node_error_text(node_name, node.origin if node is not None else None,
                                 body if refused is None else refused, refused is None)
    e.args = (e._message,) + e.args[1:]
    e._op = node if refused is None else None
    e._node_def = node.node_def if node is not None else None
    return e


def _fetch_error(e: OpError, op: Operation, plan: _Plan) -> OpError:
    """TF's error of a fetched reference (a VariableV2's output, read uninitialized): its
    fetch node's, "_retval_<node>_0_<k>", k its place among the fetched tensors' names."""
    k = sorted({t.name for t in plan.outputs}).index(op.outputs[0].name)
    body = _EAGER_SUFFIX.sub("", eager_errors.plain(e).message)
    e._message = f"{_HEAD}\n\n{body}\n\t [[{{{{node _retval_{op.name}_0_{k}}}}}]]"
    e.args = (e._message,) + e.args[1:]
    return e


def node_error_text(node_name: str, origin: tuple | None, body: str,
                    tagged: bool = True) -> str:
    """TF's Session error message for node `node_name` made at `origin` (user_frames): the
    user frames where it was defined, the node and the op's message (the error's str adds
    the node's creation stack, as TF's OpError does); `tagged`: the node's tag after it."""
    tag = f"{{{{node {node_name}}}}}"
    # (an error of the executor, not the kernel, names its node itself: TF adds no tag)
    tail = "" if body.endswith(tag) or not tagged else f"\n\t [[{tag}]]"
    if not origin:
        return f"{_HEAD}\n\nDetected at node '{node_name}':\nNode: '{node_name}'\n{body}{tail}"
    where = "\n".join(frame_lines(origin, "    "))
    return (f"{_HEAD}\n\nDetected at node '{node_name}' defined at (most recent call last):\n"
            f"{where}\nNode: '{node_name}'\n{body}{tail}")


class _Plan:
    """The compiled run of one (fetches, feeds) signature."""

    __slots__ = ("keys", "fed", "outputs", "fn", "error", "ops", "copy")

    def __init__(self, graph: Graph, keys: tuple, targets: list, fed: list) -> None:
        self.keys = keys          # the fetch and feed objects (kept: their ids are the key)
        self.fed = fed            # the fed tensors, in the function's argument order
        self.outputs = [t for t in targets if isinstance(t, SymbolicTensor)]
        self.error: OpError | None = None
        self.fn: Any = None
        fed_ids = {id(t) for t in fed}
        ops = needed_operations(targets, fed_ids)
        # an operation whose outputs are all fed does not run
        ops = [o for o in ops if not o.outputs or not all(id(t) in fed_ids for t in o.outputs)]
        self.ops = ops
        # a fetched variable read is copied: the caller's array is not the variable's
        self.copy = [t._op.op is READ_VAR or t._op.op.forward_identity for t in self.outputs]
        for o in ops:
            if o.op is PLACEHOLDER:
                self.error = _placeholder_error(o)
                return
        if _state.xp is np:
            self.fn = _compile(graph, ops, fed, self.outputs)

    def run(self, arrays: list, stats: list | None = None) -> list:
        """The fetched arrays; with `stats` (a traced run), op by op, each node's (name,
        type, input names, start and end in microseconds since the epoch) appended."""
        if self.fn is not None and stats is None:
            try:
                return list(self.fn(*arrays))
            except ValueError as e:  # (NumPy's refusal to broadcast: TF's error of the node)
                error = graph_errors.broadcast_error(e)
                if error is None:
                    raise
                raise error from None
        values = {id(t): a for t, a in zip(self.fed, arrays)}
        for node in self.ops:  # (on a GPU: the reference interpreter, placed per op)
            try:
                if stats is None:
                    run_op(node, values)
                else:
                    start = time.time_ns() // 1000
                    run_op(node, values)
                    stats.append((node, start, time.time_ns() // 1000,
                                  [values.get(id(t)) for t in node.outputs]))
            except OpError as e:
                if graph_errors.failed_node(e) is None:  # (no generated code names it)
                    e._graph_node = node.name
                raise
            except ValueError as e:
                error = graph_errors.broadcast_error(e, node.name, op_type=node.type)
                if error is None:
                    raise
                raise error from None
        return [values[id(t)] for t in self.outputs]


def _input_name(t: Any) -> str:
    """A node input as TF's timeline labels write it: `op` for output 0, else `op:i`."""
    i = t._op.outputs.index(t) if t in t._op.outputs else 0
    return t._op.name if i == 0 else f"{t._op.name}:{i}"


def _step_stats(run_metadata: Any, stats: list) -> None:
    """A traced run's StepStats in `run_metadata` (TF's RunMetadata): the one device's
    NodeExecStats, each op's name, start, duration and TF's timeline label."""
    run_metadata.step_stats.Clear()
    dev = run_metadata.step_stats.dev_stats.add(device=CPU_DEVICE)
    for node, start, end, outputs in stats:
        inputs = [_input_name(t) for t in node.inputs if isinstance(t, SymbolicTensor)]
        inputs += ["^" + c.name for c in node.control_inputs]
        ns = dev.node_stats.add(
            node_name=node.name, all_start_micros=start, op_start_rel_micros=0,
            op_end_rel_micros=end - start, all_end_rel_micros=end - start,
            timeline_label=f"{node.name} = {node.type}({', '.join(inputs)})")
        for slot, (t, arr) in enumerate(zip(node.outputs, outputs)):
            if getattr(arr, "nbytes", None) is None or t._dtype is None:
                continue  # (no array: a resource or a TensorArray's handle)
            out = ns.output.add(slot=slot)
            desc = out.tensor_description
            desc.dtype = t._dtype.as_datatype_enum
            for d in arr.shape:
                desc.shape.dim.add(size=d)
            desc.allocation_description.requested_bytes = arr.nbytes
            desc.allocation_description.allocator_name = "cpu"


def _compile(graph: Graph, ops: list, fed: list, outputs: list) -> Any:
    """The function running `ops` on the fed arrays, returning `outputs`' arrays. (The
    graph passes are not run: on an MNIST-sized step they saved nothing measurable.)"""
    return codegen.generate(_Pruned(f"session_{graph.name}", ops, fed), outputs,
                            name="session_run", inplace=True).fn


def _fetch_target(graph: Graph, f: Any) -> Any:
    """What a fetch stands for: a tensor or operation of `graph`, or a value (an eager
    tensor or variable) returned as it is."""
    if isinstance(f, str):
        return graph.as_graph_element(f)
    if isinstance(f, (SymbolicTensor, Operation)):
        if f.graph is not graph:
            raise ValueError(f"Fetch argument {f!r} cannot be interpreted as a Tensor. "
                             f"({'Tensor' if isinstance(f, Tensor) else 'Operation'} {f} is "
                             "not an element of this graph.)")
        return f
    if isinstance(f, GraphVariable):
        if f._graph is not graph:
            raise ValueError(f"Fetch argument {f!r} cannot be interpreted as a Tensor. "
                             f"(Tensor {f._graph_element} is not an element of this graph.)")
        return f._graph_element
    if isinstance(f, EagerTensor) or is_tf_variable(f):
        return f
    raise TypeError(f"Fetch argument {f!r} has invalid type {type(f)}, must be a string or "
                    "Tensor. (Can not convert a " + type(f).__name__ + " into a Tensor or "
                    "Operation.)")


def _sparse_feeds(feed_dict: dict) -> dict:
    """A feed for a SparseTensor (a SparseTensorValue or an (indices, values, shape)
    triple) as the feeds of its three tensors, as TF's Session splits it."""
    out = {}
    for k, v in feed_dict.items():
        if not isinstance(k, SparseTensor):
            out[k] = v
            continue
        if isinstance(v, SparseTensor):
            v = (v.indices, v.values, v.dense_shape)
        if not (isinstance(v, tuple) and len(v) == 3):
            raise TypeError(f"The value of a feed of a SparseTensor must be a "
                            f"SparseTensorValue or an (indices, values, dense_shape) "
                            f"tuple; got {type(v).__name__}")
        out[k.indices], out[k.values], out[k.dense_shape] = v
    return out


def _feed_key(graph: Graph, k: Any) -> SymbolicTensor:
    if isinstance(k, str):
        k = graph.as_graph_element(k, allow_operation=False)
    elif isinstance(k, GraphVariable):
        k = k._graph_element
    if not isinstance(k, SymbolicTensor):
        raise TypeError(f"Cannot interpret feed_dict key as Tensor: Can not convert a "
                        f"{type(k).__name__} into a Tensor.")
    if k.graph is not graph:
        raise ValueError(f"Cannot interpret feed_dict key as Tensor: Tensor {k} is not an "
                         "element of this graph.")
    return k


def _feed_value(k: SymbolicTensor, v: Any) -> np.ndarray:
    """The array fed for `k`, as TF converts it: NumPy's conversion to k's dtype (a copy:
    the graph may keep it as a variable's value), then k's shape checked."""
    if isinstance(v, (SymbolicTensor, Operation)):
        raise TypeError("The value of a feed cannot be a tf.Tensor object. Acceptable feed "
                        "values include Python scalars, strings, lists, numpy ndarrays, or "
                        f"TensorHandles. For reference, the tensor object was {v} which was "
                        f"passed to the argument `feed_dict` with key {k}.")
    if isinstance(v, EagerTensor):
        v = v._numpy()
    dtype = k._dtype
    if dtype is dt.string:
        arr = np.array(v, dtype=object)
        flat = arr.reshape(-1)  # (a view: the array is new)
        for i, x in enumerate(flat):  # Python strings fed as TF's bytes (UTF-8)
            if isinstance(x, str):
                flat[i] = x.encode()
    else:
        arr = np.array(v, dtype=dtype.as_numpy_dtype)
    if k._shape is not None and not TensorShape(k._shape).is_compatible_with(arr.shape):
        raise ValueError(f"Cannot feed value of shape {arr.shape} for Tensor {k.name}, which "
                         f"has shape {TensorShape(k._shape)}")
    return arr


# What Session.run gives for a fetched IndexedSlices (TF's namedtuple).
IndexedSlicesValue = collections.namedtuple("IndexedSlicesValue",
                                            ["values", "indices", "dense_shape"])


def _result(a: Any, copy: bool) -> Any:
    a = to_host(a)
    if type(a) is not np.ndarray:
        a = np.asarray(a)
    if a.ndim == 0:
        return a[()]
    return a.copy() if copy else a


def _handle_wrap(value: Any, t: SymbolicTensor, session: Session) -> Any:
    """A fetched value, or the TensorHandle TF gives for a GetSessionHandle node's (whose
    module, loaded once such a node is made, is looked up where it is loaded)."""
    handles = sys.modules.get("eagerflow._src.ops.session_handles")
    return value if handles is None else handles.wrap(value, t, session)


class Session:
    """`tf.compat.v1.Session`: runs fetches of a graph with fed values; holds the values of
    the graph's variables."""

    def __init__(self, target: str = "", graph: Graph | None = None, config: Any = None) -> None:
        if graph is None:
            from_state = _state.graph
            graph = from_state if from_state is not None and not from_state.building_function \
                else _default_graph()
        self._graph = graph
        self._closed = False
        self._default_cm: Any = None
        self._values: dict = {}   # the graph variables' arrays, by their ids
        self._kernels: dict = {}  # its stateful kernels' streams (random ops restart)
        self._plans: dict = {}
        self._target = target
        self._config = config
        # the devices it runs on (a server's cluster's), the graph's operations checked
        # against them so far, and TF's error for the first refused
        self._devices = placement.session_devices(target)
        self._placed = 0
        self._placement_error: OpError | None = None

    @property
    def graph(self) -> Graph:
        return self._graph

    @property
    def graph_def(self) -> Any:
        return self._graph.as_graph_def()

    @property
    def sess_str(self) -> bytes:
        return self._target.encode() if isinstance(self._target, str) else self._target

    def list_devices(self) -> list:
        """TF's _DeviceAttributes of the devices this session runs on."""
        return placement.list_devices(self._devices)

    def _place(self) -> None:
        """Checks the operations added since the last check, as TF's placer places a
        graph before running it (once per growth of the graph, not per run)."""
        ops = self._graph.operations
        soft = bool(getattr(self._config, "allow_soft_placement", False))
        name, text = placement.misplaced(ops[self._placed:], self._devices, soft)
        self._placed = len(ops)
        if name is not None and self._placement_error is None:
            node = self._graph._op_named(name)
            message = node_error_text(name, node.origin if node is not None else None,
                                      f"{text}\n\t [[{name}]]", False)
            self._placement_error = InvalidArgumentError(None, None, message)

    def run(self, fetches: Any, feed_dict: dict | None = None, options: Any = None,
            run_metadata: Any = None) -> Any:
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        if not self._graph.operations:  # (TF's graph version 0: nothing was ever added)
            raise RuntimeError("The Session graph is empty. Add operations to the graph "
                               "before calling run().")
        if fetches is None:
            raise TypeError('Argument `fetch` = None has invalid type "NoneType". Cannot be None')
        if self._placed != len(self._graph.operations):
            self._place()
        if self._placement_error is not None:
            raise self._placement_error
        if feed_dict and any(isinstance(k, SparseTensor) for k in feed_dict):
            feed_dict = _sparse_feeds(feed_dict)
        flat = nest.flatten(fetches)
        if any(isinstance(f, (IndexedSlices, SparseTensor)) for f in flat):
            return self._run_slices(fetches, flat, feed_dict)
        g = self._graph
        feeds = feed_dict or {}
        feed_keys = tuple(feeds)
        sig = (tuple(map(id, flat)), tuple(map(id, feed_keys)))
        plan = self._plans.get(sig)
        if plan is None or not _same(plan.keys, flat, feed_keys):
            plan = self._plan(flat, feed_keys)
            self._plans[sig] = plan
        if plan.error is not None:
            raise plan.error
        arrays = [_feed_value(t, feeds[k]) for t, k in zip(plan.fed, feed_keys)]
        kernels = _state.kernels
        _state.kernels = self._kernels
        stats = [] if run_metadata is not None and getattr(options, "trace_level", 0) else None
        with running(self._values):
            try:
                values = plan.run(arrays, stats)
            except OpError as e:
                node = graph_errors.failed_node(e)
                if node is not None and not e.message.startswith(_HEAD):
                    op = g._op_named(node)
                    if op is not None and op.type == "VariableV2" and any(
                            t is op.outputs[0] for t in plan.outputs):
                        raise _fetch_error(e, op, plan) from None
                    raise _session_error(e, node, op) from None
                raise
            finally:
                _state.kernels = kernels
        if stats is not None:
            _step_stats(run_metadata, stats)
        by_id = {id(t): _result(a, c) for t, a, c in zip(plan.outputs, values, plan.copy)}
        out = []
        targets = plan.keys[2]
        for t in targets:
            if isinstance(t, Operation):
                out.append(None)
            elif isinstance(t, SymbolicTensor):
                out.append(_handle_wrap(by_id[id(t)], t, self))
            else:  # an eager tensor or variable: its value now
                out.append(_result(t.numpy(), True))
        return nest.pack_sequence_as(fetches, out)

    def _run_slices(self, fetches: Any, flat: list, feed_dict: dict | None) -> Any:
        """A run fetching IndexedSlices (a gradient of gathered rows): each is fetched as
        its values, indices and dense shape, and comes back as TF's IndexedSlicesValue; a
        SparseTensor as TF's SparseTensorValue."""
        parts: list = []
        for f in flat:
            if isinstance(f, SparseTensor):
                parts.extend((f.indices, f.values, f.dense_shape))
            elif isinstance(f, IndexedSlices):
                shape = f.dense_shape
                parts.extend((f.values, f.indices) + (() if shape is None else (shape,)))
            else:
                parts.append(f)
        got = iter(self.run(parts, feed_dict))
        out = []
        for f in flat:
            if isinstance(f, SparseTensor):
                out.append(SparseTensorValue(next(got), next(got), next(got)))
            elif isinstance(f, IndexedSlices):
                out.append(IndexedSlicesValue(next(got), next(got),
                                              None if f.dense_shape is None else next(got)))
            else:
                out.append(next(got))
        return nest.pack_sequence_as(fetches, out)

    def _plan(self, flat: list, feed_keys: tuple) -> _Plan:
        g = self._graph
        targets = [_fetch_target(g, f) for f in flat]
        fed = [_feed_key(g, k) for k in feed_keys]
        plan = _Plan(g, (flat, feed_keys, targets), [t for t in targets
                                                     if isinstance(t, (SymbolicTensor,
                                                                       Operation))], fed)
        return plan

    def make_callable(self, fetches: Any, feed_list: Any = None, accept_options: bool = False
                      ) -> Any:
        """A function running `fetches` with its arguments fed to `feed_list`, in order."""
        feed_list = list(feed_list or [])

        def call(*args: Any, **kwargs: Any) -> Any:
            if len(args) != len(feed_list):
                raise TypeError(f"Expected {len(feed_list)} argument(s) to the callable, got "
                                f"{len(args)}")
            return self.run(fetches, dict(zip(feed_list, args)))
        return call

    def close(self) -> None:
        self._closed = True
        # As TF cancels a closed Session's pending work: the waits of its queues end (a
        # QueueRunner's threads blocked in them stop)
        for value in list(self._values.values()):
            cancel = getattr(value, "cancel_on_session_close", None)
            if cancel is not None:
                cancel()

    def as_default(self) -> Any:
        """The default session inside (what Tensor.eval and Operation.run use)."""
        @contextlib.contextmanager
        def scope() -> Iterator[Session]:
            _session_stack.append(self)
            try:
                yield self
            finally:
                _session_stack.remove(self)
        return scope()

    def __enter__(self) -> Session:
        # as TF: the default session, and its graph the default graph
        stack = contextlib.ExitStack()
        if _state.graph is not self._graph:
            stack.enter_context(self._graph.as_default())
        stack.enter_context(self.as_default())
        self._default_cm = stack
        return self

    def __exit__(self, *exc: Any) -> None:
        self._default_cm.__exit__(*exc)
        self.close()


def _same(keys: tuple, flat: list, feed_keys: tuple) -> bool:
    a, b = keys[0], keys[1]
    return len(a) == len(flat) and all(x is y for x, y in zip(a, flat)) and \
        all(x is y for x, y in zip(b, feed_keys))


class InteractiveSession(Session):
    def __init__(self, target: str = "", graph: Graph | None = None, config: Any = None) -> None:
        super().__init__(target, graph, config)
        _session_stack.append(self)

    def close(self) -> None:
        if self in _session_stack:
            _session_stack.remove(self)
        super().close()


class _GlobalGraph(threading.local):
    """This thread's global default graph (TF's is per thread too), made on first use;
    compat_v1.py's get_default_graph. `used`: whether a program asked for it (what makes
    TF refuse to enable eager execution again)."""

    def __init__(self) -> None:
        self.graph: Graph | None = None
        self.used = False


_GLOBAL = _GlobalGraph()


def _default_graph() -> Graph:
    if _GLOBAL.graph is None:
        _GLOBAL.graph = Graph("default")
    return _GLOBAL.graph
