"""tf.nn's rarer APIs: approx_max_k / approx_min_k (the ApproxTopK op, exact on CPU as TF's
is), isotonic_regression (the IsotonicRegression op), batch_norm_with_global_normalization,
with_space_to_batch, the dilated forms through it of tf.nn.convolution, atrous_conv2d,
depthwise_conv2d and pool (TF's), and atrous_conv2d_transpose (compositions of registered
ops), and tf.math.accumulate_n; and tf.raw_ops' DataFormatDimMap and DataFormatVecPermute.

Sits in the ops layer after nn_conv.py, nn_norm.py and nn_space.py, whose public functions
the composites call; loads on first use (op_index.py).
"""

from __future__ import annotations

import collections
import warnings
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, OpError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, reshape, shape, transpose
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import is_symbolic
from eagerflow._src.ops.eager_errors import eager_api, slow_path
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math_base import _t, add_n, cast, identity, zeros_like
from eagerflow._src.ops.nn_args import convert_padding
from eagerflow._src.ops.nn_conv import convolution as nn_convolution
from eagerflow._src.ops.nn_conv_checks import check_dilated_depth
from eagerflow._src.ops.nn_conv_variants import (
    conv2d_backprop_input,
    conv2d_transpose,
    separable_with,
)
from eagerflow._src.ops.nn_conv_variants import depthwise_conv2d as nn_depthwise_conv2d
from eagerflow._src.ops.nn_norm import batch_normalization
from eagerflow._src.ops.nn_pool import avg_pool2d, max_pool2d
from eagerflow._src.ops.nn_pool import pool as nn_pool
from eagerflow._src.ops.nn_space import (
    batch_to_space_nd,
    required_space_to_batch_paddings,
    space_to_batch_nd,
)
from eagerflow._src.ops.reduce import reduce_max, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.segment_ops import unsorted_segment_mean
from eagerflow._src.ops.slicing import getitem
from eagerflow._src.ops.sorting import _top_k_grad, _top_k_kernel
from eagerflow._src.ops.stacking import stack

_rng = SampleRNG(97)

# ---------------------------------------------------------------------------------------
# ApproxTopK: on CPU TF computes the exact top k along the last axis (recall_target and
# the other approximation knobs have no effect there); its CPU kernel (XLA's) has no min-k
# and no other axis, which raise NotFoundError as TF's do.
# ---------------------------------------------------------------------------------------

_APPROX_T = frozenset((dt.float16, dt.bfloat16, dt.float32))
# The kernels TF 2.21 lists when none fits (its CPU ones: the last axis, max k only)
_APPROX_KERNELS = "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_BFLOAT16, DT_HALF]\n" + "".join(
    f"  device='CPU'; T in [DT_{t}]; reduction_dimension in [-1]; is_max_k in [true]\n"
    for t in ("DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32", "INT8", "UINT8", "INT16",
              "UINT16", "UINT32", "INT64", "UINT64"))
ApproxTopK = collections.namedtuple("ApproxTopK", ["values", "indices"])


def _approx_infer(x: Any, k: int, reduction_dimension: int, recall_target: float,
                  is_max_k: bool, reduction_input_size_override: int,
                  aggregate_to_topk: bool) -> list:
    op = "ApproxTopK"
    if x._dtype not in _APPROX_T:  # (TF lists these three in this order)
        raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(x._dtype)} is not in the list "
                         f"of allowed values: half, bfloat16, float\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")
    C.attr_at_least(op, "k", k, 0)  # (TF's first line ends at the minimum; its node next)
    # (TF's CPU kernels are registered for reduction_dimension -1 and is_max_k only, the
    # last axis named so: found, or not, before the kernel checks the input)
    if reduction_dimension != -1 or not is_max_k:
        flags = (f"T={C.dt_enum(x._dtype)}, aggregate_to_topk="
                 f"{str(aggregate_to_topk).lower()}, is_max_k={str(is_max_k).lower()}, "
                 f"k={k}, recall_target={recall_target:g}, reduction_dimension="
                 f"{reduction_dimension}, reduction_input_size_override="
                 f"{reduction_input_size_override}")
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}}"
                                        f" = {op}[{flags}]\nAll kernels registered for op "
                                        f"{op}:\n{_APPROX_KERNELS} [Op:{op}]")
    AV.int_attr(op, k, "k")  # (its kernel reads an int32, as it is made)
    rank = C.rank(x)
    if rank is not None and rank < 1:
        raise C.fail(op, "input must be >= 1-D, got shape []")
    if x._shape is None:
        return [(None, x._dtype), (None, dt.int32)]
    n = x._shape[-1]
    if n is not None and n < k:
        raise C.fail(op, f"input must have at least k columns. Had {n}, needed {k}")
    out = tuple(x._shape[:-1]) + (k,)
    return [(out, x._dtype), (out, dt.int32)]


def _approx_kernel(xp: Any, x: Any, k: int, **_: Any) -> tuple:
    """TF's CPU kernel for ApproxTopK is TopKV2's, sorted, with int32 indices (NaN
    included: where it lands is that kernel's doing, sorting.py)."""
    return _top_k_kernel(xp, x, k=k, sorted=True, index_type=dt.int32)


def _approx_ref(x: np.ndarray, k: int, **_: Any) -> tuple:
    vals = np.empty(x.shape[:-1] + (k,), x.dtype)
    idx = np.empty(x.shape[:-1] + (k,), np.int32)
    for pos in np.ndindex(*x.shape[:-1]):
        row = [float(v) for v in x[pos]]
        order = sorted(range(len(row)), key=lambda i: (-row[i], i))[:k]
        vals[pos] = [row[i] for i in order]
        idx[pos] = order
    return vals, idx


def _approx_attrs(k: int, **over: Any) -> dict:
    attrs = {"k": k, "reduction_dimension": -1, "recall_target": 0.95, "is_max_k": True,
             "reduction_input_size_override": -1, "aggregate_to_topk": True}
    attrs.update(over)
    return attrs


def _approx_export(n: Any, b: Any) -> list:
    """ApproxTopK after a Reshape to the input's static shape: TF's shape function refuses an
    input of unknown rank, which the exported function's arguments leave it."""
    x, shape = b.input(0), b.static_shape(0)
    if shape is not None and None not in shape:
        x = b.node("Reshape", [x, b.const(list(shape), dt.int32)])[0]
    return b.node("ApproxTopK", [x], dict(n.attrs))


APPROX_TOP_K = register(OpDef(
    "ApproxTopK", _approx_infer, _approx_kernel, grad=_top_k_grad, reference=_approx_ref,
    # (float32 only: the gradient, top_k's, is checked against TF's in tfnn_golden.json and
    # the differential test, not in float64 by the generic suite)
    samples=lambda: [
        Sample((_rng.uniform(-2, 2, size=(3, 5)).astype(np.float32),), _approx_attrs(2),
               grad=False),
        Sample((_rng.uniform(-2, 2, size=(2, 1, 4)).astype(np.float32),), _approx_attrs(4),
               grad=False),
        Sample((np.array([[1.0, 2.0, 3.0, 3.0, 1.0]], np.float32),), _approx_attrs(3),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3), np.float32),), _approx_attrs(4), InvalidArgumentError,
                  "input must have at least k columns. Had 3, needed 4"),
        BadSample((np.ones((2, 3)),), _approx_attrs(1), InvalidArgumentError,
                  "Value for attr 'T' of double is not in the list of allowed values: half, "
                  "bfloat16, float\n\t; NodeDef: {{node ApproxTopK}}"),
        BadSample((np.ones((2, 3), np.float32),), _approx_attrs(1, reduction_dimension=0),
                  NotFoundError, "Could not find device for node: {{node ApproxTopK}}"),
        BadSample((np.ones((2, 3), np.float32),), _approx_attrs(1, is_max_k=False),
                  NotFoundError, "is_max_k=false, k=1")],
    num_outputs=2, gpu=False, tf=TFForm(export=_approx_export),
))


def _approx(is_max_k: bool) -> Callable:
    # (TF's hands its op the arguments as given: a list, or a NumPy int for an int attr,
    # takes its wrapper's slow path)
    @eager_api("operand", "k:int", "reduction_dimension:int", "recall_target:float",
               "reduction_input_size_override:int")
    def approx_k(operand: Any, k: int, reduction_dimension: int = -1,
                 recall_target: float = 0.95, reduction_input_size_override: int = -1,
                 aggregate_to_topk: bool = True, name: str | None = None) -> ApproxTopK:
        return approx_top_k(operand, k, reduction_dimension, recall_target, is_max_k,
                            reduction_input_size_override, aggregate_to_topk, name)
    approx_k.__name__ = "approx_max_k" if is_max_k else "approx_min_k"
    approx_k.__doc__ = (f"The k {'largest' if is_max_k else 'smallest'} entries along the "
                        f"last axis and their indices (exact on CPU, as TF's).")
    return dispatch_binding(approx_k)  # (TF's are in its dispatcher)


approx_max_k = _approx(True)
approx_min_k = _approx(False)


@eager_api("input", "k:int", "reduction_dimension:int", "recall_target:float",
           "reduction_input_size_override:int")  # (TF's generated wrapper: its slow path)
def approx_top_k(input: Any, k: int, reduction_dimension: int = -1,  # noqa: A002
                 recall_target: float = 0.95, is_max_k: bool = True,
                 reduction_input_size_override: int = -1, aggregate_to_topk: bool = True,
                 name: str | None = None) -> ApproxTopK:
    """tf.approx_top_k: the ApproxTopK op itself (approx_max_k / approx_min_k set is_max_k);
    TF's wrapper converts every attr, is_max_k among them, before it runs."""
    a = AV.wrapper_attrs("ApproxTopK", k=k, reduction_dimension=reduction_dimension,
                         recall_target=recall_target, is_max_k=is_max_k,
                         reduction_input_size_override=reduction_input_size_override,
                         aggregate_to_topk=aggregate_to_topk)
    return ApproxTopK(*bind(APPROX_TOP_K, (_t(input),), a, name))


# ---------------------------------------------------------------------------------------
# IsotonicRegression: the non-increasing least-squares fit of each row (last axis), by the
# pool-adjacent-violators algorithm, and the id of each entry's block within its row.
# ---------------------------------------------------------------------------------------

_ISO_OUT = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64))
IsotonicRegression = collections.namedtuple("IsotonicRegression", ["output", "segments"])


# TF's CPU kernels: input dtype -> the one output dtype each has
_ISO_KERNELS = {dt.int32: dt.float64, dt.int64: dt.float64, dt.int8: dt.float32,
                dt.int16: dt.float32, dt.float64: dt.float64, dt.float32: dt.float32,
                dt.bfloat16: dt.bfloat16, dt.float16: dt.float16}


def _iso_infer(x: Any, output_dtype: dt.DType) -> list:
    op = "IsotonicRegression"
    C.check_dtype(op, x, C.REALS)
    C.dtype_attr(op, output_dtype, "output_dtype", _ISO_OUT)
    if _ISO_KERNELS.get(x._dtype) is not output_dtype:
        lines = "".join(f"\n  device='CPU'; T in [{C.dt_enum(t)}]; output_dtype in "
                        f"[{C.dt_enum(o)}]" for t, o in _ISO_KERNELS.items())
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                        f"{op}[T={C.dt_enum(x._dtype)}, output_dtype="
                                        f"{C.dt_enum(output_dtype)}]\nAll kernels registered "
                                        f"for op {op}:{lines}\n [Op:{op}]")
    return [(x._shape, output_dtype), (x._shape, dt.int32)]


def _pava_row(row: list) -> tuple:
    """(fitted values, block ids) of one row: blocks merge while an earlier block's mean is
    below a later one's (NaN compares false, so it never merges)."""
    sums: list = []
    counts: list = []
    for v in row:
        sums.append(v)
        counts.append(1)
        while len(sums) > 1 and sums[-2] / counts[-2] < sums[-1] / counts[-1]:
            total, n = sums.pop(), counts.pop()
            sums[-1] += total
            counts[-1] += n
    out, ids = [], []
    for i, (total, n) in enumerate(zip(sums, counts)):
        out += [total / n] * n
        ids += [i] * n
    return out, ids


def _iso_kernel(xp: Any, x: Any, output_dtype: dt.DType) -> tuple:
    if x.size == 0:
        return np.zeros(x.shape, output_dtype.as_numpy_dtype), np.zeros(x.shape, np.int32)
    rows = np.asarray(x, np.float64).reshape(-1, x.shape[-1] if x.ndim else 1)
    out = np.empty(rows.shape, np.float64)
    ids = np.empty(rows.shape, np.int32)
    for r, row in enumerate(rows.tolist()):
        out[r], ids[r] = _pava_row(row)
    return out.astype(output_dtype.as_numpy_dtype).reshape(x.shape), ids.reshape(x.shape)


def _iso_ref(x: np.ndarray, output_dtype: dt.DType) -> tuple:
    """Each row's blocks from the definition: the fit is the mean of each maximal run that
    the non-increasing constraint ties together, found by repeated merging of adjacent
    violators until none is left."""
    if x.size == 0:
        return np.zeros(x.shape, output_dtype.as_numpy_dtype), np.zeros(x.shape, np.int32)
    flat = np.asarray(x, np.float64).reshape(-1, x.shape[-1] if x.ndim else 1)
    out = np.empty(flat.shape)
    ids = np.empty(flat.shape, np.int32)
    for r in range(flat.shape[0]):
        blocks = [[v] for v in flat[r]]
        merged = True
        while merged:
            merged = False
            for i in range(len(blocks) - 1):
                if np.mean(blocks[i]) < np.mean(blocks[i + 1]):
                    blocks[i:i + 2] = [blocks[i] + blocks[i + 1]]
                    merged = True
                    break
        col = 0
        for b, block in enumerate(blocks):
            out[r, col:col + len(block)] = np.mean(block)
            ids[r, col:col + len(block)] = b
            col += len(block)
    return out.astype(output_dtype.as_numpy_dtype).reshape(x.shape), ids.reshape(x.shape)


def _iso_grad(n: Any, g: Any, _g_segments: Any) -> list:
    """Each entry gets the mean of the output gradient over its block."""
    x, segments = n.inputs[0], n.outputs[1]
    if not x._dtype.is_floating:
        return [None]
    width = x._shape[-1] if x._shape else 1
    if width == 0:
        return [zeros_like(x)]
    ids = reshape(segments, [-1, width])
    counts = reduce_max(ids, axis=1) + 1
    ids = ids + reshape(cumsum(counts, exclusive=True), [-1, 1])
    means = unsorted_segment_mean(reshape(g, [-1, width]), ids, reduce_sum(counts))
    return [cast(reshape(gather(means, ids), shape(x)), x._dtype)]


ISOTONIC_REGRESSION = register(OpDef(
    "IsotonicRegression", _iso_infer, _iso_kernel, grad=_iso_grad, reference=_iso_ref,
    samples=lambda: [
        Sample((_rng.uniform(-2, 2, size=(3, 6)),), {"output_dtype": dt.float64}),
        Sample((np.array([[1.0, 3.0, 2.0, 4.0], [5.0, 5.0, 1.0, 6.0]]),),
               {"output_dtype": dt.float64}, grad=False),  # (ties: not differentiable)
        Sample((np.array([3, 1, 2, 7], np.int32),), {"output_dtype": dt.float64}, grad=False),
        Sample((np.array([[3, 1], [2, 7]], np.int16),), {"output_dtype": dt.float32},
               grad=False),
        Sample((np.array([1.0, np.nan, 2.0, -np.inf]),), {"output_dtype": dt.float64},
               grad=False),
        Sample((np.zeros((2, 0)),), {"output_dtype": dt.float64}, grad=False),
        Sample((np.float64(2.5),), {"output_dtype": dt.float64})],
    bad_samples=lambda: [
        BadSample((np.ones(2, np.complex64),), {"output_dtype": dt.float32},
                  InvalidArgumentError, "Value for attr 'T' of complex64 is not in the list"),
        BadSample((np.ones(2),), {"output_dtype": dt.int32}, InvalidArgumentError,
                  "output_dtype"),
        BadSample((np.ones(2, np.int32),), {"output_dtype": dt.float32}, NotFoundError,
                  "IsotonicRegression[T=DT_INT32, output_dtype=DT_FLOAT]\nAll kernels "
                  "registered for op IsotonicRegression:\n  device='CPU'; T in [DT_INT32]; "
                  "output_dtype in [DT_DOUBLE]")],
    num_outputs=2, gpu=False,
))


# TF's wrapper fits the small integers in float32, the other integers in float64
_ISO_FROM_INT = {dt.int8: dt.float32, dt.int16: dt.float32}


@dispatch_binding
def isotonic_regression(inputs: Any, decreasing: bool = True, axis: int = -1) -> Any:
    """The isotonic (non-increasing, or non-decreasing) least-squares fit along `axis`, and
    each entry's block id: IsotonicRegression(output, segments)."""
    x = _t(inputs)
    out_dtype = x.dtype if x.dtype.is_floating else _ISO_FROM_INT.get(x.dtype, dt.float64)
    rank = C.rank(x)
    # (the last axis is recognised before the range is checked, as TF's wrapper does)
    last = axis == -1 or (rank is not None and axis == rank - 1)
    if not last and rank is not None and not -rank <= axis < rank:
        raise InvalidArgumentError(None, None, f"`dim` must be in the range [{-rank}, {rank}) "
                                               f"where {rank} is the number of dimensions in "
                                               f"the input. Received: dim={axis}")
    if not last:
        perm = list(range(rank))
        perm[axis], perm[-1] = perm[-1], perm[axis]
        x = transpose(x, perm)
    y, segments = bind(ISOTONIC_REGRESSION, (x if decreasing else -x,),
                       {"output_dtype": out_dtype})
    if not decreasing:
        y = -y
    if not last:
        y, segments = transpose(y, perm), transpose(segments, perm)
    # (TF returns its namedtuple only when neither the sign nor the axis was changed)
    return IsotonicRegression(y, segments) if decreasing and last else (y, segments)


# ---------------------------------------------------------------------------------------
# Compositions.
# ---------------------------------------------------------------------------------------

@dispatch_binding
def accumulate_n(inputs: Any, shape: Any = None, tensor_dtype: Any = None,
                 name: str | None = None) -> Any:
    """The sum of tensors of one dtype and shape (tf.math.add_n, with TF's checks); TF
    marks it deprecated."""
    deprecated_call("accumulate_n", "tensorflow.python.ops.math_ops", "Use `tf.math.add_n` "
                    "Instead")
    if not inputs or not isinstance(inputs, (list, tuple)) or \
            any(isinstance(x, CompositeTensor) for x in inputs):  # (TF converts none)
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype "
                         "and shape")
    # (TF's conversion passes None through, which is then no tensor: its input error)
    xs = [None if x is None else convert_to_tensor(x) for x in inputs]
    if None in xs or not all(x.dtype == xs[0].dtype for x in xs):
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype "
                         "and shape")
    want = xs[0].shape
    for x in xs[1:]:
        want = want.merge_with(x.shape)
    if shape is not None:
        TensorShape(shape).merge_with(want)
    if tensor_dtype is not None and dt.as_dtype(tensor_dtype) != xs[0].dtype:
        given = dt.as_dtype(tensor_dtype).name
        raise TypeError(f"The `tensor_dtype` argument is <dtype: '{given}'>, but `input` is "
                        f"of type <dtype: '{xs[0].dtype.name}'>. These must be equal. Try "
                        f"casting the input to the desired type.")
    if len(xs) == 1:  # (TF's: the tensor itself, or its identity under a name given)
        return xs[0] if name is None else identity(xs[0], name=name)
    return add_n(xs, name=name)


@dispatch_binding
def batch_norm_with_global_normalization(input: Any, mean: Any, variance: Any,  # noqa: A002
                                         beta: Any, gamma: Any, variance_epsilon: float,
                                         scale_after_normalization: bool,
                                         name: str | None = None) -> Any:
    """batch_normalization with gamma applied only when scale_after_normalization."""
    return batch_normalization(input, mean, variance, beta,
                               gamma if scale_after_normalization else None, variance_epsilon)


def _rates(value: Any) -> np.ndarray:
    """with_space_to_batch's dilation rates as TF converts them, of rank 1."""
    if not hasattr(value, "numpy"):  # (TF converts it: an int past int64 is its ValueError)
        value = convert_to_tensor(value)
    arr = np.asarray(value.numpy(), np.int64)
    if arr.ndim != 1:
        raise ValueError(f"`dilation_rate.shape.rank` must be 1. Received: "
                         f"dilation_rate={arr} of rank {arr.ndim}")
    return arr


@dispatch_binding
def with_space_to_batch(input: Any, dilation_rate: Any, padding: str,  # noqa: A002
                        op: Callable, filter_shape: Any = None, spatial_dims: Any = None,
                        data_format: str | None = None) -> Any:
    """`op(converted, num_spatial_dims, padding)` on the input cut into dilation_rate blocks
    moved into the batch (space_to_batch_nd), the result put back (batch_to_space_nd): a
    dilated op from an undilated one."""
    x = _t(input)
    rate = _rates(dilation_rate)
    n = rate.size
    if data_format is not None and not hasattr(data_format, "startswith"):
        raise C.no_attribute(data_format, "startswith")  # (a tensor's: TF's class named)
    starts_nc = data_format is not None and data_format.startswith("NC")
    given = list(range(2 if starts_nc else 1, n + (2 if starts_nc else 1))) \
        if spatial_dims is None else list(spatial_dims)
    dims = sorted({int(d) for d in given})  # (TF's: [1.5, 2] is no sequence of integers)
    if dims != given or any(d < 1 for d in dims):
        raise ValueError(f"`spatial_dims` must be a monotonically increasing sequence of "
                         f"positive integers. Received: spatial_dims={given}")
    need = dims[-1] + (not starts_nc)  # (no dims: TF's IndexError of the last)
    if x._shape is not None and len(x._shape) < need:
        raise ValueError(f"`input.shape.rank` must be at least {need}. Received: "
                         f"input.shape={x.shape} with rank {len(x._shape)}")
    if (rate <= 0).any():
        raise ValueError(f"`dilation_rate` must be positive. Received: dilation_rate={rate}")
    if (rate == 1).all():
        return op(x, n, padding)
    base = _base_paddings(padding, filter_shape, rate, starts_nc)
    if len(dims) != n:  # (TF's blocks then fail to match the dims: eagerflow's check)
        raise ValueError(f"`spatial_dims` must be a monotonically increasing sequence of "
                         f"positive integers. Received: spatial_dims={given}")
    paddings, crops = required_space_to_batch_paddings(_spatial_shape(x, dims), rate, base)
    # (space_to_batch_nd works on dims 1..dims[-1]: the others get block 1 and no padding)
    blocks = _adjust(rate, 1, dims)
    out = op(space_to_batch_nd(x, blocks, _adjust(paddings, 0, dims)), n, "VALID")
    return batch_to_space_nd(out, blocks, _adjust(crops, 0, dims))


def _base_paddings(padding: Any, filter_shape: Any, rate: np.ndarray,
                   starts_nc: bool) -> np.ndarray:
    """What each spatial dim is padded by before its blocks are cut (TF's: SAME's halves of
    the dilated window less one, none for VALID, an explicit list's own pairs)."""
    if isinstance(padding, str) and padding == "EXPLICIT":
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit "
                         "padding, `padding` must be a list.")
    padding, explicit = convert_padding(padding, 4)
    n = rate.size
    if padding == "SAME":
        if filter_shape is None:
            raise ValueError(f"`filter_shape` must be specified for `padding='SAME'`. "
                             f"Received: filter_shape={filter_shape} and padding={padding}")
        total = (np.asarray(filter_shape, np.int64).reshape(-1)[:n] - 1) * rate
        return np.stack([total // 2, total - total // 2], axis=1)
    if padding == "VALID":
        return np.zeros((n, 2), np.int64)
    if padding == "EXPLICIT":  # (the list's pairs less the batch's and the channels')
        pairs = np.array(explicit, np.int64).reshape([n + 2, 2])
        return pairs[2:] if starts_nc else pairs[1:-1]
    raise ValueError(f"`padding` must be one of 'SAME' or 'VALID'. Received: "
                     f"padding={padding}")


def _spatial_shape(x: Any, dims: list) -> Any:
    """The sizes of x's dims `dims`: Python ints where all are known while the graph is
    built, else (TF's) a Pack of tf.shape's items, known when the graph runs."""
    known = None if x._shape is None else [x._shape[d] if d < len(x._shape) else None
                                            for d in dims]
    if known is not None and None not in known:
        return known
    sizes = shape(x)
    return stack([getitem(sizes, d) for d in dims])


def _adjust(value: Any, fill: int, dims: list) -> Any:
    """A per-spatial-dim value (rows of `value`) spread over dims 1..dims[-1], `fill`
    rows for the dims between (TF's _with_space_to_batch_adjust): NumPy's when the value is
    known, else a ConcatV2 of the tensor's slices (TF's concat of one: an Identity)."""
    known = C.known(value)
    symbolic = C.is_graph_tensor(known)
    if not symbolic:
        known = np.asarray(getattr(known, "numpy", lambda: known)())
    parts, prev, i = [], 0, 0
    while i < len(dims):
        start = i
        if dims[i] > 1:  # (the dims from the previous spatial one, or from dim 1, filled)
            parts.append(np.full([dims[i] - 1 - prev] + list(known.shape[1:]), fill,
                                 np.int32))
        while i + 1 < len(dims) and dims[i + 1] == dims[i] + 1:
            i += 1
        parts.append(getitem(known, slice(start, i + 1)) if symbolic else known[start:i + 1])
        prev, i = dims[i], i + 1
    if not symbolic:
        return np.concatenate(parts).astype(np.int32)
    parts = [p if isinstance(p, Tensor) else convert_to_tensor(p) for p in parts]
    return identity(parts[0], name="concat") if len(parts) == 1 else concat(parts, 0)


def _dilation(dilations: Any, n: int) -> list | None:
    """Each spatial dim's dilation where it is given as Python or NumPy integers (one for
    all, or one per dim); None otherwise (a 0-d array too: TF iterates the rates, which
    nn_conv's checks refuse as TF does)."""
    if dilations is None or isinstance(dilations, Tensor) or \
            (isinstance(dilations, np.ndarray) and dilations.ndim == 0):
        return None
    rates = np.ravel(np.asarray(dilations, dtype=object)).tolist()
    if not all(isinstance(d, (int, np.integer)) and not isinstance(d, bool) for d in rates):
        return None
    rates = [int(d) for d in rates] * (n if len(rates) == 1 else 1)
    return rates if len(rates) == n else None


@dispatch_binding
def convolution(input: Any, filters: Any, strides: Any = None,  # noqa: A002
                padding: Any = "VALID", data_format: str | None = None, dilations: Any = None,
                name: str | None = None) -> Any:
    """tf.nn.convolution. Dilated (unit strides, a filter of known window; SAME, VALID or
    an explicit list) it is TF's form: the undilated convolution of the input cut into
    dilation blocks moved into the batch (SpaceToBatchND), the result put back
    (BatchToSpaceND), in a "convolution" scope; otherwise nn_conv's convolution."""
    x = _t(input)
    w = filters if isinstance(filters, Tensor) else _t(filters)
    n = None if w._shape is None or len(w._shape) < 3 else len(w._shape) - 2
    if n is not None:
        strides, dilations = _spatial_when_dilated(strides, dilations, data_format, n)
    rates = None if n is None else _dilation(dilations, n)
    steps = None if n is None or strides is None else _dilation(strides, n)
    unit = strides is None or steps == [1] * n if n else False
    if not (rates and any(d != 1 for d in rates) and min(rates) > 0 and unit
            and _static(x, w, n) and data_format in _FORMATS
            and (padding in ("SAME", "VALID") or isinstance(padding, (list, tuple)))):
        return nn_convolution(x, w, strides, padding, data_format, dilations, name)
    check_dilated_depth(x, w, data_format, dilations)
    with name_scope(name or "convolution") as scope:
        def undilated(converted: Any, _: int, pad: str) -> Any:
            try:
                return nn_convolution(converted, w, None, pad, data_format, None,
                                      scope if _state.graph is not None else None)
            except OpError as e:  # (TF's op on the blocks runs by its wrapper's fallback)
                raise slow_path(e) from None

        return with_space_to_batch(x, rates, padding, undilated, filter_shape=w._shape[:n],
                                   data_format=data_format)


def _spatial_when_dilated(strides: Any, dilations: Any, data_format: Any, n: int) -> tuple:
    """(strides, dilations) as TF's dilated tf.nn.convolution (a dilation not 1, compared
    as given) hands them to its Convolution class: a full-rank list of numbers cut to its
    spatial items by the layout, the batch's and the channels' dropped unread (a batch
    stride too, which the op would refuse)."""
    rates = _numbers(dilations)
    if rates is None or all(d == 1 for d in rates):
        return strides, dilations
    first = isinstance(data_format, str) and data_format.startswith("NC")

    def spatial_items(value: Any) -> Any:
        items = _numbers(value)
        if items is None or len(items) != n + 2:
            return value
        return items[2:] if first else items[1:-1]
    return spatial_items(strides), spatial_items(dilations)


def _numbers(value: Any) -> list | None:
    """`value`'s items where it is a Python or NumPy number (one item) or a list, tuple or
    NumPy vector of them (no bools); None otherwise."""
    items = list(value) if isinstance(value, (list, tuple)) or \
        isinstance(value, np.ndarray) and value.ndim == 1 else [value]
    ok = all(isinstance(v, (int, float, np.integer, np.floating)) and
             not isinstance(v, (bool, np.bool_)) for v in items)
    return items if ok else None


# (the layouts of tf.nn.convolution's dilated form: TF's channels-first ones move dims 2..)
_FORMATS = (None, "NWC", "NHWC", "NDHWC", "NCW", "NCHW", "NCDHW")


@dispatch_binding
def atrous_conv2d(value: Any, filters: Any, rate: int, padding: str,
                  name: str | None = None) -> Any:
    """Dilated ("atrous") 2-D convolution with stride 1: TF's tf.nn.convolution of
    dilations np.broadcast_to(rate, (2,)) (SpaceToBatchND, Conv2D, BatchToSpaceND), whose
    checks are its only ones (2.5 is int() 2, 0 its positive rates' refusal)."""
    return convolution(value, filters, None, padding, None, np.broadcast_to(rate, (2,)), name)


@dispatch_binding
def depthwise_conv2d(input: Any, filter: Any, strides: Any, padding: Any,  # noqa: A002
                     data_format: str | None = None, dilations: Any = None,
                     name: str | None = None) -> Any:
    """tf.nn.depthwise_conv2d in TF's order: the input and the filter converted (each as
    it is), the rates iterated as given (the strides too where one is over 1), then
    with_space_to_batch's checks (the rates as int32, the input's rank, their signs).
    Dilated (a window known) it is TF's form: DepthwiseConv2dNative of the input cut into
    dilation blocks (SpaceToBatchND), the result put back (BatchToSpaceND), in a
    "depthwise" scope; otherwise the op itself."""
    x, w = convert_to_tensor(input), convert_to_tensor(filter)
    rate = [1, 1] if dilations is None else dilations
    if any(d > 1 for d in rate) and any(s != 1 for s in strides):
        warnings.warn(f"When dilation rate is greater than 1, then all values of strides "
                      f"must be 1. Received: `dilation rate` {rate} and `strides` {strides}",
                      stacklevel=3)
    rates = _rates(convert_to_tensor(rate, dt.int32))
    if (rates == 1).all():  # (with_space_to_batch's checks, then the op itself)
        return with_space_to_batch(x, rates, padding, lambda v, _, pad: nn_depthwise_conv2d(
            v, w, strides, pad, data_format, None, name), data_format=data_format)
    if w._shape is None or None in w._shape[:2]:  # (a window unknown: the op's dilations)
        return nn_depthwise_conv2d(x, w, strides, padding, data_format, dilations, name)
    with name_scope(name or "depthwise") as scope:
        def undilated(converted: Any, _: int, pad: str) -> Any:
            # (TF hands the strides to the op on the blocks as they are)
            return nn_depthwise_conv2d(converted, w, strides, pad, data_format, None,
                                       scope if _state.graph is not None else None)

        return with_space_to_batch(x, rates, padding, undilated, filter_shape=w._shape,
                                   data_format=data_format)


@dispatch_binding
def separable_conv2d(input: Any, depthwise_filter: Any, pointwise_filter: Any,  # noqa: A002
                     strides: Any, padding: Any, data_format: str | None = None,
                     dilations: Any = None, name: str | None = None) -> Any:
    """tf.nn.separable_conv2d: its depthwise step is depthwise_conv2d's (dilated, TF's
    SpaceToBatchND form, which TF's CPU kernels run), then a 1x1 convolution."""
    return separable_with(depthwise_conv2d, input, depthwise_filter, pointwise_filter, strides,
                          padding, data_format, dilations, name)


@dispatch_binding
def pool(input: Any, window_shape: Any, pooling_type: str, strides: Any = None,  # noqa: A002
         padding: str = "VALID", data_format: str | None = None, dilations: Any = None,
         name: str | None = None) -> Any:
    """tf.nn.pool. Dilated (channels last, unit strides, VALID, a static input) it is TF's
    form: the undilated pool of the input cut into dilation blocks (SpaceToBatchND), the
    result put back (BatchToSpaceND), in a "max_pool" ("avg_pool") scope; otherwise
    nn_pool's (its checks and errors)."""
    x = _t(input)
    n = len(window_shape) if isinstance(window_shape, (list, tuple)) else None
    # (TF takes len() of the rates: a number is nn_pool's TypeError)
    rates = None if n is None or not hasattr(dilations, "__len__") else _dilation(dilations, n)
    unit = strides is None or _dilation(strides, n) == [1] * n if n else False
    if not (rates and any(d != 1 for d in rates) and min(rates) > 0 and unit
            and pooling_type in ("MAX", "AVG") and padding == "VALID"
            and data_format in (None, "NWC", "NHWC", "NDHWC")
            and (x._shape is None or len(x._shape) == n + 2)):
        return nn_pool(input, window_shape, pooling_type, strides, padding, data_format,
                       dilations, name)
    with name_scope(name or f"{pooling_type.lower()}_pool") as scope:
        def undilated(converted: Any, _: int, pad: str) -> Any:
            if n == 2 and _state.graph is not None:
                fn = max_pool2d if pooling_type == "MAX" else avg_pool2d
                return fn(converted, list(window_shape), 1, pad, name=scope)
            return nn_pool(converted, window_shape, pooling_type, None, pad, data_format)

        return with_space_to_batch(x, rates, padding, undilated)


def _static(x: Any, w: Any, n: int) -> bool:
    """A filter of rank n + 2 whose window is known, and an input of rank n + 2 (or of a
    rank unknown: its spatial sizes, like unknown ones, are tf.shape's when it runs)."""
    return (x._shape is None or len(x._shape) == n + 2) and w._shape is not None and \
        len(w._shape) == n + 2 and None not in w._shape[:n]


@dispatch_binding
@eager_api("value", "filters", "output_shape")
def atrous_conv2d_transpose(value: Any, filters: Any, output_shape: Any, rate: int,
                            padding: str, name: str | None = None) -> Any:
    """The transpose of atrous_conv2d: conv2d_backprop_input of the input cut into rate x
    rate blocks (space_to_batch), the blocks put back and the padding cropped."""
    # (TF's order: the channels, the rate as given, rate 1's conv2d_transpose, the output
    # shape, its channels, then the padding)
    x, w = _t(value), _t(filters)
    if not _compatible(x.shape.dims[3], w.shape[3]):  # (a value under rank 4: list's error)
        raise ValueError(f"`value` channel count must be compatible with `filters` input "
                         f"channel count. Received: value.shape={x.shape} with channel count "
                         f"{x.shape[3]} and filters.shape={w.shape} with input channel count "
                         f"{w.shape[3]}.")
    if rate < 1:
        raise ValueError(f"`rate` cannot be less than one. Received: rate={rate}")
    if rate == 1:
        return conv2d_transpose(x, w, output_shape, [1, 1, 1, 1], padding)
    out_shape = _output_dims(output_shape)  # (rate as given: a float's paddings refused)
    symbolic = isinstance(out_shape[0], Tensor)  # (known when the graph runs: TF's ops)
    if not symbolic and not _compatible(w.shape[2], out_shape[3]):
        raise ValueError(f"`output_shape` channel count must be compatible with `filters` "
                         f"output channel count. Received: output_shape={out_shape} with "
                         f"channel count {out_shape[3]} and filters.shape={w.shape} with output "
                         f"channel count {w.shape[3]}.")  # (sic: TF names shape[3])
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"`padding` must be either 'VALID' or 'SAME'. Received: "
                         f"padding={padding}")
    pads = []
    for i, size in enumerate(out_shape[1:3]):
        up = w.shape[i] + (w.shape[i] - 1) * (rate - 1) if padding == "SAME" else 1
        lo = (up - 1) // 2
        full = size + up - 1
        pads.append((lo, up - 1 - lo, (rate - full % rate) % rate, full))
    block = np.array([rate, rate], np.int64)  # (TF's space_to_batch's block: an int64 array)
    x = space_to_batch_nd(x, block, [[0, p[2]] for p in pads])
    sizes = [rate * rate * out_shape[0]] + [(p[3] + p[2]) // rate for p in pads] + [out_shape[3]]
    if symbolic:
        sizes = stack(sizes)
    y = conv2d_backprop_input(sizes, w, x, [1, 1, 1, 1], "VALID")
    return batch_to_space_nd(y, block, [[p[0], p[1] + p[2]] for p in pads])


def _compatible(a: Any, b: Any) -> bool:
    """Dimensions (or ints) as TF's is_compatible_with: either unknown, or equal."""
    a, b = getattr(a, "value", a), getattr(b, "value", b)
    return a is None or b is None or a == b


def _output_dims(output_shape: Any) -> list:
    """atrous_conv2d_transpose's output_shape as 4 ints, or as its 4 items (StridedSlices)
    where it is a graph tensor known only when the graph runs."""
    if isinstance(output_shape, (list, tuple)) and is_symbolic(output_shape):
        output_shape = stack(output_shape)  # (TF's conversion packs it)
    known = C.known(output_shape)
    if C.is_graph_tensor(known):
        if not TensorShape(known._shape).is_compatible_with([4]):
            raise ValueError(f"`output_shape` must have shape (4,). Received: "
                             f"output_shape={TensorShape(known._shape)}")
        return [getitem(known, i) for i in range(4)]
    t = convert_to_tensor(known)  # (TF's conversion, of any dtype, for its shape check)
    if t._shape != (4,):
        raise ValueError(f"`output_shape` must have shape (4,). Received: "
                         f"output_shape={TensorShape(t._shape)}")
    if isinstance(output_shape, (list, tuple, np.ndarray)):  # (TF's steps take it as given:
        return list(output_shape)  # a float is refused where the sizes become int32)
    return [int(v) for v in t.numpy()]


# ---------------------------------------------------------------------------------------
# DataFormatDimMap, DataFormatVecPermute: a layout's axis indices, and a vector (or rows)
# of per-axis values, from src_format's order to dst_format's (TF's layout optimizer's ops)
# ---------------------------------------------------------------------------------------

def _check_formats(op: str, src: str, dst: str) -> None:
    for what, attr, f in (("Source", "src", src), ("Destination", "dst", dst)):
        if len(f) not in (4, 5):
            raise C.fail(op, f"{what} format must be of length 4 or 5, received {attr}_format = "
                             f"{f}")
    if sorted(src) != sorted(dst) or len(set(src)) != len(src):
        raise C.fail(op, f"Destination and source format must determine a permutation, got "
                         f"{src} and {dst}")


def _dim_map_infer(x: Any, src_format: str, dst_format: str) -> list:
    C.check_dtype("DataFormatDimMap", x, C.INDEX)
    _check_formats("DataFormatDimMap", src_format, dst_format)
    return [(x._shape, x._dtype)]


def _dim_map_kernel(xp: Any, x: Any, src_format: str, dst_format: str) -> Any:
    # (an axis past the rank wraps around, as TF's kernel reads it)
    table = xp.asarray([dst_format.index(c) for c in src_format], dtype=x.dtype)
    return table[x % len(src_format)]


DATA_FORMAT_DIM_MAP = register(OpDef(
    "DataFormatDimMap", _dim_map_infer, _dim_map_kernel,
    reference=lambda x, src_format, dst_format: np.array(
        [dst_format.index(src_format[int(v) % len(src_format)]) for v in x.reshape(-1)],
        x.dtype).reshape(x.shape),
    samples=lambda: [
        Sample((np.array([0, 1, 2, 3, -1, -4, 4], np.int32),),
               {"src_format": "NHWC", "dst_format": "NCHW"}, grad=False),
        Sample((np.array([[0, 4], [2, -3]], np.int64),),
               {"src_format": "NDHWC", "dst_format": "NCDHW"}, grad=False),
        Sample((np.int32(1),), {"src_format": "NHWC", "dst_format": "HWNC"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([0], np.int32),), {"src_format": "NWC", "dst_format": "NCW"},
                  InvalidArgumentError, "Source format must be of length 4 or 5, received "
                                        "src_format = NWC"),
        BadSample((np.array([0], np.int32),), {"src_format": "NHWC", "dst_format": "NHWX"},
                  InvalidArgumentError, "Destination and source format must determine a "
                                        "permutation, got NHWC and NHWX")],
))


def _vec_letters(src: str, dst: str, size: int) -> tuple:
    """The layouts' letters the values stand for: all, or the spatial ones alone."""
    if size == len(src):
        return src, dst
    spatial = "HW" if len(src) == 4 else "DHW"
    src, dst = ("".join(c for c in f if c in spatial) for f in (src, dst))
    if len(src) != len(spatial) or len(dst) != len(spatial):
        what = "H and W for 2D" if len(spatial) == 2 else "D, H and W for 3D"
        raise C.fail("DataFormatVecPermute", f"Format specifier must contain {what} case")
    return src, dst


def _vec_permute_infer(x: Any, src_format: str, dst_format: str) -> list:
    op = "DataFormatVecPermute"
    C.check_dtype(op, x, C.INDEX)
    _check_formats(op, src_format, dst_format)
    s = x._shape
    if s is None:
        return [(s, x._dtype)]
    n = len(src_format)
    if len(s) not in (1, 2):
        raise C.fail(op, f"input must be a vector or 2D tensor, but got shape {C.shape_str(s)}")
    if len(s) == 1 and s[0] not in (None, n - 2, n):
        raise C.fail(op, f"1D input must be of size {n - 2} or {n}, but got shape "
                         f"{C.shape_str(s)}")
    if len(s) == 2 and s[0] not in (None, n - 2, n):
        raise C.fail(op, f"First dimension of 2D input must be of size {n - 2} or {n}, but got "
                         f"shape {C.shape_str(s)}")
    if len(s) == 2 and s[1] not in (None, 2):
        raise C.fail(op, f"Second dimension of 2D input must be of size 2, but got shape "
                         f"{C.shape_str(s)}")
    if s[0] is not None:
        _vec_letters(src_format, dst_format, s[0])
    return [(s, x._dtype)]


def _vec_permute_kernel(xp: Any, x: Any, src_format: str, dst_format: str) -> Any:
    src, dst = _vec_letters(src_format, dst_format, x.shape[0])
    return x[xp.asarray([src.index(c) for c in dst])]


DATA_FORMAT_VEC_PERMUTE = register(OpDef(
    "DataFormatVecPermute", _vec_permute_infer, _vec_permute_kernel,
    reference=lambda x, src_format, dst_format: np.stack(
        [x[_vec_letters(src_format, dst_format, len(x))[0].index(c)]
         for c in _vec_letters(src_format, dst_format, len(x))[1]]),
    samples=lambda: [
        Sample((np.array([1, 2, 3, 4], np.int32),), {"src_format": "NHWC", "dst_format": "NCHW"},
               grad=False),
        Sample((np.arange(8, dtype=np.int64).reshape(4, 2),),
               {"src_format": "NCHW", "dst_format": "NHWC"}, grad=False),
        Sample((np.array([1, 2], np.int32),), {"src_format": "NHWC", "dst_format": "WHCN"},
               grad=False),
        Sample((np.array([1, 2, 3, 4, 5], np.int32),),
               {"src_format": "NDHWC", "dst_format": "NCDHW"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1, 2, 3], np.int32),), {"src_format": "NHWC", "dst_format": "NCHW"},
                  InvalidArgumentError, "1D input must be of size 2 or 4, but got shape [3]"),
        BadSample((np.ones((4, 3), np.int32),), {"src_format": "NHWC", "dst_format": "NCHW"},
                  InvalidArgumentError, "Second dimension of 2D input must be of size 2, but "
                                        "got shape [4,3]"),
        BadSample((np.array([1, 2], np.int32),), {"src_format": "ABCD", "dst_format": "DCBA"},
                  InvalidArgumentError, "Format specifier must contain H and W for 2D case")],
))
