"""Writes stl_order_golden.json: the orders libstdc++'s std::make_heap, pop_heap,
push_heap, sort_heap and std::sort leave tied elements in (TF's gtl::TopN, whose orders
decide CTC beam search's ties, is built on them; eagerflow's ops/stl_topn.py redoes them
in Python). A small C++ program compiled with the system's g++ prints them for random
keys with many ties.

Run from the repository root (needs g++):

    .venv/bin/python tests/ops/record_stl_order_golden.py
"""

import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import write_json  # noqa: E402

# Each line of input: n and n keys; each line of output: the element ids after make_heap,
# then pop_heap, then push_heap of a new best element into the last slot, then sort_heap,
# and after std::sort of the keys as given, the groups separated by "|". Better: the
# higher key (TF's comparers rank the higher probability first).
PROGRAM = r"""
#include <algorithm>
#include <cstdio>
#include <vector>
struct E { int key, id; };
struct Better { bool operator()(const E& a, const E& b) const { return a.key > b.key; } };
static void show(const std::vector<E>& v) { for (const E& e : v) printf("%d ", e.id); }
int main() {
  int n;
  while (scanf("%d", &n) == 1) {
    std::vector<E> v(n);
    for (int i = 0; i < n; ++i) { scanf("%d", &v[i].key); v[i].id = i; }
    std::vector<E> a = v, b = v;
    std::make_heap(a.begin(), a.end(), Better()); show(a); printf("| ");
    std::pop_heap(a.begin(), a.end(), Better()); show(a); printf("| ");
    a.back() = E{100, n};
    std::push_heap(a.begin(), a.end(), Better()); show(a); printf("| ");
    std::sort_heap(a.begin(), a.end(), Better()); show(a); printf("| ");
    std::sort(b.begin(), b.end(), Better()); show(b); printf("\n");
  }
}
"""


def key_lists(n=300, seed=5):
    rng = random.Random(seed)
    sizes = [2, 3, 4, 5, 6, 7, 8, 16, 17, 18, 33, 64, 100]
    return [[rng.randint(0, 3) for _ in range(rng.choice(sizes))] for _ in range(n)]


def main():
    keys = key_lists()
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, "order.cc"), os.path.join(d, "order")
        with open(src, "w") as f:
            f.write(PROGRAM)
        subprocess.run(["g++", "-O2", "-o", exe, src], check=True)
        text = "".join(f"{len(k)} " + " ".join(map(str, k)) + "\n" for k in keys)
        out = subprocess.run([exe], input=text, capture_output=True, text=True,
                             check=True).stdout.splitlines()
    version = subprocess.run(["g++", "--version"], capture_output=True,
                             text=True).stdout.splitlines()[0]
    cases = [{"keys": k, "orders": [[int(i) for i in part.split()] for part in line.split("|")]}
             for k, line in zip(keys, out, strict=True)]
    path = os.path.join(os.path.dirname(__file__), "stl_order_golden.json")
    write_json(path, {"compiler": version, "cases": cases}, separators=(",", ":"))


if __name__ == "__main__":
    main()
