"""bind(): the only way an op runs.

Eager: `infer` validates, the `kernel` computes, results are wrapped, and the op
is recorded on the active tapes only when some tape is active. While a graph is
being traced, the op is handed to that graph instead, which returns symbolic
outputs from `infer`. Nothing else happens on this path, but while device placement
logging, the profiler or an op callback is on: then each eager op runs observed
(_observed), its device logged, its span recorded and the thread's op callbacks called
with its outputs (each node made in a graph is handed to them by the graph: tfdbg's
checks and dumps, TF's op callbacks).

Devices: on CPU (the array module is NumPy) kernels get the inputs' arrays as they
are, and only when a kernel refuses one (an input on another device) are the inputs
copied to the host and the kernel run again, so the CPU path pays nothing for devices.
On another device, inputs that live elsewhere are copied there first, and an op that
has no kernel for it (`OpDef.gpu` False, or string and other host-only data) runs on
CPU:0 instead: TF's soft placement.
"""

from __future__ import annotations

import inspect
import itertools
import operator
from typing import Any, Callable

import numpy as np

from eagerflow._src import backend as B
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import tf_logging, trace_events
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.device import DEVICE_DTYPES as _DEVICE_DTYPES
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    convert_to_tensor,
    is_scalar_operand,
    scalar_pair,
)
from eagerflow._src.ops.composite_dispatch import elementwise
from eagerflow._src.ops.eager_errors import decorate, slow_path
from eagerflow._src.ops.graph_conversion_errors import conversion_error, first_alone
from eagerflow._src.ops.held_arrays import (
    holds_box,
    host_outputs,
    host_positions,
    host_result,
    make_resource,
    onto_device,
    out_of_memory,
    resource_device,
    run_on_resource,
    run_variant_op,
)
from eagerflow._src.ops.registry import PACKET
from eagerflow._src.ops.wrapper_inputs import passed_raw


class Node:
    """One executed op: what tapes record and what gradient functions receive."""

    # `needs`: set by a tape right before it calls the op's gradient, one bool per input
    # (False: no gradient is wanted for it, so a gradient function may skip computing
    # it, as TF's skip_input_indices). None means "all inputs".
    __slots__ = ("op", "inputs", "outputs", "attrs", "needs")

    def __init__(self, op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
        self.op = op
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs
        self.needs = None

    def __repr__(self) -> str:
        return f"Node({self.op.name})"


def wants(n: Any, i: int) -> bool:
    """Whether the tape wants a gradient for input `i` of node `n` (see Node.needs)."""
    needs = getattr(n, "needs", None)
    return needs is None or needs[i]


def needs_of(n: Any) -> tuple:
    """For each input of node `n`, whether the tape wants its gradient (Node.needs; every
    one where the tape says nothing): for a gradient asking of several inputs at once."""
    needs = getattr(n, "needs", None)
    return (True,) * len(n.inputs) if needs is None else needs


# Set by dtensor/ when it loads: runs an eager op one of whose inputs is a DTensor (an
# EagerTensor subclass with a `_layout`), so that the result carries TF's inferred layout.
LAYOUT_HOOK: list = [None]
# Also dtensor/'s: how many default_mesh scopes are open (while any is, eager ops are
# observed) and the function that lays an op's regular results on the default mesh.
MESH_SCOPES: list = [0]
ON_MESH: list = [None]

_HALF_DTYPES = frozenset((dt.float16, dt.bfloat16))  # (a half_kernel's; hashed by identity)
_COMPLEX_DTYPES = frozenset((dt.complex64, dt.complex128))  # (an OpDef's complex_kernel's)
_F32 = dt.float32
_BF16 = dt.bfloat16  # (binary ops' half kernels are bfloat16's flushing: float16's is NumPy's)


def bind(op: Any, inputs: tuple, attrs: dict, name: str | None = None) -> Any:
    """Runs `op` on `inputs` (tensors) with `attrs`; returns a tensor or a tuple of them.
    A traced node is named `name` (a function's name= or its TF default; None: the
    graph's default for the op), made unique in the current name scope."""
    # The thread state's own dict: one thread-local lookup instead of one per attribute.
    st = _state.__dict__
    graph = st["graph"]
    if graph is not None:
        outputs = graph.add_op(op, inputs, attrs, name)
        if st["tapes"]:
            record(op, _graph_inputs(inputs, outputs), outputs, attrs)
        return outputs[0] if op.num_outputs == 1 else outputs
    # unrolled for the common arities: cheaper than a comprehension or map()
    n = len(inputs)
    if n == 2 and inputs[0].__class__ is EagerTensor and inputs[1].__class__ is EagerTensor:
        arrays = (inputs[0]._arr, inputs[1]._arr)
    elif n == 1 and inputs[0].__class__ is EagerTensor:
        arrays = (inputs[0]._arr,)
    else:
        if LAYOUT_HOOK[0] is not None:  # a DTensor input: its layouts propagate (dtensor/)
            for t in inputs:
                if getattr(t, "_layout", None) is not None:
                    return LAYOUT_HOOK[0](op, inputs, attrs, name)
        arrays = _eager_arrays(inputs)
    if _OBSERVE[0] and not st["observing"]:
        return _observed(op, inputs, attrs, name, st)
    # (a try costs nothing until it catches: the error is worded only when one is raised)
    try:
        if st["xp"] is not np:
            return _bind_on_device(op, inputs, arrays, attrs, st)
        specs = op.infer(*inputs, **attrs) if attrs else op.infer(*inputs)
        try:
            if attrs:
                out = op.kernel(np, *arrays, **attrs)
            else:
                uf = op.np_kernel
                if op.half_kernel is not None and specs[0][1] in _HALF_DTYPES:
                    out = op.half_kernel(*arrays)
                elif op.complex_kernel is not None and specs[0][1] in _COMPLEX_DTYPES:
                    out = op.complex_kernel(*arrays)
                elif op.small_kernel is not None and specs[0][1] is dt.float32 and \
                        arrays[0].size < PACKET:  # TF's scalar path (libm32.py)
                    out = op.small_kernel(*arrays)
                elif uf is not None:  # the kernel over NumPy, without xp
                    out = uf(*arrays)
                else:
                    out = op.kernel(np, *arrays)
        except MemoryError:  # a temporary past what infer can size (e.g. conv workspaces)
            raise out_of_memory(op.name) from None
        except TypeError:
            if all(type(a) is _ndarray for a in arrays):
                raise
            # an input on another device: NumPy refused its array; run on host copies
            out = op.kernel(np, *map(B.to_host, arrays), **attrs)
    except OpError as e:
        failed(e, op, inputs, attrs, st, name)
        raise
    if op.num_outputs == 1:
        d = specs[0][1]
        if out.__class__ is _ndarray and out.dtype is d._np:  # (_tensor's common case)
            t = _new(EagerTensor)
            t._arr = out
            t._shape = out.shape
            t._dtype = d
            t._device = st["device"]
        else:
            t = _tensor(out, d, st["device"])
        if tapes := st["tapes"]:  # (one tape: record's common case, inlined)
            (tapes[0]._record_op if len(tapes) == 1 else record)(op, inputs, (t,), attrs)
        return t
    dev = st["device"]
    outputs = tuple(_wrap(o, s[1], dev) for o, s in zip(out, specs))
    if st["tapes"]:
        record(op, inputs, outputs, attrs)
    return outputs


def bind_at(device: str, op: Any, inputs: tuple, attrs: dict, name: str | None = None) -> Any:
    """bind, eagerly placing `op` on `device` (a canonical name) whatever the scope says:
    TF places an op taking a resource where the resource lives."""
    if device == _state.device or _state.graph is not None:
        return bind(op, inputs, attrs, name)
    with D.placed_on(device):
        return bind(op, inputs, attrs, name)


def failed(e: OpError, op: Any, inputs: tuple, attrs: dict, st: dict,
           name: str | None) -> None:
    """Words `e`, raised by eager op `op`, as TF's eager error (eager_errors.py), naming
    the device the op was placed on: the scope's, or CPU:0 where it runs on the host."""
    if getattr(e, "unplaced", False):  # no device satisfies the scope (core/device.py)
        e._message += f" [Op:{op.name}]"
        e.args = (e._message,)
        e.unplaced = False
    dev = st["device"]
    if getattr(e, "on_host", False):
        # (raised for inputs TF's GPU kernels of the op don't take: TF places it on CPU:0;
        # or by an op of variants run there: run_variant_op)
        dev = CPU_DEVICE
    elif st["xp"] is not np and not op.holds_variants and (not op.gpu or any(
            isinstance(x, Tensor) and x._dtype is not None and x._dtype._np is not None and
            D.host_only(x._dtype._np) for x in inputs)):
        # (an op taking a handle ran where its resource lives: run_on)
        owner = resource_device([getattr(x, "_arr", None) for x in inputs]) if op.gpu \
            else None
        dev = CPU_DEVICE if owner is None else owner.canonical
    decorate(e, op, inputs, attrs, dev, name)


def _eager_arrays(inputs: tuple) -> tuple:
    """The arrays of an eager op's inputs (tensors, variables). A graph's symbolic tensor
    has no value: one that escaped its function is an error, as in TF. (A tensor class
    that declares `_arr` says for itself why it has none: Keras's KerasTensor.)"""
    if _EAGER_ONLY.issuperset(map(type, inputs)):  # (the common case, checked in C)
        return tuple(map(_array_of, inputs))
    for t in inputs:
        if isinstance(t, Tensor) and not isinstance(t, EagerTensor) and \
                not hasattr(type(t), "_arr"):
            raise TypeError(f"{t!r} is out of scope and cannot be used here. Use return "
                            "values, explicit Python locals or TensorFlow collections to "
                            "access it.\nPlease see https://www.tensorflow.org/guide/function"
                            "#all_outputs_of_a_tffunction_must_be_return_values for more "
                            "information.")
    return tuple(map(_array_of, inputs))


def unary(op: Any, convert: Callable, node: str | None = None,
          scoped: bool = False, converts: bool = False, unnamed: bool = False,
          binds_first: bool = False) -> Callable:
    """The public function of a one-input op without attrs (`tf.exp`, `tf.negative`, ...).

    It is `bind(op, (convert(x),), {})`, with bind's eager NumPy path specialised for one
    input: the commonest call in eager code runs in one Python frame plus `infer` and the
    ufunc (op.np_kernel). Everything else (tracing, other backends, symbolic inputs) goes
    through bind; a traced node is named `name`, or `node` (the graph's default for the
    op where None). `scoped`: TF's public function makes its op inside a name scope of
    that name (tf.sigmoid), so a tape builds the op's gradient under that scope; eagerly
    that scope's name is "", so the op's errors end with " name: " (as `unnamed`).
    `converts`: TF's function converts x to a tensor before its op (tf.sign, tf.sigmoid),
    so a list or NumPy scalar takes the op wrapper's fast path, whose errors name the name.
    `unnamed`: TF's function hands its op no name (tf.math.erfinv's op is made inside a
    scope): eager errors end with " name: " whatever name was given.
    `binds_first`: TF's function is a Python function in its dispatcher, which binds the
    call's arguments first: a bad call is worded as the dispatcher words it (see
    binding_checked; TF's generated op wrappers, tf.math.tan, keep Python's words).
    """
    quiet, cplx = scoped or unnamed, op.complex_kernel
    infer, uf, half, small = op.infer, op.np_kernel, op.half_kernel, op.small_kernel
    like = op.like_inputs  # (dtypes whose result infer needs no call for: see OpDef)
    # (the dtypes another kernel than the ufunc takes: one test for all the others)
    special = (_HALF_DTYPES if half else set()) | ({_F32} if small else set()) | \
        (_COMPLEX_DTYPES if cplx else set())

    def f(x: Any, name: str | None = None) -> Any:
        if x.__class__ is not EagerTensor:
            if x is REQUIRED:  # (binds_first's default: the argument was not given)
                raise missing_argument()
            if isinstance(x, CompositeTensor) and elementwise.unary is not None:
                return elementwise.unary(f, x)
            given, x = x, convert(x)
            if x.__class__ is not EagerTensor:
                return bind(op, (x,), {}, traced_name(name))  # (symbolic)
            if not converts and passed_raw(given):  # (TF's wrapper's slow path: its
                # errors name no name)
                try:
                    return f(x, name)
                except OpError as e:
                    slow_path(e)
                    raise
        st = _state.__dict__
        if st["graph"] is None:  # (eagerly the name is the error's: no default)
            if st["xp"] is np:
                if uf is not None and not _OBSERVE[0]:
                    try:
                        d = x._dtype
                        if id(d) not in like:
                            ((_, d),) = infer(x)
                        a = x._arr
                        if d not in special:  # (float32 there: small's; complex: cplx's)
                            out = uf(a)
                        elif d is _F32:  # (TF's scalar path below a packet)
                            out = small(a) if a.size < PACKET else uf(a)
                        elif d in _COMPLEX_DTYPES:
                            out = cplx(a)
                        else:
                            out = half(a)
                    except TypeError:  # an array on another device: bind places it
                        return bind(op, (x,), {})
                    except OpError as e:
                        failed(e, op, (x,), {}, st, None if quiet else name)
                        raise
                    t = _tensor(out, d, st["device"])
                    if tapes := st["tapes"]:  # (one tape: record's common case, inlined)
                        (tapes[0]._record_op if len(tapes) == 1 else record)(op, (x,), (t,), {})
                    return t
            elif not _OBSERVE[0]:
                d = x._dtype
                if id(d) in like:  # (as binary's: the commonest call on a GPU, run here)
                    place = st["place"]
                    dev, at = place.canonical, place.backend.array_type
                    a = x._arr
                    if op.gpu and a.__class__ is at and d in _DEVICE_DTYPES and \
                            x._device == dev:
                        try:
                            out = op.kernel(place.xp, a)
                        except MemoryError:
                            raise out_of_memory(op.name) from None
                        except OpError as e:
                            failed(e, op, (x,), {}, st, None if quiet else name)
                            raise
                        t = _device_result(out, d, dev, at, place)
                        if tapes := st["tapes"]:  # (one tape: record's common case, inlined)
                            (tapes[0]._record_op if len(tapes) == 1 else record)(op, (x,), (t,), {})
                        return t
                try:
                    return _bind_on_device(op, (x,), (x._arr,), {}, st)  # (as binary's)
                except OpError as e:
                    failed(e, op, (x,), {}, st, None if quiet else name)
                    raise
            return bind(op, (x,), {}, None if quiet else name)
        return bind(op, (x,), {}, traced_name(name))

    def traced_name(name: str | None) -> str | None:
        return _traced_name(op, name, node, scoped)

    f.__name__ = op.name
    f._unary_op = op  # (TF's op: its input's words where a composite reaches it, traced)
    return binding_checked(f) if binds_first else f


def _reflects(x: Any, y: Any) -> bool:
    """Whether `x (op) y`, y a Keras variable, is y's reflected operator's (see binary's
    `reflect`; its callers ask `y._keras_variable` first, before any call)."""
    return isinstance(x, Tensor) and y._keras_promotes(x)


def binary(op: Any, convert: Callable, attrs: dict | None = None, infer: Callable | None = None,
           np_kernel: Callable | None = None, node: str | None = None,
           fallback: Callable | None = None, scoped: bool = False,
           reflect: str | None = None, unnamed: bool = False,
           binds_first: bool = False) -> Callable:
    """The public function of a two-input op (`tf.add`, `x * y`, ...):
    `bind(op, convert(x, y), attrs)` with the eager NumPy path specialised as in unary()
    (and its traced node named as there).

    With fixed `attrs` (shared by the nodes it records: never mutated), `infer(x, y)` and
    `np_kernel(a, b)` must be op.infer and op.kernel(np, ...) with those attrs bound;
    without, the op has no attrs and its kernel over NumPy is `op.np_kernel`. `convert`
    (ops/math.py's binary_args or binary_args_hint) takes a tensor and a Python number
    as scalar_pair does, so that pair, the commonest mixed one, goes to scalar_pair first.

    `fallback(x, y, name, error)`, where given, answers the calls that raise TypeError,
    ValueError or InvalidArgumentError (it re-raises `error` for those it does not take):
    the operands it gets are the caller's, or their lossless conversions. The try costs
    nothing until one raises, so an operator's rule for dtypes its op refuses (TF's
    `bool * x`) adds no work to the calls that succeed. Without one, a traced call whose
    value does not convert raises TF's graph-builder error (conversion_error).

    `scoped`: TF's public function opens a name scope around its op (tf.add, tf.matmul),
    so its eager errors name none (" name: "), whatever name it is given. `unnamed`: the
    same, but TF's function hands its op x and y as given (tf.pow, tf.math.floordiv): a
    list takes the op wrapper's slow path.

    `reflect`: an operator (`x * y`) whose y is a Keras variable of another dtype answers
    with y's reflected method (`y.__rmul__(x)`: Keras's promotion), as TF's operators do
    when converting y to x's dtype fails (not `+`: TF's converts y without a dtype).

    `binds_first`: a bad call worded as TF's dispatcher words it, as unary()'s.
    """
    attrs = attrs if attrs is not None else {}
    quiet = scoped or unnamed
    # the dtypes for which op.infer's answer needs no call (see OpDef.like_inputs)
    like = op.like_inputs if infer is None else frozenset()
    infer = infer or op.infer
    uf = np_kernel or op.np_kernel
    half, cplx = (None, None) if np_kernel is not None else (op.half_kernel, op.complex_kernel)
    cdt = _COMPLEX_DTYPES if cplx is not None else frozenset()
    like = like - {id(d) for d in cdt}  # (complex operands: infer's branch picks the kernel)
    # (a `convert` converting as TF's Python does before its wrapper, tf.add's; of one type)
    hinted, fixed = getattr(convert, "converts_first", False), getattr(convert, "fixed_type", False)
    ew = op.elementwise  # (a composite operand maps over its values only then: not MatMul)
    gpu = op.gpu

    def traced_name(name: str | None) -> str | None:
        # (a binary op given its graph name `node` makes it in that scope, as TF's Python)
        return _traced_name(op, name, node, scoped or node is not None)

    def f(x: Any, y: Any, name: str | None = None) -> Any:
        try:
            if x.__class__ is not EagerTensor or y.__class__ is not EagerTensor:
                if x is REQUIRED or y is REQUIRED:  # (binds_first's default: not given)
                    raise missing_argument()
                if x.__class__ is EagerTensor and _VARIABLE_CLASSES.get(y.__class__) \
                        and not y._keras_variable:
                    # `h @ w`, `h + b` (a class _is_variable below knows; a Keras
                    # variable may answer with its reflected operator): read directly
                    y = y._as_tensor()
                elif (x.__class__ is EagerTensor or not (hinted or _state.graph)) and \
                        (pair := scalar_pair(x, y)) is not None:
                    x, y = pair
                elif reflect is not None and getattr(y, "_keras_variable", False) and \
                        _reflects(x, y):
                    return getattr(y, reflect)(x)
                elif x.__class__ is EagerTensor and _is_variable(y.__class__):
                    y = y._as_tensor()  # what convert() would do, directly
                else:
                    if ew and (isinstance(x, CompositeTensor) or
                               isinstance(y, CompositeTensor)) and elementwise.binary is not None:
                        return elementwise.binary(f, x, y)
                    if (hinted or _state.graph is not None) and not fixed and \
                            first_alone(x, y):
                        # TF's graph builder (and tf.add's Python, eagerly too) converts
                        # the first input on its own: the second must then match it
                        x = convert_to_tensor(x)
                    # (a list or a string reaching TF's op wrapper sends it down its slow
                    # path, whose errors name no name; tf.add's Python converts first)
                    raw = not (hinted or scoped) and _state.graph is None and passed_raw(x, y)
                    x, y = convert(x, y)
                    if x.__class__ is not EagerTensor or y.__class__ is not EagerTensor:
                        return bind(op, (x, y), attrs or {}, traced_name(name))  # (symbolic)
                    if raw:
                        try:
                            return f(x, y, name)
                        except OpError as e:
                            slow_path(e)
                            raise
            st = _state.__dict__
            # (eagerly, unobserved: one test of the graph and the observers for either path)
            if st["graph"] is None and not _OBSERVE[0]:
                if st["xp"] is np:
                    if uf is not None:
                        try:
                            d = x._dtype
                            if d is not y._dtype or id(d) not in like or (
                                    x._shape != y._shape and y._shape != ()):
                                ((_, d),) = infer(x, y)
                                out = (cplx if d in cdt else uf)(x._arr, y._arr)
                            else:
                                out = uf(x._arr, y._arr)
                        except TypeError:  # an array on another device: bind places it
                            return bind(op, (x, y), attrs or {})
                        if out.__class__ is _ndarray and out.dtype is d._plain_np:
                            # EagerTensor.__init__ inlined: the hottest lines of the eager path
                            t = _new(EagerTensor)
                            t._arr = out
                            t._shape = out.shape
                            t._dtype = d
                            t._device = st["device"]
                        else:
                            if half is not None and d is _BF16:  # (bfloat16's: not plain, above)
                                out = half(x._arr, y._arr)
                            t = _tensor(out, d, st["device"])
                        if tapes := st["tapes"]:  # (one tape: record's common case, inlined)
                            (tapes[0]._record_op if len(tapes) == 1 else record)(
                                op, (x, y), (t,), attrs or {})
                        return t
                else:
                    # on a device: both operands arrays of the scope's device (the commonest
                    # call on a GPU) run here as _bind_on_device runs them, with infer's
                    # answer taken as on the CPU (`a @ b`, a broadcast); the rest go there
                    # (a host number's operand first, before any work of this path's)
                    place = st["place"]
                    at = place.backend.array_type
                    a, b = x._arr, y._arr
                    if not (gpu and a.__class__ is at and b.__class__ is at):
                        return _bind_on_device(op, (x, y), (a, b), attrs or {}, st)
                    d = x._dtype
                    if d is not y._dtype or id(d) not in like or x._shape != y._shape:
                        ((_, d),) = infer(x, y)
                    dev = place.canonical
                    if d in _DEVICE_DTYPES and x._device == dev and y._device == dev:
                        try:
                            out = op.kernel(place.xp, a, b, **attrs) if attrs else \
                                op.kernel(place.xp, a, b)
                        except MemoryError:
                            raise out_of_memory(op.name) from None
                        if out.__class__ is at and out.dtype is d._np:
                            # (_device_result's common case inlined: `a + b` on a GPU)
                            t = _new(EagerTensor)
                            t._arr = out
                            t._shape = out.shape
                            t._dtype = d
                            t._device = dev
                        else:
                            t = _device_result(out, d, dev, at, place)
                        if tapes := st["tapes"]:  # (one tape: record's common case, inlined)
                            (tapes[0]._record_op if len(tapes) == 1 else record)(
                                op, (x, y), (t,), attrs)
                        return t
                    # (infer's answer: its result's dtype; the shape, unread there, unsaid)
                    return _bind_on_device(op, (x, y), (a, b), attrs or {}, st, ((None, d),))
            if st["graph"] is None:  # (eagerly the name is the error's: no default)
                return bind(op, (x, y), attrs or {}, None if quiet else name)
            return bind(op, (x, y), attrs or {}, traced_name(name))
        except (TypeError, ValueError, InvalidArgumentError) as e:
            if x is REQUIRED or y is REQUIRED:  # (the call's binding error, raised above)
                raise
            if isinstance(e, OpError) and _state.graph is None:
                failed(e, op, (x, y), attrs or {}, _state.__dict__, None if quiet else name)
            if fallback is not None:
                return fallback(x, y, name, e)
            err = conversion_error(op, x, y, attrs, e, hinted)
            if err is e:
                raise
            raise err from None
        except OpError as e:  # (another class infer raises: an OOM, a broadcast too wide)
            if _state.graph is None:
                failed(e, op, (x, y), attrs or {}, _state.__dict__, None if quiet else name)
            raise

    f.__name__ = op.name
    return binding_checked(f) if binds_first else f


class _Required:
    """The default of an operand of a binds_first function: the call did not give it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<required>"


REQUIRED = _Required()


def missing_argument() -> TypeError:
    """TF's dispatcher's words for a call that leaves out a required argument."""
    return TypeError("Missing required positional argument")


def binding_checked(f: Callable) -> Callable:
    """unary/binary's function `f` (its operands required) with REQUIRED as its operands'
    defaults, so a call that leaves one out reaches `f`, which raises TF's dispatcher's
    words for it on its slow path: the good call pays nothing, in the same one frame. Its
    signature still shows the operands required, as TF's."""
    f.__signature__ = inspect.signature(f)
    f.__defaults__ = (REQUIRED,) * (f.__code__.co_argcount - len(f.__defaults__)) + \
        f.__defaults__
    return f


# The variable base class (ops/variables.py sets it; it imports this module). An operand of
# a class below it is read as convert_to_tensor reads it, by its _as_tensor(); the answer
# is kept per class (metaclasses answer isinstance for Keras variables otherwise).
VARIABLE_BASE: list = []
_VARIABLE_CLASSES: dict = {}


def _is_variable(cls: type) -> bool:
    known = _VARIABLE_CLASSES.get(cls)
    if known is None:
        known = _VARIABLE_CLASSES[cls] = bool(VARIABLE_BASE) and VARIABLE_BASE[0] in cls.__mro__
    return known


def _tensor(out: Any, d: Any, dev: str) -> EagerTensor:
    """Wraps a CPU kernel's result of declared dtype `d` (a scalar result becomes an
    array; an array that NumPy's dispatch left on a device comes to the host)."""
    if type(out) is not _ndarray:
        # (a bytes scalar, e.g. two strings added, stays an object array, not |S)
        out = B.to_host(out) if type(out) is not bytes else np.array(out, dtype=object)
    if out.dtype is d._np:
        # EagerTensor.__init__ inlined: the hottest lines of the eager path
        t = _new(EagerTensor)
        t._arr = out
        t._shape = out.shape
        t._dtype = d
        t._device = dev
        return t
    return EagerTensor(out, None, dev)  # a kernel that disagrees with its dtype keeps its own


def _wrap(out: Any, d: Any, dev: str) -> EagerTensor:
    if type(out) is not np.ndarray:
        out = B.to_host(out)
    return EagerTensor(out, d if out.dtype is d._np else None, dev)


def _bind_on_device(op: Any, inputs: tuple, arrays: tuple, attrs: dict, st: dict,
                    specs: Any = None) -> Any:
    """bind's eager path off the CPU (see run_on); `specs`: infer's answer, where the
    caller knows it (only its dtypes are read here)."""
    if specs is None:
        specs = op.infer(*inputs, **attrs) if attrs else op.infer(*inputs)
    if op.gpu and (specs[0][1] in _DEVICE_DTYPES if op.num_outputs == 1 else
                   _DEVICE_DTYPES.issuperset(map(_spec_dtype, specs))):
        # The commonest call on a GPU (every input a tensor on this device already) in
        # few bytecodes: run_on's checks, of placement and of each array's device, are
        # answered by the inputs' classes, device names and array classes, read in C.
        place = st["place"]
        dev = place.canonical
        at = place.backend.array_type
        # (one check of the inputs' and the arrays' classes together: no input is an array
        # and no array a tensor; the devices are read once every input is a tensor)
        args = arrays if {EagerTensor, at}.issuperset(map(type, (*inputs, *arrays))) and \
            {dev}.issuperset(map(_device_of, inputs)) \
            else _device_arrays(op, inputs, arrays, dev, at)
        if args is not None:
            try:
                out = op.kernel(place.xp, *args, **attrs) if attrs else \
                    op.kernel(place.xp, *args)
            except MemoryError:
                raise out_of_memory(op.name) from None
            if op.num_outputs != 1:  # (an optimizer's fused update, a fused gradient, a
                outputs = result = _device_outputs(op, out, specs, dev, at, place)  # loss)
            elif out.__class__ is at and out.dtype is specs[0][1]._np:
                # (_device_result's common case inlined, as the binary ops' device path)
                result = _new(EagerTensor)
                result._arr = out
                result._shape = out.shape
                result._dtype = specs[0][1]
                result._device = dev
                outputs = (result,)
            else:
                result = _device_result(out, specs[0][1], dev, at, place)
                outputs = (result,)
            if _OBSERVE[0]:
                st["ran_on"] = dev
            if tapes := st["tapes"]:  # (one tape: record's common case, inlined)
                (tapes[0]._record_op if len(tapes) == 1 else record)(op, inputs, outputs, attrs)
            return result
    if op.num_outputs == 1:
        d = specs[0][1]
        out, dev = run_on(st["place"], op, arrays, attrs, (d,))
        if _OBSERVE[0]:
            st["ran_on"] = dev
        if out.__class__ is st["place"].backend.array_type and d is not None and \
                out.dtype is d._np:
            # EagerTensor.__init__ inlined, as on the CPU path
            t = _new(EagerTensor)
            t._arr = out
            t._shape = out.shape
            t._dtype = d
            t._device = dev
        else:
            t = _device_tensor(out, d, dev)
        if st["tapes"]:
            record(op, inputs, (t,), attrs)
        return t
    out, dev = run_on(st["place"], op, arrays, attrs, [s[1] for s in specs])
    if _OBSERVE[0]:
        st["ran_on"] = dev
    if op.num_outputs == 1:
        outputs = (_device_tensor(out, specs[0][1], dev),)
    else:
        outputs = tuple(_device_tensor(o, s[1], dev) for o, s in zip(out, specs))
    if st["tapes"]:
        record(op, inputs, outputs, attrs)
    return outputs[0] if op.num_outputs == 1 else outputs


def _device_result(out: Any, d: Any, dev: str, at: type, place: Any) -> EagerTensor:
    """A device kernel's one output `out`, of declared dtype `d`, as a tensor on `dev`,
    whose arrays are of class `at` (EagerTensor.__init__ inlined for the common case, as
    on the CPU path)."""
    if out.__class__ is at and out.dtype is d._np:
        t = _new(EagerTensor)
        t._arr = out
        t._shape = out.shape
        t._dtype = d
        t._device = dev
        return t
    return _device_tensor(out if out.__class__ is at else
                          place.backend.result(out, place.physical), d, dev)


def _device_arrays(op: Any, inputs: tuple, arrays: tuple, dev: str, at: type) -> Any:
    """`arrays` as `op`'s kernel on device `dev` (whose arrays are of class `at`) takes
    them, where no input needs a copy: every input a tensor there, but for host numbers
    and host inputs, passed as onto_device passes them. None where some input is
    elsewhere (a copy) or is no tensor: run_on places those."""
    numbers = False
    for i, x in enumerate(inputs):
        if x.__class__ is not EagerTensor or x._device != dev or x._arr.__class__ is not at:
            # a host number (`x * 2.0`) into an op that is one ufunc: a scalar argument
            # of the device's ufunc
            if op.scalar_args and x.__class__ is EagerTensor and \
                    x._arr.__class__ is _ndarray and not x._arr.shape and \
                    x._dtype in _DEVICE_DTYPES:
                numbers = True
                continue
            # a host tensor its kernel reads on the host (a gradient's input_sizes)
            if op.host_inputs and x.__class__ is EagerTensor and \
                    x._arr.__class__ is _ndarray and i in host_positions(op, len(inputs)):
                continue
            return None
    if numbers:
        return tuple(a[()] if a.__class__ is _ndarray else a for a in arrays)
    return arrays


def run_on(place: Any, op: Any, arrays: Any, attrs: dict, dtypes: Any) -> tuple:
    """(outputs, device name) of one kernel run on the device `place` as TF places it:
    arrays that live elsewhere copied there first, or the whole op on CPU:0 when the
    device has no kernel for it (`op.gpu` False) or its data is host-only (strings).
    Arguments that are not arrays (a variable, a handle) pass as they are."""
    # (written for the common case, every input already on the device and every dtype
    # one it holds, in few bytecodes: this runs for every eager op on a GPU)
    if op.holds_variants:
        return run_variant_op(place, op, arrays, attrs, dtypes)
    if op.makes_resource is not None:
        return make_resource(place, op, arrays, attrs)
    host = not op.gpu
    if not host:
        for d in dtypes:
            if d is not None and d not in _DEVICE_DTYPES:
                if d._np is None or D.host_only(d._np):
                    if op.boxes_on_device and holds_box(arrays):
                        return run_variant_op(place, op, arrays, attrs, dtypes)
                    host = True
                    break
                _DEVICE_DTYPES.add(d)
    if not host:
        holds, index = place.backend.holds, place.physical
        for a in arrays:
            if not holds(a, index):  # (a device's array never holds host-only data)
                host = any(type(a) in B.ARRAY_TYPES and D.host_only(a.dtype) for a in arrays)
                owner = resource_device(arrays) if host else None
                if owner is not None:  # (a handle: TF runs the op where its resource lives)
                    return run_on_resource(owner, op, arrays, attrs)
                if not host:
                    b = place.backend
                    at_host = host_positions(op, len(arrays))
                    arrays = [onto_device(b, index, a, op, i, at_host)
                              for i, a in enumerate(arrays)]
                break
    if host:
        try:
            out = _run_on_host(place, op, arrays, attrs)
        except MemoryError:  # (as the CPU's own path: a temporary infer could not size)
            raise out_of_memory(op.name) from None
        result, dev = host_result, CPU_DEVICE
    else:
        try:
            out = op.kernel(place.xp, *arrays, **attrs) if attrs else \
                op.kernel(place.xp, *arrays)
        except MemoryError:
            raise out_of_memory(op.name) from None
        b = place.backend
        dev = place.canonical
        if op.num_outputs == 1:
            return (out if out.__class__ is b.array_type else b.result(out, index)), dev
        host = host_outputs(op, out)
        return tuple(o if i in host else b.result(o, index)
                     for i, o in enumerate(out or ())), dev
    if op.num_outputs == 1:
        return result(out), dev
    return tuple(result(o) for o in out or ()), dev  # (an op of no outputs returns None)


def _run_on_host(place: Any, op: Any, arrays: Any, attrs: dict) -> Any:
    """`op`'s kernel's outputs, run on the host for a device `place` without its kernel."""
    if op.subgraphs or op.fn is not None:
        # (a loop's or call's body places its own ops, on the scope's device: the
        # values it is given stay where they are)
        return op.kernel(place.xp, *arrays, **attrs)
    # soft placement (an input read for its shape alone is not copied)
    arrays = [B.to_host(a) if type(a) in B.ARRAY_TYPES and not (
        op.shape_only or i in op.shape_inputs) else a for i, a in enumerate(arrays)]
    if place.device_type == "CPU":
        return op.kernel(np, *arrays, **attrs)
    with D.placed_on(CPU_DEVICE):  # the kernel's own checks (sizes against memory) ask
        return op.kernel(np, *arrays, **attrs)  # the host's device


def _device_outputs(op: Any, out: Any, specs: Any, dev: str, at: type, place: Any) -> tuple:
    """`op`'s device kernel's outputs `out`, of the dtypes `specs` declare, as tensors on
    `dev` (whose arrays are of class `at`; its host outputs' NumPy's): made by map, with
    no Python loop, when each is such an array of its dtype (the common case)."""
    out = out or ()  # (an op of no outputs returns None)
    dtypes = tuple(map(_spec_dtype, specs))
    if {at}.issuperset(map(type, out)) and \
            tuple(map(_dtype_of, out)) == tuple(map(_np_of, dtypes)):
        return tuple(map(EagerTensor, out, dtypes, itertools.repeat(dev)))
    host = host_outputs(op, out)
    return tuple(_device_tensor(o if o.__class__ is at or i in host else
                                place.backend.result(o, place.physical), d, dev)
                 for i, (o, d) in enumerate(zip(out, dtypes)))


def _device_tensor(arr: Any, d: Any, dev: str) -> EagerTensor:
    if type(arr) in B.ARRAY_TYPES:
        return EagerTensor(arr, d if d is not None and arr.dtype == d._np else None, dev)
    return EagerTensor(np.asarray(arr), d, dev)  # (a kernel's bytes or object result)


# Eager ops are observed (each run through _observed) while tf.debugging's device placement
# logging, tf.profiler or an op callback is on. Read on every eager op, once, before its
# kernel: one index when none is on.
_OBSERVE = [False]
_LOG_PLACEMENT = [False]
# How many threads have op callbacks (each thread keeps its own, as TF's).
_CALLBACK_THREADS = [0]


def set_log_placement(enabled: bool) -> None:
    _LOG_PLACEMENT[0] = bool(enabled)
    update_observers()


def update_observers() -> None:
    """Re-reads whether eager ops are observed (after placement logging, the profiler or
    an op callback is switched)."""
    _OBSERVE[0] = _LOG_PLACEMENT[0] or trace_events.ACTIVE[0] or _CALLBACK_THREADS[0] > 0 \
        or MESH_SCOPES[0] > 0


def add_op_callback(callback: Callable) -> None:
    """Calls `callback(op_type, inputs, attrs, outputs, op_name=None, graph=None)` in this
    thread after each eager op (graph None) and on each node made in a graph, where it may
    add nodes after it (they run with the graph: a function runs every stateful node).
    Ops a callback runs or adds itself are not handed to callbacks."""
    if not callable(callback):
        raise ValueError(f"Callback function is expected to be callable, but is not: "
                         f"{callback!r}")
    callbacks = _state.op_callbacks
    if callback in callbacks:
        return
    if not callbacks:
        _CALLBACK_THREADS[0] += 1
    callbacks.append(callback)
    update_observers()


def remove_op_callback(callback: Callable) -> None:
    callbacks = _state.op_callbacks
    if callback not in callbacks:
        raise KeyError("The specified op callback has not been registered, and hence "
                       "cannot be removed.")
    callbacks.remove(callback)
    if not callbacks:
        _CALLBACK_THREADS[0] -= 1
    update_observers()


def _call_callbacks(st: dict, op_type: str, inputs: tuple, attrs: dict, outputs: tuple,
                    op_name: str | None, graph: Any) -> None:
    """The thread's callbacks on one op, not observing the ops they run."""
    st["observing"] = True
    try:
        for callback in list(st["op_callbacks"]):
            callback(op_type, inputs, attrs, outputs, op_name=op_name, graph=graph)
    finally:
        st["observing"] = False


def graph_op_made(node: Any) -> None:
    """Hands a node just made in a graph to this thread's op callbacks."""
    st = _state.__dict__
    if st["op_callbacks"] and not st["observing"]:
        _call_callbacks(st, node.type, node.inputs, node.attrs, node.outputs, node.name,
                        node.graph)


def call_eager_callbacks(op_type: str, inputs: tuple, outputs: tuple) -> None:
    """Hands an eager call that does not go through bind (a tf.function's) to this
    thread's op callbacks, as TF's eager executor does with a function's call op."""
    st = _state.__dict__
    if st["op_callbacks"] and not st["observing"]:
        try:
            _call_callbacks(st, op_type, inputs, {}, outputs, None, None)
        except OpError as e:  # an op a callback ran (TF's check_numerics_v2, eagerly):
            decorate(e, None, (), {}, st["device"], None)  # worded as its eager error,
            e.after_call = True  # not as the function's graph error (concrete._call_flat)
            raise


def _observed(op: Any, inputs: tuple, attrs: dict, name: str | None, st: dict) -> Any:
    """Runs the op through bind (not observed again: ops run inside its kernel are its
    own work), then logs its placement and records its span for the profiler."""
    st["observing"] = True
    st["ran_on"] = None
    start = trace_events.now()
    try:
        out = bind(op, inputs, attrs, name)
    finally:
        st["observing"] = False
    if MESH_SCOPES[0]:  # (inside dtensor.default_mesh: results are the mesh's DTensors)
        out = ON_MESH[0](op, out)
    end = trace_events.now()
    if _LOG_PLACEMENT[0]:
        log_placement(op.name, st["ran_on"] or st["device"])
    if trace_events.ACTIVE[0]:
        trace_events.eager_op(op.name, start, end)
    if st["op_callbacks"]:
        outputs = (out,) if op.num_outputs == 1 else out
        _call_callbacks(st, op.name, inputs, attrs, outputs, name, None)
    return out


def log_placement(op_name: str, device: str) -> None:
    """The line TF logs for each eager op while device placement logging is on."""
    tf_logging.cpp_log("I", "execute.cc:1775", f"Executing op {op_name} in device {device}")


_array_of = operator.attrgetter("_arr")
_device_of = operator.attrgetter("_device")
_spec_dtype = operator.itemgetter(1)
_dtype_of = operator.attrgetter("dtype")
_np_of = operator.attrgetter("_np")
_EAGER_ONLY = frozenset((EagerTensor,))
_ndarray = np.ndarray
_new = object.__new__


def _traced_name(op: Any, name: str | None, node: str | None, scoped: bool) -> str | None:
    """The name a public op function gives its traced node: `name`, else `node` (the
    graph's default for the op where None); `scoped`: TF's Python makes the op inside a name
    scope of its name (`with name_scope(...) as scope: op(name=scope)`), so the node takes
    the scope's name and a tape names its gradient under that scope. Outside a graph (a
    graph's tensor used there: bind raises TF's error) or for a scope name ("a/"): as given."""
    graph = _state.graph
    if not scoped or graph is None or name is not None and name.endswith("/"):
        return name or node
    return graph.unique_name(name or node or op.name) + "/"


def _graph_inputs(inputs: tuple, outputs: tuple) -> tuple:
    """The inputs a tape records for a traced op: a Python number's shared tensor (which no
    tape watches) as the Const the graph made of it, so that the gradient uses that
    constant, as TF's gradient functions use the forward op's input, not a new one."""
    for x in inputs:
        if x.__class__ is EagerTensor and is_scalar_operand(x):
            break
    else:
        return inputs
    node = outputs[0]._op if outputs else None
    ins = getattr(node, "inputs", None)
    if ins is None or len(ins) != len(inputs):
        return inputs
    return tuple(i if x.__class__ is EagerTensor and is_scalar_operand(x) else x
                 for x, i in zip(inputs, ins))


def record(op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
    """Hands an executed op to the active tapes (each keeps it as a Node, or not)."""
    tapes = _state.tapes
    if len(tapes) == 1:  # (the common case: the tape makes the Node only if it keeps it)
        tapes[0]._record_op(op, inputs, outputs, attrs)
        return
    node = Node(op, inputs, outputs, attrs)
    # (a copy: a recording tape may push or pop tapes)
    for tape in list(tapes):
        tape._record(node)
