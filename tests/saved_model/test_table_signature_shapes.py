"""A SavedModel's signature outputs that look tables up have TF 2.21's shapes: the traced
lookups' shapes are unknown (a captured table's handle carries no shapes), the saved
signature's are those TF's exported graph infers with the tables made again by their
creators (MutableHashTable*V2 and MutableDenseHashTableV2 record the key and value
shapes; HashTableV2 none), through a nested function too. Golden:
golden/table_signature_shapes.json (record_table_signature_shapes.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.saved_model.export_shapes import merge
from eagerflow._src.saved_model.protos import pb
from tests.saved_model.table_signature_cases import run

GOLDEN = json.loads((Path(__file__).parent / "golden" / "table_signature_shapes.json")
                    .read_text())


@pytest.fixture(scope="module")
def ours(tmp_path_factory):
    return run(tf, pb().SavedModel, str(tmp_path_factory.mktemp("table_sigs")))


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_signature_output_shapes_are_tensorflows(ours, case):
    assert ours[case] == GOLDEN[case]


def test_merge_keeps_the_traced_shape_where_inference_knows_less_or_disagrees():
    assert merge(None, (None, 3)) == (None, 3)
    assert merge((None, 3), None) == (None, 3)
    assert merge((None, 3), (4, None)) == (4, 3)
    assert merge((2, 3), (4, 3)) == (2, 3)
    assert merge((2,), (2, 1)) == (2,)
