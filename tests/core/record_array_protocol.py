"""Writes array_protocol_golden.json from TensorFlow 2.21 (array_protocol_cases.py).
Run from the repository root with TensorFlow's interpreter, pandas on its path (its
"pandas" cases are left out without it; a pandas built for the same Python will do):

    PYTHONPATH=<a folder holding pandas> TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 \
        .venv-peers/bin/python tests/core/record_array_protocol.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import tensorflow as tf  # noqa: E402

from tests.core.array_protocol_cases import pandas, run  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    if pandas is None:
        sys.exit("pandas is not importable: its cases would be left out of the golden file")
    write_json(HERE / "array_protocol_golden.json", run(tf), end="\n", indent=1)
