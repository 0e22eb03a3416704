"""Writes fuzz48b_golden.json from TensorFlow 2.21 (fuzz48b_cases.py). Run from the
repository root with TF's interpreter:

    /work/tfref/bin/python tests/fuzz/record_fuzz48b.py
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")  # (TF's own kernels, as eagerflow's)

import tensorflow as tf  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from fuzz48b_cases import run  # noqa: E402

if __name__ == "__main__":
    tf.constant(0)  # (steady state: TF's first op of a process takes the slow path)
    out = run(tf)
    (HERE / "fuzz48b_golden.json").write_text(json.dumps(out, indent=1) + "\n")
    print(len(out), "cases")
