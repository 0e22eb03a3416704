"""Writes tests/ops/record_input_golden.json: what TF 2.21's RecordInput gives for
record_input_cases.CASES.

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/ops/record_record_input_golden.py
"""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.record_input_cases import CASES, run, write_files  # noqa: E402


def main() -> None:
    out = {}
    for name in CASES:
        folder = tempfile.mkdtemp()
        write_files(tf, folder)
        out[name] = run(tf, name, folder)
    write_json(ROOT / "tests" / "ops" / "record_input_golden.json", out, "\n", indent=1)
    print(f"{len(out)} cases")


if __name__ == "__main__":
    main()
