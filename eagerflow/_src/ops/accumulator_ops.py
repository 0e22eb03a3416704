"""tf.compat.v1.ConditionalAccumulator: gradients summed (or averaged) until enough have
come, as TF's ResourceConditionalAccumulator and ResourceAccumulator* ops keep them.

Ops layer, loaded on first use, after reader_ops. An accumulator's state (its dtype and
shape, global step, the running total and its count) lives in an `AccumulatorState`, kept
as queue_state.py keeps a queue's: the ops take it as their `accumulator` attr, and TF's
form of them, on a resource handle ("tensorflow::ConditionalAccumulatorBase"), is each op's
load (tf.raw_ops, imported graphs). TF's rules: a gradient whose local step is behind the
global step is dropped; a take waits until `num_required` gradients have come, returns
their mean (reduction_type "MEAN") or sum, empties the accumulator and advances the
global step. TF 2.21 has CPU kernels for float16, float32 and float64 only.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import NotFoundError, OpError
from eagerflow._src.core.resource import RESOURCES, cpu_handle
from eagerflow._src.core.shape import TensorShape, dims_text
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import queue_handles as H
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.queue_state import session_store
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.table_handles import resource_name

KIND = "tensorflow::ConditionalAccumulatorBase"
_KERNEL_DTYPES = (dt.float64, dt.float32, dt.float16)
_ALLOWED = ("float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, "
            "qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64")
_ALLOWED_NAMES = {"float32", "float64", "int32", "uint8", "int16", "int8", "complex64",
                  "int64", "qint8", "quint8", "qint32", "bfloat16", "qint16", "quint16",
                  "uint16", "complex128", "float16", "uint32", "uint64"}


class AccumulatorState:
    """One accumulator: its running total of gradients and how many it holds."""

    def __init__(self, dtype: dt.DType, shape: tuple | None, reduction: str) -> None:
        self._args = (dtype, shape, reduction)
        self.dtype, self.shape, self.reduction = dtype, shape, reduction
        self.per_session = False  # a TF 1 graph's accumulator: one state per Session
        self.global_step = 0
        self.count = 0
        self.total: np.ndarray | None = None
        self._cond = threading.Condition()

    def current(self) -> AccumulatorState:
        store = session_store() if self.per_session else None
        if store is None:
            return self
        key = ("accumulator", id(self))
        state = store.get(key)
        if state is None:
            state = store.setdefault(key, type(self)(*self._args))
        return state

    def apply(self, local_step: int, grad: np.ndarray, op: str) -> None:
        with self._cond:
            want = self.shape if self.total is None else self.total.shape
            if want is not None and (len(want) != grad.ndim or any(
                    d is not None and d != g for d, g in zip(want, grad.shape))):
                raise C.fail(op, f"Shape mismatch: expected {C.shape_str(want)}, got "
                                 f"{C.shape_str(grad.shape)}")
            if local_step < self.global_step:  # (a stale gradient: dropped, as TF does)
                return
            with np.errstate(over="ignore"):  # (summed in the dtype, as TF's: inf past it)
                self.total = grad.copy() if self.total is None else self.total + grad
            self.count += 1
            self._cond.notify_all()

    def take(self, n: int, op: str) -> np.ndarray:
        if n < 1:
            raise C.fail(op, f"Argument num_required must be positive, but was {n}")
        with self._cond:
            self._cond.wait_for(lambda: self.count >= n)
            out = self.total
            if self.reduction == "MEAN":
                out = out / np.asarray(self.count, out.dtype)
            self.total, self.count = None, 0
            self.global_step += 1
            return out


def _attrs_text(dtype: dt.DType, shape: tuple | None, reduction: str, container: str,
                shared_name: str) -> str:
    text = dims_text(shape)
    return (f'container="{container}", dtype={C.dt_enum(dtype)}, reduction_type='
            f'"{reduction}", shape={text}, shared_name="{shared_name}"')


def new_accumulator(attrs: dict, op: str = "ResourceConditionalAccumulator",
                    cls: type = AccumulatorState) -> AccumulatorState:
    """The state the creator makes of its attrs, refused as TF refuses them."""
    dtype = dt.as_dtype(attrs["dtype"])
    reduction = attrs.get("reduction_type", "MEAN")
    node = f"\n\t; NodeDef: {{{{node {op}}}}}"
    if reduction not in ("MEAN", "SUM"):
        raise C.fail(op, f"Value for attr 'reduction_type' of \"{reduction}\" is not in the "
                         f'list of allowed values: "MEAN", "SUM"{node}')
    if dtype.name not in _ALLOWED_NAMES:
        raise C.fail(op, f"Value for attr 'dtype' of {C.dtype_word(dtype)} is not in the list "
                         f"of allowed values: {_ALLOWED}{node}")
    shape = H.attr_shape(attrs.get("shape"))
    if dtype not in _KERNEL_DTYPES:
        kernels = "\n".join(f"  device='CPU'; dtype in [{C.dt_enum(d)}]" for d in _KERNEL_DTYPES)
        text = _attrs_text(dtype, shape, reduction, attrs.get("container", ""),
                           attrs.get("shared_name", ""))
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                        f"{op}[{text}]\nAll kernels registered for op {op}:\n"
                                        f"{kernels}\n [Op:{op}]")
    return cls(dtype, shape, reduction)


CREATOR_ATTRS = ("dtype", "shape", "container", "shared_name", "reduction_type")


def _creator_kernel(xp: Any, *, state: AccumulatorState | None = None,
                    **attrs: Any) -> np.ndarray:
    if state is not None:  # (an imported graph's node, or tf.compat.v1's class in a graph)
        return cpu_handle("", "localhost", KIND, state.current())
    fresh = new_accumulator(attrs)
    container = attrs.get("container") or "localhost"
    key = {k: v for k, v in attrs.items() if k not in ("container", "shared_name")}
    name = resource_name("ResourceConditionalAccumulator", (), container,
                         attrs.get("shared_name") or "", False, None, key)
    if RESOURCES.lookup(container, name) is None:  # (TF checks no attrs of a shared one)
        RESOURCES.create(container, name, fresh)
    return cpu_handle(name, container, KIND)


def _creator_load(node: Any) -> list:
    attrs = {k: node.attrs[k] for k in CREATOR_ATTRS if k in node.attrs}
    if _state.graph is None:
        return [bind(CREATOR, (), attrs)]
    state = new_accumulator(attrs)
    state.per_session = True
    return [bind(CREATOR, (), dict(attrs, state=state))]


# (TF 1's AccumulatorNumAccumulated and AccumulatorSetGlobalStep act on either kind)
CREATORS = ("ResourceConditionalAccumulator", "SparseConditionalAccumulator")

CREATOR = register(OpDef(
    "ResourceConditionalAccumulator", lambda **attrs: [((), dt.resource)], _creator_kernel,
    stateful=True, gpu=False, reference=H.handle_ref(KIND),
    samples=lambda: [Sample((), {"dtype": dt.float32, "shape": (2,),
                                 "shared_name": "sample_accumulator"}, grad=False)],
    bad_samples=lambda: [
        BadSample((), {"dtype": dt.int32, "shape": (2,)}, NotFoundError,
                  "All kernels registered for op ResourceConditionalAccumulator"),
        BadSample((), {"dtype": dt.float32, "shape": (2,), "reduction_type": "MAX"},
                  Exception, "reduction_type")],
    tf=TFForm(load=_creator_load, takes_handles=True),
))


# ---------------------------------------------------------------------------------------
# The ops on an accumulator.
# ---------------------------------------------------------------------------------------

def _state_attr(op: str, accumulator: Any) -> AccumulatorState:
    if not isinstance(accumulator, AccumulatorState):
        raise TypeError(f"{op}: `accumulator` must be an accumulator's state, got "
                        f"{accumulator!r}")
    return accumulator


def _scalar(op: str, what: str, x: Any, want: dt.DType, index: int) -> None:
    if x._dtype is not want:
        raise C.wrong_input_dtype(op, index, want, x._dtype)


def _apply_infer(local_step: Any, gradient: Any, *, accumulator: Any) -> list:
    op = "ResourceAccumulatorApplyGradient"
    a = _state_attr(op, accumulator).current()
    _scalar(op, "local_step", local_step, dt.int64, 1)
    # (TF 2.21's kernel aborts the process)
    H.match_signature(op, [dt.int64, gradient._dtype], [], [dt.int64, a.dtype], [])
    return []


def _apply_kernel(xp: Any, local_step: Any, gradient: Any, *,
                  accumulator: AccumulatorState) -> tuple:
    op = "ResourceAccumulatorApplyGradient"
    C.scalar_input(op, local_step, "local_step must be a scalar, got shape {shape}")
    accumulator.current().apply(int(np.asarray(local_step).reshape(-1)[0]),
                                np.asarray(gradient), op)
    return ()


def _take_infer(num_required: Any, *, accumulator: Any) -> list:
    op = "ResourceAccumulatorTakeGradient"
    a = _state_attr(op, accumulator).current()
    _scalar(op, "num_required", num_required, dt.int32, 1)
    return [(a.shape, a.dtype)]


def _take_kernel(xp: Any, num_required: Any, *, accumulator: AccumulatorState) -> Any:
    op = "ResourceAccumulatorTakeGradient"
    C.scalar_input(op, num_required, "num_required must be a scalar, got shape {shape}")
    return accumulator.current().take(int(np.asarray(num_required).reshape(-1)[0]), op)


def _set_step_infer(step: Any, *, accumulator: Any) -> list:
    op = "ResourceAccumulatorSetGlobalStep"
    _state_attr(op, accumulator)
    _scalar(op, "new_global_step", step, dt.int64, 1)
    return []


def _set_step_kernel(xp: Any, step: Any, *, accumulator: AccumulatorState) -> tuple:
    op = "ResourceAccumulatorSetGlobalStep"
    C.scalar_input(op, step, "new_global_step must be a scalar, got shape {shape}")
    state = accumulator.current()
    with state._cond:
        state.global_step = int(np.asarray(step).reshape(-1)[0])
    return ()


def _num_infer(*, accumulator: Any) -> list:
    _state_attr("ResourceAccumulatorNumAccumulated", accumulator)
    return [((), dt.int32)]


def _load(opdef: Any, check: Any = None) -> Any:
    def load(node: Any) -> Any:
        state = H.state_at_import(node, 0, KIND, AccumulatorState, CREATORS)
        if check is not None:
            check(node, state.current())
        return bind(opdef(), tuple(node.inputs[1:]), {"accumulator": state})
    return load


def _check_take(node: Any, state: AccumulatorState) -> None:
    want = dt.as_dtype(node.attrs["dtype"])
    H.match_signature(node.op, [dt.int32], [want], [dt.int32], [state.dtype])


class _Replenished(AccumulatorState):
    """The samples' accumulator: the generic suites call a take sample many times, and it
    must never wait: a take finds one gradient, [1, 2], however many were taken."""

    def take(self, n: int, op: str) -> np.ndarray:
        with self._cond:
            if self.count < n:
                self.total = np.float32([1, 2]) * n
                self.count = n
        return super().take(n, op)


_SAMPLE: dict = {}


def _sample() -> AccumulatorState:
    if "acc" not in _SAMPLE:
        _SAMPLE["acc"] = _Replenished(dt.float32, (2,), "MEAN")
    return _SAMPLE["acc"]


APPLY = register(OpDef(
    "ResourceAccumulatorApplyGradient", _apply_infer, _apply_kernel, num_outputs=0,
    stateful=True, gpu=False, host_inputs=(0,),
    reference=lambda local_step, gradient, accumulator: (),
    samples=lambda: [Sample((np.int64(0), np.float32([1, 2])), {"accumulator": _sample()},
                            grad=False)],
    bad_samples=lambda: [BadSample((np.int64(0), np.float32([1, 2, 3])),
                                   {"accumulator": _sample()}, Exception,
                                   "Shape mismatch: expected [2], got [3]")],
    tf=TFForm(load=_load(lambda: APPLY), takes_handles=True),
))

NUM_ACCUMULATED = register(OpDef(
    "ResourceAccumulatorNumAccumulated", _num_infer,
    lambda xp, *, accumulator: np.int32(accumulator.current().count), stateful=True,
    gpu=False, reference=lambda accumulator: np.int32(accumulator.count),
    samples=lambda: [Sample((), {"accumulator": _sample()}, grad=False)],
    tf=TFForm(load=_load(lambda: NUM_ACCUMULATED), takes_handles=True),
))

SET_GLOBAL_STEP = register(OpDef(
    "ResourceAccumulatorSetGlobalStep", _set_step_infer, _set_step_kernel, num_outputs=0,
    stateful=True, gpu=False, host_inputs=(0,), reference=lambda step, accumulator: (),
    samples=lambda: [Sample((np.int64(0),), {"accumulator": _sample()}, grad=False)],
    tf=TFForm(load=_load(lambda: SET_GLOBAL_STEP), takes_handles=True),
))


TAKE = register(OpDef(
    "ResourceAccumulatorTakeGradient", _take_infer, _take_kernel, stateful=True,
    gpu=False, host_inputs=(0,), reference=lambda n, accumulator: np.float32([1, 2]),
    samples=lambda: [Sample((np.int32(1),), {"accumulator": _sample()}, grad=False)],
    bad_samples=lambda: [BadSample((np.int32(0),), {"accumulator": _sample()}, Exception,
                                   "Argument num_required must be positive, but was 0")],
    tf=TFForm(load=_load(lambda: TAKE, _check_take), takes_handles=True),
))


# ---------------------------------------------------------------------------------------
# tf.compat.v1's classes.
# ---------------------------------------------------------------------------------------

def operation() -> Any:
    """In a graph, the operation just added (it has no outputs); eagerly, None."""
    graph = _state.graph
    return None if graph is None else graph.operations[-1]


class ConditionalAccumulatorBase:
    """`tf.compat.v1.ConditionalAccumulatorBase`: an accumulator of one dtype and shape."""

    def __init__(self, dtype: Any, shape: Any, accumulator_ref: Any) -> None:
        self._dtype = dt.as_dtype(dtype)
        self._shape = TensorShape(shape)
        self._accumulator_ref = accumulator_ref
        graph = _state.graph
        self._name = "" if graph is None else accumulator_ref.op.name.split("/")[-1]

    @property
    def accumulator_ref(self) -> Any:
        return self._accumulator_ref

    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self) -> dt.DType:
        return self._dtype

    def _state(self) -> Any:
        return self._accumulator_state

    def num_accumulated(self, name: str | None = None) -> Tensor:
        """How many gradients the accumulator holds."""
        return bind(NUM_ACCUMULATED, (), {"accumulator": self._state()},
                    name or f"{self._name}_NumAccumulated")

    def set_global_step(self, new_global_step: Any, name: str | None = None) -> Any:
        """Gradients of a local step below `new_global_step` are dropped from now on."""
        step = cast(convert_to_tensor(new_global_step), dt.int64)
        bind(SET_GLOBAL_STEP, (step,), {"accumulator": self._state()}, name)
        return operation()


class ConditionalAccumulator(ConditionalAccumulatorBase):
    """`tf.compat.v1.ConditionalAccumulator`: dense gradients, averaged (or summed) once
    enough have come."""

    def __init__(self, dtype: Any, shape: Any = None, shared_name: str | None = None,
                 name: str = "conditional_accumulator",
                 reduction_type: str = "MEAN") -> None:
        attrs = {"dtype": dt.as_dtype(dtype), "shape": TensorShape(shape),
                 "shared_name": shared_name or "", "reduction_type": reduction_type}
        if _state.graph is None:
            try:
                ref = bind(CREATOR, (), attrs)
            except OpError as e:  # (TF's wrapper, given a shape, takes its slow path)
                raise slow_path(e) from None
            state = H.resource_of(CREATOR.name, ref, KIND, AccumulatorState)
        else:
            state = new_accumulator(attrs)
            state.per_session = True
            ref = bind(CREATOR, (), dict(attrs, state=state), name)
        self._accumulator_state = state
        super().__init__(dtype, shape, ref)

    def apply_grad(self, grad: Any, local_step: Any = 0, name: str | None = None) -> Any:
        """Adds `grad`, unless `local_step` is behind the global step."""
        grad = convert_to_tensor(grad, dtype=self._dtype)
        grad.shape.assert_is_compatible_with(self._shape)
        step = cast(convert_to_tensor(local_step), dt.int64)
        bind(APPLY, (step, grad), {"accumulator": self._state()}, name)
        return operation()

    def take_grad(self, num_required: Any, name: str | None = None) -> Tensor:
        """Waits for `num_required` gradients, then their mean (or sum); empties the
        accumulator and advances its global step."""
        out = bind(TAKE, (convert_to_tensor(num_required, dtype=dt.int32),),
                   {"accumulator": self._state()}, name)
        if _state.graph is not None:
            out.set_shape(self._shape)
        return out
