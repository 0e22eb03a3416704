"""Runtime: values standing for unset variables, and reading through them.

`Undefined(name)` is what a variable holds when a converted branch or loop may leave it
unset; `ld` (load) turns a read of it into the UnboundLocalError the original code
would raise. `UndefinedReturnValue` is the return value before any `return` ran.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Undefined:
    """Placeholder for a variable that the code has not set (yet)."""

    __slots__ = ("symbol_name",)

    def __init__(self, symbol_name: str) -> None:
        self.symbol_name = symbol_name

    def read(self) -> Any:
        raise UnboundLocalError(f"'{self.symbol_name}' is used before assignment")

    def __repr__(self) -> str:
        return self.symbol_name


class UndefinedReturnValue:
    """The return value of a converted function before any `return` statement ran."""

    __slots__ = ()


def ld(v: Any) -> Any:
    """Load a variable that may be unset."""
    if type(v) is Undefined:
        return v.read()
    return v


def ldu(getter: Callable[[], Any], name: str) -> Any:
    """Load a variable that may be unbound in Python's sense, or a composite name (`o.a`,
    `d['k']`) whose attribute or key is missing, without failing."""
    try:
        return getter()
    except (KeyError, AttributeError, NameError):
        return Undefined(name)


def ret(retval: Any, do_return: Any) -> Any:
    """The function's result once its lowered returns have run."""
    if type(retval) is UndefinedReturnValue:
        return None
    return retval
