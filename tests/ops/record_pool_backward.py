"""Writes pool_backward_golden.json: TF 2.21's outcome of each pool_backward_cases.py
case, each way a tape meets its tf.function, for test_pool_backward.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_pool_backward.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["CUDA_VISIBLE_DEVICES"] = ""  # (the CPU's kernels)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.pool_backward_cases import CASES, WAYS, run  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.autograph.set_verbosity(0)
    out = {f"{fn.__name__} {dtype} {way}": run(tf, fn, dtype, shape, way)
           for fn, dtype, shape in CASES for way in WAYS}
    write_json(os.path.join(HERE, "pool_backward_golden.json"),
               {"tf_version": tf.__version__, "results": out}, indent=1, end="\n")


if __name__ == "__main__":
    main()
