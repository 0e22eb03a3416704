"""tfdbg v2's ops, and `tf.debugging.enable_check_numerics` built on them.

Sits in ops/ after debugging.py; loaded on first use (op_index.py lists its ops).
- CheckNumericsV2: the input, or InvalidArgumentError naming which of -Inf, +Inf and NaN
  it holds;
- DebugNumericSummaryV2: a float vector summarising a tensor in one of tfdbg's tensor
  debug modes (health counts, shape, or the three REDUCE_INF_NAN slots);
- DebugIdentityV2: the input, written on its way through to the tfdbg dump it names
  (summary/tfdbg_dump.py installs the writer as `DEBUG_SINK`: ops sit below the file
  formats, so the writer is handed down, not imported).

The numerics check is an op callback (dispatch.add_op_callback), as TF's: after each
eager op with float outputs it runs CheckNumericsV2 on them, and after each node made in
a tf.function's graph it adds CheckNumericsV2 over a three-slot summary, which runs with
the graph (stateful ops always run). TF 1 graphs run by a Session are not checked: a
Session runs only what its fetches need. Its message is TF's: the op, the dtype and shape, the
eager counts of -Inf/+Inf/NaN, the inputs, and for a graph op the stack of its creation.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    UnimplementedError,
)
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import dispatch
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

# tfdbg's TensorDebugMode enum (debug_event.proto), by name.
TENSOR_DEBUG_MODES = {"UNSPECIFIED": 0, "NO_TENSOR": 1, "CURT_HEALTH": 2, "CONCISE_HEALTH": 3,
                      "FULL_HEALTH": 4, "SHAPE": 5, "FULL_NUMERICS": 6, "FULL_TENSOR": 7,
                      "REDUCE_INF_NAN_THREE_SLOTS": 8}
CURT_HEALTH, CONCISE_HEALTH, FULL_HEALTH, SHAPE, THREE_SLOTS = 2, 3, 4, 5, 8
# Summary length per mode; SHAPE keeps the last six dims of the shape.
_SUMMARY_SIZE = {CURT_HEALTH: 2, CONCISE_HEALTH: 5, FULL_HEALTH: 11, SHAPE: 10, THREE_SLOTS: 3}
_SHAPE_SLOTS = 6
# The inputs TF's kernels take: numbers and bools (no strings, no complex numbers).
_SUMMARISED = frozenset((dt.bool, dt.int8, dt.int16, dt.int32, dt.int64, dt.uint8, dt.uint16,
                         dt.uint32, dt.uint64, dt.float16, dt.bfloat16, dt.float32, dt.float64))
_OUTPUTS = frozenset((dt.float32, dt.float64))

# ---------------------------------------------------------------------------------------
# Attributes, checked as TF's op wrappers check them
# ---------------------------------------------------------------------------------------

def _string_attr(op: str, name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"Expected string for argument '{name}' not {value!r}. [Op:{op}]")
    return value


def _int_attr(op: str, name: str, value: Any) -> int:
    """An int attribute: a number is truncated as TF's wrappers do, anything else refused."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (int, float, np.number)):
        raise TypeError(f"Expected int for argument '{name}' not {value!r}. [Op:{op}]")
    return int(value)


# ---------------------------------------------------------------------------------------
# CheckNumericsV2
# ---------------------------------------------------------------------------------------


def _check_infer(tensor: Any, message: str) -> list:
    _string_attr("CheckNumericsV2", "message", message)
    return [(tensor._shape, C.check_dtype("CheckNumericsV2", tensor, C.FLOATS))]


def _check_kernel(xp: Any, x: Any, message: str) -> Any:
    found = [what for what, present in (("-Inf", xp.isneginf(x).any()),
                                        ("+Inf", xp.isposinf(x).any()),
                                        ("NaN", xp.isnan(x).any())) if bool(present)]
    if found:
        words = found[0] if len(found) == 1 else \
            " and ".join(found) if len(found) == 2 else f"{found[0]}, {found[1]}, and {found[2]}"
        raise InvalidArgumentError(None, None, f"{message} : Tensor had {words} values "
                                               "[Op:CheckNumericsV2]")
    return x


def _check_bad_samples() -> list:
    inf = np.inf
    return [
        BadSample((np.array([1.0, -inf]),), {"message": "M"}, InvalidArgumentError,
                  "M : Tensor had -Inf values"),
        BadSample((np.array([inf, np.nan], np.float32),), {"message": "M"}, InvalidArgumentError,
                  "M : Tensor had +Inf and NaN values"),
        BadSample((np.array([-inf, inf, np.nan]),), {"message": "M"}, InvalidArgumentError,
                  "M : Tensor had -Inf, +Inf, and NaN values"),
        BadSample((np.array([1, 2], np.int32),), {"message": "M"}, InvalidArgumentError,
                  "Value for attr 'T' of int32 is not in the list of allowed values")]


CHECK_NUMERICS_V2 = register(OpDef(
    "CheckNumericsV2", _check_infer, _check_kernel,
    # as TF's: the gradient is checked too, its message saying so
    grad=lambda n, g: [check_numerics_v2(g, "Not a number (NaN) or infinity (Inf) values "
                                            f"detected in gradient. {n.attrs['message']}")],
    reference=lambda tensor, message: tensor.copy(),
    samples=lambda: [Sample((np.array([1.0, -2.0, 3.5]),), {"message": "ok"}),
                     Sample((np.zeros((0, 2), np.float32),), {"message": "ok"}, grad=False)],
    bad_samples=_check_bad_samples,
    stateful=True,
))


# The check TF's callback puts on a function's argument: it is made before TF's automatic
# control dependencies watch the body, so it is no control output and the runtime prunes
# it (its node is listed, never run): here the same op, without effects, which the graph
# passes drop unused
UNRUN_CHECK_NUMERICS_V2 = replace(CHECK_NUMERICS_V2, stateful=False, samples=(),
                                  bad_samples=(), reference=None)


def check_numerics_v2(tensor: Any, message: str, name: str | None = None) -> Any:
    t = tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor)
    return bind(CHECK_NUMERICS_V2, (t,), {"message": str(message)}, name)


# ---------------------------------------------------------------------------------------
# DebugNumericSummaryV2
# ---------------------------------------------------------------------------------------

def _summary_infer(input: Any, tensor_debug_mode: int = -1, tensor_id: int = -1,  # noqa: A002
                   output_dtype: Any = dt.float32) -> list:
    op = "DebugNumericSummaryV2"
    tensor_debug_mode = _int_attr(op, "tensor_debug_mode", tensor_debug_mode)
    tensor_id = _int_attr(op, "tensor_id", tensor_id)
    C.dtype_attr(op, output_dtype, "output_dtype", _OUTPUTS)
    if input._dtype not in _SUMMARISED:
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                        f"{op}[T={C.dt_enum(input._dtype)}, output_dtype="
                                        f"{C.dt_enum(output_dtype)}, tensor_debug_mode="
                                        f"{tensor_debug_mode}, tensor_id={tensor_id}] [Op:{op}]")
    size = _SUMMARY_SIZE.get(tensor_debug_mode)
    if size is None:
        raise UnimplementedError(None, None, f"Unimplemented tensor debug mode: "
                                             f"{tensor_debug_mode} [Op:{op}]")
    return [((size,), output_dtype)]


def _summary_kernel(xp: Any, x: Any, tensor_debug_mode: int = -1, tensor_id: int = -1,
                    output_dtype: Any = dt.float32) -> Any:
    out = output_dtype.as_numpy_dtype
    # (infer took a number for either attr, truncated as TF's wrapper does: the kernel
    # reads the same ints, so that mode 2.5 is mode 2 here too)
    tensor_debug_mode, tensor_id = int(tensor_debug_mode), int(tensor_id)
    if tensor_debug_mode == SHAPE:
        dims = list(x.shape[-_SHAPE_SLOTS:]) if x.ndim else []
        dims += [0] * (_SHAPE_SLOTS - len(dims))
        return xp.asarray([tensor_id, _enum(x), x.ndim, x.size] + dims, dtype=out)
    floating = dt.as_dtype(x.dtype).is_floating
    # (bfloat16 has no inf tests of its own in NumPy: counted as float64, exactly)
    a = x.astype(np.float64) if x.dtype == dt.bfloat16.as_numpy_dtype else x
    none = xp.zeros(x.shape, bool)
    neg_inf, pos_inf, nan = (xp.isneginf(a), xp.isposinf(a), xp.isnan(a)) if floating else \
        (none, none, none)
    if tensor_debug_mode == THREE_SLOTS:
        return xp.stack([xp.where(neg_inf.any(), -np.inf, 0.0),
                         xp.where(pos_inf.any(), np.inf, 0.0),
                         xp.where(nan.any(), np.nan, 0.0)]).astype(out)
    ident = xp.asarray(float(tensor_id))
    if tensor_debug_mode == CURT_HEALTH:
        return xp.stack([ident, (neg_inf | pos_inf | nan).any().astype(np.float64)]).astype(out)
    counts = [c.sum().astype(np.float64) for c in (neg_inf, pos_inf, nan)]
    if tensor_debug_mode == CONCISE_HEALTH:
        return xp.stack([ident, xp.asarray(float(x.size))] + counts).astype(out)
    # FULL_HEALTH: id, device type (-1: unspecified, as TF writes it), dtype, rank, size,
    # the three counts, then the finite values below, at and above zero
    finite = xp.isfinite(a) if floating else xp.ones(x.shape, bool)
    signs = [(finite & cmp).sum().astype(np.float64) for cmp in (a < 0, a == 0, a > 0)]
    head = [xp.asarray(float(v)) for v in (-1, _enum(x), x.ndim, x.size)]
    return xp.stack([ident] + head + counts + signs).astype(out)


def _enum(a: Any) -> int:
    """TF's DataType number of an array's dtype."""
    return dt.as_dtype(a.dtype)._enum


def _summary_reference(input: Any, tensor_debug_mode: int = -1,  # noqa: A002
                       tensor_id: int = -1, output_dtype: Any = dt.float32) -> np.ndarray:
    """Element by element, in plain Python: the counts each mode keeps."""
    x = np.asarray(input)
    vals = [float(v) for v in x.reshape(-1)]
    ninf = sum(v == -np.inf for v in vals)
    pinf = sum(v == np.inf for v in vals)
    nan = sum(v != v for v in vals)
    fin = [v for v in vals if v == v and abs(v) != np.inf]
    enum = dt.as_dtype(x.dtype)._enum
    rows = {
        CURT_HEALTH: [tensor_id, 1.0 if ninf + pinf + nan else 0.0],
        CONCISE_HEALTH: [tensor_id, len(vals), ninf, pinf, nan],
        FULL_HEALTH: [tensor_id, -1, enum, x.ndim, len(vals), ninf, pinf, nan,
                      sum(v < 0 for v in fin), sum(v == 0 for v in fin), sum(v > 0 for v in fin)],
        SHAPE: [tensor_id, enum, x.ndim, len(vals)] + (list(x.shape)[-6:] + [0] * 6)[:6],
        THREE_SLOTS: [-np.inf if ninf else 0.0, np.inf if pinf else 0.0, np.nan if nan else 0.0],
    }
    return np.array(rows[tensor_debug_mode], dtype=output_dtype.as_numpy_dtype)


def _summary_samples() -> list:
    inf, nan = np.inf, np.nan
    mixed = np.array([[1.0, -inf, inf, nan], [0.0, -2.0, 3.0, 0.0]], np.float32)
    out = [Sample((mixed,), {"tensor_debug_mode": m, "tensor_id": 7}, grad=False)
           for m in (CURT_HEALTH, CONCISE_HEALTH, FULL_HEALTH, SHAPE, THREE_SLOTS)]
    out += [
        Sample((np.array([1, 2, 3], np.int32),), {"tensor_debug_mode": FULL_HEALTH,
                                                   "tensor_id": 3}, grad=False),
        Sample((np.array([True, False]),), {"tensor_debug_mode": CURT_HEALTH}, grad=False),
        Sample((np.zeros((0, 3), np.float32),), {"tensor_debug_mode": FULL_HEALTH}, grad=False),
        Sample((np.zeros((2, 3, 4, 5, 6, 7, 8)),), {"tensor_debug_mode": SHAPE, "tensor_id": 3,
                                                    "output_dtype": dt.float64}, grad=False),
        Sample((np.array(1.5, np.float16),), {"tensor_debug_mode": FULL_HEALTH}, grad=False),
    ]
    return out


DEBUG_NUMERIC_SUMMARY_V2 = register(OpDef(
    "DebugNumericSummaryV2", _summary_infer, _summary_kernel,
    reference=_summary_reference,
    samples=_summary_samples,
    bad_samples=lambda: [
        BadSample((np.array([1.0]),), {"tensor_debug_mode": 99}, UnimplementedError,
                  "Unimplemented tensor debug mode: 99"),
        BadSample((np.array([1.0]),), {"tensor_debug_mode": 1}, UnimplementedError,
                  "Unimplemented tensor debug mode: 1"),
        BadSample((np.array([1.0]),), {"tensor_debug_mode": 4, "output_dtype": dt.int32},
                  InvalidArgumentError, "Value for attr 'output_dtype' of int32 is not in the "
                                        "list of allowed values: float, double"),
        BadSample((np.array(["a"], object),), {"tensor_debug_mode": 4}, NotFoundError,
                  "Could not find device for node: {{node DebugNumericSummaryV2}}")],
))


def debug_numeric_summary_v2(input: Any, output_dtype: Any = dt.float32,  # noqa: A002
                             tensor_debug_mode: int = -1, tensor_id: int = -1,
                             name: str | None = None) -> Any:
    t = input if isinstance(input, Tensor) else convert_to_tensor(input)
    return bind(DEBUG_NUMERIC_SUMMARY_V2, (t,), {
        "tensor_debug_mode": int(tensor_debug_mode), "tensor_id": int(tensor_id),
        "output_dtype": dt.as_dtype(output_dtype)}, name)


# ---------------------------------------------------------------------------------------
# DebugIdentityV2
# ---------------------------------------------------------------------------------------

# The tfdbg writer a DebugIdentityV2 hands its tensor to: `sink(dump_root, attrs, array,
# device)`, installed by summary/tfdbg_dump.py when it loads. None: nothing is written.
DEBUG_SINK: list = [None]


def _identity_kernel(xp: Any, x: Any, **attrs: Any) -> Any:
    sink = DEBUG_SINK[0]
    if sink is not None:
        for url in attrs["debug_urls"]:
            if url.startswith("file://"):
                sink(url[len("file://"):], attrs, x, _state.device)
    return x


_IDENTITY_ATTRS = {"tfdbg_context_id": "", "op_name": "", "output_slot": -1,
                   "tensor_debug_mode": -1, "debug_urls": (), "circular_buffer_size": 1000,
                   "tfdbg_run_id": ""}

def _identity_infer(x: Any, **attrs: Any) -> list:
    op = "DebugIdentityV2"
    for name in ("tfdbg_context_id", "op_name", "tfdbg_run_id"):
        _string_attr(op, name, attrs[name])
    for name in ("output_slot", "tensor_debug_mode", "circular_buffer_size"):
        _int_attr(op, name, attrs[name])
    for url in attrs["debug_urls"]:  # (a string is read as its characters, as by TF)
        if not _string_attr(op, "debug_urls", url).startswith("file://"):
            raise InternalError(None, None, f"Unsupported debug URL schema in: {url} "
                                            "[Op:DebugIdentityV2]")
    return [(x._shape, x._dtype)]


DEBUG_IDENTITY_V2 = register(OpDef(
    "DebugIdentityV2", _identity_infer, _identity_kernel,
    grad=lambda n, g: [g],
    reference=lambda x, **attrs: np.array(x, copy=True),
    samples=lambda: [Sample((np.array([1.0, -2.0]),), dict(_IDENTITY_ATTRS))],
    bad_samples=lambda: [
        BadSample((np.array([1.0]),), {**_IDENTITY_ATTRS, "debug_urls": (3,)}, TypeError,
                  "Expected string for argument 'debug_urls' not 3."),
        BadSample((np.array([1.0]),), {**_IDENTITY_ATTRS, "debug_urls": "file:///x"},
                  InternalError, "Unsupported debug URL schema in: f"),
        BadSample((np.array([1.0]),), {**_IDENTITY_ATTRS, "output_slot": "a"}, TypeError,
                  "Expected int for argument 'output_slot' not 'a'."),
        BadSample((np.array([1.0]),), {**_IDENTITY_ATTRS, "tfdbg_context_id": 3}, TypeError,
                  "Expected string for argument 'tfdbg_context_id' not 3.")],
    stateful=True,
    gpu=False,  # tfdbg writes host values
))


def debug_identity_v2(input: Any, name: str | None = None, **attrs: Any) -> Any:  # noqa: A002
    t = input if isinstance(input, Tensor) else convert_to_tensor(input)
    values = dict(_IDENTITY_ATTRS)
    unknown = set(attrs) - set(values)
    if unknown:
        raise TypeError(f"debug_identity_v2() got unexpected keyword arguments: "
                        f"{sorted(unknown)}")
    values.update((k, v) for k, v in attrs.items() if v is not None)
    urls = values["debug_urls"]
    values["debug_urls"] = tuple(urls) if isinstance(urls, (list, tuple, str)) else urls
    return bind(DEBUG_IDENTITY_V2, (t,), values, name)


# ---------------------------------------------------------------------------------------
# tf.debugging.enable_check_numerics: an op callback, as TF's.
# ---------------------------------------------------------------------------------------

# Ops TF's op callbacks never instrument (control flow, calls, ...), and the frequent ones
# its numerics check skips as safe (they move values, they make none).
SKIP_OPS = frozenset((
    "Enter", "Exit", "Identity", "If", "LoopCond", "Merge", "NextIteration", "StatelessIf",
    "StatefulPartitionedCall", "Switch", "While", "RemoteCall", "TPUReplicatedInput",
    "TPUReplicateMetadata", "TPUCompilationResult", "TPUReplicatedOutput",
    "ConfigureDistributedTPU", "DestroyResourceOp"))
SAFE_OPS = frozenset((
    "Concat", "ConcatV2", "ExpandDims", "Fill", "Gather", "Maximum", "Minimum", "Reshape",
    "Slice", "Squeeze", "Stack", "StridedSlice", "StridedSliceGrad", "TensorListConcatV2",
    "TensorListGather", "TensorListGetItem", "TensorListPopBack", "TensorListStack",
    "Transpose", "Unpack"))
# Outputs that are NaN by design (a batch norm's statistics of an empty batch).
IGNORED_OUTPUTS = frozenset(
    [(f"FusedBatchNorm{v}", i) for v in ("", "V2") for i in (1, 2, 3, 4)] +
    [("FusedBatchNormV3", i) for i in (1, 2, 3, 4, 5)])

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_HERE = (os.path.abspath(__file__), os.path.abspath(dispatch.__file__))
_checks = threading.local()


def _limit(text: str, limit: int | None) -> str:
    return text if limit is None or len(text) <= limit else "..." + text[-limit:]


def creation_stack(skip: tuple = ()) -> list:
    """(file, line, function) of each frame that made the op being run or added,
    outermost first, up to where it reached bind (the callback machinery, and the files
    in `skip`, left out of the innermost end)."""
    frames = []
    f = sys._getframe(1)
    while f is not None:
        frames.append((f.f_code.co_filename, f.f_lineno, f.f_code.co_name))
        f = f.f_back
    frames.reverse()
    machinery = _HERE + tuple(skip)
    while frames and os.path.abspath(frames[-1][0]) in machinery:
        frames.pop()
    return frames


def is_library_file(path: str) -> bool:
    """Whether a frame is eagerflow's own code, not the user's (TF's test: its package)."""
    return os.path.abspath(path).startswith(_PACKAGE_DIR + os.sep) and \
        not path.endswith("_test.py")


def numerics_message(slot: int, num_outputs: int, op_type: str, tensor: Any, inputs: tuple,
                     graph: Any = None, stack: list | None = None,
                     stack_height_limit: int | None = 30,
                     path_length_limit: int | None = 50) -> str:
    """TF's text for an output of `op_type` holding Inf or NaN: what it is, its eager
    counts, its inputs, and in a graph the graph's name and the stack of its creation."""
    where = "graph" if graph is not None else "eagerly-executing"
    lines = ["", "", f'!!! Detected Infinity or NaN in output {slot} of {where} op '
                     f'"{op_type}" (# of outputs: {num_outputs}) !!!',
             f"  dtype: {tensor.dtype!s}", f"  shape: {TensorShape(tensor.shape)}"]
    if graph is None:
        a = tensor.numpy()
        for what, n in (("-Inf", np.isneginf(a).sum()), ("+Inf", np.isposinf(a).sum()),
                        ("+NaN", np.isnan(a).sum())):
            if n:
                lines.append(f"  # of {what} elements: {n}")
    if len(inputs) > 1:
        lines += ["", f"  Input tensors ({len(inputs)}):"]
        lines += [f"         {i}: {x!s}" for i, x in enumerate(inputs)]
    elif inputs:
        lines += ["", f"  Input tensor: {inputs[0]!s}"]
    name = getattr(graph, "name", None) if getattr(graph, "building_function", False) else None
    if name:
        lines.append(f'  Graph name: "{name}"')
    if graph is not None and stack:
        lines += ["", '  Stack trace of op\'s creation ("->": inferred user code):']
        if stack_height_limit is not None and len(stack) > stack_height_limit:
            lines.append(f"    + ... (Omitted {len(stack) - stack_height_limit} frames)")
            stack = stack[-stack_height_limit:] if stack_height_limit else []
        for path, lineno, func in stack:
            mark = "    " if is_library_file(path) else " -> "
            # (TF's frames carry no source text: an empty line under each)
            lines += [f"    + {_limit(path, path_length_limit)} (L{lineno}) {func}", f"{mark}|   "]
    return "\n".join(lines) + "\n\n"


class CheckNumericsCallback:
    """The op callback of one thread's `enable_check_numerics`."""

    def __init__(self, stack_height_limit: int | None, path_length_limit: int | None) -> None:
        self.stack_height_limit = stack_height_limit
        self.path_length_limit = path_length_limit

    def __call__(self, op_type: str, inputs: tuple, attrs: dict, outputs: tuple,
                 op_name: str | None = None, graph: Any = None) -> None:
        if op_type in SKIP_OPS or op_type in SAFE_OPS:
            return None
        if graph is None:
            if op_type != "CheckNumericsV2":
                self._check_eager(op_type, inputs, outputs)
            return None
        if not graph.building_function:
            return None  # (a v1 graph's Session runs only what its fetches need)
        node = next(n for n in reversed(graph.operations) if n.name == op_name)
        stack = None
        for slot, out in enumerate(outputs):
            if out.dtype.is_floating and (op_type, slot) not in IGNORED_OUTPUTS:
                stack = creation_stack() if stack is None else stack
                self._check_in_graph(node, slot, out, inputs, graph, stack)
        return None

    def _check_eager(self, op_type: str, inputs: tuple, outputs: tuple) -> None:
        for slot, out in enumerate(outputs):
            if not (out.dtype.is_floating and (op_type, slot) not in IGNORED_OUTPUTS):
                continue
            xp = _state.xp if type(out._arr) is not np.ndarray else np
            if bool(xp.isfinite(out._arr).all()):
                continue  # (the message is built only when it is shown)
            check_numerics_v2(out, numerics_message(
                slot, len(outputs), op_type, out, inputs,
                stack_height_limit=self.stack_height_limit,
                path_length_limit=self.path_length_limit))

    def _check_in_graph(self, node: Any, slot: int, out: Any, inputs: tuple, graph: Any,
                        stack: list) -> None:
        message = numerics_message(slot, len(node.outputs), node.type, out, inputs, graph,
                                   stack, self.stack_height_limit, self.path_length_limit)
        with in_scope_of(node):
            summary = debug_numeric_summary_v2(out, tensor_debug_mode=THREE_SLOTS,
                                               name="DebugNumericSummaryV2")
            op = UNRUN_CHECK_NUMERICS_V2 if node.type == "Placeholder" else CHECK_NUMERICS_V2
            bind(op, (summary,), {"message": message}, "CheckNumericsV2")


@contextlib.contextmanager
def in_scope_of(node: Any) -> Iterator[None]:
    """The name scope TF's callbacks add a node's instrumentation in: the node's own (a
    constant's or an input's: the scope it was made in)."""
    if node.type in ("Const", "Placeholder"):
        scope = node.name.rsplit("/", 1)[0] if "/" in node.name else ""
    else:
        scope = node.name
    saved = _state.name_scopes
    _state.name_scopes = [scope] if scope else []
    try:
        yield
    finally:
        _state.name_scopes = saved


def enable_check_numerics(stack_height_limit: int = 30, path_length_limit: int = 50) -> None:
    """Makes any op this thread runs eagerly or in a tf.function traced from now on raise
    InvalidArgumentError when a float output holds Inf or NaN (TF's tfdbg v2 check)."""
    if getattr(_checks, "callback", None) is None:
        _checks.callback = CheckNumericsCallback(stack_height_limit, path_length_limit)
    dispatch.add_op_callback(_checks.callback)


def disable_check_numerics() -> None:
    callback = getattr(_checks, "callback", None)
    if callback is None:
        return
    try:
        dispatch.remove_op_callback(callback)
    except KeyError:
        pass
    _checks.callback = None
