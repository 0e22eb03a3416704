"""A SavedModel's asset nodes as TF 2.21 writes them (golden/asset_nodes.json,
record_asset_nodes.py): asset_file_def names "asset_path_initializer:0",
"asset_path_initializer_1:0", ..., the asset a function captures first, then the others
in TF's dependency order. eagerflow writes each as a Const of the file's name where TF
writes a Placeholder fed by its loaders (a TF 1 loader feeds either)."""

import json
import sys
from pathlib import Path

import pytest

from tests.tf_reference import HAVE_TF_PYTHON, TF_PYTHON, program_json

HERE = Path(__file__).resolve().parent
WANT = json.loads((HERE / "golden" / "asset_nodes.json").read_text())


def test_asset_nodes_match_tf_golden(tmp_path):
    got, _ = program_json(sys.executable, HERE / "asset_node_program.py", "ef", str(tmp_path))
    assert got == WANT


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow's interpreter is not installed")
def test_tf_loads_eagerflows_assets(tmp_path):
    program_json(sys.executable, HERE / "asset_node_program.py", "ef", str(tmp_path))
    code = ("import json, sys, tensorflow as tf; p = sys.argv[1]; m = tf.saved_model.load(p); "
            "v1 = tf.compat.v1; g = tf.Graph(); s = v1.Session(graph=g); "
            "meta = v1.saved_model.load(s, ['serve'], p); "
            "print(json.dumps([m.f().numpy().decode(), m.a.asset_path.numpy().decode()[-5:], "
            "sorted(x.tensor_info.name for x in meta.asset_file_def)]))")
    got, _ = program_json(TF_PYTHON, "-c", code, str(tmp_path / "sm"))
    assert got == ["ccc", "a.txt", [n for n, _ in WANT["asset_file_def"]]]
