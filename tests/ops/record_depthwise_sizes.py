"""Writes depthwise_sizes_golden.json: TF 2.21's outcome of each case of
depthwise_sizes_cases.py, for test_depthwise_sizes.py (oneDNN off: its kernels abort the
process on sizes of a wrong length).

    /work/tfref/bin/python tests/ops/record_depthwise_sizes.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[0] = os.path.join(HERE, "..", "..")

from tests.golden_io import write_json  # noqa: E402
from tests.ops.depthwise_sizes_cases import CASES, outcome  # noqa: E402


def main() -> None:
    import tensorflow as tf

    cases = {case: outcome(tf, case) for case in CASES}
    write_json(os.path.join(HERE, "depthwise_sizes_golden.json"),
               {"tf_version": tf.__version__, "cases": cases}, indent=1, end="\n")


if __name__ == "__main__":
    main()
