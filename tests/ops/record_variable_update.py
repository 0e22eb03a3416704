"""Writes variable_update_golden.json: TF 2.21's outcome of each variable_update_cases.py
case, for test_variable_update.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_variable_update.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.variable_update_cases import CASES, run  # noqa: E402


def main() -> None:
    import numpy as np
    import tensorflow as tf

    tf.autograph.set_verbosity(0)
    out = {f"{c} | {t}": run(tf, np, c, t) for c in CASES for t in (False, True)}
    write_json(os.path.join(HERE, "variable_update_golden.json"),
               {"tf_version": tf.__version__, "results": out}, indent=0, end="\n")


if __name__ == "__main__":
    main()
