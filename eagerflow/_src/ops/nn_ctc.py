"""Connectionist temporal classification: tf.nn.ctc_loss, ctc_greedy_decoder,
collapse_repeated and ctc_unique_labels.

Sits in the ops layer after nn_loss.py (which holds the beam search decoder), and loads on
first use (op_index.py). Two OpDefs, as TF's kernels: CTCLoss (the forward-backward
algorithm in log space over the blank-interleaved labels, vectorised over the batch; it
returns the loss and its gradient with respect to the logits, softmax minus the label
posteriors, as TF's op does) and CTCGreedyDecoder. Both take TF's layout: time-major
logits whose last class is the blank, labels as a sparse matrix. tf.nn.ctc_loss moves the
requested blank last and turns dense labels into that form, so dense and sparse labels
share one kernel. collapse_repeated and ctc_unique_labels are compositions of public ops.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError, OpError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import concat, expand_dims, ones, reshape, shape, transpose, zeros
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import decorate, eager_api, slow_path
from eagerflow._src.ops.indexing import boolean_mask, gather, sequence_mask
from eagerflow._src.ops.math import (
    equal,
    logical_and,
    logical_not,
    maximum,
    not_equal,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    where,
)
from eagerflow._src.ops.nd_indexing import gather_nd, scatter_nd
from eagerflow._src.ops.nn_args import fail
from eagerflow._src.ops.nn_ctc_beam import decoder_shape_fn
from eagerflow._src.ops.nn_ctc_dense import CTC_LOSS_DENSE, ctc_by_enumeration
from eagerflow._src.ops.nn_loss import _is_zero
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.reduce import argmax, reduce_any, reduce_max, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.stacking import stack, unstack
from eagerflow._src.ops.unique_one_hot import one_hot, unique

_rng = SampleRNG(83)
_FLOATS = frozenset((dt.float32, dt.float64))


def _check_rank(op: str, x: Any, rank: int, what: str) -> None:
    if x._shape is not None and len(x._shape) != rank:
        raise fail(op, f"{what} is not a {'vector' if rank == 1 else 'matrix'}"
                   if rank < 3 else f"{what} is not a 3-Tensor")


def _check_lengths(op: str, lengths: Any, steps: int, batch: int, error: type) -> None:
    if lengths.shape[0] != batch:
        raise error(None, None, f"len(sequence_length) != batch_size.  len(sequence_length):  "
                                f"{lengths.shape[0]} batch_size: {batch} [Op:{op}]")
    for b, n in enumerate(lengths.tolist()):
        if n > steps:
            raise error(None, None, f"sequence_length({b}) <= {steps} [Op:{op}]")


# ---------------------------------------------------------------------------------------
# CTCLoss: the forward-backward algorithm
# ---------------------------------------------------------------------------------------

def _ctc_loss_infer(logits: Any, indices: Any, values: Any, lengths: Any,
                    preprocess_collapse_repeated: bool = False, ctc_merge_repeated: bool = True,
                    ignore_longer_outputs_than_inputs: bool = False) -> list:
    op = "CTCLoss"
    C.check_dtype(op, logits, _FLOATS)
    for x, want, i in ((indices, dt.int64, 1), (values, dt.int32, 2), (lengths, dt.int32, 3)):
        if x._dtype is not want:
            raise C.wrong_input_dtype(op, i, want, x._dtype)
    _check_rank(op, logits, 3, "inputs")
    _check_rank(op, indices, 2, "labels_indices")
    _check_rank(op, values, 1, "labels_values")
    _check_rank(op, lengths, 1, "sequence_length")
    if logits._shape is not None and logits._shape[0] == 0:
        raise fail(op, "Max time or first dimension of input cannot be 0.")
    batch = None if logits._shape is None else logits._shape[1]
    return [((batch,), logits._dtype), (logits._shape, logits._dtype)]


def _label_rows(indices: Any, values: Any, batch: int, collapse: bool) -> list:
    """The label sequence of each batch entry, from a sparse [batch, time] matrix."""
    if indices.shape[0] != values.shape[0]:
        raise fail("CTCLoss", "labels_indices and labels_values must contain the same number "
                              f"of rows, but got shapes {list(indices.shape)} and "
                              f"{list(values.shape)}")
    rows: list = [[] for _ in range(batch)]
    for (b, _), v in sorted(zip(indices.tolist(), values.tolist())):
        if not 0 <= b < batch:
            raise fail("CTCLoss", f"labels_indices batch index {b} is out of range [0, {batch})")
        if not (collapse and rows[b] and rows[b][-1] == v):
            rows[b].append(v)
    return rows


def _shift(a: Any, k: int, xp: Any) -> Any:
    """a moved k states along the last axis (right for k > 0), -inf filling the gap."""
    out = xp.full_like(a, -np.inf)
    if k > 0:
        out[..., k:] = a[..., :-k]
    else:
        out[..., :k] = a[..., -k:]
    return out


def _ctc_loss_kernel(xp: Any, logits: Any, indices: Any, values: Any, lengths: Any,
                     preprocess_collapse_repeated: bool = False, ctc_merge_repeated: bool = True,
                     ignore_longer_outputs_than_inputs: bool = False) -> tuple:
    steps, batch, classes = logits.shape
    _check_lengths("CTCLoss", lengths, steps, batch, InvalidArgumentError)
    blank = classes - 1
    rows = _label_rows(indices, values, batch, preprocess_collapse_repeated)
    given = _label_rows(indices, values, batch, False) if preprocess_collapse_repeated \
        else rows
    for b, (row, n) in enumerate(zip(rows, lengths.tolist())):
        if not row:
            raise fail("CTCLoss", f"Labels length is zero in batch {b}")
        if any(not 0 <= v < blank for v in row):
            raise fail("CTCLoss", f"Saw a label outside [0, num_classes - 1 = {blank}) in "
                                  f"batch {b}: labels {row}")
        # (TF's PopulateLPrimes: the labels as given, before any collapse, against the
        # sequence's steps; its message runs the batch index into the next sentence)
        if not ignore_longer_outputs_than_inputs and len(given[b]) > n:
            raise fail("CTCLoss", f"Not enough time for target transition sequence (required: "
                                  f"{len(given[b])}, available: {n}){b}You can turn this error "
                                  f"into a warning by using the flag "
                                  f"ignore_longer_outputs_than_inputs")
    width = 2 * max((len(r) for r in rows), default=0) + 1
    ext = np.full((batch, width), blank, np.int64)  # blank, l0, blank, l1, ..., blank
    for b, row in enumerate(rows):
        ext[b, 1:2 * len(row):2] = row
    states = np.array([2 * len(r) + 1 for r in rows])
    live = np.arange(width)[None, :] < states[:, None]
    skip = np.zeros((batch, width), bool)  # s - 2 -> s jumps a blank between two labels
    skip[:, 2:] = ext[:, 2:] != blank
    # a label repeated in the path merges into one unless ctc_merge_repeated is off: then
    # a label state emits once (no self-loop), and two equal labels need no blank between
    stay = np.ones((batch, width), bool)
    if ctc_merge_repeated:
        skip[:, 2:] &= ext[:, 2:] != ext[:, :-2]
    else:
        stay = ext == blank
    ext, live, skip, stay = xp.asarray(ext), xp.asarray(live), xp.asarray(skip), xp.asarray(stay)
    x = logits.astype(np.float64)
    with np.errstate(all="ignore"):
        top = x.max(axis=2, keepdims=True)
        logp = x - (top + xp.log(xp.exp(x - top).sum(axis=2, keepdims=True)))
        emit = xp.take_along_axis(logp, xp.broadcast_to(ext[None], (steps, batch, width)),
                                  axis=2)
        alpha = xp.full((steps, batch, width), -np.inf)
        if steps:
            alpha[0, :, :2] = emit[0, :, :2]
            alpha[0] = xp.where(live, alpha[0], -np.inf)
        for t in range(1, steps):
            prev = alpha[t - 1]
            jump = xp.where(skip, _shift(prev, 2, xp), -np.inf)
            held = xp.where(stay, prev, -np.inf)
            total = xp.logaddexp(xp.logaddexp(held, _shift(prev, 1, xp)), jump)
            alpha[t] = xp.where(live, total + emit[t], -np.inf)
        n = xp.asarray(lengths.astype(np.int64))
        last = xp.clip(n - 1, 0, None)
        final = alpha[last, xp.arange(batch)]  # [batch, width] at each sequence's last step
        ends = xp.asarray(states - 1)
        at_end = xp.take_along_axis(final, ends[:, None], axis=1)[:, 0]
        before = xp.take_along_axis(final, xp.clip(ends - 1, 0, None)[:, None], axis=1)[:, 0]
        loglik = xp.logaddexp(at_end, xp.where(ends > 0, before, -np.inf))
        loglik = xp.where(n > 0, loglik, xp.where(ends == 0, 0.0, -np.inf))
        # beta: the paths from state s after step t to the end (step t's emission excluded)
        start = xp.where((xp.arange(width)[None, :] >= ends[:, None] - 1)
                         & (xp.arange(width)[None, :] <= ends[:, None]), 0.0, -np.inf)
        beta = xp.full((steps, batch, width), -np.inf)
        for t in range(steps - 1, -1, -1):
            if t < steps - 1:
                ahead = beta[t + 1] + emit[t + 1]
                jump = _shift(xp.where(skip, ahead, -np.inf), -2, xp)
                held = xp.where(stay, ahead, -np.inf)
                beta[t] = xp.logaddexp(xp.logaddexp(held, _shift(ahead, -1, xp)), jump)
            beta[t] = xp.where((t == n - 1)[:, None], start, beta[t])
        post_states = xp.exp(alpha + beta - loglik[None, :, None])
        post_states = xp.where(xp.isfinite(loglik)[None, :, None], post_states, 0.0)
        onehot = (ext[:, :, None] == xp.arange(classes)[None, None, :]).astype(np.float64)
        posterior = xp.einsum("tbs,bsc->tbc", xp.nan_to_num(post_states), onehot)
        grad = xp.exp(logp) - posterior
        # (a NaN likelihood, from an inf or NaN logit in the sequence: TF's posteriors divide
        # by it, so the whole sequence's gradient is NaN)
        grad = xp.where(xp.isnan(loglik)[None, :, None], np.nan, grad)
    grad = xp.where((xp.arange(steps)[:, None] < n[None, :])[:, :, None], grad, 0.0)
    loss = -loglik
    if ignore_longer_outputs_than_inputs:
        too_long = xp.asarray([len(r) > int(m) for r, m in zip(given, lengths.tolist())])
        loss = xp.where(too_long, 0.0, loss)
        grad = xp.where(too_long[None, :, None], 0.0, grad)
    return loss.astype(logits.dtype), grad.astype(logits.dtype)


def _ctc_loss_ref(logits: np.ndarray, indices: np.ndarray, values: np.ndarray,
                  lengths: np.ndarray, **attrs: Any) -> tuple:
    """Every alignment enumerated (the blank class last)."""
    rows: list = [[] for _ in range(logits.shape[1])]
    for (b, _), v in sorted(zip(indices.tolist(), values.tolist())):
        rows[b].append(v)
    return ctc_by_enumeration(logits, rows, [int(n) for n in lengths],
                              blank=logits.shape[2] - 1,
                              merge=attrs.get("ctc_merge_repeated", True))


def _ctc_loss_grad(n: Any, g_loss: Any, g_grad: Any) -> list:
    unused = g_grad is None or _is_zero(g_grad) or getattr(
        getattr(g_grad, "op", None), "type", None) == "ZerosLike"  # (traced: a tape's filler)
    if not unused:
        raise LookupError("No gradient defined for the gradient output of CTCLoss: the "
                          "second derivative of ctc_loss is not supported (as in TF)")
    return [reshape(g_loss, [1, -1, 1]) * n.outputs[1], None, None, None]


def _ctc_samples() -> list:
    logits = _rng.uniform(-2, 2, size=(4, 3, 3))
    indices = np.array([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [2, 0]], np.int64)
    values = np.array([0, 1, 1, 1, 0, 1], np.int32)
    lengths = np.array([4, 4, 3], np.int32)
    # (the generic gradient check weights both outputs, and the gradient output has no
    # gradient, as in TF: tests/ops/test_nn_ctc.py checks the loss's against differences)
    return [Sample((logits, indices, values, lengths), grad=False),
            Sample((logits.astype(np.float32), indices[[0, 1, 2, 5]], values[[0, 1, 2, 5]],
                    np.array([3, 2, 1], np.int32)), grad=False),
            # (TF 1's ctc_loss: repeated labels kept apart, "1 1" needing no blank between)
            Sample((logits, indices, values, lengths), {"ctc_merge_repeated": False},
                   grad=False)]


CTC_LOSS = register(OpDef(
    "CTCLoss", _ctc_loss_infer, _ctc_loss_kernel, grad=_ctc_loss_grad,
    reference=_ctc_loss_ref, num_outputs=2, gpu=False, samples=_ctc_samples,
    bad_samples=lambda: [
        BadSample((np.zeros((2, 1, 3), np.float32), np.zeros((1, 2), np.int64),
                   np.array([2], np.int32), np.array([2], np.int32)), {},
                  InvalidArgumentError, "Saw a label outside"),
        BadSample((np.zeros((2, 1, 3), np.float32), np.zeros((0, 2), np.int64),
                   np.zeros(0, np.int32), np.array([3], np.int32)), {},
                  InvalidArgumentError, "sequence_length(0) <= 2"),
        BadSample((np.zeros((2, 2, 3), np.float32), np.zeros((1, 2), np.int64),
                   np.zeros(1, np.int32), np.array([2, 2], np.int32)), {},
                  InvalidArgumentError, "Labels length is zero in batch 1"),
        BadSample((np.zeros((2, 3), np.float32), np.zeros((0, 2), np.int64),
                   np.zeros(0, np.int32), np.array([2], np.int32)), {},
                  InvalidArgumentError, "inputs is not a 3-Tensor"),
        BadSample((np.zeros((2, 1, 3), np.int32), np.zeros((0, 2), np.int64),
                   np.zeros(0, np.int32), np.array([2], np.int32)), {},
                  InvalidArgumentError, "Value for attr 'T' of int32")],
))


# ---------------------------------------------------------------------------------------
# CTCGreedyDecoder: the best class at each step, repeats merged, blanks dropped
# ---------------------------------------------------------------------------------------

def _greedy_infer(inputs: Any, lengths: Any, merge_repeated: bool = False,
                  blank_index: int = -1) -> list:
    op = "CTCGreedyDecoder"
    C.check_dtype(op, inputs, _FLOATS)
    if lengths._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 1, dt.int32, lengths._dtype)
    if _state.graph is not None:  # (traced: TF's shape function's words)
        decoder_shape_fn(op, inputs, lengths)
    _check_rank(op, inputs, 3, "inputs")
    _check_rank(op, lengths, 1, "sequence_length")
    batch = None if inputs._shape is None else inputs._shape[1]
    return [((None, 2), dt.int64), ((None,), dt.int64), ((2,), dt.int64),
            ((batch, 1), inputs._dtype)]


def _eigen_max(xp: Any, x: Any) -> tuple:
    """(the index, the value) of each last-axis row's maximum as TF's kernel finds it (Eigen's
    maxCoeff): from the first entry, an entry replacing it only when greater, so a first
    NaN stays (index 0, NaN) and a later NaN never wins."""
    first_nan = xp.isnan(x[..., 0])
    skip = xp.where(xp.isnan(x), xp.asarray(-np.inf, x.dtype), x)
    best = xp.where(first_nan, 0, skip.argmax(axis=-1))
    top = xp.where(first_nan, x[..., 0], skip.max(axis=-1))
    return np.asarray(to_host(best)), top


def _greedy_kernel(xp: Any, inputs: Any, lengths: Any, merge_repeated: bool = False,
                   blank_index: int = -1) -> tuple:
    steps, batch, classes = inputs.shape
    if inputs.size == 0:  # (TF's decoders' shared check, before the lengths')
        raise fail("CTCGreedyDecoder", "inputs must not be empty")
    _check_lengths("CTCGreedyDecoder", lengths, steps, batch, FailedPreconditionError)
    blank = blank_index + classes if blank_index < 0 else blank_index
    if not 0 <= blank < classes:
        raise fail("CTCGreedyDecoder", f"blank_index expected to be between {-classes} and "
                                       f"{classes - 1} but was {blank_index}")
    best, top = _eigen_max(xp, inputs) if steps else \
        (np.zeros((0, batch), np.int64), xp.zeros((0, batch), inputs.dtype))
    n = lengths.astype(np.int64)
    valid = xp.arange(steps)[:, None] < xp.asarray(n)[None, :]
    # TF adds each step's negated score to a zero, step by step: an empty or all-zero
    # sum is +0, never the -0 negating a sum would give
    with np.errstate(over="ignore", invalid="ignore"):  # (TF's sum overflows to inf quietly)
        log_prob = (0 - xp.where(valid, top, 0).sum(axis=0)[:, None]).astype(inputs.dtype)
    indices, values, widest = [], [], 0
    for b in range(batch):
        prev, out = -1, []
        for t in range(int(n[b])):
            c = int(best[t, b])
            if c != blank and not (merge_repeated and c == prev):
                out.append(c)
            prev = c
        indices += [(b, i) for i in range(len(out))]
        values += out
        widest = max(widest, len(out))
    return (np.array(indices, np.int64).reshape(-1, 2), np.array(values, np.int64),
            np.array([batch, widest], np.int64), log_prob)


def _greedy_ref(inputs: np.ndarray, lengths: np.ndarray, merge_repeated: bool = False,
                blank_index: int = -1) -> tuple:
    steps, batch, classes = inputs.shape
    blank = blank_index % classes
    rows = []
    scores = np.zeros((batch, 1), inputs.dtype)
    for b in range(batch):
        path = [max(range(classes), key=lambda c: (inputs[t, b, c], -c))
                for t in range(int(lengths[b]))]
        scores[b, 0] = -sum(float(inputs[t, b, c]) for t, c in enumerate(path))
        if merge_repeated:
            path = [c for i, c in enumerate(path) if i == 0 or path[i - 1] != c]
        rows.append([c for c in path if c != blank])
    indices = np.array([(b, i) for b, r in enumerate(rows) for i in range(len(r))],
                       np.int64).reshape(-1, 2)
    values = np.array([c for r in rows for c in r], np.int64)
    return indices, values, np.array([batch, max(map(len, rows))], np.int64), scores


CTC_GREEDY = register(OpDef(
    "CTCGreedyDecoder", _greedy_infer, _greedy_kernel, reference=_greedy_ref, num_outputs=4,
    gpu=False,
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(5, 3, 4)), np.array([5, 3, 0], np.int32)),
               {"merge_repeated": True, "blank_index": -1}, grad=False),
        Sample((np.array([[[0.0, 1.0, 0.5]], [[0.0, 1.0, 0.5]], [[2.0, 0.0, 0.0]]],
                         np.float32), np.array([3], np.int32)),
               {"merge_repeated": False, "blank_index": 0}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.zeros((3, 2, 4), np.float32), np.array([4, 2], np.int32)), {},
                  FailedPreconditionError, "sequence_length(0) <= 3"),
        BadSample((np.zeros((3, 4), np.float32), np.array([3], np.int32)), {},
                  InvalidArgumentError, "inputs is not a 3-Tensor")],
))


# ---------------------------------------------------------------------------------------
# The public functions
# ---------------------------------------------------------------------------------------

def _blank_last(logits: Any, blank: int) -> Any:
    """The logits with class `blank` moved to the end, where the kernels expect it."""
    classes = logits._shape[-1]
    if blank == classes - 1:
        return logits
    return concat([logits[:, :, :blank], logits[:, :, blank + 1:],
                   logits[:, :, blank:blank + 1]], axis=2)


def _dense_to_sparse_labels(labels: Any, label_length: Any) -> tuple:
    """(indices [n, 2] int64, values [n], which rows are empty) of the first
    label_length[b] labels of row b, an empty row keeping one (TF's CTCLoss kernel takes no
    empty sequence: ctc_loss swaps in that row's loss)."""
    labels = _t(labels)
    lengths = cast(_t(label_length), dt.int32)
    columns = range_(shape(labels)[1])
    keep = columns[None, :] < maximum(lengths, 1)[:, None]
    at = where(keep)
    return at, gather_nd(labels, at), equal(lengths, 0)


@dispatch_binding
def ctc_loss(labels: Any, logits: Any, label_length: Any, logit_length: Any,
             logits_time_major: bool = True, unique: Any = None, blank_index: Any = None,
             name: str | None = None) -> Any:
    """The negative log-likelihood of each label sequence under CTC: `[batch]`.

    `labels` are dense `[batch, max_label_length]` (with `label_length`) or a SparseTensor;
    `logits` `[frames, batch, classes]` (or batch-major); `blank_index` is the blank class
    (0 by default for dense labels; required for sparse ones; negative counts from the
    end). `unique` (ctc_unique_labels' output) is accepted and, as in TF, changes nothing
    but the speed."""
    if isinstance(labels, SparseTensor):
        if blank_index is None:
            raise ValueError("Argument `blank_index` must be provided when `labels` is a "
                             "`SparseTensor`.")
        indices, values = labels.indices, labels.values
    else:
        return _dense_ctc_loss(labels, logits, label_length, logit_length,
                               0 if blank_index is None else blank_index, logits_time_major,
                               refuse_double=True)
    logits = _t(logits)
    if not logits_time_major:
        logits = transpose(logits, [1, 0, 2])
    if logits._shape is None or len(logits._shape) != 3:
        raise ValueError(f"logits must have rank 3, got shape {logits.shape}")
    raw = wrapper_inputs.passed_raw(logit_length)  # (TF's op takes it as given: a list
    # sends its wrapper down the slow path, whose errors name no name)
    logit_length = cast(_t(logit_length), dt.int32)
    classes = logits._shape[2]
    blank = AV.int_arg(blank_index, "blank_index")
    blank = blank + classes if blank < 0 else blank
    original = logits._dtype
    if original in (dt.float16, dt.bfloat16):
        logits = cast(logits, dt.float32)
    values = cast(values, dt.int32)
    values = where(values < blank, values, values - 1)  # the classes after the blank move
    logits = _blank_last(logits, blank)
    try:
        loss, _ = bind(CTC_LOSS, (logits, cast(indices, dt.int64), values, logit_length), {})
    except OpError as e:
        raise (slow_path(e) if raw else e) from None
    return cast(loss, original) if original is not logits._dtype else loss


def _dense_ctc_loss(labels: Any, logits: Any, label_length: Any, logit_length: Any,
                    blank: Any, time_major: Any = True, refuse_double: bool = False) -> Any:
    """Dense labels as TF computes them (its ctc_loss_dense, nn_ctc_dense.py): the blank
    moved first, the classes before it one up, float16 computed in float32. In TF's order:
    the four converted as given, the blank index taken as given (a string's comparison
    Python's TypeError, a float slice the indexing's), then the composite's reads of the
    logits' classes and the labels' length (a lower rank: Python's IndexError), and (as
    tf.nn.ctc_loss, `refuse_double`) its float32 one-hot's refusal of float64 logits."""
    logits, labels = _t(logits), _t(labels)
    label_length, logit_length = _t(label_length), _t(logit_length)
    original = logits._dtype
    if original in (dt.float16, dt.bfloat16):
        logits = cast(logits, dt.float32)
    if not time_major:
        logits = transpose(logits, [1, 0, 2])
    if blank != 0:
        if blank < 0:
            blank += logits._shape[2]
        logits = concat([logits[:, :, blank:blank + 1], logits[:, :, :blank],
                         logits[:, :, blank + 1:]], axis=2)
        labels = where(labels < blank, labels + 1, labels)
    for t, dim in ((logits, 2), (labels, 1)):
        if t._shape is not None:
            t._shape[dim]  # noqa: B018 - (TF's static read of the dim: its IndexError)
    if refuse_double and logits._dtype is dt.float64:
        _refuse_double()
    _refuse_batches(logits._shape, labels._shape)
    loss, _ = bind(CTC_LOSS_DENSE, (logits, cast(labels, dt.int32),
                                    cast(label_length, dt.int32),
                                    cast(logit_length, dt.int32)), {})
    return cast(loss, original) if original is not logits._dtype else loss


def _refuse_batches(lshape: Any, yshape: Any) -> None:
    """TF's composite multiplies the log-probabilities [T, B, 1, C] by the labels' one-hot
    [1, B', L, C]: batches that differ (neither 1) are its Mul's broadcasting error, eagerly
    (one of them 1 fails later in its steps, in other ops' words, which are not
    reproduced: the op's own check refuses them)."""
    if _state.graph is not None or lshape is None or yshape is None or \
            None in (lshape[1], yshape[0]) or lshape[1] == yshape[0] or \
            1 in (lshape[1], yshape[0]):
        return
    t, b, c = lshape
    e = fail("Mul", f"Incompatible shapes: [{t},{b},1,{c}] vs. [1,{yshape[0]},{yshape[1]},{c}]")
    raise decorate(e, None, (), {}, _state.device, "") from None


def _refuse_double() -> None:
    """TF's composite multiplies the float64 log-probabilities by a float32 one-hot of the
    labels: its Mul fails (eagerly the kernel lookup, traced the op's dtype check)."""
    if _state.graph is None:
        raise InvalidArgumentError(None, None, "cannot compute Mul as input #1(zero-based) "
                                               "was expected to be a double tensor but is a "
                                               "float tensor [Op:Mul] name: ")
    raise TypeError("Input 'y' of 'Mul' Op has type float32 that does not match type float64 "
                    "of argument 'x'.")


@dispatch_binding
@eager_api("inputs", "sequence_length")
def ctc_greedy_decoder(inputs: Any, sequence_length: Any, merge_repeated: bool = True,
                       blank_index: Any = None) -> tuple:
    """The most probable class at each step of `[max_time, batch, classes]` scores, repeats
    merged (if asked) and blanks (the last class by default) dropped: ([SparseTensor of
    int64 labels], [batch, 1] negated sums of the best scores)."""
    # (TF's wrapper converts the attrs, then the inputs)
    attrs = {**AV.wrapper_attrs("CTCGreedyDecoder", merge_repeated=merge_repeated),
             "blank_index": -1 if blank_index is None else AV.int_arg(blank_index,
                                                                      "blank_index")}
    out = bind(CTC_GREEDY, (wrapper_inputs.op_input("CTCGreedyDecoder", inputs),
                            wrapper_inputs.typed_input(sequence_length, dt.int32)), attrs)
    return [SparseTensor(out[0], out[1], out[2])], out[3]


def _dim(x: Any, i: int) -> Any:
    """Dimension i of x: known, else its run-time size."""
    return x._shape[i] if x._shape is not None and x._shape[i] else shape(x)[i]


@dispatch_binding
def collapse_repeated(labels: Any, seq_length: Any, name: str | None = None) -> tuple:
    """Each row's runs of equal labels (within its length) merged into one: the labels
    `[batch, new_max_length]` (zero-padded) and the new lengths. Built as TF builds it
    (masks, then the kept labels scattered into a flat batch), so that a malformed input
    fails at the step where TF's does."""
    labels = _t(labels)
    seq_length = _t(seq_length)
    changed = concat([ones(shape(labels[:, :1]), dt.bool),
                      not_equal(labels[:, 1:], labels[:, :-1])], axis=1)
    keep = logical_and(changed, sequence_mask(seq_length, maxlen=_dim(labels, 1)))
    new_length = reduce_sum(cast(keep, dt.int32), axis=1)
    new_max = reduce_max(new_length)
    slots = reshape(sequence_mask(new_length, maxlen=new_max), [-1])
    kept = boolean_mask(reshape(labels, [-1]), reshape(keep, [-1]))
    at = expand_dims(boolean_mask(range_(_dim(slots, 0)), slots), axis=1)
    flat = scatter_nd(at, kept, shape(slots))
    return (reshape(flat, [_dim(labels, 0), new_max]), cast(new_length, seq_length._dtype))


@dispatch_binding
def ctc_unique_labels(labels: Any, name: str | None = None) -> tuple:
    """Each row's distinct labels in order of first appearance, zero-padded to the row's
    length (int64), and, for each label, the position of its value among them (int32):
    [unique, idx], as TF's map of Unique over the rows gives them."""
    labels = convert_to_tensor(labels)
    if labels._shape is not None and not labels._shape:
        raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    batch = None if labels._shape is None else labels._shape[0]
    if batch == 0:
        return [zeros((0,), dt.int64), zeros((0,), dt.int32)]
    if batch is not None:  # TF's algorithm: Unique of each row (a row no vector fails there)
        ys, idxs = [], []
        for row in unstack(labels):
            y, idx = unique(row)
            ys.append(cast(pad(y, [[0, _dim(idx, 0) - _dim(y, 0)]]), dt.int64))
            idxs.append(idx)
        return [stack(ys), stack(idxs)]
    # the rows' count known only at run time: the same, for every row at once
    width = shape(labels)[1]
    same = equal(expand_dims(labels, 2), expand_dims(labels, 1))  # [batch, i, j]
    earlier = range_(width)[None, :] < range_(width)[:, None]  # j < i
    first = logical_not(reduce_any(logical_and(same, earlier[None]), axis=2))
    slot = cumsum(cast(first, dt.int32), axis=1) - 1
    idx = gather(slot, argmax(cast(same, dt.int32), axis=2, output_type=dt.int32),
                 batch_dims=1)
    placed = one_hot(slot, width, dtype=dt.int64) * cast(expand_dims(first, 2), dt.int64)
    distinct = reduce_sum(placed * cast(expand_dims(labels, 2), dt.int64), axis=1)
    return [distinct, idx]
