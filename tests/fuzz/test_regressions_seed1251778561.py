"""Regression tests for the fuzz campaigns of seeds 1251778561 and 819155237
(EAGERFLOW_FUZZ_ODD=1), whose API calls were each replayed in TF 2.21 (tests/fuzz/api_replay.py):
the inputs where eagerflow's outcome differed from TF's, and their neighbours, with TF 2.21's
answer recorded as data (its error class and the first line of its message, or per tensor its
dtype, shape and values)."""

from __future__ import annotations

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

tnp = tf.experimental.numpy


# A tensor `alg` compared by value as TF's key/counter choice compares it (1.5, inf, NaN: its
# 'unsupported value'; was int()'s OverflowError or Philox), AUTO_SELECT first (a bool tensor's
# 'Cannot convert 3'), and handed on with its own dtype (the V2 op's input #3 refusal)
ALG = [
    (lambda: tf.random.split([1, 2], alg=tf.constant(np.inf, tf.float16)),
     ('raise', 'ValueError',
      'Argument `alg` got unsupported value inf. Supported values are Algorithm.PHILOX for '
      'the Philox algorithm, Algorithm.THREEFRY for the ThreeFry algorithm, and '
      'Algorithm.AUTO_SELECT for auto-selection.')),
    (lambda: tf.random.split([1, 2], alg=tf.constant(1.5, tf.float16)),
     ('raise', 'ValueError',
      'Argument `alg` got unsupported value 1.5. Supported values are Algorithm.PHILOX for '
      'the Philox algorithm, Algorithm.THREEFRY for the ThreeFry algorithm, and '
      'Algorithm.AUTO_SELECT for auto-selection.')),
    (lambda: tf.random.split([1, 2], alg=tf.constant(np.nan)),
     ('raise', 'ValueError',
      'Argument `alg` got unsupported value nan. Supported values are Algorithm.PHILOX for '
      'the Philox algorithm, Algorithm.THREEFRY for the ThreeFry algorithm, and '
      'Algorithm.AUTO_SELECT for auto-selection.')),
    (lambda: tf.random.split(2, alg=tf.constant(np.inf, tf.float16)),
     ('raise', 'ValueError',
      'Argument `alg` got unsupported value inf. Supported values are Algorithm.PHILOX for '
      'the Philox algorithm, Algorithm.THREEFRY for the ThreeFry algorithm, and '
      'Algorithm.AUTO_SELECT for auto-selection.')),
    (lambda: tf.random.split([1, 2], alg=tf.constant(1.0)),
     ('raise', 'InvalidArgumentError',
      'cannot compute StatelessRandomUniformFullIntV2 as input #3(zero-based) was expected to '
      'be a int32 tensor but is a float tensor [Op:StatelessRandomUniformFullIntV2] name:')),
    (lambda: tf.random.split([1, 2], alg=tf.constant(1, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute StatelessRandomUniformFullIntV2 as input #3(zero-based) was expected to '
      'be a int32 tensor but is a int64 tensor [Op:StatelessRandomUniformFullIntV2] name:')),
    (lambda: tf.random.split([1, 2], alg=tf.constant(3)),
     ('int32', [2, 2], [[1105988140, 1738052849], [-335576002, 370444179]])),
    (lambda: tf.random.split([1, 2], alg=tf.constant(True)),
     ('raise', 'TypeError', 'Cannot convert 3 to EagerTensor of dtype bool')),
    (lambda: tf.random.stateless_uniform([2], [1, 2], alg=tf.constant(-np.inf)),
     ('raise', 'ValueError',
      'Argument `alg` got unsupported value -inf. Supported values are Algorithm.PHILOX for '
      'the Philox algorithm, Algorithm.THREEFRY for the ThreeFry algorithm, and '
      'Algorithm.AUTO_SELECT for auto-selection.')),
    (lambda: tf.random.stateless_uniform([2], [1, 2], alg=tf.constant(3, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute StatelessRandomUniformV2 as input #3(zero-based) was expected to be a '
      'int32 tensor but is a int64 tensor [Op:StatelessRandomUniformV2] name:')),
    (lambda: tf.random.stateless_normal([2], [1, 2], alg=tf.constant(2.0)),
     ('raise', 'InvalidArgumentError',
      'cannot compute StatelessRandomNormalV2 as input #3(zero-based) was expected to be a '
      'int32 tensor but is a float tensor [Op:StatelessRandomNormalV2] name:')),
    (lambda: tf.random.stateless_uniform([2], [1, 2], alg=tf.constant(1)),
     ('float32', [2], [0.8440604209899902, 0.19204533100128174])),
]

# tf.meshgrid multiplies each grid by ones of the first's dtype with the operator (a bool
# first: logical_and, every output bool); tnp.meshgrid is tf.meshgrid of the arrays
MESHGRID = [
    (lambda: tnp.meshgrid([True], tf.constant([[-1, 0]], tf.int16)),
     ['list', ('bool', [2, 1], [[True], [True]]), ('bool', [2, 1], [[True], [False]])]),
    (lambda: tnp.meshgrid(tf.zeros([2], tf.bool), [-7], [2]),
     ['list', ('bool', [1, 2, 1], [[[False], [False]]]),
      ('bool', [1, 2, 1], [[[True], [True]]]), ('bool', [1, 2, 1], [[[True], [True]]])]),
    (lambda: tnp.meshgrid([1, 2], [3., 4., 5.]),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a double tensor but is a '
      'int64 tensor [Op:Mul] name:')),
    (lambda: tnp.meshgrid(tf.constant([1, 2], tf.int8), tf.constant([3], tf.int16)),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a int16 tensor but is a '
      'int8 tensor [Op:Mul] name:')),
    (lambda: tnp.meshgrid([1, 2], [3, 4, 5]),
     ['list', ('int64', [3, 2], [[1, 2], [1, 2], [1, 2]]),
      ('int64', [3, 2], [[3, 3], [4, 4], [5, 5]])]),
    (lambda: tf.meshgrid([True], [1, 0]),
     ['list', ('bool', [2, 1], [[True], [True]]), ('bool', [2, 1], [[True], [False]])]),
    (lambda: tf.meshgrid([True, False], [True]),
     ['list', ('bool', [1, 2], [[True, False]]), ('bool', [1, 2], [[True, True]])]),
    (lambda: tf.meshgrid([1, 2], [True, False]),
     ['list', ('int32', [2, 2], [[1, 2], [1, 2]]),
      ('bool', [2, 2], [[True, True], [False, False]])]),
    (lambda: tf.meshgrid([1., 2.], [1, 2]),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a '
      'float tensor [Op:Mul] name:')),
    (lambda: tf.meshgrid(tf.constant([1, 2], tf.int8), tf.constant([3], tf.int16), indexing='ij'),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a int16 tensor but is a '
      'int8 tensor [Op:Mul] name:')),
    (lambda: tf.meshgrid([1, 2], [3, 4, 5], indexing='ij'),
     ['list', ('int32', [2, 3], [[1, 1, 1], [2, 2, 2]]),
      ('int32', [2, 3], [[3, 4, 5], [3, 4, 5]])]),
]

# log_poisson_loss's Stirling term masked off for targets in [0, 1] only: a negative target's
# (NaN) is added
POISSON = [
    (lambda: tf.nn.log_poisson_loss([-2., 0.5, 3.], [0.1, 0.2, 0.3], compute_full_loss=True),
     ('float32', [3], ['nan', 1.1214027404785156, 2.213940382003784])),
    (lambda: tf.nn.log_poisson_loss([-6636497566433280.0], [-6636497566433280.0], True),
     ('float32', [1], ['nan'])),
    (lambda: tf.nn.log_poisson_loss([0., 1., 1.5, np.nan], [0.1, 0.2, 0.3, 0.4], True),
     ('float32', [4], [1.1051709651947021, 1.0214027166366577, 1.1297276020050049, 'nan'])),
    (lambda: tf.nn.log_poisson_loss([-2., 0.5, 3.], [0.1, 0.2, 0.3]),
     ('float32', [3], [1.305171012878418, 1.1214027404785156, 0.4498588442802429])),
]

# tnp.lcm as |a| * (|b| // gcd): a wrapped product keeps the wrapped sign
LCM = [
    (lambda: tnp.lcm(-4, tf.constant([2147483647])),
     ('int32', [1], [-4])),
    (lambda: tnp.lcm(tf.constant([-4, 6, -6, 0]), tf.constant([2147483647, 4, -4, 5])),
     ('int32', [4], [-4, 12, 12, 0])),
    (lambda: tnp.lcm(tf.constant([-128, 100], tf.int8), tf.constant([3, 3], tf.int8)),
     ('int8', [2], [-128, 44])),
    (lambda: tnp.lcm(tf.constant([100], tf.int8), tf.constant([-3], tf.int8)),
     ('int8', [1], [44])),
]

# A Python int for TopKV2's k and OneHot's depth, int32 inputs: its low 32 bits, as TF's
# conversion makes it (past int64 its ValueError)
INT32_WRAP = [
    (lambda: tf.one_hot([], 1099511627776),
     ('float32', [0, 0], [])),
    (lambda: tf.one_hot([1], 2**32 + 3),
     ('float32', [1, 3], [[0.0, 1.0, 0.0]])),
    (lambda: tf.one_hot([1], 2**31),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__OneHot_device_/job:localhost/replica:0/task:0/device:CPU:0}} depth must be '
      'non-negative, got: -2147483648 [Op:OneHot]')),
    (lambda: tf.one_hot([1], -2**33),
     ('float32', [1, 0], [[]])),
    (lambda: tf.one_hot([1], 2**63),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.math.top_k([1, 3, 2], k=2**32 + 1),
     ['tuple', ('int32', [1], [3]), ('int32', [1], [1])]),
    (lambda: tf.math.top_k([1, 3, 2], k=-2**32 + 2),
     ['tuple', ('int32', [2], [3, 2]), ('int32', [2], [1, 2])]),
    (lambda: tf.math.top_k([1, 3, 2], k=2**63),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
]

# irfft of an empty last axis: the inferred fft_length 0 has no entries
IRFFT = [
    (lambda: tf.signal.irfft(tf.zeros([3, 1, 0], tf.complex64)),
     ('float32', [3, 1, 0], [[[]], [[]], [[]]])),
    (lambda: tf.signal.irfft2d(tf.zeros([3, 1, 0], tf.complex64)),
     ('float32', [3, 1, 0], [[[]], [[]], [[]]])),
    (lambda: tf.signal.irfft3d(tf.zeros([3, 1, 1, 0], tf.complex64)),
     ('float32', [3, 1, 1, 0], [[[[]]], [[[]]], [[[]]]])),
    (lambda: tf.signal.irfft2d(tf.zeros([3, 0], tf.complex64)),
     ('float32', [3, 0], [[], [], []])),
    (lambda: tf.signal.irfft2d(tf.zeros([4, 64, 0], tf.complex128)),
     ('float64', [4, 64, 0],
      [[[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [],
        [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [],
        [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []],
       [[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [],
        [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [],
        [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []],
       [[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [],
        [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [],
        [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []],
       [[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [],
        [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [],
        [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []]])),
    (lambda: tf.signal.irfft(tf.ones([2, 3], tf.complex64), [1]),
     ('float32', [2, 1], [[1.0], [1.0]])),
    (lambda: tf.signal.irfft(tf.ones([2, 3], tf.complex64), [5]),
     ('float32', [2, 5], [[1.0, 0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 0.0]])),
    (lambda: tf.signal.irfft2d(tf.ones([1, 2, 2], tf.complex64)),
     ('float32', [1, 2, 2], [[[1.0, 0.0], [0.0, 0.0]]])),
]

# tnp.average's weight sum is the weights' own (axis None or equal ranks): a scalar weight
# counts once
AVERAGE = [
    (lambda: tnp.average([], weights=np.array(-5, np.int8)),
     ('float64', [], -0.0)),
    (lambda: tnp.average([], weights=np.array(2., np.float32)),
     ('float64', [], 0.0)),
    (lambda: tnp.average([1., 2.], weights=np.array(2., np.float32)),
     ('float64', [], 3.0)),
    (lambda: tnp.average([[1., 2.], [3., 4.]], weights=[1., 3.]),
     ('float64', [], 5.5)),
    (lambda: tnp.average([[1., 2.], [3., 4.]], axis=1, weights=[1., 3.]),
     ('float64', [2], [1.75, 3.75])),
    (lambda: tnp.average([[1., 2.], [3., 4.]], axis=0, weights=[[1., 3.], [1., 1.]]),
     ('float64', [2], [2.0, 2.5])),
    (lambda: tnp.average([1, 2], weights=[3, 1], returned=True),
     ['tuple', ('float64', [], 1.25), ('float64', [], 4.0)]),
    (lambda: tnp.average([1., 2.], weights=2., returned=True),
     ['tuple', ('float64', [], 3.0), ('float64', [], 2.0)]),
]

# ArgMax/ArgMin skip a bfloat16 NaN as every float type's (NumPy's kind of bfloat16 is 'V')
ARGMAX = [
    (lambda: tf.argmax(tf.cast([np.inf, 1, np.nan, 2], tf.bfloat16)),
     ('int64', [], 0)),
    (lambda: tf.argmin(tf.cast([np.inf, 1, np.nan, 2], tf.bfloat16)),
     ('int64', [], 1)),
    (lambda: tf.argmax(tf.cast([1, np.nan, 3], tf.bfloat16)),
     ('int64', [], 2)),
    (lambda: tf.argmin(tf.cast([[np.nan, np.nan], [2, np.nan]], tf.bfloat16), axis=1),
     ('int64', [2], [0, 0])),
    (lambda: tf.argmax(tf.cast([1, np.nan, 3], tf.float32)),
     ('int64', [], 2)),
    (lambda: tnp.argmax(tf.cast([[np.inf, -3.0], [np.nan, 2.5]], tf.bfloat16)),
     ('int64', [], 0)),
    (lambda: tnp.argmin(tf.cast([[np.inf, -3.0], [np.nan, -4.5]], tf.bfloat16)),
     ('int64', [], 3)),
]

# Pow's negative integer powers refused per element (none in an empty output); leaky_relu's
# alpha None is its default; saturate_cast's and convert_image_dtype's scope unread eagerly
WRAPPERS = [
    (lambda: tf.pow(np.zeros((4, 0, 0, 3), np.int32), tf.constant(-4, tf.int8)),
     ('int8', [4, 0, 0, 3], [[], [], [], []])),
    (lambda: tf.pow(np.zeros((4, 0), np.int8), tf.constant(-4, tf.int8)),
     ('int8', [4, 0], [[], [], [], []])),
    (lambda: tf.pow(np.zeros((0,), np.int32), -1),
     ('int32', [0], [])),
    (lambda: tf.pow(np.ones((2,), np.int32), -1),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Pow_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Integers to negative integer powers are not allowed [Op:Pow] name:')),
    (lambda: tf.pow(np.ones((2,), np.int32), np.zeros((0, 2), np.int32) - 1),
     ('int32', [0, 2], [])),
    (lambda: tf.nn.leaky_relu(tf.constant([-1., 2.]), alpha=None),
     ('float32', [2], [-0.20000000298023224, 2.0])),
    (lambda: tf.nn.leaky_relu(tf.zeros([3, 4, 0, 4], tf.int8), alpha=None),
     ('float32', [3, 4, 0, 4], [[[], [], [], []], [[], [], [], []], [[], [], [], []]])),
    (lambda: tf.nn.leaky_relu(tf.constant([-1., 2.]), alpha='a'),
     ('raise', 'TypeError', "Expected float for argument 'alpha' not 'a'.")),
    (lambda: tf.nn.leaky_relu(tf.constant([-1., 2.]), alpha=np.array([0.25])),
     ('float32', [2], [-0.25, 2.0])),
    (lambda: tf.saturate_cast(tf.constant([1.5, -3.]), np.float64, name=2**70),
     ('float64', [2], [1.5, -3.0])),
    (lambda: tf.saturate_cast(tf.constant([1.5, -300.]), tf.int8, name=5),
     ('int8', [2], [1, -128])),
    (lambda: tf.image.convert_image_dtype(tf.constant(-4, tf.int16), np.float64(2.5), name=[-2]),
     ('float64', [], -0.00012207403790398877)),
    (lambda: tf.image.convert_image_dtype(tf.constant(4, tf.int16), tf.float32, name=3),
     ('float32', [], 0.00012207403779029846)),
]

# tf.ragged.constant reads a NumPy array of one or more dimensions as a list, as TF's: its
# items keep their NumPy type, an empty one its shape (was tolist()'s Python values)
RAGGED_CONSTANT = [
    (lambda: tf.ragged.constant(np.array(1., np.float16)),
     ('float16', [], 1.0)),
    (lambda: tf.ragged.constant(np.array(3, np.int8)),
     ('int8', [], 3)),
    (lambda: tf.ragged.constant(np.array([1., 2.], np.float16)),
     ('float16', [2], [1.0, 2.0])),
    (lambda: tf.ragged.constant([np.array([1., 2.], np.float16)]),
     ('ragged', ('float16', [2], [1.0, 2.0]), [('int64', [2], [0, 2])])),
    (lambda: tf.ragged.constant([np.array([1., 2.], np.float16), np.array([3.], np.float16)]),
     ('ragged', ('float16', [3], [1.0, 2.0, 3.0]), [('int64', [3], [0, 2, 3])])),
    (lambda: tf.ragged.constant(np.zeros((0, 4), np.complex64), dtype=tf.complex64),
     ('complex64', [0, 4], [])),
    (lambda: tf.ragged.constant(np.zeros((2, 3), np.int8)),
     ('ragged', ('int32', [6], [0, 0, 0, 0, 0, 0]), [('int64', [3], [0, 3, 6])])),
    (lambda: tf.ragged.constant(np.zeros((0, 4), np.float32)),
     ('float32', [0, 4], [])),
    (lambda: tf.ragged.constant(np.zeros((0, 4, 2), np.float32)),
     ('float32', [0, 4, 2], [])),
    (lambda: tf.ragged.constant([[1, 2], [3]]),
     ('ragged', ('int32', [3], [1, 2, 3]), [('int64', [3], [0, 2, 3])])),
]

# ExpandDims' Python-int axis: TF's fast path (a tensor or an array given) converts it to
# int32, wrapping it (attr_values.int32_wrapped); its slow path (a list given, or a NumPy scalar)
# keeps the int64 the value infers where the attr allows it (args_to_matching_eager), which
# the kernel refuses; past int64 the conversion's ValueError (was: the list wrapped, the
# tensor's int kept)
H = 2**32
EXPAND_DIMS = [
    (lambda: tf.expand_dims([1.], [H]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index 4294967296 for tensor with 1 dimensions. [Op:ExpandDims]')),
    (lambda: tf.expand_dims([1.], H + 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index 4294967297 for tensor with 1 dimensions. [Op:ExpandDims]')),
    (lambda: tf.expand_dims([1.], -H),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index -4294967296 for tensor with 1 dimensions. [Op:ExpandDims]')),
    (lambda: tf.expand_dims([1.], 2**31),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index 2147483648 for tensor with 1 dimensions. [Op:ExpandDims]')),
    (lambda: tf.expand_dims([1.], np.array([H])),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index 4294967296 for tensor with 1 dimensions. [Op:ExpandDims]')),
    (lambda: tf.expand_dims(tf.constant([1.]), np.int64(H)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index 4294967296 for tensor with 1 dimensions. [Op:ExpandDims]')),
    (lambda: tf.expand_dims(tf.constant([1.]), [H]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index 4294967296 for tensor with 1 dimensions. [Op:ExpandDims]')),
    (lambda: tf.expand_dims([1.], 2**63),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.expand_dims(tf.constant([1.]), 2**63),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.expand_dims(tf.constant([1.]), 2**64 + 1),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.expand_dims(tf.constant([1.]), H),
     ('float32', [1, 1], [[1.0]])),
    (lambda: tf.expand_dims(tf.constant([1.]), -H - 1),
     ('float32', [1, 1], [[1.0]])),
    (lambda: tf.expand_dims(tf.constant([[1.]]), H + 1),
     ('float32', [1, 1, 1], [[[1.0]]])),
    (lambda: tf.expand_dims(np.array([1.], np.float32), H),
     ('float32', [1, 1], [[1.0]])),
    (lambda: tf.expand_dims(tf.constant([1.]), np.array([H])),
     ('float32', [1, 1], [[1.0]])),
    (lambda: tf.expand_dims(tf.constant([1.]), 2**31),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index -2147483648 for tensor with 1 dimensions. [Op:ExpandDims] name:')),
    (lambda: tf.raw_ops.ExpandDims(input=tf.constant([1.]), axis=H),
     ('float32', [1, 1], [[1.0]])),
    (lambda: tf.raw_ops.ExpandDims(input=[1.], axis=H),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Tried to expand dim index 4294967296 for tensor with 1 dimensions. [Op:ExpandDims]')),
]

# TopKV2's kernel reads k as an int, whatever its Tk: its low 32 bits (2**32 + 1 is 1), raw_ops
# and tf.math.top_k alike (was the int64 value: "needed 4294967297")
TOP_K = [
    (lambda: tf.raw_ops.TopKV2(input=[1, 3, 2], k=2**32 + 1),
     ['tuple', ('int32', [1], [3]), ('int32', [1], [1])]),
    (lambda: tf.raw_ops.TopKV2(input=tf.constant([1, 3, 2]), k=tf.constant(2**32 + 1, tf.int64)),
     ['tuple', ('int32', [1], [3]), ('int32', [1], [1])]),
    (lambda: tf.raw_ops.TopKV2(input=tf.constant([1, 3, 2]), k=tf.constant(-2**32 + 2, tf.int64)),
     ['tuple', ('int32', [2], [3, 2]), ('int32', [2], [1, 2])]),
    (lambda: tf.raw_ops.TopKV2(input=[1, 3, 2], k=-2**32 + 2),
     ['tuple', ('int32', [2], [3, 2]), ('int32', [2], [1, 2])]),
    (lambda: tf.raw_ops.TopKV2(input=[1, 3, 2], k=np.int64(2**32 + 1)),
     ['tuple', ('int32', [1], [3]), ('int32', [1], [1])]),
    (lambda: tf.raw_ops.TopKV2(input=[1, 3, 2], k=np.array(2**32 + 1)),
     ['tuple', ('int32', [1], [3]), ('int32', [1], [1])]),
    (lambda: tf.math.top_k([1, 3, 2], k=tf.constant(2**32 + 1, tf.int64)),
     ['tuple', ('int32', [1], [3]), ('int32', [1], [1])]),
    (lambda: tf.math.top_k([1, 3, 2], k=np.int64(2**32 + 1)),
     ['tuple', ('int32', [1], [3]), ('int32', [1], [1])]),
    (lambda: tf.raw_ops.TopKV2(input=[1, 3, 2], k=2**31),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__TopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Need k >= 0, got -2147483648 [Op:TopKV2]')),
    (lambda: tf.raw_ops.TopKV2(input=[1, 3, 2], k=2**63),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
]

# tnp.geomspace reads a given dtype as TF's as_dtype reads it: True is the enum 1, float32, an
# int type TF's TypeError (was tnp's result_type: bool, int64)
GEOMSPACE = [
    (lambda: tnp.geomspace(1., 2., 3, dtype=True),
     ('float32', [3], [1.0, 1.4142135381698608, 1.9999998807907104])),
    (lambda: tnp.geomspace(1., 2., 3, dtype=1),
     ('float32', [3], [1.0, 1.4142135381698608, 1.9999998807907104])),
    (lambda: tnp.geomspace(1, 8, 4, dtype=True),
     ('float32', [4], [1.0, 2.0, 4.000000476837158, 8.0])),
    (lambda: tnp.geomspace(tf.constant([1., 4.]), 8., 3, dtype=True),
     ('float32', [3, 2], [[1.0, 3.999999761581421], [2.8284270763397217, 5.656854152679443],
                          [8.0, 8.0]])),
    (lambda: tnp.geomspace(1., 2., 3, dtype=int),
     ('raise', 'TypeError',
      "Cannot convert the argument `type_value`: <class 'int'> to a TensorFlow DType.")),
    (lambda: tnp.geomspace(1., 8., 3, dtype='x'),
     ('raise', 'TypeError',
      "Cannot convert the argument `type_value`: 'x' to a TensorFlow DType.")),
    (lambda: tnp.geomspace(1., 2., 3, dtype=False),
     ('float64', [3], [1.0, 1.414213562373095, 1.9999999999999998])),
    (lambda: tnp.geomspace(1., 2., 3, dtype=bool),
     ('bool', [3], [True, True, True])),
    (lambda: tnp.geomspace(1., 8., 4, dtype=tf.int32),
     ('int32', [4], [1, 1, 3, 7])),
    (lambda: tnp.geomspace(1., 8., 3, dtype=float),
     ('float32', [3], [1.0, 2.8284270763397217, 8.0])),
]

# tnp.average's vector weights along an axis of an array of another rank: TF's tensordot of
# them (its MatMul's error for a wrong length), a rank check first; weights of a's rank (or no
# axis) checked against a's shape as tensors, broadcast (was: broadcast against a)
X32 = tf.reshape(tf.range(6.), (3, 2))
ASSERTED = "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
AVERAGE_AXIS = [
    (lambda: tnp.average(X32, weights=[1., 3.], axis=1),
     ('float32', [3], [0.75, 2.75, 4.75])),
    (lambda: tnp.average(X32, weights=[1., 3., 2.], axis=0),
     ('float32', [2], [2.3333332538604736, 3.3333332538604736])),
    (lambda: tnp.average(tf.reshape(tf.range(12.), (2, 3, 2)), weights=[1., 3., 2.], axis=1),
     ('float32', [2, 2], [[2.3333332538604736, 3.3333332538604736],
                          [8.333333015441895, 9.333333015441895]])),
    (lambda: tnp.average(X32, weights=[1., 3., 4.], axis=1),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Matrix size-incompatible: In[0]: [3,2], In[1]: [3,1] [Op:MatMul] name:')),
    (lambda: tnp.average(X32, weights=[[1., 3.]], axis=1),
     ('raise', 'InvalidArgumentError',
      ASSERTED + "3, 2")),
    (lambda: tnp.average(X32, weights=[1., 3.]),
     ('raise', 'InvalidArgumentError',
      ASSERTED + "3, 2")),
    (lambda: tnp.average(tf.reshape(tf.range(12.), (2, 3, 2)), weights=tf.ones((3, 2)), axis=1),
     ('raise', 'InvalidArgumentError',
      ASSERTED + "2")),
    (lambda: tnp.average(tf.reshape(tf.range(6), (3, 2)), weights=[1, 3], axis=1),
     ('float64', [3], [0.75, 2.75, 4.75])),
    (lambda: tnp.average(X32, weights=[1., 3.], axis=1, returned=True)[1],
     ('float32', [3], [4.0, 4.0, 4.0])),
    (lambda: tnp.average(X32, weights=[1., -1.], axis=1),
     ('float32', [3], ['-inf', '-inf', '-inf'])),
    (lambda: tnp.average(X32, weights=[1., 3.], axis=(1,)),
     ('raise', 'ValueError',
      "Argument `axis` must be an integer. Received axis=(1,) (of type <class 'tuple'>)")),
    (lambda: tnp.average(X32, weights=tf.ones((3, 2)), axis=1),
     ('float32', [3], [0.5, 2.5, 4.5])),
    (lambda: tnp.average(tf.range(3.), weights=tf.ones((3, 3))),
     ('float32', [], 1.0)),
    (lambda: tnp.average(tf.constant(2.), weights=[1., 3.]),
     ('float32', [], 2.0)),
]


# A Python-int axis of the reductions, argmax, concat and the scans: TF's wrapper converts
# it to the op's int32 input on its fast path, wrapping it (wrapper_inputs.int_index: 2**32 is
# 0, 2**31 is -2**31; argmax, concat and cumsum whatever their input, a reduction of a
# tensor only: a list input keeps the int64); a NumPy int, a list axis keep their value; past
# int64 the conversion's ValueError (was: the value kept, refused by the kernel)
INT_AXIS = [
    (lambda: tf.reduce_sum(tf.constant([1.]), axis=H),
     ('float32', [], 1.0)),
    (lambda: tf.reduce_sum(tf.constant([[1., 2.]]), axis=H + 1),
     ('float32', [1], [3.0])),
    (lambda: tf.reduce_max(tf.constant([1., 3.]), axis=H + 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Max_device_/job:localhost/replica:0/task:0/device:CPU'
      ':0}} Invalid reduction dimension (1 for input with 1 dimension(s) [Op:Max] name:')),
    (lambda: tf.reduce_mean(tf.constant([[1., 3.]]), axis=-H - 1),
     ('float32', [1], [2.0])),
    (lambda: tf.reduce_any(tf.constant([True, False]), axis=H),
     ('bool', [], True)),
    (lambda: tf.reduce_sum(tf.constant([1.]), axis=2**31),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU'
      ':0}} Invalid reduction dimension (-2147483648 for input with 1 dimension(s) [Op:'
      'Sum] name:')),
    (lambda: tf.reduce_sum(tf.constant([1.]), axis=2**63),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.reduce_sum([1.], axis=H),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU'
      ':0}} Invalid reduction dimension (4294967296 for input with 1 dimension(s) [Op:S'
      'um]')),
    (lambda: tf.reduce_sum(tf.constant([1.]), axis=np.int64(H)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU'
      ':0}} Invalid reduction dimension (4294967296 for input with 1 dimension(s) [Op:S'
      'um]')),
    (lambda: tf.reduce_sum(tf.constant([1.]), axis=[H]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU'
      ':0}} Invalid reduction dimension (4294967296 for input with 1 dimension(s) [Op:S'
      'um]')),
    (lambda: tf.concat([tf.constant([1.]), tf.constant([2.])], H),
     ('float32', [2], [1.0, 2.0])),
    (lambda: tf.concat([[1.], [2.]], H),
     ('float32', [2], [1.0, 2.0])),
    (lambda: tf.concat([tf.constant([1.]), tf.constant([2.])], np.int64(H)),
     ('float32', [2], [1.0, 2.0])),
    (lambda: tf.concat([tf.constant([1.]), tf.constant([2.])], 2**31),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ConcatV2_N_2_device_/job:localhost/replica:0/task:0/d'
      'evice:CPU:0}} ConcatOp : Expected concatenating dimensions in the range [-1, 1),'
      ' but got -2147483648 [Op:ConcatV2] name: concat')),
    (lambda: tf.concat([tf.constant([1.]), tf.constant([2.])], 2**63),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.argmax(tf.constant([1., 2.]), axis=H),
     ('int64', [], 1)),
    (lambda: tf.argmax([1., 2.], axis=H),
     ('int64', [], 1)),
    (lambda: tf.argmax(tf.constant([1., 2.]), axis=2**31),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__ArgMax_device_/job:localhost/replica:0/task:0/device:'
      'CPU:0}} Expected dimension in the range [-1, 1), but got -2147483648 [Op:ArgMax]'
      ' name:')),
    (lambda: tf.argmax(tf.constant([1., 2.]), axis=np.int64(H)),
     ('raise', 'TypeError', 'axis tensor dtypes int64 is not supported')),
    (lambda: tf.cumsum(tf.constant([1., 2.]), axis=H),
     ('float32', [2], [1.0, 3.0])),
    (lambda: tf.cumsum([1., 2.], axis=H),
     ('float32', [2], [1.0, 3.0])),
    (lambda: tf.cumsum(tf.constant([1., 2.]), axis=-H - 1),
     ('float32', [2], [1.0, 3.0])),
    (lambda: tf.math.cumprod(tf.constant([2., 3.]), axis=H),
     ('float32', [2], [2.0, 6.0])),
    (lambda: tf.cumsum(tf.constant([1., 2.]), axis=2**63),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.function(lambda x: tf.argmax(x, H))(tf.constant([1., 2.])),
     ('int64', [], 1)),
]


CASES = (ALG + MESHGRID + POISSON + LCM
         + INT32_WRAP + IRFFT + AVERAGE + ARGMAX + WRAPPERS + RAGGED_CONSTANT
         + EXPAND_DIMS + TOP_K + GEOMSPACE + AVERAGE_AXIS + INT_AXIS)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want
