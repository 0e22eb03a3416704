"""tf.compat.v1's namespaces that are a TF 2 namespace with TF 1's own names in it
(`tf.compat.v1.sparse`, `.random`, `.io`, ...): each module under eagerflow/compat/v1/ names
its TF 1 names and gets its `__getattr__` and `__dir__` here, so it loads nothing until a
name is asked for."""

from __future__ import annotations

import sys
from typing import Any, Callable


def aliased_namespace(module: str, v1: Any, tf2: Any, v1_names: dict, sub_names: dict,
                      tf2_names: dict) -> tuple[Callable, Callable]:
    """`module`'s `__getattr__` and `__dir__`: a name of `v1_names` is that tf.compat.v1
    (`v1`) function, one of `sub_names` is found in that tf.compat.v1 submodule, one of
    `tf2_names` is its TF 2 name in `tf2`, and any other name is `tf2`'s. A name found once
    is kept in the module."""
    namespace = sys.modules[module].__dict__

    def lookup(name: str) -> Any:
        if name in v1_names:
            value = getattr(v1, v1_names[name])
        elif name in sub_names:
            value = getattr(getattr(v1, sub_names[name]), name)
        else:
            try:
                value = getattr(tf2, tf2_names.get(name, name))
            except AttributeError:
                raise AttributeError(f"module '{module}' has no attribute {name!r}") from None
        namespace[name] = value
        return value

    def names() -> list:
        return sorted(set(dir(tf2)) | set(v1_names) | set(sub_names) | set(tf2_names))

    return lookup, names
