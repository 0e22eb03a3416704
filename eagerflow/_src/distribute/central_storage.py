"""tf.distribute.experimental.CentralStorageStrategy: variables on one device, the
computation replicated on the compute devices, as TF 2.21's.

Distribute layer, beside strategy.py (whose Strategy runs the replicas, one thread each).
TF keeps one variable on the parameter device (the CPU, or the single compute device when
there is one) and wraps it in an AggregatingVariable, whose writes made in a replica are
combined across the replicas (by its aggregation) and applied once. Here the variable
keeps one identical array per replica, all on the parameter device, and every replica
writes the combined value to its own: the same values TF gives, without replicas racing
on one array, and a replica graph traced once for all of them reads and writes its own
(see replica_function.py). A write with no aggregation made in a replica, outside an
optimizer's update, is refused with TF's error, as TF refuses it.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.control_flow.loops import autographed
from eagerflow._src.core import device
from eagerflow._src.distribute import context
from eagerflow._src.distribute.input import DistributedDataset
from eagerflow._src.distribute.strategy import ReductionToOneDevice, Strategy
from eagerflow._src.distribute.values import MirroredVariable, current_replica_index
from eagerflow._src.ops.math import add, subtract
from eagerflow._src.ops.variables import Variable, VariableAggregation, is_tf_variable

_LOCAL_CPU = "/device:CPU:0"

_NEEDS_AGGREGATION = (
    "You must specify an aggregation method to update a AggregatingVariable in Replica "
    "Context. You can do so by passing an explicit value for argument `aggregation` to "
    "tf.Variable(..).e.g. `tf.Variable(..., aggregation=tf.VariableAggregation.SUM)`"
    "`tf.VariableAggregation` lists the possible aggregation methods.This is required "
    "because AggregatingVariable should always be kept in sync. When updating them or "
    "assigning to them in a replica context, we automatically try to aggregate the values "
    "before updating the variable. For this aggregation, we need to know the aggregation "
    "method. Another alternative is to not try to update such AggregatingVariable in "
    "replica context, but in cross replica context. You can enter cross replica context by "
    "calling `tf.distribute.get_replica_context().merge_call(merge_fn, ..)`.Inside "
    "`merge_fn`, you can then update the AggregatingVariable using "
    "`tf.distribute.StrategyExtended.update()`.")


class AggregatingVariable(MirroredVariable):
    """A variable of CentralStorageStrategy: one value, on the parameter device, whose
    replica writes are aggregated; it prints and saves as a plain tf.Variable."""

    @property
    def _device(self) -> str:
        return self._strategy._variable_canonical

    def get(self) -> Variable:
        """The variable itself (TF's wrapped variable; here there is one object)."""
        return self

    def _write(self, t: Any, mode: str) -> Any:
        if current_replica_index() is not None and self._aggregation == \
                VariableAggregation.NONE and not context.in_update():
            raise ValueError(_NEEDS_AGGREGATION)
        if mode != "set" and getattr(self, "_keras_variable", False) and \
                current_replica_index() is not None and not context.in_update():
            # Keras 3's assign_add is assign(self + value): what the replicas combine is
            # each one's new value, so a SUM counts the old value once per replica (a
            # metric's total under this strategy in TF 2.21)
            old = Variable.value(self)
            t = add(old, t) if mode == "add" else subtract(old, t)
            mode = "set"
        super()._write(t, mode)
        return self  # one variable, the same object in every replica (TF's merge result)

    def _check_python_sum(self, value: Any) -> None:
        # TF reduces a SUM write across replicas with merge_call: a Python number is the
        # same object in every replica, not a per-replica value, and TF refuses it
        if current_replica_index() is not None and isinstance(value, (int, float)) and \
                self._aggregation == VariableAggregation.SUM and not context.in_update():
            raise ValueError(f"A non-DistributedValues value {value} cannot be reduced with "
                             "the given reduce op ReduceOp.SUM.")

    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> Any:
        self._check_python_sum(value)
        return super().assign(value, use_locking, name, read_value)

    def assign_add(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        self._check_python_sum(delta)
        return super().assign_add(delta, use_locking, name, read_value)

    def assign_sub(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        self._check_python_sum(delta)
        return super().assign_sub(delta, use_locking, name, read_value)

    @property
    def values(self) -> tuple:
        return (self,)

    def __repr__(self) -> str:
        return Variable.__repr__(self)


class CentralStorageStrategy(Strategy):
    """`tf.distribute.experimental.CentralStorageStrategy(compute_devices=None,
    parameter_device=None)`: replicas on the compute devices (every GPU, else the CPU),
    variables on the parameter device (the CPU, or the one compute device)."""

    _extended_name = "ParameterServerStrategyExtended"
    _eager_run_name = "CentralStorageStrategy"  # (TF's class)
    _all_reduce_path = "central"  # (replica_context.tf_all_reduce)

    def __init__(self, compute_devices: list | None = None,
                 parameter_device: str | None = None) -> None:
        if compute_devices is None:
            gpus = device.list_logical_devices("GPU")
            compute_devices = [f"/device:GPU:{i}" for i in range(len(gpus))] or [_LOCAL_CPU]
        compute_devices = [canonicalize(d) for d in compute_devices]
        if parameter_device is None:
            parameter_device = compute_devices[0] if len(compute_devices) == 1 else _LOCAL_CPU
        super().__init__(list(compute_devices), ReductionToOneDevice())
        self._compute_devices = list(compute_devices)
        self._variable_device = parameter_device
        self._variable_canonical = device.canonical_name(parameter_device)

    # -- what TF's ParameterServerStrategyExtended reports ---------------------------------
    @property
    def worker_devices(self) -> list:
        return list(self._compute_devices)

    @property
    def worker_devices_by_replica(self) -> list:
        return [[d] for d in self._compute_devices]

    @property
    def parameter_devices(self) -> tuple:
        return (self._variable_device,)

    @property
    def experimental_between_graph(self) -> bool:
        return True

    @property
    def experimental_should_init(self) -> bool:
        return True

    should_checkpoint = experimental_should_init
    should_save_summary = experimental_should_init

    def non_slot_devices(self, var_list: list) -> Any:
        return min(var_list, key=lambda v: v.name)

    def read_var(self, var: Any) -> Any:
        return var.read_value()

    def value_container(self, val: Any) -> Any:
        return val

    # -- variables -------------------------------------------------------------------------
    def _create_variable(self, next_creator: Callable, **kwargs: Any) -> Any:
        if self.num_replicas_in_sync <= 1:
            with device.placed_on(self._variable_canonical):
                return next_creator(**kwargs)
        aggregation = kwargs.get("aggregation", VariableAggregation.NONE)
        if aggregation not in (VariableAggregation.NONE, VariableAggregation.SUM,
                               VariableAggregation.MEAN,
                               VariableAggregation.ONLY_FIRST_REPLICA, None):
            raise ValueError(f"Invalid variable aggregation mode: {aggregation} for variable: "
                             f"{kwargs.get('name')}")
        ctx = context.current_replica_context()
        if ctx is not None and ctx._rendezvous is not None:
            return ctx.merge_call(lambda s: s._make_aggregating(next_creator, kwargs))
        return self._make_aggregating(next_creator, kwargs)

    def _make_aggregating(self, next_creator: Callable, kwargs: dict) -> Any:
        with device.placed_on(self._variable_canonical):
            primary = next_creator(**kwargs)
        # one array per replica, all on the parameter device (see the module docstring)
        copies = [primary._arr] + [primary._arr.copy() for _ in self._devices[1:]]
        return AggregatingVariable.from_copies(primary, copies, self)

    def variable_created_in_scope(self, v: Any) -> bool:
        return getattr(v, "_strategy", None) is self or \
            getattr(v, "_created_by", None) is self

    def experimental_local_results(self, value: Any) -> tuple:
        if is_tf_variable(value, AggregatingVariable):
            return (value,)
        return super().experimental_local_results(value)

    def update(self, var: Any, fn: Callable, args: tuple = (), kwargs: dict | None = None,
               group: bool = True) -> Any:
        with context.update_scope():
            return autographed(fn)(var, *args, **(kwargs or {}))

    # -- input -------------------------------------------------------------------------
    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        if options is not None:
            # TF 2.21 reads a misspelled attribute of the options here
            raise AttributeError(f"'{type(options).__name__}' object has no attribute "
                                 "'experimental_replication_moden'")
        return DistributedDataset(self, dataset)

    def __repr__(self) -> str:
        return object.__repr__(self)


def canonicalize(spec: str) -> str:
    """TF's device_util.canonicalize: `spec` completed by this task's CPU:0, by name only
    ('/cpu:1' -> '/job:localhost/replica:0/task:0/device:CPU:1', whether or not it
    exists: a replica on a missing device is placed softly when it runs)."""
    base = device.DeviceSpec.from_string("/job:localhost/replica:0/task:0/device:CPU:0")
    return base.make_merged_spec(device.DeviceSpec.from_string(spec)).to_string()
