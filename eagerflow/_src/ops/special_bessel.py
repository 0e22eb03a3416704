"""The modified Bessel functions I0, I1, K0, K1 (plain and exponentially scaled) as TF
2.21's CPU kernels compute them: Eigen's ports of Cephes (BesselFunctionsImpl.h).

Sits in the ops layer below math_special.py and special_functions.py, which declare the
ops. Each function is Chebyshev series (Clenshaw's recurrence, Eigen's pchebevl) on two
intervals of x, in the input's own float type, each constant rounded to it first, each
step a product then a sum (TF's x86 build fuses none). float32 keeps the last terms of
float64's series (Cephes' single precision functions). Eigen evaluates both intervals and
selects; for float32 over whole packets of 8 with its own exp and log (`halfprec.pexp`,
`plog`), and the values past the last whole packet one at a time with the C library's
expf and logf (`special_cephes.libm`); for float64 every value takes that scalar path
(TF 2.21's float64 I0 equals glibc's exp times I0e on all of 25,319 values; NumPy's exp,
used here, differs from glibc's on a few percent of values by an ulp). Not reproduced:
float32's packet reciprocal square root past the first interval (the CPU's `rsqrtps`
estimate refined by one Newton step: its bits are the CPU model's; 1/sqrt here).
Denormals are flushed, as TF's threads do. On a device every value takes the scalar
path's functions (the backend's exp, log).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import ELEMENTWISE_BLOCK
from eagerflow._src.ops import halfprec
from eagerflow._src.ops.special_cephes import flush, libm, pieces

# Chebyshev coefficients, float64's (float32 takes the last `_F32_TERMS` of each)
_I0_A = (-4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16,
         1.71539128555513303061e-15, -1.16853328779934516808e-14, 7.67618549860493561688e-14,
         -4.85644678311192946090e-13, 2.95505266312963983461e-12, -1.72682629144155570723e-11,
         9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
         -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7,
         1.11738753912010371815e-6, -4.41673835845875056359e-6, 1.64484480707288970893e-5,
         -5.75419501008210370398e-5, 1.88502885095841655729e-4, -5.76375574538582365885e-4,
         1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
         -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2,
         1.71620901522208775349e-1, -3.04682672343198398683e-1, 6.76795274409476084995e-1)
_I0_B = (-7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17,
         3.46122286769746109310e-17, -2.82762398051658348494e-16, -3.42548561967721913462e-16,
         1.77256013305652638360e-15, 3.81168066935262242075e-15, -9.55484669882830764870e-15,
         -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
         7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11,
         -3.14991652796324136454e-11, 1.18891471078464383424e-11, 4.94060238822496958910e-10,
         3.39623202570838634515e-9, 2.26666899049817806459e-8, 2.04891858946906374183e-7,
         2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
         8.04490411014108831608e-1)
_I1_A = (2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16,
         -1.10559694773538630805e-15, 7.60068429473540693410e-15, -5.04218550472791168711e-14,
         3.22379336594557470981e-13, -1.98397439776494371520e-12, 1.17361862988909016308e-11,
         -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
         9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
         -8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
         4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
         -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
         2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
         -1.76416518357834055153e-1, 2.52587186443633654823e-1)
_I1_B = (7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17,
         -3.20952592199342395980e-17, 2.96262899764595013876e-16, 3.30820231092092828324e-16,
         -1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
         4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
         -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11,
         3.25260358301548823856e-11, -1.89749581235054123450e-11, -5.58974346219658380687e-10,
         -3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
         -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
         7.78576235018280120474e-1)
_K0_A = (1.37446543561352307156e-16, 4.25981614279661018399e-14, 1.03496952576338420167e-11,
         1.90451637722020886025e-9, 2.53479107902614945675e-7, 2.28621210311945178607e-5,
         1.26461541144692592338e-3, 3.59799365153615016266e-2, 3.44289899924628486886e-1,
         -5.35327393233902768720e-1)
_K0_B = (5.30043377268626276149e-18, -1.64758043015242134646e-17, 5.21039150503902756861e-17,
         -1.67823109680541210385e-16, 5.51205597852431940784e-16, -1.84859337734377901440e-15,
         6.34007647740507060557e-15, -2.22751332699166985548e-14, 8.03289077536357521100e-14,
         -2.98009692317273043925e-13, 1.14034058820847496303e-12, -4.51459788337394416547e-12,
         1.85594911495471785253e-11, -7.95748924447710747776e-11, 3.57739728140030116597e-10,
         -1.69753450938905987466e-9, 8.57403401741422608519e-9, -4.66048989768794782956e-8,
         2.76681363944501510342e-7, -1.83175552271911948767e-6, 1.39498137188764993662e-5,
         -1.28495495816278026384e-4, 1.56988388573005337491e-3, -3.14481013119645005427e-2,
         2.44030308206595545468e0)
_K1_A = (-7.02386347938628759343e-18, -2.42744985051936593393e-15, -6.66690169419932900609e-13,
         -1.41148839263352776110e-10, -2.21338763073472585583e-8, -2.43340614156596823496e-6,
         -1.73028895751305206302e-4, -6.97572385963986435018e-3, -1.22611180822657148235e-1,
         -3.53155960776544875667e-1, 1.52530022733894777053e0)
_K1_B = (-5.75674448366501715755e-18, 1.79405087314755922667e-17, -5.68946255844285935196e-17,
         1.83809354436663880070e-16, -6.05704724837331885336e-16, 2.03870316562433424052e-15,
         -7.01983709041831346144e-15, 2.47715442448130437068e-14, -8.97670518232499435011e-14,
         3.34841966607842919884e-13, -1.28917396095102890680e-12, 5.13963967348173025100e-12,
         -2.12996783842756842877e-11, 9.21831518760500529508e-11, -4.19035475934189648750e-10,
         2.01504975519703286596e-9, -1.03457624656780970260e-8, 5.74108412545004946722e-8,
         -3.50196060308781257119e-7, 2.40648494783721712015e-6, -1.93619797416608296024e-5,
         1.95215518471351631108e-4, -2.85781685962277938680e-3, 1.03923736576817238437e-1,
         2.72062619048444266945e0)
_F32_TERMS = {id(_I0_A): 18, id(_I0_B): 7, id(_I1_A): 17, id(_I1_B): 7,
              id(_K0_A): 7, id(_K0_B): 10, id(_K1_A): 7, id(_K1_B): 10}


def _cheb(x: Any, coeffs: tuple) -> Any:
    """Clenshaw's sum of the Chebyshev series (Eigen's pchebevl): b0 = x b1 + c - b2 over
    the coefficients, then (b0 - b2) / 2."""
    t = x.dtype.type
    if x.dtype.itemsize == 4:
        coeffs = coeffs[len(coeffs) - _F32_TERMS[id(coeffs)]:]
    b0, b1, b2 = x * t(0) + t(coeffs[0]), x * t(0), None
    for c in coeffs[1:]:
        b2, b1 = b1, b0
        b0 = x * b1
        b0 += t(c)
        b0 -= b2
    return t(0.5) * (b0 - b2)


class _Math:
    """exp, log and 1/sqrt as one of Eigen's two paths computes them: `packet` (Eigen's own
    functions over whole packets, NumPy only) or the scalar path (the C library's)."""

    def __init__(self, xp: Any, packet: bool) -> None:
        self.xp, self.packet = xp, packet

    def exp(self, v: Any) -> Any:
        return halfprec.pexp(v) if self.packet else libm(self.xp, self.xp.exp, v)

    def log(self, v: Any) -> Any:
        return halfprec.plog(v) if self.packet else libm(self.xp, self.xp.log, v)

    def rsqrt(self, v: Any) -> Any:
        return v.dtype.type(1) / self.xp.sqrt(v)


def _i_near(x: Any, coeffs: tuple) -> Any:
    return _cheb(x.dtype.type(0.5) * x - x.dtype.type(2), coeffs)


def _i_far(m: _Math, x: Any, coeffs: tuple) -> Any:
    return _cheb(x.dtype.type(32) / x - x.dtype.type(2), coeffs) * m.rsqrt(x)


def _i0e(m: _Math, x: Any) -> Any:
    y = m.xp.abs(x)
    near = y <= y.dtype.type(8)  # (each interval over its own values: `pieces`)
    return pieces(m.xp, y, (near, lambda v: _i_near(v, _I0_A)),
                  (~near, lambda v: _i_far(m, v, _I0_B)))


def _i1e(m: _Math, x: Any) -> Any:
    y = m.xp.abs(x)
    near = y <= y.dtype.type(8)
    y = pieces(m.xp, y, (near, lambda v: v * _i_near(v, _I1_A)),
               (~near, lambda v: _i_far(m, v, _I1_B)))
    return m.xp.where(x < x.dtype.type(0), -y, y)


def _i0(m: _Math, x: Any) -> Any:
    return m.exp(m.xp.abs(x)) * _i0e(m, x)


def _i1(m: _Math, x: Any) -> Any:
    return m.exp(m.xp.abs(x)) * _i1e(m, x)


def _k_near(m: _Math, x: Any, order: int, scaled: bool) -> Any:
    """K0 or K1 on (0, 2]: a series in x^2 - 2 and I(x) log(x / 2) (x / 2 and I1(x) of the
    smallest normal x flushed: TF's infinite K0 and NaN K1 there); times exp(x) scaled."""
    t = x.dtype.type
    log = m.log(flush(m.xp, t(0.5) * x))
    if order == 0:
        out = _cheb(x * x - t(2), _K0_A) + _i0(m, x) * -log
    else:
        out = _cheb(x * x - t(2), _K1_A) / x + flush(m.xp, _i1(m, x)) * log
    return out * m.exp(x) if scaled else out


def _k_far(m: _Math, x: Any, order: int, scaled: bool) -> Any:
    """K0 or K1 past 2: a series in 8/x - 2 over sqrt(x), times exp(-x) unscaled (in
    Eigen's order of the products, which differs between the orders)."""
    t = x.dtype.type
    series = _cheb(t(8) / x - t(2), _K0_B if order == 0 else _K1_B)
    if scaled:
        return series * m.rsqrt(x)
    if order == 0:
        return m.exp(-x) * series * m.rsqrt(x)
    return m.exp(-x) * (series * m.rsqrt(x))


def _k(m: _Math, x: Any, order: int, scaled: bool) -> Any:
    t = x.dtype.type
    near = (x <= t(2)) & (x > t(0))
    return pieces(m.xp, x, (near, lambda v: _k_near(m, v, order, scaled)),
                  (x <= t(0), lambda v: m.xp.full_like(v, t(np.inf))),
                  (~(x <= t(2)), lambda v: _k_far(m, v, order, scaled)))


FUNCTIONS: dict[str, Callable] = {
    "i0": _i0, "i0e": _i0e, "i1": _i1, "i1e": _i1e,
    "k0": lambda m, x: _k(m, x, 0, False), "k0e": lambda m, x: _k(m, x, 0, True),
    "k1": lambda m, x: _k(m, x, 1, False), "k1e": lambda m, x: _k(m, x, 1, True),
}


def kernel(name: str) -> Callable:
    """kernel(xp, x): the function `name` of FUNCTIONS as TF's kernel computes it."""
    fn = FUNCTIONS[name]

    def run(xp: Any, x: Any) -> Any:
        x = xp.asarray(x)
        if x.dtype.itemsize < 4:  # (the half types: the float32 function, rounded once)
            return run(xp, x.astype(np.float32)).astype(x.dtype)
        x = flush(xp, x)
        with np.errstate(all="ignore"):
            if xp is not np:
                return flush(xp, fn(_Math(xp, False), x))
            flat = x.reshape(-1)
            # (float64: the scalar path throughout, measured; float32: packets of 8)
            n = flat.size - flat.size % 8 if x.dtype.itemsize == 4 else 0
            out = np.empty_like(flat)
            packet, scalar = _Math(np, True), _Math(np, False)
            step = ELEMENTWISE_BLOCK // x.dtype.itemsize  # (the steps' arrays in the cache)
            for start in range(0, flat.size, step):
                stop = min(start + step, flat.size)
                if start < n:
                    out[start:min(stop, n)] = fn(packet, flat[start:min(stop, n)])
                if stop > n:
                    out[max(start, n):stop] = fn(scalar, flat[max(start, n):stop])
            return flush(np, out).reshape(x.shape)
    return run
