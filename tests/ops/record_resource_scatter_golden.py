"""Writes resource_scatter_golden.json from TensorFlow 2.21 (resource_scatter_cases.py).
Run from the repository root with TF's interpreter:

    /work/main/.venv-peers/bin/python tests/ops/record_resource_scatter_golden.py
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from resource_scatter_cases import run  # noqa: E402

if __name__ == "__main__":
    (HERE / "resource_scatter_golden.json").write_text(json.dumps(run(tf), indent=1) + "\n")
