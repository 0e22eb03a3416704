"""Pipelines whose stages take eager counts or read variables, saved as TensorFlow 2.21
writes them: an eager count is captured as the function's argument named after the
stage's input ("count", bound to a constant), in a flat_map function too (its argument,
which the FlatMapDataset passes as its other_arguments); a stage passing its function a
variable is ordered after that variable's last stage, and the ReduceDataset after the last
stage of each variable its pipeline takes. (Before, eagerflow wrote the eager counts as
constants, and ordered the ReduceDataset after the last RangeDataset.)

golden/make_dataset_order.py recorded TF's SavedModel of dataset_order_cases.py's module
(golden/dataset_order/) and what its functions compute. Here eagerflow saves the same
module: its functions' arguments, dataset nodes (control inputs too), library functions'
arguments and bound objects are TF's; it runs TF's file and its own to TF's results; with
TensorFlow, TF runs eagerflow's.
"""

import json
import os
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model import dataset_order_cases as C
from tests.saved_model.tf_runs import run_in_tf, saved_model_proto
from tests.tf_reference import TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "dataset_order.json").read_text())
TF_SAVED = HERE / "golden" / "dataset_order"


@pytest.fixture(scope="module")
def module():
    return C.module(tf)


@pytest.fixture(scope="module")
def saved(module, tmp_path_factory):
    path = tmp_path_factory.mktemp("order") / "model"
    tf.saved_model.save(module, str(path))
    return path


@pytest.fixture(scope="module")
def structure(saved):
    sm = saved_model_proto(saved)
    return C.structure(sm)


@pytest.mark.parametrize("name", C.FUNCTIONS)
def test_function_written_as_tf_writes_it(structure, name):
    assert structure[name] == GOLDEN["structure"][name]


def test_eagerflow_computes_what_tf_did(module):
    assert C.run(tf, module) == GOLDEN["computed"]


def test_runs_tfs_saved_model():
    assert C.run(tf, tf.saved_model.load(str(TF_SAVED))) == GOLDEN["loaded"]


def test_loaded_back_computes_what_tf_did(saved):
    assert C.run(tf, tf.saved_model.load(str(saved))) == GOLDEN["loaded"]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_saved_model(saved):
    assert run_in_tf("dataset_order_cases", saved) == GOLDEN["loaded"]
