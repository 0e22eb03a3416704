"""tf.nest over each kind of structure TF's rule knows (dict, OrderedDict, defaultdict, a
Mapping, MutableMappings with and without a no-argument constructor, namedtuple, attrs-like
classes, list/tuple subclasses, other Sequences, range, dict views, sets, strings, nested
mixes): flatten, is_nested, map_structure, pack_sequence_as, and assert_same_structure's
outcome (result repr with its type, or error class and whole message) for each, as
`outcomes(tf)` computes them. record_nest_golden.py records TF 2.21's into
nest_golden.json; test_nest_fidelity.py checks eagerflow's against them."""

from __future__ import annotations

import collections
import collections.abc
from typing import Any


class Map(collections.abc.Mapping):
    """A read-only Mapping that is built from (key, value) pairs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._d = dict(*args, **kwargs)

    def __getitem__(self, k: Any) -> Any:
        return self._d[k]

    def __iter__(self) -> Any:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __repr__(self) -> str:
        return f"Map({self._d})"


class PairMap(Map):
    """A Mapping whose constructor does not take pairs: TF can't rebuild it."""

    def __init__(self, a: Any, b: Any) -> None:
        super().__init__(a=a, b=b)


class MutMap(collections.abc.MutableMapping):
    """A MutableMapping built empty then filled (its constructor takes no pairs)."""

    def __init__(self, *required: Any) -> None:
        self._d: dict = {}

    def __getitem__(self, k: Any) -> Any:
        return self._d[k]

    def __setitem__(self, k: Any, v: Any) -> None:
        self._d[k] = v

    def __delitem__(self, k: Any) -> None:
        del self._d[k]

    def __iter__(self) -> Any:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._d})"


class ArgMutMap(MutMap):
    """A MutableMapping whose constructor needs an argument: TF's rebuild raises."""

    def __init__(self, x: Any) -> None:
        super().__init__()


class Seq(collections.abc.Sequence):
    def __init__(self, items: Any) -> None:
        self._items = list(items)

    def __getitem__(self, i: Any) -> Any:
        return self._items[i]

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Seq({self._items})"


class SubList(list):
    pass


class SubTuple(tuple):
    pass


class PairList(list):
    def __init__(self, a: Any, b: Any) -> None:
        super().__init__([a, b])


class _Field:
    def __init__(self, name: str) -> None:
        self.name = name


class Attrs:
    """An attrs-like class: fields in __attrs_attrs__ order (q before p), rebuilt by keyword."""

    __attrs_attrs__ = (_Field("q"), _Field("p"))

    def __init__(self, q: Any, p: Any) -> None:
        self.q, self.p = q, p

    def __repr__(self) -> str:
        return f"{type(self).__name__}(q={self.q!r}, p={self.p!r})"


class OtherAttrs(Attrs):
    pass


NT = collections.namedtuple("NT", "y x")


def _mut(cls: type, *args: Any) -> Any:
    m = cls(*args)
    m["b"], m["a"] = 1, 2
    return m


def structures() -> dict:
    d = {"b": 1, "a": 2}
    return {
        "dict": dict(d), "intkeys": {2: 1, 1: 2},
        "ordered": collections.OrderedDict([("b", 1), ("a", 2)]),
        "defaultdict_int": collections.defaultdict(int, d),
        "defaultdict_list": collections.defaultdict(list, d),
        "mapping": Map(d), "pair_mapping": PairMap(1, 2),
        "mutable_mapping": _mut(MutMap), "arg_mutable_mapping": _mut(ArgMutMap, 0),
        "namedtuple": NT(1, 2), "sublist": SubList([1, 2]), "subtuple": SubTuple((1, 2)),
        "pair_list": PairList(1, 2), "sequence": Seq([1, [2]]), "range": range(3),
        "bytearray": bytearray(b"ab"), "keys": d.keys(), "values": d.values(),
        "items": d.items(), "attrs": Attrs(1, [2, 3]), "set": {1}, "str": "ab", "none": None,
        "mix": {"z": [1, (2, NT(3, 4))], "a": collections.OrderedDict(
            c=5, b=collections.defaultdict(int, q=Attrs(6, 7)))},
    }


PAIRS = {
    "dict_defaultdict": lambda: ({"a": 1}, collections.defaultdict(int, a=1)),
    "ordered_mutable": lambda: (collections.OrderedDict(a=1), _mut(MutMap)),
    "attrs_other": lambda: (Attrs(1, 2), OtherAttrs(1, 2)),
    "attrs_tuple": lambda: (Attrs(1, 2), (1, 2)),
    "attrs_deeper": lambda: (Attrs(1, 2), Attrs(1, (2, 3))),
    "sequence_list": lambda: (Seq([1]), [1]),
    "range_list": lambda: (range(1), [0]),
    "sublist_list": lambda: (SubList([1]), [1]),
    "keys_list": lambda: ({"a": 1}.keys(), ["a"]),
}


def _shown(value: Any) -> str:
    return f"{type(value).__name__} {value!r}"


def _outcome(fn: Any) -> str:
    try:
        return _shown(fn())
    except Exception as e:  # (the error is the outcome recorded)
        return f"{type(e).__name__}: {e}"


def _times_ten(x: Any) -> Any:
    return x * 10 if isinstance(x, int) else x


def outcomes(tf: Any) -> dict:
    out = {}
    for name, s in structures().items():
        out[f"{name} flatten"] = _outcome(lambda: tf.nest.flatten(s))
        out[f"{name} is_nested"] = _outcome(lambda: tf.nest.is_nested(s))
        out[f"{name} map"] = _outcome(lambda: tf.nest.map_structure(_times_ten, s))
        out[f"{name} pack"] = _outcome(lambda: tf.nest.pack_sequence_as(
            s, list(range(len(tf.nest.flatten(s))))))
        out[f"{name} defaultfactory"] = _outcome(
            lambda: getattr(tf.nest.map_structure(_times_ten, s), "default_factory", None))
    for name, pair in PAIRS.items():
        for check_types in (True, False):
            out[f"{name} same check_types={check_types}"] = _outcome(
                lambda: tf.nest.assert_same_structure(*pair(), check_types=check_types))
    return out
