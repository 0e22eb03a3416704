"""The cluster resolvers of tf.distribute.cluster_resolver that ask a workload manager or
a cloud: SlurmClusterResolver (Slurm's environment), GCEClusterResolver (a Compute
Engine instance group), KubernetesClusterResolver (pods by label), and UnionResolver,
which merges others.

Distribute layer, over cluster_resolver.py. Slurm's resolver reads SLURM_* variables (and
CUDA_VISIBLE_DEVICES, or `nvidia-smi`, for the GPUs per node) as TF's does, and like it
sets CUDA_VISIBLE_DEVICES for its task. GCE's and Kubernetes' need Google's API client
and the Kubernetes client, as in TF: without them (and no `service` or `override_client`
given) they raise TF's ImportError; with an object standing for one, they ask it what
TF's ask.
"""

from __future__ import annotations

import enum
import os
import re
import subprocess
from typing import Any, Iterator

from eagerflow._src.distribute.cluster_resolver import ClusterResolver, ClusterSpec


def format_master_url(master: str, rpc_layer: str | None = None) -> str:
    return f"{rpc_layer}://{master}" if rpc_layer else master


def task_master(resolver: ClusterResolver, task_type: str | None, task_id: int | None,
                rpc_layer: str | None) -> str:
    """A cloud resolver's master(): the address of the task given (the resolver's own task
    where none is), with the RPC layer's prefix (the resolver's where none is given); ""
    while the task is unknown."""
    task_type = resolver.task_type if task_type is None else task_type
    task_id = resolver.task_id if task_id is None else task_id
    if task_type is None or task_id is None:
        return ""
    return format_master_url(resolver.cluster_spec().task_address(task_type, task_id),
                             rpc_layer or resolver.rpc_layer)


# ---------------------------------------------------------------------------------------
# Slurm

def _split_hostlist(hostlist: str) -> Iterator[str]:
    """The parts of a Slurm hostlist: split at the commas outside brackets."""
    depth, part = False, ""
    for c in hostlist:
        if depth:
            if c == "[":
                raise ValueError("")
            depth = c != "]"
        elif c == "[":
            depth = True
        elif c == ",":
            if not part:
                raise ValueError("")
            yield part
            part = ""
            continue
        part += c
    if part:
        yield part


def _expand_range(ranges: str) -> Iterator[str]:
    """'3-5,7' -> 3, 4, 5, 7, each as wide as its range's first number ('01-03')."""
    for piece in ranges.split(","):
        bounds = piece.split("-")
        if len(bounds) == 1:
            bounds = bounds * 2
        elif len(bounds) != 2:
            raise ValueError("")
        width = len(bounds[0])
        for i in range(int(bounds[0]), int(bounds[1]) + 1):
            yield str(i).zfill(width)


def expand_hostlist(hostlist: str) -> list:
    """A Slurm hostlist as host names, in order: 'n[1-2],m5' -> ['n1', 'n2', 'm5']."""
    hosts: list = []
    try:
        for part in _split_hostlist(hostlist):
            m = re.match(r"([^,[\]]*)(\[([^\]]+)\])?$", part)
            if m is None:
                raise ValueError(f"Invalid part: {part}")
            prefix = m.group(1) or ""
            hosts.extend([prefix] if m.group(3) is None else
                         [prefix + i for i in _expand_range(m.group(3))])
    except Exception as e:  # noqa: BLE001 (TF words every failure alike)
        raise ValueError(f'Invalid hostlist format "{hostlist}": {e}') from None
    return hosts


def expand_tasks_per_node(tasks_per_node: str) -> list:
    """Slurm's tasks per node, one count per node: '3(x2),1' -> [3, 3, 1]."""
    out: list = []
    try:
        for part in tasks_per_node.split(","):
            m = re.match(r"(\d+)(\(x(\d+)\))?$", part)
            if m is None:
                raise ValueError("")
            out.extend([int(m.group(1))] * int(m.group(3) or 1))
    except Exception as e:  # noqa: BLE001
        raise ValueError(f'Invalid tasks-per-node list format "{tasks_per_node}": {e}') \
            from None
    return out


def _slurm_var(name: str) -> str:
    name = "SLURM_" + name
    try:
        return os.environ[name]
    except KeyError:
        raise RuntimeError(f"{name} not found in environment. Not running inside a SLURM "
                           "step?") from None


def get_num_gpus() -> int:
    """The GPUs on this node: CUDA_VISIBLE_DEVICES's, else `nvidia-smi --list-gpus`'."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible is not None:
        return len(visible.split(","))
    try:
        listed = subprocess.check_output(["nvidia-smi", "--list-gpus"], encoding="utf-8")
    except subprocess.CalledProcessError as e:
        raise RuntimeError("Could not get number of GPUs from nvidia-smi. Maybe it is "
                           f"missing?\nOutput: {e.output}") from None
    return sum(line.startswith("GPU ") for line in listed.strip().split("\n"))


class SlurmClusterResolver(ClusterResolver):
    """The cluster of a Slurm job step: its nodes' tasks, `port_base` up on each node,
    shared out to `jobs` in order of name, with `gpus_per_task` GPUs each."""

    def __init__(self, jobs: dict | None = None, port_base: int = 8888,
                 gpus_per_node: int | None = None, gpus_per_task: int | None = None,
                 tasks_per_node: Any = None, auto_set_gpu: bool = True,
                 rpc_layer: str = "grpc") -> None:
        self._rank = int(_slurm_var("PROCID"))
        self._jobs = {"worker": int(_slurm_var("STEP_NUM_TASKS"))} if jobs is None else jobs
        self._port_base = port_base
        if tasks_per_node is None:
            hosts = expand_hostlist(_slurm_var("STEP_NODELIST"))
            counts = expand_tasks_per_node(_slurm_var("STEP_TASKS_PER_NODE"))
            self._task_configuration = dict(zip(hosts, counts))
        elif isinstance(tasks_per_node, dict):
            self._task_configuration = tasks_per_node
        else:
            self._task_configuration = {host: int(tasks_per_node) for host in
                                        expand_hostlist(_slurm_var("STEP_NODELIST"))}
        most = max(self._task_configuration.values())
        total = sum(self._task_configuration.values())
        if gpus_per_node is None:
            gpus_per_node = get_num_gpus()
        if gpus_per_task is None:
            gpus_per_task = gpus_per_node // most
        self._gpus_per_node, self._gpus_per_task = gpus_per_node, gpus_per_task
        self._auto_set_gpu = auto_set_gpu
        self.task_type: str | None = None
        self.task_id: int | None = None
        self.rpc_layer = rpc_layer
        self._gpu_allocation: list = []
        self._cluster_allocation: dict = {}
        if most * self._gpus_per_task > self._gpus_per_node:
            raise RuntimeError("Requested more GPUs per node than available.")
        if sum(self._jobs.values()) != total:
            raise RuntimeError(f"Requested {sum(self._jobs.values())} tasks but only "
                               f"{total} were assigned.")

    def cluster_spec(self) -> ClusterSpec:
        """The cluster, worked out again (and this task's type and id, and its GPUs in
        CUDA_VISIBLE_DEVICES when `auto_set_gpu`)."""
        tasks = []
        self._gpu_allocation, self._cluster_allocation = [], {}
        for host, count in sorted(self._task_configuration.items()):
            gpu_starts = range(0, self._gpus_per_node, self._gpus_per_task)
            for port_offset, gpu in zip(range(count), gpu_starts):
                tasks.append(f"{host}:{self._port_base + port_offset}")
                self._gpu_allocation.append(
                    ",".join(str(g) for g in range(gpu, gpu + self._gpus_per_task)))
        start = 0
        for job, count in sorted(self._jobs.items()):
            self._cluster_allocation[job] = tasks[start:start + count]
            if start <= self._rank < start + count:
                self.task_type, self.task_id = job, self._rank - start
            start += count
        if self._auto_set_gpu:
            os.environ["CUDA_VISIBLE_DEVICES"] = self._gpu_allocation[self._rank]
        return ClusterSpec(self._cluster_allocation)

    def get_task_info(self) -> tuple:
        """(task_type, task_id), known once cluster_spec() has run."""
        return self.task_type, self.task_id

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        return task_master(self, task_type, task_id, rpc_layer)

    def num_accelerators(self, task_type: str | None = None, task_id: int | None = None,
                         config_proto: Any = None) -> dict:
        return {"GPU": self._gpus_per_task}


# ---------------------------------------------------------------------------------------
# Union

class UnionResolver(ClusterResolver):
    """Several resolvers' clusters merged (a job's task lists joined, or its task dicts
    combined); the first resolver's task, environment and master otherwise."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._rpc_layer = kwargs.pop("rpc_layer", None)
        self._task_type = kwargs.pop("task_type", None)
        self._task_id = kwargs.pop("task_id", None)
        if kwargs:
            raise ValueError(f"Unexpected kwargs provided {kwargs!r}")
        if not args:
            raise ValueError("At least one ClusterResolver is required.")
        if not all(isinstance(r, ClusterResolver) for r in args):
            raise TypeError("All arguments must be a sub-class of `ClusterResolver.`")
        self._cluster_resolvers = args

    def cluster_spec(self) -> ClusterSpec:
        specs = [r.cluster_spec().as_dict() for r in self._cluster_resolvers]
        merged: dict = {}
        for spec in specs:  # (a job listed by index anywhere is merged as a dict)
            for job, tasks in spec.items():
                if job not in merged or isinstance(tasks, dict):
                    merged[job] = [] if job not in merged and isinstance(tasks, list) else {}
        for spec in specs:
            for job, tasks in spec.items():
                if isinstance(merged[job], list):
                    merged[job].extend(tasks)
                    continue
                by_index = dict(enumerate(tasks)) if isinstance(tasks, list) else dict(tasks)
                both = set(by_index) & set(merged[job])
                if both:
                    raise KeyError(f"Duplicate keys detected when merging two ClusterSpecs: "
                                   f"{both!r}")
                merged[job].update(by_index)
        return ClusterSpec(merged)

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        if task_type is not None and task_id is not None:
            return format_master_url(self.cluster_spec().task_address(task_type, task_id),
                                     rpc_layer or self._rpc_layer)
        return self._cluster_resolvers[0].master(rpc_layer=rpc_layer)

    @property
    def task_type(self) -> str | None:
        return self._task_type or self._cluster_resolvers[0].task_type

    @task_type.setter
    def task_type(self, value: str | None) -> None:
        self._task_type = value

    @property
    def task_id(self) -> int | None:
        return self._task_id or self._cluster_resolvers[0].task_id

    @task_id.setter
    def task_id(self, value: int | None) -> None:
        self._task_id = value

    @property
    def environment(self) -> str:
        return self._cluster_resolvers[0].environment

    def num_accelerators(self, task_type: str | None = None, task_id: int | None = None,
                         config_proto: Any = None) -> dict:
        return self._cluster_resolvers[0].num_accelerators(task_type, task_id, config_proto)

    @property
    def rpc_layer(self) -> str | None:
        return self._rpc_layer or self._cluster_resolvers[0].rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, value: str | None) -> None:
        self._rpc_layer = value


# ---------------------------------------------------------------------------------------
# Google Compute Engine

def _google_api_client() -> Any:
    try:
        from googleapiclient import discovery  # the GCE resolver's optional dependency
    except ImportError:
        return None
    return discovery


class GCEClusterResolver(ClusterResolver):
    """The running instances of a Compute Engine instance group, as one job of
    `task_type` (their internal IPs at `port`, sorted)."""

    def __init__(self, project: str, zone: str, instance_group: str, port: int,
                 task_type: str = "worker", task_id: int = 0, rpc_layer: str = "grpc",
                 credentials: Any = "default", service: Any = None) -> None:
        self._project, self._zone, self._instance_group = project, zone, instance_group
        self._task_type, self._task_id = task_type, task_id
        self._rpc_layer, self._port = rpc_layer, port
        self._credentials = credentials
        discovery = _google_api_client()
        if credentials == "default" and discovery is not None:
            from oauth2client.client import GoogleCredentials  # (with Google's client)

            self._credentials = GoogleCredentials.get_application_default()
        if service is None:
            if discovery is None:
                raise ImportError("googleapiclient must be installed before using the GCE "
                                  "cluster resolver")
            service = discovery.build("compute", "v1", credentials=self._credentials)
        self._service = service

    def cluster_spec(self) -> ClusterSpec:
        groups, instances = self._service.instanceGroups(), self._service.instances()
        request = groups.listInstances(project=self._project, zone=self._zone,
                                       instanceGroups=self._instance_group,
                                       body={"instanceState": "RUNNING"}, orderBy="name")
        workers = []
        while request is not None:
            response = request.execute()
            for instance in response["items"]:
                got = instances.get(project=self._project, zone=self._zone,
                                    instance=instance["instance"].split("/")[-1])
                if got is not None:
                    ip = got.execute()["networkInterfaces"][0]["networkIP"]
                    workers.append(f"{ip}:{self._port}")
            request = groups.listInstances_next(previous_request=request,
                                                previous_response=response)
        return ClusterSpec({self._task_type: sorted(workers)})

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        return task_master(self, task_type, task_id, rpc_layer)

    @property
    def task_type(self) -> str:
        return self._task_type

    @task_type.setter
    def task_type(self, value: str) -> None:
        raise RuntimeError("You cannot reset the task_type of the GCEClusterResolver after "
                           "it has been created.")

    @property
    def task_id(self) -> int:
        return self._task_id

    @task_id.setter
    def task_id(self, value: int) -> None:
        self._task_id = value

    @property
    def rpc_layer(self) -> str | None:
        return self._rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, value: str | None) -> None:
        self._rpc_layer = value


# ---------------------------------------------------------------------------------------
# Kubernetes

class ExecutableLocation(enum.Enum):
    """Where the program runs: inside the Kubernetes cluster, or off it."""

    WITHIN_CLUSTER = 0
    OFF_CLUSTER = 1


KubernetesExecutableLocation = ExecutableLocation  # (TF's public name for it)


def _kubernetes() -> Any:
    try:
        import kubernetes  # the Kubernetes resolver's optional dependency
    except ImportError:
        return None
    return kubernetes


class KubernetesClusterResolver(ClusterResolver):
    """The running pods each job's label selectors find, at `tf_server_port`."""

    def __init__(self, job_to_label_mapping: dict | None = None, tf_server_port: int = 8470,
                 rpc_layer: str = "grpc", override_client: Any = None,
                 executable_location: KubernetesExecutableLocation =
                 KubernetesExecutableLocation.WITHIN_CLUSTER) -> None:
        k8s = _kubernetes()
        if k8s is None and not override_client:
            raise ImportError("The Kubernetes Python client must be installed before using "
                              "the Kubernetes Cluster Resolver. To install the Kubernetes "
                              "Python client, run `pip install kubernetes` on your command "
                              "line.")
        if k8s is not None and not override_client:
            if executable_location == KubernetesExecutableLocation.OFF_CLUSTER:
                k8s.config.load_kube_config()
            elif executable_location == KubernetesExecutableLocation.WITHIN_CLUSTER:
                k8s.config.load_incluster_config()
            else:
                raise ValueError("The executable location provided is invalid.")
        self._job_to_label_mapping = job_to_label_mapping or \
            {"worker": ["job-name=tensorflow"]}
        self._tf_server_port = tf_server_port
        self._override_client = override_client
        self.task_type: str | None = None
        self.task_id: int | None = None
        self.rpc_layer = rpc_layer

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        return task_master(self, task_type, task_id, rpc_layer)

    def cluster_spec(self) -> ClusterSpec:
        client = self._override_client
        if not client:
            k8s = _kubernetes()
            k8s.config.load_kube_config()
            client = k8s.client.CoreV1Api()
        cluster: dict = {}
        for job, selectors in self._job_to_label_mapping.items():
            pods = []
            for selector in selectors:
                found = client.list_pod_for_all_namespaces(label_selector=selector)
                for pod in sorted(found.items, key=lambda p: p.metadata.name):
                    if pod.status.phase != "Running":
                        raise RuntimeError(f'Pod "{pod.metadata.name}" is not running; '
                                           f'phase: "{pod.status.phase}"')
                    pods.append(f"{pod.status.host_ip}:{self._tf_server_port}")
            cluster[job] = pods
        return ClusterSpec(cluster)
