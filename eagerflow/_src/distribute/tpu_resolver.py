"""tf.distribute.cluster_resolver.TPUClusterResolver as TF 2.21 answers on a machine
without a TPU.

Distribute layer, over cluster_resolver.py. eagerflow runs no TPU, but a program that
makes this resolver gets TF's answers: no name (nor TPU_NAME,
KUBE_GOOGLE_CLOUD_TPU_ENDPOINTS or TPU_CONFIG in the environment) is TF's ValueError,
"local" resolves to an empty cluster with no TPU cores, a "grpc://" address (a
comma-separated list of them) to a cluster of those workers, and a Cloud TPU's name asks
the Compute Engine metadata server for the project and zone not given (a URLError
outside Google's cloud, as TF's) and then needs Google's API client, which TF's Cloud TPU
client reports missing (RuntimeError). Asking for the TPU system (connect,
initialize_tpu_system) is TF's NotFoundError: no TPU kernels are registered.
"""

from __future__ import annotations

import collections
import json
import os
from typing import Any

from eagerflow._src.core.device import list_logical_devices
from eagerflow._src.core.errors import NotFoundError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.distribute.central_storage import canonicalize
from eagerflow._src.distribute.cloud_resolvers import format_master_url
from eagerflow._src.distribute.cluster_resolver import ClusterResolver, ClusterSpec
from eagerflow._src.function.concrete import function_uid
from eagerflow._src.function.placement import DeviceAttributes

urllib_request = lazy_module("urllib.request")  # (only a Cloud TPU name's lookup)

_DEFAULT_PORT = "8470"
_NO_API_CLIENT = ("Missing runtime dependency on the Google API client. Run `pip install "
                  "cloud-tpu-client` to fix.")

TPUSystemMetadata = collections.namedtuple(
    "TPUSystemMetadata",
    ["num_cores", "num_hosts", "num_of_cores_per_host", "topology", "devices"])


_METADATA_TIMEOUT_S = 30


def _compute_metadata(path: str) -> str:
    """A value of the Compute Engine metadata server, asked as TF's Cloud TPU client asks
    it (outside Google's cloud its host does not resolve: urllib's URLError)."""
    host = os.environ.get("GCE_METADATA_HOST") or \
        os.environ.get("GCE_METADATA_IP", "metadata.google.internal")
    req = urllib_request.Request(f"http://{host}/computeMetadata/v1/{path}",
                                 headers={"Metadata-Flavor": "Google"})
    # (TF's client waits without limit; a host that takes the connection and never answers
    # would hang the program, so the wait is bounded: urllib then raises its timeout)
    with urllib_request.urlopen(req, timeout=_METADATA_TIMEOUT_S) as resp:  # noqa: S310
        body = resp.read()
    return body.decode("utf-8") if isinstance(body, bytes) else body


def _endpoints(addresses: str) -> list:
    """[{'ipAddress', 'port'}] of "grpc://a:1,b:2" (the port 8470 where none is given)."""
    out = []
    for endpoint in addresses.split(","):
        if endpoint.startswith("grpc://"):
            endpoint = endpoint.split("grpc://")[1]
        parts = endpoint.split(":")
        out.append({"ipAddress": parts[0], "port": parts[1] if len(parts) > 1 else
                    _DEFAULT_PORT})
    return out


class _CloudTpuClient:
    """What TF's Cloud TPU client knows of the TPU named at construction."""

    def __init__(self, tpu: Any, zone: Any, project: Any, service: Any) -> None:
        if isinstance(tpu, list):
            if not tpu:
                raise ValueError("At least one TPU must be specified.")
            if len(tpu) != 1:
                raise NotImplementedError("Using multiple TPUs in a single session is not "
                                          "yet implemented")
            tpu = tpu[0]
        if not tpu:
            tpu = next((os.environ[e] for e in ("KUBE_GOOGLE_CLOUD_TPU_ENDPOINTS", "TPU_NAME")
                        if e in os.environ), None)
        if tpu is None:
            config = os.environ.get("TPU_CONFIG")
            if not config:
                raise ValueError("Please provide a TPU Name to connect to.")
            node = json.loads(config)
            tpu = node.get("tpu_node_name")
            project = project or node.get("project")
            zone = zone or node.get("zone")
        self.tpu = tpu.decode("utf-8") if isinstance(tpu, bytes) else tpu
        self.use_api = not self.tpu.startswith("grpc://")  # (TF's: an int's AttributeError)
        self.service = service
        if self.use_api:
            self.project = project or _compute_metadata("project/project-id")
            self.zone = zone or _compute_metadata("instance/zone").split("/")[-1]

    def network_endpoints(self) -> list:
        if not self.use_api:
            return _endpoints(self.tpu)
        if not self.service:
            raise RuntimeError(_NO_API_CLIENT)
        name = f"projects/{self.project}/locations/{self.zone}/nodes/{self.tpu}"
        try:
            node = self.service.projects().locations().nodes().get(name=name).execute()
        except Exception as e:  # noqa: BLE001 - TF's wording of any failure
            raise ValueError(f"Could not lookup TPU metadata from name '{self.tpu}'. Please "
                             "doublecheck the tpu argument in the TPUClusterResolver "
                             f"constructor. Exception: {e}") from None
        if node.get("state") != "READY":
            raise RuntimeError(f'TPU "{self.tpu}" is not yet ready; state: '
                               f'"{node.get("state")}"')
        return node.get("networkEndpoints") or [{"ipAddress": node["ipAddress"],
                                                 "port": node["port"]}]

    def get_local_ip(self) -> str:
        return _compute_metadata("instance/network-interfaces/0/ip")


class _LocalCloudTpuClient:
    """TF's client of a directly attached TPU: it knows nothing (TF's __enter__ and a
    coordinator's address ask it what it lacks: AttributeError)."""


class TPUClusterResolver(ClusterResolver):
    """`tf.distribute.cluster_resolver.TPUClusterResolver(tpu=None, zone=None,
    project=None, job_name='worker', coordinator_name=None, coordinator_address=None,
    credentials='default', service=None, discovery_url=None)`."""

    def __init__(self, tpu: Any = None, zone: Any = None, project: Any = None,
                 job_name: str = "worker", coordinator_name: str | None = None,
                 coordinator_address: str | None = None, credentials: Any = "default",
                 service: Any = None, discovery_url: str | None = None) -> None:
        if tpu != "local":
            self._client: Any = _CloudTpuClient(tpu, zone, project, service)
            self._tpu = self._client.tpu
        else:
            self._client = _LocalCloudTpuClient()
            self._tpu = "local"
        self.task_type = job_name
        self.task_id = 0
        self._coordinator_name = coordinator_name
        if coordinator_name and not coordinator_address:
            # (TF starts a server at the VM's address, which it asks its client for)
            coordinator_address = f"{self._client.get_local_ip()}:0"
        self._coordinator_address = coordinator_address
        self._tpu_topology = None

    @staticmethod
    def connect(tpu: Any = None, zone: Any = None, project: Any = None) -> TPUClusterResolver:
        """A resolver whose TPU system is initialized: without a TPU, TF's NotFoundError."""
        resolver = TPUClusterResolver(tpu, zone, project)
        initialize_tpu_system(resolver)
        return resolver

    def __enter__(self) -> Any:
        self._client.enter()  # (TF's: its client has no such method)

    def __exit__(self, *exc: Any) -> None:
        self._client.exit()

    def __deepcopy__(self, memo: dict) -> TPUClusterResolver:
        return self

    def cluster_spec(self) -> ClusterSpec:
        if self._tpu == "local":
            return ClusterSpec({})
        workers = [f"{e['ipAddress']}:{e['port']}" for e in self._client.network_endpoints()]
        cluster = {self.task_type: workers}
        if self._coordinator_address:
            cluster[self._coordinator_name] = [self._coordinator_address]
        return ClusterSpec(cluster)

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        if self._tpu == "local":
            return ""
        spec = self.cluster_spec()
        if task_type is not None and task_id is not None:
            address = spec.task_address(task_type, task_id)
        elif self.task_type is not None and self.task_id is not None:
            address = spec.task_address(self.task_type, self.task_id)
        else:
            tasks = spec.job_tasks(self.task_type)
            if not tasks:
                raise ValueError("No TPUs with the specified names exist.")
            address = tasks[0]
        return format_master_url(address, "grpc")

    def get_master(self) -> str:
        return self.master()

    def get_job_name(self) -> str:
        return self.task_type

    def get_coordination_service_leader(self) -> str:
        return f"/job:{self.get_job_name()}/task:0"

    def num_accelerators(self, task_type: str | None = None, task_id: int | None = None,
                         config_proto: Any = None) -> dict:
        """TF's count of the TPU cores its devices hold: none here."""
        if self._tpu != "local":
            self.master()  # (TF asks the cluster for its master first)
        return {"TPU": 0}

    def get_tpu_system_metadata(self) -> TPUSystemMetadata:
        """No TPU cores; the devices are this process's (TF's eager listing)."""
        self.master()
        devices = tuple(DeviceAttributes(canonicalize(d.name), d.device_type, 0, 0)
                        for d in list_logical_devices())
        return TPUSystemMetadata(0, 0, 0, None, devices)

    def set_tpu_topology(self, serialized_tpu_topology: bytes) -> None:
        self._tpu_topology = serialized_tpu_topology

    @property
    def tpu_hardware_feature(self) -> Any:
        return None

    @property
    def environment(self) -> str:
        return ""

    @property
    def rpc_layer(self) -> Any:
        # (TF's TPU resolver has none: its base class declares no such attribute)
        raise AttributeError("'TPUClusterResolver' object has no attribute 'rpc_layer'")


def initialize_tpu_system(cluster_resolver: Any = None) -> Any:
    """TF's NotFoundError: its ConfigureDistributedTPU op has no kernel without a TPU."""
    raise NotFoundError(
        None, None, "TPUs not found in the cluster. Failed in initialization: No OpKernel "
        "was registered to support Op 'ConfigureDistributedTPU' used by {{node "
        "ConfigureDistributedTPU}} with these attrs: [tpu_embedding_config=\"\", "
        "compilation_failure_closes_chips=false, enable_whole_mesh_compilations=false, "
        "tpu_cancellation_closes_chips=2, embedding_config=\"\", is_global_init=false]\n"
        "Registered devices: [CPU]\nRegistered kernels:\n  <no registered kernels>\n\n\t "
        # (TF traces its init function: named by the process's function counter)
        f"[[ConfigureDistributedTPU]] [Op:__inference__tpu_init_fn_{function_uid()}]")
