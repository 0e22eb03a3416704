"""tf.distribute.experimental's preemption handling: `TerminationConfig`,
`PreemptionCheckpointHandler` and `PreemptionWatcher`.

A handler restores the latest checkpoint of its manager's directory when it is made,
counts the training steps run through it (`run`) in a variable saved with the checkpoint
(`checkpointed_runs`, TF's name), and watches for a termination notice: SIGTERM, or a
`termination_watcher_fn` polled every second on a thread. A notice received during step
N makes the handler save after step N+1 (the step agreed with the other workers), then
call `exit_fn`: by default `sys.exit(42)`, the restart code TF uses where it is not on
Google Cloud. With a `grace_period`, training goes on after that first save until the
period is nearly over, then saves and exits again, as TF does.

TF asks GCE's metadata server whether it runs on Google Cloud; eagerflow makes no network
call and takes the platform to be another one (TF's "internal" CPU/GPU platform). Workers
of a MultiWorkerMirroredStrategy agree on the step to save at through MPI (TF uses its
coordination service): every worker calls `run` once per step, so one all-gather of the
notice flags per step gives each the same answer.
"""

from __future__ import annotations

import contextlib
import enum
import signal
import sys
import threading
import time
from typing import Any, Callable, Iterator

import numpy as np

from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes, tf_logging
from eagerflow._src.core.errors import OpError
from eagerflow._src.distribute.multi_worker import _Mpi
from eagerflow._src.ops.variables import Variable
from eagerflow._src.train.checkpoint import Checkpoint
from eagerflow._src.train.checkpoint_management import CheckpointManager

_ITERATION_VARIABLE = "checkpointed_runs"
_BORG_EXIT_CODE = 42  # TF's default restart code off Google Cloud
_MODULE = "tensorflow.python.distribute.failure_handling.failure_handling"


class PlatformDevice(enum.Enum):
    """TF's names for where a job runs (failure_handling_util.PlatformDevice)."""

    INTERNAL_CPU = "internal_CPU"
    INTERNAL_GPU = "internal_GPU"
    INTERNAL_TPU = "internal_TPU"
    GCE_GPU = "GCE_GPU"
    GCE_TPU = "GCE_TPU"
    GCE_CPU = "GCE_CPU"
    UNSUPPORTED = "unsupported"


def detect_platform() -> PlatformDevice:
    """The platform as TF names it off Google Cloud (no metadata server is asked)."""
    if D.list_logical_devices("GPU"):
        return PlatformDevice.INTERNAL_GPU
    return PlatformDevice.INTERNAL_CPU


def _default_exit() -> None:
    sys.exit(_BORG_EXIT_CODE)


class TerminationConfig:
    """How a `PreemptionCheckpointHandler` learns of a termination (`termination_watcher_fn`,
    polled; SIGTERM when None), exits (`exit_fn`), how long it may go on training after the
    notice (`grace_period`, seconds) and how it saves (`save_fn`)."""

    def __init__(self, termination_watcher_fn: Callable[[], bool] | None = None,
                 exit_fn: Callable[[], Any] | None = None,
                 grace_period: float | None = None,
                 save_fn: Callable[..., Any] | None = None) -> None:
        self.termination_watcher_fn = termination_watcher_fn
        self.exit_fn = exit_fn
        self.grace_period = grace_period
        self.save_fn = save_fn


def _completed(config: TerminationConfig | None) -> TerminationConfig:
    """The config with TF's defaults off Google Cloud filled in."""
    config = config or TerminationConfig()
    return TerminationConfig(config.termination_watcher_fn, config.exit_fn or _default_exit,
                             config.grace_period or 0, config.save_fn)


def _worker_tasks(resolver: Any) -> tuple:
    """(the cluster's job names, its number of workers) from a resolver (or None)."""
    if resolver is None:
        return [], 0
    spec = resolver.cluster_spec()
    jobs = spec.jobs
    workers = sum(spec.num_tasks(j) for j in jobs if j in ("chief", "worker"))
    return jobs, workers


class PreemptionCheckpointHandler:
    """Saves a checkpoint and exits when the job is about to be preempted; restores the
    latest checkpoint when made."""

    def __init__(self, cluster_resolver: Any, checkpoint_or_checkpoint_manager: Any,
                 checkpoint_dir: str | None = None,
                 termination_config: TerminationConfig | None = None) -> None:
        if isinstance(checkpoint_or_checkpoint_manager, Checkpoint) and not checkpoint_dir:
            # TF builds InvalidArgumentError with its message alone, which its constructor
            # (node_def, op, message) refuses: this TypeError is what a TF user sees
            raise TypeError("InvalidArgumentError.__init__() missing 2 required positional "
                            "arguments: 'op' and 'message'")
        self._cluster_resolver = cluster_resolver
        self._termination_config = termination_config
        self._checkpoint_or_checkpoint_manager = checkpoint_or_checkpoint_manager
        self._checkpoint_dir = checkpoint_dir
        self._platform_device = detect_platform()
        config = _completed(termination_config)
        self._termination_watcher_fn = config.termination_watcher_fn
        self._exit_fn = config.exit_fn
        self._grace_period = config.grace_period
        self._save_fn = config.save_fn
        jobs, workers = _worker_tasks(cluster_resolver)
        if "ps" in jobs:
            raise NotImplementedError(
                "PreemptionCheckpointHandler does not supportusage with "
                "tf.distribute.experimental.ParameterServerStrategy.")
        self._mpi = _mpi_for(workers)
        self._local_mode = self._mpi is None
        self._initialize()
        tf_logging.get_logger().info("PreemptionCheckpointHandler initialized or restored.")

    # -- construction ----------------------------------------------------------------------
    def _initialize(self) -> None:
        self._checkpointed_runs = Variable(np.int64(0), trainable=False,
                                           name=_ITERATION_VARIABLE, dtype=dtypes.int64)
        self._maybe_create_checkpoint_manager()
        for manager in (self._write_checkpoint_manager, self._read_checkpoint_manager):
            if not hasattr(manager._checkpoint, _ITERATION_VARIABLE):
                setattr(manager._checkpoint, _ITERATION_VARIABLE, self._checkpointed_runs)
        self._read_checkpoint_manager.restore_or_initialize()
        self._final_checkpoint_countdown = False
        self._estimated_run_time = 0
        self._run_counter = self._checkpointed_runs.numpy()
        self._received_own_sigterm = threading.Event()
        self._received_checkpoint_step = threading.Event()
        self._step_to_checkpoint = None
        self._poll_termination_signal_thread = None
        if self._termination_watcher_fn:
            self._start_polling_for_termination_signal()
        else:
            signal.signal(signal.SIGTERM, self._sigterm_handler_fn)

    def _maybe_create_checkpoint_manager(self) -> None:
        """The caller's manager, or one keeping a single checkpoint in `checkpoint_dir`.
        (A non-chief worker's saves go to a temporary directory, removed after each save:
        eagerflow's checkpoint writers do that for every multi-worker save.)"""
        given = self._checkpoint_or_checkpoint_manager
        if isinstance(given, CheckpointManager):
            self._read_checkpoint_manager = self._write_checkpoint_manager = given
            self._api_made_checkpoint_manager = False
            return
        self._api_made_checkpoint_manager = True
        self._read_checkpoint_manager = CheckpointManager(
            given, directory=self._checkpoint_dir, max_to_keep=1)
        self._write_checkpoint_manager = self._read_checkpoint_manager

    def _start_polling_for_termination_signal(self) -> None:
        self._poll_termination_signal_thread_should_stop = threading.Event()
        self._poll_termination_signal_thread = threading.Thread(
            target=self._poll_termination_signal,
            name="WorkerTerminationSignalWatcher-single_worker", daemon=True)
        self._poll_termination_signal_thread.start()

    def _poll_termination_signal(self) -> None:
        while True:
            if self._poll_termination_signal_thread_should_stop.is_set() \
                    or self._final_checkpoint_countdown:
                return
            if self._termination_watcher_fn():
                break
            time.sleep(1)
        self._set_received_own_sigterm()

    def _set_received_own_sigterm(self) -> None:
        tf_logging.get_logger().info("Member %s has received termination notice.",
                                     "single_worker")
        self._received_own_sigterm_time = time.time()
        self._received_own_sigterm.set()

    def _sigterm_handler_fn(self, signum: int, frame: Any) -> None:
        del signum, frame
        self._set_received_own_sigterm()

    def _stop_poll_termination_signal_thread(self) -> None:
        if getattr(self, "_poll_termination_signal_thread", None):
            self._poll_termination_signal_thread_should_stop.set()
            self._poll_termination_signal_thread.join()
            self._poll_termination_signal_thread = None

    def __del__(self) -> None:
        self._stop_poll_termination_signal_thread()

    # -- public API ------------------------------------------------------------------------
    @property
    def total_run_calls(self) -> Any:
        """The number of `run` calls, those before the restore included (deprecated)."""
        tf_logging.deprecated_call("PreemptionCheckpointHandler.total_run_calls", _MODULE,
                                   "Track steps using a tf.Variable saved in checkpoint "
                                   "instead.")
        return self._run_counter

    def run(self, distributed_train_function: Callable, *args: Any, **kwargs: Any) -> Any:
        """`distributed_train_function(*args, **kwargs)`, after saving and exiting if a
        termination notice asks it."""
        self._check_preemption_and_maybe_checkpoint()
        begin = time.time()
        result = distributed_train_function(*args, **kwargs)
        elapsed = time.time() - begin
        self._run_counter += 1
        self._estimated_run_time += (elapsed - self._estimated_run_time) / self._run_counter
        return result

    def save_checkpoint_if_preempted(self, *args: Any, **kwargs: Any) -> None:
        """Counts a step, saving (with these arguments to the manager's `save`) and exiting
        if a termination notice asks it: an alternative to `run`."""
        self._check_preemption_and_maybe_checkpoint(*args, **kwargs)
        self._run_counter += 1
        self._estimated_run_time = 0

    @contextlib.contextmanager
    def watch_preemption_scope(self) -> Iterator[None]:
        """A scope for TPUStrategy's asynchronous preemption errors: off TPUs it only
        lets errors through (to the other workers, in TF)."""
        try:
            yield
        except OpError as e:
            if not self._local_mode:
                tf_logging.get_logger().info("Propagating error to cluster: %r: %s", e, e)
            raise

    # -- saving ----------------------------------------------------------------------------
    def _save_checkpoint(self, *args: Any, **kwargs: Any) -> None:
        self._checkpointed_runs.assign(self.total_run_calls)
        start = time.monotonic()
        if self._save_fn:
            self._save_fn(*args, **kwargs)
        else:
            self._write_checkpoint_manager.save(*args, **kwargs)
        tf_logging.get_logger().info("Checkpoint finished at path %s",
                                     self._write_checkpoint_manager.directory)
        self._checkpoint_time = time.monotonic() - start

    def _own_notice(self) -> bool:
        """Whether this worker, or with MPI any worker, has received a notice."""
        mine = self._received_own_sigterm.is_set()
        if self._mpi is None:
            return mine
        flags = self._mpi.allgather(np.array(mine))
        return bool(any(bool(f) for f in flags))

    def _check_preemption_and_maybe_checkpoint(self, *args: Any, **kwargs: Any) -> None:
        if self._received_checkpoint_step.is_set():
            if self._step_to_checkpoint == str(self._run_counter):
                self._save_checkpoint(*args, **kwargs)
                if self._time_to_exit():
                    self._stop_poll_termination_signal_thread()
                    tf_logging.get_logger().info(
                        "PreemptionCheckpointHandler: checkpoint saved. Exiting.")
                    self._exit_fn()
                else:
                    tf_logging.get_logger().info("Continue training for the grace period.")
                    self._final_checkpoint_countdown = True
                    self._received_checkpoint_step.clear()
            return
        if not self._own_notice():
            return
        if self._final_checkpoint_countdown:
            if self._target_time_for_termination >= time.time():
                return
            tf_logging.get_logger().info(
                "Grace period almost ended. Final call to save a checkpoint!")
        self._step_to_checkpoint = str(self._run_counter + 1)
        self._received_checkpoint_step.set()
        if not self._received_own_sigterm.is_set():  # another worker's notice
            self._received_own_sigterm_time = time.time()
        self._setup_countdown()

    def _time_to_exit(self) -> bool:
        return self._grace_period <= 0 or self._final_checkpoint_countdown

    def _setup_countdown(self) -> None:
        """With a grace period, when to save the final checkpoint: leave six estimated
        steps' time before the period ends, as TF does."""
        if self._grace_period > 0 and not self._final_checkpoint_countdown:
            self._target_time_for_termination = (
                self._received_own_sigterm_time + self._grace_period
                - 3 * self._estimated_run_time * 2)


def _mpi_for(workers: int) -> Any:
    """MPI's world when this is one of several workers launched by it, else None."""
    if workers <= 1:
        return None
    try:
        mpi = _Mpi(timeout=300.0)
    except ImportError:
        mpi = None
    if mpi is None or mpi.size != workers:
        raise NotImplementedError(
            f"eagerflow's PreemptionCheckpointHandler agrees on the step to save at over "
            f"MPI: run the {workers} workers with mpiexec (TF uses its coordination "
            f"service, which eagerflow has not)")
    return mpi


class PreemptionWatcher:
    """TF's watcher of a Borg TPU job's preemption message: with no TPU it only warns, and
    its `preemption_message` stays None."""

    def __init__(self) -> None:
        self._preemption_message = None
        self._platform = detect_platform()
        tf_logging.absl_warning("Preemption watcher does not support environment: %s",
                                self._platform)

    @property
    def preemption_message(self) -> Any:
        """The preemption message received (None: none has come)."""
        return self._preemption_message

    def block_until_worker_exit(self) -> None:
        """Waits for a TPU job's workers to exit: nothing to wait for off TPUs."""
        return None
