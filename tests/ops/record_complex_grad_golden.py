"""Writes complex_grad_golden.json: TF 2.21's values of each case of complex_grad_cases.py
(forward results and gradients of complex inputs), for test_complex_grads.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_complex_grad_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import encode_array, write_json  # noqa: E402
from tests.ops.complex_grad_cases import CASES  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")  # (tf.math.real's cast warnings)
    cases = {name: [None if v is None else encode_array(v.numpy()) for v in case(tf)]
             for name, case in CASES.items()}
    write_json(os.path.join(HERE, "complex_grad_golden.json"),
               {"tf_version": tf.__version__, "cases": cases}, indent=1, end="\n")
    print(f"{len(cases)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
