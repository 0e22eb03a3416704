"""tf.raw_ops' functional ops: If, Case, While, For and the function calls (PartitionedCall,
RemoteCall), whose attributes are functions (concrete functions, as TF's eager wrappers take
them).

A raw call is the import of one node: the functions are called as function_import.py calls
an imported graph's library functions, through the same control flow (eagerflow's cond,
switch_case and while_loop), so a call inside tf.function traces as they do. Eagerly TF
checks the functions' arguments and results' types before running them, in its kernels'
words; TF records no usable gradient for them eagerly (its tape fails on each), which the
outputs reproduce.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from eagerflow._src.autodiff.custom_gradient import bind_custom_gradient
from eagerflow._src.backend import to_host
from eagerflow._src.control_flow import py_function
from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import DeviceSpecV2 as DeviceSpec
from eagerflow._src.core.errors import (
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    OpError,
    shape_str,
)
from eagerflow._src.function.concrete import ConcreteFunction
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.batch_ops import check_allowed_batch_sizes, check_batch_shapes
from eagerflow._src.ops.checks import dtype_word as c_name
from eagerflow._src.ops.math import cast, not_equal
from eagerflow._src.ops.reduce import size
from eagerflow._src.ops.string_ops import length
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.function_import import TFNode, import_control_flow

_CALLS = frozenset(("PartitionedCall", "StatefulPartitionedCall", "RemoteCall"))
# (their `token` names a function tf.py_function or tf.numpy_function registered)
_PY_FUNCS = frozenset(("PyFunc", "PyFuncStateless", "EagerPyFunc"))
OPS = frozenset(("If", "StatelessIf", "Case", "StatelessCase", "While", "StatelessWhile",
                 "For", "BatchFunction")) | _CALLS | _PY_FUNCS
_LOCAL_CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def check_func_value(v: Any, op: str) -> None:
    """TF's refusal of what no func attribute can be made of (it accepts a concrete
    function, a tf.function or a name), raised as it sets the op's attributes, before the
    op runs: so worded whole, with no function prefix and no name."""
    if not (isinstance(v, (ConcreteFunction, str, bytes)) or
            getattr(v, "python_function", None) is not None):
        raise InvalidArgumentError(None, None, f"unable to set function value attribute from "
                                               f"a {type(v).__name__} object. If you think "
                                               "this is an error, please file an issue at "
                                               "https://github.com/tensorflow/tensorflow/"
                                               f"issues/new [Op:{op}]")


def func_attr(v: Any, op: str) -> ConcreteFunction:
    """A func attribute as TF's wrapper takes it (check_func_value passed it): a concrete
    function; a tf.function (or a name) is looked up among the functions the context
    holds, which here are none."""
    if isinstance(v, ConcreteFunction):
        return v
    py = getattr(v, "python_function", None)
    name = py.__name__ if py is not None else v.decode() if isinstance(v, bytes) else v
    if op == "BatchFunction":  # (its kernel looks the function up, in its words)
        raise NotFoundError(None, None, f'Failed to find definition for function "{name}"'
                                        f" [Op:{op}]")
    raise NotFoundError(None, None, f"Function {name} is not defined. [Op:{op}] name: ")


def check_length(op: str, attr: str, n: int) -> None:
    """A list(func) attribute's TF minimum of one."""
    if n < 1:
        raise InvalidArgumentError(None, None, f"Length for attr '{attr}' of {n} must be at "
                                               f"least minimum 1\n\t; NodeDef: {{{{node {op}}}}}"
                                               f" [Op:{op}]")


class _Functions:
    """The importer function_import's control flow asks for its functions: here they are
    the concrete functions given (a While's condition read as TF's kernel reads it)."""

    def __init__(self, loop_cond: Any = None) -> None:
        self.loop_cond = loop_cond

    def concrete(self, fn: ConcreteFunction, args: list, handles: bool = True) -> Any:
        return _Truth(fn) if fn is self.loop_cond else fn


class _Truth:
    def __init__(self, fn: ConcreteFunction) -> None:
        self.fn = fn

    def call_flat_outputs(self, tensors: list) -> list:
        out = self.fn.call_flat_outputs(tensors)
        return [_truth(out[0])]


def run(op: str, inputs: list, attrs: dict) -> list:
    """The flat outputs of functional op `op` on its input tensors."""
    try:
        return _run(op, inputs, attrs)
    except OpError as e:
        if not e._message.endswith("]"):  # (one of the checks here: the op's error)
            e._message = f"{e._message} [Op:{op}]"
            e.args = (e._message,) + e.args[1:]
        raise


def _run(op: str, inputs: list, attrs: dict) -> list:
    eager = _state.graph is None
    if eager and op.startswith("Stateless") and not attrs.get("Tout", True):
        return []  # (TF prunes a stateless op of no outputs: nothing runs, nothing is checked)
    if op in _PY_FUNCS:
        return py_function.raw_call(op, inputs, attrs)
    if op == "For":
        return _for(inputs, attrs["body"], eager)
    if op == "BatchFunction":
        return _batch_function(inputs, attrs, eager)
    if op == "RemoteCall":
        if "Tin" in attrs:
            check_length(op, "Tin", len(attrs["Tin"]))
        if eager:
            _check_target(inputs[0])
        inputs = inputs[1:]
    if op in _CALLS:
        fn = attrs["f"]
        if eager:
            _check_args(fn, inputs, call=op != "RemoteCall")
            _check_call_results(fn.outputs, attrs["Tout"])
        out = list(fn.call_flat_outputs(inputs))[:len(attrs["Tout"])]
        return _no_eager_gradient(out, inputs, LookupError(
            f"gradient registry has no entry for: {op}")) if eager else out
    lead = inputs[:1] if "body" not in attrs else []
    args = inputs[len(lead):]
    if "branches" in attrs:
        check_length(op, "branches", len(attrs["branches"]))
    if lead and "then_branch" in attrs:
        lead = [_truth(lead[0])]
    if eager:
        _check_eagerly(attrs, lead, args)
    node = TFNode(SimpleNamespace(name=op, op=op), lead + args, [None] * len(inputs), attrs)
    out = import_control_flow(_Functions(attrs.get("cond")), node)
    if not eager:
        return out
    return _no_eager_gradient(out, inputs, AttributeError(
        "Tensor.op is undefined when eager execution is enabled."))


def _batch_function(inputs: list, attrs: dict, eager: bool) -> list:
    """BatchFunction: `f` of the batched and the captured tensors. A caller alone is its
    own batch, and TF runs `f` on its rows as they are (unpadded, whatever the batch
    sizes allowed): eagerflow's calls are each alone (see ops/batch_ops.py)."""
    op = "BatchFunction"
    _check_allowed_strings(op, attrs)
    n = len(attrs["Tin"])
    check_allowed_batch_sizes(op, attrs.get("allowed_batch_sizes"),
                              int(attrs["max_batch_size"]))
    check_batch_shapes(op, [x._shape for x in inputs[:n]])
    fn = attrs["f"]
    if len(fn.inputs) != len(inputs):
        raise InvalidArgumentError(None, None, f"Function takes {len(fn.inputs)} argument(s) "
                                               f"but {len(inputs)} argument(s) were passed")
    out = list(fn.call_flat_outputs(inputs))
    if len(out) != len(attrs["Tout"]):
        raise InternalError(None, None, "Wrong number of batched output tensors")
    for t, want in zip(out, attrs["Tout"]):
        if t._dtype is not want:
            raise InvalidArgumentError(None, None, f"Type mismatch: actual {c_name(t._dtype)}"
                                                   f" vs. expect {c_name(want)}")
    return _no_eager_gradient(out, inputs, LookupError(
        f"gradient registry has no entry for: {op}")) if eager else out


def _check_allowed_strings(op: str, attrs: dict) -> None:
    """TF's refusal of a string attr outside its OpDef's allowed values (made as the op's
    attrs are set)."""
    for a in tf_ops.op_def(op).attr:
        allowed = list(a.allowed_values.list.s)
        v = attrs.get(a.name)
        if a.type == "string" and allowed and v is not None:
            v = v.encode() if isinstance(v, str) else v
            if v not in allowed:
                listed = ", ".join(f'"{x.decode()}"' for x in allowed)
                raise InvalidArgumentError(
                    None, None, f"Value for attr '{a.name}' of \"{v.decode()}\" is not in the "
                                f"list of allowed values: {listed}\n\t; NodeDef: {{{{node {op}}}}}"
                                f"; {tf_op_defs.summary(op)} [Op:{op}]")


def _check_target(target: Any) -> None:
    """RemoteCall's target: a device TF can run a function on, which here (as in a TF
    without a cluster) is the local CPU only."""
    name = to_host(target._arr)
    name = name.reshape(-1)[0] if name.ndim else name[()]
    name = name.decode() if isinstance(name, bytes) else str(name)
    try:
        spec = DeviceSpec.from_string(name)
    except ValueError:
        raise InvalidArgumentError(None, None, f"Could not parse {name} into a device "
                                               "specification.") from None
    full = (f"/job:{spec.job or 'localhost'}/replica:{spec.replica or 0}/task:"
            f"{spec.task or 0}/device:{spec.device_type or 'CPU'}:{spec.device_index or 0}")
    if full != _LOCAL_CPU:
        raise InternalError(None, None, "Currently don't support instantiating functions on "
                                        f"device: {full}")


def _for(inputs: list, body: ConcreteFunction, eager: bool) -> list:
    """For: `body(i, *values)` for i from start by delta while short of limit; eagerly
    TF's checks of the range first, and no gradient."""
    bounds, args = inputs[:3], inputs[3:]
    if not eager:
        start, limit, delta = bounds

        def going(i: Any, *vs: Any) -> Any:
            return ((delta > 0) & (i < limit)) | ((delta < 0) & (i > limit))

        def step(i: Any, *vs: Any) -> list:
            return [i + delta, *body.call_flat_outputs([i, *vs])]

        return list(while_loop(going, step, [start, *args]))[1:]
    for name, x in zip(("start", "limit", "delta"), bounds):
        if x.shape.rank != 0:
            raise InvalidArgumentError(None, None, f"{name} must be a scalar, but "
                                                   f"{shape_str(x.shape)} [Op:For]")
    start, limit, delta = (int(x) for x in bounds)
    if not (delta > 0 and start <= limit or delta < 0 and start >= limit or start == limit):
        raise InvalidArgumentError(None, None, f"Invalid start/limit/delta: {start} {limit} "
                                               f"{delta}")
    _check_args(body, [bounds[0], *args])
    out = list(args)
    for i in range(start, limit, delta or 1):
        out = list(body.call_flat_outputs([constant(i, dt.int32), *out]))
    return _no_eager_gradient(out, inputs, LookupError(
        "gradient registry has no entry for: For"))


def _check_eagerly(attrs: dict, lead: list, args: list) -> None:
    """TF's kernels' checks: a loop's functions' arguments and its body's results; the
    arguments and results of the one branch a conditional runs."""
    if "body" in attrs:
        for fn in (attrs["cond"], attrs["body"]):
            _check_args(fn, args)
        _check_body(attrs["body"], args)
        return
    if "branches" in attrs:
        if lead[0].shape.rank != 0:
            raise InvalidArgumentError(None, None, "branch_index must be scalar")
        fns, i = attrs["branches"], int(lead[0])
        fn = fns[i] if 0 <= i < len(fns) else fns[-1]  # (out of range: the last, TF's default)
    else:
        fn = attrs["then_branch"] if bool(lead[0]) else attrs["else_branch"]
    _check_args(fn, args)
    _check_results(fn.outputs, attrs["Tout"])


def _truth(pred: Any) -> Any:
    """TF's If kernel's reading of its condition: a scalar's value (a string: whether it is
    non-empty), a non-scalar's having any elements."""
    if pred.shape.rank != 0:
        return not_equal(size(pred), 0)
    if pred._dtype is dt.bool:
        return pred
    if pred._dtype is dt.string:
        return not_equal(length(pred), 0)
    return not_equal(pred, cast(0, pred._dtype))


def _check_args(fn: ConcreteFunction, args: list, call: bool = False) -> None:
    want = fn.inputs  # (its captures are arguments too, which a raw call doesn't pass)
    if len(want) != len(args):
        if call:
            raise InvalidArgumentError(
                None, None, "InstantiateOptions.input_devices must have the same length as "
                            f"the number of arguments: input_devices length = {len(args)} "
                            f"number of arguments = {len(want)}")
        raise InvalidArgumentError(None, None, f"Expects {len(want)} arguments, but "
                                               f"{len(args)} is provided")
    for i, (w, x) in enumerate(zip(want, args)):
        if w._dtype is not x._dtype:
            raise InvalidArgumentError(None, None, f"Expects arg[{i}] to be "
                                                   f"{c_name(w._dtype)} but "
                                                   f"{c_name(x._dtype)} is provided")


def _check_body(body: ConcreteFunction, args: list) -> None:
    for i, (t, x) in enumerate(zip(body.outputs, args)):
        if t._dtype is not x._dtype:
            raise InvalidArgumentError(None, None, f"Expected type {c_name(x._dtype)} for "
                                                   f"return value {i} but got "
                                                   f"{c_name(t._dtype)}.")


def _check_results(out: list, tout: tuple) -> None:
    if len(out) != len(tout):
        raise InternalError(None, None, f"Expect to produce {len(tout)} tensors, but only "
                                        f"get {len(out)}")
    for i, (t, want) in enumerate(zip(out, tout)):
        if t._dtype is not want:
            raise InternalError(None, None, f"Expect {i}-th output is of type "
                                            f"{c_name(want)} but get {c_name(t._dtype)}")


def _check_call_results(out: list, tout: tuple) -> None:
    if len(tout) > len(out):  # (TF hands back an uninitialized tensor: refused here)
        raise InvalidArgumentError(None, None, f"The function returns {len(out)} outputs; "
                                               f"Tout lists {len(tout)}")
    for t, want in zip(out, tout):
        if t._dtype is not want:
            raise InvalidArgumentError(None, None, f"Type mismatch: actual {c_name(t._dtype)}"
                                                   f" vs. expect {c_name(want)}")


def _no_eager_gradient(out: list, inputs: list, error: Exception) -> list:
    if not out:
        return out
    differentiable = [x for x in inputs if x._dtype.is_floating or x._dtype.is_complex]

    def grad_fn(*dys: Any) -> Any:
        raise error

    return bind_custom_gradient(out, differentiable, [], grad_fn)

