"""TF's fused batch norm ops against TF 2.21's results (fused_batch_norm_golden.json, by
make_fused_batch_norm_golden.py from fused_batch_norm_cases.py): FusedBatchNorm, V2 and
V3's outputs (training, inference, running averages, NCHW, 5-D, a batch of one and of
none, half data), and the gradient ops' outputs and their own gradients (TF's composite
differentiated, which the closed form in nn_fused_bn.py stands for)."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.fused_batch_norm_cases import BACKWARD, FORWARD, backward, forward

with open(os.path.join(os.path.dirname(__file__), "fused_batch_norm_golden.json")) as f:
    GOLDEN = json.load(f)


def _close(got, want, half):
    tol = 2e-3 if half else 2e-5
    np.testing.assert_allclose(np.array(got, np.float64), np.array(want, np.float64),
                               rtol=tol, atol=tol)


@pytest.mark.parametrize("i", range(len(FORWARD)), ids=[str(c) for c in FORWARD])
def test_forward_matches_tf(i):
    got, want = forward(tf, np, FORWARD[i], i), GOLDEN["forward"][i]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        _close(g, w, FORWARD[i][-1] == "float16")


@pytest.mark.parametrize("i", range(len(BACKWARD)), ids=[str(c) for c in BACKWARD])
def test_gradient_op_and_its_gradient_match_tf(i):
    got, want = backward(tf, np, BACKWARD[i], i), GOLDEN["backward"][i]
    half = BACKWARD[i][-1] == "float16"
    for g, w in zip(got["outputs"], want["outputs"]):
        _close(g, w, half)
    for g, w in zip(got["grads"], want["grads"]):
        assert (g is None) == (w is None)
        if w is not None:
            _close(g, w, half)


def test_no_channels_gives_empty_statistics():
    # TF 2.21: an NHWC input of no channels normalizes to its empty self, with empty
    # statistics, in training and inference (the column sums' path needs channels)
    x = np.zeros((2, 3, 3, 0), np.float32)
    empty = np.zeros(0, np.float32)
    for training in (True, False):
        stats = (None, None) if training else (empty, empty)
        y, mean, var = tf.compat.v1.nn.fused_batch_norm(x, empty, empty, *stats,
                                                        is_training=training)
        assert y.shape == (2, 3, 3, 0) and mean.shape == (0,) and var.shape == (0,)
