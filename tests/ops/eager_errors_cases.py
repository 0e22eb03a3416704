"""Eager op errors as TF 2.21 words them in full, recorded by record_eager_errors.py
(eager_errors_golden.json) and checked by test_eager_errors.py.

Each case is a statement over `tf` (and `np`) run eagerly, or inside `with
tf.device(...)` where it starts with "device NAME:", or as a tf.function of no
arguments where it starts with "traced:". The outcome is the error's class, its str()
and whether its `.message` is the same text: TF's "{{function_node __wrapped__OP...}}"
prefix and " name: ..." suffix are kept, as users see them.
"""

from __future__ import annotations

import re
from typing import Any

CASES = [
    # kernels' errors through the op wrappers' fast path: " name: " and the wrapper's name
    "tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))",
    "tf.linalg.matmul(tf.ones([2, 3]), tf.ones([2, 3]), name='mm')",
    "tf.ones([2]) + tf.ones([3])",
    "tf.ones([2]) - tf.ones([3])",
    "tf.ones([2]) * tf.ones([3])",
    "tf.ones([2]) / tf.ones([3])",
    "tf.add(tf.ones([2]), tf.ones([3]))",
    "tf.add(tf.ones([2]), tf.ones([3]), name='foo')",
    "tf.math.add(tf.ones([2]), tf.ones([3]), name='foo')",
    # a string first operand: TF's Python runs Add (its numbers run AddV2), which errors name
    "tf.add('a', 1)",
    "tf.add(tf.constant('a'), tf.constant(1), name='s')",
    "tf.constant(['a', 'b']) + tf.constant(['a', 'b', 'c'])",
    "tf.add(tf.constant(['a', 'b']), ['a', 'b', 'c'])",
    "tf.add(1, 'a')",
    # TF's Python conversions before its ops (linspace_nd's order: stop to start's dtype,
    # num as an int, the shapes broadcast, the endpoints subtracted; repeat's and argmin's
    # int conversions; the wrappers' slow path given lists or a dtype not a DType)
    "tf.linspace(0, 1.5, 3)",
    "tf.linspace(tf.constant(0.0), tf.constant(1.0, tf.float64), 3)",
    "tf.linspace(True, False, 3)",
    "tf.linspace([0.0, 1.0], [1.0, 2.0, 3.0], 3)",
    "tf.linspace('a', 'b', 3)",
    "tf.linspace(0.0, 1.0, np.array([2.0, 3.0]))",
    "tf.linspace(0.0, 1.0, -2, name='ls')",
    "tf.repeat([1, 2], [1.0, 2.0])",
    "tf.repeat([1, 2], np.array([[1.0, 2.0]]))",
    "tf.argmin([[1.0, 2.0]], [1.0])",
    "tf.argmin([1.0, 2.0], [0, 0])",
    "tf.argmin(tf.ones([2]), 0, [1.0])",
    "tf.argmin(np.ones(2, np.complex64), 0, np.ones(2, np.complex64))",
    "tf.squeeze(tf.ones([2]), [1, 5, 2])",
    "tf.squeeze(tf.ones([2]), [1.0])",
    "tf.unique([[1]])",
    "tf.unique(tf.constant([[1]]), name='u')",
    "tf.unique_with_counts(tf.constant([[1]]), 'int64')",
    "tf.math.unsorted_segment_max(tf.ones([2]), tf.constant([0, 1]), [1, 2])",
    "tf.math.unsorted_segment_sum(tf.ones([2]), [0, 1], [1.0, 2.0])",
    "tf.math.unsorted_segment_prod(tf.ones([2]), tf.constant([0, 1]), 2.0)",
    "tf.random.stateless_poisson([[2, 1], [1, 3]], [1, 2], 1.0)",
    "tf.image.adjust_contrast(tf.ones([2, 2, 1]), [1.0, 2.0])",
    "tf.image.adjust_contrast(tf.ones([2, 2, 1]), tf.ones([2]))",
    "tf.image.draw_bounding_boxes([1.0, 2.0], [1.0], [1.0])",
    "tf.image.draw_bounding_boxes([[[[1.0]]]], tf.constant([[[0.0, 0.0, 1.0, 1.0]]], "
    "tf.float64), [[1.0, 0.0, 0.0, 1.0]])",
    # a function attribute naming no function: each op's own words (Case's on TF's slow
    # path: no name; the call ops' node; For's and RemoteCall's kernels' wrapped function)
    "tf.raw_ops.Case(branch_index=tf.constant(0), input=[tf.constant(1)], Tout=[tf.int32], "
    "branches=['a'])",
    "tf.raw_ops.StatelessCase(branch_index=0, input=[1], Tout=[tf.int32], branches=['a'], "
    "name='cs')",
    "tf.raw_ops.PartitionedCall(args=[tf.constant(1), tf.constant(2.0)], Tout=[tf.int32], "
    "f='nofn', name='p', executor_type='x')",
    "tf.raw_ops.StatefulPartitionedCall(args=[], Tout=[], f='nofn')",
    "tf.raw_ops.If(cond=tf.constant(True), input=[tf.constant(1)], Tout=[tf.int32], "
    "then_branch='a', else_branch='b', name='nm')",
    "tf.raw_ops.StatelessWhile(input=[tf.constant(1)], cond='a', body='b')",
    "tf.raw_ops.For(start=tf.constant(0), limit=tf.constant(1), delta=tf.constant(1), "
    "input=[tf.constant(1)], body='a', name='fn')",
    "tf.raw_ops.RemoteCall(target=tf.constant('/cpu:0'), args=[tf.constant(1)], "
    "Tout=[tf.int32], f='nofn')",
    "tf.subtract(tf.ones([2]), tf.ones([3]), name='s')",
    "tf.multiply(tf.ones([2]), tf.ones([3]), name='m')",
    "tf.maximum(tf.ones([2]), tf.ones([3]))",
    "tf.math.floordiv(tf.constant([1]), tf.constant([0]))",
    "tf.math.floormod(tf.constant([1]), tf.constant([0]))",
    "tf.truncatediv(tf.constant([1]), tf.constant([0]))",
    "tf.equal(tf.ones([2]), tf.ones([3]))",
    "tf.math.squared_difference(tf.ones([2]), tf.ones([3]))",
    "tf.gather(tf.ones([3]), 5)",
    "tf.gather(tf.ones([3]), 5, name='g')",
    "tf.gather(tf.ones([3]), [5])",
    "tf.gather(tf.ones([3]), tf.constant([5]))",
    "tf.gather_nd(tf.ones([3]), [[5]])",
    "tf.cast('a', tf.float32)",
    "tf.cast(tf.constant('a'), tf.float32)",
    "tf.random.uniform([-1])",
    "tf.debugging.check_numerics(tf.constant([float('nan')]), 'm')",
    "tf.debugging.check_numerics(tf.constant([float('inf')]), 'why', name='cn')",
    "tf.linalg.inv(tf.zeros([2, 2]))",
    "tf.linalg.cholesky(-tf.eye(2))",
    "tf.linalg.solve(tf.eye(2), tf.ones([3, 1]))",
    # variadic ops: their arity enters the wrapped function's name
    "tf.concat([tf.ones([2]), tf.ones([2, 2])], 0)",
    "tf.concat([tf.ones([2]), tf.ones([2, 2]), tf.ones([2])], 0, name='c3')",
    "tf.concat([tf.ones([2]), tf.ones([2])], 3)",
    "tf.stack([tf.ones([2]), tf.ones([3])])",
    "tf.stack([tf.ones([2]), tf.ones([2])], axis=3)",
    "tf.add_n([tf.ones([2]), tf.ones([3])])",
    "tf.add_n([tf.ones([2]), tf.ones([3]), tf.ones([2])], name='an')",
    "tf.dynamic_stitch([[0], [1]], [tf.ones([1]), tf.ones([2, 2])])",
    # wrappers that pass Python lists or strings: the op wrappers' slow path (no " name: "
    # unless a name is given)
    "tf.reshape(tf.ones([6]), [4])",
    "tf.reshape(tf.ones([6]), [4], name='r')",
    "tf.reshape(tf.ones([6]), tf.constant([4]))",
    "tf.reshape(tf.ones([6]), [-1, -1])",
    "tf.strings.to_number('x')",
    "tf.strings.to_number(tf.constant('x'))",
    "tf.strings.to_number('x', name='n')",
    "tf.fill([-1], 0.0)",
    "tf.fill(tf.constant([-1]), 0.0)",
    "tf.zeros([-1])",
    "tf.ones([2, -3])",
    "tf.broadcast_to(tf.ones([3]), [2])",
    "tf.broadcast_to(tf.ones([3]), tf.constant([2]))",
    "tf.tile(tf.ones([2]), [2, 2])",
    "tf.tile(tf.ones([2]), [-1])",
    "tf.transpose(tf.ones([2, 3]), [0, 0])",
    "tf.transpose(tf.ones([2, 3]), [0, 1, 2])",
    "tf.slice(tf.ones([3]), [1], [5])",
    "tf.slice(tf.ones([3]), tf.constant([1]), tf.constant([5]))",
    "tf.ones([3])[5]",
    "tf.ones([3, 2])[:, 4]",
    "tf.pad(tf.ones([2]), [[-1, 0]])",
    "tf.pad(tf.ones([2]), [[1, 0], [0, 0]])",
    # MirrorPad: paddings as a list take the wrapper's slow path (no name), an array not
    "tf.pad(tf.ones([2, 2]), [[0, 0], [0, 3]], mode='REFLECT')",
    "tf.pad(tf.ones([2, 1]), [(0, 0), (1, 1)], mode='reflect', name='p')",
    "tf.pad(tf.ones([2, 2]), np.array([[0, 0], [0, 3]]), mode='SYMMETRIC', name='p')",
    "tf.pad(tf.ones([2, 2]), np.array([[-1, 0], [0, 0]]), mode='REFLECT')",
    "tf.pad(tf.ones([2, 2]), tf.constant([[0, 0]]), mode='REFLECT')",
    "tf.split(tf.ones([5]), 2)",
    "tf.split(tf.ones([5]), [2, 2])",
    # a split_dim out of range: the kernels' words (Split's, SplitV's), their shape
    # functions' in a graph
    "tf.split(tf.ones([2, 3]), 2, axis=2)",
    "tf.split(tf.ones([2, 3]), 2, axis=-3, name='q')",
    "tf.split(tf.ones([2, 3]), [1, 1], axis=2)",
    "tf.raw_ops.Split(axis=2, value=tf.ones([2, 3]), num_split=2)",
    "traced: tf.split(tf.ones([2, 3]), 2, axis=2)",
    "traced: tf.split(tf.ones([2, 3]), [1, 1], axis=-3)",
    # tf.tensordot's checks of its axes (Python's, before any op: `b`'s rank unchecked, its
    # shape list indexed)
    "tf.tensordot(tf.ones([2, 3]), tf.ones([4]), 2)",
    "tf.tensordot(tf.ones([2, 3]), np.ones([3], np.float32), 2)",
    "tf.tensordot(tf.ones([]), tf.ones([4]), 2)",
    "tf.tensordot(tf.ones([2]), tf.ones([4]), -1)",
    "tf.tensordot(tf.ones([2]), tf.ones([2]), [[0], [0], [1]])",
    "tf.tensordot(tf.ones([2]), tf.ones([2]), [[0], [0, 1]])",
    # Cross's kernel checks and attr list; BroadcastArgs given Python shapes (slow path)
    "tf.linalg.cross(tf.ones([2, 3]), tf.ones([3]))",
    "tf.linalg.cross(tf.ones([2]), tf.ones([2]), name='c')",
    "tf.linalg.cross(tf.ones([]), tf.ones([]))",
    "tf.linalg.cross(tf.ones([3], tf.bool), tf.ones([3], tf.bool))",
    "tf.linalg.cross([1.0, 2.0], [3.0, 4.0])",
    "tf.linalg.cross(tf.ones([3]), tf.ones([3], tf.float64))",
    "traced: tf.linalg.cross(tf.ones([]), tf.ones([]))",
    "traced: tf.linalg.cross(tf.ones([2, 3]), tf.ones([3, 3]))",
    "traced: tf.linalg.cross(tf.ones([2, 3]), tf.ones([3]))",
    "traced: tf.linalg.cross(tf.ones([2]), tf.ones([2]))",
    "tf.broadcast_dynamic_shape((2, 3), (4,))",
    "tf.broadcast_dynamic_shape(tf.constant([2, 3]), tf.constant([4]))",
    # sobel_edges of another rank than 4: its MirrorPad's error (paddings a list)
    "tf.image.sobel_edges(tf.ones([2, 3]))",
    "tf.image.sobel_edges(tf.ones([1, 2, 4, 4, 1]))",
    "tf.image.sobel_edges(tf.constant(7.0))",  # (a scalar: the channels read first)
    # BesselI0 and BesselI1 have no bfloat16 kernel on the CPU (and none of XLA's)
    "tf.math.bessel_i0(tf.ones([2], tf.bfloat16))",
    "tf.math.special.bessel_i1(tf.ones([2], tf.bfloat16))",
    "tf.squeeze(tf.ones([2, 3]), axis=0)",
    "tf.expand_dims(tf.ones([2]), 5)",
    "tf.range(1, 5, 0)",
    "tf.range(5, 1, 1)",
    "tf.one_hot([1], -2)",
    "tf.eye(-1)",
    "tf.reverse(tf.ones([2]), [3])",
    "tf.roll(tf.ones([2]), 1, 3)",
    "tf.where(tf.constant([True, False]), tf.ones([2]), tf.ones([3]))",
    "tf.ensure_shape(tf.ones([2]), [3])",
    "tf.scatter_nd([[5]], [1.0], [3])",
    "tf.tensor_scatter_nd_update(tf.ones([3]), [[5]], [1.0])",
    "tf.unstack(tf.ones([2, 3]), num=3)",
    # tf.where and tf.dynamic_partition hand their inputs on as given (a list: slow path)
    "tf.where([True, False, True], [1, 2], [3, 4])",
    "tf.where([True, False, True], tf.constant([1, 2]), tf.constant([3, 4]), name='w')",
    "tf.where(tf.constant([True, False, True]), tf.constant([1, 2]), tf.constant([3, 4]),"
    " name='w')",
    # (its one-argument form converts the condition first, in a name scope: no name)
    "tf.where(['a', 'b'], name='w')",
    "tf.where(tf.constant([1.5, 0.0]))",
    # (TF's Where kernel takes ranks 1 to 8 alone)
    "tf.where(tf.constant(True))",
    "tf.where(tf.ones([1] * 9, tf.bool))",
    "traced: tf.where(tf.constant(1))",
    "tf.dynamic_partition([1, 2], [0, 5], 2)",
    "tf.dynamic_partition(tf.constant([1, 2]), tf.constant([0, 5]), 2, name='d')",
    # a value given for an input whose type the op fixes converts to that type (a NumPy
    # array is cast, a Python value that does not fit is a TypeError)
    "tf.where([1, 0], tf.constant([1, 2]), tf.constant([3, 4]))",
    "tf.where(np.array([1.5, 0.0]), tf.constant([1, 2]), tf.constant([3, 4]))",
    "tf.dynamic_partition([1, 2], [0.0, 5.0], 2)",
    "tf.dynamic_partition(tf.constant([1, 2]), np.array([0, 5]), 2)",
    "tf.logical_and(tf.constant([True, False]), [1, 1])",
    "tf.logical_and(tf.constant([True, False]), np.array([1, 0]))",
    "tf.logical_not(1)",
    # gather_nd with batch dimensions runs its ops on tensors it made, in a name scope:
    # the fast path, no name; without them the indices go to GatherNd as given
    "tf.gather_nd(tf.ones([3, 4]), [[1], [2]], batch_dims=1)",
    "tf.gather_nd(tf.ones([3, 4]), [[1], [7], [2]], batch_dims=1, name='g')",
    "tf.gather_nd(tf.ones([3, 4]), tf.constant([[1], [7], [2]]), batch_dims=1, name='g')",
    "tf.gather_nd(tf.ones([3, 4]), [[7]], name='g')",
    "tf.gather_nd(tf.ones([3, 4]), tf.constant([[7]]), name='g')",
    # a policy GatherNd has no kernel for: TF lists its kernels
    "tf.gather_nd(tf.ones([3]), [[1]], bad_indices_policy='bad')",
    "tf.gather_nd(tf.ones([3], tf.int64), tf.constant([[1]], tf.int64), bad_indices_policy='x')",
    # an input whose type the op's signature fixes (All's input:bool) is refused as that
    # input's, not as an attr's
    "tf.reduce_all(tf.constant([1.0]))",
    "tf.reduce_any(tf.constant([1.0]), name='a')",
    "tf.logical_not(tf.constant([1]))",
    "tf.logical_and(tf.constant([1.0]), tf.constant([True]))",
    "tf.dynamic_partition(tf.constant([1, 2]), tf.constant([0, 1], tf.int64), 2)",
    # stacking nothing: along axis 0 TF converts the empty list (float32), else IndexError
    "tf.reduce_all(tf.stack([]))",
    "tf.stack([], axis=1)",
    # reductions, segments, sorting
    "tf.reduce_sum(tf.ones([2]), axis=3)",
    "tf.reduce_max(tf.ones([2]), axis=[0, 3])",
    "tf.math.argmax(tf.ones([2]), axis=3)",
    "tf.math.segment_sum(tf.ones([3]), [2, 1, 0])",
    "tf.math.unsorted_segment_sum(tf.ones([3]), [0, 5, 1], 2)",
    "tf.math.bincount(tf.constant([-1, 2]))",
    "tf.math.top_k(tf.ones([3]), 5)",
    # a vector where the op wants a scalar: the kernel's words (a list: TF's slow path)
    "tf.math.top_k(tf.ones([3]), [1])",
    "tf.math.top_k(tf.ones([3]), tf.constant([1]))",
    "tf.one_hot([0, 1], depth=[3])",
    "tf.image.non_max_suppression(np.zeros((1, 4), np.float32), np.ones(1, np.float32), [3])",
    "tf.image.non_max_suppression(np.zeros((1, 4), np.float32), np.ones(1, np.float32), 3, "
    "iou_threshold=[0.5])",
    "tf.image.non_max_suppression_with_scores(np.zeros((1, 4), np.float32), "
    "np.ones(1, np.float32), np.array([3]))",
    "tf.linalg.diag([1.0, 2.0], num_rows=[3])",
    "tf.linalg.diag_part(tf.ones([3, 4]), k=(-1, 0, 1))",
    "tf.linalg.diag_part(tf.ones([3, 4]), k=(-1, 1), padding_value=[1.0, 2.0])",
    "tf.linalg.set_diag(tf.ones([3, 4]), tf.ones([3, 3]), k=[])",
    "tf.math.cumsum(tf.ones([2]), axis=3)",
    "tf.unique(tf.ones([2, 2]))",
    "tf.sort(tf.ones([2]), axis=3)",
    "tf.math.in_top_k(tf.constant([0]), tf.ones([2, 3]), 1)",
    # nn, image, signal
    "tf.nn.conv2d(tf.ones([1, 4, 4, 3]), tf.ones([2, 2, 2, 1]), 1, 'VALID')",
    "tf.nn.max_pool2d(tf.ones([1, 4, 4, 1]), 5, 1, 'VALID')",
    "tf.nn.softmax_cross_entropy_with_logits(tf.ones([2, 3]), tf.ones([2, 4]))",
    "tf.nn.sparse_softmax_cross_entropy_with_logits(tf.constant([5]), tf.ones([1, 3]))",
    "tf.nn.bias_add(tf.ones([2, 3]), tf.ones([4]))",
    "tf.nn.embedding_lookup(tf.ones([3, 2]), [7])",
    "tf.nn.softmax(tf.ones([2]), axis=3)",
    "tf.nn.depth_to_space(tf.ones([1, 2, 2, 3]), 2)",
    "tf.image.resize(tf.ones([4, 4, 1]), [-1, 2])",
    "tf.image.decode_png(b'not a png')",
    "tf.image.decode_image(b'xx')",
    "tf.io.decode_raw(tf.constant([b'abc']), tf.int32)",
    "tf.signal.fft(tf.ones([2]))",
    "tf.signal.frame(tf.ones([4]), 3, 0)",
    # stateless random ops: a seed (or Poisson's lam) handed on as a Python list sends the
    # op's wrapper down its slow path (no name); converted first, it takes the fast path
    "tf.random.stateless_normal([2], seed=[1])",
    "tf.random.stateless_normal([2], seed=tf.constant([1]))",
    "tf.random.stateless_uniform([2], seed=(1, 2, 3), maxval=5, dtype=tf.int32)",
    "tf.random.experimental.stateless_split([1, 2, 3])",
    "tf.random.experimental.stateless_fold_in([1, 2, 3], 1)",
    "tf.random.stateless_categorical([[1.0, 2.0]], 2, seed=[1, 2, 3])",
    "tf.random.stateless_binomial([2], seed=[1, 2, 3], counts=3.0, probs=0.5)",
    "tf.random.stateless_poisson([2], seed=tf.constant([1, 2, 3]), lam=[1.0, 2.0])",
    "tf.random.stateless_poisson([2], seed=tf.constant([1, 2, 3]), lam=1.0)",
    "tf.random.stateless_normal([-2], seed=[1, 2])",
    # strings, io, parsing
    "tf.strings.substr('abc', 5, 1)",
    "tf.strings.substr(tf.constant(['abc']), 5, 1)",
    "tf.strings.regex_replace('abc', '(', 'x')",
    "tf.strings.unicode_decode(b'\\xff', 'UTF-8', errors='strict')",
    "tf.strings.unicode_transcode('a', 'UTF-9', 'UTF-8')",
    "tf.strings.join([tf.constant(['a', 'b']), tf.constant(['a', 'b', 'c'])])",
    "tf.strings.reduce_join(tf.constant(['a']), axis=3)",
    # a value given for a string input converts to string (a Python value that is not
    # one is a TypeError, a NumPy array of numbers a ValueError); a tensor is the op's
    "tf.strings.length([1])",
    "tf.strings.length(np.array([1]))",
    "tf.strings.length(tf.constant([1]))",
    "tf.strings.upper([1.5])",
    "tf.strings.lower(True)",
    "tf.strings.strip([1])",
    "tf.strings.join([[1]])",
    "tf.strings.join([['a'], 1])",
    "tf.strings.join(1)",
    "tf.strings.join(np.array([1]))",
    "tf.strings.regex_replace([1], 'a', 'b')",
    "tf.strings.regex_replace(['a'], tf.constant('a'), [1])",
    "tf.strings.regex_full_match([1], 'a')",
    "tf.strings.regex_full_match(['a'], [1])",
    "tf.strings.to_number([1])",
    "tf.strings.substr([1], 0, 1)",
    "tf.strings.unicode_transcode([1], 'UTF-8', 'UTF-16-BE')",
    "tf.strings.unicode_transcode(np.array([1]), 'UTF-8', 'UTF-16-BE')",
    "tf.strings.unsorted_segment_join([1], [0], 1)",
    "tf.strings.split([1])",
    "tf.strings.split(tf.constant([1]))",
    "tf.strings.split(tf.ragged.constant([[1]]))",
    "tf.strings.ngrams([1], 2)",
    "tf.strings.ngrams(tf.constant([1]), 2)",
    # ... where TF converts with no dtype, the op (or the function's own check) refuses it
    "tf.strings.reduce_join([1])",
    "tf.strings.unicode_decode([1], 'UTF-8')",
    "tf.strings.unicode_decode(tf.ragged.constant([[1]]), 'UTF-8')",
    "tf.strings.unicode_split_with_offsets(np.array([1]), 'UTF-8')",
    "tf.strings.bytes_split([1])",
    "tf.strings.bytes_split(1)",
    "tf.strings.bytes_split(tf.ragged.constant([[1]]))",
    "tf.strings.unicode_encode([1.5], 'UTF-8')",
    "tf.strings.unicode_encode(np.array([1], np.int64), 'UTF-8')",
    # the int32 input of UnicodeScript converts to int32; pos and len share a type
    "tf.strings.unicode_script([1.5])",
    "tf.strings.unicode_script(np.array([1.5]))",
    "tf.strings.substr(['abc'], 0, [1.5])",
    "tf.strings.substr(['abc'], ['a'], 1)",
    "tf.strings.substr(['abc'], np.array([1.5]), 1)",
    "tf.strings.substr(['abc'], 0, tf.constant([1], tf.int64))",
    "tf.strings.unsorted_segment_join(['a'], [1.5], 1)",
    "tf.strings.unsorted_segment_join(tf.constant(['a']), tf.constant([0.5]), 1)",
    "tf.strings.unsorted_segment_join(['a'], [0], ['a'])",
    # UnsortedSegmentJoin's kernel refuses ids out of range, negative ones included
    "tf.strings.unsorted_segment_join(tf.constant(['a', 'b']), tf.constant([0, -1]), 2)",
    "tf.strings.unsorted_segment_join(tf.constant(['a']), tf.constant([1]), 1)",
    "tf.strings.unsorted_segment_join(tf.constant(['a']), tf.constant([0]), -1)",
    "tf.strings.unsorted_segment_join(tf.constant(['a']), tf.constant([0]), tf.constant([1]))",
    "tf.strings.unsorted_segment_join(tf.constant(['a', 'b', 'c']), tf.constant([0, 0]), 1)",
    "tf.strings.unsorted_segment_join(tf.constant([['a', 'b'], ['c', 'd']]),"
    " tf.constant([[0], [0]]), 1)",
    "tf.strings.unsorted_segment_join(tf.constant(['a']), tf.constant([[0, 0]]), 1)",
    "tf.io.read_file('/nonexistent/eagerflow-eager-errors')",
    "tf.io.parse_tensor(b'garbage', tf.float32)",
    "tf.io.decode_base64('@@@')",
    "tf.io.decode_csv('1,2', [[0], [0], [0]])",
    "tf.io.parse_single_example(b'xx', {'a': tf.io.FixedLenFeature([], tf.int64)})",
    # sparse, ragged, lookup
    "tf.sparse.to_dense(tf.sparse.SparseTensor([[1], [0]], [1.0, 2.0], [3]))",
    "tf.sparse.reshape(tf.sparse.SparseTensor([[1]], [1.0], [3]), [2])",
    "tf.sparse.add(tf.sparse.SparseTensor([[0]], [1.0], [3]),"
    " tf.sparse.SparseTensor([[0]], [1.0], [4]))",
    "tf.sparse.slice(tf.sparse.SparseTensor([[0]], [1.0], [3]), [0, 0], [1])",
    "tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2]),"
    " tf.ones([3, 1]))",
    "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 5])",
    "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 5], validate=False).to_tensor()",
    "tf.gather(tf.ragged.constant([[1], [2, 3]]), [5])",
    "tf.ragged.range([1, 2], [0], [1, 1, 1])",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1, 2]), -1)",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), -1)"
    ".lookup(tf.constant([1]))",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), -1)"
    ".lookup(tf.constant(1.0))",
    "tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(['a'], [5],"
    " value_dtype=tf.int64), 0)",
    "tf.ragged.cross([tf.ragged.constant([[1], [2]]), tf.ragged.constant([[1]])])",
    "tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2]) * tf.ones([3, 3])",
    # tf.raw_ops: no name unless given, lists through the slow path
    "tf.raw_ops.AddV2(x=tf.ones([2]), y=tf.ones([3]))",
    "tf.raw_ops.AddV2(x=tf.ones([2]), y=tf.ones([3]), name='raw')",
    "tf.raw_ops.Reshape(tensor=tf.ones([6]), shape=[4])",
    "tf.raw_ops.Reshape(tensor=tf.ones([6]), shape=tf.constant([4]))",
    "tf.raw_ops.Reshape(tensor=tf.ones([6]), shape=[4], name='r')",
    "tf.raw_ops.ConcatV2(values=[tf.ones([2]), tf.ones([2, 2])], axis=0)",
    "tf.raw_ops.ConcatV2(values=[tf.ones([2]), tf.ones([2, 2])], axis=0, name='c')",
    "tf.raw_ops.Pack(values=[tf.ones([2]), tf.ones([3])])",
    # no values: TF's eager runtime finds no kernel
    "tf.raw_ops.Pack(values=[])",
    "tf.raw_ops.Pack(values=[], axis=1, name='p')",
    "tf.raw_ops.ConcatV2(values=[], axis=0)",
    # ConcatOffset's concat_dim is int32 in its signature
    "tf.raw_ops.ConcatOffset(concat_dim=tf.constant(1, tf.int64),"
    " shape=[tf.constant([2, 3]), tf.constant([2, 4])])",
    "tf.raw_ops.ConcatOffset(concat_dim=np.int64(1), shape=[tf.constant([2, 3]),"
    " tf.constant([2, 4])])",
    # a NumPy scalar input, or a Python int in a float attr (given, or a default TF's
    # generated wrapper writes as an int: area_range=[0.05, 1], exponential_avg_factor=1),
    # sends the op wrapper down its slow path too (no name)
    "tf.raw_ops.Reshape(tensor=np.float32(0), shape=np.array([-1, -1]))",
    "tf.raw_ops.Reshape(tensor=np.array(0.0), shape=np.array([-1, -1]))",
    "tf.reshape(np.float32(0), np.array([-1, -1]))",
    "tf.gather(np.array([1, 2]), np.int64(5))",
    "tf.raw_ops.FusedBatchNormV3(x=tf.ones([1, 2, 2, 3]), scale=tf.ones([2]),"
    " offset=tf.ones([2]), mean=tf.ones([2]), variance=tf.ones([2]))",
    "tf.raw_ops.FusedBatchNormV3(x=tf.ones([1, 2, 2, 3]), scale=tf.ones([2]),"
    " offset=tf.ones([2]), mean=tf.ones([2]), variance=tf.ones([2]),"
    " exponential_avg_factor=1.0)",
    "tf.raw_ops.FakeQuantWithMinMaxArgs(inputs=tf.ones([3]), num_bits=1)",
    "tf.raw_ops.FakeQuantWithMinMaxArgs(inputs=tf.ones([3]), num_bits=1, min=-6.0, max=6.0)",
    "tf.raw_ops.FakeQuantWithMinMaxArgs(inputs=tf.ones([3]), num_bits=1, min=-6, max=6.0)",
    "tf.raw_ops.SampleDistortedBoundingBoxV2(image_size=tf.constant([4, 5, 3]),"
    " bounding_boxes=tf.constant([[[0.1, 0.2, 0.6, 0.7]]]), min_object_covered=0.1,"
    " max_attempts=0)",
    "tf.raw_ops.SampleDistortedBoundingBoxV2(image_size=tf.constant([4, 5, 3]),"
    " bounding_boxes=tf.constant([[[0.1, 0.2, 0.6, 0.7]]]), min_object_covered=0.1,"
    " area_range=[0.5, 2.0])",
    "tf.raw_ops.SampleDistortedBoundingBox(image_size=tf.constant([4, 5, 3]),"
    " bounding_boxes=tf.constant([[[0.1, 0.2, 0.6, 0.7]]]), aspect_ratio_range=[0.0, 1.0],"
    " area_range=[0.5, 1.0])",
    "tf.raw_ops.StatelessSampleDistortedBoundingBox(image_size=tf.constant([4, 5, 3]),"
    " bounding_boxes=tf.constant([[[0.1, 0.2, 0.6, 0.7]]]), min_object_covered=0.1,"
    " seed=tf.constant([1, 2]), aspect_ratio_range=[1.0], area_range=[0.5, 1.0])",
    # non_max_suppression_overlaps converts overlap_threshold only: a list score_threshold
    # takes the slow path; a threshold TF converts to float32 refused as its conversion
    "tf.image.non_max_suppression_overlaps(tf.eye(2), tf.ones([2]), 2,"
    " score_threshold=[0.1, 0.2])",
    "tf.image.non_max_suppression_overlaps(tf.eye(2), tf.ones([2]), 2,"
    " overlap_threshold=[[0.5]])",
    "tf.image.non_max_suppression_overlaps(tf.eye(2), tf.ones([2]), 2, score_threshold='a')",
    "tf.image.non_max_suppression_overlaps(True, [], True, score_threshold=[0, []])",
    # NonMaxSuppressionV3 checks its boxes and scores in the words of V2, V4 and V5
    "tf.image.non_max_suppression(tf.ones([3, 3]), tf.ones([3]), 2)",
    "tf.image.non_max_suppression(tf.ones([3, 4, 1]), tf.ones([3]), 2)",
    "tf.image.non_max_suppression(tf.ones([3, 4]), tf.ones([3, 1]), 2)",
    "tf.raw_ops.AddN(inputs=[tf.ones([2]), tf.ones([3])])",
    "tf.raw_ops.IdentityN(input=[tf.ones([2]), tf.constant([1, 2])])",
    "tf.raw_ops.MatMul(a=tf.ones([2, 3]), b=tf.ones([2, 3]))",
    "tf.raw_ops.GatherV2(params=tf.ones([3]), indices=5, axis=0)",
    "tf.raw_ops.GatherV2(params=tf.ones([3]), indices=tf.constant(5), axis=tf.constant(0))",
    "tf.raw_ops.StringToNumber(string_tensor=tf.constant('x'))",
    "tf.raw_ops.Fill(dims=tf.constant([-1]), value=tf.constant(0.0))",
    "tf.raw_ops.BroadcastArgs(s0=tf.constant([2]), s1=tf.constant([3]))",
    "tf.raw_ops.Cumsum(x=tf.ones([2]), axis=tf.constant(3))",
    # dtype mismatches: checked before the op is wrapped
    "tf.ones([2]) + tf.ones([2], tf.int32)",
    "tf.raw_ops.AddV2(x=tf.ones([2]), y=tf.ones([2], tf.int32))",
    "tf.matmul(tf.ones([2, 2]), tf.ones([2, 2], tf.int32))",
    "tf.raw_ops.Sin(x=tf.constant([1]))",
    "tf.math.sin(tf.constant([1]))",
    # asserts and checks
    "tf.debugging.assert_equal(tf.constant([1]), tf.constant([2]))",
    "tf.debugging.assert_all_finite(tf.constant([float('nan')]), 'msg')",
    "tf.Assert(tf.constant(False), ['data'])",
    "tf.debugging.assert_shapes([(tf.ones([2]), ('a',)), (tf.ones([3]), ('a',))])",
    "tf.debugging.assert_less(tf.constant(2), tf.constant(1))",
    # variables
    "tf.Variable([1.0, 2.0]).assign_add([1.0, 2.0, 3.0])",
    "tf.Variable([1.0, 2.0]).scatter_nd_update([[5]], [1.0])",
    "tf.Variable([1.0, 2.0]).sparse_read([5])",
    "tf.gather(tf.Variable([1.0, 2.0]), 5)",
    "tf.Variable([1.0, 2.0]) + tf.ones([3])",
    "tf.Variable([1.0, 2.0])[5]",
    # composite ops of several
    "tf.linalg.norm(tf.ones([2]), axis=3)",
    "tf.nn.l2_normalize(tf.ones([2]), axis=3)",
    "tf.einsum('ij,jk->ik', tf.ones([2, 3]), tf.ones([2, 3]))",
    "tf.linalg.trace(tf.ones([2]))",
    "tf.math.reduce_std(tf.ones([2]), axis=3)",
    "tf.image.rgb_to_grayscale(tf.ones([2, 2, 4]))",
    "tf.keras.ops.reshape(tf.ones([6]), [4])",
    # datasets raising at iteration
    "next(iter(tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(lambda x: tf.reshape(x, [2]))))",
    "list(tf.data.Dataset.range(3).map(lambda x: tf.gather([1, 2], x)))",
    "list(tf.data.Dataset.from_tensors([1]).batch(2).unbatch().map("
    "lambda x: tf.strings.to_number(tf.as_string(x) + 'x')))",
    # dataset ops refusing their arguments as they are made (no GPU kernels: CPU:0 always)
    "tf.data.Dataset.range(0, 5, 0)",
    "tf.data.Dataset.range(3).shuffle(0)",
    "tf.data.Dataset.range(3).batch(0)",
    "tf.data.Dataset.range(3).padded_batch(0)",
    "tf.data.Dataset.range(3).ragged_batch(0)",
    "tf.data.Dataset.range(3).prefetch(-5)",
    "tf.data.Dataset.range(3).window(0)",
    "tf.data.Dataset.range(3).map(lambda x: x, num_parallel_calls=-5)",
    "tf.data.Dataset.range(3).interleave(lambda x: tf.data.Dataset.range(x), cycle_length=-5, "
    "num_parallel_calls=2)",
    "tf.data.Dataset.range(3).get_single_element()",
    "tf.data.experimental.SqlDataset('mysql', 'x.db', 'select 1', tf.int32)",
    "tf.data.experimental.SqlDataset('sqlite', ':memory:', 'select 1', tf.float32)",
    "tf.data.Dataset.range(3).shard(0, 0)",
    # (a window size is checked when a window fills, by the iterator)
    "tf.data.Dataset.range(3).group_by_window(lambda x: x, lambda k, d: d, window_size=-2)",
    "next(iter(tf.data.Dataset.range(3).group_by_window(lambda x: x, lambda k, d: d, "
    "window_size=-2)))",
    # inside tf.function: the function's wording, never the eager one's
    "traced:tf.reshape(tf.ones([6]), [4])",
    "traced:tf.ones([2]) + tf.ones([3])",
    "traced:tf.concat([tf.ones([2]), tf.ones([2, 2])], 0)",
    "traced:tf.py_function(lambda: tf.reshape(tf.ones([6]), [4]), [], tf.float32)",
    "tf.py_function(lambda: tf.reshape(tf.ones([6]), [4]), [], tf.float32)",
    "tf.numpy_function(lambda: np.ones([6]).reshape([4]), [], tf.float64)",
    # devices: the op's requested device names the wrapped function
    "device CPU:0:tf.ones([2]) + tf.ones([3])",
    "device /cpu:0:tf.ones([2]) + tf.ones([3])",
    "device /job:localhost/replica:0/task:0/device:CPU:0:tf.reshape(tf.ones([6]), [4])",
    "device GPU:0:tf.ones([2]) + tf.ones([3])",
    "device /gpu:0:tf.concat([tf.ones([2]), tf.ones([2, 2])], 0)",
    "device GPU:0:tf.strings.to_number('x')",
    "device GPU:0:tf.gather(tf.ones([3]), 5)",
    # resource training ops: the kernels' checks (shapes, scalars, indices), a handle of no
    # variable (a list sends the wrapper down its slow path: no name)
    "tf.raw_ops.ResourceApplyProximalGradientDescent(var=tf.Variable(tf.ones([2])).handle,"
    " alpha=1.0, l1=[0.0, 0.0], l2=0.0, delta=tf.ones([2]))",
    "tf.raw_ops.ResourceApplyProximalAdagrad(var=tf.Variable(tf.ones([2])).handle,"
    " accum=tf.Variable(tf.ones([2])).handle, lr=0.1, l1=0.0, l2=0.0, grad=tf.ones([3]))",
    "tf.raw_ops.ResourceSparseApplyProximalAdagrad(var=tf.Variable(tf.ones([2, 2])).handle,"
    " accum=tf.Variable(tf.ones([2, 2])).handle, lr=0.1, l1=0.0, l2=tf.ones([2]),"
    " grad=tf.ones([1, 2]), indices=tf.constant([0]))",
    "tf.raw_ops.ResourceSparseApplyProximalGradientDescent(var=tf.Variable(tf.ones([2, 2]))"
    ".handle, alpha=0.1, l1=0.0, l2=0.0, grad=tf.ones([1, 2]), indices=tf.constant([7]))",
    "tf.raw_ops.ResourceSparseApplyFtrl(var=tf.Variable(tf.ones([2, 2])).handle,"
    " accum=tf.Variable(tf.ones([2, 2])).handle, linear=tf.Variable(tf.ones([2, 2])).handle,"
    " grad=tf.ones([1, 2]), indices=[0], lr=[0.1, 0.1], l1=0.0, l2=0.0, lr_power=-0.5)",
    "tf.raw_ops.ResourceApplyGradientDescent(var=tf.raw_ops.VarHandleOp(dtype=tf.float32,"
    " shape=[2], shared_name='never_assigned'), alpha=0.1, delta=tf.ones([2]))",
    # other ops given a handle of no variable: the resource lookup's own error (only
    # ReadVariableOp words it as a variable not found), which names the resource once its
    # container exists (each case makes it, so that it holds run alone); a table's handle:
    # the wrong type
    "[tf.raw_ops.AssignVariableOp(resource=tf.raw_ops.VarHandleOp(dtype=tf.float32, shape=[],"
    " shared_name='made'), value=1.0), tf.raw_ops.AssignAddVariableOp(resource=tf.raw_ops"
    ".VarHandleOp(dtype=tf.float32, shape=[2], shared_name='never_added'),"
    " value=tf.ones([2]))]",
    "[tf.raw_ops.AssignVariableOp(resource=tf.raw_ops.VarHandleOp(dtype=tf.float32, shape=[],"
    " shared_name='made'), value=1.0), tf.raw_ops.VariableShape(input=tf.raw_ops.VarHandleOp("
    "dtype=tf.float32, shape=[2], shared_name='never_shaped'))]",
    "[tf.raw_ops.AssignVariableOp(resource=tf.raw_ops.VarHandleOp(dtype=tf.float32, shape=[],"
    " shared_name='made'), value=1.0), tf.raw_ops.ResourceCountUpTo(resource=tf.raw_ops"
    ".VarHandleOp(dtype=tf.int64, shape=[], shared_name='never_counted'), limit=3,"
    " T=tf.int64)]",
    "tf.raw_ops.ResourceScatterAdd(resource=tf.raw_ops.MutableHashTableV2(key_dtype=tf.int32,"
    " value_dtype=tf.float32, shared_name='a_table'), indices=tf.constant([0]),"
    " updates=tf.ones([1]))",
    # inputs the op refuses by dtype: the binding's error, named after the input
    "tf.add(tf.constant([1]), tf.constant([1.0]), name='a')",
    "tf.constant([1.0]) - tf.constant([1])",
    "traced:tf.add(tf.constant([1]), tf.constant([1.0]))",
    "tf.concat([tf.constant([1]), tf.constant([1.0])], 0, name='c')",
    "traced:tf.concat([tf.constant([1]), tf.constant([1.0])], 0)",
    "tf.gather(tf.ones([2]), tf.constant([0.0]), name='g')",
    "tf.gather(tf.ones([2]), [0], axis=tf.constant(0.0))",
    # functions that run their op in a name scope (empty eagerly: " name: " whatever name)
    "tf.transpose(tf.ones([2]), tf.constant([0.0]), name='t')",
    "traced:tf.transpose(tf.ones([2]), tf.constant([0.0]))",
    "tf.math.cumsum(tf.ones([2]), axis=tf.constant(0.0), name='c')",
    "tf.math.cumsum(tf.ones([2]), axis=3, name='c')",
    "tf.math.cumprod(tf.ones([2]), axis=3, name='c')",
    "tf.math.cumprod(tf.ones([2]), axis=tf.constant(0.0), name='c')",
    "tf.math.cumulative_logsumexp(tf.ones([2]), axis=tf.constant(0.0), name='c')",
    # an axis tensor of a dtype the op's attr refuses while a graph is built
    "traced:tf.math.cumsum(tf.ones([2]), axis=tf.constant(0.0))",
    "traced:tf.reduce_sum(tf.ones([2]), axis=tf.constant(0.0))",
    "traced:tf.reduce_max(tf.ones([2]), axis=tf.constant([0.0]))",
    # Split's and SplitV's split_dim: int32 by their signatures
    "tf.split(tf.ones([2]), 2, axis=tf.constant(0.0), name='s')",
    "tf.split(tf.ones([2]), [1, 1], axis=tf.constant(0, tf.int64))",
    "traced:tf.split(tf.ones([2]), 2, axis=tf.constant(0.0))",
    "traced:tf.split(tf.ones([2]), [1, 1], axis=tf.constant('a'))",
    # the transposed convolutions' gradient ops: inputs counted from input_sizes (#0), the
    # wrappers' slow path given the sizes as a list (no " name: "), their name scope
    "tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1], tf.int32), tf.ones([2, 2, 1, 1]),"
    " [1, 3, 3, 1], 1, name='ct')",
    "tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1]), tf.ones([2, 2, 1, 1], tf.float64),"
    " tf.constant([1, 3, 3, 1]), 1, name='ct')",
    "tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1]), tf.ones([2, 2, 1, 1]),"
    " tf.constant([1.0, 3.0, 3.0, 1.0]), 1)",
    "tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1]), tf.ones([2, 2, 1, 1]),"
    " tf.constant([1, 3, 3, 1], tf.int64), 1)",
    "traced:tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1]), tf.ones([2, 2, 1, 1]),"
    " tf.constant([1, 3, 3, 1], tf.int64), 1)",
    "traced:tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1], tf.int32), tf.ones([2, 2, 1, 1]),"
    " [1, 3, 3, 1], 1)",
    "tf.nn.conv1d_transpose(tf.ones([1, 2, 1], tf.int32), tf.ones([2, 1, 1]), [1, 3, 1], 1)",
    "tf.nn.conv3d_transpose(tf.ones([1, 2, 2, 2, 1], tf.float16), tf.ones([2, 2, 2, 1, 1]),"
    " [1, 3, 3, 3, 1], 1)",
    "tf.nn.conv_transpose(tf.ones([1, 2, 2, 1], tf.int32), tf.ones([2, 2, 1, 1]),"
    " [1, 3, 3, 1], 1)",
    "tf.compat.v1.nn.conv2d_backprop_input([1, 3, 3, 1], tf.ones([2, 2, 1, 1]),"
    " tf.ones([1, 2, 2, 1], tf.int32), [1, 1, 1, 1], 'VALID')",
    "tf.compat.v1.nn.conv2d_backprop_filter(tf.ones([1, 3, 3, 1], tf.int32), [2, 2, 1, 1],"
    " tf.ones([1, 2, 2, 1]), [1, 1, 1, 1], 'VALID')",
    "tf.compat.v1.nn.conv2d_backprop_filter(tf.ones([1, 3, 3, 1]), tf.constant([2, 2, 1, 1]),"
    " tf.ones([1, 2, 2, 1], tf.float64), [1, 1, 1, 1], 'VALID', name='bf')",
    "tf.nn.depthwise_conv2d_backprop_input([1, 3, 3, 1], tf.ones([2, 2, 1, 1]),"
    " tf.ones([1, 2, 2, 1], tf.int32), [1, 1, 1, 1], 'VALID')",
    "tf.nn.depthwise_conv2d_backprop_filter(tf.ones([1, 3, 3, 1], tf.int32), [2, 2, 1, 1],"
    " tf.ones([1, 2, 2, 1]), [1, 1, 1, 1], 'VALID')",
    "tf.nn.separable_conv2d(tf.ones([1, 3, 3, 1], tf.int32), tf.ones([2, 2, 1, 1]),"
    " tf.ones([1, 1, 1, 1]), [1, 1, 1, 1], 'VALID')",
    "tf.nn.depthwise_conv2d(tf.ones([1, 3, 3, 1]), tf.ones([2, 2, 1, 1], tf.int32),"
    " [1, 1, 1, 1], 'VALID')",
    # int attrs: TF's fast path takes a Python int (or bool) only, a NumPy int or a float
    # sends its wrapper down the slow path; lbeta reduces over axis=[-1], a list
    "tf.unstack(tf.zeros([2, 3]), num=np.float32(1.2))",
    "tf.unstack(tf.zeros([2, 3]), num=np.int32(1))",
    "tf.unstack(tf.zeros([2, 3]), num=True)",
    "tf.unstack(tf.zeros([2, 3]), num=1, axis=np.int64(0))",
    "tf.math.lbeta(0.28)",
]


def run(tf: Any, case: str) -> Any:
    import numpy as np

    scope = {"tf": tf, "np": np}
    if case.startswith("traced:"):
        body = case[len("traced:"):]
        return tf.function(lambda: eval(body, scope))()
    if case.startswith("device "):
        device, _, body = case[len("device "):].rpartition(":")
        # (the body's own colons: none of the cases' bodies has one)
        with tf.device(device):
            return eval(body, scope)
    return eval(case, scope)


def outcome(tf: Any, case: str) -> dict:
    try:
        run(tf, case)
    except Exception as e:  # noqa: BLE001 (the error is the recorded result)
        text = str(e)
        if "Traceback (most recent call last)" in text:
            # a py_function's error: its first and last lines (the frames are each side's)
            lines = text.strip("\n").split("\n")
            text = lines[0] + "\n...\n" + lines[-1]
        elif case.startswith("traced:"):  # the traced error's own line (frames: each side's)
            text = text.strip("\n").split("\n")[-1].strip()
        text = re.sub(r"(__inference_\S*?_)\d+", r"\1N", text)
        # (protobuf's debug strings, as TF prints a KernelDef, open with a marker that
        # varies from process to process: "goo.gle/debugstr  ", "goo.gle/debugonly   ")
        text = re.sub(r"goo\.gle/debug\w+ +", "goo.gle/debug ", text)
        return {"error": type(e).__name__, "message": text,
                "same_message": getattr(e, "message", text) == str(e)}
    return {"value": "ok"}
