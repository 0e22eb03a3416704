"""TF's batching raw ops (Batch, Unbatch, UnbatchGrad, BatchFunction) against TensorFlow
2.21's recorded behaviour for a caller alone (batch_ops_golden.json, written by
record_batch_ops.py from batch_op_cases.py)."""

import json
import threading
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import batch_ops
from tests.ops.batch_op_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "batch_ops_golden.json").read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_batch_ops_behave_as_tf(got, group, key):
    want = GOLDEN[group][key]
    if key == "signature":  # (TF prints a list default as [], eagerflow's raw ops as ())
        assert got[group][key].replace("()", "[]") == want.replace("()", "[]")
        return
    assert got[group][key] == want


def test_unbatch_grad_waits_for_the_gradients_of_its_batch(monkeypatch):
    """A batch's gradient comes when every key's has: from another thread here; with none
    coming (no other thread running), eagerflow refuses (TF waits for ever)."""
    monkeypatch.setattr(batch_ops, "UNBATCH_GRAD_WAIT_S", 5.0)
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    index = tf.constant([[1, 0, 1], [2, 1, 2]], tf.int64)
    results = {}

    def other():
        results["other"] = tf.raw_ops.UnbatchGrad(
            original_input=tf.zeros([0, 2]), batch_index=tf.zeros([0, 3], tf.int64),
            grad=x[1:] * 10, id=tf.constant(2, tf.int64), shared_name="threads")

    t = threading.Timer(0.2, other)
    t.start()
    out = tf.raw_ops.UnbatchGrad(original_input=x, batch_index=index, grad=x[:1],
                                 id=tf.constant(1, tf.int64), shared_name="threads")
    t.join()
    np.testing.assert_array_equal(out.numpy(), [[1.0, 2.0], [30.0, 40.0]])
    assert results["other"].shape == (0, 2)
    with pytest.raises(tf.errors.FailedPreconditionError, match="would wait forever"):
        tf.raw_ops.UnbatchGrad(original_input=x, batch_index=index, grad=x[:1],
                               id=tf.constant(1, tf.int64), shared_name="alone")


def test_unbatch_hands_a_waiting_caller_its_slice():
    """A caller waiting for its key gets it from another thread's Unbatch."""
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    index = tf.constant([[7, 0, 1], [8, 1, 2]], tf.int64)
    t = threading.Timer(0.2, lambda: tf.raw_ops.Unbatch(
        batched_tensor=x, batch_index=index, id=tf.constant(7, tf.int64),
        timeout_micros=5_000_000, shared_name="handoff"))
    t.start()
    out = tf.raw_ops.Unbatch(batched_tensor=tf.zeros([0, 2]),
                             batch_index=tf.zeros([0, 3], tf.int64),
                             id=tf.constant(8, tf.int64), timeout_micros=5_000_000,
                             shared_name="handoff")
    t.join()
    np.testing.assert_array_equal(out.numpy(), [[3.0, 4.0]])


def test_shapes_tf_aborts_on_are_refused():
    """A scalar batched tensor or a slice ending before it starts aborts TF's process."""
    with pytest.raises(tf.errors.InvalidArgumentError, match="at least one dimension"):
        tf.raw_ops.Unbatch(batched_tensor=tf.constant(1.0),
                           batch_index=tf.constant([[5, 0, 1]], tf.int64),
                           id=tf.constant(5, tf.int64), timeout_micros=1000, shared_name="x")
    with pytest.raises(tf.errors.InvalidArgumentError, match="must not end before"):
        tf.raw_ops.Unbatch(batched_tensor=tf.ones([2, 2]),
                           batch_index=tf.constant([[5, 1, 0]], tf.int64),
                           id=tf.constant(5, tf.int64), timeout_micros=1000, shared_name="x")
