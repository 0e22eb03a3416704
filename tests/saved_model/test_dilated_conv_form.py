"""A saved Keras model of dilated convolutions whose function takes images of any size
(dilated_conv_form_cases.py): eagerflow writes TF 2.21's form of each dilated convolution
(golden/dilated_conv_form.json, recorded by golden/make_dilated_conv_form.py: the counts of
SpaceToBatchND, BatchToSpaceND, the undilated ops and the paddings' ops computed from
tf.shape), computes TF's values before and after loading, and TF, loading eagerflow's
file, computes them too."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.saved_model import dilated_conv_form_cases as C
from tests.saved_model.tf_runs import run_in_tf, saved_model_proto
from tests.tf_reference import HAVE_TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

GOLDEN = json.loads((Path(__file__).parent / "golden" / "dilated_conv_form.json").read_text())


@pytest.fixture(scope="module")
def module():
    return C.module(tf)


@pytest.fixture(scope="module")
def saved(module, tmp_path_factory):
    path = tmp_path_factory.mktemp("dilated") / "model"
    tf.saved_model.save(module, str(path))
    return path


def assert_close(got, want):
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(np.array(g), np.array(w), rtol=1e-5, atol=1e-6)


def test_saved_function_holds_tfs_dilated_forms(saved):
    assert C.op_counts(saved_model_proto(saved)) == GOLDEN["op_counts"]


def test_computes_what_tf_did(module, saved):
    assert_close(C.run(tf, module), GOLDEN["computed"])
    assert_close(C.run(tf, tf.saved_model.load(str(saved))), GOLDEN["loaded"])


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_file(saved):
    assert_close(run_in_tf("dilated_conv_form_cases", saved), GOLDEN["loaded"])
