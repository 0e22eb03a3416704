"""Records initializers_v1_program.py run by TensorFlow 2.21 (its JSON line and the
deprecation notices it logged) into golden/v1_initializers_more.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_initializers_v1_golden.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(python: str, impl: str) -> dict:
    proc = subprocess.run([python, os.path.join(HERE, "initializers_v1_program.py"), impl],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    if proc.returncode:
        raise RuntimeError(proc.stderr[-3000:])
    notices, keep = [], False
    for ln in proc.stderr.splitlines():
        if ln.startswith(("WARNING:", "I0000", "W0000", "E0000")):
            keep = "initializers_v1_program.py:" in ln and "is deprecated" in ln
            ln = re.sub(r"From .*initializers_v1_program.py:\d+", "From FILE", ln)
        if keep:
            notices.append(ln)
    return {"results": json.loads(proc.stdout.strip().splitlines()[-1]), "notices": notices}


if __name__ == "__main__":
    write_json(os.path.join(HERE, "golden", "v1_initializers_more.json"),
               run(sys.executable, "tf"), indent=1, sort_keys=True)
