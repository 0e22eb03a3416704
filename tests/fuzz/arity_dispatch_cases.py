"""Bad calls of the functions TF 2.21 writes in Python under its dispatcher whose
eagerflow counterparts dispatch.unary/binary make (tf.add, tf.exp, the special functions),
and of TF's generated op wrappers beside them, eagerly and while a tf.function is traced;
their signatures; and tnp's functions named as TF's (shared by record_arity_dispatch.py,
run under TensorFlow, and test_arity_dispatch.py, run under eagerflow)."""

from __future__ import annotations

import inspect
from typing import Any, Callable

# TF's dispatcher binds these functions' arguments first
UNARY = ("exp", "sqrt", "math.rsqrt", "sign", "sigmoid", "nn.sigmoid", "math.acos",
         "math.floor", "math.ceil", "math.erfinv", "math.ndtri", "math.bessel_i0",
         "math.bessel_i1e") + tuple(f"math.special.{n}" for n in (
             "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1",
             "bessel_y0", "bessel_y1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e",
             "dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence"))
BINARY = ("add", "subtract", "multiply", "pow", "equal", "not_equal", "math.floordiv",
          "math.xdivy", "math.xlog1py")
# TF's generated op wrappers: Python's words, naming the function
WRAPPERS = ("math.tan", "negative", "math.log1p", "math.xlogy", "math.maximum",
            "math.greater")
TNP = ("divide", "true_divide", "round", "around", "float_power", "power", "dsplit",
       "hsplit", "vsplit", "nansum", "nanprod")


def _answer(call: Callable) -> list:
    try:
        call()
        return ["ok"]
    except Exception as e:  # noqa: BLE001 - the error is the record
        return [type(e).__name__, str(e)[:300]]


def _value(call: Callable) -> Any:
    try:
        t = call()
        return [t.dtype.name, t.numpy().tolist()]
    except Exception as e:  # noqa: BLE001 - the error is the record
        return [type(e).__name__, str(e).split("\n")[0][:200]]


def _signature(fn: Callable) -> str:
    """fn's parameters, their kinds and defaults (annotations aside)."""
    sig = inspect.signature(fn)
    empty = inspect.Parameter.empty
    return str(sig.replace(parameters=[p.replace(annotation=empty)
                                       for p in sig.parameters.values()],
                           return_annotation=empty))


def _function(tf: Any, path: str) -> Any:
    fn = tf
    for part in path.split("."):
        fn = getattr(fn, part)
    return fn


def _calls(fn: Callable, x: Any, binary: bool) -> dict:
    calls = {
        "none": lambda: fn(),
        "name only": lambda: fn(name="n"),
        "bogus_kw": lambda: fn(x, x, bogus_kw=1) if binary else fn(x, bogus_kw=1),
        "too many": lambda: fn(x, x, None, 4) if binary else fn(x, None, 3),
        "x twice": lambda: fn(x, x=x),
    }
    if binary:
        calls["x only"] = lambda: fn(x)
        calls["y only"] = lambda: fn(y=x)
        calls["x by keyword"] = lambda: fn(x=x)
        calls["y None"] = lambda: fn(x, None)
    else:
        calls["x None"] = lambda: fn(None)
    return calls


def run(tf: Any) -> dict:
    out: dict = {}
    x = tf.constant([1.0])
    for path in UNARY + BINARY + WRAPPERS:
        fn = _function(tf, path)
        binary = path in BINARY or path in ("math.xlogy", "math.maximum", "math.greater")
        if path not in WRAPPERS:  # (TF's generated wrappers' annotations are its own)
            out[f"{path} signature"] = _signature(fn)
        for form, call in _calls(fn, x, binary).items():
            out[f"{path} {form}"] = _answer(call)

    @tf.function
    def traced(t: Any) -> Any:
        for path in ("add", "exp", "math.xdivy", "math.special.dawsn", "math.tan"):
            fn = _function(tf, path)
            out[f"traced {path} none"] = _answer(lambda: fn())
            if path in ("add", "math.xdivy"):
                out[f"traced {path} x only"] = _answer(lambda: fn(t))
        return t

    traced(x)
    rt = tf.ragged.constant([[1.0], [2.0, 3.0]])
    out["ragged add x only"] = _answer(lambda: tf.add(rt))
    out["ragged exp bogus_kw"] = _answer(lambda: tf.exp(rt, bogus_kw=1))
    out["ragged add"] = tf.add(rt, rt).to_list()
    out["add"] = tf.add(x, 2.0).numpy().tolist()
    out["exp name"] = tf.exp(x, name="e").numpy().tolist()

    tnp = tf.experimental.numpy
    for name in TNP:
        fn = getattr(tnp, name)
        out[f"tnp.{name} names"] = [fn.__name__, fn.__qualname__, _signature(fn)]
    results = {
        "divide": lambda: tnp.divide(tnp.asarray([6, 3]), 4),
        "round": lambda: tnp.round(tnp.asarray([2.5, 0.125]), 2),
        "round int": lambda: tnp.round(tnp.asarray([25, 13]), -1),
        "float_power": lambda: tnp.float_power(tnp.asarray([2, 3], "int32"), 3),
        "nansum": lambda: tnp.nansum(tnp.asarray([1.0, float("nan"), 2.0])),
        "nanprod": lambda: tnp.nanprod(tnp.asarray([2.0, float("nan"), 2.0])),
        "hsplit": lambda: tnp.hsplit(tnp.ones([2, 4]), 2)[1],
    }
    for name, call in results.items():
        out[f"tnp.{name}"] = _value(call)
    return out
