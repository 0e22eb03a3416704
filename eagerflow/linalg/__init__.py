"""tf.linalg: linear algebra."""

from eagerflow._src.ops.linalg import (  # noqa: F401
    adjoint, det, inv, matmul, matrix_transpose, matvec, tensordot, trace,
)
from eagerflow._src.ops.linalg_band_part import band_part  # noqa: F401
from eagerflow._src.ops.linalg_eye import eye  # noqa: F401
from eagerflow._src.ops.einsum import einsum  # noqa: F401
from eagerflow._src.ops.global_norms import global_norm  # noqa: F401
from eagerflow._src.ops.norms import norm  # noqa: F401
from eagerflow._src.ops.nn_norm import l2_normalize  # noqa: F401
from eagerflow._src.ops.linalg_decomp import (  # noqa: F401
    cholesky, cholesky_solve, cross, logdet, qr, slogdet, solve, triangular_solve,
)
from eagerflow._src.ops.linalg_spectral import eigh, eigvalsh, svd  # noqa: F401
from eagerflow._src.ops.linalg_general import eig, eigvals, lu  # noqa: F401
from eagerflow._src.ops.linalg_diag import diag, diag_part, set_diag  # noqa: F401
from eagerflow._src.ops.linalg_diag_bands import tensor_diag, tensor_diag_part  # noqa: F401
from eagerflow._src.ops.linalg_banded import banded_triangular_solve  # noqa: F401
from eagerflow._src.ops.linalg_matfunc import eigh_tridiagonal, expm, logm, sqrtm  # noqa: F401
from eagerflow._src.linear_operator.base import (  # noqa: F401
    LinearOperator, LinearOperatorAdjoint, LinearOperatorComposition, LinearOperatorFullMatrix,
    LinearOperatorInversion, LinearOperatorLowerTriangular,
)
from eagerflow._src.linear_operator.operators import (  # noqa: F401
    LinearOperatorBlockDiag, LinearOperatorDiag, LinearOperatorIdentity, LinearOperatorKronecker,
    LinearOperatorLowRankUpdate, LinearOperatorScaledIdentity, LinearOperatorTridiag,
)
from eagerflow._src.linear_operator.structured import (  # noqa: F401
    LinearOperatorBlockLowerTriangular, LinearOperatorCirculant, LinearOperatorCirculant2D,
    LinearOperatorCirculant3D, LinearOperatorHouseholder, LinearOperatorPermutation,
    LinearOperatorToeplitz, LinearOperatorZeros,
)
from eagerflow._src.ops.linalg_functions import (  # noqa: F401
    lstsq, lu_matrix_inverse, lu_reconstruct, lu_solve, matrix_rank, normalize, pinv,
    tridiagonal_matmul, tridiagonal_solve,
)
from eagerflow.linalg import experimental  # noqa: F401, E402

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("linalg", globals())
del _api_names
