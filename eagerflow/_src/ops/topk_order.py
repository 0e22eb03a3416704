"""The order TF's CPU TopKV2 kernel gives a row holding NaN (used by ops/sorting.py).

Sits in ops/ below sorting.py and imports nothing of eagerflow: plain Python over one
row's values at a time.

NaN compares false with everything, so TF's kernel, whose comparisons assume an order,
puts a NaN wherever its algorithm happens to leave it; tf.sort and tf.argsort (top_k of
the values or of their negation) inherit that. Matching TF means running its algorithm:
- k == 1: Eigen's max reduction over the row, then the first column equal to the
  maximum (column 0 when the maximum came out NaN);
- k == the row's length: libstdc++'s std::sort of the column indices by value
  (descending), then each run of equal neighbours put in index order;
- otherwise: TF's bounded heap (gtl::TopN) of the columns, with ties (and every
  comparison with NaN) going to the lower index, read out sorted (sort_heap) or as the
  heap holds them.
Rows without NaN need none of this: every one of those algorithms then sorts by value,
ties by index, which sorting.py computes with NumPy. These functions were checked
against TF 2.21's CPU kernel (tests/ops/test_sort_nan.py and its recorded goldens).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable

Cmp = Callable[[int, int], bool]

# Eigen's packet width (AVX: 256-bit registers) and tree-reduction leaf size, by the
# row's dtype name: the max reduction's NaN handling depends on which elements go
# through packets (where a NaN is dropped) and which through the scalar tail (where it
# sticks until the next element).
EIGEN_PACKETS = {"float64": (4, 1024), "float32": (8, 1024), "float16": (8, 200),
                 "bfloat16": (8, 128)}


def row_order(row: list, k: int, sorted_: bool, first: int, packet: tuple) -> list:
    """The k column indices TF's CPU kernel returns for `row` (Python floats).

    `first` is the row's offset in the flattened input and `packet` the dtype's
    EIGEN_PACKETS entry: both steer Eigen's reduction for k == 1."""
    n = len(row)
    if k == 0:
        return []
    if k == 1:
        top = _eigen_max(row, 0, n, first, *packet)
        return [next((c for c in range(n) if row[c] == top), 0)]
    if k == n:
        order = list(range(n))
        std_sort(order, lambda a, b: row[b] < row[a])
        _index_order_runs(order, row)
        return order

    def stable(a: int, b: int) -> bool:
        """TF's "greater" for the heap: by value, else (equal or NaN) the lower index."""
        if row[b] < row[a]:
            return True
        if row[b] > row[a]:
            return False
        return a < b

    heap = _top_n(n, k, stable)
    if sorted_:
        _sort_heap(heap, 0, len(heap), stable)
    return heap


def _index_order_runs(order: list, row: list) -> None:
    """Each run of equal neighbours (after the sort) in increasing index order."""
    n, i = len(order), 0
    while i + 1 < n:
        j = i + 1
        if row[order[i]] == row[order[j]]:
            while j < n and row[order[i]] == row[order[j]]:
                j += 1
            order[i:j] = sorted(order[i:j])
        i = j


# --- Eigen: the max reduction of one row (MaxReducer with fast NaN propagation) -------

def _eigen_max(row: list, lo: int, n: int, first: int, width: int, leaf: int) -> float:
    """Eigen's max of row[lo:lo+n], which starts at flat offset `first`.

    Scalar steps keep std::max(new, acc), which takes `new` when either is NaN; packet
    steps keep the accumulator when either is NaN (the x86 max instruction with its
    operands swapped), so NaNs read through packets are dropped; a long row is split in
    two halves at a packet boundary and the halves' results combined by a scalar step."""
    if n > width * leaf:
        split = width * -(-(first + -(-n // 2)) // width)
        left = min(split - first, n)
        acc = _smax(_eigen_max(row, lo, left, first, width, leaf), -math.inf)
        if left < n:
            acc = _smax(_eigen_max(row, lo + left, n - left, split, width, leaf), acc)
        return acc
    vectorized = n // width * width
    packed = [v for v in row[lo:lo + vectorized] if v == v]
    best = max(packed, default=-math.inf)
    acc = -math.inf
    for v in row[lo + vectorized:lo + n]:
        acc = _smax(v, acc)
    return _smax(acc, best)


def _smax(a: float, b: float) -> float:
    """std::max(a, b): `a` unless a < b (so `a` when either is NaN)."""
    return b if a < b else a


# --- libstdc++: std::sort (introsort) and the heap algorithms over index lists ---------

_THRESHOLD = 16  # libstdc++'s _S_threshold: insertion sort below it


def std_sort(v: list, less: Cmp) -> None:
    """libstdc++'s std::sort of `v` in place (introsort: not stable), as TF's kernels sort."""
    n = len(v)
    if n < 2:
        return
    _introsort(v, 0, n, 2 * (n.bit_length() - 1), less)
    if n > _THRESHOLD:
        _insertion_sort(v, 0, _THRESHOLD, less)
        for i in range(_THRESHOLD, n):
            _linear_insert(v, i, less)
    else:
        _insertion_sort(v, 0, n, less)


def _introsort(v: list, lo: int, hi: int, depth: int, less: Cmp) -> None:
    while hi - lo > _THRESHOLD:
        if depth == 0:  # too deep: heapsort the rest
            _make_heap(v, lo, hi, less)
            _sort_heap(v, lo, hi, less)
            return
        depth -= 1
        _median_to_first(v, lo, lo + 1, lo + (hi - lo) // 2, hi - 1, less)
        cut = _partition(v, lo + 1, hi, lo, less)
        if cut >= hi:  # (only where C++ would have read past the row: end it anyway)
            depth = 0
            continue
        _introsort(v, cut, hi, depth, less)
        hi = cut


def _median_to_first(v: list, result: int, a: int, b: int, c: int, less: Cmp) -> None:
    if less(v[a], v[b]):
        m = b if less(v[b], v[c]) else (c if less(v[a], v[c]) else a)
    elif less(v[a], v[c]):
        m = a
    else:
        m = c if less(v[b], v[c]) else b
    v[result], v[m] = v[m], v[result]


def _partition(v: list, lo: int, hi: int, pivot: int, less: Cmp) -> int:
    """libstdc++'s unguarded partition. Each scan stops at an element the other scan
    left behind; the bounds checks only keep Python in the list where NaN-confused
    comparisons could walk off it (where C++ would read past the row)."""
    p = v[pivot]
    while True:
        while lo < hi and less(v[lo], p):
            lo += 1
        hi -= 1
        while hi > pivot and less(p, v[hi]):
            hi -= 1
        if not lo < hi:
            return lo
        v[lo], v[hi] = v[hi], v[lo]
        lo += 1


def _insertion_sort(v: list, lo: int, hi: int, less: Cmp) -> None:
    for i in range(lo + 1, hi):
        if less(v[i], v[lo]):
            v[lo:i + 1] = [v[i]] + v[lo:i]
        else:
            _linear_insert(v, i, less)


def _linear_insert(v: list, i: int, less: Cmp) -> None:
    val = v[i]
    while i > 0 and less(val, v[i - 1]):
        v[i] = v[i - 1]
        i -= 1
    v[i] = val


def heap_order(values: list, k: int) -> list:
    """The positions TF's CPU kernel returns, unsorted, for the k largest of `values`
    (no NaN; 1 < k < len(values)): its bounded heap as it holds them. `values` may be
    any subsequence of a row that keeps every column able to enter the heap (those
    beating the k-th best before them), since the others are only compared and dropped.

    The same steps as _top_n (which rows with NaN need), run by heapq: its heapify,
    heappop and heappush move elements exactly as libstdc++'s make_heap, pop_heap and
    push_heap do, and keys
    (value, -position) never tie, so with them a min-heap holds what TopN's does."""
    heap = [(v, -i) for i, v in enumerate(values[:k + 1])]
    heapq.heapify(heap)
    heapq.heappop(heap)
    for i in range(k + 1, len(values)):
        key = (values[i], -i)
        if key > heap[0]:
            heapq.heappop(heap)
            heapq.heappush(heap, key)
    return [-i for _, i in heap]


def _top_n(n: int, k: int, greater: Cmp) -> list:
    """gtl::TopN over columns 0..n-1 (k < n): the first k+1 pushed make a heap whose
    least is dropped; each later column that beats the least replaces it."""
    heap = list(range(k + 1))
    _make_heap(heap, 0, k + 1, greater)
    _pop_heap(heap, 0, k + 1, greater)
    heap.pop()
    for c in range(k + 1, n):
        if greater(c, heap[0]):
            _pop_heap(heap, 0, k, greater)
            heap[-1] = c
            _push_heap(heap, 0, k - 1, 0, c, greater)
    return heap


def _push_heap(v: list, first: int, hole: int, top: int, value: int, less: Cmp) -> None:
    parent = (hole - 1) // 2
    while hole > top and less(v[first + parent], value):
        v[first + hole] = v[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    v[first + hole] = value


def _adjust_heap(v: list, first: int, hole: int, n: int, value: int, less: Cmp) -> None:
    top = child = hole
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if less(v[first + child], v[first + child - 1]):
            child -= 1
        v[first + hole] = v[first + child]
        hole = child
    if n % 2 == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        v[first + hole] = v[first + child - 1]
        hole = child - 1
    _push_heap(v, first, hole, top, value, less)


def _make_heap(v: list, first: int, last: int, less: Cmp) -> None:
    n = last - first
    for parent in range((n - 2) // 2, -1, -1):
        _adjust_heap(v, first, parent, n, v[first + parent], less)


def _pop_heap(v: list, first: int, last: int, less: Cmp) -> None:
    """The top moved to last - 1, the rest re-heaped."""
    if last - first > 1:
        value = v[last - 1]
        v[last - 1] = v[first]
        _adjust_heap(v, first, 0, last - 1 - first, value, less)


def _sort_heap(v: list, first: int, last: int, less: Cmp) -> None:
    while last - first > 1:
        _pop_heap(v, first, last, less)
        last -= 1
