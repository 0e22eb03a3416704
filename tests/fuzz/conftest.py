"""Prints the fuzz campaign's counts at the end of the session, and fails a campaign that
made fewer calls than EAGERFLOW_FUZZ_MIN_CALLS asks for (`make fuzz`)."""

import os

import pytest
from fuzzlib import STATS

import eagerflow as tf
from eagerflow._src.backend import numpy as T


@pytest.fixture(autouse=True)
def _sandbox_cwd(tmp_path, monkeypatch):
    # fuzzed file ops (ReadFile, WriteFile, readers) get relative names: keep them here
    monkeypatch.chdir(tmp_path)


@pytest.fixture(autouse=True)
def _regressions_on_cpu(request):
    """The regression suites (test_regressions_*.py) compare with TF 2.21's outcomes as
    their record_*.py scripts took them on a machine without a GPU: their errors name
    CPU:0, and its CPU kernels refuse dtypes TF's GPU kernels take (MaxPool of int32,
    Conv3D of float64). Where a GPU is the default device (`make test-gpu`) they run on
    CPU:0, as TF's would inside tf.device("/CPU:0"). (test_regressions_inputs.py's tests
    name their devices themselves.)"""
    name = request.module.__name__.rpartition(".")[2]
    if not name.startswith("test_regressions_") or name == "test_regressions_inputs":
        yield
        return
    with tf.device("/CPU:0"):
        yield


@pytest.fixture
def small_memory():
    """eagerflow's host allocation limit lowered to 64 MiB: bigger outputs must be refused
    (on CPU:0, whose memory that limit is; a GPU's is its own)."""
    saved = list(T.MEM_LIMIT)
    T.MEM_LIMIT[:] = [64 << 20]
    with tf.device("/cpu:0"):
        yield
    T.MEM_LIMIT[:] = saved


def _too_few() -> int:
    want = int(os.environ.get("EAGERFLOW_FUZZ_MIN_CALLS", "0"))
    return want if want and STATS.calls < want else 0


def pytest_sessionfinish(session, exitstatus):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        # an xdist worker: the controller adds every worker's counts up (tests/conftest.py)
        # and prints them, and checks EAGERFLOW_FUZZ_MIN_CALLS against the total
        workeroutput["eagerflow_fuzz_stats"] = STATS.as_dict()
        return
    if _too_few() and session.exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if STATS.calls:
        terminalreporter.write_line(STATS.summary())
    for name, (label, thread) in sorted(STATS.threads.items()):
        alive = ("in a worker" if thread is None else
                 "still alive at the end" if thread.is_alive() else "ended since")
        terminalreporter.write_line(f"THREAD left running by {label}: {name}; {alive}")
    for _key, (text, case) in sorted(STATS.failures.items()):
        terminalreporter.write_line(f"FAILURE {text}\n    case: {case}")
    if _too_few():
        terminalreporter.write_line(f"fuzz: only {STATS.calls} calls, {_too_few()} required")

