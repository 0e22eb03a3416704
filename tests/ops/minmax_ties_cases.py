"""tf.maximum / tf.minimum where TF's CPU kernel's two paths differ: ties of +0 and -0
(its packets give the second operand, its scalar path, the flat result's last n % P
values, the first) and NaN, each dtype, both orders, broadcast or not. Recorded by
record_minmax_ties.py into minmax_ties_golden.json; test_minmax_ties.py checks eagerflow,
eager and traced. A case is (dtype, op, x, y): x and y nested lists of floats, "nan" a
NaN, -0.0 kept by building them through NumPy (TF's constant of a Python -0.0 may reuse
a cached +0.0)."""

from __future__ import annotations

DTYPES = ("float16", "bfloat16", "float32", "float64")
OPS = ("maximum", "minimum")
_VALUES = [0.0, -0.0, "nan", 1.0, -1.0, "inf", "-inf"]


def _shapes(a: float, b: float) -> list:
    out = []
    for n in (1, 3, 4, 5, 7, 8, 9, 17, 33):
        out += [([a] * n, [b] * n), ([a] * n, b), (a, [b] * n), ([[a] * n] * 2, [b] * n),
                ([[a]] * 2, [[b] * n])]
    return out


def cases() -> list:
    every_pair = ([x for x in _VALUES for _ in _VALUES], [y for _ in _VALUES for y in _VALUES])
    out = []
    for d in DTYPES:
        for op in OPS:
            out += [(d, op, x, y) for x, y in _shapes(0.0, -0.0) + _shapes(-0.0, 0.0)]
            out.append((d, op) + every_pair)
            out.append((d, op, every_pair[0][:40], every_pair[1][:40]))
    return out


def as_array(v, np):
    """A case's operand as a float64 array (NaN and infinities from their names)."""
    def f(e):
        return [f(i) for i in e] if isinstance(e, list) else float(e)
    return np.array(f(v), np.float64)


def result_words(t, np) -> list:
    """A result's values flat as words: repr of each float64, signed zeros apart."""
    return [repr(float(v)) for v in np.asarray(t, np.float64).reshape(-1)]
