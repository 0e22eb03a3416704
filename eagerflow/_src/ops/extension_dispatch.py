"""tf.experimental.dispatch_for_api and the elementwise dispatch decorators: TF's APIs
applied to extension values (ops/extension_type.py) run the handlers users register.

Sits in the ops layer over extension_type.py and the composite dispatch of
composite_dispatch.py: a @dispatchable API given an extension value asks the targets
registered for it (the latest first), then, for the APIs the ragged handlers map
elementwise, the unary and binary elementwise handlers.
"""

from __future__ import annotations

import inspect
import typing
from typing import Any

from eagerflow._src.core.type_names import type_repr
from eagerflow._src.ops import composite_dispatch as CD
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops import ragged  # noqa: F401 (the ragged hooks first: ours chain on)
from eagerflow._src.ops.extension_type import _NONE, ExtensionType

# -- dispatch of TF's APIs to extension values --------------------------------------------

_API_HANDLERS: dict = {}  # api -> [(signature, handler)], the latest first
_UNARY: list = []         # [(type, handler(api, x))]
_BINARY: list = []        # [(x type, y type, handler(api, x, y))]


def _matches(value: Any, hint: Any) -> bool:
    if hint is inspect.Parameter.empty or hint is Any:
        return True
    if typing.get_origin(hint) is typing.Union:
        return any(_matches(value, h) for h in typing.get_args(hint))
    if hint is None or hint is type(None):
        return value is None
    return isinstance(hint, type) and isinstance(value, hint)


def _accepts(signature: inspect.Signature, hints: dict, args: tuple, kwargs: dict) -> bool:
    """Whether the handler's annotated parameters take these arguments (one at least
    annotated by a dispatch type, as TF requires of a dispatch target)."""
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return False
    return all(_matches(bound.arguments[n], hints[n]) for n in hints if n in bound.arguments)


def _dispatch_api(api: Any, args: tuple, kwargs: dict) -> Any:
    for signature, hints, handler in _API_HANDLERS.get(api, ()):
        if _accepts(signature, hints, args, kwargs):
            return handler(*args, **kwargs)
    return _NONE


def dispatch_for_api(api: Any, *signatures: dict) -> Any:
    """Decorator: the function runs `api` when the arguments match its annotations (or one
    of `signatures`, dicts of parameter name -> type)."""
    def decorate(handler: Any) -> Any:
        sig = inspect.signature(handler)
        try:
            resolved = typing.get_type_hints(handler)
        except NameError:
            resolved = {n: p.annotation for n, p in sig.parameters.items()}
        options = list(signatures) or [{n: resolved[n] for n in sig.parameters
                                         if n in resolved}]
        if not any(options):
            raise ValueError("must specify at least one signature for dispatch, or use "
                             "type annotations")
        for hints in options:
            _API_HANDLERS.setdefault(api, []).insert(0, (sig, dict(hints), handler))
        return handler
    return decorate


def dispatch_for_unary_elementwise_apis(x_type: Any) -> Any:
    """Decorator: handler(api_func, x) runs every unary elementwise API for an x of x_type."""
    def decorate(handler: Any) -> Any:
        _UNARY.insert(0, (x_type, handler))
        return handler
    return decorate


def dispatch_for_binary_elementwise_apis(x_type: Any, y_type: Any) -> Any:
    """Decorator: handler(api_func, x, y) runs every binary elementwise API for such x, y."""
    def decorate(handler: Any) -> Any:
        _BINARY.insert(0, (x_type, y_type, handler))
        return handler
    return decorate


def _unsupported(values: Any) -> None:
    """TF's refusal of an extension value no dispatch target took: it cannot be a tensor."""
    for v in values:
        if isinstance(v, ExtensionType):
            raise ValueError(f"Attempt to convert a value ({v!r}) with an unsupported type "
                             f"({type_repr(v)}) to a Tensor.")


def _chain_elementwise() -> None:
    """Puts the extension types' handlers before the ragged ones in the elementwise hooks."""
    unary_before, binary_before = CD.elementwise.unary, CD.elementwise.binary

    def unary(f: Any, x: Any, **kwargs: Any) -> Any:
        out = _dispatch_api(f, (x,), kwargs)
        if out is not _NONE:
            return out
        for t, handler in _UNARY:
            if _matches(x, t):
                return handler(f, x, **kwargs)
        _unsupported((x,))
        return unary_before(f, x, **kwargs)

    def binary(f: Any, x: Any, y: Any, **kwargs: Any) -> Any:
        out = _dispatch_api(f, (x, y), kwargs)
        if out is not _NONE:
            return out
        for tx, ty, handler in _BINARY:
            if _matches(x, tx) and _matches(y, ty):
                return handler(f, x, y, **kwargs)
        _unsupported((x, y))
        return binary_before(f, x, y, **kwargs)
    CD.elementwise.unary, CD.elementwise.binary = unary, binary


# TF's binary elementwise assert APIs: tf.debugging's v2 asserts of two tensors
ASSERT_APIS = (dbg.assert_equal, dbg.assert_none_equal, dbg.assert_near, dbg.assert_less,
               dbg.assert_less_equal, dbg.assert_greater, dbg.assert_greater_equal)
_ASSERT: dict = {}  # (x type, y type) -> handler(assert_func, x, y)


def dispatch_for_binary_elementwise_assert_apis(x_type: Any, y_type: Any) -> Any:
    """Decorator: handler(assert_func, x, y) runs every binary elementwise assert API
    (tf.debugging.assert_equal, ...) for such x, y; assert_func is the API with its other
    arguments (message, summarize, ...) bound."""
    def decorate(handler: Any) -> Any:
        key = (x_type, y_type)
        if key in _ASSERT:
            raise ValueError(f"A binary elementwise assert dispatch handler ({_ASSERT[key]}) "
                             f"has already been registered for ({x_type}, {y_type}).")
        _ASSERT[key] = handler
        for api in ASSERT_APIS:
            _add_assert_target(api, x_type, y_type, handler)
        return handler
    return decorate


def _add_assert_target(api: Any, x_type: Any, y_type: Any, handler: Any) -> None:
    """A dispatch_for_api target of `api` calling handler(api with the rest bound, x, y)."""
    sig = inspect.signature(api)
    names = list(sig.parameters)
    x_name, y_name = names[:2]
    name_index = names.index("name") if "name" in names else -1

    def target(*args: Any, **kwargs: Any) -> Any:
        if 0 <= name_index < len(args):
            args = args[:name_index] + args[name_index + 1:]
        else:
            kwargs.pop("name", None)
        if len(args) > 1:
            x, y, rest = args[0], args[1], args[2:]
        elif args:
            x, rest, y = args[0], args[1:], kwargs.pop(y_name, None)
        else:
            x, y, rest = kwargs.pop(x_name, None), kwargs.pop(y_name, None), ()
        return handler(lambda v1, v2: api(v1, v2, *rest, **kwargs), x, y)

    target.__name__ = target.__qualname__ = f"elementwise_dispatch_target_for_{api.__name__}"
    _API_HANDLERS.setdefault(api, []).insert(0, (sig, {x_name: x_type, y_name: y_type}, target))


def unregister_dispatch_for(dispatch_target: Any) -> None:
    """Removes a handler registered by one of the dispatch_for_* decorators."""
    for key, handler in _ASSERT.items():
        if handler is dispatch_target:
            # TF 2.21 files an assert handler's targets under the key of the binary
            # elementwise handlers, and so can't find them: its KeyError, nothing removed
            raise KeyError((*key, "ASSERT_API_TAG"))
    found = False
    for api, entries in list(_API_HANDLERS.items()):
        kept = [e for e in entries if e[2] is not dispatch_target]
        found |= len(kept) != len(entries)
        _API_HANDLERS[api] = kept
    for table, at in ((_UNARY, 1), (_BINARY, 2)):
        before = len(table)
        table[:] = [e for e in table if e[at] is not dispatch_target]
        found |= len(table) != before
    if not found:
        raise ValueError(f"Function {dispatch_target} was not registered using a "
                         "`@dispatch_for_*` decorator.")


def _first_hook(api: Any, args: tuple, kwargs: dict) -> Any:
    """Dispatch of a @dispatchable API: a dispatch_for_api target, else the elementwise
    handlers for the APIs the ragged handlers map elementwise (one or two tensors)."""
    out = _dispatch_api(api, args, kwargs)
    if out is not _NONE:
        return out
    kind = getattr(CD._HANDLERS.get(api), "__qualname__", "").split(".")[0]
    if kind == "_map_first" and args and isinstance(args[0], ExtensionType):
        for t, handler in _UNARY:
            if _matches(args[0], t):
                return handler(api, *args, **kwargs)
    if kind == "_map_two" and len(args) >= 2:
        for tx, ty, handler in _BINARY:
            if _matches(args[0], tx) and _matches(args[1], ty):
                return handler(api, *args, **kwargs)
    _unsupported((*args, *kwargs.values()))
    return NotImplemented


_chain_elementwise()
CD.FIRST_HOOKS.append(_first_hook)
