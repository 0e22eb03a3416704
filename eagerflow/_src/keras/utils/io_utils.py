"""Where Keras's messages go: stdout while interactive logging is on (the default), else
absl's logger at INFO level, as Keras 3 sends them to absl.logging (core/tf_logging.py:
absl's own when installed, with its side effect on the root logger).

Sits at the bottom of keras (plain Python): the progress bar, summaries and the
callbacks' messages print through `print_msg`; saving asks before it overwrites a file
with `ask_to_proceed_with_overwrite`.
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


def ask_to_proceed_with_overwrite(filepath: str) -> bool:
    """Whether to overwrite `filepath`, asked on stdin as Keras 3 asks when a save is told
    `overwrite=False` and the file exists: "y" or "n", asked again until one is given.
    Without an answer (stdin closed or empty) `input` raises its EOFError, as under Keras."""
    answer = input(f"[WARNING] {filepath} already exists - overwrite? [y/n]").strip().lower()
    while answer not in ("y", "n"):
        answer = input('Enter "y" (overwrite) or "n" (cancel).').strip().lower()
    if answer == "n":
        return False
    print_msg("[TIP] Next time specify overwrite=True!")
    return True
