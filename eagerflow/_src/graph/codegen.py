"""Code generation: an optimized graph becomes one straight-line Python function.

Sits at the top of graph/. Every operation becomes one line over raw arrays, written
by a small emitter chosen from what its OpDef declares (no table of op names): an op
whose kernel is exactly a NumPy ufunc is emitted as that ufunc (or as its Python
operator when the operands are scalars, where NumPy's scalar arithmetic is several
times faster than a ufunc call); an op whose outputs are its inputs is an alias;
every other op calls its OpDef kernel. Constants, variables and kernels are bound in
the function's globals, so a call costs one Python call plus the kernels. Large
elementwise results whose buffer dies at the next elementwise op are reused in place
(`out=`), which saves the allocation and a pass over memory.

That is the CPU's path. Generated for a GPU (a tf.function's whole step through
device_program.py, control flow bodies, tf.data functions run there), every op is placed
when the code is written, as dispatch.run_on places the eager op: ops without a GPU
kernel or with host-only data (strings) run on CPU:0 by soft placement, the others call
their kernel over the device's array module. Placement is a matter of dtypes, which the
graph knows, so the code holds no per-op checks: only the copies run_on would make
(a value made on the host and read on the device, or the other way), each made once
per call, and a type test of each kernel's result (a kernel may return a scalar).
Constants are copied to the device when the function is made; a scalar constant that
feeds an op that is one ufunc stays a scalar (a kernel argument, as eager passes
`x * 2.0`). A fused group of elementwise ops (fusion.py) is one launch of its
generated kernel where the backend compiles CUDA, else its ops one by one.
"""

from __future__ import annotations

import functools
import itertools
import keyword
import math
import re
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src import backend as B
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import trace_events
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.graph import fusion
from eagerflow._src.graph.ir import CONST, PLACEHOLDER, READ_VAR, Graph
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops.checks import num_elements
from eagerflow._src.ops.dispatch import run_on
from eagerflow._src.ops.held_arrays import (
    handle_device,
    host_outputs,
    host_positions,
    host_result,
    is_variant,
    onto_device,
    out_of_memory,
    variant_op_result,
)
from eagerflow._src.ops.registry import PACKET

INPLACE_MIN_ELEMENTS = 1 << 14

_fn_ids = itertools.count()


def _scalar_ok(d: Any) -> bool:
    return (d.is_floating or d.is_integer or d.is_bool or d.is_complex) and d.name != "bfloat16"


def _safe(name: str) -> str:
    s = "".join(c if c.isalnum() else "_" for c in name)
    if not s or s[0].isdigit() or keyword.iskeyword(s):
        s = "f_" + s
    return s


class Generated:
    """A compiled graph: `fn(*arrays)` and the source it was compiled from."""

    __slots__ = ("fn", "source", "name")

    def __init__(self, fn: Callable, source: str, name: str) -> None:
        self.fn = fn
        self.source = source
        self.name = name


# Generated code -> its source lines: which node a failing line belongs to (node_at).
_SOURCES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_NODE_COMMENT = re.compile(r"  # \S+ '(.*)'$")


def node_at(code: Any, lineno: int) -> str | None:
    """The name of the graph node whose generated code is at `lineno` of `code` (a node's
    last line carries its name in a comment), or None when `code` is not generated here."""
    lines = _SOURCES.get(code)
    if lines is None:
        return None
    for line in lines[lineno - 1:]:
        m = _NODE_COMMENT.search(line)
        if m:
            return m.group(1)
    return None


class _Writer:
    """The function being written: its lines, globals, and what is known of each tensor."""

    def __init__(self, graph: Graph, outputs: list, inplace: bool) -> None:
        self.graph = graph
        self.inplace = inplace
        self.ns: dict = {"__name__": "eagerflow._generated", "_xp": _state.xp, "_np": np,
                         "_asarray": np.asarray, "_ET": EagerTensor}
        self.names: dict = {}     # id(tensor) -> expression
        self.scalar: set = set()  # ids of tensors held as NumPy scalars
        self.fresh: set = set()   # ids of tensors whose buffer the function allocated
        self.lines: list[str] = []
        self.counter = itertools.count()
        # uses of every tensor, for in-place buffer reuse
        self.use_count: dict = {}
        for node in graph.operations:
            for x in node.inputs:
                if type(x) is SymbolicTensor:
                    self.use_count[id(x)] = self.use_count.get(id(x), 0) + 1
        self.escaped = {id(t) for t in outputs if type(t) is SymbolicTensor}

    def bind_global(self, prefix: str, value: Any) -> str:
        key = f"_{prefix}{next(self.counter)}"
        self.ns[key] = value
        return key

    def ref(self, x: Any) -> str:
        if type(x) is SymbolicTensor:
            return self.names[id(x)]
        return self.bind_global("v", x)

    def temp(self) -> str:
        return f"t{next(self.counter)}"

    def all_scalar(self, node: Any) -> bool:
        return bool(node.inputs) and all(
            type(x) is SymbolicTensor and id(x) in self.scalar for x in node.inputs)


# ---------------------------------------------------------------------------------------
# Emitters: one per kind of operation.
# ---------------------------------------------------------------------------------------

def _emit_placeholder(w: _Writer, node: Any) -> None:
    if id(node.outputs[0]) not in w.names:
        # a TF 1 placeholder made inside a function: TF traces it and fails when it runs
        fail = w.bind_global("unfed", functools.partial(_unfed, node))
        w.names[id(node.outputs[0])] = t = w.temp()
        w.lines.append(f"{t} = {fail}()")


def unfed_message(node: Any) -> str:
    """TF's message for a placeholder `node` run without a value fed to it."""
    shape = node.attrs["shape"]
    dims = "" if not shape else \
        " and shape [" + ",".join("?" if d is None else str(d) for d in shape) + "]"
    d = dtype_word(node.attrs["dtype"])  # (TF's C++ name)
    return f"You must feed a value for placeholder tensor '{node.name}' with dtype {d}{dims}"


def _unfed(node: Any) -> None:
    raise InvalidArgumentError(None, None, unfed_message(node))


def _emit_const(w: _Writer, node: Any) -> None:
    value, out = node.attrs["value"], node.outputs[0]
    if value.ndim == 0 and _scalar_ok(node.attrs["dtype"]) and w.ns["_xp"] is np:
        w.names[id(out)] = w.bind_global("c", value[()])
        w.scalar.add(id(out))
    else:
        w.names[id(out)] = w.bind_global("c", CONST.kernel(w.ns["_xp"], value, None))


def _held_array(var: Any) -> Any:
    """The array `var` holds now, or None (a TF 1 graph's variable before its initializer
    ran in the session compiling this: its values are host arrays)."""
    try:
        return getattr(var, "_arr", None)
    except OpError:
        return None


def _emit_read_variable(w: _Writer, node: Any) -> None:
    t, var = w.temp(), node.inputs[0]
    read = f"{w.ref(var)}._arr"
    if type(var) is not SymbolicTensor and type(_held_array(var)) not in (
            np.ndarray, type(None)) and w.ns["_xp"] is np:
        # a GPU's variable read by code for the host (a function called under
        # tf.device("/CPU:0")): copied over, as TF copies it from where it lives
        w.ns["_tohost"] = B.to_host
        read = f"_tohost({read})"
    w.lines.append(f"{t} = {read}")
    w.names[id(node.outputs[0])] = t


def _emit_alias(w: _Writer, node: Any) -> None:
    """An op whose output is its input (Identity, StopGradient): no line at all."""
    src = node.inputs[0]
    w.names[id(node.outputs[0])] = w.ref(src)
    if id(src) in w.scalar:
        w.scalar.add(id(node.outputs[0]))


def _emit_ufunc(w: _Writer, node: Any) -> None:
    """The op's NumPy ufunc, its Python operator on scalars, or the ufunc writing into the
    buffer of an input that dies here."""
    op, out = node.op, node.outputs[0]
    ins = [w.ref(x) for x in node.inputs]
    t = w.temp()
    all_scalar = w.all_scalar(node)
    if all_scalar and op.operator:
        expr = f"({op.operator}{ins[0]})" if len(ins) == 1 else \
            f"({ins[0]} {op.operator} {ins[1]})"
        w.lines.append(f"{t} = {expr}")
        w.scalar.add(id(out))
    else:
        fname = w.bind_global("u", op.ufunc)
        target = _inplace_target(node, w.use_count, w.fresh, w.escaped) if w.inplace else None
        if target is not None:
            w.lines.append(f"{t} = {fname}({', '.join(ins)}, out={w.names[id(target)]})")
        else:
            w.lines.append(f"{t} = {fname}({', '.join(ins)})")
        if all_scalar and out._shape == ():
            w.scalar.add(id(out))
        elif out._dtype is dt.string and (out._shape is None or out._shape == ()):
            # a ufunc of 0-d object arrays returns the bare object (bytes): the string
            # kernels after it take arrays
            w.lines.append(f"{t} = _asarray({t}, object)")
        w.fresh.add(id(out))
    w.names[id(out)] = t


def _emit_kernel(w: _Writer, node: Any) -> None:
    """Any other op: a call of its OpDef kernel with its attrs bound as globals."""
    _write_call(w, node, node.op.kernel, ["_xp"] + [w.ref(x) for x in node.inputs])


def _emit_half(w: _Writer, node: Any) -> None:
    """A float16/bfloat16 node of an op with a half_kernel: a call of it on the arrays."""
    _write_call(w, node, node.op.half_kernel, [w.ref(x) for x in node.inputs])


def _write_call(w: _Writer, node: Any, fn: Callable, args: list) -> list:
    """Writes `fn(args..., attrs...)` (attrs bound as globals) assigned to a new temp per
    output of `node`, which then names them; returns the temps."""
    outs = node.outputs
    fname = w.bind_global("k", fn)
    parts = args + [f"{k}={w.bind_global('a', v)}" for k, v in node.attrs.items()]
    call = f"{fname}({', '.join(parts)})"
    temps = [w.temp() for _ in outs]
    if not outs:
        w.lines.append(call)
    elif len(outs) == 1 and node.op.num_outputs == 1:
        w.lines.append(f"{temps[0]} = {call}")
    else:
        w.lines.append(f"{', '.join(temps)}{',' if len(temps) == 1 else ''} = {call}")
    for o, t in zip(outs, temps):
        w.names[id(o)] = t
    return temps


# The graph's own ops, which have no kernel to call.
_GRAPH_OPS = {id(PLACEHOLDER): _emit_placeholder, id(CONST): _emit_const,
              id(READ_VAR): _emit_read_variable}


_HALF = frozenset((dt.float16, dt.bfloat16))  # an OpDef's half_kernel is theirs
_COMPLEX = frozenset((dt.complex64, dt.complex128))  # and its complex_kernel these


def _emit_small(w: _Writer, node: Any) -> None:
    """A float32 node of fewer than PACKET values of an op with a small_kernel (TF's scalar
    path: the C library's function): a call of it, a scalar kept a scalar."""
    out = node.outputs[0]
    _write_call(w, node, node.op.small_kernel, [w.ref(node.inputs[0])])
    if w.all_scalar(node) and out._shape == ():
        w.scalar.add(id(out))
    w.fresh.add(id(out))


def _small(node: Any) -> Callable | None:
    """The emitter of an op with a small_kernel for a float32 node: _emit_small where the
    node has fewer than PACKET values, the kernel (deciding at run time) where its size is
    unknown, None (the usual emitter) where it has more."""
    if node.op.small_kernel is None or node.attrs or len(node.outputs) != 1:
        return None
    out = node.outputs[0]
    if out._dtype is not dt.float32:
        return None
    if out._shape is None or None in out._shape:
        return _emit_kernel
    return _emit_small if math.prod(out._shape) < PACKET else None


def _emitter(node: Any, xp: Any) -> Callable:
    op = node.op
    special = _GRAPH_OPS.get(id(op))
    if special is not None:
        return special
    if op.forward_identity and len(node.inputs) == 1:
        return _emit_alias
    if op.half_kernel is not None and not node.attrs and node.outputs[0]._dtype in _HALF:
        return _emit_half
    small = _small(node)
    if small is not None:
        return small
    if op.complex_kernel is not None and node.outputs[0]._dtype in _COMPLEX:
        return _emit_kernel  # (its kernel takes the complex_kernel)
    if op.ufunc is not None and len(node.outputs) == 1 and not node.attrs:
        # (a node with attrs is its kernel's: Equal with incompatible_shape_error=False)
        return _emit_ufunc
    return _emit_kernel


def generate(graph: Graph, outputs: list | None = None, name: str = "graph_fn",
             wrap: bool = False, inplace: bool = True, place: Any = None,
             groups: list | tuple = (), profile: bool = False,
             host: bool = False, body: bool = False) -> Generated:
    """Compiles `graph` into `fn(*input_arrays) -> tuple` of arrays (or of EagerTensors
    when `wrap`). `outputs` defaults to graph.outputs; its entries may be non-graph
    values (returned as they are). The code is for `place` (a core.device._Device;
    default: this thread's device); on a GPU, `groups` are fusion.plan's groups of the
    graph, each run as one kernel where the backend compiles CUDA. With `profile`, each
    op's lines are timed as a `<node>:<type>` event for tf.profiler. `host`: code for
    CPU:0 whatever device it is called on (tf.data's functions), its wrapped results
    tensors there (else the calling thread's device's). `body`: code for a branch or a
    loop's body, whose int32 results made on the host stay there (the op holding it hands
    them on), where a function's own leave as the device's tensors."""
    outputs = list(graph.outputs if outputs is None else outputs)
    if host and _state.device is not CPU_DEVICE:
        with D.placed_on(CPU_DEVICE):
            return generate(graph, outputs, name, wrap, inplace, None, groups, profile, True,
                            body)
    if place is None:
        place = _state.place
    if _state.xp is not np or (place is not None and place.backend is not B.NUMPY):
        return _generate_on_device(graph, outputs, name, wrap, place, groups, profile, body)
    w = _Writer(graph, outputs, inplace)
    w.ns["_host"] = CPU_DEVICE
    args = []
    for i, t in enumerate(graph.fed_inputs):
        args.append(f"a{i}")
        w.names[id(t)] = f"a{i}"
    for i, t in enumerate(graph.fed_inputs):
        if t._shape == () and _scalar_ok(t._dtype):
            w.lines.append(f"a{i} = a{i}[()]")
            w.scalar.add(id(t))
    def emit(node: Any) -> None:
        _emitter(node, w.ns["_xp"])(w, node)

    _write_nodes(w, graph.operations, _profiled(w, emit) if profile else emit)
    rets = []
    for t in outputs:
        expr = w.ref(t) if type(t) is SymbolicTensor else w.bind_global("o", t)
        if type(t) is SymbolicTensor:
            if (t._shape is None or t._shape == ()) and t._dtype is not dt.variant:
                # not a TensorArray flow: a tuple stays one; a bytes scalar stays an object
                # (NumPy's fixed-width bytes would drop trailing NULs)
                expr = f"_asarray({expr}, object)" if t._dtype is dt.string else \
                    f"_asarray({expr})"
            if wrap:
                on = ", _host" if host else ""
                expr = f"_ET({expr}, {w.bind_global('d', t._dtype)}{on})"
        rets.append(expr)
    return _compile_function(w, name, args, w.lines + [_return_line(rets)])


def _write_nodes(w: _Writer, nodes: list, emit: Callable) -> None:
    """Emits each node's lines, the last line of each carrying the node in a comment
    (what node_at reads back when a line fails)."""
    n_before, prev = len(w.lines), ""
    for node in nodes:
        if w.lines and n_before < len(w.lines):
            w.lines[-1] += f"  # {prev}"  # the op a line came from
        n_before = len(w.lines)
        prev = f"{node.op.name} {node.name!r}"
        emit(node)
    if w.lines and n_before < len(w.lines):
        w.lines[-1] += f"  # {prev}"


def _profiled(w: _Writer, emit_node: Callable) -> Callable:
    """`emit_node`, each op that runs code timed (a variable's read is not an op's work)
    as TF's executor records a kernel: `<node name>:<op type>`, shown as its type. (On a
    GPU the span is the host's: the launch, or the wait where the op reads back.)"""
    w.ns["_now"], w.ns["_event"] = trace_events.now, trace_events.add

    def emit(node: Any) -> None:
        n_before = len(w.lines)
        w.lines.append("_p = _now()")
        emit_node(node)
        if len(w.lines) == n_before + 1 or node.op is READ_VAR:
            del w.lines[n_before]
            return
        label = w.bind_global("n", f"{node.name}:{node.type}")
        w.lines.append(f"_event({label}, _p, _now(), None, {w.bind_global('n', node.type)})")
    return emit


def _return_line(rets: list) -> str:
    return f"return ({', '.join(rets)}{',' if len(rets) == 1 else ''})"


def _compile_function(w: _Writer, name: str, args: list, body: list) -> Generated:
    fn_name = _safe(name) + f"_{next(_fn_ids)}"
    source = f"def {fn_name}({', '.join(args)}):\n" + "".join(f"    {ln}\n" for ln in body)
    code = compile(source, f"<tf.function {name}>", "exec")
    exec(code, w.ns)  # noqa: S102 - our own generated source
    fn = w.ns[fn_name]
    _SOURCES[fn.__code__] = source.splitlines()
    return Generated(fn, source, fn_name)


# ---------------------------------------------------------------------------------------
# Code for a device: every op placed while writing, as dispatch.run_on places it.
# ---------------------------------------------------------------------------------------

def on_host(node: Any) -> bool | None:
    """Whether run_on runs this node's op on CPU:0 by soft placement (no GPU kernel, or
    host-only data in or out), decided from the graph's dtypes as run_on decides from
    the arrays'; None when that depends on the run: a variant or resource input may be an
    object array (a boxed value) or no array at all (a list, a variable)."""
    op = node.op
    if not op.gpu:
        return True
    if op.holds_variants:
        return _variant_items_on_host(node)
    if op.makes_resource is not None:
        return None  # (where the resource will live: its dtype, or the resource it is given)
    if op.boxes_on_device and any(x._dtype is dt.variant for x in node.inputs
                                  if type(x) is SymbolicTensor):
        return None  # (a device box's stays on the device, another variant's goes to CPU:0)
    for t in node.outputs:
        d = t._dtype
        if d is not None and (d._np is None or D.host_only(d._np)):
            return True
    unsure = False
    for x in node.inputs:
        if type(x) is SymbolicTensor:
            d = x._dtype
            if d is dt.variant or d is dt.resource:
                unsure = True
            elif d is not None and d._np is not None and D.host_only(d._np):
                return True
        elif type(x) in B.ARRAY_TYPES and D.host_only(x.dtype):
            return True
    return None if unsure else False


def _variant_items_on_host(node: Any) -> bool:
    """An op of variants' placement (lists, matrices), as dispatch.run_on's for its arrays:
    CPU:0 where its items (in or out) are strings."""
    for x in node.inputs:
        if type(x) is SymbolicTensor:
            d = x._dtype
            if d is not None and d is not dt.variant and d._np is not None and \
                    D.host_only(d._np):
                return True
        elif type(x) in B.ARRAY_TYPES and D.host_only(x.dtype) and not is_variant(x):
            return True
    return any(t._dtype is not None and t._dtype is not dt.variant and (
        t._dtype._np is None or D.host_only(t._dtype._np)) for t in node.outputs)


def _movers(place: Any) -> dict:
    """The copies run_on makes, as functions of one value: onto the device (`_todev`),
    onto it or as a scalar kernel argument for an op that is one ufunc (`_toarg`), to
    the host (`_tohost`); a value that is no array (a variable, a loop's history)
    passes as it is."""
    b, index, types = place.backend, place.physical, B.ARRAY_TYPES
    holds, copy, generic, ndarray = b.holds, b.to_device, np.generic, np.ndarray

    def todev(a: Any) -> Any:
        if holds(a, index) or not (type(a) in types or isinstance(a, generic)):
            return a
        return copy(a, index)

    def toarg(a: Any) -> Any:
        if (type(a) is ndarray and a.ndim == 0) or isinstance(a, generic):
            return a[()]
        return todev(a)

    def tohost(a: Any) -> Any:
        return B.to_host(a) if type(a) in types else a

    def result(a: Any) -> Any:
        return b.result(a, index)

    def variant_result(a: Any) -> Any:
        return variant_op_result(b, index, a)


    return {"_todev": todev, "_toarg": toarg, "_tohost": tohost, "_res": result,
            "_vres": variant_result, "_wrapv": functools.partial(wrap_variant, place=place),
            "_wraph": wrap_handle,
            "_AT": b.array_type, "_np": np, "_xp": place.xp, "_wrapd": wrap_device,
            "_oncpu": functools.partial(D.placed_on, CPU_DEVICE)}


_MOVERS = {"d": "_todev", "a": "_toarg", "h": "_tohost"}


class _DeviceWriter(_Writer):
    """The function being written for a device: where each value lives, and the copies
    made of it so far."""

    def __init__(self, graph: Graph, outputs: list, place: Any) -> None:
        super().__init__(graph, outputs, inplace=False)
        self.place = place
        self.ns.update(_movers(place))
        self.where: dict = {}   # id(tensor) -> "d" (the device's, or no array), "h", "?"
        self.copies: dict = {}  # (id(tensor), "d" | "a" | "h") -> its copy's name
        self.consts: dict = {}  # id(tensor) -> a constant's host value
        self.device_nodes: dict = {}  # node name -> op name, for ops run on the device
        # id(tensor) of int32 results run on the host and of device kernels' host outputs
        # (_dev_op): the device's copies at the end, where the function returns them
        self.hosted: set = set()
        # id(tensor) of the host outputs of ops placed when they run (a TensorArray's size,
        # where it lives on the device): in host memory or the device's, copied there too
        # where the function returns them
        self.placed_host: set = set()
        self.body = False  # code for a loop's body or a branch (generate's `body`)

    def moved(self, x: Any, mode: str) -> str:
        """`x` as run_on passes it: "d" on the device, "a" a ufunc's operand (on the
        device, or a scalar), "h" on the host; a copy is made once per call."""
        where = self.where[id(x)]
        if (mode == "h") == (where == "h") and where != "?":
            return self.names[id(x)]
        key = (id(x), mode)
        name = self.copies.get(key)
        if name is None:
            mover = _MOVERS[mode]
            if id(x) in self.consts:  # a constant: copied now, once
                name = self.bind_global("c", self.ns[mover](self.consts[id(x)]))
            else:
                name = self.temp()
                self.lines.append(f"{name} = {mover}({self.names[id(x)]})")
            self.copies[key] = name
        return name

    def device_arg(self, x: Any, op: Any, i: int, host: tuple) -> str:
        """Input `i` of `op` run on the device (held_arrays.onto_device's rules; `host`:
        the positions of its host inputs, host_positions)."""
        if type(x) is not SymbolicTensor:
            place = self.place
            return self.bind_global("v", onto_device(place.backend, place.physical, x, op, i,
                                                     host))
        if i in op.shape_inputs or i in op.as_is_inputs or x._dtype is dt.variant:
            return self.names[id(x)]  # (a variant: a host object)
        if i in host:
            return self.moved(x, "h")
        return self.moved(x, "a" if op.scalar_args else "d")

    def host_arg(self, x: Any) -> str:
        if type(x) is not SymbolicTensor:
            return self.bind_global("v", B.to_host(x) if type(x) in B.ARRAY_TYPES else x)
        return self.moved(x, "h")

    def call(self, node: Any, fn: Callable, parts: list, where: str) -> list:
        """Writes `fn(parts..., attrs...)` assigned to new temps (one per output)."""
        temps = _write_call(self, node, fn, parts)
        for o in node.outputs:
            self.where[id(o)] = where
        return temps


def _dev_const(w: _DeviceWriter, node: Any) -> None:
    value, out = node.attrs["value"], node.outputs[0]
    if type(value) not in B.ARRAY_TYPES:
        value = np.asarray(value)
    w.names[id(out)] = w.bind_global("c", value)
    if type(value) is np.ndarray:
        w.where[id(out)], w.consts[id(out)] = "h", value
    else:
        w.where[id(out)] = "?"


def _dev_read_variable(w: _DeviceWriter, node: Any) -> None:
    """A variable's array, on the device (a copy of one created elsewhere) unless its
    dtype is host-only."""
    t, out = w.temp(), node.outputs[0]
    host = out._dtype._np is None or D.host_only(out._dtype._np)
    read = f"{w.ref(node.inputs[0])}._arr"
    w.lines.append(f"{t} = {read}" if host else f"{t} = _todev({read})")
    w.names[id(out)], w.where[id(out)] = t, "h" if host else "d"


def _dev_alias(w: _DeviceWriter, node: Any) -> None:
    src, out = node.inputs[0], node.outputs[0]
    if type(src) is not SymbolicTensor:
        w.names[id(out)], w.where[id(out)] = w.bind_global("v", src), "?"
    elif id(src) in w.hosted:  # (an int32 result made on the host stays there)
        w.names[id(out)], w.where[id(out)] = w.names[id(src)], "h"
        w.hosted.add(id(out))
    elif on_host(node):
        w.names[id(out)], w.where[id(out)] = w.moved(src, "h"), "h"
    else:
        w.names[id(out)], w.where[id(out)] = w.moved(src, "d"), "d"


def _dev_op(w: _DeviceWriter, node: Any) -> None:
    op = node.op
    if op.subgraphs or op.fn is not None:
        _dev_own(w, node)
        return
    host = on_host(node)
    if host is False and _int32_on_host(w, node):
        host = True
        w.hosted.update(id(t) for t in node.outputs)
    if host is None:  # placed when it runs, by run_on itself
        run = functools.partial(_run_placed, w.place, op, [t._dtype for t in node.outputs])
        temps = w.call(node, run, [w.ref(x) for x in node.inputs], "?")
        w.placed_host.update(id(node.outputs[i]) for i in host_outputs(op, temps))
        return
    if host:  # soft placement: the kernel over NumPy, on CPU:0
        # (an input read for its shape alone stays where it is: no copy of its data)
        args = [w.ref(x) if op.shape_only or i in op.shape_inputs else w.host_arg(x)
                for i, x in enumerate(node.inputs)]
        n = len(w.lines)
        temps = w.call(node, op.kernel, ["_np"] + args, "h")
        w.lines[n:] = ["with _oncpu():"] + ["    " + ln for ln in w.lines[n:]]
        w.lines.extend(f"{t} = host_result({t})" for t in temps)
        return
    host_ins = host_positions(op, len(node.inputs))
    args = [w.device_arg(x, op, i, host_ins) for i, x in enumerate(node.inputs)]
    w.device_nodes[node.name] = op.name
    temps = w.call(node, op.kernel, ["_xp"] + args, "d")
    if op.holds_variants:  # (its variants are host objects; their arrays, the device's)
        for t, o in zip(temps, node.outputs):
            w.lines.append(f"{t} = _vres({t})")
            if o._dtype is dt.variant:
                w.where[id(o)] = "h"
        return
    host = host_outputs(op, temps)
    for i, (t, o) in enumerate(zip(temps, node.outputs)):
        if i in host:  # (in host memory, as the kernel gave it)
            w.where[id(o)] = "h"
            w.hosted.add(id(o))
        else:
            w.lines.append(f"if type({t}) is not _AT: {t} = _res({t})")


def _dev_own(w: _DeviceWriter, node: Any) -> None:
    """An op holding a loop's or a call's body, which places its own ops: the values it
    is given pass as they are, but int32 scalars (a loop's limit), which it takes on the
    host as TF holds them (read back here once, not at each step), and its results are
    wherever the body left them."""
    args = [w.moved(x, "h") if type(x) is SymbolicTensor and x._dtype is dt.int32 and
            x._shape == () else w.ref(x) for x in node.inputs]
    for t in w.call(node, node.op.kernel, ["_xp"] + args, "?"):
        w.lines.append(f"{t} = host_result({t})")


def _int32_on_host(w: _DeviceWriter, node: Any) -> bool:
    """Whether an op with a GPU kernel runs on the host anyway, as TF runs it: TF's GPU
    kernels of int32 ops keep their data in host memory, so an int32 op (or comparison)
    of int32 values all on the host (a shape's arithmetic: a gather of its dims, their
    product; a loop's count and its test) runs there, its result read by its users where
    they read shapes, with no copy there and back. In a loop's body or a branch, an int32
    scalar handed in (a loop's counter) is taken as on the host: TF's is."""
    op = node.op
    if op.stateful or op.subgraphs or op.fn is not None or not node.inputs or \
            any(t._dtype is not dt.int32 and t._dtype is not dt.bool for t in node.outputs):
        return False
    for x in node.inputs:
        if type(x) is SymbolicTensor:
            where = w.where.get(id(x))
            if x._dtype is not dt.int32 or not (
                    where == "h" or where == "?" and w.body and x._shape == ()):
                return False
        elif type(x) is not np.ndarray or x.dtype != np.int32:
            return False
    return True


def _dev_group(w: _DeviceWriter, group: Any) -> None:
    """A fused group, at its last node: one launch of its kernel."""
    args = ", ".join(w.moved(x, "d") for x in group.inputs)
    fn = w.bind_global("g", functools.partial(fusion.launch, w.place.backend.launch, group))
    t, out = w.temp(), group.output
    w.lines.append(f"{t} = {fn}([{args}])")
    w.names[id(out)], w.where[id(out)] = t, "d"
    w.device_nodes[(group.reduction or group.nodes[-1]).name] = "Fused"


def _generate_on_device(graph: Graph, outputs: list, name: str, wrap: bool, place: Any,
                        groups: list | tuple, profile: bool = False,
                        body: bool = False) -> Generated:
    w = _DeviceWriter(graph, outputs, place)
    w.body = body
    w.ns["host_result"] = host_result
    args = []
    for i, t in enumerate(graph.fed_inputs):
        args.append(f"a{i}")
        w.names[id(t)], w.where[id(t)] = f"a{i}", "?"
    ends: dict = {}
    inner: set = set()
    if groups and getattr(place.backend, "launch", None) is not None:
        ends = {id(g.reduction or g.nodes[-1]): g for g in groups}
        inner = {id(n) for g in groups for n in g.nodes} - set(ends)

    def emit(node: Any) -> None:
        op = node.op
        if id(node) in inner:
            return
        if id(node) in ends:
            _dev_group(w, ends[id(node)])
        elif op is PLACEHOLDER:
            _emit_placeholder(w, node)
        elif op is CONST:
            _dev_const(w, node)
        elif op is READ_VAR:
            _dev_read_variable(w, node)
        elif op.forward_identity and len(node.inputs) == 1:
            _dev_alias(w, node)
        else:
            _dev_op(w, node)

    _write_nodes(w, graph.operations, _profiled(w, emit) if profile else emit)
    rets = []
    for t in outputs:
        if type(t) is not SymbolicTensor:
            rets.append(w.bind_global("o", t))
            continue
        expr = w.names[id(t)]
        d = t._dtype
        held = d._np is not None and not D.host_only(d._np)  # (not a handle, a string)
        if held and (id(t) in w.consts or id(t) in w.placed_host and not body) or \
                id(t) in w.hosted and not body:
            # a constant output, an int32 one or one in host memory: the device's copy
            expr = w.moved(t, "d")
        # (a variant is a host object: a tensor of the function's device, as the op's that
        # made it; a handle, one of its resource's device)
        wrapper = "_wrapv" if d is dt.variant else "_wraph" if d is dt.resource else "_wrapd"
        rets.append(f"{wrapper}({expr}, {w.bind_global('d', d)})" if wrap else expr)
    # A kernel's MemoryError (a workspace past the device's memory) is TF's
    # ResourceExhaustedError naming the op, as run_on raises it.
    w.ns["_oom"] = functools.partial(_out_of_memory_at, dict(w.device_nodes))
    body = ["try:"] + ["    " + ln for ln in w.lines + [_return_line(rets)]] + \
        ["except MemoryError as e:", "    raise _oom(e) from None"]
    return _compile_function(w, name, args, body)


def _run_placed(place: Any, op: Any, dtypes: list, *arrays: Any, **attrs: Any) -> Any:
    """An op placed when it runs, as its eager op (dispatch.run_on)."""
    return run_on(place, op, arrays, attrs, dtypes)[0]


def _out_of_memory_at(device_nodes: dict, e: MemoryError) -> BaseException:
    """The error to raise for `e`, caught by generated device code: TF's
    ResourceExhaustedError when the failing line runs an op on the device."""
    tb = e.__traceback__
    name = node_at(tb.tb_frame.f_code, tb.tb_lineno) if tb is not None else None
    op_name = device_nodes.get(name) if name is not None else None
    # (the failing line's traceback kept: graph_errors finds the node from it)
    return e if op_name is None else out_of_memory(op_name).with_traceback(tb)


def wrap_device(arr: Any, dtype: Any) -> EagerTensor:
    """A device program's result as a tensor on the device that holds it."""
    if type(arr) not in B.ARRAY_TYPES:
        arr = np.asarray(arr)
    return EagerTensor(arr, dtype, D.device_of(arr).canonical)


def wrap_handle(arr: Any, dtype: Any) -> EagerTensor:
    """A device program's resource result: a handle (host data) as a tensor of the device
    its resource lives on, as the op that made it labels it (dispatch.run_on)."""
    owner = handle_device(arr)
    if owner is not None:
        return EagerTensor(arr, dtype, owner.canonical)
    return wrap_device(arr, dtype)


def wrap_variant(arr: Any, dtype: Any, place: Any) -> EagerTensor:
    """A device program's variant result: a list or a matrix (a host object made by an op
    of the program's device `place`) as a tensor there, as the op's own result is."""
    if is_variant(arr):
        return EagerTensor(arr, dtype, place.canonical)
    return wrap_device(arr, dtype)


def _inplace_target(node: Any, use_count: dict, fresh: set, escaped: set) -> Any:
    """An input whose buffer this elementwise op may overwrite, or None."""
    out = node.outputs[0]
    size = num_elements(out._shape)
    if size is None or size < INPLACE_MIN_ELEMENTS:
        return None
    for x in node.inputs:
        if (type(x) is SymbolicTensor and id(x) in fresh and use_count.get(id(x)) == 1
                and id(x) not in escaped and x._shape == out._shape and x._dtype is out._dtype):
            return x
    return None
