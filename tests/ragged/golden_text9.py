"""text9's probes, beyond text1-8's: tf.sparse's add thresholds, sparse_dense_matmul's
adjoint flags, reorder/reshape/slice/split/concat (expand_nonconcat_dims), reductions with
keepdims, to_dense's validation, retain, fill_empty_rows, segment reductions with
num_segments, crosses and bincounts over sparse and ragged inputs; tf.math ops dispatched
on ragged tensors (reductions along each axis, where, matmul and broadcasting errors),
ragged ranges, crosses, __getitem__'s slices and errors, sparse conversions, ragged specs in
tf.function signatures; tf.strings' unicode decoding, transcoding error modes, substr in
UTF8_CHAR units, regex replacement, splits, hashes, case and length units; tf.lookup's
initializers, ragged and sparse keys, size and export, DenseHashTable erase and resize.
Each section runs in its own environment (its prelude), its expressions in order.
record_text9.py records what TF 2.21 answers in text9_golden.json; test_text9_vs_tf.py
compares."""

PRELUDES = {}
SECTIONS = {}

PRELUDES["sparse_ops"] = r"""import numpy as np
SP = tf.sparse
ST = tf.sparse.SparseTensor
a = ST([[0, 0], [1, 2], [2, 1]], [1.0, -0.5, 2.0], [3, 3])
b = ST([[0, 0], [1, 2], [2, 2]], [-0.75, 0.25, 0.1], [3, 3])
ai = ST([[0, 0], [1, 2], [2, 1]], [1, 2, 3], [3, 3])
s3 = ST([[0, 0, 1], [0, 1, 0], [1, 0, 2], [1, 1, 1]], [1, 2, 3, 4], [2, 2, 3])
uo = ST([[2, 1], [0, 0], [1, 2]], [3, 1, 2], [3, 3])
dup = ST([[0, 0], [0, 0]], [1, 2], [2, 2])
oob = ST([[0, 5]], [1], [2, 2])
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
def dense(x):
    return SP.to_dense(SP.reorder(x)).numpy().tolist()
"""
SECTIONS["sparse_ops"] = [
    # add with thresholds
    "show(SP.add(a, b))",
    "show(SP.add(a, b, threshold=0.3))",
    "show(SP.add(a, b, threshold=0.25))",
    "show(SP.add(a, b, threshold=tf.constant(0.3)))",
    "show(SP.add(a, b, threshold=-1.0))",
    "show(SP.add(a, a, threshold=5))",
    "show(SP.add(ai, ai, threshold=3))",
    "show(SP.add(ai, ai, threshold=2.5))",
    "SP.add(a, tf.ones([3, 3]))",
    "SP.add(tf.ones([3, 3]), a)",
    "show(SP.add(a, ai))",
    "show(SP.add(a, ST([[0, 0]], [1.0], [3, 4])))",
    "show(SP.add(a, ST([[0, 0]], [1.0], [3])))",
    "SP.add(tf.ones([2]), tf.ones([2]))",
    "show(SP.add(uo, ai))",
    "show(SP.add(a, b, threshold=tf.constant([0.3])))",
    # sparse_dense_matmul's adjoint flags
    "SP.sparse_dense_matmul(a, tf.reshape(tf.range(6.0), [3, 2]))",
    "SP.sparse_dense_matmul(a, tf.reshape(tf.range(6.0), [3, 2]), adjoint_a=True)",
    "SP.sparse_dense_matmul(a, tf.reshape(tf.range(6.0), [2, 3]), adjoint_b=True)",
    "SP.sparse_dense_matmul(a, tf.reshape(tf.range(6.0), [2, 3]), adjoint_a=True, "
    "adjoint_b=True)",
    "SP.sparse_dense_matmul(a, tf.reshape(tf.range(6.0), [2, 3]))",
    "SP.sparse_dense_matmul(tf.reshape(tf.range(6.0), [2, 3]), a)",
    "SP.sparse_dense_matmul(tf.reshape(tf.range(6.0), [3, 2]), a, adjoint_a=True)",
    "SP.sparse_dense_matmul(tf.reshape(tf.range(6.0), [2, 3]), a, adjoint_b=True)",
    "SP.sparse_dense_matmul(ST([[0, 0]], [1 + 2j], [1, 1]), tf.constant([[1j]]), "
    "adjoint_a=True)",
    "SP.sparse_dense_matmul(ai, tf.ones([3, 1], tf.int32))",
    "SP.sparse_dense_matmul(ai, tf.ones([3, 1]))",
    "SP.sparse_dense_matmul(s3, tf.ones([3, 1], tf.int32))",
    "SP.sparse_dense_matmul(oob, tf.ones([2, 1], tf.int32))",
    "SP.sparse_dense_matmul(a, tf.ones([3]))",
    # reorder / reshape
    "show(SP.reorder(uo))",
    "show(SP.reorder(s3))",
    "show(SP.reorder(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [2, 2])))",
    "show(SP.reshape(a, [9]))",
    "show(SP.reshape(a, [-1, 1]))",
    "show(SP.reshape(s3, [4, -1]))",
    "show(SP.reshape(s3, [-1]))",
    "SP.reshape(a, [2, 5])",
    "SP.reshape(a, [-1, 2])",
    "SP.reshape(a, [-1, -1])",
    "show(SP.reshape(uo, [1, 9]))",
    "SP.reshape(a, [3, 3]).shape",
    "SP.reshape(a, tf.constant([9, 1], tf.int64)).shape",
    "show(SP.reshape(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [0, 3]), [-1, 0]))",
    "show(SP.reshape(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [0, 3]), [3, -1]))",
    # slice / split / concat
    "show(SP.slice(a, [1, 1], [2, 2]))",
    "show(SP.slice(a, [0, 0], [10, 10]))",
    "show(SP.slice(a, [3, 0], [1, 1]))",
    "show(SP.slice(s3, [1, 0, 1], [1, 2, 2]))",
    "SP.slice(a, [0], [1])",
    "SP.slice(a, [-1, 0], [1, 1])",
    "show(SP.slice(uo, [0, 0], [2, 3]))",
    "[show(t) for t in SP.split(sp_input=a, num_split=2, axis=1)]",
    "[show(t) for t in SP.split(sp_input=a, num_split=3, axis=0)]",
    "[show(t) for t in SP.split(sp_input=s3, num_split=2, axis=2)]",
    "[show(t) for t in SP.split(sp_input=a, num_split=2, axis=-1)]",
    "SP.split(sp_input=a, num_split=4, axis=0)",
    "SP.split(sp_input=a, num_split=0, axis=0)",
    "SP.split(sp_input=a, num_split=2, axis=2)",
    "[show(t) for t in SP.split(sp_input=uo, num_split=2, axis=0)]",
    "show(SP.concat(1, [a, ST([[0, 0]], [9.0], [2, 1])], expand_nonconcat_dims=True))",
    "SP.concat(1, [a, ST([[0, 0]], [9.0], [2, 1])])",
    "show(SP.concat(0, [a, ST([[0, 4]], [9.0], [1, 5])], expand_nonconcat_dims=True))",
    "show(SP.concat(-1, [a, a]))",
    "show(SP.concat(0, [uo, a]))",
    "SP.concat(0, [a, ai])",
    "SP.concat(2, [a, a])",
    "show(SP.concat(0, [a]))",
    "show(SP.concat(1, [s3, s3], expand_nonconcat_dims=True))",
    # reductions with keepdims
    "SP.reduce_max(ai, 1, keepdims=True)",
    "SP.reduce_max(ai, 0)",
    "SP.reduce_max(ai)",
    "SP.reduce_max(ai, [0, 1], keepdims=True)",
    "SP.reduce_max(ai, -1)",
    "SP.reduce_max(s3, 2)",
    "show(SP.reduce_max(ai, 1, output_is_sparse=True))",
    "show(SP.reduce_max(ai, 1, keepdims=True, output_is_sparse=True))",
    "SP.reduce_max(a, 0)",
    "SP.reduce_max(ST([[0, 0]], [-3.0], [2, 2]), 1)",
    "SP.reduce_sum(ai, 1, keepdims=True)",
    "SP.reduce_sum(s3, [0, 2])",
    "SP.reduce_sum(s3, [0, 2], keepdims=True)",
    "show(SP.reduce_sum(s3, 1, output_is_sparse=True))",
    "show(SP.reduce_sum(uo, 0, output_is_sparse=True))",
    "SP.reduce_sum(ai, 2)",
    "SP.reduce_sum(ai, -3)",
    "SP.reduce_sum(ST([[0, 0]], [True], [1, 1]), 0)",
    "SP.reduce_sum(dup, 1)",
    "SP.reduce_max(ST([[0, 0]], ['a'], [1, 1]), 0)",
    # to_dense's default_value and validation
    "SP.to_dense(a, default_value=-1.0)",
    "SP.to_dense(ai, default_value=tf.constant(7))",
    "SP.to_dense(ai, default_value=1.5)",
    "SP.to_dense(ai, default_value=[1, 2])",
    "SP.to_dense(uo)",
    "SP.to_dense(uo, validate_indices=False)",
    "SP.to_dense(dup)",
    "SP.to_dense(dup, validate_indices=False)",
    "SP.to_dense(oob)",
    "SP.to_dense(oob, validate_indices=False)",
    "SP.to_dense(ST([[0, 0]], ['x'], [1, 2]), default_value='?')",
    "SP.to_dense(ST([[1]], [True], [3]))",
    # retain / fill_empty_rows
    "show(SP.retain(a, [True, False, True]))",
    "show(SP.retain(a, tf.constant([False, False, False])))",
    "SP.retain(a, [True, False])",
    "SP.retain(a, [1, 0, 1])",
    "show(SP.retain(s3, np.array([True, True, False, False])))",
    "(lambda r: (show(r[0]), r[1].numpy().tolist()))(SP.fill_empty_rows(ST([[1, 0]], [5], "
    "[4, 2]), -1))",
    "(lambda r: (show(r[0]), r[1].numpy().tolist()))(SP.fill_empty_rows(a, 0.5))",
    "(lambda r: (show(r[0]), r[1].numpy().tolist()))(SP.fill_empty_rows(ST([[2, 0], [0, 1]], "
    "['a', 'b'], [3, 2]), 'z'))",
    "SP.fill_empty_rows(ai, 1.5)",
    "(lambda r: (show(r[0]), r[1].numpy().tolist()))(SP.fill_empty_rows(ST(tf.zeros([0, 2], "
    "tf.int64), tf.zeros([0], tf.int32), [2, 3]), 9))",
    "(lambda r: (show(r[0]), r[1].numpy().tolist()))(SP.fill_empty_rows(s3, 0))",
    # segment reductions with num_segments
    "tf.sparse.segment_sum(tf.constant([[1., 2], [3, 4], [5, 6]]), [0, 2], [0, 0])",
    "tf.sparse.segment_sum(tf.constant([[1., 2], [3, 4], [5, 6]]), [0, 2], [0, 2], "
    "num_segments=4)",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [0, 1], [1, 0])",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [0, 1], [0, 5], num_segments=3)",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [0, 3], [0, 1])",
    "tf.sparse.segment_mean(tf.constant([1., 2, 3]), [0, 1, 2], [0, 0, 2], num_segments=4)",
    "tf.sparse.segment_mean(tf.constant([1, 2, 3]), [0, 1], [0, 0])",
    "tf.sparse.segment_sqrt_n(tf.constant([1., 2, 3]), [0, 1, 2], [0, 0, 1])",
    "tf.sparse.segment_sqrt_n(tf.constant([1., 2, 3]), [0, 1, 2], [0, 0, 2], num_segments=5)",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), tf.constant([0, 1], tf.int64), "
    "tf.constant([0, 0], tf.int64))",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [0, 1], [0, 0], num_segments=0)",
    "tf.sparse.segment_mean(tf.constant([[1., 2], [3, 4]]), [1, 1], [0, 1], num_segments=3)",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [0, 1, 2], [0, 0])",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [0, 1], [0, 0], sparse_gradient=True)",
]

PRELUDES["sparse_cross_bincount"] = r"""import numpy as np
SP = tf.sparse
ST = tf.sparse.SparseTensor
R = tf.ragged.constant
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
s1 = ST([[0, 0], [1, 0], [1, 1]], ['a', 'b', 'c'], [2, 2])
s2 = ST([[0, 0], [1, 0]], ['x', 'y'], [2, 1])
si = ST([[0, 0], [1, 0]], tf.constant([5, 6], tf.int64), [2, 1])
d1 = tf.constant([['d'], ['e']])
rg = R([[1, 2, 2], [], [3, 3, 3, 0]])
vals = tf.constant([[1, 2, 2, 5], [0, 0, 3, 1]])
"""
SECTIONS["sparse_cross_bincount"] = [
    "show(SP.cross([s1, s2]))",
    "show(SP.cross([s1, d1]))",
    "show(SP.cross([s1, si]))",
    "show(SP.cross([s1, s2], separator='|'))",
    "show(SP.cross([d1, d1]))",
    "show(SP.cross([s1]))",
    "SP.cross([])",
    "SP.cross([s1, ST([[0, 0]], ['q'], [3, 1])])",
    "SP.cross([s1, tf.constant(['a', 'b'])])",
    "show(SP.cross([s1, ST([[0, 0]], [1.5], [2, 1])]))",
    "show(SP.cross_hashed([s1, s2]))",
    "show(SP.cross_hashed([s1, s2], num_buckets=10))",
    "show(SP.cross_hashed([s1, s2], num_buckets=10, hash_key=7))",
    "show(SP.cross_hashed([s1, si], num_buckets=1000))",
    "show(SP.cross_hashed([d1, si], num_buckets=0))",
    "SP.cross_hashed([s1, s2], num_buckets=-1)",
    "show(SP.cross([ST(tf.zeros([0, 2], tf.int64), tf.constant([], tf.string), [2, 1]), s1]))",
    # bincount over dense, sparse and ragged inputs
    "tf.math.bincount(vals)",
    "tf.math.bincount(vals, minlength=8)",
    "tf.math.bincount(vals, maxlength=3)",
    "tf.math.bincount(vals, minlength=2, maxlength=1)",
    "tf.math.bincount(vals, weights=tf.ones([2, 4]) * 0.5)",
    "tf.math.bincount(vals, binary_output=True)",
    "tf.math.bincount(vals, axis=-1)",
    "tf.math.bincount(vals, axis=-1, binary_output=True, minlength=7)",
    "tf.math.bincount(vals, axis=-1, weights=tf.cast(vals, tf.float32))",
    "tf.math.bincount(vals, axis=0)",
    "tf.math.bincount(vals, axis=1)",
    "tf.math.bincount(vals, dtype=tf.int64)",
    "tf.math.bincount(vals, dtype=tf.float64)",
    "tf.math.bincount(tf.constant([], tf.int32))",
    "tf.math.bincount(tf.constant([-1, 2]))",
    "tf.math.bincount(tf.constant([1.5]))",
    "tf.math.bincount(vals, weights=tf.ones([3]))",
    "tf.math.bincount(vals, binary_output=True, weights=tf.ones([2, 4]))",
    "tf.math.bincount(rg)",
    "tf.math.bincount(rg, axis=-1)",
    "tf.math.bincount(rg, axis=-1, binary_output=True)",
    "tf.math.bincount(rg, axis=-1, minlength=6, maxlength=5)",
    "tf.math.bincount(rg, weights=R([[1., 2, 3], [], [4., 5, 6, 7]]))",
    "tf.math.bincount(rg, axis=-1, weights=R([[1., 2, 3], [], [4., 5, 6, 7]]))",
    "tf.math.bincount(rg, weights=R([[1., 2], [3.], [4., 5, 6, 7]]))",
    "tf.math.bincount(ST([[0, 0], [1, 1], [1, 2]], [2, 2, 1], [2, 3]))",
    "tf.math.bincount(ST([[0, 0], [1, 1], [1, 2]], [2, 2, 1], [2, 3]), axis=-1)",
    "type(tf.math.bincount(ST([[0, 0], [1, 1], [1, 2]], [2, 2, 1], [2, 3]), axis=-1)).__name__",
    "tf.math.bincount(ST([[0, 0], [1, 1]], [2, 2], [2, 3]), "
    "weights=ST([[0, 0], [1, 1]], [0.5, 2.0], [2, 3]))",
    "tf.sparse.bincount(ST([[0, 0], [1, 1], [1, 2]], [2, 2, 1], [2, 3]))",
    "show(tf.sparse.bincount(ST([[0, 0], [1, 1], [1, 2]], [2, 2, 1], [2, 3]), axis=-1))",
    "show(tf.sparse.bincount(ST([[0, 0], [1, 1], [1, 2]], [2, 2, 1], [2, 3]), axis=-1, "
    "binary_output=True))",
    "show(tf.sparse.bincount(ST([[0, 0], [1, 1], [1, 2]], [2, 2, 1], [2, 3]), axis=-1, "
    "minlength=5))",
    "show(tf.sparse.bincount(ST([[0, 0], [1, 1], [1, 2]], [2, 2, 1], [2, 3]), axis=-1, "
    "maxlength=2))",
    "show(tf.sparse.bincount(vals, axis=-1))",
    "show(tf.sparse.bincount(vals))",
    "show(tf.sparse.bincount(rg, axis=-1))",
    "show(tf.sparse.bincount(rg, axis=-1, weights=R([[1., 2, 3], [], [4., 5, 6, 7]])))",
    "show(tf.sparse.bincount(vals, axis=-1, weights=tf.cast(vals, tf.float32)))",
    "tf.sparse.bincount(vals, axis=1)",
    "show(tf.sparse.bincount(tf.constant([1, 1, 4], tf.int64)))",
    "tf.sparse.bincount(vals, axis=-1, binary_output=True, weights=tf.ones([2, 4]))",
]

PRELUDES["ragged_math"] = r"""import numpy as np
R = tf.ragged.constant
r = R([[1, 2, 3], [], [4, 5]])
rf = R([[1.0, -2.0], [3.5], [], [0.25, 4.0, -1.0]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ru = R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
rb = R([[True, False], [], [True]])
"""
SECTIONS["ragged_math"] = [
    # reductions along each axis
    "tf.reduce_sum(r, axis=0)",
    "tf.reduce_sum(r, axis=1)",
    "tf.reduce_sum(r, axis=-1)",
    "tf.reduce_sum(r)",
    "tf.reduce_sum(r, axis=[0, 1])",
    "tf.reduce_sum(r, axis=1, keepdims=True)",
    "tf.reduce_sum(r, axis=0, keepdims=True)",
    "tf.reduce_sum(r, axis=2)",
    "tf.reduce_sum(r3, axis=0)",
    "tf.reduce_sum(r3, axis=1)",
    "tf.reduce_sum(r3, axis=2)",
    "tf.reduce_sum(r3, axis=[1, 2])",
    "tf.reduce_sum(r3, axis=-2)",
    "tf.reduce_sum(ru, axis=2)",
    "tf.reduce_sum(ru, axis=1)",
    "tf.reduce_max(r, axis=1)",
    "tf.reduce_max(rf, axis=0)",
    "tf.reduce_min(rf, axis=1)",
    "tf.reduce_min(r3, axis=2)",
    "tf.reduce_mean(rf, axis=1)",
    "tf.reduce_mean(r, axis=0)",
    "tf.reduce_mean(r)",
    "tf.reduce_prod(r, axis=1)",
    "tf.reduce_prod(r3, axis=1)",
    "tf.reduce_any(rb, axis=1)",
    "tf.reduce_all(rb, axis=1)",
    "tf.reduce_all(rb, axis=0)",
    "tf.math.reduce_std(rf, axis=1)",
    "tf.math.reduce_variance(rf, axis=0)",
    "tf.math.reduce_euclidean_norm(rf, axis=1)",
    "tf.reduce_logsumexp(rf, axis=1)",
    "tf.math.argmax(r, axis=1)",
    "tf.reduce_sum(r, axis=tf.constant(1))",
    "tf.reduce_sum(r, axis=(1,))",
    # where
    "tf.where(rb)",
    "tf.where(rb, R([[1, 2], [], [3]]), R([[10, 20], [], [30]]))",
    "tf.where(rb, R([[1, 2], [], [3]]), 0)",
    "tf.where(rb, R([[1, 2], [], [3, 4]]), 0)",
    "tf.where(rb, 1, 0)",
    "tf.where(R([[True], [False]]), R([[1], [2]]), R([[1, 2], [3]]))",
    "tf.where(r > 2, r, r * 10)",
    "tf.where(r > 2)",
    "tf.where(R([True, False, True]), R([1, 2, 3]), R([4, 5, 6]))",
    # matmul and broadcasting errors
    "tf.matmul(ru, tf.ones([2, 1], tf.int32))",
    "tf.matmul(R([[1, 2], [3, 4]]), R([[1], [1]]))",
    "tf.matmul(R([[1, 2], [3]]), tf.ones([2, 1], tf.int32))",
    "tf.matmul(R([[[1, 2]], [[3, 4], [5, 6]]]), R([[[1], [1]], [[2], [2]]]))",
    "tf.matmul(R([[[1., 2]], [[3., 4], [5., 6]]]), tf.ones([2, 2, 1]))",
    "tf.linalg.matmul(R([[1., 2.]]), R([[1.], [2.]]), transpose_a=True)",
    "r + R([[1, 2], [3]])",
    "r + R([[1, 2, 3], [], [4]])",
    "r + tf.constant([1, 2])",
    "r + tf.constant([[1], [2], [3]])",
    "r + tf.constant([[1, 2, 3]])",
    "r * R([[2], [], [3]])",
    "r + R([[1], [2], [3]])",
    "r3 + R([[1, 2], [], [3, 4, 5]])",
    "r3 + tf.constant([[[1]]])",
    "r3 + R([[1], [], [2]])",
    "rf + r",
    "tf.maximum(r, R([[2, 2, 2], [], [9, 0]]))",
    "tf.math.squared_difference(rf, 1.0)",
    "tf.add_n([r, r, r])",
    "tf.math.add_n([r, R([[1, 2], [], [4, 5, 6]])])",
    "tf.math.equal(r, R([[1, 0, 3], [], [4, 5]]))",
    "r == R([[1, 0, 3], [], [4, 5]])",
    "r == R([[1, 0], [], [4, 5]])",
    "tf.cast(rb, tf.int32) + r[:, :2]",
    "tf.math.segment_sum(r, [0, 0, 1])",
    "tf.math.unsorted_segment_sum(r, [1, 0, 1], 2)",
    "tf.math.unsorted_segment_max(rf, [0, 0, 1, 1], 2)",
    "tf.math.cumsum(r, axis=1)",
    "tf.clip_by_value(r, 2, 4)",
    "tf.math.abs(rf) ** 0.5",
    "tf.math.logical_not(rb)",
    "tf.strings.as_string(r)",
    "tf.bitwise.bitwise_and(r, 1)",
    "tf.nn.relu(rf)",
    "tf.math.top_k(rf, 1)",
    "tf.round(rf)",
    "tf.math.floormod(r, 2)",
]

PRELUDES["ragged_index"] = r"""import numpy as np
R = tf.ragged.constant
r = R([[1, 2, 3], [], [4, 5], [6]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ru = R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
"""
SECTIONS["ragged_index"] = [
    # ragged.range with deltas
    "tf.ragged.range([0, 5], [10, 0], [3, -2])",
    "tf.ragged.range([0.0, 1.0], [1.0, 2.0], [0.25, 0.5])",
    "tf.ragged.range(5, deltas=[1, 2, 5])",
    "tf.ragged.range([1, 2], 10, 4)",
    "tf.ragged.range([10], [0], [3])",
    "tf.ragged.range(tf.constant([2], tf.int64), 5, tf.constant(1, tf.int64))",
    "tf.ragged.range([2], [5], tf.constant(1, tf.int64))",
    "tf.ragged.range([0], [3], [0.5])",
    "tf.ragged.range([0, 0], [3, 4], [1, 2, 3])",
    "tf.ragged.range(tf.constant([], tf.int32))",
    "tf.ragged.range([1, 2], [3, 4], [1, 1], name='rr')",
    "tf.ragged.range(['a'])",
    # ragged.cross
    "tf.ragged.cross([R([['a', 'b'], []]), R([['x'], ['y']])])",
    "tf.ragged.cross([R([[1, 2]], dtype=tf.int64), R([['x', 'y']])])",
    "tf.ragged.cross([R([['a']]), tf.sparse.SparseTensor([[0, 0]], ['b'], [1, 1])])",
    "tf.ragged.cross([R([['a'], ['b']]), tf.constant(['x', 'y'])])",
    "tf.ragged.cross_hashed([R([['a', 'b'], []]), R([['x'], ['y']])], num_buckets=5)",
    "tf.ragged.cross_hashed([R([['a', 'b'], []]), R([['x'], ['y']])], num_buckets=5, "
    "hash_key=3)",
    "tf.ragged.cross([R([[1.5]])])",
    "tf.ragged.cross([])",
    # __getitem__ slices and errors
    "r[1:]",
    "r[::2]",
    "r[::-1]",
    "r[-2:]",
    "r[:, 0]",
    "r[1:, :1]",
    "r[:, 1:]",
    "r[:, -1:]",
    "r[:, ::-1]",
    "r[:, ::2]",
    "r[2]",
    "r[-1]",
    "r[4]",
    "r[-5]",
    "r[1, 0]",
    "r[0, 5]",
    "r[2, -1]",
    "r[..., 0]",
    "r[:, tf.newaxis]",
    "r[tf.newaxis]",
    "r[:, :, tf.newaxis]",
    "r[tf.constant(2)]",
    "r[tf.constant([0, 2])]",
    "r[[0, 2]]",
    "r[0.5]",
    "r['a']",
    "r[:, None]",
    "r3[:, :, 0]",
    "r3[2, :, :1]",
    "r3[2, 0, 1:]",
    "r3[..., 1:]",
    "r3[0, ...]",
    "r3[:, 1:, 1:]",
    "ru[:, :, 1]",
    "ru[:, 0]",
    "ru[1, 0, 1]",
    "ru[..., ::-1]",
    "r[1:3:0]",
    "r[:, 1:3:0]",
    "r[:, 0:1, 0]",
    # to_sparse / from_sparse
    "show(r.to_sparse())",
    "show(r3.to_sparse())",
    "show(ru.to_sparse())",
    "show(R([[]]).to_sparse())",
    "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], "
    "[4, 5]))",
    "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], "
    "[4, 5]), row_splits_dtype=tf.int32)",
    "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0, 0]], [1], [1, 1, 1]))",
    "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 1], [0, 0]], [1, 2], [1, 2]))",
    "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor(tf.zeros([0, 2], tf.int64), "
    "tf.zeros([0]), [3, 2]))",
    "tf.RaggedTensor.from_sparse(r)",
    "tf.RaggedTensor.from_sparse(tf.constant([1]))",
    "tf.sparse.to_dense(r.to_sparse())",
    "tf.RaggedTensor.from_tensor(tf.sparse.to_dense(r.to_sparse()), padding=0)",
]

PRELUDES["ragged_specs"] = r"""import numpy as np
R = tf.ragged.constant
RS = tf.RaggedTensorSpec
TS = tf.TensorSpec
r = R([[1, 2, 3], [], [4, 5]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ru = R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
def sig(spec, fn=lambda x: x):
    f = tf.function(fn, input_signature=[spec])
    return f.get_concrete_function().structured_outputs
"""
SECTIONS["ragged_specs"] = [
    "RS.from_value(r3)",
    "RS.from_value(ru)",
    "RS.from_value(r.with_row_splits_dtype(tf.int32))",
    "RS([None, None, 3], tf.float32, ragged_rank=1)",
    "RS([None, None, None], tf.float32)",
    "RS([None, None, None], tf.float32).ragged_rank",
    "RS([None, None, 3], tf.float32).ragged_rank",
    "RS([2, None, 3], ragged_rank=2)",
    "RS([2, None], ragged_rank=0)",
    "RS([2, None], ragged_rank=-1)",
    "RS([2], tf.int32)",
    "RS(None, tf.int32, ragged_rank=1)",
    "RS(None, tf.int32)",
    "RS([None, None], tf.int32, row_splits_dtype=tf.int32)",
    "RS([None, None], tf.int32, row_splits_dtype=tf.float32)",
    "RS([None, None], tf.int32, flat_values_spec=TS([None], tf.float32))",
    "RS([None, None], flat_values_spec=TS([None], tf.float32))",
    "RS([None, None], flat_values_spec=TS([None], tf.float32)).flat_values_spec",
    "RS([None, None], tf.int32).flat_values_spec",
    "RS([None, None, 2], flat_values_spec=TS([None, 2], tf.float32), ragged_rank=1).shape",
    "RS([3, None], tf.string).row_splits_dtype",
    "RS([3, None], tf.string).value_type.__name__",
    "RS([3, None], tf.string).is_compatible_with(RS([None, None], tf.string))",
    "RS([3, None], tf.string).is_compatible_with(RS([None, None], tf.int32))",
    "RS([3, None], tf.int32).is_compatible_with(r)",
    "RS([None, None], tf.int32).is_compatible_with(r3)",
    "RS([None, None], tf.int32).most_specific_common_supertype([RS([3, None], tf.int32)])",
    "RS([2, None], tf.int32).most_specific_common_supertype([RS([3, None], tf.int32)])",
    "RS([2, None], tf.int32).most_specific_common_supertype([RS([3, None], tf.int64)])",
    "RS([2, None], tf.int32) == RS([2, None], tf.int32, 1, tf.int64)",
    "RS([2, None], tf.int32) != RS([2, None], tf.int32, 1, tf.int32)",
    "hash(RS([2, None], tf.int32)) == hash(RS([2, None], tf.int32))",
    "RS([None, None], tf.int32)._to_components(r)",
    "RS([None, None], tf.int32)._from_components([tf.constant([1, 2]), "
    "tf.constant([0, 2], tf.int64)])",
    "tf.nest.flatten(RS([None, None, None], tf.int32), expand_composites=True)",
    "tf.nest.flatten(RS([2, None, 3], tf.int32, ragged_rank=1), expand_composites=True)",
    "tf.type_spec_from_value(r3)",
    "tf.nest.flatten(RS([None, None], tf.int32), expand_composites=True)",
    # ragged in tf.function signatures
    "sig(RS([None, None], tf.int32))",
    "sig(RS([None, None, None], tf.int32))",
    "sig(RS([None, None, 2], tf.int32, ragged_rank=1))",
    "sig(RS([None, None], tf.int32, row_splits_dtype=tf.int32))",
    "sig(RS([None, None], tf.int32), lambda x: x.row_lengths())",
    "sig(RS([None, None], tf.int32), lambda x: x.nrows())",
    "sig(RS([None, None], tf.int32), lambda x: x.bounding_shape())",
    "sig(RS([4, None], tf.int32), lambda x: x.to_tensor())",
    "sig(RS([None, None], tf.int32), lambda x: tf.reduce_sum(x, axis=1))",
    "sig(RS([None, None], tf.int32), lambda x: x.flat_values * 2)",
    "sig(RS([None, None], tf.float32, flat_values_spec=TS([None], tf.float32)))",
    "sig(RS([None, None, None], tf.int32), lambda x: x.merge_dims(1, 2))",
    "sig(RS([None, None, 3], tf.int32, ragged_rank=1), lambda x: x[:, :, 0])",
    "tf.function(lambda x: x, input_signature=[RS([None, None], tf.int32)])(r)",
    "tf.function(lambda x: x, input_signature=[RS([None, None], tf.int32)])(r3)",
    "tf.function(lambda x: x, input_signature=[RS([None, None], tf.int64)])(r)",
    "tf.function(lambda x: x, input_signature=[RS([2, None], tf.int32)])(r)",
    "tf.function(lambda x: x, input_signature=[RS([None, None], tf.int32, "
    "row_splits_dtype=tf.int32)])(r)",
    "tf.function(lambda x: x, input_signature=[RS([None, None], tf.int32)])"
    "(tf.constant([[1, 2]]))",
    "tf.function(lambda x: x, input_signature=[TS([None, None], tf.int32)])(r)",
    "tf.function(lambda x: x.shape)(r)",
    "tf.function(lambda x: x.ragged_rank)(r3)",
    "tf.function(lambda x: x.row_splits.dtype)(r)",
    "tf.function(lambda x: x).get_concrete_function(RS([None, None], tf.int32))"
    ".structured_input_signature",
    "str(tf.function(lambda x: x).get_concrete_function(RS([None, None], tf.int32))"
    ".output_dtypes)",
    "tf.function(lambda x: x).get_concrete_function(r).structured_input_signature",
]

PRELUDES["strings_unicode"] = r"""import numpy as np
S = tf.strings
u = tf.constant(['h\u00e9llo', '\u6f22\u5b57', ''])
bad = tf.constant([b'a\xffb', b'\xc3', b'ok\xe2\x82'])
R = tf.ragged.constant
"""
SECTIONS["strings_unicode"] = [
    # unicode_decode_with_offsets
    "S.unicode_decode_with_offsets(u, 'UTF-8')",
    "S.unicode_decode_with_offsets(bad, 'UTF-8')",
    "S.unicode_decode_with_offsets(bad, 'UTF-8', errors='ignore')",
    "S.unicode_decode_with_offsets(bad, 'UTF-8', errors='strict')",
    "S.unicode_decode_with_offsets(bad, 'UTF-8', replacement_char=63)",
    "S.unicode_decode_with_offsets(bad, 'UTF-8', replace_control_characters=True)",
    "S.unicode_decode_with_offsets(tf.constant(['a\\x01b']), 'UTF-8', "
    "replace_control_characters=True)",
    "S.unicode_decode_with_offsets(u[0], 'UTF-8')",
    "S.unicode_decode_with_offsets(tf.constant([['ab', 'c']]), 'UTF-8')",
    "S.unicode_decode_with_offsets(R([['ab'], ['c', 'de']]), 'UTF-8')",
    "S.unicode_decode_with_offsets(S.unicode_encode([[104, 105]], 'UTF-16-BE'), 'UTF-16-BE')",
    "S.unicode_decode_with_offsets(tf.constant([b'\\x00h\\x00i']), 'UTF-16-BE')",
    "S.unicode_decode_with_offsets(tf.constant([b'h\\x00']), 'UTF-16-LE')",
    "S.unicode_decode_with_offsets(tf.constant([b'\\x00\\x00\\x00h']), 'UTF-32-BE')",
    "S.unicode_decode_with_offsets(u, 'latin-1')",
    "S.unicode_decode_with_offsets(u, 'UTF-8', errors='bogus')",
    "S.length(u, 'BYTE', unit='BYTE')",
    "S.unicode_decode(bad, 'UTF-8', replacement_char=0x110000)",
    "S.unicode_decode(u, 'UTF-8').row_splits",
    "S.unicode_decode(u, 'UTF-8', replacement_char=0)",
    # unicode_transcode error modes
    "S.unicode_transcode(bad, 'UTF-8', 'UTF-8')",
    "S.unicode_transcode(bad, 'UTF-8', 'UTF-8', replacement_char=0x41)",
    "S.unicode_transcode(bad, 'UTF-8', 'UTF-16-BE', errors='ignore')",
    "S.unicode_transcode(bad, 'UTF-8', 'UTF-32-LE', errors='replace', replacement_char=0x263a)",
    "S.unicode_transcode(u, 'UTF-8', 'UTF-16-LE')",
    "S.unicode_transcode(tf.constant([b'\\xff\\xfeh\\x00']), 'UTF-16', 'UTF-8')",
    "S.unicode_transcode(tf.constant([b'\\xfe\\xff\\x00h']), 'UTF-16', 'UTF-8')",
    "S.unicode_transcode(tf.constant([b'\\x00h']), 'UTF-16', 'UTF-8')",
    "S.unicode_transcode(tf.constant(['a\\x01']), 'UTF-8', 'UTF-8', "
    "replace_control_characters=True)",
    "S.unicode_transcode(tf.constant(['a\\x01']), 'UTF-8', 'UTF-8', "
    "replace_control_characters=True, replacement_char=0x2a)",
    "S.unicode_transcode(u, 'UTF-8', 'UTF-7')",
    "S.unicode_transcode(u, 'ASCII', 'UTF-8')",
    "S.unicode_transcode(u, 'UTF-8', 'UTF-8', errors='x')",
    "S.unicode_transcode(tf.constant([b'\\xd8\\x00']), 'UTF-16-BE', 'UTF-8')",
    "S.unicode_transcode(tf.constant([b'\\xd8\\x00']), 'UTF-16-BE', 'UTF-8', errors='strict')",
    "S.unicode_transcode(tf.constant([b'\\x00\\x11\\x00\\x00']), 'UTF-32-BE', 'UTF-8')",
    "S.unicode_transcode(tf.constant(b'abc'), 'UTF-8', 'UTF-16-BE')",
    "S.unicode_transcode(tf.constant([['\\u00e9']]), 'UTF-8', 'UTF-32-BE')",
    # substr in UTF8_CHAR units, negative positions
    "S.substr(u, -2, 2, unit='UTF8_CHAR')",
    "S.substr(u[:2], -2, 2, unit='UTF8_CHAR')",
    "S.substr(u[:2], 1, 10, unit='UTF8_CHAR')",
    "S.substr(u[:2], -1, 5, unit='UTF8_CHAR')",
    "S.substr(u[:2], [0, -2], [2, 1], unit='UTF8_CHAR')",
    "S.substr(u[:2], -6, 1, unit='UTF8_CHAR')",
    "S.substr(u[:2], 5, 1, unit='UTF8_CHAR')",
    "S.substr(u[:2], 2, 1, unit='UTF8_CHAR')",
    "S.substr(u[:2], 0, -1, unit='UTF8_CHAR')",
    "S.substr(u[:2], 1, 2)",
    "S.substr(u[:2], -3, 2)",
    "S.substr(bad, 0, 2, unit='UTF8_CHAR')",
    "S.substr(bad, -1, 1, unit='UTF8_CHAR')",
    "S.substr(u[:2], 0, 1, unit='UTF16_CHAR')",
    "S.substr(R([['h\\u00e9llo'], ['ab', 'c']]), 1, 2, unit='UTF8_CHAR')",
    "S.substr('h\\u00e9llo', [1, 2], 1, unit='UTF8_CHAR')",
    # regex_replace / split / bytes_split
    "S.regex_replace(['aaa', 'abab'], 'a', 'x', replace_global=False)",
    "S.regex_replace(['aaa', 'abab'], 'a*', '-')",
    "S.regex_replace(['aaa', 'abab'], 'a*', '-', replace_global=False)",
    "S.regex_replace(['abc'], '(b)', '[\\\\1]')",
    "S.regex_replace(['abc'], '(b)', '[\\\\0]', replace_global=False)",
    "S.regex_replace(['abc'], '', '.')",
    "S.regex_replace(['h\\u00e9llo'], '.', '_')",
    "S.regex_replace(R([['ab'], ['ba', 'c']]), 'a', 'X')",
    "S.regex_replace(['ab'], tf.constant('a'), tf.constant('z'))",
    "S.regex_replace(['ab'], '(', 'z')",
    "S.regex_replace(['ab'], 'a', '\\\\9')",
    "S.regex_replace(['Ab aB'], '(?i)ab', '*')",
    "S.split(['a b  c', ' d '], maxsplit=1)",
    "S.split(['a,b,,c'], ',', maxsplit=0)",
    "S.split(['a,b,,c'], ',', maxsplit=3)",
    "S.split(['a,b,,c'], ',', maxsplit=10)",
    "S.split([['a b', 'c'], ['d', '']], maxsplit=1)",
    "S.split(R([['a b'], ['c d e', 'f']]))",
    "S.split(tf.constant('x y z'), maxsplit=1)",
    "S.split(['a<>b<>c'], '<>', maxsplit=1)",
    "S.split(['abc'], '')",
    "S.bytes_split(R([['ab', 'c'], []]))",
    "S.bytes_split(R([[['ab']], [['c', '']]]))",
    "S.bytes_split(['\\u00e9a'])",
    "S.bytes_split(tf.constant([], tf.string))",
    "S.bytes_split(tf.constant([1]))",
    # case, strip, length, hashes
    "S.lower(['\\u00c9COLE ABC'])",
    "S.lower(['\\u00c9COLE ABC'], encoding='utf-8')",
    "S.upper(['\\u00e9cole \\u00df'], encoding='utf-8')",
    "S.upper(['\\u00e9cole'], encoding='latin1')",
    "S.lower(R([['AB'], ['C']]))",
    "S.strip(['\\t a b \\n', '\\xa0x\\xa0', ''])",
    "S.strip(R([[' a '], [' b', 'c ']]))",
    "S.length(u, unit='UTF8_CHAR')",
    "S.length(bad, unit='UTF8_CHAR')",
    "S.length(u)",
    "S.length(R([['h\\u00e9'], ['ab', '']]), unit='UTF8_CHAR')",
    "S.length(u, unit='CHAR')",
    "S.to_hash_bucket_fast(u, 7)",
    "S.to_hash_bucket_fast(R([['a', 'b'], ['c']]), 1000)",
    "S.to_hash_bucket_strong(u, 7, [0, 0])",
    "S.to_hash_bucket_strong(u, 7, [2**63, 1])",
    "S.to_hash_bucket_strong(u, 7, [1])",
    "S.to_hash_bucket_strong(R([['a'], ['b', 'c']]), 50, key=[3, 4])",
    "S.to_hash_bucket(u, 7)",
    "S.to_hash_bucket_fast(u, 0)",
    "S.to_hash_bucket_fast(u, 2**40)",
    "S.to_hash_bucket_fast(tf.constant([1]), 5)",
    "tf.strings.unicode_split(R([['\\u00e9a'], ['b']]), 'UTF-8')",
    "tf.strings.unicode_split_with_offsets(['\\u00e9a', 'b'], 'UTF-8')",
    "tf.strings.unicode_encode(R([[104, 0x110000], [-1]]), 'UTF-8')",
    "tf.strings.unicode_encode(R([[104, 0xd800]]), 'UTF-8', errors='ignore')",
    "tf.strings.unicode_encode(R([[104, 0xd800]]), 'UTF-8', errors='strict')",
]

PRELUDES["lookup_more"] = r"""import numpy as np
L = tf.lookup
R = tf.ragged.constant
ST = tf.sparse.SparseTensor
def init(k, v, **kw):
    return L.KeyValueTensorInitializer(k, v, **kw)
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
def sorted_export(t):
    k, v = t.export()
    return sorted(zip(k.numpy().tolist(), v.numpy().tolist()))
t = L.StaticHashTable(init(['a', 'b', 'c'], [1, 2, 3]), -1)
"""
SECTIONS["lookup_more"] = [
    # KeyValueTensorInitializer's dtypes
    "init(['a'], [1]).key_dtype, init(['a'], [1]).value_dtype",
    "init([1, 2], [1.5, 2.5]).key_dtype, init([1, 2], [1.5, 2.5]).value_dtype",
    "init([1, 2], ['x', 'y'], key_dtype=tf.int64, value_dtype=tf.string).key_dtype",
    "init([1, 2], [3, 4], key_dtype=tf.int32, value_dtype=tf.int32).key_dtype",
    "type(init([1, 2], [3, 4], key_dtype=tf.float32)).__name__",
    "type(init(['a', 'b'], [1])).__name__",
    "init(['a'], [1], value_dtype=tf.string)",
    "init(tf.constant(['a']), tf.constant([1], tf.int64), key_dtype=tf.int64)",
    "init([[1, 2]], [[3, 4]]).key_dtype",
    "L.StaticHashTable(init([1, 2], [3, 4], key_dtype=tf.int32, value_dtype=tf.int32), "
    "0).lookup(tf.constant([2, 5]))",
    "L.StaticHashTable(init([1, 2], [3, 4]), 0).lookup(tf.constant([2, 5]))",
    "L.StaticHashTable(init([1, 2], [3, 4]), 0).lookup(tf.constant([2, 5], tf.int64))",
    "L.StaticHashTable(init([1, 2], [0.5, 4.0]), -1.0).lookup(tf.constant([1], tf.int64))",
    "L.StaticHashTable(init([1, 2], [0.5, 4.0]), -1).lookup(tf.constant([1], tf.int64))",
    "L.StaticHashTable(init([1, 2], [3, 4]), -1.5)",
    "L.StaticHashTable(init(['a', 'a'], [1, 2]), -1).lookup(tf.constant(['a']))",
    "L.StaticHashTable(init(['a'], [True]), False).lookup(tf.constant(['a', 'b']))",
    "L.StaticHashTable(init(['a'], [1.5], value_dtype=tf.float64), 0.0).lookup("
    "tf.constant(['a', 'b']))",
    # lookups of ragged and sparse keys
    "t.lookup(R([['a', 'z'], [], ['c']]))",
    "t.lookup(R([[['a']], [['b', 'c']]]))",
    "show(t.lookup(ST([[0, 0], [1, 2]], ['b', 'q'], [2, 3])))",
    "t.lookup(tf.constant([['a', 'b'], ['c', 'd']]))",
    "t.lookup(tf.constant('b'))",
    "t.lookup(['a', 'c'])",
    "t.lookup(tf.constant([1]))",
    "t.lookup(R([[1]]))",
    "t[tf.constant(['c'])]",
    "t.size()",
    "t.key_dtype, t.value_dtype, t.default_value",
    "sorted_export(t)",
    "t.name",
    "L.StaticVocabularyTable(init(['a', 'b'], tf.constant([0, 1], tf.int64)), 3).lookup("
    "R([['a', 'x'], ['y']]))",
    "show(L.StaticVocabularyTable(init(['a', 'b'], tf.constant([0, 1], tf.int64)), 3).lookup("
    "ST([[0, 0], [1, 1]], ['b', 'zz'], [2, 2])))",
    "L.StaticVocabularyTable(init(['a', 'b'], tf.constant([0, 1], tf.int64)), 3).size()",
    "L.StaticVocabularyTable(init(['a', 'b'], tf.constant([0, 1], tf.int64)), 0).lookup("
    "tf.constant(['x']))",
    "L.StaticVocabularyTable(init(['a', 'b'], tf.constant([0, 1], tf.int64)), 2, "
    "lookup_key_dtype=tf.string).lookup(tf.constant(['a', 'q', 'r']))",
    "L.StaticVocabularyTable(init([5, 6], tf.constant([0, 1], tf.int64)), 2).lookup("
    "tf.constant([5, 7, 8], tf.int64))",
    "L.StaticVocabularyTable(init([5, 6], tf.constant([0, 1], tf.int64)), 2, "
    "lookup_key_dtype=tf.int32).lookup(tf.constant([5, 7, 8]))",
    "L.StaticVocabularyTable(init(['a'], tf.constant([0], tf.int32)), 2)",
    # MutableHashTable's size / export over sparse and ragged keys
    "(lambda m: (m.insert(['x', 'y'], [1, 2]), m.lookup(R([['x'], ['q', 'y']])), "
    "m.size()))(L.experimental.MutableHashTable(tf.string, tf.int64, -1))[1:]",
    "(lambda m: (m.insert(['x', 'y'], [1, 2]), m.remove(['x', 'nope']), "
    "sorted_export(m)))(L.experimental.MutableHashTable(tf.string, tf.int64, -1))[2]",
    "(lambda m: (m.insert([1, 2], [[1, 1], [2, 2]]), m.lookup([2, 3])))("
    "L.experimental.MutableHashTable(tf.int64, tf.int64, [0, 0]))[1]",
    "(lambda m: m.insert([1, 2], [1]))(L.experimental.MutableHashTable(tf.int64, tf.int64, 0))",
    # DenseHashTable's erase and resize
    "(lambda d: (d.insert([1, 2, 3], [10, 20, 30]), d.erase([2]), d.lookup([1, 2, 3]), "
    "d.size()))(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))[2:]",
    "(lambda d: (d.insert(tf.range(1, 20, dtype=tf.int64), tf.range(1, 20, dtype=tf.int64)), "
    "d.size(), d.lookup([19, 20])))(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, "
    "-2, initial_num_buckets=2))[1:]",
    "(lambda d: (d.insert(tf.range(1, 20, dtype=tf.int64), tf.range(1, 20, dtype=tf.int64)), "
    "d.export()[0].shape))(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2, "
    "initial_num_buckets=2))[1]",
    "(lambda d: d.export()[0].shape)(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, "
    "-2, initial_num_buckets=8))",
    "(lambda d: d.export()[0].shape)(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, "
    "-2, initial_num_buckets=5))",
    "(lambda d: d.export()[0].shape)(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, "
    "-2))",
    "(lambda d: (d.insert([1], [5]), d.erase([1]), d.erase([1]), d.size(), d.lookup([1])))("
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))[3:]",
    "(lambda d: d.erase([0]))(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))",
    "(lambda d: d.erase([-2]))(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))",
    "(lambda d: d.insert([0], [1]))(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, "
    "-2))",
    "(lambda d: d.lookup([-2]))(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))",
    "(lambda d: (d.insert(['a', 'b'], [1.5, 2.5]), d.erase(['a']), sorted_export(d)))("
    "L.experimental.DenseHashTable(tf.string, tf.float32, -1.0, '', 'DEL'))[2][:0]",
    "(lambda d: (d.insert(['a', 'b'], [1.5, 2.5]), d.erase(['a']), d.lookup(['a', 'b'])))("
    "L.experimental.DenseHashTable(tf.string, tf.float32, -1.0, '', 'DEL'))[2]",
    "(lambda d: (d.insert([1, 2], [1, 2]), d.lookup(R([[1], [2, 3]]))))("
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))[1]",
    "(lambda d: (d.insert([1, 2], [1, 2]), d[tf.constant([2], tf.int64)]))("
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))[1]",
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2, initial_num_buckets=0)",
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2, max_load_factor=1.5)",
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2, max_load_factor=0.0)",
    "(lambda d: (d.insert([1, 2, 3, 4, 5], [1, 2, 3, 4, 5]), d.export()[0].shape))("
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2, initial_num_buckets=4, "
    "max_load_factor=0.5))[1]",
    # v1 tables
    "tf.compat.v1.lookup.StaticHashTable(init(['a'], [1]), -1).lookup(tf.constant(['a', 'b']))",
    "hasattr(tf.lookup.experimental, 'StaticHashTable')",
    "tf.compat.v1.lookup.StaticVocabularyTable(init(['a'], tf.constant([0], tf.int64)), "
    "1).lookup(tf.constant(['a', 'b']))",
    "L.TextFileIndex.WHOLE_LINE, L.TextFileIndex.LINE_NUMBER",
]

PRELUDES["round_two"] = r"""import numpy as np
SP = tf.sparse
ST = tf.sparse.SparseTensor
R = tf.ragged.constant
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
a = ST([[0, 0]], ['a'], [2, 1])
b3 = ST([[0, 0]], ['q'], [3, 1])
d2 = tf.constant([['x'], ['y']])
d3 = tf.constant([['x'], ['y'], ['z']])
r = R([[1, 2, 3], [], [4, 5]])
rb = R([[True, False], [], [True]])
lens = tf.data.Dataset.from_tensor_slices(tf.constant([[1, 2], [3, 4], [5, 6]]))
"""
SECTIONS["round_two"] = [
    # crosses: ValidateInput's order and words, features cast to int64
    "SP.cross([a, b3])",
    "SP.cross([b3, a])",
    "SP.cross([a, a, ST([[0, 0]], ['q'], [4, 1])])",
    "SP.cross([a, d3])",
    "SP.cross([d3, a])",
    "SP.cross([d2, d3])",
    "SP.cross([a, d2, d3])",
    "SP.cross([d2, tf.constant(['a', 'b'])])",
    "SP.cross([ST([[0, 0, 0]], ['a'], [2, 1, 1]), a])",
    "SP.cross_hashed([a, b3])",
    "SP.cross_hashed([a, d3])",
    "SP.cross_hashed([a, tf.constant(['a', 'b'])])",
    "SP.cross_hashed([a, a], num_buckets=-3)",
    "show(SP.cross_hashed([a, a], num_buckets=10, hash_key=0))",
    "show(SP.cross([a, tf.constant([[1.5], [2.5]])]))",
    "show(SP.cross([a, ST([[1, 0]], [True], [2, 1])]))",
    "show(SP.cross([a, tf.constant([[7], [8]], tf.int32)]))",
    "show(SP.cross_hashed([a, tf.constant([[1.5], [2.5]])], num_buckets=100))",
    "show(SP.cross_hashed([a, ST([[0, 0]], tf.constant([3], tf.int32), [2, 1])], "
    "num_buckets=100))",
    # bincount weights
    "tf.math.bincount([1, 2], weights=[1.0, 2, 3])",
    "tf.math.bincount([[1, 2]], weights=[[1.0, 2, 3]], axis=-1)",
    "tf.raw_ops.DenseBincount(input=[[1, 2]], size=3, weights=[[1.0], [2.0]])",
    "tf.math.bincount(R([[1, 2], [3]]), weights=R([[1., 2.], [3.]]))",
    "tf.math.bincount(R([[1, 2], [3]]), weights=R([[1.], [2., 3.]]))",
    "tf.math.bincount(R([[[1], [2]], [[3]]]), weights=R([[[1.], [2.]], [[3.]]]))",
    "tf.math.bincount(R([[[1], [2]], [[3]]]), weights=R([[[1.], [2.]], [[3., 4.]]]))",
    "tf.math.bincount(R([[1, 2], [3]]), weights=tf.constant([1., 2., 3.]))",
    "tf.math.bincount(R([[1, 2], [3]]), weights=R([[1., 2.], [3.]]), binary_output=True)",
    # ragged reductions' axes
    "tf.reduce_sum(r, axis=tf.constant(1))",
    "tf.reduce_sum(r, axis=tf.constant([1]))",
    "tf.reduce_sum(r, axis=tf.constant([0, 1]))",
    "tf.reduce_sum(r, axis=1.0)",
    "tf.reduce_mean(r, axis=[1.0])",
    "tf.reduce_max(r, axis=np.int64(1))",
    "tf.reduce_sum(r, axis=[])",
    "tf.reduce_mean(r, axis=())",
    "tf.reduce_sum(r, axis='1')",
    "tf.reduce_sum(r, axis=[1, 1])",
    "tf.reduce_prod(r, axis=[-1, 1])",
    "tf.reduce_sum(r, axis=[0, 2])",
    "tf.reduce_sum(r, axis=[0, 1], keepdims=True)",
    "tf.reduce_any(r > 2, axis=[1, 1])",
    "tf.reduce_all(r > 2, axis=[0, 1])",
    "tf.reduce_any(R([[1, 0, 3], [], [0, 0]]), axis=1)",
    "tf.reduce_all(R([[1, 0, 3], [], [0, 0]]), axis=0)",
    "tf.reduce_any(R([[[True, False], [True]], [], [[False]]]), axis=2, keepdims=True)",
    "tf.function(lambda a: tf.reduce_sum(r, axis=a))(tf.constant(1))",
    # tf.where's ragged broadcasting
    "tf.where(rb, R([[1, 2], [], [3]]), tf.constant([[7], [8], [9]]))",
    "tf.where(rb, 1, R([[5, 6], [], [7]]))",
    "tf.where(R([[True], [False], [True]]), R([[1, 2], [], [3]]), 0)",
    "tf.where(tf.constant([[True], [False], [True]]), R([[1, 2], [], [3]]), 0)",
    "tf.where(tf.constant(True), R([[1, 2], [], [3]]), R([[4, 5], [], [6]]))",
    "tf.where(rb, R([[1, 2], [], [3]]), tf.constant([7, 8]))",
    "tf.where(R([[[True]], [[False]]]), R([[[1, 2]], [[3, 4]]]), 0)",
    "tf.where(rb, R([[1, 2], [], [3]]), R([[1.5, 2], [], [3]]))",
    "tf.where(R([[True, False]]), R([[1, 2], [3, 4]]), 0)",
    "tf.where(R([[True]], row_splits_dtype=tf.int32), R([[1, 2], [3]]), 0)",
    "tf.where(R([[[True], [False]]]), R([[[1, 2], [3, 4]]]), R([[[9]]]))",
    "tf.where(R([[True, False], [True]]), R([['a', 'b'], ['c']]), 'z')",
    "tf.where(R([[True, False], [True]]), tf.constant([[1, 2]]), R([[5, 6], [7]]))",
    "tf.where(tf.constant([True, False]), R([[1, 2], [3]]), R([[5, 6], [7]]))",
    "tf.where(R([[True, False], [True]]), R([[1.5, 2], [3]]), 0)",
    "tf.where(R([[True, False], [True]]), 0.5, R([[1.5, 2], [3]]))",
    "tf.where(R([[True, False], [True]]), R([[1, 2], [3]], dtype=tf.int64), 0)",
    "tf.where(R([[True, False], [True]]), 1, 0.5)",
    # ragged matmul and getitem
    "tf.matmul(tf.ones([2, 2], tf.int32), R([[1, 2], [3]]))",
    "tf.matmul(R([[1, 2], [3, 4]]), R([[1], [2, 3]]))",
    "tf.matmul(R([[1., 2], [3, 4]]), R([[1.], [2.]]), transpose_b=True)",
    "tf.matmul(R([[1, 2], [3, 4]]), R([[1], [2]]))",
    "r[-9]",
    "r[tf.constant(-5)]",
    "r[tf.constant(7)]",
    "r[::0]",
    "r[4:2:0]",
    "r[:, 0:2:0]",
    "R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])[:, ::0]",
    "R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])[-4]",
    # specs flattened, concrete functions' output dtypes and shapes
    "tf.nest.flatten(tf.SparseTensorSpec([None, 3], tf.float32), expand_composites=True)",
    "tf.nest.flatten({'a': tf.RaggedTensorSpec([None, None], tf.int32)}, "
    "expand_composites=True)",
    "tf.nest.flatten(tf.RaggedTensorSpec([None, None], tf.string, flat_values_spec="
    "tf.TensorSpec([None], tf.string)), expand_composites=True)",
    "tf.nest.flatten([tf.TensorSpec([2]), tf.RaggedTensorSpec([None, None], tf.int32, "
    "row_splits_dtype=tf.int32)], expand_composites=True)",
    "(lambda f: (f.output_dtypes, f.output_shapes))(tf.function(lambda x: x)"
    ".get_concrete_function(tf.SparseTensorSpec([None, 3], tf.float32)))",
    "(lambda f: (f.output_dtypes, f.output_shapes))(tf.function(lambda x: (x, x.row_splits))"
    ".get_concrete_function(tf.RaggedTensorSpec([None, None], tf.int32)))",
    "(lambda f: (f.output_dtypes, f.output_shapes))(tf.function(lambda x: {'a': x * 2, "
    "'b': None}).get_concrete_function(tf.TensorSpec([2])))",
    # a keyword given twice to a dispatching function
    "tf.strings.length(['a'], 'BYTE', unit='BYTE')",
    "tf.reduce_sum([1], 0, axis=0)",
    "tf.strings.substr('abc', 0, 1, pos=0)",
    "tf.reduce_max([1], bogus=1)",
    "tf.reduce_mean()",
    "tf.reduce_all([True], 0, False, 'n', 5)",
    "tf.strings.regex_full_match(['a'])",
    "tf.strings.split(['a'], bogus=1)",
    "tf.strings.unicode_decode(['a'])",
    "tf.strings.unicode_decode(['a'], 'UTF-8', input_encoding='x')",
    "tf.strings.bytes_split('a', 'n', 'x')",
    "tf.strings.unicode_encode([[97]], 'UTF-8', output_encoding='x')",
    "tf.nn.relu()",
    "tf.strings.unicode_transcode(['a'], 'UTF-8', 'UTF-8', bogus=1)",
    # bucket_by_sequence_length's Python lengths
    "list(lens.bucket_by_sequence_length(lambda x: 1.5, [3], [2, 2]))",
    "list(lens.bucket_by_sequence_length(lambda x: None, [3], [2, 2]))",
    "list(lens.bucket_by_sequence_length(lambda x: 'a', [3], [2, 2]))",
    "list(lens.bucket_by_sequence_length(lambda x: True, [3], [2, 2]))",
    "[t.numpy().tolist() for t in lens.bucket_by_sequence_length(lambda x: 2, [3], [2, 2])]",
    "[t.numpy().tolist() for t in lens.bucket_by_sequence_length(lambda x: 5, [3], [2, 2])]",
    # lookups of keys of two ragged levels
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), -1).lookup("
    "R([[['a']], [['b', 'a']]]))",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), -1).lookup("
    "R([[[1]], [[2]]]))",
    "tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(['a'], "
    "tf.constant([0], tf.int64)), 2).lookup(R([[['a']], [['b', 'a']]]))",
]

PRELUDES["round_three"] = r"""import numpy as np
SP = tf.sparse
ST = tf.sparse.SparseTensor
R = tf.ragged.constant
RT = tf.RaggedTensor
S = tf.strings
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
st = ST([[0, 1], [1, 0], [2, 3]], [10, 20, 30], [3, 4])
stf = ST([[0, 1], [1, 0], [2, 3]], [1.5, -2.0, 3.25], [3, 4])
r = R([[1, 2, 3], [], [4, 5]])
words = R([['a', 'bb'], [], ['ccc']])
def err(f):
    try:
        f()
        return 'no error'
    except Exception as e:  # (the class alone: TF's messages name its own modules)
        return type(e).__name__
"""
SECTIONS["round_three"] = [
    # SparseTensor operators and methods
    "show(stf * tf.constant([[1.0], [2.0], [3.0]]))",
    "show(stf * 2.0)",
    "show(stf / 2.0)",
    "show(stf / tf.ones([3, 4]))",
    "err(lambda: stf + tf.ones([3, 4]))",
    "err(lambda: stf * stf)",
    "show(st * 3)",
    "show(st // 4)",
    "-stf",
    "abs(stf)",
    "st.get_shape(), st.shape, st.dtype",
    "str(st)",
    "repr(SP.SparseTensor([[0]], [1.5], [2]).values)",
    "show(st.with_values(tf.constant([1.5, 2.5, 3.5])))",
    "st.with_values(tf.constant([1, 2]))",
    "show(SP.transpose(st))",
    "show(SP.transpose(st, [1, 0]))",
    "SP.transpose(st, [0, 0])",
    "show(SP.expand_dims(st, -1))",
    "show(SP.expand_dims(st, 0))",
    "SP.expand_dims(st, 3)",
    "SP.to_indicator(ST([[0, 0], [0, 1], [1, 0]], [2, 0, 3], [2, 2]), 4)",
    "SP.to_indicator(ST([[0, 1], [0, 0], [1, 0]], [3, 3, 0], [2, 2]), 4)",
    "SP.to_indicator(ST([[0, 0]], [5], [1, 1]), 4)",
    "SP.to_indicator(stf, 4)",
    "show(SP.maximum(st, ST([[0, 1], [2, 2]], [50, -1], [3, 4])))",
    "show(SP.minimum(st, ST([[0, 1], [2, 2]], [50, -1], [3, 4])))",
    "SP.maximum(st, ST([[0, 1]], [5], [3, 5]))",
    "SP.maximum(st, stf)",
    "show(SP.reset_shape(st, [5, 6]))",
    "SP.reset_shape(st, [2, 6])",
    "show(SP.reset_shape(st))",
    "show(SP.map_values(tf.multiply, st, st))",
    "SP.map_values(tf.add, st, ST([[0, 1]], [1], [3, 4]))",
    "show(SP.eye(2, 3, dtype=tf.int64))",
    "show(SP.reduce_sum(st, 1, output_is_sparse=True, keepdims=True))",
    "show(SP.from_dense(tf.constant([['', 'x'], ['y', '']])))",
    "show(SP.from_dense(tf.constant([[0.0, -0.0, 1e-30]])))",
    "SP.softmax(ST([[0, 0], [0, 1], [1, 0]], [1.0, 2.0, 3.0], [2, 2]))",
    "SP.to_dense(SP.softmax(ST([[0, 0], [0, 1], [1, 0]], [1.0, 2.0, 3.0], [2, 2])))",
    "err(lambda: SP.sparse_dense_matmul(st, tf.ones([4, 2], tf.int32)) * 0 + "
    "SP.from_dense(tf.ones([3, 2], tf.int32)))",
    # ragged constructors' validation
    "RT.from_row_lengths([1, 2, 3], [1, 1])",
    "RT.from_row_lengths([1, 2, 3], [2, 2])",
    "RT.from_row_lengths([1, 2, 3], [-1, 4])",
    "RT.from_row_splits([1, 2, 3], [1, 3])",
    "RT.from_row_splits([1, 2, 3], [0, 2, 1, 3])",
    "RT.from_row_splits([1, 2, 3], [0, 2])",
    "RT.from_row_splits([1, 2, 3], [])",
    "RT.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=2)",
    "RT.from_value_rowids([1, 2, 3], [0, 2, 1])",
    "RT.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=4)",
    "RT.from_value_rowids([1, 2, 3], [0, 0])",
    "RT.from_row_starts([1, 2, 3], [0, 2])",
    "RT.from_row_starts([1, 2, 3], [1, 2])",
    "RT.from_row_limits([1, 2, 3], [2, 3])",
    "RT.from_row_limits([1, 2, 3], [2, 1])",
    "RT.from_uniform_row_length([1, 2, 3, 4], 2)",
    "RT.from_uniform_row_length([1, 2, 3], 2)",
    "RT.from_uniform_row_length([1, 2, 3, 4], 0, nrows=3)",
    "RT.from_nested_row_lengths([1, 2, 3], [[2, 1], [1, 1, 1]])",
    "RT.from_nested_row_lengths([1, 2, 3], [[2, 1], [1, 1]])",
    "RT.from_row_splits(tf.constant([[1, 2], [3, 4]]), [0, 1, 2])",
    "RT.from_row_splits([1, 2], tf.constant([0, 2], tf.int32))",
    "RT.from_row_splits([1, 2], [0.0, 2.0])",
    # ragged methods
    "r.numpy()",
    "r.to_list(), words.to_list()",
    "str(r), str(words)",
    "bool(r)",
    "[x.numpy().tolist() for x in r]",
    "len(r)",
    "r.value_rowids(), r.nrows(), r.row_starts(), r.row_limits()",
    "r.nested_value_rowids()",
    "r.uniform_row_length",
    "r.consumers()",
    "r.get_shape()",
    "r.with_row_splits_dtype(tf.int32).row_splits",
    "r.with_row_splits_dtype(tf.float32)",
    "r.to_tensor(default_value=-1, shape=[2, 2])",
    "r.to_tensor(shape=[None, 4])",
    "r.to_tensor(default_value=[1, 2])",
    "tf.ragged.boolean_mask(r, r > 1)",
    "tf.ragged.boolean_mask(r, R([[True], [], [False, True]]))",
    "tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), tf.constant([[True, False], "
    "[False, True]]))",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2, 3, 4]), [0, 1, 0, 2], 3)",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2, 3]), [0, 3, 0], 3)",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2])",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=4)",
    "tf.ragged.row_splits_to_segment_ids([0, 2, 2, 3])",
    "tf.ragged.row_splits_to_segment_ids([1, 2])",
    # strings over ragged tensors
    "S.join([words, words], separator='-')",
    "S.join([words, 'x'])",
    "S.reduce_join(words, axis=1, separator=',')",
    "S.reduce_join(words, axis=0)",
    "S.reduce_join(words)",
    "S.regex_full_match(words, 'b+')",
    "S.to_number(R([['1', '2.5'], []]))",
    "S.length(words)",
    "S.upper(words)",
    "S.strip(R([[' a '], []]))",
    "S.unicode_encode(R([[104, 105], []]), 'UTF-8')",
    "S.ngrams(words, 2, separator='+')",
    "S.ngrams(words, 1)",
    "S.format('{}', words)",
    "tf.strings.unsorted_segment_join(['a', 'b', 'c'], [1, 0, 1], 3, separator='|')",
    "tf.strings.unsorted_segment_join(['a', 'b'], [1, 5], 3)",
]

PRELUDES["round_four"] = r"""import numpy as np
SP = tf.sparse
ST = tf.sparse.SparseTensor
R = tf.ragged.constant
RT = tf.RaggedTensor
S = tf.strings
D = tf.data.Dataset
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
r = R([[1, 2, 3], [], [4, 5]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
st = ST([[0, 1], [1, 0], [2, 3]], [10, 20, 30], [3, 4])
def items(ds):
    return [x.to_list() if hasattr(x, 'to_list') else x.numpy().tolist() for x in ds]
"""
SECTIONS["round_four"] = [
    # SparseTensor construction and specs
    "ST([[0, 0], [1, 1]], [1, 2, 3], [2, 2])",
    "ST([0, 1], [1, 2], [2, 2])",
    "ST([[0, 0]], [1], [[2, 2]])",
    "ST([[0.5, 0]], [1], [2, 2])",
    "ST([[0, 0]], [1], [2.0, 2.0])",
    "ST([[0, 0]], [[1]], [2, 2])",
    "ST([[0, 0, 0]], [1], [2, 2])",
    "ST(tf.constant([[0, 0]], tf.int32), [1], [2, 2]).indices.dtype",
    "ST.from_value(st) is st",
    "ST.from_value(tf.compat.v1.SparseTensorValue([[0]], [1], [2]))",
    "tf.SparseTensorSpec([None, 3], tf.float32)",
    "tf.SparseTensorSpec.from_value(st)",
    "tf.SparseTensorSpec([2, None]).is_compatible_with(st)",
    "tf.SparseTensorSpec([3, None], tf.int32).is_compatible_with(st)",
    "tf.type_spec_from_value(st)",
    "tf.function(lambda s: tf.sparse.reduce_sum(s, 1))(st)",
    "tf.function(lambda s: s.dense_shape)(st)",
    "tf.function(lambda s: s.shape)(st)",
    "tf.function(lambda s: SP.to_dense(SP.reorder(s)))(ST([[1, 0], [0, 1]], [1, 2], [2, 2]))",
    "tf.function(lambda s: s, input_signature=[tf.SparseTensorSpec([None, 4], tf.int32)])(st)",
    "tf.function(lambda s: s, input_signature=[tf.SparseTensorSpec([None, 5], tf.int32)])(st)",
    "tf.function(lambda s: s, input_signature=[tf.SparseTensorSpec([None, 4], tf.int64)])(st)",
    "tf.function(lambda s: s).get_concrete_function(tf.SparseTensorSpec([None, 4], tf.int32))"
    ".structured_outputs",
    "SP.slice(st, [0, 0], [-1, 2])",
    "show(SP.slice(st, [1, 0], [0, 4]))",
    "show(SP.reduce_sum(st, [0, 1], output_is_sparse=True))",
    # ragged constant edge cases
    "R([[1, 2], ['a']])",
    "R([[1, 2], [3]], dtype=tf.string)",
    "R([[1, 2], [3]], ragged_rank=2)",
    "R([[[1], [2]], [[3]]], ragged_rank=1)",
    "R([[[1], [2]], [[3]]], inner_shape=(1,))",
    "R([[1, 2], [3]], row_splits_dtype=tf.int32).row_splits",
    "R([[1, 2], [3]], row_splits_dtype=tf.float32)",
    "R([])",
    "R([[]])",
    "R([[], []], dtype=tf.float64)",
    "R(5)",
    "R([[1.5, 2], [3]])",
    "R([[True], [False, True]])",
    "R([[b'a'], ['b']])",
    "tf.compat.v1.ragged.constant_value([[1, 2], [3]])",
    "tf.compat.v1.ragged.constant_value([[1, 2], [3]], dtype='int64').dtype",
    # map_flat_values, comparisons, concat/stack
    "tf.ragged.map_flat_values(tf.add, r, 10)",
    "tf.ragged.map_flat_values(tf.add, r, R([[1, 1, 1], [], [2, 2]]))",
    "tf.ragged.map_flat_values(tf.add, r, R([[1, 1], [1], [2, 2]]))",
    "tf.ragged.map_flat_values(tf.ones_like, r3)",
    "tf.ragged.map_flat_values(lambda x: x[:1], r)",
    "tf.ragged.map_flat_values(tf.add, tf.constant([1]), 2)",
    "r == R([[1, 2, 3], [], [4, 5]])",
    "r != 2",
    "r < R([[2, 2, 2], [], [5, 4]])",
    "tf.concat([r, r], axis=1)",
    "tf.concat([r, R([[1]])], axis=1)",
    "tf.concat([r, R([[1]])], axis=0)",
    "tf.concat([r, tf.constant([[7, 8]])], axis=0)",
    "tf.concat([r3, r3], axis=2)",
    "tf.stack([r, r], axis=1)",
    "tf.stack([r, R([[1]])], axis=1)",
    "tf.ragged.stack([r, r3])",
    "tf.ragged.stack([[1, 2], [3]])",
    # ragged tensors in tf.data
    "D.from_tensor_slices(r).element_spec",
    "items(D.from_tensor_slices(r))",
    "items(D.from_tensor_slices(r3).batch(2))",
    "D.from_tensor_slices(r3).batch(2).element_spec",
    "items(D.from_tensor_slices(r).map(lambda x: x * 2))",
    "items(D.from_tensor_slices(r).map(lambda x: tf.reduce_sum(x)))",
    "items(D.from_tensors(r).unbatch())",
    "D.from_tensors(r).element_spec",
    "items(D.from_tensor_slices(st))",
    "D.from_tensor_slices(st).element_spec",
    "items(D.from_tensor_slices(r).filter(lambda x: tf.size(x) > 0))",
    "items(D.range(3).map(lambda i: tf.ragged.range(i)))",
    "D.range(3).map(lambda i: tf.ragged.range(i)).element_spec",
    "items(D.range(4).map(lambda i: tf.ragged.range(i)).ragged_batch(3))",
    # strings, more
    "S.split(R([['a b', 'c'], ['d e f']]), maxsplit=1)",
    "S.unicode_split(tf.constant([['ab', 'c']]), 'UTF-8')",
    "S.bytes_split(tf.constant('ab'))",
    "S.substr(['abc', 'def'], [0, 1, 2], 1)",
    "S.substr(['abc', 'def'], 0, [1, 2, 3])",
    "S.substr([['abc'], ['def']], [0, 1], [1])",
    "S.substr('abc', 5, 1)",
    "S.substr('abc', -5, 1)",
    "S.substr(['abc'], 1, -1)",
    "S.to_hash_bucket_strong(['a'], 10, key=[1, 2, 3])",
    "S.to_hash_bucket_strong(['a'], 10, key=[])",
    "S.to_hash_bucket_strong(['a'], 0, key=[1, 2])",
    "S.to_hash_bucket_fast(['a'], -1)",
    "S.to_hash_bucket(['a'], 3, name='h')",
    "S.regex_replace(R([['aa']]), 'a', 'b', replace_global=False)",
    "S.regex_full_match(['abc'], '[')",
    "S.regex_full_match(['abc'], tf.constant(['a.c']))",
    "S.join(['a', 'b'], separator=1)",
    "S.join([['a'], ['b', 'c']])",
    "S.join([tf.constant(['a', 'b']), tf.constant(['c'])])",
    "S.join([tf.constant(['a', 'b']), tf.constant(['c', 'd', 'e'])])",
    "S.lower(['ABC'], encoding='ascii')",
    "S.unicode_script([0x41, -1])",
    "S.unicode_transcode(['a'], 'UTF-8', 'UTF-8', replacement_char=0x110000)",
    "S.unicode_decode(['a'], 'UTF-8', replacement_char=-1)",
]

PRELUDES["round_five"] = r"""import numpy as np
SP = tf.sparse
ST = tf.sparse.SparseTensor
R = tf.ragged.constant
L = tf.lookup
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
st = ST([[0, 1], [1, 0], [2, 3]], [10, 20, 30], [3, 4])
stf = ST([[0, 1], [1, 0], [2, 3]], [1.5, -2.0, 3.25], [3, 4])
s3 = ST([[0, 0, 1], [1, 1, 0]], [1, 2], [2, 2, 2])
def kv(k, v, **kw):
    return L.KeyValueTensorInitializer(k, v, **kw)
def msg(f):
    # (the error with its tables' shared names made alike: TF numbers them per process)
    import re
    try:
        f()
        return 'no error'
    except Exception as e:
        return type(e).__name__ + ': ' + re.sub(r'"[a-z_]*[0-9]+"', '"N"', str(e))
"""
SECTIONS["round_five"] = [
    # sparse errors
    "SP.add(st, stf)",
    "SP.add(st, s3)",
    "SP.add(st, ST([[0, 1]], [1], [3, 5]))",
    "SP.add(stf, stf, threshold='a')",
    "SP.sparse_dense_matmul(stf, tf.ones([5, 1]))",
    "SP.sparse_dense_matmul(stf, tf.ones([4]))",
    "SP.sparse_dense_matmul(stf, tf.ones([4, 1], tf.float64))",
    "SP.sparse_dense_matmul(tf.ones([1, 3]), stf, adjoint_b=True)",
    "SP.concat(0, [st, s3])",
    "SP.concat(1, [st, ST([[0, 0]], [1], [2, 1])])",
    "SP.concat(0, [st, ST([[0, 0]], [1], [2, 5])])",
    "SP.concat(5, [st, st])",
    "SP.split(sp_input=st, num_split=5, axis=1)",
    "[show(t) for t in SP.split(sp_input=st, num_split=3, axis=1)]",
    "SP.split(sp_input=st, num_split=2, axis=tf.constant(0))",
    "SP.split(st, 2, 0)",
    "SP.reorder(ST([[0, 0], [0, 0]], [1, 2], [1, 1]))",
    "show(SP.reorder(ST([[1, 0], [0, 0], [1, 0]], [1, 2, 3], [2, 1])))",
    "SP.reshape(st, [12, 2])",
    "SP.reshape(st, [-1, 5])",
    "show(SP.reshape(st, tf.constant([2, -1])))",
    "SP.reshape(st, [2.5, -1])",
    "SP.reduce_sum(st, tf.constant(1))",
    "SP.reduce_sum(st, [1, 1])",
    "SP.reduce_max(st, [-1, 1])",
    "SP.reduce_sum(st, 1.5)",
    "SP.fill_empty_rows(st, 'x')",
    "SP.fill_empty_rows(ST([[0, 0]], ['a'], [2, 1]), 1)",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [0, 1], [1, 0])",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [0, 1], [0, 0], num_segments=-1)",
    "tf.sparse.segment_mean(tf.constant([1., 2, 3]), [0, 1], [0.5, 0])",
    "tf.sparse.segment_sqrt_n(tf.constant([1, 2, 3]), [0, 1], [0, 0])",
    "tf.sparse.segment_sum(tf.constant([[1., 2], [3, 4]]), [0, 1], [0, 0])",
    "tf.sparse.segment_sum(tf.constant([1., 2, 3]), [[0, 1]], [0, 0])",
    "SP.retain(st, tf.constant([True, False, True]))",
    "show(SP.retain(st, tf.constant([True, False, True])))",
    "SP.retain(st, tf.constant([[True, False, True]]))",
    "SP.to_dense(st, default_value='a')",
    "SP.to_dense(ST([[0, 0], [0, 0]], [1, 2], [1, 1]), validate_indices=True)",
    "SP.to_dense(ST([[1, 0], [0, 0]], [1, 2], [2, 1]), validate_indices=True)",
    "SP.from_dense([[1, 0], [0, 2]]).dtype",
    "SP.from_dense(tf.constant([[1, 0], [0, 2]], tf.uint8))",
    "(lambda m: (m.values.numpy().tolist(), m.indices.numpy().tolist()))(SP.mask("
    "tf.IndexedSlices(tf.constant([[1, 2], [3, 4]]), tf.constant([0, 2]), "
    "tf.constant([4, 2])), [2]))",
    # lookup initializers and tables, more
    "kv([1, 2], [3, 4], key_dtype=tf.int32).key_dtype",
    "msg(lambda: L.StaticHashTable(kv([1.5, 2.5], [3, 4]), -1))",
    "msg(lambda: L.StaticHashTable(kv([1.5, 2.5], [3, 4]), -1, experimental_is_anonymous=True))",
    "L.StaticHashTable(kv([1, 2], [3, 4], value_dtype=tf.float32), -1.0).lookup("
    "tf.constant([1, 3], tf.int64))",
    "L.StaticHashTable(kv([b'a'], [1]), -1).lookup(tf.constant([b'a', b'c']))",
    "L.StaticHashTable(kv(['a', 'b'], [[1, 2], [3, 4]]), [0, 0])",
    "L.StaticHashTable(kv(['a'], [1]), tf.constant(-1, tf.int64)).lookup(tf.constant(['b']))",
    "L.StaticHashTable(kv(['a'], [1]), tf.constant([-1])).lookup(tf.constant(['b']))",
    "L.StaticHashTable(kv(['a'], [1]), -1).lookup(tf.constant('a', tf.string)).shape",
    "L.StaticHashTable(kv(['a'], [1]), -1).lookup(tf.constant([[['a']]])).shape",
    "L.StaticHashTable(kv(['a'], [1]), -1).export()",
    "L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 1).lookup("
    "tf.constant([['a', 'b']]))",
    "L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), -1)",
    "type(L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 1.5)).__name__",
    "L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 1).resource_handle.dtype",
    "L.StaticVocabularyTable(None, 3).lookup(tf.constant(['a', 'b', 'c']))",
    "L.StaticVocabularyTable(None, 3, lookup_key_dtype=tf.int64).lookup(tf.constant([1, 5], "
    "tf.int64))",
    "L.StaticVocabularyTable(None, 0)",
    "L.experimental.MutableHashTable(tf.string, tf.int64, -1).lookup(tf.constant(['a']))",
    "L.experimental.MutableHashTable(tf.string, tf.int64, -1).size()",
    "L.experimental.MutableHashTable(tf.string, tf.int64, -1).export()",
    "L.experimental.MutableHashTable(tf.string, tf.int64, -1).insert(tf.constant(['a']), "
    "tf.constant([1.5]))",
    "L.experimental.MutableHashTable(tf.string, tf.int64, -1).insert(tf.constant([1]), "
    "tf.constant([1], tf.int64))",
    "L.experimental.MutableHashTable(tf.string, tf.int64, [-1, -1]).lookup(tf.constant(['a']))",
    "msg(lambda: L.experimental.MutableHashTable(tf.int32, tf.int64, -1))",
    "L.experimental.MutableHashTable(tf.int64, tf.string, 'x').lookup(tf.constant([1], "
    "tf.int64))",
    "msg(lambda: L.experimental.DenseHashTable(tf.int32, tf.int64, -1, 0, -2))",
    "msg(lambda: L.experimental.DenseHashTable(tf.int32, tf.int64, [-1, -1], 0, -2, "
    "initial_num_buckets=8))",
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, 0)",
    "type(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, [0], [-2])).__name__",
    "L.StaticHashTable(kv(['a'], [1]), tf.constant(-1, tf.int64))",
    "L.experimental.MutableHashTable(tf.string, tf.int32, tf.constant(-1, tf.int64))",
    "L.experimental.MutableHashTable(tf.string, tf.int64, -1).lookup(tf.constant(['a']), "
    "dynamic_default_values=tf.constant([1]))",
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, tf.constant(1), -2)",
    "L.experimental.DenseHashTable(tf.int64, tf.int64, tf.constant(-1.0), 0, -2)",
    "L.experimental.DenseHashTable(tf.int64, tf.float64, -1.0, 0, -2).lookup(tf.constant([5], "
    "tf.int64))",
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2).export()[0].shape",
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2).size()",
    "(lambda d: (d.insert([1, 2], [1, 2]), d.export()[1].numpy().tolist().count(2)))("
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))[1]",
    "(lambda d: (d.insert_or_assign([1], [3]), d.lookup([1])))("
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))[1]",
    "(lambda d: (d.insert(tf.constant([1], tf.int32), [3])))("
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))",
    "(lambda d: d.erase(tf.constant([1], tf.int32)))("
    "L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))",
    "(lambda d: d.erase([1, 2]))(L.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -2))",
    "tf.compat.v1.lookup.KeyValueTensorInitializer is L.KeyValueTensorInitializer",
    "sorted(n for n in dir(tf.compat.v1.lookup) if not n.startswith('_'))",
    "sorted(n for n in dir(L) if not n.startswith('_'))",
    "sorted(n for n in dir(L.experimental) if not n.startswith('_'))",
]

PRELUDES["round_six"] = r"""import numpy as np
SP = tf.sparse
ST = tf.sparse.SparseTensor
R = tf.ragged.constant
RS = tf.RaggedTensorSpec
r = R([[1, 2, 3], [], [4, 5]])
rf = R([[1.0, -2.0], [3.5], [], [0.25, 4.0, -1.0]])
st = ST([[0, 1], [1, 0], [2, 3]], [10, 20, 30], [3, 4])
def traced(fn, *specs):
    return tf.function(fn, input_signature=list(specs))
"""
SECTIONS["round_six"] = [
    # ragged ops traced with unknown shapes
    "traced(lambda x: tf.reduce_sum(x, axis=1), RS([None, None], tf.int32))(r)",
    "traced(lambda x: tf.reduce_max(x, axis=0), RS([None, None], tf.int32))(r)",
    "traced(lambda x: tf.reduce_mean(x, axis=1), RS([None, None], tf.float32))(rf)",
    "traced(lambda x: x[:, :1], RS([None, None], tf.int32))(r)",
    "traced(lambda x: x[1:], RS([None, None], tf.int32))(r)",
    "traced(lambda x: x[-1], RS([None, None], tf.int32))(r)",
    "traced(lambda x: x.to_tensor(), RS([None, None], tf.int32))(r)",
    "traced(lambda x: x.to_sparse(), RS([None, None], tf.int32))(r).dense_shape",
    "traced(lambda x: tf.where(x > 1, x, 0), RS([None, None], tf.int32))(r)",
    "traced(lambda x: tf.ragged.range(x), tf.TensorSpec([None], tf.int32))(tf.constant([1, 3]))",
    "traced(lambda x: tf.strings.split(x), tf.TensorSpec([None], tf.string))("
    "tf.constant(['a b', 'c']))",
    "traced(lambda x: tf.strings.unicode_decode(x, 'UTF-8'), tf.TensorSpec([None], tf.string))("
    "tf.constant(['h\\u00e9']))",
    "traced(lambda x: tf.math.bincount(x, axis=-1), RS([None, None], tf.int32))(r)",
    "traced(lambda x: tf.concat([x, x], axis=1), RS([None, None], tf.int32))(r)",
    "traced(lambda x: tf.stack([x, x], axis=0), RS([None, None], tf.int32))(r)",
    "traced(lambda x: x.row_lengths(), RS([None, None], tf.int32))(r)",
    "traced(lambda x: tf.shape(x), RS([None, None], tf.int32))(r)",
    "traced(lambda x: x.shape.as_list(), RS([None, None], tf.int32)).get_concrete_function()"
    ".structured_outputs",
    "traced(lambda x: x * 2, RS([3, None], tf.int32)).get_concrete_function().output_shapes",
    "traced(lambda x: tf.reduce_sum(x, axis=1), RS([3, None], tf.int32))"
    ".get_concrete_function().output_shapes",
    "traced(lambda x: x.bounding_shape(), RS([3, None], tf.int32))(r)",
    # sparse traced
    "traced(lambda s: SP.reduce_sum(s, 1), tf.SparseTensorSpec([None, None], tf.int32))(st)",
    "traced(lambda s: SP.to_dense(s), tf.SparseTensorSpec([None, 4], tf.int32))(st)",
    "traced(lambda s: SP.transpose(s), tf.SparseTensorSpec([None, 4], tf.int32))(st).dense_shape",
    "traced(lambda s: SP.reshape(s, [-1]), tf.SparseTensorSpec([3, 4], tf.int32))(st).dense_shape",
    "traced(lambda s: SP.slice(s, [0, 0], [2, 2]), tf.SparseTensorSpec([None, 4], tf.int32))"
    "(st).values",
    "traced(lambda s: SP.sparse_dense_matmul(s, tf.ones([4, 1], tf.int32)), "
    "tf.SparseTensorSpec([None, 4], tf.int32))(st)",
    "traced(lambda s: SP.to_dense(s), tf.SparseTensorSpec([None, 4], tf.int32))"
    ".get_concrete_function().output_shapes",
    "traced(lambda s: SP.reduce_max(s, 1), tf.SparseTensorSpec([None, 4], tf.int32))"
    ".get_concrete_function().output_shapes",
    "traced(lambda s: SP.fill_empty_rows(s, 0)[1], tf.SparseTensorSpec([None, 4], tf.int32))(st)",
    "traced(lambda s: SP.retain(s, s.values > 15), tf.SparseTensorSpec([None, 4], tf.int32))"
    "(st).indices",
    "traced(lambda s: SP.add(s, s), tf.SparseTensorSpec([None, 4], tf.int32))(st).values",
    "traced(lambda s: SP.concat(1, [s, s]), tf.SparseTensorSpec([None, 4], tf.int32))"
    "(st).dense_shape",
    "traced(lambda s: SP.split(sp_input=s, num_split=2, axis=1)[1].values, "
    "tf.SparseTensorSpec([None, 4], tf.int32))(st)",
    "traced(lambda s: tf.sparse.bincount(s, axis=-1).values, "
    "tf.SparseTensorSpec([None, 4], tf.int32))(st)",
    "traced(lambda s: tf.sparse.cross([s]).values, tf.SparseTensorSpec([None, 4], tf.int32))(st)",
    # strings traced
    "traced(lambda x: tf.strings.substr(x, -2, 2, unit='UTF8_CHAR'), "
    "tf.TensorSpec([None], tf.string))(tf.constant(['h\\u00e9llo']))",
    "traced(lambda x: tf.strings.length(x, unit='UTF8_CHAR'), tf.TensorSpec([None], tf.string))"
    "(tf.constant(['h\\u00e9']))",
    "traced(lambda x: tf.strings.regex_replace(x, 'l+', 'L'), tf.TensorSpec([None], tf.string))"
    "(tf.constant(['hello']))",
    "traced(lambda x: tf.strings.to_hash_bucket_strong(x, 10, [1, 2]), "
    "tf.TensorSpec([None], tf.string))(tf.constant(['a', 'b']))",
    "traced(lambda x: tf.strings.unicode_transcode(x, 'UTF-8', 'UTF-16-BE'), "
    "tf.TensorSpec([None], tf.string))(tf.constant(['a']))",
    "traced(lambda x: tf.strings.ngrams(tf.strings.split(x), 2), "
    "tf.TensorSpec([None], tf.string))(tf.constant(['a b c', 'd']))",
    "traced(lambda x: tf.strings.reduce_join(tf.strings.split(x), axis=1, separator='-'), "
    "tf.TensorSpec([None], tf.string))(tf.constant(['a b c', 'd']))",
]
