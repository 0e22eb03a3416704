"""The two channels TF 2.21 and Keras 3 log through, set up as they set them up.

Core layer: no eagerflow imports but core/lazy.py; every module that logs comes through here.

- `get_logger()` is `tf.get_logger()`: the standard logger "tensorflow". TF configures it
  while `import tensorflow` runs: unless the root logger had handlers at that moment, it
  gets a handler printing "WARNING:tensorflow:message" (logging's BASIC_FORMAT) to the
  stderr of that moment, or, in an interactive session, INFO and up to stdout. eagerflow
  does not import `logging` at import time (milliseconds of `import eagerflow`), so it
  notes those facts when imported and adds the handler on first use, as TF would have.
- `absl_log(level, msg, *args)` is `absl.logging.log`, where Keras 3 and parts of TF
  (checkpoint sharding, SavedModel fingerprints) log. absl, before `app.run` installs its
  handler, calls `logging.basicConfig()` on every message while the root logger has no
  handler, so its lines read "WARNING:absl:message" and, from the first one on (INFO
  ones too, which print nothing), TF's own lines print twice: through the "tensorflow"
  handler and again through the root's. With absl installed its own `log` is called (so
  `app.run`, `set_verbosity` and absl's handler apply); without it, the same steps with
  the standard library.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
import time
from typing import Any

from eagerflow._src.core.lazy import lazy_module

logging = lazy_module("logging")

DEBUG, INFO, WARNING, ERROR = 10, 20, 30, 40


def _interactive() -> bool:
    # TF's test: sys.ps1 exists in an interactive shell, sys.flags.interactive with `python -i`
    return bool(getattr(sys, "ps1", None)) or bool(sys.flags.interactive)


def _root_has_handlers() -> bool:
    mod = sys.modules.get("logging")
    return mod is not None and bool(mod.getLogger().handlers)


def _min_cpp_level() -> int:
    try:
        return int(os.environ.get("TF_CPP_MIN_LOG_LEVEL", "0"))
    except ValueError:
        return 0


# What TF's get_logger() sees during `import tensorflow`, and the C++ log level TF's
# runtime reads then (its first C++ line prints during the import): taken when eagerflow is
# imported.
_AT_IMPORT = {"configure": not _root_has_handlers(), "interactive": _interactive(),
              "stdout": sys.stdout, "stderr": sys.stderr, "cpp_level": _min_cpp_level()}
_lock = threading.Lock()
_logger: list = []


def get_logger() -> Any:
    """tf.get_logger: the Python logger named "tensorflow", configured as TF configures it
    during its import (see the module's docstring)."""
    if _logger:
        return _logger[0]
    with _lock:
        if not _logger:
            logger = logging.getLogger("tensorflow")
            if _AT_IMPORT["configure"]:
                if _AT_IMPORT["interactive"]:
                    logger.setLevel(logging.INFO)
                    target = _AT_IMPORT["stdout"]
                else:
                    target = _AT_IMPORT["stderr"]
                handler = logging.StreamHandler(target)
                handler.setFormatter(logging.Formatter(logging.BASIC_FORMAT, None))
                logger.addHandler(handler)
            _logger.append(logger)
    return _logger[0]


if not _AT_IMPORT["configure"]:
    get_logger()  # logging is loaded already: nothing to defer


_ABSL: list = []


def _absl_module() -> Any:
    if not _ABSL:
        if importlib.util.find_spec("absl") is not None:
            import absl.logging  # optional: absl's own logger class, handler and flags
            _ABSL.append(absl.logging)
        else:
            _ABSL.append(None)
    return _ABSL[0]


def absl_log(level: int, msg: str, *args: Any) -> None:
    """absl.logging's log at the standard `level` (DEBUG, INFO, WARNING, ERROR)."""
    absl = _absl_module()
    if absl is not None:
        absl.log(absl.converter.standard_to_absl(level), msg, *args)
        return
    if not logging.getLogger().handlers:
        logging.basicConfig()
    logging.getLogger("absl").log(level, msg, *args)


def absl_warning(msg: str, *args: Any) -> None:
    absl_log(WARNING, msg, *args)


def absl_info(msg: str, *args: Any) -> None:
    absl_log(INFO, msg, *args)


# -- TF's deprecation notices ----------------------------------------------------------------

_deprecations_shown: set = set()
_strict_mode = [False]


def enable_strict_mode() -> None:
    """`tf.experimental.enable_strict_mode()`: from now on a deprecation notice about to
    be shown is logged as an error and raises RuntimeError (one already shown stays quiet,
    as in TF)."""
    _strict_mode[0] = True


def log_deprecation(msg: str, *args: Any) -> None:
    """A deprecation notice through the "tensorflow" logger: a warning, or in strict mode
    an error, then TF's RuntimeError."""
    if _strict_mode[0]:
        get_logger().error(msg, *args)
        raise RuntimeError("This behavior has been deprecated, which raises an error in "
                           "strict mode.")
    get_logger().warning(msg, *args)


def deprecated_call(name: str, module: str, instructions: str, date: str | None = None,
                    depth: int = 2) -> None:
    """TF's notice for a call of a function its `deprecation.deprecated` marks, once per
    function and process: "From FILE:LINE: NAME (from MODULE) is deprecated and will be
    removed in a future version|after DATE.\\nInstructions for updating:\\nINSTRUCTIONS",
    through the "tensorflow" logger. FILE:LINE is the caller's (`depth` frames up from the
    deprecated function's body); TF names its own dispatch wrapper there for the functions
    it dispatches."""
    if name in _deprecations_shown:
        return
    _deprecations_shown.add(name)
    frame = caller_frame(depth)
    when = "in a future version" if date is None else f"after {date}"
    log_deprecation("From %s:%d: %s (from %s) is deprecated and will be removed %s.\n"
                    "Instructions for updating:\n%s", frame.f_code.co_filename,
                    frame.f_lineno, name, module, when, instructions)



# -- TF's C++ log lines ------------------------------------------------------------------------

_SEVERITY = {"I": 0, "W": 1, "E": 2}


def cpp_log(severity: str, where: str, message: str) -> None:
    """A line as TF's C++ runtime logs it before absl's logging is initialized ("W0000
    00:00:<epoch seconds> <thread id> file.cc:line] message", on stderr), unless
    TF_CPP_MIN_LOG_LEVEL (as at import) is above its severity ("I", "W" or "E")."""
    if _SEVERITY[severity] < _AT_IMPORT["cpp_level"]:
        return
    sys.stderr.write(f"{severity}0000 00:00:{time.time():.6f} {threading.get_native_id():>7} "
                     f"{where}] {message}\n")


# -- tf.compat.v1.logging: TF 1's functions over the "tensorflow" logger -------------------------

FATAL = 50
WARN = WARNING


def log(level: int, msg: Any, *args: Any, **kwargs: Any) -> None:
    get_logger().log(level, msg, *args, **kwargs)


def debug(msg: Any, *args: Any, **kwargs: Any) -> None:
    get_logger().debug(msg, *args, **kwargs)


def info(msg: Any, *args: Any, **kwargs: Any) -> None:
    get_logger().info(msg, *args, **kwargs)


def warning(msg: Any, *args: Any, **kwargs: Any) -> None:
    get_logger().warning(msg, *args, **kwargs)


def warn(msg: Any, *args: Any, **kwargs: Any) -> None:
    get_logger().warning(msg, *args, **kwargs)


def error(msg: Any, *args: Any, **kwargs: Any) -> None:
    get_logger().error(msg, *args, **kwargs)


def fatal(msg: Any, *args: Any, **kwargs: Any) -> None:
    get_logger().fatal(msg, *args, **kwargs)


def vlog(level: int, msg: Any, *args: Any, **kwargs: Any) -> None:
    get_logger().log(level, msg, *args, **kwargs)


# code objects of the wrappers between a public function and its caller (ops'
# dispatch_binding, which words binding errors as TF's dispatcher): a notice naming the
# caller's line passes over them
PASS_THROUGH: set = set()


def caller_frame(depth: int) -> Any:
    """The frame `depth` up from this function's caller, PASS_THROUGH's wrappers passed."""
    frame = sys._getframe(depth + 1)
    while frame.f_code in PASS_THROUGH and frame.f_back is not None:
        frame = frame.f_back
    return frame


def log_if(level: int, msg: Any, condition: Any, *args: Any) -> None:
    if condition:
        vlog(level, msg, *args)


_log_counts: dict = {}
_log_counts_lock = threading.Lock()


def _call_site(depth: int) -> tuple:
    """TF's token for a log_first_n/log_every_n call: the first frame, going out from the
    caller's, in another file than the caller's ("<unknown>", 0 when there is none, as for
    a program in one file: its calls then share one count, as in TF)."""
    frame = sys._getframe(depth)
    own = frame.f_code.co_filename
    frame = frame.f_back
    while frame is not None:
        if frame.f_code.co_filename != own:
            return frame.f_code.co_filename, frame.f_lineno
        frame = frame.f_back
    return "<unknown>", 0


def _next_count(token: tuple) -> int:
    with _log_counts_lock:
        count = _log_counts.get(token, 0)
        _log_counts[token] = count + 1
    return count


def log_every_n(level: int, msg: Any, n: int, *args: Any) -> None:
    """Logs on the 1st, (n+1)th, (2n+1)th... call counted for its call site (see _call_site)."""
    log_if(level, msg, not _next_count(_call_site(2)) % n, *args)


def log_first_n(level: int, msg: Any, n: int, *args: Any) -> None:
    """Logs on the first `n` calls counted for its call site (see _call_site)."""
    log_if(level, msg, _next_count(_call_site(2)) < n, *args)


def get_verbosity() -> int:
    return get_logger().getEffectiveLevel()


def set_verbosity(v: Any) -> None:
    get_logger().setLevel(v)


def flush() -> None:
    """TF 2.21's own: not implemented there either."""
    raise NotImplementedError()


def TaskLevelStatusMessage(msg: Any) -> None:  # noqa: N802 - TF's name
    error(msg)
