"""tf.train.ServerDef and tf.config.experimental.ClusterDeviceFilters: the messages of
TF's tensorflow_server.proto and device_filters.proto, in the pool of cluster_resolver.py
(so a ServerDef's `cluster` is tf.train.ClusterDef), and TF's builder of device filters.

Distribute layer, loaded on first use. A ServerDef's `default_session_config` is TF's
ConfigProto, whose definition eagerflow takes from the protos TensorBoard ships (the
`saved_model` extra), added to the same pool: its fields and wire format are TF's, its
class is that pool's, not tf.compat.v1.ConfigProto's. eagerflow runs no TF server: the
message is for programs that build or read one.
"""

from __future__ import annotations

from typing import Any

from google.protobuf import descriptor_pb2

from eagerflow._src.distribute import cluster_resolver as CR
from eagerflow._src.io.protos import build, field, map_entry, message

_FILTERS = build(CR._POOL, "eagerflow/tensorflow_device_filters.proto", "tensorflow", [
    message("TaskDeviceFilters", [field("device_filters", 1, "string", repeated=True)]),
    message("JobDeviceFilters", [
        field("name", 1, "string"),
        field("tasks", 2, ".tensorflow.JobDeviceFilters.TasksEntry", repeated=True)],
        nested=(map_entry("TasksEntry", "int32", ".tensorflow.TaskDeviceFilters"),)),
    message("ClusterDeviceFilters", [
        field("jobs", 1, ".tensorflow.JobDeviceFilters", repeated=True)]),
])
TaskDeviceFilters = _FILTERS["tensorflow.TaskDeviceFilters"]
JobDeviceFilters = _FILTERS["tensorflow.JobDeviceFilters"]
ClusterDeviceFiltersProto = _FILTERS["tensorflow.ClusterDeviceFilters"]


def _add_file(pool: Any, file: Any) -> None:
    """`file` (a FileDescriptor) and the files it imports, in `pool`."""
    try:
        pool.FindFileByName(file.name)
        return
    except KeyError:
        pass
    for dep in file.dependencies:
        _add_file(pool, dep)
    proto = descriptor_pb2.FileDescriptorProto()
    file.CopyToProto(proto)
    pool.Add(proto)


def _server_def() -> Any:
    try:
        from tensorboard.compat.proto import config_pb2  # TF's ConfigProto (saved_model extra)
    except ImportError as e:  # pragma: no cover - the extra is part of the test install
        raise ImportError("tf.train.ServerDef needs the protocol buffer definitions "
                          "TensorBoard ships: pip install 'eagerflow[saved_model]' (or "
                          "tensorboard)") from e
    config = config_pb2.DESCRIPTOR
    _add_file(CR._POOL, config)
    return build(CR._POOL, "eagerflow/tensorflow_server.proto", "tensorflow", [
        message("ServerDef", [
            field("cluster", 1, ".tensorflow.ClusterDef"),
            field("job_name", 2, "string"),
            field("replica", 8, "int32"),
            field("task_index", 3, "int32"),
            field("default_session_config", 4, f".{config.package}.ConfigProto"),
            field("protocol", 5, "string"),
            field("port", 6, "int32"),
            field("cluster_device_filters", 7, ".tensorflow.ClusterDeviceFilters")]),
    ], deps=("eagerflow/tensorflow_cluster.proto", "eagerflow/tensorflow_device_filters.proto",
             config.name))["tensorflow.ServerDef"]


def __getattr__(name: str) -> Any:
    if name == "ServerDef":  # (TensorBoard's protos load on first use)
        value = globals()[name] = _server_def()
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _as_bytes(value: Any, what: str) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    raise TypeError(f"{what} {value!r} must be bytes or unicode")


class ClusterDeviceFilters:
    """The device filters of a cluster's tasks: which devices each task may see (TF's
    builder of a ClusterDeviceFilters message)."""

    def __init__(self) -> None:
        self._device_filters: dict = {}
        self._cluster_device_filters = None

    def set_device_filters(self, job_name: Any, task_index: Any, device_filters: Any) -> None:
        """The filters of task `task_index` of job `job_name` (a list of strings)."""
        assert all(isinstance(f, str) for f in device_filters)  # (TF asserts so too)
        self._device_filters.setdefault(job_name, {})[task_index] = list(device_filters)
        self._cluster_device_filters = None

    def _as_cluster_device_filters(self) -> Any:
        if self._cluster_device_filters:
            return self._cluster_device_filters
        proto = ClusterDeviceFiltersProto()
        for job_name, tasks in sorted(self._device_filters.items()):
            job = proto.jobs.add()
            job.name = _as_bytes(job_name, "Job name")
            for index, filters in sorted(tasks.items()):
                for f in filters:
                    job.tasks[index].device_filters.append(_as_bytes(f, "Device filter"))
        self._cluster_device_filters = proto
        return proto
