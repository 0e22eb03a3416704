"""Einsum's equation against its operands' shapes: the equation TF's Einsum op holds
(an explicit output; "..." for broadcast dims) spelled out in letters, and TF's two sets
of checks of the shapes, each in its own words.

TF checks an Einsum twice. Its shape function runs while a graph is built, on the
static shapes ("Dimensions must be equal, but are 1 and 3", a ValueError naming the node);
its kernel runs on the values ("Expected dimension 1 at axis 0 of the input shaped [3,4]
but got dimension 3"), eagerly and for dims a trace did not know. Both refuse a label of
size 1 against one of size n: only the dims an ellipsis stands for broadcast.

Sits in the ops layer before einsum.py, which runs the op these checks guard.
"""

from __future__ import annotations

import functools

from eagerflow._src.ops import checks as C

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ELLIPSIS = "..."


@functools.lru_cache(maxsize=512)
def split(equation: str) -> tuple[tuple[str, ...], str]:
    """'...ij,jk->...ik' -> (('...ij', 'jk'), '...ik')."""
    lhs, out = equation.split("->", 1)
    return tuple(lhs.split(",")), out


@functools.lru_cache(maxsize=512)
def spelled_out(equation: str, ranks: tuple[int, ...]) -> tuple[tuple[str, ...], str, str]:
    """(terms, output, broadcast letters) of `equation` for operands of `ranks`: each
    ellipsis a run of letters the equation does not use, an operand's the last of the
    output's (they align from the right, as broadcasting does)."""
    terms, out = split(equation)
    spare = [c for c in LETTERS if c not in equation]
    n_bcast = max((r - (len(t) - 3) for t, r in zip(terms, ranks) if ELLIPSIS in t), default=0)
    bcast = "".join(spare[:max(n_bcast, 0)])

    def spell(term: str, k: int) -> str:
        return term.replace(ELLIPSIS, bcast[len(bcast) - k:] if k else "")
    spelled = tuple(spell(t, r - (len(t) - 3)) for t, r in zip(terms, ranks))
    return spelled, spell(out, len(bcast)), bcast


def _axes(term: str, rank: int) -> tuple[list, int]:
    """([(label, axis)], the number of dims the ellipsis stands for) of a term."""
    if ELLIPSIS not in term:
        return list(zip(term, range(rank))), 0
    before, after = term.split(ELLIPSIS)
    k = rank - len(before) - len(after)
    return (list(zip(before, range(len(before))))
            + list(zip(after, range(len(before) + k, rank)))), k


# -- the kernel's checks (eagerly, and at run time) ------------------------------------

@functools.lru_cache(maxsize=1024)  # (an eager call checks in infer, then in its kernel)
def kernel_check(equation: str, shapes: tuple) -> None:
    """TF's Einsum kernel's checks of the operands' `shapes` (all dims known), in its
    order: each operand's rank, then its labels' sizes against those seen before; then an
    output with no ellipsis for broadcast dims; then the two operands' broadcast dims."""
    terms, out = split(equation)
    sizes: dict = {}
    n_bcast = 0
    for i, (term, shape) in enumerate(zip(terms, shapes)):
        named = len(term) - (3 if ELLIPSIS in term else 0)
        if ELLIPSIS not in term and len(shape) != named:
            raise C.fail("Einsum", f"Expected input {i} to have rank {named} but got: "
                                   f"{len(shape)}")
        if len(shape) < named:
            raise C.fail("Einsum", f"Expected input {i} to have rank at least {named} but "
                                   f"got: {len(shape)}")
        axes, k = _axes(term, len(shape))
        n_bcast = max(n_bcast, k)
        for label, axis in axes:
            have = sizes.get(label, 0)  # (the kernel takes a size 0 for one not yet seen)
            if have and have != shape[axis]:
                raise C.fail("Einsum", f"Expected dimension {have} at axis {axis} of the input "
                                       f"shaped {C.shape_str(shape)} but got dimension "
                                       f"{shape[axis]}")
            sizes[label] = shape[axis]
    if n_bcast and ELLIPSIS not in out:
        raise C.fail("Einsum", f"Output contains {n_bcast} broadcasting dimension(s) but no "
                               f"ellipsis (...) was found in the output subscripts.")
    if len(terms) == 2 and n_bcast and not _broadcasts(*(bcast_dims(t, s)
                                                         for t, s in zip(terms, shapes))):
        a, b = (_matmul_shape(terms, out, i, shapes[i]) for i in (0, 1))
        raise C.fail("Einsum", f"Invalid broadcasting dimensions: {C.shape_str(a)} vs. "
                               f"{C.shape_str(b)}")


def bcast_dims(term: str, shape: tuple | None) -> tuple | None:
    """The dims an operand's ellipsis stands for (None: its rank is unknown)."""
    if ELLIPSIS not in term:
        return ()
    if shape is None:
        return None
    before, after = term.split(ELLIPSIS)
    return tuple(shape[len(before):len(shape) - len(after)])


def _broadcasts(a: tuple, b: tuple) -> bool:
    return all(x == y or 1 in (x, y) for x, y in zip(reversed(a), reversed(b)))


# the kernel's kinds of labels, in the order it lays an operand out for its matrix product
_BCAST, _BATCH, _FREE, _CONTRACT, _REDUCE = range(5)


def _matmul_shape(terms: tuple, out: str, i: int, shape: tuple) -> tuple:
    """The shape TF's kernel gives operand `i` for its batch of matrix products (its
    broadcast error shows it): broadcast and batch dims kept, the free dims and the
    contracted ones each merged into one, reduced ones summed away; [free, contracted],
    or [contracted, free] where the operand's own order is already that one (the kernel
    then flips the product's transpose flag rather than transposing)."""
    ids = {ch: k for k, ch in enumerate(dict.fromkeys("".join(terms) + out)) if ch != "."}
    axes, k = _axes(terms[i], len(shape))
    kinds = {}
    for ch in ids:
        removed, unique = ch not in out, ch not in terms[0] or ch not in terms[1]
        kinds[ch] = (_REDUCE if unique else _CONTRACT) if removed else \
            (_FREE if unique else _BATCH)
    # (label, kind, id, size) in the operand's order, its broadcast dims numbered after
    # the named labels
    at = max(terms[i].find(ELLIPSIS), 0)
    dims = [(ch, kinds[ch], ids[ch], shape[axis]) for ch, axis in axes]
    dims[at:at] = [(None, _BCAST, len(ids) + j, shape[at + j]) for j in range(k)]
    swapped = {_FREE: _CONTRACT, _CONTRACT: _FREE}

    def order(d: tuple) -> tuple:
        return swapped.get(d[1], d[1]), d[2]
    swap = all(order(a) <= order(b) for a, b in zip(dims, dims[1:]))
    if not swap:
        dims.sort(key=lambda d: (d[1], d[2]))
    kept, merged, seen = [], {_FREE: 1, _CONTRACT: 1}, set()
    for ch, kind, _, n in dims:
        if ch is not None and ch in seen:  # (a repeated label: its diagonal, once)
            continue
        seen.add(ch)
        if kind in (_BCAST, _BATCH):
            kept.append(n)
        elif kind in merged:
            merged[kind] *= n
    pair = [merged[_CONTRACT], merged[_FREE]] if swap else [merged[_FREE], merged[_CONTRACT]]
    return tuple(kept + pair)


# -- the shape function's checks (while a graph is built) ------------------------------

def shape_fn(equation: str, shapes: tuple) -> tuple | None:
    """The output shape TF's Einsum shape function infers from the static `shapes`
    (None: unknown rank), refusing what it can tell is wrong, in its words."""
    terms, out = split(equation)
    sizes: dict = {}
    bcasts = []
    for i, (term, shape) in enumerate(zip(terms, shapes)):
        periods = term.count(".")
        if periods not in (0, 3):
            raise C.fail("Einsum", f"Expected at most one ellipsis (...), but found {periods} "
                                   f"periods (.) in the input subscript: {term}")
        named = len(term) - periods
        if shape is not None and (len(shape) < named or not periods and len(shape) > named):
            least = "at least " if periods else ""
            raise C.fail("Einsum", f"Shape must be {least}rank {named} but is rank "
                                   f"{len(shape)}\n\t for {i}th input and equation: {equation}")
        for label, axis in (_axes(term, len(shape))[0] if shape is not None
                            else [(ch, None) for ch in term if ch != "."]):
            new = None if axis is None else shape[axis]
            old = sizes.get(label)
            if old is not None and new is not None and old != new:
                raise C.fail("Einsum", f"Dimensions must be equal, but are {old} and {new}")
            sizes[label] = new if old is None else old
        bcasts.append(bcast_dims(term, shape))
    bcast = bcasts[0]
    for other in bcasts[1:]:
        bcast = C.broadcast_static(bcast, other, lambda x, y: C.fail(
            "Einsum", f"Dimensions must be equal, but are {x} and {y}"))
    if ELLIPSIS not in out:
        if bcast:
            raise C.fail("Einsum", f"Shape must be at most rank 0 but is rank {len(bcast)}\n\t "
                                   f"for einsum equation '{equation}' without ellipsis (...) "
                                   f"in the output subscripts where input(s) have non-empty "
                                   f"broadcasting shape")
        bcast = ()
    if bcast is None:
        return None
    before, _, after = out.partition(ELLIPSIS)
    return tuple(sizes.get(ch) for ch in before) + (bcast if ELLIPSIS in out else ()) + \
        tuple(sizes.get(ch) for ch in after)
