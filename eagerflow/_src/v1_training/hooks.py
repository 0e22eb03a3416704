"""tf.compat.v1.train's SessionRunHook protocol and TF 1's basic hooks.

Sits in v1_training/, under monitored_session.py (which calls the hooks) and over
summary_v1.py (FileWriterCache, where the hooks write) and saved_model's Saver. A hook
is called `begin()` before the graph is finalized, `after_create_session(session, coord)`
once a session is ready (after a restore too), `before_run(run_context)` (returning the
SessionRunArgs it wants fetched and fed with the caller's run), `after_run(run_context,
run_values)` and `end(session)`. The hooks log through the "tensorflow" logger with TF's
words, and count steps as TF's do: from the global step a hook fetches with each run
(possibly stale), confirmed by reading it again before acting.
"""

from __future__ import annotations

import collections
import json
import os
import time
from typing import Any

import numpy as np

from eagerflow._src.core import errors, tf_logging
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.io.tfrecord import write_atomic
from eagerflow._src.ops.math import add
from eagerflow._src.train.graph_io import write_graph
from eagerflow._src.v1.optimizer import get_global_step
from eagerflow._src.v1_training.summary_v1 import FileWriterCache

_STEP_READ_KEY = "__global_step_read"


def _log() -> Any:
    return tf_logging.get_logger()


class SessionRunHook:
    """The interface of hooks a MonitoredSession calls around each run."""

    def begin(self) -> None:
        """Called once before the session is made (the graph can still be changed)."""

    def after_create_session(self, session: Any, coord: Any) -> None:
        """Called when a session is ready: the graph is finalized."""

    def before_run(self, run_context: Any) -> Any:
        """Called before each run; may return SessionRunArgs to add to it."""
        return None

    def after_run(self, run_context: Any, run_values: Any) -> None:
        """Called after each run that did not raise, with the results of before_run's
        fetches."""

    def end(self, session: Any) -> None:
        """Called at the end of the session (not after an error other than OutOfRange)."""


class SessionRunArgs(collections.namedtuple("SessionRunArgs",
                                            ["fetches", "feed_dict", "options"])):
    """What a hook adds to a run: fetches, feeds and RunOptions."""

    def __new__(cls, fetches: Any, feed_dict: Any = None, options: Any = None) -> Any:
        return super().__new__(cls, fetches, feed_dict, options)


class SessionRunContext:
    """The run being made: the caller's SessionRunArgs, the session, a stop request."""

    def __init__(self, original_args: Any, session: Any) -> None:
        self._original_args = original_args
        self._session = session
        self._stop_requested = False

    @property
    def original_args(self) -> Any:
        return self._original_args

    @property
    def session(self) -> Any:
        return self._session

    @property
    def stop_requested(self) -> bool:
        return self._stop_requested

    def request_stop(self) -> None:
        self._stop_requested = True


class SessionRunValues(collections.namedtuple("SessionRunValues",
                                              ["results", "options", "run_metadata"])):
    """The results of a hook's fetches, with the run's options and metadata."""


# -- timers ----------------------------------------------------------------------------------
class SecondOrStepTimer:
    """Triggers every `every_secs` seconds or every `every_steps` steps."""

    def __init__(self, every_secs: Any = None, every_steps: Any = None) -> None:
        self.reset()
        self._every_secs = every_secs
        self._every_steps = every_steps
        if every_secs is None and every_steps is None:
            raise ValueError("Either every_secs or every_steps should be provided.")
        if every_secs is not None and every_steps is not None:
            raise ValueError("Can not provide both every_secs and every_steps.")

    def reset(self) -> None:
        self._last_triggered_step = None
        self._last_triggered_time = None

    def should_trigger_for_step(self, step: Any) -> bool:
        if self._last_triggered_step is None:
            return True
        if self._last_triggered_step == step:
            return False
        if self._every_secs is not None and \
                time.time() >= self._last_triggered_time + self._every_secs:
            return True
        return self._every_steps is not None and \
            step >= self._last_triggered_step + self._every_steps

    def update_last_triggered_step(self, step: Any) -> tuple:
        """Marks `step` triggered now; (seconds, steps) since the last trigger (None, None
        the first time)."""
        now = time.time()
        if self._last_triggered_time is None:
            elapsed = (None, None)
        else:
            elapsed = (now - self._last_triggered_time, step - self._last_triggered_step)
        self._last_triggered_time = now
        self._last_triggered_step = step
        return elapsed

    def last_triggered_step(self) -> Any:
        return self._last_triggered_step


class _NeverTriggerTimer:
    def reset(self) -> None:
        pass

    def should_trigger_for_step(self, step: Any) -> bool:
        return False

    def update_last_triggered_step(self, step: Any) -> tuple:
        return (None, None)

    def last_triggered_step(self) -> None:
        return None


# -- the global step -------------------------------------------------------------------------
def global_step_read(graph: Any = None) -> Any:
    """A tensor copying the global step's value (made once per graph, as TF's
    `_get_or_create_global_step_read`), or None without a global step."""
    g = graph if graph is not None else get_default_graph()
    cached = g.get_collection(_STEP_READ_KEY)
    if cached:
        return cached[0]
    step = get_global_step(g)
    if step is None:
        return None
    with g.as_default(), name_scope(step.op.name + "/"):
        read = add(step.read_value(), 0)
    g.add_to_collection(_STEP_READ_KEY, read)
    return read


def _needs_step(hook: str) -> Any:
    read = global_step_read()
    if read is None:
        raise RuntimeError(f"Global step should be created to use {hook}.")
    return read


def _as_graph_element(obj: Any) -> Any:
    """`obj` (a tensor, operation or its name) as an element of the default graph."""
    g = get_default_graph()
    if not isinstance(obj, str):
        if getattr(obj, "graph", None) is not g:
            raise ValueError(f"Passed {obj} should have graph attribute that is equal to "
                             f"current graph {g}.")
        return obj
    if ":" in obj:
        return g.as_graph_element(obj)
    element = g.as_graph_element(obj + ":0")
    try:
        g.as_graph_element(obj + ":1")
    except (KeyError, ValueError):
        return element
    raise ValueError(f"Name {obj} is ambiguous, as this `Operation` has multiple outputs "
                     f"(at least 2).")


# -- hooks -----------------------------------------------------------------------------------
class LoggingTensorHook(SessionRunHook):
    """Logs the values of tensors every N local steps, every N seconds, or at the end."""

    def __init__(self, tensors: Any, every_n_iter: Any = None, every_n_secs: Any = None,
                 at_end: bool = False, formatter: Any = None) -> None:
        only_at_end = at_end and every_n_iter is None and every_n_secs is None
        if not only_at_end and (every_n_iter is None) == (every_n_secs is None):
            raise ValueError("either at_end and/or exactly one of every_n_iter and "
                             "every_n_secs must be provided.")
        if every_n_iter is not None and every_n_iter <= 0:
            raise ValueError(f"invalid every_n_iter={every_n_iter}.")
        if not isinstance(tensors, dict):
            self._tag_order = tensors
            tensors = {item: item for item in tensors}
        else:
            self._tag_order = sorted(tensors.keys())
        self._tensors = tensors
        self._formatter = formatter
        self._timer: Any = _NeverTriggerTimer() if only_at_end else SecondOrStepTimer(
            every_secs=every_n_secs, every_steps=every_n_iter)
        self._log_at_end = at_end

    def begin(self) -> None:
        self._timer.reset()
        self._iter_count = 0
        self._current_tensors = {tag: _as_graph_element(t) for tag, t in self._tensors.items()}

    def before_run(self, run_context: Any) -> Any:
        self._should_trigger = self._timer.should_trigger_for_step(self._iter_count)
        return SessionRunArgs(self._current_tensors) if self._should_trigger else None

    def _log_tensors(self, tensor_values: dict) -> None:
        original = np.get_printoptions()
        np.set_printoptions(suppress=True)
        try:
            elapsed, _ = self._timer.update_last_triggered_step(self._iter_count)
            if self._formatter:
                _log().info(self._formatter(tensor_values))
            else:
                stats = ", ".join("%s = %s" % (tag, tensor_values[tag])  # noqa: UP031 (str(), as TF)
                                  for tag in self._tag_order)
                if elapsed is not None:
                    _log().info("%s (%.3f sec)", stats, elapsed)
                else:
                    _log().info("%s", stats)
        finally:
            np.set_printoptions(**original)

    def after_run(self, run_context: Any, run_values: Any) -> None:
        if self._should_trigger:
            self._log_tensors(run_values.results)
        self._iter_count += 1

    def end(self, session: Any) -> None:
        if self._log_at_end:
            self._log_tensors(session.run(self._current_tensors))


class StopAtStepHook(SessionRunHook):
    """Requests a stop once the global step reaches `last_step` (or `num_steps` more)."""

    def __init__(self, num_steps: Any = None, last_step: Any = None) -> None:
        if num_steps is None and last_step is None:
            raise ValueError("One of num_steps or last_step must be specified.")
        if num_steps is not None and last_step is not None:
            raise ValueError("Only one of num_steps or last_step can be specified.")
        self._num_steps = num_steps
        self._last_step = last_step

    def begin(self) -> None:
        self._global_step_tensor = _needs_step("StopAtStepHook")

    def after_create_session(self, session: Any, coord: Any) -> None:
        if self._last_step is None:
            self._last_step = session.run(self._global_step_tensor) + self._num_steps

    def before_run(self, run_context: Any) -> Any:
        return SessionRunArgs(self._global_step_tensor)

    def after_run(self, run_context: Any, run_values: Any) -> None:
        if run_values.results + 1 >= self._last_step:
            step = run_context.session.run(self._global_step_tensor)
            if step >= self._last_step:
                run_context.request_stop()


class CheckpointSaverListener:
    """Called around each save of a CheckpointSaverHook (after_save may ask to stop)."""

    def begin(self) -> None:
        pass

    def before_save(self, session: Any, global_step_value: Any) -> None:
        pass

    def after_save(self, session: Any, global_step_value: Any) -> Any:
        pass

    def end(self, session: Any, global_step_value: Any) -> None:
        pass


def _session_log(status: str, checkpoint_path: str = "") -> Any:
    from tensorboard.compat.proto import event_pb2  # optional: the summary extra
    log = event_pb2.SessionLog(checkpoint_path=checkpoint_path)
    log.status = getattr(event_pb2.SessionLog, status)
    return log


class CheckpointSaverHook(SessionRunHook):
    """Saves a checkpoint every N steps or seconds, at the start and at the end."""

    def __init__(self, checkpoint_dir: Any, save_secs: Any = None, save_steps: Any = None,
                 saver: Any = None, checkpoint_basename: str = "model.ckpt",
                 scaffold: Any = None, listeners: Any = None,
                 save_graph_def: bool = True) -> None:
        _log().info("Create CheckpointSaverHook.")
        if saver is not None and scaffold is not None:
            raise ValueError("You cannot provide both saver and scaffold.")
        self._saver = saver
        self._checkpoint_dir = checkpoint_dir
        self._save_path = os.path.join(checkpoint_dir, checkpoint_basename)
        self._scaffold = scaffold
        self._timer = SecondOrStepTimer(every_secs=save_secs, every_steps=save_steps)
        self._listeners = listeners or []
        self._steps_per_run = 1000000
        self._save_graph_def = save_graph_def

    def _set_steps_per_run(self, steps_per_run: int) -> None:
        self._steps_per_run = steps_per_run

    def begin(self) -> None:
        self._summary_writer = FileWriterCache.get(self._checkpoint_dir)
        self._global_step_tensor = _needs_step("CheckpointSaverHook")
        for listener in self._listeners:
            listener.begin()

    def after_create_session(self, session: Any, coord: Any) -> None:
        global_step = session.run(self._global_step_tensor)
        g = get_default_graph()
        if self._save_graph_def:
            write_graph(g.as_graph_def(add_shapes=True), self._checkpoint_dir, "graph.pbtxt")
        saver = self._get_saver()
        self._summary_writer.add_graph(g)
        meta = saver.export_meta_graph() if saver is not None and \
            hasattr(saver, "export_meta_graph") else None
        if meta is not None:
            self._summary_writer.add_meta_graph(meta)
        self._save(session, global_step)
        self._timer.update_last_triggered_step(global_step)

    def before_run(self, run_context: Any) -> Any:
        return SessionRunArgs(self._global_step_tensor)

    def after_run(self, run_context: Any, run_values: Any) -> None:
        stale = run_values.results
        if self._timer.should_trigger_for_step(stale + self._steps_per_run):
            global_step = run_context.session.run(self._global_step_tensor)
            if self._timer.should_trigger_for_step(global_step):
                self._timer.update_last_triggered_step(global_step)
                if self._save(run_context.session, global_step):
                    run_context.request_stop()

    def end(self, session: Any) -> None:
        last_step = session.run(self._global_step_tensor)
        if last_step != self._timer.last_triggered_step():
            self._save(session, last_step)
        for listener in self._listeners:
            listener.end(session, last_step)

    def _save(self, session: Any, step: Any) -> bool:
        _log().info("Calling checkpoint listeners before saving checkpoint %d...", step)
        for listener in self._listeners:
            listener.before_save(session, step)
        _log().info("Saving checkpoints for %d into %s.", step, self._save_path)
        self._get_saver().save(session, self._save_path, global_step=step,
                               write_meta_graph=self._save_graph_def)
        self._summary_writer.add_session_log(
            _session_log("CHECKPOINT", self._save_path), step)
        _log().info("Calling checkpoint listeners after saving checkpoint %d...", step)
        should_stop = False
        for listener in self._listeners:
            if listener.after_save(session, step):
                _log().info("A CheckpointSaverListener requested that training be stopped. "
                            f"listener: {listener}")
                should_stop = True
        return should_stop

    def _get_saver(self) -> Any:
        if self._saver is not None:
            return self._saver
        if self._scaffold is not None:
            return self._scaffold.saver
        savers = get_default_graph().get_collection(GraphKeys.SAVERS)
        if not savers:
            raise RuntimeError(f"No items in collection {GraphKeys.SAVERS}. Please add a saver "
                               f"to the collection or provide a saver or scaffold.")
        if len(savers) > 1:
            raise RuntimeError(f"More than one item in collection {GraphKeys.SAVERS}. Please "
                               f"indicate which one to use by passing it to the constructor.")
        self._saver = savers[0]
        return savers[0]


class StepCounterHook(SessionRunHook):
    """Logs (and writes as a summary) the global steps per second."""

    def __init__(self, every_n_steps: Any = 100, every_n_secs: Any = None,
                 output_dir: Any = None, summary_writer: Any = None) -> None:
        if (every_n_steps is None) == (every_n_secs is None):
            raise ValueError("exactly one of every_n_steps and every_n_secs should be "
                             "provided.")
        self._timer = SecondOrStepTimer(every_steps=every_n_steps, every_secs=every_n_secs)
        self._summary_writer = summary_writer
        self._output_dir = output_dir
        self._last_global_step = None
        self._steps_per_run = 1
        self._warned = 0

    def _set_steps_per_run(self, steps_per_run: int) -> None:
        self._steps_per_run = steps_per_run

    def begin(self) -> None:
        if self._summary_writer is None and self._output_dir:
            self._summary_writer = FileWriterCache.get(self._output_dir)
        self._global_step_tensor = _needs_step("StepCounterHook")
        self._summary_tag = get_global_step().op.name + "/sec"

    def before_run(self, run_context: Any) -> Any:
        return SessionRunArgs(self._global_step_tensor)

    def _log_and_record(self, elapsed_steps: Any, elapsed_time: float, global_step: Any
                        ) -> None:
        steps_per_sec = elapsed_steps / elapsed_time if elapsed_time else float("inf")
        if self._summary_writer is not None:
            from tensorboard.compat.proto import summary_pb2  # optional: the summary extra
            summary = summary_pb2.Summary(value=[summary_pb2.Summary.Value(
                tag=self._summary_tag, simple_value=steps_per_sec)])
            self._summary_writer.add_summary(summary, global_step)
        _log().info("%s: %g", self._summary_tag, steps_per_sec)

    def after_run(self, run_context: Any, run_values: Any) -> None:
        stale = run_values.results
        if self._timer.should_trigger_for_step(stale + self._steps_per_run):
            global_step = run_context.session.run(self._global_step_tensor)
            if self._timer.should_trigger_for_step(global_step):
                elapsed_time, elapsed_steps = self._timer.update_last_triggered_step(
                    global_step)
                if elapsed_time is not None:
                    self._log_and_record(elapsed_steps, elapsed_time, global_step)
        if stale == self._last_global_step and self._warned < 5:
            self._warned += 1
            _log().warning(
                "It seems that global step (tf.train.get_global_step) has not been increased. "
                "Current value (could be stable): %s vs previous value: %s. You could increase "
                "the global step by passing tf.train.get_global_step() to "
                "Optimizer.apply_gradients or Optimizer.minimize.", stale,
                self._last_global_step)
        self._last_global_step = stale


class NanLossDuringTrainingError(RuntimeError):
    def __str__(self) -> str:
        return "NaN loss during training."


class NanTensorHook(SessionRunHook):
    """Raises NanLossDuringTrainingError (or requests a stop) when the loss is NaN."""

    def __init__(self, loss_tensor: Any, fail_on_nan_loss: bool = True) -> None:
        self._loss_tensor = loss_tensor
        self._fail_on_nan_loss = fail_on_nan_loss

    def before_run(self, run_context: Any) -> Any:
        return SessionRunArgs(self._loss_tensor)

    def after_run(self, run_context: Any, run_values: Any) -> None:
        if np.isnan(run_values.results):
            message = "Model diverged with loss = NaN."
            if self._fail_on_nan_loss:
                _log().error(message)
                raise NanLossDuringTrainingError
            _log().warning(message)
            run_context.request_stop()


class SummarySaverHook(SessionRunHook):
    """Writes the summary op's results every N steps or seconds."""

    def __init__(self, save_steps: Any = None, save_secs: Any = None, output_dir: Any = None,
                 summary_writer: Any = None, scaffold: Any = None,
                 summary_op: Any = None) -> None:
        if (scaffold is None) == (summary_op is None):
            raise ValueError("Exactly one of scaffold or summary_op must be provided.")
        self._summary_op = summary_op
        self._summary_writer = summary_writer
        self._output_dir = output_dir
        self._scaffold = scaffold
        self._timer = SecondOrStepTimer(every_secs=save_secs, every_steps=save_steps)

    def begin(self) -> None:
        if self._summary_writer is None and self._output_dir:
            self._summary_writer = FileWriterCache.get(self._output_dir)
        self._next_step = None
        self._global_step_tensor = _needs_step("SummarySaverHook")

    def before_run(self, run_context: Any) -> Any:
        self._request_summary = self._next_step is None or \
            self._timer.should_trigger_for_step(self._next_step)
        requests: dict = {"global_step": self._global_step_tensor}
        if self._request_summary and self._get_summary_op() is not None:
            requests["summary"] = self._get_summary_op()
        return SessionRunArgs(requests)

    def after_run(self, run_context: Any, run_values: Any) -> None:
        if not self._summary_writer:
            return
        global_step = run_values.results["global_step"] + 1
        if self._next_step is None or self._request_summary:
            global_step = run_context.session.run(self._global_step_tensor)
        if self._next_step is None:
            self._summary_writer.add_session_log(_session_log("START"), global_step)
        if self._request_summary:
            self._timer.update_last_triggered_step(global_step)
            for summary in run_values.results.get("summary", ()):
                self._summary_writer.add_summary(summary, global_step)
        self._next_step = global_step + 1

    def end(self, session: Any = None) -> None:
        if self._summary_writer:
            self._summary_writer.flush()

    def _get_summary_op(self) -> Any:
        op = self._summary_op if self._summary_op is not None else self._scaffold.summary_op
        if op is None:
            return None
        return op if isinstance(op, list) else [op]


class ProfilerHook(SessionRunHook):
    """Every N steps or seconds, traces one run and writes its timeline as a Chrome trace
    (`output_dir/timeline-STEP.json`, for chrome://tracing), and its RunMetadata to the
    directory's event file (tagged `step_STEP`)."""

    def __init__(self, save_steps: Any = None, save_secs: Any = None, output_dir: Any = "",
                 show_dataflow: bool = True, show_memory: bool = False) -> None:
        self._output_file = os.path.join(output_dir, "timeline-{}.json")
        # (TF opens the directory's writer here, before the timer checks its arguments)
        self._file_writer = FileWriterCache.get(output_dir)
        self._show_dataflow = show_dataflow
        self._show_memory = show_memory
        self._timer = SecondOrStepTimer(every_secs=save_secs, every_steps=save_steps)

    def begin(self) -> None:
        self._next_step = None
        self._global_step_tensor = _needs_step("ProfilerHook")

    def before_run(self, run_context: Any) -> Any:
        self._request_summary = self._next_step is not None and \
            self._timer.should_trigger_for_step(self._next_step)
        options = None
        if self._request_summary:
            from tensorboard.compat.proto import config_pb2  # optional: the summary extra
            options = config_pb2.RunOptions(trace_level=config_pb2.RunOptions.FULL_TRACE)
        return SessionRunArgs({"global_step": self._global_step_tensor}, options=options)

    def after_run(self, run_context: Any, run_values: Any) -> None:
        stale = run_values.results["global_step"]
        if self._next_step is None:  # the first trace comes N steps (or seconds) on
            self._timer.update_last_triggered_step(stale)
        global_step = stale + 1
        if self._request_summary:
            global_step = run_context.session.run(self._global_step_tensor)
            self._timer.update_last_triggered_step(global_step)
            self._save(global_step, self._output_file.format(global_step),
                       run_values.run_metadata.step_stats)
            self._file_writer.add_run_metadata(run_values.run_metadata, f"step_{global_step}")
        self._next_step = global_step + 1

    def _save(self, step: Any, path: str, step_stats: Any) -> None:
        _log().info("Saving timeline for %d into '%s'.", step, path)
        trace = chrome_trace(step_stats, self._show_dataflow, self._show_memory)
        write_atomic(path, trace.encode("utf-8"))


def chrome_trace(step_stats: Any, show_dataflow: bool = True,
                 show_memory: bool = False) -> str:
    """A StepStats as the Chrome trace JSON TF's timeline writes: a process per device's
    compute and one for its tensors (after one for the allocators), an "X" event per op
    (its type as the name; node name, type and inputs as args); with `show_memory`, each
    output tensor's life and the allocators' bytes in use. eagerflow runs a step on one
    thread, so no dataflow arrows (TF's join ops on different threads) follow."""
    events = [_process(0, "Allocators")]
    pids = {}
    for dev in step_stats.dev_stats:
        pids[dev.device] = len(events)
        events.append(_process(len(events), f"{dev.device} Compute"))
        events.append(_process(len(events), f"{dev.device} Tensors"))
    tensors: dict = {}  # tensor name -> [pid, made, its end, last use, bytes, allocator, desc]
    for dev in step_stats.dev_stats:
        for ns in dev.node_stats:
            name, op, inputs = _parse_label(ns.node_name, ns.timeline_label)
            args = {"name": name, "op": op}
            args.update({f"input{i}": x for i, x in enumerate(inputs)})
            start, end = ns.all_start_micros, ns.all_start_micros + ns.all_end_rel_micros
            events.append({"ph": "X", "cat": "Op", "name": op, "pid": pids[dev.device],
                           "tid": ns.thread_id, "ts": start, "dur": ns.all_end_rel_micros,
                           "args": args})
            for x in inputs:
                if x in tensors:
                    tensors[x][3] = max(tensors[x][3], end)
            for out in ns.output:
                alloc = out.tensor_description.allocation_description
                tensors[name if out.slot == 0 else f"{name}:{out.slot}"] = [
                    pids[dev.device] + 1, start, end, end, alloc.requested_bytes,
                    alloc.allocator_name, str(out.tensor_description)]
    if show_memory:  # (TF's order: the tensors made, the ops, the tensors gone, memory)
        made, gone, counters = _memory_events(tensors)
        events = events[:len(pids) * 2 + 1] + made + events[len(pids) * 2 + 1:] + gone + \
            counters
    return json.dumps({"traceEvents": events}, indent=4, separators=(",", ": "))


def _memory_events(tensors: dict) -> tuple:
    """Each output tensor's life on its device's Tensors track (made when its op starts,
    its description a microsecond before the op ends, as TF's, gone after its last use)
    and each allocator's bytes
    in use as a counter on the Allocators track."""
    made_events, gone_events, counters, changes = [], [], [], []
    for i, (name, (pid, made, done, gone, size, allocator, desc)) in enumerate(
            tensors.items()):
        base = {"cat": "Tensor", "name": name, "pid": pid, "tid": 0}
        made_events.append({"ph": "N", **base, "ts": made, "id": i})
        made_events.append({"ph": "O", **base, "ts": done - 1, "id": i,
                            "args": {"snapshot": {"tensor_description": desc}}})
        gone_events.append({"ph": "D", **base, "ts": gone, "id": i})
        changes += [(made, allocator, size), (gone, allocator, -size)]
    in_use: dict = {}
    for ts, allocator, delta in sorted(changes, key=lambda c: (c[0], c[2] < 0)):
        in_use[allocator] = in_use.get(allocator, 0) + delta
        counters.append({"ph": "C", "cat": "Memory", "name": allocator, "pid": 0, "tid": 0,
                         "ts": ts, "args": {allocator: in_use[allocator]}})
    return made_events, gone_events, counters


def _process(pid: int, name: str) -> dict:
    return {"name": "process_name", "ph": "M", "pid": pid, "args": {"name": name}}


def _parse_label(node_name: str, label: str) -> tuple:
    """(node, op type, inputs) from a label `node = Op(a, b)` (the node name as the op
    when there is no label)."""
    head, sep, call = label.partition(" = ")
    if not sep or "(" not in call:
        return node_name, node_name, []
    op, _, rest = call.partition("(")
    inputs = rest.rstrip(")")
    return node_name, op, [x.strip() for x in inputs.split(",")] if inputs.strip() else []


class GlobalStepWaiterHook(SessionRunHook):
    """Holds the first run back until the global step reaches `wait_until_step`."""

    def __init__(self, wait_until_step: int) -> None:
        self._wait_until_step = wait_until_step

    def begin(self) -> None:
        self._worker_is_started = False
        self._global_step_tensor = _needs_step("_GlobalStepWaiterHook")

    def before_run(self, run_context: Any) -> None:
        if self._worker_is_started:
            return None
        if self._wait_until_step <= 0:
            self._worker_is_started = True
            return None
        _log().info("Waiting for global step %d before starting training.",
                    self._wait_until_step)
        last_logged = 0
        while True:
            current = run_context.session.run(self._global_step_tensor)
            if current >= self._wait_until_step:
                self._worker_is_started = True
                return None
            if current - last_logged > 1000:
                _log().info("Waiting for global step %d before starting training. Current "
                            "step is %d.", self._wait_until_step, current)
                last_logged = current
            time.sleep(0.5)


class FinalOpsHook(SessionRunHook):
    """Runs `final_ops` when the session ends; their values in `final_ops_values`."""

    def __init__(self, final_ops: Any, final_ops_feed_dict: Any = None) -> None:
        self._final_ops = final_ops
        self._final_ops_feed_dict = final_ops_feed_dict
        self._final_ops_values = None

    @property
    def final_ops_values(self) -> Any:
        return self._final_ops_values

    def end(self, session: Any) -> None:
        if self._final_ops is None:
            return
        try:
            self._final_ops_values = session.run(self._final_ops,
                                                 feed_dict=self._final_ops_feed_dict)
        except (errors.OutOfRangeError, StopIteration):
            _log().warning(
                "An OutOfRangeError or StopIteration exception is raised by the code in "
                "FinalOpsHook. This typically means the Ops running by the FinalOpsHook have "
                "a dependency back to some input source, which should not happen.")
            raise


class FeedFnHook(SessionRunHook):
    """Feeds `feed_fn()`'s dictionary with each run."""

    def __init__(self, feed_fn: Any) -> None:
        self.feed_fn = feed_fn

    def before_run(self, run_context: Any) -> Any:
        return SessionRunArgs(fetches=None, feed_dict=self.feed_fn())
