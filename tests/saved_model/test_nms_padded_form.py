"""tf.image.non_max_suppression_padded in a saved function, written as TF writes it: its
tiled suppression as while loops of primitive ops (saved_model/composite_export.py), not
eagerflow's host op TiledBoxSuppression.

golden/make_nms_padded_form.py recorded the op types of TF's saved functions and what
they return on each case (a batch over several tiles, one image with a score threshold,
TF's default tile size). Here eagerflow saves the same functions: they hold no
TiledBoxSuppression, only TF's ops, and loaded back they return what TF's did; with
TensorFlow, TF loads them and returns the same.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.protos import pb
from tests.golden_io import decode_array
from tests.tf_reference import TF_ENV, TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" /
                     "nms_padded_form.json").read_text())
CASES = sorted(GOLDEN["cases"])
# (the checkpoint ops of a SavedModel's saver function)
_SAVER = {"MergeV2Checkpoints", "RestoreV2", "SaveV2", "ShardedFilename",
          "StaticRegexFullMatch", "StringJoin"}


def _inputs(name: str) -> tuple:
    case = GOLDEN["cases"][name]
    return decode_array(case["boxes"]), decode_array(case["scores"]), case["args"]


def _function(boxes, scores, size, iou, score, tile):
    return tf.function(lambda b, s: tf.image.non_max_suppression_padded(
        b, s, size, iou_threshold=iou, score_threshold=score, pad_to_max_output_size=True,
        tile_size=tile), input_signature=[tf.TensorSpec(boxes.shape, tf.float32),
                                          tf.TensorSpec(scores.shape, tf.float32)])


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    root = tmp_path_factory.mktemp("nms_padded")
    for name in CASES:
        boxes, scores, args = _inputs(name)
        m = tf.Module()
        m.f = _function(boxes, scores, *args)
        tf.saved_model.save(m, str(root / name))
    return root


def _want(name: str) -> tuple:
    case = GOLDEN["cases"][name]
    return case["indices"], case["num_valid"]


@pytest.mark.parametrize("name", CASES)
def test_written_with_tfs_ops(saved, name):
    model = pb().SavedModel()
    model.ParseFromString((saved / name / "saved_model.pb").read_bytes())
    ops = {n.op for f in model.meta_graphs[0].graph_def.library.function for n in f.node_def}
    assert "TiledBoxSuppression" not in ops and "StatelessWhile" in ops
    # TF's ops, those of TF's own function (its selects TF 1's Select, not SelectV2)
    assert all(tf_ops.has_op(op) for op in ops)
    assert ops - _SAVER <= set(GOLDEN["ops"])


@pytest.mark.parametrize("name", CASES)
def test_loaded_back_returns_what_tf_did(saved, name):
    boxes, scores, args = _inputs(name)
    idx, valid = tf.saved_model.load(str(saved / name)).f(boxes, scores)
    assert (idx.numpy().tolist(), valid.numpy().tolist()) == _want(name)
    # (and eagerly, through the host op)
    idx, valid = tf.image.non_max_suppression_padded(
        boxes, scores, args[0], iou_threshold=args[1], score_threshold=args[2],
        pad_to_max_output_size=True, tile_size=args[3])
    assert (idx.numpy().tolist(), valid.numpy().tolist()) == _want(name)


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_functions(saved):
    root = str(Path(__file__).resolve().parents[2])
    script = (
        "import json, sys\nimport tensorflow as tf\nsys.path.insert(0, sys.argv[1])\n"
        "from tests.golden_io import decode_array\n"
        "g = json.loads(sys.stdin.read())\nout = {}\n"
        "for n, case in g['cases'].items():\n"
        "    i, v = tf.saved_model.load(sys.argv[2] + '/' + n).f(\n"
        "        decode_array(case['boxes']), decode_array(case['scores']))\n"
        "    out[n] = [i.numpy().tolist(), v.numpy().tolist()]\n"
        "print(json.dumps(out))\n")
    run = subprocess.run([TF_PYTHON, "-c", script, root, str(saved)],
                         input=json.dumps(GOLDEN), env=TF_ENV, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert {n: tuple(v) for n, v in got.items()} == {n: _want(n) for n in CASES}
