"""benchmarks/gpu_check.sh, the one command a session with a GPU runs: its arguments, and
its stand-in path end to end (what the GPU run does, on the strict stand-in, at small
sizes), writing its logs and summary where it is told."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "gpu_check.sh"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def _run(*args, out=None, timeout=300):
    env = {k: v for k, v in os.environ.items() if k != "OUT"}
    return subprocess.run(["bash", str(SCRIPT), *args] +
                          (["--out", str(out)] if out is not None else []),
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def test_help_names_every_step():
    r = _run("--help")
    assert r.returncode == 0, r.stderr
    for step in ("env", "kernels", "backend", "suites", "bench", "overhead", "reduce", "devtime",
                 "full", "--standin", "--fetch-wheels", "--budget"):
        assert step in r.stdout, step


@pytest.mark.parametrize("args, message", [
    (["--nope"], "unknown argument '--nope'"),
    (["--steps", "env,gpus"], "unknown step 'gpus'"),
    (["--budget", "ten"], "--budget takes whole seconds, not 'ten'"),
    (["--jobs", "x1"], "--jobs takes a number, not 'x1'"),
    (["--jobs", "-1"], "--jobs needs a number"),
    (["--steps"], "--steps needs a list"),
])
def test_bad_arguments_are_refused_before_anything_runs(tmp_path, args, message):
    r = _run(*args, out=tmp_path / "out")
    assert r.returncode == 2 and message in r.stderr, r.stderr
    assert not (tmp_path / "out").exists()


def test_the_standin_path_runs_end_to_end(tmp_path):
    out = tmp_path / "out"
    r = _run("--standin", "--quick", "--jobs", "1", "--python", sys.executable,
             "--steps", "env,kernels,backend,overhead", out=out)
    assert r.returncode == 0, r.stdout + r.stderr
    summary = (out / "summary.txt").read_text().splitlines()
    assert summary[1].startswith("mode: stand-in GPU, quick; steps: env kernels backend overhead")
    status = {ln.split()[0]: ln.split()[1] for ln in summary[2:] if ln[:1] not in (" ", "")
              and not ln.startswith("total")}
    assert status == {"env": "passed", "kernels": "skipped", "backend": "passed",
                      "overhead": "passed"}
    assert summary[-1].endswith("every step passed")
    env = (out / "env.log").read_text()
    assert "tf.constant(...).device: /job:localhost/replica:0/task:0/device:GPU:0" in env
    assert "CUDA_VISIBLE_DEVICES=-1: cupy imported: False" in env
    assert " passed" in (out / "backend.log").read_text()
    assert any(ln.startswith("    device /job:localhost/replica:0/task:0/device:GPU:0, 200 ops")
               for ln in summary)


def test_a_step_out_of_budget_is_skipped_and_fails_the_run(tmp_path):
    out = tmp_path / "out"
    r = _run("--standin", "--quick", "--python", sys.executable, "--steps", "overhead",
             "--budget", "5", out=out)
    assert r.returncode == 1
    summary = (out / "summary.txt").read_text()
    assert "overhead  skipped" in summary and "no time left in the budget" in summary


def test_without_a_gpu_the_real_run_says_so(tmp_path):
    """(Skipped where CuPy sees a GPU: there the step passes.)"""
    out = tmp_path / "out"
    r = _run("--python", sys.executable, "--steps", "env", out=out)
    if r.returncode == 0:
        pytest.skip("this machine has a GPU")
    assert r.returncode == 1
    assert "no GPU seen by eagerflow" in (out / "env.log").read_text()
    assert "env       failed" in (out / "summary.txt").read_text()


def test_a_step_run_alone_has_the_whole_budget(tmp_path):
    """(A step's share, `launch`'s 40 s, is for a run of several: alone, `backend` needs
    about 300 s on an H200.)"""
    out = tmp_path / "out"
    r = _run("--standin", "--quick", "--python", sys.executable, "--steps", "launch",
             "--budget", "90", out=out)
    assert r.returncode == 0, (out / "summary.txt").read_text()
    head = (out / "launch.log").read_text().splitlines()[0]
    assert int(re.search(r"at most (\d+)s", head).group(1)) > 80, head
