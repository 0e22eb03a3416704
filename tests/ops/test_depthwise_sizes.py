"""The depthwise gradients' input_sizes / filter_sizes refused as TF 2.21 refuses them,
eagerly and traced, against depthwise_sizes_golden.json (depthwise_sizes_cases.py):
TF's depthwise gradient kernels' own checks and words (DepthwiseConv2DBackpropInput: ...),
its shape function's ValueError for sizes of another length or rank while tracing."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.depthwise_sizes_cases import CASES, outcome

pytestmark = pytest.mark.usefixtures("cpu_kernels")

GOLDEN = json.loads((Path(__file__).parent / "depthwise_sizes_golden.json").read_text())["cases"]


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_sizes_refused_as_tf(case):
    assert outcome(tf, case) == GOLDEN[case]
