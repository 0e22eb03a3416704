"""Sparse ops: tf.sparse.to_dense (the SparseToDense primitive) and RaggedFillEmptyRows.

Ops layer, the one sparse primitive (tf.sparse's other functions are compositions in
sparse_functions.py). Its gradient, as TF's: the values get the output gradient at their
indices (a GatherNd), the default value the rest of it.
"""

from __future__ import annotations

import collections
import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, OpError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    host_tensor,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import reshape_like, shape
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.eager_errors import eager_api, slow_path
from eagerflow._src.ops.elementwise import binary_args
from eagerflow._src.ops.indexing import unsorted_segment_sum
from eagerflow._src.ops.math_base import ones_like
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_OP = "SparseToDense"


def _infer(indices: Any, output_shape: Any, values: Any, default_value: Any, *,
           validate_indices: bool = True) -> list:
    if indices._dtype not in (dt.int32, dt.int64) or output_shape._dtype is not indices._dtype:
        raise InvalidArgumentError(None, None, f"indices and output_shape must be int32 or int64 "
                                   f"of one type [Op:{_OP}]")
    if values._dtype is not default_value._dtype:
        raise InvalidArgumentError(None, None, f"default_value should have the same dtype as "
                                   f"values: {default_value._dtype.name} vs. "
                                   f"{values._dtype.name} [Op:{_OP}]")
    if default_value._shape not in ((), None):
        raise InvalidArgumentError(None, None, f"default_value should be a scalar. [Op:{_OP}]")
    if indices._shape is not None and len(indices._shape) != 2:
        raise InvalidArgumentError(None, None, f"SparseToDense: indices must be a matrix, got "
                                   f"rank {len(indices._shape)} [Op:{_OP}]")
    if output_shape._shape is not None and len(output_shape._shape) != 1:
        raise InvalidArgumentError(None, None, f"output_shape must be rank 1 [Op:{_OP}]")
    vs = values._shape
    if indices._shape is not None and vs is not None and vs != () and not (
            len(vs) == 1 and None in (indices._shape[0], vs[0])) and vs != indices._shape[:1]:
        # (a scalar, or one value per index: a matrix of values too is refused here)
        raise InvalidArgumentError(None, None, f"sparse_values has incorrect shape "
                                   f"{C.shape_str(vs)}, should be [] or "
                                   f"[{indices._shape[0]}] [Op:{_OP}]")
    arr = getattr(output_shape, "_arr", None)
    if arr is not None:
        dims = tuple(int(d) for d in to_host(arr))  # (one read of a device's shape)
        if any(d < 0 for d in dims):
            raise InvalidArgumentError(None, None, f"Dimension -1 must be >= 0 [Op:{_OP}]")
        check_finite_size(_OP, dims, values._dtype)
    else:
        n = output_shape._shape[0] if output_shape._shape else None
        dims = None if n is None else (None,) * n
    return [(dims, values._dtype)]


def _kernel(xp: Any, indices: Any, output_shape: Any, values: Any, default_value: Any, *,
            validate_indices: bool = True) -> Any:
    shape = tuple(int(d) for d in to_host(output_shape))  # (a host input: no read)
    idx = indices.astype(np.int64)
    if idx.size and idx.shape[1] != len(shape):
        raise InvalidArgumentError(None, None, f"indices[0] has {idx.shape[1]} dimensions "
                                   f"but output has {len(shape)} [Op:{_OP}]")
    fill = default_value[()]  # (a host input: a NumPy scalar fills a device's array)
    if not idx.size:
        return xp.full(shape, fill, dtype=values.dtype)
    outside = ((idx < 0) | (idx >= xp.asarray(shape, dtype=np.int64))).any(axis=1)
    if xp is np:
        _check_indices(outside, idx, shape, validate_indices)
    elif validate_indices:
        # TF's GPU kernel (sparse_to_dense_op_gpu.cu.cc) checks on the device and reads
        # back one status; so here, one read of two flags, and TF's CPU words on a refusal
        later = idx[1:] - idx[:-1]  # (each row against the one before, row-major)
        lead = xp.argmax(later != 0, axis=1)
        unordered = xp.take_along_axis(later, lead[:, None], axis=1) <= 0
        flags = xp.stack([outside.any(), unordered.any()])
        if bool(to_host(flags).any()):
            _check_indices(to_host(outside), to_host(idx), shape, validate_indices)
    # Without validation TF's GPU kernel checks nothing (an index outside the shape writes
    # outside the output): here such a row goes to a spare cell past the end, left out
    size = math.prod(shape)
    flat = xp.zeros(len(idx), np.int64)
    for j, d in enumerate(shape):
        flat = flat * d + idx[:, j]
    flat = xp.where(outside, size, flat)
    out = xp.full(size + 1, fill, dtype=values.dtype)
    out[flat] = values
    return out[:size].reshape(shape)


def _check_indices(outside: np.ndarray, idx: np.ndarray, shape: tuple, validate: bool) -> None:
    """SparseToDense's checks, row by row as TF's kernel makes them: each index within the
    shape, then (when validating) after the one before it in row-major order."""
    def where(i: int) -> str:
        return f"indices[{i}] = [{','.join(str(v) for v in idx[i])}]"
    first_out = int(outside.argmax()) if outside.any() else len(idx)
    if not validate:
        if first_out < len(idx):
            raise InvalidArgumentError(None, None, "Indices are not valid (out of bounds).  "
                                                   f"Shape: [{','.join(map(str, shape))}] "
                                                   f"[Op:{_OP}]")
        return
    first_bad, order = first_out, 0
    if len(idx) > 1:
        diff = idx[1:] - idx[:-1]
        nonzero = diff != 0
        lead = nonzero.argmax(axis=1)  # the first coordinate where a row differs
        sign = np.where(nonzero.any(axis=1), np.sign(diff[np.arange(len(diff)), lead]), 0)
        bad = np.flatnonzero(sign <= 0)
        if bad.size and bad[0] + 1 < first_bad:
            first_bad, order = int(bad[0]) + 1, int(sign[bad[0]])
    if first_bad == len(idx):
        return
    if first_bad == first_out:
        raise InvalidArgumentError(None, None, f"{where(first_bad)} is out of bounds: need 0 <= "
                                               f"index < [{','.join(map(str, shape))}] [Op:{_OP}]")
    if order < 0:
        raise InvalidArgumentError(None, None, f"{where(first_bad)} is out of order. Many sparse "
                                               "ops require sorted indices.\n    Use "
                                               "`tf.sparse.reorder` to create a correctly ordered "
                                               f"copy.\n\n [Op:{_OP}]")
    raise InvalidArgumentError(None, None, f"{where(first_bad)} is repeated [Op:{_OP}]")


def _reference(indices: np.ndarray, output_shape: np.ndarray, values: np.ndarray,
               default_value: np.ndarray, validate_indices: bool = True) -> np.ndarray:
    shape = tuple(int(d) for d in output_shape)
    out = np.empty(shape, dtype=values.dtype)
    for pos in np.ndindex(*shape):
        out[pos] = default_value
    vals = np.broadcast_to(values, (len(indices),))
    for row, v in zip(indices, vals):
        out[tuple(int(i) for i in row)] = v
    return out


def _grad(n: Any, g: Any) -> list:
    indices, _, values, default = n.inputs
    if not values._dtype.is_floating and not values._dtype.is_complex:
        return [None, None, None, None]
    picked = gather_nd(g, indices)
    g_default = reduce_sum(g) - reduce_sum(picked)
    return [None, None, reshape_like(picked, values), reshape_like(g_default, default)]


SPARSE_TO_DENSE = register(OpDef(
    _OP, _infer, _kernel, reference=_reference, grad=_grad,
    host_inputs=(1, 3),  # (TF's HostMemory("output_shape"), HostMemory("default_value"))
    samples=lambda: [
                Sample((np.array([[0, 0], [1, 2]], np.int64), np.array([3, 4], np.int64),
                        np.array([1.5, -2.0]), np.float64(0.0)), grad_inputs=(2, 3)),
                Sample((np.array([[1], [3]], np.int32), np.array([5], np.int32),
                        np.array([7, 9], np.int32), np.int32(-1)), grad=False),
            ],
    bad_samples=lambda: [
        BadSample((np.array([[0, 5]], np.int64), np.array([3, 4], np.int64), np.array([1.0]),
                   np.float64(0)), {}, InvalidArgumentError, "out of bounds"),
        BadSample((np.array([[0, 0]], np.int64), np.array([3, 4], np.int64), np.array([1.0]),
                   np.float32(0)), {}, InvalidArgumentError, "same dtype"),
        BadSample((np.array([[0, 0]], np.int64), np.array([-3, 4], np.int64), np.array([1.0]),
                   np.float64(0)), {}, InvalidArgumentError, "must be >= 0")],
))


def to_dense(sp_input: SparseTensor, default_value: Any = None, validate_indices: bool = True,
             name: str | None = None) -> Any:
    """`tf.sparse.to_dense(sp_input, default_value=None)`."""
    if not isinstance(sp_input, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    values = sp_input.values
    # (a Python list or string default sends TF's wrapper down its slow path; TF's own
    # default, a zeros tensor, takes the fast one)
    slow = wrapper_inputs.passed_raw(default_value)
    if default_value is None:
        default_value = b"" if values.dtype is dt.string else np.zeros(
            (), values.dtype.as_numpy_dtype)
    # (a host input of TF's GPU kernel; a tensor goes to the op as it is: TF's op refuses
    # one of another dtype than the values')
    d = default_value if isinstance(default_value, Tensor) else host_tensor(
        default_value, dtype=values.dtype)
    if d._dtype is not values.dtype and isinstance(d, EagerTensor):
        # (TF's eager op wrapper, before the kernel: its message has no function's name)
        e = C.wrong_input_dtype(SPARSE_TO_DENSE.name, 3, values.dtype, d._dtype)
        raise type(e)(None, None, f"{e._message} name: ")
    try:
        out = bind(SPARSE_TO_DENSE, (sp_input.indices, sp_input.dense_shape, values, d),
                   {"validate_indices": bool(validate_indices)}, name)
    except OpError as e:
        raise (slow_path(e) if slow else e) from None
    if not isinstance(out, EagerTensor):  # traced: the dims the dense shape's producers fix
        known = getattr(sp_input, "_dense_static", None)
        if known is None:
            value = partial_value(sp_input.dense_shape)
            known = TensorShape(value if isinstance(value, list) else None)
        if known.rank is None:
            out._shape = None  # (TF's SparseToDense: unknown rank where the shape's length is)
        else:
            out.set_shape(known)
    return out


# ---------------------------------------------------------------------------------------
# RaggedFillEmptyRows / RaggedFillEmptyRowsGrad: SparseFillEmptyRows for a ragged tensor's
# value_rowids (tf.ragged_fill_empty_rows): each row without values gets `default_value`,
# the values stay in their rows' order (a stable sort by row id), and the reverse map says
# where each input value went; the gradient gathers at that map, the default value gets
# the rest (TF's registered gradient calls the Grad op).
# ---------------------------------------------------------------------------------------

_FILL = "RaggedFillEmptyRows"
_FILL_GRAD = "RaggedFillEmptyRowsGrad"
# TF 2.21's CPU kernels of RaggedFillEmptyRowsGrad and SparseFillEmptyRowsGrad (no bool,
# no string)
FILL_GRAD_KERNELS = (dt.complex128, dt.complex64, dt.float64, dt.float32, dt.bfloat16,
                     dt.float16, dt.int32, dt.int8, dt.uint8, dt.int16, dt.uint16, dt.uint32,
                     dt.int64, dt.uint64)


def check_coo_ranks(op: str, prefix: str, indices: tuple, values: tuple,
                    shape: tuple) -> None:
    """A SparseTensor's parts' ranks as the kernels taking one (`prefix`: its argument
    names' "a_" or "sp_") check them: a matrix of indices, vectors of values and shape."""
    if len(indices) != 2:
        raise C.fail(op, f"Input {prefix}indices should be a matrix but received shape: "
                         f"{C.shape_str(indices)}")
    if len(values) != 1 or len(shape) != 1:
        raise C.fail(op, f"Inputs {prefix}values and {prefix}shape should be vectors but "
                         f"received shapes: {C.shape_str(values)} and {C.shape_str(shape)}")


def want_rank(op: str, x: Any, rank: int, what: str) -> None:
    """The fill kernels' rank check of a known shape ("values must be a vector, saw: ...")."""
    if x._shape is not None and len(x._shape) != rank:
        kind = ("a scalar", "a vector", "a matrix")[rank]
        raise C.fail(op, f"{what} must be {kind}, saw: {C.shape_str(x._shape)}")


def _fill_infer(value_rowids: Any, values: Any, nrows: Any, default_value: Any) -> list:
    for i, x in ((0, value_rowids), (2, nrows)):
        if x._dtype is not dt.int64:
            raise C.wrong_input_dtype(_FILL, i, dt.int64, x._dtype)
    if default_value._dtype is not values._dtype:
        raise C.wrong_input_dtype(_FILL, 3, values._dtype, default_value._dtype)
    want_rank(_FILL, value_rowids, 1, "value_rowids")
    want_rank(_FILL, values, 1, "values")
    want_rank(_FILL, nrows, 0, "nrows")
    want_rank(_FILL, default_value, 0, "default_value")
    n, m = (value_rowids._shape or (None,))[0], (values._shape or (None,))[0]
    if None not in (n, m) and n != m:
        raise C.fail(_FILL, f"The length of `values` ({m}) must match the first dimension of "
                            f"`value_rowids` ({n}).")
    # (TF's kernel gives no rows' ids as a [0, 1] matrix; a graph's static shape is [?])
    no_rows = isinstance(nrows, EagerTensor) and nrows._shape == () and \
        int(to_host(nrows._arr)) == 0
    return [((0, 1) if no_rows else (None,), dt.int64), ((None,), values._dtype),
            ((None,), dt.bool), ((n if n is not None else m,), dt.int64)]


def _fill_kernel(xp: Any, value_rowids: Any, values: Any, nrows: Any,
                 default_value: Any) -> tuple:
    rows = np.asarray(to_host(value_rowids), np.int64)
    n = int(to_host(nrows))
    if n < 0:
        raise C.fail(_FILL, f"Expected shape dimensions to be non-negative, got {n}")
    out_rows, out_values, empty, reverse = fill_rows(xp, _FILL, rows, n, values,
                                                     default_value)
    # (TF's kernel gives the row ids of zero rows as a [0, 1] matrix, its shared sparse
    # kernel's index shape, though its shape function says a vector)
    return (xp.asarray(out_rows if n else out_rows.reshape(0, 1)), out_values,
            xp.asarray(empty), xp.asarray(reverse))


def fill_rows(xp: Any, op: str, rows: np.ndarray, n: int, values: Any,
              default_value: Any) -> tuple:
    """The kernel shared with SparseFillEmptyRows: each of `n` rows keeps its values (in
    input order) and an empty one gains `default_value`. Returns the output's row ids
    (host), its values, the empty rows (host) and where each input value went (host)."""
    bad = ((rows < 0) | (rows >= n)).nonzero()[0]
    if bad.size:
        i = int(bad[0])
        raise C.fail(op, f"indices({i}, 0) is invalid: {int(rows[i])} >= {n}")
    counts = np.bincount(rows, minlength=n)
    empty = counts == 0
    # every row keeps its values (in order) and an empty one gains one slot first
    order = np.argsort(rows, kind="stable")
    starts = np.cumsum(np.maximum(counts, 1)) - np.maximum(counts, 1)
    within = np.arange(rows.size) - (np.cumsum(counts) - counts)[rows[order]]
    reverse = np.empty(rows.size, np.int64)
    reverse[order] = starts[rows[order]] + within
    total = rows.size + int(empty.sum())
    out_rows = np.repeat(np.arange(n, dtype=np.int64), np.maximum(counts, 1))
    out_values = xp.empty((total,), values.dtype)
    if total:
        out_values[xp.asarray(starts[empty])] = default_value
        out_values[xp.asarray(reverse)] = values
    return out_rows, out_values, empty, reverse


def _fill_reference(value_rowids: np.ndarray, values: np.ndarray, nrows: np.ndarray,
                    default_value: np.ndarray) -> tuple:
    """Row by row: each row's values in input order, or the default in an empty row."""
    out_rows, out_values, empty, reverse = [], [], [], [0] * len(values)
    for r in range(int(nrows)):
        mine = [i for i, v in enumerate(value_rowids) if v == r]
        empty.append(not mine)
        for i in mine:
            reverse[i] = len(out_values)
            out_rows.append(r)
            out_values.append(values[i])
        if not mine:
            out_rows.append(r)
            out_values.append(default_value[()])
    rows_out = np.array(out_rows, np.int64).reshape((-1,) if int(nrows) else (0, 1))
    return (rows_out, np.array(out_values, values.dtype).reshape(-1),
            np.array(empty, bool), np.array(reverse, np.int64))


def _fill_grad(n: Any, g_rows: Any, g_values: Any, g_empty: Any, g_reverse: Any) -> list:
    d_values, d_default = bind(RAGGED_FILL_EMPTY_ROWS_GRAD, (n.outputs[3], g_values), {})
    return [None, d_values, None, d_default]


def fill_grad_grad(n: Any, g_values: Any, g_default: Any) -> list:
    """RaggedFillEmptyRowsGrad (SparseFillEmptyRowsGrad too) is linear in grad_values; its
    adjoint (TF registers none) is what forward-mode differentiation of the fill needs:
    each value's cotangent at its output slot, the default's at the slots no value went
    to."""
    rmap, grad_values = n.inputs
    m = shape(grad_values, out_type=dt.int64)[0]
    taken = unsorted_segment_sum(ones_like(g_values), rmap, m)
    return [None, unsorted_segment_sum(g_values, rmap, m) + g_default * (1 - taken)]


def fill_grad_infer(op: str) -> Callable:
    """The infer of RaggedFillEmptyRowsGrad or SparseFillEmptyRowsGrad (`op`)."""
    def infer(reverse_index_map: Any, grad_values: Any) -> list:
        # (TF looks up the kernel for T first; the found kernel checks its inputs' dtypes)
        if grad_values._dtype not in FILL_GRAD_KERNELS:
            raise C.no_kernel(op, f"T={C.dt_enum(grad_values._dtype)}", FILL_GRAD_KERNELS)
        if reverse_index_map._dtype is not dt.int64:
            raise C.wrong_input_dtype(op, 0, dt.int64, reverse_index_map._dtype)
        want_rank(op, reverse_index_map, 1, "reverse_index_map")
        want_rank(op, grad_values, 1, "grad_values")
        return [(reverse_index_map._shape, grad_values._dtype), ((), grad_values._dtype)]
    return infer


def fill_grad_kernel(op: str) -> Callable:
    """The kernel of RaggedFillEmptyRowsGrad or SparseFillEmptyRowsGrad (`op`)."""
    def kernel(xp: Any, reverse_index_map: Any, grad_values: Any) -> tuple:
        rmap = np.asarray(to_host(reverse_index_map), np.int64)
        m = grad_values.shape[0]
        bad = ((rmap < 0) | (rmap >= m)).nonzero()[0]
        if bad.size:
            raise C.fail(op, f"Elements in reverse index must be in [0, {m}) but got "
                             f"{int(rmap[bad[0]])}")
        d_values = grad_values[xp.asarray(rmap)]
        # the default value fed every slot that no input value went to
        rest = xp.ones((m,), bool)
        rest[xp.asarray(rmap)] = False
        with np.errstate(all="ignore"):  # (inf - inf: NaN, as TF's sum gives it)
            return d_values, grad_values[rest].sum(dtype=grad_values.dtype)
    return kernel


def fill_grad_reference(reverse_index_map: np.ndarray, grad_values: np.ndarray) -> tuple:
    d_values = np.array([grad_values[i] for i in reverse_index_map], grad_values.dtype)
    taken = set(int(i) for i in reverse_index_map)
    d_default = grad_values.dtype.type(0)
    for i, g in enumerate(grad_values):
        if i not in taken:
            d_default = d_default + g
    return d_values.reshape(-1), np.asarray(d_default, grad_values.dtype)


_I = np.int64
RAGGED_FILL_EMPTY_ROWS_GRAD = register(OpDef(
    _FILL_GRAD, fill_grad_infer(_FILL_GRAD), fill_grad_kernel(_FILL_GRAD), num_outputs=2,
    reference=fill_grad_reference, grad=fill_grad_grad,
    samples=lambda: [
        Sample((np.array([0, 2, 3], _I), np.array([1.0, 2.0, 3.0, 4.0, 5.0])),
               grad_inputs=(1,)),
        Sample((np.array([], _I), np.array([1, 2], np.int32)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([0, 7], _I), np.array([1.0, 2.0, 3.0])), {}, InvalidArgumentError,
                  "Elements in reverse index must be in [0, 3) but got 7"),
        BadSample((np.array([[0]], _I), np.array([1.0])), {}, InvalidArgumentError,
                  "reverse_index_map must be a vector, saw: [1,1]"),
        BadSample((np.array([0], _I), np.array(["a"], object)), {}, NotFoundError,
                  "All kernels registered for op RaggedFillEmptyRowsGrad")],
))
RAGGED_FILL_EMPTY_ROWS = register(OpDef(
    _FILL, _fill_infer, _fill_kernel, num_outputs=4, reference=_fill_reference,
    grad=_fill_grad,
    samples=lambda: [
        Sample((np.array([1, 1, 3], _I), np.array([1.0, 2.0, 3.0]), np.array(5, _I),
                np.float64(9.0)), grad_inputs=(1, 3)),
        Sample((np.array([3, 1, 1, 0], _I), np.array([1.5, -2.0, 3.0, 4.0]), np.array(6, _I),
                np.float64(-1.0)), grad_inputs=(1, 3)),
        Sample((np.array([], _I), np.array([], np.float32), np.array(3, _I), np.float32(7)),
               grad=False),
        Sample((np.array([1], _I), np.array([b"a"], object), np.array(3, _I),
                np.array(b"z", object)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([0, 5], _I), np.array([1.0, 2.0]), np.array(3, _I),
                   np.float64(0)), {}, InvalidArgumentError, "indices(1, 0) is invalid: 5 >= 3"),
        BadSample((np.array([0], _I), np.array([1.0]), np.array(-1, _I), np.float64(0)), {},
                  InvalidArgumentError, "Expected shape dimensions to be non-negative, got -1"),
        BadSample((np.array([0, 1], _I), np.array([1.0]), np.array(3, _I), np.float64(0)), {},
                  InvalidArgumentError, "The length of `values` (1) must match"),
        BadSample((np.array([0, 1], np.int32), np.array([1.0, 2.0]), np.array(3, _I),
                   np.float64(0)), {}, InvalidArgumentError,
                  "input #0(zero-based) was expected to be a int64 tensor but is a int32"),
        BadSample((np.array([0], _I), np.array([[1.0]]), np.array(3, _I), np.float64(0)), {},
                  InvalidArgumentError, "values must be a vector, saw: [1,1]"),
        BadSample((np.array([0], _I), np.array([1.0]), np.array([3], _I), np.float64(0)), {},
                  InvalidArgumentError, "nrows must be a scalar, saw: [1]")],
))


RaggedFillEmptyRowsOutput = collections.namedtuple(
    _FILL, ["output_value_rowids", "output_values", "empty_row_indicator", "reverse_index_map"])
RaggedFillEmptyRowsGradOutput = collections.namedtuple(_FILL_GRAD,
                                                       ["d_values", "d_default_value"])


def _int64_tensor(x: Any) -> Any:
    return convert_to_tensor(x, dtype=dt.int64)


@eager_api("value_rowids", "values", "nrows", "default_value")  # (TF's slow path)
def ragged_fill_empty_rows(value_rowids: Any, values: Any, nrows: Any, default_value: Any,
                           name: str | None = None) -> tuple:
    """tf.ragged_fill_empty_rows: (output_value_rowids, output_values, empty_row_indicator,
    reverse_index_map), as the op returns them."""
    rows = _int64_tensor(value_rowids)
    v, d = binary_args(values, default_value)  # (one dtype, as TF's wrapper converts them)
    return RaggedFillEmptyRowsOutput(*bind(RAGGED_FILL_EMPTY_ROWS,
                                           (rows, v, _int64_tensor(nrows), d), {}, name))


@eager_api("reverse_index_map", "grad_values")  # (a list: TF's wrapper's slow path)
def ragged_fill_empty_rows_grad(reverse_index_map: Any, grad_values: Any,
                                name: str | None = None) -> tuple:
    """tf.ragged_fill_empty_rows_grad: (d_values, d_default_value)."""
    # (the values, typed by the op's T, first; then on the slow path the index map is
    # converted to int64, else a tensor goes to the op as it is: it refuses another dtype)
    values = convert_to_tensor(grad_values)
    wrapper_inputs.slow_typed_inputs(wrapper_inputs.passed_raw(reverse_index_map, grad_values),
                                     (reverse_index_map, dt.int64))
    index_map = reverse_index_map if isinstance(reverse_index_map, Tensor) else \
        _int64_tensor(reverse_index_map)
    return RaggedFillEmptyRowsGradOutput(*bind(
        RAGGED_FILL_EMPTY_ROWS_GRAD, (index_map, values), {}, name))
