"""keras.metrics.Sum(dtype="bool") and Mean(dtype="bool"), as Keras 3.15 runs them
(recorded on TF 2.21): Sum counts the bools in int32 and adds its bool total in int32,
the assignment casting back, so any True seen makes the result True; Mean fails (Keras's
on adding its bool count, an AddV2 of bools)."""

import numpy as np
import pytest

import eagerflow as tf

# (updates in order, sample_weight) -> Keras 3.15's result
RECORDED = [
    (([True, False, True],), None, True),
    (([False, False],), None, False),
    (([[1, 0], [0, 0]],), None, True),
    (([False], [0.0]), None, False),
    (([0, 2], [-1]), None, True),
    (([True],), [True], True),
]


@pytest.mark.parametrize("updates,weight,want", RECORDED)
def test_bool_sum_is_whether_any_true_was_seen(updates, weight, want):
    m = tf.keras.metrics.Sum(dtype="bool")
    for u in updates:
        m.update_state(u, sample_weight=weight)
    got = m.result()
    assert got.dtype == tf.bool
    assert np.asarray(got).tolist() is want


def test_bool_mean_fails():
    m = tf.keras.metrics.Mean(dtype="bool")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bool"):
        m.update_state([True, False])
