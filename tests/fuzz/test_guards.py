"""The fuzz guards themselves (fuzzlib.guarded): whatever a call does and whenever its timer
rings, the call leaves no timer, signal handler, address-space limit or allocation cap
behind it, a hang is reported, and a thread the call leaves running is recorded."""

from __future__ import annotations

import resource
import signal
import threading
import time

import fuzzlib
import pytest
from fuzzlib import FuzzFailure, guarded

from eagerflow._src.backend import numpy as cpu_backend


@pytest.fixture(autouse=True)
def _own_stats(monkeypatch):
    # these calls' deliberate hangs stay out of the campaign's counts
    monkeypatch.setattr(fuzzlib, "STATS", fuzzlib.Stats())


def _state() -> tuple:
    return (resource.getrlimit(resource.RLIMIT_AS), signal.getsignal(signal.SIGALRM),
            signal.getitimer(signal.ITIMER_REAL), list(cpu_backend.MEM_LIMIT))


@pytest.mark.parametrize("seconds", [1e-6, 1e-5, 3e-5, 1e-4])
def test_a_timer_ringing_as_the_call_ends_leaves_nothing_behind(monkeypatch, seconds):
    # a timer of microseconds rings anywhere: in the call, or in the guard's __enter__ or
    # __exit__ before it stops the timer (then, before the fix, about half of these calls
    # left the alarm's handler, the lowered RLIMIT_AS and the 256 MiB cap to later tests)
    monkeypatch.setattr(fuzzlib, "CALL_SECONDS", seconds)
    before = _state()
    for _ in range(300):
        try:
            guarded("sum", ("sum",), sum, range(20))
        except FuzzFailure as f:  # rang inside the call: a hang, as it should be
            assert f.category == "hang"
        assert _state() == before


def test_a_hang_is_reported_and_the_guards_removed(monkeypatch):
    monkeypatch.setattr(fuzzlib, "CALL_SECONDS", 0.05)
    before = _state()
    with pytest.raises(FuzzFailure, match=r"\[hang\] sleep: ran past 0.05s"):
        guarded("sleep", ("sleep",), time.sleep, 2)
    assert _state() == before


def test_a_thread_left_running_is_recorded():
    done = threading.Event()

    def start() -> None:
        threading.Thread(target=done.wait, name="fuzz-guard-probe", daemon=True).start()

    try:
        assert guarded("start", ("start",), start) == ("ok", None)
        assert list(fuzzlib.STATS.threads) == ["fuzz-guard-probe (Thread, daemon=True)"]
        assert fuzzlib.STATS.threads["fuzz-guard-probe (Thread, daemon=True)"][0] == "start"
    finally:
        done.set()
