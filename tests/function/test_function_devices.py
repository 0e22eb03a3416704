"""tf.function under device scopes naming devices this process lacks, as TF 2.21
(golden/function_devices.json, recorded by record_function_devices_golden.py from
function_devices_program.py): the trace records each op's device; a call refuses
another task's device with TF's error (its node, the function's op: __forward_f_N under
a tape; a called function's node named under its call, "PartitionedCall/mul"), at every
call; a GPU's or another CPU's op runs on this CPU (functions place softly); variable
reads by conversion record no device (read_value's does); eager scopes are unchanged."""

import json
import sys
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.function import placement
from tests.function.record_function_devices_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" / "function_devices.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_function_devices(ours, key):
    assert ours[key] == GOLDEN[key]


def test_placement_is_checked_once_per_function(monkeypatch):
    """A function's graph is checked at its first call, not at every call; a refused
    graph's error is kept and raised again without a new check."""
    calls = []
    real = placement.misplaced
    monkeypatch.setattr(placement, "misplaced",
                        lambda ops, *a: calls.append(len(ops)) or real(ops, *a))

    @tf.function
    def ok(x):
        with tf.device("/cpu:0"):
            return x + 1.0

    @tf.function
    def bad(x):
        with tf.device("/job:worker/task:1"):
            return x + 1.0

    assert [float(ok(tf.constant(1.0))) for _ in range(3)] == [2.0, 2.0, 2.0]
    assert len(calls) == 1
    for _ in range(2):
        with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[\[add\]\] \[Op:"):
            bad(tf.constant(1.0))
    assert len(calls) == 2
