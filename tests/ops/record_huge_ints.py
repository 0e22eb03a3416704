"""Writes huge_ints_golden.json: TF 2.21's outcome of each case of huge_int_cases.py, for
test_huge_ints.py.

    /work/tfref/bin/python tests/ops/record_huge_ints.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[0] = os.path.join(HERE, "..", "..")

from tests.golden_io import write_json  # noqa: E402
from tests.ops.huge_int_cases import CASES, outcome, scope  # noqa: E402


def main() -> None:
    import tensorflow as tf

    env = scope(tf)
    cases = {case: outcome(env, *case.split(" ")) for case in CASES}
    write_json(os.path.join(HERE, "huge_ints_golden.json"),
               {"tf_version": tf.__version__, "cases": cases}, indent=1, end="\n")


if __name__ == "__main__":
    main()
