"""The `checkpoint` state file, tf.train.latest_checkpoint and tf.train.CheckpointManager.

Sits beside checkpoint.py (which imports it for save()). The state file is a
CheckpointState in protobuf text format, replaced atomically, and only after the
checkpoint it names is complete. CheckpointManager deletes old checkpoints only
after the new one and the state file naming it are in place, and then writes
the state file again without them.
"""

from __future__ import annotations

import glob
import os
import time
from collections import OrderedDict
from typing import Any, Callable

from google.protobuf import text_format

from eagerflow._src.io import bundle_protos as protos
from eagerflow._src.io import fileio
from eagerflow._src.io.filesystems import native
from eagerflow._src.io.tensor_bundle import index_filename
from eagerflow._src.io.tensor_slices import is_v1
from eagerflow._src.ops.debugging import get_logger
from eagerflow._src.train import worker_files
from eagerflow._src.train.restore import assign_eagerly

STATE_FILENAME = "checkpoint"


def _state_path(save_dir: str, latest_filename: str | None) -> str:
    return os.path.join(save_dir, latest_filename or STATE_FILENAME)


def generate_checkpoint_state_proto(save_dir: str, model_checkpoint_path: str,
                                    all_model_checkpoint_paths: list | None = None,
                                    all_model_checkpoint_timestamps: list | None = None,
                                    last_preserved_timestamp: float | None = None) -> Any:
    """The CheckpointState naming these checkpoints; with a relative `save_dir`, relative
    paths are made relative to it (as TF's: a Saver saving "dir/ckpt" records "ckpt")."""
    paths = list(all_model_checkpoint_paths or [])
    if not paths or paths[-1] != model_checkpoint_path:
        paths.append(model_checkpoint_path)
    if not os.path.isabs(save_dir):
        model_checkpoint_path = _relative_to(model_checkpoint_path, save_dir)
        paths = [_relative_to(p, save_dir) for p in paths]
    if all_model_checkpoint_timestamps is not None and \
            len(all_model_checkpoint_timestamps) != len(paths):
        raise ValueError(f"Checkpoint timestamps, if provided, must match checkpoint paths (got "
                         f"paths {paths} and timestamps {all_model_checkpoint_timestamps})")
    state = protos.CheckpointState(model_checkpoint_path=model_checkpoint_path)
    state.all_model_checkpoint_paths.extend(paths)
    if all_model_checkpoint_timestamps:
        state.all_model_checkpoint_timestamps.extend(all_model_checkpoint_timestamps)
    if last_preserved_timestamp is not None:
        state.last_preserved_timestamp = last_preserved_timestamp
    return state


def _relative_to(path: str, save_dir: str) -> str:
    return path if os.path.isabs(path) else os.path.relpath(path, save_dir)


def _relative(path: str, save_dir: str) -> str:
    # (an absolute path only: a relative one is made relative to a relative save_dir by
    # generate_checkpoint_state_proto, as TF's)
    return os.path.relpath(path, save_dir or os.curdir) if os.path.isabs(path) else path


def update_checkpoint_state_internal(save_dir: str, model_checkpoint_path: str,
                                     all_model_checkpoint_paths: list | None = None,
                                     latest_filename: str | None = None,
                                     save_relative_paths: bool = False,
                                     all_model_checkpoint_timestamps: list | None = None,
                                     last_preserved_timestamp: float | None = None) -> None:
    """Atomically replaces the state file of `save_dir`."""
    if save_relative_paths:
        model_checkpoint_path = _relative(model_checkpoint_path, save_dir)
        all_model_checkpoint_paths = [_relative(p, save_dir)
                                      for p in all_model_checkpoint_paths or []]
    state = generate_checkpoint_state_proto(
        save_dir, model_checkpoint_path, all_model_checkpoint_paths,
        all_model_checkpoint_timestamps, last_preserved_timestamp)
    path = _state_path(save_dir, latest_filename)
    if os.path.abspath(path) == os.path.abspath(model_checkpoint_path):
        raise RuntimeError(f"Save path '{model_checkpoint_path}' conflicts with path used for "
                           "checkpoint state.  Please use a different save path.")
    fileio.atomic_write(path, text_format.MessageToString(state).encode("utf-8"), "state")


def update_checkpoint_state(save_dir: str, model_checkpoint_path: str,
                            all_model_checkpoint_paths: list | None = None,
                            latest_filename: str | None = None,
                            all_model_checkpoint_timestamps: list | None = None,
                            last_preserved_timestamp: float | None = None) -> None:
    update_checkpoint_state_internal(save_dir, model_checkpoint_path, all_model_checkpoint_paths,
                                     latest_filename, False, all_model_checkpoint_timestamps,
                                     last_preserved_timestamp)


def get_checkpoint_state(checkpoint_dir: Any, latest_filename: str | None = None) -> Any:
    """The CheckpointState of `checkpoint_dir` (relative paths made relative to the dir)."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    path = _state_path(checkpoint_dir, latest_filename)
    try:
        with open(native(path), "rb") as f:
            text = f.read().decode("utf-8")
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None
    except UnicodeDecodeError:
        get_logger().warning("%s: Checkpoint ignored", path)
        return None
    state = protos.CheckpointState()
    try:
        text_format.Parse(text, state)
    except text_format.ParseError as e:
        get_logger().warning("ParseError: %s", e)
        get_logger().warning("%s: Checkpoint ignored", path)
        return None
    if not state.model_checkpoint_path:
        raise ValueError(f"Invalid checkpoint state loaded from {checkpoint_dir}")
    if not os.path.isabs(state.model_checkpoint_path):
        state.model_checkpoint_path = os.path.join(checkpoint_dir, state.model_checkpoint_path)
    for i, p in enumerate(state.all_model_checkpoint_paths):
        if not os.path.isabs(p):
            state.all_model_checkpoint_paths[i] = os.path.join(checkpoint_dir, p)
    return state


def checkpoint_exists(prefix: str) -> bool:
    """A complete V2 checkpoint (its index written last), or TF 1's V1 files, as TF's.
    (TF's Python matches prefix + ".index" as a pattern, which the OS reads up to a NUL:
    "ck\\0pt-1" matches no "ck", though its files were written as ck.index)"""
    return os.path.isfile(native(os.fspath(prefix) + ".index")) or is_v1(prefix)


def latest_checkpoint(checkpoint_dir: Any, latest_filename: str | None = None) -> str | None:
    """The prefix of the newest complete checkpoint recorded in `checkpoint_dir`, or None."""
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state and state.model_checkpoint_path:
        if checkpoint_exists(state.model_checkpoint_path):
            return state.model_checkpoint_path
        get_logger().error("Couldn't match files for checkpoint %s", state.model_checkpoint_path)
    return None


def remove_checkpoint(prefix: str) -> None:
    """Deletes a checkpoint's files: the index first, so it stops counting as complete."""
    prefix = native(prefix)
    for path in [index_filename(prefix)] + sorted(glob.glob(glob.escape(prefix) +
                                                            ".data-?????-of-?????")):
        try:
            os.remove(path)
        except FileNotFoundError:
            pass


def checkpoints_iterator(checkpoint_dir: Any, min_interval_secs: float = 0,
                         timeout: float | None = None,
                         timeout_fn: Callable | None = None) -> Any:
    """Yields each new latest checkpoint of `checkpoint_dir` as it appears."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    last = None
    while True:
        start = time.time()
        deadline = None if timeout is None else start + timeout
        path = None
        while True:
            path = latest_checkpoint(checkpoint_dir)
            if path is not None and path != last:
                break
            if deadline is not None and time.time() + 1 > deadline:
                path = None
                break
            time.sleep(1)
        if path is None:
            if timeout_fn is None or timeout_fn():
                return
            continue
        last = path
        yield path
        wait = min_interval_secs - (time.time() - start)
        if wait > 0:
            time.sleep(wait)


def _value(x: Any) -> int:
    if hasattr(x, "numpy"):
        x = x.numpy()
    return int(x)


class CheckpointManager:
    """Numbers, records and prunes the checkpoints of one `tf.train.Checkpoint` in a directory."""

    def __init__(self, checkpoint: Any, directory: Any, max_to_keep: int | None,
                 keep_checkpoint_every_n_hours: float | None = None,
                 checkpoint_name: str = "ckpt", step_counter: Any = None,
                 checkpoint_interval: int | None = None, init_fn: Callable | None = None,
                 last_checkpoint_step: int | None = None) -> None:
        self._checkpoint = checkpoint
        self._save_counter_assign = None
        if max_to_keep is not None and (isinstance(max_to_keep, bool) or max_to_keep <= 0):
            raise ValueError(f"Expected a positive integer or `None` for `max_to_keep`, got "
                             f"{max_to_keep}.")
        self._max_to_keep = max_to_keep
        self._keep_checkpoint_every_n_hours = keep_checkpoint_every_n_hours
        if isinstance(directory, os.PathLike):
            directory = os.fspath(directory)
        self._directory = directory
        self._checkpoint_prefix = os.path.join(directory, checkpoint_name)
        self._init_fn = init_fn
        if checkpoint_interval is not None:
            if step_counter is None:
                raise ValueError("`step_counter` should be passed if `checkpoint_interval` is not "
                                 "None.")
            self._last_checkpoint_step = last_checkpoint_step
            self._step_counter = step_counter
        self._checkpoint_interval = checkpoint_interval
        recovered = get_checkpoint_state(directory)
        now = time.time()
        self._maybe_delete: OrderedDict = OrderedDict()
        if recovered is None:
            self._latest_checkpoint = None
            self._last_preserved_timestamp = now
        else:
            self._latest_checkpoint = recovered.model_checkpoint_path
            self._last_preserved_timestamp = recovered.last_preserved_timestamp
            if now < self._last_preserved_timestamp:
                get_logger().warning("time.time() returned a value %f seconds behind the last "
                                     "preserved checkpoint timestamp.",
                                     self._last_preserved_timestamp - now)
                self._last_preserved_timestamp = now
            paths = list(recovered.all_model_checkpoint_paths)
            stamps = list(recovered.all_model_checkpoint_timestamps)
            if len(stamps) != len(paths):
                stamps = [self._last_preserved_timestamp] * len(paths)
            for p, t in zip(paths, stamps):
                t = min(t, now)
                if t > self._last_preserved_timestamp and checkpoint_exists(p):
                    self._maybe_delete[p] = t

    # -- properties ----------------------------------------------------------------------
    @property
    def directory(self) -> str:
        return self._directory

    @property
    def checkpoint_interval(self) -> int | None:
        return self._checkpoint_interval

    @property
    def latest_checkpoint(self) -> str | None:
        """The prefix of the most recent checkpoint in `directory` (None if there is none)."""
        return self._latest_checkpoint

    @property
    def checkpoints(self) -> list:
        """The managed checkpoints, oldest first (preserved ones are no longer listed)."""
        return list(self._maybe_delete.keys())

    @property
    def checkpoint(self) -> Any:
        return self._checkpoint

    # -- saving --------------------------------------------------------------------------
    def _record_state(self) -> None:
        if not worker_files.is_writer():
            return
        filenames, stamps = zip(*self._maybe_delete.items()) if self._maybe_delete else ((), ())
        update_checkpoint_state_internal(
            self._directory, model_checkpoint_path=self._latest_checkpoint,
            all_model_checkpoint_paths=list(filenames),
            all_model_checkpoint_timestamps=list(stamps),
            last_preserved_timestamp=self._last_preserved_timestamp, save_relative_paths=True)

    def _sweep(self) -> None:
        if not self._max_to_keep:
            return
        while len(self._maybe_delete) > self._max_to_keep:
            filename, stamp = self._maybe_delete.popitem(last=False)
            hours = self._keep_checkpoint_every_n_hours
            if hours and stamp - hours * 3600.0 >= self._last_preserved_timestamp:
                self._last_preserved_timestamp = stamp
                continue
            fileio.fault_point("manager:delete_old")
            if worker_files.is_writer():
                remove_checkpoint(filename)

    def save(self, checkpoint_number: Any = None, check_interval: bool = True,
             options: Any = None) -> str | None:
        """Saves a checkpoint numbered `checkpoint_number` (default: the save counter).

        Returns its prefix, or None when `checkpoint_interval` says it is too early.
        In a multi-worker job every worker saves; the chief alone keeps files.
        """
        with worker_files.save_scope():
            return self._save(checkpoint_number, check_interval, options)

    def _save(self, checkpoint_number: Any, check_interval: bool, options: Any) -> str | None:
        if self._checkpoint_interval is not None:
            step, last = _value(self._step_counter), self._last_checkpoint_step
            # (a second save at the same step is skipped even when forced, as in TF)
            if last is not None and (step == last or check_interval and
                                     step < last + self._checkpoint_interval):
                return None
            self._last_checkpoint_step = step
        counter = self._checkpoint.save_counter
        assign_eagerly(counter, counter.numpy() + 1)
        number = _value(counter) if checkpoint_number is None else _value(checkpoint_number)
        prefix = f"{self._checkpoint_prefix}-{number}"
        try:
            save_path = self._checkpoint.write(prefix, options=options)
        except BaseException:
            assign_eagerly(counter, counter.numpy() - 1)
            raise
        self._maybe_delete.pop(save_path, None)  # re-saved: move it to the end of the queue
        self._maybe_delete[save_path] = time.time()
        self._latest_checkpoint = save_path
        # Record the new checkpoint before deleting anything, so that a crash while deleting
        # still finds it; then record again without the deleted ones.
        self._record_state()
        self._sweep()
        self._record_state()
        return save_path

    def restore_or_initialize(self) -> str | None:
        """Restores the latest checkpoint (returning its path), else runs `init_fn`."""
        if self._latest_checkpoint is not None:
            self._checkpoint.restore(self._latest_checkpoint)
            if self._checkpoint_interval is not None:
                self._last_checkpoint_step = _value(self._step_counter)
            return self._latest_checkpoint
        if self._init_fn is not None:
            self._init_fn()
        return None

    def sync(self) -> None:
        """Waits for asynchronous saves (eagerflow saves synchronously)."""
