"""Keras 3's warnings as TF 2.21 prints them: warnings_program.py run under eagerflow
prints to stderr what TF printed (warnings_golden.txt, by record_warnings.py): the input
structure warning (and its ValueError where Keras cannot tell the order) for every way a
functional model or Sequential is given other structures than its inputs', the `build()`
warning for layers and models with unbuilt sublayers, the `input_shape` warnings, missing
gradients, shuffle and running out of data; each at Keras's line, as often as Keras's."""

import os
import subprocess
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.keras.keras_warnings.record_warnings import clean

HERE = Path(__file__).parent


def test_warns_as_keras_does():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "warnings_program.py"), "ef"],
                         capture_output=True, text=True, env=env, check=True, timeout=120)
    assert clean(out.stderr) == (HERE / "warnings_golden.txt").read_text()
