"""tf.io.parse_example / parse_sequence_example in a traced function, saved as TF saves it.

The functions of parse_forms_cases.py (every feature kind; TF Serving's canonical
export; a single Example; named Examples; SequenceExamples, a batch and one) were run
by TensorFlow 2.21 (golden/make_parse_forms.py), which recorded its ParseExampleV2 (or
ParseSequenceExampleV2) node of each and what it computes, and saved its SavedModel
under golden/parse_forms/. Here, without TensorFlow: eagerflow writes TF's node (its
attrs, and the constants it reads as names, keys and defaults); loads TF's SavedModel
and computes what TF did; and loads its own SavedModel back. With TensorFlow, TF loads
eagerflow's SavedModel and computes the same.
"""

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.io import tensor_proto as tp
from eagerflow._src.saved_model.protos import pb
from tests.saved_model import parse_forms_cases as C
from tests.tf_reference import TF_ENV, TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent / "golden" / "parse_forms"
GOLDEN = json.loads((HERE / "parse_forms.json").read_text())
NAMES = sorted(C.FUNCTIONS)


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """eagerflow's SavedModel of the cases' module (each function a signature too)."""
    d = tmp_path_factory.mktemp("parse_forms") / "m"
    m = C.module(tf)
    tf.saved_model.save(m, str(d), signatures={k: getattr(m, k) for k in C.FUNCTIONS})
    return d


def _functions(path: Path) -> dict:
    model = pb().SavedModel()
    model.ParseFromString((path / "saved_model.pb").read_bytes())
    return {f.signature.name: f for f in model.meta_graphs[0].graph_def.library.function}


def _const(nodes: dict, ref: str) -> dict:
    """The constant an input reads (as the recorder reads TF's: a Reshape's of a Const)."""
    n = nodes[ref.split(":")[0]]
    if n.op == "Reshape":
        shape = tp.to_ndarray(nodes[n.input[1].split(":")[0]].attr["value"].tensor)
        return {**_const(nodes, n.input[0]), "shape": [int(x) for x in shape]}
    assert n.op == "Const", n.op
    a = np.asarray(tp.to_ndarray(n.attr["value"].tensor))
    return {"dtype": tf.as_dtype(n.attr["dtype"].type).name, "shape": list(a.shape),
            "values": [x.decode() if isinstance(x, bytes) else x
                       for x in a.reshape(-1).tolist()]}


def _attr(v) -> object:
    kind = v.WhichOneof("value")
    if kind == "i":
        return v.i
    if v.list.shape:
        return [[d.size for d in s.dim] for s in v.list.shape]
    return [tf.as_dtype(t).name for t in v.list.type]


def _node(fdefs: dict, name: str) -> dict:
    fdef = next(f for k, f in fdefs.items() if k.startswith(f"__inference_{name}_")
                and "signature_wrapper" not in k)
    nodes = {n.name: n for n in fdef.node_def}
    node = next(n for n in fdef.node_def if n.op in C.PARSE_OPS)
    attrs = {k: _attr(node.attr[k]) for k in sorted(node.attr) if not k.startswith("_")}
    assert node.input[0] == fdef.signature.input_arg[0].name  # serialized: the argument
    return {"attrs": attrs, "inputs": [_const(nodes, i) for i in node.input[1:]]}


@pytest.mark.parametrize("name", NAMES)
def test_eagerflow_writes_tfs_node(saved, name):
    assert _node(_functions(saved), name) == GOLDEN["nodes"][name]


def _parse_node_names(path: Path) -> dict:
    """Each function's parse node's name (TF's name scopes: "ParseExample/ParseExampleV2",
    "ParseSingleSequenceExample/ParseSequenceExample/ParseSequenceExampleV2", ...)."""
    fdefs = _functions(path)
    out = {}
    for name in NAMES:
        fdef = next(f for k, f in fdefs.items() if k.startswith(f"__inference_{name}_")
                    and "signature_wrapper" not in k)
        out[name] = next(n.name for n in fdef.node_def if n.op in C.PARSE_OPS)
    return out


def test_parse_nodes_named_as_tfs(saved):
    assert _parse_node_names(saved) == _parse_node_names(HERE / "saved_model")


def test_the_golden_is_tfs_own_node():
    # the recorder's summary of TF's file, read again here
    fdefs = _functions(HERE / "saved_model")
    assert {n: _node(fdefs, n) for n in NAMES} == GOLDEN["nodes"]


@pytest.mark.parametrize("name", NAMES)
def test_eager_and_traced_compute_what_tf_did(name):
    m = C.module(tf)
    x = C.call_input(tf, name)
    assert C.flat(tf, C.FUNCTIONS[name][1](tf, x)) == GOLDEN["outputs"][name]
    assert C.flat(tf, getattr(m, name)(x)) == GOLDEN["outputs"][name]


@pytest.fixture(scope="module")
def tfs():
    return tf.saved_model.load(str(HERE / "saved_model"))


@pytest.fixture(scope="module")
def ours(saved):
    return tf.saved_model.load(str(saved))


@pytest.mark.parametrize("name", NAMES)
def test_tfs_saved_model_runs_here(tfs, name):
    m = tfs
    x = C.call_input(tf, name)
    assert C.flat(tf, getattr(m, name)(x)) == GOLDEN["outputs"][name]
    # its signature: the same results (composite ones too, as TF 2.21's loader gives them)
    assert C.flat(tf, m.signatures[name](x)) == GOLDEN["outputs"][name]


@pytest.mark.parametrize("name", NAMES)
def test_eagerflow_saved_model_round_trips(ours, name):
    m = ours
    x = C.call_input(tf, name)
    assert C.flat(tf, getattr(m, name)(x)) == GOLDEN["outputs"][name]
    assert C.flat(tf, m.signatures[name](x)) == GOLDEN["outputs"][name]


TF_LOAD = r'''
import json, sys
import tensorflow as tf
sys.path.insert(0, sys.argv[2])
from tests.saved_model import parse_forms_cases as C
m = tf.saved_model.load(sys.argv[1])
print(json.dumps({n: C.flat(tf, getattr(m, n)(C.call_input(tf, n))) for n in C.FUNCTIONS}))
'''


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_loads_eagerflows_saved_model(saved):
    root = str(Path(__file__).resolve().parents[2])
    out = subprocess.run([TF_PYTHON, "-c", TF_LOAD, str(saved), root], env=TF_ENV,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == GOLDEN["outputs"]


def test_raw_ops_compute_what_tf_did():
    # TF's ops with TF's arguments (tf.raw_ops), a batch and one proto each
    assert C.raw_calls(tf) == GOLDEN["raw"]


@pytest.fixture(scope="module")
def keras_saved(tmp_path_factory):
    d = tmp_path_factory.mktemp("parse_keras")
    C.keras_exports(tf, tf.keras, str(d / "saved"), str(d / "archived"))
    return str(d / "saved"), str(d / "archived")


def _keras_want() -> list:
    # y = x0 + x1 of each Example's x (the serving function's outputs are 2 x)
    x = np.reshape(GOLDEN["outputs"]["serving"]["x"]["value"], (-1, 2)) / 2
    return [[float(v)] for v in x.sum(axis=1)]


def test_keras_serving_functions_that_parse_round_trip(keras_saved):
    got = C.keras_results(tf, *keras_saved)
    assert got == {"signature": _keras_want(), "endpoint": _keras_want()}
    for path in keras_saved:  # written as TF's node
        assert "ParseExampleV2" in {n.op for f in _functions(Path(path)).values()
                                    for n in f.node_def}


TF_KERAS = r'''
import json, sys
import tensorflow as tf
sys.path.insert(0, sys.argv[3])
from tests.saved_model import parse_forms_cases as C
print(json.dumps(C.keras_results(tf, sys.argv[1], sys.argv[2])))
'''


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_keras_serving_functions(keras_saved):
    root = str(Path(__file__).resolve().parents[2])
    out = subprocess.run([TF_PYTHON, "-c", TF_KERAS, *keras_saved, root], env=TF_ENV,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {
        "signature": _keras_want(), "endpoint": _keras_want()}
