"""Writes tensor_array_v1_golden.json: what TF 2.21 gives, step by step, for the eager
programs of tensor_array_v1_cases.py (TF 1's resource TensorArrays and stacks through
tf.raw_ops), for test_tensor_array_v1.py.

    $EAGERFLOW_TF_PYTHON tests/ops/make_tensor_array_v1_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.tensor_array_v1_cases import CASES, outcomes  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "tensor_array_v1_golden.json"),
               {"tf_version": tf.__version__,
                "cases": {k: outcomes(tf, code) for k, code in CASES.items()}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
