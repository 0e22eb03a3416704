"""Segment max/min/prod/mean/sqrt_n: values against NumPy loops, TF's fill values for empty
segments, gradients (ties split evenly, products with zeros) against finite differences."""

import numpy as np
import pytest

import eagerflow as tf

IDS = np.array([0, 0, 2, 2, -1, 0], np.int32)


def _grad(f, x):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x) * tf.constant([1.0, 2.0, 3.0], x.dtype))
    return tape.gradient(y, x).numpy()


def _numeric(f, x, eps=1e-6):
    w = np.array([1.0, 2.0, 3.0])
    out = np.zeros_like(x)
    for i in range(x.size):
        p, m = x.copy(), x.copy()
        p[i] += eps
        m[i] -= eps
        out[i] = (np.sum(f(tf.constant(p)).numpy() * w) - np.sum(f(tf.constant(m)).numpy() * w)) \
            / (2 * eps)
    return out


@pytest.mark.parametrize("x", [
    np.array([2.0, 0.0, 3.0, 1.5, 4.0, -1.0]),   # one zero in segment 0
    np.array([0.0, 0.0, 3.0, 1.5, 4.0, -1.0]),   # two zeros in segment 0
    np.array([2.0, 0.5, 0.0, 1.5, 0.0, -1.0]),   # a zero in segment 2, one dropped
])
def test_prod_gradient_with_zeros(x):
    def f(v):
        return tf.math.unsorted_segment_prod(v, IDS, 3)
    np.testing.assert_allclose(_grad(f, x), _numeric(f, x), atol=1e-8)


def test_max_gradient_splits_ties_evenly():
    x = np.array([5.0, 5.0, 1.0, 3.0, 9.0, 2.0])

    def f(v):
        return tf.math.unsorted_segment_max(v, IDS, 3)
    np.testing.assert_allclose(_grad(f, x), [0.5, 0.5, 0, 3.0, 0, 0])


def test_mean_and_sqrt_n_against_numpy():
    x = np.arange(12.0).reshape(6, 2)
    mean = tf.math.unsorted_segment_mean(x, IDS, 4).numpy()
    sqrt_n = tf.math.unsorted_segment_sqrt_n(x, IDS, 4).numpy()
    for s in range(4):
        rows = x[IDS == s]
        want = rows.mean(0) if len(rows) else np.zeros(2)
        np.testing.assert_allclose(mean[s], want)
        np.testing.assert_allclose(sqrt_n[s], rows.sum(0) / np.sqrt(max(len(rows), 1)))


def test_sorted_forms_fill_empty_segments_and_check_order():
    ids = np.array([0, 0, 2, 2])
    x = np.array([1.0, 5.0, 3.0, 2.0])
    np.testing.assert_array_equal(tf.math.segment_max(x, ids).numpy(), [5, 0, 3])
    np.testing.assert_array_equal(tf.math.segment_min(x, ids).numpy(), [1, 0, 2])
    np.testing.assert_array_equal(tf.math.segment_prod(x, ids).numpy(), [5, 1, 6])
    np.testing.assert_array_equal(tf.math.segment_mean([1, 4, 3, 2], ids).numpy(), [2, 0, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"not increasing \[Op:SegmentMax\]"):
        tf.math.segment_max(x, [0, 1, 0, 2])
    # TF 2.21's words (math_edges_golden.json): the first run's id is out of [0, last + 1)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Segment id -1 out of range \[0, 2\).* \[Op:SegmentMin\]"):
        tf.math.segment_min(x, [-1, 0, 0, 1])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"must be >= 0 \[Op:SegmentMin\]"):
        tf.math.segment_min(x, [0, 0, 0, -1])


def test_empty_unsorted_segments_hold_the_identity():
    out = tf.math.unsorted_segment_min(tf.constant([1, 2], tf.int64), [0, 0], 2).numpy()
    assert out[1] == np.iinfo(np.int64).max
    out = tf.math.unsorted_segment_max(tf.constant([1.0], tf.float64), [1], 2).numpy()
    assert out[0] == np.finfo(np.float64).min


@pytest.mark.parametrize("name", ["segment_sum", "segment_max", "segment_min", "segment_prod",
                                  "segment_mean"])
def test_sorted_forms_take_segment_ids_known_only_at_run_time(name):
    """In a traced function the segment count comes from the ids when the graph runs (the
    output's first dim unknown, as TF's); the ids are checked then, by TF's Segment* kernel
    (a first id of -1 is out of the range the last id gives)."""
    fn = getattr(tf.math, name)
    traced = tf.function(fn, input_signature=[tf.TensorSpec([None, 2]),
                                              tf.TensorSpec([None], tf.int32)])
    assert traced.get_concrete_function().structured_outputs.shape.as_list() == [None, 2]
    x = np.arange(10, dtype=np.float32).reshape(5, 2) + 1
    for ids in ([0, 0, 2, 2, 3], [1, 1, 1, 1, 1]):
        ids = np.array(ids, np.int32)
        np.testing.assert_allclose(traced(x, ids).numpy(), fn(x, ids).numpy())
    assert traced(np.zeros((0, 2), np.float32), np.zeros(0, np.int32)).shape == (0, 2)
    for bad, msg in (([0, 2, 1, 3, 3], "segment ids are not increasing"),
                     ([-1, 0, 0, 1, 1], r"Segment id -1 out of range \[0, 2\)"),
                     ([0, 0, 1, 1, -1], "segment ids must be >= 0")):
        with pytest.raises(tf.errors.InvalidArgumentError, match=msg):
            traced(x, np.array(bad, np.int32))


# -- TF's sorted Segment* kernels (values recorded from TF 2.21's CPU kernels) ------------

def _raw(op, data, ids):
    return getattr(tf.raw_ops, op)(data=data, segment_ids=ids).numpy()


# (TF's CPU kernels' rounding, bit for bit: on the CPU where a GPU is the default device
# too: a GPU's kernels add in their own order and width)
@pytest.mark.usefixtures("cpu_kernels")
def test_sorted_sums_add_row_by_row_in_their_dtype():
    zeros = tf.zeros([3000], tf.int32)
    half = tf.constant(np.full(3000, 0.1, np.float16))
    assert _raw("SegmentSum", half, zeros).tolist() == [256.0]  # stuck where 0.1 rounds off
    bf16 = tf.cast(half, tf.bfloat16)
    assert float(_raw("SegmentSum", bf16, zeros)[0]) == 32.0
    f32 = np.random.RandomState(0).randn(1000).astype(np.float32)
    assert _raw("SegmentSum", f32, tf.zeros([1000], tf.int32))[0] == np.cumsum(f32)[-1]


@pytest.mark.usefixtures("cpu_kernels")
def test_sorted_mean_divides_by_the_count_in_its_dtype():
    # the count converted to T: 3000 is 3008 in bfloat16, 2051 is 2052 in float16
    zeros = tf.zeros([3000], tf.int32)
    bf16 = tf.cast(tf.constant(np.full(3000, 0.1, np.float16)), tf.bfloat16)
    assert float(_raw("SegmentMean", bf16, zeros)[0]) == 0.0106201171875
    ones16 = tf.ones([2051], tf.float16)
    assert _raw("SegmentMean", ones16, tf.zeros([2051], tf.int32)).tolist() == [0.998046875]
    # integers truncate toward zero; int8's count wraps as its sum does
    assert _raw("SegmentMean", tf.constant([-7, 0]), [0, 0]).tolist() == [-3]
    assert _raw("SegmentMean", tf.constant([-128, 0], tf.int8), [0, 0]).tolist() == [-64]
    assert _raw("SegmentMean", tf.ones([200], tf.int8), tf.zeros([200], tf.int32)).tolist() == [1]
    # (TF's process dies of SIGFPE where the count wraps to 0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Integer division by zero"):
        _raw("SegmentMean", tf.ones([256], tf.uint8), tf.zeros([256], tf.int32))


def test_sorted_complex_mean_and_single_rows():
    x = tf.constant([complex(1, np.inf), 2 + 1j, complex(np.inf, 1)], tf.complex64)
    out = _raw("SegmentMean", x, [0, 0, 1])
    assert np.isnan(out[0].real) and out[0].imag == np.inf  # Smith's quotient by 2 + 0i
    assert out[1] == complex(np.inf, 1)  # a segment of one row is copied
    signs = np.signbit(_raw("SegmentSum", tf.constant([-0.0] * 3), [0, 0, 1]))
    assert signs.tolist() == [False, True]


def test_sorted_empty_segments_and_extremes():
    x = tf.constant([2.0, 3.0])
    for op, want in (("SegmentSum", [0, 2, 0, 3]), ("SegmentMean", [0, 2, 0, 3]),
                     ("SegmentMax", [0, 2, 0, 3]), ("SegmentMin", [0, 2, 0, 3]),
                     ("SegmentProd", [1, 2, 1, 3])):
        assert _raw(op, x, [1, 3]).tolist() == want, op
    # TF's sorted max/min start from an infinity (the unsorted ones from a finite limit)
    assert _raw("SegmentMax", tf.constant([-np.inf] * 2), [0, 0]).tolist() == [-np.inf]
    assert _raw("SegmentMin", tf.constant([np.inf] * 2), [0, 0]).tolist() == [np.inf]
    nan = np.nan
    for row, mx, mn in (([nan, 1.0, 2.0], 2.0, 1.0), ([1.0, nan, 2.0], 2.0, 2.0),
                        ([1.0, 2.0, nan], nan, nan)):
        for dtype in (tf.float32, tf.bfloat16):
            d = tf.constant(row, dtype)
            np.testing.assert_equal(_raw("SegmentMax", d, [0, 0, 0]).astype(float), [mx])
            np.testing.assert_equal(_raw("SegmentMin", d, [0, 0, 0]).astype(float), [mn])


def test_sorted_ops_refuse_in_tfs_words():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Value for attr 'T' of complex128 is not in the list"):
        tf.math.segment_max(tf.constant([1j]), [0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be at least rank 1"):
        tf.math.segment_prod(1.0, 0)
    # in a graph, TF's shape function's words (a ValueError); lengths wait for the kernel
    with pytest.raises(ValueError, match=r"Shape must be rank 1 but is rank 2"):
        tf.function(tf.math.segment_mean).get_concrete_function(
            tf.TensorSpec([2]), tf.TensorSpec([2, 1], tf.int32))
    f = tf.function(tf.math.segment_sum)
    assert f.get_concrete_function(tf.TensorSpec([3]), tf.TensorSpec([2], tf.int32)) \
        .structured_outputs.shape.as_list() == [None]
    with pytest.raises(tf.errors.InvalidArgumentError, match="same size as dimension 0"):
        f(tf.ones([3]), tf.constant([0, 1]))


def test_v2_sorted_ops_have_no_kernel():
    # TF 2.21 has no kernel for SegmentSumV2 & co (XLA only): TF's NotFoundError
    for op in ("SegmentSumV2", "SegmentProdV2", "SegmentMaxV2", "SegmentMinV2"):
        with pytest.raises(tf.errors.NotFoundError, match="Could not find device for node"):
            getattr(tf.raw_ops, op)(data=[1.0, 2.0], segment_ids=[0, 1], num_segments=2)


@pytest.mark.parametrize("op", ["SegmentMax", "SegmentMin", "UnsortedSegmentMax",
                                "UnsortedSegmentMin"])
def test_a_later_row_replaces_an_equal_one(op):
    # TF's fold keeps the later of two equal rows: a zero extreme has the last zero's sign
    for x in ([-0.0, 0.0, -0.0], [0.0, -0.0], [0.0, -0.0, np.nan, -0.0, 0.0]):
        args = {"data": tf.constant(x), "segment_ids": tf.zeros([len(x)], tf.int32)}
        if op.startswith("Unsorted"):
            args["num_segments"] = 1
        out = getattr(tf.raw_ops, op)(**args).numpy()
        assert out.tolist() == [0.0] and np.signbit(out[0]) == np.signbit(x[-1]), (x, out)
