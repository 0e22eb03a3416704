"""tf.compat.v1.train.MonitoredSession, MonitoredTrainingSession and their Scaffold.

Sits at the top of v1_training/, over hooks.py and session_manager.py. A MonitoredSession
calls each hook's `begin`, makes a session through a SessionCreator (ChiefSessionCreator:
finalize the Scaffold, restore the latest checkpoint or initialize, run the local init op,
check readiness), hands it to the hooks' `after_create_session` with a Coordinator, and
wraps it, TF's way, in layers: _HookedSession (merges the hooks' SessionRunArgs into each
run and hands them their results), _CoordinatedSession (the coordinator's stop and its
exceptions), _RecoverableSession (a new session after a preemption error). Leaving the
block calls the hooks' `end` (but after an error other than OutOfRangeError or
StopIteration), closes the session and unfinalizes the graph it finalized.
MonitoredTrainingSession adds TF's default hooks: StepCounterHook, SummarySaverHook and
CheckpointSaverHook, writing into `checkpoint_dir`.
"""

from __future__ import annotations

import abc
import inspect
from typing import Any

from eagerflow._src.core import errors, tf_logging
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.ops.array import concat, constant
from eagerflow._src.ops.control_deps import group
from eagerflow._src.saved_model.meta_graph import Saver
from eagerflow._src.train.coordinator import Coordinator
from eagerflow._src.v1 import variables as v1_variables
from eagerflow._src.v1_training import hooks as basic_hooks
from eagerflow._src.v1_training.hooks import SessionRunArgs, SessionRunContext, SessionRunValues
from eagerflow._src.v1_training.session_manager import SessionManager
from eagerflow._src.v1_training.summary_v1 import merge_all

_PREEMPTION_ERRORS = (errors.AbortedError, errors.UnavailableError)
USE_DEFAULT = object()


def _log() -> Any:
    return tf_logging.get_logger()


def _run_protos() -> tuple:
    """(RunOptions, RunMetadata) messages for the hooks, TensorBoard's (None without it)."""
    try:
        from tensorboard.compat.proto import config_pb2  # optional: the summary extra
    except ImportError:
        return None, None
    return config_pb2.RunOptions(), config_pb2.RunMetadata()


def _saver_or_default() -> Any:
    g = get_default_graph()
    savers = g.get_collection(GraphKeys.SAVERS)
    if savers:
        if len(savers) > 1:
            raise RuntimeError(f"More than one item in collection {GraphKeys.SAVERS}. Please "
                               f"indicate which one to use by passing it to the constructor.")
        return savers[0]
    saver = Saver(sharded=True, allow_empty=True)
    g.add_to_collection(GraphKeys.SAVERS, saver)
    return saver


def _no_resources() -> Any:
    """report_uninitialized_resources of a graph without TF 1 resources: no names."""
    return constant([], dtype="string")


class Scaffold:
    """The pieces a session needs: init, ready, local init and summary ops and a Saver,
    each the graph's own (its collection) or TF's default, made by `finalize`."""

    def __init__(self, init_op: Any = None, init_feed_dict: Any = None, init_fn: Any = None,
                 ready_op: Any = None, ready_for_local_init_op: Any = None,
                 local_init_op: Any = None, summary_op: Any = None, saver: Any = None,
                 copy_from_scaffold: Any = None, local_init_feed_dict: Any = None) -> None:
        if copy_from_scaffold is not None:
            if not isinstance(copy_from_scaffold, Scaffold):
                raise TypeError("copy_from_scaffold is not a Scaffold instance.")
            other = copy_from_scaffold

            def pick(a: Any, b: Any) -> Any:
                return a if a is not None else b

            init_op = pick(init_op, other.init_op)
            init_feed_dict = pick(init_feed_dict, other.init_feed_dict)
            init_fn = pick(init_fn, other._user_init_fn)
            ready_op = pick(ready_op, other.ready_op)
            ready_for_local_init_op = pick(ready_for_local_init_op,
                                           other.ready_for_local_init_op)
            local_init_op = pick(local_init_op, other.local_init_op)
            local_init_feed_dict = pick(local_init_feed_dict, other.local_init_feed_dict)
            summary_op = pick(summary_op, other.summary_op)
            saver = pick(saver, other.saver)
        self._user_init_fn = init_fn
        self._init_fn = (lambda sess: init_fn(self, sess)) if init_fn else None
        self._init_op = init_op
        self._init_feed_dict = init_feed_dict
        self._ready_op = ready_op
        self._ready_for_local_init_op = ready_for_local_init_op
        self._local_init_op = local_init_op
        self._local_init_feed_dict = local_init_feed_dict
        self._summary_op = summary_op
        self._saver = saver

    def finalize(self) -> Scaffold:
        """Makes the missing pieces and finalizes the graph."""
        g = get_default_graph()
        if self._init_op is None:
            self._init_op = Scaffold.get_or_default("init_op", GraphKeys.INIT_OP, lambda: group(
                v1_variables.global_variables_initializer(),
                *g.get_collection("saved_model_initializers")))
        if self._ready_op is None:
            self._ready_op = Scaffold.get_or_default(
                "ready_op", GraphKeys.READY_OP, lambda: concat(
                    [v1_variables.report_uninitialized_variables(), _no_resources()], 0))
        if self._ready_for_local_init_op is None:
            self._ready_for_local_init_op = Scaffold.get_or_default(
                "ready_for_local_init_op", GraphKeys.READY_FOR_LOCAL_INIT_OP, lambda: concat(
                    [v1_variables.report_uninitialized_variables(
                        v1_variables.global_variables()), _no_resources()], 0))
        if self._local_init_op is None:
            self._local_init_op = Scaffold.get_or_default(
                "local_init_op", GraphKeys.LOCAL_INIT_OP, Scaffold.default_local_init_op)
        if self._summary_op is None:
            self._summary_op = Scaffold.get_or_default("summary_op", GraphKeys.SUMMARY_OP,
                                                       merge_all)
        if self._saver is None:
            self._saver = _saver_or_default()
        self._saver.build()
        g.finalize()
        _log().info("Graph was finalized.")
        return self

    @property
    def init_fn(self) -> Any:
        return self._init_fn

    @property
    def init_op(self) -> Any:
        return self._init_op

    @property
    def ready_op(self) -> Any:
        return self._ready_op

    @property
    def ready_for_local_init_op(self) -> Any:
        return self._ready_for_local_init_op

    @property
    def local_init_op(self) -> Any:
        return self._local_init_op

    @property
    def local_init_feed_dict(self) -> Any:
        return self._local_init_feed_dict

    @property
    def summary_op(self) -> Any:
        return self._summary_op

    @property
    def saver(self) -> Any:
        return self._saver

    @property
    def init_feed_dict(self) -> Any:
        return self._init_feed_dict

    @staticmethod
    def get_or_default(arg_name: str, collection_key: str, default_constructor: Any) -> Any:
        """The one item of `collection_key`, else `default_constructor()` (added to it)."""
        g = get_default_graph()
        elements = g.get_collection(collection_key)
        if elements:
            if len(elements) > 1:
                raise RuntimeError(
                    'More than one item in the collection "%s". Please indicate which one to '
                    'use by passing it to the tf.Scaffold constructor as:  '
                    'tf.Scaffold(%s=item to use)', collection_key, arg_name)
            return elements[0]
        op = default_constructor()
        if op is not None:
            g.add_to_collection(collection_key, op)
        return op

    @staticmethod
    def default_local_init_op() -> Any:
        return group(v1_variables.local_variables_initializer(),
                     v1_variables.tables_initializer())


# -- session creators ------------------------------------------------------------------------
class SessionCreator(metaclass=abc.ABCMeta):
    """Makes the session a MonitoredSession wraps."""

    @abc.abstractmethod
    def create_session(self) -> Any:
        raise NotImplementedError(f"create_session is not implemented for {self}.")


class ChiefSessionCreator(SessionCreator):
    """A session restored from `checkpoint_dir`'s latest checkpoint, else initialized."""

    def __init__(self, scaffold: Any = None, master: str = "", config: Any = None,
                 checkpoint_dir: Any = None, checkpoint_filename_with_path: Any = None) -> None:
        self._checkpoint_dir = checkpoint_dir
        self._checkpoint_filename_with_path = checkpoint_filename_with_path
        self._scaffold = scaffold or Scaffold()
        self._session_manager: Any = None
        self._master = master
        self._config = config

    def _get_session_manager(self) -> SessionManager:
        if self._session_manager is None:
            s = self._scaffold
            self._session_manager = SessionManager(
                local_init_op=s.local_init_op, local_init_feed_dict=s.local_init_feed_dict,
                ready_op=s.ready_op, ready_for_local_init_op=s.ready_for_local_init_op,
                graph=get_default_graph())
        return self._session_manager

    def create_session(self) -> Any:
        self._scaffold.finalize()
        return self._get_session_manager().prepare_session(
            self._master, saver=self._scaffold.saver, checkpoint_dir=self._checkpoint_dir,
            checkpoint_filename_with_path=self._checkpoint_filename_with_path,
            config=self._config, init_op=self._scaffold.init_op,
            init_feed_dict=self._scaffold.init_feed_dict, init_fn=self._scaffold.init_fn)


class WorkerSessionCreator(SessionCreator):
    """A session once the chief has made the model ready."""

    def __init__(self, scaffold: Any = None, master: str = "", config: Any = None,
                 max_wait_secs: float = 30 * 60) -> None:
        self._scaffold = scaffold or Scaffold()
        self._session_manager: Any = None
        self._master = master
        self._config = config
        self._max_wait_secs = max_wait_secs

    _get_session_manager = ChiefSessionCreator._get_session_manager

    def create_session(self) -> Any:
        self._scaffold.finalize()
        return self._get_session_manager().wait_for_session(
            self._master, config=self._config, max_wait_secs=self._max_wait_secs)


# -- the wrapped sessions --------------------------------------------------------------------
class _WrappedSession:
    def __init__(self, sess: Any) -> None:
        self._sess = sess
        self._wrapped_is_stoppable = isinstance(sess, _WrappedSession)

    @property
    def graph(self) -> Any:
        return self._sess.graph

    @property
    def sess_str(self) -> Any:
        return self._sess.sess_str

    def should_stop(self) -> bool:
        if self._check_stop():
            return True
        if self._sess:
            return self._wrapped_is_stoppable and self._sess.should_stop()
        return True

    def _check_stop(self) -> bool:
        return False

    def close(self) -> None:
        if self._sess:
            try:
                self._sess.close()
            except _PREEMPTION_ERRORS as e:
                _log().error("An error occurred when attempting to close the session. This "
                             "may be due to a preemption in a connected worker or parameter "
                             "server. Error: %s", e)
            finally:
                self._sess = None

    def run(self, *args: Any, **kwargs: Any) -> Any:
        return self._sess.run(*args, **kwargs)

    def run_step_fn(self, step_fn: Any, raw_session: Any, run_with_hooks: Any) -> Any:
        run_with_hooks = run_with_hooks or self.run
        return step_fn(_MonitoredSession.StepContext(raw_session, run_with_hooks))


_PREEMPTED = ("An error was raised. This may be due to a preemption in a connected worker or "
              "parameter server. The current session will be closed and a new session will be "
              "created. This error may also occur due to a gRPC failure caused by high memory "
              "or network bandwidth usage in the parameter servers. If this error occurs "
              "repeatedly, try increasing the number of parameter servers assigned to the "
              "job. Error: %s")


class _RecoverableSession(_WrappedSession):
    """Makes a new session when a run fails with a preemption error."""

    def __init__(self, sess_creator: Any) -> None:
        self._sess_creator = sess_creator
        _WrappedSession.__init__(self, self._create_session())

    def _create_session(self) -> Any:
        while True:
            try:
                return self._sess_creator.create_session()
            except _PREEMPTION_ERRORS as e:
                _log().info("An error was raised while a session was being created. This may "
                            "be due to a preemption of a connected worker or parameter server. "
                            "A new session will be created. Error: %s", e)

    def _check_stop(self) -> bool:
        try:
            return self._sess._check_stop() if self._sess else True
        except _PREEMPTION_ERRORS as e:
            _log().info(_PREEMPTED, e)
            self.close()
            self._sess = self._create_session()
            return False
        except Exception:  # noqa: BLE001 (TF: any other error means stop)
            return True

    def run(self, fetches: Any, feed_dict: Any = None, options: Any = None,
            run_metadata: Any = None) -> Any:
        while True:
            try:
                if not self._sess:
                    self._sess = self._create_session()
                return self._sess.run(fetches, feed_dict=feed_dict, options=options,
                                      run_metadata=run_metadata)
            except _PREEMPTION_ERRORS as e:
                _log().info(_PREEMPTED, e)
                self.close()
                self._sess = None

    def run_step_fn(self, step_fn: Any, raw_session: Any, run_with_hooks: Any) -> Any:
        while True:
            try:
                if not self._sess:
                    self._sess = self._create_session()
                return self._sess.run_step_fn(step_fn, raw_session, self._sess.run)
            except _PREEMPTION_ERRORS as e:
                _log().info(_PREEMPTED, e)
                self.close()
                self._sess = None


class _CoordinatedSession(_WrappedSession):
    """Stops when the coordinator says so; raises the exception its threads reported."""

    def __init__(self, sess: Any, coord: Any, stop_grace_period_secs: float = 120) -> None:
        _WrappedSession.__init__(self, sess)
        self._coord = coord
        self._stop_grace_period_secs = stop_grace_period_secs

    def _check_stop(self) -> bool:
        self._coord.raise_requested_exception()
        return self._coord.should_stop()

    def close(self) -> None:
        self._coord.request_stop()
        try:
            self._coord.join(stop_grace_period_secs=self._stop_grace_period_secs,
                             ignore_live_threads=True)
        finally:
            try:
                _WrappedSession.close(self)
            except Exception:  # noqa: BLE001 (TF ignores errors closing here)
                pass

    def run(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return self._sess.run(*args, **kwargs)
        except _PREEMPTION_ERRORS:
            raise
        except Exception as original:
            try:
                self._coord.raise_requested_exception()
            except _PREEMPTION_ERRORS:
                raise
            except Exception:  # noqa: BLE001 (the run's own error is the one to raise)
                raise original from None
            raise


class _HookedSession(_WrappedSession):
    """Adds the hooks' fetches and feeds to each run and hands them their results."""

    def __init__(self, sess: Any, hooks: list) -> None:
        _WrappedSession.__init__(self, sess)
        self._hooks = hooks
        self._should_stop = False

    def _check_stop(self) -> bool:
        return self._should_stop

    def run(self, fetches: Any, feed_dict: Any = None, options: Any = None,
            run_metadata: Any = None) -> Any:
        if self.should_stop():
            raise RuntimeError("Run called even after should_stop requested.")
        run_context = SessionRunContext(original_args=SessionRunArgs(fetches, feed_dict),
                                        session=self._sess)
        default_options, default_metadata = _run_protos()
        options = options or default_options
        asked: list = []  # (hook, its fetches), in the hooks' order
        feed_dict = self._call_hook_before_run(run_context, asked, feed_dict, options)
        run_metadata = run_metadata or default_metadata
        outputs = _WrappedSession.run(self, fetches=[fetches] + [f for _, f in asked],
                                      feed_dict=feed_dict, options=options,
                                      run_metadata=run_metadata)
        results = {id(h): r for (h, _), r in zip(asked, outputs[1:])}
        for hook in self._hooks:
            hook.after_run(run_context, SessionRunValues(
                results=results.get(id(hook)), options=options, run_metadata=run_metadata))
        self._should_stop = self._should_stop or run_context.stop_requested
        return outputs[0]

    def _call_hook_before_run(self, run_context: Any, asked: list, user_feed_dict: Any,
                              options: Any) -> Any:
        hook_feeds: dict = {}
        for hook in self._hooks:
            request = hook.before_run(run_context)
            if request is None:
                continue
            if request.fetches is not None:
                asked.append((hook, request.fetches))
            if request.feed_dict:
                _raise_if_feeds_intersect(hook_feeds, request.feed_dict,
                                          "Same tensor is fed by two hooks.")
                hook_feeds.update(request.feed_dict)
            if request.options and options is not None:
                _merge_run_options(options, request.options)
        if not hook_feeds:
            return user_feed_dict
        if not user_feed_dict:
            return hook_feeds
        _raise_if_feeds_intersect(user_feed_dict, hook_feeds,
                                  "Same tensor is fed by a SessionRunHook and user.")
        hook_feeds.update(user_feed_dict)
        return hook_feeds


def _raise_if_feeds_intersect(feeds1: dict, feeds2: dict, message: str) -> None:
    both = [k for k in feeds1 if k in feeds2]
    if both:
        raise RuntimeError(f"{message} Conflict(s): {both}")


def _merge_run_options(options: Any, incoming: Any) -> None:
    options.trace_level = max(options.trace_level, incoming.trace_level)
    options.timeout_in_ms = max(options.timeout_in_ms, incoming.timeout_in_ms)
    options.inter_op_thread_pool = max(options.inter_op_thread_pool,
                                       incoming.inter_op_thread_pool)
    options.output_partition_graphs = max(options.output_partition_graphs,
                                          incoming.output_partition_graphs)
    options.report_tensor_allocations_upon_oom = (
        options.report_tensor_allocations_upon_oom or
        incoming.report_tensor_allocations_upon_oom)


# -- the monitored sessions ------------------------------------------------------------------
class _MonitoredSession:
    """The session of MonitoredSession and SingularMonitoredSession."""

    def __init__(self, session_creator: Any, hooks: Any, should_recover: bool,
                 stop_grace_period_secs: float = 120) -> None:
        self._graph_was_finalized = get_default_graph().finalized
        self._hooks = hooks or []
        for h in self._hooks:
            h.begin()
        self._coordinated_creator = self._CoordinatedSessionCreator(
            session_creator=session_creator or ChiefSessionCreator(), hooks=self._hooks,
            stop_grace_period_secs=stop_grace_period_secs)
        if should_recover:
            self._sess: Any = _RecoverableSession(self._coordinated_creator)
        else:
            self._sess = self._coordinated_creator.create_session()

    @property
    def graph(self) -> Any:
        sess = self._tf_sess()
        return None if sess is None else sess.graph

    def run(self, fetches: Any, feed_dict: Any = None, options: Any = None,
            run_metadata: Any = None) -> Any:
        """Runs `fetches` with the hooks' fetches and feeds; returns the caller's values."""
        return self._sess.run(fetches, feed_dict=feed_dict, options=options,
                              run_metadata=run_metadata)

    def run_step_fn(self, step_fn: Any) -> Any:
        """Calls `step_fn(step_context)`: its session is the raw one, its run_with_hooks
        the hooked run; step_context.request_stop() ends the iterations."""
        args = tuple(p.name for p in inspect.signature(step_fn).parameters.values()
                     if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))
        if args != ("step_context",) and args != ("self", "step_context"):
            raise ValueError(f"`step_fn` may either have one `step_context` argument, or "
                             f"`self` and `step_context` arguments if it's an instance method. "
                             f"Got {args} instead.")
        return self._sess.run_step_fn(step_fn, self._tf_sess(), run_with_hooks=None)

    class StepContext:
        """What a step_fn is handed: the raw session and a run with the hooks."""

        def __init__(self, session: Any, run_with_hooks_fn: Any) -> None:
            self._session = session
            self._run_with_hooks_fn = run_with_hooks_fn

        @property
        def session(self) -> Any:
            return self._session

        def run_with_hooks(self, *args: Any, **kwargs: Any) -> Any:
            return self._run_with_hooks_fn(*args, **kwargs)

        def request_stop(self) -> None:
            raise StopIteration("step_fn has requested the iterations to stop.")

    def should_stop(self) -> bool:
        return self._sess is None or self._sess.should_stop()

    def close(self) -> None:
        self._close_internal()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, exception_type: Any, exception_value: Any, traceback: Any) -> bool:
        if exception_type is not None and issubclass(exception_type,
                                                     (errors.OutOfRangeError, StopIteration)):
            exception_type = None
        self._close_internal(exception_type)
        return exception_type is None

    class _CoordinatedSessionCreator(SessionCreator):
        def __init__(self, session_creator: Any, hooks: list,
                     stop_grace_period_secs: float) -> None:
            self._session_creator = session_creator
            self._hooks = hooks
            self.coord: Any = None
            self.tf_sess: Any = None
            self._stop_grace_period_secs = stop_grace_period_secs

        def create_session(self) -> Any:
            self.tf_sess = self._session_creator.create_session()
            self.coord = Coordinator(clean_stop_exception_types=[])
            for hook in self._hooks:
                hook.after_create_session(self.tf_sess, self.coord)
            return _CoordinatedSession(_HookedSession(self.tf_sess, self._hooks), self.coord,
                                       self._stop_grace_period_secs)

    def _close_internal(self, exception_type: Any = None) -> None:
        try:
            if not exception_type:
                for h in self._hooks:
                    h.end(self._coordinated_creator.tf_sess)
        finally:
            try:
                if self._sess is None:
                    raise RuntimeError("Session is already closed.")
                self._sess.close()
            finally:
                self._sess = None
                self._coordinated_creator.tf_sess = None
                self._coordinated_creator.coord = None
                if not self._graph_was_finalized:
                    get_default_graph()._finalized = False

    def _is_closed(self) -> bool:
        return self._coordinated_creator.tf_sess is None

    def _tf_sess(self) -> Any:
        return self._coordinated_creator.tf_sess


class MonitoredSession(_MonitoredSession):
    """A session with hooks that recovers from preemption errors."""

    def __init__(self, session_creator: Any = None, hooks: Any = None,
                 stop_grace_period_secs: float = 120) -> None:
        super().__init__(session_creator, hooks, should_recover=True,
                         stop_grace_period_secs=stop_grace_period_secs)


class SingularMonitoredSession(_MonitoredSession):
    """A session with hooks, made by a ChiefSessionCreator, without recovery."""

    def __init__(self, hooks: Any = None, scaffold: Any = None, master: str = "",
                 config: Any = None, checkpoint_dir: Any = None,
                 stop_grace_period_secs: float = 120,
                 checkpoint_filename_with_path: Any = None) -> None:
        creator = ChiefSessionCreator(scaffold=scaffold, master=master, config=config,
                                      checkpoint_dir=checkpoint_dir,
                                      checkpoint_filename_with_path=checkpoint_filename_with_path)
        super().__init__(creator, hooks, should_recover=False,
                         stop_grace_period_secs=stop_grace_period_secs)

    def raw_session(self) -> Any:
        return self._tf_sess()


def MonitoredTrainingSession(  # noqa: N802 - TF's public name
        master: str = "", is_chief: bool = True, checkpoint_dir: Any = None,
        scaffold: Any = None, hooks: Any = None, chief_only_hooks: Any = None,
        save_checkpoint_secs: Any = USE_DEFAULT, save_summaries_steps: Any = USE_DEFAULT,
        save_summaries_secs: Any = USE_DEFAULT, config: Any = None,
        stop_grace_period_secs: float = 120, log_step_count_steps: Any = 100,
        max_wait_secs: float = 7200, save_checkpoint_steps: Any = USE_DEFAULT,
        summary_dir: Any = None, save_graph_def: bool = True) -> MonitoredSession:
    """A MonitoredSession for training, with TF's default hooks: steps per second and
    summaries (every 100 steps) into `summary_dir` or `checkpoint_dir`, checkpoints (every
    600 seconds) into `checkpoint_dir`; the chief restores or initializes the model."""
    if save_summaries_steps is USE_DEFAULT and save_summaries_secs is USE_DEFAULT:
        save_summaries_steps, save_summaries_secs = 100, None
    elif save_summaries_secs is USE_DEFAULT:
        save_summaries_secs = None
    elif save_summaries_steps is USE_DEFAULT:
        save_summaries_steps = None
    if save_checkpoint_steps is USE_DEFAULT and save_checkpoint_secs is USE_DEFAULT:
        save_checkpoint_steps, save_checkpoint_secs = None, 600
    elif save_checkpoint_secs is USE_DEFAULT:
        save_checkpoint_secs = None
    elif save_checkpoint_steps is USE_DEFAULT:
        save_checkpoint_steps = None
    scaffold = scaffold or Scaffold()
    if not is_chief:
        creator = WorkerSessionCreator(scaffold=scaffold, master=master, config=config,
                                       max_wait_secs=max_wait_secs)
        return MonitoredSession(session_creator=creator, hooks=hooks or [],
                                stop_grace_period_secs=stop_grace_period_secs)
    all_hooks: list = list(chief_only_hooks or [])
    creator = ChiefSessionCreator(scaffold=scaffold, checkpoint_dir=checkpoint_dir,
                                  master=master, config=config)
    summary_dir = summary_dir or checkpoint_dir
    if summary_dir:
        if log_step_count_steps and log_step_count_steps > 0:
            all_hooks.append(basic_hooks.StepCounterHook(
                output_dir=summary_dir, every_n_steps=log_step_count_steps))
        if (save_summaries_steps and save_summaries_steps > 0) or \
                (save_summaries_secs and save_summaries_secs > 0):
            all_hooks.append(basic_hooks.SummarySaverHook(
                scaffold=scaffold, save_steps=save_summaries_steps,
                save_secs=save_summaries_secs, output_dir=summary_dir))
    if checkpoint_dir and ((save_checkpoint_secs and save_checkpoint_secs > 0) or
                           (save_checkpoint_steps and save_checkpoint_steps > 0)):
        all_hooks.append(basic_hooks.CheckpointSaverHook(
            checkpoint_dir, save_steps=save_checkpoint_steps, save_secs=save_checkpoint_secs,
            scaffold=scaffold, save_graph_def=save_graph_def))
    all_hooks.extend(hooks or [])
    return MonitoredSession(session_creator=creator, hooks=all_hooks,
                            stop_grace_period_secs=stop_grace_period_secs)
