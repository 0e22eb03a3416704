"""The "Distributed training with DTensors" tutorial (dtensor_tutorial_cases.py) against
TF 2.21's recorded run: the data- and model-parallel MLPs' initial weights (sharded
stateless draws), repacked batches, every step's loss and accuracy over two epochs, the
trained weights, the checkpoint's keys and its restore; and tf.train.Checkpoint of
DVariables across the two libraries (TF restores ours, we restore TF's: skipped without
TF)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GOLDEN = json.loads((HERE / "dtensor_tutorial_golden.json").read_text())["tutorial"]


def _run(code: str, python: str = sys.executable, env: dict | None = None) -> Any:
    env = {**(env or os.environ), "PYTHONPATH": os.pathsep.join([str(ROOT), str(HERE)]),
           "CUDA_VISIBLE_DEVICES": "", "EAGERFLOW_STANDIN_GPUS": ""}
    r = subprocess.run([python, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                       env=env, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def _close(got: Any, want: Any, where: str = "") -> None:
    """Equal structures; floats to float32's few last bits (sums in another order)."""
    if isinstance(want, float):
        assert math.isclose(got, want, rel_tol=2e-5, abs_tol=2e-5), (where, got, want)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (where, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{where}[{i}]")
    elif isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), (where, got, want)
        for k in want:
            _close(got[k], want[k], f"{where}.{k}")
    else:
        assert got == want, (where, got, want)


@pytest.fixture(scope="module")
def tutorial() -> dict:
    return _run("""
        import json
        import eagerflow as tf
        import dtensor_tutorial_cases as cases
        cases.setup(tf)
        print(json.dumps(cases.run(tf)))
    """)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_tutorial_as_tf(tutorial: dict, label: str) -> None:
    _close(tutorial[label], GOLDEN[label], label)


def test_model_parallel_trains_as_data_parallel() -> None:
    # (the same model sharded two ways: TF's losses differ only by the sharded draws)
    assert GOLDEN["model initial"] != GOLDEN["data initial"]
    assert GOLDEN["model 1 3"]["loss"][1] < GOLDEN["model 0 0"]["loss"][1]


def _half(python: str, which: str, name: str, directory: str, env: dict | None = None) -> dict:
    return _run(f"""
        import json
        import os
        {"os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'" if python != sys.executable else ""}
        {"import tensorflow as tf" if python != sys.executable else "import eagerflow as tf"}
        import dtensor_tutorial_cases as cases
        cases.setup(tf)
        print(json.dumps(cases.{which}(tf, {name!r}, {directory!r})))
    """, python, env)


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow's interpreter is absent")
@pytest.mark.parametrize("name", ["model"])  # (the sharded one; data-parallel saves alike)
def test_checkpoints_of_dvariables_cross_libraries(tmp_path: Path, name: str) -> None:
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    saved = _half(sys.executable, "save", name, str(ours))
    _close(_half(TF_PYTHON, "restore", name, str(ours), TF_ENV), saved, "TF restores ours")
    saved = _half(TF_PYTHON, "save", name, str(theirs), TF_ENV)
    _close(_half(sys.executable, "restore", name, str(theirs)), saved, "we restore TF's")
