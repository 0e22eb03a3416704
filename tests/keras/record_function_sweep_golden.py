"""Writes function_sweep_golden.json: TF 2.21 + Keras 3.15's outcome of each case of
function_sweep_cases.py, for test_function_sweep.py. (oneDNN stays on, TF's default: its
half-precision softmax is the one eagerflow computes.)

    .venv-peers/bin/python -m tests.keras.record_function_sweep_golden

(as a module: tests/keras holds a `warnings` package that a script there would import
instead of the standard one)
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.keras.function_sweep_cases import cases, outcome  # noqa: E402
from tests.sweeps import write_outcomes  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")
    write_outcomes(os.path.join(HERE, "function_sweep_golden.json"), tf.__version__,
                   cases(tf.keras), lambda c: outcome(tf, *c))


if __name__ == "__main__":
    main()
