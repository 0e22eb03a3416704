"""The training ops' references and registry samples: each update as the textbook formula
of its optimizer in plain NumPy (not TF's order of float operations, which training_ops.py
follows), compared by the registry suite at a float tolerance.

Sits in ops/ just below training_ops.py, which hands each of its OpDefs these. A sample's
first inputs are `Resource`s (the variables the op updates, live for each run); the
reference takes their values and the tensors, and returns the variables' new values.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops.registry import BadSample, Resource, Sample


def _gd(var: Any, alpha: Any, delta: Any, **_a: Any) -> tuple:
    return (var - alpha * delta,)


def _momentum(var: Any, accum: Any, lr: Any, grad: Any, momentum: Any,
              use_nesterov: bool = False, **_a: Any) -> tuple:
    accum = momentum * accum + grad
    step = lr * grad + lr * momentum * accum if use_nesterov else lr * accum
    return var - step, accum


def _adam(var: Any, m: Any, v: Any, beta1_power: Any, beta2_power: Any, lr: Any, beta1: Any,
          beta2: Any, epsilon: Any, grad: Any, use_nesterov: bool = False, **_a: Any) -> tuple:
    rate = lr * np.sqrt(1 - beta2_power) / (1 - beta1_power)
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad ** 2
    first = beta1 * m + (1 - beta1) * grad if use_nesterov else m
    return var - rate * first / (np.sqrt(v) + epsilon), m, v


def _adagrad(var: Any, accum: Any, lr: Any, grad: Any, update_slots: bool = True,
             **_a: Any) -> tuple:
    accum = accum + grad ** 2 if update_slots else accum
    return var - lr * grad / np.sqrt(accum), accum


def _adagrad_v2(var: Any, accum: Any, lr: Any, epsilon: Any, grad: Any,
                update_slots: bool = True, **_a: Any) -> tuple:
    accum = accum + grad ** 2 if update_slots else accum
    return var - lr * grad / (np.sqrt(accum) + epsilon), accum


def _rms_prop(var: Any, ms: Any, mom: Any, lr: Any, rho: Any, momentum: Any, epsilon: Any,
              grad: Any, **_a: Any) -> tuple:
    ms = rho * ms + (1 - rho) * grad ** 2
    mom = momentum * mom + lr * grad / np.sqrt(ms + epsilon)
    return var - mom, ms, mom


def _centered_rms_prop(var: Any, mg: Any, ms: Any, mom: Any, lr: Any, rho: Any, momentum: Any,
                       epsilon: Any, grad: Any, **_a: Any) -> tuple:
    ms = rho * ms + (1 - rho) * grad ** 2
    mg = rho * mg + (1 - rho) * grad
    mom = momentum * mom + lr * grad / np.sqrt(ms - mg ** 2 + epsilon)
    return var - mom, mg, ms, mom


def _adadelta(var: Any, accum: Any, accum_update: Any, lr: Any, rho: Any, epsilon: Any,
              grad: Any, **_a: Any) -> tuple:
    accum = rho * accum + (1 - rho) * grad ** 2
    update = np.sqrt(accum_update + epsilon) / np.sqrt(accum + epsilon) * grad
    accum_update = rho * accum_update + (1 - rho) * update ** 2
    return var - lr * update, accum, accum_update


def _soft_threshold(prox: Any, rate: Any, l1: Any, l2: Any) -> Any:
    """The proximal step of an L1+L2 penalty at step size `rate`."""
    return np.sign(prox) * np.maximum(np.abs(prox) - rate * l1, 0) / (1 + rate * l2)


def _proximal_gd(var: Any, alpha: Any, l1: Any, l2: Any, delta: Any, **_a: Any) -> tuple:
    return (_soft_threshold(var - alpha * delta, alpha, l1, l2),)


def _proximal_adagrad(var: Any, accum: Any, lr: Any, l1: Any, l2: Any, grad: Any,
                      **_a: Any) -> tuple:
    accum = accum + grad ** 2
    rate = lr / np.sqrt(accum)
    return _soft_threshold(var - rate * grad, rate, l1, l2), accum


def _ftrl(var: Any, accum: Any, linear: Any, grad: Any, lr: Any, l1: Any, l2: Any,
          *rest: Any, multiply_linear_by_lr: bool = False, **_a: Any) -> tuple:
    """FTRL-proximal (FtrlV2: `rest` is (l2_shrinkage, lr_power), the shrinkage added to
    the gradient that enters `linear`)."""
    *shrinkage, lr_power = rest
    shrunk = grad + 2 * shrinkage[0] * var if shrinkage else grad
    new_accum = accum + grad ** 2
    sigma = new_accum ** -lr_power - accum ** -lr_power
    scale = lr if multiply_linear_by_lr else 1
    linear = linear + scale * shrunk - (sigma if multiply_linear_by_lr else sigma / lr) * var
    threshold = l1 * scale
    quadratic = (new_accum ** -lr_power + 2 * l2 * lr) / (1 if multiply_linear_by_lr else lr)
    new_var = np.where(np.abs(linear) > threshold,
                       (np.sign(linear) * threshold - linear) / quadratic, 0)
    return new_var, new_accum, linear


def _adagrad_da(var: Any, ga: Any, gsa: Any, grad: Any, lr: Any, l1: Any, l2: Any,
                global_step: Any, **_a: Any) -> tuple:
    ga, gsa = ga + grad, gsa + grad * grad
    kept = np.sign(ga) * np.maximum(np.abs(ga) - global_step * l1, 0.0)
    return -lr * kept / (l2 * global_step * lr + np.sqrt(gsa)), ga, gsa


def _keras_momentum(var: Any, accum: Any, lr: Any, grad: Any, momentum: Any,
                    use_nesterov: bool = False, **_a: Any) -> tuple:
    accum = momentum * accum - lr * grad
    return var + (momentum * accum - lr * grad if use_nesterov else accum), accum


def _ada_max(var: Any, m: Any, v: Any, beta1_power: Any, lr: Any, beta1: Any, beta2: Any,
             epsilon: Any, grad: Any, **_a: Any) -> tuple:
    m = beta1 * m + (1 - beta1) * grad
    v = np.maximum(beta2 * v, np.abs(grad))
    return var - lr / (1 - beta1_power) * m / (v + epsilon), m, v


def _adam_amsgrad(var: Any, m: Any, v: Any, vhat: Any, beta1_power: Any, beta2_power: Any,
                  lr: Any, beta1: Any, beta2: Any, epsilon: Any, grad: Any, **_a: Any) -> tuple:
    rate = lr * np.sqrt(1 - beta2_power) / (1 - beta1_power)
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad ** 2
    vhat = np.maximum(vhat, v)
    return var - rate * m / (np.sqrt(vhat) + epsilon), m, v, vhat


def _add_sign(var: Any, m: Any, lr: Any, alpha: Any, sign_decay: Any, beta: Any, grad: Any,
              **_a: Any) -> tuple:
    m = beta * m + (1 - beta) * grad
    return var - lr * (alpha + sign_decay * np.sign(grad) * np.sign(m)) * grad, m


def _power_sign(var: Any, m: Any, lr: Any, logbase: Any, sign_decay: Any, beta: Any,
                grad: Any, **_a: Any) -> tuple:
    m = beta * m + (1 - beta) * grad
    return var - lr * np.exp(logbase * sign_decay * np.sign(grad) * np.sign(m)) * grad, m


REFERENCES: dict[str, Callable] = {
    "ResourceApplyFtrl": _ftrl,
    "ResourceApplyAdagradDA": _adagrad_da,
    "ResourceApplyFtrlV2": _ftrl,
    "ResourceApplyKerasMomentum": _keras_momentum,
    "ResourceApplyAdaMax": _ada_max,
    "ResourceApplyAdamWithAmsgrad": _adam_amsgrad,
    "ResourceApplyAddSign": _add_sign,
    "ResourceApplyPowerSign": _power_sign,
    "ResourceApplyGradientDescent": _gd,
    "ResourceApplyMomentum": _momentum,
    "ResourceApplyAdam": _adam,
    "ResourceApplyAdagrad": _adagrad,
    "ResourceApplyAdagradV2": _adagrad_v2,
    "ResourceApplyRMSProp": _rms_prop,
    "ResourceApplyCenteredRMSProp": _centered_rms_prop,
    "ResourceApplyAdadelta": _adadelta,
    "ResourceApplyProximalGradientDescent": _proximal_gd,
    "ResourceApplyProximalAdagrad": _proximal_adagrad,
}


def reference(name: str) -> Callable:
    """The op's reference over its sample's arrays: the resources' new values."""
    update = REFERENCES[name]

    def ref(*arrays: Any, T: Any = None, use_locking: bool = False, **flags: Any) -> tuple:
        new = update(*[np.asarray(a, np.float64) for a in arrays], **flags)
        return tuple(np.asarray(x).astype(np.asarray(arrays[0]).dtype) for x in new)
    return ref


# A hyperparameter's sample value (the others: 0.1); slots start positive, as accumulated
# squares are (mg, a centered mean, stays small beside ms)
_SCALARS = {"momentum": 0.9, "rho": 0.9, "beta1": 0.9, "beta2": 0.999,
            "beta1_power": 0.9 ** 3, "beta2_power": 0.999 ** 3, "epsilon": 1e-6,
            "l1": 0.05, "l2": 0.02, "lr_power": -0.5, "l2_shrinkage": 0.01,
            "logbase": 0.7, "sign_decay": 0.5, "beta": 0.9}


def sample_array(arg: str, shape: tuple, dtype: Any) -> np.ndarray:
    """A sample value of a training op's input `arg` (its name in TF's signature), of
    `shape`: the dense ops' and (through sparse_training_refs.py) the sparse ones'."""
    n = int(np.prod(shape))
    if arg in ("var", "grad", "delta"):
        a = np.linspace(-1.0, 1.25, n) * (3.0 if arg == "var" else 1.0)
    elif arg == "mg":
        a = np.linspace(-0.2, 0.3, n)
    else:
        a = np.linspace(0.5, 2.0, n)
    return a.reshape(shape).astype(dtype)


def _inputs(spec: Any, dtype: Any, shape: tuple = (2, 3), **scalars: float) -> tuple:
    checked = {c[1] for c in spec.checks if c[0] == "scalar"}
    resources = tuple(Resource(sample_array(r, shape, dtype)) for r in spec.resources)
    tensors = tuple(np.asarray(3, np.int64) if t in spec.ints else
                    np.asarray(scalars.get(t, _SCALARS.get(t, 0.1)), dtype) if t in checked
                    else sample_array(t, shape, dtype) for t in spec.tensors)
    return resources + tensors


def samples(spec: Any) -> Callable:
    """float64 and float32 samples; each bool attr flipped; a proximal op without L1; FTRL
    at another learning-rate power."""
    def build() -> list:
        base = {"T": dt.float64, "use_locking": False, **spec.flags}
        out = [Sample(_inputs(spec, np.float64), base, grad=False),
               # (in float32 a small L1 and a large rate: FTRL's new values are differences
               # of terms near each other otherwise, which float32 rounds past the suite's
               # tolerance)
               Sample(_inputs(spec, np.float32, (4,), l1=0.001, lr=1.0),
                      {**base, "T": dt.float32}, grad=False)]
        out += [Sample(_inputs(spec, np.float64), {**base, flag: not d}, grad=False)
                for flag, d in spec.flags.items()]
        if "l1" in spec.tensors:
            out.append(Sample(_inputs(spec, np.float64, l1=0.0), base, grad=False))
        if "lr_power" in spec.tensors:  # (a power other than -1/2: no square root)
            out.append(Sample(_inputs(spec, np.float64, lr_power=-0.7), base, grad=False))
        return out
    return build


def bad_samples(spec: Any) -> Callable:
    """Its first scalar given as a vector, its first same-shaped input of another shape
    (TF's kernel's words, from the spec's checks), an input of another dtype."""
    def build() -> list:
        attrs = {"T": dt.float64, "use_locking": False, **spec.flags}
        good = _inputs(spec, np.float64)
        out = []
        scalar = next(c for c in spec.checks if c[0] == "scalar")
        i = spec.args.index(scalar[1])
        out.append(BadSample(good[:i] + (np.ones(2),) + good[i + 1:], attrs,
                             InvalidArgumentError, f"{scalar[2]}[2]"))
        same = next(c for c in spec.checks if c[0] == "shape")
        # (TF's centered RMSProp shows ms's shape, not mg's, where mg's differs)
        shown = "[2,3]" if same[1] == "mg" else "[3]"
        i = spec.args.index(same[1])
        wrong = np.ones(3)
        bad = good[:i] + ((Resource(wrong),) if same[1] in spec.resources else (wrong,)) + \
            good[i + 1:]
        out.append(BadSample(bad, attrs, InvalidArgumentError,
                             f"var and {same[2] or same[1]} do not have the same shape[2,3] "
                             f"{shown}"))
        last = max(i for i, a in enumerate(spec.args) if a not in spec.ints)
        out.append(BadSample(good[:last] + (good[last].astype(np.float32),) + good[last + 1:],
                             attrs,
                             InvalidArgumentError,
                             f"cannot compute {spec.name} as input #{last}(zero-based) was "
                             f"expected to be a double tensor but is a float tensor"))
        return out
    return build
