"""TF's training ops on resource variables: ResourceApplyGradientDescent, ...Momentum, Adam,
Adagrad, AdagradV2, RMSProp, CenteredRMSProp, Adadelta, ProximalGradientDescent,
ProximalAdagrad, Ftrl, FtrlV2 (multiply_linear_by_lr too), KerasMomentum, AdaMax,
AdamWithAmsgrad, AddSign and PowerSign.

Sits in ops/ after variables and dispatch; v1/'s optimizers emit these ops (as TF 1's
do, "GradientDescent/update_w/ResourceApplyGradientDescent"), and tf.raw_ops reaches them.
An op's first inputs are the variables it updates (TF's resource handles), the rest
tensors of the variables' dtype `T`. The kernel follows TF's CPU kernel (its order of
float operations, so values match TF's to float32 rounding) and replaces each updated
variable's array with the new one (no reader of the old array sees it change). The
checks are TF's: eagerly its kernel's ("alpha is not a scalar: [2]"), while a graph is
built its shape function's ValueError, at run time the kernel's again. Not
differentiable, stateful: graph passes never fold, merge or reorder them.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.shape import dims_text
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import dispatch, eigen32, training_refs
from eagerflow._src.ops.attr_values import make_type
from eagerflow._src.ops.checks import (
    dt_enum,
    fail,
    input_count,
    wrong_input_dtype,
    wrong_read_dtype,
)
from eagerflow._src.ops.registry import OpDef, TFForm, ref_form, register
from eagerflow._src.ops.variables import handle_variable, held_handle

# TF's CPU kernels of these ops: most take the float and complex types, some fewer
_REALS = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64))
_TYPES = _REALS | {dt.complex64, dt.complex128}
_WIDE = frozenset((dt.float32, dt.float64))


# -- the updates: TF's functors, over arrays (the scalars 0-d arrays of T) ---------------

def _gd(xp: Any, var: Any, alpha: Any, delta: Any, **_a: Any) -> tuple:
    return (var - delta * alpha,)


def _momentum(xp: Any, var: Any, accum: Any, lr: Any, grad: Any, momentum: Any,
              use_nesterov: bool = False, **_a: Any) -> tuple:
    accum = accum * momentum + grad
    if use_nesterov:
        return var - (grad * lr + accum * momentum * lr), accum
    return var - accum * lr, accum


def _adam(xp: Any, var: Any, m: Any, v: Any, b1p: Any, b2p: Any, lr: Any, b1: Any, b2: Any,
          eps: Any, grad: Any, use_nesterov: bool = False, **_a: Any) -> tuple:
    one = xp.ones((), var.dtype)
    alpha = lr * xp.sqrt(one - b2p) / (one - b1p)
    m = m + (grad - m) * (one - b1)
    v = v + (grad * grad - v) * (one - b2)
    if use_nesterov:
        return var - ((grad * (one - b1) + m * b1) * alpha) / (xp.sqrt(v) + eps), m, v
    return var - (m * alpha) / (xp.sqrt(v) + eps), m, v


def _adagrad(xp: Any, var: Any, accum: Any, lr: Any, grad: Any, update_slots: bool = True,
             **_a: Any) -> tuple:
    if update_slots:
        accum = accum + grad * grad
    return var - grad * lr * (xp.ones((), var.dtype) / xp.sqrt(accum)), accum


def _adagrad_v2(xp: Any, var: Any, accum: Any, lr: Any, eps: Any, grad: Any,
                update_slots: bool = True, **_a: Any) -> tuple:
    if update_slots:
        accum = accum + grad * grad
    return var - grad * lr / (xp.sqrt(accum) + eps), accum


def _rms_prop(xp: Any, var: Any, ms: Any, mom: Any, lr: Any, rho: Any, momentum: Any,
              eps: Any, grad: Any, **_a: Any) -> tuple:
    one = xp.ones((), var.dtype)
    ms = ms + (grad * grad - ms) * (one - rho)
    mom = mom * momentum + (grad * lr) / xp.sqrt(ms + eps)
    return var - mom, ms, mom


def _centered_rms_prop(xp: Any, var: Any, mg: Any, ms: Any, mom: Any, lr: Any, rho: Any,
                       momentum: Any, eps: Any, grad: Any, **_a: Any) -> tuple:
    one = xp.ones((), var.dtype)
    ms = ms + (grad * grad - ms) * (one - rho)
    mg = mg + (grad - mg) * (one - rho)
    mom = mom * momentum + (grad * lr) / xp.sqrt((ms - mg * mg) + eps)
    return var - mom, mg, ms, mom


def _adadelta(xp: Any, var: Any, accum: Any, accum_update: Any, lr: Any, rho: Any,
              eps: Any, grad: Any, **_a: Any) -> tuple:
    one = xp.ones((), var.dtype)
    accum = accum * rho + grad * grad * (one - rho)
    update = xp.sqrt(accum_update + eps) * (one / xp.sqrt(accum + eps)) * grad
    accum_update = accum_update * rho + update * update * (one - rho)
    return var - update * lr, accum, accum_update


def _shrunk(xp: Any, prox: Any, rate_l1: Any, l1: Any, denom: Any) -> Any:
    """TF's proximal step: `prox` shrunk toward 0 by rate * l1 where l1 > 0, over the L2
    denominator."""
    if to_host(l1) > 0:  # (decided on the host, where the op's value is read)
        zero = xp.zeros((), prox.dtype)
        return xp.sign(prox) * xp.maximum(xp.abs(prox) - rate_l1, zero) / denom
    return prox / denom


def _proximal_gd(xp: Any, var: Any, alpha: Any, l1: Any, l2: Any, delta: Any,
                 **_a: Any) -> tuple:
    one = xp.ones((), var.dtype)
    prox = var - delta * alpha
    return (_shrunk(xp, prox, alpha * l1, l1, one + l2 * alpha),)


def _proximal_adagrad(xp: Any, var: Any, accum: Any, lr: Any, l1: Any, l2: Any, grad: Any,
                      **_a: Any) -> tuple:
    one = xp.ones((), var.dtype)
    accum = accum + grad * grad
    rate = lr * (one / xp.sqrt(accum))
    prox = var - grad * rate
    return _shrunk(xp, prox, rate * l1, l1, one + l2 * rate), accum


def _ftrl_root(xp: Any, x: Any, lr_power: Any) -> Any:
    """accum ** -lr_power, TF's kernels taking a square root where lr_power is -0.5. Eigen
    takes its own pow over whole packets of 8 floats (NumPy's here: within an ulp, not
    TF's bits) and the C library's pow past the last (all of a tensor of fewer than 8
    values: eigen32.powf, TF's bits); doubles likewise, by packets of 4."""
    if to_host(lr_power) == -0.5:
        return xp.sqrt(x)
    out = xp.power(x, -lr_power)
    if xp is np and x.dtype in (np.float32, np.float64):
        flat = out.reshape(-1)
        tail = x.reshape(-1)[x.size - x.size % (8 if x.dtype == np.float32 else 4):]
        flat[flat.size - tail.size:] = eigen32.powf(tail, -lr_power) if \
            x.dtype == np.float32 else _libm_pow(tail, -lr_power)
    return out


def _ftrl(xp: Any, var: Any, accum: Any, linear: Any, grad: Any, lr: Any, l1: Any, l2: Any,
          *rest: Any, multiply_linear_by_lr: bool = False, **_a: Any) -> tuple:
    """ApplyFtrl, or ApplyFtrlV2 given (l2_shrinkage, lr_power) in `rest`: linear takes the
    shrunk gradient, accum the plain one's square; with multiply_linear_by_lr, linear is
    kept multiplied by lr."""
    *shrinkage, lr_power = rest
    two = xp.asarray(2, var.dtype)
    g = grad + (two * shrinkage[0]) * var if shrinkage else grad
    new_accum = accum + grad * grad
    root_new = _ftrl_root(xp, new_accum, lr_power)
    sigma = root_new - _ftrl_root(xp, accum, lr_power)
    if multiply_linear_by_lr:
        linear = linear + (g * lr - sigma * var)
        bound, y = l1 * lr, root_new + (two * l2) * lr
    else:
        linear = linear + (g - sigma / lr * var)
        bound, y = l1, root_new / lr + two * l2
    x = bound * xp.sign(linear) - linear
    # (the quotient is dropped where |linear| <= bound; NumPy's errstate: CuPy has none,
    # and its kernels raise no IEEE warnings)
    with np.errstate(all="ignore"):
        new_var = xp.where(xp.abs(linear) > bound, x / y, xp.zeros((), var.dtype))
    return new_var, new_accum, linear


def _adagrad_da(xp: Any, var: Any, ga: Any, gsa: Any, grad: Any, lr: Any, l1: Any, l2: Any,
                step: Any, **_a: Any) -> tuple:
    """ApplyAdagradDA: the accumulated gradient, shrunk by l1 per step, over the L2 term
    and the root of the squares (the step count a float first, as TF's kernel takes it)."""
    ga = ga + grad
    gsa = gsa + grad * grad
    steps = xp.asarray(float(np.float32(to_host(step))), dtype=var.dtype)
    rate = steps * lr  # (a float's step count times lr, in T: TF's constant)
    denom = l2 * rate + xp.sqrt(gsa)
    if to_host(l1) > 0:
        kept = xp.maximum(xp.abs(ga) - steps * l1, xp.zeros((), var.dtype))
        return lr * -xp.ones((), var.dtype) * xp.sign(ga) * kept / denom, ga, gsa
    return lr * ga * -xp.ones((), var.dtype) / denom, ga, gsa


def _libm_pow(x: Any, p: Any) -> Any:
    """The C library's pow of doubles, per value (NumPy's float64 power may take a SIMD pow
    of its own, an ulp off glibc's); NaN and inf where it returns them."""
    def one(a: float, b: float) -> float:
        try:
            return math.pow(a, b)
        except (ValueError, OverflowError):
            return float(np.power(np.float64(a), np.float64(b)))
    with np.errstate(all="ignore"):  # (the flags C's pow raises come back as warnings)
        return np.vectorize(one, otypes=[np.float64])(x, p)


def _keras_momentum(xp: Any, var: Any, accum: Any, lr: Any, grad: Any, momentum: Any,
                    use_nesterov: bool = False, **_a: Any) -> tuple:
    accum = accum * momentum - grad * lr
    if use_nesterov:
        return var + (accum * momentum - grad * lr), accum
    return var + accum, accum


def _ada_max(xp: Any, var: Any, m: Any, v: Any, b1p: Any, lr: Any, b1: Any, b2: Any,
             eps: Any, grad: Any, **_a: Any) -> tuple:
    one = xp.ones((), var.dtype)
    m = m + (grad - m) * (one - b1)
    v = xp.maximum(b2 * v, xp.abs(grad))
    return var - lr / (one - b1p) * (m / (v + eps)), m, v


def _adam_amsgrad(xp: Any, var: Any, m: Any, v: Any, vhat: Any, b1p: Any, b2p: Any, lr: Any,
                  b1: Any, b2: Any, eps: Any, grad: Any, **_a: Any) -> tuple:
    one = xp.ones((), var.dtype)
    alpha = lr * xp.sqrt(one - b2p) / (one - b1p)
    m = m + (grad - m) * (one - b1)
    v = v + (grad * grad - v) * (one - b2)
    vhat = xp.maximum(vhat, v)
    return var - (m * alpha) / (xp.sqrt(vhat) + eps), m, v, vhat


def _sign_step(xp: Any, m: Any, beta: Any, grad: Any) -> tuple:
    """AddSign's and PowerSign's moving average, and sign(grad) * sign(its new value)."""
    m = m * beta + grad * (xp.ones((), m.dtype) - beta)
    return m, xp.sign(grad) * xp.sign(m)


def _add_sign(xp: Any, var: Any, m: Any, lr: Any, alpha: Any, sign_decay: Any, beta: Any,
              grad: Any, **_a: Any) -> tuple:
    m, agree = _sign_step(xp, m, beta, grad)
    return var - lr * (alpha + sign_decay * agree) * grad, m


def _power_sign(xp: Any, var: Any, m: Any, lr: Any, logbase: Any, sign_decay: Any,
                beta: Any, grad: Any, **_a: Any) -> tuple:
    m, agree = _sign_step(xp, m, beta, grad)
    return var - lr * xp.exp(logbase * sign_decay * agree) * grad, m


# -- the ops --------------------------------------------------------------------------------

class _Spec:
    """One training op: its resource inputs, tensor inputs (TF's names), the bool attrs
    with their defaults, its kernel's checks in TF's order (("scalar", arg) or ("shape",
    arg): the same shape as var), and its update (new arrays of the resources)."""

    def __init__(self, name: str, resources: tuple, tensors: tuple, flags: dict,
                 checks: tuple, update: Callable, types: frozenset = _TYPES,
                 ints: tuple = ()) -> None:
        self.name, self.resources, self.tensors = name, resources, tensors
        self.flags, self.checks, self.update = flags, checks, update
        self.args = resources + tensors
        self.types = types  # (the dtypes TF registers CPU kernels for)
        self.ints = ints  # (tensors of int64, not T: AdagradDA's global step)


def _s(*names: str, words: str = "{} is not a scalar: ", test: str | None = None) -> tuple:
    """Scalar checks: TF's message `words` (formatted with the argument's name; the shape
    follows it), and `test` ("positive", "nonnegative", "nonpositive") a check of the value
    too."""
    return tuple(("scalar", n, words.format(n), test) for n in names)


def _same(*names: str, shown: str | None = None) -> tuple:
    """Same-shape checks (TF's message naming the argument, or `shown`)."""
    return tuple(("shape", n, shown, None) for n in names)


# (TF's Adam and RMSProp kernels put a space before lr's colon)
_LR_GAP = _s("lr", words="{} is not a scalar : ")
_STRENGTHS = _s("l1", "l2", words="{} regularization strength is not a scalar: ")


SPECS = {s.name: s for s in (
    _Spec("ResourceApplyGradientDescent", ("var",), ("alpha", "delta"), {},
          _s("alpha") + _same("delta"), _gd),
    _Spec("ResourceApplyMomentum", ("var", "accum"), ("lr", "grad", "momentum"),
          {"use_nesterov": False}, _s("lr") + _same("accum", "grad") + _s("momentum"),
          _momentum),
    _Spec("ResourceApplyAdam", ("var", "m", "v"),
          ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "grad"),
          {"use_nesterov": False},
          _s("beta1_power", "beta2_power") + _LR_GAP + _s("beta1", "beta2", "epsilon") +
          _same("m", "v", "grad"), _adam),
    _Spec("ResourceApplyAdagrad", ("var", "accum"), ("lr", "grad"), {"update_slots": True},
          _s("lr") + _same("accum", "grad"), _adagrad),
    _Spec("ResourceApplyAdagradV2", ("var", "accum"), ("lr", "epsilon", "grad"),
          {"update_slots": True}, _s("lr", "epsilon") + _same("accum", "grad"), _adagrad_v2),
    _Spec("ResourceApplyRMSProp", ("var", "ms", "mom"),
          ("lr", "rho", "momentum", "epsilon", "grad"), {},
          _LR_GAP + _s("rho", "momentum", "epsilon") + _same("ms", "mom", "grad"),
          _rms_prop),
    _Spec("ResourceApplyCenteredRMSProp", ("var", "mg", "ms", "mom"),
          ("lr", "rho", "momentum", "epsilon", "grad"), {},
          _LR_GAP + _s("rho", "momentum", "epsilon") + _same("mg", "ms", "mom", "grad"),
          _centered_rms_prop),
    _Spec("ResourceApplyAdadelta", ("var", "accum", "accum_update"),
          ("lr", "rho", "epsilon", "grad"), {},
          # (TF's kernel leaves accum_update's shape unchecked: see _kernel)
          _s("lr", "rho", "epsilon") + _same("accum", "grad"), _adadelta),
    _Spec("ResourceApplyProximalGradientDescent", ("var",), ("alpha", "l1", "l2", "delta"), {},
          _s("alpha") + _STRENGTHS + _same("delta"), _proximal_gd, _WIDE),
    _Spec("ResourceApplyProximalAdagrad", ("var", "accum"), ("lr", "l1", "l2", "grad"), {},
          _s("lr", words="{} is not a positive scalar: ", test="positive") +
          _s("l1", "l2", words="{} regularization strength is not a non-negative scalar: ",
             test="nonnegative") + _same("accum", "grad"), _proximal_adagrad, _WIDE),
    _Spec("ResourceApplyFtrl", ("var", "accum", "linear"),
          ("grad", "lr", "l1", "l2", "lr_power"), {"multiply_linear_by_lr": False},
          _same("accum", "linear", "grad") + _s("lr") + _STRENGTHS +
          _s("lr_power", words="{} is not a scalar"), _ftrl, _REALS),
    _Spec("ResourceApplyFtrlV2", ("var", "accum", "linear"),
          ("grad", "lr", "l1", "l2", "l2_shrinkage", "lr_power"),
          {"multiply_linear_by_lr": False},
          _same("accum", "linear", "grad") + _s("lr") + _STRENGTHS +
          _s("lr_power", words="{} is not a scalar") +
          _s("l2_shrinkage", words="l2 shrinkage regularization strength is not a scalar: "),
          _ftrl, _REALS),
    _Spec("ResourceApplyKerasMomentum", ("var", "accum"), ("lr", "grad", "momentum"),
          {"use_nesterov": False}, _s("lr") + _same("accum", "grad") + _s("momentum"),
          _keras_momentum),
    _Spec("ResourceApplyAdaMax", ("var", "m", "v"),
          ("beta1_power", "lr", "beta1", "beta2", "epsilon", "grad"), {},
          _s("beta1_power") + _LR_GAP + _s("beta1", "beta2", "epsilon") +
          _same("m", "v", "grad"), _ada_max, _REALS - {dt.bfloat16}),
    _Spec("ResourceApplyAdamWithAmsgrad", ("var", "m", "v", "vhat"),
          ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "grad"), {},
          # (TF's kernel leaves vhat's shape unchecked: see _kernel)
          _s("beta1_power", "beta2_power") + _LR_GAP + _s("beta1", "beta2", "epsilon") +
          _same("m", "v", "grad"), _adam_amsgrad, _REALS),
    _Spec("ResourceApplyAdagradDA", ("var", "gradient_accumulator",
                                      "gradient_squared_accumulator"),
          ("grad", "lr", "l1", "l2", "global_step"), {},
          _same("gradient_accumulator", "gradient_squared_accumulator", shown="accum") +
          _same("grad") + _s("lr") + _STRENGTHS + _s("global_step"), _adagrad_da, _WIDE,
          ("global_step",)),
    # (TF 2.21's kernels check alpha's / logbase's shape again where sign_decay's is meant,
    # and abort the process on a non-scalar sign_decay; here its error, worded as TF's)
    _Spec("ResourceApplyAddSign", ("var", "m"),
          ("lr", "alpha", "sign_decay", "beta", "grad"), {},
          _s("lr", "alpha", "sign_decay", "beta") + _same("m", "grad"), _add_sign, _REALS),
    _Spec("ResourceApplyPowerSign", ("var", "m"),
          ("lr", "logbase", "sign_decay", "beta", "grad"), {},
          _s("lr", "logbase", "sign_decay", "beta") + _same("m", "grad"), _power_sign,
          _REALS),
)}


def _first_fault(spec: _Spec, shapes: dict, values: dict | None = None) -> tuple | None:
    """The first of TF's checks `shapes` (arg -> tuple of dims, None where unknown) and
    `values` (arg -> array, where known) fail: the check, or None."""
    var = shapes["var"]
    for check in spec.checks:
        kind, arg, _, test = check
        s = shapes[arg]
        if s is None:
            continue
        if kind == "scalar":
            if len(s) != 0:
                return check
            v = None if values is None else values.get(arg)
            if test is not None and v is not None and not (
                    v > 0 if test == "positive" else v >= 0):
                return check
        elif var is not None and (len(s) != len(var) or any(
                a is not None and b is not None and a != b for a, b in zip(var, s))):
            return check
    return None


def _kernel_error(spec: _Spec, fault: tuple, shapes: dict) -> InvalidArgumentError:
    kind, arg, words, _ = fault
    if kind == "scalar":
        return fail(spec.name, f"{words}{dims_text(shapes[arg])}")
    # (TF's centered RMSProp shows ms's shape where mg differs from var)
    shown = shapes["ms"] if arg == "mg" else shapes[arg]
    return fail(spec.name, f"var and {words or arg} do not have the same shape"
                           f"{dims_text(shapes['var'])} {dims_text(shown)}")


def _scalars(spec: _Spec, inputs: tuple) -> dict:
    """The scalar arguments' values where the checks read them (eager tensors, arrays)."""
    out = {}
    for _kind, arg, _, test in spec.checks:
        if test is not None:
            x = inputs[spec.args.index(arg)]
            a = getattr(x, "_arr", x) if isinstance(x, EagerTensor) or not isinstance(
                x, Tensor) else None
            if a is not None:
                out[arg] = to_host(a)
    return out


def _variable(op: str, index: int, x: Any) -> Any:
    """The variable a resource input names: given as itself (v1's optimizers) or as its
    handle (a raw call, a registry sample; in a kernel, the handle's array). None: a handle
    known only when a graph runs."""
    if isinstance(x, np.ndarray):
        return handle_variable(EagerTensor(x, dt.resource), op)
    if not isinstance(x, Tensor):
        return x
    if x._dtype is not dt.resource:
        raise wrong_input_dtype(op, index, dt.resource, x._dtype)
    return handle_variable(x, op) if held_handle(x) is not None else None


def _check_types(spec: _Spec, inputs: tuple, T: dt.DType) -> None:
    n = len(spec.resources)
    for i, (arg, x) in enumerate(zip(spec.args[n:], inputs[n:]), n):
        want = dt.int64 if arg in spec.ints else T
        if x._dtype is not want:
            raise wrong_input_dtype(spec.name, i, want, x._dtype)
    if T not in spec.types:
        attrs = ", ".join([f"T={dt_enum(T)}", "use_locking=false"] +
                          [f"{k}={_attr_text(d)}" for k, d in spec.flags.items()])
        raise InvalidArgumentError(
            None, None, f"No OpKernel was registered to support Op '{spec.name}' used by "
                        f"{{{{node {spec.name}}}}} with these attrs: [{attrs}]")
    for v in inputs[:n]:
        if v is not None and dt.as_dtype(v.dtype).base_dtype is not T:
            raise wrong_read_dtype(spec.name, dt.as_dtype(v.dtype).base_dtype, T)


def _infer(spec: _Spec) -> Callable:
    n = len(spec.resources)

    def infer(*inputs: Any, **attrs: Any) -> list:
        input_count(spec.name, spec.args, inputs)
        inputs = tuple(_variable(spec.name, i, x) for i, x in enumerate(inputs[:n])) + \
            inputs[n:]
        _check_types(spec, inputs, make_type(attrs["T"], "T"))  # (TF's wrapper: a DType)
        shapes = {a: (None if x is None else x.shape._dims) if a in spec.resources else
                  x._shape for a, x in zip(spec.args, inputs)}
        fault = _first_fault(spec, shapes, _scalars(spec, inputs))
        if fault is not None:
            raise _kernel_error(spec, fault, shapes)
        return []
    return infer


def _kernel(spec: _Spec) -> Callable:
    n = len(spec.resources)

    def kernel(xp: Any, *inputs: Any, **attrs: Any) -> tuple:
        variables = [_variable(spec.name, i, x) for i, x in enumerate(inputs[:n])]
        # (TF's kernel runs where the variable lives, a TF 1 graph's on the host here: the
        # other values are copied there)
        place = D.lookup(variables[0]._device)
        xp = place.xp
        arrays = [v._arr for v in variables] + [D.to_device(a, place) for a in inputs[n:]]
        shapes = {a: tuple(x.shape) for a, x in zip(spec.args, arrays)}
        fault = _first_fault(spec, shapes, _scalars(spec, arrays))
        if fault is not None:
            raise _kernel_error(spec, fault, shapes)
        flat = _unchecked_as_var(spec, arrays, shapes)
        flags = {k: attrs.get(k, d) for k, d in spec.flags.items()}
        new = spec.update(xp, *arrays, **flags)
        for v, old, a in zip(variables, flat, new):
            v._arr = xp.asarray(a, dtype=old.dtype).reshape(old.shape)
        return ()
    return kernel


def _unchecked_as_var(spec: _Spec, arrays: list, shapes: dict) -> list:
    """The resources' arrays as they are; in `arrays`, a slot TF's kernel does not check
    (Adadelta's accum_update) taken in var's shape where it holds as many values (TF's
    kernel runs over the flat buffers), refused where it does not."""
    held = list(arrays[:len(spec.resources)])
    var = shapes["var"]
    for i, arg in enumerate(spec.resources[1:], 1):
        if shapes[arg] != var and not any(c[1] == arg for c in spec.checks):
            if arrays[i].size != arrays[0].size:
                raise fail(spec.name, f"var and {arg} do not have the same shape"
                                      f"{dims_text(var)} {dims_text(shapes[arg])}")
            arrays[i] = arrays[i].reshape(var)
    return held


def _export(spec: _Spec) -> Callable:
    n = len(spec.resources)

    def export(node: Any, w: Any) -> list:
        attrs = {k: v for k, v in node.attrs.items()}
        w.node(spec.name, [w.resource(v) for v in node.inputs[:n]] +
               [w.input(i) for i in range(n, len(node.inputs))], attrs, name=node.name)
        return []
    return export


OPS = {name: register(OpDef(
    name, _infer(spec), _kernel(spec), num_outputs=0, stateful=True, no_fold=True,
    reference=training_refs.reference(name), samples=training_refs.samples(spec),
    bad_samples=training_refs.bad_samples(spec),
    tf=TFForm(export=_export(spec)))) for name, spec in SPECS.items()}


# TF 1's form of each on reference variables (ApplyAdam, ...), which its optimizers make
REF_OPS = {name: ref_form(op, name[len("Resource"):], len(SPECS[name].resources))
           for name, op in OPS.items() if "Keras" not in name}


# -- running one ------------------------------------------------------------------------------

def _graph_refusal(graph: Any, spec: _Spec, inputs: tuple, attrs: dict,
                   name: str | None) -> ValueError | None:
    """TF's shape function's ValueError for the node about to be made, or None."""
    shapes = {a: x.shape._dims if a in spec.resources else x._shape
              for a, x in zip(spec.args, inputs)}
    fault = _first_fault(spec, shapes)
    if fault is None:
        return None
    kind, arg = fault[:2]
    if kind == "scalar":
        reason = f"Shape must be rank 0 but is rank {len(shapes[arg])}"
    else:
        reason = merge_refusal(shapes["var"], shapes[arg])
    return graph_error(graph, spec, OPS[spec.name], inputs, attrs, name, reason)


def merge_refusal(var: tuple, s: tuple) -> str:
    """TF's shape functions' words for two shapes that do not merge."""
    if len(var) != len(s):
        return f"Shapes must be equal rank, but are {len(var)} and {len(s)}"
    d = next(i for i, (a, b) in enumerate(zip(var, s))
             if a is not None and b is not None and a != b)
    return (f"Dimension {d} in both shapes must be equal, but are {var[d]} and {s[d]}. "
            f"Shapes are {dims_text(var)} and {dims_text(s)}.")


def graph_error(graph: Any, spec: Any, op: OpDef, inputs: tuple, attrs: dict,
                name: str | None, reason: str) -> ValueError:
    """TF's ValueError for a node its shape function refuses: `reason`, then the node as
    TF prints it (attrs, inputs) and its inputs' shapes."""
    node = graph._node_name(op, name)
    n = len(spec.resources)
    names = [v.op.name if hasattr(v, "op") and hasattr(v.op, "name") else v.name
             for v in inputs[:n]]
    names += [x._op.name if x._index == 0 else f"{x._op.name}:{x._index}"
              for x in inputs[n:]]
    form = ", ".join(f"{k}={_attr_text(v)}" for k, v in sorted(attrs.items()))
    given = ", ".join(["[]"] * n + [dims_text(x._shape) for x in inputs[n:]])
    return ValueError(f"{reason} for '{{{{node {node}}}}} = {spec.name}[{form}]"
                      f"({', '.join(names)})' with input shapes: {given}.")


def _attr_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return dt_enum(v) if isinstance(v, dt.DType) else str(v)


def apply_op(op_name: str, variables: tuple, tensors: tuple, name: str | None = None,
             **flags: Any) -> Any:
    """Runs training op `op_name` on `variables` (updated) and `tensors` (converted to the
    first variable's dtype where they are not tensors); returns the graph's operation, or
    None eagerly, as TF's."""
    spec = SPECS[op_name]
    op = REF_OPS[op_name] if getattr(variables[0], "_ref_nodes", False) else OPS[op_name]
    T = dt.as_dtype(variables[0].dtype).base_dtype
    # (a variable among them, Adam's powers of beta, read as the op's input: in a graph
    # "ResourceApplyAdam/ReadVariableOp", as TF's wrapper reads it)
    tensors = tuple(x if isinstance(x, Tensor) else
                    convert_to_tensor(x) if hasattr(x, "_as_tensor") else
                    convert_to_tensor(x, dtype=dt.int64 if a in spec.ints else T)
                    for a, x in zip(spec.tensors, tensors))
    attrs = {"T": tensors[0]._dtype if tensors else T, "use_locking": False}
    for k, d in spec.flags.items():
        attrs[k] = bool(flags.get(k, d))
    if flags.get("use_locking"):
        attrs["use_locking"] = True
    inputs = tuple(variables) + tensors
    graph = _state.graph
    if graph is not None:
        return _in_graph(graph, spec, op, inputs, attrs, name)
    st = _state.__dict__
    try:
        op.infer(*inputs, **attrs)
        op.kernel(None, *variables, *[_array(t) for t in tensors], **attrs)
    except OpError as e:
        dispatch.failed(e, op, inputs, attrs, st, name)
        raise
    return None


def _array(t: Any) -> Any:
    if type(t) is not EagerTensor and not isinstance(t, EagerTensor):
        raise TypeError(f"{t!r} is out of scope and cannot be used here.")
    return t._arr


def _in_graph(graph: Any, spec: Any, op: OpDef, inputs: tuple, attrs: dict,
              name: str | None, refuse: Callable | None = None) -> Any:
    """The op's node in `graph` (TF's shape function's refusal first: `refuse`, the dense
    ops' by default), its variables captured where a function is built."""
    n = len(spec.resources)
    ins = inputs[:n] + tuple(graph.capture(x) for x in inputs[n:])
    refusal = (refuse or _graph_refusal)(graph, spec, ins, attrs, name)
    if refusal is not None:
        raise refusal
    for v in inputs[:n]:
        graph.variable_map.setdefault(id(v), v)
    graph.add_op(op, ins, attrs, name)
    node = graph.operations[-1]
    if getattr(graph, "building_function", False):
        for v, arg in zip(inputs[:n], spec.resources):
            graph._capture_resource(v, node, arg)
    return node
