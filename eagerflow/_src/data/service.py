"""tf.data.experimental.service: a dispatcher, its workers, and datasets read through them.

Data layer, above dataset.py and the sources. TF's tf.data service is a set of gRPC
servers: a dispatcher that registers datasets and makes jobs, and workers that run a job's
pipeline (one task each) and stream its elements to the consumers. Here the servers serve
the process that started them: each holds a port, so its `target` and addresses are
TF's, and a consumer finds its dispatcher by that address in this process; a job's tasks
run their pipelines on the consumer's thread as it asks for elements. A consumer in
another process, or a worker whose dispatcher is elsewhere, gets an UnavailableError.

What a consumer reads is TF's:
  - parallel_epochs (ShardingPolicy.OFF): every worker runs the whole dataset, and the
    consumer reads from the workers in turn (n workers: each element n times);
  - distributed_epoch (DYNAMIC): the pipeline's sources are split among the workers, one
    element (or file name) at a time as each asks for its next split, and each worker runs
    the rest of the pipeline on its splits (each source element is read once);
  - DATA: worker i of the dispatcher's fixed `worker_addresses` keeps element i of every
    n; FILE: file i of every n of each file-reading source; FILE_OR_DATA: FILE where the
    pipeline reads files, else DATA;
  - consumers of one `job_name` share its elements; with `num_consumers` they read in
    rounds, consumer c taking element c of each round (the dataset must be infinite).
"""

from __future__ import annotations

import collections
import enum
import os
import socket
import threading
import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import (
    AlreadyExistsError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    UnavailableError,
    UnimplementedError,
    op_error,
)
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import INFINITE, UNKNOWN, DatasetV2
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.readers import _FileReaderDataset
from eagerflow._src.data.snapshot_elements import flat_specs
from eagerflow._src.data.structure import Structure
from eagerflow._src.data.transformations import (
    SHARD_HINT,
    SHARD_HINT_ONLY,
    RepeatDataset,
    ShardDataset,
)
from eagerflow._src.ops.checks import dt_enum
from eagerflow._src.ops.eager_errors import decorate, slow_path

# distributed_save's snapshot files (TF's snapshot format, protobuf) load on its first use
_dsave = lazy_module("eagerflow._src.data.distributed_save")


def _on_cpu(e: Any) -> Any:
    """`e` worded as the eager error of its op, which TF runs on the host (the service's
    ops have no GPU kernels)."""
    return e if _state.graph is not None else decorate(e, None, (), {}, CPU_DEVICE, None)


class ShardingPolicy(enum.IntEnum):
    """How a job's dataset is split among the workers."""

    OFF = 0
    DYNAMIC = 1
    FILE = 2
    DATA = 3
    FILE_OR_DATA = 4
    HINT = 5


_MODES = {"parallel_epochs": ShardingPolicy.OFF, "distributed_epoch": ShardingPolicy.DYNAMIC}
_COMPRESSIONS = ("AUTO", None, "SNAPPY")

class DispatcherConfig(collections.namedtuple("DispatcherConfig", [
        "port", "protocol", "work_dir", "fault_tolerant_mode", "worker_addresses",
        "job_gc_check_interval_ms", "job_gc_timeout_ms", "worker_timeout_ms",
        "worker_max_concurrent_snapshots"])):
    """A dispatcher's configuration, TF's defaults filled in."""

    def __new__(cls, port: int = 0, protocol: str | None = None, work_dir: str | None = None,
                fault_tolerant_mode: bool = False, worker_addresses: list | None = None,
                job_gc_check_interval_ms: int | None = None,
                job_gc_timeout_ms: int | None = None, worker_timeout_ms: int | None = None,
                worker_max_concurrent_snapshots: int = 0) -> DispatcherConfig:
        return super().__new__(cls, port, protocol or "grpc", work_dir, fault_tolerant_mode,
                               worker_addresses, job_gc_check_interval_ms or 0,
                               job_gc_timeout_ms or 0, worker_timeout_ms,
                               worker_max_concurrent_snapshots)


class WorkerConfig(collections.namedtuple("WorkerConfig", [
        "dispatcher_address", "worker_address", "port", "protocol", "heartbeat_interval_ms",
        "dispatcher_timeout_ms", "data_transfer_protocol", "data_transfer_address"])):
    """A worker's configuration, TF's defaults filled in."""

    def __new__(cls, dispatcher_address: str, worker_address: str | None = None,
                port: int = 0, protocol: str | None = None,
                heartbeat_interval_ms: int | None = None,
                dispatcher_timeout_ms: int | None = None,
                data_transfer_protocol: str | None = None,
                data_transfer_address: str | None = None) -> WorkerConfig:
        return super().__new__(cls, dispatcher_address, worker_address or "localhost:%port%",
                               port, protocol or "grpc", heartbeat_interval_ms or 0,
                               dispatcher_timeout_ms or 0, data_transfer_protocol,
                               data_transfer_address or "localhost:%dts_port%")


# "localhost:PORT" -> the running DispatchServer there (as TF's, a server the program
# drops stops: only weak references here and in a dispatcher's list of workers)
_DISPATCHERS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
_registry_lock = threading.Lock()


def _bind(port: int) -> socket.socket:
    """A socket holding `port` (0: a free one), so that no other server takes it."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("localhost", port))
    except OSError as e:
        sock.close()
        raise UnavailableError(None, None, f"Failed to start server on port {port}: "
                               f"{e.strerror}") from None
    except TypeError:  # (a port that is not an int: the socket's own error, as TF's)
        sock.close()
        raise
    return sock


class _Server:
    """What both servers share: a port held from start to stop."""

    def __init__(self, port: int, protocol: str) -> None:
        if protocol != "grpc":
            raise RuntimeError(f"No credentials factory has been registered for protocol "
                               f"{protocol}. The available types are: [ grpc ]")
        self._protocol = protocol
        self._socket = _bind(port)
        self._address = f"localhost:{self._socket.getsockname()[1]}"
        self._stopped = threading.Event()

    def join(self) -> None:
        """Blocks until the server is stopped."""
        self._stopped.wait()

    def _close(self) -> None:
        self._socket.close()
        self._stopped.set()

    def __del__(self) -> None:
        if getattr(self, "_socket", None) is not None:
            self._socket.close()


class DispatchServer(_Server):
    """The dispatcher of a tf.data service: `DispatchServer(config=None, start=True)`."""

    def __init__(self, config: DispatcherConfig | None = None, start: bool = True) -> None:
        self._config = config or DispatcherConfig()
        super().__init__(self._config.port, self._config.protocol)
        self._worker_refs: list[weakref.ref] = []
        self._datasets: dict[str, _Registered] = {}
        self._jobs: dict[tuple, _Job] = {}
        self._snapshots: dict[str, threading.Thread] = {}  # path -> the thread saving it
        self._next_dataset_id = 1000
        self._next_job_id = 5000
        self._lock = threading.Lock()
        if start:
            self.start()

    @property
    def target(self) -> str:
        """The address consumers name: "grpc://localhost:PORT"."""
        return f"{self._protocol}://{self._address}"

    def start(self) -> None:
        with _registry_lock:
            _DISPATCHERS[self._address] = self

    def stop(self) -> None:
        with _registry_lock:
            if _DISPATCHERS.get(self._address) is self:
                del _DISPATCHERS[self._address]
        self._close()

    @property
    def _workers(self) -> list[WorkerServer]:
        return [w for w in (ref() for ref in self._worker_refs) if w is not None]

    def _num_workers(self) -> int:
        return len(self._workers)

    def _register(self, dataset: DatasetV2, dataset_id: str | None) -> str:
        with self._lock:
            if dataset_id is None:
                dataset_id = str(self._next_dataset_id)
                self._next_dataset_id += 1
            known = self._datasets.get(dataset_id)
            if known is None:
                self._datasets[dataset_id] = _Registered(dataset)
            else:
                known.check_same(dataset, dataset_id)
        return dataset_id

    def _dataset(self, dataset_id: str) -> _Registered:
        known = self._datasets.get(dataset_id)
        if known is None:
            raise _on_cpu(op_error(
                NotFoundError, "DataServiceDatasetV4", f"Dataset id {dataset_id} not found. "
                "It must be registered with `register_dataset` before calling "
                "`from_dataset_id`."))
        return known

    def _job(self, key: tuple | None, make: Any) -> _Job:
        """The running job named `key` (job name, iteration), else a new one; a job of
        no name (`key` None) is its reader's alone, and is not kept here."""
        with self._lock:
            job = None if key is None else self._jobs.get(key)
            if job is None or job.finished:
                job_id, self._next_job_id = self._next_job_id, self._next_job_id + 1
                job = make(job_id)
                if key is not None:
                    self._jobs[key] = job
            return job

    def _snapshot(self, dataset: DatasetV2, path: str, compression: Any,
                  spec: bytes | None = None) -> None:
        """Starts the distributed save of `dataset` to `path`, in a thread of its own
        (`spec`: the element spec's bytes to write, as SnapshotFiles takes them)."""
        if not (self._config.fault_tolerant_mode and self._config.work_dir):
            raise _save_error(InvalidArgumentError, (
                "Failed to snapshot: tf.data distributed snapshot requires running tf.data "
                "service in the fault tolerant mode. To enable the fault tolerant mode, set "
                "`DispatcherConfig.fault_tolerant_mode` to true and provide a valid "
                "`DispatcherConfig.work_dir`."))
        with self._lock:
            if path in self._snapshots:
                raise _save_error(AlreadyExistsError, (
                    f"Failed to snapshot: tf.data snapshot at {path} is already started or "
                    "completed"))
            if os.path.exists(path):  # (another dispatcher's, or any folder)
                raise _save_error(AlreadyExistsError, (
                    f"Failed to snapshot: tf.data snapshot at {path} already exists."))
            # the snapshot's metadata and split providers are made before this returns
            # (a load that follows finds them), its elements written by the thread
            files = _dsave.SnapshotFiles(path, dataset.element_spec, compression, spec)
            sources = _sources(dataset)
            providers = _SplitProvider.for_job(0, dataset, ShardingPolicy.DYNAMIC) or {}
            files.start(len(sources))
            thread = threading.Thread(target=_save_snapshot,
                                      args=(self, dataset, files, sources, providers),
                                      name=f"distributed_save {path}", daemon=True)
            self._snapshots[path] = thread
        thread.start()


def _save_error(cls: type, message: str) -> Any:
    """An error of TF's DistributedSave op, worded as its eager error (run through
    `gen_experimental_dataset_ops`' fallback, which names no op)."""
    e = _on_cpu(op_error(cls, "DistributedSave", message))
    e._message = e._message.removesuffix(" name: ")
    e.args = (e._message,) + e.args[1:]
    return e


class WorkerServer(_Server):
    """A worker of a tf.data service: `WorkerServer(config, start=True)`."""

    def __init__(self, config: WorkerConfig, start: bool = True) -> None:
        if config.dispatcher_address is None:
            raise ValueError("Must specify a `dispatcher_address` in the `config` passed to "
                             "`WorkerServer`.")
        self._config = config
        super().__init__(self._config.port, self._config.protocol)
        self._dispatcher: DispatchServer | None = None
        self._tasks = 0
        if start:
            self.start()

    def start(self) -> None:
        self._dispatcher = _find_dispatcher(self._config.dispatcher_address)
        with self._dispatcher._lock:
            self._dispatcher._worker_refs.append(weakref.ref(self))

    def stop(self) -> None:
        if self._dispatcher is not None:
            with self._dispatcher._lock:
                refs = self._dispatcher._worker_refs
                refs[:] = [r for r in refs if r() is not None and r() is not self]
        self._close()

    def _num_tasks(self) -> int:
        return self._tasks


class CrossTrainerCache:
    """Lets trainers of one `job_name` share elements (`trainer_id` names this one)."""

    def __init__(self, trainer_id: str) -> None:
        if not trainer_id:
            raise ValueError("tf.data service cross-trainer cache requires a non-empty "
                             "trainer ID.")
        self.trainer_id = trainer_id


def _address(service: Any) -> str:
    """The dispatcher's "host:port" of a `service` argument: a target or (protocol, address)."""
    if isinstance(service, tuple):
        _, service = service  # (protocol, address); TF's unpacking error otherwise
    if not isinstance(service, str):
        raise ValueError(f"`service` must be a string, but `service` was of type "
                         f"{type(service)}. service={service}")
    if not service:
        raise ValueError("`service` must not be empty")
    return service.split("://", 1)[-1]


def _find_dispatcher(address: str) -> DispatchServer:
    address = address.split("://", 1)[-1]
    with _registry_lock:
        found = _DISPATCHERS.get(address)
    if found is None:
        raise UnavailableError(None, None, f"Failed to reach the tf.data service dispatcher "
                               f"at {address}: eagerflow's tf.data service serves the process "
                               "that started it, and no dispatcher runs there in this process")
    return found


def _policy(processing_mode: Any) -> ShardingPolicy:
    if isinstance(processing_mode, ShardingPolicy):
        return processing_mode
    if isinstance(processing_mode, str) and processing_mode in _MODES:
        return _MODES[processing_mode]
    raise ValueError("tf.data service processing mode should be a `tf.data.experimental."
                     "service.ShardingPolicy`, `\"parallel_epochs\"`, or "
                     f"`\"distributed_epoch\"`. Got {processing_mode!r}.")


def _check_compression(compression: Any) -> None:
    if compression not in _COMPRESSIONS:
        raise ValueError(f"Invalid `compression` argument: {compression}. Must be one of "
                         f"{list(_COMPRESSIONS)}.")


class _Registered:
    """A dataset the dispatcher knows by id."""

    def __init__(self, dataset: DatasetV2) -> None:
        self.dataset = dataset
        self.cardinality = dataset._cardinality()

    def check_same(self, dataset: DatasetV2, dataset_id: str) -> None:
        """TF's refusal of another dataset under a known id (its specs' diff, then the
        rest's: new -> registered)."""
        diff = _spec_diff(dataset.element_spec, self.dataset.element_spec)
        if diff:
            diff = f"ID {dataset_id} with different element_spec: {diff}"
        elif dataset._cardinality() != self.cardinality:
            diff = (f"ID {dataset_id}: ignored: element_spec\nmodified: cardinality: "
                    f"{dataset._cardinality()} -> {self.cardinality}")
        if diff:
            raise slow_path(_on_cpu(op_error(
                InvalidArgumentError, "RegisterDatasetV2",
                "Failed to register dataset: Datasets with the same ID should have the same "
                f"structure, got diff for dataset {diff}\n. To fix this error, make sure "
                "you're registering the same dataset with the same ID.")))


def _spec_diff(new: Any, old: Any) -> str:
    """The first difference of two element specs, as TF's proto diff words a dtype's."""
    if new == old:
        return ""
    if isinstance(new, TensorSpec) and isinstance(old, TensorSpec) and new.dtype != old.dtype:
        return (f"modified: tensor_spec_value.dtype: {dt_enum(new.dtype)} -> "
                f"{dt_enum(old.dtype)}")
    return f"modified: element_spec: {new} -> {old}"


def register_dataset(service: Any, dataset: DatasetV2, compression: Any = "AUTO",
                     dataset_id: Any = None) -> EagerTensor:
    """Registers `dataset` with the dispatcher at `service`; returns its id (a string)."""
    _check_compression(compression)
    address = _address(service)
    if dataset_id is not None:
        dataset_id = _id_text(dataset_id)
    found = _find_dispatcher(address)._register(dataset, dataset_id)
    return EagerTensor(np.array(found.encode(), dtype=object), _dt.string)


def _id_text(dataset_id: Any) -> str:
    if isinstance(dataset_id, EagerTensor):
        dataset_id = dataset_id.numpy()
    if isinstance(dataset_id, bytes):
        return dataset_id.decode()
    return str(dataset_id)


def distribute(processing_mode: Any, service: Any, job_name: str | None = None,
               consumer_index: int | None = None, num_consumers: int | None = None,
               max_outstanding_requests: int | None = None,
               data_transfer_protocol: str | None = None, compression: Any = "AUTO",
               cross_trainer_cache: CrossTrainerCache | None = None,
               target_workers: str = "AUTO") -> Any:
    """A transformation (for `Dataset.apply`) reading the dataset through the service."""
    policy = _policy(processing_mode)
    _check_compression(compression)
    _check_job(job_name, None)

    def apply(dataset: DatasetV2) -> DatasetV2:
        _check_job(job_name, num_consumers)
        address = _address(service)
        dataset_id = _find_dispatcher(address)._register(dataset, None)
        return _DataServiceDataset(address, dataset_id, policy, dataset._structure, job_name,
                                   consumer_index, num_consumers, target_workers)
    return apply


def from_dataset_id(processing_mode: Any, service: Any, dataset_id: Any,
                    element_spec: Any = None, job_name: str | None = None,
                    consumer_index: int | None = None, num_consumers: int | None = None,
                    max_outstanding_requests: int | None = None,
                    data_transfer_protocol: str | None = None,
                    cross_trainer_cache: CrossTrainerCache | None = None,
                    target_workers: str = "AUTO") -> DatasetV2:
    """A dataset reading the registered dataset `dataset_id` through the service."""
    policy = _policy(processing_mode)
    _check_job(job_name, num_consumers)
    address = _address(service)
    dataset_id = _id_text(dataset_id)
    if element_spec is None:  # (TF asks the dispatcher for it)
        known = _find_dispatcher(address)._datasets.get(dataset_id)
        if known is None:
            raise ValueError(f"Failed to fetch element spec for dataset id {dataset_id} from "
                             "tf.data service. If the dataset was registered in graph mode or "
                             "inside a tf.function, the `element_spec` must be specified as an "
                             "argument to `from_dataset_id`.")
        element_spec = known.dataset.element_spec
    structure = Structure(element_spec)
    return _DataServiceDataset(address, dataset_id, policy, structure, job_name,
                               consumer_index, num_consumers, target_workers)


def _check_job(job_name: str | None, num_consumers: int | None) -> None:
    if job_name is not None and not job_name:
        raise ValueError("`job_name` must not be empty")
    if num_consumers is not None and job_name is None:
        raise ValueError(f"`job_name` must be set when setting `num_consumers`. "
                         f"num_consumers was set to {num_consumers}.")


class _DataServiceDataset(DatasetV2):
    """The elements of a registered dataset, read from the service's workers."""

    _repr_name = "_DataServiceDatasetV2"

    def __init__(self, address: str, dataset_id: str, policy: ShardingPolicy,
                 structure: Structure, job_name: str | None, consumer_index: int | None,
                 num_consumers: int | None, target_workers: str) -> None:
        super().__init__((), structure)
        self._address, self._dataset_id, self._policy = address, dataset_id, policy
        self._job_name, self._consumer = job_name, consumer_index
        self._num_consumers, self._target_workers = num_consumers, target_workers
        self._iterations = 0  # each iteration of this dataset is a job of its own

    def _cardinality(self) -> int:
        found = _DISPATCHERS.get(self._address)
        known = found._datasets.get(self._dataset_id) if found is not None else None
        return INFINITE if known is not None and known.cardinality == INFINITE else UNKNOWN

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        if str(self._target_workers).upper() not in ("AUTO", "ANY", "LOCAL"):
            raise _on_cpu(op_error(InvalidArgumentError, "DataServiceDatasetV4",
                                   f"Unrecognized target workers: {self._target_workers}"))
        dispatcher = _find_dispatcher(self._address)
        registered = dispatcher._dataset(self._dataset_id)
        iteration, self._iterations = self._iterations, self._iterations + 1
        key = None if self._job_name is None else (self._job_name, iteration)
        job = dispatcher._job(key, lambda job_id: _Job(
            job_id, dispatcher, registered, self._policy, self._num_consumers))
        return _ConsumerIterator(job, self._consumer or 0)


class _Job:
    """One job: a task per worker, read in turn (or in rounds, by `num_consumers`)."""

    def __init__(self, job_id: int, dispatcher: DispatchServer, registered: _Registered,
                 policy: ShardingPolicy, num_consumers: int | None) -> None:
        workers = list(dispatcher._workers)
        if not workers:
            raise UnavailableError(None, None, "The tf.data service dispatcher at "
                                   f"{dispatcher._address} has no workers")
        self._registered, self._num_consumers, self._workers = registered, num_consumers, workers
        splits = _SplitProvider.for_job(job_id, registered.dataset, policy)
        self._tasks = [_task(job_id, registered.dataset, policy, dispatcher, w, splits)
                       for w in workers]
        for w in workers:
            w._tasks += 1
        self._next = 0
        self._rounds: dict[int, list] = {}  # round -> its elements, one per consumer
        self._taken: dict[int, int] = {}  # consumer -> the rounds it has read
        self._lock = threading.Lock()
        self.finished = False

    def next(self, consumer: int) -> tuple:
        with self._lock:
            if self._num_consumers is None:
                return self._next_in_turn()
            return self._next_in_round(consumer)

    def _next_in_turn(self) -> tuple:
        while self._tasks:
            self._next %= len(self._tasks)
            task = self._tasks[self._next]
            try:
                element = next(task)
            except StopIteration:
                del self._tasks[self._next]
                continue
            self._next += 1
            return element
        self.finished = True
        raise StopIteration

    def _next_in_round(self, consumer: int) -> tuple:
        if self._registered.cardinality != INFINITE:
            worker = self._workers[0]._address  # (the first round's)
            raise op_error(FailedPreconditionError, "IteratorGetNext", (
                f"Failed to get element from worker {worker}: Failed to get an element, with "
                "a nonretryable error: Failed to get element: Round robin reads require that "
                "the input dataset has infinite cardinality, "
                f"but the dataset has cardinality {self._registered.cardinality}. Consider "
                "adding a `.repeat()` transformation to the dataset."))
        if not 0 <= consumer < self._num_consumers:
            raise op_error(InvalidArgumentError, "IteratorGetNext", (
                f"consumer_index {consumer} is out of range: there are "
                f"{self._num_consumers} consumers"))
        round_ = self._taken.get(consumer, 0)
        self._taken[consumer] = round_ + 1
        if round_ not in self._rounds:  # the next elements of task r mod n, one per consumer
            task = self._tasks[round_ % len(self._tasks)]
            self._rounds[round_] = [next(task) for _ in range(self._num_consumers)]
        return self._rounds[round_][consumer]


def _task(job_id: int, dataset: DatasetV2, policy: ShardingPolicy,
          dispatcher: DispatchServer, worker: WorkerServer, splits: Any) -> ElementIterator:
    """`worker`'s iterator over its part of the job's dataset (for static sharding, its
    place in the dispatcher's `worker_addresses`)."""
    if policy in (ShardingPolicy.FILE, ShardingPolicy.DATA, ShardingPolicy.FILE_OR_DATA,
                  ShardingPolicy.HINT):
        listed = dispatcher._config.worker_addresses or []
        if worker._address not in listed:
            raise _unshardable(job_id, f"Worker {worker._address} is not in the workers "
                               f"list. Got workers list {','.join(listed)}.")
        n, index = len(listed), listed.index(worker._address)
    ctx = IterContext(dataset.options())
    if policy is ShardingPolicy.HINT:
        # each `shard(SHARD_HINT, ...)` of the pipeline (not those inside its functions)
        # is this worker's shard of n
        ctx.shard_hints = {id(d): (n, index) for d in _walk(dataset)
                           if isinstance(d, ShardDataset) and d._n == SHARD_HINT}
        return _WorkerTask.start(dataset, ctx, worker)
    files = _file_sources(dataset) if policy in (ShardingPolicy.FILE,
                                                 ShardingPolicy.FILE_OR_DATA) else []
    if policy is ShardingPolicy.DATA or (policy is ShardingPolicy.FILE_OR_DATA and not files):
        return _WorkerTask.start(dataset.shard(n, index), ctx, worker)
    if policy is ShardingPolicy.FILE and not files:
        raise _unshardable(job_id, "Found an unshardable source dataset: the pipeline "
                           "reads no files")
    if files:
        ctx.sources = {id(s): _EveryNth(n, index) for s in files}
    elif splits is not None:
        ctx.sources = splits
    return _WorkerTask.start(dataset, ctx, worker)


class _WorkerTask(ElementIterator):
    """A worker's iterator over its part of a job: a `shard(SHARD_HINT, ...)` it cannot
    fill in fails the consumer's read from that worker, as TF's worker reports it."""

    __slots__ = ("_it", "_address")

    def __init__(self, it: ElementIterator | None, address: str) -> None:
        self._it, self._address = it, address

    @staticmethod
    def start(dataset: DatasetV2, ctx: IterContext, worker: WorkerServer) -> ElementIterator:
        try:
            return _WorkerTask(dataset._make_iterator(ctx), worker._address)
        except FailedPreconditionError as e:
            if SHARD_HINT_ONLY not in str(e):
                raise
            return _WorkerTask(None, worker._address)

    def __next__(self) -> tuple:
        if self._it is None:
            raise self._failed()
        try:
            return next(self._it)
        except FailedPreconditionError as e:
            if SHARD_HINT_ONLY not in str(e):
                raise
            raise self._failed() from None

    def _failed(self) -> FailedPreconditionError:
        return op_error(FailedPreconditionError, "IteratorGetNext", (
            f"Failed to get element from worker {self._address}: Failed to get an element, "
            f"with a nonretryable error: Failed to get element: {SHARD_HINT_ONLY}"))

    def close(self) -> None:
        if self._it is not None:
            self._it.close()


def _unshardable(job_id: int, why: str) -> NotFoundError:
    return _on_cpu(op_error(NotFoundError, "MakeIterator", (
        f"Failed to get or create iteration for job with id {job_id}: Failed to shard "
        f"dataset in tf.data service: {why}")))


def _walk(dataset: DatasetV2) -> list:
    seen, order, stack = set(), [], [dataset]
    while stack:
        d = stack.pop()
        if id(d) not in seen:
            seen.add(id(d))
            order.append(d)
            stack.extend(d._inputs)
    return order


def _file_sources(dataset: DatasetV2) -> list:
    """The file-name sources of the pipeline's file readers."""
    return [r._inputs[0] for r in _walk(dataset) if isinstance(r, _FileReaderDataset)]


class _EveryNth:
    """FILE sharding: a worker keeps file i of every n of each source of file names."""

    def __init__(self, n: int, index: int) -> None:
        self._n, self._index = n, index

    def iterator(self, make: Any) -> ElementIterator:
        return _Nth(make(), self._n, self._index)


class _Nth(ElementIterator):
    __slots__ = ("_it", "_n", "_index", "_i")

    def __init__(self, it: ElementIterator, n: int, index: int) -> None:
        self._it, self._n, self._index, self._i = it, n, index, 0

    def __next__(self) -> tuple:
        while True:
            element = next(self._it)
            i, self._i = self._i, self._i + 1
            if i % self._n == self._index:
                return element

    def close(self) -> None:
        self._it.close()


class _SplitProvider:
    """distributed_epoch: one source's elements, handed out one at a time to whichever
    worker asks next, for as many epochs as the repeats above the source ask for (as TF's
    repeat splits its input's splits again: `repeat(2)` reads each element twice in all,
    whatever the number of workers)."""

    @staticmethod
    def for_job(job_id: int, dataset: DatasetV2, policy: ShardingPolicy) -> dict | None:
        if policy is not ShardingPolicy.DYNAMIC:
            return None
        sources = _sources(dataset)
        for source in sources.values():
            if not getattr(type(source[0])._make_iterator, "splittable", False):
                name = type(source[0]).__name__.strip("_").removesuffix("V2")
                raise _on_cpu(op_error(UnimplementedError, "MakeIterator", (
                    f"Failed to get or create iteration for job with id {job_id}: Cannot "
                    f"create split providers for dataset of type {name}, because the "
                    "dataset is not unary (instead having arity 0), and no custom "
                    "implementation of `MakeSplitProvider` is defined.")))
        return {key: _SplitProvider(epochs) for key, (_, epochs) in sources.items()}

    def __init__(self, epochs: int) -> None:
        self._epochs = epochs  # -1: endless
        self._make: Any = None
        self._it: ElementIterator | None = None
        self._yielded = False
        self._lock = threading.Lock()
        self.repetition = 0  # the epoch being split, and the splits given out of it
        self.index = 0

    def iterator(self, make: Any) -> ElementIterator:
        """A worker's iterator over the source: its next splits."""
        with self._lock:
            if self._make is None:
                self._make, self._it = make, make()
        return _Splits(self)

    def take(self) -> tuple:
        return self.take_indexed()[0]

    def take_indexed(self) -> tuple:
        """The next split, its repetition and its index in that repetition."""
        with self._lock:
            while self._it is not None:
                try:
                    element = next(self._it)
                except StopIteration:
                    self._epochs -= self._epochs > 0
                    if self._epochs == 0 or not self._yielded:  # (an empty source ends)
                        self._it = None
                        break
                    self._it, self._yielded = self._make(), False
                    self.repetition, self.index = self.repetition + 1, 0
                    continue
                self._yielded = True
                self.index += 1
                return element, self.repetition, self.index - 1
            raise StopIteration


def _sources(dataset: DatasetV2, epochs: int = 1, found: dict | None = None) -> dict:
    """id -> (source, epochs) of the pipeline's sources: the product of the repeat counts
    above each (-1: endless)."""
    found = {} if found is None else found
    count = getattr(dataset, "_count", 1) if isinstance(dataset, RepeatDataset) else 1
    epochs = -1 if -1 in (epochs, count) else epochs * count
    if not dataset._inputs:
        found[id(dataset)] = (dataset, epochs)
    for d in dataset._inputs:
        _sources(d, epochs, found)
    return found


class _Splits(ElementIterator):
    __slots__ = ("_provider",)

    def __init__(self, provider: _SplitProvider) -> None:
        self._provider = provider

    def __next__(self) -> tuple:
        return self._provider.take()


def distributed_save(dataset: DatasetV2, path: Any, data_service_address: Any,
                     compression: Any = "AUTO") -> None:
    """Saves `dataset` to `path` through the service's workers, as TF's distributed
    snapshot (distributed_save.py has its files); returns at once while the workers
    write. `Dataset.load(path)` reads it, waiting for the chunks still to come."""
    if not isinstance(data_service_address, str):
        raise ValueError(f"`data_service_address` must be a string, but is a "
                         f"{type(data_service_address)} ({data_service_address}")
    if not data_service_address:
        raise ValueError("`data_service_address` must not be empty")
    path = os.fsdecode(path.numpy() if isinstance(path, EagerTensor) else path)
    _find_dispatcher(data_service_address)._snapshot(dataset, path, compression)


def _save_snapshot(dispatcher: DispatchServer, dataset: DatasetV2,
                   files: _dsave.SnapshotFiles, sources: dict, providers: dict) -> None:
    """A distributed save: a stream per worker, each reading the source's splits as they
    come (as distributed_epoch's tasks do) and writing its chunks; the streams take turns
    on this thread. A dispatcher stopped meanwhile leaves the save unfinished, as TF's."""
    streams: list = []
    try:
        workers = dispatcher._workers
        while not workers:  # (TF's save waits for a worker too)
            if dispatcher._stopped.wait(0.05):
                return
            workers = dispatcher._workers
        source_specs = [flat_specs(src.element_spec, "Saving")
                        for src, _ in sources.values()]
        for i, worker in enumerate(workers):
            stream = files.stream(i, worker._address)
            ctx = IterContext(dataset.options())
            ctx.sources = {key: _RecordedSplits(providers[key], stream, n, source_specs[n])
                           for n, key in enumerate(sources)}
            streams.append((stream, dataset._make_iterator(ctx)))
        while streams:
            for entry in list(streams):
                if dispatcher._stopped.is_set():
                    return
                stream, it = entry
                try:
                    flat = next(it)
                except StopIteration:
                    streams.remove(entry)
                    it.close()
                    stream.done()
                    continue
                stream.write(flat)
        files.finish()
    except Exception as e:  # noqa: BLE001 - the save's failure goes to its ERROR file
        files.finish(e)
    finally:
        for stream, it in streams:
            it.close()
            stream.abandon()


class _RecordedSplits:
    """A stream's share of a source's splits: each one it takes is written to the stream's
    splits folder."""

    def __init__(self, provider: _SplitProvider, stream: _dsave.StreamFiles, source: int,
                 specs: tuple) -> None:
        self._provider, self._stream = provider, stream
        self._source, self._specs = source, specs

    def iterator(self, make: Any) -> ElementIterator:
        self._provider.iterator(make)
        return _RecordingSplits(self)

    def take(self) -> tuple:
        split, repetition, index = self._provider.take_indexed()
        self._stream.split(self._source, repetition, index, split, self._specs)
        return split


class _RecordingSplits(ElementIterator):
    __slots__ = ("_splits",)

    def __init__(self, splits: _RecordedSplits) -> None:
        self._splits = splits

    def __next__(self) -> tuple:
        return self._splits.take()


class _ConsumerIterator(ElementIterator):
    """A consumer's reads from its job."""

    __slots__ = ("_job", "_consumer")

    def __init__(self, job: _Job, consumer: int) -> None:
        self._job, self._consumer = job, consumer

    def __next__(self) -> tuple:
        return self._job.next(self._consumer)


__all__ = ["CrossTrainerCache", "DispatchServer", "DispatcherConfig", "ShardingPolicy",
           "WorkerConfig", "WorkerServer", "distribute", "distributed_save", "from_dataset_id",
           "register_dataset"]
