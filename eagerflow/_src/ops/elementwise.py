"""The makings of elementwise ops: operand conversion and the OpDef factories.

`binary_args` converts a pair of operands as TF's generated op wrappers do. `_unary` and
`_binary` declare an elementwise op as one OpDef (name, allowed dtypes, kernel, gradient,
reference, samples), so that math.py, math_special.py and their neighbours read as a list
of ops; `grad_constant` is a number in their gradients as TF's graphs make it.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import elementwise_kernel, ml_types
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.py_conversion import check_elements, has_tensor, op_input_refusal
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    scalar_operand,
    scalar_pair,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import libm32, wrapper_inputs
from eagerflow._src.ops.registry import (
    PACKET,
    BadSample,
    OpDef,
    Sample,
    SampleRNG,
    lacks_kernel,
    register,
)

_rng = SampleRNG(0)  # (math.py's samples draw from it too: one stream, as before the split)
_DEVICE_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
_F32 = np.dtype(np.float32)


def one_launch(xp: Any, name: str, params: str, body: str, *arrays: Any) -> Any:
    """On a device, the kernel `body` (CUDA C assigning `z`, over `params` of one float
    type T) run over `arrays` as one launch; None on the CPU and for other dtypes, where
    the caller composes xp's functions. For ops whose xp composition would launch
    several kernels (a compare, a fill and a select for one safe gradient)."""
    if xp is np:
        return None
    d = arrays[0].dtype
    if d not in _DEVICE_FLOATS or any(a.dtype != d for a in arrays):
        return None
    return elementwise_kernel(xp, params, "T z", body, name)(*arrays)


def _tensor_like(v: Any) -> bool:
    return isinstance(v, Tensor) or hasattr(v, "_as_tensor")


def as_fixed_type(v: Any, dtype: Any, slow: bool = False, arg: tuple | None = None
                  ) -> Tensor:
    """`v`, given for an op input whose type TF's op signature fixes (SelectV2's condition:
    bool), as TF's op wrapper converts it: a tensor as it is (the op refuses another
    dtype), anything else to that type (a NumPy array cast, a Python value that does not
    fit a TypeError: "Cannot convert [1, 0] to EagerTensor of dtype bool"). On TF's slow
    path (`slow`: another input was a list, wrapper_inputs.passed_raw) a tensor is converted
    too: one of another dtype is the conversion's ValueError ("Tensor conversion requested dtype
    bool for Tensor with dtype float32: ..."). `arg`: (op, input) as TF's signature names
    them, for the graph builder's words where a Python value does not convert."""
    if _tensor_like(v) and not slow:
        return convert_to_tensor(v)
    if v is None and arg is not None and _state.graph is not None:
        raise op_input_refusal(arg[1], v)
    if arg is not None and _state.graph is not None and isinstance(v, CompositeTensor):
        # (TF's graph builder makes it a constant of the type, whose check refuses it)
        try:
            convert_to_tensor(v, dtype=dtype)
        except TypeError as e:
            raise TypeError(f"Expected {dtype.name} passed to parameter '{arg[1]}' of op "
                            f"'{arg[0]}', got {v!r} of type '{type(v).__name__}' instead. "
                            f"Error: {e}") from None
    if arg is None or _state.graph is None or not isinstance(v, (list, tuple)) or \
            has_tensor(v):
        return convert_to_tensor(v, dtype=dtype)
    try:
        check_elements(v, dtype)  # (TF's graph constant checks its elements first)
        return convert_to_tensor(v, dtype=dtype)
    except TypeError as e:
        raise TypeError(f"Expected {dtype.name} passed to parameter '{arg[1]}' of op "
                        f"'{arg[0]}', got {v!r} of type '{type(v).__name__}' instead. "
                        f"Error: {e}") from None
    except ValueError as e:
        raise ValueError(f"Tried to convert '{arg[1]}' to a tensor and failed. Error: {e}") \
            from None


def composite_arg(v: Any, op: str | None, arg: str) -> tuple | None:
    """as_fixed_type's `arg` for `v` given for TF's op `op`'s input `arg`: the names where
    `v` is a composite (a SparseTensor), whose graph-time refusal quotes them; else None
    (a Python value keeps the conversion's own words)."""
    return (op, arg) if op is not None and isinstance(v, CompositeTensor) else None


def bool_arg(x: Any, slow: bool = False, arg: tuple | None = None) -> Tensor:
    """An operand of a logical op, bool in TF's signatures (as_fixed_type)."""
    return as_fixed_type(x, dt.bool, slow, arg)


def bool_args(x: Any, y: Any, op: str | None = None) -> tuple:
    """A logical op's two operands (`op`: its name in TF, for its graph errors)."""
    slow = wrapper_inputs.passed_raw(x, y)
    return bool_arg(x, slow, op and (op, "x")), bool_arg(y, slow, op and (op, "y"))


def logical_args(op: str) -> Callable:
    """bool_args for the logical op named `op`: both operands converted to bool, the first
    too (its type is fixed: TF's graph builder converts it to bool, not on its own)."""
    def convert(x: Any, y: Any) -> tuple:
        return bool_args(x, y, op)
    convert.fixed_type = True  # (dispatch.binary reads it)
    return convert


_NUMPY_KIND_WORDS = {"b": "bool", "i": "int", "u": "int", "f": "float", "c": "complex"}


def _adopt(v: Any, dtype: Any) -> Tensor:
    """A Python value converted to `dtype` (TypeError if it does not fit, as TF's op
    wrappers do); NumPy data cast to it as TF's fast path force-casts an array (NumPy's
    errors: strings that are no numbers), but NumPy numbers never become strings (TF's
    conversion refuses them so; an empty array has none to refuse: an empty string
    tensor)."""
    if isinstance(v, (np.ndarray, np.generic)):
        if dtype is dt.string and v.dtype.kind in _NUMPY_KIND_WORDS and v.size:
            raise ValueError("Failed to convert a NumPy array to a Tensor (Unsupported object "
                             f"type {_NUMPY_KIND_WORDS[v.dtype.kind]}).")
        if v.dtype.kind in "OUS" and dtype is not dt.string:
            return convert_to_tensor(v, dtype=dtype)
        return convert_to_tensor(v, dtype_hint=dtype)
    t = scalar_operand(v, dtype) if type(v) in (int, float) else None  # (host: see onto_device)
    return t if t is not None else convert_to_tensor(v, dtype=dtype)


def binary_args(x: Any, y: Any) -> tuple:
    """Converts a pair of operands: a Python value takes the other operand's dtype, and a
    value that does not fit it is a TypeError ("Cannot convert 1.5 to EagerTensor of dtype
    int32"), as in TF's generated op wrappers (multiply, equal, maximum, reflected
    operators, ...)."""
    if type(x) is EagerTensor and type(y) is EagerTensor:
        return x, y
    pair = scalar_pair(x, y)
    if pair is not None:
        return pair
    if _tensor_like(x):
        x = convert_to_tensor(x)
        return x, y if _tensor_like(y) and type(y) is EagerTensor else \
            convert_to_tensor(y) if _tensor_like(y) else _adopt(y, x._dtype)
    if _tensor_like(y):
        y = convert_to_tensor(y)
        return _adopt(x, y._dtype), y
    x = convert_to_tensor(x)
    return x, _adopt(y, x._dtype)


def binary_args_hint(x: Any, y: Any) -> tuple:
    """Like binary_args, but a Python value that does not fit the other operand's dtype
    keeps its own (the op then reports the mismatch), as tf.add and tf.divide do."""
    if type(x) is EagerTensor and type(y) is EagerTensor:
        return x, y
    pair = scalar_pair(x, y)
    if pair is not None:
        return pair
    if isinstance(x, Tensor) or hasattr(x, "_as_tensor"):
        x = convert_to_tensor(x)
        return x, y if type(y) is EagerTensor else convert_to_tensor(y, dtype_hint=x._dtype)
    if isinstance(y, Tensor) or hasattr(y, "_as_tensor"):
        y = convert_to_tensor(y)  # (while tracing, TF's graph builder offers x no dtype)
        return convert_to_tensor(x, dtype_hint=None if _state.graph else y._dtype), y
    x = convert_to_tensor(x)
    return x, convert_to_tensor(y, dtype_hint=x._dtype)


binary_args_hint.converts_first = True  # (dispatch.binary reads it)


def _f64(*shape: int, lo: float = -2.0, hi: float = 2.0) -> np.ndarray:
    return _rng.uniform(lo, hi, size=shape)


# ---------------------------------------------------------------------------------------
# Factories.
# ---------------------------------------------------------------------------------------

def _fold_arith(ufunc: Any) -> Callable:
    """Shape arithmetic at trace time (dynshape.py): the op on fully known int values."""
    def fold(node: Any, value_of: Callable) -> Any:
        args = [value_of(x) for x in node.inputs]
        if any(a is None for a in args):
            return None
        with np.errstate(all="ignore"):
            out = ufunc(*map(np.asarray, args))
        return out.tolist() if out.dtype.kind in "iu" else None
    return fold


def _unary(tf_name: str, np_name: str | Callable, allowed: frozenset, grad: Callable | None,
           reference: Callable, lo: float = -2.0, hi: float = 2.0, out_dtype: Any = None,
           second_order: bool = True, refuse: Callable | None = None,
           no_cpu: tuple | None = None, **fields: Any) -> OpDef:
    """An elementwise op of one input: `np_name` names the function (of that name in every
    array module), or is the kernel `np_name(xp, x)`; `fields` are further OpDef fields.
    With a small_kernel, `refuse(x)` raises TF's error for a half type it has no kernel for.
    `no_cpu`: (dtypes TF's OpDef takes without a CPU kernel, XLA's types, CPU's types) for
    checks.no_cpu_kernel's NotFoundError (a GPU computes those of its gpu_only_types)."""
    half, small = fields.get("half_kernel"), fields.get("small_kernel")
    if small is not None:  # the half types' kernel takes TF's scalar path too (libm32.py)
        half = fields["half_kernel"] = libm32.half(small, half, refuse)
    if isinstance(np_name, str):
        fn = getattr(np, np_name)

        def base(xp: Any, x: Any) -> Any:
            return getattr(xp, np_name)(x)
    else:  # over NumPy, eager calls it with NumPy bound
        base, fn = np_name, functools.partial(np_name, np)
    kernel, cplx = base, fields.get("complex_kernel")
    if small is not None or cplx is not None or (isinstance(np_name, str) and
                                                 half is not None):
        def kernel(xp: Any, x: Any) -> Any:  # (traced calls take TF's host kernels too)
            if xp is np and half is not None and x.dtype in ml_types.HALF_TYPES:
                return half(x)
            if xp is np and small is not None and x.dtype == _F32 and x.size < PACKET:
                return small(x)
            if xp is np and cplx is not None and x.dtype.kind == "c":
                return cplx(x)
            return base(xp, x)

    allowed_ids = frozenset(id(d) for d in allowed)

    def infer(x: Any) -> list:
        if id(x._dtype) not in allowed_ids:
            raise C.not_supported(tf_name, x._dtype, allowed)
        return [(x._shape, out_dtype or x._dtype)]

    fast_ids = allowed_ids  # (the dtypes the eager fast path runs without infer)
    if no_cpu is not None:  # (a second infer, so that other ops' stays as short)
        typed, plain = frozenset(id(d) for d in no_cpu[0]), infer
        fast_ids = allowed_ids - typed

        def infer(x: Any) -> list:  # noqa: F811 - the refusing variant
            if id(x._dtype) in typed:
                if lacks_kernel(tf_name, x._dtype):
                    raise C.no_cpu_kernel(tf_name, x._dtype, no_cpu[1], no_cpu[2])
                return [(x._shape, out_dtype or x._dtype)]  # (a GPU's: gpu_only_types)
            return plain(x)

    def samples() -> list:
        if allowed & C.FLOATS:
            return [Sample((_f64(3, 4, lo=lo, hi=hi),), grad=grad is not None,
                           second_order=second_order),
                    Sample((_f64(lo=lo, hi=hi),), grad=grad is not None,
                           second_order=second_order)]
        if allowed & C.INTS:
            return [Sample((_rng.integers(-5, 5, size=(3, 4)).astype(np.int32),), grad=False)]
        return [Sample((_rng.integers(0, 2, size=(3, 4)).astype(bool),), grad=False)]

    def bad() -> list:
        return [BadSample((np.array(["a"], dtype=object),), {}, InvalidArgumentError)]

    return register(OpDef(tf_name, infer, kernel, grad=grad, reference=reference,
                          samples=samples, bad_samples=bad, np_kernel=fn,
                          ufunc=fn if isinstance(fn, np.ufunc) else None, elementwise=True,
                          like_inputs=fast_ids if out_dtype is None else frozenset(),
                          **fields))


def _binary(tf_name: str, kernel: Callable, allowed: frozenset, grad: Callable | None,
            reference: Callable, out_dtype: Any = None, lo: float = -2.0, hi: float = 2.0,
            second_order: bool = True, extra_samples: tuple = (), no_cpu: tuple | None = None,
            unequal: bool | None = None, string_name: str | None = None,
            **fields: Any) -> OpDef:
    """An elementwise op of two inputs broadcasting as TF does; `fields` are further OpDef
    fields (its ufunc, operator, units, ...), `extra_samples` go after the usual ones.
    `no_cpu`: as _unary's (dtypes outside `allowed` that TF's OpDef takes without a CPU
    kernel), refused on the slow path, before the shapes, as TF's kernel lookup is.
    `unequal`: an equality comparison (Equal, NotEqual) with TF's attr
    incompatible_shape_error, and what it gives for shapes that don't broadcast (see
    _shape_error_attr). `string_name`: the TF op that runs it for a string first input
    (tf.add's Add, where its numbers run AddV2), which its errors then name."""
    allowed_ids = frozenset(id(d) for d in allowed)  # DTypes are singletons; id() is C-fast
    no_cpu_ids = frozenset(id(d) for d in no_cpu[0]) if no_cpu else frozenset()

    def infer(x: Any, y: Any) -> list:
        d = x._dtype
        if d is y._dtype and id(d) in allowed_ids:  # the common cases, kept short
            s, s2 = x._shape, y._shape
            if s == s2 or s2 == ():
                if s is not None:
                    return [(s, out_dtype or d)]
            elif s == () and s2 is not None:
                return [(s2, out_dtype or d)]
        else:
            # (eagerly TF looks its kernel up before input #1's type; a graph's builder
            # checks the type first, and the kernel only when the node runs)
            if id(d) in no_cpu_ids and (d is y._dtype or _state.graph is None):
                raise C.no_cpu_kernel(tf_name, d, no_cpu[1], no_cpu[2])
            C.refuse_narrow_compare(tf_name, d, allowed)
            d = C.same_dtype(_named(d), (x, y), allowed)
        out = C.broadcast(_named(d), x._shape, y._shape)
        if out is not None and out != x._shape and out != y._shape and None not in out:
            # (a broadcast larger than either input, an outer product's: refused before
            # NumPy allocates it, as any op's output past the memory there is)
            check_finite_size(_named(d), out, out_dtype or d)
        if out is not None and len(out) > 5 and _state.graph is None and \
                x._shape != y._shape and None not in out:  # (TF's kernel's, when it runs)
            C.refuse_wide_broadcast(_named(d), x._shape, y._shape, out)
        return [(out, out_dtype or d)]

    def _named(d: dt.DType) -> str:
        return string_name if d is dt.string and string_name else tf_name

    @functools.cache
    def samples_and_bad() -> tuple:  # the bad samples reuse the first sample's input
        if allowed & C.FLOATS:
            samples = [Sample((_f64(3, 4, lo=lo, hi=hi), _f64(3, 4, lo=lo, hi=hi)),
                              grad=grad is not None, second_order=second_order),
                       Sample((_f64(2, 1, 3, lo=lo, hi=hi), _f64(4, 1, lo=lo, hi=hi)),
                              grad=grad is not None, second_order=second_order)]
        elif allowed & C.INTS:
            samples = [Sample((_rng.integers(1, 9, size=(3, 4)).astype(np.int32),
                               _rng.integers(1, 9, size=(4,)).astype(np.int32)), grad=False)]
        else:
            samples = [Sample((_rng.integers(0, 2, size=(3, 4)).astype(bool),
                               _rng.integers(0, 2, size=(4,)).astype(bool)), grad=False)]
        a = samples[0].inputs[0]
        other = np.complex64 if a.dtype != np.complex64 else np.float32
        bad = [BadSample((a, a.astype(other)), {}, InvalidArgumentError, "expected to be"),
               BadSample((np.zeros((2, 3), a.dtype), np.zeros((4,), a.dtype)), {},
                         InvalidArgumentError, "Incompatible shapes: [2,3] vs. [4]")]
        if unequal is not None:  # (TF 2's `==`: shapes that broadcast, and shapes that don't)
            samples += [Sample(s.inputs, {"incompatible_shape_error": False}, grad=False)
                        for s in samples[:1] + bad[1:]]
        return samples + list(extra_samples), bad

    if fields.get("complex_kernel") is not None:
        kernel = _complex_routed(kernel, fields["complex_kernel"])
    if unequal is not None:
        infer, kernel = _shape_error_attr(tf_name, infer, kernel, allowed, unequal)
        reference = _shape_error_reference(reference, unequal)
    return register(OpDef(tf_name, infer, kernel, grad=grad, reference=reference,
                          samples=lambda: samples_and_bad()[0],
                          bad_samples=lambda: samples_and_bad()[1], elementwise=True,
                          like_inputs=allowed_ids if out_dtype is None else frozenset(),
                          **fields))


def broadcastable(a: tuple | None, b: tuple | None) -> bool:
    """Whether shapes `a` and `b` may broadcast (unknown ranks and dims may)."""
    if a is None or b is None:
        return True
    return all(x == y or 1 in (x, y) or None in (x, y) for x, y in zip(a[::-1], b[::-1]))


def _complex_routed(kernel: Callable, cplx: Callable) -> Callable:
    """A binary kernel whose complex host operands take the OpDef's complex_kernel (TF's
    Eigen arithmetic), as _unary's kernel does: traced calls run it too."""
    def routed(xp: Any, x: Any, y: Any) -> Any:
        d = getattr(x, "dtype", None)  # (the operands share it; a number stands beside one)
        if xp is np and (d if d is not None else np.asarray(y).dtype).kind == "c":
            return cplx(x, y)
        return kernel(xp, x, y)
    return routed


def _shape_error_attr(tf_name: str, infer: Callable, kernel: Callable, allowed: frozenset,
                      unequal: bool) -> tuple:
    """`infer` and `kernel` of Equal / NotEqual taking TF's attr incompatible_shape_error
    (True unless given: a node without it is TF's default). TF 2's `==` sets it False:
    shapes that don't broadcast then compare unequal, one bool (False for Equal, True for
    NotEqual), instead of failing. TF's shape function gives that scalar where the shapes
    known while tracing can't broadcast, else their broadcast shape, which the kernel's
    scalar may then contradict when the graph runs (dims unknown while tracing)."""
    def infer_attr(x: Any, y: Any, incompatible_shape_error: bool = True) -> list:
        if incompatible_shape_error or broadcastable(x._shape, y._shape):
            return infer(x, y)
        C.refuse_narrow_compare(tf_name, x._dtype, allowed)
        C.same_dtype(tf_name, (x, y), allowed)
        return [((), dt.bool)]

    def kernel_attr(xp: Any, x: Any, y: Any, incompatible_shape_error: bool = True) -> Any:
        if incompatible_shape_error or broadcastable(x.shape, y.shape):
            return kernel(xp, x, y)
        return xp.asarray(unequal)

    return infer_attr, kernel_attr


def _shape_error_reference(reference: Callable, unequal: bool) -> Callable:
    def ref(x: Any, y: Any, incompatible_shape_error: bool = True) -> Any:
        if incompatible_shape_error or broadcastable(x.shape, y.shape):
            return reference(x, y)
        return np.asarray(unequal)
    return ref


def _elementwise_ref(f: Callable, dtype: Any = None) -> Callable:
    """Reference built from a scalar Python function applied element by element."""
    def ref(*arrays: np.ndarray) -> np.ndarray:
        bs = np.broadcast_arrays(*arrays)
        out = np.empty(bs[0].shape, dtype=dtype or arrays[0].dtype)
        for idx in np.ndindex(*out.shape):
            out[idx] = f(*(b[idx].item() for b in bs))
        return out
    return ref


def _output_grad_op(tf_name: str, fn: Callable, grad: Callable, reference: Callable,
                    ops: Callable) -> OpDef:
    """TF's TanhGrad / SigmoidGrad(y, dy): an op's gradient from its output `y`, one
    kernel as TF's graphs hold it: `fn(y, dy, one, subtract, multiply)` in TF's order of
    operations, with the subtract and multiply `ops(xp, y)` gives."""
    def kernel(xp: Any, y: Any, dy: Any) -> Any:
        if y.size != dy.size:
            raise C.fail(tf_name, f"The two arguments to a cwise op must have same number of "
                                  f"elements, got {y.size} and {dy.size}")
        return fn(y, dy.reshape(y.shape), xp.ones((), y.dtype), *ops(xp, y))

    def infer(y: Any, dy: Any) -> list:
        return [(y._shape, C.same_dtype(tf_name, (y, dy), C.FLOAT_COMPLEX))]

    return register(OpDef(
        tf_name, infer, kernel, grad=grad, reference=reference,
        samples=lambda: [Sample((_f64(3, 4, lo=-0.9, hi=0.9), _f64(3, 4)))],
        bad_samples=lambda: [BadSample((np.ones(2), np.ones(3)), {}, InvalidArgumentError,
                                       "must have same number of elements")],
        elementwise=True))


def grad_constant(value: float, x: Any, outside_controls: bool = False) -> Any:
    """A number a gradient function multiplies or adds, of x's dtype. In a graph it is a
    Const node named "Const", as TF's gradient functions make with tf.constant, under
    their control dependencies on the output gradients (grad_after_grads) unless
    `outside_controls` (TF's made it before opening them). Eagerly it is the Python
    number, which the binary op converts without an op of its own."""
    graph = _state.graph
    if graph is None:
        return value
    if outside_controls:
        graph.push_control_dependencies(None)  # (None: clears the gradient's)
    try:
        return graph.constant(np.asarray(value, x._dtype.as_numpy_dtype), x._dtype, "Const")
    finally:
        if outside_controls:
            graph.pop_control_dependencies()
