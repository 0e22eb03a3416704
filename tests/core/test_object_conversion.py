"""tf.convert_to_tensor and tf.constant of Python sequences holding objects of an
arbitrary class raise TF 2.21's ValueError, eagerly and while tracing: the object named
when the sequence starts with it, "mixed types" when a number or string comes first.
object_conversion_cases.py holds the cases; object_conversion_golden.json is TF's answer
(record_object_conversion.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.core.object_conversion_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "object_conversion_golden.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_object_conversion_as_tfs(case, ours):
    assert ours[case] == GOLDEN[case]
