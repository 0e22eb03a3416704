"""Where the interop tests find real TensorFlow, and how they run it.

eagerflow never imports TensorFlow. Tests that compare with it run TensorFlow in another
interpreter: $EAGERFLOW_TF_PYTHON if set, else the `.venv-peers` that `make bench-peers`
creates. They skip when that interpreter is absent.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent

TF_PYTHON = os.environ.get("EAGERFLOW_TF_PYTHON") or str(_ROOT / ".venv-peers" / "bin" / "python")
HAVE_TF_PYTHON = os.path.exists(TF_PYTHON)

# oneDNN kernels word some errors differently from TF's reference kernels (and their
# messages are what tf_parity_exprs.txt and tf_nn_cases.py were checked against).
QUIET_TF = {"TF_CPP_MIN_LOG_LEVEL": "3", "TF_ENABLE_ONEDNN_OPTS": "0"}
TF_ENV = {**os.environ, **QUIET_TF, "CUDA_VISIBLE_DEVICES": ""}


def run_program(path: str | os.PathLike, *args: str, text: bool = True,
                cwd: str | os.PathLike | None = None, env: dict | None = None,
                timeout: float | None = None) -> subprocess.CompletedProcess:
    """A recorder's run of the program at `path` with `args` (its "tf" or "ef"): in the
    recorder's own interpreter (TF's), TF's C++ log lines and oneDNN off, its output
    captured (`text`: decoded); CalledProcessError when it fails. `env` adds variables."""
    return subprocess.run([sys.executable, str(path), *args], capture_output=True, text=text,
                          cwd=cwd, env={**os.environ, **(env or {}), **QUIET_TF}, check=True,
                          timeout=timeout)


def run_tf_script(script: str, workdir: Path, cases_dir: Path) -> dict:
    """Run `script` in TensorFlow's interpreter as `script workdir cases_dir`, and return
    the JSON it wrote to workdir/out.json (the script puts cases_dir on its path)."""
    (workdir / "tf_script.py").write_text(script)
    proc = subprocess.run([TF_PYTHON, str(workdir / "tf_script.py"), str(workdir),
                           str(cases_dir)], capture_output=True, text=True, env=TF_ENV,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads((workdir / "out.json").read_text())
