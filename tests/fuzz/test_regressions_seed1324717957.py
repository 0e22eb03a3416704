"""Regression tests for the fuzz campaigns of seeds 1324717957 (EAGERFLOW_FUZZ_ODD=1) and
466920160: each input the campaigns found, and its neighbours probed since, with TF 2.21's
answer to it recorded as data (its error class and message, or its result)."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf

tnp = tf.experimental.numpy
TE, IA, RE = TypeError, tf.errors.InvalidArgumentError, tf.errors.ResourceExhaustedError
F16 = np.float16


def _outcome(fn) -> tuple:
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - the error is the recorded answer
        return type(e), str(e)
    return out.dtype, out.numpy().tolist()


# -- tnp.tri: tf.ones of [N, M] cut by a band, as TF makes it --------------------------------

# (args, kwargs, TF 2.21's error class, a part of its message)
TRI_ERRORS = [
    # the campaign's case: a float16 size was taken as its int (a 65504 x 65504 matrix,
    # NumPy's MemoryError past the cap); TF's tf.ones refuses a shape of NumPy floats
    ((np.array(6.55e+04, F16),), {"dtype": [6.55941407038505e+16]}, TE,
     "Cannot convert [array(6.55e+04, dtype=float16), array(6.55e+04, dtype=float16)] to "
     "EagerTensor of dtype int32"),
    ((np.array(3.0, F16),), {}, TE, "Cannot convert [array(3., dtype=float16), "
                                    "array(3., dtype=float16)] to EagerTensor of dtype int32"),
    ((3, 2.5), {}, TE, "Cannot convert [3, 2.5] to EagerTensor of dtype int32"),
    # the band's bounds are MatrixBandPart's int64 Tindex (k - 1 - ... for k < 0)
    ((3, 4), {"k": 1.5}, TE, "Cannot convert 1.5 to EagerTensor of dtype int64"),
    ((3, 4), {"k": -1.5}, TE, "Cannot convert 0.5 to EagerTensor of dtype int64"),
    ((3,), {"dtype": tf.string}, TE, "Cannot convert 1 to EagerTensor of dtype string"),
    ((-1,), {"k": -3}, IA, "Dimension -1 must be >= 0"),
    ((100000,), {"k": -200000}, RE,
     "OOM when allocating tensor with shape[100000,100000] and type double"),
    ((100000,), {"k": 200000}, RE,
     "OOM when allocating tensor with shape[100000,100000] and type double"),
]


@pytest.mark.parametrize("args,kwargs,cls,words", TRI_ERRORS)
def test_tri_refuses_as_tf(args, kwargs, cls, words):
    with pytest.raises(cls) as e:
        tnp.tri(*args, **kwargs)
    assert words in str(e.value)
    outcome, _ = guarded("experimental.numpy.tri", ("Fill", "MatrixBandPart", "tri"),
                         tnp.tri, *args, **kwargs)
    assert outcome == cls.__name__


def test_tri_values_as_numpys_and_tfs():
    # every small size and diagonal against NumPy's tri; then TF 2.21's answers recorded
    # for the odd arguments it takes (a bool k is 1, an int-valued NumPy size its int)
    for n in range(4):
        for m in range(4):
            for k in range(-4, 5):
                got = tnp.tri(n, m, k, dtype="int32")
                assert got.dtype == tf.int32
                np.testing.assert_array_equal(got.numpy(), np.tri(n, m, k, dtype=np.int32))
    assert _outcome(lambda: tnp.tri(3, k=True)) == (
        tf.float64, [[1.0, 1.0, 0.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]])
    assert _outcome(lambda: tnp.tri(np.int64(3), k=np.int8(-1))) == (
        tf.float64, [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]])
    assert _outcome(lambda: tnp.tri(np.array(2), M=3, k=-2)) == (tf.float64, [[0.0] * 3] * 2)
    assert _outcome(lambda: tnp.tri(3, dtype=[True])) == (
        tf.bool, [[True, False, False], [True, True, False], [True, True, True]])
    assert _outcome(lambda: tnp.tri(4, 3, k=5)) == (tf.float64, [[1.0] * 3] * 4)


# -- tf.ones / tf.zeros of NumPy dims; tf.linalg.band_part's bounds --------------------------

X3 = np.ones((3, 3), np.float32)
ONES_AND_BANDS = [
    # a NumPy float or bool dim is refused by TF's conversion of the shape to int32 (it
    # was taken as its int; a float16 scalar was Fill's index_type error)
    (lambda: tf.ones([np.array(3.0, F16), 2]), TE,
     "Cannot convert [array(3., dtype=float16), 2] to EagerTensor of dtype int32"),
    (lambda: tf.ones([np.float16(3.0), 2]), TE,
     "Cannot convert [np.float16(3.0), 2] to EagerTensor of dtype int32"),
    (lambda: tf.zeros([np.array(3.0, np.float32)]), TE,
     "Cannot convert [array(3., dtype=float32)] to EagerTensor of dtype int32"),
    (lambda: tf.ones([np.array(True)]), TE,
     "Cannot convert [array(True)] to EagerTensor of dtype int32"),
    (lambda: tf.ones([np.complex64(2)]), TE,
     "Cannot convert [np.complex64(2+0j)] to EagerTensor of dtype int32"),
    # an integer array among the dims nests them: Fill's rank check (was NumPy's TypeError)
    (lambda: tf.ones([np.array([2])]), IA, "dims must represent a vector, got shape [1,1]"),
    (lambda: tf.ones([np.uint8(2), np.array(3, np.uint16)]), tf.float32, [[1.0] * 3] * 2),
    # the ops that take a shape as a tensor: a 0-d NumPy float array among its items makes
    # the list a float tensor, which the index attr refuses (was taken as its int)
    (lambda: tf.fill([np.array(3.0, F16)], 1.0), IA,
     "Value for attr 'index_type' of half is not in the list of allowed values: int32, int64"),
    (lambda: tf.reshape(tf.zeros([3]), [np.array(3.0, F16)]), IA,
     "Value for attr 'Tshape' of half is not in the list"),
    (lambda: tf.tile(tf.zeros([3]), [np.array(2.0)]), IA,
     "Value for attr 'Tmultiples' of double is not in the list"),
    (lambda: tf.broadcast_to(tf.zeros([3]), [np.array(3.0), 3]), IA,
     "Value for attr 'Tidx' of double is not in the list"),
    (lambda: tf.fill([np.array([3]), 2], 1.0), ValueError, "Can't convert non-rectangular"),
    (lambda: tf.reshape(tf.zeros([3]), [np.array(3)]), tf.float32, [0.0] * 3),
    (lambda: tf.ones([True, 2]), tf.float32, [[1.0, 1.0]]),
    # band_part's Python bounds are its Tindex, int64 by default: a bool is its int (was
    # refused), a float refused naming int64 (was int32), a NumPy number cast to it
    (lambda: tf.linalg.band_part(X3, -1, 1.5), TE,
     "Cannot convert 1.5 to EagerTensor of dtype int64"),
    (lambda: tf.linalg.band_part(X3, True, False), tf.float32,
     [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 1.0]]),
    (lambda: tf.linalg.band_part(X3, np.bool_(True), -1), tf.float32,
     [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [0.0, 1.0, 1.0]]),
    (lambda: tf.linalg.band_part(X3, np.float64(1.5), -1), tf.float32,
     [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [0.0, 1.0, 1.0]]),
    (lambda: tf.linalg.band_part(X3, -1, np.array(1.7)), tf.float32,
     [[1.0, 1.0, 0.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]),
    (lambda: tf.linalg.band_part(X3, -1, np.str_("1")), tf.float32,
     [[1.0, 1.0, 0.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]),
    (lambda: tf.linalg.band_part(X3, np.array([1]), -1), IA,
     "num_lower must be scalar, got shape [1]"),
]


@pytest.mark.parametrize("fn,want,words", ONES_AND_BANDS)
def test_ones_and_band_part_take_numpy_values_as_tf(fn, want, words):
    got = _outcome(fn)
    if isinstance(want, type):
        assert got[0] is want and words in got[1]
    else:
        assert got == (want, words)


# -- tnp.cross's axisc ------------------------------------------------------------------------

A23 = np.arange(6.0).reshape(2, 3)
B23 = np.ones((2, 3))
MOVED = [[-1.0, -1.0], [2.0, 2.0], [-1.0, -1.0]]  # the cross products along axis 0
IN_PLACE = [[-1.0, 2.0, -1.0], [-1.0, 2.0, -1.0]]
RANGE = "Requires start <= limit when delta > 0: "


@pytest.mark.parametrize("axisc,want,words", [
    # the last axis moved as TF's permutation of two ranges moves it: an axis out of the
    # rank is Range's error (was moveaxis' AssertionError, or a wrapped negative axis)
    (2, IA, RANGE + "2/1"), (-3, IA, RANGE + "0/-1"), (-7, IA, RANGE + "0/-5"),
    # NumPy numbers and 0-d arrays are axes (were 'not iterable' TypeErrors), an
    # int-valued float the last axis; a float otherwise is Transpose's Tperm error
    (np.array(0), tf.float64, MOVED), (np.int8(-1), tf.float64, IN_PLACE),
    (np.uint8(1), tf.float64, IN_PLACE), (1.0, tf.float64, IN_PLACE),
    (np.array([0]), tf.float64, MOVED),
    (np.float32(0.0), IA, "Value for attr 'Tperm' of float is not in the list"),
    (np.array([[1, 2], [3, 4]]), ValueError, "The truth value of an array with more than"),
    (0, tf.float64, MOVED), (-1, tf.float64, IN_PLACE),
])
def test_cross_places_its_result_axis_as_tf(axisc, want, words):
    got = _outcome(lambda: tnp.cross(A23, B23, axisc=axisc))
    if isinstance(want, type):
        assert got[0] is want and words in got[1]
    else:
        assert got == (want, words)
    # 2-vectors: the z component, whatever a scalar axisc says (TF's reads it only to
    # wrap a negative one); an array of several is NumPy's truth error there too
    two = _outcome(lambda: tnp.cross(np.ones((2, 2)), np.arange(4.0).reshape(2, 2),
                                     axisc=axisc))
    if isinstance(axisc, np.ndarray) and axisc.size > 1:
        assert two[0] is ValueError
    else:
        assert two == (tf.float64, [1.0, 1.0])


# -- ParseSingleSequenceExample of bytes that do not parse -----------------------------------

def _parse_single(serialized: bytes, **keys) -> tuple:
    args = dict(serialized=tf.constant(serialized), debug_name=tf.constant("nm"),
                feature_list_dense_missing_assumed_empty=tf.constant([], tf.string),
                context_sparse_keys=[], context_dense_keys=[], feature_list_sparse_keys=[],
                feature_list_dense_keys=[], context_dense_defaults=[])
    return tf.raw_ops.ParseSingleSequenceExample(**{**args, **keys})


CONTEXT_DENSE = dict(context_dense_keys=[tf.constant("a")], context_dense_shapes=[[]],
                     context_dense_defaults=[tf.constant(0, tf.int64)])


@pytest.mark.parametrize("serialized,keys,position", [
    # the campaign's case (ODD strings): TF's message quotes the bytes and is read as
    # UTF-8 whole, its positions counted from the eager function's prefix (was from the
    # quote: position 39)
    (b"\xff\xfe\xfd", CONTEXT_DENSE, 322),
    (b"abc\xc0", CONTEXT_DENSE, 325),
    (b"\xff\xfe\xfd", dict(context_sparse_keys=[tf.constant("a")],
                           context_sparse_types=[tf.int64]), 322),
    (b"\xff\xfe\xfd", dict(feature_list_dense_keys=[tf.constant("a")],
                           feature_list_dense_types=[tf.int64],
                           feature_list_dense_shapes=[[]]), 322),
    # asked for no feature at all, TF's single op never parses its input (was refused)
    (b"\xff\xfe\xfd", {}, None), (b"\n\x03abc", {}, None), (b"", {}, None),
])
def test_parse_single_sequence_example_of_unparsable_bytes_as_tf(serialized, keys, position):
    if position is None:
        assert [len(part) for part in _parse_single(serialized, **keys)] == [0] * 8
        return
    with pytest.raises(UnicodeDecodeError) as e:
        _parse_single(serialized, **keys)
    assert f"in position {position}: invalid start byte" in str(e.value)
    # valid UTF-8 is TF's InvalidArgumentError quoting it
    with pytest.raises(IA, match="Could not parse example input, value: '\n\x03abc'"):
        _parse_single(b"\n\x03abc", **keys)


# -- fixed_unigram_candidate_sampler's attrs ---------------------------------------------------

SAMPLER = dict(true_classes=np.array([[0, 1]], np.int64), num_true=2, num_sampled=2,
               unique=False, range_max=3, unigrams=[1.0] * 3, seed=1)
ONE_THIRD = [[0.3333333432674408, 0.6666666865348816]]  # (true_expected_count, of 1, 2, 3)
EVEN = [[0.6666666865348816, 0.6666666865348816]]


@pytest.mark.parametrize("key,value,want", [
    # the survey's call gave vocab_file inf: TF's wrapper refuses a vocab_file that is no
    # string, a distortion or unigram that is no real number, unigrams that are no list
    # (was str() and float() of them: the kernel's error, or accepted)
    ("vocab_file", float("inf"), "Expected string for argument 'vocab_file' not inf."),
    ("vocab_file", tf.constant("x"), "Expected string for argument 'vocab_file' not <tf.Tensor"),
    ("distortion", tf.constant(np.inf), "Expected float for argument 'distortion' not <tf.T"),
    ("distortion", "2", "Expected float for argument 'distortion' not '2'."),
    ("distortion", [1.0], "Expected float for argument 'distortion' not [1.0]."),
    ("unigrams", ["1", 2, 3], "Expected float for argument 'unigrams' not '1'."),
    ("unigrams", (1.0, 2.0, tf.constant(3.0)), "Expected float for argument 'unigrams' not <"),
    ("unigrams", 5.0, "Expected list for 'unigrams' argument to "
                      "'fixed_unigram_candidate_sampler' Op, not 5.0."),
    # a None is the attr's default; NumPy numbers and bools are real numbers
    ("distortion", None, EVEN), ("vocab_file", None, EVEN), ("distortion", True, EVEN),
    ("distortion", np.int8(2), EVEN), ("unigrams", np.array([1.0, 2.0, 3.0]), ONE_THIRD),
    ("unigrams", [1, True, np.float32(2)], [[0.5, 0.5]]),
])
def test_fixed_unigram_sampler_takes_its_attrs_as_tf(key, value, want):
    call = lambda: tf.random.fixed_unigram_candidate_sampler(**{**SAMPLER, key: value})  # noqa: E731
    if isinstance(want, str):
        with pytest.raises(TypeError) as e:
            call()
        assert str(e.value).startswith(want)
    else:
        assert call()[1].numpy().tolist() == want


# -- ResizeBilinear to the input's own size (the differential test's long run) ---------------

@pytest.mark.parametrize("align_corners,half_pixel_centers", [(False, False), (True, False),
                                                              (False, True)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_resize_bilinear_to_the_same_size_copies_as_tf(align_corners, half_pixel_centers,
                                                       dtype):
    # TF 2.21's kernel copies the images (as float32): inf and -0.0 stay (the lerps made
    # NaN of inf - inf, and 0.0 of -0.0)
    x = np.array([-0.0, np.inf, -np.inf, np.nan, 1.5, -2.0], dtype).reshape(1, 2, 3, 1)
    out = tf.raw_ops.ResizeBilinear(images=x, size=[2, 3], align_corners=align_corners,
                                    half_pixel_centers=half_pixel_centers)
    assert out.dtype == tf.float32
    got = out.numpy().ravel()
    np.testing.assert_array_equal(got, [-0.0, np.inf, -np.inf, np.nan, 1.5, -2.0])
    assert np.signbit(got).tolist() == [True, False, True, False, False, True]
