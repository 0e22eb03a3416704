"""tf.nest: flatten and rebuild nested structures, by TF's rule: mappings, mapping views,
attrs classes (`__attrs_attrs__`), and any `collections.abc.Sequence` but str and bytes.

Mappings flatten in sorted-key order, attrs in field order, as in TF. Anything else is a
leaf (tensors, variables, arrays, sets, None, numbers).
"""

from __future__ import annotations

import collections.abc
import sys
from typing import Any, Callable

from eagerflow._src.core import tf_logging
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor

_VIEWS = (collections.abc.KeysView, collections.abc.ValuesView, collections.abc.ItemsView)


def _is_namedtuple(x: Any) -> bool:
    return isinstance(x, tuple) and hasattr(x, "_fields")


def is_nested(seq: Any) -> bool:
    # (kept per class: isinstance of an ABC is slow for the leaves, asked most often)
    known = _NESTED.get(type(seq))
    if known is None:
        if len(_NESTED) >= 4096:  # (classes made at run time: namedtuples)
            _NESTED.clear()
        known = _NESTED[type(seq)] = _nests(type(seq))
    return known


def _nests(cls: type) -> bool:
    if issubclass(cls, (str, bytes)):
        return False
    return (issubclass(cls, (collections.abc.Mapping, collections.abc.Sequence, *_VIEWS))
            or _attrs_fields(cls) is not None)


def _attrs_fields(cls: type) -> Any:
    """An attrs class's fields (each with a `name`), else None."""
    return getattr(cls, "__attrs_attrs__", None)


_NESTED: dict = {}


is_sequence = is_nested


def _seq_type(x: Any) -> type:
    """The sequence type compared by check_types: a tracked list attribute counts as a list."""
    return getattr(type(x), "_nest_sequence_type", type(x))


def sorted_keys(d: Any) -> list:
    """A dict's keys in the order nest flattens its values: sorted, else as they stand."""
    try:
        return sorted(d)
    except TypeError:
        return list(d)


def _items(x: Any) -> list:
    """A nested value's (key, child) pairs in flattening order: a mapping's sorted keys, an
    attrs object's or a namedtuple's field names (TF's paths: a saved output spec of a
    namedtuple's field `value` is named "value"), else positions."""
    if isinstance(x, collections.abc.Mapping):
        return [(k, x[k]) for k in sorted_keys(x)]
    if _is_namedtuple(x):
        return list(zip(x._fields, x))
    fields = _attrs_fields(type(x))
    if fields is not None:
        return [(f.name, getattr(x, f.name)) for f in fields]
    return list(enumerate(x))


def _children(x: Any) -> list:
    if isinstance(x, collections.abc.Mapping):
        return [x[k] for k in sorted_keys(x)]
    if _attrs_fields(type(x)) is not None:
        return [v for _, v in _items(x)]
    return list(x)


def flatten(structure: Any, expand_composites: bool = False) -> list:
    if expand_composites:
        return [t for x in flatten(structure) for t in _expand(x)]
    if not is_nested(structure):
        return [structure]
    out: list = []
    _flatten_into(structure, out)
    return out


def _expand(x: Any) -> list:
    """A composite value's component tensors (themselves expanded), else [x]."""
    if isinstance(x, CompositeTensor):
        spec = x._type_spec
        return [t for c in spec._to_components(x) for t in _expand(c)]
    if isinstance(x, CompositeSpec):  # (a composite's spec: its components' specs)
        return [t for c in x._component_specs for t in _expand(c)]
    return [x]


def _pack_composites(structure: Any, flat: list) -> Any:
    """`flatten(structure)`'s leaves, each composite rebuilt from its share of `flat`."""
    pos = [0]

    def take(x: Any) -> Any:
        if not isinstance(x, CompositeTensor):
            v = flat[pos[0]]
            pos[0] += 1
            return v
        spec = x._type_spec
        return spec._from_components([take(c) for c in spec._to_components(x)])
    leaves = [take(x) for x in flatten(structure)]
    if pos[0] != len(flat):
        raise ValueError(f"Could not pack sequence. Structure had {pos[0]} atoms, but "
                         f"flat_sequence had {len(flat)} items.")
    return leaves


def _flatten_into(x: Any, out: list) -> None:
    if is_nested(x):
        for c in _children(x):
            _flatten_into(c, out)
    else:
        out.append(x)


def mapping_like(mapping: Any, items: list) -> Any:
    """`items` (key, value pairs) in a mapping of `mapping`'s own type, as TF's nest builds
    one: a mutable mapping made empty and filled (a defaultdict keeps its default_factory),
    any other mapping called with the pairs."""
    cls = type(mapping)
    if cls is dict:
        return dict(items)
    if isinstance(mapping, collections.abc.MutableMapping):
        out = (collections.defaultdict(mapping.default_factory)
               if cls is collections.defaultdict else cls())
        for k, v in items:
            out[k] = v
        return out
    if not getattr(cls, "__supported_by_tf_nest__", False):
        _warn_once_per_entry("Mapping types may not work well with tf.nest. Prefer using "
                             f"MutableMapping for {cls}")
    try:
        return cls(iter(items))
    except TypeError as err:
        raise TypeError(f"Error creating an object of type {cls} like {mapping}. Note that it "
                        "must accept a single positional argument representing an iterable of "
                        f"key-value pairs, in addition to self. Cause: {err}") from None


_WARNED_ENTRIES: set = set()


def _warn_once_per_entry(message: str) -> None:
    """Logs `message` the first time only for each public function of this module it is
    reached through (map_structure, pack_sequence_as...): TF's log_first_n counts by the
    first frame outside its nest module, which is the public tf.nest function's call."""
    frame = sys._getframe(1)
    while frame.f_back is not None and frame.f_back.f_code.co_filename == __file__:
        frame = frame.f_back
    if frame.f_code.co_name not in _WARNED_ENTRIES:
        _WARNED_ENTRIES.add(frame.f_code.co_name)
        tf_logging.warning(message)


def _rebuild(like: Any, children: list) -> Any:
    if isinstance(like, collections.abc.Mapping):
        rebuilt = dict(zip(sorted_keys(like), children))
        return mapping_like(like, [(k, rebuilt[k]) for k in like])
    fields = _attrs_fields(type(like))
    if fields is not None:
        return type(like)(**{f.name: c for f, c in zip(fields, children)})
    if _is_namedtuple(like):
        return type(like)(*children)
    if type(like) is list or type(like) is tuple:
        return type(like)(children)
    if isinstance(like, (range, *_VIEWS)):  # (TF rebuilds these as lists)
        return list(children)
    # any other sequence is rebuilt as its own class, called with the items, as TF's nest
    # does (TF's ListWrapper stays one); a constructor that won't take them raises
    return type(like)(children)


def pack_sequence_as(structure: Any, flat_sequence: Any, expand_composites: bool = False) -> Any:
    flat = list(flat_sequence)
    if expand_composites:
        # (TF counts the structure's expanded atoms against the items before packing any)
        n = sum(len(_expand(x)) for x in flatten(structure))
        if n != len(flat):
            raise ValueError(f"Could not pack sequence. Structure had {n} atoms, but "
                             f"flat_sequence had {len(flat)} items.  Structure: {structure}, "
                             f"flat_sequence: {flat}.")
        flat = _pack_composites(structure, flat)
    if not is_nested(structure):
        if len(flat) != 1:
            raise ValueError(f"The target structure is of type `{type(structure)}`\n  "
                             f"{structure}\nHowever the input is a sequence "
                             f"({type(flat_sequence)}) of length {len(flat)}.\n  "
                             f"{flat_sequence}\nnest cannot guarantee "
                             "that it is safe to map one to the other.")
        return flat[0]
    n = len(flatten(structure))
    if n != len(flat):
        raise ValueError(f"Could not pack sequence. Structure had {n} atoms, but flat_sequence "
                         f"had {len(flat)} items.  Structure: {structure}, flat_sequence: {flat}.")
    return _packed(structure, iter(flat))


def _packed(s: Any, atoms: Any) -> Any:
    """`s` rebuilt with the next atoms of the iterator `atoms` as its leaves (a function
    of the module, not a closure calling itself: that is a reference cycle per call,
    which only the garbage collector frees, and an eager step makes hundreds)."""
    if not is_nested(s):
        return next(atoms)
    return _rebuild(s, [_packed(c, atoms) for c in _children(s)])


class _Dot:
    """A leaf of the "Entire ... structure" outlines TF's structure errors print."""

    def __repr__(self) -> str:
        return "."


def _described(x: Any) -> str:
    return f"type={type(x).__name__} str={x!s}"  # (str(), as TF's: a tensor's format is its values)


def _same_sequence_type(a: Any, b: Any) -> bool:
    """TF's type check: equal types, namedtuples of one name and fields, list subtypes,
    any two mappings."""
    ta, tb = _seq_type(a), _seq_type(b)
    if ta is tb:
        return True
    if _is_namedtuple(a) and _is_namedtuple(b):
        return ta.__name__ == tb.__name__ and tuple(a._fields) == tuple(b._fields)
    if isinstance(a, list) and isinstance(b, list):
        return True
    return isinstance(a, collections.abc.Mapping) and isinstance(b, collections.abc.Mapping)


def _composite_mismatch(a: Any, b: Any) -> str | None:
    """TF's check of two composites walked with expand_composites: specs that have a
    common supertype (their components then line up)."""
    sa, sb = a._type_spec, b._type_spec
    common = getattr(sa, "most_specific_common_supertype", None)
    if type(sa) is type(sb) and (common is None or common([sb]) is not None):
        return None
    return f"Incompatible CompositeTensor TypeSpecs: {_described(sa)} vs. {_described(sb)}"


def _structure_mismatch(a: Any, b: Any, check_types: bool,
                        expand: bool = False) -> tuple | None:
    """(exception class, what differs) at the first place two structures part, walking
    them as TF's AssertSameStructure does (`expand`: composites as the sequences of their
    components); None when they match."""
    nested_a = is_nested(a) or (expand and isinstance(a, CompositeTensor))
    nested_b = is_nested(b) or (expand and isinstance(b, CompositeTensor))
    if nested_a != nested_b:
        seq, leaf = (a, b) if nested_a else (b, a)
        return ValueError, (f'Substructure "{_described(seq)}" is a sequence, while '
                            f'substructure "{_described(leaf)}" is not')
    if not nested_a:
        return None
    composites = isinstance(a, CompositeTensor) and isinstance(b, CompositeTensor)
    # (checked with check_types False too, as TF does)
    if composites and (why := _composite_mismatch(a, b)) is not None:
        return ValueError, why
    if check_types:
        if not _same_sequence_type(a, b):
            return TypeError, (f"The two namedtuples don't have the same sequence type. First "
                               f"structure {_described(a)} has type {type(a).__name__}, while "
                               f"second structure {_described(b)} has type {type(b).__name__}")
        if isinstance(a, collections.abc.Mapping) and set(a) != set(b):
            return ValueError, (f"The two dictionaries don't have the same set of keys. First "
                                f"structure has keys {_described(list(a))}, while "
                                f"second structure has keys {_described(list(b))}")
    ca, cb = (_components(a) if expand else _children(a)), (_components(b) if expand
                                                             else _children(b))
    # (TF walks the children in pairs and finds a length differing only past the shorter
    # one's end: a difference within the common children is the one it reports)
    for x, y in zip(ca, cb):
        found = _structure_mismatch(x, y, check_types, expand)
        if found is not None:
            return found
    if len(ca) != len(cb):
        return ValueError, (f"The two structures don't have the same number of elements. "
                            f"First structure: {_described(a)}. Second structure: "
                            f"{_described(b)}")
    return None


def _components(x: Any) -> list:
    """A composite's components, else a structure's children."""
    if isinstance(x, CompositeTensor):
        return list(x._type_spec._to_components(x))
    return _children(x)


def _outline(structure: Any) -> Any:
    dot = _Dot()
    if not is_nested(structure):
        return dot
    return pack_sequence_as(structure, [dot] * len(flatten(structure)))


def assert_same_structure(nest1: Any, nest2: Any, check_types: bool = True,
                          expand_composites: bool = False) -> None:
    """Raises TF's ValueError (TypeError for differing sequence types) where the two
    structures differ, with TF's message: both structures, what differs, their outlines."""
    found = _structure_mismatch(nest1, nest2, check_types, bool(expand_composites))
    if found is None:
        return
    cls, detail = found
    raise cls(f"The two structures don't have the same nested structure.\n\nFirst structure: "
              f"{_described(nest1)}\n\nSecond structure: {_described(nest2)}\n\nMore "
              f"specifically: {detail}\nEntire first structure:\n{_outline(nest1)}\nEntire "
              f"second structure:\n{_outline(nest2)}")


def map_structure(func: Callable, *structure: Any, **kwargs: Any) -> Any:
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    expand = bool(kwargs.pop("expand_composites", False))
    if kwargs:
        raise ValueError(f"Only valid keyword arguments are `check_types` and "
                         f"`expand_composites`, not: `{', '.join(kwargs)}`")
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=check_types)
    flats = [flatten(s, expand_composites=expand) for s in structure]
    return pack_sequence_as(structure[0], [func(*xs) for xs in zip(*flats)],
                            expand_composites=expand)


def map_structure_up_to(shallow: Any, func: Callable, *inputs: Any) -> Any:
    def up_to(s: Any, x: Any) -> list:
        if not is_nested(s):
            return [x]
        out = []
        for cs, cx in zip(_children(s), _children(x)):
            out += up_to(cs, cx)
        return out

    flats = [up_to(shallow, x) for x in inputs]
    return pack_sequence_as(shallow, [func(*xs) for xs in zip(*flats)])


def flatten_with_joined_string_paths(structure: Any, separator: str = "/") -> list:
    out = []

    def walk(x: Any, path: tuple) -> None:
        if is_nested(x):
            for k, c in _items(x):
                walk(c, path + (str(k),))
        else:
            out.append((separator.join(path), x))

    walk(structure, ())
    return out
