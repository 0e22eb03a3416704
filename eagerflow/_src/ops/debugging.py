"""tf.debugging: runtime checks (tf.print lives in printing.py, re-exported here).

Eagerly, the asserts check their condition right away and raise
InvalidArgumentError with TF's eager messages. While a graph is traced they add
stateful ops instead (Assert, CheckNumerics, PrintV2) whose kernels do the check
or the printing every time the graph runs, as in TF. Static checks (ranks,
shapes, dtypes) raise ValueError/TypeError when called, in both modes.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, is_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import dispatch
from eagerflow._src.ops import math as m
from eagerflow._src.ops.composite_dispatch import dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.elementwise import binary_args
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import less_equal
from eagerflow._src.ops.printing import _MARK, PRINT, _element, format_tensor, print_  # noqa: F401
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

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
