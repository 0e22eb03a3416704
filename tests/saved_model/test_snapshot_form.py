"""`Dataset.snapshot(path, reader_func=...)` and `enumerate` in a tf.function, saved as
TensorFlow 2.21 writes them: enumerate's count a RangeDataset from 0 to the largest int64,
made after the dataset it numbers, rewritten by a RewriteDataset ("replicate_on_split")
and zipped before it; the snapshot a SnapshotDatasetV2 of the enumerated pipeline and the
path (here the function's string argument), its reader_func a library function of the
dataset of the shards' datasets (an InterleaveDataset over it), its shard_func TF's
`index % cpu_count()` (FloorMod), then a MapDataset dropping the index; `Dataset.load(path,
reader_func=...)` a LoadDataset of the path and such a reader_func. (Before, eagerflow's
exporter refused the snapshot and load stages, a snapshot under a path the function
computes refused to be built, and the count of enumerate was written unrewritten, before
its dataset.)

golden/make_snapshot_form.py recorded TF's SavedModel of snapshot_form_cases.py's module
(golden/snapshot_form/) and what its functions compute. Here eagerflow saves the same
module: its nodes and library functions are TF's (the shard count's value is the
machine's); it runs TF's file and its own to TF's results, writing the snapshot and then
reading it back through the reader_func; with TensorFlow, TF runs eagerflow's.
"""

import json
import os
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model import snapshot_form_cases as C
from tests.saved_model.tf_runs import run_in_tf, saved_model_proto
from tests.tf_reference import TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "snapshot_form.json").read_text())
TF_SAVED = HERE / "golden" / "snapshot_form"


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    return C.module(tf, C.saved(tf, str(tmp_path_factory.mktemp("load"))))


@pytest.fixture(scope="module")
def saved(module, tmp_path_factory):
    path = tmp_path_factory.mktemp("snapshot") / "model"
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
    for node in C.NODES[name]:
        assert got["nodes"][node] == want["nodes"][node], node


def test_eagerflow_computes_what_tf_did(module):
    assert C.run(tf, module) == GOLDEN["computed"]


def test_runs_tfs_saved_model():
    # (its `load` reads a folder of the recording machine)
    want = {k: v for k, v in GOLDEN["loaded"].items() if k != "load"}
    assert C.run(tf, tf.saved_model.load(str(TF_SAVED)), loads=False) == want


def test_loaded_back_computes_what_tf_did(saved):
    assert C.run(tf, tf.saved_model.load(str(saved))) == GOLDEN["loaded"]


def test_snapshot_reads_back_its_files(module, tmp_path):
    # the second call finds the finished snapshot and reads it (the reader_func), whatever
    # the pipeline now yields: what the first call wrote
    path = tf.constant(str(tmp_path / "snap"))
    first = int(module.snap(path))
    files = [f for _, _, fs in os.walk(tmp_path / "snap") for f in fs]
    assert "snapshot.metadata" in files and any(f.endswith(".snapshot") for f in files)
    assert int(module.snap(path)) == first == GOLDEN["computed"]["snap"][0]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_saved_model(saved):
    assert run_in_tf("snapshot_form_cases", saved) == GOLDEN["loaded"]
