"""Writes conv_arg_order_golden.json: TF 2.21's outcome of each conv_arg_order_cases.py
call, eagerly and traced, for test_conv_arg_order.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_conv_arg_order.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"  # (TF's own kernels, not oneDNN's)
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.conv_arg_order_cases import keys, run  # noqa: E402


def main() -> None:
    import numpy as np
    import tensorflow as tf

    tf.autograph.set_verbosity(0)
    out = {f"{c} | {t}": run(tf, np, c, t) for c, t in keys()}
    write_json(os.path.join(HERE, "conv_arg_order_golden.json"),
               {"tf_version": tf.__version__, "results": out}, indent=0, end="\n")


if __name__ == "__main__":
    main()
