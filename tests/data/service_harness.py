"""What the tf.data service's case programs share (service_cases.py and
distributed_save_cases.py, run by TF 2.21's recorders and by eagerflow's tests): the
servers they started, each case's outcome as a string, and whether this sandbox has
localhost ports for the servers at all."""

from __future__ import annotations

import socket
from typing import Any, Callable

# every server the cases started (stop_all stops them)
STARTED: list = []


def stop_all() -> None:
    for d, ws in STARTED:
        for w in ws:
            w.stop()
        d.stop()
    STARTED.clear()


def outcome(f: Callable) -> str:
    try:
        return f"ok {f()!r}"
    except Exception as e:  # the error is the outcome
        return f"{type(e).__name__}: {e}"


def all_outcomes(tf: Any, namespace: dict, errors: Callable[[Any], dict],
                 normalize: Callable[[str], str]) -> dict:
    """The outcome of every `case_*` function of `namespace`, then of each of the error
    programs `errors(tf)` names (made after the cases ran, as the recorders made them)."""
    cases = {name[5:]: fn for name, fn in sorted(namespace.items())
             if name.startswith("case_")}
    out = {name: normalize(outcome(lambda fn=fn: fn(tf))) for name, fn in cases.items()}
    out.update({f"error: {name}": normalize(outcome(fn)) for name, fn in errors(tf).items()})
    return out


def loopback() -> bool:
    """Whether localhost ports can be bound (a sandbox without a loopback interface has
    none, and the servers cannot start)."""
    try:
        with socket.socket() as sock:
            sock.bind(("localhost", 0))
    except OSError:
        return False
    return True


def recorded_outcome_tests(golden: dict, ours: Callable[[], dict]) -> tuple:
    """A test module's checks of TF's recorded outcomes (`golden`) against eagerflow's
    (`ours()`, run once, by the first test that asks): (a module fixture stopping every
    server when the module ends, since later modules count open files; the test that
    each case's outcome is TF's; the test that every case is recorded). pytest is
    imported here only: TF's recorders import this module without it."""
    import gc

    import pytest

    got: dict = {}

    def _ours() -> dict:
        if not got:
            got.update(ours())
        return got

    @pytest.fixture(scope="module", autouse=True)
    def servers_stopped():
        yield
        stop_all()
        gc.collect()

    @pytest.mark.parametrize("case", sorted(golden))
    def test_outcome_is_tfs(case):
        assert _ours()[case] == golden[case]

    def test_every_case_is_recorded():
        assert sorted(_ours()) == sorted(golden)

    return servers_stopped, test_outcome_is_tfs, test_every_case_is_recorded
