"""A loaded SavedModel saved again has TF's object graph: TF's loader gives every object
it revives an empty, tracked `_self_saveable_object_factories` dict, saved as a
trackable_dict_wrapper child after the object's saved children and before its functions;
a loaded object's private functions (a Keras model's `_default_save_signature`) are saved
again. The copies load and compute as TF's.

resave_cases.py holds the cases; golden/resave_graph.json is TF 2.21's answer
(record_resave_graph.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model.resave_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "golden" / "resave_graph.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_resaved_as_tfs(case, ours):
    assert ours[case] == GOLDEN[case]


def test_first_save_has_no_factories():
    # (the child comes from loading: a first save has none)
    names = [n for node in GOLDEN["module"] + GOLDEN["keras"] for _, n in node[2]]
    assert "_self_saveable_object_factories" not in names
    resaved = [n for node in GOLDEN["module_resaved"] for _, n in node[2]]
    assert resaved.count("_self_saveable_object_factories") == 2
