"""MultiWorkerMirroredStrategy under `mpiexec -n 2`: same weights as the other strategies,
and a failing worker ends the job with an error instead of a hang. Skipped without MPI."""

import functools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.child_env import pythonpath

SCRIPT = Path(__file__).with_name("mwms_train.py")


def _mpi_available() -> bool:
    try:
        import mpi4py  # noqa: F401
    except ImportError:
        return False
    return _mpiexec() is not None


def _mpiexec():
    here = Path(sys.executable).parent / "mpiexec"
    return str(here) if here.exists() else shutil.which("mpiexec")


def _run(args, timeout=120, **env_extra):
    env = {**os.environ, "PYTHONPATH": pythonpath(), **env_extra}
    # Open MPI's mpiexec refuses to start as root (CI containers and GPU machines run
    # as root) unless both of its variables allow it
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env)


def _weights(out: str) -> list:
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert len(lines) == 1, out
    return lines[0]


@functools.cache
def _single_process(kind: str) -> dict:
    """mwms_train.py's report for one of its single-process strategies. It trains with fixed
    seeds and data, so every test that compares with a kind reads one run of it."""
    return _weights(_run([sys.executable, str(SCRIPT), kind]).stdout)


def test_default_and_mirrored_agree():
    a = _single_process("default")
    b = _single_process("mirrored")
    assert b["replicas"] == 2
    np.testing.assert_allclose(a["w"], b["w"], rtol=1e-6)
    np.testing.assert_allclose(a["loss"], b["loss"], rtol=1e-6)


def test_custom_loop_reading_the_iterator_in_the_function_agrees():
    a = _single_process("default")
    b = _weights(_run([sys.executable, str(SCRIPT), "mirrored_iter"]).stdout)
    assert b["replicas"] == 2 and b["traces"] == 1
    np.testing.assert_allclose(a["w"], b["w"], rtol=1e-6)
    np.testing.assert_allclose(a["loss"], b["loss"], rtol=1e-6)


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_mwms_custom_loop_reads_its_share_inside_the_function():
    r = _run([_mpiexec(), "-n", "2", sys.executable, str(SCRIPT), "mwms_iter", "60"])
    assert r.returncode == 0, r.stderr
    got = _weights(r.stdout)
    assert got["replicas"] == 2 and got["traces"] == 1
    want = _single_process("default")
    np.testing.assert_allclose(got["w"], want["w"], rtol=1e-6)
    np.testing.assert_allclose(got["loss"], want["loss"], rtol=1e-6)


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_mwms_batchnorm_moving_statistics_are_each_workers_own(tmp_path):
    import eagerflow as tf

    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from mwms_batchnorm import train
    finally:
        sys.path.pop(0)
    script = SCRIPT.with_name("mwms_batchnorm.py")
    r = _run([_mpiexec(), "-n", "2", sys.executable, str(script), str(tmp_path)])
    assert r.returncode == 0, r.stderr
    ranks = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("rank*.json"))]
    assert sorted(o["rank"] for o in ranks) == [0, 1]
    want = train(tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"]))
    for got in ranks:
        for key in ("fit", "loop"):
            for worker, replicas in zip(got[key], want[key]):  # (mean, then variance)
                assert len(worker) == 1 and len(replicas) == 2
                np.testing.assert_allclose(worker[0], replicas[got["rank"]], rtol=1e-6)
        assert got["fit"] != ranks[1 - got["rank"]]["fit"]


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_mwms_two_workers_matches_mirrored():
    r = _run([_mpiexec(), "-n", "2", sys.executable, str(SCRIPT), "mwms", "60"])
    assert r.returncode == 0, r.stderr
    got = _weights(r.stdout)
    assert got["replicas"] == 2
    want = _single_process("mirrored")
    np.testing.assert_allclose(got["w"], want["w"], rtol=1e-6)
    np.testing.assert_allclose(got["loss"], want["loss"], rtol=1e-6)


def test_compiled_steps_trace_once_and_match():
    want = _single_process("mirrored")
    for kind in ("default_fn", "mirrored_fn"):
        got = _weights(_run([sys.executable, str(SCRIPT), kind]).stdout)
        assert got["traces"] == 1, got
        np.testing.assert_allclose(got["w"], want["w"], rtol=1e-6)
        np.testing.assert_allclose(got["loss"], want["loss"], rtol=1e-6)
    np.testing.assert_allclose(got["loss"], want["loss"], rtol=1e-6)


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_mwms_tf_function_step_all_reduces_across_workers():
    r = _run([_mpiexec(), "-n", "2", sys.executable, str(SCRIPT), "mwms_fn", "60"])
    assert r.returncode == 0, r.stderr
    got = _weights(r.stdout)
    assert got["traces"] == 1
    want = _single_process("mirrored")
    np.testing.assert_allclose(got["w"], want["w"], rtol=1e-6)
    np.testing.assert_allclose(got["loss"], want["loss"], rtol=1e-6)


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_worker_failure_ends_every_worker():
    r = _run([_mpiexec(), "-n", "2", sys.executable, str(SCRIPT), "mwms", "20", "fail"],
             timeout=90)
    assert r.returncode != 0
    assert "worker 1 fails on purpose" in r.stderr


FILES_SCRIPT = Path(__file__).with_name("mwms_files.py")


def _files_run(tmp_path, kind: str, *launcher, **env) -> list:
    """Runs mwms_files.py; returns each worker's report."""
    reports = tmp_path / f"reports-{kind}"
    reports.mkdir()
    r = _run([*launcher, sys.executable, str(FILES_SCRIPT), kind, str(tmp_path / kind),
              str(reports)], **env)
    assert r.returncode == 0, r.stderr
    return [json.loads(p.read_text()) for p in sorted(reports.iterdir())]


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_chief_alone_writes_and_every_worker_restores(tmp_path):
    (tmp_path / "tmp").mkdir()
    reports = {rep["rank"]: rep for rep in _files_run(tmp_path, "mwms", _mpiexec(), "-n", "2",
                                                      TMPDIR=str(tmp_path / "tmp"))}
    assert sorted(reports) == [0, 1]
    assert reports[0]["chief"] and not reports[1]["chief"]
    files = sorted(str(p.relative_to(tmp_path / "mwms")) for p in (tmp_path / "mwms").rglob("*")
                   if p.is_file())
    assert not any("workertemp" in f for f in files), files
    # CheckpointManager(max_to_keep=2) after Checkpoint.save took number 1
    assert [f for f in files if f.startswith("managed/")] == [
        "managed/checkpoint", "managed/ckpt-3.data-00000-of-00001", "managed/ckpt-3.index",
        "managed/ckpt-4.data-00000-of-00001", "managed/ckpt-4.index"]
    for expected in ("saved/checkpoint", "saved/ckpt-1.index", "written/ckpt.index",
                     "weights/w.index", "weights_h5/w.weights.h5", "cb/w.weights.h5"):
        assert expected in files
    events = [f for f in files if ".tfevents." in f]
    assert sorted(os.path.dirname(f) for f in events) == ["logs", "tb/train"]
    chief_pid = f".{reports[0]['pid']}."
    assert all(chief_pid in os.path.basename(f) for f in events), events
    for rep in reports.values():  # both workers read the chief's files back
        assert rep["latest"] == str(tmp_path / "mwms" / "managed" / "ckpt-4")
        assert rep["restored"] == {"v": [1.0, 2.0], "metric": pytest.approx(5 / 3)}
    # the non-chief's summary writers wrote to private temporary directories, now removed
    assert not [p.name for p in (tmp_path / "tmp").iterdir() if "workertemp" in p.name]


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_metrics_are_global_across_workers(tmp_path):
    workers = _files_run(tmp_path, "mwms", _mpiexec(), "-n", "2")
    (mirrored,) = _files_run(tmp_path, "mirrored")
    # worker r updated a Mean with r + 1 copies of r + 1: every worker reports (1 + 4) / 3
    assert [w["metric"] for w in workers] == pytest.approx([5 / 3, 5 / 3])
    assert mirrored["metric"] == pytest.approx(5 / 3)
    # a SUM SyncOnRead variable created as 5.0 reads 5.0 (not 5.0 per worker)
    assert [w["summed"] for w in workers] == [5.0, 5.0] and mirrored["summed"] == 5.0
    for w in workers:  # Keras fit's logged loss and metric are the global ones
        for key in ("loss", "mae"):
            np.testing.assert_allclose(w["history"][key], mirrored["history"][key], rtol=1e-5)
        for a, b in zip(w["weights"], mirrored["weights"]):
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("config, chief", [
    (None, True),                                                         # rank 0
    ({"cluster": {"worker": ["a:1", "b:2"]}, "task": {"type": "worker", "index": 0}}, True),
    ({"cluster": {"worker": ["a:1", "b:2"]}, "task": {"type": "worker", "index": 1}}, False),
    ({"cluster": {"chief": ["c:0"], "worker": ["a:1"]},
      "task": {"type": "worker", "index": 0}}, False),                     # a chief is named
    ({"cluster": {"chief": ["c:0"], "worker": ["a:1"]}, "task": {"type": "chief", "index": 0}},
     True),
])
def test_chief_from_tf_config(monkeypatch, config, chief):
    from eagerflow._src.distribute.multi_worker import MpiClusterResolver, is_chief_task

    if config is None:
        monkeypatch.delenv("TF_CONFIG", raising=False)
    else:
        monkeypatch.setenv("TF_CONFIG", json.dumps(config))
    assert is_chief_task(MpiClusterResolver(rank=0, size=1)) is chief


CHIEF_ONLY_SAVE = """
import sys, time
import eagerflow as tf
opts = tf.distribute.experimental.CommunicationOptions(timeout_seconds=3)
s = tf.distribute.MultiWorkerMirroredStrategy(communication_options=opts)
with s.scope():
    v = tf.Variable(1.0)
if s.should_checkpoint:
    tf.train.Checkpoint(v=v).write(sys.argv[1])
else:
    time.sleep(20)  # this worker never saves
"""


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_a_save_on_the_chief_alone_fails_with_a_clear_error(tmp_path):
    r = _run([_mpiexec(), "-n", "2", sys.executable, "-c", CHIEF_ONLY_SAVE,
              str(tmp_path / "ckpt")], timeout=60)
    assert r.returncode != 0
    assert "DeadlineExceededError" in r.stderr and "every worker must save" in r.stderr


def test_a_lone_worker_without_tf_config_resolves_as_tf_does(monkeypatch):
    # TF 2.21: MultiWorkerMirroredStrategy() with TF_CONFIG unset is a
    # CollectiveAllReduceStrategy whose TFConfigClusterResolver has no task and an empty
    # cluster; the multi-worker tutorial's chief test treats task_type None as the chief
    from eagerflow._src.distribute.multi_worker import is_chief_task

    monkeypatch.delenv("TF_CONFIG", raising=False)
    s = tf.distribute.MultiWorkerMirroredStrategy()
    r = s.cluster_resolver
    assert type(s).__name__ == "CollectiveAllReduceStrategy"
    assert type(r).__name__ == "TFConfigClusterResolver"
    assert (r.task_type, r.task_id, r.cluster_spec().as_dict(), r.rpc_layer) == \
        (None, None, {}, None)
    assert is_chief_task(r) and s.extended.should_checkpoint
