"""TF 1 input pipelines of tf.data iterators that TF 2.21 exported as a meta graph
(golden/meta/datasets/pipelines.meta, record_dataset_meta_golden.py: make_one_shot_iterator,
make_initializable_iterator over a placeholder-fed dataset, a feedable iterator of string
handles, get_next_as_optional) import with tf.compat.v1.train.import_meta_graph and run in
eagerflow's Sessions as in TF's (golden/v1_dataset_meta.json): the elements in order,
OutOfRangeError at their end, an initializer restarting its iterator, each Session's
iterators its own, a fed string handle reading the iterator it names, the handles TF's
ResourceHandleProtos, an optional's value and its absence (TF's Optional ops, composed of
TensorList ops in a graph, on the optional IteratorGetNextAsOptional gives)."""

import json
import subprocess
from pathlib import Path

import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON
from tests.v1.dataset_meta_programs import run

HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "golden" / "v1_dataset_meta.json").read_text())
META = str(HERE / "golden" / "meta" / "datasets" / "pipelines.meta")
v1 = tf.compat.v1


@pytest.fixture(scope="module")
def ours():
    return run(tf, META)


def test_the_fixture_has_tfs_iterator_nodes():
    assert {"OneShotIterator", "IteratorV2", "MakeIterator", "IteratorGetNext",
            "IteratorToStringHandle", "IteratorFromStringHandleV2", "IteratorGetNextAsOptional",
            "OptionalHasValue", "OptionalGetValue"} <= set(GOLDEN["types"])


@pytest.mark.parametrize("key", sorted(set(GOLDEN) - {"types"}))
def test_imported_pipelines_run_as_tf(ours, key):
    assert ours[key] == GOLDEN[key]


def test_imported_nodes_keep_tfs_types():
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(META)
        assert g.get_operation_by_name("OneShotIterator").type == "OneShotIterator"
        assert g.get_operation_by_name("MakeIterator").type == "MakeIterator"
        assert g.get_tensor_by_name("init_next:0").shape.as_list() == []


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter")
def test_a_pipeline_tf_exports_now_runs_as_in_tf(tmp_path):
    """TF exports the pipelines afresh; eagerflow runs that file as the golden says."""
    meta = str(tmp_path / "pipelines.meta")
    script = ("import tensorflow as tf\n"
              "tf.compat.v1.disable_eager_execution()\n"
              "from tests.v1.dataset_meta_programs import export\n"
              f"export(tf, {meta!r})\n")
    proc = subprocess.run([TF_PYTHON, "-c", script], cwd=HERE.parent.parent, env=TF_ENV,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert run(tf, meta) == {k: v for k, v in GOLDEN.items() if k != "types"}
