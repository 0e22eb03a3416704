"""tf.data functions capturing tensors, saved as TensorFlow 2.21 writes them: each
function (map, filter, reduce, flat_map, interleave, scan, take_while, group_by_window's
three, a parallel map) takes the element's components, then what its trace captured, in
the order captured: the enclosing function's tensors, the variables' handles and the eager
tensors it read (a small one by a Const, no user-specified name; a large one by a
placeholder), which the dataset node passes as its `other_arguments`. The enclosing
function captures those eager tensors and handles in turn, named after that input
("MapDataset/other_arguments_2": "mapdataset_other_arguments_2"), and the SavedModel binds
them to constants and the variable. (Before, eagerflow wrote the eager tensors as
constants of the dataset functions' bodies.)

golden/make_dataset_captures_form.py recorded TF's SavedModel of dataset_captures_cases.py's
module (golden/dataset_captures/) and what its functions compute. Here eagerflow saves the
same module: its functions' arguments, dataset nodes, library functions and bound objects
are TF's; it runs TF's file and its own to TF's results; with TensorFlow, TF runs
eagerflow's.
"""

import json
import os
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model import dataset_captures_cases as C
from tests.saved_model.tf_runs import run_in_tf, saved_model_proto
from tests.tf_reference import TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "dataset_captures_form.json").read_text())
TF_SAVED = HERE / "golden" / "dataset_captures"


@pytest.fixture(scope="module")
def module():
    return C.module(tf)


@pytest.fixture(scope="module")
def saved(module, tmp_path_factory):
    path = tmp_path_factory.mktemp("captures") / "model"
    tf.saved_model.save(module, str(path))
    return path


@pytest.fixture(scope="module")
def structure(saved):
    sm = saved_model_proto(saved)
    return C.structure(sm)


@pytest.mark.parametrize("name", sorted(C.NODES))
def test_function_written_as_tf_writes_it(structure, name):
    want = GOLDEN["structure"][name]
    got = structure[name]
    assert got["args"] == want["args"]
    for op in C.NODES[name]:
        assert got["nodes"][op] == want["nodes"][op], op
    assert got["bound"] == want["bound"]


def test_eagerflow_computes_what_tf_did(module):
    assert C.run(tf, module) == GOLDEN["computed"]


def test_runs_tfs_saved_model():
    assert C.run(tf, tf.saved_model.load(str(TF_SAVED))) == GOLDEN["loaded"]


def test_loaded_back_computes_what_tf_did(saved):
    assert C.run(tf, tf.saved_model.load(str(saved))) == GOLDEN["loaded"]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_saved_model(saved):
    assert run_in_tf("dataset_captures_cases", saved) == GOLDEN["loaded"]
