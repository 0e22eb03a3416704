"""The registry harness: run an OpDef sample, check it against its reference and
its gradient against central finite differences (also what tf.test.compute_gradient uses).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.backend import to_host
from eagerflow._src.core.dtypes import as_dtype
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import OpDef, Sample


def as_tensors(arrays: tuple) -> tuple:
    return tuple(_tensor(np.asarray(a)) for a in arrays)


def _tensor(a: np.ndarray) -> EagerTensor:
    if a.dtype.names is not None:  # TF's record form of a quantized array (qint8, ...)
        return EagerTensor(a.view(a.dtype[0]), as_dtype(a.dtype))
    return EagerTensor(a)


def run(op: OpDef, sample: Sample) -> tuple:
    """The op's outputs on a sample, always as a tuple."""
    out = bind(op, as_tensors(sample.inputs), dict(sample.attrs))
    return out if isinstance(out, tuple) else (out,)


def grad_positions(sample: Sample) -> list:
    if sample.grad_inputs is not None:
        return list(sample.grad_inputs)
    return [i for i, a in enumerate(sample.inputs)
            if np.asarray(a).dtype.kind in "fc" and np.asarray(a).size]


def numeric_jvp_grad(f: Callable, x: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    """d f(x) / dx for a scalar-valued f, by central differences."""
    g = np.zeros_like(x, dtype=np.float64)
    for idx in np.ndindex(*x.shape):
        xp, xm = x.copy(), x.copy()
        xp[idx] += eps
        xm[idx] -= eps
        g[idx] = (f(xp) - f(xm)) / (2 * eps)
    return g


def _weights(outputs: tuple, seed: int = 7) -> list:
    rng = np.random.default_rng(seed)
    return [rng.uniform(0.5, 1.5, size=o._shape) if o._dtype.is_floating else None
            for o in outputs]


def scalar_loss(op: OpDef, sample: Sample, inputs: tuple, weights: list) -> Any:
    out = bind(op, inputs, dict(sample.attrs))
    outs = out if isinstance(out, tuple) else (out,)
    total = None
    for o, w in zip(outs, weights):
        if w is None:
            continue
        term = reduce_sum(o * EagerTensor(w.astype(o._arr.dtype)))  # on o's device
        total = term if total is None else total + term
    return total


def _dense(g: Any) -> Any:
    """A gradient's dense form (a gather's is an IndexedSlices)."""
    return convert_to_tensor(g) if isinstance(g, IndexedSlices) else g


def check_gradient(op: OpDef, sample: Sample, second_order: bool = False) -> None:
    """Asserts that tape gradients match finite differences for every float input."""
    base = tuple(np.asarray(a, dtype=np.float64) if np.asarray(a).dtype.kind == "f" else
                 np.asarray(a) for a in sample.inputs)
    weights = _weights(run(op, Sample(base, sample.attrs)))
    for pos in grad_positions(sample):
        def f(xv: np.ndarray, pos: int = pos) -> float:
            args = list(base)
            args[pos] = xv
            return float(scalar_loss(op, sample, as_tensors(tuple(args)), weights).numpy())

        tensors = list(as_tensors(base))
        with GradientTape() as tape:
            tape.watch(tensors[pos])
            loss = scalar_loss(op, sample, tuple(tensors), weights)
        g = _dense(tape.gradient(loss, tensors[pos]))
        expected = numeric_jvp_grad(f, base[pos])
        got = np.zeros_like(expected) if g is None else to_host(g._arr)
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6,
                                   err_msg=f"{op.name}: gradient of input {pos}")
        if second_order:
            _check_second_order(op, sample, base, weights, pos)


def _check_second_order(op: OpDef, sample: Sample, base: tuple, weights: list, pos: int) -> None:
    v = np.random.default_rng(3).uniform(0.5, 1.5, size=base[pos].shape)

    def first(xv: np.ndarray) -> tuple:
        args = list(as_tensors(base))
        args[pos] = EagerTensor(xv)
        with GradientTape() as outer:
            outer.watch(args[pos])
            with GradientTape() as inner:
                inner.watch(args[pos])
                loss = scalar_loss(op, sample, tuple(args), weights)
            g = _dense(inner.gradient(loss, args[pos]))
            s = reduce_sum(g * EagerTensor(v)) if g is not None else None
        h = _dense(outer.gradient(s, args[pos])) if s is not None else None
        return (0.0 if s is None else float(s.numpy())), h

    _, h = first(base[pos])
    expected = numeric_jvp_grad(lambda xv: first(xv)[0], base[pos])
    got = np.zeros_like(expected) if h is None else to_host(h._arr)
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-5,
                               err_msg=f"{op.name}: second-order gradient of input {pos}")
