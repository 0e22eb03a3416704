"""tf.distribute strategies: the default one, OneDeviceStrategy and MirroredStrategy.

MirroredStrategy runs one replica per device in its own thread (NumPy releases the
GIL in its kernels), each with a ReplicaContext whose `all_reduce` and `merge_call`
meet the other replicas at an in-process rendezvous (through the ReplicaAllReduce
op, so a replica function traced under tf.function all-reduces when its graph runs:
see replica_function.py; inside a function being traced, one op runs the replicas:
graph_run.py). Variables created in `scope()` become MirroredVariables.
Cross-device-ops classes (NCCL, hierarchical copy, reduction to one device) all
reduce in replica order on the host, which is what NCCL falls back to without GPUs.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import threading
import weakref
from typing import Any, Callable, Iterator, NamedTuple

import numpy as np

from eagerflow._src.control_flow.loops import autographed
from eagerflow._src.core import device, nest, tf_logging
from eagerflow._src.core import device as dev
from eagerflow._src.core.context import _state, autograph_status
from eagerflow._src.core.errors import UnavailableError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.distribute import context
from eagerflow._src.distribute.collective import ReduceOp, Rendezvous, as_reduce_op, reduce_arrays
from eagerflow._src.distribute.replica_context import ReplicaContext
from eagerflow._src.distribute.replica_function import ReplicaFunctions
from eagerflow._src.distribute.values import (
    DistributedValues,
    Mirrored,
    MirroredVariable,
    PerReplica,
    SyncOnReadVariable,
    regroup,
    select_replica,
)
from eagerflow._src.function.polymorphic import Function, in_per_replica_call
from eagerflow._src.ops import random_generator
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.array import concat, shape
from eagerflow._src.ops.checks import dt_enum
from eagerflow._src.ops.control_deps import group
from eagerflow._src.ops.debugging import get_logger
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import floordiv, truediv
from eagerflow._src.ops.math_base import add_n, cast
from eagerflow._src.ops.reduce import reduce_prod
from eagerflow._src.ops.variables import (
    VariableAggregation,
    VariableSynchronization,
    current_creators,
    inherit_creators,
    is_tf_variable,
    variable_creator_scope,
)

# Loaded on first use, so that a Keras model (whose trainer asks for the strategy) does
# not load tf.data: distributed input (a dataset's iteration across replicas) and
# `strategy.run` inside a function being traced.
dist_input = lazy_module("eagerflow._src.distribute.input")
graph_run = lazy_module("eagerflow._src.distribute.graph_run")

# ---------------------------------------------------------------------------------------
# Cross-device ops: accepted for API compatibility; all reduce on the host.
# ---------------------------------------------------------------------------------------

class CrossDeviceOps:
    """How replicas' values are combined. Every kind reduces in replica order on the host."""

    def reduce(self, reduce_op: Any, per_replica_value: Any, destinations: Any = None,
               options: Any = None) -> Any:
        tensors = [convert_to_tensor(v) for v in _components(per_replica_value)]
        if any(not hasattr(t, "_arr") for t in tensors):  # in a function being traced
            return _reduce_with_ops(tensors, as_reduce_op(reduce_op))
        return EagerTensor(reduce_arrays([t._arr for t in tensors], as_reduce_op(reduce_op)))


def _reduce_with_ops(tensors: list, op: ReduceOp) -> Tensor:
    """reduce_arrays as ops (the same sums, in replica order), for a graph: TF's AddN,
    whose shape function refuses replicas' values of other shapes as the graph is built."""
    total = add_n(tensors)
    if op is ReduceOp.MEAN:
        n = cast(len(tensors), total.dtype)
        total = truediv(total, n) if total.dtype.is_floating else floordiv(total, n)
    return total


class ReductionToOneDevice(CrossDeviceOps):
    def __init__(self, reduce_to_device: str | None = None, accumulation_fn: Any = None) -> None:
        self.reduce_to_device = reduce_to_device


class NcclAllReduce(CrossDeviceOps):
    """NCCL all-reduce; without GPUs it falls back to the host reduction (soft placement)."""

    def __init__(self, num_packs: int = 1) -> None:
        if num_packs < 0:
            raise ValueError(f"NCCL all-reduce requires num_packs >= 0, but {num_packs} is "
                             "specified.")
        self.num_packs = num_packs

    def reduce(self, reduce_op: Any, per_replica_value: Any, destinations: Any = None,
               options: Any = None) -> Any:
        """Replicas on distinct GPUs of one backend: NCCL's all-reduce (CuPy's binding),
        in place on copies of their arrays; anything else: the reduction on one device."""
        tensors = [convert_to_tensor(v) for v in _components(per_replica_value)]
        places = [device.lookup(getattr(t, "_device", "")) for t in tensors]
        backend = places[0].backend
        if len(tensors) < 2 or not all(hasattr(t, "_arr") for t in tensors) or \
                not hasattr(backend, "all_reduce") or \
                any(p.backend is not backend for p in places) or \
                len({p.physical for p in places}) != len(places):
            return super().reduce(reduce_op, per_replica_value, destinations, options)
        arrays = backend.all_reduce([t._arr.copy() for t in tensors], "sum")
        out = arrays[0]
        if as_reduce_op(reduce_op) is ReduceOp.MEAN:
            out = (out / len(arrays)).astype(out.dtype) if out.dtype.kind in "fV" else \
                out // len(arrays)  # (kind "V": bfloat16)
        return EagerTensor(out, tensors[0]._dtype, places[0].canonical)


class HierarchicalCopyAllReduce(CrossDeviceOps):
    def __init__(self, num_packs: int = 1) -> None:
        self.num_packs = num_packs


def _distributed(value: Any) -> bool:
    return isinstance(value, DistributedValues) or is_tf_variable(value, MirroredVariable)


def _components(value: Any) -> tuple:
    if isinstance(value, DistributedValues):
        return value.values
    if is_tf_variable(value, MirroredVariable):
        return tuple(EagerTensor(c) for c in value._copies)
    return (value,)


# ---------------------------------------------------------------------------------------
# Devices.
# ---------------------------------------------------------------------------------------

def canonical_device(spec: Any) -> str:
    """A strategy's device as TF's device_util.resolve names it: the spec's fields over
    /job:localhost/replica:0/task:0/device:CPU:0 and the device scope in force, by name
    only ('/gpu:7' stays GPU:7 where there is none: a replica placed on a missing device
    runs where soft placement puts it)."""
    d = device.DeviceSpec.from_string(spec.name if isinstance(spec, dev.LogicalDevice)
                                      else spec)
    if d.device_type is not None and d.device_type != d.device_type.upper():
        raise AssertionError(f"Device type '{d.device_type}' must be all-caps.")
    base = device.DeviceSpec("localhost", 0, 0, "CPU", 0)
    return base.make_merged_spec(device.current_device_spec()).make_merged_spec(d).to_string()


# ---------------------------------------------------------------------------------------
# Replica context.
# ---------------------------------------------------------------------------------------

class _DefaultReplicaContext(ReplicaContext):
    """The replica context outside any strategy: TF's replica id is the number 0, and its
    `devices` (deprecated) the device scope's, '' without one."""

    @property
    def replica_id_in_sync_group(self) -> Any:
        return 0

    @property
    def devices(self) -> tuple:
        tf_logging.deprecated_call("ReplicaContextBase.devices",
                                   "tensorflow.python.distribute.distribute_lib",
                                   "Please avoid relying on devices property.")
        scope = device.current_device_spec()
        if not scope.to_string():
            return ("",)
        return (device.DeviceSpec("localhost", 0, 0).make_merged_spec(scope).to_string(),)


class _OneDeviceReplicaContext(ReplicaContext):
    pass


class _MirroredReplicaContext(ReplicaContext):
    """A replica of the strategies TF runs in threads (mirrored_run): TF gives its
    devices as a list of the replica's device lists."""

    @property
    def devices(self) -> list:
        return [self._strategy.worker_devices_by_replica[self.local_index]]


# ---------------------------------------------------------------------------------------
# strategy.extended: TF's object of each strategy's implementation.
# ---------------------------------------------------------------------------------------

class StrategyExtendedV2:
    """`strategy.extended`: here the strategy holds the implementation, and this object
    reaches it (worker_devices, reduce_to, update, colocate_vars_with, ...)."""

    def __init__(self, container_strategy: Any) -> None:
        self._container_strategy_weakref = weakref.ref(container_strategy)

    def _container_strategy(self) -> Any:
        return self._container_strategy_weakref()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        strategy = self._container_strategy()
        if name in _EXTENDED_DEFAULTS and not hasattr(strategy, name):
            return _EXTENDED_DEFAULTS[name]
        return getattr(strategy, name)

    def call_for_each_replica(self, fn: Callable, args: tuple = (),
                              kwargs: dict | None = None) -> Any:
        strategy = self._container_strategy()
        if strategy._mirrored_run and _state.graph is not None:
            fn = autographed(fn)
        return strategy._run(fn, args, kwargs)


class _DefaultDistributionExtended(StrategyExtendedV2):
    """The default strategy's: it has no devices of its own to list, as TF's."""

    @property
    def worker_devices(self) -> tuple:
        raise RuntimeError("worker_devices() method unsupported by default "
                           "tf.distribute.Strategy.")

    @property
    def parameter_devices(self) -> tuple:
        raise RuntimeError("parameter_devices() method unsupported by default "
                           "tf.distribute.Strategy.")


_EXTENDED_CLASSES: dict = {"_DefaultDistributionExtended": _DefaultDistributionExtended}
# What `extended` says where its strategy does not say otherwise (one worker's strategies).
_EXTENDED_DEFAULTS = {"experimental_between_graph": False, "experimental_should_init": True,
                      "should_checkpoint": True, "should_save_summary": True}


def extended_class(name: str) -> type:
    """The class of a strategy's `extended` object, named as TF's ("MirroredExtended")."""
    cls = _EXTENDED_CLASSES.get(name)
    if cls is None:
        cls = _EXTENDED_CLASSES[name] = type(name, (StrategyExtendedV2,),
                                             {"__module__": __name__})
    return cls


# ---------------------------------------------------------------------------------------
# Strategies.
# ---------------------------------------------------------------------------------------

class InputReplicationMode(enum.Enum):
    PER_WORKER = "PER_WORKER"
    PER_REPLICA = "PER_REPLICA"


class InputOptions(NamedTuple):
    """How a distributed dataset is fed (eagerflow's replicas share the host's memory, so
    the options are kept, not acted on)."""

    experimental_fetch_to_device: bool = True
    experimental_replication_mode: InputReplicationMode = InputReplicationMode.PER_WORKER
    experimental_place_dataset_on_device: bool = False
    experimental_per_replica_buffer_size: int = 1


class RunOptions(NamedTuple):
    """`strategy.run`'s options (its TPU and XLA settings: kept, not acted on here)."""

    experimental_enable_dynamic_batch_size: bool = True
    experimental_bucketizing_dynamic_shape: bool = False
    experimental_xla_options: Any = None


_EAGER_RUN_WARNINGS = [0]  # TF logs its eager-run warning five times a process


def _warn_eager_run(name: str) -> None:
    if _EAGER_RUN_WARNINGS[0] < 5:
        _EAGER_RUN_WARNINGS[0] += 1
        get_logger().warning(
            f"Using {name} eagerly has significant overhead currently. We will be working on "
            "improving this in the future, but for now please wrap `call_for_each_replica` "
            "or `experimental_run` or `run` inside a tf.function to get the best performance.")


def _status_unspecified(fn: Callable) -> Callable:
    """fn as a replica thread of TF's mirrored_run calls it: AutoGraph's status (a
    thread's own) unspecified."""

    @functools.wraps(fn)
    def replica_fn(*args: Any, **kwargs: Any) -> Any:
        with autograph_status(None):
            return fn(*args, **kwargs)

    return replica_fn


class Strategy:
    """Base: a set of replicas (devices) that run the same computation in sync."""

    # a distributed dataset whose options ask for AutoShardPolicy.HINT reads each
    # `shard(SHARD_HINT, ...)` as this worker's shard (not the default strategy's)
    _fills_shard_hints = True

    def __init__(self, devices: list, cross_device_ops: Any = None) -> None:
        self._devices = [canonical_device(d) for d in devices]
        self._cross_device_ops = cross_device_ops or ReductionToOneDevice()
        self._default_replica_context = _DefaultReplicaContext(self, 0, None)
        self._scope_depth = 0
        self._lock = threading.Lock()
        self._current_rendezvous: Rendezvous | None = None
        self._replica_functions = ReplicaFunctions(
            self, lambda i: self._replica_context_class(self, i, None))
        self._extended = extended_class(self._extended_name)(self)

    cluster_resolver = None  # (one machine: MultiWorkerMirroredStrategy sets its own)
    _eager_run_name = ""  # the class name TF's eager `run` warning gives, where it warns
    # runs its replicas as TF's mirrored_run: AutoGraph converts the fn given to
    # extended.call_for_each_replica, and the replica fn runs with AutoGraph's status
    # unspecified (TF's replica threads: a merge_call there converts its merge_fn only
    # from converted code); the default and OneDevice strategies call fn as it is
    _mirrored_run = True
    _extended_name = "StrategyExtendedV2"  # the class of `extended`, as TF names it
    _replica_context_class: type = _MirroredReplicaContext  # a replica's, in `run`
    _wraps_values = True  # values_from_function gives PerReplica even of one replica
    # how TF's all_reduce in a replica treats values (replica_context.tf_all_reduce):
    # "mirrored", "central" or "collective"; None for the default and one-device strategies
    _all_reduce_path: str | None = "mirrored"

    # -- sizes and ids -----------------------------------------------------------------
    @property
    def num_replicas_in_sync(self) -> int:
        return len(self._devices)

    @property
    def extended(self) -> StrategyExtendedV2:
        return self._extended

    @property
    def worker_devices(self) -> tuple:
        return tuple(self._devices)

    @property
    def parameter_devices(self) -> tuple:  # mirrored variables live on every replica's device
        return tuple(self._devices)

    @property
    def worker_devices_by_replica(self) -> list:
        return [[d] for d in self._devices]

    def _global_replica_id(self, local_index: int) -> int:
        return local_index

    def _worker_layout(self) -> tuple:
        """(number of workers, this worker's index): (1, 0) except for multi-worker."""
        return 1, 0

    # -- scope and variables -------------------------------------------------------------
    def _require_cross_replica(self, message: str | None = None) -> None:
        """TF's check of a method that runs outside the replicas: in this strategy's scope,
        or in no strategy's (RuntimeError in a replica, or in another strategy's scope)."""
        ctx = context.current_replica_context()
        stack = context.current_strategies()
        if ctx is None and (not stack or stack[-1] is self):
            return
        current = ctx.strategy if ctx is not None else stack[-1]
        if current is not self:
            if not has_strategy():
                raise RuntimeError(f'Need to be inside "with strategy.scope()" for {self}')
            raise RuntimeError("Mixing different tf.distribute.Strategy objects: "
                               f"{current} is not {self}")
        raise RuntimeError(message or "Method requires being in cross-replica context, use "
                                      "get_replica_context().merge_call()")

    @contextlib.contextmanager
    def scope(self) -> Iterator[Strategy]:
        if has_strategy():  # (this strategy's scope again; not another's, nor in a replica)
            self._require_cross_replica()
        context.push_strategy(self)
        try:
            with variable_creator_scope(self._create_variable):
                yield self
        finally:
            context.pop_strategy(self)

    def _create_variable(self, next_creator: Callable, **kwargs: Any) -> Any:
        return next_creator(**kwargs)

    def variable_created_in_scope(self, v: Any) -> bool:
        return getattr(v, "_strategy", None) is self

    # -- running -------------------------------------------------------------------------
    def run(self, fn: Callable, args: tuple = (), kwargs: dict | None = None,
            options: Any = None) -> Any:
        """Runs `fn` on every replica; returns PerReplica results (plain with one replica).
        `fn` is converted by AutoGraph where its status is enabled, as TF's run converts it."""
        # (only while tracing: a tf.function run as Python compiles its replica functions,
        # cached by the function given)
        if _state.graph is not None:
            fn = autographed(fn)
        return self._run(fn, args, kwargs)

    def _run(self, fn: Callable, args: tuple, kwargs: dict | None) -> Any:
        self._require_cross_replica()
        if self._mirrored_run and _state.autograph is not None and _state.graph is not None:
            fn = _status_unspecified(fn)
        kwargs = kwargs or {}
        if self._eager_run_name and _state.graph is None and not in_per_replica_call() \
                and not isinstance(fn, Function):
            _warn_eager_run(self._eager_run_name)
        n = len(self._devices)
        if n == 1:
            return self._run_replica(fn, 0, args, kwargs, None)
        if _state.graph is not None:  # inside a function being traced: one op runs them
            return graph_run.run_in_graph(self, fn, args, kwargs)
        compiled = self._replica_functions.prepare(fn, args, kwargs)
        if compiled is None:
            fn = self._replica_functions.python_function(fn)
            return regroup(self._in_replicas(
                lambda i, r: self._run_replica(fn, i, args, kwargs, r), in_turn=True))
        return regroup(self._in_replicas(
            lambda i, r: self._run_replica(compiled[i], i, (), {}, r)))

    def _in_replicas(self, call: Callable[[int, Rendezvous], Any], in_turn: bool = False) -> list:
        """`call(i, rendezvous)` for every local replica i, each in its own thread (the
        first in this one); their results in replica order. A replica that fails aborts
        the others' collectives, and its error (not theirs) is raised. `in_turn`: the
        replicas run Python, one at a time in replica order between meetings, as TF's."""
        n = len(self._devices)
        rendezvous = Rendezvous(n, in_turn=in_turn)
        results: list = [None] * n
        errors: list = [None] * n
        parent, creators = context.current_strategies(), current_creators()

        def body(i: int) -> None:
            context.inherit(parent)
            if i:  # a variable created in `fn` is mirrored, on every replica's thread
                inherit_creators(creators)
            try:
                rendezvous.begin(i)
                results[i] = call(i, rendezvous)
            except BaseException as e:  # surfaced to the caller below
                errors[i] = e
                rendezvous.abort()
            finally:
                rendezvous.end(i)

        threads = [threading.Thread(target=body, args=(i,), name=f"replica-{i}")
                   for i in range(1, n)]
        for t in threads:
            t.start()
        body(0)
        for t in threads:
            t.join()
        first = next((e for e in errors if e is not None and not _is_abort(e)), None)
        first = first or next((e for e in errors if e is not None), None)
        if first is not None:
            raise first
        return results

    experimental_run_v2 = run  # the TF 2.0/2.1 name, as the seeds use it

    def _run_replica(self, fn: Callable, i: int, args: tuple, kwargs: dict,
                     rendezvous: Rendezvous | None) -> Any:
        ctx = self._replica_context_class(self, i, rendezvous)
        prev = context.set_replica_context(ctx)
        try:
            with device.placed_on(self._devices[i]):
                return fn(*select_replica(i, args), **select_replica(i, kwargs))
        finally:
            context.set_replica_context(prev)

    def _collect(self, ctx: ReplicaContext, arrays: list) -> list:
        """Every replica's `arrays` (in replica order), for collectives."""
        return ctx._exchange(arrays)

    # -- reductions and values ---------------------------------------------------------
    def reduce(self, reduce_op: Any, value: Any, axis: int | None = None) -> Any:
        """Combines a per-replica value across replicas (and along `axis` if given)."""
        self._require_cross_replica()
        op = as_reduce_op(reduce_op)
        n = len(self._devices)  # (a worker's own replicas: another worker's reduce here too)
        if not _distributed(value) and n > 1:
            if axis is None:  # (TF's reduce_non_distributed_value)
                if op is ReduceOp.MEAN:
                    return value
                raise ValueError(f"A non-DistributedValues value {value!s} cannot be reduced "
                                 f"with the given reduce op {op}.")
            value = PerReplica([value] * n)  # along an axis: as each replica's value
        parts = [convert_to_tensor(v) for v in _components(value)]
        if axis is not None:
            _check_reduction_axis(parts[0], axis)
        if axis is None and op is ReduceOp.MEAN and parts[0].dtype.is_integer:
            # TF's sum / replicas: float64
            return truediv(self.reduce(ReduceOp.SUM, value), self.num_replicas_in_sync)
        if axis is None:
            return self._cross_device_ops.reduce(op, PerReplica(parts)) if len(parts) > 1 \
                else self._local_reduce(op, parts[0])
        sums = [R.reduce_sum(p, axis=axis) for p in parts]
        total = self._cross_device_ops.reduce(ReduceOp.SUM, PerReplica(sums)) if len(sums) > 1 \
            else sums[0]
        if op is ReduceOp.MEAN:
            total = truediv(total, cast(_count_along(parts, axis), total.dtype))
        return self._cross_worker_reduce(op if axis is None else ReduceOp.SUM, total)

    def _local_reduce(self, op: ReduceOp, t: Tensor) -> Tensor:
        return self._cross_worker_reduce(op, t)

    def _cross_worker_reduce(self, op: ReduceOp, t: Tensor) -> Tensor:
        return t

    def experimental_local_results(self, value: Any) -> tuple:
        if _distributed(value) or not nest.is_nested(value):
            return tuple(_components(value))
        # a structure: one per replica, its distributed values' parts in it
        return tuple(nest.map_structure(lambda x, i=i: _components(x)[i] if _distributed(x)
                                        else x, value) for i in range(len(self._devices)))

    def gather(self, value: Any, axis: int) -> Tensor:
        self._require_cross_replica("tf.distribute.Strategy.gather method requires "
                                    "cross-replica context, use "
                                    "get_replica_context().all_gather() instead")
        parts = [convert_to_tensor(v) for v in _components(value)]
        rank = parts[0].shape.rank
        if rank is not None and not -rank <= axis < rank:
            # (TF's all-gather, traced, fails at its range of the other axes)
            raise ValueError(f"in user code:\n\n\n    ValueError: Requires start <= limit when "
                             f"delta > 0: {axis % rank + 1 if rank else axis + 1}/{rank}")
        return concat(parts, axis=axis)

    # extended-style API used by optimizers and Keras
    def reduce_to(self, reduce_op: Any, value: Any, destinations: Any = None,
                  options: Any = None) -> Any:
        return self.reduce(reduce_op, value)

    def batch_reduce_to(self, reduce_op: Any, value_destination_pairs: list,
                        options: Any = None) -> list:
        return [self.reduce(reduce_op, v) for v, _ in value_destination_pairs]

    def update(self, var: Any, fn: Callable, args: tuple = (), kwargs: dict | None = None,
               group: bool = True) -> Any:
        # (TF's update converts `fn` with AutoGraph where its status is enabled)
        return autographed(fn)(var, *args, **(kwargs or {}))

    @contextlib.contextmanager
    def colocate_vars_with(self, colocate_with_variable: Any) -> Iterator[None]:
        """Variables made inside live where `colocate_with_variable` does: every variable
        of a strategy here lives on all its devices, so they do already."""
        yield

    def group(self, value: Any, name: str | None = None) -> Any:
        """The one local result of `value` as it is; several grouped (TF's tf.group)."""
        parts = self.experimental_local_results(value)
        return parts[0] if len(parts) == 1 and name is None else group(*parts, name=name)

    def unwrap(self, value: Any) -> tuple:
        """The deprecated name of experimental_local_results."""
        return self.experimental_local_results(value)

    # -- input -------------------------------------------------------------------------
    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        return dist_input.DistributedDataset(self, dataset, options)

    def distribute_datasets_from_function(self, dataset_fn: Callable, options: Any = None) -> Any:
        return dist_input.DistributedDatasetsFromFunction(self, dataset_fn, options)

    experimental_distribute_datasets_from_function = distribute_datasets_from_function

    def experimental_distribute_values_from_function(self, value_fn: Callable) -> Any:
        n = len(self._devices)
        values = [value_fn(ValueContext(i, n)) for i in range(n)]
        if n == 1 and not self._wraps_values:
            return values[0]
        # TF's regroup: a structure of PerReplica leaves, even of one replica's
        return regroup(values, always_wrap=True)



def _check_reduction_axis(part: Tensor, axis: Any) -> None:
    """TF reduces each replica's value along `axis` in a tf.function: an axis the value
    lacks is the traced Sum's shape error."""
    rank = part.shape.rank
    for a in np.atleast_1d(axis).tolist():
        if rank is not None and not -rank <= a < rank:
            shape = "[" + ",".join("?" if d is None else str(d) for d in part.shape.as_list()) + "]"
            raise ValueError(
                f"in user code:\n\n\n    ValueError: Invalid reduction dimension {a} for input "
                f"with {rank} dimensions. for '{{{{node Sum}}}} = Sum[T={dt_enum(part.dtype)}, "
                "Tidx=DT_INT32, keep_dims=false](args_0, Sum/reduction_indices)' with input "
                f"shapes: {shape}, [] and with computed input tensors: input[1] = <{a}>.\n")


def _count_along(parts: list, axis: Any) -> Any:
    """How many elements the parts hold along `axis`: a number when their shapes say,
    else an op reading the shapes when the graph runs."""
    axes = list(np.atleast_1d(axis))
    dims = [p.shape.as_list()[a] if p.shape.rank is not None else None
            for p in parts for a in axes]
    if all(d is not None for d in dims):
        return int(np.sum([np.prod(dims[k:k + len(axes)])
                           for k in range(0, len(dims), len(axes))]))
    def count(p: Tensor) -> Tensor:
        rank = p.shape.rank
        return reduce_prod(gather(shape(p), [a % rank if rank else a for a in axes]))

    return add_n([count(p) for p in parts])


def _is_abort(e: BaseException) -> bool:
    return isinstance(e, UnavailableError) and "another replica failed" in str(e)


class ValueContext:
    """tf.distribute.experimental.ValueContext: what `value_fn` of
    experimental_distribute_values_from_function is told about its replica."""

    def __init__(self, replica_id_in_sync_group: int = 0, num_replicas_in_sync: int = 1) -> None:
        self._replica_id_in_sync_group = replica_id_in_sync_group
        self._num_replicas_in_sync = num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self) -> int:
        return self._replica_id_in_sync_group

    @property
    def num_replicas_in_sync(self) -> int:
        return self._num_replicas_in_sync

    def __str__(self) -> str:
        return (f"tf.distribute.ValueContext(replica id {self._replica_id_in_sync_group},  "
                f"total replicas in sync: {self._num_replicas_in_sync})")


class _DefaultDistributionStrategy(Strategy):
    _extended_name = "_DefaultDistributionExtended"
    _mirrored_run = False
    _fills_shard_hints = False
    _replica_context_class = _DefaultReplicaContext
    _wraps_values = False
    _all_reduce_path = None

    def __init__(self) -> None:
        super().__init__(["/cpu:0"])

    # (TF's default strategy hands datasets back as they are)
    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        return dataset

    def distribute_datasets_from_function(self, dataset_fn: Callable, options: Any = None) -> Any:
        return dataset_fn(dist_input.InputContext())

    experimental_distribute_datasets_from_function = distribute_datasets_from_function


class OneDeviceStrategy(Strategy):
    """Runs everything on one device (`tf.distribute.OneDeviceStrategy("/gpu:0")`)."""

    _extended_name = "OneDeviceExtended"
    _mirrored_run = False
    _replica_context_class = _OneDeviceReplicaContext
    _wraps_values = False
    _all_reduce_path = None

    def __init__(self, device: str) -> None:
        super().__init__([device])

    def _create_variable(self, next_creator: Callable, **kwargs: Any) -> Any:
        with device.placed_on(self._devices[0]):
            return next_creator(**kwargs)


class MirroredStrategy(Strategy):
    """Synchronous replicas on several devices of this machine, one thread each."""

    _eager_run_name = "MirroredStrategy"
    _extended_name = "MirroredExtended"

    def __init__(self, devices: list | None = None, cross_device_ops: Any = None) -> None:
        if devices is None:
            # TF's choice: every logical GPU, else every logical CPU (a CPU split into
            # logical devices gives one replica each)
            devices = [d.name for d in dev.list_logical_devices("GPU")] or \
                [d.name for d in dev.list_logical_devices("CPU")]
        if not devices:
            raise ValueError("Got an empty `devices` list and unable to recognize any local "
                             "devices.")
        super().__init__(list(devices), cross_device_ops or NcclAllReduce())
        if len(set(self._devices)) != len(self._devices):  # (TF's assertion)
            raise AssertionError("No duplicates allowed in `devices` argument: "
                                 f"{tuple(self._devices)}")

    def _create_variable(self, next_creator: Callable, **kwargs: Any) -> Any:
        ctx = context.current_replica_context()
        if ctx is not None and ctx._rendezvous is not None:
            # Created inside run(): one replica creates it, all share it.
            return ctx.merge_call(lambda s: Mirrored([self._make_mirrored(next_creator, kwargs)] *
                                                     s.num_replicas_in_sync))
        return self._make_mirrored(next_creator, kwargs)

    def _make_mirrored(self, next_creator: Callable, kwargs: dict) -> Any:
        with device.placed_on(self._devices[0]):
            primary = next_creator(**kwargs)
        # each replica's copy on its own device
        copies = [primary._arr] + [device.copy_to_device(primary._arr, device.lookup(d))
                                   for d in self._devices[1:]]
        cls = SyncOnReadVariable if kwargs.get("synchronization") == \
            VariableSynchronization.ON_READ else MirroredVariable
        if cls is SyncOnReadVariable:
            copies[1:] = [c * 0 for c in copies[1:]] if primary._aggregation == \
                VariableAggregation.SUM else copies[1:]
        return cls.from_copies(primary, copies, self)


_DEFAULT: list = []


def default_strategy() -> Strategy:
    if not _DEFAULT:
        _DEFAULT.append(_DefaultDistributionStrategy())
    return _DEFAULT[0]


# The strategy and replica context in force (the default ones outside any scope).

def get_strategy() -> Any:
    ctx = context.current_replica_context()
    if ctx is not None:
        return ctx.strategy
    stack = context.current_strategies()
    if stack:
        return stack[-1]
    return default_strategy()


def has_strategy() -> bool:
    return get_strategy() is not default_strategy()


_global_scope: list = [None]  # the scope experimental_set_strategy entered, if any


def experimental_set_strategy(strategy: Any) -> None:
    """Makes `strategy` the one in force outside any `scope()` (None: none), as if its
    scope were entered for good; the one set before is left first, as in TF."""
    old = _global_scope[0]
    if old is not None:
        old.__exit__(None, None, None)
        _global_scope[0] = None
    if has_strategy():
        raise RuntimeError("Must not be called inside a `tf.distribute.Strategy` scope.")
    if strategy is not None:
        scope = strategy.scope()
        scope.__enter__()
        _global_scope[0] = scope


def get_replica_context() -> Any:
    ctx = context.current_replica_context()
    if ctx is not None:
        return ctx
    if context.current_strategies():
        return None  # inside a strategy's scope but outside run(): cross-replica context
    return default_strategy()._default_replica_context


def get_cross_replica_context() -> Any:
    if context.current_replica_context() is not None:
        return None
    return get_strategy()


def _replica_id() -> Any:
    ctx = context.current_replica_context()
    return None if ctx is None else ctx.replica_id_in_sync_group


# Generators created under a strategy key each replica's draws by its id.
random_generator.set_distribution_hooks(
    lambda: get_strategy() if has_strategy() else None, _replica_id)
