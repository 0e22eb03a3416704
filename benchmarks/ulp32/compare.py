"""Compares two record.py outputs (TF's, eagerflow's): per expression, the share of
values that differ in their bits (NaNs alike whatever their payload) and the most units
in the last place between them; mismatches where an input or an output is a float32
denormal (TF's threads flush them: FTZ/DAZ) are counted apart."""

from __future__ import annotations

import collections
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases  # noqa: E402

TINY = np.float32(2.0 ** -126)


def ulps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    def key(v: np.ndarray) -> np.ndarray:
        i = v.view(np.int32).astype(np.int64)
        return np.where(i < 0, -(i & 0x7FFFFFFF), i)
    return np.abs(key(a) - key(b))


def denormal(v: np.ndarray) -> np.ndarray:
    return (v != 0) & (np.abs(v) < TINY)


def inputs(key: str) -> list:
    g, ug = cases.grid(), cases.unit_grid()
    yg = np.random.RandomState(3).permutation(g)
    expr, where = key.split("|", 1)
    if where.startswith("s"):
        i = int(where[1:])
        sel = slice(i, i + 1)
    elif where.isdigit():
        sel = slice(0, int(where))
    else:
        return []
    return [a[sel] for a, n in ((g, "x"), (ug, "u"), (yg, "y")) if n + ")" in expr or
            n + "," in expr]


def main() -> None:
    t, e = np.load(sys.argv[1]), np.load(sys.argv[2])
    agg = collections.defaultdict(lambda: [0, 0, 0, 0, []])
    for k in t.files:
        op = k.split("|")[0]
        a = t[k].reshape(-1)
        if k not in e.files:
            agg[op][4].append("missing")
            continue
        b = e[k].reshape(-1)
        if a.shape != b.shape or a.dtype != b.dtype:
            agg[op][4].append(f"shape {a.shape}{a.dtype} vs {b.shape}{b.dtype}")
            continue
        if a.dtype != np.float32:
            bad = a != b
            u = bad.astype(np.int64)
        else:
            nan = np.isnan(a) & np.isnan(b)
            bad = (a.view(np.uint32) != b.view(np.uint32)) & ~nan
            u = np.where(bad, ulps(a, b), 0)
        ftz = denormal(a) | denormal(b)
        for x in inputs(k):
            if x.size == a.size:
                ftz |= denormal(x)
        s = agg[op]
        s[0] += a.size
        s[1] += int((bad & ~ftz).sum())
        s[3] += int((bad & ftz).sum())
        u = np.where(ftz, 0, u)
        s[2] = max(s[2], int(u.max()) if u.size else 0)
        if (bad & ~ftz).any():
            s[4].append(k.split("|", 1)[1])
    for op, (n, bad, mu, fz, where) in agg.items():
        flag = "OK " if bad == 0 and not where else "BAD"
        print(f"{flag} {op:66s} {bad:6d}/{n:7d} ({100 * bad / max(n, 1):6.3f}%) max {mu:4d} ulp"
              f" ftz {fz:4d}"
              + (f"  [{', '.join(where[:3])}{'...' if len(where) > 3 else ''}]" if where else ""))


if __name__ == "__main__":
    main()
