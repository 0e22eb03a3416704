"""Cases of SparseMatrixOrderingAMD (and SparseMatrixSparseCholesky given its ordering), run
through tf.raw_ops by record_csr_ordering_golden.py (TF 2.21) and by test_csr_ordering.py
(eagerflow): `run_cases(tf)` gives {case: result}, a result being nested lists of numbers
or an error as [class name, message]. The patterns come from seeded NumPy generators (the
same on both sides)."""

from typing import Any

import numpy as np

DENSITIES = (0.03, 0.08, 0.15, 0.3, 0.6)


def random_pattern(n: int, density: float, seed: int, diag: bool = True,
                   symmetric: bool = True) -> np.ndarray:
    rng = np.random.default_rng(seed)
    d = rng.random((n, n)) < density
    d = d | d.T if symmetric else d
    return d | np.eye(n, dtype=bool) if diag else d


def shuffled(pattern: np.ndarray, seed: int) -> np.ndarray:
    """A pattern's (row, col) indices in a random order, a tenth of them repeated."""
    rng = np.random.default_rng(seed)
    idx = np.argwhere(pattern)
    idx = np.concatenate([idx, idx[rng.integers(0, len(idx), len(idx) // 10)]])
    return idx[rng.permutation(len(idx))]


def grid(shape: tuple) -> np.ndarray:
    """The pattern of a grid's Laplacian (each point and its axis neighbours)."""
    size = int(np.prod(shape))
    at = np.arange(size).reshape(shape)
    d = np.eye(size, dtype=bool)
    for axis in range(len(shape)):
        a = np.moveaxis(at, axis, 0)
        d[a[1:].ravel(), a[:-1].ravel()] = True
    return d | d.T


def spd(pattern: np.ndarray, seed: int) -> np.ndarray:
    """A positive definite matrix of a symmetric pattern (diagonally dominant)."""
    rng = np.random.default_rng(seed)
    v = np.where(pattern, rng.uniform(-1, 1, pattern.shape), 0)
    v = np.tril(v, -1)
    v = v + v.T
    return v + np.diag(np.abs(v).sum(1) + 1.0)


def patterns() -> dict:
    """name -> pattern (rank 2 or 3, bool) of the ordering cases."""
    out: dict = {}
    for n in range(1, 61):
        for k, density in enumerate(DENSITIES):
            if n > 30 and k % 2 and n % 3:
                continue  # (fewer of the larger ones: the pure Python side is slow)
            out[f"rand_{n}_{density}"] = random_pattern(n, density, 1000 * n + k)
        out[f"lower_only_{n}"] = np.tril(random_pattern(n, 0.2, 7 * n, symmetric=False))
        out[f"unsym_{n}"] = random_pattern(n, 0.15, 11 * n, symmetric=False)
    for n in (1, 2, 3, 4, 5, 8, 16, 17, 18, 19, 20, 25, 40):
        out[f"full_{n}"] = np.ones((n, n), bool)
        out[f"diag_{n}"] = np.eye(n, dtype=bool)
        out[f"nodiag_{n}"] = random_pattern(n, 0.3, 5 * n, diag=False)
        out[f"empty_{n}"] = np.zeros((n, n), bool)
    for n in (6, 20, 45, 60):
        p = random_pattern(n, 0.1, 13 * n)
        p[[1, n // 2], :] = p[:, [1, n // 2]].T  # (two full rows and columns: dense ones)
        out[f"arrow_{n}"] = p | p.T
        q = random_pattern(n, 0.1, 17 * n)
        q[[0, n // 3, n - 1], :] = False
        q[:, [0, n // 3, n - 1]] = False  # (empty rows: no diagonal entry)
        out[f"empty_rows_{n}"] = q
        r = random_pattern(n, 0.12, 19 * n)
        r[np.arange(2, n, 5), np.arange(2, n, 5)] = False  # (a few rows with no diagonal)
        out[f"some_nodiag_{n}"] = r
    out["tridiag_30"] = grid((30,))
    out["grid_8x9"] = grid((8, 9))
    out["grid_15x15"] = grid((15, 15))
    out["grid_6x6x6"] = grid((6, 6, 6))
    out["grid_5x7x4"] = grid((5, 7, 4))
    out["rand_150"] = random_pattern(150, 0.02, 150)
    out["rand_300"] = random_pattern(300, 0.01, 300)
    out["rand_200_dense"] = random_pattern(200, 0.2, 200)
    for n in (5, 12, 33):
        out[f"batch_{n}"] = np.stack([random_pattern(n, dens, 100 + n + i)
                                      for i, dens in enumerate((0.1, 0.3, 0.05))])
        b = np.stack([random_pattern(n, 0.2, 200 + n), np.zeros((n, n), bool),
                      np.eye(n, dtype=bool), np.ones((n, n), bool)])
        out[f"batch_mixed_{n}"] = b
    return out


def run_cases(tf: Any) -> dict:
    r = tf.raw_ops
    out: dict = {}

    def case(name: str, f: Any) -> None:
        try:
            out[name] = f()
        except Exception as e:  # noqa: BLE001 (the error is the case's result)
            out[name] = [type(e).__name__, str(e).split(" [Op:")[0].split("}} ")[-1]]

    def mat(d: Any, dtype: Any = np.float64) -> Any:
        d = np.asarray(d)
        idx = np.argwhere(d != 0)
        vals = d[d != 0] if d.dtype != bool else np.arange(1, len(idx) + 1)
        return r.DenseToCSRSparseMatrix(dense_input=tf.constant(_scatter(d.shape, idx, vals,
                                                                         dtype)),
                                        indices=tf.constant(idx, tf.int64))

    def amd(m: Any) -> Any:
        return r.SparseMatrixOrderingAMD(input=m).numpy().tolist()

    for name, p in patterns().items():
        case(name, lambda p=p: amd(mat(p)))
    case("zero_size", lambda: amd(mat(np.zeros((0, 0)))))
    case("zero_size_batch", lambda: amd(mat(np.zeros((2, 0, 0)))))
    case("no_batch_items", lambda: amd(mat(np.zeros((0, 3, 3)))))
    case("non_square", lambda: amd(mat(np.ones((2, 3)))))
    case("non_square_batch", lambda: amd(mat(np.ones((2, 4, 3)))))
    case("rank_1_input", lambda: amd(tf.stack([mat(np.eye(2))] * 2)))
    case("not_a_matrix", lambda: amd(r.EmptyTensorMap()))
    case("complex", lambda: amd(mat(random_pattern(9, 0.3, 9) * (1 + 2j), np.complex64)))
    case("f32", lambda: amd(mat(random_pattern(14, 0.2, 14), np.float32)))
    # rows made of unsorted or repeated entries (each row reads its count of the entries)
    case("st_unsorted", lambda: amd(r.SparseTensorToCSRSparseMatrix(
        indices=[[3, 3], [0, 0], [2, 0], [1, 1], [3, 1], [2, 2], [4, 4], [4, 2], [4, 0]],
        values=np.arange(1.0, 10.0), dense_shape=[5, 5])))
    case("st_repeated", lambda: amd(r.SparseTensorToCSRSparseMatrix(
        indices=[[0, 0], [1, 0], [1, 0], [1, 1], [2, 1], [2, 2], [3, 3], [3, 0], [3, 0],
                 [3, 0]], values=np.arange(1.0, 11.0), dense_shape=[4, 4])))

    def from_indices(idx: np.ndarray, shape: list) -> Any:
        return r.SparseTensorToCSRSparseMatrix(indices=idx, values=np.ones(len(idx)),
                                               dense_shape=shape)

    for n, seed in ((60, 1), (250, 2)):
        case(f"st_shuffled_{n}", lambda n=n, seed=seed: amd(from_indices(
            shuffled(random_pattern(n, 8 / n, seed), seed), [n, n])))
    # (a batch's entries item by item, each item's shuffled)
    case("st_batch_shuffled_items", lambda: amd(from_indices(np.concatenate(
        [np.insert(shuffled(random_pattern(15, 0.2, i), i), 0, i, axis=1) for i in range(3)]),
        [3, 15, 15])))
    case("rand_700", lambda: amd(mat(random_pattern(700, 0.006, 700))))

    # SparseMatrixSparseCholesky of the ordering TF gives
    def chol(d: Any) -> Any:
        m = mat(d)
        perm = r.SparseMatrixOrderingAMD(input=m)
        c = r.SparseMatrixSparseCholesky(input=m, permutation=perm, type=tf.float64)
        nnz = r.SparseMatrixNNZ(sparse_matrix=c).numpy()
        n = 1 if nnz.ndim == 0 else len(nnz)
        return [perm.numpy().tolist(), nnz.tolist()] + [
            [x.numpy().tolist() for x in r.CSRSparseMatrixComponents(
                csr_sparse_matrix=c, index=i, type=tf.float64)] for i in range(n)]

    for n, density in ((4, 0.5), (10, 0.2), (17, 0.15), (25, 0.1), (40, 0.05)):
        case(f"chol_{n}", lambda n=n, density=density: chol(
            spd(random_pattern(n, density, 31 * n), n)))
    case("chol_grid", lambda: chol(spd(grid((5, 6)), 56)))
    case("chol_arrow", lambda: chol(spd(patterns()["arrow_20"], 20)))
    case("chol_batch", lambda: chol(np.stack([spd(random_pattern(12, 0.2, 40 + i), i)
                                              for i in range(3)])))
    return out


def _scatter(shape: tuple, idx: np.ndarray, vals: np.ndarray, dtype: Any) -> np.ndarray:
    d = np.zeros(shape, dtype)
    if len(idx):
        d[tuple(idx.T)] = vals
    return d
