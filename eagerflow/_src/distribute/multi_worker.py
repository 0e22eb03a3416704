"""MultiWorkerMirroredStrategy: one process per worker, collectives over MPI.

Launch with `mpiexec -n N python train.py`. Each worker holds one replica; values
are all-gathered with MPI and reduced in rank order, so every worker computes
bit-identical results (and the same as MirroredStrategy with N local replicas).
Variables start from rank 0's values. A collective that does not complete within
`CommunicationOptions(timeout_seconds=...)` raises DeadlineExceededError; an
uncaught exception on any worker aborts the whole job (MPI_Abort) so that no
worker is left waiting. Rank 0 is the chief unless TF_CONFIG names one.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import tf_logging
from eagerflow._src.core.errors import DeadlineExceededError, UnavailableError
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.distribute import collective_ops
from eagerflow._src.distribute.cluster_resolver import (
    ClusterResolver,
    ClusterSpec,
    TFConfigClusterResolver,
)
from eagerflow._src.distribute.collective import ReduceOp, reduce_arrays
from eagerflow._src.distribute.replica_context import ReplicaContext
from eagerflow._src.distribute.strategy import NcclAllReduce, Strategy
from eagerflow._src.distribute.values import (
    MirroredVariable,
    SyncOnReadVariable,
    current_replica_index,
)
from eagerflow._src.ops.variables import VariableAggregation, VariableSynchronization
from eagerflow._src.train import worker_files

DEFAULT_TIMEOUT_S = 300.0
_SAVE_BARRIER = ("the barrier that ends a checkpoint or weights save (as in TF, every worker "
                 "must save; the chief alone keeps the files)")


class CommunicationImplementation:
    AUTO = "AUTO"
    RING = "RING"
    NCCL = "NCCL"


class CommunicationOptions:
    """tf.distribute.experimental.CommunicationOptions: timeout_seconds bounds collectives."""

    def __init__(self, bytes_per_pack: int = 0, timeout_seconds: float | None = None,
                 implementation: str = CommunicationImplementation.AUTO) -> None:
        if bytes_per_pack < 0:
            raise ValueError(f"Argument `bytes_per_pack` must be >=0, Received {bytes_per_pack}.")
        if isinstance(implementation, str):  # (TF's enum by its name, any case)
            implementation = implementation.upper()
        if implementation not in (CommunicationImplementation.AUTO,
                                  CommunicationImplementation.RING,
                                  CommunicationImplementation.NCCL):
            raise ValueError("Argument `implementation` must be instance of "
                             "`tf.distribute.experimental.CommunicationImplementation`.")
        self.bytes_per_pack = bytes_per_pack
        self.timeout_seconds = timeout_seconds
        self.implementation = implementation

    def __str__(self) -> str:  # (TF's: no space after the first comma)
        impl = self.implementation
        impl = f"CommunicationImplementation.{impl}" if isinstance(impl, str) else impl
        return (f"Options(bytes_per_pack={self.bytes_per_pack},timeout_seconds="
                f"{self.timeout_seconds}, implementation={impl})")


class CollectiveHints:
    """tf.distribute.experimental.CollectiveHints, TF's deprecated name: constructing one
    logs TF's deprecation notice and gives a CommunicationOptions."""

    def __new__(cls, bytes_per_pack: int = 0,
                timeout_seconds: float | None = None) -> CommunicationOptions:
        tf_logging.deprecated_call("Hints.__new__", "tensorflow.python.distribute."
                                   "collective_util", "use distribute.experimental."
                                   "CommunicationOptions instead")
        return CommunicationOptions(bytes_per_pack=bytes_per_pack,
                                    timeout_seconds=timeout_seconds)

    __new__.__qualname__ = "Hints.__new__"  # (TF's class is Hints: its TypeErrors name it)


class MpiClusterResolver(ClusterResolver):
    """The task this process plays: from TF_CONFIG when set, else the MPI rank's worker."""

    def __init__(self, rank: int, size: int) -> None:
        config = json.loads(os.environ.get("TF_CONFIG") or "{}")
        task = config.get("task", {})
        self.task_type = task.get("type", "worker")
        self.task_id = int(task.get("index", rank))
        self._cluster = ClusterSpec(config.get(
            "cluster", {"worker": [f"localhost:{i}" for i in range(size)]}))
        self.rpc_layer = config.get("rpc_layer", "")

    def cluster_spec(self) -> ClusterSpec:
        return self._cluster

    def master(self, task_type: str | None = None, task_id: int | None = None,
               rpc_layer: str | None = None) -> str:
        return ""


class _Mpi:
    """The few MPI calls the strategy needs, each bounded by a timeout."""

    def __init__(self, timeout: float) -> None:
        from mpi4py import MPI  # the [mpi] extra

        self.MPI = MPI
        self.comm = MPI.COMM_WORLD
        self.rank = self.comm.Get_rank()
        self.size = self.comm.Get_size()
        self.timeout = timeout

    def _wait(self, req: Any, what: str) -> None:
        deadline = time.monotonic() + self.timeout
        while not req.Test():
            if time.monotonic() > deadline:
                raise DeadlineExceededError(
                    None, None, f"worker {self.rank}: {what} did not complete within "
                                f"{self.timeout:g} s; another worker has failed or stalled")
            time.sleep(0.0002)

    # MPI moves host buffers: a device array goes through the host, and what comes back
    # is put on the device the array came from.
    def allgather(self, arr: Any) -> list:
        """Every worker's `arr`, in rank order, on `arr`'s device."""
        place = D.device_of(arr)
        host = to_host(arr)
        shape = host.shape
        host = np.ascontiguousarray(host)  # (which makes a scalar 1-D: `shape` keeps it 0-D)
        out = np.empty((self.size,) + shape, dtype=host.dtype)
        if host.dtype == object:
            raise UnavailableError(None, None, "string tensors cannot be all-reduced")
        self._wait(self.comm.Iallgather(host, out), "all-gather")
        return [D.to_device(out[i], place) for i in range(self.size)]

    def broadcast(self, arr: Any) -> Any:
        """The chief's `arr`, on `arr`'s device."""
        place = D.device_of(arr)
        host = np.array(to_host(arr), copy=True)
        shape = host.shape
        host = np.ascontiguousarray(host)
        self._wait(self.comm.Ibcast(host, root=0), "broadcast")
        return D.to_device(host.reshape(shape), place)

    def barrier(self, what: str = "barrier") -> None:
        self._wait(self.comm.Ibarrier(), what)

    def abort(self, code: int = 1) -> None:
        self.comm.Abort(code)


class CollectiveAllReduceStrategy(Strategy):
    """Synchronous training across processes (one replica each), launched by mpiexec:
    tf.distribute.MultiWorkerMirroredStrategy, under TF's class name."""

    _eager_run_name = "CollectiveAllReduceStrategy"  # (TF's class)
    _extended_name = "CollectiveAllReduceExtended"
    _all_reduce_path = "collective"  # (replica_context.tf_all_reduce)

    def __init__(self, cluster_resolver: Any = None,
                 communication_options: CommunicationOptions | None = None) -> None:
        self._options = communication_options or CommunicationOptions()
        timeout = self._options.timeout_seconds or DEFAULT_TIMEOUT_S
        try:
            self._mpi: _Mpi | None = _Mpi(timeout)
            rank, size = self._mpi.rank, self._mpi.size
        except ImportError:
            self._mpi, rank, size = None, 0, 1  # single worker: no MPI needed
        if self._mpi is not None and size == 1:
            self._mpi = None
        self._rank, self._size = rank, size
        self.cluster_resolver = cluster_resolver or _default_resolver(rank, size)
        # (a cluster TF would know of: given, or in TF_CONFIG; an MPI job's own is not)
        told = cluster_resolver is not None or bool(os.environ.get("TF_CONFIG"))
        _configure_collectives(self.cluster_resolver if told else None)
        # one replica per worker, on its first GPU if it has one (TF's MWMS mirrors over
        # every local GPU; eagerflow's workers run one replica each)
        gpus = D.list_logical_devices("GPU")
        super().__init__([gpus[0].name if gpus else "/cpu:0"], NcclAllReduce())
        if self._mpi is not None:
            _install_abort_on_error(self._mpi)
            # the chief alone keeps checkpoints and summaries; saves end at a barrier
            mpi = self._mpi
            worker_files.set_job(is_chief_task(self.cluster_resolver),
                                 self.cluster_resolver.task_id,
                                 lambda: mpi.barrier(_SAVE_BARRIER))

    @property
    def num_replicas_in_sync(self) -> int:
        return self._size

    def _global_replica_id(self, local_index: int) -> int:
        return self._rank

    def _worker_layout(self) -> tuple:
        return self._size, self._rank

    @property
    def should_checkpoint(self) -> bool:
        return is_chief_task(self.cluster_resolver)

    should_save_summary = should_checkpoint

    def _collect(self, ctx: ReplicaContext, arrays: list) -> list:
        if self._mpi is None:
            return [arrays]
        gathered = [self._mpi.allgather(a) for a in arrays]
        return [[g[w] for g in gathered] for w in range(self._size)]

    def _cross_worker_reduce(self, op: ReduceOp, t: Tensor) -> Tensor:
        if self._mpi is None:
            return t
        # an op, so that a reduce inside a tf.function all-reduces when the graph runs
        return collective_ops.all_reduce(t, op.value, self)

    def _create_variable(self, next_creator: Callable, **kwargs: Any) -> Any:
        with D.placed_on(self._devices[0]):
            primary = next_creator(**kwargs)
        if kwargs.get("synchronization") == VariableSynchronization.ON_READ:
            v = _WorkerSyncOnReadVariable.from_copies(primary, [primary._arr], self)
            v._arr = primary._arr  # as a cross-replica write: a SUM's value on worker 0 alone
            return v
        if self._mpi is not None:  # everyone starts from the chief's initial value
            primary._arr = self._mpi.broadcast(primary._arr)
        return MirroredVariable.from_copies(primary, [primary._arr], self)


MultiWorkerMirroredStrategy = CollectiveAllReduceStrategy

# The process's collective-ops configuration, (leader, device filters), as TF's context
# keeps it (configure_collective_ops): set once, before the runtime starts.
_collectives: list = [None]


def _configure_collectives(resolver: Any) -> None:
    """What TF's strategy does with the context's collective ops: configures them for
    the cluster of `resolver` (None: local training, no leader). The same configuration
    again is a no-op and another a ValueError. Once the runtime has started a cluster's
    configuration raises RuntimeError, a local one only warns (and stays unset)."""
    spec = resolver.cluster_spec().as_dict() if resolver is not None else {}
    if spec:
        task = f"/job:{resolver.task_type}/task:{resolver.task_id}"
        want = (_collective_leader(spec, resolver.task_type), (task,))
    else:
        want = ("", None)
    if _collectives[0] is not None:
        if _collectives[0] != want:
            raise ValueError("Collective ops are already configured.")
        return
    if D.runtime_initialized():
        if not spec:
            tf_logging.warning("Collective ops is not configured at program startup. Some "
                               "performance features may not be enabled.")
            return
        raise RuntimeError("Collective ops must be configured at program startup")
    _collectives[0] = want


def _collective_leader(spec: dict, task_type: str | None) -> str:
    """TF's collective leader of a cluster: the chief's task 0 when there is a chief,
    else worker 0 (none for the evaluator, which runs alone)."""
    if task_type == "evaluator":
        return ""
    return "/job:chief/replica:0/task:0" if "chief" in spec else "/job:worker/replica:0/task:0"


def _default_resolver(rank: int, size: int) -> ClusterResolver:
    """A lone worker reads TF_CONFIG as TF's TFConfigClusterResolver does (unset, as in
    TF's multi-worker tutorial's first run: no task type or id, an empty cluster); a
    worker of an MPI job takes its rank."""
    if size == 1:
        return TFConfigClusterResolver()
    return MpiClusterResolver(rank, size)


class _WorkerSyncOnReadVariable(SyncOnReadVariable):
    """A SyncOnRead variable (a metric's state) of a multi-worker job: each worker updates
    its own copy; a read outside the replicas combines every worker's copy by the
    variable's aggregation (an all-reduce, so every worker must read it, as in TF)."""

    def _worker_reduce_op(self) -> ReduceOp | None:
        if self._aggregation == VariableAggregation.SUM:
            return ReduceOp.SUM
        if self._aggregation == VariableAggregation.MEAN:
            return ReduceOp.MEAN
        return None

    @property
    def _arr(self) -> Any:
        local = self._copies[0]
        op = self._worker_reduce_op()
        mpi = self._strategy._mpi
        if current_replica_index() is not None or op is None or mpi is None:
            return local
        return reduce_arrays(mpi.allgather(local), op).astype(local.dtype, copy=False)

    @_arr.setter
    def _arr(self, value: Any) -> None:
        # A cross-replica write (reset_state, restore) sets the combined value: for a SUM
        # worker 0 holds it and the other workers hold zeros.
        keep = current_replica_index() is not None or \
            self._aggregation != VariableAggregation.SUM or self._strategy._rank == 0
        self._copies[0] = value if keep else value * 0


def is_chief_task(resolver: Any) -> bool:
    if resolver.task_type in (None, "chief"):  # (None: a lone worker, TF_CONFIG unset)
        return True
    if "chief" in resolver.cluster_spec().jobs:
        return False
    return resolver.task_type == "worker" and resolver.task_id == 0


def _install_abort_on_error(mpi: _Mpi) -> None:
    """An uncaught exception on one worker ends every worker, instead of a hang."""
    previous = sys.excepthook

    def hook(exc_type: Any, exc: BaseException, tb: Any) -> None:
        previous(exc_type, exc, tb)
        sys.stderr.write(f"eagerflow: worker {mpi.rank} failed ({exc_type.__name__}); "
                         "aborting all workers\n")
        sys.stderr.flush()
        time.sleep(0.5)  # let mpiexec forward the traceback before the job is torn down
        mpi.abort(1)

    if getattr(sys.excepthook, "__name__", "") != "hook":
        sys.excepthook = hook
