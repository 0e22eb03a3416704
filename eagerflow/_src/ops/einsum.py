"""Einsum: tf.einsum as one op over an explicit equation (ellipses expanded, the output
spelled out), its gradient an einsum per input (spread back over repeated letters).

Sits in the ops layer after linalg.py (whose eye spreads a gradient over a repeated
letter); the kernel is the backend's einsum (halfprec.py's for NumPy's half types).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from eagerflow._src import backend as blas
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import halfprec
from eagerflow._src.ops.array import expand_dims, ones, reshape, zeros
from eagerflow._src.ops.broadcast_grads import broadcast_like
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.linalg_eye import eye
from eagerflow._src.ops.math import (
    not_equal,
)
from eagerflow._src.ops.math_base import (
    _t,
    conj,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register

_rng = SampleRNG(3)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _check_equation(equation: str, n_inputs: int) -> None:
    """TF's checks of an einsum equation, in its order and words: an ellipsis stands for
    '0' (so a '0' of its own is refused), only letters, commas and one arrow, one term an
    input, and an output of distinct labels found in the inputs with one ellipsis at most."""
    eq = equation.replace(" ", "")
    if "..." in equation:
        if "0" in eq:
            raise ValueError(f'Invalid character "0" in equation: {equation}.')
        eq = eq.replace("...", "0")
    labels = "a-zA-Z0" if "..." in equation else "a-zA-Z"
    match = re.match(f"^([{labels},]*)(->[{labels}]*)?$", eq)
    if not match:
        raise ValueError(f"Subscripts have incorrect format: {eq}")
    n_terms = len(match.group(1).split(","))
    if n_terms != n_inputs:
        raise ValueError(f'Got {n_inputs} inputs for equation "{equation}", expecting '
                         f"{n_terms}")
    out = match.group(2)[2:] if match.group(2) else ""
    if len(set(out)) != len(out):
        raise ValueError(f"Output subscripts contain a label appearing more than once: "
                         f"{equation}")
    for label in out:
        if label != "0" and label not in match.group(1):
            raise ValueError(f"Output subscripts contain the label {label} not present in "
                             f"the input subscripts.")
    if out.count("0") > 1:
        raise ValueError(f"Output subscripts contain multiple ellipsis: {equation}")


def _explicit_equation(equation: str, ranks: list) -> tuple:
    """('ij,jk', '...') with ranks -> (['ij', 'jk'], 'ik'): no ellipsis, explicit output."""
    _check_equation(equation, len(ranks))
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, out = eq.split("->", 1)
    else:
        lhs, out = eq, None
    terms = lhs.split(",")
    used = set(ch for ch in eq if ch in _LETTERS)
    spare = [c for c in _LETTERS if c not in used]
    n_ell = 0
    for t, r in zip(terms, ranks):
        if "..." in t:
            n_ell = max(n_ell, r - (len(t) - 3))
    ell = "".join(spare[:n_ell])
    new_terms = []
    for i, (t, r) in enumerate(zip(terms, ranks)):
        if "..." in t:
            k = r - (len(t) - 3)
            if k < 0:
                raise ValueError(f"Input rank {r} is too small for subscripts {t!r}")
            t = t.replace("...", ell[n_ell - k:])
        if len(t) != r:  # TF's kernel words it so, as its eager op's error
            raise raised_eagerly(C.fail("Einsum", f"Expected input {i} to have rank {len(t)} "
                                                  f"but got: {r}"), None, {"N": len(ranks)})
        new_terms.append(t)
    if out is None:
        counts: dict = {}
        for t in new_terms:
            for ch in t:
                counts[ch] = counts.get(ch, 0) + 1
        out = ell + "".join(sorted(ch for ch, c in counts.items() if c == 1 and ch not in ell))
    else:
        out = out.replace("...", ell)
        for ch in out:
            if not any(ch in t for t in new_terms):
                raise ValueError(f"Output subscript {ch} does not appear in the input subscripts "
                                 f"of equation: {equation}")
    return new_terms, out


# Einsum's OpDef takes any type, but TF registers CPU kernels for these only (in the order
# its NotFoundError lists them), and XLA's for a few more
_CPU_KERNELS = (dt.int64, dt.int32, dt.float16, dt.float32, dt.float64, dt.complex64,
                dt.complex128, dt.bfloat16)
_XLA_KERNELS = ("T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, "
                "DT_COMPLEX128, DT_HALF, DT_UINT64]")


def _einsum_infer(*xs: Any, terms: tuple, out: str) -> list:
    d = C.same_dtype("Einsum", xs, C.ALL)
    if d not in _CPU_KERNELS and _state.graph is None:
        # (eagerly TF finds no kernel for int8, uint32, bool, ...: tf.einsum refuses them)
        equation = ",".join(terms) + "->" + out
        raise C.no_kernel("Einsum", f'N={len(xs)}, T={C.dt_enum(d)}, equation="{equation}"',
                          _CPU_KERNELS, others=(("XLA_CPU_JIT", _XLA_KERNELS),))
    if len(terms) != len(xs):
        raise C.fail("Einsum", f"Expected {len(terms)} inputs but got: {len(xs)}")
    sizes: dict = {}
    for i, (x, t) in enumerate(zip(xs, terms)):
        if x._shape is None:
            continue
        if len(x._shape) != len(t):
            raise C.fail("Einsum", f"Expected input {i} to have rank {len(t)} but got: "
                                   f"{len(x._shape)}")
        own: dict = {}  # a subscript repeated in one input is a diagonal: equal dims
        for ch, n in zip(t, x._shape):
            if n is not None and own.setdefault(ch, n) != n:
                raise C.fail("Einsum", f"Expected dimension {own[ch]} for label '{ch}' of "
                                       f"input {i}, but got dimension {n}")
        for axis, (ch, n) in enumerate(zip(t, x._shape)):
            if n is None:
                continue
            have = sizes.get(ch)
            if have is None or have == 1:
                sizes[ch] = n
            elif n != have and n != 1:
                raise C.fail("Einsum", f"Expected dimension {have} at axis {axis} of the input "
                                       f"shaped {C.shape_str(x._shape)} but got dimension {n}")
    if any(ch not in "".join(terms) for ch in out):
        raise C.fail("Einsum", f"Output subscript {out!r} contains a label not in the inputs")
    return [(tuple(sizes.get(ch) for ch in out), d)]


def _pairwise(terms: tuple, out: str) -> list:
    """TF's Einsum takes one or two inputs: more are contracted pairwise, left to right,
    each step keeping the labels a later input or the output still needs. The steps'
    equations, "a,b->kept"."""
    steps, term = [], terms[0]
    for k in range(1, len(terms)):
        later = "".join(terms[k + 1:]) + out
        keep = out if k == len(terms) - 1 else "".join(
            dict.fromkeys(ch for ch in term + terms[k] if ch in later))
        steps.append(f"{term},{terms[k]}->{keep}")
        term = keep
    return steps


def _einsum_kernel(xp: Any, *xs: Any, terms: tuple, out: str) -> Any:
    if len(xs) > 2:  # (pairwise, as TF's: an infinity times a zero meets no other factor
        # first, so 0 * inf is NaN only where TF's steps make it)
        acc = xs[0]
        for x, step in zip(xs[1:], _pairwise(terms, out)):
            lhs, keep = step.split("->")
            acc = _einsum_kernel(xp, acc, x, terms=tuple(lhs.split(",")), out=keep)
        return acc
    d = xs[0].dtype
    if d.itemsize == 2 and xp is np and d.kind in "fV":  # (no bfloat16 einsum in NumPy)
        return halfprec.einsum(",".join(terms) + "->" + out, xs)
    if d.kind == "V":  # bfloat16 on a device: float32 products, rounded once
        return xp.einsum(",".join(terms) + "->" + out,
                         *(x.astype(np.float32) for x in xs)).astype(d)
    return blas.tf32_products(xp, lambda: xp.einsum(",".join(terms) + "->" + out, *xs))


def _einsum_grad(n: Any, g: Any) -> list:
    terms, out = n.attrs["terms"], n.attrs["out"]
    grads = []
    for i, x in enumerate(n.inputs):
        t = terms[i]
        uniq = "".join(dict.fromkeys(t))  # a repeated subscript (a diagonal) counts once
        ushape = [x._shape[t.index(ch)] for ch in uniq]
        others = [terms[j] for j in range(len(terms)) if j != i]
        seen = set(out).union(*others) if others else set(out)
        kept = "".join(ch for ch in uniq if ch in seen)
        # (complex: with the other operands' conjugates, as TF's; conj is no op for reals)
        gi = bind(EINSUM, (g,) + tuple(conj(n.inputs[j]) for j in range(len(terms)) if j != i),
                  {"terms": (out,) + tuple(others), "out": kept})
        if kept != uniq or gi._shape != tuple(ushape):
            shape = [d if ch in seen else 1 for ch, d in zip(uniq, ushape)]
            if shape.count(None) < 2:
                gi = reshape(gi, [d if d is not None else -1 for d in shape])
            else:  # (sizes known only when a traced step runs: the summed axes put back)
                for axis, ch in enumerate(uniq):
                    if ch not in seen:
                        gi = expand_dims(gi, axis)
            if kept != uniq:
                gi = broadcast_like(gi, x if uniq == t and None in ushape
                                    else _zeros_shaped(ushape, x._dtype))
        grads.append(gi if uniq == t else _einsum_spread(gi, uniq, t, x))
    return grads


def _zeros_shaped(shape: list, dtype: Any) -> Any:
    return zeros(shape, dtype=dtype)


def _einsum_spread(gi: Any, uniq: str, t: str, x: Any) -> Any:
    """Places gi (over the unique subscripts) on the diagonals of x's repeated ones, zeros
    elsewhere: each repeat gets a fresh letter, spread by a matrix of ones and kept only
    where an identity matrix ties it to the first occurrence (a where, not a product, so an
    inf or NaN in gi stays on its diagonal, as in TF)."""
    spare = [c for c in _LETTERS if c not in t]
    full, eyes, alls, eye_terms = [], [], [], []
    for k, ch in enumerate(t):
        if ch in t[:k]:
            new = spare.pop(0)
            full.append(new)
            eyes.append(eye(x._shape[k], dtype=x._dtype))
            alls.append(ones((x._shape[k], x._shape[k]), dtype=x._dtype))
            eye_terms.append(ch + new)
        else:
            full.append(ch)
    attrs = {"terms": (uniq, *eye_terms), "out": "".join(full)}
    spread = bind(EINSUM, (gi, *alls), attrs)
    on_diagonal = not_equal(bind(EINSUM, (ones_like(gi), *eyes), attrs), 0)
    return where(on_diagonal, spread, zeros_like(spread))


def _einsum_ref(*xs: np.ndarray, terms: tuple, out: str) -> np.ndarray:
    letters = sorted(set("".join(terms)))
    size = {}
    for x, t in zip(xs, terms):
        for ch, n in zip(t, x.shape):
            size[ch] = max(size.get(ch, 1), n)
    res = np.zeros([size[ch] for ch in out], dtype=np.result_type(*xs))
    for combo in np.ndindex(*[size[ch] for ch in letters]):
        at = dict(zip(letters, combo))
        v = 1
        for x, t in zip(xs, terms):
            v = v * x[tuple(at[ch] if x.shape[k] > 1 else 0 for k, ch in enumerate(t))]
        res[tuple(at[ch] for ch in out)] += v
    return res


EINSUM = register(OpDef(
    "Einsum", _einsum_infer, _einsum_kernel, grad=_einsum_grad, reference=_einsum_ref,
    arity=lambda ins, attrs: {"N": len(ins)},
    samples=lambda: [
        Sample((_f64(2, 3), _f64(3, 4)), {"terms": ("ij", "jk"), "out": "ik"}),
        Sample((_f64(5, 2, 3), _f64(5, 3, 2)), {"terms": ("bij", "bjk"), "out": "bik"}),
        Sample((_f64(3, 4),), {"terms": ("ij",), "out": "j"}),
        Sample((_f64(3), _f64(4)), {"terms": ("i", "j"), "out": "ij"}),
        Sample((_f64(2, 3), _f64(3), _f64(2)), {"terms": ("ij", "j", "i"), "out": ""}),
        Sample((_f64(2, 3, 4),), {"terms": ("abc",), "out": "cab"}),
        Sample((_f64(3, 3),), {"terms": ("ii",), "out": "i"}),
        Sample((_f64(3, 3), _f64(3)), {"terms": ("ii", "i"), "out": ""}),
        Sample((_f64(2, 3, 2), _f64(3, 4)), {"terms": ("iji", "jk"), "out": "k"}),
        Sample((_f64(2, 2, 2),), {"terms": ("iii",), "out": ""})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)), np.ones((4, 4))), {"terms": ("ij", "jk"),
                                                      "out": "ik"},
                  InvalidArgumentError, "Expected dimension 3 at axis 0 of the input "
                                        "shaped [4,4] but got dimension 4"),
        BadSample((np.ones(2, np.int32), np.ones(2)), {"terms": ("i", "i"), "out": ""},
                  InvalidArgumentError, "expected to be a int32 tensor"),
        BadSample((np.ones(2, np.int8), np.ones(2, np.int8)), {"terms": ("i", "i"), "out": ""},
                  NotFoundError, "Could not find device for node: {{node Einsum}} = "
                                 'Einsum[N=2, T=DT_INT8, equation="i,i->"]')],
    tf=TFForm(export=lambda n, b: _einsum_tf(n, b),
              load=lambda n: einsum(C.string_arg(n.attrs["equation"], "equation"), *n.inputs)),
))


def _einsum_tf(n: Any, b: Any) -> list:
    """TF's Einsum nodes: one of one or two inputs, else the pairwise steps (_pairwise)."""
    terms, out = n.attrs["terms"], n.attrs["out"]
    ref = b.input(0)
    if len(terms) == 1:
        return b.node("Einsum", [[ref]], {"equation": f"{terms[0]}->{out}"})
    for k, step in enumerate(_pairwise(terms, out), 1):
        ref = b.node("Einsum", [[ref, b.input(k)]], {"equation": step})[0]
    return [ref]


def einsum(equation: str, *inputs: Any, **kwargs: Any) -> Any:
    """Einstein summation, e.g. `tf.einsum('ij,jk->ik', a, b)`."""
    kwargs.pop("name", None)
    kwargs.pop("optimize", None)
    if kwargs:
        # (TF's lists "greedy" among the valid ones, yet refuses it as the others)
        raise TypeError(f"Invalid keyword arguments for einsum: {', '.join(kwargs)}. Valid "
                        f"arguments: name, optimize, greedy.")
    for x in inputs:  # (TF's Python reads each operand's shape, then equation.replace)
        if not hasattr(x, "shape"):
            raise C.no_attribute(x, "shape")
    if isinstance(equation, bytes):  # (TF's equation.replace(' ', ''))
        raise TypeError("a bytes-like object is required, not 'str'")
    equation = C.string_arg(equation, "equation", "replace")
    xs = tuple(_t(x) for x in inputs)
    terms, out = _explicit_equation(equation, [len(x._shape) for x in xs])
    return bind(EINSUM, xs, {"terms": tuple(terms), "out": out})
