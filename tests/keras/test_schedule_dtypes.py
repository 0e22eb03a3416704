"""Learning-rate schedules compute in their initial learning rate's dtype, as Keras 3's do:
values, result dtypes and errors for int, float and float64 arguments and steps
(schedule_dtypes_golden.json, recorded from Keras 3.15 on TF 2.21)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.schedule_dtype_cases import CASES, outcome

GOLDEN = json.loads(Path(__file__).with_name("schedule_dtypes_golden.json").read_text())
ENV = {"S": tf.keras.optimizers.schedules, "np": np, "keras": tf.keras}


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_schedule_matches_keras(expr):
    got = outcome(lambda: eval(expr, ENV))
    want = GOLDEN[expr]
    if "value" in want and "value" in got:
        assert got["dtype"] == want["dtype"]
        assert got["value"] == pytest.approx(want["value"], rel=2e-5, abs=1e-6)
    else:
        assert got == want


def test_schedule_inside_tf_function_keeps_the_dtype():
    sched = tf.keras.optimizers.schedules.ExponentialDecay(1, 3, 0.5)
    eager = sched(2)
    traced = tf.function(sched)(tf.constant(2))
    assert traced.dtype == eager.dtype == tf.float64
    assert float(traced) == float(eager)
