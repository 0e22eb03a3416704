"""Where Keras's messages go: stdout while interactive logging is on (the default), else
absl's logger at INFO level, as Keras 3 sends them to absl.logging (core/tf_logging.py:
absl's own when installed, with its side effect on the root logger).

Sits at the bottom of keras (plain Python): the progress bar, summaries and the
callbacks' messages print through `print_msg`.
"""

from __future__ import annotations

import sys

from eagerflow._src.core import tf_logging

_INTERACTIVE = [True]


def enable_interactive_logging() -> None:
    """Keras's logs (progress bars, summaries, callback messages) go to stdout."""
    _INTERACTIVE[0] = True


def disable_interactive_logging() -> None:
    """Keras's logs go to the `absl` logger (INFO) instead of stdout."""
    _INTERACTIVE[0] = False


def is_interactive_logging_enabled() -> bool:
    return _INTERACTIVE[0]


def print_msg(message: str, line_break: bool = True) -> None:
    """Writes `message` to stdout (with a line break unless told not to), or logs it."""
    if _INTERACTIVE[0]:
        sys.stdout.write(message + "\n" if line_break else message)
        sys.stdout.flush()
    else:
        tf_logging.absl_info(message)
