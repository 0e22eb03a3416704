"""tf.data ops whose func attributes take further arguments, saved as TensorFlow writes
them: IndexFlatMapDataset's two lists (map_func's, then index_map_func's, before
output_cardinality), SaveDataset's and SaveDatasetV2's shard_func arguments, each func
attr a library function taking the element's components, then the arguments the node
passes it.

golden/make_dataset_func_args_form.py recorded TF 2.21's SavedModel of
dataset_func_args_cases.py's module (golden/dataset_func_args/), its dataset nodes and
what its functions compute. Here eagerflow saves the same module: its nodes are TF's (the
same inputs in order, TF's attrs, the called functions' arguments), it runs TF's file
and its own to TF's results; with TensorFlow, TF runs eagerflow's.

Functions capturing tensors, passed their values as TF's convention passes them
(`ifm_captured`), compute TF's elements; eagerflow writes the captures as constants of
the library function's body, which takes its own arguments only (TF's takes the captures
too): the runtimes of both ignore the arguments past a function's own.
"""

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.attrs import attr_value
from eagerflow._src.saved_model.protos import pb
from tests.saved_model import dataset_func_args_cases as C
from tests.tf_reference import TF_ENV, TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "dataset_func_args_form.json").read_text())
TF_SAVED = HERE / "golden" / "dataset_func_args"


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    path = tmp_path_factory.mktemp("func_args") / "model"
    tf.saved_model.save(C.module(tf), str(path))
    return path


def _functions(path: Path) -> dict:
    model = pb().SavedModel()
    model.ParseFromString((path / "saved_model.pb").read_bytes())
    return {f.signature.name: f for f in model.meta_graphs[0].graph_def.library.function}


@pytest.mark.parametrize("name", C.FUNCTIONS)
def test_node_written_as_tf_writes_it(saved, name):
    fdefs = _functions(saved)
    want = GOLDEN["nodes"][name]
    fdef = next(f for k, f in fdefs.items() if re.fullmatch(rf"__inference_{name}_\d+", k))
    nd = next(n for n in fdef.node_def if n.op == C.NODES[name])
    assert [a.name for a in fdef.signature.input_arg] == want["args"]
    assert [i for i in nd.input if not i.startswith("^")] == want["inputs"]
    attrs = {k for k in nd.attr if not k.startswith("_")}
    assert set(want["attrs"]) <= attrs
    # (what eagerflow writes beyond TF's holds the op's default: TF's node the same)
    defaults = {a.name: a.default_value for a in tf_ops.op_def(nd.op).attr
                if a.HasField("default_value")}
    for k in attrs - set(want["attrs"]):
        assert attr_value(nd.attr[k]) == attr_value(defaults[k]), k
    funcs = {k: [a.name for a in fdefs[v.func.name].signature.input_arg]
             for k, v in nd.attr.items() if v.HasField("func")}
    assert funcs == want["funcs"]


def test_eagerflow_computes_what_tf_did(tmp_path):
    assert C.run(tf, C.module(tf), str(tmp_path)) == GOLDEN["computed"]


def test_runs_tfs_saved_model(tmp_path):
    assert C.run(tf, tf.saved_model.load(str(TF_SAVED)), str(tmp_path)) == GOLDEN["loaded"]


def test_loaded_back_computes_what_tf_did(saved, tmp_path):
    assert C.run(tf, tf.saved_model.load(str(saved)), str(tmp_path)) == GOLDEN["loaded"]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_saved_model(saved, tmp_path):
    root = str(HERE.parents[1])
    script = (
        "import json, sys\nimport tensorflow as tf\nsys.path.insert(0, sys.argv[1])\n"
        "from tests.saved_model import dataset_func_args_cases as C\n"
        "print(json.dumps(C.run(tf, tf.saved_model.load(sys.argv[2]), sys.argv[3])))\n")
    run = subprocess.run([TF_PYTHON, "-c", script, root, str(saved), str(tmp_path)],
                         env=TF_ENV, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.strip().splitlines()[-1]) == GOLDEN["loaded"]
