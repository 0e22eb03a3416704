"""tf.compat.v1.data's TF 1 iterators give TF 2.21's results (golden/v1_data_iterators.json,
recorded by record_data_iter_golden.py from data_iter_programs.py): one-shot, initializable,
reinitializable and string-handle iterators run in Sessions (elements, each Session's own
position, the errors before initialization and at the end), the names of their operations,
output shapes/types/classes and TF's deprecation notices, the structure errors of
make_initializer, and what each does eagerly."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.core import tf_logging
from tests.v1.data_iter_programs import PROGRAMS
from tests.v1.recorded import compare

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_data_iterators.json").read_text())


@pytest.fixture(scope="module")
def ours():
    tf_logging._deprecations_shown.difference_update(
        {"Iterator.output_shapes", "Iterator.output_types", "Iterator.output_classes"})
    return {name: program(tf) for name, program in PROGRAMS.items()}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_program(ours, name):
    compare(ours[name], GOLDEN[name], name)
