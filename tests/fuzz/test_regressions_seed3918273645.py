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


# -- UnsortedSegmentJoin of 0-d segment ids --------------------------------------------------

_USJ = ("{{function_node __wrapped__UnsortedSegmentJoin_device_/job:localhost/replica:0/task:0/"
        "device:CPU:0}} ")


def test_the_campaigns_segment_join_case():
    # was a hang: 2**31 - 1 segments built one by one for 0-d ids; TF 2.21 refuses 0-d ids
    # in its kernel after checking num_segments (recorded)
    inputs = (_t(np.array([], object)), _t(np.int32(0)), _t(np.int32(2147483647)))
    with pytest.raises(InvalidArgumentError) as e:
        bind(REGISTRY["UnsortedSegmentJoin"], inputs, {"separator": b"-"})
    assert str(e.value) == _USJ + "Segment_id cannot have rank 0 [Op:UnsortedSegmentJoin] name: "
    outcome, _ = guarded("UnsortedSegmentJoin", ("UnsortedSegmentJoin",), bind,
                         REGISTRY["UnsortedSegmentJoin"], inputs, {"separator": b"-"})
    assert outcome == "InvalidArgumentError"


# (inputs, segment_ids, num_segments, TF 2.21's message, recorded)
_USJ_ERRORS = [
    ([b"a"], np.int32(0), 2, "Segment_id cannot have rank 0"),
    (b"a", np.int32(0), 2, "Segment_id cannot have rank 0"),
    ([b"a"], np.int32(5), 2, "Segment_id cannot have rank 0"),
    ([b"a"], np.int32(0), -1, "Number of segments must be non-negative but got -1"),
    ([b"a"], np.int32(0), np.array([2], np.int32), "Number of segments must be a scalar"),
]


@pytest.mark.parametrize("x,ids,n,msg", _USJ_ERRORS, ids=["vector", "scalar", "past-n",
                                                          "negative-n", "vector-n"])
def test_segment_join_of_0d_ids(x, ids, n, msg):
    for call in (tf.raw_ops.UnsortedSegmentJoin, None):
        with pytest.raises(InvalidArgumentError) as e:
            if call is None:
                tf.strings.unsorted_segment_join(x, ids, n)
            else:
                call(inputs=x, segment_ids=ids, num_segments=n, separator="-")
        assert str(e.value) == _USJ + msg + " [Op:UnsortedSegmentJoin]"


def test_segment_join_of_0d_ids_in_a_graph_fails_when_run():
    # TF 2.21: the kernel's error, at run time (recorded)
    @tf.function
    def f(x, i):
        return tf.strings.unsorted_segment_join(x, i, 3)
    with pytest.raises(InvalidArgumentError, match="Segment_id cannot have rank 0"):
        f(tf.constant([b"a"]), tf.constant(0))


def test_segment_join_leaves_the_segments_no_row_goes_to_empty():
    # recorded from TF 2.21; the empty rows (2, 0) with 2**31 - 1 segments: TF's kernel
    # runs past a minute there, eagerflow's result has no elements
    out = tf.raw_ops.UnsortedSegmentJoin(inputs=np.zeros((0, 2), object),
                                         segment_ids=np.zeros((0,), np.int32),
                                         num_segments=5, separator="-")
    assert out.numpy().tolist() == [[b"", b""]] * 5
    out = tf.strings.unsorted_segment_join([["a", "b"], ["c", "d"], ["e", "f"]], [2, 0, 2], 4,
                                           separator="+")
    assert out.numpy().tolist() == [[b"c", b"d"], [b"", b""], [b"a+e", b"b+f"], [b"", b""]]
    out = tf.strings.unsorted_segment_join([["a", "b"], ["c", "d"]], [[1, 0], [1, 1]], 3,
                                           separator=".")
    assert out.numpy().tolist() == [b"b", b"a.c.d", b""]
    out = tf.raw_ops.UnsortedSegmentJoin(inputs=np.zeros((2, 0), object),
                                         segment_ids=np.zeros((2,), np.int32),
                                         num_segments=2147483647, separator="-")
    assert out.shape == (2147483647, 0) and out.dtype == tf.string


# -- Erf of float64 values past 1.34e154 ------------------------------------------------------

def test_the_campaigns_erf_case_is_tfs_nan():
    # the campaign's "not finite for finite inputs": TF 2.21's float64 erf is NaN past
    # |x| ~ 1.34e154 (its x * x overflows), its float32 erf -1 (recorded); eagerflow's is
    # TF's, so Erf left the fuzz's FINITE_OPS
    x = np.array([-7.64954559e-001, -8.54620551e-001, -1.79769313e+308, 3.37222953e+000])
    got = tf.math.erf(x).numpy()
    np.testing.assert_array_equal(got, [-0.7206626430836803, -0.7731895834214071, np.nan,
                                        0.9999981490579485])
    with np.errstate(over="ignore"):
        x32 = x.astype(np.float32)
    np.testing.assert_array_equal(tf.math.erf(x32).numpy(),
                                  np.array([-0.7206625938415527, -0.7731896042823792, -1.0,
                                            0.999998152256012], np.float32))
    big = np.array([1e154, 1.34e154, 1.35e154, 1e155, 1e300, -np.inf, np.inf])
    np.testing.assert_array_equal(tf.math.erf(big).numpy(),
                                  [1.0, 1.0, np.nan, np.nan, np.nan, np.nan, np.nan])


# -- stft's default fft_length of a frame_length not finite ----------------------------------

_BF16 = tf.bfloat16.as_numpy_dtype

# (frame_length, TF 2.21's error, recorded): TF's Python takes the default fft_length as
# int(2 ** ceil(log(frame_length) / log(2))), so inf is int()'s OverflowError and a negative
# or NaN length its ValueError
_STFT_CASES = [
    (np.array(np.inf, _BF16), OverflowError, "cannot convert float infinity to integer"),
    (np.float32(np.inf), OverflowError, "cannot convert float infinity to integer"),
    (float("inf"), OverflowError, "cannot convert float infinity to integer"),
    (np.array(np.nan, np.float32), ValueError, "cannot convert float NaN to integer"),
    (np.float32(-np.inf), ValueError, "cannot convert float NaN to integer"),
    (-1, ValueError, "cannot convert float NaN to integer"),
    (-3, ValueError, "cannot convert float NaN to integer"),
]


@pytest.mark.parametrize("length,cls,msg", _STFT_CASES, ids=[f"case{i}" for i in range(7)])
def test_stft_default_fft_length_of_a_length_not_finite(length, cls, msg):
    with pytest.raises(cls) as e:
        tf.signal.stft([1.0, 2.0, 3.0, 4.0], length, 1)
    assert type(e.value) is cls and str(e.value) == msg


def test_the_campaigns_stft_case():
    # was int()'s OverflowError from inside eagerflow; TF 2.21's is the same (recorded),
    # now raised on purpose
    args = ([], np.array(np.inf, _BF16), np.array(1 + 1j, np.complex64))
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        tf.signal.stft(*args, pad_end=np.array(np.inf, _BF16))
    outcome, _ = guarded("signal.stft", ("stft",), tf.signal.stft, *args,
                         pad_end=np.array(np.inf, _BF16), name=np.array([], np.float32))
    assert outcome == "OverflowError"


def test_stft_default_fft_length_rounds_as_tfs():
    # TF 2.21's float64 log of 2**29 over log(2) rounds past 29: fft_length 2**30
    from eagerflow._src.ops.signal_ops import enclosing_power_of_two
    assert [enclosing_power_of_two(n) for n in (1, 2, 3, 5, 8, 2 ** 29, 2 ** 30)] == \
        [1, 2, 4, 8, 8, 2 ** 30, 2 ** 30]
