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


# Keras 3.15's message (recorded on TF 2.21): its bool count plus the count of samples
# cast to bool, an AddV2 of bools, whatever the values and weights
_ADD_V2 = (
    "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, "
    "double, uint8, uint16, uint32, uint64, int8, int16, int32, int64, complex64, "
    "complex128\n\t; NodeDef: {{node AddV2}}; Op<name=AddV2; signature=x:T, y:T -> z:T; "
    "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_UINT16, "
    "DT_UINT32, DT_UINT64, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, "
    "DT_COMPLEX128]; is_commutative=true; is_aggregate=true> [Op:AddV2] name: ")


@pytest.mark.parametrize("values,weight", [([1, 0, 1], None), ([True, False], None),
                                           ([1.5], None), ([1, 0], [1, 1])])
def test_bool_mean_fails_adding_its_count(values, weight):
    m = tf.keras.metrics.Mean(dtype="bool")
    assert [v.dtype for v in m.variables] == ["bool", "bool"]
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        m.update_state(values, sample_weight=weight)
    assert str(info.value) == _ADD_V2
    assert float(m.result()) == 0.0  # (recorded: a float32 0, the count never added)
