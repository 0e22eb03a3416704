"""tf.print / tf.strings.format edge cases against TF 2.21: print_edges_program.py run
under eagerflow writes, byte for byte, what it wrote under TF (print_edges_golden.json,
by record_print_edges.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.child_env import pythonpath

HERE = Path(__file__).parent


def test_prints_as_tf_does():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "print_edges_program.py"), "ef"],
                         capture_output=True, env=env, check=True, timeout=120)
    golden = json.loads((HERE / "print_edges_golden.json").read_text())["stdout"]
    assert out.stdout.decode("latin-1") == golden
