"""tf.Module: a named container of variables and other modules.

Sits just above the ops (it only needs Variable and the trackable object graph) and
below Keras, whose Layer is a Module. A Module owns a name scope fixed at
construction; `variables`, `trainable_variables` and `submodules` are found by
walking its attributes (and the lists, tuples and dicts they hold), as TF does.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

from eagerflow._src.core.context import _state
from eagerflow._src.core.trackable import AutoTrackable, is_variable

_CAMEL = re.compile(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))")
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def camel_to_snake(value: str) -> str:
    """`MyModule` -> `my_module` (the default name of a Module)."""
    return _CAMEL.sub(r"_\1", value).lower()


class NameScope:
    """A reusable name scope fixed to an absolute path (`outer/inner/`).

    Entering it makes its path the whole current scope, as re-entering a captured
    `tf.name_scope` does in TF; leaving restores what was there.
    """

    __slots__ = ("_path", "_saved")

    def __init__(self, path: str) -> None:
        self._path = path.rstrip("/")
        self._saved: list = []

    @property
    def name(self) -> str:
        return self._path + "/" if self._path else ""

    def __enter__(self) -> str:
        st = _state
        self._saved.append(st.name_scopes)
        st.name_scopes = [self._path] if self._path else []
        return self.name

    def __exit__(self, *exc: Any) -> None:
        _state.name_scopes = self._saved.pop()

    def __repr__(self) -> str:
        return f"<name_scope {self.name!r}>"


def current_scope() -> str:
    scopes = _state.name_scopes
    return "/".join(scopes) + "/" if scopes else ""


def _is_module(x: Any) -> bool:
    return isinstance(x, Module)


def _is_trainable_variable(x: Any) -> bool:
    return is_variable(x) and getattr(x, "trainable", False)


def _is_non_trainable_variable(x: Any) -> bool:
    return is_variable(x) and not getattr(x, "trainable", False)


class Module(AutoTrackable):
    """Base neural network module: `tf.Module(name=None)`.

    >>> class Dense(tf.Module):
    ...   def __init__(self, n_in, n_out, name=None):
    ...     super().__init__(name=name)
    ...     self.w = tf.Variable(tf.ones([n_in, n_out]), name="w")
    """

    _track_private = True

    # attributes never walked by `_flatten` (bookkeeping, not content)
    _TF_MODULE_IGNORED_PROPERTIES: frozenset = frozenset(("_trackable_deps",))

    def __init__(self, name: str | None = None) -> None:
        if name is None:
            name = camel_to_snake(type(self).__name__)
        elif not isinstance(name, str) or not _valid_identifier(name):
            raise ValueError(f"{name!r} is not a valid module name. Module names must be valid "
                             "Python identifiers (e.g. a valid class name).")
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_scope_name", current_scope() + name + "/")
        object.__setattr__(self, "_name_scope", NameScope(self._scope_name))

    @property
    def name(self) -> str:
        """The name given at construction (or the snake-cased class name)."""
        return self._name

    @property
    def name_scope(self) -> NameScope:
        """The name scope of this module, re-entrant: `with module.name_scope: ...`."""
        return self._name_scope

    @property
    def variables(self) -> tuple:
        """Variables of this module and its submodules, each once."""
        return tuple(self._flatten(predicate=is_variable, expand_composites=True))

    @property
    def trainable_variables(self) -> tuple:
        return tuple(self._flatten(predicate=_is_trainable_variable, expand_composites=True))

    @property
    def non_trainable_variables(self) -> tuple:
        return tuple(self._flatten(predicate=_is_non_trainable_variable, expand_composites=True))

    @property
    def submodules(self) -> tuple:
        """All modules reachable from this one (not including itself), breadth first."""
        return tuple(self._flatten(predicate=_is_module))

    def _flatten(self, recursive: bool = True, predicate: Callable | None = None,
                 attribute_traversal_key: Callable | None = None, with_path: bool = False,
                 expand_composites: bool = False) -> Iterator:
        """Yields the leaves of this module's attributes that satisfy `predicate`."""
        predicate = predicate or (lambda _: True)
        if not _is_keras(self):
            # Keras 3's layers and variables are no tf.Module or tf.Variable in TF 2.21: a
            # module holding a Keras model finds neither in it (nor it as a submodule)
            predicate = _outside_keras(predicate)
        return _flatten_module(self, recursive, predicate, attribute_traversal_key, with_path,
                               (), {id(self)}, set(), not _is_keras(self))

    @classmethod
    def with_name_scope(cls, method: Callable) -> Callable:
        """Decorator: runs `method` inside the module's name scope."""

        @functools.wraps(method)
        def method_with_name_scope(self: Module, *args: Any, **kwargs: Any) -> Any:
            with self.name_scope:
                return method(self, *args, **kwargs)

        return method_with_name_scope

    def __repr__(self) -> str:
        return object.__repr__(self)


def _valid_identifier(name: str) -> bool:
    return bool(_IDENT.match(name))


def _leaves(value: Any, path: tuple) -> Iterator:
    """(path, leaf) pairs of a value, looking into lists, tuples and dicts."""
    if isinstance(value, dict):
        for k in sorted(value, key=lambda k: (str(type(k)), str(k))):
            yield from _leaves(value[k], path + (k,))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _leaves(v, path + (i,))
    else:
        yield path, value


def _is_keras(x: Any) -> bool:
    """Whether `x` is a Keras layer or variable (which mark their classes)."""
    return getattr(type(x), "_keras_layer", False) or getattr(type(x), "_keras_variable", False)


def _outside_keras(predicate: Callable) -> Callable:
    return lambda leaf: not _is_keras(leaf) and predicate(leaf)


def _flatten_module(module: Module, recursive: bool, predicate: Callable, key: Callable | None,
                    with_path: bool, module_path: tuple, seen_modules: set,
                    seen_leaves: set, skip_keras: bool = False) -> Iterator:
    ignored = getattr(module, "_TF_MODULE_IGNORED_PROPERTIES", frozenset())
    attrs = vars(module)
    submodules = []
    for name in sorted(attrs, key=key):
        if name in ignored:
            continue
        for path, leaf in _leaves(attrs[name], (name,)):
            if id(leaf) in seen_leaves:
                continue
            full = module_path + path
            if predicate(leaf):
                seen_leaves.add(id(leaf))
                yield (full, leaf) if with_path else leaf
            if recursive and _is_module(leaf) and id(leaf) not in seen_modules and not (
                    skip_keras and _is_keras(leaf)):
                seen_modules.add(id(leaf))
                submodules.append((full, leaf))
    for path, sub in submodules:
        yield from _flatten_module(sub, recursive, predicate, key, with_path, path, seen_modules,
                                   seen_leaves, skip_keras)
