"""AutoGraph's warning when it runs a function as it is, as TF 2.21 prints it:
unconverted_program.py run under eagerflow prints to stderr what TF printed
(unconverted_golden.txt, by record_unconverted.py): TF's refusal of lambdas alike on one
line (the matching definitions listed) and of functions holding generators, the warning's
three parts, and no warning for exec'd code or `do_not_convert`."""

import os
import subprocess
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.probe.record_retracing import clean

HERE = Path(__file__).parent


def test_warns_where_tfs_autograph_does():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "unconverted_program.py"), "ef"],
                         capture_output=True, text=True, env=env, check=True, timeout=120)
    assert clean(out.stderr) == (HERE / "unconverted_golden.txt").read_text()
