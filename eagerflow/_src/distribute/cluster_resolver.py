"""tf.train.ClusterSpec and tf.distribute.cluster_resolver: the jobs and tasks of a
multi-worker cluster, and where a process finds which task it is (TF_CONFIG).

Distribute layer, under multi_worker.py, whose MultiWorkerMirroredStrategy asks a
resolver for its task. ClusterDef and JobDef are TF's messages (cluster.proto), declared
with io/protos.py's helpers.
"""

from __future__ import annotations

import json
import os
from typing import Any

from google.protobuf import descriptor_pool

from eagerflow._src.io.protos import build, field, map_entry, message

_POOL = descriptor_pool.DescriptorPool()
_PROTOS = build(_POOL, "eagerflow/tensorflow_cluster.proto", "tensorflow", [
    message("JobDef", [field("name", 1, "string"),
                       field("tasks", 2, ".tensorflow.JobDef.TasksEntry", repeated=True)],
            nested=(map_entry("TasksEntry", "int32", "string"),)),
    message("ClusterDef", [field("job", 1, ".tensorflow.JobDef", repeated=True)]),
])
ClusterDef = _PROTOS["tensorflow.ClusterDef"]
JobDef = _PROTOS["tensorflow.JobDef"]

_NOT_A_CLUSTER = ("`cluster` must be a dictionary mapping one or more job names to lists of "
                  "network addresses, or a `ClusterDef` protocol buffer")


def _tasks(job: str, tasks: Any) -> dict:
    """{task index: address} from a list of addresses or a dict of them."""
    if isinstance(tasks, (list, tuple)):
        tasks = dict(enumerate(tasks))
    elif not isinstance(tasks, dict):
        raise TypeError(f"The tasks for job {job!r} must be a list or a dictionary from "
                        "integers to strings.")
    out = {}
    for index, address in tasks.items():
        if isinstance(address, bytes):
            address = address.decode()
        if not isinstance(address, str):
            raise TypeError(f"Task address {address!r} must be bytes or unicode")
        out[int(index)] = address
    return out


class ClusterSpec:
    """A cluster: job names to their tasks' network addresses."""

    def __init__(self, cluster: Any) -> None:
        if isinstance(cluster, ClusterSpec):
            cluster = cluster.as_dict()
        elif isinstance(cluster, ClusterDef):
            cluster = {j.name: dict(j.tasks) for j in cluster.job}
        if not isinstance(cluster, dict):
            raise TypeError(_NOT_A_CLUSTER)
        self._jobs = {str(job): _tasks(job, tasks) for job, tasks in cluster.items()}

    def __bool__(self) -> bool:
        return bool(self._jobs)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, ClusterSpec) and self._jobs == other._jobs

    def __ne__(self, other: Any) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        return f"ClusterSpec({dict(sorted(self.as_dict().items()))!r})"

    @property
    def jobs(self) -> list:
        return list(self._jobs)

    def _job(self, job_name: str) -> dict:
        try:
            return self._jobs[job_name]
        except KeyError:
            raise ValueError(f"No such job in cluster: {job_name!r}") from None

    def num_tasks(self, job_name: str) -> int:
        return len(self._job(job_name))

    def task_indices(self, job_name: str) -> list:
        return sorted(self._job(job_name))

    def task_address(self, job_name: str, task_index: int) -> str:
        tasks = self._job(job_name)
        if task_index not in tasks:
            raise ValueError(f"No task with index {task_index} in job {job_name!r}")
        return tasks[task_index]

    def job_tasks(self, job_name: str) -> list:
        """The addresses of the job's tasks by index, None where an index has no task."""
        tasks = self._job(job_name)
        return [tasks.get(i) for i in range(max(tasks) + 1)] if tasks else []

    def as_dict(self) -> dict:
        """Each job as a list of addresses when its indices are 0..n-1, else as a dict."""
        return {job: [tasks[i] for i in range(len(tasks))]
                if sorted(tasks) == list(range(len(tasks))) else dict(tasks)
                for job, tasks in self._jobs.items()}

    def as_cluster_def(self) -> Any:
        """The cluster as TF's ClusterDef message (jobs sorted by name, as TF writes it)."""
        proto = ClusterDef()
        for job in sorted(self._jobs):
            jd = proto.job.add(name=job)
            for index, address in self._jobs[job].items():
                jd.tasks[index] = address
        return proto


# ---------------------------------------------------------------------------------------
# Cluster resolvers

class ClusterResolver:
    """Where a process learns its cluster and which task it is (an abstract base)."""

    task_type: str | None = None
    task_id: int | None = None
    rpc_layer: str | None = None
    environment: str = ""

    def cluster_spec(self) -> ClusterSpec:
        raise NotImplementedError

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        raise NotImplementedError

    def num_accelerators(self, task_type: str | None = None, task_id: int | None = None,
                         config_proto: Any = None) -> dict:
        """Accelerators per type on this machine's task ({} without GPUs)."""
        return {}


def _address(cluster: ClusterSpec, task_type: str | None, task_id: int | None,
             rpc_layer: str | None) -> str:
    if not task_type or task_id is None or task_type not in cluster.jobs:
        return ""
    address = cluster.task_address(task_type, task_id)
    return f"{rpc_layer}://{address}" if rpc_layer else address


class SimpleClusterResolver(ClusterResolver):
    """A resolver over a given ClusterSpec and task."""

    def __init__(self, cluster_spec: ClusterSpec, master: str = "",
                 task_type: str | None = None, task_id: int | None = None,
                 environment: str = "", num_accelerators: dict | None = None,
                 rpc_layer: str | None = None) -> None:
        if not isinstance(cluster_spec, ClusterSpec):
            raise TypeError("cluster_spec must be a `tf.train.ClusterSpec`.")
        self._cluster = cluster_spec
        self._master = master
        self.task_type, self.task_id = task_type, task_id
        self.environment = environment
        self._accelerators = dict(num_accelerators or {})
        self.rpc_layer = rpc_layer

    def cluster_spec(self) -> ClusterSpec:
        return self._cluster

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        if task_type is not None and task_id is not None:
            return _address(self._cluster, task_type, task_id, rpc_layer or self.rpc_layer)
        # (TF's puts the rpc layer before the master it was given, too)
        layer = rpc_layer or self.rpc_layer
        return f"{layer}://{self._master}" if layer else self._master

    def num_accelerators(self, task_type: str | None = None, task_id: int | None = None,
                         config_proto: Any = None) -> dict:
        return dict(self._accelerators)


class TFConfigClusterResolver(ClusterResolver):
    """The cluster and task that the TF_CONFIG environment variable (JSON) describes, read
    each time they are asked for, as TF reads it."""

    def __init__(self, task_type: str | None = None, task_id: int | None = None,
                 rpc_layer: str | None = None, environment: str | None = None) -> None:
        self._task_type, self._task_id = task_type, task_id
        self._rpc_layer, self._environment = rpc_layer, environment

    @staticmethod
    def _config() -> dict:
        return json.loads(os.environ.get("TF_CONFIG") or "{}")

    @property
    def task_type(self) -> str | None:
        if self._task_type is not None:
            return self._task_type
        return self._config().get("task", {}).get("type")

    @task_type.setter
    def task_type(self, value: str | None) -> None:
        self._task_type = value

    @property
    def task_id(self) -> int | None:
        if self._task_id is not None:
            return self._task_id
        index = self._config().get("task", {}).get("index")
        return None if index is None else int(index)

    @task_id.setter
    def task_id(self, value: int | None) -> None:
        self._task_id = value

    @property
    def rpc_layer(self) -> str | None:
        return self._rpc_layer if self._rpc_layer is not None else \
            self._config().get("rpc_layer")

    @rpc_layer.setter
    def rpc_layer(self, value: str | None) -> None:
        self._rpc_layer = value

    @property
    def environment(self) -> str | None:
        return self._environment if self._environment is not None else \
            self._config().get("environment")

    def cluster_spec(self) -> ClusterSpec:
        return ClusterSpec(self._config().get("cluster", {}))

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        return _address(self.cluster_spec(), task_type or self.task_type,
                        self.task_id if task_id is None else task_id,
                        rpc_layer if rpc_layer is not None else self.rpc_layer)
