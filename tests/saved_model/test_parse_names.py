"""tf.io.parse_example / parse_sequence_example (and their single forms) of Examples named
by a tensor of the traced function: the names are the parse node's `names` (or
`debug_name`) input, not constants fixed when traced (eagerflow refused them before:
"'SymbolicTensor' object has no attribute 'numpy'"), and the node is under TF's name
scopes ("ParseExample/ParseExampleV2", "ParseSingleSequenceExample/ParseSequenceExample/
ParseSequenceExampleV2").

golden/make_parse_names.py recorded TF 2.21's SavedModel of parse_names_cases.py's module
(golden/parse_names/), its parse nodes and what its functions return and refuse (a value
count error naming the Example, names of another count). Here eagerflow writes TF's nodes,
computes and refuses as TF did, runs TF's file and its own; with TensorFlow, TF runs
eagerflow's.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb
from tests.saved_model import parse_names_cases as C
from tests.tf_reference import TF_ENV, TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "parse_names.json").read_text())
TF_SAVED = HERE / "golden" / "parse_names"


@pytest.fixture(scope="module")
def module():
    return C.module(tf)


@pytest.fixture(scope="module")
def saved(module, tmp_path_factory):
    path = tmp_path_factory.mktemp("parse_names") / "model"
    tf.saved_model.save(module, str(path))
    return path


def test_parse_nodes_written_as_tf_writes_them(saved):
    sm = pb().SavedModel()
    sm.ParseFromString((saved / "saved_model.pb").read_bytes())
    assert C.structure(sm) == GOLDEN["structure"]


def test_eagerflow_computes_and_refuses_what_tf_did(module):
    assert C.run(tf, module) == GOLDEN["computed"]


def test_runs_tfs_saved_model():
    assert C.run(tf, tf.saved_model.load(str(TF_SAVED))) == GOLDEN["loaded"]


def test_loaded_back_computes_what_tf_did(saved):
    assert C.run(tf, tf.saved_model.load(str(saved))) == GOLDEN["loaded"]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_saved_model(saved):
    root = str(HERE.parents[1])
    script = (
        "import json, sys\nimport tensorflow as tf\nsys.path.insert(0, sys.argv[1])\n"
        "from tests.saved_model import parse_names_cases as C\n"
        "print(json.dumps(C.run(tf, tf.saved_model.load(sys.argv[2]))))\n")
    run = subprocess.run([TF_PYTHON, "-c", script, root, str(saved)],
                         env=TF_ENV, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.strip().splitlines()[-1]) == GOLDEN["loaded"]
