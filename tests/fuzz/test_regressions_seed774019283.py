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


# -- create_rng_state of a list TF's conversion reads as empty -------------------------------
# The campaign's seed [[], [5.8e16, 's', -2**63]]: TF 2.21 casts the seed list to int64 as
# tf.cast does, and its conversion takes the shape from the first row, [] (the (2, 0)
# tensor), so the seed is empty and the state all zeros (recorded); eagerflow read it with
# NumPy, whose ValueError escaped ('inhomogeneous shape after 1 dimensions').

@pytest.mark.parametrize("alg, size", [(1, 3), (2, 2), (3, 3)])
def test_the_campaigns_rng_seed(alg, size):
    seed = [[], [5.819271805193421e+16, "s", -9223372036854775808]]
    out = tf.random.create_rng_state(seed, tf.constant(alg, tf.uint8))
    assert out.dtype == tf.int64
    np.testing.assert_array_equal(out.numpy(), np.zeros(size, np.int64))
    outcome, _ = guarded("random.create_rng_state", ("random.create_rng_state",),
                         tf.random.create_rng_state, seed, tf.constant(alg, tf.uint8))
    assert outcome == "ok"


@pytest.mark.parametrize("seed, want", [
    ([2**64 - 1, 3], [-1, 3]), ([1.9, -2.7], [1, -2]), (2**70 + 5, [5, 64]), (7.5, [0, 7]),
    (np.array([3, 4], np.uint64), [3, 4])])
def test_rng_seeds_cast_as_tf_casts_them(seed, want):  # recorded from TF 2.21 (threefry)
    np.testing.assert_array_equal(tf.random.create_rng_state(seed, "threefry").numpy(), want)


@pytest.mark.parametrize("seed, error, message", [
    ([5.5, "s"], ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    ([[1], [2, 3]], ValueError, "Can't convert non-rectangular Python sequence to Tensor."),
    ([np.uint64(2**64 - 1)], ValueError,
     "Can't convert Python sequence with out-of-range integer to Tensor."),
    (["s"], tf.errors.UnimplementedError, "Cast string to int64 is not supported")])
def test_rng_seeds_tf_refuses(seed, error, message):
    with pytest.raises(error) as e:
        tf.random.create_rng_state(seed, "threefry")
    assert message in str(e.value)
