"""tf.name_scope: hierarchical names for the variables (and graph ops) created inside.

Core layer. The scope stack lives on the thread state (`_state.name_scopes`); each
entry is the full scope path ("outer/inner", "" for the root), so a name ending
in "/" can reset the scope to an absolute path, as in TF.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.context import _state


class name_scope:  # noqa: N801 - TF's public name
    """`with tf.name_scope("block") as scope:` prefixes names with "block/"."""

    __slots__ = ("_name", "_pushed")

    def __init__(self, name: str) -> None:
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        self._name = name
        self._pushed = False

    @property
    def name(self) -> str:
        return self._name

    def __enter__(self) -> str:
        stack = _state.name_scopes
        name = self._name
        if not name:
            full = ""
        elif name.endswith("/"):
            full = name[:-1]  # an absolute scope
        else:
            current = stack[-1] if stack else ""
            full = f"{current}/{name}" if current else name
        stack.append(full)
        self._pushed = True
        return full + "/" if full else ""

    def __exit__(self, *exc: Any) -> None:
        if self._pushed:
            _state.name_scopes.pop()
            self._pushed = False


def get_current_name_scope() -> str:
    stack = _state.name_scopes
    return stack[-1] if stack else ""


def scoped_name(base: str) -> str:
    """`base` prefixed with the current scope: "outer/inner/base"."""
    prefix = get_current_name_scope()
    return f"{prefix}/{base}" if prefix else base
