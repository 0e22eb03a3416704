"""BatchMatMulV3 (operands and result of different dtypes) and tf.matmul's output_type,
against TF 2.21's outcomes (batch_matmul_v3_golden.json, written by
record_batch_matmul_v3_golden.py from batch_matmul_v3_cases.py): the int8 products into
int32 that Keras 3's matmul asks for, the byte-by-bfloat16 ones, the kernels TF's CPU
lacks (NotFoundError with its kernel list), the attr checks and the shape errors, named
as BatchMatMulV3's. Was: tf.matmul ran MatMul and cast its result (an int8 MatMul refused,
any output_type computed)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.ops import batch_matmul_v3_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "batch_matmul_v3_golden.json").read_text())["cases"]
CALLS = {**cases.matmul_cases(tf), **cases.raw_cases(tf)}


@pytest.mark.parametrize("key", sorted(CALLS))
def test_matches_tf(key):
    assert recorded_outcome(cases.outcome(CALLS[key])) == GOLDEN[key]


def test_gradient_matches_tf():
    assert cases.outcome(lambda: cases.gradient_case(tf)) == GOLDEN["gradient"]


def test_golden_covers_every_case():
    assert set(GOLDEN) == set(CALLS) | {"gradient"}
