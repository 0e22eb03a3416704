"""The LinearOperators whose behaviour operators_golden.json records from TF 2.21 (by
make_operators_golden.py) and test_more_operators.py checks eagerflow against: Circulant
(1-D, 2-D, 3-D), Householder, Permutation, Toeplitz, Zeros and BlockLowerTriangular.

`operators(tf)` builds them with whichever module is passed as `tf`; `record(tf, op)` runs
every method on one, each result an array or the error it raised."""

import numpy as np


def operators(tf):
    """name -> a function of no arguments building the operator."""
    L = tf.linalg
    rng = np.random.RandomState(7)
    spectrum = np.fft.fft([4.0, 1.0, 0.5, 0.25]).astype(np.complex64)
    hermitian = np.fft.fft([3.0, 1.0, 0.2, 0.2, 1.0]).astype(np.complex128)
    full2 = rng.uniform(-1, 1, (2, 2)) + 3 * np.eye(2)
    batch_spectrum = (rng.uniform(1, 2, (2, 3)) + 1j * rng.uniform(-1, 1, (2, 3))).astype(
        np.complex128)
    spectrum2 = np.fft.fft2(rng.uniform(-1, 1, (2, 3))).astype(np.complex64) + 4
    spectrum3 = np.fft.fftn(rng.uniform(-1, 1, (2, 2, 2))).astype(np.complex128) + 5
    axes = rng.uniform(-1, 1, (2, 4))
    below = rng.uniform(-1, 1, (3, 2))
    return {
        "circulant": lambda: L.LinearOperatorCirculant(spectrum),
        "circulant_real": lambda: L.LinearOperatorCirculant(
            spectrum, input_output_dtype=tf.float32),
        "circulant_hermitian": lambda: L.LinearOperatorCirculant(
            hermitian, input_output_dtype=tf.float64, is_self_adjoint=True),
        "circulant_batch": lambda: L.LinearOperatorCirculant(batch_spectrum),
        "circulant2d": lambda: L.LinearOperatorCirculant2D(spectrum2),
        "circulant3d": lambda: L.LinearOperatorCirculant3D(
            spectrum3, input_output_dtype=tf.float64),
        "householder": lambda: L.LinearOperatorHouseholder([1.0, 2.0, 2.0]),
        "householder_batch": lambda: L.LinearOperatorHouseholder(axes),
        "householder_complex": lambda: L.LinearOperatorHouseholder(
            np.array([1 + 1j, 2 - 1j, 0.5j])),
        "permutation": lambda: L.LinearOperatorPermutation([1, 2, 0]),
        "permutation_odd": lambda: L.LinearOperatorPermutation(
            np.array([[3, 0, 2, 1], [0, 1, 2, 3]]), dtype=tf.float64),
        "toeplitz": lambda: L.LinearOperatorToeplitz([1.0, 2.0, 3.0], [1.0, 4.0, 5.0]),
        "toeplitz_symmetric": lambda: L.LinearOperatorToeplitz(
            np.array([4.0, 1.0, 0.5, 0.1]), np.array([4.0, 1.0, 0.5, 0.1]),
            is_self_adjoint=True, is_positive_definite=True),
        "zeros": lambda: L.LinearOperatorZeros(3),
        "zeros_rect": lambda: L.LinearOperatorZeros(2, 3, is_square=False,
                                                    is_self_adjoint=False),
        "zeros_batch": lambda: L.LinearOperatorZeros(2, batch_shape=[3], dtype=tf.float64),
        "block_lower": lambda: L.LinearOperatorBlockLowerTriangular([
            [L.LinearOperatorFullMatrix(full2)],
            [L.LinearOperatorFullMatrix(below),
             L.LinearOperatorDiag(np.array([2.0, 5.0, 1.5]))]]),
        "block_lower3": lambda: L.LinearOperatorBlockLowerTriangular([
            [L.LinearOperatorDiag(np.array([2.0]))],
            [L.LinearOperatorFullMatrix(np.array([[1.0]])), L.LinearOperatorDiag(np.array([3.0]))],
            [L.LinearOperatorFullMatrix(np.array([[0.5], [1.0]])),
             L.LinearOperatorFullMatrix(np.array([[2.0], [-1.0]])),
             L.LinearOperatorFullMatrix(full2)]]),
    }


def bad_constructions(tf):
    """name -> a construction that TF refuses."""
    L = tf.linalg
    return {
        "circulant_real_spectrum": lambda: L.LinearOperatorCirculant([1.0, 2.0]),
        "circulant_rank0": lambda: L.LinearOperatorCirculant(np.complex64(1.0)),
        "circulant2d_rank1": lambda: L.LinearOperatorCirculant2D(np.ones(3, np.complex64)),
        "householder_rank0": lambda: L.LinearOperatorHouseholder(1.0),
        "householder_pd": lambda: L.LinearOperatorHouseholder([1.0, 0.0],
                                                              is_positive_definite=True),
        "householder_not_sa": lambda: L.LinearOperatorHouseholder([1.0, 0.0],
                                                                  is_self_adjoint=False),
        "permutation_float": lambda: L.LinearOperatorPermutation([0.0, 1.0]),
        "permutation_singular": lambda: L.LinearOperatorPermutation([0, 1],
                                                                    is_non_singular=False),
        "toeplitz_int": lambda: L.LinearOperatorToeplitz([1, 2], [1, 3]),
        "zeros_nonsquare": lambda: L.LinearOperatorZeros(2, 3),
        "zeros_negative": lambda: L.LinearOperatorZeros(-1),
        "zeros_non_singular": lambda: L.LinearOperatorZeros(2, is_non_singular=True),
        "block_lower_empty": lambda: L.LinearOperatorBlockLowerTriangular([]),
        "block_lower_ragged": lambda: L.LinearOperatorBlockLowerTriangular([
            [L.LinearOperatorDiag([1.0])], [L.LinearOperatorDiag([1.0])]]),
        "block_lower_dtypes": lambda: L.LinearOperatorBlockLowerTriangular([
            [L.LinearOperatorDiag([1.0])],
            [L.LinearOperatorDiag(np.array([1.0])), L.LinearOperatorDiag([1.0])]]),
    }


def _arg(op, cols=2, seed=0, rows=None):
    n = op.shape[-1] if rows is None else rows
    rng = np.random.RandomState(seed)
    x = rng.uniform(-1, 1, tuple(op.batch_shape) + (n, cols))
    if op.dtype.is_complex:
        x = x + 1j * rng.uniform(-1, 1, x.shape)
    return x.astype(op.dtype.as_numpy_dtype)


def record(tf, op):
    """method -> its result (list of arrays) or {"error": class, "message": ...}."""
    def attempt(fn):
        try:
            v = fn()
        except Exception as e:  # noqa: BLE001  (the error is the recorded result)
            return {"error": type(e).__name__, "message": str(e)}
        return v

    out = {
        "name": op.name, "dtype": op.dtype.name, "shape": [int(d) for d in op.shape],
        "hints": [op.is_non_singular, op.is_self_adjoint, op.is_positive_definite,
                  op.is_square],
        "adjoint_dtype": op.adjoint().dtype.name,
    }
    x = _arg(op)
    arrays = {
        "to_dense": lambda: op.to_dense(),
        "matmul": lambda: op.matmul(x),
        "matmul_adjoint": lambda: op.matmul(_arg(op, rows=op.shape[-2]), adjoint=True),
        "matvec": lambda: op.matvec(x[..., 0]),
        "solve": lambda: op.solve(x),
        "solve_adjoint": lambda: op.solve(x, adjoint=True),
        "determinant": lambda: op.determinant(),
        "log_abs_determinant": lambda: op.log_abs_determinant(),
        "trace": lambda: op.trace(),
        "diag_part": lambda: op.diag_part(),
        "eigvals": lambda: op.eigvals(),
        "adjoint": lambda: op.adjoint().to_dense(),
        "inverse": lambda: op.inverse().to_dense(),
    }
    for name, fn in arrays.items():
        out[name] = attempt(lambda fn=fn: np.asarray(fn()))
    return out
