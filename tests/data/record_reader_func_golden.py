"""Writes reader_func_golden.json: TF 2.21's outcomes of reader_func_cases.py (load's and
snapshot's reader_func traced once, instantiated per iterator).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/data/record_reader_func_golden.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.data.reader_func_cases import outcomes  # noqa: E402
from tests.tf_reference import record_outcomes  # noqa: E402

if __name__ == "__main__":
    record_outcomes(__file__, Path(__file__).with_name("reader_func_golden.json"), outcomes)
