"""The sparse training ops' references and registry samples: each row's update as the
textbook formula of its optimizer in plain NumPy (float64, not TF's order of float
operations, which sparse_training_ops.py follows), the rows taken one after another in the
order of the indices, so that a repeated index updates its row again.

Sits in ops/ just below sparse_training_ops.py, which hands each of its OpDefs these. A
sample's first inputs are `Resource`s (the variables the op updates, live for each run);
the reference takes their values, the tensors and the indices, and returns the variables'
new values.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops.registry import BadSample, Resource, Sample
from eagerflow._src.ops.training_refs import sample_array


def _momentum(s: dict, f: dict, g: Any, v: Any, a: Any) -> tuple:
    a = s["momentum"] * a + g
    step = s["lr"] * (g + s["momentum"] * a) if f.get("use_nesterov") else s["lr"] * a
    return v - step, a


def _keras_momentum(s: dict, f: dict, g: Any, v: Any, a: Any) -> tuple:
    a = s["momentum"] * a - s["lr"] * g
    return v + (s["momentum"] * a - s["lr"] * g if f.get("use_nesterov") else a), a


def _adagrad(s: dict, f: dict, g: Any, v: Any, a: Any) -> tuple:
    if f.get("update_slots", True):
        a = a + g * g
    return v - s["lr"] * g / (np.sqrt(a) + s.get("epsilon", 0.0)), a


def _shrink(prox: Any, rate: Any, s: dict) -> Any:
    return np.sign(prox) * np.maximum(np.abs(prox) - rate * s["l1"], 0.0) / (1 + rate * s["l2"])


def _proximal_adagrad(s: dict, f: dict, g: Any, v: Any, a: Any) -> tuple:
    a = a + g * g
    rate = s["lr"] / np.sqrt(a)
    return _shrink(v - rate * g, rate, s), a


def _proximal_gd(s: dict, f: dict, g: Any, v: Any) -> tuple:
    return (_shrink(v - s["alpha"] * g, s["alpha"], s),)


def _ftrl(s: dict, f: dict, g: Any, v: Any, a: Any, lin: Any) -> tuple:
    p, lr = -s["lr_power"], s["lr"]
    shrunk = g + 2 * s["l2_shrinkage"] * v if "l2_shrinkage" in s else g
    new = a + g * g
    sigma = new ** p - a ** p
    if f.get("multiply_linear_by_lr"):
        lin = lin + shrunk * lr - sigma * v
        bound, y = s["l1"] * lr, new ** p + 2 * s["l2"] * lr
    else:
        lin = lin + shrunk - sigma / lr * v
        bound, y = s["l1"], new ** p / lr + 2 * s["l2"]
    return (np.clip(lin, -bound, bound) - lin) / y, new, lin


def _adagrad_da(s: dict, f: dict, g: Any, v: Any, ga: Any, gsa: Any) -> tuple:
    ga, gsa = ga + g, gsa + g * g
    n = s["global_step"]
    kept = np.sign(ga) * np.maximum(np.abs(ga) - n * s["l1"], 0.0)
    return -s["lr"] * kept / (n * s["l2"] * s["lr"] + np.sqrt(gsa)), ga, gsa


def _adadelta(s: dict, f: dict, g: Any, v: Any, a: Any, u: Any) -> tuple:
    rho, eps = s["rho"], s["epsilon"]
    a = rho * a + (1 - rho) * g * g
    step = np.sqrt(u + eps) / np.sqrt(a + eps) * g
    return v - s["lr"] * step, a, rho * u + (1 - rho) * step * step


def _rms_prop(s: dict, f: dict, g: Any, v: Any, *slots: Any) -> tuple:
    *mean, ms, mom = slots
    rho = s["rho"]
    ms = rho * ms + (1 - rho) * g * g
    mean = [rho * mg + (1 - rho) * g for mg in mean]
    denom = ms + s["epsilon"] - (mean[0] ** 2 if mean else 0.0)
    mom = s["momentum"] * mom + s["lr"] * g / np.sqrt(denom)
    return (v - mom, *mean, ms, mom)


ROWS: dict[str, Callable] = {
    "ResourceSparseApplyMomentum": _momentum,
    "ResourceSparseApplyKerasMomentum": _keras_momentum,
    "ResourceSparseApplyAdagrad": _adagrad,
    "ResourceSparseApplyAdagradV2": _adagrad,
    "ResourceSparseApplyProximalAdagrad": _proximal_adagrad,
    "ResourceSparseApplyProximalGradientDescent": _proximal_gd,
    "ResourceSparseApplyFtrl": _ftrl,
    "ResourceSparseApplyFtrlV2": _ftrl,
    "ResourceSparseApplyAdadelta": _adadelta,
    "ResourceSparseApplyAdagradDA": _adagrad_da,
    "ResourceSparseApplyRMSProp": _rms_prop,
    "ResourceSparseApplyCenteredRMSProp": _rms_prop,
}


def reference(spec: Any) -> Callable:
    """The op's reference over its sample's arrays: the resources' new values."""
    rows, n = ROWS[spec.name], len(spec.resources)

    def ref(*arrays: Any, T: Any = None, Tindices: Any = None, use_locking: bool = False,
            **flags: Any) -> tuple:
        held = [np.array(a, np.float64) for a in arrays[:n]]
        given = dict(zip(spec.tensors, arrays[n:]))
        ids = np.asarray(given.pop("indices")).reshape(-1)
        grad = np.asarray(given.pop("grad"), np.float64).reshape((len(ids),) + held[0].shape[1:])
        s = {k: np.float64(v) for k, v in given.items()}
        for i, r in enumerate(ids):
            new = rows(s, flags, grad[i], *[h[r] for h in held])
            for h, x in zip(held, new):
                h[r] = x
        return tuple(h.astype(np.asarray(arrays[0]).dtype) for h in held)
    return ref


# A hyperparameter's sample value (the others: 0.1); slots start positive, as accumulated
# squares are (mg, a centered mean, stays small beside ms)
_SCALARS = {"momentum": 0.9, "rho": 0.9, "epsilon": 1e-6, "l1": 0.05, "l2": 0.02,
            "lr_power": -0.5, "l2_shrinkage": 0.01}


def _inputs(spec: Any, dtype: Any, ids: list, row: tuple = (3,), index: Any = np.int32,
            **scalars: float) -> tuple:
    shape = (5,) + row
    resources = tuple(Resource(sample_array(r, shape, dtype)) for r in spec.resources)
    tensors = tuple(np.asarray(ids, index) if t == "indices" else
                    np.asarray(3, np.int64) if t in spec.ints else
                    sample_array(t, (len(ids),) + row, dtype) if t == "grad" else
                    np.asarray(scalars.get(t, _SCALARS.get(t, 0.1)), dtype)
                    for t in spec.tensors)
    return resources + tensors


def samples(spec: Any) -> Callable:
    """float64 and float32 samples over rows of three values and of one, unique and
    repeated indices (int32, int64); each bool attr flipped; FTRL at another learning-rate
    power, a proximal op without L1."""
    def build() -> list:
        base = {"T": dt.float64, "Tindices": dt.int32, "use_locking": False, **spec.flags}
        out = [Sample(_inputs(spec, np.float64, [3, 0, 2]), base, grad=False),
               Sample(_inputs(spec, np.float64, [1, 4, 1, 1], ()), base, grad=False),
               Sample(_inputs(spec, np.float64, [2, 4], index=np.int64),
                      {**base, "Tindices": dt.int64}, grad=False),
               # (FTRL's float32 values are differences of near terms but with a large
               # rate and a small L1)
               Sample(_inputs(spec, np.float32, [4, 1, 4],
                              **({"l1": 0.001, "lr": 1.0} if "lr_power" in spec.tensors
                                 else {})), {**base, "T": dt.float32}, grad=False)]
        out += [Sample(_inputs(spec, np.float64, [0, 3, 0]), {**base, flag: not d}, grad=False)
                for flag, d in spec.flags.items()]
        if "l1" in spec.tensors:
            out.append(Sample(_inputs(spec, np.float64, [2, 1], l1=0.0), base, grad=False))
        if "lr_power" in spec.tensors:
            out.append(Sample(_inputs(spec, np.float64, [2, 1], lr_power=-0.7), base,
                              grad=False))
        return out
    return build


def bad_samples(spec: Any) -> Callable:
    """Its first scalar given as a vector, an index out of range (TF's words, from the
    spec; the first, so that no row is updated before it), indices of a matrix."""
    def build() -> list:
        attrs = {"T": dt.float64, "Tindices": dt.int32, "use_locking": False, **spec.flags}
        good = _inputs(spec, np.float64, [3, 0, 2])
        out = []
        scalar = next(c for c in spec.checks if c[0] == "scalar")
        i = spec.args.index(scalar[1])
        out.append(BadSample(good[:i] + (np.ones(2),) + good[i + 1:], attrs,
                             InvalidArgumentError, f"{scalar[2]}[2]"))
        i = spec.args.index("indices")
        words = "indices[0] = 7 is not in [0, 5)" if spec.ranges == "keras" else \
            "Index 7 at offset 0 in indices is out of range"
        out.append(BadSample(good[:i] + (np.int32([7, 3, 2]),) + good[i + 1:], attrs,
                             InvalidArgumentError, words))
        out.append(BadSample(good[:i] + (np.int32([[3, 0, 2]]),) + good[i + 1:], attrs,
                             InvalidArgumentError, "indices must be one-dimensional"))
        return out
    return build
