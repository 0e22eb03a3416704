"""The structured LinearOperators: Diag, Identity, ScaledIdentity, Tridiag, BlockDiag,
Kronecker and LowRankUpdate (FullMatrix, LowerTriangular and Composition are in base.py).

Linear-operator layer. Each uses its structure where TF's does: a diagonal solves by
division, identities do nothing, block-diagonal operators act block by block, a Kronecker
product's determinant is the factors' determinants raised to the other factors' sizes, a
low-rank update solves by the Woodbury identity and takes its determinant by the matrix
determinant lemma.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.linear_operator.base import (
    LinearOperator,
    LinearOperatorFullMatrix,
    LinearOperatorLowerTriangular,
    both_non_singular,
    broadcast_batch,
    check_operators,
    commuting_product_hints,
    product_of_determinants,
    sum_of_log_abs_determinants,
)
from eagerflow._src.ops.array import concat, expand_dims, ones, reshape, split, zeros
from eagerflow._src.ops.linalg import adjoint as _adjoint
from eagerflow._src.ops.linalg import diag, diag_part, matmul
from eagerflow._src.ops.linalg_decomp import solve
from eagerflow._src.ops.linalg_eye import eye
from eagerflow._src.ops.math import abs as _abs
from eagerflow._src.ops.math import equal, log, reciprocal, sqrt
from eagerflow._src.ops.math_base import conj, where
from eagerflow._src.ops.reduce import reduce_max, reduce_min, reduce_prod, reduce_sum
from eagerflow._src.ops.stacking import unstack


def _maybe_conj(x: Any, adjoint: bool) -> Any:
    return conj(x) if adjoint and x.dtype.is_complex else x


class LinearOperatorDiag(LinearOperator):
    """diag(d): scales each coordinate."""

    _DIAGONAL = True

    def __init__(self, diag: Any, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorDiag") -> None:
        self._diag = convert_to_tensor(diag)
        if self._diag.shape.rank is not None and self._diag.shape.rank < 1:
            raise ValueError(f"Argument diag must have at least 1 dimension.  Found: "
                             f"{self._diag!s}")
        if is_square is False:
            raise ValueError("Only square diagonal operators currently supported.")
        if not self._diag.dtype.is_complex:  # a real diagonal is its own adjoint
            if is_self_adjoint is False:
                raise ValueError("A real diagonal operator is always self adjoint.")
            is_self_adjoint = True
        super().__init__(self._diag.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(diag=diag, is_non_singular=is_non_singular,
                                            is_self_adjoint=is_self_adjoint,
                                            is_positive_definite=is_positive_definite,
                                            is_square=is_square, name=name))

    @property
    def diag(self) -> Any:
        return self._diag

    def _shape(self) -> TensorShape:
        s = self._diag.shape
        return s.concatenate([s[-1]])

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        x = _adjoint(x) if adjoint_arg else x
        return expand_dims(_maybe_conj(self._diag, adjoint), -1) * x

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        return rhs / expand_dims(_maybe_conj(self._diag, adjoint), -1)

    def _to_dense(self) -> Any:
        return diag(self._diag)

    def _diag_part(self) -> Any:
        return self._diag

    def _determinant(self) -> Any:
        return reduce_prod(self._diag, -1)

    def _log_abs_determinant(self) -> Any:
        return reduce_sum(log(_abs(self._diag)), -1)

    def _eigvals(self) -> Any:
        return self._diag

    def _triangular(self) -> bool:
        return True

    def _cond(self) -> Any:
        a = _abs(self._diag)
        return reduce_max(a, -1) / reduce_min(a, -1)

    def _same_hints(self, diag: Any) -> LinearOperator:
        return LinearOperatorDiag(diag, is_non_singular=self.is_non_singular,
                                  is_self_adjoint=self.is_self_adjoint,
                                  is_positive_definite=self.is_positive_definite)

    def _inverse_operator(self) -> LinearOperator:
        return self._same_hints(reciprocal(self._diag))

    def _adjoint_operator(self) -> LinearOperator:
        return self._same_hints(conj(self._diag) if self._diag.dtype.is_complex else self._diag)

    def _cholesky_operator(self) -> LinearOperator:
        return LinearOperatorDiag(sqrt(self._diag), is_non_singular=True,
                                  is_self_adjoint=True, is_positive_definite=True)

    def _matmul_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        return _diagonal_product(left, right, lambda a, b: a * b) or \
            super()._matmul_operator(left, right)

    def _solve_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        return _diagonal_product(left, right, lambda a, b: b / a) or \
            super()._solve_operator(left, right)


def _diagonal_product(left: LinearOperator, right: LinearOperator,
                      combine: Any) -> LinearOperator | None:
    """A diagonal `left` (times or solving) a diagonal, scaled identity or lower triangle,
    as an operator of the same structure; `combine(left's diagonal, right's entries)`."""
    hints = commuting_product_hints(left, right)
    if right._DIAGONAL or isinstance(right, LinearOperatorScaledIdentity):
        entries = right.diag if right._DIAGONAL else right.multiplier
        return LinearOperatorDiag(combine(left.diag, entries), **hints)
    if isinstance(right, LinearOperatorLowerTriangular):
        return LinearOperatorLowerTriangular(
            combine(expand_dims(left.diag, -1), right.to_dense()),
            is_non_singular=hints["is_non_singular"],
            is_self_adjoint=hints["is_self_adjoint"], is_square=True)
    return None


class _BaseIdentity(LinearOperator):
    def __init__(self, num_rows: Any, batch_shape: Any, dtype: Any, hints: dict,
                 name: str, parameters: dict) -> None:
        self._num_rows = _num_rows(num_rows)
        self._batch = TensorShape([]) if batch_shape is None else \
            TensorShape([int(b) for b in convert_to_tensor(batch_shape).numpy().reshape(-1)])
        for k, what in (("is_self_adjoint", "self adjoint"), ("is_non_singular", "non-singular"),
                        ("is_positive_definite", "positive-definite"), ("is_square", "square")):
            if not hints[k]:
                raise ValueError(f"An identity operator is always {what}.")
        super().__init__(dtype, is_non_singular=True, is_self_adjoint=True,
                         is_positive_definite=True, is_square=True, name=name,
                         parameters=parameters)

    def _shape(self) -> TensorShape:
        return self._batch.concatenate([self._num_rows, self._num_rows])

    def _eye(self) -> Any:
        return eye(self._num_rows, batch_shape=self._batch.as_list(), dtype=self.dtype)

    def _broadcast(self, x: Any) -> Any:
        """x broadcast against this operator's batch shape (as TF's identities do)."""
        if not self._batch.as_list():
            return x
        return x + zeros(self._batch.as_list() + [1, 1], dtype=self.dtype)


class LinearOperatorIdentity(_BaseIdentity):
    """The identity: leaves its argument as it is."""

    _IDENTITY = True

    def __init__(self, num_rows: Any, batch_shape: Any = None, dtype: Any = None,
                 is_non_singular: bool = True, is_self_adjoint: bool = True,
                 is_positive_definite: bool = True, is_square: bool = True,
                 assert_proper_shapes: bool = False, name: str = "LinearOperatorIdentity") -> None:
        hints = {"is_non_singular": is_non_singular, "is_self_adjoint": is_self_adjoint,
                 "is_positive_definite": is_positive_definite, "is_square": is_square}
        super().__init__(num_rows, batch_shape, dtype or dt.float32, hints, name,
                         dict(num_rows=num_rows, batch_shape=batch_shape, dtype=dtype,
                                 assert_proper_shapes=assert_proper_shapes, name=name, **hints))

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self._broadcast(_adjoint(x) if adjoint_arg else x)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self._matmul(rhs, adjoint, adjoint_arg)

    def _to_dense(self) -> Any:
        return self._eye()

    def _diag_part(self) -> Any:
        return ones(self._batch.as_list() + [self._num_rows], dtype=self.dtype)

    def _determinant(self) -> Any:
        return ones(self._batch.as_list(), dtype=self.dtype)

    def _log_abs_determinant(self) -> Any:
        return zeros(self._batch.as_list(), dtype=self.dtype)

    def _eigvals(self) -> Any:
        return self._diag_part()

    def _cond(self) -> Any:
        return ones(self._batch.as_list(), dtype=self.dtype)

    def _inverse_operator(self) -> LinearOperator:
        return self

    def _cholesky_operator(self) -> LinearOperator:
        return LinearOperatorIdentity(self._num_rows, batch_shape=self._batch.as_list() or None,
                                      dtype=self.dtype)

    def _matmul_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        return right

    def _solve_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        return right


def _num_rows(num_rows: Any) -> int:
    n = convert_to_tensor(num_rows).numpy()
    if n.ndim:
        raise ValueError(f"Argument num_rows must be a 0-D Tensor.  Found: {n}")
    if n < 0:
        raise ValueError(f"Argument num_rows must be non-negative.  Found: {n}")
    return int(n)


class LinearOperatorScaledIdentity(_BaseIdentity):
    """multiplier * I."""

    def __init__(self, num_rows: Any, multiplier: Any, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool = True, assert_proper_shapes: bool = False,
                 name: str = "LinearOperatorScaledIdentity") -> None:
        self._multiplier = convert_to_tensor(multiplier)
        params = dict(num_rows=num_rows, multiplier=multiplier,
                      is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                      is_positive_definite=is_positive_definite, is_square=is_square,
                      assert_proper_shapes=assert_proper_shapes, name=name)
        if not self._multiplier.dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A real diagonal operator is always self adjoint.")
            is_self_adjoint = True
        if not is_square:
            raise ValueError("A ScaledIdentity operator is always square.")
        self._num_rows = _num_rows(num_rows)
        self._batch = self._multiplier.shape
        LinearOperator.__init__(self, self._multiplier.dtype, is_non_singular=is_non_singular,
                                is_self_adjoint=is_self_adjoint,
                                is_positive_definite=is_positive_definite, is_square=True,
                                name=name, parameters=params)

    @property
    def multiplier(self) -> Any:
        return self._multiplier

    def _m(self, adjoint: bool = False) -> Any:
        return expand_dims(expand_dims(_maybe_conj(self._multiplier, adjoint), -1), -1)

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self._m(adjoint) * (_adjoint(x) if adjoint_arg else x)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return (_adjoint(rhs) if adjoint_arg else rhs) / self._m(adjoint)

    def _to_dense(self) -> Any:
        return self._m() * eye(self._num_rows, dtype=self.dtype)

    def _diag_part(self) -> Any:
        return expand_dims(self._multiplier, -1) * ones([self._num_rows], dtype=self.dtype)

    def _determinant(self) -> Any:
        return self._multiplier ** self._num_rows

    def _log_abs_determinant(self) -> Any:
        return self._num_rows * log(_abs(self._multiplier))

    def _eigvals(self) -> Any:
        return self._diag_part()

    def _cond(self) -> Any:
        one = ones([], dtype=self.dtype)
        return where(equal(self._multiplier, 0), one * float("nan"), one)

    def _scaled(self, multiplier: Any, **hints: Any) -> LinearOperator:
        return LinearOperatorScaledIdentity(self._num_rows, multiplier, **hints)

    def _inverse_operator(self) -> LinearOperator:
        return self._scaled(reciprocal(self._multiplier), is_non_singular=self.is_non_singular,
                            is_self_adjoint=True, is_positive_definite=self.is_positive_definite)

    def _adjoint_operator(self) -> LinearOperator:
        m = self._multiplier
        return self._scaled(conj(m) if m.dtype.is_complex else m,
                            is_non_singular=self.is_non_singular,
                            is_self_adjoint=self.is_self_adjoint,
                            is_positive_definite=self.is_positive_definite)

    def _cholesky_operator(self) -> LinearOperator:
        return self._scaled(sqrt(self._multiplier), is_non_singular=True, is_self_adjoint=True,
                            is_positive_definite=True)

    def _matmul_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        return self._scaled_product(left, right, lambda a, b: a * b) or \
            super()._matmul_operator(left, right)

    def _solve_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        return self._scaled_product(left, right, lambda a, b: b / a) or \
            super()._solve_operator(left, right)

    def _scaled_product(self, left: LinearOperator, right: LinearOperator,
                        combine: Any) -> LinearOperator | None:
        """A scaled identity `left` with a scaled identity or a diagonal, as one of those."""
        hints = commuting_product_hints(left, right)
        if isinstance(right, LinearOperatorScaledIdentity):
            return self._scaled(combine(left.multiplier, right.multiplier), **hints)
        if right._DIAGONAL:
            return LinearOperatorDiag(combine(left.multiplier, right.diag), **hints)
        return None


class LinearOperatorTridiag(LinearOperator):
    """A tridiagonal matrix given by its three diagonals, as TF takes them:
    diagonals_format "compact" ([..., 3, N]: superdiagonal, diagonal, subdiagonal, the
    superdiagonal's last and the subdiagonal's first entries ignored), "sequence" (those
    three as a list) or "matrix" (the dense matrix)."""

    def __init__(self, diagonals: Any, diagonals_format: str = "compact",
                 is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str = "LinearOperatorTridiag") -> None:
        if diagonals_format not in ("compact", "sequence", "matrix"):
            raise ValueError(f"Argument `diagonals_format` must be one of compact, matrix, or "
                             f"sequence. Received : {diagonals_format}.")
        if diagonals_format == "sequence":
            super_, main, sub = (convert_to_tensor(d) for d in diagonals)
        else:
            t = convert_to_tensor(diagonals)
            if diagonals_format == "matrix":
                main = diag_part(t)
                zero = expand_dims(main[..., 0] * 0, -1)
                super_ = concat([diag_part(t, k=1), zero], -1)
                sub = concat([zero, diag_part(t, k=-1)], -1)
            else:
                super_, main, sub = unstack(t, 3, axis=-2)
        self._super, self._main, self._sub = super_, main, sub
        self._format = diagonals_format
        super().__init__(main.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(diagonals=diagonals,
                                            diagonals_format=diagonals_format,
                                            is_non_singular=is_non_singular,
                                            is_self_adjoint=is_self_adjoint,
                                            is_positive_definite=is_positive_definite,
                                            is_square=is_square, name=name))

    @property
    def diagonals(self) -> Any:
        return self._parameters["diagonals"]

    @property
    def diagonals_format(self) -> str:
        return self._format

    def _shape(self) -> TensorShape:
        s = self._main.shape
        return s.concatenate([s[-1]])

    def _to_dense(self) -> Any:
        n = self._main.shape[-1]
        out = diag(self._main)
        if n > 1:
            out = out + diag(self._super[..., :-1], k=1) + diag(self._sub[..., 1:], k=-1)
        return out

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return matmul(self._to_dense(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _diag_part(self) -> Any:
        return self._main


class LinearOperatorBlockDiag(LinearOperator):
    """Square operators placed along the diagonal, zero elsewhere."""

    def __init__(self, operators: list, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool = True, name: str | None = None) -> None:
        operators = check_operators(operators)
        hints = _all_hints(operators, "The direct sum of {w} operators is always {w}.",
                           "positive definite",
                           is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                           is_positive_definite=is_positive_definite)
        self._operators = operators
        name = name or "_ds_".join(o.name for o in operators)
        super().__init__(operators[0].dtype, is_square=is_square, name=name,
                         parameters=dict(operators=operators, is_non_singular=is_non_singular,
                                            is_self_adjoint=is_self_adjoint,
                                            is_positive_definite=is_positive_definite,
                                            is_square=is_square, name=name), **hints)

    @property
    def operators(self) -> list:
        return list(self._operators)

    def _sizes(self, domain: bool = True) -> list:
        return [o.domain_dimension if domain else o.range_dimension for o in self._operators]

    def _shape(self) -> TensorShape:
        batch = TensorShape([])
        for o in self._operators:
            batch = broadcast_batch(batch, o.batch_shape)
        return batch.concatenate([sum(self._sizes(False)), sum(self._sizes())])

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        x = _adjoint(x) if adjoint_arg else x
        parts = split(x, self._sizes(not adjoint), axis=-2)
        return concat([o.matmul(p, adjoint=adjoint) for o, p in zip(self._operators, parts)],
                      -2)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        parts = split(rhs, self._sizes(), axis=-2)
        return concat([o.solve(p, adjoint=adjoint) for o, p in zip(self._operators, parts)],
                      -2)

    def _to_dense(self) -> Any:
        total, rows, at = sum(self._sizes()), [], 0
        for o, n, m in zip(self._operators, self._sizes(False), self._sizes()):
            block = o.to_dense()
            left = _zeros(block, n, at)
            right = _zeros(block, n, total - at - m)
            rows.append(concat([p for p in (left, block, right) if p is not None], -1))
            at += m
        return concat(rows, -2)

    def _diag_part(self) -> Any:
        if not all(o.is_square for o in self._operators):
            return super()._diag_part()
        return concat([o.diag_part() for o in self._operators], -1)

    def _eigvals(self) -> Any:
        if not all(o.is_square for o in self._operators):
            raise NotImplementedError("`eigvals` not implemented for an operator whose blocks "
                                      "are not square.")
        return concat([o.eigvals() for o in self._operators], -1)

    def _blocks(self, left: LinearOperator, right: LinearOperator, what: str) -> None:
        if len(left.operators) != len(right.operators):
            raise ValueError(f"Can not efficiently {what} when number of blocks differ.")
        for a, b in zip(left.operators, right.operators):
            if None not in (a.domain_dimension, b.range_dimension) and \
                    a.domain_dimension != b.range_dimension:
                raise ValueError(f"Blocks are incompatible. Expected `x` to have dimension "
                                 f"{a.domain_dimension} but got {b.range_dimension}.")

    def _blockwise(self, left: LinearOperator, right: LinearOperator, how: str) -> Any:
        return LinearOperatorBlockDiag(
            [getattr(a, how)(b) for a, b in zip(left.operators, right.operators)],
            is_non_singular=both_non_singular(left, right), is_square=True)

    def _matmul_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        if isinstance(right, LinearOperatorBlockDiag):
            self._blocks(left, right, "multiply two `LinearOperatorBlockDiag`s together")
            return self._blockwise(left, right, "matmul")
        return super()._matmul_operator(left, right)

    def _solve_operator(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        if isinstance(right, LinearOperatorBlockDiag):
            self._blocks(left, right, "solve `LinearOperatorBlockDiag`")
            return self._blockwise(left, right, "solve")
        return super()._solve_operator(left, right)

    def _cholesky_operator(self) -> LinearOperator:
        return LinearOperatorBlockDiag([o.cholesky() for o in self._operators],
                                       is_non_singular=True, is_square=True)

    def _determinant(self) -> Any:
        return product_of_determinants(self._operators)

    def _log_abs_determinant(self) -> Any:
        return sum_of_log_abs_determinants(self._operators)

    def _adjoint_operator(self) -> LinearOperator:
        return LinearOperatorBlockDiag([o.adjoint() for o in self._operators],
                                       **_hints_of(self))

    def _inverse_operator(self) -> LinearOperator:
        return LinearOperatorBlockDiag([o.inverse() for o in self._operators],
                                       **_hints_of(self))


def _hints_of(op: LinearOperator) -> dict:
    return {"is_non_singular": op.is_non_singular, "is_self_adjoint": op.is_self_adjoint,
            "is_positive_definite": op.is_positive_definite, "is_square": True}


def _all_hints(operators: list, message: str, definite: str, **given: bool | None) -> dict:
    """The hints every operator shares (non-singular, ...) hold for their sum or product;
    a contrary hint given is an error worded by `message` ({w}: the property, {k}: the
    argument), `definite` spelling "positive definite"."""
    out = {}
    for k, v in given.items():
        w = {"is_non_singular": "non-singular", "is_self_adjoint": "self-adjoint",
             "is_positive_definite": definite}[k]
        if all(getattr(o, k) for o in operators):
            if v is False:
                raise ValueError(message.format(w=w, k=k))
            v = True
        out[k] = v
    return out


def _zeros(block: Any, rows: int, cols: int) -> Any:
    """Zeros of `rows` x `cols` with block's batch shape, or None when there are no cols."""
    if cols == 0:
        return None
    return zeros(block.shape[:-2].as_list() + [rows, cols], dtype=block.dtype)


class LinearOperatorKronecker(LinearOperator):
    """The Kronecker product of operators: block (i, j) of A (x) B is A[i, j] * B."""

    def __init__(self, operators: list, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str | None = None) -> None:
        operators = list(operators)
        if not operators:
            raise ValueError(f"Argument `operators` must be a list of >=1 operators. "
                             f"Received: {operators}.")
        if len({o.dtype for o in operators}) > 1:
            raise TypeError(f"Expected every operation in argument `operators` to have the "
                            f"same dtype. Received {[str((o.name, o.dtype)) for o in operators]}.")
        hints = _all_hints(operators, "The Kronecker product of {w} operators is always {w}. "
                           "Expected argument `{k}` to be True. Received: False.",
                           "positive-definite",
                           is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                           is_positive_definite=is_positive_definite)
        self._operators = operators
        name = name or "_x_".join(o.name for o in operators)
        super().__init__(operators[0].dtype, is_square=is_square, **hints,
                         name=name, parameters=dict(operators=operators,
                                                       is_non_singular=is_non_singular,
                                                       is_self_adjoint=is_self_adjoint,
                                                       is_positive_definite=is_positive_definite,
                                                       is_square=is_square, name=name))

    @property
    def operators(self) -> list:
        return list(self._operators)

    def _shape(self) -> TensorShape:
        batch, rows, cols = TensorShape([]), 1, 1
        for o in self._operators:
            batch = broadcast_batch(batch, o.batch_shape)
            rows, cols = rows * o.range_dimension, cols * o.domain_dimension
        return batch.concatenate([rows, cols])

    def _to_dense(self) -> Any:
        out = self._operators[0].to_dense()
        for o in self._operators[1:]:
            b = o.to_dense()
            (m, n), (p, q) = out.shape[-2:], b.shape[-2:]
            prod = expand_dims(expand_dims(out, -1), -3) * expand_dims(expand_dims(b, -3), -2)
            # prod[..., i, k, j, l] = out[i, j] * b[k, l] -> rows (i, k), columns (j, l)
            batch = prod.shape[:-4].as_list()
            out = reshape(prod, batch + [m * p, n * q])
        return out

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return matmul(self._to_dense(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        inverse = LinearOperatorKronecker([o.inverse() for o in self._operators])
        return inverse._matmul(rhs, adjoint, adjoint_arg)

    def _determinant(self) -> Any:
        total = 1
        for o in self._operators:
            total *= o.domain_dimension
        out = None
        for o in self._operators:
            term = o.determinant() ** (total // o.domain_dimension)
            out = term if out is None else out * term
        return out

    def _log_abs_determinant(self) -> Any:
        total = 1
        for o in self._operators:
            total *= o.domain_dimension
        out = None
        for o in self._operators:
            term = o.log_abs_determinant() * float(total // o.domain_dimension)
            out = term if out is None else out + term
        return out

    def _adjoint_operator(self) -> LinearOperator:
        return LinearOperatorKronecker([o.adjoint() for o in self._operators],
                                       **_hints_of(self))

    def _inverse_operator(self) -> LinearOperator:
        return LinearOperatorKronecker([o.inverse() for o in self._operators],
                                       **_hints_of(self))

    def _cholesky_operator(self) -> LinearOperator:
        return LinearOperatorKronecker([o.cholesky() for o in self._operators],
                                       is_non_singular=True, is_square=True)

    def _eigvals(self) -> Any:
        """Every product of one eigenvalue of each factor, the first factor's slowest."""
        out = self._operators[0].eigvals()
        for o in self._operators[1:]:
            e = o.eigvals()
            prod = expand_dims(out, -1) * expand_dims(e, -2)
            out = reshape(prod, prod.shape[:-2].as_list() + [-1])
        return out


class LinearOperatorLowRankUpdate(LinearOperator):
    """base + U D V^H: a low-rank update of an operator (V = U when v is None, D = I when
    diag_update is None)."""

    def __init__(self, base_operator: LinearOperator, u: Any, diag_update: Any = None,
                 v: Any = None, is_diag_update_positive: bool | None = None,
                 is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str = "LinearOperatorLowRankUpdate") -> None:
        self._base = base_operator
        self._u = convert_to_tensor(u, dtype=base_operator.dtype)
        self._v = self._u if v is None else convert_to_tensor(v, dtype=base_operator.dtype)
        self._d = None if diag_update is None else convert_to_tensor(diag_update,
                                                                     dtype=base_operator.dtype)
        if diag_update is None:
            if is_diag_update_positive is False:
                raise ValueError("Default diagonal is the identity, which is positive.  "
                                 "However, user set 'is_diag_update_positive' to False.")
            is_diag_update_positive = True
        self._is_diag_update_positive = is_diag_update_positive
        if v is None and base_operator.is_self_adjoint and not base_operator.dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A = L + UDU^H, with L self-adjoint and D real diagonal.  "
                                 "Since UDU^H is self-adjoint, this must be a self-adjoint "
                                 "operator.")
            is_self_adjoint = True
        if v is None and is_diag_update_positive and base_operator.is_self_adjoint and \
                base_operator.is_positive_definite:  # L + U D U^H with D > 0: SPD
            if False in (is_positive_definite, is_self_adjoint, is_non_singular):
                raise ValueError("Arguments imply this is self-adjoint positive-definite "
                                 "operator.")
            is_positive_definite = is_self_adjoint = True
        super().__init__(base_operator.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         name=name, parameters=dict(
                             base_operator=base_operator, u=u, diag_update=diag_update, v=v,
                             is_diag_update_positive=is_diag_update_positive,
                             is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                             is_positive_definite=is_positive_definite, is_square=is_square,
                             name=name))

    @property
    def base_operator(self) -> LinearOperator:
        return self._base

    @property
    def u(self) -> Any:
        return self._u

    @property
    def v(self) -> Any:
        return self._v

    @property
    def diag_update(self) -> Any:
        return self._d

    @property
    def is_diag_update_positive(self) -> bool | None:
        return self._is_diag_update_positive

    def _shape(self) -> TensorShape:
        return self._base.shape

    def _diag_op(self) -> Any:
        k = self._u.shape[-1]
        return LinearOperatorDiag(self._d) if self._d is not None else \
            LinearOperatorIdentity(k, dtype=self.dtype)

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        u, v = (self._v, self._u) if adjoint else (self._u, self._v)
        x = _adjoint(x) if adjoint_arg else x
        low = matmul(u, self._diag_op().matmul(matmul(v, x, adjoint_a=True), adjoint=adjoint))
        return self._base.matmul(x, adjoint=adjoint) + low

    def _capacitance(self, adjoint: bool) -> Any:
        """D^-1 + V^H A^-1 U (with U, V swapped for the adjoint): Woodbury's small matrix."""
        u, v = (self._v, self._u) if adjoint else (self._u, self._v)
        k = self._u.shape[-1]
        d_inv = self._diag_op().inverse().to_dense()
        d_inv = _adjoint(d_inv) if adjoint else d_inv
        return d_inv + matmul(v, self._base.solve(u, adjoint=adjoint), adjoint_a=True), k

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        u, v = (self._v, self._u) if adjoint else (self._u, self._v)
        a_inv_rhs = self._base.solve(rhs, adjoint=adjoint)
        cap, _ = self._capacitance(adjoint)
        inner = solve(cap, matmul(v, a_inv_rhs, adjoint_a=True))
        return a_inv_rhs - self._base.solve(matmul(u, inner), adjoint=adjoint)

    def _to_dense(self) -> Any:
        d = self._diag_op().to_dense()
        return self._base.to_dense() + matmul(matmul(self._u, d), self._v, adjoint_b=True)

    def _determinant(self) -> Any:
        cap, _ = self._capacitance(False)
        return LinearOperatorFullMatrix(cap).determinant() * self._diag_op().determinant() * \
            self._base.determinant()

    def _log_abs_determinant(self) -> Any:
        cap, _ = self._capacitance(False)
        return LinearOperatorFullMatrix(cap).log_abs_determinant() + \
            self._diag_op().log_abs_determinant() + self._base.log_abs_determinant()

