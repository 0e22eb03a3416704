"""Cases of TF's CSR sparse matrix raw ops, run through tf.raw_ops by
record_csr_matrix_golden.py (TF 2.21) and by test_csr_matrix.py (eagerflow): `run_cases(tf)`
gives {case: result} where a result is nested lists of numbers (complex ones as [re, im]), a
matrix as its components per batch item, or an error as [class name, message]."""

from typing import Any

import numpy as np

D = [[1.0, 0, 2], [0, 0, 3], [4, 0, 0]]
C2 = [[1 + 2j, 0], [3j, 4]]
W = [[0.5, -1.0, 2.0], [1.5, 0.25, -3.0], [2.0, 1.0, 0.75]]


def plain(x: Any) -> Any:
    a = np.asarray(x)
    if np.iscomplexobj(a):
        return np.stack([a.real, a.imag], -1).tolist()
    return a.tolist()


def run_cases(tf: Any) -> dict:
    r = tf.raw_ops
    out: dict = {}

    def case(name: str, f: Any) -> None:
        try:
            out[name] = f()
        except Exception as e:  # noqa: BLE001 (the error is the case's result)
            out[name] = [type(e).__name__, str(e).split(" [Op:")[0].split("}} ")[-1]]

    def mat(d: Any, idx: Any = None, dtype: Any = None) -> Any:
        d = tf.constant(np.asarray(d, dtype or np.float32))
        return r.DenseToCSRSparseMatrix(dense_input=d, indices=tf.where(d != 0)
                                        if idx is None else idx)

    def comps(m: Any, t: Any) -> Any:
        nnz = r.SparseMatrixNNZ(sparse_matrix=m).numpy()
        n = 1 if nnz.ndim == 0 else len(nnz)
        return [plain(nnz)] + [[plain(c) for c in r.CSRSparseMatrixComponents(
            csr_sparse_matrix=m, index=i, type=t)] for i in range(n)]

    def dense(m: Any, t: Any) -> Any:
        return plain(r.CSRSparseMatrixToDense(sparse_input=m, type=t))

    f32, f64, c128 = tf.float32, tf.float64, tf.complex128
    batch = np.stack([np.asarray(D), np.asarray(D).T * 2])
    case("repr", lambda: repr(mat(D)))
    case("repr_batch", lambda: str(mat(batch)))
    case("dense_comps", lambda: comps(mat(D), f32))
    case("dense_unordered", lambda: comps(mat(D, [[2, 0], [0, 0]]), f32))
    case("dense_zero_entry", lambda: comps(mat(D, [[1, 1], [0, 0]]), f32))
    case("batch_comps", lambda: comps(mat(batch, dtype=np.float64), f64))
    case("st_unordered", lambda: comps(r.SparseTensorToCSRSparseMatrix(
        indices=[[2, 0], [0, 1], [0, 0]], values=[1.0, 2.0, 3.0], dense_shape=[3, 3]), f32))
    case("st_unordered_batch", lambda: comps(r.SparseTensorToCSRSparseMatrix(
        indices=[[1, 0, 2], [0, 1, 0], [1, 0, 0]], values=[1.0, 2.0, 3.0],
        dense_shape=[2, 2, 3]), f32))
    for n, bs in enumerate(([0, 1, 0], [2, 0, 1], [1, 1, 0, 0], [0, 2, 1, 2])):
        case(f"st_batch_pointers_{n}", lambda bs=bs: comps(r.SparseTensorToCSRSparseMatrix(
            indices=[[b, i % 2, i % 3] for i, b in enumerate(bs)],
            values=np.arange(1.0, len(bs) + 1, dtype=np.float32), dense_shape=[3, 2, 3]), f32))
    # (its rows reach past its values into memory TF never wrote: to_st is not recorded)
    case("st_unordered_matmul", lambda: plain(r.SparseMatrixMatMul(
        a=r.SparseTensorToCSRSparseMatrix(indices=[[2, 0], [0, 1], [0, 1], [0, 0]],
                                          values=[1.0, 2.0, 3.0, 4.0], dense_shape=[3, 3]),
        b=tf.constant(W, f32))))
    case("st_unordered_spmm", lambda: comps(r.SparseMatrixSparseMatMul(
        a=r.SparseTensorToCSRSparseMatrix(indices=[[2, 0], [0, 1], [0, 1], [0, 0]],
                                          values=[1.0, 2.0, 3.0, 4.0], dense_shape=[3, 3]),
        b=mat(W), type=f32), f32))
    case("st_dup_dense", lambda: dense(r.SparseTensorToCSRSparseMatrix(
        indices=[[0, 1], [0, 1]], values=[1.0, 2.0], dense_shape=[3, 3]), f32))
    case("st_unordered_dense", lambda: dense(r.SparseTensorToCSRSparseMatrix(
        indices=[[2, 0], [0, 1], [0, 0]], values=[1.0, 2.0, 3.0], dense_shape=[3, 3]), f32))
    case("st_empty_batch", lambda: comps(r.SparseTensorToCSRSparseMatrix(
        indices=np.zeros((0, 3), np.int64), values=np.zeros(0, np.float32),
        dense_shape=[2, 0, 3]), f32))
    case("to_st", lambda: [plain(x) for x in r.CSRSparseMatrixToSparseTensor(
        sparse_matrix=mat(batch), type=f32)])
    case("transpose_unordered", lambda: comps(r.SparseMatrixTranspose(
        input=r.SparseTensorToCSRSparseMatrix(indices=[[2, 0], [0, 1], [0, 0]],
                                              values=[1.0, 2.0, 3.0], dense_shape=[3, 3]),
        type=f32), f32))
    case("transpose_conj", lambda: comps(r.SparseMatrixTranspose(
        input=mat(C2, dtype=np.complex128), conjugate=True, type=c128), c128))
    case("transpose_batch", lambda: comps(r.SparseMatrixTranspose(
        input=mat(batch), type=f32), f32))
    for flags in ({}, {"transpose_a": True, "transpose_output": True},
                  {"adjoint_b": True, "conjugate_output": True}, {"transpose_b": True}):
        key = "_".join(sorted(flags)) or "plain"
        case(f"matmul_{key}", lambda flags=flags: plain(r.SparseMatrixMatMul(
            a=mat(D, dtype=np.float64), b=tf.constant(W, tf.float64), **flags)))
        case(f"matmul_c_{key}", lambda flags=flags: plain(r.SparseMatrixMatMul(
            a=mat(C2, dtype=np.complex128), b=tf.constant(C2, c128), **flags)))
        case(f"spmm_c_{key}", lambda flags=flags: comps(r.SparseMatrixSparseMatMul(
            a=mat(C2, dtype=np.complex128), b=mat(C2, dtype=np.complex128), type=c128,
            **{k: v for k, v in flags.items() if k[-1] in "ab"}), c128))
    case("matmul_batch", lambda: plain(r.SparseMatrixMatMul(
        a=mat(batch), b=tf.constant(np.arange(18, dtype=np.float32).reshape(2, 3, 3)),
        transpose_output=True)))
    case("spmm_cancel", lambda: comps(r.SparseMatrixSparseMatMul(
        a=mat(D, dtype=np.float64), b=mat(np.negative(D), dtype=np.float64), type=f64), f64))
    case("spmm_batch_ta", lambda: comps(r.SparseMatrixSparseMatMul(
        a=mat(batch), b=mat(batch), type=f32, transpose_a=True), f32))
    case("matmul_int", lambda: r.SparseMatrixMatMul(a=mat(D), b=np.ones((3, 2), np.int32)))
    case("matmul_batch_mismatch", lambda: r.SparseMatrixMatMul(
        a=mat(batch), b=np.ones((3, 3, 2), np.float32)))
    case("zeros_like", lambda: tf.zeros_like(mat(D)))
    case("identity_nnz", lambda: plain(r.SparseMatrixNNZ(sparse_matrix=tf.identity(mat(D)))))
    case("nnz_map", lambda: r.SparseMatrixNNZ(sparse_matrix=r.EmptyTensorMap()))
    case("components_vector_index", lambda: r.CSRSparseMatrixComponents(
        csr_sparse_matrix=mat(D), index=[0], type=f32))
    case("st_indices_rank", lambda: r.SparseTensorToCSRSparseMatrix(
        indices=[0, 0], values=[1.0], dense_shape=[3, 3]))
    case("st_values_rank", lambda: r.SparseTensorToCSRSparseMatrix(
        indices=[[0, 0]], values=[[1.0]], dense_shape=[3, 3]))
    case("st_batch_oob", lambda: r.SparseTensorToCSRSparseMatrix(
        indices=[[1, 0, 0]], values=[1.0], dense_shape=[1, 3, 3]))
    case("dense_indices_rank", lambda: r.DenseToCSRSparseMatrix(dense_input=D, indices=[0, 0]))
    case("spmm_batch_sizes", lambda: r.SparseMatrixSparseMatMul(
        a=mat(batch), b=mat(np.ones((3, 3, 3))), type=f32))
    for op, kwargs in (("SparseMatrixZeros", lambda: {"dense_shape": [3, 3], "type": f32}),
                       ("SparseMatrixAdd", lambda: {"a": mat(D), "b": mat(D), "alpha": 1.0,
                                                    "beta": 2.0}),
                       ("SparseMatrixMul", lambda: {"a": mat(D), "b": np.float64(D)}),
                       ("SparseMatrixSoftmax", lambda: {"logits": mat(D), "type": f64}),
                       ("SparseMatrixSoftmaxGrad", lambda: {"softmax": mat(D),
                                                            "grad_softmax": mat(D),
                                                            "type": f32})):
        case(op, lambda op=op, kwargs=kwargs: getattr(r, op)(**kwargs()))

    spd = np.array([[4.0, 1, 0, 1], [1, 3, 0, 0], [0, 0, 2, 1], [1, 0, 1, 5]])

    def chol(d: Any, perm: Any, t: Any = f64, dtype: Any = np.float64) -> Any:
        return r.SparseMatrixSparseCholesky(input=mat(d, dtype=dtype), permutation=perm, type=t)

    case("chol_full", lambda: comps(chol(spd, [0, 1, 2, 3]), f64))
    case("chol_upper_only", lambda: comps(chol(np.triu(spd), [0, 1, 2, 3]), f64))
    case("chol_perm", lambda: comps(chol(spd, [3, 1, 0, 2]), f64))
    case("chol_fill", lambda: comps(chol([[4.0, 1, 1], [1, 4, 0], [1, 0, 4]], [0, 1, 2]), f64))
    case("chol_cancel", lambda: comps(chol([[1.0, 1, 1], [1, 2, 1], [1, 1, 2]], [0, 1, 2]), f64))
    case("chol_batch", lambda: comps(chol(np.stack([spd, spd + np.eye(4)]),
                                          [[0, 1, 2, 3], [1, 0, 3, 2]]), f64))
    case("chol_f32", lambda: dense(chol(spd, [2, 0, 3, 1], f32, np.float32), f32))
    case("chol_complex", lambda: comps(chol([[4, 1 - 1j, 0], [1 + 1j, 3, 0], [0, 0, 2]],
                                            [2, 0, 1], c128, np.complex128), c128))
    case("chol_not_pd", lambda: chol(D, [0, 1, 2], f32, np.float32))
    case("chol_second_not_pd", lambda: chol(np.stack([spd, -spd]), [[0, 1, 2, 3]] * 2))
    case("chol_non_square", lambda: chol(np.ones((2, 3)), [0, 1]))
    case("chol_perm_rank", lambda: chol(spd, [[0, 1, 2, 3]]))
    case("chol_perm_batch", lambda: chol(np.stack([spd, spd]), [[0, 1, 2, 3]] * 3))
    case("chol_perm_size", lambda: chol(spd, [0, 1, 2]))

    # gradients, through the dense ends
    x, b = tf.constant(D, tf.float64), tf.constant(np.arange(6.0).reshape(3, 2))
    wts = tf.constant(np.arange(9.0).reshape(3, 3))
    idx = tf.where(tf.constant(D) != 0)

    def grads(f: Any, *xs: Any) -> Any:
        with tf.GradientTape() as tape:
            for v in xs:
                tape.watch(v)
            y = f(*xs)
        return [None if g is None else plain(g) for g in tape.gradient(y, list(xs))]

    def to_csr(v: Any) -> Any:
        return r.DenseToCSRSparseMatrix(dense_input=v, indices=idx)

    case("grad_dense_roundtrip", lambda: grads(lambda v: r.CSRSparseMatrixToDense(
        sparse_input=to_csr(v), type=f64) * wts, x))
    case("grad_transpose", lambda: grads(lambda v: r.CSRSparseMatrixToDense(
        sparse_input=r.SparseMatrixTranspose(input=to_csr(v), type=f64), type=f64) * wts, x))
    case("grad_st", lambda: grads(lambda v: r.CSRSparseMatrixToDense(
        sparse_input=r.SparseTensorToCSRSparseMatrix(indices=[[0, 0], [1, 1], [2, 0]],
                                                     values=v, dense_shape=[3, 3]),
        type=f64) * wts, tf.constant([1.0, 2.0, 3.0], tf.float64)))
    case("grad_to_st", lambda: grads(lambda v: r.CSRSparseMatrixToSparseTensor(
        sparse_matrix=to_csr(v), type=f64)[1] * tf.constant([1.0, 2.0, 3.0, 4.0],
                                                            tf.float64), x))
    case("grad_spmm", lambda: grads(lambda v: r.CSRSparseMatrixToDense(
        sparse_input=r.SparseMatrixSparseMatMul(a=to_csr(v), b=to_csr(v), type=f64),
        type=f64), x))
    case("grad_cholesky", lambda: grads(lambda v: r.CSRSparseMatrixToDense(
        sparse_input=r.SparseMatrixSparseCholesky(input=r.DenseToCSRSparseMatrix(
            dense_input=v, indices=tf.where(tf.constant(spd) != 0)), permutation=[0, 1, 2, 3],
            type=f64), type=f64), tf.constant(spd)))
    case("grad_components", lambda: grads(lambda v: r.CSRSparseMatrixComponents(
        csr_sparse_matrix=to_csr(v), index=0, type=f64)[2], x))
    for flags in ({}, {"transpose_a": True, "transpose_output": True},
                  {"adjoint_b": True}, {"transpose_b": True, "conjugate_output": True}):
        key = "_".join(sorted(flags)) or "plain"
        bb = b if not flags.get("transpose_b") and not flags.get("adjoint_b") else \
            tf.constant(np.arange(6.0).reshape(2, 3))
        wt = tf.constant(np.arange(6.0).reshape(2, 3) if flags.get("transpose_output")
                         else np.arange(6.0).reshape(3, 2))
        case(f"grad_matmul_{key}", lambda flags=flags, bb=bb, wt=wt: grads(
            lambda v, u: r.SparseMatrixMatMul(a=to_csr(v), b=u, **flags) * wt, x, bb))
    cx = tf.constant(np.asarray(C2, np.complex128))
    cw = tf.constant(np.array([[1 - 1j, 2], [0.5j, -1 + 2j]]))
    cidx = tf.where(cx != 0)
    for flags in ({}, {"adjoint_a": True}, {"transpose_a": True, "adjoint_b": True},
                  {"transpose_b": True, "transpose_output": True, "conjugate_output": True}):
        key = "_".join(sorted(flags)) or "plain"
        case(f"grad_matmul_c_{key}", lambda flags=flags: grads(
            lambda v, u: r.SparseMatrixMatMul(a=r.DenseToCSRSparseMatrix(
                dense_input=v, indices=cidx), b=u, **flags) * cw, cx, cx * (1 + 1j)))
    return out
