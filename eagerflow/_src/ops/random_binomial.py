"""Binomial draws as TensorFlow 2.21's CPU kernel makes them, bit for bit.

Sits in the ops layer above random_gamma.py, whose stream blocks and C log it shares. Each
output draws in float64 from its own stretch of the Philox stream, taking uniforms two a
block (the later first): below count * p = 10 by inversion (a sum of geometric waiting
times, 42 blocks reserved per output), above by Hormann's BTRS (1993; 256 blocks per
output), always with p <= 1/2 (a larger p draws the failures). Counts and probabilities
are in the op's dtype T until then, as TF compares count * p >= 10 in T. log and log1p
are the C library's. TF loops forever on a NaN count; here it gives NaN.

- StatelessRandomBinomial (tf.random.stateless_binomial): the seed's stream; `shape` ends
  with broadcast(counts, probs), outputs laid out sample by sample.
- StatefulRandomBinomial (tf.random.Generator.binomial): the same draws from a Generator's
  state read as a Philox (counter, key), which moves on by TF's reservation for the draw:
  batches * 200 * (samples per batch + 3) // 4 values of 256 blocks (even for an empty
  draw whose batches are not). Here the op takes the state's value and returns the
  advanced state beside the samples; the Generator assigns it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import ELEMENTWISE_BLOCK
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox
from eagerflow._src.ops import random as R
from eagerflow._src.ops import random_dists as D
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops import random_stateless as S
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.random_gamma import (
    block_uniforms,
    c_log,
    map_libm,
    sample_major,
    stream_blocks,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.variables import handle_variable, held_handle, is_tf_variable

_T = frozenset((dt.float16, dt.float32, dt.float64))
_OUT = frozenset((dt.float16, dt.float32, dt.float64, dt.int32, dt.int64))
INVERSION_BLOCKS = 42  # per output: 10 standard deviations of ~10 uniforms
_STRETCH = ELEMENTWISE_BLOCK  # outputs drawn together

# The tail of Stirling's series, log k! - log(sqrt(2 pi) (k + 1)^(k + 1/2) e^-(k + 1)),
# for k <= 9 as TF tabulates it.
_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
         0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
         0.00925546218271273, 0.00833056343336287)


def stirling_tail(k: np.ndarray) -> np.ndarray:
    """Stirling's tail of each k >= 0 (TF's table below 10, its series above)."""
    kp1sq = (k + 1) * (k + 1)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        series = (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)
    small = k <= 9
    series[small] = _TAIL_ARRAY[k[small].astype(np.int64)]  # (int(k), as TF's index)
    return series


_TAIL_ARRAY = np.array(_TAIL)


def btrs_bound(n: np.ndarray, p: np.ndarray, k: np.ndarray) -> np.ndarray:
    """The log of BTRS's acceptance bound at each k (TF's form: r = p / q, mode m; in
    doubles, as TF: past 1e154 a square is inf), in TF's order of operations."""
    m = np.floor((n + 1) * p)
    r = p / (1 - p)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        return ((m + 0.5) * c_log((m + 1) / (r * (n - m + 1)))
                + (n + 1) * c_log((n - m + 1) / (n - k + 1))
                + (k + 0.5) * c_log(r * (n - k + 1) / (k + 1))
                + stirling_tail(m) + stirling_tail(n - m) - stirling_tail(k)
                - stirling_tail(n - k))


def btrs_constants(n: Any, p: Any) -> tuple:
    """(a, b, c, v_r, alpha) of BTRS for count n and probability p <= 1/2."""
    stddev = np.sqrt(n * p * (1 - p))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * p
    return a, b, n * p + 0.5, 0.92 - 4.2 / b, (2.83 + 5.1 / b) * stddev


def _inversion(key: int, counter: int, rows: np.ndarray, n: np.ndarray,
               p: np.ndarray) -> np.ndarray:
    """Successes counted by geometric waiting times (each at least 1) until their sum
    passes n. Rounds of blocks twice as many as the last; a round's running sums by one
    accumulate (the same sums, in the same order): the sums only grow, so a round holds
    the stop when its last sum passes n."""
    out = np.empty(rows.size)
    total = np.zeros(rows.size)
    log_q = map_libm(math.log1p, -p)
    todo = np.arange(rows.size)
    used, width = 0, 1
    while todo.size:
        u = block_uniforms(stream_blocks(key, counter, rows[todo], used, width,
                                         INVERSION_BLOCKS)).reshape(todo.size, 2 * width)
        with np.errstate(over="ignore"):
            waits = np.ceil(c_log(u) / log_q[todo, None])
        waits[:, 0] += total[todo]
        np.add.accumulate(waits, axis=1, out=waits)
        last, limit = waits[:, -1], n[todo]
        done = last > limit
        d = np.flatnonzero(done)
        out[todo[d]] = 2 * used + np.count_nonzero(waits[d] <= limit[d, None], axis=1)
        total[todo] = last
        todo = todo[~done]
        used += width
        width *= 2
    return out


def _btrs(key: int, counter: int, rows: np.ndarray, n: np.ndarray, p: np.ndarray) -> np.ndarray:
    """Hormann's BTRS: an attempt a block (u from its second uniform, v from its first)."""
    out = np.zeros(rows.size)
    a, b, c, v_r, alpha = btrs_constants(n, p)
    todo = np.arange(rows.size)
    attempt = 0
    while todo.size:
        uv = block_uniforms(stream_blocks(key, counter, rows[todo], attempt, 1))[:, 0]
        u, v = uv[:, 0] - 0.5, uv[:, 1]
        us = 0.5 - np.abs(u)
        with np.errstate(invalid="ignore"):  # (an infinite count gives inf or NaN, as TF)
            k = np.floor((2 * a[todo] / us + b[todo]) * u + c[todo])
        accept = (us >= 0.07) & (v <= v_r[todo])
        nt = n[todo]
        # (an infinite count: TF's bound is NaN, never accepting)
        test = np.flatnonzero(~accept & ~((k < 0) | (k > nt)) & np.isfinite(k) & np.isfinite(nt))
        if test.size:
            j, kt, ut = todo[test], k[test], us[test]
            lv = c_log(v[test] * alpha[j] / (a[j] / (ut * ut) + b[j]))
            accept[test] = lv <= btrs_bound(n[j], p[j], kt)
        out[todo[accept]] = k[accept]
        todo = todo[~accept]
        attempt += 1
    return out


def binomial_values(key: int, counter: int, counts: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """One draw per output (counts and probs in the op's dtype), as float64."""
    size = counts.size
    res = np.zeros(size)
    one = probs.dtype.type(1)
    every = (probs >= one) & ~(counts <= 0)  # (a count <= 0 draws 0 whatever p is, a NaN
    # count NaN, as TF)
    res[every] = counts[every]
    draw = ~(counts <= 0) & ~(probs <= 0) & ~(probs >= one)
    res[draw & (np.isnan(probs) | np.isnan(counts))] = np.nan
    draw &= ~np.isnan(probs) & ~np.isnan(counts)
    high = draw & (probs > probs.dtype.type(0.5))
    q = np.where(high, one - probs, probs)
    with np.errstate(over="ignore", invalid="ignore"):
        big = counts * q >= counts.dtype.type(10)
    n64, q64 = counts.astype(np.float64), q.astype(np.float64)
    for method, rows in ((_btrs, np.flatnonzero(draw & big)),
                         (_inversion, np.flatnonzero(draw & ~big))):
        for first in range(0, rows.size, _STRETCH):  # (a stretch's blocks stay in cache)
            part = rows[first:first + _STRETCH]
            res[part] = method(key, counter, part, n64[part], q64[part])
    res[high] = n64[high] - res[high]
    return res


# ---------------------------------------------------------------------------------------
# StatelessRandomBinomial: inputs seed, counts, probs; `shape` ends with their broadcast.
# ---------------------------------------------------------------------------------------

_NAME = "StatelessRandomBinomial"


def _infer(seed: Any, counts: Any, probs: Any, shape: tuple, dtype: dt.DType) -> list:
    S._check_seed(_NAME, seed)
    if counts._dtype not in _T:
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node {_NAME}}}}} "
                                        f"= {_NAME}[T=DT_{counts._dtype.name.upper()}, dtype="
                                        f"DT_{dt.as_dtype(dtype).name.upper()}] [Op:{_NAME}]")
    C.same_dtype(_NAME, (counts, probs), _T)
    C.dtype_attr(_NAME, dtype, "dtype", _OUT)
    R.check_shape(_NAME, shape, dtype)
    b = C.broadcast(_NAME, counts._shape, probs._shape)
    if b is not None and (len(b) > len(shape) or (b and tuple(shape[-len(b):]) != tuple(b))):
        raise C.fail(_NAME, "Shape passed in must end with broadcasted shape.")
    return [(tuple(shape), dtype)]


def _draw(xp: Any, key: int, counter: int, counts: Any, probs: Any, shape: tuple,
          dtype: dt.DType) -> Any:
    """The samples of `shape` from the stream at (key, counter), sample by sample."""
    size = math.prod(shape)
    if size == 0:
        return xp.zeros(shape, dtype=dtype.as_numpy_dtype)
    both = np.broadcast_shapes(counts.shape, probs.shape)
    n = np.broadcast_to(np.asarray(counts), both).reshape(-1)
    p = np.broadcast_to(np.asarray(probs), both).reshape(-1)
    samples = size // n.size
    vals = binomial_values(key, counter, np.repeat(n, samples), np.repeat(p, samples))
    with np.errstate(invalid="ignore"):  # (NaN to an integer: TF's cast gives INT_MIN too)
        out = sample_major(vals, n.size, samples, dtype.as_numpy_dtype)
    return xp.asarray(out.reshape(shape))


def _kernel(xp: Any, seed: Any, counts: Any, probs: Any, shape: tuple, dtype: dt.DType) -> Any:
    key, counter = philox.scramble_seed(int(seed[0]), int(seed[1]))
    return _draw(xp, key, counter, counts, probs, shape, dtype)


def _reference(seed: np.ndarray, counts: np.ndarray, probs: np.ndarray, shape: tuple,
               dtype: dt.DType) -> Any:
    key, counter = ref.scramble(int(seed[0]), int(seed[1]))
    both = np.broadcast_shapes(counts.shape, probs.shape)
    n = np.broadcast_to(counts, both).reshape(-1)
    p = np.broadcast_to(probs, both).reshape(-1)
    samples = math.prod(shape) // max(n.size, 1)
    vals = [[ref.binomial(key, counter, n[j], p[j], j * samples + s) for j in range(n.size)]
            for s in range(samples)]
    return np.array(vals, np.float64).astype(dtype.as_numpy_dtype).reshape(shape)


STATELESS_BINOMIAL = register(OpDef(
    _NAME, _infer, _kernel, reference=_reference,
    gpu=False,  # host arithmetic (the C library's log and log1p per draw)
    samples=lambda: [
        Sample((S._SEED, np.array([0.0, 3.0, 25.0, 7.5], np.float32),
                np.array([0.5, 0.2, 0.3, 0.9], np.float32)), {"shape": (3, 4), "dtype": dt.int32},
               grad=False),
        Sample((S._SEED, np.float64(400.0), np.array([[0.01], [0.6]])),
               {"shape": (3, 2, 1), "dtype": dt.float64}, grad=False)],
    bad_samples=lambda: [
        BadSample((S._SEED, np.array([1.0, 2.0], np.float32), np.float32(0.5)),
                  {"shape": (3,), "dtype": dt.int32}, InvalidArgumentError,
                  "Shape passed in must end with broadcasted shape."),
        BadSample((S._SEED, np.array([1, 2], np.int32), np.array([1, 0], np.int32)),
                  {"shape": (2,), "dtype": dt.int32}, NotFoundError, "Could not find device")],
))


# ---------------------------------------------------------------------------------------
# StatefulRandomBinomial: inputs a Generator's state value, algorithm, counts, probs;
# outputs the samples and the state advanced past them.
# ---------------------------------------------------------------------------------------

_SNAME = "StatefulRandomBinomial"
_M64 = (1 << 64) - 1


def _no_kernel(counts: dt.DType, dtype: dt.DType) -> InvalidArgumentError:
    kernels = "".join(f"\n  device='CPU'; dtype in [DT_{o}]; T in [DT_{t}]"
                      for o in ("INT64", "INT32", "DOUBLE", "FLOAT", "HALF")
                      for t in ("DOUBLE", "FLOAT", "HALF"))
    return InvalidArgumentError(
        None, None, f"No OpKernel was registered to support Op '{_SNAME}' used by {{{{node "
                    f"{_SNAME}}}}} with these attrs: [T=DT_{counts.name.upper()}, S=DT_INT32, "
                    f"dtype=DT_{dtype.name.upper()}]\nRegistered devices: [CPU]\nRegistered "
                    f"kernels:{kernels}\n\n\t [[{_SNAME}]] [Op:{_SNAME}]")


def _batches(shape: tuple, counts: tuple, probs: tuple) -> tuple:
    """(batches, samples per batch): the broadcast parameters' size, and the rest."""
    rank = len(np.broadcast_shapes(counts, probs))
    return math.prod(shape[len(shape) - rank:]), math.prod(shape[:len(shape) - rank])


def skip_for(shape: tuple, counts: tuple, probs: tuple) -> int:
    """How many values (of 256 blocks) TF reserves for a binomial draw of `shape`."""
    batches, per_batch = _batches(shape, counts, probs)
    return batches * 2 * 100 * (per_batch + 3) // 4


def _stateful_infer(state: Any, alg: Any, counts: Any, probs: Any, shape: tuple,
                    dtype: dt.DType) -> list:
    op = _SNAME
    if C.dtype_attr(op, dtype, "dtype") not in _OUT:  # (TF's op lists them in this order)
        raise C.fail(op, f"Value for attr 'dtype' of {C.dtype_word(dtype)} is not in the list "
                         f"of allowed values: half, float, double, int32, int64\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")
    if counts._dtype not in _T:
        raise _no_kernel(counts._dtype, dtype)
    C.same_dtype(op, (counts, probs), _T, first_index=3)
    C.check_dtype(op, state, frozenset((dt.int64,)), "state")
    C.check_dtype(op, alg, frozenset((dt.int64,)), "algorithm")
    b = None
    if counts._shape is not None and probs._shape is not None:
        try:
            b = np.broadcast_shapes(counts._shape, probs._shape)
        except ValueError:
            raise C.fail(op, f"counts and probs must have compatible batch dimensions: "
                             f"{C.shape_str(counts._shape)} vs. {C.shape_str(probs._shape)}"
                         ) from None
    R.check_shape(op, shape, dtype)
    if b is not None and (len(b) > len(shape) or (b and tuple(shape[-len(b):]) != tuple(b))):
        raise C.fail(op, "Shape passed in must end with broadcasted shape.")
    if alg._shape is not None and alg._shape != ():
        raise C.fail(op, f"algorithm must be of shape [], not {C.shape_str(alg._shape)}")
    if state._shape is not None and len(state._shape) != 1:
        raise C.fail(op, f"RNG state must have one and only one dimension, not "
                         f"{len(state._shape)}")
    return [(tuple(shape), dtype), (state._shape, dt.int64)]


def _stateful_kernel(xp: Any, state: Any, alg: Any, counts: Any, probs: Any, shape: tuple,
                     dtype: dt.DType) -> tuple:
    if int(alg) != 1:  # Philox only
        raise C.fail(_SNAME, f"Unsupported algorithm id: {int(alg)}")
    if state.size < 3:
        raise C.fail(_SNAME, f"For Philox algorithm, the size of state must be at least 3; "
                             f"got {state.size}")
    words = [int(v) & _M64 for v in np.asarray(state).tolist()]
    counter = words[0] | (words[1] << 64)
    moved = (counter + skip_for(shape, counts.shape, probs.shape) * D.SAMPLES_PER_OUTPUT) \
        & philox.M128
    new = np.array([moved & _M64, moved >> 64] + words[2:], np.uint64).view(np.int64)
    return (_draw(xp, words[2], counter, counts, probs, shape, dtype), xp.asarray(new))


def _stateful_reference(state: np.ndarray, alg: Any, counts: np.ndarray, probs: np.ndarray,
                        shape: tuple, dtype: dt.DType) -> tuple:
    lo, hi, key = (int(v) % 2**64 for v in state[:3])
    n = np.broadcast_to(counts, np.broadcast_shapes(counts.shape, probs.shape)).reshape(-1)
    p = np.broadcast_to(probs, np.broadcast_shapes(counts.shape, probs.shape)).reshape(-1)
    samples = math.prod(shape) // max(n.size, 1)
    vals = [[ref.binomial(key, lo + hi * 2**64, n[j], p[j], j * samples + s)
             for j in range(n.size)] for s in range(samples)]
    batches, per_batch = n.size, samples
    c = (lo + hi * 2**64 + batches * 200 * (per_batch + 3) // 4 * 256) % 2**128
    new = [v - 2**64 if v >= 2**63 else v for v in (c % 2**64, c // 2**64)]
    return (np.array(vals, np.float64).astype(dtype.as_numpy_dtype).reshape(shape),
            np.array(new + list(state[2:]), np.int64))


def _stateful_to_tf(op: Any, w: Any) -> list:
    """TF's op draws from the state variable itself and moves it on; the state it leaves
    is read after it (the exporter orders effects), for the assignment that follows."""
    read = op.inputs[0]._op
    while read.type == "Identity":  # (read_value's copy of its read)
        read = read.inputs[0]._op
    if read.type != "ReadVariableOp":
        raise ValueError(f"{_SNAME} draws from a state variable; here its state is "
                         f"computed by {read.type}")
    var = read.inputs[0]
    shape = w.const(np.array(op.attrs["shape"], np.int32))
    samples = w.node(_SNAME, [w.resource(var), w.input(1), shape, w.input(2), w.input(3)],
                     {"dtype": op.attrs["dtype"]})
    return samples + w.node("ReadVariableOp", [w.resource(var)], {"dtype": dt.int64})


def state_variable(h: Any, op: str) -> Any:
    """The state variable a resource argument names (a variable or its handle)."""
    if not is_tf_variable(h) and held_handle(h) is None:
        raise TypeError(f"{op}: input 'resource' must be a state variable's handle, not {h!r}")
    return handle_variable(h, op)


def _stateful_from_tf(node: Any) -> Any:
    """TF's node (the state variable, algorithm, shape, counts, probs): draw, assign."""
    _, alg, _, counts, probs = node.inputs
    var = state_variable(node.inputs[0], _SNAME)
    attrs = {"shape": tuple(int(d) for d in np.asarray(node.const(2)).reshape(-1)),
             "dtype": node.attrs["dtype"]}
    samples, new = bind(STATEFUL_BINOMIAL, (var.read_value(), alg, counts, probs), attrs)
    var.assign(new)
    return samples


STATEFUL_BINOMIAL = register(OpDef(
    _SNAME, _stateful_infer, _stateful_kernel, reference=_stateful_reference, num_outputs=2,
    gpu=False,  # host arithmetic, as StatelessRandomBinomial
    samples=lambda: [
        Sample((np.array([5, 0, 0], np.int64), np.int64(1),
                np.array([0.0, 3.0, 25.0, 7.5], np.float32),
                np.array([0.5, 0.2, 0.3, 0.9], np.float32)), {"shape": (3, 4), "dtype": dt.int32},
               grad=False),
        Sample((np.array([-7, -1, 12], np.int64), np.int64(1), np.float64(400.0),
                np.array([[0.01], [0.6]])), {"shape": (3, 2, 1), "dtype": dt.float64},
               grad=False),
        Sample((np.array([9, 0, 3], np.int64), np.int64(1), np.array([5.0, 2.0], np.float16),
                np.float16(0.5)), {"shape": (0, 2), "dtype": dt.int64}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([5, 0, 0], np.int64), np.int64(1), np.array([1.0, 2.0], np.float32),
                   np.float32(0.5)), {"shape": (3,), "dtype": dt.int32}, InvalidArgumentError,
                  "Shape passed in must end with broadcasted shape."),
        BadSample((np.array([5, 0, 0], np.int64), np.int64(3), np.float32(4.0), np.float32(0.5)),
                  {"shape": (2,), "dtype": dt.int32}, InvalidArgumentError,
                  "Unsupported algorithm id: 3"),
        BadSample((np.array([5, 0, 0], np.int64), np.int64(1), np.array([1, 2], np.int32),
                   np.array([1, 0], np.int32)), {"shape": (2,), "dtype": dt.int32},
                  InvalidArgumentError, "No OpKernel was registered")],
    tf=TFForm(export=_stateful_to_tf, load=_stateful_from_tf, takes_handles=True),
))


def stateful_binomial(state: Any, alg: int, shape: Any, counts: Any, probs: Any,
                      dtype: Any = dt.int32) -> tuple:
    """(samples, the state after them) for a Generator's state value; TF converts counts
    and probs as they come (an integer count finds no kernel)."""
    return bind(STATEFUL_BINOMIAL, (state, convert_to_tensor(alg, dtype=dt.int64),
                                    convert_to_tensor(counts), convert_to_tensor(probs)),
                {"shape": R._static_shape(shape, _SNAME), "dtype": dt.as_dtype(dtype)})


@dispatch_binding
def stateless_binomial(shape: Any, seed: Any, counts: Any, probs: Any,
                       output_dtype: Any = dt.int32, name: str | None = None) -> Any:
    """Binomial draws that depend only on `seed`; `shape` ends with broadcast(counts, probs)."""
    p = convert_to_tensor(probs, dtype_hint=dt.float32)
    n = convert_to_tensor(counts, dtype_hint=p.dtype)
    output_dtype = AV.make_type(output_dtype, "dtype")  # (the op's attr, read first)
    shape = R._static_shape(shape, _NAME, output_dtype)
    key = S.seed_tensor(seed)
    R.dtype_attr_first(_NAME, output_dtype)  # (before the kernel's seed check)
    return S.bind_seeded(STATELESS_BINOMIAL, (key, n, p),
                         {"shape": shape, "dtype": output_dtype}, (seed,), name)
