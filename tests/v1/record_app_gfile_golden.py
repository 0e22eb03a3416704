"""Records app_gfile_program.py run by TensorFlow 2.21 (its stdout's JSON line, its exit
status and the stderr lines it logged) into golden/v1_app_gfile.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_app_gfile_golden.py
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(python: str, impl: str) -> dict:
    """The program's result under `impl` ("tf" or "eagerflow")."""
    proc = subprocess.run([python, os.path.join(HERE, "app_gfile_program.py"), impl],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    lines = [re.sub(r"From .*app_gfile_program.py:", "From FILE:", ln)
             for ln in proc.stderr.splitlines()
             if "deprecated" in ln or "keyword argument" in ln or "Instructions" in ln
             or ln.startswith("Use tf.gfile")]
    out = proc.stdout.strip().splitlines()
    return {"stdout": out[-1] if out else "", "returncode": proc.returncode, "stderr": lines}


if __name__ == "__main__":
    write_json(os.path.join(HERE, "golden", "v1_app_gfile.json"), run(sys.executable, "tf"),
               indent=1, sort_keys=True)
