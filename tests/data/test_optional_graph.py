"""tf.experimental.Optional inside tf.function (OptionalGetValue of an empty optional
fails when the function runs) and tf.data.IteratorSpec input signatures, against
TensorFlow 2.21's behaviour recorded in optional_graph_golden.json by
record_optional_graph.py from the programs of optional_graph_cases.py; all run once, in
this process."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.optional_graph_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "optional_graph_golden.json").read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_optionals_and_iterator_signatures_behave_as_tf(got, group, key):
    assert got[group][key] == GOLDEN[group][key]
