"""TF's quantized kernels (tf.raw_ops.Quantized*, Requantize and its kin) against TF
2.21's recorded results (quantized_ops_golden.json, by record_quantized_ops_golden.py
from quantized_ops_cases.py): values bit for bit with their output ranges, dtypes and
shapes, and the class and message of each refusal."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.quantized_ops_cases import cases
from tests.ops.test_quantization import _check

GOLDEN = json.loads((Path(__file__).parent / "quantized_ops_golden.json").read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    return cases(tf)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_tf(results, key):
    _check(GOLDEN[key], results[key], key)
