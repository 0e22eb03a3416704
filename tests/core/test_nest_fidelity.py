"""tf.nest over each kind of structure matches TF 2.21's outcomes, recorded in
nest_golden.json by record_nest_golden.py (nest_cases.py lists the cases)."""

import json
import os

import pytest

import eagerflow as tf
from tests.core.nest_cases import outcomes

with open(os.path.join(os.path.dirname(__file__), "nest_golden.json")) as f:
    GOLDEN = json.load(f)
GOT = outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_nest_outcome_matches_tf(case):
    assert GOT[case] == GOLDEN[case]


def test_cases_all_recorded():
    assert sorted(GOT) == sorted(GOLDEN)


def test_mapping_warning_once_per_public_function(monkeypatch):
    # TF 2.21 logs its "Mapping types may not work well" warning once for map_structure and
    # once for pack_sequence_as, however often and from wherever they are called
    from eagerflow._src.core import nest, tf_logging
    from tests.core.nest_cases import Map

    logged = []
    monkeypatch.setattr(nest, "_WARNED_ENTRIES", set())
    monkeypatch.setattr(tf_logging, "warning", logged.append)
    for _ in range(2):
        tf.nest.map_structure(lambda x: x, Map(a=1))
        tf.nest.pack_sequence_as(Map(a=1), [1])
    tf.nest.map_structure(lambda x: x, Map(b=2))  # (another call site: still no warning)
    assert logged == ["Mapping types may not work well with tf.nest. Prefer using "
                      "MutableMapping for <class 'tests.core.nest_cases.Map'>"] * 2
