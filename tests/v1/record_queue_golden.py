"""Records queue_programs.py run by TensorFlow 2.21 (its JSON line and the deprecation
notices it logged) into golden/v1_queues.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_queue_golden.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def _notices(stderr: str) -> list:
    """The deprecation notices logged for the program's own calls (a notice TF logs for
    its own internal calls names its own file, and is left out)."""
    out, keep = [], False
    for ln in stderr.splitlines():
        if ln.startswith(("WARNING:", "I0000", "W0000", "E0000")):
            keep = "queue_programs.py:" in ln and "is deprecated" in ln
            ln = re.sub(r"From .*queue_programs.py:\d+", "From FILE", ln)
        if keep:
            out.append(ln)
    return out


def run(python: str, impl: str) -> dict:
    """The program's results and notices under `impl` ("tf" or "eagerflow")."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([python, os.path.join(HERE, "queue_programs.py"), impl, tmp],
                              capture_output=True, text=True, timeout=300, cwd=ROOT)
    if proc.returncode:
        raise RuntimeError(proc.stderr[-3000:])
    return {"results": json.loads(proc.stdout.strip().splitlines()[-1]),
            "notices": _notices(proc.stderr)}


if __name__ == "__main__":
    write_json(os.path.join(HERE, "golden", "v1_queues.json"), run(sys.executable, "tf"),
               indent=1, sort_keys=True)
