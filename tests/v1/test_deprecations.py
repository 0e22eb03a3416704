"""TF 2.21's deprecated `tf.compat.v1` functions (v1/deprecated.py and v1/variables.py):
deprecation_program.py run under eagerflow prints to stderr what TF printed
(golden/deprecations.txt, by record_deprecations.py): each function's result or error and
its deprecation notice in TF's words, once per function, through the "tensorflow"
logger (so `setLevel` silences it); the notice names the caller's line, where TF names
its dispatch wrapper for some (both reduced to "<caller>")."""

import os
import subprocess
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.v1.record_deprecations import clean

HERE = Path(__file__).parent


def test_deprecated_functions_as_tf():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "deprecation_program.py"), "ef"],
                         capture_output=True, text=True, env=env, check=True, timeout=120)
    assert clean(out.stderr) == (HERE / "golden" / "deprecations.txt").read_text()


def test_notice_names_the_callers_line():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    code = ("import eagerflow as tf\n"
            "tf.compat.v1.to_float(tf.constant(1))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True, timeout=60)
    assert out.stderr.startswith("WARNING:tensorflow:From <string>:2: to_float (from "
                                 "tensorflow.python.ops.math_ops) is deprecated")
