"""TF's GPU kernels of two rejection samplers, over a device's arrays: the stateless gamma
draws (StatelessRandomGammaV3, and V2 from a seed) and ParameterizedTruncatedNormal's.

Sits in the ops layer after random_dists.py (a block's normals and uniforms) and under the
ops that run these kernels on a GPU (random_gamma.py, random_truncated.py; their CPU
kernels give TF's CPU numbers). TF's GPU kernels give each output a thread that draws
until it accepts. Here the outputs draw together, a few attempts at a time, each attempt
computed for every output in play, so that no decision is read back. Between those runs
the host reads one number, how many outputs are still drawing (a sync on a GPU): after 4
attempts, then after as many again as were run so far (8, 16, ...). The outputs still
drawing are then gathered on the device (their count is known: no other sync), and only
they go on. A call reads once when every output is done within 4 attempts, as nearly all
are.

- Gamma: TF's GPU kernel lays out the stream as its CPU kernel does. Output i draws from
  block 256 i on; it takes normals and uniforms (float64, two a block) from buffers that
  hand out a block's later value first. So the draws are the CPU kernel's, but the
  device's log, log1p and pow (CUDA's on a GPU; glibc's on the CPU) may round a last bit
  differently.
- Truncated normal: TF's GPU kernel is not its CPU kernel's layout. The launch has
  1024 * min(ceil(n / 1024), SMs) threads; thread t takes outputs t, t + threads, ....
  Its first output starts 2000 t blocks into the stream. After an output, it skips
  2000 * threads blocks less 4 for each block it used: TF counts a block as 4 samples
  there but skips in blocks. So the thread's next output starts
  2000 * threads - 3 * used blocks after the last one's start. Each output draws on its
  own, and it drops a block's candidates that it does not use. The arithmetic is in the
  dtype (half too). The randn method is taken when 1.7 sds (1.3 on the CPU) lie inside
  the bounds. After 1000 rejected candidates the output is NaN (the CPU raises). Invalid
  parameters give NaN (the CPU raises InvalidArgumentError).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import multiprocessors
from eagerflow._src.ops import philox
from eagerflow._src.ops import random_dists as D

_FIRST_READ = 4  # attempts before the host first asks how many outputs are drawing
_MOST_PER_READ = 64  # (and at most this many between reads: a pass's arrays stay small)


def _gathered(xp: Any, left: Any, count: int) -> Any:
    """The positions where `left` holds, in order, given their count (known on the host):
    a scatter to each one's rank, so nothing is read back (CuPy's flatnonzero would read
    the count again)."""
    rank = xp.where(left, xp.cumsum(left) - 1, count)  # (the rest onto a spare slot)
    rows = xp.empty(count + 1, xp.int64)
    rows[rank] = xp.arange(left.shape[0])
    return rows[:count]


def until_done(xp: Any, sampler: Any, limit: int | None = None) -> int:
    """Runs `sampler.attempts(k)` (k attempts of each output in play) until no output is
    drawing: the host reads `sampler.drawing()`'s count after 4 attempts, then after as
    many again as were run (8, 16, ..., 64 at most), and narrows the play to the outputs
    still drawing (`sampler.keep(rows)`). `limit`: the attempts after which every output
    is done for certain (nothing more is read). Returns the number of reads."""
    run = reads = 0
    while True:
        k = min(max(_FIRST_READ, run), _MOST_PER_READ)
        if limit is not None:
            k = min(k, limit - run)
        sampler.attempts(k)
        run += k
        if limit is not None and run >= limit:
            return reads
        left = sampler.drawing()
        count = int(xp.count_nonzero(left))  # (the one read back)
        reads += 1
        if not count:
            return reads
        sampler.keep(_gathered(xp, left, count))


# ---------------------------------------------------------------------------------------
# Gamma (StatelessRandomGammaV3): Marsaglia and Tsang in float64, TF's CPU layout.
# ---------------------------------------------------------------------------------------

class _Buffers:
    """Each output's stream (from block 256 i) with its buffers of two normals and of two
    uniforms, a block's later value handed out first (TF's RandomSampleBuffer). An
    attempt takes at most three blocks an output (a normal, a uniform, a uniform): the
    next three are computed at its start for every output in play, in one pass. A take
    keeps the next of them where the output wants a value and its buffer of that kind is
    empty."""

    def __init__(self, xp: Any, key: Any, counter: Any, n: int) -> None:
        self.xp, self.key, self.counter = xp, key, counter
        self.start = xp.arange(n, dtype=xp.uint64) * xp.uint64(D.SAMPLES_PER_OUTPUT)
        self.used = xp.zeros(n, xp.uint64)
        self.held = {kind: (xp.zeros((n, 2)), xp.zeros(n, xp.int64))
                     for kind in (D.block_normals, D.block_uniforms)}
        self.look_ahead()

    def keep(self, rows: Any) -> None:
        """Only the outputs `rows` (positions among those in play) go on."""
        self.start, self.used = self.start[rows], self.used[rows]
        self.held = {kind: (buf[rows], left[rows]) for kind, (buf, left) in self.held.items()}

    def look_ahead(self) -> None:
        """Computes the next three blocks of each output in play (at an attempt's start)."""
        xp, n = self.xp, self.start.shape[0]
        self.rows = xp.arange(n)
        at = (self.start + self.used)[:, None] + xp.arange(3, dtype=xp.uint64)
        self.ahead = philox.blocks_at(xp, self.key, self.counter, at.reshape(-1)).reshape(
            n, 3, 4)
        self.used_before = self.used

    def block(self) -> Any:
        """The block at each output's next position."""
        return self.ahead[self.rows, (self.used - self.used_before).astype(self.xp.int64)]

    def take(self, want: Any, kind: Callable) -> Any:
        """The next value of `kind` (D.block_normals or D.block_uniforms) of each output
        where `want` (a bool per output); any value elsewhere."""
        xp = self.xp
        buf, left = self.held[kind]
        need = want & (left == 0)
        buf = xp.where(need[:, None], kind(xp, self.block(), np.float64), buf)
        left = xp.where(need, 2, left) - want
        self.used = self.used + need.astype(xp.uint64)  # (a new array: used_before stays)
        self.held[kind] = (buf, left)
        return buf[self.rows, left]


class _Gamma:
    """One gamma draw per output; the outputs in play draw together (until_done)."""

    def __init__(self, xp: Any, key: Any, counter: Any, alpha: Any) -> None:
        self.xp, self.alpha = xp, alpha
        self.draws = _Buffers(xp, key, counter, alpha.shape[0])
        # alpha == 1: an exponential, from the last uniform of the output's first block
        self.out = -xp.log1p(-D.block_uniforms(xp, self.draws.block(), np.float64)[:, 1])
        self.index = xp.arange(alpha.shape[0])  # (the outputs in play)
        self.res = self.out[self.index]
        self.todo = alpha != 1
        self.less = alpha < 1  # (alpha + 1 is drawn, then scaled by u ** (1 / alpha))
        self.d = alpha + xp.where(self.less, 2.0 / 3, -1.0 / 3)
        self.c = (1.0 / 3) / xp.sqrt(self.d)
        self.looked_ahead = True  # (the first attempt's blocks are computed already)

    def attempts(self, k: int) -> None:
        for _ in range(k):
            self.attempt()
        self.out[self.index] = self.res

    def attempt(self) -> None:
        xp, d, todo = self.xp, self.d, self.todo
        if not self.looked_ahead:
            self.draws.look_ahead()
        self.looked_ahead = False
        x = self.draws.take(todo, D.block_normals)
        v = 1 + self.c * x
        ok = todo & ~(v <= 0)  # (a NaN v, of a negative or NaN alpha, goes on to give NaN)
        v = v * v * v
        u = self.draws.take(ok, D.block_uniforms)
        accept = ok & ((u < 1 - 0.0331 * (x * x) * (x * x)) |
                       (xp.log(u) < 0.5 * x * x + d * (1 - v + xp.log(v))))
        small = accept & self.less
        b = self.draws.take(small, D.block_uniforms)
        out = d * v
        out = xp.where(small, out * xp.power(b, 1 / self.alpha), out)
        self.res = xp.where(accept, out, self.res)
        self.todo = todo & ~accept

    def drawing(self) -> Any:
        return self.todo

    def keep(self, rows: Any) -> None:
        for name in ("alpha", "index", "res", "todo", "less", "d", "c"):
            setattr(self, name, getattr(self, name)[rows])
        self.draws.keep(rows)


def gamma(xp: Any, key: Any, counter: Any, alpha: Any) -> Any:
    """One gamma draw per entry of `alpha` (a flat float64 array of the device; output i
    from block 256 i of the stream (key, counter)), in float64."""
    g = _Gamma(xp, key, counter, alpha)
    until_done(xp, g)
    return g.out


# ---------------------------------------------------------------------------------------
# ParameterizedTruncatedNormal: Robert's three methods per output, TF's GPU layout.
# ---------------------------------------------------------------------------------------

_THREADS_PER_BLOCK = 1024  # (TF's GetGpuLaunchConfig: 1024 a block, at most a block an SM)
_MAX_ITERATIONS = 1000     # candidates an output may reject before it is NaN
_SKIP_PER_OUTPUT = 2 * _MAX_ITERATIONS  # blocks a thread reserves for each of its outputs
_RANDN_BOUND = 1.7         # sds inside the bounds for the randn method
RANDN, UNIFORM, EXPONENTIAL = 0, 1, 2


def launch_threads(n: int, sms: int) -> int:
    """The threads of TF's launch over n outputs on a GPU of `sms` multiprocessors."""
    return _THREADS_PER_BLOCK * min(-(-n // _THREADS_PER_BLOCK), sms)


class _Bounds:
    """Each output's interval as TF's GPU kernel prepares it, in the dtype: flipped when
    the lower bound is infinite or the upper one below the mean, normalized, and its
    method."""

    def __init__(self, xp: Any, mean: Any, std: Any, lo: Any, hi: Any) -> None:
        T = mean.dtype.type
        flip = xp.isinf(lo) | (hi < mean)
        lo, hi = xp.where(flip, hi, lo), xp.where(flip, lo, hi)
        self.mean, self.sd = mean, xp.where(flip, -std, std)
        a = self.lo = (lo - mean) / self.sd
        b = self.hi = (hi - mean) / self.sd
        root = xp.sqrt(a * a + T(4))
        cutoff = T(2) * xp.exp(T(0.5) + (a * (a - root)) / T(4)) / (a + root)
        self.diff = b - a
        self.valid = (std > T(0)) & (a < b) & (xp.isfinite(a) | xp.isfinite(b))
        bound = T(_RANDN_BOUND)
        randn = ((a < -bound) & (b >= T(0))) | ((b > bound) & (a <= T(0)))
        self.method = xp.where(randn, RANDN, xp.where(self.diff < cutoff, UNIFORM,
                                                      EXPONENTIAL))
        self.plus = xp.where(a < T(0), T(0), a * a)  # (the uniform method's factor)
        self.rate = (a + xp.sqrt(a * a + T(4))) / T(2)  # (the exponential's)

    def rows(self, rows: Any) -> _Bounds:
        """The intervals of outputs `rows` (an index or a slice)."""
        part = object.__new__(_Bounds)
        for name, v in vars(self).items():
            setattr(part, name, v[rows])
        return part

    def repeat(self, k: int) -> _Bounds:
        """Each interval k times in a row (for k steps of an output at once)."""
        part = object.__new__(_Bounds)
        for name, v in vars(self).items():
            setattr(part, name, v.repeat(k))
        return part


def _first_accepted(xp: Any, accept: Any, z: Any) -> tuple:
    """(whether any, the first accepted candidate) of each row of candidates `z`."""
    i = xp.argmax(accept, axis=1)
    return accept.any(axis=1), xp.take_along_axis(z, i[:, None], axis=1)[:, 0]


def _candidates(xp: Any, b: Any, p: _Bounds) -> tuple:
    """(accepted, value) of the steps whose blocks are `b` (steps by 2 by 4 words), each
    by its method: randn's block of normals, the uniform method's block of proposals with
    the next block's uniforms, the exponential's pairs (proposal, uniform) of a block."""
    dt = p.mean.dtype
    T = dt.type
    r = D.block_uniforms(xp, b[:, 0], dt)
    lo, hi = p.lo[:, None], p.hi[:, None]
    z = D.block_normals(xp, b[:, 0], dt)
    randn = _first_accepted(xp, (z >= lo) & (z <= hi), z)
    z = r * p.diff[:, None] + lo
    u = D.block_uniforms(xp, b[:, 1], dt)
    uniform = _first_accepted(xp, u <= xp.exp((p.plus[:, None] - z * z) / T(2)), z)
    rate = p.rate[:, None]
    z = -xp.log(r[:, 0::2]) / rate + lo
    x = xp.where(lo < rate, rate - z, lo - rate)
    accept = (r[:, 1::2] <= xp.exp(-x * x / T(2))) & (z < hi)
    exponential = _first_accepted(xp, accept, z)
    pick = [xp.where(p.method == RANDN, n, xp.where(p.method == UNIFORM, m, e))
            for n, m, e in zip(randn, uniform, exponential)]
    return pick[0], pick[1] * p.sd + p.mean


class _Round:
    """One output per thread, output j drawing from block start[j] on. A step is a block
    (two for the uniform method), so an output still drawing at step s draws at
    start + s * blocks: k steps of every output in play are computed in one pass."""

    def __init__(self, xp: Any, key: Any, counter: Any, start: Any, p: _Bounds) -> None:
        self.xp, self.key, self.counter, self.p, self.start = xp, key, counter, p, start
        per_block = 2 if p.mean.dtype == np.float64 else 4  # (candidates of a block)
        # (the exponential method's single candidates reach the limit last)
        self.limit = 2 * _MAX_ITERATIONS // per_block
        # the step at which each output, if it never accepts, has rejected 1000 (a
        # multiple of a step's candidates)
        self.last = _MAX_ITERATIONS // xp.where(p.method == EXPONENTIAL, per_block // 2,
                                                per_block) - 1
        self.blocks = self.step_blocks = xp.where(p.method == UNIFORM, 2, 1).astype(xp.uint64)
        self.out = xp.full(start.shape, np.nan, p.mean.dtype)
        self.steps = xp.zeros(start.shape, xp.uint64)  # (taken by each output)
        self.index = xp.arange(start.shape[0])  # (the outputs in play)
        self.todo = p.valid  # (invalid parameters: NaN, and no block used)
        self.run = 0  # (the steps every output in play has taken)

    def attempts(self, k: int) -> None:
        xp, m = self.xp, self.index.shape[0]
        step = self.run + xp.arange(k, dtype=xp.uint64)
        at = (self.start[self.index][:, None] + step * self.blocks[:, None])[:, :, None] + \
            xp.arange(2, dtype=xp.uint64)  # (each step's two blocks)
        b = philox.blocks_at(xp, self.key, self.counter, at.reshape(-1)).reshape(m * k, 2, 4)
        hit, value = _candidates(xp, b, self.p.repeat(k))
        hit, value = hit.reshape(m, k), value.reshape(m, k)
        first = xp.where(hit.any(axis=1), xp.argmax(hit, axis=1), k)
        spent = self.last - self.run  # (its last step, counted from this pass's first)
        end = xp.minimum(first, spent)  # (the step that ends it, if < k)
        ended = self.todo & (end < k)
        took = xp.where(self.todo, xp.minimum(end + 1, k), 0).astype(xp.uint64)
        picked = xp.take_along_axis(value, xp.minimum(first, k - 1)[:, None], axis=1)[:, 0]
        self.out[self.index] = xp.where(ended & (first <= spent), picked, self.out[self.index])
        self.steps[self.index] += took
        self.todo = self.todo & ~ended
        self.run += k

    def drawing(self) -> Any:
        return self.todo

    def keep(self, rows: Any) -> None:
        self.index, self.todo = self.index[rows], self.todo[rows]
        self.p, self.last, self.blocks = self.p.rows(rows), self.last[rows], self.blocks[rows]

    def run_all(self) -> tuple:
        """(values, blocks used by each output)."""
        until_done(self.xp, self, self.limit)
        return self.out, self.steps * self.step_blocks


def truncated_normal(xp: Any, key: int, counter: int, mean: Any, std: Any, lo: Any,
                     hi: Any) -> Any:
    """One draw per output of the parameters given per output (flat arrays of the
    device, of the dtype), from the stream (key, counter), as TF's GPU kernel lays its
    threads' outputs on it."""
    n = mean.shape[0]
    p = _Bounds(xp, mean, std, lo, hi)
    out = xp.empty(n, mean.dtype)
    threads = launch_threads(n, multiprocessors(xp))
    lag = xp.zeros(min(threads, n), xp.uint64)  # 3 x the blocks each thread has used
    for first in range(0, n, threads):
        m = min(threads, n - first)
        k = xp.arange(first, first + m, dtype=xp.uint64)
        start = k * xp.uint64(_SKIP_PER_OUTPUT) - lag[:m]
        out[first:first + m], used = _Round(xp, key, counter, start,
                                            p.rows(slice(first, first + m))).run_all()
        lag[:m] += used * xp.uint64(3)
    return out
