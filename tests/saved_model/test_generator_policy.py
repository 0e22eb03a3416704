"""from_generator pipelines a SavedModel holds under an external state policy that lets
them through (IGNORE, WARN), saved as TensorFlow 2.21 writes them: TF's from_generator
nodes (a TensorDataset of 0 flat-mapped to a GeneratorDataset whose init, next and
finalize functions call Python by PyFunc token). Loaded in the saving process the
function runs (the tokens name the dataset's generator state), loaded elsewhere it fails
as TF's ("Could not find callback with key=pyfunc_0"); eagerflow loads TF's file too
(PyFunc nodes imported). A function over a dataset, variable or table no saved object
holds is refused with TF's AssertionError (eagerflow's was an ExportError, a ValueError,
for the variable and table). (Before: the policies' save raised ExportError for the
_FlatMapDataset stage, TF's file failed to load with NotFoundError for PyFunc, and the
untracked dataset was written into the function.)

golden/make_generator_policy.py recorded TF's file (golden/generator_policy/) and what
TF did with each."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model import generator_policy_cases as C
from tests.saved_model.tf_runs import ROOT, run_in_tf, saved_model_proto
from tests.tf_reference import TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "generator_policy.json").read_text())
TF_SAVED = HERE / "golden" / "generator_policy"
ELSEWHERE = ("import json, sys\nimport eagerflow as tf\n"
             "from tests.saved_model import generator_policy_cases as C\n"
             "print(json.dumps([C.run(tf, tf.saved_model.load(p)) for p in sys.argv[1:]]))\n")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Each policy's module (kept alive: its dataset holds the registered functions) and
    the folder eagerflow saved it to."""
    out = {}
    for policy in C.POLICIES:
        m = C.module(tf, policy)
        path = tmp_path_factory.mktemp(policy) / "model"
        tf.saved_model.save(m, str(path))
        out[policy] = (m, path)
    return out


@pytest.mark.parametrize("policy", C.POLICIES)
def test_generator_nodes_written_as_tf_writes_them(saved, policy):
    assert C.structure(saved_model_proto(saved[policy][1])) == GOLDEN[policy]["structure"]


@pytest.mark.parametrize("policy", C.POLICIES)
def test_runs_loaded_in_the_saving_process(saved, policy):
    m, path = saved[policy]
    assert C.run(tf, m) == GOLDEN[policy]["computed"]
    assert C.run(tf, tf.saved_model.load(str(path))) == GOLDEN[policy]["loaded here"]


def test_fails_loaded_elsewhere_as_tfs_own_file(saved):
    # eagerflow's file and TF's, loaded by a fresh eagerflow process: no token is registered
    paths = [str(saved["IGNORE"][1]), str(TF_SAVED)]
    run = subprocess.run([sys.executable, "-c", ELSEWHERE, *paths], capture_output=True,
                         text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got == [GOLDEN["IGNORE"]["loaded elsewhere"]] * 2


def test_untracked_resources_refused_as_tf_refuses_them(tmp_path):
    assert C.untracked(tf, str(tmp_path / "m")) == GOLDEN["untracked"]
    assert not list(tmp_path.glob("m_*/saved_model.pb"))


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_loads_eagerflows_file_as_its_own(saved):
    assert run_in_tf("generator_policy_cases", saved["IGNORE"][1]) == \
        GOLDEN["IGNORE"]["loaded elsewhere"]
