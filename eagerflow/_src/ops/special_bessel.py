"""The Bessel functions as TF 2.21's CPU kernels compute them: I0, I1, K0, K1 (plain and
exponentially scaled), J0, J1, Y0, Y1, Eigen's ports of Cephes (BesselFunctionsImpl.h).

Sits in the ops layer below math_special.py and special_functions.py, which declare the
ops. I and K are Chebyshev series (Clenshaw's recurrence, Eigen's pchebevl) on two
intervals of x; J and Y polynomials or rationals below 2 (float32) or 5 (float64) and a
modulus and phase (float32) or Hankel's expansion (float64) past it. All in the input's
own float type, each constant rounded to it first, each step a product then a sum (TF's
x86 build fuses none); float32 takes Cephes' single precision functions (for I and K the
last terms of float64's series). Eigen evaluates both intervals and selects; here each
interval runs over its own values (`pieces`). float32 goes over whole packets of 8 with
Eigen's own exp and log (`halfprec.pexp`, `plog`), the values past the last whole packet
with the C library's expf and logf (`special_cephes.libm`); float64 takes that scalar path
for every value (TF 2.21's float64 I0 equals glibc's exp times I0e on all of 25,319
values: special_cephes.libm gives glibc's exp and log of doubles). float32's packets
take 1/sqrt past the first interval as Eigen's prsqrt (the CPU's RSQRTPS estimate refined
by one Newton step: halfprec.prsqrt, Intel's table) and, for J and Y, Eigen's own sin and
cos (halfprec.psin, pcos). Denormals are flushed, as TF's threads do. On a device every
value takes the scalar path's functions (the backend's exp, log).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import ELEMENTWISE_BLOCK
from eagerflow._src.ops import halfprec
from eagerflow._src.ops.halfprec import horner
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
    the coefficients, then (b0 - b2) / 2 (NumPy's: three arrays turn round in place)."""
    t = x.dtype.type
    if x.dtype.itemsize == 4:
        coeffs = coeffs[len(coeffs) - _F32_TERMS[id(coeffs)]:]
    if not isinstance(x, np.ndarray):
        b0, b1, b2 = x * t(0) + t(coeffs[0]), x * t(0), None
        for c in coeffs[1:]:
            b2, b1 = b1, b0
            b0 = x * b1 + t(c) - b2
        return t(0.5) * (b0 - b2)
    b0, b1, b2 = np.full_like(x, t(coeffs[0])), np.zeros_like(x), np.empty_like(x)
    for c in coeffs[1:]:
        # (the new b0, x b1 + c - b2 with b1 the old b0, into the old b2's array)
        np.multiply(x, b0, out=b2)
        b2 += t(c)
        b2 -= b1
        b0, b1, b2 = b2, b0, b1
    b0 -= b2
    b0 *= t(0.5)
    return b0


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
        if self.packet:  # (the CPU's estimate refined once)
            return halfprec.prsqrt(v)
        return v.dtype.type(1) / self.xp.sqrt(v)

    def sin(self, v: Any) -> Any:
        return halfprec.psin(v) if self.packet else libm(self.xp, self.xp.sin, v)

    def cos(self, v: Any) -> Any:
        return halfprec.pcos(v) if self.packet else libm(self.xp, self.xp.cos, v)


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


# -- J0, J1, Y0, Y1: float32 Cephes' single precision functions (a polynomial below 2, a
# modulus and phase past it), float64 the double ones (rationals below 5, Hankel's
# asymptotic expansion past it) -------------------------------------------------------------

_J0F = (-6.068350350393235e-08, 6.388945720783375e-06, -3.969646342510940e-04,
        1.332913422519003e-02, -1.729150680240724e-01)
_Y0F = (9.454583683980369e-08, -9.413212653797057e-06, 5.344486707214273e-04,
        -1.584289289821316e-02, 1.707584643733568e-01)
_MO0F = (-6.838999669318810e-02, 1.864949361379502e-01, -2.145007480346739e-01,
         1.197549369473540e-01, -3.560281861530129e-03, -4.969382655296620e-02,
         -3.355424622293709e-06, 7.978845717621440e-01)
_PH0F = (3.242077816988247e+01, -3.630592630518434e+01, 1.756221482109099e+01,
         -4.974978466280903e+00, 1.001973420681837e+00, -1.939906941791308e-01,
         6.490598792654666e-02, -1.249992184872738e-01)
_J1F = (-4.878788132172128e-09, 6.009061827883699e-07, -4.541343896997497e-05,
        1.937383947804541e-03, -3.405537384615824e-02)
_Y1F = (8.061978323326852e-09, -9.496460629917016e-07, 6.719543806674249e-05,
        -2.641785726447862e-03, 4.202369946500099e-02)
_MO1F = (6.913942741265801e-02, -2.284801500053359e-01, 3.138238455499697e-01,
         -2.102302420403875e-01, 5.435364690523026e-03, 1.493389585089498e-01,
         4.976029650847191e-06, 7.978845453073848e-01)
_PH1F = (-4.497014141919556e+01, 5.073465654089319e+01, -2.485774108720340e+01,
         7.222973196770240e+00, -1.544842782180211e+00, 3.503787691653334e-01,
         -1.637986776941202e-01, 3.749989509080821e-01)
# float64: (P, Q) of the modulus and phase rationals in 25/x^2, per order
_PQ0 = ((7.96936729297347051624e-4, 8.28352392107440799803e-2, 1.23953371646414299388e0,
         5.44725003058768775090e0, 8.74716500199817011941e0, 5.30324038235394892183e0,
         9.99999999999999997821e-1),
        (9.24408810558863637013e-4, 8.56288474354474431428e-2, 1.25352743901058953537e0,
         5.47097740330417105182e0, 8.76190883237069594232e0, 5.30605288235394617618e0,
         1.00000000000000000218e0),
        (-1.13663838898469149931e-2, -1.28252718670509318512e0, -1.95539544257735972385e1,
         -9.32060152123768231369e1, -1.77681167980488050595e2, -1.47077505154951170175e2,
         -5.14105326766599330220e1, -6.05014350600728481186e0),
        (1.0, 6.43178256118178023184e1, 8.56430025976980587198e2, 3.88240183605401609683e3,
         7.24046774195652478189e3, 5.93072701187316984827e3, 2.06209331660327847417e3,
         2.42005740240291393179e2))
_PQ1 = ((7.62125616208173112003e-4, 7.31397056940917570436e-2, 1.12719608129684925192e0,
         5.11207951146807644818e0, 8.42404590141772420927e0, 5.21451598682361504063e0,
         1.00000000000000000254e0),
        (5.71323128072548699714e-4, 6.88455908754495404082e-2, 1.10514232634061696926e0,
         5.07386386128601488557e0, 8.39985554327604159757e0, 5.20982848682361821619e0,
         9.99999999999999997461e-1),
        (5.10862594750176621635e-2, 4.98213872951233449420e0, 7.58238284132545283818e1,
         3.66779609360150777800e2, 7.10856304998926107277e2, 5.97489612400613639965e2,
         2.11688757100572135698e2, 2.52070205858023719784e1),
        (1.0, 7.42373277035675149943e1, 1.05644886038262816351e3, 4.98641058337653607651e3,
         9.56231892404756170795e3, 7.99704160447350683650e3, 2.82619278517639096600e3,
         3.36093607810698293419e2))
_J0_R = ((-4.79443220978201773821e9, 1.95617491946556577543e12, -2.49248344360967716204e14,
          9.70862251047306323952e15),
         (1.0, 4.99563147152651017219e2, 1.73785401676374683123e5, 4.84409658339962045305e7,
          1.11855537045356834862e10, 2.11277520115489217587e12, 3.10518229857422583814e14,
          3.18121955943204943306e16, 1.71086294081043136091e18))
_Y0_R = ((1.55924367855235737965e4, -1.46639295903971606143e7, 5.43526477051876500413e9,
          -9.82136065717911466409e11, 8.75906394395366999549e13, -3.46628303384729719441e15,
          4.42733268572569800351e16, -1.84950800436986690637e16),
         (1.0, 1.04128353664259848412e3, 6.26107330137134956842e5, 2.68919633393814121987e8,
          8.64002487103935000337e10, 2.02979612750105546709e13, 3.17157752842975028269e15,
          2.50596256172653059228e17))
_J1_R = ((-8.99971225705559398224e8, 4.52228297998194034323e11, -7.27494245221818276015e13,
          3.68295732863852883286e15),
         (1.0, 6.20836478118054335476e2, 2.56987256757748830383e5, 8.35146791431949253037e7,
          2.21511595479792499675e10, 4.74914122079991414898e12, 7.84369607876235854894e14,
          8.95222336184627338078e16, 5.32278620332680085395e18))
_Y1_R = ((1.26320474790178026440e9, -6.47355876379160291031e11, 1.14509511541823727583e14,
          -8.12770255501325109621e15, 2.02439475713594898196e17, -7.78877196265950026825e17),
         (1.0, 5.94301592346128195359e2, 2.35564092943068577943e5, 7.34811944459721705660e7,
          1.87601316108706159478e10, 3.88231277496238566008e12, 6.20557727146953693363e14,
          6.87141087355300489866e16, 3.97270608116560655612e18))
_TWO_OVER_PI, _SQRT_2_OVER_PI = 0.636619772367581343075535, 7.9788456080286535587989e-1
_PI_4, _3PI_4 = 0.7853981633974483096, 2.35619449019234492885


def _modulus_phase(m: _Math, y: Any, order: int, sine: bool) -> Any:
    """float32 past 2: sqrt(1/y) MO(1/y) times cos (J) or sin (Y) of the phase
    y + (1/y) PH(1/y^2) - (2 order + 1) pi / 4."""
    t = y.dtype.type
    mo, ph = (_MO0F, _PH0F) if order == 0 else (_MO1F, _PH1F)
    q = t(1) / y
    p = m.rsqrt(y) * horner(q, mo)
    phase = q * horner(q * q, ph) + t(-_PI_4 if order == 0 else -_3PI_4)
    return p * (m.sin if sine else m.cos)(phase + y)


def _hankel(m: _Math, y: Any, order: int, sine: bool) -> Any:
    """float64 past 5: (P cos(xn) - 5/y Q sin(xn)) sqrt(2/(pi y)) (J; for Y sin and cos
    trade places and the sign of 5/y), xn = y - (2 order + 1) pi / 4, P and Q rationals
    in 25/y^2."""
    t = y.dtype.type
    pp, pq, qp, qq = _PQ0 if order == 0 else _PQ1
    s = t(25) / (y * y)
    p = horner(s, pp) / horner(s, pq)
    q = horner(s, qp) / horner(s, qq)
    xn = y + t(-_PI_4 if order == 0 else -_3PI_4)
    if sine:
        p = p * m.sin(xn) + (t(5) / y) * (q * m.cos(xn))
    else:
        p = p * m.cos(xn) + (t(-5) / y) * (q * m.sin(xn))
    return p * (t(_SQRT_2_OVER_PI) * m.rsqrt(y))


def _bound(x: Any) -> Any:
    """Where the first interval ends: 2 in float32, 5 in float64."""
    return x.dtype.type(2 if x.dtype.itemsize == 4 else 5)


def _split(m: _Math, x: Any, y: Any, near: Callable, far: Callable) -> Any:
    """near(x) where y is within the first interval, far(x) past it (NaN too), each over
    its own values."""
    first = y <= _bound(y)
    return pieces(m.xp, x, (first, near), (~first, far))


def _j0_near(m: _Math, y: Any) -> Any:
    t = y.dtype.type
    z = y * y
    if y.dtype.itemsize == 4:
        near = (z - t(5.78318596294678452118)) * horner(z, _J0F)
        return m.xp.where(y < t(1e-3), z * t(-0.25) + t(1), near)
    near = ((z - t(5.78318596294678452118)) * (z - t(3.04712623436620863991e1))) * (
        horner(z, _J0_R[0]) / horner(z, _J0_R[1]))
    return m.xp.where(y < t(1e-5), z * t(-0.25) + t(1), near)


def _far(m: _Math, y: Any, order: int, sine: bool) -> Any:
    if y.dtype.itemsize == 4:
        return _modulus_phase(m, y, order, sine)
    return _hankel(m, y, order, sine)


def _j0(m: _Math, x: Any) -> Any:
    y = m.xp.abs(x)
    return _split(m, y, y, lambda v: _j0_near(m, v), lambda v: _far(m, v, 0, False))


def _j1_near(m: _Math, x: Any) -> Any:
    t = x.dtype.type
    z = x * x
    if x.dtype.itemsize == 4:
        return (z - t(1.46819706421238932572e1)) * (x * horner(z, _J1F))
    return ((horner(z, _J1_R[0]) / horner(z, _J1_R[1]) * x) * (
        z - t(1.46819706421238932572e1))) * (z - t(4.92184563216946036703e1))


def _j1_far(m: _Math, x: Any) -> Any:
    far = _far(m, m.xp.abs(x), 1, False)
    return m.xp.where(x < x.dtype.type(0), -far, far)  # (odd: Cephes' is -J1 past the bound)


def _j1(m: _Math, x: Any) -> Any:
    return _split(m, x, m.xp.abs(x), lambda v: _j1_near(m, v), lambda v: _j1_far(m, v))


def _y0_near(m: _Math, x: Any) -> Any:
    t = x.dtype.type
    z = x * x
    if x.dtype.itemsize == 4:
        near = t(_TWO_OVER_PI) * (m.log(x) * _j0_near(m, m.xp.abs(x)))
        near = (z - t(0.43221455686510834878)) * horner(z, _Y0F) + near
    else:
        near = (t(_TWO_OVER_PI) * m.log(x)) * _j0_near(m, m.xp.abs(x)) + horner(
            z, _Y0_R[0]) / horner(z, _Y0_R[1])
    return m.xp.where(x <= t(0), t(-np.inf), near)


def _y0(m: _Math, x: Any) -> Any:
    return _split(m, x, x, lambda v: _y0_near(m, v), lambda v: _far(m, v, 0, True))


def _y1_near(m: _Math, x: Any) -> Any:
    t = x.dtype.type
    z = x * x
    if x.dtype.itemsize == 4:
        near = (z - t(4.66539330185668857532)) * horner(z, _Y1F)
        refuse = x < t(0)  # (float32's: at 0 J1(0) log(0) is 0 * -inf, NaN)
    else:
        near = horner(z, _Y1_R[0]) / horner(z, _Y1_R[1])
        refuse = x <= t(0)
    near = near * x + t(_TWO_OVER_PI) * (_j1_near(m, x) * m.log(x) + t(-1) / x)
    return m.xp.where(refuse, t(-np.inf), near)


def _y1(m: _Math, x: Any) -> Any:
    return _split(m, x, x, lambda v: _y1_near(m, v), lambda v: _far(m, v, 1, True))


FUNCTIONS: dict[str, Callable] = {
    "i0": _i0, "i0e": _i0e, "i1": _i1, "i1e": _i1e,
    "k0": lambda m, x: _k(m, x, 0, False), "k0e": lambda m, x: _k(m, x, 0, True),
    "k1": lambda m, x: _k(m, x, 1, False), "k1e": lambda m, x: _k(m, x, 1, True),
    "j0": _j0, "j1": _j1, "y0": _y0, "y1": _y1,
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
