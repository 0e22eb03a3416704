"""Records queue_raw_programs.py run by TensorFlow 2.21 into queue_raw_golden.json.

Run: $EAGERFLOW_TF_PYTHON tests/ops/record_queue_raw_golden.py
"""

from __future__ import annotations

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import program_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(python: str, impl: str) -> dict:
    """The program's results under `impl` ("tf" or "eagerflow")."""
    with tempfile.TemporaryDirectory() as tmp:
        results, _ = program_json(python, os.path.join(HERE, "queue_raw_programs.py"), impl,
                                  tmp, cwd=ROOT)
    return results


if __name__ == "__main__":
    write_json(os.path.join(HERE, "queue_raw_golden.json"), run(sys.executable, "tf"),
               indent=1, sort_keys=True)
