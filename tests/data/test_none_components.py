"""Dataset elements holding None beside tensors as TF 2.21's (a NoneTensorSpec component
of no tensor: in element specs and reprs, through maps, batching and unbatching, slicing,
iteration in a tf.function and optionals; an element of Nones only refused with the dataset
op's error), and filter / take_while predicates returning a dataset refused with TF's
ValueError naming its DatasetSpec. (Before: "Unsupported return value" for `(x, None)`,
and a dataset predicate was accepted.)

none_components_cases.py holds the programs; none_components_golden.json is TF 2.21's
answer (record_none_components.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.none_components_cases import run

GOLDEN = json.loads((Path(__file__).parent / "none_components_golden.json").read_text())


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_none_components_as_tfs(got, case):
    assert got[case] == GOLDEN[case]
