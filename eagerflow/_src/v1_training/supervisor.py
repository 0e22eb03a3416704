"""tf.compat.v1.train.Supervisor: TF 1's pre-MonitoredSession training wrapper.

Sits in v1_training/, beside monitored_session.py, over session_manager.py, looper.py and
summary_v1.py. A Supervisor finds or makes the graph's init, ready, local init, saver,
summary and global step pieces (TF's collections first), finalizes the graph, and its
`managed_session` restores the latest checkpoint of `logdir` or initializes, writes the
graph, starts TF's standard services (summaries and steps per second every
`save_summaries_secs`, a checkpoint at once and every `save_model_secs`: LooperThreads on
its Coordinator) and the queue runners; leaving the block stops them, writes a STOP
session log, closes the writer and the session, and raises an error from the block
(OutOfRangeError being a clean stop)."""

from __future__ import annotations

import contextlib
import os
import time
from typing import Any, Callable, Iterator

from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.errors import AbortedError
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.ops.control_deps import group
from eagerflow._src.saved_model.meta_graph import Saver, export_meta_graph
from eagerflow._src.train.coordinator import Coordinator
from eagerflow._src.train.graph_io import write_graph
from eagerflow._src.v1 import variables as v1_variables
from eagerflow._src.v1.optimizer import global_step as _read_step
from eagerflow._src.v1_training.looper import LooperThread
from eagerflow._src.v1_training.session_manager import SessionManager
from eagerflow._src.v1_training.summary_v1 import FileWriter, _tb, merge_all


def _log() -> Any:
    return tf_logging.get_logger()


def _first(graph: Any, key: str) -> Any:
    items = graph.get_collection(key)
    if len(items) > 1:
        _log().info("Found %d %s operations. Returning the first one.", len(items), key)
    return items[0] if items else None


def _collected(graph: Any, key: str, make: Callable[[], Any]) -> Any:
    """The first of `graph`'s collection `key`; where it is empty, what `make()` gives,
    added to the collection unless None."""
    item = _first(graph, key)
    if item is None:
        item = make()
        if item is not None:
            graph.add_to_collection(key, item)
    return item


def _session_log(status: str, **kw: Any) -> Any:
    pb = _tb()[0].SessionLog
    return pb(status=getattr(pb, status), **kw)


class Supervisor:
    """Initializes or restores a model, runs its standard services (summaries, step
    counter, checkpoints) and stops them; `managed_session` is the usual entry."""

    USE_DEFAULT = 0

    def __init__(self, graph: Any = None, ready_op: Any = USE_DEFAULT,
                 ready_for_local_init_op: Any = USE_DEFAULT, is_chief: bool = True,
                 init_op: Any = USE_DEFAULT, init_feed_dict: Any = None,
                 local_init_op: Any = USE_DEFAULT, logdir: Any = None,
                 summary_op: Any = USE_DEFAULT, saver: Any = USE_DEFAULT,
                 global_step: Any = USE_DEFAULT, save_summaries_secs: float = 120,
                 save_model_secs: float = 600, recovery_wait_secs: float = 30,
                 stop_grace_secs: float = 120, checkpoint_basename: str = "model.ckpt",
                 session_manager: Any = None, summary_writer: Any = USE_DEFAULT,
                 init_fn: Any = None, local_init_run_options: Any = None) -> None:
        if executing_eagerly():
            raise RuntimeError("Supervisors are incompatible with eager execution.")
        graph = graph if graph is not None else get_default_graph()
        default = Supervisor.USE_DEFAULT
        with graph.as_default():
            if ready_op is default:
                ready_op = _collected(graph, GraphKeys.READY_OP,
                                      v1_variables.report_uninitialized_variables)
            if ready_for_local_init_op is default:
                ready_for_local_init_op = _first(graph, GraphKeys.READY_FOR_LOCAL_INIT_OP)
            if init_op is default:
                init_op = _collected(graph, GraphKeys.INIT_OP,
                                     v1_variables.global_variables_initializer)
            if local_init_op is default:
                local_init_op = _collected(
                    graph, GraphKeys.LOCAL_INIT_OP,
                    lambda: group(v1_variables.local_variables_initializer(),
                                  v1_variables.tables_initializer()))
            if saver is default:
                saver = _collected(graph, GraphKeys.SAVERS,
                                   lambda: Saver() if v1_variables.global_variables() else None)
            if summary_op is default:
                summary_op = _collected(graph, GraphKeys.SUMMARY_OP, merge_all)
            if global_step is default:
                global_step = _collected(graph, GraphKeys.GLOBAL_STEP,
                                         lambda: _default_global_step(graph))
            self._meta_graph_def = export_meta_graph(
                graph=graph, graph_def=graph.as_graph_def(add_shapes=True),
                saver_def=saver.saver_def if saver else None)
        self._graph = graph
        self._ready_op, self._ready_for_local_init_op = ready_op, ready_for_local_init_op
        self._init_op, self._init_feed_dict = init_op, init_feed_dict
        self._local_init_op, self._saver = local_init_op, saver
        self._summary_op, self._global_step = summary_op, global_step
        self._is_chief = is_chief
        self._coord = Coordinator()
        self._recovery_wait_secs = recovery_wait_secs
        self._stop_grace_secs = stop_grace_secs
        self._init_fn = init_fn
        self._local_init_run_options = local_init_run_options
        self._logdir = self._save_summaries_secs = self._save_model_secs = None
        self._save_path = self._summary_writer = None
        if is_chief:
            self._logdir = logdir
            self._save_summaries_secs = save_summaries_secs
            self._save_model_secs = save_model_secs
            if logdir:
                self._save_path = os.path.join(logdir, checkpoint_basename)
            if summary_writer is default:
                if logdir:
                    self._summary_writer = FileWriter(logdir)
            else:
                self._summary_writer = summary_writer
            self._graph_added_to_summary = False
        self._session_manager = session_manager or SessionManager(
            local_init_op=local_init_op, ready_op=ready_op,
            ready_for_local_init_op=ready_for_local_init_op, graph=graph,
            recovery_wait_secs=recovery_wait_secs,
            local_init_run_options=local_init_run_options)
        if not is_chief:
            for op in graph.get_operations():
                if op.type in ("Variable", "VariableV2") and not op.device:
                    raise ValueError(f"When using replicas, all Variables must have their "
                                     f"device set: {op}")
        graph.finalize()

    is_chief = property(lambda self: self._is_chief)
    session_manager = property(lambda self: self._session_manager)
    coord = property(lambda self: self._coord)
    init_op = property(lambda self: self._init_op)
    init_feed_dict = property(lambda self: self._init_feed_dict)
    ready_op = property(lambda self: self._ready_op)
    ready_for_local_init_op = property(lambda self: self._ready_for_local_init_op)
    summary_writer = property(lambda self: self._summary_writer)
    summary_op = property(lambda self: self._summary_op)
    save_summaries_secs = property(lambda self: self._save_summaries_secs)
    global_step = property(lambda self: self._global_step)
    saver = property(lambda self: self._saver)
    save_model_secs = property(lambda self: self._save_model_secs)
    save_path = property(lambda self: self._save_path)

    def _write_graph(self) -> None:
        if self._logdir:
            write_graph(self._graph.as_graph_def(add_shapes=True), self._logdir, "graph.pbtxt")
        if self._summary_writer and not self._graph_added_to_summary:
            self._summary_writer.add_graph(self._graph)
            self._summary_writer.add_meta_graph(self._meta_graph_def)
            self._graph_added_to_summary = True

    def start_standard_services(self, sess: Any) -> list:
        """Starts the summary, step counter and checkpoint threads (a chief's, with a
        logdir); returns them."""
        if not self._is_chief:
            raise RuntimeError("Only chief supervisor can start standard services. Because "
                               "only chief supervisors can write events.")
        if not self._logdir:
            _log().warning("Standard services need a 'logdir' passed to the SessionManager")
            return None
        if self._global_step is not None and self._summary_writer:
            step = _read_step(sess, self._global_step)
            self._summary_writer.add_session_log(_session_log("START"), step)
        threads: list = []
        if self._save_summaries_secs and self._summary_writer:
            if self._summary_op is not None:
                threads.append(_SummaryThread(self, sess))
            if self._global_step is not None:
                threads.append(_StepCounterThread(self, sess))
        if self._saver and self._save_model_secs:
            threads.append(_CheckpointThread(self, sess))
        for t in threads:
            t.start()
        return threads

    def prepare_or_wait_for_session(self, master: str = "", config: Any = None,
                                    wait_for_checkpoint: bool = False,
                                    max_wait_secs: float = 7200,
                                    start_standard_services: bool = True) -> Any:
        """A session whose model is ready: restored or initialized by a chief, waited
        for by another worker; the services and queue runners started."""
        self._coord.clear_stop()
        if self._summary_writer:
            self._summary_writer.reopen()
        if self._is_chief:
            sess = self._session_manager.prepare_session(
                master, init_op=self._init_op, saver=self._saver,
                checkpoint_dir=self._logdir, wait_for_checkpoint=wait_for_checkpoint,
                max_wait_secs=max_wait_secs, config=config,
                init_feed_dict=self._init_feed_dict, init_fn=self._init_fn)
            self._write_graph()
            if start_standard_services:
                _log().info("Starting standard services.")
                self.start_standard_services(sess)
        else:
            sess = self._session_manager.wait_for_session(master, config=config,
                                                          max_wait_secs=max_wait_secs)
        if start_standard_services:
            _log().info("Starting queue runners.")
            self.start_queue_runners(sess)
        return sess

    def start_queue_runners(self, sess: Any, queue_runners: Any = None) -> list:
        if queue_runners is None:
            queue_runners = self._graph.get_collection(GraphKeys.QUEUE_RUNNERS)
        threads: list = []
        for qr in queue_runners:
            threads.extend(qr.create_threads(sess, coord=self._coord, daemon=True,
                                             start=True))
        return threads

    def loop(self, timer_interval_secs: Any, target: Any, args: Any = None,
             kwargs: Any = None) -> LooperThread:
        """A started LooperThread calling `target` on this supervisor's coordinator."""
        looper = LooperThread(self._coord, timer_interval_secs, target=target, args=args,
                              kwargs=kwargs)
        looper.start()
        return looper

    def stop(self, threads: Any = None, close_summary_writer: bool = True,
             ignore_live_threads: bool = False) -> None:
        """Stops the coordinator's threads (raising what one of them raised), then writes
        a STOP session log and closes the summary writer. Leaves the session open."""
        self._coord.request_stop()
        try:
            self._coord.join(threads, stop_grace_period_secs=self._stop_grace_secs,
                             ignore_live_threads=ignore_live_threads)
        finally:
            if close_summary_writer and self._summary_writer:
                self._summary_writer.add_session_log(_session_log("STOP"))
                self._summary_writer.close()
                self._graph_added_to_summary = False

    def request_stop(self, ex: Any = None) -> None:
        self._coord.request_stop(ex=ex)

    def should_stop(self) -> bool:
        return self._coord.should_stop()

    def stop_on_exception(self) -> Any:
        return self._coord.stop_on_exception()

    def wait_for_stop(self) -> None:
        self._coord.wait_for_stop()

    def summary_computed(self, sess: Any, summary: Any, global_step: Any = None) -> None:
        """Writes `summary` at `global_step` (the model's own when None)."""
        if not self._summary_writer:
            raise RuntimeError("Writing a summary requires a summary writer.")
        if global_step is None and self._global_step is not None:
            global_step = _read_step(sess, self._global_step)
        self._summary_writer.add_summary(summary, global_step)

    @contextlib.contextmanager
    def managed_session(self, master: str = "", config: Any = None,
                        start_standard_services: bool = True,
                        close_summary_writer: bool = True) -> Iterator[Any]:
        """`with sv.managed_session() as sess:` a ready session; leaving stops the
        services and closes it, raising the block's error unless it was OutOfRangeError."""
        sess = None
        try:
            sess = self.prepare_or_wait_for_session(
                master=master, config=config, start_standard_services=start_standard_services)
            yield sess
        except Exception as e:  # noqa: BLE001 - recorded, raised again by stop's join
            self.request_stop(e)
        finally:
            try:
                self.stop(close_summary_writer=close_summary_writer)
            finally:
                with contextlib.suppress(Exception):
                    sess.close()

    # TF 1's CamelCase names
    PrepareSession = prepare_or_wait_for_session
    StartQueueRunners = start_queue_runners
    StartStandardServices = start_standard_services
    Stop = stop
    RequestStop = request_stop
    Loop = loop
    ShouldStop = should_stop
    StopOnException = stop_on_exception
    WaitForStop = wait_for_stop
    SummaryComputed = summary_computed


def _default_global_step(graph: Any) -> Any:
    try:
        gs = graph.get_tensor_by_name("global_step:0")
    except KeyError:
        return None
    if gs.dtype.base_dtype.is_integer and gs.dtype.base_dtype.name in ("int32", "int64"):
        return gs
    _log().warning("Found 'global_step' is not an int type: %s", gs.dtype)
    return None


class _SummaryThread(LooperThread):
    """The merged summaries written every save_summaries_secs."""

    def __init__(self, sv: Supervisor, sess: Any) -> None:
        super().__init__(sv.coord, sv.save_summaries_secs)
        self._sv, self._sess = sv, sess

    def run_loop(self) -> None:
        if self._sv.global_step is not None:
            summary, step = self._sess.run([self._sv.summary_op, self._sv.global_step])
        else:
            summary, step = self._sess.run(self._sv.summary_op), None
        if self._sv.summary_writer:
            _log().info("Recording summary at step %s.", step)
            self._sv.summary_writer.add_summary(summary, step)


class _StepCounterThread(LooperThread):
    """"global_step/sec" written every save_summaries_secs."""

    def __init__(self, sv: Supervisor, sess: Any) -> None:
        super().__init__(sv.coord, sv.save_summaries_secs)
        self._sv, self._sess = sv, sess
        self._tag = f"{sv.global_step.op.name}/sec"
        self._logged = 0

    def start_loop(self) -> None:
        self._last_time = time.time()
        self._last_step = _read_step(self._sess, self._sv.global_step)

    def run_loop(self) -> None:
        step = _read_step(self._sess, self._sv.global_step)
        added, self._last_step = step - self._last_step, step
        now = time.time()
        elapsed, self._last_time = now - self._last_time, now
        rate = added / elapsed if elapsed > 0.0 else float("inf")
        pb = _tb()[1].Summary
        summary = pb(value=[pb.Value(tag=self._tag, simple_value=rate)])
        if self._sv.summary_writer:
            self._sv.summary_writer.add_summary(summary, step)
        if self._logged < 10:  # TF's log_first_n
            self._logged += 1
            _log().info("%s: %g", self._tag, rate)


class _CheckpointThread(LooperThread):
    """A checkpoint at once and every save_model_secs, with a CHECKPOINT session log."""

    def __init__(self, sv: Supervisor, sess: Any) -> None:
        super().__init__(sv.coord, sv.save_model_secs)
        self._sv, self._sess = sv, sess

    def run_loop(self) -> None:
        _log().info("Saving checkpoint to path %s", self._sv.save_path)
        self._sv.saver.save(self._sess, self._sv.save_path, global_step=self._sv.global_step)
        if self._sv.summary_writer and self._sv.global_step is not None:
            step = _read_step(self._sess, self._sv.global_step)
            self._sv.summary_writer.add_session_log(
                _session_log("CHECKPOINT", checkpoint_path=self._sv.save_path), step)


def basic_train_loop(supervisor: Supervisor, train_step_fn: Callable, args: Any = None,
                     kwargs: Any = None, master: str = "") -> None:
    """`train_step_fn(sess, *args, **kwargs)` in the supervisor's managed session until it
    should stop; an AbortedError starts a new session and goes on."""
    args = [] if args is None else args
    kwargs = {} if kwargs is None else kwargs
    retry = True
    while retry:
        retry = False
        try:
            with supervisor.managed_session(master) as sess:
                while not supervisor.should_stop():
                    train_step_fn(sess, *args, **kwargs)
        except AbortedError:
            retry = True
