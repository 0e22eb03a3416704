"""Regression tests for the API fuzz campaigns of seeds 2718281829, 1112131415
(EAGERFLOW_FUZZ_ODD=1), 3732050808 and 2645751311 (EAGERFLOW_FUZZ_ODD=1) (the public-API
suite, tests/fuzz/test_api_fuzz.py; the first two at 50 examples per function, the others at
100, each replayed in TF 2.21 by tests/fuzz/api_replay.py): each call with TF 2.21's answer
recorded as data (its error class and the first line of its message, or per tensor its
dtype, shape and values; the form of tests/fuzz/recorded.py), recorded in a TF process that
had already run an op."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded
from recorded import outcome

import eagerflow as tf
from eagerflow.errors import ResourceExhaustedError

# -- TF's own errors, which the fuzz rules did not know ---------------------------------------
# tridiagonal_matmul's compact diagonals of a NumPy scalar: TF's d[..., 0, :] is NumPy's
# "invalid index to scalar variable."; ctc_loss of dense labels of rank below 2: TF's
# composite reads labels.shape[1] (the campaign's labels were a complex scalar);
# quantize_and_dequantize's axis % rank of a scalar input; set_seed's int() of a tensor of
# inf, which TF's stream of op seeds takes
TF_OWN_ERRORS = [
    ("linalg.tridiagonal_matmul", ("tridiagonal_matmul",),
     lambda: tf.linalg.tridiagonal_matmul(np.float64(2.5), np.zeros((0, 4, 0, 1), np.float32)),
     ('raise', 'IndexError', 'invalid index to scalar variable.')),
    ("linalg.tridiagonal_matmul", ("tridiagonal_matmul",),
     lambda: tf.linalg.tridiagonal_matmul(np.array(2.5), np.zeros((0, 4, 0, 1), np.float32)),
     ('raise', 'IndexError',
      'too many indices for array: array is 0-dimensional, but 2 were indexed')),
    ("nn.ctc_loss", ("ctc_loss",),
     lambda: tf.nn.ctc_loss(tf.constant(1 + 1j, tf.complex64),
                            np.array([[[True], [False]], [[True], [True]]]),
                            tf.ones((4, 3, 1), tf.int16), tf.constant(1 + 1j, tf.complex64)),
     ('raise', 'IndexError', 'tuple index out of range')),
    ("nn.ctc_loss", ("ctc_loss",), lambda: tf.nn.ctc_loss([1, 2], tf.ones((4, 3, 1)), [1], [1]),
     ('raise', 'IndexError', 'tuple index out of range')),
    ("quantization.quantize_and_dequantize", ("quantize_and_dequantize",),
     lambda: tf.quantization.quantize_and_dequantize(tf.constant(-2.3), -1.0, 1.0, axis=-7),
     ('raise', 'ZeroDivisionError', 'integer modulo by zero')),
    ("quantization.quantize_and_dequantize_v2", ("quantize_and_dequantize_v2",),
     lambda: tf.quantization.quantize_and_dequantize_v2(tf.constant(-2.3), -1.0, 1.0, axis=-1),
     ('raise', 'ZeroDivisionError', 'integer modulo by zero')),
    ("random.set_seed", ("set_seed",),
     lambda: tf.random.set_seed(tf.constant(np.inf, tf.float16)),
     ('raise', 'OverflowError', 'cannot convert float infinity to integer')),
]


@pytest.mark.parametrize("label,names,call,want", TF_OWN_ERRORS)
def test_tfs_own_errors_pass_the_fuzz_rules(label, names, call, want):
    assert outcome(call) == want
    result, _ = guarded(label, names, call, contract=False)
    assert result == want[1]


# -- A widening cast past the memory there is -------------------------------------------------
# The ODD campaign's histogram_fixed_width_bins(v, v) of an int16 v [32, 32, 32, 2, 1] grew
# the process by a GiB under the fuzz's 256 MiB cap: TF's steps broadcast the values against
# value_range[0] (an int16 [32, 32, 2, 65536], 256 MiB), whose cast to float32 no check
# sized. A cast to a wider dtype is refused before NumPy allocates it, as a broadcast is.

def test_a_widening_cast_past_the_limit_is_refused(small_memory):
    x = tf.zeros([24 << 20], tf.int16)  # (48 MiB: as float32 96 MiB, past the 64 MiB limit)
    with pytest.raises(ResourceExhaustedError, match=r"OOM when allocating tensor with "
                                                     r"shape\[25165824\] and type float on "
                                                     r"/job:localhost/replica:0/task:0/device:"
                                                     r"CPU:0 by allocator cpu \[Op:Cast\]"):
        tf.cast(x, tf.float32)
    assert tf.cast(x, tf.int8).shape == [24 << 20]  # (a narrowing cast fits)


# The ODD campaign's tensordot(a, a, 0) of two complex64 [4, 4, 4, 31, 31] was NumPy's
# MemoryError of the [61504, 61504] outer product its MatMul makes (28 GiB): a product past
# the memory there is is refused before NumPy allocates it, as a broadcast is.

@pytest.mark.parametrize("call", [
    lambda: tf.tensordot(tf.zeros([5000]), tf.zeros([5000]), 0),
    lambda: tf.matmul(tf.zeros([5000, 1]), tf.zeros([1, 5000])),
    lambda: tf.zeros([5000, 1]) @ tf.zeros([1, 5000]),
    lambda: tf.matmul(tf.zeros([2, 5000, 1]), tf.zeros([1, 5000]))])
def test_a_product_past_the_limit_is_refused(small_memory, call):
    with pytest.raises(ResourceExhaustedError, match=r"OOM when allocating tensor with "
                                                     r"shape\[(2,)?5000,5000\] and type float"):
        call()
    assert tf.matmul(tf.zeros([3000, 1]), tf.zeros([1, 3000])).shape == [3000, 3000]


# -- l2_normalize's deprecated dim and its epsilon --------------------------------------------
# TF's l2_normalize looks `dim` up as the old name of `axis` (both given: its ValueError),
# and hands epsilon to maximum(square_sum, epsilon) as given: a tensor keeps its dtype
# (Maximum's refusal of another), a number converts to the sum's (was: dim ignored beside
# axis; a tensor epsilon cast to x's dtype; an int sum's epsilon of 0 refused)
L2_NORMALIZE = [
    (lambda: tf.math.l2_normalize([], axis=0, epsilon=tf.constant(True), dim=0),
     ('raise', 'ValueError', "Cannot specify both 'dim' and 'axis'.")),
    (lambda: tf.math.l2_normalize(np.zeros((0, 3), np.complex64), axis=1, dim=0),
     ('raise', 'ValueError', "Cannot specify both 'dim' and 'axis'.")),
    (lambda: tf.nn.l2_normalize([3.0, 4.0], axis=0, dim=0),
     ('raise', 'ValueError', "Cannot specify both 'dim' and 'axis'.")),
    (lambda: tf.math.l2_normalize([3.0, 4.0], dim=0),
     ('float32', [2], [0.6000000238418579, 0.800000011920929])),
    (lambda: tf.math.l2_normalize([], epsilon=tf.constant(True), dim=0),
     ('raise', 'InvalidArgumentError',
      'cannot compute Maximum as input #1(zero-based) was expected to be a float tensor but '
      'is a bool tensor [Op:Maximum] name:')),
    (lambda: tf.math.l2_normalize([1.0, 2.0], epsilon=tf.constant(0.5)),
     ('float32', [2], [0.4472135901451111, 0.8944271802902222])),
    (lambda: tf.math.l2_normalize([1.0, 2.0], epsilon=tf.constant(0.5, tf.float64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute Maximum as input #1(zero-based) was expected to be a float tensor but '
      'is a double tensor [Op:Maximum] name:')),
    (lambda: tf.math.l2_normalize([1j, 2], epsilon=tf.constant(1.0)),
     ('raise', 'InvalidArgumentError',
      'cannot compute Maximum as input #1(zero-based) was expected to be a double tensor '
      'but is a float tensor [Op:Maximum] name:')),
    (lambda: tf.math.l2_normalize([1, 2], epsilon=tf.constant(1)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, "
      'float, double, complex64, complex128')),
    (lambda: tf.math.l2_normalize([1, 2], epsilon=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, "
      'float, double, complex64, complex128')),
    (lambda: tf.math.l2_normalize([1, 2]),
     ('raise', 'TypeError', 'Cannot convert 1e-12 to EagerTensor of dtype int32')),
]


# -- random.poisson's lam --------------------------------------------------------------------
# TF's op wrapper converts lam as RandomPoissonV2's input R, whose default is float64: a
# Python bool or int converted to it (was: a bool kept, R's refusal), a list keeping the
# type it infers where R allows it (the seeded draws compared by shape only, as the replay
# compares the unseeded ones)
POISSON = [
    (lambda: tf.random.poisson((2,), True, seed=1).shape,
     ('py', 'TensorShape([2])')),
    (lambda: tf.random.poisson((2,), True, seed=1).dtype,
     ('py', 'tf.float32')),
    (lambda: tf.random.poisson((2,), [True, False], seed=1).shape,
     ('py', 'TensorShape([2, 2])')),
    (lambda: tf.random.poisson((2,), [1, 2], seed=1).shape,
     ('py', 'TensorShape([2, 2])')),
    (lambda: tf.random.poisson((2,), np.bool_(True), seed=1).shape,
     ('py', 'TensorShape([2])')),
    (lambda: tf.random.poisson((2,), np.array([True]), seed=1).shape,
     ('py', 'TensorShape([2, 1])')),
    (lambda: tf.random.poisson((2,), np.uint8(3), seed=1).shape,
     ('py', 'TensorShape([2])')),
    (lambda: tf.random.poisson((2,), 'a', seed=1),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'R' of string is not in the list of allowed values: half, float, "
      'double, int32, int64')),
    (lambda: tf.random.poisson((2,), ['a'], seed=1),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'R' of string is not in the list of allowed values: half, float, "
      'double, int32, int64')),
    (lambda: tf.random.poisson((2,), [1j], seed=1),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'R' of complex128 is not in the list of allowed values: half, float, "
      'double, int32, int64')),
    (lambda: tf.random.poisson((2,), 1j, seed=1),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'R' of complex128 is not in the list of allowed values: half, float, "
      'double, int32, int64')),
    (lambda: tf.random.poisson((2,), tf.constant(True), seed=1),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'R' of bool is not in the list of allowed values: half, float, "
      'double, int32, int64')),
    (lambda: tf.random.poisson((2,), None, seed=1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.random.poisson((2,), 2**70, seed=1),
     ('float32', [2], [1.1805916207174113e+21, 1.1805916207174113e+21])),
    (lambda: tf.random.poisson((2,), [2**70], seed=1),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.random.poisson((0,), 3, dtype=tf.int32, seed=1),
     ('int32', [0], [])),
    (lambda: tf.random.poisson((0,), [3.5], dtype=tf.int64, seed=1),
     ('int64', [0, 1], [])),
    (lambda: tf.random.poisson((0,), tf.constant([3], tf.int32), seed=1),
     ('float32', [0, 1], [])),
]

# -- expm of a vector of one --------------------------------------------------------------------
# TF's expm batches its input as [-1, M, M] of its last two dims (a vector [1] as one 1x1
# matrix) and reshapes its result to the batch's shape and those: the NaN fill of a
# non-finite input too (was: the input's shape, [1])
EXPM = [
    (lambda: tf.linalg.expm(tf.constant([-np.inf], tf.float16)),
     ('float16', [1, 1], [['nan']])),
    (lambda: tf.linalg.expm(tf.constant([np.nan], tf.float32)),
     ('float32', [1, 1], [['nan']])),
    (lambda: tf.linalg.expm(tf.constant([2.0], tf.float16)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node MatrixSolve}} = MatrixSolve[T=DT_HALF, '
      'adjoint=false]')),
    (lambda: tf.linalg.expm(tf.constant([2.0], tf.float64)),
     ('float64', [1, 1], [[7.389056098930651]])),
    (lambda: tf.linalg.expm(np.full((2, 1, 2, 2), np.inf, np.float16)),
     ('float16', [2, 1, 2, 2],
      [[[['nan', 'nan'], ['nan', 'nan']]], [[['nan', 'nan'], ['nan', 'nan']]]])),
    (lambda: tf.linalg.expm(np.full((2, 2), np.inf, np.float32)),
     ('float32', [2, 2], [['nan', 'nan'], ['nan', 'nan']])),
    (lambda: tf.linalg.expm(np.zeros((3, 0, 2, 2), np.float16)),
     ('float16', [3, 0, 2, 2], [[], [], []])),
]


# -- ragged stack and concat along an inner axis --------------------------------------------
# TF's helper recurses into the rows' values along axis - 1 whatever they are: dense values
# are joined by the dense op only along their last two axes, else taken as ragged again (the
# ODD campaign's ragged.stack of a bool [17, 17, 3, 3] along axis 2 was a ragged rank of 1,
# [289, 1, 3, 3] values, where TF's is 3)
_R = lambda n: tf.reshape(tf.range(n), [2, 3, 2])  # noqa: E731
RAGGED_INNER_AXIS = [
    (lambda: tf.ragged.stack(tf.reshape(tf.range(24), [2, 2, 3, 2]) > 5, axis=2),
     ('ragged',
      ('bool', [12, 2],
       [[False, False], [False, False], [False, False], [True, True], [True, True],
        [True, True], [True, True], [True, True], [True, True], [True, True], [True, True],
        [True, True]]),
      [('int64', [3], [0, 2, 4]), ('int64', [5], [0, 1, 2, 3, 4]),
       ('int64', [5], [0, 3, 6, 9, 12])])),
    (lambda: tf.ragged.stack([_R(12), _R(12) + 12], axis=2),
     ('int32', [2, 3, 2, 2],
      [[[[0, 1], [12, 13]], [[2, 3], [14, 15]], [[4, 5], [16, 17]]],
       [[[6, 7], [18, 19]], [[8, 9], [20, 21]], [[10, 11], [22, 23]]]])),
    (lambda: tf.ragged.stack([_R(12), _R(12) + 12], axis=3),
     ('int32', [2, 3, 2, 2],
      [[[[0, 12], [1, 13]], [[2, 14], [3, 15]], [[4, 16], [5, 17]]],
       [[[6, 18], [7, 19]], [[8, 20], [9, 21]], [[10, 22], [11, 23]]]])),
    (lambda: tf.ragged.stack([tf.reshape(tf.range(24), [2, 2, 3, 2])], axis=3),
     ('int32', [2, 2, 3, 1, 2],
      [[[[[0, 1]], [[2, 3]], [[4, 5]]], [[[6, 7]], [[8, 9]], [[10, 11]]]],
       [[[[12, 13]], [[14, 15]], [[16, 17]]], [[[18, 19]], [[20, 21]], [[22, 23]]]]])),
    (lambda: tf.ragged.stack([_R(12), tf.RaggedTensor.from_tensor(_R(12))], axis=2),
     ('ragged',
      ('int32', [6, 2, 2],
       [[[0, 1], [0, 1]], [[2, 3], [2, 3]], [[4, 5], [4, 5]], [[6, 7], [6, 7]],
        [[8, 9], [8, 9]], [[10, 11], [10, 11]]]),
      [('int64', [3], [0, 3, 6])])),
    (lambda: tf.concat([tf.ragged.constant([[[0, 1]], [[2, 3], [4, 5]]]),
                        tf.ragged.constant([[[6, 7]], [[8, 9], [10, 11]]])], axis=2),
     ('ragged', ('int32', [12], [0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11]),
      [('int64', [3], [0, 1, 3]), ('int64', [4], [0, 4, 8, 12])])),
    (lambda: tf.concat([tf.ragged.constant([[[[0], [1]]], [[[2], [3]]]], ragged_rank=1),
                        tf.ragged.constant([[[[6], [7]]], [[[8], [9]]]], ragged_rank=1)], axis=2),
     ('ragged', ('int32', [8, 1], [[0], [1], [6], [7], [2], [3], [8], [9]]),
      [('int64', [3], [0, 1, 2]), ('int64', [3], [0, 4, 8])])),
]


# -- qr of an empty batch, tnp.diag of a k past the matrix, ngrams' bool attr -----------------
# The ODD campaign's qr of a float64 [0, 3, 3] was NumPy's ValueError of the Householder
# path's packet sums (a batch of none reshaped): an empty batch goes the other way, TF's
# empty Q and R. TF's tnp.diag of a matrix takes the diagonal of an empty [0, 0] matrix
# where k is at or past its rows or columns (was MatrixDiagPartV3's refusal of k).
# tf.strings.ngrams' preserve_short_sequences is StringNGrams' bool attr: a tensor, a NumPy
# bool or an int is TF's TypeError (was taken by its truth).
QR_DIAG_NGRAMS = [
    (lambda: tf.linalg.qr(np.zeros((0, 3, 3))),
     ['tuple', ('float64', [0, 3, 3], []), ('float64', [0, 3, 3], [])]),
    (lambda: tf.linalg.qr(np.zeros((0, 3, 3)), full_matrices=True),
     ['tuple', ('float64', [0, 3, 3], []), ('float64', [0, 3, 3], [])]),
    (lambda: tf.linalg.qr(np.zeros((2, 0, 3, 2), np.float32)),
     ['tuple', ('float32', [2, 0, 3, 2], [[], []]), ('float32', [2, 0, 2, 2], [[], []])]),
    (lambda: tf.linalg.qr(np.zeros((0, 3, 2), np.float32), full_matrices=True),
     ['tuple', ('float32', [0, 3, 3], []), ('float32', [0, 3, 2], [])]),
    (lambda: tf.linalg.qr(np.zeros((0, 2, 3), np.complex64)),
     ['tuple', ('complex64', [0, 2, 2], []), ('complex64', [0, 2, 3], [])]),
    (lambda: tf.linalg.qr(np.zeros((3, 0))),
     ['tuple', ('float64', [3, 0], [[], [], []]), ('float64', [0, 0], [])]),
    (lambda: tf.linalg.qr(np.zeros((0, 3)), full_matrices=True),
     ['tuple', ('float64', [0, 0], []), ('float64', [0, 3], [])]),
    (lambda: tf.experimental.numpy.diag(tf.constant([[True, False], [False, False]]), k=2),
     ('bool', [0], [])),
    (lambda: tf.experimental.numpy.diag(tf.constant([[1, 2], [3, 4]]), k=-2),
     ('int32', [0], [])),
    (lambda: tf.experimental.numpy.diag(tf.constant([[1, 2], [3, 4]]), k=3),
     ('int32', [0], [])),
    (lambda: tf.experimental.numpy.diag(tf.constant([[1, 2, 3], [3, 4, 5]]), k=3),
     ('int32', [0], [])),
    (lambda: tf.experimental.numpy.diag(tf.constant([[1, 2, 3], [3, 4, 5]]), k=-2),
     ('int32', [0], [])),
    (lambda: tf.experimental.numpy.diag(tf.constant([[1, 2, 3], [3, 4, 5]]), k=-3),
     ('int32', [0], [])),
    (lambda: tf.experimental.numpy.diag(tf.zeros([0, 2]), k=1),
     ('float32', [0], [])),
    (lambda: tf.strings.ngrams([], 2, preserve_short_sequences=tf.constant(True)),
     ('raise', 'TypeError',
      "Expected bool for argument 'preserve_short_sequences' not <tf.Tensor: shape=(), "
      'dtype=bool, numpy=True>.')),
    (lambda: tf.strings.ngrams(['a', 'b'], 2, preserve_short_sequences=np.bool_(True)),
     ('raise', 'TypeError',
      "Expected bool for argument 'preserve_short_sequences' not np.True_.")),
    (lambda: tf.strings.ngrams(['a', 'b'], 2, preserve_short_sequences=1),
     ('raise', 'TypeError', "Expected bool for argument 'preserve_short_sequences' not 1.")),
]


# -- Roll's NumPy shift and axis; tensordot's operands ----------------------------------------
# TF's op wrapper hands a NumPy shift or axis to Roll with its own dtype (Tshift and Taxis
# have no default to cast it to): an int16 or unsigned one is the attr's refusal (was: read
# as ints, tf.roll's and tnp.roll's). tensordot converts a and b each on its own, as TF's
# does: operands of two dtypes are MatMul's refusal (was: a Python or NumPy operand took
# the other's dtype). (A float32 a beside a float64 b is left out: TF's oneDNN build names
# its kernel _MklMatMul there, eagerflow's matmul MatMul.)
ROLL_TENSORDOT = [
    (lambda: tf.experimental.numpy.roll(np.array([1, 2, 3], np.uint64), np.array([2], np.uint64),
                                        axis=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of uint64 is not in the list of allowed values: int32, int64")),
    (lambda: tf.experimental.numpy.roll(np.array([1, 2, 3], np.uint64), np.uint64(1), axis=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of uint64 is not in the list of allowed values: int32, int64")),
    (lambda: tf.experimental.numpy.roll(np.array([1, 2, 3]), np.int16(1), axis=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of int16 is not in the list of allowed values: int32, int64")),
    (lambda: tf.experimental.numpy.roll(np.array([1, 2, 3]), tf.constant(1, tf.int16), axis=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of int16 is not in the list of allowed values: int32, int64")),
    (lambda: tf.experimental.numpy.roll(np.array([1, 2, 3]), 1, axis=np.uint8(0)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Taxis' of uint8 is not in the list of allowed values: int32, int64")),
    (lambda: tf.experimental.numpy.roll(np.array([1, 2, 3]), np.int64(1), axis=np.int32(0)),
     ('int64', [3], [3, 1, 2])),
    (lambda: tf.roll(tf.ones([2]), np.array([1], np.int16), axis=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of int16 is not in the list of allowed values: int32, int64")),
    (lambda: tf.roll(tf.ones([2]), np.int16(1), axis=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of int16 is not in the list of allowed values: int32, int64")),
    (lambda: tf.roll(tf.ones([2]), [np.int16(1)], axis=[0]),
     ('float32', [2], [1.0, 1.0])),
    (lambda: tf.roll(tf.ones([2]), 1, axis=np.uint8(0)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Taxis' of uint8 is not in the list of allowed values: int32, int64")),
    (lambda: tf.roll(tf.range(3), np.array([1]), axis=np.array([0], np.int32)),
     ('int32', [3], [2, 0, 1])),
    (lambda: tf.reshape(tf.ones([2]), np.array([2], np.uint8)),
     ('float32', [2], [1.0, 1.0])),
    (lambda: tf.tensordot([1, 2], [3.5, 4], 1),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatMul as input #1(zero-based) was expected to be a int32 tensor but '
      'is a float tensor [Op:MatMul] name:')),
    (lambda: tf.tensordot(tf.constant([1.0, 2.0], tf.float64), [1.0, 2.0], 1),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatMul as input #1(zero-based) was expected to be a double tensor but '
      'is a float tensor [Op:MatMul] name:')),
    (lambda: tf.tensordot(np.array([1, 2]), tf.constant([1.0, 2.0]), 1),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatMul as input #1(zero-based) was expected to be a int64 tensor but '
      'is a float tensor [Op:MatMul] name:')),
    (lambda: tf.tensordot(np.ones((2, 2), np.int32), tf.constant(0.375, tf.bfloat16), 0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Ta' of int32 is not in the list of allowed values: float, bfloat16")),
    (lambda: tf.tensordot(1, tf.constant(7), 0),
     ('int32', [], 7)),
    (lambda: tf.tensordot(0, tf.constant(7, tf.int64), 0),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatMul as input #1(zero-based) was expected to be a int32 tensor but '
      'is a int64 tensor [Op:MatMul] name:')),
    (lambda: tf.tensordot([[1.0, 2.0]], tf.constant([3.0, 4.0]), 1),
     ('float32', [1], [11.0])),
]


# -- A shape list led by a bool ----------------------------------------------------------------
# An op that takes a shape-like list as its tensor input (Reshape's shape, Tile's multiples,
# BroadcastTo's shape, Fill's dims) gets it converted without a dtype, which infers bool from
# a leading True: a later int is the conversion's "mixed types" ValueError (was: read as the
# ints 1 and 10). tf.zeros and tf.ones convert their shape as int32 first, where True is 1.
BOOL_LED_SHAPES = [
    (lambda: tf.reshape(tf.zeros([2, 5]), [True, 10]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.reshape(tf.zeros([2, 5]), [1, True, 10]),
     ('float32', [1, 1, 10], [[[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]])),
    (lambda: tf.reshape(tf.zeros([2, 5]), [True, False]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input to '
      'reshape is a tensor with 10 values, but the requested shape has 0 [Op:Reshape]')),
    (lambda: tf.reshape(tf.zeros([1]), [True]),
     ('float32', [1], [0.0])),
    (lambda: tf.experimental.numpy.reshape(tf.zeros([2, 5]), [True, 10]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.reshape(tf.zeros([2, 5]), (np.int32(1), 10)),
     ('float32', [1, 10], [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]])),
    (lambda: tf.reshape(tf.zeros([2, 5]), [np.bool_(True), 10]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.tile(tf.zeros([2]), [True]),
     ('float32', [2], [0.0, 0.0])),
    (lambda: tf.tile(tf.zeros([2, 1]), [True, 2]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.broadcast_to(tf.zeros([1]), [True, 2]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.zeros([True, 2]),
     ('float32', [1, 2], [[0.0, 0.0]])),
    (lambda: tf.fill([True, 2], 1.0),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.zeros([2, True]),
     ('float32', [2, 1], [[0.0], [0.0]])),
    (lambda: tf.ones([True]),
     ('float32', [1], [1.0])),
    (lambda: tf.ones([True, False]),
     ('float32', [1, 0], [[]])),
    (lambda: tf.zeros([True, 2.0]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
]


# -- tnp.angle of bfloat16; norm of a NaN ord -----------------------------------------------------
# TF's tnp promotes what NumPy calls no inexact type by the tensor's astype: bfloat16 too
# (ml_dtypes'), TF's AttributeError without numpy behavior (was: bfloat16's angle computed).
# TF's norm refuses an ord only where it is not real or not above 0 as NumPy compares it:
# NaN passes (NaN's norm; was refused)
ANGLE_NORM = [
    (lambda: tf.experimental.numpy.angle(np.array([[5.5, -1.4]], tf.bfloat16.as_numpy_dtype)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tf.experimental.numpy.angle(tf.constant([1.5], tf.bfloat16)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tf.experimental.numpy.angle(np.array([1.5, -2], np.float16)),
     ('float32', [2], [0.0, 3.1415927410125732])),
    (lambda: tf.experimental.numpy.angle(tf.constant([1.5, -2], tf.float64), deg=True),
     ('float32', [2], [0.0, 180.0])),
    (lambda: tf.experimental.numpy.angle(np.array([1], np.int32)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tf.linalg.normalize(np.float64(2.5), ord=np.nan),
     ['tuple', ('float64', [], 'nan'), ('float64', [], 'nan')]),
    (lambda: tf.norm([3.0, 4.0], ord=np.nan),
     ('float32', [], 'nan')),
    (lambda: tf.norm([3.0, 4.0], ord=float('nan'), axis=0),
     ('float32', [], 'nan')),
    (lambda: tf.norm([3.0, 4.0], ord=-1.0),
     ('raise', 'ValueError', "'ord' must be a supported vector norm, got -1.0")),
    (lambda: tf.norm([3.0, 4.0], ord=0.5),
     ('float32', [], 13.928203582763672)),
]


# -- tnp.isclose's tolerances --------------------------------------------------------------------
# TF's tnp.isclose converts rtol, then atol, to the real dtype of the operands' with
# convert_to_tensor: a tensor of another dtype is its ValueError (was: cast, as tnp.asarray
# casts)
_TNP = tf.experimental.numpy
ISCLOSE = [
    (lambda: _TNP.isclose(np.array(False), [0.0], rtol=tf.constant(7, tf.int16), atol=2),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype float64 for Tensor with dtype int16: <tf.Tensor: '
      'shape=(), dtype=int16, numpy=7>')),
    (lambda: _TNP.allclose(np.array(False), [0.0], rtol=False, atol=tf.constant(True)),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype float64 for Tensor with dtype bool: <tf.Tensor: '
      'shape=(), dtype=bool, numpy=True>')),
    (lambda: _TNP.isclose([1.0, 2.0], [1.0, 2.1], rtol=0.1, atol=np.float64(0.0)),
     ('bool', [2], [True, True])),
    (lambda: _TNP.isclose([1.0, 2.0], [1.0, 2.1], rtol=tf.constant(0.1, tf.float64)),
     ('bool', [2], [True, True])),
    (lambda: _TNP.isclose(tf.constant([1.0, 2.0]), [1.0, 2.1], rtol=tf.constant(0.1, tf.float64)),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype float32 for Tensor with dtype float64: <tf.Tensor: '
      'shape=(), dtype=float64, numpy=0.1>')),
    (lambda: _TNP.isclose(tf.constant([1.0, 2.0]), [1.0, 2.1], rtol=[0.1, 0.01]),
     ('bool', [2], [True, False])),
    (lambda: _TNP.isclose([1j, 2], [1j, 2.1], rtol='a'),
     ('raise', 'TypeError', "Cannot convert 'a' to EagerTensor of dtype double")),
]


# -- tnp.maximum of a tensor and zero --------------------------------------------------------------
# TF's tnp.maximum of a tensor and a real zero (not a bool) is its relu fast path: the
# tensor's dtype kept, relu's refusals (was: promoted, int8 and -0.0 a float64)
TNP_MAXIMUM = [
    (lambda: _TNP.maximum(tf.zeros([0, 2], tf.int8), -0.0),
     ('int8', [0, 2], [])),
    (lambda: _TNP.maximum(tf.constant(3, tf.int8), -0.0),
     ('int8', [], 3)),
    (lambda: _TNP.maximum(tf.constant([-3, 2], tf.int8), 0),
     ('int8', [2], [0, 2])),
    (lambda: _TNP.maximum(tf.constant([-3, 2], tf.int8), np.float32(0)),
     ('int8', [2], [0, 2])),
    (lambda: _TNP.maximum(tf.constant([-3, 2], tf.int8), False),
     ('int8', [2], [0, 2])),
    (lambda: _TNP.maximum(tf.constant([-3, 2], tf.int8), 0.5),
     ('float64', [2], [0.5, 2.0])),
    (lambda: _TNP.maximum(np.array([-3, 2], np.int8), 0.0),
     ('float64', [2], [0.0, 2.0])),
    (lambda: _TNP.maximum(tf.constant([1j, 2]), 0.0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of complex128 is not in the list of allowed values: float, "
      'double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, '
      'qint8')),
    (lambda: _TNP.maximum(tf.constant([True, False]), 0),
     ('int64', [2], [1, 0])),
    (lambda: _TNP.maximum(tf.constant(['a']), 0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of string is not in the list of allowed values: float, double, "
      'int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8')),
    (lambda: _TNP.maximum(tf.constant([-1.5, 2.0], tf.float16), 0),
     ('float16', [2], [0.0, 2.0])),
]


@pytest.mark.parametrize("call,want", L2_NORMALIZE + POISSON + EXPM +
                         RAGGED_INNER_AXIS + QR_DIAG_NGRAMS +
                         ROLL_TENSORDOT + BOOL_LED_SHAPES +
                         ANGLE_NORM + ISCLOSE + TNP_MAXIMUM)
def test_outcome_is_tf_2_21s(call, want):
    assert outcome(call) == want
