import faulthandler
import gc
import importlib
import os
import sys
import tempfile
import threading

import pytest
from hypothesis import settings

# Ops registered by higher layers (tf.data's dataset and iterator ops, tf.distribute's
# collectives, tf.summary's ops, TF 1's summaries and media summaries included) are in the
# registry whatever test module ran or was collected first: the registry suites list every
# op when they are collected.
import eagerflow._src.control_flow.py_function  # noqa: F401, E402
import eagerflow._src.data.iterator_ops  # noqa: F401, E402
import eagerflow._src.data.optional_ops  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_access  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_batching  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_compression  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_extra  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_functions  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_inspect  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_lmdb  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_misc  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_optimizer  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_options  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_parsing  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_random_access  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_readers  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_reductions  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_saving  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_service  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_snapshot  # noqa: F401, E402
import eagerflow._src.data.raw_dataset_sources  # noqa: F401, E402
import eagerflow._src.data.raw_multi_device_iterator  # noqa: F401, E402
import eagerflow._src.distribute.collective_ops  # noqa: F401, E402
import eagerflow._src.distribute.tf_collective_ops  # noqa: F401, E402
import eagerflow._src.saved_model.dataset_graph_ops  # noqa: F401, E402
import eagerflow._src.summary.media_ops  # noqa: F401, E402
import eagerflow._src.summary.summary_ops  # noqa: F401, E402
import eagerflow._src.summary.v1_ops  # noqa: F401, E402
import eagerflow._src.summary.writer_ops  # noqa: F401, E402
from eagerflow._src.core import runtime_options  # noqa: E402
from tests import global_state  # noqa: E402
from tests.gpu_target import ON_GPU  # noqa: E402

# The tests compare float32 results at float32's tolerances, so TensorFloat-32 (on by
# default, as in TF, where a GPU has it) is off for them, as TF's tests that compare
# numbers turn it off (test_util.run_without_tensor_float_32); the tests of TF32 itself
# turn it on. (Before the first snapshot: every test starts with it off.) The programs a
# test starts in a process of their own (a TF 1 script, a worker) get NVIDIA_TF32_OVERRIDE=0,
# with which NVIDIA's libraries, and the stand-in's model of them, never use TF32; not
# where the tests target a real GPU in this process (EAGERFLOW_REGISTRY_ON=gpu), whose
# cuBLAS would read it too, and the tests of TF32 there would see none.
runtime_options.enable_tensor_float_32_execution(False)
if not ON_GPU:
    os.environ["NVIDIA_TF32_OVERRIDE"] = "0"

# CI draws the same examples every run (a landing is never refused by a draw no run before
# made); other runs draw afresh, which is how hypothesis finds new failures
settings.register_profile("ci", max_examples=30, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def _no_local_constants() -> None:
    """Hypothesis (6.13x on) also draws constants parsed from every loaded module of the
    code under test: which those are depends on the tests a worker ran before (eagerflow
    loads modules on first use), so "the same examples every run" would not hold, and each
    process parses eagerflow's ~1000 modules (~5 s without the .hypothesis cache a fresh
    checkout lacks). CI draws with Hypothesis's own constants only; other runs keep them."""
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:  # another Hypothesis: nothing to turn off
        return
    if hasattr(providers, "_get_local_constants") and hasattr(providers, "_local_constants"):
        providers._get_local_constants = lambda: providers._local_constants  # (stays empty)


if os.environ.get("CI"):
    _no_local_constants()


# EAGERFLOW_REPORT_LEAKS=FILE: each test that changed the global state is listed in FILE
# (with what it changed) before the state is put back, to find tests that leak.
_LEAK_REPORT = os.environ.get("EAGERFLOW_REPORT_LEAKS")


def pytest_collection_finish(session):
    # (test files draw while collected: the first test's fixtures start from the seed too)
    global_state.reset_random()
    _INITIAL_STATE.append(global_state.snapshot())
    _freeze_survivors()


# The process-wide state as collection left it: each test file starts from it, so what an
# earlier file's module-scoped fixture set (a global seed: the per-test snapshot is taken
# after it) never reaches a later file, whichever files a worker ran before.
_INITIAL_STATE: list = []


def _freeze_survivors():
    """Collects the garbage, then moves every object still alive (the collected tests and
    their parameters, the imported modules, the caches earlier test files filled) where
    the garbage collector no longer scans it. A full collection -- a test's gc.collect(),
    or one the interpreter starts -- then costs what the current test file made, not the
    whole worker's heap (CI measured seconds a call late in a worker's run)."""
    gc.collect()
    gc.freeze()


def pytest_collectreport(report):
    # (while collecting: what each file's collection left alive stays alive to the end)
    gc.collect(1)
    gc.freeze()


_last_module = [None]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failure's report as text with any surrogate escape written out: an error message
    may hold a file name's raw bytes (TF's messages do), which xdist cannot send to its
    controller as UTF-8, and the whole run would stop there instead of reporting it."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and report.longrepr is not None:
        text = str(report.longrepr)
        if any("\udc80" <= ch <= "\udcff" for ch in text):
            report.longrepr = text.encode("utf-8", "backslashreplace").decode("utf-8")


def pytest_runtest_setup(item):
    # (at each test file's first test: the files before it have torn their fixtures down)
    module = getattr(item, "module", None)
    if module is not _last_module[0]:
        _last_module[0] = module
        if _INITIAL_STATE:
            global_state.restore(_INITIAL_STATE[0])
        _freeze_survivors()


@pytest.fixture
def cpu_kernels():
    """For suites that check TF's CPU kernels bit for bit (`pytestmark =
    pytest.mark.usefixtures("cpu_kernels")`): their ops run on the CPU where a GPU is the
    default device too (the strict stand-in of `make test-gpu`, or a real one), as TF's
    would inside `tf.device("/CPU:0")`; a GPU's kernels round in their own order."""
    import eagerflow as tf

    with tf.device("/CPU:0"):
        yield


@pytest.fixture(autouse=True)
def _restore_global_state(request):
    """Puts back the process-wide state (the tf.random seed and streams, Keras's policy
    and config, tf.config switches, op callbacks: tests/global_state.py) as it was before
    the test, so that no test's result depends on the tests its worker ran before it; every
    test starts with Python's and NumPy's global generators seeded with the same seed."""
    saved = global_state.snapshot()
    threads = threading.active_count() if _LEAK_REPORT else 0
    global_state.reset_random()
    yield
    if _LEAK_REPORT:
        parts = global_state.changed(saved, threads)
        if parts:
            with open(_LEAK_REPORT, "a") as f:
                f.write(f"{request.node.nodeid}\t{', '.join(parts)}\n")
    global_state.restore(saved)


# A pytest-xdist worker that dies of a signal (a segfault, an abort) is reported only as
# "node down: Not properly terminated", and the Python stacks faulthandler writes on its
# stderr can be cut from a long CI log. So each worker also writes them to a file of its
# own, and the controller prints that file in the summary when the worker went down. An
# empty file means a signal no handler sees (SIGKILL: the kernel's out-of-memory killer).
_FAULT_FILE = pytest.StashKey[object]()
_DEAD_WORKERS: list = []


def _fault_path(testrunuid: str, worker: str) -> str:
    return os.path.join(tempfile.gettempdir(), f"eagerflow-faults-{testrunuid}-{worker}.txt")


@pytest.hookimpl(trylast=True)  # (after pytest's own faulthandler plugin points it at stderr)
def pytest_configure(config):
    worker = getattr(config, "workerinput", None)
    if worker is not None:
        f = open(_fault_path(worker["testrunuid"], worker["workerid"]), "w")  # noqa: SIM115
        config.stash[_FAULT_FILE] = f
        faulthandler.enable(file=f, all_threads=True)


def pytest_unconfigure(config):
    f = config.stash.get(_FAULT_FILE, None)
    if f is not None:  # (a worker that ends normally leaves no file)
        faulthandler.disable()
        f.close()
        os.remove(f.name)


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
    if error:
        path = _fault_path(node.workerinput["testrunuid"], node.workerinput["workerid"])
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                dump = f.read()
            os.remove(path)
        except OSError:
            dump = ""
        _DEAD_WORKERS.append((node.workerinput["workerid"], dump))
    stats = getattr(node, "workeroutput", {}).get("eagerflow_fuzz_stats")
    if stats and stats["calls"]:
        _fuzz_stats().merge(stats)
        node.config.stash[_FUZZ_MERGED] = True


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    for worker, dump in _DEAD_WORKERS:
        terminalreporter.section(f"worker {worker} went down: its fault dump", sep="!")
        terminalreporter.write_line(dump.rstrip() or "(empty: killed by a signal no handler "
                                    "sees, such as SIGKILL from the out-of-memory killer)")
    # tests/fuzz/conftest.py prints the counts itself when the controller loaded it
    if config.stash.get(_FUZZ_MERGED, False) and "fuzzlib" not in sys.modules:
        terminalreporter.write_line(_fuzz_stats().summary())
