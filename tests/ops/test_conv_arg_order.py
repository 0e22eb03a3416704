"""tf.nn.conv2d/conv3d's order of checks and the convolutions' rank errors as TF 2.21 words
them (ops/nn_conv.py: the padding converted, input.shape read, the op's attrs before the
inputs; traced, the shape functions' rank ValueErrors), against conv_arg_order_golden.json
(recorded by record_conv_arg_order.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.conv_arg_order_cases import DEPTH_CALLS, keys, run

GOLDEN = json.loads((Path(__file__).parent / "conv_arg_order_golden.json").read_text())
GOLDEN = GOLDEN["results"]

# Traced, TF's MaxPoolGradGrad and MaxPool3D kernels refuse a window across the channels
# when the node runs ("[[{{node MaxPool3D}}]]", in the eager words); eagerflow's infer
# refuses it while tracing (MaxPool, MaxPoolV2 and AvgPool check it as their node runs)
KNOWN = {c for c in DEPTH_CALLS if c.startswith(("tf.raw_ops.MaxPoolGradGrad(",
                                                 "tf.raw_ops.MaxPool3D("))}


# (TF 2.21's CPU answers, its XLA's on the CPU: where a GPU is the default device too)
pytestmark = pytest.mark.usefixtures("cpu_kernels")


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(f"{c} | {t}" for c, t in keys())


@pytest.mark.parametrize("traced", [False, True])
def test_conv_arg_order_as_tf(traced):
    picked = [c for c, t in keys() if t == traced]
    got = {c: run(tf, np, c, traced) for c in picked}
    differ = {c: (g, GOLDEN[f"{c} | {traced}"]) for c, g in got.items()
              if (g != GOLDEN[f"{c} | {traced}"]) != (traced and c in KNOWN)}
    assert not differ, differ  # (a KNOWN case now as TF's: its entry must go)
