"""Every public function of TF's tensor namespaces, called with NumPy arrays and nested
Python lists instead of tensors, as TF 2.21 answers (numpy_input_sweep_cases.py says how;
numpy_input_sweep_golden.json is TF's record, made by record_numpy_input_sweep.py).

A call matches TF's as in test_api_sweep.py: the same dtype, shape and values (floats to
four digits), or the same error class and first line. A function that still differs is
listed in KNOWN with why.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests import sweeps
from tests.core.numpy_input_sweep_cases import cases, outcome

GOLDEN = json.loads(Path(__file__).with_name("numpy_input_sweep_golden.json").read_text())
TEXTS = GOLDEN["texts"]
PLAN = {row[0]: row for row in GOLDEN["plan"]}

# function -> why some of its calls still differ from TF's. The sweep hands a NumPy array or
# a list to every positional argument, so most of what remains is arguments that are not
# op inputs at all (an axis, a shape, a dtype, a flag); each entry names its kinds.
_AND = "; and "
_ARGS = ("NumPy arrays or lists given where TF's function takes a Python int, a shape, an "
         "axis, a dtype, a flag or a string: TF converts or refuses them by its own route (an "
         "attr's conversion, an int input's cast, its wrapper's slow path, whose errors name no "
         "name), eagerflow's readers of those arguments in other words or order")
_MIXED = ("a tensor mixed with NumPy arrays or lists of another dtype (forms B and C): TF's "
          "Python converts the arguments in its own order and to its own dtypes (the first "
          "tensor's, a fixed attr's) before its op; eagerflow's order or dtype differs, or it "
          "takes a mix TF's op refuses")
_TF_ACCIDENT = ("TF's Python reads a tensor's attribute of the NumPy array or list it was "
                "given (.get_shape, .dtype, .shape.rank) or fails on its own state (an "
                "AttributeError, UnboundLocalError, IndexError: an accident of its Python); "
                "eagerflow converts the value first and answers as for a tensor")
_TRUTH = ("TF's Python tests a NumPy array's truth where it expects a Python value (NumPy's "
          "ambiguous truth ValueError, an accident); eagerflow refuses or reads the value in "
          "its own words")
_HALF_SOFTMAX = "float16: this CPU's TF rounds each Eigen step (test_api_sweep's entry)"
_ATTR_ORDER = ("two or more of the op's type attrs refused at once: TF's eager attr check "
               "names the one its attr map yields first, which changes with the ops the "
               "thread ran before (tf.raw_ops.SegmentMin on the same complex inputs names T, "
               "then Tindices when repeated; this record names Tindices for complex64 and T "
               "for complex128); eagerflow names them in one fixed order")
_TF_HISTORY = ("TF's own: its eager fast path takes a NumPy array for a list input (a tensor "
               "per element) in this record, while a fresh process refuses it with its slow "
               "path's \"Expected list for 'input' argument ...\" (so eagerflow answers): the "
               "answer follows the calls the process made before")
KNOWN: dict = {
    "tf.assert_rank": _TRUTH,
    "tf.batch_to_space": _ARGS + _AND + _MIXED,
    "tf.constant": _ARGS + _AND + _MIXED,
    "tf.dynamic_stitch": _ARGS + _AND + _MIXED,
    "tf.fftnd": _ARGS + _AND + _MIXED,
    "tf.gather_nd": _ARGS + _AND + _MIXED,
    "tf.grad_pass_through": _TF_ACCIDENT,
    "tf.ifftnd": _ARGS + _AND + _MIXED,
    "tf.image.non_max_suppression_padded": _TF_ACCIDENT + _AND + _MIXED,
    "tf.image.resize_with_crop_or_pad": _TRUTH + _AND + _ARGS + _AND + _MIXED,
    "tf.image.resize_with_pad": _TRUTH + _AND + _ARGS + _AND + _MIXED,
    "tf.image.stateless_sample_distorted_bounding_box": _ARGS + _AND + _MIXED,
    "tf.irfftnd": _ARGS + _AND + _MIXED,
    "tf.linalg.band_part": _ARGS + _AND + _MIXED,
    "tf.linalg.eigh": _ARGS,
    "tf.linalg.lu": _ARGS,
    "tf.linalg.lu_matrix_inverse": _TRUTH,
    "tf.linalg.lu_reconstruct": _TRUTH,
    "tf.linalg.qr": _ARGS,
    "tf.linalg.svd": _ARGS,
    "tf.make_tensor_proto": _TRUTH,
    "tf.math.bincount": _ARGS,
    "tf.math.segment_mean": _ATTR_ORDER,
    "tf.math.segment_min": _ATTR_ORDER,
    "tf.math.softmax": _HALF_SOFTMAX,
    "tf.math.unsorted_segment_max": _ATTR_ORDER,
    "tf.math.unsorted_segment_mean": _ATTR_ORDER,
    "tf.math.unsorted_segment_min": _ATTR_ORDER,
    "tf.math.unsorted_segment_prod": _ATTR_ORDER,
    "tf.math.unsorted_segment_sqrt_n": _ATTR_ORDER,
    "tf.math.unsorted_segment_sum": _ATTR_ORDER,
    "tf.nn.fractional_avg_pool": _ARGS + _AND + _MIXED,
    "tf.nn.sufficient_statistics": _ARGS + _AND + _TF_ACCIDENT + _AND + _MIXED,
    "tf.ones_like": _TRUTH + _AND + _MIXED,
    "tf.random.categorical": _TRUTH + _AND + _ARGS,
    "tf.random.poisson": _ARGS + _AND + _MIXED,
    "tf.random.split": _ARGS + _AND + _MIXED,
    "tf.random.stateless_categorical": _ARGS + _AND + _MIXED,
    "tf.random.stateless_parameterized_truncated_normal": _ARGS + _AND + _MIXED,
    "tf.random.stateless_poisson": _ATTR_ORDER,
    "tf.random_index_shuffle": _MIXED + _AND + _ARGS,
    "tf.rfftnd": _ARGS + _AND + _MIXED,
    "tf.roll": _ARGS + _AND + _MIXED,
    "tf.scatter_nd": _ARGS + _AND + _MIXED,
    "tf.shape_n": _TF_HISTORY,
    "tf.signal.fftnd": _TRUTH + _AND + _TF_ACCIDENT,
    "tf.signal.ifftnd": _TRUTH + _AND + _TF_ACCIDENT,
    "tf.signal.irfft": _TRUTH + _AND + _ARGS + _AND + _MIXED,
    "tf.signal.irfft2d": _TRUTH,
    "tf.signal.irfftnd": _TRUTH + _AND + _TF_ACCIDENT,
    "tf.signal.rfft": _TRUTH + _AND + _ARGS + _AND + _MIXED,
    "tf.signal.rfft2d": _TRUTH,
    "tf.signal.rfftnd": _TRUTH + _AND + _TF_ACCIDENT,
    "tf.space_to_batch": _ARGS + _AND + _MIXED,
    "tf.space_to_batch_nd": _ARGS + _AND + _MIXED,
    "tf.split": _ARGS + _AND + _MIXED,
    "tf.strided_slice": _ARGS + _AND + _MIXED,
    "tf.strings.join": _TF_HISTORY,
    "tf.zeros_like": _TRUTH + _AND + _MIXED,
}


def differences(full: str) -> list:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        return sweeps.planned_differences(tf, PLAN[full], TEXTS, cases, outcome)


@pytest.mark.parametrize("full", sorted(PLAN))
def test_calls_answer_as_tfs(full: str) -> None:
    sweeps.check_known(full, differences(full), KNOWN)


def test_known_entries_are_planned() -> None:
    assert not set(KNOWN) - set(PLAN)


# -- the findings the sweep generalizes, each as TF 2.21 answers it --

def test_rgb_hsv_take_a_float64_array_as_float32() -> None:
    x = np.full((2, 2, 3), 0.5)
    assert tf.image.rgb_to_hsv(x).dtype == tf.float32
    assert tf.image.hsv_to_rgb(x).dtype == tf.float32
    # a float64 tensor keeps its dtype
    assert tf.image.rgb_to_hsv(tf.constant(x)).dtype == tf.float64


def test_max_pool2d_takes_a_float64_array_as_float32() -> None:
    out = tf.nn.max_pool2d(np.ones((1, 3, 3, 1)), 2, 1, "SAME")
    assert out.dtype == tf.float32 and out.shape == (1, 3, 3, 1)
    assert tf.nn.max_pool2d(tf.constant(np.ones((1, 3, 3, 1))), 2, 1, "SAME").dtype == \
        tf.float64


def test_fft_takes_a_complex128_array_as_complex64() -> None:
    out = tf.signal.fft(np.ones(4, np.complex128))
    assert out.dtype == tf.complex64
    np.testing.assert_allclose(out.numpy(), [4, 0, 0, 0])
    assert tf.signal.fft(tf.constant(np.ones(4, np.complex128))).dtype == tf.complex128


def test_non_max_suppression_takes_float64_arrays() -> None:
    out = tf.image.non_max_suppression(np.array([[0, 0, 1, 1.]]), np.array([0.5]), 1)
    assert out.dtype == tf.int32 and out.numpy().tolist() == [0]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of double"):
        tf.image.non_max_suppression(tf.constant([[0, 0, 1, 1.]], tf.float64),
                                     tf.constant([0.5], tf.float64), 1)


def test_a_tensor_fixes_the_attr_of_the_other_inputs() -> None:
    # (TF 2.21: the tensor's dtype, whichever input it is; a NumPy array cast to it)
    assert tf.math.nextafter(np.array([1.]), tf.constant([2.], tf.float64)).dtype == tf.float64
    assert tf.math.nextafter(tf.constant([2.], tf.float64),
                             np.array([1.], np.float32)).dtype == tf.float64
    assert tf.math.nextafter(np.array([1.]), np.array([2.])).dtype == tf.float32
    # a list sends TF's wrapper down its slow path: the NumPy float64 array keeps its dtype
    assert tf.math.nextafter(np.array([1.]), [2.]).dtype == tf.float64
    assert tf.math.nextafter([2.], np.array([1.])).dtype == tf.float32
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a int32 tensor"):
        tf.unravel_index(tf.constant([1]), tf.constant([2, 2], tf.int64))


def test_reductions_check_the_input_type_then_each_axis_in_order() -> None:
    # TF 2.21 (recorded): the op refuses the input's type before it reads the axes, then
    # takes them in order, each in range and none twice once made positive
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Value for attr 'T' of bool is not in the list of allowed values: "
                             "float, double, int32, uint8, "):
        tf.reduce_sum(tf.constant([True, False]), 1)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Value for attr 'T' of string is not in the list"):
        tf.reduce_mean(tf.constant(["a"]), 5)
    x = tf.ones((2, 3))
    for f, axis, dup in ((tf.reduce_sum, [1, 1], 1), (tf.reduce_sum, [0, -2], 0),
                         (tf.reduce_sum, np.array([1, 1]), 1), (tf.reduce_max, (1, 1), 1),
                         (tf.math.reduce_std, [1, -1], 1)):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=f"Invalid reduction arguments: Axes contains duplicate "
                                 f"dimension: {dup}"):
            f(x, axis)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Invalid reduction dimension "
                                                             r"\(5 for input with 2 dim"):
        tf.reduce_sum(x, [5, 1, 1])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Axes contains duplicate dimension: 0 .Op:All"):
        tf.reduce_all(np.ones((2, 2), bool), np.array([[True, False], [False, True]]))


def test_bool_inputs_given_another_tensor_beside_a_list_are_tfs_conversion_error() -> None:
    # TF 2.21 (recorded): a list among the inputs sends TF's wrapper down its slow path,
    # which converts a tensor to the bool its signature fixes (the conversion's
    # ValueError); tensors alone reach the op, which refuses them
    c = tf.constant([1.0, 0.0])
    conversion = ("^Tensor conversion requested dtype bool for Tensor with dtype float32: "
                  r"<tf.Tensor: shape=\(2,\), dtype=float32, numpy=array\(\[1., 0.\], "
                  r"dtype=float32\)>$")
    for call in (lambda: tf.where(c, [1.0, 2.0], [3.0, 4.0]),
                 lambda: tf.logical_and(c, [1.0, 2.0]),
                 lambda: tf.logical_and(c, [True, False]),
                 lambda: tf.logical_and([True, False], c),
                 lambda: tf.logical_or(c, [1.0, 2.0]),
                 lambda: tf.reduce_all(c, [0])):
        with pytest.raises(ValueError, match=conversion):
            call()
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute LogicalAnd as input #0\(zero-based\) was expected "
                             "to be a bool tensor but is a float tensor"):
        tf.logical_and(c, c)
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot compute All as input #0"):
        tf.reduce_all(c, 0)
    with pytest.raises(TypeError, match=r"Cannot convert \[1.0, 2.0\] to EagerTensor of dtype "
                                        "bool"):
        tf.logical_and([1.0, 2.0], [1.0, 2.0])
    assert tf.where(c).numpy().tolist() == [[0]]


def test_moments_read_the_dtype_of_x_as_given() -> None:
    # TF 2.21 (recorded): tf.nn.moments reads x.dtype before converting it
    with pytest.raises(AttributeError, match="^'list' object has no attribute 'dtype'$"):
        tf.nn.moments([1.0, 2.0], [0])
    mean, var = tf.nn.moments(np.array([1.0, 2.0]), [0])
    assert (mean.dtype, float(mean), float(var)) == (tf.float64, 1.5, 0.25)

def test_an_array_of_rows_for_a_shape_is_the_ops_refusal() -> None:
    # TF 2.21 (recorded): a 2-D array where an op takes a vector (a shape, a perm, the
    # multiples, the axes) reaches the op, which refuses it in its words; zeros and ones
    # convert a list to int32 first (floats: the conversion's TypeError)
    m, x = np.array([[2.0, 1.0], [1.0, 3.0]]), np.ones((2, 2), np.float32)
    for call, words in ((lambda: tf.reshape(x, m), "sizes input must be 1-D, not [2,2]"),
                        (lambda: tf.transpose(x, m), "perm must be rank 1, got shape [2,2]"),
                        (lambda: tf.tile(x, m), "Expected multiples to be 1-D, but got shape "
                                                "[2,2]"),
                        (lambda: tf.reverse(x, m), "'dims' must be 1-dimension, not 2"),
                        (lambda: tf.zeros(m), "dims must represent a vector, got shape [2,2]"),
                        (lambda: tf.fill(m, 1.0), "dims must represent a vector, got shape "
                                                  "[2,2]")):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            call()
        assert words in str(info.value), info.value
    for f in (tf.zeros, tf.ones):
        with pytest.raises(TypeError, match=r"^Cannot convert \[1.0, 2.0\] to EagerTensor of "
                                            "dtype int32$"):
            f([1.0, 2.0])
    assert tf.zeros([2, np.int64(3)]).shape == (2, 3)

def test_other_generated_wrappers_take_numpy_inputs_as_tf() -> None:
    assert tf.broadcast_dynamic_shape(np.array([2., 1.]), np.array([1, 3])).numpy().tolist() \
        == [2, 3]
    assert tf.where(np.array([0., 1., 2.], np.float16)).numpy().ravel().tolist() == [1, 2]
    assert tf.unravel_index(np.array([1, 2], np.int64), np.array([2, 2], np.int64)).dtype == \
        tf.int32
    decoded, logp = tf.nn.ctc_greedy_decoder(np.ones((2, 1, 3)), np.array([2]))
    assert logp.dtype == tf.float32 and decoded[0].values.dtype == tf.int64
    assert tf.nn.max_pool(np.ones((1, 2, 2, 1)), 1, 1, "SAME").dtype == tf.float32
    assert tf.random.gamma(np.array([2.]), 1.0).shape == (2,)
    with pytest.raises(TypeError, match="Cannot convert"):
        tf.random.gamma([2.5], 1.0)


def test_global_norms_take_a_sequence_and_sum_l2_losses() -> None:
    # TF 2.21 (recorded): a NumPy array is not a Sequence; each entry's L2Loss (float types
    # only), stacked (one dtype) and summed; clip_by_global_norm's use_norm used as given
    with pytest.raises(TypeError, match="^`t_list` should be a sequence of tensors. Received "
                                        "<class 'numpy.ndarray'>.$"):
        tf.linalg.global_norm(np.array([1.0, 2.0]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Value for attr 'T' of int32 is not in the list of allowed "
                             "values: half, bfloat16, float, double"):
        tf.linalg.global_norm([[1, 2]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Value for attr 'T' of complex128 is not in the list"):
        tf.linalg.global_norm([tf.constant([1 + 2j, 3j])])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute Pack as input #1\(zero-based\) was expected to "
                             "be a double tensor but is a float tensor"):
        tf.linalg.global_norm([np.array([3.0, 4.0]), [1.0, 2.0]])
    assert tf.linalg.global_norm([]).dtype == tf.float32
    half = tf.linalg.global_norm([tf.constant([3.0, 4.0], tf.float16), None])
    assert (half.dtype, float(half)) == (tf.float16, 5.0)
    t = [tf.constant([3.0, 4.0])]
    with pytest.raises(TypeError, match="^unsupported operand type.s. for /: 'float' and "
                                        "'list'$"):
        tf.clip_by_global_norm(t, 1.0, [2.0])
    with pytest.raises(AttributeError, match="^'float' object has no attribute 'dtype'$"):
        tf.clip_by_global_norm(t, 1.0, 2.0)
    with pytest.raises(TypeError, match="^`x` and `y` must have the same dtype, got "
                                        "tf.float32 != tf.float64.$"):
        tf.clip_by_global_norm(t, tf.constant(1.0, tf.float64))
    clipped, norm = tf.clip_by_global_norm(t, 1.0, np.array(2.0))
    assert isinstance(norm, np.ndarray) and clipped[0].numpy().tolist() == [1.5, 2.0]
    clipped, norm = tf.clip_by_global_norm(t, [1.0, 2.0])
    assert np.allclose(clipped[0].numpy(), [0.6, 1.6]) and float(norm) == 5.0


def test_list_inputs_given_an_array_of_rows_are_the_fast_paths_refusal() -> None:
    # TF 2.21 (recorded): a generated wrapper's fast path reads a list input as a sequence:
    # a NumPy array of rank 2 or more is its ValueError naming the attr sizing the list
    # (after the attrs: a bad separator is the slow path's ask for a list); rank 1 is
    # read item by item
    m = np.array([[1.0, 2.0]])
    for call, attr, rank in ((lambda: tf.identity_n(m), "T", 2),
                             (lambda: tf.identity_n(np.ones((1, 1, 1))), "T", 3),
                             (lambda: tf.strings.join(m), "N", 2),
                             (lambda: tf.strings.join(np.ones((1, 1, 1))), "N", 3),
                             (lambda: tf.dynamic_stitch(np.array([[0, 1]]), m), "N", 2),
                             (lambda: tf.dynamic_stitch([tf.constant([0, 1])], m), "N", 2)):
        with pytest.raises(ValueError, match=f"^expected a sequence for attr {attr}, got an "
                                             f"ndarray with rank {rank} instead$"):
            call()
    with pytest.raises(TypeError, match="^Expected list for 'inputs' argument to "
                                        r"'string_join' Op, not array\(\[\[1., 2.\]\]\).$"):
        tf.strings.join(m, m)
    assert [t.numpy() for t in tf.identity_n(np.array([1.0, 2.0]))] == [1.0, 2.0]


def test_shape_n_reads_its_list_as_tfs_wrapper() -> None:
    # TF 2.21 (recorded): a NumPy array (rank 0 or 1) or a string is the slow path's ask for
    # a list, rank 2 the fast path's ValueError; a tensor is iterated; an out_type that is
    # not a DType sends it down the slow path (the list asked for first, then a DataType)
    for x in (np.array([1, 2]), np.array(2.0), "ab", tf.constant([1.0, 2.0])):
        with pytest.raises(TypeError, match="^Expected list for 'input' argument to "
                                            "'shape_n' Op, not "):
            tf.shape_n(x, [1.0] if isinstance(x, tf.Tensor) else tf.int32)
    with pytest.raises(ValueError, match="^expected a sequence for attr N, got an ndarray "
                                         "with rank 2 instead$"):
        tf.shape_n(np.ones((2, 2)), tf.int64)
    with pytest.raises(TypeError, match=r"^Expected list for 'input' argument to 'shape_n' "
                                        r"Op, not array\(\[\[1., 1.\],"):
        tf.shape_n(np.ones((2, 2)), [1.0])
    with pytest.raises(TypeError, match=r"^Expected DataType for argument 'out_type' not "
                                        r"\[1.0\].$"):
        tf.shape_n([np.array([1, 2])], [1.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Value for attr 'out_type' of double is not in the list"):
        tf.shape_n([np.array([1, 2])], np.array([1.0]))
    assert [s.numpy().tolist() for s in tf.shape_n(tf.constant([1, 2]))] == [[], []]
    assert tf.shape_n((np.array([1, 2]),), np.int64)[0].dtype == tf.int64


def test_a_failed_division_by_an_array_is_the_arrays_reflected_division() -> None:
    # TF 2.21 (recorded): `/` (and tf.divide without a name) hands its TypeError's call to a
    # NumPy array's __rtruediv__, which divides in NumPy; where that fails too, or with a
    # name (truediv itself), TF's error stands
    b = np.array([True, False])
    with np.errstate(invalid="ignore"):
        for out in (tf.divide(b, b), tf.constant(b) / b):
            assert isinstance(out, np.ndarray) and out.dtype == np.float64
            assert out[0] == 1.0 and np.isnan(out[1])
    assert (tf.constant(b) / np.array([2, 4])).tolist() == [0.5, 0.0]
    with pytest.raises(TypeError, match="^Invalid dtype tf.bool in __truediv__"):
        tf.divide(b, b, name="d")
    with pytest.raises(TypeError, match="^`x` and `y` must have the same dtype, got tf.string "
                                        "!= tf.float64.$"):
        tf.constant(np.array(["a"])) / np.array([1.0])


def test_ensure_shape_given_a_list_names_no_name() -> None:
    # TF 2.21 (recorded): a list x takes its wrapper's slow path, whose kernel errors end
    # at the op (no name, even one given); a NumPy array or tensor takes the fast path
    words = "Shape of tensor input [2] is not compatible with expected shape [1,2]. " \
            "[Op:EnsureShape]"
    for x, name, tail in (([1, 2], None, ""), ([1.0, 2.0], "q", ""),
                          (np.array([1, 2]), None, " name: "),
                          (tf.constant([1, 2]), "q", " name: q")):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.ensure_shape(x, [1, 2], name=name)
        assert str(info.value).endswith(words + tail), info.value


def test_embedding_lookup_max_norm_of_an_int_table_is_sqrts_refusal() -> None:
    # TF 2.21 (recorded): max_norm clips by clip_by_norm, whose Sqrt of the rows' sum of
    # squares refuses an int table before max_norm is read (a list there included)
    m = [[2, 1], [1, 3]]
    for call in (lambda: tf.nn.embedding_lookup(m, m, m),
                 lambda: tf.nn.embedding_lookup(tf.constant(m), [0, 1], 1.0)):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match="^Value for attr 'T' of int32 is not in the list of allowed "
                                 "values: bfloat16, half, float, double, complex64, "
                                 "complex128"):
            call()
    assert tf.nn.embedding_lookup([tf.constant([3.0, 4.0])], [0], 1.0).numpy().tolist() == \
        [1.0]


def test_required_paddings_take_any_block_as_numpy_computes_them() -> None:
    # TF 2.21 (recorded): TF's Python computes the paddings in NumPy from the constant
    # values, with no check of the blocks: a block of 0 pads nothing (NumPy's remainder by
    # zero), a negative block its floored mod; a bool array converts to int32
    with np.errstate(divide="ignore"):
        for blocks, want in (([0, 2], [[[0, 0], [0, 1]], [[0, 0], [0, 1]]]),
                             ([-2, 2], [[[0, -1], [0, 1]], [[0, -1], [0, 1]]])):
            out = tf.required_space_to_batch_paddings([5, 3], blocks)
            assert [t.numpy().tolist() for t in out] == want
        b = np.array([True, False])
        out = tf.required_space_to_batch_paddings(b, b)
        assert [t.numpy().tolist() for t in out] == [[[0, 0], [0, 0]]] * 2


if __name__ == "__main__":  # python -m tests.core.test_numpy_input_sweep tf.add ...
    import sys

    for name in sys.argv[1:] or sorted(KNOWN):
        for line in differences(name):
            print(f"{name} {line}")


def test_polyval_converts_each_coefficient_alone() -> None:
    # TF 2.21 (recorded): x and each coefficient converted with no dtype from the other,
    # then Horner's c + p * x; a list of Python numbers meets a tensor of another dtype in
    # the op's refusal
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute Mul as input #1\(zero-based\) was expected to be "
                             "a int32 tensor but is a float tensor"):
        tf.math.polyval([1, 2], tf.constant(3.0))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute AddV2 as input #1\(zero-based\) was expected to "
                             "be a float tensor but is a double tensor"):
        tf.math.polyval([np.float64(1), 2.0], tf.constant(2.0, tf.float64))
    out = tf.math.polyval([1.0, 2.5], 5.0)
    assert (out.dtype, float(out)) == (tf.float32, 7.5)
    assert int(tf.math.polyval([tf.constant(2), 1], 3)) == 7


def test_multiply_no_nan_names_y_in_its_conversion_error() -> None:
    # TF 2.21 (recorded): y converted to x's dtype under the name "y"
    with pytest.raises(ValueError, match=r"^y: Tensor conversion requested dtype float64 for "
                                         r"Tensor with dtype float32: <tf.Tensor: shape=\(2,\)"):
        tf.math.multiply_no_nan(np.ones(2), tf.constant([1.0, 2.0]))
    assert tf.math.multiply_no_nan(np.ones(2), [1, 2]).dtype == tf.float64
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of int32"):
        tf.math.multiply_no_nan([1, 2], np.ones(2))


_BOXES = [[0, 0, 1, 1.], [0, 0.1, 1, 1.1], [0, 2, 1, 3.]]


def test_nms_wrappers_slow_path_converts_every_input() -> None:
    # TF 2.21 (recorded): a list among the op's inputs sends its wrapper down the slow
    # path, which converts the inputs the op's T types to the first tensor's dtype, then
    # the fixed ones (max_output_size's int32) in order: the conversions' errors come
    # before the op's refusal of the dtype
    f64 = tf.constant([0.9, 0.8, 0.7], tf.float64)
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype int32 for Tensor "
                                         "with dtype float64"):
        tf.image.non_max_suppression(_BOXES, f64, tf.constant(2.0, tf.float64))
    with pytest.raises(TypeError, match=r"^Cannot convert \[1.0, 2.0\] to EagerTensor of "
                                        "dtype int32$"):
        tf.image.non_max_suppression(tf.constant(_BOXES, tf.float64), [0.9, 0.8, 0.7],
                                     [1.0, 2.0])
    # (with_scores: its Python made the thresholds float32 tensors, inputs of T too)
    with pytest.raises(ValueError, match=r"^Tensor conversion requested dtype float64 for "
                                         r"Tensor with dtype float32: <tf.Tensor: shape=\(\), "
                                         "dtype=float32, numpy=0.5>"):
        tf.image.non_max_suppression_with_scores(_BOXES, f64, 2)
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype float16 for "
                                         "Tensor with dtype float32"):
        tf.image.non_max_suppression_with_scores(tf.constant(_BOXES, tf.float16),
                                                 [0.9, 0.8, 0.7], 2)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^cannot compute NonMaxSuppressionV5 as input #3\(zero-based\) "
                             "was expected to be a half tensor but is a float tensor"):
        tf.image.non_max_suppression_with_scores(tf.constant(_BOXES, tf.float16),
                                                 tf.constant([0.9, 0.8, 0.7], tf.float16), 2)
    sel, kept = tf.image.non_max_suppression_with_scores(np.array(_BOXES), [0.9, 0.8, 0.7], 2)
    assert sel.numpy().tolist() == [0, 2] and kept.dtype == tf.float32
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype float32 for "
                                         "Tensor with dtype float64"):
        tf.image.non_max_suppression_overlaps([[1.0, 0.0], [0.0, 1.0]],
                                              tf.constant([0.9, 0.8], tf.float64), 1)


def test_extract_glimpse_slow_path_converts_each_input_to_its_type() -> None:
    # TF 2.21 (recorded): a list among its inputs: each converted to its fixed dtype, in
    # order (a tensor of another: the conversion's ValueError); NumPy arrays and tensors
    # alone reach the op, which refuses the tensor
    img, off64 = np.zeros((1, 4, 4, 1)), tf.constant([[0.0, 0.0]], tf.float64)
    conversion = "^Tensor conversion requested dtype {} for Tensor with dtype float64"
    with pytest.raises(ValueError, match=conversion.format("int32")):
        tf.image.extract_glimpse([[[[1.0]]]], tf.constant([2.0, 2.0], tf.float64), [[0.0, 0.0]])
    with pytest.raises(ValueError, match=conversion.format("float32")):
        tf.image.extract_glimpse(tf.constant(img), [2, 2], [[0.0, 0.0]])
    with pytest.raises(ValueError, match=conversion.format("float32")):
        tf.image.extract_glimpse(img, [2, 2], off64)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^cannot compute ExtractGlimpseV2 as input #2\(zero-based\) was "
                             "expected to be a float tensor but is a double tensor"):
        tf.image.extract_glimpse(img, np.array([2, 2]), off64)


def test_pinv_names_rcond_in_its_conversion_error() -> None:
    # TF 2.21 (recorded)
    with pytest.raises(ValueError, match="^rcond: Tensor conversion requested dtype float64 "
                                         "for Tensor with dtype float32"):
        tf.linalg.pinv(np.eye(2), tf.constant(0.1))
    assert tf.linalg.pinv([[1.0, 0.0], [0.0, 1.0]], np.float64(0.1)).dtype == tf.float32


def test_complex_converts_real_and_imag_each_alone() -> None:
    # TF 2.21 (recorded): no dtype from the other part: a float64 array beside a float32
    # tensor is refused, not cast
    with pytest.raises(TypeError, match="^The `real` and `imag` components have incorrect "
                                        "types: float64 float32. They must be consistent"):
        tf.complex(np.ones(2), tf.ones(2))
    with pytest.raises(TypeError, match="incorrect types: float64 float32"):
        tf.complex(np.ones(1), [2.0])
    assert tf.complex(tf.ones(2), [1.0, 2.0]).dtype == tf.complex64
    assert tf.complex(tf.ones(2, tf.float64), np.ones(2)).dtype == tf.complex128


def test_histogram_fixed_width_converts_as_its_wrapper() -> None:
    # TF 2.21 (recorded): values and value_range take the first tensor's dtype (a NumPy
    # array cast to it), then nbins: the op refuses a float tensor, or, on the slow path a
    # list sends it down, the conversion to int32 does
    assert tf.histogram_fixed_width(np.array([1., 2.]), tf.constant([0., 3.]), 3).numpy() \
        .tolist() == [0, 1, 1]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^cannot compute HistogramFixedWidth as input #2\(zero-based\) "
                             "was expected to be a int32 tensor but is a float tensor"):
        tf.histogram_fixed_width(np.array([1., 2.]), tf.constant([0., 3.]), tf.constant(3.0))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^cannot compute HistogramFixedWidth as input #1\(zero-based\) "
                             "was expected to be a float tensor but is a double tensor"):
        tf.histogram_fixed_width(tf.constant([1., 2.]), tf.constant([0., 3.], tf.float64), 3)
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype int32 for Tensor "
                                         "with dtype float64"):
        tf.histogram_fixed_width([1., 2.], tf.constant([0., 3.], tf.float64),
                                 tf.constant(3.0, tf.float64))
    with pytest.raises(TypeError, match=r"^Cannot convert \[3.0\] to EagerTensor of dtype "
                                        "int32$"):
        tf.histogram_fixed_width(tf.constant([1., 2.]), [0, 3], [3.0])
    with pytest.raises(TypeError, match=r"^Cannot convert \[0.0, 3.0\] to EagerTensor of "
                                        "dtype int32$"):
        tf.histogram_fixed_width(tf.constant([1, 2, 3]), [0.0, 3.0], 3)


def test_fingerprint_given_a_list_converts_method_to_string() -> None:
    # TF 2.21 (recorded): a list for data: the slow path's conversion of method
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype string for "
                                         "Tensor with dtype float32"):
        tf.fingerprint([1.0, 2.0], tf.constant(1.0))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^cannot compute Fingerprint as input #1\(zero-based\) was "
                             "expected to be a string tensor but is a float tensor"):
        tf.fingerprint(np.ones(2), tf.constant(1.0))
    assert tf.fingerprint([b"a"], tf.constant("farmhash64")).numpy().tolist() == \
        [[227, 117, 223, 182, 101, 66, 69, 179]]


def test_betainc_and_set_diag_take_the_first_tensors_dtype() -> None:
    # TF 2.21 (recorded): their generated wrappers: the first tensor's dtype is T's, a
    # NumPy array cast to it; a list among tensors of two dtypes converts them on the slow
    # path (its ValueError), tensors alone reach the op (its refusal)
    out = tf.math.betainc(np.array([1., 2.]), tf.constant([1., 2.]), tf.constant([0.5, 0.5]))
    assert out.dtype == tf.float32 and out.numpy().tolist() == [0.5, 0.5]
    assert tf.math.betainc(np.float64(1.0), 2.0, 0.5).dtype == tf.float64
    assert tf.math.betainc([1.0], tf.constant([2.0], tf.float64), [0.5]).numpy().tolist() == \
        [0.75]
    with pytest.raises(TypeError, match="^Cannot convert 0.5 to EagerTensor of dtype int32$"):
        tf.math.betainc(np.array([1, 2]), tf.constant([1, 2]), 0.5)
    assert tf.linalg.set_diag(np.zeros((2, 2)), tf.constant([1., 2.])).dtype == tf.float32
    assert tf.linalg.set_diag([[0., 0.], [0., 0.]], tf.constant([1., 2.], tf.float64)) \
        .dtype == tf.float64
    for k in (0, [0, 0]):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"^cannot compute MatrixSetDiagV3 as input #1\(zero-based\) "
                                 "was expected to be a float tensor but is a double tensor"):
            tf.linalg.set_diag(tf.zeros((2, 2)), tf.constant([1., 2.], tf.float64), k=k)


def test_sobol_sample_checks_its_inputs_dtypes_before_their_shapes() -> None:
    # TF 2.21 (recorded): NumPy arrays cast to int32, then the op refuses a tensor of
    # another dtype before its kernel reads the shapes; a list converts tensors first
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^cannot compute SobolSample as input #1\(zero-based\) was "
                             "expected to be a int32 tensor but is a float tensor"):
        tf.math.sobol_sample(np.array([1., 2.]), tf.constant([1., 2.]), tf.constant([1., 2.]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="input #2.* but is a int64"):
        tf.math.sobol_sample(2, 3, tf.constant(1, tf.int64))
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype int32 for Tensor "
                                         "with dtype float64"):
        tf.math.sobol_sample(tf.constant([1., 2.], tf.float64), [1., 2.], [1., 2.])
    with pytest.raises(tf.errors.InvalidArgumentError, match="skip must be a scalar"):
        tf.math.sobol_sample(tf.constant(2), 3, [1])


def test_string_ops_slow_path_converts_their_string_inputs() -> None:
    # TF 2.21 (recorded): a list among the inputs, or a type attr given as anything but a
    # DType (a NumPy type, a name), sends the wrapper down its slow path: the string
    # inputs are converted to string there (a float tensor: the conversion's ValueError),
    # and its kernel's errors name no name; on the fast path the op refuses the tensor
    f, strs = tf.constant([1.0]), tf.constant(["ab", "cd"])
    conversion = "^Tensor conversion requested dtype string for Tensor with dtype float32"
    for call in (lambda: tf.strings.regex_full_match(f, ["a"]),
                 lambda: tf.strings.regex_replace(f, ["a"], "b"),
                 lambda: tf.strings.substr(f, [0], [1]),
                 lambda: tf.strings.unsorted_segment_join(f, [0], 1),
                 lambda: tf.strings.to_number(f, np.float64)):
        with pytest.raises(ValueError, match=conversion):
            call()
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Pattern must be scalar, but received \[2\] \[Op:RegexFullMatch\]$"):
        tf.strings.regex_full_match(strs, ["a.", "x"])
    for call, op in ((lambda: tf.strings.substr(f, 0, 1), "Substr"),
                     (lambda: tf.strings.to_number(f, tf.float64), "StringToNumber")):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=rf"^cannot compute {op} as input #0\(zero-based\) was "
                                 rf"expected to be a string tensor but is a float tensor "
                                 rf"\[Op:{op}\] name: $"):
            call()
    assert tf.strings.to_number(tf.constant(["1.5"]), "float64").dtype == tf.float64
    assert tf.strings.substr(strs, [0, 1], [1, 1]).numpy().tolist() == [b"a", b"d"]


def test_tensor_scatter_nd_takes_the_first_tensors_dtype_of_tensor_and_updates() -> None:
    # TF 2.21 (recorded): tensor and updates share the op's T; a NumPy array or list
    # beside a tensor is converted to its dtype (cast, or the conversion's TypeError)
    out = tf.tensor_scatter_nd_add(np.array([1, 2]), tf.constant([[0]]), tf.constant([5]))
    assert out.dtype == tf.int32 and out.numpy().tolist() == [6, 2]
    out = tf.tensor_scatter_nd_update([1., 2.], [[0]], tf.constant([5.], tf.float64))
    assert out.dtype == tf.float64 and out.numpy().tolist() == [5., 2.]
    assert tf.tensor_scatter_nd_min(tf.constant([1, 2]), [[0]], np.array([5.5])).numpy() \
        .tolist() == [1, 2]
    with pytest.raises(TypeError, match=r"^Cannot convert \[5.0\] to EagerTensor of dtype "
                                        "int32$"):
        tf.tensor_scatter_nd_max([1, 2], [[0]], [5.0])


def test_ssim_refuses_images_of_two_dtypes_in_shape_n() -> None:
    # TF 2.21 (recorded): each image converted alone, then ShapeN of both refuses the
    # second's dtype, before the asserts on their sizes
    im = np.full((1, 16, 16, 1), 0.5)
    for f in (tf.image.ssim, tf.image.ssim_multiscale):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"^cannot compute ShapeN as input #1\(zero-based\) was "
                                 "expected to be a double tensor but is a float tensor"):
            f(im, tf.constant(im, tf.float32), 1.0)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="expected to be a float tensor but is a double tensor"):
        tf.image.ssim(im.tolist(), tf.constant(im), 1.0)


def test_cholesky_solve_given_a_list_errs_by_the_slow_path() -> None:
    # TF 2.21 (recorded): its op gets the values as given; a list takes its wrapper's slow
    # path, whose kernel errors name no name
    for args in (([1.0, 2.0], [1.0, 2.0]), ([1.0, 2.0], tf.constant([1.0, 2.0], tf.float64))):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"In\[0\] ndims must be >= 2: 1 \[Op:MatrixTriangularSolve\]$"):
            tf.linalg.cholesky_solve(*args)


def test_boolean_mask_slices_the_shape_by_an_eager_axis_value() -> None:
    # TF 2.21 (recorded): an eager tensor's axis is read as its NumPy value, which slices
    # the tensor's static shape: Python's errors for a vector or a float
    x = np.arange(6.).reshape(2, 3)
    with pytest.raises(TypeError, match="^only integer scalar arrays can be converted to a "
                                        "scalar index$"):
        tf.boolean_mask(x, tf.constant([True, False]), tf.constant([1., 2.]))
    with pytest.raises(TypeError, match="^slice indices must be integers or None or have an "
                                        "__index__ method$"):
        tf.boolean_mask(x, tf.constant([True, False, True]), tf.constant(1.0))
    assert tf.boolean_mask(x, tf.constant([True, False, True]), tf.constant(1)).numpy() \
        .tolist() == [[0., 2.], [3., 5.]]


def test_weighted_cross_entropy_takes_pos_weight_as_given() -> None:
    # TF 2.21 (recorded): 1 + (pos_weight - 1) * labels on the value given (a list: Python's
    # TypeError), before (1 - labels) * logits meets a logits of another dtype
    z, x = tf.constant([1., 0.]), tf.constant([0.5, -1.])
    f = tf.nn.weighted_cross_entropy_with_logits
    with pytest.raises(TypeError, match="^unsupported operand type.s. for -: 'list' and 'int'$"):
        f(z, x, [2.0, 1.0])
    np.testing.assert_allclose(f(z, x, np.array([2.0, 1.0])).numpy(), [0.948154, 0.31326175],
                               rtol=1e-6)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^cannot compute Mul as input #1\(zero-based\) was expected to be "
                             "a float tensor but is a double tensor"):
        f(z, np.array([0.5, -1.0]), np.array([2.0, 1.0]))


def test_fft_wrappers_given_a_list_name_no_name_and_trace_converts_first() -> None:
    # TF 2.21 (recorded): the FFT ops' generated wrappers take a list by their slow path,
    # whose kernel errors name no name; trace converts x first, so its diag_part's fast
    # path names "diag_part"
    for f, k in ((tf.signal.fft2d, 2), (tf.signal.ifft3d, 3)):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=rf"Input must have rank of at least {k} but got: \[2\] "
                                 rf"\[Op:I?FFT{k}D\]$"):
            f([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"input must be at least 2-dim, received shape: \[2\] "
                             r"\[Op:MatrixDiagPartV3\] name: diag_part$"):
        tf.linalg.trace([1.0, 2.0])


def test_linalg_wrappers_given_a_list_name_no_name() -> None:
    # TF 2.21 (recorded): their ops get a list as given, which takes the generated
    # wrapper's slow path: kernel errors without " name: "
    v = [1.0, 2.0]
    for call, op in ((lambda: tf.linalg.inv(v), "MatrixInverse"),
                     (lambda: tf.linalg.det(v), "MatrixDeterminant"),
                     (lambda: tf.linalg.cholesky(v), "Cholesky"),
                     (lambda: tf.linalg.solve(v, v), "MatrixSolve"),
                     (lambda: tf.linalg.slogdet(v), "LogMatrixDeterminant"),
                     (lambda: tf.linalg.logdet(v), "Cholesky"),
                     (lambda: tf.linalg.triangular_solve(v, v), "MatrixTriangularSolve"),
                     (lambda: tf.linalg.banded_triangular_solve(v, v), "BandedTriangularSolve"),
                     (lambda: tf.linalg.eigvalsh(v), "SelfAdjointEigV2"),
                     (lambda: tf.linalg.sqrtm(v), "MatrixSquareRoot"),
                     (lambda: tf.linalg.lu(v), "Lu"), (lambda: tf.linalg.svd(v), "Svd"),
                     (lambda: tf.linalg.qr(v), "Qr"),
                     (lambda: tf.linalg.eigh(v), "SelfAdjointEigV2")):
        with pytest.raises(tf.errors.InvalidArgumentError, match=rf"\[Op:{op}\]$"):
            call()
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[Op:MatrixInverse\] name: $"):
        tf.linalg.inv(tf.constant(v))


def test_reduce_join_given_axes_as_a_list_converts_its_input_to_string() -> None:
    # TF 2.21 (recorded): a list of axes sends ReduceJoin's wrapper down its slow path,
    # which converts the (float) input tensor to string; an array of axes, the op refuses
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype string for Tensor "
                                         "with dtype float32"):
        tf.strings.reduce_join([1.0, 2.0], [0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^cannot compute ReduceJoin as input #0\(zero-based\) was "
                             "expected to be a string tensor but is a float tensor"):
        tf.strings.reduce_join([1.0, 2.0], np.array([0]))
    assert tf.strings.reduce_join(["a", "b"], [0]).numpy() == b"ab"


def test_ragged_fill_empty_rows_grad_and_check_pinned_given_lists() -> None:
    # TF 2.21 (recorded): a list takes the wrapper's slow path: the index map converted to
    # int64 there (a float tensor: the conversion's ValueError), kernel errors unnamed
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype int64 for Tensor "
                                         "with dtype float64"):
        tf.ragged_fill_empty_rows_grad(tf.constant([1., 2.], tf.float64), [1., 2.])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"must be in \[0, 2\) but got 2 \[Op:RaggedFillEmptyRowsGrad\]$"):
        tf.ragged_fill_empty_rows_grad([1, 2], [1, 2])
    assert tf.ragged_fill_empty_rows_grad([0, 1], [1., 2.]).d_values.numpy().tolist() == \
        [1., 2.]
    with pytest.raises(tf.errors.FailedPreconditionError, match=r"\[Op:CheckPinned\]$"):
        tf.check_pinned([1.0])
    with pytest.raises(tf.errors.FailedPreconditionError, match=r"\[Op:CheckPinned\] name: $"):
        tf.check_pinned(tf.constant([1.0]))


def test_encode_jpeg_given_a_list_converts_it_to_uint8() -> None:
    # TF 2.21 (recorded): a list takes the wrapper's slow path: converted to uint8 there
    # (floats: the conversion's TypeError), kernel errors unnamed
    with pytest.raises(TypeError, match=r"^Cannot convert \[1.0, 2.0\] to EagerTensor of "
                                        "dtype uint8$"):
        tf.image.encode_jpeg([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"image must be 3-dimensional\[2\] \[Op:EncodeJpeg\]$"):
        tf.image.encode_jpeg([1, 2])


def test_softmax_cross_entropy_moves_an_odd_axis_by_ranges() -> None:
    # TF 2.21 (recorded): an axis that is not an int is moved last by Ranges of it before
    # any check: a list is Range's refusal (or Python's, [1] + 1), a float Range's bounds
    labels = [[0., 1.], [1., 0.]]
    f = tf.nn.softmax_cross_entropy_with_logits
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"limit must be a scalar, not shape \[2,2\] \[Op:Range\] name: $"):
        f(labels, labels, [[1, 2], [2, 1]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Requires start <= limit when delta > 0: 2.5/2 \[Op:Range\]"):
        f(labels, labels, 1.5)
    with pytest.raises(TypeError, match=r'^can only concatenate list \(not "int"\) to list$'):
        f(labels, labels, [1])
    assert f(labels, labels, tf.constant(0)).numpy().tolist() == \
        pytest.approx([0.31326166, 0.31326166])


def test_stateless_seed_given_as_an_array_is_cast_to_int64() -> None:
    # TF 2.21 (recorded): StatelessRandomGetKeyCounter's wrapper casts a NumPy seed to its
    # Tseed default (int64) whatever its dtype; a list or a tensor keeps its own (refused)
    float_seed = np.array([1.0, 2.0], np.float32)
    assert float(tf.random.stateless_uniform([], seed=float_seed)) == \
        float(tf.random.stateless_uniform([], seed=[1, 2]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"seed must have shape \[2\], not \[2,2,1\] "
                             r"\[Op:StatelessRandomGetKeyCounter\]"):
        tf.image.stateless_random_flip_left_right(np.ones((2, 2, 1)), np.ones((2, 2, 1)))
    for seed in ([1.5, 2.0], tf.constant([1.0, 2.0])):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match="Value for attr 'Tseed' of float is not in the list"):
            tf.random.stateless_uniform([], seed=seed)


def test_extract_jpeg_shape_converts_its_contents_to_string() -> None:
    # TF 2.21 (recorded): its wrapper converts contents to its string input (a number's
    # TypeError, a NumPy number array's ValueError); an output_type given as an array
    # sends it down its slow path, which converts a tensor's contents first
    with pytest.raises(TypeError, match=r"^Cannot convert \[1, 2\] to EagerTensor of dtype "
                                        "string$"):
        tf.image.extract_jpeg_shape([1, 2])
    with pytest.raises(ValueError, match=r"^Failed to convert a NumPy array to a Tensor "
                                         r"\(Unsupported object type float\).$"):
        tf.image.extract_jpeg_shape(np.ones(2, np.float16))
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype string for Tensor "
                                         "with dtype float32"):
        tf.image.extract_jpeg_shape(tf.constant([1.0, 2.0]), np.array([1.0, 2.0]))
    with pytest.raises(TypeError, match=r"^Expected DataType for argument 'output_type' not "
                                        r"\[1.0, 2.0\].$"):
        tf.image.extract_jpeg_shape([1.0, 2.0], [1.0, 2.0])


def test_crelu_names_its_concat_by_an_eager_name_scope() -> None:
    # TF 2.21 (recorded): crelu concatenates under name_scope(name), which is "" eagerly:
    # ConcatV2's error names "" whatever the name; a list axis takes its slow path (none)
    x = tf.constant([[1., -2.]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"got 5 \[Op:ConcatV2\] name: $"):
        tf.nn.crelu(x, axis=5, name="foo")
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"axis tensor should be a scalar integer, but got shape \[2\] "
                             r"\[Op:ConcatV2\]$"):
        tf.nn.crelu(x, axis=[1, 2])
    assert tf.nn.crelu(x).numpy().tolist() == [[1., 0., 0., 2.]]


def test_one_hot_converts_depth_to_its_int32_input() -> None:
    # TF 2.21 (recorded): a NumPy depth is cast to OneHot's int32 input on the fast path
    # (the indices' attr TI checked first), a list converted to int32 (floats: TypeError)
    with pytest.raises(TypeError, match=r"^Cannot convert \[1.0, 2.0\] to EagerTensor of dtype "
                                        "int32$"):
        tf.one_hot([0, 1], [1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Value for attr 'TI' of float is not in the list of allowed "
                             "values: uint8, int8, int32, int64"):
        tf.one_hot(tf.constant([0., 1.]), np.array([3, 4]))
    assert tf.one_hot(tf.constant([0, 1]), np.array(3.7)).shape == (2, 3)
