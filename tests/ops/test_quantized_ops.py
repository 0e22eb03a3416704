"""TF's quantized kernels (tf.raw_ops.Quantized*, Requantize and its kin) against TF
2.21's recorded results (quantized_ops_golden.json, by record_quantized_ops_golden.py
from quantized_ops_cases.py): values bit for bit with their output ranges, dtypes and
shapes, and the class and message of each refusal."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.quantized_ops_cases import cases
from tests.ops.test_quantization import _check

GOLDEN = json.loads((Path(__file__).parent / "quantized_ops_golden.json").read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    return cases(tf)


# Known difference (docs/capabilities.md): QuantizedInstanceNorm's output range on images
# of more than a few values, whose float32 statistics TF sums in Eigen's vectorized order
# and inverts with its approximate rsqrt: within a few ulps here (its integers match).
NEAR = ("instance_norm/big/",)


def _near(want, got, key):
    assert isinstance(got, tuple) and len(got) == 3, (key, got)
    _check(want["tuple"][0], got[0], key)
    for w, g in zip(want["tuple"][1:], got[1:]):
        np.testing.assert_allclose(g.numpy(), w["values"][0], rtol=5e-7, err_msg=key)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_tf(results, key):
    if key.startswith(NEAR):
        _near(GOLDEN[key], results[key], key)
        return
    _check(GOLDEN[key], results[key], key)
