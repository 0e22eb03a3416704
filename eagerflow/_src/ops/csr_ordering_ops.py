"""SparseMatrixOrderingAMD: the fill-reducing ordering TF's CPU kernel computes for each
matrix of a CSR sparse matrix (a permutation to hand SparseMatrixSparseCholesky).

TF's kernel reads each item's lower triangle (the diagonal included, the upper triangle
ignored), makes it the full symmetric pattern and runs Eigen's approximate minimum degree
ordering (Eigen's adaptation of the AMD of T. Davis' CSparse) on it. The permutation is a
function of that pattern only, but an exact one: the order of elimination, the degree and
hash lists' order (ties), dense rows, rows with no diagonal entry (Eigen orders them last,
as dense ones), mass elimination, supernodes, aggressive absorption and the final
postorder of the assembly tree all decide it. So `amd_order` below follows Eigen's steps,
list by list, on the same flat arrays, written afresh from the algorithm's description.

Ops layer, loaded lazily (tf.raw_ops, imported graphs).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.csr_matrix_ops import _check_variant, _m, _ref_entries
from eagerflow._src.ops.csr_value import CSRMatrixValue, _matrix
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_OP = "SparseMatrixOrderingAMD"


def _flip(i: int) -> int:
    """A node's index stored as a mark (negative): -i - 2, its own inverse."""
    return -i - 2


def _wclear(mark: int, w: list, n: int) -> int:
    """The next mark, resetting the live marks of w when the mark restarts (only at the
    beginning: Python's integers don't wrap round as Eigen's int mark would)."""
    if mark < 2:
        for k in range(n):
            if w[k] != 0:
                w[k] = 1
        mark = 2
    return mark


def _postorder(root: int, k: int, head: list, nxt: list, post: list, stack: list) -> int:
    """Writes the postorder of the tree under `root` to post[k:], children youngest first;
    returns the next free position."""
    top, stack[0] = 0, root
    while top >= 0:
        p = stack[top]
        i = head[p]
        if i == -1:
            top -= 1
            post[k] = p
            k += 1
        else:
            head[p] = nxt[i]
            top += 1
            stack[top] = i
    return k


class _Graph:
    """The quotient graph's state: Eigen's arrays by the same roles (cp: each object's
    start in ci, or its parent flipped once absorbed; ln: list lengths; nv: supernode
    sizes, negated while in the pivot's list; elen: element counts, -1 absorbed node, -2
    element; w: marks; last/nxt/head: the degree lists, hhead: the hash buckets)."""

    def __init__(self, n: int, cp: list, ci: list) -> None:
        self.n = n
        cnz = len(ci)
        self.nzmax = cnz + cnz // 5 + 2 * n
        # (slack past nzmax: Eigen's garbage collection keeps writes within it)
        self.ci = list(ci) + [0] * (self.nzmax - cnz + n + 2)
        self.cnz = cnz
        self.cp = list(cp)
        self.ln = [cp[k + 1] - cp[k] for k in range(n)] + [0]
        self.nv = [1] * (n + 1)
        self.nxt = [-1] * (n + 1)
        self.head = [-1] * (n + 1)
        self.last = [-1] * (n + 1)
        self.hhead = [-1] * (n + 1)
        self.elen = [0] * (n + 1)
        self.degree = list(self.ln)
        self.w = [1] * (n + 1)
        self.nel = 0
        self.mindeg = 0
        self.lemax = 0
        self.mark = _wclear(0, self.w, n)

    def dense_threshold(self) -> int:
        n = self.n
        return min(n - 2, max(16, int(10 * math.sqrt(n))))

    def start(self) -> None:
        """Empty nodes are done at once; dense ones and those without a diagonal entry
        go into the dummy element n (ordered last); the rest into degree lists."""
        n, cp, ci = self.n, self.cp, self.ci
        dense = self.dense_threshold()
        for i in range(n):
            has_diag = i in ci[cp[i]:cp[i + 1]]
            d = self.degree[i]
            if d == 1 and has_diag:
                self.elen[i] = -2
                self.nel += 1
                cp[i] = -1
                self.w[i] = 0
            elif d > dense or not has_diag:
                self.nv[i] = 0
                self.elen[i] = -1
                self.nel += 1
                cp[i] = _flip(n)
                self.nv[n] += 1
            else:
                self._push(i, d)
        self.elen[n] = -2
        cp[n] = -1
        self.w[n] = 0

    def _push(self, i: int, d: int) -> None:
        """Puts node i at the front of degree list d."""
        if self.head[d] != -1:
            self.last[self.head[d]] = i
        self.nxt[i] = self.head[d]
        self.head[d] = i

    def _unlink(self, i: int) -> None:
        nxt, last = self.nxt, self.last
        if nxt[i] != -1:
            last[nxt[i]] = last[i]
        if last[i] != -1:
            nxt[last[i]] = nxt[i]
        else:
            self.head[self.degree[i]] = nxt[i]

    def pick(self) -> int:
        """Takes the first node of the lowest nonempty degree list."""
        while self.head[self.mindeg] == -1:
            self.mindeg += 1
        k = self.head[self.mindeg]
        if self.nxt[k] != -1:
            self.last[self.nxt[k]] = -1
        self.head[self.mindeg] = self.nxt[k]
        return k

    def collect(self) -> None:
        """Compacts the live lists to the front of ci, in their order there."""
        n, cp, ci, ln = self.n, self.cp, self.ci, self.ln
        for j in range(n):
            p = cp[j]
            if p >= 0:
                cp[j] = ci[p]
                ci[p] = _flip(j)
        q = p = 0
        while p < self.cnz:
            j = _flip(ci[p])
            p += 1
            if j >= 0:
                ci[q] = cp[j]
                cp[j] = q
                q += 1
                for _ in range(ln[j] - 1):
                    ci[q] = ci[p]
                    q += 1
                    p += 1
        self.cnz = q

    def build_element(self, k: int, elenk: int, nvk: int) -> tuple:
        """Makes pivot k an element: the union of its nodes and its elements' nodes (each
        unlinked from its degree list), absorbing those elements. Returns (start, end, |Lk|)."""
        cp, ci, nv, ln = self.cp, self.ci, self.nv, self.ln
        dk = 0
        nv[k] = -nvk
        p = cp[k]
        pk1 = p if elenk == 0 else self.cnz
        pk2 = pk1
        for k1 in range(1, elenk + 2):
            if k1 > elenk:
                e, pj, count = k, p, ln[k] - elenk
            else:
                e = ci[p]
                p += 1
                pj, count = cp[e], ln[e]
            for _ in range(count):
                i = ci[pj]
                pj += 1
                nvi = nv[i]
                if nvi <= 0:
                    continue
                dk += nvi
                nv[i] = -nvi
                ci[pk2] = i
                pk2 += 1
                self._unlink(i)
            if e != k:
                cp[e] = _flip(k)
                self.w[e] = 0
        if elenk != 0:
            self.cnz = pk2
        self.degree[k] = dk
        cp[k] = pk1
        ln[k] = pk2 - pk1
        self.elen[k] = -2
        return pk1, pk2, dk

    def set_differences(self, pk1: int, pk2: int) -> None:
        """w[e] - mark becomes |Le \\ Lk| for each element e next to the new element."""
        cp, ci, w, mark = self.cp, self.ci, self.w, self.mark
        for pk in range(pk1, pk2):
            i = ci[pk]
            eln = self.elen[i]
            if eln <= 0:
                continue
            nvi = -self.nv[i]
            wnvi = mark - nvi
            for p in range(cp[i], cp[i] + eln):
                e = ci[p]
                if w[e] >= mark:
                    w[e] -= nvi
                elif w[e] != 0:
                    w[e] = self.degree[e] + wnvi

    def update_degrees(self, k: int, pk1: int, pk2: int, dk: int, nvk: int) -> tuple:
        """Bounds each node's degree of the new element's list, prunes its lists (absorbing
        elements inside Lk aggressively), eliminates nodes of degree 0 with k and hashes the
        rest. Returns (|Lk|, |k|)."""
        n, cp, ci, w, nv, elen, ln = self.n, self.cp, self.ci, self.w, self.nv, self.elen, \
            self.ln
        mark = self.mark
        for pk in range(pk1, pk2):
            i = ci[pk]
            p1 = cp[i]
            p2 = p1 + elen[i] - 1
            pn = p1
            h = d = 0
            for p in range(p1, p2 + 1):
                e = ci[p]
                if w[e] != 0:
                    dext = w[e] - mark
                    if dext > 0:
                        d += dext
                        ci[pn] = e
                        pn += 1
                        h += e
                    else:
                        cp[e] = _flip(k)
                        w[e] = 0
            elen[i] = pn - p1 + 1
            p3 = pn
            for p in range(p2 + 1, p1 + ln[i]):
                j = ci[p]
                nvj = nv[j]
                if nvj <= 0:
                    continue
                d += nvj
                ci[pn] = j
                pn += 1
                h += j
            if d == 0:
                cp[i] = _flip(k)
                nvi = -nv[i]
                dk -= nvi
                nvk += nvi
                self.nel += nvi
                nv[i] = 0
                elen[i] = -1
            else:
                self.degree[i] = min(self.degree[i], d)
                ci[pn] = ci[p3]
                ci[p3] = ci[p1]
                ci[p1] = k
                ln[i] = pn - p1 + 1
                h %= n
                self.nxt[i] = self.hhead[h]
                self.hhead[h] = i
                self.last[i] = h
        return dk, nvk

    def find_supernodes(self, pk1: int, pk2: int) -> None:
        """Merges the nodes of Lk whose lists are the same (found through their hash
        buckets) into the first of them."""
        cp, ci, w, nv, elen, ln, nxt = self.cp, self.ci, self.w, self.nv, self.elen, \
            self.ln, self.nxt
        for pk in range(pk1, pk2):
            i = ci[pk]
            if nv[i] >= 0:
                continue
            h = self.last[i]
            i = self.hhead[h]
            self.hhead[h] = -1
            while i != -1 and nxt[i] != -1:
                count, eln = ln[i], elen[i]
                for p in range(cp[i] + 1, cp[i] + count):
                    w[ci[p]] = self.mark
                jlast = i
                j = nxt[i]
                while j != -1:
                    ok = ln[j] == count and elen[j] == eln
                    p = cp[j] + 1
                    while ok and p <= cp[j] + count - 1:
                        if w[ci[p]] != self.mark:
                            ok = False
                        p += 1
                    if ok:
                        cp[j] = _flip(i)
                        nv[i] += nv[j]
                        nv[j] = 0
                        elen[j] = -1
                        j = nxt[j]
                        nxt[jlast] = j
                    else:
                        jlast = j
                        j = nxt[j]
                i = nxt[i]
                self.mark += 1

    def finish_element(self, k: int, pk1: int, pk2: int, dk: int, nvk: int,
                       elenk: int) -> None:
        """Puts Lk's live nodes back in degree lists by their external degrees."""
        n, ci, nv = self.n, self.ci, self.nv
        p = pk1
        for pk in range(pk1, pk2):
            i = ci[pk]
            nvi = -nv[i]
            if nvi <= 0:
                continue
            nv[i] = nvi
            d = min(self.degree[i] + dk - nvi, n - self.nel - nvi)
            self._push(i, d)
            self.last[i] = -1
            self.mindeg = min(self.mindeg, d)
            self.degree[i] = d
            ci[p] = i
            p += 1
        nv[k] = nvk
        self.ln[k] = p - pk1
        if self.ln[k] == 0:
            self.cp[k] = -1
            self.w[k] = 0
        if elenk != 0:
            self.cnz = p

    def eliminate(self) -> None:
        while self.nel < self.n:
            k = self.pick()
            elenk, nvk = self.elen[k], self.nv[k]
            self.nel += nvk
            if elenk > 0 and self.cnz + self.mindeg >= self.nzmax:
                self.collect()
            pk1, pk2, dk = self.build_element(k, elenk, nvk)
            self.mark = _wclear(self.mark, self.w, self.n)
            self.set_differences(pk1, pk2)
            dk, nvk = self.update_degrees(k, pk1, pk2, dk, nvk)
            self.degree[k] = dk
            self.lemax = max(self.lemax, dk)
            self.mark = _wclear(self.mark + self.lemax, self.w, self.n)
            self.find_supernodes(pk1, pk2)
            self.finish_element(k, pk1, pk2, dk, nvk, elenk)

    def order(self) -> list:
        """The postorder of the assembly tree (the dummy element n last, dropped)."""
        n, cp, nv = self.n, self.cp, self.nv
        parent = [_flip(cp[i]) for i in range(n)] + [cp[n]]
        head, nxt = [-1] * (n + 1), self.nxt
        for j in range(n, -1, -1):
            if nv[j] <= 0:
                nxt[j] = head[parent[j]]
                head[parent[j]] = j
        for e in range(n, -1, -1):
            if nv[e] > 0 and parent[e] != -1:
                nxt[e] = head[parent[e]]
                head[parent[e]] = e
        post, stack, k = [0] * (n + 1), [0] * (n + 1), 0
        for i in range(n + 1):
            if parent[i] == -1:
                k = _postorder(i, k, head, nxt, post, stack)
        return post[:n]


def amd_order(n: int, col_pointers: list, row_indices: list) -> list:
    """Eigen's approximate minimum degree ordering of the n x n symmetric pattern held by
    column (both triangles and the diagonal): position i of the result is the node placed
    i-th."""
    g = _Graph(n, col_pointers, row_indices)
    g.start()
    g.eliminate()
    return g.order()


def symmetric_pattern(n: int, entries: list) -> tuple:
    """The columns of the full pattern made of the lower triangle of (row, col) entries,
    read row by row in their order, as Eigen fills them: a diagonal entry once, one below it
    in its column and, mirrored, in its row's."""
    count = [0] * n
    for r, c in entries:
        if c == r:
            count[r] += 1
        elif c < r:
            count[r] += 1
            count[c] += 1
    ptrs = [0] * (n + 1)
    for j in range(n):
        ptrs[j + 1] = ptrs[j] + count[j]
    fill, rows = ptrs[:n], [0] * ptrs[n]
    for r, c in entries:
        if c == r:
            rows[fill[r]] = r
            fill[r] += 1
        elif c < r:
            rows[fill[c]] = r
            fill[c] += 1
            rows[fill[r]] = c
            fill[r] += 1
    return ptrs, rows


# -- the op ---------------------------------------------------------------------------------

def _infer(input: Any) -> list:  # noqa: A002
    _check_variant(_OP, input)
    return [(None, dt.int32)]


def _valid(m: CSRMatrixValue) -> CSRMatrixValue:
    b, r, c = m.batches()
    if b == 0:  # (TF's matrix of no batch items is not a valid one)
        raise C.fail(_OP, "Variant input 0 is not valid.")
    if r != c:
        raise C.fail(_OP, f"sparse matrix must be square; got: {r} != {c}")
    return m


def _kernel(xp: Any, input: Any) -> np.ndarray:  # noqa: A002
    m = _valid(_matrix(_OP, input))
    b, n, _ = m.batches()
    C.check_size(_OP, (b, n), dt.int32)
    C.check_size(_OP, (16, n + 1), dt.int64)  # (the graph's lists, about 16 words a node)
    bi, ri, ci, _v = m.coo()  # (row by row, each row's entries in their stored order)
    out = np.zeros((b, n), np.int32)
    for i in range(b):
        at = bi == i
        entries = list(zip(ri[at].tolist(), ci[at].tolist()))
        out[i] = amd_order(n, *symmetric_pattern(n, entries))
    return out if len(m.dense_shape) == 3 else out[0]


def _reference(input: Any) -> np.ndarray:  # noqa: A002
    """Through the matrix's entries one by one (the ordering itself has no other
    independent form: TF's test pins its values)."""
    m = _valid(_matrix(_OP, input))
    b, n, _ = m.batches()
    rows: list = [[] for _ in range(b)]
    for i, r, c, _v in _ref_entries(input):
        rows[i].append((r, c))
    out = np.array([amd_order(n, *symmetric_pattern(n, e)) for e in rows], np.int32)
    return out.reshape(b, n) if len(m.dense_shape) == 3 else out.reshape(n)


def _sample_matrix(n: int, density: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    d = (rng.random((n, n)) < density) | np.eye(n, dtype=bool)
    d = d | d.T
    idx = np.argwhere(d)
    return _m(np.float32(np.arange(1, len(idx) + 1)), idx, d.shape)


SPARSE_MATRIX_ORDERING_AMD = register(OpDef(
    _OP, _infer, _kernel, grad=None, reference=_reference, gpu=False, no_fold=True,
    tf=TFForm(takes_handles=True),
    samples=lambda: [Sample((_sample_matrix(12, 0.2, 1),), grad=False),
                     Sample((_m(np.float64([1, 2, 3, 4]), [[0, 0, 0], [0, 1, 1], [1, 1, 0],
                                                          [1, 2, 2]], [2, 3, 3]),),
                            grad=False)],
    bad_samples=lambda: [
        BadSample((_m(np.float32([1, 2]), [[0, 0], [1, 2]], [2, 3]),), {},
                  InvalidArgumentError, "sparse matrix must be square; got: 2 != 3")],
))
