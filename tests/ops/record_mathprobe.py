"""Writes mathprobe_golden.json from TensorFlow 2.21 (mathprobe_cases.py), with oneDNN off
(TF's Eigen kernels, whose bits eagerflow gives). Run from the repository root with
TensorFlow's interpreter:

    .venv-peers/bin/python tests/ops/record_mathprobe.py
"""

import os
import sys
from pathlib import Path

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.mathprobe_cases import run  # noqa: E402

if __name__ == "__main__":
    write_json(HERE / "mathprobe_golden.json", {"tf_version": tf.__version__, "cases": run(tf)},
               end="\n")
