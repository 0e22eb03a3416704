"""tf.data.experimental's deprecated functions as TF 2.21 runs them:
experimental_deprecations_program.py run under eagerflow prints what TF printed
(experimental_deprecations_golden.txt, by record_experimental_deprecations.py): each
function's elements and TF's deprecation notice, once per function, naming the caller's
line."""

import os
import subprocess
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.v1.record_deprecations import clean

HERE = Path(__file__).parent


def test_experimental_deprecations_as_tf():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "experimental_deprecations_program.py"),
                          "ef"], capture_output=True, text=True, env=env, check=True,
                         timeout=120)
    assert clean(out.stderr) == (HERE / "experimental_deprecations_golden.txt").read_text()
