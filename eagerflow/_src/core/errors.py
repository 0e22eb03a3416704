"""tf.errors: TensorFlow's exception classes, codes and hierarchy.

Bottom of the pipeline. Every op failure is one of these, raised before a kernel
runs, with a message that names the op (`... [Op:AddV2]`).
"""

from __future__ import annotations

import re
import warnings
from typing import Any

from eagerflow._src.core.lazy import lazy_module

traceback = lazy_module("traceback")  # (only a graph operation's error prints a stack)

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16


class OpError(Exception):
    """Base of the errors an op raises: `OpError(node_def, op, message, error_code)` as in
    TF (its subclasses take no code: theirs is fixed)."""

    error_code = UNKNOWN

    def __init__(self, node_def: Any, op: Any, message: str, error_code: int | None = None,
                 *args: Any) -> None:
        super().__init__(message, *args)
        self._node_def = node_def
        self._op = op
        self._message = message
        if error_code is not None:
            self.error_code = error_code

    @property
    def message(self) -> str:
        return self._message

    @property
    def op(self) -> Any:
        return self._op

    @property
    def node_def(self) -> Any:
        return self._node_def

    @property
    def experimental_payloads(self) -> dict:
        return {}

    def __str__(self) -> str:
        stack = getattr(self._op, "traceback", None)  # a graph operation's creation stack
        if stack is None:
            return self._message
        return (f"{self._message}\n\nOriginal stack trace for {self._op.name!r}:\n" +
                "".join(traceback.format_list(stack)))

    def __reduce__(self):
        code = (self.error_code,) if type(self) is OpError else ()
        return type(self), (self._node_def, self._op, self._message) + code


def _error_class(name: str, code: int, doc: str) -> type:
    def __init__(self, node_def=None, op=None, message="", *args):  # noqa: N807
        OpError.__init__(self, node_def, op, message, None, *args)

    return type(name, (OpError,), {"__init__": __init__, "error_code": code, "__doc__": doc,
                                   "__module__": "eagerflow.errors"})


CancelledError = _error_class("CancelledError", CANCELLED, "An operation was cancelled.")
UnknownError = _error_class("UnknownError", UNKNOWN, "An unknown error.")
InvalidArgumentError = _error_class("InvalidArgumentError", INVALID_ARGUMENT,
                                    "An operation received an invalid argument.")
DeadlineExceededError = _error_class("DeadlineExceededError", DEADLINE_EXCEEDED,
                                     "A deadline expired before the operation finished.")
NotFoundError = _error_class("NotFoundError", NOT_FOUND, "A requested entity was not found.")
AlreadyExistsError = _error_class("AlreadyExistsError", ALREADY_EXISTS, "An entity already exists.")
PermissionDeniedError = _error_class("PermissionDeniedError", PERMISSION_DENIED,
                                     "The caller lacks permission.")
UnauthenticatedError = _error_class("UnauthenticatedError", UNAUTHENTICATED,
                                    "The request lacks valid credentials.")
ResourceExhaustedError = _error_class("ResourceExhaustedError", RESOURCE_EXHAUSTED,
                                      "A resource (such as memory) is exhausted.")
FailedPreconditionError = _error_class("FailedPreconditionError", FAILED_PRECONDITION,
                                       "The system is not in a state to run the operation.")
AbortedError = _error_class("AbortedError", ABORTED, "The operation was aborted.")
OutOfRangeError = _error_class("OutOfRangeError", OUT_OF_RANGE,
                               "An operation iterated past the valid input range.")
UnimplementedError = _error_class("UnimplementedError", UNIMPLEMENTED,
                                  "The operation is not implemented or supported.")
InternalError = _error_class("InternalError", INTERNAL, "An internal invariant was broken.")
UnavailableError = _error_class("UnavailableError", UNAVAILABLE, "The service is unavailable.")
DataLossError = _error_class("DataLossError", DATA_LOSS, "Unrecoverable data loss or corruption.")


class OperatorNotAllowedInGraphError(TypeError):
    """A Python operation on a symbolic tensor (bool(), iteration) that needs a value."""


# TF's words for them (iterating a tensor while a graph is built, an eager one included)
SYMBOLIC_BOOL_MSG = (
    "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the "
    "following resolutions to the problem: If you are running in Graph mode, use Eager "
    "execution mode or decorate this function with @tf.function. If you are using "
    "AutoGraph, you can try decorating this function with @tf.function. If that does "
    "not work, then you may be using an unsupported feature or your source code may "
    "not be visible to AutoGraph. See https://github.com/tensorflow/tensorflow/blob/"
    "master/tensorflow/python/autograph/g3doc/reference/limitations.md"
    "#access-to-source-code for more information.")
SYMBOLIC_ITER_MSG = SYMBOLIC_BOOL_MSG.replace(
    "Using a symbolic `tf.Tensor` as a Python `bool`", "Iterating over a symbolic `tf.Tensor`")


class InaccessibleTensorError(ValueError):
    """A tensor made in a graph nested in this one (a loop's body, a branch) used here."""


def holds_raw_bytes(text: str) -> bool:
    """Whether `text` holds bytes that are not UTF-8, kept as surrogate escapes (a bytes
    pattern's or file name's, decoded with "surrogateescape")."""
    return _ESCAPED.search(text) is not None


def c_text(message: str) -> str:
    """`message` as TF's Python reads an error's C message, as UTF-8: one holding invalid
    bytes (kept here as surrogate escapes: an RE2 pattern's) is Python's
    UnicodeDecodeError of the whole message, its position counted from the start."""
    if holds_raw_bytes(message):
        message.encode("utf-8", "surrogateescape").decode("utf-8")
    return message


_ESCAPED = re.compile("[\udc80-\udcff]")


def op_error(cls: type, op_name: str, message: str) -> OpError:
    """An error of class `cls` with TF's eager suffix naming the op."""
    return cls(None, None, f"{message} [Op:{op_name}]")


def invalid(op_name: str, message: str) -> OpError:
    return op_error(InvalidArgumentError, op_name, message)


def shape_str(shape: Any) -> str:
    """TF's bracketed shape spelling used in kernel messages: [2,3]."""
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


_ERROR_CLASSES = {c.error_code: c for c in (
    CancelledError, UnknownError, InvalidArgumentError, DeadlineExceededError, NotFoundError,
    AlreadyExistsError, PermissionDeniedError, UnauthenticatedError, ResourceExhaustedError,
    FailedPreconditionError, AbortedError, OutOfRangeError, UnimplementedError, InternalError,
    UnavailableError, DataLossError)}


def exception_type_from_error_code(error_code: int) -> type:
    return _ERROR_CLASSES[error_code]


def error_code_from_exception_type(cls: type) -> int | OpError:
    """`cls`'s error code; for a class that is not one of the codes' (OpError itself, a
    Python exception, anything else) TF warns and returns an UnknownError instance."""
    if isinstance(cls, type) and _ERROR_CLASSES.get(getattr(cls, "error_code", None)) is cls:
        return cls.error_code
    warnings.warn("Unknown class exception", stacklevel=1)
    return UnknownError(None, None, "Unknown class exception", None)


class raise_exception_on_not_ok_status:  # noqa: N801 - TF's name
    """TF 1's context that hands out a status (its `code` and `message` left for the body
    to set) and raises the error class of a code that is not OK on leaving."""

    class _Status:
        def __init__(self) -> None:
            self.code = OK
            self.message = ""

    def __enter__(self) -> _Status:
        self.status = self._Status()
        return self.status

    def __exit__(self, *exc: Any) -> None:
        code = self.status.code
        if code != OK and exc[0] is None:
            raise exception_type_from_error_code(code)(None, None, self.status.message)
