"""A save interrupted at any step (exception or killed process) never loses the previous
checkpoint, and nothing half-written is ever taken as the latest one."""

import multiprocessing
import os
import traceback

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from eagerflow._src.io import fileio


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch):
    """The fsyncs change nothing these tests observe (the order of the steps); skip their cost."""
    monkeypatch.setattr(fileio, "_durable", False)


def _setup(d):
    v = tf.Variable(np.full(1000, 1.0, np.float32))
    step = tf.Variable(0, dtype=tf.int64)
    ckpt = tf.train.Checkpoint(v=v, step=step)
    mgr = tf.train.CheckpointManager(ckpt, d, max_to_keep=2)
    for value in (1.0, 2.0):
        v.assign(np.full(1000, value, np.float32))
        step.assign_add(1)
        mgr.save()
    v.assign(np.full(1000, 3.0, np.float32))
    step.assign_add(1)
    return ckpt, mgr


def _steps():
    """Every fault point a manager save passes through, with its occurrence number."""
    seen = []
    fileio.set_fault_hook(seen.append)
    try:
        import tempfile

        with tempfile.TemporaryDirectory() as d:
            _, mgr = _setup(d)
            seen.clear()
            mgr.save()
    finally:
        fileio.set_fault_hook(None)
    counts: dict = {}
    out = []
    for name in seen:
        counts[name] = counts.get(name, 0) + 1
        out.append((name, counts[name]))
    return out


STEPS = _steps()


def test_every_step_is_covered():
    names = {n for n, _ in STEPS}
    for expected in ("bundle:tensors_written", "data:written", "data:synced", "index:written",
                     "index:synced", "data:renamed", "index:renamed", "state:written",
                     "state:synced", "state:renamed", "manager:delete_old"):
        assert expected in names
    assert ("state:renamed", 2) in STEPS  # the state is written again after deleting


def _check_directory(d, killed):
    latest = tf.train.latest_checkpoint(d)
    assert latest is not None, "the previous checkpoint must survive"
    v = tf.Variable(np.zeros(1000, np.float32))
    step = tf.Variable(0, dtype=tf.int64)
    tf.train.Checkpoint(v=v, step=step).restore(latest).assert_consumed()
    expected = {2: 2.0, 3: 3.0}[int(step)]
    np.testing.assert_array_equal(v.numpy(), np.full(1000, expected, np.float32))
    assert latest.endswith(f"ckpt-{int(step)}")
    # every checkpoint the state file still lists and that has an index is complete
    state = tf.train.get_checkpoint_state(d)
    for path in state.all_model_checkpoint_paths:
        if os.path.exists(path + ".index"):
            tf.train.Checkpoint(v=tf.Variable(np.zeros(1000, np.float32)),
                                step=tf.Variable(0, dtype=tf.int64)).restore(path).assert_consumed()
    leftovers = [n for n in os.listdir(d) if fileio.is_temp_name(n)]
    if not killed:
        assert leftovers == [], "an exception must not leave temporary files behind"
    # the directory stays usable: a new manager saves and restores from it
    w = tf.Variable(np.full(1000, 9.0, np.float32))
    mgr = tf.train.CheckpointManager(tf.train.Checkpoint(v=w, step=tf.Variable(0, tf.int64)), d,
                                     max_to_keep=2)
    mgr.save(checkpoint_number=100)
    assert tf.train.latest_checkpoint(d).endswith("ckpt-100")


class Crash(Exception):
    pass


@pytest.mark.parametrize("point", STEPS, ids=[f"{n}#{i}" for n, i in STEPS])
def test_exception_at_every_step(tmp_path, point):
    d = str(tmp_path)
    ckpt, mgr = _setup(d)
    counter = {}

    def hook(name):
        counter[name] = counter.get(name, 0) + 1
        if (name, counter[name]) == point:
            raise Crash(name)

    fileio.set_fault_hook(hook)
    try:
        with pytest.raises(Crash):
            mgr.save()
    finally:
        fileio.set_fault_hook(None)
    _check_directory(d, killed=False)


def _save_and_die_at(d, point):
    """The child: saves into `d` and is killed (os._exit: no cleanup at all) at `point`;
    exit status 3 if it never gets there (the traceback, if any, on stderr)."""
    try:
        _, mgr = _setup(d)
        counter = {}

        def hook(name):
            counter[name] = counter.get(name, 0) + 1
            if tuple(point) == (name, counter[name]):
                os._exit(17)

        fileio.set_fault_hook(hook)
        mgr.save()
    except BaseException:  # noqa: BLE001 - reported, then the exit status says it
        traceback.print_exc()
    finally:
        os._exit(3)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork to kill a saver mid-write")
@pytest.mark.parametrize("point", STEPS, ids=[f"{n}#{i}" for n, i in STEPS])
def test_killed_process_at_every_step(tmp_path, point, monkeypatch):
    """A child process saves and is killed at `point`: forked where this process runs on
    the CPU, a fresh interpreter without GPUs where it uses one (a forked child cannot
    use its parent's CUDA context)."""
    d = str(tmp_path)
    if D.default_device().device_type == "CPU":
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            _save_and_die_at(d, point)
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 17
    else:
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
        monkeypatch.delenv(D.STANDIN_ENV, raising=False)
        child = multiprocessing.get_context("spawn").Process(target=_save_and_die_at,
                                                             args=(d, point))
        child.start()
        child.join(120)
        assert child.exitcode == 17
    _check_directory(d, killed=True)


def test_failed_save_gives_its_number_back(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))

    def hook(name):
        if name == "index:written":
            raise Crash(name)

    fileio.set_fault_hook(hook)
    try:
        with pytest.raises(Crash):
            ckpt.save(str(tmp_path / "c"))
    finally:
        fileio.set_fault_hook(None)
    assert int(ckpt.save_counter) == 0
    assert ckpt.save(str(tmp_path / "c")).endswith("c-1")
    assert sorted(os.listdir(tmp_path)) == ["c-1.data-00000-of-00001", "c-1.index", "checkpoint"]
