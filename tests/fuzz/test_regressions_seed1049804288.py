"""Regression tests for the fuzz campaigns of seeds 1049804288 and 844540473
(EAGERFLOW_FUZZ_ODD=1), whose API calls were each replayed in TF 2.21 (tests/fuzz/api_replay.py),
and for the differential long run of seed 1569609124 (tests/fuzz/test_tf_differential.py): the
inputs where eagerflow's outcome differed from TF's, and their neighbours, with TF 2.21's answer
recorded as data (its error class and the first line of its message, or per tensor its dtype,
shape and values). Recorded in a TF process that had already run an op."""

from __future__ import annotations

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

tnp = tf.experimental.numpy

inf, nan = np.inf, np.nan
XENT = tf.raw_ops.SoftmaxCrossEntropyWithLogits
SCE = tf.nn.softmax_cross_entropy_with_logits
F34 = np.ones((3, 4), np.float32)
L4 = np.array([1., 0., 0., 0.], np.float32)
S = tf.constant([[8, 5, -5, 9], [6, -7, -3, -5]], tf.int32)
A23 = np.ones((2, 3), np.float32)
EIN = (np.array([[0., 0.35542995, -0.], [-0.06615102, -0.15225437, 1.]]),
       np.array([0.5611419, -1.88273061, 1.39122083]), np.array([inf, -0.45537767]))
E2 = np.array([[inf, 0.], [1., 1.]])


# tf.round converts first: an integer array (int8, int16: no Round kernel) or Python int is
# returned as its tensor; a bool is Round's refusal
ROUND_INTEGERS = [
    (lambda: tf.round(np.array(-9, np.int16)),
     ('int16', [], -9)),
    (lambda: tf.round(np.array([[1, 2]], np.int8)),
     ('int8', [1, 2], [[1, 2]])),
    (lambda: tf.round(tf.constant([1, 2], tf.int32)),
     ('int32', [2], [1, 2])),
    (lambda: tf.round(tf.constant([1, 2], tf.uint8)),
     ('uint8', [2], [1, 2])),
    (lambda: tf.round(7),
     ('int32', [], 7)),
    (lambda: tf.math.round(tf.constant(True)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
      'float, double, int8, int16, int32, int64, complex64, complex128')),
]

# an empty list for an index input converts as the op's wrapper converts it: the attr's
# default dtype (Reshape, Tile, Transpose, BroadcastTo, Fill: int32), or float32 where it has
# none (Roll's Tshift and Taxis refuse it; was taken as no shift)
EMPTY_INDEX_LISTS = [
    (lambda: tf.roll([1., 2.], [], 0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.roll([1., 2.], 1, []),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Taxis' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.roll([1., 2.], (), 0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.roll([1., 2.], [1], [0]),
     ('float32', [2], [2.0, 1.0])),
    (lambda: tnp.roll(np.array([[1, 2], [3, 4]]), [], axis=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tshift' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.reshape([1.], []),
     ('float32', [], 1.0)),
    (lambda: tf.tile([1.], []),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Tile_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Expected multiples argument to be a vector of length 1 but got length 0 [Op:Tile]')),
    (lambda: tf.transpose(1., []),
     ('float32', [], 1.0)),
    (lambda: tf.broadcast_to(1., []),
     ('float32', [], 1.0)),
    (lambda: tf.fill([], 1.),
     ('float32', [], 1.0)),
]

# SoftmaxCrossEntropyWithLogits broadcasts logits and labels that differ before asking for a
# matrix (was: both 2-D first); tf.nn's wrapper makes both rows of their last dimension,
# whatever the logits' rank, so labels [3] for logits [3, 4] are one row of 3
XENT_BROADCAST = [
    (lambda: XENT(features=F34, labels=L4),
     ['tuple', ('float32', [3], [1.3862943649291992, 1.3862943649291992, 1.3862943649291992]),
      ('float32', [3, 4],
       [[-0.75, 0.25, 0.25, 0.25], [-0.75, 0.25, 0.25, 0.25], [-0.75, 0.25, 0.25, 0.25]])]),
    (lambda: XENT(features=np.ones((4,), np.float32), labels=np.ones((4,), np.float32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SoftmaxCrossEntropyWithLogits_device_/job:localhost/replica:0/task:0/device:CPU:0'
      '}} '
      'logits and labels must be either 2-dimensional, or broadcasted to be 2-dimensional '
      '[Op:SoftmaxCrossEntropyWithLogits] name:')),
    (lambda: XENT(features=np.ones((2, 3, 4), np.float32), labels=np.ones((2, 3, 4), np.float32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SoftmaxCrossEntropyWithLogits_device_/job:localhost/replica:0/task:0/device:CPU:0'
      '}} '
      'logits and labels must be either 2-dimensional, or broadcasted to be 2-dimensional '
      '[Op:SoftmaxCrossEntropyWithLogits] name:')),
    (lambda: XENT(features=F34, labels=np.ones((2, 3, 4), np.float32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SoftmaxCrossEntropyWithLogits_device_/job:localhost/replica:0/task:0/device:CPU:0'
      '}} '
      'logits and labels must be either 2-dimensional, or broadcasted to be 2-dimensional '
      '[Op:SoftmaxCrossEntropyWithLogits] name:')),
    (lambda: XENT(features=F34, labels=np.ones((), np.float32)),
     ['tuple', ('float32', [3], [5.545177459716797, 5.545177459716797, 5.545177459716797]),
      ('float32', [3, 4],
       [[-0.75, -0.75, -0.75, -0.75], [-0.75, -0.75, -0.75, -0.75],
        [-0.75, -0.75, -0.75, -0.75]])]),
    (lambda: XENT(features=F34, labels=np.ones((2, 4), np.float32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SoftmaxCrossEntropyWithLogits_device_/job:localhost/replica:0/task:0/device:CPU:0'
      '}} '
      'logits and labels must be broadcastable: logits_size=[3,4] labels_size=[2,4] '
      '[Op:SoftmaxCrossEntropyWithLogits] name:')),
    (lambda: XENT(features=np.ones((1, 4), np.float32), labels=np.ones((3, 1), np.float32)),
     ['tuple', ('float32', [3], [5.545177459716797, 5.545177459716797, 5.545177459716797]),
      ('float32', [3, 4],
       [[-0.75, -0.75, -0.75, -0.75], [-0.75, -0.75, -0.75, -0.75],
        [-0.75, -0.75, -0.75, -0.75]])]),
    (lambda: XENT(features=np.ones((0, 4), np.float32), labels=np.ones((4,), np.float32)),
     ['tuple', ('float32', [0], []), ('float32', [0, 4], [])]),
    (lambda: XENT(features=np.ones((4,), np.float32), labels=np.ones((3, 4), np.float32)),
     ['tuple', ('float32', [3], [5.545177459716797, 5.545177459716797, 5.545177459716797]),
      ('float32', [3, 4],
       [[-0.75, -0.75, -0.75, -0.75], [-0.75, -0.75, -0.75, -0.75],
        [-0.75, -0.75, -0.75, -0.75]])]),
    (lambda: SCE(L4, F34),
     ('float32', [3], [1.3862943649291992, 1.3862943649291992, 1.3862943649291992])),
    (lambda: SCE(L4[None], F34),
     ('float32', [3], [1.3862943649291992, 1.3862943649291992, 1.3862943649291992])),
    (lambda: SCE(np.array([[1.], [0.], [0.]], np.float32), F34),
     ('float32', [3], [5.545177459716797, 0.0, 0.0])),
    (lambda: SCE(L4, np.ones((2, 3, 4), np.float32)),
     ('float32', [2, 3],
      [[1.3862943649291992, 1.3862943649291992, 1.3862943649291992],
       [1.3862943649291992, 1.3862943649291992, 1.3862943649291992]])),
    (lambda: SCE(np.array([1., 0., 0.], np.float32), F34),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SoftmaxCrossEntropyWithLogits_device_/job:localhost/replica:0/task:0/device:CPU:0'
      '}} '
      'logits and labels must be broadcastable: logits_size=[3,4] labels_size=[1,3] '
      '[Op:SoftmaxCrossEntropyWithLogits] name:')),
    (lambda: SCE(np.array(1., np.float32), F34),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Slice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Expected begin[0] == 0 (got -1) and size[0] == 0 (got 1) when input.dim_size(0) == 0 '
      '[Op:Slice]')),
    (lambda: SCE(F34, np.ones((4,), np.float32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input to '
      'reshape is a tensor with 3 values, but the requested shape has 1 [Op:Reshape] name:')),
    (lambda: SCE(L4, np.ones((4,), np.float32)),
     ('float32', [], 1.3862943649291992)),
    (lambda: SCE(L4.astype(np.float16), F34.astype(np.float16)[:1]),
     ('float16', [1], [1.38671875])),
    (lambda: SCE(L4.astype(np.complex64), np.ones((4, 4), np.float16)),
     ('float16', [4], [1.38671875, 1.38671875, 1.38671875, 1.38671875])),
]

# tf.linalg.trace opens TF's wrapper scope: eagerly its name is never read
TRACE_NAME = [
    (lambda: tf.linalg.trace(np.ones((2, 2)), name=1.5),
     ('float64', [], 2.0)),
    (lambda: tf.linalg.trace(np.ones((2, 2)), name=np.array([1, 2])),
     ('float64', [], 2.0)),
    (lambda: tf.linalg.trace(np.ones((2, 2)), name=[1]),
     ('float64', [], 2.0)),
    (lambda: tf.linalg.trace(np.ones((2, 2)), name='a b'),
     ('float64', [], 2.0)),
]

# the ragged functions take their axis through TF's get_positive_axis: a Python int only
# (a bool is one)
RAGGED_AXIS = [
    (lambda: tf.ragged.stack([tf.constant(np.zeros((0, 0), object))], axis=np.float64(2.5)),
     ('raise', 'TypeError', 'axis must be an int; got float64')),
    (lambda: tf.ragged.stack([b'\x00'], axis=tf.constant(8)),
     ('raise', 'TypeError', 'axis must be an int; got EagerTensor')),
    (lambda: tf.ragged.stack([[1, 2]], axis=np.int64(0)),
     ('raise', 'TypeError', 'axis must be an int; got int64')),
    (lambda: tf.ragged.stack([[1, 2]], axis=np.int32(0)),
     ('raise', 'TypeError', 'axis must be an int; got int32')),
    (lambda: tf.ragged.stack([[1, 2]], axis=1.0),
     ('raise', 'TypeError', 'axis must be an int; got float')),
    (lambda: tf.ragged.stack([[1, 2]], axis=True),
     ('int32', [2, 1], [[1], [2]])),
    (lambda: tf.ragged.stack([[1, 2], [3]], axis=np.int64(1)),
     ('raise', 'TypeError', 'axis must be an int; got int64')),
]

# tf.ragged.constant takes a tf.Tensor as a nested list (a scalar one, as any scalar, is
# tf.constant's with its dtype check); only a RaggedTensor is refused
RAGGED_CONSTANT_TENSORS = [
    (lambda: tf.ragged.constant(tf.constant([], tf.int16), name=np.zeros((3, 0), np.int64)),
     ('int16', [0], [])),
    (lambda: tf.ragged.constant(tf.constant([1, 2], tf.int16)),
     ('int16', [2], [1, 2])),
    (lambda: tf.ragged.constant(tf.constant(5)),
     ('int32', [], 5)),
    (lambda: tf.ragged.constant(tf.constant([[1, 2], [3, 4]]), ragged_rank=0),
     ('int32', [2, 2], [[1, 2], [3, 4]])),
    (lambda: tf.ragged.constant(tf.constant(5), ragged_rank=1),
     ('raise', 'ValueError',
      'Invalid pylist=<tf.Tensor: shape=(), dtype=int32, numpy=5>: incompatible with '
      'ragged_rank=1')),
    (lambda: tf.ragged.constant(tf.constant([1.5, 2.]), dtype=tf.int32),
     ('raise', 'TypeError',
      'Expected tensor [1.5 2. ] with dtype tf.int32, but got dtype tf.float32.')),
    (lambda: tf.ragged.constant(tf.constant([1, 2]), dtype=tf.float32),
     ('raise', 'TypeError',
      'Expected tensor [1 2] with dtype tf.float32, but got dtype tf.int32.')),
    (lambda: tf.ragged.constant(tf.constant([1, 2]), inner_shape=(2,)),
     ('int32', [2], [1, 2])),
    (lambda: tf.ragged.constant(tf.ragged.constant([[1], []])),
     ('raise', 'TypeError', 'pylist may not be a RaggedTensor or RaggedTensorValue.')),
    (lambda: tf.ragged.constant(np.array([1, 2], np.int16)),
     ('int16', [2], [1, 2])),
    (lambda: tf.ragged.constant(np.array([[1, 2], [3, 4]])),
     ('ragged', ('int32', [4], [1, 2, 3, 4]), [('int64', [3], [0, 2, 4])])),
    (lambda: tf.ragged.constant(5, ragged_rank=1),
     ('raise', 'ValueError', 'Invalid pylist=5: incompatible with ragged_rank=1')),
    (lambda: tf.ragged.constant(5, inner_shape=(1,)),
     ('raise', 'ValueError', 'Invalid pylist=5: incompatible with dim(inner_shape)=1')),
    (lambda: tf.ragged.constant(5, inner_shape=()),
     ('int32', [], 5)),
    (lambda: tf.ragged.constant(np.float32(2.5), dtype=tf.int32),
     ('int32', [], 2)),
    (lambda: tf.ragged.constant('a'),
     ('string', [], b'a')),
    (lambda: tf.ragged.constant(tf.constant(5), dtype=tf.int64),
     ('raise', 'TypeError', 'Expected tensor 5 with dtype tf.int64, but got dtype tf.int32.')),
    (lambda: tf.ragged.constant(np.array(5), ragged_rank=0),
     ('int64', [], 5)),
    (lambda: tf.ragged.constant(np.array(True), ragged_rank=[]),
     ('raise', 'TypeError', '%d format: a real number is required, not list')),
    (lambda: tf.ragged.constant(tf.constant(-0.99), ragged_rank=tf.constant(-0.99)),
     ('raise', 'ValueError',
      'Invalid pylist=<tf.Tensor: shape=(), dtype=float32, numpy=-0.9900000095367432>: '
      'incompatible with ragged_rank=0')),
]

# tnp's split sizes are the boundaries' differences in their own type (an unsigned one
# wraps and is never refused), cut to what is left; a tensor boundary is its str in the
# message; tf.split packs a size list holding tensors (uint16: SplitV's Tlen refusal)
TNP_SPLIT_BOUNDARIES = [
    (lambda: tnp.split(np.zeros((2, 3, 0), np.float32), np.array([1, 7, 2, 0], np.uint8)),
     ['list', ('float32', [1, 3, 0], [[[], [], []]]), ('float32', [1, 3, 0], [[[], [], []]]),
      ('float32', [0, 3, 0], []), ('float32', [0, 3, 0], []), ('float32', [0, 3, 0], [])]),
    (lambda: tnp.hsplit(np.zeros((5, 6), np.float32), tf.constant([0, 0, 65535], tf.uint16)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tlen' of uint16 is not in the list of allowed values: int8, int32, "
      'int64')),
    (lambda: tnp.hsplit([], tf.constant([1, 1, 0, 2147483647])),
     ('raise', 'ValueError',
      'The 2-th boundary tf.Tensor(0, shape=(), dtype=int32) is smaller than the previous '
      'boundary tf.Tensor(1, shape=(), dtype=int32)')),
    (lambda: tnp.hsplit([1., 2., 3.], [2, 1]),
     ('raise', 'ValueError', 'The 1-th boundary 1 is smaller than the previous boundary 2')),
    (lambda: tnp.vsplit(np.ones((4, 2)), [3, 1]),
     ('raise', 'ValueError', 'The 1-th boundary 1 is smaller than the previous boundary 3')),
    (lambda: tnp.split(np.arange(4.), [3, 1]),
     ('raise', 'ValueError', 'The 1-th boundary 1 is smaller than the previous boundary 3')),
    (lambda: tnp.split(np.arange(4.), [1, 9, 2]),
     ('raise', 'ValueError', 'The 2-th boundary 2 is smaller than the previous boundary 9')),
    (lambda: tnp.split(np.arange(4.), [2, 9]),
     ['list', ('float64', [2], [0.0, 1.0]), ('float64', [2], [2.0, 3.0]), ('float64', [0], [])]),
    (lambda: tnp.split(np.arange(4.), [1, 1]),
     ['list', ('float64', [1], [0.0]), ('float64', [0], []), ('float64', [3], [1.0, 2.0, 3.0])]),
    (lambda: tnp.split(np.arange(4.), [-1, 2]),
     ('raise', 'ValueError', 'The 0-th boundary -1 is smaller than the previous boundary 0')),
    (lambda: tnp.split(np.arange(4.), np.array([3, 1], np.int64)),
     ('raise', 'ValueError', 'The 1-th boundary 1 is smaller than the previous boundary 3')),
    (lambda: tnp.split(np.arange(4.), tf.constant([1, 3])),
     ['list', ('float64', [1], [0.0]), ('float64', [2], [1.0, 2.0]), ('float64', [1], [3.0])]),
    (lambda: tnp.split(np.arange(4.), tf.constant([2, 1])),
     ('raise', 'ValueError',
      'The 1-th boundary tf.Tensor(1, shape=(), dtype=int32) is smaller than the previous '
      'boundary tf.Tensor(2, shape=(), dtype=int32)')),
    (lambda: tnp.dsplit(np.ones((1, 1, 4)), [3, 1]),
     ('raise', 'ValueError', 'The 1-th boundary 1 is smaller than the previous boundary 3')),
    (lambda: tnp.vsplit(np.ones((4, 2)), [1.5, 3]),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tlen' of float is not in the list of allowed values: int8, int32, "
      'int64')),
]

# tnp.stack spreads its argument into the promotion (no values: tf.stack's float32 [0], or
# its IndexError along another axis); tnp's *_like convert a list plainly (bools mixed
# with numbers refused)
TNP_STACK_AND_LIKES = [
    (lambda: tnp.stack([], axis=(2,)),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tnp.stack([]),
     ('float32', [0], [])),
    (lambda: tnp.stack([], axis=1),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tnp.stack(()),
     ('float32', [0], [])),
    (lambda: tnp.stack([[1.], [2.]], axis=1),
     ('float64', [1, 2], [[1.0, 2.0]])),
    (lambda: tnp.stack(np.zeros((0, 2))),
     ('float32', [0], [])),
    (lambda: tnp.stack([[1.]], axis=[0]),
     ('raise', 'TypeError', "'<' not supported between instances of 'list' and 'int'")),
    (lambda: tnp.stack([[1.]], axis=np.int64(0)),
     ('float64', [1, 1], [[1.0]])),
    (lambda: tnp.empty_like([True, 2.5]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tnp.ones_like([True, 2.5]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tnp.zeros_like([True, 2]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tnp.zeros_like([1, 2.5]),
     ('float64', [2], [0.0, 0.0])),
    (lambda: tnp.ones_like((True, 1.5), dtype=tf.int32),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tnp.full_like([True, 2.5], 1),
     ('float64', [2], [1.0, 1.0])),
]

# tnp.linspace of bool bounds works in bool: Sub's refusal; tnp.arange is a Range in the
# dtype its bounds infer (Python floats: float32, so 0.1 steps are float32's) then cast, and
# a bool bound is Range's AssertionError
TNP_RANGES = [
    (lambda: tnp.linspace(tf.constant(True), tf.constant(True), num=2),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
      'float, double, uint8, int8, uint16, int16, int32, int64, complex64, complex128, '
      'uint32, uint64')),
    (lambda: tnp.linspace(tf.constant(True), True, num=0, retstep=True, dtype=tf.bool),
     ['tuple', ('float64', [0], []), ('float32', [], 'nan')]),
    (lambda: tnp.linspace(tf.constant(1), tf.constant(3), num=3),
     ('raise', 'TypeError', 'Cannot convert 1.0 to EagerTensor of dtype int32')),
    (lambda: tnp.linspace(tf.constant(True), 3., num=3),
     ('float64', [3], [1.0, 2.0, 3.0])),
    (lambda: tnp.linspace(True, False, num=3, dtype=None),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
      'float, double, uint8, int8, uint16, int16, int32, int64, complex64, complex128, '
      'uint32, uint64')),
    (lambda: tnp.linspace(True, False, num=3),
     ('float64', [3], [1.0, 0.5, 0.0])),
    (lambda: tnp.linspace(0, 1, num=3, dtype=tf.bool),
     ('float64', [3], [0.0, 0.5, 1.0])),
    (lambda: tnp.arange(0.1, 0.5, 0.1),
     ('float64', [4],
      [0.10000000149011612, 0.20000000298023224, 0.30000001192092896, 0.4000000059604645])),
    (lambda: tnp.arange(0.5, 2, dtype=tf.float64),
     ('float64', [2], [0.5, 1.5])),
    (lambda: tnp.arange(1, 2.5, 0.25, dtype=tf.complex128),
     ('complex128', [6], [(1+0j), (1.25+0j), (1.5+0j), (1.75+0j), (2+0j), (2.25+0j)])),
    (lambda: tnp.arange(True),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.arange(np.array([True])),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.arange(0, True),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.arange(np.array([3])),
     ('int64', [3], [0, 1, 2])),
    (lambda: tnp.arange(tf.constant(3)),
     ('int32', [3], [0, 1, 2])),
    (lambda: tnp.arange(3, dtype=tf.bool),
     ('bool', [3], [False, True, True])),
    (lambda: tnp.arange(5, 1, -1.5),
     ('float64', [3], [5.0, 3.5, 2.0])),
]

# tnp.logaddexp/logaddexp2 subtract the operands as given: Python lists are Python's
# TypeError
TNP_LOGADDEXP = [
    (lambda: tnp.logaddexp(True, [-6.312068621795328e+16, 1099511627776]),
     ('raise', 'TypeError', "unsupported operand type(s) for -: 'bool' and 'list'")),
    (lambda: tnp.logaddexp(True, [1., 2.]),
     ('raise', 'TypeError', "unsupported operand type(s) for -: 'bool' and 'list'")),
    (lambda: tnp.logaddexp(1, [1., 2.]),
     ('raise', 'TypeError', "unsupported operand type(s) for -: 'int' and 'list'")),
    (lambda: tnp.logaddexp([1.], [2.]),
     ('raise', 'TypeError', "unsupported operand type(s) for -: 'list' and 'list'")),
    (lambda: tnp.logaddexp(np.array([1.]), [2.]),
     ('float64', [1], [2.313261687518223])),
    (lambda: tnp.logaddexp(1., 2),
     ('float64', [], 2.313261687518223)),
    (lambda: tnp.logaddexp2(True, [1., 2.]),
     ('raise', 'TypeError', "unsupported operand type(s) for -: 'bool' and 'list'")),
    (lambda: tnp.logaddexp2([1.], 2.),
     ('raise', 'TypeError', "unsupported operand type(s) for -: 'list' and 'float'")),
    (lambda: tnp.logaddexp2(tf.constant([1.]), [2.]),
     ('float32', [1], [2.5849623680114746])),
]

# Lu as Eigen's PartialPivLU: the pivot the running maximum of the column from its first
# entry (a NaN first stays), and the input refused where the least |pivot| by minCoeff (a
# NaN first stays, a later one is passed over) is not > 0
LU_PIVOTS = [
    (lambda: tf.linalg.lu(tf.constant([[[nan+0j]]], tf.complex64)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Input is not invertible. [Op:Lu] name:')),
    (lambda: tf.linalg.lu(tf.constant([[nan]], tf.float32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Input is not invertible. [Op:Lu] name:')),
    (lambda: tf.linalg.lu(tf.constant([[0.]], tf.float32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Input is not invertible. [Op:Lu] name:')),
    (lambda: tf.linalg.lu(tf.constant([[1., nan], [2., 3.]], tf.float64)),
     ['tuple', ('float64', [2, 2], [[2.0, 3.0], [0.5, 'nan']]), ('int32', [2], [1, 0])]),
    (lambda: tf.linalg.lu(tf.constant([[nan, 1.], [2., 3.]], tf.float64)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Input is not invertible. [Op:Lu] name:')),
    (lambda: tf.linalg.lu(tf.constant([[1., 2.], [2., 4.]], tf.float64)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Input is not invertible. [Op:Lu] name:')),
    (lambda: tf.linalg.lu(tf.constant([[2., 1.], [1., inf]], tf.float32)),
     ['tuple', ('float32', [2, 2], [[2.0, 1.0], [0.5, 'inf']]), ('int32', [2], [0, 1])]),
    (lambda: tf.linalg.lu(tf.constant([[1., 2.], [nan, 3.]], tf.float64)),
     ['tuple', ('float64', [2, 2], [[1.0, 2.0], ['nan', 'nan']]), ('int32', [2], [0, 1])]),
    (lambda: tf.linalg.lu(tf.constant([[1., 0., 0.], [nan, 0., 1.], [2., 1., 0.]], tf.float64)),
     ['tuple',
      ('float64', [3, 3], [[2.0, 1.0, 0.0], ['nan', 'nan', 'nan'], [0.5, 'nan', 'nan']]),
      ('int32', [3], [2, 1, 0])]),
]

# tf.sets' validate_indices is a bool attr: None is its default, anything but a bool
# (np.bool_ too) the wrapper's TypeError
SETS_VALIDATE_INDICES = [
    (lambda: tf.sets.intersection(S, S, validate_indices=[-9, [], [0.0]]),
     ('raise', 'TypeError',
      "Expected bool for argument 'validate_indices' not [-9, [], [0.0]].")),
    (lambda: tf.sets.intersection(S, S, validate_indices=1),
     ('raise', 'TypeError', "Expected bool for argument 'validate_indices' not 1.")),
    (lambda: tf.sets.union(S, S, validate_indices='a'),
     ('raise', 'TypeError', "Expected bool for argument 'validate_indices' not 'a'.")),
    (lambda: tf.sets.difference(S, S, validate_indices=None),
     ('py',
      'SparseTensor(indices=tf.Tensor([], shape=(0, 2), dtype=int64), values=tf.Tensor([], '
      'shape=(0,), dtype=int32), dense_shape=tf.Tensor([2 0], shape=(2,), dtype=int64))')),
    (lambda: tf.sets.size(tf.sparse.from_dense(S), validate_indices=[1]),
     ('raise', 'TypeError', "Expected bool for argument 'validate_indices' not [1].")),
    (lambda: tf.sets.size(tf.sparse.from_dense(S), validate_indices=None),
     ('int32', [2], [4, 4])),
    (lambda: tf.sets.union(S, S, validate_indices=np.bool_(True)),
     ('raise', 'TypeError', "Expected bool for argument 'validate_indices' not np.True_.")),
]

# tf.nn.dropout takes a bool rate as the number it is (False: x itself; True: out of range)
DROPOUT_BOOL_RATE = [
    (lambda: tf.nn.dropout(tf.zeros([2, 0]), False, seed=-2),
     ('float32', [2, 0], [[], []])),
    (lambda: tf.nn.dropout(tf.ones([2]), False, seed=1),
     ('float32', [2], [1.0, 1.0])),
    (lambda: tf.nn.dropout(tf.ones([2]), True, seed=1),
     ('raise', 'ValueError',
      '`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=True')),
    (lambda: tf.nn.dropout(tf.ones([2]), 0, seed=1),
     ('float32', [2], [1.0, 1.0])),
    (lambda: tf.nn.dropout(tf.ones([2]), 1, seed=1),
     ('raise', 'ValueError',
      '`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=1')),
]

# tensordot indexes the static shape's list with each axis (a negative one with the rank
# added): past either end is the list's IndexError, a scalar's -1 too, and so the colour
# conversions' scalar images
TENSORDOT_AXES = [
    (lambda: tf.tensordot(tf.constant(1.), tf.constant([1., 2.]), [[-1], [-1]]),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.tensordot(tf.constant([1., 2.]), tf.constant([1., 2.]), [[5], [0]]),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.tensordot(tf.constant([1., 2.]), tf.constant([1., 2.]), [[0], [1]]),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.tensordot(A23, A23, [[2], [0]]),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.tensordot(A23, A23, [[-5], [0]]),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.tensordot(A23, A23.T, [[-1], [0]]),
     ('float32', [2, 2], [[3.0, 3.0], [3.0, 3.0]])),
    (lambda: tf.tensordot(tf.constant(1.), tf.constant(2.), 0),
     ('float32', [], 2.0)),
    (lambda: tf.image.rgb_to_grayscale(np.array(-9, np.int16)),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.image.rgb_to_grayscale(np.float32(1.5)),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.image.rgb_to_grayscale(np.array([1., 2., 3.])),
     ('float64', [1], [1.8149000406265259])),
    (lambda: tf.image.rgb_to_yiq(np.float32(1.)),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.image.yuv_to_rgb(np.float32(1.)),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.image.rgb_to_yuv(np.array([1., 2.], np.float32)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix '
      'size-incompatible: In[0]: [1,2], In[1]: [3,3] [Op:MatMul] name:')),
]

# Einsum of three inputs contracts them pairwise, left to right (opt_einsum's greedy path
# here): an infinity meets a zero only where those steps make it (differential seed
# 1569609124)
EINSUM_PAIRWISE = [
    (lambda: tf.einsum('ij,j,i->', *EIN),
     ('float64', [], '-inf')),
    (lambda: tf.einsum('ij,j,i->i', *EIN),
     ('float64', [2], ['-inf', -0.7471630449757168])),
    (lambda: tf.einsum('i,i,i->', *np.array([[0., 1.], [inf, 1.], [1., 2.]])),
     ('float64', [], 'nan')),
    (lambda: tf.einsum('i,i,i->', *np.array([[inf, 1.], [1., 2.], [0., 1.]])),
     ('float64', [], 'nan')),
    (lambda: tf.einsum('ij,jk,k->i', np.ones((2, 2)), E2, np.eye(2)[1]),
     ('float64', [2], ['nan', 'nan'])),
]

# tf.stack of a list of Python data: along axis 0 the list converted whole first ([1, 2.5] is
# float32; a ragged one as TF's conversion reads it), else the first value's rank checks the
# axis before Pack converts each value
STACK_PYTHON_LISTS = [
    (lambda: tf.stack([1, 2.5]),
     ('float32', [2], [1.0, 2.5])),
    (lambda: tf.stack([np.float32(1), 2]),
     ('float32', [2], [1.0, 2.0])),
    (lambda: tf.stack([[1, 2], [3.5, 4]]),
     ('float32', [2, 2], [[1.0, 2.0], [3.5, 4.0]])),
    (lambda: tf.stack([True, 1]),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype bool')),
    (lambda: tf.stack([np.array([1, 2]), [3, 4.5]]),
     ('float32', [2, 2], [[1.0, 2.0], [3.0, 4.5]])),
    (lambda: tf.stack([1, 2.5], axis=1),
     ('raise', 'ValueError', 'Argument `axis` = 1 not in range [-1, 1)')),
    (lambda: tf.stack([[1, 2], [3.5, 4]], axis=1),
     ('raise', 'TypeError', 'Cannot convert [3.5, 4] to EagerTensor of dtype int32')),
    (lambda: tf.stack([[1, 2], [3.5, 4]], axis=-2),
     ('raise', 'TypeError', 'Cannot convert [3.5, 4] to EagerTensor of dtype int32')),
    (lambda: tf.stack([[1, 2], [3, 4]], axis=np.int64(0)),
     ('int32', [2, 2], [[1, 2], [3, 4]])),
    (lambda: tf.stack([[[], 1., False], [], ['s']]),
     ('float32', [3, 3, 0], [[[], [], []], [[], [], []], [[], [], []]])),
    (lambda: tf.stack([[1.], []]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Pack_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Shapes of '
      'all inputs must match: values[0].shape = [1] != values[1].shape = [0] [Op:Pack]')),
    (lambda: tf.stack([tf.constant(1), 2.5]),
     ('raise', 'TypeError', 'Cannot convert 2.5 to EagerTensor of dtype int32')),
    (lambda: tf.stack([1, 'a']),
     ('raise', 'TypeError', "Cannot convert 'a' to EagerTensor of dtype int32")),
    (lambda: tf.stack((1, 2.5)),
     ('float32', [2], [1.0, 2.5])),
    (lambda: tf.stack([1, 2.5], name='s'),
     ('float32', [2], [1.0, 2.5])),
    (lambda: tf.stack([1, 2.5], axis=(2,)),
     ('raise', 'TypeError', "'<' not supported between instances of 'tuple' and 'int'")),
    (lambda: tf.stack([1, 2.5], axis=None),
     ('raise', 'TypeError', "'<' not supported between instances of 'NoneType' and 'int'")),
    (lambda: tf.stack([[1, 2], [3, 4]], axis=1),
     ('int32', [2, 2], [[1, 3], [2, 4]])),
    (lambda: tf.stack([[1, 2], [3.5, 4]], axis=2),
     ('raise', 'ValueError', 'Argument `axis` = 2 not in range [-2, 2)')),
    (lambda: tf.stack([np.float16(1), 2.5]),
     ('float16', [2], [1.0, 2.5])),
]

# (fuzz20's leftovers) tf.shape_n's fast path takes bytes as the sequence they are (a
# scalar per byte; none: N's minimum), a str not; lstsq of a scalar matrix is NumPy's
# ValueError for the least of no dimensions
LEFTOVERS_SHAPE_N_LSTSQ = [
    (lambda: tf.shape_n(b'ab'),
     ['list', ('int32', [0], []), ('int32', [0], [])]),
    (lambda: tf.shape_n('ab'),
     ('raise', 'TypeError', "Expected list for 'input' argument to 'shape_n' Op, not 'ab'.")),
    (lambda: tf.shape_n(b''),
     ('raise', 'InvalidArgumentError', "Value for attr 'N' of 0 must be at least minimum 1")),
    (lambda: tf.shape_n(b'a', out_type=tf.int64),
     ['list', ('int64', [0], [])]),
    (lambda: tf.shape_n(bytearray(b'ab')),
     ['list', ('int32', [0], []), ('int32', [0], [])]),
    (lambda: tf.shape_n(np.array([1, 2])),
     ('raise', 'TypeError',
      "Expected list for 'input' argument to 'shape_n' Op, not array([1, 2]).")),
    (lambda: tf.linalg.lstsq(1., 2.),
     ('raise', 'ValueError',
      'zero-size array to reduction operation minimum which has no identity')),
    (lambda: tf.linalg.lstsq([1.], [2.]),
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.linalg.lstsq([[1.]], 2.),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} In[0] and '
      'In[1] has different ndims: [1,1] vs. [] [Op:MatMul] name:')),
    (lambda: tf.linalg.lstsq(1., [[2.]]),
     ('raise', 'ValueError',
      'zero-size array to reduction operation minimum which has no identity')),
]

CASES = (ROUND_INTEGERS + EMPTY_INDEX_LISTS + XENT_BROADCAST + TRACE_NAME + RAGGED_AXIS +
         RAGGED_CONSTANT_TENSORS + TNP_SPLIT_BOUNDARIES + TNP_STACK_AND_LIKES + TNP_RANGES +
         TNP_LOGADDEXP + LU_PIVOTS + SETS_VALIDATE_INDICES + DROPOUT_BOOL_RATE + TENSORDOT_AXES +
         EINSUM_PAIRWISE + STACK_PYTHON_LISTS + LEFTOVERS_SHAPE_N_LSTSQ)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want


@pytest.mark.parametrize("arrays", [None, False, 3])
def test_tnp_stack_spreads_what_it_is_given(arrays):
    # TF 2.21: TypeError "tensorflow.python.ops.numpy_ops.np_array_ops._promote_dtype()
    # argument after * must be an iterable, not NoneType" (its own function's name)
    with pytest.raises(TypeError, match=r"argument after \* must be an iterable, not "):
        tnp.stack(arrays)


def test_a_bfloat16_einsum_to_a_scalar_is_a_scalar():
    # TF 2.21: tf.einsum("ij,j,i->", ...) of bfloat16 ones (2x3, 3, 2) is 6, shape (); its
    # pairwise steps end in "i,i->", whose half-precision product was made one-dimensional
    a = tf.ones((2, 3), tf.bfloat16)
    got = tf.einsum("ij,j,i->", a, tf.ones(3, tf.bfloat16), tf.ones(2, tf.bfloat16))
    assert got.shape == () and got.dtype == tf.bfloat16 and float(got) == 6.0
    two = tf.einsum("i,i->", tf.ones(2, tf.bfloat16), tf.ones(2, tf.bfloat16))
    assert two.shape == () and float(two) == 2.0
