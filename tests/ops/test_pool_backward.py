"""Max pools' gradients through a tf.function, channels first on the CPU, each way a tape
meets the function (pool_backward_cases.py), against pool_backward_golden.json (recorded
by record_pool_backward.py): the gradient's shape, or the error's class and words, the
node, where user code made it, and the function."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.pool_backward_cases import CASES, WAYS, keys, run

GOLDEN = json.loads((Path(__file__).parent / "pool_backward_golden.json").read_text())
GOLDEN = GOLDEN["results"]
# eagerflow's outcome differs from TF's: a tape inside a tf.function over another's call
# (the inner function's backward replays its MaxPool, which runs where TF's forward one
# would, and the forward's, whose output only the tape reads, is pruned: TF names the
# forward's node in its wording, eagerflow the replay's)
KNOWN = {"max_pool2d_nchw float64 nested_call", "max_pool_v2_nchw float32 nested_call"}


# (TF 2.21's CPU answers, its XLA's on the CPU: where a GPU is the default device too)
pytestmark = pytest.mark.usefixtures("cpu_kernels")


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(keys())


@pytest.mark.parametrize("fn, dtype, shape", CASES,
                         ids=[f"{fn.__name__}-{dtype}" for fn, dtype, _ in CASES])
@pytest.mark.parametrize("way", WAYS)
def test_pool_backward_as_tf(fn, dtype, shape, way):
    key = f"{fn.__name__} {dtype} {way}"
    # (a KNOWN case now as TF's: its entry must go)
    assert (run(tf, fn, dtype, shape, way) == GOLDEN[key]) != (key in KNOWN)
