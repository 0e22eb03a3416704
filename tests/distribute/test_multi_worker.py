"""MultiWorkerMirroredStrategy under `mpiexec -n 2`: same weights as the other strategies,
and a failing worker ends the job with an error instead of a hang. Skipped without MPI."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

SCRIPT = Path(__file__).with_name("mwms_train.py")
ROOT = Path(__file__).resolve().parents[2]


def _mpi_available() -> bool:
    try:
        import mpi4py  # noqa: F401
    except ImportError:
        return False
    return _mpiexec() is not None


def _mpiexec():
    here = Path(sys.executable).parent / "mpiexec"
    return str(here) if here.exists() else shutil.which("mpiexec")


def _run(args, timeout=120):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env)


def _weights(out: str) -> list:
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert len(lines) == 1, out
    return lines[0]


def test_default_and_mirrored_agree():
    a = _weights(_run([sys.executable, str(SCRIPT), "default"]).stdout)
    b = _weights(_run([sys.executable, str(SCRIPT), "mirrored"]).stdout)
    assert b["replicas"] == 2
    np.testing.assert_allclose(a["w"], b["w"], rtol=1e-6)


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_mwms_two_workers_matches_mirrored():
    r = _run([_mpiexec(), "-n", "2", sys.executable, str(SCRIPT), "mwms", "60"])
    assert r.returncode == 0, r.stderr
    got = _weights(r.stdout)
    assert got["replicas"] == 2
    want = _weights(_run([sys.executable, str(SCRIPT), "mirrored"]).stdout)
    np.testing.assert_allclose(got["w"], want["w"], rtol=1e-6)


@pytest.mark.skipif(not _mpi_available(), reason="mpi4py / mpiexec not installed")
def test_worker_failure_ends_every_worker():
    r = _run([_mpiexec(), "-n", "2", sys.executable, str(SCRIPT), "mwms", "20", "fail"],
             timeout=90)
    assert r.returncode != 0
    assert "worker 1 fails on purpose" in r.stderr
