"""Cases of TF 2.21's SparseTensorDenseMatMul, SparseBincount, the *CountSparseOutput ops,
RaggedGather and DeserializeSparse (raw ops and the public functions that run them:
tf.sparse.sparse_dense_matmul, tf.sparse.bincount, tf.math.bincount, tf.gather of a
RaggedTensor), run by record_sparse_count_golden.py under TensorFlow and by
test_sparse_count_ops.py under eagerflow. No imports: TF's interpreter loads this file too.

Each case is an expression over `tf`, `np` and PRELUDE's names; its outcome is its tensors
(composites expanded) as [dtype, values], or the error's class and message (past TF's
function prefix).
"""

PRELUDE = """
M = tf.raw_ops.SparseTensorDenseMatMul
I2 = np.array([[0, 1], [1, 0], [1, 2]], np.int64)
SP = tf.sparse.SparseTensor([[0, 0], [0, 3], [2, 1], [2, 2]], [3, 1, 3, 3], [3, 4])
SPW = tf.sparse.SparseTensor([[0, 0], [0, 3], [2, 1], [2, 2]], [1.0, 2.0, 3.0, 4.0], [3, 4])
RG = tf.ragged.constant([[3, 1], [], [3, 3, 0]])
RF = tf.ragged.constant([[1.0, 2.0], [], [3.0, 4.0, 5.0]])
E = tf.zeros([0])
C64 = tf.sparse.SparseTensor([[0, 1], [1, 0]], tf.constant([1 + 2j, 3 - 1j], tf.complex64),
                             [2, 2])
D64 = tf.constant([[1 + 1j, 2 - 1j], [3j, 4]], tf.complex64)
SER_A = tf.io.serialize_sparse(tf.sparse.SparseTensor([[2, 0], [0, 1]], [1.5, 2.0], [3, 4]))
SER_B = tf.io.serialize_sparse(tf.sparse.SparseTensor([[1, 3]], [5.0], [2, 5]))
SER_C = tf.io.serialize_sparse(tf.sparse.SparseTensor([[1]], [5.0], [2]))


def sdmm_grads(values, b, **kw):
    with tf.GradientTape() as t:
        t.watch([values, b])
        y = tf.sparse.sparse_dense_matmul(
            tf.sparse.SparseTensor([[0, 1], [1, 0]], values, [2, 2]), b, **kw)
        w = tf.cast(tf.reshape(tf.range(1, 1 + tf.size(y)), tf.shape(y)), y.dtype)
        loss = tf.reduce_sum(y * (w + tf.cast(tf.complex(0.0, 1.0), y.dtype) if
                                  y.dtype.is_complex else w))
    return t.gradient(loss, [values, b])


def ragged_gather_grad(indices):
    v = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])
    with tf.GradientTape() as t:
        t.watch(v)
        out = tf.gather(tf.RaggedTensor.from_row_splits(v, [0, 2, 2, 5]), indices)
        n = tf.cast(tf.size(out.flat_values), tf.float32)
        loss = tf.reduce_sum(out.flat_values * tf.range(1.0, 1.0 + n))
    return t.gradient(loss, v)
"""

CASES = {
    # -- SparseTensorDenseMatMul ------------------------------------------------------------
    "sdmm": "M(a_indices=I2, a_values=[1.5, -2.0, 0.5], a_shape=[2, 3], "
            "b=tf.reshape(tf.range(6.0), [3, 2]))",
    "sdmm_adjoints": "M(a_indices=I2, a_values=[1.5, -2.0, 0.5], a_shape=[2, 3], "
                     "b=tf.reshape(tf.range(4.0), [2, 2]), adjoint_a=True, adjoint_b=True)",
    "sdmm_int32_indices": "M(a_indices=I2.astype(np.int32), a_values=[1, 2, 3], "
                          "a_shape=[2, 3], b=tf.ones([3, 2], tf.int32))",
    "sdmm_int32_wraps": "M(a_indices=[[0, 0], [0, 1]], a_values=tf.constant([2**30, 2**30]), "
                        "a_shape=[1, 2], b=tf.constant([[2], [2]]))",
    "sdmm_half_sums_in_float": "M(a_indices=[[0, 0], [0, 1], [0, 2]], a_values=tf.constant("
                               "[2048.0, 1.0, 1.0], tf.float16), a_shape=[1, 3], "
                               "b=tf.ones([3, 1], tf.float16))",
    "sdmm_bfloat16_sums_in_bfloat16": "M(a_indices=[[0, 0], [0, 1], [0, 2]], a_values="
                                      "tf.constant([256.0, 1.0, 1.0], tf.bfloat16), "
                                      "a_shape=[1, 3], b=tf.ones([3, 1], tf.bfloat16))",
    "sdmm_duplicates_add": "M(a_indices=[[0, 0], [0, 0]], a_values=[1.0, 2.0], "
                           "a_shape=[1, 1], b=[[3.0]])",
    "sdmm_k_checked_before_m": "M(a_indices=[[7, 5]], a_values=[1.0], a_shape=[2, 2], "
                               "b=tf.ones([2, 3]))",
    "sdmm_m_out_of_bounds": "M(a_indices=[[0, 1], [7, 0]], a_values=[1.0, 1.0], "
                            "a_shape=[2, 2], b=tf.ones([2, 3]))",
    "sdmm_m_adjoint": "M(a_indices=[[0, 5]], a_values=[1.0], a_shape=[2, 2], "
                      "b=tf.ones([2, 3]), adjoint_a=True)",
    "sdmm_inner": "M(a_indices=I2, a_values=[1.0, 2.0, 3.0], a_shape=[2, 3], b=tf.ones([2, 2]))",
    "sdmm_columns": "M(a_indices=[[0, 0, 0]], a_values=[1.0], a_shape=[2, 2], "
                    "b=tf.ones([3, 2]))",
    "sdmm_rows": "M(a_indices=[[0, 0]], a_values=[1.0, 2.0], a_shape=[2, 2], b=tf.ones([3, 2]))",
    "sdmm_b_vector": "M(a_indices=[0], a_values=[1.0], a_shape=[2, 2], b=tf.ones([2]))",
    "sdmm_shape_3": "M(a_indices=[[0, 0]], a_values=[1.0, 1.0], a_shape=[2, 2, 2], "
                    "b=tf.ones([2, 2]))",
    "sdmm_int64": "M(a_indices=[[0, 0]], a_values=tf.constant([1], tf.int64), a_shape=[1, 1], "
                  "b=tf.constant([[1]], tf.int64))",
    "public_rank_3": "tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0, 0, 0]], [1.0], "
                     "[1, 1, 1]), tf.ones([2, 2]))",
    "public_b_dtype": "tf.sparse.sparse_dense_matmul(SPW, tf.ones([4, 2], tf.float64))",
    "public_dense_sparse": "tf.sparse.sparse_dense_matmul(tf.reshape(tf.range(6.0), [2, 3]), "
                           "tf.sparse.SparseTensor([[0, 1], [2, 0]], [2.0, -1.0], [3, 2]))",
    "public_dense_sparse_complex_is_conjugated": "[tf.sparse.sparse_dense_matmul(D64, C64, "
                                                 "adjoint_a=a, adjoint_b=b) for a in (False, "
                                                 "True) for b in (False, True)]",
    "public_complex_adjoints": "[tf.sparse.sparse_dense_matmul(C64, D64, adjoint_a=a, "
                               "adjoint_b=b) for a in (False, True) for b in (False, True)]",
    "grad": "[sdmm_grads(tf.constant([1.0, 2.0]), tf.reshape(tf.range(6.0), [2, 3]), "
            "adjoint_a=a) for a in (False, True)]",
    "grad_adjoint_b": "[sdmm_grads(tf.constant([1.0, 2.0]), tf.reshape(tf.range(6.0), [3, 2]),"
                      " adjoint_a=a, adjoint_b=True) for a in (False, True)]",
    "grad_complex": "[sdmm_grads(tf.constant([1 + 2j, 3 - 1j], tf.complex64), D64, "
                    "adjoint_a=a, adjoint_b=b) for a in (False, True) for b in (False, True)]",
    # -- DenseCountSparseOutput -------------------------------------------------------------
    "dense_count": "tf.raw_ops.DenseCountSparseOutput(values=[3, 1, 3, 0], weights=E, "
                   "binary_output=False)",
    "dense_count_rows_weights": "tf.raw_ops.DenseCountSparseOutput(values=[[3, 1, 3], "
                                "[9, 1, 0]], weights=[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "
                                "binary_output=False)",
    "dense_count_maxlength_is_the_size": "tf.raw_ops.DenseCountSparseOutput(values=[3, 1], "
                                         "weights=E, binary_output=False, maxlength=10, "
                                         "minlength=12)",
    "dense_count_min": "tf.raw_ops.DenseCountSparseOutput(values=[[3, 1], [0, 0]], weights=E, "
                       "binary_output=True, minlength=7)",
    "dense_count_empty_is_one_wide": "tf.raw_ops.DenseCountSparseOutput(values=tf.zeros([2, 0],"
                                     " tf.int32), weights=E, binary_output=False)",
    "dense_count_largest_int64_wraps": "tf.raw_ops.DenseCountSparseOutput(values=tf.constant("
                                       "[2**63 - 1], tf.int64), weights=tf.zeros([0], "
                                       "tf.int64), binary_output=False)",
    "dense_count_zero_weights_kept": "tf.raw_ops.DenseCountSparseOutput(values=[1, 1, 2], "
                                     "weights=[2.0, -2.0, 0.0], binary_output=False)",
    "dense_count_negative_first": "tf.raw_ops.DenseCountSparseOutput(values=[3, -1], "
                                  "weights=[1.0, 2.0, 3.0], binary_output=False)",
    "dense_count_weights": "tf.raw_ops.DenseCountSparseOutput(values=[3, 1], weights=[1.0, 2.0,"
                           " 3.0], binary_output=False)",
    "dense_count_rank": "tf.raw_ops.DenseCountSparseOutput(values=[[[3]]], weights=E, "
                        "binary_output=False)",
    "dense_count_no_rows": "tf.raw_ops.DenseCountSparseOutput(values=tf.zeros([0, 3], "
                           "tf.int32), weights=E, binary_output=False)",
    # -- SparseCountSparseOutput ------------------------------------------------------------
    "sparse_count": "tf.raw_ops.SparseCountSparseOutput(indices=SP.indices, values=SP.values, "
                    "dense_shape=SP.dense_shape, weights=SPW.values, binary_output=False)",
    "sparse_count_unsorted_min_max": "tf.raw_ops.SparseCountSparseOutput(indices=[[2, 0], "
                                     "[0, 3], [2, 1]], values=[3, 1, 0], dense_shape=[3, 4], "
                                     "weights=E, binary_output=True, minlength=2, maxlength=3)",
    "sparse_count_vector": "tf.raw_ops.SparseCountSparseOutput(indices=[[0], [3]], values=[3, 1],"
                           " dense_shape=[4], weights=E, binary_output=False)",
    "sparse_count_rank_3": "tf.raw_ops.SparseCountSparseOutput(indices=[[0, 0, 0], [1, 3, 1]], "
                           "values=[3, 1], dense_shape=[2, 4, 2], weights=E, "
                           "binary_output=False)",
    "sparse_count_bounds_before_weights": "tf.raw_ops.SparseCountSparseOutput(indices=[[5, 0]],"
                                          " values=[-1], dense_shape=[3, 4], weights=[1.0, "
                                          "2.0], binary_output=False)",
    "sparse_count_long_shape": "tf.raw_ops.SparseCountSparseOutput(indices=[[0] * 11 + [99]], "
                               "values=[1], dense_shape=list(range(1, 13)), weights=E, "
                               "binary_output=False)",
    "sparse_count_no_batches": "tf.raw_ops.SparseCountSparseOutput(indices=tf.zeros([0, 2], "
                               "tf.int64), values=tf.zeros([0], tf.int32), dense_shape=[0, 4], "
                               "weights=E, binary_output=False)",
    "sparse_count_wide_shape": "tf.raw_ops.SparseCountSparseOutput(indices=[[0, 0]], "
                               "values=[1], dense_shape=[2**40, 4], weights=E, "
                               "binary_output=False)",
    "sparse_count_nnz": "tf.raw_ops.SparseCountSparseOutput(indices=SP.indices, values=[3, 1, 3]"
                        ", dense_shape=[3, 4], weights=E, binary_output=False)",
    # -- RaggedCountSparseOutput ------------------------------------------------------------
    "ragged_count": "tf.raw_ops.RaggedCountSparseOutput(splits=[0, 2, 2, 5], values=[3, 1, 3, "
                    "3, 0], weights=[1.0, 2.0, 3.0, 4.0, 5.0], binary_output=False)",
    "ragged_count_unsorted_splits": "tf.raw_ops.RaggedCountSparseOutput(splits=[0, 3, 2, 5], "
                                    "values=[3, 1, 3, 3, 0], weights=E, binary_output=False)",
    "ragged_count_negative_split": "tf.raw_ops.RaggedCountSparseOutput(splits=[0, -1, 2], "
                                   "values=[3, 1], weights=E, binary_output=False)",
    "ragged_count_weights_first": "tf.raw_ops.RaggedCountSparseOutput(splits=[1, 2], "
                                  "values=[3, -1], weights=[1.0], binary_output=False)",
    "ragged_count_end": "tf.raw_ops.RaggedCountSparseOutput(splits=[0, 3], values=[3, -1], "
                        "weights=E, binary_output=False)",
    # -- SparseBincount and the public counts -----------------------------------------------
    "sparse_bincount": "tf.raw_ops.SparseBincount(indices=SP.indices, values=[3, 1, -3, 9], "
                       "dense_shape=[3, 4], size=4, weights=[1.0, 2.0, 3.0, 4.0], "
                       "binary_output=False)",
    "sparse_bincount_vector_negative": "tf.raw_ops.SparseBincount(indices=[[0], [7]], values="
                                       "[-3, 1], dense_shape=[4], size=5, weights=E, "
                                       "binary_output=False)",
    "sparse_bincount_vector_weights": "tf.raw_ops.SparseBincount(indices=[[0], [2]], values=[3,"
                                      " 1], dense_shape=[4], size=5, weights=[1.0, 2.0, 3.0], "
                                      "binary_output=False)",
    "sparse_bincount_binary": "tf.raw_ops.SparseBincount(indices=[[0], [3], [2]], values=[3, "
                              "1, 3], dense_shape=[4], size=4, weights=tf.constant([2, 5, 7], "
                              "tf.int64), binary_output=True)",
    "sparse_bincount_size": "tf.raw_ops.SparseBincount(indices=[0, 1], values=[3, 1], "
                            "dense_shape=[3, 4], size=[5], weights=E, binary_output=False)",
    "sparse_bincount_rank": "tf.raw_ops.SparseBincount(indices=SP.indices, values=SP.values, "
                            "dense_shape=[3, 4, 5], size=5, weights=E, binary_output=False)",
    "public_sparse_bincount": "[tf.sparse.bincount(v, axis=a) for v in (SP, RG, "
                              "tf.constant([[3, 1, 3], [0, 0, 5]])) for a in (0, -1)]",
    "public_sparse_bincount_weights": "[tf.sparse.bincount(SP, weights=SPW, axis=-1), "
                                      "tf.sparse.bincount(RG, weights=RF, axis=-1, minlength=6,"
                                      " maxlength=5), tf.sparse.bincount(RG, axis=-1, "
                                      "minlength=6, maxlength=5, binary_output=True)]",
    "public_sparse_bincount_binary_weights": "tf.sparse.bincount(SP, weights=SPW, "
                                             "binary_output=True)",
    "public_sparse_bincount_ragged_dense_weights": "tf.sparse.bincount(RG, weights=[1.0])",
    "public_sparse_bincount_dense_weights": "tf.sparse.bincount(SP, weights=[1.0, 2.0, 3.0, "
                                            "4.0])",
    "public_sparse_bincount_axis": "tf.sparse.bincount(SP, axis=1)",
    "public_sparse_bincount_ragged_rank_2": "tf.sparse.bincount(tf.ragged.constant([[[1], [2, "
                                            "3]], [[4]]]))",
    "public_sparse_bincount_ragged_rank_2_rows": "tf.sparse.bincount(tf.ragged.constant([[[1],"
                                                 " [2, 3]], [[4]]]), axis=-1)",
    "public_sparse_bincount_weights_indices": "tf.sparse.bincount(SP, weights=tf.sparse."
                                              "SparseTensor([[0, 0], [0, 3], [2, 1], [2, 3]], "
                                              "[1.0, 2.0, 3.0, 4.0], [3, 4]), axis=-1)",
    "public_sparse_bincount_weights_splits": "tf.sparse.bincount(tf.ragged.constant([[1, 2], "
                                             "[3]]), weights=tf.ragged.constant([[1.0], [2.0, "
                                             "3.0]]), axis=-1)",
    "public_sparse_bincount_float": "tf.sparse.bincount([1.5, 2.0])",
    "public_sparse_bincount_3d": "tf.sparse.bincount(tf.zeros([2, 2, 2], tf.int32), axis=-1)",
    "public_math_bincount_sparse": "[tf.math.bincount(SP), tf.math.bincount(SP, axis=-1), "
                                   "tf.math.bincount(SP, weights=SPW, axis=-1), "
                                   "tf.math.bincount(SP, axis=-1, minlength=6, maxlength=3, "
                                   "binary_output=True), tf.math.bincount(SP, axis=-1, "
                                   "dtype=tf.int64)]",
    "public_math_bincount_sparse_negative": "[tf.math.bincount(tf.sparse.SparseTensor([[0, 0],"
                                            " [1, 1]], [3, -1], [3, 4]), axis=-1)]",
    "public_math_bincount_sparse_empty": "tf.math.bincount(tf.sparse.SparseTensor(tf.zeros("
                                         "[0, 2], tf.int64), tf.zeros([0], tf.int32), [3, 4]),"
                                         " axis=-1)",
    # -- RaggedGather -----------------------------------------------------------------------
    "ragged_gather_raw": "tf.raw_ops.RaggedGather(params_nested_splits=[tf.constant([0, 1, 3],"
                         " tf.int64), tf.constant([0, 2, 2, 5], tf.int64)], params_dense_values"
                         "=tf.range(5.0), indices=[[1, 0], [1, 1]], OUTPUT_RAGGED_RANK=3)",
    "ragged_gather_scalar": "tf.raw_ops.RaggedGather(params_nested_splits=[[0, 2, 2, 5]], "
                            "params_dense_values=tf.range(5), indices=2, OUTPUT_RAGGED_RANK=0)",
    "ragged_gather_empty_rows": "tf.raw_ops.RaggedGather(params_nested_splits=[[0, 2, 2, 5]], "
                                "params_dense_values=tf.range(5), indices=tf.zeros([2, 0, 3], "
                                "tf.int32), OUTPUT_RAGGED_RANK=3)",
    "ragged_gather_unchecked_splits": "tf.raw_ops.RaggedGather(params_nested_splits=[[1, 2, 2,"
                                      " 4]], params_dense_values=tf.range(5), indices=[0, 2], "
                                      "OUTPUT_RAGGED_RANK=1)",
    "ragged_gather_sorted_first": "tf.raw_ops.RaggedGather(params_nested_splits=[[0, 7, 5]], "
                                  "params_dense_values=tf.range(5), indices=[0, 1], "
                                  "OUTPUT_RAGGED_RANK=1)",
    "ragged_gather_past_values": "tf.raw_ops.RaggedGather(params_nested_splits=[tf.constant("
                                 "[0, 1, 7], tf.int64), tf.constant([0, 2, 2, 5], tf.int64)], "
                                 "params_dense_values=tf.range(5), indices=[1], "
                                 "OUTPUT_RAGGED_RANK=2)",
    "ragged_gather_negative_split": "tf.raw_ops.RaggedGather(params_nested_splits=[[-1, 2, 5]],"
                                    " params_dense_values=tf.range(5), indices=[0], "
                                    "OUTPUT_RAGGED_RANK=1)",
    "ragged_gather_index": "tf.raw_ops.RaggedGather(params_nested_splits=[[0, 2, 2, 5]], "
                           "params_dense_values=tf.range(5), indices=[[0, 1], [5, 0]], "
                           "OUTPUT_RAGGED_RANK=2)",
    "ragged_gather_splits_dtypes": "tf.raw_ops.RaggedGather(params_nested_splits=[tf.constant("
                                   "[0, 1, 3]), tf.constant([0, 2, 2, 5], tf.int64)], "
                                   "params_dense_values=tf.range(5), indices=[1], "
                                   "OUTPUT_RAGGED_RANK=2)",
    "public_gather": "[tf.gather(RF, [2, 0]), tf.gather(RF, 1), tf.gather(RF, [[1, 2], [0, 0]]),"
                     " tf.gather(RF, tf.ragged.constant([[2, 0], [1]])), tf.gather("
                     "tf.ragged.constant([[[1], [2, 3]], [], [[4]]]), 0)]",
    "public_gather_out_of_range": "tf.gather(RF, [3])",
    "public_gather_grad": "[ragged_gather_grad([2, 0, 2]), ragged_gather_grad([[1, 2]])]",
    # -- DeserializeSparse ------------------------------------------------------------------
    "deserialize_one_as_it_is": "tf.raw_ops.DeserializeSparse(serialized_sparse=SER_A, "
                                "dtype=tf.float32)",
    "deserialize_stacked": "tf.raw_ops.DeserializeSparse(serialized_sparse=tf.reshape(tf.stack("
                           "[SER_A, SER_B]), [1, 2, 3]), dtype=tf.float32)",
    "deserialize_many_one": "tf.raw_ops.DeserializeManySparse(serialized_sparse=SER_B, "
                            "dtype=tf.float32)",
    "deserialize_none": "tf.raw_ops.DeserializeSparse(serialized_sparse=tf.zeros([0, 3], "
                        "tf.string), dtype=tf.float32)",
    "deserialize_scalar": "tf.raw_ops.DeserializeSparse(serialized_sparse='x', "
                          "dtype=tf.float32)",
    "deserialize_dtype": "tf.raw_ops.DeserializeSparse(serialized_sparse=tf.stack([SER_A, "
                         "SER_B]), dtype=tf.int32)",
    "deserialize_ranks": "tf.raw_ops.DeserializeSparse(serialized_sparse=tf.stack([SER_A, "
                         "SER_C]), dtype=tf.float32)",
    "deserialize_rows": "tf.raw_ops.DeserializeManySparse(serialized_sparse=tf.stack([SER_B, "
                        "tf.stack([SER_A[0], SER_B[1], SER_A[2]])]), dtype=tf.float32)",
    "deserialize_columns": "tf.raw_ops.DeserializeSparse(serialized_sparse=tf.stack([tf.io."
                           "serialize_tensor(tf.constant([[0, 1, 1]], tf.int64)), SER_B[1], "
                           "SER_B[2]]), dtype=tf.float32)",
    "deserialize_index_type": "tf.raw_ops.DeserializeSparse(serialized_sparse=tf.stack([tf.io."
                              "serialize_tensor(tf.constant([[0, 1]])), SER_B[1], SER_B[2]]), "
                              "dtype=tf.float32)",
    "deserialize_shape_vector": "tf.raw_ops.DeserializeSparse(serialized_sparse=tf.stack(["
                                "SER_B[0], SER_B[1], tf.io.serialize_tensor(tf.constant([[2, 5]"
                                "], tf.int64))]), dtype=tf.float32)",
}


def _plain(tf, np, x):
    """A tensor as [dtype, values]: complex numbers as [re, im], bytes as text, NaN as
    "nan"."""
    v = np.asarray(x.numpy())
    if v.dtype.kind == "c":
        v = np.stack([v.real, v.imag], -1)
    if v.dtype == object:
        return [x.dtype.name, np.vectorize(lambda b: b.decode())(v).tolist() if v.size else []]
    v = v.astype(np.float64) if v.dtype.kind == "f" or x.dtype.name == "bfloat16" else v
    out = v.tolist()
    return [x.dtype.name, "nan" if isinstance(out, float) and out != out else out]


def outcome(tf, np, src):
    env = {"tf": tf, "np": np}
    exec(PRELUDE, env)  # noqa: S102 - the cases
    try:
        value = eval(src, env)  # noqa: S307 - the cases
    except Exception as e:  # noqa: BLE001 - an error is an outcome
        return [type(e).__name__, str(e).split("}} ")[-1]]
    return [_plain(tf, np, t) for t in tf.nest.flatten(value, expand_composites=True)]
