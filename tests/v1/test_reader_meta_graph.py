"""TF 1 input pipelines of TF's reader dataset ops (TFRecordDataset, CSVDatasetV2,
ListDataset, SqlDataset) that TF 2.21 exported as a meta graph
(golden/meta/datasets/readers.meta, record_reader_meta_golden.py) import with
tf.compat.v1.train.import_meta_graph and run in eagerflow's Sessions as in TF's
(golden/v1_reader_meta.json): the elements of the files fed to them, in order."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.v1.reader_meta_programs import run

HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "golden" / "v1_reader_meta.json").read_text())
META = str(HERE / "golden" / "meta" / "datasets" / "readers.meta")


@pytest.fixture(scope="module")
def ours(tmp_path_factory):
    return run(tf, META, str(tmp_path_factory.mktemp("readers")))


def test_the_fixture_has_tfs_reader_nodes():
    assert {"TFRecordDataset", "CSVDatasetV2", "ListDataset", "SqlDataset",
            "MakeIterator"} <= set(GOLDEN["types"])


@pytest.mark.parametrize("key", sorted(set(GOLDEN) - {"types"}))
def test_imported_reader_pipelines_run_as_tf(ours, key):
    assert ours[key] == GOLDEN[key]
