"""TF 1's graph ops as tf.raw_ops runs them: Switch, Merge, Enter, Exit, NextIteration,
LoopCond and Placeholder, called on their own (eagerly or in a tf.function).

Ops layer, loaded on first use (op_index.py). An imported TF 1 graph never runs these
through the registry: saved_model/v1_control_flow.py raises its Switch/Merge/Enter/Exit
frames to tf.cond and tf.while_loop, and graph import feeds its Placeholders. Called alone,
TF runs each as its kernel does outside any frame:
- Switch passes `data` to the output `pred` picks; the other is a dead tensor, which TF
  hands back as an empty float32 vector (where the predicate is known when traced; in a
  graph where it is not, both outputs are declared of `data`'s dtype, the dead one empty).
- Merge: its first input (all are ready), value_index 0.
- Enter, Exit, NextIteration, LoopCond: the identity (Exit's gradient on a tape is TF's
  refusal of control flow; a graph's lone Exit, which TF refuses as it runs, passes here).
- Placeholder: TF's refusal to run one that nothing feeds.
- Const: its `value` (a TensorProto) in a tf.function; eagerly TF's refusal (its eager
  calls can't pass a tensor attr).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import host_only
from eagerflow._src.core.errors import UnimplementedError
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.io import tensor_proto as tp
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_DEAD = ((0,), dt.float32)  # TF's dead tensor, as a function or eager call returns it


def _scalar_bool(op: str, x: Any, index: int, arg: str) -> None:
    """A bool input, a scalar when traced (TF's shape function; its kernels run any)."""
    if x._dtype is not dt.bool:
        if _state.graph is not None:  # (TF's wrapper, building the node)
            raise TypeError(f"Input '{arg}' of '{op}' Op has type {x._dtype.name} that does "
                            f"not match expected type of bool.")
        raise C.wrong_input_dtype(op, index, dt.bool, x._dtype)
    if _state.graph is not None and x._shape is not None and x._shape:
        raise C.fail(op, f"Shape must be rank 0 but is rank {len(x._shape)}")


def _value(x: Any) -> Any:
    """`x`'s host value where known (eagerly; a constant while traced), else None."""
    if isinstance(x, EagerTensor):
        return to_host(x._arr)
    v = C.known(x)
    return None if isinstance(v, Tensor) else np.asarray(v)


def _switch_infer(data: Any, pred: Any) -> list:
    _scalar_bool("Switch", pred, 1, "pred")
    value = _value(pred)
    if value is not None:  # (the dead output is known: TF's empty float)
        if np.shape(value):
            raise C.fail("Switch", f"The second input must be a scalar, but it has shape "
                                   f"{C.shape_str(np.shape(value))}")
        live = (data._shape, data._dtype)
        return [live, _DEAD] if not bool(value) else [_DEAD, live]
    return [(None, data._dtype), (None, data._dtype)]


def _switch_kernel(xp: Any, data: Any, pred: Any) -> tuple:
    if pred.shape:
        raise C.fail("Switch", f"The second input must be a scalar, but it has shape "
                               f"{C.shape_str(pred.shape)}")
    dead = xp.zeros((0,), np.float32)
    return (dead, data) if bool(to_host(pred)) else (data, dead)


def _switch_ref(data: np.ndarray, pred: np.ndarray) -> tuple:
    dead = np.zeros((0,), np.float32)
    return (dead, data) if pred else (data, dead)


SWITCH = register(OpDef(
    "Switch", _switch_infer, _switch_kernel, num_outputs=2, reference=_switch_ref,
    host_inputs=(1,),  # (TF's GPU Switch: HostMemory("pred"))
    grad=lambda n, g0, g1: _exit_grad(n, g0),
    # (float32 data: a traced Switch of an unknown predicate declares its dead output
    # of `data`'s dtype, where TF's is float32)
    samples=lambda: [Sample((np.array([[1, 2]], np.float32), np.array(False)), grad=False),
                     Sample((np.array([1.5, -2.0], np.float32), np.array(True)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.float32(1), np.array([True])), {}, C.InvalidArgumentError,
                  "The second input must be a scalar, but it has shape [1]"),
        BadSample((np.float32(1), np.int32(1)), {}, C.InvalidArgumentError,
                  "cannot compute Switch as input #1(zero-based) was expected to be a bool "
                  "tensor but is a int32 tensor")],
))


def _merge_infer(*inputs: Any) -> list:
    C.attr_at_least("Merge", "N", len(inputs), 1)
    first = inputs[0]
    for i, x in enumerate(inputs[1:], 1):
        if x._dtype is not first._dtype:
            raise C.wrong_input_dtype("Merge", i, first._dtype, x._dtype)
    same = all(x._shape == first._shape for x in inputs)
    return [(first._shape if same or _state.graph is None else None, first._dtype),
            ((), dt.int32)]


MERGE = register(OpDef(
    "Merge", _merge_infer, lambda xp, *inputs: (inputs[0], xp.asarray(0, np.int32)),
    num_outputs=2, arity=lambda ins, attrs: {"N": len(ins)},
    reference=lambda *inputs: (inputs[0], np.int32(0)),
    samples=lambda: [Sample((np.array([1.0]), np.array([1.0, 2.0])), grad=False),
                     Sample((np.array(3, np.int32),), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1.0], np.float32), np.array([1], np.int32)), {},
                  C.InvalidArgumentError, "cannot compute Merge as input #1(zero-based) was "
                                          "expected to be a float tensor but is a int32 "
                                          "tensor")],
))


def _identity_op(name: str, grad: Any, bools: bool = False, **attrs: Any) -> OpDef:
    def infer(x: Any, **_attrs: Any) -> list:
        if bools:
            _scalar_bool(name, x, 0, "input")
        return [(x._shape, x._dtype)]

    sample = np.array(True) if bools else np.array([1.5, -2.0, 0.25])
    return register(OpDef(
        name, infer, lambda xp, x, **_a: x, grad=grad, reference=lambda x, **_a: x,
        samples=lambda: [Sample((sample,), dict(attrs), grad=grad is not None and name != "Exit")],
        bad_samples=lambda: [BadSample((np.int32(1),), dict(attrs), C.InvalidArgumentError,
                                       "cannot compute LoopCond as input #0(zero-based) was "
                                       "expected to be a bool tensor but is a int32 tensor")]
        if bools else [],
    ))


def _exit_grad(node: Any, g: Any) -> list:
    raise NotImplementedError(
        "tf.GradientTape.gradients() does not support graph control flow operations like "
        "tf.cond or tf.while at this time. Use tf.gradients() instead. If you need this "
        "feature, please file a feature request at "
        "https://github.com/tensorflow/tensorflow/issues/new")


ENTER = _identity_op("Enter", lambda n, g: [g], frame_name="f", is_constant=False,
                     parallel_iterations=10)
EXIT = _identity_op("Exit", _exit_grad)
NEXT_ITERATION = _identity_op("NextIteration", lambda n, g: [g])
LOOP_COND = _identity_op("LoopCond", None, bools=True)


def _placeholder_infer(dtype: Any, shape: Any = None) -> list:
    return [(None if shape is None else tuple(shape), dt.as_dtype(dtype))]


def _placeholder_kernel(xp: Any, dtype: Any, shape: Any = None) -> Any:
    dims = "" if not shape else " and shape [" + ",".join(
        "?" if d is None or d < 0 else str(d) for d in shape) + "]"
    raise C.fail("Placeholder", f"You must feed a value for placeholder tensor 'Placeholder' "
                                f"with dtype {C.dtype_word(dt.as_dtype(dtype))}{dims}")


PLACEHOLDER = register(OpDef(
    "Placeholder", _placeholder_infer, _placeholder_kernel, stateful=True,
    tf=TFForm(load=lambda node: bind(PLACEHOLDER, (), {"dtype": node.attrs["dtype"],
                                                      "shape": node.attrs.get("shape")})),
    bad_samples=lambda: [
        BadSample((), {"dtype": dt.int32}, C.InvalidArgumentError,
                  "You must feed a value for placeholder tensor 'Placeholder' with dtype "
                  "int32"),
        BadSample((), {"dtype": dt.string, "shape": (None, 3)}, C.InvalidArgumentError,
                  "You must feed a value for placeholder tensor 'Placeholder' with dtype "
                  "string and shape [?,3]")],
))


def _const_value(value: Any) -> np.ndarray:
    """The array a Const's `value` attr (a TensorProto: TF's or tensorboard's) holds."""
    if not hasattr(value, "tensor_shape") or not hasattr(value, "SerializeToString"):
        raise TypeError(f"Don't know how to convert {value!r} to a TensorProto for argument "
                        f"'value'.")
    return np.array(tp.to_ndarray(value))


def _const_infer(value: Any, dtype: Any) -> list:
    arr = _const_value(value)
    if _state.graph is None:  # (TF's eager call can't pass a tensor attr to its kernel)
        raise UnimplementedError(None, None, "Attr value has unhandled type 6 [Op:Const]")
    return [(arr.shape, dt.as_dtype(dtype))]


def _const_kernel(xp: Any, value: Any, dtype: Any) -> Any:
    have, want = dt.as_dtype(value.dtype), dt.as_dtype(dtype)
    if have is not want:
        raise C.fail("Const", f"Type mismatch between value ({C.dtype_word(have)}) and dtype "
                              f"({C.dtype_word(want)})")
    arr = _const_value(value)
    # (on a GPU, an array of the device, as the graph's own constants: graph/ir.py's;
    # host-only data, strings, stays on the host)
    return arr if xp is np or host_only(arr.dtype) else xp.asarray(arr)


CONST = register(OpDef(
    "Const", _const_infer, _const_kernel, no_fold=True,
    tf=TFForm(load=lambda node: bind(CONST, (), {"value": node.attrs["value"],
                                                 "dtype": node.attrs["dtype"]})),
    bad_samples=lambda: [BadSample((), {"value": tp.python_layout(
        np.array([1, 2], np.int32), dt.int32, (2,)), "dtype": dt.int32}, UnimplementedError,
        "Attr value has unhandled type 6")],
))
