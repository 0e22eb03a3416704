"""The k-means helpers of TF's clustering ops (tf.compat.v1's KMeans estimator's):
NearestNeighbors, KMC2ChainInitialization and KmeansPlusPlusInitialization.

Ops layer, after philox (their seeded draws), loaded on first use. All are host-only and
have no gradient, as in TF. Distances are squared Euclidean, from the points' and centers'
half squared norms less their products in float32 (clamped at zero, as TF's rounding can
make them negative, then doubled), ties going to the lower center index. KMC2's Markov
chain and k-means++ seeding draw as TF's kernels do (TF's SimplePhilox over a Philox
stream keyed by the seed: a float in [0, 1) per 32-bit word, integers by rejection from
64-bit draws), so a seed picks TF's index and TF's points.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_F32 = np.float32
# k-means++'s bounds on work where TF's loops would run for hours: candidates per point,
# and redraws of points already taken
_MAX_TRIES = 4096
_MAX_REDRAWS = 1 << 16


def _check(op: str, inputs: tuple, dtypes: tuple) -> None:
    for i, (t, d) in enumerate(zip(inputs, dtypes)):
        if t._dtype is not d:
            raise C.wrong_input_dtype(op, i, d, t._dtype)


def _rank(op: str, t: Any, rank: int, what: str) -> None:
    if t._shape is not None and len(t._shape) != rank:
        kind = {0: "a scalar", 1: "a vector", 2: "a matrix"}[rank]
        raise C.fail(op, f"Input {what} should be {kind}.")


def _held(a: Any) -> SimpleNamespace:
    """A kernel's array as the shape checks read a tensor: a graph's inputs of unknown
    shape are checked when it runs, with the same words."""
    return SimpleNamespace(_shape=np.shape(a), _arr=a)


def _value(t: Any) -> int | None:
    """A scalar input's value where known (eagerly; a graph's at run time). An eager
    tensor may live on a GPU (a Python number converted on the default device) while
    infer reads it: its value comes to the host, where TF's CPU-only kernel reads it."""
    a = getattr(t, "_arr", None)
    if a is None:
        return None
    a = to_host(a)
    return None if a.ndim else int(a)


def _uniforms(seed: int, n: int) -> np.ndarray:
    """TF's SimplePhilox::RandFloat draws: the stream keyed by the seed, each 32-bit word's
    low 23 bits as the mantissa of a float in [1, 2), less one."""
    words = np.asarray(philox.words(np, seed & philox.M64, 0, n), np.uint64).astype(np.uint32)
    return ((words & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)).view(_F32) - _F32(1)


def _squared_distances(points: np.ndarray, centers: np.ndarray) -> np.ndarray:
    """Twice the half squared distances TF sums: half norms less the products (float32;
    its products' summation order, not TF's, so the last bit may differ)."""
    p = points.astype(_F32)
    c = centers.astype(_F32)
    with np.errstate(all="ignore"):
        half = ((_F32(0.5) * (p * p).sum(1))[:, None] - (p @ c.T)) + \
            (_F32(0.5) * (c * c).sum(1))[None, :]
    return (_F32(2) * np.where(half < 0, _F32(0), half)).astype(_F32)


# ---------------------------------------------------------------------------------------
# NearestNeighbors

def _nn_infer(points: Any, centers: Any, k: Any) -> list:
    _check("NearestNeighbors", (points, centers, k), (dt.float32, dt.float32, dt.int64))
    return _nn_shapes(points, centers, k)


def _nn_shapes(points: Any, centers: Any, k: Any) -> list:
    op = "NearestNeighbors"
    _rank(op, points, 2, "points")
    _rank(op, centers, 2, "centers")
    _rank(op, k, 0, "k")
    p, c = points._shape, centers._shape
    if p is not None and c is not None and None not in (p[1], c[1]) and p[1] != c[1]:
        raise C.fail(op, f"Expected point_dimensions == center_dimensions: {p[1]} vs {c[1]}.")
    if p is not None and p[0] == 0:
        raise C.fail(op, "Expected points.rows() > 0.")
    n = _value(k)
    if n is not None and n < 0:  # (TF's kernel aborts the process here)
        raise C.fail(op, f"Expected shape dimensions to be non-negative, got {n}")
    cols = None if n is None or c is None or c[0] is None else min(n, c[0])
    rows = None if p is None else p[0]
    return [((rows, cols), dt.int64), ((rows, cols), dt.float32)]


def _nn_kernel(xp: Any, points: np.ndarray, centers: np.ndarray, k: Any) -> tuple:
    _nn_shapes(_held(points), _held(centers), _held(k))
    n = min(int(k), centers.shape[0])
    d = _squared_distances(points, centers)
    order = np.argsort(d, axis=1, kind="stable")[:, :n]
    return order.astype(np.int64), np.take_along_axis(d, order, axis=1)


def _nn_reference(points: np.ndarray, centers: np.ndarray, k: Any) -> tuple:
    """Row by row: the centers sorted by exact float64 squared distance, then index."""
    n = min(int(k), len(centers))
    idx, dist = [], []
    for p in points.astype(np.float64):
        d = [float(((p - c) ** 2).sum()) for c in centers.astype(np.float64)]
        best = sorted(range(len(d)), key=lambda j: (d[j], j))[:n]
        idx.append(best)
        dist.append([d[j] for j in best])
    return (np.array(idx, np.int64).reshape(len(points), n),
            np.array(dist, _F32).reshape(len(points), n))


def _nn_samples() -> list:
    rng = np.random.default_rng(21)
    points = rng.uniform(-3, 3, (6, 3)).astype(_F32)
    centers = rng.uniform(-3, 3, (4, 3)).astype(_F32)
    return [Sample((points, centers, np.int64(2)), grad=False),
            Sample((points, centers, np.int64(9)), grad=False),
            Sample((points, centers[:0], np.int64(1)), grad=False),
            Sample((points[:2], centers, np.int64(0)), grad=False)]


def _nn_bad() -> list:
    p = np.ones((3, 2), _F32)
    return [BadSample((p[0], p, np.int64(1)), {}, InvalidArgumentError,
                      "Input points should be a matrix."),
            BadSample((p, p[0], np.int64(1)), {}, InvalidArgumentError,
                      "Input centers should be a matrix."),
            BadSample((p, p, np.array([1], np.int64)), {}, InvalidArgumentError,
                      "Input k should be a scalar."),
            BadSample((p, np.ones((2, 3), _F32), np.int64(1)), {}, InvalidArgumentError,
                      "Expected point_dimensions == center_dimensions: 2 vs 3."),
            BadSample((p[:0], p, np.int64(1)), {}, InvalidArgumentError,
                      "Expected points.rows() > 0."),
            BadSample((p, p, np.int32(1)), {}, InvalidArgumentError,
                      "expected to be a int64 tensor but is a int32 tensor")]


NEAREST_NEIGHBORS = register(OpDef(
    "NearestNeighbors", _nn_infer, _nn_kernel, grad=C.no_gradient, reference=_nn_reference,
    samples=_nn_samples, bad_samples=_nn_bad, num_outputs=2, host_inputs=(2,), gpu=False))


# ---------------------------------------------------------------------------------------
# KMC2ChainInitialization

def _kmc2_infer(distances: Any, seed: Any) -> list:
    _check("KMC2ChainInitialization", (distances, seed), (dt.float32, dt.int64))
    return _kmc2_shapes(distances, seed)


def _kmc2_shapes(distances: Any, seed: Any) -> list:
    op = "KMC2ChainInitialization"
    _rank(op, distances, 1, "distances")
    _rank(op, seed, 0, "seed")
    if distances._shape is not None and distances._shape[0] == 0:
        raise C.fail(op, "Expected distances_tensor.size() > 0.")
    return [((), dt.int64)]


def _kmc2_kernel(xp: Any, distances: np.ndarray, seed: Any) -> np.ndarray:
    _kmc2_shapes(_held(distances), _held(seed))
    # the chain starts at the first point; point i replaces the current one when its
    # distance beats a uniform times the current one's (one draw per point)
    draws = _uniforms(int(seed), distances.shape[0] - 1)
    selected, best = 0, distances[0]
    with np.errstate(all="ignore"):
        for i in range(1, distances.shape[0]):
            if distances[i] > draws[i - 1] * best:
                selected, best = i, distances[i]
    return np.int64(selected)


def _kmc2_reference(distances: np.ndarray, seed: Any) -> np.ndarray:
    """The chain with its uniforms made from Philox blocks one at a time."""
    key = int(seed) & philox.M64
    selected = 0
    for i in range(1, len(distances)):
        word = philox.block(key, (i - 1) // 4)[(i - 1) % 4]
        u = float(np.array((word & 0x7FFFFF) | (127 << 23), np.uint32).view(_F32)) - 1.0
        if distances[i] > _F32(u) * distances[selected]:
            selected = i
    return np.int64(selected)


KMC2_CHAIN_INITIALIZATION = register(OpDef(
    "KMC2ChainInitialization", _kmc2_infer, _kmc2_kernel, grad=C.no_gradient,
    reference=_kmc2_reference,
    samples=lambda: [
        Sample((np.linspace(3, 0.1, 12).astype(_F32), np.int64(7)), grad=False),
        Sample((np.random.default_rng(22).uniform(0, 1, 30).astype(_F32), np.int64(-5)),
               grad=False),
        Sample((np.zeros(4, _F32), np.int64(1)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.zeros(0, _F32), np.int64(1)), {}, InvalidArgumentError,
                  "Expected distances_tensor.size() > 0."),
        BadSample((np.zeros((1, 1), _F32), np.int64(1)), {}, InvalidArgumentError,
                  "Input distances should be a vector."),
        BadSample((np.ones(2, _F32), np.array([1], np.int64)), {}, InvalidArgumentError,
                  "Input seed should be a scalar.")],
    host_inputs=(1,), gpu=False))


# ---------------------------------------------------------------------------------------
# KmeansPlusPlusInitialization

def _kmpp_infer(points: Any, num_to_sample: Any, seed: Any, num_retries: Any) -> list:
    _check("KmeansPlusPlusInitialization", (points, num_to_sample, seed, num_retries),
           (dt.float32, dt.int64, dt.int64, dt.int64))
    return _kmpp_shapes(points, num_to_sample, seed, num_retries)


def _kmpp_shapes(points: Any, num_to_sample: Any, seed: Any, num_retries: Any) -> list:
    op = "KmeansPlusPlusInitialization"
    _rank(op, points, 2, "points")
    _rank(op, num_to_sample, 0, "num_to_sample")
    _rank(op, seed, 0, "seed")
    _rank(op, num_retries, 0, "num_retries_per_sample")
    rows = None if points._shape is None else points._shape[0]
    n = _value(num_to_sample)
    if rows == 0:
        raise C.fail(op, "Expected points.rows() > 0.")
    if n is not None and n <= 0:
        raise C.fail(op, "Expected num_to_sample > 0.")
    if n is not None and rows is not None and n > rows:
        raise C.fail(op, f"Expected num_to_sample <= points.rows(). {n} vs {rows}.")
    return [((n, None if points._shape is None else points._shape[1]), dt.float32)]


class _SimplePhilox:
    """TF's SimplePhilox: the Philox stream keyed by the seed, read one 32-bit word at a
    time (a block of four per counter step)."""

    def __init__(self, seed: int) -> None:
        self._key, self._counter, self._words = seed & philox.M64, 0, []

    def rand32(self) -> int:
        if not self._words:
            self._words = list(philox.block(self._key, self._counter))[::-1]
            self._counter += 1
        return self._words.pop()

    def rand_float(self) -> np.float32:
        return _F32(np.uint32((self.rand32() & 0x7FFFFF) | (127 << 23)).view(_F32) - _F32(1))

    def uniform64(self, n: int) -> int:
        """An integer in [0, n) by rejection: 64-bit draws (low word first) below
        2**64 mod n are refused, so every residue is equally likely."""
        if n & (n - 1) == 0:
            return (self.rand32() | self.rand32() << 32) & (n - 1)
        refuse = (philox.M64 % n) + 1
        while True:
            r = self.rand32() | self.rand32() << 32
            if r >= refuse:
                return r % n


def _upper_bound(cumsum: np.ndarray, v: np.float32) -> int:
    """The first position whose running total exceeds v (C++'s upper_bound: its halving
    search, whose answer for NaN or for running totals that fall is TF's)."""
    lo, count = 0, len(cumsum)
    while count > 0:
        step = count // 2
        if not v < cumsum[lo + step]:
            lo, count = lo + step + 1, count - step - 1
        else:
            count = step
    return lo


def _kmpp_indices(points: np.ndarray, n: int, seed: int, retries: int) -> list:
    """k-means++ as TF's kernel: each point the best (least total half squared distance to
    the points taken) of 1 + retries candidates, the first candidates drawn uniformly, the
    later ones with probability proportional to that distance, a point taken refused and
    drawn again. All sums in float32, as TF's."""
    rows = points.shape[0]
    tries = 1 + (retries if retries >= 0 else 2 + int(math.log(n)))
    # (TF evaluates every candidate; past a bound its loop would run for days)
    tries = min(tries, max(rows, _MAX_TRIES))
    p = points.astype(_F32)
    half = _F32(0.5) * (p * p).sum(1, dtype=_F32)
    rng = _SimplePhilox(seed)
    nearest = np.full(rows, np.inf, _F32)
    taken: list = []
    for i in range(n):
        cumsum = np.cumsum(nearest, dtype=_F32)
        # (no finite candidate, as with points not finite: TF takes the first point and
        # carries on with uninitialized distances; the distances so far stand in here)
        best = (0, _F32(np.inf), nearest)
        for _ in range(tries):
            pick = _draw(rng, cumsum, set(taken), i == 0)
            # (past the last point TF reads beyond its buffer; the last point stands in)
            row = min(pick, rows - 1)
            d = (half - p @ p[row]) + half[row]
            after = np.where(d < nearest, d, nearest)  # (Eigen's min: a NaN distance kept out)
            potential = after.sum(dtype=_F32)
            if tries == 1 or potential < best[1]:
                best = (row, potential, after)
        taken.append(best[0])
        nearest = best[2]
    return taken


def _draw(rng: _SimplePhilox, cumsum: np.ndarray, taken: set, first: bool) -> int:
    """One candidate: uniform for the first point, else where a uniform times the total
    lands in the running totals; a point already taken is drawn again."""
    rows = len(cumsum)
    for _ in range(_MAX_REDRAWS):
        pick = rng.uniform64(rows) if first else \
            _upper_bound(cumsum, rng.rand_float() * cumsum[-1])
        if pick not in taken:
            return pick
    # (TF redraws forever when only points taken carry distance)
    raise C.fail("KmeansPlusPlusInitialization", "every point left to sample lies at "
                 "distance zero from the points taken: the sampler cannot draw one")


def _kmpp_kernel(xp: Any, points: np.ndarray, num_to_sample: Any, seed: Any,
                 num_retries: Any) -> np.ndarray:
    _kmpp_shapes(*map(_held, (points, num_to_sample, seed, num_retries)))
    n = int(num_to_sample)
    C.check_size("KmeansPlusPlusInitialization", (n, points.shape[1]), dt.float32)
    with np.errstate(all="ignore"):
        return points[_kmpp_indices(points, n, int(seed), int(num_retries))]


KMEANS_PLUS_PLUS_INITIALIZATION = register(OpDef(
    "KmeansPlusPlusInitialization", _kmpp_infer, _kmpp_kernel, grad=C.no_gradient,
    # (no independent sampler to compare with: the reference replays the kernel's draws)
    reference=lambda points, n, seed, retries: points[
        _kmpp_indices(points, int(n), int(seed), int(retries))],
    samples=lambda: [
        Sample((np.random.default_rng(23).normal(size=(12, 2)).astype(_F32), np.int64(3),
                np.int64(5), np.int64(-1)), grad=False),
        Sample((np.ones((4, 3), _F32), np.int64(4), np.int64(1), np.int64(0)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((3, 2), _F32), np.int64(4), np.int64(1), np.int64(-1)), {},
                  InvalidArgumentError, "Expected num_to_sample <= points.rows(). 4 vs 3."),
        BadSample((np.ones((3, 2), _F32), np.int64(0), np.int64(1), np.int64(-1)), {},
                  InvalidArgumentError, "Expected num_to_sample > 0."),
        BadSample((np.ones(2, _F32), np.int64(1), np.int64(1), np.int64(-1)), {},
                  InvalidArgumentError, "Input points should be a matrix."),
        BadSample((np.ones((3, 2), _F32), np.int64(1), np.int64(1), np.array([1], np.int64)),
                  {}, InvalidArgumentError,
                  "Input num_retries_per_sample should be a scalar.")],
    host_inputs=(1, 2, 3), gpu=False))
