"""One MobileNetV2 block's layers, each fed TF 2.21's recorded input and a seeded upstream
gradient: eagerflow's outputs and gradients (input, kernels, gamma, beta) are TF's within
float32 rounding. A full MobileNetV2 step differs from TF's by 4e-4 (96x96) and 1e-2 (32x32)
in its gradients only because one ReLU6 input lies within accumulated forward rounding of 0
and its mask flips; TF flips the same way when one input pixel moves by one ulp. These
cases pin the layers that mask sits between (batch norm over 4 samples, zero padding, a
stride-2 'valid' depthwise conv at 6x6), so a real difference there would show here."""

import os

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.mnet_block.layers_def import CASES, build, local_vjps

GOLD = np.load(os.path.join(os.path.dirname(__file__), "golden.npz"))


def _case(name: str) -> dict:
    pre = name + "/"
    return {k[len(pre):]: GOLD[k] for k in GOLD.files if k.startswith(pre)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_layers_vjp_is_tfs(name):
    side, stride = CASES[name]
    want = _case(name)
    weights = [want[f"w{i}"] for i in range(sum(k.startswith("w") for k in want))]
    got = local_vjps(tf, build(tf, stride), want["x"], weights, 3)
    assert sorted(got) == sorted(k for k in want if k[0].isdigit())
    for key, value in got.items():
        ref = want[key]
        # float32 rounding of sums over at most a few hundred terms, relative to the largest entry
        atol = 2e-6 * max(np.abs(ref).max(), 1e-6)
        np.testing.assert_allclose(value, ref, rtol=0, atol=atol, err_msg=key)
