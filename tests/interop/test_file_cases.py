"""The whole-model files of file_cases.py and file_cases_more.py (`.keras`, legacy `.h5`,
`.weights.h5`, SavedModels by tf.saved_model.save, model.export and ExportArchive,
tf.train.Checkpoint and CheckpointManager folders and their readers, tf.data iterators'
checkpoints (TF's serialized form), keras.layers.TFSMLayer, files that do not load),
against TensorFlow 2.21 / Keras 3.15: eagerflow writing each case's files and reading
them back must give what TF gives reading its own (recorded in golden/file_cases.json by
`file_cases_tf.py --record`); where TF is installed, TF reads eagerflow's files and
eagerflow reads TF's, each to the same result, KNOWN differences apart."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow import keras
from tests.interop import file_cases as C
from tests.saved_model.test_user_models import differences
from tests.tf_reference import TF_ENV, TF_PYTHON

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RECORDED = json.loads((HERE / "golden" / "file_cases.json").read_text())
NAMES = sorted(C.all_cases())


# (case, probe) -> (the directions it differs in: "own" where eagerflow reads its own
# files, "ours" where it reads TF's, "theirs" where TF reads eagerflow's; why). Each must
# still differ: a fix shows up as a failure here, to be taken off the list.
KNOWN = {
    ("lambda_keras", "unsafe"): (
        {"own", "ours"}, "eagerflow never runs Python bytecode read from a file: a Lambda "
                         "layer's marshalled lambda stays refused with safe_mode=False (its "
                         "own ValueError; TF runs it)"),
}


def _diff(name: str, want: dict, got: dict, direction: str) -> list:
    """Where `got` differs from TF's `want`, KNOWN probes of this `direction` apart, and
    those no longer differing."""
    out = []
    for key in sorted(set(want) | set(got)):
        diff = differences(want.get(key), got.get(key), f"/{key}")
        if direction in KNOWN.get((name, key), ((),))[0]:
            out += [] if diff else [f"/{key}: now TF's, take it off KNOWN"]
        else:
            out += diff
    return out


def _check(name: str, got: dict) -> None:
    diff = _diff(name, RECORDED[name], got, "own")
    assert not diff, "\n".join(diff[:20])


@pytest.mark.parametrize("name", NAMES)
def test_our_files_read_back_as_tensorflows_own(name, tmp_path):
    assert C.run_case(tf, keras, name, str(tmp_path), write=True) == {}
    _check(name, C.run_case(tf, keras, name, str(tmp_path), write=False))


@pytest.fixture(scope="module")
def tf_run(tmp_path_factory):
    """eagerflow's files of every case, then TF's run over them (TF writes its own too)."""
    if not os.path.exists(TF_PYTHON):
        pytest.skip("TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
    work = tmp_path_factory.mktemp("file_cases")
    for name in NAMES:
        C.run_case(tf, keras, name, str(work / "ef" / name), write=True)
    proc = subprocess.run([TF_PYTHON, str(HERE / "file_cases_tf.py"), str(work)],
                          capture_output=True, text=True, env=TF_ENV, cwd=ROOT, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return work, json.loads((work / "tf_out.json").read_text())


@pytest.mark.parametrize("name", NAMES)
def test_tensorflow_reads_our_files_as_its_own(tf_run, name):
    _, out = tf_run
    assert out["tf_write"][name] == {}
    diff = _diff(name, out["tf_on_tf"][name], out["tf_on_ef"][name], "theirs")
    assert not diff, "\n".join(diff[:20])


@pytest.mark.parametrize("name", NAMES)
def test_we_read_tensorflows_files_as_it_does(tf_run, name):
    work, out = tf_run
    got = C.run_case(tf, keras, name, str(work / "tf" / name), write=False)
    diff = _diff(name, out["tf_on_tf"][name], got, "ours")
    assert not diff, "\n".join(diff[:20])
