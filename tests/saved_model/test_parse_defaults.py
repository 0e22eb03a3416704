"""Dense features' defaults of traced parse functions, as TensorFlow 2.21 writes them:
in the parse's name scope, before its node, a required feature's empty Const ("Const"),
a default value's Const of the value as given named after the key ("key_y", "key_z_w")
reshaped to the feature's shape (Reshape of "Reshape/shape"), a FixedLenSequenceFeature's
padding a scalar Const. (Before, eagerflow wrote each as a constant of the op's input
argument: "ParseExample/ParseExampleV2/dense_defaults_0".)

golden/make_parse_defaults.py recorded TF's SavedModel of parse_defaults_cases.py's
module (golden/parse_defaults/) and what its functions compute; here eagerflow saves the
same module: its parse nodes and constants (name, op, inputs, dtype, shape) are TF's; it
runs TF's file and its own to TF's results; with TensorFlow, TF runs eagerflow's.
"""

import json
import os
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model import parse_defaults_cases as C
from tests.saved_model.tf_runs import run_in_tf, saved_model_proto
from tests.tf_reference import TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "parse_defaults.json").read_text())
TF_SAVED = HERE / "golden" / "parse_defaults"


@pytest.fixture(scope="module")
def module():
    return C.module(tf)


@pytest.fixture(scope="module")
def saved(module, tmp_path_factory):
    path = tmp_path_factory.mktemp("parse_defaults") / "model"
    tf.saved_model.save(module, str(path))
    return path


@pytest.mark.parametrize("name", C.FUNCTIONS)
def test_parse_nodes_written_as_tf_writes_them(saved, name):
    sm = saved_model_proto(saved)
    assert C.structure(sm)[name] == GOLDEN["structure"][name]


def test_eagerflow_computes_what_tf_did(module):
    assert C.run(tf, module) == GOLDEN["computed"]


def test_runs_tfs_saved_model():
    assert C.run(tf, tf.saved_model.load(str(TF_SAVED))) == GOLDEN["loaded"]


def test_loaded_back_computes_what_tf_did(saved):
    assert C.run(tf, tf.saved_model.load(str(saved))) == GOLDEN["loaded"]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_saved_model(saved):
    assert run_in_tf("parse_defaults_cases", saved) == GOLDEN["loaded"]
