"""tf.functions reading optionals, saved as TensorFlow 2.21 writes them: an iterator's
get_next_as_optional() is an IteratorGetNextAsOptional node (TF's output_types and
output_shapes) whose variant OptionalHasValue and OptionalGetValue nodes read, in the
function, a cond's branch or a while loop's body; Optional.from_value and
Optional.empty are OptionalFromValue and OptionalNone. OptionalGetValue of an empty
optional fails when the function runs, in TF's file as in eagerflow's. (Before, eagerflow
wrote an If whose else branch gave zeros.)

golden/make_optional_form.py recorded TF's SavedModel of optional_cases.py's module
(golden/optional/) and what its functions compute. Here eagerflow saves the same module:
its optional nodes are TF's; it runs TF's file and its own to TF's results; with
TensorFlow, TF runs eagerflow's.
"""

import json
import os
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model import optional_cases as C
from tests.saved_model.tf_runs import run_in_tf, saved_model_proto
from tests.tf_reference import TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "optional_form.json").read_text())
TF_SAVED = HERE / "golden" / "optional"


@pytest.fixture(scope="module")
def module():
    return C.module(tf)


@pytest.fixture(scope="module")
def saved(module, tmp_path_factory):
    path = tmp_path_factory.mktemp("optional") / "model"
    tf.saved_model.save(module, str(path))
    return path


@pytest.mark.parametrize("name", C.NAMES)
def test_optional_nodes_written_as_tf_writes_them(saved, name):
    assert C.structure(saved_model_proto(saved))[name] == GOLDEN["structure"][name]


def test_eagerflow_computes_what_tf_did(module):
    assert C.run(tf, module) == GOLDEN["computed"]


def test_runs_tfs_saved_model():
    assert C.run(tf, tf.saved_model.load(str(TF_SAVED))) == GOLDEN["loaded"]


def test_loaded_back_computes_what_tf_did(saved):
    assert C.run(tf, tf.saved_model.load(str(saved))) == GOLDEN["loaded"]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_saved_model(saved):
    assert run_in_tf("optional_cases", saved) == GOLDEN["loaded"]
