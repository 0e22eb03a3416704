"""keras.ops.einsum runs the contractions Keras 3's TF backend writes as tf.matmul the same
way (einsum_matmul_golden.json, recorded from TF 2.21 + Keras 3.15 by
record_einsum_matmul_golden.py): int8 operands multiply into int32 through BatchMatMulV3,
a bad shape is MatMul's (or BatchMatMulV2's, BatchMatMulV3's) error, an operand of another
rank than the letters name fails Keras's unpacking. Was: every equation ran as Einsum (its
own shape error) in float32."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.golden_io import recorded_outcome
from tests.keras.ops import einsum_matmul_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "einsum_matmul_golden.json").read_text())["cases"]


@pytest.fixture(scope="module")
def got():
    with tf.device("/CPU:0"):  # (an op's error names the device it ran on: the golden's)
        return cases.all_outcomes(keras.ops.einsum, keras.backend.standardize_dtype)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_einsum_as_keras(key, got):
    want, mine = GOLDEN[key], recorded_outcome(got[key])
    if "error" in want:
        assert mine == want
        return
    assert (mine["dtype"], mine["shape"]) == (want["dtype"], want["shape"])
    # (float32 products: the same operations, summed in the BLAS's order)
    np.testing.assert_allclose(mine["values"], want["values"], rtol=1e-6, atol=1e-6)
    if mine["dtype"] != "float32":
        assert mine["values"] == want["values"]


def test_every_case_recorded(got):
    assert set(got) == set(GOLDEN)
