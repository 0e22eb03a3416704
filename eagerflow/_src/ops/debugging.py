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

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    convert_to_tensor,
    is_tensor,
)
from eagerflow._src.core.type_names import type_repr
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import dispatch
from eagerflow._src.ops import math as m
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.array import rank as rank_of
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import tf_constant_value
from eagerflow._src.ops.eager_errors import slow_inputs
from eagerflow._src.ops.elementwise import binary_args
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import less_equal
from eagerflow._src.ops.printing import (  # noqa: F401
    _MARK,
    PRINT,
    _c_escape,
    _element,
    format_tensor,
    print_,
    summarize_nested,
)
from eagerflow._src.ops.reduce import reduce_all, reduce_any
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.shape_queries import shape as shape_of

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
    AV.int_attr("Assert", summarize, "summarize")
    if cond._dtype is not dt.bool:
        raise C.fail("Assert", f"cannot compute Assert as input #0(zero-based) was expected to "
                               f"be a bool tensor but is a {cond._dtype.name} tensor")
    if cond._shape is not None and cond._shape != ():
        raise C.fail("Assert", f"In[0] should be a scalar: {C.shape_str(cond._shape)}")
    return []


def _graph_summary(a: np.ndarray, summarize: int) -> str:
    """TF's rendering of Assert data inside graphs: `x is`, `[-1.5 2]`, `[0 1 2...]`,
    `[[0 1][2...]...]` (Tensor::SummarizeValue; the caller adds the outer brackets)."""
    if a.dtype.kind == "O" and a.ndim == 0:  # (C escapes, as TF's: `Tensor(\"x:0\"...`)
        v = a[()]
        return _c_escape(v if isinstance(v, bytes) else str(v).encode())
    if a.ndim == 0:
        kind = a.dtype.kind
        return _element(a[()], kind, np.float64 if a.dtype == np.float64 else
                        np.float32 if kind == "f" else None)
    return summarize_nested(a, summarize)


def _assert_kernel(xp: Any, cond: Any, *data: Any, summarize: int) -> tuple:
    if not bool(cond):  # (TF's GPU kernel reads its data in host memory: copied to render)
        parts = " ".join(f"[{_graph_summary(to_host(d), summarize)}]" for d in data)
        raise InvalidArgumentError(None, None, f"assertion failed: {parts} [Op:Assert]")
    return ()


ASSERT = register(OpDef(
    "Assert", _assert_infer, _assert_kernel, reference=lambda cond, *data, summarize: (),
    samples=lambda: [Sample((np.array(True), np.array([1, 2])), {"summarize": 3}, grad=False)],
    bad_samples=lambda: [BadSample((np.array(False), np.array(b"x is", dtype=object),
                                    np.arange(5)), {"summarize": 3}, InvalidArgumentError,
                                   "assertion failed: [x is] [0 1 2...]"),
                         BadSample((np.array(False), np.array([[1.5, -2.0]], np.float32)),
                                   {"summarize": -1}, InvalidArgumentError,
                                   "assertion failed: [[1.5 -2]]"),
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


def _eager_truth(x: Any) -> bool:
    """A condition's truth as TF's eager Assert reads it: a tensor's or variable's by the
    tensor's bool (an empty one is False), anything else by Python's (NumPy's refusals)."""
    if hasattr(x, "_as_tensor") and not isinstance(x, EagerTensor):
        x = x._as_tensor()
    return builtins.bool(x)


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


@dispatch_binding
def Assert(condition: Any, data: Any, summarize: int | None = None,
           name: str | None = None) -> Any:
    """Raises InvalidArgumentError (showing `data`) when `condition` is False."""
    summarize = 3 if summarize is None else summarize
    if _state.graph is None:
        if not _eager_truth(condition):  # ValueError for non-scalar arrays, as in TF
            summarize = _eager_summarize(summarize)
            items = [_summary(np.asarray(_data_tensor(d)._numpy()), summarize) for d in data]
            raise InvalidArgumentError(None, None, f"Expected '{condition!s}' to be true. "
                                                   f"Summarized data: " + "\n".join(items))
        return None
    graph = _state.graph
    cond = condition if isinstance(condition, Tensor) else convert_to_tensor(condition)
    data = list(data)

    def assert_op() -> Any:  # (its Python values: constants "Assert/data_0", as TF's)
        bind(ASSERT, (cond,) + tuple(_data_tensor(d) for d in data),
             {"summarize": summarize}, "Assert")
        return _state.graph.operations[-1]

    with name_scope(name or "Assert") as scope:
        # TF converts the data first (its Python values become constants "Assert/Const",
        # unused), then guards the Assert with a cond unless they are all strings or int32s
        kinds = [_graph_data(graph, d, scope) for d in data]
        # (only in a function's graph: a TF 1 graph's Asserts stay unguarded)
        if _GUARD[0] is None or not graph.building_function or \
                all(k in (dt.string, dt.int32) for k in kinds):
            return assert_op()
        return _GUARD[0](cond, assert_op)


# The guard of a graph Assert: a cond named "AssertGuard" whose false branch runs it, as
# TF's. Control flow sits above ops: function/concrete.py, where function graphs are
# traced, hands its builder down (set_assert_guard).
_GUARD: list = [None]


def set_assert_guard(build: Any) -> None:
    """`build(cond, assert_fn)` builds the guard and returns the operation Assert returns."""
    _GUARD[0] = build


def _graph_data(graph: Any, d: Any, scope: str) -> Any:
    """The dtype of one item of an Assert's data, a Python value made a constant of the
    graph as TF's conversion makes it ("Assert/Const", "Assert/Const_1", ...)."""
    if isinstance(d, Tensor) or hasattr(d, "_as_tensor"):
        return d.dtype
    t = convert_to_tensor(d)
    graph.capture(t, graph.unique_name(scope + "Const", scoped=False, mark=False))
    return t._dtype


# ---------------------------------------------------------------------------------------
# Comparison asserts. In a graph each builds TF's ops under its name scope ("assert_less/
# Less", "assert_less/All", "assert_less/Assert/AssertGuard"), naming its tensors in the
# message as TF does ("x (x:0) = ", "y (assert_less/y:0) = ").
# ---------------------------------------------------------------------------------------

def _pretty_item(d: Any, n: Any) -> str:
    """One item of an eager assert's data as TF's message shows it."""
    if isinstance(d, Tensor) or hasattr(d, "_as_tensor"):
        arr = np.asarray(_eager_value(d))
        return str(arr[()]) if arr.ndim == 0 else _pretty(arr, n)
    return str(d)


def _limit(summarize: Any) -> Any:
    """How many values a failed eager comparison assert shows. TF uses `summarize` as
    given, unconverted: a negative one means all (the float 1e9, which no slice takes, so
    a tensor item then fails to print), a float or a float tensor is compared and sliced
    with as it is (tests/fuzz/test_regressions_seed1460574140.py)."""
    return 3 if summarize is None else 1e9 if summarize < 0 else summarize


def _head(arr: np.ndarray, n: Any) -> np.ndarray:
    """arr[:n] with TF's tensor as the bound: the bound is its NumPy value's __index__, so
    a float scalar tensor is NumPy's AttributeError ("'numpy.float32' object has no
    attribute '__index__'") and a non-scalar NumPy's TypeError."""
    if isinstance(n, Tensor) or hasattr(n, "_as_tensor"):
        v = np.asarray(_eager_value(n))
        n = (v[()] if v.ndim == 0 else v).__index__()
    return arr[:n]


def _eager_data_error(data: list, message: str | None, summarize: int | None) -> Exception:
    n = _limit(summarize)
    items = ([message] if message is not None else []) + list(data)
    return InvalidArgumentError(None, None, "\n".join(_pretty_item(d, n) for d in items))


def _binary_assert(sym: str, op: Any, static: Any, opname: str, x: Any, y: Any, data: Any,
                   summarize: int | None, message: str | None, name: str | None,
                   show_indices: bool = True) -> Any:
    if _state.graph is not None:
        with name_scope(name or opname) as scope:
            x, y = _named_operands(x, y, scope)
            if data is None:
                data = [f"Condition x {sym} y did not hold element-wise:", _label("x", x), x,
                        _label("y", y), y]
            if message is not None:
                data = [message] + list(data)
            cond = _reduce_all(op(x, y))
            # (known now through the ops TF's constant_value sees through: TF fails while
            # tracing; a value only a run of more ops would give fails when the graph runs)
            xv, yv = tf_constant_value(x), tf_constant_value(y)
            if xv is not None and yv is not None and not np.all(static(xv, yv)):
                raise InvalidArgumentError(None, None, "\n".join(_static_text(d) for d in data))
            return Assert(cond, data, summarize=summarize)
    x, y = _operands(x, y)
    cond = op(x, y)
    ok = np.asarray(cond._numpy())
    if ok.all():
        return None
    if data is not None:
        raise _eager_data_error(data, message, summarize)
    n = _limit(summarize)
    xv, yv = x._numpy(), y._numpy()
    # (a message is the first item of TF's data: a tensor shows as its values)
    lines = [] if message is None else [_pretty_item(message, n)]
    lines.append(f"Condition x {sym} y did not hold.")
    if not n > 0:  # (0, or NaN: the condition alone, as TF)
        raise InvalidArgumentError(None, None, "\n".join(lines))
    if show_indices and xv.shape == yv.shape and xv.ndim:  # (none for scalars, as TF)
        found = np.argwhere(~ok)
        # the bound is min(summarize, count): summarize itself unless the count is less
        # (the count line takes a float as int() does; the slice then does not)
        k = min(n, len(found))
        bad = _head(found, k)
        xb = np.broadcast_to(xv, ok.shape)
        yb = np.broadcast_to(yv, ok.shape)
        lines += [f"Indices of first {int(k)} different values:", str(bad),
                  "Corresponding x values:", str(np.array([xb[tuple(i)] for i in bad])),
                  "Corresponding y values:", str(np.array([yb[tuple(i)] for i in bad]))]
    xf, yf = xv.reshape(-1), yv.reshape(-1)
    # (here the size comes first: min keeps it when summarize equals it)
    kx, ky = min(xf.size, n), min(yf.size, n)
    lines += [f"First {int(kx)} elements of x:", str(_head(xf, kx)),
              f"First {int(ky)} elements of y:", str(_head(yf, ky))]
    raise InvalidArgumentError(None, None, "\n".join(lines))


def _operands(x: Any, y: Any) -> tuple:
    """x and y of a comparison assert, each converted on its own as TF's are: a Python
    value does not take the other's dtype, so assert_less(float64 tensor, 1.5) is Less's
    dtype mismatch, as in TF 2.21."""
    return convert_to_tensor(x), convert_to_tensor(y)


def _static_text(d: Any) -> str:
    """An item of an assert's data in the error TF raises while tracing: a known tensor
    by its value."""
    v = C.known(d) if isinstance(d, Tensor) else d
    return str(v) if not isinstance(v, Tensor) else str(d)


def _named_operands(x: Any, y: Any, scope: str) -> tuple:
    """x and y of a graph assert, a value that is no graph tensor made a constant named
    "x" or "y" under the assert's scope ("assert_equal_1/y"), as TF converts them."""
    x, y = _operands(x, y)
    graph = _state.graph
    return tuple(graph.capture(t, scope + what) if isinstance(t, EagerTensor) else t
                 for t, what in ((x, "x"), (y, "y")))


def _reduce_all(cond: Any) -> Any:
    """reduce_all over every axis as TF builds it: the axes a constant ("Const") when the
    rank is known and not 0, else range(0, rank) ("Rank", "range")."""
    rank = None if cond._shape is None else len(cond._shape)
    if rank is None:
        return reduce_all(cond)
    axes = constant(np.arange(rank, dtype=np.int32)) if rank else range_(0, rank_of(cond))
    return reduce_all(cond, axes)


def _label(what: str, t: Any) -> str:
    """How a graph assert names a tensor in its data: by its graph name, as TF does
    ("x (args_0:0) = "); a captured eager value has none."""
    if isinstance(t, EagerTensor) or getattr(t, "_op", None) is None:
        return f"{what} = "
    return f"{what} ({t.name}) = "


def _cmp(sym: str, op_name: str, static: Any, v2: bool, opname: str = "") -> Any:
    opname = opname or f"assert_{op_name}"

    def v1(x: Any, y: Any, data: Any = None, summarize: int | None = None,
           message: str | None = None, name: str | None = None) -> Any:
        return _binary_assert(sym, getattr(m, op_name), static, opname, x, y, data, summarize,
                              message, name)

    def f(x: Any, y: Any, message: str | None = None, summarize: int | None = None,
          name: str | None = None) -> Any:
        return v1(x, y, None, summarize, message, name)
    out = f if v2 else v1
    out.__name__ = out.__qualname__ = opname  # (TF's: v2's renamed by api_names)
    return out


@dispatch_binding
@tf_name("assert_equal")
def assert_equal_v1(x: Any, y: Any, data: Any = None, summarize: int | None = None,
                    message: str | None = None, name: str | None = None) -> Any:
    """tf.compat.v1.assert_equal: its name scope is opened twice, as TF's ("assert_equal_1")."""
    if _state.graph is not None:
        with name_scope(name or "assert_equal"):
            pass
    return _binary_assert("==", m.equal, np.equal, "assert_equal", x, y, data, summarize,
                          message, name)


@dispatchable
@binds_first
def assert_equal(x: Any, y: Any, message: str | None = None, summarize: int | None = None,
                 name: str | None = None) -> Any:
    return assert_equal_v1(x, y, None, summarize, message, name)


assert_none_equal_v1 = dispatch_binding(
    _cmp("!=", "not_equal", np.not_equal, False, "assert_none_equal"))


@dispatchable
@binds_first
def assert_none_equal(x: Any, y: Any, summarize: int | None = None, message: str | None = None,
                      name: str | None = None) -> Any:
    """Asserts x != y elementwise (TF's v2 signature takes `summarize` before `message`)."""
    return assert_none_equal_v1(x, y, None, summarize, message, name)


# (dispatchable: TF's binary elementwise assert APIs, which extension types may take over)
assert_less = dispatchable(binds_first(_cmp("<", "less", np.less, True)))
assert_less_equal = dispatchable(binds_first(_cmp("<=", "less_equal", np.less_equal, True)))
assert_greater = dispatchable(binds_first(_cmp(">", "greater", np.greater, True)))
assert_greater_equal = dispatchable(binds_first(
    _cmp(">=", "greater_equal", np.greater_equal, True)))
assert_less_v1 = dispatch_binding(_cmp("<", "less", np.less, False))
assert_less_equal_v1 = dispatch_binding(_cmp("<=", "less_equal", np.less_equal, False))
assert_greater_v1 = dispatch_binding(_cmp(">", "greater", np.greater, False))
assert_greater_equal_v1 = dispatch_binding(_cmp(">=", "greater_equal", np.greater_equal, False))


def _pretty(x: np.ndarray, summarize: Any) -> str:
    flat = x.reshape(-1)
    items = [str(v) for v in _head(flat, summarize)]
    if len(items) < flat.size:
        items.append("...")
    return str(items)


# x's sign asserts as TF builds them: `0 < x` is assert_less(0, x), under "assert_positive"
_SIGNS = {"positive": (">", assert_less_v1, True), "negative": ("<", assert_less_v1, False),
          "non_negative": (">=", assert_less_equal_v1, True),
          "non_positive": ("<=", assert_less_equal_v1, False)}


def _sign_assert(what: str, v2: bool) -> Any:
    sym, compare, zero_first = _SIGNS[what]
    opname = f"assert_{what}"

    def v1(x: Any, data: Any = None, summarize: int | None = None, message: str | None = None,
           name: str | None = None) -> Any:
        head = f"{message!s}.  " if message else ""  # (a tensor by its str, as TF)
        cond_text = f"Condition x {sym} 0 did not hold element-wise:"
        # TF's assert_non_positive glues its condition and its "x (...) = " into one item
        glued = what == "non_positive"
        graph = _state.graph is not None
        with name_scope(name or opname) if graph else _NO_SCOPE as scope:
            x = x if isinstance(x, Tensor) else convert_to_tensor(x)
            if graph and isinstance(x, EagerTensor):
                x = _state.graph.capture(x, scope + "x")
            if data is None:
                label = _label("x", x) if graph else \
                    f"x (shape={x.shape} dtype={x._dtype.name}) = "
                data = [head, cond_text + label, x] if glued else [head, cond_text, label, x]
            zero = convert_to_tensor(0, dtype=x._dtype)
            if graph:
                zero = _state.graph.capture(zero, _state.graph.unique_name(
                    scope + "Const", scoped=False, mark=False))
            a, b = (zero, x) if zero_first else (x, zero)
            return compare(a, b, data=data, summarize=summarize)

    def f(x: Any, message: str | None = None, summarize: int | None = None,
          name: str | None = None) -> Any:
        return v1(x, None, summarize, message, name)
    out = f if v2 else v1
    out.__name__ = out.__qualname__ = opname  # (TF's: v2's renamed by api_names)
    return out


class _NoScope:
    def __enter__(self) -> str:
        return ""

    def __exit__(self, *exc: Any) -> None:
        return None


_NO_SCOPE = _NoScope()

assert_positive = dispatch_binding(_sign_assert("positive", True))
assert_negative = dispatch_binding(_sign_assert("negative", True))
assert_non_negative = dispatch_binding(_sign_assert("non_negative", True))
assert_non_positive = dispatch_binding(_sign_assert("non_positive", True))
assert_positive_v1 = dispatch_binding(_sign_assert("positive", False))
assert_negative_v1 = dispatch_binding(_sign_assert("negative", False))
assert_non_negative_v1 = dispatch_binding(_sign_assert("non_negative", False))
assert_non_positive_v1 = dispatch_binding(_sign_assert("non_positive", False))


@dispatch_binding
@tf_name("assert_near")
def assert_near_v1(x: Any, y: Any, rtol: Any = None, atol: Any = None, data: Any = None,
                   summarize: int | None = None, message: str | None = None,
                   name: str | None = None) -> Any:
    """Asserts |x - y| <= atol + rtol * |y| elementwise (default tolerances 10 * eps)."""
    if _state.graph is not None:
        return _graph_near(x, y, rtol, atol, data, summarize, message, name)
    x, y = binary_args(x, y)
    np_type = x._dtype.as_numpy_dtype
    if not (x._dtype.is_floating or x._dtype.is_complex):  # TF's is NumPy 2.4's finfo error
        raise ValueError(f"data type {np_type!r} not inexact")
    eps = np.finfo(np_type).eps
    real = x._dtype.real_dtype
    rtol_t = convert_to_tensor(10 * eps if rtol is None else rtol, dtype=real)
    atol_t = convert_to_tensor(10 * eps if atol is None else atol, dtype=real)
    cond = reduce_all(less_equal(abs_(x - y), atol_t + rtol_t * abs_(y)))
    if data is None:
        data = [f"{message!s}.  " if message else "",
                f"x and y not equal to tolerance rtol = {rtol_t!s}, atol = {atol_t!s}",
                f"x (shape={x.shape} dtype={x._dtype.name}) = ", x,
                f"y (shape={y.shape} dtype={y._dtype.name}) = ", y]
    if not builtins.bool(cond._numpy()):
        n = 3 if summarize is None else int(summarize)
        items = [repr(d.encode()) if isinstance(d, str) else _summary(d._numpy(), n)
                 for d in data]
        raise InvalidArgumentError(None, None, f"Expected '{cond!s}' to be true. Summarized data: "
                                               + "\n".join(items))
    return None


def _graph_near(x: Any, y: Any, rtol: Any, atol: Any, data: Any, summarize: int | None,
                message: str | None, name: str | None) -> Any:
    """assert_near in a graph, as TF builds it: |x - y| < atol + rtol * |y| (strictly)."""
    with name_scope(name or "assert_near") as scope:
        x, y = _named_operands(x, y, scope)
        real = x._dtype.real_dtype
        if not (x._dtype.is_floating or x._dtype.is_complex):
            raise ValueError(f"data type {x._dtype.as_numpy_dtype!r} not inexact")
        eps = np.finfo(real.as_numpy_dtype).eps
        graph = _state.graph
        rtol_t, atol_t = (
            graph.capture(convert_to_tensor(10 * eps if v is None else v, dtype=real),
                          scope + what) if not isinstance(v, Tensor) else v
            for v, what in ((rtol, "rtol"), (atol, "atol")))
        if data is None:
            data = [f"{message!s}.  " if message else "",
                    f"x and y not equal to tolerance rtol = {rtol_t!s}, atol = {atol_t!s}",
                    _label("x", x), x, _label("y", y), y]
        tol = atol_t + rtol_t * abs_(y)
        cond = _reduce_all(m.less(abs_(x - y), tol))
        return Assert(cond, data, summarize=summarize)


@dispatchable
@binds_first
def assert_near(x: Any, y: Any, rtol: Any = None, atol: Any = None, message: str | None = None,
                summarize: int | None = None, name: str | None = None) -> Any:
    """Asserts |x - y| <= atol + rtol * |y| elementwise (default tolerances 10 * eps)."""
    return assert_near_v1(x, y, rtol, atol, None, summarize, message, name)


# ---------------------------------------------------------------------------------------
# Static checks: rank, type, shapes.
# ---------------------------------------------------------------------------------------

def _prefix(message: str | None) -> str:
    # (%-formatted as TF's: a tensor's str, "tf.Tensor(...)", not its value's format)
    return "%s.  " % message if message else ""  # noqa: UP031


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


def _runtime_rank_check(x: Any, holds: Any, what: list, message: str | None,
                        scope: str) -> Any:
    """In a graph, a rank its tensor's static shape does not know is checked when the graph
    runs, as TF's: an Assert under `scope` whose data are TF's ("Tensor x:0 must have rank",
    the rank(s), "Received shape: ", the shape)."""
    if _state.graph is None:
        return None
    t = x if isinstance(x, Tensor) else convert_to_tensor(x)
    with name_scope(scope):
        return Assert(holds(rank_of(t)), [_prefix(message), f"Tensor {_rank_name(t)} {what[0]}",
                                          *what[1:], "Received shape: ", shape_of(t)])


@dispatch_binding
def assert_rank(x: Any, rank: Any, message: str | None = None, name: str | None = None) -> Any:
    shape, want = _static_shape(x), _ranks(rank)
    if shape.rank is None:
        return _runtime_rank_check(x, lambda r: m.equal(r, want), ["must have rank", want],
                                   message, name or "assert_rank")
    if shape.rank != want:
        raise ValueError(f"{_prefix(message)}Tensor {_rank_name(x)} must have rank {want}.  "
                         f"Received rank {shape.rank}, shape {shape}")
    return None


@dispatch_binding
def assert_rank_at_least(x: Any, rank: Any, message: str | None = None,
                         name: str | None = None) -> Any:
    shape, want = _static_shape(x), _ranks(rank)
    if shape.rank is None:
        return _runtime_rank_check(x, lambda r: m.greater_equal(r, want),
                                   ["must have rank at least", want], message,
                                   name or "assert_rank_at_least")
    if shape.rank < want:
        raise ValueError(f"{_prefix(message)}Tensor {_rank_name(x)} must have rank at least "
                         f"{want}.  Received rank {shape.rank}, shape {shape}")
    return None


@dispatch_binding
def assert_rank_in(x: Any, ranks: Any, message: str | None = None,
                   name: str | None = None) -> Any:
    shape, wants = _static_shape(x), tuple(_ranks(r) for r in ranks)
    if shape.rank is None:
        return _runtime_rank_check(
            x, lambda r: reduce_any(m.equal(r, constant(list(wants), dt.int32))),
            ["must have rank in", *wants], message, name or "assert_rank_in")
    if shape.rank not in wants:
        raise ValueError(f"{_prefix(message)}Tensor {_rank_name(x)} must have rank in {wants}.  "
                         f"Received rank {shape.rank}, shape {shape}")
    return None


@dispatch_binding
def assert_type(tensor: Any, tf_type: Any, message: str | None = None,
                name: str | None = None) -> None:
    want = dt.as_dtype(tf_type)
    got = (tensor if is_tensor(tensor) else convert_to_tensor(tensor)).dtype
    if got is not want:
        raise TypeError(f"{_prefix(message)}tensor must be of type {want!r}; got {got!r}")


@dispatch_binding
def assert_integer(x: Any, message: str | None = None, name: str | None = None) -> None:
    d = (x if is_tensor(x) else convert_to_tensor(x)).dtype
    if not d.is_integer:
        raise TypeError(f'{_prefix(message)}Expected "x" to be integer type.  Found: tensor of '
                        f"dtype {d}")


def scalar_checked(tensor: Any, message: str | None = None) -> Any:
    """TF 1's assert_scalar: `tensor` converted, refused unless its static shape is a
    scalar's (tf.compat.v1.assert_scalar returns it)."""
    x = tensor if isinstance(tensor, Tensor) or hasattr(tensor, "_as_tensor") else \
        convert_to_tensor(tensor)
    shape = x.shape
    if shape.rank == 0:
        return x
    name = _rank_name(x)
    if name:  # (in a graph: an unknown rank is refused too, the tensor named)
        raise ValueError(f"{message or ''}Expected scalar shape for {name}, saw shape: "
                         f"{shape}.")
    if shape.rank is not None:
        raise ValueError(f"{_prefix(message)}Expected scalar shape, saw shape: {shape}.")
    return x


@dispatch_binding
def assert_scalar(tensor: Any, message: str | None = None, name: str | None = None) -> None:
    """TF 2's: TF 1's check, returning nothing (TF 2.21's returns None, even eagerly)."""
    scalar_checked(tensor, message)


@dispatch_binding
def assert_same_float_dtype(tensors: Any = None, dtype: Any = None) -> Any:
    """TF's check, reading its arguments as TF's Python does: each tensor's .dtype, and
    `dtype` as given (a string's AttributeError for .is_floating, as TF's)."""
    if tensors:
        dtype = _same_base_type(tensors, dtype)
    if not dtype:
        return dt.float32
    C.attr_read(dtype, "is_floating")  # (a tensor: named as TF's eager tensor)
    if not dtype.is_floating:
        raise ValueError(f"Expected floating point type, got {dtype}.")
    return dtype


def _same_base_type(items: Any, expected: Any) -> Any:
    """The one base dtype of `items` (None skipped) and `expected`; TF's ValueError names
    the first item that differs, and the item the type came from when none was given."""
    first = None
    for item in items:
        if item is None:
            continue
        got = item.dtype.base_dtype
        if not expected:
            expected, first = got, item
        elif expected != got:
            source = f" as {_item_name(first)}" if first is not None else ""
            raise ValueError(f"{_item_name(item)}, type={got}, must be of the same type "
                             f"({expected}){source}.")
    return expected


def _item_name(item: Any) -> str:
    return item.name if hasattr(item, "name") else str(item)


@dispatch_binding
def assert_proper_iterable(values: Any) -> None:
    if isinstance(values, (Tensor, np.ndarray, str, bytes)) or hasattr(values, "_as_tensor"):
        raise TypeError(f'Expected argument "values" to be a "proper" iterable.  Found: '
                        f"{type_repr(values)}")
    if not hasattr(values, "__iter__"):
        raise TypeError(f'Expected argument "values" to be iterable.  Found: {type_repr(values)}')


def is_numeric_tensor(tensor: Any) -> bool:
    return isinstance(tensor, Tensor) and (tensor.dtype.is_floating or tensor.dtype.is_integer
                                           or tensor.dtype.is_complex)


def _spec_error(msg: str, message: str | None) -> ValueError:
    return ValueError(_prefix(message) + msg)


@dispatch_binding
def assert_shapes(shapes: Any, data: Any = None, summarize: int | None = None,
                  message: str | None = None, name: str | None = None) -> None:
    """Checks ranks and sizes; string entries name sizes that must agree across tensors.
    In a graph, the tensors are named by their graph names and what their static shapes
    do not know is checked when the graph runs (TF's Asserts, under "assert_shapes")."""
    pairs = list(shapes.items()) if isinstance(shapes, dict) else list(shapes)
    symbols: dict = {}
    with name_scope(name or "assert_shapes"):
        for x, spec in pairs:
            x = x.deref() if hasattr(x, "deref") else x
            _check_shape_spec(x if is_tensor(x) else convert_to_tensor(x), list(spec),
                              symbols, message)


def _check_shape_spec(t: Any, spec: list, symbols: dict, message: str | None) -> None:
    shape, name = t.shape, _rank_name(t)
    desc = f"Tensor {name}" if name else f"Tensor shape={shape} dtype={t.dtype.name}"
    for i, s in enumerate(spec):
        if (s is Ellipsis or s == "*") and i != 0:
            raise _spec_error(f"{desc} specified shape index {i}.  Symbol `...` or `*` for a "
                              "variable number of unspecified dimensions is only allowed as "
                              "the first entry", message)
    ellipsis = bool(spec) and (spec[0] is Ellipsis or spec[0] == "*")
    if ellipsis:
        spec = spec[1:]
    if shape.rank is None:
        if ellipsis or len(spec) <= 1:
            return
        _runtime_rank_check(t, lambda r: m.equal(r, len(spec)), ["must have rank", len(spec)],
                            message, "assert_rank")
        dims: list = [None] * len(spec)
        offset = 0
    else:
        dims = list(shape)
        if ellipsis:
            if len(dims) < len(spec):
                raise _spec_error(f"Tensor {name} must have rank at least {len(spec)}.  "
                                  f"Received rank {len(dims)}, shape {shape}", message)
            dims = dims[len(dims) - len(spec):]
            offset = shape.rank - len(spec)
        else:
            offset = 0
            if len(spec) <= 1:
                if len(dims) > 1:
                    raise _spec_error(f"Tensor {name} must have rank in (0, 1).  Received "
                                      f"rank {len(dims)}, shape {shape}", message)
                dims = dims or [1]
                spec = spec or [1]
            elif len(dims) != len(spec):
                raise _spec_error(f"Tensor {name} must have rank {len(spec)}.  Received rank "
                                  f"{len(dims)}, shape {shape}", message)
    for i, (s, d) in enumerate(zip(spec, dims)):
        pos = i + offset
        if s == "." or s is None:
            continue
        if isinstance(s, str) and s not in symbols:
            origin = f"tensor {name}" if name else f"tensor shape={shape} dtype={t.dtype.name}"
            symbols[s] = (d if d is not None else shape_of(t)[pos], f"{origin} dimension {pos}")
            continue
        want, origin = symbols[s] if isinstance(s, str) else (int(s), "explicitly")
        if d is not None and not isinstance(want, Tensor):
            if d != want:
                raise _spec_error(f"Specified {'by ' if isinstance(s, str) else ''}{origin}.  "
                                  f"{desc} dimension {pos} must have size {want}.  Received "
                                  f"size {d}, shape {shape}", message)
        elif _state.graph is not None:
            size = shape_of(t)[pos] if d is None else d
            Assert(m.equal(size, want), [
                message or "", f"Specified {'by ' if isinstance(s, str) else ''}{origin}",
                f"{desc} dimension", pos, "must have size", want, "Received shape: ",
                shape_of(t)])


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
@slow_inputs("tensor")  # (a list or NumPy scalar: TF's wrapper's slow path)
def check_numerics(tensor: Any, message: str, name: str | None = None) -> Any:
    attrs = AV.wrapper_attrs("CheckNumerics", message=message)
    t = tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor)
    return bind(CHECK_NUMERICS, (t,), attrs, name)


@dispatch_binding
def assert_all_finite(x: Any, message: str, name: str | None = None) -> Any:
    # (TF's converts x first, in its "VerifyFinite" scope: CheckNumerics' fast path, no name)
    return check_numerics(convert_to_tensor(x), message)


# ---------------------------------------------------------------------------------------
# Switches kept for API compatibility.
# ---------------------------------------------------------------------------------------

_FLAGS = {"log_device_placement": False, "traceback_filtering": True}


def set_log_device_placement(enabled: bool) -> None:
    enabled = _binding_bool(enabled, "TFE_ContextSetLogDevicePlacement")
    _FLAGS["log_device_placement"] = enabled
    dispatch.set_log_placement(enabled)


def _binding_bool(value: Any, fn: str) -> bool:
    """`value` as the bool argument of TF's C++ binding `fn` reads it: None is False, a
    type with its own truth (a number, a NumPy scalar, a one-item array or tensor) is
    that truth; a list, tuple, dict, str or bytes (no truth of their own beyond their
    length) or a truth that raises is the binding's TypeError."""
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if getattr(type(value), "__bool__", None) is not None:
        try:
            return bool(value)
        except Exception:  # noqa: BLE001 (pybind11 clears the error and refuses the value)
            pass
    raise TypeError(f"{fn}(): incompatible function arguments. The following argument types "
                    f"are supported:\n    1. (arg0: object, arg1: bool) -> None\n\nInvoked "
                    f"with: <capsule object NULL at {hex(id(_FLAGS))}>, {value!r}")


def get_log_device_placement() -> bool:
    return _FLAGS["log_device_placement"]


def enable_traceback_filtering() -> None:
    _FLAGS["traceback_filtering"] = True


def disable_traceback_filtering() -> None:
    _FLAGS["traceback_filtering"] = False


def is_traceback_filtering_enabled() -> bool:
    return _FLAGS["traceback_filtering"]


get_logger = tf_logging.get_logger  # tf.get_logger
