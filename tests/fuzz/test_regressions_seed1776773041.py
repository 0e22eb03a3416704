"""Regression tests for the fuzz campaign of seeds 1776773041 and 1839985869
(EAGERFLOW_FUZZ_ODD=1), 30 examples per public function, whose API calls were each replayed
in TF 2.21 (tests/fuzz/api_replay.py), and for the differential long run of seed 2013729763
(tests/fuzz/test_tf_differential.py): the inputs where eagerflow's outcome differed from
TF's, and their neighbours, with TF 2.21's answer recorded as data (its error class and the
first line of its message, or per tensor its dtype, shape and values). Recorded in a TF
process that had already run an op."""

from __future__ import annotations

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

tnp = tf.experimental.numpy

inf, nan = np.inf, np.nan
V = np.array([1., 2.])
X23 = np.array([[1., 2., 4.], [3., 5., 9.]], np.float32)
WORD = tf.constant([['a']])
F16, U16 = np.ones((17, 1), np.float16), np.zeros((0, 1, 3), np.uint16)
CHOL_BATCH = [[[0.37719066, -0.39631459], [1.92126795, nan]],
              [[-1.60700812, 1.], [3.91200014, nan]], [[4., 2], [2, 5]]]
BANDS = np.array([[[-1., 0, 0, -1], [-1, -1, 0, 1], [-1, 1, 1, 1]],
                  [[-1., 0, 1, 1], [-1, 1, 1, 1], [0, 1, 0, 1]]])
RHS = np.array([[[0., 1], [-1, -1], [0, 1], [1, 0]]])
ZERO_LATER = np.array([[[1., 1, 1], [1, 1, 1]], [[0., 1, 1], [1, 0, 1]]])
ONES32 = np.ones((3, 2))
ONES64 = ONES32.astype(np.complex64)
BTS = tf.raw_ops.BandedTriangularSolve
BF16 = tf.bfloat16.as_numpy_dtype
GAMMA = tf.image.adjust_gamma


def _chol(m: list, dtype: type | None = None) -> tf.Tensor:
    """Cholesky's lower triangle (where TF's factorization stops, the upper one is whatever
    its output buffer held)."""
    return tf.linalg.band_part(tf.linalg.cholesky(np.array(m, dtype)), -1, 0)


# Cholesky of a matrix holding inf or NaN in its lower triangle runs Eigen's unblocked LLT as
# TF's kernel does: a NaN pivot does not stop it (NaN <= 0 is false), so the NaN spreads to
# the later columns only; an infinity's square makes a later pivot -inf, which stops it (the
# type's NaN, 0 for a complex type). Was: the whole matrix NaN. (The lower triangle only:
# when TF's factorization stops, the upper one is whatever its buffer held.)
CHOLESKY_NONFINITE = [
    (lambda: _chol([[4., 1], [nan, 4]]),
     ('float64', [2, 2], [[2.0, 0.0], ['nan', 'nan']])),
    (lambda: _chol([[4., 1], [nan, 4]], np.float32),
     ('float32', [2, 2], [[2.0, 0.0], ['nan', 'nan']])),
    (lambda: _chol([[4., nan], [1, 4]]),
     ('float64', [2, 2], [[2.0, 0.0], [0.5, 1.9364916731037085]])),
    (lambda: _chol([[nan, 1.], [1, 4]]),
     ('float64', [2, 2], [['nan', 0.0], ['nan', 'nan']])),
    (lambda: _chol([[4., 0, 0], [nan, 4, 0], [0, 0, 9]]),
     ('float64', [3, 3], [[2.0, 0.0, 0.0], ['nan', 'nan', 0.0], [0.0, 'nan', 'nan']])),
    (lambda: _chol([[4., 0, 0], [0, 4, 0], [nan, 0, 9]]),
     ('float64', [3, 3], [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], ['nan', 'nan', 'nan']])),
    (lambda: _chol([[4., 0, 0], [0, 4, 0], [0, nan, 9]]),
     ('float64', [3, 3], [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 'nan', 'nan']])),
    (lambda: _chol([[4., 0, 0], [0, 4, 0], [0, 0, nan]], np.float32),
     ('float32', [3, 3], [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 'nan']])),
    (lambda: _chol([[4., 0, 0], [inf, 4, 0], [0, 0, 9]]),
     ('float64', [3, 3], [['nan', 0.0, 0.0], ['nan', 'nan', 0.0], ['nan', 'nan', 'nan']])),
    (lambda: _chol([[4., 0, 0], [1, inf, 0], [0, 0, 9]]),
     ('float64', [3, 3], [[2.0, 0.0, 0.0], [0.5, 'inf', 0.0], [0.0, 0.0, 3.0]])),
    (lambda: _chol([[4., 2, 0], [2, 5, 1], [nan, 1, 3]]),
     ('float64', [3, 3], [[2.0, 0.0, 0.0], [1.0, 2.0, 0.0], ['nan', 'nan', 'nan']])),
    (lambda: _chol([[9., 3, 0], [3, -inf, 1], [1, 1, 3]]),
     ('float64', [3, 3], [['nan', 0.0, 0.0], ['nan', 'nan', 0.0], ['nan', 'nan', 'nan']])),
    (lambda: _chol([[4., 1, 0], [1, nan, 1], [0, 1, -4]]),
     ('float64', [3, 3], [[2.0, 0.0, 0.0], [0.5, 'nan', 0.0], [0.0, 'nan', 'nan']])),
    (lambda: _chol([[4., 0], [nan, 4]], np.complex128),
     ('complex128', [2, 2], [[(2+0j), 0j], ['(nan+0j)', '(nan+0j)']])),
    (lambda: _chol([[4., 0, 0], [inf, 4, 0], [0, 0, 9]], np.complex128),
     ('complex128', [3, 3], [[0j, 0j, 0j], [0j, 0j, 0j], [0j, 0j, 0j]])),
    (lambda: _chol([[4, 0, 0], [1 + 2j, 9, 0], [nan, 1j, 9]]),
     ('complex128', [3, 3],
      [[(2+0j), 0j, 0j], [(0.5+1j), (2.7838821814150108+0j), 0j],
       ['(nan+0j)', '(nan+nanj)', '(nan+0j)']])),
    (lambda: _chol(CHOL_BATCH),
     ('float64', [3, 2, 2],
      [[[0.6141584974581074, 0.0], [3.128293360674461, 'nan']], [['nan', 0.0], ['nan', 'nan']],
       [[2.0, 0.0], [1.0, 2.0]]])),
]

# tf.linspace is TF's linspace_nd, arithmetic on the endpoints: complex ones give complex
# points (was the LinSpace op's refusal, which tf.raw_ops.LinSpace keeps)
LINSPACE_COMPLEX = [
    (lambda: tf.linspace(tf.constant(1 + 2j, tf.complex64), tf.constant(3 - 1j, tf.complex64), 4),
     ('complex64', [4], [(1+2j), (1.6666667461395264+1j), (2.3333334922790527+0j), (3-1j)])),
    (lambda: tf.linspace(tf.constant([1 + 2j, 0]), tf.constant(3 - 1j), 3, axis=1),
     ('complex128', [2, 3], [[(1+2j), (2+0.5j), (3-1j)], [0j, (1.5-0.5j), (3-1j)]])),
    (lambda: tf.linspace(1 + 2j, 3 - 1j, 1),
     ('complex128', [1], [(1+2j)])),
    (lambda: tf.linspace(1 + 2j, 3 - 1j, 0),
     ('complex128', [0], [])),
    (lambda: tf.linspace(1 + 2j, 3, 3),
     ('complex128', [3], [(1+2j), (2+1j), (3+0j)])),
    (lambda: tf.linspace(np.array(2.70648431 - 3.42497283j), np.array([8], np.uint64), 5),
     ('complex128', [5, 1],
      [[(2.70648431-3.42497283j)], [(4.0298632325-2.5687296225000003j)],
       [(5.353242155-1.712486415j)], [(6.6766210775-0.8562432074999999j)], [(8+0j)]])),
    (lambda: tf.raw_ops.LinSpace(start=tf.constant(1j), stop=tf.constant(2j), num=3),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of complex128 is not in the list of allowed values: bfloat16, half, "
      'float, double')),
]

# an eager tensor of axes is no integral type to TF's tensordot: it is converted to int32
# (any other dtype: that conversion's ValueError, named "axes") and indexed at [0] and [1]
# (a scalar: StridedSlice's refusal); was read as the int N
TENSORDOT_TENSOR_AXES = [
    (lambda: tf.tensordot(V, V, tf.constant(1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} Attempting '
      'to slice scalar input. [Op:StridedSlice] name: strided_slice/')),
    (lambda: tf.tensordot(V, V, tf.constant(1, tf.int64)),
     ('raise', 'ValueError',
      'axes: Tensor conversion requested dtype int32 for Tensor with dtype int64: <tf.Tensor: '
      'shape=(), dtype=int64, numpy=1>')),
    (lambda: tf.tensordot(V, V, tf.constant(1, tf.uint8)),
     ('raise', 'ValueError',
      'axes: Tensor conversion requested dtype int32 for Tensor with dtype uint8: <tf.Tensor: '
      'shape=(), dtype=uint8, numpy=1>')),
    (lambda: tf.tensordot(V, V, tf.constant(1.)),
     ('raise', 'ValueError',
      'axes: Tensor conversion requested dtype int32 for Tensor with dtype float32: <tf.Tensor: '
      'shape=(), dtype=float32, numpy=1.0>')),
    (lambda: tf.tensordot(tf.ones([2, 2]), tf.ones([2, 2]), tf.constant(np.inf)),
     ('raise', 'ValueError',
      'axes: Tensor conversion requested dtype int32 for Tensor with dtype float32: <tf.Tensor: '
      'shape=(), dtype=float32, numpy=inf>')),
    (lambda: tf.tensordot(V, V, tf.constant([[0], [0]])),
     ('float64', [], 5.0)),
    (lambda: tnp.tensordot(V, V, tf.constant(1, tf.uint64)),
     ('raise', 'ValueError',
      'axes: Tensor conversion requested dtype int32 for Tensor with dtype uint64: <tf.Tensor: '
      'shape=(), dtype=uint64, numpy=1>')),
    (lambda: tnp.tensordot(V, V, tf.constant(0, tf.uint64)),
     ('raise', 'ValueError',
      'axes: Tensor conversion requested dtype int32 for Tensor with dtype uint64: <tf.Tensor: '
      'shape=(), dtype=uint64, numpy=0>')),
    (lambda: tf.tensordot(V, V, np.array(1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} Attempting '
      'to slice scalar input. [Op:StridedSlice] name: strided_slice/')),
    (lambda: tf.tensordot(V, V, 0),
     ('float64', [2, 2], [[1.0, 2.0], [2.0, 4.0]])),
]

# tf.linalg.eig/eigvals pick their output dtype from the argument's own `dtype` before
# converting it: a list, a str or a Python float has none (Python's AttributeError); an
# array of another dtype leaves it unbound (was: a list converted, a str's UnboundLocalError)
EIG_ARGUMENT_DTYPE = [
    (lambda: tf.linalg.eig([[1., 2.], [3., 4.]]),
     ('raise', 'AttributeError', "'list' object has no attribute 'dtype'")),
    (lambda: tf.linalg.eig('abc'),
     ('raise', 'AttributeError', "'str' object has no attribute 'dtype'")),
    (lambda: tf.linalg.eig(1.5),
     ('raise', 'AttributeError', "'float' object has no attribute 'dtype'")),
    (lambda: tf.linalg.eigvals([[1., 2.], [3., 4.]]),
     ('raise', 'AttributeError', "'list' object has no attribute 'dtype'")),
    (lambda: tf.linalg.eigvals(np.array([[1., 2.], [3., 4.]])),
     ('complex128', [2], [(-0.37228132326901436+0j), (5.372281323269015+0j)])),
    (lambda: tf.linalg.eigvals(np.array([[2., 0.], [0., 3.]], np.float32)),
     ('complex64', [2], [(2+0j), (3+0j)])),
    (lambda: tf.linalg.eig(np.array([[1, 2], [3, 4]])),
     ('raise', 'UnboundLocalError',
      "cannot access local variable 'out_dtype' where it is not associated with a value")),
    (lambda: tf.linalg.eigvals(tf.constant([[1, 2], [3, 4]])),
     ('raise', 'UnboundLocalError',
      "cannot access local variable 'out_dtype' where it is not associated with a value")),
]

# tf.identity_n's fast path takes any iterable: a str's characters, bytes' ints, a dict's
# keys, a set, a generator; a non-iterable is Python's TypeError (was: converted whole)
IDENTITY_N_ITERABLES = [
    (lambda: tf.identity_n(b'ab'),
     ['list', ('int32', [], 97), ('int32', [], 98)]),
    (lambda: tf.identity_n(b''),
     ('raise', 'InvalidArgumentError', "Length for attr 'T' of 0 must be at least minimum 1")),
    (lambda: tf.identity_n('ab'),
     ['list', ('string', [], b'a'), ('string', [], b'b')]),
    (lambda: tf.identity_n('abc', name=True),
     ['list', ('string', [], b'a'), ('string', [], b'b'), ('string', [], b'c')]),
    (lambda: tf.identity_n({'a': 1}),
     ['list', ('string', [], b'a')]),
    (lambda: tf.identity_n({3}),
     ['list', ('int32', [], 3)]),
    (lambda: tf.identity_n(x for x in [1, 2]),
     ['list', ('int32', [], 1), ('int32', [], 2)]),
    (lambda: tf.identity_n(range(2)),
     ['list', ('int32', [], 0), ('int32', [], 1)]),
    (lambda: tf.identity_n(5),
     ('raise', 'TypeError', "'int' object is not iterable")),
    (lambda: tf.identity_n(None),
     ('raise', 'TypeError', "'NoneType' object is not iterable")),
    (lambda: tf.identity_n(1.5),
     ('raise', 'TypeError', "'float' object is not iterable")),
    (lambda: tf.identity_n(np.array(1)),
     ('raise', 'TypeError', 'iteration over a 0-d array')),
    (lambda: tf.identity_n(np.array([1.5, 2], np.float32)),
     ['list', ('float32', [], 1.5), ('float32', [], 2.0)]),
    (lambda: tf.identity_n(tf.constant([[1, 2]])),
     ['list', ('int32', [2], [1, 2])]),
]

# tf.math.bincount without weights: a false dtype (None, '', 0, False) is the values' own
BINCOUNT_FALSE_DTYPE = [
    (lambda: tf.math.bincount([1, 2], dtype=None),
     ('int32', [3], [0, 1, 1])),
    (lambda: tf.math.bincount([], dtype=''),
     ('int32', [0], [])),
    (lambda: tf.math.bincount([1, 2], dtype=0),
     ('int32', [3], [0, 1, 1])),
    (lambda: tf.math.bincount([1, 2], dtype=False),
     ('int32', [3], [0, 1, 1])),
    (lambda: tf.math.bincount(np.array([1, 2], np.int64), dtype=None),
     ('int64', [3], [0, 1, 1])),
    (lambda: tf.math.bincount([1, 2], dtype='float32'),
     ('float32', [3], [0.0, 1.0, 1.0])),
    (lambda: tf.math.bincount([1, 2], dtype='bogus'),
     ('raise', 'TypeError',
      "Cannot convert the argument `type_value`: 'bogus' to a TensorFlow DType.")),
    (lambda: tf.math.bincount([1, 2], weights=[1., 2.], dtype=None),
     ('float32', [3], [0.0, 1.0, 2.0])),
]

# tf.sparse.cross_hashed: any false hash_key ([] and '' too) is the default key
CROSS_HASHED_FALSE_KEY = [
    (lambda: tf.sparse.cross_hashed([], hash_key=[]),
     ('py',
      'SparseTensor(indices=tf.Tensor([], shape=(0, 2), dtype=int64), values=tf.Tensor([], '
      'shape=(0,), dtype=int64), dense_shape=tf.Tensor([0 0], shape=(2,), dtype=int64))')),
    (lambda: tf.sparse.cross_hashed([WORD], num_buckets=5, hash_key=[]),
     ('py',
      'SparseTensor(indices=tf.Tensor([[0 0]], shape=(1, 2), dtype=int64), '
      'values=tf.Tensor([0], shape=(1,), dtype=int64), dense_shape=tf.Tensor([1 1], shape=(2,), '
      'dtype=int64))')),
    (lambda: tf.sparse.cross_hashed([WORD], num_buckets=5, hash_key=''),
     ('py',
      'SparseTensor(indices=tf.Tensor([[0 0]], shape=(1, 2), dtype=int64), '
      'values=tf.Tensor([0], shape=(1,), dtype=int64), dense_shape=tf.Tensor([1 1], shape=(2,), '
      'dtype=int64))')),
    (lambda: tf.sparse.cross_hashed([WORD], num_buckets=5, hash_key=False),
     ('py',
      'SparseTensor(indices=tf.Tensor([[0 0]], shape=(1, 2), dtype=int64), '
      'values=tf.Tensor([0], shape=(1,), dtype=int64), dense_shape=tf.Tensor([1 1], shape=(2,), '
      'dtype=int64))')),
    (lambda: tf.sparse.cross_hashed([WORD], num_buckets=5, hash_key=0),
     ('py',
      'SparseTensor(indices=tf.Tensor([[0 0]], shape=(1, 2), dtype=int64), '
      'values=tf.Tensor([0], shape=(1,), dtype=int64), dense_shape=tf.Tensor([1 1], shape=(2,), '
      'dtype=int64))')),
    (lambda: tf.sparse.cross_hashed([WORD], num_buckets=5, hash_key=None),
     ('py',
      'SparseTensor(indices=tf.Tensor([[0 0]], shape=(1, 2), dtype=int64), '
      'values=tf.Tensor([0], shape=(1,), dtype=int64), dense_shape=tf.Tensor([1 1], shape=(2,), '
      'dtype=int64))')),
    (lambda: tf.sparse.cross_hashed([WORD], num_buckets=5, hash_key=[1]),
     ('raise', 'TypeError', "Expected int for argument 'hash_key' not [1].")),
    (lambda: tf.sparse.cross_hashed([WORD], num_buckets=5, hash_key='a'),
     ('raise', 'TypeError', "Expected int for argument 'hash_key' not 'a'.")),
]

# tf.ragged.constant reads row_splits_dtype only where it makes row splits: a result with
# nothing ragged (an empty list, a flat one, ragged_rank=0) never does
RAGGED_CONSTANT_SPLITS_DTYPE = [
    (lambda: tf.ragged.constant([], row_splits_dtype=tf.constant(0)),
     ('float32', [0], [])),
    (lambda: tf.ragged.constant([], row_splits_dtype='bogus'),
     ('float32', [0], [])),
    (lambda: tf.ragged.constant([1, 2], row_splits_dtype='bogus'),
     ('int32', [2], [1, 2])),
    (lambda: tf.ragged.constant([[1], [2]], ragged_rank=0, row_splits_dtype='bogus'),
     ('int32', [2, 1], [[1], [2]])),
    (lambda: tf.ragged.constant([[1], [2]], row_splits_dtype='bogus'),
     ('raise', 'TypeError',
      "Cannot convert the argument `type_value`: 'bogus' to a TensorFlow DType.")),
    (lambda: tf.ragged.constant([[1]], row_splits_dtype=tf.constant(0, tf.int64)),
     ('raise', 'TypeError',
      'Cannot convert the argument `type_value`: <tf.Tensor: shape=(), dtype=int64, numpy=0> to '
      'a TensorFlow DType.')),
    (lambda: tf.ragged.constant([[1], []], row_splits_dtype=tf.float32),
     ('raise', 'ValueError', 'row_splits must have dtype int32 or int64')),
    (lambda: tf.ragged.constant([[1], [[2]]], row_splits_dtype='bogus'),
     ('raise', 'ValueError', 'all scalar values must have the same nesting depth')),
]

# int() of a DType is its enum, as TF's: where TF's Python reads a count with int(), a
# dtype is that number
DTYPE_AS_INT = [
    (lambda: int(tf.float32),
     ('py', '1')),
    (lambda: int(tf.string),
     ('py', '7')),
    (lambda: tnp.eye(tf.string),
     ('float64', [7, 7],
      [[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
       [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0],
       [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0],
       [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]])),
    (lambda: tnp.identity(tf.int8),
     ('float64', [6, 6],
      [[1.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0, 0.0],
       [0.0, 0.0, 1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0, 0.0],
       [0.0, 0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]])),
    (lambda: tf.sparse.cross_hashed([WORD], num_buckets=tf.int8),
     ('py',
      'SparseTensor(indices=tf.Tensor([[0 0]], shape=(1, 2), dtype=int64), '
      'values=tf.Tensor([3], shape=(1,), dtype=int64), dense_shape=tf.Tensor([1 1], shape=(2,), '
      'dtype=int64))')),
]

# tnp.cross broadcasts the (padded) operands before TF's Cross: a last dimension of 1 is
# then 3 long, and the result's rank is the broadcast one (was: Cross's refusal, or the
# result's axis moved by the unbroadcast rank)
TNP_CROSS_BROADCAST = [
    (lambda: tnp.cross(F16, U16),
     ('float32', [0, 17, 3], [])),
    (lambda: tnp.cross(F16, U16, axis=np.array([-1], np.int16)),
     ('float32', [0, 17, 3], [])),
    (lambda: tnp.cross(np.ones((4, 2)), np.zeros((0, 1, 3))),
     ('float64', [0, 4, 3], [])),
    (lambda: tnp.cross(np.ones((2, 3)), np.arange(3.)),
     ('float64', [2, 3], [[1.0, -2.0, 1.0], [1.0, -2.0, 1.0]])),
    (lambda: tnp.cross(np.array([[1., 2, 3]]), np.array([[[0., 1, 0]], [[1., 0, 0]]])),
     ('float64', [2, 1, 3], [[[-3.0, 0.0, 1.0]], [[0.0, 3.0, -2.0]]])),
    (lambda: tnp.cross(np.array([[1., 2]]), np.array([[[0., 1]], [[1., 0]]])),
     ('float64', [2, 1], [[1.0], [-2.0]])),
    (lambda: tnp.cross(np.ones((2, 1)), np.ones((2, 1))),
     ('raise', 'FailedPreconditionError',
      '{{function_node __wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Cross-products are only defined for 3-element vectors. [Op:Cross] name:')),
    (lambda: tnp.cross(np.array([[1., 2, 3]]), np.array([[[0., 1, 0]], [[1., 0, 0]]]), axisc=0),
     ('float64', [3, 2, 1], [[[-3.0], [0.0]], [[0.0], [3.0]], [[1.0], [-2.0]]])),
]

# tf.zeros / tf.ones (and tnp's) of a NumPy shape array of rank >= 2 with no rows: TF's
# small-constant path reads it as a TensorShape of its rows, none: a scalar
ZEROS_OF_EMPTY_SHAPE_ARRAYS = [
    (lambda: tf.zeros(np.zeros((0, 3), np.int32)),
     ('float32', [], 0.0)),
    (lambda: tf.ones(np.zeros((0, 3), np.int32)),
     ('float32', [], 1.0)),
    (lambda: tf.zeros(tf.zeros((0, 3), tf.int32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'dims must represent a vector, got shape [0,3] [Op:Fill] name:')),
    (lambda: tnp.zeros(np.zeros((0, 3), np.int32)),
     ('float64', [], 0.0)),
    (lambda: tnp.empty(np.zeros((0, 0, 17, 0, 4), bool), dtype=tf.bool),
     ('bool', [], False)),
    (lambda: tnp.ones(np.zeros((1, 0), np.int64)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'dims must represent a vector, got shape [1,0] [Op:Fill] name:')),
    (lambda: tf.fill(np.zeros((0, 3), np.int32), 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'dims must represent a vector, got shape [0,3] [Op:Fill] name:')),
    (lambda: tf.zeros(np.zeros((0,), np.int32)),
     ('float32', [], 0.0)),
]

# tf.squeeze's axis attr from an eager tensor of no items: an empty list to TF's fast path
# (every dim of size 1 squeezed); one with items is its slow path's TypeError
SQUEEZE_EMPTY_AXIS_TENSORS = [
    (lambda: tf.squeeze(np.zeros((1, 2)), tf.zeros([0], tf.int32)),
     ('float64', [2], [0.0, 0.0])),
    (lambda: tf.squeeze(np.zeros((1, 2)), np.zeros([0], np.int32)),
     ('float64', [2], [0.0, 0.0])),
    (lambda: tf.squeeze(np.zeros((1, 2)), tf.constant([0])),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not <tf.Tensor: shape=(1,), "
      'dtype=int32, numpy=array([0], dtype=int32)>.')),
    (lambda: tnp.squeeze(np.zeros((1, 2)), tf.zeros([0, 3], tf.int32)),
     ('float64', [2], [0.0, 0.0])),
    (lambda: tnp.squeeze(tf.constant([], tf.int16), axis=tf.zeros((0, 1000), tf.int8)),
     ('int16', [0], [])),
    (lambda: tnp.squeeze(np.zeros((1, 2)), tf.constant([0])),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not <tf.Tensor: shape=(1,), "
      'dtype=int32, numpy=array([0], dtype=int32)>.')),
]

# tnp.var with a ddof other than 0 casts its quotient to var's own dtype: with none given,
# the cast's TypeError (TF 2.21's own Python)
TNP_VAR_DDOF = [
    (lambda: tnp.var(X23, ddof=1),
     ('raise', 'TypeError',
      'Cannot convert the argument `type_value`: None to a TensorFlow DType.')),
    (lambda: tnp.var(X23, ddof=True),
     ('raise', 'TypeError',
      'Cannot convert the argument `type_value`: None to a TensorFlow DType.')),
    (lambda: tnp.var(np.zeros((3, 5, 0), np.complex128), ddof=[], keepdims=None),
     ('raise', 'TypeError',
      'Cannot convert the argument `type_value`: None to a TensorFlow DType.')),
    (lambda: tnp.var(X23, ddof=1, dtype=np.float64),
     ('float64', [], 8.0)),
    (lambda: tnp.var(X23, ddof=1, axis=1, dtype=tf.float32),
     ('float32', [2], [2.3333334922790527, 9.333333969116211])),
    (lambda: tnp.var(X23, ddof=1, axis=-1, dtype='float32'),
     ('float32', [2], [2.3333334922790527, 9.333333969116211])),
    (lambda: tnp.var(np.array([1, 2, 4]), ddof=1, dtype=np.int32),
     ('int32', [], 2)),
    (lambda: tnp.var(X23, ddof=0),
     ('float32', [], 6.666666507720947)),
    (lambda: tnp.var(X23, ddof=0.0),
     ('float32', [], 6.666666507720947)),
]

# tf.sparse.eye's sizes: a Python or NumPy integer (a bool too) or a tensor; anything else
# (a float, a NumPy array) is TF's TypeError
SPARSE_EYE_SIZES = [
    (lambda: tf.sparse.eye(np.array(True), num_columns=0, dtype=tf.bool),
     ('raise', 'TypeError', 'num_rows must be an integer value')),
    (lambda: tf.sparse.eye(np.array(3), num_columns=2),
     ('raise', 'TypeError', 'num_rows must be an integer value')),
    (lambda: tf.sparse.eye(True, num_columns=2),
     ('py',
      'SparseTensor(indices=tf.Tensor([[0 0]], shape=(1, 2), dtype=int64), '
      'values=tf.Tensor([1.], shape=(1,), dtype=float32), dense_shape=tf.Tensor([1 2], '
      'shape=(2,), dtype=int64))')),
    (lambda: tf.sparse.eye(tf.constant(2), num_columns=2),
     ('py',
      'SparseTensor(indices=tf.Tensor(\n'
      '[[0 0]\n'
      ' [1 1]], shape=(2, 2), dtype=int64), values=tf.Tensor([1. 1.], shape=(2,), '
      'dtype=float32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))')),
    (lambda: tf.sparse.eye(np.int32(2)),
     ('py',
      'SparseTensor(indices=tf.Tensor(\n'
      '[[0 0]\n'
      ' [1 1]], shape=(2, 2), dtype=int64), values=tf.Tensor([1. 1.], shape=(2,), '
      'dtype=float32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))')),
    (lambda: tf.sparse.eye(2.0),
     ('raise', 'TypeError', 'num_rows must be an integer value')),
    (lambda: tf.sparse.eye(2, num_columns=2.5),
     ('raise', 'TypeError', 'num_columns must be an integer value')),
    (lambda: tf.sparse.eye(2, num_columns=tf.constant(3.7)),
     ('py',
      'SparseTensor(indices=tf.Tensor(\n'
      '[[0 0]\n'
      ' [1 1]], shape=(2, 2), dtype=int64), values=tf.Tensor([1. 1.], shape=(2,), '
      'dtype=float32), dense_shape=tf.Tensor([2 3], shape=(2,), dtype=int64))')),
]

# tf.required_space_to_batch_paddings of an empty block_shape: two int32 [0, 2] zeros, before
# the input shape (or base_paddings) is read
SPACE_TO_BATCH_NO_BLOCKS = [
    (lambda: tf.required_space_to_batch_paddings(True, np.array([])),
     ['tuple', ('int32', [0, 2], []), ('int32', [0, 2], [])]),
    (lambda: tf.required_space_to_batch_paddings([2, 3], np.array([], np.int32)),
     ['tuple', ('int32', [0, 2], []), ('int32', [0, 2], [])]),
    (lambda: tf.required_space_to_batch_paddings([2, 3], [], base_paddings=[[1]]),
     ['tuple', ('int32', [0, 2], []), ('int32', [0, 2], [])]),
    (lambda: tf.required_space_to_batch_paddings([2, 3], [2]),
     ('raise', 'ValueError', 'Shapes (2,) and [1] are incompatible')),
    (lambda: tf.required_space_to_batch_paddings([5], [2]),
     ['tuple', ('int32', [1, 2], [[0, 1]]), ('int32', [1, 2], [[0, 1]])]),
]

# BandedTriangularSolve checks the first matrix of the batch alone for a zero on its
# diagonal: a later one's zero divides (inf or NaN rows). Its shape mismatch message ends in
# the lower and adjoint attrs, 0 or 1 each. (The differential run of seed 2013729763.)
BANDED_SOLVE_FIRST_MATRIX = [
    (lambda: BTS(matrix=BANDS, rhs=RHS, lower=False, adjoint=True),
     ('float64', [2, 4, 2],
      [[[-0.0, -1.0], [-1.0, -2.0], [-1.0, -2.0], [1.0, 0.0]],
       [['nan', 'inf'], ['nan', 'inf'], ['nan', 'nan'], ['nan', 'nan']]])),
    (lambda: BTS(matrix=BANDS, rhs=RHS, lower=False, adjoint=False),
     ('float64', [2, 4, 2],
      [[[1.0, -2.0], [-1.0, 0.0], [0.0, 1.0], [1.0, 0.0]],
       [['nan', 'nan'], ['inf', '-inf'], ['-inf', 'inf'], [1.0, 0.0]]])),
    (lambda: BTS(matrix=BANDS, rhs=RHS, lower=True, adjoint=False),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BandedTriangularSolve_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Input matrix is not invertible. [Op:BandedTriangularSolve] name:')),
    (lambda: BTS(matrix=BANDS[1:], rhs=RHS, lower=False, adjoint=True),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BandedTriangularSolve_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Input matrix is not invertible. [Op:BandedTriangularSolve] name:')),
    (lambda: tf.linalg.banded_triangular_solve(BANDS, RHS, lower=False),
     ('float64', [2, 4, 2],
      [[[1.0, -2.0], [-1.0, 0.0], [0.0, 1.0], [1.0, 0.0]],
       [['nan', 'nan'], ['inf', '-inf'], ['-inf', 'inf'], [1.0, 0.0]]])),
    (lambda: BTS(matrix=ZERO_LATER, rhs=ONES32, lower=True, adjoint=True),
     ('float64', [2, 3, 2],
      [[[1.0, 1.0], [0.0, 0.0], [1.0, 1.0]], [['inf', 'inf'], [0.0, 0.0], [1.0, 1.0]]])),
    (lambda: BTS(matrix=ZERO_LATER.astype(np.complex64), rhs=ONES64, lower=False, adjoint=False),
     ('complex64', [2, 3, 2],
      [[[(1+0j), (1+0j)], [0j, 0j], [(1+0j), (1+0j)]],
       [['(nan+nanj)', '(nan+nanj)'], ['(nan+nanj)', '(nan+nanj)'], [(1+0j), (1+0j)]]])),
    (lambda: BTS(matrix=BANDS[1:], rhs=RHS[:, :1], lower=False, adjoint=True),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BandedTriangularSolve_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'In[0] mismatch In[1] shape: 4 vs. 1: [1,3,4] [1,1,2] 0 1 [Op:BandedTriangularSolve] '
      'name:')),
    (lambda: BTS(matrix=BANDS[1:], rhs=RHS[:, :1], lower=True, adjoint=True),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BandedTriangularSolve_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'In[0] mismatch In[1] shape: 4 vs. 1: [1,3,4] [1,1,2] 1 1 [Op:BandedTriangularSolve] '
      'name:')),
    (lambda: BTS(matrix=BANDS[1:], rhs=RHS[:, :1], lower=False, adjoint=False),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BandedTriangularSolve_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'In[0] mismatch In[1] shape: 4 vs. 1: [1,3,4] [1,1,2] 0 0 [Op:BandedTriangularSolve] '
      'name:')),
]

# a binary op's public function given a Python list or tuple operand: TF's op wrapper runs
# its slow path, whose error names no name (no " name: " after [Op:...]); tf.add (whose
# Python converts first) and a NumPy array or Python scalar operand keep it
BINARY_OP_LIST_OPERANDS = [
    (lambda: tf.math.floordiv(tf.constant([1]), [0]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer '
      'division by zero [Op:FloorDiv]')),
    (lambda: tf.math.floordiv(tf.constant([1]), (0,)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer '
      'division by zero [Op:FloorDiv]')),
    (lambda: tf.math.floordiv([1], tf.constant([0])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer '
      'division by zero [Op:FloorDiv]')),
    (lambda: tf.math.floordiv([1], [0]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer '
      'division by zero [Op:FloorDiv]')),
    (lambda: tf.math.floordiv(tf.constant([1]), 0),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer '
      'division by zero [Op:FloorDiv] name:')),
    (lambda: tf.math.floordiv(tf.constant([1]), np.array([0], np.int32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer '
      'division by zero [Op:FloorDiv] name:')),
    (lambda: tf.subtract(tf.zeros([2]), [1., 2., 3.]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Sub_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2] vs. [3] [Op:Sub]')),
    (lambda: tf.multiply(tf.zeros([0, 3], tf.complex128), []),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [0,3] vs. [0] [Op:Mul]')),
    (lambda: tf.zeros([2]) * [1., 2., 3.],
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2] vs. [3] [Op:Mul]')),
    (lambda: tf.maximum(tf.zeros([2]), [1., 2., 3.]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Maximum_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2] vs. [3] [Op:Maximum]')),
    (lambda: tf.math.squared_difference(tf.zeros([2]), [1., 2., 3.]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SquaredDifference_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2] vs. [3] [Op:SquaredDifference]')),
    (lambda: tf.equal(tf.zeros([2]), [1., 2., 3.]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Equal_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2] vs. [3] [Op:Equal]')),
    (lambda: tf.math.xdivy(tf.zeros([0, 3], tf.complex128), []),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Xdivy_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [0,3] vs. [0] [Op:Xdivy]')),
    (lambda: tf.pow(tf.zeros([0, 3], tf.complex128), []),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Pow_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [0,3] vs. [0] [Op:Pow]')),
    (lambda: tf.add(tf.zeros([2]), [1., 2., 3.]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2] vs. [3] [Op:AddV2] name:')),
    (lambda: tf.raw_ops.AddV2(x=tf.zeros([2]), y=[1., 2., 3.]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2] vs. [3] [Op:AddV2]')),
    (lambda: tf.matmul(tf.zeros([2, 2]), [[1., 2., 3.]]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Matrix size-incompatible: In[0]: [2,2], In[1]: [1,3] [Op:MatMul] name:')),
]

# Qr of a matrix holding inf or NaN runs Eigen's HouseholderQR as TF's kernel does: a NaN
# reaches the reflectors from its column on and what they touch (Q's reduced columns all,
# its full columns from that one on; R's rows and columns past it), the columns past a
# wide matrix's square part by Eigen's block reflector; a 1-row matrix reflects nothing
# (Q [[1]]). Was: the whole matrix NaN.
QR_NONFINITE = [
    (lambda: tf.linalg.qr(np.array([[-6.55e4, 1, 1, 6.1e-5, nan]], np.float16)),
     ['tuple', ('float16', [1, 1], [[1.0]]),
      ('float16', [1, 5], [[-65504.0, 1.0, 1.0, 6.097555160522461e-05, 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[-6.55e4, 1, 1, 6.1e-5, nan]]), full_matrices=True),
     ['tuple', ('float64', [1, 1], [[1.0]]),
      ('float64', [1, 5], [[-65500.0, 1.0, 1.0, 6.1e-05, 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[1., nan], [2, 3]])),
     ['tuple',
      ('float64', [2, 2],
       [[-0.44721359549995787, -0.8944271909999157], [-0.8944271909999157, 0.4472135954999581]]),
      ('float64', [2, 2], [[-2.23606797749979, 'nan'], [0.0, 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[1., nan], [2, 3]], np.float32), full_matrices=True),
     ['tuple',
      ('float32', [2, 2],
       [[-0.4472135305404663, -0.8944271802902222], [-0.8944271802902222, 0.4472135901451111]]),
      ('float32', [2, 2], [[-2.2360680103302, 'nan'], [0.0, 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[nan, 1.], [2, 3]])),
     ['tuple', ('float64', [2, 2], [['nan', 'nan'], ['nan', 'nan']]),
      ('float64', [2, 2], [['nan', 'nan'], [0.0, 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[1., 2], [nan, 3]])),
     ['tuple', ('float64', [2, 2], [['nan', 'nan'], ['nan', 'nan']]),
      ('float64', [2, 2], [['nan', 'nan'], [0.0, 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[1., 2], [3, nan]])),
     ['tuple',
      ('float64', [2, 2],
       [[-0.316227766016838, -0.9486832980505138], [-0.9486832980505138, 0.316227766016838]]),
      ('float64', [2, 2], [[-3.1622776601683795, 'nan'], [0.0, 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[1., 2], [3, 4], [5, nan]])),
     ['tuple', ('float64', [3, 2], [['nan', 'nan'], ['nan', 'nan'], ['nan', 'nan']]),
      ('float64', [2, 2], [[-5.916079783099616, 'nan'], [0.0, 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[1., 2], [3, 4], [5, nan]]), full_matrices=True),
     ['tuple',
      ('float64', [3, 3],
       [[-0.16903085094570325, 'nan', 'nan'], [-0.5070925528371099, 'nan', 'nan'],
        [-0.8451542547285166, 'nan', 'nan']]),
      ('float64', [3, 2], [[-5.916079783099616, 'nan'], [0.0, 'nan'], [0.0, 0.0]])]),
    (lambda: tf.linalg.qr(np.array([[nan], [1.]]), full_matrices=True),
     ['tuple', ('float64', [2, 2], [['nan', 'nan'], ['nan', 'nan']]),
      ('float64', [2, 1], [['nan'], [0.0]])]),
    (lambda: tf.linalg.qr(np.array([[1., nan, 3, 4], [5, 6, 7, 8], [9, 1, 2, 3]])),
     ['tuple',
      ('float64', [3, 3], [['nan', 'nan', 'nan'], ['nan', 'nan', 'nan'], ['nan', 'nan', 'nan']]),
      ('float64', [3, 4],
       [[-10.344080432788601, 'nan', -5.413724338655715, 'nan'], [0.0, 'nan', 'nan', 'nan'],
        [0.0, 0.0, 'nan', 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[1., nan, 3, 4], [5, 6, 7, 8], [9, 1, 2, 3]]), True),
     ['tuple',
      ('float64', [3, 3],
       [[-0.09667364890456631, 'nan', 'nan'], [-0.4833682445228317, 'nan', 'nan'],
        [-0.870062840141097, 'nan', 'nan']]),
      ('float64', [3, 4],
       [[-10.344080432788601, 'nan', -5.413724338655715, 'nan'], [0.0, 'nan', 'nan', 'nan'],
        [0.0, 0.0, 'nan', 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[nan, 2, 3], [5, 6, 7]])),
     ['tuple', ('float64', [2, 2], [['nan', 'nan'], ['nan', 'nan']]),
      ('float64', [2, 3], [['nan', 'nan', 'nan'], [0.0, 'nan', 'nan']])]),
    (lambda: tf.linalg.qr(np.array([[1 + 1j, nan], [2, 3j]])),
     ['tuple',
      ('complex128', [2, 2], [['(nan+nanj)', '(nan+nanj)'], ['(nan+nanj)', '(nan+nanj)']]),
      ('complex128', [2, 2], [[(-2.449489742783178+0j), '(nan+nanj)'], [0j, '(nan+0j)']])]),
    (lambda: tf.linalg.qr(np.array([[1j, 2], [nan, 3]])),
     ['tuple',
      ('complex128', [2, 2], [['(nan+nanj)', '(nan+nanj)'], ['(nan+nanj)', '(nan+nanj)']]),
      ('complex128', [2, 2], [['(nan+0j)', '(nan+nanj)'], [0j, '(nan+0j)']])]),
    (lambda: tf.linalg.qr(np.array([[1., inf], [2, 3]])),
     ['tuple',
      ('float64', [2, 2],
       [[-0.44721359549995787, -0.8944271909999157], [-0.8944271909999157, 0.4472135954999581]]),
      ('float64', [2, 2], [[-2.23606797749979, 'nan'], [0.0, '-inf']])]),
    (lambda: tf.linalg.qr(np.array([[[1., nan], [2, 3]], [[1., 2], [nan, 5]]])),
     ['tuple',
      ('float64', [2, 2, 2],
       [[[-0.44721359549995787, -0.8944271909999157], [-0.8944271909999157, 0.4472135954999581]],
        [['nan', 'nan'], ['nan', 'nan']]]),
      ('float64', [2, 2, 2],
       [[[-2.23606797749979, 'nan'], [0.0, 'nan']], [['nan', 'nan'], [0.0, 'nan']]])]),
]

# tf.linalg.expm solves only where the batch's largest l1 norm is finite: an empty batch or
# an inf or NaN is NaN of the input's shape, so float16 (no MatrixSolve kernel) answers
# there; a finite float16 matrix is the kernel's refusal
EXPM_HALF_NONFINITE = [
    (lambda: tf.linalg.expm(np.zeros((0, 2, 2), np.float16)),
     ('float16', [0, 2, 2], [])),
    (lambda: tf.linalg.expm(np.zeros((3, 0, 2, 2), np.float16)),
     ('float16', [3, 0, 2, 2], [[], [], []])),
    (lambda: tf.linalg.expm(np.array([[nan, 0], [0, 1]], np.float16)),
     ('float16', [2, 2], [['nan', 'nan'], ['nan', 'nan']])),
    (lambda: tf.linalg.expm(np.array([[[inf, 0], [0, 1]], [[1, 0], [0, 1]]], np.float16)),
     ('float16', [2, 2, 2], [[['nan', 'nan'], ['nan', 'nan']], [['nan', 'nan'], ['nan', 'nan']]])),
    (lambda: tf.linalg.expm(np.eye(2, dtype=np.float16)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node MatrixSolve}} = MatrixSolve[T=DT_HALF, '
      'adjoint=false]')),
    (lambda: tf.linalg.expm(np.array([[nan, 0], [0, 1]], np.float32)),
     ('float32', [2, 2], [['nan', 'nan'], ['nan', 'nan']])),
]

# tnp.eye of an empty diagonal is tnp.zeros: a false dtype (a 0-d zero array) is float64
TNP_EYE_FALSE_DTYPE = [
    (lambda: tnp.eye(tf.constant(0j), k=1, dtype=np.array(0j)),
     ('float64', [0, 0], [])),
    (lambda: tnp.eye(tf.constant(0j), k=1, dtype=np.array(1j)),
     ('complex128', [0, 0], [])),
    (lambda: tnp.eye(2, k=3, dtype=np.array(0, np.int32)),
     ('float64', [2, 2], [[0.0, 0.0], [0.0, 0.0]])),
    (lambda: tnp.eye(tf.constant(2), dtype=np.array(0j)),
     ('complex128', [2, 2], [[(1+0j), 0j], [0j, (1+0j)]])),
]

# tf.image.adjust_gamma is gain * image ** gamma in Python's operators over the image as
# float32 (unless float16 or float32 already: float64 and bfloat16 converted too, and back):
# a tensor gamma or gain of another dtype is Pow's or Mul's refusal (was: cast to the image's)
ADJUST_GAMMA_OPERATORS = [
    (lambda: GAMMA(np.array([-3.8, -5.4], BF16), True, tf.constant([[8, -9], [-1, 4]], tf.int16)),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a int16 tensor but is a '
      'float tensor [Op:Mul] name:')),
    (lambda: GAMMA([[-9223372036854775808]], gain=tf.constant([0.574219], tf.bfloat16)),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a bfloat16 tensor but is a '
      'float tensor [Op:Mul] name:')),
    (lambda: GAMMA(np.array([1., 2.], np.float32), gain=tf.constant(2.0, tf.float64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a double tensor but is a '
      'float tensor [Op:Mul] name:')),
    (lambda: GAMMA(np.array([1., 2.], np.float32), gamma=tf.constant(2, tf.int32)),
     ('raise', 'InvalidArgumentError',
      'cannot compute Pow as input #1(zero-based) was expected to be a float tensor but is a '
      'int32 tensor [Op:Pow] name:')),
    (lambda: GAMMA(np.array([1., 2.], np.float16), gain=tf.constant(2.0)),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a '
      'half tensor [Op:Mul] name:')),
    (lambda: GAMMA(np.array([1., 2.], np.float16), gain=np.array(2.0)),
     ('float16', [2], [2.0, 4.0])),
    (lambda: GAMMA(np.array([0.3, 0.7]), gamma=0.5, gain=1.5),
     ('float64', [2], [0.8215838670730591, 1.2549901008605957])),
    (lambda: GAMMA(np.array([0.3, 0.7], BF16), gamma=0.5, gain=1.5),
     ('bfloat16', [2], [0.82421875, 1.2578125])),
    (lambda: GAMMA(np.array([3, 250], np.uint8), gamma=0.5, gain=1.5),
     ('uint8', [2], [41, 255])),
    (lambda: GAMMA(np.array([3, 250], np.int32), gamma=2, gain=0.5),
     ('int32', [2], [0, 0])),
    (lambda: GAMMA(np.array([0.3, 0.7], np.float32), gamma=-1),
     ('raise', 'ValueError', 'Gamma should be a non-negative real number.')),
    (lambda: GAMMA(np.array([0.3, 0.7], np.float32), True, np.array([[8, -9]], np.int16)),
     ('float32', [1, 2], [[2.4000000953674316, -6.299999713897705]])),
    (lambda: GAMMA(np.array([0.3, 0.7], np.float32), tf.constant(2.0), tf.constant(2.0)),
     ('float32', [2], [0.18000000715255737, 0.9799999594688416])),
]

# tnp.rot90's k % 4 is a new value, as TF's: a NumPy bool k turns (True: once), an array's
# truth is NumPy's ValueError (was: `%=` into the array given, NumPy's UFuncTypeError)
TNP_ROT90_ARRAY_K = [
    (lambda: tnp.rot90(tf.constant([[-1, 2], [1, 1]]), k=np.zeros((4, 3, 3, 0), bool)),
     ('raise', 'ValueError',
      'The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an '
      'array is not empty.')),
    (lambda: tnp.rot90(tf.constant([[-1, 2], [1, 1]]), k=np.array(True)),
     ('int32', [2, 2], [[2, 1], [-1, 1]])),
    (lambda: tnp.rot90(tf.constant([[-1, 2], [1, 1]]), k=np.array([True])),
     ('int32', [2, 2], [[2, 1], [-1, 1]])),
    (lambda: tnp.rot90(tf.constant([[-1, 2], [1, 1]]), k=np.zeros((2,), bool)),
     ('raise', 'ValueError',
      'The truth value of an array with more than one element is ambiguous. Use a.any() or '
      'a.all()')),
    (lambda: tnp.rot90(tf.constant([[-1, 2], [1, 1]]), k=np.array(6)),
     ('int32', [2, 2], [[1, 1], [2, -1]])),
]

# TF's binary kernels broadcast in at most 5 dimensions once BCast merges each run of dims
# broadcast the same way: more is their UnimplementedError (an empty output is none);
# tnp.kron of two rank-4 tensors needs 8 (was: NumPy's broadcast, any rank)
WIDE_BROADCASTS = [
    (lambda: tnp.kron(tf.ones((2, 2, 2, 2), tf.int64), tf.ones((2, 2, 2, 2), tf.int64)),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Broadcast between [2,1,2,1,2,1,2,1] and [1,2,1,2,1,2,1,2] is not supported yet. [Op:Mul] '
      'name:')),
    (lambda: tf.multiply(tf.ones([2, 1, 2, 1, 2, 1, 4, 1]), tf.ones([1, 2, 1, 2, 1, 2, 1, 4])),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Broadcast between [2,1,2,1,2,1,4,1] and [1,2,1,2,1,2,1,4] is not supported yet. [Op:Mul] '
      'name:')),
    (lambda: tf.add(tf.ones([2, 1, 2, 1, 2, 1]), tf.ones([1, 2, 1, 2, 1, 2])),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Broadcast between [2,1,2,1,2,1] and [1,2,1,2,1,2] is not supported yet. [Op:AddV2] name:')),
    (lambda: tf.ones([2, 1, 2, 1, 2, 1]) - tf.ones([1, 2, 1, 2, 1, 2]),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Sub_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Broadcast between [2,1,2,1,2,1] and [1,2,1,2,1,2] is not supported yet. [Op:Sub] name:')),
    (lambda: tf.multiply(tf.ones([2, 1, 2, 1, 2]), tf.ones([1, 2, 1, 2, 1])),
     ('float32', [2, 2, 2, 2, 2],
      [[[[[1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]],
        [[[1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]]],
       [[[[1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]],
        [[[1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]]]])),
    (lambda: tf.add(tf.ones([2, 1, 2, 1, 0, 1]), tf.ones([1, 2, 1, 2, 1, 2])),
     ('float32', [2, 2, 2, 2, 0, 2],
      [[[[[], []], [[], []]], [[[], []], [[], []]]],
       [[[[], []], [[], []]], [[[], []], [[], []]]]])),
    (lambda: tf.add(tf.ones([2, 3, 2, 1, 2, 2]), tf.ones([2, 1])),
     ('float32', [2, 3, 2, 1, 2, 2],
      [[[[[[2.0, 2.0], [2.0, 2.0]]], [[[2.0, 2.0], [2.0, 2.0]]]],
        [[[[2.0, 2.0], [2.0, 2.0]]], [[[2.0, 2.0], [2.0, 2.0]]]],
        [[[[2.0, 2.0], [2.0, 2.0]]], [[[2.0, 2.0], [2.0, 2.0]]]]],
       [[[[[2.0, 2.0], [2.0, 2.0]]], [[[2.0, 2.0], [2.0, 2.0]]]],
        [[[[2.0, 2.0], [2.0, 2.0]]], [[[2.0, 2.0], [2.0, 2.0]]]],
        [[[[2.0, 2.0], [2.0, 2.0]]], [[[2.0, 2.0], [2.0, 2.0]]]]]])),
    (lambda: tf.maximum(tf.ones([1, 1, 2, 1, 2, 1, 2]), tf.ones([2, 1, 1, 2, 1, 2, 1])),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Maximum_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Broadcast between [1,1,2,1,2,1,2] and [2,1,1,2,1,2,1] is not supported yet. [Op:Maximum] '
      'name:')),
    (lambda: tf.equal(tf.ones([2, 1, 2, 1, 2, 1, 1]), tf.ones([1, 2, 1, 2, 1, 2, 1])),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Equal_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Broadcast between [2,1,2,1,2,1,1] and [1,2,1,2,1,2,1] is not supported yet. [Op:Equal] '
      'name:')),
]

# tnp's reductions cast a tensor of axes that is not int32 or int64 to int64 (a bool one too:
# an empty one reduces nothing); tf.reduce_* refuse it (their Tidx)
TNP_REDUCE_AXIS_TENSORS = [
    (lambda: tnp.mean([1., 2.], axis=tf.constant(0, tf.int16)),
     ('float64', [], 1.5)),
    (lambda: tnp.mean([], axis=tf.constant(0, tf.int16), dtype=tf.int16),
     ('int16', [], 0)),
    (lambda: tnp.max(tf.constant([[-1, 2], [1, 1]]), axis=tf.zeros((4, 3, 3, 0), tf.bool)),
     ('int32', [2, 2], [[-1, 2], [1, 1]])),
    (lambda: tnp.max(tf.constant([[-1, 2], [1, 1]]), axis=tf.constant([0], tf.int16)),
     ('int32', [2], [1, 2])),
    (lambda: tnp.sum(tf.constant([[-1, 2], [1, 1]]), axis=tf.constant(1, tf.int8)),
     ('int64', [2], [1, 2])),
    (lambda: tnp.ptp(tf.constant([[-1, 2], [1, 1]]), axis=tf.zeros((0,), tf.bool)),
     ('int32', [2, 2], [[0, 0], [0, 0]])),
    (lambda: tnp.min(tf.constant([[-1, 2], [1, 1]]), axis=tf.constant(1, tf.uint8)),
     ('int32', [2], [-1, 1])),
    (lambda: tf.reduce_mean([1., 2.], axis=tf.constant(0, tf.int16)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tidx' of int16 is not in the list of allowed values: int32, int64")),
    (lambda: tf.reduce_max(tf.constant([[-1, 2], [1, 1]]), axis=tf.zeros((0,), tf.bool)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tidx' of bool is not in the list of allowed values: int32, int64")),
]

CASES = (CHOLESKY_NONFINITE + LINSPACE_COMPLEX + TENSORDOT_TENSOR_AXES + EIG_ARGUMENT_DTYPE +
         IDENTITY_N_ITERABLES + BINCOUNT_FALSE_DTYPE + CROSS_HASHED_FALSE_KEY +
         RAGGED_CONSTANT_SPLITS_DTYPE + DTYPE_AS_INT + TNP_CROSS_BROADCAST +
         ZEROS_OF_EMPTY_SHAPE_ARRAYS + SQUEEZE_EMPTY_AXIS_TENSORS + TNP_VAR_DDOF +
         SPARSE_EYE_SIZES + SPACE_TO_BATCH_NO_BLOCKS + BANDED_SOLVE_FIRST_MATRIX +
         BINARY_OP_LIST_OPERANDS + QR_NONFINITE + EXPM_HALF_NONFINITE + TNP_EYE_FALSE_DTYPE +
         ADJUST_GAMMA_OPERATORS + TNP_ROT90_ARRAY_K + WIDE_BROADCASTS + TNP_REDUCE_AXIS_TENSORS)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want


@pytest.mark.parametrize("fn", [
    lambda: tf.multiply(tf.ones((10000, 1), tf.float64), tf.ones((1, 1000), tf.float64)),
    lambda: tf.ones((10000, 1), tf.float64) + tf.ones((1, 1000), tf.float64),
    lambda: tnp.outer(tf.ones(10000, tf.float64), tf.ones(1000, tf.float64)),
    lambda: tnp.kron(tf.ones((100, 100), tf.float64), tf.ones((10, 100), tf.float64))])
def test_an_outer_broadcast_past_memory_is_refused_before_it_is_made(small_memory, fn):
    # (the ODD survey of seed 1839985869: tnp.outer and tnp.kron of two (32, 64, 1, 17)
    # complex64 tensors, 9.7 GB, reached NumPy's allocation; a broadcast larger than either
    # input is sized first now, as any op's output: TF's OOM, ResourceExhaustedError)
    shapes = r"OOM when allocating tensor with shape\[(10000,1000|100,10,100,100)\]"
    with pytest.raises(tf.errors.ResourceExhaustedError, match=shapes):
        fn()
