"""tf.debugging and tf.print: runtime checks and printing.

Eagerly, the asserts check their condition right away and raise
InvalidArgumentError with TF's eager messages. While a graph is traced they add
stateful ops instead (Assert, CheckNumerics, PrintV2) whose kernels do the check
or the printing every time the graph runs, as in TF. Static checks (ranks,
shapes, dtypes) raise ValueError/TypeError when called, in both modes.
"""

from __future__ import annotations

import builtins
import sys
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest, tf_logging
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, is_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import dispatch
from eagerflow._src.ops import math as m
from eagerflow._src.ops.composite_dispatch import dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.elementwise import binary_args
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import less_equal
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

logging = lazy_module("logging")  # on use: ~3 ms of `import eagerflow`

# ---------------------------------------------------------------------------------------
# Assert: the graph-mode op (eagerly, Assert raises directly).
# ---------------------------------------------------------------------------------------


def _summary(a: np.ndarray, summarize: int) -> str:
    """TF's Assert rendering of one data tensor: 'a, b, c, ...' (strings as b'..')."""
    flat = a.reshape(-1)
    n = flat.size if summarize < 0 else min(summarize, flat.size)
    items = [repr(v) if isinstance(v, bytes) else str(v) for v in flat[:n]]
    if n < flat.size:
        items.append("...")
    return ", ".join(items)


def _assert_infer(cond: Any, *data: Any, summarize: int) -> list:
    C.int_attr("Assert", summarize, "summarize")
    if cond._dtype is not dt.bool:
        raise C.fail("Assert", f"cannot compute Assert as input #0(zero-based) was expected to "
                               f"be a bool tensor but is a {cond._dtype.name} tensor")
    if cond._shape is not None and cond._shape != ():
        raise C.fail("Assert", f"In[0] should be a scalar: {C.shape_str(cond._shape)}")
    return []


def _graph_summary(a: np.ndarray, summarize: int) -> str:
    """TF's rendering of Assert data inside graphs: `x is`, `[-1.5 2]`, `[0 1 2...]`."""
    if a.dtype.kind == "O" and a.ndim == 0:
        v = a[()]
        return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)
    kind = a.dtype.kind
    np_type = np.float64 if a.dtype == np.float64 else np.float32 if kind == "f" else None
    if a.ndim == 0:
        return _element(a[()], kind, np_type)
    left = [a.size if summarize < 0 else summarize]

    def render(sub: np.ndarray) -> str:
        parts = []
        for i in range(sub.shape[0]):
            if left[0] <= 0:
                return "[" + " ".join(parts) + "...]"
            if sub.ndim == 1:
                parts.append(_element(sub[i], kind, np_type))
                left[0] -= 1
            else:
                parts.append(render(sub[i]))
        return "[" + " ".join(parts) + "]"
    return render(a)[1:-1]  # the caller adds the outer brackets


def _assert_kernel(xp: Any, cond: Any, *data: Any, summarize: int) -> tuple:
    if not bool(cond):
        parts = " ".join(f"[{_graph_summary(np.asarray(d), summarize)}]" for d in data)
        raise InvalidArgumentError(None, None, f"assertion failed: {parts} [Op:Assert]")
    return ()


ASSERT = register(OpDef(
    "Assert", _assert_infer, _assert_kernel, reference=lambda cond, *data, summarize: (),
    samples=lambda: [Sample((np.array(True), np.array([1, 2])), {"summarize": 3}, grad=False)],
    bad_samples=lambda: [BadSample((np.array(False), np.array(b"x is", dtype=object),
                                    np.arange(5)), {"summarize": 3}, InvalidArgumentError,
                                   "assertion failed: [x is] [0 1 2...]"),
                         BadSample((np.array(1.0),), {"summarize": 3}, InvalidArgumentError,
                                   "expected to be a bool tensor")],
    num_outputs=0, stateful=True,
))


def _eager_value(x: Any) -> Any:
    if isinstance(x, EagerTensor):
        return x._numpy()
    if hasattr(x, "_as_tensor"):
        return x._as_tensor()._numpy()
    return x


def _data_tensor(d: Any) -> Any:
    return d if isinstance(d, Tensor) else convert_to_tensor(d)


def _eager_summarize(summarize: Any) -> int:
    """How many items a failed eager Assert shows: TF compares `summarize` with 0 (any
    negative number, -inf included, shows everything) and slices with it otherwise."""
    if isinstance(summarize, (int, np.integer)) and not isinstance(summarize, bool):
        return int(summarize)
    if isinstance(summarize, (float, np.floating)) and summarize < 0:
        return -1
    raise TypeError(f"slice indices must be integers or None or have an __index__ method "
                    f"(Assert's summarize={summarize!r})")


def Assert(condition: Any, data: Any, summarize: int | None = None,
           name: str | None = None) -> Any:
    """Raises InvalidArgumentError (showing `data`) when `condition` is False."""
    summarize = 3 if summarize is None else summarize
    if _state.graph is None:
        value = _eager_value(condition)
        if not builtins.bool(value):  # ValueError for non-scalar arrays, as in TF
            summarize = _eager_summarize(summarize)
            items = [_summary(np.asarray(_data_tensor(d)._numpy()), summarize) for d in data]
            raise InvalidArgumentError(None, None, f"Expected '{condition!s}' to be true. "
                                                   f"Summarized data: " + "\n".join(items))
        return None
    cond = condition if isinstance(condition, Tensor) else convert_to_tensor(condition)
    bind(ASSERT, (cond,) + tuple(_data_tensor(d) for d in data), {"summarize": summarize},
         name)
    return _state.graph.operations[-1]  # (the Assert operation, for control dependencies)


# ---------------------------------------------------------------------------------------
# Comparison asserts.
# ---------------------------------------------------------------------------------------

def _binary_assert(sym: str, op: Any, x: Any, y: Any, message: str | None,
                   summarize: int | None, show_indices: bool) -> Any:
    x, y = binary_args(x, y)
    cond = op(x, y)
    if _state.graph is not None:
        data = ([message] if message else []) + [
            f"Condition x {sym} y did not hold element-wise:", _label("x", x), x,
            _label("y", y), y]
        return Assert(reduce_all(cond), data, summarize=summarize)
    ok = np.asarray(cond._numpy())
    if ok.all():
        return None
    n = 3 if summarize is None else int(summarize)
    xv, yv = x._numpy(), y._numpy()
    lines = [message] if message else []
    lines.append(f"Condition x {sym} y did not hold.")
    if show_indices and xv.shape == yv.shape and xv.ndim:  # (none for scalars, as TF)
        bad = np.argwhere(~ok)[:n]
        xb = np.broadcast_to(xv, ok.shape)
        yb = np.broadcast_to(yv, ok.shape)
        lines += [f"Indices of first {len(bad)} different values:", str(bad),
                  "Corresponding x values:", str(np.array([xb[tuple(i)] for i in bad])),
                  "Corresponding y values:", str(np.array([yb[tuple(i)] for i in bad]))]
    xf, yf = xv.reshape(-1), yv.reshape(-1)
    lines += [f"First {min(n, xf.size)} elements of x:", str(xf[:n]),
              f"First {min(n, yf.size)} elements of y:", str(yf[:n])]
    raise InvalidArgumentError(None, None, "\n".join(lines))


def _label(what: str, t: Any) -> str:
    """How a graph assert names a tensor in its data: by its graph name, as TF does
    ("x (args_0:0) = "); a captured eager value has none."""
    if isinstance(t, EagerTensor) or getattr(t, "_op", None) is None:
        return f"{what} = "
    return f"{what} ({t.name}) = "


def _cmp(sym: str, op_name: str, show_indices: bool = False) -> Any:
    def f(x: Any, y: Any, message: str | None = None, summarize: int | None = None,
          name: str | None = None) -> Any:
        return _binary_assert(sym, getattr(m, op_name), x, y, message, summarize, show_indices)
    f.__name__ = f"assert_{op_name}"
    return f


assert_equal = dispatchable(_cmp("==", "equal", True))
_assert_not_equal = _cmp("!=", "not_equal", True)


@dispatchable
def assert_none_equal(x: Any, y: Any, summarize: int | None = None, message: str | None = None,
                      name: str | None = None) -> Any:
    """Asserts x != y elementwise (TF's v2 signature takes `summarize` before `message`)."""
    return _assert_not_equal(x, y, message, summarize, name)


# (dispatchable: TF's binary elementwise assert APIs, which extension types may take over)
assert_less = dispatchable(_cmp("<", "less", True))
assert_less_equal = dispatchable(_cmp("<=", "less_equal", True))
assert_greater = dispatchable(_cmp(">", "greater", True))
assert_greater_equal = dispatchable(_cmp(">=", "greater_equal", True))


def _pretty(x: np.ndarray, summarize: int) -> str:
    flat = x.reshape(-1)
    items = [str(v) for v in flat[:summarize]]
    if summarize < flat.size:
        items.append("...")
    return str(items)


def _sign_assert(sym: str, op_name: str) -> Any:
    def f(x: Any, message: str | None = None, summarize: int | None = None,
          name: str | None = None) -> Any:
        x = convert_to_tensor(x) if not isinstance(x, Tensor) else x
        zero = convert_to_tensor(0, dtype=x._dtype)
        cond = getattr(m, op_name)(x, zero)
        head = f"{message}.  " if message else ""
        what = f"Condition x {sym} 0 did not hold element-wise:"
        label = f"x (shape={x.shape} dtype={x._dtype.name}) = "
        # TF's assert_non_positive glues its condition and its "x (...) = " into one item
        glued = op_name == "less_equal"
        if _state.graph is not None:
            data = [head, what + _label("x", x), x] if glued else \
                [head, what, _label("x", x), x]
            return Assert(reduce_all(cond), data, summarize=summarize)
        if np.asarray(cond._numpy()).all():
            return None
        n = 3 if summarize is None else int(summarize)
        items = [head, what + label] if glued else [head, what, label]
        raise InvalidArgumentError(None, None, "\n".join(items + [_pretty(x._numpy(), n)]))
    f.__name__ = f"assert_{op_name}"
    return f


assert_positive = _sign_assert(">", "greater")
assert_negative = _sign_assert("<", "less")
assert_non_negative = _sign_assert(">=", "greater_equal")
assert_non_positive = _sign_assert("<=", "less_equal")


@dispatchable
def assert_near(x: Any, y: Any, rtol: Any = None, atol: Any = None, message: str | None = None,
                summarize: int | None = None, name: str | None = None) -> Any:
    """Asserts |x - y| <= atol + rtol * |y| elementwise (default tolerances 10 * eps)."""
    x, y = binary_args(x, y)
    np_type = x._dtype.as_numpy_dtype
    if not (x._dtype.is_floating or x._dtype.is_complex):  # TF's is NumPy 2.4's finfo error
        raise ValueError(f"data type {np_type!r} not inexact")
    eps = np.finfo(np_type).eps
    real = x._dtype.real_dtype
    rtol_t = convert_to_tensor(10 * eps if rtol is None else rtol, dtype=real)
    atol_t = convert_to_tensor(10 * eps if atol is None else atol, dtype=real)
    cond = reduce_all(less_equal(abs_(x - y), atol_t + rtol_t * abs_(y)))
    data = [f"{message}.  " if message else "",
            f"x and y not equal to tolerance rtol = {rtol_t!s}, atol = {atol_t!s}",
            f"x (shape={x.shape} dtype={x._dtype.name}) = ", x,
            f"y (shape={y.shape} dtype={y._dtype.name}) = ", y]
    if _state.graph is None and not builtins.bool(cond._numpy()):
        n = 3 if summarize is None else int(summarize)
        items = [repr(d.encode()) if isinstance(d, str) else _summary(d._numpy(), n)
                 for d in data]
        raise InvalidArgumentError(None, None, f"Expected '{cond!s}' to be true. Summarized data: "
                                               + "\n".join(items))
    if _state.graph is not None:
        return Assert(cond, data, summarize=summarize)
    return None


# ---------------------------------------------------------------------------------------
# Static checks: rank, type, shapes.
# ---------------------------------------------------------------------------------------

def _prefix(message: str | None) -> str:
    return f"{message}.  " if message else ""


def _static_shape(x: Any) -> TensorShape:
    x = x if isinstance(x, Tensor) or hasattr(x, "_as_tensor") else convert_to_tensor(x)
    return x.shape


def _ranks(rank: Any) -> int:
    """A rank argument: a scalar int32, as TF requires (a float, bool or int64 rank is its
    TypeError, a list its ValueError)."""
    t = rank if isinstance(rank, EagerTensor) else convert_to_tensor(rank)
    if t.dtype is not dt.int32:
        raise TypeError(f"tensor must be of type tf.int32; got tf.{t.dtype.name}")
    if t.shape.rank != 0:
        raise ValueError("Rank must be a scalar.")
    return int(t._numpy())


def _rank_name(x: Any) -> str:
    """How TF's rank asserts name the tensor: by its graph name while tracing, else ''."""
    if isinstance(x, EagerTensor) or not isinstance(x, Tensor) or getattr(x, "_op", None) is None:
        return ""
    return x.name


def assert_rank(x: Any, rank: Any, message: str | None = None, name: str | None = None) -> None:
    shape, want = _static_shape(x), _ranks(rank)
    if shape.rank is not None and shape.rank != want:
        raise ValueError(f"{_prefix(message)}Tensor {_rank_name(x)} must have rank {want}.  "
                         f"Received rank {shape.rank}, shape {shape}")


def assert_rank_at_least(x: Any, rank: Any, message: str | None = None,
                         name: str | None = None) -> None:
    shape, want = _static_shape(x), _ranks(rank)
    if shape.rank is not None and shape.rank < want:
        raise ValueError(f"{_prefix(message)}Tensor {_rank_name(x)} must have rank at least "
                         f"{want}.  Received rank {shape.rank}, shape {shape}")


def assert_rank_in(x: Any, ranks: Any, message: str | None = None,
                   name: str | None = None) -> None:
    shape, wants = _static_shape(x), tuple(_ranks(r) for r in ranks)
    if shape.rank is not None and shape.rank not in wants:
        raise ValueError(f"{_prefix(message)}Tensor {_rank_name(x)} must have rank in {wants}.  "
                         f"Received rank {shape.rank}, shape {shape}")


def assert_type(tensor: Any, tf_type: Any, message: str | None = None,
                name: str | None = None) -> None:
    want = dt.as_dtype(tf_type)
    got = (tensor if is_tensor(tensor) else convert_to_tensor(tensor)).dtype
    if got is not want:
        raise TypeError(f"{_prefix(message)}tensor must be of type {want!r}; got {got!r}")


def assert_integer(x: Any, message: str | None = None, name: str | None = None) -> None:
    d = (x if is_tensor(x) else convert_to_tensor(x)).dtype
    if not d.is_integer:
        raise TypeError(f'{_prefix(message)}Expected "x" to be integer type.  Found: tensor of '
                        f"dtype {d}")


def assert_scalar(tensor: Any, message: str | None = None, name: str | None = None) -> Any:
    shape = _static_shape(tensor)
    if shape.rank is not None and shape.rank != 0:
        raise ValueError(f"{_prefix(message)}Expected scalar shape, saw shape: {shape}.")
    return tensor


def assert_same_float_dtype(tensors: Any = None, dtype: Any = None) -> dt.DType:
    found = None if dtype is None else dt.as_dtype(dtype)
    first = None
    for t in tensors or []:
        d = t.dtype
        if found is None:
            found, first = d, t
        elif d is not found:
            raise ValueError(f"{t!s}, type={d}, must be of the same type ({found}) as "
                             f"{first!s}.")
    found = dt.float32 if found is None else found
    if not found.is_floating:
        raise ValueError(f"Expected floating point type, got {found}.")
    return found


def assert_proper_iterable(values: Any) -> None:
    if isinstance(values, (Tensor, np.ndarray, str, bytes)) or hasattr(values, "_as_tensor"):
        raise TypeError(f'Expected argument "values" to be a "proper" iterable.  Found: '
                        f"{type(values)}")
    if not hasattr(values, "__iter__"):
        raise TypeError(f'Expected argument "values" to be iterable.  Found: {type(values)}')


def is_numeric_tensor(tensor: Any) -> bool:
    return isinstance(tensor, Tensor) and (tensor.dtype.is_floating or tensor.dtype.is_integer
                                           or tensor.dtype.is_complex)


def _spec_error(msg: str, message: str | None) -> ValueError:
    return ValueError(_prefix(message) + msg)


def assert_shapes(shapes: Any, data: Any = None, summarize: int | None = None,
                  message: str | None = None, name: str | None = None) -> None:
    """Checks ranks and sizes; string entries name sizes that must agree across tensors."""
    pairs = list(shapes.items()) if isinstance(shapes, dict) else list(shapes)
    symbols: dict = {}
    for x, spec in pairs:
        x = x.deref() if hasattr(x, "deref") else x
        t = x if is_tensor(x) else convert_to_tensor(x)
        shape = t.shape
        desc = f"Tensor shape={shape} dtype={t.dtype.name}"
        spec = list(spec) if not isinstance(spec, str) else list(spec)
        for i, s in enumerate(spec):
            if (s is Ellipsis or s == "*") and i != 0:
                raise _spec_error(f"{desc} specified shape index {i}.  Symbol `...` or `*` for a "
                                  "variable number of unspecified dimensions is only allowed as "
                                  "the first entry", message)
        if shape.rank is None:
            continue
        dims = list(shape)
        if spec and (spec[0] is Ellipsis or spec[0] == "*"):
            spec = spec[1:]
            if len(dims) < len(spec):
                raise _spec_error(f"Tensor  must have rank at least {len(spec)}.  Received rank "
                                  f"{len(dims)}, shape {shape}", message)
            dims = dims[len(dims) - len(spec):]
            offset = shape.rank - len(spec)
        else:
            offset = 0
            if len(spec) <= 1:
                if len(dims) > 1:
                    raise _spec_error(f"Tensor  must have rank in (0, 1).  Received rank "
                                      f"{len(dims)}, shape {shape}", message)
                dims = dims or [1]
                spec = spec or [1]
            elif len(dims) != len(spec):
                raise _spec_error(f"Tensor  must have rank {len(spec)}.  Received rank "
                                  f"{len(dims)}, shape {shape}", message)
        for i, (s, d) in enumerate(zip(spec, dims)):
            pos = i + offset
            if d is None or s == "." or s is None:
                continue
            if isinstance(s, str):
                if s in symbols:
                    want, origin = symbols[s]
                    if d != want:
                        raise _spec_error(f"Specified by {origin}.  {desc} dimension {pos} must "
                                          f"have size {want}.  Received size {d}, shape {shape}",
                                          message)
                else:
                    symbols[s] = (d, f"tensor shape={shape} dtype={t.dtype.name} dimension "
                                     f"{pos}")
            elif int(s) != d:
                raise _spec_error(f"Specified explicitly.  {desc} dimension {pos} must have size "
                                  f"{int(s)}.  Received size {d}, shape {shape}", message)


# ---------------------------------------------------------------------------------------
# check_numerics.
# ---------------------------------------------------------------------------------------

def _check_numerics_kernel(xp: Any, x: Any, message: str) -> Any:
    nan, inf = bool(xp.isnan(x).any()), bool(xp.isinf(x).any())
    if nan or inf:
        what = "Inf and NaN" if nan and inf else "NaN" if nan else "Inf"
        raise InvalidArgumentError(None, None, f"{message} : Tensor had {what} values "
                                               "[Op:CheckNumerics]")
    return x


CHECK_NUMERICS = register(OpDef(
    "CheckNumerics", lambda x, message: [(x._shape, C.check_dtype("CheckNumerics", x, C.FLOATS))],
    _check_numerics_kernel,
    grad=lambda n, g: [check_numerics(g, f"Not a number (NaN) or infinity (Inf) values "
                                         f"detected in gradient. {n.attrs['message']}")],
    reference=lambda x, message: x.copy(),
    samples=lambda: [Sample((np.array([1.0, -2.0, 3.5]),), {"message": "ok"})],
    bad_samples=lambda: [
        BadSample((np.array([1.0, np.nan]),), {"message": "bad!"}, InvalidArgumentError,
                  "bad! : Tensor had NaN values"),
        BadSample((np.array([np.inf, np.nan]),), {"message": "m"}, InvalidArgumentError,
                  "m : Tensor had Inf and NaN values"),
        BadSample((np.array([1, 2]),), {"message": "m"}, InvalidArgumentError,
                  "Value for attr 'T' of int64")],
    stateful=True,
))


@dispatchable
def check_numerics(tensor: Any, message: str, name: str | None = None) -> Any:
    t = tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor)
    return bind(CHECK_NUMERICS, (t,), {"message": str(message)}, name)


def assert_all_finite(x: Any, message: str, name: str | None = None) -> Any:
    return check_numerics(x, message)


# ---------------------------------------------------------------------------------------
# tf.print: a stateful op so that it prints on every run of a traced graph too.
# ---------------------------------------------------------------------------------------

_MARK = "\udfff"  # a lone surrogate: no printed text holds one (a NUL can)


def _legacy_float(v: Any, short: int, long: int, np_type: Any) -> str:
    """TF's float rendering: %.{short}g when that reads back exactly, else %.{long}g."""
    f = float(v)
    if f != f or f in (float("inf"), float("-inf")):
        return {True: "nan"}.get(f != f, "inf" if f > 0 else "-inf")
    s = f"{f:.{short}g}"
    if np_type(float(s)) == np_type(f):
        return s
    return f"{f:.{long}g}"


def _element(v: Any, kind: str, np_type: Any) -> str:
    if kind == "f":
        if np_type == np.float64:
            return _legacy_float(v, 15, 17, np.float64)
        return _legacy_float(v, 6, 9, np.float32)
    if kind == "b":
        return "1" if v else "0"
    if kind == "O":
        return '"' + _c_escape(v if isinstance(v, bytes) else str(v).encode()) + '"'
    if kind == "c":
        return "?"
    return str(int(v))


_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"',
            ord("'"): "\\'", ord("\\"): "\\\\"}


def _c_escape(b: bytes) -> str:
    """A string element as TF prints it: C escapes (`\\n`, `\\"`, octal `\\000` for other
    control bytes), UTF-8 left as it is."""
    if all(32 <= c < 127 and c not in _ESCAPES for c in b):
        return b.decode("ascii")
    out = bytearray()
    for c in b:
        e = _ESCAPES.get(c)
        if e is not None:
            out += e.encode()
        elif c < 32 or c == 127:
            out += b"\\%03o" % c
        else:
            out.append(c)
    return out.decode("utf-8", "surrogateescape")  # raw bytes, as TF writes them


def format_tensor(a: np.ndarray, summarize: int) -> str:
    """A tensor as tf.print shows it: `[1 2 3]`, `[[1 2]\\n [3 4]]`, `[0 1 2 ... 7 8 9]`."""
    if a.dtype.kind == "V" and "float" in a.dtype.name:  # bfloat16, float8 (ml_dtypes)
        a = a.astype(np.float32)
    kind = a.dtype.kind
    np_type = a.dtype.type if kind == "f" else None
    if kind == "f" and a.dtype != np.float64:
        np_type = np.float32
    if a.ndim == 0:
        return _element(a[()], kind, np_type)
    if a.size == 0 and a.shape[0]:  # TF's summary of empty rows: an elision
        return "[" + "\n" * (a.ndim - 1) + " ...]"
    limit = summarize if summarize >= 0 else None

    def pick(n: int) -> list:
        if limit is None or n <= 2 * limit:
            return list(range(n))
        return list(range(limit)) + [None] + list(range(n - limit, n))

    def render(sub: np.ndarray, depth: int) -> str:
        idx = pick(sub.shape[0])
        if idx == [None]:  # summarize=0: all elided, as TF writes it
            return "[" + "\n" * (sub.ndim - 1) + " ...]"
        if sub.ndim == 1:
            return "[" + " ".join("..." if i is None else _element(sub[i], kind, np_type)
                                  for i in idx) + "]"
        sep = "\n" * (sub.ndim - 1) + " " * (depth + 1)
        return "[" + sep.join("..." if i is None else render(sub[i], depth + 1)
                              for i in idx) + "]"

    return render(a, 0)


def _lone_string(pieces: list, scalar_string: bool) -> bool:
    """tf.print of one string scalar alone prints it as it is (no quotes, no escapes)."""
    return scalar_string and len(pieces) == 3 and pieces[0] == pieces[2] == ""


def _print_kernel(xp: Any, *arrays: Any, template: str, output_stream: str, summarize: int,
                  end: str) -> tuple:
    pieces = template.split(_MARK)
    if _lone_string(pieces, arrays[0].dtype == object and np.ndim(arrays[0]) == 0
                    if arrays else False):
        v = arrays[0][()]
        _write((v.decode("utf-8", "surrogateescape") if isinstance(v, bytes) else str(v)) + end,
               output_stream)
        return ()
    out = []
    for i, p in enumerate(pieces):
        out.append(_format_slot(p, arrays, summarize) if i % 2 else p)
    _write("".join(out) + end, output_stream)
    return ()


def _format_slot(mark: str, arrays: tuple, summarize: int) -> str:
    """The text of one printed value: a tensor ("3"), a ragged tensor's flat values and
    row splits ("r3.2": arrays 3, 4, 5), a sparse tensor's three parts ("s3")."""
    if mark.startswith("r"):
        first, n = (int(x) for x in mark[1:].split("."))
        return _ragged_text(np.asarray(arrays[first]),
                            [np.asarray(a) for a in arrays[first + 1:first + 1 + n]], summarize)
    if mark.startswith("s"):
        i = int(mark[1:])
        parts = [format_tensor(np.asarray(a), summarize) for a in arrays[i:i + 3]]
        return f"'SparseTensor(indices={parts[0]}, values={parts[1]}, shape={parts[2]})'"
    return format_tensor(np.asarray(arrays[int(mark)]), summarize)


def _ragged_element(v: Any, kind: str) -> str:
    """An element as TF's ragged_tensor_to_string writes it: as_string's %f for floats,
    true/false, strings in single quotes (backslashes and quotes escaped)."""
    if kind == "f":
        return f"{float(v):f}"
    if kind == "b":
        return "true" if v else "false"
    if kind == "O":
        text = v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if kind == "c":
        return "?"
    return str(int(v))


def _ragged_text(values: np.ndarray, splits: list, summarize: int) -> str:
    """A ragged tensor as tf.print shows it: `[[1, 2], [3]]`, each dimension summarized to
    its first and last `summarize` entries."""
    if values.dtype.kind == "V" and "float" in values.dtype.name:
        values = values.astype(np.float32)
    kind = values.dtype.kind

    def listed(items: list) -> str:
        if 0 <= summarize and len(items) > 2 * summarize:
            items = items[:summarize] + ["..."] + items[len(items) - summarize:]
        return "[" + ", ".join(items) + "]"

    def dense(v: Any) -> str:
        if np.ndim(v) == 0:  # (an object array's element is the bare bytes)
            return _ragged_element(v[()] if isinstance(v, np.ndarray) else v, kind)
        return listed([dense(x) for x in v])

    def rows(level: int, lo: int, hi: int) -> str:
        """Entries lo..hi of dimension `level` (the rows splits[level] delimit; past the
        last splits, the flat values)."""
        if level == len(splits):
            return listed([dense(values[j]) for j in range(lo, hi)])
        sp = splits[level]
        return listed([rows(level + 1, int(sp[j]), int(sp[j + 1])) for j in range(lo, hi)])

    return rows(0, 0, len(splits[0]) - 1)


def _write(text: str, stream: str) -> None:
    """Writes `text`, whose bytes that are not UTF-8 are surrogate-escaped: TF's PrintV2
    writes a string's raw bytes, so they go to the stream's byte buffer as they are."""
    if stream in ("stdout", "stderr"):
        f = sys.stdout if stream == "stdout" else sys.stderr
        buf = getattr(f, "buffer", None)
        raw = _has_escapes(text)
        if raw and buf is not None:
            f.flush()
            buf.write(text.encode("utf-8", "surrogateescape"))
            buf.flush()
            return
        f.write(_readable(text) if raw else text)
        f.flush()
    elif stream.startswith("file://"):
        with open(stream[len("file://"):], "a", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
    else:
        level = {"log(info)": logging.INFO, "log(warning)": logging.WARNING,
                 "log(error)": logging.ERROR}[stream]
        get_logger().log(level, _readable(text).rstrip("\n"))


def _has_escapes(text: str) -> bool:
    return any("\udc80" <= ch <= "\udcff" for ch in text)


def _readable(text: str) -> str:
    """`text` with its escaped raw bytes shown as U+FFFD, for a stream of characters."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


_STREAMS = ("stdout", "stderr", "log(info)", "log(warning)", "log(error)")


def _slot_fits(mark: str, n: int) -> bool:
    """Whether a template's mark names inputs there are ("3", "r3.2", "s3")."""
    if mark.isdigit():
        return int(mark) < n
    if mark[:1] == "s" and mark[1:].isdigit():
        return int(mark[1:]) + 3 <= n
    first, _, count = mark[1:].partition(".")
    return mark[:1] == "r" and first.isdigit() and count.isdigit() and \
        int(first) + 1 + int(count) <= n


def _print_infer(*xs: Any, template: str, output_stream: str, summarize: int,
                 end: str) -> list:
    """The attrs tf.print builds: checked here so that the kernel only formats and writes."""
    for what, v in (("template", template), ("output_stream", output_stream), ("end", end)):
        if not isinstance(v, str):
            raise TypeError(f"Expected string for argument '{what}' not {v!r}. [Op:PrintV2]")
    if not isinstance(summarize, int) or isinstance(summarize, bool):
        raise TypeError(f"Expected int for argument 'summarize' not {summarize!r}. [Op:PrintV2]")
    if output_stream not in _STREAMS and not output_stream.startswith("file://"):
        raise InvalidArgumentError(None, None, f"{output_stream} is not a valid output_stream "
                                               "[Op:PrintV2]")
    for i, p in enumerate(template.split(_MARK)):
        if i % 2 and not _slot_fits(p, len(xs)):
            raise InvalidArgumentError(None, None, f"template refers to input {p!r} of "
                                                   f"{len(xs)} [Op:PrintV2]")
    return []


PRINT = register(OpDef(
    "PrintV2", _print_infer, _print_kernel,
    reference=lambda *xs, **attrs: (),
    samples=lambda: [Sample((np.arange(3),), {"template": f"x = {_MARK}0{_MARK}", "output_stream":
                                              "file:///dev/null", "summarize": 3, "end": "\n"},
                            grad=False)],
    num_outputs=0, stateful=True, gpu=False,  # TF's PrintV2 runs on the CPU
    tf=TFForm(export=lambda n, b: _print_tf(n, b), load=lambda node: _print_load()),
))


def _print_load() -> list:
    raise ValueError("TF's PrintV2 prints the string a StringFormat made; eagerflow's "
                     "PrintV2 formats its tensors itself, so a TF print is not imported")


def _print_tf(n: Any, b: Any) -> list:
    """TF's tf.print: StringFormat fills "{}" placeholders with the tensors in order (a
    tensor printed twice is given twice), then PrintV2 writes the string."""
    pieces = n.attrs["template"].split(_MARK)
    if _lone_string(pieces, n.inputs[0]._dtype is dt.string and n.inputs[0]._shape == ()
                    if n.inputs else False):
        b.node("PrintV2", [b.input(0)], {"output_stream": n.attrs["output_stream"],
                                         "end": n.attrs["end"]})
        return []
    if not all(p.isdigit() for p in pieces[1::2]):
        raise ValueError("tf.print of a ragged or sparse tensor is not exported to a TF graph "
                         "by eagerflow (TF formats it with string ops first)")
    text, inputs = pieces[::2], [b.input(int(p)) for p in pieces[1::2]]
    mark = "{}"
    while any(mark in t for t in text):
        mark = "{" + mark + "}"
    line = b.node("StringFormat", [inputs], {"template": mark.join(text), "placeholder": mark,
                                            "summarize": n.attrs["summarize"]})[0]
    b.node("PrintV2", [line], {"output_stream": n.attrs["output_stream"],
                               "end": n.attrs["end"]})
    return []


def _stream_key(output_stream: Any) -> str:
    if output_stream is sys.stdout or output_stream is sys.__stdout__:
        return "stdout"
    if output_stream is sys.stderr or output_stream is sys.__stderr__:
        return "stderr"
    if isinstance(output_stream, str) and output_stream.startswith("file://"):
        return output_stream
    for key, fn in (("log(info)", logging.info), ("log(warning)", logging.warning),
                    ("log(error)", logging.error)):
        if output_stream is fn:
            return key
    raise ValueError(f"Unsupported output stream, logging level, or file.{output_stream}. "
                     "Supported streams are sys.stdout, sys.stderr, tf.logging.info, "
                     "tf.logging.warning, tf.logging.error. File needs to be in the form of "
                     "'file://<filepath>'.")


class _Slot:
    """Stands in for a tensor inside a printed structure; its repr is the tensor's mark
    (its index, or a ragged or sparse tensor's: see _format_slot)."""

    def __init__(self, index: Any) -> None:
        self.index = index

    def __repr__(self) -> str:
        return f"{_MARK}{self.index}{_MARK}"


def _keys_sorted(x: Any) -> Any:
    """A printed structure with each dict's keys in sorted order, as TF prints it."""
    if isinstance(x, dict):
        try:
            keys = sorted(x)
        except TypeError:
            keys = list(x)
        return {k: _keys_sorted(x[k]) for k in keys}
    if isinstance(x, list):
        return [_keys_sorted(v) for v in x]
    if isinstance(x, tuple) and not hasattr(x, "_fields"):
        return tuple(_keys_sorted(v) for v in x)
    return x


def print_(*inputs: Any, **kwargs: Any) -> Any:
    """tf.print: prints tensors as TF does (`[1 2 3]`), to stderr unless told otherwise."""
    output_stream = kwargs.pop("output_stream", sys.stderr)
    summarize = int(kwargs.pop("summarize", 3))
    sep = kwargs.pop("sep", " ")
    end = kwargs.pop("end", "\n")
    kwargs.pop("name", None)
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments for tf.print: {kwargs}")
    stream = _stream_key(output_stream)
    tensors: list = []

    def slot(x: Any) -> Any:
        if isinstance(x, SparseTensor):  # its three parts, printed as TF's string_format
            tensors.extend([x.indices, x.values, x.dense_shape])
            return _Slot(f"s{len(tensors) - 3}")
        if isinstance(x, CompositeTensor) and hasattr(x, "nested_row_splits"):  # ragged
            if summarize != -1 and summarize <= 0:  # TF's ragged formatting refuses it
                raise ValueError(f"Expected summarize to be -1 or a positive int, got "
                                 f"{summarize}")
            splits = list(x.nested_row_splits)
            tensors.extend([x.flat_values] + splits)
            return _Slot(f"r{len(tensors) - 1 - len(splits)}.{len(splits)}")
        if isinstance(x, Tensor) or hasattr(x, "_as_tensor"):
            tensors.append(x if isinstance(x, Tensor) else x._as_tensor())
            return _Slot(len(tensors) - 1)
        return x

    parts = []
    for arg in inputs:
        if isinstance(arg, str):
            parts.append(arg)
        elif isinstance(arg, (Tensor, CompositeTensor)) or hasattr(arg, "_as_tensor"):
            parts.append(repr(slot(arg)))
        else:
            parts.append(str(_keys_sorted(nest.map_structure(slot, arg))) if nest.is_nested(arg)
                         else str(arg))
    template = sep.join(parts)
    out = bind(PRINT, tuple(tensors), {"template": template, "output_stream": stream,
                                       "summarize": summarize, "end": end})
    return None if _state.graph is None else out


# ---------------------------------------------------------------------------------------
# Switches kept for API compatibility.
# ---------------------------------------------------------------------------------------

_FLAGS = {"log_device_placement": False, "traceback_filtering": True}


def set_log_device_placement(enabled: bool) -> None:
    _FLAGS["log_device_placement"] = bool(enabled)
    dispatch.set_log_placement(enabled)


def get_log_device_placement() -> bool:
    return _FLAGS["log_device_placement"]


def enable_traceback_filtering() -> None:
    _FLAGS["traceback_filtering"] = True


def disable_traceback_filtering() -> None:
    _FLAGS["traceback_filtering"] = False


def is_traceback_filtering_enabled() -> bool:
    return _FLAGS["traceback_filtering"]


get_logger = tf_logging.get_logger  # tf.get_logger
