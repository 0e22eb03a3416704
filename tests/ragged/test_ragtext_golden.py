"""The ragtext stream's golden expressions (golden_ragtext.py) alone: eagerflow against what
real TensorFlow 2.21 answered (golden_tf.json, recorded by tf_golden.py). test_golden_tf.py
runs them too, among all the sections."""

import json
import os

import pytest

import eagerflow as tf
from tests.ragged import golden_exprs as G
from tests.ragged import golden_ragtext as R
from tests.ragged.evaluate import environment, evaluate

with open(os.path.join(os.path.dirname(__file__), "golden_tf.json"), encoding="utf-8") as _f:
    GOLDEN = json.load(_f)

CASES = [(section, e) for section, exprs in R.SECTIONS.items() for e in exprs]


@pytest.fixture(scope="module")
def env():
    tf.keras.backend.clear_session()
    return environment(tf, G.PRELUDE)


@pytest.mark.parametrize("case", CASES, ids=[f"{s}:{e[:60]}" for s, e in CASES])
def test_matches_tensorflow(env, case):
    section, expr = case
    assert evaluate(tf, env, expr) == GOLDEN[section][expr]
