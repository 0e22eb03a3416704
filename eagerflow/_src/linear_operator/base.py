"""tf.linalg.LinearOperator: a matrix known by what it does (matmul, solve, determinant...)
rather than by its entries, and the two views every operator has, its adjoint and inverse.

Linear-operator layer, above module (a LinearOperator is a tf.Module, as in TF) and ops:
everything is a composition of registered ops. A subclass gives its shape and `_matmul`,
and overrides what its structure makes cheap (a diagonal's solve, a triangle's
determinant); the defaults go through the dense matrix.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.module import Module
from eagerflow._src.ops.array import constant as _constant
from eagerflow._src.ops.array import expand_dims, squeeze
from eagerflow._src.ops.linalg import adjoint as _adjoint
from eagerflow._src.ops.linalg import det, diag_part, matmul
from eagerflow._src.ops.linalg_band_part import band_part
from eagerflow._src.ops.linalg_decomp import cholesky, slogdet, solve, triangular_solve
from eagerflow._src.ops.linalg_eye import eye
from eagerflow._src.ops.linalg_spectral import eigvalsh, svd
from eagerflow._src.ops.math import abs as _abs
from eagerflow._src.ops.math import log
from eagerflow._src.ops.math import sign as sign_
from eagerflow._src.ops.math_base import conj
from eagerflow._src.ops.reduce import reduce_max, reduce_min, reduce_prod, reduce_sum

FLOATS = (dt.float16, dt.float32, dt.float64, dt.complex64, dt.complex128)


def check_dtype(x: Any, what: str) -> Any:
    x = convert_to_tensor(x)
    if x.dtype not in FLOATS:
        raise TypeError(f"Argument `{what}` must have dtype in [tf.float16, tf.float32, "
                        f"tf.float64, tf.complex64, tf.complex128]. Received: {x.dtype}.")
    return x


class LinearOperator(Module):
    """The base of the operators: their shape and hints, and every method over the
    subclass's `_matmul` (plus what it overrides)."""

    _IDENTITY = False  # LinearOperatorIdentity: a product with it is the other factor
    _DIAGONAL = False  # LinearOperatorDiag: a triangle times it stays a triangle

    def __init__(self, dtype: Any, graph_parents: Any = None, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str | None = None,
                 parameters: dict | None = None) -> None:
        if is_positive_definite:
            if is_non_singular is False:
                raise ValueError("A positive definite matrix is always non-singular.")
            is_non_singular = True
        if is_non_singular:
            if is_square is False:
                raise ValueError("A non-singular matrix is always square.")
            is_square = True
        if is_self_adjoint:
            if is_square is False:
                raise ValueError("A self-adjoint matrix is always square.")
            is_square = True
        super().__init__(name=name)
        self._dtype = dt.as_dtype(dtype) if dtype is not None else None
        self._is_non_singular = is_non_singular
        self._is_self_adjoint = is_self_adjoint
        self._is_positive_definite = is_positive_definite
        self._is_square_hint = is_square
        self._parameters = dict(parameters or {})

    # -- what a subclass provides ---------------------------------------------------------
    def _shape(self) -> TensorShape:
        raise NotImplementedError

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        raise NotImplementedError

    # -- structure ------------------------------------------------------------------------
    @property
    def dtype(self) -> Any:
        return self._dtype

    @property
    def parameters(self) -> dict:
        return dict(self._parameters)

    @property
    def shape(self) -> TensorShape:
        return self._shape()

    @property
    def batch_shape(self) -> TensorShape:
        return self.shape[:-2]

    @property
    def tensor_rank(self) -> int | None:
        return self.shape.rank

    @property
    def domain_dimension(self) -> Any:
        return self.shape[-1]

    @property
    def range_dimension(self) -> Any:
        return self.shape[-2]

    def shape_tensor(self, name: str = "shape_tensor") -> Any:
        return _constant(self.shape.as_list(), dtype=dt.int32)

    def batch_shape_tensor(self, name: str = "batch_shape_tensor") -> Any:
        return _constant(self.batch_shape.as_list(), dtype=dt.int32)

    def tensor_rank_tensor(self, name: str = "tensor_rank_tensor") -> Any:
        return _constant(self.tensor_rank, dtype=dt.int32)

    def domain_dimension_tensor(self, name: str = "domain_dimension_tensor") -> Any:
        return _constant(self.domain_dimension, dtype=dt.int32)

    def range_dimension_tensor(self, name: str = "range_dimension_tensor") -> Any:
        return _constant(self.range_dimension, dtype=dt.int32)

    @property
    def is_non_singular(self) -> bool | None:
        return self._is_non_singular

    @property
    def is_self_adjoint(self) -> bool | None:
        return self._is_self_adjoint

    @property
    def is_positive_definite(self) -> bool | None:
        return self._is_positive_definite

    @property
    def is_square(self) -> bool | None:
        if self._is_square_hint is not None:
            return self._is_square_hint
        n, m = self.shape[-2:]
        return None if n is None or m is None else n == m

    @property
    def graph_parents(self) -> list:
        return []

    # -- checks ---------------------------------------------------------------------------
    def _check_square(self, what: str) -> None:
        if self.is_square is False:
            raise NotImplementedError(f"{what} not implemented for an operator that is "
                                      f"expected to not be square.")

    def _check_solvable(self) -> None:
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is "
                                      "expected to be singular.")
        self._check_square("Exact solve")

    def _check_arg(self, x: Any, adjoint: bool, adjoint_arg: bool, solving: bool = False) -> Any:
        x = convert_to_tensor(x, dtype_hint=self.dtype)
        if x.dtype is not self.dtype:
            raise TypeError(f"Expected argument to have dtype {self.dtype}.  Found: {x.dtype} "
                            f"in tensor {x!s}")
        if x.shape.rank is not None and x.shape.rank >= 2:
            rows = x.shape[-1] if adjoint_arg else x.shape[-2]
            want = self.range_dimension if adjoint != solving else self.domain_dimension
            if rows is not None and want is not None and rows != want:
                raise ValueError(f"Dimensions {want} and {rows} are not compatible")
        return x

    # -- the operator's action ----------------------------------------------------------
    def matmul(self, x: Any, adjoint: bool = False, adjoint_arg: bool = False,
               name: str = "matmul") -> Any:
        """This operator (or its adjoint) times x (or x's adjoint); with another operator,
        their product as an operator."""
        if isinstance(x, LinearOperator):
            return self._matmul_operator(*self._operands(x, adjoint, adjoint_arg, "x"))
        return self._matmul(self._check_arg(x, adjoint, adjoint_arg), adjoint, adjoint_arg)

    def _operands(self, other: LinearOperator, adjoint: bool, adjoint_arg: bool,
                  what: str) -> tuple:
        """(left, right) of a product of operators, checked to fit together."""
        left = self.adjoint() if adjoint else self
        right = other.adjoint() if adjoint_arg else other
        n, m = left.domain_dimension, right.range_dimension
        if n is not None and m is not None and n != m:
            raise ValueError(f"Operators are incompatible. Expected `{what}` to have "
                             f"dimension {n} but got {m}.")
        return left, right

    def _matmul_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        """left @ right as an operator; subclasses keep their structure where they can."""
        if right._IDENTITY:
            return left
        return _product(left, left, right)

    def _solve_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        """left^-1 @ right as an operator."""
        if right._IDENTITY:
            return left.inverse()
        return _product(LinearOperatorInversion(left), left, right)

    def __matmul__(self, other: Any) -> Any:
        return self.matmul(other)

    def matvec(self, x: Any, adjoint: bool = False, name: str = "matvec") -> Any:
        x = convert_to_tensor(x, dtype_hint=self.dtype)
        return squeeze(self.matmul(expand_dims(x, -1), adjoint=adjoint), -1)

    def solve(self, rhs: Any, adjoint: bool = False, adjoint_arg: bool = False,
              name: str = "solve") -> Any:
        """x with (this operator, or its adjoint) @ x = rhs (or rhs's adjoint)."""
        self._check_solvable()
        if isinstance(rhs, LinearOperator):
            return self._solve_operator(*self._operands(rhs, adjoint, adjoint_arg, "rhs"))
        rhs = self._check_arg(rhs, adjoint, adjoint_arg, solving=True)
        return self._solve(rhs, adjoint, adjoint_arg)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        return solve(self.to_dense(), rhs, adjoint=adjoint)

    def solvevec(self, rhs: Any, adjoint: bool = False, name: str = "solve") -> Any:
        rhs = convert_to_tensor(rhs, dtype_hint=self.dtype)
        return squeeze(self.solve(expand_dims(rhs, -1), adjoint=adjoint), -1)

    def to_dense(self, name: str = "to_dense") -> Any:
        return self._to_dense()

    def _to_dense(self) -> Any:
        n = self.domain_dimension
        ident = eye(n, batch_shape=self.batch_shape.as_list(), dtype=self.dtype)
        return self._matmul(ident, False, False)

    def add_to_tensor(self, x: Any, name: str = "add_to_tensor") -> Any:
        return convert_to_tensor(x, dtype_hint=self.dtype) + self.to_dense()

    # -- scalars --------------------------------------------------------------------------
    def determinant(self, name: str = "det") -> Any:
        self._check_square("Determinant")
        return self._determinant()

    def _determinant(self) -> Any:
        return det(self.to_dense())

    def log_abs_determinant(self, name: str = "log_abs_det") -> Any:
        self._check_square("Determinant")
        return self._log_abs_determinant()

    def _log_abs_determinant(self) -> Any:
        return slogdet(self.to_dense())[1]

    def trace(self, name: str = "trace") -> Any:
        return reduce_sum(self.diag_part(), -1)

    def diag_part(self, name: str = "diag_part") -> Any:
        return self._diag_part()

    def _diag_part(self) -> Any:
        return diag_part(self.to_dense())

    def eigvals(self, name: str = "eigvals") -> Any:
        if not self.is_self_adjoint:
            raise NotImplementedError("Only self-adjoint matrices are supported.")
        return self._eigvals()

    def _eigvals(self) -> Any:
        return eigvalsh(self.to_dense())

    def cond(self, name: str = "cond") -> Any:
        return self._cond()

    def _cond(self) -> Any:
        """The ratio of the largest and smallest singular values (for a self-adjoint
        operator, of the eigenvalues' magnitudes)."""
        s = _abs(self._eigvals()) if self.is_self_adjoint else \
            svd(self.to_dense(), compute_uv=False)
        return reduce_max(s, -1) / reduce_min(s, -1)

    # -- derived operators ----------------------------------------------------------------
    def adjoint(self, name: str = "adjoint") -> LinearOperator:
        if self.is_self_adjoint:
            return self
        return self._adjoint_operator()

    def _adjoint_operator(self) -> LinearOperator:
        return LinearOperatorAdjoint(self)

    @property
    def H(self) -> LinearOperator:  # noqa: N802  (TF's name)
        return self.adjoint()

    def inverse(self, name: str = "inverse") -> LinearOperator:
        if self.is_square is False:
            raise ValueError("Cannot take the Inverse: This operator represents a non square "
                             "matrix.")
        if self.is_non_singular is False:
            raise ValueError("Cannot take the Inverse: This operator represents a singular "
                             "matrix.")
        return self._inverse_operator()

    def _inverse_operator(self) -> LinearOperator:
        return LinearOperatorInversion(self)

    def cholesky(self, name: str = "cholesky") -> LinearOperator:
        if not (self.is_self_adjoint and self.is_positive_definite):
            raise ValueError("Cannot take the Cholesky decomposition: Not a positive definite "
                             "self adjoint matrix.")
        return self._cholesky_operator()

    def _cholesky_operator(self) -> LinearOperator:
        return LinearOperatorLowerTriangular(cholesky(self.to_dense()), is_non_singular=True,
                                             is_self_adjoint=False, is_square=True)

    # -- assertions (eagerly they check now; None as TF returns eagerly) ------------------
    def assert_non_singular(self, name: str = "assert_non_singular") -> None:
        if bool(reduce_min(_abs(self.diag_part() if self._triangular() else
                                 svd(self.to_dense(), compute_uv=False))) == 0):
            raise InvalidArgumentError(None, None, "Singular operator: a singular value is 0.")

    def _triangular(self) -> bool:
        return False

    def assert_positive_definite(self, name: str = "assert_positive_definite") -> None:
        cholesky(self.to_dense())  # raises where it is not

    def assert_self_adjoint(self, name: str = "assert_self_adjoint") -> None:
        dense = self.to_dense()
        if not bool(reduce_max(_abs(dense - _adjoint(dense))) == 0):
            raise InvalidArgumentError(None, None, "Operator was not self-adjoint.")


class _Derived(LinearOperator):
    """An operator made from one other (its adjoint, its inverse), which has each of its
    hints exactly when the other does: a hint given contradicting the other's is refused,
    one not given is the other's. The name is the operator's with _SUFFIX."""

    _SUFFIX = ""
    _WHAT = ""  # (what the derived operator is of the other, in the refusal)

    def __init__(self, operator: LinearOperator, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str | None = None) -> None:
        self.operator = operator
        hints = {key: self._hint(key, given) for key, given in (
            ("is_square", is_square), ("is_non_singular", is_non_singular),
            ("is_self_adjoint", is_self_adjoint), ("is_positive_definite", is_positive_definite))}
        super().__init__(operator.dtype, **hints,
                         name=name or operator.name + self._SUFFIX,
                         parameters={"operator": operator, "is_non_singular": is_non_singular,
                                     "is_self_adjoint": is_self_adjoint,
                                     "is_positive_definite": is_positive_definite,
                                     "is_square": is_square, "name": name})

    def _hint(self, key: str, given: bool | None) -> bool | None:
        inherited = getattr(self.operator, key)
        if inherited is not None and given is not None and bool(inherited) != bool(given):
            words = key[3:].replace("_", "-")
            raise ValueError(f"An operator is {words} if and only if its {self._WHAT} is "
                             f"{words}.")
        return True if inherited or given else (
            False if inherited is False or given is False else None)


class LinearOperatorAdjoint(_Derived):
    """The adjoint (conjugate transpose) of an operator."""

    _WHAT = "adjoint"

    _SUFFIX = "_adjoint"

    def _shape(self) -> TensorShape:
        s = self.operator.shape
        return s[:-2].concatenate([s[-1], s[-2]])

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self.operator._matmul(x, not adjoint, adjoint_arg)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self.operator._solve(rhs, not adjoint, adjoint_arg)

    def _to_dense(self) -> Any:
        return _adjoint(self.operator.to_dense())

    def _determinant(self) -> Any:
        d = self.operator.determinant()
        return conj(d) if d.dtype.is_complex else d

    def _log_abs_determinant(self) -> Any:
        return self.operator.log_abs_determinant()

    def _diag_part(self) -> Any:
        d = self.operator.diag_part()
        return conj(d) if d.dtype.is_complex else d

    def _adjoint_operator(self) -> LinearOperator:
        return self.operator


class LinearOperatorInversion(_Derived):
    """The inverse of a non-singular operator: its matmul is the operator's solve."""

    _SUFFIX = "_inv"
    _WHAT = "inverse"

    def __init__(self, operator: LinearOperator, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str | None = None) -> None:
        for key, given in (("is_non_singular", is_non_singular), ("is_square", is_square)):
            if getattr(operator, key) is False or given is False:
                raise ValueError(f"Argument `{key}` or argument `operator` must have supplied "
                                 f"hint `{key}` equal to `True` or `None`. Found "
                                 f"`operator.{key}`: {getattr(operator, key)}, `{key}`: "
                                 f"{given}.")
        super().__init__(operator, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name)

    def _shape(self) -> TensorShape:
        return self.operator.shape

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self.operator._solve(x, adjoint, adjoint_arg)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self.operator._matmul(rhs, adjoint, adjoint_arg)

    def _determinant(self) -> Any:
        return 1.0 / self.operator.determinant()

    def _log_abs_determinant(self) -> Any:
        return -self.operator.log_abs_determinant()

    def _inverse_operator(self) -> LinearOperator:
        return self.operator



# -- what the hints of two operators say about their product (TF's rules) ----------------
def both_non_singular(a: LinearOperator, b: LinearOperator) -> bool | None:
    if a.is_non_singular is False or b.is_non_singular is False:
        return False
    return a.is_non_singular and b.is_non_singular


def commuting_product_hints(a: LinearOperator, b: LinearOperator) -> dict:
    """The hints of a @ b for operators that commute (diagonals, scaled identities)."""
    sa = {a.is_self_adjoint, b.is_self_adjoint}
    pd = all(o.is_positive_definite is True and o.is_self_adjoint is True for o in (a, b))
    return {"is_non_singular": both_non_singular(a, b),
            "is_self_adjoint": True if sa == {True} else False if sa == {True, False} else None,
            "is_positive_definite": True if pd else None}


def _square_product(a: LinearOperator, b: LinearOperator) -> bool | None:
    if a.is_square and b.is_square:
        return True
    if a.is_square is False and b.is_square is False:
        m, n = a.range_dimension, b.domain_dimension
        if m is not None and n is not None:
            return m == n
    if None not in (a.is_square, b.is_square) and a.is_square != b.is_square:
        return False
    return None


def _product(first: LinearOperator, left: LinearOperator,
             right: LinearOperator) -> LinearOperator:
    """first @ right as a composition, with the hints left @ right allows."""
    square = _square_product(left, right)
    hints = dict.fromkeys(("is_non_singular", "is_self_adjoint", "is_positive_definite"))
    if square:
        hints["is_non_singular"] = both_non_singular(left, right)
    elif square is False:
        hints = dict.fromkeys(hints, False)
    return LinearOperatorComposition([first, right], is_square=square, **hints)


def _adjoint_pair(x: LinearOperator, y: LinearOperator) -> bool:
    if x is y and x.is_self_adjoint is not None:
        return x.is_self_adjoint
    return x.H is y or y.H is x


def _aat_form(operators: list) -> bool:
    """Whether the operators are A1 ... An An^H ... A1^H."""
    n = len(operators)
    return n % 2 == 0 and all(_adjoint_pair(operators[i], operators[-1 - i])
                              for i in range(n // 2))



class LinearOperatorFullMatrix(LinearOperator):
    """A dense matrix (batch) as an operator."""

    def __init__(self, matrix: Any, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorFullMatrix") -> None:
        self._matrix = check_dtype(matrix, "matrix")
        if self._matrix.shape.rank is not None and self._matrix.shape.rank < 2:
            raise ValueError(f"Argument `matrix` must have at least 2 dimensions. Received: "
                             f"{self._matrix}.")
        super().__init__(self._matrix.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         name=name, parameters={"matrix": matrix,
                                                "is_non_singular": is_non_singular,
                                                "is_self_adjoint": is_self_adjoint,
                                                "is_positive_definite": is_positive_definite,
                                                "is_square": is_square, "name": name})

    def _shape(self) -> TensorShape:
        return self._matrix.shape

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return matmul(self._matrix, x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _to_dense(self) -> Any:
        return self._matrix


class LinearOperatorLowerTriangular(LinearOperator):
    """A lower-triangular matrix (what is above the diagonal of `tril` is ignored)."""

    def __init__(self, tril: Any, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None,
                 name: str = "LinearOperatorLowerTriangular") -> None:
        if is_square is False:
            raise ValueError("Only square lower triangular operators supported at this time.")
        tril = convert_to_tensor(tril)
        if tril.shape.rank is not None and tril.shape.rank < 2:
            raise ValueError(f"Argument tril must have at least 2 dimensions.  Found: {tril!s}")
        self._tril = band_part(tril, -1, 0)
        super().__init__(self._tril.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True,
                         name=name, parameters={"tril": tril, "is_non_singular": is_non_singular,
                                                "is_self_adjoint": is_self_adjoint,
                                                "is_positive_definite": is_positive_definite,
                                                "is_square": is_square, "name": name})

    def _shape(self) -> TensorShape:
        return self._tril.shape

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return matmul(self._tril, x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        return triangular_solve(self._tril, rhs, lower=True, adjoint=adjoint)

    def _to_dense(self) -> Any:
        return self._tril

    def _determinant(self) -> Any:
        return reduce_prod(diag_part(self._tril), -1)

    def _log_abs_determinant(self) -> Any:
        return reduce_sum(log(_abs(diag_part(self._tril))), -1)

    def _triangular(self) -> bool:
        return True

    def _eigvals(self) -> Any:
        return diag_part(self._tril)

    @property
    def tril(self) -> Any:
        return self._tril

    def _matmul_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        if right._DIAGONAL:  # L @ D scales L's columns: still lower-triangular
            return LinearOperatorLowerTriangular(
                left.to_dense() * right.diag, is_non_singular=both_non_singular(right, left),
                is_self_adjoint=commuting_product_hints(right, left)["is_self_adjoint"],
                is_square=True)
        return super()._matmul_operator(left, right)


class LinearOperatorComposition(LinearOperator):
    """The product A1 A2 ... An of operators, applied right to left."""

    def __init__(self, operators: list, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str | None = None) -> None:
        operators = check_operators(operators)
        if all(o.is_non_singular for o in operators):
            if is_non_singular is False:
                raise ValueError("The composition of non-singular operators is always "
                                 "non-singular.")
            is_non_singular = True
        aat = _aat_form(operators)
        if aat or (len(operators) == 1 and operators[0].is_self_adjoint):
            if is_self_adjoint is False:
                raise ValueError("The composition was determined to be self-adjoint but user "
                                 "provided incorrect `False` hint.")
            is_self_adjoint = True
        if aat:
            if is_square is False:
                raise ValueError("The composition was determined have the form A @ A.H, hence "
                                 "it must be square. The user provided an incorrect `False` "
                                 "hint.")
            is_square = True
            if is_non_singular:
                if is_positive_definite is False:
                    raise ValueError("The composition was determined to be non-singular and "
                                     "have the form A @ A.H, hence it must be "
                                     "positive-definite. The user provided an incorrect "
                                     "`False` hint.")
                is_positive_definite = True
        self._operators = operators
        name = name or "_o_".join(o.name for o in operators)
        super().__init__(operators[0].dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         name=name, parameters={"operators": operators,
                                                "is_non_singular": is_non_singular,
                                                "is_self_adjoint": is_self_adjoint,
                                                "is_positive_definite": is_positive_definite,
                                                "is_square": is_square, "name": name})

    @property
    def operators(self) -> list:
        return list(self._operators)

    def _shape(self) -> TensorShape:
        batch = TensorShape([])
        for o in self._operators:
            batch = broadcast_batch(batch, o.batch_shape)
        return batch.concatenate([self._operators[0].range_dimension,
                                  self._operators[-1].domain_dimension])

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        ops = self._operators if adjoint else self._operators[::-1]
        out = ops[0].matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for o in ops[1:]:
            out = o.matmul(out, adjoint=adjoint)
        return out

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        ops = self._operators[::-1] if adjoint else self._operators
        out = ops[0].solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for o in ops[1:]:
            out = o.solve(out, adjoint=adjoint)
        return out

    def _determinant(self) -> Any:
        return product_of_determinants(self._operators)

    def _log_abs_determinant(self) -> Any:
        return sum_of_log_abs_determinants(self._operators)

    def _cholesky_operator(self) -> LinearOperator:
        left = self._operators[0]
        if len(self._operators) != 2 or not _aat_form(self._operators) or \
                not isinstance(left, LinearOperatorLowerTriangular):
            return super()._cholesky_operator()
        if left.is_positive_definite:  # L L^H with L's diagonal positive: L is the factor
            return left
        sign = expand_dims(sign_(left.diag_part()), -2)  # made positive column by column
        return LinearOperatorLowerTriangular(
            left.tril / sign, is_non_singular=left.is_non_singular,
            is_self_adjoint=left.is_self_adjoint,
            is_positive_definite=True if left.is_positive_definite else None, is_square=True)


def check_operators(operators: Any) -> list:
    """The operators of a composition or block diagonal: at least one, of one dtype."""
    operators = list(operators)
    if not operators:
        raise ValueError(f"Expected a non-empty list of operators. Found: {operators}")
    if len({o.dtype for o in operators}) > 1:
        raise TypeError("Expected all operators to have the same dtype.  Found " +
                        "   ".join(str((o.name, o.dtype)) for o in operators))
    return operators


def product_of_determinants(operators: list) -> Any:
    out = operators[0].determinant()
    for o in operators[1:]:
        out = out * o.determinant()
    return out


def sum_of_log_abs_determinants(operators: list) -> Any:
    out = operators[0].log_abs_determinant()
    for o in operators[1:]:
        out = out + o.log_abs_determinant()
    return out


def broadcast_batch(a: TensorShape, b: TensorShape) -> TensorShape:
    """Two batch shapes broadcast together (unknown where either is)."""
    if a.rank is None or b.rank is None:
        return TensorShape(None)
    x, y = a.as_list(), b.as_list()
    n = max(len(x), len(y))
    x, y = [1] * (n - len(x)) + x, [1] * (n - len(y)) + y
    out = []
    for p, q in zip(x, y):
        if p is None or q is None:
            out.append(None if (p or 1) == 1 or (q or 1) == 1 else p or q)
        elif p != q and 1 not in (p, q):
            raise ValueError(f"Incompatible batch shapes {a} and {b}")
        else:
            out.append(max(p, q))
    return TensorShape(out)
