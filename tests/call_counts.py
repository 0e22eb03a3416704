"""How many times a piece of code calls a given function: the tests that pin a cut of
per-call work (a check made once, a value read once) count calls, never time."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import CodeType


def calls_of(code: CodeType, fn: Callable[[], object]) -> int:
    """How many times `fn()` calls the function whose code object is `code`."""
    n = [0]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is code:
            n[0] += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return n[0]
