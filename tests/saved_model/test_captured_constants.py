"""Functions that capture eager tensors, saved and loaded as TF 2.21 does it: each captured
tensor (a small one TF captures with a Const, a large one with a placeholder) is an extra
input of the function's FunctionDef, named after the capture, bound to an object-graph
node of kind `constant` whose Const node is in the main graph (golden/make_captured_
constants.py records TF's files and what its load shows).

- TF's file loaded by eagerflow lists the variable's handle and both constants in
  `captured_inputs`, its graph taking them by placeholders named after the arguments;
- eagerflow's file holds what TF's does (object kinds, children and dependencies, bound
  inputs, argument names, dtypes and user-specified names, Const nodes, the signature
  call's inputs), and loaded by eagerflow lists its captures as TF's load does;
- TF loads eagerflow's file the same way (where TF's interpreter is installed).
"""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.io import bundle_protos as protos
from eagerflow._src.saved_model.protos import pb
from tests.saved_model.captured_constants_cases import CASES, build, probe, probes, save, structure
from tests.tf_reference import HAVE_TF_PYTHON, tf_json

GOLDEN = Path(__file__).resolve().parent / "golden"
STRUCTURE = json.loads((GOLDEN / "captured_constants_structure.json").read_text())


def _structure(path: Path) -> dict:
    sm = pb().SavedModel()
    sm.ParseFromString((path / "saved_model.pb").read_bytes())
    return structure(sm)


def test_tf_saved_captured_constants_load_as_tf_lists_them():
    want = json.loads((GOLDEN / "captured_constants.json").read_text())
    got = probe(tf, tf.saved_model.load(str(GOLDEN / "tf_captured_constants")))
    assert got == want


def test_eagerflow_saved_captured_constants_load_as_tf_lists_them(tmp_path):
    m = build(tf)
    tf.saved_model.save(m, str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    x = tf.constant([1.0, 1.0])
    np.testing.assert_allclose(loaded.f(x).numpy(), m.f(x).numpy())
    # the variable's handle, then the small and the large constant: bound inputs, as TF's
    assert probe(tf, loaded) == json.loads((GOLDEN / "captured_constants.json").read_text())
    assert loaded.f.concrete_functions[0].captured_inputs[1] is \
        loaded.signatures["serving_default"].captured_inputs[1]


@pytest.mark.parametrize("name", sorted(CASES))
def test_saved_model_holds_the_constants_as_tf_writes_them(tmp_path, name):
    save(tf, name, tmp_path / name)
    got = _structure(tmp_path / name)
    want = STRUCTURE[name]["structure"]
    for key in ("nodes", "functions", "constants", "signature_calls"):
        assert got[key] == want[key], key


@pytest.mark.parametrize("name", sorted(CASES))
def test_loaded_functions_list_their_captures_as_tfs(tmp_path, name):
    save(tf, name, tmp_path / name)
    assert probes(tf, tf.saved_model.load(str(tmp_path / name))) == STRUCTURE[name]["probes"]


def test_checkpoint_object_graph_holds_the_constants(tmp_path):
    # (TF's checkpoint lists them as nodes without values, node for node with the
    # SavedObjectGraph)
    save(tf, "build", tmp_path / "m")
    reader = tf.train.load_checkpoint(str(tmp_path / "m" / "variables" / "variables"))
    graph = protos.TrackableObjectGraph()
    graph.ParseFromString(reader.get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH"))
    nodes = STRUCTURE["build"]["structure"]["nodes"]
    assert [[[c.node_id, c.local_name] for c in n.children] for n in graph.nodes] == \
        [n["children"] for n in nodes]
    assert [bool(n.attributes) for n in graph.nodes] == [n["kind"] == "variable" for n in nodes]


def test_saved_again_after_loading_keeps_the_constants(tmp_path):
    save(tf, "build_nested", tmp_path / "a")
    tf.saved_model.save(tf.saved_model.load(str(tmp_path / "a")), str(tmp_path / "b"))
    again = tf.saved_model.load(str(tmp_path / "b"))
    want = STRUCTURE["build_nested"]["probes"]
    for fn in ("f", "g"):
        got = probe(tf, again, fn)
        assert got["captured_inputs"] == want[fn]["captured_inputs"]
        assert got["call"] == want[fn]["call"]


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_loads_eagerflows_constants_as_its_own(tmp_path):
    for name in CASES:
        save(tf, name, tmp_path / name)
    got = tf_json(GOLDEN / "make_captured_constants.py", "--load", tmp_path)
    assert got == {name: STRUCTURE[name]["probes"] for name in CASES}
