"""tf.raw_ops' functional ops: If, Case, While, For and the function calls (PartitionedCall,
RemoteCall), whose attributes are functions (concrete functions, as TF's eager wrappers take
them).

Eagerly a raw call is the import of one node: the functions are called as
function_import.py calls an imported graph's library functions, through the same control
flow (eagerflow's cond, switch_case and while_loop). TF checks the functions' arguments and
results' types before running them, in its kernels' words; TF records no usable gradient
for them eagerly (its tape fails on each), which the outputs reproduce. Inside tf.function
an If, Case, While or For is the one node TF writes (see the end of this module); a
function call is the call of its concrete function, TF's PartitionedCall node.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

from eagerflow._src.autodiff.custom_gradient import bind_custom_gradient
from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.backend import to_host
from eagerflow._src.control_flow import py_function
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.device import DeviceSpecV2 as DeviceSpec
from eagerflow._src.core.errors import (
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    OpError,
    shape_str,
)
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.function.concrete import ConcreteFunction
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.batch_ops import check_allowed_batch_sizes, check_batch_shapes
from eagerflow._src.ops.checks import dt_enum
from eagerflow._src.ops.checks import dtype_word as c_name
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import OpDef, TFForm
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.function_import import TFNode, import_control_flow, truth
from eagerflow._src.saved_model.symbolic_gradient import symbolic_gradient

_CALLS = frozenset(("PartitionedCall", "StatefulPartitionedCall", "RemoteCall"))
# (their `token` names a function tf.py_function or tf.numpy_function registered)
_PY_FUNCS = frozenset(("PyFunc", "PyFuncStateless", "EagerPyFunc"))
OPS = frozenset(("If", "StatelessIf", "Case", "StatelessCase", "While", "StatelessWhile",
                 "For", "BatchFunction", "SymbolicGradient")) | _CALLS | _PY_FUNCS


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
    if isinstance(v, ConcreteFunction) or op == "SymbolicGradient":
        return v  # (SymbolicGradient's refusal names it with the op's arity)
    py = getattr(v, "python_function", None)
    name = py.__name__ if py is not None else v.decode() if isinstance(v, bytes) else v
    if op == "BatchFunction":  # (its kernel looks the function up, in its words)
        raise NotFoundError(None, None, f'Failed to find definition for function "{name}"'
                                        f" [Op:{op}]")
    e = NotFoundError(None, None, f"Function {name} is not defined. [Op:{op}] name: ")
    e.undefined = name  # (reworded by `undefined_error` once the op's attrs are known)
    raise e


def undefined_error(e: NotFoundError, op: str, attrs: dict, given: dict, device: str,
                    call: str | None) -> OpError:
    """`e`, func_attr's refusal of a function the context does not hold, as TF's eager
    call of `op` named `call` words it (`attrs`: those set before it, `given`: the call's
    arguments, `device`: the op's): Case's lookup as its attributes are set, on TF's slow
    path (no name); the call ops' kernels' search for the function, naming their node;
    For's and RemoteCall's kernels in the function TF runs them as (decorated by the
    caller, as any op's error); If's and While's before it. An error worded in full is
    marked `_slow_path`."""
    name = e.undefined
    if op not in ("Case", "StatelessCase", "PartitionedCall", "StatefulPartitionedCall",
                  "For", "RemoteCall"):
        e = NotFoundError(None, None, f"Function {name} is not defined. [Op:{op}] name: "
                                      f"{call or ''}")
        e._slow_path = True
    elif op in ("Case", "StatelessCase"):
        e = NotFoundError(None, None, f"'{name}' is neither a type of a primitive operation "
                                      "nor a name of a function registered in binary running "
                                      "on vm. Make sure the operation or function is "
                                      f"registered in the binary running in this process. "
                                      f"[Op:{op}]")
        e._slow_path = True
    elif op in ("PartitionedCall", "StatefulPartitionedCall"):
        tin, tout = (", ".join(map(dt_enum, attrs.get(a, ()))) for a in ("Tin", "Tout"))
        texts = (f'{a}="{_text(given.get(a) or "")}"'
                 for a in ("config", "config_proto", "executor_type"))
        args = ", ".join(f"args_{i}" for i in range(len(attrs.get("Tin", ()))))
        e = InternalError(None, None, f"Can't find a function: node={{{{node {op}}}}} = {op}"
                                      f"[Tin=[{tin}], Tout=[{tout}], {', '.join(texts)}, "
                                      f'f={name}[], _device="{device}"]({args}) [Op:{op}]')
    elif op in ("For", "RemoteCall"):
        e = NotFoundError(None, None, f"Function {name} is not defined. [Op:{op}]")
    return e


def _text(v: Any) -> str:
    return v.decode() if isinstance(v, bytes) else str(v)


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
        return [truth(out[0])]


def run(op: str, inputs: list, attrs: dict, name: str | None = None) -> list:
    """The flat outputs of functional op `op` on its input tensors (`name`: its node's, in
    a graph)."""
    try:
        if op == "SymbolicGradient":
            return symbolic_gradient(inputs, attrs, name)
        if _state.graph is not None and op in _NODES:
            return _traced(op, inputs, attrs, name)
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
        return _for(inputs, attrs["body"])
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
        lead = [truth(lead[0])]
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
    if full != CPU_DEVICE:
        raise InternalError(None, None, "Currently don't support instantiating functions on "
                                        f"device: {full}")


def _for(inputs: list, body: ConcreteFunction) -> list:
    """For, eagerly: TF's checks of the range first, `body(i, *values)` for i from start
    by delta while short of limit, and no gradient."""
    bounds, args = inputs[:3], inputs[3:]
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



# -- in a graph: one node of TF's type ---------------------------------------------------
#
# Traced, a raw If, Case, While, For, function call or BatchFunction is the one node TF
# writes for it: the op's own type (If where If was called), its inputs as given and its
# attrs as TF sets them, the functions named by their attrs. Its kernel runs the call
# eagerly (TF's kernels' checks and all: a function capturing tensors is refused, as TF's
# runtime refuses it); its gradient differentiates the same call made of eagerflow's cond,
# switch_case or while_loop (or a call of the function), made again in the gradient's
# graph. TF 2.21 fails to differentiate a raw While, For or call; eagerflow does.

_NODES = frozenset(("If", "StatelessIf", "Case", "StatelessCase", "While", "StatelessWhile",
                    "For", "BatchFunction")) | _CALLS
_LEAD = {"If": 1, "StatelessIf": 1, "Case": 1, "StatelessCase": 1, "For": 3, "RemoteCall": 1}


@contextlib.contextmanager
def _eagerly() -> Iterator[None]:
    """Eager execution with no tape recording: what a kernel runs inside is no op of the
    graph or of a tape's."""
    saved = _state.graph, _state.tapes
    _state.graph, _state.tapes = None, []
    try:
        yield
    finally:
        _state.graph, _state.tapes = saved


def _input_dtypes(op: str, attrs: dict) -> list:
    if op == "For":
        return [dt.int32] * 3 + list(attrs["T"])
    if "T" in attrs:
        return list(attrs["T"])
    if op == "BatchFunction":
        return [*attrs["Tin"], *attrs["Tcaptured"]]
    head = {"RemoteCall": [dt.string], "PartitionedCall": [],
            "StatefulPartitionedCall": []}.get(op, [attrs.get("Tcond", dt.int32)])
    return [*head, *attrs["Tin"]]


def _kernel(op: str) -> Any:
    def kernel(xp: Any, *arrays: Any, **attrs: Any) -> Any:
        dtypes = _input_dtypes(op, attrs)
        with _eagerly():
            tensors = [EagerTensor(to_host(a), d) for a, d in zip(arrays, dtypes)]
            out = _run(op, tensors, attrs)
        arrs = tuple(xp.asarray(t._arr) if xp is not None else t._arr for t in out)
        return arrs[0] if len(arrs) == 1 else arrs
    return kernel


def _infer(op: str) -> Any:
    """The outputs' (shape, dtype)s as TF's shape functions give them: the output_shapes
    given, else a loop's input shapes, a local call's function's result shapes and a
    conditional's (or a For's, or a RemoteCall's) unknown ones."""
    def infer(*inputs: Any, **attrs: Any) -> list:
        shapes = list(attrs.get("output_shapes") or ())
        if op == "For":
            return [(None, x._dtype) for x in inputs[3:]]
        if op in ("PartitionedCall", "StatefulPartitionedCall"):
            outs = list(attrs["f"].outputs) + [None] * len(attrs["Tout"])
            return [(o._shape if o is not None and o._dtype is d else None, d)
                    for o, d in zip(outs, attrs["Tout"])]
        if "T" in attrs:
            return [(tuple(shapes[i]) if shapes else x._shape, x._dtype)
                    for i, x in enumerate(inputs)]
        return [(tuple(shapes[i]) if shapes else None, d)
                for i, d in enumerate(attrs["Tout"])]
    return infer


def _grad(node: Any, *gs: Any) -> list:
    """The gradient of the call made of eagerflow's control flow over the same functions
    (its forward pass made again, in the gradient's graph)."""
    op, xs = node.op.name, list(node.inputs)
    floaty = [x._dtype.is_floating or x._dtype.is_complex for x in xs]
    if not any(floaty):
        return [None] * len(xs)
    with GradientTape(watch_accessed_variables=False) as tape:
        for x, f in zip(xs, floaty):
            if f:
                tape.watch(x)
        out = _structured(op, xs, node.attrs)
    pairs = [(y, g) for y, g in zip(out, gs) if g is not None and
             (y._dtype.is_floating or y._dtype.is_complex)]
    sources = [x for x, f in zip(xs, floaty) if f]
    if not pairs:
        return [None] * len(xs)
    res = iter(tape.gradient([y for y, _ in pairs], sources,
                             output_gradients=[g for _, g in pairs]))
    return [next(res) if f else None for f in floaty]


def _replay_saved(node: Any, args: tuple, values: list) -> Any:
    """A stateful call's outputs, saved from its run, as a differentiating replay takes them
    (its effects not made again): an op handing them back whose gradient is the call's."""
    k, specs = len(args), [(t._shape, t._dtype) for t in node.outputs]

    def grad(saved: Any, *gs: Any) -> list:
        view = SimpleNamespace(op=node.op, inputs=list(saved.inputs[:k]), attrs=node.attrs)
        return _grad(view, *gs) + [None] * len(values)

    def kernel(xp: Any, *arrays: Any) -> Any:
        return arrays[k] if len(specs) == 1 else tuple(arrays[k:])

    op = OpDef("Saved" + node.op.name, lambda *ins: specs, kernel, grad=grad,
               num_outputs=len(specs), no_fold=True)
    return bind(op, tuple(args) + tuple(values), {})


def _structured(op: str, inputs: list, attrs: dict) -> list:
    """The call as eagerflow's cond, switch_case or while_loop, or a call of its function
    (in the graph being built)."""
    if op in _CALLS or op == "BatchFunction":
        return list(attrs["f"].call_flat_outputs(inputs[_LEAD.get(op, 0):]))[
            :len(attrs["Tout"])]
    node = TFNode(SimpleNamespace(name=op, op=op), inputs, [None] * len(inputs), attrs)
    return import_control_flow(_Functions(attrs.get("cond")), node)


def _export(node: Any, w: Any) -> list:
    """TF's node: its inputs by TF's arguments, its attrs as set (the functions written
    into the library by their attrs)."""
    refs = [w.ref(x) for x in node.inputs]
    k = _LEAD.get(node.type, 0)
    if node.type == "BatchFunction":  # (its batched tensors, then its captured ones)
        k = len(node.attrs["Tin"])
        return w.node(node.type, [refs[:k], refs[k:]], dict(node.attrs), name=node.name)
    return w.node(node.type, [*refs[:k], refs[k:]], dict(node.attrs), name=node.name)


_BASE = {op: OpDef(op, _infer(op), _kernel(op), grad=_grad, no_fold=True,
                   stateful=tf_ops.op_def(op).is_stateful, tf=TFForm(export=_export),
                   replay_saved=_replay_saved)
         for op in sorted(_NODES)}


def _traced(op: str, inputs: list, attrs: dict, name: str | None) -> list:
    n = len(inputs) - _LEAD.get(op, 0) if op in ("For", "While", "StatelessWhile") else \
        len(attrs["Tout"])
    res = bind(dataclasses.replace(_BASE[op], num_outputs=n), tuple(inputs), dict(attrs),
               name)
    return [res] if n == 1 else list(res)
