"""The elementwise ops every family takes, below math.py: cast (Cast), conj and real,
where (SelectV2; its one-argument form is ops/where_indices.py's Where), add_n (AddN),
zeros_like and ones_like, stop_gradient and identity.

math.py's gradients and wrappers call them (a complex gradient conjugates, truediv casts
integers), so they sit under it in tests/test_layering.py's OPS_ORDER.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import choose
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, output_shape_sized
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import dispatch, float_to_int, wrapper_inputs
from eagerflow._src.ops.broadcast_grads import sum_to
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, eager_name
from eagerflow._src.ops.elementwise import _elementwise_ref, _f64, _rng, as_fixed_type, binary_args
from eagerflow._src.ops.graph_conversion_errors import first_alone
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.where_indices import WHERE_INDICES


def _t(x: Any) -> Tensor:
    return x if type(x) is EagerTensor else convert_to_tensor(x)


# ---------------------------------------------------------------------------------------
# Cast, where, add_n, zeros_like, ones_like, stop_gradient, identity.
# ---------------------------------------------------------------------------------------

def _cast_infer(x: Any, dtype: dt.DType) -> list:
    C.dtype_attr("Cast", dtype, "DstT")
    # TF's shape function takes any pair: in a graph, a pair without a kernel fails when
    # the node runs (the kernel's check below), as TF's kernel construction does
    if _state.graph is None and not C.cast_runs(x._dtype, dtype):
        raise _no_cast(x._dtype, dtype, " [Op:Cast]")
    if dtype._np.itemsize > x._dtype._np.itemsize:
        # (a widening cast's output is bigger than its input: refused before NumPy
        # allocates it, as a broadcast past the memory there is)
        output_shape_sized("Cast", x._shape, dtype)
    return [(x._shape, dtype)]


def _no_cast(src: dt.DType, dst: dt.DType, op: str = "") -> UnimplementedError:
    return UnimplementedError(
        None, None, f"Cast {C.dtype_word(src)} to {C.dtype_word(dst)} is not supported{op}")


_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_TINY32, _TINY64 = float(np.finfo(np.float32).tiny), float(np.finfo(np.float64).tiny)


def _flushed(x: np.ndarray, tiny: float) -> np.ndarray:
    """x with its subnormal values (each part's) signed zeros (zeros keep theirs)."""
    if x.dtype.kind == "c":  # (each part set, not added: -0.0 + 0.0 would lose its sign)
        out = np.empty_like(x)
        out.real, out.imag = _flushed(x.real, tiny), _flushed(x.imag, tiny)
        return out
    small = np.less(np.abs(x), tiny)
    if not np.count_nonzero(small):  # (faster than any() on small arrays)
        return x
    out = np.array(x, copy=True)
    np.copyto(out, np.copysign(out.dtype.type(0), out), where=small)
    return out


def _flush_plan(given: np.dtype, out: np.dtype) -> tuple | None:
    """How TF's CPU Cast, run with its threads' FTZ/DAZ, treats subnormals from `given` to
    `out` (None: as NumPy's conversion): a float32 (or bfloat16, widened by its bits) made
    float64, or a float32 tested for bool, reads them as zero (flush first, at the given
    type's bound); a float64 made float32 (or bfloat16, through float32) gives zero for a
    result too small for float32 (flush through float32; a float64 subnormal is zero
    there anyway), tested for bool reads them as zero; bits and copies (float32 to
    bfloat16, complex64's real part, the same width) keep them, and half and integer
    results are zero for them anyway. Complex values part by part."""
    src = given.type(0).real.dtype if given.kind == "c" else given
    dst = out.type(0).real.dtype if out.kind == "c" else out
    cplx = np.complex64 if given.kind == "c" else _F32
    if src == dt.bfloat16.storage_type:
        return (cplx, _TINY32) if dst == _F64 else None
    if src not in (_F32, _F64) or dst == src or dst.kind in "iu" or dst == np.float16:
        return None
    if src == _F32:
        return (None, _TINY32) if dst in (_F64, np.dtype(bool)) else None
    return (None, _TINY64) if dst.kind == "b" else (cplx, _TINY32)


_FLUSH_PLANS: dict = {}


def _cpu_cast(x: np.ndarray, npd: Any) -> np.ndarray:
    """x as `npd` by TF's CPU Cast (_flush_plan)."""
    key = (x.dtype, npd)
    plan = _FLUSH_PLANS[key] if key in _FLUSH_PLANS else \
        _FLUSH_PLANS.setdefault(key, _flush_plan(x.dtype, np.dtype(npd)))
    if plan is None:
        return x.astype(npd)
    through, tiny = plan
    return _flushed(x if through is None else x.astype(through), tiny).astype(npd)


def _cast_kernel(xp: Any, x: Any, dtype: dt.DType) -> Any:
    npd = dtype.storage_type
    if (x.dtype.kind == "O") != (npd is np.object_) or dtype in C.HANDLE_DTYPES:
        raise _no_cast(dt.from_numpy(x.dtype), dtype)  # (a traced node's pair, run)
    given = x.dtype
    if given.itemsize == 1 and given.kind not in "iub":  # ml_dtypes' narrow types
        x = C.narrow_cast_source(x, dtype)
    if x.dtype.kind == "c" and np.dtype(npd).kind != "c":
        x = x.real  # TF keeps the real part
    if (x.dtype.kind == "f" or x.dtype.kind == "V" and dt.from_numpy(x.dtype).is_floating) \
            and np.dtype(npd).kind in "iu":
        # TF truncates toward zero; values out of the target's range (NaN too) take its
        # CPU kernel's two paths (float_to_int.py)
        if xp is not np and given.itemsize > 1 and not dtype.is_quantized:
            return float_to_int.device_path(xp, x, npd)  # (no read of the values back)
        # (TF's GPU Cast takes no quantized type, and a float8 to floats only
        # (cast_op_impl_float8.cc): TF runs those casts on its CPU, whose conversion to a
        # quantized type is the one to its integer storage)
        info = np.iinfo(npd)  # (NumPy's Python code: read where it is used)
        x = x.astype(np.float32) if x.dtype.kind == "V" else x  # (bfloat16: exact in float32)
        if x.size and info.min - 1.0 < float(x.min()) and float(x.max()) < info.max + 1.0:
            return x.astype(npd)  # (NaN fails the test)
        # (float8's, converted through float32 above, have no packet path: `given`'s size)
        return float_to_int.float_to_int(xp, x, npd, given)
    if xp is np and x.dtype.kind in "fcV":
        return _cpu_cast(x, npd)
    return x.astype(npd)


def _cast_grad(n: Any, g: Any) -> list:
    # TF's: a gradient only between differentiable dtypes (a cast to an integer stops it)
    src, dst = n.inputs[0]._dtype, n.outputs[0]._dtype
    if (src.is_floating or src.is_complex) and (dst.is_floating or dst.is_complex):
        return [cast(g, src)]
    return [None]


def _fold_input(node: Any, value_of: Callable) -> Any:
    """dynshape's view of an op whose output holds its input's values."""
    return value_of(node.inputs[0])


def _cast_rewrite(node: Any) -> Any:
    """A cast to the dtype its graph input already has is that input."""
    x = node.inputs[0]
    return x if C.is_graph_tensor(x) and x._dtype is node.outputs[0]._dtype else None


CAST = register(OpDef(
    "Cast", _cast_infer, _cast_kernel, grad=_cast_grad,
    reference=lambda x, dtype: np.array([float(v) for v in x.ravel()]).reshape(x.shape)
    .astype(dtype.storage_type),
    # float32 rounding defeats float64 finite differences; tests/test_autodiff checks the grad
    samples=lambda: [Sample((_f64(3, 2),), {"dtype": dt.float32}, grad=False),
                     Sample((_f64(4),), {"dtype": dt.int32}, grad=False)],
    bad_samples=lambda: [BadSample((np.array([b"a"], dtype=object),), {"dtype": dt.float32},
                                   UnimplementedError)],
    elementwise=True, rewrite=_cast_rewrite, fold=_fold_input, tf_const_fold=True,
    tf_shape_fold=True, tf=TFForm(names={"dtype": "DstT"}),
))


@dispatchable
@binds_first
def cast(x: Any, dtype: Any, name: str | None = None) -> Any:
    if type(x) is not EagerTensor and isinstance(x, CompositeTensor):  # (not dense: a handler
        raise TypeError(f"cast of {type(x).__name__}")  # casts its values, ragged_dispatch.py)
    dtype = dt.as_dtype(dtype)
    if _state.graph is not None and dispatch._is_variable(type(x)) and x.dtype is dtype:
        return x  # (TF's cast hands back a variable of the dtype, unread)
    x = _t(x)
    if x._dtype is dtype:
        return x
    return bind(CAST, (x,), {"dtype": dtype}, eager_name(name))  # (TF's "Cast" scope's)


def _select_infer(c: Any, x: Any, y: Any) -> list:
    if c._dtype is not dt.bool:
        raise C.wrong_input_dtype("SelectV2", 0, dt.bool, c._dtype)
    d = C.same_dtype("SelectV2", (x, y), C.ALL, first_index=1)
    try:
        shape = C.broadcast("SelectV2", C.broadcast("SelectV2", c._shape, x._shape), y._shape)
    except InvalidArgumentError:  # (TF's kernel names all three)
        raise C.fail("SelectV2", f"condition {C.shape_str(c._shape)}, then "
                                 f"{C.shape_str(x._shape)}, and else {C.shape_str(y._shape)} "
                                 "must be broadcastable") from None
    return [(shape, d)]


def _select_grad(n: Any, g: Any) -> list:
    c, x, y = n.inputs
    z = zeros_like(g)
    return [None, sum_to(where(c, g, z), x), sum_to(where(c, z, g), y)]


SELECT = register(OpDef(
    "SelectV2", _select_infer, lambda xp, c, x, y: choose(xp, c, x, y), grad=_select_grad,
    reference=_elementwise_ref(lambda c, a, b: a if c else b, np.float64),
    samples=lambda: [Sample((_rng.integers(0, 2, (3, 4)).astype(bool), _f64(3, 4), _f64(4)),
                            grad_inputs=(1, 2))],
    bad_samples=lambda: [BadSample((np.ones(3), np.ones(3), np.ones(3)), {}, InvalidArgumentError)],
    elementwise=True, cuda="({0} ? {1} : {2})"))

@dispatchable
@binds_first
def where(condition: Any, x: Any = None, y: Any = None, name: str | None = None) -> Any:
    if x is None and y is None:
        # TF converts the condition first, bool preferred (a NumPy array is cast to it, a
        # Python number keeps its dtype), and makes Where in a name scope (none eagerly)
        return bind(WHERE_INDICES, (convert_to_tensor(condition, dtype_hint=dt.bool),), {},
                    name if _state.graph is not None else None)
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    return _select(condition, x, y, name)


def select_raw(condition: Any, x: Any, y: Any, name: str | None = None) -> Any:
    """TF's raw SelectV2 wrapper (gen_math_ops.select_v2): no dispatch on its operands."""
    return _select(condition, x, y, name)


@eager_api("condition", "x", "y")
def _select(condition: Any, x: Any, y: Any, name: str | None) -> Any:
    """tf.where(condition, x, y): TF hands its SelectV2 the inputs as they were given."""
    slow = wrapper_inputs.passed_raw(condition, x, y)
    condition = as_fixed_type(condition, dt.bool, slow, ("SelectV2", "condition"))
    if _state.graph is not None and first_alone(x, y):
        x = convert_to_tensor(x)
    return bind(SELECT, (condition, *binary_args(x, y)), {}, name)


def _add_n_infer(*xs: Any) -> list:
    if not xs:
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and "
                         "shape")
    d = C.add_n_dtype(xs)
    shape = xs[0]._shape
    for i, x in enumerate(xs[1:], 1):
        if shape is not None and x._shape is not None and x._shape != shape:
            if len(x._shape) != len(shape) or any(
                    a is not None and b is not None and a != b for a, b in zip(x._shape, shape)):
                raise C.fail("AddN", f"Inputs to operation AddN of type AddN must have the same "
                                     f"size and shape.  Input 0: {C.shape_str(shape)} != input "
                                     f"{i}: {C.shape_str(x._shape)}")
    return [(shape, d)]


def _add_n_kernel(xp: Any, *xs: Any) -> Any:
    out = xp.add(xs[0], xs[1], out=xp.empty_like(xs[0])) if len(xs) > 1 else xs[0].copy()
    for x in xs[2:]:  # (the first two summed into a new array: no copy launched first)
        out += x
    return out


def _tf_input_name(x: Any) -> str:
    # (a GraphDef's input string: "op" for an op's first output, "op:i" for the others)
    return x._op.name if x._index == 0 else f"{x._op.name}:{x._index}"


def _add_n_canonical(node: Any) -> Any:
    """Grappler's canonical AddN (its arithmetic optimizer's CanonicalizeGraph sorts a
    commutative op's inputs by their names), or None where they are in that order: AddN
    sums left to right, so the order is the sum's rounding (a traced gradient's AddN of
    a logit's four uses in sigmoid_cross_entropy_with_logits sums them as TF's graph)."""
    names = [_tf_input_name(x) for x in node.inputs]
    order = sorted(range(len(names)), key=names.__getitem__)
    if order == list(range(len(names))):
        return None
    return tuple(node.inputs[i] for i in order), node.attrs


ADD_N = register(OpDef(
    "AddN", _add_n_infer, _add_n_kernel, grad=lambda n, g: [g] * len(n.inputs),
    arity=lambda ins, attrs: {"N": len(ins)}, rewrite=_add_n_canonical,
    reference=lambda *xs: sum(xs[1:], xs[0].copy()),
    samples=lambda: [Sample((_f64(2, 3), _f64(2, 3), _f64(2, 3)))],
    bad_samples=lambda: [BadSample((np.ones((2, 3)), np.ones((3, 2))), {}, InvalidArgumentError)],
))


@dispatchable
@binds_first
def add_n(inputs: Any, name: str | None = None) -> Any:
    if not isinstance(inputs, (list, tuple)):
        inputs = list(inputs)  # TF takes any iterable: a tensor is the list of its rows
    if not inputs:
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices with "
                         "the same dtype and shape.")
    xs = tuple(_t(x) for x in inputs)
    if getattr(_state.graph, "_pending_reads", None):
        for x in xs:  # (TF converts its inputs before AddN's scope: variables read there)
            _state.graph.settle_read(x)
    if len(xs) == 1:
        return xs[0]
    return bind(ADD_N, xs, {}, name)


def _like_kernel(value: int) -> Callable:
    def kernel(xp: Any, x: Any) -> Any:
        if x.dtype.kind == "O":
            return C.object_zeros(x, xp)
        out = xp.empty(x.shape, x.dtype)  # empty + fill: a third of full()'s time
        out.fill(value)
        return out
    return kernel


ZEROS_LIKE = register(OpDef(
    "ZerosLike", C.same_spec_infer("ZerosLike", copies=False), _like_kernel(0),
    grad=lambda n, g: [None], reference=lambda x: np.zeros_like(x),
    samples=lambda: [Sample((_f64(2, 3),), grad=False)], elementwise=True, boxes_on_device=True))
ONES_LIKE = register(OpDef(
    "OnesLike", lambda x: [(x._shape, C.check_dtype("OnesLike", x, C.NUMERIC | C.BOOL))],
    _like_kernel(1), grad=lambda n, g: [None],
    reference=lambda x: np.ones_like(x), samples=lambda: [Sample((_f64(2, 3),), grad=False)],
    elementwise=True))
GRAPH_LIKE: list = []  # tf.zeros_like / tf.ones_like in graphs (ops/array.py's: TF's tf.zeros)

def _like(op: OpDef, api: str) -> Callable:  # tf.zeros_like, tf.ones_like
    def like(input: Any, dtype: Any = None, name: str | None = None,  # noqa: A002
             layout: Any = None) -> Any:
        if _state.graph is not None and GRAPH_LIKE:
            C.no_layout(api, layout)
            return GRAPH_LIKE[0](input, dtype, name, op)
        x = _t(input)  # (TF converts the input and the dtype before it reads the layout)
        if dtype is not None and GRAPH_LIKE and dt.as_dtype(dtype) is not x._dtype:
            # TF's: tf.zeros/tf.ones of x's shape, given the layout
            return GRAPH_LIKE[0](x, dtype, name, op, layout)
        C.no_layout(api, layout)
        return bind(op, (x,), {})
    like.__name__ = like.__qualname__ = api
    return dispatchable(binds_first(like))


zeros_like, ones_like = _like(ZEROS_LIKE, "zeros_like"), _like(ONES_LIKE, "ones_like")


STOP_GRADIENT = register(OpDef(
    "StopGradient", lambda x: [(x._shape, x._dtype)], lambda xp, x: x,
    grad=lambda n, g: [None], reference=lambda x: x.copy(),
    samples=lambda: [Sample((_f64(2, 3),), grad=False)], elementwise=True, forward_identity=True,
    tf_const=lambda node, values: values[0]))  # (graphs' shape inference stops at it)
IDENTITY = register(OpDef(
    "Identity", lambda x: [(x._shape, x._dtype)], lambda xp, x: x,
    grad=lambda n, g: [g], reference=lambda x: x.copy(), samples=lambda: [Sample((_f64(2, 3),))],
    elementwise=True, forward_identity=True, fold=_fold_input, tf_const_fold=True))


@dispatchable
@binds_first
def stop_gradient(input: Any, name: str | None = None) -> Any:  # noqa: A002
    return bind(STOP_GRADIENT, (_t(input),), {}, name)


@dispatchable
@binds_first
def identity(input: Any, name: str | None = None) -> Any:  # noqa: A002
    return bind(IDENTITY, (_t(input),), {}, name)





@dispatchable
@binds_first
def real(input: Any, name: str | None = None) -> Any:  # noqa: A002
    x = _t(input)
    if not x._dtype.is_numeric:
        raise TypeError(f"input must be a numeric tensor, but got tensor with dtype {x._dtype}")
    return cast(x, x._dtype.real_dtype) if x._dtype.is_complex else x


CONJ = register(OpDef(
    "Conj", lambda x: [(x._shape, C.check_dtype("Conj", x, C.COMPLEX))], lambda xp, x: xp.conj(x),
    grad=lambda n, g: [conj(g)], reference=lambda x: np.array([complex(v).conjugate() for v in
                                                               x.ravel()]).reshape(x.shape),
    samples=lambda: [Sample((_f64(3) + 1j * _f64(3),), grad=False)], elementwise=True))


@dispatchable
@binds_first
def conj(x: Any, name: str | None = None) -> Any:
    x = _t(x)
    if not x._dtype.is_complex:
        if not x._dtype.is_numeric:
            raise TypeError(f"Expected numeric or variant tensor, got dtype {x._dtype!r}.")
        return x
    return bind(CONJ, (x,), {}, name)
