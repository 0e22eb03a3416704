"""The channels TF 2.21 and Keras 3 log through, as they behave: logging_program.py run
under eagerflow prints to stderr what TF printed (logging_golden.txt, by
record_logging.py): "WARNING:tensorflow:" lines from the handler TF's import sets up,
Keras's "WARNING:absl:" lines, TF's lines twice once absl configured the root logger (a
checkpoint's silent INFO line does), `setLevel` and `logging.disable` on each. It does so
with absl-py installed (its own logger is used) and without it (the standard library's
steps, core/tf_logging.py)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.child_env import pythonpath
from tests.probe.record_retracing import clean

HERE = Path(__file__).parent

# runs the program with absl-py made unimportable
WITHOUT_ABSL = """
import runpy, sys
sys.modules["absl"] = None
sys.argv = [sys.argv[1], "ef"]
runpy.run_path(sys.argv[0], run_name="__main__")
assert sys.modules["absl"] is None and "absl.logging" not in sys.modules
"""


@pytest.mark.parametrize("absl", ["installed", "absent"])
def test_logs_through_tfs_channels(absl):
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    program = str(HERE / "logging_program.py")
    argv = [program, "ef"] if absl == "installed" else ["-c", WITHOUT_ABSL, program]
    out = subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env,
                         check=True, timeout=120)
    assert clean(out.stderr) == (HERE / "logging_golden.txt").read_text()


def test_v1_logging_as_tf():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "v1_logging_program.py"), "ef"],
                         capture_output=True, text=True, env=env, check=True, timeout=120)
    assert clean(out.stderr) == (HERE / "v1_logging_golden.txt").read_text()
