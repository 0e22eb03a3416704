"""tf.compat.v1.data's TF 1 iterators give TF 2.21's results (golden/v1_data_iterators.json,
recorded by record_data_iter_golden.py from data_iter_programs.py): one-shot, initializable,
reinitializable and string-handle iterators run in Sessions (elements, each Session's own
position, the errors before initialization and at the end), the names of their operations,
output shapes/types/classes and TF's deprecation notices, the structure errors of
make_initializer, and what each does eagerly."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import tf_logging
from tests.v1.data_iter_programs import PROGRAMS

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_data_iterators.json").read_text())


def compare(ours, theirs, where: str) -> None:
    """Equal, but floats to float32's rounding."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(theirs), (where, ours, theirs)
        if "dtype" in theirs and "value" in theirs:
            assert (ours["dtype"], ours["shape"]) == (theirs["dtype"], theirs["shape"]), where
            if theirs["dtype"].startswith("float"):
                np.testing.assert_allclose(np.asarray(ours["value"], np.float64),
                                           np.asarray(theirs["value"], np.float64),
                                           rtol=2e-6, atol=1e-6, err_msg=where)
            else:
                assert ours["value"] == theirs["value"], where
            return
        for k in theirs:
            compare(ours[k], theirs[k], f"{where}.{k}")
    elif isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), (where, ours, theirs)
        for i, (a, b) in enumerate(zip(ours, theirs)):
            compare(a, b, f"{where}[{i}]")
    else:
        assert ours == theirs, (where, ours, theirs)


@pytest.fixture(scope="module")
def ours():
    tf_logging._deprecations_shown.difference_update(
        {"Iterator.output_shapes", "Iterator.output_types", "Iterator.output_classes"})
    return {name: program(tf) for name, program in PROGRAMS.items()}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_program(ours, name):
    compare(ours[name], GOLDEN[name], name)
