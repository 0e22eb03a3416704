"""Einsum: tf.einsum as TF's op of one or two operands over TF's equation (the output
spelled out, an ellipsis for the dims that broadcast; more operands contracted in TF's
steps of two), its gradient an einsum per input (summed back over broadcast dims, spread
back over repeated letters).

Sits in the ops layer after linalg.py (whose eye spreads a gradient over a repeated
letter), einsum_shapes.py (the equation spelled out in letters, TF's shape checks) and
einsum_path.py (TF's steps); the kernel is the backend's einsum (halfprec.py's for NumPy's
half types).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from eagerflow._src import backend as blas
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import einsum_path, halfprec
from eagerflow._src.ops import einsum_shapes as E
from eagerflow._src.ops.array import expand_dims, ones, reshape, zeros
from eagerflow._src.ops.broadcast_grads import broadcast_like, sum_to
from eagerflow._src.ops.dispatch import bind
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
from eagerflow._src.ops.shape_queries import shape

_rng = SampleRNG(3)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _resolved(equation: str, n_inputs: int) -> str:
    """TF's Python checks of an einsum equation, in its order and words (an ellipsis
    stands for '0', so a '0' of its own is refused; only letters, commas and one arrow;
    one term an input; an output of distinct labels found in the inputs, with one ellipsis
    at most), and the equation its Einsum op gets: spaces dropped, and where no arrow
    gives the output, the labels found once, sorted (the ellipsis, '0', first)."""
    eq = equation.replace(" ", "")
    if "..." in equation:
        if "0" in eq:
            raise ValueError(f'Invalid character "0" in equation: {equation}.')
        eq = eq.replace("...", "0")
    labels = "a-zA-Z0" if "..." in equation else "a-zA-Z"
    match = re.match(f"^([{labels},]*)(->[{labels}]*)?$", eq)
    if not match:
        raise ValueError(f"Subscripts have incorrect format: {eq}")
    lhs = match.group(1)
    n_terms = len(lhs.split(","))
    if n_terms != n_inputs:
        raise ValueError(f'Got {n_inputs} inputs for equation "{equation}", expecting '
                         f"{n_terms}")
    if match.group(2):
        out = match.group(2)[2:]
    else:  # (an ellipsis in two terms is a '0' found twice: left out)
        out = "".join(sorted(ch for ch in set(lhs) - {","} if lhs.count(ch) == 1))
    if len(set(out)) != len(out):
        raise ValueError(f"Output subscripts contain a label appearing more than once: "
                         f"{equation}")
    for label in out:
        if label != "0" and label not in lhs:
            raise ValueError(f"Output subscripts contain the label {label} not present in "
                             f"the input subscripts.")
    if out.count("0") > 1:
        raise ValueError(f"Output subscripts contain multiple ellipsis: {equation}")
    return f"{lhs}->{out}".replace("0", "...")


# Einsum's OpDef takes any type, but TF registers CPU kernels for these only (in the order
# its NotFoundError lists them), and XLA's for a few more
_CPU_KERNELS = (dt.int64, dt.int32, dt.float16, dt.float32, dt.float64, dt.complex64,
                dt.complex128, dt.bfloat16)
_XLA_KERNELS = ("T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, "
                "DT_COMPLEX128, DT_HALF, DT_UINT64]")


def _einsum_infer(*xs: Any, equation: str) -> list:
    equation = AV.make_str(equation, "equation")
    d = C.same_dtype("Einsum", xs, C.ALL)
    if d not in _CPU_KERNELS and _state.graph is None:
        # (eagerly TF finds no kernel for int8, uint32, bool, ...: tf.einsum refuses them)
        raise C.no_kernel("Einsum", f'N={len(xs)}, T={C.dt_enum(d)}, equation="{equation}"',
                          _CPU_KERNELS, others=(("XLA_CPU_JIT", _XLA_KERNELS),))
    terms, _ = E.split(equation)
    if len(terms) > 2:  # (tf.einsum makes a step of two for each more: einsum_path.py)
        raise C.fail("Einsum", f"Expecting 1 or 2 input subscripts in equation '{equation}' "
                               f"but got: {len(terms)}")
    if len(terms) != len(xs):
        raise C.fail("Einsum", f"Expected {len(terms)} inputs but got: {len(xs)}")
    shapes = tuple(x._shape for x in xs)
    if _state.graph is None:  # (eagerly the kernel's checks, in its words)
        E.kernel_check(equation, shapes)
    return [(E.shape_fn(equation, shapes), d)]


def _einsum_kernel(xp: Any, *xs: Any, equation: str) -> Any:
    equation = AV.make_str(equation, "equation")
    E.kernel_check(equation, tuple(x.shape for x in xs))  # (dims a trace did not know)
    terms, out, _ = E.spelled_out(equation, tuple(x.ndim for x in xs))
    return _contract(xp, xs, terms, out)


def _contract(xp: Any, xs: tuple, terms: tuple, out: str) -> Any:
    """The einsum of equation `terms` -> `out` (letters only) of one or two arrays."""
    spec = ",".join(terms) + "->" + out
    d = xs[0].dtype
    if d.itemsize == 2 and xp is np and d.kind in "fV":  # (no bfloat16 einsum in NumPy)
        return halfprec.einsum(spec, xs)
    if d.kind == "V":  # bfloat16 on a device: float32 products, rounded once
        return xp.einsum(spec, *(x.astype(np.float32) for x in xs)).astype(d)
    return blas.tf32_products(xp, lambda: xp.einsum(spec, *xs))


def _einsum_grad(n: Any, g: Any) -> list:
    equation = n.attrs["equation"]
    terms, out = E.split(equation)
    spelled, spelled_out, bcast = E.spelled_out(equation,
                                                tuple(len(x._shape) for x in n.inputs))
    grads = []
    for i, x in enumerate(n.inputs):
        t = spelled[i]
        uniq = "".join(dict.fromkeys(t))  # a repeated subscript (a diagonal) counts once
        ushape = [x._shape[t.index(ch)] for ch in uniq]
        others = [j for j in range(len(terms)) if j != i]
        seen = set(spelled_out).union(*(spelled[j] for j in others))
        kept = "".join(ch for ch in uniq if ch in seen)
        # (complex: with the other operands' conjugates, as TF's; conj is no op for reals)
        operands = (g,) + tuple(conj(n.inputs[j]) for j in others)
        if bcast:
            gi = _unbroadcast(operands, equation, i, x, kept, bcast)
        else:
            gi = bind(EINSUM, operands,
                      {"equation": ",".join((spelled_out, *(spelled[j] for j in others)))
                                   + "->" + kept})
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


def _unbroadcast(operands: tuple, equation: str, i: int, x: Any, kept: str,
                 bcast: str) -> Any:
    """The gradient for operand `i` over its labels `kept` where an ellipsis broadcast
    some dims: taken over all the output's broadcast dims (the ellipsis first), summed over
    those `x` has fewer of or of size 1, in `kept`'s order."""
    terms, out = E.split(equation)
    named = "".join(ch for ch in kept if ch not in bcast)
    given = ",".join((out, *(terms[j] for j in range(len(terms)) if j != i)))
    gi = bind(EINSUM, operands, {"equation": f"{given}->...{named}"})
    mine = E.bcast_dims(terms[i], x._shape)
    if mine is None or None in mine or mine != E.bcast_dims(out, operands[0]._shape):
        # (summed to the shape x's own dims take in that layout)
        gi = sum_to(gi, bind(EINSUM, (x,), {"equation": f"{terms[i]}->...{named}"}))
    have = "".join(ch for ch in kept if ch in bcast) + named
    return gi if have == kept else bind(EINSUM, (gi,), {"equation": f"{have}->{kept}"})


def _zeros_shaped(shape: list, dtype: Any) -> Any:
    return zeros(shape, dtype=dtype)


def _einsum_spread(gi: Any, uniq: str, t: str, x: Any) -> Any:
    """Places gi (over the unique subscripts) on the diagonals of x's repeated ones, zeros
    elsewhere: each repeat gets a fresh letter, spread by a matrix of ones and kept only
    where an identity matrix ties it to the first occurrence (a where, not a product, so an
    inf or NaN in gi stays on its diagonal, as in TF)."""
    spare = [c for c in E.LETTERS if c not in t]
    full, eyes, alls, eye_terms = [], [], [], []
    for k, ch in enumerate(t):
        if ch in t[:k]:
            new = spare.pop(0)
            full.append(new)
            # (a size a trace did not know: read when the step runs)
            n = x._shape[k] if x._shape[k] is not None else shape(x)[k]
            eyes.append(eye(n, dtype=x._dtype))
            alls.append(ones((n, n), dtype=x._dtype))
            eye_terms.append(ch + new)
        else:
            full.append(ch)
    equation = ",".join((uniq, *eye_terms)) + "->" + "".join(full)
    # (of more than two operands: TF's steps of two, einsum_path.py)
    spread = _einsum_steps(equation, (gi, *alls), equation)
    on_diagonal = not_equal(_einsum_steps(equation, (ones_like(gi), *eyes), equation), 0)
    return where(on_diagonal, spread, zeros_like(spread))


def _einsum_ref(*xs: np.ndarray, equation: str) -> np.ndarray:
    terms, out, _ = E.spelled_out(equation, tuple(x.ndim for x in xs))
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


def _eq(equation: str) -> dict:
    return {"equation": equation}


EINSUM = register(OpDef(
    "Einsum", _einsum_infer, _einsum_kernel, grad=_einsum_grad, reference=_einsum_ref,
    arity=lambda ins, attrs: {"N": len(ins)},
    samples=lambda: [
        Sample((_f64(2, 3), _f64(3, 4)), _eq("ij,jk->ik")),
        Sample((_f64(5, 2, 3), _f64(5, 3, 2)), _eq("bij,bjk->bik")),
        Sample((_f64(3, 4),), _eq("ij->j")),
        Sample((_f64(3), _f64(4)), _eq("i,j->ij")),
        Sample((_f64(2, 3, 4),), _eq("abc->cab")),
        Sample((_f64(3, 3),), _eq("ii->i")),
        Sample((_f64(3, 3), _f64(3)), _eq("ii,i->")),
        Sample((_f64(2, 3, 2), _f64(3, 4)), _eq("iji,jk->k")),
        Sample((_f64(2, 2, 2),), _eq("iii->")),
        # an ellipsis's dims broadcast (1 against 3; none against 4): each gradient summed
        # back to its operand's shape
        Sample((_f64(1, 2, 3), _f64(3, 3, 4)), _eq("...ij,...jk->...ik")),
        Sample((_f64(2, 1, 3), _f64(4, 3)), _eq("i...j,...j->i...")),
        Sample((_f64(2, 5, 3),), _eq("...ij->...j"))],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)), np.ones((4, 4))), _eq("ij,jk->ik"),
                  InvalidArgumentError, "Expected dimension 3 at axis 0 of the input "
                                        "shaped [4,4] but got dimension 4"),
        BadSample((np.ones((2, 1)), np.ones((3, 4))), _eq("ij,jk->ik"),
                  InvalidArgumentError, "Expected dimension 1 at axis 0 of the input "
                                        "shaped [3,4] but got dimension 3"),
        BadSample((np.ones((2, 2, 3)), np.ones((3, 3, 4))), _eq("...ij,...jk->...ik"),
                  InvalidArgumentError, "Invalid broadcasting dimensions: [2,2,3] vs. "
                                        "[3,3,4]"),
        BadSample((np.ones(2, np.int32), np.ones(2)), _eq("i,i->"),
                  InvalidArgumentError, "expected to be a int32 tensor"),
        BadSample((np.ones(2, np.int8), np.ones(2, np.int8)), _eq("i,i->"),
                  NotFoundError, "Could not find device for node: {{node Einsum}} = "
                                 'Einsum[N=2, T=DT_INT8, equation="i,i->"]')],
    tf=TFForm(export=lambda n, b: b.node("Einsum", [[b.input(k) for k in range(len(n.inputs))]],
                                         {"equation": n.attrs["equation"]}),
              load=lambda n: einsum(C.string_arg(n.attrs["equation"], "equation"), *n.inputs)),
))


def einsum(equation: str, *inputs: Any, **kwargs: Any) -> Any:
    """Einstein summation, e.g. `tf.einsum('ij,jk->ik', a, b)`."""
    name = kwargs.pop("name", None)
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
    given = C.string_arg(equation, "equation", "replace")
    equation = _resolved(given, len(inputs))
    xs = tuple(_t(x) for x in inputs)
    if _state.graph is None:
        return _einsum_steps(equation, xs, given)
    with name_scope(name or "einsum"):  # (TF's nodes: "einsum/Einsum", "einsum/Einsum_1")
        return _einsum_steps(equation, xs, given)


def _einsum_steps(equation: str, xs: tuple, given: str) -> Any:
    """One Einsum op of one or two operands; of more, one per step of TF's path
    (einsum_path.py), each taking two operands."""
    if len(xs) <= 2:
        return bind(EINSUM, xs, _eq(equation))
    operands = list(xs)
    for positions, step in einsum_path.steps(equation, [x._shape for x in xs], given):
        operands.append(bind(EINSUM, tuple(operands.pop(i) for i in positions), _eq(step)))
    return operands[0]
