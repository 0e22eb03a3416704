"""Dawson's integral, the Fresnel integrals and Spence's function as TF 2.21's kernels
compute them, over any backend's arrays: those four ops' kernels, CPU and device alike.

Sits in the ops layer below special_bessel.py (which takes its `flush` and `libm`) and
special_functions.py, which declares the ops. TF's kernels, on CPU and GPU alike, are
its ports of Cephes (special_math_op_misc_impl.h): rational approximations P(z) / Q(z) on
intervals of |x|, with z an argument transform (x^2, x^4, 1/x^2, ...), evaluated in the
input's own float type with each constant rounded to it first, the C library's cos, log,
... per value, denormals flushed. An array kernel cannot branch per element, so each
function evaluates each interval's approximation over its values (`pieces`) or over the
whole array and selects; the intervals' bounds and the comparisons (< or <=) are TF's.
Arguments outside an approximation's interval may overflow or divide by zero there, where
the select discards them; the caller silences NumPy's warnings of it (the stand-in's).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import (
    ELEMENTWISE_BLOCK,
    c_double_function,
    c_float_function,
    glibc_version,
)
from eagerflow._src.ops import halfprec, libm_exact
from eagerflow._src.ops.halfprec import horner

_PI2_6 = math.pi ** 2 / 6


def flush(xp: Any, v: Any) -> Any:
    """v with its denormals read as signed zeros: TF's CPU threads run with the denormal
    flags set (DAZ: an operand; FTZ: a result), for float64 as for float32."""
    return xp.where(xp.abs(v) < v.dtype.type(np.finfo(v.dtype).tiny), v * v.dtype.type(0), v)


def libm(xp: Any, fn: Any, x: Any) -> Any:
    """fn(x) as TF's per-value call of the C library (cosf, logf, ...): a float32 x through
    the double function, rounded once (nearer glibc's float functions than NumPy's own
    float32 loops: on 73,000 values 1% of cosf's values differ from it, 13% from NumPy's);
    a float32 x's log glibc's logf (`logf`), its exp, sin and cos the library's own bits
    (`banded32`), a float64 x's exp and log the C library's own
    bits (exp64, log64: NumPy's SIMD exp and log differ from them on a few percent of
    values), its sin and cos NumPy's (the library's)."""
    if xp is np and fn in _PER_VALUE:
        return _c_per_value(fn, x)
    if x.dtype.itemsize == 4 and xp is np and fn in _BANDED32:
        return banded32(fn, *_BANDED32[fn], x)
    if x.dtype.itemsize == 4:
        out = fn(x.astype(np.float64)).astype(x.dtype)
        if xp is np and fn is np.log and _GLIBC_LOGF and out.size:
            ok = (x >= np.finfo(np.float32).tiny) & (x < np.inf)
            out[ok] = libm_exact.logf(np, x[ok])
        return out
    if xp is np and _LONG_DOUBLE and fn is np.exp:
        return exp64(x)
    if xp is np and fn is np.log:
        out = np.log(x)
        ok = (x >= np.finfo(np.float64).tiny) & (x < np.inf)
        out[ok] = libm_exact.log64(np, x[ok])
        return out
    return fn(x)


# tan and log1p, whose NumPy loops differ from the C library's (tan on 0.5% of doubles,
# log1p on 8%; glibc's tanf on ~4% of floats from the double tan rounded once): the C
# library's, value by value (TF's per-value functions call them on few values: the
# reflections of Digamma and Spence)
_PER_VALUE = {np.tan: ("tanf", math.tan), np.log1p: ("log1pf", math.log1p)}


def _c_per_value(fn: Any, x: np.ndarray) -> np.ndarray:
    name32, fn64 = _PER_VALUE[fn]
    c = c_float_function(name32) if x.dtype == np.float32 else fn64
    if c is None:
        return fn(x.astype(np.float64)).astype(x.dtype)
    out = []
    for v in x.reshape(-1).tolist():
        try:
            out.append(c(v))
        except (ValueError, OverflowError):  # (Python's math at a pole or infinity)
            out.append(float(fn(np.float64(v))))
    return np.array(out, x.dtype).reshape(x.shape)


# The C library's exp of doubles from the x87's 80-bit long double (expl: about 0.0005 ulp
# of a double) rounded once, which is glibc's value except where the exact value lies
# within the band of a midpoint between two doubles: glibc's exp errs by up to 0.511 ulp
# (expf by 0.502 of a float), so those few call the C library itself (Python's math.exp
# is it). Its log is libm_exact.log64's.
_LONG_DOUBLE = np.finfo(np.longdouble).nmant >= 63
# glibc's logf from 2.28 (ARM's algorithm, `logf`) until 2.42 (correctly rounded: the
# double log rounded once)
_GLIBC_LOGF = (2, 28) <= (glibc_version() or (0, 0)) < (2, 42)
_EXP_BAND, _EXPF_BAND = 0.021, 0.01


def _near_midpoint(wide: Any, band: float) -> Any:
    """Where a long double lies within `band` ulp (of a double) of a midpoint between two
    doubles: its 64-bit significand's low 11 bits, 1024 the midpoint."""
    low = (wide.view(np.uint64)[::2] & np.uint64(0x7FF)).astype(np.int64)
    return np.abs(low - 1024) < int(band * 2048)


def exp64(x: np.ndarray) -> np.ndarray:
    """The C library's exp of doubles, bit for bit."""
    wide = np.exp(x.astype(np.longdouble))
    out = wide.astype(np.float64)
    near = _near_midpoint(wide, _EXP_BAND) & np.isfinite(out) & (out != 0)
    if near.any():
        out[near] = list(map(math.exp, x[near].tolist()))
    return out


def banded32(fn: Any, cname: str, band: float, x: np.ndarray) -> np.ndarray:
    """The C library's float function `cname` (glibc's: within 0.5 + `band` ulp of the
    exact value) of float32 x: fn's double value rounded once, and the library's own call
    where the double lies within `band` ulp (of a float) of a midpoint between floats."""
    wide = fn(x.astype(np.float64))
    out = wide.astype(np.float32)
    low = (wide.view(np.uint64) & np.uint64((1 << 29) - 1)).astype(np.int64)
    near = (np.abs(low - (1 << 28)) < int(band * (1 << 29))) & (out != 0) & np.isfinite(out)
    c = c_float_function(cname)
    if near.any() and c is not None:
        out[near] = list(map(c, x[near].tolist()))
    return out


def expf(x: np.ndarray) -> np.ndarray:
    """The C library's expf of floats (glibc's errs by up to 0.502 ulp)."""
    return banded32(np.exp, "expf", _EXPF_BAND, x)


# glibc's sinf and cosf err by up to 0.561 ulp: the double value rounded once is theirs
# but within 0.07 ulp of a midpoint (~14% of values: the library's own call there)
_BANDED32 = {np.exp: ("expf", _EXPF_BAND), np.sin: ("sinf", 0.07), np.cos: ("cosf", 0.07)}


def log(xp: Any, x: Any) -> Any:
    """The C library's log as TF's threads call it on a denormal: double's reads it as zero
    (-inf); float32's logf first scales it by 2**23, which DAZ reads as zero, leaving the
    exponent bits of 2**-150 (libm32.py's finding)."""
    t = x.dtype.type
    out = libm(xp, xp.log, x)
    tiny = (x > t(0)) & (x < t(np.finfo(x.dtype).tiny))
    return xp.where(tiny, t(-150 * math.log(2.0)) if x.dtype.itemsize == 4 else t(-np.inf),
                    out)


def pieces(xp: Any, x: Any, *parts: tuple) -> Any:
    """An array like x whose values under each (mask, fn) of `parts` are fn(x[mask]): each
    interval's approximation evaluated on its own values only, as TF's per-value branches
    do (cheaper than evaluating every interval over the whole array and selecting)."""
    x = xp.asarray(x)
    out = xp.empty_like(x)
    for mask, fn in parts:
        if mask.any():
            out[mask] = fn(x[mask])
    return out


# -- Dawson's integral: x P(x^2) / Q(x^2) below 3.25; 1/(2x) corrected in 1/x^2 beyond -------

_DAWSN_NEAR = ((1.13681498971755972054e-11, 8.49262267667473811108e-10,
                1.94434204175553054283e-8, 9.53151741254484363489e-7,
                3.07828309874913200438e-6, 3.52513368520288738649e-4,
                -8.50149846724410912031e-4, 4.22618223005546594270e-2,
                -9.17480371773452345351e-2, 9.99999999999999994612e-1),
               (2.40372073066762605484e-11, 1.48864681368493396752e-9,
                5.21265281010541664570e-8, 1.27258478273186970203e-6,
                2.32490249820789513991e-5, 3.25524741826057911661e-4,
                3.48805814657162590916e-3, 2.79448531198828973716e-2,
                1.58874241960120565368e-1, 5.74918629489320327824e-1,
                1.00000000000000000539e0))
_DAWSN_MID = ((5.08955156417900903354e-1, -2.44754418142697847934e-1,
               9.41512335303534411857e-2, -2.18711255142039025206e-2,
               3.66207612329569181322e-3, -4.23209114460388756528e-4,
               3.59641304793896631888e-5, -2.14640351719968974225e-6,
               9.10010780076391431042e-8, -2.40274520828250956942e-9,
               3.59233385440928410398e-11),
              (1.0, -6.31839869873368190192e-1, 2.36706788228248691528e-1,
               -5.31806367003223277662e-2, 8.48041718586295374409e-3,
               -9.47996768486665330168e-4, 7.81025592944552338085e-5,
               -4.55875153252442634831e-6, 1.89100358111421846170e-7,
               -4.91324691331920606875e-9, 7.18466403235734541950e-11))
_DAWSN_FAR = ((-5.90592860534773254987e-1, 6.29235242724368800674e-1,
               -1.72858975380388136411e-1, 1.64837047825189632310e-2,
               -4.86827613020462700845e-4),
              (1.0, -2.69820057197544900361e0, 1.73270799045947845857e0,
               -3.93708582281939493482e-1, 3.44278924041233391079e-2,
               -9.73655226040941223894e-4))


def _dawsn_tail(a: Any, inv: Any, inv2: Any, rational: tuple) -> Any:
    """(1/a + P(1/a^2) / (a^3 Q(1/a^2))) / 2: the asymptotic 1/(2a) and its correction."""
    num, den = rational
    return a.dtype.type(0.5) * (inv2 * (horner(inv2, num) / (a * horner(inv2, den))) + inv)


def _dawsn(xp: Any, x: Any) -> Any:
    t = x.dtype.type
    x = flush(xp, x)
    a = xp.abs(x)
    x2 = a * a
    inv = t(1) / a
    inv2 = inv * inv
    near = a * horner(x2, _DAWSN_NEAR[0]) / horner(x2, _DAWSN_NEAR[1])
    out = xp.where(a < t(3.25), near,
                   xp.where(a < t(6.25), _dawsn_tail(a, inv, inv2, _DAWSN_MID),
                            xp.where(a < t(1e9), _dawsn_tail(a, inv, inv2, _DAWSN_FAR),
                                     # TF's: 1/(2x) of the signed x, so that the flip below
                                     # makes Dawsn positive from -1e9 down (Cephes: odd)
                                     t(0.5) / x)))
    return flush(xp, xp.where(x < 0, -out, out))


# -- The Fresnel integrals: power series in x^4 below 1.6; the auxiliary functions f and g
# (rationals in 1/(pi x^2)) beyond, up to 36974, past which both are 1/2 ---------------------

_FRESNEL_SIN = ((-2.99181919401019853726e3, 7.08840045257738576863e5,
                 -6.29741486205862506537e7, 2.54890880573376359104e9,
                 -4.42979518059697779103e10, 3.18016297876567817986e11),
                (1.0, 2.81376268889994315696e2, 4.55847810806532581675e4,
                 5.17343888770096400730e6, 4.19320245898111231129e8,
                 2.24411795645340920940e10, 6.07366389490084639049e11))
_FRESNEL_COS = ((-4.98843114573573548651e-8, 9.50428062829859605134e-6,
                 -6.45191435683965050962e-4, 1.88843319396703850064e-2,
                 -2.05525900955013891793e-1, 9.99999999999999998822e-1),
                (3.99982968972495980367e-12, 9.15439215774657478799e-10,
                 1.25001862479598821474e-7, 1.22262789024179030997e-5,
                 8.68029542941784300606e-4, 4.12142090722199792936e-2,
                 1.00000000000000000118e0))
_FRESNEL_F = ((4.21543555043677546506e-1, 1.43407919780758885261e-1,
               1.15220955073585758835e-2, 3.45017939782574027900e-4,
               4.63613749287867322088e-6, 3.05568983790257605827e-8,
               1.02304514164907233465e-10, 1.72010743268161828879e-13,
               1.34283276233062758925e-16, 3.76329711269987889006e-20),
              (1.0, 7.51586398353378947175e-1, 1.16888925859191382142e-1,
               6.44051526508858611005e-3, 1.55934409164153020873e-4,
               1.84627567348930545870e-6, 1.12699224763999035261e-8,
               3.60140029589371370404e-11, 5.88754533621578410010e-14,
               4.52001434074129701496e-17, 1.25443237090011264384e-20))
_FRESNEL_G = ((5.04442073643383265887e-1, 1.97102833525523411709e-1,
               1.87648584092575249293e-2, 6.84079380915393090172e-4,
               1.15138826111884280931e-5, 9.82852443688422223854e-8,
               4.45344415861750144738e-10, 1.08268041139020870318e-12,
               1.37555460633261799868e-15, 8.36354435630677421531e-19,
               1.86958710162783235106e-22),
              (1.0, 1.47495759925128324529e0, 3.37748989120019970451e-1,
               2.53603741420338795122e-2, 8.14679107184306179049e-4,
               1.27545075667729118702e-5, 1.04314589657571990585e-7,
               4.60680728146520428211e-10, 1.10273215066240270757e-12,
               1.38796531259578871258e-15, 8.39158816283118707363e-19,
               1.86958710162783236342e-22))


def _fresnel_near(a: Any, sine: bool) -> Any:
    x2 = a * a
    x4 = x2 * x2
    num, den = _FRESNEL_SIN if sine else _FRESNEL_COS
    return (a * x2 if sine else a) * horner(x4, num) / horner(x4, den)


def _fresnel_far(xp: Any, a: Any, sine: bool) -> Any:
    """S = 1/2 - (f cos z + g sin z) / (pi x), C = 1/2 + (f sin z - g cos z) / (pi x),
    z = pi x^2 / 2, with f and g rationals in u = 1/(pi x^2)^2."""
    t = a.dtype.type
    x2 = a * a
    w = t(1) / (t(math.pi) * x2)
    u = w * w
    f = t(1) - u * (horner(u, _FRESNEL_F[0]) / horner(u, _FRESNEL_F[1]))
    g = w * horner(u, _FRESNEL_G[0]) / horner(u, _FRESNEL_G[1])
    z = t(math.pi / 2) * x2
    cos, sin = libm(xp, xp.cos, z), libm(xp, xp.sin, z)
    y = t(1) / (t(math.pi) * a)
    return (t(0.5) - (f * cos + g * sin) * y if sine else
            t(0.5) + (f * sin - g * cos) * y)


def _fresnel_block(xp: Any, x: Any, sine: bool) -> Any:
    t = x.dtype.type
    x = flush(xp, x)
    a = xp.abs(x)
    big = a > t(36974)
    near = (x * x < t(2.5625)) & ~big
    out = pieces(xp, a, (near, lambda v: _fresnel_near(v, sine)),
                 (~near & ~big, lambda v: _fresnel_far(xp, v, sine)),
                 (big, lambda v: xp.full_like(v, t(0.5))))
    return flush(xp, xp.where(x < 0, -out, out))


def fresnel_sin(xp: Any, x: Any) -> Any:
    return _per_value(xp, x, lambda v: _fresnel_block(xp, v, True))


def fresnel_cos(xp: Any, x: Any) -> Any:
    return _per_value(xp, x, lambda v: _fresnel_block(xp, v, False))


# -- Spence's function: a rational in w near 1, with the reflection x -> 1 - x below 1/2
# and the inversion x -> 1/x above 3/2 ------------------------------------------------------

_SPENCE = ((4.65128586073990045278e-5, 7.31589045238094711071e-3,
            1.33847639578309018650e-1, 8.79691311754530315341e-1,
            2.71149851196553469920e0, 4.25697156008121755724e0,
            3.29771340985225106936e0, 1.00000000000000000126e0),
           (6.90990488912553276999e-4, 2.54043763932544379113e-2,
            2.82974860602568089943e-1, 1.41172597751831069617e0,
            3.63800533345137075418e0, 5.03278880143316990390e0,
            3.54771340985225096217e0, 9.99999999999999998740e-1))


def _spence(xp: Any, x: Any) -> Any:
    t = x.dtype.type
    one, half, pi2_6 = t(1), t(0.5), t(_PI2_6)
    x = flush(xp, x)
    # (1/x flushed: past 1/tiny it is 0, and the reflection's log(0) * 0 makes TF's NaN)
    y = xp.where(x < t(2), x, flush(xp, one / x))  # in [0, 2)
    w = xp.where(y > t(1.5), one / y - one, xp.where(y < half, -y, y - one))
    out = -w * (horner(w, _SPENCE[0]) / horner(w, _SPENCE[1]))
    z = libm(xp, xp.log, y)
    low = y < half  # (the reflection's log1p only where it is taken)
    out = xp.where(low, pieces(xp, y, (low, lambda v: libm(xp, xp.log1p, -v))) * -z +
                   pi2_6 - out, out)
    out = xp.where(x > t(1.5), -half * z * z - out, out)
    # (TF's own values: 0 and pi^2/6 exactly at 1 and 0, NaN on the negative axis; +inf
    # gives NaN from the reflection's inf * 0)
    out = xp.where(x == one, t(0), xp.where(x == t(0), pi2_6, out))
    return flush(xp, xp.where(x < t(0), t(math.nan), out))


# -- The exponential integral Ei: EUL + log(x) + x P(x)/Q(x) below 2; past it six
# intervals (to 4, 8, 16, 32, 64, beyond) of exp(x)/x (1 + w P(w)/Q(w)), w = 1/x -----------

_EI_NEAR = ((-5.350447357812542947283e0, 2.185049168816613393830e2,
             -4.176572384826693777058e3, 5.541176756393557601232e4,
             -3.313381331178144034309e5, 1.592627163384945414220e6),
            (1.0, -5.250547959112862969197e1, 1.259616186786790571525e3,
             -1.756549581973534652631e4, 1.493062117002725991967e5,
             -7.294949239640527645655e5, 1.592627163384945429726e6))
_EI_FAR = (
    (4.0, (1.981808503259689673238e-2, -1.271645625984917501326e0, -2.088160335681228318920e0,
           2.755544509187936721172e0, -4.409507048701600257171e-1, 4.665623805935891391017e-2,
           -1.545042679673485262580e-3, 7.059980605299617478514e-5),
     (1.0, 1.476498670914921440652e0, 5.629177174822436244827e-1, 1.699017897879307263248e-1,
      2.291647179034212017463e-2, 4.450150439728752875043e-3, 1.727439612206521482874e-4,
      3.953167195549672482304e-5)),
    (8.0, (-1.373215375871208729803e0, -7.084559133740838761406e-1, 1.580806855547941010501e0,
           -2.601500427425622944234e-1, 2.994674694113713763365e-2, -1.038086040188744005513e-3,
           4.371064420753005429514e-5, 2.141783679522602903795e-6),
     (1.0, 8.585231423622028380768e-1, 4.483285822873995129957e-1, 7.687932158124475434091e-2,
      2.449868241021887685904e-2, 8.832165941927796567926e-4, 4.590952299511353531215e-4,
      -4.729848351866523044863e-6, 2.665195537390710170105e-6)),
    (16.0, (-2.106934601691916512584e0, 1.732733869664688041885e0, -2.423619178935841904839e-1,
            2.322724180937565842585e-2, 2.372880440493179832059e-4, -8.343219561192552752335e-5,
            1.363408795605250394881e-5, -3.655412321999253963714e-7, 1.464941733975961318456e-8,
            6.176407863710360207074e-10),
     (1.0, -2.298062239901678075778e-1, 1.105077041474037862347e-1, -1.566542966630792353556e-2,
      2.761106850817352773874e-3, -2.089148012284048449115e-4, 1.708528938807675304186e-5,
      -4.459311796356686423199e-7, 1.394634930353847498145e-8, 6.150865933977338354138e-10)),
    (32.0, (-2.458119367674020323359e-1, -1.483382253322077687183e-1, 7.248291795735551591813e-2,
            -1.348315687380940523823e-2, 1.342775069788636972294e-3, -7.942465637159712264564e-5,
            2.644179518984235952241e-6, -4.239473659313765177195e-8),
     (1.0, -1.044225908443871106315e-1, -2.676453128101402655055e-1, 9.695000254621984627876e-2,
      -1.601745692712991078208e-2, 1.496414899205908021882e-3, -8.462452563778485013756e-5,
      2.728938403476726394024e-6, -4.239462431819542051337e-8)),
    (64.0, (1.212561118105456670844e-1, -5.823133179043894485122e-1, 2.348887314557016779211e-1,
            -3.040034318113248237280e-2, 1.510082146865190661777e-3, -2.523137095499571377122e-5),
     (1.0, -1.002252150365854016662e0, 2.928709694872224144953e-1, -3.337004338674007801307e-2,
      1.560544881127388842819e-3, -2.523137093603234562648e-5)),
    (math.inf, (-7.657847078286127362028e-1, 6.886192415566705051750e-1,
                -2.132598113545206124553e-1, 3.346107552384193813594e-2,
                -3.076541477344756050249e-3, 1.747119316454907477380e-4,
                -6.103711682274170530369e-6, 1.218032765428652199087e-7,
                -1.086076102793290233007e-9),
     (1.0, -1.888802868662308731041e0, 1.066691687211408896850e0, -2.751915982306380647738e-1,
      3.930852688233823569726e-2, -3.414684558602365085394e-3, 1.866844370703555398195e-4,
      -6.345146083130515357861e-6, 1.239754287483206878024e-7, -1.086076102793126632978e-9)),
)


def _expint_near(xp: Any, x: Any) -> Any:
    t = x.dtype.type
    f = horner(x, _EI_NEAR[0]) / horner(x, _EI_NEAR[1])
    return x * f + t(0.5772156649015329) + log(xp, x)


def _expint_far(xp: Any, x: Any, num: tuple, den: tuple) -> Any:
    t = x.dtype.type
    w = flush(xp, t(1) / x)  # (past 1/tiny: 0, and exp(x) * 0 is TF's NaN)
    f = w * (horner(w, num) / horner(w, den)) + t(1)
    return libm(xp, xp.exp, x) * w * f


def _expint(xp: Any, x: Any) -> Any:
    """TF's Ei: NaN below 0 (and at +inf, from exp(inf) * 0), -inf at 0; a denormal x is
    not read as zero (its logarithm is the C library's, above)."""
    t = x.dtype.type
    x = xp.asarray(x)
    parts, lo = [(x < t(2), lambda v: _expint_near(xp, v))], t(2)
    for hi, num, den in _EI_FAR:
        # (the last interval takes NaN too, as TF's chain of < comparisons does)
        mask = ~(x < lo) if hi == math.inf else (x >= lo) & (x < t(hi))
        parts.append((mask, lambda v, num=num, den=den: _expint_far(xp, v, num, den)))
        lo = t(hi)
    out = pieces(xp, x, *parts)
    return flush(xp, xp.where(x < t(0), t(math.nan), out))


# -- Digamma (Eigen's digamma_impl, a per-value function in TF's build): the reflection
# psi(1 - x) - pi / tan(pi x) below 0 (NaN at the poles), the recurrence psi(x + 1) =
# psi(x) + 1/x up to 10, then log(s) - 1/(2s) minus an asymptotic series in 1/s^2 ------------

_PSI = {4: (1e8, (-4.16666666666666666667e-3, 3.96825396825396825397e-3,
                  -8.33333333333333333333e-3, 8.33333333333333333333e-2)),
        8: (1e17, (8.33333333333333333333e-2, -2.10927960927960927961e-2,
                   7.57575757575757575758e-3, -4.16666666666666666667e-3,
                   3.96825396825396825397e-3, -8.33333333333333333333e-3,
                   8.33333333333333333333e-2))}


def _psi_reflection(xp: Any, q: Any) -> Any:
    """pi / tan(pi nz), nz = q less its nearest integer (0 at the half-integers)."""
    t = q.dtype.type
    p = xp.floor(q)
    nz = q - p
    nz = xp.where(nz > t(0.5), q - (p + t(1)), nz)
    cot = t(math.pi) / libm(xp, xp.tan, t(math.pi) * nz)
    return xp.where(nz == t(0.5), t(0), cot)


def _psi_recurrence(xp: Any, s: Any) -> tuple:
    """(s, w): s stepped up by ones to 10 or more, w the sum of 1/s over the steps, in
    their order; the loop runs over the values below 10 only (a finished value adds 0)."""
    t = s.dtype.type
    s, w = s.copy(), xp.zeros_like(s)
    idx = xp.flatnonzero(s < t(10))
    ss, ww = s[idx], w[idx]
    active = ss < t(10)
    while active.any():  # (at most 10 steps)
        ww += xp.where(active, t(1) / ss, t(0))
        ss += active.astype(ss.dtype)
        active = ss < t(10)
    s[idx], w[idx] = ss, ww
    return s, w


def _digamma(xp: Any, x: Any, log: Any = None) -> Any:
    """Digamma of x; `log` the C library's log where the caller has its bits (the
    double log rounded here, the backend's on a device)."""
    t = x.dtype.type
    x = flush(xp, x)
    negative = x <= t(0)
    nz = pieces(xp, x, (negative, lambda v: _psi_reflection(xp, v)))
    s, w = _psi_recurrence(xp, xp.where(negative, t(1) - x, x))
    top, coeffs = _PSI[x.dtype.itemsize]
    z = t(1) / (s * s)
    series = xp.where(s < t(top), z * horner(z, coeffs), t(0))
    y = (log(s) if log else libm(xp, xp.log, s)) - t(0.5) / s - series - w
    y = xp.where(negative, y - nz, y)
    return flush(xp, xp.where(negative & (xp.floor(x) == x), t(math.nan), y))


def digamma(xp: Any, x: Any) -> Any:
    """TF's Digamma (NaN at 0 and the negative integers); float16 through float32, rounded
    once, as TF's (every float16 value: TF's bits). A per-value function in TF's build:
    every value on the scalar path."""
    x = xp.asarray(x)
    if x.dtype.itemsize < 4:
        return digamma(xp, x.astype(np.float32)).astype(x.dtype)
    return blockwise(xp, x, lambda v: _digamma(np, v), lambda v: _digamma(xp, v))


# -- Ndtri, the inverse of the normal distribution function (Eigen's generic_ndtri): near
# 1/2 c + c^3 P(c^2)/Q(c^2), c = p - 1/2; in the tails (p or 1 - p below exp(-2))
# x - log(x)/x - P(1/x)/(x Q(1/x)), x = sqrt(-2 log p) ---------------------------------------

_NDTRI_NEAR = ((-5.99633501014107895267e1, 9.80010754185999661536e1, -5.66762857469070293439e1,
                1.39312609387279679503e1, -1.23916583867381258016e0),
               (1.0, 1.95448858338141759834e0, 4.67627912898881538453e0,
                8.63602421390890590575e1, -2.25462687854119370527e2, 2.00260212380060660359e2,
                -8.20372256168333339912e1, 1.59056225126211695515e1, -1.18331621121330003142e0))
_NDTRI_TAIL = ((4.05544892305962419923e0, 3.15251094599893866154e1, 5.71628192246421288162e1,
                4.40805073893200834700e1, 1.46849561928858024014e1, 2.18663306850790267539e0,
                -1.40256079171354495875e-1, -3.50424626827848203418e-2,
                -8.57456785154685413611e-4),
               (1.0, 1.57799883256466749731e1, 4.53907635128879210584e1, 4.13172038254672030440e1,
                1.50425385692907503408e1, 2.50464946208309415979e0, -1.42182922854787788574e-1,
                -3.80806407691578277194e-2, -9.33259480895457427372e-4))
_NDTRI_FAR = ((3.23774891776946035970e0, 6.91522889068984211695e0, 3.93881025292474443415e0,
               1.33303460815807542389e0, 2.01485389549179081538e-1, 1.23716634817820021358e-2,
               3.01581553508235416007e-4, 2.65806974686737550832e-6, 6.23974539184983293730e-9),
              (1.0, 6.02427039364742014255e0, 3.67983563856160859403e0, 1.37702099489081330271e0,
               2.16236993594496635890e-1, 1.34204006088543189037e-2, 3.28014464682127739104e-4,
               2.89247864745380683936e-6, 6.79019408009981274425e-9))
_EXP_NEG_2 = 0.13533528323661269189


def _ndtri_near(b: Any) -> Any:
    t = b.dtype.type
    c = b - t(0.5)
    c2 = c * c
    near = c * (c2 * (horner(c2, _NDTRI_NEAR[0]) / horner(c2, _NDTRI_NEAR[1]))) + c
    return near * t(2.50662827463100050242)


def _ndtri_tail(xp: Any, b: Any, log: Any, recip: Any) -> Any:
    t = b.dtype.type
    x = xp.sqrt(t(-2) * log(b))
    x0 = x - log(x) / x
    z = recip(x)
    ratio = horner(z, _NDTRI_TAIL[0]) / horner(z, _NDTRI_TAIL[1])
    far = x >= t(8)  # (p below exp(-32): rare, so over its own values)
    if far.any():
        ratio[far] = horner(z[far], _NDTRI_FAR[0]) / horner(z[far], _NDTRI_FAR[1])
    return x0 - z * ratio


def _ndtri_block(xp: Any, p: Any, log: Any, recip: Any) -> Any:
    """Ndtri over a block: near 1/2 over every value (most of them), the tails over their
    own; b is p or 1 - p, whichever is below 1/2 in the tails; TF's values at 0 (and a
    denormal, read as zero), 1 and outside [0, 1]. (No result is denormal.)"""
    t = p.dtype.type
    low = p <= t(1) - t(_EXP_NEG_2)
    b = xp.where(low, p, t(1) - p)
    out = _ndtri_near(b)
    tail = ~(t(_EXP_NEG_2) < b) & (b > t(0))
    if tail.any():
        out[tail] = _ndtri_tail(xp, b[tail], log, recip)
    out = xp.where(tail & low, -out, out)
    zero = xp.abs(p) < t(np.finfo(p.dtype).tiny)
    inside = (p > t(0)) & (p < t(1)) & ~zero
    if bool(inside.all()):
        return out
    edge = xp.where(zero, t(-np.inf), xp.where(p == t(1), t(np.inf), t(np.nan)))
    return xp.where(inside, out, edge)


def blockwise(xp: Any, x: Any, packet: Any, scalar: Any) -> Any:
    """`packet(block)` over the whole packets of 8 of a float32 x on the CPU (TF's Eigen
    packets), `scalar(block)` over the rest (its scalar path: all of a float64 x, and of a
    device's), a cache-sized block at a time on the CPU."""
    if xp is not np:
        return scalar(x.reshape(-1)).reshape(x.shape)
    flat = x.reshape(-1)
    n = flat.size - flat.size % 8 if x.dtype.itemsize == 4 else 0
    out = np.empty_like(flat)
    step = ELEMENTWISE_BLOCK // x.dtype.itemsize
    for start in range(0, flat.size, step):
        stop = min(start + step, flat.size)
        if start < n:
            out[start:min(stop, n)] = packet(flat[start:min(stop, n)])
        if stop > n:
            out[max(start, n):stop] = scalar(flat[max(start, n):stop])
    return out.reshape(x.shape)


def ndtri(xp: Any, p: Any) -> Any:
    """TF's Ndtri: -inf at 0, inf at 1, NaN outside [0, 1]. float32 as TF's kernel: Eigen's
    packets of 8 (its own log, halfprec.plog, and reciprocal, the CPU's estimate refined
    once) and the C library's logf and a division on the rest (all of a tensor of fewer
    than 8 values); float64 every value on that scalar path (measured)."""
    p = xp.asarray(p)
    if p.dtype.itemsize < 4:
        return ndtri(xp, p.astype(np.float32)).astype(p.dtype)
    return blockwise(xp, p, lambda v: _ndtri_block(np, v, halfprec.plog, halfprec.preciprocal),
                     lambda v: _ndtri_block(xp, v, lambda u: libm(xp, xp.log, u),
                                            lambda u: u.dtype.type(1) / u))


def erfinv(xp: Any, x: Any) -> Any:
    """TF's Erfinv: Ndtri's, ndtri((x + 1) / 2) sqrt(1/2) (inf at 1, NaN past it)."""
    t = xp.asarray(x).dtype.type
    return ndtri(xp, (x + t(1)) * t(0.5)) * t(math.sqrt(0.5))


def _per_value(xp: Any, x: Any, fn: Any) -> Any:
    """fn over x a cache-sized block at a time (`blockwise`): TF's per-value functions, one
    path for every value."""
    return blockwise(xp, xp.asarray(x), fn, fn)


def dawsn(xp: Any, x: Any) -> Any:
    return _per_value(xp, x, lambda v: _dawsn(xp, v))


def spence(xp: Any, x: Any) -> Any:
    return _per_value(xp, x, lambda v: _spence(xp, v))


def expint(xp: Any, x: Any) -> Any:
    return _per_value(xp, x, lambda v: _expint(xp, v))


# -- float32 Zeta (Eigen's zeta_impl, a per-value function): q^-x plus nine more terms of
# the sum, then the Euler-Maclaurin tail in up to twelve Bernoulli terms; each value stops
# at its own first term below machine epsilon / 2 ---------------------------------------------

_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
           7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
           -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18)


def _powf(xp: Any, a: Any, b: Any) -> Any:
    """The C library's powf: the double power rounded once (eigen32.powf's finding), a
    denormal result flushed."""
    return flush(xp, xp.power(a.astype(np.float64), b.astype(np.float64)).astype(np.float32))


def zeta32(xp: Any, x: Any, q: Any) -> Any:
    """TF's float32 Zeta(x, q): inf at x = 1 and at non-positive integer q with an even
    integer x, NaN below x = 1 and at other such q or a fractional x with q <= 0."""
    t = np.float32
    machep = t(np.finfo(np.float32).eps / 2)
    s = _powf(xp, q, -x)
    a, b = q, xp.zeros_like(s)
    done = xp.zeros(s.shape, bool)
    for _ in range(9):
        a = xp.where(done, a, a + t(1))
        b = xp.where(done, b, _powf(xp, a, -x))
        s = xp.where(done, s, s + b)
        done = done | (xp.abs(b / s) < machep)
    tail = ~done & (b != t(0))
    w = a
    s2 = s + flush(xp, b * w) / (x - t(1))
    s2 = s2 - flush(xp, t(0.5) * b)
    a2, b2, k = xp.ones_like(s), b, t(0)
    stop = ~tail
    for coeff in _ZETA_A:  # (TF's threads flush each denormal step)
        a2 = a2 * (x + k)
        b2 = flush(xp, b2 / w)
        term = flush(xp, flush(xp, a2 * b2) / t(coeff))
        s2 = xp.where(stop, s2, s2 + term)
        stop = stop | (xp.abs(term / s2) < machep)
        k += t(1)
        a2 = a2 * (x + k)
        b2 = flush(xp, b2 / w)
        k += t(1)
    out = flush(xp, xp.where(tail, s2, s))
    pole = (q <= t(0)) & (q == xp.floor(q))
    # (Eigen reads the evenness of x cast to a long: an infinite x is LONG_MIN, even)
    even = (x == xp.floor(x)) & ((xp.fmod(x, t(2)) == t(0)) | xp.isinf(x))
    out = xp.where(pole, xp.where(even, t(np.inf), t(np.nan)), out)
    out = xp.where((q <= t(0)) & ~pole & (x != xp.floor(x)), t(np.nan), out)
    return xp.where(x == t(1), t(np.inf), xp.where(x < t(1), t(np.nan), out))


def _factorials(nplus: Any) -> Any:
    """exp(lgamma(n + 1)) as TF's Polygamma computes it, by the C library's functions
    (expf/lgammaf, exp/lgamma), called once per distinct n."""
    if nplus.dtype == np.float32:
        lgamma, exp = c_float_function("lgammaf"), c_float_function("expf")
    else:
        lgamma, exp = c_double_function("lgamma"), c_double_function("exp")
    def factorial(v: float) -> float:
        if exp is not None and lgamma is not None:
            return exp(lgamma(v))
        try:  # (no C library: Python's, in double)
            return math.exp(math.lgamma(v))
        except (OverflowError, ValueError):
            return math.inf if v > 0 else math.nan

    values, where = np.unique(nplus, return_inverse=True)
    out = np.array([factorial(v) for v in values.tolist()], nplus.dtype)
    return out[where].reshape(nplus.shape)


def polygamma(n: Any, x: Any, zeta: Any) -> Any:
    """TF's Polygamma(n, x) on the CPU (NumPy arrays of one shape): Digamma at n = 0, else
    (-1)^(n+1) exp(lgamma(n + 1)) zeta(n + 1, x), `zeta` float32's port or float64's
    SciPy (TF's bits both); NaN for n not a non-negative integer."""
    t = n.dtype.type
    ok = (n >= t(0)) & (np.floor(n) == n)
    nplus = np.where(ok, n, t(0)) + t(1)
    # ((-1)^(n+1) by the C library's pow: 1 for an infinite power)
    sign = np.where((np.fmod(nplus, t(2)) == t(0)) | np.isinf(nplus), t(1), t(-1))
    out = sign * _factorials(nplus) * zeta(nplus, x)
    out = np.where(n == t(0), digamma(np, x), out)
    return np.where(ok, out, t(np.nan))
