"""file_cases_holders.py's cases (state held in odd places: datasets in lists, dicts and
Keras layers, loaded models holding datasets saved again, held datasets TF can't
serialize, Keras models holding sublayers in containers, variables of every dtype,
shared variables, text-file and dense tables) against TensorFlow 2.21, as
test_file_cases_kinds.py checks its own (kinds_checks.suite): eagerflow reading its own
files and TF's kept ones as TF reads them (golden/file_cases_kinds.json), and where TF is
installed each reading the other's files. The SavedModels eagerflow writes of the
datasets' and Keras containers' cases also hold TF's object graph (TF's kept files)."""

from __future__ import annotations

import pytest

import eagerflow as tf
from eagerflow import keras
from tests.interop import file_cases as C
from tests.interop import kinds_checks as K
from tests.interop.file_cases_holders import HOLDER_CASES, HOLDER_TF_FILES
from tests.interop.file_cases_kinds import CASES
from tests.interop.test_file_cases import HERE
from tests.interop.test_file_cases_kinds import _object_graph

NAMES = sorted(HOLDER_CASES)

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(NAMES, "file_cases_holders",
                                                        set(HOLDER_TF_FILES))


@pytest.mark.parametrize("name", ["dataset_containers", "dataset_in_layer",
                                  "keras_containers"])
def test_held_objects_are_saved_as_tensorflow_saves_them(name, tmp_path):
    # each held dataset a user object with a `_variant_tracker` resource the functions
    # bind; a list's, dict's and Keras layer's children by index and key, in TF's order
    assert C.run_case(tf, keras, name, str(tmp_path), True, CASES) == {}
    assert _object_graph(tmp_path) == _object_graph(HERE / "golden" / "file_cases_kinds" / name)
