"""tf.function's retracing warning as TF 2.21 prints it: retracing_program.py run under
eagerflow prints to stderr what TF printed (retracing_golden.txt, by record_retracing.py):
the warning's text, its "WARNING:tensorflow:" prefix, its place after the call that
retraced, two per function at most, and tf.print's lines around it; and tf.print's output
of printing_program.py (printing_golden.txt)."""

import os
import subprocess
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.probe.record_retracing import clean

HERE = Path(__file__).parent


def test_prints_tfs_warning_where_tf_does():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "retracing_program.py"), "ef"],
                         capture_output=True, text=True, env=env, check=True, timeout=120)
    assert clean(out.stderr) == (HERE / "retracing_golden.txt").read_text()


def test_prints_values_as_tf_does():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "printing_program.py"), "ef"],
                         capture_output=True, text=True, env=env, check=True, timeout=120)
    assert clean(out.stdout) == (HERE / "printing_golden.txt").read_text()
