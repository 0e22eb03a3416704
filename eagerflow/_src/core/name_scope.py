"""tf.name_scope: hierarchical names for the variables (and graph ops) created inside.

Core layer. The scope lives on the thread state as a list of path components
(`_state.name_scopes`, joined with "/"); tf.Module's scopes share it. A name
ending in "/" makes the scope that absolute path, and "" resets it to the root,
as in TF; leaving a scope restores exactly what was there before.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from eagerflow._src.core.context import _state


class name_scope:  # noqa: N801 - TF's public name
    """`with tf.name_scope("block") as scope:` prefixes names with "block/"."""

    __slots__ = ("_name", "_saved")

    def __init__(self, name: str) -> None:
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        self._name = name
        self._saved: list = []

    @property
    def name(self) -> str:
        return self._name

    def __enter__(self) -> str:
        st = _state
        name = self._name
        if name and st.graph is not None:
            _check_graph_scope(name, bool(st.name_scopes))
        self._saved.append(st.name_scopes)
        if not name:
            st.name_scopes = []
        elif name.endswith("/"):
            st.name_scopes = [name[:-1]]  # an absolute scope
        elif st.graph is not None:
            # a graph's scopes are unique (a TF 1 graph's, a tf.function's): a second
            # "block" is "block_1"
            st.name_scopes = [st.graph.unique_name(name)]
        else:
            st.name_scopes = st.name_scopes + [name]
        return get_current_name_scope() + "/" if st.name_scopes else ""

    def __exit__(self, *exc: Any) -> None:
        _state.name_scopes = self._saved.pop()


# a graph's names, as TF's Graph.name_scope checks them (a scope at the root starts as an
# op name must)
_OP_NAME = re.compile(r"^[A-Za-z0-9.][A-Za-z0-9_.\\/>-]*$")
_SCOPE_NAME = re.compile(r"^[A-Za-z0-9_.\\/>-]*$")


def is_op_name(name: str) -> bool:
    """Whether TF's graph takes `name` as an op's own name (a placeholder of another is
    named "Placeholder", the name kept as its `_user_specified_name`)."""
    return bool(_OP_NAME.match(name))


def _check_graph_scope(name: str, nested: bool) -> None:
    if nested and not _SCOPE_NAME.match(name):
        raise ValueError(f"'{name}' is not a valid scope name. A scope name has to match the "
                         f"following pattern: {_SCOPE_NAME.pattern}")
    if not nested and not _OP_NAME.match(name):
        raise ValueError(f"'{name}' is not a valid root scope name. A root scope name has to "
                         f"match the following pattern: {_OP_NAME.pattern}")


def wrapper_scope(name: Any, default_name: str) -> Any:
    """The scope TF's op wrappers open (its internal ops.name_scope(name, default_name)):
    eagerly none at all, the name unread (a non-string is taken, `as` gives None), as TF
    skips it; in a graph tf.name_scope(name or default_name)."""
    if _state.graph is None:
        return contextlib.nullcontext()
    return name_scope(name or default_name)


def get_current_name_scope() -> str:
    return "/".join(_state.name_scopes)


def scoped_name(base: str) -> str:
    """`base` prefixed with the current scope: "outer/inner/base"."""
    prefix = get_current_name_scope()
    return f"{prefix}/{base}" if prefix else base
