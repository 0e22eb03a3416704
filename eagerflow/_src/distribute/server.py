"""tf.distribute.Server (tf.compat.v1.train.Server) and tf.test.create_local_cluster: the
tasks of a cluster made in this process, as TF's parameter-server tutorial and tests make
them before handing a resolver of the same cluster to a strategy.

Distribute layer, beside parameter_server.py, whose cluster is in this process already:
a strategy there needs no server. A Server here validates its ServerDef as TF's does and
holds its task's port (bound, not listening), so a second server on the port fails as in
TF, and a program elsewhere that dials the address is refused at once rather than left
waiting: eagerflow has no gRPC runtime, so nothing outside this process can reach it. A
tf.compat.v1.Session given a server's target runs in this process, with the cluster's
tasks' devices as its own (function/placement.py): a graph's operations placed on any of
them run here, as TF's Session of the target runs them on the cluster, and
`list_devices` lists them. A Session("") has this process's devices only, and eager
code and tf.functions are refused another job's devices, as in TF.
"""

from __future__ import annotations

import socket
import threading
import weakref
from typing import Any

from eagerflow._src.core import device
from eagerflow._src.core import device as D
from eagerflow._src.core.errors import (
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    UnavailableError,
    UnknownError,
)
from eagerflow._src.distribute import server_def as _protos
from eagerflow._src.distribute.cluster_resolver import ClusterSpec
from eagerflow._src.function import placement


def _make_server_def(definition: Any, job_name: Any, task_index: Any, protocol: Any,
                     config: Any) -> Any:
    """The ServerDef a Server is built from: a ServerDef given, with the arguments that are
    not None written over it; else a cluster (ClusterSpec, ClusterDef or dict) with the one
    job and task it has where they are not named, and gRPC."""
    server_def_class = _protos.ServerDef
    if isinstance(definition, server_def_class):
        made = server_def_class()
        made.CopyFrom(definition)
        for name, value in (("job_name", job_name), ("task_index", task_index),
                            ("protocol", protocol)):
            if value is not None:
                setattr(made, name, value)
    else:
        try:
            spec = ClusterSpec(definition)
        except TypeError:
            raise TypeError("Could not convert `server_or_cluster_def` to a "
                            "`tf.train.ServerDef` or `tf.train.ClusterSpec`.") from None
        if job_name is None:
            if len(spec.jobs) != 1:
                raise ValueError("Must specify an explicit `job_name`.")
            job_name = spec.jobs[0]
        if task_index is None:
            indices = spec.task_indices(job_name)
            if len(indices) != 1:
                raise ValueError("Must specify an explicit `task_index`.")
            task_index = indices[0]
        made = server_def_class(cluster=spec.as_cluster_def(), job_name=job_name,
                                task_index=task_index,
                                protocol="grpc" if protocol is None else protocol)
    if config is not None:
        _merge_config(made.default_session_config, config)
    return made


def _merge_config(into: Any, config: Any) -> None:
    """`config` (a ConfigProto of any pool: tf.compat.v1.ConfigProto's class is not the
    ServerDef's field's) merged into `into`."""
    if getattr(getattr(config, "DESCRIPTOR", None), "full_name", None) != \
            into.DESCRIPTOR.full_name:
        raise TypeError("Parameter to MergeFrom() must be instance of same class: expected "
                        f"{type(into)} got {type(config)}.")
    into.MergeFromString(config.SerializeToString())


def _task_address(server_def: Any) -> str:
    """The address of the ServerDef's own task, as TF's server factory checks it."""
    if server_def.protocol != "grpc":
        raise NotFoundError(None, None, "No server factory registered for the given "
                            f"ServerDef: {server_def}\nThe available server factories are: "
                            "[ GRPC_SERVER ]")
    job = next((j for j in server_def.cluster.job if j.name == server_def.job_name), None)
    if job is None:
        raise InternalError(None, None,
                            f'Job "{server_def.job_name}" was not defined in cluster')
    if server_def.task_index not in job.tasks:
        raise InternalError(None, None, f"Task {server_def.task_index} was not defined in "
                            f'job "{server_def.job_name}"')
    return job.tasks[server_def.task_index]


def _cluster_devices(server_def: Any) -> list:
    """The full names of the devices of a ServerDef's cluster, its own task's first, then
    the others by job name and task (each task has this process's devices, as an
    in-process server of TF's has)."""
    local = [D._components(n)[3:] for n in placement.local_devices()]
    own = (server_def.job_name, server_def.task_index)
    tasks = sorted(((j.name, i) for j in server_def.cluster.job for i in j.tasks),
                   key=lambda t: (t != own, t))
    return [f"/job:{job}/replica:0/task:{i}/device:{kind}:{index}"
            for job, i in tasks for kind, index in local]


def _hold_port(address: str) -> tuple[socket.socket, str, int]:
    """A socket bound to the address's port on every interface (as gRPC binds it), not
    listening; the address's host and the port bound (the system's pick for port 0)."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise InvalidArgumentError(None, None,
                                   f'Could not parse port for local server from "{address}".')
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("", int(port)))
    except (OSError, OverflowError):  # (taken, or no port: 65536 and past)
        sock.close()
        raise UnknownError(None, None, "Could not start gRPC server") from None
    return sock, host, sock.getsockname()[1]


_SERVERS: weakref.WeakSet = weakref.WeakSet()  # this process's servers


class Server:
    """`tf.distribute.Server(server_or_cluster_def, job_name=None, task_index=None,
    protocol=None, config=None, start=True)`: one task of a cluster, held in this process
    (see the module's docstring: it serves nothing over the network)."""

    def __init__(self, server_or_cluster_def: Any, job_name: str | None = None,
                 task_index: int | None = None, protocol: str | None = None,
                 config: Any = None, start: bool = True) -> None:
        self._server_def = _make_server_def(server_or_cluster_def, job_name, task_index,
                                            protocol, config)
        self._socket, host, port = _hold_port(_task_address(self._server_def))
        self._target = f"grpc://{host}:{port}"
        placement.register_target(self._target, _cluster_devices(self._server_def))
        self._stopped = threading.Event()  # (never set: TF's servers run until exit)
        _SERVERS.add(self)
        if start:
            self.start()

    def __del__(self) -> None:
        sock = getattr(self, "_socket", None)
        if sock is not None:
            sock.close()

    @property
    def server_def(self) -> Any:
        """The ServerDef this server was built from."""
        return self._server_def

    @property
    def target(self) -> str:
        """The address a tf.compat.v1.Session takes to run on this server
        (`grpc://host:port`); a Session here runs in this process whatever its target."""
        return self._target

    def start(self) -> None:
        """Starts the server (it is ready once built; starting twice is allowed, as TF's)."""

    def join(self) -> None:
        """Blocks until the server stops, which, as TF's in-process servers, it does not
        before the process ends."""
        self._stopped.wait()

    @staticmethod
    def create_local_server(config: Any = None, start: bool = True) -> Server:
        """A server of a one-task cluster on a free port of this machine."""
        return Server({"localhost": ["localhost:0"]}, protocol="grpc", config=config,
                      start=start)


# ---------------------------------------------------------------------------------------
# Connecting this process's eager runtime to a cluster.
# ---------------------------------------------------------------------------------------

def _served_here(spec: ClusterSpec) -> set:
    """The (job, task) pairs of `spec` this process's servers hold (by their addresses)."""
    held = {(s.server_def.job_name, s.server_def.task_index, _task_address(s.server_def))
            for s in _SERVERS}
    return {(job, task) for job, task, address in held
            if spec.as_dict().get(job) is not None and
            spec.task_address(job, task) == address}


def connect_to_cluster(cluster_spec_or_resolver: Any, job_name: str = "localhost",
                       task_index: int = 0, protocol: str | None = None,
                       make_master_device_default: bool = True,
                       cluster_device_filters: Any = None) -> None:
    """`tf.config.experimental_connect_to_cluster`: the devices of the cluster's other
    tasks become devices eager ops and functions are placed on (`/job:worker/task:1`), as
    TF's remote eager execution makes them. Every such task must be a server made in this
    process (tf.distribute.Server; eagerflow has no gRPC runtime), where it runs."""
    del protocol, make_master_device_default, cluster_device_filters  # (TF's transport)
    if isinstance(cluster_spec_or_resolver, ClusterSpec):
        spec = cluster_spec_or_resolver
    elif callable(getattr(cluster_spec_or_resolver, "cluster_spec", None)):
        spec = cluster_spec_or_resolver.cluster_spec()
    else:
        raise ValueError("`cluster_spec_or_resolver` must be a `ClusterSpec` or a "
                         "`ClusterResolver`.")
    tasks = [(job, task) for job in spec.jobs for task in spec.task_indices(job)
             if (job, task) != (job_name, task_index)]
    missing = [(job, task) for job, task in tasks if (job, task) not in _served_here(spec)]
    if missing:
        job, task = missing[0]
        raise UnavailableError(None, None, f"/job:{job}/replica:0/task:{task} "
                               f"({spec.task_address(job, task)}) is not a server of this "
                               "process: eagerflow runs a cluster's tasks in one process "
                               "and reaches no other")
    device.set_cluster_tasks(tasks)


def connect_to_host(remote_host: Any = None, job_name: str = "worker") -> None:
    """`tf.config.experimental_connect_to_host`: connect_to_cluster of a one-job cluster
    of `remote_host` (an address or a list of them)."""
    if not remote_host:
        raise ValueError("Must provide at least one remote_host")
    hosts = [remote_host] if isinstance(remote_host, str) else list(remote_host)
    connect_to_cluster(ClusterSpec({job_name: [h[len("grpc://"):] if h.startswith("grpc://")
                                               else h for h in hosts]}))


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("", 0))
        return sock.getsockname()[1]


def create_local_cluster(num_workers: int, num_ps: int, protocol: str = "grpc",
                         worker_config: Any = None,
                         ps_config: Any = None) -> tuple[list[Server], list[Server]]:
    """`tf.test.create_local_cluster`: servers of a cluster of `num_workers` "worker" and
    `num_ps` "ps" tasks on free local ports, as (workers, parameter servers)."""
    spec = ClusterSpec({job: [f"localhost:{_free_port()}" for _ in range(count)]
                        for job, count in (("worker", num_workers), ("ps", num_ps))})
    workers = [Server(spec, job_name="worker", task_index=i, protocol=protocol,
                      config=worker_config) for i in range(num_workers)]
    ps = [Server(spec, job_name="ps", task_index=i, protocol=protocol, config=ps_config)
          for i in range(num_ps)]
    return workers, ps
