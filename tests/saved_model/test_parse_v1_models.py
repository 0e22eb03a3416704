"""A TF 1 graph of the first parsing ops, written by TensorFlow 2.21, run by eagerflow.

golden/make_parse_v1_models.py built, in TF 1 graph mode, a graph holding ParseExample
(V1, with a dense feature of unknown first dimension), ParseSingleExample,
ParseSequenceExample (V1), ParseSingleSequenceExample, DecodePaddedRaw and StringSplit,
wrote it as a frozen GraphDef and as a tf.compat.v1.saved_model.Builder SavedModel (an
Estimator's serving signature holds such nodes), and recorded what TF computed from both.
Here eagerflow imports and runs the same files, without TensorFlow.
"""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import decode_array
from tests.saved_model.test_import_graph_def import wrap_frozen_graph

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent / "golden" / "parse_v1"
GOLDEN = json.loads((HERE / "parse_v1.json").read_text())
FEEDS = {k: decode_array(v).astype(object) for k, v in GOLDEN["feeds"].items()}


def _same(got, want):
    want = decode_array(want)
    got = got.numpy()
    assert got.shape == want.shape
    if want.dtype.kind in "OS":
        assert got.tolist() == want.tolist()
    else:
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def test_the_graph_holds_the_first_parsing_ops():
    assert {"ParseExample", "ParseSingleExample", "ParseSequenceExample",
            "ParseSingleSequenceExample", "DecodePaddedRaw", "StringSplit"} <= \
        set(GOLDEN["ops"])


def test_graph_def_runs_as_in_tf():
    gd = tf.compat.v1.GraphDef()
    gd.ParseFromString((HERE / "graph.pb").read_bytes())
    names = sorted(GOLDEN["outputs"])
    fn = wrap_frozen_graph(gd, GOLDEN["inputs"], [GOLDEN["outputs"][k] for k in names])
    outs = fn(*[tf.constant(v) for v in FEEDS.values()])
    for k, got in zip(names, outs):
        _same(got, GOLDEN["graph_def"][k])


def test_saved_model_signature_runs_as_in_tf():
    m = tf.saved_model.load(str(HERE / "saved_model"))
    out = m.signatures["serving_default"](**{k: tf.constant(v) for k, v in FEEDS.items()})
    assert sorted(out) == sorted(GOLDEN["saved_model"])
    for k, want in GOLDEN["saved_model"].items():
        _same(out[k], want)
