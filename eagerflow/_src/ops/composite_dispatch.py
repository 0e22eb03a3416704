"""Dispatch of public ops to composite tensors (RaggedTensor): `tf.reduce_sum(rt, 1)`.

Ops layer, below the op families. A public function marked `@dispatchable` first runs as
it is; only when it fails (a composite cannot be converted to a tensor) does it look up
the handler registered for it, so plain tensors pay nothing. Elementwise functions made
by dispatch.unary/binary consult `elementwise` instead, on their non-EagerTensor path.
Handlers live with the composite types (ragged_dispatch.py) and are registered on import.
"""

from __future__ import annotations

import functools
import inspect
import re
from typing import Any, Callable

from eagerflow._src.core import tf_logging
from eagerflow._src.core.composite import has_composite
from eagerflow._src.core.errors import OpError
from eagerflow._src.ops import eager_errors

_HANDLERS: dict = {}
# hook(api, args, kwargs) -> a result, or NotImplemented to go on: tried in order first
FIRST_HOOKS: list = []


def dispatchable(fn: Callable) -> Callable:
    """Marks a public function as accepting composite tensors through a handler."""
    binds = getattr(fn, "_binds_first", False)

    @functools.wraps(fn)
    def api(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except OpError as e:  # (an eager op's error, worded as TF's op wrapper words it)
            eager_errors.api_failed(e, fn, args, kwargs)
            raise
        except (TypeError, ValueError) as e:
            if binds and type(e) is TypeError and unbound(e, fn, args, kwargs):
                _raise_binding_error(e)  # (raised by the call itself, before fn ran)
            for hook in FIRST_HOOKS:  # (extension types' dispatch, before the ragged handlers)
                out = hook(api, args, kwargs)
                if out is not NotImplemented:
                    return out
            handler = _HANDLERS.get(api)
            if handler is None or not (has_composite(args) or has_composite(kwargs.values())):
                raise
        return handler(*args, **kwargs)

    api.__wrapped_api__ = fn
    return api


def binds_first(fn: Callable) -> Callable:
    """Marks a @dispatchable function whose TF counterpart is a Python function in TF's
    dispatcher (add_dispatch_support), which binds the arguments first: its binding errors
    are worded as the dispatcher's. (TF's generated op wrappers, tf.nn.relu, are not.)"""
    fn._binds_first = True
    return fn


def dispatch_binding(fn: Callable) -> Callable:
    """A public function (not @dispatchable) TF wraps in its dispatcher, which binds the
    arguments first: its binding errors worded as the dispatcher's (_raise_binding_error)."""
    @functools.wraps(fn)
    def api(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except TypeError as e:
            if unbound(e, fn, args, kwargs):
                _raise_binding_error(e)
            raise
    # (deprecation notices name the caller's line past this frame; one code for all)
    tf_logging.PASS_THROUGH.add(api.__code__)
    return api


def unbound(e: TypeError, fn: Callable, args: tuple, kwargs: dict) -> bool:
    """Whether `e` is the call's binding error: raised by the call itself, or by a wrapper
    below (eager_api's) when the arguments do not bind to the signature of the function
    it wraps. (Asked only once a call failed: a good call pays nothing.)"""
    if e.__traceback__.tb_next is None:
        return True
    try:
        inspect.signature(fn).bind(*args, **kwargs)
    except TypeError:
        return True
    except ValueError:  # (a callable without a signature)
        return False
    return False


def _raise_binding_error(e: TypeError) -> None:
    """A call's binding error worded as TF's dispatcher words it (it binds the arguments
    first): a keyword given twice or unknown, a required one missing, too many."""
    text = str(e)
    _, twice, arg = text.partition("got multiple values for argument ")
    if twice:
        raise TypeError(f"Got multiple values for argument {arg}") from None
    _, unknown, arg = text.partition("got an unexpected keyword argument ")
    if unknown:
        raise TypeError(f"Got an unexpected keyword argument {arg}") from None
    if " missing " in text and "required positional argument" in text:
        raise TypeError("Missing required positional argument") from None
    many = re.search(r"takes (?:from \d+ to )?(\d+) positional arguments? but (\d+) "
                     r"(?:was|were) given", text)
    if many:
        raise TypeError(f"Too many arguments were given. Expected {many[1]} but got "
                        f"{many[2]}.") from None


def register(api: Callable, handler: Callable) -> None:
    """`handler(*args, **kwargs)` runs `api` when a composite is among its arguments."""
    if not hasattr(api, "__wrapped_api__"):
        raise TypeError(f"{getattr(api, '__name__', api)} is not @dispatchable")
    _HANDLERS[api] = handler


def handler_of(api: Callable) -> Callable:
    """The handler registered for `api` (a function that tries it itself, as tf.matmul
    does to keep its dense path free of the wrapper)."""
    handler = _HANDLERS.get(api)
    if handler is None:
        raise TypeError(f"{getattr(api, '__name__', api)} does not take composite tensors")
    return handler


def register_direct(api: Callable, handler: Callable) -> None:
    """`handler` for a function that calls handler_of itself instead of @dispatchable."""
    _HANDLERS[api] = handler


class _Elementwise:
    """The handlers of elementwise ops (set by ragged_dispatch on import)."""

    unary: Callable | None = None   # unary(f, x, **kwargs)
    binary: Callable | None = None  # binary(f, x, y, **kwargs)


elementwise = _Elementwise
