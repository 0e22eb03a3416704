"""The call, control-flow and py_func nodes of eagerflow's saved functions carry TF's ops
and underscore attrs (golden/make_node_attrs.py recorded TF 2.21's for each program of
node_attr_cases.py): numpy_function(stateful=False) is a PyFuncStateless node, called by
a PartitionedCall; calls, Ifs, Cases and Whiles list the resource inputs their functions
only read (_read_only_resource_inputs); a tf.function(jit_compile=...)'s FunctionDef and
its calls say whether XLA must compile it (_XlaMustCompile; _noinline where it must), and
control flow traced within one propagates XLA's compile-time constants rather than being
lowered to Switch/Merge; saved again once loaded, its functions keep those XLA attrs;
calls carry TF's config_proto and _collective_manager_ids."""

import json
import os
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb
from tests.saved_model import node_attr_cases as C
from tests.saved_model.tf_runs import run_in_tf
from tests.tf_reference import TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" / "node_attrs.json")
                    .read_text())


@pytest.mark.parametrize("name", C.NAMES)
def test_nodes_carry_tfs_ops_and_attrs(tmp_path, name):
    tf.saved_model.save(C.build(tf, np, name), str(tmp_path))
    got = C.summary(str(tmp_path / "saved_model.pb"), pb().SavedModel)
    assert json.loads(json.dumps(got)) == GOLDEN[name]


@pytest.mark.parametrize("name", C.RESAVED)
def test_resaved_functions_keep_their_xla_attrs(tmp_path, name):
    tf.saved_model.save(C.build(tf, np, name), str(tmp_path / "first"))
    tf.saved_model.save(tf.saved_model.load(str(tmp_path / "first")), str(tmp_path / "again"))
    got = C.xla_summary(str(tmp_path / "again" / "saved_model.pb"), pb().SavedModel)
    assert json.loads(json.dumps(got)) == GOLDEN[f"resaved_{name}"]


@pytest.mark.parametrize("name", C.LOOPS)
def test_loops_taking_tensors_and_variables_run_loaded(tmp_path, name):
    m = C.build(tf, np, name)
    want = float(m.f(tf.constant(0.5)).numpy())
    tf.saved_model.save(m, str(tmp_path))
    assert C.run(tf, tf.saved_model.load(str(tmp_path))) == want
    if os.path.exists(TF_PYTHON):  # (and TF runs the While as its inputs are ordered)
        assert run_in_tf("node_attr_cases", tmp_path) == want


def _sin(a: np.ndarray) -> np.ndarray:
    return np.sin(a)  # (a function the py_func registry holds weakly, as TF's: np.sin is not)


def test_stateless_numpy_function_runs_and_loads(tmp_path):
    m = tf.Module()
    m.f = tf.function(lambda x: tf.numpy_function(_sin, [x], tf.float32, stateful=False))
    x = tf.constant([0.5, 1.0])
    np.testing.assert_allclose(m.f(x).numpy(), np.sin([0.5, 1.0]), rtol=1e-6)
    tf.saved_model.save(m, str(tmp_path))
    np.testing.assert_allclose(tf.saved_model.load(str(tmp_path)).f(x).numpy(),
                               np.sin([0.5, 1.0]), rtol=1e-6)
