"""SavedModels a user would load, written by real TensorFlow 2.21 / Keras 3 and loaded by
eagerflow: every function and signature called, `get_concrete_function`, the signatures'
structures and pretty-printed forms, variables, gradients through saved control flow,
fine-tuning; the results must be TF's own on its load of the same files
(golden/make_user_models.py wrote both; the cases are user_model_cases.py). Where TF is
installed, eagerflow's re-save of each loaded model is loaded by TF and probed the same way.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow import keras
from tests.saved_model.user_model_cases import CASES
from tests.tf_reference import TF_ENV, TF_PYTHON

GOLDEN = Path(__file__).resolve().parent / "golden"
_RECORD = json.loads((GOLDEN / "user_models.json").read_text())
RECORDED, RESAVED = _RECORD["loaded"], _RECORD["resaved"]

# (case, probe) -> why eagerflow's result differs from TF's. Each must still differ: a fix
# shows up as a failure here, to be taken off the list.
KNOWN = {
    ("tables", "handle"): "a function returning a table's handle raises UnimplementedError "
                          "(a variable's handle is a resource tensor; a table's is its state)",
}

# the same for TF's probes of eagerflow's re-save, against TF's of its own re-save
KNOWN_RESAVE = {
    ("tables", "handle"): "a function returning a table's handle is written failing",
    ("text_export", "signatures"): "the re-saved signature captures the table's handle, not "
                                   "its constants as TF's does",
}


def compare(name: str, want: dict, got: dict, known: dict) -> list:
    """The probes of case `name` that differ from TF's, and the known differences that no
    longer do."""
    out = []
    for key in sorted(set(want) | set(got)):
        diff = differences(want.get(key), got.get(key), f"/{key}")
        if (name, key) in known:
            if not diff:
                out.append(f"/{key}: now TF's, take it off KNOWN")
        else:
            out += diff
    return out


def differences(want, got, path="") -> list:
    """Where two encoded results differ (floats to a relative 1e-5, with a hundredth to
    spare: float32 values a case rounded to 5 decimals differ by one in the fifth, and a
    float32's last bits, where what they were rounded from differs in the last bit across
    a rounding boundary)."""
    if isinstance(want, dict) and isinstance(got, dict):
        if set(want) != set(got):
            return [f"{path}: keys {sorted(want)} != {sorted(got)}"]
        return [d for k in want for d in differences(want[k], got[k], f"{path}/{k}")]
    if isinstance(want, list) and isinstance(got, list):
        if len(want) != len(got):
            return [f"{path}: {want!r} != {got!r}"]
        return [d for i, (a, b) in enumerate(zip(want, got))
                for d in differences(a, b, f"{path}[{i}]")]
    if isinstance(want, float) and isinstance(got, (int, float)) and \
            not isinstance(got, bool):
        if abs(want - got) <= 1.01e-5 * max(1.0, abs(want)):
            return []
    if want != got or type(want) is not type(got):
        return [f"{path}: TF {want!r} != ours {got!r}"]
    return []


def _load(name):
    return tf.saved_model.load(str(GOLDEN / "user_models" / name))


@pytest.mark.parametrize("name", sorted(CASES))
def test_tf_written_model_loads_as_in_tf(name):
    got = json.loads(json.dumps(CASES[name][1](tf, _load(name))))
    diff = compare(name, RECORDED[name], got, KNOWN)
    assert not diff, "\n".join(diff)


@pytest.fixture(scope="module")
def tf_probes_of_our_resaves(tmp_path_factory):
    """TF's probe results on eagerflow's re-save of each loaded model (one TF process)."""
    if not os.path.exists(TF_PYTHON):
        pytest.skip("TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
    d = tmp_path_factory.mktemp("resaved")
    items = []
    for name in sorted(CASES):
        loaded = _load(name)
        tf.saved_model.save(loaded, str(d / name))
        items.append(f"{name}={d / name}")
    proc = subprocess.run([TF_PYTHON, str(GOLDEN / "make_user_models.py"), "probe",
                           str(d / "out.json"), *items], capture_output=True, text=True,
                          env=TF_ENV, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads((d / "out.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_our_resave_of_a_loaded_model_loads_in_tf(name, tf_probes_of_our_resaves):
    diff = compare(name, RESAVED[name], tf_probes_of_our_resaves[name], KNOWN_RESAVE)
    assert not diff, "\n".join(diff)


@pytest.mark.parametrize("name", ["control", "text_export", "tables"])
def test_our_resave_loads_here_without_the_original(name, tmp_path):
    # the re-save stands alone (tables, gradient functions, vocabularies travel with it),
    # and it keeps the signatures TF's re-save keeps
    shutil.copytree(GOLDEN / "user_models" / name, tmp_path / "m")
    tf.saved_model.save(tf.saved_model.load(str(tmp_path / "m")), str(tmp_path / "again"))
    shutil.rmtree(tmp_path / "m")
    got = json.loads(json.dumps(CASES[name][1](tf, tf.saved_model.load(str(tmp_path / "again")))))
    diff = compare(name, RESAVED[name], got, {**KNOWN, ("text_export", "signatures"):
                                              KNOWN_RESAVE["text_export", "signatures"]})
    assert not diff, "\n".join(diff)


del keras
