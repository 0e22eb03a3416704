"""Ops about running rather than computing: tf.timestamp, tf.guarantee_const,
tf.check_pinned, BatchFunction (tf.nondifferentiable_batch_function's), tf.parallel_stack
(graph-only in TF, its ParallelConcat op).

Ops layer, loaded on first use. Timestamp reads the clock: it is stateful (never folded,
merged or pruned by graph passes) and `nondeterministic` (the generic suites check its
shape and dtype; tests/ops/test_runtime_ops.py its values), and refuses to run under op
determinism, as TF's does. GuaranteeConst passes its input through, and, as in TF, has no
gradient registered. parallel_stack is TF's ExpandDims of each value and a ParallelConcat
of them inside a traced function, where ParallelConcat needs the result's shape known;
tf.raw_ops.ParallelConcat runs eagerly too, as TF's does.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    OpError,
    op_error,
    shape_str,
)
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, slow_path
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.reshaping import expand_dims
from eagerflow._src.ops.stacking import common_args

# ---------------------------------------------------------------------------------------
# Timestamp: seconds since the epoch, as a float64 scalar.
# ---------------------------------------------------------------------------------------

def _timestamp_kernel(xp: Any) -> Any:
    if op_determinism_enabled():  # (TF's guard: a clock read is the usual unseeded seed)
        raise op_error(FailedPreconditionError, "Timestamp",
                       "Timestamp cannot be called when determinism is enabled")
    return np.float64(time.time())


TIMESTAMP = register(OpDef(
    "Timestamp", lambda: [((), dt.float64)], _timestamp_kernel,
    reference=lambda: np.float64(time.time()), stateful=True, nondeterministic=True,
    gpu=False, samples=lambda: [Sample((), grad=False)],
))


def timestamp(name: str | None = None) -> Any:
    """Seconds since the Unix epoch (float64), read when the op runs."""
    try:
        return bind(TIMESTAMP, (), {}, name)
    except OpError as e:  # (TF's wrapper names no name in its error: its slow path's)
        raise slow_path(e) from None


# ---------------------------------------------------------------------------------------
# GuaranteeConst.
# ---------------------------------------------------------------------------------------



GUARANTEE_CONST = register(OpDef(
    "GuaranteeConst", lambda x: [(x._shape, x._dtype)], lambda xp, x: x,
    grad=C.no_gradient, reference=lambda x: x,
    samples=lambda: [Sample((np.array([1.5, -2.0], np.float32),), grad=False),
                     Sample((np.array([[b"a"]], dtype=object),), grad=False)],
))

# ---------------------------------------------------------------------------------------
# CheckPinned (tf.check_pinned): whether a tensor lies in host memory pinned for a GPU.
# TF 2.21 built without CUDA refuses it with FailedPreconditionError when it runs; eagerflow
# never allocates pinned host memory (its host arrays are NumPy's), so it has no pinnedness
# to check either and gives that same refusal on every machine.
# ---------------------------------------------------------------------------------------

def _check_pinned_kernel(xp: Any, x: Any) -> Any:
    raise FailedPreconditionError(None, None, "to check pinnedness, must be built with "
                                              "`--config=cuda` [Op:CheckPinned]")


CHECK_PINNED = register(OpDef(
    "CheckPinned", lambda x: [(x._shape, x._dtype)], _check_pinned_kernel,
    grad=C.no_gradient, stateful=True,  # (never run at trace time by a fold)
    bad_samples=lambda: [BadSample((np.array([1.0, 2.0], np.float32),), {},
                                   FailedPreconditionError, "to check pinnedness"),
                         BadSample((np.array([b"a"], dtype=object),), {},
                                   FailedPreconditionError, "to check pinnedness")],
))


@eager_api("tensor")  # (a list: TF's wrapper's slow path)
def check_pinned(tensor: Any, name: str | None = None) -> Any:
    """tf.check_pinned: refused when it runs (FailedPreconditionError), as TF 2.21 built
    without CUDA refuses it: eagerflow keeps no tensor in pinned host memory."""
    return bind(CHECK_PINNED, (convert_to_tensor(tensor),), {}, name)


# ---------------------------------------------------------------------------------------
# BatchFunction: what tf.nondifferentiable_batch_function's calls run through. TF's op
# queues each call's inputs for a shared batch and runs the function once per batch; here
# each call has already run the function on its own inputs (function/batching.py), and
# this op checks the inputs as TF's batcher does and passes the outputs on: its inputs
# are the call's arguments, then the outputs. As in TF, it has no gradient registered.
# ---------------------------------------------------------------------------------------

def check_batch_inputs(args: tuple, max_batch_size: int) -> None:
    """TF's batcher's refusals of one call's inputs (scalars, a batch above the most)."""
    if any(a._shape is not None and len(a._shape) == 0 for a in args):
        listed = "".join(f" - in__tensors_{i} has shape {shape_str(a._shape)}\n"
                         for i, a in enumerate(args))
        raise C.fail("BatchFunction", "Batching input tensors must have at least one "
                                      "dimension.\nBelow are the input tensors: \n" + listed)
    size = args[0]._shape[0] if args and args[0]._shape else None
    if size is not None and size > max_batch_size:
        raise C.fail("BatchFunction", f"Task size {size} is larger than maximum input batch "
                                      f"size {max_batch_size}")


def _batch_infer(*xs: Any, n_args: int, max_batch_size: int, **_: Any) -> list:
    check_batch_inputs(xs[:n_args], max_batch_size)
    return [(y._shape, y._dtype) for y in xs[n_args:]]


def _batch_kernel(xp: Any, *xs: Any, n_args: int, **_: Any) -> tuple:
    return tuple(xs[n_args:])


def _batch_samples() -> list:
    attrs = dict(n_args=1, num_batch_threads=1, max_batch_size=4, batch_timeout_micros=10,
                 allowed_batch_sizes=(), max_enqueued_batches=10,
                 enable_large_batch_splitting=True)
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    return [Sample((x, x @ x), attrs, grad=False)]


BATCH_FUNCTION = register(OpDef(
    "BatchFunction", _batch_infer, _batch_kernel, grad=C.no_gradient,
    reference=lambda *xs, n_args, **_: tuple(xs[n_args:]), num_outputs=-1,
    samples=_batch_samples, stateful=True,  # (the call it stands for ran; never pruned)
    bad_samples=lambda: [
        BadSample((np.float64(3.0), np.float64(3.0)), _batch_samples()[0].attrs,
                  InvalidArgumentError, "Batching input tensors must have at least one"),
        BadSample((np.ones((5, 2)), np.ones((5, 2))), _batch_samples()[0].attrs,
                  InvalidArgumentError, "Task size 5 is larger than maximum input batch size 4")],
))


def guarantee_const(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """`input`, promised constant (TF's hint for its graph runtime; deprecated there)."""
    tf_logging.deprecated_call("guarantee_const", "tensorflow.python.ops.array_ops",
                               "Not for public use.")
    return bind(GUARANTEE_CONST, (convert_to_tensor(input),), {}, name)


# ---------------------------------------------------------------------------------------
# ParallelConcat and parallel_stack.
# ---------------------------------------------------------------------------------------

def _concat_target(shape: Any) -> tuple:
    """The `shape` attr, checked as TF's kernel checks it before it allocates the output."""
    op = "ParallelConcat"
    if shape is None:  # (an unknown rank: TF's kernel reads it as a scalar's shape)
        raise C.fail(op, "value should be at least rank 1.")
    dims = tuple(None if d is None or d == -1 else int(d) for d in shape)
    if None in dims:
        raise C.fail(op, f"Shape {C.shape_str(dims)} is not fully defined")
    if not dims:
        raise C.fail(op, "value should be at least rank 1.")
    return dims


def _parallel_concat_infer(*values: Any, shape: Any) -> list:
    op = "ParallelConcat"
    C.attr_at_least(op, "N", len(values), 1)
    d = values[0]._dtype
    for i, v in enumerate(values[1:], 1):
        if v._dtype is not d:
            raise C.wrong_input_dtype(op, i, d, v._dtype)
    out = _concat_target(shape)
    C.check_size(op, out, d)
    _check_rows(out, [v._shape for v in values])
    return [(out, d)]


def _check_rows(out: tuple, shapes: list) -> None:
    """Each value is written at its row, checked there as TF's kernel checks it."""
    op = "ParallelConcat"
    for loc, have in enumerate(shapes):
        if out[0] <= loc:
            raise C.fail(op, f"0th dimension of value = {out[0]} must be greater than loc_ = "
                             f"{loc}")
        if have is None:
            continue
        if len(have) != len(out):
            raise C.fail(op, f"value and update shape doesn't match: {C.shape_str(out)} vs. "
                             f"{C.shape_str(have)}")
        if any(h is not None and h != o for h, o in zip(have[1:], out[1:])):
            raise C.fail(op, f"value and update shape doesn't match {C.shape_str(out)} vs. "
                             f"{C.shape_str(have)}")
        if have[0] not in (None, 1):
            raise C.fail(op, f"update shape doesn't match: {C.shape_str(have)}")


def _parallel_concat_kernel(xp: Any, *values: Any, shape: Any) -> Any:
    # (rows no value fills are uninitialized memory in TF: zeros, or empty strings, here)
    target = _concat_target(shape)
    _check_rows(target, [v.shape for v in values])  # (a graph's values, as they come)
    out = xp.zeros(target, values[0].dtype)
    if out.dtype == object:
        out[...] = b""
    for loc, v in enumerate(values):
        out[loc] = v[0]
    return out


PARALLEL_CONCAT = register(OpDef(
    "ParallelConcat", _parallel_concat_infer, _parallel_concat_kernel, grad=C.no_gradient,
    reference=lambda *values, shape: np.concatenate(values, axis=0),
    arity=lambda ins, attrs: {"N": len(ins)},
    samples=lambda: [
        Sample((np.ones((1, 2), np.float32), np.arange(2, dtype=np.float32)[None]),
               {"shape": (2, 2)}, grad=False),
        Sample((np.array([[b"a"]], object), np.array([[b"bc"]], object)), {"shape": (2, 1)},
               grad=False),
        Sample((np.arange(3)[None],), {"shape": (1, 3)}, grad=False),
        Sample((np.zeros((1, 0), np.float64),) * 3, {"shape": (3, 0)}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 2), np.float32),) * 2, {"shape": (None, 2)},
                  InvalidArgumentError, "Shape [?,2] is not fully defined"),
        BadSample((np.ones((1, 2), np.float32),) * 2, {"shape": (1, 2)},
                  InvalidArgumentError,
                  "0th dimension of value = 1 must be greater than loc_ = 1"),
        BadSample((np.ones((1, 2), np.float32),), {"shape": (1, 2, 1)}, InvalidArgumentError,
                  "value and update shape doesn't match: [1,2,1] vs. [1,2]"),
        BadSample((np.ones((1, 3), np.float32),), {"shape": (2, 2)}, InvalidArgumentError,
                  "value and update shape doesn't match [2,2] vs. [1,3]"),
        BadSample((np.ones((2, 2), np.float32),), {"shape": (2, 2)}, InvalidArgumentError,
                  "update shape doesn't match: [2,2]"),
        BadSample((np.float32(1),), {"shape": None}, InvalidArgumentError,
                  "value should be at least rank 1."),
        BadSample((np.ones((1, 2), np.float32), np.ones((1, 2), np.int32)), {"shape": (2, 2)},
                  InvalidArgumentError, "expected to be a float tensor but is a int32 tensor")],
    gpu=False,
))


@dispatch_binding
def parallel_stack(values: Any, name: str = "parallel_stack") -> Any:
    """`tf.stack(values)` inside a traced function, as TF's graph writes it: each value's
    ExpandDims, then a ParallelConcat of them (whose `shape` attr needs each value's shape
    known); TF refuses it eagerly."""
    if executing_eagerly():
        raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")
    xs = common_args(values, "ParallelConcat")
    if not xs:
        raise ValueError("parallel_stack needs at least one value")
    dtypes = {x.dtype for x in xs}
    if len(dtypes) > 1:
        names = ", ".join(x.dtype.name for x in xs)
        raise TypeError(f"Tensors in list passed to 'values' of 'ParallelConcat' Op have types "
                        f"[{names}] that don't all match.")
    first = xs[0].shape
    for x in xs[1:]:
        if not first.is_compatible_with(x.shape):
            raise ValueError(f"Shapes must be equal: {first} and {x.shape} "
                             f"(values of parallel_stack)")
    shape = first
    for x in xs[1:]:
        shape = shape.merge_with(x.shape)
    if not shape.is_fully_defined():
        raise ValueError(f"shape attr must be fully defined: the values of parallel_stack "
                         f"have shape {shape}")
    with name_scope(name):
        rows = [expand_dims(x, 0) for x in xs]
        return bind(PARALLEL_CONCAT, rows, {"shape": (len(xs), *shape.as_list())})



# ---------------------------------------------------------------------------------------
# Fact: TF's test op, a string scalar (TF 2.21's CPU kernel gives this one every call).
# ---------------------------------------------------------------------------------------

_FACT = b"0! == 1"


def _fact_kernel(xp: Any) -> Any:
    out = np.empty((), dtype=object)
    out[()] = _FACT
    return out


FACT = register(OpDef(
    "Fact", lambda: [((), dt.string)], _fact_kernel, grad=C.no_gradient,
    reference=lambda: np.array(_FACT, dtype=object), samples=lambda: [Sample((), grad=False)],
    gpu=False,
))
