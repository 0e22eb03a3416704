"""fuzz49b's fixes against TF 2.21 (fuzz49b_golden.json, recorded by record_cases.py fuzz49b
from fuzz49b_cases.py, which draws tf.strings, tf.sparse, tf.ragged, tf.image, tf.sets and
more at their edges): DynamicPartition's num_partitions below its OpDef's minimum, a stitch
of no lists (no CPU kernel eagerly, the op-def library's ValueError in a graph), and
SampleDistortedBoundingBox's words for boxes whose last dimension is not 4 and a
min_object_covered that is not a scalar."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.fuzz49b_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "fuzz49b_golden.json").read_text())
GOT: dict = {}


def _got(case: str):
    if not GOT:
        GOT.update(run(tf))
    return GOT[case]


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_outcome_is_tf_2_21s(case):
    assert _got(case) == GOLDEN[case]
