"""tf.py_function and tf.numpy_function: Python code as an op of a graph.

Sits in control_flow/ (its gradient runs Python under a GradientTape, so it is above
autodiff/). The op ("EagerPyFunc" / "PyFunc") holds the Python callable as an attr and
is stateful (never folded, merged or pruned); its outputs have the declared dtypes and
unknown shapes. Eagerly the callable runs at once; in a traced graph (tf.function, a
tf.data function) it runs each time the graph runs, with eager tensors (py_function)
or NumPy arrays (numpy_function). An exception raised by the callable becomes the
tf.errors class TF maps it to (ValueError and TypeError: InvalidArgumentError,
StopIteration: OutOfRangeError, MemoryError: ResourceExhaustedError,
NotImplementedError: UnimplementedError, tf.errors.* keep their class, anything else:
UnknownError) whose message holds the original traceback, and whose `__cause__` is the
original exception. py_function is differentiable: its gradient runs the callable again
under a GradientTape (as a py_function itself, so it works in graphs too).

The three ops are registered as every op is, from here (above ops/: the registry finds them
by name once this module is loaded, as the graph importer and tests/conftest.py load it),
with no samples: their attr is an arbitrary callable (tests/ops/test_script_ops.py and
test_raw_py_func.py check them against TF). The OpDefs of more than one output are copies
made per count, unregistered.
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import errors, nest
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.registry import OpDef, TFForm, register

traceback = lazy_module("traceback")  # on the first error

_OP_NAMES = {True: "EagerPyFunc", False: "PyFunc"}


def _op_name(eager: bool, stateful: bool) -> str:
    return _OP_NAMES[eager] if eager or stateful else "PyFuncStateless"


def _error_class(e: BaseException) -> type:
    # (TF's kernel maps Python's exceptions; any other, a TF error included, is Unknown)
    if isinstance(e, (ValueError, TypeError)):
        return errors.InvalidArgumentError
    if isinstance(e, StopIteration):
        return errors.OutOfRangeError
    if isinstance(e, MemoryError):
        return errors.ResourceExhaustedError
    if isinstance(e, NotImplementedError):
        return errors.UnimplementedError
    return errors.UnknownError


def _restate(e: BaseException, op_name: str, node: bool = False) -> errors.OpError:
    """TF's py_func kernel's error for Python error `e` raised in the function: the error,
    then each of traceback.format_exception's parts on its own line (a chained cause
    first), as op `op_name`'s error (its node named, `node`, where eagerflow raises it
    outside the graph runtime that names it)."""
    tb = "".join(f"{part}\n" for part in traceback.format_exception(type(e), e, e.__traceback__))
    text = f"{type(e).__name__}: {e}\n{tb}"
    cls = _error_class(e)
    err = cls(None, None, f"{text}\n\t [[{{{{node {op_name}}}}}]]") if node else \
        errors.op_error(cls, op_name, text)
    err.__cause__ = e
    return err




class _KernelError(Exception):
    """An error of TF's PyFunc kernel itself (counts, dtypes): its own message, no traceback."""


def _convert_out(v: Any, d: dt.DType, eager: bool, i: int, token: str) -> np.ndarray:
    if eager:
        if isinstance(v, EagerTensor):
            if v._dtype is not d:
                raise ValueError(f"Tensor conversion requested dtype {d.name} for Tensor with "
                                 f"dtype {v._dtype.name}: {v!r}")
            return v._numpy()
        return convert_to_tensor(v, dtype=d)._numpy()
    arr = np.asarray(v)
    if d is dt.string and arr.dtype.kind in "SUO":
        return convert_to_tensor(arr, dtype=d)._numpy()  # str as UTF-8 bytes, as TF
    if arr.dtype != d.as_numpy_dtype:
        try:
            got = dt.from_numpy(arr.dtype)
            got_name = dtype_word(got)
        except TypeError:
            got_name = str(arr.dtype)
        raise _KernelError(f"{i}-th value returned by {token} is {got_name}, but expects "
                           f"{dtype_word(d)}")
    return arr


def _kernel(xp: Any, *arrays: Any, func: Callable, tout: tuple, eager: bool,
            in_dtypes: tuple, scalars: bool = False, token: str = "pyfunc_0",
            stateful: bool = True) -> Any:
    name = _op_name(eager, stateful)
    try:
        if eager:
            args = [EagerTensor(np.asarray(a), d) for a, d in zip(arrays, in_dtypes)]
        else:  # (in a graph, TF's numpy_function passes 0-d values as NumPy scalars/bytes)
            args = [np.asarray(a) for a in arrays]
            args = [a[()] if scalars and not a.ndim else a for a in args]
        res = func(*args)
        if not tout and eager:
            return ()
        vals = [] if res is None else list(res) if isinstance(res, (list, tuple)) else [res]
        if eager:  # (TF's EagerPyFunc converts what zip pairs with Tout)
            vals = vals[:len(tout)]
        if len(vals) != len(tout):
            raise _KernelError(f"{token} returns {len(vals)} values, but expects to see "
                               f"{len(tout)} values.")
        outs = tuple(_convert_out(v, d, eager, i, token)
                     for i, (v, d) in enumerate(zip(vals, tout)))
    except _KernelError as e:
        raise errors.op_error(errors.InvalidArgumentError, name, str(e)) from None
    except Exception as e:  # noqa: BLE001 - every error becomes TF's op error
        raise _restate(e, name) from e
    return outs[0] if len(tout) == 1 else outs


def _infer(*inputs: Any, func: Callable, tout: tuple, eager: bool, in_dtypes: tuple,
           scalars: bool = False, token: str = "pyfunc_0", stateful: bool = True) -> list:
    return [(None, d) for d in tout]


def _grad(node: Any, *gs: Any) -> list:
    attrs = node.attrs
    if not attrs["eager"]:
        return [None] * len(node.inputs)
    func = attrs["func"]
    xs = list(node.inputs)
    floaty = [x.dtype.is_floating or x.dtype.is_complex for x in xs]
    if not any(floaty):
        return [None] * len(xs)
    n_g = len(gs)
    gs = [g if g is not None else zeros_like(o) for g, o in zip(gs, node.outputs)]

    def backward(*args: Any) -> list:
        ins, grads = list(args[:len(xs)]), list(args[len(xs):])
        with GradientTape() as tape:
            for x, f in zip(ins, floaty):
                if f:
                    tape.watch(x)
            res = func(*ins)
        outs = list(res) if isinstance(res, (list, tuple)) else [res]
        srcs = [x for x, f in zip(ins, floaty) if f]
        got = tape.gradient(outs[:n_g], srcs, output_gradients=grads)
        return [g if g is not None else np.zeros(x.shape, x.dtype.as_numpy_dtype)
                for g, x in zip(got, srcs)]

    res = py_function(backward, xs + gs, [x.dtype for x, f in zip(xs, floaty) if f])
    it = iter(res)
    return [next(it) if f else None for f in floaty]


# The Python function runs on the host: the ops run on CPU:0 (their inputs copied there)
def _arity(inputs: tuple, attrs: dict) -> dict:
    return {"Tin": len(inputs), "Tout": len(attrs["tout"])}


def _export(op: Any, w: Any) -> list:
    """TF's node: the function's registry token and the dtypes. A loader in this process
    finds the function under the token; in another, TF's error when the node runs."""
    return w.node(op.type, [[w.ref(x) for x in op.inputs]],
                  {"token": op.attrs["token"], "Tin": list(op.attrs["in_dtypes"]),
                   "Tout": list(op.attrs["tout"])}, name=op.name)


_TF = TFForm(export=_export)
EAGER_PY_FUNC = register(OpDef("EagerPyFunc", _infer, _kernel, grad=_grad, stateful=True,
                               gpu=False, arity=_arity, tf=_TF))
PY_FUNC = register(OpDef("PyFunc", _infer, _kernel, grad=_grad, stateful=True, gpu=False,
                         arity=_arity, tf=_TF))
# (numpy_function(stateful=False): TF's PyFuncStateless, which graph passes may fold or merge)
PY_FUNC_STATELESS = register(OpDef("PyFuncStateless", _infer, _kernel, grad=_grad, gpu=False,
                                   arity=_arity, tf=_TF))
_PY_OPS = {"EagerPyFunc": EAGER_PY_FUNC, "PyFunc": PY_FUNC, "PyFuncStateless": PY_FUNC_STATELESS}


def _dtypes(tout: Any) -> tuple:
    def one(d: Any) -> dt.DType:
        return d.dtype if isinstance(d, TensorSpec) else dt.as_dtype(d)

    if isinstance(tout, (list, tuple)):
        return True, tuple(one(d) for d in tout)
    return False, (one(tout),)


# TF names each function it registers pyfunc_0, pyfunc_1, ... (its errors say which)
_TOKENS = itertools.count()


def _call(func: Callable, inp: Any, Tout: Any, eager: bool,  # noqa: N803 - TF's name
          stateful: bool = True) -> Any:
    if not callable(func):
        raise ValueError(f"Expected func to be callable. Received func={func!r} of type "
                         f"{type(func)}.")
    if not eager and executing_eagerly():
        # TF's numpy_function, eagerly, calls the function and converts what it returns
        # (nest-flattened; Tout not consulted)
        res = nest.flatten(func(*[np.array(x) for x in list(inp)]))
        res = [x if x is None else convert_to_tensor(x) for x in res]
        return res[0] if len(res) == 1 else res
    many, tout = _dtypes(Tout)
    # (`inp` is iterated, whatever it is, as TF's: a tensor gives its rows)
    inputs = tuple(x if isinstance(x, Tensor) else convert_to_tensor(x) for x in list(inp))
    op = _op_with_outputs(_PY_OPS[_op_name(eager, stateful)], len(tout))
    token = f"pyfunc_{next(_TOKENS)}"
    _register(token, func)
    attrs = {"func": func, "tout": tout, "eager": eager,
             "in_dtypes": tuple(x.dtype for x in inputs), "token": token}
    if not stateful:
        attrs["stateful"] = False
    if not eager and not executing_eagerly():
        attrs["scalars"] = True
    out = bind(op, inputs, attrs)
    if not tout:
        return []
    outs = list(out) if isinstance(out, tuple) else [out]
    return outs if many else outs[0]


# token -> the function registered under it, while it lives (TF's registry holds each
# weakly: a graph, or the caller, keeps it alive), which a raw PyFunc's token names
CALLBACKS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


def register_callback(func: Callable) -> str:
    """A new token naming `func` (held weakly: the caller keeps it alive), for a PyFunc
    node written by hand (a from_generator dataset's SavedModel form)."""
    token = f"pyfunc_{next(_TOKENS)}"
    _register(token, func)
    return token


def _register(token: str, func: Callable) -> None:
    try:
        CALLBACKS[token] = func
    except TypeError:  # (a callable no weak reference can name: never found by a raw call)
        pass


def raw_call(op: str, inputs: list, attrs: dict) -> list:
    """tf.raw_ops.PyFunc, PyFuncStateless or EagerPyFunc: the function registered under
    `token` by tf.py_function (EagerPyFunc) or tf.numpy_function, on `inputs`; TF's error
    for a token nothing registered (or whose function is gone) when the op runs."""
    token, tout = attrs["token"], tuple(attrs["Tout"])
    if op == "PyFuncStateless" and not tout and executing_eagerly():
        # TF runs an eager op as a function of it, and prunes a stateless node none of
        # whose outputs is used: nothing runs
        return []
    eager = op == "EagerPyFunc"
    func = CALLBACKS.get(token)
    if func is None:
        def func(*_args: Any) -> Any:
            raise ValueError(f"Could not find callback with key={token} in the registry.")
    inputs = tuple(inputs)
    attrs = {"func": func, "tout": tout, "eager": eager,
             "in_dtypes": tuple(x.dtype for x in inputs), "token": token}
    if op == "PyFuncStateless":
        attrs["stateful"] = False
    if not eager and not executing_eagerly():
        attrs["scalars"] = True
    out = bind(_op_with_outputs(_PY_OPS[op], len(tout)), inputs, attrs)
    if not tout:
        return []
    return list(out) if isinstance(out, tuple) else [out]


_BY_COUNT: dict = {}


def _op_with_outputs(base: OpDef, n: int) -> OpDef:
    """The op declaring `n` outputs (one OpDef per count, as for ParseExampleV2)."""
    if n == 1:
        return base
    key = (base.name, n)
    op = _BY_COUNT.get(key)
    if op is None:
        op = _BY_COUNT[key] = OpDef(base.name, _infer, _kernel, grad=_grad, num_outputs=n,
                                    stateful=base.stateful, gpu=False, arity=_arity, tf=_TF)
    return op


def _check_args(name: str, func: Any, inp: Any, Tout: Any) -> None:  # noqa: N803
    """TF's checks of the arguments (script_ops' _check_args_and_maybe_make_decorator)."""
    if Tout is None:
        raise TypeError(f"Missing required argument: 'Tout'\n  If using {name} as a decorator, "
                        f"set `Tout`\n  **by name** above the function:\n  `@{name}(Tout=tout)`")
    if func is None and inp is not None:
        raise TypeError(f"Don't set the `inp` argument when using {name} as a decorator "
                        f"(`func=None`).")
    if func is not None and inp is None:
        raise TypeError(f"Missing argument `inp`:\n  You must set the `inp` argument (the list "
                        f"of arguments to the\n  function), unless you use `{name}` as a "
                        f"decorator(`func=None`).")


@dispatch_binding
def py_function(func: Callable | None = None, inp: Any = None, Tout: Any = None,  # noqa: N803
                name: str | None = None) -> Any:
    """`tf.py_function(func, inp, Tout)`: `func` runs eagerly on eager tensors, also inside
    graphs (tf.function, tf.data functions); outputs have dtypes `Tout`, unknown shapes."""
    _check_args("tf.py_function", func, inp, Tout)
    if func is None:  # used as a decorator: @tf.py_function(Tout=...)
        return lambda f: functools.wraps(f)(lambda *args: py_function(f, list(args), Tout))
    inp = list(inp)
    if any(isinstance(s, CompositeSpec) for s in nest.flatten(Tout)) or \
            any(isinstance(x, CompositeTensor) for x in inp):
        return _call_for_composites(func, inp, Tout)
    return _call(func, inp, Tout, True)


def _call_for_composites(func: Callable, inp: list, Tout: Any) -> Any:  # noqa: N803
    """py_function on composite inputs or whose Tout holds composite specs (a ragged or
    sparse tensor's), as TF's: the op takes and returns their component tensors, put back
    together around their specs on each side."""
    specs = nest.flatten(Tout)
    in_specs = [x._type_spec if isinstance(x, CompositeTensor) else None for x in inp]
    flat_in = [c for x, s in zip(inp, in_specs)
               for c in (s._to_components(x) if s is not None else [x])]

    def flat(*args: Any) -> list:
        it = iter(args)
        res = func(*[s._from_components([next(it) for _ in s._component_specs])
                     if s is not None else next(it) for s in in_specs])
        values = nest.flatten(res) if isinstance(Tout, (list, tuple)) else [res]
        out: list = []
        for spec, value in zip(specs, values):
            out.extend(spec._to_components(value) if isinstance(spec, CompositeSpec)
                       else [value])
        return out

    parts = [c for s in specs for c in (s._component_specs if isinstance(s, CompositeSpec)
                                        else [s])]
    it = iter(_call(flat, flat_in, [p.dtype if isinstance(p, TensorSpec) else p
                                    for p in parts], True))
    values = [s._from_components([next(it) for _ in s._component_specs])
              if isinstance(s, CompositeSpec) else next(it) for s in specs]
    return nest.pack_sequence_as(Tout, values) if isinstance(Tout, (list, tuple)) else values[0]


@dispatch_binding
def numpy_function(func: Callable | None = None, inp: Any = None, Tout: Any = None,  # noqa: N803
                   stateful: bool = True, name: str | None = None) -> Any:
    """`tf.numpy_function(func, inp, Tout)`: like py_function with NumPy arrays in and
    out; not differentiable."""
    _check_args("tf.numpy_function", func, inp, Tout)
    if func is None:
        return lambda f: functools.wraps(f)(
            lambda *args: _call(f, list(args), Tout, False, stateful))
    return _call(func, inp, Tout, False, stateful)


__all__ = ["numpy_function", "py_function"]
