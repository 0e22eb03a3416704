"""tf.nn.ctc_loss with dense labels, as TF 2.21 computes it: TF sends dense labels not to
its CTCLoss kernel but to a composite of its own (ctc_loss_dense), whose numbers differ
from the kernel's where no path yields the labels: there TF's loss is large and finite
(about 707) and its gradient finite, where the kernel's loss is inf.

Sits in the ops layer before nn_ctc.py (whose ctc_loss calls it for dense labels), and
loads with it (op_index.py). One OpDef, _CTCLossDense (TF has no op for it: its composite
carries a custom gradient), which returns the loss and its gradient with respect to the logits as
CTCLoss does. The kernel follows that composite's formulation: the blank is class 0; a
sequence of L labels has 2(L + 1) states (a start state and L label states, then L + 1
blank states, blank k following label state k); the forward and backward passes run in
log space over a 0/1 transition matrix, each step's state vector renormalized to sum to
one (the backward pass keeps the logs of the normalizers: their sum is the likelihood);
and states that cannot start or end a path get log(1e-307) in float32, not -inf. That
stand-in for log 0 is what makes an impossible labelling finite. A SavedModel function
writes the op as TF writes its composite (saved_model/composite_export.py: while loops of
primitive ops, the loss under a custom gradient), which computes what this kernel does.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.nn import _log_softmax_kernel
from eagerflow._src.ops.nn_args import fail
from eagerflow._src.ops.nn_loss import _is_zero
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(89)
_FLOATS = frozenset((dt.float32, dt.float64))
_OP = "_CTCLossDense"
# TF's stand-in for log 0 at the start and end states: log(1e-307) computed in float64,
# then cast to float32
LOG_0 = float(np.float32(np.log(1e-307)))


_RANK_WORDS = {1: "a vector", 2: "a matrix", 3: "a 3-Tensor"}  # (CTCLoss's kernel's words)


def _check_rank(x: Any, rank: int, what: str) -> None:
    if x._shape is not None and len(x._shape) != rank:
        raise fail(_OP, f"{what} is not {_RANK_WORDS[rank]}")


def _infer(logits: Any, labels: Any, label_length: Any, logit_length: Any) -> list:
    C.check_dtype(_OP, logits, _FLOATS)
    for x, i in ((labels, 1), (label_length, 2), (logit_length, 3)):
        if x._dtype is not dt.int32:
            raise C.wrong_input_dtype(_OP, i, dt.int32, x._dtype)
    _check_rank(logits, 3, "inputs")
    _check_rank(labels, 2, "labels")
    _check_rank(label_length, 1, "label_length")
    _check_rank(logit_length, 1, "logit_length")
    batch = None if logits._shape is None else logits._shape[1]
    for x, what in ((labels, "labels"), (label_length, "label_length"),
                    (logit_length, "logit_length")):  # (the kernel indexes rows by them;
        # TF's composite broadcasts one logit length over the batch)
        ok = (None, batch, 1) if what == "logit_length" else (None, batch)
        if batch is not None and x._shape is not None and x._shape[0] not in ok:
            raise fail(_OP, f"len({what}) != batch_size.  len({what}): {x._shape[0]} "
                            f"batch_size: {batch}")
    return [((batch,), logits._dtype), (logits._shape, logits._dtype)]


def _logsumexp(xp: Any, x: Any, axis: int, keepdims: bool = False) -> Any:
    """tf.reduce_logsumexp: the largest value taken out first (0 where it is not finite,
    so that all -inf gives -inf)."""
    if x.shape[axis] == 0:  # (an empty sum: -inf, as TF's)
        shape = list(x.shape)
        shape[axis] = 1
        out = xp.full(shape, -np.inf, x.dtype)
        return out if keepdims else out.squeeze(axis)
    top = x.max(axis=axis, keepdims=True)
    top = xp.where(xp.isfinite(top), top, xp.zeros_like(top))
    out = xp.log(xp.exp(x - top).sum(axis=axis, keepdims=True)) + top
    return out if keepdims else out.squeeze(axis)


def _one_hot(xp: Any, idx: Any, depth: int, on: float, off: float, dtype: Any) -> Any:
    """tf.one_hot along a new last axis: an index outside [0, depth) is all `off`."""
    hit = idx[..., None] == xp.arange(depth)[None, :]
    return xp.where(hit, xp.asarray(on, dtype), xp.asarray(off, dtype))


def _state_log_probs(xp: Any, logp: Any, labels: Any) -> Any:
    """[time, batch, states]: the start state cannot emit (-inf), label state k emits label
    k - 1, each blank state the blank. (TF sums log p times a one-hot of the label: a label
    outside the classes emits with log-probability 0.)"""
    steps, batch, classes = logp.shape
    onehot = _one_hot(xp, labels, classes, 1.0, 0.0, logp.dtype)  # [batch, L, classes]
    with np.errstate(invalid="ignore"):  # (-inf times 0 is NaN, as in TF's sum)
        label = (logp[:, :, None, :] * onehot[None]).sum(axis=3)
    blank = xp.repeat(logp[:, :, :1], labels.shape[1] + 1, axis=2)
    start = xp.full((steps, batch, 1), -np.inf, logp.dtype)
    return xp.concatenate([start, label, blank], axis=2)


def _transitions(xp: Any, labels: Any, dtype: Any) -> Any:
    """[batch, to, from] log transition weights (0 allowed, -inf not): each state to
    itself, the start to label 1 and to blank 0, label k to blank k, blank k to label
    k + 1, and label k to label k + 1 where the two labels differ."""
    batch, width = labels.shape
    n = width + 1
    base = np.eye(2 * n)
    # (added, as TF's scatter_nd adds: with no labels, start -> blank 0 is there twice)
    np.add.at(base, ([1] + list(range(1, n)) + list(range(n, 2 * n)),
                     [0] + list(range(n, n + width)) + list(range(n))), 1.0)
    trans = xp.repeat(xp.asarray(base, dtype)[None], batch, axis=0)
    k = np.arange(1, width)
    trans[:, k + 1, k] += 1.0 - (labels[:, :-1] == labels[:, 1:]).astype(dtype)
    return xp.log(trans)


def _end_states(xp: Any, label_length: Any, width: int, dtype: Any) -> tuple:
    """Initial and final [batch, states] log weights: the start state, and label state
    and blank state `label_length`, weigh 0; every other state log(1e-307)."""
    batch = label_length.shape[0]
    states = 2 * (width + 1)
    initial = xp.full((batch, states), LOG_0, dtype)
    initial[:, 0] = 0
    final_label = _one_hot(xp, label_length, width + 1, 1.0, 0.0, dtype)  # [batch, n]
    final = (1.0 - xp.concatenate([final_label, final_label], axis=1)) * LOG_0
    return initial, final.astype(dtype)


def _forward(xp: Any, obs: Any, trans: Any, initial: Any) -> Any:
    fwd = [initial]
    for t in range(obs.shape[0]):
        s = _logsumexp(xp, fwd[-1][:, None, :] + trans, axis=-1) + obs[t]
        fwd.append(s - _logsumexp(xp, s, axis=-1, keepdims=True))
    return xp.stack(fwd)


def _backward(xp: Any, obs: Any, trans: Any, final: Any, mask: Any) -> tuple:
    """The backward messages (a step past a sequence's end restarts from `final`) and
    the sum of the normalizers' logs over the sequence's steps."""
    back = xp.transpose(trans, (0, 2, 1))
    bwd = [final]
    total = xp.zeros(final.shape[0], final.dtype)
    for t in range(obs.shape[0] - 1, -1, -1):
        s = bwd[0] + obs[t]
        s = _logsumexp(xp, s[:, None, :] + back, axis=-1)
        norm = _logsumexp(xp, s, axis=-1, keepdims=True)
        s = s - norm
        m = mask[t][:, None]
        total = total + norm[:, 0] * mask[t]
        with np.errstate(invalid="ignore"):
            bwd.insert(0, s * m + final * (1.0 - m))
    return xp.stack(bwd), total


def _label_posteriors(xp: Any, post: Any, labels: Any, classes: int) -> Any:
    """[time, batch, classes] log posteriors of the classes from the states': the blank's
    over the blank states, each label's over the label states that emit it."""
    width = labels.shape[1]
    label_states = post[:, :, 1:width + 1]
    blank_states = post[:, :, width + 1:]
    onehot = _one_hot(xp, labels - 1, classes - 1, 0.0, -np.inf, post.dtype)
    per_label = _logsumexp(xp, label_states[..., None] + onehot[None], axis=2)
    blank = _logsumexp(xp, blank_states, axis=2, keepdims=True)
    return xp.concatenate([blank, per_label], axis=-1)


def _no_classes(steps: int, batch: int, width: int) -> None:
    """Logits of no classes: TF's composite has no blank to take, so its blank states are
    none: its first forward step adds the [batch, 2(width + 1)] sums to [batch, width + 1]
    observations (AddV2's refusal, where there is a label column and a step), else the
    gradient's one-hot of the labels has depth classes - 1 (OneHot's)."""
    if width and steps:
        raise C.fail("AddV2", f"Incompatible shapes: [{batch},{2 * (width + 1)}] vs. "
                              f"[{batch},{width + 1}]")
    raise C.fail("OneHot", "depth must be non-negative, got: -1")


def _kernel(xp: Any, logits: Any, labels: Any, label_length: Any, logit_length: Any) -> tuple:
    steps, batch, classes = logits.shape
    if labels.shape[0] != batch:
        raise fail(_OP, f"labels batch {labels.shape[0]} != logits batch {batch}")
    if classes == 0:
        _no_classes(steps, batch, labels.shape[1])
    dtype = logits.dtype
    logp = _log_softmax_kernel(xp, logits)
    obs = _state_log_probs(xp, logp, labels)
    trans = _transitions(xp, labels, dtype)
    initial, final = _end_states(xp, label_length, labels.shape[1], dtype)
    mask = (xp.arange(steps)[:, None] < logit_length[None, :]).astype(dtype)  # [time, batch]
    with np.errstate(all="ignore"):
        fwd = _forward(xp, obs, trans, initial)
        bwd, total = _backward(xp, obs, trans, final, mask)
        post = fwd[1:] + bwd[1:]
        post = post - _logsumexp(xp, post, axis=2, keepdims=True) + xp.log(mask)[:, :, None]
        grad = xp.exp(logp) - xp.exp(_label_posteriors(xp, post, labels, classes))
        grad = grad * mask[:, :, None]
    loss = -(bwd[0][:, 0] + total)
    return loss.astype(dtype), grad.astype(dtype)


def ctc_by_enumeration(logits: np.ndarray, rows: list, lengths: list, blank: int,
                       merge: bool = True) -> tuple:
    """The CTC loss and gradient with every alignment enumerated (a reference for both CTC
    ops): the loss is -log of the total probability of the paths that collapse to each
    batch entry's labels `rows[b]` (repeats merged where `merge`, then blanks dropped),
    the gradient softmax minus each class's share of them."""
    loss = np.zeros(logits.shape[1])
    grad = np.zeros(logits.shape)
    for b, n in enumerate(lengths):
        x = logits[:n, b].astype(np.float64)
        p = np.exp(x - x.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        total, share = 0.0, np.zeros(x.shape)
        for path in itertools.product(range(x.shape[1]), repeat=n):
            collapsed = [c for i, c in enumerate(path)
                         if c != blank and (not merge or i == 0 or path[i - 1] != c)]
            if collapsed == rows[b]:
                weight = np.prod([p[t, c] for t, c in enumerate(path)])
                total += weight
                for t, c in enumerate(path):
                    share[t, c] += weight
        loss[b] = -np.log(total)
        grad[:n, b] = p - share / total
    return loss.astype(logits.dtype), grad.astype(logits.dtype)


def _reference(logits: np.ndarray, labels: np.ndarray, label_length: np.ndarray,
               logit_length: np.ndarray) -> tuple:
    """Blank class 0; the same numbers as TF's wherever some path yields the labels."""
    rows = [labels[b, :k].tolist() for b, k in enumerate(label_length.tolist())]
    return ctc_by_enumeration(logits, rows, logit_length.tolist(), blank=0)


def _samples() -> list:
    logits = _rng.uniform(-2, 2, size=(4, 3, 3))
    labels = np.array([[1, 2, 2], [2, 2, 0], [1, 0, 0]], np.int32)
    # (the generic gradient check weighs both outputs, and the gradient output has none:
    # tests/ops/test_nn_ctc.py checks the loss's gradient against differences)
    return [Sample((logits, labels, np.array([2, 2, 1], np.int32),
                    np.array([4, 4, 3], np.int32)), grad=False),
            Sample((logits.astype(np.float32), labels, np.array([1, 1, 1], np.int32),
                    np.array([3, 2, 1], np.int32)), grad=False, rtol=2e-5)]


def _grad(n: Any, g_loss: Any, g_grad: Any) -> list:
    """The loss's gradient: the one the op returned, scaled. A gradient reaching the
    gradient result (a second derivative) makes every value NaN, as TF's does: TF
    differentiates its composite's passes there, through the logs of its zero
    transitions."""
    unused = g_grad is None or _is_zero(g_grad) or getattr(
        getattr(g_grad, "op", None), "type", None) == "ZerosLike"  # (traced: a tape's filler)
    out = reshape(g_loss, [1, -1, 1]) * n.outputs[1]
    return [out if unused else out + g_grad * float("nan"), None, None, None]


CTC_LOSS_DENSE = register(OpDef(
    _OP, _infer, _kernel, grad=_grad, reference=_reference, num_outputs=2, gpu=False,
    samples=_samples,
    bad_samples=lambda: [
        BadSample((np.zeros((2, 1, 3), np.int32), np.zeros((1, 2), np.int32),
                   np.array([2], np.int32), np.array([2], np.int32)), {},
                  InvalidArgumentError, "Value for attr 'T' of int32"),
        BadSample((np.zeros((2, 3), np.float32), np.zeros((1, 2), np.int32),
                   np.array([2], np.int32), np.array([2], np.int32)), {},
                  InvalidArgumentError, "inputs is not a 3-Tensor")],
))
