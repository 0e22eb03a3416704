"""Plain-Python references for the random ops: Philox and TF's conversions, one value at a
time, for the registry suites to compare the vectorized kernels with.

Sits in the ops layer beside random.py and shares nothing with philox.py or
random_dists.py: Python integers instead of arrays, the round written as in the paper,
float bits assembled with `struct`, and Box-Muller in double precision with Python's
math module (so normals agree with the kernels to float32 rounding, not bit for bit:
the kernels reproduce glibc's single-precision logf and sincosf, see libm_exact.py).
"""

from __future__ import annotations

import math
import struct
from typing import Any

_M32 = 0xFFFFFFFF


class Stream:
    """Philox-4x32-10 from (key, counter), handing out 32-bit words one at a time."""

    def __init__(self, key: int, counter: int) -> None:
        self.key = key & (2**64 - 1)
        self.counter = counter & (2**128 - 1)
        self._buf: list = []

    def block(self) -> list:
        c = [(self.counter >> (32 * i)) & _M32 for i in range(4)]
        k0, k1 = self.key & _M32, self.key >> 32
        for _ in range(10):
            p0, p1 = 0xD2511F53 * c[0], 0xCD9E8D57 * c[2]
            c = [(p1 >> 32) ^ c[1] ^ k0, p1 & _M32, (p0 >> 32) ^ c[3] ^ k1, p0 & _M32]
            k0, k1 = (k0 + 0x9E3779B9) & _M32, (k1 + 0xBB67AE85) & _M32
        self.counter = (self.counter + 1) & (2**128 - 1)
        return c

    def word(self) -> int:
        if not self._buf:
            self._buf = self.block()[::-1]
        return self._buf.pop()

    def skip(self, blocks: int) -> None:
        self.counter = (self.counter + blocks) & (2**128 - 1)
        self._buf = []


def scramble(s0: int, s1: int) -> tuple:
    """A stateless seed's (key, counter)."""
    w = Stream(0x02461E29_3EC8F720, (s0 % 2**64) | ((s1 % 2**64) << 64)).block()
    return w[0] | (w[1] << 32), (w[2] | (w[3] << 32)) << 64


def float_bits(word: int, bits: int) -> float:
    """The word's low `bits` bits as a fraction of 2**bits."""
    return (word & ((1 << bits) - 1)) / float(1 << bits)


def double(hi: int, lo: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", (1023 << 52) | ((hi & 0xFFFFF) << 32) | lo))[0] \
        - 1.0


_BITS = {"float16": 10, "bfloat16": 7, "float32": 23}


def uniforms(s: Stream, n: int, dtype: str) -> list:
    if dtype == "float64":
        out = []
        while len(out) < n:
            b = s.block()
            out += [double(b[0], b[1]), double(b[2], b[3])]
        return out[:n]
    out = [float_bits(s.word(), _BITS[dtype]) for _ in range(n)]
    s._buf = []  # the rest of the last block is discarded
    return out


def integers(s: Stream, n: int, lo: int, hi: int, bits: int) -> list:
    out = []
    while len(out) < n:
        b = s.block()
        vals = b if bits == 32 else [b[0] | (b[1] << 32), b[2] | (b[3] << 32)]
        out += [lo + v % (hi - lo) for v in vals]
    return out[:n]


def f32(x: float) -> float:
    """x rounded to float32."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def _box_muller(u1: float, u: float) -> tuple:
    r = math.sqrt(-2.0 * math.log(max(u1, 1e-7)))
    return math.sin(2 * math.pi * u) * r, math.cos(2 * math.pi * u) * r


def _box_muller_f32(u1: float, u: float) -> tuple:
    """As TF's float version rounds: the radius and the angle are float32 values."""
    r = f32(math.sqrt(f32(-2.0 * f32(math.log(max(u1, f32(1e-7)))))))
    theta = f32(2 * math.pi * u)
    return f32(math.sin(theta)) * r, f32(math.cos(theta)) * r


def normals(s: Stream, n: int, dtype: str) -> list:
    out: list = []
    while len(out) < n:
        b = s.block()
        if dtype == "float64":
            out += _box_muller(double(b[0], b[1]), double(b[2], b[3]))
        else:
            out += _box_muller_f32(float_bits(b[0], 23), float_bits(b[1], 23))
            out += _box_muller_f32(float_bits(b[2], 23), float_bits(b[3], 23))
    return out[:n]


def truncated_normals(key: int, counter: int, n: int, dtype: str) -> list:
    group = 2 if dtype == "float64" else 4
    out: list = []
    for g in range(-(-n // group)):
        s = Stream(key, counter + g * group * 64)
        got: list = []
        while len(got) < group:
            if dtype == "float64":
                b = s.block()
                pair = _box_muller(double(b[0], b[1]), double(b[2], b[3]))
            else:
                pair = _box_muller_f32(float_bits(s.word(), 23), float_bits(s.word(), 23))
            got += [v for v in pair if abs(v) < 2.0]
        out += got[:group]
    return out[:n]


class _Draws:
    """Output i's stream (from block 256 i) handing out normals and uniforms two a block,
    the later of a block first."""

    def __init__(self, key: int, counter: int, i: int) -> None:
        self.s = Stream(key, counter + 256 * i)
        self.normals: list = []
        self.uniforms: list = []

    def normal(self) -> float:
        if not self.normals:
            b = self.s.block()
            self.normals = list(_box_muller(double(b[0], b[1]), double(b[2], b[3])))
        return self.normals.pop()

    def uniform(self) -> float:
        if not self.uniforms:
            b = self.s.block()
            self.uniforms = [double(b[0], b[1]), double(b[2], b[3])]
        return self.uniforms.pop()


def gamma(key: int, counter: int, alpha: float, i: int) -> float:
    """Output i: Marsaglia and Tsang's gamma draw (an exponential for alpha 1)."""
    r = _Draws(key, counter, i)
    if alpha == 1:
        return -math.log1p(-r.uniform())
    d = alpha + (2 / 3 if alpha < 1 else -1 / 3)
    c = 1 / (3 * math.sqrt(d))
    while True:
        x = r.normal()
        v = 1 + c * x
        if v <= 0:
            continue
        v = v * v * v
        u = r.uniform()
        if u < 1 - 0.0331 * x ** 4 or math.log(u) < 0.5 * x * x + d * (1 - v + math.log(v)):
            return d * v * (r.uniform() ** (1 / alpha) if alpha < 1 else 1)


def poisson(key: int, counter: int, rate: float, i: int) -> float:
    """Output i: Knuth's Poisson draw below rate 10, Hormann's above."""
    r = _Draws(key, counter, i)
    if not math.isfinite(rate):
        return math.nan
    if rate < 10:
        prod, x = 1.0, 0
        while True:
            prod *= r.uniform()
            if prod <= (math.exp(-rate) if -rate < 709 else math.inf):
                return x
            x += 1
    b = 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    while True:
        u = r.uniform() - 0.5
        v = r.uniform()
        us = 0.5 - abs(u)
        k = math.floor((2 * a / us + b) * u + rate + 0.43)
        if us >= 0.07 and v <= 0.9277 - 3.6224 / (b - 2):
            return k
        if k < 0 or (us < 0.013 and v > us):
            continue
        s = math.log(v * (1.1239 + 1.1328 / (b - 3.4)) / (a / (us * us) + b))
        if s <= -rate + k * math.log(rate) - math.lgamma(k + 1):
            return k


_STIRLING_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
                  0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                  0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
                  0.00833056343336287)


def _tail(k: float) -> float:
    if k < 10:
        return _STIRLING_TAIL[int(k)]
    sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / sq) / sq) / (k + 1)


def binomial(key: int, counter: int, n: Any, p: Any, i: int) -> float:
    """Output i: TF's binomial draw; n and p are NumPy scalars of the op's dtype (TF
    decides between inversion and BTRS in that dtype)."""
    if n <= 0 or p <= 0:
        return 0.0
    if p >= 1:
        return float(n)
    if math.isnan(p) or math.isnan(n):
        return math.nan
    flip = p > 0.5
    q = (type(p)(1) - p) if flip else p
    small = not n * q >= 10
    nf, qf = float(n), float(q)
    s = Stream(key, counter + (42 if small else 256) * i)
    buf: list = []

    def uniform() -> float:
        if not buf:
            b = s.block()
            buf.extend([double(b[0], b[1]), double(b[2], b[3])])
        return buf.pop()

    if small:  # geometric waiting times
        k, waited = 0, 0.0
        while True:
            wait = math.log(uniform()) / math.log1p(-qf)
            waited += wait if math.isinf(wait) else math.ceil(wait)  # (a tiny q's wait: inf)
            if waited > nf:
                break
            k += 1
    else:  # Hormann's BTRS
        sd = math.sqrt(nf * qf * (1 - qf))
        b = 1.15 + 2.53 * sd
        a = -0.0873 + 0.0248 * b + 0.01 * qf
        r, m = qf / (1 - qf), math.floor((nf + 1) * qf)
        while True:
            u, v = uniform() - 0.5, uniform()
            us = 0.5 - abs(u)
            k = math.floor((2 * a / us + b) * u + nf * qf + 0.5)
            if us >= 0.07 and v <= 0.92 - 4.2 / b:
                break
            if k < 0 or k > nf:
                continue
            lhs = math.log(v * (2.83 + 5.1 / b) * sd / (a / (us * us) + b))
            if lhs <= ((m + 0.5) * math.log((m + 1) / (r * (nf - m + 1)))
                       + (nf + 1) * math.log((nf - m + 1) / (nf - k + 1))
                       + (k + 0.5) * math.log(r * (nf - k + 1) / (k + 1))
                       + _tail(m) + _tail(nf - m) - _tail(k) - _tail(nf - k)):
                break
    return nf - k if flip else float(k)
