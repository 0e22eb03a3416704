"""Modules loaded on first use, so that `import eagerflow` stays fast.

Core layer, no eagerflow imports. `lazy_module(name)` is an import at module level that
defers the module's execution until an attribute of it is first read:

    concrete = lazy_module("eagerflow._src.function.concrete")   # nothing runs yet
    ...
    concrete.ConcreteFunction(...)                                 # imports it here

Each read goes through `importlib.import_module`, which imports the module once (under
the import system's per-module lock, so threads racing to the first use are safe: the
standard library's LazyLoader is not, before Python 3.12) and then finds it in
sys.modules; the reads are on rarely taken paths (a trace, a dropout, a parse), where
that microsecond does not count. Binding checks that the module exists without running
the packages above it, so a binding of one module of a costly package (AutoGraph's
runtime) loads nothing until its first use. Imports still point down the pipeline
(tests/test_layering.py reads a `lazy_module("eagerflow...")` call as an import); the
laziness only moves the cost of a rarely used family from `import eagerflow` to its
first use. The public package's `__getattr__` does the same for `tf.<name>`.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
from types import ModuleType
from typing import Any


class _Deferred(ModuleType):
    """Stands for the module of its name; each attribute read comes from the real one."""

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self.__name__), attr)

    def __repr__(self) -> str:
        return f"<module {self.__name__!r}, loaded on first use>"


def _exists(name: str) -> bool:
    """Whether module `name` can be imported, found without running any package it sits
    in: `importlib.util.find_spec` imports the parents, and a lazily bound submodule of
    a costly package (autograph's operators) would then load that package at once."""
    parts = name.split(".")
    path = None
    for i in range(len(parts)):
        prefix = ".".join(parts[:i + 1])
        module = sys.modules.get(prefix)
        if module is not None:
            path = getattr(module, "__path__", None)
            continue
        spec = (importlib.util.find_spec(prefix) if path is None and i == 0
                else importlib.machinery.PathFinder.find_spec(prefix, path))
        if spec is None:
            return False
        path = spec.submodule_search_locations
    return True


def lazy_module(name: str) -> ModuleType:
    """The module `name`, imported when one of its attributes is first read."""
    if not _exists(name):
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    return _Deferred(name)
