"""TF's anonymous lookup tables (the raw Anonymous*Table ops and tf.lookup's
experimental_is_anonymous=True) against TensorFlow 2.21's recorded behaviour
(anonymous_tables_golden.json, written by record_anonymous_tables.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.anonymous_table_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "anonymous_tables_golden.json")
                    .read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_anonymous_tables_behave_as_tf(got, group, key):
    assert got[group][key] == GOLDEN[group][key]


def test_the_golden_covers_every_case(got):
    assert {g: sorted(c) for g, c in got.items()} == \
        {g: sorted(c) for g, c in GOLDEN.items()}
