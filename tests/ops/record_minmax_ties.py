"""Writes minmax_ties_golden.json: TF 2.21's tf.maximum / tf.minimum of each
minmax_ties_cases.py case, for test_minmax_ties.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_minmax_ties.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.minmax_ties_cases import as_array, cases, result_words  # noqa: E402


def main() -> None:
    import numpy as np
    import tensorflow as tf

    out = []
    for d, op, x, y in cases():
        dtype = getattr(tf, d)
        a, b = (tf.cast(tf.constant(as_array(v, np)), dtype) for v in (x, y))
        out.append(result_words(tf.cast(getattr(tf, op)(a, b), tf.float64).numpy(), np))
    write_json(os.path.join(HERE, "minmax_ties_golden.json"),
               {"tf_version": tf.__version__, "results": out}, indent=0, end="\n")


if __name__ == "__main__":
    main()
