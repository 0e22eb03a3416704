"""Scalar special functions in pure Python: tf.math.special's Bessel J/Y/K, Dawson's integral,
the exponential integral, the Fresnel integrals and Spence's function, and the regularized
incomplete gamma and beta functions.

Sits in the ops layer below special_functions.py and special_incomplete.py, which declare the
ops: these functions are the registry suites' references there (independent of SciPy, which
the kernels use when it is installed), and the kernels' element-by-element path without it.
Each follows TF 2.21's conventions at the edges (NaN, infinities, the negative axis), which
are Eigen's and not always SciPy's. Every method is a textbook one: power series where their
terms do not cancel, asymptotic expansions far out, continued fractions, and the trapezoidal
rule on integrals whose integrands are analytic and decay fast (exponentially accurate).
"""

from __future__ import annotations

import cmath
import math

EULER = 0.5772156649015329
_PI2_6 = math.pi ** 2 / 6
_NAN, _INF = math.nan, math.inf


# ---------------------------------------------------------------------------------------
# Bessel functions of the first and second kind, orders 0 and 1.
# ---------------------------------------------------------------------------------------

def _miller(x: float) -> list:
    """J_0(x) ... J_m(x) for 0 < x < 25 by Miller's backward recurrence, normalized by
    J_0 + 2 (J_2 + J_4 + ...) = 1."""
    m = 2 * ((int(x) + 20 + int(math.sqrt(40 * x))) // 2)
    js = [0.0] * (m + 2)
    js[m] = 1e-30
    for k in range(m, 0, -1):
        js[k - 1] = 2 * k / x * js[k] - js[k + 1]
        if abs(js[k - 1]) > 1e250:  # rescale: only the ratios matter until normalized
            js = [v * 1e-250 for v in js]
    norm = js[0] + 2 * sum(js[2:m + 1:2])
    return [v / norm for v in js[:m + 1]]


def _series_jy(order: int, x: float) -> tuple:
    """(J, Y) of order 0 or 1 for 0 < x < 1e-3 from their power series (three terms),
    where Miller's recurrence would overflow."""
    q = x * x / 4
    lead = math.log(x) - math.log(2) + EULER  # ln(x/2) + gamma, x/2 may underflow
    if order == 0:
        j = 1 - q + q * q / 4
        return j, 2 / math.pi * (lead * j + q - 0.75 * q * q)
    j = x / 2 * (1 - q / 2 + q * q / 12)
    # psi(k + 1) + psi(k + 2) = 2 H_k + 1 / (k + 1) - 2 gamma
    s = sum((-q) ** k / (math.factorial(k) * math.factorial(k + 1)) *
            (2 * sum(1 / i for i in range(1, k + 1)) + 1 / (k + 1) - 2 * EULER)
            for k in range(3))
    return j, -2 / (math.pi * x) + 2 / math.pi * (lead - EULER) * j - x / (2 * math.pi) * s


def _hankel(order: int, x: float) -> tuple:
    """(J, Y) of order 0 or 1 for x >= 25 from Hankel's asymptotic expansion."""
    mu = 4.0 * order * order
    p, q = 1.0, 0.0
    term, k = 1.0, 1
    while k < 60:
        term *= (mu - (2 * k - 1) ** 2) / (k * 8 * x)
        if abs(term) < 1e-17:
            break
        if k % 2:
            q += term if k % 4 == 1 else -term
        else:
            p += -term if k % 4 == 2 else term
        k += 1
    chi = x - (order / 2 + 0.25) * math.pi
    amp = math.sqrt(2 / (math.pi * x))
    return (amp * (p * math.cos(chi) - q * math.sin(chi)),
            amp * (p * math.sin(chi) + q * math.cos(chi)))


def bessel_j0(x: float) -> float:
    x = abs(x)
    if math.isnan(x) or math.isinf(x):
        return _NAN
    if x == 0:
        return 1.0
    if x < 1e-3:
        return _series_jy(0, x)[0]
    return _miller(x)[0] if x < 25 else _hankel(0, x)[0]


def bessel_j1(x: float) -> float:
    if math.isnan(x) or math.isinf(x):
        return _NAN
    if x == 0:
        return x
    a = abs(x)
    v = _series_jy(1, a)[0] if a < 1e-3 else _miller(a)[1] if a < 25 else _hankel(1, a)[0]
    return v if x > 0 else -v  # odd


def _y_small(order: int, x: float) -> float:
    """Y_0, Y_1 from Neumann's series in the J_k of Miller's recurrence (0 < x < 25)."""
    js = _miller(x)
    lead = math.log(x / 2) + EULER
    if order == 0:
        tail = sum((-1) ** k * js[2 * k] / k for k in range(1, len(js) // 2))
        return 2 / math.pi * (lead * js[0]) - 4 / math.pi * tail
    # Y_1 = -Y_0', with J_0' = -J_1 and J_n' = (J_{n-1} - J_{n+1}) / 2
    tail = sum((-1) ** k * (js[2 * k - 1] - js[2 * k + 1]) / k
               for k in range(1, (len(js) - 1) // 2))
    return 2 / math.pi * (lead * js[1] - js[0] / x) + 2 / math.pi * tail


def bessel_y(order: int, x: float) -> float:
    if math.isnan(x) or x == _INF:
        return _NAN
    if x <= 0:
        return -_INF  # TF's: -inf on the whole negative axis, not NaN
    if x < 1e-3:
        return _series_jy(order, x)[1]
    return _y_small(order, x) if x < 25 else _hankel(order, x)[1]


def bessel_k(order: int, x: float, scaled: bool) -> float:
    """K_order(x) (times e^x when scaled) by the trapezoidal rule on
    integral_0^inf exp(-x cosh t) cosh(order t) dt, exponentially accurate in the step."""
    if math.isnan(x):
        return _NAN
    if x <= 0:
        return _INF  # TF's: +inf on the whole negative axis, not NaN
    if x == _INF:
        return 0.0
    if x < 1e-3:  # the series (the integrand would stay near 1 out to t ~ log(2 / x))
        q, lead = x * x / 4, math.log(x) - math.log(2) + EULER
        if order == 0:
            out = -lead * (1 + q + q * q / 4) + q + 0.375 * q * q
        else:
            s = sum(q ** k / (math.factorial(k) * math.factorial(k + 1)) *
                    (2 * sum(1 / i for i in range(1, k + 1)) + 1 / (k + 1) - 2 * EULER)
                    for k in range(3))
            i1 = x / 2 * (1 + q / 2 + q * q / 12)
            out = 1 / x + (lead - EULER) * i1 - x / 4 * s
        return out * math.exp(x) if scaled else out
    h = min(1 / 16, 0.5 / math.sqrt(x))  # the integrand's width near t = 0 is 1/sqrt(x)
    total, t = 0.5, 0.0  # the t = 0 term, halved
    while True:
        t += h
        e = 2 * x * math.sinh(t / 2) ** 2  # x (cosh t - 1), without cancelling
        if e > 60:
            break
        total += math.exp(-e) * (math.cosh(order * t) if order else 1.0)
    out = h * total
    return out if scaled else out * math.exp(-x)


# ---------------------------------------------------------------------------------------
# Dawson's integral, the exponential integral Ei, the Fresnel integrals, Spence's function.
# ---------------------------------------------------------------------------------------

def dawsn(x: float) -> float:
    """exp(-x^2) * integral_0^x exp(t^2) dt: a series of positive terms for |x| <= 10,
    the asymptotic series beyond. From -1e9 down, TF's kernel gives -1/(2x), positive (it
    divides by the signed x, then flips the sign as for any negative x)."""
    if math.isnan(x):
        return x
    if math.isinf(x):
        return 0.0
    if x <= -1e9:
        return -0.5 / x
    a = abs(x)
    if a <= 10:
        total, term, k = a, a, 0
        while term > 1e-17 * total:
            k += 1
            term *= a * a / k
            total += term / (2 * k + 1)
        return math.copysign(math.exp(-a * a) * total, x)
    total, term, k = 0.0, 0.5 / a, 0  # (not 1 / (2a): 2a overflows past 9e307)
    while abs(term) > 1e-17 * abs(total) or k == 0:
        total += term
        k += 1
        term *= (2 * k - 1) / (2 * a * a)
    return math.copysign(total, x)


def expint(x: float) -> float:
    """Ei(x); TF's is NaN for x < 0 (its kernel covers x >= 0) and at +inf, -inf at 0."""
    if math.isnan(x) or x < 0 or x == _INF:
        return _NAN
    if x == 0:
        return -_INF
    if x > 40:  # asymptotic: e^x / x * sum k! / x^k
        total, term, k = 1.0, 1.0, 0
        while abs(term) > 1e-17:
            k += 1
            term *= k / x
            total += term
        return math.exp(x) / x * total if x < 709 else _INF
    total, term, k = 0.0, 1.0, 0
    while True:
        k += 1
        term *= x / k
        total += term / k
        if term / k <= 1e-17 * total:  # (<=: the terms of a tiny x underflow to 0)
            break
    return EULER + math.log(x) + total


def _fresnel(x: float) -> tuple:
    """(S(x), C(x)) for x >= 0: power series below 1.5, the continued fraction of erfc
    in the complex plane above (C + iS = (1 + i)/2 erf((1 - i) sqrt(pi) x / 2)), and TF's
    1/2 past 36974 (Cephes's cut, within 1/(pi x) < 1e-5 of the integrals)."""
    if x > 36974:
        return 0.5, 0.5
    if x < 1.5:
        s = c = 0.0
        t = math.pi * x * x / 2
        term, k = x, 0  # x t^k / k!
        while True:
            part = term / (2 * k + 1)
            if k % 4 == 0:
                c += part
            elif k % 4 == 1:
                s += part
            elif k % 4 == 2:
                c -= part
            else:
                s -= part
            k += 1
            term *= t / k
            if term <= 1e-17 * min(s, c):  # (relative: S is ~x^3 and C ~x for small x)
                break
        return s, c
    z = complex(1, -1) * (math.sqrt(math.pi) / 2 * x)
    # erfc(z) = exp(-z^2)/sqrt(pi) * 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + ...)))) (modified Lentz)
    tiny = 1e-300
    f = z
    c, d = z, 0j
    for n in range(1, 2000):
        an = n / 2
        d = z + an * d
        d = 1 / (d if d != 0 else tiny)
        c = z + an / c
        delta = c * d
        f *= delta
        if abs(delta - 1) < 1e-16:
            break
    erfc = cmath.exp(-z * z) / math.sqrt(math.pi) / f
    w = complex(0.5, 0.5) * (1 - erfc)
    return w.imag, w.real


def fresnel_sin(x: float) -> float:
    if math.isnan(x):
        return x
    return math.copysign(_fresnel(abs(x))[0], x)


def fresnel_cos(x: float) -> float:
    if math.isnan(x):
        return x
    return math.copysign(_fresnel(abs(x))[1], x)


def _li2_series(y: float) -> float:
    total, p, k = 0.0, 1.0, 0
    while True:
        k += 1
        p *= y
        term = p / (k * k)
        total += term
        if abs(term) < 1e-17 * abs(total) or p == 0:
            return total


def _li2(y: float) -> float:
    """The dilogarithm Li2(y) for real y <= 1."""
    if y == 1:
        return _PI2_6
    if y < -1:  # inversion
        return -_PI2_6 - 0.5 * math.log(-y) ** 2 - _li2(1 / y)
    if y < -0.5:  # Landen
        return -_li2(y / (y - 1)) - 0.5 * math.log1p(-y) ** 2
    if y <= 0.5:
        return _li2_series(y)
    return _PI2_6 - math.log(y) * math.log1p(-y) - _li2_series(1 - y)


def spence(x: float) -> float:
    """integral_1^x log(t) / (1 - t) dt = Li2(1 - x), for x >= 0 (NaN below, and at inf)."""
    if math.isnan(x) or x < 0 or x == _INF:
        return _NAN
    if x == 0:
        return _PI2_6
    if x < 0.5:  # Li2(1 - x) by reflection, with x itself exact
        return _PI2_6 - math.log1p(-x) * math.log(x) - _li2_series(x)
    return _li2(1 - x)


# ---------------------------------------------------------------------------------------
# The regularized incomplete gamma and beta functions, and d/da of the gamma one.
# ---------------------------------------------------------------------------------------

_MAX_ITER = 2000  # as Eigen's series and fractions: far-out arguments get an approximation


def _exp(v: float) -> float:
    """exp without OverflowError (the log of a term far out may come out above 709 from
    rounding alone)."""
    return math.exp(v) if v < 709.7 else _INF


def _lgamma(v: float) -> float:
    """lgamma without OverflowError (it is +inf past ~2.6e305)."""
    try:
        return math.lgamma(v)
    except OverflowError:
        return _INF


def _gamma_series(a: float, x: float) -> tuple:
    """(P(a, x), dP/da) from P = sum_n exp((a + n) log x - x - lgamma(a + n + 1))."""
    lx = math.log(x)
    total = dtotal = 0.0
    log_term = a * lx - x - _lgamma(a + 1)
    psi = _digamma(a + 1)
    for n in range(1, _MAX_ITER):
        term = _exp(log_term)
        total += term
        dtotal += term * (lx - psi)
        log_term += lx - math.log(a + n)
        psi += 1 / (a + n)
        if n > 20 and n > x - a and term <= 1e-17 * total:
            break
    return total, dtotal


def gamma_cf_fraction(a: float, x: float) -> tuple:
    """(h, dh/da): Q(a, x)'s continued fraction (x > a + 1; modified Lentz), carried with
    its derivative in a (forward mode: each quantity travels with its d/da), where
    Q = exp(a log x - x - lgamma(a)) * h."""
    tiny = 1e-300
    b, db = x + 1 - a, -1.0
    c, dc = 1e300, 0.0
    b = b if b != 0 else tiny
    d = 1 / b
    dd = d * d
    h, dh = d, dd
    for i in range(1, _MAX_ITER):
        an, dan = -i * (i - a), float(i)
        b += 2
        den = an * d + b
        dden = dan * d + an * dd + db
        den = den if den != 0 else tiny
        d = 1 / den
        dd = -dden * d * d
        cn = b + an / c
        dc = db + dan / c - an * dc / (c * c)
        c = cn if cn != 0 else tiny
        delta, ddelta = c * d, dc * d + c * dd
        h, dh = h * delta, dh * delta + h * ddelta
        # (both must settle: at integer a one term vanishes, ending Q's fraction but not
        # its derivative's)
        if abs(delta - 1) < 1e-16 and abs(h * ddelta) <= 1e-16 * abs(dh):
            break
    return h, dh


def _gamma_cf(a: float, x: float) -> tuple:
    """(Q(a, x), dQ/da) by Q's continued fraction (x > a + 1)."""
    h, dh = gamma_cf_fraction(a, x)
    pre = _exp(a * math.log(x) - x - _lgamma(a))
    return pre * h, pre * (math.log(x) - _digamma(a)) * h + pre * dh


def _digamma(x: float) -> float:
    acc = 0.0
    while x < 10:
        acc -= 1 / x
        x += 1
    inv2 = 1 / (x * x)
    return acc + math.log(x) - 0.5 / x - inv2 * (1 / 12 - inv2 * (1 / 120 - inv2 * (
        1 / 252 - inv2 * (1 / 240 - inv2 / 132))))


def _gamma_edge(a: float, x: float, lower: bool) -> float | None:
    """TF's (Eigen's) values where a or x is at an edge (None inside the domain): P is 0 at
    x == 0 whatever a is; otherwise a <= 0, x < 0 and NaN give NaN; a == inf gives P = 0
    (Q = 1), even at x == inf, where Q is 0 as well."""
    if lower and x == 0:
        return 0.0
    if math.isnan(a) or math.isnan(x) or a <= 0 or x < 0:
        return _NAN
    if a == _INF:
        return 0.0 if lower or x == _INF else 1.0
    if x == 0:
        return 1.0
    if x == _INF:
        return 1.0 if lower else 0.0
    return None


def igamma(a: float, x: float) -> float:
    """The regularized lower incomplete gamma function P(a, x)."""
    edge = _gamma_edge(a, x, True)
    if edge is not None:
        return edge
    return _gamma_series(a, x)[0] if x < a + 1 else 1 - _gamma_cf(a, x)[0]


def igammac(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    edge = _gamma_edge(a, x, False)
    if edge is not None:
        return edge
    return 1 - _gamma_series(a, x)[0] if x < a + 1 else _gamma_cf(a, x)[0]


def igamma_grad_a(a: float, x: float) -> float:
    """dP(a, x)/da (TF's IgammaGradA), from the series differentiated term by term."""
    edge = _gamma_edge(a, x, True)
    if edge is not None:
        return edge if math.isnan(edge) or x != _INF or a == _INF else -0.0
    return _gamma_series(a, x)[1] if x < a + 1 else -_gamma_cf(a, x)[1]


def _beta_cf(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b) (for x < (a + 1) / (a + b + 2); modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, _MAX_ITER):
        m2 = 2 * m
        aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
        for num in (aa, -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b): NaN where a <= 0 or b <= 0, then
    0 at x == 0 and 1 at x == 1 (whatever a and b are), NaN at any other edge, as TF's."""
    if a <= 0 or b <= 0:
        return _NAN
    if x == 0 or x == 1:
        return x
    if not 0 < x < 1 or any(math.isnan(v) or math.isinf(v) for v in (a, b)):
        return _NAN
    log_front = (a * math.log(x) + b * math.log1p(-x) + _lgamma(a + b) - _lgamma(a)
                 - _lgamma(b))
    if x < (a + 1) / (a + b + 2):
        return _exp(log_front) * _beta_cf(a, b, x) / a
    return 1 - _exp(log_front) * _beta_cf(b, a, 1 - x) / b
