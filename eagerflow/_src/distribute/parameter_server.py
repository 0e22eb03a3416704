"""tf.distribute.experimental.ParameterServerStrategy and tf.distribute.coordinator's
ClusterCoordinator, with the cluster in this process.

Distribute layer, beside strategy.py. TF runs the workers and parameter servers as
tf.distribute.Server processes reached over gRPC; here the cluster a resolver (or
TF_CONFIG) describes is local: each "ps" task is a place for variables (variables are
created round-robin over them, and report `/job:ps/replica:0/task:N/device:CPU:0` as
their device, as TF's do; their arrays live in this process), and each "worker" task is
a thread. The semantics that hold:

- `schedule(fn)` takes a tf.function (or a concrete function), traces it on the caller's
  thread (a tracing error is raised there, as TF raises it), queues it and returns a
  RemoteValue; the worker threads take closures from one queue in the order scheduled,
  the worker idle longest first.
  A closure runs whole, one at a time across the workers, so a step's variable updates
  are never interleaved with another's (TF's workers run concurrently; each of its
  variable updates is atomic, a step's several updates are not).
- A closure that raises records its error on its RemoteValue (`fetch`/`get` re-raise
  it); the first error of the cluster cancels the closures still queued (their
  RemoteValues raise CancelledError) and is raised by the next `schedule`, `join` or
  `done`, then cleared, as TF's coordinator does. Workers do not fail on their own here
  (no network), so TF's retrying of closures on a worker that failed does not arise.
- `create_per_worker_dataset` builds one dataset, and `iter` one iterator, per worker;
  a closure given them gets its worker's.
"""

from __future__ import annotations

import inspect
import threading
import weakref
from collections import deque
from typing import Any, Callable

from eagerflow._src.control_flow.py_function import py_function
from eagerflow._src.core import device as dev
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state, runtime_thread
from eagerflow._src.core.errors import CancelledError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.distribute.input import InputContext
from eagerflow._src.distribute.sharded_variable import ShardedVariable, div_offsets
from eagerflow._src.distribute.strategy import Strategy
from eagerflow._src.function.concrete import ConcreteFunction
from eagerflow._src.function.polymorphic import Function

_ALLOWED_TASK_TYPES = ("chief", "worker", "evaluator", "ps", None)


# ---------------------------------------------------------------------------------------
# Variables on a parameter server.
# ---------------------------------------------------------------------------------------

_caching_classes: dict = {}


def _on_ps(var: Any, ps_device: str) -> Any:
    """`var` as TF's CachingVariable: the same variable, reporting its ps task's device."""
    cls = type(var)
    sub = _caching_classes.get(cls)
    if sub is None:
        sub = _caching_classes[cls] = type("CachingVariable", (cls,),
                                           {"device": property(lambda v: v._ps_device),
                                            "_on_parameter_server": True,
                                            "__module__": __name__})
    var.__class__ = sub
    var._ps_device = ps_device
    return var


# ---------------------------------------------------------------------------------------
# The strategy.
# ---------------------------------------------------------------------------------------

def _task_count(spec: Any, job: str) -> int:
    return len(spec.as_dict().get(job, []))


class ParameterServerStrategyV2(Strategy):
    """`tf.distribute.experimental.ParameterServerStrategy(cluster_resolver,
    variable_partitioner=None)` (TF 2's, the one `tf.distribute.ParameterServerStrategy`
    also names; its class is called ParameterServerStrategyV2 in TF, as here):
    variables on the ps tasks, functions scheduled on the workers by a
    ClusterCoordinator."""

    _extended_name = "ParameterServerStrategyV2Extended"
    _all_reduce_path = None  # (replica_context.tf_all_reduce: values as given)

    def __init__(self, cluster_resolver: Any, variable_partitioner: Any = None) -> None:
        spec = cluster_resolver.cluster_spec()
        if not spec.as_dict():
            raise ValueError("Cluster spec must be non-empty in "
                             "`tf.distribute.cluster_resolver.ClusterResolver`.")
        _validate_cluster_spec(spec, cluster_resolver.task_type, cluster_resolver.task_id)
        if _task_count(spec, "ps") < 1:
            raise ValueError("There must be at least one ps.")
        if _task_count(spec, "worker") < 1:
            raise ValueError("There must be at least one worker.")
        super().__init__(["/cpu:0"])
        self._cluster_resolver = cluster_resolver
        self._variable_partitioner = variable_partitioner
        self._num_ps = _task_count(spec, "ps")
        self._num_workers = _task_count(spec, "worker")
        self._variable_count = 0
        self._cluster_coordinator: ClusterCoordinator | None = None

    @property
    def cluster_resolver(self) -> Any:  # type: ignore[override]
        return self._cluster_resolver

    # -- what TF's ParameterServerStrategyV2Extended reports -------------------------------
    @property
    def worker_devices(self) -> tuple:
        return ("/device:CPU:0",)

    @property
    def parameter_devices(self) -> tuple:
        # TF's: the compute device as the coordinator (the "chief" job) names it
        return ("/job:chief/replica:0/task:0/device:CPU:0",)

    @property
    def should_checkpoint(self) -> bool:
        return True

    should_save_summary = should_checkpoint
    experimental_should_init = should_checkpoint

    @property
    def experimental_between_graph(self) -> bool:
        return True

    # -- variables -------------------------------------------------------------------------
    def _round_robin(self, next_creator: Callable, kwargs: dict) -> Any:
        task = self._variable_count % self._num_ps
        self._variable_count += 1
        with dev.placed_on("/cpu:0"):
            var = next_creator(**kwargs)
        return _on_ps(var, f"/job:ps/replica:0/task:{task}/device:CPU:0")

    def _create_variable(self, next_creator: Callable, **kwargs: Any) -> Any:
        if self._variable_partitioner is None:
            return self._round_robin(next_creator, kwargs)
        name, dtype = kwargs.get("name"), kwargs.get("dtype")
        shape, initial = kwargs.get("shape"), kwargs.get("initial_value")
        from_fn = callable(initial) and shape is not None and dtype is not None
        if callable(initial) and not from_fn:
            initial = initial()
        if not from_fn:
            initial = convert_to_tensor(initial, dtype=dtype)
            dtype, shape = initial.dtype, initial.shape
        else:
            shape = TensorShape(shape)
        if shape.rank == 0:
            return self._round_robin(next_creator, kwargs)
        parts = self._variable_partitioner(shape=shape, dtype=dtype)
        if not parts or parts[0] == 0 or any(p != 1 for p in parts[1:]):
            raise ValueError("variable_partitioner must return a list/tuple whose elements are "
                             f"1 besides the first element (non-zero), got: {parts!r}")
        if parts[0] == 1:
            return self._round_robin(next_creator, kwargs)
        dims = shape.as_list()
        offsets = div_offsets(dims[0], min(parts[0], dims[0]))
        shards = []
        for i in range(len(offsets) - 1):
            part_shape = [offsets[i + 1] - offsets[i]] + dims[1:]
            value = _shard_value(initial, from_fn, offsets[i], offsets[i + 1], part_shape)
            args = {**kwargs, "initial_value": value, "shape": part_shape}
            if name is not None:
                args["name"] = f"{name}/part_{i}"
            shards.append(self._round_robin(next_creator, args))
        return ShardedVariable(shards)

    # -- input: datasets built on the workers ---------------------------------------------
    _should_use_with_coordinator = True

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        return _WorkerDataset(super().experimental_distribute_dataset(dataset, options),
                              "To use this dataset, you need to pass this dataset to "
                              "ClusterCoordinator.create_per_worker_dataset.")

    def distribute_datasets_from_function(self, dataset_fn: Callable,
                                          options: Any = None) -> Any:
        return _WorkerDataset(super().distribute_datasets_from_function(dataset_fn, options),
                              "You need to use this dataset in "
                              "ClusterCoordinator.create_per_worker_dataset.")

    experimental_distribute_datasets_from_function = distribute_datasets_from_function

    # -- running: on the workers, through the coordinator --------------------------------
    def run(self, fn: Callable, args: tuple = (), kwargs: dict | None = None,
            options: Any = None) -> Any:
        # TF warns when run outside ClusterCoordinator.schedule, and runs it here
        return super().run(fn, args, kwargs, options)

    def __repr__(self) -> str:
        return object.__repr__(self)


def _shard_value(initial: Any, from_fn: bool, start: int, stop: int, part_shape: list) -> Any:
    """Shard rows [start, stop) of the initial value: an initializer is asked for the
    shard's shape and offset when it takes them (TF's), else its whole value is sliced."""
    if not from_fn:
        return initial[start:stop]
    try:
        params = inspect.signature(initial).parameters
    except (TypeError, ValueError):
        params = {}
    if "partition_shape" in params or any(p.kind is p.VAR_KEYWORD for p in params.values()):
        try:
            value = convert_to_tensor(initial(partition_shape=part_shape,
                                              partition_offset=[start] +
                                              [0] * (len(part_shape) - 1)))
            if value.shape.as_list() == part_shape:
                return value
            return value[start:stop]
        except (TypeError, ValueError):
            pass
    return convert_to_tensor(initial())[start:stop]


def _validate_cluster_spec(spec: Any, task_type: Any, task_id: Any) -> None:
    """TF's multi_worker_util checks of a cluster and the task this process is."""
    jobs = spec.jobs
    if any(job not in _ALLOWED_TASK_TYPES for job in jobs):
        raise ValueError(f"Disallowed task type found in cluster spec. Allowed types are "
                         f"{_ALLOWED_TASK_TYPES} and the cluster spec is {spec}.")
    if task_type not in _ALLOWED_TASK_TYPES:
        raise ValueError(f"Unrecognized task_type: {task_type}, valid task types are: "
                         f"{_ALLOWED_TASK_TYPES}")
    if task_type and task_type not in jobs and task_type != "evaluator":
        raise ValueError(f"`task_type` {task_type!r} not found in cluster_spec.")
    if _task_count(spec, "chief") > 1:
        raise ValueError("There must be at most one 'chief' job.")
    if _task_count(spec, "evaluator") > 1:
        raise ValueError("There must be at most one 'evaluator' job.")
    if task_type in jobs and task_id >= _task_count(spec, task_type):
        raise ValueError(f"The `task_id` {task_id} exceeds the maximum id of {task_type}.")


ParameterServerStrategy = ParameterServerStrategyV2  # (the API's name)


# ---------------------------------------------------------------------------------------
# Remote values and per-worker values.
# ---------------------------------------------------------------------------------------

class RemoteValue:
    """`tf.distribute.coordinator.RemoteValue`: the future result of a scheduled function."""

    def __init__(self) -> None:
        self._ready = threading.Event()
        self._values: Any = None
        self._error: BaseException | None = None

    def _set_values(self, values: Any) -> None:
        self._values, self._error = values, None
        self._ready.set()

    def _set_error(self, error: BaseException) -> None:
        self._values, self._error = None, error
        self._ready.set()

    def get(self) -> Any:
        """Waits for the function; its outputs (tensors), or its error raised."""
        self._ready.wait()
        if self._error is not None:
            raise self._error
        return self._values

    def fetch(self) -> Any:
        """Waits for the function; its outputs as NumPy values, or its error raised."""
        return nest.map_structure(lambda x: x.numpy() if hasattr(x, "numpy") else x,
                                  self.get())


class RemoteValueImpl(RemoteValue):
    pass


class PerWorkerValues:
    """`tf.distribute.coordinator.PerWorkerValue(s)`: one value per worker; a scheduled
    function given it receives its worker's."""

    def __init__(self, values: tuple) -> None:
        self._values = tuple(values)


PerWorkerValue = PerWorkerValues


class _WorkerDataset:
    """A distributed dataset of the strategy: built on each worker by
    `create_per_worker_dataset`; iterating it elsewhere is refused, as in TF."""

    def __init__(self, dataset: Any, refusal: str) -> None:
        self._dataset = dataset
        self._refusal = refusal

    def __iter__(self) -> Any:
        if current_worker_index() is None:
            raise ValueError(self._refusal)
        return iter(self._dataset)

    @property
    def element_spec(self) -> Any:
        return self._dataset.element_spec


class PerWorkerDatasetFromDatasetFunction:
    """The datasets of `create_per_worker_dataset`: one per worker; `iter` gives one
    iterator per worker."""

    def __init__(self, datasets: list, coordinator: ClusterCoordinator) -> None:
        self._values = tuple(datasets)
        self._coordinator = coordinator

    def __iter__(self) -> PerWorkerDistributedIterator:
        return PerWorkerDistributedIterator(tuple(
            iter(d._dataset if isinstance(d, _WorkerDataset) else d) for d in self._values))

    def build(self) -> PerWorkerDatasetFromDatasetFunction:
        return self


class PerWorkerDistributedIterator(PerWorkerValues):
    def __next__(self) -> Any:
        raise NotImplementedError("Iterating over an `AsyncDistributedIterator` is not "
                                  "supported right now.")

    def get_next(self) -> Any:
        raise NotImplementedError("Iterating over an `AsyncDistributedIterator` is not "
                                  "supported right now.")


def _worker_slice(index: int, structure: Any) -> Any:
    return nest.map_structure(
        lambda x: x._values[index] if isinstance(x, PerWorkerValues) else x, structure)


def _refuse_remote_values(structure: Any) -> None:
    for x in nest.flatten(structure):
        if isinstance(x, RemoteValue):
            raise ValueError("`tf.distribute.experimental.coordinator.RemoteValue` used as an "
                             "input to scheduled function is not yet supported.")


# ---------------------------------------------------------------------------------------
# The coordinator: a closure queue and one thread per worker.
# ---------------------------------------------------------------------------------------

class _Closure:
    def __init__(self, fn: Callable, args: tuple, kwargs: dict) -> None:
        self.fn, self.args, self.kwargs = fn, args, kwargs
        self.output = RemoteValueImpl()


_dispatch = threading.local()  # the worker running on this thread


def current_worker_index() -> int | None:
    return getattr(_dispatch, "worker", None)


_NO_WORKER = ("Cannot retrieve the worker index. `get_worker_idx_and_num_workers` should be "
              "called from within a tf.function being executed on a worker. This method "
              "should only be called from either a dataset_fn that is passed into "
              "`ClusterCoordinator.create_per_worker_dataset`, or a tf.function that is "
              "passed into `ClusterCoordinator.schedule`.")


def experimental_get_current_worker_index() -> Any:
    """tf.distribute.coordinator.experimental_get_current_worker_index: the index of the
    worker running this function, an int64 scalar. Traced, a value the graph reads when it
    runs (TF's call-time capture): a scheduled closure's worker thread; eagerly, the worker
    a create_per_worker_dataset dataset_fn is being called for. Elsewhere TF's
    RuntimeError."""
    if _state.graph is None:
        return _running_worker()
    out = py_function(_running_worker, [], _dt.int64)
    out.set_shape([])
    return out


def _running_worker() -> Any:
    index = current_worker_index()
    if index is None:
        raise RuntimeError(_NO_WORKER)
    return convert_to_tensor(index, _dt.int64)


class _Queue:
    """What a coordinator shares with its worker threads. The threads hold this and a weak
    reference to the strategy, never the coordinator: dropping the coordinator (with its
    strategy) collects it, and its __del__ stops them, as TF's threads stop."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.closures: deque = deque()
        self.idle: deque = deque()  # workers waiting for a closure, longest first
        self.inflight = 0
        self.error: BaseException | None = None
        self.stopped = False
        self.run_lock = threading.Lock()  # closures run one at a time (module docstring)
        self.trace_lock = threading.Lock()  # schedule's traces, one at a time

    def next_closure(self, index: int) -> _Closure | None:
        """The next closure for worker `index` (None once stopped)."""
        with self.lock:
            self.idle.append(index)
            # the worker idle longest takes the next closure: work spreads over them
            while not self.stopped and not (self.closures and self.idle[0] == index):
                self.lock.wait()
            if self.stopped:
                return None
            self.idle.popleft()
            self.inflight += 1
            self.lock.notify_all()
            return self.closures.popleft()

    def finished(self, error: BaseException | None) -> None:
        with self.lock:
            self.inflight -= 1
            if error is not None and self.error is None:
                self.error = error
            self.lock.notify_all()


def _work(queue: _Queue, strategy_ref: Any, index: int) -> None:
    """A worker thread: runs closures until its coordinator is stopped or collected."""
    runtime_thread()
    while (closure := queue.next_closure(index)) is not None:
        error = None
        try:
            strategy = strategy_ref()
            if strategy is None:  # (the coordinator is being collected: nothing to run on)
                raise CancelledError(None, None, "The cluster coordinator was deleted.")
            with queue.run_lock:
                _dispatch.worker = index
                try:
                    with strategy.scope():
                        out = closure.fn(*_worker_slice(index, closure.args),
                                         **_worker_slice(index, closure.kwargs))
                finally:
                    _dispatch.worker = None
                    strategy = None
            closure.output._set_values(out)
        except BaseException as e:  # noqa: BLE001 - recorded, re-raised by the coordinator
            error = e
            closure.output._set_error(e)
        closure = out = None  # (holds nothing of the last closure while waiting)
        queue.finished(error)


class ClusterCoordinator:
    """`tf.distribute.coordinator.ClusterCoordinator(strategy)`: one per strategy."""

    def __new__(cls, strategy: Any) -> ClusterCoordinator:
        existing = strategy._cluster_coordinator  # (TF's AttributeError for other strategies)
        if existing is not None:
            return existing
        return super().__new__(cls)

    def __init__(self, strategy: Any) -> None:
        if getattr(self, "_has_initialized", False):
            return
        if not isinstance(strategy, ParameterServerStrategyV2):
            raise ValueError("Only `tf.distribute.experimental.ParameterServerStrategy` is "
                             "supported to work with `tf.distribute.experimental.coordinator."
                             "ClusterCoordinator` currently.")
        self._strategy = strategy
        strategy._cluster_coordinator = self
        self._q = _Queue()
        ref = weakref.ref(strategy)
        self._workers = [threading.Thread(target=_work, args=(self._q, ref, i), daemon=True,
                                          name=f"ps-worker-{i}")
                         for i in range(strategy._num_workers)]
        for t in self._workers:
            t.start()
        self._has_initialized = True

    @property
    def strategy(self) -> Any:
        return self._strategy

    # -- scheduling ---------------------------------------------------------------------
    def schedule(self, fn: Callable, args: Any = None, kwargs: Any = None) -> RemoteValue:
        if not isinstance(fn, (Function, ConcreteFunction)):
            raise TypeError("`tf.distribute.experimental.coordinator.ClusterCoordinator."
                            "schedule` only accepts a `tf.function` or a concrete function.")
        args, kwargs = tuple(args or ()), dict(kwargs or {})
        _refuse_remote_values(args)
        _refuse_remote_values(kwargs)
        closure = _Closure(fn, args, kwargs)
        with self._strategy.scope():
            if isinstance(fn, Function):
                # traced here, as TF traces at schedule: a tracing error is raised now.
                # Not under run_lock: a closure still running (one blocked on a py_function)
                # must not hold up scheduling, as TF's schedule returns at once
                with self._q.trace_lock:
                    fn.get_concrete_function(*_worker_slice(0, args),
                                             **_worker_slice(0, kwargs))
        q = self._q
        with q.lock:
            q.closures.append(closure)
            q.lock.notify_all()
            self._raise_if_error()
        return closure.output

    def join(self) -> None:
        """Waits until every scheduled function has run; raises the first error since the
        last one raised (the functions still queued then were cancelled)."""
        q = self._q
        with q.lock:
            while q.error is None and (q.closures or q.inflight):
                q.lock.wait()
            self._raise_if_error()

    def done(self) -> bool:
        q = self._q
        with q.lock:
            if q.error is not None:
                self._raise_if_error()
            return not q.closures and not q.inflight

    def fetch(self, val: Any) -> Any:
        return nest.map_structure(lambda v: v.fetch() if isinstance(v, RemoteValue) else v,
                                  val)

    def _raise_if_error(self) -> None:
        """(Holding the lock.) The recorded error, after cancelling what is queued."""
        q = self._q
        if q.error is None:
            return
        while q.inflight:
            q.lock.wait()
        while q.closures:
            q.closures.popleft().output._set_error(CancelledError(
                None, None, "The corresponding function is cancelled. Please reschedule the "
                            "function."))
        error, q.error = q.error, None
        raise error

    # -- per-worker resources ------------------------------------------------------------
    def create_per_worker_dataset(self, dataset_fn: Any) -> PerWorkerDatasetFromDatasetFunction:
        """One dataset per worker, from `dataset_fn` (called once for each) or a dataset."""
        datasets = []
        for i in range(self._strategy._num_workers):
            _dispatch.worker = i
            try:
                datasets.append(_call_dataset_fn(dataset_fn, self._strategy))
            finally:
                _dispatch.worker = None
        return PerWorkerDatasetFromDatasetFunction(datasets, self)

    def _stop(self) -> None:
        with self._q.lock:
            self._q.stopped = True
            self._q.lock.notify_all()

    def __del__(self) -> None:
        try:
            self._stop()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


def _call_dataset_fn(dataset_fn: Any, strategy: Any) -> Any:
    """A worker's dataset: `dataset_fn()` (or `dataset_fn(input_context)` when it takes
    one); a tf.function's Python function is called, since it returns a dataset."""
    if not callable(dataset_fn):
        return dataset_fn
    fn = getattr(dataset_fn, "python_function", dataset_fn)
    try:
        takes_context = len(inspect.signature(fn).parameters) >= 1
    except (TypeError, ValueError):
        takes_context = False
    with strategy.scope():
        return fn(InputContext(1, 0, strategy.num_replicas_in_sync)) if takes_context else fn()

