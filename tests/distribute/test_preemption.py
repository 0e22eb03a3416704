"""tf.distribute.experimental's PreemptionCheckpointHandler, TerminationConfig and
PreemptionWatcher against TF 2.21.

The training loops of preemption_scenarios.py run in child processes that receive a real
SIGTERM (or a polled notice) at step 3, and again to restore: their printed lines, exit
codes and checkpoint files are those TF's recorded (preemption_golden.json, by
record_preemption.py)."""

import inspect
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests import forkserver
from tests.child_env import pythonpath
from tests.distribute.record_preemption import SCENARIOS, run_scenario

GOLDEN = json.loads((Path(__file__).parent / "preemption_golden.json").read_text())
EXP = tf.distribute.experimental


def _forked(argv: list, env: dict) -> subprocess.CompletedProcess:
    # (a child of the fork server, which imported eagerflow once for every scenario's runs)
    return forkserver.run_script(argv, env, timeout=300)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_preempted_training_as_tf(scenario):
    env = dict(os.environ, PYTHONPATH=pythonpath())
    assert run_scenario("eagerflow", scenario, env=env, run=_forked) == GOLDEN[scenario]


def _bare(f):
    """`f`'s signature without annotations, as TF's (unannotated) code prints it."""
    sig = inspect.signature(f)
    empty = inspect.Parameter.empty
    return str(sig.replace(parameters=[p.replace(annotation=empty)
                                       for p in sig.parameters.values()],
                           return_annotation=empty))


def test_signatures_as_tf():
    assert _bare(EXP.PreemptionCheckpointHandler) == (
        "(cluster_resolver, checkpoint_or_checkpoint_manager, checkpoint_dir=None, "
        "termination_config=None)")
    assert _bare(EXP.TerminationConfig) == (
        "(termination_watcher_fn=None, exit_fn=None, grace_period=None, save_fn=None)")
    assert _bare(EXP.PreemptionWatcher) == "()"
    public = lambda c: [n for n in dir(c) if not n.startswith("_")]  # noqa: E731
    assert public(EXP.PreemptionCheckpointHandler) == [
        "run", "save_checkpoint_if_preempted", "total_run_calls", "watch_preemption_scope"]
    assert public(EXP.PreemptionWatcher) == ["block_until_worker_exit", "preemption_message"]


def test_termination_config_keeps_what_it_is_given():
    assert vars(EXP.TerminationConfig()) == {
        "termination_watcher_fn": None, "exit_fn": None, "grace_period": None,
        "save_fn": None}
    assert EXP.TerminationConfig(grace_period=5).grace_period == 5


@pytest.fixture
def restore_sigterm():
    previous = signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGTERM, previous)


def test_handler_in_process(tmp_path, restore_sigterm):
    v = tf.Variable(1.0)
    ck = tf.train.Checkpoint(v=v)
    h = EXP.PreemptionCheckpointHandler(None, ck, str(tmp_path))
    assert os.listdir(tmp_path) == []          # nothing to restore, nothing saved
    calls = h.total_run_calls
    assert calls == 0 and type(calls) is np.int64     # TF's: the variable's numpy()
    assert h.run(lambda x, y=1: x * 2 + y, 3, y=0) == 6 and h.total_run_calls == 1
    h.save_checkpoint_if_preempted()
    assert h.total_run_calls == 2
    with h.watch_preemption_scope():
        pass
    with pytest.raises(tf.errors.InvalidArgumentError):
        with h.watch_preemption_scope():
            raise tf.errors.InvalidArgumentError(None, None, "bad")
    # the run counter is saved with the checkpoint under TF's name
    assert repr(ck.checkpointed_runs) == (
        "<tf.Variable 'checkpointed_runs:0' shape=() dtype=int64, numpy=0>")
    assert signal.getsignal(signal.SIGTERM) == h._sigterm_handler_fn
    assert h._read_checkpoint_manager._max_to_keep == 1
    assert h._read_checkpoint_manager._checkpoint_prefix == str(tmp_path / "ckpt")


def test_handler_errors_as_tf(tmp_path, restore_sigterm):
    ck = tf.train.Checkpoint(v=tf.Variable(1.0))
    # TF builds its InvalidArgumentError from the message alone, which fails so
    with pytest.raises(TypeError, match=r"^InvalidArgumentError.__init__\(\) missing 2 "
                                        r"required positional arguments: 'op' and "
                                        r"'message'$"):
        EXP.PreemptionCheckpointHandler(None, ck)
    ps = tf.distribute.cluster_resolver.SimpleClusterResolver(
        tf.train.ClusterSpec({"worker": ["a:1"], "ps": ["b:1"]}), task_type="worker",
        task_id=0)
    with pytest.raises(NotImplementedError, match=r"^PreemptionCheckpointHandler does not "
                                                  r"supportusage with tf.distribute."
                                                  r"experimental.ParameterServerStrategy."):
        EXP.PreemptionCheckpointHandler(ps, ck, str(tmp_path))


_TF_WRITER = """
import os, signal, sys
import tensorflow as tf
v = tf.Variable(0.0)
h = tf.distribute.experimental.PreemptionCheckpointHandler(
    None, tf.train.Checkpoint(v=v), sys.argv[1])
for i in range(5):
    if i == 1:
        os.kill(os.getpid(), signal.SIGTERM)
    h.run(lambda: v.assign_add(1.0))
"""


def test_handler_restores_a_checkpoint_tfs_handler_wrote(tmp_path, restore_sigterm):
    tf_python = Path(__file__).parents[2] / ".venv-peers" / "bin" / "python"
    if not tf_python.exists():
        pytest.skip("no TF interpreter")
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    proc = subprocess.run([str(tf_python), "-c", _TF_WRITER, str(tmp_path)], env=env,
                          capture_output=True, timeout=300)
    assert proc.returncode == 42, proc.stderr[-2000:]
    v = tf.Variable(0.0)
    h = EXP.PreemptionCheckpointHandler(None, tf.train.Checkpoint(v=v), str(tmp_path))
    assert h.total_run_calls == 2 and v.numpy() == 2.0


def test_preemption_watcher_off_tpu(caplog):
    w = EXP.PreemptionWatcher()
    assert w.preemption_message is None
    assert w.block_until_worker_exit() is None


def test_default_exit_is_tfs_restart_code():
    from eagerflow._src.distribute import failure_handling as fh

    with pytest.raises(SystemExit) as e:
        fh._completed(None).exit_fn()
    assert e.value.code == 42
    assert fh._completed(None).grace_period == 0
    assert sys.modules["eagerflow._src.distribute.failure_handling"] is fh


def _two_workers():
    return tf.distribute.cluster_resolver.SimpleClusterResolver(
        tf.train.ClusterSpec({"worker": ["a:1", "b:1"]}), task_type="worker", task_id=0)


def test_workers_agree_on_the_step_over_mpi(tmp_path, restore_sigterm, monkeypatch):
    """Every worker's run() shares its notice flag (one all-gather a step): a notice on
    any worker makes all save after the next step, then exit."""
    from eagerflow._src.distribute import failure_handling as fh

    class TwoWorkers:  # (the other worker has had a notice)
        size = 2

        def allgather(self, flag):
            return [flag, np.array(True)]

    monkeypatch.setattr(fh, "_mpi_for", lambda workers: TwoWorkers() if workers > 1 else None)
    exits = []
    config = EXP.TerminationConfig(exit_fn=lambda: exits.append(True))
    v = tf.Variable(0.0)
    h = EXP.PreemptionCheckpointHandler(_two_workers(), tf.train.Checkpoint(v=v),
                                        str(tmp_path), termination_config=config)
    h.run(lambda: v.assign_add(1.0))  # (the notice seen: save after the next step)
    assert not exits and not list(tmp_path.iterdir())
    h.run(lambda: v.assign_add(1.0))
    assert exits == [True] and (tmp_path / "checkpoint").exists()


def test_several_workers_need_mpi(tmp_path, restore_sigterm):
    """Two workers' cluster in a process MPI did not launch as one of two: refused."""
    pytest.importorskip("mpi4py")
    with pytest.raises(NotImplementedError, match="run the 2 workers with mpiexec"):
        EXP.PreemptionCheckpointHandler(_two_workers(), tf.train.Checkpoint(v=tf.Variable(1.)),
                                        str(tmp_path))
