"""keras.ops.linalg (re-exports only)."""

from eagerflow._src.keras.ops.linalg import (  # noqa: F401
    cholesky as cholesky, cholesky_inverse as cholesky_inverse, det as det, eig as eig,
    eigh as eigh, inv as inv, jvp as jvp, lstsq as lstsq, lu_factor as lu_factor,
    matrix_rank as matrix_rank, norm as norm, pinv as pinv, qr as qr, solve as solve,
    solve_triangular as solve_triangular, svd as svd,
)
