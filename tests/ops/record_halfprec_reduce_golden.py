"""Records halfprec_reduce_golden.json with real TensorFlow 2.21: each case of
halfprec_reduce_cases.py for float16 and bfloat16 (TF's CPU kernels).

Run: $EAGERFLOW_TF_PYTHON tests/ops/record_halfprec_reduce_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.halfprec_reduce_cases import DTYPES, case_names, run_case  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> None:
    out = {"tf_version": tf.__version__,
           "cases": {f"{d} {n}": run_case(tf, n, d) for d in DTYPES for n in case_names()}}
    write_json(os.path.join(HERE, "halfprec_reduce_golden.json"), out)


if __name__ == "__main__":
    main()
