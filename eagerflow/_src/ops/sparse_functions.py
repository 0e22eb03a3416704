"""tf.sparse: concat, reorder, reshape, slice, split, reductions, matmul, crosses, ...

Ops layer, after the ragged modules. A SparseTensor is COO indices, values and a dense
shape. reorder, reshape, slice, concat, split and fill_empty_rows bind TF's ops for them
(sparse_shape_ops.py, sparse_join_ops.py), as TF's graphs hold them; the others are
compositions of registered ops over those three tensors (row-major linear positions,
argsort, gathers and segment reductions), so gradients reach the values wherever TF has
them. The crosses (tf.sparse.cross, cross_hashed) are in crosses.py; add (SparseAdd,
SparseTensorDenseAdd) in sparse_binary_ops.py.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import sparse_count_ops
from eagerflow._src.ops.array import concat, reshape, transpose
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.debugging import assert_equal
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import tf_constant_value, tf_shape_value
from eagerflow._src.ops.eager_errors import eager_api, raised_eagerly, slow_path
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2, graph_constant, scope_name
from eagerflow._src.ops.indexing import (
    gather,
)
from eagerflow._src.ops.math import (
    floordiv,
    floormod,
    not_equal,
)
from eagerflow._src.ops.math_base import (
    cast,
    identity,
    where,
)
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import reduce_max, reduce_sum
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.slice_op import slice as dense_slice
from eagerflow._src.ops.sparse_join_ops import (
    SPARSE_CONCAT,
    SPARSE_FILL_EMPTY_ROWS,
    SPARSE_SPLIT,
)
from eagerflow._src.ops.sparse_ops import to_dense
from eagerflow._src.ops.sparse_segment_ops import (  # noqa: F401 (tf.sparse's, re-exported)
    segment_mean,
    segment_sqrt_n,
    segment_sum,
)
from eagerflow._src.ops.sparse_shape_ops import (
    SPARSE_REORDER,
    SPARSE_RESHAPE,
    SPARSE_SLICE,
)
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.wrapper_inputs import passed_raw

_I64 = dt.int64
_CONCAT_OP, _RESHAPE_OP, _SLICE_OP, _FILL_OP = ("SparseConcat", "SparseReshape", "SparseSlice",
                                                "SparseFillEmptyRows")
# TF's first CPU kernel of SparseConcat, which an empty list of inputs (T unset) cannot meet
_CONCAT_KERNEL = ('op: "SparseConcat" device_type: "CPU" constraint { name: "T" allowed_values '
                  '{ list { type: DT_VARIANT } } }')


def _sp(x: Any) -> SparseTensor:
    """A SparseTensor argument as TF's functions take it (a SparseTensorValue converted)."""
    if isinstance(x, SparseTensorValue):
        return SparseTensor.from_value(x)
    if not isinstance(x, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    return x


def _read(x: Any, *attrs: str) -> SparseTensor:
    """A SparseTensor argument whose `attrs` TF's function reads unchecked, in this order:
    anything else lacking one is Python's AttributeError for the first it lacks (a dense
    tensor's 'indices'), as in TF; else as _sp."""
    reads(x, *attrs)
    return _sp(x)


def reads(x: Any, *attrs: str) -> None:
    """TF's unchecked reads of `attrs` of a SparseTensor argument, in this order: Python's
    AttributeError for the first that `x` lacks."""
    if not isinstance(x, (SparseTensor, SparseTensorValue)):
        for a in attrs:
            if not hasattr(x, a):
                raise C.no_attribute(x, a)


def _rank(sp: SparseTensor) -> int:
    r = sp.dense_shape.shape[0]
    if r is None:
        raise ValueError("tf.sparse needs SparseTensors of known rank")
    return r


def _int64(v: Any) -> Tensor:
    t = v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=_I64)
    return cast(t, _I64)


# ---------------------------------------------------------------------------------------
# Row-major positions.
# ---------------------------------------------------------------------------------------

def _strides(shape: Tensor, rank: int) -> Tensor:
    """Row-major strides of a dense shape (the product of the later dims)."""
    out = [convert_to_tensor(1, _I64)]
    for k in range(rank - 1, 0, -1):
        out.append(out[-1] * shape[k])
    return stack(out[::-1])


def _positions(indices: Tensor, shape: Tensor, rank: int) -> Tensor:
    return reduce_sum(indices * _strides(shape, rank), axis=1)


def _indices_of(positions: Tensor, shape: Tensor, rank: int) -> Tensor:
    strides = _strides(shape, rank)
    cols = [floormod(floordiv(positions, strides[k]), shape[k]) if k else
            floordiv(positions, strides[0]) for k in range(rank)]
    return stack(cols, axis=1) if rank else reshape(positions, [-1, 0])


def reorder(sp_input: SparseTensor, name: str | None = None) -> SparseTensor:
    """`tf.sparse.reorder`: entries sorted in row-major order (TF's SparseReorder)."""
    sp = _sp(sp_input)
    ind, val = bind(SPARSE_REORDER, (sp.indices, sp.values, sp.dense_shape), {}, name)
    static = sp.shape
    if isinstance(sp.dense_shape, EagerTensor):
        return SparseTensor._of(ind, val, sp.dense_shape)
    if static.is_fully_defined():  # (traced, TF's dense shape is then a constant of it)
        with name_scope(scope_name(None, "SparseTensor") + "/"):
            dense = convert_to_tensor_v2(static.as_list(), _I64, name="dense_shape")
        return SparseTensor._of(ind, val, dense)
    # (else an Identity of the dense shape, which the static shape does not see through)
    out = SparseTensor._of(ind, val, identity(sp.dense_shape))
    return out._with_static(static, dense=None if static.rank is None else
                            [None] * static.rank)


# ---------------------------------------------------------------------------------------
# Construction and conversion.
# ---------------------------------------------------------------------------------------

def from_dense(tensor: Any, name: str | None = None) -> SparseTensor:
    """`tf.sparse.from_dense`: the nonzero (non-empty) entries of a dense tensor."""
    t = tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor)
    zero = convert_to_tensor(b"" if t.dtype is dt.string else False if t.dtype is dt.bool
                             else 0, t.dtype)
    idx = where(not_equal(t, zero))
    return SparseTensor._of(idx, gather_nd(t, idx), shape_op(t, out_type=_I64))


def map_values(op: Callable, *args: Any, **kwargs: Any) -> SparseTensor:
    """`tf.sparse.map_values(op, *args)`: `op` over the values of the sparse arguments (which
    must share their indices), found anywhere in the arguments' nested structures (as TF's:
    a list of sparse tensors passes their values as a list)."""
    found: list = []

    def swap(v: Any) -> Any:
        if isinstance(v, SparseTensor):
            found.append(v)
            return v.values
        return v

    inner_args = [nest.map_structure(swap, a) for a in args]
    inner_kwargs = {k: nest.map_structure(swap, v) for k, v in kwargs.items()}
    if not found:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = found[0]
    for other in found[1:]:  # (checked before `op` runs, as TF's control dependencies)
        assert_equal(first.dense_shape, other.dense_shape, message="Mismatched shapes!")
        assert_equal(first.indices, other.indices, message="Mismatched indices!")
    return SparseTensor._of(first.indices, op(*inner_args, **inner_kwargs), first.dense_shape)


def expand_dims(sp_input: SparseTensor, axis: int = None, name: str | None = None) -> Any:
    """`tf.sparse.expand_dims`: a dimension of size 1 inserted at `axis`."""
    sp = _read(sp_input, "dense_shape")
    rank = _rank(sp)
    axis = -1 if axis is None else int(axis)
    axis = axis + rank + 1 if axis < 0 else axis
    if not 0 <= axis <= rank:
        # (TF slices the indices around the axis unchecked: its Slice ops refuse it)
        dense_slice(sp.indices, [0, 0], [-1, axis])
        dense_slice(sp.indices, [0, axis], [-1, -1])
    n = shape_op(sp.indices, out_type=_I64)[0]
    zeros = reshape(range_(n) * 0, [-1, 1])
    idx = concat([sp.indices[:, :axis], zeros, sp.indices[:, axis:]], 1)
    shape = concat([sp.dense_shape[:axis], convert_to_tensor([1], _I64),
                    sp.dense_shape[axis:]], 0)
    # (traced, TF's slices of the dense shape hide its dims: only the new 1 is known)
    return SparseTensor._of(idx, sp.values, shape)._with_static(
        [1 if k == axis else None for k in range(rank + 1)])


def transpose_sparse(sp_input: SparseTensor, perm: Any = None, name: str | None = None
                     ) -> SparseTensor:
    """`tf.sparse.transpose`: index columns permuted, entries reordered (traced, under
    TF's name scope, whose nodes' names the graph's others count around)."""
    if perm is None and not isinstance(sp_input, SparseTensor):
        # (TF reads sp_input.shape.rank first: a NumPy array's shape, a tuple, has none)
        shape = getattr(sp_input, "shape", None)
        if not hasattr(shape, "rank"):
            raise C.no_attribute(sp_input if shape is None else shape,
                                 "shape" if shape is None else "rank")
    reads(sp_input, "indices")
    if isinstance(sp_input, SparseTensorValue):  # (a static perm: TF reads its static shape)
        raise C.no_attribute(sp_input, "get_shape")
    with name_scope(name or "SparseTranspose"):
        return _transposed(_sp(sp_input), perm)


def _transposed(sp: SparseTensor, perm: Any) -> SparseTensor:
    if perm is None and sp.dense_shape.shape[0] is None:  # (its rank known when run)
        n = shape_op(sp.dense_shape)[0]
        perm = (n - 1) - range_(0, n, 1)
        return reorder(SparseTensor._of(gather(sp.indices, perm, axis=1), sp.values,
                                        gather(sp.dense_shape, perm)))
    rank = _rank(sp)
    raw = passed_raw(perm)  # (TF's gather is handed the list: its slow path names no name)
    perm = list(range(rank - 1, -1, -1)) if perm is None else [int(p) for p in perm]
    try:
        idx = gather(sp.indices, convert_to_tensor(perm, _I64), axis=1)
    except OpError as e:
        raise (slow_path(e) if raw else e) from None
    if sp.shape.is_fully_defined():
        # TF's: the static shape with its first len(perm) dims permuted, a constant (a
        # shorter perm leaves the shape's rank, refused against the indices' below)
        dims = sp.shape.as_list()
        shape = convert_to_tensor([dims[p] for p in perm] + dims[len(perm):], _I64)
    else:
        shape = gather(sp.dense_shape, convert_to_tensor(perm, _I64))
    return reorder(SparseTensor(idx, sp.values, shape))


def retain(sp_input: SparseTensor, to_retain: Any) -> SparseTensor:
    """`tf.sparse.retain`: the entries where `to_retain` is True."""
    sp = _sp(sp_input)
    # (any dtype tf.where takes: its nonzero entries are kept)
    keep = to_retain if isinstance(to_retain, Tensor) else convert_to_tensor(to_retain)
    if keep.shape.rank != 1:
        raise ValueError(f"Shape {keep.shape} must have rank 1")
    n, k = sp.values.shape[0], keep.shape[0]
    if n is not None and k is not None and n != k:
        raise ValueError(f"Dimensions {n} and {k} are not compatible")
    kept = reshape(where(keep), [-1])
    # (traced, TF passes the dense shape through an Identity its static shape does not
    # see through: only the rank is known)
    return SparseTensor._of(gather(sp.indices, kept), gather(sp.values, kept),
                            sp.dense_shape)._with_static([None] * _rank(sp))


# ---------------------------------------------------------------------------------------
# Arithmetic.
# ---------------------------------------------------------------------------------------



@eager_api()
def sparse_dense_matmul(sp_a: Any, b: Any, adjoint_a: bool = False, adjoint_b: bool = False,
                        name: str | None = None) -> Tensor:
    """`tf.sparse.sparse_dense_matmul`: a sparse matrix times a dense one (either may be the
    sparse one), TF's SparseTensorDenseMatMul."""
    if isinstance(b, SparseTensor) and not isinstance(sp_a, SparseTensor):
        # dense @ sparse as TF computes it: (sparse^H @ dense^H) transposed, not conjugated
        # (so a complex product comes out conjugated, as TF's does)
        return transpose(sparse_dense_matmul(b, sp_a, adjoint_a=not adjoint_b,
                                             adjoint_b=not adjoint_a))
    sp = _sp(sp_a)
    dense = b if isinstance(b, Tensor) else convert_to_tensor(b)
    with sparse_count_ops.api_scope("SparseTensorDenseMatMul"):
        return bind(sparse_count_ops.SPARSE_TENSOR_DENSE_MAT_MUL,
                    (sp.indices, sp.values, sp.dense_shape, dense),
                    {"adjoint_a": bool(adjoint_a), "adjoint_b": bool(adjoint_b)})


# ---------------------------------------------------------------------------------------
# Structure: concat, reshape, slice, split, fill_empty_rows, to_indicator.
# ---------------------------------------------------------------------------------------

def concat_sparse(axis: int, sp_inputs: list, expand_nonconcat_dims: bool = False,
                  name: str | None = None) -> SparseTensor:
    """`tf.sparse.concat`: SparseTensors joined along `axis` (TF's SparseConcat: entries in
    row-major order); expanding, each input's other dims are the largest of them."""
    # (TF's takes a list, and makes a tuple a generator, whose len() is Python's TypeError)
    if isinstance(sp_inputs, tuple):
        raise TypeError("object of type 'generator' has no len()")
    if not isinstance(sp_inputs, list):
        raise TypeError("Inputs must be a list or tuple.")
    parts = [_sp(s) for s in sp_inputs]
    if len(parts) == 1:  # (TF's degenerate case: the input itself)
        return parts[0]
    AV.no_graph_attr(axis, "concat_dim")
    if not parts:
        raise raised_eagerly(C.no_values_kernel(_CONCAT_OP, f"N=0, concat_dim={axis}",
                                                _CONCAT_KERNEL), name)
    shapes = [p.dense_shape for p in parts]
    if expand_nonconcat_dims:  # (TF's graph: the largest dims, sliced around the axis)
        most = reduce_max(concat([reshape(s, [1, -1]) for s in shapes], 0), 0)
        shapes = [concat([most[:axis], s[-1:] if axis == -1 else s[axis:axis + 1],
                          [] if axis == -1 else most[axis + 1:]], 0) for s in shapes]
    ind, val, dense = bind(SPARSE_CONCAT, (*[p.indices for p in parts],
                                           *[p.values for p in parts], *shapes),
                           {"concat_dim": int(axis)}, name)
    if isinstance(dense, EagerTensor):
        return SparseTensor._of(ind, val, dense)
    static = [p.shape for p in parts]
    if any(s.rank is None for s in static):
        return SparseTensor._of(ind, val, dense)._with_static(None)
    dims = [None if any(s[k] is None for s in static) else max(s[k] for s in static)
            for k in range(static[0].rank)] if expand_nonconcat_dims else static[0].as_list()
    dims[axis] = None if any(s[axis] is None for s in static) else sum(s[axis] for s in static)
    if all(s.is_fully_defined() for s in static):  # (TF's dense shape: a constant of them)
        return SparseTensor._of(ind, val, convert_to_tensor_v2(dims, _I64))
    return SparseTensor._of(ind, val, dense)._with_static(dims, dense=[None] * len(dims))


@dispatch_binding
@eager_api()
def reshape_sparse(sp_input: SparseTensor, shape: Any, name: str | None = None
                   ) -> SparseTensor:
    """`tf.sparse.reshape`: the same entries in a new dense shape (one dim may be -1), TF's
    SparseReshape; traced, a statically known result's dense shape is a constant, as TF's."""
    sp = _sp(sp_input)
    new = cast(shape if isinstance(shape, Tensor) else convert_to_tensor(shape), _I64)
    with name_scope(name or _RESHAPE_OP) as scope:
        ind, dense = bind(SPARSE_RESHAPE, (sp.indices, sp.dense_shape, new), {},
                          _traced(scope))
        if not isinstance(dense, EagerTensor):
            dense = _static_reshape(sp, new, dense)
        return SparseTensor._of(ind, identity(sp.values), dense)


def _traced(scope: str) -> str | None:
    """The node name of an op TF's Python makes in a scope of its name: the scope's, traced
    (eagerly TF's errors name none)."""
    return scope if _state.graph is not None else None


def _static_reshape(sp: SparseTensor, new: Tensor, dense: Tensor) -> Tensor:
    """TF's Python reading of a traced reshape: where the input's static shape is fully
    known and so is the requested one (but for one -1), its checks (ValueErrors) and a
    constant dense shape; else SparseReshape's output."""
    dims = tf_shape_value(new)
    if dims is None or not sp.shape.is_fully_defined():
        return dense
    given = tf_constant_value(new)
    if given is not None and sum(d == -1 for d in given) > 1:
        raise ValueError(f"At most one dimension can be inferred (-1). Found: "
                         f"{np.array(given, np.int64)}")
    size = int(np.prod(sp.shape.as_list(), dtype=np.int64))
    original = list(dims)
    implied = dims.count(None)
    if implied == 1 and 0 not in dims:
        k = dims.index(None)
        dims[k] = int(size // np.prod(original[:k] + original[k + 1:], dtype=np.int64))
    if implied == 0 or (implied == 1 and 0 not in dims):
        total = int(np.prod(dims, dtype=np.int64))
        if total != size:
            raise ValueError(f"Cannot reshape a tensor with {size} elements to shape "
                             f"{original} ({total} elements).")
        return graph_constant(dims, _I64)
    return dense


@eager_api()
def slice_sparse(sp_input: SparseTensor, start: Any, size: Any, name: str | None = None
                 ) -> SparseTensor:
    """`tf.sparse.slice`: the entries in [start, start + size), shifted to start at 0 (TF's
    SparseSlice: the dense shape clipped to the input's)."""
    sp = _sp(sp_input)
    start = convert_to_tensor_v2(start, _I64)
    size = convert_to_tensor_v2(size, _I64)
    with name_scope(name or _SLICE_OP) as scope:
        return SparseTensor._of(*bind(SPARSE_SLICE, (sp.indices, sp.values, sp.dense_shape,
                                                     start, size), {}, _traced(scope)))


def split_sparse(sp_input: SparseTensor = None, num_split: int = None, axis: int = None,
                 name: str | None = None) -> list:
    """`tf.sparse.split`: `num_split` slices along `axis` (TF's SparseSplit: the first ones
    one longer where the size does not divide)."""
    for value, what in ((sp_input, "sp_input"), (num_split, "num_split"), (axis, "axis")):
        if value is None:
            raise ValueError(f"{what} is required")
    sp = _sp(sp_input)
    AV.no_graph_attr(num_split, "num_split")
    n = int(num_split)
    split_dim = axis if isinstance(axis, Tensor) else convert_to_tensor(axis, _I64)
    out = bind(SPARSE_SPLIT, (split_dim, sp.indices, sp.values, sp.dense_shape),
               {"num_split": n}, name)
    return [SparseTensor._of(out[i], out[n + i], out[2 * n + i]) for i in range(n)]


def fill_empty_rows(sp_input: SparseTensor, default_value: Any, name: str | None = None
                    ) -> tuple:
    """`tf.sparse.fill_empty_rows`: an entry [row, 0, ...] = default_value for each row
    without entries (TF's SparseFillEmptyRows); returns (the new SparseTensor, the
    empty-row indicator)."""
    sp = _sp(sp_input)
    with name_scope(name or _FILL_OP):
        fill = convert_to_tensor_v2(default_value, dtype=sp.values.dtype)
        ind, val, empty, _ = bind(SPARSE_FILL_EMPTY_ROWS, (sp.indices, sp.values,
                                                           sp.dense_shape, fill), {})
    return SparseTensor._of(ind, val, sp.dense_shape), empty


def to_indicator(sp_input: SparseTensor, vocab_size: Any, name: str | None = None) -> Tensor:
    """`tf.sparse.to_indicator`: a bool tensor whose last dimension (of vocab_size) marks the
    values each row holds."""
    sp = _sp(sp_input)
    rank = _rank(sp)
    idx = concat([sp.indices[:, :rank - 1], reshape(cast(sp.values, _I64), [-1, 1])], 1)
    last = convert_to_tensor([vocab_size], _I64) if isinstance(vocab_size, int) else \
        reshape(_int64(vocab_size), [1])
    shape = concat([sp.dense_shape[:rank - 1], last], 0)
    n = shape_op(idx, out_type=_I64)[0]
    # (TF's SparseToDense, unvalidated: marks in any order, repeated, but in bounds)
    marks = SparseTensor._of(idx, gather(convert_to_tensor([True]), range_(n) * 0), shape)
    return to_dense(marks, False, validate_indices=False)


@dispatch_binding
def bincount(values: Any, weights: Any = None, axis: int = 0, minlength: Any = None,
             maxlength: Any = None, binary_output: bool = False, name: str | None = None
             ) -> SparseTensor:
    """`tf.sparse.bincount`: counts of each value (per row with axis=-1), as a SparseTensor
    of the values that occur: TF's Dense/Sparse/RaggedCountSparseOutput."""
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. "
                         "Please specify only one.")
    if axis is None:
        axis = 0
    if axis not in (0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are "
                         "currently supported.")
    if binary_output.__class__ is not bool:  # (TF's count ops' bool attr, checked first)
        AV.bool_attr(binary_output, "binary_output")
    attrs = {"binary_output": bool(binary_output),
             "minlength": -1 if minlength is None else AV.make_int(minlength, "minlength"),
             "maxlength": -1 if maxlength is None else AV.make_int(maxlength, "maxlength")}
    with sparse_count_ops.api_scope("count"):
        if isinstance(values, SparseTensor):
            w = sparse_count_ops.sparse_weights(weights, values)
            if axis == 0:
                op, inputs = sparse_count_ops.DENSE_COUNT_SPARSE_OUTPUT, (values.values,)
            else:
                op = sparse_count_ops.SPARSE_COUNT_SPARSE_OUTPUT
                inputs = (values.indices, values.values, values.dense_shape)
            flat = values.values
        elif isinstance(values, RaggedTensor):
            _ragged_weights(weights, values)
            if axis == 0:  # (TF's: one ragged level off, the counts batched by the next)
                values = values.values
                weights = None if weights is None else weights.values
            if isinstance(values, RaggedTensor):
                if isinstance(values.values, RaggedTensor):  # (TF's words, of its own slip)
                    raise ValueError("TypeError: object of type 'RaggedTensor' has no len()\n")
                op = sparse_count_ops.RAGGED_COUNT_SPARSE_OUTPUT
                flat = values.values
                inputs = (values.row_splits, flat)
                w = None if weights is None else weights.values
            else:
                op, inputs, flat = sparse_count_ops.DENSE_COUNT_SPARSE_OUTPUT, (values,), values
                w = weights
        else:
            flat = values if isinstance(values, Tensor) else convert_to_tensor(values)
            w = None if weights is None else (
                weights.flat_values if isinstance(weights, RaggedTensor) else
                weights if isinstance(weights, Tensor) else convert_to_tensor(weights))
            if axis == 0:
                flat = reshape(flat, [-1])
                w = None if w is None else reshape(w, [-1])
            op, inputs = sparse_count_ops.DENSE_COUNT_SPARSE_OUTPUT, (flat,)
        if w is None:
            w = sparse_count_ops.no_weights(flat.dtype)
        idx, vals, shape = bind(op, inputs + (w,), attrs)
    return SparseTensor._of(idx, vals, shape)


def _ragged_weights(weights: Any, values: RaggedTensor) -> None:
    """A ragged tensor's weights: another with its row partition, checked as TF checks it
    (its outer row splits equal)."""
    if weights is None:
        return
    if not isinstance(weights, RaggedTensor):
        w = weights if isinstance(weights, Tensor) else convert_to_tensor(weights)
        raise ValueError(f"`weights` must be a RaggedTensor if `values` is a RaggedTensor. "
                         f"Received argument weights={w} of type: {type(w).__name__}.")
    assert_equal(weights.row_splits, values.row_splits,
                 message="'weights' and 'values' must have the same row splits.")

