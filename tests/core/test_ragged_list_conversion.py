"""Eager conversion of ragged Python lists: TF converts the scalars as it walks the lists
depth first, so the first error met wins: a scalar that does not convert (a None, a
string among numbers, an int past int64) before the first row of the wrong length is
that scalar's error, not "non-rectangular". The same error whatever dtype is asked
(recorded from TF 2.21 for tf.constant, tf.constant(..., tf.float32), `x + value` with x
int32, float32 and string, and convert_to_tensor with an int64 hint)."""

from __future__ import annotations

import re

import pytest

import eagerflow as tf

MIXED = "Can't convert Python sequence with mixed types to Tensor."
RAGGED = "Can't convert non-rectangular Python sequence to Tensor."
NONE_FIRST = ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
              "to a Tensor.")
OUT_OF_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."

CASES = [
    ([[1, None], [2]], MIXED), ([[1, "a"], [2]], MIXED), ([[1, 2], [None]], RAGGED),
    ([[1, 2.5], [2]], RAGGED), ([[1.5, 2], [2]], RAGGED), ([[1, [2]], [2]], MIXED),
    ([[None, 1], [2]], NONE_FIRST), ([["a", 1], ["b"]], MIXED), ([["a", "b"], [1]], RAGGED),
    ([[1, 2], [3, None], [4]], MIXED), ([[1, 2], [3], [None, 1]], RAGGED),
    ([[1, True], [2]], RAGGED), ([[True, 1], [False]], MIXED), ([[1, 2], 3], RAGGED),
    ([1, [2, None]], MIXED), ([[[1], [None]], [[2]]], MIXED), ([[1, b"a"], [2]], MIXED),
    ([[1, 2**40], [2]], RAGGED), ([[1.5, None], [2.5]], MIXED),
    ([[1, 2**70], [2]], OUT_OF_RANGE),
]

CONVERSIONS = [
    lambda v: tf.constant(v),
    lambda v: tf.constant(v, tf.float32),
    lambda v: tf.constant([1]) + v,
    lambda v: tf.constant([1.0]) + v,
    lambda v: tf.constant(["a"]) + v,
    lambda v: tf.add(tf.constant([1]), v),
    lambda v: tf.convert_to_tensor(v, dtype_hint=tf.int64),
]


@pytest.mark.parametrize("value, message", CASES)
@pytest.mark.parametrize("convert", CONVERSIONS)
def test_first_error_met_walking_the_lists(value, message, convert):
    with pytest.raises(ValueError, match=re.escape(message)):
        convert(value)


def test_rectangular_lists_still_convert():
    assert tf.constant([[1, True], [2, 3]]).numpy().tolist() == [[1, 1], [2, 3]]
    assert tf.constant([[1, 2.5], [2, 3]]).dtype == tf.float32
