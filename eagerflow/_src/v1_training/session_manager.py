"""tf.compat.v1.train.SessionManager: makes a Session whose model is ready.

Sits in v1_training/, under monitored_session.py's session creators, over function/'s
Session and saved_model's Saver. `prepare_session` restores the latest checkpoint of a
directory (or a given one) when there is one, else runs the init op and init_fn; then the
local init op once the model is ready for it; then checks the ready op (an empty list of
uninitialized variables). `wait_for_session` waits for another worker to make it ready.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from eagerflow._src.core import errors, tf_logging
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.session import Session
from eagerflow._src.train import checkpoint_management as cm


def _log() -> Any:
    return tf_logging.get_logger()


def _maybe_name(obj: Any) -> str:
    if obj is None:
        return "None"
    if hasattr(obj, "name"):
        return obj.name
    return f"<no name for {type(obj)}>"


def _restore(sess: Any, saver: Any, path: str) -> None:
    init_ops = sess.graph.get_collection("saved_model_initializers")
    if init_ops:
        sess.run(init_ops)
    saver.restore(sess, path)


class SessionManager:
    """Makes sessions with a restored or initialized, ready model."""

    def __init__(self, local_init_op: Any = None, ready_op: Any = None,
                 ready_for_local_init_op: Any = None, graph: Any = None,
                 recovery_wait_secs: float = 30, local_init_run_options: Any = None,
                 local_init_feed_dict: Any = None) -> None:
        if graph is None:
            graph = get_default_graph()
        self._local_init_op = local_init_op
        self._ready_op = ready_op
        self._ready_for_local_init_op = ready_for_local_init_op
        self._graph = graph
        self._recovery_wait_secs = recovery_wait_secs
        self._target = None
        self._local_init_run_options = local_init_run_options
        self._local_init_feed_dict = local_init_feed_dict
        if ready_for_local_init_op is not None and local_init_op is None:
            raise ValueError(f"If you pass a ready_for_local_init_op you must also pass a "
                             f"local_init_op , ready_for_local_init_op "
                             f"[{ready_for_local_init_op}]")

    def _restore_checkpoint(self, master: str, saver: Any = None, checkpoint_dir: Any = None,
                            checkpoint_filename_with_path: Any = None,
                            wait_for_checkpoint: bool = False, max_wait_secs: float = 7200,
                            config: Any = None) -> tuple:
        self._target = master
        sess = Session(self._target, graph=self._graph, config=config)
        if checkpoint_dir and checkpoint_filename_with_path:
            raise ValueError("Can not provide both checkpoint_dir and "
                             "checkpoint_filename_with_path.")
        if not saver or not (checkpoint_dir or checkpoint_filename_with_path):
            return sess, False
        if checkpoint_filename_with_path:
            _restore(sess, saver, checkpoint_filename_with_path)
            return sess, True
        wait_time = 0.0
        ckpt = cm.get_checkpoint_state(checkpoint_dir)
        while not ckpt or not ckpt.model_checkpoint_path:
            if wait_for_checkpoint and wait_time < max_wait_secs:
                _log().info("Waiting for checkpoint to be available.")
                time.sleep(self._recovery_wait_secs)
                wait_time += self._recovery_wait_secs
                ckpt = cm.get_checkpoint_state(checkpoint_dir)
            else:
                return sess, False
        _restore(sess, saver, ckpt.model_checkpoint_path)
        saver.recover_last_checkpoints(list(ckpt.all_model_checkpoint_paths))
        return sess, True

    def prepare_session(self, master: str, init_op: Any = None, saver: Any = None,
                        checkpoint_dir: Any = None, checkpoint_filename_with_path: Any = None,
                        wait_for_checkpoint: bool = False, max_wait_secs: float = 7200,
                        config: Any = None, init_feed_dict: Any = None,
                        init_fn: Any = None) -> Any:
        """A session whose model is restored from a checkpoint or initialized, then ready."""
        sess, loaded = self._restore_checkpoint(
            master, saver, checkpoint_dir=checkpoint_dir,
            checkpoint_filename_with_path=checkpoint_filename_with_path,
            wait_for_checkpoint=wait_for_checkpoint, max_wait_secs=max_wait_secs,
            config=config)
        if not loaded:
            if init_op is None and not init_fn and self._local_init_op is None:
                raise RuntimeError("Model is not initialized and no init_op or init_fn or "
                                   "local_init_op was given")
            if init_op is not None:
                sess.run(init_op, feed_dict=init_feed_dict)
            if init_fn:
                init_fn(sess)
        ok, msg = self._try_run_local_init_op(sess)
        if not ok:
            raise RuntimeError(f"Init operations did not make model ready for local_init.  "
                               f"Init op: {_maybe_name(init_op)}, init fn: {init_fn}, "
                               f"error: {msg}")
        ready, msg = self._model_ready(sess)
        if not ready:
            raise RuntimeError(f"Init operations did not make model ready.  Init op: "
                               f"{_maybe_name(init_op)}, init fn: {init_fn}, local_init_op: "
                               f"{self._local_init_op}, error: {msg}")
        return sess

    def recover_session(self, master: str, saver: Any = None, checkpoint_dir: Any = None,
                        checkpoint_filename_with_path: Any = None,
                        wait_for_checkpoint: bool = False, max_wait_secs: float = 7200,
                        config: Any = None) -> tuple:
        """(a session restored from a checkpoint where one is, whether it is ready)."""
        sess, loaded = self._restore_checkpoint(
            master, saver, checkpoint_dir=checkpoint_dir,
            checkpoint_filename_with_path=checkpoint_filename_with_path,
            wait_for_checkpoint=wait_for_checkpoint, max_wait_secs=max_wait_secs,
            config=config)
        ok, msg = self._try_run_local_init_op(sess)
        if not loaded:
            return sess, False
        restoring = checkpoint_dir or checkpoint_filename_with_path
        if not ok:
            _log().info("Restoring model from %s did not make model ready for local init: %s",
                        restoring, msg)
            return sess, False
        ready, msg = self._model_ready(sess)
        if not ready:
            _log().info("Restoring model from %s did not make model ready: %s", restoring, msg)
            return sess, False
        _log().info("Restored model from %s", restoring)
        return sess, loaded

    def wait_for_session(self, master: str, config: Any = None,
                         max_wait_secs: float = float("Inf")) -> Any:
        """A session once the model is ready (made by another worker's chief)."""
        self._target = master
        if max_wait_secs is None:
            max_wait_secs = float("Inf")
        start = time.time()
        while True:
            sess = Session(self._target, graph=self._graph, config=config)
            not_ready = None
            ok, not_ready_local = self._try_run_local_init_op(sess)
            if ok:
                ready, not_ready = self._model_ready(sess)
                if ready:
                    return sess
            try:
                sess.close()
            except Exception:  # noqa: BLE001 (TF's _safe_close ignores any error)
                pass
            remaining = max(0.0, max_wait_secs - (time.time() - start))
            if remaining - self._recovery_wait_secs < 0:
                raise errors.DeadlineExceededError(
                    None, None, f"Session was not ready after waiting {int(max_wait_secs)} "
                                f"secs.")
            _log().info("Waiting for model to be ready.  Ready_for_local_init_op:  %s, "
                        "ready: %s", not_ready_local, not_ready)
            time.sleep(self._recovery_wait_secs)

    def _model_ready(self, sess: Any) -> tuple:
        return _ready(self._ready_op, sess, "Model not ready")

    def _model_ready_for_local_init(self, sess: Any) -> tuple:
        return _ready(self._ready_for_local_init_op, sess, "Model not ready for local init")

    def _try_run_local_init_op(self, sess: Any) -> tuple:
        if self._local_init_op is None:
            return True, None
        ready, msg = self._model_ready_for_local_init(sess)
        if not ready:
            return False, msg
        _log().info("Running local_init_op.")
        sess.run(self._local_init_op, feed_dict=self._local_init_feed_dict,
                 options=self._local_init_run_options)
        _log().info("Done running local_init_op.")
        return True, None


def _ready(op: Any, sess: Any, msg: str) -> tuple:
    """(whether `op` reports no uninitialized variable, the message naming them)."""
    if op is None:
        return True, None
    try:
        value = sess.run(op)
    except errors.FailedPreconditionError as e:
        if "uninitialized" not in str(e):
            _log().warning("%s : error [%s]", msg, str(e))
            raise
        return False, str(e)
    value = None if value is None else np.asarray(value)
    if value is None or value.dtype == np.int32 or value.size == 0:
        return True, None
    names = ", ".join(v.decode("utf-8") if isinstance(v, bytes) else str(v)
                      for v in value.reshape(-1))
    return False, "Variables not initialized: " + names
