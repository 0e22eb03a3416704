"""More structured LinearOperators: Circulant (1-D, 2-D and 3-D), Householder, Permutation,
Toeplitz, Zeros and BlockLowerTriangular.

Linear-operator layer, after operators.py. Each acts through its structure where TF's
does: a circulant operator multiplies and solves in the Fourier domain (its eigenvalues are
its spectrum), a Householder reflection is its own inverse with determinant -1, a
permutation gathers rows, a block lower-triangular operator solves by substitution block by
block. Toeplitz multiplies through its dense matrix (TF embeds it in a circulant one: the
same numbers up to rounding).
"""

from __future__ import annotations

import math
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.linear_operator.base import (
    LinearOperator,
    broadcast_batch,
    check_dtype,
    product_of_determinants,
    sum_of_log_abs_determinants,
)
from eagerflow._src.ops.array import (
    concat,
    expand_dims,
    ones,
    reshape,
    split,
    transpose,
    zeros,
)
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.linalg import adjoint as _adjoint
from eagerflow._src.ops.linalg import det, matmul
from eagerflow._src.ops.math import abs as _abs
from eagerflow._src.ops.math import equal, log
from eagerflow._src.ops.math_base import cast, conj, real
from eagerflow._src.ops.misc_ops import imag
from eagerflow._src.ops.reduce import reduce_max, reduce_mean, reduce_prod, reduce_sum
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.shaping import reverse
from eagerflow._src.ops.signal_ops import fft, fft2d, fft3d, ifft, ifft2d, ifft3d
from eagerflow._src.ops.sorting import argsort
from eagerflow._src.ops.tiling import (
    broadcast_to,
)

_FFT = {1: (fft, ifft), 2: (fft2d, ifft2d), 3: (fft3d, ifft3d)}


def _as(x: Any, dtype: Any) -> Any:
    """A complex result as `dtype` (its real part for a real dtype)."""
    if not dtype.is_complex and x.dtype.is_complex:
        x = real(x)
    return cast(x, dtype)


# ---------------------------------------------------------------------------------------
# Circulant operators
# ---------------------------------------------------------------------------------------

class _BaseCirculant(LinearOperator):
    """A (block-)circulant matrix known by its spectrum, the DFT of its first column: it
    is F^H diag(spectrum) F with F the `block_depth`-dimensional unitary DFT."""

    _DEPTH = 1

    def __init__(self, spectrum: Any, input_output_dtype: Any = dt.complex64,
                 is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool = True,
                 name: str = "LinearOperatorCirculant") -> None:
        spectrum = convert_to_tensor(spectrum)
        if spectrum.shape.rank is not None and spectrum.shape.rank < self._DEPTH:
            raise ValueError(f"Argument `spectrum` must have at least {self._DEPTH} "
                             f"dimensions. Received: {spectrum.numpy()}.")
        if not spectrum.dtype.is_complex:
            spectrum = cast(spectrum, dt.complex128 if spectrum.dtype is dt.float64 else
                            dt.complex64)
        self._spectrum = spectrum
        super().__init__(dt.as_dtype(input_output_dtype), is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         name=name, parameters=dict(
                             spectrum=spectrum, input_output_dtype=input_output_dtype,
                             is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                             is_positive_definite=is_positive_definite, is_square=is_square,
                             name=name))

    @property
    def spectrum(self) -> Any:
        return self._spectrum

    @property
    def block_depth(self) -> int:
        return self._DEPTH

    @property
    def block_shape(self) -> TensorShape:
        return self._spectrum.shape[-self._DEPTH:]

    def block_shape_tensor(self) -> Any:
        return convert_to_tensor(self.block_shape.as_list(), dtype=dt.int32)

    def _size(self) -> int:
        return math.prod(self.block_shape.as_list())

    def _shape(self) -> TensorShape:
        n = self._size()
        return self._spectrum.shape[:-self._DEPTH].concatenate([n, n])

    def convolution_kernel(self, name: str = "convolution_kernel") -> Any:
        """The first column of the matrix, shaped like the spectrum."""
        return _as(_FFT[self._DEPTH][1](self._spectrum), self.dtype)

    def _in_fourier(self, x: Any, factor: Any) -> Any:
        """F^H diag(factor) F x: x's columns as blocks, transformed, scaled, transformed back."""
        d, n = self._DEPTH, self._size()
        x = cast(x, self._spectrum.dtype) if x.dtype.is_complex else \
            cast(cast(x, self._spectrum.dtype.real_dtype), self._spectrum.dtype)
        cols = transpose(x, list(range(x.shape.rank - 2)) + [x.shape.rank - 1, x.shape.rank - 2])
        lead = cols.shape[:-1].as_list()
        blocks = reshape(cols, lead + self.block_shape.as_list())
        forward, inverse = _FFT[d]
        out = inverse(forward(blocks) * expand_dims(factor, -d - 1))
        out = reshape(out, lead + [n])
        out = transpose(out, list(range(out.shape.rank - 2)) + [out.shape.rank - 1,
                                                                 out.shape.rank - 2])
        return _as(out, self.dtype)

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        x = _adjoint(x) if adjoint_arg else x
        return self._in_fourier(x, conj(self._spectrum) if adjoint else self._spectrum)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        s = conj(self._spectrum) if adjoint else self._spectrum
        return self._in_fourier(rhs, 1 / s)

    def _flat_spectrum(self) -> Any:
        return reshape(self._spectrum, self.batch_shape.as_list() + [self._size()])

    def _determinant(self) -> Any:
        return _as(reduce_prod(self._flat_spectrum(), -1), self.dtype)

    def _log_abs_determinant(self) -> Any:
        return _as(reduce_sum(log(_abs(self._flat_spectrum())), -1), self.dtype)

    def trace(self, name: str = "trace") -> Any:
        return _as(reduce_sum(self._flat_spectrum(), -1), self.dtype)

    def _diag_part(self) -> Any:
        mean = reduce_mean(self._flat_spectrum(), -1, keepdims=True)
        return _as(mean * ones([self._size()], dtype=mean.dtype), self.dtype)

    def _eigvals(self) -> Any:
        return self._flat_spectrum()  # in the spectrum's dtype, as TF

    def _adjoint_operator(self) -> LinearOperator:
        # TF's adjoint keeps the spectrum's conjugate, with the default input_output_dtype
        return type(self)(conj(self._spectrum), is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint,
                          is_positive_definite=self.is_positive_definite, is_square=True)

    def _inverse_operator(self) -> LinearOperator:
        return type(self)(1 / self._spectrum, input_output_dtype=self.dtype,
                          is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint,
                          is_positive_definite=self.is_positive_definite, is_square=True)

    def assert_hermitian_spectrum(self, name: str = "assert_hermitian_spectrum") -> None:
        """Raises unless the spectrum is that of a real operator (a real kernel)."""
        kernel = _FFT[self._DEPTH][1](self._spectrum)
        if float(reduce_max(_abs(imag(kernel)))) > 1e-5 * max(1.0, float(reduce_max(
                _abs(kernel)))):
            raise InvalidArgumentError(None, None, "Spectrum was not Hermitian")


class LinearOperatorCirculant(_BaseCirculant):
    """A circulant matrix: C[i, j] = h[(i - j) mod n], h the inverse DFT of the spectrum."""


class LinearOperatorCirculant2D(_BaseCirculant):
    """A block-circulant matrix with circulant blocks (2-D spectrum)."""

    _DEPTH = 2

    def __init__(self, spectrum: Any, input_output_dtype: Any = dt.complex64,
                 is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool = True,
                 name: str = "LinearOperatorCirculant2D") -> None:
        super().__init__(spectrum, input_output_dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, is_square, name)


class LinearOperatorCirculant3D(_BaseCirculant):
    """A block-circulant matrix of block-circulant blocks with circulant blocks (3-D)."""

    _DEPTH = 3

    def __init__(self, spectrum: Any, input_output_dtype: Any = dt.complex64,
                 is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool = True,
                 name: str = "LinearOperatorCirculant3D") -> None:
        super().__init__(spectrum, input_output_dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, is_square, name)


# ---------------------------------------------------------------------------------------
# Householder reflections and permutations
# ---------------------------------------------------------------------------------------

class LinearOperatorHouseholder(LinearOperator):
    """I - 2 v v^H / (v^H v): the reflection through the hyperplane orthogonal to v."""

    def __init__(self, reflection_axis: Any, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorHouseholder") -> None:
        v = check_dtype(reflection_axis, "reflection_axis")
        if v.shape.rank is not None and v.shape.rank < 1:
            raise ValueError(f"Argument reflection_axis must have at least 1 dimension.  "
                             f"Found: {v!s}")
        if is_self_adjoint is False:
            raise ValueError("A Householder operator is always self adjoint.")
        if is_positive_definite is True:
            raise ValueError("A Householder operator is always non-positive definite.")
        if is_square is False:
            raise ValueError("A Householder operator is always square.")
        self._v = v
        super().__init__(v.dtype, is_non_singular=is_non_singular, is_self_adjoint=True,
                         is_positive_definite=False, is_square=True, name=name,
                         parameters=dict(reflection_axis=reflection_axis,
                                         is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def reflection_axis(self) -> Any:
        return self._v

    def _shape(self) -> TensorShape:
        n = self._v.shape[-1]
        return self._v.shape[:-1].concatenate([n, n])

    def _unit(self) -> Any:
        """v / |v| as a column."""
        norm = reduce_sum(real(conj(self._v) * self._v), -1, keepdims=True) ** 0.5
        return expand_dims(self._v / cast(norm, self.dtype), -1)

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        x = _adjoint(x) if adjoint_arg else x
        u = self._unit()
        return x - 2 * matmul(u, matmul(u, x, adjoint_a=True))

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self._matmul(rhs, adjoint, adjoint_arg)  # a reflection is its own inverse

    def _determinant(self) -> Any:
        return -ones(self.batch_shape.as_list(), dtype=self.dtype)

    def _log_abs_determinant(self) -> Any:
        return zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def trace(self, name: str = "trace") -> Any:
        return cast(self.domain_dimension - 2, self.dtype) + \
            zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _diag_part(self) -> Any:
        u = self._unit()[..., 0]
        return 1 - 2 * cast(real(conj(u) * u), self.dtype)

    def _eigvals(self) -> Any:
        n = self.domain_dimension
        signs = concat([-ones([1], dtype=self.dtype), ones([n - 1], dtype=self.dtype)], 0)
        return signs + zeros(self.batch_shape.as_list() + [n], dtype=self.dtype)

    def _inverse_operator(self) -> LinearOperator:
        return self

    def _cond(self) -> Any:
        return ones(self.batch_shape.as_list(), dtype=self.dtype)


class LinearOperatorPermutation(LinearOperator):
    """The permutation matrix P with P[i, perm[i]] = 1: (P x)[i] = x[perm[i]]."""

    def __init__(self, perm: Any, dtype: Any = dt.float32, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorPermutation") -> None:
        perm = convert_to_tensor(perm)
        if not perm.dtype.is_integer:
            raise TypeError(f"Argument `perm` must be integer dtype. Received: {perm.numpy()}.")
        if perm.shape.rank is not None and perm.shape.rank < 1:
            raise ValueError(f"Argument `perm` must have at least 1 dimension. Received: "
                             f"{perm.numpy()}.")
        if is_non_singular is False:
            raise ValueError("A Permutation operator is always non-singular. Expected argument "
                             "`is_non_singular` to be True. Received: False.")
        if is_square is False:
            raise ValueError("A Permutation operator is always square. Expected argument "
                             "`is_square` to be True. Received: False.")
        self._perm = perm
        super().__init__(dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(perm=perm, dtype=dtype, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def perm(self) -> Any:
        return self._perm

    def _shape(self) -> TensorShape:
        n = self._perm.shape[-1]
        return self._perm.shape[:-1].concatenate([n, n])

    def _permute(self, x: Any, perm: Any) -> Any:
        """x's rows in the order `perm` (per batch member)."""
        batch = broadcast_batch(self.batch_shape, x.shape[:-2]).as_list()
        x = broadcast_to(x, batch + x.shape[-2:].as_list())
        perm = broadcast_to(perm, batch + perm.shape[-1:].as_list())
        return gather(x, perm, axis=len(batch), batch_dims=len(batch))

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        x = _adjoint(x) if adjoint_arg else x
        return self._permute(x, argsort(self._perm, -1) if adjoint else self._perm)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return self._matmul(rhs, not adjoint, adjoint_arg)  # P^-1 = P^T

    def _to_dense(self) -> Any:
        n = self.domain_dimension
        return cast(equal(expand_dims(self._perm, -1), range_(n, dtype=self._perm.dtype)),
                    self.dtype)

    def _determinant(self) -> Any:
        """The sign of the permutation."""
        return cast(det(cast(self._to_dense(), dt.float64)), self.dtype)  # exactly +-1

    def _log_abs_determinant(self) -> Any:
        return zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _diag_part(self) -> Any:
        n = self.domain_dimension
        return cast(equal(self._perm, range_(n, dtype=self._perm.dtype)), self.dtype)

    def _cond(self) -> Any:
        return ones(self.batch_shape.as_list(), dtype=self.dtype)


# ---------------------------------------------------------------------------------------
# Toeplitz and zeros
# ---------------------------------------------------------------------------------------

class LinearOperatorToeplitz(LinearOperator):
    """T[i, j] = col[i - j] below the diagonal and row[j - i] above it (col[0] on it)."""

    def __init__(self, col: Any, row: Any, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorToeplitz") -> None:
        col = convert_to_tensor(col)
        row = convert_to_tensor(row, dtype=col.dtype)
        for what, v in (("col", col), ("row", row)):
            if v.shape.rank is not None and v.shape.rank < 1:
                raise ValueError(f"Argument {what} must have at least 1 dimension.  Found: "
                                 f"{v!s}")
        self._col, self._row = col, row
        super().__init__(col.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite,
                         is_square=True if is_square is None else is_square, name=name,
                         parameters=dict(col=col, row=row, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def col(self) -> Any:
        return self._col

    @property
    def row(self) -> Any:
        return self._row

    def _shape(self) -> TensorShape:
        n = self._col.shape[-1]
        batch = broadcast_batch(self._col.shape[:-1], self._row.shape[:-1])
        return batch.concatenate([n, n])

    def _to_dense(self) -> Any:
        n = self.domain_dimension
        batch = self.batch_shape.as_list()
        col = broadcast_to(self._col, batch + [n])
        row = broadcast_to(self._row, batch + [n])
        # entries by i - j, from -(n - 1) (row's end) to n - 1 (col's end)
        line = concat([reverse(row[..., 1:], [-1]), col], -1)
        offsets = expand_dims(range_(n), -1) - expand_dims(range_(n), 0) + (n - 1)
        return gather(line, offsets, axis=len(batch), batch_dims=len(batch)) if batch else \
            gather(line, offsets)

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        return matmul(self._to_dense(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _diag_part(self) -> Any:
        n = self.domain_dimension
        return self._col[..., :1] * ones(self.batch_shape.as_list() + [n], dtype=self.dtype)


class LinearOperatorZeros(LinearOperator):
    """The zero matrix, [*batch_shape, num_rows, num_columns]."""

    def __init__(self, num_rows: Any, num_columns: Any = None, batch_shape: Any = None,
                 dtype: Any = None, is_non_singular: bool = False, is_self_adjoint: bool = True,
                 is_positive_definite: bool = False, is_square: bool = True,
                 assert_proper_shapes: bool = False, name: str = "LinearOperatorZeros") -> None:
        rows = int(num_rows)
        cols = rows if num_columns is None else int(num_columns)
        for what, v in (("num_rows", rows), ("num_columns", cols)):
            if v < 0:
                raise ValueError(f"Argument {what} must be non-negative.  Found: {v}")
        if is_non_singular:
            raise ValueError("A zero operator is always singular.")
        if is_positive_definite:
            raise ValueError("A zero operator is always not positive-definite.")
        if is_square and rows != cols:
            raise ValueError(f"LinearOperatorZeros initialized as is_square=True, but got "
                             f"num_rows({rows}) != num_columns({cols})")
        self._rows, self._cols = rows, cols
        self._batch = TensorShape([]) if batch_shape is None else TensorShape(
            [int(b) for b in convert_to_tensor(batch_shape).numpy().reshape(-1)])
        dtype = dt.float32 if dtype is None else dtype
        super().__init__(dtype, is_non_singular=False, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=False, is_square=is_square, name=name,
                         parameters=dict(num_rows=num_rows, num_columns=num_columns,
                                         batch_shape=batch_shape, dtype=dtype,
                                         is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite,
                                         is_square=is_square,
                                         assert_proper_shapes=assert_proper_shapes, name=name))

    def _shape(self) -> TensorShape:
        return self._batch.concatenate([self._rows, self._cols])

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        out_rows = self._cols if adjoint else self._rows
        x_cols = x.shape[-2] if adjoint_arg else x.shape[-1]
        batch = broadcast_batch(self._batch, x.shape[:-2]).as_list()
        return zeros(batch + [out_rows, x_cols], dtype=self.dtype)

    def _to_dense(self) -> Any:
        return zeros(self.shape.as_list(), dtype=self.dtype)

    def _determinant(self) -> Any:
        return zeros(self._batch.as_list(), dtype=self.dtype)

    def _log_abs_determinant(self) -> Any:
        return log(self._determinant())

    def _diag_part(self) -> Any:
        return zeros(self._batch.as_list() + [min(self._rows, self._cols)], dtype=self.dtype)

    def _eigvals(self) -> Any:
        return self._diag_part()

    def add_to_tensor(self, x: Any, name: str = "add_to_tensor") -> Any:
        return convert_to_tensor(x, dtype_hint=self.dtype) + self._to_dense()


# ---------------------------------------------------------------------------------------
# Block lower-triangular operators
# ---------------------------------------------------------------------------------------

class LinearOperatorBlockLowerTriangular(LinearOperator):
    """[[A11], [A21, A22], ...]: row i holds the blocks left of and on the diagonal, the
    diagonal blocks square."""

    def __init__(self, operators: list, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None,
                 name: str = "LinearOperatorBlockLowerTriangular") -> None:
        rows = [list(r) for r in operators]
        if not rows:
            raise ValueError(f"Argument `operators` must be a list of >=1 operators. "
                             f"Received: {operators}.")
        for i, r in enumerate(rows):
            if len(r) != i + 1:
                raise ValueError(f"Argument `operators[{i}]` must contain `{i + 1}` blocks. "
                                 f"Received: {len(r)} blocks.")
        dtypes = {o.dtype for r in rows for o in r}
        if len(dtypes) > 1:
            first = rows[0][0].dtype
            bad = next(i for i, r in enumerate(rows) if any(o.dtype is not first for o in r))
            raise TypeError(f"Expected all operators to have the same dtype.  Found "
                            f"{[o.dtype for o in rows[bad]]} in row {bad} and {first} in row 0.")
        diagonal = [r[-1] for r in rows]
        if any(o.is_square is False for o in diagonal):
            raise ValueError("Expected all operators on the main diagonal to be square.")
        if any(o.is_non_singular is False for o in diagonal):
            raise ValueError("The diagonal operators must be non-singular.")
        if all(o.is_non_singular for o in diagonal):
            if is_non_singular is False:
                raise ValueError("A blockwise lower-triangular operator with non-singular "
                                 "operators on the main diagonal is always non-singular.")
            is_non_singular = True
        if is_square is False:
            raise ValueError("A blockwise lower-triangular operator is always square.")
        self._rows = rows
        super().__init__(rows[0][0].dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(operators=operators, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def operators(self) -> list:
        return self._rows

    def _sizes(self) -> list:
        return [r[-1].domain_dimension for r in self._rows]

    def _shape(self) -> TensorShape:
        batch = TensorShape([])
        for r in self._rows:
            for o in r:
                batch = broadcast_batch(batch, o.batch_shape)
        n = sum(self._sizes())
        return batch.concatenate([n, n])

    def _matmul(self, x: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        x = _adjoint(x) if adjoint_arg else x
        parts = split(x, self._sizes(), axis=-2)
        k = len(self._rows)
        out = []
        for i in range(k):
            if adjoint:  # block column i of the adjoint: A_ji^H for j >= i
                terms = [self._rows[j][i].matmul(parts[j], adjoint=True) for j in range(i, k)]
            else:
                terms = [self._rows[i][j].matmul(parts[j]) for j in range(i + 1)]
            total = terms[0]
            for t in terms[1:]:
                total = total + t
            out.append(total)
        return concat(out, -2)

    def _solve(self, rhs: Any, adjoint: bool, adjoint_arg: bool) -> Any:
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        parts = split(rhs, self._sizes(), axis=-2)
        k = len(self._rows)
        solved: dict = {}
        order = range(k - 1, -1, -1) if adjoint else range(k)
        for i in order:  # forward substitution, or backward for the adjoint
            b = parts[i]
            others = range(i + 1, k) if adjoint else range(i)
            for j in others:
                b = b - (self._rows[j][i].matmul(solved[j], adjoint=True) if adjoint else
                         self._rows[i][j].matmul(solved[j]))
            solved[i] = self._rows[i][i].solve(b, adjoint=adjoint)
        return concat([solved[i] for i in range(k)], -2)

    def _to_dense(self) -> Any:
        batch = self.batch_shape.as_list()
        sizes = self._sizes()
        rows = []
        for i, r in enumerate(self._rows):
            blocks = []
            for j in range(len(self._rows)):
                if j <= i:
                    d = r[j].to_dense()
                    blocks.append(d + zeros(batch + [sizes[i], sizes[j]], dtype=self.dtype))
                else:
                    blocks.append(zeros(batch + [sizes[i], sizes[j]], dtype=self.dtype))
            rows.append(concat(blocks, -1))
        return concat(rows, -2)

    def _diagonal(self) -> list:
        return [r[-1] for r in self._rows]

    def _determinant(self) -> Any:
        return product_of_determinants(self._diagonal())

    def _log_abs_determinant(self) -> Any:
        return sum_of_log_abs_determinants(self._diagonal())

    def _diag_part(self) -> Any:
        batch = self.batch_shape.as_list()
        return concat([o.diag_part() + zeros(batch + [1], dtype=self.dtype)
                       for o in self._diagonal()], -1)

    def _eigvals(self) -> Any:
        return concat([o.eigvals() for o in self._diagonal()], -1)
