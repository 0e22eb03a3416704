"""tnp's float functions of ints and bools with and without numpy behavior, and tf.math's
real-only functions of complex values, as TF 2.21 gives them (numpy_ops/math_ops.to_float,
dispatch.unary's slow path), against float_promotion_golden.json (recorded by
record_float_promotion.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
import eagerflow.experimental.numpy as tnp
from eagerflow._src.numpy_ops import behavior
from tests.numpy_ops.float_promotion_cases import keys, run

GOLDEN = json.loads((Path(__file__).parent / "float_promotion_golden.json").read_text())
GOLDEN = GOLDEN["results"]


@pytest.fixture
def numpy_behavior_off():
    behavior.disable_numpy_behavior()
    yield
    behavior.disable_numpy_behavior()


def test_every_case_is_recorded():
    assert len(GOLDEN) == len(keys())


@pytest.mark.usefixtures("cpu_kernels")  # (values of TF's CPU kernels: erf's last bit)
@pytest.mark.parametrize("numpy_behavior", [False, True])
@pytest.mark.parametrize("traced", [False, True])
def test_float_promotion_as_tf(traced, numpy_behavior, numpy_behavior_off):
    picked = [c for c, t, b in keys() if t == traced and b == numpy_behavior]
    got = {c: run(tf, tnp, np, c, traced, numpy_behavior) for c in picked}
    differ = {c: (g, GOLDEN[f"{c} | {traced} | {numpy_behavior}"]) for c, g in got.items()
              if g != GOLDEN[f"{c} | {traced} | {numpy_behavior}"]}
    assert not differ, differ
