"""More golden expressions (issue #19's last gaps): tf.sparse's eye, maximum, minimum,
softmax, reset_shape, mask and sampled_addmm; joined to golden_exprs.SECTIONS, so
tf_golden.py records them with real TensorFlow 2.21 and test_golden_tf.py compares. They
use golden_exprs.PRELUDE's names (S, sa, sb, grad_of, ...)."""

PRELUDE_EXTRA = r"""
def parts(sp):  # a SparseTensor with its values to 3 decimals
    return (sp.indices, approx(sp.values), sp.dense_shape)
"""

SPARSE_EXTRA = [
    "tf.sparse.eye(3)",
    "tf.sparse.eye(3, 4, dtype=tf.int32)",
    "tf.sparse.eye(2, 3, dtype=tf.bool)",
    "tf.sparse.eye(0)",
    "tf.sparse.eye(tf.constant(3), tf.constant(2))",
    "tf.sparse.eye(2, dtype=tf.string)",
    "tf.sparse.maximum(sa, sb)",
    "tf.sparse.minimum(sa, sb)",
    "tf.sparse.maximum(S([[0, 0], [1, 1], [2, 0]], [1., -2., 3.], [3, 2]), "
    "S([[0, 0], [1, 0], [2, 0]], [2., -1., 1.], [3, 2]))",
    "tf.sparse.minimum(S([[0, 0], [1, 1], [2, 0]], [1, -2, 3], [3, 2]), "
    "S([[0, 0], [1, 0], [2, 0]], [2, -1, 1], [3, 2]))",
    "tf.sparse.minimum(S([[0, 1]], [-1], [2, 2]), S(tf.zeros([0, 2], tf.int64), "
    "tf.zeros([0], tf.int32), [2, 2]))",
    "tf.sparse.maximum(S([[0, 0]], [2], [3, 2]), S([[0, 0]], [2.0], [3, 2]))",
    "tf.sparse.maximum(sa, S([[0, 0]], [1.], [3, 3]))",
    "tf.sparse.maximum(sa, S([[0, 0, 0]], [1.], [3, 4, 1]))",
    "tf.sparse.maximum(S([[0]], ['a'], [2]), S([[0]], ['b'], [2]))",
    "tf.sparse.maximum(S([[0]], [True], [2]), S([[0]], [False], [2]))",
    # (values to 3 decimals: TF's float exp and NumPy's differ in the last ulp)
    "parts(tf.sparse.softmax(S([[0, 0], [0, 2], [1, 1]], [1., 2., 3.], [2, 3])))",
    "parts(tf.sparse.softmax(S([[0, 0, 1], [0, 0, 3], [1, 2, 0], [0, 1, 1]], [1., 2., 3., 4.], "
    "[2, 3, 4])))",
    "parts(tf.sparse.softmax(S([[0, 0], [0, 1], [1, 0]], [-1000., 5., 7.], [2, 2])))",
    "tf.sparse.softmax(S([[0, 0], [0, 1]], tf.constant([1., 2.], tf.float64), [1, 2]))",
    "tf.sparse.softmax(S(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [3, 3]))",
    "tf.sparse.softmax(S([[0]], [1.], [3]))",
    "tf.sparse.softmax(S([[0, 0]], [1], [3, 3]))",
    "approx(grad_of(lambda v: tf.reduce_sum(tf.sparse.softmax(S([[0, 0], [0, 2], [1, 1]], v, "
    "[2, 3])).values * tf.constant([1., 3., 2.])), tf.constant([1., 2., 3.])))",
    "approx(grad_of(lambda v: tf.reduce_sum(tf.sparse.softmax(S([[0, 0, 1], [0, 0, 3], "
    "[1, 2, 0], [0, 1, 1]], v, [2, 3, 4])).values * tf.constant([1., -3., 2., 5.])), "
    "tf.constant([0.5, 2., 3., 4.], tf.float64)))",
    "tf.function(lambda a, b: tf.sparse.maximum(a, b))(sa, sb)",
    "tf.function(lambda a, b: tf.sparse.minimum(a, b))(sa, S([[2, 3]], [5.0], [3, 4]))",
    "parts(tf.function(lambda a: tf.sparse.softmax(a))(S([[0, 0], [0, 2], [1, 1]], "
    "[1., 2., 3.], [2, 3])))",
    "tf.function(lambda n: tf.sparse.eye(n))(tf.constant(2))",
    "tf.function(lambda a: tf.sparse.reset_shape(a))(sa)",
    "tf.sparse.reset_shape(S([[0, 0], [1, 1], [2, 0]], [1., -2., 3.], [3, 2]))",
    "tf.sparse.reset_shape(sa)",
    "tf.sparse.reset_shape(sa, [4, 5])",
    "tf.sparse.reset_shape(sa, tf.constant([3, 6], tf.int32))",
    "tf.sparse.reset_shape(sa, [2, 4])",
    "tf.sparse.reset_shape(sa, [3])",
    "tf.sparse.reset_shape(sa, [[3, 3]])",
    "tf.sparse.reset_shape(S(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [3, 3]))",
    "tf.sparse.reset_shape(tf.constant([1]))",
    "(lambda m: (m.values, m.indices, m.dense_shape))(tf.sparse.mask(tf.IndexedSlices("
    "tf.constant([[1., 2], [3, 4], [5, 6], [7, 8]]), tf.constant([4, 0, 2, 4]), "
    "tf.constant([5, 2])), [4, 9]))",
    "(lambda m: (m.values, m.indices))(tf.sparse.mask(tf.IndexedSlices(tf.constant([1., 2]), "
    "tf.constant([1, 2], tf.int64)), tf.constant([1], tf.int64)))",
    "(lambda m: (m.values, m.indices))(tf.sparse.mask(tf.IndexedSlices(tf.constant([1., 2]), "
    "tf.constant([1, 2])), tf.constant([], tf.int32)))",
    "tf.sparse.mask(tf.IndexedSlices(tf.constant([1., 2]), tf.constant([1, 2], tf.int64)), "
    "tf.constant([1]))",
    "tf.sparse.sampled_addmm(tf.constant([[0, 0], [1, 1]], tf.int64), tf.constant([1., 2.]), "
    "tf.constant([2, 2]), tf.reshape(tf.range(6.), [2, 3]), tf.reshape(tf.range(6.), [3, 2]), "
    "beta=0.5, alpha=2.0)",
    "tf.sparse.sampled_addmm(tf.constant([0, 1, 1, 0, 0, 0, 1, 0], shape=[2, 2, 2]), "
    "tf.constant([3, 5, 2, 7], shape=[2, 2], dtype=tf.float32), tf.constant([2, 2]), "
    "tf.constant(np.arange(1, 13), shape=[2, 2, 3], dtype=tf.float32), "
    "tf.constant(np.arange(13, 25), shape=[2, 3, 2], dtype=tf.float32), alpha=0.75, beta=0.25)",
    "tf.sparse.sampled_addmm([[0, 0], [1, 1]], [1, 2], [2, 2], [[1, 2, 3], [4, 5, 6]], "
    "[[1, 0], [0, 1], [1, 1]], output_type=tf.float64)",
    "tf.sparse.sampled_addmm([[0, 0], [1, 1]], [1., 2.], [3, 2], tf.ones([2, 3]), "
    "tf.ones([3, 2]))",
    "grad_of(lambda m: tf.reduce_sum(tf.sparse.sampled_addmm([[0, 1], [1, 0]], [1., 2.], "
    "[2, 2], m, tf.reshape(tf.range(6.), [3, 2]))[1]), tf.ones([2, 3]))",
]

DATA_EXTRA = [
    "items(D.range(4).map(lambda x: tf.fill([x], x)).sparse_batch(2, [5]))",
    "D.range(4).map(lambda x: tf.fill([x], x)).sparse_batch(2, [5]).element_spec",
    "D.range(4).map(lambda x: tf.fill([x], x)).sparse_batch(2, [5])",
    "D.range(4).map(lambda x: tf.fill([x], x)).sparse_batch(3, [5]).cardinality()",
    "items(D.range(4).map(lambda x: tf.fill([x, x], x)).sparse_batch(2, [None, None]))",
    "D.range(4).map(lambda x: tf.fill([x, x], x)).sparse_batch(2, [None, 3]).element_spec",
    "items(D.range(3).map(lambda x: tf.fill([x, 2], x)).sparse_batch(2, [3, 2]))",
    "items(D.range(3).map(lambda x: tf.fill([x, 2], x)).sparse_batch(2, tf.constant([3, 2])))",
    "items(D.from_tensor_slices(['a', 'b', 'c']).sparse_batch(2, []))",
    "items(D.range(4).map(lambda x: tf.fill([x], x)).sparse_batch(2, [2]))",
    "items(D.range(3).sparse_batch(2, [2]))",
    "items(D.range(4).map(lambda x: tf.fill([x, x], x)).sparse_batch(2, [3]))",
    "D.range(3).sparse_batch(0, [2])",
    "D.from_tensor_slices((['a', 'b'], [1, 2])).sparse_batch(2, [])",
    "items(D.range(4).map(lambda x: tf.fill([x], x)).apply("
    "tf.data.experimental.dense_to_sparse_batch(3, [4])))",
    "D.range(4).map(lambda x: tf.fill([x], x)).apply("
    "tf.data.experimental.dense_to_sparse_batch(3, [4])).element_spec",
    "items(D.range(4).map(lambda x: tf.fill([x], x)).apply("
    "tf.data.experimental.dense_to_ragged_batch(3)))",
    "D.range(4).map(lambda x: tf.fill([x], x)).apply("
    "tf.data.experimental.dense_to_ragged_batch(3, drop_remainder=True)).element_spec",
    "D.range(4).map(lambda x: tf.fill([x, x], x)).apply("
    "tf.data.experimental.dense_to_ragged_batch(2, row_splits_dtype=tf.int32)).element_spec",
    "D.range(3).map(lambda x: tf.range(x)).ragged_batch(2)",
    "tf.function(lambda: D.range(4).map(lambda x: tf.fill([x], x)).sparse_batch(2, [3])"
    ".reduce(tf.constant(0, tf.int64), lambda s, b: s + tf.sparse.reduce_sum(b)))()",
]

IO_EXTRA = [
    "tf.io.serialize_sparse(sa)",
    "tf.io.serialize_sparse(S([[0, 0], [0, 1]], ['ab', 'c'], [1, 2]))",
    "tf.io.serialize_sparse(S(tf.zeros([0, 2], tf.int64), tf.constant([], tf.string), [1, 2]))",
    "tf.io.serialize_sparse(S([[1]], [True], [4]))",
    "tf.io.serialize_sparse(sa, out_type=tf.int32)",
    "tf.io.serialize_sparse(tf.constant([1]))",
    "[bool(a == b) for a, b in zip(tf.io.serialize_sparse(sa), [tf.io.serialize_tensor(t) "
    "for t in (sa.indices, sa.values, sa.dense_shape)])]",
    "tf.io.serialize_many_sparse(sa)",
    "tf.io.serialize_many_sparse(S([[0, 0, 1], [1, 1, 0]], ['x', 'yz'], [3, 2, 2]))",
    "tf.io.serialize_many_sparse(S(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [2, 3]))",
    "tf.io.serialize_many_sparse(S([[2, 3], [0, 1]], [1., 2.], [3, 4]))",
    "tf.io.serialize_many_sparse(S([[0]], [1.], [3]))",
    "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(sa), tf.float32)",
    "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(sa), tf.float32, rank=2)",
    "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(S([[0, 0, 1], [1, 1, 0]], "
    "['x', 'yz'], [3, 2, 2])), tf.string)",
    "tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(S([[0, 0]], [5.], [2, 1]))"
    ", tf.io.serialize_sparse(S([[0, 2], [1, 0]], [6., 7.], [3, 3]))]), tf.float32)",
    "tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_tensor(tf.constant([[0]], "
    "tf.int64)), tf.io.serialize_tensor(tf.constant(['s'])), tf.io.serialize_tensor("
    "tf.constant([2], tf.int64))])[None], tf.string)",
    "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(sa)[0], tf.float32)",
    "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(S(tf.zeros([0, 2], tf.int64), "
    "tf.zeros([0]), [2, 3])), tf.float32)",
    "tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(sa), tf.int32)",
    "tf.io.deserialize_many_sparse(tf.constant([['x', 'y', 'z']]), tf.float32)",
    "tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(S([[0, 0]], [5.], [2, 1]))"
    ", tf.io.serialize_sparse(S([[0]], [6.], [3]))]), tf.float32)",
    "tf.function(lambda s: tf.io.deserialize_many_sparse(s, tf.float32, rank=2))("
    "tf.io.serialize_many_sparse(sa))",
    "tf.function(lambda x: tf.io.serialize_many_sparse(x))(sa)",
]

UT = "tf.strings.unicode_transcode"
STRINGS_EXTRA = [
    f"{UT}(['Hello', 'TensorFlow', '2.x'], 'UTF-8', 'UTF-16-BE')",
    f"{UT}(['A', 'B', 'C'], 'US ASCII', 'UTF-8')",
    f"{UT}(tf.constant([[b'h\\xc3\\xa9', b'a\\xffb']]), 'UTF-8', 'UTF-32-BE')",
    f"{UT}([b'a\\xffb', b'a\\x01b'], 'UTF-8', 'UTF-8', errors='ignore')",
    f"{UT}([b'a\\xffb', b'a\\x01b'], 'UTF-8', 'UTF-8', replacement_char=63, "
    "replace_control_characters=True)",
    f"{UT}([b'a\\xffb'], 'UTF-8', 'UTF-8', errors='strict')",
    f"{UT}([b'\\x00a\\xd8\\x00'], 'UTF-16-BE', 'UTF-8')",
    f"{UT}([b'\\x00a'], 'UTF-16', 'UTF-8')",
    f"{UT}([b'\\xfe\\xff\\x00a'], 'UTF-16', 'UTF-8')",
    f"{UT}([b'\\xe9t\\xe9'], 'ISO-8859-1', 'UTF-16-BE')",
    f"{UT}([b'a\\xed\\xa0\\x80b'], 'UTF-8', 'UTF-8')",
    f"{UT}([b'\\xf0\\x9f\\x98'], 'UTF-8', 'UTF-8')",
    f"{UT}([b'\\x00\\x00\\x00a\\x00\\x11\\x00\\x00'], 'UTF-32-BE', 'UTF-8')",
    f"{UT}('abc', 'UTF-8', 'UTF-16-BE')",
    f"{UT}(tf.ragged.constant([['a'], ['b', 'c']]), 'UTF-8', 'UTF-16-BE')",
    f"{UT}([b'a'], 'bogus', 'UTF-8')",
    f"{UT}([b'a'], 'UTF-8', 'latin1')",
    f"{UT}([b'a'], 'UTF-8', 'UTF-8', errors='x')",
    f"{UT}(tf.constant(1), 'UTF-8', 'UTF-8')",
    f"tf.function(lambda s: {UT}(s, 'UTF-8', 'UTF-16-BE'))(tf.constant(['\\u00e9a', 'z']))",
]

# issue #19's "bad input raises TF's error class" list
ERRORS_EXTRA = [
    "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 5])",
    "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 1, 3])",
    "tf.RaggedTensor.from_nested_row_splits([1, 2], [[0, 1, 2], [0, 3]])",
    "tf.concat([tf.ragged.constant([[1]]), tf.ragged.constant([[[1]]])], 0)",
    "tf.concat([tf.ragged.constant([[[1]]]), tf.ragged.constant([[1]])], 0)",
    "tf.stack([tf.ragged.constant([[1]]), tf.ragged.constant([[[1]]])], 0)",
    "tf.concat([tf.ragged.constant([[1]]), tf.constant([[[1]]])], 0)",
    "table.lookup(tf.constant([1]))",
    "vocab.lookup(tf.constant([1.0]))",
    "SL(vocabulary=['a', 'b', 'a'])",
    "IL(vocabulary=[1, 2, 1])",
    "TV(vocabulary=['a', 'b', 'a'])",
    "tf.lookup.StaticHashTable(KV(['a', 'a'], tf.constant([1, 2], tf.int64)), -1)",
    "(open(os.path.join(TMP, 'dup.txt'), 'w').write('a\\nb\\na\\n'), "
    "SL(vocabulary=os.path.join(TMP, 'dup.txt')))",
    "textfile(-2, -1, path='dup.txt')",
]

# TF's sparse binary ops (sparse_binary_ops.py): the walk over unordered and repeated
# indices, the threshold rule, the kernels' checks and words, SparseSoftmax's values bit for
# bit (Eigen's exp and sums), the gradients
SPARSE_BINARY = [
    "tf.sparse.add(S([[2, 0], [0, 1], [1, 1]], [1., 2., 3.], [3, 4]), "
    "S([[0, 1], [2, 0]], [10., 20.], [3, 4]))",
    "tf.sparse.add(S([[1], [1], [1]], [1., 2., 3.], [3]), S([[1], [1]], [10., 20.], [3]))",
    "tf.sparse.add(S([[0], [1]], [0.1, 5.], [3]), S([[1], [2]], [1., 0.2], [3]), 10.)",
    "tf.sparse.add(S([[0], [1], [2]], [np.nan, np.inf, -np.inf], [3]), "
    "S([[0], [1], [2]], [1., -np.inf, -np.inf], [3]))",
    "tf.sparse.add(S([[0], [1]], tf.constant([100, -128], tf.int8), [2]), "
    "S([[0], [1]], tf.constant([100, 0], tf.int8), [2]), tf.constant(5, tf.int8))",
    "tf.sparse.add(S([[0]], tf.constant([-2**31], tf.int32), [2]), "
    "S([[0]], tf.constant([0], tf.int32), [2]), 5)",
    "tf.sparse.add(S([[0]], tf.constant([1 + 1j], tf.complex128), [2]), "
    "S([[0]], tf.constant([-1 + 0j], tf.complex128), [2]), 1.5)",
    "tf.sparse.add(S([[0]], [1.], [3]), S([[0]], [1.], [3]), tf.constant(2))",
    "tf.sparse.add(S([[0]], [1], [3]), S([[0]], [1], [3]), 0.5)",
    "tf.sparse.add(S([[0]], [1.], [3]), S([[0]], [1], [3]))",
    "tf.sparse.add(S([[0, 0]], [1.], [3, 4]), S([[0, 0]], [1.], [3, 5]))",
    "tf.sparse.add(S([[0, 0]], [1.], [3, 4]), S([[0]], [1.], [3]))",
    "tf.sparse.add(S([[0]], tf.constant([1], tf.uint8), [3]), S([[0]], tf.constant([1], "
    "tf.uint8), [3]))",
    "tf.sparse.add(tf.ones(2), tf.ones(2))",
    "tf.raw_ops.SparseAdd(a_indices=tf.zeros([1, 0], tf.int64), a_values=[1.], "
    "a_shape=tf.zeros([0], tf.int64), b_indices=tf.zeros([1, 0], tf.int64), b_values=[2.], "
    "b_shape=tf.zeros([0], tf.int64), thresh=0.)",
    "tf.raw_ops.SparseAdd(a_indices=tf.constant([[0], [1]], tf.int64), a_values=[1, 5], "
    "a_shape=tf.constant([3], tf.int64), b_indices=tf.constant([[0], [1]], tf.int64), "
    "b_values=[1, 1], b_shape=tf.constant([3], tf.int64), thresh=2.5)",
    "tf.raw_ops.SparseAdd(a_indices=tf.constant([[0]], tf.int64), a_values=[1.], "
    "a_shape=tf.constant([2] * 12, tf.int64), b_indices=tf.constant([[0]], tf.int64), "
    "b_values=[1.], b_shape=tf.constant([2] * 11, tf.int64), thresh=0.)",
    "tf.raw_ops.SparseAddGrad(backprop_val_grad=[1., 2.], a_indices=tf.constant([[0, 0], "
    "[1, 2], [2, 1]], tf.int64), b_indices=tf.constant([[0, 0], [1, 1], [2, 1]], tf.int64), "
    "sum_indices=tf.constant([[1, 1], [1, 2]], tf.int64))",
    "tf.raw_ops.SparseAddGrad(backprop_val_grad=[1., 2., 3.], a_indices=tf.constant([[2], "
    "[0]], tf.int64), b_indices=tf.constant([[1]], tf.int64), sum_indices=tf.constant([[5], "
    "[2], [0]], tf.int64))",
    "tf.raw_ops.SparseAddGrad(backprop_val_grad=[1.], a_indices=tf.constant([[0]], tf.int64),"
    " b_indices=tf.constant([[1, 0]], tf.int64), sum_indices=tf.constant([[0]], tf.int64))",
    "tf.raw_ops.SparseAddGrad(backprop_val_grad=[1., -1., -0.5, 1.], a_indices=tf.constant("
    "[[0, 0], [0, 1], [1, 0], [2, 0]], tf.int64), b_indices=tf.constant([[1, 2], [2, 2], "
    "[0, 2], [0, 1], [2, 2]], tf.int64), sum_indices=tf.constant([[0, 2], [0, 2], [2, 2], "
    "[2, 2]], tf.int64))",
    "tf.raw_ops.SparseAddGrad(backprop_val_grad=[1., 2., 3., 4.], a_indices=tf.zeros([0, 1], "
    "tf.int64), b_indices=tf.constant([[0], [1], [1]], tf.int64), sum_indices=tf.constant("
    "[[0], [0], [1], [1]], tf.int64))",
    "tf.sparse.add(S([[1]], [-0.], [3]), S(tf.zeros([0, 1], tf.int64), tf.zeros([0]), [3]), 1.)",
    "[1. / f(S([[k] for k in range(11)], [-0., 0.] * 5 + [-0.], [11]), S([[k] for k in "
    "range(11)], [0., -0.] * 5 + [0.], [11])).values for f in (tf.sparse.maximum, "
    "tf.sparse.minimum)]",
    "[1. / f(S([[k] for k in range(6)], tf.constant([-0., 0.] * 3, tf.float64), [6]), "
    "S([[k] for k in range(6)], tf.constant([0., -0.] * 3, tf.float64), [6])).values "
    "for f in (tf.sparse.maximum, tf.sparse.minimum)]",
    "grad_of(lambda v: tf.reduce_sum(tf.sparse.add(S([[0, 0], [1, 2], [2, 1]], v, [3, 4]), "
    "S([[0, 0], [1, 1], [2, 1]], [-1., 5., -2.9], [3, 4]), 0.5).values * [1., 2.]), "
    "tf.constant([1., 2., 3.]))",
    "tf.sparse.add(S([[0, 0], [1, 2], [0, 0]], [1., 2., 5.], [2, 3]), [[1, 2, 3], [4, 5, 6]])",
    "tf.sparse.add(tf.ones([2, 3]), S([[1, 1], [0, 1]], [1., 5.], [2, 3]))",
    "tf.sparse.add(S([[0, 0]], [1.], [2, 3]), tf.ones([2, 3], tf.int32))",
    "tf.sparse.add(S([[0, 5]], [1.], [2, 3]), tf.ones([2, 3]))",
    "tf.sparse.add(S([[0, 0]], [1.], [2, 3]), tf.ones([2, 4]))",
    "tf.sparse.add(S([[0, 0]], [1.], [2, 3]), tf.ones([6]))",
    "tf.sparse.add(S(tf.zeros([1, 6], tf.int64), [1.], [1] * 6), tf.ones([1] * 6))",
    "grad_of(lambda v: tf.reduce_sum(tf.sparse.add(S([[0, 0], [1, 2]], v, [2, 3]), "
    "tf.ones([2, 3])) * tf.reshape(tf.range(6.), [2, 3])), tf.constant([1., 2.]))",
    "tf.sparse.maximum(S([[2, 0], [0, 1], [1, 1]], [1., 2., 3.], [3, 4]), "
    "S([[0, 1], [2, 0]], [10., 20.], [3, 4]))",
    "tf.sparse.minimum(S([[1], [1], [1]], [1., 2., 3.], [3]), S([[1], [1]], [10., -20.], [3]))",
    "tf.sparse.maximum(S([[0], [1]], [-0., np.nan], [2]), S([[1]], [1.], [2]))",
    "tf.sparse.minimum(S([[0], [1]], [0., 1.], [2]), S([[0], [1]], [-0., np.nan], [2]))",
    "tf.sparse.maximum(S([[5]], [1.], [3]), S([[1]], [10.], [3]))",
    "tf.sparse.maximum(S([[0]], [1.], [3]), S([[1, 7]], [1.], [3, 3]))",
    "tf.sparse.maximum(S([[0]], [1.], [2]), S(tf.zeros([1, 0], tf.int64), [1.], "
    "tf.zeros([0], tf.int64)))",
    "tf.sparse.minimum(S(tf.zeros([1, 0], tf.int64), [1.], tf.zeros([0], tf.int64)), "
    "S([[0]], [1.], [2]))",
    "tf.sparse.minimum(S([[0]], [1j], [3]), S([[1]], [1j], [3]))",
    "grad_of(lambda v: tf.reduce_sum(tf.sparse.maximum(S([[0]], v, [2]), S([[1]], [1.], "
    "[2])).values), tf.constant([1.]))",
    "tf.sparse.softmax(S([[2, 0], [0, 2], [1, 1], [0, 0], [2, 3]], [1., 2., 3., 4., -1.], "
    "[3, 4]))",
    "tf.sparse.softmax(S([[0, 2], [0, 2], [0, 1]], [1., 5., 2.], [3, 4]))",
    "tf.sparse.softmax(S([[0, (c * 7) % 3] for c in range(24)], "
    "np.linspace(-3, 4, 24).astype('float32'), [1, 3]))",
    "tf.sparse.softmax(S([[0, c] for c in range(13)] + [[1, 0]], "
    "np.linspace(-3, 4, 14).astype('float32'), [2, 13]))",
    "tf.sparse.softmax(S([[0, c] for c in range(11)], np.linspace(-3, 4, 11), [1, 11]))",
    "tf.sparse.softmax(S([[0, c] for c in range(10)], "
    "tf.constant(np.linspace(-3, 4, 10), tf.float16), [1, 10]))",
    "tf.sparse.softmax(S([[0, 0], [0, 1], [1, 1]], [np.inf, 1., -np.inf], [3, 3]))",
    "tf.sparse.softmax(S([[0, 0, 0]], [1.], [2 ** 62, 2, 2]))",
    "tf.sparse.softmax(S([[0, 0]], [1.], [-1, 2]))",
    "tf.sparse.softmax(S([[0, 0, 0]], [1.], [2, 2]))",
    "tf.sparse.softmax(S(tf.zeros([1, 0], tf.int64), [1.], tf.zeros([0], tf.int64)))",
    "grad_of(lambda v: tf.reduce_sum(tf.sparse.softmax(S([[1, 0], [0, 2], [0, 0], [1, 3]], v, "
    "[2, 4])).values * [1., -3., 2., 5.]), tf.constant([0.5, 2., 3., 4.]))",
]

SECTIONS = {"errors_extra": ERRORS_EXTRA, "sparse_extra": SPARSE_EXTRA,
            "data_extra": DATA_EXTRA, "io_extra": IO_EXTRA, "strings_extra": STRINGS_EXTRA,
            "sparse_binary": SPARSE_BINARY}
