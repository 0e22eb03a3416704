"""TF's sparse training ops on resource variables: ResourceSparseApplyMomentum,
...KerasMomentum, Adagrad, AdagradV2, ProximalAdagrad, ProximalGradientDescent, Ftrl, FtrlV2,
Adadelta, RMSProp and CenteredRMSProp, and ResourceScatterAdd (TF 1's GradientDescent's
sparse update).

Sits in ops/ after training_ops.py, whose running of an op (eagerly, in a graph, as
tf.raw_ops) it shares; v1/'s optimizers emit these ops for IndexedSlices gradients
("Adagrad/update_table/ResourceSparseApplyAdagrad"). An op updates the rows of its
variables that `indices` names, row i of `grad` going to row indices[i], in order: a
repeated index updates its row again, from the row's new value, as TF's CPU loop does.
Each row's update follows TF's kernel's order of float operations, its separate loop of
scalars where a row holds one value included (a division for Adagrad's root, pow for
Ftrl's, the proximal denominators in double). The checks and their order are TF's
kernels'; an index out of range is refused before any update by the kernels that check
them all first (Adagrad, AdagradV2, Adadelta, RMSProp, CenteredRMSProp), after the rows
before it by the others, as TF's.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.shape import dims_text
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import dispatch, eigen32, resource_scatter, tf_op_defs
from eagerflow._src.ops import sparse_training_refs as R
from eagerflow._src.ops import training_ops as T
from eagerflow._src.ops.checks import (
    dt_enum,
    dtype_word,
    fail,
    input_count,
    wrong_input_dtype,
    wrong_read_dtype,
)
from eagerflow._src.ops.registry import OpDef, TFForm, ref_form, register

_INDEX_TYPES = (dt.int32, dt.int64)
# RMSProp's: half but not bfloat16
_HALVES = frozenset((dt.float16, dt.float32, dt.float64, dt.complex64, dt.complex128))


class _Sparse:
    """One sparse training op: its variables, tensors (TF's names and order, "grad" and
    "indices" among them), bool attrs and defaults, its kernel's checks in TF's order, how
    it refuses an index out of range ("first": all checked before any update; "loop": in
    turn; "keras": in turn, worded as a scatter), its row update, and its dtypes."""

    def __init__(self, name: str, resources: tuple, tensors: tuple, flags: dict,
                 checks: tuple, ranges: str, rows: Callable, types: frozenset,
                 ints: tuple = ()) -> None:
        self.name, self.resources, self.tensors = name, resources, tensors
        self.flags, self.checks, self.ranges = flags, checks, ranges
        self.rows, self.types = rows, types
        self.args = resources + tensors
        self.ints = ints  # (tensors of int64, not T: AdagradDA's global step)


def _same(*names: str, shown: tuple = ()) -> tuple:
    return tuple(("same", n, shown[i] if i < len(shown) else n) for i, n in enumerate(names))


def _sc(*names: str, words: str = "{} is not a scalar: ", test: str | None = None) -> tuple:
    return tuple(("scalar", n, words.format(n), test) for n in names)


_VAR = (("var1d",),)
_IDX = (("indices",),)
_GRAD = (("grad",),)
_GRAD_RANK = (("grad_rank",),)  # (Adagrad's kernels; the others read a 1-D var's grad flat)
_INNER = (("inner",),)
_NONNEG = "{} regularization strength is not a non-negative scalar: "
_RMS = _sc("lr", "rho", "momentum", "epsilon")


# -- the row updates: `s` the scalars (0-d arrays of T), g the gradient's rows, then the
# variables' rows; `one` whether a row holds one value (TF's loop of scalars) --------------

def _rsqrt(x: Any) -> Any:
    return np.ones((), x.dtype) / np.sqrt(x)


def _momentum(s: dict, f: dict, one: bool, g: Any, v: Any, a: Any) -> tuple:
    a = a * s["momentum"] + g
    if f["use_nesterov"]:
        return v - (s["lr"] * g + s["lr"] * s["momentum"] * a), a
    return v - s["lr"] * a, a


def _keras_momentum(s: dict, f: dict, one: bool, g: Any, v: Any, a: Any) -> tuple:
    a = a * s["momentum"] - g * s["lr"]
    if f["use_nesterov"]:
        return v + (a * s["momentum"] - g * s["lr"]), a
    return v + a, a


def _adagrad(s: dict, f: dict, one: bool, g: Any, v: Any, a: Any) -> tuple:
    if f["update_slots"]:
        a = a + g * g
    if one:
        return v - s["lr"] * g / np.sqrt(a), a
    return v - s["lr"] * g * _rsqrt(a), a


def _adagrad_v2(s: dict, f: dict, one: bool, g: Any, v: Any, a: Any) -> tuple:
    if f["update_slots"]:
        a = a + g * g
    return v - s["lr"] * g / (np.sqrt(a) + s["epsilon"]), a


def _proximal(s: dict, one: bool, v: Any, prox: Any, rate: Any) -> Any:
    """The proximal step: L1's shrinking where l1 > 0, over the L2 denominator (the scalar
    loop's in double, its quotient rounded to var's type)."""
    l1, l2 = s["l1"], s["l2"]
    num = prox
    if to_host(l1) > 0:
        num = np.sign(prox) * np.maximum(np.abs(prox) - rate * l1, np.zeros((), v.dtype))
    if one:
        den = (l2 * rate).astype(np.float64) + 1.0
        return (num.astype(np.float64) / den).astype(v.dtype)
    return num / (np.ones((), v.dtype) + l2 * rate)


def _proximal_adagrad(s: dict, f: dict, one: bool, g: Any, v: Any, a: Any) -> tuple:
    a = a + g * g
    rate = s["lr"] / np.sqrt(a) if one else s["lr"] * _rsqrt(a)
    prox = v - rate * g if one else v - g * rate
    return _proximal(s, one, v, prox, rate), a


def _proximal_gd(s: dict, f: dict, one: bool, g: Any, v: Any) -> tuple:
    lr = s["alpha"]
    prox = v - lr * g if one else v - g * lr
    return (_proximal(s, one, v, prox, lr),)


def _pow(x: Any, p: Any, one: bool) -> Any:
    """x ** p as TF's Ftrl rows take it: the C library's pow in the scalar loop and past a
    row's whole packets (8 floats, 4 doubles: eigen32.powf, the C library's pow; TF's bits), NumPy's
    on those packets (Eigen's own pow there: within an ulp)."""
    out = np.power(x, p)
    if x.dtype == np.float64:
        whole = 0 if one else x.shape[-1] - x.shape[-1] % 4
        out[..., whole:] = T._libm_pow(x[..., whole:], p)
    elif x.dtype == np.float32:
        if one:
            return eigen32.powf(x, p)
        whole = x.shape[-1] - x.shape[-1] % 8
        out[..., whole:] = eigen32.powf(x[..., whole:], p)
    elif x.dtype.itemsize == 2:  # (half types: powf of the floats, rounded)
        return eigen32.powf(x.astype(np.float32), p.astype(np.float32)).astype(x.dtype)
    return out


def _ftrl(s: dict, f: dict, one: bool, g: Any, v: Any, a: Any, lin: Any) -> tuple:
    lr, l1, l2, power = s["lr"], s["l1"], s["l2"], s["lr_power"]
    by_lr = f["multiply_linear_by_lr"]
    two = np.asarray(2, v.dtype)
    shrunk = g + two * s["l2_shrinkage"] * v if "l2_shrinkage" in s else g
    new = a + g * g
    half = to_host(power) == -0.5
    if one:  # (TF's loop of scalars: pow for the step, even at -0.5)
        sigma = _pow(new, -power, True) - _pow(a, -power, True)
        if not by_lr:
            sigma = sigma / lr
        lin = (lin + shrunk * lr if by_lr else lin + shrunk) - sigma * v
        root = np.sqrt(new) if half else _pow(new, -power, True)
    else:
        root = np.sqrt(new) if half else _pow(new, -power, False)
        old = np.sqrt(a) if half else _pow(a, -power, False)
        lin = lin + (shrunk * lr - (root - old) * v if by_lr else
                     shrunk - (root - old) / lr * v)
    bound = l1 * lr if by_lr else l1
    y = root + two * l2 * lr if by_lr else root / lr + two * l2
    x = np.maximum(np.minimum(lin, bound), -bound) - lin
    return x / y, new, lin


def _adagrad_da(s: dict, f: dict, one: bool, g: Any, v: Any, ga: Any, gsa: Any) -> tuple:
    """AdagradDA's rows: in T over rows of several values (the step count and
    step * lr taken in T), in double over one-value rows, rounded to T per assignment."""
    step, lr, l1, l2 = s["global_step"], s["lr"], s["l1"], s["l2"]
    if not one:
        ga, gsa = ga + g, gsa + g * g
        steps = step.astype(v.dtype)
        rate = steps * lr
        denom = l2 + np.sqrt(gsa) / rate
        if to_host(l1) > 0:
            kept = np.maximum(np.abs(ga) / steps - l1, np.zeros((), v.dtype))
            return -np.ones((), v.dtype) * np.sign(ga) * kept / denom, ga, gsa
        return -np.ones((), v.dtype) * (ga / steps) / denom, ga, gsa
    wide = np.float64
    g64 = g.astype(wide)
    ga = (ga.astype(wide) + g64).astype(v.dtype)
    gsa = (gsa.astype(wide) + g64 * g64).astype(v.dtype)
    n = int(to_host(step))
    lr64, l1_64 = wide(to_host(lr)), wide(to_host(l1))
    denom = n * wide(to_host(l2)) * lr64 + np.sqrt(gsa).astype(wide)
    if l1_64 > 0:
        kept = np.maximum(np.abs(ga).astype(wide) - n * l1_64, 0.0)
        return (np.sign(-ga).astype(wide) * lr64 * kept / denom).astype(v.dtype), ga, gsa
    return ((-ga).astype(wide) * lr64 / denom).astype(v.dtype), ga, gsa


def _adadelta(s: dict, f: dict, one: bool, g: Any, v: Any, a: Any, u: Any) -> tuple:
    rho, eps = s["rho"], s["epsilon"]
    keep = np.ones((), v.dtype) - rho
    a = a * rho + g * g * keep
    update = np.sqrt(u + eps) * _rsqrt(a + eps) * g
    return v - update * s["lr"], a, u * rho + update * update * keep


def _rms_prop(s: dict, f: dict, one: bool, g: Any, v: Any, *slots: Any) -> tuple:
    """RMSProp's rows, or CenteredRMSProp's given mg's first."""
    *mean, ms, mom = slots
    rho, keep = s["rho"], np.ones((), v.dtype) - s["rho"]
    ms = ms * rho + g * g * keep
    mean = [mg * rho + g * keep for mg in mean]
    denom = ms + s["epsilon"] - mean[0] * mean[0] if mean else ms + s["epsilon"]
    mom = mom * s["momentum"] + _rsqrt(denom) * s["lr"] * g
    return (v - mom, *mean, ms, mom)


def _ftrl_checks(shrink: bool) -> tuple:
    return (_same("accum", "linear") + _VAR + _IDX +
            _sc("lr", words="{} is not a positive scalar (or zero if multiply_linear_by_lr "
                            "is set): ", test="ftrl_lr") +
            _sc("l1", "l2", words=_NONNEG, test="nonnegative") +
            _sc("lr_power", words="{} is not a non-positive scalar: ", test="nonpositive") +
            _GRAD + _INNER +
            (_sc("l2_shrinkage", words="l2 shrinkage " + _NONNEG.format("l2")[3:],
                 test="nonnegative") if shrink else ()))


_MOMENTUM = ("ResourceSparseApplyMomentum", "ResourceSparseApplyKerasMomentum")
SPECS = {s.name: s for s in (
    *(_Sparse(name, ("var", "accum"), ("lr", "grad", "indices", "momentum"),
              {"use_nesterov": False},
              _same("accum") + _VAR + _sc("lr", words="{} is not a scalar : ") + _IDX +
              _GRAD + _sc("momentum"), "keras" if "Keras" in name else "loop",
              _keras_momentum if "Keras" in name else _momentum, T._TYPES)
      for name in _MOMENTUM),
    _Sparse("ResourceSparseApplyAdagrad", ("var", "accum"), ("lr", "grad", "indices"),
            {"update_slots": True},
            _same("accum") + _VAR + _sc("lr") + _IDX + _GRAD_RANK + _GRAD + _INNER,
            "first", _adagrad, T._TYPES),
    _Sparse("ResourceSparseApplyAdagradV2", ("var", "accum"),
            ("lr", "epsilon", "grad", "indices"), {"update_slots": True},
            _same("accum") + _VAR + _sc("lr", "epsilon") + _IDX + _GRAD_RANK + _GRAD + _INNER,
            "first",
            _adagrad_v2, T._TYPES),
    _Sparse("ResourceSparseApplyProximalAdagrad", ("var", "accum"),
            ("lr", "l1", "l2", "grad", "indices"), {},
            _same("accum") + _VAR + _sc("lr", words="{} is not a positive scalar: ",
                                        test="positive") +
            _sc("l1", "l2", words=_NONNEG, test="nonnegative") + _IDX + _GRAD + _INNER,
            "loop", _proximal_adagrad, T._WIDE),
    _Sparse("ResourceSparseApplyProximalGradientDescent", ("var",),
            ("alpha", "l1", "l2", "grad", "indices"), {},
            _VAR + (("scalar", "alpha", "lr is not a scalar: ", None),) +
            _sc("l1", "l2", words="{} regularization strength is not a scalar: ") + _IDX +
            _GRAD + _INNER, "loop", _proximal_gd, T._WIDE),
    _Sparse("ResourceSparseApplyFtrl", ("var", "accum", "linear"),
            ("grad", "indices", "lr", "l1", "l2", "lr_power"),
            {"multiply_linear_by_lr": False}, _ftrl_checks(False), "loop", _ftrl, T._REALS),
    _Sparse("ResourceSparseApplyFtrlV2", ("var", "accum", "linear"),
            ("grad", "indices", "lr", "l1", "l2", "l2_shrinkage", "lr_power"),
            {"multiply_linear_by_lr": False}, _ftrl_checks(True), "loop", _ftrl, T._REALS),
    _Sparse("ResourceSparseApplyAdagradDA", ("var", "gradient_accumulator",
                                             "gradient_squared_accumulator"),
            ("grad", "indices", "lr", "l1", "l2", "global_step"), {},
            _same("gradient_accumulator", "gradient_squared_accumulator",
                  shown=("accum", "accum")) + _VAR + _IDX + _sc("lr") +
            _sc("l1", "l2", words="{} regularization strength is not a scalar: ") +
            _sc("global_step") + _GRAD + _INNER, "loop", _adagrad_da, T._WIDE,
            ("global_step",)),
    _Sparse("ResourceSparseApplyAdadelta", ("var", "accum", "accum_update"),
            ("lr", "rho", "epsilon", "grad", "indices"), {},
            _same("accum", "accum_update", shown=("accum_grad",)) + _VAR +
            _sc("lr", "rho", "epsilon") + _IDX + _GRAD, "first", _adadelta, T._TYPES),
    _Sparse("ResourceSparseApplyRMSProp", ("var", "ms", "mom"),
            ("lr", "rho", "momentum", "epsilon", "grad", "indices"), {},
            _RMS + _same("ms", "mom") + _VAR + _IDX + _GRAD, "first", _rms_prop, _HALVES),
    _Sparse("ResourceSparseApplyCenteredRMSProp", ("var", "mg", "ms", "mom"),
            ("lr", "rho", "momentum", "epsilon", "grad", "indices"), {},
            _RMS + _same("mg", "ms", "mom") + _VAR + _IDX + _GRAD, "first", _rms_prop,
            _HALVES),
)}


# -- checks -----------------------------------------------------------------------------------

def _value_ok(test: str, x: Any, flags: dict) -> bool:
    x = to_host(x)
    if test == "positive":
        return bool(x > 0)
    if test == "ftrl_lr":
        return bool(x > 0 or (flags.get("multiply_linear_by_lr") and x == 0))
    if test == "nonnegative":
        return bool(x >= 0)
    return bool(x <= 0)  # nonpositive


def _fault(spec: _Sparse, shapes: dict, values: dict | None, flags: dict) -> str | None:
    """TF's message for the first of the kernel's checks that `shapes` (arg -> dims, None
    where unknown) and `values` (scalars' arrays, where known) fail, or None."""
    var = shapes["var"]
    for check in spec.checks:
        kind = check[0]
        if kind == "same":
            s = shapes[check[1]]
            if var is not None and s is not None and _differ(var, s):
                return (f"var and {check[2]} do not have the same shape"
                        f"{dims_text(var)} {dims_text(s)}")
        elif kind == "var1d":
            if var is not None and len(var) == 0:
                return "var must be at least 1 dimensional"
        elif kind == "scalar":
            s = shapes[check[1]]
            if s is None:
                continue
            v = None if values is None else values.get(check[1])
            if len(s) != 0 or (check[3] is not None and v is not None and
                               not _value_ok(check[3], v, flags)):
                return f"{check[2]}{dims_text(s)}"
        elif kind == "indices":
            s = shapes["indices"]
            if s is not None and len(s) != 1:
                return "indices must be one-dimensional"
        elif kind == "grad_rank":
            g = shapes["grad"]
            if var is not None and g is not None and len(g) != len(var):
                return "grad must have the same number of dimensions as var"
        elif kind == "grad":
            message = _grad_fault(var, shapes["grad"], shapes["indices"])
            if message:
                return message
        elif var is not None and any(d == 0 for d in var[1:]):  # inner
            return "Inner dimension should be greater than zero."
    return None


def _differ(a: tuple, b: tuple) -> bool:
    return len(a) != len(b) or any(x is not None and y is not None and x != y
                                   for x, y in zip(a, b))


def _grad_fault(var: Any, grad: Any, indices: Any) -> str | None:
    if var is None or grad is None:
        return None
    for d in range(1, len(var)):
        if d >= len(grad) or (var[d] is not None and grad[d] is not None and
                              var[d] != grad[d]):
            return f"var and grad must match in dimension {d}"
    n = None if indices is None or len(indices) != 1 else indices[0]
    if n is not None and (len(grad) == 0 or (grad[0] is not None and grad[0] != n)):
        return "grad must be the same size as indices in the first dimension."
    return None


def _check_types(spec: _Sparse, inputs: tuple, attrs: dict) -> None:
    n, T_ = len(spec.resources), attrs.get("T")
    if not isinstance(T_, dt.DType):  # (TF infers T from the first tensor)
        T_ = next(x._dtype for a, x in zip(spec.args[n:], inputs[n:])
                  if a != "indices" and a not in spec.ints)
    for i, (arg, x) in enumerate(zip(spec.args[n:], inputs[n:]), n):
        if arg in spec.ints:
            if x._dtype is not dt.int64:
                raise wrong_input_dtype(spec.name, i, dt.int64, x._dtype)
        elif arg == "indices":
            if x._dtype not in _INDEX_TYPES:
                raise _tindices_refused(spec.name, x._dtype)
        elif x._dtype is not T_:
            raise wrong_input_dtype(spec.name, i, T_, x._dtype)
    if T_ not in spec.types:
        listed = [f"T={dt_enum(T_)}", f"Tindices={dt_enum(attrs['Tindices'])}",
                  "use_locking=false"] + [f"{k}={T._attr_text(d)}"
                                          for k, d in spec.flags.items()]
        raise InvalidArgumentError(
            None, None, f"No OpKernel was registered to support Op '{spec.name}' used by "
                        f"{{{{node {spec.name}}}}} with these attrs: [{', '.join(listed)}]")
    for v in inputs[:n]:
        if v is not None and dt.as_dtype(v.dtype).base_dtype is not T_:
            raise wrong_read_dtype(spec.name, dt.as_dtype(v.dtype).base_dtype, T_)


def _tindices_refused(op: str, dtype: dt.DType) -> InvalidArgumentError:
    """TF's error for indices of a type its definition does not allow: the attr's words,
    the NodeDef and the op's definition summarized."""
    word = dtype_word(dtype)
    summary = tf_op_defs.summary(op)
    tail = "" if summary is None else f"\n\t; NodeDef: {{{{node {op}}}}}; {summary}"
    return fail(op, f"Value for attr 'Tindices' of {word} is not in the list of allowed "
                    f"values: int32, int64{tail}")


def _shapes(spec: _Sparse, inputs: tuple) -> dict:
    return {a: (None if x is None else x.shape._dims) if a in spec.resources else x._shape
            for a, x in zip(spec.args, inputs)}


def _variables(spec: Any, inputs: tuple) -> tuple:
    """The variables the resource inputs name (given as variables, handles, or in a kernel
    the handles' arrays; None for a handle known only when a graph runs)."""
    return tuple(T._variable(spec.name, i, x) for i, x in enumerate(inputs[:len(spec.resources)]))


def _infer(spec: _Sparse) -> Callable:
    def infer(*inputs: Any, **attrs: Any) -> list:
        input_count(spec.name, spec.args, inputs)
        inputs = _variables(spec, inputs) + inputs[len(spec.resources):]
        _check_types(spec, inputs, attrs)
        if _state.graph is not None:  # (building a graph: _refusal's checks, the kernel's
            return []                 # when it runs)
        message = _fault(spec, _shapes(spec, inputs), _values(spec, inputs), attrs)
        if message is not None:
            raise fail(spec.name, message)
        return []
    return infer


def _values(spec: _Sparse, inputs: tuple) -> dict:
    """The checked scalars' arrays, where known (eager tensors, arrays)."""
    out = {}
    for check in spec.checks:
        if check[0] == "scalar" and check[3] is not None:
            x = inputs[spec.args.index(check[1])]
            a = x._arr if isinstance(x, EagerTensor) else None if isinstance(x, Tensor) else x
            if a is not None and np.ndim(to_host(a)) == 0:
                out[check[1]] = to_host(a)
    return out


# -- the kernel -------------------------------------------------------------------------------

def _kernel(spec: _Sparse) -> Callable:
    n = len(spec.resources)

    def kernel(xp: Any, *inputs: Any, **attrs: Any) -> tuple:
        variables = _variables(spec, inputs)
        place = D.lookup(variables[0]._device)
        arrays = {a: to_host(v._arr) for a, v in zip(spec.resources, variables)}
        arrays.update({a: np.asarray(to_host(x)) for a, x in zip(spec.args[n:], inputs[n:])})
        shapes = {a: tuple(x.shape) for a, x in arrays.items()}
        message = _fault(spec, shapes, arrays, attrs)
        if message is not None:
            raise fail(spec.name, message)
        flags = {k: bool(attrs.get(k, d)) for k, d in spec.flags.items()}
        with np.errstate(all="ignore"):  # (NaN and inf come out as TF's kernels give them)
            new, error = _update(spec, arrays, flags)
        for v, a in zip(variables, spec.resources):
            if new[a] is not arrays[a]:
                v._arr = D.to_device(new[a], place)
        if error is not None:
            raise error
        return ()
    return kernel


def _update(spec: _Sparse, arrays: dict, flags: dict) -> tuple:
    """(the variables' new arrays, the index error to raise after writing them or None)."""
    ids = arrays["indices"].reshape(-1).astype(np.int64)
    var = arrays["var"]
    rows = var.shape[0]
    bad = np.flatnonzero((ids < 0) | (ids >= rows))
    error, k = None, len(ids)
    if bad.size:
        k = int(bad[0])
        error = fail(spec.name, f"indices[{k}] = {ids[k]} is not in [0, {rows})"
                     if spec.ranges == "keras" else
                     f"Index {ids[k]} at offset {k} in indices is out of range")
        if spec.ranges == "first":
            return arrays, error
    if k == 0:
        return arrays, error
    inner = int(np.prod(var.shape[1:], dtype=np.int64))
    one = inner == 1 and spec.name not in _MOMENTUM
    # (a 1-D var's kernels read the gradient's first values, whatever its shape; past the
    # end of one with no values TF reads memory it does not own: zeros here)
    flat_grad = arrays["grad"].reshape(-1)[:len(ids) * inner]
    if flat_grad.size < len(ids) * inner:
        flat_grad = np.concatenate([flat_grad, np.zeros(len(ids) * inner - flat_grad.size,
                                                        flat_grad.dtype)])
    grad = flat_grad.reshape(len(ids), inner)[:k]
    scalars = {a: arrays[a] for a in spec.tensors if a not in ("grad", "indices")}
    flat = [arrays[a].reshape(rows, inner).copy() for a in spec.resources]
    ids = ids[:k]
    if len(np.unique(ids)) == k:
        out = spec.rows(scalars, flags, one, grad, *[f[ids] for f in flat])
        for f, o in zip(flat, out):
            f[ids] = o
    else:  # (a repeated index: row by row, each from the row's latest value)
        for i, r in enumerate(ids):
            out = spec.rows(scalars, flags, one, grad[i:i + 1], *[f[r:r + 1] for f in flat])
            for f, o in zip(flat, out):
                f[r:r + 1] = o
    return {a: f.reshape(arrays[a].shape) for a, f in zip(spec.resources, flat)}, error


OPS = {name: register(OpDef(
    name, _infer(spec), _kernel(spec), num_outputs=0, stateful=True, no_fold=True,
    reference=R.reference(spec), samples=R.samples(spec), bad_samples=R.bad_samples(spec),
    tf=TFForm(export=T._export(spec)))) for name, spec in SPECS.items()}
# TF 1's form of each on reference variables (SparseApplyAdagrad, ...)
REF_OPS = {name: ref_form(op, name[len("Resource"):], len(SPECS[name].resources))
           for name, op in OPS.items() if "Keras" not in name}


# -- running one ------------------------------------------------------------------------------

def apply_sparse(op_name: str, variables: tuple, tensors: tuple, name: str | None = None,
                 **flags: Any) -> Any:
    """Runs sparse training op `op_name` on `variables` (their rows updated) and `tensors`
    (TF's order; the hyperparameters converted to the variables' dtype where they are not
    tensors, the indices as given); returns the graph's operation, or None eagerly."""
    spec = SPECS[op_name]
    op = REF_OPS[op_name] if getattr(variables[0], "_ref_nodes", False) else OPS[op_name]
    T_ = dt.as_dtype(variables[0].dtype).base_dtype
    args = spec.tensors
    tensors = tuple(x if isinstance(x, Tensor) else
                    convert_to_tensor(x) if a == "indices" or hasattr(x, "_as_tensor") else
                    convert_to_tensor(x, dtype=dt.int64 if a in spec.ints else T_)
                    for a, x in zip(args, tensors))
    first = next(x for a, x in zip(args, tensors) if a != "indices" and a not in spec.ints)
    attrs = {"T": first._dtype, "Tindices": tensors[args.index("indices")]._dtype,
             "use_locking": bool(flags.get("use_locking"))}
    for k, d in spec.flags.items():
        attrs[k] = bool(flags.get(k, d))
    inputs = tuple(variables) + tensors
    graph = _state.graph
    if graph is not None:
        return T._in_graph(graph, spec, op, inputs, attrs, name, _refusal)
    st = _state.__dict__
    try:
        op.infer(*inputs, **attrs)
        op.kernel(None, *variables, *[T._array(t) for t in tensors], **attrs)
    except OpError as e:
        dispatch.failed(e, op, inputs, attrs, st, name)
        raise
    return None


def _refusal(graph: Any, spec: _Sparse, inputs: tuple, attrs: dict,
             name: str | None) -> ValueError | None:
    """TF's shape function's ValueError for the node about to be made: a slot of another
    shape than var, then in input order indices not a vector, a gradient without rows or a
    hyperparameter not a scalar; None otherwise (the kernel checks the rest when the graph
    runs, as TF's)."""
    shapes = _shapes(spec, inputs)
    var = shapes["var"]
    reason = None
    for arg in spec.resources[1:]:
        s = shapes[arg]
        if var is not None and s is not None and _differ(var, s):
            reason = T.merge_refusal(var, s)
            break
    for arg in spec.args[len(spec.resources):] if reason is None else ():
        s = shapes[arg]
        if s is None:
            continue
        if arg == "grad":
            if len(s) == 0:
                reason = "Shape must be at least rank 1 but is rank 0"
        elif len(s) != (1 if arg == "indices" else 0):
            reason = f"Shape must be rank {1 if arg == 'indices' else 0} but is rank {len(s)}"
        if reason is not None:
            break
    if reason is None:
        return None
    return T.graph_error(graph, spec, OPS[spec.name], inputs, attrs, name, reason)


# -- ResourceScatterAdd: updates' rows added to the variable's, in turn ---------------------

class _ScatterForm:
    """ResourceScatterAdd's arguments, as the graph export reads a training op's."""
    name, resources, tensors = "ResourceScatterAdd", ("resource",), ("indices", "updates")


# (the op is resource_scatter.py's, with the other ResourceScatter ops)
SCATTER_ADD = resource_scatter.OPS["ResourceScatterAdd"]


def resource_scatter_add(var: Any, indices: Any, updates: Any,
                         name: str | None = None) -> Any:
    """TF's ResourceScatterAdd: `updates`' rows added to `var`'s rows at `indices`, a
    repeated index's in turn; the graph's operation, or None eagerly."""
    updates = convert_to_tensor(updates, dtype=dt.as_dtype(var.dtype).base_dtype) \
        if not isinstance(updates, Tensor) else updates
    indices = convert_to_tensor(indices) if not isinstance(indices, Tensor) else indices
    attrs = {"dtype": updates._dtype, "Tindices": indices._dtype}
    graph = _state.graph
    if graph is not None and not getattr(var, "_ref_nodes", False):
        return T._in_graph(graph, _ScatterForm, SCATTER_ADD, (var, indices, updates), attrs,
                           name, lambda *a: None)
    # (eagerly; a reference variable's TF 1 ScatterAdd, whose output is the reference)
    return resource_scatter.scatter("ResourceScatterAdd", var, indices, updates, name)
