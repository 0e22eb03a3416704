"""tf.matmul's flags against TF 2.21's outcomes (matmul_flags_golden.json, written by
record_matmul_flags_golden.py from matmul_flags_cases.py): the op it runs takes a Python
bool or None only for each attr it is handed, checked in the op's order before the
operands' dtypes and shapes, eagerly and traced (grad_a/grad_b of MatMul, adj_x/adj_y and
grad_x/grad_y of the batch products; SparseMatMul takes no grad hint). Was: grad_a and
grad_b were ignored whatever they were, and a batch product took any adjoint."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops import matmul_flags_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "matmul_flags_golden.json").read_text())["cases"]
CALLS = {**cases.eager_cases(tf), **cases.traced_cases(tf)}


@pytest.mark.parametrize("key", sorted(CALLS))
def test_matches_tf(key):
    assert cases.outcome(CALLS[key]) == GOLDEN[key]


def test_golden_covers_every_case():
    assert set(GOLDEN) == set(CALLS)
