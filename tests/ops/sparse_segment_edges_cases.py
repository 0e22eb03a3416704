"""tf.sparse.segment_* edge cases recorded under TF 2.21 by record_edges.py
(sparse_segment_edges_golden.json) and checked by test_edges_vs_tf.py, each an expression
over `tf` run as in assert_messages_cases.py: the SparseSegment kernels' checks in TF's order
(the shapes, num_segments, the last id, then each run of ids before its indices) and words,
num_segments read as an int32, the gradients' ops' checks (Grad and GradV2), and the bits of
long segments' sums, means and sqrt(n)s (TF adds a segment's rows in blocks of eight, the half
types in float32)."""

from __future__ import annotations

# 40 rows of 3 with many significant bits, exact in TF and eagerflow alike
_DATA = "tf.reshape(tf.cast(tf.range(120) * 7919 % 1009 - 500, tf.float32) / 7.0, [40, 3])"
_IDX = "tf.range(40) * 13 % 40"
_IDS = ("tf.constant([0] + [1] * 8 + [2] * 9 + [3] * 10 + [5] * 12, tf.int64)")
_SS = "tf.sparse.segment_"

CASES = [
    # the checks' order: a bad index of an earlier run before a later run's order
    f"{_SS}sum(tf.ones([5, 2]), tf.constant([9, 0, 1]), tf.constant([0, 2, 1]))",
    f"{_SS}sum(tf.ones([5, 2]), tf.constant([0, 0, 9]), tf.constant([0, 2, 1]))",
    f"{_SS}sum(tf.ones([5, 2]), tf.constant([0, 9, 0]), tf.constant([0, 2, 1]))",
    f"{_SS}mean(tf.ones([5, 2]), tf.constant([0, 9]), tf.constant([-1, 0]))",
    f"{_SS}sum(tf.ones([5, 2]), tf.constant([[0, 1]]), tf.constant([[0, 0, 1]]))",
    f"{_SS}sum(1.0, tf.constant([0, 0]), tf.constant([1, 0]))",
    f"{_SS}sum(1.0, tf.constant([0]), tf.constant([0]), num_segments=-1)",
    f"{_SS}sum(tf.ones([5, 2]), tf.constant([0, 1]), tf.constant([0]), num_segments=[3])",
    f"{_SS}sum(tf.ones([3, 2]), [0], [0], num_segments=tf.constant(2**32 + 2, tf.int64))",
    f"{_SS}sum(tf.ones([3, 2]), [0], [0], num_segments=tf.constant(2**33, tf.int64))",
    f"{_SS}sum(tf.ones([3, 2]), [0], [0], num_segments=tf.constant(2**31, tf.int64))",
    f"{_SS}sum(tf.ones([3, 2]), [0], tf.constant([2**40], tf.int64))",
    f"{_SS}sum(tf.ones([3, 2]), [0], [2**31 - 1])",
    f"{_SS}sum(tf.zeros([0, 2]), [0], [0])",
    f"{_SS}sqrt_n(tf.ones([3, 2]), [0, 1], [0, 0], num_segments=0)",
    f"{_SS}sum(tf.ones([3, 2]), tf.zeros([0], tf.int32), tf.zeros([0], tf.int32))",
    f"{_SS}mean(tf.ones([3, 2]), tf.zeros([0], tf.int32), tf.zeros([0], tf.int32), 2)",
    f"{_SS}mean(tf.constant([[1, 2]]), [0], [0])",
    f"{_SS}sum(tf.ones([2, 2], tf.complex64), [0], [0])",
    f"{_SS}sum(tf.ones([2, 2]), tf.constant([0.0]), [0])",
    f"{_SS}sum(tf.constant([[100, 100]], tf.int8), [0, 0], [0, 0]).numpy().tolist()",
    f"{_SS}sum(tf.constant([7, 9], tf.uint16), [1, 0, 1], [0, 2, 2]).numpy().tolist()",
    "traced:tf.sparse.segment_sum(tf.ones([3, 2]) * x[0], [0, 5], [0, 1])",
    # (refused by TF's shape functions while the graph is built)
    "traced:tf.sparse.segment_sum(x, [[0]], [0])",
    "traced:tf.sparse.segment_sum(x[0], [0, 1], [0])",
    "traced:tf.sparse.segment_mean(x, [0, 1, 2], [0, 1], num_segments=-2)",
    "traced:tf.sparse.segment_sqrt_n(x, [0], [0], num_segments=-2, sparse_gradient=True)",
    "traced:tf.raw_ops.SparseSegmentSumGrad(grad=x, indices=[0], segment_ids=[0, 1], "
    "output_dim0=3)",
    "traced:tf.raw_ops.SparseSegmentMeanGrad(grad=x, indices=[0], segment_ids=[0], "
    "output_dim0=-3)",
    "traced:tf.sparse.segment_mean(tf.ones([3, 2]) * x[0], [0, 1], [1, 0], num_segments=4)",
    # embedding_lookup_sparse's one table: its ids are the op's indices
    "tf.nn.embedding_lookup_sparse(tf.reshape(tf.range(30.0), [10, 3]), tf.SparseTensor("
    "[[0, 0], [0, 1], [2, 0]], tf.constant([3, 13, 9], tf.int64), [4, 4]), None)",
    "tf.nn.embedding_lookup_sparse(tf.reshape(tf.range(30.0), [10, 3]) / 7, tf.SparseTensor("
    "[[0, 0], [0, 1], [0, 2], [2, 0]], tf.constant([3, 3, 5, 9], tf.int64), [4, 4]), None, "
    "combiner='sqrtn').numpy().tolist()",
    # the bits of long segments: sums in blocks, means and sqrt(n)s by a reciprocal up to 9
    # rows and by a division after, float16 and bfloat16 summed in float32
    *(f"{_SS}{fn}(tf.cast({_DATA}, tf.{d}), {_IDX}, {_IDS}, num_segments=7)"
      ".numpy().tolist()"
      for fn in ("sum", "mean", "sqrt_n") for d in ("float32", "float64", "float16",
                                                    "bfloat16")),
    # the gradients' ops: ids in any order, checked position by position (an index first)
    *(f"tf.raw_ops.SparseSegment{k}(grad=tf.reshape(tf.range(6.0), [3, 2]), "
      f"indices={i}, segment_ids={s}, {'dense_' if k.endswith('V2') else ''}output_dim0={n})"
      for k in ("SumGrad", "MeanGradV2", "SqrtNGrad")
      for i, s, n in (("[3, 1, 3, 0]", "[0, 2, 1, 2]", 5), ("[0, 1]", "[-1, 3]", 5),
                      ("[0, 1, 2, 3]", "[0, 3, 1, 1]", 5), ("[9, 1]", "[-1, 0]", 5),
                      ("[0, 9]", "[-1, 0]", 5), ("[0]", "[0, 1]", -1), ("[0]", "[7]", -1),
                      ("[0]", "[0]", 0), ("[3]", "[0]", 1), ("[0]", "[0]", [5]),
                      ("[[0]]", "[0, 1]", 5))),
    "tf.raw_ops.SparseSegmentSqrtNGrad(grad=tf.ones([3, 1]), indices=tf.range(60) % 7, "
    "segment_ids=tf.sort(tf.range(60) * 7 % 3), output_dim0=7).numpy().tolist()",
    "tf.raw_ops.SparseSegmentMeanGradV2(grad=tf.ones([4, 1], tf.float16) / 3, "
    "indices=tf.range(50) % 5, segment_ids=tf.range(50) % 4, dense_output_dim0=6)",
]
