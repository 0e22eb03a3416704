"""Writes float_promotion_golden.json: TF 2.21's outcome of each float_promotion_cases.py
case, for test_float_promotion.py (without numpy behavior first: enabling it is for
good in a process).

    $EAGERFLOW_TF_PYTHON tests/numpy_ops/record_float_promotion.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.numpy_ops.float_promotion_cases import keys, run  # noqa: E402


def main() -> None:
    import numpy as np
    import tensorflow as tf
    import tensorflow.experimental.numpy as tnp

    tf.autograph.set_verbosity(0)
    out = {f"{c} | {t} | {b}": run(tf, tnp, np, c, t, b)
           for c, t, b in sorted(keys(), key=lambda k: k[2])}
    write_json(os.path.join(HERE, "float_promotion_golden.json"),
               {"tf_version": tf.__version__, "results": out}, indent=0, end="\n")


if __name__ == "__main__":
    main()
