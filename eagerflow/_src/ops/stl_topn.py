"""TF's gtl::TopN (a bounded best-N collection) with the element order its C++ gives:
the heap and sort algorithms of libstdc++ (make_heap, push_heap, pop_heap, sort_heap and
std::sort's introsort), step for step. Where elements tie, which one a TopN keeps, drops
or lists first follows from where each sits in its vector, so an op that breaks ties as
TF does (CTC beam search: equally probable prefixes) needs these exact moves.

`better(a, b)` is the TopN's comparator (TF's `Cmp`: a ranks above b); in the STL's terms
it is the heap's "less", so the heap's front is the worst element kept.

Sits in the ops layer, below the ops that keep a TopN (nn_loss.py's beam search).
"""

from __future__ import annotations

from typing import Any, Callable

Better = Callable[[Any, Any], bool]


def _sift_up(v: list, hole: int, top: int, value: Any, better: Better) -> None:
    """libstdc++'s __push_heap: `value` rises from `hole` towards `top`."""
    parent = (hole - 1) // 2
    while hole > top and better(v[parent], value):
        v[hole] = v[parent]
        hole = parent
        parent = (hole - 1) // 2
    v[hole] = value


def _adjust(v: list, hole: int, length: int, value: Any, better: Better) -> None:
    """libstdc++'s __adjust_heap over v[:length]: the hole sinks to a leaf along the
    better children, then `value` rises from there."""
    top, child = hole, hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if better(v[child], v[child - 1]):
            child -= 1
        v[hole] = v[child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        v[hole] = v[child - 1]
        hole = child - 1
    _sift_up(v, hole, top, value, better)


def make_heap(v: list, end: int, better: Better) -> None:
    """std::make_heap(v.begin(), v.begin() + end)."""
    if end < 2:
        return
    for parent in range((end - 2) // 2, -1, -1):
        _adjust(v, parent, end, v[parent], better)


def push_heap(v: list, end: int, better: Better) -> None:
    """std::push_heap(v.begin(), v.begin() + end): v[end - 1] joins the heap before it."""
    _sift_up(v, end - 1, 0, v[end - 1], better)


def pop_heap(v: list, end: int, better: Better) -> None:
    """std::pop_heap(v.begin(), v.begin() + end): the front moves to v[end - 1]."""
    if end > 1:
        value = v[end - 1]
        v[end - 1] = v[0]
        _adjust(v, 0, end - 1, value, better)


def sort_heap(v: list, better: Better) -> None:
    """std::sort_heap: a heap into order, best first."""
    for end in range(len(v), 1, -1):
        pop_heap(v, end, better)


def _insertion_sort(v: list, lo: int, hi: int, better: Better) -> None:
    for i in range(lo + 1, hi):
        value = v[i]
        if better(value, v[lo]):
            v[lo + 1:i + 1] = v[lo:i]
            v[lo] = value
        else:
            _linear_insert(v, i, better)


def _linear_insert(v: list, i: int, better: Better) -> None:
    value = v[i]
    while better(value, v[i - 1]):
        v[i] = v[i - 1]
        i -= 1
    v[i] = value


def _median_to_first(v: list, result: int, a: int, b: int, c: int, better: Better) -> None:
    if better(v[a], v[b]):
        pick = b if better(v[b], v[c]) else (c if better(v[a], v[c]) else a)
    else:
        pick = a if better(v[a], v[c]) else (c if better(v[b], v[c]) else b)
    v[result], v[pick] = v[pick], v[result]


def _partition(v: list, lo: int, hi: int, pivot: int, better: Better) -> int:
    """libstdc++'s __unguarded_partition around v[pivot]."""
    while True:
        while better(v[lo], v[pivot]):
            lo += 1
        hi -= 1
        while better(v[pivot], v[hi]):
            hi -= 1
        if not lo < hi:
            return lo
        v[lo], v[hi] = v[hi], v[lo]
        lo += 1


def _introsort(v: list, lo: int, hi: int, depth: int, better: Better) -> None:
    while hi - lo > 16:
        if depth == 0:  # (heap sort of the rest: __partial_sort over the whole range)
            part = v[lo:hi]
            make_heap(part, len(part), better)
            sort_heap(part, better)
            v[lo:hi] = part
            return
        depth -= 1
        _median_to_first(v, lo, lo + 1, lo + (hi - lo) // 2, hi - 1, better)
        cut = _partition(v, lo + 1, hi, lo, better)
        _introsort(v, cut, hi, depth, better)
        hi = cut


def std_sort(v: list, better: Better) -> None:
    """std::sort(v.begin(), v.end(), better): introsort, then insertion sort (16 first,
    the rest unguarded)."""
    n = len(v)
    if n < 2:
        return
    _introsort(v, 0, n, 2 * (n.bit_length() - 1), better)
    if n > 16:
        _insertion_sort(v, 0, 16, better)
        for i in range(16, n):
            _linear_insert(v, i, better)
    else:
        _insertion_sort(v, 0, n, better)


class TopN:
    """gtl::TopN: at most `limit` elements, unordered until the one past the limit turns
    the vector into a heap (its last slot then holds the element last dropped);
    peek_bottom finds the worst by a linear scan before that, and swaps it to the front."""

    def __init__(self, limit: int, better: Better) -> None:
        self.limit, self.better = limit, better
        self.items: list = []
        self.state = "unordered"  # "bottom_known" once peek_bottom put the worst first

    def __len__(self) -> int:
        return min(len(self.items), self.limit)

    def push(self, e: Any) -> None:
        v, better = self.items, self.better
        if self.state != "heap":
            v.append(e)
            if self.state == "bottom_known" and not better(e, v[0]):
                v[0], v[-1] = v[-1], v[0]  # (the new one is the worst: it goes first)
            if len(v) == self.limit + 1:
                make_heap(v, len(v), better)
                pop_heap(v, len(v), better)
                self.state = "heap"
        elif better(e, v[0]):
            v[-1] = e
            push_heap(v, len(v), better)
            pop_heap(v, len(v), better)

    def peek_bottom(self) -> Any:
        v = self.items
        if self.state == "unordered":
            worst = 0
            for i in range(1, len(v)):
                if self.better(v[worst], v[i]):
                    worst = i
            v[0], v[worst] = v[worst], v[0]
            self.state = "bottom_known"
        return v[0]

    def extract_unsorted(self) -> list:
        """The elements in the vector's order (TopN::ExtractUnsorted), leaving it empty."""
        v, self.items = self.items, []
        if self.state == "heap":
            v.pop()
        self.state = "unordered"
        return v

    def extract(self) -> list:
        """The elements, best first (TopN::Extract), leaving the TopN empty (Reset)."""
        v, self.items = self.items, []
        if self.state == "heap":
            v.pop()
            sort_heap(v, self.better)
        else:
            std_sort(v, self.better)
        self.state = "unordered"
        return v
