"""Scatter updates of a table's rows on a GPU in a few launches, whatever the number of rows:
what the ResourceScatter and ResourceScatterNd kernels (resource_scatter.py) run off the
CPU. Their CPU path applies the rows one at a time, in TF's CPU kernels' order; TF's GPU
kernels do not keep that order, and neither does this:

- an update with repeated rows stores one of them (TF: "the order at which the updates
  happen for each value is undefined"): one indexed store;
- add, subtract, and the maximum and minimum of 32- and 64-bit integers: the device's
  unbuffered ufunc (`xp.add.at`, CuPy's atomic scatter kernels, as TF's GPU kernels use
  CUDA's atomics), a subtraction as the addition of the negated rows (CuPy's subtract.at
  takes 32-bit integers only), complex numbers as their two parts, narrow integers in 32
  bits, floats in a fixed order under op determinism (backend.add_at);
- the maximum and minimum of floats and narrow integers: by sort and scan
  (backend.scatter_fold: CuPy's atomic max of a float rounds a double to float and drops
  a NaN);
- multiply and divide: in rounds, round r applying each row's r-th update (so no row is
  written twice in one round), found by a stable sort of the row numbers on the host.
  Each row's updates then apply in their order, as on the CPU; the launches grow with
  the most updates one row gets, not with their number.

Sits in ops/ below resource_scatter.py; imports the backend and core only.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import add_at, scatter_fold
from eagerflow._src.core import device as D

# The dtypes whose maximum.at/minimum.at CuPy 14 runs as one exact atomic kernel: its
# integers' (it takes float32 and float64 too, but compares them as floats with fmaxf /
# fminf, which round a double to float and drop a NaN: cupy/_core/include/cupy/
# atomics.cuh), so floats and narrow integers fold by sort and scan (backend.scatter_fold)
_ATOMIC = frozenset(np.dtype(t) for t in ("int32", "int64", "uint32", "uint64"))


def update_rows(xp: Any, place: Any, table: Any, at: Any, at_host: np.ndarray, rows: Any,
                 how: str, combine: Callable) -> None:
    """Applies `rows` (n, m) to the rows `at` (n,) of `table` (N, m), in place, on the
    device `place` whose array module is `xp`. `at_host`: the same row numbers on the
    host; `at`: on the device, or None (copied there when needed). `how`: "update" or
    the ufunc's name; `combine(xp, old, new)`: how a row takes an update, for rounds."""
    n = len(at_host)
    if n == 0:
        return
    if n == 1:  # (one row: a basic index, no index array to copy)
        i = int(at_host[0])
        table[i] = rows[0] if how == "update" else combine(xp, table[i], rows[0])
        return
    if at is None:
        at = D.to_device(at_host, place)
    if how == "update":
        # Repeated rows: the last update lands, as on the CPU (TF's GPU kernel leaves the
        # order open; a device scatter lands any one of them)
        last = _last_of_each(at_host)
        if last is not None:
            last = D.to_device(last, place)
            at, rows = at[last], rows[last]
        table[at] = rows
        return
    if how in ("add", "subtract"):  # (a - b exactly as a + -b, in every dtype)
        add_at(xp, table, at, rows if how == "add" else xp.negative(rows))
        return
    if how in ("maximum", "minimum"):
        if table.dtype not in _ATOMIC:
            if np.unique(at_host).size < n:
                scatter_fold(xp, how, table, at, rows)
            else:  # (no row repeats: one round, a gather, the ufunc and a store)
                _in_rounds(xp, place, table, at, at_host, rows, combine)
        # (written out, not looked up: the toolchain audit checks each call of `xp`
        # against the real CuPy)
        elif how == "maximum":
            xp.maximum.at(table, at, rows)
        else:
            xp.minimum.at(table, at, rows)
        return
    _in_rounds(xp, place, table, at, at_host, rows, combine)


def _last_of_each(at_host: np.ndarray) -> np.ndarray | None:
    """The positions of each row's last update, in order; None where no row repeats."""
    n = len(at_host)
    rows, first_from_end = np.unique(at_host[::-1], return_index=True)
    if rows.size == n:
        return None
    return np.sort(n - 1 - first_from_end)


def rounds(at_host: np.ndarray) -> tuple:
    """(order, bounds): the updates' positions sorted by round (a row's r-th update is in
    round r), each round in the updates' order, round r at order[bounds[r]:bounds[r+1]];
    None for order where no row repeats (one round, in the given order)."""
    n = len(at_host)
    by_row = np.argsort(at_host, kind="stable")
    s = at_host[by_row]
    first = np.ones(n, bool)
    first[1:] = s[1:] != s[:-1]
    starts = np.flatnonzero(first)
    if len(starts) == n:
        return None, np.array([0, n])
    rank = np.empty(n, np.int64)
    rank[by_row] = np.arange(n) - np.repeat(starts, np.diff(np.append(starts, n)))
    order = np.argsort(rank, kind="stable")
    bounds = np.concatenate(([0], np.cumsum(np.bincount(rank))))
    return order, bounds


def _in_rounds(xp: Any, place: Any, table: Any, at: Any, at_host: np.ndarray, rows: Any,
               combine: Callable) -> None:
    order, bounds = rounds(at_host)
    if order is not None:  # (one copy of the order; the rows gathered by it once)
        order = D.to_device(order, place)
        at, rows = at[order], rows[order]
    for r in range(len(bounds) - 1):
        lo, hi = int(bounds[r]), int(bounds[r + 1])
        ids = at[lo:hi]
        table[ids] = combine(xp, table[ids], rows[lo:hi])
