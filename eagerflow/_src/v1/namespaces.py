"""tf.compat.v1's namespaces that are a TF 2 namespace with TF 1's own names in it
(`tf.compat.v1.sparse`, `.random`, `.io`, ...): each module under eagerflow/compat/v1/ names
its TF 1 names and gets its `__getattr__` and `__dir__` here, so it loads nothing until a
name is asked for."""

from __future__ import annotations

import sys
import types
from typing import Any, Callable, Iterable


def listing(module: str, tf2: Any, lacks: Iterable = (), extra: Iterable = ()) -> Callable:
    """`module`'s `__dir__`: the public names it holds, `extra` (those it loads on first
    use) and those of `tf2` (the TF 2 namespace it falls back to) less `lacks` (TF 2's
    names that TF 1's namespace does not have), as TF's `dir()` lists what its lazy
    modules resolve."""
    namespace = sys.modules[module].__dict__
    lacks = frozenset(lacks)
    extra = frozenset(extra)

    def names() -> list:
        own = {n for n in namespace if not n.startswith("_")}
        return sorted(own | extra | {n for n in dir(tf2)
                                     if not n.startswith("_") and n not in lacks})

    return names


def fallback(module: str, tf2: Any, lacks: Iterable = ()) -> Callable:
    """`module`'s `__getattr__` for a name it does not hold: `tf2`'s, except the names of
    `lacks`, which TF 1's namespace does not have (AttributeError, as TF's)."""
    lacks = frozenset(lacks)

    def lookup(name: str) -> Any:
        if name not in lacks and not name.startswith("__"):
            try:
                return getattr(tf2, name)
            except AttributeError:
                pass
        raise AttributeError(f"module '{module}' has no attribute {name!r}")

    return lookup


def aliased_namespace(module: str, v1: Any, tf2: Any, v1_names: dict, sub_names: dict,
                      tf2_names: dict, lacks: Iterable = ()) -> tuple[Callable, Callable]:
    """`module`'s `__getattr__` and `__dir__`: a name of `v1_names` is that tf.compat.v1
    (`v1`) function, one of `sub_names` is found in that tf.compat.v1 submodule, one of
    `tf2_names` is its TF 2 name in `tf2`, one of `lacks` is missing (TF 2 has it, TF 1
    does not), and any other name is `tf2`'s. A name found once is kept in the module."""
    namespace = sys.modules[module].__dict__
    tf2_lookup = fallback(module, tf2, lacks)

    def lookup(name: str) -> Any:
        if name in v1_names:
            value = getattr(v1, v1_names[name])
        elif name in sub_names:
            value = getattr(getattr(v1, sub_names[name]), name)
        elif name in tf2_names:
            value = getattr(tf2, tf2_names[name])
        else:
            value = tf2_lookup(name)
        namespace[name] = value
        return value

    return lookup, listing(module, tf2, lacks, {*v1_names, *sub_names, *tf2_names})


def restricted(name: str, tf2: Any, lacks: Iterable = (), children: dict | None = None
               ) -> types.ModuleType:
    """A module `name` that is TF 2's namespace `tf2` less the names of `lacks` (TF 1's
    namespace of that name does not have them: AttributeError, and not in `dir()`), with
    `children` (its sub-namespaces that TF 1 has in its own form, each a module or a
    function making one on first use) in place of tf2's."""
    module = types.ModuleType(name, tf2.__doc__)
    children = dict(children or {})
    lookup = fallback(name, tf2, lacks)

    def attribute(attr: str) -> Any:
        if attr not in children:
            return lookup(attr)
        child = children[attr]
        if not isinstance(child, types.ModuleType):
            child = children[attr] = child()
        return child

    module.__getattr__ = attribute  # (PEP 562: a module's own __getattr__ and __dir__)
    sys.modules[name] = module
    module.__dir__ = listing(name, tf2, lacks, children)
    return module
