"""Errors raised from converted code while a graph is traced, restated as TF does:

    in user code:

        File "/path/to/user.py", line 11, in f  *
            while i < x:

        TypeError: 'i' has dtype int32 before the loop, but dtype float32 after one iteration

The message gains the user's frames (converted functions marked with `*`), with
eagerflow's and the standard library's own frames left out; the traceback is kept (converted
code is compiled with the user's file name and line numbers). The exception keeps its class
where TF's does: TF's errors, the builtin errors TF rebuilds from a message (ValueError,
TypeError, ...), and exception classes whose constructor is Exception's; KeyError becomes
one that shows the message unquoted. Any other (ZeroDivisionError, IndexError, OSError, an
exception taking other arguments) becomes a StagingError, as in TF.
"""

from __future__ import annotations

import linecache
import os
from typing import Any

from eagerflow._src.core.errors import OperatorNotAllowedInGraphError, OpError

# eagerflow/ (this file is eagerflow/_src/autograph/errors.py)
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + \
    os.sep
_STDLIB_DIRS = tuple(os.path.dirname(os.path.abspath(m.__file__)) + os.sep
                     for m in (os,) if getattr(m, "__file__", None))


class PyCTError(Exception):
    """Base class of AutoGraph's errors."""


class AutoGraphError(PyCTError):
    """Base class of the errors AutoGraph raises."""


class ConversionError(AutoGraphError):
    """An entity could not be converted by AutoGraph."""


class UnsupportedLanguageElementError(PyCTError, NotImplementedError):
    """The function uses Python that AutoGraph does not convert (a loop's `else`, a
    mangled `__name` attribute): it runs as it is, as in TF."""


class StagingError(AutoGraphError):
    """An error raised while a graph was built from converted code (the staging of it),
    whose own class could not be rebuilt with the restated message."""


# The exception classes TF rebuilds from a message string alone.
_STRING_CONSTRUCTED = (AssertionError, AttributeError, NameError, NotImplementedError,
                       RuntimeError, StopIteration, TypeError, UnboundLocalError, ValueError)


class MultilineMessageKeyError(KeyError):
    """A KeyError whose str is the multi-line message (KeyError's own str quotes it)."""

    def __init__(self, message: str, original_key: Any) -> None:
        super().__init__(original_key)
        self._message = message

    def __str__(self) -> str:
        return self._message


MultilineMessageKeyError.__name__ = KeyError.__name__


def _is_internal(filename: str) -> bool:
    path = os.path.abspath(filename)
    if path.startswith(_PACKAGE_DIR):
        return True
    if "site-packages" in path or "dist-packages" in path:
        return True
    return path.startswith(_STDLIB_DIRS) or filename.startswith("<")


def user_frames(tb: Any, converted: dict) -> list[tuple[str, int, str, bool, dict | None]]:
    """The user's frames of a traceback, outermost first, as TF lists them: of one call of
    a converted function only its innermost line (a loop's body, not the loop statement;
    a nested function's line, not its call), of other user code every frame. Each is
    (file, line, function, converted, the text shown by line, or None: the file's)."""
    frames: list[tuple[str, int, str, bool, dict | None]] = []
    call_root = None  # the converted function whose call the last frame kept is in
    while tb is not None:
        code = tb.tb_frame.f_code
        name, root, text = converted.get(code, (None, None, None))
        if name is not None or not _is_internal(code.co_filename):
            entry = (code.co_filename, tb.tb_lineno, name or code.co_name, name is not None,
                     text)
            if root is not None and root is call_root and code is not root:
                frames[-1] = entry
            elif not frames or frames[-1][:2] != entry[:2]:
                frames.append(entry)
            call_root = root
        tb = tb.tb_next
    return frames


def user_code_message(exc: BaseException, converted: dict) -> str | None:
    frames = user_frames(exc.__traceback__, converted)
    if not frames:
        return None
    lines = ["in user code:", ""]
    for filename, lineno, name, is_converted, text in frames:
        lines.append(f'    File "{filename}", line {lineno}, in {name}' +
                     ("  *" if is_converted else ""))
        # (TF's frames follow each other; one blank line ends them)
        src = (text.get(lineno, "") if text else linecache.getline(filename, lineno)).strip()
        lines.append(f"        {src or '<source unavailable>'}")
    lines.append("")
    text = str(exc.message if hasattr(exc, "message") and
               isinstance(getattr(exc, "message", None), str) else exc)
    first = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    lines.extend("    " + ln for ln in first.split("\n"))
    return "\n".join(lines) + "\n"


def restate(exc: BaseException, converted: dict) -> BaseException | None:
    """A copy of `exc` with the "in user code" message, or None where that can't be done."""
    if getattr(exc, "_ag_restated", False) or getattr(exc, "ag_pass_through", False):
        return None
    message = user_code_message(exc, converted)
    if message is None:
        return None
    cls = type(exc)
    if isinstance(exc, OpError):
        new = cls(exc.node_def, exc.op, message)
    elif cls in _STRING_CONSTRUCTED or cls.__init__ is Exception.__init__ or \
            issubclass(cls, PyCTError) or cls is OperatorNotAllowedInGraphError:  # (TF's list)
        new = cls(message)
    elif cls is KeyError:
        new = MultilineMessageKeyError(message, exc.args[0] if exc.args else None)
    else:
        new = StagingError(message)
    new._ag_restated = True
    new.ag_original_exception = exc
    return new


__all__ = ["AutoGraphError", "ConversionError", "PyCTError", "StagingError",
           "UnsupportedLanguageElementError", "restate", "user_code_message"]
