"""Regression tests for the fuzz campaign of seed 3918273645 (EAGERFLOW_FUZZ=long, the
public-API and op suites): each input the campaign found, with TF 2.21's answer to it
recorded as data (its error class and message, or its result), or, where TF's own kernel
crashes the process, the error eagerflow gives instead."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY
from eagerflow.errors import InvalidArgumentError


def _t(a) -> EagerTensor:
    return tf.constant(a)


# -- A variable-length dense feature whose row has no elements ------------------------------
# FixedLenSequenceFeature([0]) (dense_shapes [?,0]): TF 2.21's parsers divide a feature's
# value count by the row's size, 0, and die of SIGFPE (recorded: ParseExample and
# ParseExampleV2 on any batch, parse_single_example on a present feature, even an empty
# one). eagerflow refuses values with the not-a-multiple error (0 values are a multiple of
# 0: an empty result); parse_single_example of a missing feature is TF's (0, 0) (recorded).

def _example(values) -> bytes:
    e = tf.train.Example()
    if values is not None:
        e.features.feature["f"].float_list.value.extend(values)
    return e.SerializeToString()


def test_the_campaigns_parse_example_case():
    # was NumPy's "cannot reshape array of size 6 into shape (2,0,0)"
    ser = np.array([_example([1.0, 2.0, 3.0, 4.0]), _example([5.0, 6.0])], object)
    inputs = (_t(ser), _t(np.array([], object)), _t(np.array(b"f", object)),
              _t(np.float32(np.nan)))
    attrs = {"Nsparse": 0, "Ndense": 1, "sparse_types": (), "dense_shapes": ((None, 0),)}
    with pytest.raises(InvalidArgumentError) as e:
        bind(REGISTRY["ParseExample"], inputs, dict(attrs))
    assert e.value.message.endswith(
        "}} Name: <unknown>, Key: f, Index: 0.  Number of float values is not a multiple of "
        "stride length. Saw 4 values but output shape is: [?,0] [Op:ParseExample] name: ")
    outcome, _ = guarded("ParseExample", ("ParseExample",), bind, REGISTRY["ParseExample"],
                         inputs, dict(attrs))
    assert outcome == "InvalidArgumentError"


@pytest.mark.parametrize("shape", [[0], [2, 0], [0, 3]])
def test_parse_single_example_of_a_row_of_no_elements(shape):
    feature = {"f": tf.io.FixedLenSequenceFeature(shape, tf.float32, allow_missing=True)}
    for values in (None, []):  # TF 2.21: missing is the empty result ([] crashes TF)
        out = tf.io.parse_single_example(_example(values), feature)["f"]
        assert out.shape == (0, *shape) and out.dtype == tf.float32
    with pytest.raises(InvalidArgumentError, match="number of elements should be divisible "
                                                   "by 0, found 2 instead"):
        tf.io.parse_single_example(_example([1.0, 2.0]), feature)


def test_parse_example_batch_of_a_row_of_no_elements():
    feature = {"f": tf.io.FixedLenSequenceFeature([0], tf.float32, allow_missing=True)}
    out = tf.io.parse_example([_example(None), _example([])], feature)["f"]
    assert out.shape == (2, 0, 0)
    with pytest.raises(InvalidArgumentError, match=r"Index: 1.  Number of float values is "
                                                   r"not a multiple of stride length. Saw 1 "
                                                   r"values but output shape is: \[\?,0\]"):
        tf.io.parse_example([_example([]), _example([1.0])], feature)
