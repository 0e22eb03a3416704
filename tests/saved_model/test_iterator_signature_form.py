"""tf.functions whose input_signature is a tf.data.IteratorSpec, saved as TensorFlow 2.21
saves them: the argument a resource, its spec TF's DATA_ITERATOR_SPEC, no serving
signature made of them; the loaded function takes an eager iterator (of any element
spec: IteratorGetNext refuses an element its outputs do not fit). (Before, eagerflow
refused the input_signature; then it could not encode the spec, and wrote a signature
with no input.)

golden/make_iterator_signature_form.py recorded TF's SavedModel of
iterator_signature_cases.py's module (golden/iterator_signature/) and what its functions
compute. Here eagerflow saves the same module: its signatures and arguments are TF's; it
runs TF's file and its own to TF's results; with TensorFlow, TF runs eagerflow's.
"""

import json
import os
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model import iterator_signature_cases as C
from tests.saved_model.tf_runs import run_in_tf, saved_model_proto
from tests.tf_reference import TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "iterator_signature_form.json").read_text())
TF_SAVED = HERE / "golden" / "iterator_signature"


@pytest.fixture(scope="module")
def module():
    return C.module(tf)


@pytest.fixture(scope="module")
def saved(module, tmp_path_factory):
    path = tmp_path_factory.mktemp("iterator_signature") / "model"
    tf.saved_model.save(module, str(path))
    return path


def test_written_as_tf_writes_it(saved):
    assert C.structure(saved_model_proto(saved)) == GOLDEN["structure"]


def test_eagerflow_computes_what_tf_did(module):
    assert C.run(tf, module) == GOLDEN["computed"]


def test_runs_tfs_saved_model():
    assert C.run(tf, tf.saved_model.load(str(TF_SAVED))) == GOLDEN["loaded"]


def test_loaded_back_computes_what_tf_did(saved):
    assert C.run(tf, tf.saved_model.load(str(saved))) == GOLDEN["loaded"]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_saved_model(saved):
    assert run_in_tf("iterator_signature_cases", saved) == GOLDEN["loaded"]
