"""The order in which tf.einsum contracts three or more operands: TF's Python resolves
the operands' static shapes, asks opt_einsum's greedy optimizer for a path and builds one
Einsum op of two operands per step. This module plans those steps as TF does (the same
path, so the same intermediate equations, rounding and errors); einsum.py builds them.

The greedy path: equal operands multiplied first (Hadamard products), then, while two
operands share a dim, the pair whose product frees the most memory (ties to the lowest
ids), then outer products, smallest first. Sits in the ops layer before einsum.py.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
from collections import defaultdict

# TF's Python stands for an ellipsis with this label while planning
_ELLIPSIS = "0"


def steps(equation: str, shapes: list, given: str) -> list:
    """[(positions popped, "a,b->c"), ...]: TF's steps for `equation` (resolved: an
    explicit output, "..." for an ellipsis; `given`: as the user wrote it, for messages)
    over operands of static `shapes` (None for an unknown rank or dim). Each step pops the
    operands at its positions (in that order) and appends its result; an ellipsis comes
    back as "..." in the steps' equations."""
    lhs, out = equation.replace("...", _ELLIPSIS).split("->")
    terms = lhs.split(",")
    sizes = _label_sizes(given, terms, shapes)
    path = _linear(_greedy([frozenset(t) for t in terms], frozenset(out), sizes))
    found = []
    sets, names, output = [frozenset(t) for t in terms], list(terms), frozenset(out)
    for k, positions in enumerate(path):
        positions = tuple(sorted(positions, reverse=True))
        taken = [sets.pop(i) for i in positions]
        result_set = output.union(*sets) & frozenset.union(*taken)
        sets.append(result_set)
        popped = [names.pop(i) for i in positions]
        # (the last step gives the output; the others their labels in order of appearance)
        result = out if k == len(path) - 1 else \
            "".join(sorted(result_set, key="".join(popped).find))
        names.append(result)
        found.append((positions, f"{','.join(popped)}->{result}".replace(_ELLIPSIS, "...")))
    return found


def _label_sizes(equation: str, terms: list, shapes: list) -> dict:
    """Each label's size as TF's Python reads it from the static shapes (an ellipsis the
    product of its known dims; unknown: 1; the largest where operands disagree), with its
    refusals of a term that does not fit its operand's rank."""
    sizes: dict = defaultdict(lambda: 1)
    for i, (labels, shape) in enumerate(zip(terms, shapes)):
        if shape is None:
            continue
        shape = list(shape)
        start = labels.find(_ELLIPSIS)
        if start != -1:
            if start != labels.rfind(_ELLIPSIS):
                raise ValueError(f"Too many ellipses in input label "
                                 f"{labels.replace(_ELLIPSIS, '...')}.")
            if len(labels) > len(shape) + 1:
                raise ValueError(f"Too many named labels in {i}th subscript string of "
                                 f"equation {equation} for input shape {shape} ")
            end = start + len(shape) + 1 - len(labels)
            shape[start:end] = [math.prod(d for d in shape[start:end] if d)]
        elif len(labels) != len(shape):
            raise ValueError(f"Number of named labels in input #{i} of equation {equation} "
                             f"must be equal to the number of dimensions in shape {shape}")
        for label, d in zip(labels, shape):
            if d is not None:
                sizes[label] = max(sizes[label], d)
    return sizes


def _greedy(inputs: list, output: frozenset, sizes: dict) -> list:
    """opt_einsum's greedy path as pairs of SSA ids (each result a new id)."""
    def size(key: frozenset) -> int:
        return math.prod(sizes[d] for d in key)

    output = output | frozenset.intersection(*inputs)  # (dims all share stay to the end)
    remaining: dict = {}
    ids = itertools.count(len(inputs))
    path = []
    for i, key in enumerate(inputs):  # equal operands: their Hadamard product first
        if key in remaining:
            path.append((remaining[key], i))
            remaining[key] = next(ids)
        else:
            remaining[key] = i
    keys_of = defaultdict(set)
    for key in remaining:
        for d in key - output:
            keys_of[d].add(key)
    shared = {n: {d for d, keys in keys_of.items() if len(keys) >= n} - output for n in (2, 3)}
    footprint = {key: size(key) for key in remaining}

    def candidate(k1: frozenset, k2: frozenset) -> tuple:
        either, both = k1 | k2, k1 & k2
        k12 = (either & output) | (both & shared[3]) | ((either - both) & shared[2])
        cost = size(k12) - footprint[k1] - footprint[k2]
        if remaining[k1] > remaining[k2]:
            k1, k2 = k2, k1
        return (cost, remaining[k2], remaining[k1]), k1, k2, k12

    queue: list = []
    for keys in keys_of.values():
        ordered = sorted(keys, key=remaining.__getitem__)
        for i, k1 in enumerate(ordered[:-1]):
            heapq.heappush(queue, min(candidate(k1, k2) for k2 in ordered[i + 1:]))
    while queue:
        _, k1, k2, k12 = heapq.heappop(queue)
        if k1 not in remaining or k2 not in remaining:
            continue  # (a pair one of whose operands is gone)
        path.append((remaining.pop(k1), remaining.pop(k2)))
        for key in (k1, k2):
            for d in key - output:
                keys_of[d].remove(key)
        if k12 in remaining:
            path.append((remaining[k12], next(ids)))
        else:
            for d in k12 - output:
                keys_of[d].add(k12)
        remaining[k12] = next(ids)
        for d in k1 | k2 - output:  # (opt_einsum's precedence: k1 | (k2 - output))
            n = len(keys_of[d])
            (shared[2].add if n >= 2 else shared[2].discard)(d)
            (shared[3].add if n >= 3 else shared[3].discard)(d)
        footprint[k12] = size(k12)
        others = {k for d in k12 for k in keys_of[d]} - {k12}
        if others:
            heapq.heappush(queue, min(candidate(k12, k2) for k2 in others))
    final = [(size(key & output), sid, key) for key, sid in remaining.items()]
    heapq.heapify(final)
    _, id1, k1 = heapq.heappop(final)
    while final:  # outer products, the smallest first
        _, id2, k2 = heapq.heappop(final)
        path.append((min(id1, id2), max(id1, id2)))
        k12 = (k1 | k2) & output
        _, id1, k1 = heapq.heappushpop(final, (size(k12), next(ids), k12))
    return path


def _linear(ssa_path: list) -> list:
    """SSA pairs as positions in the list of operands left at each step."""
    n = sum(map(len, ssa_path)) - len(ssa_path) + 1
    ids, path = list(range(n)), []
    for ssa, pair in enumerate(ssa_path, n):
        positions = sorted(bisect.bisect_left(ids, s) for s in pair)
        for j in reversed(positions):
            ids.pop(j)
        ids.append(ssa)
        path.append(tuple(positions))
    return path
