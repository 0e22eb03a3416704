"""Validation helpers shared by the ops' `infer` functions.

Each raises the TF error class with TF's message and the `[Op:Name]` suffix, so
bad input is refused before any kernel runs. Shapes are tuples whose dims may be
None (unknown while tracing).
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Iterable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as _device
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.errors import (  # noqa: F401 (shape_str: re-export)
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    ResourceExhaustedError,
    UnimplementedError,
    shape_str,
)
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
)
from eagerflow._src.core.type_names import type_name
from eagerflow._src.ops import tf_op_defs

FLOATS = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64))
COMPLEX = frozenset((dt.complex64, dt.complex128))
INTS = frozenset((dt.int8, dt.int16, dt.int32, dt.int64, dt.uint8, dt.uint16, dt.uint32, dt.uint64))
SIGNED_INTS = frozenset((dt.int8, dt.int16, dt.int32, dt.int64))
REALS = FLOATS | INTS
NUMERIC = REALS | COMPLEX
FLOAT_COMPLEX = FLOATS | COMPLEX
ALL = NUMERIC | {dt.bool, dt.string}
# qint8 & co: ops that only move or compare the stored integers take them too (TF lists them
# per op: ConcatV2, Pack, Equal, Bitcast, ...); arithmetic refuses them.
QUANTIZED = frozenset(dt.QUANTIZED_DTYPES)
BOOL = frozenset((dt.bool,))
INDEX = frozenset((dt.int32, dt.int64))


# Results of ops' checks and shape inferences by their arguments: pure functions of
# values (compared by equality: dtypes, shapes, attrs), so each combination is computed
# once, not at every call (a training step asks for the same few every step). An error is
# never kept: a bad call raises every time. Each user's keys start with its own tag.
_KEPT: dict = {}


def kept(key: tuple, compute: Callable, *args: Any) -> Any:
    """`compute(*args)`, kept under `key` once it returned (kept small: shapes vary)."""
    try:  # (a kept answer in the fewest bytecodes: every call of many ops asks)
        return _KEPT[key]
    except KeyError:
        pass  # (computed below: an error it raises is not raised in this handler)
    except TypeError:  # unhashable attrs (a list): computed every time
        return compute(*args)
    found = compute(*args)
    if len(_KEPT) >= 4096:
        _KEPT.clear()
    _KEPT[key] = found
    return found


def fail(op: str, message: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"{message} [Op:{op}]")


def int32_attr(op: str, attr: str, values: Any) -> None:
    """TF's check of an int attr (or each of a list attr) against int32's range, which its
    kernels and shape functions read it as, before any other check (Squeeze's dims,
    OneHot's axis)."""
    for v in values:
        if not -2**31 <= v < 2**31:
            raise fail(op, f"Attr {attr} has value {v} out of range for an int32")


def attr_at_least(op: str, attr: str, n: int, least: int) -> None:
    """TF's check of an int attr (a count of inputs: N) against its OpDef's minimum: while
    a graph is built, the ValueError of TF's op-def library (a count of inputs its list
    argument's words), else the eager attr check's error."""
    if n >= least:
        return
    if _state.graph is not None:
        arg = tf_op_defs.counted_input(op, attr)
        if arg is not None:
            raise ValueError(f"List argument '{arg}' to '{op}' Op with length {n} shorter "
                             f"than minimum length {least}.")
        raise ValueError(f"Attr '{attr}' of '{op}' Op passed {n} less than minimum {least}.")
    raise fail(op, f"Value for attr '{attr}' of {n} must be at least minimum {least}\n\t; "
                   f"NodeDef: {{{{node {op}}}}}")


def list_attr_at_least(op: str, attr: str, n: int, least: int) -> None:
    """TF's check of a list attr's length (component_types, output_types, T) against its
    OpDef's minimum: while a graph is built, the ValueError of TF's op-def library, else
    the eager attr check's error."""
    if n >= least:
        return
    if _state.graph is not None:
        raise ValueError(f"Attr '{attr}' of '{op}' Op passed list of length {n} less than "
                         f"minimum {least}.")
    raise fail(op, f"Length for attr '{attr}' of {n} must be at least minimum {least}\n\t; "
                   f"NodeDef: {{{{node {op}}}}}")


def string_attrs_allowed(op: str, attrs: dict) -> None:
    """TF's check of the string attrs a call sets against the values its OpDef allows."""
    for attr, allowed in _allowed_strings(op):
        value = attrs.get(attr)
        if value is not None:
            string_attr_in(op, attr, value, allowed)


@functools.cache
def _allowed_strings(op: str) -> tuple:
    """(attr, its allowed values) of each string attr of `op` that TF's OpDef restricts,
    in the OpDef's order: read and decoded once per op (every eager tf.nn.conv2d checks
    its padding and data format; decoding the table's base64 was ~360 bytecodes a call)."""
    return tuple((a["name"], tuple(map(tf_op_defs.attr_string, allowed)))
                 for a in tf_op_defs.signatures().get(op, {}).get("attr", ())
                 if (allowed := a.get("allowedValues", {}).get("list", {}).get("s")))


def scalar_input(op: str, value: Any, message: str) -> None:
    """The value of an input TF's kernel wants a scalar and eagerflow holds as an attr (a
    raw op's or an imported node's may be any tensor): `message`, TF's words with {shape}
    and {rank} filled, when it is not one."""
    shape = np.shape(value)
    if shape:
        raise fail(op, message.format(shape=shape_str(shape), rank=len(shape)))


def scalar_value(value: Any, cast: Any) -> Any:
    """A public function's argument that TF hands its op as a tensor and eagerflow holds as
    an attr: `cast` of its one value, else its values as nested tuples, which the op's
    infer refuses in TF's kernel's words (scalar_input)."""
    v = known(value)
    if isinstance(v, (list, tuple, str, bytes)):  # (TF converts them to its input's dtype)
        v = convert_to_tensor(v, dtype=dt.int32 if cast is int else dt.float32)
    if isinstance(v, EagerTensor):
        v = to_host(v._arr)
    if isinstance(v, Tensor) or np.ndim(v) == 0:  # (a graph tensor: cast's error)
        return cast(v)
    return _tuples(np.asarray(v).tolist())


def _tuples(v: Any) -> Any:
    return tuple(_tuples(e) for e in v) if isinstance(v, list) else v


def no_gradient(n: Any, *g: Any) -> list:
    """The gradient of an op TF registers none for: a tape's LookupError, in TF's words."""
    raise LookupError(f"gradient registry has no entry for: {n.op.name}")


no_gradient.no_tf_gradient = True  # tf.RegisterGradient may give these ops one


def dt_enum(d: dt.DType) -> str:
    """The DataType enum's name in TF's node text: DT_FLOAT, DT_HALF, DT_INT32, ..."""
    return "DT_" + dtype_word(d).upper()


def wrong_read_dtype(op: str, expected: dt.DType, got: dt.DType) -> InvalidArgumentError:
    """TF's error for a variable read through `op` as another dtype (its read's error: TF
    2.21's update and gather kernels abort the process instead)."""
    return fail(op, f"Trying to read variable with wrong dtype. Expected {dtype_word(expected)} "
                    f"got {dtype_word(got)}")


def wrong_input_dtype(op: str, index: int, want: dt.DType | str,
                      got: dt.DType) -> InvalidArgumentError:
    """TF's refusal of input #index of a dtype other than the one the op's signature fixes
    (`want`: a dtype, or its name as TF's messages spell it)."""
    want = want if isinstance(want, str) else dtype_word(want)
    return fail(op, f"cannot compute {op} as input #{index}(zero-based) was expected to be a "
                    f"{want} tensor but is a {dtype_word(got)} tensor")


def no_layout(fn: str, layout: Any) -> None:
    """`layout=` places a result with DTensor, which eagerflow does not have (TF reads its
    mesh unchecked: anything else is Python's AttributeError, as in TF)."""
    if layout is not None and not hasattr(layout, "mesh"):
        raise no_attribute(layout, "mesh")
    if layout is not None:
        raise ValueError(f"{fn}: eagerflow has no DTensor, so `layout` must be None "
                         f"(got {layout!r})")


def check_string(op: str, x: Any) -> None:
    """TF's refusal of a non-string input #0."""
    if x._dtype is not dt.string:
        raise wrong_input_dtype(op, 0, dt.string, x._dtype)


def same_dtype(op: str, inputs: Iterable, allowed: frozenset, first_index: int = 0) -> dt.DType:
    """All inputs share one dtype from `allowed`; returns it. `first_index`: the first one's
    position among the TF op's inputs (for the message). As TF's eager ops, the first
    input's dtype sets the attr, which is checked against `allowed` before the others'."""
    it = iter(inputs)
    first = next(it)
    d0 = first._dtype
    if d0 not in allowed:
        raise not_supported(op, d0, allowed)
    for i, x in enumerate(it, first_index + 1):
        if x._dtype is not d0:
            raise wrong_input_dtype(op, i, d0, x._dtype)
    return d0


# TF's op definitions list float types as bfloat16, half, float, double, complex64,
# complex128 (not in DataType enum order).
_FLOAT_RANK = {dt.bfloat16: 0, dt.float16: 1, dt.float32: 2, dt.float64: 3, dt.complex64: 4,
               dt.complex128: 5}


def add_n_dtype(xs: tuple) -> dt.DType:
    """AddN's dtype: a number's, or a variant scalar's (TensorLists add item by item:
    tensor_list_kernels.add_lists)."""
    d = same_dtype("AddN", xs, NUMERIC | {dt.variant})
    if d is dt.variant and xs[0]._shape not in ((), None):
        raise fail("AddN", f"AddN of non-scalar Tensor with dtype=DT_VARIANT is not supported; "
                           f"inputs[0 has shape: {shape_str(xs[0]._shape)}.")
    return d


def allowed_list(allowed: frozenset) -> str:
    """TF's spelling of an "allowed values" list: float/complex sets in TF's op-definition
    order, anything else in DataType enum order."""
    if allowed <= FLOAT_COMPLEX:
        return ", ".join(dtype_word(d) for d in sorted(allowed, key=_FLOAT_RANK.__getitem__))
    if allowed == FLOATS | SIGNED_INTS:  # Abs's {bfloat16, half, float, double, int8, ...}
        return ", ".join(dtype_word(d) for d in (dt.bfloat16, dt.float16, dt.float32,
                                                  dt.float64, dt.int8, dt.int16, dt.int32,
                                                  dt.int64))
    return ", ".join(dtype_word(d) for d in sorted(allowed, key=lambda d: d.as_datatype_enum))


def not_supported(op: str, d: dt.DType, allowed: frozenset | None = None,
                  what: str = "T") -> InvalidArgumentError:
    """TF's refusal of dtype `d` for the op's type attr `what` (`allowed`: the dtypes the
    op takes). Where TF's definition has no such attr, the input's type is fixed by the
    op's signature (All's input:bool), and TF refuses it as that input's."""
    fixed = tf_op_defs.fixed_input(op, what)
    if fixed is not None:
        return wrong_input_dtype(op, fixed[0], fixed[1], d)
    if allowed is None:
        return fail(op, f"Value for attr '{what}' of {dtype_word(d)} is not in the list of "
                        f"allowed values for {op}")
    words = allowed_list(allowed)
    listed = tf_op_defs.allowed_types(op, what)  # (TF's own list, where TF refuses `d` too)
    if listed is not None and dt_enum(d) not in listed:
        words = tf_op_defs.type_words(listed)
    # TF's first line ends at the list; the node it refused follows on the next line
    return fail(op, f"Value for attr '{what}' of {dtype_word(d)} is not in the list of allowed "
                    f"values: {words}\n\t; NodeDef: {{{{node {op}}}}}")


def no_cpu_kernel(op: str, d: dt.DType, xla: str, cpu: tuple) -> NotFoundError:
    """TF's error for an elementwise op whose OpDef takes `d` but whose CPU has no kernel
    for it: the node, then XLA's types (`xla`, as TF lists them) and each CPU registration
    (`cpu`: enum names, in TF's order; a (device, name) pair for another device's, as
    TF's DEFAULT one)."""
    regs = "".join(f"\n  device='{c[0]}'; T in [{c[1]}]" if isinstance(c, tuple) else
                   f"\n  device='CPU'; T in [{c}]" for c in cpu)
    return NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                     f"{op}[T={dt_enum(d)}]\nAll kernels registered for op "
                                     f"{op}:\n  device='XLA_CPU_JIT'; T in [{xla}]{regs}\n "
                                     f"[Op:{op}]")


# The types of XLA's CPU kernels of the ops that take any type (ScatterNd, Unique,
# LowerBound, ...), as TF's NotFoundError lists them
XLA_TYPES = (
    "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, "
    "DT_BOOL, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, "
    "DT_UINT32, DT_UINT64, DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN, DT_FLOAT8_E4M3FNUZ, "
    "DT_FLOAT8_E4M3B11FNUZ, DT_FLOAT8_E5M2FNUZ, DT_INT4, DT_UINT4")

# XLA's types of the binary arithmetic ops (RealDiv, TruncateDiv), as TF lists them
XLA_BINARY = ("DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
              "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64")


def enums(names: str) -> tuple:
    """DataType enum names from their words: "HALF FLOAT" -> ("DT_HALF", "DT_FLOAT")."""
    return tuple(f"DT_{n}" for n in names.split())


def no_kernel(op: str, node_attrs: str, kernels: Iterable[dt.DType] = (), attr: str = "T",
              others: Iterable[tuple[str, str]] = (),
              later: Iterable[tuple[str, str]] = ()) -> NotFoundError:
    """TF's error for a dtype the op accepts but has no CPU kernel for (`node_attrs`: the
    node's attrs as TF prints them, "T=DT_HALF, compute_v=true"), listing its CPU
    `kernels` for type attr `attr`, after `others`: the registrations TF lists first,
    (device, constraints) pairs such as ("XLA_CPU_JIT", "T in [DT_FLOAT, DT_DOUBLE]"),
    and before `later`, those it lists last."""
    lines = "".join(f"\n  device='{dev}'; {constraints}" for dev, constraints in others)
    lines += "".join(f"\n  device='CPU'; {attr} in [{dt_enum(d)}]" for d in kernels)
    lines += "".join(f"\n  device='{dev}'; {constraints}" for dev, constraints in later)
    registered = f"\nAll kernels registered for op {op}:{lines}\n " if lines else " "
    return NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                     f"{op}[{node_attrs}]{registered}[Op:{op}]")


# The narrow dtypes (tf.dtypes.experimental) reach TF's CPU kernels through a few ops
# only: reshape and identity take them all; the ops that copy elements (concat, stack,
# gather, slicing, transpose) take float8_e5m2 and float8_e4m3fn; the rest have no kernel.
COPYABLE_NARROW = frozenset((dt.float8_e5m2, dt.float8_e4m3fn))


def no_values_kernel(op: str, node_attrs: str, kernel_def: str) -> InvalidArgumentError:
    """TF's eager error for an op given an empty list of values (its type attr T unset):
    the first CPU kernel it tried, whose constraint on T the node cannot meet.
    `kernel_def`: that kernel's KernelDef as TF prints it. TF prints it after a marker
    that protobuf's debug strings vary from process to process (goo.gle/debugstr,
    goo.gle/debugonly, ..., with one or more spaces); this one is the one most seen."""
    return fail(op, f"OpKernel '{op}' has constraint on attr 'T' not in NodeDef "
                    f"'[{node_attrs}]', KernelDef: 'goo.gle/debugstr  {kernel_def}'")


def refuse_narrow(op: str, d: dt.DType, node_attrs: str, copies: bool = True) -> None:
    """TF's NotFoundError for narrow dtype `d` where op's CPU kernels lack it (`copies`:
    the op only copies elements, so float8 has a kernel)."""
    if d in dt.NARROW_DTYPES and not (copies and d in COPYABLE_NARROW):
        raise no_kernel(op, node_attrs)


# TF's CPU Cast kernels for the narrow dtypes: float8_e5m2 and float8_e4m3fn from and to
# each other and the 16-to-64-bit floats, and to every standard type; int4 and uint4 from
# and to each other and the 8-to-64-bit integers; nothing else (the fnuz floats, float4,
# int2 and uint2 are only stored).
CAST_F8 = frozenset((dt.float8_e5m2, dt.float8_e4m3fn))
CAST_I4 = frozenset((dt.int4, dt.uint4))
_WIDE_FLOATS = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64))
_WIDE_INTS = frozenset((dt.int8, dt.int16, dt.int32, dt.int64, dt.uint8, dt.uint16,
                        dt.uint32, dt.uint64))


# (a frozenset: DTypes hash by identity, so `in` is answered in C, without DType.__eq__)
HANDLE_DTYPES = frozenset((dt.resource, dt.variant))


def cast_runs(src: dt.DType, dst: dt.DType) -> bool:
    """Whether TF's Cast has a kernel from src to dst: strings only to strings, nothing to
    resource or variant, the narrow dtypes as above, any other pair."""
    if (src is dt.string) != (dst is dt.string) or dst in HANDLE_DTYPES:
        return False
    if src is dst or (src not in dt.NARROW_DTYPES and dst not in dt.NARROW_DTYPES):
        return True
    if src in CAST_F8:
        return dst in CAST_F8 or dst not in dt.NARROW_DTYPES
    if dst in CAST_F8:
        return src in _WIDE_FLOATS
    if src in CAST_I4:
        return dst in CAST_I4 or dst in _WIDE_INTS
    if dst in CAST_I4:
        return src in _WIDE_INTS
    return False


def refuse_narrow_compare(op: str, d: dt.DType, allowed: frozenset) -> None:
    """A binary op of any type (Equal, NotEqual): TF's kernels lack the narrow dtypes."""
    if d in dt.NARROW_DTYPES and ALL <= allowed:
        refuse_narrow(op, d, f"T={dt_enum(d)}, incompatible_shape_error=true", copies=False)


def refuse_narrow_gather(op: str, d: dt.DType, index: dt.DType, batch_dims: int) -> None:
    if d in dt.NARROW_DTYPES:  # (the node's words made only for a refusal)
        refuse_narrow(op, d, f"Taxis=DT_INT32, Tindices={dt_enum(index)}, "
                             f"Tparams={dt_enum(d)}, batch_dims={batch_dims}")


def narrow_cast_source(x: Any, dtype: dt.DType) -> Any:
    """A one-byte array of ml_dtypes' (float8, int4...) made ready for Cast's astype to
    `dtype`: float8 through float32 (TF's rules for floats to ints follow), int4/uint4
    through int8 (their 4 bits kept between them, as TF's kernel)."""
    src = dt.from_numpy(x.dtype)
    if src in CAST_F8 and dtype not in CAST_F8:
        return x.astype(np.float32)
    if src in CAST_I4:
        return x.astype(np.int8)
    return x


def same_spec_infer(op: str, copies: bool = True) -> Any:
    """The infer of an op whose output is its input's shape and dtype, refusing the narrow
    dtypes TF's kernels of `op` lack."""
    def infer(x: Any) -> list:
        if x._dtype in dt.NARROW_DTYPES:  # (the node's words made only for a refusal)
            refuse_narrow(op, x._dtype, f"T={dt_enum(x._dtype)}", copies)
        return [(x._shape, x._dtype)]
    return infer


def check_dtype(op: str, x: Any, allowed: frozenset, what: str = "T") -> dt.DType:
    if x._dtype not in allowed:
        raise not_supported(op, x._dtype, allowed, what)
    return x._dtype


# (a, b) -> their broadcast shape, for the pairs that broadcast: every eager op of a
# training step meets the same few pairs again (a bias added to a batch), and one dict
# lookup is a tenth of the loop below. Cleared when full, so it stays small.
_BROADCAST: dict = {}
_BROADCAST_MAX = 4096


def broadcast(op: str, a: tuple | None, b: tuple | None) -> tuple | None:
    """NumPy/TF broadcasting of two shapes; unknown dims stay unknown."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    out = _BROADCAST.get((a, b))
    if out is None:
        out = broadcast_static(a, b, lambda x, y: fail(
            op, f"Incompatible shapes: {shape_str(a)} vs. {shape_str(b)}"))
        if len(_BROADCAST) >= _BROADCAST_MAX:
            _BROADCAST.clear()
        _BROADCAST[(a, b)] = out
    return out


def bcast_rank(a: tuple, b: tuple) -> int:
    """The dimensions TF's BCast reduces two broadcastable shapes to (its kernels' rank):
    from the last, dims of 1 in both dropped, and each run of dims broadcast the same way
    (which of the two is 1 there) merged into one."""
    n = max(len(a), len(b))
    pa, pb = (1,) * (n - len(a)) + tuple(a), (1,) * (n - len(b)) + tuple(b)
    rank, prev = 0, None
    for x, y in zip(reversed(pa), reversed(pb)):
        if x == 1 and y == 1:
            continue
        ones = (x == 1, y == 1)
        rank += ones != prev
        prev = ones
    return max(rank, 1)


def refuse_wide_broadcast(op: str, a: tuple, b: tuple, out: tuple) -> None:
    """TF's binary kernels broadcast in at most 5 dimensions (after BCast merges them):
    more is their UnimplementedError, unless the output is empty (checked first)."""
    if len(out) > 5 and 0 not in out and bcast_rank(a, b) > 5:
        raise UnimplementedError(None, None, f"Broadcast between {shape_str(a)} and "
                                             f"{shape_str(b)} is not supported yet. [Op:{op}]")


def broadcast_static(a: tuple | None, b: tuple | None,
                     refuse: Callable[[Any, Any], Exception]) -> tuple | None:
    """Two static shapes broadcast as TF's shape functions merge them (None: a rank
    unknown): a dim of 1 takes the other's, an unknown dim the other's known one;
    `refuse(x, y)`: the caller's error for two known dims that differ, neither 1."""
    if a is None or b is None:
        return None
    n = max(len(a), len(b))
    pa = (1,) * (n - len(a)) + tuple(a)
    pb = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(pa, pb):
        if x == 1:
            out.append(y)
        elif y == 1 or x == y:
            out.append(x)
        elif x is None or y is None:
            out.append(x if y is None else y)
        else:
            raise refuse(x, y)
    return tuple(out)


def rank(x: Any) -> int | None:
    return None if x._shape is None else len(x._shape)


def check_rank(op: str, x: Any, want: int | Iterable[int], what: str = "input") -> None:
    r = rank(x)
    wants = (want,) if isinstance(want, int) else tuple(want)
    if r is not None and r not in wants:
        spelled = " or ".join(str(w) for w in wants)
        raise fail(op, f"{what} must be {spelled}-dimensional, got shape {shape_str(x._shape)}")


def norm_axis(op: str, axis: int, ndim: int | None, extra: int = 0) -> int:
    """Validates an axis in [-ndim-extra, ndim+extra) and returns it non-negative."""
    if ndim is None:
        return axis
    n = ndim + extra
    if not -n <= axis < n:
        raise fail(op, f"Expected axis in the range [{-n}, {n}), but got {axis}")
    return axis + n if axis < 0 else axis


def positive_axis(axis: int, rank: int, name: str = "axis") -> int:
    """`axis` in [0, rank), or the ValueError of TF's Python check of an axis against a
    known rank (tf.repeat's, the ragged functions'), made before any op runs: a Python int
    only (bools are; a NumPy integer or a tensor is its TypeError)."""
    if not isinstance(axis, int):
        raise TypeError(f"{name} must be an int; got {type(axis).__name__}")
    if not -rank <= axis < rank:
        raise ValueError(f"{name}={axis} out of bounds: expected {-rank}<={name}<{rank}")
    return axis + rank if axis < 0 else axis


def reduction_axes(op: str, axis: Any, ndim: int | None) -> tuple | None:
    """Normalized, sorted, unique reduction axes; None means all axes."""
    if axis is None:
        return None if ndim is None else tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    if ndim is None:
        return axes
    out = set()
    for a in axes:
        if not -ndim <= a < ndim:  # (a scalar has no axis: TF refuses 0 and -1 too)
            raise fail(op, f"Invalid reduction dimension ({a} for input with {ndim} dimension(s)")
        out.add(a % ndim)
    return tuple(sorted(out))


def num_elements(shape: tuple | None) -> int | None:
    if shape is None or None in shape:
        return None
    return math.prod(shape)


def dtype_attr(op: str, value: Any, what: str = "dtype",
               allowed: frozenset | None = None) -> dt.DType:
    """A DType-valued attr: TypeError for anything but a DType (as TF's raw ops), and
    InvalidArgumentError when it is outside `allowed`."""
    if not isinstance(value, dt.DType):
        raise TypeError(f"Expected DataType for argument '{what}' not {value!r}. [Op:{op}]")
    if allowed is not None and value not in allowed:
        raise not_supported(op, value, frozenset(allowed), what)  # (TF's list and its NodeDef)
    return value


def string_arg(value: Any, what: str, method: str | None = None) -> str:
    """A string-valued Python argument (data_format, padding, mode, equation): bytes are
    decoded; anything else is a TypeError here, or where TF's Python calls str `method` on
    it first, Python's AttributeError (a tensor's, a number's) as in TF."""
    if isinstance(value, bytes):
        try:
            return value.decode()
        except UnicodeDecodeError:
            pass
    if method is not None and not isinstance(value, (str, bytes)) and \
            not hasattr(value, method):
        raise no_attribute(value, method)
    if not isinstance(value, str):
        raise TypeError(f"`{what}` must be a string. Received: {what}={value!r} of type "
                        f"{type(value).__name__}")
    return value


def compatible(a: tuple | None, b: tuple | None) -> bool:
    """Whether two shapes can be the same: equal ranks, and equal dims where both are known."""
    if a is None or b is None or a == b:  # (equal shapes, the common case, in one compare)
        return True
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))


def same_shape(op: str, a: Any, b: Any) -> None:
    """TF's check for element-wise gradient ops whose two inputs must match exactly."""
    if not compatible(a._shape, b._shape):
        raise fail(op, f"Inputs to operation {op} of type {op} must have the same size and "
                       f"shape.  Input 0: {shape_str(a._shape)} != input 1: "
                       f"{shape_str(b._shape)}")


def merge_shapes(op: str, a: tuple | None, b: tuple | None) -> None:
    """TF's shape functions' Merge of two partial shapes (None: an unknown rank; None dims
    unknown), as a graph is built: equal ranks, then each pair of known dims equal."""
    if a is None or b is None:
        return
    if len(a) != len(b):
        raise fail(op, f"Shapes must be equal rank, but are {len(a)} and {len(b)}")
    for i, (x, y) in enumerate(zip(a, b)):
        if x is not None and y is not None and x != y:
            raise fail(op, f"Dimension {i} in both shapes must be equal, but are {x} and {y}. "
                           f"Shapes are {shape_str(a)} and {shape_str(b)}.")


def merge_prefix(op: str, data: tuple, prefix: tuple) -> None:
    """TF's shape functions' MergePrefix of a data shape with an indices' (or ids',
    partitions') shape, as a graph is built: the data's rank at least the prefix's, then
    each leading known dim equal to the prefix's."""
    if len(data) < len(prefix):
        raise fail(op, f"Shape must be at least rank {len(prefix)} but is rank {len(data)}")
    for a, b in zip(data, prefix):
        if a is not None and b is not None and a != b:
            raise fail(op, f"Dimensions must be equal, but are {a} and {b}")


def known(value: Any) -> Any:
    """`value` itself, but for a graph tensor whose value is known while its graph is built
    (a tf.constant, arithmetic on constants and static shapes: graph/ir.py's known_value):
    that value, a host array (a NumPy scalar for a scalar). Op wrappers holding an argument
    as an attr (an axis, a size, a depth) read a tensor given for it here, as TF's read
    theirs with `constant_value`; a graph tensor known only when the graph runs stays
    itself, so int() or NumPy of it raise TF's errors."""
    if not isinstance(value, Tensor) or isinstance(value, EagerTensor):
        return value
    graph = getattr(value, "graph", None)  # (Keras's symbolic inputs belong to no graph)
    v = None if graph is None else graph.known_value(value)
    if v is None:
        return value
    return v[()] if v.ndim == 0 else v


def input_count(op: str, names: tuple, inputs: tuple) -> None:
    """An op of these named inputs called with another number (an internal call's
    mistake: TF's wrappers always pass them all): a TypeError naming them."""
    if len(inputs) != len(names):
        raise TypeError(f"{op} takes {len(names)} inputs ({', '.join(names)}), got "
                        f"{len(inputs)}")


def axis_given(op: str, axis: Any, dyn: tuple, word: str = "axis") -> None:
    """An op whose `word` is an attr or, known when its graph runs, an input: given as
    neither (an internal call's mistake), a TypeError."""
    if axis is None and not dyn:
        raise TypeError(f"{op} takes its {word} as an attr or an input: neither was given")


def no_attribute(x: Any, attr: str) -> AttributeError:
    """Python's AttributeError for `x.attr` where TF's function reads it unchecked, naming
    x's type as TF's error does (its eager tensor is a C type, named by its module; a
    class in Python's own words: "type object 'object' has no attribute ...")."""
    if isinstance(x, type):
        try:
            getattr(x, attr)
        except AttributeError as e:  # Python's words; a fresh error, raised by the caller
            return AttributeError(str(e))
    return AttributeError(f"'{type_name(x)}' object has no attribute '{attr}'")


def attr_read(x: Any, attr: str) -> None:
    """TF's Python reading `x.attr` unchecked (an image's get_shape, a pool input's shape):
    Python's AttributeError where `x` lacks it, its type named as TF's."""
    if not hasattr(x, attr):
        raise no_attribute(x, attr)


# What one output costs before any element of it: the tensor object, its array's header
# and its place in the op's lists (measured ~0.4 KB)
_OUTPUT_BYTES = 512


def output_count(op: str, n: int) -> None:
    """Refuses a count of outputs (a split's, a partition's) whose tensors alone would
    not fit in memory: TF's ResourceExhaustedError, before the list of them is built
    (2**31 - 1 empty parts take ~1 TB)."""
    if _device.current_device().backend.too_big(n * _OUTPUT_BYTES):
        raise ResourceExhaustedError(None, None, f"OOM when allocating the {n} outputs of "
                                                 f"{op} [Op:{op}]")


def check_size(op: str, shape: tuple, dtype: Any) -> None:
    """check_finite_size for a shape whose dims are all known (else nothing to check yet)."""
    if None not in shape:
        check_finite_size(op, shape, dtype)


def string_attr_in(op: str, attr: str, value: str, allowed: tuple) -> None:
    """A string attr among its OpDef's values: while a graph is built, the ValueError of
    TF's op-def library as it builds the node, else the eager NodeDef check's error."""
    if value in allowed:
        return
    shown = ", ".join(f'"{a}"' for a in allowed)
    if _state.graph is not None:
        raise ValueError(f"Attr '{attr}' of '{op}' Op passed string '{value}' not in: {shown}.")
    raise fail(op, f"Value for attr '{attr}' of \"{value}\" is not in the list of allowed "
                   f"values: {shown}\n\t; NodeDef: {{{{node {op}}}}}")


def is_graph_tensor(x: Any) -> bool:
    """Whether `x` is a symbolic tensor of a graph (graph passes rewrite those)."""
    return isinstance(x, Tensor) and not isinstance(x, EagerTensor)


def same_static_spec(x: Any, out: Any) -> bool:
    """Whether graph tensor `x` can stand for `out`: the same dtype and fully known shape."""
    return (is_graph_tensor(x) and x._dtype is out._dtype and out._shape is not None
            and None not in out._shape and x._shape == out._shape)


def object_zeros(x: np.ndarray, xp: Any = np) -> np.ndarray:
    """tf.zeros_like of an object array on `xp`'s device: strings' b"", a variant's its own
    zero there (a TensorMap's: the empty map; a CSR matrix's: one of no entries, on a GPU
    only; any other's b"", which the list ops read as no items)."""
    out = np.empty(x.shape, object)
    flat = out.reshape(-1)  # (filled item by item: a list's value is a tuple, not a row)
    for i, v in enumerate(x.flat):
        flat[i] = v.zeros_like(xp) if hasattr(v, "zeros_like") else b""
    return out


def int_divisor(op: str, x: Any, y: Any) -> None:
    """TF's refusal of an integer division by zero (of a non-empty x). A device's divisor
    other than int32 is not read: TF's GPU kernels divide those unchecked (its int32
    kernels run on the host, checked), and reading one would wait for the device."""
    if type(y) is not np.ndarray and not isinstance(y, np.generic) and y.dtype != np.int32:
        return
    if y.dtype.kind in "iu" and x.size and not y.all():  # (an empty result divides nothing)
        raise zero_division(op)


def zero_division(op: str) -> Exception:
    """TF's error for binary op `op`'s integer division by zero: its words for Div, Mod,
    FloorDiv and FloorMod; for the others (TruncateDiv, TruncateMod) the error of a
    kernel TF's BinaryOp did not expect to fail."""
    if op in ("Div", "Mod", "FloorDiv", "FloorMod", "SegmentMean"):
        return InvalidArgumentError(None, None, f"Integer division by zero [Op:{op}]")
    return InternalError(None, None, "Unexpected error in binary operator (only integer div "
                                     f"and mod should have errors) [Op:{op}]")


