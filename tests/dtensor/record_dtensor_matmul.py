"""Records what TF 2.21's tf.experimental.dtensor gives for dtensor_matmul_cases.py's
layout pairs: `/work/main/.venv-peers/bin/python tests/dtensor/record_dtensor_matmul.py`
writes dtensor_matmul_golden.json, which test_dtensor_matmul.py compares eagerflow with."""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import dtensor_matmul_cases
    import tensorflow as tf

    write_json(os.path.join(HERE, "dtensor_matmul_golden.json"),
               dtensor_matmul_cases.run(tf), "\n", indent=1, sort_keys=True)
