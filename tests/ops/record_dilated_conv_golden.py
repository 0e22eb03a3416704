"""Writes dilated_conv_golden.json: TF 2.21's outcomes (CPU) of dilated_conv_cases.py's
CASES, eagerly and in a tf.function of unknown spatial sizes (values and gradients, or the
error), and the op types of GRAPHS' traced graphs, for test_dilated_conv_golden.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_dilated_conv_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import encode_array, write_json  # noqa: E402
from tests.ops.dilated_conv_cases import CASES, GRAPHS, MODES, outcome  # noqa: E402


def main() -> None:
    import tensorflow as tf

    cases = {f"{name}/{mode}": outcome(tf, case, mode, encode_array)
             for name, case in CASES.items() for mode in MODES}
    graphs = {name: g(tf) for name, g in GRAPHS.items()}
    write_json(os.path.join(HERE, "dilated_conv_golden.json"),
               {"tf_version": tf.__version__, "cases": cases, "graphs": graphs},
               indent=1, end="\n")
    print(f"{len(cases)} cases, {len(graphs)} graphs", file=sys.stderr)


if __name__ == "__main__":
    main()
