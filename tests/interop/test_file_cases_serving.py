"""file_cases_serving.py's cases (tables from the columns of a text file, vocabulary tables
with out-of-vocabulary buckets over ragged, sparse and int64 keys, assets sharing a file
name, namedtuple and ExtensionType signatures, assertions in a saved graph, a restored
concrete function's shapes, relaxed-shape traces, LoadOptions and tags, tf.Example
parsing signatures, variables made on a first call, keyword arguments) against TensorFlow
2.21, as test_file_cases_kinds.py checks its own (kinds_checks.suite): eagerflow reading
its own files and TF's kept ones as TF reads them (golden/file_cases_kinds.json), and where
TF is installed each reading the other's files. Assets of one file name are stored as TF
stores them (vocab.txt, vocab.txt_1)."""

from __future__ import annotations

import os

import eagerflow as tf
from eagerflow import keras
from tests.interop import file_cases as C
from tests.interop import kinds_checks as K
from tests.interop.file_cases_kinds import CASES
from tests.interop.file_cases_serving import SERVING_CASES, SERVING_TF_FILES
from tests.interop.test_file_cases import HERE

NAMES = sorted(SERVING_CASES)

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(NAMES, "file_cases_serving",
                                                        set(SERVING_TF_FILES))


def test_assets_of_one_file_name_are_stored_as_tensorflow_stores_them(tmp_path):
    # TF's builder: a second file of another content gets "_1" after its whole name
    assert C.run_case(tf, keras, "asset_collision", str(tmp_path), True, CASES) == {}
    kept = HERE / "golden" / "file_cases_kinds" / "asset_collision" / "sm" / "assets"
    assert sorted(os.listdir(tmp_path / "sm" / "assets")) == sorted(os.listdir(kept)) == [
        "vocab.txt", "vocab.txt_1"]
    for name in os.listdir(kept):
        assert (tmp_path / "sm" / "assets" / name).read_bytes() == (kept / name).read_bytes()
