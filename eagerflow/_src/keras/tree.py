"""keras.tree: Keras 3's nested-structure utilities (flatten, map_structure, traverse, ...).

Keras 3 on TF 2.21 walks structures with optree (`none_is_leaf=True`), which differs from
tf.nest in ways user code sees: an OrderedDict (and a deque) keeps its insertion order, a
plain dict is walked in sorted-key order but rebuilt in its own order, subclasses of list
and dict are leaves, None is a leaf, and mismatches raise optree's ValueErrors
("list arity mismatch; expected: 2, got: 1; list: [1]."). This module is eagerflow's own
walk with those rules. eagerflow's tracked containers (a layer's lists and dicts of
sublayers) are nodes, as Keras registers TF's ListWrapper and _DictWrapper, and so are
the containers that name their kind in `_tree_kind` (Keras 3's TrackedList and
TrackedDict, engine/tracked.py), rebuilt as their class.

Sits on core (trackable containers); Keras modules above may use it.
"""

from __future__ import annotations

import collections
import warnings
from collections.abc import Callable
from typing import Any

from eagerflow._src.core.trackable import TrackedDict, TrackedList


class MAP_TO_NONE:  # noqa: N801 - Keras 3's name: a sentinel class, not an instance
    """Returned by a `traverse` function to replace a value by None."""


_DICT_KINDS = (dict, collections.OrderedDict, collections.defaultdict)


def _is_namedtuple(x: Any) -> bool:
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def _kind(x: Any) -> str | None:
    """The node kind of `x` ('list', 'tuple', 'namedtuple', 'dict', 'deque'), None for a leaf."""
    t = type(x)
    if t is list or isinstance(x, TrackedList):
        return "list"
    if t is tuple:
        return "tuple"
    if _is_namedtuple(x):
        return "namedtuple"
    if t in _DICT_KINDS or isinstance(x, TrackedDict):
        return "dict"
    if t is collections.deque:
        return "deque"
    # (Keras 3's tracked containers, a layer's lists and dicts: nodes it registers)
    return getattr(t, "_tree_kind", None)


def _dict_keys(d: Any) -> list:
    """A dict's keys in walking order: sorted, unless it keeps its own order (an OrderedDict)
    or the keys do not sort."""
    if type(d) is collections.OrderedDict:
        return list(d)
    try:
        return sorted(d)
    except TypeError:
        return list(d)


def _children(x: Any, kind: str) -> tuple[list, list]:
    """(keys, children) of a node: positions for sequences, keys for dicts."""
    if kind == "dict":
        keys = _dict_keys(x)
        return keys, [x[k] for k in keys]
    return list(range(len(x))), list(x)


def _rebuild(like: Any, kind: str, keys: list, children: list) -> Any:
    if kind == "dict":
        values = dict(zip(keys, children))
        ordered = [(k, values[k]) for k in like]  # the dict's own order
        if type(like) is collections.defaultdict:
            return collections.defaultdict(like.default_factory, ordered)
        if isinstance(like, TrackedDict):
            return dict(ordered)
        if hasattr(type(like), "_tree_kind"):  # (rebuilt as Keras's, in walking order)
            return type(like)(zip(keys, children))
        return type(like)(ordered)
    if kind == "namedtuple":
        return type(like)(*children)
    if kind == "list":
        return type(like)(children) if hasattr(type(like), "_tree_kind") else list(children)
    return type(like)(children)


_TYPE_NAMES = {"list": "list", "tuple": "tuple", "namedtuple": "collections.namedtuple",
               "dict": "dict", "deque": "collections.deque"}


def check_dict_keys(ref: dict, other: dict) -> None:
    """optree's ValueError where dict `other` stands for `ref` without the same keys."""
    want, got = _dict_keys(ref), _dict_keys(other)
    if set(want) != set(got):
        text = f"expected key(s): {want}, got key(s): {got}"
        missing = [k for k in want if k not in other]
        extra = [k for k in got if k not in ref]
        if missing:
            text += f", missing key(s): {missing}"
        if extra:
            text += f", extra key(s): {extra}"
        raise ValueError(f"dictionary key mismatch; {text}; dict: {other!r}.")


def _check_node(ref: Any, kind: str, other: Any) -> tuple[list, list]:
    """`other`'s children, where `ref` (a node of kind `kind`) is expected: optree's
    ValueErrors when it is not a node of the same type and arity (or keys)."""
    other_kind = _kind(other)
    if other_kind != kind:
        raise ValueError(f"Expected an instance of {_TYPE_NAMES[kind]}, got {other!r}.")
    if kind == "namedtuple" and type(other) is not type(ref):
        raise ValueError(f"namedtuple type mismatch; expected type: {type(ref)}, got type: "
                         f"{type(other)}; tuple: {other!r}.")
    if kind == "dict":
        check_dict_keys(ref, other)
        want = _dict_keys(ref)
        return want, [other[k] for k in want]
    if len(other) != len(ref):
        raise ValueError(f"{kind} arity mismatch; expected: {len(ref)}, got: {len(other)}; "
                         f"{kind}: {other!r}.")
    return list(range(len(other))), list(other)


def is_nested(structure: Any) -> bool:
    """Whether `structure` is a list, tuple, namedtuple, dict or deque (None is a leaf)."""
    return _kind(structure) is not None


def flatten(structure: Any) -> list:
    """The leaves of `structure`, dicts in sorted-key order (an OrderedDict in its own)."""
    out: list = []
    _flatten_into(structure, out)
    return out


def _flatten_into(x: Any, out: list) -> None:
    kind = _kind(x)
    if kind is None:
        out.append(x)
        return
    for child in _children(x, kind)[1]:
        _flatten_into(child, out)


def flatten_with_path(structure: Any) -> list:
    """[(path, leaf)]: each leaf with the tuple of keys and indices that reach it."""
    out: list = []

    def walk(x: Any, path: tuple) -> None:
        kind = _kind(x)
        if kind is None:
            out.append((path, x))
            return
        for key, child in zip(*_children(x, kind)):
            walk(child, path + (key,))

    walk(structure, ())
    return out


def pack_sequence_as(structure: Any, flat_sequence: Any) -> Any:
    """`flat_sequence`'s values in the shape of `structure`."""
    try:
        leaves = list(flat_sequence)
    except TypeError:
        raise TypeError(f"pack_sequence_as() expects an iterable of leaves as "
                        f"`flat_sequence`. Received: {flat_sequence!r}") from None
    expected = len(flatten(structure))
    if len(leaves) < expected:
        raise ValueError(f"Too few leaves for PyTreeSpec; expected: {expected}, got: "
                         f"{len(leaves)}.")
    if len(leaves) > expected:
        raise ValueError(f"Too many leaves for PyTreeSpec; expected: {expected}.")
    it = iter(leaves)

    def build(x: Any) -> Any:
        kind = _kind(x)
        if kind is None:
            return next(it)
        keys, children = _children(x, kind)
        return _rebuild(x, kind, keys, [build(c) for c in children])

    return build(structure)


def _is_leaf(x: Any, none_is_leaf: bool) -> bool:
    return _kind(x) is None and (none_is_leaf or x is not None)


def _map(func: Callable, first: Any, others: tuple, none_is_leaf: bool = True) -> Any:
    """optree's tree_map: `first` sets the structure; the others must match it there."""
    if first is None and not none_is_leaf:
        return None
    kind = _kind(first)
    if kind is None:
        return func(first, *others)
    keys, children = _children(first, kind)
    other_children = [_check_node(first, kind, o)[1] for o in others]
    mapped = [_map(func, c, tuple(oc[i] for oc in other_children), none_is_leaf)
              for i, c in enumerate(children)]
    return _rebuild(first, kind, keys, mapped)


def map_structure(func: Callable, *structures: Any, none_is_leaf: bool = True) -> Any:
    """`func` applied leaf by leaf to structures of the same shape."""
    if not structures:
        raise ValueError("Must provide at least one structure")

    def checked(*args: Any) -> Any:
        if len(args) > 1 and not all(_is_leaf(a, none_is_leaf) for a in args):
            raise ValueError("Structures don't have the same nested structure.")
        return func(*args)

    return _map(checked, structures[0], structures[1:], none_is_leaf)


def map_structure_up_to(shallow_structure: Any, func: Callable, *structures: Any) -> Any:
    """`func` applied to the parts of `structures` at `shallow_structure`'s leaves."""
    if not structures:
        raise ValueError("Must provide at least one structure")

    def at_leaf(shallow: Any, *args: Any) -> Any:
        # (Keras 3 checks each shallow leaf with optree's leaf test, which takes None for
        # an empty node: a None in the shallow structure is refused)
        if shallow is None:
            raise ValueError("Structures don't have the same nested structure.")
        return func(*args)

    return _map(at_leaf, shallow_structure, structures)


def assert_same_structure(a: Any, b: Any, check_types: Any = None) -> None:
    """Raises ValueError unless `a` and `b` have the same nodes (types included)."""
    if check_types is not None:
        if check_types is False:
            warnings.warn("The `check_types` argument is deprecated and no longer has any "
                          "effect. For a looser check, use `keras.tree.assert_same_paths()`, "
                          "which considers `list`, `tuple`, `namedtuple` and `deque` as "
                          "matching", DeprecationWarning, stacklevel=2)
        else:
            warnings.warn("The `check_types` argument is deprecated and no longer has any "
                          "effect, please remove.", DeprecationWarning, stacklevel=2)

    def check(x: Any, y: Any) -> None:
        if is_nested(x) or is_nested(y):
            raise ValueError("Structures don't have the same nested structure.")

    _map(check, a, (b,))


def assert_same_paths(a: Any, b: Any) -> None:
    """Raises ValueError unless `a` and `b` reach their leaves by the same paths (a list and
    a tuple of one length match)."""
    a_paths = {p for p, _ in flatten_with_path(a)}
    b_paths = {p for p, _ in flatten_with_path(b)}
    if a_paths != b_paths:
        msg = "`a` and `b` don't have the same paths."
        if a_paths - b_paths:
            msg += f"\nPaths in `a` missing in `b`:\n{a_paths - b_paths}"
        if b_paths - a_paths:
            msg += f"\nPaths in `b` missing in `a`:\n{b_paths - a_paths}"
        raise ValueError(msg)


def traverse(func: Callable, structure: Any, top_down: bool = True) -> Any:
    """`structure` rebuilt by `func`: top down, a value replaces a node (None goes into it);
    bottom up, `func` sees each node rebuilt from its children (None keeps it). MAP_TO_NONE
    as the result puts None in its place."""
    def children_traversed(x: Any) -> Any:
        kind = _kind(x)
        if kind is None:
            return x
        keys, children = _children(x, kind)
        return _rebuild(x, kind, keys, [traverse(func, c, top_down) for c in children])

    if top_down:
        result = func(structure)
        if result is None:
            return children_traversed(structure)
    else:
        structure = children_traversed(structure)
        result = func(structure)
        if result is None:
            return structure
    return None if result is MAP_TO_NONE else result


def lists_to_tuples(structure: Any) -> Any:
    """`structure` with every list made a tuple."""
    return traverse(lambda x: tuple(x) if isinstance(x, list) else None, structure,
                    top_down=False)


def _is_shape(x: Any) -> bool:
    return isinstance(x, (list, tuple)) and all(isinstance(e, (int, type(None))) for e in x)


def map_shape_structure(func: Callable, structure: Any) -> Any:
    """`func` applied to each shape (a list or tuple of ints and Nones) in `structure`."""
    def walk(x: Any) -> Any:
        kind = _kind(x)
        if kind is None or _is_shape(x):
            return func(x)
        keys, children = _children(x, kind)
        return _rebuild(x, kind, keys, [walk(c) for c in children])

    return walk(structure)
