"""Records function_devices_program.py run by TensorFlow 2.21 into
golden/function_devices.json.

Run: $EAGERFLOW_TF_PYTHON tests/function/record_function_devices_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import program_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(python: str, impl: str) -> dict:
    return program_json(python, os.path.join(HERE, "function_devices_program.py"), impl,
                        cwd="/")[0]


if __name__ == "__main__":
    write_json(os.path.join(HERE, "golden", "function_devices.json"),
               run(sys.executable, "tf"), indent=1, sort_keys=True)
