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
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model import parse_names_cases as C
from tests.saved_model.tf_runs import run_in_tf, saved_model_proto
from tests.tf_reference import TF_PYTHON

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
    sm = saved_model_proto(saved)
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
    assert run_in_tf("parse_names_cases", saved) == GOLDEN["loaded"]
