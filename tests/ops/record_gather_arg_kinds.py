"""Writes gather_arg_kinds_golden.json: TF 2.21's outcome of each gather_arg_kinds_cases.py
case, for test_gather_arg_kinds.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_gather_arg_kinds.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.gather_arg_kinds_cases import KINDS, WAYS, run  # noqa: E402


def main() -> None:
    import numpy as np
    import tensorflow as tf

    tf.autograph.set_verbosity(0)
    out = {f"{e} {w} {t}": run(tf, np, e, w, t) for e in KINDS for w in WAYS
           for t in (False, True)}
    write_json(os.path.join(HERE, "gather_arg_kinds_golden.json"),
               {"tf_version": tf.__version__, "results": out}, indent=0, end="\n")


if __name__ == "__main__":
    main()
