"""Keras 3's name scopes: `keras.name_scope` and a layer's own scope.

Keras keeps its scope stack apart from TensorFlow's: a Keras scope names the paths of the
variables and layers made inside (`block/dense/kernel`) and is what LayoutMap and
DTypePolicyMap keys match, while `tf.name_scope` names graph ops only. Each Keras scope
also opens TF's scope of the same name, relative to TF's current one, as Keras's TensorFlow
backend does (so ops traced inside a layer are named after it).

A layer's scope (LayerScope) opens where it first opened: the Keras path of that moment
(the layer's parent path) joined to its name. A layer shared between models, run inside the
functional model that holds it or called under another scope enters that same path again,
so its weights and its `<path>/output` layout key do not depend on the caller; entering it
from inside itself opens nothing.

Sits on core (TF's scope list lives on the thread state); variables and the layer engine
read `current_path`.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from typing import Any

from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope as tf_name_scope


class _Frames(threading.local):
    def __init__(self) -> None:
        self.frames: list = []  # (caller or None, path parts, name) of each open scope


_keras = _Frames()


def current_path() -> str:
    """The Keras scope path (`""` outside every Keras scope)."""
    frames = _keras.frames
    return "/".join(frames[-1][1]) if frames else ""


def check_name(name: Any) -> None:
    """Keras 3's check of a scope's (so a variable's, an optimizer's) name."""
    if not isinstance(name, str) or "/" in name:
        raise ValueError("Argument `name` must be a string and cannot contain character "
                         f"`/`. Received: name={name}")


def scoped_path(name: str) -> str:
    """`name` under the current Keras scope: a variable's path."""
    frames = _keras.frames
    return "/".join([*frames[-1][1], name]) if frames and frames[-1][1] else name


def enter_layer_scope(layer: Any) -> tuple | None:
    """Opens `layer`'s own scope (see the module docstring): (TF's scope list it replaced,
    the TF scopes its build takes in a graph or None), to hand to exit_layer_scope; None
    where it opens nothing (entered from inside itself). A layer call opens it through
    these functions, with no context manager object (LayerScope is one, for the rest)."""
    frames = _keras.frames
    if frames and frames[-1][0] is layer:
        return None
    frame = layer._scope_frame
    if frame is None:  # (the first time: the path is fixed here)
        outer = frames[-1][1] if frames else []
        frame = (layer, [*outer, layer._name] if layer._name else list(outer), layer._name)
        object.__setattr__(layer, "_parent_path", "/".join(outer))
        object.__setattr__(layer, "_scope_frame", frame)
    frames.append(frame)
    st = _state
    saved = st.name_scopes
    graph = st.graph
    if graph is not None and hasattr(graph, "unique_name"):
        # in a graph, TF's scopes are unique, and a Keras 3 layer's call takes two of
        # them: its ops are named under the second ("dense_1/MatMul" for the first
        # call of a layer named dense, "dense_3/" for its second)
        build_scopes = [graph.unique_name(frame[2])]
        st.name_scopes = [graph.unique_name(frame[2])]
        return saved, build_scopes
    st.name_scopes = [*saved, frame[2]]
    return saved, None


def exit_layer_scope(opened: tuple | None) -> None:
    """Closes the scope enter_layer_scope opened (nothing for its None)."""
    if opened is not None:
        _keras.frames.pop()
        _state.name_scopes = opened[0]


@contextlib.contextmanager
def building_in_layer_scope(opened: tuple | None) -> Iterator[None]:
    """The layer's build, in a graph under the first of its two TF scopes (`m/`, where its
    call's ops go under `m_1/`), as Keras 3 builds before it opens the second: a model
    first called in a tf.function names its TF variables `m/kernel`, not `m_1/kernel`."""
    if opened is None or opened[1] is None:
        yield
        return
    st = _state
    saved, st.name_scopes = st.name_scopes, opened[1]
    try:
        yield
    finally:
        st.name_scopes = saved


class LayerScope:
    """A layer's own scope as a context manager (see enter_layer_scope)."""

    __slots__ = ("_layer", "_opened")

    def __init__(self, layer: Any) -> None:
        self._layer = layer
        self._opened: tuple | None = None

    def __enter__(self) -> LayerScope:
        self._opened = enter_layer_scope(self._layer)
        return self

    def __exit__(self, *exc: Any) -> None:
        exit_layer_scope(self._opened)
        self._opened = None


class name_scope:  # noqa: N801 - Keras's public name
    """`keras.name_scope(name, caller=None, deduplicate=True, override_parent=None)`:
    prefixes the paths of the variables made inside. `override_parent` makes the scope
    `<override_parent>/<name>` whatever encloses it (a caller that has opened its layer
    scope before lends its parent path); a scope re-entered with the same caller and
    name inside itself adds nothing unless `deduplicate=False`."""

    def __init__(self, name: str, **kwargs: Any) -> None:
        # (Keras on TF takes the options by keyword only, as **kwargs)
        self._init(name, **kwargs)

    def _init(self, name: str, caller: Any = None, deduplicate: bool = True,
              override_parent: str | None = None) -> None:
        check_name(name)
        self.name = name
        self.caller = caller
        self.deduplicate = deduplicate
        if override_parent is None and deduplicate and \
                getattr(caller, "_parent_path", None) is not None:
            override_parent = caller._parent_path
        self.override_parent = override_parent
        self._saved: tf_name_scope | None = None

    def __enter__(self) -> name_scope:
        frames = _keras.frames
        if self.deduplicate and self.caller is not None and frames and \
                frames[-1][0] is self.caller and frames[-1][2] == self.name:
            return self
        if self.override_parent is not None:
            parts = [p for p in self.override_parent.split("/") if p]
        else:
            parts = list(frames[-1][1]) if frames else []
        # TF's scope of the name, entered as tf.name_scope enters it (checked and made
        # unique in a graph), as Keras's TensorFlow backend does
        tf_scope = tf_name_scope(self.name)
        tf_scope.__enter__()
        frames.append((self.caller, [*parts, self.name], self.name))
        self._saved = tf_scope
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._saved is not None:
            _keras.frames.pop()
            self._saved.__exit__(*exc)
            self._saved = None


def match_path(mapping: dict, path: str, default: Any, what: str, subject: str,
               container: str) -> Any:
    """What `mapping` (LayoutMap's, DTypePolicyMap's) holds for `path`: its own key, else
    the one key that fully matches the path as a regular expression, else `default`. A
    path two keys match is refused in Keras's words, naming the `what` specification keys,
    the `subject` and the `container`."""
    if path in mapping:
        return mapping[path]
    matches = [pattern for pattern in mapping if re.fullmatch(pattern, path)]
    if len(matches) > 1:
        raise ValueError(f"Path '{path}' matches multiple {what} specification keys: "
                         f"{matches}. Please make sure each {subject} only matches at most one "
                         f"{what} specification key in the {container}.")
    return mapping[matches[0]] if matches else default
