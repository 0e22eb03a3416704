"""TF's batching ops Batch, Unbatch and UnbatchGrad (the raw ops of TF's serving batcher).

Ops layer, loaded on first use. TF's Batch gathers the rows of concurrent callers sharing
its (container, shared_name) into one batch; eagerflow's calls each form their own batch
(no other call joins it), as a TF caller alone gets it: its rows, padded up to the next of
`allowed_batch_sizes` with copies of the first row (without TF's wait of
`batch_timeout_micros` for callers that never come). As in TF, the batcher a
(container, shared_name) names (the op's name when it is empty) is made by its first call
and keeps that call's sizes and timeout (an Unbatch's rendezvous, its timeout). The batch
index is
[[id, 0, rows]], the id a random int64; a call of no rows gets empty tensors, as TF
gives a caller whose rows another's batch took.

Unbatch and UnbatchGrad keep TF's rendezvous by batch key, per (container, shared_name;
the op's name when that is empty, as eagerly in TF): Unbatch hands each key its slice of
the batched tensor, the caller's at once, the others' to the later calls asking for them
(until `timeout_micros`), and waits that long for a key no call has brought
(DeadlineExceededError, at once when no other thread runs that could bring it).
UnbatchGrad gathers each key's gradient and returns the batch's when all of them have
come; where TF would wait for ever for the missing ones, eagerflow waits while another
thread runs (staging_ops' rule), `UNBATCH_GRAD_WAIT_S` seconds at most, then refuses.
Bad shapes that crash TF's process (a scalar batched tensor, a negative slice) are refused with an
InvalidArgumentError. None of them has a gradient (TF registers none).
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    AlreadyExistsError,
    DeadlineExceededError,
    FailedPreconditionError,
    InternalError,
    InvalidArgumentError,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.staging_ops import others_running

UNBATCH_GRAD_WAIT_S = 30.0  # (TF waits for ever for gradients no call brings)
_POLL_S = 0.05
_LOCK = threading.Condition()
_UNBATCH: dict = {}       # (container, shared_name) -> {key: (deadline, array)}
_UNBATCH_WAITING: dict = {}  # (container, shared_name) -> keys being waited for
_GRADS: dict = {}         # (container, shared_name) -> {key: array}
_BATCHERS: dict = {}      # (container, shared_name) -> the first call's batch options
_UNBATCH_TIMEOUTS: dict = {}  # (container, shared_name) -> the first call's timeout


def _resource(op: str, container: str, shared_name: str) -> tuple:
    return (container or "localhost", shared_name or op)


def _int64_text(arr: np.ndarray) -> str:
    """A tensor as TF's Tensor::DebugString shows it in these messages."""
    values = " ".join(str(v) for v in np.asarray(arr).reshape(-1)[:3])
    return f"Tensor<type: int64 shape: {C.shape_str(np.shape(arr))} values: {values}>"


# ---------------------------------------------------------------------------------------
# Batch
# ---------------------------------------------------------------------------------------

def check_allowed_batch_sizes(op: str, sizes: Any, max_batch_size: int) -> None:
    """TF's rule: strictly increasing, the last equal to max_batch_size."""
    sizes = [int(s) for s in sizes or ()]
    for i, s in enumerate(sizes):
        if i and s <= sizes[i - 1]:
            raise C.fail(op, "allowed_batch_sizes entries must be monotonically increasing")
        if i == len(sizes) - 1 and s != max_batch_size:
            raise C.fail(op, "final entry in allowed_batch_sizes must equal max_batch_size")


def check_batch_shapes(op: str, shapes: list) -> None:
    """TF's batcher's refusals of one call's inputs: scalars, unequal first dimensions."""
    listed = "".join(f" - in__tensors_{i} has shape {C.shape_str(s)}\n"
                     for i, s in enumerate(shapes))
    if any(s is not None and len(s) == 0 for s in shapes):
        raise C.fail(op, "Batching input tensors must have at least one dimension.\n"
                         "Below are the input tensors: \n" + listed)
    firsts = {s[0] for s in shapes if s is not None and s[0] is not None}
    if len(firsts) > 1:
        raise C.fail(op, "Batching input tensors supplied in a given op invocation must "
                         "have equal 0th-dimension size.\nBelow are the input tensors: \n"
                         + listed)


def _batch_infer(*xs: Any, num_batch_threads: int, max_batch_size: int,
                 batch_timeout_micros: int, grad_timeout_micros: int,
                 max_enqueued_batches: int = 10, allowed_batch_sizes: Any = (),
                 container: str = "", shared_name: str = "", batching_queue: str = "") -> list:
    op = "Batch"
    C.list_attr_at_least(op, "T", len(xs), 1)
    # (TF's kernel checks its own attrs when built; the batcher's, when first made)
    check_allowed_batch_sizes(op, allowed_batch_sizes, int(max_batch_size))
    rows = xs[0]._shape[0] if xs[0]._shape else None
    if rows == 0:  # (a task of no rows gets empty vectors)
        return [((0,), x._dtype) for x in xs] + [((0,), dt.int64), ((0,), dt.int64)]
    if rows is None:  # (its rows unknown: whether it gets a batch or empty vectors)
        return [(None, x._dtype) for x in xs] + [(None, dt.int64), (None, dt.int64)]
    outs = [((None,) + tuple(x._shape[1:]), x._dtype) for x in xs]
    return outs + [((None, 3), dt.int64), ((), dt.int64)]


def _batcher(container: str, shared_name: str, attrs: dict) -> dict:
    """The batcher (container, shared_name) names: made by its first call, whose options
    it keeps (TF's resource manager's LookupOrCreate)."""
    where = _resource("Batch", container, shared_name)
    with _LOCK:
        have = _BATCHERS.get(where)
        if have is None:
            threads = int(attrs["num_batch_threads"])
            if threads <= 0:
                raise C.fail("Batch", f"num_batch_threads must be positive; was {threads}")
            have = _BATCHERS[where] = {
                "max_batch_size": int(attrs["max_batch_size"]),
                "batch_timeout_micros": int(attrs["batch_timeout_micros"]),
                "allowed_batch_sizes": tuple(int(a) for a in
                                             attrs.get("allowed_batch_sizes") or ())}
        return have


def padded_size(rows: int, allowed: Any) -> int:
    """The batch size TF pads `rows` up to: the first allowed size holding them."""
    return next((int(s) for s in allowed or () if int(s) >= rows), rows)


def _batch_kernel(xp: Any, *xs: Any, container: str = "", shared_name: str = "",
                  **attrs: Any) -> tuple:
    batcher = _batcher(container, shared_name, attrs)
    check_batch_shapes("Batch", [np.shape(x) for x in xs])
    rows, most = int(np.shape(xs[0])[0]), batcher["max_batch_size"]
    if rows > most:
        raise C.fail("Batch", f"Task size {rows} is larger than maximum input batch size "
                              f"{most}")
    if rows == 0:  # (a task of no rows: TF gives it empty tensors)
        empty = tuple(xp.zeros((0,), dtype=x.dtype) for x in xs)
        return empty + (np.zeros((0,), np.int64), np.zeros((0,), np.int64))
    size = padded_size(rows, batcher["allowed_batch_sizes"])
    batched = tuple(xp.concatenate([x, xp.repeat(x[:1], size - rows, axis=0)])
                    if size > rows else x for x in xs)
    # an OS-drawn key (TF's random::New64), leaving the user's Python `random` stream alone
    key = np.frombuffer(os.urandom(8), np.int64)[0]
    return batched + (np.array([[key, 0, rows]], np.int64), key)


def _batch_reference(*xs: Any, allowed_batch_sizes: Any = (), **_: Any) -> tuple:
    rows = len(xs[0])
    size = padded_size(rows, allowed_batch_sizes)
    out = tuple(np.concatenate([x] + [x[:1]] * (size - rows)) for x in xs)
    return out + (np.zeros((1, 3), np.int64), np.int64(0))


_BATCH_ATTRS = dict(num_batch_threads=1, max_batch_size=4, batch_timeout_micros=0,
                    grad_timeout_micros=1000)
_X = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)

BATCH = register(OpDef(
    "Batch", _batch_infer, _batch_kernel, grad=C.no_gradient, num_outputs=-1,
    stateful=True, nondeterministic=True, gpu=False, reference=_batch_reference,
    arity=lambda ins, attrs: {"in_tensors": len(ins)},
    samples=lambda: [
        Sample((_X,), dict(_BATCH_ATTRS, allowed_batch_sizes=(3, 4), max_enqueued_batches=10,
                           container="", shared_name="sample_batch", batching_queue=""),
               grad=False),
        Sample((_X, np.array([b"a", b"b"], object)),
               dict(_BATCH_ATTRS, shared_name="sample_batch_2"), grad=False)],
    bad_samples=lambda: [
        BadSample((_X,), dict(_BATCH_ATTRS, max_batch_size=1, shared_name="bad_batch_1"),
                  InvalidArgumentError,
                  "Task size 2 is larger than maximum input batch size 1"),
        BadSample((_X,), dict(_BATCH_ATTRS, num_batch_threads=0, shared_name="bad_batch_2"),
                  InvalidArgumentError,
                  "num_batch_threads must be positive; was 0"),
        BadSample((_X,), dict(_BATCH_ATTRS, allowed_batch_sizes=(3, 5)),
                  InvalidArgumentError, "final entry in allowed_batch_sizes must equal "
                                        "max_batch_size"),
        BadSample((_X,), dict(_BATCH_ATTRS, allowed_batch_sizes=(3, 2, 4)),
                  InvalidArgumentError, "allowed_batch_sizes entries must be monotonically "
                                        "increasing"),
        BadSample((np.float32(1.0),), dict(_BATCH_ATTRS, shared_name="bad_batch_3"),
                  InvalidArgumentError,
                  "Batching input tensors must have at least one dimension."),
        BadSample((_X, np.arange(3)), dict(_BATCH_ATTRS, shared_name="bad_batch_3"),
                  InvalidArgumentError,
                  "Batching input tensors supplied in a given op invocation must have equal "
                  "0th-dimension size.")],
))


# ---------------------------------------------------------------------------------------
# Unbatch
# ---------------------------------------------------------------------------------------

def _unbatch_infer(batched: Any, index: Any, key: Any, *, timeout_micros: int,
                   container: str = "", shared_name: str = "") -> list:
    if index._dtype is not dt.int64:
        raise C.wrong_input_dtype("Unbatch", 1, dt.int64, index._dtype)
    if key._dtype is not dt.int64:
        raise C.wrong_input_dtype("Unbatch", 2, dt.int64, key._dtype)
    shape = batched._shape
    return [((None,) + tuple(shape[1:]) if shape else None, batched._dtype)]


def _split(op: str, data: np.ndarray, index: np.ndarray) -> tuple:
    """The batch keys and their consecutive slices of `data` (sized end - start)."""
    if data.ndim == 0:  # (TF's process aborts)
        raise C.fail(op, "The batched tensor must have at least one dimension; got a scalar")
    keys, sizes = index[:, 0].tolist(), (index[:, 2] - index[:, 1]).tolist()
    if any(s < 0 for s in sizes):  # (TF's process aborts)
        raise C.fail(op, f"batch_index's slices must not end before they start; got sizes "
                         f"{sizes}")
    if sum(sizes) > data.shape[0]:
        raise C.fail(op, "Sum of split sizes must not exceed dim0-size of input tensor")
    starts = np.cumsum([0] + sizes)
    return keys, [data[starts[i]:starts[i + 1]] for i in range(len(keys))]


def _unbatch_kernel(xp: Any, data: Any, index: Any, key: Any, *, timeout_micros: int,
                    container: str = "", shared_name: str = "") -> Any:
    op = "Unbatch"
    data, index = np.asarray(data), np.asarray(index)
    rows = data.shape[0] if data.ndim else 1
    if index.ndim and index.shape[0] > rows:
        raise C.fail(op, f"Wrong shape for index tensor. Expected 0th dimension size to be "
                         f"no greater than {rows}; Got: {index.shape[0]}.")
    if index.ndim != 2 or index.shape[1] != 3:
        got = index.shape[1] if index.ndim == 2 else C.shape_str(index.shape)
        raise C.fail(op, f"Wrong shape for index tensor. Expected 1st dimension size to be "
                         f"3 ; Got: {got}.")
    if np.ndim(key) != 0:
        raise C.fail(op, f"Input id should be scalar; Got: {_int64_text(key)}.")
    key = int(key)
    pieces = _split(op, data, index) if index.shape[0] else ([], [])
    where = _resource(op, container, shared_name)
    with _LOCK:
        timeout = _UNBATCH_TIMEOUTS.setdefault(where, int(timeout_micros))
        deadline = time.monotonic() + timeout / 1e6
        waiting = _UNBATCH.setdefault(where, {})
        _expire(waiting)
        if key in waiting:
            return waiting.pop(key)[1]
        keys_waited = _UNBATCH_WAITING.setdefault(where, set())
        if key in keys_waited:
            raise AlreadyExistsError(None, None, "Multiple session runs with the same batch "
                                                 "key. [Op:Unbatch]")
        mine = None
        for k, piece in zip(*pieces):
            if k == key:
                mine = piece
            elif k in waiting:
                raise AlreadyExistsError(None, None, "Multiple tensors returned for same "
                                                     "batch key. [Op:Unbatch]")
            else:
                waiting[k] = (deadline, piece)
        if mine is not None:
            _LOCK.notify_all()
            return mine
        _LOCK.notify_all()
        keys_waited.add(key)
        try:
            since = time.monotonic()
            while key not in waiting:
                left = deadline - time.monotonic()
                if left <= 0 or not others_running(since):
                    # (with no one to wait for, what TF's wait ends in, at once: what
                    # expires by then has gone too)
                    for k in [k for k, (d, _) in waiting.items() if d <= deadline]:
                        del waiting[k]
                    raise DeadlineExceededError(None, None, "Batched data did not arrive "
                                                            "within timeout window. "
                                                            "[Op:Unbatch]")
                _LOCK.wait(min(left, _POLL_S))
            return waiting.pop(key)[1]
        finally:
            keys_waited.discard(key)


def _expire(waiting: dict) -> None:
    now = time.monotonic()
    for k in [k for k, (deadline, _) in waiting.items() if deadline < now]:
        del waiting[k]


def _unbatch_reference(data: Any, index: Any, key: Any, **_: Any) -> np.ndarray:
    keys, pieces = _split("Unbatch", np.asarray(data), np.asarray(index))
    return pieces[keys.index(int(key))]


UNBATCH = register(OpDef(
    "Unbatch", _unbatch_infer, _unbatch_kernel, grad=C.no_gradient, stateful=True,
    gpu=False, reference=_unbatch_reference, host_inputs=(1, 2),
    samples=lambda: [
        Sample((_X, np.array([[11, 0, 2]], np.int64), np.int64(11)),
               {"timeout_micros": 1000, "shared_name": "sample_unbatch", "container": ""},
               grad=False),
        Sample((_X, np.array([[12, 0, 1]], np.int64), np.int64(12)),
               {"timeout_micros": 1000, "shared_name": "sample_unbatch"}, grad=False)],
    bad_samples=lambda: [
        BadSample((_X, np.array([[5, 0, 1], [6, 1, 2], [8, 0, 0]], np.int64), np.int64(5)),
                  {"timeout_micros": 1000}, InvalidArgumentError,
                  "Wrong shape for index tensor. Expected 0th dimension size to be no greater "
                  "than 2; Got: 3."),
        BadSample((_X, np.array([[5, 0, 1]], np.int64), np.array([5], np.int64)),
                  {"timeout_micros": 1000}, InvalidArgumentError,
                  "Input id should be scalar; Got: Tensor<type: int64 shape: [1] values: 5>."),
        BadSample((_X, np.array([[5, 0, 3]], np.int64), np.int64(5)),
                  {"timeout_micros": 1000}, InvalidArgumentError,
                  "Sum of split sizes must not exceed dim0-size of input tensor"),
        BadSample((_X, np.array([[5, 0, 1]], np.int64), np.int64(6)),
                  {"timeout_micros": 1000, "shared_name": "sample_unbatch_late"},
                  DeadlineExceededError, "Batched data did not arrive within timeout window.")],
))


# ---------------------------------------------------------------------------------------
# UnbatchGrad
# ---------------------------------------------------------------------------------------

def _grad_infer(original: Any, index: Any, grad: Any, key: Any, *, container: str = "",
                shared_name: str = "") -> list:
    if index._dtype is not dt.int64:
        raise C.wrong_input_dtype("UnbatchGrad", 1, dt.int64, index._dtype)
    if grad._dtype is not original._dtype:
        raise C.wrong_input_dtype("UnbatchGrad", 2, original._dtype, grad._dtype)
    if key._dtype is not dt.int64:
        raise C.wrong_input_dtype("UnbatchGrad", 3, dt.int64, key._dtype)
    shape = grad._shape
    return [((None,) + tuple(shape[1:]) if shape else None, grad._dtype)]


def _grad_kernel(xp: Any, original: Any, index: Any, grad: Any, key: Any, *,
                 container: str = "", shared_name: str = "") -> Any:
    op = "UnbatchGrad"
    original, index = np.asarray(original), np.asarray(index)
    if np.ndim(key) != 0:
        raise C.fail(op, f"Expected `id` to be scalar. Received {_int64_text(key)}")
    grad = np.asarray(grad)
    if grad.ndim == 0:  # (TF's process aborts)
        raise C.fail(op, "grad must have at least one dimension; got a scalar")
    key = int(key)
    where = _resource(op, container, shared_name)
    with _LOCK:
        available = _GRADS.setdefault(where, {})
        if key in available:
            raise C.fail(op, "Two runs with the same batch key.")
        if original.size == 0:
            available[key] = grad
            _LOCK.notify_all()
            return np.zeros((0,) + grad.shape[1:], grad.dtype)
        if index.size == 0:
            raise C.fail(op, "batch_index is empty while the tensor isn't.")
        rows = index.shape[0] if index.ndim else 0
        if index.size != rows * 3:
            raise C.fail(op, f"batch_index should contain {rows * 3} elements. Received "
                             f"{index.size}")
        keys = index.reshape(rows, 3)[:, 0].tolist()
        available[key] = grad
        _LOCK.notify_all()
        since = time.monotonic()
        while any(k not in available for k in keys):
            if time.monotonic() - since > UNBATCH_GRAD_WAIT_S or not others_running(since):
                missing = sorted(k for k in keys if k not in available)
                del available[key]
                raise FailedPreconditionError(
                    None, None, f"the gradients of batch keys {missing} have not come: TF's "
                                "kernel waits here for another thread's, and none came, so "
                                f"it would wait forever [Op:{op}]")
            _LOCK.wait(_POLL_S)
        # (the result's rows are the batch's gradients, which may be other calls': each
        # must have this call's row shape, the one TF's shape function gives the result)
        if any(available[k].shape[1:] != grad.shape[1:] for k in keys):
            raise InternalError(None, None, f"the gradients of one batch differ in shape "
                                            f"[Op:{op}]")
        return np.concatenate([available.pop(k) for k in keys])


def _grad_reference(original: Any, index: Any, grad: Any, key: Any, **_: Any) -> np.ndarray:
    if np.size(original) == 0:
        return np.zeros((0,) + np.shape(grad)[1:], np.asarray(grad).dtype)
    return np.asarray(grad)


UNBATCH_GRAD = register(OpDef(
    "UnbatchGrad", _grad_infer, _grad_kernel, grad=C.no_gradient, stateful=True, gpu=False,
    reference=_grad_reference, host_inputs=(1, 3),
    samples=lambda: [
        Sample((_X, np.array([[21, 0, 2]], np.int64), _X * 2, np.int64(21)),
               {"shared_name": "sample_unbatch_grad", "container": ""}, grad=False)],
    # (a call of no original input leaves its gradient for a later batch: it can't run
    # twice, so test_batch_ops.py has it)
    bad_samples=lambda: [
        BadSample((_X, np.zeros((0, 3), np.int64), _X, np.int64(4)),
                  {"shared_name": "bad_unbatch_grad"}, InvalidArgumentError,
                  "batch_index is empty while the tensor isn't."),
        BadSample((_X, np.array([[4, 0, 1]], np.int64), _X, np.array([4], np.int64)), {},
                  InvalidArgumentError, "Expected `id` to be scalar. Received Tensor<type: "
                                        "int64 shape: [1] values: 4>"),
        BadSample((_X, np.array([4, 0, 1], np.int64), _X, np.int64(4)),
                  {"shared_name": "bad_unbatch_grad_2"}, InvalidArgumentError,
                  "batch_index should contain 9 elements. Received 3"),
        BadSample((_X, np.array([[4, 0, 1]], np.int64), np.int32([[1, 2]]), np.int64(4)), {},
                  InvalidArgumentError, "cannot compute UnbatchGrad as input #2(zero-based) "
                                        "was expected to be a float tensor but is a int32 "
                                        "tensor")],
))
