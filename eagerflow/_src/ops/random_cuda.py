"""TF's uniform and normal floats on a device in one launch: Philox's kernel
(philox.cuda_source) ending with their conversion, in CUDA C.

Sits in the ops layer between philox.py and libm_exact.py (the rounds and glibc's
constants) and random_dists.py, whose device path calls these; its NumPy path stays the
definition of the values, and these give its bits:
- uniforms: float32 k * 2**-23 of a word's low 23 bits, float64 k * 2**-52 of 52 bits of
  words (0, 1) and of words (2, 3), each product exact (the same values as
  random_dists's exponent trick);
- float32 normals: Box-Muller on each block's pairs of words (radius, angle), with
  libm_exact's logf and sincosf (glibc's algorithms, in double) written out in C, every
  operation in libm_exact's order: the kernel is compiled without contracting `a * b + c`
  into one rounding (backend.NO_FMA), so each double operation rounds as NumPy's does.

The C is built once from the Python constants (repr round-trips a double, so the literal
is the constant); hexadecimal float literals are not in the stand-in's subset.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import table
from eagerflow._src.ops import libm_exact as L
from eagerflow._src.ops import philox

_ONE_E_7 = float(np.float32(1e-7))  # (the radius's floor, as the float32 TF clamps to)


def _u23(word: str) -> str:
    """C of a word's float32 uniform."""
    return f"((float)({word} & 0x7FFFFFu) * {2.0**-23!r}f)"


_UNIFORM_OUT = {
    "float32": ("raw float32 out", "int64 n", " ".join(
        f"if (4 * i + {j} < n) out[4 * i + {j}] = {_u23(f'c{j}')};" for j in range(4)),
        "eagerflow_philox_uniform_f32"),
    "float64": ("raw float64 out", "int64 n", " ".join(
        f"if (2 * i + {j} < n) out[2 * i + {j}] = (double)(((unsigned long long)"
        f"(c{2 * j} & 0xFFFFFu) << 32) | c{2 * j + 1}) * {2.0**-52!r};" for j in range(2)),
        "eagerflow_philox_uniform_f64"),
}


def _logf(j: int, word: str) -> str:
    """C setting float y{j}: libm_exact.logf of the radius uniform of `word`."""
    a0, a1, a2 = (repr(v) for v in L._LOGF_A)
    return (f"float u{j} = max({_u23(word)}, (float){_ONE_E_7!r});\n"
            f"unsigned int ix{j} = __float_as_uint(u{j});\n"
            f"unsigned int t{j} = ix{j} - 0x3F330000u;\n"
            f"int ti{j} = (int)((t{j} >> 19) & 15u);\n"
            f"double kk{j} = (double)((int)t{j} >> 23);\n"
            f"double r{j} = (double)__uint_as_float(ix{j} - (t{j} & 0xFF800000u)) * "
            f"invc[ti{j}] - 1.0;\n"
            f"double y0{j} = kk{j} * {L._LN2!r} + logc[ti{j}];\n"
            f"double rr{j} = r{j} * r{j};\n"
            f"double yy{j} = {a1} * r{j} + {a2};\n"
            f"yy{j} += {a0} * rr{j};\n"
            f"yy{j} *= rr{j};\n"
            f"yy{j} += y0{j} + r{j};\n"
            f"float y{j} = (float)yy{j};\n")


def _sincosf(j: int, word: str) -> str:
    """C setting doubles s{j}, c{j}: libm_exact.sincosf of the angle of `word`, signed
    and swapped by quadrant (not yet rounded to float32: negation commutes with it)."""
    s0, s1, s2 = (repr(v) for v in L._SIN)
    c0, c1, c2, c3, c4 = (repr(v) for v in L._COS)
    return (f"double d{j} = (double)(float)((double){_u23(word)} * {2 * np.pi!r});\n"
            f"int n{j} = ((int)(d{j} * {L._HPI_INV!r}) + 0x800000) >> 24;\n"
            f"double nd{j} = (double)n{j};\n"
            f"d{j} -= nd{j} * {L._HPI_HI!r};\n"
            f"d{j} -= nd{j} * {L._HPI_LO!r};\n"
            f"double e2{j} = d{j} * d{j}; double e3{j} = e2{j} * d{j}; "
            f"double e4{j} = e2{j} * e2{j};\n"
            f"double sn{j} = e3{j} * {s0} + d{j};\n"
            f"sn{j} += (e3{j} * e2{j}) * (e2{j} * {s2} + {s1});\n"
            f"double cs{j} = e4{j} * {c2} + (e2{j} * {c1} + {c0});\n"
            f"cs{j} += (e4{j} * e2{j}) * (e2{j} * {c4} + {c3});\n"
            f"double s{j} = (n{j} & 1) ? cs{j} : sn{j};\n"
            f"double c{j}_ = (n{j} & 1) ? sn{j} : cs{j};\n"
            f"s{j} = (n{j} & 2) ? -s{j} : s{j};\n"
            f"c{j}_ = ((n{j} + 1) & 2) ? -c{j}_ : c{j}_;\n")


def _normal_tail() -> str:
    """Each pair of a block's words (radius, angle): (sin, cos) times the radius."""
    out = []
    for j in range(2):
        out.append(_logf(j, f"c{2 * j}") + _sincosf(j, f"c{2 * j + 1}"))
        out.append(f"float rad{j} = sqrt(-2.0f * y{j});\n")
        for m, trig in enumerate((f"s{j}", f"c{j}_")):
            at = f"4 * i + {2 * j + m}"
            out.append(f"if ({at} < n) out[{at}] = (float){trig} * rad{j};\n")
    return "".join(out)


_NORMAL_OUT = ("raw float32 out", "int64 n, raw float64 invc, raw float64 logc",
               _normal_tail(), "eagerflow_philox_normal_f32")


def uniform(xp: Any, key: Any, counter: Any, n: int, dtype: Any) -> Any:
    """n float32 or float64 uniforms of the stream (random_dists.uniform's), one launch."""
    dt = np.dtype(dtype)
    out = xp.empty(n, dtype=dt)
    per_block = 4 if dt == np.float32 else 2
    philox.launch(xp, key, counter, -(-n // per_block), _UNIFORM_OUT[dt.name],
                  (np.int64(n),), out)
    return out


def normal_f32(xp: Any, key: Any, counter: Any, n: int, start: int = 0,
               offsets: Any = None) -> Any:
    """n float32 normals (random_dists.normal's) of blocks start, start + 1, ... of the
    stream, or of the blocks at `offsets` (4 a block), one launch."""
    out = xp.empty(n, dtype=np.float32)
    blocks = -(-n // 4) if offsets is None else offsets.shape[0]
    philox.launch(xp, key, counter, blocks, _NORMAL_OUT,
                  (np.int64(n), table(xp, L._LOGF_INVC), table(xp, L._LOGF_LOGC)), out,
                  start, offsets)
    return out
