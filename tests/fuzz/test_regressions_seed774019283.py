"""Regression tests for the fuzz campaign of seed 774019283 (EAGERFLOW_FUZZ=long, the
op and public-API suites): each input the campaign found, with TF 2.21's answer to it
recorded as data (its error class and message, or its result)."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY
from eagerflow.errors import InvalidArgumentError

# -- OptionalGetValue's output_shapes --------------------------------------------------------
# The campaign bound OptionalGetValue with output_shapes=(-3,): an int where a shape goes
# was Python's "'int' object is not iterable" in its shape inference. TF 2.21's wrapper
# makes each item a TensorShape (an int n is [n]; recorded below), and its attr check
# refuses a list's dim below -1 while -1 is an unknown dim.

_GET = REGISTRY["OptionalGetValue"]
_BELOW = ("{{function_node __wrapped__OptionalGetValue_output_types_1_device_/job:localhost/"
          "replica:0/task:0/device:CPU:0}} Shape [%s] has dimensions with values below -1 "
          "(where -1 means unknown) [Op:OptionalGetValue] name: ")


def _optional():
    return tf.raw_ops.OptionalFromValue(components=[tf.constant([1, 2, 3])])


def _get(shapes, raw: bool):
    if raw:
        return tf.raw_ops.OptionalGetValue(optional=_optional(), output_types=[tf.int32],
                                           output_shapes=shapes)
    return bind(_GET, (_optional(),), {"output_types": (tf.int32,), "output_shapes": shapes})


@pytest.mark.parametrize("raw", [False, True])
def test_the_campaigns_int_shape(raw):
    with pytest.raises(ValueError, match=r"^Error converting output_shapes to a TensorShape: "
                                         r"Dimension -3 must be >= 0\.$"):
        _get((-3,), raw)
    outcome, _ = guarded("OptionalGetValue", ("OptionalGetValue",), _get, (-3,), raw)
    assert outcome == "ValueError"


@pytest.mark.parametrize("raw", [False, True])
@pytest.mark.parametrize("shapes", [(3,), (None,), ([3],), ([-1],)])
def test_shapes_tf_reads(raw, shapes):
    (out,) = _get(shapes, raw)
    np.testing.assert_array_equal(out.numpy(), np.array([1, 2, 3], np.int32))


@pytest.mark.parametrize("raw", [False, True])
@pytest.mark.parametrize("shapes, text", [(([-3],), "-3"), (([-3, 2],), "-3,2"),
                                          (([2, -5],), "2,-5")])
def test_dims_below_minus_one(raw, shapes, text):
    with pytest.raises(InvalidArgumentError) as e:
        _get(shapes, raw)
    assert e.value.message == _BELOW % text


def test_minus_one_is_an_unknown_dim():
    with pytest.raises(InvalidArgumentError, match=r"does not match the expected shape for "
                                                   r"component 0\. Expected: \[\?,2\]\. "
                                                   r"Actual: \[3\]\."):
        _get(([-1, 2],), True)
