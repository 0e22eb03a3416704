"""tf.nn losses and metrics: the fused softmax cross-entropies, sigmoid and weighted
cross-entropies, log_poisson_loss, l2_loss, in_top_k.

Sits in the ops layer next to nn.py. The fused cross-entropy ops return (loss,
backprop) like TF's kernels; their gradients reuse the saved backprop at first order
and go through the public softmax for higher orders. Everything is written in TF's
numerically stable forms (no overflow for logits of 1e4).
"""

from __future__ import annotations

import math as _pymath
from typing import Any

import numpy as np

from eagerflow._src.backend import elementwise_kernel
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import eigen_reduce, eigen_sum, halfprec, libm32, wrapper_inputs
from eagerflow._src.ops.array import concat, expand_dims, reshape, transpose
from eagerflow._src.ops.array import shape as array_shape  # (this module's `shape`s are tuples)
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind, wants
from eagerflow._src.ops.eager_errors import eager_api, passed_raw
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.math import abs as _abs
from eagerflow._src.ops.math import (
    add,
    exp,
    log,
    log1p,
    logical_and,
    negative,
    subtract,
    sum_to,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    where,
    zeros_like,
)
from eagerflow._src.ops.nn import (
    _FLOAT_T,
    _const,
    _f64,
    _rng,
    log_softmax,
    relu,
    softmax,
)
from eagerflow._src.ops.nn_args import check_t, fail
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import (
    PACKET,
    REGISTRY,
    BadSample,
    OpDef,
    Sample,
    is_filled_zeros,
    register,
)
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.shape_queries import rank
from eagerflow._src.ops.slice_op import SLICE
from eagerflow._src.ops.slice_op import slice as slice_
from eagerflow._src.ops.stacking import stack

# ---------------------------------------------------------------------------------------
# Fused softmax cross-entropies: (loss, backprop), as TF's kernels.
# ---------------------------------------------------------------------------------------

def _is_zero(g: Any) -> bool:
    """True for an eager all-zeros gradient, or the zeros a tape feeds an unused output
    (known without a read back on a device, and in a trace, where the softmax gradient
    would otherwise be traced and run for nothing), or None: the tape's way of saying so
    (OpDef.none_grads)."""
    if g is None:
        return True
    if is_filled_zeros(g):
        return True
    if not isinstance(g, EagerTensor):
        return False
    a = g._arr
    # (count_nonzero is one C call; ndarray.any goes through NumPy's Python reduction)
    return not (np.count_nonzero(a) if type(a) is np.ndarray else a.any())


def _xent_backprop_grad(logits: Any, g_bp: Any) -> Any:
    """The gradient through the `backprop` output: the softmax Jacobian applied to g_bp."""
    s = softmax(logits)
    return s * (g_bp - reduce_sum(g_bp * s, axis=-1, keepdims=True))


def _expand_last(g: Any) -> Any:
    return expand_dims(g, -1)


_LABEL_T = frozenset((dt.int32, dt.int64))  # (hashed by identity: no DType.__eq__ call)


def _sparse_xent_infer(logits: Any, labels: Any) -> list:
    op = "SparseSoftmaxCrossEntropyWithLogits"
    d = check_t(op, (logits,), _FLOAT_T)
    if labels._dtype not in _LABEL_T:
        raise C.not_supported(op, labels._dtype, _LABEL_T, "Tlabels")
    if logits._shape is not None and len(logits._shape) != 2:
        raise fail(op, f"logits must be 2-D, but got shape {C.shape_str(logits._shape)}")
    if labels._shape is not None and len(labels._shape) != 1:
        raise fail(op, f"labels must be 1-D, but got shape {C.shape_str(labels._shape)}")
    if logits._shape is not None and labels._shape is not None:
        b, k = logits._shape
        if None not in (b, labels._shape[0]) and b != labels._shape[0]:
            raise fail(op, f"logits and labels must have the same first dimension, got logits "
                           f"shape {C.shape_str(logits._shape)} and labels shape "
                           f"{C.shape_str(labels._shape)}")
        if k == 0:
            raise fail(op, f"Must have at least one class, but got logits shape "
                           f"{C.shape_str(logits._shape)}")
    b = None if logits._shape is None else logits._shape[0]
    return [((b,), d), (logits._shape, d)]


_UNSIGNED = {4: np.uint32, 8: np.uint64}  # the label dtypes' widths (int32, int64)
_EXPF = libm32.scalar("expf")
_LOGF = libm32.scalar("logf")


def _sparse_xent_kernel(xp: Any, logits: Any, labels: Any) -> tuple:
    if xp is not np and logits.dtype in (np.float32, np.float64):
        return _sparse_xent_device(xp, logits, labels)  # (no check: TF's GPU kernel's NaNs)
    k = logits.shape[1]
    # labels outside [0, k): as unsigned words, negative labels are past k too (one compare)
    bad = labels.view(_UNSIGNED[labels.dtype.itemsize]) >= k
    if xp.count_nonzero(bad):
        # TF's CPU kernel names the smallest label when one is negative, else the largest
        v = int(labels.min()) if labels.min() < 0 else int(labels.max())
        raise InvalidArgumentError(
            None, None, f"Received a label value of {v} which is outside the valid range of "
                        f"[0, {k}).  Label values: {' '.join(str(int(i)) for i in labels)} "
                        "[Op:SparseSoftmaxCrossEntropyWithLogits]")
    if logits.dtype.itemsize == 2 and halfprec.is_half(xp, logits):
        return eigen_reduce.xent(logits, labels, True)
    shifted = logits - logits.max(axis=1, keepdims=True)
    small = logits.dtype == np.float32 and logits.size < PACKET
    # (TF's CPU kernel on fewer than 8 float32 values: Eigen's scalar path, the C library's
    # expf and logf, as libm32's kernels (measured against TF 2.21); larger tensors keep
    # NumPy's functions, see docs/ulp32.md)
    e = _EXPF(shifted) if small else xp.exp(shifted)
    total = e.sum(axis=1, keepdims=True)
    rows = xp.arange(logits.shape[0])
    log_total = _LOGF(total[:, 0]) if small else xp.log(total[:, 0])
    loss = (log_total - shifted[rows, labels]).astype(logits.dtype, copy=False)
    backprop = e / total
    backprop[rows, labels] -= 1
    return loss, backprop


# On a device: the rows' max and sum are one reduction each, the exponentials, the losses
# and the backprop one kernel each (5 launches, not 14), in the same float operations as
# the ufuncs above; the loss reads its label's logit by index, as TF's GPU kernel does.
# `i` is the kernel's flat index over its output. As TF's GPU kernel (and its documented
# behaviour on GPU), a label outside [0, k) is not an error there: its row's loss and
# backprop are NaN (the check would be two launches and a read back to the host per call;
# float16 keeps the CPU's check).
_XENT_EXP = ("T x, T mx", "T e", "e = exp(x - mx)", "eagerflow_xent_exp")
_XENT_LOSS = ("T total, L label, raw T x, raw T mx, int64 k", "T loss",
              "bool ok = label >= 0 && label < k; T v = x[i * k + (ok ? label : 0)]; "
              "loss = ok ? log(total) - (v - mx[i]) : (T)CUDART_NAN", "eagerflow_xent_loss")
_XENT_BACKPROP = ("T e, T total, raw L labels, int64 k", "T bp",
                  "L label = labels[i / k]; bool ok = label >= 0 && label < k; "
                  "bp = ok ? e / total - (T)(i % k == label) : (T)CUDART_NAN",
                  "eagerflow_xent_backprop")


def _sparse_xent_device(xp: Any, logits: Any, labels: Any) -> tuple:
    k = logits.shape[1]
    mx = logits.max(axis=1, keepdims=True)
    e = elementwise_kernel(xp, *_XENT_EXP)(logits, mx)
    total = e.sum(axis=1, keepdims=True)
    loss = elementwise_kernel(xp, *_XENT_LOSS)(total[:, 0], labels, logits, mx, k)
    return loss, elementwise_kernel(xp, *_XENT_BACKPROP)(e, total, labels, k)


def _sparse_xent_ref(logits: np.ndarray, labels: np.ndarray) -> tuple:
    loss = np.empty(logits.shape[0], logits.dtype)
    bp = np.empty_like(logits)
    for i, row in enumerate(logits):
        m = max(float(v) for v in row)
        total = sum(_pymath.exp(float(v) - m) for v in row)
        loss[i] = m + _pymath.log(total) - float(row[labels[i]])
        for j, v in enumerate(row):
            bp[i, j] = _pymath.exp(float(v) - m) / total - (1.0 if j == labels[i] else 0.0)
    return loss, bp


def _sparse_xent_grad(n: Any, g_loss: Any, g_bp: Any) -> list:
    logits = n.inputs[0]
    gx = _expand_last(g_loss) * n.outputs[1]
    if not _is_zero(g_bp):
        gx = gx + _xent_backprop_grad(logits, g_bp)
    return [gx, None]


SPARSE_XENT = register(OpDef(
    "SparseSoftmaxCrossEntropyWithLogits", _sparse_xent_infer, _sparse_xent_kernel,
    grad=_sparse_xent_grad, reference=_sparse_xent_ref, num_outputs=2, none_grads=(1,),
    samples=lambda: [Sample((_f64(4, 3), np.array([0, 2, 1, 2], np.int32))),
                     Sample((np.array([[1e4, 0.0, -1e4], [1.0, 2.0, 3.0]]),
                             np.array([1, 0], np.int64)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)), np.array([1, 5], np.int32)), {},
                  InvalidArgumentError, "Received a label value of 5 which is outside "
                                        "the valid range of [0, 3).  Label values: 1 5",
                  cpu_only=True),
        BadSample((np.ones((2, 3)), np.array([-1, 0], np.int32)), {},
                  InvalidArgumentError, "Received a label value of -1", cpu_only=True),
        BadSample((np.ones((2, 0)), np.array([0, 0], np.int32)), {},
                  InvalidArgumentError, "Must have at least one class"),
        BadSample((np.ones((2, 3)), np.array([0.0, 1.0], np.float32)), {},
                  InvalidArgumentError, "Value for attr 'Tlabels' of float")],
))


def _xent_infer(logits: Any, labels: Any) -> list:
    op = "SoftmaxCrossEntropyWithLogits"
    d = check_t(op, (logits, labels), _FLOAT_T)
    if logits._shape is not None and labels._shape is not None:
        # (TF's kernel's order: shapes that differ are broadcast first, a [4] of labels
        # to [3, 4] logits, and then the result must be a matrix)
        shape = logits._shape
        if logits._shape != labels._shape:
            try:
                shape = C.broadcast(op, logits._shape, labels._shape)
            except InvalidArgumentError:
                raise fail(op, f"logits and labels must be broadcastable: logits_size="
                               f"{C.shape_str(logits._shape)} labels_size="
                               f"{C.shape_str(labels._shape)}") from None
        if len(shape) != 2:
            raise fail(op, "logits and labels must be either 2-dimensional, or broadcasted to "
                           "be 2-dimensional")
        return [((shape[0],), d), (shape, d)]
    return [((None,), d), ((None, None), d)]


def _xent_kernel(xp: Any, logits: Any, labels: Any) -> tuple:
    logits, labels = xp.broadcast_arrays(logits, labels)
    if logits.shape[1] == 0:  # no classes: a zero loss per row, as TF gives
        return xp.zeros(logits.shape[0], logits.dtype), xp.zeros(logits.shape, logits.dtype)
    if logits.dtype.itemsize == 2 and halfprec.is_half(xp, logits):
        return eigen_reduce.xent(logits, labels, False)
    with np.errstate(all="ignore"):  # inf logits give nan silently, as in TF
        shifted = logits - logits.max(axis=1, keepdims=True)
        e = xp.exp(shifted)
        total = e.sum(axis=1, keepdims=True)
        loss = (labels * (xp.log(total) - shifted)).sum(axis=1).astype(logits.dtype, copy=False)
        return loss, e / total - labels


def _xent_ref(logits: np.ndarray, labels: np.ndarray) -> tuple:
    logits, labels = np.broadcast_arrays(logits, labels)
    loss = np.empty(logits.shape[0], logits.dtype)
    bp = np.empty(logits.shape, logits.dtype)
    for i in range(logits.shape[0]):
        row = [float(v) for v in logits[i]]
        m = max(row)
        total = sum(_pymath.exp(v - m) for v in row)
        lse = m + _pymath.log(total)
        loss[i] = sum(float(z) * (lse - v) for z, v in zip(labels[i], row))
        bp[i] = [_pymath.exp(v - m) / total - float(z) for v, z in zip(row, labels[i])]
    return loss, bp


def _xent_grad(n: Any, g_loss: Any, g_bp: Any) -> list:
    logits, labels = n.inputs
    gl = _expand_last(g_loss)
    gx = gl * n.outputs[1]
    bp_used = not _is_zero(g_bp)
    if bp_used:
        gx = gx + _xent_backprop_grad(logits, g_bp)
    g_labels = None
    if wants(n, 1) or _state.graph is not None:  # (TF's graph has it, wanted or not)
        # TF's: the gradient through the backprop output reaches the logits only (so a
        # second derivative by the labels misses -g_bp, as TF's does)
        minus_log_p = negative(log_softmax(logits))
        g_labels = sum_to(_expand_last(g_loss) * minus_log_p, labels)
    return [sum_to(gx, logits) if wants(n, 0) else None, g_labels]


def _soft_labels(*shape: int) -> np.ndarray:
    z = _rng.uniform(0.1, 1.0, size=shape)
    return z / z.sum(axis=-1, keepdims=True)


SOFTMAX_XENT = register(OpDef(
    "SoftmaxCrossEntropyWithLogits", _xent_infer, _xent_kernel, grad=_xent_grad, none_grads=(1,),
    reference=_xent_ref, num_outputs=2,
    samples=lambda: [
        # (by the logits alone: TF's labels gradient ignores the backprop output's
        # gradient, so it is not that output's derivative; tests/autodiff/
        # test_second_order.py checks it against TF through the loss)
        Sample((_f64(3, 4), _soft_labels(3, 4)), grad_inputs=(0,)),
        Sample((_f64(2, 3), _soft_labels(1, 3)), grad_inputs=(0,)),
        Sample((np.array([[1e4, 0.0, -1e4]]), np.array([[0.2, 0.3, 0.5]])), grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3)), np.ones((2, 2))), {}, InvalidArgumentError,
                                   "logits and labels must be broadcastable: logits_size=[2,3] "
                                   "labels_size=[2,2]"),
                         BadSample((np.ones((2, 3), np.int32), np.ones((2, 3), np.int32)), {},
                                   InvalidArgumentError, "Value for attr 'T' of int32")],
))


def _check_rank_match(labels: Any, logits: Any) -> None:
    ls, gs = labels._shape, logits._shape
    if ls is None or gs is None:
        return
    if len(ls) != len(gs) - 1:
        raise ValueError(f"`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
                         f"labels.shape={tuple(ls)} of rank {len(ls)} and "
                         f"logits.shape={tuple(gs)} of rank {len(gs)}")
    for a, b in zip(ls, gs[:-1]):
        if None not in (a, b) and a != b:
            raise ValueError(f"`labels.shape` must equal `logits.shape` except for the last "
                             f"dimension. Received: labels.shape={tuple(ls)} and "
                             f"logits.shape={tuple(gs)}")


@dispatch_binding
def sparse_softmax_cross_entropy_with_logits(labels: Any, logits: Any,
                                             name: str | None = None) -> Any:
    """-log(softmax(logits)[label]) per example; labels are class indices in [0, classes).
    In a graph under TF's scope, with its Shape of the labels; rows of classes (TF's
    rank-2 logits) make the op named `name` in it."""
    if labels is None or logits is None:  # (TF's v2 passes both to TF 1's, which checks)
        raise ValueError(f"Both `labels` and `logits` must be provided for "
                         f"sparse_softmax_cross_entropy_with_logitsReceived: labels={labels} "
                         f"and logits={logits}")
    if _state.graph is not None:
        with name_scope(name or "SparseSoftmaxCrossEntropyWithLogits"):
            labels = _t(labels)
            array_shape(labels)
            return _sparse_xent(labels, logits, name)
    return _sparse_xent(labels, logits, None)


def _sparse_xent(labels: Any, logits: Any, name: str | None) -> Any:
    logits = _t(logits)
    labels = _t(labels)
    if logits._shape is not None and not logits._shape:
        raise ValueError(f"`logits` cannot be a scalar. Received logits={logits}`")
    _check_rank_match(labels, logits)
    half = logits._dtype is dt.float16  # (TF's float32; bfloat16 runs its own kernel)
    precise = cast(logits, dt.float32) if half else logits
    shape = logits._shape
    if len(shape) != 2:  # as TF: rows of classes, then the labels' shape
        known = None not in shape
        labels_shape = shape[:-1] if known else array_shape(labels)
        precise = reshape(precise, (-1, shape[-1] if known else array_shape(logits)[-1]))
        labels = reshape(labels, (-1,))
    loss, _ = bind(SPARSE_XENT, (precise, labels), {}, name if len(shape) == 2 else None)
    if len(shape) != 2:
        loss = reshape(loss, labels_shape)
    return cast(loss, dt.float16) if half else loss


@dispatch_binding
def softmax_cross_entropy_with_logits(labels: Any, logits: Any, axis: int = -1,
                                      name: str | None = None) -> Any:
    """-sum(labels * log_softmax(logits), axis); gradients flow to both arguments."""
    if _state.graph is not None:  # (TF's graph: under its scope, every step a node)
        with name_scope(name or "softmax_cross_entropy_with_logits") as scope:
            return _xent(labels, logits, axis, scope)
    return _xent(labels, logits, axis, None)


def _xent(labels: Any, logits: Any, axis: int, scope: str | None) -> Any:
    logits = _t(logits)
    half = logits._dtype is dt.float16 or logits._dtype is dt.bfloat16  # (TF's float32)
    precise = cast(logits, dt.float32) if half else logits
    labels = cast(_t(labels), precise._dtype)
    if scope is not None:
        return _checked_graph_xent(precise, labels, logits, axis, scope, half)
    # (TF's wrapper asks whether the axis is -1 first: a tensor axis answers by its truth)
    if bool(axis != -1):
        # TF moves the class axis last by a Transpose of the Ranges around it, the axis as
        # given: a negative one or one past the rank is Range's error, a bool's or an
        # int8's Range's AssertionError (its dtype is none Range takes), a list's or a
        # float's those ops' (Range's "limit must be a scalar", Python's for [1] + 1)
        n = len(precise._shape)
        perm = concat([range_(axis), range_(axis + 1, n), [axis]], 0)
        precise, labels = transpose(precise, perm), transpose(labels, perm)
    moved = precise._shape
    # (TF's wrapper makes both rows of their last dimension, logits first, whatever their
    # rank: labels [3] for logits [3, 4] are one row the op then broadcasts or refuses)
    loss, _ = bind(SOFTMAX_XENT, (_eager_rows(precise), _eager_rows(labels)), {})
    # (and gives the loss the logits' outer shape, a tensor's: its error names no name)
    loss = reshape(loss, convert_to_tensor(np.array(moved[:-1], np.int32)))
    return cast(loss, logits._dtype) if half else loss


def _eager_rows(x: Any) -> Any:
    """`x` as rows of its last dimension, as TF's wrapper's _flatten_outer_dims eagerly:
    a scalar's is the error of the Slice of the last dimension out of its empty shape."""
    if not x._shape:
        slice_(array_shape(x), [-1], [1])
    return x if len(x._shape) == 2 else reshape(x, (-1, x._shape[-1]))


def _checked_graph_xent(precise: Any, labels: Any, logits: Any, axis: Any, scope: str,
                        half: bool) -> Any:
    """The traced loss, the class axis checked against the rank first."""
    shape = logits._shape
    if shape is not None and not shape:
        raise ValueError(f"`logits` cannot be a scalar. Received logits={logits}`")
    n = len(shape)
    ax = n - 1 if not bool(axis != -1) else axis % n if -n <= axis < n else axis
    if not 0 <= ax < n:
        raise InvalidArgumentError(None, None, f"`dim` must be in the range [{-n}, {n}) where "
                                               f"{n} is the number of dimensions in the input. "
                                               f"Received: dim={axis} "
                                               "[Op:SoftmaxCrossEntropyWithLogits]")
    loss = _graph_xent(precise, labels, axis, ax, scope)
    return cast(loss, logits._dtype) if half else loss


def _graph_xent(logits: Any, labels: Any, axis: int, ax: int, scope: str) -> Any:
    """TF's graph of softmax_cross_entropy_with_logits (in its name scope `scope`): the
    input's rank and shape, the class axis moved last (a Transpose by a ConcatV2 of Ranges)
    where `axis` is not -1, both inputs flattened to rows of classes, the op named as
    the scope, and its cost reshaped to the input's outer shape (a Slice of it)."""
    input_rank = rank(logits)
    shape = logits._shape
    if axis != -1:
        logits = _move_to_end(logits, ax, input_rank)
        labels = _move_to_end(labels, ax, input_rank)
    input_shape = array_shape(logits)
    logits = _flatten_outer_dims(logits)
    labels = _flatten_outer_dims(labels)
    cost, _ = bind(SOFTMAX_XENT, (logits, labels), {}, scope)
    cost = reshape(cost, _slice_node(input_shape, [0], [_minus_one(input_rank)]))
    if shape is not None:
        cost.set_shape([d for i, d in enumerate(shape) if i != ax])
    return cost


def _slice_node(x: Any, begin: Any, size: Any) -> Any:
    """A Slice node as TF's graph has it: its begin and size the node's inputs (a list
    holding a tensor packed as "Slice/begin"), whatever is known of them."""
    with name_scope("Slice") as scope:
        b = _packed(begin, "begin")
        s = _packed(size, "size")
        return bind(SLICE, (x, b, s), {}, scope)


def _packed(v: Any, name: str) -> Any:
    if isinstance(v, list) and any(not isinstance(e, (int, np.integer)) for e in v):
        return stack(v, name=name)
    return convert_to_tensor_v2(v, dtype=dt.int32, name=name)


def _flatten_outer_dims(x: Any) -> Any:
    """TF's _flatten_outer_dims: `x` as rows of its last dimension, [-1, last]."""
    r = rank(x)
    dims = array_shape(x)
    last = _slice_node(dims, [_minus_one(r)], [1])
    out = reshape(x, concat([[-1], last], 0))
    shape = x._shape
    if shape is not None and None not in shape[:-1]:
        out.set_shape([int(np.prod(shape[:-1], dtype=np.int64)), shape[-1]])
    return out


def _minus_one(r: Any) -> Any:
    # (a 1 of its own: each Sub's is its "Sub/y", as TF converts it)
    return subtract(r, convert_to_tensor(np.array(1, np.int32)))


def _move_to_end(x: Any, ax: int, r: Any) -> Any:
    out = transpose(x, concat([range_(ax), range_(ax + 1, r), [ax]], 0))
    if x._shape is not None:  # (TF's shape function reads the permutation's value)
        dims = list(x._shape)
        out.set_shape(dims[:ax] + dims[ax + 1:] + [dims[ax]])
    return out


def _same_shape(a: Any, b: Any, what: tuple) -> None:
    # (TF asks that the shapes be compatible: a dimension unknown in a traced function
    # matches any)
    if a._shape is not None and b._shape is not None and (
            len(a._shape) != len(b._shape) or any(
                x is not None and y is not None and x != y for x, y in zip(a._shape, b._shape))):
        raise ValueError(f"`{what[0]}` and `{what[1]}` must have the same shape, received "
                         f"({tuple(a._shape)} vs {tuple(b._shape)}).")


@dispatchable
@binds_first
def sigmoid_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                      name: str | None = None) -> Any:
    """Per-element logistic loss, stable for large |logits|."""
    if labels is None or logits is None:
        raise ValueError(f"Both `labels` and `logits` must be provided for "
                         f"sigmoid_cross_entropy_with_logitsReceived: labels={labels} and "
                         f"logits={logits}")
    with name_scope(name or "logistic_loss") as scope:  # (TF's graph: its nodes in it)
        x, z = _t(logits), _t(labels)
        _same_shape(x, z, ("logits", "labels"))
        zeros = zeros_like(x)
        cond = x >= zeros  # (TF's one GreaterEqual, its two TF 1 Selects)
        # (TF 1's Select is a family `import eagerflow` leaves out: found by name, it
        # loads on the first loss)
        select = REGISTRY["Select"]
        relu_x = bind(select, (cond, x, zeros), {}, None)
        neg_abs = bind(select, (cond, negative(x), x), {}, None)
        return add(relu_x - x * z, log1p(exp(neg_abs)), name=scope)


@dispatch_binding
def weighted_cross_entropy_with_logits(labels: Any, logits: Any, pos_weight: Any,
                                       name: str | None = None) -> Any:
    """Sigmoid cross-entropy with the positive term weighted by `pos_weight`."""
    with name_scope(name or "logistic_loss") as scope:
        x, z = _t(logits), _t(labels)
        _same_shape(x, z, ("logits", "labels"))
        # (pos_weight as given, as TF's: a NumPy array meets the labels as the operators'
        # other operand, a list is Python's TypeError)
        log_weight = 1 + (pos_weight - 1) * z
        return add((1 - z) * x,
                   log_weight * (log1p(exp(negative(_abs(x)))) + relu(negative(x))),
                   name=scope)


@dispatch_binding
def log_poisson_loss(targets: Any, log_input: Any, compute_full_loss: bool = False,
                     name: str | None = None) -> Any:
    """exp(log_input) - log_input * targets (+ Stirling's term when compute_full_loss)."""
    with name_scope(name or "log_poisson_loss"):  # (TF's graph: its nodes in it)
        return _log_poisson(_t(log_input), _t(targets), compute_full_loss)


def _log_poisson(c: Any, z: Any, compute_full_loss: bool) -> Any:
    _same_shape(c, z, ("log_input", "targets"))
    result = exp(c) - c * z
    if compute_full_loss:
        ones = convert_to_tensor(1, dtype=z._dtype)
        # TF masks the term off for targets in [0, 1] only: a negative or NaN target's
        # term (NaN) is added
        masked = logical_and(z >= zeros_like(z), z <= ones)
        safe = where(masked, ones, z)  # no log(0) even where the term is masked off
        stirling = safe * log(safe) - safe + 0.5 * log(_const(2.0 * _pymath.pi, safe) * safe)
        result = result + where(masked, zeros_like(z), stirling)
    return result

# ---------------------------------------------------------------------------------------
# L2 loss and normalization.
# ---------------------------------------------------------------------------------------

def _l2_loss32(t: Any) -> Any:
    """TF's CPU L2Loss of float32/float64: Eigen's sum of x * x * 0.5 (checked against
    TF 2.21: tests/ops/test_eigen_sum.py)."""
    return eigen_sum.tf_sum_of_squares(t, tuple(range(t.ndim)), False, half=True)


L2_LOSS = register(OpDef(
    "L2Loss", lambda t: [((), check_t("L2Loss", (t,), _FLOAT_T))],
    lambda xp, t: eigen_reduce.l2_loss(t) if t.dtype.itemsize == 2 and halfprec.is_half(xp, t)
    else _l2_loss32(t) if xp is np else xp.asarray((t * t).sum() / 2, dtype=t.dtype),
    grad=lambda n, g: [n.inputs[0] * g],
    reference=lambda t: np.asarray(sum(float(v) ** 2 for v in t.ravel()) / 2, t.dtype),
    samples=lambda: [Sample((_f64(3, 4),)), Sample((_f64(),))],
    bad_samples=lambda: [BadSample((np.array([1, 2], np.int32),), {}, InvalidArgumentError,
                                   "Value for attr 'T' of int32")],
))


@eager_api("t")  # (a list or NumPy scalar: TF's wrapper's slow path)
def l2_loss(t: Any, name: str | None = None) -> Any:
    """sum(t ** 2) / 2."""
    return bind(L2_LOSS, (_t(t),), {}, name)


# ---------------------------------------------------------------------------------------
# in_top_k.
# ---------------------------------------------------------------------------------------

def _in_top_k_infer(predictions: Any, targets: Any, k: int, op: str = "InTopKV2") -> list:
    if predictions._dtype is not dt.float32:
        raise fail(op, f"Value for attr 'T' of {predictions._dtype.name} is not in the list of "
                       "allowed values: float")
    if targets._dtype not in (dt.int32, dt.int64):
        raise fail(op, f"Value for attr 'T' of {targets._dtype.name} is not in the list of "
                       "allowed values: int32, int64")
    ps, ts = predictions._shape, targets._shape
    if ps is not None and len(ps) != 2:
        raise fail(op, "predictions must be 2-dimensional")
    if ts is not None and len(ts) != 1:
        raise fail(op, "targets must be 1-dimensional")
    if ps is not None and ts is not None and None not in (ps[0], ts[0]) and ps[0] != ts[0]:
        raise fail(op, f"First dimension of predictions {ps[0]} must match length of targets "
                       f"{ts[0]}")
    return [((None if ps is None else ps[0],), dt.bool)]


def _in_top_k_kernel(xp: Any, predictions: Any, targets: Any, k: int) -> Any:
    b, n = predictions.shape
    if n == 0:  # no classes: no target is in the top k
        return xp.zeros(b, dtype=bool)
    ok = (targets >= 0) & (targets < n)
    safe = xp.where(ok, targets, 0)
    target_pred = predictions[xp.arange(b), safe]
    # ties with the target count as "in"; a row with any non-finite prediction never does
    more = (predictions > target_pred[:, None]).sum(axis=1)
    return ok & xp.isfinite(predictions).all(axis=1) & (more < k)


def _in_top_k_ref(predictions: np.ndarray, targets: np.ndarray, k: int) -> np.ndarray:
    out = []
    for row, t in zip(predictions, targets):
        if not 0 <= t < len(row) or not all(_pymath.isfinite(v) for v in row):
            out.append(False)
            continue
        out.append(sum(1 for v in row if v > row[t]) < k)
    return np.array(out, dtype=bool)


IN_TOP_K = register(OpDef(
    "InTopKV2", _in_top_k_infer, _in_top_k_kernel, grad=C.no_gradient, reference=_in_top_k_ref,
    samples=lambda: [
        Sample((np.array([[1.0, 1.0, 0.5], [0.0, 2.0, 2.0], [3.0, np.nan, 1.0],
                          [1.0, 2.0, 3.0]], np.float32), np.array([0, 1, 2, 5], np.int32)),
               {"k": 1}, grad=False),
        Sample((_f64(5, 4).astype(np.float32), np.array([0, 1, 2, 3, 0], np.int64)),
               {"k": 2}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3), np.float32), np.array([0, 1, 2], np.int32)),
                  {"k": 1}, InvalidArgumentError,
                  "First dimension of predictions 2 must match length of targets 3"),
        BadSample((np.ones((2, 3), np.float32), np.array([[0, 1]], np.int32)),
                  {"k": 1}, InvalidArgumentError, "targets must be 1-dimensional")],
))

# TF's first version: k an attr (a negative one: no target is in)
IN_TOP_K_V1 = register(OpDef(
    "InTopK", lambda predictions, targets, k: _in_top_k_infer(predictions, targets, k, "InTopK"),
    _in_top_k_kernel, grad=C.no_gradient, reference=_in_top_k_ref,
    samples=lambda: [Sample(s.inputs, s.attrs, grad=False) for s in IN_TOP_K.samples] + [
        Sample((np.ones((2, 3), np.float32), np.array([0, 2], np.int32)), {"k": -1},
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(3, np.float32), np.array([0], np.int32)), {"k": 1},
                  InvalidArgumentError, "predictions must be 2-dimensional"),
        BadSample((np.ones((2, 3), np.float32), np.array([0, 1, 2], np.int64)),
                  {"k": 1}, InvalidArgumentError,
                  "First dimension of predictions 2 must match length of targets 3")],
))


@dispatch_binding
@eager_api("targets", "predictions", "k")
def in_top_k(targets: Any, predictions: Any, k: Any, name: str | None = None) -> Any:
    """Whether each target's prediction is among the row's top `k` (ties count as in).
    TF's InTopKV2 takes k as an input of the targets' type T, converted as its wrapper
    converts them: a tensor among the two sets T, else the targets (int32 preferred), and
    the other is made a T (a list k too: the kernel's rank check refuses it). The op then
    checks T, the inputs' types (predictions float, k T), then the kernel k's rank. (A
    Python list among them sends it down its slow path, which converts predictions to
    float after them.)"""
    op, slow = "InTopKV2", passed_raw(targets, predictions, k)
    t, kt = wrapper_inputs.op_inputs(op, (targets, k), "T", slow)
    p = convert_to_tensor(predictions, dt.float32) if slow and _state.graph is None else \
        convert_to_tensor(predictions, dtype_hint=dt.float32)
    if t._dtype not in C.INDEX:
        raise C.not_supported(op, t._dtype, C.INDEX)
    traced = _state.graph is not None  # (TF's graph builder: its signature's TypeErrors)
    if p._dtype is not dt.float32:
        if traced:
            raise TypeError(f"Input 'predictions' of '{op}' Op has type {p._dtype.name} that "
                            f"does not match expected type of float32.")
        raise C.wrong_input_dtype(op, 0, dt.float32, p._dtype)
    if kt._dtype is not t._dtype:
        if traced:
            raise TypeError(f"Input 'k' of '{op}' Op has type {kt._dtype.name} that does not "
                            f"match type {t._dtype.name} of argument 'targets'.")
        raise C.wrong_input_dtype(op, 2, t._dtype, kt._dtype)
    if kt._shape:
        raise C.fail(op, f"k must be 0-D, got shape {C.shape_str(kt._shape)}")
    k = AV.int_arg(kt, "k")
    if _state.graph is None:
        return bind(IN_TOP_K, (p, t), {"k": k}, name)
    with name_scope(name or "in_top_k"):  # (TF's scope, the op named `name` in it)
        return bind(IN_TOP_K, (p, t), {"k": k}, name)
