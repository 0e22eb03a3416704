"""A dataset function returning what no spec describes raises TF's TypeError naming the
whole result ("Unsupported return value from function passed to Dataset.map(): ...."),
before flat_map / interleave / filter check what they got; one returning nothing raises
the dataset op's InvalidArgumentError, with its signature.

unsupported_return_cases.py holds the cases; unsupported_return_golden.json is TF 2.21's
answer (record_unsupported_return_golden.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.unsupported_return_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "unsupported_return_golden.json").read_text())


def _without_node_attrs(outcome: list) -> list:
    # (a NodeDef's text: TF lists an Identity's attr T, eagerflow's NodeDef holds no attrs
    # for it; the rest of the message is compared as TF words it)
    return [re.sub(r"attr \{\n(  .*\n)*\}\n", "", part) for part in outcome]


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN["cases"]))
def test_unsupported_return_as_tfs(case, ours):
    assert _without_node_attrs(ours[case]) == _without_node_attrs(GOLDEN["cases"][case])


def test_node_attrs_only_in_operation_results():
    # the masking above touches only the cases returning an assert's Operation alone
    masked = [c for c, o in GOLDEN["cases"].items() if _without_node_attrs(o) != o]
    assert masked and all(c.startswith("assert_or_x|") for c in masked)
