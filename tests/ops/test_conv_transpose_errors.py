"""The transposed convolutions' errors as TF 2.21 words them (ops/nn_conv.py: the 3D
kernels' own checks, their V1 labels), against conv_transpose_errors_golden.json (recorded
by record_conv_transpose_errors.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.gpu_target import on_the_gpu
from tests.ops.conv_transpose_errors_cases import keys, run

GOLDEN = json.loads((Path(__file__).parent / "conv_transpose_errors_golden.json").read_text())
GOLDEN = GOLDEN["results"]

# Traced, TF refuses these later or otherwise: its shape functions' ValueErrors naming the
# node ("Dimensions must be equal, but are 3 and 5 for '{{node conv2d_transpose}} = ..."),
# or its kernel when the function runs ('[[{{node conv3d_transpose}}]]'); eagerflow raises
# the kernel's InvalidArgumentError while tracing
KNOWN = {
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,5]), [1,10,4], 2)",
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,3]), [1,10,5], 2)",
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,3]), [2,10,4], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,5]), [1,10,10,4], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,10,10,5], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [2,10,10,4], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,10,10], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,5]), [1,10,10,10,4], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,3]), [1,10,10,10,5], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,3]), [2,10,10,10,4], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,3]), [1,10,10,10], 2)",
    "tf.nn.atrous_conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,6,5,4], 2, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(tf.ones([2,5,5,3]), tf.ones([2,2,4,3]), [1,5,5,4], 2, 'SAME')",
}


def test_every_case_is_recorded():
    assert len(GOLDEN) == len(keys())


@pytest.mark.parametrize("traced", [False, True])
def test_conv_transpose_errors_as_tf(traced):
    picked = [c for c, t in keys() if t == traced]
    with tf.device("/CPU:0"):  # (recorded there: TF's GPU kernels word some checks apart)
        got = {c: run(tf, c, traced) for c in picked}
    differ = {c: (g, GOLDEN[f"{c} | {traced}"]) for c, g in got.items()
              if (g != GOLDEN[f"{c} | {traced}"]) != (traced and c in KNOWN)}
    assert not differ, differ  # (a KNOWN case now as TF's: its entry must go)


# TF's GPU kernels of Conv2DBackpropInput and Conv2DBackpropFilter word the checks they
# share with the CPU's as its slow kernels (LaunchConv2DBackpropInputOp and
# LaunchConv2DBackpropFilterOp for GPUDevice, conv_grad_input_ops.cc and
# conv_grad_filter_ops.cc: "Conv2DSlowBackpropInput"); its CPU's custom kernels, recorded,
# as "Conv2DCustomBackpropInput" and "Conv2DCustomBackpropFilter"
_GPU_WORDS = {"Conv2DCustomBackpropInput:": "Conv2DSlowBackpropInput:",
              "Conv2DCustomBackpropFilter:": "Conv2DSlowBackpropFilter:", "CPU:0}}": "GPU:0}}"}


def _as_the_gpu_words_it(outcome: list) -> list:
    message = outcome[1]
    for cpu, gpu in _GPU_WORDS.items():
        message = message.replace(cpu, gpu)
    return [outcome[0], message]


def test_a_gpu_words_the_2d_gradients_checks_as_its_slow_kernels():
    picked = [c for c, t in keys() if not t and "Conv2DCustomBackprop" in
              str(GOLDEN[f"{c} | False"])]
    assert len(picked) >= 8
    with on_the_gpu():
        got = {c: run(tf, c, False) for c in picked}
    want = {c: _as_the_gpu_words_it(GOLDEN[f"{c} | False"]) for c in picked}
    assert got == want
