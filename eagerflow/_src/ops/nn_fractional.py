"""Fractional max and average pooling (Graham, "Fractional Max-Pooling", 2014):
tf.nn.fractional_max_pool / fractional_avg_pool and their gradient ops.

Sits in the ops layer after nn_pool.py and random.py, and loads on first use (op_index.py).
Each call draws the row and column pooling sequences (cumulative region boundaries) from
Philox-4x32-10 seeded (seed, seed2) afresh, rows first, as TF's kernel does, so a seeded
(deterministic) call gives TF's sequences: a random sequence is the region lengths
(k + 1 for the first n mod m, then k) shuffled by Fisher-Yates, a pseudo-random one is
ceil(alpha * (i + u)) for one double u. With `overlapping`, a region also takes the
boundary row and column after it. Pooling itself is one slice reduction per region.
"""

from __future__ import annotations

import collections
import math
import os
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.random import _op_seeds, fisher_yates
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(103)
_T = frozenset((dt.float32, dt.float64, dt.int32, dt.int64))
FractionalMaxPool = collections.namedtuple(
    "FractionalMaxPool", ["output", "row_pooling_sequence", "col_pooling_sequence"])
FractionalAvgPool = collections.namedtuple(
    "FractionalAvgPool", ["output", "row_pooling_sequence", "col_pooling_sequence"])


# -- the pooling sequences ----------------------------------------------------------------

def _sequence(n_in: int, n_out: int, pseudo_random: bool, stream: ref.Stream) -> list:
    """The cumulative region boundaries [0, ..., n_in] of one axis; reserves its words of
    the stream (one per output, at least one block) as TF's kernel does."""
    start = stream.counter
    if pseudo_random:
        alpha = n_in / n_out
        k = n_in // n_out
        u = ref.double(stream.word(), stream.word())
        u *= min((k + 2) / alpha - 1, (n_in + 1 - k) / alpha - (n_out - 1))
        cum = [1] + [math.ceil(alpha * (i + u)) for i in range(1, n_out)] + [n_in + 1]
        lengths = [b - a for a, b in zip(cum, cum[1:])]
        used = 1
    else:
        k, extra = divmod(n_in, n_out)
        lengths = [k + 1] * extra + [k] * (n_out - extra)
        words = np.array([stream.word() for _ in range(n_out - 1)], np.uint32)
        lengths = [lengths[p] for p in fisher_yates(words, n_out)]
        used = n_out
    stream.counter = start
    stream.skip(-(-used // 4))
    return [sum(lengths[:i]) for i in range(n_out + 1)]


def _output_size(op: str, n: int, ratio: float, dim: int = 1) -> int:
    out = int(n / ratio)
    if out <= 0:
        raise C.fail(op, f"Pooling ratio is higher than input dimension size for dimension "
                         f"{dim}. Input dim size: {n} pooling ratio: {ratio:g}")
    return out


def _check(op: str, x: Any, pooling_ratio: Any) -> None:
    C.check_dtype(op, x, _T)
    _check_length(op, pooling_ratio)
    for r in pooling_ratio:
        if r < 1:
            raise C.fail(op, f"pooling_ratio cannot be smaller than 1, got: {r:g}")
    if pooling_ratio[0] != 1 or pooling_ratio[3] != 1:
        kind = "max" if "Max" in op else "average"
        raise UnimplementedError(None, None, f"Fractional {kind} pooling is not yet supported "
                                             f"on the batch nor channel dimension. [Op:{op}]")
    if x._shape is not None and len(x._shape) != 4:
        raise C.fail(op, "tensor_in must be 4-dimensional")


def _check_length(op: str, pooling_ratio: Any) -> None:
    if len(pooling_ratio) < 4:
        raise C.fail(op, f"Length for attr 'pooling_ratio' of {len(pooling_ratio)} must be at "
                         f"least minimum 4\n\t; NodeDef: {{{{node {op}}}}}")


def _infer(op: str) -> Callable:
    def infer(x: Any, pooling_ratio: Any, pseudo_random: bool, overlapping: bool,
              deterministic: bool, seed: int, seed2: int) -> list:
        _check(op, x, pooling_ratio)
        # (TF's wrapper makes them int64 attrs: anything else is its TypeError, before the
        # kernel seeds a stream with them)
        seed, seed2 = AV.int_attr(op, seed, "seed", 64), AV.int_attr(op, seed2, "seed2", 64)
        if not deterministic and (seed or seed2):
            raise C.fail(op, "Both seed and seed2 should be 0 if deterministic is false.")
        shape: tuple | None = None
        rows = cols = None
        if x._shape is not None:
            n, h, w, c = x._shape
            # (TF sizes the four dimensions in order: an empty batch or depth is refused too)
            if n is not None:
                _output_size(op, n, pooling_ratio[0], 0)
            rows = None if h is None else _output_size(op, h, pooling_ratio[1])
            cols = None if w is None else _output_size(op, w, pooling_ratio[2], 2)
            if c is not None:
                _output_size(op, c, pooling_ratio[3], 3)
            shape = (n, rows, cols, c)
        return [(shape, x._dtype), ((None if rows is None else rows + 1,), dt.int64),
                ((None if cols is None else cols + 1,), dt.int64)]
    return infer


def _regions(seq: np.ndarray, n: int, overlapping: bool) -> list:
    return [(int(a), min(int(b) + (1 if overlapping else 0), n)) for a, b in zip(seq, seq[1:])]


def _lowest(dtype: np.dtype) -> Any:
    return np.finfo(dtype).min if dtype.kind == "f" else np.iinfo(dtype).min


def _max(xp: Any, window: Any) -> Any:
    """The maximum over axis 1 as TF's kernels take it: from the type's lowest value, a value
    replacing it only when greater, so NaN never wins and a region of only NaN and -inf
    gives the lowest finite value."""
    if window.dtype.kind != "f":
        return window.max(axis=1)
    return xp.maximum(xp.where(xp.isnan(window), -xp.inf, window).max(axis=1),
                      _lowest(window.dtype))


def _first_max(window: np.ndarray) -> np.ndarray:
    """The index along axis 1 of the first value that holds the maximum TF's loop keeps
    (NaN never taken)."""
    return np.where(np.isnan(window), -np.inf, window).argmax(axis=1) \
        if window.dtype.kind == "f" else window.argmax(axis=1)


def _pool(xp: Any, x: Any, rows: np.ndarray, cols: np.ndarray, overlapping: bool,
          reduce: str) -> Any:
    with np.errstate(all="ignore"):  # (sums overflow to inf, or wrap for integers, as TF's)
        return _pool_regions(xp, x, rows, cols, overlapping, reduce)


def _pool_regions(xp: Any, x: Any, rows: np.ndarray, cols: np.ndarray, overlapping: bool,
                  reduce: str) -> Any:
    n, h, w, c = x.shape
    out = xp.empty((n, len(rows) - 1, len(cols) - 1, c), x.dtype)
    for i, (r0, r1) in enumerate(_regions(rows, h, overlapping)):
        for j, (c0, c1) in enumerate(_regions(cols, w, overlapping)):
            window = x[:, r0:r1, c0:c1, :]
            if reduce == "max":
                out[:, i, j, :] = _max(xp, window.reshape(n, -1, c))
            else:  # TF's integer average truncates, as a division of the sum
                total = window.sum(axis=(1, 2))
                size = (r1 - r0) * (c1 - c0)
                out[:, i, j, :] = total / size if x.dtype.kind == "f" else total // size
    return out


def _kernel(reduce: str) -> Callable:
    def kernel(xp: Any, x: Any, pooling_ratio: Any, pseudo_random: bool, overlapping: bool,
               deterministic: bool, seed: int, seed2: int) -> tuple:
        if not deterministic:  # a fresh random stream for each call
            seed, seed2 = (int.from_bytes(os.urandom(8), "little") for _ in range(2))
        stream = ref.Stream(*philox.stateful_start(int(seed), int(seed2)))
        _, h, w, _ = x.shape
        rows = np.array(_sequence(h, _output_size("", h, pooling_ratio[1]), pseudo_random,
                                  stream), np.int64)
        cols = np.array(_sequence(w, _output_size("", w, pooling_ratio[2]), pseudo_random,
                                  stream), np.int64)
        return _pool(xp, x, rows, cols, overlapping, reduce), rows, cols
    return kernel


def _ref(reduce: str) -> Callable:
    """The pooling by the definition, over the sequences the kernel returns."""
    def reference(x: np.ndarray, pooling_ratio: Any, pseudo_random: bool, overlapping: bool,
                  deterministic: bool, seed: int, seed2: int) -> tuple:
        _, rows, cols = _kernel(reduce)(np, x, pooling_ratio, pseudo_random, overlapping,
                                        deterministic, seed, seed2)
        out = np.empty((x.shape[0], len(rows) - 1, len(cols) - 1, x.shape[3]), x.dtype)
        for b, i, j, d in np.ndindex(*out.shape):
            r1 = min(rows[i + 1] + overlapping, x.shape[1])
            c1 = min(cols[j + 1] + overlapping, x.shape[2])
            vals = [x[b, r, c, d] for r in range(rows[i], r1) for c in range(cols[j], c1)]
            out[b, i, j, d] = max([_lowest(x.dtype)] + [v for v in vals if v == v]) \
                if reduce == "max" else (
                sum(vals) / len(vals) if x.dtype.kind == "f" else sum(vals) // len(vals))
        return out, rows, cols
    return reference


# -- gradients ------------------------------------------------------------------------------

def _check_sequences(op: str, in_shape: tuple, g: Any, rows: Any, cols: Any) -> None:
    """The pooling sequences must cut the input into g's regions: one more boundary than
    regions, from 0, increasing, ending inside the input."""
    if len(in_shape) != 4 or g.ndim != 4:
        raise C.fail(op, "orig_input and out_backprop must be 4-dimensional")
    for seq, n_out, n_in, what in ((np.asarray(rows), g.shape[1], in_shape[1], "row"),
                                   (np.asarray(cols), g.shape[2], in_shape[2], "col")):
        # (compared, not differenced: a difference of unsigned boundaries wraps around)
        if seq.ndim != 1 or seq.size != n_out + 1 or (n_out and (
                seq[0] != 0 or (seq[1:] <= seq[:-1]).any() or seq[-1] > n_in)):
            raise C.fail(op, f"{what}_pooling_sequence must be {n_out + 1} increasing "
                             f"boundaries from 0 to at most {n_in}, got {seq.tolist()}")


def _max_grad_kernel(xp: Any, x: Any, y: Any, g: Any, rows: Any, cols: Any,
                     overlapping: bool) -> Any:
    """Each output's gradient to the first input of its region (row-major) that holds the
    region's maximum."""
    _check_sequences("FractionalMaxPoolGrad", x.shape, g, rows, cols)
    if y.shape != g.shape:
        raise C.fail("FractionalMaxPoolGrad", "orig_output and out_backprop must have the "
                                              "same shape")
    n, h, w, c = x.shape
    grad = np.zeros(x.shape, g.dtype)
    x, g = np.asarray(x), np.asarray(g)
    rows, cols = np.asarray(rows), np.asarray(cols)
    if (_pool(np, x, rows, cols, overlapping, "max") != np.asarray(y)).any():
        raise C.fail("FractionalMaxPoolGrad", "tensor_out_dup is not the same as tensor_out")
    for i, (r0, r1) in enumerate(_regions(rows, h, overlapping)):
        for j, (c0, c1) in enumerate(_regions(cols, w, overlapping)):
            window = x[:, r0:r1, c0:c1, :].reshape(n, -1, c)
            first = _first_max(window)  # (n, c): the first maximum
            rr = r0 + first // (c1 - c0)
            cc = c0 + first % (c1 - c0)
            b, d = np.meshgrid(np.arange(n), np.arange(c), indexing="ij")
            np.add.at(grad, (b, rr, cc, d), g[:, i, j, :])
    return xp.asarray(grad)


def _avg_grad_kernel(xp: Any, shape: Any, g: Any, rows: Any, cols: Any,
                     overlapping: bool) -> Any:
    with np.errstate(all="ignore"):
        return _avg_grad(xp, shape, g, rows, cols, overlapping)


def _avg_grad(xp: Any, shape: Any, g: Any, rows: Any, cols: Any, overlapping: bool) -> Any:
    dims = tuple(int(v) for v in np.asarray(shape).reshape(-1))
    _check_sequences("FractionalAvgPoolGrad", dims, g, rows, cols)
    if dims[0] != g.shape[0] or dims[3] != g.shape[3] or min(dims) < 0:
        raise C.fail("FractionalAvgPoolGrad", "orig_input_tensor_shape must match "
                                              "out_backprop's batch and depth")
    n, h, w, c = dims
    grad = np.zeros((n, h, w, c), g.dtype)
    g = np.asarray(g)
    rows, cols = np.asarray(rows), np.asarray(cols)
    for i, (r0, r1) in enumerate(_regions(rows, h, overlapping)):
        for j, (c0, c1) in enumerate(_regions(cols, w, overlapping)):
            size = (r1 - r0) * (c1 - c0)
            grad[:, r0:r1, c0:c1, :] += (g[:, i, j, :] / size)[:, None, None, :].astype(g.dtype)
    return xp.asarray(grad)


def _max_grad_ref(x: np.ndarray, y: np.ndarray, g: np.ndarray, rows: np.ndarray,
                  cols: np.ndarray, overlapping: bool) -> np.ndarray:
    grad = np.zeros(x.shape, g.dtype)
    for b, i, j, d in np.ndindex(*g.shape):
        r1 = min(rows[i + 1] + overlapping, x.shape[1])
        c1 = min(cols[j + 1] + overlapping, x.shape[2])
        cells = [(r, c) for r in range(rows[i], r1) for c in range(cols[j], c1)]
        best = max(cells, key=lambda rc: (x[b, rc[0], rc[1], d], -cells.index(rc)))
        grad[b, best[0], best[1], d] += g[b, i, j, d]
    return grad


def _avg_grad_ref(shape: np.ndarray, g: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                  overlapping: bool) -> np.ndarray:
    grad = np.zeros(tuple(int(v) for v in shape), g.dtype)
    for b, i, j, d in np.ndindex(*g.shape):
        r1 = min(rows[i + 1] + overlapping, grad.shape[1])
        c1 = min(cols[j + 1] + overlapping, grad.shape[2])
        size = (r1 - rows[i]) * (c1 - cols[j])
        for r in range(rows[i], r1):
            for c in range(cols[j], c1):
                grad[b, r, c, d] += g[b, i, j, d] / size
    return grad


def _max_pool_grad(n: Any, g: Any, _g_rows: Any, _g_cols: Any) -> list:
    x = n.inputs[0]
    y, rows, cols = n.outputs
    return [bind(FRACTIONAL_MAX_POOL_GRAD, (x, y, g, rows, cols),
                 {"overlapping": n.attrs["overlapping"]})]


def _avg_pool_grad(n: Any, g: Any, _g_rows: Any, _g_cols: Any) -> list:
    x = n.inputs[0]
    _, rows, cols = n.outputs
    return [bind(FRACTIONAL_AVG_POOL_GRAD, (shape_op(x, out_type=dt.int64), g, rows, cols),
                 {"overlapping": n.attrs["overlapping"]})]


def _attrs(r: float, c: float, pseudo: bool = False, overlapping: bool = False) -> dict:
    return {"pooling_ratio": [1.0, r, c, 1.0], "pseudo_random": pseudo,
            "overlapping": overlapping, "deterministic": True, "seed": 3, "seed2": 7}


def _samples() -> list:
    # (no numeric gradient checks here: the gradient ops have no gradient of their own, as
    # in TF, so forward mode can't go through them; first-order gradients are compared with
    # TF's in tests/ops/tfnn_golden.json)
    x = _rng.permutation(2 * 10 * 7 * 2).reshape(2, 10, 7, 2) / 10.0  # (no ties)
    return [Sample((x,), _attrs(1.44, 1.73), grad=False),
            Sample((x,), _attrs(1.44, 1.73, True, True), grad=False),
            Sample((x[:1],), _attrs(2.0, 1.5, True), grad=False),
            Sample((np.arange(36, dtype=np.int32).reshape(1, 6, 6, 1),), _attrs(1.5, 1.5),
                   grad=False)]


def _bad(op: str) -> list:
    x = np.ones((1, 6, 6, 1))
    return [BadSample((x,), {**_attrs(1.5, 1.5), "pooling_ratio": [1.0, 1.5, 1.0]},
                      InvalidArgumentError, "Length for attr 'pooling_ratio' of 3 must be at "
                                            "least minimum 4"),
            BadSample((x,), {**_attrs(1.5, 1.5), "pooling_ratio": [2.0, 1.5, 1.5, 1.0]},
                      UnimplementedError,
                      "pooling is not yet supported on the batch nor channel dimension."),
            BadSample((x,), _attrs(0.5, 1.5), InvalidArgumentError,
                      "pooling_ratio cannot be smaller than 1, got: 0.5"),
            BadSample((np.ones((6, 6, 1)),), _attrs(1.5, 1.5), InvalidArgumentError,
                      "tensor_in must be 4-dimensional"),
            BadSample((x,), _attrs(7.0, 1.5), InvalidArgumentError,
                      "Pooling ratio is higher than input dimension size for dimension 1. "
                      "Input dim size: 6 pooling ratio: 7"),
            BadSample((x,), {**_attrs(1.5, 1.5), "deterministic": False}, InvalidArgumentError,
                      "Both seed and seed2 should be 0 if deterministic is false."),
            BadSample((x.astype(np.float16),), _attrs(1.5, 1.5), InvalidArgumentError,
                      "Value for attr 'T' of half is not in the list of allowed values")]


FRACTIONAL_MAX_POOL = register(OpDef(
    "FractionalMaxPool", _infer("FractionalMaxPool"), _kernel("max"), grad=_max_pool_grad,
    reference=_ref("max"), samples=_samples, bad_samples=lambda: _bad("FractionalMaxPool"),
    num_outputs=3, stateful=True, gpu=False,
    xla_types=(),  # (TF's XLA has no kernel of it)
))
FRACTIONAL_AVG_POOL = register(OpDef(
    "FractionalAvgPool", _infer("FractionalAvgPool"), _kernel("avg"), grad=_avg_pool_grad,
    reference=_ref("avg"), samples=_samples, bad_samples=lambda: _bad("FractionalAvgPool"),
    num_outputs=3, stateful=True, gpu=False,
    xla_types=(),  # (TF's XLA has no kernel of it)
))


def _grad_samples(kind: str) -> Callable:
    def samples() -> list:
        out = []
        for s in _samples()[:3]:
            y, rows, cols = _kernel(kind)(np, s.inputs[0], **s.attrs)
            g = _rng.uniform(-1, 1, size=y.shape)
            first = (s.inputs[0], y, g) if kind == "max" else \
                (np.array(s.inputs[0].shape, np.int64), g)
            out.append(Sample(first + (rows, cols), {"overlapping": s.attrs["overlapping"]},
                              grad=False))
        return out
    return samples


def _int64_sequences(op: str, first: int, rows: Any, cols: Any) -> None:
    """The pooling sequences are int64 inputs in TF's signature (inputs first, first + 1)."""
    for i, t in enumerate((rows, cols)):
        if t._dtype is not dt.int64:
            raise C.wrong_input_dtype(op, first + i, dt.int64, t._dtype)


def _grad_infer(x: Any, y: Any, g: Any, rows: Any, cols: Any, overlapping: bool) -> list:
    op = "FractionalMaxPoolGrad"
    C.same_dtype(op, (x, y, g), _T)
    _int64_sequences(op, 3, rows, cols)
    for t, what in ((x, "orig_input"), (y, "orig_output")):
        if t._shape is not None and 0 in t._shape:
            raise C.fail(op, f"{what} must not be empty, got Tensor<type: "
                             f"{C.dtype_word(t._dtype)} shape: {C.shape_str(t._shape)} "
                             "values: >")
    return [(x._shape, x._dtype)]


def _avg_grad_infer(shape: Any, g: Any, rows: Any, cols: Any, overlapping: bool) -> list:
    op = "FractionalAvgPoolGrad"
    C.check_dtype(op, g, _T)
    _int64_sequences(op, 2, rows, cols)
    if shape._shape is not None and shape._shape != (4,):
        raise C.fail(op, "original input tensor shape must be1-dimensional and 4 elements")
    if g._shape is not None and 0 in g._shape:
        raise C.fail(op, "out_backprop must be positive for all dimension, got:0")
    arr = getattr(shape, "_arr", None)
    dims = None if arr is None else tuple(int(v) for v in to_host(arr))  # (a device's too)
    return [(dims if dims is not None else (None,) * 4, g._dtype)]


FRACTIONAL_MAX_POOL_GRAD = register(OpDef(
    "FractionalMaxPoolGrad", _grad_infer, _max_grad_kernel, reference=_max_grad_ref,
    samples=_grad_samples("max"), gpu=False,
    xla_types=(),  # (TF's XLA has no kernel of it)
))
FRACTIONAL_AVG_POOL_GRAD = register(OpDef(
    "FractionalAvgPoolGrad", _avg_grad_infer, _avg_grad_kernel, reference=_avg_grad_ref,
    samples=_grad_samples("avg"), gpu=False, host_inputs=(0,),
    xla_types=(),  # (TF's XLA has no kernel of it)
))


# -- public functions -----------------------------------------------------------------------

def _ratio(pooling_ratio: Any) -> list:
    """A number r as TF's [1, r, r, 1]; a list as it is, with TF's checks."""
    if isinstance(pooling_ratio, (list, tuple)):
        bad_length = ValueError(f"pooling_ratio should be of length 1, 2 or 4. Received: "
                                f"pooling_ratio={pooling_ratio} of length {len(pooling_ratio)}")
        if not pooling_ratio:  # (TF's wrapper fails with an IndexError here)
            raise bad_length
        if pooling_ratio[0] != 1.0 or pooling_ratio[-1] != 1.0:
            raise ValueError(f"`pooling_ratio` should have first and last elements with value "
                             f"1.0. Received: pooling_ratio={pooling_ratio}")
        if len(pooling_ratio) in (1, 2):  # the spatial ratios alone, as TF expands them
            pooling_ratio = [1.0, pooling_ratio[0], pooling_ratio[-1], 1.0]
        elif len(pooling_ratio) != 4:
            raise bad_length
        if any(r < 1.0 for r in pooling_ratio):
            raise ValueError(f"`pooling_ratio` elements should be >= 1.0. Received: "
                             f"pooling_ratio={pooling_ratio}")
        return [float(r) for r in pooling_ratio]
    if isinstance(pooling_ratio, (int, float)):
        if pooling_ratio < 1.0:
            raise ValueError(f"`pooling_ratio` should be >= 1.0. Received: "
                             f"pooling_ratio={pooling_ratio}")
        return [1.0, float(pooling_ratio), float(pooling_ratio), 1.0]
    raise ValueError(f"`pooling_ratio` should be an int or a list of ints. Received: "
                     f"pooling_ratio={pooling_ratio}")


def _fractional(op: OpDef, value: Any, pooling_ratio: list, pseudo_random: bool,
                overlapping: bool, seed: int, name: str | None) -> tuple:
    if seed == 0:
        attrs = {"deterministic": False, "seed": 0, "seed2": 0}
    else:
        s = _op_seeds(seed)
        attrs = {"deterministic": True, "seed": s["seed"], "seed2": s["seed2"]}
    # (the bools as its generated wrapper converts them, a Python bool only, before the
    # input: TF's fallback's)
    attrs.update(pooling_ratio=pooling_ratio, **AV.wrapper_attrs(
        op.name, pseudo_random=pseudo_random, overlapping=overlapping))
    return bind(op, (_t(value),), attrs, name)  # (TF's hands its op the name)


@dispatch_binding
@eager_api("*")
def fractional_max_pool(value: Any, pooling_ratio: Any, pseudo_random: bool = False,
                        overlapping: bool = False, seed: int = 0,
                        name: str | None = None) -> FractionalMaxPool:
    """Max pooling over regions of random sizes whose count is the input size over the
    ratio: (output, row_pooling_sequence, col_pooling_sequence)."""
    return FractionalMaxPool(*_fractional(FRACTIONAL_MAX_POOL, value, _ratio(pooling_ratio),
                                          pseudo_random, overlapping, seed, name))


@dispatch_binding
@eager_api("value", "pooling_ratio:floats")  # (TF's hands its op both as given)
def fractional_avg_pool(value: Any, pooling_ratio: Any, pseudo_random: bool = False,
                        overlapping: bool = False, seed: int = 0,
                        name: str | None = None) -> FractionalAvgPool:
    """Average pooling over the regions of fractional_max_pool (`pooling_ratio`: 4 numbers,
    as TF's op takes them: this wrapper of TF's checks and expands nothing)."""
    if not isinstance(pooling_ratio, (list, tuple)):
        raise TypeError(f"Expected list for 'pooling_ratio' argument to 'fractional_avg_pool' "
                        f"Op, not {pooling_ratio!r}.")
    return FractionalAvgPool(*_fractional(FRACTIONAL_AVG_POOL, value,
                                          [float(r) for r in pooling_ratio], pseudo_random,
                                          overlapping, seed, name))
