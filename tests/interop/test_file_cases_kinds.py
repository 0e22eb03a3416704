"""file_cases_kinds.py's tf.Module cases (type hints, reduced retracing, signature
defaults, TensorArrays, tapes, generators, jit, a dataset attribute, shared tables, ragged
and sparse signatures) against TensorFlow 2.21: eagerflow writing each case's files and
reading them back must give what TF gives reading its own (golden/file_cases_kinds.json,
recorded by `file_cases_tf.py --kinds --record`), and so must eagerflow reading the files
TF wrote of the TF_FILES cases (golden/file_cases_kinds/); where TF is installed, TF
reads eagerflow's files and eagerflow reads TF's of every case, each to the same result,
kinds_checks.KNOWN apart. (test_file_cases_kinds_keras.py does the Keras cases.)"""

from __future__ import annotations

import pytest

from tests.interop import kinds_checks as K
from tests.interop.file_cases_kinds import MODULE_CASES, TF_FILES

NAMES = sorted(MODULE_CASES)


@pytest.mark.parametrize("name", NAMES)
def test_our_files_read_back_as_tensorflows_own(name, tmp_path):
    K.own_files_read_back(name, tmp_path)


@pytest.mark.parametrize("name", sorted(set(TF_FILES) & set(NAMES)))
def test_we_read_the_files_tensorflow_wrote_as_it_does(name, tmp_path):
    K.tf_files_read(name, tmp_path)


@pytest.fixture(scope="module")
def tf_run(tmp_path_factory):
    work = tmp_path_factory.mktemp("file_cases_kinds")
    return work, K.tf_run(work, tuple(NAMES))


@pytest.mark.parametrize("name", NAMES)
def test_tensorflow_reads_our_files_as_its_own(tf_run, name):
    K.tf_reads_ours(tf_run[1], name)


@pytest.mark.parametrize("name", NAMES)
def test_we_read_tensorflows_files_as_it_does(tf_run, name):
    K.we_read_tfs(*tf_run, name)
