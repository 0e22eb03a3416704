"""A CSR sparse matrix as TF's CSR ops hold it (tensorflow/core/kernels/sparse/
sparse_matrix.h): the value of a variant scalar, a box (held_arrays.DeviceBox) that ops pass as
it is, whose dense shape and batch pointers live in host memory and whose row pointers,
column indices and values live on the device of the op that made it. Its entries and dense
form over any backend's `xp`, and the matrix of entries TF's conversions make.

Ops layer (csr_matrix_ops.py, csr_gpu_ops.py and csr_ordering_ops.py define the ops).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, bincount, onto, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InternalError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.held_arrays import DeviceBox


class CSRMatrixValue(DeviceBox):
    """One (or a batch of) CSR matrices, never changed. As TF keeps them, its dense shape
    and batch pointers (where each item's entries start) live in host memory, its row
    pointers (each item's rows+1, relative to its first entry), column indices and values
    on the device of the op that made it (NumPy arrays on CPU:0): a box (held_arrays.is_variant)
    that ops pass as it is."""

    __slots__ = ("dtype", "dense_shape", "batch_pointers", "row_pointers", "col_indices",
                 "values")

    def __init__(self, dtype: dt.DType, dense_shape: Any, batch_pointers: Any,
                 row_pointers: Any, col_indices: Any, values: Any) -> None:
        self.dtype = dtype
        self.dense_shape = np.asarray(dense_shape, np.int64)
        self.batch_pointers = np.asarray(batch_pointers, np.int32)
        self.row_pointers, self.col_indices, self.values = row_pointers, col_indices, values

    def on(self, xp: Any) -> CSRMatrixValue:
        """The matrix with its arrays on `xp`'s device: copies where they live elsewhere."""
        return CSRMatrixValue(self.dtype, self.dense_shape, self.batch_pointers,
                              onto(xp, self.row_pointers), onto(xp, self.col_indices),
                              onto(xp, self.values))

    @property
    def variant_text(self) -> str:
        """How a variant tensor holding it prints: its dense shape's tensor, as TF's."""
        shape = self.dense_shape
        return (f"<Tensor<type: int64 shape: [{shape.size}] values: "
                f"{' '.join(str(int(v)) for v in shape)}>>")

    def __repr__(self) -> str:
        return self.variant_text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CSRMatrixValue) and other.dtype is self.dtype and all(
            np.array_equal(to_host(getattr(self, k)), to_host(getattr(other, k))) for k in
            ("dense_shape", "batch_pointers", "row_pointers", "col_indices", "values"))

    __hash__ = None  # type: ignore[assignment]

    def zeros_like(self, xp: Any) -> CSRMatrixValue:
        """tf.zeros_like of a matrix on `xp`'s device: TF's GPU's zeros of this variant (its
        ZEROS_LIKE_VARIANT_UNARY_OP), a matrix of the same dtype and dense shape with no
        entries, as SparseMatrixZeros makes it; its CPU has none."""
        if xp is np:
            raise InternalError(None, None, "No unary variant unary_op function found for op "
                                            "ZEROS_LIKE Variant type_name: tensorflow::"
                                            "CSRSparseMatrix for device type: CPU [Op:ZerosLike]")
        return no_entries(xp, self.dtype, self.dense_shape)

    def plus(self, xp: Any, other: CSRMatrixValue, alpha: Any, beta: Any,
             op: str) -> CSRMatrixValue:
        """alpha * self + beta * other (host scalars) as TF's GPU kernels make it, through
        cuSPARSE's csrgeam2: each row the sorted union of the two rows' columns, an entry
        for each (a place stored in either is stored, whatever its value), a place in both
        alpha * a + beta * b, in one only its own product; each item of `self` against the
        same item of `other`. csrgeam2 assumes rows without repeated columns: a repeated
        place is summed into one entry here. Refused as TF's kernel refuses matrices of
        other shapes (`op` names the op)."""
        sa, sb = (tuple(int(v) for v in m.dense_shape) for m in (self, other))
        if (len(sa) == 3 and (len(sb) != 3 or sa[0] != sb[0])) or \
                sa[-2:] != sb[len(sa) - 2:len(sa)]:
            raise C.fail(op, f"Incompatible shapes of a and b, a.shape == {C.shape_str(sa)}, "
                             f"b.shape == {C.shape_str(sb)}")
        items, rows, cols = self.batches()
        parts = [m._scaled(xp, s, items, rows, cols) for m, s in ((self, alpha), (other, beta))]
        keys = xp.concatenate([p[0] for p in parts])
        terms = xp.concatenate([p[1] for p in parts])
        if not keys.size:
            return from_entries(xp, self.dtype, sa, xp.zeros((0, len(sa)), np.int64), terms)
        # (each place once, in order of item, row and column; a place's terms added from
        # -0.0, which leaves each term as it is: one term is its product, two their sum)
        places, where = xp.unique(keys, return_inverse=True)
        values = xp.full(places.size, -0.0, terms.dtype)
        add_at(xp, values, where.reshape(-1), terms)
        index = xp.stack([places // (rows * cols), places // cols % rows, places % cols],
                         axis=1)
        return from_entries(xp, self.dtype, sa, index if len(sa) == 3 else index[:, 1:],
                            values)

    def _scaled(self, xp: Any, scale: Any, items: int, rows: int, cols: int) -> tuple:
        """(each place's key, in item, row, column order; its value times `scale`) of the
        entries of the first `items` items."""
        n = int(self.batch_pointers[min(items, len(self.batch_pointers) - 1)])
        bi, ri, ci, v = (x[:n] for x in self.coo(xp))
        return (bi * rows + ri) * cols + ci, v * v.dtype.type(scale)

    def added(self, xp: Any, other: CSRMatrixValue) -> CSRMatrixValue:
        """The sum of two gradients of one matrix, as a tape adds them: TF's GPU sums them
        (its ADD_VARIANT_BINARY_OP of the variant: csrgeam2, alpha = beta = 1); its CPU
        has no sum of this variant."""
        if xp is np:
            raise InternalError(None, None, "No unary variant binary_op function found for op "
                                            "ADD_VARIANT_BINARY_OP Variant type_name: "
                                            "tensorflow::CSRSparseMatrix for device type: CPU")
        one = self.values.dtype.type(1)
        return self.plus(xp, other, one, one, "AddN")

    def batches(self) -> tuple:
        """(batch size, rows, cols)."""
        s = [int(v) for v in self.dense_shape]
        return (1, *s) if len(s) == 2 else tuple(s)

    @property
    def nnz(self) -> int:
        """The number of stored entries of all items (read on the host)."""
        return int(self.batch_pointers[-1])

    def coo(self, xp: Any = np) -> tuple:
        """(batch, row, col, value) of each stored entry, in the matrix's order, as arrays
        of `xp` (its arrays must live there: `on`). An entry's row is the row whose
        pointers, counted from its item's batch pointer, hold its position: one search
        over every item's rows, as TF's GPU kernels expand rows (a matrix TF made of
        entries of unsorted batch items has rows past its values: clipped here)."""
        b, r, _ = self.batches()
        nnz = self.nnz
        if nnz == 0 or r == 0:
            none = xp.zeros(0, np.int64)
            return none, none, none, self.values[:0]
        starts = xp.asarray(self.batch_pointers[:-1].astype(np.int64))
        ends = self.row_pointers.reshape(b, r + 1)[:, 1:].astype(np.int64) + starts[:, None]
        flat = xp.minimum(xp.searchsorted(ends.reshape(-1), xp.arange(nnz, dtype=np.int64),
                                          side="right"), b * r - 1)
        return flat // r, flat % r, self.col_indices[:nnz].astype(np.int64), \
            self.values[:nnz]

    def dense(self, xp: Any = np) -> Any:
        """The dense matrix, an array of `xp`; a later entry at a place writes over the
        earlier, as TF's CPU kernel (the last one's position found by an atomic max: a
        device's scatter lands repeated places in no set order)."""
        b, r, c = self.batches()
        bi, ri, ci, v = self.coo(xp)
        if not v.size:
            out = xp.zeros((b, r, c), v.dtype)
        else:
            last = xp.full(b * r * c, -1, np.int64)
            xp.maximum.at(last, (bi * r + ri) * c + ci, xp.arange(v.size, dtype=np.int64))
            out = xp.where(last >= 0, v[xp.maximum(last, 0)], xp.zeros((), v.dtype))
            out = out.reshape(b, r, c)
        return out if len(self.dense_shape) == 3 else out[0]


def as_variant(m: CSRMatrixValue) -> np.ndarray:
    out = np.empty((), object)
    out[()] = m
    return out


def no_entries(xp: Any, dtype: dt.DType, dense_shape: np.ndarray) -> CSRMatrixValue:
    """A matrix of `dense_shape` (rank 2 or 3, host ints) with no entries, as TF's GPU makes
    one (CSRSparseMatrixZeros): every row pointer 0 on the device of `xp`, the batch
    pointers 0 on the host."""
    b, r = (1, int(dense_shape[0])) if dense_shape.size == 2 else \
        (int(dense_shape[0]), int(dense_shape[1]))
    return CSRMatrixValue(dtype, dense_shape, np.zeros(b + 1), xp.zeros(b * (r + 1), np.int32),
                          xp.zeros(0, np.int32), xp.zeros(0, dtype.as_numpy_dtype))


def from_entries(xp: Any, dtype: dt.DType, dense_shape: Any, indices: Any,
                 values: Any) -> CSRMatrixValue:
    """A CSR matrix of entries at `indices` (an int64 array of `xp`, rows of rank 2 or 3),
    TF's way: each item's rows counted, entries kept in the order given; the batch
    pointers in host memory (a device's counts read back, as TF's GPU kernels read
    theirs)."""
    shape = [int(v) for v in dense_shape]
    b, r = (1, shape[0]) if len(shape) == 2 else shape[:2]
    n = int(indices.shape[0])
    rows = xp.zeros((b, r + 1), np.int32)
    if n == 0:
        return CSRMatrixValue(dtype, shape, np.zeros(b + 1), rows.reshape(-1),
                              xp.zeros(0, np.int32), values)
    bi = indices[:, 0] if len(shape) == 3 else xp.zeros(n, np.int64)
    per_row = bincount(xp, bi * r + indices[:, -2], b * r).reshape(b, r)
    rows[:, 1:] = xp.cumsum(per_row, axis=1)
    if len(shape) == 2:
        batch = np.array([0, n])
    elif xp is np:  # (TF's CPU kernel: where each later item's first entry is, reading the
        # entries as sorted by item; its GPU kernel counts each item's entries)
        batch = np.concatenate([[0], np.searchsorted(np.maximum.accumulate(bi), np.arange(b),
                                                     "right")])
    else:
        batch = np.concatenate([[0], np.cumsum(to_host(per_row.sum(axis=1)))])
    return CSRMatrixValue(dtype, shape, batch, rows.reshape(-1),
                          indices[:, -1].astype(np.int32), values)


def _held(x: Any) -> Any:
    return x[()] if isinstance(x, np.ndarray) and x.dtype == object and x.ndim == 0 else x


def _held_matrix(op: str, x: Any, index: int = 0) -> CSRMatrixValue:
    """The matrix a variant input holds, its arrays wherever they live."""
    if getattr(x, "ndim", 0):
        raise C.fail(op, f"Invalid input matrix: Shape must be rank 0 but is rank {x.ndim}")
    held = _held(x)
    if not isinstance(held, CSRMatrixValue):
        raise C.fail(op, f"Could not retrieve Variant input {index}")
    return held


def _matrix(op: str, x: Any, index: int = 0, xp: Any = np) -> CSRMatrixValue:
    """The matrix a variant input holds, its arrays on `xp`'s device."""
    return _held_matrix(op, x, index).on(xp)
