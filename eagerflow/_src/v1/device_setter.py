"""TF 1's device functions: `tf.compat.v1.device`, which takes a function of an operation
as well as a device name, and `tf.compat.v1.train.replica_device_setter`, the function
that places a between-graph replicated model's variables on the parameter-server tasks
(round robin, or by `ps_strategy`) and its other operations on the worker.

A device function given to `device` while a graph is built is called with each operation
made inside (core/device.py's op_device), which records its answer as TF's does; whether
that device exists is asked where the graph runs (a Session's placement).

TF 1 layer (v1/): loaded by tf.compat.v1 on first use.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.device import DeviceSpecV2, device_function_scope
from eagerflow._src.core.device import device as _device
from eagerflow._src.distribute.cluster_resolver import ClusterSpec

# The operations TF places on a parameter server: variables and other state
STANDARD_PS_OPS = (
    "Variable", "VariableV2", "AutoReloadVariable", "MutableHashTable", "MutableHashTableV2",
    "MutableHashTableOfTensors", "MutableHashTableOfTensorsV2", "MutableDenseHashTable",
    "MutableDenseHashTableV2", "VarHandleOp", "BoostedTreesEnsembleResourceHandleOp",
    "BoostedTreesQuantileStreamResourceHandleOp", "ResourceConditionalAccumulator",
    "DecisionTreeResource")


def device(device_name_or_function: Any) -> Any:
    """`tf.compat.v1.device`: tf.device's scope for a device name; a device function (an
    operation to its device) only while a graph is built (TF's RuntimeError eagerly)."""
    if callable(device_name_or_function):
        if executing_eagerly():
            raise RuntimeError("tf.device does not support functions when eager execution is "
                               "enabled.")
        return device_function_scope(device_name_or_function)
    return _device(device_name_or_function)


class _RoundRobin:
    """The ps task of each next placed operation: 0, 1, ..., ps_tasks - 1, 0, ..."""

    def __init__(self, num_tasks: int) -> None:
        self._num_tasks = num_tasks
        self._next = 0

    def __call__(self, unused_op: Any) -> int:
        task = self._next
        self._next = (self._next + 1) % self._num_tasks
        return task


class _ReplicaDeviceChooser:
    def __init__(self, ps_tasks: int, ps_device: str, worker_device: str, merge_devices: bool,
                 ps_ops: Any, ps_strategy: Callable) -> None:
        self._ps_tasks = ps_tasks
        self._ps_device = ps_device
        self._worker_device = worker_device
        self._merge_devices = merge_devices
        self._ps_ops = ps_ops
        self._ps_strategy = ps_strategy

    def device_function(self, op: Any) -> str:
        """The device of `op` (an operation or NodeDef): a ps task's for a state operation
        (the task from the strategy when the job is the ps job), else the worker's, the
        operation's own device merged over either."""
        if not self._merge_devices and op.device:
            return op.device
        current = DeviceSpecV2.from_string(op.device or "")
        node_op = op.op if hasattr(op, "attr") else op.node_def.op  # (a NodeDef has attr)
        if self._ps_tasks and self._ps_device and node_op in self._ps_ops:
            ps = DeviceSpecV2.from_string(self._ps_device)
            if ps.job and (not current.job or current.job == ps.job):
                ps = ps.replace(task=self._ps_strategy(op))
            return ps.make_merged_spec(current).to_string()
        worker = DeviceSpecV2.from_string(self._worker_device or "")
        return worker.make_merged_spec(current).to_string()


def replica_device_setter(ps_tasks: int = 0, ps_device: str = "/job:ps",
                          worker_device: str = "/job:worker", merge_devices: bool = True,
                          cluster: Any = None, ps_ops: Any = None,
                          ps_strategy: Callable | None = None) -> Callable | None:
    """`tf.compat.v1.train.replica_device_setter`: the device function of a replicated
    model (None without ps tasks: the number given, or that of `cluster`'s ps job)."""
    if cluster is not None:
        jobs = (cluster if isinstance(cluster, ClusterSpec) else ClusterSpec(cluster)).as_dict()
        ps_job = DeviceSpecV2.from_string(ps_device).job
        if ps_job not in jobs or jobs[ps_job] is None:
            return None
        ps_tasks = len(jobs[ps_job])
    if ps_tasks == 0:
        return None
    if ps_ops is None:
        ps_ops = list(STANDARD_PS_OPS)
    if not merge_devices:
        tf_logging.warning(
            "DEPRECATION: It is recommended to set merge_devices=true in "
            "replica_device_setter")
    if ps_strategy is None:
        ps_strategy = _RoundRobin(ps_tasks)
    if not callable(ps_strategy):
        raise TypeError("ps_strategy must be callable")
    return _ReplicaDeviceChooser(ps_tasks, ps_device, worker_device, merge_devices, ps_ops,
                                 ps_strategy).device_function
