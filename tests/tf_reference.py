"""Where the interop tests find real TensorFlow, and how they run it.

eagerflow never imports TensorFlow. Tests that compare with it run TensorFlow in another
interpreter: $EAGERFLOW_TF_PYTHON if set, else the `.venv-peers` that `make bench-peers`
creates. They skip when that interpreter is absent.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.golden_io import write_json

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


def record_outcomes(script: str, golden: str, outcomes: Any) -> None:
    """A recorder's main: run plainly under TF's interpreter, it runs `script` again as
    `script run` (run_program: a fresh process, TF's logs off) and writes the JSON that
    run prints last to `golden`; run as `script run`, it prints `outcomes(tf)`, TF's
    outcomes of its cases."""
    if sys.argv[1:] == ["run"]:
        import tensorflow as tf

        tf.get_logger().setLevel("ERROR")
        print(json.dumps(outcomes(tf)))
        return
    out = run_program(os.path.abspath(script), "run", cwd=_ROOT)
    write_json(golden, json.loads(out.stdout.strip().splitlines()[-1]), end="\n", indent=1)


def program_json(python: str, path: str | os.PathLike, *args: str,
                 cwd: str | os.PathLike | None = None) -> tuple[Any, str]:
    """A run of the program at `path` with `args` in interpreter `python` (TF's, when a
    recorder runs it, or eagerflow's, when a test does), as the programs beside the
    golden files they are recorded into are run: (the JSON of its last line of output,
    what it logged); RuntimeError with the end of the log when it fails."""
    proc = subprocess.run([python, str(path), *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)
    if proc.returncode:
        raise RuntimeError(proc.stderr[-3000:])
    return json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr


def program_notices(stderr: str, program: str) -> list:
    """The deprecation notices logged for the calls of `program` (its file's name) itself,
    its path and line read "From FILE" (a notice TF logs for its own internal calls names
    its own file, and is left out)."""
    out, keep = [], False
    for ln in stderr.splitlines():
        if ln.startswith(("WARNING:", "I0000", "W0000", "E0000")):
            keep = f"{program}:" in ln and "is deprecated" in ln
            ln = re.sub(rf"From .*{re.escape(program)}:\d+", "From FILE", ln)
        if keep:
            out.append(ln)
    return out


def tf_json(*args: str | os.PathLike, timeout: float = 600) -> Any:
    """TensorFlow's interpreter run with `args` (a script's path, or "-c" and its code, then
    its arguments), TF's logs quiet: the JSON of its last line of output; an
    AssertionError with the end of its log when it fails."""
    proc = subprocess.run([TF_PYTHON, *map(str, args)], capture_output=True, text=True,
                          env=TF_ENV, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run_tf_script(script: str, workdir: Path, cases_dir: Path) -> dict:
    """Run `script` in TensorFlow's interpreter as `script workdir cases_dir`, and return
    the JSON it wrote to workdir/out.json (the script puts cases_dir on its path)."""
    (workdir / "tf_script.py").write_text(script)
    proc = subprocess.run([TF_PYTHON, str(workdir / "tf_script.py"), str(workdir),
                           str(cases_dir)], capture_output=True, text=True, env=TF_ENV,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads((workdir / "out.json").read_text())


def as_cpu_run_words_it(value: Any) -> Any:
    """`value` (JSON-like results holding eager error messages) as a CPU run words them.
    With the stand-in GPU as the default device (`make test-gpu`), an op TF runs on a GPU
    is placed on GPU:0 and its eager error names that device, where the TF run that
    recorded the goldens, on the CPU, named CPU:0; the rest of the words are the same."""
    text = json.dumps(value)
    if _GPU0 not in text:
        return value
    return json.loads(text.replace(_GPU0, "/job:localhost/replica:0/task:0/device:CPU:0"))


_GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
