"""ops/stl_topn.py leaves tied elements where libstdc++ leaves them (stl_order_golden.json,
recorded from g++ 12 by record_stl_order_golden.py), and its TopN keeps the best N as TF's
gtl::TopN does."""

import json
import os

import pytest

from eagerflow._src.ops import stl_topn as S


def _better(a: tuple, b: tuple) -> bool:
    return a[0] > b[0]


def _ids(v: list) -> list:
    return [e[1] for e in v]


def _golden() -> list:
    with open(os.path.join(os.path.dirname(__file__), "stl_order_golden.json")) as f:
        return json.load(f)["cases"]


def test_heap_and_sort_orders_are_libstdcxx_orders():
    for case in _golden():
        keys = case["keys"]
        heap = [(k, i) for i, k in enumerate(keys)]
        got = []
        S.make_heap(heap, len(heap), _better)
        got.append(_ids(heap))
        S.pop_heap(heap, len(heap), _better)
        got.append(_ids(heap))
        heap[-1] = (100, len(keys))
        S.push_heap(heap, len(heap), _better)
        got.append(_ids(heap))
        S.sort_heap(heap, _better)
        got.append(_ids(heap))
        flat = [(k, i) for i, k in enumerate(keys)]
        S.std_sort(flat, _better)
        got.append(_ids(flat))
        assert got == case["orders"], keys


@pytest.mark.parametrize("limit", [1, 3, 7])
def test_topn_keeps_the_best_and_lists_them_first(limit):
    keys = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]
    top = S.TopN(limit, _better)
    for i, k in enumerate(keys):
        top.push((k, i))
    assert len(top) == min(limit, len(keys))
    assert [k for k, _ in top.extract()] == sorted(keys, reverse=True)[:limit]
    assert len(top) == 0 and top.state == "unordered"


def test_peek_bottom_puts_the_first_worst_in_front():
    top = S.TopN(4, _better)
    for e in [(2, 0), (1, 1), (3, 2), (1, 3)]:
        top.push(e)
    assert top.peek_bottom() == (1, 1)
    assert top.items == [(1, 1), (2, 0), (3, 2), (1, 3)] and top.state == "bottom_known"
    top.push((0, 4))  # (no better than the bottom: it becomes the front, the limit passed)
    assert top.state == "heap" and len(top) == 4
    assert sorted(top.extract_unsorted()) == [(1, 1), (1, 3), (2, 0), (3, 2)]
