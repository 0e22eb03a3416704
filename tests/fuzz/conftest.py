"""Prints the fuzz campaign's counts at the end of the session (and checks its size)."""

import os

from fuzzlib import STATS


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if STATS.calls:
        terminalreporter.write_line(STATS.summary())
    for key, (text, case) in sorted(STATS.failures.items()):
        terminalreporter.write_line(f"FAILURE {text}\n    case: {case}")
    want = int(os.environ.get("EAGERFLOW_FUZZ_MIN_CALLS", "0"))
    if want and STATS.calls < want:
        terminalreporter.write_line(f"fuzz: only {STATS.calls} calls, {want} required")
        terminalreporter._session.exitstatus = 1 if exitstatus == 0 else exitstatus
