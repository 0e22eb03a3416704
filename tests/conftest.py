import importlib
import os
import sys

import pytest
from hypothesis import settings

# Ops registered by higher layers (tf.distribute's collectives, tf.summary's write) are in
# the registry whatever test module ran or was collected first: the registry suites list
# every op when they are collected.
import eagerflow._src.distribute.collective_ops  # noqa: F401, E402
import eagerflow._src.summary.summary_ops  # noqa: F401, E402

settings.register_profile("ci", max_examples=30, deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Under pytest-xdist (`make test` runs `pytest -n`) the fuzz suites count their calls in the
# workers; each worker sends its counts (tests/fuzz/conftest.py) and the controller, which
# loads tests/fuzz/conftest.py only when tests/fuzz is named on the command line, adds them
# up here so that the campaign's summary line is printed as in a serial run.
_FUZZ_MERGED = pytest.StashKey[bool]()


def _fuzz_stats():
    """The fuzz counts of this process (tests/fuzz/conftest.py's, when it is loaded)."""
    lib = sys.modules.get("fuzzlib") or importlib.import_module("tests.fuzz.fuzzlib")
    return lib.STATS


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    stats = getattr(node, "workeroutput", {}).get("eagerflow_fuzz_stats")
    if stats and stats["calls"]:
        _fuzz_stats().merge(stats)
        node.config.stash[_FUZZ_MERGED] = True


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    # tests/fuzz/conftest.py prints the counts itself when the controller loaded it
    if config.stash.get(_FUZZ_MERGED, False) and "fuzzlib" not in sys.modules:
        terminalreporter.write_line(_fuzz_stats().summary())
