"""Small fidelity gaps against TF 2.21's recorded outcomes (fidelity_gaps_golden.json, by
record_fidelity_gaps_golden.py from fidelity_gaps_cases.py): which op tf.pad runs (Pad for
a Python zero, PadV2 for any other value, MirrorPad for the mirror modes), in graphs, in
GraphDefs and in eager errors."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.ops import fidelity_gaps_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "fidelity_gaps_golden.json").read_text())["cases"]
PAD = cases.pad_cases(tf)


@pytest.mark.parametrize("key", sorted(PAD))
def test_pad_matches_tf(key):
    assert recorded_outcome(cases.outcome(PAD[key])) == GOLDEN[key]


def test_pad_gradient_matches_tf():
    assert cases.outcome(lambda: cases.gradient_of_pad(tf)) == GOLDEN["grad/pad"]


def test_pad_op_with_runtime_paddings_computes_and_differentiates():
    """Pad with paddings known only when the graph runs: the value, its checks and its
    gradient (the incoming gradient's window at paddings[:, 0])."""
    x = np.arange(6.0).reshape(2, 3)

    @tf.function(input_signature=[tf.TensorSpec([2, 3], tf.float64),
                                  tf.TensorSpec([2, 2], tf.int32)])
    def f(t, q):
        with tf.GradientTape() as tape:
            tape.watch(t)
            y = tf.pad(t, q)
            w = tf.reshape(tf.cast(tf.range(tf.size(y)), tf.float64), tf.shape(y))
            loss = tf.reduce_sum(y * w)
        return y, tape.gradient(loss, t)

    assert [op.type for op in f.get_concrete_function().graph.get_operations()
            if op.type.startswith("Pad")] == ["Pad"]
    y, g = f(tf.constant(x), tf.constant([[1, 0], [2, 1]]))
    np.testing.assert_array_equal(y.numpy(), np.pad(x, [[1, 0], [2, 1]]))
    weights = np.arange(3 * 6.0).reshape(3, 6)
    np.testing.assert_array_equal(g.numpy(), weights[1:, 2:5])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Paddings must be non-negative"):
        f(tf.constant(x), tf.constant([[1, 0], [-2, 1]]))
